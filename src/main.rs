use clap::Parser;

/// mimalloc: the games allocate small short-lived vectors on every step; glibc's malloc and
/// free cost about a tenth of a game's instructions (docs/performance.md).
#[global_allocator]
static ALLOC: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    let cli = riftbound::cli::Cli::parse();
    std::process::exit(riftbound::cli::run(cli));
}
