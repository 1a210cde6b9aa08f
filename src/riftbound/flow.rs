//! The flow of play: one [`Game::step`] runs from one quiescent point to the next. Who acts is
//! decided in this order: an unfinished chain (326-336), then a showdown (337-345), then the
//! turn's phases (301-317), with the action phase's neutral open state (310.1) in between.

use super::cleanup::Special;
use super::decision::{Ask, Choice};
use super::state::{ChainItem, Game, ItemKind, Outcome, R, Step, Zone};
use crate::kernel::chain::{self, Chain, Passed, PriorityPolicy};
use crate::kernel::session::Resumable;
use crate::kernel::{ChainEntry, PlayerId};
use crate::trace;

impl Game {
    /// Runs one step of the game. Returns true when the game is over.
    pub fn step(&mut self) -> R<bool> {
        if self.is_over() {
            return Ok(true);
        }
        #[cfg(debug_assertions)]
        let before = self.mark();
        self.priority = self.priority_holder();
        if !self.chain.is_empty() {
            self.chain_step()?;
        } else if let Some(p) = self.priority {
            self.act(p)?;
        } else {
            self.advance_step()?;
        }
        // 343: a chain of this showdown that this step ended passes focus.
        self.chain_ended_in_showdown();
        // Between steps the state says who may act next.
        self.priority = self.priority_holder();
        // An engine bug shows at the step that caused it, in every debug and test build.
        #[cfg(debug_assertions)]
        {
            let broken = self.step_violations(&before);
            assert!(broken.is_empty(), "{}: invariants broken:\n{}", self.describe_step(&before), broken.join("\n"));
        }
        self.steps_this_turn += 1;
        if self.steps_this_turn > self.step_cap && !self.is_over() {
            trace!(self, "302", "step cap of {} reached in one turn: the game stops without a winner", self.step_cap);
            self.outcome = Some(Outcome::Stalled { turn: self.turn });
        }
        Ok(self.is_over())
    }

    /// Who holds priority in the current state (312.2): on a chain, whoever it was passed to, or
    /// the controller of the newest item (312.2.c, 333.1.c.3); in a showdown's open state, the
    /// player with focus (312.2.b, 313.2); in the action phase's neutral open state, the turn
    /// player (312.2.a) or the teammate they offered it to (316.2.b.1, `teammates.rs`);
    /// otherwise no one.
    pub fn priority_holder(&self) -> Option<PlayerId> {
        if self.is_over() {
            None
        } else if !self.chain.is_empty() {
            self.priority.or(self.chain.newest_controller())
        } else if let Some(sd) = &self.showdown {
            Some(sd.focus)
        } else if self.step == Step::Action {
            Some(self.neutral_open_holder())
        } else {
            None
        }
    }

    /// Plays the game to its end (or the turn cap) with the in-process agents.
    pub fn run(&mut self) -> R<Outcome> {
        while !self.step()? {}
        Ok(self.outcome.clone().expect("a finished game has an outcome"))
    }

    /// 326-336 with a chain: finalize pending items, else the priority holder acts or passes;
    /// when every player has passed in a row, the newest item resolves.
    fn chain_step(&mut self) -> R<()> {
        if self.chain.has_pending() {
            self.finalize_pending()?;
            // 333.1.c.3: with nothing pending, the newest item's controller gains priority.
            self.priority = self.chain.newest_controller();
            return Ok(());
        }
        let p = match self.priority {
            Some(p) => p,
            None => {
                // 333.1.c.3: the controller of the newest item gains priority.
                let p = self.chain.last().unwrap().controller;
                self.priority = Some(p);
                p
            }
        };
        if self.act(p)? {
            // Anything added to the chain (even an Add ability that resolved at once) starts a
            // new round of passes (335.1).
            self.chain.restart_passes();
        } else {
            // 334.1.c / 335: pass priority; after a full round of passes, resolve (336).
            trace!(self, "334.1.c", "{p} passes priority");
            match chain::pass(self, p) {
                Passed::Resolve => self.resolve_top()?,
                Passed::To(next) => {
                    self.priority = Some(next);
                    trace!(self, "312.2.d", "{next} gains priority");
                }
            }
        }
        Ok(())
    }

    /// 322.8 / 333.1: pending items finish their play process in the order they were added.
    pub fn finalize_pending(&mut self) -> R<()> {
        while let Some(i) = self.chain.next_pending() {
            // A card played while an effect was resolving finishes its play process now (351.3).
            if let ItemKind::Card(_) = self.chain[i].kind {
                self.finish_waiting_play(i)?;
                self.priority = None;
                self.chain.restart_passes();
                continue;
            }
            // Pending abilities choose their targets now (390), or leave the chain if they
            // can't (390.3).
            if !self.finalize_ability_item(i)? {
                self.changed();
                continue;
            }
            self.chain[i].set_finalized();
            // 416.2: a triggered ability that Adds finalizes and resolves at once; priority and
            // focus do not pass (416.2.a).
            if self.adds_resources(&self.chain[i]) {
                let item = self.chain.remove(i);
                trace!(self, "416.2", "{} resolves as it is finalized", self.describe_item(&item));
                self.resolve_ability(&item)?;
                self.add_resolved();
                self.changed();
                continue;
            }
            trace!(self, "394.2", "{} becomes a chain item", self.describe_item(&self.chain[i]));
            self.changed();
            // 333.1.c.3: the newest item's controller will gain priority once the chain is acted
            // on; nothing is awarded here, since this may run inside a cleanup (320.1).
            self.priority = None;
            self.chain.restart_passes();
        }
        Ok(())
    }

    /// 416.2: whether a chain item is a triggered ability whose instructions Add resources.
    fn adds_resources(&self, item: &super::state::ChainItem) -> bool {
        let ItemKind::Ability { source, index } = item.kind else { return false };
        self.card(source).abilities.abilities.get(index as usize).is_some_and(|a| a.adds_resources)
    }

    /// 336: the newest item resolves.
    pub(super) fn resolve_top(&mut self) -> R<()> {
        let item = self.chain.pop().expect("an item to resolve");
        trace!(self, "336.1", "{} resolves", self.describe_item(&item));
        if let ItemKind::Card(card) = item.kind {
            let item_card = card;
            // 356.3.d: a spell's instructions, top to bottom, then it goes to its owner's trash.
            self.run_spell(&item, card)?;
            let owner = self.obj(card).owner;
            let hidden = self.obj(card).from_hidden.is_some();
            let p = item.controller;
            let after = self.components.get::<super::instructions::OnResolve>();
            let recycle = after.is_some_and(|r| r.recycle.contains(&card));
            let banish = after.is_some_and(|r| r.banish.contains(&card));
            let card = if banish {
                self.banish(&[card], Some(p));
                self.obj(card).next.unwrap_or(card)
            } else {
                trace!(self, "356.3.d", "{} is put into {owner}'s trash", self.describe(card));
                self.move_object(card, Zone::Trash, owner, super::actions::Pos::Bottom)
            };
            // 352 / 182.2: played by the player who played it, whoever controls it now.
            let by = self.played_by(item_card, p);
            self.player_mut(by).cards_played_this_turn += 1;
            self.emit(super::events::Event::Played { player: by, card, hidden });
            if recycle {
                // Kai'Sa, Evolutionary: "play a spell from your trash ... Then recycle it."
                self.recycle(p, &[card])?;
            }
        } else {
            self.resolve_ability(&item)?;
        }
        self.priority = None;
        self.changed();
        self.cleanup()?;
        // 336.2: with the chain empty the state opens (in a showdown, focus passes once the step
        // is done, 343); 336.4: else the controller of the newest item gains priority.
        if let Some(p) = chain::resolved(self) {
            self.priority = Some(p);
        }
        Ok(())
    }

    /// The discretionary options of the player with priority (312.1, 398.1).
    pub fn action_options(&self, p: PlayerId) -> Vec<Choice> {
        // Room for a usual listing at once (growing it a push at a time showed in profiles).
        let mut options = Vec::with_capacity(16);
        let neutral_open = self.chain.is_empty() && self.showdown.is_none();
        // 316.6: the turn player ends their action phase; 316.2.b.1: a teammate holding the
        // neutral open state declines it, and the turn player may offer it to one (316.2.c).
        let turn_player = p == self.turn_player;
        if neutral_open && turn_player {
            options.push(Choice::EndTurn);
        }
        if !neutral_open || !turn_player || self.teammate_to_offer().is_some() {
            options.push(Choice::Pass);
        }
        for card in self.playable_cards(p) {
            options.push(Choice::Play(card));
        }
        for (o, i) in self.activatable_abilities(p) {
            options.push(Choice::Activate(o, i));
        }
        for (card, b) in self.hide_options(p) {
            options.push(Choice::Hide(card, b));
        }
        for dest in self.standard_move_destinations(p) {
            options.push(Choice::StandardMove(dest));
        }
        // 157.2: rune Add abilities have Reaction, so they may be used whenever p has priority.
        if self.has_rune_abilities(p) {
            options.push(Choice::AddResources);
        }
        options.retain(|c| !self.undone.iter().any(|(at, u)| *at == self.changes && u == c));
        options
    }

    /// The player with priority (or focus) takes one discretionary action. Returns false when
    /// they passed (or ended their turn).
    fn act(&mut self, p: PlayerId) -> R<bool> {
        let options = self.action_options(p);
        let choice = self.decide(p, Ask::Action, options)?;
        match choice {
            Choice::Pass if self.chain.is_empty() && self.showdown.is_none() => {
                // 316.2.b.1: the neutral open state passes between the turn player and their
                // teammates.
                if self.pass_neutral_open(p, false)? {
                    self.end_action_phase()?;
                }
                return Ok(false);
            }
            Choice::Pass => {
                if self.chain.is_empty() {
                    self.pass_focus()?;
                }
                return Ok(false);
            }
            Choice::EndTurn => {
                // 316.6: ending the action phase, once the teammates declined to act (316.2.b.1).
                if self.pass_neutral_open(p, true)? {
                    self.end_action_phase()?;
                }
                return Ok(false);
            }
            Choice::Play(card) => {
                if !self.play_card(p, card, Default::default())? {
                    self.undone.push((self.changes, choice));
                }
            }
            Choice::StandardMove(dest) => {
                self.standard_move(p, dest)?;
            }
            Choice::Hide(card, b) => {
                if !self.hide(p, card, b)? {
                    self.undone.push((self.changes, choice));
                }
            }
            Choice::Activate(o, i) => {
                if !self.activate_ability(p, o, i)? {
                    self.undone.push((self.changes, choice));
                }
            }
            Choice::AddResources => {
                let options: Vec<Choice> =
                    self.rune_abilities(p).into_iter().map(|(r, i)| Choice::Activate(r, i)).collect();
                if let Choice::Activate(r, i) = self.decide(p, Ask::AddResources, options)? {
                    self.activate_rune(p, r, i);
                }
            }
            other => unreachable!("not an action: {other:?}"),
        }
        self.teammate_acted(p);
        if let Some(sd) = self.showdown.as_mut() {
            // 344: acting in a showdown resets the run of passes.
            sd.passes = 0;
        }
        self.cleanup()?;
        Ok(true)
    }

    /// 316.6: the turn player's action phase ends.
    fn end_action_phase(&mut self) -> R<()> {
        trace!(self, "316.6", "{} ends their action phase", self.turn_player);
        self.step = Step::Ending;
        self.priority = None;
        self.changed();
        self.cleanup()
    }

    /// Runs the current step of the turn (other than the action phase) and moves to the next.
    fn advance_step(&mut self) -> R<()> {
        let tp = self.turn_player;
        match self.step {
            Step::Mulligan(i) => {
                let p = self.turn_order[i as usize];
                self.mulligan(p)?;
                if (i as usize) + 1 < self.turn_order.len() {
                    self.step = Step::Mulligan(i + 1);
                } else {
                    // 118: the first player takes the first turn.
                    self.start_turn(self.turn_order[0]);
                }
                return Ok(());
            }
            Step::Awaken => {
                // 315.1.a: ready everything the turn player controls.
                trace!(self, "315.1", "awaken phase: {tp} readies their game objects");
                let mut ids: Vec<_> = self.all_units().into_iter().filter(|u| self.controller(*u) == tp).collect();
                ids.extend(self.player(tp).base.iter().copied());
                ids.extend(self.player(tp).runes.iter().copied());
                ids.extend(self.player(tp).legend);
                for id in ids {
                    self.ready(id);
                }
                self.step = Step::Beginning;
            }
            Step::Beginning => {
                // 315.2.a: "at the start of the beginning phase" effects trigger now.
                trace!(self, "315.2.a", "beginning step");
                self.note_team_beginning();
                self.emit(super::events::Event::StepBegan { step: Step::Beginning, player: tp });
                self.step = Step::Scoring;
            }
            Step::Scoring => {
                // 315.2.b: holding.
                trace!(self, "315.2.b", "scoring step");
                self.hold()?;
                self.step = Step::Channel;
            }
            Step::Channel => {
                // 315.3.b: channel 2; the First Turn Process adds one (458.7, 460.7: `modes.rs`).
                let (want, rule) = self.runes_to_channel(tp);
                let n = self.channel(tp, want, false);
                trace!(self, "315.3.b", "channel phase: {tp} channels {n} rune(s)");
                if let Some(rule) = rule {
                    trace!(self, rule, "{tp} goes last and channels an extra rune in their first Channel Phase");
                }
                self.step = Step::Draw;
            }
            Step::Draw => {
                // 315.4.b: draw 1 (burning out if the deck is empty, 315.4.b.1-2).
                trace!(self, "315.4.b", "draw phase");
                if self.skips_first_draw(tp) {
                    trace!(self, self.mode.rule_of("7"), "{tp} goes first and does not draw in their first Draw Phase");
                } else {
                    self.draw(tp, 1)?;
                }
                // 315.4.d / 160: as the draw phase ends, every rune pool empties.
                for p in self.active_players() {
                    self.empty_pool(p);
                }
                self.step = Step::Action;
                trace!(self, "316.1", "action phase");
                // "at the start of your next Main Phase" triggers now (383.2).
                self.emit(super::events::Event::StepBegan { step: Step::Action, player: tp });
            }
            Step::Action => unreachable!("the action phase is driven by decisions"),
            Step::Ending => {
                // 317.1: ending step; 410.1.a.2: stunned units recover at its beginning.
                trace!(self, "317.1", "ending step");
                self.emit(super::events::Event::StepBegan { step: Step::Ending, player: tp });
                for u in self.all_units() {
                    if self.obj(u).stunned {
                        self.obj_mut(u).stunned = false;
                        trace!(self, "410.1.a.2", "{} is no longer stunned", self.describe(u));
                        self.changed();
                    }
                }
                self.step = Step::EndCleanup;
            }
            Step::EndCleanup => {
                // 317.2: a special cleanup that heals all units.
                self.step = Step::Expiration;
                self.changed();
                return self.cleanup_with(Special::EndOfTurn);
            }
            Step::Expiration => {
                // 317.3: "this turn" effects expire; rune pools empty; 317.4: next player.
                // Everything this clears is cleared again, harmlessly, if the cleanup below leaves
                // a chain to resolve before the step ends.
                trace!(self, "317.3.a", "expiration step: \"this turn\" effects expire");
                self.expire_effects(true);
                // Delayed abilities and "next spell" bonuses of this turn end (384); one waiting
                // for "your next Main Phase" waits on (383.2).
                self.components.get_mut::<super::replacements::Replacements>().expire_delayed();
                self.delayed_triggers.retain(|d| d.trigger == super::abilities::Trigger::StartOfMainPhase);
                self.components.get_mut::<super::instructions::SpellBonuses>().next.clear();
                self.components.get_mut::<super::instructions::PlayBans>().0.clear();
                self.components.get_mut::<super::hidden::HideFree>().0.clear();
                self.components.get_mut::<super::movement::MoveBans>().0.clear();
                self.components.get_mut::<super::instructions::NextUnitReady>().0.clear();
                self.end_turn_instructions();
                self.cost_modifiers.retain(|m| m.duration != super::layers::Duration::ThisTurn);
                // 319.2 / 709: a cleanup follows the expiration, in this turn: a unit whose "this
                // turn" penalty expired becomes Mighty now, not after the next turn player readies.
                self.changed();
                self.cleanup()?;
                if self.is_over() || !self.chain.is_empty() {
                    // What the cleanup put on the chain resolves before the step ends.
                    return Ok(());
                }
                for p in self.active_players() {
                    self.empty_pool(p);
                }
                // "Take a turn after this one" (rule 002): that player's turn comes first.
                let extra = self.components.get_mut::<ExtraTurns>();
                let taker = (!extra.0.is_empty()).then(|| extra.0.remove(0));
                let next = match taker.filter(|p| self.active_players().contains(p)) {
                    Some(p) => {
                        trace!(self, "002", "{p} takes a turn after this one");
                        p
                    }
                    None => self.next_player(tp),
                };
                if self.turn >= self.turn_cap {
                    trace!(self, "302", "turn cap of {} reached: the game stops without a winner", self.turn_cap);
                    self.outcome = Some(Outcome::TurnCap);
                    return Ok(());
                }
                self.start_turn(next);
                return Ok(());
            }
        }
        // 319.2: a cleanup after each transition between phases.
        self.changed();
        self.cleanup()
    }

    /// 306 / 317.4: `p` becomes the turn player and their turn starts with the awaken phase.
    pub fn start_turn(&mut self, p: PlayerId) {
        self.turn += 1;
        self.steps_this_turn = 0;
        self.turn_player = p;
        self.step = Step::Awaken;
        self.priority = None;
        // Every player's record changes: reported once (as `player_mut` would for each).
        self.chars_cache.changed();
        for pl in &mut self.players {
            let pl = std::sync::Arc::make_mut(pl);
            pl.scored_this_turn = 0;
            pl.cards_played_this_turn = 0;
            pl.spent_this_turn = Default::default();
        }
        self.player_mut(p).turns_taken += 1;
        self.undone.clear();
        self.emit(super::events::Event::TurnBegan { turn: self.turn, player: p });
        trace!(self, "315", "turn {} begins: {p} is the turn player", self.turn);
    }
}

/// Riftbound's priority on the chain: whoever adds an item keeps priority (356.3.a, 394), after a
/// resolution the controller of the newest item gains it (333.1.c.3, 336.4), a pass hands it to
/// the next player in turn order (334.1.c.1), and every player still in the game must pass
/// (335.1, 652.5.c).
impl PriorityPolicy for Game {
    type Item = ChainItem;

    fn chain(&self) -> &Chain<ChainItem> {
        &self.chain
    }

    fn chain_mut(&mut self) -> &mut Chain<ChainItem> {
        &mut self.chain
    }

    fn on_resolve(&self) -> PlayerId {
        self.chain.newest_controller().expect("priority after a resolution is asked with items left")
    }

    fn after_pass(&self, p: PlayerId) -> PlayerId {
        self.next_player(p)
    }

    fn players(&self) -> usize {
        self.active_players().len()
    }
}

impl Resumable for Game {
    fn step(&mut self) -> R<bool> {
        Game::step(self)
    }

    fn seat_empty(&mut self, agent: &mut dyn FnMut(PlayerId) -> Box<dyn crate::kernel::decision::Agent<Game>>) {
        self.agents.resize_with(self.players.len(), || None);
        for (i, seat) in self.agents.iter_mut().enumerate() {
            if seat.is_none() {
                *seat = Some(agent(PlayerId(i as u8)));
            }
        }
    }

    fn clear_answers(&mut self) {
        self.answers = crate::kernel::Answers::default();
    }
}

/// Players who take a turn after this one ("Take a turn after this one", rule 002), first first.
#[derive(Clone, Debug, Default)]
pub struct ExtraTurns(pub Vec<PlayerId>);
