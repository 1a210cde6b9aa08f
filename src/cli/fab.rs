//! The command line's Flesh and Blood side: `sim --game fab`, `trace-game --game fab`,
//! `check cards/fab` and `decks --game fab`, on the embedded decks (`cards/fab/decks`).

use crate::fab::deck::{self, Deck, Pool};
use crate::fab::{Game, agent};
use crate::kernel::{Ending, GameOutcome, PlayerId};
use rayon::prelude::*;
use std::time::Instant;

/// What a FaB run is: the decks, one agent name per seat, the seed and the caps.
pub struct FabPlan {
    pub decks: [Deck; 2],
    pub agents: [String; 2],
    pub seed: u64,
    pub turn_cap: u32,
    pub step_cap: u32,
}

impl FabPlan {
    /// Checks the decks (default: Rhinar and Dorinthea) and agents (`random`, `greedy`).
    pub fn new(
        decks: &[String],
        agents: &[String],
        seed: u64,
        turn_cap: u32,
        step_cap: u32,
    ) -> Result<FabPlan, String> {
        let pool = Pool::embedded()?;
        let mut all = deck::embedded(&pool);
        let keys: Vec<String> =
            if decks.is_empty() { vec!["rhinar".into(), "dorinthea".into()] } else { decks.to_vec() };
        if keys.len() != 2 {
            return Err(format!("a Flesh and Blood game takes two decks, got {}", keys.len()));
        }
        let mut pick = |k: &str| -> Result<Deck, String> {
            let i = all.iter().position(|(key, _)| key == k).ok_or_else(|| {
                let names: Vec<_> = all.iter().map(|(k, _)| k.as_str()).collect();
                format!("no Flesh and Blood deck {k:?} (there is: {})", names.join(", "))
            })?;
            let d = all[i].1.clone()?;
            let problems = d.blitz_problems(&pool);
            if !problems.is_empty() {
                return Err(problems.join("\n"));
            }
            all[i].1 = Ok(d.clone());
            Ok(d)
        };
        let decks = [pick(&keys[0])?, pick(&keys[1])?];
        let names: Vec<String> = match agents {
            [one] => vec![one.clone(), one.clone()],
            [a, b] => vec![a.clone(), b.clone()],
            _ => return Err(format!("--agents takes one name or two, got {}", agents.len())),
        };
        for n in &names {
            if agent::by_name(n, 0).is_none() {
                return Err(format!("unknown Flesh and Blood agent {n:?} (random, greedy)"));
            }
        }
        Ok(FabPlan { decks, agents: [names[0].clone(), names[1].clone()], seed, turn_cap, step_cap })
    }

    /// Game `i`, in rounds of four from one seed (derived from the run's seed and `i / 4`): the
    /// decks swap seats every other game and, with two different agents, the agents swap decks
    /// every two games, so each agent plays each deck from each seat on the same shuffles.
    /// Returns the deck and the agent of each seat, and the seed.
    fn seating(&self, i: u64) -> ([usize; 2], [usize; 2], u64) {
        let seed = crate::kernel::rng::derive_seed(self.seed, i / 4);
        let seats = if i % 2 == 0 { [0, 1] } else { [1, 0] };
        let swap_agents = self.agents[0] != self.agents[1] && i / 2 % 2 == 1;
        (seats, seats.map(|d| if swap_agents { 1 - d } else { d }), seed)
    }

    /// Plays game `i` to its end, or to the turn cap, or until one turn takes more than the step
    /// cap (stalled).
    pub fn play(&self, i: u64, trace: bool) -> Played {
        let (seats, agents, seed) = self.seating(i);
        let loadouts = seats.map(|d| self.decks[d].loadout.clone());
        let mut g = match Game::new(loadouts, seed) {
            Ok(g) => g,
            Err(e) => return Played { seats, agents, seed, turns: 0, result: Err(format!("{e:?}")), trace: None },
        };
        g.trace.on = trace;
        g.turn_cap = self.turn_cap;
        g.agents =
            agents.iter().enumerate().map(|(s, &a)| agent::by_name(&self.agents[a], seed ^ (s as u64 + 1))).collect();
        let (mut turn, mut steps) = (g.turn, 0u32);
        let result = loop {
            match g.step() {
                Ok(true) => break Ok(g.outcome.clone().expect("over")),
                Ok(false) => {}
                Err(e) => break Err(format!("the game stopped in turn {}: {e:?}", g.turn)),
            }
            if g.turn != turn {
                (turn, steps) = (g.turn, 0);
            }
            steps += 1;
            if steps > self.step_cap {
                break Ok(Ending::Stalled { turn: g.turn });
            }
        };
        Played { seats, agents, seed, turns: g.turn, result, trace: trace.then(|| g.trace.render()) }
    }
}

/// One game played: which deck and agent sat where, its seed, turns and how it ended.
pub struct Played {
    pub seats: [usize; 2],
    pub agents: [usize; 2],
    pub seed: u64,
    pub turns: u32,
    pub result: Result<Ending, String>,
    pub trace: Option<String>,
}

/// A FaB run's results.
#[derive(Debug, Default, serde::Serialize)]
pub struct FabReport {
    pub game: &'static str,
    pub decks: Vec<String>,
    pub agents: Vec<String>,
    pub seed: u64,
    pub games: u64,
    /// Wins per deck, in the order of `decks`.
    pub wins: Vec<u64>,
    /// Wins per agent, in the order of `agents` (with one agent for both seats, its two seats).
    pub agent_wins: Vec<u64>,
    /// 3.2: both heroes at zero life at once; a dead position (docs/fab-rulings.md).
    pub draws: u64,
    pub turn_capped: Vec<u64>,
    pub stalled: Vec<u64>,
    /// Games stopped by an error, with the message.
    pub errors: Vec<(u64, String)>,
    pub average_turns: f64,
    pub seconds: f64,
    pub games_per_second: f64,
}

/// Plays `games` games on `threads` threads; each game depends only on the plan and its index.
pub fn simulate(plan: &FabPlan, games: u64, threads: usize) -> Result<FabReport, String> {
    let start = Instant::now();
    let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().map_err(|e| e.to_string())?;
    let played: Vec<Played> = pool.install(|| (0..games).into_par_iter().map(|i| plan.play(i, false)).collect());
    let mut r = FabReport {
        game: "fab",
        decks: plan.decks.iter().map(|d| d.loadout.hero.name.clone()).collect(),
        agents: plan.agents.to_vec(),
        seed: plan.seed,
        games,
        wins: vec![0, 0],
        agent_wins: vec![0, 0],
        ..FabReport::default()
    };
    let mut turns = 0u64;
    for (i, p) in played.iter().enumerate() {
        let i = i as u64;
        turns += u64::from(p.turns);
        match &p.result {
            Ok(Ending::TurnCap) => r.turn_capped.push(i),
            Ok(Ending::Stalled { .. }) => r.stalled.push(i),
            Ok(o) if o.is_draw() => r.draws += 1,
            Ok(o) => {
                let w = o.winner().expect("a win");
                r.wins[p.seats[w.index()]] += 1;
                r.agent_wins[p.agents[w.index()]] += 1;
            }
            Err(e) => r.errors.push((i, e.clone())),
        }
    }
    r.average_turns = turns as f64 / games.max(1) as f64;
    r.seconds = start.elapsed().as_secs_f64();
    r.games_per_second = games as f64 / r.seconds.max(1e-9);
    Ok(r)
}

/// The report as text.
pub fn render(r: &FabReport) -> String {
    let mut s = format!(
        "Flesh and Blood (Blitz): {} vs {}, agents {} vs {}, seed {}\n",
        r.decks[0], r.decks[1], r.agents[0], r.agents[1], r.seed
    );
    for (d, w) in r.decks.iter().zip(&r.wins) {
        s += &format!("  {d}: {w} wins ({:.1}%)\n", 100.0 * *w as f64 / r.games.max(1) as f64);
    }
    if r.agents[0] != r.agents[1] {
        for (a, w) in r.agents.iter().zip(&r.agent_wins) {
            s += &format!("  agent {a}: {w} wins ({:.1}%)\n", 100.0 * *w as f64 / r.games.max(1) as f64);
        }
    }
    s += &format!("  draws (3.2, or a dead position: docs/fab-rulings.md): {}\n", r.draws);
    s += &format!(
        "  turn-capped: {}\n  stalled: {}\n  errors: {}\n",
        r.turn_capped.len(),
        r.stalled.len(),
        r.errors.len()
    );
    for (i, e) in &r.errors {
        s += &format!("    game {i}: {e}\n");
    }
    for (what, list) in [("turn-capped", &r.turn_capped), ("stalled", &r.stalled)] {
        if !list.is_empty() {
            let l: Vec<String> = list.iter().take(20).map(u64::to_string).collect();
            s += &format!("  {what} games: {} (`trace-game --game fab --game N` traces one)\n", l.join(", "));
        }
    }
    s += &format!(
        "  {} games, {:.1} turns on average, {:.2}s, {:.0} games/s\n",
        r.games, r.average_turns, r.seconds, r.games_per_second
    );
    s
}

/// One game's whole trace, then its outcome; an error when it stopped.
pub fn trace_game(plan: &FabPlan, i: u64) -> (String, Result<String, String>) {
    let p = plan.play(i, true);
    let hero = |s: usize| plan.decks[p.seats[s]].loadout.hero.name.clone();
    let mut out =
        format!("game {i} (seed {}): {} is {}, {} is {}\n", p.seed, PlayerId(0), hero(0), PlayerId(1), hero(1));
    out += &p.trace.unwrap_or_default();
    let end = p.result.map(|o| format!("outcome: {o:?} after {} turns", p.turns));
    (out, end)
}

/// `check` of `.fab` files: each card compiled or its error; (lines, compiled, total).
pub fn check(paths: &[std::path::PathBuf]) -> (Vec<String>, usize, usize) {
    let mut lines = Vec::new();
    let (mut ok, mut total) = (0, 0);
    for path in paths {
        let files = if path.is_dir() {
            crate::fab::text::load_dir(path)
        } else {
            let src = crate::kernel::files::read_text(path).map_err(|e| format!("{}: {e}", path.display()));
            vec![(path.clone(), src.and_then(|s| crate::fab::text::parse_card(&path.display().to_string(), &s)))]
        };
        for (f, c) in files {
            total += 1;
            match c {
                Ok(c) => {
                    ok += 1;
                    lines.push(format!("ok {}: {}", f.display(), c.name));
                }
                Err(e) => lines.push(format!("error: {e}")),
            }
        }
    }
    (lines, ok, total)
}

/// Whether a path holds Flesh and Blood card files (a `.fab` file, or a folder with one).
pub fn is_fab_path(path: &std::path::Path) -> bool {
    path.extension().is_some_and(|x| x == "fab") || (path.is_dir() && !crate::fab::text::load_dir(path).is_empty())
}

/// Runs one FaB scenario file and prints PASS or FAIL with each failed check; whether it passed.
pub fn scenario(path: &std::path::Path) -> bool {
    let name = path.display().to_string();
    let run = std::fs::read_to_string(path)
        .map_err(|e| format!("{name}: {e}"))
        .and_then(|src| crate::fab::scenario::run(&name, &src, &Pool::embedded()?));
    match run {
        Ok(r) if r.failures.is_empty() => {
            outln!("PASS {name}");
            true
        }
        Ok(r) => {
            outln!("FAIL {name}");
            for f in &r.failures {
                outln!("  {f}");
            }
            false
        }
        Err(e) => {
            outln!("FAIL {name}\n  {e}");
            false
        }
    }
}

/// `decks --game fab`: each embedded deck, its hero and its Blitz legality.
pub fn decks() -> Result<Vec<String>, String> {
    let pool = Pool::embedded()?;
    Ok(deck::embedded(&pool)
        .into_iter()
        .map(|(key, d)| match d {
            Err(e) => format!("{key}: not readable: {e}"),
            Ok(d) => {
                let problems = d.blitz_problems(&pool);
                let status = if problems.is_empty() {
                    "legal for Blitz (4.1.3)".to_string()
                } else {
                    format!("not legal: {}", problems.join("; "))
                };
                let blank = if d.blank.is_empty() {
                    String::new()
                } else {
                    format!("; {} card(s) whose text does not compile yet play with printed values only", d.blank.len())
                };
                format!("{key}: {} ({} cards) — {status}{blank}", d.loadout.hero.name, d.loadout.deck.len())
            }
        })
        .collect())
}

/// `coverage --game fab`: which numbered rules of the v1.4 text the Flesh and Blood tests and
/// passing scenarios cite. A unit test (after `#[cfg(test)]` in `src/fab/*.rs`) or a test of
/// `tests/fab_*.rs` cites a rule in its name (`r20_4_4d_...`), its comments or its assertion
/// messages; a scenario of `tests/scenarios/fab` in its `rules` list or its `# RULE:` lines. A
/// rule counts as covered when it or one of its sub-rules is cited (`20.4.4d` covers `20.4.4`
/// and `20.4`). No reasons file: the report has no `reasons` or `problems`.
/// The rules a test file's source cites: in test names, and in the comments and assertion
/// messages of its lines (numbers of the v1.4 text only). `tests_only`: the part after
/// `#[cfg(test)]` (a module's own rules cited in its code are not tests).
fn test_citations(src: &str, tests_only: bool, out: &mut std::collections::BTreeSet<String>) {
    use crate::fab::rule_numbers::{citations, known};
    let from = if tests_only { src.find("#[cfg(test)]").map_or(src.len(), |i| i) } else { 0 };
    for line in src[from..].lines() {
        let t = line.trim_start();
        out.extend(citations(t).into_iter().filter(|n| known(n)));
        if let Some(name) = t.strip_prefix("fn ").and_then(|r| r.split('(').next())
            && let Some(rest) = name.strip_prefix('r')
        {
            // r20_4_4d_when_... -> 20.4.4d: the leading run of numbers (a letter may end one).
            let parts: Vec<&str> = rest.split('_').collect();
            let mut n = 0;
            while n < parts.len() && parts[n].chars().next().is_some_and(|c| c.is_ascii_digit()) {
                n += 1;
            }
            let rule = parts[..n].join(".");
            if known(&rule) {
                out.insert(rule);
            }
        }
    }
}

/// Computes [`FabCoverage`] from the project at `root`.
pub fn coverage(root: &std::path::Path) -> Result<super::coverage::Coverage, String> {
    use crate::fab::rule_numbers::RULE_NUMBERS;
    let read = |p: &std::path::Path| std::fs::read_to_string(p).map_err(|e| format!("{}: {e}", p.display()));
    let list = |d: &std::path::Path| -> Result<Vec<std::path::PathBuf>, String> {
        let mut v: Vec<_> = std::fs::read_dir(d)
            .map_err(|e| format!("{}: {e} (run from the project directory)", d.display()))?
            .flatten()
            .map(|e| e.path())
            .collect();
        v.sort();
        Ok(v)
    };
    let mut cited = std::collections::BTreeSet::new();
    for p in list(&root.join("src/fab"))?.iter().filter(|p| p.extension().is_some_and(|x| x == "rs")) {
        test_citations(&read(p)?, true, &mut cited);
    }
    let tests = root.join("tests");
    for p in list(&tests)? {
        let name = p.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        if name.starts_with("fab_") && name.ends_with(".rs") {
            test_citations(&read(&p)?, false, &mut cited);
        }
    }
    let pool = Pool::embedded()?;
    #[derive(serde::Deserialize)]
    struct Rules {
        rules: Vec<String>,
    }
    for p in list(&tests.join("scenarios/fab"))?.iter().filter(|p| p.extension().is_some_and(|x| x == "toml")) {
        let (name, src) = (p.display().to_string(), read(p)?);
        let passed = crate::fab::scenario::run(&name, &src, &pool).is_ok_and(|r| r.failures.is_empty());
        if passed && let Ok(r) = toml::from_str::<Rules>(&src) {
            cited.extend(r.rules);
            test_citations(&src, false, &mut cited);
        }
    }
    let rules: Vec<String> = RULE_NUMBERS.lines().map(String::from).collect();
    let covers = |rule: &str, c: &str| {
        c == rule
            || c.strip_prefix(rule).is_some_and(|rest| {
                rest.starts_with('.') || rest.chars().next().is_some_and(|x| x.is_ascii_lowercase())
            })
    };
    let (covered, uncovered) = rules.iter().cloned().partition(|r| cited.iter().any(|c| covers(r, c)));
    Ok(super::coverage::Coverage { rules, covered, uncovered, reasons: Default::default(), problems: Vec::new() })
}

/// The report as Markdown (docs/fab-rules-coverage.md).
pub fn coverage_markdown(c: &super::coverage::Coverage) -> String {
    let mut out = String::from("# Flesh and Blood rules coverage\n\n");
    out.push_str("Made by `cargo run -- coverage --game fab --markdown > docs/fab-rules-coverage.md`. A numbered\n");
    out.push_str("rule of the Comprehensive Rules v1.4 is covered when a Flesh and Blood test cites it (in its\n");
    out.push_str("name, comments or assertion messages) or a passing scenario of `tests/scenarios/fab` does, itself\n");
    out.push_str("or one of its sub-rules.\n\n");
    out.push_str(&format!(
        "**{} of {} numbered rules covered ({:.1}%).**\n\n",
        c.covered.len(),
        c.rules.len(),
        c.percent()
    ));
    let mut section = String::new();
    for r in &c.rules {
        let head = r.split('.').next().unwrap_or(r).to_string();
        if head != section {
            let gap = if section.is_empty() { "" } else { "\n" };
            out.push_str(&format!("{gap}## {head}\n\n"));
            section = head;
        }
        let mark = if c.covered.contains(r) { "x" } else { " " };
        out.push_str(&format!("- [{mark}] {r}\n"));
    }
    out
}
