//! Invariants: what must hold of any game state the rules can reach, and of any step from one
//! state to the next. Checked after every step in debug and test builds (a violation is an engine
//! bug: the step panics naming it), and on demand in release (`sim --check-invariants`, where a
//! violation stops that game with a report).

use super::cards::CardType;
use super::state::{Game, Step, Zone};
use crate::kernel::ObjId;

/// What the invariants about a step remember of the state before it. Taken by whoever runs the
/// checks ([`Game::mark`] before a step, [`Game::step_violations`] after it), so what a scenario
/// or test sets up between steps (points, a phase) is never mistaken for the engine's doing.
#[derive(Clone, Debug)]
pub struct Mark {
    decisions: u64,
    turn: u32,
    step: Step,
    points: Vec<u32>,
}

impl Game {
    /// The state now, as [`Game::step_violations`] compares the next state with it.
    pub fn mark(&self) -> Mark {
        Mark {
            decisions: self.decisions,
            turn: self.turn,
            step: self.step,
            points: self.players.iter().map(|p| p.points).collect(),
        }
    }

    /// The step from `before` to now, as a violation report names it: where the game is and
    /// the last decision the step took, if it took one.
    pub fn describe_step(&self, before: &Mark) -> String {
        let at = format!("turn {}, {:?}", self.turn, self.step);
        match &self.last_decision {
            Some((p, c)) if self.decisions > before.decisions => {
                format!("{at}, after {p} chose {}", self.describe_choice(c))
            }
            _ => format!("{at}, after a step without a decision"),
        }
    }

    /// Every invariant the step from `before` to now breaks, the state's own included.
    pub fn step_violations(&self, before: &Mark) -> Vec<String> {
        let mut out = self.invariant_violations();
        // 444, 418.2.c: points are only ever gained; no rule takes one away.
        for (i, (pl, was)) in self.players.iter().zip(&before.points).enumerate() {
            if pl.points < *was {
                out.push(format!(
                    "P{}'s score went down from {was} to {} (444: points are only gained)",
                    i + 1,
                    pl.points
                ));
            }
        }
        // 160: every rune pool empties as the draw phase ends (315.4.d) and as the turn ends
        // (317.3.b), so a step that ended either leaves them empty. Only there: a start-of-turn
        // [Add] fills a pool in the beginning phase, legally, until the draw phase ends; an [Add]
        // in the action phase fills it until the turn ends.
        let draw_ended = before.step == Step::Draw && self.step == Step::Action;
        let turn_ended = before.turn != self.turn;
        if (draw_ended || turn_ended) && !self.is_over() {
            let rule = if draw_ended { "315.4.d" } else { "317.3.b" };
            for (i, pl) in self.players.iter().enumerate() {
                if !pl.pool.is_empty() {
                    out.push(format!("P{}'s rune pool is not empty as {rule} empties it: {:?}", i + 1, pl.pool));
                }
            }
        }
        out
    }

    /// Every invariant the state breaks, described; empty when all hold.
    pub fn invariant_violations(&self) -> Vec<String> {
        let mut out = Vec::new();
        self.check_zones(&mut out);
        self.check_attachments(&mut out);
        for (i, o) in self.objs.iter().enumerate() {
            if !o.alive {
                continue;
            }
            let id = ObjId(i as u32);
            // 177: tokens exist only on the board.
            if o.token && !o.zone.is_board() && o.zone != Zone::Gone {
                out.push(format!("token {} is in {:?} (177)", self.describe(id), o.zone));
            }
            let unit_on_board = o.zone.is_board() && self.card(id).kind == CardType::Unit;
            // 140.3, 702: damage and buffs are on units on the board only.
            if (o.damage > 0 || o.buffs > 0) && !unit_on_board {
                out.push(format!(
                    "{} has damage {} and buffs {} in {:?}",
                    self.describe(id),
                    o.damage,
                    o.buffs,
                    o.zone
                ));
            }
            // 702.3: a unit has at most one buff, unless it can have any number (002).
            if o.buffs > 1 && !self.chars(id).any_number_of_buffs {
                out.push(format!("{} has {} buffs (702.3: at most one)", self.describe(id), o.buffs));
            }
            // 107.1.d, 107.5.d, 107.6.f: hands, decks, trashes and banishments hold their owner's cards.
            let private =
                matches!(o.zone, Zone::Hand | Zone::MainDeck | Zone::RuneDeck | Zone::Trash | Zone::Banishment);
            if private && o.zone_player != o.owner {
                out.push(format!("{} is in {}'s {:?}, not its owner's", self.describe(id), o.zone_player, o.zone));
            }
        }
        // 440 / 436: a combat is between the units of two players.
        if let Some(sd) = &self.showdown
            && sd.combat.is_some()
        {
            let mut sides: Vec<_> = self
                .units_iter(super::state::Loc::Battlefield(sd.battlefield))
                .filter(|u| self.obj(*u).role.is_some())
                .map(|u| self.controller(u))
                .collect();
            sides.sort();
            sides.dedup();
            if sides.len() > 2 {
                out.push(format!("a combat has units of {} players (436: two)", sides.len()));
            }
        }
        out
    }

    /// Every live object is listed exactly once, in the zone it says it is in, and every listed
    /// object is alive and says so.
    fn check_zones(&self, out: &mut Vec<String>) {
        let mut seen = vec![0u8; self.objs.len()];
        let mut listed = |id: ObjId, zone: Zone, player: Option<crate::kernel::PlayerId>, out: &mut Vec<String>| {
            let Some(o) = self.objs.get(id.index()) else {
                out.push(format!("{zone:?} lists #{} which does not exist", id.0));
                return;
            };
            seen[id.index()] += 1;
            if !o.alive || o.zone != zone || player.is_some_and(|p| p != o.zone_player) {
                out.push(format!(
                    "{zone:?} lists {} which is {}in {:?} of {}",
                    self.describe(id),
                    if o.alive { "" } else { "gone, " },
                    o.zone,
                    o.zone_player
                ));
            }
        };
        for (pi, pl) in self.players.iter().enumerate() {
            let p = Some(crate::kernel::PlayerId(pi as u8));
            for (list, zone) in [
                (&pl.main_deck, Zone::MainDeck),
                (&pl.rune_deck, Zone::RuneDeck),
                (&pl.hand, Zone::Hand),
                (&pl.trash, Zone::Trash),
                (&pl.banishment, Zone::Banishment),
                (&pl.set_aside, Zone::SetAside),
                (&pl.base, Zone::Base),
                (&pl.runes, Zone::Base),
            ] {
                for &id in list {
                    listed(id, zone, p, out);
                }
            }
            for (slot, zone) in [(pl.champion_zone, Zone::ChampionZone), (pl.legend, Zone::LegendZone)] {
                if let Some(id) = slot {
                    listed(id, zone, p, out);
                }
            }
        }
        for (b, bf) in self.battlefield_ids().zip(&self.battlefields) {
            listed(bf.obj, Zone::BattlefieldZone, None, out);
            for &id in &bf.units {
                listed(id, Zone::Battlefield(b), None, out);
            }
            for &id in &bf.facedown {
                listed(id, Zone::Facedown(b), None, out);
            }
        }
        for item in self.chain.iter() {
            if let super::state::ItemKind::Card(id) = item.kind {
                listed(id, Zone::Chain, None, out);
            }
        }
        for (i, o) in self.objs.iter().enumerate() {
            let expected = u8::from(o.alive && o.zone != Zone::Gone);
            if seen[i] != expected {
                out.push(format!(
                    "{} ({:?}) is listed {} times, not {expected}",
                    self.describe(ObjId(i as u32)),
                    o.zone,
                    seen[i]
                ));
            }
        }
    }
}
