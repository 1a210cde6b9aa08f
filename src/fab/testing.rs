//! Test fixtures: a simple Blitz-like loadout and helpers to set up boards.

use super::cards::{CardDef, CardType, Keyword, Loadout, Slot};
use super::state::Game;
use super::zones::Zone;
use crate::kernel::{Answers, ObjId, PlayerId};
use std::sync::Arc;

/// A red attack action: pitch 1, cost 1, 4 power, 3 defense.
pub fn hit(name: &str) -> CardDef {
    CardDef::attack_action(name, 1, 1, 4, 3)
}

/// Sigil of Solace: a blue instant, gain 1 life.
pub fn sigil() -> CardDef {
    CardDef::new("Sigil of Solace", CardType::Instant).pitch(3).cost(0).effect(super::cards::Effect::GainLife(1))
}

/// Dodge: a blue defense reaction, 2 defense.
pub fn dodge() -> CardDef {
    CardDef::new("Dodge", CardType::DefenseReaction).pitch(3).cost(0).defense(2)
}

/// A hero with 20 life and intellect 4, a (2H) club (4 power, {r}{r}), a blade break helm and
/// plain legs, and a 30-card deck of attacks of every pitch.
pub fn bruiser_loadout() -> Loadout {
    let deck = (0..30)
        .map(|i| match i % 3 {
            0 => hit("Red Smash"),
            1 => hit("Yellow Smash").pitch(2).cost(2).power(5),
            _ => hit("Blue Smash").pitch(3).cost(2).power(3).keyword(Keyword::GoAgain),
        })
        .collect();
    Loadout {
        hero: CardDef::hero("Bruiser", 20, 4),
        weapons: vec![CardDef::weapon("Club", 4, 2, 2)],
        equipment: vec![
            CardDef::equipment("Helm", Slot::Head, 1).keyword(Keyword::BladeBreak),
            CardDef::equipment("Legs", Slot::Legs, 1),
        ],
        deck,
    }
}

pub fn game_with(a: Loadout, b: Loadout, seed: u64) -> Game {
    Game::new([a, b], seed).expect("legal loadouts")
}

/// A game in the first turn's action phase: the chooser went first, hands drawn.
pub fn started(a: Loadout, b: Loadout, seed: u64) -> Game {
    let mut g = game_with(a, b, seed);
    g.answers.log = vec![0];
    g.step().unwrap();
    g.step().unwrap();
    g.answers = Answers::default();
    g
}

/// Puts a new card into `p`'s hand.
pub fn give(g: &mut Game, p: PlayerId, card: CardDef) -> ObjId {
    let id = g.create(Arc::new(card), p, Zone::Hand);
    g.player_mut(p).hand.push(id);
    id
}

/// Replaces `p`'s hand (the old cards go to the bottom of the deck).
pub fn set_hand(g: &mut Game, p: PlayerId, cards: Vec<CardDef>) {
    for c in g.player(p).hand.clone() {
        g.to_deck(c, false);
    }
    for c in cards {
        give(g, p, c);
    }
}

pub fn hand4(g: &Game, p: PlayerId) -> [ObjId; 4] {
    let h = &g.player(p).hand;
    [h[0], h[1], h[2], h[3]]
}

/// Both players pass priority in turn; a chain link decision that becomes due (the defending
/// hero's declaration, 20.5.2; continue or close, 20.8.3c) is then taken, as `Game::step` would,
/// from `g.answers`.
pub fn pass_both(g: &mut Game) {
    let p = g.priority.expect("someone has priority");
    g.pass_priority(p).unwrap();
    if let Some(q) = g.priority {
        g.pass_priority(q).unwrap();
    }
    while g.priority.is_none() && !g.is_over() && g.pending_link_decision().unwrap() {}
}
