//! Movement (419-427), the standard move (141) and the contested status it applies (181.3).

use super::abilities::Forbidden;
use super::decision::{Ask, Choice};
use super::layers::Keyword;
use super::state::{Bf, Game, Loc, Step, Zone};
use crate::kernel::{ObjId, PlayerId};
use crate::trace;

/// 054: "They can't move it this turn": (player, unit) pairs, the player unable to move the unit
/// until the turn ends (317.3.a).
#[derive(Clone, Debug, Default)]
pub struct MoveBans(pub Vec<(PlayerId, ObjId)>);

/// 423: the player whose spell or ability is moving units now (the controller of the running
/// instruction), for [`MoveBans`]; none outside instructions.
#[derive(Clone, Debug, Default)]
pub struct Mover(pub Option<PlayerId>);

impl Game {
    /// 054: whether `p` can't move `u` this turn.
    fn move_banned(&self, p: PlayerId, u: ObjId) -> bool {
        self.components.get::<MoveBans>().is_some_and(|b| b.0.contains(&(p, u)))
    }

    /// 181.3.a.1: a unit of `p` becoming present at battlefield `b` contests it, unless it is
    /// already contested or `p` controls it.
    pub fn apply_contested(&mut self, b: Bf, p: PlayerId) {
        let bf = &self.battlefields[b];
        if bf.contested_by.is_none() && bf.controller != Some(p) {
            self.battlefield_mut(b).contested_by = Some(p);
            trace!(self, "181.3.a", "{p} contests {}", self.describe_loc(Loc::Battlefield(b)));
            self.changed();
        }
    }

    /// 141.4, 423.2: can a unit of `p` go from `from` to `to` with a standard move?
    fn standard_move_allowed(&self, unit: ObjId, p: PlayerId, from: Loc, to: Loc) -> bool {
        match (from, to) {
            (Loc::Base(_), Loc::Battlefield(b)) => !self.occupied_by_two_others(b, p) && !self.closed_by_combat(b, p),
            (Loc::Battlefield(_), Loc::Base(q)) => q == p && self.forbidding(Forbidden::MoveToBase, unit, p).is_none(),
            (Loc::Battlefield(a), Loc::Battlefield(b)) => {
                a != b
                    && self.has_keyword(unit, Keyword::Ganking)
                    && !self.occupied_by_two_others(b, p)
                    && !self.closed_by_combat(b, p)
            }
            _ => false,
        }
    }

    /// 141.4.a.1 / 423.2: a battlefield with units of two other players is no destination.
    /// In the 2v2, a battlefield where a teammate of `p` has units is none either: allies never
    /// share a battlefield (control is not shared, 462.8.c; a combat is between opposing
    /// players, 316.4.a).
    fn occupied_by_two_others(&self, b: Bf, p: PlayerId) -> bool {
        let at = self.players_at(b);
        at.iter().filter(|q| **q != p).count() >= 2 || (self.mode.teams && at.iter().any(|q| self.allies(p, *q)))
    }

    /// 436: the players in the staged combat or the combat in progress at battlefield `b`.
    pub fn combat_players(&self, b: Bf) -> Option<Vec<PlayerId>> {
        if let Some(sd) = &self.showdown
            && sd.battlefield == b
            && let Some(c) = &sd.combat
        {
            return Some(vec![c.attacker, c.defender]);
        }
        self.battlefields[b].combat_staged.then(|| self.players_at(b))
    }

    /// 421.2.a / 436.1: with more than two players, a battlefield with a staged combat or a
    /// combat in progress is no destination for moves of any kind by units of a player who has
    /// no permanent there.
    pub fn closed_by_combat(&self, b: Bf, p: PlayerId) -> bool {
        self.players.len() > 2
            && self.combat_players(b).is_some()
            && !self.battlefields[b].units.iter().any(|o| self.controller(*o) == p)
    }

    /// Units of `p` that can standard-move to `dest` now (ready, since exhausting is the cost).
    pub fn standard_move_units(&self, p: PlayerId, dest: Loc) -> Vec<ObjId> {
        self.units_on_board()
            .filter(|u| self.may_standard_move(p, *u) && self.may_standard_move_to(p, *u, dest))
            .collect()
    }

    /// The units of `p` that can make a standard move now, wherever to: found once by whoever
    /// weighs several destinations, each of which then needs only
    /// [`Game::may_standard_move_to`] of these ([`Game::standard_move_units`] for one).
    pub fn standard_movers(&self, p: PlayerId) -> Vec<ObjId> {
        self.units_on_board().filter(|u| self.may_standard_move(p, *u)).collect()
    }

    /// Whether `u` is a unit of `p` that can make a standard move now, wherever to: ready (the
    /// cost exhausts it) and not banned from moving.
    fn may_standard_move(&self, p: PlayerId, u: ObjId) -> bool {
        self.controller(u) == p && !self.obj(u).exhausted && !self.move_banned(p, u)
    }

    /// Whether unit `u` of `p` can go to `dest` with a standard move from where it is.
    pub fn may_standard_move_to(&self, p: PlayerId, u: ObjId, dest: Loc) -> bool {
        self.location(u).is_some_and(|from| self.standard_move_allowed(u, p, from, dest))
    }

    /// 141.1: destinations of a standard move `p` may make now (own turn, action phase, neutral
    /// open state, holding priority).
    pub fn standard_move_destinations(&self, p: PlayerId) -> Vec<Loc> {
        if self.turn_player != p
            || self.step != Step::Action
            || !self.chain.is_empty()
            || self.showdown.is_some()
            || self.priority != Some(p)
        {
            return Vec::new();
        }
        // The units that can move at all are found once, not again for each destination; a
        // destination needs one of them that can go there.
        let movers = self.standard_movers(p);
        std::iter::once(Loc::Base(p))
            .chain(self.battlefield_ids().map(Loc::Battlefield))
            .filter(|d| movers.iter().any(|u| self.may_standard_move_to(p, *u, *d)))
            .collect()
    }

    /// 141.3: the player picks one or more units for a standard move to `dest`, exhausts them
    /// together (141.3.c, the cost) and moves them together.
    pub fn standard_move(&mut self, p: PlayerId, dest: Loc) -> super::state::R<()> {
        let mut chosen: Vec<ObjId> = Vec::new();
        loop {
            let mut options: Vec<Choice> = self
                .standard_move_units(p, dest)
                .into_iter()
                .filter(|u| !chosen.contains(u))
                .map(Choice::Obj)
                .collect();
            // 141.3: one more unit only if the move's additional cost with it can be paid.
            if options.is_empty() || !self.can_afford(p, &self.move_tax(p, dest, chosen.len() + 1)) {
                break;
            }
            if !chosen.is_empty() {
                options.push(Choice::Done);
            }
            match self.decide(p, Ask::MoveUnits, options)? {
                Choice::Obj(u) => chosen.push(u),
                _ => break,
            }
        }
        trace!(self, "141.3", "{p} makes a standard move of {} unit(s) to {}", chosen.len(), self.describe_loc(dest));
        let tax = self.move_tax(p, dest, chosen.len());
        if !tax.is_free() {
            trace!(self, "141.3", "{p} pays {tax} to move {} units there together", chosen.len());
            self.pay(p, &tax)?;
        }
        for &u in &chosen {
            self.exhaust(u);
        }
        let mark = self.events.len();
        self.move_units(&chosen, dest);
        self.attribute_moves(mark, Some(p));
        Ok(())
    }

    /// The moves since event `mark` were made by `by` (their standard move, or their spell's or
    /// ability's instruction: "When you move an enemy unit", 421).
    pub fn attribute_moves(&mut self, mark: usize, by: Option<PlayerId>) {
        for e in self.events.since_mut(mark) {
            if let super::events::Event::Moved { by: mover @ None, .. } = e {
                *mover = by;
            }
        }
    }

    /// 420-426: moves units (board to board, same objects) to a destination; a battlefield not
    /// controlled by the movers becomes contested (424). Gear never moves (421.3). A unit that
    /// can't legally be there is recalled instead (421.2.b).
    pub fn move_units(&mut self, units: &[ObjId], dest: Loc) {
        let mut moved_to_bf: Vec<(Bf, PlayerId)> = Vec::new();
        // 421.2.a: whether a player already has permanents there is judged before the move.
        let closed: Vec<bool> = units
            .iter()
            .map(|u| match dest {
                Loc::Battlefield(b) => self.closed_by_combat(b, self.controller(*u)),
                Loc::Base(_) => false,
            })
            .collect();
        for (i, &u) in units.iter().enumerate() {
            let Some(from) = self.location(u) else {
                continue;
            };
            if from == dest || self.card(u).kind != super::cards::CardType::Unit {
                continue;
            }
            // 054: the player whose instruction moves it can't move it this turn.
            if let Some(mover) = self.components.get::<Mover>().and_then(|m| m.0)
                && self.move_banned(mover, u)
            {
                trace!(self, "054", "{mover} can't move {} this turn: it stays", self.describe(u));
                continue;
            }
            let p = self.controller(u);
            let (zone, zp) = match dest {
                Loc::Base(q) => (Zone::Base, q),
                Loc::Battlefield(b) => {
                    if self.occupied_by_two_others(b, p) || closed[i] {
                        trace!(
                            self,
                            "421.2.b",
                            "{} can't move to {} ({}): it is recalled instead",
                            self.describe(u),
                            self.describe_loc(dest),
                            if closed[i] {
                                "421.2.a: a combat of other players is staged or in progress there"
                            } else {
                                "423.2: units of two other players are there"
                            }
                        );
                        self.recall(u);
                        continue;
                    }
                    (Zone::Battlefield(b), p)
                }
            };
            trace!(
                self,
                "421",
                "move {} from {} to {}",
                self.describe(u),
                self.describe_loc(from),
                self.describe_loc(dest)
            );
            self.move_object(u, zone, zp, super::actions::Pos::Bottom);
            self.emit(super::events::Event::Moved { unit: u, from, to: dest, by: None });
            if let Loc::Battlefield(b) = dest {
                moved_to_bf.push((b, p));
            }
        }
        for (b, p) in moved_to_bf {
            self.apply_contested(b, p);
        }
        // 427: the completed move calls for a cleanup (recorded by the moves themselves).
    }

    /// 423: the locations unit `u` can move to by a spell or ability that names no destination
    /// (Charm: "Move an enemy unit"): its controller's base (106.2.d) or another battlefield, not
    /// one with units of two other players (423.2) or closed by a combat (421.2.a). It is not a
    /// standard move: no exhausting, no Ganking needed (those limit the standard move, 141.4).
    pub fn move_destinations(&self, u: ObjId) -> Vec<Loc> {
        if !self.obj(u).alive || self.card(u).kind != super::cards::CardType::Unit {
            return Vec::new();
        }
        let Some(from) = self.location(u) else { return Vec::new() };
        let p = self.controller(u);
        let mut options = Vec::new();
        if from != Loc::Base(p) && self.forbidding(Forbidden::MoveToBase, u, p).is_none() {
            options.push(Loc::Base(p));
        }
        for b in self.battlefield_ids() {
            if from != Loc::Battlefield(b) && !self.occupied_by_two_others(b, p) && !self.closed_by_combat(b, p) {
                options.push(Loc::Battlefield(b));
            }
        }
        options
    }

    /// The destinations a Move Destination spec offers for `u`: [`Game::move_destinations`], only
    /// the battlefields among them for "move it to a battlefield" (`spec.filter.at`), and only
    /// a move with its controller's base at one end for "move it to or from its base"
    /// (`At::YourBase`: from its base to a battlefield, or from a battlefield to its base).
    /// A battlefield must also be one the spec's filter names for `you` ("to a battlefield where
    /// you have units", 352.8.b).
    pub fn spec_destinations(&self, spec: &super::abilities::TargetSpec, u: ObjId, you: PlayerId) -> Vec<Loc> {
        let mut options = self.move_destinations(u);
        let named = super::abilities::UnitFilter { at: super::abilities::At::Anywhere, ..spec.filter.clone() };
        options.retain(|l| match l {
            Loc::Battlefield(b) => self.unit_matches(&named, self.battlefields[*b].obj, you, ObjId(u32::MAX)),
            Loc::Base(_) => true,
        });
        let at_base = self.location(u) == Some(Loc::Base(self.controller(u)));
        match spec.filter.at {
            super::abilities::At::Battlefield => options.retain(|l| matches!(l, Loc::Battlefield(_))),
            super::abilities::At::YourBase => options.retain(|l| at_base || matches!(l, Loc::Base(_))),
            _ => {}
        }
        options
    }

    /// 352.3: `p` chooses the Move Destination of `u` as the spell is played or the ability goes
    /// on the chain, among [`Game::spec_destinations`]. `None` when there is none (352.7). The
    /// result is the chosen list of a [`TargetCount::Destination`] spec: the battlefield's object
    /// (352.10.b: a target), or nothing for the unit's base.
    ///
    /// [`TargetCount::Destination`]: super::abilities::TargetCount::Destination
    pub fn choose_destination(
        &mut self,
        p: PlayerId,
        spec: &super::abilities::TargetSpec,
        u: ObjId,
    ) -> super::state::R<Option<Vec<ObjId>>> {
        let options: Vec<Choice> = self.spec_destinations(spec, u, p).into_iter().map(Choice::Loc).collect();
        if options.is_empty() {
            return Ok(None);
        }
        let Choice::Loc(dest) = self.decide(p, Ask::Destination, options)? else { return Ok(None) };
        trace!(self, "352.3", "{p} chooses {} as the destination of {}", self.describe_loc(dest), self.describe(u));
        Ok(Some(match dest {
            Loc::Battlefield(b) => vec![self.battlefields[b].obj],
            Loc::Base(_) => Vec::new(),
        }))
    }

    /// 352.3 / 423: moves `u` to the destination chosen for it as the spell was played (`chosen`:
    /// the list of its [`TargetCount::Destination`] spec; empty: its base). The destination is
    /// checked again now: a battlefield that has units of two other players (423.2) or is closed
    /// by a combat (421.2.a) is no longer a valid choice, and since it was chosen as a target
    /// (352.10.b) the move doesn't happen (356.3.e.2, 356.3.e.5-6: mistargeting, 356.3.e.9) —
    /// rather than the recall of 421.2.b, which is for moves an effect requires without a
    /// choice. A unit already there doesn't move (421: no new location).
    ///
    /// [`TargetCount::Destination`]: super::abilities::TargetCount::Destination
    pub fn move_to_chosen(&mut self, u: ObjId, chosen: &[ObjId]) {
        if !self.obj(u).alive || self.card(u).kind != super::cards::CardType::Unit {
            return;
        }
        let dest = match chosen.first() {
            Some(o) => match self.battlefield_of(*o) {
                Some(b) => Loc::Battlefield(b),
                None => return,
            },
            None => Loc::Base(self.controller(u)),
        };
        self.move_if_valid(u, dest);
    }

    /// [`Game::move_to_chosen`] for the destination chosen for spec `i` of the running body (only
    /// a destination spec names one).
    pub fn move_to_chosen_spec(&mut self, c: &super::host::HookCall, u: ObjId, i: usize) -> super::state::R<()> {
        self.move_all_to_chosen_spec(c, &[u], i)
    }

    /// "Move any number of your units to an open battlefield": each of `units` moves to the
    /// destination chosen for spec `i`, whose legality is checked once, as the instruction begins:
    /// a battlefield chosen there is a target (352.10.b), and one its filter no longer names ("a
    /// battlefield where you have units") is no longer legal, so no move happens (356.3.e.2,
    /// 356.3.e.5); the first unit's arrival does not make it illegal for the next.
    pub fn move_all_to_chosen_spec(
        &mut self,
        c: &super::host::HookCall,
        units: &[ObjId],
        i: usize,
    ) -> super::state::R<()> {
        if !c.specs.get(i).is_some_and(|s| matches!(s.count, super::abilities::TargetCount::Destination(_))) {
            return Ok(());
        }
        let chosen = c.targets.get(i).map(|t| t.objs().to_vec()).unwrap_or_default();
        // Where the destination may be relative to the unit (`at`) is checked by the move itself.
        let named = super::abilities::UnitFilter { at: super::abilities::At::Anywhere, ..c.specs[i].filter.clone() };
        let you = c.controller.unwrap_or(self.turn_player);
        if let Some(&b) = chosen.first()
            && !self.unit_matches(&named, b, you, ObjId(u32::MAX))
        {
            trace!(
                self,
                "356.3.e.5",
                "{} is no longer a legal destination: {} doesn't move",
                self.describe(b),
                self.describe_all(units)
            );
            return Ok(());
        }
        for &u in units {
            self.move_to_chosen(u, &chosen);
        }
        Ok(())
    }

    /// "Move a friendly unit here." (053.3: "here" is the source's location as it resolves): a
    /// named destination, so nothing is chosen for it (352.3 needs no choice); checked like a
    /// chosen one ([`Game::move_to_chosen`]). A source no longer on the board names no location
    /// (356.3.e.6: the move is ignored).
    pub fn move_here(&mut self, source: Option<ObjId>, u: ObjId) {
        let Some(dest) = source.and_then(|s| self.location(s)) else { return };
        if !self.obj(u).alive || self.card(u).kind != super::cards::CardType::Unit {
            return;
        }
        self.move_if_valid(u, dest);
    }

    /// 423: moves `u` to where `to` is ("to that enemy unit's battlefield", "be moved with it",
    /// "move your unit there": a battlefield's own object names that battlefield, 053.3), a
    /// named destination checked like a chosen one; a base is `u`'s controller's own (106.2.d).
    /// With `battlefield_only`, nothing happens if `to` is not at a battlefield.
    pub fn move_to_location_of(&mut self, u: ObjId, to: ObjId, battlefield_only: bool) {
        if !self.obj(to).alive || !self.obj(u).alive || self.card(u).kind != super::cards::CardType::Unit {
            return;
        }
        let dest = match self.here(to) {
            Some(Loc::Battlefield(b)) => Loc::Battlefield(b),
            Some(Loc::Base(_)) if !battlefield_only => Loc::Base(self.controller(u)),
            _ => return,
        };
        self.move_if_valid(u, dest);
    }

    /// 423.2 / 421.2.a: moves `u` to `dest` if it is still one of its destinations; else traces
    /// why the move doesn't happen (356.3.e.6).
    fn move_if_valid(&mut self, u: ObjId, dest: Loc) {
        if self.location(u) == Some(dest) || self.location(u).is_none() {
            return;
        }
        if !self.move_destinations(u).contains(&dest) {
            trace!(
                self,
                "356.3.e.6",
                "{} doesn't move: {} is no longer a valid destination for it (423.2, 421.2.a, 106.2.d)",
                self.describe(u),
                self.describe_loc(dest)
            );
            return;
        }
        self.move_units(&[u], dest);
    }

    /// 423: a move caused by a spell or ability that names no destination and chose none as it
    /// was played (a move of several units, "all", "them"): `chooser` (the ability's controller)
    /// chooses among [`Game::move_destinations`] as it resolves.
    pub fn move_by_effect(&mut self, chooser: PlayerId, u: ObjId) -> super::state::R<()> {
        let options: Vec<Choice> = self.move_destinations(u).into_iter().map(Choice::Loc).collect();
        if options.is_empty() {
            return Ok(());
        }
        let Choice::Loc(dest) = self.decide(chooser, Ask::Destination, options)? else { return Ok(()) };
        self.move_units(&[u], dest);
        Ok(())
    }
}
