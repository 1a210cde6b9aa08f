//! The `riftbound` command line: simulate games between decks and print one game's trace.

/// Writes a line to stdout; a closed pipe (`riftbound coverage | head -1`) ends the program
/// quietly instead of panicking.
macro_rules! outln {
    ($($t:tt)*) => {{
        use std::io::Write;
        if writeln!(std::io::stdout(), $($t)*).is_err() {
            std::process::exit(0);
        }
    }};
}

/// Like `outln!` without the newline.
macro_rules! out {
    ($($t:tt)*) => {{
        use std::io::Write;
        if write!(std::io::stdout(), $($t)*).is_err() {
            std::process::exit(0);
        }
    }};
}

pub mod bench;
pub mod cards;
pub mod compare;
pub mod coverage;
pub mod fab;
pub mod replay;
pub mod report;
mod scenarios;
pub mod shard;
pub mod stats;

use crate::agents;
use crate::riftbound::{CardDb, Deck, Game, Mode, Outcome};
use clap::{Parser, Subcommand};
use rayon::prelude::*;
use std::sync::Arc;
use std::time::Instant;

/// The decks played when no deck is named: the 13 bundled precons (Proving Grounds, Origins,
/// Spiritforged, Unleashed and Vendetta), every pairing of them.
pub const DEFAULT_DECKS: [&str; 13] =
    ["annie", "lux", "garen", "master-yi", "jinx", "viktor", "lee-sin", "fiora", "rumble", "vex", "vi", "shen", "zed"];

#[derive(Parser)]
#[command(name = "riftbound", version, about = "A rules engine for the Riftbound TCG")]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

/// What both `sim` and `trace-game` take: the seed, the decks, the mode, the agents and the
/// turn cap.
#[derive(clap::Args)]
pub struct GameArgs {
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Embedded decks, comma-separated (see `riftbound decks`). In a two-player mode two decks
    /// play each other and more play every pairing; in a mode of N players (ffa3, ffa4, 2v2) N decks
    /// play one table with the seats rotated across games, and more play every window of N
    /// consecutive decks, rotated. With no decks at all, the bundled precons legal for the mode.
    #[arg(long, value_delimiter = ',')]
    pub decks: Vec<String>,
    /// A deck file of your own (the format of `decks/*.toml`), checked against deck
    /// construction (101-103); repeatable, and played alongside `--decks`.
    #[arg(long = "deck-file")]
    pub deck_files: Vec<std::path::PathBuf>,
    /// `casual` (or `casual-duel`): a house variant of the Duel with decks of one to three
    /// battlefields, as the retail precons come; `duel`: the sanctioned Duel, three battlefields
    /// per deck (458.4.a); `match`: the 1v1 Match, best of three (459); `ffa3`: Skirmish, three
    /// players (460); `ffa4`: War, four players (461); `2v2`: Magma Chamber, two teams of two
    /// (462).
    #[arg(long, default_value = "casual")]
    pub mode: String,
    /// The agent for each seat: random, greedy or mcts:N (search, N playouts a decision, `mcts:N:random` with random playouts; see
    /// docs/agents.md), one name for every seat or one per seat.
    #[arg(long, value_delimiter = ',', default_values_t = vec!["greedy".to_string()])]
    pub agents: Vec<String>,
    /// Stop a game after this many turns and report it as capped.
    #[arg(long, default_value_t = crate::riftbound::setup::DEFAULT_TURN_CAP)]
    pub turn_cap: u32,
    /// Stop a game when one turn takes more steps than this and report it as stalled.
    #[arg(long, default_value_t = crate::riftbound::setup::DEFAULT_STEP_CAP)]
    pub step_cap: u32,
    /// A directory of card files added over the official cards (repeatable; later ones override
    /// earlier ones by card id).
    #[arg(long = "cards")]
    pub cards: Vec<std::path::PathBuf>,
    /// Play cards whose text does not compile without their text (each is named once), instead
    /// of stopping: by default such a card in a deck is an error, so a typo in a card file never
    /// passes for a card that does nothing.
    #[arg(long)]
    pub allow_blank_cards: bool,
}

/// A game command's arguments checked once, before any game is played: the cards (official
/// plus `--cards`), decks checked against the mode's deck construction, the mode, the agents,
/// the seed and the caps. Everything after this takes the plan, never the raw arguments.
pub struct Plan {
    pub db: Arc<CardDb>,
    /// The `--cards` the database was built with (a replay records them).
    pub cards: Vec<std::path::PathBuf>,
    /// Where `sim` saves each game's replay, if anywhere.
    pub save_replays: Option<std::path::PathBuf>,
    pub decks: Vec<Deck>,
    pub mode: Mode,
    /// One agent name per seat.
    pub agents: Vec<String>,
    pub seed: u64,
    pub caps: Caps,
    /// Show a progress bar on stderr as games finish (`sim` does when stderr is a terminal).
    pub progress: bool,
    /// Gather per-card statistics from every game (`sim --card-stats`).
    pub card_stats: bool,
}

impl GameArgs {
    /// Checks the arguments into a [`Plan`], reporting every problem found; names the cards of
    /// the decks that play without their text (never silently).
    pub fn plan(&self) -> Result<Plan, String> {
        let (db, mod_decks) = load_cards(&self.cards)?;
        self.plan_from(db, &mod_decks, &self.cards)
    }

    /// The plan over `db` (built from the card folders `cards`), `--decks` also naming the deck
    /// files in `mod_decks`.
    fn plan_from(
        &self,
        db: Arc<CardDb>,
        mod_decks: &[(String, std::path::PathBuf)],
        cards: &[std::path::PathBuf],
    ) -> Result<Plan, String> {
        let (decks, mode, agents) = resolve(&db, mod_decks, self)?;
        blank_cards(&db, &decks, self.allow_blank_cards)?;
        let caps = Caps { turns: self.turn_cap, steps: self.step_cap, check_invariants: false };
        Ok(Plan {
            db,
            cards: cards.to_vec(),
            save_replays: None,
            decks,
            mode,
            agents,
            seed: self.seed,
            caps,
            progress: false,
            card_stats: false,
        })
    }
}

#[derive(Subcommand)]
pub enum Command {
    /// Play many games between two decks and report the results.
    Sim {
        /// Games to play (with `--mode match`: matches, each a best of three).
        #[arg(long, default_value_t = 100)]
        games: u64,
        #[command(flatten)]
        game: GameArgs,
        /// The card game: `riftbound`, or `fab` (Flesh and Blood: the embedded Blitz decks
        /// Rhinar and Dorinthea, or two named by `--decks`; agents random or greedy).
        #[arg(long = "game", default_value = "riftbound")]
        card_game: String,
        /// Print the results as one JSON object.
        #[arg(long)]
        json: bool,
        /// Check the engine's invariants after every step (as debug builds always do); a game
        /// that breaks one stops and is reported with its seed.
        #[arg(long)]
        check_invariants: bool,
        /// Save each game as a replay file (`game-NNNNNN.toml`, a Match's game J `game-NNNNNN-J.toml`: decks, seed, answers, final state)
        /// in this folder; `riftbound replay FILE` plays one again.
        #[arg(long)]
        save_replays: Option<std::path::PathBuf>,
        /// Play on this many threads (default: one per core). Each game runs on one thread from
        /// its own seed, so the results are the same for any number.
        #[arg(long, value_parser = clap::value_parser!(u16).range(1..))]
        threads: Option<u16>,
        /// Play only the K-th of N consecutive slices of the run's games (`2/4`), to spread a run
        /// over machines; `riftbound merge` adds the slices' `--json` reports up into the run's.
        #[arg(long)]
        shard: Option<String>,
        /// Per-card statistics: for every card of every deck, the win rate when drawn, in the
        /// opening hand and played, with 95% intervals, the improvement when drawn and the average
        /// turn played; per deck, by battlefield and turn order; per table, how games ended.
        #[arg(long)]
        card_stats: bool,
        /// Write a self-contained HTML report of the run (matchup heat map, cards' win rates,
        /// game lengths) to this file; gathers the per-card statistics.
        #[arg(long)]
        report: Option<std::path::PathBuf>,
    },
    /// Add up the `sim --shard K/N --json` reports of one run's slices into the run's report
    /// (the same as one run's, timings aside).
    Merge {
        #[arg(required = true)]
        files: Vec<std::path::PathBuf>,
        /// Print the merged report as one JSON object.
        #[arg(long)]
        json: bool,
        /// Write the merged run's HTML report to this file.
        #[arg(long)]
        report: Option<std::path::PathBuf>,
    },
    /// Play the same games over the base cards and over the base with a change (`--cards`, a
    /// mod folder) and report what changed per deck and per card, with 95% intervals, naming the
    /// differences larger than the noise.
    Compare {
        /// Games a side.
        #[arg(long, default_value_t = 1000)]
        games: u64,
        /// Its `--cards` folders are the change, played over the base.
        #[command(flatten)]
        game: GameArgs,
        /// The base's card folders over the official cards (repeatable; none: the official
        /// cards alone).
        #[arg(long = "base")]
        base: Vec<std::path::PathBuf>,
        /// Print the comparison as one JSON object.
        #[arg(long)]
        json: bool,
        /// Cards listed in the text report, those that moved most first.
        #[arg(long, default_value_t = 15)]
        rows: usize,
        /// Write a self-contained HTML report of the comparison to this file.
        #[arg(long)]
        report: Option<std::path::PathBuf>,
        #[arg(long, value_parser = clap::value_parser!(u16).range(1..))]
        threads: Option<u16>,
    },
    /// Print the whole trace of one game of a `sim` run (by default its first), every step
    /// citing its rule: the same game `sim` plays with the same arguments, stalled and capped
    /// games included.
    TraceGame {
        #[command(flatten)]
        game: GameArgs,
        /// Repeatable: a number is the game's index in the run (default 0; `sim --json` lists
        /// the stalled, capped and failed ones; with `--mode match`, the match's index: each of
        /// its games is traced); a name is the card game, `riftbound` (default) or `fab`. So
        /// `trace-game --game fab --game 3` traces the fourth Flesh and Blood game of the run.
        #[arg(long = "game")]
        games: Vec<String>,
    },
    /// List the embedded decks and their legality.
    Decks {
        /// The card game: `riftbound` or `fab`.
        #[arg(long = "game", default_value = "riftbound")]
        card_game: String,
    },
    /// Compile card files (or the embedded cards) and report every problem, rustc style.
    Check {
        /// Card files or directories; none checks the embedded cards.
        paths: Vec<std::path::PathBuf>,
    },
    /// Run scenario files (or directories of them): pass/fail per expectation. Files in a `fab`
    /// folder are Flesh and Blood scenarios (`tests/scenarios/fab/`, docs/fab.md).
    Scenario {
        #[arg(required = true)]
        paths: Vec<std::path::PathBuf>,
        /// Card directories added over the official cards.
        #[arg(long = "cards")]
        cards: Vec<std::path::PathBuf>,
    },
    /// Which numbered rules (100-733) the tests and passing scenarios cite, and why the uncited
    /// ones of 300-458 and 700-733 are not testable yet (docs/rules-uncited.toml; exit 1 when a
    /// rule there is cited or one of those ranges has no reason).
    Coverage {
        /// Print the Markdown report (docs/rules-coverage.md; docs/fab-rules-coverage.md with
        /// `--game fab`).
        #[arg(long)]
        markdown: bool,
        /// The card game: `riftbound`, or `fab` (the numbered rules of the Flesh and Blood
        /// Comprehensive Rules v1.4).
        #[arg(long = "game", default_value = "riftbound")]
        card_game: String,
    },
    /// Print the whole trace of a scenario, each step citing its rule.
    Trace {
        path: std::path::PathBuf,
        #[arg(long = "cards")]
        cards: Vec<std::path::PathBuf>,
    },
    /// Show a card: its characteristics, what its text compiled to, and the Rhai.
    Card {
        #[command(subcommand)]
        what: CardCommand,
    },
    /// Play a saved game (`sim --save-replays`) again from its answers and check it ends with
    /// the same outcome and final state.
    Replay { path: std::path::PathBuf },
    /// Measure the engine (card loading, state clone, hooks against native effects, a full
    /// board's characteristics, legal options, games per second) and print one JSON object.
    Bench(bench::BenchArgs),
}

#[derive(Subcommand)]
pub enum CardCommand {
    /// Show one card by name or id.
    Show {
        name: String,
        /// A directory of card files added over the official cards, as `sim --cards` adds them
        /// (repeatable; later ones override earlier ones by card id).
        #[arg(long = "cards")]
        cards: Vec<std::path::PathBuf>,
    },
    /// How much of the card pool is implemented, per set and per default deck, as Markdown
    /// (docs/card-coverage.md).
    Coverage,
}

/// Aggregate results of a simulation.
#[derive(Debug, Default, serde::Serialize, serde::Deserialize, PartialEq)]
#[serde(default)]
pub struct SimReport {
    /// What reproduces the run: this program's version and build (a hash of its sources, cards
    /// and grammar included), a hash of the card set played (mods included, `CardDb::content_hash`),
    /// the base seed (game `i` plays from `derive_seed(seed, i)`) and the agents by seat.
    pub version: String,
    pub build: String,
    pub card_set: String,
    pub seed: u64,
    pub agents: Vec<String>,
    pub mode: String,
    /// The caps a game stops at without a winner (`--turn-cap`, `--step-cap`).
    pub turn_cap: u32,
    pub step_cap: u32,
    pub games: u64,
    pub decks: Vec<String>,
    /// Games and wins per deck, in the order of `decks`.
    pub played: Vec<u64>,
    pub wins: Vec<u64>,
    /// Every pairing (two-player modes) or table (more players) played, in the order they take
    /// turns.
    pub pairings: Vec<PairingReport>,
    /// The Match (459): matches played, and match wins per deck (in the order of `decks`);
    /// `games`, `wins` and the rest count the games of the matches.
    #[serde(skip_serializing_if = "is_zero")]
    pub matches: u64,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub match_wins: Vec<u64>,
    /// With different agents in the seats: each agent's games and wins (every deck plays every
    /// agent equally often, see [`seating`], so this measures the agents, not the decks).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub agent_results: Vec<AgentReport>,
    /// Modes of more than two players: wins per seat (seat 1 first).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub seat_wins: Vec<u64>,
    /// Modes of more than two players: wins by place in turn order (the first player first).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub turn_order_wins: Vec<u64>,
    /// Modes of more than two players: per deck (in the order of `decks`), its games in each
    /// seat.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub deck_seat_played: Vec<Vec<u64>>,
    /// Modes of more than two players: per deck, its wins in each seat.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub deck_seat_wins: Vec<Vec<u64>>,
    /// The 2v2 (462): wins of the team in seats 1 and 3, and of the team in seats 2 and 4. A
    /// team's win counts as a win of both its players (462.6.a.3) in `wins`, `seat_wins`,
    /// `deck_seat_wins` and the tables' `wins`.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub team_wins: Vec<u64>,
    /// Games stopped by the turn cap (no winner).
    pub turn_capped: u64,
    /// Games stopped because one turn went over the step cap (no winner): a loop.
    pub stalled: u64,
    /// The indices of the turn-capped and stalled games in the run (`trace-game --game N` with the
    /// same arguments traces one).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub turn_capped_games: Vec<u64>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub stalled_games: Vec<u64>,
    /// Games stopped by an error (a card's script failed or hit a limit): each with what is needed
    /// to replay it alone. The run goes on; `sim` exits with 1 when there is any.
    pub errors: Vec<GameError>,
    /// The turns of all games (`average_turns` is `turns / games`).
    pub turns: u64,
    pub average_turns: f64,
    pub games_per_second: f64,
    pub seconds: f64,
    /// Which slice of a run this is (`sim --shard K/N`); none for a whole run.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shard: Option<shard::Shard>,
    /// Per deck, per card and per table statistics (`sim --card-stats`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub card_stats: Option<stats::RunStats>,
}

/// A game that stopped with an error instead of an outcome.
#[derive(Debug, Default, serde::Serialize, serde::Deserialize, PartialEq)]
#[serde(default)]
pub struct GameError {
    /// Its index in the run (`trace-game --game N` with the run's arguments traces it) and its
    /// own seed.
    pub game: u64,
    pub seed: u64,
    /// The decks in seat order.
    pub decks: Vec<String>,
    pub turn: u32,
    /// The error, naming the card and line of a script error.
    pub error: String,
}

/// The results of one pairing or table: `decks` index into [`SimReport::decks`] (for a table,
/// in seat order; a pairing's decks alternate seats, see [`seating`]); `wins` and `match_wins`
/// are in the order of `decks`.
#[derive(Debug, Default, serde::Serialize, serde::Deserialize, PartialEq)]
#[serde(default)]
pub struct PairingReport {
    pub decks: Vec<usize>,
    pub games: u64,
    pub wins: Vec<u64>,
    pub turn_capped: u64,
    pub stalled: u64,
    /// Games stopped by an error (see [`SimReport::errors`]).
    pub errored: u64,
    /// The Match (459): matches played and match wins, in the order of `decks`.
    #[serde(skip_serializing_if = "is_zero")]
    pub matches: u64,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub match_wins: Vec<u64>,
    /// The 2v2 (462): wins of the team in seats 1 and 3, and of the team in seats 2 and 4.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub team_wins: Vec<u64>,
}

/// One agent's games and wins in a run where seats have different agents.
#[derive(Debug, Default, serde::Serialize, serde::Deserialize, PartialEq)]
#[serde(default)]
pub struct AgentReport {
    pub agent: String,
    pub played: u64,
    pub wins: u64,
}

fn is_zero(n: &u64) -> bool {
    *n == 0
}

/// Every unordered pairing of `n` decks, in order: (0,1), (0,2), ..., (1,2), ...
pub fn pairings(n: usize) -> Vec<[usize; 2]> {
    (0..n).flat_map(|a| (a + 1..n).map(move |b| [a, b])).collect()
}

/// The tables a run of `n` decks plays for a mode of `seats` players, as deck indices in seat
/// order. Two seats: every [`pairings`]. More: table `k` seats decks `k, k+1, ...` (wrapping
/// round), so over the `n` tables every deck sits in every seat once; with `n == seats` these
/// are the rotations of one table.
pub fn tables(n: usize, seats: usize) -> Vec<Vec<usize>> {
    if seats == 2 {
        return pairings(n).into_iter().map(|p| p.to_vec()).collect();
    }
    if n < seats {
        return Vec::new();
    }
    (0..n).map(|k| (0..seats).map(|j| (k + j) % n).collect()).collect()
}

/// The tables a run of `n` decks plays for `mode`, as deck indices in seat order: [`tables`],
/// except in the 2v2 (462), where each window of four decks `a, b, c, d` seats the team `a + b`
/// against `c + d`, allies across from each other (seats 1 and 3, seats 2 and 4: `a, c, b, d`),
/// so turn order alternates teams (462.5.b). With exactly four decks the teams stay and the
/// seats rotate: every deck sits in every seat once over the four tables.
pub fn mode_tables(n: usize, mode: &Mode) -> Vec<Vec<usize>> {
    if !mode.teams {
        return tables(n, mode.players);
    }
    if n < 4 {
        return Vec::new();
    }
    let seat = |w: [usize; 4]| vec![w[0], w[2], w[1], w[3]];
    if n == 4 {
        let base = seat([0, 1, 2, 3]);
        return (0..4).map(|r| (0..4).map(|s| base[(s + r) % 4]).collect()).collect();
    }
    (0..n).map(|k| seat([k, (k + 1) % n, (k + 2) % n, (k + 3) % n])).collect()
}

/// Resolves deck keys against the embedded decks.
pub fn pick_decks(db: &CardDb, names: &[String]) -> Result<Vec<Deck>, String> {
    let all = Deck::embedded(db);
    names
        .iter()
        .map(|n| {
            all.iter().find(|(k, _)| k.eq_ignore_ascii_case(n)).map(|(_, d)| d.clone()).ok_or_else(|| {
                let keys: Vec<_> = all.iter().map(|(k, _)| k.as_str()).collect();
                format!("unknown deck `{n}`; available: {}", keys.join(", "))
            })
        })
        .collect()
}

fn agent_names(agents: &[String], mode: &Mode) -> Result<Vec<String>, String> {
    let names = match agents.len() {
        1 => vec![agents[0].clone(); mode.players],
        n if n == mode.players => agents.to_vec(),
        n => {
            return Err(format!(
                "--agents takes one name, or one per seat ({} for a {}), got {n}",
                mode.players, mode.name
            ));
        }
    };
    for n in &names {
        if agents::by_name(n, 0).is_none() {
            return Err(format!("unknown agent `{n}`: expected random, greedy, mcts:N or mcts:N:random (N > 0)"));
        }
    }
    Ok(names)
}

/// When a game stops without a winner: after `turns` turns, when one turn takes more than
/// `steps` steps (a loop), or, with `check_invariants`, when a step breaks an invariant.
#[derive(Clone, Copy, Debug)]
pub struct Caps {
    pub turns: u32,
    pub steps: u32,
    pub check_invariants: bool,
}

impl Default for Caps {
    fn default() -> Caps {
        Caps {
            turns: crate::riftbound::setup::DEFAULT_TURN_CAP,
            steps: crate::riftbound::setup::DEFAULT_STEP_CAP,
            check_invariants: false,
        }
    }
}

/// Sets up one game with its agents. The first deck sits in seat 1; who goes first is the game's
/// own random choice (115). The agents' seeds are derived from the game's seed.
pub fn setup_game(
    db: &Arc<CardDb>,
    decks: &[Deck],
    mode: &Mode,
    agents: &[String],
    seed: u64,
    caps: Caps,
    trace: bool,
) -> Result<Game, String> {
    let mut g = Game::with_mode(db.clone(), decks, seed, mode.clone(), trace).map_err(|p| p.join("\n"))?;
    (g.turn_cap, g.step_cap) = (caps.turns, caps.steps);
    g.set_agents(seat_agents(agents, decks.len(), seed)?);
    Ok(g)
}

/// The agents of a game's seats, their seeds derived from the game's seed (seats 1 and 2 keep
/// the seeds they had before modes of more players existed).
fn seat_agents(
    agents: &[String],
    seats: usize,
    seed: u64,
) -> Result<Vec<Box<dyn crate::riftbound::Agent<Game>>>, String> {
    let agent_seed = crate::kernel::rng::derive_seed(seed, u64::MAX);
    let seat_seed = |i: usize| match i {
        0 => agent_seed,
        1 => agent_seed ^ 0xA5A5_A5A5,
        _ => crate::kernel::rng::derive_seed(agent_seed, i as u64),
    };
    let name = |i: usize| &agents[i % agents.len()];
    (0..seats)
        .map(|i| agents::by_name(name(i), seat_seed(i)).ok_or_else(|| format!("unknown agent `{}`", name(i))))
        .collect()
}

/// Sets up one game of a 1v1 Match (459) with its agents: the players select battlefields from
/// those still `available` to them in the match (459.5), and `first` goes first.
pub fn setup_match_game(
    plan: &Plan,
    decks: &[Deck],
    agents: &[String],
    seed: u64,
    available: Vec<Vec<crate::riftbound::CardIdx>>,
    first: Option<crate::kernel::PlayerId>,
    trace: bool,
) -> Result<Game, String> {
    let agents = seat_agents(agents, decks.len(), seed)?;
    let game = crate::riftbound::modes::MatchGame { available, first, agents, answers: Vec::new() };
    let mut g =
        Game::match_game(plan.db.clone(), decks, seed, plan.mode.clone(), trace, game).map_err(|p| p.join("\n"))?;
    (g.turn_cap, g.step_cap) = (plan.caps.turns, plan.caps.steps);
    Ok(g)
}

/// One game of a run as it was played: what [`simulate`] adds to the report, in game order.
struct Played {
    game: u64,
    seed: u64,
    pairing: usize,
    /// The game's seating: the deck (index into the plan's decks) and the agent in each seat.
    seating: Seating,
    turn: u32,
    /// The first player's seat (115).
    first: usize,
    result: Result<Outcome, String>,
    /// The last game of a match (459.6): the match winner's seat, if any.
    match_end: Option<Option<usize>>,
    /// The game's whole trace, when it was asked for (`trace-game`).
    trace: Option<String>,
    /// What the per-card statistics read from the game, when they were asked for.
    record: Option<stats::GameRecord>,
}

/// How many games a run plays between two reports to its report: enough to keep every thread
/// busy, few enough that a long run's results never pile up in memory.
const BATCH: u64 = 1024;

/// Who plays game `i` of a run from which seat, with which agent.
#[derive(Clone, Debug)]
struct Seating {
    /// The deck in each seat (indices into the plan's decks).
    decks: Vec<usize>,
    /// The agent in each seat.
    agents: Vec<String>,
    /// The game's seed is derived from the plan's seed and this (the index of the game it mirrors,
    /// or its own).
    seed_of: u64,
}

/// The seating of game `i`: pairing or table `i mod P`, in round `r = i / P`. A table of more
/// players rotates its decks through the seats already ([`tables`]), so each deck meets each
/// seat's agent. A pairing would leave its first deck in seat 1 with seat 1's agent for ever, and
/// deck strength could not be told from agent strength; so over rounds it alternates:
/// - with one agent for both seats, the decks swap seats every other round;
/// - with two different agents, rounds go in fours: the decks swap seats every two rounds, and
///   each odd round replays the round before it with the agents swapped: the same seed, so the
///   same shuffles, battlefields and first player (mirrored seeds), only who plays which deck
///   differs. Every deck plays every agent from every seat equally often.
fn seating(plan: &Plan, pairs: &[Vec<usize>], i: u64) -> Seating {
    let p = pairs.len() as u64;
    let mut decks = pairs[(i % p) as usize].clone();
    let mut agents: Vec<String> = (0..decks.len()).map(|s| plan.agents[s % plan.agents.len()].clone()).collect();
    let round = i / p;
    let mut seed_of = i;
    if decks.len() == 2 {
        let mixed = agents[0] != agents[1];
        let swap_seats = if mixed { round / 2 % 2 == 1 } else { round % 2 == 1 };
        if swap_seats {
            decks.reverse();
        }
        if mixed && round % 2 == 1 {
            agents.reverse();
            seed_of = i - p;
        }
    }
    Seating { decks, agents, seed_of }
}

/// Plays game `i` of a run (its [`seating`], its seed derived from the plan's seed and the game
/// it mirrors or its own index), recording its trace when asked, and saves its replay when asked.
/// Depends on nothing but the plan and `i`, so the thread it runs on changes nothing, and
/// `trace-game --game i` is game `i`.
fn play_game(plan: &Plan, pairs: &[Vec<usize>], i: u64, trace: bool) -> Result<Vec<Played>, String> {
    let pairing = (i % pairs.len() as u64) as usize;
    let seating = seating(plan, pairs, i);
    let seats: Vec<Deck> = seating.decks.iter().map(|&d| plan.decks[d].clone()).collect();
    if plan.mode.games_to_win > 1 {
        return play_match(plan, &seats, seating, pairing, i, trace);
    }
    let seed = crate::kernel::rng::derive_seed(plan.seed, seating.seed_of);
    let mut g = setup_game(&plan.db, &seats, &plan.mode, &seating.agents, seed, plan.caps, trace)?;
    let result = if plan.caps.check_invariants { run_checked(&mut g) } else { g.run().map_err(stop_message) };
    if let Some(dir) = &plan.save_replays {
        let outcome = match &result {
            Ok(o) => format!("{o:?}"),
            Err(e) => format!("stopped: {e}"),
        };
        replay::Replay::of(&g, plan, &seats, seed, &outcome).save(&dir.join(format!("game-{i:06}.toml")))?;
    }
    let first = g.turn_order.first().map_or(0, |p| p.index());
    let trace = trace.then(|| g.trace.render());
    let record = plan.card_stats.then(|| stats::GameRecord::of(&g, result.as_ref().ok()));
    Ok(vec![Played { game: i, seed, pairing, seating, turn: g.turn, first, result, match_end: None, trace, record }])
}

/// Plays match `i` of a run (459): games until a player has the set points the mode asks for
/// (459.6), each with battlefields the players select from those not used earlier in the match
/// (459.5), the loser of a game going first in the next. Game `j` of the match has its own seed,
/// derived from the match's.
fn play_match(
    plan: &Plan,
    seats: &[Deck],
    seating: Seating,
    pairing: usize,
    i: u64,
    trace: bool,
) -> Result<Vec<Played>, String> {
    let match_seed = crate::kernel::rng::derive_seed(plan.seed, seating.seed_of);
    let mut available: Vec<Vec<crate::riftbound::CardIdx>> = seats.iter().map(|d| d.battlefields.clone()).collect();
    let mut result = crate::riftbound::modes::MatchResult::default();
    let mut first = None;
    let mut games = Vec::new();
    for j in 0.. {
        let seed = crate::kernel::rng::derive_seed(match_seed, j);
        let mut g = setup_match_game(plan, seats, &seating.agents, seed, available.clone(), first, trace)?;
        let outcome = if plan.caps.check_invariants { run_checked(&mut g) } else { g.run().map_err(stop_message) };
        if let Some(dir) = &plan.save_replays {
            let text = match &outcome {
                Ok(o) => format!("{o:?}"),
                Err(e) => format!("stopped: {e}"),
            };
            let mut r = replay::Replay::of(&g, plan, seats, seed, &text);
            r.match_game = Some(replay::MatchSetup::of(&plan.db, &available, first));
            r.save(&dir.join(format!("game-{i:06}-{}.toml", j + 1)))?;
        }
        let went_first = g.turn_order[0];
        // 459.5: the battlefields used in this game are not selected again in this match.
        for b in &g.battlefields {
            let card = g.objs[b.obj.0 as usize].card;
            available[b.owner.index()].retain(|c| *c != card);
        }
        let winner = match &outcome {
            Ok(Outcome::Won { winner, .. }) => Some(*winner),
            _ => None,
        };
        first = Some(result.record(&plan.mode, winner, went_first));
        let stopped = outcome.is_err();
        let over = result.winner.is_some() || stopped || available.iter().any(|a| a.is_empty());
        let record = plan.card_stats.then(|| stats::GameRecord::of(&g, outcome.as_ref().ok()));
        games.push(Played {
            game: i,
            seed,
            pairing,
            seating: seating.clone(),
            turn: g.turn,
            first: went_first.index(),
            result: outcome,
            match_end: over.then(|| result.winner.map(|w| w.index())),
            trace: trace.then(|| g.trace.render()),
            record,
        });
        if over {
            break;
        }
    }
    Ok(games)
}

/// Plays `games` games on `threads` threads and aggregates the results. With more than two decks,
/// game `i` plays pairing `i mod P` of the [`pairings`], so every pairing gets its share; each
/// game's seed is derived from the plan's seed and `i`, so any game can be replayed alone. A game
/// runs whole on one thread (with that thread's script sandbox; the card database is shared) and
/// the results are added up in game order, so the report is the same for any number of threads.
pub fn simulate(plan: &Plan, games: u64, threads: usize) -> Result<SimReport, String> {
    simulate_range(plan, 0..games, threads)
}

/// Plays games `range` of a run (a shard, [`shard`]): game `i` is the same game whatever range
/// it is played in, so shards of a run add up to the run.
pub fn simulate_range(plan: &Plan, range: std::ops::Range<u64>, threads: usize) -> Result<SimReport, String> {
    let Plan { decks, mode, caps, .. } = plan;
    let games = range.end.saturating_sub(range.start);
    if let Some(dir) = &plan.save_replays {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    let start = Instant::now();
    let seats = mode.players;
    let pairs = mode_tables(decks.len(), mode);
    if pairs.is_empty() {
        return Err(format!("a {} needs at least {seats} decks, got {}", mode.name, decks.len()));
    }
    let many = seats > 2;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| format!("cannot start {threads} threads: {e}"))?;
    let mut report = SimReport {
        version: env!("CARGO_PKG_VERSION").to_string(),
        build: format!("{:016x}", crate::riftbound::embedded::SOURCE_HASH),
        card_set: format!("{:016x}", plan.db.content_hash()),
        seed: plan.seed,
        agents: plan.agents.clone(),
        mode: mode.name.to_string(),
        turn_cap: caps.turns,
        step_cap: caps.steps,
        decks: decks.iter().map(|d| d.name.clone()).collect(),
        played: vec![0; decks.len()],
        wins: vec![0; decks.len()],
        pairings: pairs
            .iter()
            .map(|decks| PairingReport { decks: decks.clone(), wins: vec![0; seats], ..Default::default() })
            .collect(),
        ..Default::default()
    };
    if mode.games_to_win > 1 {
        report.match_wins = vec![0; decks.len()];
        for p in &mut report.pairings {
            p.match_wins = vec![0; seats];
        }
    }
    for a in &plan.agents {
        if plan.agents.iter().any(|b| b != a) && !report.agent_results.iter().any(|r| &r.agent == a) {
            report.agent_results.push(AgentReport { agent: a.clone(), ..Default::default() });
        }
    }
    if many {
        report.seat_wins = vec![0; seats];
        report.turn_order_wins = vec![0; seats];
        report.deck_seat_played = vec![vec![0; seats]; decks.len()];
        report.deck_seat_wins = vec![vec![0; seats]; decks.len()];
    }
    if plan.card_stats {
        report.card_stats = Some(stats::RunStats::new(&plan.db, decks, &pairs));
    }
    if mode.teams {
        report.team_wins = vec![0; 2];
        for p in &mut report.pairings {
            p.team_wins = vec![0; 2];
        }
    }
    let bar = if plan.progress { progress_bar(games) } else { indicatif::ProgressBar::hidden() };
    for first in range.clone().step_by(BATCH as usize) {
        let len = (range.end - first).min(BATCH) as usize;
        let batch: Vec<_> = pool.install(|| {
            (0..len)
                .into_par_iter()
                .map(|k| {
                    let played = play_game(plan, &pairs, first + k as u64, false);
                    bar.inc(1);
                    played
                })
                .collect()
        });
        for played in batch.into_iter().flat_map(|p| match p {
            Ok(games) => games.into_iter().map(Ok).collect(),
            Err(e) => vec![Err(e)],
        }) {
            let Played { game: i, seed, pairing, seating, turn, first, result, match_end, record, .. } = played?;
            // Where a seat's deck stands in its pairing's (or table's) order of decks.
            let place = |pair: &PairingReport, seat: usize| {
                pair.decks.iter().position(|&d| d == seating.decks[seat]).expect("a seat's deck is of its pairing")
            };
            if let Some(winner) = match_end {
                report.matches += 1;
                report.pairings[pairing].matches += 1;
                if let Some(w) = winner {
                    let at = place(&report.pairings[pairing], w);
                    report.pairings[pairing].match_wins[at] += 1;
                    report.match_wins[seating.decks[w]] += 1;
                }
            }
            let pair = &mut report.pairings[pairing];
            report.games += 1;
            pair.games += 1;
            report.turns += turn as u64;
            for (seat, &d) in seating.decks.iter().enumerate() {
                report.played[d] += 1;
                if many {
                    report.deck_seat_played[d][seat] += 1;
                }
                if let Some(a) = report.agent_results.iter_mut().find(|a| a.agent == seating.agents[seat]) {
                    a.played += 1;
                }
            }
            // 462.6.a.3: in the 2v2 the winner's teammate wins with them.
            let winners: Vec<usize> = match &result {
                Ok(Outcome::Won { winner, .. }) if mode.teams => {
                    (0..seats).filter(|s| s % 2 == winner.index() % 2).collect()
                }
                Ok(Outcome::Won { winner, .. }) => vec![winner.index()],
                _ => Vec::new(),
            };
            if let (Some(stats), Some(record)) = (&mut report.card_stats, &record) {
                let won: Vec<bool> = (0..seats).map(|s| winners.contains(&s)).collect();
                stats.add(pairing, &seating.decks, &won, first, turn, record);
            }
            match result {
                Ok(Outcome::Won { winner, .. }) => {
                    if mode.teams {
                        report.team_wins[winner.index() % 2] += 1;
                        pair.team_wins[winner.index() % 2] += 1;
                    }
                    for seat in winners {
                        let at = place(pair, seat);
                        pair.wins[at] += 1;
                        report.wins[seating.decks[seat]] += 1;
                        if many {
                            report.seat_wins[seat] += 1;
                            report.turn_order_wins[(seat + seats - first) % seats] += 1;
                            report.deck_seat_wins[seating.decks[seat]][seat] += 1;
                        }
                        if let Some(a) = report.agent_results.iter_mut().find(|a| a.agent == seating.agents[seat]) {
                            a.wins += 1;
                        }
                    }
                }
                Ok(Outcome::TurnCap) => {
                    pair.turn_capped += 1;
                    report.turn_capped += 1;
                    report.turn_capped_games.push(i);
                }
                Ok(Outcome::Stalled { turn }) => {
                    eprintln!("note: game {i} stalled in turn {turn} (over {} steps)", caps.steps);
                    pair.stalled += 1;
                    report.stalled += 1;
                    report.stalled_games.push(i);
                }
                Err(error) => {
                    eprintln!("error: game {i} (seed {seed}) stopped in turn {turn}: {error}");
                    pair.errored += 1;
                    let decks = seating.decks.iter().map(|&d| decks[d].name.clone()).collect();
                    report.errors.push(GameError { game: i, seed, decks, turn, error });
                }
            }
        }
    }
    bar.finish_and_clear();
    report.seconds = start.elapsed().as_secs_f64();
    report.finish();
    Ok(report)
}

/// A bar on stderr counting finished games, with the rate and the time left: long runs are
/// what designers start and then wait for.
fn progress_bar(games: u64) -> indicatif::ProgressBar {
    let style = indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} games, {rate} games/s, {eta} left")
        .expect("the template is valid")
        .with_key("rate", |s: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
            let _ = std::fmt::Write::write_fmt(w, format_args!("{:.0}", s.per_sec()));
        });
    indicatif::ProgressBar::new(games).with_style(style)
}

fn stop_message(e: crate::kernel::Stop<crate::riftbound::Decision>) -> String {
    match e {
        crate::kernel::Stop::ScriptError(m) => m,
        other => format!("{other:?}"),
    }
}

/// Plays a game to its end checking the invariants after every step.
fn run_checked(g: &mut Game) -> Result<Outcome, String> {
    loop {
        let before = g.mark();
        let over = g.step().map_err(stop_message)?;
        let broken = g.step_violations(&before);
        if !broken.is_empty() {
            return Err(format!("invariants broken ({}): {}", g.describe_step(&before), broken.join("; ")));
        }
        if over {
            return Ok(g.outcome.clone().expect("a finished game has an outcome"));
        }
    }
}

/// The decks, mode and agent names a command asked for: `--decks` then `--deck-file`s, or the
/// 13 bundled precons when neither is given. Every deck is checked against the mode's deck
/// construction here, so all problems of all decks are reported at once.
/// A deck key names a deck file of a `--cards` folder first, then an embedded deck.
fn resolve(
    db: &CardDb,
    mod_decks: &[(String, std::path::PathBuf)],
    args: &GameArgs,
) -> Result<(Vec<Deck>, Mode, Vec<String>), String> {
    let mode = Mode::by_name(&args.mode)
        .ok_or_else(|| format!("unknown mode `{}`: expected one of {}", args.mode, Mode::names()))?;
    let mut decks = Vec::new();
    let mut problems = Vec::new();
    if args.decks.is_empty() && args.deck_files.is_empty() {
        // The default table: the bundled precons this mode's deck construction allows.
        decks = pick_decks(db, &DEFAULT_DECKS.map(String::from))?;
        decks.retain(|d| d.validate(db, mode.deck_battlefields.clone()).is_empty());
    }
    for key in &args.decks {
        if let Some((_, path)) = mod_decks.iter().rev().find(|(k, _)| k.eq_ignore_ascii_case(key)) {
            match Deck::load_file(path, db, mode.deck_battlefields.clone()) {
                Ok(d) => decks.push(d),
                Err(errs) => problems.extend(errs.iter().map(|e| e.to_string())),
            }
            continue;
        }
        let d = pick_decks(db, std::slice::from_ref(key)).map_err(|e| {
            let mine: Vec<&str> = mod_decks.iter().map(|(k, _)| k.as_str()).collect();
            if mine.is_empty() { e } else { format!("{e}; from --cards: {}", mine.join(", ")) }
        })?;
        for p in d[0].validate(db, mode.deck_battlefields.clone()) {
            problems.push(format!("deck `{key}` ({}): {p}", mode.name));
        }
        decks.extend(d);
    }
    for path in &args.deck_files {
        match Deck::load_file(path, db, mode.deck_battlefields.clone()) {
            Ok(d) => decks.push(d),
            Err(errs) => problems.extend(errs.iter().map(|e| e.to_string())),
        }
    }
    if !problems.is_empty() {
        return Err(problems.join("\n"));
    }
    if decks.len() < 2 {
        return Err(format!("a game needs two decks, got {}: name another with --decks or --deck-file", decks.len()));
    }
    if decks.len() < mode.players {
        return Err(format!(
            "{}: a {} seats {} players, got {} deck(s): name {} with --decks or --deck-file",
            mode.rule_of("1"),
            mode.name,
            mode.players,
            decks.len(),
            mode.players
        ));
    }
    let agents = agent_names(&args.agents, &mode)?;
    Ok((decks, mode, agents))
}

/// The official cards plus the `--cards` directories in order (later ids override earlier),
/// and the deck files found in those folders as (key, path). A mod card that takes an official
/// card's name is a warning on stderr.
fn load_cards(dirs: &[std::path::PathBuf]) -> Result<(Arc<CardDb>, Vec<(String, std::path::PathBuf)>), String> {
    let mut db = CardDb::embedded();
    let mut decks = Vec::new();
    for d in dirs {
        let folder =
            db.load_dir(d).map_err(|errs| errs.iter().map(|e| e.to_string()).collect::<Vec<_>>().join("\n"))?;
        for w in &folder.warnings {
            eprintln!("warning: {w}");
        }
        decks.extend(folder.decks);
    }
    Ok((Arc::new(db), decks))
}

/// Cards of the decks whose text the card language can't compile (legends, battlefields and
/// runes included) would play without it. Never silently: an error naming each card with its
/// first diagnostic, or with `allow`, a note naming each card once.
fn blank_cards(db: &CardDb, decks: &[Deck], allow: bool) -> Result<(), String> {
    let mut blank: Vec<&crate::riftbound::cards::CardDef> = Vec::new();
    for d in decks {
        for c in d.cards() {
            let def = db.get(c);
            if def.unsupported.is_some() && !blank.iter().any(|b| b.id == def.id) {
                blank.push(def);
            }
        }
    }
    if blank.is_empty() {
        return Ok(());
    }
    let names: Vec<String> = blank.iter().map(|d| format!("{} ({})", d.name, d.id)).collect();
    if allow {
        eprintln!(
            "note: {} card(s) in these decks play without their rules text, which the card language does not compile (see `riftbound check`): {}",
            names.len(),
            names.join(", ")
        );
        return Ok(());
    }
    // Each diagnostic is already marked and framed with its source lines: print it as it is.
    for d in &blank {
        if let Some(diag) = &d.unsupported {
            eprintln!("{diag}");
        }
    }
    Err(format!(
        "{} card(s) in these decks have text the card language does not compile: {}\n\
         fix the text (`riftbound check FILE` shows every problem), or pass --allow-blank-cards to play these cards without their text",
        names.len(),
        names.join(", ")
    ))
}

/// The text report of `sim`: per deck, then per pairing when there are several.
/// Prints a run's report as JSON or as text (with its per-card statistics, if any).
fn show_report(r: &SimReport, json: bool) -> Result<(), String> {
    if json {
        outln!("{}", serde_json::to_string(r).map_err(|e| e.to_string())?);
    } else {
        print_report(r);
        if let Some(s) = &r.card_stats {
            out!("{}", stats::render(s));
        }
    }
    Ok(())
}

fn print_report(r: &SimReport) {
    if r.mode == Mode::casual_duel().name {
        outln!("mode: {} (a house variant of the Duel, 458: decks of one to three battlefields)", r.mode);
    } else {
        outln!("mode: {}", r.mode);
    }
    if r.matches > 0 {
        outln!("matches: {} (best of three, 459.6)", r.matches);
        for (i, d) in r.decks.iter().enumerate() {
            outln!("match wins {d}: {}", r.match_wins[i]);
        }
    }
    outln!("games: {}", r.games);
    for (i, d) in r.decks.iter().enumerate() {
        let rate = if r.played[i] > 0 { 100.0 * r.wins[i] as f64 / r.played[i] as f64 } else { 0.0 };
        outln!("wins {d}: {} of {} ({rate:.1}%)", r.wins[i], r.played[i]);
    }
    for a in &r.agent_results {
        let rate = if a.played > 0 { 100.0 * a.wins as f64 / a.played as f64 } else { 0.0 };
        outln!("wins agent {}: {} of {} ({rate:.1}%; every deck played it equally)", a.agent, a.wins, a.played);
    }
    if !r.seat_wins.is_empty() {
        let seats = r.seat_wins.len();
        let list = |v: &[u64]| v.iter().map(|n| n.to_string()).collect::<Vec<_>>().join(", ");
        outln!("wins by seat (1-{seats}): {}", list(&r.seat_wins));
        outln!("wins by place in turn order (first player first): {}", list(&r.turn_order_wins));
        if !r.team_wins.is_empty() {
            outln!(
                "wins by team (462.6: a team wins together): seats 1+3: {}, seats 2+4: {}",
                r.team_wins[0],
                r.team_wins[1]
            );
        }
        outln!("wins by deck and seat (wins/games in seats 1-{seats}):");
        for (i, d) in r.decks.iter().enumerate() {
            let cells: Vec<String> =
                (0..seats).map(|s| format!("{}/{}", r.deck_seat_wins[i][s], r.deck_seat_played[i][s])).collect();
            outln!("  {d}: {}", cells.join(", "));
        }
    }
    if r.pairings.len() > 1 && r.seat_wins.is_empty() {
        outln!("pairings:");
        for p in &r.pairings {
            let [a, b] = [p.decks[0], p.decks[1]];
            if p.matches > 0 {
                outln!(
                    "  {} vs {}: matches {}-{} of {}",
                    r.decks[a],
                    r.decks[b],
                    p.match_wins[0],
                    p.match_wins[1],
                    p.matches
                );
            }
            outln!(
                "  {} vs {}: {}-{} in {} games ({} capped, {} stalled, {} errors)",
                r.decks[a],
                r.decks[b],
                p.wins[0],
                p.wins[1],
                p.games,
                p.turn_capped,
                p.stalled,
                p.errored
            );
        }
    }
    if r.pairings.len() > 1 && !r.seat_wins.is_empty() {
        outln!("tables (decks in seat order, wins by seat):");
        for p in &r.pairings {
            let names: Vec<&str> = p.decks.iter().map(|&d| r.decks[d].as_str()).collect();
            let wins: Vec<String> = p.wins.iter().map(|w| w.to_string()).collect();
            outln!(
                "  {}: {} in {} games ({} capped, {} stalled, {} errors)",
                names.join(", "),
                wins.join("-"),
                p.games,
                p.turn_capped,
                p.stalled,
                p.errored
            );
        }
    }
    outln!("turn-capped (no winner, cap {}): {}", r.turn_cap, r.turn_capped);
    outln!("stalled (no winner, a turn over {} steps): {}", r.step_cap, r.stalled);
    for (what, games) in [("turn-capped", &r.turn_capped_games), ("stalled", &r.stalled_games)] {
        if !games.is_empty() {
            let list: Vec<String> = games.iter().map(u64::to_string).collect();
            outln!("  {what} games: {} (`trace-game --game N` with the same arguments traces one)", list.join(", "));
        }
    }
    outln!("stopped by an error: {}", r.errors.len());
    outln!("average turns: {:.1}", r.average_turns);
    outln!("games per second: {:.1}", r.games_per_second);
}

/// Runs the command line; returns the process exit code.
/// Why a command failed, and so its exit code: bad input or usage (2: a file, a deck, an
/// argument; nothing was run), or a run whose result is a failure (1: a game stopped by an
/// error, a failed scenario or card check, a replay that ends differently).
enum Failure {
    Input(String),
    Failed(String),
}

impl From<String> for Failure {
    fn from(e: String) -> Failure {
        Failure::Input(e)
    }
}

pub fn run(cli: Cli) -> i32 {
    let result: Result<(), Failure> = (|| match cli.command {
        Command::Sim {
            games,
            game,
            card_game,
            json,
            check_invariants,
            save_replays,
            threads,
            shard,
            card_stats,
            report,
        } => {
            let cores = || std::thread::available_parallelism().map_or(1, |n| n.get());
            if card_game_is_fab(&card_game)? {
                let plan = fab::FabPlan::new(&game.decks, &game.agents, game.seed, game.turn_cap, game.step_cap)?;
                let r = fab::simulate(&plan, games, threads.map_or_else(cores, usize::from))?;
                if json {
                    outln!("{}", serde_json::to_string(&r).map_err(|e| e.to_string())?);
                } else {
                    out!("{}", fab::render(&r));
                }
                return if r.errors.is_empty() {
                    Ok(())
                } else {
                    Err(Failure::Failed(format!("{} game(s) stopped with an error (listed above)", r.errors.len())))
                };
            }
            let mut plan = game.plan()?;
            plan.card_stats = card_stats || report.is_some();
            plan.caps.check_invariants = check_invariants;
            plan.save_replays = save_replays;
            plan.progress = std::io::IsTerminal::is_terminal(&std::io::stderr());
            let threads = threads.map_or_else(cores, usize::from);
            let r = match shard {
                Some(text) => {
                    let slice = shard::Shard::parse(&text, games)?;
                    let mut r = simulate_range(&plan, slice.range(), threads)?;
                    r.shard = Some(slice);
                    r
                }
                None => simulate(&plan, games, threads)?,
            };
            show_report(&r, json)?;
            if let Some(path) = &report {
                report::write(path, &report::run_page(&r)?)?;
            }
            // The process exits next (`main`): freeing the card pool's tens of thousands of
            // allocations one by one was 5% of a one-game run, for memory the exit returns anyway.
            std::mem::forget(plan);
            if r.errors.is_empty() {
                Ok(())
            } else {
                Err(Failure::Failed(format!("{} game(s) stopped with an error (listed above)", r.errors.len())))
            }
        }
        Command::Merge { files, json, report } => {
            let mut shards = Vec::new();
            for f in &files {
                let name = f.display().to_string();
                let text = std::fs::read_to_string(f).map_err(|e| format!("{name}: {e}"))?;
                let r: SimReport = serde_json::from_str(&text)
                    .map_err(|e| format!("{name}:{}:{}: not a `sim --json` report: {e}", e.line(), e.column()))?;
                shards.push((name, r));
            }
            let r = shard::merge(shards)?;
            show_report(&r, json)?;
            if let Some(path) = &report {
                report::write(path, &report::run_page(&r)?)?;
            }
            Ok(())
        }
        Command::Compare { games, game, base, json, rows, report, threads } => {
            if game.cards.is_empty() {
                return Err(Failure::Input("compare needs the change: --cards FOLDER".to_string()));
            }
            let both: Vec<_> = base.iter().chain(&game.cards).cloned().collect();
            // The change's deck files are decks on both sides: the base plays them over its cards.
            let (db, mod_decks) = load_cards(&both)?;
            let (base_db, _) = load_cards(&base)?;
            let mut b = game.plan_from(db, &mod_decks, &both)?;
            let mut a = game.plan_from(base_db, &mod_decks, &base)?;
            a.card_stats = true;
            b.card_stats = true;
            let cores = || std::thread::available_parallelism().map_or(1, |n| n.get());
            let c = compare::compare(&a, &b, games, threads.map_or_else(cores, usize::from))?;
            if json {
                outln!("{}", serde_json::to_string(&c).map_err(|e| e.to_string())?);
            } else {
                out!("{}", compare::render(&c, rows));
            }
            if let Some(path) = &report {
                report::write(path, &report::comparison_page(&c, rows)?)?;
            }
            if c.base.errors + c.change.errors == 0 {
                Ok(())
            } else {
                Err(Failure::Failed("games stopped with an error (listed above)".to_string()))
            }
        }
        Command::TraceGame { game, games } => {
            let (fab_game, index) = trace_selection(&games)?;
            if fab_game {
                let plan = fab::FabPlan::new(&game.decks, &game.agents, game.seed, game.turn_cap, game.step_cap)?;
                let (trace, end) = fab::trace_game(&plan, index);
                out!("{trace}");
                return match end {
                    Ok(line) => {
                        outln!("{line}");
                        Ok(())
                    }
                    Err(e) => Err(Failure::Failed(e)),
                };
            }
            let plan = game.plan()?;
            let pairs = mode_tables(plan.decks.len(), &plan.mode);
            if pairs.is_empty() {
                let (mode, n) = (&plan.mode, plan.decks.len());
                return Err(Failure::Input(format!("a {} needs at least {} decks, got {n}", mode.name, mode.players)));
            }
            let mut stopped = None;
            for (j, played) in play_game(&plan, &pairs, index, true)?.into_iter().enumerate() {
                if plan.mode.games_to_win > 1 {
                    outln!("game {} of match {index} (seed {}):", j + 1, played.seed);
                }
                out!("{}", played.trace.unwrap_or_default());
                match played.result {
                    Ok(outcome) => outln!("outcome: {outcome:?} after {} turns", played.turn),
                    Err(e) => stopped = Some(format!("the game stopped in turn {}: {e}", played.turn)),
                }
            }
            stopped.map_or(Ok(()), |e| Err(Failure::Failed(e)))
        }
        Command::Scenario { paths, cards } => {
            let (db, _) = load_cards(&cards)?;
            if scenarios::scenarios(&db, &paths) { Ok(()) } else { Err(Failure::Failed(String::new())) }
        }
        Command::Trace { path, cards } => {
            let (db, _) = load_cards(&cards)?;
            let (trace, passed) = scenarios::trace(&db, &path)?;
            out!("{trace}");
            if passed {
                Ok(())
            } else {
                Err(Failure::Failed(format!(
                    "{}: the scenario failed (`riftbound scenario` lists its checks)",
                    path.display()
                )))
            }
        }
        Command::Coverage { markdown, card_game } if card_game_is_fab(&card_game)? => {
            let root = std::env::current_dir().map_err(|e| e.to_string())?;
            let c = fab::coverage(&root)?;
            if markdown {
                out!("{}", fab::coverage_markdown(&c));
            } else {
                outln!("{} of {} numbered rules covered ({:.1}%)", c.covered.len(), c.rules.len(), c.percent());
                outln!("not covered: {}", c.uncovered.join(" "));
            }
            Ok(())
        }
        Command::Coverage { markdown, .. } => {
            let db = Arc::new(CardDb::embedded());
            let root = std::env::current_dir().map_err(|e| e.to_string())?;
            let c = coverage::coverage(&root, &db)?;
            if markdown {
                out!("{}", coverage::markdown(&c));
            } else {
                outln!("{} of {} numbered rules covered ({:.1}%)", c.covered.len(), c.rules.len(), c.percent());
                outln!("not covered: {}", c.uncovered.join(" "));
                for (rule, reason) in &c.reasons {
                    outln!("  {rule}: {reason}");
                }
            }
            if c.problems.is_empty() { Ok(()) } else { Err(Failure::Failed(c.problems.join("\n"))) }
        }
        Command::Check { paths } => {
            let (fab_paths, paths): (Vec<_>, Vec<_>) = paths.into_iter().partition(|p| fab::is_fab_path(p));
            if !fab_paths.is_empty() {
                let (lines, ok, total) = fab::check(&fab_paths);
                for l in &lines {
                    outln!("{l}");
                }
                outln!(
                    "{total} Flesh and Blood card(s) checked: {ok} compiled, none with a script block, {} with problems",
                    total - ok
                );
                if paths.is_empty() {
                    return if ok == total { Ok(()) } else { Err(Failure::Failed(String::new())) };
                }
            }
            let r = cards::check(&paths, std::io::IsTerminal::is_terminal(&std::io::stderr()));
            for d in &r.diagnostics {
                eprintln!("{d}\n");
            }
            for w in &r.warnings {
                eprintln!("warning: {w}\n");
            }
            outln!(
                "{} card(s) checked: {} compiled ({} with a script block), {} with problems",
                r.cards,
                r.compiled,
                r.scripted,
                r.failed()
            );
            if r.failed() > 0 { Err(Failure::Failed(String::new())) } else { Ok(()) }
        }
        Command::Card { what: CardCommand::Show { name, cards: dirs } } => {
            let (db, _) = load_cards(&dirs)?;
            out!("{}", cards::show(&db, &name)?);
            Ok(())
        }
        Command::Card { what: CardCommand::Coverage } => {
            out!("{}", cards::coverage_markdown(&CardDb::embedded()));
            Ok(())
        }
        Command::Replay { path } => {
            let r = replay::Replay::load(&path)?;
            outln!("{}: the same game: {}", path.display(), r.check(&path).map_err(Failure::Failed)?);
            Ok(())
        }
        Command::Bench(args) => Ok(bench::run(&args)?),
        Command::Decks { card_game } => {
            if card_game_is_fab(&card_game)? {
                for line in fab::decks()? {
                    outln!("{line}");
                }
                return Ok(());
            }
            let db = CardDb::embedded();
            let (casual, duel) = (Mode::casual_duel(), Mode::duel());
            for (key, d) in Deck::embedded(&db) {
                let default = if DEFAULT_DECKS.contains(&key.as_str()) { ", default" } else { "" };
                let problems = |m: &Mode| d.validate(&db, m.deck_battlefields.clone());
                // The Match and both free-for-alls ask what the Duel asks of a deck (459.4.a,
                // 460.4.a, 461.4.a).
                let status = match (problems(&casual), problems(&duel)) {
                    (c, p) if c.is_empty() && p.is_empty() => {
                        "legal for casual, duel, match, ffa3 and ffa4".to_string()
                    }
                    (c, p) if c.is_empty() => format!("casual only ({})", p.join("; ")),
                    (c, _) => format!("not legal: {}", c.join("; ")),
                };
                outln!("{key}: {} ({}{default}) — {status}", d.name, d.product.as_deref().unwrap_or("custom"));
            }
            Ok(())
        }
    })();
    let (e, code) = match result {
        Ok(()) => return 0,
        Err(Failure::Input(e)) => (e, 2),
        Err(Failure::Failed(e)) => (e, 1),
    };
    // One problem per line, each marked, so every problem of a deck or card file shows.
    for line in e.lines() {
        eprintln!("error: {line}");
    }
    code
}

/// `--game riftbound|fab`: whether it names Flesh and Blood.
fn card_game_is_fab(name: &str) -> Result<bool, String> {
    match name {
        "fab" => Ok(true),
        "riftbound" => Ok(false),
        _ => Err(format!("--game takes riftbound or fab, got {name:?}")),
    }
}

/// `trace-game --game ...`: whether a value names Flesh and Blood, and the game's index (a
/// number; at most one).
fn trace_selection(values: &[String]) -> Result<(bool, u64), String> {
    let (mut fab, mut index) = (false, None);
    for v in values {
        match v.parse::<u64>() {
            Ok(n) if index.is_none() => index = Some(n),
            Ok(_) => return Err("--game takes one game index".to_string()),
            Err(_) => fab |= card_game_is_fab(v)?,
        }
    }
    Ok((fab, index.unwrap_or(0)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plan(agents: &[&str], decks: &[&str]) -> Plan {
        let db = Arc::new(CardDb::embedded());
        let decks = pick_decks(&db, &decks.iter().map(|d| d.to_string()).collect::<Vec<_>>()).unwrap();
        Plan {
            db,
            cards: Vec::new(),
            save_replays: None,
            decks,
            mode: Mode::casual_duel(),
            agents: agents.iter().map(|a| a.to_string()).collect(),
            seed: 3,
            caps: Caps::default(),
            progress: false,
            card_stats: false,
        }
    }

    /// Issue 17: with two agents, every four rounds of a pairing put each deck with each agent in
    /// each seat once, and each odd round mirrors the round before (same seed, agents swapped).
    #[test]
    fn seating_balances_decks_agents_and_seats_with_mirrored_seeds() {
        let plan = plan(&["random", "greedy"], &["jinx", "viktor", "vi"]);
        let pairs = tables(3, 2);
        let mut seen = std::collections::BTreeSet::new();
        for i in 0..12 {
            let s = seating(&plan, &pairs, i);
            assert_eq!(s.decks.iter().copied().collect::<std::collections::BTreeSet<_>>().len(), 2);
            for seat in 0..2 {
                seen.insert((i % 3, s.decks[seat], seat, s.agents[seat].clone()));
            }
            let round = i / 3;
            if round % 2 == 1 {
                let before = seating(&plan, &pairs, i - 3);
                assert_eq!((s.seed_of, &s.decks), (i - 3, &before.decks), "game {i} mirrors game {}", i - 3);
                assert_eq!(s.agents, vec![before.agents[1].clone(), before.agents[0].clone()]);
            } else {
                assert_eq!(s.seed_of, i, "game {i} has its own seed");
            }
        }
        // 3 pairings x 2 decks x 2 seats x 2 agents, each met exactly once in 12 games.
        assert_eq!(seen.len(), 24);
    }

    /// With one agent the decks still swap seats every other round, each game on its own seed.
    #[test]
    fn seating_with_one_agent_alternates_seats() {
        let plan = plan(&["greedy"], &["jinx", "viktor"]);
        let pairs = tables(2, 2);
        let s: Vec<Seating> = (0..4).map(|i| seating(&plan, &pairs, i)).collect();
        assert_eq!(s.iter().map(|s| s.decks.clone()).collect::<Vec<_>>(), [[0, 1], [1, 0], [0, 1], [1, 0]]);
        assert_eq!(s.iter().map(|s| s.seed_of).collect::<Vec<_>>(), [0, 1, 2, 3]);
    }
}
