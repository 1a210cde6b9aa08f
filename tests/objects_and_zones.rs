//! Game concepts, the first section of the Core Rules: deck construction and domain identity, the
//! zones of the board and outside it, setup, cards and their costs, domains and rules text, units,
//! gear, spells, runes, battlefields, legends, tokens and control. Real cards where a rule names
//! one, and a few cards of our own (ids `TEST-...`) whose texts the card language compiles. Each
//! test cites, in its name and doc comment, exactly the rules it checks.

use riftbound::agents::RandomAgent;
use riftbound::agents::Scripted;
use riftbound::dsl::parse_card;
use riftbound::kernel::{ObjId, PlayerId};
use riftbound::riftbound::Bf;
use riftbound::riftbound::actions::Pos;
use riftbound::riftbound::cards::{PowerSymbol, Supertype};
use riftbound::riftbound::layers::{Duration, Filter, Keyword, Modification};
use riftbound::riftbound::state::ItemKind;
use riftbound::riftbound::{Agent, Ask, CardDb, CardType, Choice, Deck, Domain, Game, Loc, Step, Zone};
use std::sync::{Arc, OnceLock};

mod common;
use common::board::{self, BF0, BF1, P1, P2, QUIET_BFS, U3, U4, U5, jinx_vs_viktor, passing_game};
use common::showdown::{held, scout_to_bf0, standard_move, standard_move_picking};
use common::{JINX, fill_deck, run_chain, step_until};

/// Cards of our own, each showing one rule with a text the card language compiles.
const TEST_CARDS: &[&str] = &[
    // 103.1.b.4: multi-domain cards.
    r#"id = "TEST-OZ-01"
name = "Test Fury Chaos Unit"
type = "unit"
domains = ["fury", "chaos"]
energy = 2
might = 2
set = "TEST"
number = 1
"#,
    r#"id = "TEST-OZ-02"
name = "Test Fury Calm Unit"
type = "unit"
domains = ["fury", "calm"]
energy = 2
might = 2
set = "TEST"
number = 2
"#,
    // 103.4.b: a battlefield with a domain.
    r#"id = "TEST-OZ-03"
name = "Test Calm Battlefield"
type = "battlefield"
domains = ["calm"]
set = "TEST"
number = 3
"#,
    // 103.2.d: signature cards with Jinx's champion tag.
    r#"id = "TEST-OZ-04"
name = "Test Jinx Signature A"
type = "spell"
supertype = "signature"
domains = ["fury"]
energy = 1
tags = ["Jinx"]
set = "TEST"
number = 4
"#,
    r#"id = "TEST-OZ-05"
name = "Test Jinx Signature B"
type = "spell"
supertype = "signature"
domains = ["chaos"]
energy = 1
tags = ["Jinx"]
set = "TEST"
number = 5
"#,
    // 134.2.e.6.b: [C] on a multi-domain card is [A]; on a single-domain card, its domain.
    r#"id = "TEST-OZ-06"
name = "Test Two Domain C Spell"
type = "spell"
domains = ["fury", "chaos"]
power = "[C]"
set = "TEST"
number = 6
text = "Draw 1."
"#,
    r#"id = "TEST-OZ-07"
name = "Test Fury C Spell"
type = "spell"
domains = ["fury"]
power = "[C]"
set = "TEST"
number = 7
text = "Draw 1."
"#,
    // 134.2.e.5.a: an [A] cost.
    r#"id = "TEST-OZ-08"
name = "Test Any Power Spell"
type = "spell"
domains = ["fury"]
power = "[A]"
set = "TEST"
number = 8
text = "Draw 1."
"#,
    // 138.1.a.3: an effect that specifies units.
    r#"id = "TEST-OZ-10"
name = "Test Unit Breaker"
type = "spell"
domains = ["fury"]
energy = 1
set = "TEST"
number = 10
text = "Kill a unit."
"#,
    // 171-176: a token made by a spell (with Reaction, so either player may play it).
    r#"id = "TEST-OZ-11"
name = "Test Muster"
type = "spell"
domains = ["order"]
energy = 1
set = "TEST"
number = 11
text = """[Reaction]
Play a 1 [M] Recruit unit token into your base."""
"#,
    // 151.3.a: a spell whose instructions trigger an ability mid-resolution.
    r#"id = "TEST-OZ-12"
name = "Test Rummage"
type = "spell"
domains = ["chaos"]
energy = 1
set = "TEST"
number = 12
text = "Discard 1, then draw 2."
"#,
    r#"id = "TEST-OZ-13"
name = "Test Discard Watcher"
type = "unit"
domains = ["chaos"]
energy = 2
might = 2
set = "TEST"
number = 13
text = "When you discard one or more cards, give me +1 [M] this turn."
"#,
    // 181.6.c: "you" in a battlefield's ability.
    r#"id = "TEST-OZ-14"
name = "Test Library Field"
type = "battlefield"
set = "TEST"
number = 14
text = "At the start of each player's first Beginning Phase, draw 1."
"#,
    // 152.2.b: a Reaction spell.
    r#"id = "TEST-OZ-15"
name = "Test Quick Draw"
type = "spell"
domains = ["mind"]
energy = 1
set = "TEST"
number = 15
text = """[Reaction]
Draw 1."""
"#,
    // 140.1.b: a tag referenced by an effect.
    r#"id = "TEST-OZ-16"
name = "Test Stun Veterans"
type = "spell"
domains = ["calm"]
energy = 1
set = "TEST"
number = 16
text = "Stun a non-Recruit unit."
"#,
    // 142: a unit's activated ability.
    r#"id = "TEST-OZ-17"
name = "Test Flexer"
type = "unit"
domains = ["body"]
energy = 2
might = 2
set = "TEST"
number = 17
text = "[E]: Give me +1 [M] this turn."
"#,
    // 134.2.e.3: the Might symbol.
    r#"id = "TEST-OZ-18"
name = "Test Might Up"
type = "spell"
domains = ["body"]
energy = 1
set = "TEST"
number = 18
text = "Give a unit +2 [M] this turn."
"#,
    // 106.4: a card with Hidden.
    r#"id = "TEST-OZ-19"
name = "Test Secret"
type = "spell"
domains = ["chaos"]
energy = 1
set = "TEST"
number = 19
text = """[Hidden]
Draw 1."""
"#,
    // 182.2: a spell whose controller chooses its mode and target and pays its cost.
    r#"id = "TEST-OZ-20"
name = "Test Quick Choice"
type = "spell"
domains = ["fury"]
energy = 1
set = "TEST"
number = 20
text = """[Reaction]
Choose one —
• Deal 2 to a unit.
• Draw 1."""
"#,
    // 182.3.d: a "When you play me" choice.
    r#"id = "TEST-OZ-21"
name = "Test Herald"
type = "unit"
domains = ["order"]
energy = 2
might = 2
set = "TEST"
number = 21
text = "When you play me, stun an enemy unit."
"#,
];

/// The embedded cards with their real texts, plus [`TEST_CARDS`].
fn db() -> Arc<CardDb> {
    static DB: OnceLock<Arc<CardDb>> = OnceLock::new();
    DB.get_or_init(|| {
        let mut db = CardDb::embedded();
        for src in TEST_CARDS {
            let card = parse_card("<objects_and_zones>", src).unwrap();
            assert!(card.unsupported.is_none(), "{}: {:?}", card.name, card.unsupported);
            db.insert(card);
        }
        riftbound::scenario::scenario_db(Arc::new(db))
    })
    .clone()
}

/// The scripted agent that passes priority when nothing queued answers it.
type Auto = Scripted;

/// An empty board on two battlefields without abilities, P1's action phase of turn 1.
fn game() -> (Game, Auto, Auto) {
    passing_game(db(), &QUIET_BFS)
}

/// P1 plays `card` from hand (answering `answers` in order) and the chain resolves.
fn play(g: &mut Game, a: &Auto, card: ObjId, answers: &[Choice]) {
    a.push(Choice::Play(card));
    for c in answers {
        a.push(c.clone());
    }
    g.step().unwrap();
    run_chain(g);
    assert_eq!(a.remaining(), 0, "every scripted answer was used");
}

fn trace_index(g: &Game, pred: impl Fn(&str, &str) -> bool) -> Option<usize> {
    g.trace.lines.iter().position(|l| pred(l.rule, &l.text))
}

// =============================================================================================
// 101-103: deck construction
// =============================================================================================

/// Parses a deck file against this file's database (it adds test cards).
fn parse_deck(src: &str) -> Deck {
    Deck::parse("test.toml", src, &db()).unwrap()
}

/// The deck construction problems of the Jinx deck with one Scrapheap replaced by `extra`.
fn problems_with(extra: &str) -> Vec<String> {
    parse_deck(&JINX.replace("\"Scrapheap\" = 3", &format!("\"Scrapheap\" = 2\n\"{extra}\" = 1")))
        .validate(&db(), 3..=3)
}

/// 103.1.b.2 / 169.1: the domain identity is the legend's domains (Jinx, Loose Cannon: Fury and
/// Chaos). 103.1.b.1 / 103.1.b.3 / 103.2.c: a single-domain card is allowed when its domain is one
/// of them (Fury, Chaos) and not otherwise (Calm). 103.1.b.4: a multi-domain card is allowed only
/// when the identity contains all of its domains: Fury+Chaos is, Fury+Calm is not.
#[test]
fn r103_1_b_domain_identity_single_and_multi_domain_cards() {
    let legend = db().get(db().lookup("Jinx, Loose Cannon").unwrap()).domains;
    assert!(legend.contains(Domain::Fury) && legend.contains(Domain::Chaos) && legend.count() == 2, "169");
    for ok in ["Iron Ballista", "Jinx, Rebel", "Test Fury Chaos Unit"] {
        assert_eq!(problems_with(ok), Vec::<String>::new(), "{ok} is within Fury+Chaos");
    }
    for bad in ["Mega-Mech", "Test Fury Calm Unit"] {
        let p = problems_with(bad);
        assert!(p.iter().any(|x| x.starts_with("103.1.b") && x.contains(bad)), "{bad}: {p:?}");
    }
}

/// 103.2.d / 103.2.d.1: at most 3 signature cards in total, regardless of name (2 + 2 of two
/// names is too many even though each name is within 3 copies); 103.2.d.2: each carries the
/// legend's champion tag (Tibbers, Annie's signature, doesn't: 132.7.b / 132.8.b, the Signature
/// supertype and champion tags at work in deckbuilding); 103.2.d.3 / 132.7.a: a signature
/// card is not a champion unit and can't be the chosen champion.
#[test]
fn r103_2_d_signature_cards_three_in_total_with_the_legends_tag() {
    let three = JINX.replace("\"Scrapheap\" = 3", "\"Test Jinx Signature A\" = 2\n\"Test Jinx Signature B\" = 1");
    assert_eq!(parse_deck(&three).validate(&db(), 3..=3), Vec::<String>::new());
    let four = JINX.replace(
        "\"Scrapheap\" = 3",
        "\"Scrapheap\" = 2\n\"Test Jinx Signature A\" = 2\n\"Test Jinx Signature B\" = 2",
    );
    let four = Deck::parse("t", &four.replace("\"Gust\" = 3", "\"Gust\" = 2"), &db()).unwrap();
    let p = four.validate(&db(), 3..=3);
    assert!(p.iter().any(|x| x.starts_with("103.2.d.1") && x.contains("4 signature")), "{p:?}");
    assert!(!p.iter().any(|x| x.starts_with("103.2.b")), "no name exceeds 3 copies: {p:?}");
    let p = problems_with("Tibbers");
    assert!(p.iter().any(|x| x.starts_with("103.2.d.2") && x.contains("Tibbers")), "{p:?}");
    let sig_champion = JINX.replace("champion = \"Jinx, Demolitionist\"", "champion = \"Super Mega Death Rocket!\"");
    let p = parse_deck(&sig_champion).validate(&db(), 3..=3);
    assert!(p.iter().any(|x| x.starts_with("103.2.a.2") && x.contains("not a champion unit")), "{p:?}");
}

/// 103.4.a: the mode of play dictates the number of battlefields (a Duel's 3: 2 or 4 is wrong);
/// 103.4.b: battlefields are subject to domain identity when they have a domain (a Calm
/// battlefield in a Fury/Chaos deck is not allowed).
#[test]
fn r103_4_a_battlefield_count_by_mode_and_103_4_b_their_identity() {
    let d = parse_deck(&JINX.replace(", \"Reaver's Row\"", ""));
    assert!(d.validate(&db(), 3..=3).iter().any(|x| x.starts_with("103.4.a") && x.contains("2 battlefield")));
    assert!(d.validate(&db(), 2..=2).iter().all(|x| !x.starts_with("103.4.a")), "a mode needing 2 accepts 2");
    let d = parse_deck(&JINX.replace("\"Reaver's Row\"", "\"Test Calm Battlefield\""));
    let p = d.validate(&db(), 3..=3);
    assert!(p.iter().any(|x| x.starts_with("103.4.b") && x.contains("Test Calm Battlefield")), "{p:?}");
}

/// 154.2.a: the rune deck is exactly 12 runes: 11 or 13 is not a legal deck.
#[test]
fn r154_2_a_exactly_twelve_runes() {
    for (n, ok) in [(5, false), (6, true), (7, false)] {
        let d = parse_deck(&JINX.replace("\"Chaos Rune\" = 6", &format!("\"Chaos Rune\" = {n}")));
        let p = d.validate(&db(), 3..=3);
        assert_eq!(p.iter().any(|x| x.starts_with("103.3.a:")), !ok, "{} runes: {p:?}", n + 6);
    }
}

// =============================================================================================
// 110-118: setup
// =============================================================================================

/// An embedded precon deck, read against this file's database.
fn embedded_deck(key: &str) -> Deck {
    board::embedded_deck(&db(), key)
}

/// A Jinx-against-Viktor game set up on this file's database.
fn new_game(seed: u64) -> Game {
    jinx_vs_viktor(db(), seed)
}

/// After setup: 103.1.a / 132.6.b.1 the champion legend is in the legend zone; 103.2.a.1 /
/// 107.2.a the chosen champion in the champion zone; 114.1 / 107.3.a / 132.4 the main deck
/// holds only main deck cards; 114.2 / 107.4.a / 132.5 / 154.2 the rune deck only runes, 12 of
/// them, kept separate (103.3.b); 113 / 113.1 / 165 / 106.3.a the Duel puts one battlefield of
/// each player on the board (the others stay set aside); 132.6.a.1 / 163.2 battlefields start on
/// the board, not in a deck. 126.1 / 163.1 / 167.1: every object belongs to the player who
/// brought it.
#[test]
fn r114_setup_puts_each_kind_of_card_in_its_zone_owned_by_its_player() {
    let decks = [embedded_deck("jinx"), embedded_deck("viktor")];
    let g = new_game(3);
    for (i, p) in [P1, P2].into_iter().enumerate() {
        let pl = g.player(p);
        let legend = pl.legend.unwrap();
        assert_eq!(
            (g.obj(legend).zone, g.obj(legend).card, g.obj(legend).owner),
            (Zone::LegendZone, decks[i].legend, p)
        );
        let champ = pl.champion_zone.unwrap();
        assert_eq!(
            (g.obj(champ).zone, g.obj(champ).card, g.obj(champ).owner),
            (Zone::ChampionZone, decks[i].champion, p)
        );
        assert_eq!(pl.main_deck.len() + pl.hand.len(), 39);
        for &c in pl.main_deck.iter().chain(&pl.hand) {
            assert!(g.card(c).is_main_deck_card(), "{}", g.name(c));
            assert_eq!(g.obj(c).owner, p);
        }
        for &c in &pl.main_deck {
            assert_eq!(g.obj(c).zone, Zone::MainDeck);
        }
        assert_eq!(pl.rune_deck.len(), 12);
        for &r in &pl.rune_deck {
            assert_eq!((g.card(r).kind, g.obj(r).zone, g.obj(r).owner), (CardType::Rune, Zone::RuneDeck, p));
        }
        // One battlefield per player on the board, chosen from their own three.
        let bf = &g.battlefields[i];
        assert_eq!((bf.owner, g.obj(bf.obj).owner, g.obj(bf.obj).zone), (p, p, Zone::BattlefieldZone));
        assert!(decks[i].battlefields.contains(&g.obj(bf.obj).card));
    }
    assert_eq!(g.battlefields.len(), 2, "165: a Duel has two battlefields on the board");
    let on_board = g.objs.iter().filter(|o| o.alive && g.db.get(o.card).kind == CardType::Battlefield).count();
    assert_eq!(on_board, 2, "113: the unchosen battlefields are set aside, not game objects in play");
}

/// 103.3.b: the rune deck is shuffled separately from the main deck: across seeds its order
/// varies while it keeps only runes.
#[test]
fn r103_3_b_rune_deck_shuffled_separately() {
    let order = |s| {
        let g = new_game(s);
        g.player(P1).rune_deck.iter().map(|r| g.name(*r).to_string()).collect::<Vec<_>>()
    };
    let orders: std::collections::BTreeSet<Vec<String>> = (0..8).map(order).collect();
    assert!(orders.len() > 1, "the rune deck order depends on the shuffle");
    assert_eq!(order(4), order(4));
}

/// 103.2.a.3: every champion unit with the chosen champion's name counts as the chosen
/// champion, wherever it is (main deck, hand, board); another Jinx champion with a different
/// name (Jinx, Rebel) does not.
#[test]
fn r103_2_a_3_every_copy_of_the_chosen_champion_counts() {
    let src = JINX.replace("\"Scrapheap\" = 3", "\"Scrapheap\" = 1\n\"Jinx, Demolitionist\" = 1\n\"Jinx, Rebel\" = 1");
    let g = Game::new(db(), &[parse_deck(&src), embedded_deck("viktor")], 8).unwrap();
    let pl = g.player(P1);
    let named =
        |n: &str| -> Vec<ObjId> { pl.main_deck.iter().chain(&pl.hand).copied().filter(|c| g.name(*c) == n).collect() };
    let copies = named("Jinx, Demolitionist");
    assert_eq!(copies.len(), 1);
    assert!(g.is_chosen_champion(copies[0]), "a copy in the deck or hand counts");
    assert!(g.is_chosen_champion(pl.champion_zone.unwrap()));
    let rebel = named("Jinx, Rebel");
    assert!(!g.is_chosen_champion(rebel[0]), "same tag, different name");
}

/// 115.1 / 115.1.b.1 / 115.1.c: the turn order repeats: the first player takes turns 1, 3, 5...
/// and the other player turns 2, 4, 6... until the game ends; 118: play begins with the first
/// player's turn. 115.1.a: the Duel determines the first player (at random: either seat).
#[test]
fn r115_1_c_turn_order_repeats_from_the_first_player() {
    let p1_first = (0..20).find(|s| new_game(*s).turn_order[0] == P1).unwrap();
    let p2_first = (0..20).find(|s| new_game(*s).turn_order[0] == P2).unwrap();
    for seed in [p1_first, p2_first] {
        let mut g = new_game(seed);
        g.set_agents(vec![Box::new(RandomAgent::new(seed)), Box::new(RandomAgent::new(seed + 7))]);
        let first = g.turn_order[0];
        let second = g.turn_order[1];
        let mut seen = Vec::new();
        while g.turn <= 6 && !g.is_over() {
            if seen.last().map(|(t, _)| *t) != Some(g.turn) && g.turn > 0 {
                seen.push((g.turn, g.turn_player));
            }
            g.step().unwrap();
        }
        assert!(seen.len() >= 4, "{seen:?}");
        for (t, p) in seen {
            assert_eq!(p, if t % 2 == 1 { first } else { second }, "turn {t}");
        }
    }
}

/// 115.2 (458.7): the mode adjusts the first turns: the second player channels 3 runes on their
/// first turn, the first player 2.
#[test]
fn r115_2_second_players_first_turn_channels_three() {
    let mut g = new_game(21);
    g.set_agents(vec![Box::new(RandomAgent::new(1)), Box::new(RandomAgent::new(2))]);
    let (first, second) = (g.turn_order[0], g.turn_order[1]);
    step_until(&mut g, |g| g.turn == 1 && g.step == Step::Draw);
    assert_eq!(g.player(first).runes.len() + g.player(first).rune_deck.len(), 12);
    assert_eq!(g.player(first).rune_deck.len(), 10, "first player's first turn: 2 runes");
    step_until(&mut g, |g| g.turn == 2 && g.step == Step::Draw);
    assert_eq!(g.player(second).rune_deck.len(), 9, "second player's first turn: 3 runes");
}

/// 117.1 / 117.2 / 117.3: a player who sets aside one card draws exactly one (117.2), the top card
/// of the deck, and only then recycles the set-aside card to the bottom of their main deck (117.3).
#[test]
fn r117_2_draw_as_many_as_set_aside_then_117_3_recycle_them() {
    let mut g = new_game(11);
    let first = g.turn_order[0];
    let (a, b) = (Scripted::passing(), Scripted::passing());
    let mut agents: Vec<Box<dyn Agent<Game>>> = vec![Box::new(a.clone()), Box::new(b.clone())];
    if first == P2 {
        agents.swap(0, 1);
    }
    g.set_agents(agents);
    let aside = g.player(first).hand[0];
    let aside_name = g.name(aside).to_string();
    let top = g.name(g.player(first).main_deck[0]).to_string();
    let deck_before = g.player(first).main_deck.len();
    a.push(Choice::Obj(aside));
    a.push(Choice::Done);
    g.step().unwrap();
    let pl = g.player(first);
    assert_eq!(pl.hand.len(), 4);
    assert_eq!(pl.main_deck.len(), deck_before, "one drawn, one recycled");
    assert_eq!(g.name(*pl.hand.last().unwrap()), top, "the drawn card is the old top card");
    assert_eq!(g.name(*pl.main_deck.last().unwrap()), aside_name, "the set-aside card is at the bottom");
    assert_eq!(g.obj(*pl.main_deck.last().unwrap()).zone, Zone::MainDeck);
}

// =============================================================================================
// 105-107: the board and the non-board zones
// =============================================================================================

/// 106.2.a / 106.2.b / 106.2.c: each player has one base, a location where units are; a unit can
/// always be played to its player's base (106.2.b): with no battlefield controlled it is the only
/// place (no question), and with one controlled it is still offered.
#[test]
fn r106_2_b_the_base_is_always_open_to_play_units() {
    let (mut g, a, _b) = game();
    let first = g.put(U3, P1, Zone::Hand).unwrap();
    g.add(P1, 7, &[], 0);
    play(&mut g, &a, first, &[]);
    assert!(a.asked(Ask::PlayLocation).is_empty(), "only the base was possible");
    let u = g.units_at(Loc::Base(P1));
    assert_eq!(u.len(), 1);
    assert_eq!(g.location(u[0]), Some(Loc::Base(P1)));
    assert!(g.units_at(Loc::Base(P2)).is_empty(), "one base per player");
    held(&mut g, U3, P1, Bf::new(0));
    let second = g.put(U4, P1, Zone::Hand).unwrap();
    play(&mut g, &a, second, &[Choice::Loc(Loc::Base(P1))]);
    assert_eq!(a.asked(Ask::PlayLocation), vec![vec![Choice::Loc(Loc::Base(P1)), Choice::Loc(BF0)]]);
    assert_eq!(g.units_at(Loc::Base(P1)).len(), 2);
}

/// 106.2.d: no player has objects they control in another player's base: a unit at a
/// battlefield moves only to its controller's base (141.4.b), and a unit P2 owns but P1 controls
/// is recalled to P1's base, not its owner's.
#[test]
fn r106_2_d_objects_only_in_their_controllers_base() {
    let (mut g, _a, _b) = game();
    g.put_at(U3, P1, BF0).unwrap();
    assert_eq!(g.standard_move_destinations(P1), vec![Loc::Base(P1)]);
    let borrowed = g.put_at(U4, P2, BF1).unwrap();
    g.add_effect(None, Filter::Object(borrowed), None, Modification::SetController(P1), Duration::Indefinite);
    assert_eq!(g.controller(borrowed), P1);
    g.recall(borrowed);
    assert_eq!(g.location(borrowed), Some(Loc::Base(P1)));
    assert!(g.player(P1).base.contains(&borrowed));
    assert!(!g.player(P2).base.contains(&borrowed));
    assert_eq!(g.obj(borrowed).owner, P2, "126: ownership doesn't change with control");
}

/// 106.2.e: runes on the board are housed in their player's base, apart from its permanents.
#[test]
fn r106_2_e_runes_are_housed_in_the_base() {
    let (mut g, _a, _b) = game();
    g.put("Fury Rune", P1, Zone::RuneDeck).unwrap();
    assert_eq!(g.channel(P1, 1, false), 1);
    let r = g.player(P1).runes[0];
    assert_eq!((g.obj(r).zone, g.obj(r).zone_player), (Zone::Base, P1));
    assert!(g.player(P1).base.is_empty() && g.units_at(Loc::Base(P1)).is_empty());
}

/// 106.3.c / 163.5 / 163.5.a / 163.5.b / 163.6: the battlefields are locations: units move from
/// their base to a battlefield (163.5.b, 141.4.a) and back (163.5.a, 141.4.b), any number of them
/// at once (163.6); one standard move has one destination for all its units (141.3.a) and exhausts
/// them all together as its cost (141.3.c).
#[test]
fn r141_3_c_one_move_many_units_163_6_any_number_at_a_battlefield() {
    let (mut g, a, _b) = game();
    let units: Vec<ObjId> = (0..5).map(|_| g.put_at(U3, P1, Loc::Base(P1)).unwrap()).collect();
    a.push(Choice::StandardMove(BF0));
    for u in &units {
        a.push(Choice::Obj(*u));
    }
    g.step().unwrap();
    assert_eq!(a.remaining(), 0);
    // The units were chosen one by one for the same destination (141.3.a).
    assert!(a.asked(Ask::MoveUnits).iter().all(|o| o.iter().all(|c| matches!(c, Choice::Obj(_) | Choice::Done))));
    assert_eq!(g.units_at(BF0), units);
    assert!(units.iter().all(|u| g.obj(*u).exhausted), "141.3.c: every unit paid its exhaust");
    let exhaust_lines: Vec<usize> =
        g.trace.lines.iter().enumerate().filter(|(_, l)| l.rule == "401.1").map(|(i, _)| i).collect();
    let first_move = trace_index(&g, |r, _| r == "421").unwrap();
    assert!(exhaust_lines.len() == 5 && exhaust_lines.iter().all(|i| *i < first_move), "all paid before moving");
    // Back from the battlefield to the base (the battlefield as origin).
    for u in &units {
        g.ready(*u);
    }
    // P1 has no showdown pending here: P1 conquered it already.
    step_until(&mut g, |g| g.showdown.is_none() && g.chain.is_empty());
    standard_move_picking(&mut g, &a, Loc::Base(P1), &[Choice::Obj(units[0]), Choice::Done]);
    assert_eq!(g.location(units[0]), Some(Loc::Base(P1)));
    assert_eq!(g.units_at(BF0).len(), 4);
}

/// 141.1.a: the standard move is made in its player's action phase: P2's ready units can't move
/// during P1's turn; on P2's turn they can.
#[test]
fn r141_1_a_standard_move_only_in_your_action_phase() {
    let (mut g, _a, _b) = game();
    g.put_at(U3, P2, Loc::Base(P2)).unwrap();
    g.put_at(U3, P1, Loc::Base(P1)).unwrap();
    assert!(!g.standard_move_destinations(P1).is_empty());
    assert!(g.standard_move_destinations(P2).is_empty(), "not P2's turn");
    fill_deck(&mut g, P2, 3);
    g.start_turn(P2);
    step_until(&mut g, |g| g.step != Step::Action);
    assert!(g.standard_move_destinations(P2).is_empty(), "not in the awaken phase");
    step_until(&mut g, |g| g.step == Step::Action);
    assert!(g.standard_move_destinations(P2).contains(&BF0));
}

/// 141.1.b: no standard move in a closed state: while P1's spell waits on the chain, P1 holds
/// priority but can't move a ready unit; once it resolves, the move is open again.
#[test]
fn r141_1_b_no_standard_move_in_a_closed_state() {
    let (mut g, a, _b) = game();
    g.put_at(U3, P1, Loc::Base(P1)).unwrap();
    let spell = g.put("Test Quick Draw", P1, Zone::Hand).unwrap();
    fill_deck(&mut g, P1, 2);
    g.add(P1, 1, &[], 0);
    a.push(Choice::Play(spell));
    g.step().unwrap();
    assert_eq!(g.chain.len(), 1);
    assert_eq!(g.priority, Some(P1));
    assert!(!g.action_options(P1).iter().any(|c| matches!(c, Choice::StandardMove(_))));
    run_chain(&mut g);
    assert!(g.action_options(P1).iter().any(|c| matches!(c, Choice::StandardMove(_))));
}

/// 141.1.c: no standard move during a showdown: P1 moves one unit to an empty, uncontrolled
/// battlefield, a showdown begins there, and P1's other ready unit can't move while it lasts.
#[test]
fn r141_1_c_no_standard_move_during_a_showdown() {
    let (mut g, a, _b) = game();
    let scout = g.put_at(U3, P1, Loc::Base(P1)).unwrap();
    g.put_at(U4, P1, Loc::Base(P1)).unwrap();
    standard_move_picking(&mut g, &a, BF0, &[Choice::Obj(scout), Choice::Done]);
    assert!(g.showdown.is_some(), "a showdown at the contested, uncontrolled battlefield");
    assert_eq!(g.priority_holder(), Some(P1));
    assert!(g.standard_move_destinations(P1).is_empty());
    assert!(!g.action_options(P1).iter().any(|c| matches!(c, Choice::StandardMove(_))));
}

/// A three-player board: P3 joins with an empty zone set (the Duel model takes N players).
fn add_third_player(g: &mut Game) -> PlayerId {
    let mut p3 = g.player(PlayerId(1)).clone();
    p3.deck_name = "P3".into();
    g.players.push(p3.into());
    g.turn_order.push(PlayerId(2));
    g.agents.push(None);
    PlayerId(2)
}

/// 141.4.a.1: a unit can't standard-move to a battlefield that already has units of two other
/// players; the other battlefield stays open.
#[test]
fn r141_4_a_1_no_move_to_a_battlefield_with_two_other_players() {
    let (mut g, _a, _b) = game();
    let p3 = add_third_player(&mut g);
    let u = g.put_at(U3, P1, Loc::Base(P1)).unwrap();
    g.put_at(U3, P2, BF0).unwrap();
    assert!(g.standard_move_destinations(P1).contains(&BF0), "one other player there is fine");
    g.put_at(U3, p3, BF0).unwrap();
    assert_eq!(g.players_at(Bf::new(0)).len(), 2);
    assert_eq!(g.standard_move_destinations(P1), vec![BF1]);
    assert!(g.standard_move_units(P1, BF0).is_empty());
    assert_eq!(g.standard_move_units(P1, BF1), vec![u]);
}

/// 106.4.a / 106.4.b / 106.4.c / 106.4.e: each battlefield has a facedown zone holding at most one
/// card (106.4.b), only at a battlefield its controller controls (106.4.c); the facedown zone is
/// not a location: the hidden card is at no location and is not a unit there (106.4.e).
#[test]
fn r106_4_b_one_facedown_card_per_battlefield_its_controller_controls() {
    let (mut g, a, _b) = game();
    held(&mut g, U3, P1, Bf::new(0));
    let first = g.put("Test Secret", P1, Zone::Hand).unwrap();
    let second = g.put("Test Secret", P1, Zone::Hand).unwrap();
    g.add(P1, 0, &[], 3);
    assert_eq!(g.hide_options(P1), vec![(first, Bf::new(0)), (second, Bf::new(0))], "BF1 is not P1's: never offered");
    a.push(Choice::Hide(first, Bf::new(0)));
    g.step().unwrap();
    let hidden = g.battlefields[0].facedown[0];
    assert_eq!(g.obj(hidden).zone, Zone::Facedown(Bf::new(0)));
    assert!(g.hide_options(P1).is_empty(), "the facedown zone of BF0 is occupied");
    assert_eq!(g.location(hidden), None);
    assert_eq!(g.units_at(BF0).len(), 1);
    assert_eq!(g.player(P1).hand, vec![second]);
}

/// 106.5.a / 106.5.b / 106.5.c / 106.5.d / 132.6.b.1 / 167.3 / 167.4 / 168: the legend zone holds
/// the champion legend, a game object (106.5.c) that is not at a location (106.5.b) and never
/// leaves: it is not a permanent (168), so killing or banishing it does nothing (167.3), and it
/// can't be moved or recalled (167.4).
#[test]
fn r106_5_d_the_legend_never_leaves_the_legend_zone() {
    let (mut g, _a, _b) = game();
    let legend = g.put("Lee Sin, Blind Monk", P1, Zone::LegendZone).unwrap();
    assert_eq!(g.player(P1).legend, Some(legend));
    assert!(!g.card(legend).is_permanent());
    assert_eq!(g.location(legend), None);
    g.kill(&[legend], None).unwrap();
    g.banish(&[legend], None);
    g.recall(legend);
    g.move_units(&[legend], BF0);
    g.cleanup().unwrap();
    assert!(g.obj(legend).alive);
    assert_eq!(g.obj(legend).zone, Zone::LegendZone);
    assert_eq!(g.player(P1).legend, Some(legend));
    assert!(g.player(P1).trash.is_empty() && g.player(P1).banishment.is_empty());
}

/// 163.2.b / 163.3 / 163.4 / 164 / 106.3.b: a battlefield stays in place, in the battlefield zone,
/// for the whole game: it is not a
/// permanent (164), can't be killed (163.3) or banished, and can't be moved (163.4).
#[test]
fn r163_3_battlefields_cannot_be_killed_or_moved() {
    let (mut g, _a, _b) = game();
    let bf = g.battlefields[0].obj;
    assert!(!g.card(bf).is_permanent());
    g.kill(&[bf], None).unwrap();
    g.banish(&[bf], None);
    g.recall(bf);
    g.move_units(&[bf], BF1);
    g.cleanup().unwrap();
    assert!(g.obj(bf).alive);
    assert_eq!(g.obj(bf).zone, Zone::BattlefieldZone);
    assert_eq!(g.battlefields[0].obj, bf);
    assert!(g.player(P1).trash.is_empty() && g.player(P1).banishment.is_empty());
}

/// 154.1 / 154.1.a / 132.5.a.1: a rune is not a main deck card and not a permanent: it is
/// channeled, not played (a rune is never a card its player can play), and stays on the board
/// until recycled; killing it does nothing.
#[test]
fn r154_1_a_runes_are_not_permanents() {
    let (mut g, _a, _b) = game();
    g.put("Calm Rune", P1, Zone::RuneDeck).unwrap();
    g.add(P1, 9, &[Domain::Calm; 3], 0);
    g.channel(P1, 1, false);
    let rune = g.player(P1).runes[0];
    assert!(!g.card(rune).is_main_deck_card() && !g.card(rune).is_permanent());
    assert!(g.playable_cards(P1).is_empty());
    g.kill(&[rune], None).unwrap();
    g.cleanup().unwrap();
    assert!(g.obj(rune).alive && g.player(P1).runes == vec![rune]);
    assert!(g.player(P1).trash.is_empty());
}

/// 107.1.a / 107.1.c: each player has their own trash, where killed and discarded cards go,
/// and spells once they finish resolving (150: the trash of their owner; 132.4.b.1: a spell does
/// not remain on the board after being played).
#[test]
fn r107_1_a_killed_discarded_and_resolved_cards_go_to_the_trash() {
    let (mut g, a, _b) = game();
    let mine = g.put_at(U3, P1, BF0).unwrap();
    let theirs = g.put_at(U3, P2, BF1).unwrap();
    g.kill(&[mine, theirs], None).unwrap();
    assert_eq!(g.player(P1).trash.len(), 1);
    assert_eq!(g.player(P2).trash.len(), 1, "107.1.c: a separate trash each");
    let card = g.put(U4, P1, Zone::Hand).unwrap();
    g.discard(P1, &[card]);
    assert_eq!(g.player(P1).trash.len(), 2);
    fill_deck(&mut g, P1, 1);
    let spell = g.put("Test Quick Draw", P1, Zone::Hand).unwrap();
    g.add(P1, 1, &[], 0);
    play(&mut g, &a, spell, &[]);
    assert_eq!(g.player(P1).trash.len(), 3);
    assert_eq!(g.name(*g.player(P1).trash.last().unwrap()), "Test Quick Draw");
    assert!(g.player(P1).trash.iter().all(|c| g.obj(*c).zone == Zone::Trash));
    assert!(g.player(P1).base.is_empty() && g.chain.is_empty());
}

/// 107.1.d / 107.5.d / 107.6.f: a card never goes to another player's trash, banishment or
/// hand: P2's unit under P1's control is killed into P2's trash, and a card sent to a zone of the
/// wrong player goes to its owner's instead. 126.1: ownership stays with who brought the card.
#[test]
fn r107_1_d_cards_go_to_their_owners_trash_banishment_and_hand() {
    let (mut g, _a, _b) = game();
    let borrowed = g.put_at(U4, P2, BF0).unwrap();
    g.add_effect(None, Filter::Object(borrowed), None, Modification::SetController(P1), Duration::Indefinite);
    assert_eq!(g.controller(borrowed), P1);
    g.kill(&[borrowed], None).unwrap();
    assert!(g.player(P1).trash.is_empty());
    assert_eq!(g.player(P2).trash.len(), 1);
    for zone in [Zone::Trash, Zone::Banishment, Zone::Hand] {
        let c = g.put(U3, P2, Zone::MainDeck).unwrap();
        let moved = g.move_object(c, zone, P1, Pos::Bottom);
        assert_eq!(g.obj(moved).zone_player, P2, "{zone:?}");
        assert_eq!(g.obj(moved).owner, P2);
    }
    let pl1 = g.player(P1);
    assert!(pl1.trash.is_empty() && pl1.banishment.is_empty() && pl1.hand.is_empty());
    let pl2 = g.player(P2);
    assert_eq!((pl2.trash.len(), pl2.banishment.len(), pl2.hand.len()), (2, 1, 1));
}

/// 107.5.a / 107.5.c: banished cards go to their owner's banishment, one per player, whether
/// from the board or another zone.
#[test]
fn r107_5_a_banished_cards_go_to_banishment() {
    let (mut g, _a, _b) = game();
    let unit = g.put_at(U3, P2, BF0).unwrap();
    let trashed = g.put(U4, P1, Zone::Trash).unwrap();
    g.banish(&[unit, trashed], None);
    assert_eq!(g.player(P1).banishment.len(), 1);
    assert_eq!(g.player(P2).banishment.len(), 1);
    assert!(g.player(P1).trash.is_empty() && g.units_at(BF0).is_empty());
    assert_eq!(g.obj(g.player(P2).banishment[0]).zone, Zone::Banishment);
}

/// 107.6.a / 107.6.b: a player's hand is where drawn cards go, and cards are played from it.
#[test]
fn r107_6_b_drawn_cards_go_to_hand_and_are_played_from_it() {
    let (mut g, _a, _b) = game();
    g.put(U3, P1, Zone::MainDeck).unwrap();
    g.draw(P1, 1).unwrap();
    let drawn = g.player(P1).hand[0];
    assert_eq!(g.obj(drawn).zone, Zone::Hand);
    assert!(g.player(P1).main_deck.is_empty());
    g.add(P1, 3, &[], 0);
    assert_eq!(g.playable_cards(P1), vec![drawn]);
}

/// 107.2.a / 107.2.c: the chosen champion is played from the champion zone like any card, which
/// leaves the zone empty.
#[test]
fn r107_2_c_the_chosen_champion_is_played_from_the_champion_zone() {
    let (mut g, a, _b) = game();
    let champ = g.put("Jinx, Rebel", P1, Zone::ChampionZone).unwrap();
    assert_eq!(g.player(P1).champion_zone, Some(champ));
    let cost = g.base_cost(champ);
    g.add(P1, cost.energy, &[Domain::Chaos; 4][..cost.power.len()], 0);
    assert!(g.playable_cards(P1).contains(&champ));
    play(&mut g, &a, champ, &[]);
    assert_eq!(g.player(P1).champion_zone, None);
    assert_eq!(g.units_at(Loc::Base(P1)).iter().map(|u| g.name(*u)).collect::<Vec<_>>(), vec!["Jinx, Rebel"]);
}

// =============================================================================================
// 124-136: cards — cost, domains, rules text
// =============================================================================================

fn set_pool(g: &mut Game, p: PlayerId, energy: u32, power: &[Domain], any: u32) {
    g.player_mut(p).pool = Default::default();
    g.add(p, energy, power, any);
}

/// 130.1 / 130.2 / 130.2.a / 130.3 / 130.3.a: a card's cost is its Energy numeral plus its Power
/// symbols. Void Seeker costs [3][R]: [3] and one Fury Power pay it, nothing less does. 156.1 /
/// 156.1.a: Energy pays only Energy and has no domain (4 Energy can't pay the [R]); 156.2 / 156.2.a
/// / 134.2.e.4: Power pays only Power of its domain ([G] can't pay [R], and [R][R] can't pay the
/// [3]). 130.3.b: a unit without Power in its cost is paid with Energy alone.
#[test]
fn r130_2_a_energy_and_130_3_a_power_make_the_cost() {
    let (mut g, a, _b) = game();
    let seeker = g.put("Void Seeker", P1, Zone::Hand).unwrap();
    g.put_at(U3, P2, BF0).unwrap();
    fill_deck(&mut g, P1, 1);
    let cost = g.base_cost(seeker);
    assert_eq!((cost.energy, cost.power.clone()), (3, vec![PowerSymbol::Of(Domain::Fury)]));
    for (energy, power) in [(3, vec![Domain::Calm]), (4, vec![]), (2, vec![Domain::Fury, Domain::Fury])] {
        set_pool(&mut g, P1, energy, &power, 0);
        assert!(!g.playable_cards(P1).contains(&seeker), "[{energy}] {power:?}");
    }
    set_pool(&mut g, P1, 3, &[Domain::Fury], 0);
    assert!(g.playable_cards(P1).contains(&seeker));
    play(&mut g, &a, seeker, &[]);
    assert!(g.player(P1).pool.is_empty(), "exactly [3][R] was spent");
    let unit = g.put(U3, P1, Zone::Hand).unwrap();
    assert!(g.card(unit).power.is_empty());
    set_pool(&mut g, P1, 3, &[], 0);
    assert!(g.playable_cards(P1).contains(&unit));
}

/// 134.2.e.5 / 134.2.e.5.a: an [A] cost is paid by Power of any domain, but not by Energy.
#[test]
fn r134_2_e_5_a_any_power_cost_is_paid_by_any_domain() {
    let (mut g, a, _b) = game();
    fill_deck(&mut g, P1, 3);
    for d in [Domain::Calm, Domain::Mind] {
        let spell = g.put("Test Any Power Spell", P1, Zone::Hand).unwrap();
        set_pool(&mut g, P1, 1, &[], 0);
        assert!(!g.playable_cards(P1).contains(&spell), "Energy is not Power");
        set_pool(&mut g, P1, 0, &[d], 0);
        play(&mut g, &a, spell, &[]);
        assert!(g.player(P1).pool.is_empty(), "{d:?} paid [A]");
        assert_eq!(g.obj(*g.player(P1).trash.last().unwrap()).zone, Zone::Trash);
    }
}

/// 134.2.e.5.b / 156.2.b: universal Power ([A] added to the pool) pays a Power cost of any
/// domain: [3][A] in the pool pays Void Seeker's [3][R].
#[test]
fn r134_2_e_5_b_universal_power_pays_any_domain() {
    let (mut g, a, _b) = game();
    let seeker = g.put("Void Seeker", P1, Zone::Hand).unwrap();
    g.put_at(U3, P2, BF0).unwrap();
    fill_deck(&mut g, P1, 1);
    set_pool(&mut g, P1, 3, &[], 1);
    assert!(g.playable_cards(P1).contains(&seeker));
    play(&mut g, &a, seeker, &[]);
    assert!(g.player(P1).pool.is_empty());
    assert!(g.units_at(BF0).is_empty(), "Void Seeker resolved: its 4 damage killed the unit");
}

/// 134.2.e.6.b: [C] on a card with several domains is [A] (any Power pays it); on a Fury card
/// it is [R] (134.2.e.6), which Calm Power can't pay. 134.2.e.6.a: a basic rune's "Add [C]"
/// adds Power of its own domain.
#[test]
fn r134_2_e_6_b_c_on_a_multi_domain_card_is_any_power() {
    let (mut g, a, _b) = game();
    fill_deck(&mut g, P1, 3);
    let multi = g.put("Test Two Domain C Spell", P1, Zone::Hand).unwrap();
    let fury = g.put("Test Fury C Spell", P1, Zone::Hand).unwrap();
    assert_eq!(g.base_cost(multi).power, vec![PowerSymbol::Any]);
    assert_eq!(g.base_cost(fury).power, vec![PowerSymbol::Of(Domain::Fury)]);
    set_pool(&mut g, P1, 0, &[Domain::Calm], 0);
    assert_eq!(g.playable_cards(P1), vec![multi]);
    play(&mut g, &a, multi, &[]);
    assert!(g.player(P1).pool.is_empty());
    // A Calm rune's "Recycle this: Add [C]" adds [G], which still can't pay the Fury card.
    let rune = g.put("Calm Rune", P1, Zone::Base).unwrap();
    g.activate_rune(P1, rune, 1);
    assert_eq!(g.player(P1).pool.power[Domain::Calm.index()], 1);
    assert!(!g.playable_cards(P1).contains(&fury));
    set_pool(&mut g, P1, 0, &[Domain::Fury], 0);
    assert!(g.playable_cards(P1).contains(&fury));
}

/// 155 / 156 / 156.2.a.1: runes produce the resources: exhausting one adds [1] Energy, and
/// recycling one adds one Power of the rune's domain.
#[test]
fn r156_2_a_1_runes_produce_energy_and_power_of_their_domain() {
    let (mut g, _a, _b) = game();
    let fury = g.put("Fury Rune", P1, Zone::Base).unwrap();
    let order = g.put("Order Rune", P1, Zone::Base).unwrap();
    g.activate_rune(P1, fury, 0);
    assert!(g.obj(fury).exhausted);
    assert_eq!((g.player(P1).pool.energy, g.player(P1).pool.power_total()), (1, 0));
    g.activate_rune(P1, order, 1);
    assert_eq!(g.player(P1).pool.power, [0, 0, 0, 0, 0, 1]);
    assert_eq!(g.player(P1).pool.energy, 1);
    assert_eq!(g.player(P1).rune_deck.len(), 1, "the recycled rune went to the rune deck");
}

/// 133.2 / 133.2.a / 133.2.b / 133.2.c / 133.2.d / 133.2.e / 133.2.f: the domains' shorthands — [R]
/// Fury, [G] Calm, [B] Mind, [O] Body, [P] Chaos, [Y] Order — as a card's Power cost, each paid
/// only by Power of that domain.
#[test]
fn r133_2_domain_shorthands() {
    let want = [Domain::Fury, Domain::Calm, Domain::Mind, Domain::Body, Domain::Chaos, Domain::Order];
    for (letter, d) in ["R", "G", "B", "O", "P", "Y"].into_iter().zip(want) {
        let src = format!(
            "id = \"TEST-OZ-D{letter}\"\nname = \"Test {letter}\"\ntype = \"spell\"\npower = \"[{letter}]\"\nset = \"TEST\"\nnumber = 1\ntext = \"Draw 1.\"\n"
        );
        let card = parse_card("t", &src).unwrap();
        assert_eq!(card.power, vec![PowerSymbol::Of(d)], "[{letter}]");
        let mut db = (*db()).clone();
        db.insert(card);
        let mut g = Game::blank(Arc::new(db), &QUIET_BFS, 1).unwrap();
        let spell = g.put(&format!("Test {letter}"), P1, Zone::Hand).unwrap();
        for other in want {
            set_pool(&mut g, P1, 0, &[other], 0);
            assert_eq!(g.playable_cards(P1).contains(&spell), other == d, "[{letter}] paid by {other:?}");
        }
    }
}

/// What a text compiles to, without the comments the compiler writes (they quote the text).
fn compiled(text: &str) -> (Vec<(Keyword, u32)>, Vec<String>, String) {
    let src = format!(
        "id = \"T\"\nname = \"T\"\ntype = \"unit\"\nmight = 1\nset = \"T\"\nnumber = 1\ntext = \"\"\"{text}\"\"\"\n"
    );
    let card = parse_card("t", &src).unwrap();
    assert!(card.unsupported.is_none(), "{text}: {:?}", card.unsupported);
    let a = &card.abilities;
    let abilities = a.abilities.iter().map(|x| format!("{:?} {:?} {:?}", x.kind, x.targets, x.body)).collect();
    let script = a.script.lines().filter(|l| !l.trim_start().starts_with("//")).collect::<Vec<_>>().join("\n");
    (a.keywords.clone(), abilities, script)
}

/// 134.2.d / 134.2.d.1 / 134.2.d.3: reminder text — the parenthesized text; present, absent or
/// worded differently — changes nothing;
/// 134.2.c.2: a keyword works with or without its reminder text.
#[test]
fn r134_2_d_3_reminder_text_has_no_effect() {
    let bare = compiled("[Tank]\nWhen you play me, stun an enemy unit.");
    assert_eq!(bare.0, vec![(Keyword::Tank, 0)]);
    assert_eq!(bare.1.len(), 1);
    for reminded in [
        "[Tank] (I must be assigned combat damage first.)\nWhen you play me, stun an enemy unit.",
        "[Tank] (Different words entirely.)\nWhen you play me, stun an enemy unit. (A stunned unit doesn't deal combat damage.)",
    ] {
        assert_eq!(compiled(reminded), bare, "{reminded}");
    }
}

/// 134.3: rules text can be blank: a card without text has no abilities and still plays as its
/// type (a 3 Might unit).
#[test]
fn r134_3_blank_rules_text() {
    let (mut g, a, _b) = game();
    let unit = g.put(U3, P1, Zone::Hand).unwrap();
    assert!(g.card(unit).text.trim().is_empty());
    assert!(g.card(unit).abilities.abilities.is_empty() && g.card(unit).abilities.keywords.is_empty());
    g.add(P1, 3, &[], 0);
    play(&mut g, &a, unit, &[]);
    let u = g.units_at(Loc::Base(P1))[0];
    assert_eq!(g.might(u), 3);
}

/// 134.2.e.3: [M] is Might: "Give a unit +2 [M] this turn" makes a 3 Might unit 5 Might.
#[test]
fn r134_2_e_3_the_might_symbol() {
    let (mut g, a, _b) = game();
    let u = g.put_at(U3, P1, Loc::Base(P1)).unwrap();
    let spell = g.put("Test Might Up", P1, Zone::Hand).unwrap();
    g.add(P1, 1, &[], 0);
    play(&mut g, &a, spell, &[]);
    assert_eq!(g.might(u), 5);
}

// =============================================================================================
// 137-142: units
// =============================================================================================

/// 139.2 / 139.3 / 139.4 / 140.3.a: damage is marked per unit and tracks how close each is to
/// dying: 2 on a 3 Might unit and 1 on another leave both alive with their own damage; 1 more kills
/// the first; healing clears the other's.
#[test]
fn r139_2_damage_is_marked_per_unit_until_it_kills_or_is_healed() {
    let (mut g, _a, _b) = game();
    let x = g.put_at(U3, P1, BF0).unwrap();
    let y = g.put_at(U3, P1, BF0).unwrap();
    g.deal(None, &[(x, 2), (y, 1)]);
    g.cleanup().unwrap();
    assert_eq!((g.obj(x).damage, g.obj(y).damage), (2, 1));
    assert!(g.obj(x).alive && g.obj(y).alive);
    g.deal(None, &[(x, 1)]);
    g.cleanup().unwrap();
    assert!(!g.obj(x).alive, "3 damage on 3 Might");
    assert_eq!(g.player(P1).trash.len(), 1);
    g.heal(&[y]);
    assert_eq!(g.obj(y).damage, 0);
}

/// 140.3.b.1: damage is healed at the end of each player's turn: P2's unit damaged in P1's turn
/// is healed at the end of P1's turn, and P1's unit damaged in P2's turn at the end of P2's.
#[test]
fn r140_3_b_1_damage_heals_at_the_end_of_each_turn() {
    let (mut g, a, b) = game();
    fill_deck(&mut g, P1, 3);
    fill_deck(&mut g, P2, 3);
    let theirs = g.put_at(U5, P2, BF1).unwrap();
    let mine = g.put_at(U5, P1, BF0).unwrap();
    g.deal(None, &[(theirs, 2)]);
    a.push(Choice::EndTurn);
    step_until(&mut g, |g| g.turn == 2 && g.step == Step::Action);
    assert_eq!(g.obj(theirs).damage, 0);
    g.deal(None, &[(mine, 3)]);
    g.cleanup().unwrap();
    assert_eq!(g.obj(mine).damage, 3);
    b.push(Choice::EndTurn);
    step_until(&mut g, |g| g.turn == 3);
    assert_eq!(g.obj(mine).damage, 0);
    assert!(g.obj(mine).alive && g.obj(theirs).alive);
}

/// 140.3.b.2: damage is healed in a combat's cleanup: the attacker that survives a combat
/// leaves it without its damage, before the end of the turn.
#[test]
fn r140_3_b_2_combat_cleanup_heals() {
    let (mut g, a, _b) = game();
    held(&mut g, U3, P2, Bf::new(0));
    let attacker = g.put_at(U5, P1, Loc::Base(P1)).unwrap();
    a.push(Choice::StandardMove(BF0));
    step_until(&mut g, |g| g.showdown.is_none() && g.chain.is_empty() && g.battlefields[0].controller == Some(P1));
    assert_eq!(g.turn, 1);
    assert!(g.trace.lines.iter().any(|l| l.rule == "404.1.b" && l.text.contains(&format!("({attacker})"))));
    assert_eq!(g.obj(attacker).damage, 0, "its 3 combat damage was healed in the combat cleanup");
    assert_eq!(g.location(attacker), Some(BF0));
}

/// 140.4: units enter the board exhausted; 140.4.a: Accelerate (Blazing Scorcher, paid) changes
/// that: it enters ready.
#[test]
fn r140_4_units_enter_exhausted_unless_accelerated() {
    let (mut g, a, _b) = game();
    let unit = g.put(U3, P1, Zone::Hand).unwrap();
    g.add(P1, 3, &[], 0);
    play(&mut g, &a, unit, &[]);
    let u = g.units_at(Loc::Base(P1))[0];
    assert!(g.obj(u).exhausted);
    let scorcher = g.put("Blazing Scorcher", P1, Zone::Hand).unwrap();
    g.add(P1, 6, &[Domain::Fury], 0);
    play(&mut g, &a, scorcher, &[Choice::Yes]);
    assert!(g.player(P1).pool.is_empty(), "[5] plus the Accelerate cost [1][R]");
    let s = *g.units_at(Loc::Base(P1)).last().unwrap();
    assert_eq!(g.name(s), "Blazing Scorcher");
    assert!(!g.obj(s).exhausted);
}

/// 138.1.a.3 / 138.1.a.4 / 138.2.a: an effect that specifies units chooses only units (not gear)
/// and can kill them; 138.1.b.2: a unit in the trash is not on the board, so "a unit" can't choose
/// it there (with only the dead unit left, the spell can't be played).
#[test]
fn r138_1_a_3_effects_that_specify_units_choose_only_units_on_the_board() {
    let (mut g, a, _b) = game();
    let unit = g.put_at(U3, P2, BF0).unwrap();
    g.put_at("Orb of Regret", P2, Loc::Base(P2)).unwrap();
    let spell = g.put("Test Unit Breaker", P1, Zone::Hand).unwrap();
    g.add(P1, 1, &[], 0);
    play(&mut g, &a, spell, &[]);
    assert!(a.asked(Ask::Target).is_empty(), "the unit was the only choice");
    assert!(!g.obj(unit).alive);
    let dead = g.player(P2).trash[0];
    assert_eq!(g.card(dead).kind, CardType::Unit);
    let again = g.put("Test Unit Breaker", P1, Zone::Hand).unwrap();
    g.add(P1, 1, &[], 0);
    assert!(!g.playable_cards(P1).contains(&again));
}

/// 140.1.b / 132.3 / 132.8.a: effects can reference tags, exclusively too: "a non-Recruit unit"
/// can't choose the Recruit token.
#[test]
fn r140_1_b_effects_reference_tags() {
    let (mut g, a, _b) = game();
    g.play_recruit(P2);
    let recruit = g.units_at(Loc::Base(P2))[0];
    assert!(g.chars(recruit).tags.iter().any(|t| t == "Recruit"));
    let spell = g.put("Test Stun Veterans", P1, Zone::Hand).unwrap();
    g.add(P1, 1, &[], 0);
    assert!(!g.playable_cards(P1).contains(&spell), "only a Recruit on the board");
    let veteran = g.put_at(U3, P2, Loc::Base(P2)).unwrap();
    play(&mut g, &a, spell, &[]);
    assert!(g.obj(veteran).stunned && !g.obj(recruit).stunned);
}

/// 142.1 / 142.2: a unit's activated ability ([E]: Give me +1 [M] this turn) is activated by its
/// controller in their action phase's open state, paying its cost ([E]: 134.2.e.2, exhausting
/// it); 142.2.a / 142.2.a.1: it goes on the chain like a spell without a card and resolves when
/// both players pass. Not during a showdown, and not again while exhausted.
#[test]
fn r142_2_unit_activated_abilities() {
    let (mut g, a, _b) = game();
    let flexer = g.put_at("Test Flexer", P1, Loc::Base(P1)).unwrap();
    assert_eq!(g.activatable_abilities(P1), vec![(flexer, 0)]);
    a.push(Choice::Activate(flexer, 0));
    g.step().unwrap();
    assert!(g.obj(flexer).exhausted);
    assert_eq!(g.chain.len(), 1);
    assert!(matches!(g.chain[0].kind, ItemKind::Ability { source, index: 0 } if source == flexer));
    assert_eq!(g.chain[0].controller, P1);
    assert_eq!(g.might(flexer), 2, "not yet resolved");
    run_chain(&mut g);
    assert_eq!(g.might(flexer), 3);
    assert!(g.activatable_abilities(P1).is_empty(), "exhausted: the [E] cost can't be paid");
    // In a showdown, even ready, it can't be activated.
    g.ready(flexer);
    scout_to_bf0(&mut g, &a);
    assert!(g.showdown.is_some());
    assert!(g.activatable_abilities(P1).is_empty());
}

// =============================================================================================
// 143-145: gear
// =============================================================================================

/// 143.1.a.1 / 144.2: gear is played only to its player's base, even when they control a
/// battlefield (no location is asked), and remains there once played (132.4.a.1: a permanent);
/// 144.1: it enters ready. A card that says otherwise
/// (Iron Ballista: "This enters exhausted.") wins.
#[test]
fn r144_2_gear_is_played_to_base_and_144_1_enters_ready() {
    let (mut g, a, _b) = game();
    held(&mut g, U3, P1, Bf::new(0));
    let orb = g.put("Orb of Regret", P1, Zone::Hand).unwrap();
    g.add(P1, 1, &[], 0);
    play(&mut g, &a, orb, &[]);
    assert!(a.asked(Ask::PlayLocation).is_empty());
    let orb = g.player(P1).base[0];
    assert_eq!((g.name(orb), g.location(orb), g.obj(orb).exhausted), ("Orb of Regret", Some(Loc::Base(P1)), false));
    let ballista = g.put("Iron Ballista", P1, Zone::Hand).unwrap();
    g.add(P1, 3, &[], 0);
    play(&mut g, &a, ballista, &[]);
    let ballista = *g.player(P1).base.last().unwrap();
    assert_eq!(g.name(ballista), "Iron Ballista");
    assert!(g.obj(ballista).exhausted);
}

/// 144.3: gear at a battlefield for any reason is recalled to its controller's base at once.
#[test]
fn r144_3_gear_at_a_battlefield_is_recalled() {
    let (mut g, _a, _b) = game();
    let orb = g.put("Orb of Regret", P2, Zone::Battlefield(Bf::new(0))).unwrap();
    g.obj_mut(orb).exhausted = true;
    g.cleanup().unwrap();
    assert_eq!(g.location(orb), Some(Loc::Base(P2)));
    assert!(g.obj(orb).exhausted, "a recall keeps its state");
    assert!(g.battlefields[0].units.is_empty());
}

/// 143.1.a.3 / 143.1.a.4 / 143.2.a: an effect that specifies gear chooses only gear (Detonate,
/// "Kill a gear. Its controller draws 2.": the unit is not a choice) and can kill it; 143.1.b.2:
/// gear in the trash can't be chosen by it.
#[test]
fn r143_1_a_3_effects_that_specify_gear_choose_only_gear() {
    let (mut g, a, _b) = game();
    fill_deck(&mut g, P2, 2);
    let unit = g.put_at(U3, P2, Loc::Base(P2)).unwrap();
    let orb = g.put_at("Orb of Regret", P2, Loc::Base(P2)).unwrap();
    let spell = g.put("Detonate", P1, Zone::Hand).unwrap();
    let cost = g.base_cost(spell);
    assert!(cost.power.len() <= 1);
    g.add(P1, cost.energy, &[Domain::Fury][..cost.power.len()], 0);
    assert!(g.playable_cards(P1).contains(&spell));
    play(&mut g, &a, spell, &[]);
    assert!(a.asked(Ask::Target).is_empty(), "the gear was the only choice");
    assert!(!g.obj(orb).alive && g.obj(unit).alive);
    assert_eq!(g.player(P2).hand.len(), 2, "its controller drew 2");
    let dead = g.player(P2).trash[0];
    assert_eq!(g.card(dead).kind, CardType::Gear);
    let again = g.put("Detonate", P1, Zone::Hand).unwrap();
    g.add(P1, cost.energy, &[Domain::Fury][..cost.power.len()], 0);
    assert!(!g.playable_cards(P1).contains(&again));
}

/// 145.1 / 145.2 / 134.2.e.2: a gear's activated ability (Orb of Regret, "[E]: Give a unit -1 [M]
/// this turn, to a minimum of 1 [M]") is activated by its controller in their action phase's
/// open state, exhausting it; 145.2.a / 145.2.a.1: it goes on the chain like a spell without a
/// card and resolves when both pass. Not during a showdown, nor on the opponent's turn.
#[test]
fn r145_2_gear_activated_abilities() {
    let (mut g, a, _b) = game();
    let orb = g.put_at("Orb of Regret", P1, Loc::Base(P1)).unwrap();
    let target = g.put_at(U4, P2, BF1).unwrap();
    a.push(Choice::Activate(orb, 0));
    g.step().unwrap();
    assert!(g.obj(orb).exhausted);
    assert!(matches!(g.chain[0].kind, ItemKind::Ability { source, .. } if source == orb));
    assert_eq!(g.might(target), 4);
    run_chain(&mut g);
    assert_eq!(g.might(target), 3);
    g.ready(orb);
    // P2's gear on P1's turn: not P2's to activate.
    let theirs = g.put_at("Orb of Regret", P2, Loc::Base(P2)).unwrap();
    assert!(!g.activatable_abilities(P2).iter().any(|(o, _)| *o == theirs));
    // During a showdown: no.
    scout_to_bf0(&mut g, &a);
    assert!(g.showdown.is_some());
    assert!(g.activatable_abilities(P1).is_empty());
}

// =============================================================================================
// 146-152: spells
// =============================================================================================

/// 147 / 148 / 152.1: a spell without Action or Reaction is played in a neutral open state on its
/// controller's turn only: not in a showdown, where the Action spell (Void Seeker, 152.2.a.1)
/// and the Reaction spell (152.2.b.1) still can be.
#[test]
fn r148_spells_in_open_states_outside_showdowns_152_2_a_1_action_in_showdowns() {
    let (mut g, a, _b) = game();
    let plain = g.put("Test Rummage", P1, Zone::Hand).unwrap();
    let action = g.put("Void Seeker", P1, Zone::Hand).unwrap();
    let reaction = g.put("Test Quick Draw", P1, Zone::Hand).unwrap();
    assert_eq!(g.card(plain).kind, CardType::Spell);
    g.put_at(U3, P2, BF1).unwrap();
    g.put(U4, P1, Zone::Hand).unwrap();
    g.add(P1, 5, &[Domain::Fury], 0);
    let all = g.playable_cards(P1);
    assert!(all.contains(&plain) && all.contains(&action) && all.contains(&reaction));
    let scout = g.put_at(U3, P1, Loc::Base(P1)).unwrap();
    standard_move_picking(&mut g, &a, BF0, &[Choice::Obj(scout)]);
    assert!(g.showdown.is_some() && g.chain.is_empty());
    let open = g.playable_cards(P1);
    assert!(!open.contains(&plain), "no plain spells in a showdown");
    assert!(open.contains(&action) && open.contains(&reaction));
}

/// 152.2.b.2 / 152.2.b.3 / 149 / 150 / 182.1: in a closed state (P1's spell on the chain) P2 may
/// play a Reaction spell but not an Action one (152.2.b.2); P2's spell is P2's (149) and resolves
/// first (152.2.b.3); each spell ends in its owner's trash (150).
#[test]
fn r152_2_b_3_a_reaction_resolves_before_the_chain_below_it() {
    let (mut g, a, b) = game();
    fill_deck(&mut g, P1, 2);
    fill_deck(&mut g, P2, 2);
    let mine = g.put("Test Quick Draw", P1, Zone::Hand).unwrap();
    let theirs = g.put("Test Quick Draw", P2, Zone::Hand).unwrap();
    let action = g.put("Void Seeker", P2, Zone::Hand).unwrap();
    g.put_at(U3, P1, BF0).unwrap();
    g.add(P1, 1, &[], 0);
    g.add(P2, 5, &[Domain::Fury], 0);
    a.push(Choice::Play(mine));
    g.step().unwrap();
    g.step().unwrap(); // P1 passes: P2 has priority in a closed state.
    assert_eq!(g.priority, Some(P2));
    let options = g.action_options(P2);
    assert!(options.contains(&Choice::Play(theirs)));
    assert!(!options.contains(&Choice::Play(action)), "Action spells wait for an open state");
    b.push(Choice::Play(theirs));
    g.step().unwrap();
    assert_eq!(g.chain.len(), 2);
    assert_eq!(g.chain[1].controller, P2, "149 / 182.1: P2 played it, P2 controls it");
    run_chain(&mut g);
    let p2_draw = trace_index(&g, |r, t| r == "400.1" && t.starts_with("P2 draws")).unwrap();
    let p1_draw = trace_index(&g, |r, t| r == "400.1" && t.starts_with("P1 draws")).unwrap();
    assert!(p2_draw < p1_draw, "the reaction resolved first");
    for (p, n) in [(P1, "Test Quick Draw"), (P2, "Test Quick Draw")] {
        assert_eq!(g.player(p).trash.iter().map(|c| g.name(*c)).collect::<Vec<_>>(), vec![n]);
    }
}

/// 151 / 151.1 / 134.2.b.2: resolving a spell executes its instructions from top to bottom:
/// Void Seeker deals its 4 before its controller draws 1.
#[test]
fn r151_1_instructions_resolve_top_to_bottom() {
    let (mut g, a, _b) = game();
    fill_deck(&mut g, P1, 1);
    let seeker = g.put("Void Seeker", P1, Zone::Hand).unwrap();
    g.put_at(U5, P2, BF0).unwrap();
    g.add(P1, 3, &[Domain::Fury], 0);
    play(&mut g, &a, seeker, &[]);
    let deal = trace_index(&g, |r, t| r == "404.1.b" && t.starts_with("deal 4")).unwrap();
    let draw = trace_index(&g, |r, t| r == "400.1" && t.starts_with("P1 draws")).unwrap();
    assert!(deal < draw);
}

/// 151.3 / 151.3.a: a spell finishes resolving all its effects before anything it triggered is
/// addressed: Test Rummage's discard triggers Test Discard Watcher, whose ability goes on the
/// chain only after the spell has also drawn its 2. 107.6.e: the spell affects a card in its
/// controller's hand.
#[test]
fn r151_3_a_triggers_wait_until_the_spell_has_finished() {
    let (mut g, a, _b) = game();
    fill_deck(&mut g, P1, 2);
    let watcher = g.put_at("Test Discard Watcher", P1, Loc::Base(P1)).unwrap();
    let held = g.put(U4, P1, Zone::Hand).unwrap();
    let spell = g.put("Test Rummage", P1, Zone::Hand).unwrap();
    g.add(P1, 1, &[], 0);
    play(&mut g, &a, spell, &[]);
    let discard = trace_index(&g, |r, _| r == "409.1").unwrap();
    let last_draw = g.trace.lines.iter().rposition(|l| l.rule == "400.1").unwrap();
    let trigger = trace_index(&g, |r, t| r == "376.3" && t.starts_with("Test Discard Watcher")).unwrap();
    let to_trash = trace_index(&g, |r, t| r == "356.3.d" && t.contains("is put into P1's trash")).unwrap();
    assert!(
        discard < last_draw && last_draw < to_trash && to_trash < trigger,
        "{discard} {last_draw} {to_trash} {trigger}"
    );
    assert_eq!(g.might(watcher), 3, "the trigger resolved afterwards");
    assert_eq!(g.obj(g.obj(held).next.unwrap()).zone, Zone::Trash, "the card in hand was discarded");
    assert_eq!(g.player(P1).hand.len(), 2);
}

// =============================================================================================
// 162-169: battlefields and legends
// =============================================================================================

/// 106.5.c / 167.8: the legend is a game object with abilities: Lee Sin, Blind Monk's "[1], [E]:
/// Buff a friendly unit." is activated from the legend zone, exhausting the legend.
#[test]
fn r167_8_a_legend_has_activated_abilities() {
    let (mut g, a, _b) = game();
    let legend = g.put("Lee Sin, Blind Monk", P1, Zone::LegendZone).unwrap();
    let u = g.put_at(U3, P1, Loc::Base(P1)).unwrap();
    assert!(g.activatable_abilities(P1).is_empty(), "no [1] to pay");
    g.add(P1, 1, &[], 0);
    assert_eq!(g.activatable_abilities(P1), vec![(legend, 0)]);
    a.push(Choice::Activate(legend, 0));
    g.step().unwrap();
    run_chain(&mut g);
    assert!(g.obj(legend).exhausted);
    assert_eq!((g.obj(u).buffs, g.might(u)), (1, 4));
    assert_eq!(g.obj(legend).zone, Zone::LegendZone);
}

/// 167.7: a legend's triggered ability works from the legend zone: Jinx, Loose Cannon draws 1 at
/// the start of its player's Beginning Phase when they have one or fewer cards in hand.
#[test]
fn r167_7_a_legend_has_triggered_abilities() {
    for (hand, drawn) in [(0, 1), (2, 0)] {
        let (mut g, _a, _b) = game();
        g.put("Jinx, Loose Cannon", P1, Zone::LegendZone).unwrap();
        fill_deck(&mut g, P1, 5);
        for _ in 0..hand {
            g.put(U4, P1, Zone::Hand).unwrap();
        }
        g.start_turn(P1);
        step_until(&mut g, |g| g.step == Step::Channel);
        assert_eq!(g.player(P1).hand.len(), hand + drawn, "{hand} in hand");
    }
}

/// 163.9 / 181.6.a / 181.6.c: a battlefield's triggered ability is controlled by the
/// battlefield's controller, and its "you" ("draw 1") is that player, whoever's turn it is; with
/// no controller, "you" is no one and the instruction is ignored (the turn player still puts the
/// ability on the chain, 181.6.b).
#[test]
fn r181_6_c_you_in_a_battlefields_ability_is_its_controller() {
    // Controlled by P2, on P1's first Beginning Phase.
    let (mut g, _a, _b) = passing_game(db(), &["Test Library Field", "North Field"]);
    fill_deck(&mut g, P1, 3);
    fill_deck(&mut g, P2, 3);
    held(&mut g, U3, P2, Bf::new(0));
    g.player_mut(P1).turns_taken = 0;
    g.start_turn(P1);
    step_until(&mut g, |g| !g.chain.is_empty());
    let field = g.battlefields[0].obj;
    assert!(matches!(g.chain[0].kind, ItemKind::Ability { source, .. } if source == field));
    assert_eq!(g.chain[0].controller, P2, "181.6.a");
    step_until(&mut g, |g| g.step == Step::Channel);
    assert_eq!((g.player(P1).hand.len(), g.player(P2).hand.len()), (0, 1), "P2, its controller, drew");
    // Uncontrolled, on P2's first Beginning Phase: it triggers, but "draw 1" has no one to draw.
    let (mut g, _a, _b) = passing_game(db(), &["Test Library Field", "North Field"]);
    fill_deck(&mut g, P1, 3);
    fill_deck(&mut g, P2, 3);
    g.start_turn(P2);
    step_until(&mut g, |g| !g.chain.is_empty());
    assert_eq!(g.chain[0].controller, P2, "181.6.b: the turn player puts it on the chain");
    step_until(&mut g, |g| g.step == Step::Channel);
    assert_eq!((g.player(P1).hand.len(), g.player(P2).hand.len()), (0, 0), "181.6.c: no one drew");
    assert!(g.trace.lines.iter().any(|l| l.rule == "394.5" && l.text.starts_with("Test Library Field")));
}

// =============================================================================================
// 170-178: tokens
// =============================================================================================

/// 171 / 173 / 174: a token is created during play by a spell; its controller and owner are the
/// spell's controller (P2 here, playing Test Muster as a Reaction on P1's turn). 176.1.a: it is
/// played by its owner; 176.1.b / 176.1.c / 176.1.d: a unit token with Might 1 and the Recruit tag
/// that enters exhausted like any unit (178.1); 176.2.a / 176.2.b: it has no cost and no domain;
/// 175.2: the effect puts it in its controller's base.
#[test]
fn r173_a_tokens_controller_and_owner_are_the_effects_controller() {
    let (mut g, a, b) = game();
    fill_deck(&mut g, P1, 1);
    let mine = g.put("Test Quick Draw", P1, Zone::Hand).unwrap();
    let muster = g.put("Test Muster", P2, Zone::Hand).unwrap();
    g.add(P1, 1, &[], 0);
    g.add(P2, 1, &[], 0);
    a.push(Choice::Play(mine));
    g.step().unwrap();
    g.step().unwrap();
    b.push(Choice::Play(muster));
    g.step().unwrap();
    run_chain(&mut g);
    assert!(g.units_at(Loc::Base(P1)).is_empty());
    let tokens = g.units_at(Loc::Base(P2));
    assert_eq!(tokens.len(), 1);
    let t = tokens[0];
    let o = g.obj(t);
    assert!(o.token);
    assert_eq!((o.owner, g.controller(t)), (P2, P2));
    assert!(o.exhausted);
    assert!(g.events.iter().any(
        |e| matches!(e, riftbound::riftbound::events::Event::Played { player, card, .. } if *player == P2 && *card == t)
    ));
    assert_eq!(g.might(t), 1);
    assert_eq!(*g.chars(t).tags, vec!["Recruit".to_string()]);
    let def = g.card(t);
    assert_eq!((def.kind, def.energy, def.power.len(), def.domains.count()), (CardType::Unit, 0, 0, 0));
}

/// 176.1.d: a token unit follows the rules for units: it can make a standard move, and damage
/// equal to its Might kills it (after which it ceases to exist, 177.1).
#[test]
fn r176_1_d_a_token_unit_is_a_unit() {
    let (mut g, a, _b) = game();
    g.play_recruit(P1);
    let t = g.units_at(Loc::Base(P1))[0];
    assert!(g.standard_move_units(P1, BF0).is_empty(), "exhausted on entering");
    g.ready(t);
    assert_eq!(g.standard_move_units(P1, BF0), vec![t]);
    standard_move(&mut g, &a, BF0);
    step_until(&mut g, |g| g.showdown.is_none() && g.chain.is_empty());
    assert_eq!(g.location(t), Some(BF0));
    g.deal(None, &[(t, 1)]);
    g.cleanup().unwrap();
    assert!(!g.obj(t).alive);
    assert!(g.player(P1).trash.is_empty());
}

/// 178.2: a 3 [M] Sprite token with Temporary is a domainless unit token with 3 Might, the Fae
/// tag and the Temporary keyword; 132.7.c: its Token supertype makes it a token.
#[test]
fn r178_2_the_sprite_token() {
    let (mut g, _a, _b) = game();
    let s = g.put("TOKEN-SPRITE", P1, Zone::Base).unwrap();
    assert_eq!(g.card(s).supertype, Some(Supertype::Token));
    assert!(g.obj(s).token);
    assert_eq!(g.card(s).kind, CardType::Unit);
    assert_eq!(g.card(s).domains.count(), 0);
    assert_eq!(g.might(s), 3);
    assert_eq!(*g.chars(s).tags, vec!["Fae".to_string()]);
    assert!(g.has_keyword(s, Keyword::Temporary));
}

// =============================================================================================
// 179-183: control
// =============================================================================================

/// 181.1 / 181.2 / 181.2.a / 181.2.b / 181.3.b / 181.5: a battlefield starts controlled by no one;
/// a unit moving in contests it, and it stays contested (still uncontrolled) until the showdown
/// there establishes P1's control, which then lasts, a constant state, through P2's turn.
#[test]
fn r181_2_b_control_of_a_battlefield_is_established_through_play() {
    let (mut g, a, _b) = game();
    fill_deck(&mut g, P1, 3);
    fill_deck(&mut g, P2, 3);
    assert_eq!(g.battlefields[0].controller, None);
    let u = g.put_at(U3, P1, Loc::Base(P1)).unwrap();
    standard_move_picking(&mut g, &a, BF0, &[Choice::Obj(u)]);
    assert!(g.showdown.is_some());
    assert_eq!((g.battlefields[0].contested_by, g.battlefields[0].controller), (Some(P1), None));
    step_until(&mut g, |g| g.showdown.is_none() && g.chain.is_empty());
    assert_eq!((g.battlefields[0].contested_by, g.battlefields[0].controller), (None, Some(P1)));
    a.push(Choice::EndTurn);
    step_until(&mut g, |g| g.turn == 2 && g.step == Step::Action);
    assert_eq!(g.battlefields[0].controller, Some(P1));
}

/// 181.3.d: the contested status decides when combat happens: P1's unit moving to P2's
/// battlefield contests it and a combat follows; a unit moving to a battlefield P1 already
/// controls contests nothing and starts no combat or showdown.
#[test]
fn r181_3_d_contested_status_decides_when_combat_occurs() {
    let (mut g, a, _b) = game();
    held(&mut g, U3, P2, Bf::new(0));
    held(&mut g, U3, P1, Bf::new(1));
    let x = g.put_at(U5, P1, Loc::Base(P1)).unwrap();
    let y = g.put_at(U4, P1, Loc::Base(P1)).unwrap();
    standard_move_picking(&mut g, &a, BF1, &[Choice::Obj(y), Choice::Done]);
    assert_eq!(g.battlefields[1].contested_by, None);
    assert!(g.showdown.is_none());
    standard_move(&mut g, &a, BF0);
    assert_eq!(g.location(x), Some(BF0));
    assert_eq!(g.battlefields[0].contested_by, Some(P1));
    assert!(g.showdown.as_ref().is_some_and(|s| s.combat.is_some()), "a combat at the contested battlefield");
}

/// 182.1 / 182.2 / 182.2.a / 182.2.b / 182.2.c: the player who plays a spell controls it: P2,
/// playing Test Quick Choice as a Reaction on P1's turn, chooses its mode (182.2.b) and its target
/// (182.2.a) and pays its cost from their own pool (182.2.c).
#[test]
fn r182_2_the_spells_controller_chooses_and_pays() {
    let (mut g, a, b) = game();
    fill_deck(&mut g, P1, 1);
    let mine = g.put("Test Quick Draw", P1, Zone::Hand).unwrap();
    let choice = g.put("Test Quick Choice", P2, Zone::Hand).unwrap();
    let x = g.put_at(U3, P1, BF0).unwrap();
    let y = g.put_at(U4, P1, BF1).unwrap();
    g.add(P1, 2, &[], 0);
    g.add(P2, 1, &[], 0);
    a.push(Choice::Play(mine));
    g.step().unwrap();
    g.step().unwrap();
    b.push(Choice::Play(choice));
    b.push(Choice::Nth(0));
    b.push(Choice::Obj(x));
    g.step().unwrap();
    assert_eq!(b.asked(Ask::Mode).len(), 1);
    assert_eq!(b.asked(Ask::Target).len(), 1);
    assert!(a.asked(Ask::Mode).is_empty() && a.asked(Ask::Target).is_empty());
    assert_eq!((g.player(P1).pool.energy, g.player(P2).pool.energy), (1, 0));
    assert_eq!(g.chain.last().unwrap().controller, P2);
    run_chain(&mut g);
    assert_eq!((g.obj(x).damage, g.obj(y).damage), (2, 0));
}

/// 182.3 / 182.3.a / 182.3.b / 182.3.c / 182.3.d: the player who plays a permanent controls it as
/// it enters the board and makes its decisions: where it is played (182.3.c), its "When you play
/// me" choice (182.3.d), its unique abilities (182.3.b: Test Flexer's, not P2's to use) and its
/// standard move (182.3.a: not P2's to make).
#[test]
fn r182_3_the_player_who_plays_a_permanent_controls_it() {
    let (mut g, a, b) = game();
    held(&mut g, U3, P1, Bf::new(0));
    let e1 = g.put_at(U3, P2, BF1).unwrap();
    g.put_at(U4, P2, Loc::Base(P2)).unwrap();
    let herald = g.put("Test Herald", P1, Zone::Hand).unwrap();
    let flexer = g.put("Test Flexer", P1, Zone::Hand).unwrap();
    g.add(P1, 4, &[], 0);
    play(&mut g, &a, herald, &[Choice::Loc(Loc::Base(P1)), Choice::Obj(e1)]);
    assert_eq!(a.asked(Ask::PlayLocation).len(), 1);
    assert_eq!(a.asked(Ask::Target).len(), 1);
    assert!(b.asks().iter().all(|ask| *ask == Ask::Action));
    assert!(g.obj(e1).stunned);
    let h = g.units_at(Loc::Base(P1)).into_iter().find(|u| g.name(*u) == "Test Herald").unwrap();
    assert_eq!(g.controller(h), P1);
    play(&mut g, &a, flexer, &[Choice::Loc(Loc::Base(P1))]);
    let f = g.units_at(Loc::Base(P1)).into_iter().find(|u| g.name(*u) == "Test Flexer").unwrap();
    assert_eq!(g.controller(f), P1);
    g.ready(f);
    g.ready(h);
    assert!(g.activatable_abilities(P1).contains(&(f, 0)));
    // Even in P2's own action phase, P1's unit's ability is not P2's to activate.
    g.turn_player = P2;
    g.priority = Some(P2);
    g.put_at("Test Flexer", P2, Loc::Base(P2)).unwrap();
    assert_eq!(g.activatable_abilities(P2).len(), 1, "only P2's own Test Flexer");
    assert!(!g.activatable_abilities(P2).iter().any(|(o, _)| *o == f));
    assert!(g.standard_move_units(P2, BF0).iter().all(|u| *u != f && *u != h));
    assert!(g.standard_move_units(P1, BF1).contains(&h));
}

/// 183 / 183.1: "its controller" reads the same control status for any object: Detonate kills
/// a gear P2 owns but P1 controls, and P1 (its controller, not its owner) draws 2; the gear goes
/// to its owner's trash.
#[test]
fn r183_1_controller_is_the_same_status_for_every_object() {
    let (mut g, a, _b) = game();
    fill_deck(&mut g, P1, 2);
    fill_deck(&mut g, P2, 2);
    let orb = g.put_at("Orb of Regret", P2, Loc::Base(P2)).unwrap();
    g.add_effect(None, Filter::Object(orb), None, Modification::SetController(P1), Duration::Indefinite);
    let spell = g.put("Detonate", P1, Zone::Hand).unwrap();
    g.add(P1, 1, &[Domain::Fury], 0);
    play(&mut g, &a, spell, &[]);
    assert_eq!((g.player(P1).hand.len(), g.player(P2).hand.len()), (2, 0));
    assert_eq!(g.player(P2).trash.iter().map(|c| g.name(*c)).collect::<Vec<_>>(), vec!["Orb of Regret"]);
}

// =============================================================================================
// Invariants over whole games
// =============================================================================================

/// Over random games, step by step: 127.1 every card is in exactly one zone, the one its record
/// names; 138.1.a.1 every unit on the board is at a base or a battlefield; 106.5.d / 167.2.b the
/// legends stay in the legend zone and 163.2.b the battlefields in place for the whole game.
#[test]
fn r127_1_every_card_is_in_one_zone_all_game() {
    for seed in [5u64, 6, 7] {
        let mut g = new_game(seed);
        g.set_agents(vec![Box::new(RandomAgent::new(seed)), Box::new(RandomAgent::new(seed + 100))]);
        let legends: Vec<ObjId> = g.players.iter().map(|p| p.legend.unwrap()).collect();
        let fields: Vec<ObjId> = g.battlefields.iter().map(|b| b.obj).collect();
        let mut steps = 0;
        while !g.step().unwrap() && steps < 3000 {
            steps += 1;
            let mut seen = std::collections::HashMap::new();
            for (i, pl) in g.players.iter().enumerate() {
                let p = PlayerId(i as u8);
                let lists: [(&Vec<ObjId>, Zone); 7] = [
                    (&pl.main_deck, Zone::MainDeck),
                    (&pl.rune_deck, Zone::RuneDeck),
                    (&pl.hand, Zone::Hand),
                    (&pl.trash, Zone::Trash),
                    (&pl.banishment, Zone::Banishment),
                    (&pl.base, Zone::Base),
                    (&pl.runes, Zone::Base),
                ];
                for (list, zone) in lists {
                    for id in list {
                        let o = g.obj(*id);
                        assert!(o.alive && o.zone == zone && o.zone_player == p, "seed {seed}: {id} in {zone:?}");
                        assert!(seen.insert(*id, zone).is_none(), "{id} listed twice");
                    }
                }
            }
            for (b, bf) in g.battlefields.iter().enumerate() {
                for id in &bf.units {
                    assert_eq!(g.obj(*id).zone, Zone::Battlefield(Bf::new(b)));
                    assert!(seen.insert(*id, Zone::Battlefield(Bf::new(b))).is_none());
                }
            }
            for u in g.all_units() {
                assert!(matches!(g.location(u), Some(Loc::Base(_) | Loc::Battlefield(_))));
            }
            for (i, l) in legends.iter().enumerate() {
                assert!(g.obj(*l).alive && g.obj(*l).zone == Zone::LegendZone);
                assert_eq!(g.players[i].legend, Some(*l));
            }
            for (i, f) in fields.iter().enumerate() {
                assert!(g.obj(*f).alive && g.obj(*f).zone == Zone::BattlefieldZone);
                assert_eq!(g.battlefields[i].obj, *f);
            }
            // Every live card outside the zones listed above is in a single-card zone or on the chain.
            for (i, o) in g.objs.iter().enumerate() {
                let id = ObjId(i as u32);
                if o.alive && !seen.contains_key(&id) {
                    assert!(
                        matches!(
                            o.zone,
                            Zone::LegendZone
                                | Zone::ChampionZone
                                | Zone::BattlefieldZone
                                | Zone::Chain
                                | Zone::Facedown(_)
                                | Zone::SetAside
                                // 177.1: a token put into a non-board zone ceases to exist.
                                | Zone::Gone
                        ),
                        "{id} in {:?} but in no list",
                        o.zone
                    );
                }
            }
        }
        assert!(steps > 100, "seed {seed}: the game ran");
    }
}
