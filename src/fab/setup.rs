//! The start of game procedure for Blitz (CR 12, 4.1.3, 4.2.2): heroes, weapons and equipment in
//! their zones, shuffled decks, the first turn player chosen, hands drawn up to intellect.

use super::R;
use super::cards::{CardDef, Loadout, LoadoutError};
use super::state::{Action, Ask, Game, Phase, Player};
use super::zones::Zone;
use crate::kernel::decision::decide;
use crate::kernel::{Answers, Chain, GameRng, PlayerId, Trace};
use std::sync::Arc;

/// 4.2.2: a Blitz deck has exactly 40 cards.
pub const BLITZ_DECK_SIZE: usize = 40;

impl Game {
    /// Sets up a two-player game (12.1, 12.3-12.7); the first turn player is chosen by the
    /// first [`Game::step`] (12.2), which then draws the hands (12.8). Deck sizes are not
    /// checked here (tests play short decks): [`check_blitz_deck`] does.
    pub fn new(loadouts: [Loadout; 2], seed: u64) -> Result<Game, LoadoutError> {
        for l in &loadouts {
            l.check()?;
        }
        let mut g = Game {
            objs: Vec::new(),
            players: Vec::new(),
            turn: 0,
            turn_player: PlayerId(0),
            phase: Phase::Setup,
            priority: None,
            chain: Chain::default(),
            links: Vec::new(),
            discarded_this_way: Vec::new(),
            resolving: None,
            resolved_steps: (0, false),
            continuous: Vec::new(),
            timestamps: 0,
            replacements: Vec::new(),
            choices_this_turn: 0,
            quiet_positions: Vec::new(),
            turn_events: Vec::new(),
            pending_triggers: Vec::new(),
            start_triggered: false,
            outcome: None,
            rng: GameRng::new(seed),
            answers: Answers::default(),
            agents: vec![None, None],
            trace: Trace::default(),
            turn_cap: 200,
            chooser: PlayerId(0),
        };
        for (i, l) in loadouts.into_iter().enumerate() {
            let p = PlayerId(i as u8);
            // 12.1: the hero, face up in the hero zone.
            let hero = g.create(Arc::new(l.hero.clone()), p, Zone::Hero);
            g.players.push(Player {
                hero,
                life: i32::from(l.hero.life.unwrap_or(0)),
                intellect: u32::from(l.hero.intellect.unwrap_or(0)),
                deck: Vec::new(),
                hand: Vec::new(),
                arsenal: Vec::new(),
                pitch: Vec::new(),
                graveyard: Vec::new(),
                banished: Vec::new(),
                weapons: Vec::new(),
                equipment: Vec::new(),
                permanents: Vec::new(),
                action_points: 0,
                resources: 0,
                intimidated: Vec::new(),
                attacked: Vec::new(),
                intimidated_this_turn: false,
                delayed: Vec::new(),
            });
            // 12.3, 12.7: weapons and equipment in their zones.
            for w in l.weapons {
                let id = g.create(Arc::new(w), p, Zone::Weapon);
                g.player_mut(p).weapons.push(id);
            }
            for e in l.equipment {
                let id = g.create(Arc::new(e), p, Zone::Equipment);
                g.player_mut(p).equipment.push(id);
            }
            // 12.4, 12.6: the deck, shuffled.
            let mut deck: Vec<_> = l.deck.into_iter().map(|c| g.create(Arc::new(c), p, Zone::Deck)).collect();
            g.rng.shuffle(&mut deck);
            g.player_mut(p).deck = deck;
        }
        // 12.2: a random method picks the player who chooses the first turn player.
        g.chooser = PlayerId(g.rng.below(2) as u8);
        Ok(g)
    }

    /// 12.2, 12.8, 12.9: the chooser picks the first turn player, both draw up to intellect,
    /// and the first turn begins.
    pub(super) fn choose_first_turn(&mut self) -> R<()> {
        let chooser = self.chooser;
        let first = match decide(self, chooser, Ask::FirstTurn, vec![Action::GoFirst(true), Action::GoFirst(false)])? {
            Action::GoFirst(false) => self.opponent(chooser),
            _ => chooser,
        };
        crate::trace!(self, "12.2", "{chooser} chooses {first} to take the first turn");
        for p in [PlayerId(0), PlayerId(1)] {
            self.draw_up_to_intellect(p);
        }
        crate::trace!(self, "12.8", "both players draw up to their hero's intellect");
        self.turn = 1;
        self.turn_player = first;
        self.phase = Phase::Start;
        crate::trace!(self, "12.9", "{first} begins their start of turn phase");
        Ok(())
    }
}

/// Why a Blitz deck is not legal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DeckError {
    /// 4.1.3, 4.2.2: exactly 40 cards.
    Size(usize),
    /// 4.1.3a: at most 2 copies of a unique card (name and pitch).
    Copies(String, u8),
    /// 4.1.3: at most 11 weapons and equipment.
    Arena(usize),
}

/// Blitz deck rules this session checks: 4.1.3 (40 cards, up to 11 weapons and equipment), 4.1.3a
/// (2 copies of each unique card, unique by name and pitch). Class, talent and specialization
/// (4.1.6, 4.1.8) need the card types' class line and come with card files.
pub fn check_blitz_deck(l: &Loadout) -> Result<(), DeckError> {
    if l.deck.len() != BLITZ_DECK_SIZE {
        return Err(DeckError::Size(l.deck.len()));
    }
    if l.weapons.len() + l.equipment.len() > 11 {
        return Err(DeckError::Arena(l.weapons.len() + l.equipment.len()));
    }
    let mut seen: Vec<(&CardDef, usize)> = Vec::new();
    for c in &l.deck {
        match seen.iter_mut().find(|(d, _)| d.name == c.name && d.pitch == c.pitch) {
            Some((_, n)) => *n += 1,
            None => seen.push((c, 1)),
        }
    }
    match seen.into_iter().find(|(_, n)| *n > 2) {
        Some((c, _)) => Err(DeckError::Copies(c.name.clone(), c.pitch)),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::*;

    #[test]
    fn setup_places_hero_arena_cards_and_draws_up_to_intellect() {
        let mut g = game_with(bruiser_loadout(), bruiser_loadout(), 7);
        assert_eq!(g.phase, Phase::Setup);
        for p in [PlayerId(0), PlayerId(1)] {
            let pl = g.player(p);
            assert_eq!(g.obj(pl.hero).zone, Zone::Hero, "12.1");
            assert_eq!(pl.life, 20, "6.4: the young hero's life");
            assert_eq!(pl.weapons.len(), 1, "12.3");
            assert_eq!(pl.equipment.len(), 2, "12.3");
            assert!(pl.hand.is_empty(), "hands are drawn after the first turn player is chosen");
        }
        g.answers.log = vec![0];
        g.step().unwrap();
        for p in [PlayerId(0), PlayerId(1)] {
            assert_eq!(g.player(p).hand.len(), 4, "12.8: up to intellect 4");
        }
        assert_eq!(g.phase, Phase::Start, "12.9");
        assert_eq!(g.turn, 1);
    }

    #[test]
    fn the_random_chooser_picks_who_goes_first() {
        // 12.2: the chooser is random (seeded), and its choice decides the first turn player.
        let choosers: std::collections::BTreeSet<u8> =
            (0..20).map(|s| game_with(bruiser_loadout(), bruiser_loadout(), s).chooser.0).collect();
        assert_eq!(choosers.len(), 2, "both seats get to choose over some seeds");
        let mut g = game_with(bruiser_loadout(), bruiser_loadout(), 3);
        g.answers.log = vec![1]; // GoFirst(false): the chooser gives the first turn away.
        g.step().unwrap();
        assert_eq!(g.turn_player, g.opponent(g.chooser));
    }

    #[test]
    fn blitz_decks_have_forty_cards_and_two_copies_at_most() {
        let mut l = bruiser_loadout();
        l.deck = (0..20).flat_map(|i| [hit(&format!("Hit {i}")), hit(&format!("Hit {i}"))]).collect();
        assert_eq!(check_blitz_deck(&l), Ok(()));
        l.deck.pop();
        assert_eq!(check_blitz_deck(&l), Err(DeckError::Size(39)), "4.2.2");
        l.deck.push(hit("Hit 0"));
        assert_eq!(check_blitz_deck(&l), Err(DeckError::Copies("Hit 0".into(), 1)), "4.1.3a");
        // Unique by name and pitch: a blue copy is another card.
        l.deck.pop();
        l.deck.push(hit("Hit 0").pitch(3));
        assert_eq!(check_blitz_deck(&l), Ok(()));
    }

    /// 12.4, 12.6: each deck is the loadout's cards, shuffled (the order depends on the seed);
    /// 12.7: the weapons and equipment are revealed in their zones (face up); 4.1.4: each card's
    /// owner is the player whose deck it started in, and a card moved stays theirs.
    #[test]
    fn r12_6_decks_are_shuffled_and_arena_cards_revealed() {
        let mut l = bruiser_loadout();
        l.deck = (0..12).map(|i| hit(&format!("Card {i}"))).collect();
        let order = |seed| {
            let g = game_with(l.clone(), l.clone(), seed);
            g.player(PlayerId(0)).deck.iter().map(|c| g.name(*c).to_string()).collect::<Vec<_>>()
        };
        let orders: std::collections::BTreeSet<Vec<String>> = (0..4).map(order).collect();
        assert!(orders.len() > 1, "12.6: shuffled, by the seed");
        for o in &orders {
            let mut sorted = o.clone();
            sorted.sort();
            let mut want: Vec<String> = l.deck.iter().map(|c| c.name.clone()).collect();
            want.sort();
            assert_eq!(sorted, want, "12.4: the same cards");
        }
        let mut g = game_with(l.clone(), l, 1);
        for p in [PlayerId(0), PlayerId(1)] {
            let pl = g.player(p);
            for &c in pl.weapons.iter().chain(&pl.equipment) {
                assert!(!g.obj(c).face_down, "12.7: revealed");
            }
            assert!(pl.deck.iter().all(|&c| g.obj(c).owner == p), "4.1.4");
        }
        let c = g.player(PlayerId(1)).deck[0];
        let moved = g.move_to(c, Zone::Graveyard);
        assert_eq!(g.obj(moved).owner, PlayerId(1), "4.1.4: still its owner's");
        assert!(g.player(PlayerId(1)).graveyard.contains(&moved));
    }
}
