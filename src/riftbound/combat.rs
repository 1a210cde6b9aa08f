//! Showdowns (337-345) and combat (433-440): beginning them, ending them, combat damage
//! assignment exactly per 439.1.d, and the resolution step.

use super::cleanup::Special;
use super::decision::{Ask, Choice};
use super::events::Event;
use super::state::{Bf, Combat, Game, Loc, R, Role, Showdown};
use crate::kernel::{ObjId, PlayerId};
use crate::trace;

impl Game {
    /// 340.2 / 341: a showdown without combat begins; the contesting player gains focus.
    pub fn begin_showdown(&mut self, b: Bf) {
        let applier = self.battlefields[b].contested_by.unwrap_or(self.turn_player);
        let bf = self.battlefield_mut(b);
        bf.showdown_staged = false;
        trace!(
            self,
            "340.2",
            "a showdown begins at {}; {applier} gains focus (341)",
            self.describe_loc(Loc::Battlefield(b))
        );
        self.showdown = Some(Showdown {
            battlefield: b,
            applier,
            combat: None,
            focus: applier,
            passes: 0,
            initial_chain: false,
            chains: self.chain.created(),
        });
        self.emit(Event::ShowdownBegan { battlefield: b, focus: applier, combat: false });
        self.priority = Some(applier);
        self.changed();
    }

    /// 437-438: combat begins at `b` with its showdown step. The contesting player attacks and
    /// gains focus; the other player there defends.
    pub fn begin_combat(&mut self, b: Bf) {
        let attacker = self.battlefields[b].contested_by.unwrap_or(self.turn_player);
        let defender = self
            .players_at(b)
            .into_iter()
            .find(|p| *p != attacker)
            .or(self.battlefields[b].controller)
            .unwrap_or(attacker);
        self.battlefield_mut(b).combat_staged = false;
        trace!(
            self,
            "438.1",
            "combat begins at {}: {attacker} attacks, {defender} defends",
            self.describe_loc(Loc::Battlefield(b))
        );
        for u in self.units_at(Loc::Battlefield(b)) {
            let c = self.controller(u);
            let role = if c == attacker {
                Some(Role::Attacker)
            } else if c == defender {
                Some(Role::Defender)
            } else {
                None
            };
            let o = self.obj_mut(u);
            o.role = role;
            o.attacked = role == Some(Role::Attacker);
            o.defended = role == Some(Role::Defender);
            if let Some(r) = role {
                trace!(
                    self,
                    if r == Role::Attacker { "438.1.a.3" } else { "438.1.a.4" },
                    "{} is {:?}",
                    self.describe(u),
                    r
                );
                self.emit(if r == Role::Attacker { Event::Attacked(u) } else { Event::Defended(u) });
            }
        }
        self.showdown = Some(Showdown {
            battlefield: b,
            applier: attacker,
            combat: Some(Combat { attacker, defender }),
            focus: attacker,
            passes: 0,
            initial_chain: false,
            chains: self.chain.created(),
        });
        self.emit(Event::ShowdownBegan { battlefield: b, focus: attacker, combat: true });
        self.priority = Some(attacker);
        self.changed();
    }

    /// 438.1.b / 342.1: the attack and defend triggers of the combat just begun (they trigger
    /// on the designations of 438.1.a) are its initial chain, finalized now; with none, the
    /// showdown goes on in an open state (438.1.c.1). 438.1.b.1 / 342.1.a: the attacker, who has
    /// focus, puts theirs on the chain first, then the players without the Defender designation
    /// in turn order, and the defender last, so the defender's triggers are the newest and
    /// resolve first, whoever the turn player is (not 376.3.b.1's turn order).
    pub fn initial_chain(&mut self) -> R<()> {
        let Some(Combat { attacker, defender }) = self.showdown.as_ref().and_then(|sd| sd.combat) else {
            return Ok(());
        };
        let mut order = vec![attacker];
        let mut p = self.next_player(attacker);
        while p != attacker {
            if p != defender {
                order.push(p);
            }
            p = self.next_player(p);
        }
        order.push(defender);
        self.check_triggers_in(order)?;
        // An initial chain there is once its triggers are on it, even if each then leaves it as
        // it is finalized (390.3 no legal target, 392.2 its cost declined or unpaid): the player
        // with focus keeps it when the chain is empty (343.1), however finalizing went (a
        // decision may interrupt it).
        let initial = !self.chain.is_empty();
        if let Some(sd) = self.showdown.as_mut() {
            sd.initial_chain = initial;
        }
        self.finalize_pending()
    }

    /// 344.3-344.4: the player with focus passes. When everyone has passed in sequence the
    /// showdown ends (345); otherwise focus moves on in turn order.
    pub fn pass_focus(&mut self) -> R<()> {
        let Some(sd) = self.showdown.as_mut() else {
            return Ok(());
        };
        sd.passes += 1;
        let focus = sd.focus;
        let passes = sd.passes;
        trace!(self, "344.3", "{focus} passes focus");
        if passes as usize >= self.active_players().len() {
            return self.end_showdown();
        }
        let next = self.next_player(focus);
        let sd = self.showdown.as_mut().unwrap();
        sd.focus = next;
        self.priority = Some(next);
        trace!(self, "344.4", "{next} gains focus");
        self.emit(Event::FocusPassed { from: focus, to: next, chain: false });
        Ok(())
    }

    /// 343: when a chain created during a showdown has ended (its last item resolved, and the
    /// cleanup after it done, 320.1), focus passes to the next player, who gains priority too;
    /// after the initial chain of a combat the player with focus keeps it instead (343.1,
    /// 438.1.e). A chain that ended in a neutral state passes nothing, though its cleanup began a
    /// showdown or combat (a move trigger, a play trigger, a spell, a conquer trigger before the
    /// next staged combat): a showdown begins only in a neutral open state (340, 322.9-322.10),
    /// and the contesting player (the attacker) gains focus as it begins (341, 438.1.a.1.a) and
    /// keeps it until they act or pass. Called once the step that emptied the chain is done.
    pub fn chain_ended_in_showdown(&mut self) {
        let created = self.chain.created();
        let Some(sd) = self.showdown.as_mut() else {
            return;
        };
        if !self.chain.is_empty() || sd.chains == created {
            return;
        }
        sd.chains = created;
        sd.passes = 0;
        if sd.initial_chain {
            sd.initial_chain = false;
            let f = sd.focus;
            self.priority = Some(f);
            trace!(self, "343.1", "the initial chain is done: {f} keeps focus");
            return;
        }
        let f = sd.focus;
        let next = self.next_player(f);
        let sd = self.showdown.as_mut().unwrap();
        sd.focus = next;
        self.priority = Some(next);
        trace!(self, "343", "the chain is empty: focus passes to {next}");
        self.emit(Event::FocusPassed { from: f, to: next, chain: true });
    }

    /// 416.2.a: focus does not pass from an Add ability being finalized: the chain its
    /// activation created, gone as it resolved at once, is not a chain that ends (343).
    pub fn add_resolved(&mut self) {
        let created = self.chain.created();
        if let Some(sd) = self.showdown.as_mut()
            && self.chain.is_empty()
        {
            sd.chains = created;
        }
    }

    /// 345: the showdown closes.
    pub(super) fn end_showdown(&mut self) -> R<()> {
        let sd = self.showdown.take().expect("a showdown to end");
        self.priority = None;
        let b = sd.battlefield;
        trace!(self, "345", "the showdown at {} ends", self.describe_loc(Loc::Battlefield(b)));
        self.emit(Event::ShowdownEnded { battlefield: b });
        self.changed();
        if let Some(combat) = sd.combat {
            // 345.1: continue with the combat damage and resolution steps.
            self.combat_damage(b, combat)?;
            return self.combat_resolution(b);
        }
        // 345.2: a showdown without combat.
        let present = self.players_at(b);
        match present.as_slice() {
            [] => {
                self.battlefield_mut(b).contested_by = None;
            }
            [p] => {
                // 345.2.a: the only player there establishes control (a conquer if unscored).
                let p = *p;
                if self.battlefields[b].controller != Some(p) {
                    self.establish_control(b, p, false)?;
                } else {
                    self.battlefield_mut(b).contested_by = None;
                }
            }
            _ => {
                // 345.2.b: still contested: a combat is staged, the contesting player attacking.
                trace!(self, "345.2.b", "units of two players remain: combat is staged, {} attacks", sd.applier);
                self.battlefield_mut(b).contested_by = Some(sd.applier);
                self.battlefield_mut(b).combat_staged = true;
            }
        }
        self.cleanup()
    }

    /// 439: the combat damage step.
    fn combat_damage(&mut self, b: Bf, combat: Combat) -> R<()> {
        let here = self.units_at(Loc::Battlefield(b));
        let attackers: Vec<ObjId> =
            here.iter().copied().filter(|u| self.obj(*u).role == Some(Role::Attacker)).collect();
        let defenders: Vec<ObjId> =
            here.iter().copied().filter(|u| self.obj(*u).role == Some(Role::Defender)).collect();
        if attackers.is_empty() || defenders.is_empty() {
            trace!(self, "439.1.a", "no combat damage: attackers or defenders are gone");
            return Ok(());
        }
        // 439.1.b-c; 410.1.b: stunned units contribute no might, nor do units that "don't deal
        // combat damage".
        let total = |g: &Game, units: &[ObjId]| -> u32 {
            units
                .iter()
                .filter(|u| !g.obj(**u).stunned && !g.chars(**u).no_combat_damage)
                .map(|u| g.might(*u) as u32)
                .sum()
        };
        let atk = total(self, &attackers);
        let def = total(self, &defenders);
        trace!(self, "439.1.b", "attackers' total might {atk}; defenders' total might {def} (439.1.c)");
        // 439.1.d: the attacker assigns first, then the defender.
        let to_defenders = self.assign_combat_damage(combat.attacker, atk, &defenders)?;
        let to_attackers = self.assign_combat_damage(combat.defender, def, &attackers)?;
        // 439.1.e: all assigned damage is dealt at once; its sources are the opposing units
        // (404.6.c.1): every attacker for the damage to each defender, and every defender for
        // the damage to each attacker.
        trace!(self, "439.1.e", "combat damage is dealt");
        self.deal_from(&attackers, &to_defenders);
        self.deal_from(&defenders, &to_attackers);
        Ok(())
    }

    /// 439.1.d: `p` assigns `amount` among `targets`. Lethal damage goes in full to one unit
    /// before the next (439.1.d.3), no unit gets more than lethal while another can still take
    /// damage (439.1.d.4), units that must be assigned first (Tank) come first and those that must
    /// be assigned last come last (439.1.d.5); a unit with both requirements has the assigning
    /// player choose one (439.1.d.7-8); units that can't be damaged are exempt (439.1.d.9). What
    /// is left once no unit can have lethal damage assigned any more the player spreads as they
    /// choose, on any of the units (439.1.d.4).
    /// The assignment is recorded with its excess, the damage assigned beyond lethal to every
    /// unit ("if you assigned 3 or more excess damage").
    pub fn assign_combat_damage(&mut self, p: PlayerId, amount: u32, targets: &[ObjId]) -> R<Vec<(ObjId, u32)>> {
        let (assigned, excess) = self.assign_lethal_first(p, amount, targets)?;
        self.emit(Event::AssignedCombatDamage { player: p, excess });
        Ok(assigned)
    }

    /// [`Game::assign_combat_damage`]'s assignment, and its excess (439.1.d.4).
    fn assign_lethal_first(&mut self, p: PlayerId, amount: u32, targets: &[ObjId]) -> R<(Vec<(ObjId, u32)>, u32)> {
        let mut assigned: Vec<(ObjId, u32)> = targets.iter().map(|u| (*u, 0)).collect();
        let mut excess = 0;
        if amount == 0 || targets.is_empty() {
            return Ok((Vec::new(), excess));
        }
        // Priority class of each unit: 0 first, 1 normal, 2 last; None when exempt.
        let mut class: Vec<Option<u8>> = Vec::new();
        for &u in targets {
            let ch = self.chars(u);
            let first = ch.keywords.has(super::layers::Keyword::Tank);
            // "I must be assigned combat damage last", as an ability or as [Backline].
            let last = ch.assigned_last || ch.keywords.has(super::layers::Keyword::Backline);
            class.push(if ch.cant_be_damaged {
                None
            } else if first && last {
                let pick = self.decide(p, Ask::AssignmentOrder, vec![Choice::First(u), Choice::Last(u)])?;
                Some(if matches!(pick, Choice::First(_)) { 0 } else { 2 })
            } else if first {
                Some(0)
            } else if last {
                Some(2)
            } else {
                Some(1)
            });
        }
        // A unit's Prevent Value counts toward what is lethal to it (later Core Rules,
        // docs/rulings.md): "opponents can assign it extra combat damage to kill it".
        let lethal = |g: &Game, u: ObjId| -> u32 {
            let m = g.might(u).max(0) as u32;
            m.saturating_sub(g.obj(u).damage).max(1) + g.prevent_value(u)
        };
        let mut remaining = amount;
        while remaining > 0 {
            // Units still short of lethal damage in the most urgent class.
            let short: Vec<usize> = (0..targets.len())
                .filter(|&i| class[i].is_some() && assigned[i].1 < lethal(self, targets[i]))
                .collect();
            let Some(best) = short.iter().filter_map(|&i| class[i]).min() else {
                // 439.1.d.4: with no unit left to have lethal damage assigned, the rest is the
                // assigning player's to spread: a unit, then how much of it that unit takes.
                let options = targets.iter().map(|u| Choice::Obj(*u)).collect();
                let Choice::Obj(u) = self.decide(p, Ask::AssignDamage, options)? else { break };
                let give = if targets.len() == 1 {
                    remaining
                } else {
                    match self.decide(p, Ask::AssignDamage, (1..=remaining).rev().map(Choice::Amount).collect())? {
                        Choice::Amount(n) => n,
                        _ => remaining,
                    }
                };
                let i = targets.iter().position(|x| *x == u).unwrap();
                assigned[i].1 += give;
                excess += give;
                let what = if give == remaining { format!("the remaining {give}") } else { format!("{give}") };
                remaining -= give;
                trace!(self, "439.1.d.4", "{p} assigns {what} to {}", self.describe(u));
                continue;
            };
            let options: Vec<Choice> =
                short.iter().filter(|&&i| class[i] == Some(best)).map(|&i| Choice::Obj(targets[i])).collect();
            if let Choice::Obj(u) = self.decide(p, Ask::AssignDamage, options)? {
                let i = targets.iter().position(|x| *x == u).unwrap();
                let give = (lethal(self, u) - assigned[i].1).min(remaining);
                assigned[i].1 += give;
                remaining -= give;
                trace!(self, "439.1.d.3", "{p} assigns {give} to {}", self.describe(u));
            }
        }
        Ok((assigned.into_iter().filter(|(_, n)| *n > 0).collect(), excess))
    }

    /// 440.1.a.2 and the combat's result (440, the Resolution Step, docs/rulings.md), as the
    /// combat cleanup's step 2b: after combat damage (and the deaths it caused), a player who
    /// received a designation and is the only one with units at the battlefield wins the combat,
    /// their units there with them (440.2); the other loses it. Attackers
    /// and defenders both still there is a tie ("No Result", 440.1.a.2): the attackers are recalled
    /// (440.1.a.2), unless a replacement effect does something else instead (366: Symbol of the
    /// Solari); nobody wins it. Neither side there is no result either, with nothing to recall.
    pub(super) fn combat_result(&mut self, b: Bf) -> R<()> {
        let here = self.units_at(Loc::Battlefield(b));
        let side =
            |g: &Game, r: Role| -> Vec<ObjId> { here.iter().copied().filter(|u| g.obj(*u).role == Some(r)).collect() };
        let attackers = side(self, Role::Attacker);
        let defenders = side(self, Role::Defender);
        match (attackers.first(), defenders.first()) {
            (Some(&a), Some(_)) => {
                let attacker = self.controller(a);
                trace!(
                    self,
                    "440.1.a.2",
                    "attackers and defenders remain at {}: the combat is a tie",
                    self.describe_loc(Loc::Battlefield(b))
                );
                if self.replace_event(&super::replacements::Replaceable::TieRecall { battlefield: b, attacker })? {
                    return Ok(());
                }
                for u in attackers {
                    trace!(self, "440.1.a.2", "recall attacker {}: defenders are still present", self.describe(u));
                    self.recall(u);
                }
            }
            (Some(&u), None) | (None, Some(&u)) => {
                let player = self.controller(u);
                let units = if attackers.is_empty() { defenders } else { attackers };
                trace!(
                    self,
                    "440.2",
                    "{player} is the only player with units at {}: {player} wins the combat",
                    self.describe_loc(Loc::Battlefield(b))
                );
                self.emit(Event::WonCombat { player, battlefield: b, units });
            }
            (None, None) => {
                trace!(
                    self,
                    "440.1.a.2",
                    "no units remain at {}: the combat has no result",
                    self.describe_loc(Loc::Battlefield(b))
                );
            }
        }
        Ok(())
    }

    /// 440: the resolution step: the combat cleanup, the contested status cleared, and control
    /// established by whoever's units remain.
    fn combat_resolution(&mut self, b: Bf) -> R<()> {
        trace!(self, "440.1", "combat cleanup at {}", self.describe_loc(Loc::Battlefield(b)));
        let units: Vec<ObjId> =
            self.units_at(Loc::Battlefield(b)).into_iter().filter(|u| self.obj(*u).role.is_some()).collect();
        self.cleanup_with(Special::Combat(b))?;
        // "this combat" effects end with the combat, as its designations do (440.1.a.3).
        if self.retain_effects(|_, e| e.duration != super::layers::Duration::ThisCombat) {
            trace!(self, "440.1", "\"this combat\" effects end");
        }
        // 440.1.b: the contested status is cleared whatever the outcome.
        self.battlefield_mut(b).contested_by = None;
        // 440.2: remaining units' controller establishes control if they lack it.
        let present = self.players_at(b);
        if let [p] = present.as_slice()
            && self.battlefields[b].controller != Some(*p)
        {
            self.establish_control(b, *p, true)?;
        }
        // 440: the combat is over: "When a combat that I was in ends" triggers now.
        trace!(self, "440", "the combat at {} ends", self.describe_loc(Loc::Battlefield(b)));
        self.emit(Event::CombatEnded { battlefield: b, units });
        self.changed();
        self.cleanup()
    }
}
