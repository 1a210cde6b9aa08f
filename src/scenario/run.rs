//! Running a scenario: build the board, play the steps, check the expectations.

use super::format::{CardSpec, PlayerSetup, Setup};
use super::{Scenario, ScenarioError};
use crate::kernel::{ObjId, PlayerId};
use crate::riftbound::layers::Keyword;
use crate::riftbound::state::{Bf, Loc, Step, Zone};
use crate::riftbound::{Agent, Ask, CardDb, Choice, Decision, Game, Mode};
use std::collections::{BTreeMap, VecDeque};
use std::sync::Arc;
use std::sync::Mutex;

/// The most copies of a card one `count` puts (a whole deck is 40 cards; more is a typo, and 100
/// million would exhaust memory).
pub const MAX_COPIES: u32 = 200;

/// The blank battlefields every scenario may use, and the two it gets when it names none: no
/// printed battlefield is without text, and a default board should show only what the scenario
/// sets up. They are the scenario runner's own cards (set `SCENARIO`), never part of the pool.
pub const BLANK_BATTLEFIELDS: [&str; 3] = ["North Field", "East Field", "West Field"];

/// `db` with the [`BLANK_BATTLEFIELDS`] added (the same database when it has them already, so a
/// caller running many scenarios adds them once).
pub fn scenario_db(db: Arc<CardDb>) -> Arc<CardDb> {
    if BLANK_BATTLEFIELDS.iter().all(|n| db.lookup(n).is_some()) {
        return db;
    }
    let mut own = (*db).clone();
    add_blank_battlefields(&mut own);
    Arc::new(own)
}

/// Adds the [`BLANK_BATTLEFIELDS`] to `db` (tests that build their own database use them too).
pub fn add_blank_battlefields(db: &mut CardDb) {
    for (i, name) in BLANK_BATTLEFIELDS.iter().enumerate() {
        let id = format!("SCENARIO-{}", name.to_uppercase().replace(' ', "-"));
        let src = format!(
            "id = \"{id}\"\nname = \"{name}\"\ntype = \"battlefield\"\nset = \"SCENARIO\"\nnumber = {}\ntext = \"\"\n",
            i + 1
        );
        match crate::dsl::parse_card(&id, &src) {
            Ok(def) => {
                db.insert(def);
            }
            Err(e) => unreachable!("the blank battlefield {name} is a valid card: {}", e.message),
        }
    }
}

/// One checked expectation.
#[derive(Clone, Debug, PartialEq)]
pub struct Check {
    pub line: usize,
    pub what: String,
    pub ok: bool,
    pub detail: String,
}

/// What running a scenario found.
pub struct Report {
    pub title: String,
    pub checks: Vec<Check>,
    /// A step that could not be played (with file and line), which ends the run.
    pub error: Option<ScenarioError>,
    pub game: Option<Game>,
}

impl Report {
    pub fn passed(&self) -> bool {
        self.error.is_none() && self.checks.iter().all(|c| c.ok)
    }
}

/// Answers decisions from a step's queue; records what it could not answer.
#[derive(Clone, Default)]
struct Answerer {
    state: Arc<Mutex<AnswerState>>,
}

#[derive(Default)]
struct AnswerState {
    /// The discretionary action to take at the next Action decision (an option index).
    action: Option<usize>,
    answers: VecDeque<String>,
    autopay: bool,
    problem: Option<String>,
    /// The setup's labels: an answer that names no option by its text may name one by label.
    labels: BTreeMap<String, ObjId>,
}

impl Agent<Game> for Answerer {
    fn choose(&mut self, game: &Game, d: &Decision) -> usize {
        let mut s = self.state.lock().unwrap();
        if s.problem.is_some() {
            return 0;
        }
        if d.ask == Ask::Action
            && let Some(i) = s.action.take()
        {
            return i;
        }
        let answer = s.answers.front().cloned();
        if let Some(answer) = &answer
            && let Some(i) = match_option(game, d, answer).or_else(|| match_label(game, d, &s.labels, answer))
        {
            s.answers.pop_front();
            return i;
        }
        // A standard move's unit list ends with "done" without saying so.
        if d.ask == Ask::MoveUnits
            && let Some(i) = d.options.iter().position(|c| *c == Choice::Done)
        {
            return i;
        }
        if s.autopay && d.ask == Ask::PayCost {
            return 0;
        }
        let options = options_text(game, d);
        s.problem = Some(match answer {
            Some(answer) => format!("the answer `{answer}` is not an option of {} {:?}: {options}", d.player, d.ask),
            None => format!("{} must decide {:?} and the step gives no answer: {options}", d.player, d.ask),
        });
        0
    }
}

fn options_text(game: &Game, d: &Decision) -> String {
    d.options.iter().map(|c| format!("`{}`", plain(&game.describe_choice(c)))).collect::<Vec<_>>().join(", ")
}

/// An option's description without object numbers: "Mega-Mech (#12)" -> "Mega-Mech".
fn plain(s: &str) -> String {
    let mut out = String::new();
    let mut rest = s;
    while let Some(i) = rest.find(" (#") {
        out.push_str(&rest[..i]);
        rest = rest[i..].find(')').map_or("", |j| &rest[i + j + 1..]);
    }
    out.push_str(rest);
    out
}

/// Finds the option an answer names: the option's text, or a rune ability as "exhaust NAME" /
/// "recycle NAME", case-insensitive; otherwise the only option containing the answer.
fn match_option(game: &Game, d: &Decision, answer: &str) -> Option<usize> {
    let want = answer.trim().to_lowercase();
    let texts: Vec<Vec<String>> = d
        .options
        .iter()
        .map(|c| {
            let mut names = vec![plain(&game.describe_choice(c)).to_lowercase()];
            if let Choice::Activate(o, i) = c {
                let n = game.name(*o).to_lowercase();
                names.push(if *i == 0 { format!("exhaust {n}") } else { format!("recycle {n}") });
            }
            if let Choice::Obj(o) | Choice::First(o) | Choice::Last(o) = c {
                names.push(game.name(*o).to_lowercase());
            }
            names
        })
        .collect();
    if let Some(i) = texts.iter().position(|t| t.contains(&want)) {
        return Some(i);
    }
    let partial: Vec<usize> = (0..texts.len()).filter(|&i| texts[i].iter().any(|t| t.contains(&want))).collect();
    (partial.len() == 1).then(|| partial[0])
}

/// Finds the option that is the object a setup label names (e.g. one of several Recruits).
fn match_label(game: &Game, d: &Decision, labels: &BTreeMap<String, ObjId>, answer: &str) -> Option<usize> {
    let mut id = *labels.get(&answer.trim().to_lowercase())?;
    while let Some(n) = game.obj(id).next {
        id = n;
    }
    d.options.iter().position(|c| matches!(c, Choice::Obj(o) | Choice::First(o) | Choice::Last(o) if *o == id))
}

/// Sets the scenario's board up. Labels name objects for the steps and expectations.
fn build(s: &Scenario, db: Arc<CardDb>, answerer: &Answerer) -> Result<(Game, BTreeMap<String, ObjId>), ScenarioError> {
    let setup: &Setup = &s.body.setup;
    let err = |needle: &str, message: String| ScenarioError { file: s.file.clone(), line: s.line_of(needle), message };
    let db = if setup.vanilla { Arc::new(db.vanilla()) } else { db };
    // The number of players: 3 when `[setup.P3]` is given, 4 with `[setup.P4]` (turn order P1,
    // P2, P3, P4), or the mode's.
    let mode = match &setup.mode {
        None => None,
        Some(m) => Some(
            Mode::by_name(m)
                .ok_or_else(|| err("mode", format!("unknown mode `{m}`: expected one of {}", Mode::names())))?,
        ),
    };
    let given = if setup.p4.is_some() {
        4
    } else if setup.p3.is_some() {
        3
    } else {
        mode.as_ref().filter(|m| m.players > 2).map_or(2, |m| m.players as u8)
    };
    let n = setup.players.unwrap_or(given);
    if let Some(m) = &mode
        && m.players != n as usize
    {
        return Err(err("mode", format!("{}: a {} has {} players, not {n}", m.rule_of("1"), m.name, m.players)));
    }
    if !(2..=4).contains(&n) || (n < 3 && setup.p3.is_some()) || (n < 4 && setup.p4.is_some()) {
        return Err(err(
            "players",
            format!("`players = {n}`: expected 2, 3 (with [setup.P3]) or 4 (with [setup.P3] and [setup.P4])"),
        ));
    }
    let bfs: Vec<String> =
        setup.battlefields.clone().unwrap_or_else(|| BLANK_BATTLEFIELDS[..2].iter().map(|b| b.to_string()).collect());
    if n == 3 && bfs.len() != 3 {
        return Err(err("[setup]", "a three-player scenario lists three `battlefields` (P1's, P2's, P3's)".into()));
    }
    if n == 4 && bfs.len() != 3 {
        return Err(err(
            "[setup]",
            "a four-player scenario lists three `battlefields` (P2's, P3's, P4's: P1 goes first, 461.4.b)".into(),
        ));
    }
    let names: Vec<&str> = bfs.iter().map(|b| b.as_str()).collect();
    let mut g = Game::blank_players(db.clone(), &names, setup.seed.unwrap_or(1), n as usize)
        .map_err(|m| err("battlefields", m))?;
    if let Some(m) = mode {
        g.mode = m;
    }
    let mut labels: BTreeMap<String, ObjId> = BTreeMap::new();
    let bf_index = |name: &str| -> Option<Bf> { bfs.iter().position(|b| b.eq_ignore_ascii_case(name)).map(Bf::new) };
    let p3 = setup.p3.as_ref().map(|ps| (PlayerId(2), ps));
    let p4 = setup.p4.as_ref().map(|ps| (PlayerId(3), ps));
    let mut attachments = Vec::new();
    for (p, ps) in [(PlayerId(0), &setup.p1), (PlayerId(1), &setup.p2)].into_iter().chain(p3).chain(p4) {
        place_player(s, &mut g, &mut labels, &mut attachments, p, ps, &bf_index)?;
    }
    // SFD-421: cards that start attached, once every unit is placed; the board as given triggers
    // nothing ("When you attach an Equipment to me").
    for (card, to) in attachments {
        let top = find(&g, &labels, &to).ok_or_else(|| err(&to, format!("`{to}`: no such unit in the setup")))?;
        if !g.attach(card, top) {
            return Err(err(&to, format!("`{to}`: {} can't be attached to it", g.describe(card))));
        }
    }
    let _ = g.trigger_index.take_new(g.events.len());
    for (bf, who) in &setup.control {
        let b = bf_index(bf)
            .ok_or_else(|| err(bf, format!("unknown battlefield `{bf}`: this scenario's are {}", bfs.join(", "))))?;
        let p = parse_player(who)
            .filter(|p| p.index() < g.players.len())
            .ok_or_else(|| err(bf, format!("`{who}`: not a player of this scenario")))?;
        g.set_controller(b, Some(p));
    }
    for (bf, who) in &setup.contested {
        let b = bf_index(bf)
            .ok_or_else(|| err(bf, format!("unknown battlefield `{bf}`: this scenario's are {}", bfs.join(", "))))?;
        let p = parse_player(who)
            .filter(|p| p.index() < g.players.len())
            .ok_or_else(|| err(bf, format!("`{who}`: not a player of this scenario")))?;
        g.battlefields[b].contested_by = Some(p);
    }
    if let Some(tp) = &setup.turn_player {
        let p = parse_player(tp)
            .filter(|p| p.index() < g.players.len())
            .ok_or_else(|| err("turn_player", format!("`{tp}`: not a player of this scenario")))?;
        g.turn_player = p;
        g.player_mut(p).turns_taken = g.player(p).turns_taken.max(1);
    }
    if let Some(t) = setup.turn {
        g.turn = t;
    }
    if let Some(step) = &setup.step {
        g.step = parse_step(step).ok_or_else(|| {
            err(
                "step",
                format!("unknown step `{step}`: expected awaken, beginning, scoring, channel, draw, action or ending"),
            )
        })?;
    }
    g.priority = g.priority_holder();
    // The board as given is where the game starts: a unit Mighty on it already is Mighty, it
    // does not become Mighty (709) as the board settles.
    g.mighty_stale = true;
    g.trace.on = true;
    // Settling the board may need decisions (two staged combats: 435.1): the setup's `answers`.
    {
        let mut a = answerer.state.lock().unwrap();
        a.answers = setup.answers.iter().cloned().collect();
        a.labels = labels.clone();
        a.autopay = setup.autopay.unwrap_or(true);
    }
    g.set_agents((0..g.players.len()).map(|_| Box::new(answerer.clone()) as Box<dyn Agent<Game>>).collect());
    g.cleanup().map_err(|e| err("[setup]", format!("the board needs a decision to settle: {e:?}")))?;
    if let Some(p) = answerer.state.lock().unwrap().problem.take() {
        return Err(err("[setup]", format!("settling the board: {p} (give it in the setup's `answers`)")));
    }
    let left = answerer.state.lock().unwrap().answers.len();
    if left > 0 {
        return Err(err(
            "answers",
            format!("{left} setup answer(s) were not needed: {:?}", answerer.state.lock().unwrap().answers),
        ));
    }
    Ok((g, labels))
}

fn place_player(
    s: &Scenario,
    g: &mut Game,
    labels: &mut BTreeMap<String, ObjId>,
    attachments: &mut Vec<(ObjId, String)>,
    p: PlayerId,
    ps: &PlayerSetup,
    bf_index: &dyn Fn(&str) -> Option<Bf>,
) -> Result<(), ScenarioError> {
    let err = |needle: &str, message: String| ScenarioError { file: s.file.clone(), line: s.line_of(needle), message };
    let put = |g: &mut Game,
               labels: &mut BTreeMap<String, ObjId>,
               attachments: &mut Vec<(ObjId, String)>,
               spec: &CardSpec,
               zone: Zone|
     -> Result<(), ScenarioError> {
        let st = spec.state();
        if st.count > MAX_COPIES {
            return Err(err(
                &st.card,
                format!("count = {}: a scenario puts at most {MAX_COPIES} copies of a card", st.count),
            ));
        }
        for _ in 0..st.count.max(1) {
            let id = g
                .put(&st.card, p, zone)
                .map_err(|m| err(&st.card, format!("{m}: check the name against `riftbound card show`")))?;
            let o = g.obj_mut(id);
            o.exhausted = st.exhausted;
            o.damage = st.damage;
            o.buffs = u8::from(st.buffed);
            o.stunned = st.stunned;
            let label = st.label.clone().unwrap_or_else(|| st.card.clone());
            labels.entry(label.to_lowercase()).or_insert(id);
            if let Some(to) = &st.attached_to {
                attachments.push((id, to.clone()));
            }
        }
        Ok(())
    };
    if let Some(l) = &ps.legend {
        put(g, labels, attachments, l, Zone::LegendZone)?;
    }
    if let Some(c) = &ps.champion {
        put(g, labels, attachments, c, Zone::ChampionZone)?;
    }
    for c in &ps.hand {
        put(g, labels, attachments, c, Zone::Hand)?;
    }
    for c in &ps.deck {
        put(g, labels, attachments, c, Zone::MainDeck)?;
    }
    if !ps.deck_rest.is_empty() {
        let top = g.player(p).main_deck.len();
        for c in &ps.deck_rest {
            put(g, labels, attachments, c, Zone::MainDeck)?;
        }
        let mut rest = g.player_mut(p).main_deck.split_off(top);
        g.rng.shuffle(&mut rest);
        g.player_mut(p).main_deck.extend(rest);
    }
    for c in &ps.rune_deck {
        put(g, labels, attachments, c, Zone::RuneDeck)?;
    }
    for c in &ps.trash {
        put(g, labels, attachments, c, Zone::Trash)?;
    }
    for c in &ps.runes {
        put(g, labels, attachments, c, Zone::Base)?;
    }
    for c in &ps.base {
        put(g, labels, attachments, c, Zone::Base)?;
    }
    for (bf, cards) in &ps.at {
        let b = bf_index(bf).ok_or_else(|| err(bf, format!("unknown battlefield `{bf}`")))?;
        for c in cards {
            put(g, labels, attachments, c, Zone::Battlefield(b))?;
        }
    }
    for (bf, c) in &ps.facedown {
        let b = bf_index(bf).ok_or_else(|| err(bf, format!("unknown battlefield `{bf}`")))?;
        put(g, labels, attachments, c, Zone::Facedown(b))?;
    }
    g.player_mut(p).points = ps.points;
    g.set_xp(p, ps.xp);
    if let Some(pool) = &ps.pool {
        let power =
            crate::riftbound::cards::parse_power(&pool.power, Default::default()).map_err(|m| err("pool", m))?;
        let domains: Vec<_> = power
            .iter()
            .filter_map(|x| match x {
                crate::riftbound::cards::PowerSymbol::Of(d) => Some(*d),
                crate::riftbound::cards::PowerSymbol::Any => None,
            })
            .collect();
        let any = power.len() as u32 - domains.len() as u32;
        g.add(p, pool.energy, &domains, any);
    }
    Ok(())
}

pub(crate) fn parse_player(s: &str) -> Option<PlayerId> {
    match s.trim().to_ascii_uppercase().as_str() {
        "P1" => Some(PlayerId(0)),
        "P2" => Some(PlayerId(1)),
        "P3" => Some(PlayerId(2)),
        "P4" => Some(PlayerId(3)),
        _ => None,
    }
}

fn parse_step(s: &str) -> Option<Step> {
    Some(match s.trim().to_ascii_lowercase().as_str() {
        "awaken" => Step::Awaken,
        "beginning" => Step::Beginning,
        "scoring" => Step::Scoring,
        "channel" => Step::Channel,
        "draw" => Step::Draw,
        "action" => Step::Action,
        "ending" => Step::Ending,
        _ => return None,
    })
}

/// Runs a scenario against a card database.
pub fn run(s: &Scenario, db: Arc<CardDb>) -> Report {
    let mut report = Report { title: s.body.title.clone(), checks: Vec::new(), error: None, game: None };
    let db = scenario_db(db);
    let db = if s.body.cards.is_empty() {
        db
    } else {
        let mut own = (*db).clone();
        let mut inserted = Vec::new();
        for card in &s.body.cards {
            let src = toml::to_string(card.get_ref()).unwrap_or_default();
            let name = format!("{} [[card]] at line {}", s.file, s.line(card.span().start));
            match crate::dsl::parse_card(&name, &src) {
                Ok(def) => {
                    if let Some(d) = &def.unsupported {
                        report.error = Some(ScenarioError {
                            file: s.file.clone(),
                            line: s.line(card.span().start),
                            message: format!("the card's text does not compile: {}", d.message),
                        });
                        return report;
                    }
                    let line = s.line(card.span().start);
                    inserted.push((own.insert(def), line));
                }
                Err(e) => {
                    report.error = Some(ScenarioError {
                        file: s.file.clone(),
                        line: s.line(card.span().start),
                        message: e.message,
                    });
                    return report;
                }
            }
        }
        // A script may name a tag another of the scenario's cards has.
        own.check_script_tags();
        if let Some((d, line)) = inserted.iter().find_map(|&(i, l)| Some((own.get(i).unsupported.as_ref()?, l))) {
            report.error = Some(ScenarioError {
                file: s.file.clone(),
                line,
                message: format!("the card's script does not check: {}", d.message),
            });
            return report;
        }
        Arc::new(own)
    };
    let answerer = Answerer::default();
    let (mut g, labels) = match build(s, db, &answerer) {
        Ok(x) => x,
        Err(e) => {
            report.error = Some(e);
            return report;
        }
    };
    for step in &s.body.steps {
        let line = s.line(step.span().start);
        let st = step.get_ref();
        let fail = |message: String| ScenarioError { file: s.file.clone(), line, message };
        {
            let mut a = answerer.state.lock().unwrap();
            a.answers = st.answers.iter().cloned().collect();
            a.problem = None;
            a.action = None;
        }
        if let Some(action) = &st.action {
            if let Err(m) = perform(&mut g, &answerer, action) {
                report.error = Some(fail(m));
                break;
            }
            if let Some(p) = answerer.state.lock().unwrap().problem.take() {
                report.error = Some(fail(p));
                break;
            }
            let left = answerer.state.lock().unwrap().answers.len();
            if left > 0 {
                report.error = Some(fail(format!(
                    "{left} answer(s) were not needed (a decision with a single option is taken without asking): {:?}",
                    answerer.state.lock().unwrap().answers
                )));
                break;
            }
        }
        if let Some(expect) = &st.expect {
            for (key, value) in expect {
                report.checks.extend(super::run::expect(&g, &labels, key, value, line));
            }
        }
    }
    report.game = Some(g);
    report
}

/// Plays one step's action through the game loop.
fn perform(g: &mut Game, a: &Answerer, action: &str) -> Result<(), String> {
    let text = action.trim();
    if text.eq_ignore_ascii_case("next") {
        if g.priority_holder().is_some() {
            return Err(format!(
                "`next` runs a step no one acts in, but {} holds priority: say what they do",
                g.priority_holder().unwrap()
            ));
        }
        return g.step().map(|_| ()).map_err(|e| format!("the game stopped: {e:?}"));
    }
    let (who, verb) = text.split_once(' ').ok_or_else(|| format!("`{text}`: expected `P1 <action>` or `next`"))?;
    let p = parse_player(who)
        .filter(|p| p.index() < g.players.len())
        .ok_or_else(|| format!("`{who}`: not a player of this scenario (P1, P2, or P3 in a three-player one)"))?;
    let verb = verb.trim();
    if verb.eq_ignore_ascii_case("concede") {
        return g.concede(p).map_err(|e| format!("the game stopped: {e:?}"));
    }
    let (index, movers) = action_index(g, p, verb)?;
    {
        let mut st = a.state.lock().unwrap();
        for u in movers.iter().rev() {
            st.answers.push_front(u.clone());
        }
        st.action = Some(index);
    }
    g.step().map(|_| ()).map_err(|e| format!("the game stopped: {e:?}"))
}

/// The option of `p`'s discretionary action `verb` (`play X`, `activate X`, `move A, B to Y`...),
/// with the units a move names; an error, citing the rule, if `p` can't take it now.
fn action_index(g: &Game, p: PlayerId, verb: &str) -> Result<(usize, Vec<String>), String> {
    let holder = g.priority_holder();
    if holder != Some(p) {
        return Err(match holder {
            Some(h) => format!("312.1: only the player with priority acts, and {h} has it, not {p}"),
            None => format!("312.1: no one has priority in the {:?} step; use `next` to move the turn on", g.step),
        });
    }
    let options = g.action_options(p);
    let mut movers: Vec<String> = Vec::new();
    let lower = verb.to_lowercase();
    let pick = |pred: &dyn Fn(&Choice) -> bool| options.iter().position(pred);
    let index = if lower == "pass" {
        pick(&|c| *c == Choice::Pass)
            .ok_or("there is nothing to pass: in a neutral open state the turn player ends the turn (316.6), or offers it to a teammate who has not declined it (316.2.b.1)")?
    } else if lower == "end turn" {
        pick(&|c| *c == Choice::EndTurn).ok_or("316.6: the turn ends only from the neutral open state")?
    } else if lower == "add resources" {
        pick(&|c| *c == Choice::AddResources).ok_or("157.2: no rune ability can be activated")?
    } else if let Some(card) = lower.strip_prefix("play ") {
        pick(&|c| matches!(c, Choice::Play(o) if g.name(*o).to_lowercase() == card))
            .ok_or_else(|| why_not_play(g, p, card))?
    } else if let Some(rest) = lower.strip_prefix("activate ") {
        let (card, n) = match rest.rsplit_once(" ability ") {
            Some((c, n)) => (c.to_string(), n.trim().parse::<u8>().ok()),
            None => (rest.to_string(), None),
        };
        pick(&|c| matches!(c, Choice::Activate(o, i) if g.name(*o).to_lowercase() == card && n.is_none_or(|n| *i + 1 == n)))
            .ok_or_else(|| format!("`{card}` has no ability {p} may activate now (369-374: timing, costs, targets)"))?
    } else if let Some(rest) = lower.strip_prefix("move ") {
        let (units, dest) = rest.rsplit_once(" to ").ok_or("`move`: expected `move UNIT[, UNIT] to LOCATION`")?;
        let dest_loc = if dest == "base" {
            Loc::Base(p)
        } else {
            let b = g
                .battlefields
                .iter()
                .position(|bf| g.name(bf.obj).to_lowercase() == dest)
                .ok_or_else(|| format!("unknown location `{dest}`"))?;
            Loc::Battlefield(Bf::new(b))
        };
        let i = pick(&|c| *c == Choice::StandardMove(dest_loc))
            .ok_or_else(|| format!("141: {p} has no unit that can make a standard move to {dest} now (ready units, own turn, neutral open state)"))?;
        let names: Vec<String> = g.standard_move_units(p, dest_loc).iter().map(|u| g.name(*u).to_lowercase()).collect();
        movers = split_names(units, &names);
        // A single unit able to make the move is taken without asking: check it is the one named.
        if let [only] = g.standard_move_units(p, dest_loc).as_slice() {
            if !g.name(*only).to_lowercase().contains(&movers.join(", ")) {
                return Err(format!("141: only {} can make a standard move to {dest} now", g.name(*only)));
            }
            movers.clear();
        }
        i
    } else if let Some(rest) = lower.strip_prefix("hide ") {
        let (card, at) = rest.rsplit_once(" at ").ok_or("`hide`: expected `hide CARD at BATTLEFIELD`")?;
        pick(&|c| {
            let t = plain(&g.describe_choice(c)).to_lowercase();
            t == format!("hide {card} at {at}")
        })
        .ok_or_else(|| format!("408 / 727: {p} can't hide `{card}` at `{at}` now"))?
    } else {
        return Err(format!("`{verb}`: expected play, activate, move, hide, pass, end turn, add resources or concede"));
    };
    Ok((index, movers))
}

/// The unit names of a `move` list, "a, b": a name may hold a comma ("Azir, Sovereign"), so
/// each item is the longest of `names` that begins there and ends at a comma or the end; an
/// item matching none runs to the next comma (and is reported as unknown where it is used).
fn split_names(list: &str, names: &[String]) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = list.trim();
    while !rest.is_empty() {
        let known = names
            .iter()
            .filter(|n| rest.starts_with(n.as_str()) && (rest.len() == n.len() || rest[n.len()..].starts_with(',')))
            .map(String::len)
            .max();
        let len = known.unwrap_or_else(|| rest.find(',').unwrap_or(rest.len()));
        out.push(rest[..len].trim().to_string());
        rest = rest[len..].trim_start_matches(',').trim_start();
    }
    out
}

/// Why a card can't be played now, citing the rule.
fn why_not_play(g: &Game, p: PlayerId, card: &str) -> String {
    let pl = g.player(p);
    let held = pl.hand.iter().chain(pl.champion_zone.iter()).copied().find(|o| g.name(*o).to_lowercase() == card);
    let Some(o) = held else {
        return format!("`{card}` is not in {p}'s hand or champion zone");
    };
    let timing = g.card_timing(o);
    if !g.timing_allows(p, timing) {
        return format!(
            "310: `{card}` can't be played in this state ({}, {}): it needs {}",
            if g.showdown.is_some() { "showdown" } else { "neutral" },
            if g.chain.is_empty() { "open" } else { "closed" },
            match timing {
                crate::riftbound::play::Timing::Normal => "a neutral open state on its controller's turn (310.1.a)",
                crate::riftbound::play::Timing::Action => "[Action] timing (722)",
                crate::riftbound::play::Timing::Reaction => "[Reaction] timing (729)",
            }
        );
    }
    format!("398.1.b.2: {p} can't pay for `{card}` now")
}

/// Finds the current incarnation of a labelled object, or any object by card name.
fn find(g: &Game, labels: &BTreeMap<String, ObjId>, name: &str) -> Option<ObjId> {
    let key = name.trim().to_lowercase();
    if let Some(&id) = labels.get(&key) {
        let mut id = id;
        while let Some(n) = g.obj(id).next {
            id = n;
        }
        return Some(id);
    }
    let live = |o: &&crate::riftbound::state::Obj| o.alive;
    let by_name: Vec<ObjId> = g
        .objs
        .iter()
        .enumerate()
        .filter(|(_, o)| live(o))
        .map(|(i, _)| ObjId(i as u32))
        .filter(|o| g.name(*o).to_lowercase() == key)
        .collect();
    by_name.iter().copied().find(|o| g.obj(*o).zone.is_board()).or(by_name.first().copied())
}

fn zone_name(g: &Game, o: ObjId) -> String {
    let obj = g.obj(o);
    match obj.zone {
        Zone::Base => "base".into(),
        Zone::Battlefield(b) => g.name(g.battlefields[b].obj).to_string(),
        Zone::Facedown(b) => format!("facedown at {}", g.name(g.battlefields[b].obj)),
        Zone::MainDeck => "deck".into(),
        Zone::RuneDeck => "rune deck".into(),
        Zone::Hand => "hand".into(),
        Zone::Trash => "trash".into(),
        Zone::Banishment => "banishment".into(),
        Zone::ChampionZone => "champion zone".into(),
        Zone::LegendZone => "legend zone".into(),
        Zone::Chain => "chain".into(),
        Zone::Gone => "gone".into(),
        Zone::SetAside => "set aside".into(),
        Zone::BattlefieldZone => "battlefield zone".into(),
    }
}

/// Checks one expectation key; returns one check per compared field.
pub(super) fn expect(
    g: &Game,
    labels: &BTreeMap<String, ObjId>,
    key: &str,
    value: &toml::Value,
    line: usize,
) -> Vec<Check> {
    let mut out = Vec::new();
    let mut check = |what: String, ok: bool, detail: String| out.push(Check { line, what, ok, detail });
    let state_text = || {
        format!(
            "{} {}",
            if g.showdown.is_some() { "showdown" } else { "neutral" },
            if g.chain.is_empty() { "open" } else { "closed" }
        )
    };
    let player_text = |p: Option<PlayerId>| p.map_or("none".to_string(), |p| p.to_string());
    match key {
        "priority" => {
            let got = player_text(g.priority_holder());
            check(format!("priority = {value}"), value.as_str() == Some(got.as_str()), format!("priority: {got}"));
        }
        "focus" => {
            let got = player_text(g.showdown.as_ref().map(|s| s.focus));
            check(format!("focus = {value}"), value.as_str() == Some(got.as_str()), format!("focus: {got}"));
        }
        "state" => {
            let got = state_text();
            check(format!("state = {value}"), value.as_str() == Some(got.as_str()), format!("state: {got}"));
        }
        "step" => {
            let got = format!("{:?}", g.step).to_lowercase();
            check(
                format!("step = {value}"),
                value.as_str().map(|v| v.to_lowercase()) == Some(got.clone()),
                format!("step: {got}"),
            );
        }
        "turn_player" => {
            let got = g.turn_player.to_string();
            check(
                format!("turn_player = {value}"),
                value.as_str() == Some(got.as_str()),
                format!("turn player: {got}"),
            );
        }
        "turn" => {
            check(format!("turn = {value}"), value.as_integer() == Some(g.turn as i64), format!("turn: {}", g.turn));
        }
        "chain" => {
            check(
                format!("chain = {value}"),
                value.as_integer() == Some(g.chain.len() as i64),
                format!("chain items: {}", g.chain.len()),
            );
        }
        "winner" => {
            let got = player_text(g.winner());
            check(format!("winner = {value}"), value.as_str() == Some(got.as_str()), format!("winner: {got}"));
        }
        "can" => {
            // Actions that must be possible now (as a step's `do` says them): `P2 play Void Seeker`.
            for want in value.as_array().into_iter().flatten() {
                let text = want.as_str().unwrap_or_default().trim();
                let got = match text.split_once(' ') {
                    Some((who, verb)) => match parse_player(who) {
                        Some(p) => action_index(g, p, verb.trim()).map(|_| ()),
                        None => Err(format!("`{who}`: expected P1, P2 or P3")),
                    },
                    None => Err(format!("`{text}`: expected `P1 <action>`")),
                };
                check(format!("can `{text}`"), got.is_ok(), got.err().unwrap_or_else(|| "it is an option".into()));
            }
        }
        "cannot" => {
            // Actions that must not be possible now: `P1 activate Vi, Destructive`; shows why.
            for want in value.as_array().into_iter().flatten() {
                let text = want.as_str().unwrap_or_default().trim();
                let got = match text.split_once(' ') {
                    Some((who, verb)) => match parse_player(who) {
                        Some(p) => action_index(g, p, verb.trim()).map(|_| ()),
                        None => Ok(()),
                    },
                    None => Ok(()),
                };
                check(
                    format!("cannot `{text}`"),
                    got.is_err(),
                    match got {
                        Err(why) => format!("refused: {why}"),
                        Ok(()) => "the action is possible (or not an action `P1 <verb> ...`)".into(),
                    },
                );
            }
        }
        "control" => {
            for (bf, who) in value.as_table().into_iter().flatten() {
                let b = g.battlefields.iter().find(|x| g.name(x.obj).eq_ignore_ascii_case(bf));
                let got = player_text(b.and_then(|b| b.controller));
                check(
                    format!("control of {bf} = {who}"),
                    who.as_str() == Some(got.as_str()),
                    format!("controller: {got}"),
                );
            }
        }
        "contested" => {
            for (bf, who) in value.as_table().into_iter().flatten() {
                let b = g.battlefields.iter().find(|x| g.name(x.obj).eq_ignore_ascii_case(bf));
                let got = player_text(b.and_then(|b| b.contested_by));
                check(
                    format!("{bf} contested by {who}"),
                    who.as_str() == Some(got.as_str()),
                    format!("contested by: {got}"),
                );
            }
        }
        "trace" => {
            let lines = trace_lines(g);
            for want in value.as_array().into_iter().flatten() {
                let w = want.as_str().unwrap_or_default();
                let ok = lines.iter().any(|l| l.contains(w));
                check(format!("trace contains `{w}`"), ok, if ok { "found".into() } else { "not in the trace".into() });
            }
        }
        "not_trace" => {
            // Lines the whole trace so far must not contain.
            let lines = trace_lines(g);
            for unwanted in value.as_array().into_iter().flatten() {
                let w = unwanted.as_str().unwrap_or_default();
                let found = lines.iter().find(|l| l.contains(w));
                check(
                    format!("trace lacks `{w}`"),
                    found.is_none(),
                    found.map_or("not in the trace".into(), |l| format!("found: {l}")),
                );
            }
        }
        _ if parse_player(key).is_some_and(|p| p.index() < g.players.len()) => {
            let p = parse_player(key).unwrap();
            let pl = g.player(p);
            for (field, want) in value.as_table().into_iter().flatten() {
                let got: Option<i64> = match field.as_str() {
                    "points" => Some(pl.points as i64),
                    "xp" => Some(g.xp(p) as i64),
                    "hand" => Some(pl.hand.len() as i64),
                    "deck" => Some(pl.main_deck.len() as i64),
                    "trash" => Some(pl.trash.len() as i64),
                    "banishment" => Some(pl.banishment.len() as i64),
                    "runes" => Some(pl.runes.len() as i64),
                    "ready_runes" => Some(pl.runes.iter().filter(|r| !g.obj(**r).exhausted).count() as i64),
                    "rune_deck" => Some(pl.rune_deck.len() as i64),
                    "energy" => Some(pl.pool.energy as i64),
                    // 416.1: Energy added "Use only to play spells" (Lux, Crownguard).
                    "spell_energy" => Some(pl.pool.spell_energy as i64),
                    "power" => Some(pl.pool.power_total() as i64),
                    // Units on the board the player controls; those at their base; tokens among them.
                    "units" => Some(g.all_units().iter().filter(|u| g.controller(**u) == p).count() as i64),
                    "base_units" => Some(
                        g.all_units()
                            .iter()
                            .filter(|u| g.controller(**u) == p && g.location(**u) == Some(Loc::Base(p)))
                            .count() as i64,
                    ),
                    "gear" => {
                        let gear = crate::riftbound::abilities::UnitFilter {
                            kind: crate::riftbound::cards::CardType::Gear,
                            ..crate::riftbound::abilities::UnitFilter::units()
                        };
                        Some(g.matching(&gear, Some(p), None).iter().filter(|x| g.controller(**x) == p).count() as i64)
                    }
                    "tokens" => {
                        Some(g.all_units().iter().filter(|u| g.controller(**u) == p && g.obj(**u).token).count() as i64)
                    }
                    _ => None,
                };
                match got {
                    Some(n) => check(format!("{key}.{field} = {want}"), want.as_integer() == Some(n), format!("{key}.{field}: {n}")),
                    None => check(format!("{key}.{field}"), false, "unknown player field: expected points, xp, hand, deck, trash, banishment, runes, ready_runes, rune_deck, energy, spell_energy, power, units, base_units, gear or tokens".into()),
                }
            }
        }
        name => {
            let Some(o) = find(g, labels, name) else {
                check(
                    format!("`{name}`"),
                    false,
                    "no such object: not a label from the setup nor a card name in the game".into(),
                );
                return out;
            };
            for (field, want) in value.as_table().into_iter().flatten() {
                let obj = g.obj(o);
                let (ok, got) = match field.as_str() {
                    "zone" => {
                        let z = zone_name(g, o);
                        (want.as_str().is_some_and(|w| w.eq_ignore_ascii_case(&z)), z)
                    }
                    "might" => (want.as_integer() == Some(g.might(o) as i64), g.might(o).to_string()),
                    "damage" => (want.as_integer() == Some(obj.damage as i64), obj.damage.to_string()),
                    "exhausted" => (want.as_bool() == Some(obj.exhausted), obj.exhausted.to_string()),
                    "buffed" => (want.as_bool() == Some(obj.buffs > 0), (obj.buffs > 0).to_string()),
                    "stunned" => (want.as_bool() == Some(obj.stunned), obj.stunned.to_string()),
                    "controller" => {
                        let c = g.controller(o).to_string();
                        (want.as_str() == Some(c.as_str()), c)
                    }
                    "mighty" => (want.as_bool() == Some(g.is_mighty(o)), g.is_mighty(o).to_string()),
                    // SFD-421: the top-most card it is attached to, by name, or "none".
                    "attached_to" => {
                        let top = g.top_most_of(o).map_or_else(|| "none".to_string(), |t| g.name(t).to_string());
                        (want.as_str().is_some_and(|w| w.eq_ignore_ascii_case(&top)), top)
                    }
                    "deck_position" => {
                        // 1 is the top card of its owner's Main Deck.
                        let pos = (obj.zone == Zone::MainDeck)
                            .then(|| g.player(obj.owner).main_deck.iter().position(|c| *c == o))
                            .flatten()
                            .map(|i| i as i64 + 1);
                        (
                            pos.is_some() && want.as_integer() == pos,
                            pos.map_or("not in a Main Deck".into(), |i| i.to_string()),
                        )
                    }
                    "keywords" => {
                        let k = g.chars(o).keywords;
                        let have: Vec<String> = k
                            .iter()
                            .map(|x| match x {
                                Keyword::Assault => format!("Assault {}", k.assault),
                                Keyword::Shield => format!("Shield {}", k.shield),
                                Keyword::Deflect => format!("Deflect {}", k.deflect),
                                Keyword::Hunt => format!("Hunt {}", k.hunt),
                                other => format!("{other:?}"),
                            })
                            .collect();
                        let wanted: Vec<String> = want
                            .as_array()
                            .into_iter()
                            .flatten()
                            .filter_map(|v| v.as_str().map(String::from))
                            .collect();
                        let mut a = have.clone();
                        let mut b = wanted.clone();
                        a.sort();
                        b.sort();
                        (a == b, format!("{have:?}"))
                    }
                    other => (
                        false,
                        format!(
                            "unknown field `{other}`: expected zone, might, damage, exhausted, buffed, stunned, controller, mighty, attached_to, keywords or deck_position"
                        ),
                    ),
                };
                check(format!("{name}.{field} = {want}"), ok, format!("{name}.{field}: {got}"));
            }
        }
    }
    out
}

/// The trace's lines as `[rule] text`, each also without its object ids ("North Field (#12)" as
/// "North Field"), so an expectation may name objects with or without their ids.
fn trace_lines(g: &Game) -> Vec<String> {
    let mut out = Vec::new();
    for l in &g.trace.lines {
        let line = format!("[{}] {}", l.rule, l.text);
        let mut plain = String::with_capacity(line.len());
        let mut rest = line.as_str();
        while let Some(i) = rest.find(" (#") {
            let digits = rest[i + 3..]
                .find(')')
                .filter(|&j| j > 0 && rest[i + 3..i + 3 + j].bytes().all(|b| b.is_ascii_digit()));
            match digits {
                Some(j) => {
                    plain.push_str(&rest[..i]);
                    rest = &rest[i + 3 + j + 1..];
                }
                None => {
                    plain.push_str(&rest[..i + 3]);
                    rest = &rest[i + 3..];
                }
            }
        }
        plain.push_str(rest);
        out.push(line);
        out.push(plain);
    }
    out
}
