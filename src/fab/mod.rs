//! Flesh and Blood (Comprehensive Rules v1.4) on the shared kernel, one module per rules area,
//! each rule cited by its CR number. Nothing here names Riftbound: the two games share `kernel`
//! only (`tests/architecture.rs`). What exists and what comes next: `docs/fab.md`.
//!
//! - [`cards`]: card definitions and loadouts (CR 4.2.4, 6-10).
//! - [`zones`]: zones and the arena (11).
//! - [`state`]: objects, players, layers and chain links (3, 11, 19, 20).
//! - [`setup`]: the start of game procedure and Blitz deck checks (12, 4.1.3).
//! - [`turn`]: turn structure and the end phase (13).
//! - [`priority`]: priority and the turn player's priority after a resolution (14, 19.1).
//! - [`play`]: playing cards and activating abilities: timing, pitching, action points (15).
//! - [`replacement`]: replacement effects (18).
//! - [`resolve`]: resolving layers (19).
//! - [`triggers`]: triggered effects added to the chain as layers (16).
//! - [`combat`]: the combat chain and closing it (20, 21).
//! - [`continuous`]: continuous effects and their durations (17).
//! - [`damage`]: damage, life and the end of the game, draws included (3, 26).
//! - [`deck`]: deck files and Blitz deck legality (4.1.3, 4.1.6, 4.1.8, Mentor).
//! - [`embedded`]: the card and deck files compiled into the binary.
//! - [`rule_numbers`]: the rule numbers of the v1.4 text, which citations are checked against.
//! - [`scenario`]: scenario files: a board, answers, expectations.
//! - [`text`]: card files under `cards/fab/` and the card language (`grammar/fab.pest`).
//! - [`agent`]: a random player, to play whole games.

pub mod agent;
pub mod cards;
pub mod combat;
pub mod continuous;
pub mod damage;
pub mod deck;
pub mod embedded;
pub mod play;
pub mod priority;
pub mod replacement;
pub mod resolve;
pub mod rule_numbers;
pub mod scenario;
pub mod setup;
pub mod state;
pub mod text;
pub mod triggers;
pub mod turn;
pub mod zones;

#[cfg(test)]
mod testing;

pub use cards::{CardDef, CardType, Effect, Keyword, Loadout, Slot};
pub use state::{Action, Ask, Game, Link, LinkStep, Phase};
pub use zones::Zone;

use crate::kernel::Stop;
use crate::kernel::decision::DecisionOf;

/// What a rules step returns: a value, or the stop that interrupted it (a decision to ask).
pub type R<T> = Result<T, Stop<DecisionOf<Game>>>;
