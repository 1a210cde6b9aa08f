//! More cards named in the Core Rules' examples: Yasuo, Remorseful and Yasuo, Windrider (131.4,
//! 103.2.b.2).

use riftbound::agents::Scripted;
use riftbound::riftbound::Bf;
use riftbound::riftbound::{Deck, Loc};

mod common;
use common::board::{P1, QUIET_BFS, traced_game};
use common::cards_db;
use common::showdown::standard_move;

/// 103.2.b.2 / 131.4: "Yasuo, Remorseful" and "Yasuo, Windrider" are different names: three of
/// each fit in one deck; a fourth of either does not.
#[test]
fn yasuo_103_2_b_2_same_character_different_names() {
    let deck = |remorseful: u32| {
        format!(
            "name = \"Yasuo\"\nlegend = \"Yasuo, Unforgiven\"\nchampion = \"Yasuo, Remorseful\"\nbattlefields = [\"North Field\", \"East Field\", \"Targon's Peak\"]\n\n[main]\n\"Yasuo, Remorseful\" = {remorseful}\n\"Yasuo, Windrider\" = 3\n\"Stalwart Poro\" = 3\n\"Block\" = 3\n\"Shipyard Skulker\" = 3\n\"Eager Apprentice\" = 3\n\"Cleave\" = 3\n\"Challenge\" = 3\n\"Void Seeker\" = 3\n\"En Garde\" = 3\n\"Fox-Fire\" = 3\n\"Petty Officer\" = 3\n\"Vanguard Sergeant\" = 3\n\n[runes]\n\"Calm Rune\" = 6\n\"Chaos Rune\" = 6\n"
        )
    };
    let ok = Deck::parse("yasuo.toml", &deck(2), &cards_db()).unwrap();
    let problems = ok.validate(&cards_db(), 3..=3);
    assert!(!problems.iter().any(|p| p.starts_with("103.2.b")), "{problems:?}");
    let bad = Deck::parse("yasuo.toml", &deck(3), &cards_db()).unwrap();
    let problems = bad.validate(&cards_db(), 3..=3);
    assert!(problems.iter().any(|p| p.starts_with("103.2.b") && p.contains("Yasuo, Remorseful")), "{problems:?}");
}

/// Yasuo, Windrider: "The third time I move in a turn, you score 1 point." (376.1): the third
/// move of the turn gives a point, not the second or the fourth; Ganking lets him move between
/// battlefields (726).
#[test]
fn yasuo_windrider_third_move_scores_a_point() {
    let (mut g, a, _b) = traced_game(cards_db(), &QUIET_BFS, Scripted::new(), Scripted::new());
    let yasuo = g.put_at("Yasuo, Windrider", P1, Loc::Base(P1)).unwrap();
    let mut points = Vec::new();
    for dest in
        [Loc::Battlefield(Bf::new(0)), Loc::Battlefield(Bf::new(1)), Loc::Battlefield(Bf::new(0)), Loc::Base(P1)]
    {
        g.ready(yasuo);
        standard_move(&mut g, &a, dest);
        while !g.chain.is_empty() || g.showdown.is_some() {
            g.step().unwrap();
        }
        points.push(g.player(P1).points);
    }
    // Moves 1 and 2 conquer the two empty battlefields (a point each); move 3 is the third
    // move (a point from Yasuo; North Field was already scored this turn, 443); move 4 nothing.
    assert_eq!(points, vec![1, 2, 3, 3]);
    let abilities = g.trace.lines.iter().filter(|l| l.rule == "394.5" && l.text.contains("Yasuo, Windrider")).count();
    assert_eq!(abilities, 1, "the point came from Yasuo's ability, once");
}

/// Issue acceptance: every card the Core Rules use in an example compiles with no diagnostic
/// and without a script block.
#[test]
fn every_card_named_in_a_rules_example_compiles_without_a_script() {
    let names = [
        "Void Seeker",
        "Sky Splitter",
        "Lux, Illuminated",
        "Eager Apprentice",
        "Cruel Patron",
        "Zhonya's Hourglass",
        "Clockwork Keeper",
        "Legion Rearguard",
        "Baited Hook",
        "Immortal Phoenix",
        "Viktor, Leader",
        "Wraith of Echoes",
        "Falling Star",
        "Fiora, Victorious",
        "Stand United",
        "Blastcone Fae",
        "Tideturner",
        "Vi, Destructive",
        "Garbage Grabber",
        "Dr. Mundo, Expert",
        "Undercover Agent",
        "Eclipse Herald",
        "Iron Ballista",
        "Challenge",
        "Annie, Fiery",
        "Singularity",
        "Volibear, Furious",
        "Petty Officer",
        "Cleave",
        "Stalwart Poro",
        "Block",
        "Caitlyn, Patrolling",
        "Kayn, Unleashed",
        "Fox-Fire",
        "Noxian Guillotine",
        "Ravenborn Tome",
        "Sona, Harmonious",
        "The Arena's Greatest",
        "Unchecked Power",
        "Hidden Blade",
        "Jinx, Rebel",
        "Jinx, Loose Cannon",
        "Tibbers",
        "Kai'Sa, Evolutionary",
        "Kai'Sa, Survivor",
        "Jinx, Demolitionist",
        "Chemtech Enforcer",
        "Yasuo, Remorseful",
        "Yasuo, Windrider",
    ];
    let db = cards_db();
    for n in names {
        let c = db.get(db.lookup(n).unwrap_or_else(|| panic!("{n} is not a card")));
        assert!(c.unsupported.is_none(), "{n}: {}", c.unsupported.as_ref().unwrap());
        assert!(c.script.is_none(), "{n} needs a script block");
        if !c.text.trim().is_empty() {
            assert!(!c.abilities.abilities.is_empty() || !c.abilities.keywords.is_empty(), "{n} compiled to nothing");
        }
    }
}

/// Void Drone and Drag Under: "I cost [2] less to play from anywhere other than your hand."
/// (353.4): the discount is for a copy played from elsewhere (here, the trash), not from the
/// hand.
#[test]
fn sfd_void_drone_costs_less_only_when_played_from_outside_the_hand() {
    use riftbound::kernel::PlayerId;
    use riftbound::riftbound::costs::CostChange;
    use riftbound::riftbound::{Game, Zone};
    let discount = |c: &[CostChange]| c.iter().any(|x| matches!(x, CostChange::Discount { energy: 2, .. }));
    for name in ["Void Drone", "Drag Under"] {
        let mut g = Game::blank(cards_db(), &QUIET_BFS, 1).unwrap();
        let in_hand = g.put(name, PlayerId(0), Zone::Hand).unwrap();
        let in_trash = g.put(name, PlayerId(0), Zone::Trash).unwrap();
        assert!(!discount(&g.cost_modifiers_for(PlayerId(0), in_hand)), "{name} from hand: no discount");
        assert!(discount(&g.cost_modifiers_for(PlayerId(0), in_trash)), "{name} from the trash: [2] less");
    }
}
