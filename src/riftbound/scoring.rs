//! Control and scoring (179-181, 441-445): establishing control, conquering, holding, the final
//! point rule and victory.

use super::events::Event;
use super::state::{Bf, Game, Loc, R};
use crate::kernel::PlayerId;
use crate::trace;

/// How a battlefield was scored (442).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum ScoreMethod {
    Conquer,
    Hold,
}

impl Game {
    /// 181.4 / 440.2 / 345.2.a: `p` establishes control of battlefield `b`; if they had not
    /// scored it this turn, that is a conquer (442.1), `after_combat` when a combat's resolution
    /// established it (440.2.a: "When I conquer after an attack").
    pub fn establish_control(&mut self, b: Bf, p: PlayerId, after_combat: bool) -> R<()> {
        let bf = self.battlefield_mut(b);
        bf.contested_by = None;
        if bf.controller == Some(p) {
            return Ok(());
        }
        let was_uncontrolled = bf.controller.is_none();
        bf.controller = Some(p);
        trace!(self, "181.4", "{p} establishes control of {}", self.describe_loc(Loc::Battlefield(b)));
        self.changed();
        self.score_from(p, b, ScoreMethod::Conquer, after_combat, was_uncontrolled)
    }

    /// 442-444: `p` scores battlefield `b` (see [`Game::score_from`]), not by conquering an
    /// uncontrolled battlefield.
    pub fn score(&mut self, p: PlayerId, b: Bf, method: ScoreMethod, after_combat: bool) -> R<()> {
        self.score_from(p, b, method, after_combat, false)
    }

    /// 442-444: `p` scores battlefield `b`, at most once per battlefield per turn (443);
    /// `was_uncontrolled`: a conquer of a battlefield no player controlled before (181.2.b).
    fn score_from(
        &mut self,
        p: PlayerId,
        b: Bf,
        method: ScoreMethod,
        after_combat: bool,
        was_uncontrolled: bool,
    ) -> R<()> {
        if self.is_over() {
            return Ok(());
        }
        let bit = 1u32 << b.index();
        if self.player(p).scored_this_turn & bit != 0 {
            trace!(self, "443", "{p} already scored {} this turn", self.describe_loc(Loc::Battlefield(b)));
            return Ok(());
        }
        // 462.8.b / 442.1.a / 315.2.b.2: a battlefield the turn player's teammate controlled at
        // the start of the Beginning Phase is not scored by the team this turn.
        if self.team_disqualified(p, b) {
            trace!(
                self,
                "462.8.b",
                "{} is disqualified from being scored by {p}'s team this turn",
                self.describe_loc(Loc::Battlefield(b))
            );
            return Ok(());
        }
        // 054: "Players can't score here until their third turn."
        let turns = self.player(p).turns_taken;
        let here = Some(Loc::Battlefield(b));
        if let Some(s) = self.player_banned(p, |s, ban| {
            matches!(ban, super::abilities::PlayerBan::ScoreHere { until_turn } if turns < *until_turn && self.here(s) == here)
        }) {
            trace!(self, "054", "{p} can't score {} yet ({})", self.describe_loc(Loc::Battlefield(b)), self.describe(s));
            return Ok(());
        }
        self.player_mut(p).scored_this_turn |= bit;
        self.emit(super::events::Event::Scored { player: p, battlefield: b, method, after_combat, was_uncontrolled });
        let rule = if method == ScoreMethod::Conquer { "442.1" } else { "442.2" };
        trace!(self, rule, "{p} scores {} by {:?}", self.describe_loc(Loc::Battlefield(b)), method);
        // 444.1.b: the final point needs a hold, or a conquer after scoring every battlefield.
        let final_point = self.player(p).points + 1 >= self.victory_score();
        if final_point && method == ScoreMethod::Conquer {
            // 462.8.f.1: except the battlefields their ally occupied during the Beginning Phase.
            let all = ((1u32 << self.battlefields.len()) - 1) & !self.final_point_excepted(p);
            if self.player(p).scored_this_turn & all != all {
                trace!(
                    self,
                    "444.1.b.2", "{p} conquered for the final point without scoring every battlefield: draws 1 instead"
                );
                return self.draw(p, 1);
            }
        }
        if final_point {
            trace!(
                self,
                if method == ScoreMethod::Hold { "444.1.b.1" } else { "444.1.b.2" },
                "{p} scores the final point"
            );
        }
        self.gain_points(p, 1);
        Ok(())
    }

    /// The points `p` earned by scoring this turn (444.1), by `method` or either: a score earns
    /// up to one point (444.1.b.2: a conquer for the final point may earn none, 054: nor a
    /// player who can't gain points), so each score is counted by the point gained with it.
    pub fn points_scored_this_turn(&self, p: PlayerId, method: Option<ScoreMethod>) -> u32 {
        let events = self.events_this_turn();
        events
            .windows(2)
            .filter(|w| {
                matches!(w[0], Event::Scored { player, method: m, .. } if player == p && method.is_none_or(|x| x == m))
                    && matches!(w[1], Event::GainedPoints { player, .. } if player == p)
            })
            .count() as u32
    }

    /// 315.2.b / 442.2: the turn player holds every battlefield they control.
    pub fn hold(&mut self) -> R<()> {
        let tp = self.turn_player;
        for b in self.battlefield_ids() {
            if self.battlefields[b].controller == Some(tp) {
                self.score(tp, b, ScoreMethod::Hold, false)?;
            }
        }
        Ok(())
    }
}
