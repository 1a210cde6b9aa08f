//! Movement (419-427), the standard move (141) and the contested status it applies (181.3).

use super::decision::{Ask, Choice};
use super::layers::Keyword;
use super::state::{Game, Loc, Step, Zone};
use crate::kernel::{ObjId, PlayerId};
use crate::trace;

impl Game {
    /// 181.3.a.1: a unit of `p` becoming present at battlefield `b` contests it, unless it is
    /// already contested or `p` controls it.
    pub fn apply_contested(&mut self, b: u8, p: PlayerId) {
        let bf = &self.battlefields[b as usize];
        if bf.contested_by.is_none() && bf.controller != Some(p) {
            self.battlefields[b as usize].contested_by = Some(p);
            trace!(self, "181.3.a", "{p} contests {}", self.describe_loc(Loc::Battlefield(b)));
            self.changed();
        }
    }

    /// 141.4, 423.2: can a unit of `p` go from `from` to `to` with a standard move?
    fn standard_move_allowed(&self, unit: ObjId, p: PlayerId, from: Loc, to: Loc) -> bool {
        match (from, to) {
            (Loc::Base(_), Loc::Battlefield(b)) => !self.occupied_by_two_others(b, p) && !self.closed_by_combat(b, p),
            (Loc::Battlefield(_), Loc::Base(q)) => q == p,
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
    fn occupied_by_two_others(&self, b: u8, p: PlayerId) -> bool {
        self.players_at(b).iter().filter(|q| **q != p).count() >= 2
    }

    /// 436: the players in the staged combat or the combat in progress at battlefield `b`.
    pub fn combat_players(&self, b: u8) -> Option<Vec<PlayerId>> {
        if let Some(sd) = &self.showdown
            && sd.battlefield == b
            && let Some(c) = &sd.combat
        {
            return Some(vec![c.attacker, c.defender]);
        }
        self.battlefields[b as usize].combat_staged.then(|| self.players_at(b))
    }

    /// 421.2.a / 436.1: with more than two players, a battlefield with a staged combat or a
    /// combat in progress is no destination for moves of any kind by units of a player who has
    /// no permanent there.
    pub fn closed_by_combat(&self, b: u8, p: PlayerId) -> bool {
        self.players.len() > 2
            && self.combat_players(b).is_some()
            && !self.battlefields[b as usize].units.iter().any(|o| self.controller(*o) == p)
    }

    /// Units of `p` that can standard-move to `dest` now (ready, since exhausting is the cost).
    pub fn standard_move_units(&self, p: PlayerId, dest: Loc) -> Vec<ObjId> {
        self.all_units()
            .into_iter()
            .filter(|u| self.controller(*u) == p && !self.obj(*u).exhausted)
            .filter(|u| self.location(*u).is_some_and(|from| self.standard_move_allowed(*u, p, from, dest)))
            .collect()
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
        let mut dests = vec![Loc::Base(p)];
        dests.extend((0..self.battlefields.len()).map(|b| Loc::Battlefield(b as u8)));
        dests.into_iter().filter(|d| !self.standard_move_units(p, *d).is_empty()).collect()
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
            if options.is_empty() {
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
        for &u in &chosen {
            self.exhaust(u);
        }
        self.move_units(&chosen, dest);
        Ok(())
    }

    /// 420-426: moves units (board to board, same objects) to a destination; a battlefield not
    /// controlled by the movers becomes contested (424). Gear never moves (421.3). A unit that
    /// can't legally be there is recalled instead (421.2.b).
    pub fn move_units(&mut self, units: &[ObjId], dest: Loc) {
        let mut moved_to_bf: Vec<(u8, PlayerId)> = Vec::new();
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
            self.emit(super::events::Event::Moved { unit: u, from, to: dest });
            if let Loc::Battlefield(b) = dest {
                moved_to_bf.push((b, p));
            }
        }
        for (b, p) in moved_to_bf {
            self.apply_contested(b, p);
        }
        // 427: the completed move calls for a cleanup (recorded by the moves themselves).
    }

    /// 423: a move caused by a spell or ability that names no destination (Charm: "Move an enemy
    /// unit"). It is not a standard move: no exhausting, no Ganking needed (those limit the
    /// standard move, 141.4). `chooser` (the ability's controller) chooses as it resolves (352.9)
    /// among the locations the unit can move to: its controller's base (106.2.d) or another
    /// battlefield, not one with units of two other players (423.2) or closed by a combat
    /// (421.2.a).
    pub fn move_by_effect(&mut self, chooser: PlayerId, u: ObjId) -> super::state::R<()> {
        if !self.obj(u).alive || self.card(u).kind != super::cards::CardType::Unit {
            return Ok(());
        }
        let Some(from) = self.location(u) else { return Ok(()) };
        let p = self.controller(u);
        let dest = {
            let mut options: Vec<Choice> = Vec::new();
            if from != Loc::Base(p) {
                options.push(Choice::Loc(Loc::Base(p)));
            }
            for b in 0..self.battlefields.len() as u8 {
                if from != Loc::Battlefield(b) && !self.occupied_by_two_others(b, p) && !self.closed_by_combat(b, p) {
                    options.push(Choice::Loc(Loc::Battlefield(b)));
                }
            }
            if options.is_empty() {
                return Ok(());
            }
            match self.decide(chooser, Ask::Destination, options)? {
                Choice::Loc(l) => l,
                _ => return Ok(()),
            }
        };
        if dest == from {
            return Ok(());
        }
        self.move_units(&[u], dest);
        Ok(())
    }
}
