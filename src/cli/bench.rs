//! `riftbound bench`: the engine's performance figures (issue 14) as one JSON object, measured in
//! process with the release binary, so they need no toolchain: medians in nanoseconds of card
//! loading, a state clone, one hook call against the same effect done natively, the
//! characteristics of a full board and the legal options on a busy board, and games per second.
//!
//! With `--instructions` it also counts the instructions a game executes: callgrind's counts are
//! stable where wall clock is not (a shared machine), but a process can't read them from inside
//! valgrind, so the command runs itself under `valgrind --tool=callgrind` (valgrind must be on the
//! `PATH`), collecting only inside [`measured`] (`--toggle-collect`), and divides the total by the
//! number of calls. The same child mode (`--measure WHAT --count N`) serves to count one hook
//! call by hand.

use super::{DEFAULT_DECKS, pairings, pick_decks, setup_game};
use crate::riftbound::abilities::{Amount, Effect, Who};
use crate::riftbound::host::{self, HookCall};
use crate::riftbound::{CardDb, Deck, Game, Mode};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// What `riftbound bench` takes.
#[derive(clap::Args)]
pub struct BenchArgs {
    /// How long to sample each figure, in milliseconds (each is sampled at least once); games
    /// get four times as long.
    #[arg(long, default_value_t = 250)]
    pub budget_ms: u64,
    /// Also count instructions per game (random and greedy) and per hook call, running this
    /// command under callgrind (needs valgrind; slow: a few minutes).
    #[arg(long)]
    pub instructions: bool,
    /// Games played under callgrind per agent kind with `--instructions`.
    #[arg(long, default_value_t = 13)]
    pub games: u64,
    /// Internal (the callgrind child): run only WHAT, COUNT times, each inside [`measured`].
    #[arg(long, hide = true)]
    pub measure: Option<String>,
    #[arg(long, hide = true, default_value_t = 1)]
    pub count: u64,
}

/// The figures `riftbound bench` prints.
#[derive(Debug, serde::Serialize)]
pub struct Figures {
    /// Parsing and compiling every embedded card (`CardDb::embedded`).
    pub load_cards_ns: f64,
    /// Cloning the busy board's game state.
    pub state_clone_ns: f64,
    /// Running a card body that does nothing: a hook's fixed cost.
    pub hook_empty_ns: f64,
    /// "Draw 1" as a card body (`draw(you(), 1)`) and as the rules function it calls.
    pub hook_draw_ns: f64,
    pub native_draw_ns: f64,
    /// "Draw 1" run through Rhai (what a body with a statement Rhai must evaluate pays).
    pub hook_draw_script_ns: f64,
    /// The characteristics of every unit on the busy board through the layers, memo cleared.
    pub chars_full_board_ns: f64,
    /// How many units the busy board has, and how many options its player has.
    pub busy_board_units: usize,
    pub busy_board_options: usize,
    /// The legal options of the player with priority on the busy board.
    pub options_busy_board_ns: f64,
    /// Whole games, setup included, on the 78 pairings of the 13 precons in turn.
    pub random_game_ns: f64,
    pub greedy_game_ns: f64,
    pub random_games_per_second: f64,
    pub greedy_games_per_second: f64,
    /// With `--instructions`: callgrind's counts.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub instructions: Option<Instructions>,
}

/// Instructions per call, counted by callgrind.
#[derive(Debug, serde::Serialize)]
pub struct Instructions {
    pub random_game: u64,
    pub greedy_game: u64,
    pub hook_empty: u64,
    pub hook_draw: u64,
    pub native_draw: u64,
    pub hook_draw_script: u64,
}

/// What the benchmarks play on: the card database, the 13 precons' pairings, a game just set up
/// (the hooks draw from its decks) and a busy board.
pub struct Fixture {
    pub db: Arc<CardDb>,
    pub pairs: Vec<[Deck; 2]>,
    pub fresh: Game,
    pub busy: Game,
}

/// The script the hook figures run: an empty body and "Draw 1" as the card language writes it.
pub const HOOK_SCRIPT: &str = "fn empty() {}\nfn draw1() {\n    draw(you(), 1);\n}\n";

/// What "Draw 1" compiles to (Kai'Sa, Survivor): the instructions `draw1` is written from.
pub const DRAW1: [Effect; 1] = [Effect::Draw { who: Who::You, amount: Amount::Number(1) }];

impl Fixture {
    pub fn new(db: Arc<CardDb>) -> Fixture {
        let all = pick_decks(&db, &DEFAULT_DECKS.map(String::from)).expect("the default decks are embedded");
        let pairs: Vec<[Deck; 2]> = pairings(all.len()).iter().map(|p| p.map(|i| all[i].clone())).collect();
        let fresh = game(&db, &pairs, 0, "greedy");
        let busy = busy_board(&db, &pairs);
        Fixture { db, pairs, fresh, busy }
    }

    /// Runs hook `func` of [`HOOK_SCRIPT`] for the turn player of `g` as a card's body runs:
    /// "Draw 1" with the instructions it was generated from ([`DRAW1`]), so natively; the empty
    /// body has none, so Rhai runs it (a script's fixed cost).
    pub fn hook(g: &mut Game, func: &str) {
        let call = HookCall { controller: Some(g.turn_player), ..HookCall::default() };
        let effects = (func == "draw1").then_some(&DRAW1[..]);
        host::run_effects(g, HOOK_SCRIPT, func, effects, call, "bench", 1).expect("the bench hooks run");
    }

    /// Runs hook `func` of [`HOOK_SCRIPT`] through Rhai, whatever its statements.
    pub fn hook_script(g: &mut Game, func: &str) {
        let call = HookCall { controller: Some(g.turn_player), ..HookCall::default() };
        host::run(g, HOOK_SCRIPT, func, call, "bench", 1).expect("the bench hooks run");
    }

    /// The native "Draw 1" for the turn player of `g`.
    pub fn native_draw(g: &mut Game) {
        g.draw(g.turn_player, 1).expect("a fresh game's deck has cards");
    }

    /// The characteristics of every unit on the board, the memo cleared first.
    pub fn chars_of_board(g: &mut Game) -> usize {
        g.chars_cache.changed_all();
        let units: Vec<_> = g.units_on_board().collect();
        units.iter().map(|&u| std::hint::black_box(g.chars(u))).count()
    }

    /// The legal options of whoever has priority (the turn player if no one has).
    pub fn options(g: &Game) -> usize {
        g.action_options(g.priority_holder().unwrap_or(g.turn_player)).len()
    }
}

/// Game `i` of the rotation (pairing `i mod 78`, seed `i`) with `agents` on both seats.
pub fn game(db: &Arc<CardDb>, pairs: &[[Deck; 2]], i: u64, agents: &str) -> Game {
    let pair = &pairs[(i % pairs.len() as u64) as usize];
    let agents = [agents.to_string(), agents.to_string()];
    setup_game(db, pair, &Mode::casual_duel(), &agents, i, super::Caps::default(), false).expect("the precons play")
}

/// The busiest state of a greedy game on the second pairing, with a player to act: the most units
/// on the board and options to choose from (counted together), the board the characteristics
/// and options figures look at.
fn busy_board(db: &Arc<CardDb>, pairs: &[[Deck; 2]]) -> Game {
    let mut g = game(db, pairs, 1, "greedy");
    let mut best = (0, g.clone());
    while !g.step().expect("the precons play") {
        if g.priority_holder().is_none() {
            continue;
        }
        let busy = g.units_on_board().count() + Fixture::options(&g);
        if busy > best.0 {
            best = (busy, g.clone());
        }
    }
    best.1
}

/// Where callgrind collects (`--toggle-collect`): everything `f` runs, and nothing else.
#[inline(never)]
pub fn measured<T>(f: impl FnOnce() -> T) -> T {
    f()
}

/// The median of `op`'s samples until `budget` has passed (at least one): each sample times
/// some operations itself (so what it prepares is not timed) and says how many.
fn median_ns(budget: Duration, mut op: impl FnMut() -> (Duration, u32)) -> f64 {
    let start = Instant::now();
    let mut per_op = Vec::new();
    while per_op.is_empty() || start.elapsed() < budget {
        let (t, n) = op();
        per_op.push(t.as_nanos() as f64 / f64::from(n.max(1)));
    }
    per_op.sort_by(f64::total_cmp);
    per_op[per_op.len() / 2]
}

fn timed<T>(f: impl FnOnce() -> T) -> (Duration, T) {
    let start = Instant::now();
    let v = std::hint::black_box(f());
    (start.elapsed(), v)
}

/// How many hook calls (or native draws) one sample times, each on the same fresh game: fewer
/// than a deck's cards, so no draw burns out.
const DRAWS_PER_SAMPLE: u32 = 16;

/// Times `f` on a fresh game, [`DRAWS_PER_SAMPLE`] times in a row, after a draw that makes room
/// in the cloned game's vectors (a clone has none to spare).
fn on_fresh(fx: &Fixture, f: impl Fn(&mut Game)) -> (Duration, u32) {
    let mut g = fx.fresh.clone();
    Fixture::native_draw(&mut g);
    let (t, _) = timed(|| (0..DRAWS_PER_SAMPLE).for_each(|_| f(&mut g)));
    (t, DRAWS_PER_SAMPLE)
}

/// Median ns a game and games per second (setup included) of `agents` games in turn.
fn games(fx: &Fixture, agents: &str, budget: Duration) -> (f64, f64) {
    let mut i = 0;
    let mut total = Duration::ZERO;
    let median = median_ns(budget, || {
        let (t, _) = timed(|| game(&fx.db, &fx.pairs, i, agents).run());
        i += 1;
        total += t;
        (t, 1)
    });
    (median, i as f64 / total.as_secs_f64())
}

/// Measures every figure (and, with `--instructions`, counts them under callgrind).
pub fn figures(args: &BenchArgs) -> Result<Figures, String> {
    let budget = Duration::from_millis(args.budget_ms);
    let load_cards_ns = median_ns(budget, || (timed(CardDb::embedded).0, 1));
    let fx = Fixture::new(Arc::new(CardDb::embedded()));
    let (random_game_ns, random_games_per_second) = games(&fx, "random", budget * 4);
    let (greedy_game_ns, greedy_games_per_second) = games(&fx, "greedy", budget * 4);
    Ok(Figures {
        load_cards_ns,
        state_clone_ns: median_ns(budget, || (timed(|| fx.busy.clone()).0, 1)),
        hook_empty_ns: median_ns(budget, || on_fresh(&fx, |g| Fixture::hook(g, "empty"))),
        hook_draw_ns: median_ns(budget, || on_fresh(&fx, |g| Fixture::hook(g, "draw1"))),
        native_draw_ns: median_ns(budget, || on_fresh(&fx, Fixture::native_draw)),
        hook_draw_script_ns: median_ns(budget, || on_fresh(&fx, |g| Fixture::hook_script(g, "draw1"))),
        chars_full_board_ns: median_ns(budget, || {
            let mut g = fx.busy.clone();
            (timed(|| Fixture::chars_of_board(&mut g)).0, 1)
        }),
        busy_board_units: fx.busy.units_on_board().count(),
        busy_board_options: Fixture::options(&fx.busy),
        options_busy_board_ns: median_ns(budget, || (timed(|| Fixture::options(&fx.busy)).0, 1)),
        random_game_ns,
        greedy_game_ns,
        random_games_per_second,
        greedy_games_per_second,
        instructions: if args.instructions { Some(instructions(args.games)?) } else { None },
    })
}

/// What the callgrind child can run, each call inside [`measured`].
const MEASURES: [&str; 6] =
    ["random-games", "greedy-games", "hook-empty", "hook-draw", "native-draw", "hook-draw-script"];

/// The callgrind child: runs `what` `count` times, each call inside [`measured`].
pub fn measure(what: &str, count: u64) -> Result<(), String> {
    let fx = Fixture::new(Arc::new(CardDb::embedded()));
    for i in 0..count {
        match what {
            "random-games" | "greedy-games" => {
                let mut g = game(&fx.db, &fx.pairs, i, what.trim_end_matches("-games"));
                measured(|| g.run()).map_err(|e| format!("{e:?}"))?;
            }
            "hook-empty" | "hook-draw" | "native-draw" | "hook-draw-script" => {
                // The clone, and the first call's compiling the script, are not counted; nor is
                // the growth of the cloned game's vectors (a clone has no room to spare): a draw
                // first makes room, as a game's earlier draws and events have.
                let mut g = fx.fresh.clone();
                Fixture::native_draw(&mut g);
                let f = match what {
                    "hook-empty" => |g: &mut Game| Fixture::hook(g, "empty"),
                    "hook-draw" => |g: &mut Game| Fixture::hook(g, "draw1"),
                    "hook-draw-script" => |g: &mut Game| Fixture::hook_script(g, "draw1"),
                    _ => Fixture::native_draw,
                };
                if i == 0 {
                    f(&mut fx.fresh.clone());
                }
                measured(|| f(&mut g));
            }
            _ => return Err(format!("unknown measure `{what}`: expected one of {}", MEASURES.join(", "))),
        }
    }
    Ok(())
}

/// Instructions per call of each measure: this binary run under callgrind once per measure.
fn instructions(games: u64) -> Result<Instructions, String> {
    let games = games.max(1);
    let per_call = |what: &str, count: u64| callgrind(what, count).map(|total| total / count);
    Ok(Instructions {
        random_game: per_call("random-games", games)?,
        greedy_game: per_call("greedy-games", games)?,
        hook_empty: per_call("hook-empty", 1000)?,
        hook_draw: per_call("hook-draw", 1000)?,
        native_draw: per_call("native-draw", 1000)?,
        hook_draw_script: per_call("hook-draw-script", 1000)?,
    })
}

/// The instructions callgrind counted inside [`measured`] while this binary ran `what` `count`
/// times.
fn callgrind(what: &str, count: u64) -> Result<u64, String> {
    let exe = std::env::current_exe().map_err(|e| e.to_string())?;
    let out = std::env::temp_dir().join(format!("riftbound-bench-{}-{what}.callgrind", std::process::id()));
    let status = std::process::Command::new("valgrind")
        .arg("--tool=callgrind")
        .arg(format!("--callgrind-out-file={}", out.display()))
        .args(["--collect-atstart=no", "--toggle-collect=*bench::measured*"])
        .arg(&exe)
        .args(["bench", "--measure", what, "--count", &count.to_string()])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .status()
        .map_err(|e| format!("cannot run valgrind (needed by --instructions): {e}"))?;
    let text = std::fs::read_to_string(&out).map_err(|e| format!("{}: {e}", out.display()));
    let _ = std::fs::remove_file(&out);
    if !status.success() {
        return Err(format!("valgrind --tool=callgrind failed on `bench --measure {what}`: {status}"));
    }
    text?
        .lines()
        .find_map(|l| l.strip_prefix("totals:").or_else(|| l.strip_prefix("summary:")))
        .and_then(|n| n.trim().parse().ok())
        .ok_or_else(|| format!("no instruction count in callgrind's output for `{what}`"))
}

/// Runs `riftbound bench`: prints the figures as one JSON object.
pub fn run(args: &BenchArgs) -> Result<(), String> {
    if let Some(what) = &args.measure {
        return measure(what, args.count);
    }
    let f = figures(args)?;
    outln!("{}", serde_json::to_string(&f).map_err(|e| e.to_string())?);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The bench's "Draw 1" body is what the card language writes for its instructions, so the
    /// native run it measures is the one a card's "Draw 1" gets.
    #[test]
    fn draw1_is_what_its_instructions_generate() {
        let mut code = String::new();
        crate::dsl::codegen::function(&mut code, "Draw 1", "draw1", &DRAW1);
        let body = code.split_once('\n').map(|(_, b)| b).unwrap_or_default();
        assert!(HOOK_SCRIPT.contains(body), "{body:?} is not in {HOOK_SCRIPT:?}");
        assert!(host::written_as_generated(HOOK_SCRIPT, "draw1", &DRAW1));
    }

    /// The host's text of a native body is what the card language writes: every card's body of
    /// native host calls is recognised as generated, so it runs natively.
    #[test]
    fn every_native_body_of_the_cards_is_recognised_as_generated() {
        let db = CardDb::embedded();
        let mut native = 0;
        for def in db.cards() {
            for a in &def.abilities.abilities {
                let Some(func) = &a.body else { continue };
                let Some(effects) = host::generated(def, a, func) else { continue };
                if !effects.iter().all(host::native_statement) {
                    continue;
                }
                assert!(
                    host::written_as_generated(&def.abilities.script, func, effects),
                    "{}: {func} is not what {effects:?} generate:\n{}",
                    def.name,
                    def.abilities.script
                );
                native += 1;
            }
        }
        assert!(native > 100, "only {native} native bodies");
    }
}
