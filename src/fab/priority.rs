//! Priority and the active player (CR 14), on the kernel's chain: a pass hands priority to the
//! opponent (14.4); when both players pass in succession the top layer resolves (14.5) and then
//! the turn player gains priority (19.1, the kernel's [`PriorityPolicy::on_resolve`]); with no
//! layer, the attack's chain link moves on (20.4.6, 20.5.5, 20.6.6, 20.8.3), the combat chain
//! closes (20.9), or the action phase ends (13.2.5, 14.6).

use super::R;
use super::state::{Action, Ask, Game, Layer, Phase};
use crate::kernel::chain::{self, Passed, PriorityPolicy};
use crate::kernel::decision::decide;
use crate::kernel::{Chain, PlayerId};

impl PriorityPolicy for Game {
    type Item = Layer;

    fn chain(&self) -> &Chain<Layer> {
        &self.chain
    }

    fn chain_mut(&mut self) -> &mut Chain<Layer> {
        &mut self.chain
    }

    /// 19.1: after a layer resolves, the turn player gains priority.
    fn on_resolve(&self) -> PlayerId {
        self.turn_player
    }

    /// 14.4: the active player passes priority to the opposing player.
    fn after_pass(&self, p: PlayerId) -> PlayerId {
        self.opponent(p)
    }

    fn players(&self) -> usize {
        2
    }
}

impl Game {
    /// 14.1: the player with priority plays a card, activates an ability or passes.
    pub(super) fn priority_step(&mut self) -> R<()> {
        // A layer stopped at a decision of its resolution goes on first.
        if self.resolving.is_some() {
            return self.resolve_and_give_priority();
        }
        // 16.3: effects that triggered at the same time are ordered first.
        if self.order_triggers()? {
            return Ok(());
        }
        // 20.5.2, 20.8.3c: a chain link's decision comes before anyone's priority.
        if self.pending_link_decision()? {
            return Ok(());
        }
        let Some(p) = self.priority else {
            // No one holds priority in the action phase: give it to the turn player (14.2).
            self.give_priority_to_turn_player();
            return Ok(());
        };
        let options = self.legal_actions(p);
        let a = decide(self, p, Ask::Priority, options)?;
        self.act(p, a)
    }

    /// Carries out `p`'s priority action (one of [`Game::legal_actions`]).
    pub fn act(&mut self, p: PlayerId, a: Action) -> R<()> {
        match a {
            Action::Pass => self.pass_priority(p),
            Action::Play { card, pitch } => {
                // 23.1: the target is chosen as the card is played, before anything changes.
                let targets = self.card_targets(card);
                let target = if targets.len() > 1 {
                    let options = targets.into_iter().map(Action::Target).collect();
                    let Action::Target(i) = decide(self, p, Ask::Target, options)? else { unreachable!("targets") };
                    Some(i)
                } else {
                    targets.first().copied()
                };
                self.play_card_targeting(p, card, &pitch, target).expect("a legal play");
                Ok(())
            }
            Action::WeaponAttack { weapon, pitch } => {
                self.activate_weapon(p, weapon, &pitch).expect("a legal activation");
                Ok(())
            }
            Action::Activate { card, ability, pitch, discard } => {
                self.activate(p, card, ability, &pitch, discard).expect("a legal activation");
                Ok(())
            }
            other => panic!("{other:?} is not a priority action"),
        }
    }

    /// 14.4, 14.5: `p` passes priority.
    pub fn pass_priority(&mut self, p: PlayerId) -> R<()> {
        crate::trace!(self, "14.4", "{p} passes priority");
        match chain::pass(self, p) {
            Passed::To(q) => {
                self.priority = Some(q);
                Ok(())
            }
            Passed::Resolve => self.both_passed(),
        }
    }

    /// 14.5, 19.1: the top layer resolves; the turn player gains priority (16.5 and 19.1.1a:
    /// also when it does not resolve).
    pub(super) fn resolve_and_give_priority(&mut self) -> R<()> {
        self.resolve_top()?;
        if !self.is_over() {
            self.priority = Some(chain::resolved(self).unwrap_or(self.turn_player));
        }
        Ok(())
    }

    /// Both players passed in succession.
    fn both_passed(&mut self) -> R<()> {
        if !self.chain.is_empty() {
            self.resolve_and_give_priority()
        } else if self.current_link().is_some() {
            self.advance_link()
        } else if self.combat_chain_open() {
            crate::trace!(self, "20.9", "both pass with no layer: the combat chain closes");
            self.close_combat_chain();
            Ok(())
        } else {
            crate::trace!(self, "14.6", "both pass on an empty chain: the action phase ends");
            self.priority = None;
            self.phase = Phase::End;
            Ok(())
        }
    }

    /// The turn player gains priority, and a new run of passes begins (13.2.3, 19.1, 20.x, 21.4).
    pub fn give_priority_to_turn_player(&mut self) {
        self.chain.restart_passes();
        self.priority = Some(self.turn_player);
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::*;

    #[test]
    fn a_pass_hands_priority_over_and_two_passes_on_an_empty_chain_end_the_action_phase() {
        let mut g = started(bruiser_loadout(), bruiser_loadout(), 1);
        let tp = g.turn_player;
        g.pass_priority(tp).unwrap();
        assert_eq!(g.priority, Some(g.opponent(tp)), "14.4");
        assert_eq!(g.phase, Phase::Action);
        g.pass_priority(g.opponent(tp)).unwrap();
        assert_eq!((g.phase, g.priority), (Phase::End, None), "14.6, 13.2.5");
    }

    #[test]
    fn after_a_layer_resolves_the_turn_player_gains_priority() {
        // 19.1: the opponent plays an instant on the turn player's turn; after it resolves the
        // turn player, not its controller, gains priority.
        let mut g = started(bruiser_loadout(), bruiser_loadout(), 1);
        let tp = g.turn_player;
        let opp = g.opponent(tp);
        g.pass_priority(tp).unwrap();
        let sigil = give(&mut g, opp, sigil());
        g.play_card(opp, sigil, &[]).unwrap();
        assert_eq!(g.priority, Some(opp), "the player who played keeps priority");
        g.pass_priority(opp).unwrap();
        g.pass_priority(tp).unwrap();
        assert!(g.chain.is_empty());
        assert_eq!(g.player(opp).life, 21, "Sigil of Solace resolved");
        assert_eq!(g.priority, Some(tp), "19.1: the turn player gains priority");
        assert_eq!(g.phase, Phase::Action, "a resolution does not end the phase");
    }
}
