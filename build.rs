//! Embeds the official card files and deck files into the binary, so `riftbound sim` runs on a
//! fresh clone with no paths to configure. Mods are still loaded at run time with `--cards DIR`.

use std::fs;
use std::path::{Path, PathBuf};

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            collect(&p, out);
        } else if p.extension().is_some_and(|x| x == "toml") {
            out.push(p);
        }
    }
}

fn list(root: &Path, sub: &str) -> String {
    let mut files = Vec::new();
    collect(&root.join(sub), &mut files);
    files.sort();
    let mut s = String::new();
    for f in files {
        let rel = f.strip_prefix(root).unwrap().to_string_lossy().replace('\\', "/");
        s.push_str(&format!("    ({rel:?}, include_str!(concat!(env!(\"CARGO_MANIFEST_DIR\"), \"/{rel}\"))),\n"));
    }
    s
}

fn main() {
    let root = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap());
    let out = PathBuf::from(std::env::var("OUT_DIR").unwrap()).join("embedded_files.rs");
    let code = format!(
        "/// Official card files, as (path, contents).\npub static CARD_FILES: &[(&str, &str)] = &[\n{}];\n\
         /// Deck files, as (path, contents).\npub static DECK_FILES: &[(&str, &str)] = &[\n{}];\n",
        list(&root, "cards"),
        list(&root, "decks")
    );
    fs::write(out, code).unwrap();
    println!("cargo:rerun-if-changed=cards");
    println!("cargo:rerun-if-changed=decks");
    println!("cargo:rerun-if-changed=build.rs");
}
