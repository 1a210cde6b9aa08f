//! Attachment (Spiritforged Core Rules: SFD-421 Attach, SFD-422 Detach, SFD-716-719 attachment, SFD-720 inactive
//! text, SFD-744 Equip, SFD-747 Weaponmaster): which card is attached to which top-most card, and what
//! that changes. An attached card's rules text is inactive (SFD-718.2); its effect text and its
//! Might bonus belong to the top-most card (SFD-718.3-718.4), as continuous effects that last while
//! it stays attached; it is where the top-most card is and moves with it (SFD-718.6, SFD-719.3); it
//! keeps its own controller (SFD-718.8.a) and can still be chosen (SFD-718.5.b).

use super::abilities::{AbilityKind, ActivationCost, Effect, Obj, UnitFilter};
use super::costs::Cost;
use super::decision::{Ask, Choice};
use super::events::Event;
use super::host::HookCall;
use super::layers::{ContinuousEffect, Duration, Filter, Modification};
use super::state::{Game, R, Zone};
use crate::kernel::ObjId;
use crate::trace;

/// SFD-744.1.a: the tag of the gear that has Equip, whose attaching is equipping (SFD-744.3).
pub const EQUIPMENT: &str = "Equipment";

/// The links attaching made, as (attached card, its top-most card), oldest first.
#[derive(Clone, Debug, Default)]
pub struct Attachments {
    links: Vec<(ObjId, ObjId)>,
    /// SFD-422.4.b: the cards that were attached to a top-most card as it left the board, so its
    /// look-back abilities ([Deathknell] from an effect text, 724) still see them.
    left_with: Vec<(ObjId, ObjId)>,
}

impl Game {
    /// Every link, as (attached card, its top-most card), oldest first: for a hot path that
    /// asks both [`top_most_of`](Game::top_most_of) and [`attached_to`](Game::attached_to)
    /// with one lookup of the component.
    pub(crate) fn links(&self) -> &[(ObjId, ObjId)] {
        self.components.get::<Attachments>().map_or(&[], |a| &a.links)
    }

    /// SFD-718.7: the top-most card `card` is attached to, if it is attached.
    pub fn top_most_of(&self, card: ObjId) -> Option<ObjId> {
        self.links().iter().find(|(a, _)| *a == card).map(|(_, t)| *t)
    }

    /// SFD-719: the cards attached to `top`, in the order they were attached.
    pub fn attached_to(&self, top: ObjId) -> Vec<ObjId> {
        self.links().iter().filter(|(_, t)| *t == top).map(|(a, _)| *a).collect()
    }

    /// What no attachment may break: both cards on the board (a card leaving detaches,
    /// SFD-422.4.b), at the same location (SFD-719.3), one top-most card each (SFD-718.7).
    pub(crate) fn check_attachments(&self, out: &mut Vec<String>) {
        let links = self.links();
        for (card, top) in links {
            let on_board = |o: ObjId| self.obj(o).alive && self.obj(o).zone.is_board();
            if !on_board(*card) || !on_board(*top) {
                out.push(format!("{} is attached to {} off the board", self.describe(*card), self.describe(*top)));
            } else if self.location(*card) != self.location(*top) {
                out.push(format!(
                    "{} is attached to {} elsewhere (SFD-719.3)",
                    self.describe(*card),
                    self.describe(*top)
                ));
            }
            if links.iter().filter(|(a, _)| a == card).count() > 1 {
                out.push(format!("{} is attached to two cards (SFD-718.7)", self.describe(*card)));
            }
        }
    }

    /// The cards that were attached to `top` when it left the board (SFD-422.4.b).
    pub fn attached_when_left(&self, top: ObjId) -> Vec<ObjId> {
        self.components
            .get::<Attachments>()
            .map_or_else(Vec::new, |a| a.left_with.iter().filter(|(t, _)| *t == top).map(|(_, c)| *c).collect())
    }

    /// SFD-744.3: a unit is equipped while one or more Equipment are attached to it.
    pub fn is_equipped(&self, unit: ObjId) -> bool {
        self.attached_to(unit).into_iter().any(|a| self.is_equipment(a))
    }

    /// SFD-744.1.a: an Equipment is a card with the Equipment tag (SFD-718.5.a: it keeps it attached).
    pub fn is_equipment(&self, card: ObjId) -> bool {
        self.chars(card).tags.iter().any(|t| t.eq_ignore_ascii_case(EQUIPMENT))
    }

    /// SFD-421: attaches `card` to `top`, both on the board: `card` detaches from what it was
    /// attached to first (SFD-718.7), goes where `top` is (SFD-719.3), its rules text becomes inactive
    /// (SFD-718.2) and its effect text and Might bonus apply to `top` (SFD-718.3-718.4). Whether it did.
    pub fn attach(&mut self, card: ObjId, top: ObjId) -> bool {
        let on_board = |g: &Game, o: ObjId| g.obj(o).alive && g.obj(o).zone.is_board();
        if card == top || !on_board(self, card) || !on_board(self, top) || self.top_most_of(card) == Some(top) {
            return false;
        }
        // An attached card's own attachments would make a chain; no card attaches that way.
        if self.top_most_of(top).is_some() || !self.attached_to(card).is_empty() {
            return false;
        }
        self.detach(card);
        trace!(self, "SFD-421", "{} is attached to {}", self.describe(card), self.describe(top));
        self.follow(card, top);
        // SFD-718.2: its own passives stop applying.
        self.retain_effects(|_, e| !(e.source == Some(card) && e.duration == Duration::WhileSourceOnBoard));
        self.components.get_mut::<Attachments>().links.push((card, top));
        self.register_attached(card, top);
        self.trigger_index.zones_changed();
        self.emit(Event::Attached { card, to: top });
        self.changed();
        true
    }

    /// SFD-422: `card` stops being attached (SFD-422.1.a.1: nothing happens to a card that is not). It
    /// stays where it is, which is where its top-most card was (SFD-422.4); its rules text applies
    /// again (SFD-422.1.c), and the top-most card loses its effect text and Might bonus (SFD-422.1.d-e).
    pub fn detach(&mut self, card: ObjId) -> bool {
        let Some(top) = self.top_most_of(card) else { return false };
        trace!(self, "SFD-422", "{} is detached from {}", self.describe(card), self.describe(top));
        self.components.get_mut::<Attachments>().links.retain(|(a, _)| *a != card);
        self.retain_effects(|_, e| !(e.source == Some(card) && e.duration == Duration::WhileAttached));
        if self.obj(card).alive && self.obj(card).zone.is_board() {
            self.register_statics(card);
        }
        self.trigger_index.zones_changed();
        self.emit(Event::Detached { card, from: top });
        self.changed();
        true
    }

    /// "Detach an Equipment from it" (SFD-422.3: the instruction chooses): its controller picks one
    /// of the Equipment attached to `top`.
    pub fn detach_one_from(&mut self, c: &HookCall, top: ObjId) -> R<()> {
        let options: Vec<Choice> =
            self.attached_to(top).into_iter().filter(|a| self.is_equipment(*a)).map(Choice::Obj).collect();
        if options.is_empty() {
            return Ok(());
        }
        let p = c.controller.unwrap_or(self.turn_player);
        if let Choice::Obj(a) = self.decide(p, Ask::ChooseCard, options)? {
            self.detach(a);
        }
        Ok(())
    }

    /// "attach one of its Equipment to me" (SFD-421): the ability's controller chooses, as it
    /// resolves, one of the cards attached to `from` that `cards` names (as "detach an Equipment
    /// from it" chooses, SFD-422.3) and attaches it to `to`.
    pub fn attach_one_of(&mut self, c: &HookCall, from: ObjId, cards: &UnitFilter, to: ObjId) -> R<()> {
        let p = c.controller.unwrap_or(self.turn_player);
        let source = c.source.unwrap_or(to);
        let options: Vec<Choice> = self
            .attached_to(from)
            .into_iter()
            .filter(|a| self.unit_matches(cards, *a, p, source))
            .map(Choice::Obj)
            .collect();
        if options.is_empty() {
            trace!(self, "SFD-421", "{} has no such card attached: nothing is attached", self.describe(from));
            return Ok(());
        }
        if let Choice::Obj(a) = self.decide(p, Ask::ChooseCard, options)? {
            self.attach(a, to);
        }
        Ok(())
    }

    /// SFD-719.3 / SFD-718.6: after `top` moved on the board, the cards attached to it follow, keeping
    /// their controllers (SFD-718.8.a).
    pub(crate) fn carry_attached(&mut self, top: ObjId) {
        for card in self.attached_to(top) {
            self.follow(card, top);
        }
    }

    /// Puts `card` where `top` is, if it is not there yet.
    fn follow(&mut self, card: ObjId, top: ObjId) {
        let (zone, zone_player) = (self.obj(top).zone, self.obj(top).zone_player);
        if self.obj(card).zone == zone && self.obj(card).zone_player == zone_player {
            return;
        }
        let p = self.obj(card).controller;
        // A base is its player's; a battlefield holds each player's permanents under their own.
        let owner_of_zone = if zone == Zone::Base { zone_player } else { p };
        self.move_object(card, zone, owner_of_zone, super::actions::Pos::Bottom);
    }

    /// SFD-422.4.b: `obj` is leaving the board. If it is a top-most card, its attached cards detach
    /// where it was (a gear at a battlefield is recalled by the next cleanup, SFD-422.4.a) and are
    /// remembered for its look-back abilities; if it is attached, it detaches.
    pub(crate) fn leaving_board(&mut self, obj: ObjId) {
        for card in self.attached_to(obj) {
            self.components.get_mut::<Attachments>().left_with.push((obj, card));
            self.detach(card);
        }
        self.detach(obj);
    }

    /// SFD-718.3-718.4: the Might bonus and the effect text's passives of `card`, applied to `top`
    /// while it stays attached.
    fn register_attached(&mut self, card: ObjId, top: ObjId) {
        if let Some(bonus) = self.card(card).might_bonus.filter(|b| *b != 0) {
            let timestamp = self.timestamp();
            trace!(self, "SFD-718.4", "{} gives {} {bonus:+} Might", self.describe(card), self.describe(top));
            self.push_effect(ContinuousEffect {
                source: Some(card),
                timestamp,
                filter: Filter::Object(top),
                condition: None,
                modification: Modification::Might(bonus),
                duration: Duration::WhileAttached,
            });
        }
        self.register_passives(card, top, true);
    }

    /// The resources of `card`'s Equip ability (SFD-744.1.c.2: "COST: attach this to a unit you
    /// control") to attach it to `to`, if it has one whose costs are all resources (less the
    /// Might of `to` where its Energy cost is reduced by it, 391.2).
    pub fn equip_cost(&self, card: ObjId, to: ObjId) -> Option<Cost> {
        let abilities = &self.card(card).abilities;
        abilities.rules_text().find_map(|(_, a)| {
            let AbilityKind::Activated { costs, .. } = &a.kind else { return None };
            if !matches!(a.effects.as_slice(), [Effect::Attach { card: Obj::Me, .. }]) {
                return None;
            }
            let mut cost = Cost::default();
            for c in costs {
                match c {
                    ActivationCost::Resources(r) => {
                        cost.energy += r.energy;
                        cost.power.extend(r.power.iter().copied());
                    }
                    ActivationCost::LessByChosenMight => {}
                    _ => return None,
                }
            }
            if costs.contains(&ActivationCost::LessByChosenMight) {
                cost.energy = cost.energy.saturating_sub(self.might(to).max(0) as u32);
            }
            Some(cost)
        })
    }

    /// SFD-747.1.c: [Weaponmaster]: "When you play me, choose an Equipment you control, and pay its
    /// Equip cost reduced by [A] to attach it to me", even one already attached (its Equip
    /// ability is referenced though inactive, SFD-725.3); the reminder text makes it optional.
    /// [A] less is one Power symbol less, of any domain (docs/rulings.md); an Equip cost that is
    /// not only resources is not offered.
    pub fn weaponmaster(&mut self, c: &HookCall) -> R<()> {
        let (Some(me), Some(p)) = (c.source, c.controller) else { return Ok(()) };
        if !self.obj(me).alive || !self.obj(me).zone.is_board() {
            return Ok(());
        }
        let mut options: Vec<Choice> = Vec::new();
        let mut costs = Vec::new();
        for e in self.gear_of(p) {
            if e == me || !self.is_equipment(e) || self.top_most_of(e) == Some(me) {
                continue;
            }
            let Some(mut cost) = self.equip_cost(e, me) else { continue };
            if !cost.power.is_empty() {
                let i = cost.power.iter().position(|s| *s == super::cards::PowerSymbol::Any).unwrap_or(0);
                cost.power.remove(i);
            }
            if self.can_afford(p, &cost) {
                options.push(Choice::Obj(e));
                costs.push((e, cost));
            }
        }
        if options.is_empty() {
            return Ok(());
        }
        options.push(Choice::No);
        let Choice::Obj(e) = self.decide(p, Ask::ChooseCard, options)? else { return Ok(()) };
        let Some((_, cost)) = costs.into_iter().find(|(x, _)| *x == e) else { return Ok(()) };
        trace!(self, "SFD-747.1.c", "{p} pays {cost} to attach {} to {}", self.describe(e), self.describe(me));
        if self.pay(p, &cost)? {
            self.attach(e, me);
        }
        Ok(())
    }

    /// The gear `p` controls on the board.
    fn gear_of(&self, p: crate::kernel::PlayerId) -> Vec<ObjId> {
        let mut out: Vec<ObjId> = Vec::new();
        out.extend(self.player(p).base.iter().copied().filter(|g| self.card(*g).kind == super::cards::CardType::Gear));
        for b in self.battlefield_ids() {
            out.extend(
                self.battlefields[b]
                    .units
                    .iter()
                    .copied()
                    .filter(|g| self.card(*g).kind == super::cards::CardType::Gear && self.controller(*g) == p),
            );
        }
        out
    }
}
