//! Playing cards (346-356): the six steps, from putting the card on the chain to finalizing it,
//! with the legality check undoing everything when the play turns out illegal (355.3).

use super::abilities::{AbilityKind, PlayTo, StaticEffect, UnitFilter};
use super::cards::{CardType, PowerSymbol};
use super::costs::{AdditionalCost, Cost, CostChange, OtherCost, PlayOptions, Supply};
use super::decision::{Ask, Choice};
use super::events::Event;
use super::layers::Keyword;
use super::scoring::ScoreMethod;
use super::state::{Bf, ChainItem, Game, ItemKind, Loc, R, Step, Zone};
use crate::kernel::{ChainEntry, ObjId, PlayerId};
use crate::trace;

/// The timing a card or ability needs (308-310, 722, 729).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Timing {
    /// Neutral open state on its controller's own turn (310.1.a).
    Normal,
    /// Also in showdown open states (722).
    Action,
    /// Also in closed states (729).
    Reaction,
}

impl Timing {
    /// Whether something with this timing may be used where `least` is the least timing allowed.
    pub(crate) fn meets(self, least: Timing) -> bool {
        match least {
            Timing::Normal => true,
            Timing::Action => self != Timing::Normal,
            Timing::Reaction => self == Timing::Reaction,
        }
    }
}

impl Game {
    /// The timing permission of a card from its keywords.
    pub fn card_timing(&self, card: ObjId) -> Timing {
        // 727.6: a hidden card gains Reaction while facedown.
        if self.hidden_at(card).is_some() {
            return Timing::Reaction;
        }
        // `has_keyword`: without an effect about the keyword, the printed card answers.
        if self.has_keyword(card, Keyword::Reaction) {
            Timing::Reaction
        } else if self.has_keyword(card, Keyword::Action) {
            Timing::Action
        } else {
            Timing::Normal
        }
    }

    /// Is something with `timing` legally timed for `p` right now (308-313, 334.1.a)? Only the
    /// player with priority may act (312.1).
    pub fn timing_allows(&self, p: PlayerId, timing: Timing) -> bool {
        self.least_timing(p).is_some_and(|least| timing.meets(least))
    }

    /// The least timing that lets `p` act now (308-313), `None` if nothing does: the same for
    /// every card of a listing, so it is found once.
    pub(crate) fn least_timing(&self, p: PlayerId) -> Option<Timing> {
        if self.priority != Some(p) {
            return None;
        }
        let closed = !self.chain.is_empty();
        let showdown = self.showdown.is_some();
        match (closed, showdown) {
            // 310.1.a: neutral open, own turn, action phase; 316.2.b.1: or a teammate's turn,
            // when the turn player offered it to them.
            (false, false) => (self.step == Step::Action && self.neutral_open_holder() == p).then_some(Timing::Normal),
            // 308.1.a: showdown open: Action or Reaction.
            (false, true) => Some(Timing::Action),
            // 309.1.a: closed: Reaction only.
            (true, _) => Some(Timing::Reaction),
        }
    }

    /// Locations a unit being played by `p` may go to (352.2, 722.3): their base or a
    /// battlefield they control — with more than two players, not one with a staged combat or
    /// a combat in progress that `p` is not in (436.2).
    pub fn play_locations(&self, p: PlayerId) -> Vec<Loc> {
        let mut locs = vec![Loc::Base(p)];
        for b in self.battlefield_ids() {
            if self.battlefields[b].controller == Some(p) && !self.combat_excludes(b, p) {
                locs.push(Loc::Battlefield(b));
            }
        }
        locs
    }

    /// The battlefields besides the usual ones `p` may play unit `card` to (352.2): those its
    /// permissions name ([`Game::play_to_names`]).
    pub fn permitted_battlefields_for(&self, p: PlayerId, card: ObjId) -> Vec<Loc> {
        let permissions = self.play_permissions(p, card);
        if permissions.is_empty() {
            return Vec::new();
        }
        self.battlefield_ids()
            .filter(|b| permissions.iter().any(|to| self.play_to_names(p, *to, *b)))
            .map(Loc::Battlefield)
            .collect()
    }

    /// Whether battlefield `b` is one a play permission or restriction names for `p` (352.2):
    /// "an open battlefield", one no player controls (181.2.b), and "an occupied enemy
    /// battlefield", one an opponent controls with units of an opponent there, neither contested;
    /// "a battlefield you're attacking", the one of a combat in progress whose attacker `p` is
    /// (438.1.a.1); "a battlefield you conquered this turn", one `p` scored by conquering this turn
    /// (442.1).
    pub(crate) fn play_to_names(&self, p: PlayerId, to: PlayTo, b: Bf) -> bool {
        let bf = &self.battlefields[b];
        match to {
            PlayTo::Open => bf.is_open(),
            PlayTo::OccupiedEnemy => {
                bf.contested_by.is_none()
                    && bf.controller.is_some_and(|c| c != p)
                    && self.players_at(b).iter().any(|q| *q != p)
            }
            PlayTo::Attacking => self
                .showdown
                .as_ref()
                .is_some_and(|sd| sd.battlefield == b && sd.combat.as_ref().is_some_and(|c| c.attacker == p)),
            PlayTo::ConqueredThisTurn => self.events_this_turn().iter().any(|e| {
                matches!(e, Event::Scored { player, battlefield, method: ScoreMethod::Conquer, .. }
                    if *player == p && *battlefield == b)
            }),
            PlayTo::Controlled => bf.controller == Some(p),
            PlayTo::Any => true,
        }
    }

    /// "Play me only to ...": the battlefields unit `card` may be played to by `p` instead of the
    /// usual locations (352.2; the card wins, 002), or `None` for a card without that restriction.
    fn only_locations(&self, p: PlayerId, card: ObjId) -> Option<Vec<Loc>> {
        let only = self.card(card).abilities.rules_text().find_map(|(_, a)| match a.kind {
            AbilityKind::Static { effect: StaticEffect::PlayOnlyTo(to), .. } => Some(to),
            _ => None,
        })?;
        Some(self.battlefield_ids().filter(|b| self.play_to_names(p, only, *b)).map(Loc::Battlefield).collect())
    }

    /// 436.2: with more than two players, is there a staged combat or a combat in progress at
    /// `b` that `p` is not involved in?
    pub fn combat_excludes(&self, b: Bf, p: PlayerId) -> bool {
        self.players.len() > 2 && self.combat_players(b).is_some_and(|ps| !ps.contains(&p))
    }

    /// The printed cost (130).
    pub fn base_cost(&self, card: ObjId) -> Cost {
        let c = self.card(card);
        Cost { energy: c.energy, power: c.power.clone() }
    }

    /// 353: the total cost with the chosen optional costs; discounts in the order given.
    fn total_cost(
        &self,
        card: ObjId,
        opts: &PlayOptions,
        additional: &[AdditionalCost],
        changes: &[CostChange],
    ) -> Cost {
        // [Flow] (rule 002): played from the trash, the Flow cost stands in for the card's own.
        let flow = self.card(card).abilities.flow.as_ref().filter(|_| opts.flow);
        // "play me for [A]": the cost the instruction names stands in for the card's own.
        let mut cost = opts.cost.clone().or_else(|| flow.cloned()).unwrap_or_else(|| self.base_cost(card));
        // 353.1: ignoring a cost sets that base cost to zero.
        let ignore = changes.contains(&CostChange::Ignore);
        if opts.ignore_energy || ignore {
            cost.energy = 0;
        }
        if opts.ignore_power || ignore {
            cost.power.clear();
        }
        // 353.2: additional costs.
        for a in additional {
            cost.energy += a.cost.energy;
            cost.power.extend(a.cost.power.iter().copied());
        }
        // 353.3: increases.
        for ch in changes {
            if let CostChange::Increase(inc) = ch {
                cost.energy += inc.energy;
                cost.power.extend(inc.power.iter().copied());
            }
        }
        // 353.4: discounts in the given order; a minimum limits only its own discount
        // (353.4.c); nothing goes below 0 (353.5).
        for ch in changes {
            if let CostChange::Discount { energy, min_energy, power } = ch {
                let floor = (*min_energy).min(cost.energy);
                cost.energy = cost.energy.saturating_sub(*energy).max(floor);
                for symbol in power {
                    // An [A] discount removes [A] symbols first, then domain symbols; a domain's
                    // discount removes that domain's symbol (353.5: never below 0).
                    let i = cost.power.iter().position(|s| s == symbol);
                    let i = if *symbol == PowerSymbol::Any { i.or(cost.power.len().checked_sub(1)) } else { i };
                    if let Some(i) = i {
                        cost.power.remove(i);
                    }
                }
            }
        }
        // 353.4 / 353.5: the discount of the instruction playing it ("reducing its cost by [5]").
        cost.energy = cost.energy.saturating_sub(opts.energy_less);
        cost
    }

    /// Cards `p` could begin to play now: from hand, champion zone or facedown (727.1.b),
    /// legally timed, with a payable minimum cost (398.1.b).
    pub fn playable_cards(&self, p: PlayerId) -> Vec<ObjId> {
        let mut out = Vec::new();
        // Without a timing that lets `p` act, no card is timed, not even as a Reaction by its
        // Ambush (822.1.b).
        let Some(least) = self.least_timing(p) else { return out };
        let pl = self.player(p);
        let candidates =
            pl.hand.iter().copied().chain(pl.champion_zone).chain(self.hidden_cards(p)).chain(self.flow_cards(p));
        let supply = self.supply(p);
        // 054: can't beats can: "you can't play cards (spells) this turn".
        let bans = self.components.get::<super::instructions::PlayBans>().map_or(&[][..], |b| &b.0[..]);
        for card in candidates {
            if self.can_begin_play(&supply, bans, least, card) {
                out.push(card);
            }
        }
        out
    }

    /// Whether `card` may begin to be played, `least` being the least timing allowed now
    /// ([`Game::least_timing`]).
    fn can_begin_play(&self, supply: &Supply, bans: &[(PlayerId, bool)], least: Timing, card: ObjId) -> bool {
        let p = supply.player();
        let def = self.card(card);
        if !def.is_main_deck_card() {
            return false;
        }
        // 822.1.b: Ambush times a play as a Reaction, which any timing allowed now admits.
        let timed = self.timed_for(card, least) || !self.ambush_battlefields(p, card).is_empty();
        debug_assert_eq!(timed, self.timing_allows(p, self.card_timing(card)) || self.ambush_timing_allows(p, card));
        if !timed {
            return false;
        }
        if bans.iter().any(|(q, spells_only)| *q == p && (!spells_only || def.kind == CardType::Spell)) {
            return false;
        }
        // 727.1.b: played from hidden, ignoring its base cost; 727.1.d: a spell needs a valid
        // target at its battlefield.
        let hidden = self.hidden_at(card);
        let flow = self.flow_cost(card).is_some();
        let opts = PlayOptions {
            ignore_energy: hidden.is_some(),
            ignore_power: hidden.is_some(),
            flow,
            ..PlayOptions::default()
        };
        if let Some(b) = hidden
            && def.kind == CardType::Spell
            && !self.hidden_spell_has_targets(p, card, b)
        {
            return false;
        }
        // 352.7: a spell goes on the chain only with a valid choice for each target it must
        // choose ("a unit": at least one candidate; "up to" / "any number" may choose none).
        if def.kind != CardType::Spell {
            // 352.2: "Play me only to ...", with no such battlefield now: nowhere to play it.
            if def.kind == CardType::Unit
                && hidden.is_none()
                && self.only_locations(p, card).is_some_and(|l| l.is_empty())
            {
                return false;
            }
            return self.can_pay_to_play_from(supply, card, &opts, 0);
        }
        // Deflect only adds to the cost: a spell that can't be paid for without it is rejected
        // before its targets are looked for.
        if !self.can_pay_to_play_from(supply, card, &opts, 0) {
            return false;
        }
        match self.spell_deflect(p, card) {
            // Played from hidden, it is paid for without Deflect.
            None => hidden.is_some(),
            Some(0) => true,
            Some(d) => self.can_pay_to_play_from(supply, card, &opts, d),
        }
    }

    /// Whether `card`'s own timing meets `least` (its [`Game::card_timing`]), asking only for the
    /// keywords that decide: in a closed state (309.1.a) Reaction alone.
    fn timed_for(&self, card: ObjId, least: Timing) -> bool {
        let has = |k| self.has_keyword(card, k);
        let timed = match least {
            Timing::Normal => true,
            // 727.6: a hidden card has Reaction while facedown.
            _ if self.hidden_at(card).is_some() => true,
            Timing::Action => has(Keyword::Reaction) || has(Keyword::Action),
            Timing::Reaction => has(Keyword::Reaction),
        };
        debug_assert_eq!(timed, self.card_timing(card).meets(least));
        timed
    }

    /// The fewest Deflect points (725.1.c) a legal choice of `card`'s required targets adds, if
    /// it is a spell with such a choice (see [`Game::least_deflect`]); 0 for a permanent.
    fn spell_deflect(&self, p: PlayerId, card: ObjId) -> Option<u32> {
        let def = self.card(card);
        if def.kind != CardType::Spell {
            return Some(0);
        }
        def.abilities
            .abilities
            .iter()
            .filter(|a| a.kind == AbilityKind::Spell)
            .map(|a| self.least_deflect(p, card, &a.targets))
            .sum()
    }

    /// Can `p` pay the minimum total cost of playing `card` with `opts` (353, 398.1.b.2)?
    pub fn can_pay_to_play(&self, p: PlayerId, card: ObjId, opts: &PlayOptions) -> bool {
        self.can_pay_to_play_from(&self.supply(p), card, opts, self.spell_deflect(p, card).unwrap_or(0))
    }

    /// [`Game::can_pay_to_play`] against the supply of the player who would play it, `deflect`
    /// being what [`Game::spell_deflect`] says of the card.
    fn can_pay_to_play_from(&self, supply: &Supply, card: ObjId, opts: &PlayOptions, deflect: u32) -> bool {
        let p = supply.player();
        let spell = self.card(card).kind == CardType::Spell;
        if opts.cost.is_none() && !supply.may_change_cost(card) {
            // The usual case, nothing changing the cost: the printed (or Flow) cost as
            // `total_cost` makes it with no changes, and Deflect's [A], tested in place.
            let def = self.card(card);
            let base = self.card(card).abilities.flow.as_ref().filter(|_| opts.flow);
            let (energy, power) = base.map_or((def.energy, &def.power[..]), |c| (c.energy, &c.power[..]));
            let energy = if opts.ignore_energy { 0 } else { energy }.saturating_sub(opts.energy_less);
            let power = if opts.ignore_power { &[][..] } else { power };
            let fits = supply.affords_parts(energy, power, deflect, spell);
            debug_assert_eq!(fits, {
                let mut cost = self.total_cost(card, opts, &[], &[]);
                cost.power.extend(std::iter::repeat_n(PowerSymbol::Any, deflect as usize));
                supply.affords(&cost, spell)
            });
            return fits;
        }
        let changes = self.cost_modifiers_among(p, card, supply.play_costs());
        if changes.is_empty() {
            // The usual case: nothing changes the cost, so there is no additional cost to pay
            // and one order of discounts (none); the total is the card's cost and Deflect's.
            let mut cost = self.total_cost(card, opts, &[], &[]);
            cost.power.extend(std::iter::repeat_n(PowerSymbol::Any, deflect as usize));
            return supply.affords(&cost, spell);
        }
        let mandatory: Vec<AdditionalCost> = changes
            .iter()
            .filter_map(|c| match c {
                CostChange::Additional(a) if !a.optional => Some(a.clone()),
                _ => None,
            })
            .collect();
        let other: Vec<_> = mandatory.iter().flat_map(|a| a.other.iter().cloned()).collect();
        // 725.1.c-d: the Deflect surcharge of the cheapest legal choice of targets is part of
        // the total cost (355.3: a play that can't be paid is not offered only to be undone).
        let deflect = vec![PowerSymbol::Any; deflect as usize];
        let total = |mut cost: Cost| {
            cost.power.extend(deflect.iter().copied());
            cost
        };
        // The cheapest order of discounts decides affordability.
        let cost = total(self.cheapest_cost(card, opts, &mandatory, &changes));
        if supply.affords(&cost, spell) && self.can_pay_other(p, card, true, &other) {
            return true;
        }
        // 353.2.b.1: an optional cost whose payment grants a discount may lower the minimum.
        changes.iter().any(|c| match c {
            CostChange::Additional(a)
                if a.optional && !paid_discounts(&changes, std::slice::from_ref(a)).is_empty() =>
            {
                let mut with = mandatory.clone();
                // Paid as many times as it can be, for the most discount.
                let a = match (a.any_number, a.other.first()) {
                    (true, Some(o)) => a.paid_times(self.times_payable(p, card, o).max(1)),
                    _ => a.clone(),
                };
                with.push(a);
                let other: Vec<_> = with.iter().flat_map(|a| a.other.iter().cloned()).collect();
                supply.affords(&total(self.cheapest_cost(card, opts, &with, &changes)), spell)
                    && self.can_pay_other(p, card, true, &other)
            }
            _ => false,
        })
    }

    fn cheapest_cost(&self, card: ObjId, opts: &PlayOptions, add: &[AdditionalCost], changes: &[CostChange]) -> Cost {
        let paid = paid_discounts(changes, add);
        let discounts: Vec<&CostChange> =
            changes.iter().filter(|c| matches!(c, CostChange::Discount { .. })).chain(paid.iter()).collect();
        let mut others: Vec<CostChange> =
            changes.iter().filter(|c| !matches!(c, CostChange::Discount { .. })).cloned().collect();
        if discounts.len() < 2 {
            // One order only (the usual case: no discount at all).
            others.extend(discounts.into_iter().cloned());
            return self.total_cost(card, opts, add, &others);
        }
        let mut best: Option<Cost> = None;
        for perm in permutations(discounts.len()) {
            let mut ordered = others.clone();
            ordered.extend(perm.iter().map(|&i| discounts[i].clone()));
            let c = self.total_cost(card, opts, add, &ordered);
            if best.as_ref().is_none_or(|b| (c.energy, c.power.len()) < (b.energy, b.power.len())) {
                best = Some(c);
            }
        }
        best.unwrap_or_default()
    }

    /// Plays a card through 346-356. Returns false if the play was illegal and undone (355.3).
    pub fn play_card(&mut self, p: PlayerId, card: ObjId, opts: PlayOptions) -> R<bool> {
        // 355.3: keep everything needed to undo the whole process.
        let snapshot = self.snapshot();
        // Named only for the trace (as the play began: the card is another object on the chain).
        let name = if self.trace.on { self.describe(card) } else { String::new() };
        let kind = self.card(card).kind;
        let by_ambush = kind == CardType::Unit && self.needs_ambush(p, card);
        let (card, opts) = self.put_on_chain(p, card, opts);
        if by_ambush {
            self.note_ambush_play(card);
        }
        let index = self.chain.len() - 1;
        let completed = self.play_steps(p, card, index, kind, opts)?;
        if !completed {
            trace!(self, "355.3", "playing {name} is illegal: every step is undone");
            self.restore(snapshot);
            return Ok(false);
        }
        Ok(true)
    }

    /// A card an effect plays while it is resolving (Immortal Phoenix, Baited Hook, Kai'Sa):
    /// only step 1 happens now; the card waits on the chain, pending, until that effect has
    /// resolved (351.3), and is finalized with the other pending items in the order they were
    /// added (333.1.b, 322.8: `finish_waiting_play`). So a unit's play effect triggers after
    /// the effect's own triggers went on the chain, never together with them (376.4.a.2).
    /// Returns the card on the chain.
    pub fn play_card_while_resolving(&mut self, p: PlayerId, card: ObjId, opts: PlayOptions) -> ObjId {
        let from = (self.obj(card).zone, self.obj(card).zone_player);
        let (card, opts) = self.put_on_chain(p, card, opts);
        trace!(
            self,
            "351.3",
            "{} waits on the chain, pending, until the effect playing it has resolved",
            self.describe(card)
        );
        self.components.get_mut::<WaitingPlays>().0.push(WaitingPlay { card, opts, from });
        card
    }

    /// 352.2: "play it here": the card `card` waiting on the chain (played by the effect now
    /// resolving) will go to `at` if it is a unit. False if no such play is waiting.
    pub(crate) fn set_waiting_play_location(&mut self, card: ObjId, at: Loc) -> bool {
        let waiting = &mut self.components.get_mut::<WaitingPlays>().0;
        match waiting.iter_mut().find(|w| w.card == card) {
            Some(w) => {
                w.opts.at = Some(at);
                true
            }
            None => false,
        }
    }

    /// 352.2: "plays it to any battlefield", "to a battlefield you control": the card `card`
    /// waiting on the chain (played by the effect now resolving) will go to a battlefield its
    /// player chooses among those `to` names, if it is a unit. False if no such play is waiting.
    pub(crate) fn set_waiting_play_battlefields(&mut self, card: ObjId, to: PlayTo) -> bool {
        let waiting = &mut self.components.get_mut::<WaitingPlays>().0;
        match waiting.iter_mut().find(|w| w.card == card) {
            Some(w) => {
                w.opts.battlefields = Some(to);
                true
            }
            None => false,
        }
    }

    /// 351.3 / 333.1.b: steps 2-6 of a card played while an effect was resolving, pending at
    /// `index`. If it turns out illegal, every step is undone, step 1 included: the card goes
    /// back to the zone it was played from (355.3).
    pub(crate) fn finish_waiting_play(&mut self, index: usize) -> R<()> {
        let ItemKind::Card(card) = self.chain[index].kind else { return Ok(()) };
        let waiting = &mut self.components.get_mut::<WaitingPlays>().0;
        let Some(at) = waiting.iter().position(|w| w.card == card) else {
            // A pending card with no play in progress would stay pending forever: stop the
            // game with a report instead of looping (no path leaves one today).
            let card = self.describe(card);
            return Err(crate::kernel::Stop::ScriptError(format!(
                "{card} is pending on the chain with no play in progress (351.3)"
            )));
        };
        let WaitingPlay { opts, from: (zone, player), .. } = waiting.remove(at);
        let p = self.chain[index].controller;
        let kind = self.card(card).kind;
        let snapshot = self.snapshot();
        if !self.play_steps(p, card, index, kind, opts)? {
            self.restore(snapshot);
            self.chain.remove(index);
            let back = self.move_object(card, zone, player, super::actions::Pos::Bottom);
            trace!(self, "355.3", "playing {} is illegal: it goes back where it was played from", self.describe(back));
        }
        self.changed();
        Ok(())
    }

    /// 351: step 1, the card leaves its zone for the chain, pending; the state closes (351.1).
    /// Returns the card on the chain and the options of its play (727.1.b: from hidden, its
    /// base cost is ignored).
    fn put_on_chain(&mut self, p: PlayerId, card: ObjId, opts: PlayOptions) -> (ObjId, PlayOptions) {
        let hidden = self.hidden_at(card);
        let mut opts = opts;
        if let Some(b) = hidden {
            trace!(
                self,
                "727.1.b",
                "{p} plays {} from hidden at {}, ignoring its base cost",
                self.describe(card),
                self.describe_loc(Loc::Battlefield(b))
            );
            opts.ignore_energy = true;
            opts.ignore_power = true;
        }
        // [Flow] (rule 002): from the trash for its Flow cost, then banished once it resolves.
        opts.flow = self.flow_cost(card).is_some();
        if opts.flow {
            trace!(self, "002", "{p} plays {} from their trash for its [Flow] cost", self.describe(card));
        }
        trace!(self, "351", "{p} begins to play {}", self.describe(card));
        let from = card;
        let from_hand = self.obj(from).zone == Zone::Hand;
        let card = self.move_object(card, Zone::Chain, p, super::actions::Pos::Top);
        self.obj_mut(card).played_from_hand = from_hand;
        if opts.flow {
            self.components.get_mut::<super::instructions::OnResolve>().banish.push(card);
        }
        self.obj_mut(card).controller = p;
        self.obj_mut(card).from_hidden = hidden;
        // 353: cost modifiers aimed at this card (its own discounts, additional costs...) follow it
        // onto the chain, where its total cost is determined.
        for m in &mut self.cost_modifiers {
            if m.filter == super::costs::PlayFilter::Card(from) {
                m.filter = super::costs::PlayFilter::Card(card);
            }
        }
        self.chain.push(ChainItem {
            kind: ItemKind::Card(card),
            controller: p,
            pending: true,
            targets: Vec::new(),
            that_player: None,
            that_unit: None,
            that_battlefield: None,
            costs_paid: Vec::new(),
        });
        (card, opts)
    }

    /// 182.2.b / 352.1: `p` chooses the mode of modal spell `card` (first, before its targets);
    /// a mode whose required targets can't be chosen is not offered (352.16). False if no mode
    /// can be chosen; true, asking nothing, for a spell without modes.
    pub(crate) fn choose_mode(&mut self, p: PlayerId, card: ObjId) -> R<bool> {
        match self.pick_mode(p, card)? {
            Pick::NotModal => Ok(true),
            Pick::Mode(i) => {
                self.obj_mut(card).mode = i;
                trace!(
                    self,
                    "182.2.b",
                    "{p} chooses the mode: {}",
                    self.card(card).abilities.abilities[i as usize].text
                );
                Ok(true)
            }
            Pick::NoLegalMode => Ok(false),
        }
    }

    /// 182.2.b: `p` picks one of the modes of the spell `card` that has legal choices for its
    /// targets (352.7), as the index of its mode ability.
    fn pick_mode(&mut self, p: PlayerId, card: ObjId) -> R<Pick> {
        let modes: Vec<usize> = self
            .card(card)
            .abilities
            .abilities
            .iter()
            .enumerate()
            .filter(|(_, a)| a.kind == AbilityKind::Mode)
            .map(|(i, _)| i)
            .collect();
        if modes.is_empty() {
            return Ok(Pick::NotModal);
        }
        let options: Vec<Choice> = modes
            .iter()
            .filter(|&&i| {
                let a = &self.card(card).abilities.abilities[i];
                self.has_legal_targets(p, card, &self.choice_specs(card, a))
            })
            .map(|&i| Choice::Nth(i as u8))
            .collect();
        if options.is_empty() {
            return Ok(Pick::NoLegalMode);
        }
        Ok(match self.decide(p, Ask::Mode, options)? {
            Choice::Nth(i) => Pick::Mode(i),
            _ => Pick::NoLegalMode,
        })
    }

    /// Whether some mode of the modal spell `card` has legal choices for its targets (352.7).
    fn has_legal_mode(&self, p: PlayerId, card: ObjId) -> bool {
        self.card(card)
            .abilities
            .abilities
            .iter()
            .filter(|a| a.kind == AbilityKind::Mode)
            .any(|a| self.has_legal_targets(p, card, &self.choice_specs(card, a)))
    }

    /// Steps 352-356 for a card already on the chain at `index`.
    fn play_steps(&mut self, p: PlayerId, card: ObjId, index: usize, kind: CardType, opts: PlayOptions) -> R<bool> {
        let changes = self.cost_modifiers_for(p, card);
        let kills_in = |costs: &mut dyn Iterator<Item = &AdditionalCost>| -> Vec<UnitFilter> {
            costs.flat_map(kills_of).collect()
        };
        let mandatory_kills = kills_in(&mut changes.iter().filter_map(|c| match c {
            CostChange::Additional(a) if !a.optional => Some(a),
            _ => None,
        }));
        // 352.2: a unit's location; 352.16: not one its mandatory costs would certainly lose.
        let mut location = Loc::Base(p);
        let mut hidden = self.obj(card).from_hidden;
        let played_hidden = hidden.is_some();
        if let (Some(b), CardType::Gear) = (hidden, kind) {
            // 431.1: gear played from hidden is played to its battlefield.
            location = Loc::Battlefield(b);
        }
        if let (Some(b), CardType::Unit) = (hidden, kind)
            && self.combat_excludes(b, p)
        {
            // 436.2.a: required to be played to a battlefield with a combat its controller is
            // not in, it is played to their base instead; 436.2.b: "here" is now that base (its
            // play effect no longer chooses at the battlefield, 727.1.d.2).
            location = Loc::Base(p);
            hidden = None;
            self.obj_mut(card).from_hidden = None;
            trace!(
                self,
                "436.2.a",
                "{} can't be played to {}: a combat {p} is not in is there; it will be played to {p}'s base",
                self.describe(card),
                self.describe_loc(Loc::Battlefield(b))
            );
        } else if let (Some(b), CardType::Unit) = (hidden, kind) {
            // 727.1.d.1: a hidden unit must be played to that battlefield.
            location = Loc::Battlefield(b);
            trace!(self, "727.1.d.1", "{} will be played to {}", self.describe(card), self.describe_loc(location));
        } else if let (Some(at), CardType::Unit) = (opts.at, kind) {
            // 352.2: the instruction playing it named its location ("play it here").
            location = at;
        } else if let (Some(to), CardType::Unit) = (opts.battlefields, kind) {
            // 352.2: the instruction playing it names the valid locations: the battlefields it
            // names, but not one a combat its player is not in is at (436.2.a) nor one a
            // restriction forbids (054); with none left, its player's base.
            let options: Vec<Choice> = self
                .battlefield_ids()
                .filter(|b| {
                    self.play_to_names(p, to, *b) && !self.forbids_play_to(card, p, *b) && !self.combat_excludes(*b, p)
                })
                .map(|b| Choice::Loc(Loc::Battlefield(b)))
                .collect();
            if !options.is_empty()
                && let Choice::Loc(l) = self.decide(p, Ask::PlayLocation, options)?
            {
                location = l;
            }
            trace!(self, "352.2", "{} will be played to {}", self.describe(card), self.describe_loc(location));
        } else if kind == CardType::Unit && opts.to_base {
            // 352.2: the instruction playing it names its location, its player's base.
            trace!(self, "352.2", "{} will be played to {p}'s base", self.describe(card));
        } else if kind == CardType::Unit {
            // Core Rules 1.3, 822.1.b: played as a Reaction by its Ambush, only to a battlefield
            // where its player has units; otherwise those are locations besides the usual ones.
            let mut locs = Vec::new();
            if let Some(only) = self.only_locations(p, card) {
                locs = only;
            } else if !self.played_by_ambush(card) {
                locs = self.play_locations(p);
                locs.extend(self.permitted_battlefields_for(p, card));
            }
            for l in self.ambush_battlefields(p, card) {
                if !locs.contains(&l) {
                    locs.push(l);
                }
            }
            let locs: Vec<Loc> = locs
                .into_iter()
                .filter(|l| match l {
                    // 054: "Opponents can only play units to their base."
                    // "Units can't be played here."
                    Loc::Battlefield(b) if self.forbids_play_to(card, p, *b) => false,
                    Loc::Battlefield(b) => !self.kills_lose_battlefield(p, card, *b, &mandatory_kills),
                    Loc::Base(_) => true,
                })
                .collect();
            // "Play me only to ...": with no such battlefield the unit has nowhere to go (352.2).
            if locs.is_empty() {
                trace!(self, "352.2", "{} has no location it may be played to", self.describe(card));
                return Ok(false);
            }
            let options: Vec<Choice> = locs.iter().map(|l| Choice::Loc(*l)).collect();
            if let Choice::Loc(l) = self.decide(p, Ask::PlayLocation, options)? {
                location = l;
            }
            trace!(self, "352.2", "{} will be played to {}", self.describe(card), self.describe_loc(location));
        }
        // 352.4-352.8: a spell's targets; those of its [Repeat] wait for the repeat to be chosen.
        let mut repeat_specs = None;
        // [Repeat] on a modal spell: the repeat chooses its mode anew (it may make different
        // choices), so what it targets is known only once it is paid.
        let mut repeat_modal = false;
        // A [Repeat] an effect gave this spell ("the next spell you play this turn").
        let granted = changes.iter().any(|c| matches!(c, CostChange::Additional(a) if a.repeat));
        if kind == CardType::Spell {
            if !self.choose_mode(p, card)? {
                return Ok(false);
            }
            // 727.1.d.2: from hidden, the targets must be at that battlefield.
            let chosen = self.obj(card).mode as usize;
            let (specs, repeat, modal) = self
                .card(card)
                .abilities
                .abilities
                .iter()
                .enumerate()
                .find(|(i, a)| a.kind == AbilityKind::Spell || (a.kind == AbilityKind::Mode && *i == chosen))
                .map(|(_, a)| (self.choice_specs(card, a), a.repeat || granted, a.kind == AbilityKind::Mode))
                .unwrap_or_default();
            if repeat && modal {
                repeat_modal = true;
            } else if repeat {
                repeat_specs = Some(specs.clone());
            }
            if !specs.is_empty() {
                match self.choose_targets(p, Some(card), &specs)? {
                    Some(t) => self.chain[index].targets = t,
                    // 355.3: no legal choice for a required target.
                    None => return Ok(false),
                }
            }
        }
        // 352 / 353.2.b: optional additional costs are chosen now; mandatory ones always apply.
        // 352.16: paying an optional cost is not offered if it would certainly lose the chosen
        // battlefield.
        let mut additional: Vec<AdditionalCost> = Vec::new();
        let mut kills = mandatory_kills.clone();
        for ch in &changes {
            if let CostChange::Additional(a) = ch {
                if a.optional && a.any_number {
                    // 353.2.b: "any number of": how many times (none: not paid).
                    let n = self.times_to_pay(p, card, &opts, a, &additional, &changes, location, &kills)?;
                    if n > 0 {
                        trace!(self, "353.2.b", "{p} will pay the optional cost {} {n} time(s)", a.label);
                        kills.extend((0..n).flat_map(|_| kills_of(a)));
                        additional.push(a.paid_times(n));
                    }
                    continue;
                }
                if a.optional {
                    let more = kills_in(&mut std::iter::once(a));
                    let with_more: Vec<UnitFilter> = kills.iter().chain(&more).cloned().collect();
                    let dooms = match location {
                        Loc::Battlefield(b) => self.kills_lose_battlefield(p, card, b, &with_more),
                        Loc::Base(_) => false,
                    };
                    // 352.16: paying it must still leave the whole cost payable.
                    let mut with: Vec<AdditionalCost> = changes
                        .iter()
                        .filter_map(|c| match c {
                            CostChange::Additional(x) if !x.optional => Some(x.clone()),
                            _ => None,
                        })
                        .collect();
                    with.extend(additional.iter().filter(|x| x.optional).cloned());
                    with.push(a.clone());
                    let cheapest = self.cheapest_cost(card, &opts, &with, &changes);
                    // 401.4: a cost that can't be completed (no ready unit to exhaust) is not offered.
                    let other: Vec<_> = with.iter().flat_map(|x| x.other.iter().cloned()).collect();
                    let affordable = self.can_afford(p, &cheapest) && self.can_pay_other(p, card, false, &other);
                    // [Repeat]: the repeat must be able to choose its own targets (352.7).
                    let repeatable = repeat_specs.as_ref().is_none_or(|r| self.has_legal_targets(p, card, r))
                        && (!repeat_modal || self.has_legal_mode(p, card));
                    let options = if dooms || !affordable || !repeatable {
                        vec![Choice::No]
                    } else {
                        vec![Choice::Yes, Choice::No]
                    };
                    let yes = self.decide(p, Ask::OptionalCost, options)? == Choice::Yes;
                    if !yes {
                        continue;
                    }
                    trace!(self, "353.2.b", "{p} will pay the optional cost {}", a.label);
                    kills.extend(more);
                } else {
                    trace!(self, "353.2.a", "mandatory additional cost {}", a.label);
                }
                additional.push(a.clone());
            }
        }
        // [Repeat] (rule 002, its reminder text; docs/rulings.md): paid, the repeat's choices are
        // made now, anew (352), and follow the spell's on the chain; on a modal spell its mode
        // first (182.2.b), which may be another one.
        if repeat_modal && additional.iter().any(|a| a.optional) {
            let Pick::Mode(i) = self.pick_mode(p, card)? else { return Ok(false) };
            self.obj_mut(card).repeat_mode = i;
            let a = self.card(card).abilities.abilities[i as usize].clone();
            trace!(self, "182.2.b", "{p} chooses the mode of the repeat: {}", a.text);
            repeat_specs = Some(self.choice_specs(card, &a));
        }
        if let Some(r) = repeat_specs.filter(|r| !r.is_empty() && additional.iter().any(|a| a.optional)) {
            trace!(self, "352", "{p} chooses the targets of the repeat");
            match self.choose_targets(p, Some(card), &r)? {
                Some(t) => self.chain[index].targets.extend(t),
                None => return Ok(false),
            }
        }
        // 353.4: the player orders the discounts, with those granted by paying an optional cost
        // (353.2.b.1).
        let mut discounts: Vec<CostChange> =
            changes.iter().filter(|c| matches!(c, CostChange::Discount { .. })).cloned().collect();
        discounts.extend(paid_discounts(&changes, &additional));
        let mut ordered: Vec<CostChange> =
            changes.iter().filter(|c| matches!(c, CostChange::Increase(_))).cloned().collect();
        while !discounts.is_empty() {
            let options: Vec<Choice> = (0..discounts.len()).map(|i| Choice::Nth(i as u8)).collect();
            let i = match self.decide(p, Ask::DiscountOrder, options)? {
                Choice::Nth(i) => i as usize,
                _ => 0,
            };
            if let CostChange::Discount { energy, min_energy, power } = &discounts[i] {
                let power = if power.is_empty() { String::new() } else { format!(" and {} Power", power.len()) };
                trace!(
                    self,
                    "353.4", "{p} applies next a discount of [{energy}] (to a minimum of [{min_energy}]){power}"
                );
            }
            ordered.push(discounts.remove(i));
        }
        // 725.1.c: Deflect on opposing targets is a mandatory cost increase.
        if let Some(more) = self.deflect_increase(p, &self.chain[index].targets) {
            ordered.insert(0, CostChange::Increase(more));
        }
        let cost = self.total_cost(card, &opts, &additional, &ordered);
        trace!(self, "353", "total cost of {} is {cost}", self.describe(card));
        // "The next spell you play this turn costs [N] less": this play uses it up.
        self.cost_modifiers.retain(|m| {
            !(m.next
                && m.player == p
                && match &m.filter {
                    super::costs::PlayFilter::AnyCard => true,
                    super::costs::PlayFilter::OfType(t) => *t == kind,
                    super::costs::PlayFilter::Card(c) => *c == card,
                })
        });
        // 354: pay.
        if !self.pay_for(p, &cost, kind == CardType::Spell)? {
            return Ok(false);
        }
        let other: Vec<_> = additional.iter().flat_map(|a| a.other.iter().cloned()).collect();
        let keep = match location {
            Loc::Battlefield(b) => Some(b),
            Loc::Base(_) => None,
        };
        if !self.pay_other(p, card, &other, keep)? {
            return Ok(false);
        }
        // 355: check legality: a unit's battlefield must still be under its controller's control
        // (352.16, 354.3).
        // 181.4.c: control is lost at once when no unit of its controller remains there, unless
        // it is contested; the controller field itself only changes at the next cleanup (322.4).
        if let Loc::Battlefield(b) = location {
            // 355.2 / 423.2: the play must not create a battlefield with units of three players.
            if self.players_at(b).iter().filter(|q| **q != p).count() >= 2 {
                trace!(
                    self,
                    "355.2",
                    "{} at {} would make units of three players present there: illegal",
                    self.describe(card),
                    self.describe_loc(location)
                );
                return Ok(false);
            }
            let bf = &self.battlefields[b];
            let keeps = bf.contested_by.is_some() || self.players_at(b).contains(&p);
            let open = self.permitted_battlefields_for(p, card).contains(&location);
            let ambush = self.ambush_battlefields(p, card).contains(&location);
            // "play it here" (002: the card's text over 352.2): the location the instruction names;
            // "to any battlefield": any.
            let named = opts.at == Some(location) || opts.battlefields.is_some_and(|to| self.play_to_names(p, to, b));
            if !open && !ambush && !named && (bf.controller != Some(p) || !keeps) {
                return Ok(false);
            }
        }
        // 356: finalize.
        self.chain[index].set_finalized();
        match kind {
            CardType::Unit | CardType::Gear => {
                // 333.1.c / 356.2: permanents resolve as they are finalized.
                self.chain.remove(index);
                let (zone, player) = match location {
                    Loc::Base(q) => (Zone::Base, q),
                    Loc::Battlefield(b) => (Zone::Battlefield(b), p),
                };
                let zone = if kind == CardType::Gear && hidden.is_none() { Zone::Base } else { zone };
                let id = self.move_object(card, zone, player, super::actions::Pos::Bottom);
                // Read where it entered, before anything else happens: "If you play me to a
                // battlefield, I enter ready."
                let exhausted = if kind == CardType::Unit {
                    // 721.1.a: a unit whose Accelerate was paid enters ready (721.6), as does one
                    // an effect says enters ready (356.2.c).
                    let ready = self.played_unit_enters_ready(p, id);
                    !additional.iter().any(|a| a.label == super::statics::ACCELERATE) && !ready
                } else {
                    self.enters_exhausted(id)
                };
                // 140.4 / 356.2.c: units enter exhausted; 144.1 / 356.2.d: gear enters ready.
                self.obj_mut(id).exhausted = exhausted;
                // 727.1.d.2: its play effect chooses at that battlefield.
                self.obj_mut(id).from_hidden = hidden;
                self.obj_mut(id).played_from_hand = self.obj(card).played_from_hand;
                // 353.4.d.1: an optional additional cost was paid if it was chosen.
                self.obj_mut(id).paid_additional = additional.iter().any(|a| a.optional);
                self.player_mut(p).cards_played_this_turn += 1;
                self.emit(super::events::Event::Played { player: p, card: id, hidden: played_hidden });
                trace!(
                    self,
                    if kind == CardType::Unit { "356.2.c" } else { "356.2.d" },
                    "{} enters {} {}",
                    self.describe(id),
                    self.describe_loc(self.location(id).unwrap_or(Loc::Base(p))),
                    if exhausted { "exhausted" } else { "ready" }
                );
                if let Loc::Battlefield(b) = location {
                    self.apply_contested(b, p);
                }
                // 343, 376.4.a.2: in a showdown, a permanent resolving as the last item of the
                // chain passes focus like any other last item, but not before the cleanup after
                // it, which may put its play effect on the chain (320.1): focus passes once, when
                // the step is done (`chain_ended_in_showdown`).
                // 333.1.c.3: if the chain is still there, the controller of its newest item gains
                // priority (and everyone must pass again, 335.1).
                if let Some(p) = crate::kernel::chain::resolved(self) {
                    self.priority = Some(p);
                }
            }
            _ => {
                // 356.3: a spell lingers on the chain; its controller gets priority (333.1.c.3).
                trace!(self, "356.3.a", "{} is finalized on the chain", self.describe(card));
                // 352.6: the objects it chose as targets ("When a player chooses a unit with a
                // spell").
                self.emit_targeted(index, card);
                // 353.2.b / 353.4.d.1: whether an optional additional cost was paid ("If you do").
                self.obj_mut(card).paid_additional = additional.iter().any(|a| a.optional);
                self.obj_mut(card).repeat_granted = additional.iter().any(|a| a.repeat);
                // 384: "the next spell you play this turn" bonuses attach to this spell.
                let mut bonus = 0;
                let bonuses = self.components.get_mut::<super::instructions::SpellBonuses>();
                bonuses.next.retain(|(q, n)| {
                    if *q == p {
                        bonus += n;
                        false
                    } else {
                        true
                    }
                });
                if bonus > 0 {
                    bonuses.attached.push((card, bonus));
                }
                self.priority = Some(crate::kernel::chain::added(self, p));
            }
        }
        self.changed();
        Ok(true)
    }
}

impl Game {
    /// 353.2.b: how many times `p` pays the "any number of" optional cost `a` of `card`: none, or
    /// a number that leaves the whole cost payable and the chosen battlefield kept (352.16).
    /// `chosen`: the additional costs chosen so far; `kills`: what their kills may take.
    #[allow(clippy::too_many_arguments)]
    fn times_to_pay(
        &mut self,
        p: PlayerId,
        card: ObjId,
        opts: &PlayOptions,
        a: &AdditionalCost,
        chosen: &[AdditionalCost],
        changes: &[CostChange],
        location: Loc,
        kills: &[UnitFilter],
    ) -> R<u32> {
        let most = a.other.first().map_or(0, |o| self.times_payable(p, card, o));
        let mandatory = changes.iter().filter_map(|c| match c {
            CostChange::Additional(x) if !x.optional => Some(x.clone()),
            _ => None,
        });
        let before: Vec<AdditionalCost> = mandatory.chain(chosen.iter().filter(|x| x.optional).cloned()).collect();
        let kill = kills_of(a);
        let mut options = vec![Choice::Amount(0)];
        options.extend(
            (1..=most)
                .filter(|&n| {
                    let mut all = before.clone();
                    all.push(a.paid_times(n));
                    let other: Vec<_> = all.iter().flat_map(|x| x.other.iter().cloned()).collect();
                    let more: Vec<UnitFilter> =
                        kills.iter().cloned().chain((0..n).flat_map(|_| kill.iter().cloned())).collect();
                    let dooms = match location {
                        Loc::Battlefield(b) => self.kills_lose_battlefield(p, card, b, &more),
                        Loc::Base(_) => false,
                    };
                    !dooms
                        && self.can_afford(p, &self.cheapest_cost(card, opts, &all, changes))
                        && self.can_pay_other(p, card, false, &other)
                })
                .map(Choice::Amount),
        );
        Ok(match self.decide(p, Ask::OptionalCost, options)? {
            Choice::Amount(n) => n,
            _ => 0,
        })
    }

    /// 352.16 / 354.3: would paying the "kill a friendly unit" costs of `card` (one kill per
    /// filter in `kills`) certainly leave `p` with no unit at battlefield `b`, losing it
    /// (181.4.c)? Each kill takes a unit elsewhere while one it may take is left; a contested
    /// battlefield is kept (181.4.b).
    fn kills_lose_battlefield(&self, p: PlayerId, card: ObjId, b: Bf, kills: &[UnitFilter]) -> bool {
        // Killing gear never empties a battlefield of units.
        let kills: Vec<&UnitFilter> = kills.iter().filter(|f| f.kind == CardType::Unit).collect();
        if kills.is_empty() || self.battlefields[b].contested_by.is_some() {
            return false;
        }
        let at_b = |u: &ObjId| self.location(*u) == Some(Loc::Battlefield(b));
        let here = self.all_units().iter().filter(|u| self.controller(**u) == p && at_b(u)).count();
        let elsewhere = self
            .all_units()
            .iter()
            .filter(|u| !at_b(u) && kills.iter().any(|f| self.unit_matches(f, **u, p, card)))
            .count();
        here <= kills.len().saturating_sub(elsewhere)
    }
}

/// Cards played while an effect was resolving, waiting on the chain for steps 2-6 (351.3).
#[derive(Clone, Debug, Default)]
pub struct WaitingPlays(Vec<WaitingPlay>);

#[derive(Clone, Debug)]
struct WaitingPlay {
    card: ObjId,
    opts: PlayOptions,
    /// The zone (and its player) it was played from, where an illegal play puts it back.
    from: (Zone, PlayerId),
}

/// 353.2.b.1: the discounts (353.4) and ignored costs (353.1) granted by paying the chosen
/// additional costs `add`; a discount granted by a cost paid several times ("for each buff you
/// spend") is one discount that many times over.
fn paid_discounts(changes: &[CostChange], add: &[AdditionalCost]) -> Vec<CostChange> {
    changes
        .iter()
        .filter_map(|c| match c {
            CostChange::IfPaid { label, then } => {
                let paid = add.iter().find(|a| a.label == *label)?;
                Some(match &**then {
                    CostChange::Discount { energy, min_energy, power } => CostChange::Discount {
                        energy: energy * paid.times,
                        min_energy: *min_energy,
                        power: (0..paid.times).flat_map(|_| power.iter().copied()).collect(),
                    },
                    other => other.clone(),
                })
            }
            _ => None,
        })
        .collect()
}

/// The "kill a friendly unit" costs among `a`'s non-standard costs: what each kill may take.
fn kills_of(a: &AdditionalCost) -> Vec<UnitFilter> {
    a.other
        .iter()
        .filter_map(|o| match o {
            OtherCost::Kill(f) => Some(f.clone()),
            _ => None,
        })
        .collect()
}

/// All orderings of `0..n` (n is the number of discounts: tiny).
fn permutations(n: usize) -> Vec<Vec<usize>> {
    if n == 0 {
        return vec![vec![]];
    }
    let mut out = Vec::new();
    for p in permutations(n - 1) {
        for i in 0..=p.len() {
            let mut q = p.clone();
            q.insert(i, n - 1);
            out.push(q);
        }
    }
    out
}

/// The mode a player picked for a spell (182.2.b).
enum Pick {
    /// The spell has no modes.
    NotModal,
    /// The index of the mode ability picked.
    Mode(u8),
    /// No mode has legal choices for its targets (352.7).
    NoLegalMode,
}
