//! Activated abilities (369-374, 386-394): when they may be activated, and the activation
//! process (the play process applied to an ability: targets, costs, finalize).

use super::abilities::{AbilityKind, AbilityTiming, ActivationCost, TargetCount};
use super::cards::CardType;
use super::costs::Cost;
use super::decision::Ask;
use super::play::Timing;
use super::state::{ChainItem, Game, ItemKind, R};
use crate::kernel::{ObjId, PlayerId};
use crate::trace;

impl Game {
    /// Objects on the board whose abilities `p` controls (runes' abilities are the rune pool's).
    fn ability_holders(&self, p: PlayerId) -> Vec<ObjId> {
        let mut out: Vec<ObjId> = self.all_units().into_iter().filter(|u| self.controller(*u) == p).collect();
        out.extend(self.player(p).base.iter().copied().filter(|g| self.card(*g).kind == CardType::Gear));
        out.extend(self.player(p).legend);
        out
    }

    /// 371-374: the activated abilities `p` may activate now, as (object, ability index).
    pub fn activatable_abilities(&self, p: PlayerId) -> Vec<(ObjId, u8)> {
        let mut out = Vec::new();
        for o in self.ability_holders(p) {
            for (i, a) in self.card(o).abilities.abilities.iter().enumerate() {
                let AbilityKind::Activated { costs, timing, only_while } = &a.kind else { continue };
                let timing = match timing {
                    AbilityTiming::Normal => Timing::Normal,
                    AbilityTiming::Action => Timing::Action,
                    AbilityTiming::Reaction => Timing::Reaction,
                };
                if !self.timing_allows(p, timing) {
                    continue;
                }
                if only_while.as_ref().is_some_and(|c| !self.condition_holds_for(c, o, p)) {
                    continue;
                }
                if !self.can_pay_activation(p, o, costs) {
                    continue;
                }
                // 390.2: an activated ability needs legal choices for its required targets.
                let targets_ok = a.targets.iter().all(|t| {
                    !matches!(t.count, TargetCount::One) || !self.matching(&t.filter, Some(p), Some(o)).is_empty()
                });
                if targets_ok {
                    out.push((o, i as u8));
                }
            }
        }
        out
    }

    fn can_pay_activation(&self, p: PlayerId, o: ObjId, costs: &[ActivationCost]) -> bool {
        costs.iter().all(|c| match c {
            // 401.4: exhausting as a cost must be possible.
            ActivationCost::Exhaust => !self.obj(o).exhausted,
            ActivationCost::Resources(cost) => self.can_afford(p, cost),
            ActivationCost::RecycleTrash(n) => self.player(p).trash.len() >= *n as usize,
            ActivationCost::Discard(n) => self.player(p).hand.len() >= *n as usize,
            ActivationCost::KillThis => true,
        })
    }

    /// 386-394: activates ability `index` of `source`. Returns false if it was undone (355.3).
    pub fn activate_ability(&mut self, p: PlayerId, source: ObjId, index: u8) -> R<bool> {
        let snapshot = self.snapshot();
        let def = self.card(source).clone();
        let ability = def.abilities.abilities[index as usize].clone();
        let AbilityKind::Activated { costs, .. } = &ability.kind else { return Ok(false) };
        // 389: the ability goes on the chain as a pending item; the state closes.
        trace!(self, "370.2", "{p} activates {}: {}", self.describe(source), ability.text);
        self.chain.push(ChainItem {
            kind: ItemKind::Ability { source, index },
            controller: p,
            pending: true,
            targets: Vec::new(),
            that_player: None,
        });
        let at = self.chain.len() - 1;
        // 390: choices.
        if !ability.targets.is_empty() {
            match self.choose_targets(p, Some(source), &ability.targets)? {
                Some(t) => self.chain[at].targets = t,
                None => {
                    self.restore(snapshot);
                    return Ok(false);
                }
            }
        }
        // 391-392: total cost (with Deflect, 725.1.c) and paying it.
        let mut resources = Cost::default();
        for c in costs {
            if let ActivationCost::Resources(r) = c {
                resources.energy += r.energy;
                resources.power.extend(r.power.iter().copied());
            }
        }
        if let Some(more) = self.deflect_increase(p, &self.chain[at].targets) {
            resources.power.extend(more.power);
        }
        if !self.pay(p, &resources)? {
            self.restore(snapshot);
            return Ok(false);
        }
        for c in costs {
            match c {
                ActivationCost::Exhaust => self.exhaust(source),
                ActivationCost::RecycleTrash(n) => self.recycle_from_trash(p, *n, Ask::ChooseCard)?,
                ActivationCost::Discard(n) => self.discard_choose(p, *n, Ask::ChooseCard)?,
                ActivationCost::KillThis => self.kill(&[source], None)?,
                ActivationCost::Resources(_) => {}
            }
        }
        // 394: it becomes a chain item; its controller gets priority.
        self.chain[at].pending = false;
        self.priority = Some(p);
        self.chain_passes = 0;
        self.changed();
        Ok(true)
    }
}
