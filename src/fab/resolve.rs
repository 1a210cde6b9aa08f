//! Resolving layers (CR 19): the top layer resolves, its effects in the order written (19.2);
//! a 'non-attack' action or instant then goes to the graveyard (19.8), an attack or defense
//! reaction stays on its chain link (19.9); an action with go again gives an action point
//! (glossary, "Go again").

use super::cards::{AttackKind, CardType, Effect, Keyword};
use super::state::Game;
use super::zones::Zone;
use crate::kernel::PlayerId;

impl Game {
    /// Resolves the top layer of the chain (14.5, 19.1). The caller gives priority.
    pub(super) fn resolve_top(&mut self) {
        let Some(layer) = self.chain.pop() else { return };
        let def = self.obj(layer.card).card.clone();
        // 19.1.1, 19.1.1b: a card whose every target is gone does not resolve.
        if let Some(kind) = def.effects.iter().find_map(Effect::targets)
            && !self.attack_target_legal(kind)
        {
            crate::trace!(self, "19.1.1b", "{} has no legal target: it does not resolve", def.name);
            self.move_to(layer.card, Zone::Graveyard);
            return;
        }
        crate::trace!(self, "19.1", "{} resolves", def.name);
        for e in &def.effects {
            self.apply(*e, layer.controller);
            if self.is_over() {
                // 3.1.1: the game ends at once; nothing else resolves.
                return;
            }
        }
        let on_link = self.current_link().is_some();
        match def.card_type {
            CardType::AttackReaction if on_link => {
                // 19.9: it stays on the chain link until the combat chain closes.
                self.current_link_mut().expect("a link").reactions.push(layer.card);
            }
            CardType::DefenseReaction if on_link => {
                // 20.6.4b: it becomes a defending card.
                let link = self.current_link_mut().expect("a link");
                link.defending.push(layer.card);
                crate::trace!(self, "20.6.4b", "{} becomes a defending card", def.name);
            }
            _ => {
                if def.card_type == CardType::Action && def.has(Keyword::GoAgain) {
                    self.player_mut(layer.controller).action_points += 1;
                    crate::trace!(self, "27", "go again: {} gains 1 action point", layer.controller);
                }
                // 19.8.
                self.move_to(layer.card, Zone::Graveyard);
            }
        }
    }

    /// Applies one effect for `controller` (19.2, 19.7: what cannot resolve is ignored).
    pub fn apply(&mut self, e: Effect, controller: PlayerId) {
        match e {
            Effect::AttackGainsPower(n) => {
                if let Some(l) = self.current_link_mut() {
                    l.power_bonus += i32::from(n);
                }
            }
            Effect::AttackGainsGoAgain => {
                if let Some(l) = self.current_link_mut() {
                    l.gained_go_again = true;
                }
            }
            Effect::GainLife(n) => self.player_mut(controller).life += i32::from(n),
            Effect::GainResource(n) => self.player_mut(controller).resources += u32::from(n),
            Effect::Intimidate => self.intimidate(self.opponent(controller)),
            Effect::DealDamage(n) => {
                let target = self.opponent(controller);
                self.deal_damage(&[(target, u32::from(n))]);
            }
            Effect::TargetAttackGainsPower(kind, n) => {
                if self.attack_target_legal(kind) {
                    self.current_link_mut().expect("a target").power_bonus += i32::from(n);
                }
            }
            Effect::TargetAttackGainsGoAgain(kind) => {
                if self.attack_target_legal(kind) {
                    self.current_link_mut().expect("a target").gained_go_again = true;
                }
            }
        }
    }

    /// Whether the attack on the current chain link is a legal target of kind `kind` (23.1).
    pub fn attack_target_legal(&self, kind: AttackKind) -> bool {
        self.current_link().is_some_and(|l| match kind {
            AttackKind::Any => true,
            AttackKind::Weapon => l.weapon,
            AttackKind::Sword => self.obj(l.attack).card.is("Sword"),
        })
    }

    /// Intimidate (glossary): `target` banishes a random card from hand face down; it returns at
    /// the beginning of the end phase (13.3.2).
    pub fn intimidate(&mut self, target: PlayerId) {
        let n = self.player(target).hand.len();
        if n == 0 {
            return;
        }
        let i = self.rng.below(n);
        let card = self.player(target).hand[i];
        let id = self.move_to(card, Zone::Banished);
        self.obj_mut(id).face_down = true;
        self.player_mut(target).intimidated.push(id);
        crate::trace!(self, "27", "intimidate: {target} banishes a random card face down");
    }
}

#[cfg(test)]
mod tests {
    use super::super::cards::CardDef;
    use super::super::state::LinkStep;
    use super::super::testing::*;
    use super::*;

    #[test]
    fn layers_resolve_newest_first_and_non_attack_actions_go_to_the_graveyard() {
        let mut g = started(bruiser_loadout(), bruiser_loadout(), 1);
        let tp = g.turn_player;
        let opp = g.opponent(tp);
        let bellow = give(
            &mut g,
            tp,
            CardDef::new("Bellow", CardType::Action)
                .cost(0)
                .pitch(3)
                .keyword(Keyword::GoAgain)
                .effect(Effect::GainResource(1)),
        );
        g.play_card(tp, bellow, &[]).unwrap();
        let s = give(&mut g, opp, sigil());
        g.priority = Some(opp);
        g.play_card(opp, s, &[]).unwrap();
        // Both pass: the newest layer (the instant) resolves first (14.5).
        g.pass_priority(opp).unwrap();
        g.pass_priority(tp).unwrap();
        assert_eq!(g.player(opp).life, 21);
        assert_eq!(g.chain.len(), 1);
        assert_eq!(g.player(tp).resources, 0);
        g.pass_priority(tp).unwrap();
        g.pass_priority(opp).unwrap();
        assert!(g.chain.is_empty());
        assert_eq!(g.player(tp).resources, 1);
        assert_eq!(g.player(tp).action_points, 1, "go again: the action point spent comes back");
        // 19.8, 11.7: both cards are in graveyards as new objects.
        assert_eq!(g.player(tp).graveyard.len(), 1);
        assert_eq!(g.player(opp).graveyard.len(), 1);
        assert!(g.obj(bellow).became.is_some());
    }

    #[test]
    fn intimidated_cards_return_at_the_end_phase() {
        let mut g = started(bruiser_loadout(), bruiser_loadout(), 1);
        let tp = g.turn_player;
        let opp = g.opponent(tp);
        g.apply(Effect::Intimidate, tp);
        assert_eq!(g.player(opp).hand.len(), 3);
        let banished = g.player(opp).banished[0];
        assert!(g.obj(banished).face_down, "banished face down");
        g.pass_priority(tp).unwrap();
        g.pass_priority(opp).unwrap();
        g.answers.log = vec![0];
        g.step().unwrap();
        assert_eq!(g.player(opp).hand.len(), 4, "13.3.2: back to hand");
        assert!(g.player(opp).banished.is_empty());
    }

    #[test]
    fn a_reaction_with_no_chain_link_left_goes_to_the_graveyard() {
        let mut g = started(bruiser_loadout(), bruiser_loadout(), 1);
        let tp = g.turn_player;
        let atk = give(&mut g, tp, hit("Attack").cost(0));
        let ar = give(
            &mut g,
            tp,
            CardDef::new("Thrust", CardType::AttackReaction).cost(0).effect(Effect::AttackGainsPower(3)),
        );
        g.play_card(tp, atk, &[]).unwrap();
        g.current_link_mut().unwrap().step = LinkStep::Reaction;
        g.play_card(tp, ar, &[]).unwrap();
        g.pass_priority(tp).unwrap();
        g.pass_priority(g.opponent(tp)).unwrap();
        assert_eq!(g.current_link().unwrap().power_bonus, 3);
        assert_eq!(g.current_link().unwrap().reactions, vec![ar], "19.9");
    }
}
