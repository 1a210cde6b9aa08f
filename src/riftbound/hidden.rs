//! Hide (408) and the Hidden keyword (727): hiding a card facedown at a battlefield for [A], and
//! playing it from there on a later turn with Reaction, ignoring its base cost, its choices
//! restricted to that battlefield (727.1.d). Losing the battlefield trashes the card at the next
//! cleanup (106.4.d, 322.5: see `cleanup.rs`).

use super::abilities::{Ability, AbilityKind, At, Forbidden, Located, StaticEffect, TargetCount, TargetSpec, Trigger};
use super::actions::Pos;
use super::cards::{CardType, PowerSymbol};
use super::costs::Cost;
use super::decision::{Ask, Choice};
use super::host::HookCall;
use super::layers::Keyword;
use super::state::{Bf, Game, Loc, R, Zone};
use crate::kernel::{ObjId, PlayerId};
use crate::trace;

/// 727.1.b: the cost to hide a card, [A].
fn hide_cost() -> Cost {
    Cost { energy: 0, power: vec![PowerSymbol::Any] }
}

/// "You can hide cards ignoring costs this turn": the players who hide for nothing (353.1:
/// ignoring a cost makes it zero) until the turn ends (317.3.a).
#[derive(Clone, Debug, Default)]
pub struct HideFree(pub Vec<PlayerId>);

impl Game {
    /// 727.1.b: the costs `p` may hide a card for now, the keyword's [A] first: the [A], or
    /// instead the cost a passive of theirs on the board names ("You may pay [1] to hide a card
    /// with [Hidden] instead of [A]."); only nothing this turn after "You can hide cards ignoring
    /// costs this turn" (353.1: an ignored cost is zero, whichever one it would have been).
    fn hide_costs(&self, p: PlayerId) -> Vec<Cost> {
        if self.components.get::<HideFree>().is_some_and(|h| h.0.contains(&p)) {
            return vec![Cost::default()];
        }
        let mut costs = vec![hide_cost()];
        for (s, e) in self.board_passives(|e| matches!(e, StaticEffect::HideFor(_))) {
            if let StaticEffect::HideFor(c) = e
                && self.ability_controller(s) == p
                && !costs.contains(c)
            {
                costs.push(c.clone());
            }
        }
        costs
    }

    /// 408.1 / 727.1.b: the cost `p` hides for: the only one they can pay, or the one they choose
    /// ("You may pay [1] ... instead of [A]": asked for each alternative they can pay, until one
    /// is accepted; declining every one leaves the [A]). None if they can pay none.
    fn choose_hide_cost(&mut self, p: PlayerId) -> R<Option<Cost>> {
        let payable: Vec<Cost> = self.hide_costs(p).into_iter().filter(|c| self.can_afford(p, c)).collect();
        let [first, alternatives @ ..] = payable.as_slice() else { return Ok(None) };
        let free = self.components.get::<HideFree>().is_some_and(|h| h.0.contains(&p));
        if *first != hide_cost() && !free {
            // [A] can't be paid: the alternative is the only way to hide.
            trace!(self, "727.1.b", "{p} hides for {first} instead of [A]");
        }
        if alternatives.is_empty() || *first != hide_cost() {
            return Ok(Some(first.clone()));
        }
        for c in alternatives {
            trace!(self, "727.1.b", "{p} may pay {c} to hide instead of [A]");
            if self.decide(p, Ask::YesNo, vec![Choice::Yes, Choice::No])? == Choice::Yes {
                trace!(self, "727.1.b", "{p} hides for {c} instead of [A]");
                return Ok(Some(c.clone()));
            }
        }
        Ok(Some(first.clone()))
    }

    /// "You can hide cards ignoring costs this turn": the ability's controller hides for nothing
    /// until the turn ends (353.1, 727.1.b).
    pub fn hide_free_this_turn(&mut self, c: &HookCall) {
        let Some(you) = c.controller else { return };
        trace!(self, "353.1", "{you} can hide cards ignoring costs this turn");
        self.components.get_mut::<HideFree>().0.push(you);
    }

    /// 408.2.a / 727.1.b: the Hide actions `p` may take now, as (card, battlefield): a card with
    /// Hidden in their hand or champion zone, on their turn in an open state while they hold
    /// priority, to a battlefield they control with room for another facedown card (106.4.b-c,
    /// [`Game::hide_capacity`]), [A] payable.
    pub fn hide_options(&self, p: PlayerId) -> Vec<(ObjId, Bf)> {
        if self.turn_player != p || self.priority != Some(p) || !self.chain.is_empty() {
            return Vec::new();
        }
        // The cards first: most hands hold no card with [Hidden], and then neither the room at
        // each battlefield (every passive looked at) nor the cost is asked.
        let pl = self.player(p);
        // 727.5: Hidden is a characteristic of the card.
        let cards: Vec<ObjId> =
            pl.hand.iter().copied().chain(pl.champion_zone).filter(|c| self.has_keyword(*c, Keyword::Hidden)).collect();
        if cards.is_empty() {
            return Vec::new();
        }
        let fields: Vec<Bf> = self
            .battlefield_ids()
            .filter(|b| {
                let bf = &self.battlefields[*b];
                bf.controller == Some(p) && bf.facedown.len() < self.hide_capacity(*b)
            })
            .collect();
        if fields.is_empty() || !self.hide_costs(p).iter().any(|c| self.can_afford(p, c)) {
            return Vec::new();
        }
        cards.iter().flat_map(|card| fields.iter().map(|b| (*card, *b))).collect()
    }

    /// 408.1: `p` pays [A] and hides `card` facedown at battlefield `b`. Not a play and no chain
    /// (727.1.c). Returns false if it could not be done.
    pub fn hide(&mut self, p: PlayerId, card: ObjId, b: Bf) -> R<bool> {
        if !self.hide_options(p).contains(&(card, b)) {
            return Ok(false);
        }
        let Some(cost) = self.choose_hide_cost(p)? else { return Ok(false) };
        if !self.pay(p, &cost)? {
            return Ok(false);
        }
        trace!(
            self,
            "408.1",
            "{p} hides {} facedown at {}",
            self.describe(card),
            self.describe_loc(super::state::Loc::Battlefield(b))
        );
        let id = self.move_object(card, Zone::Facedown(b), p, Pos::Top);
        self.obj_mut(id).hidden_on_turn = self.turn;
        self.changed();
        Ok(true)
    }

    /// The battlefield a facedown card is hidden at.
    pub fn hidden_at(&self, card: ObjId) -> Option<Bf> {
        match self.obj(card).zone {
            Zone::Facedown(b) if self.obj(card).alive => Some(b),
            _ => None,
        }
    }

    /// 727.1.b: `p`'s facedown cards they may begin to play: hidden on an earlier turn, at a
    /// battlefield they control (timing and costs are checked with the other playable cards).
    pub fn hidden_cards(&self, p: PlayerId) -> Vec<ObjId> {
        self.battlefields
            .iter()
            .filter(|bf| bf.controller == Some(p))
            .flat_map(|bf| bf.facedown.iter().copied())
            .filter(|f| self.obj(*f).controller == p && self.obj(*f).hidden_on_turn < self.turn)
            // 054: "Your opponents' [Hidden] cards can't be revealed here."
            .filter(|f| self.forbidding(Forbidden::Reveal, *f, p).is_none())
            .collect()
    }

    /// 727.1.d.2: the targets of a spell played from hidden, or of the play effect of a permanent
    /// played from hidden, are chosen among options at that battlefield — unless the ability's
    /// own restriction makes that impossible ("at another location": Tideturner). They stay so
    /// restricted until it resolves (356.3.e.4: "here").
    pub fn choice_specs(&self, source: ObjId, ability: &Ability) -> Vec<TargetSpec> {
        match self.obj(source).from_hidden {
            Some(b) => restrict_to(b, ability),
            None => ability.targets.clone(),
        }
    }

    /// 727.1.d: the battlefield `ability` of `source` makes its choices at, when it is a spell
    /// played from hidden or the play effect of a permanent played from hidden.
    pub fn hidden_choices_at(&self, source: ObjId, ability: &Ability) -> Option<Bf> {
        self.obj(source).from_hidden.filter(|_| restricted(ability))
    }

    /// 727.1.d.3: "If a hidden spell or a play effect of a hidden permanent causes you to play a
    /// unit, you must choose to play that unit at that battlefield": where the effect running as
    /// `c` must play `p`'s unit, if it is such an effect. A combat `p` is not in there sends the
    /// unit to `p`'s base instead (436.2.a).
    pub(crate) fn hidden_unit_location(&mut self, c: &HookCall, p: PlayerId) -> Option<Loc> {
        let b = c.hidden_at?;
        let at = if self.combat_excludes(b, p) { Loc::Base(p) } else { Loc::Battlefield(b) };
        let rule = if at == Loc::Base(p) { "436.2.a" } else { "727.1.d.3" };
        let what = c.source.map(|s| self.describe(s)).unwrap_or_default();
        trace!(self, rule, "{what} was played from hidden: the unit it plays is played to {}", self.describe_loc(at));
        Some(at)
    }

    /// 727.1.d: a spell can't be played from hidden with no valid target at its battlefield.
    pub(crate) fn hidden_spell_has_targets(&self, p: PlayerId, card: ObjId, b: Bf) -> bool {
        let def = self.card(card);
        let Some(spell) = def.abilities.abilities.iter().find(|a| a.kind == AbilityKind::Spell) else { return true };
        self.has_legal_targets(p, card, &restrict_to(b, spell))
    }
}

/// 727.1.d: the abilities of a card played from hidden whose choices are restricted: its spell
/// ability and its play effects.
fn restricted(ability: &Ability) -> bool {
    matches!(
        ability.kind,
        AbilityKind::Spell | AbilityKind::Triggered { trigger: Trigger::PlayMe | Trigger::PlayMeAs { .. }, .. }
    )
}

/// The target specs of `ability` restricted to battlefield `b` (727.1.d.2), when it is a spell or
/// a play effect.
fn restrict_to(b: Bf, ability: &Ability) -> Vec<TargetSpec> {
    let mut specs = ability.targets.clone();
    if restricted(ability) {
        for s in &mut specs {
            let possible = s.count != TargetCount::Player
                && s.filter.kind != CardType::Rune
                && !matches!(s.located, Some(Located::Elsewhere(_)))
                && matches!(s.filter.at, At::Anywhere | At::Battlefield | At::Here);
            if possible {
                s.filter.at = At::That(b);
            }
        }
    }
    specs
}
