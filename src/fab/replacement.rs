//! Replacement effects (CR 18): an effect that waits for an event ("would") and changes it as it
//! happens ("instead"), without using the chain (18.1). An event is replaced once per
//! replacement effect (18.2) and may be replaced by several (18.3), the turn player's first, then
//! the other player's, each player's in the order they were created (18.5: the turn player orders
//! the players; the engine takes the turn player first, and each player's own in timestamp order,
//! without asking). What a replacement removes never happened (18.6): damage prevented to none is
//! not dealt, so an attack whose damage is all prevented does not hit (26.5, 20.7.2b).
//!
//! The events replaced are those the card pool's effects make: damage dealt to a hero (18.7, 26:
//! "the next time you would be dealt damage this turn, prevent N of that damage") and an attack
//! gaining power (18.3's example: "the next time an attack you control would gain {p} this turn,
//! instead it gains double that much {p}"). No card of the two Classic Battles decks has one
//! (no "instead" in their text); the card language reads those sentences into
//! [`super::Effect::Replace`], which creates one as it resolves.

use super::state::Game;
use crate::kernel::PlayerId;

/// The event a replacement effect waits for (18: "would").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Would {
    /// "you would be dealt damage" (`opponent: false`) or "an opposing hero would be dealt damage"
    /// (18.7, 26.4.3c: damage of any type).
    BeDealtDamage { opponent: bool },
    /// "an attack you control would gain {p}" (25.3).
    GainPower,
}

/// What happens instead (18).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Instead {
    /// "prevent N of that damage" (26.5): N less, never below none.
    Prevent(u32),
    /// "instead it gains double that much" / "is dealt double that much".
    Double,
}

/// A replacement effect: whose, what it waits for, what it does instead, and how long it lasts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replacement {
    pub controller: PlayerId,
    pub would: Would,
    pub instead: Instead,
    /// "The next time ...": used up by the first event it replaces.
    pub next_only: bool,
    /// The order replacement effects were created in (18.5: a player's own, in this order).
    pub timestamp: u32,
}

/// An event about to happen, as the replacement effects see it: what, to or by whom, how much.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Event {
    pub damage: bool,
    /// The hero dealt damage, or the attacking player whose attack gains power.
    pub player: PlayerId,
    pub amount: u32,
}

impl Replacement {
    fn waits_for(&self, ev: &Event) -> bool {
        match self.would {
            Would::BeDealtDamage { opponent } => ev.damage && (ev.player == self.controller) != opponent,
            Would::GainPower => !ev.damage && ev.player == self.controller,
        }
    }
}

impl Game {
    /// Creates a replacement effect for the rest of the turn (13.3.3f ends it).
    pub fn add_replacement(&mut self, controller: PlayerId, would: Would, instead: Instead, next_only: bool) {
        let timestamp = self.timestamps;
        self.timestamps += 1;
        self.replacements.push(Replacement { controller, would, instead, next_only, timestamp });
        crate::trace!(self, "18", "{controller} has a replacement effect: if {would:?}, instead {instead:?}");
    }

    /// 18.1-18.6: the event `ev` would happen: each replacement effect waiting for it replaces it
    /// once (18.2), one after the other (18.3), the turn player's first (18.5); "the next time"
    /// effects are used up. Returns the amount that happens instead.
    pub fn replace(&mut self, mut ev: Event) -> u32 {
        let tp = self.turn_player;
        let mut order: Vec<usize> =
            (0..self.replacements.len()).filter(|&i| self.replacements[i].waits_for(&ev)).collect();
        // 18.5: the turn player's effects, then the other player's; each player's in timestamp order.
        order.sort_by_key(|&i| (self.replacements[i].controller != tp, self.replacements[i].timestamp));
        for (n, &i) in order.iter().enumerate() {
            let r = &self.replacements[i];
            let before = ev.amount;
            ev.amount = match r.instead {
                Instead::Prevent(k) => ev.amount.saturating_sub(k),
                Instead::Double => ev.amount * 2,
            };
            let (who, after) = (r.controller, ev.amount);
            if n == 0 {
                crate::trace!(self, "18.2", "{who}'s replacement effect: {before} becomes {after} instead");
            } else {
                crate::trace!(self, "18.3", "{who}'s replacement effect also: {before} becomes {after} instead");
            }
        }
        if order.len() > 1 {
            crate::trace!(self, "18.5", "{tp}'s replacement effects applied first, each player's in the order made");
        }
        let mut i = 0;
        self.replacements.retain(|r| {
            let used = order.contains(&i) && r.next_only;
            i += 1;
            !used
        });
        ev.amount
    }

    /// 13.3.3f: replacement effects "this turn" end with it.
    pub(super) fn end_turn_replacements(&mut self) {
        self.replacements.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::super::cards::{AttackRef, Effect};
    use super::super::state::LinkStep;
    use super::super::testing::*;
    use super::*;

    /// Plays a 4{p} attack for the turn player and takes it through damage calculation with no
    /// defense; returns (the defender's life lost, whether it hit).
    fn undefended_attack(g: &mut Game) -> (i32, bool) {
        let tp = g.turn_player;
        let opp = g.opponent(tp);
        let life = g.player(opp).life;
        let a = give(g, tp, hit("Smash").cost(0));
        g.play_card(tp, a, &[]).unwrap();
        g.answers.log = vec![0];
        while g.current_link().is_some_and(|l| l.step != LinkStep::Resolution) {
            pass_both(g);
        }
        (life - g.player(opp).life, g.current_link().unwrap().hit)
    }

    /// 18.7, 26.5: "The next time you would be dealt damage this turn, prevent 2 of that
    /// damage": a 4{p} attack deals 2, and the effect is used up. 18.1: no layer is added.
    #[test]
    fn r18_7_a_damage_replacement_prevents_part_of_it_once() {
        let mut g = started(bruiser_loadout(), bruiser_loadout(), 1);
        let opp = g.opponent(g.turn_player);
        let layers = g.chain.len();
        g.apply(
            &Effect::Replace { would: Would::BeDealtDamage { opponent: false }, instead: Instead::Prevent(2) },
            opp,
        );
        assert_eq!(g.chain.len(), layers, "18.1: a replacement effect does not use the chain");
        assert_eq!(undefended_attack(&mut g), (2, true));
        assert!(g.replacements.is_empty(), "the next time: used up");
    }

    /// 18.6, 26.5, 20.7.2b: damage all prevented is never dealt: the attack does not hit.
    #[test]
    fn r18_6_damage_prevented_to_none_was_never_dealt_and_does_not_hit() {
        let mut g = started(bruiser_loadout(), bruiser_loadout(), 1);
        let opp = g.opponent(g.turn_player);
        g.add_replacement(opp, Would::BeDealtDamage { opponent: false }, Instead::Prevent(5), true);
        assert_eq!(undefended_attack(&mut g), (0, false));
    }

    /// 18.3 (its example): two "The next time an attack you control would gain {p} this turn,
    /// instead it gains double that much {p}" make +2{p} +8{p}; 18.2: each replaces the event
    /// once, and a later gain is not doubled.
    #[test]
    fn r18_3_two_replacements_replace_one_event_each_once() {
        let mut g = started(bruiser_loadout(), bruiser_loadout(), 1);
        g.trace.on = true;
        let tp = g.turn_player;
        for _ in 0..2 {
            g.add_replacement(tp, Would::GainPower, Instead::Double, true);
        }
        let a = give(&mut g, tp, hit("Smash").cost(0));
        g.play_card(tp, a, &[]).unwrap();
        g.apply(&Effect::Gains { to: AttackRef::Current, power: 2, go_again: false }, tp);
        assert_eq!(g.link_power(g.current_link().unwrap()), 4 + 8);
        g.apply(&Effect::Gains { to: AttackRef::Current, power: 1, go_again: false }, tp);
        assert_eq!(g.link_power(g.current_link().unwrap()), 4 + 8 + 1, "both used up");
        assert!(g.trace.lines.iter().any(|l| l.rule == "18.3"));
    }

    /// 18.5: replacements of both players on one event: the turn player's apply first. The turn
    /// player doubles damage to the opposing hero, who prevents 1: 3 damage becomes 6, then 5
    /// (not (3 - 1) x 2 = 4).
    #[test]
    fn r18_5_the_turn_players_replacements_apply_first() {
        let mut g = started(bruiser_loadout(), bruiser_loadout(), 1);
        let tp = g.turn_player;
        let opp = g.opponent(tp);
        g.add_replacement(opp, Would::BeDealtDamage { opponent: false }, Instead::Prevent(1), false);
        g.add_replacement(tp, Would::BeDealtDamage { opponent: true }, Instead::Double, false);
        let life = g.player(opp).life;
        g.apply(&Effect::DealDamage(3), tp);
        assert_eq!(life - g.player(opp).life, 5);
        // Damage to the turn player's own hero: only its own "you would be dealt" effects.
        assert_eq!(g.replace(Event { damage: true, player: tp, amount: 3 }), 3);
        g.end_turn_replacements();
        assert!(g.replacements.is_empty(), "13.3.3f");
    }
}
