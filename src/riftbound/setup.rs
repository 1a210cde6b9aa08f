//! Setting up a game (104-118) for a mode of play (454-461).

use super::actions::Pos;
use super::cards::CardDb;
use super::decision::{Agent, Ask, Choice};
use super::deck::Deck;
use super::state::{Game, Mode, Player, R, Zone};
use crate::kernel::{ObjId, PlayerId};
use crate::trace;
use std::sync::Arc;

/// Default turn cap for simulations: far beyond any real game, so hitting it flags a stall.
pub const DEFAULT_TURN_CAP: u32 = 200;

/// Default cap on the steps of one turn (an action with its decisions, a pass, or a turn step).
/// The longest turn of 10,000 random-agent precon games took 74; hitting it flags a loop.
pub const DEFAULT_STEP_CAP: u32 = 10_000;

impl Game {
    /// Sets up a Duel (458) between `decks` (seat order) with the given seed. Every deck is
    /// checked against deck construction first (101-103); all problems are returned.
    pub fn new(db: Arc<CardDb>, decks: &[Deck], seed: u64) -> Result<Game, Vec<String>> {
        Game::with_mode(db, decks, seed, Mode::duel(), false)
    }

    /// Sets up a game of `mode` (458, 459, 460, 461) between `decks` in seat order (as many as the
    /// mode seats, 456.1), with tracing on or off from the very first setup step.
    pub fn with_mode(
        db: Arc<CardDb>,
        decks: &[Deck],
        seed: u64,
        mode: Mode,
        trace_on: bool,
    ) -> Result<Game, Vec<String>> {
        Game::set_up(db, decks, seed, mode, trace_on, None)
    }

    /// Sets up one game of a 1v1 Match (459) with the agents that play it: each player selects
    /// one of their battlefields still `available` in the match (459.5, a decision, not a random
    /// pick), and `first` goes first (the first game: a random first player, 115).
    pub fn match_game(
        db: Arc<CardDb>,
        decks: &[Deck],
        seed: u64,
        mode: Mode,
        trace_on: bool,
        game: super::modes::MatchGame,
    ) -> Result<Game, Vec<String>> {
        Game::set_up(db, decks, seed, mode, trace_on, Some(game))
    }

    fn set_up(
        db: Arc<CardDb>,
        decks: &[Deck],
        seed: u64,
        mode: Mode,
        trace_on: bool,
        match_game: Option<super::modes::MatchGame>,
    ) -> Result<Game, Vec<String>> {
        let mut problems = Vec::new();
        if decks.len() != mode.players {
            problems.push(format!(
                "{}: a {} needs {} players, got {}",
                mode.rule_of("1"),
                mode.name,
                mode.players,
                decks.len()
            ));
        }
        for (i, d) in decks.iter().enumerate() {
            for p in d.validate(&db, mode.deck_battlefields.clone()) {
                problems.push(format!("deck {} ({}): {p}", i + 1, d.name));
            }
        }
        if mode.teams {
            problems.extend(super::modes::team_deck_problems(&db, decks));
        }
        if !problems.is_empty() {
            return Err(problems);
        }
        let n = decks.len();
        let players = decks.iter().map(|d| Player::new(d.name.clone(), Some(d.champion))).collect();
        let mut g = Game::empty(db.clone(), mode, players, seed);
        g.trace.on = trace_on;
        trace!(g, g.mode.rule, "{} with {n} players, victory score {}", g.mode.name, g.mode.victory_score);
        for (i, d) in decks.iter().enumerate() {
            let p = PlayerId(i as u8);
            // 111-112: legend and chosen champion.
            let legend = g.new_obj(d.legend, p, Zone::LegendZone, p, Pos::Bottom);
            trace!(g, "111", "{p} places {} in the legend zone", g.describe(legend));
            let champ = g.new_obj(d.champion, p, Zone::ChampionZone, p, Pos::Bottom);
            trace!(g, "112", "{p} places {} in the champion zone", g.describe(champ));
            // 114: main deck and rune deck, shuffled separately.
            for &(c, k) in &d.main {
                for _ in 0..k {
                    g.new_obj(c, p, Zone::MainDeck, p, Pos::Bottom);
                }
            }
            for &(c, k) in &d.runes {
                for _ in 0..k {
                    g.new_obj(c, p, Zone::RuneDeck, p, Pos::Bottom);
                }
            }
            let mut deck = std::mem::take(&mut g.player_mut(p).main_deck);
            g.rng.shuffle(&mut deck);
            g.player_mut(p).main_deck = deck;
            let mut runes = std::mem::take(&mut g.player_mut(p).rune_deck);
            g.rng.shuffle(&mut runes);
            g.player_mut(p).rune_deck = runes;
            trace!(
                g,
                "114",
                "{p} shuffles their main deck ({} cards) and rune deck ({} runes)",
                g.players[i].main_deck.len(),
                g.players[i].rune_deck.len()
            );
        }
        if let Some(m) = match_game {
            g.set_agents(m.agents);
            g.answers.log = m.answers;
            match m.first {
                Some(first) => {
                    g.turn_order = (0..n).map(|k| PlayerId(((first.index() + k) % n) as u8)).collect();
                    g.turn_player = first;
                    trace!(g, "459.6", "{first} goes first in this game of the match");
                }
                None => g.choose_first_player(),
            }
            g.select_match_battlefields(&m.available).map_err(|e| vec![e])?;
        } else if g.mode.first_player_battlefield {
            // 113 / 458.5 / 460.5: each player randomly selects one of their battlefields.
            g.select_battlefields(decks, None);
            // 115: turn order from a random first player, then seating order.
            g.choose_first_player();
        } else {
            // 461.4.b: the first player is known first, and their battlefields are not used.
            g.choose_first_player();
            let first = g.turn_order[0];
            trace!(
                g,
                g.mode.rule_of("4.b"),
                "{first} takes the first turn: their battlefields are removed and will not be used"
            );
            g.select_battlefields(decks, Some(first));
        }
        // 116: each player draws 4.
        for p in g.turn_order.clone() {
            g.draw(p, 4).map_err(|_| vec!["116: drawing the opening hand needed a decision".to_string()])?;
        }
        Ok(g)
    }

    /// 113 / 458.5 / 460.5 / 461.5: each player (but `skip`) randomly selects one of their
    /// battlefields; the others are removed.
    fn select_battlefields(&mut self, decks: &[Deck], skip: Option<PlayerId>) {
        let rule = self.mode.rule_of("5");
        for (i, d) in decks.iter().enumerate() {
            let p = PlayerId(i as u8);
            if skip == Some(p) {
                continue;
            }
            // 462.8.h: not a battlefield a teammate already uses.
            let used: Vec<_> =
                self.battlefields.iter().filter(|b| self.allies(b.owner, p)).map(|b| self.obj(b.obj).card).collect();
            let pick = if used.is_empty() {
                d.battlefields[self.rng.below(d.battlefields.len())]
            } else {
                let free: Vec<_> = d.battlefields.iter().copied().filter(|c| !used.contains(c)).collect();
                if free.is_empty() {
                    d.battlefields[self.rng.below(d.battlefields.len())]
                } else {
                    free[self.rng.below(free.len())]
                }
            };
            let obj = self.new_obj(pick, p, Zone::BattlefieldZone, p, Pos::Bottom);
            trace!(self, rule, "{p} selects battlefield {}", self.describe(obj));
            self.add_battlefield(obj, p);
        }
    }

    /// 115: turn order from a random first player, then seating order.
    fn choose_first_player(&mut self) {
        let n = self.players.len();
        let first = self.rng.below(n);
        self.turn_order = (0..n).map(|k| PlayerId(((first + k) % n) as u8)).collect();
        self.turn_player = self.turn_order[0];
        trace!(self, "115", "{} is the first player", self.turn_order[0]);
    }

    /// Installs in-process agents by seat.
    pub fn set_agents(&mut self, agents: Vec<Box<dyn Agent<Game>>>) {
        self.agents = agents.into_iter().map(Some).collect();
    }

    /// 117: a player's mulligan: set aside up to two cards, draw that many, recycle them.
    pub(crate) fn mulligan(&mut self, p: PlayerId) -> R<()> {
        let mut aside: Vec<ObjId> = Vec::new();
        while aside.len() < 2 {
            let mut options: Vec<Choice> = vec![Choice::Done];
            options.extend(self.player(p).hand.iter().filter(|c| !aside.contains(c)).map(|c| Choice::Obj(*c)));
            match self.decide(p, Ask::Mulligan, options)? {
                Choice::Obj(c) => aside.push(c),
                _ => break,
            }
        }
        trace!(self, "117.1", "{p} sets aside {} card(s)", aside.len());
        let set: Vec<ObjId> = aside.iter().map(|c| self.move_object(*c, Zone::SetAside, p, Pos::Bottom)).collect();
        self.draw(p, set.len() as u32)?;
        self.recycle(p, &set)?;
        Ok(())
    }
}
