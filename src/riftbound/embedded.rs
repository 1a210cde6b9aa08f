//! The card and deck files compiled into the binary (see `build.rs`).

include!(concat!(env!("OUT_DIR"), "/embedded_files.rs"));
