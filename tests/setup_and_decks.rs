//! Deck construction (101-103), setup (104-118) and the Duel mode (458).

use riftbound::agents::Scripted;
use riftbound::kernel::PlayerId;
use riftbound::riftbound::{Choice, Deck, Game, Step, Zone};

mod common;
use common::board::{P1, P2, embedded_deck, jinx_vs_viktor};
use common::{JINX, cards_db, db, parse_deck};

fn deck(key: &str) -> Deck {
    embedded_deck(&db(), key)
}

/// 103: a deck with legend, champion, 40+ main deck cards, 12 runes and 3 battlefields is legal.
#[test]
fn r103_legal_deck_has_no_problems() {
    let d = parse_deck(JINX);
    assert_eq!(d.main_size(), 40);
    assert_eq!(d.validate(&db(), 3..=3), Vec::<String>::new());
    for key in ["jinx", "viktor", "lee-sin"] {
        assert_eq!(deck(key).validate(&db(), 3..=3), Vec::<String>::new(), "{key}");
    }
}

/// 103.2: the main deck needs at least 40 cards including the chosen champion.
#[test]
fn r103_2_main_deck_of_at_least_40() {
    let d = parse_deck(&JINX.replace("\"Scrapheap\" = 3", "\"Scrapheap\" = 2"));
    let p = d.validate(&db(), 3..=3);
    assert!(p.iter().any(|x| x.starts_with("103.2:") && x.contains("39")), "{p:?}");
}

/// 103.2.b: at most 3 copies of a name, the chosen champion included (103.2.b.1).
#[test]
fn r103_2_b_three_copies_counting_the_champion() {
    let d = parse_deck(&JINX.replace("\"Scrapheap\" = 3", "\"Scrapheap\" = 3\n\"Jinx, Demolitionist\" = 3"));
    let p = d.validate(&db(), 3..=3);
    assert!(p.iter().any(|x| x.starts_with("103.2.b") && x.contains("Jinx, Demolitionist")), "{p:?}");
    let ok = parse_deck(&JINX.replace("\"Scrapheap\" = 3", "\"Scrapheap\" = 1\n\"Jinx, Demolitionist\" = 2"));
    assert!(ok.validate(&db(), 3..=3).is_empty());
}

/// [Unique] (Spiritforged; its reminder text: "Your deck can have only 1 card with this name"):
/// two Forgefire Capes are one too many, one is allowed (its other problems, domain identity and
/// signature tag, are not this rule's).
#[test]
fn unique_allows_one_card_of_its_name() {
    let d = parse_deck(&JINX.replace("\"Scrapheap\" = 3", "\"Scrapheap\" = 1\n\"Forgefire Cape\" = 2"));
    let p = d.validate(&cards_db(), 3..=3);
    assert!(p.iter().any(|x| x.starts_with("[Unique]") && x.contains("Forgefire Cape")), "{p:?}");
    let d = parse_deck(&JINX.replace("\"Scrapheap\" = 3", "\"Scrapheap\" = 2\n\"Forgefire Cape\" = 1"));
    let p = d.validate(&cards_db(), 3..=3);
    assert!(!p.iter().any(|x| x.starts_with("[Unique]")), "{p:?}");
}

/// 103.1.b: cards outside the legend's domains are not allowed.
#[test]
fn r103_1_b_domain_identity() {
    let d = parse_deck(&JINX.replace("\"Scrapheap\" = 3", "\"Scrapheap\" = 2\n\"Mega-Mech\" = 1"));
    let p = d.validate(&db(), 3..=3);
    assert!(p.iter().any(|x| x.starts_with("103.1.b") && x.contains("Mega-Mech")), "{p:?}");
}

/// 103.2.a.2: the chosen champion is a champion unit sharing the legend's champion tag.
#[test]
fn r103_2_a_2_chosen_champion_matches_the_legend() {
    let d = parse_deck(&JINX.replace("champion = \"Jinx, Demolitionist\"", "champion = \"Vi, Destructive\""));
    let p = d.validate(&db(), 3..=3);
    assert!(p.iter().any(|x| x.starts_with("103.2.a.2")), "{p:?}");
    // Tibbers is a signature unit, not a champion unit (103.2.a.2 example).
    let d = parse_deck(&JINX.replace("champion = \"Jinx, Demolitionist\"", "champion = \"Tibbers\""));
    let p = d.validate(&db(), 3..=3);
    assert!(p.iter().any(|x| x.contains("is not a champion unit")), "{p:?}");
}

/// 103.3.a: exactly 12 runes, within the domain identity (103.3.a.1).
#[test]
fn r103_3_a_twelve_runes_of_the_identity() {
    let d = parse_deck(&JINX.replace("\"Chaos Rune\" = 6", "\"Chaos Rune\" = 5\n\"Calm Rune\" = 2"));
    let p = d.validate(&db(), 3..=3);
    assert!(p.iter().any(|x| x.starts_with("103.3.a:") && x.contains("13")), "{p:?}");
    assert!(p.iter().any(|x| x.starts_with("103.3.a.1") && x.contains("Calm Rune")), "{p:?}");
}

/// 103.4.c / 458.4.a: three distinct battlefields for a Duel.
#[test]
fn r103_4_battlefields_three_and_distinct() {
    let d = parse_deck(&JINX.replace("\"Reaver's Row\"", "\"Zaun Warrens\""));
    let p = d.validate(&db(), 3..=3);
    assert!(p.iter().any(|x| x.starts_with("103.4.c")), "{p:?}");
    let d = parse_deck(&JINX.replace(", \"Reaver's Row\"", ""));
    let p = d.validate(&db(), 3..=3);
    assert!(p.iter().any(|x| x.starts_with("103.4.a")), "{p:?}");
}

/// An illegal deck is rejected before the game with every problem named.
#[test]
fn r101_illegal_deck_names_every_problem() {
    let bad = parse_deck(
        &JINX
            .replace("\"Scrapheap\" = 3", "\"Scrapheap\" = 2\n\"Mega-Mech\" = 4")
            .replace("\"Chaos Rune\" = 6", "\"Chaos Rune\" = 3"),
    );
    let err = Game::new(db(), &[bad, deck("viktor")], 1).err().unwrap();
    assert!(err.iter().any(|x| x.contains("103.2.b") && x.contains("Mega-Mech")), "{err:?}");
    assert!(err.iter().any(|x| x.contains("103.1.b") && x.contains("Mega-Mech")), "{err:?}");
    assert!(err.iter().any(|x| x.contains("103.3.a") && x.contains("9 runes")), "{err:?}");
    assert!(err.iter().all(|x| x.starts_with("deck 1 (Test)")), "{err:?}");
}

/// Deck files are user input: an unknown card or a bad count names the file and line.
#[test]
fn deck_file_errors_name_file_and_line() {
    let src = JINX.replace("\"Gust\" = 3", "\"Gusst\" = 3");
    let e = Deck::parse("my.toml", &src, &db()).err().unwrap();
    assert_eq!(e.len(), 1);
    assert_eq!((e[0].file.as_str(), e[0].line), ("my.toml", 11));
    assert!(e[0].message.contains("Gusst"));
    let src = JINX.replace("\"Gust\" = 3", "\"Gust\" = \"three\"");
    let e = Deck::parse("my.toml", &src, &db()).err().unwrap();
    assert_eq!(e[0].line, 11);
    let e = Deck::parse("my.toml", "name = \"x\"\nlegnd = 1\n", &db()).err().unwrap();
    assert_eq!(e[0].line, 2);
}

fn new_game(seed: u64) -> Game {
    jinx_vs_viktor(db(), seed)
}

/// 111-112: legends in the legend zone, chosen champions in the champion zone; 114: both decks
/// shuffled into their zones; 116: each player draws 4.
#[test]
fn r111_116_setup_places_and_draws() {
    let g = new_game(5);
    for p in [P1, P2] {
        let pl = g.player(p);
        assert_eq!(g.obj(pl.legend.unwrap()).zone, Zone::LegendZone);
        let champ = pl.champion_zone.unwrap();
        assert_eq!(g.obj(champ).zone, Zone::ChampionZone);
        assert!(g.is_chosen_champion(champ));
        assert_eq!(pl.hand.len(), 4);
        assert_eq!(pl.main_deck.len(), 39 - 4);
        assert_eq!(pl.rune_deck.len(), 12);
        assert!(pl.runes.is_empty() && pl.base.is_empty());
    }
    assert_eq!(g.step, Step::Mulligan(0));
}

/// 114: decks are shuffled from the seed: different seeds, different orders; same seed, same.
#[test]
fn r114_shuffle_depends_on_the_seed_only() {
    let names = |g: &Game| g.player(P1).main_deck.iter().map(|c| g.name(*c).to_string()).collect::<Vec<_>>();
    assert_eq!(names(&new_game(9)), names(&new_game(9)));
    assert_ne!(names(&new_game(9)), names(&new_game(10)));
}

/// 115 / 458: the first player is chosen at random from the seed; turn order alternates.
#[test]
fn r115_first_player_from_the_seed() {
    let firsts: Vec<PlayerId> = (0..40).map(|s| new_game(s).turn_order[0]).collect();
    assert!(firsts.contains(&P1) && firsts.contains(&P2));
    let g = new_game(3);
    assert_eq!(g.turn_order.len(), 2);
    assert_ne!(g.turn_order[0], g.turn_order[1]);
    assert_eq!(g.next_player(g.turn_order[1]), g.turn_order[0]);
}

/// 458.5: each player's battlefield is one of their three, picked at random.
#[test]
fn r458_5_one_random_battlefield_each() {
    let mut seen = std::collections::BTreeSet::new();
    for s in 0..30 {
        let g = new_game(s);
        assert_eq!(g.battlefields.len(), 2);
        assert_eq!(g.battlefields[0].owner, P1);
        assert_eq!(g.battlefields[1].owner, P2);
        let name = g.name(g.battlefields[0].obj).to_string();
        assert!(["Targon's Peak", "Zaun Warrens", "Reaver's Row"].contains(&name.as_str()));
        seen.insert(name);
    }
    assert_eq!(seen.len(), 3);
}

/// 117: in turn order each player sets aside up to two cards, draws as many, then recycles the
/// set-aside cards to the bottom of the main deck.
#[test]
fn r117_mulligan_sets_aside_draws_and_recycles() {
    let mut g = new_game(11);
    let first = g.turn_order[0];
    let second = g.turn_order[1];
    let (a, b) = (Scripted::new(), Scripted::new());
    let mut agents: Vec<Box<dyn riftbound::riftbound::Agent<Game>>> = vec![Box::new(a.clone()), Box::new(b.clone())];
    if first == P2 {
        agents.swap(0, 1);
    }
    g.set_agents(agents);
    let hand = g.player(first).hand.clone();
    let names: Vec<String> = hand[..2].iter().map(|c| g.name(*c).to_string()).collect();
    let top_two: Vec<String> = g.player(first).main_deck[..2].iter().map(|c| g.name(*c).to_string()).collect();
    a.push(Choice::Obj(hand[0]));
    a.push(Choice::Obj(hand[1]));
    g.step().unwrap();
    let pl = g.player(first);
    assert_eq!(pl.hand.len(), 4);
    // The two drawn replacements are the old top two cards.
    let new_hand: Vec<String> = pl.hand[2..].iter().map(|c| g.name(*c).to_string()).collect();
    assert_eq!(new_hand, top_two);
    // The set-aside cards are now the bottom two of the deck, with new identities (109).
    let n = pl.main_deck.len();
    let mut bottom: Vec<String> = pl.main_deck[n - 2..].iter().map(|c| g.name(*c).to_string()).collect();
    let mut want = names.clone();
    bottom.sort();
    want.sort();
    assert_eq!(bottom, want);
    assert!(!g.obj(hand[0]).alive && !g.obj(hand[1]).alive);
    assert_eq!(g.step, Step::Mulligan(1));
    // The second player keeps.
    b.push(Choice::Done);
    g.step().unwrap();
    assert_eq!(g.player(second).hand.len(), 4);
    // 118: the first player takes the first turn.
    assert_eq!(g.turn_player, first);
    assert_eq!(g.turn, 1);
    assert_eq!(g.step, Step::Awaken);
}

/// 117.1: at most two cards are set aside.
#[test]
fn r117_1_at_most_two_cards() {
    let mut g = new_game(12);
    let first = g.turn_order[0];
    let a = Scripted::new();
    let mut agents: Vec<Box<dyn riftbound::riftbound::Agent<Game>>> =
        vec![Box::new(a.clone()), Box::new(Scripted::new())];
    if first == P2 {
        agents.swap(0, 1);
    }
    g.set_agents(agents);
    let hand = g.player(first).hand.clone();
    a.push(Choice::Obj(hand[0]));
    a.push(Choice::Obj(hand[1]));
    // No third question is asked: the scripted agent would panic on an unexpected decision.
    g.step().unwrap();
    assert_eq!(a.remaining(), 0);
    assert_eq!(g.step, Step::Mulligan(1));
}
