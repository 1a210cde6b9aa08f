//! The layers of `src/` (see `src/README.md`): each folder names only the folders below it, so
//! there is no import cycle between them.
//!
//! ```text
//! cli -> scenario -> dsl -> riftbound -> kernel
//!    \-> agents ------------^         fab --^
//! ```
//!
//! `cli` also names `fab` (for `--game fab`). The two games, `riftbound` and `fab` (Flesh and
//! Blood), share only the kernel: neither names the other.
//!
//! The check reads the source: every `crate::x`, `use crate::{x, ...}` and `super::...::x` that
//! reaches the crate root names a top-level module; comments are not code and do not count.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// Each layer and the top-level modules its files may name (besides itself).
const LAYERS: &[(&str, &[&str])] = &[
    ("kernel", &[]),
    ("riftbound", &["kernel"]),
    ("fab", &["kernel"]),
    ("dsl", &["riftbound", "kernel"]),
    ("agents", &["riftbound", "kernel"]),
    ("scenario", &["dsl", "riftbound", "kernel"]),
    ("cli", &["scenario", "agents", "dsl", "riftbound", "fab", "kernel"]),
];

/// The top-level modules `src/lib.rs` declares.
fn top_modules(root: &Path) -> BTreeSet<String> {
    let lib = std::fs::read_to_string(root.join("lib.rs")).expect("src/lib.rs");
    lib.lines()
        .filter_map(|l| l.trim().strip_prefix("pub mod").or_else(|| l.trim().strip_prefix("mod")))
        .map(|m| m.trim().trim_end_matches(';').trim().to_string())
        .collect()
}

/// The code of a source file without its comments (line, doc and block comments) and with its
/// strings and character literals emptied; newlines are kept, so line numbers stay right.
fn strip_comments(src: &str) -> String {
    let chars: Vec<char> = src.chars().collect();
    let mut out = String::with_capacity(src.len());
    let mut i = 0;
    let at = |i: usize| chars.get(i).copied();
    while i < chars.len() {
        let c = chars[i];
        if c == '/' && at(i + 1) == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && at(i + 1) == Some('*') {
            let mut depth = 0;
            while i < chars.len() {
                if chars[i] == '/' && at(i + 1) == Some('*') {
                    depth += 1;
                    i += 2;
                } else if chars[i] == '*' && at(i + 1) == Some('/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    if chars[i] == '\n' {
                        out.push('\n');
                    }
                    i += 1;
                }
            }
        } else if c == 'r' && (at(i + 1) == Some('"') || at(i + 1) == Some('#')) && !ident_before(&chars, i) {
            // A raw string: r"..." or r#"..."#.
            let mut j = i + 1;
            let mut hashes = 0;
            while at(j) == Some('#') {
                hashes += 1;
                j += 1;
            }
            if at(j) != Some('"') {
                out.push(c);
                i += 1;
                continue;
            }
            j += 1;
            let close: Vec<char> = std::iter::once('"').chain(std::iter::repeat_n('#', hashes)).collect();
            while j < chars.len() && !chars[j..].starts_with(&close) {
                if chars[j] == '\n' {
                    out.push('\n');
                }
                j += 1;
            }
            out.push_str("\"\"");
            i = j + close.len();
        } else if c == '"' {
            let mut j = i + 1;
            while j < chars.len() && chars[j] != '"' {
                if chars[j] == '\\' {
                    j += 1;
                } else if chars[j] == '\n' {
                    out.push('\n');
                }
                j += 1;
            }
            out.push_str("\"\"");
            i = j + 1;
        } else if c == '\'' && at(i + 1) == Some('\\') {
            // An escaped character literal: '\n', '\'', '\u{2019}'.
            let mut j = i + 2;
            while j < chars.len() && chars[j] != '\'' {
                j += 1;
            }
            out.push_str("' '");
            i = j + 1;
        } else if c == '\'' && at(i + 2) == Some('\'') {
            out.push_str("' '");
            i += 3;
        } else {
            // Code (and lifetimes, which are not character literals).
            out.push(c);
            i += 1;
        }
    }
    out
}

fn ident_before(chars: &[char], i: usize) -> bool {
    i > 0 && (chars[i - 1].is_alphanumeric() || chars[i - 1] == '_')
}

/// The module path of a file under `src/`: `riftbound/abilities/effect.rs` is
/// `[riftbound, abilities, effect]`, a `mod.rs` is its folder's module.
fn module_path(rel: &Path) -> Vec<String> {
    let mut parts: Vec<String> = rel.iter().map(|p| p.to_string_lossy().into_owned()).collect();
    if let Some(last) = parts.pop() {
        let stem = last.trim_end_matches(".rs");
        if stem != "mod" {
            parts.push(stem.to_string());
        }
    }
    parts
}

/// A token of stripped code: an identifier, `::`, or one other character; with its line.
fn tokens(code: &str) -> Vec<(usize, String)> {
    let chars: Vec<char> = code.chars().collect();
    let (mut out, mut line, mut i) = (Vec::new(), 1, 0);
    while i < chars.len() {
        let c = chars[i];
        if c == '\n' {
            line += 1;
            i += 1;
        } else if c.is_whitespace() {
            i += 1;
        } else if c.is_alphanumeric() || c == '_' {
            let start = i;
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            out.push((line, chars[start..i].iter().collect()));
        } else if c == ':' && chars.get(i + 1) == Some(&':') {
            out.push((line, "::".to_string()));
            i += 2;
        } else {
            out.push((line, c.to_string()));
            i += 1;
        }
    }
    out
}

/// The first segment after the root of every path in `code` that reaches the crate root, with
/// its line: `crate::x`, each item of `crate::{x, y::z}`, and `super::` chains at least as long
/// as the file's module path (`super::super::x` from `riftbound/cards.rs`).
fn root_names(code: &str, depth: usize) -> Vec<(usize, String)> {
    let t = tokens(code);
    let is = |i: usize, s: &str| t.get(i).is_some_and(|(_, x)| x == s);
    let mut found = Vec::new();
    let mut i = 0;
    while i < t.len() {
        let start = if is(i, "crate") && is(i + 1, "::") {
            Some(i + 2)
        } else if is(i, "super") {
            let mut j = i;
            let mut count = 0;
            while is(j, "super") && is(j + 1, "::") {
                j += 2;
                count += 1;
            }
            if count == 0 {
                None
            } else if depth > 0 && count >= depth {
                Some(j)
            } else {
                i = j;
                continue;
            }
        } else {
            None
        };
        let Some(j) = start else {
            i += 1;
            continue;
        };
        if is(j, "{") {
            // A group: the first segment of each item at its top level.
            let (mut k, mut level, mut item_start) = (j + 1, 1, true);
            while k < t.len() && level > 0 {
                match t[k].1.as_str() {
                    "{" => level += 1,
                    "}" => level -= 1,
                    "," if level == 1 => {
                        item_start = true;
                        k += 1;
                        continue;
                    }
                    name if item_start && level == 1 => found.push((t[k].0, name.to_string())),
                    _ => {}
                }
                item_start = false;
                k += 1;
            }
            i = k;
        } else {
            if let Some((line, name)) = t.get(j) {
                found.push((*line, name.clone()));
            }
            i = j + 1;
        }
    }
    found
}

/// The names a file under `src/` may not use, by its layer; `None` for files outside the layers.
fn forbidden_in(rel: &Path, modules: &BTreeSet<String>) -> Option<BTreeSet<String>> {
    let layer = rel.iter().next()?.to_string_lossy().into_owned();
    if rel.components().count() == 1 {
        return None;
    }
    let allowed = LAYERS.iter().find(|(l, _)| *l == layer).map(|(_, a)| *a)?;
    Some(modules.iter().filter(|m| **m != layer && !allowed.contains(&m.as_str())).cloned().collect())
}

/// Every import of `src` (as the file `rel` under `src/`) that its layer forbids, as
/// `file:line: crate::name`.
fn violations(rel: &Path, src: &str, modules: &BTreeSet<String>) -> Vec<String> {
    let Some(forbidden) = forbidden_in(rel, modules) else {
        return Vec::new();
    };
    let depth = module_path(rel).len();
    root_names(&strip_comments(src), depth)
        .into_iter()
        .filter(|(_, name)| forbidden.contains(name))
        .map(|(line, name)| format!("src/{}:{line}: names `{name}`", rel.display()))
        .collect()
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap().flatten() {
        let p = e.path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

fn src_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// The two games share the kernel and nothing else: neither may name the other, and the kernel
/// names neither.
#[test]
fn the_games_do_not_name_each_other() {
    let allowed = |layer: &str| LAYERS.iter().find(|(l, _)| *l == layer).map(|(_, a)| *a).expect(layer);
    assert_eq!(allowed("fab"), &["kernel"], "fab names only the kernel");
    assert!(!allowed("riftbound").contains(&"fab"), "riftbound may not name fab");
    assert!(allowed("kernel").is_empty(), "the kernel names no game");
    let modules: BTreeSet<String> =
        ["agents", "cli", "dsl", "fab", "kernel", "riftbound", "scenario"].iter().map(|s| s.to_string()).collect();
    let check = |file: &str, src: &str| violations(Path::new(file), src, &modules);
    assert_eq!(check("fab/combat.rs", "use crate::riftbound::Game;"), ["src/fab/combat.rs:1: names `riftbound`"]);
    assert_eq!(check("riftbound/flow.rs", "use crate::fab::Game;"), ["src/riftbound/flow.rs:1: names `fab`"]);
    assert_eq!(check("kernel/chain.rs", "use crate::fab::Game;"), ["src/kernel/chain.rs:1: names `fab`"]);
    assert_eq!(check("fab/state.rs", "use super::super::riftbound::Obj;"), ["src/fab/state.rs:1: names `riftbound`"]);
    assert!(check("fab/state.rs", "use crate::kernel::{Chain, ObjId}; use super::zones::Zone;").is_empty());
}

#[test]
fn every_folder_of_src_is_a_layer() {
    let root = src_root();
    let modules = top_modules(&root);
    for m in &modules {
        assert!(LAYERS.iter().any(|(l, _)| l == m), "src/{m} is in no layer: add it to LAYERS and src/README.md");
    }
    for e in std::fs::read_dir(&root).unwrap().flatten() {
        if e.path().is_dir() {
            let name = e.file_name().to_string_lossy().into_owned();
            assert!(modules.contains(&name), "src/{name}/ is not a module of src/lib.rs");
        }
    }
}

#[test]
fn layers_import_only_the_layers_below() {
    let root = src_root();
    let modules = top_modules(&root);
    let mut files = Vec::new();
    rust_files(&root, &mut files);
    files.sort();
    let mut bad = Vec::new();
    for f in &files {
        let rel = f.strip_prefix(&root).unwrap();
        bad.extend(violations(rel, &std::fs::read_to_string(f).unwrap(), &modules));
    }
    assert!(files.len() > 40, "read the source tree ({} files)", files.len());
    assert!(bad.is_empty(), "imports against the layering (src/README.md):\n{}", bad.join("\n"));
}

/// The detector finds what it should (and so the test above can fail).
#[test]
fn the_detector_flags_imports_against_the_layering() {
    let modules: BTreeSet<String> =
        ["agents", "cli", "dsl", "kernel", "riftbound", "scenario"].iter().map(|s| s.to_string()).collect();
    let check = |file: &str, src: &str| violations(Path::new(file), src, &modules);
    assert_eq!(check("riftbound/cards.rs", "use crate::dsl::compile;\n"), ["src/riftbound/cards.rs:1: names `dsl`"]);
    assert_eq!(check("riftbound/cards.rs", "let x = crate :: cli::run();"), ["src/riftbound/cards.rs:1: names `cli`"]);
    assert_eq!(
        check("kernel/ids.rs", "\nuse crate::{\n    kernel::ObjId, riftbound::Game};"),
        ["src/kernel/ids.rs:3: names `riftbound`"]
    );
    assert_eq!(
        check("riftbound/state.rs", "use crate::{kernel::{ObjId, PlayerId}, scenario, agents::Random};"),
        ["src/riftbound/state.rs:1: names `scenario`", "src/riftbound/state.rs:1: names `agents`"]
    );
    assert_eq!(
        check("riftbound/abilities/effect.rs", "use super::super::super::dsl::parse;"),
        ["src/riftbound/abilities/effect.rs:1: names `dsl`"]
    );
    assert_eq!(check("riftbound/cards.rs", "use super::super::dsl::parse;"), ["src/riftbound/cards.rs:1: names `dsl`"]);
    assert_eq!(
        check("riftbound/abilities/mod.rs", "use super::super::{dsl, kernel};"),
        ["src/riftbound/abilities/mod.rs:1: names `dsl`"]
    );
    assert_eq!(check("dsl/compile.rs", "crate::cli::main();"), ["src/dsl/compile.rs:1: names `cli`"]);
    // Allowed: lower layers, the layer's own modules, comments, strings, and `super` within a layer.
    assert!(check("riftbound/cards.rs", "use crate::kernel::Diagnostic; use super::state::Game;").is_empty());
    assert!(check("riftbound/abilities/effect.rs", "use super::super::layers::Keyword;").is_empty());
    assert!(
        check("riftbound/cards.rs", "/// see `crate::dsl`\n// crate::cli\n/* crate::scenario */ let a = 1;").is_empty()
    );
    assert!(check("riftbound/cards.rs", "let s = \"crate::dsl\"; let r = r#\"crate::cli\"#;").is_empty());
    assert!(
        check("riftbound/cards.rs", "if c == '\"' { crate::kernel::f() } let s = \"x\"; crate::dsl::g();").len() == 1
    );
    assert!(check("dsl/load.rs", "use crate::riftbound::cards::CardDb;").is_empty());
    assert!(check("cli/mod.rs", "use crate::{scenario, agents, dsl};").is_empty());
    assert!(check("lib.rs", "pub mod dsl;").is_empty());
}
