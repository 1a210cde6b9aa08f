use clap::Parser;

fn main() {
    let cli = riftbound::cli::Cli::parse();
    std::process::exit(riftbound::cli::run(cli));
}
