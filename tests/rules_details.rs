//! Details of the rules of play (300-458) and the additional rules (700-733) that the area test
//! files leave out: layers and dependencies, buffs, keyword values and redundancy, keywords as
//! referenceable characteristics, game actions' sub-rules, the Duel's parameters. Each test names
//! exactly the rules it checks.

use riftbound::kernel::{ObjId, PlayerId};
use riftbound::riftbound::actions::Pos;
use riftbound::riftbound::events::Event;
use riftbound::riftbound::layers::{Condition, Duration, Filter, Keyword, Modification};
use riftbound::riftbound::state::Role;
use riftbound::riftbound::{Agent, Ask, CardDb, Choice, Decision, Domain, Game, Loc, Step, Zone};
use std::cell::RefCell;
use std::collections::VecDeque;
use std::rc::Rc;
use std::sync::{Arc, OnceLock};

const P1: PlayerId = PlayerId(0);
const P2: PlayerId = PlayerId(1);
const BF0: Loc = Loc::Battlefield(0);
const BF1: Loc = Loc::Battlefield(1);

/// Vanilla units (no rules text) by might.
const U3: &str = "Shipyard Skulker";
const U4: &str = "Vanguard Sergeant";
const U5: &str = "Playful Phantom";
const U8: &str = "Mega-Mech";

/// The embedded cards with their real texts.
fn db() -> Arc<CardDb> {
    static DB: OnceLock<Arc<CardDb>> = OnceLock::new();
    DB.get_or_init(|| Arc::new(CardDb::embedded())).clone()
}

/// The embedded cards plus cards written for a test (their texts must compile).
fn db_with(cards: &[&str]) -> Arc<CardDb> {
    let mut db = CardDb::embedded();
    for (i, src) in cards.iter().enumerate() {
        let card = riftbound::riftbound::cards::parse_card(&format!("test card {i}"), src).unwrap();
        assert!(card.unsupported.is_none(), "test card {i} does not compile: {:?}", card.unsupported);
        db.insert(card);
    }
    Arc::new(db)
}

type AskLog = Rc<RefCell<Vec<(PlayerId, Ask, Vec<Choice>)>>>;

/// A scripted agent that records what it was asked. With nothing queued for it (or a queued
/// answer that is not an option), a priority decision that allows passing is answered "pass";
/// anything else unexpected panics with the options.
#[derive(Clone, Default)]
struct Auto {
    queue: Rc<RefCell<VecDeque<Choice>>>,
    log: AskLog,
}

impl Auto {
    fn push(&self, c: Choice) {
        self.queue.borrow_mut().push_back(c);
    }
    fn left(&self) -> usize {
        self.queue.borrow().len()
    }
    fn asked(&self, ask: Ask) -> Vec<Vec<Choice>> {
        self.log.borrow().iter().filter(|(_, a, _)| *a == ask).map(|(_, _, o)| o.clone()).collect()
    }
}

impl Agent for Auto {
    fn choose(&mut self, _g: &Game, d: &Decision) -> usize {
        self.log.borrow_mut().push((d.player, d.ask.clone(), d.options.clone()));
        let head = self.queue.borrow().front().cloned();
        if let Some(want) = &head
            && let Some(i) = d.options.iter().position(|c| c == want)
        {
            self.queue.borrow_mut().pop_front();
            return i;
        }
        if d.ask == Ask::Action
            && let Some(i) = d.options.iter().position(|c| *c == Choice::Pass)
        {
            return i;
        }
        panic!("{} {:?}: queued {head:?} is not an option of {:?}", d.player, d.ask, d.options)
    }
}

/// An empty Duel board on two battlefields without abilities, P1's action phase of turn 1.
fn game() -> (Game, Auto, Auto) {
    game_with(db())
}

fn game_with(db: Arc<CardDb>) -> (Game, Auto, Auto) {
    let mut g = Game::blank(db, &["Bandle Tree", "Aspirant's Climb"], 1).unwrap();
    let (a, b) = (Auto::default(), Auto::default());
    g.set_agents(vec![Box::new(a.clone()), Box::new(b.clone())]);
    g.trace.on = true;
    (g, a, b)
}

/// Steps until the chain is empty (the players passing).
fn run_chain(g: &mut Game) {
    for _ in 0..200 {
        if g.chain.is_empty() {
            return;
        }
        g.step().unwrap();
    }
    panic!("the chain did not resolve");
}

/// Steps until `done` holds.
fn step_until(g: &mut Game, done: impl Fn(&Game) -> bool) {
    for _ in 0..400 {
        if done(g) {
            return;
        }
        g.step().unwrap();
    }
    panic!("the condition was never reached");
}

fn effect(g: &mut Game, filter: Filter, m: Modification) {
    g.add_effect(None, filter, None, m, Duration::Indefinite);
}

fn has_rule(g: &Game, rule: &str) -> bool {
    g.trace.lines.iter().any(|l| l.rule == rule)
}

fn count_events(g: &Game, f: impl Fn(&Event) -> bool) -> usize {
    g.events.iter().filter(|e| f(e)).count()
}

fn fill_deck(g: &mut Game, p: PlayerId, n: usize) {
    for _ in 0..n {
        g.put(U3, p, Zone::MainDeck).unwrap();
    }
}

// ---------------------------------------------------------------------------------------------
// 446-453: layers
// ---------------------------------------------------------------------------------------------

/// 447 / 448.1: layers, not the order the effects were created in, decide how trait (450.1),
/// ability (450.2) and arithmetic (450.3) effects combine: every order of creating "might becomes
/// 2", "has [Assault 3]" and "+1 [M]" gives the same attacker of 2 + 3 + 1 = 6 Might.
#[test]
fn r448_1_layers_give_the_same_result_whatever_order_effects_were_created() {
    let mods = [Modification::SetMight(2), Modification::GrantKeyword(Keyword::Assault, 3), Modification::Might(1)];
    let orders = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
    for order in orders {
        let (mut g, _, _) = game();
        let u = g.put_at(U8, P1, BF0).unwrap();
        for i in order {
            effect(&mut g, Filter::Object(u), mods[i].clone());
        }
        g.obj_mut(u).role = Some(Role::Attacker);
        assert_eq!(g.might(u), 6, "order {order:?}");
    }
}

/// 450.2.a / 450.2.b: gaining and losing keywords happen in the ability layer, before the
/// arithmetic that reads them (an attacker's Assault, 723.1.c), and 453.1: of two effects of that
/// layer without dependency, the newer applies last — "loses Assault" then "has [Assault]" leaves
/// Assault 1, and a newer "loses Assault" removes it again.
#[test]
fn r450_2_a_r453_1_keyword_gain_and_loss_newest_last() {
    let (mut g, _, _) = game();
    let u = g.put_at("Laurent Duelist", P1, BF0).unwrap(); // [Assault 2]
    let printed = g.card(u).might;
    g.obj_mut(u).role = Some(Role::Attacker);
    assert_eq!(g.might(u), printed + 2);
    effect(&mut g, Filter::Object(u), Modification::RemoveKeyword(Keyword::Assault));
    assert_eq!(g.might(u), printed, "it lost Assault before arithmetic");
    effect(&mut g, Filter::Object(u), Modification::GrantKeyword(Keyword::Assault, 1));
    assert_eq!(g.might(u), printed + 1, "the newer grant applies after the loss");
    assert_eq!(g.chars(u).keywords.assault, 1);
    effect(&mut g, Filter::Object(u), Modification::RemoveKeyword(Keyword::Assault));
    assert_eq!(g.might(u), printed);
    assert!(!g.has_keyword(u, Keyword::Assault));
}

/// 450.3.a / 450.3.d.1 / 450.3.e.2 / 450.3.f.0.a: might arithmetic adds every increase (an older
/// +3, a buff, Shield while defending) before it subtracts the decreases, whatever the
/// timestamps: a 3-Might unit with -7 (oldest), +3, a buff and Shield 1 as a defender is
/// 3 + 3 + 1 + 1 - 7 = 1, where subtracting first (and counting below 0 as 0) would give 5.
#[test]
fn r450_3_d_1_increases_then_decreases() {
    let (mut g, _, _) = game();
    let u = g.put_at(U3, P1, BF0).unwrap();
    effect(&mut g, Filter::Object(u), Modification::Might(-7));
    effect(&mut g, Filter::Object(u), Modification::Might(3));
    effect(&mut g, Filter::Object(u), Modification::GrantKeyword(Keyword::Shield, 1));
    g.buff(u);
    g.obj_mut(u).role = Some(Role::Defender);
    assert_eq!(g.chars(u).raw_might, 1);
    assert_eq!(g.might(u), 1);
}

/// 451.1.b / 452.1: "units you control are Yordles" (newest) changes how many objects "Yordles'
/// might becomes 1" (oldest) influences, so the latter depends on it: it is applied right after
/// it, after "this unit's might becomes 6" — both units end at 1 Might.
#[test]
fn r451_1_b_r452_1_dependency_on_the_number_of_objects_affected() {
    let (mut g, _, _) = game();
    let a = g.put_at(U3, P1, Loc::Base(P1)).unwrap();
    let b = g.put_at(U8, P1, Loc::Base(P1)).unwrap();
    let other = g.put_at(U4, P2, Loc::Base(P2)).unwrap();
    effect(&mut g, Filter::UnitsWithTag("Yordle".into()), Modification::SetMight(1));
    effect(&mut g, Filter::Object(a), Modification::SetMight(6));
    effect(&mut g, Filter::UnitsControlledBy(P1), Modification::AddTag("Yordle".into()));
    assert_eq!(g.might(a), 1, "the dependent effect applied after the one it depends on");
    assert_eq!(g.might(b), 1);
    assert_eq!(g.might(other), 4, "not a Yordle");
}

/// 717.3.a.3 / 717.3.b / 717.3.b.2: a keyword granted or removed with no duration stays so while
/// the object stays on the board (a move between locations keeps it: 420.1), and ends when it
/// leaves for a non-board zone; 717.3.a.2 / 717.3.b.1: a "this turn" grant or removal ends with
/// the turn's expiration.
#[test]
fn r717_3_b_2_keyword_changes_last_while_the_object_stays() {
    let (mut g, _, _) = game();
    let u = g.put_at("Sunlit Guardian", P1, Loc::Base(P1)).unwrap(); // [Shield] [Tank]
    effect(&mut g, Filter::Object(u), Modification::RemoveKeyword(Keyword::Tank));
    effect(&mut g, Filter::Object(u), Modification::GrantKeyword(Keyword::Ganking, 0));
    g.add_effect(None, Filter::Object(u), None, Modification::RemoveKeyword(Keyword::Shield), Duration::ThisTurn);
    g.add_effect(None, Filter::Object(u), None, Modification::GrantKeyword(Keyword::Deflect, 1), Duration::ThisTurn);
    g.move_units(&[u], BF0);
    assert_eq!(g.location(u), Some(BF0), "the same object at its new location");
    let c = g.chars(u);
    assert!(!c.keywords.has(Keyword::Tank) && c.keywords.has(Keyword::Ganking));
    assert!(!c.keywords.has(Keyword::Shield) && c.keywords.has(Keyword::Deflect));
    g.expire_effects(true);
    let c = g.chars(u);
    assert!(c.keywords.has(Keyword::Shield) && !c.keywords.has(Keyword::Deflect), "the turn's changes ended");
    assert!(!c.keywords.has(Keyword::Tank) && c.keywords.has(Keyword::Ganking), "the others did not");
    g.kill(&[u], None).unwrap();
    let dead = g.player(P1).trash[0];
    assert!(g.has_keyword(dead, Keyword::Tank) && !g.has_keyword(dead, Keyword::Ganking));
    assert!(g.effects.is_empty(), "the effects ended with the object");
}

// ---------------------------------------------------------------------------------------------
// 701-705: buffs
// ---------------------------------------------------------------------------------------------

/// 702.2.a: a buffed unit is buffed as long as the buff remains; 702.2.b: spending removes its one
/// buff counter; 702.2.b.1: a unit without a buff has none to spend.
#[test]
fn r702_2_b_1_spending_a_buff_needs_a_buff() {
    let (mut g, _, _) = game();
    let u = g.put_at(U3, P1, Loc::Base(P1)).unwrap();
    assert!(!g.spend_buff(P1, u), "no buff to spend");
    assert_eq!(count_events(&g, |e| matches!(e, Event::BuffSpent(_))), 0);
    assert!(g.buff(u));
    assert_eq!((g.obj(u).buffs, g.might(u)), (1, 4));
    assert!(g.spend_buff(P1, u));
    assert_eq!((g.obj(u).buffs, g.might(u)), (0, 3), "no longer buffed");
    assert!(!g.spend_buff(P1, u));
    assert_eq!(count_events(&g, |e| matches!(e, Event::BuffSpent(_))), 1);
}

/// 705 / 705.1: a buffed champion leaving the board loses its buff, and has none back in the
/// champion zone.
#[test]
fn r705_1_champion_in_the_champion_zone_has_no_buff() {
    let (mut g, _, _) = game();
    let u = g.put_at("Jinx, Demolitionist", P1, Loc::Base(P1)).unwrap();
    let printed = g.card(u).might;
    g.buff(u);
    assert_eq!(g.might(u), printed + 1);
    let back = g.move_object(u, Zone::ChampionZone, P1, Pos::Bottom);
    assert_eq!(g.player(P1).champion_zone, Some(back));
    assert_eq!(g.obj(back).buffs, 0);
    assert_eq!(g.might(back), printed);
}

/// 704: buffs are counted by other effects — Stand United's "Buffs give an additional +1 [M] to
/// friendly units this turn" reads which units carry a buff; 413.1.c: its "buff a friendly unit"
/// may choose a unit that already has one, which gets no second buff (413.1.b.1).
#[test]
fn r704_r413_1_c_stand_united_counts_buffs_and_may_choose_a_buffed_unit() {
    let (mut g, a, _) = game();
    let buffed = g.put_at(U3, P1, Loc::Base(P1)).unwrap();
    let plain = g.put_at(U4, P1, Loc::Base(P1)).unwrap();
    g.buff(buffed);
    let spell = g.put("Stand United", P1, Zone::Hand).unwrap();
    let cost = g.card(spell).energy;
    g.add(P1, cost, &[Domain::Order], 1);
    a.push(Choice::Play(spell));
    a.push(Choice::Obj(buffed));
    g.step().unwrap();
    run_chain(&mut g);
    assert_eq!(a.left(), 0);
    assert_eq!(g.obj(buffed).buffs, 1, "no second buff");
    assert_eq!(g.might(buffed), 3 + 1 + 1, "its buff gives +2 this turn");
    assert_eq!(g.might(plain), 4, "no buff, nothing more");
}

// ---------------------------------------------------------------------------------------------
// 716-733: keywords
// ---------------------------------------------------------------------------------------------

/// 721.5 / 722.4.a / 723.3 / 724.3 / 725.3 / 726.3 / 727.5 / 729.4.a / 730.3 / 731.3 / 732.3 /
/// 733.3: whether a unit has a keyword is a characteristic other effects check: "units with K get
/// +2 [M]" reaches exactly the units whose printed text has K, and never a unit without it.
#[test]
fn r721_5_to_r733_3_keywords_are_characteristics_other_effects_reference() {
    let db = db_with(&[r#"
id = "TEST-ACTION-UNIT"
name = "Test Action Unit"
type = "unit"
energy = 1
might = 2
set = "TEST"
number = 1
text = "[Action]"
"#]);
    let cases = [
        ("Blazing Scorcher", Keyword::Accelerate),
        ("Test Action Unit", Keyword::Action),
        ("Daring Poro", Keyword::Assault),
        ("Watchful Sentry", Keyword::Deathknell),
        ("Pouty Poro", Keyword::Deflect),
        ("Vi, Destructive", Keyword::Ganking),
        ("Pakaa Cub", Keyword::Hidden),
        ("Shen, Kinkou", Keyword::Reaction),
        ("Stalwart Poro", Keyword::Shield),
        ("Horns of the Dragon", Keyword::Tank),
        ("Sprite", Keyword::Temporary),
        ("Mystic Poro", Keyword::Vision),
    ];
    for (name, k) in cases {
        let (mut g, _, _) = game_with(db.clone());
        let u = g.put_at(name, P1, Loc::Base(P1)).unwrap();
        let plain = g.put_at(U3, P1, Loc::Base(P1)).unwrap();
        let printed = g.card(u).might;
        effect(&mut g, Filter::UnitsWithKeyword(k), Modification::Might(2));
        assert_eq!(g.might(u), printed + 2, "{name} has {k:?}");
        assert_eq!(g.might(plain), 3, "{name}: a unit without {k:?} is not affected");
    }
}

/// 722.4.b / 729.4.b: whether a spell has Action or Reaction is a characteristic the game checks:
/// Cleave ([Action]) can be played in a showdown but not on a chain; Discipline ([Reaction]) in
/// both; a spell granted [Reaction] in hand is checked the same way.
#[test]
fn r722_4_b_r729_4_b_spells_action_and_reaction_are_checked_characteristics() {
    let (mut g, _, _) = game();
    let cleave = g.put("Cleave", P1, Zone::Hand).unwrap();
    let discipline = g.put("Discipline", P1, Zone::Hand).unwrap();
    let progress = g.put("Progress Day", P1, Zone::Hand).unwrap();
    assert!(g.has_keyword(cleave, Keyword::Action) && !g.has_keyword(cleave, Keyword::Reaction));
    assert!(g.has_keyword(discipline, Keyword::Reaction));
    g.add(P1, 20, &[Domain::Mind], 4);
    // A showdown open state with P1's focus.
    let u = g.put_at(U3, P1, BF0).unwrap();
    g.battlefields[0].contested_by = Some(P1);
    g.begin_showdown(0);
    let open = g.playable_cards(P1);
    assert!(open.contains(&cleave) && open.contains(&discipline) && !open.contains(&progress), "{open:?}");
    // A closed state: only Reaction.
    g.buff(u);
    g.add_effect(None, Filter::Object(progress), None, Modification::GrantKeyword(Keyword::Reaction, 0), Duration::Indefinite);
    let item = riftbound::riftbound::state::ChainItem {
        kind: riftbound::riftbound::state::ItemKind::Card(g.put("Hextech Ray", P2, Zone::Hand).unwrap()),
        controller: P2,
        pending: false,
        targets: vec![vec![u]],
        that_player: None,
    };
    g.chain.push(item);
    g.priority = Some(P1);
    let closed = g.playable_cards(P1);
    assert!(!closed.contains(&cleave) && closed.contains(&discipline) && closed.contains(&progress), "{closed:?}");
}

/// 723.1.b / 723.1.b.1 / 723.1.b.2 / 723.1.b.3 and 730.1.b / 730.1.b.1 / 730.1.b.2 / 730.1.b.3:
/// "Assault X" and "Shield X" carry their value X, 1 when it is omitted, and it is the Might they
/// add to an attacker or a defender.
#[test]
fn r723_1_b_3_r730_1_b_3_assault_and_shield_values_default_to_1() {
    let (mut g, _, _) = game();
    for (name, value, role) in [
        ("Daring Poro", 1, Role::Attacker),     // [Assault]
        ("Chemtech Enforcer", 2, Role::Attacker), // [Assault 2]
        ("Stalwart Poro", 1, Role::Defender),   // [Shield]
        ("Mutated Mouser", 2, Role::Defender),  // [Shield 2]
    ] {
        let u = g.put_at(name, P1, BF0).unwrap();
        let printed = g.card(u).might;
        let k = g.chars(u).keywords;
        assert_eq!(if role == Role::Attacker { k.assault } else { k.shield }, value, "{name}");
        assert_eq!(g.might(u), printed, "{name} outside combat");
        g.obj_mut(u).role = Some(role);
        assert_eq!(g.might(u), printed + value as i32, "{name} as {role:?}");
    }
}

/// Plays the Fury spell Incinerate ("Deal 2 to a unit at a battlefield", [2]) from P1's hand at
/// `target` with [2] and `n` Order Power in the pool; returns whether it was played.
fn incinerate(g: &mut Game, a: &Auto, target: ObjId, n: u32) -> bool {
    let spell = g.put("Incinerate", P1, Zone::Hand).unwrap();
    g.add(P1, 2, &vec![Domain::Order; n as usize], 0);
    a.push(Choice::Play(spell));
    a.push(Choice::Obj(target));
    g.step().unwrap();
    g.chain.len() == 1
}

/// 725.1.b / 725.1.b.1 / 725.1.b.2 / 725.1.b.3: Deflect's value is the Power an opponent's spell
/// choosing the permanent costs more — 1 for Pouty Poro's bare [Deflect], 2 for Volibear's
/// [Deflect 2]; 725.1.c.1 that Power may be of any domain (Order Power for a Fury spell).
#[test]
fn r725_1_b_3_deflect_value_is_the_extra_power() {
    for (name, value) in [("Pouty Poro", 1u32), ("Volibear, Furious", 2)] {
        let (mut g, a, _) = game();
        let u = g.put_at(name, P2, BF0).unwrap();
        assert_eq!(g.chars(u).keywords.deflect, value);
        assert!(!incinerate(&mut g, &a, u, value - 1), "{name}: one Power short");
        let (mut g, a, _) = game();
        let u = g.put_at(name, P2, BF0).unwrap();
        assert!(incinerate(&mut g, &a, u, value), "{name}: [2] and {value} [A]");
        assert!(g.player(P1).pool.is_empty(), "{name}: all of it paid");
    }
}

/// 725.2: Deflect granted to a permanent that has Deflect adds up: Pouty Poro given [Deflect 2]
/// has Deflect 3, and choosing it costs [A][A][A] more.
#[test]
fn r725_2_deflect_values_sum() {
    let (mut g, a, _) = game();
    let u = g.put_at("Pouty Poro", P2, BF0).unwrap();
    effect(&mut g, Filter::Object(u), Modification::GrantKeyword(Keyword::Deflect, 2));
    assert_eq!(g.chars(u).keywords.deflect, 3);
    assert!(!incinerate(&mut g, &a, u, 2));
    let (mut g, a, _) = game();
    let u = g.put_at("Pouty Poro", P2, BF0).unwrap();
    effect(&mut g, Filter::Object(u), Modification::GrantKeyword(Keyword::Deflect, 2));
    assert!(incinerate(&mut g, &a, u, 3));
}

/// A test unit with the given text (a Fury unit costing [2], 2 Might, or domainless).
fn test_unit(id: &str, text: &str, fury: bool) -> String {
    let domains = if fury { "domains = [\"fury\"]\n" } else { "" };
    format!(
        "id = \"{id}\"\nname = \"{id}\"\ntype = \"unit\"\n{domains}energy = 2\nmight = 2\nset = \"TEST\"\nnumber = 1\ntext = \"\"\"{text}\"\"\"\n"
    )
}

/// 721.4: two instances of Accelerate are one: playing a unit printed "[Accelerate]
/// [Accelerate]" offers the optional cost once and charges [1][R] once; 721.6: paid, the unit
/// enters ready (it does not enter exhausted and become ready), so 721.6.a no ready event happens.
#[test]
fn r721_4_r721_6_a_double_accelerate_is_one_cost_and_enters_ready() {
    let db = db_with(&[&test_unit("TEST-ACC2", "[Accelerate] [Accelerate]", true)]);
    let (mut g, a, _) = game_with(db);
    let card = g.put("TEST-ACC2", P1, Zone::Hand).unwrap();
    g.add(P1, 6, &[Domain::Fury, Domain::Fury, Domain::Fury], 0);
    a.push(Choice::Play(card));
    a.push(Choice::Yes);
    g.step().unwrap();
    assert_eq!(a.left(), 0);
    assert_eq!(a.asked(Ask::OptionalCost).len(), 1, "one Accelerate cost offered");
    assert_eq!(g.player(P1).pool.energy, 6 - 2 - 1);
    assert_eq!(g.player(P1).pool.power[Domain::Fury.index()], 2, "one [R] for Accelerate");
    let u = g.player(P1).base.iter().copied().find(|o| g.name(*o) == "TEST-ACC2").unwrap();
    assert!(!g.obj(u).exhausted);
    assert_eq!(count_events(&g, |e| matches!(e, Event::Readied(x) if *x == u)), 0);
}

/// 721.1.a.2: a unit with no domain pays Accelerate's Power with any domain (here Order);
/// 721.1.a.1: a Fury unit can't pay it with Order Power, so the cost is not offered and it enters
/// exhausted.
#[test]
fn r721_1_a_2_domainless_accelerate_takes_any_power() {
    let db = db_with(&[
        &test_unit("TEST-ACC-NONE", "[Accelerate]", false),
        &test_unit("TEST-ACC-FURY", "[Accelerate]", true),
    ]);
    for (id, ready) in [("TEST-ACC-NONE", true), ("TEST-ACC-FURY", false)] {
        let (mut g, a, _) = game_with(db.clone());
        let card = g.put(id, P1, Zone::Hand).unwrap();
        g.add(P1, 3, &[Domain::Order], 0);
        a.push(Choice::Play(card));
        if ready {
            a.push(Choice::Yes);
        }
        g.step().unwrap();
        assert_eq!(a.left(), 0, "{id}");
        assert_eq!(a.asked(Ask::OptionalCost).len(), usize::from(ready), "{id}");
        let u = g.player(P1).base.iter().copied().find(|o| g.name(*o) == id).unwrap();
        assert_eq!(g.obj(u).exhausted, !ready, "{id}");
    }
}

/// 721.2.a / 721.3: on the board Accelerate does nothing: an exhausted Blazing Scorcher offers
/// no way to pay it (no ability to activate, nothing to ready it).
#[test]
fn r721_3_accelerate_has_no_function_on_the_board() {
    let (mut g, _, _) = game();
    let u = g.put_at("Blazing Scorcher", P1, Loc::Base(P1)).unwrap();
    g.obj_mut(u).exhausted = true;
    g.add(P1, 5, &[Domain::Fury, Domain::Fury], 0);
    assert!(g.activatable_abilities(P1).is_empty());
    let opts = g.action_options(P1);
    assert!(!opts.iter().any(|c| matches!(c, Choice::Activate(o, _) if *o == u)), "{opts:?}");
}

/// 727.4: two instances of Hidden are one: a card printed "[Hidden] [Hidden]" can be hidden at a
/// controlled battlefield in exactly one way, for one [A].
#[test]
fn r727_4_double_hidden_is_one_hide() {
    let db = db_with(&[&test_unit("TEST-HID2", "[Hidden] [Hidden]", true)]);
    let (mut g, a, _) = game_with(db);
    let card = g.put("TEST-HID2", P1, Zone::Hand).unwrap();
    g.put_at(U3, P1, BF0).unwrap();
    g.set_controller(0, Some(P1));
    g.add(P1, 0, &[Domain::Order, Domain::Order], 0);
    assert_eq!(g.hide_options(P1), vec![(card, 0)]);
    a.push(Choice::Hide(card, 0));
    g.step().unwrap();
    assert_eq!(g.player(P1).pool.power_total(), 1, "one [A] paid");
}

/// 732.2: two instances of Temporary are one: a unit printed "[Temporary] [Temporary]" has one
/// "kill this" trigger at the start of its controller's Beginning Phase; 732.1.c: that is its
/// controller's Beginning Phase, not the opponent's.
#[test]
fn r732_2_double_temporary_triggers_once_in_its_controllers_beginning_phase() {
    let db = db_with(&[&test_unit("TEST-TEMP2", "[Temporary] [Temporary]", true)]);
    let (mut g, a, b) = game_with(db);
    fill_deck(&mut g, P1, 3);
    fill_deck(&mut g, P2, 3);
    let u = g.put_at("TEST-TEMP2", P1, Loc::Base(P1)).unwrap();
    a.push(Choice::EndTurn);
    g.step().unwrap();
    step_until(&mut g, |g| g.turn_player == P2 && g.step == Step::Action);
    assert!(g.obj(u).alive, "P2's Beginning Phase does not trigger it");
    b.push(Choice::EndTurn);
    g.step().unwrap();
    step_until(&mut g, |g| g.turn_player == P1 && g.step == Step::Channel);
    assert!(!g.obj(u).alive, "killed at the start of P1's Beginning Phase");
    let triggers = g.trace.lines.iter().filter(|l| l.rule == "376.3" && l.text.starts_with("TEST-TEMP2")).count();
    assert_eq!(triggers, 1, "one trigger");
}

/// 733.2 / 733.2.a / 733.2.b: two instances of Vision trigger separately, each with its own
/// choice; declining the first, the second looks at the same top card, and recycling it puts it
/// at the bottom.
#[test]
fn r733_2_b_two_visions_see_the_same_card() {
    let db = db_with(&[&test_unit("TEST-VIS2", "[Vision] [Vision]", true)]);
    let (mut g, a, _) = game_with(db);
    let top = g.put("Mega-Mech", P1, Zone::MainDeck).unwrap();
    fill_deck(&mut g, P1, 2);
    let card = g.put("TEST-VIS2", P1, Zone::Hand).unwrap();
    g.add(P1, 2, &[], 0);
    a.push(Choice::Play(card));
    a.push(Choice::Nth(0));
    a.push(Choice::No);
    a.push(Choice::Yes);
    g.step().unwrap();
    run_chain(&mut g);
    assert_eq!(a.left(), 0);
    assert_eq!(a.asked(Ask::YesNo).len(), 2, "one choice per Vision");
    let deck = &g.player(P1).main_deck;
    assert_eq!(deck.len(), 3);
    assert_eq!(g.name(*deck.last().unwrap()), "Mega-Mech", "the card both looked at went to the bottom");
    assert!(!g.obj(top).alive);
}

/// 724.2 / 724.2.a: each Deathknell of a permanent triggers separately, its controller ordering
/// them; 724.1.d: the trigger is its being killed and put in the trash.
#[test]
fn r724_2_each_deathknell_triggers() {
    let db = db_with(&[&test_unit("TEST-DK2", "[Deathknell] — Draw 1.\n[Deathknell] — Draw 2.", true)]);
    let (mut g, a, _) = game_with(db);
    fill_deck(&mut g, P1, 5);
    let u = g.put_at("TEST-DK2", P1, Loc::Base(P1)).unwrap();
    a.push(Choice::Nth(1));
    g.kill(&[u], None).unwrap();
    g.cleanup().unwrap();
    run_chain(&mut g);
    assert_eq!(a.left(), 0);
    assert_eq!(a.asked(Ask::TriggerOrder).len(), 1, "the controller orders the two triggers");
    assert_eq!(g.player(P1).hand.len(), 3, "both resolved");
}

/// 724.1.d.1: a Deathknell whose permanent's death is replaced (Zhonya's Hourglass recalls it
/// instead) does not trigger; 724.1.d: killed into the trash, it does.
#[test]
fn r724_1_d_1_deathknell_needs_the_trash() {
    let (mut g, _, _) = game();
    fill_deck(&mut g, P1, 5);
    let sentry = g.put_at("Watchful Sentry", P1, BF0).unwrap();
    g.put_at("Zhonya's Hourglass", P1, Loc::Base(P1)).unwrap();
    g.kill(&[sentry], None).unwrap();
    g.cleanup().unwrap();
    run_chain(&mut g);
    assert!(g.obj(sentry).alive && g.location(sentry) == Some(Loc::Base(P1)), "recalled instead");
    assert_eq!(g.player(P1).hand.len(), 0, "no Deathknell");
    g.kill(&[sentry], None).unwrap();
    g.cleanup().unwrap();
    run_chain(&mut g);
    assert_eq!(g.player(P1).hand.len(), 1, "Deathknell: draw 1");
}
