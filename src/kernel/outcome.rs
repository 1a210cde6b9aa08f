//! How a game ends, for any game on the kernel. A game either has a winner, ends in a draw (Flesh
//! and Blood 3.2: both heroes reach zero life at once), or is stopped by the runner (a turn cap,
//! a turn that never ends) without a rules outcome. Riftbound keeps its own `Outcome` (it has no
//! draw) and reads through [`GameOutcome`]; Flesh and Blood uses [`Ending`] directly.

use super::PlayerId;

/// What a runner (simulation, trace, tests) needs to know about how a game ended.
pub trait GameOutcome {
    /// The winner, if the game has one.
    fn winner(&self) -> Option<PlayerId>;
    /// True when the rules ended the game with no winner.
    fn is_draw(&self) -> bool {
        false
    }
    /// True when the rules ended the game (a win or a draw), false when the runner stopped it.
    fn by_rules(&self) -> bool {
        self.winner().is_some() || self.is_draw()
    }
}

/// A game-generic ending.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub enum Ending {
    /// `by` names the rule or event that decided it ("life", "concession").
    Won { winner: PlayerId, by: &'static str },
    /// The rules ended the game with no winner; `by` names the rule.
    Draw { by: &'static str },
    /// Stopped at the configured turn cap: not a rules outcome.
    TurnCap,
    /// Stopped because one turn took more than the step cap: not a rules outcome.
    Stalled { turn: u32 },
}

impl GameOutcome for Ending {
    fn winner(&self) -> Option<PlayerId> {
        match self {
            Ending::Won { winner, .. } => Some(*winner),
            _ => None,
        }
    }
    fn is_draw(&self) -> bool {
        matches!(self, Ending::Draw { .. })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_draw_has_no_winner_and_is_a_rules_outcome() {
        let d = Ending::Draw { by: "3.2" };
        assert_eq!((d.winner(), d.is_draw(), d.by_rules()), (None, true, true));
        let w = Ending::Won { winner: PlayerId(1), by: "life" };
        assert_eq!((w.winner(), w.is_draw(), w.by_rules()), (Some(PlayerId(1)), false, true));
        for stop in [Ending::TurnCap, Ending::Stalled { turn: 3 }] {
            assert_eq!((stop.winner(), stop.is_draw(), stop.by_rules()), (None, false, false));
        }
    }
}
