//! Replays: a game saved as its decks, mode, seed, the `--cards` it used and every answer given,
//! with the fingerprint of its final state. `riftbound replay FILE` plays it again from the
//! answers alone (no agent) and checks it ends the same; a game a bug report names is then one
//! file. A game of a 1v1 Match also records what the match so far set it up with (459.5-459.6).

use super::Plan;
use crate::kernel::PlayerId;
use crate::riftbound::modes::MatchGame;
use crate::riftbound::{CardDb, CardIdx, Deck, Game, Mode};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// A saved game.
#[derive(Serialize, Deserialize, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Replay {
    /// The format's version.
    pub version: u32,
    pub mode: String,
    pub seed: u64,
    /// The `--cards` folders or files the game was played with (later ones override).
    #[serde(default)]
    pub cards: Vec<PathBuf>,
    /// The decks, as deck files, in seat order (one per player of the mode).
    pub decks: Vec<String>,
    /// Every answer given, in order (indices into each decision's options).
    pub answers: Vec<usize>,
    /// How it ended (or why it stopped), and the fingerprint of the final state.
    pub outcome: String,
    pub turns: u32,
    pub hash: String,
    /// A game of a 1v1 Match: the battlefields still available and who went first.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub match_game: Option<MatchSetup>,
}

/// What a game of a 1v1 Match is set up with besides its decks and seed (459.5-459.6): each
/// seat's battlefields not used earlier in the match, by card id, and the seat that goes first
/// (1-based; none: chosen at random, 115).
#[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
#[serde(deny_unknown_fields)]
pub struct MatchSetup {
    pub available: Vec<Vec<String>>,
    pub first: Option<usize>,
}

impl MatchSetup {
    pub fn of(db: &CardDb, available: &[Vec<CardIdx>], first: Option<PlayerId>) -> MatchSetup {
        MatchSetup {
            available: available.iter().map(|a| a.iter().map(|c| db.get(*c).id.clone()).collect()).collect(),
            first: first.map(|p| p.index() + 1),
        }
    }

    /// The match game this sets up, answered from `answers` (no agent is asked).
    fn game(&self, db: &CardDb, file: &str, answers: &[usize]) -> Result<MatchGame, String> {
        let available = self
            .available
            .iter()
            .map(|ids| {
                ids.iter()
                    .map(|id| db.by_id(id).ok_or_else(|| format!("{file}: unknown battlefield `{id}` in match_game")))
                    .collect::<Result<Vec<_>, _>>()
            })
            .collect::<Result<Vec<_>, _>>()?;
        let first = match self.first {
            Some(k) if k == 0 || k > available.len() => {
                return Err(format!("{file}: match_game.first is seat {k}, not one of 1-{}", available.len()));
            }
            k => k.map(|k| PlayerId((k - 1) as u8)),
        };
        Ok(MatchGame { available, first, agents: Vec::new(), answers: answers.to_vec() })
    }
}

const VERSION: u32 = 1;

impl Replay {
    /// The replay of a finished (or stopped) game played from `plan` with `decks`.
    pub fn of(g: &Game, plan: &Plan, decks: &[Deck], seed: u64, outcome: &str) -> Replay {
        Replay {
            version: VERSION,
            mode: plan.mode.key().to_string(),
            seed,
            cards: plan.cards.clone(),
            decks: decks.iter().map(|d| d.to_toml(&plan.db)).collect(),
            answers: g.answers.log.clone(),
            outcome: outcome.to_string(),
            turns: g.turn,
            hash: format!("{:016x}", g.state_hash()),
            match_game: None,
        }
    }

    pub fn save(&self, path: &Path) -> Result<(), String> {
        let text = toml::to_string(self).map_err(|e| e.to_string())?;
        // Written whole or not at all: a temporary file renamed into place.
        let tmp = path.with_extension("toml.part");
        std::fs::write(&tmp, text)
            .and_then(|_| std::fs::rename(&tmp, path))
            .map_err(|e| format!("{}: {e}", path.display()))
    }

    pub fn load(path: &Path) -> Result<Replay, String> {
        let src = crate::kernel::files::read_text(path).map_err(|e| format!("{}: {e}", path.display()))?;
        Replay::parse(&path.display().to_string(), &src)
    }

    /// Reads a replay from its text (`file` names it in errors).
    pub fn parse(file: &str, src: &str) -> Result<Replay, String> {
        let r: Replay = toml::from_str(src).map_err(|e| format!("{file}: {e}"))?;
        if r.version != VERSION {
            return Err(format!("{file}: replay version {} (this build reads {VERSION})", r.version));
        }
        let players = Mode::by_name(&r.mode).map_or(2, |m| m.players);
        if r.decks.len() != players {
            return Err(format!("{file}: a replay of this mode holds {players} decks, not {}", r.decks.len()));
        }
        Ok(r)
    }

    /// Plays the game again from the answers and says whether it ended the same: `Ok` with the
    /// outcome, or what differs.
    pub fn check(&self, path: &Path) -> Result<String, String> {
        let mut db = CardDb::embedded();
        for c in &self.cards {
            db.load_dir(c).map_err(|errs| errs.iter().map(|e| e.to_string()).collect::<Vec<_>>().join("\n"))?;
        }
        self.check_with(path, Arc::new(db))
    }

    /// [`Replay::check`] with the card database already built (the official cards plus the
    /// replay's `cards`): for checking many replays.
    pub fn check_with(&self, path: &Path, db: Arc<CardDb>) -> Result<String, String> {
        let mode =
            Mode::by_name(&self.mode).ok_or_else(|| format!("{}: unknown mode `{}`", path.display(), self.mode))?;
        let decks = self
            .decks
            .iter()
            .enumerate()
            .map(|(i, src)| {
                Deck::parse(&format!("{} (deck {})", path.display(), i + 1), src, &db)
                    .map_err(|e| e.iter().map(|x| x.to_string()).collect::<Vec<_>>().join("\n"))
            })
            .collect::<Result<Vec<_>, _>>()?;
        let file = path.display().to_string();
        let mut g = match &self.match_game {
            Some(m) => {
                let game = m.game(&db, &file, &self.answers)?;
                Game::match_game(db, &decks, self.seed, mode, false, game).map_err(|p| p.join("\n"))?
            }
            None => {
                let mut g = Game::with_mode(db, &decks, self.seed, mode, false).map_err(|p| p.join("\n"))?;
                g.answers.log = self.answers.clone();
                g
            }
        };
        let outcome = loop {
            match g.step() {
                Ok(true) => break format!("{:?}", g.outcome.clone().expect("a finished game has an outcome")),
                Ok(false) if g.answers.drained() && g.turn > self.turns => {
                    return Err(format!("the replay went past turn {} without ending", self.turns));
                }
                Ok(false) => {}
                Err(crate::kernel::Stop::NeedDecision(d)) => {
                    return Err(format!("the answers ran out at a decision of {} ({:?})", d.player, d.ask));
                }
                Err(crate::kernel::Stop::ScriptError(m)) => break format!("stopped: {m}"),
                Err(e) => return Err(format!("the replay stopped: {e:?}")),
            }
        };
        let hash = format!("{:016x}", g.state_hash());
        if outcome != self.outcome || hash != self.hash || g.turn != self.turns {
            return Err(format!(
                "the replay ended differently: {outcome} after {} turns (hash {hash}); the file says {} after {} turns (hash {})",
                g.turn, self.outcome, self.turns, self.hash
            ));
        }
        Ok(format!("{outcome} after {} turns (hash {hash})", g.turn))
    }
}
