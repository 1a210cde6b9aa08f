//! Modes of Play (454-462): what each mode changes in setup and in the first turns. The Duel
//! (458) and its casual variant are in `state.rs`; Skirmish (460), War (461) and the Match (459)
//! are here. Turn order, focus and priority go round every player still in the game (115,
//! 652.5), and a combat is always between two players (316.4.d), in every mode.

use super::actions::Pos;
use super::cards::CardIdx;
use super::decision::{Agent, Ask, Choice};
use super::state::{Game, Mode, Zone};
use crate::kernel::PlayerId;
use crate::trace;

/// A mode's First Turn Process (456.7).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FirstTurn {
    /// 458.7 / 459.7: the player going second channels an extra rune in their first Channel
    /// Phase.
    SecondChannelsExtra,
    /// 460.7 / 461.7: the player going first does not draw in their first Draw Phase, and the
    /// player going last channels an extra rune in their first Channel Phase.
    FirstSkipsDrawLastChannelsExtra,
}

impl Mode {
    /// 460: FFA3 Skirmish. Three players, victory score 8 (460.3), each deck provides three
    /// battlefields and one of each is used (460.4.a, 460.5).
    pub fn ffa3() -> Mode {
        Mode {
            name: "FFA3 Skirmish",
            key: "ffa3",
            rule: "460",
            players: 3,
            first_turn: FirstTurn::FirstSkipsDrawLastChannelsExtra,
            ..Mode::duel()
        }
    }

    /// 461: FFA4 War. Four players, victory score 8 (461.3), three battlefields in play: the
    /// first player's are removed (461.4.b) and each other player selects one of theirs (461.5).
    pub fn ffa4() -> Mode {
        Mode {
            name: "FFA4 War",
            key: "ffa4",
            rule: "461",
            players: 4,
            first_turn: FirstTurn::FirstSkipsDrawLastChannelsExtra,
            first_player_battlefield: false,
            ..Mode::duel()
        }
    }

    /// 459: 1v1 Match, a best of three (459.6) of Duel games with the Duel's first turn (459.7).
    pub fn match_bo3() -> Mode {
        Mode { name: "1v1 Match", key: "match", rule: "459", games_to_win: 2, ..Mode::duel() }
    }

    /// Every mode that can be played, by command-line name.
    pub fn all() -> Vec<Mode> {
        vec![Mode::duel(), Mode::casual_duel(), Mode::match_bo3(), Mode::ffa3(), Mode::ffa4()]
    }

    /// A mode by its command-line name (`duel`, `casual` or `casual-duel`, `match`, `ffa3`,
    /// `ffa4`), case-insensitive.
    pub fn by_name(name: &str) -> Option<Mode> {
        let name = name.trim().to_ascii_lowercase();
        let name = if name == "casual-duel" { "casual".to_string() } else { name };
        Mode::all().into_iter().find(|m| m.key == name)
    }

    /// The command-line names of every mode, for messages.
    pub fn names() -> String {
        Mode::all().iter().map(|m| m.key).collect::<Vec<_>>().join(", ")
    }

    /// Whether this is a house variant rather than a sanctioned mode (457).
    pub fn is_house_variant(&self) -> bool {
        self.key == "casual"
    }
}

impl Game {
    /// 315.3.b with the First Turn Process (456.7): how many runes `tp` channels this Channel
    /// Phase. 458.7 / 459.7: the player going second channels one extra on their first turn;
    /// 460.7 / 461.7: the player going last does, and the rule is returned for the trace (the
    /// Duel's extra rune is not traced, as before).
    pub(crate) fn runes_to_channel(&self, tp: PlayerId) -> (u32, Option<&'static str>) {
        let first_turn = self.player(tp).turns_taken == 1;
        match self.mode.first_turn {
            FirstTurn::SecondChannelsExtra => (2 + u32::from(first_turn && self.turn_order.get(1) == Some(&tp)), None),
            FirstTurn::FirstSkipsDrawLastChannelsExtra => {
                let extra = first_turn && self.turn_order.last() == Some(&tp);
                (2 + u32::from(extra), extra.then(|| self.mode.rule_of("7")))
            }
        }
    }

    /// 460.7 / 461.7: the player going first does not draw in their first Draw Phase.
    pub(crate) fn skips_first_draw(&self, tp: PlayerId) -> bool {
        self.mode.first_turn == FirstTurn::FirstSkipsDrawLastChannelsExtra
            && self.player(tp).turns_taken == 1
            && self.turn_order.first() == Some(&tp)
    }
}

impl Mode {
    /// The sub-rule `n` of this mode's rule ("460" and "7": "460.7"), for the trace.
    pub fn rule_of(&self, n: &str) -> &'static str {
        match (self.rule, n) {
            ("458", "1") => "458.1",
            ("458", "5") => "458.5",
            ("458", "7") => "458.7",
            ("459", "1") => "459.1",
            ("459", "5") => "459.5",
            ("459", "7") => "459.7",
            ("460", "1") => "460.1",
            ("460", "5") => "460.5",
            ("460", "7") => "460.7",
            ("461", "1") => "461.1",
            ("461", "5") => "461.5",
            ("461", "7") => "461.7",
            _ => self.rule,
        }
    }
}

/// What one game of a 1v1 Match (459) is set up with besides the decks: each player's
/// battlefields not yet used in the match (459.5), who goes first (none: a random first player,
/// 115), and the agents, who select the battlefields.
pub struct MatchGame {
    pub available: Vec<Vec<CardIdx>>,
    pub first: Option<PlayerId>,
    pub agents: Vec<Box<dyn Agent<Game>>>,
}

impl Game {
    /// 459.5: in turn order, each player selects one of their `available` battlefields (a
    /// decision); the others are set aside for this game.
    pub(crate) fn select_match_battlefields(&mut self, available: &[Vec<CardIdx>]) -> Result<(), String> {
        for p in self.turn_order.clone() {
            let cards = available
                .get(p.index())
                .filter(|c| !c.is_empty())
                .ok_or_else(|| format!("459.5: {p} has no battlefield left that was not used earlier in the match"))?;
            let options: Vec<Choice> = (0..cards.len() as u8).map(Choice::Nth).collect();
            let pick = match self.decide(p, Ask::SelectBattlefield, options) {
                Ok(Choice::Nth(i)) => cards[i as usize],
                Ok(other) => return Err(format!("459.5: {p} answered {other:?}")),
                Err(e) => return Err(format!("459.5: {p} could not select a battlefield: {e:?}")),
            };
            let obj = self.new_obj(pick, p, Zone::BattlefieldZone, p, Pos::Bottom);
            trace!(self, "459.5", "{p} selects battlefield {}", self.describe(obj));
            self.add_battlefield(obj, p);
        }
        Ok(())
    }
}

/// The result of a 1v1 Match (459.6): each player's set points (games won), the games played,
/// and the winner, if one earned the set points needed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MatchResult {
    pub set_points: Vec<u32>,
    pub winner: Option<PlayerId>,
}

impl MatchResult {
    /// 459.6: records a game's winner (none: a game stopped without one) and says who goes first
    /// in the next game: the loser of this one (459 does not say; docs/modes.md), or, after a
    /// game without a winner, the player who went first in it.
    pub fn record(&mut self, mode: &Mode, winner: Option<PlayerId>, went_first: PlayerId) -> PlayerId {
        self.set_points.resize(mode.players, 0);
        let Some(w) = winner else { return went_first };
        self.set_points[w.index()] += 1;
        if self.set_points[w.index()] >= mode.games_to_win {
            self.winner = Some(w);
        }
        PlayerId(((w.index() + 1) % mode.players) as u8)
    }
}
