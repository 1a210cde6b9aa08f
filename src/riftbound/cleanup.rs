//! Cleanups (318-323): the ten steps, repeated until a pass changes nothing (321), and the
//! special cleanups that insert steps of their own (323): end of turn (317.2) and combat (440.1).

use super::state::{Bf, Game, Loc, R, Role, Showdown};
use crate::kernel::PlayerId;
use crate::trace;

/// A special cleanup (323) and the steps it inserts after step 2.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Special {
    None,
    /// 317.2.b: "2a. Heal all units."
    EndOfTurn,
    /// 440.1.a: "2a. Clear all damage. 2b. Recall attackers if defenders are still present.
    /// 2c. Remove attacker and defender designations." at this battlefield.
    Combat(Bf),
}

impl Game {
    /// A normal cleanup.
    pub fn cleanup(&mut self) -> R<()> {
        self.cleanup_with(Special::None)
    }

    /// Runs a (special) cleanup, then normal cleanups while the previous one changed the game
    /// (321, 323.2). No showdown or combat begins during a combat's own cleanup: they wait for
    /// the combat to finish resolving (440).
    pub fn cleanup_with(&mut self, special: Special) -> R<()> {
        // During a combat's own cleanup its battlefield is still contested until 440.1.b; it
        // stages nothing there, and nothing begins elsewhere until the combat has resolved.
        let resolving = match special {
            Special::Combat(b) => Some(b),
            _ => None,
        };
        // 323.2: the special steps belong to the first pass only.
        let settled = crate::kernel::cleanup::settle(
            self,
            |g| g.changes,
            Game::is_over,
            |g, first| g.cleanup_pass(if first { special } else { Special::None }, resolving),
        )?;
        // 415.5.c: damage dealt so far was not dealt by whatever resolves before the next cleanup.
        self.components.take::<super::actions::DamagedBy>(|d| d.0.is_empty());
        if settled.is_err() {
            // A loop of card effects, each pass changing something: the game stops without a
            // winner rather than hang (as a turn over the step cap does).
            trace!(
                self,
                "321",
                "the cleanup did not settle after {} passes: the game stops",
                crate::kernel::cleanup::MAX_PASSES
            );
            self.outcome = Some(super::state::Outcome::Stalled { turn: self.turn });
        }
        Ok(())
    }

    fn cleanup_pass(&mut self, special: Special, resolving: Option<Bf>) -> R<()> {
        self.observe_mighty();
        // 376.2.c: triggers are checked after the events that happened; they wait as pending
        // items and are finalized in step 8.
        self.check_triggers()?;
        // 322.1: victory.
        self.check_victory();
        if self.is_over() {
            return Ok(());
        }
        // 322.2: units with non-zero damage at or above their might die, all at once.
        // Damage first: most passes find none, without looking up what each object is.
        // Plain loops over the zone lists: every pass looks, and flattened iterators cost more
        // than the units they found.
        let mut lethal = Vec::new();
        let lists = self.players.iter().map(|pl| &pl.base).chain(self.battlefields.iter().map(|b| &b.units));
        for list in lists {
            for &u in list {
                let d = self.obj(u).damage;
                if d > 0 && self.card(u).kind == super::cards::CardType::Unit && d as i32 >= self.might(u) {
                    lethal.push(u);
                }
            }
        }
        for u in lethal {
            trace!(
                self,
                "322.2",
                "{} has lethal damage ({} damage, {} might)",
                self.describe(u),
                self.obj(u).damage,
                self.might(u)
            );
            // 415.5.c: responsible are the sources of the damage dealt since the last cleanup (by
            // the spell or ability that resolved immediately before this one, or by combat),
            // none if that dealt this unit no damage.
            let by = self.damaged_by(u);
            self.kill_by(&[u], &by)?;
        }
        // 380.3: a unit whose lethal damage did not kill it (its death was replaced, 383.3) was
        // not killed, so "if this kills it" never triggers.
        for super::instructions::WaitingForKill { unit: u, .. } in
            self.components.take::<super::instructions::ReflexiveOnKill>(|r| r.0.is_empty()).0
        {
            trace!(
                self,
                "380.3",
                "{} was not killed: its \"if this kills it\" ability does not trigger",
                self.describe(u)
            );
        }
        match special {
            Special::None => {}
            Special::EndOfTurn => {
                // 317.2.b: 2a. Heal all units.
                trace!(self, "317.2.b", "end of turn cleanup: heal all units");
                let all = self.all_units();
                self.heal(&all);
            }
            Special::Combat(b) => {
                // 440.1.a.1: 2a. Clear all marked damage from all units.
                trace!(self, "440.1.a.1", "combat cleanup: clear all damage");
                let all = self.all_units();
                self.heal(&all);
                // 440.1.a.2: 2b. Recall attackers present if defenders are still present; the
                // combat's result (win or tie) is decided here (440, the Resolution Step).
                self.combat_result(b)?;
                // 440.1.a.3: 2c. Remove attacker and defender designations.
                for u in self.all_units() {
                    let o = self.obj_mut(u);
                    o.attacked = false;
                    o.defended = false;
                    if o.role.is_some() {
                        o.role = None;
                        self.changed();
                    }
                }
            }
        }
        // 322.3: attacker/defender designations follow the units during a combat.
        if let Some(Showdown { battlefield, combat: Some(c), .. }) = self.showdown.clone() {
            for u in self.all_units() {
                let at = self.location(u) == Some(Loc::Battlefield(battlefield));
                let want = if !at {
                    None
                } else if self.controller(u) == c.attacker {
                    Some(Role::Attacker)
                } else if self.controller(u) == c.defender {
                    Some(Role::Defender)
                } else {
                    None
                };
                if self.obj(u).role != want {
                    trace!(
                        self,
                        "322.3",
                        "{} designation of {}: {:?}",
                        if want.is_some() { "assign" } else { "remove" },
                        self.describe(u),
                        want
                    );
                    let o = self.obj_mut(u);
                    o.role = want;
                    // 376.4.d.2.a / 376.4.e.2.a: attack and defend triggers happen once per combat.
                    let first = match want {
                        Some(Role::Attacker) => !std::mem::replace(&mut o.attacked, true),
                        Some(Role::Defender) => !std::mem::replace(&mut o.defended, true),
                        None => false,
                    };
                    if first {
                        self.emit(if want == Some(Role::Attacker) {
                            super::events::Event::Attacked(u)
                        } else {
                            super::events::Event::Defended(u)
                        });
                    }
                    self.changed();
                }
            }
        }
        // 322.4 / 181.4.c: battlefields with no units and no contested status become uncontrolled.
        for b in self.battlefield_ids() {
            let bf = &self.battlefields[b];
            if bf.controller.is_some()
                && bf.contested_by.is_none()
                && self.units_iter(Loc::Battlefield(b)).next().is_none()
            {
                trace!(self, "322.4", "{} becomes uncontrolled", self.describe_loc(Loc::Battlefield(b)));
                self.battlefield_mut(b).controller = None;
                self.changed();
            }
        }
        // 322.5 / 144.3 / 431.1: gear at battlefields is recalled (not an attached one, which is
        // where its top-most card is, SFD-719.3); hidden cards at battlefields their controller no
        // longer controls go to the trash (106.4.d).
        for b in self.battlefield_ids() {
            let gear_here = |g: &crate::kernel::ObjId| self.card(*g).kind == super::cards::CardType::Gear;
            // Most battlefields hold no gear: looked for before a list is made.
            let gear: Vec<_> = if self.battlefields[b].units.iter().any(gear_here) {
                self.battlefields[b]
                    .units
                    .iter()
                    .copied()
                    .filter(|g| gear_here(g) && self.top_most_of(*g).is_none())
                    .collect()
            } else {
                Vec::new()
            };
            for g in gear {
                trace!(self, "322.5", "gear {} at a battlefield is recalled", self.describe(g));
                self.recall(g);
            }
            let lost: Vec<crate::kernel::ObjId> = if self.battlefields[b].facedown.is_empty() {
                Vec::new()
            } else {
                self.battlefields[b]
                    .facedown
                    .iter()
                    .copied()
                    .filter(|f| self.battlefields[b].controller != Some(self.obj(*f).controller))
                    .collect()
            };
            for f in lost {
                trace!(self, "322.5", "hidden {} is removed: its controller lost the battlefield", self.describe(f));
                let owner = self.obj(f).owner;
                self.move_object(f, super::state::Zone::Trash, owner, super::actions::Pos::Bottom);
            }
        }
        // 322.6 / 322.7: stage showdowns and combats at contested battlefields.
        self.stage(resolving);
        // 322.8: finalize pending items on the chain.
        self.finalize_pending()?;
        if resolving.is_some() || !self.chain.is_empty() || self.showdown.is_some() {
            return Ok(());
        }
        // 322.9: in a neutral open state, the turn player picks a staged showdown to begin.
        // Looked for before a list is made: most passes find nothing staged.
        let staged: Vec<Bf> = if self.battlefields.iter().any(|bf| bf.showdown_staged) {
            self.battlefield_ids().filter(|b| self.battlefields[*b].showdown_staged).collect()
        } else {
            Vec::new()
        };
        if let Some(b) = self.choose_battlefield(&staged)? {
            self.begin_showdown(b);
            return Ok(());
        }
        // 322.10 / 435.1: likewise a staged combat.
        let staged: Vec<Bf> = if self.battlefields.iter().any(|bf| bf.combat_staged) {
            self.battlefield_ids().filter(|b| self.battlefields[*b].combat_staged).collect()
        } else {
            Vec::new()
        };
        if let Some(b) = self.choose_battlefield(&staged)? {
            if staged.len() > 1 {
                trace!(
                    self,
                    "435.1",
                    "{} combats are staged: {} resolves the one at {} first",
                    staged.len(),
                    self.turn_player,
                    self.describe_loc(Loc::Battlefield(b))
                );
            }
            self.begin_combat(b);
            self.initial_chain()?;
        }
        Ok(())
    }

    fn choose_battlefield(&mut self, staged: &[Bf]) -> R<Option<Bf>> {
        if staged.is_empty() {
            return Ok(None);
        }
        let tp = self.turn_player;
        let options = staged.iter().map(|b| super::decision::Choice::Battlefield(*b)).collect();
        match self.decide(tp, super::decision::Ask::ChooseBattlefield, options)? {
            super::decision::Choice::Battlefield(b) => Ok(Some(b)),
            _ => Ok(None),
        }
    }

    /// 322.6-322.7 (with 425.1, 426.1, 434): a contested battlefield where units of two players
    /// are present stages a combat; one where only the contesting player's units are stages a
    /// showdown. A contest whose contesting player has no unit left there ends.
    fn stage(&mut self, resolving: Option<Bf>) {
        let current = self.showdown.as_ref().map(|s| s.battlefield).or(resolving);
        for b in self.battlefield_ids() {
            if current == Some(b) {
                continue;
            }
            let bf = &self.battlefields[b];
            let Some(a) = bf.contested_by else {
                if bf.showdown_staged || bf.combat_staged {
                    let bf = self.battlefield_mut(b);
                    bf.showdown_staged = false;
                    bf.combat_staged = false;
                }
                continue;
            };
            let present = self.players_at(b);
            let opposed = present.iter().any(|p| *p != a);
            let (showdown, combat) = if !present.contains(&a) {
                (false, false)
            } else if bf.combat_staged && opposed {
                // 322.7.a / 345.2.b: a staged combat stays staged while both sides are there.
                (false, true)
            } else if bf.controller.is_none() {
                // 322.6: contested and uncontrolled: a showdown (345.2.b stages the combat
                // after it if two players' units are still there).
                (true, false)
            } else if opposed {
                // 322.7: contested and controlled by another player: a combat.
                (false, true)
            } else {
                // Contested, controlled by an opponent with no unit left there: a showdown
                // (see docs/rulings.md).
                (true, false)
            };
            if !present.contains(&a) {
                trace!(
                    self,
                    "181.3.b",
                    "the contest of {} ends: no unit of {a} is there",
                    self.describe_loc(Loc::Battlefield(b))
                );
                self.battlefield_mut(b).contested_by = None;
                self.changed();
            }
            // Only a change of what is staged is written (a written battlefield stales every
            // memoized characteristics value, as "here" reads battlefields).
            let bf = &self.battlefields[b];
            if bf.showdown_staged != showdown || bf.combat_staged != combat {
                let bf = self.battlefield_mut(b);
                let unstaged = bf.combat_staged && !combat;
                bf.showdown_staged = showdown;
                bf.combat_staged = combat;
                if showdown {
                    trace!(self, "322.6", "a showdown is staged at {}", self.describe_loc(Loc::Battlefield(b)));
                }
                if combat {
                    trace!(self, "322.7", "a combat is staged at {}", self.describe_loc(Loc::Battlefield(b)));
                }
                if unstaged {
                    trace!(
                        self,
                        "435.2",
                        "the combat staged at {} is no longer staged: it is not resolved",
                        self.describe_loc(Loc::Battlefield(b))
                    );
                }
            }
        }
    }

    /// 709: a unit "becomes Mighty" when its might goes from below 5 to 5 or more. Cleanups
    /// follow every change of state (319.6), so comparing here catches every such moment.
    /// Every unit's Might is looked at only if something changed since the last look (the
    /// characteristics memo's version): most cleanup passes follow a step that changed nothing
    /// a Might is computed from.
    ///
    /// Only a triggered ability (and the trace) can see a unit become Mighty: the event is read
    /// by nothing else. While neither is there, Might goes unobserved; the next look after that
    /// records every unit's state without an event, as no one could have seen it change.
    fn observe_mighty(&mut self) {
        if !self.mighty_watched() {
            self.mighty_stale = true;
            return;
        }
        let version = self.chars_cache.version();
        if self.mighty_seen_at == Some(version) && !self.mighty_stale {
            return;
        }
        let silent = std::mem::take(&mut self.mighty_stale);
        for u in self.all_units() {
            let now = self.is_mighty(u);
            if now != self.obj(u).was_mighty {
                // Not read by the layers: no change to report to the characteristics memo.
                self.obj_mut_unread(u).was_mighty = now;
                if now && !silent {
                    trace!(self, "709", "{} becomes Mighty ({} might)", self.describe(u), self.might(u));
                    self.emit(super::events::Event::BecameMighty(u));
                }
            }
        }
        // An event emitted here is a change (a condition may count it): then the next pass
        // looks again, as the version it sees is a later one.
        self.mighty_seen_at = Some(version);
    }

    /// Whether anything can see a unit become Mighty (709): a triggered ability of the game's
    /// cards that listens for it, or the trace.
    pub(crate) fn mighty_watched(&self) -> bool {
        self.trace.on || self.text_index.listens & super::triggers::kind::BECAME_MIGHTY != 0
    }

    /// The player contesting a battlefield, if any.
    pub fn contester(&self, b: Bf) -> Option<PlayerId> {
        self.battlefields[b].contested_by
    }
}
