//! Game-agnostic machinery: ids, the seeded RNG, decisions and answer sources, the resumable
//! session, the trace, file diagnostics and the script sandbox. Nothing here knows Riftbound's
//! rules, and nothing here imports the rest of the crate; the Riftbound rules (`riftbound`) and the
//! Flesh and Blood rules (`fab`) build their games on top of it.

pub mod chain;
pub mod cleanup;
pub mod components;
pub mod decision;
pub mod diagnostic;
pub mod events;
pub mod files;
pub mod hash;
pub mod ids;
pub mod layers;
pub mod outcome;
pub mod replacements;
pub mod rng;
pub mod script;
pub mod session;
pub mod trace;
pub mod triggers;

pub use chain::{Chain, ChainEntry, PriorityPolicy};
pub use decision::{Answers, Stop};
pub use diagnostic::Diagnostic;
pub use ids::{ObjId, PlayerId};
pub use outcome::{Ending, GameOutcome};
pub use rng::GameRng;
pub use trace::{Trace, TraceLine};
