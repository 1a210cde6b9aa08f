//! Property tests: combat damage assignment (439.1.d), the layers (449-453) and the play-undo
//! guarantee (355.3), over random boards, random effects and random choices. Each checks what
//! the rules require of the result, not how the engine gets there.

use proptest::prelude::*;
use riftbound::agents::RandomAgent;
use riftbound::kernel::{ObjId, PlayerId};
use riftbound::riftbound::Bf;
use riftbound::riftbound::layers::{Duration, Filter, Keyword, Modification};
use riftbound::riftbound::{Agent, Ask, Choice, Decision, Game, Loc};

mod common;
use common::board::{P1, P2, ZAUN_BFS};
use common::db;

const UNITS: [(&str, u32); 5] = [
    ("Shipyard Skulker", 3),
    ("Vanguard Sergeant", 4),
    ("Playful Phantom", 5),
    ("Mega-Mech", 8),
    ("Mountain Drake", 10),
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// 439.1.d: every point is assigned; lethal damage goes in full to one unit before the next
    /// (at most one unit is partly damaged); no unit gets more than lethal while another lacks
    /// it; Tank units have lethal before any other unit gets damage.
    #[test]
    fn r439_1_d_assignment_invariants(
        picks in prop::collection::vec((0usize..5, any::<bool>(), 0u32..3), 1..6),
        amount in 0u32..40,
        seed in any::<u64>(),
    ) {
        let mut g = Game::blank(db(), &ZAUN_BFS, 1).unwrap();
        g.set_agents(vec![Box::new(RandomAgent::new(seed)), Box::new(RandomAgent::new(seed + 1))]);
        let mut targets = Vec::new();
        let mut lethal = Vec::new();
        let mut tanks = Vec::new();
        for (i, is_tank, damage) in picks {
            let (name, might) = UNITS[i];
            let u = g.put_at(name, P2, Loc::Battlefield(Bf::new(0))).unwrap();
            g.obj_mut(u).damage = damage;
            if is_tank {
                g.add_effect(None, Filter::Object(u), None, Modification::GrantKeyword(Keyword::Tank, 0), Duration::Indefinite);
                tanks.push(u);
            }
            targets.push(u);
            lethal.push(might.saturating_sub(damage).max(1));
        }
        let out = g.assign_combat_damage(P1, amount, &targets).unwrap();
        let got = |u| out.iter().find(|(x, _)| *x == u).map_or(0, |(_, n)| *n);
        let total: u32 = out.iter().map(|(_, n)| n).sum();
        prop_assert_eq!(total, amount);
        let partial = targets.iter().zip(&lethal).filter(|(u, l)| got(**u) > 0 && got(**u) < **l).count();
        prop_assert!(partial <= 1);
        let over = targets.iter().zip(&lethal).any(|(u, l)| got(*u) > *l);
        let all_lethal = targets.iter().zip(&lethal).all(|(u, l)| got(*u) >= *l);
        prop_assert!(!over || all_lethal);
        let non_tank_hit = targets.iter().any(|u| !tanks.contains(u) && got(*u) > 0);
        if non_tank_hit {
            for (u, l) in targets.iter().zip(&lethal) {
                if tanks.contains(u) {
                    prop_assert!(got(*u) >= *l);
                }
            }
        }
    }

    /// 439.1.d.3-9 with every kind of unit: Tank ("assigned first"), "assigned last", both (the
    /// assigning player picks one, 439.1.d.7-8) and units that can't be damaged (exempt,
    /// 439.1.d.9). For some choice of each two-requirement unit's side: no unit of a later
    /// class gets damage before every unit of an earlier one has lethal (439.1.d.5); at most one
    /// unit is partly damaged (439.1.d.3); nothing beyond lethal, and nothing on an exempt unit,
    /// until every unit that can be dealt damage has lethal (439.1.d.4); and the excess goes
    /// where the assigning player puts it (439.1.d.4): here all of it on their favourite unit.
    #[test]
    fn r439_1_d_ordering_and_excess(
        picks in prop::collection::vec((0usize..5, 0u8..4, any::<bool>(), 0u32..3), 1..6),
        amount in 0u32..40,
        favourite in 0usize..6,
        seed in any::<u64>(),
    ) {
        let mut g = Game::blank(db(), &ZAUN_BFS, 1).unwrap();
        let mut units = Vec::new();
        for (i, req, exempt, damage) in picks {
            let (name, might) = UNITS[i];
            let u = g.put_at(name, P2, Loc::Battlefield(Bf::new(0))).unwrap();
            g.obj_mut(u).damage = damage;
            let (first, last) = (req & 1 == 1, req & 2 == 2);
            let grant = |g: &mut Game, m| g.add_effect(None, Filter::Object(u), None, m, Duration::Indefinite);
            if first {
                grant(&mut g, Modification::GrantKeyword(Keyword::Tank, 0));
            }
            if last {
                grant(&mut g, Modification::AssignedLast);
            }
            if exempt {
                grant(&mut g, Modification::CantBeDamaged);
            }
            let lethal = might.saturating_sub(damage).max(1);
            units.push(Target { id: u, first, last, exempt, lethal });
        }
        let fav = units[favourite % units.len()].id;
        g.set_agents(vec![Box::new(Favouring { fav, random: RandomAgent::new(seed) }), Box::new(RandomAgent::new(seed + 1))]);
        let targets: Vec<ObjId> = units.iter().map(|t| t.id).collect();
        let out = g.assign_combat_damage(P1, amount, &targets).unwrap();
        let got = |u: ObjId| out.iter().filter(|(x, _)| *x == u).map(|(_, n)| n).sum::<u32>();
        prop_assert_eq!(out.iter().map(|(_, n)| n).sum::<u32>(), amount);
        let open: Vec<&Target> = units.iter().filter(|t| !t.exempt).collect();
        prop_assert!(open.iter().filter(|t| got(t.id) > 0 && got(t.id) < t.lethal).count() <= 1);
        let all_lethal = open.iter().all(|t| got(t.id) >= t.lethal);
        let beyond = open.iter().any(|t| got(t.id) > t.lethal) || units.iter().any(|t| t.exempt && got(t.id) > 0);
        prop_assert!(!beyond || all_lethal);
        // 439.1.d.7: each unit with both requirements counts as first or as last, as its player
        // chose; some such choice must explain the assignment.
        let both: Vec<usize> = (0..open.len()).filter(|&i| open[i].first && open[i].last).collect();
        let explained = (0u32..1 << both.len()).any(|sides| {
            let class = |i: usize| match both.iter().position(|&b| b == i) {
                Some(k) => if sides >> k & 1 == 1 { 0 } else { 2 },
                None => if open[i].first { 0 } else if open[i].last { 2 } else { 1 },
            };
            (0..open.len()).all(|i| {
                (0..open.len()).all(|j| class(i) >= class(j) || got(open[j].id) == 0 || got(open[i].id) >= open[i].lethal)
            })
        });
        prop_assert!(explained, "no choice of sides explains {:?}", out);
        let needed: u32 = open.iter().map(|t| t.lethal).sum();
        if amount > needed {
            let own = if units.iter().any(|t| t.id == fav && t.exempt) { 0 } else { units.iter().find(|t| t.id == fav).unwrap().lethal };
            prop_assert_eq!(got(fav), own + amount - needed);
        }
    }

    /// 355.3: a play that fails its legality check leaves the game exactly as before.
    #[test]
    fn r355_3_failed_play_changes_nothing(seed in any::<u64>()) {
        let mut g = Game::blank(db(), &ZAUN_BFS, seed).unwrap();
        g.set_agents(vec![Box::new(RandomAgent::new(seed)), Box::new(RandomAgent::new(seed + 1))]);
        let card = g.put("Mega-Mech", P1, riftbound::riftbound::Zone::Hand).unwrap();
        // Only two runes: Mega-Mech (7 energy) can't be paid.
        g.put_runes("Mind Rune", P1, 2).unwrap();
        let before_objs = g.objs.len();
        let hand = g.player(P1).hand.clone();
        let done = g.play_card(P1, card, Default::default()).unwrap();
        prop_assert!(!done);
        prop_assert_eq!(g.objs.len(), before_objs);
        prop_assert_eq!(&g.player(P1).hand, &hand);
        prop_assert!(g.chain.is_empty());
        prop_assert!(g.player(P1).runes.iter().all(|r| !g.obj(*r).exhausted));
        prop_assert!(g.player(P1).pool.is_empty());
    }
}

/// A unit a damage-assignment property assigns to, with its requirements and its lethal damage.
struct Target {
    id: ObjId,
    first: bool,
    last: bool,
    exempt: bool,
    lethal: u32,
}

/// Picks `fav` whenever it is offered and the largest amount of damage for it; anything else at
/// random.
struct Favouring {
    fav: ObjId,
    random: RandomAgent,
}

impl Agent<Game> for Favouring {
    fn choose(&mut self, game: &Game, d: &Decision) -> usize {
        let fav = d.options.iter().position(|c| *c == Choice::Obj(self.fav));
        match (d.ask.clone(), fav) {
            (Ask::AssignDamage, Some(i)) => i,
            (Ask::AssignDamage, None) if matches!(d.options[0], Choice::Amount(_)) => 0,
            _ => self.random.choose(game, d),
        }
    }
}

const TAGS: [&str; 3] = ["Alpha", "Beta", "Gamma"];
const KEYWORDS: [Keyword; 3] = [Keyword::Ganking, Keyword::Tank, Keyword::Vision];

/// One continuous effect of the layer properties: who it applies to and what it changes.
#[derive(Clone, Debug)]
struct Effect {
    filter: Filter,
    modification: Modification,
}

/// A random effect on the board's `n` units: a tag, a keyword, +/- Might or a new controller,
/// aimed at one unit, a player's units, the units with a tag or those with a keyword. A change
/// of controller is aimed at one unit, or is "P2's units become P1's", which undoes its own
/// filter (449.3: it is decided before it applies, and stays).
fn effect(n: usize) -> impl Strategy<Value = Effect> {
    (0u8..4, 0usize..6, 0u8..4, 0usize..3, -3i32..4).prop_map(move |(f, i, m, j, might)| {
        let unit = ObjId((i % n) as u32 + FIRST_UNIT);
        let modification = match m {
            0 => Modification::AddTag(TAGS[j].to_string()),
            1 => Modification::GrantKeyword(KEYWORDS[j], 0),
            2 => Modification::Might(might),
            _ => Modification::SetController(if j == 0 || f == 1 { P1 } else { P2 }),
        };
        let filter = match (f, &modification) {
            (1, Modification::SetController(_)) => Filter::UnitsControlledBy(P2),
            (_, Modification::SetController(_)) | (0, _) => Filter::Object(unit),
            (1, _) => Filter::UnitsControlledBy(if j == 1 { P1 } else { P2 }),
            (2, _) => Filter::UnitsWithTag(TAGS[(j + 1) % 3].to_string()),
            _ => Filter::UnitsWithKeyword(KEYWORDS[(j + 2) % 3]),
        };
        Effect { filter, modification }
    })
}

/// The id of the first unit a blank game puts (the battlefields come first).
const FIRST_UNIT: u32 = 2;

/// A blank game with the units of `board` (a unit and its owner), every one on the first
/// battlefield, and `effects` created in that order.
fn layered(board: &[(usize, bool)], effects: &[Effect]) -> Game {
    let mut g = Game::blank(db(), &ZAUN_BFS, 1).unwrap();
    for (k, &(i, mine)) in board.iter().enumerate() {
        let u = g.put_at(UNITS[i].0, if mine { P1 } else { P2 }, Loc::Battlefield(Bf::new(0))).unwrap();
        assert_eq!(u, ObjId(k as u32 + FIRST_UNIT), "units get consecutive ids");
    }
    for e in effects {
        g.add_effect(None, e.filter.clone(), None, e.modification.clone(), Duration::Indefinite);
    }
    g
}

/// What the layers give a unit: Might, controller, tags and keywords (sorted).
fn seen(g: &Game, u: ObjId) -> (i32, PlayerId, Vec<String>, Vec<Keyword>) {
    let c = g.chars(u);
    let mut tags: Vec<String> = c.tags.iter().cloned().collect();
    tags.sort();
    (c.might(), c.controller, tags, Keyword::ALL.into_iter().filter(|k| c.keywords.has(*k)).collect())
}

fn board() -> impl Strategy<Value = Vec<(usize, bool)>> {
    prop::collection::vec((0usize..5, any::<bool>()), 1..5)
}

/// A board, effects on it, and the same effects in another order of creation.
fn board_and_effects() -> impl Strategy<Value = (Vec<(usize, bool)>, Vec<Effect>, Vec<Effect>)> {
    board().prop_flat_map(|b| {
        let n = b.len();
        prop::collection::vec(effect(n), 0..9)
            .prop_map({
                let b = b.clone();
                move |es| one_controller_each(&b, es)
            })
            .prop_flat_map(move |es| (Just(b.clone()), Just(es.clone()), Just(es).prop_shuffle()))
    })
}

/// Keeps the first change of controller of each unit, if it gives the unit away: two of them,
/// or one giving a unit of P2 to P2 and "P2's units become P1's", apply in timestamp order (453,
/// neither changes whether the other applies), the one thing here whose result the order of
/// creation may change.
fn one_controller_each(board: &[(usize, bool)], effects: Vec<Effect>) -> Vec<Effect> {
    let mut changed = Vec::new();
    let owner = |u: &ObjId| if board[(u.0 - FIRST_UNIT) as usize].1 { P1 } else { P2 };
    effects
        .into_iter()
        .filter(|e| match (&e.modification, &e.filter) {
            (Modification::SetController(p), Filter::Object(u)) if *p == owner(u) => false,
            (Modification::SetController(_), Filter::Object(u)) if changed.contains(u) => false,
            (Modification::SetController(_), Filter::Object(u)) => {
                changed.push(*u);
                true
            }
            _ => true,
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// 449-452: with tags, keywords, Might and control granted to single units, to a player's
    /// units, to the units with a tag or with a keyword, and "P2's units become P1's" (decided
    /// in the trait layer before it applies, 449.1, 449.3, so a unit given to P2 is P1's, and
    /// "P1's units have Tank" in the later ability layer reaches it), the result does not depend on the
    /// order the effects were created in (an effect that changes who another applies to is
    /// applied first, 451.1.b-452.1: "P1's units are Alpha" reaches a unit given to P1 whichever
    /// came first; the layers recur until nothing changes, 449.2). And it is
    /// settled: every effect whose filter matches a unit's final characteristics has applied
    /// to it (449), no tag or keyword comes from nowhere, and Might is the printed Might plus
    /// every +/- that applies to it (450.3.c; Might is never below 0).
    #[test]
    fn r449_452_layers_independent_of_creation_order((board, effects, shuffled) in board_and_effects()) {
        let g = layered(&board, &effects);
        let h = layered(&board, &shuffled);
        let plain = layered(&board, &[]);
        for k in 0..board.len() {
            let u = ObjId(k as u32 + FIRST_UNIT);
            let (might, controller, tags, keywords) = seen(&g, u);
            prop_assert_eq!(seen(&h, u), seen(&g, u), "created in another order");
            let (printed, owner, printed_tags, printed_keywords) = seen(&plain, u);
            let applies = |f: &Filter| match f {
                Filter::Object(o) => *o == u,
                Filter::UnitsControlledBy(p) => *p == controller,
                Filter::UnitsWithTag(t) => tags.contains(t),
                Filter::UnitsWithKeyword(kw) => keywords.contains(kw),
                Filter::Matching { .. } => unreachable!("not generated"),
            };
            let on_u: Vec<&Modification> = effects.iter().filter(|e| applies(&e.filter)).map(|e| &e.modification).collect();
            let mut expected_controller = owner;
            for e in effects.iter().filter(|e| e.filter == Filter::Object(u)) {
                if let Modification::SetController(p) = e.modification {
                    expected_controller = p;
                }
            }
            // "P2's units become P1's" takes every unit that would be P2's (449.3: its own change
            // does not disqualify it).
            let to_p1 = |e: &&Effect| e.filter == Filter::UnitsControlledBy(P2) && e.modification == Modification::SetController(P1);
            if expected_controller == P2 && effects.iter().any(|e| to_p1(&e)) {
                expected_controller = P1;
            }
            prop_assert_eq!(controller, expected_controller);
            let mut delta = 0;
            for m in &on_u {
                match m {
                    Modification::AddTag(t) => prop_assert!(tags.contains(t), "{} applies", t),
                    Modification::GrantKeyword(kw, _) => prop_assert!(keywords.contains(kw), "{:?} applies", kw),
                    Modification::Might(n) => delta += n,
                    Modification::SetController(_) => {}
                    _ => unreachable!("not generated"),
                }
            }
            prop_assert_eq!(might, (printed + delta).max(0));
            for t in &tags {
                prop_assert!(printed_tags.contains(t) || on_u.contains(&&Modification::AddTag(t.clone())), "{} from nowhere", t);
            }
            for kw in &keywords {
                prop_assert!(printed_keywords.contains(kw) || on_u.contains(&&Modification::GrantKeyword(*kw, 0)), "{:?} from nowhere", kw);
            }
        }
    }

    /// 453: effects of the trait layer that set Might have no dependency on each other, so they
    /// apply in timestamp order and the newest wins; the arithmetic layer's +/- apply after it
    /// (450), wherever they stand in the order of creation.
    #[test]
    fn r453_newest_might_setting_wins(unit in 0usize..5, changes in prop::collection::vec((any::<bool>(), -3i32..9), 0..8)) {
        let effects: Vec<Effect> = changes
            .iter()
            .map(|&(set, n)| Effect {
                filter: Filter::Object(ObjId(FIRST_UNIT)),
                modification: if set { Modification::SetMight(n.max(0)) } else { Modification::Might(n) },
            })
            .collect();
        let g = layered(&[(unit, true)], &effects);
        let base = changes.iter().rev().find(|(set, _)| *set).map_or(UNITS[unit].1 as i32, |&(_, n)| n.max(0));
        let delta: i32 = changes.iter().filter(|(set, _)| !set).map(|&(_, n)| n).sum();
        prop_assert_eq!(g.chars(ObjId(FIRST_UNIT)).might(), (base + delta).max(0));
    }
}
