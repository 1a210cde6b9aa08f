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

    /// 462: 2v2 Magma Chamber. Four players in two teams of two (462.1-462.2), victory score 11
    /// (462.3), three battlefields: the first player's are removed (462.4.b) and each other
    /// player randomly selects one of theirs (462.5.a); the first turn as FFA3 (462.7). Seats 1
    /// and 3 are one team, seats 2 and 4 the other: allies sit across from each other, so turn
    /// order, clockwise from the first player, alternates teams (462.5.b, 462.5.b.2).
    pub fn two_v_two() -> Mode {
        Mode {
            name: "2v2 Magma Chamber",
            key: "2v2",
            rule: "462",
            players: 4,
            victory_score: 11,
            first_turn: FirstTurn::FirstSkipsDrawLastChannelsExtra,
            first_player_battlefield: false,
            teams: true,
            ..Mode::duel()
        }
    }

    /// 459: 1v1 Match, a best of three (459.6) of Duel games with the Duel's first turn (459.7).
    pub fn match_bo3() -> Mode {
        Mode { name: "1v1 Match", key: "match", rule: "459", games_to_win: 2, ..Mode::duel() }
    }

    /// Every mode that can be played, by command-line name.
    pub fn all() -> Vec<Mode> {
        vec![Mode::duel(), Mode::casual_duel(), Mode::match_bo3(), Mode::ffa3(), Mode::ffa4(), Mode::two_v_two()]
    }

    /// A mode by its command-line name (`duel`, `casual` or `casual-duel`, `match`, `ffa3`,
    /// `ffa4`, `2v2` or `magma-chamber`), case-insensitive.
    pub fn by_name(name: &str) -> Option<Mode> {
        let name = name.trim().to_ascii_lowercase();
        let name = match name.as_str() {
            "casual-duel" => "casual".to_string(),
            "magma-chamber" => "2v2".to_string(),
            _ => name,
        };
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
            ("461", "4.b") => "461.4.b",
            ("462", "1") => "462.1",
            ("462", "4.b") => "462.4.b",
            ("462", "5") => "462.5.a",
            ("462", "7") => "462.7",
            _ => self.rule,
        }
    }
}

/// What one game of a 1v1 Match (459) is set up with besides the decks: each player's
/// battlefields not yet used in the match (459.5), who goes first (none: a random first player,
/// 115), and the agents, who select the battlefields. `answers`: the answers of a replay,
/// given before any agent is asked (empty when the game is played).
pub struct MatchGame {
    pub available: Vec<Vec<CardIdx>>,
    pub first: Option<PlayerId>,
    pub agents: Vec<Box<dyn Agent<Game>>>,
    pub answers: Vec<usize>,
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

/// 462.8.g: teammates (seats 1 and 3, seats 2 and 4) may not use the same Champion Legend.
/// (462.8.h, the same battlefields, is kept as the battlefields are selected: `setup.rs`.)
pub fn team_deck_problems(db: &super::cards::CardDb, decks: &[super::deck::Deck]) -> Vec<String> {
    let mut out = Vec::new();
    for (i, a) in decks.iter().enumerate() {
        for (j, b) in decks.iter().enumerate().skip(i + 1) {
            if i % 2 != j % 2 {
                continue;
            }
            if a.legend == b.legend {
                out.push(format!(
                    "462.8.g: teammates (seats {} and {}) may not use the same Champion Legend ({})",
                    i + 1,
                    j + 1,
                    db.get(a.legend).name
                ));
            }
        }
    }
    out
}

/// 462.8.b / 462.8.f.1: what a team's turn player found at the start of their Beginning Phase:
/// the battlefields (bit per index) their teammate controlled, disqualified from being scored
/// by the team this turn (315.2.b.2, 442.1.a), and those their teammate controlled or occupied,
/// excepted from "every battlefield" of the final point (462.8.f.1).
#[derive(Clone, Debug, Default)]
pub struct TeamBeginning {
    pub turn: u32,
    pub disqualified: u32,
    pub excepted: u32,
}

impl Game {
    /// 462.2: whether `p` and `q` are teammates ("allies"): two different players of one team.
    /// Only the 2v2 has teams.
    #[inline]
    pub fn allies(&self, p: PlayerId, q: PlayerId) -> bool {
        self.mode.teams && p != q && p.index() % 2 == q.index() % 2
    }

    /// The team of `p` (0: seats 1 and 3, 1: seats 2 and 4); without teams, each player is
    /// their own.
    pub fn team(&self, p: PlayerId) -> usize {
        if self.mode.teams { p.index() % 2 } else { p.index() }
    }

    /// `p`'s teammates still in the game.
    pub fn allies_of(&self, p: PlayerId) -> Vec<PlayerId> {
        self.active_players().into_iter().filter(|q| self.allies(p, *q)).collect()
    }

    /// Whether an object controlled by `controller` is `relation` to `you` (352.8.b) with teams:
    /// "friendly" (`allied`, 462.8.d) is you or a teammate, "you control" / "your" only you, and
    /// "enemy" an opponent: neither you nor a teammate. Without teams it is `Relation::holds`.
    #[inline]
    pub fn relation_holds(
        &self,
        relation: super::abilities::Relation,
        allied: bool,
        controller: PlayerId,
        you: PlayerId,
    ) -> bool {
        use super::abilities::Relation;
        if !self.mode.teams {
            return relation.holds(controller, you);
        }
        match relation {
            Relation::Friendly => controller == you || (allied && self.allies(controller, you)),
            Relation::Enemy => controller != you && !self.allies(controller, you),
            _ => relation.holds(controller, you),
        }
    }

    /// 462.8.b / 462.8.f.1: at the start of the turn player's Beginning Phase, notes the
    /// battlefields their teammates control (disqualified) or occupy (excepted from the final
    /// point's "every battlefield").
    pub(crate) fn note_team_beginning(&mut self) {
        if !self.mode.teams {
            return;
        }
        let tp = self.turn_player;
        let (mut disqualified, mut excepted) = (0u32, 0u32);
        for b in self.battlefield_ids() {
            let bf = &self.battlefields[b];
            let bit = 1u32 << b.index();
            if bf.controller.is_some_and(|c| self.allies(c, tp)) {
                disqualified |= bit;
                excepted |= bit;
            }
            if bf.units.iter().any(|u| self.allies(self.controller(*u), tp)) {
                excepted |= bit;
            }
        }
        if disqualified != 0 {
            trace!(
                self,
                "462.8.b",
                "battlefields {tp}'s teammate controls are disqualified from being scored by {tp}'s team this turn"
            );
        }
        let turn = self.turn;
        *self.components.get_mut::<TeamBeginning>() = TeamBeginning { turn, disqualified, excepted };
    }

    /// 462.8.b / 442.1.a: whether battlefield `b` is disqualified from being scored by `p` this
    /// turn (a teammate of the turn player's, or the turn player, when the turn player's
    /// teammate controlled it at the start of the Beginning Phase).
    pub(crate) fn team_disqualified(&self, p: PlayerId, b: super::state::Bf) -> bool {
        let tp = self.turn_player;
        self.mode.teams
            && (p == tp || self.allies(p, tp))
            && self
                .components
                .get::<TeamBeginning>()
                .is_some_and(|t| t.turn == self.turn && t.disqualified & (1u32 << b.index()) != 0)
    }

    /// 462.8.f.1: the battlefields `p` need not have scored for the final point by conquer: those
    /// their ally occupied during this turn's Beginning Phase (bit per index).
    pub(crate) fn final_point_excepted(&self, p: PlayerId) -> u32 {
        let tp = self.turn_player;
        if !self.mode.teams || !(p == tp || self.allies(p, tp)) {
            return 0;
        }
        self.components.get::<TeamBeginning>().filter(|t| t.turn == self.turn).map_or(0, |t| t.excepted)
    }
}
