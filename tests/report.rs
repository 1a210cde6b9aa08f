//! `--report FILE` (issue 17): the HTML report renders in headless Chromium with no console
//! error and shows its plots: the matchup matrix, each deck's cards, the game lengths, and a
//! comparison's differences. Chromium comes from the project's setup (`.ci/run` installs Debian's
//! `chromium`); where none can be found the test says so and checks the page's text only.

use std::path::{Path, PathBuf};
use std::process::Command;

fn riftbound(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_riftbound")).args(args).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout).into()
}

fn chromium() -> Option<PathBuf> {
    let named = std::env::var_os("RIFTBOUND_CHROMIUM").map(PathBuf::from);
    let known = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"].map(PathBuf::from);
    named.into_iter().chain(known).find(|p| p.exists())
}

/// Loads `page` in headless Chromium; returns the DOM after its scripts ran, and the console
/// messages Chromium logged.
fn render(browser: &Path, page: &Path) -> (String, Vec<String>) {
    let profile = page.with_extension("profile");
    let _ = std::fs::remove_dir_all(&profile);
    let out = Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--enable-logging=stderr",
            "--v=0",
            "--dump-dom",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .arg(format!("file://{}", page.display()))
        .output()
        .unwrap();
    let _ = std::fs::remove_dir_all(&profile);
    let console =
        String::from_utf8_lossy(&out.stderr).lines().filter(|l| l.contains("CONSOLE")).map(String::from).collect();
    (String::from_utf8_lossy(&out.stdout).into(), console)
}

fn check(page: &Path, ids: &[&str], plots: usize) {
    let html = std::fs::read_to_string(page).unwrap();
    // Self-contained: nothing loaded from elsewhere (the SVG namespace is a name, not a fetch).
    assert!(html.starts_with("<!doctype html>") && !html.contains(" src=") && !html.contains("href="));
    for id in ids {
        assert!(html.contains(&format!("<figure id=\"{id}\"><svg")), "{id} in {}", page.display());
    }
    let Some(browser) = chromium() else {
        eprintln!(
            "skipped rendering {}: no Chromium found (apt-get install chromium, as .ci/run does)",
            page.display()
        );
        return;
    };
    let (dom, console) = render(&browser, page);
    assert!(console.is_empty(), "console messages: {console:?}");
    assert!(
        dom.contains(&format!("data-plots=\"{plots}\"")),
        "the page's script counted its plots:\n{}",
        &dom[..dom.len().min(400)]
    );
}

#[test]
fn sim_report_renders_the_matrix_cards_and_lengths() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"));
    let page = dir.join("sim-report.html");
    riftbound(&["sim", "--games", "24", "--decks", "jinx,viktor,vi", "--report", page.to_str().unwrap()]);
    let html = std::fs::read_to_string(&page).unwrap();
    // Three decks: a 3x3 matrix, one card chart per deck, one histogram.
    assert!(html.matches("<rect").count() >= 9);
    check(&page, &["matchup-matrix", "cards-0", "cards-1", "cards-2", "game-lengths"], 5);
}

#[test]
fn compare_report_renders_the_differences() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"));
    let page = dir.join("compare-report.html");
    riftbound(&[
        "compare",
        "--cards",
        "examples/my-mod/",
        "--decks",
        "jinx,viktor",
        "--games",
        "12",
        "--report",
        page.to_str().unwrap(),
    ]);
    check(&page, &["deck-deltas", "card-deltas"], 2);
    assert!(std::fs::read_to_string(&page).unwrap().contains("no difference is larger than the noise"));
}
