//! Embeds the official card files and deck files into the binary, so `riftbound sim` runs on a
//! fresh clone with no paths to configure. Mods are still loaded at run time with `--cards DIR`.

use std::fs;
use std::path::{Path, PathBuf};

/// Every file under `dir` whose extension is one of `exts`.
fn collect(dir: &Path, exts: &[&str], out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            collect(&p, exts, out);
        } else if p.extension().is_some_and(|x| exts.iter().any(|e| x == *e)) {
            out.push(p);
        }
    }
}

fn list(root: &Path, sub: &str, exts: &[&str]) -> String {
    let mut files = Vec::new();
    collect(&root.join(sub), exts, &mut files);
    files.sort();
    let mut s = String::new();
    for f in files {
        let rel = f.strip_prefix(root).unwrap().to_string_lossy().replace('\\', "/");
        s.push_str(&format!("    ({rel:?}, include_str!(concat!(env!(\"CARGO_MANIFEST_DIR\"), \"/{rel}\"))),\n"));
    }
    s
}

/// FNV-1a over every file under `dirs` (path and contents, in sorted order): a key that changes
/// whenever a card file, the grammar or the compiler does, for the compiled-card cache.
fn source_hash(root: &Path, dirs: &[&str]) -> u64 {
    let mut files = Vec::new();
    for d in dirs {
        let p = root.join(d);
        if p.is_file() { files.push(p) } else { collect_all(&p, &mut files) }
    }
    files.sort();
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for f in files {
        let rel = f.strip_prefix(root).unwrap().to_string_lossy().replace('\\', "/");
        for b in rel.bytes().chain([0]).chain(fs::read(&f).unwrap_or_default()).chain([0]) {
            h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    }
    h
}

fn collect_all(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() { collect_all(&p, out) } else { out.push(p) }
    }
}

fn main() {
    let root = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap());
    let out = PathBuf::from(std::env::var("OUT_DIR").unwrap()).join("embedded_files.rs");
    let code = format!(
        "/// Official card files, as (path, contents).\npub static CARD_FILES: &[(&str, &str)] = &[\n{}];\n\
         /// Deck files, as (path, contents).\npub static DECK_FILES: &[(&str, &str)] = &[\n{}];\n\
         /// A hash of the card files, the grammar and the source: the compiled-card cache's key.\n\
         pub const SOURCE_HASH: u64 = {:#018x};\n",
        list(&root, "cards", &["toml"]),
        list(&root, "decks", &["toml"]),
        source_hash(&root, &["cards", "grammar", "src", "Cargo.toml", "Cargo.lock"])
    );
    fs::write(out, code).unwrap();
    // Flesh and Blood's card and deck files (`.fab`, `.deck`) and the Blitz legality lists
    // (`.legality`), for `src/fab/embedded.rs`.
    let fab = format!(
        "/// Flesh and Blood card and deck files under `cards/fab`, as (path, contents).\n\
         pub static FAB_FILES: &[(&str, &str)] = &[\n{}];\n",
        list(&root, "cards/fab", &["fab", "deck", "legality"])
    );
    fs::write(PathBuf::from(std::env::var("OUT_DIR").unwrap()).join("fab_files.rs"), fab).unwrap();
    println!("cargo:rerun-if-changed=cards");
    println!("cargo:rerun-if-changed=decks");
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=grammar");
    println!("cargo:rerun-if-changed=src");
    println!("cargo:rerun-if-changed=Cargo.toml");
    println!("cargo:rerun-if-changed=Cargo.lock");
}
