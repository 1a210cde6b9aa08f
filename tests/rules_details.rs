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
