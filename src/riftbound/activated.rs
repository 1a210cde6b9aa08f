//! Activated abilities (369-374, 386-394): when they may be activated, and the activation
//! process (the play process applied to an ability: targets, costs, finalize).

use super::abilities::{
    Ability, AbilityKind, AbilityTiming, ActivationCost, Added, StaticEffect, TargetSpec, UnitFilter,
};
use super::cards::CardType;
use super::costs::Cost;
use super::decision::{Ask, Choice};
use super::play::Timing;
use super::state::{ChainItem, Game, ItemKind, R};
use crate::kernel::{ObjId, PlayerId};
use crate::trace;

/// An ability an object has: its index on that object, the ability, and, for an ability it has
/// from another object's text, that lender and the ability's index on the lender's card.
pub type HeldAbility<'g> = (u8, &'g Ability, Option<(ObjId, u8)>);

impl Game {
    /// Objects on the board whose abilities `p` controls (runes' abilities are the rune pool's).
    pub(crate) fn ability_holders(&self, p: PlayerId) -> impl Iterator<Item = ObjId> + '_ {
        let units = self.units_on_board().filter(move |u| self.controller(*u) == p);
        let gear = self.player(p).base.iter().copied().filter(|g| self.card(*g).kind == CardType::Gear);
        units.chain(gear).chain(self.player(p).legend)
    }

    /// The activated abilities an object has, by index: its card's, then (past those) the ones
    /// it has from other objects' text, with their lender: the quoted abilities passives give it
    /// (450.2.a); Heimerdinger, Inventor has every
    /// activated ability with [E] in its costs of his controller's legend, other units and gear
    /// (he is their source, so [E] exhausts him).
    /// The abilities are borrowed from the card database, never copied (this is asked for every
    /// permanent whenever legal actions are listed).
    pub fn abilities_of(&self, o: ObjId) -> Vec<HeldAbility<'_>> {
        let abilities = &self.card(o).abilities;
        let own = &abilities.abilities;
        // `top_most_of` and `attached_to` from one look at the links.
        let links = self.links();
        // SFD-718.2: an attached card's rules text is inactive; SFD-136.2.b: so is an unattached one's
        // effect text.
        let active = !links.iter().any(|(a, _)| *a == o);
        let mut out: Vec<HeldAbility> =
            abilities.rules_text().filter(|_| active).map(|(i, a)| (i as u8, a, None)).collect();
        let mut next = own.len();
        // SFD-718.3: the effect text of the cards attached to it is its own.
        for lender in links.iter().filter(|(_, t)| *t == o).map(|(a, _)| *a) {
            for (j, a) in self.card(lender).abilities.effect_text() {
                if matches!(a.kind, AbilityKind::Activated { .. }) && next < u8::MAX as usize {
                    out.push((next as u8, a, Some((lender, j as u8))));
                    next += 1;
                }
            }
        }
        // 450.2.a: quoted abilities other objects' passives give it ("Units here have \"...\"").
        for (lender, j) in self.given_abilities(o) {
            if let Some(a) = self.card(lender).abilities.abilities.get(j as usize)
                && next < u8::MAX as usize
            {
                out.push((next as u8, a, Some((lender, j))));
                next += 1;
            }
        }
        let borrows = out.iter().find_map(|(_, a, _)| match &a.kind {
            AbilityKind::Static { effect: StaticEffect::ExhaustAbilitiesOf(of), .. } => Some(of.clone()),
            _ => None,
        });
        let Some(of) = borrows else { return out };
        if !self.obj(o).alive || !self.obj(o).zone.is_board() {
            return out;
        }
        let you = self.controller(o);
        for lender in self.ability_holders(you) {
            if lender == o || !self.unit_matches(&of, lender, you, o) {
                continue;
            }
            for (j, a, _) in self.abilities_of_own(lender) {
                if let AbilityKind::Activated { costs, .. } = &a.kind
                    && costs.contains(&ActivationCost::Exhaust)
                    && next < u8::MAX as usize
                {
                    out.push((next as u8, a, Some((lender, j))));
                    next += 1;
                }
            }
        }
        out
    }

    /// Whether `o` may hold an activated ability: false only if none of the places
    /// [`abilities_of`](Game::abilities_of) takes abilities from can give it one (its own rules
    /// text, the cards attached to it, abilities given to it, and the borrowing an own static
    /// does). Most permanents have none, and listing options asks about every one.
    /// The attachment links (`Game::links`) and [`Game::gives_activated`] are found once by the
    /// caller, for its walk of every permanent.
    fn may_hold_activated_in(&self, o: ObjId, links: &[(ObjId, ObjId)], gives_activated: bool) -> bool {
        let own = self.text_index.activated.contains(self.obj(o).card);
        let held =
            own || links.iter().any(|(_, t)| *t == o) || (gives_activated && !self.given_abilities(o).is_empty());
        debug_assert!(
            held || !self.abilities_of(o).iter().any(|(_, a, _)| matches!(a.kind, AbilityKind::Activated { .. })),
            "{} holds an activated ability may_hold_activated does not see",
            self.describe(o)
        );
        held
    }

    /// Whether an effect in force gives an ability that [activates](Ability::activates): only
    /// then can a given ability be one (most given abilities are triggered or passive).
    fn gives_activated(&self) -> bool {
        self.grant_effects
            && self.effects.iter().any(|e| match (&e.modification, e.source) {
                (super::layers::Modification::GrantAbility(i), Some(s)) => {
                    self.card(s).abilities.abilities.get(*i as usize).is_some_and(|a| a.activates())
                }
                _ => false,
            })
    }

    /// The active abilities of `o`'s own rules text (not borrowed ones).
    fn abilities_of_own(&self, o: ObjId) -> Vec<HeldAbility<'_>> {
        if self.top_most_of(o).is_some() {
            return Vec::new();
        }
        self.card(o).abilities.rules_text().map(|(i, a)| (i as u8, a, None)).collect()
    }

    /// 371-374: the activated abilities `p` may activate now, as (object, ability index).
    pub fn activatable_abilities(&self, p: PlayerId) -> Vec<(ObjId, u8)> {
        let mut out = Vec::new();
        // The timing allowed now, found once: without one, nothing is activated (312.1).
        let Some(least) = self.least_timing(p) else { return out };
        let (links, gives) = (self.links(), self.gives_activated());
        for o in self.ability_holders(p).filter(|o| self.may_hold_activated_in(*o, links, gives)) {
            for (i, a, _) in self.abilities_of(o) {
                let AbilityKind::Activated { costs, timing, only_while } = &a.kind else { continue };
                let timing = match timing {
                    AbilityTiming::Normal => Timing::Normal,
                    AbilityTiming::Action => Timing::Action,
                    AbilityTiming::Reaction => Timing::Reaction,
                };
                if !timing.meets(least) {
                    continue;
                }
                // Cheap rejections first: the costs other than resources ([E] of an exhausted
                // permanent, most often) are read from records, and they must be payable
                // whatever targets are chosen, so the targets are not looked for without them.
                if !self.can_pay_other_activation_costs(p, o, costs) {
                    continue;
                }
                if only_while.as_ref().is_some_and(|c| !self.holds(c, o, p, None)) {
                    continue;
                }
                // 390.2: an activated ability needs legal choices for its required targets; the
                // cheapest one's Deflect surcharge is part of its total cost (391.2, 725.1.c).
                let Some(deflect) = self.least_deflect(p, o, &a.targets) else { continue };
                let discount = self.best_chosen_discount(p, o, costs, &a.targets);
                if self.can_pay_activation_resources(p, costs, deflect, discount) {
                    out.push((o, i));
                }
            }
        }
        out
    }

    /// 416.3, 354.1.a: the activated abilities with [Reaction] that Add resources and that `p`
    /// could activate while paying a cost, as (object, ability index, what it adds): only those
    /// whose instructions are just an "[Add]", with no targets, whose costs need no resources
    /// (e.g. [E] of a ready permanent) and can be paid now.
    pub(crate) fn add_reactions(&self, p: PlayerId) -> Vec<(ObjId, u8, Added)> {
        let mut out = Vec::new();
        // Every ability an object can hold is in the text of one of the game's cards.
        if !self.text_index.add_reactions {
            return out;
        }
        let (links, gives) = (self.links(), self.gives_activated());
        for o in self.ability_holders(p).filter(|o| self.may_hold_activated_in(*o, links, gives)) {
            for (i, a, _) in self.abilities_of(o) {
                let AbilityKind::Activated { costs, timing: AbilityTiming::Reaction, only_while } = &a.kind else {
                    continue;
                };
                let Some(added) = a.added.clone() else { continue };
                if !a.targets.is_empty() || costs.iter().any(|c| matches!(c, ActivationCost::Resources(_))) {
                    continue;
                }
                if only_while.as_ref().is_some_and(|c| !self.holds(c, o, p, None)) {
                    continue;
                }
                if self.can_pay_activation(p, o, costs, 0, 0) {
                    out.push((o, i, added));
                }
            }
        }
        out
    }

    /// What `p` may kill to pay "Kill a friendly unit or gear": the objects they control the
    /// filter names; not the source when the costs also exhaust it (401.5: it must stay to be
    /// exhausted).
    fn cost_kill_candidates(&self, p: PlayerId, source: ObjId, f: &UnitFilter, costs: &[ActivationCost]) -> Vec<ObjId> {
        let exhausts = costs.contains(&ActivationCost::Exhaust);
        self.matching(f, Some(p), Some(source)).into_iter().filter(|u| !(exhausts && *u == source)).collect()
    }

    /// 391.2: the largest discount "reduced by the Might of the unit you choose" can give: the
    /// highest Might among the units the first target may be (0 without that discount).
    fn best_chosen_discount(&self, p: PlayerId, o: ObjId, costs: &[ActivationCost], specs: &[TargetSpec]) -> u32 {
        if specs.is_empty() || !costs.contains(&ActivationCost::LessByChosenMight) {
            return 0;
        }
        let candidates = self.target_candidates(p, Some(o), specs, 0);
        candidates.into_iter().map(|u| self.might(u).max(0) as u32).max().unwrap_or(0)
    }

    /// Whether `p` can pay `costs` plus `deflect` [A] for Deflect (725.1.c), the resources as
    /// one total (391), `discount` Energy less (391.2).
    fn can_pay_activation(&self, p: PlayerId, o: ObjId, costs: &[ActivationCost], deflect: u32, discount: u32) -> bool {
        self.can_pay_activation_resources(p, costs, deflect, discount)
            && self.can_pay_other_activation_costs(p, o, costs)
    }

    /// The resources part of [`Game::can_pay_activation`].
    fn can_pay_activation_resources(&self, p: PlayerId, costs: &[ActivationCost], deflect: u32, discount: u32) -> bool {
        let mut resources = resources_of(costs);
        resources.energy = resources.energy.saturating_sub(discount);
        resources.power.extend(std::iter::repeat_n(super::cards::PowerSymbol::Any, deflect as usize));
        self.can_afford(p, &resources)
    }

    /// The part of [`Game::can_pay_activation`] other than resources: exhausting, killing,
    /// discarding, recycling, spending, read from the records and zones.
    fn can_pay_other_activation_costs(&self, p: PlayerId, o: ObjId, costs: &[ActivationCost]) -> bool {
        costs.iter().all(|c| match c {
            // 401.4: exhausting as a cost must be possible.
            ActivationCost::Exhaust => !self.obj(o).exhausted,
            ActivationCost::Resources(_) => true,
            ActivationCost::RecycleTrash(n) => self.player(p).trash.len() >= *n as usize,
            ActivationCost::Discard(n) => self.player(p).hand.len() >= *n as usize,
            ActivationCost::DiscardA(kind) => self.player(p).hand.iter().any(|c| self.card(*c).kind == *kind),
            ActivationCost::RecycleA(kind) => self.player(p).trash.iter().any(|c| self.card(*c).kind == *kind),
            ActivationCost::KillThis => true,
            ActivationCost::KillFriendly(f) => !self.cost_kill_candidates(p, o, f, costs).is_empty(),
            // 702.2.b.1: no buff, nothing to spend.
            ActivationCost::SpendMyBuff => self.obj(o).buffs > 0,
            ActivationCost::SpendXp(n) => self.xp(p) >= *n,
            ActivationCost::Disempower => self.obj(o).empowered,
            ActivationCost::LessByChosenMight => true,
        })
    }

    /// "Discard a spell", "Recycle a unit from your trash" (409.3, 403.3): the payer chooses the
    /// card of type `kind` among `cards` that pays the cost.
    fn one_card_of(&mut self, p: PlayerId, cards: &[ObjId], kind: CardType) -> R<Option<ObjId>> {
        let options: Vec<Choice> =
            cards.iter().copied().filter(|c| self.card(*c).kind == kind).map(Choice::Obj).collect();
        Ok(match self.decide(p, Ask::PayCost, options)? {
            Choice::Obj(card) => Some(card),
            _ => None,
        })
    }

    /// 386-394: activates ability `index` of `source`. Returns false if it was undone (355.3).
    pub fn activate_ability(&mut self, p: PlayerId, source: ObjId, index: u8) -> R<bool> {
        let snapshot = self.snapshot();
        let Some((ability, lender)) =
            self.abilities_of(source).into_iter().find(|(i, ..)| *i == index).map(|(_, a, l)| (a.clone(), l))
        else {
            return Ok(false);
        };
        let AbilityKind::Activated { costs, .. } = &ability.kind else { return Ok(false) };
        // 389: the ability goes on the chain as a pending item; the state closes.
        trace!(self, "370.2", "{p} activates {}: {}", self.describe(source), ability.text);
        self.chain.push(ChainItem {
            kind: match lender {
                Some((lender, index)) => ItemKind::Borrowed { source, lender, index },
                None => ItemKind::Ability { source, index },
            },
            controller: p,
            pending: true,
            targets: Vec::new(),
            that_player: None,
            that_unit: None,
            that_battlefield: None,
            costs_paid: Vec::new(),
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
        let mut resources = resources_of(costs);
        if let Some(more) = self.deflect_increase(p, &self.chain[at].targets) {
            resources.power.extend(more.power);
        }
        if costs.contains(&ActivationCost::LessByChosenMight)
            && let Some(u) = self.chain[at].targets.first().and_then(|t| t.objs().first().copied())
        {
            let less = self.might(u).max(0) as u32;
            trace!(self, "391.2", "its Energy cost is reduced by {} (the Might of {})", less, self.describe(u));
            resources.energy = resources.energy.saturating_sub(less);
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
                ActivationCost::DiscardA(kind) => {
                    let hand = self.player(p).hand.clone();
                    if let Some(card) = self.one_card_of(p, &hand, *kind)? {
                        self.discard(p, &[card]);
                    }
                }
                ActivationCost::RecycleA(kind) => {
                    let trash = self.player(p).trash.clone();
                    if let Some(card) = self.one_card_of(p, &trash, *kind)? {
                        self.recycle(p, &[card])?;
                    }
                }
                ActivationCost::KillThis => self.kill(&[source], None)?,
                ActivationCost::KillFriendly(f) => {
                    let options = self.cost_kill_candidates(p, source, f, costs).into_iter().map(Choice::Obj).collect();
                    if let Choice::Obj(u) = self.decide(p, Ask::PayCost, options)? {
                        trace!(self, "415", "{p} kills {} to pay the cost", self.describe(u));
                        self.kill(&[u], None)?;
                    }
                }
                ActivationCost::SpendMyBuff => _ = self.spend_buff(p, source),
                ActivationCost::SpendXp(n) => _ = self.spend_xp(p, *n),
                ActivationCost::Disempower => self.disempower(source),
                ActivationCost::LessByChosenMight => {}
                ActivationCost::Resources(_) => {}
            }
        }
        self.emit(super::events::Event::Activated { source, index });
        self.emit_targeted(at, source);
        // 416.2: an ability that adds resources finalizes and resolves at once, without the
        // chain waiting for passes (416.2.a: priority does not pass). The card language marks
        // an ability whose instructions Add (`Ability::adds_resources`).
        if ability.adds_resources {
            let item = self.chain.remove(at);
            trace!(self, "416.2", "{} resolves as it is finalized", self.describe(source));
            self.resolve_ability(&item)?;
            self.add_resolved();
            self.changed();
            return Ok(true);
        }
        // 394: it becomes a chain item; its controller gets priority.
        self.chain[at].pending = false;
        self.priority = Some(crate::kernel::chain::added(self, p));
        self.changed();
        Ok(true)
    }
}

/// The Energy and Power among an activated ability's costs, summed (391.1.a).
fn resources_of(costs: &[ActivationCost]) -> Cost {
    let mut resources = Cost::default();
    for c in costs {
        if let ActivationCost::Resources(r) = c {
            resources.energy += r.energy;
            resources.power.extend(r.power.iter().copied());
        }
    }
    resources
}
