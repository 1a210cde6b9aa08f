//! Riftbound: the rules of the Core Rules (2025-10) on top of the game-agnostic kernel. Each
//! module holds one area of the rules and is named after it.

pub mod abilities;
pub mod actions;
pub mod activated;
pub mod ambush;
pub mod attachment;
pub mod builder;
pub mod burn;
pub mod cards;
pub mod cleanup;
pub mod combat;
pub mod concede;
pub mod conditions;
pub mod costs;
pub mod decision;
pub mod deck;
pub mod determinize;
pub mod embedded;
pub mod empower;
pub mod events;
pub mod experience;
pub mod flow;
pub mod flow_keyword;
pub mod hidden;
pub mod host;
pub mod instructions;
pub mod invariants;
pub mod layers;
pub mod modes;
pub mod movement;
pub mod play;
pub mod replacements;
pub mod scoring;
pub mod setup;
pub mod state;
pub mod statics;
pub mod teammates;
pub mod triggers;

pub use cards::{CardDb, CardDef, CardIdx, CardType, Domain};
pub use decision::{Action, Agent, Ask, Choice, Decision, Illegal};
pub use deck::Deck;
pub use state::{Bf, Game, Loc, Mode, Outcome, Step, Zone};
