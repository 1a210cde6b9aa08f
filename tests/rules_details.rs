//! Details of the rules of play (300-458) and the additional rules (700-733) that the area test
//! files leave out: layers and dependencies, buffs, keyword values and redundancy, keywords as
//! referenceable characteristics, game actions' sub-rules, the Duel's parameters. Each test names
//! exactly the rules it checks.

use riftbound::kernel::{ObjId, PlayerId};
use riftbound::riftbound::Bf;
use riftbound::riftbound::actions::Pos;
use riftbound::riftbound::events::Event;
use riftbound::riftbound::layers::{Duration, Filter, Keyword, Modification};
use riftbound::riftbound::state::{Chosen, Role};
use riftbound::riftbound::{Agent, Ask, CardDb, Choice, Decision, Domain, Game, Loc, Step, Zone};
use std::collections::VecDeque;
use std::sync::Arc;
use std::sync::Mutex;

mod common;
use common::board::{Answers, BF0, BF1, P1, P2, QUIET_BFS, U3, U4, U5, U8, embedded_deck, jinx_vs_viktor, traced_game};
use common::showdown::{held, standard_move, standard_move_picking};
use common::trace::has_rule;
use common::{cards_db, fill_deck, run_chain, step_until};

/// The embedded cards plus cards written for a test (their texts must compile).
fn db_with(cards: &[&str]) -> Arc<CardDb> {
    let mut db = CardDb::embedded();
    riftbound::scenario::add_blank_battlefields(&mut db);
    for (i, src) in cards.iter().enumerate() {
        let card = riftbound::dsl::parse_card(&format!("test card {i}"), src).unwrap();
        assert!(card.unsupported.is_none(), "test card {i} does not compile: {:?}", card.unsupported);
        db.insert(card);
    }
    Arc::new(db)
}

type AskLog = Arc<Mutex<Vec<(PlayerId, Ask, Vec<Choice>)>>>;
type PendingLog = Arc<Mutex<Vec<(Ask, Vec<bool>)>>>;

/// A scripted agent that records what it was asked. With nothing queued for it (or a queued
/// answer that is not an option), a priority decision that allows passing is answered "pass";
/// anything else unexpected panics with the options.
#[derive(Clone, Default)]
struct Auto {
    queue: Arc<Mutex<VecDeque<Choice>>>,
    log: AskLog,
    /// The pending flags of the chain items at each decision.
    pending: PendingLog,
}

impl Answers for Auto {
    fn push(&self, c: Choice) {
        self.queue.lock().unwrap().push_back(c);
    }
}

impl Auto {
    fn left(&self) -> usize {
        self.queue.lock().unwrap().len()
    }
    fn asked(&self, ask: Ask) -> Vec<Vec<Choice>> {
        self.log.lock().unwrap().iter().filter(|(_, a, _)| *a == ask).map(|(_, _, o)| o.clone()).collect()
    }
}

impl Agent<Game> for Auto {
    fn choose(&mut self, g: &Game, d: &Decision) -> usize {
        self.log.lock().unwrap().push((d.player, d.ask.clone(), d.options.clone()));
        self.pending.lock().unwrap().push((d.ask.clone(), g.chain.iter().map(|i| i.pending).collect()));
        let head = self.queue.lock().unwrap().front().cloned();
        if let Some(want) = &head
            && let Some(i) = d.options.iter().position(|c| c == want)
        {
            self.queue.lock().unwrap().pop_front();
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
    game_with(cards_db())
}

/// [`game`] with the cards of `db`.
fn game_with(db: Arc<CardDb>) -> (Game, Auto, Auto) {
    traced_game(db, &QUIET_BFS, Auto::default(), Auto::default())
}

fn effect(g: &mut Game, filter: Filter, m: Modification) {
    g.add_effect(None, filter, None, m, Duration::Indefinite);
}

fn count_events(g: &Game, f: impl Fn(&Event) -> bool) -> usize {
    g.events.iter().filter(|e| f(e)).count()
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
/// it, after "this unit's might becomes 6" — both units end at 1 Might; 450.1.c: gaining a tag is
/// a trait-layer effect, the layer of the "becomes" effects it is ordered with.
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
/// buff counter; 702.2.b.1: a unit without a buff has none to spend; 702.2.b.2: only the unit's
/// controller may spend it.
#[test]
fn r702_2_b_1_spending_a_buff_needs_a_buff() {
    let (mut g, _, _) = game();
    let u = g.put_at(U3, P1, Loc::Base(P1)).unwrap();
    assert!(!g.spend_buff(P1, u), "no buff to spend");
    assert_eq!(count_events(&g, |e| matches!(e, Event::BuffSpent(_))), 0);
    assert!(g.buff(u));
    assert_eq!((g.obj(u).buffs, g.might(u)), (1, 4));
    assert!(!g.spend_buff(P2, u), "702.2.b.2: only its controller spends its buff");
    assert_eq!(g.obj(u).buffs, 1);
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
/// may choose a unit that already has one, which gets no second buff (413.1.b.1); 413.3: the
/// instruction "Buff a friendly unit".
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
/// both; a spell granted [Reaction] in hand is checked the same way; 316.5.c: a showdown is a
/// window for Action and Reaction cards only.
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
    g.battlefield_mut(Bf::new(0)).contested_by = Some(P1);
    g.begin_showdown(Bf::new(0));
    let open = g.playable_cards(P1);
    assert!(open.contains(&cleave) && open.contains(&discipline) && !open.contains(&progress), "{open:?}");
    // A closed state: only Reaction.
    g.buff(u);
    g.add_effect(
        None,
        Filter::Object(progress),
        None,
        Modification::GrantKeyword(Keyword::Reaction, 0),
        Duration::Indefinite,
    );
    let item = riftbound::riftbound::state::ChainItem {
        kind: riftbound::riftbound::state::ItemKind::Card(g.put("Hextech Ray", P2, Zone::Hand).unwrap()),
        controller: P2,
        pending: false,
        targets: vec![Chosen::Objs(vec![u])],
        that_player: None,
        that_unit: None,
        that_battlefield: None,
        costs_paid: Vec::new(),
    };
    g.chain.push(item);
    g.priority = Some(P1);
    let closed = g.playable_cards(P1);
    assert!(!closed.contains(&cleave) && closed.contains(&discipline) && closed.contains(&progress), "{closed:?}");
}

/// 723.1.b / 723.1.b.1 / 723.1.b.2 / 723.1.b.3 and 730.1.b / 730.1.b.1 / 730.1.b.2 / 730.1.b.3:
/// "Assault X" and "Shield X" carry their value X, 1 when it is omitted, and it is the Might they
/// add to an attacker or a defender; 723.1.d.1 / 730.1.d.1: only while the unit keeps that
/// designation.
#[test]
fn r723_1_b_3_r730_1_b_3_assault_and_shield_values_default_to_1() {
    let (mut g, _, _) = game();
    for (name, value, role) in [
        ("Daring Poro", 1, Role::Attacker),       // [Assault]
        ("Chemtech Enforcer", 2, Role::Attacker), // [Assault 2]
        ("Stalwart Poro", 1, Role::Defender),     // [Shield]
        ("Mutated Mouser", 2, Role::Defender),    // [Shield 2]
    ] {
        let u = g.put_at(name, P1, BF0).unwrap();
        let printed = g.card(u).might;
        let k = g.chars(u).keywords;
        assert_eq!(if role == Role::Attacker { k.assault } else { k.shield }, value, "{name}");
        assert_eq!(g.might(u), printed, "{name} outside combat");
        g.obj_mut(u).role = Some(role);
        assert_eq!(g.might(u), printed + value as i32, "{name} as {role:?}");
        g.obj_mut(u).role = None;
        assert_eq!(g.might(u), printed, "{name} without its designation");
    }
}

/// Plays the Fury spell Incinerate ("Deal 2 to a unit at a battlefield", [2]) from P1's hand at
/// `target` with [2] and `n` Order Power in the pool; returns whether it was played.
fn incinerate(g: &mut Game, a: &Auto, target: ObjId, n: u32) -> bool {
    let spell = g.put("Incinerate", P1, Zone::Hand).unwrap();
    g.add(P1, 2, &vec![Domain::Order; n as usize], 0);
    a.push(Choice::Play(spell));
    if g.units_at(BF0).len() + g.units_at(BF1).len() > 1 {
        a.push(Choice::Obj(target));
    }
    g.step().unwrap();
    g.chain.len() == 1
}

/// 725.1.b / 725.1.b.1 / 725.1.b.2 / 725.1.b.3: Deflect's value is the Power an opponent's spell
/// choosing the permanent costs more — 1 for Pouty Poro's bare [Deflect], 2 for Volibear's
/// [Deflect 2]; 725.1.c.1 that Power may be of any domain (Order Power for a Fury spell);
/// 352.10.d.2 / 352.6: the unit is the only unit at a battlefield, and is still chosen, so
/// targeted.
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

/// 725.2 / 717.3.a.1: Deflect granted to a permanent that has Deflect adds up, as Deflect's own
/// rules say: Pouty Poro given [Deflect 2] has Deflect 3, and choosing it costs [A][A][A] more.
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
    held(&mut g, U3, P1, Bf::new(0));
    g.add(P1, 0, &[Domain::Order, Domain::Order], 0);
    assert_eq!(g.hide_options(P1), vec![(card, Bf::new(0))]);
    a.push(Choice::Hide(card, Bf::new(0)));
    g.step().unwrap();
    assert_eq!(g.player(P1).pool.power_total(), 1, "one [A] paid");
}

/// 732.2: two instances of Temporary are one: a unit printed "[Temporary] [Temporary]" has one
/// "kill this" trigger at the start of its controller's Beginning Phase; 732.1.c: that is its
/// controller's Beginning Phase, not the opponent's.
#[test]
fn r732_2_double_temporary_triggers_once_in_its_controllers_beginning_phase() {
    let db = db_with(&[&test_unit("TEST-TEMP2", "[Temporary] [Temporary]", true)]);
    let (mut g, a, _) = game_with(db);
    fill_deck(&mut g, P1, 3);
    fill_deck(&mut g, P2, 3);
    let u = g.put_at("TEST-TEMP2", P1, Loc::Base(P1)).unwrap();
    a.push(Choice::EndTurn);
    g.step().unwrap();
    step_until(&mut g, |g| g.turn_player == P2 && g.step == Step::Action);
    assert!(g.obj(u).alive, "P2's Beginning Phase does not trigger it");
    g.step().unwrap(); // P2 ends their turn (their only option)
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
/// them; 724.1.d: the trigger is its being killed and put in the trash; 724.1.b / 724.1.b.1 /
/// 724.1.c.1: each "Deathknell — [Effect]" runs its own effect (draw 1, draw 2); 717.1: a keyword
/// can be an ability.
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

// ---------------------------------------------------------------------------------------------
// 458: the Duel
// ---------------------------------------------------------------------------------------------

fn deck(key: &str) -> riftbound::riftbound::Deck {
    embedded_deck(&cards_db(), key)
}

/// 458.1 / 458.2: a Duel is two players, each with one opponent and no teams: a third deck is
/// refused, and in a Duel each player's only opponent is the other.
#[test]
fn r458_1_r458_2_a_duel_is_two_players_each_the_others_only_opponent() {
    let err = Game::new(cards_db(), &[deck("jinx"), deck("viktor"), deck("jinx")], 1).err().expect("3 decks refused");
    assert!(err.iter().any(|e| e.starts_with("458.1")), "{err:?}");
    let g = jinx_vs_viktor(cards_db(), 1);
    assert_eq!(g.players.len(), 2);
    assert_eq!(g.opponents(P1), vec![P2]);
    assert_eq!(g.opponents(P2), vec![P1]);
}

/// 458.3 / 458.6: the Duel's victory score is 8 and the first player to reach it wins at once:
/// 7 points is not a win, the 8th point is.
#[test]
fn r458_3_r458_6_first_to_eight_points_wins() {
    let mut g = jinx_vs_viktor(cards_db(), 1);
    assert_eq!(g.mode.victory_score, 8);
    g.gain_points(P2, 7);
    g.gain_points(P1, 7);
    assert!(!g.is_over());
    g.gain_points(P1, 1);
    assert_eq!(g.winner(), Some(P1));
    g.gain_points(P2, 1);
    assert_eq!(g.winner(), Some(P1), "the first to reach 8 won");
}

// ---------------------------------------------------------------------------------------------
// 395-418: game actions
// ---------------------------------------------------------------------------------------------

/// 398.1.b / 316.2.a: in the action phase a player takes any number of discretionary actions —
/// after playing a unit and moving another, P1 still holds priority and may act again.
#[test]
fn r316_2_a_any_number_of_discretionary_actions() {
    let (mut g, a, _) = game();
    let first = g.put("Shipyard Skulker", P1, Zone::Hand).unwrap();
    let second = g.put("Vanguard Sergeant", P1, Zone::Hand).unwrap();
    let mover = g.put_at(U3, P1, Loc::Base(P1)).unwrap();
    g.add(P1, 10, &[], 0);
    a.push(Choice::Play(first));
    g.step().unwrap();
    standard_move(&mut g, &a, BF1);
    assert_eq!(g.location(mover), Some(BF1));
    // The move into an empty battlefield opened a showdown; P1 closes it by passing, P2 too.
    step_until(&mut g, |g| g.showdown.is_none() && g.chain.is_empty());
    assert_eq!(g.priority_holder(), Some(P1));
    assert!(g.action_options(P1).contains(&Choice::Play(second)));
    a.push(Choice::Play(second));
    a.push(Choice::Loc(Loc::Base(P1)));
    g.step().unwrap();
    assert_eq!(a.left(), 0);
    assert!(g.player(P1).hand.is_empty());
}

/// 406.1 / 406.2 / 406.2.a / 398.1.b.2: playing a card is a discretionary action open only while
/// its cost can be paid.
#[test]
fn r406_2_a_play_needs_the_resources() {
    let (mut g, _, _) = game();
    let card = g.put(U4, P1, Zone::Hand).unwrap();
    let cost = g.card(card).energy;
    g.add(P1, cost - 1, &[], 0);
    assert!(!g.action_options(P1).contains(&Choice::Play(card)));
    g.add(P1, 1, &[], 0);
    assert!(g.action_options(P1).contains(&Choice::Play(card)));
}

/// 398.1.b.1: a discretionary action whose condition is not met is not available: Xerath,
/// Freed's ability ("Use this ability only while I'm at a battlefield") can't be activated from
/// base, and can at a battlefield.
#[test]
fn r398_1_b_1_conditions_must_be_met() {
    let (mut g, _, _) = game();
    let x = g.put_at("Xerath, Freed", P1, Loc::Base(P1)).unwrap();
    g.put_at(U8, P2, BF1).unwrap();
    g.add(P1, 0, &[Domain::Fury], 0);
    assert!(g.activatable_abilities(P1).is_empty());
    g.move_units(&[x], BF0);
    assert_eq!(g.activatable_abilities(P1), vec![(x, 0)]);
}

/// 398.2.a / 398.2.b / 404.3 / 410.2.a / 413.2.a / 414.4.a / 415.3.a: limited actions are not
/// taken at will: in the action phase the turn player's options are only discretionary actions
/// (play, activate, hide, move, add, end turn) — nothing draws, deals damage, stuns, buffs,
/// banishes or kills though cards and units for it are there.
#[test]
fn r398_2_b_limited_actions_are_never_options() {
    let (mut g, _, _) = game();
    fill_deck(&mut g, P1, 3);
    g.put(U3, P1, Zone::Trash).unwrap();
    g.put(U3, P1, Zone::Hand).unwrap();
    let u = g.put_at(U4, P1, Loc::Base(P1)).unwrap();
    g.obj_mut(u).damage = 2;
    g.put_runes("Fury Rune", P1, 3).unwrap();
    let hand = g.player(P1).hand.len();
    for c in g.action_options(P1) {
        assert!(
            matches!(
                c,
                Choice::EndTurn
                    | Choice::Play(_)
                    | Choice::Activate(..)
                    | Choice::Hide(..)
                    | Choice::StandardMove(_)
                    | Choice::AddResources
            ),
            "{c:?} is not a discretionary action"
        );
    }
    assert_eq!(g.player(P1).hand.len(), hand);
}

/// 401.2 / 401.3.a / 402.2 / 407.2.b / 422: the standard move exhausts the moving units as its
/// cost and moves them; "exhausted" and "ready" are states the rules read: an exhausted unit is
/// offered for no standard move, a ready one is.
#[test]
fn r401_3_a_standard_move_exhausts_as_its_cost() {
    let (mut g, a, _) = game();
    let u = g.put_at(U3, P1, Loc::Base(P1)).unwrap();
    let tired = g.put_at(U4, P1, Loc::Base(P1)).unwrap();
    g.obj_mut(tired).exhausted = true;
    assert_eq!(g.standard_move_units(P1, BF0), vec![u]);
    standard_move(&mut g, &a, BF0);
    assert!(g.obj(u).exhausted);
    assert_eq!(g.location(u), Some(BF0));
    assert!(g.events.iter().any(|e| matches!(e, Event::Moved { unit, to: BF0, .. } if *unit == u)));
    assert!(g.standard_move_units(P1, Loc::Base(P1)).is_empty(), "both are exhausted now");
}

/// 402.1.b: a ready unit can't be readied again (nothing happens); 402.3.b: an effect readies an
/// exhausted unit (First Mate: "When you play me, ready another unit").
#[test]
fn r402_3_b_effects_ready_units() {
    let (mut g, a, _) = game();
    let ready = g.put_at(U3, P1, Loc::Base(P1)).unwrap();
    g.ready(ready);
    assert_eq!(count_events(&g, |e| matches!(e, Event::Readied(_))), 0);
    let tired = g.put_at(U4, P1, Loc::Base(P1)).unwrap();
    g.obj_mut(tired).exhausted = true;
    let mate = g.put("First Mate", P1, Zone::Hand).unwrap();
    g.add(P1, 3, &[], 0);
    a.push(Choice::Play(mate));
    a.push(Choice::Obj(tired));
    g.step().unwrap();
    run_chain(&mut g);
    assert_eq!(a.left(), 0);
    assert!(!g.obj(tired).exhausted);
    assert_eq!(count_events(&g, |e| matches!(e, Event::Readied(x) if *x == tired)), 1);
}

/// 403.1.c: recycled cards go to their owners' decks whoever recycles them: P1 recycling P2's
/// trash card and rune puts them in P2's main deck and rune deck.
#[test]
fn r403_1_c_recycle_to_the_owners_decks() {
    let (mut g, _, _) = game();
    let card = g.put(U3, P2, Zone::Trash).unwrap();
    let rune = g.put_runes("Calm Rune", P2, 1).unwrap()[0];
    g.recycle(P1, &[card, rune]).unwrap();
    assert_eq!(g.player(P2).main_deck.len(), 1);
    assert_eq!(g.player(P2).rune_deck.len(), 1);
    assert!(g.player(P1).main_deck.is_empty() && g.player(P1).rune_deck.is_empty());
}

/// 404.1.c: damage dealt to several units at once is marked on each separately; 405.2 / 405.1.a:
/// several units are healed at once, and clearing damage for any reason (the end of turn
/// cleanup) is healing.
#[test]
fn r404_1_c_r405_1_a_damage_marked_separately_and_cleared_as_healing() {
    let (mut g, a, _) = game();
    fill_deck(&mut g, P2, 2);
    let x = g.put_at(U8, P1, Loc::Base(P1)).unwrap();
    let y = g.put_at(U8, P1, Loc::Base(P1)).unwrap();
    g.deal(None, &[(x, 2), (y, 5)]);
    assert_eq!((g.obj(x).damage, g.obj(y).damage), (2, 5));
    a.push(Choice::EndTurn);
    g.step().unwrap();
    step_until(&mut g, |g| g.turn_player == P2);
    assert_eq!((g.obj(x).damage, g.obj(y).damage), (0, 0));
    assert_eq!(count_events(&g, |e| matches!(e, Event::Healed(u) if *u == x || *u == y)), 2);
}

/// 404.6.b.1: units and spells are sources of damage: Incinerate's damage is dealt by the spell;
/// Challenge's ("They deal damage equal to their Mights to each other") by the two units.
#[test]
fn r404_6_b_1_units_and_spells_deal_damage() {
    let (mut g, a, _) = game();
    let target = g.put_at(U8, P2, BF0).unwrap();
    assert!(incinerate(&mut g, &a, target, 0));
    let spell = match g.chain[0].kind {
        riftbound::riftbound::state::ItemKind::Card(c) => c,
        _ => unreachable!(),
    };
    run_chain(&mut g);
    assert!(
        g.events.iter().any(
            |e| matches!(e, Event::Dealt { sources, target: t, amount: 2 } if *sources == [spell] && *t == target)
        )
    );
    let mine = g.put_at(U4, P1, Loc::Base(P1)).unwrap();
    let challenge = g.put("Challenge", P1, Zone::Hand).unwrap();
    g.add(P1, 2, &[Domain::Body], 0);
    a.push(Choice::Play(challenge));
    g.step().unwrap();
    run_chain(&mut g);
    assert_eq!(a.left(), 0);
    let dealt: Vec<_> = g
        .events
        .iter()
        .filter_map(|e| match e {
            Event::Dealt { sources, target, amount } => Some((sources.clone(), *target, *amount)),
            _ => None,
        })
        .collect();
    assert!(dealt.contains(&(vec![mine], target, 4)), "{dealt:?}");
    assert!(dealt.contains(&(vec![target], mine, 8)), "{dealt:?}");
}

/// The chain item's card.
fn chain_card(g: &Game, i: usize) -> ObjId {
    match g.chain[i].kind {
        riftbound::riftbound::state::ItemKind::Card(c) => c,
        ref k => panic!("chain item {i} is not a card: {k:?}"),
    }
}

/// 412.1.a / 412.1.b / 406.4.b: a countered spell does nothing, goes to its owner's trash and
/// was not played — "when you play a spell" (Ravenbloom Student) does not trigger; 412.1.c /
/// 412.1.c.1: its costs, Deflect's additional [A] included, are not refunded.
#[test]
fn r412_1_c_1_countered_spell_not_played_and_costs_kept() {
    let (mut g, a, _) = game();
    let student = g.put_at("Ravenbloom Student", P1, Loc::Base(P1)).unwrap();
    let poro = g.put_at("Pouty Poro", P2, BF0).unwrap();
    assert!(incinerate(&mut g, &a, poro, 1));
    assert!(g.player(P1).pool.is_empty(), "[2] and Deflect's [A] paid");
    let card = chain_card(&g, 0);
    g.counter(0);
    g.cleanup().unwrap();
    run_chain(&mut g);
    assert!(g.chain.is_empty());
    assert_eq!(g.obj(poro).damage, 0, "it did nothing");
    let trashed = g.obj(card).next.unwrap();
    assert_eq!(g.obj(trashed).zone, Zone::Trash);
    assert_eq!(g.player(P1).trash, vec![trashed]);
    assert_eq!(count_events(&g, |e| matches!(e, Event::Played { .. })), 0, "not played");
    assert_eq!(g.might(student), g.card(student).might, "no play trigger");
    assert!(g.player(P1).pool.is_empty(), "nothing refunded");
}

/// 409.1.a: the discarding player chooses the cards (Lunar Boon: "Discard 1, then draw 2");
/// 409.1.b: a trigger on discarding (Jinx, Rebel: "When you discard one or more cards, ready me")
/// happens after the discard.
#[test]
fn r409_1_a_the_discarding_player_chooses() {
    let (mut g, a, _) = game();
    fill_deck(&mut g, P1, 3);
    let jinx = g.put_at("Jinx, Rebel", P1, Loc::Base(P1)).unwrap();
    g.obj_mut(jinx).exhausted = true;
    let keep = g.put(U8, P1, Zone::Hand).unwrap();
    let toss = g.put(U4, P1, Zone::Hand).unwrap();
    let boon = g.put("Lunar Boon", P1, Zone::Hand).unwrap();
    g.add(P1, 3, &[], 0);
    a.push(Choice::Play(boon));
    a.push(Choice::Obj(toss));
    g.step().unwrap();
    run_chain(&mut g);
    assert_eq!(a.left(), 0);
    let asked = a.asked(Ask::ChooseCard);
    assert_eq!(asked.len(), 1);
    assert!(asked[0].contains(&Choice::Obj(keep)) && asked[0].contains(&Choice::Obj(toss)));
    assert!(g.obj(keep).alive && !g.obj(toss).alive);
    assert_eq!(g.player(P1).trash.len(), 2, "the discarded card and Lunar Boon");
    assert!(!g.obj(jinx).exhausted, "Jinx triggered on the discard");
    let discarded = g.events.iter().position(|e| matches!(e, Event::Discarded { .. })).unwrap();
    let readied = g.events.iter().position(|e| matches!(e, Event::Readied(u) if *u == jinx)).unwrap();
    assert!(discarded < readied);
}

/// 414.1 / 414.2 / 414.2.a / 414.2.b: banishing puts a card straight into banishment from any
/// zone: from the board it is not a kill (no death, no Deathknell), from the hand not a discard.
#[test]
fn r414_2_b_banish_is_neither_kill_nor_discard() {
    let (mut g, _, _) = game();
    fill_deck(&mut g, P1, 3);
    let sentry = g.put_at("Watchful Sentry", P1, BF0).unwrap(); // [Deathknell] — Draw 1.
    let card = g.put(U3, P1, Zone::Hand).unwrap();
    g.banish(&[sentry, card], None);
    g.cleanup().unwrap();
    run_chain(&mut g);
    assert_eq!(g.player(P1).banishment.len(), 2);
    assert!(g.player(P1).trash.is_empty() && g.player(P1).hand.is_empty(), "no Deathknell draw");
    assert_eq!(count_events(&g, |e| matches!(e, Event::Killed { .. } | Event::Discarded { .. })), 0);
}

/// 415.2 / 415.2.a / 415.2.b: a killed permanent goes straight from the board to its owner's
/// trash, which is not a move; a card not on the board can't be killed; 415.5.a / 415.5.b /
/// 415.6: the unit Vengeance ("Kill a unit.") kills is killed by Vengeance.
#[test]
fn r415_2_a_only_board_permanents_are_killed() {
    let (mut g, a, _) = game();
    let in_hand = g.put(U3, P2, Zone::Hand).unwrap();
    g.kill(&[in_hand], None).unwrap();
    assert!(g.obj(in_hand).alive && g.obj(in_hand).zone == Zone::Hand);
    let u = g.put_at(U8, P2, BF0).unwrap();
    let spell = g.put("Vengeance", P1, Zone::Hand).unwrap();
    g.add(P1, 4, &[Domain::Order, Domain::Order], 0);
    a.push(Choice::Play(spell));
    g.step().unwrap();
    let vengeance = chain_card(&g, 0);
    run_chain(&mut g);
    assert!(!g.obj(u).alive);
    assert_eq!(g.obj(g.obj(u).next.unwrap()).zone, Zone::Trash);
    assert_eq!(g.player(P2).trash.len(), 1, "its owner's trash");
    assert_eq!(g.killed_by(u), [vengeance]);
    assert_eq!(count_events(&g, |e| matches!(e, Event::Moved { .. })), 0);
}

/// 417.2: the instruction to channel says how the runes enter: "channel 1 rune exhausted" puts
/// the top rune of the rune deck onto the board exhausted, a plain channel ready.
#[test]
fn r417_2_channel_exhausted() {
    let (mut g, _, _) = game();
    for _ in 0..2 {
        g.put("Fury Rune", P1, Zone::RuneDeck).unwrap();
    }
    assert_eq!(g.channel(P1, 1, true), 1);
    assert_eq!(g.channel(P1, 1, false), 1);
    let runes = g.player(P1).runes.clone();
    assert_eq!(runes.iter().map(|r| g.obj(*r).exhausted).collect::<Vec<_>>(), vec![true, false]);
}

/// 418.1.c / 418.1.c.1: looking at more cards than the main deck holds looks at what there is
/// and does not burn out, nor do the instructions on the looked-at cards: Baited Hook ("Look at
/// the top 5 cards ... Then recycle the rest") with two cards in the deck; 406.3.c: with no unit
/// among them to play, nothing is played and the ability goes on (it recycles them).
#[test]
fn r418_1_c_1_looking_past_the_deck_does_not_burn_out() {
    let (mut g, a, _) = game();
    g.put("Progress Day", P1, Zone::MainDeck).unwrap();
    g.put("Vengeance", P1, Zone::MainDeck).unwrap();
    let hook = g.put_at("Baited Hook", P1, Loc::Base(P1)).unwrap();
    let victim = g.put_at(U3, P1, Loc::Base(P1)).unwrap();
    g.add(P1, 1, &[Domain::Order], 0);
    a.push(Choice::Activate(hook, 0));
    g.step().unwrap();
    run_chain(&mut g);
    assert_eq!(a.left(), 0);
    assert!(!g.obj(victim).alive);
    assert_eq!(g.player(P1).main_deck.len(), 2, "both recycled back");
    assert_eq!(count_events(&g, |e| matches!(e, Event::BurnedOut { .. })), 0);
    assert_eq!(g.player(P2).points, 0);
}

// ---------------------------------------------------------------------------------------------
// 316, 419-444: movement, showdowns, combat and scoring
// ---------------------------------------------------------------------------------------------

/// 420.2: changing zones is not a move: playing a unit to a battlefield, killing it and
/// recalling one are no moves; only the standard move is.
#[test]
fn r420_2_zone_changes_are_not_moves() {
    let (mut g, a, _) = game();
    g.set_controller(Bf::new(0), Some(P1));
    let held = g.put_at(U3, P1, BF0).unwrap();
    let card = g.put(U4, P1, Zone::Hand).unwrap();
    g.add(P1, 10, &[], 0);
    a.push(Choice::Play(card));
    a.push(Choice::Loc(BF0));
    g.step().unwrap();
    g.kill(&[held], None).unwrap();
    let played = g.units_at(BF0)[0];
    g.recall(played);
    g.cleanup().unwrap();
    assert_eq!(a.left(), 0);
    assert_eq!(count_events(&g, |e| matches!(e, Event::Moved { .. })), 0);
}

/// 423 / 423.1: an ability moves units, within the destinations its text allows: Tideturner's
/// "When you play me, you may choose a unit you control at another location. Move me to its
/// location and it to my original location" moves both.
#[test]
fn r423_1_abilities_move_units_where_their_text_says() {
    let (mut g, a, _) = game();
    g.set_controller(Bf::new(0), Some(P1));
    let there = g.put_at(U3, P1, BF0).unwrap();
    let card = g.put("Tideturner", P1, Zone::Hand).unwrap();
    g.add(P1, 2, &[], 0);
    a.push(Choice::Play(card));
    a.push(Choice::Loc(Loc::Base(P1)));
    a.push(Choice::Obj(there));
    g.step().unwrap();
    run_chain(&mut g);
    assert_eq!(a.left(), 0);
    let tide = g.units_at(BF0).into_iter().find(|u| g.name(*u) == "Tideturner").expect("moved to the battlefield");
    assert_eq!(g.location(there), Some(Loc::Base(P1)));
    let moved: Vec<ObjId> = g
        .events
        .iter()
        .filter_map(|e| match e {
            Event::Moved { unit, .. } => Some(*unit),
            _ => None,
        })
        .collect();
    assert_eq!(moved.len(), 2);
    assert!(moved.contains(&tide) && moved.contains(&there));
}

/// 316.3 / 316.4.a / 316.4.b / 316.4.e / 316.4.f / 316.5.a / 316.5.a.1 / 438.1.a.1.a /
/// 438.1.a.2: units of both players at one battlefield make a combat, whether a standard move or
/// another effect brought them there; the combat includes its showdown, in which the attacker (who
/// contested) has focus and the other player is the defender; 342.1.b: with no triggers there is
/// no initial chain and the showdown goes on open; 316.4.c: both ways the combat runs the same
/// steps to the same end.
#[test]
fn r316_4_b_combat_from_a_standard_move_or_an_effect() {
    let mut ends = Vec::new();
    for by_effect in [false, true] {
        let (mut g, a, _) = game();
        let d = held(&mut g, U3, P2, Bf::new(0));
        let u = g.put_at(U4, P1, Loc::Base(P1)).unwrap();
        if by_effect {
            g.move_units(&[u], BF0);
            g.cleanup().unwrap();
        } else {
            standard_move(&mut g, &a, BF0);
        }
        let sd = g.showdown.clone().expect("the combat's showdown");
        assert!(g.chain.is_empty(), "no triggers, no initial chain");
        let combat = sd.combat.expect("a combat");
        assert_eq!((combat.attacker, combat.defender), (P1, P2));
        assert_eq!((sd.focus, g.priority_holder()), (P1, Some(P1)));
        assert_eq!((g.obj(u).role, g.obj(d).role), (Some(Role::Attacker), Some(Role::Defender)));
        step_until(&mut g, |g| g.showdown.is_none() && g.chain.is_empty());
        let rules: Vec<String> = g
            .trace
            .lines
            .iter()
            .map(|l| l.rule.to_string())
            .skip_while(|r| r != "438.1")
            .filter(|r| r.starts_with("43") || r.starts_with("44") || r == "345")
            .collect();
        ends.push((rules, g.obj(d).alive, g.location(u), g.battlefields[0].controller, g.player(P1).points));
    }
    assert_eq!(ends[0], ends[1]);
    assert!(ends[0].0.iter().any(|r| r == "439.1.e") && ends[0].0.iter().any(|r| r == "440.1"), "{:?}", ends[0].0);
    assert_eq!(ends[0].4, 1, "P1 conquered");
}

/// 316.5.b / 316.5.b.1 / 442.1.b: a unit moving to an uncontrolled, empty battlefield contests
/// it, which stages a showdown that is its own phase, with no combat; control (and the conquer)
/// comes only when that showdown ends.
#[test]
fn r316_5_b_1_showdown_without_combat_then_control() {
    let (mut g, a, _) = game();
    let u = g.put_at(U3, P1, Loc::Base(P1)).unwrap();
    standard_move(&mut g, &a, BF1);
    assert_eq!(g.location(u), Some(BF1));
    let sd = g.showdown.clone().expect("a showdown");
    assert_eq!((sd.battlefield, sd.combat), (Bf::new(1), None));
    assert_eq!(g.battlefields[1].contested_by, Some(P1));
    assert_eq!(g.battlefields[1].controller, None, "not yet controlled");
    assert_eq!(g.player(P1).points, 0);
    step_until(&mut g, |g| g.showdown.is_none());
    assert_eq!(g.battlefields[1].controller, Some(P1));
    assert_eq!(g.battlefields[1].contested_by, None);
    assert_eq!(g.player(P1).points, 1);
}

/// 439.1.a.1: when neither attackers nor defenders remain as the showdown closes, the combat
/// damage step is skipped: no damage is dealt and the combat still resolves.
#[test]
fn r439_1_a_1_no_one_left_no_combat_damage() {
    let (mut g, a, _) = game();
    let d = held(&mut g, U3, P2, Bf::new(0));
    let u = g.put_at(U4, P1, Loc::Base(P1)).unwrap();
    standard_move(&mut g, &a, BF0);
    assert!(g.showdown.is_some());
    g.kill(&[u, d], None).unwrap();
    g.cleanup().unwrap();
    step_until(&mut g, |g| g.showdown.is_none() && g.chain.is_empty());
    assert!(has_rule(&g, "439.1.a"));
    assert_eq!(count_events(&g, |e| matches!(e, Event::Dealt { .. })), 0);
    assert!(has_rule(&g, "440.1"), "the resolution step still happens");
    assert_eq!(g.battlefields[0].contested_by, None);
    assert_eq!(g.player(P1).points, 0);
}

/// Units with "When I attack, draw 1" and "When I defend, draw 1".
fn attack_defend_db() -> Arc<CardDb> {
    db_with(&[
        &test_unit("TEST-ATTACKER", "When I attack, draw 1.", true),
        &test_unit("TEST-DEFENDER", "When I defend, draw 1.", true),
    ])
}

/// 438.1.b / 438.1.b.1: the initial chain of a combat: the attacking player (with focus) puts
/// their attack triggers on the chain first, then the defending player their defend triggers, so
/// the defender's resolves first.
#[test]
fn r438_1_b_1_attacker_puts_triggers_on_the_chain_first() {
    let (mut g, a, _) = game_with(attack_defend_db());
    fill_deck(&mut g, P1, 3);
    fill_deck(&mut g, P2, 3);
    held(&mut g, "TEST-DEFENDER", P2, Bf::new(0));
    g.put_at("TEST-ATTACKER", P1, Loc::Base(P1)).unwrap();
    standard_move(&mut g, &a, BF0);
    assert_eq!(g.chain.len(), 2, "the initial chain");
    assert_eq!((g.chain[0].controller, g.chain[1].controller), (P1, P2));
    g.step().unwrap();
    g.step().unwrap();
    assert_eq!((g.player(P1).hand.len(), g.player(P2).hand.len()), (0, 1), "the defender's trigger resolved first");
    run_chain(&mut g);
    assert_eq!(g.player(P1).hand.len(), 1);
}

/// 376.4.d.2.a / 376.4.e.2.a: attack and defend triggers happen once per combat, though a unit
/// that leaves the battlefield and comes back gains its designation again (322.3).
#[test]
fn r376_4_d_2_a_attack_and_defend_triggers_once_per_combat() {
    let (mut g, a, _) = game_with(attack_defend_db());
    fill_deck(&mut g, P1, 3);
    fill_deck(&mut g, P2, 3);
    let d = g.put_at("TEST-DEFENDER", P2, BF0).unwrap();
    let helper = held(&mut g, U8, P2, Bf::new(0));
    let u = g.put_at("TEST-ATTACKER", P1, Loc::Base(P1)).unwrap();
    let big = g.put_at(U8, P1, Loc::Base(P1)).unwrap();
    standard_move_picking(&mut g, &a, BF0, &[Choice::Obj(u), Choice::Obj(big)]);
    run_chain(&mut g);
    assert_eq!((g.player(P1).hand.len(), g.player(P2).hand.len()), (1, 1));
    // Both leave and come back during the showdown.
    g.move_units(&[u], Loc::Base(P1));
    g.move_units(&[d], Loc::Base(P2));
    g.cleanup().unwrap();
    assert_eq!((g.obj(u).role, g.obj(d).role), (None, None));
    g.move_units(&[u], BF0);
    g.move_units(&[d], BF0);
    g.cleanup().unwrap();
    assert_eq!((g.obj(u).role, g.obj(d).role), (Some(Role::Attacker), Some(Role::Defender)));
    run_chain(&mut g);
    assert_eq!((g.player(P1).hand.len(), g.player(P2).hand.len()), (1, 1), "no second trigger");
    assert!(g.obj(helper).alive);
}

/// 376.4.b.2.c: a conquer effect triggers even when the point of the conquer is replaced: at 7
/// points, conquering one battlefield of two draws a card instead of the final point
/// (444.1.b.2), and Kai'Sa, Survivor's "When I conquer, draw 1" still triggers; 444.2.a: it
/// triggers at the battlefield that was conquered.
#[test]
fn r376_4_b_2_c_conquer_effect_triggers_when_the_point_is_replaced() {
    let (mut g, a, _) = game();
    fill_deck(&mut g, P1, 5);
    g.player_mut(P1).points = 7;
    let kaisa = g.put_at("Kai'Sa, Survivor", P1, Loc::Base(P1)).unwrap();
    standard_move(&mut g, &a, BF0);
    step_until(&mut g, |g| g.showdown.is_none() && g.chain.is_empty());
    assert_eq!(g.battlefields[0].controller, Some(P1));
    assert_eq!(g.player(P1).points, 7, "no final point");
    assert_eq!(g.player(P1).hand.len(), 2, "the draw instead of the point, and Kai'Sa's draw");
    assert_eq!(g.location(kaisa), Some(BF0));
}

/// 444.2.b: hold abilities trigger for the battlefield that was held, at that battlefield only:
/// holding two battlefields with Ahri, Alluring ("When I hold, you score 1 point") at one of them
/// gives her point once; 444.2.c: score abilities trigger only when the battlefield is scored,
/// so a conquer effect can't trigger twice for one battlefield in a turn (443).
#[test]
fn r444_2_b_hold_triggers_at_the_held_battlefield_only() {
    let (mut g, _, _) = game();
    fill_deck(&mut g, P1, 5);
    g.put_at("Ahri, Alluring", P1, BF0).unwrap();
    g.put_at(U3, P1, BF1).unwrap();
    g.set_controller(Bf::new(0), Some(P1));
    g.set_controller(Bf::new(1), Some(P1));
    g.step = Step::Scoring;
    g.priority = None;
    step_until(&mut g, |g| g.step == Step::Channel && g.chain.is_empty());
    assert_eq!(g.player(P1).points, 3, "two holds and Ahri's one point");
}

/// 444.2.c / 444.2.a: Kai'Sa, Survivor conquers a battlefield, leaves it, and takes it again the
/// same turn: the second time is no score (443), and her conquer effect does not trigger again.
#[test]
fn r444_2_c_conquer_effect_once_per_battlefield_per_turn() {
    let (mut g, a, _) = game();
    fill_deck(&mut g, P1, 5);
    let kaisa = g.put_at("Kai'Sa, Survivor", P1, Loc::Base(P1)).unwrap();
    standard_move(&mut g, &a, BF0);
    step_until(&mut g, |g| g.showdown.is_none() && g.chain.is_empty());
    assert_eq!((g.player(P1).points, g.player(P1).hand.len()), (1, 1));
    g.move_units(&[kaisa], Loc::Base(P1));
    g.cleanup().unwrap();
    assert_eq!(g.battlefields[0].controller, None);
    g.move_units(&[kaisa], BF0);
    g.cleanup().unwrap();
    step_until(&mut g, |g| g.showdown.is_none() && g.chain.is_empty());
    assert_eq!(g.battlefields[0].controller, Some(P1));
    assert_eq!((g.player(P1).points, g.player(P1).hand.len()), (1, 1), "no second score, no second draw");
}

/// 333.1.c.1: a unit resolves as it is finalized, and with the chain empty play goes on in an
/// open state: 351.1 / 351.2 / 349.1: while its location is chosen it is a pending item on the
/// chain (the state closed); 349.2 / 348.1: then it is finalized and a game object on the board,
/// the chain is gone and P1 may play again.
#[test]
fn r333_1_c_1_after_a_permanent_the_state_is_open() {
    let (mut g, a, _) = game();
    g.set_controller(Bf::new(0), Some(P1));
    g.put_at(U3, P1, BF0).unwrap();
    let card = g.put(U4, P1, Zone::Hand).unwrap();
    let next = g.put(U3, P1, Zone::Hand).unwrap();
    g.add(P1, 10, &[], 0);
    a.push(Choice::Play(card));
    a.push(Choice::Loc(BF0));
    g.step().unwrap();
    let at_location = a.pending.lock().unwrap().iter().find(|(k, _)| *k == Ask::PlayLocation).cloned().unwrap();
    assert_eq!(at_location.1, vec![true], "pending on the chain while its choices are made");
    assert!(g.chain.is_empty());
    assert!(g.units_at(BF0).iter().any(|u| g.name(*u) == U4 && g.obj(*u).exhausted), "on the board");
    assert_eq!(g.priority_holder(), Some(P1));
    assert!(g.action_options(P1).contains(&Choice::Play(next)), "an open state again");
}

/// A unit with a normal, an Action and a Reaction activated ability.
fn timed_abilities_db() -> Arc<CardDb> {
    db_with(&[&test_unit(
        "TEST-TIMED",
        "[1]: Give me +1 [M] this turn.\n[1]: [Action] — Give me +2 [M] this turn.\n[1]: [Reaction] — Give me +3 [M] this turn.",
        true,
    )])
}

/// 325.1 / 330.1.a / 330.1.b / 334.1.a.1 / 334.1.b / 334.1.b.1 / 729.1.c.3: during a chain (a
/// closed state) neither cards nor abilities can be played or activated by default; a Reaction
/// ability can, on the opponent's turn and chain, and goes on that chain (329.1); an Action
/// ability or card can't; 729.4.c: whether an ability has Reaction is what the game checks;
/// 312.1.a: the player with priority takes the appropriately timed action.
#[test]
fn r334_1_b_1_closed_state_only_reaction_abilities() {
    let (mut g, a, b) = game_with(timed_abilities_db());
    g.turn_player = P2;
    g.priority = Some(P2);
    let u = g.put_at("TEST-TIMED", P1, Loc::Base(P1)).unwrap();
    let cleave = g.put("Cleave", P1, Zone::Hand).unwrap();
    let unit = g.put(U3, P1, Zone::Hand).unwrap();
    g.add(P1, 10, &[], 0);
    g.put_at(U8, P2, BF0).unwrap();
    let spell = g.put("Incinerate", P2, Zone::Hand).unwrap();
    g.add(P2, 2, &[], 0);
    b.push(Choice::Play(spell));
    g.step().unwrap();
    g.step().unwrap(); // P2 passes
    assert_eq!((g.chain.len(), g.priority_holder()), (1, Some(P1)));
    let opts = g.action_options(P1);
    assert!(opts.contains(&Choice::Activate(u, 2)), "the Reaction ability: {opts:?}");
    assert!(!opts.contains(&Choice::Activate(u, 0)) && !opts.contains(&Choice::Activate(u, 1)), "{opts:?}");
    assert!(!opts.contains(&Choice::Play(cleave)) && !opts.contains(&Choice::Play(unit)), "{opts:?}");
    a.push(Choice::Activate(u, 2));
    g.step().unwrap();
    assert_eq!(g.chain.len(), 2, "on the same chain");
    run_chain(&mut g);
    assert_eq!(a.left(), 0);
    assert_eq!(g.might(u), 2 + 3);
}

/// 325.2 / 339.1.b / 344.2 / 722.1.c.2 / 729.2 / 344.1.a: in a showdown on the opponent's turn,
/// the player with focus may activate Action and Reaction abilities (Reaction is not limited to
/// closed states), not others; a spell played there starts a chain as normal; 722.2: an Action
/// ability is not limited to showdowns either; 722.4.c: whether an ability has Action is what the
/// game checks; 722.1.a: Action on a permanent's ability.
#[test]
fn r344_2_showdown_action_and_reaction_abilities() {
    let (mut g, a, _) = game_with(timed_abilities_db());
    let u = g.put_at("TEST-TIMED", P1, BF0).unwrap();
    g.add(P1, 10, &[], 0);
    let mine = g.action_options(P1);
    assert!(mine.contains(&Choice::Activate(u, 0)) && mine.contains(&Choice::Activate(u, 1)), "{mine:?}");
    g.turn_player = P2;
    g.put_at(U3, P2, BF0).unwrap();
    g.battlefield_mut(Bf::new(0)).contested_by = Some(P2);
    g.set_controller(Bf::new(0), Some(P1));
    g.begin_combat(Bf::new(0));
    // P2 attacks and has focus; they pass it to P1.
    g.step().unwrap();
    assert_eq!(g.showdown.as_ref().map(|s| s.focus), Some(P1));
    let opts = g.action_options(P1);
    assert!(opts.contains(&Choice::Activate(u, 1)) && opts.contains(&Choice::Activate(u, 2)), "{opts:?}");
    assert!(!opts.contains(&Choice::Activate(u, 0)), "{opts:?}");
    let cleave = g.put("Cleave", P1, Zone::Hand).unwrap();
    a.push(Choice::Play(cleave));
    a.push(Choice::Obj(u));
    g.step().unwrap();
    assert!(g.showdown.is_some());
    assert_eq!(g.chain.len(), 1, "a chain in the showdown");
    assert_eq!(a.left(), 0);
}

// ---------------------------------------------------------------------------------------------
// 352, 386-394: targets and the process of activating abilities
// ---------------------------------------------------------------------------------------------

/// 370.2.b.1 / 328.1 / 391.1.a / 392.1: an activated ability is a pending item on the chain
/// while the costs before its colon are paid — Garbage Grabber's "Recycle 3 from your trash,
/// [1], [E]" recycles three cards, takes [1] from a rune and exhausts it; 394.1 / 394.2 / 327.2:
/// then it is a finalized chain item its controller holds priority over (388.1 / 387: the steps
/// of playing a card);
/// 394.4 / 370.2.b.2: the opponent may respond with a Reaction before it resolves; 400.2.b: the
/// ability's "Draw 1" draws.
#[test]
fn r394_4_activated_ability_pending_then_chain_item_then_reactions() {
    let (mut g, a, b) = game();
    let grabber = g.put_at("Garbage Grabber", P1, Loc::Base(P1)).unwrap();
    let trash: Vec<ObjId> = (0..3).map(|_| g.put(U3, P1, Zone::Trash).unwrap()).collect();
    let runes = g.put_runes("Mind Rune", P1, 2).unwrap();
    let discipline = g.put("Discipline", P2, Zone::Hand).unwrap();
    g.put_at(U3, P2, Loc::Base(P2)).unwrap(); // Discipline's only target
    fill_deck(&mut g, P2, 2);
    g.add(P2, 2, &[], 0);
    a.push(Choice::Activate(grabber, 0));
    a.push(Choice::Activate(runes[0], 0));
    for c in &trash {
        a.push(Choice::Obj(*c));
    }
    g.step().unwrap();
    let pays: Vec<Vec<bool>> =
        a.pending.lock().unwrap().iter().filter(|(k, _)| *k == Ask::PayCost).map(|(_, p)| p.clone()).collect();
    assert!(!pays.is_empty());
    assert!(pays.iter().all(|p| *p == vec![true]), "pending while paying: {pays:?}");
    assert!(g.player(P1).trash.is_empty() && g.player(P1).main_deck.len() == 3, "recycled 3");
    assert!(g.obj(grabber).exhausted && g.obj(runes[0]).exhausted && !g.obj(runes[1]).exhausted);
    assert_eq!(g.chain.len(), 1);
    assert!(!g.chain[0].pending);
    assert!(
        matches!(g.chain[0].kind, riftbound::riftbound::state::ItemKind::Ability { source, .. } if source == grabber)
    );
    assert_eq!(g.priority_holder(), Some(P1));
    g.step().unwrap(); // P1 passes
    assert_eq!(g.priority_holder(), Some(P2));
    assert!(g.action_options(P2).contains(&Choice::Play(discipline)));
    b.push(Choice::Play(discipline));
    g.step().unwrap();
    assert_eq!(g.chain.len(), 2);
    run_chain(&mut g);
    assert_eq!(b.left(), 0);
    assert_eq!(g.player(P2).hand.len(), 1, "Discipline's draw");
    assert_eq!(g.player(P1).hand.len(), 1, "the Grabber's draw");
}

/// 391.2: choosing a target can raise an ability's cost: Iron Ballista's "[E]: Deal 2 to a unit
/// at a battlefield" aimed at an opponent's Pouty Poro ([Deflect]) costs [A] more: without Power
/// the activation is not offered (355.3, 725.1.c: the surcharge is counted as abilities are
/// listed), with a rune to recycle for Power it is activated.
#[test]
fn r391_2_target_choice_raises_an_abilitys_cost() {
    let (mut g, a, _) = game();
    let ballista = g.put_at("Iron Ballista", P1, Loc::Base(P1)).unwrap();
    let poro = g.put_at("Pouty Poro", P2, BF0).unwrap();
    // Ability 0 is "This enters exhausted."; ability 1 the activated one.
    assert!(!g.activatable_abilities(P1).contains(&(ballista, 1)), "the [A] can't be paid");
    let rune = g.put_runes("Calm Rune", P1, 1).unwrap()[0];
    a.push(Choice::Activate(ballista, 1));
    g.step().unwrap();
    assert_eq!(g.chain.len(), 1);
    assert!(!g.obj(rune).alive, "recycled for its [G]");
    assert!(g.player(P1).pool.is_empty());
    run_chain(&mut g);
    assert_eq!(g.obj(poro).damage, 2);
}

/// 352.4.a / 352.10.d: "Deal 1 to all units at battlefields" (Flurry of Blades) affects units by
/// criteria and chooses nothing: no target is asked however many units there are, while "Stun a
/// unit" (Rune Prison) asks for one.
#[test]
fn r352_10_d_all_units_is_not_a_choice() {
    let (mut g, a, _) = game();
    let x = g.put_at(U3, P2, BF0).unwrap();
    let y = g.put_at(U4, P2, BF1).unwrap();
    let flurry = g.put("Flurry of Blades", P1, Zone::Hand).unwrap();
    let prison = g.put("Rune Prison", P1, Zone::Hand).unwrap();
    g.add(P1, 10, &[Domain::Calm], 0);
    a.push(Choice::Play(flurry));
    g.step().unwrap();
    run_chain(&mut g);
    assert!(a.asked(Ask::Target).is_empty());
    assert_eq!((g.obj(x).damage, g.obj(y).damage), (1, 1));
    a.push(Choice::Play(prison));
    a.push(Choice::Obj(y));
    g.step().unwrap();
    run_chain(&mut g);
    assert_eq!(a.asked(Ask::Target).len(), 1);
    assert!(g.obj(y).stunned && !g.obj(x).stunned);
}

/// 352.9.a / 352.9.b / 352.9.c: passive abilities and replacement effects never have targets,
/// nor do units and gear themselves (only their abilities): across every card the language
/// compiles.
#[test]
fn r352_9_passive_and_replacement_abilities_never_target() {
    use riftbound::riftbound::abilities::AbilityKind;
    let db = cards_db();
    let mut checked = 0;
    for (_, card) in db.iter() {
        for ab in &card.abilities.abilities {
            match ab.kind {
                AbilityKind::Static { .. } | AbilityKind::ReplaceDeath { .. } => {
                    assert!(ab.targets.is_empty(), "{}: {}", card.name, ab.text);
                    checked += 1;
                }
                AbilityKind::Spell | AbilityKind::Mode => {
                    assert_eq!(card.kind, riftbound::riftbound::CardType::Spell, "{}: {}", card.name, ab.text);
                }
                _ => {}
            }
        }
    }
    assert!(checked >= 5, "passive and replacement abilities were found: {checked}");
}

/// 715.3 / 352.14.c: Annie, Fiery's bonus damage makes Volibear, Furious's "deal 5 damage split
/// among any number of enemy units here" split 6, so up to six targets; 352.14.h: when Annie is
/// gone before it resolves there are more targets than damage, and its controller picks the
/// target that ceases to be one; 352.14.g: each remaining target gets a positive amount, 1 each.
#[test]
fn r352_14_h_fewer_damage_than_targets_drops_targets() {
    let (mut g, a, _) = game();
    let annie = g.put_at("Annie, Fiery", P1, Loc::Base(P1)).unwrap();
    let foes: Vec<ObjId> = (0..6).map(|_| g.put_at(U8, P2, BF0).unwrap()).collect();
    g.set_controller(Bf::new(0), Some(P2));
    let voli = g.put_at("Volibear, Furious", P1, Loc::Base(P1)).unwrap();
    a.push(Choice::StandardMove(BF0));
    a.push(Choice::Obj(voli));
    a.push(Choice::Done);
    for f in &foes {
        a.push(Choice::Obj(*f));
    }
    g.step().unwrap();
    assert_eq!(g.chain.len(), 1, "the attack trigger with 6 targets (5 + 1 bonus)");
    assert_eq!(g.chain[0].targets[0].objs().len(), 6);
    g.kill(&[annie], None).unwrap();
    // P1 drops the last target; 5 among the other five can only be 1 each.
    a.push(Choice::Obj(foes[5]));
    run_chain(&mut g);
    assert_eq!(a.left(), 0);
    let drops = a.asked(Ask::Target);
    assert_eq!(drops.last().unwrap().len(), 6, "any of the six may cease being a target");
    assert!(a.asked(Ask::SplitAmount).is_empty(), "no amount to choose: at least 1 each");
    assert_eq!(foes.iter().map(|f| g.obj(*f).damage).collect::<Vec<_>>(), vec![1, 1, 1, 1, 1, 0]);
}

/// 714: bonus damage from several instances is summed and applied once: with two Annie, Fiery
/// ("Your spells and abilities deal 1 Bonus Damage") Incinerate deals 2 + 2; 404.4 / 404.5: the
/// bonus is a property of the one deal action and raises the damage it deals.
#[test]
fn r714_bonus_damage_instances_sum() {
    let (mut g, a, _) = game();
    g.put_at("Annie, Fiery", P1, Loc::Base(P1)).unwrap();
    g.put_at("Annie, Fiery", P1, Loc::Base(P1)).unwrap();
    let t = g.put_at(U8, P2, BF0).unwrap();
    assert!(incinerate(&mut g, &a, t, 0));
    run_chain(&mut g);
    assert_eq!(g.obj(t).damage, 4);
    assert_eq!(count_events(&g, |e| matches!(e, Event::Dealt { .. })), 1, "one deal action");
}

// ---------------------------------------------------------------------------------------------
// More keywords: Reaction units, Hidden, Ganking, Tank, keywords on gear, Legion
// ---------------------------------------------------------------------------------------------

/// 729.1.a / 729.1.b / 729.1.c.2: a unit with Reaction (Shen, Kinkou) may be played in a closed
/// state on the opponent's turn and, with Action's permissions, in a showdown; 729.3.a: still only
/// to its controller's base or a battlefield they control.
#[test]
fn r729_3_a_reaction_unit_on_the_opponents_chain_to_base_or_controlled_battlefield() {
    let (mut g, a, b) = game();
    g.turn_player = P2;
    g.priority = Some(P2);
    g.set_controller(Bf::new(1), Some(P1));
    g.put_at(U3, P1, BF1).unwrap();
    held(&mut g, U8, P2, Bf::new(0));
    let shen = g.put("Shen, Kinkou", P1, Zone::Hand).unwrap();
    g.add(P1, 3, &[Domain::Order], 0);
    let spell = g.put("Incinerate", P2, Zone::Hand).unwrap();
    g.add(P2, 2, &[], 0);
    b.push(Choice::Play(spell));
    b.push(Choice::Obj(g.units_at(BF1)[0]));
    g.step().unwrap();
    g.step().unwrap(); // P2 passes
    assert!(g.action_options(P1).contains(&Choice::Play(shen)), "closed state, P2's turn");
    a.push(Choice::Play(shen));
    a.push(Choice::Loc(BF1));
    g.step().unwrap();
    let locs = a.asked(Ask::PlayLocation);
    assert_eq!(locs, vec![vec![Choice::Loc(Loc::Base(P1)), Choice::Loc(BF1)]], "not P2's battlefield");
    assert_eq!(a.left(), 0);
    assert!(g.units_at(BF1).iter().any(|u| g.name(*u) == "Shen, Kinkou"));
    // In a showdown (open) too.
    let (mut g, _, _) = game();
    g.turn_player = P2;
    let shen = g.put("Shen, Kinkou", P1, Zone::Hand).unwrap();
    g.add(P1, 3, &[Domain::Order], 0);
    g.put_at(U3, P2, BF0).unwrap();
    g.battlefield_mut(Bf::new(0)).contested_by = Some(P2);
    g.begin_showdown(Bf::new(0));
    g.showdown.as_mut().unwrap().focus = P1;
    g.priority = Some(P1);
    assert!(g.playable_cards(P1).contains(&shen));
}

/// 727.1.a: Hidden is on spells, units and gear, and each can be hidden (Stand United, Pakaa Cub,
/// Zhonya's Hourglass); 727.5.a: having Hidden is independent of being facedown — in hand and
/// facedown alike; 727.6.a: the Reaction the card gains belongs to it facedown: Pakaa Cub can't be
/// played on an opponent's chain from hand, but can from facedown.
#[test]
fn r727_6_a_hidden_cards_of_every_type_and_reaction_facedown() {
    let (mut g, a, b) = game();
    held(&mut g, U3, P1, Bf::new(0));
    let cards = ["Stand United", "Pakaa Cub", "Zhonya's Hourglass"].map(|n| g.put(n, P1, Zone::Hand).unwrap());
    g.add(P1, 0, &[Domain::Order], 0);
    let hides = g.hide_options(P1);
    for c in cards {
        assert!(hides.contains(&(c, Bf::new(0))), "{}", g.name(c));
        assert!(g.has_keyword(c, Keyword::Hidden));
    }
    let cub = cards[1];
    let other_cub = g.put("Pakaa Cub", P1, Zone::Hand).unwrap();
    a.push(Choice::Hide(cub, Bf::new(0)));
    g.step().unwrap();
    let facedown = *g.battlefields[0].facedown.first().expect("hidden");
    assert!(g.has_keyword(facedown, Keyword::Hidden), "still has Hidden facedown");
    // P2's turn: P2 plays a spell; P1 answers on the chain.
    g.turn += 1;
    g.turn_player = P2;
    g.priority = Some(P2);
    g.put_at(U8, P2, BF1).unwrap();
    let spell = g.put("Incinerate", P2, Zone::Hand).unwrap();
    g.add(P2, 2, &[], 0);
    g.add(P1, 3, &[], 0);
    b.push(Choice::Play(spell));
    b.push(Choice::Obj(g.units_at(BF1)[0]));
    g.step().unwrap();
    g.step().unwrap();
    assert_eq!((g.chain.len(), g.priority_holder()), (1, Some(P1)));
    let playable = g.playable_cards(P1);
    assert!(playable.contains(&facedown) && !playable.contains(&other_cub), "{playable:?}");
}

/// 726.1.a / 726.2: a unit with Ganking (twice: redundant) may make a standard move from a
/// battlefield to another, once; 726.1.c.2: no cost beyond the move's exhausting; 726.1.c.3: no
/// ability to activate.
#[test]
fn r726_2_ganking_adds_only_a_standard_move_option() {
    let db = db_with(&[&test_unit("TEST-GANK2", "[Ganking] [Ganking]", true)]);
    let (mut g, a, _) = game_with(db);
    let u = held(&mut g, "TEST-GANK2", P1, Bf::new(0));
    g.put_at(U3, P1, BF0).unwrap();
    assert!(g.activatable_abilities(P1).is_empty());
    let dests = g.standard_move_destinations(P1);
    assert_eq!(dests.iter().filter(|d| **d == BF1).count(), 1, "{dests:?}");
    assert_eq!(g.standard_move_units(P1, BF1), vec![u]);
    standard_move(&mut g, &a, BF1);
    assert_eq!(g.location(u), Some(BF1));
    assert!(g.obj(u).exhausted);
    assert!(g.player(P1).pool.is_empty());
    assert!(g.standard_move_units(P1, BF0).iter().all(|x| *x != u), "no second move");
}

/// 731.2 / 439.1.d.2: Tank twice is Tank once: the doubly-Tanked unit is assigned lethal damage
/// first like any Tank, and a single Tank unit beside it is of the same priority.
#[test]
fn r731_2_double_tank_is_one_tank() {
    let db = db_with(&[&test_unit("TEST-TANK2", "[Tank] [Tank]", true)]);
    let (mut g, a, _) = game_with(db);
    let plain = g.put_at(U3, P2, BF0).unwrap();
    let double = g.put_at("TEST-TANK2", P2, BF0).unwrap();
    let single = g.put_at("Horns of the Dragon", P2, BF0).unwrap();
    a.push(Choice::Obj(single));
    let got = g.assign_combat_damage(P1, 2 + g.might(single) as u32, &[plain, double, single]).unwrap();
    assert_eq!(a.asked(Ask::AssignDamage)[0].len(), 2, "the two Tanks, same priority");
    assert!(!a.asked(Ask::AssignDamage)[0].contains(&Choice::Obj(plain)));
    assert!(got.contains(&(double, 2)) && got.iter().all(|(u, _)| *u != plain), "{got:?}");
}

/// 724.1.a / 732.1.a / 733.1.a: Deathknell, Temporary and Vision work on permanents other than
/// units: a gear with "[Deathknell] — Draw 1." draws when killed, one with [Vision] looks when
/// played, one with [Temporary] dies at the start of its controller's Beginning Phase.
#[test]
fn r724_1_a_r732_1_a_r733_1_a_keywords_on_gear() {
    let gear = |id: &str, text: &str| {
        format!(
            "id = \"{id}\"\nname = \"{id}\"\ntype = \"gear\"\nenergy = 1\nset = \"TEST\"\nnumber = 1\ntext = \"\"\"{text}\"\"\"\n"
        )
    };
    let db = db_with(&[
        &gear("TEST-GEAR-DK", "[Deathknell] — Draw 1."),
        &gear("TEST-GEAR-VIS", "[Vision]"),
        &gear("TEST-GEAR-TEMP", "[Temporary]"),
    ]);
    let (mut g, a, b) = game_with(db);
    fill_deck(&mut g, P1, 5);
    fill_deck(&mut g, P2, 5);
    let dk = g.put_at("TEST-GEAR-DK", P1, Loc::Base(P1)).unwrap();
    g.kill(&[dk], None).unwrap();
    g.cleanup().unwrap();
    run_chain(&mut g);
    assert_eq!(g.player(P1).hand.len(), 1, "Deathknell drew");
    let vis = g.put("TEST-GEAR-VIS", P1, Zone::Hand).unwrap();
    g.add(P1, 1, &[], 0);
    a.push(Choice::Play(vis));
    a.push(Choice::Yes);
    g.step().unwrap();
    run_chain(&mut g);
    assert_eq!(a.asked(Ask::YesNo).len(), 1, "Vision looked");
    let temp = g.put_at("TEST-GEAR-TEMP", P1, Loc::Base(P1)).unwrap();
    // Ending the turn is each player's only option from here on.
    step_until(&mut g, |g| g.turn_player == P2 && g.step == Step::Action);
    assert!(g.obj(temp).alive);
    g.step().unwrap();
    step_until(&mut g, |g| g.turn_player == P1 && g.step == Step::Action);
    assert!(!g.obj(temp).alive, "Temporary killed it");
    assert_eq!(a.left() + b.left(), 0);
}

/// 728.1.a / 728.1.b / 728.1.c.3 / 728.2: on a spell, "[Legion] — [Text]" applies its text when the
/// Legion condition
/// holds, and one card played earlier in the turn satisfies every Legion of a card: a spell
/// "Draw 1. [Legion] — Draw 1. [Legion] — Draw 2." draws 1 alone, 4 after another card.
#[test]
fn r728_2_one_card_satisfies_every_legion() {
    let spell = "id = \"TEST-LEGION\"\nname = \"TEST-LEGION\"\ntype = \"spell\"\nenergy = 1\nset = \"TEST\"\nnumber = 1\ntext = \"\"\"Draw 1.\n[Legion] — Draw 1.\n[Legion] — Draw 2.\"\"\"\n";
    let db = db_with(&[spell]);
    for earlier in [false, true] {
        let (mut g, a, _) = game_with(db.clone());
        fill_deck(&mut g, P1, 6);
        g.add(P1, 10, &[], 0);
        if earlier {
            let u = g.put(U3, P1, Zone::Hand).unwrap();
            a.push(Choice::Play(u));
            g.step().unwrap();
        }
        let card = g.put("TEST-LEGION", P1, Zone::Hand).unwrap();
        a.push(Choice::Play(card));
        g.step().unwrap();
        run_chain(&mut g);
        assert_eq!(a.left(), 0);
        assert_eq!(g.player(P1).hand.len(), if earlier { 4 } else { 1 });
    }
}

/// 718: a card can have any number of keywords: Rengar, Unseen has Accelerate, Assault 2,
/// Deflect and Ganking, all of them working characteristics.
#[test]
fn r718_any_number_of_keywords() {
    let (mut g, _, _) = game();
    let r = g.put_at("Rengar, Unseen", P2, BF0).unwrap();
    let k = g.chars(r).keywords;
    for kw in [Keyword::Accelerate, Keyword::Assault, Keyword::Deflect, Keyword::Ganking] {
        assert!(k.has(kw), "{kw:?}");
    }
    assert_eq!((k.assault, k.deflect), (2, 1));
    g.set_controller(Bf::new(0), Some(P2));
    g.turn_player = P2;
    g.priority = Some(P2);
    assert!(g.standard_move_units(P2, BF1).contains(&r), "Ganking");
    g.obj_mut(r).role = Some(Role::Attacker);
    assert_eq!(g.might(r), g.card(r).might + 2, "Assault 2");
}

/// 707 / 361.3 / 361.3.a: being Mighty is something effects check — Fiora, Victorious's "While
/// I'm [Mighty], I have [Deflect], [Ganking], and [Shield]" is a conditional passive ability
/// ("while") that applies only while she is.
#[test]
fn r707_r361_3_a_conditional_passive_checks_mighty() {
    let (mut g, _, _) = game();
    let f = g.put_at("Fiora, Victorious", P1, BF0).unwrap();
    assert!(!g.is_mighty(f) && !g.has_keyword(f, Keyword::Ganking));
    g.add_effect(None, Filter::Object(f), None, Modification::Might(1), Duration::ThisTurn);
    assert!(g.is_mighty(f));
    assert!(
        g.has_keyword(f, Keyword::Ganking) && g.has_keyword(f, Keyword::Deflect) && g.has_keyword(f, Keyword::Shield)
    );
    g.expire_effects(true);
    assert!(!g.has_keyword(f, Keyword::Ganking));
}

// ---------------------------------------------------------------------------------------------
// More of 300-458: dealing, playing by effects, recalls, triggers, targets
// ---------------------------------------------------------------------------------------------

/// 404.1.a / 404.3.a / 404.7: in combat, damage is first assigned — every assignment of both
/// players made while no damage is marked — and only then dealt; outside combat a spell deals its
/// damage directly.
#[test]
fn r404_1_a_combat_damage_is_assigned_then_dealt() {
    let (mut g, a, _) = game();
    let d1 = g.put_at(U3, P2, BF0).unwrap();
    let d2 = held(&mut g, U3, P2, Bf::new(0));
    let big = g.put_at(U8, P1, Loc::Base(P1)).unwrap();
    let spell_target = g.put_at(U8, P2, BF1).unwrap();
    assert!(incinerate(&mut g, &a, spell_target, 0));
    run_chain(&mut g);
    assert_eq!(g.obj(spell_target).damage, 2, "dealt directly");
    a.push(Choice::StandardMove(BF0));
    a.push(Choice::Obj(d1)); // lethal to d1 first
    a.push(Choice::Obj(d2)); // the 2 left over once both have lethal (439.1.d.4) ...
    a.push(Choice::Amount(2)); // ... all of them
    g.step().unwrap();
    step_until(&mut g, |g| g.showdown.is_none());
    assert_eq!(a.left(), 0);
    let lines: Vec<(String, String)> = g.trace.lines.iter().map(|l| (l.rule.to_string(), l.text.to_string())).collect();
    let start = lines.iter().position(|(r, _)| r == "439.1.b").unwrap();
    let assigns: Vec<usize> =
        (start..lines.len()).filter(|&i| lines[i].0 == "439.1.d.3" || lines[i].0 == "439.1.d.4").collect();
    let deals: Vec<usize> = (start..lines.len()).filter(|&i| lines[i].0 == "404.1.b").collect();
    assert!(assigns.len() >= 2 && !deals.is_empty(), "{lines:?}");
    assert!(assigns.iter().max() < deals.iter().min(), "all assigned before anything is dealt");
    assert!(!g.obj(d1).alive && !g.obj(d2).alive);
    assert_eq!(g.obj(big).damage, 0, "healed in the combat cleanup after 6 damage");
}

/// 406.3.b: a card an effect plays goes through the normal play process except as the effect
/// says: Baited Hook plays the banished Cloud Drake ignoring its cost, and its play effect
/// ("When you play me, draw 1") happens as usual.
#[test]
fn r406_3_b_a_card_played_by_an_effect_plays_normally() {
    let (mut g, a, _) = game();
    let top = g.put("Cloud Drake", P1, Zone::MainDeck).unwrap(); // 5 Might, cost [6]
    fill_deck(&mut g, P1, 3);
    let hook = g.put_at("Baited Hook", P1, Loc::Base(P1)).unwrap();
    g.put_at(U4, P1, Loc::Base(P1)).unwrap();
    g.add(P1, 1, &[Domain::Order], 0);
    a.push(Choice::Activate(hook, 0));
    a.push(Choice::Obj(top));
    g.step().unwrap();
    run_chain(&mut g);
    assert_eq!(a.left(), 0);
    let drake = g.player(P1).base.iter().copied().find(|o| g.name(*o) == "Cloud Drake");
    assert!(drake.is_some(), "played to base");
    assert!(g.player(P1).pool.is_empty(), "its [6] was ignored; only the Hook's [1][Y] was paid");
    assert_eq!(g.player(P1).hand.len(), 1, "its play effect drew");
}

/// 430.1: a recall is not a move and does not trigger "When I move" (Stellacorn Herder: "When I
/// move, draw 1"); moving it does.
#[test]
fn r430_1_recall_does_not_trigger_move_abilities() {
    let (mut g, _, _) = game();
    fill_deck(&mut g, P1, 3);
    let herder = held(&mut g, "Stellacorn Herder", P1, Bf::new(0));
    g.recall(herder);
    g.cleanup().unwrap();
    run_chain(&mut g);
    assert_eq!(g.player(P1).hand.len(), 0);
    g.move_units(&[herder], BF0);
    g.cleanup().unwrap();
    run_chain(&mut g);
    assert_eq!(g.player(P1).hand.len(), 1);
}

/// 377.1: a permanent's triggered ability works while it is on the board: of two Ravenbloom
/// Students ("When you play a spell, give me +1 [M] this turn"), the one in hand does not
/// trigger, the one on the board does.
#[test]
fn r377_1_triggered_abilities_of_permanents_on_the_board() {
    let (mut g, a, _) = game();
    let board = g.put_at("Ravenbloom Student", P1, Loc::Base(P1)).unwrap();
    let hand = g.put("Ravenbloom Student", P1, Zone::Hand).unwrap();
    let t = g.put_at(U8, P2, BF0).unwrap();
    assert!(incinerate(&mut g, &a, t, 0));
    run_chain(&mut g);
    assert_eq!(g.might(board), 3);
    let triggers = g.trace.lines.iter().filter(|l| l.rule == "376.3").count();
    assert_eq!(triggers, 1);
    assert!(g.obj(hand).alive && g.obj(hand).zone == Zone::Hand);
}

/// 363.2 / 363.2.a: a passive ability that changes a card's cost applies in the zone it is played
/// from: Sky Splitter's "This spell's Energy cost is reduced by the highest Might among units you
/// control" makes it cost [3][R] from hand with a 5-Might unit.
#[test]
fn r363_2_a_cost_passive_applies_from_hand() {
    let (mut g, a, _) = game();
    g.put_at(U5, P1, Loc::Base(P1)).unwrap();
    let t = g.put_at(U8, P2, BF0).unwrap();
    let spell = g.put("Sky Splitter", P1, Zone::Hand).unwrap();
    g.add(P1, 3, &[Domain::Fury], 0);
    assert!(g.action_options(P1).contains(&Choice::Play(spell)));
    a.push(Choice::Play(spell));
    g.step().unwrap();
    assert!(g.player(P1).pool.is_empty());
    run_chain(&mut g);
    assert_eq!(g.obj(t).damage, 5);
}

/// 356.2.a: a permanent's passive abilities are active once it resolves: after Annie, Fiery ("Your
/// spells and abilities deal 1 Bonus Damage") is played, Incinerate deals 3.
#[test]
fn r356_2_a_passives_active_once_the_permanent_resolves() {
    let (mut g, a, _) = game();
    let t = g.put_at(U8, P2, BF0).unwrap();
    let annie = g.put("Annie, Fiery", P1, Zone::Hand).unwrap();
    let cost = g.card(annie).energy;
    g.add(P1, cost, &g.card(annie).domains.iter().collect::<Vec<_>>(), 0);
    g.add(P1, 0, &[], g.card(annie).power.len() as u32);
    a.push(Choice::Play(annie));
    g.step().unwrap();
    assert!(g.player(P1).base.iter().any(|o| g.name(*o) == "Annie, Fiery"));
    assert!(incinerate(&mut g, &a, t, 0));
    run_chain(&mut g);
    assert_eq!(g.obj(t).damage, 3);
}

/// 352.10.b: "Kill a unit at a battlefield" (Blast of Power) targets a unit, the battlefield
/// being a restriction: it asks for a unit among those at either battlefield, not for a
/// battlefield, and never offers a unit at a base.
#[test]
fn r352_10_b_at_a_battlefield_is_a_restriction_not_a_target() {
    let (mut g, a, _) = game();
    let x = g.put_at(U3, P2, BF0).unwrap();
    let y = g.put_at(U4, P2, BF1).unwrap();
    let z = g.put_at(U5, P2, Loc::Base(P2)).unwrap();
    let spell = g.put("Blast of Power", P1, Zone::Hand).unwrap();
    g.add(P1, 6, &[Domain::Order], 0);
    a.push(Choice::Play(spell));
    a.push(Choice::Obj(y));
    g.step().unwrap();
    run_chain(&mut g);
    let asked = a.asked(Ask::Target);
    assert_eq!(asked, vec![vec![Choice::Obj(x), Choice::Obj(y)]]);
    assert!(a.asked(Ask::ChooseBattlefield).is_empty());
    assert!(!g.obj(y).alive && g.obj(x).alive && g.obj(z).alive);
}

/// 390.3.b: a triggered ability with legal targets must choose them: Crackshot Corsair's "When I
/// attack, deal 1 to an enemy unit here" with two enemies offers only the two, no "done".
#[test]
fn r390_3_b_a_trigger_may_not_decline_its_targets() {
    let (mut g, a, _) = game();
    let e1 = g.put_at(U8, P2, BF0).unwrap();
    let e2 = held(&mut g, U8, P2, Bf::new(0));
    g.put_at("Crackshot Corsair", P1, Loc::Base(P1)).unwrap();
    standard_move_picking(&mut g, &a, BF0, &[Choice::Obj(e2)]);
    assert_eq!(a.asked(Ask::Target), vec![vec![Choice::Obj(e1), Choice::Obj(e2)]]);
    run_chain(&mut g);
    assert_eq!((g.obj(e1).damage, g.obj(e2).damage), (0, 1));
}

/// 303.2.a: abilities of both players triggered by the same event go on the chain in turn order:
/// Flurry of Blades kills both players' Watchful Sentries ("[Deathknell] — Draw 1.") at once; the
/// turn player's goes first, so the opponent's resolves first.
#[test]
fn r303_2_a_simultaneous_triggers_in_turn_order() {
    let (mut g, a, _) = game();
    fill_deck(&mut g, P1, 2);
    fill_deck(&mut g, P2, 2);
    g.put_at("Watchful Sentry", P1, BF0).unwrap();
    g.put_at("Watchful Sentry", P2, BF1).unwrap();
    let flurry = g.put("Flurry of Blades", P1, Zone::Hand).unwrap();
    g.add(P1, 1, &[], 0);
    a.push(Choice::Play(flurry));
    g.step().unwrap();
    for _ in 0..10 {
        if g.chain.len() == 2 {
            break;
        }
        g.step().unwrap();
    }
    assert_eq!(g.chain.len(), 2, "both Deathknells");
    assert_eq!((g.chain[0].controller, g.chain[1].controller), (P1, P2));
}

/// 312.1.b.1: a player makes the choices of a limited action they are told to take without
/// holding priority: on P1's turn, P2's Undercover Agent dies and P2 chooses the two cards its
/// Deathknell ("Discard 2, then draw 2") discards.
#[test]
fn r312_1_b_1_choices_of_limited_actions_without_priority() {
    let (mut g, _, b) = game();
    fill_deck(&mut g, P2, 3);
    let agent = g.put_at("Undercover Agent", P2, BF0).unwrap();
    let hand: Vec<ObjId> = (0..3).map(|_| g.put(U3, P2, Zone::Hand).unwrap()).collect();
    b.push(Choice::Obj(hand[2]));
    b.push(Choice::Obj(hand[0]));
    g.kill(&[agent], None).unwrap();
    g.cleanup().unwrap();
    run_chain(&mut g);
    assert_eq!(b.left(), 0);
    assert!(!b.asked(Ask::ChooseCard).is_empty());
    assert!(g.obj(hand[1]).alive && !g.obj(hand[0]).alive && !g.obj(hand[2]).alive);
    assert_eq!(g.player(P2).hand.len(), 3);
}

/// 347.2: tokens are not cards but can be played: Viktor, Leader's "When another non-Recruit unit
/// you control dies, play a 1 [M] Recruit unit token into your base" plays the token.
#[test]
fn r347_2_tokens_are_played() {
    let (mut g, _, _) = game();
    g.put_at("Viktor, Leader", P1, Loc::Base(P1)).unwrap();
    let u = g.put_at(U3, P1, BF0).unwrap();
    g.kill(&[u], None).unwrap();
    g.cleanup().unwrap();
    run_chain(&mut g);
    let recruit = g.player(P1).base.iter().copied().find(|o| g.name(*o).starts_with("Recruit")).expect("a Recruit");
    assert!(g.obj(recruit).token);
    assert!(g.events.iter().any(|e| matches!(e, Event::Played { card, .. } if *card == recruit)));
}

/// 356.3.a / 356.3.c: a played spell is a finalized chain item, and the other player may play a
/// Reaction before it resolves, which resolves first; 348.2: each spell's effect happens, then it
/// is in its owner's trash.
#[test]
fn r356_3_c_reactions_before_a_spell_resolves() {
    let (mut g, a, b) = game();
    fill_deck(&mut g, P2, 2);
    let t = g.put_at(U3, P2, BF0).unwrap();
    assert!(incinerate(&mut g, &a, t, 0));
    assert!(!g.chain[0].pending);
    let disc = g.put("Discipline", P2, Zone::Hand).unwrap();
    g.add(P2, 2, &[], 0);
    g.step().unwrap(); // P1 passes
    assert!(g.action_options(P2).contains(&Choice::Play(disc)));
    b.push(Choice::Play(disc));
    g.step().unwrap();
    run_chain(&mut g);
    assert_eq!(g.obj(t).damage, 2);
    assert!(g.obj(t).alive, "5 Might after Discipline's +2, resolved first");
    let names: Vec<&str> = g.player(P1).trash.iter().map(|c| g.name(*c)).collect();
    assert_eq!(names, vec!["Incinerate"]);
    assert_eq!(g.player(P2).trash.iter().map(|c| g.name(*c)).collect::<Vec<_>>(), vec!["Discipline"]);
}

/// 359: a card can have abilities of several kinds: Chemtech Enforcer's [Assault 2] (passive)
/// and "When you play me, discard 1" (triggered) both work.
#[test]
fn r359_several_abilities_of_several_kinds() {
    let (mut g, a, _) = game();
    let card = g.put("Chemtech Enforcer", P1, Zone::Hand).unwrap();
    let other = g.put(U3, P1, Zone::Hand).unwrap();
    g.add(P1, 10, &[Domain::Chaos, Domain::Fury], 0);
    a.push(Choice::Play(card));
    g.step().unwrap();
    run_chain(&mut g);
    assert!(!g.obj(other).alive, "discarded");
    let u = g.player(P1).base.iter().copied().find(|o| g.name(*o) == "Chemtech Enforcer").unwrap();
    g.obj_mut(u).role = Some(Role::Attacker);
    assert_eq!(g.might(u), g.card(u).might + 2);
}

/// 352.15: targets chosen as a spell is played stay: a unit arriving at a battlefield afterwards
/// is not asked about, and the chosen one is dealt the damage.
#[test]
fn r352_15_choices_are_not_changed() {
    let (mut g, a, _) = game();
    let first = g.put_at(U8, P2, BF0).unwrap();
    assert!(incinerate(&mut g, &a, first, 0));
    let later = g.put_at(U3, P2, BF0).unwrap();
    g.cleanup().unwrap();
    run_chain(&mut g);
    assert!(a.asked(Ask::Target).is_empty());
    assert_eq!((g.obj(first).damage, g.obj(later).damage), (2, 0));
}

/// 361.1 / 361.2 / 376.2.a / 376.2.b: a statement of fact is a passive ability ("Your spells and
/// abilities deal 1 Bonus Damage", "I must be assigned combat damage last"); "When ..., ..." is a
/// triggered ability whose condition follows "When" and whose effect follows the comma.
#[test]
fn r376_2_b_passive_statements_and_trigger_condition_effect() {
    use riftbound::riftbound::abilities::{AbilityKind, Trigger};
    let db = cards_db();
    let kinds = |name: &str| db.get(db.lookup(name).unwrap()).abilities.abilities.clone();
    assert!(matches!(kinds("Annie, Fiery")[0].kind, AbilityKind::Static { .. }));
    assert!(matches!(kinds("Caitlyn, Patrolling")[0].kind, AbilityKind::Static { .. }));
    let drake = kinds("Cloud Drake");
    assert!(matches!(drake[0].kind, AbilityKind::Triggered { trigger: Trigger::PlayMe, .. }));
    let herder = kinds("Stellacorn Herder");
    assert!(matches!(herder[0].kind, AbilityKind::Triggered { trigger: Trigger::MoveMe, .. }));
    // The effect after the comma is what runs: both draw 1.
    let (mut g, _, _) = game();
    fill_deck(&mut g, P1, 2);
    let h = g.put_at("Stellacorn Herder", P1, Loc::Base(P1)).unwrap();
    g.move_units(&[h], BF0);
    g.cleanup().unwrap();
    run_chain(&mut g);
    assert_eq!(g.player(P1).hand.len(), 1);
}

/// 352.7: the "enough legal targets" check made before a spell is played (and before a mode is
/// offered, a hidden spell is played or an ability is activated) counts only what target
/// choosing will offer: a spell can't target itself, so "Return a spell from your trash to your
/// hand" alone in the trash has no legal target, though its filter matches it.
#[test]
fn r352_7_enough_targets_excludes_the_spell_itself() {
    let recall = "id = \"TEST-RECALL\"\nname = \"TEST-RECALL\"\ntype = \"spell\"\nenergy = 1\nset = \"TEST\"\nnumber = 1\ntext = \"Return a spell from your trash to your hand.\"\n";
    let (mut g, _, _) = game_with(db_with(&[recall]));
    let spell = g.put("TEST-RECALL", P1, Zone::Trash).unwrap();
    let specs = g.card(spell).abilities.abilities[0].targets.clone();
    assert_eq!(g.matching(&specs[0].filter, Some(P1), Some(spell)), vec![spell], "the filter matches the spell itself");
    assert!(!g.has_legal_targets(P1, spell, &specs), "but it is not a legal target of itself");
    g.put("Disintegrate", P1, Zone::Trash).unwrap();
    assert!(g.has_legal_targets(P1, spell, &specs), "another spell in the trash is");
}

/// 380.3: a reflexive trigger's condition has the form of a triggered ability's: Disintegrate's
/// "If this kills it, do this: draw 1" adds its ability only when the unit dies to it.
#[test]
fn r380_3_reflexive_trigger_with_a_condition() {
    for (victim, draws) in [(U3, 1), (U8, 0)] {
        let (mut g, a, _) = game();
        fill_deck(&mut g, P1, 2);
        let t = g.put_at(victim, P2, BF0).unwrap();
        let spell = g.put("Disintegrate", P1, Zone::Hand).unwrap();
        let cost = g.card(spell).energy;
        g.add(P1, cost, &[Domain::Fury], 0);
        a.push(Choice::Play(spell));
        g.step().unwrap();
        run_chain(&mut g);
        assert_eq!(g.obj(t).alive, draws == 0, "{victim}");
        assert_eq!(g.player(P1).hand.len(), draws, "{victim}");
        assert_eq!(has_rule(&g, "381.1"), draws == 1, "{victim}");
    }
}

/// 725.1.a: Deflect works on any permanent, gear too: Detonate ("Kill a gear") choosing an
/// opponent's gear with [Deflect] costs [A] more.
#[test]
fn r725_1_a_deflect_on_gear() {
    let gear = "id = \"TEST-DEFLECT-GEAR\"\nname = \"TEST-DEFLECT-GEAR\"\ntype = \"gear\"\nenergy = 1\nset = \"TEST\"\nnumber = 1\ntext = \"[Deflect]\"\n";
    let db = db_with(&[gear]);
    for extra in [0, 1] {
        let (mut g, a, _) = game_with(db.clone());
        let target = g.put_at("TEST-DEFLECT-GEAR", P2, Loc::Base(P2)).unwrap();
        let spell = g.put("Detonate", P1, Zone::Hand).unwrap();
        g.add(P1, 1, &vec![Domain::Fury; 1 + extra], 0);
        a.push(Choice::Play(spell));
        g.step().unwrap();
        assert_eq!(g.chain.len(), extra, "with {extra} extra Power");
        run_chain(&mut g);
        assert_eq!(g.obj(target).alive, extra == 0);
    }
}

/// 353.6: a cost can be other than Energy and Power: Cruel Patron's "As an additional cost to play
/// me, kill a friendly unit" — with no friendly unit it can't be played, with one that unit dies
/// as it is.
#[test]
fn r353_6_non_standard_cost() {
    let (mut g, a, _) = game();
    let patron = g.put("Cruel Patron", P1, Zone::Hand).unwrap();
    let cost = g.card(patron).energy;
    g.add(P1, cost, &[], 0);
    assert!(!g.action_options(P1).contains(&Choice::Play(patron)));
    let victim = g.put_at(U3, P1, Loc::Base(P1)).unwrap();
    assert!(g.action_options(P1).contains(&Choice::Play(patron)));
    a.push(Choice::Play(patron));
    g.step().unwrap();
    assert!(!g.obj(victim).alive);
    assert!(g.player(P1).base.iter().any(|o| g.name(*o) == "Cruel Patron"));
}
