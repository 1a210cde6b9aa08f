//! The Flesh and Blood card and deck files compiled into the binary (see `build.rs`), so a fresh
//! clone plays with no paths to configure.

include!(concat!(env!("OUT_DIR"), "/fab_files.rs"));
