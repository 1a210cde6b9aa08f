//! Playing cards and activating abilities (CR 15): where a card can be played from (15.1), when
//! (15.3, 15.4), and the steps of playing it (15.5): announce, determine the cost, pay it by
//! pitching cards for resource points (15.5.3) and an action point for an action (15.5.3d), and
//! become a layer or open a combat chain (15.5.4).

use super::cards::{Activated, AdditionalCost, CardType};
use super::state::{Action, Game, Layer, Link, LinkStep, Phase};
use super::triggers::{EventKind, Happened};
use super::zones::Zone;
use crate::kernel::{ObjId, PlayerId, chain};

/// Why a card cannot be played or an ability activated now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayError {
    /// 14.1.
    NoPriority,
    /// 15.1: only from hand or arsenal.
    NotInHandOrArsenal,
    /// Not a card type that is played (heroes, equipment, resources, ...).
    NotPlayable,
    /// 15.3, 15.4: not a legal time for this card type.
    Timing,
    /// 15.5.3d: an action needs an action point.
    NoActionPoint,
    /// 15.5.3: the pool and the pitched cards do not cover the cost.
    CannotPay,
    /// 15.5.3b: a card pitched after the pool already covered the cost, a card not in hand, or
    /// a card with no pitch value.
    BadPitch,
    /// 15.2.1: a once per turn ability already used this turn.
    UsedThisTurn,
    /// 23.1.1: no legal target.
    NoLegalTarget,
    /// 15.5.1: its "Play this only if ..." condition does not hold.
    Restricted,
}

impl Game {
    /// 15.3, 15.4: whether `p` may play a card of this kind now (priority aside).
    pub fn timing_allows(&self, p: PlayerId, card_type: CardType) -> bool {
        if self.phase != Phase::Action {
            return false;
        }
        let link = self.current_link();
        match card_type {
            // 15.3: only as layer 1 of a chain or chain link: on the player's own turn, with
            // nothing on the chain and no chain link in progress.
            CardType::Action => p == self.turn_player && self.chain.is_empty() && link.is_none(),
            // 15.4.
            CardType::Instant => true,
            // 15.4.3: the attacking hero, in the reaction step.
            CardType::AttackReaction => link.is_some_and(|l| l.step == LinkStep::Reaction && l.attacker == p),
            // 15.4.4: the defending hero, in the reaction step.
            CardType::DefenseReaction => link.is_some_and(|l| l.step == LinkStep::Reaction && l.defender == p),
            _ => false,
        }
    }

    /// Checks a pitch for a cost (15.5.3a, 15.5.3b): the pool is used first; each pitched card
    /// must be in hand with a pitch value, and pitched while the pool was still short, so only
    /// the last one may overshoot. Returns the resource points gained.
    pub fn check_pitch(&self, p: PlayerId, cost: u32, pitch: &[ObjId], playing: ObjId) -> Result<u32, PlayError> {
        let pool = self.player(p).resources;
        let mut values = Vec::new();
        for (i, c) in pitch.iter().enumerate() {
            let ok = *c != playing
                && self.player(p).hand.contains(c)
                && !pitch[..i].contains(c)
                && self.obj(*c).card.pitch > 0;
            if !ok {
                return Err(PlayError::BadPitch);
            }
            values.push(u32::from(self.obj(*c).card.pitch));
        }
        let total: u32 = values.iter().sum();
        if pool + total < cost {
            return Err(PlayError::CannotPay);
        }
        let biggest = values.iter().copied().max().unwrap_or(0);
        if !values.is_empty() && pool + total - biggest >= cost {
            return Err(PlayError::BadPitch);
        }
        Ok(total)
    }

    /// Every legal pitch for `cost` (15.5.3b), one per distinct set of pitched cards (by name and
    /// pitch), smallest first.
    pub fn pitch_options(&self, p: PlayerId, cost: u32, playing: ObjId) -> Vec<Vec<ObjId>> {
        let hand: Vec<ObjId> = self.player(p).hand.iter().copied().filter(|c| *c != playing).collect();
        let mut out: Vec<Vec<ObjId>> = Vec::new();
        let mut seen: Vec<Vec<(String, u8)>> = Vec::new();
        let n = hand.len().min(12);
        for mask in 0u32..(1 << n) {
            let set: Vec<ObjId> = (0..n).filter(|i| mask & (1 << i) != 0).map(|i| hand[i]).collect();
            if self.check_pitch(p, cost, &set, playing).is_err() {
                continue;
            }
            let mut key: Vec<(String, u8)> =
                set.iter().map(|c| (self.obj(*c).card.name.clone(), self.obj(*c).card.pitch)).collect();
            key.sort();
            if !seen.contains(&key) {
                seen.push(key);
                out.push(set);
            }
        }
        out.sort_by_key(|s| s.len());
        out
    }

    /// Every action `p` may take with priority: each playable card with each legal pitch, each
    /// weapon attack, and passing (14.4).
    pub fn legal_actions(&self, p: PlayerId) -> Vec<Action> {
        let mut out = Vec::new();
        if self.priority != Some(p) || self.is_over() {
            return out;
        }
        let pl = self.player(p);
        for &card in pl.hand.iter().chain(&pl.arsenal) {
            let def = &self.obj(card).card;
            if !self.timing_allows(p, def.card_type) {
                continue;
            }
            if def.card_type == CardType::Action && pl.action_points == 0 {
                continue;
            }
            if def.effects.iter().filter_map(|e| e.targets()).any(|k| !self.attack_target_legal(k)) {
                continue;
            }
            if def.play_condition.as_ref().is_some_and(|c| !self.holds(c, p)) {
                continue;
            }
            let cost = u32::from(def.cost.unwrap_or(0));
            for pitch in self.pitch_options(p, cost, card) {
                if self.additional_costs_payable(p, card, &pitch) {
                    out.push(Action::Play { card, pitch });
                }
            }
        }
        // 15.2: activated abilities of equipment and of defending cards, each with each legal
        // pitch and, for "Discard a card", each card left to discard.
        for card in self.ability_sources(p) {
            for (i, a) in self.obj(card).card.activated.iter().enumerate() {
                if self.can_activate(p, card, a).is_err() {
                    continue;
                }
                for pitch in self.pitch_options(p, u32::from(a.resources), card) {
                    let discards: Vec<Option<ObjId>> = if a.discard {
                        pl.hand.iter().filter(|c| !pitch.contains(c)).map(|c| Some(*c)).collect()
                    } else {
                        vec![None]
                    };
                    for discard in discards {
                        out.push(Action::Activate { card, ability: i as u8, pitch: pitch.clone(), discard });
                    }
                }
            }
        }
        for &weapon in &pl.weapons {
            let o = self.obj(weapon);
            let Some(cost) = o.card.attack_ability_cost else { continue };
            if !o.can_use_again() || pl.action_points == 0 || !self.timing_allows(p, CardType::Action) {
                continue;
            }
            for pitch in self.pitch_options(p, u32::from(cost), weapon) {
                out.push(Action::WeaponAttack { weapon, pitch });
            }
        }
        out.push(Action::Pass);
        out
    }

    /// 15.5.3: pays `cost` resource points, pitching `pitch` (already checked), and an action
    /// point for an action (15.5.3d).
    pub(super) fn pay(&mut self, p: PlayerId, cost: u32, pitch: &[ObjId], action: bool) {
        for &c in pitch {
            let gained = u32::from(self.obj(c).card.pitch);
            self.move_to(c, Zone::Pitch);
            self.player_mut(p).resources += gained;
            crate::trace!(self, "15.5.3b", "{p} pitches a card for {gained} resource points");
        }
        self.player_mut(p).resources -= cost;
        if action {
            self.player_mut(p).action_points -= 1;
            crate::trace!(self, "15.5.3d", "{p} pays 1 action point");
        }
    }

    /// 15.5.3c: whether `p` can pay `card`'s non-resource costs once it and the cards pitched
    /// for it have left the hand.
    fn additional_costs_payable(&self, p: PlayerId, card: ObjId, pitch: &[ObjId]) -> bool {
        let left: Vec<ObjId> =
            self.player(p).hand.iter().copied().filter(|c| *c != card && !pitch.contains(c)).collect();
        self.obj(card).card.additional_costs.iter().all(|a| match a {
            AdditionalCost::DiscardRandom => !left.is_empty(),
            AdditionalCost::Reveal(f) => left.iter().any(|c| f.matches(&self.obj(*c).card, false)),
        })
    }

    /// 15.5.3c: pays non-resource costs: "discard a random card" puts a card chosen at random
    /// from hand into the graveyard.
    fn pay_additional(&mut self, p: PlayerId, costs: &[AdditionalCost]) {
        for a in costs {
            match a {
                // The first card that qualifies: revealing changes nothing else (it stays in hand).
                AdditionalCost::Reveal(f) => {
                    let hand = &self.player(p).hand;
                    if let Some(&c) = hand.iter().find(|c| f.matches(&self.obj(**c).card, false)) {
                        crate::trace!(self, "15.5.3c", "{p} reveals {} from hand", self.name(c));
                    }
                }
                AdditionalCost::DiscardRandom => {
                    let n = self.player(p).hand.len();
                    let i = self.rng.below(n);
                    let card = self.player(p).hand[i];
                    crate::trace!(self, "15.5.3c", "{p} discards {} at random", self.name(card));
                    let id = self.move_to(card, Zone::Graveyard);
                    self.discarded(p, id);
                }
            }
        }
    }

    /// 15.5: `p` plays `card` from hand or arsenal, pitching `pitch` to pay for it.
    pub fn play_card(&mut self, p: PlayerId, card: ObjId, pitch: &[ObjId]) -> Result<(), PlayError> {
        let target = self.card_targets(card).last().copied();
        self.play_card_targeting(p, card, pitch, target)
    }

    /// The chain links whose attacks a card that targets an attack could target (23.1, 23.2.2),
    /// oldest first; empty for a card that targets nothing.
    pub fn card_targets(&self, card: ObjId) -> Vec<usize> {
        let def = &self.obj(card).card;
        def.effects.iter().filter_map(|e| e.targets()).next().map_or(Vec::new(), |k| self.attack_targets(k))
    }

    /// Plays `card` (15.5), targeting the attack on chain link `target` if it targets an attack
    /// (23.1: one of [`Game::card_targets`]).
    pub fn play_card_targeting(
        &mut self,
        p: PlayerId,
        card: ObjId,
        pitch: &[ObjId],
        target: Option<usize>,
    ) -> Result<(), PlayError> {
        if self.priority != Some(p) {
            return Err(PlayError::NoPriority);
        }
        let from = self.obj(card).zone;
        if self.obj(card).owner != p || !matches!(from, Zone::Hand | Zone::Arsenal) {
            return Err(PlayError::NotInHandOrArsenal);
        }
        let def = self.obj(card).card.clone();
        if !matches!(
            def.card_type,
            CardType::Action | CardType::Instant | CardType::AttackReaction | CardType::DefenseReaction
        ) {
            return Err(PlayError::NotPlayable);
        }
        if !self.timing_allows(p, def.card_type) {
            return Err(PlayError::Timing);
        }
        let action = def.card_type == CardType::Action;
        if action && self.player(p).action_points == 0 {
            return Err(PlayError::NoActionPoint);
        }
        // 15.5.1d, 23.1.1: a card that targets needs a legal target.
        if def.effects.iter().filter_map(|e| e.targets()).any(|k| !self.attack_target_legal(k)) {
            return Err(PlayError::NoLegalTarget);
        }
        // 15.5.1: "Play NAME only if ...".
        if def.play_condition.as_ref().is_some_and(|c| !self.holds(c, p)) {
            return Err(PlayError::Restricted);
        }
        // 15.5.2: the base resource cost (no cost effects yet).
        let cost = u32::from(def.cost.unwrap_or(0));
        self.check_pitch(p, cost, pitch, card)?;
        if !self.additional_costs_payable(p, card, pitch) {
            return Err(PlayError::CannotPay);
        }
        // 15.5.1a: announced and placed face up on the chain zone.
        self.move_to(card, Zone::Chain);
        self.obj_mut(card).face_down = false;
        crate::trace!(self, "15.5.1a", "{p} plays {}", def.name);
        self.pay(p, cost, pitch, action);
        self.pay_additional(p, &def.additional_costs);
        // 20.8.3d: a 'non-attack' action closes an open combat chain.
        if action && !def.attack && self.combat_chain_open() {
            crate::trace!(self, "20.8.3d", "a non-attack action closes the combat chain");
            self.close_combat_chain();
        }
        if def.attack {
            // 15.5.4b, 20.1, 20.4.1: a combat chain opens or continues; the attack is layer 1
            // of a new chain link.
            self.open_link(p, card, false);
        } else {
            // 15.5.4a: layer N on the chain.
            let reprise = self.reprise_active();
            let from_hand = from == Zone::Hand;
            let target = target.filter(|_| def.effects.iter().any(|e| e.targets().is_some()));
            self.chain.push(Layer { reprise, from_hand, target, ..Layer::of(p, card) });
            crate::trace!(self, "15.5.4a", "{} becomes layer {}", def.name, self.chain.len());
            if let Some(i) = target {
                let attack = self.name(self.links[i].attack).to_string();
                if self.current_link().is_some_and(|l| l.index == i) {
                    crate::trace!(self, "23.1", "{} targets {attack}, the attack of chain link {}", def.name, i + 1);
                } else {
                    crate::trace!(
                        self,
                        "23.2.2",
                        "{} targets {attack}, the attack of chain link {}, which has resolved: it is still on the combat chain",
                        def.name,
                        i + 1
                    );
                }
            }
        }
        // 20.4.2: "When you play" triggered effects are added as layers.
        if self.happened(Happened::new(EventKind::Plays, p, Some(card), false)) > 0 {
            crate::trace!(self, "20.4.2", "\"when you play\" effects of {} wait on the chain", def.name);
        }
        self.priority = Some(chain::added(self, p));
        Ok(())
    }

    /// 15.2, 15.5.4c: `p` activates a weapon's "Once per Turn Action - {r}: Attack", an action
    /// ability: the attack's power is the weapon's.
    pub fn activate_weapon(&mut self, p: PlayerId, weapon: ObjId, pitch: &[ObjId]) -> Result<(), PlayError> {
        if self.priority != Some(p) {
            return Err(PlayError::NoPriority);
        }
        let o = self.obj(weapon);
        let Some(cost) = o.card.attack_ability_cost else { return Err(PlayError::NotPlayable) };
        if o.owner != p || o.zone != Zone::Weapon {
            return Err(PlayError::NotPlayable);
        }
        if !o.can_use_again() {
            return Err(PlayError::UsedThisTurn);
        }
        if !self.timing_allows(p, CardType::Action) {
            return Err(PlayError::Timing);
        }
        if self.player(p).action_points == 0 {
            return Err(PlayError::NoActionPoint);
        }
        let cost = u32::from(cost);
        self.check_pitch(p, cost, pitch, weapon)?;
        let o = self.obj_mut(weapon);
        if o.used_this_turn {
            // An additional use this turn (15.2.1).
            o.extra_uses -= 1;
        }
        o.used_this_turn = true;
        crate::trace!(self, "15.2", "{p} activates {}'s attack", self.name(weapon));
        self.pay(p, cost, pitch, true);
        self.open_link(p, weapon, true);
        // 20.4.2: "When you ... activate a weapon attack" triggered effects.
        if self.happened(Happened::new(EventKind::Activates, p, Some(weapon), true)) > 0 {
            crate::trace!(self, "20.4.2", "\"when you activate a weapon attack\" effects wait on the chain");
        }
        self.priority = Some(chain::added(self, p));
        Ok(())
    }

    /// The cards whose activated abilities `p` may use: their equipment, and their defending
    /// cards on the combat chain (20.5.2b: "while this is defending").
    fn ability_sources(&self, p: PlayerId) -> Vec<ObjId> {
        let defending = self.links.iter().flat_map(|l| l.defending.iter().copied());
        let mut out: Vec<ObjId> = self.player(p).equipment.clone();
        out.extend(defending.filter(|c| self.obj(*c).owner == p && self.obj(*c).zone == Zone::Chain));
        out
    }

    /// Whether `p` may activate ability `a` of `card` now (costs aside): an action ability as an
    /// action (15.3, an action point, 15.5.3d), an instant one whenever they have priority
    /// (15.4); once per turn (15.2.1); and its "only while" restriction (15.5.1).
    fn can_activate(&self, p: PlayerId, card: ObjId, a: &Activated) -> Result<(), PlayError> {
        let timing = if a.instant { CardType::Instant } else { CardType::Action };
        if !self.timing_allows(p, timing) {
            return Err(PlayError::Timing);
        }
        if !a.instant && self.player(p).action_points == 0 {
            return Err(PlayError::NoActionPoint);
        }
        if a.once_per_turn && self.obj(card).used_this_turn {
            return Err(PlayError::UsedThisTurn);
        }
        if a.only_while.as_ref().is_some_and(|c| !self.holds_about(c, p, self.current_link(), Some(card))) {
            return Err(PlayError::Restricted);
        }
        Ok(())
    }

    /// 15.2: `p` activates `card`'s ability `ability`, pitching `pitch`: an action point for an
    /// action ability and its resource cost (15.5.3), "destroy this" (the card goes to the
    /// graveyard, and its "when destroyed" abilities trigger), "Discard a card" (`discard`,
    /// 15.5.3c), then the ability is a layer (15.5.4a).
    pub fn activate(
        &mut self,
        p: PlayerId,
        card: ObjId,
        ability: u8,
        pitch: &[ObjId],
        discard: Option<ObjId>,
    ) -> Result<(), PlayError> {
        if self.priority != Some(p) {
            return Err(PlayError::NoPriority);
        }
        let o = self.obj(card);
        let Some(a) = o.card.activated.get(usize::from(ability)).cloned() else { return Err(PlayError::NotPlayable) };
        if o.owner != p || !self.ability_sources(p).contains(&card) {
            return Err(PlayError::NotPlayable);
        }
        self.can_activate(p, card, &a)?;
        let cost = u32::from(a.resources);
        self.check_pitch(p, cost, pitch, card)?;
        let discard_ok = |d: ObjId| self.player(p).hand.contains(&d) && !pitch.contains(&d);
        if a.discard != discard.is_some() || discard.is_some_and(|d| !discard_ok(d)) {
            return Err(PlayError::CannotPay);
        }
        crate::trace!(self, "15.2", "{p} activates {}'s ability", self.name(card));
        if a.instant {
            crate::trace!(self, "15.4", "an instant ability: no action point, any time with priority");
        }
        self.pay(p, cost, pitch, !a.instant);
        if a.once_per_turn {
            self.obj_mut(card).used_this_turn = true;
        }
        if let Some(d) = discard {
            crate::trace!(self, "15.5.3c", "{p} discards {} to pay for it", self.name(d));
            let id = self.move_to(d, Zone::Graveyard);
            self.discarded(p, id);
        }
        if a.destroy_self {
            crate::trace!(self, "15.5.3c", "{p} destroys {} to pay for it", self.name(card));
            self.destroy(card);
        }
        self.chain.push(Layer { activated: Some(ability), ..Layer::of(p, card) });
        crate::trace!(self, "15.5.4a", "the ability becomes layer {}", self.chain.len());
        self.priority = Some(chain::added(self, p));
        Ok(())
    }

    /// 20.1, 20.4.1: the attack becomes layer 1 of a new chain link, in its attack step.
    fn open_link(&mut self, p: PlayerId, attack: ObjId, weapon: bool) {
        self.links.push(Link {
            attack,
            weapon,
            attacker: p,
            defender: self.opponent(p),
            step: LinkStep::Attack,
            defending: Vec::new(),
            defended_from_hand: false,
            reactions: Vec::new(),
            hit: false,
            attack_triggered: false,
            declared: false,
            damage_due: false,
            continue_asked: false,
            index: self.links.len(),
        });
        crate::trace!(self, "20.4.1", "{} becomes layer 1 of chain link {}", self.name(attack), self.links.len());
        // 20.4.4a: its player has attacked (with this source, a weapon or not).
        self.player_mut(p).attacked.push((attack, weapon));
        // 20.4.2: "your next attack this turn" effects waiting for an attack of this kind apply,
        // and are used up; "attacks this turn" effects change it while they last (17).
        self.next_attack_effects_apply(self.links.len() - 1);
    }
}

#[cfg(test)]
mod tests {
    use super::super::cards::CardDef;
    use super::super::testing::*;
    use super::*;

    #[test]
    fn pitching_pays_costs_and_only_while_the_pool_is_short() {
        let mut g = started(bruiser_loadout(), bruiser_loadout(), 1);
        let tp = g.turn_player;
        set_hand(&mut g, tp, vec![hit("Big").cost(3), hit("Red"), hit("Blue").pitch(3), hit("Yellow").pitch(2)]);
        let [big, red, blue, yellow] = hand4(&g, tp);
        // 15.5.3b: the blue alone covers 3; pitching the red first then the blue is fine (1 < 3).
        assert_eq!(g.check_pitch(tp, 3, &[blue], big), Ok(3));
        assert_eq!(g.check_pitch(tp, 3, &[red, blue], big), Ok(4));
        // Yellow + blue: the yellow is short, the blue the last: legal; but blue + yellow + red
        // pitches a card after the pool was full.
        assert_eq!(g.check_pitch(tp, 3, &[blue, yellow, red], big), Err(PlayError::BadPitch));
        assert_eq!(g.check_pitch(tp, 3, &[red], big), Err(PlayError::CannotPay));
        assert_eq!(g.check_pitch(tp, 3, &[big], big), Err(PlayError::BadPitch), "not the card being played");
        // 15.5.3a: the pool pays first: with 3 in the pool, no pitch is legal.
        g.player_mut(tp).resources = 3;
        assert_eq!(g.check_pitch(tp, 3, &[red], big), Err(PlayError::BadPitch));
        assert_eq!(g.check_pitch(tp, 3, &[], big), Ok(0));
        g.player_mut(tp).resources = 0;
        g.play_card(tp, big, &[yellow, red]).unwrap();
        let pl = g.player(tp);
        assert_eq!(pl.resources, 0, "3 gained, 3 paid");
        assert_eq!(pl.pitch.len(), 2, "11.1.9: pitched cards in the pitch zone");
        assert_eq!(pl.action_points, 0, "15.5.3d");
        assert_eq!(g.obj(big).zone, Zone::Chain, "15.5.1a");
    }

    #[test]
    fn leftover_resources_stay_in_the_pool() {
        let mut g = started(bruiser_loadout(), bruiser_loadout(), 1);
        let tp = g.turn_player;
        set_hand(&mut g, tp, vec![hit("Cheap"), hit("Blue").pitch(3), hit("A"), hit("B")]);
        let [cheap, blue, _, _] = hand4(&g, tp);
        g.play_card(tp, cheap, &[blue]).unwrap();
        assert_eq!(g.player(tp).resources, 2, "15.5.3: 3 gained, 1 paid");
    }

    #[test]
    fn actions_need_an_action_point_an_empty_chain_and_the_turn() {
        let mut g = started(bruiser_loadout(), bruiser_loadout(), 1);
        let tp = g.turn_player;
        let opp = g.opponent(tp);
        set_hand(&mut g, tp, vec![hit("Zero").cost(0), hit("Zero 2").cost(0), hit("A"), hit("B")]);
        let [z1, z2, _, _] = hand4(&g, tp);
        // 15.3: not on the opponent's turn.
        assert!(!g.timing_allows(opp, CardType::Action));
        g.play_card(tp, z1, &[]).unwrap();
        // A chain link is in progress: no action now (15.3), and none later without an action
        // point (15.5.3d).
        assert_eq!(g.play_card(tp, z2, &[]), Err(PlayError::Timing));
        g.links.last_mut().unwrap().step = LinkStep::Resolved;
        assert_eq!(g.play_card(tp, z2, &[]), Err(PlayError::NoActionPoint));
        // 14.1: only with priority.
        g.priority = Some(opp);
        let o = give(&mut g, opp, sigil());
        assert_eq!(g.play_card(tp, z2, &[]), Err(PlayError::NoPriority));
        // 15.4: an instant any time its controller has priority, even during a chain link.
        g.links.last_mut().unwrap().step = LinkStep::Reaction;
        assert!(g.play_card(opp, o, &[]).is_ok());
    }

    #[test]
    fn reactions_belong_to_the_reaction_step_and_their_side() {
        let mut g = started(bruiser_loadout(), bruiser_loadout(), 1);
        let tp = g.turn_player;
        let opp = g.opponent(tp);
        let atk = give(&mut g, tp, hit("Attack").cost(0));
        let ar = give(&mut g, tp, CardDef::new("Thrust", CardType::AttackReaction).cost(0).pitch(1));
        let dr = give(&mut g, opp, CardDef::new("Dodge", CardType::DefenseReaction).cost(0).defense(2).pitch(3));
        g.play_card(tp, atk, &[]).unwrap();
        // Attack step: no reactions yet (15.4.3, 15.4.4).
        assert_eq!(g.play_card(tp, ar, &[]), Err(PlayError::Timing));
        g.current_link_mut().unwrap().step = LinkStep::Reaction;
        assert!(!g.timing_allows(opp, CardType::AttackReaction), "15.4.3, 20.6.3: only the attacking hero");
        assert!(!g.timing_allows(tp, CardType::DefenseReaction), "15.4.4, 20.6.4: only the defending hero");
        assert!(g.timing_allows(opp, CardType::DefenseReaction));
        for p in [tp, opp] {
            assert!(g.timing_allows(p, CardType::Instant), "20.6.5: instants, by both players");
            assert!(!g.timing_allows(p, CardType::Action), "15.3: no action during a chain link");
        }
        g.play_card(tp, ar, &[]).unwrap();
        g.priority = Some(opp);
        g.play_card(opp, dr, &[]).unwrap();
        assert_eq!(g.chain.len(), 2);
    }

    #[test]
    fn weapons_attack_once_per_turn_for_their_cost() {
        let mut g = started(bruiser_loadout(), bruiser_loadout(), 1);
        let tp = g.turn_player;
        set_hand(&mut g, tp, vec![hit("Blue").pitch(3), hit("A"), hit("B"), hit("C")]);
        let club = g.player(tp).weapons[0];
        let [blue, _, _, _] = hand4(&g, tp);
        assert!(g.legal_actions(tp).iter().any(|a| matches!(a, Action::WeaponAttack { .. })));
        g.activate_weapon(tp, club, &[blue]).unwrap();
        assert_eq!(g.player(tp).resources, 1, "the club costs 2");
        assert_eq!(g.current_link().unwrap().attack, club, "15.5.4c");
        g.links.clear();
        g.player_mut(tp).action_points = 1;
        assert_eq!(g.activate_weapon(tp, club, &[]), Err(PlayError::UsedThisTurn), "once per turn");
    }

    #[test]
    fn legal_actions_offer_each_distinct_pitch_and_passing() {
        let mut g = started(bruiser_loadout(), bruiser_loadout(), 1);
        let tp = g.turn_player;
        set_hand(&mut g, tp, vec![hit("Two").cost(2), hit("Red"), hit("Red"), hit("Blue").pitch(3)]);
        let two = g.player(tp).hand[0];
        let plays: Vec<_> = g
            .legal_actions(tp)
            .into_iter()
            .filter_map(|a| match a {
                Action::Play { card, pitch } if card == two => Some(pitch.len()),
                _ => None,
            })
            .collect();
        // {Blue}, {Red, Red}, {Red, Blue} (a red first, then the blue): the two reds are one card.
        assert_eq!(plays, vec![1, 2, 2]);
        assert_eq!(g.legal_actions(tp).last(), Some(&Action::Pass));
        assert!(g.legal_actions(g.opponent(tp)).is_empty(), "no priority, no actions");
    }

    #[test]
    fn a_card_that_targets_a_sword_attack_needs_one() {
        use super::super::cards::{AttackKind, Effect};
        let mut a = bruiser_loadout();
        a.weapons = vec![CardDef::weapon("Blade", 2, 0, 2).subtype("Sword")];
        let mut g = started(a.clone(), a, 1);
        let tp = g.turn_player;
        let thrust = CardDef::new("Thrust", CardType::AttackReaction).cost(0).pitch(1);
        let thrust = give(
            &mut g,
            tp,
            thrust.effect(Effect::Gains {
                to: super::super::cards::AttackRef::Target(AttackKind::subtype("Sword")),
                power: 3,
                go_again: false,
            }),
        );
        // A non-sword attack: no legal target (23.1.1), so Thrust is not offered.
        let club = give(&mut g, tp, hit("Club swing").cost(0));
        g.play_card(tp, club, &[]).unwrap();
        g.current_link_mut().unwrap().step = LinkStep::Reaction;
        assert_eq!(g.play_card(tp, thrust, &[]), Err(PlayError::NoLegalTarget));
        assert!(!g.legal_actions(tp).iter().any(|x| matches!(x, Action::Play { card, .. } if *card == thrust)));
        // A sword attack is a legal target: Thrust is played and pumps it.
        g.links.clear();
        g.player_mut(tp).action_points = 1;
        let blade = g.player(tp).weapons[0];
        g.activate_weapon(tp, blade, &[]).unwrap();
        g.current_link_mut().unwrap().step = LinkStep::Reaction;
        g.play_card(tp, thrust, &[]).unwrap();
        g.pass_priority(tp).unwrap();
        g.pass_priority(g.opponent(tp)).unwrap();
        assert_eq!(g.link_power(g.current_link().unwrap()), 5, "2 + 3 (25.3)");
    }

    /// 23.1, 23.2.2, 20.4.4: "target sword attack" may name the attack of a chain link that has
    /// resolved (still on the combat chain, and attacking until it leaves it); with two legal
    /// targets the player chooses as the card is played, and the effect follows that target.
    #[test]
    fn r23_2_2_a_resolved_chain_links_attack_is_a_legal_target_and_the_player_chooses() {
        use super::super::cards::{AttackKind, AttackRef, Effect};
        use super::super::state::Ask;
        use crate::kernel::Stop;
        let mut a = bruiser_loadout();
        a.weapons = vec![CardDef::weapon("Blade", 2, 0, 2).subtype("Sword")];
        let thrust = || {
            CardDef::new("Thrust", CardType::AttackReaction).cost(0).pitch(1).effect(Effect::Gains {
                to: AttackRef::Target(AttackKind::subtype("Sword")),
                power: 3,
                go_again: false,
            })
        };
        // Chain link 1: Blade (a sword), resolved; chain link 2: a club swing, not a sword.
        let mut g = started(a.clone(), a.clone(), 1);
        g.trace.on = true;
        let tp = g.turn_player;
        let blade = g.player(tp).weapons[0];
        g.player_mut(tp).action_points = 2;
        g.activate_weapon(tp, blade, &[]).unwrap();
        g.links[0].step = LinkStep::Resolved;
        let club = give(&mut g, tp, hit("Club swing").cost(0));
        g.play_card(tp, club, &[]).unwrap();
        g.current_link_mut().unwrap().step = LinkStep::Reaction;
        let t = give(&mut g, tp, thrust());
        assert_eq!(g.card_targets(t), vec![0], "23.2.2: the sword attack of chain link 1");
        assert!(g.legal_actions(tp).contains(&Action::Play { card: t, pitch: vec![] }), "23.1.1: it has a target");
        g.act(tp, Action::Play { card: t, pitch: vec![] }).unwrap();
        assert_eq!(g.chain.last().and_then(|l| l.target), Some(0));
        assert!(g.trace.lines.iter().any(|l| l.rule == "23.2.2"));
        let before = (g.link_power(&g.links[0].clone()), g.link_power(&g.links[1].clone()));
        g.pass_priority(tp).unwrap();
        g.pass_priority(g.opponent(tp)).unwrap();
        let after = (g.link_power(&g.links[0].clone()), g.link_power(&g.links[1].clone()));
        assert_eq!(after, (before.0 + 3, before.1), "the target gains, not the current attack");

        // Two sword attacks on the combat chain: the player chooses which (23.1).
        let mut g = started(a.clone(), a, 1);
        let tp = g.turn_player;
        let blade = g.player(tp).weapons[0];
        g.player_mut(tp).action_points = 2;
        g.activate_weapon(tp, blade, &[]).unwrap();
        g.links[0].step = LinkStep::Resolved;
        g.obj_mut(blade).extra_uses = 1;
        g.activate_weapon(tp, blade, &[]).unwrap();
        g.current_link_mut().unwrap().step = LinkStep::Reaction;
        let t = give(&mut g, tp, thrust());
        let play = Action::Play { card: t, pitch: vec![] };
        match g.act(tp, play.clone()) {
            Err(Stop::NeedDecision(d)) => {
                assert_eq!(d.ask, Ask::Target);
                assert_eq!(d.options, vec![Action::Target(0), Action::Target(1)]);
            }
            other => panic!("23.1: the target is asked: {other:?}"),
        }
        assert_eq!(g.obj(t).zone, Zone::Hand, "nothing changes before the target is chosen");
        g.answers.log = vec![0];
        g.act(tp, play).unwrap();
        assert_eq!(g.chain.last().and_then(|l| l.target), Some(0));
    }
    /// 15.5.3c: "As an additional cost to play this, discard a random card": it can't be played
    /// with no other card left in hand (after the pitch); played, one of the cards left goes to
    /// the graveyard, chosen at random.
    #[test]
    fn r15_5_3c_discard_a_random_card_as_an_additional_cost() {
        let mut g = started(bruiser_loadout(), bruiser_loadout(), 1);
        let tp = g.turn_player;
        let romp = || hit("Romp").cost(0).additional_cost(AdditionalCost::DiscardRandom);
        set_hand(&mut g, tp, vec![romp()]);
        let card = g.player(tp).hand[0];
        assert!(!g.legal_actions(tp).iter().any(|a| matches!(a, Action::Play { card: c, .. } if *c == card)));
        assert_eq!(g.play_card(tp, card, &[]), Err(PlayError::CannotPay));
        set_hand(&mut g, tp, vec![romp(), hit("A"), hit("B")]);
        let card = g.player(tp).hand[0];
        assert!(g.legal_actions(tp).iter().any(|a| matches!(a, Action::Play { card: c, .. } if *c == card)));
        let graveyard = g.player(tp).graveyard.len();
        g.play_card(tp, card, &[]).unwrap();
        assert_eq!(g.player(tp).hand.len(), 1, "the card and one discarded");
        assert_eq!(g.player(tp).graveyard.len(), graveyard + 1);
    }

    /// 15.5.1: "Play this only if you have attacked 2 or more times with weapons this turn":
    /// not offered and not playable after one weapon attack, both after two.
    #[test]
    fn r15_5_1_a_play_condition_restricts_playing() {
        use super::super::cards::{AttackKind, Condition};
        let mut g = started(bruiser_loadout(), bruiser_loadout(), 1);
        let tp = g.turn_player;
        let mut swing = CardDef::new("In the Swing", CardType::Instant).cost(0).pitch(1);
        swing.play_condition = Some(Condition::AttackedWith(AttackKind::weapon(), 2));
        let card = give(&mut g, tp, swing);
        let club = g.player(tp).weapons[0];
        let offered =
            |g: &Game| g.legal_actions(tp).iter().any(|a| matches!(a, Action::Play { card: c, .. } if *c == card));
        g.player_mut(tp).attacked.push((club, true));
        assert!(!offered(&g));
        assert_eq!(g.play_card(tp, card, &[]), Err(PlayError::Restricted));
        let mutt = give(&mut g, tp, hit("Mutt"));
        g.player_mut(tp).attacked.push((mutt, false));
        assert!(!offered(&g), "an attack action card is not a weapon attack");
        g.player_mut(tp).attacked.push((club, true));
        assert!(offered(&g));
        assert!(g.play_card(tp, card, &[]).is_ok());
    }

    /// 15.1: a card is played from hand or arsenal only: one in the graveyard is not offered and
    /// cannot be played. 15.5.4a: a card played becomes layer N, one more than the layers
    /// waiting; 15.5.4b, 20.1: an attack opens a combat chain, a non-attack does not.
    #[test]
    fn r15_1_played_from_hand_or_arsenal_and_layer_n() {
        let mut g = started(bruiser_loadout(), bruiser_loadout(), 1);
        let tp = g.turn_player;
        let gone = give(&mut g, tp, sigil());
        let gone = g.move_to(gone, Zone::Graveyard);
        assert!(!g.legal_actions(tp).iter().any(|a| matches!(a, Action::Play { card, .. } if *card == gone)));
        assert_eq!(g.play_card(tp, gone, &[]), Err(PlayError::NotInHandOrArsenal));
        let s1 = give(&mut g, tp, sigil());
        let s2 = give(&mut g, tp, sigil());
        g.play_card(tp, s1, &[]).unwrap();
        assert!(!g.combat_chain_open(), "15.5.4b: no attack, no combat chain");
        g.play_card(tp, s2, &[]).unwrap();
        assert_eq!(g.chain.len(), 2, "15.5.4a: layer 2");
        assert_eq!(g.chain.last().unwrap().card, s2);
        while !g.chain.is_empty() {
            pass_both(&mut g);
        }
        let atk = give(&mut g, tp, hit("Smash").cost(0));
        g.play_card(tp, atk, &[]).unwrap();
        assert!(g.combat_chain_open() && g.links.len() == 1, "20.1: the attack opens a combat chain");
    }
}
