//! Replacement effects (CR 18): an effect that waits for an event ("would") and changes it as it
//! happens ("instead"), without using the chain (18.1). An event is replaced once per
//! replacement effect (18.2) and may be replaced by several (18.3), in the order the players
//! choose (18.5: the turn player chooses whose apply first, then each player the order of their
//! own; `Ask::ReplacementOrder`, asked only when the order changes the result). What a
//! replacement removes never happened (18.6): damage prevented to none is not dealt, so an attack
//! whose damage is all prevented does not hit (26.5, 20.7.2b).
//!
//! The events replaced are those the card pool's effects make: damage dealt to a hero (18.7, 26:
//! "the next time you would be dealt damage this turn, prevent N of that damage") and an attack
//! gaining power (18.3's example: "the next time an attack you control would gain {p} this turn,
//! instead it gains double that much {p}"). No card of the two Classic Battles decks has one
//! (no "instead" in their text); the card language reads those sentences into
//! [`super::Effect::Replace`], which creates one as it resolves.

use super::R;
use super::state::{Action, Ask, Game};
use crate::kernel::PlayerId;
use crate::kernel::decision::decide;

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
    /// once (18.2), one after the other (18.3), in the order the players choose (18.5); "the next
    /// time" effects are used up. Returns the amount that happens instead.
    pub fn replace(&mut self, ev: Event) -> R<u32> {
        let order = self.replacement_order(&ev)?;
        Ok(self.apply_replacements(ev, &order))
    }

    /// 18.5: the order in which the replacement effects waiting for `ev` apply, by timestamp.
    /// When both players have some, the turn player chooses whose apply first (all of one
    /// player's, then all of the other's); then each player with two or more chooses which of
    /// theirs applies next, until one is left. Preventing and doubling are the only things the
    /// card language's replacements do: preventions give the same total in any order and so do
    /// doublings, so a question is asked only where both kinds meet (otherwise the turn player's
    /// apply first, each player's oldest first). Nothing changes until every answer is given, so
    /// a game stopped at one asks again from the first.
    pub(super) fn replacement_order(&mut self, ev: &Event) -> R<Vec<u32>> {
        let tp = self.turn_player;
        let whose = |p: PlayerId| -> Vec<u32> {
            self.replacements.iter().filter(|r| r.waits_for(ev) && r.controller == p).map(|r| r.timestamp).collect()
        };
        let mut players = [(tp, whose(tp)), (self.opponent(tp), whose(self.opponent(tp)))];
        let all: Vec<u32> = players.iter().flat_map(|(_, t)| t.clone()).collect();
        if self.order_matters(&all) && players.iter().all(|(_, t)| !t.is_empty()) {
            let options = vec![Action::ReplacePlayerFirst(tp), Action::ReplacePlayerFirst(self.opponent(tp))];
            let Action::ReplacePlayerFirst(first) = decide(self, tp, Ask::ReplacementOrder, options)? else {
                unreachable!("player order options")
            };
            crate::trace!(self, "18.5", "{tp} has {first}'s replacement effects apply first");
            if first != tp {
                players.swap(0, 1);
            }
        }
        let mut order = Vec::new();
        for (p, mut left) in players {
            while self.order_matters(&left) {
                let options = left.iter().map(|&t| Action::ReplaceFirst(t)).collect();
                let Action::ReplaceFirst(t) = decide(self, p, Ask::ReplacementOrder, options)? else {
                    unreachable!("replacement order options")
                };
                crate::trace!(self, "18.5", "{p} has their replacement effect {} apply next", self.replacement_text(t));
                left.retain(|&x| x != t);
                order.push(t);
            }
            order.extend(left);
        }
        Ok(order)
    }

    /// Whether the order of these replacement effects (timestamps) can change the result: a
    /// prevention and a doubling among them.
    fn order_matters(&self, stamps: &[u32]) -> bool {
        let kinds: Vec<Instead> =
            self.replacements.iter().filter(|r| stamps.contains(&r.timestamp)).map(|r| r.instead).collect();
        kinds.iter().any(|i| matches!(i, Instead::Prevent(_))) && kinds.contains(&Instead::Double)
    }

    /// What the replacement effect with timestamp `t` does instead, in words ("prevent 2",
    /// "double"), for its option and the trace.
    pub fn replacement_text(&self, t: u32) -> String {
        match self.replacements.iter().find(|r| r.timestamp == t).map(|r| r.instead) {
            Some(Instead::Prevent(n)) => format!("prevent {n}"),
            Some(Instead::Double) => "double".into(),
            None => "(gone)".into(),
        }
    }

    /// 18.2, 18.3, 18.6: applies the replacement effects `order` names (timestamps) to `ev`, one
    /// after the other, each once; "the next time" effects are used up. Returns the amount that
    /// happens instead.
    pub(super) fn apply_replacements(&mut self, mut ev: Event, order: &[u32]) -> u32 {
        for (n, &t) in order.iter().enumerate() {
            let Some(r) = self.replacements.iter().find(|r| r.timestamp == t) else { continue };
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
        self.replacements.retain(|r| !(r.next_only && order.contains(&r.timestamp)));
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
        )
        .unwrap();
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
        g.apply(&Effect::Gains { to: AttackRef::Current, power: 2, go_again: false }, tp).unwrap();
        assert_eq!(g.link_power(g.current_link().unwrap()), 4 + 8);
        g.apply(&Effect::Gains { to: AttackRef::Current, power: 1, go_again: false }, tp).unwrap();
        assert_eq!(g.link_power(g.current_link().unwrap()), 4 + 8 + 1, "both used up");
        assert!(g.trace.lines.iter().any(|l| l.rule == "18.3"));
    }

    /// 18.5: replacements of both players on one event: the turn player chooses whose apply
    /// first. The turn player doubles damage to the opposing hero, who prevents 1: 3 damage
    /// becomes 6, then 5 with the turn player's first; (3 - 1) x 2 = 4 with the other's first.
    #[test]
    fn r18_5_the_turn_player_chooses_whose_replacements_apply_first() {
        for (answer, dealt) in [(0, 5), (1, 4)] {
            let mut g = started(bruiser_loadout(), bruiser_loadout(), 1);
            let tp = g.turn_player;
            let opp = g.opponent(tp);
            g.add_replacement(opp, Would::BeDealtDamage { opponent: false }, Instead::Prevent(1), false);
            g.add_replacement(tp, Would::BeDealtDamage { opponent: true }, Instead::Double, false);
            let life = g.player(opp).life;
            match g.apply(&Effect::DealDamage(3), tp) {
                Err(crate::kernel::Stop::NeedDecision(d)) => {
                    assert_eq!((d.player, d.ask), (tp, Ask::ReplacementOrder), "18.5: the turn player");
                    assert_eq!(d.options, vec![Action::ReplacePlayerFirst(tp), Action::ReplacePlayerFirst(opp)]);
                }
                other => panic!("18.5 asks the turn player: {other:?}"),
            }
            assert_eq!(g.player(opp).life, life, "nothing is dealt before the order is chosen");
            g.answers.log = vec![answer];
            g.apply(&Effect::DealDamage(3), tp).unwrap();
            assert_eq!(life - g.player(opp).life, dealt);
            // Damage to the turn player's own hero: only its own "you would be dealt" effects.
            assert_eq!(g.replace(Event { damage: true, player: tp, amount: 3 }).unwrap(), 3);
            g.end_turn_replacements();
            assert!(g.replacements.is_empty(), "13.3.3f");
        }
    }

    /// 18.5: a player with two replacement effects on one event chooses their order, one at a
    /// time; preventions alone (or doublings alone) give the same total in any order and no one
    /// is asked.
    #[test]
    fn r18_5_each_player_orders_their_own_replacements() {
        let mut g = started(bruiser_loadout(), bruiser_loadout(), 1);
        let tp = g.turn_player;
        let opp = g.opponent(tp);
        g.add_replacement(opp, Would::BeDealtDamage { opponent: false }, Instead::Prevent(1), false);
        g.add_replacement(opp, Would::BeDealtDamage { opponent: false }, Instead::Prevent(2), false);
        let ev = Event { damage: true, player: opp, amount: 4 };
        assert_eq!(g.replace(ev).unwrap(), 1, "two preventions: 4 - 1 - 2, no question");
        g.add_replacement(opp, Would::BeDealtDamage { opponent: false }, Instead::Double, false);
        let Err(crate::kernel::Stop::NeedDecision(d)) = g.replace(ev) else { panic!("18.5: asked") };
        assert_eq!((d.player, d.ask), (opp, Ask::ReplacementOrder), "18.5: each player orders their own");
        assert_eq!(d.options.len(), 3);
        // Doubling first, then the two preventions: 4 x 2 - 1 - 2 = 5; preventing first: (4 - 3) x 2 = 2.
        g.answers.log = vec![2];
        assert_eq!(g.replace(ev).unwrap(), 5, "after the doubling, the two preventions are not asked");
        g.answers = Default::default();
        g.answers.log = vec![0, 0];
        assert_eq!(g.replace(ev).unwrap(), 2);
    }
}
