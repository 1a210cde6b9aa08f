//! FaB scenario files (`tests/scenarios/fab/*.toml`): a board in the first turn's action phase,
//! the answers to the decisions that follow, and what must be true afterwards. Cards are named
//! from the card pool (`Name (colour)` where one name has several pitches).
//!
//! ```toml
//! rules = ["20.5.1a"]           # the rules it shows (each must be cited by the trace)
//! [[player]]                    # player 1 is the turn player, with priority
//! hero = "Rhinar"
//! hand = ["Wrecking Ball", "Dodge"]
//! [[player]]
//! hero = "Dorinthea, Quicksilver Prodigy"
//! life = 4
//! [run]
//! answers = ["play Wrecking Ball pitch Dodge", "defend nothing"]
//! [expect]
//! life = [20, 0]                # also: hand, pitch (sizes); graveyard, arsenal, face_up_arsenal,
//!                               # banished, equipment, deck (names; decks top first);
//!                               # trace_in_order (texts the trace holds in that order)
//! outcome = "P1 wins"           # or "P2 wins", "draw", "none"
//! ```
//!
//! A rule the trace does not cite is shown by a `# RULE: why` comment line in the file.
//! An answer is the text of one option of the decision asked (a decision with one option is
//! taken without asking): `pass`, `play NAME [pitch NAME, NAME]`, `attack WEAPON [pitch ...]`,
//! `defend NAME, NAME` or `defend nothing`, `continue`, `close`, `arsenal NAME` or
//! `arsenal nothing`, `activate NAME [pitch ...] [discard NAME]`, and for an optional cost
//! `pay [pitch ...]` or `decline`, and for the order of effects that triggered at the same time
//! (16.3) `first NAME` (`first NAME (given)` for an ability an effect gave or a delayed one);
//! a permission ("you may EFFECT") is answered by the effect (`turn Hala Goldenhelm face up`,
//! `attack an additional time with Dawnblade, Resplendent this turn`) or `don't ` before it, and
//! a search (24.2) by `find NAME` or `fail to find`.
//! `arsenal_face_down = true` in a `[[player]]` puts its arsenal face down. A `[[card]]` table
//! (the keys of a `.fab` card file: `name`, `types`, `life`, `text`, ...) adds a card of the
//! scenario's own, compiled from its text, for a rule no card of the pool reaches.

use super::deck::Pool;
use super::state::{Action, Game, Phase};
use super::zones::Zone;
use super::{CardDef, Loadout};
use crate::kernel::decision::{Agent, DecisionOf};
use crate::kernel::{Answers, GameOutcome, ObjId, PlayerId, Stop};
use std::sync::{Arc, Mutex};

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    rules: Vec<String>,
    /// What the scenario shows, for its reader.
    #[serde(default, rename = "description")]
    _description: String,
    player: Vec<Side>,
    /// Cards of the scenario's own, written as card files are (`name`, `types`, values, `text`)
    /// and compiled by the same card language: for a rule no card of the pool reaches.
    #[serde(default)]
    card: Vec<toml::Table>,
    #[serde(default)]
    run: Run,
    expect: Expect,
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct Side {
    hero: String,
    life: Option<i32>,
    #[serde(default)]
    weapons: Vec<String>,
    #[serde(default)]
    equipment: Vec<String>,
    #[serde(default)]
    hand: Vec<String>,
    #[serde(default)]
    deck: Vec<String>,
    #[serde(default)]
    arsenal: Vec<String>,
    /// The arsenal's cards are face down (13.3.3b), as if put there at the end of a turn.
    #[serde(default)]
    arsenal_face_down: bool,
    action_points: Option<u32>,
    resources: Option<u32>,
}

#[derive(serde::Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct Run {
    #[serde(default)]
    answers: Vec<String>,
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct Expect {
    life: Option<[i32; 2]>,
    outcome: Option<String>,
    action_points: Option<[u32; 2]>,
    resources: Option<[u32; 2]>,
    hand: Option<[usize; 2]>,
    graveyard: Option<[Vec<String>; 2]>,
    pitch: Option<[usize; 2]>,
    arsenal: Option<[Vec<String>; 2]>,
    /// The face up cards of each arsenal, by name.
    face_up_arsenal: Option<[Vec<String>; 2]>,
    /// The banished cards, by name.
    banished: Option<[Vec<String>; 2]>,
    /// Texts the trace holds in this order (each after the one before).
    trace_in_order: Option<Vec<String>>,
    /// Equipment still in play, by name.
    equipment: Option<[Vec<String>; 2]>,
    /// The decks, by name, top first.
    deck: Option<[Vec<String>; 2]>,
    /// The options of the decision the run stopped at contain these texts.
    options_include: Option<Vec<String>>,
    /// ... and none of these.
    options_exclude: Option<Vec<String>>,
}

/// What running a scenario found: its checks that failed (empty: it passed) and its trace.
#[derive(Debug)]
pub struct Report {
    pub failures: Vec<String>,
    pub trace: String,
}

fn card(pool: &Pool, file: &str, name: &str) -> Result<CardDef, String> {
    let (n, pitch) = match name.strip_suffix(')').and_then(|r| r.rsplit_once(" (")) {
        Some((n, c)) => (n, [("red", 1), ("yellow", 2), ("blue", 3)].iter().find(|(w, _)| *w == c).map(|(_, p)| *p)),
        None => (name, None),
    };
    pool.find(n, pitch).map(|c| c.def.clone()).map_err(|e| format!("{file}: {e}"))
}

/// A seat answering from a scenario's list (last answer first), each answer the text of an
/// option; an answer that is no option is recorded as the error.
#[derive(Clone)]
struct Script {
    answers: Arc<Mutex<Vec<String>>>,
    error: Arc<Mutex<Option<String>>>,
}

impl Agent<Game> for Script {
    fn choose(&mut self, g: &Game, d: &DecisionOf<Game>) -> usize {
        let want = self.answers.lock().expect("answers").pop().unwrap_or_default();
        let texts: Vec<String> = d.options.iter().map(|o| describe(g, o)).collect();
        texts.iter().position(|t| t.eq_ignore_ascii_case(&want)).unwrap_or_else(|| {
            let e = format!("answer {want:?} is not an option of {:?}: {}", d.ask, texts.join(" | "));
            self.error.lock().expect("error").get_or_insert(e);
            0
        })
    }
}

/// The text of one option, as answers name it.
pub fn describe(g: &Game, a: &Action) -> String {
    let names = |ids: &[ObjId]| ids.iter().map(|&c| g.name(c).to_string()).collect::<Vec<_>>().join(", ");
    let pitched = |p: &[ObjId]| if p.is_empty() { String::new() } else { format!(" pitch {}", names(p)) };
    match a {
        Action::Pass => "pass".into(),
        Action::Play { card, pitch } => format!("play {}{}", g.name(*card), pitched(pitch)),
        Action::WeaponAttack { weapon, pitch } => format!("attack {}{}", g.name(*weapon), pitched(pitch)),
        Action::Activate { card, pitch, discard, .. } => {
            let d = discard.map(|d| format!(" discard {}", g.name(d))).unwrap_or_default();
            format!("activate {}{}{d}", g.name(*card), pitched(pitch))
        }
        Action::Pay(p) if p.is_empty() => "pay".into(),
        Action::Pay(p) => format!("pay{}", pitched(p)),
        Action::Decline => "decline".into(),
        Action::Defend(c) if c.is_empty() => "defend nothing".into(),
        Action::Defend(c) => format!("defend {}", names(c)),
        Action::Continue => "continue".into(),
        Action::Close => "close".into(),
        Action::Arsenal(None) => "arsenal nothing".into(),
        Action::Arsenal(Some(c)) => format!("arsenal {}", g.name(*c)),
        Action::GoFirst(f) => format!("go first {f}"),
        Action::May { effect, card, take: true } => permission(g, effect, *card),
        Action::May { effect, card, take: false } => format!("don't {}", permission(g, effect, *card)),
        Action::Find(Some(c)) => format!("find {}", g.name(*c)),
        Action::Find(None) => "fail to find".into(),
        Action::Target(i) => format!("target chain link {}", i + 1),
        Action::ReplacePlayerFirst(p) => format!("{p}'s replacement effects first"),
        Action::ReplaceFirst(t) => format!("{} first", g.replacement_text(*t)),
        Action::TriggerFirst(i) => {
            let l = &g.pending_triggers[*i];
            let whose = if l.trigger.is_some() { "" } else { " (given)" };
            format!("first {}{whose}", g.name(l.card))
        }
    }
}

/// What a permission ("you may EFFECT") does, named as the card says it, about `card` (the card
/// the resolving layer is about): "turn Hala Goldenhelm face up", "attack an additional time with
/// Dawnblade, Resplendent this turn".
fn permission(g: &Game, effect: &super::Effect, card: ObjId) -> String {
    use super::Effect;
    match effect {
        Effect::TurnFaceUp => format!("turn {} face up", g.name(card)),
        Effect::AttackAgain(n) => {
            let weapon = g.current_link().filter(|l| l.weapon).map_or("it", |l| g.name(l.attack));
            let times = if *n == 1 { "an additional time".to_string() } else { format!("{n} additional times") };
            format!("attack {times} with {weapon} this turn")
        }
        other => format!("{other:?}"),
    }
}

/// Sets the board up in the first turn's action phase, player 1 the turn player with priority.
fn board(pool: &Pool, file: &str, sides: &[Side]) -> Result<Game, String> {
    if sides.len() != 2 {
        return Err(format!("{file}: two [[player]] tables, got {}", sides.len()));
    }
    let names = |l: &[String]| l.iter().map(|n| card(pool, file, n)).collect::<Result<Vec<_>, _>>();
    let mut loadouts = Vec::new();
    for s in sides {
        loadouts.push(Loadout {
            hero: card(pool, file, &s.hero)?,
            weapons: names(&s.weapons)?,
            equipment: names(&s.equipment)?,
            deck: Vec::new(),
        });
    }
    let [a, b]: [Loadout; 2] = loadouts.try_into().expect("two");
    let mut g = Game::new([a, b], 0).map_err(|e| format!("{file}: {e:?}"))?;
    g.trace.on = true;
    g.chooser = PlayerId(0);
    g.answers.log = vec![0];
    g.step().map_err(|e| format!("{file}: setup stopped: {e:?}"))?;
    g.step().map_err(|e| format!("{file}: setup stopped: {e:?}"))?;
    g.answers = Answers::default();
    for (i, s) in sides.iter().enumerate() {
        let p = PlayerId(i as u8);
        for (zone, list) in [(Zone::Hand, &s.hand), (Zone::Deck, &s.deck), (Zone::Arsenal, &s.arsenal)] {
            for n in list {
                let id = g.create(Arc::new(card(pool, file, n)?), p, zone);
                let pl = g.player_mut(p);
                match zone {
                    Zone::Hand => pl.hand.push(id),
                    Zone::Deck => pl.deck.push(id),
                    _ => pl.arsenal.push(id),
                }
                if zone == Zone::Arsenal {
                    g.obj_mut(id).face_down = s.arsenal_face_down;
                }
            }
        }
        let pl = g.player_mut(p);
        if let Some(l) = s.life {
            pl.life = l;
        }
        if let Some(n) = s.action_points {
            pl.action_points = n;
        }
        if let Some(n) = s.resources {
            pl.resources = n;
        }
    }
    if g.phase != Phase::Action || g.turn_player != PlayerId(0) {
        return Err(format!("{file}: the board is not in player 1's action phase"));
    }
    Ok(g)
}

/// Runs one scenario file's text.
pub fn run(file: &str, src: &str, pool: &Pool) -> Result<Report, String> {
    let f: File = toml::from_str(src).map_err(|e| format!("{file}: {e}"))?;
    if f.rules.is_empty() {
        return Err(format!("{file}: `rules` names no rule"));
    }
    let mut own = pool.clone();
    for c in &f.card {
        let src = toml::to_string(c).map_err(|e| format!("{file}: {e}"))?;
        let def = super::text::parse_card(file, &src)?;
        own.cards.insert(0, super::deck::PoolCard { def, file: file.to_string(), specialization: None, blank: None });
    }
    let pool = &own;
    let mut g = board(pool, file, &f.player)?;
    // Both seats answer from the file's list; once it is used up the seats are emptied, and the
    // run stops at the next decision asked (each step asks at most one).
    let script =
        Script { answers: Arc::new(Mutex::new(f.run.answers.iter().rev().cloned().collect())), error: Arc::default() };
    g.agents = vec![Some(Box::new(script.clone())), Some(Box::new(script.clone()))];
    let mut last: Option<DecisionOf<Game>> = None;
    loop {
        if script.answers.lock().expect("answers").is_empty() {
            g.agents = vec![None, None];
        }
        match g.step() {
            Ok(true) => break,
            Ok(false) => {}
            Err(Stop::NeedDecision(d)) => {
                last = Some(d);
                break;
            }
            Err(e) => return Err(format!("{file}: the game stopped: {e:?}")),
        }
        if let Some(e) = script.error.lock().expect("error").take() {
            return Err(format!("{file}: {e}"));
        }
    }
    if let Some(a) = script.answers.lock().expect("answers").pop() {
        return Err(format!("{file}: the game ended before answer {a:?}"));
    }
    let e = &f.expect;
    let mut failures = Vec::new();
    let mut check = |what: &str, want: String, got: String| {
        if want != got {
            failures.push(format!("{file}: {what}: expected {want}, got {got}"));
        }
    };
    let both = |f: &dyn Fn(PlayerId) -> String| format!("[{}, {}]", f(PlayerId(0)), f(PlayerId(1)));
    let names = |ids: &[ObjId]| format!("{:?}", ids.iter().map(|&c| g.name(c)).collect::<Vec<_>>());
    if let Some(l) = e.life {
        check("life", format!("{l:?}"), both(&|p| g.player(p).life.to_string()));
    }
    if let Some(n) = e.action_points {
        check("action points", format!("{n:?}"), both(&|p| g.player(p).action_points.to_string()));
    }
    if let Some(n) = e.resources {
        check("resources", format!("{n:?}"), both(&|p| g.player(p).resources.to_string()));
    }
    if let Some(n) = e.hand {
        check("hand sizes", format!("{n:?}"), both(&|p| g.player(p).hand.len().to_string()));
    }
    if let Some(n) = e.pitch {
        check("pitch zones", format!("{n:?}"), both(&|p| g.player(p).pitch.len().to_string()));
    }
    for (what, want, zone) in [
        ("graveyards", &e.graveyard, Zone::Graveyard),
        ("arsenals", &e.arsenal, Zone::Arsenal),
        ("equipment", &e.equipment, Zone::Equipment),
        ("decks", &e.deck, Zone::Deck),
        ("banished", &e.banished, Zone::Banished),
        ("face up arsenals", &e.face_up_arsenal, Zone::Hand),
    ] {
        if let Some(w) = want {
            let list = |p: PlayerId| match zone {
                Zone::Graveyard => names(&g.player(p).graveyard),
                Zone::Arsenal => names(&g.player(p).arsenal),
                Zone::Deck => names(&g.player(p).deck),
                Zone::Banished => names(&g.player(p).banished),
                Zone::Hand => {
                    let up: Vec<ObjId> = g.player(p).arsenal.iter().copied().filter(|c| !g.obj(*c).face_down).collect();
                    names(&up)
                }
                _ => names(&g.player(p).equipment),
            };
            check(what, format!("[{:?}, {:?}]", w[0], w[1]), both(&list));
        }
    }
    if let Some(o) = &e.outcome {
        let got = match &g.outcome {
            None => "none".to_string(),
            Some(x) if x.is_draw() => "draw".to_string(),
            Some(x) => x.winner().map_or_else(|| format!("{x:?}"), |w| format!("{w} wins")),
        };
        check("outcome", o.clone(), got);
    }
    let options: Vec<String> = last.iter().flat_map(|d| d.options.iter().map(|o| describe(&g, o))).collect();
    for (want, include) in [(&e.options_include, true), (&e.options_exclude, false)] {
        for t in want.iter().flatten() {
            if options.iter().any(|o| o.eq_ignore_ascii_case(t)) != include {
                let verb = if include { "includes" } else { "excludes" };
                failures.push(format!("{file}: the last decision's options: expected it {verb} {t:?}: {options:?}"));
            }
        }
    }
    if let Some(texts) = &e.trace_in_order {
        let trace = g.trace.render();
        let mut at = 0;
        for t in texts {
            match trace[at..].find(t.as_str()) {
                Some(i) => at += i + t.len(),
                None => failures.push(format!("{file}: the trace does not hold {t:?} after the texts before it")),
            }
        }
    }
    let cited: Vec<&str> = g.trace.lines.iter().map(|l| l.rule).collect();
    for r in &f.rules {
        if !super::rule_numbers::known(r) {
            failures.push(format!("{file}: {r} is not a rule number of the v1.4 text"));
        } else if !cited.contains(&r.as_str()) && !src.contains(&format!("# {r}:")) {
            failures.push(format!("{file}: the trace never cites {r}"));
        }
    }
    Ok(Report { failures, trace: g.trace.render() })
}
