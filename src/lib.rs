//! A rules engine for the Riftbound trading card game.
//!
//! Layers, each importing only those below it (see `src/README.md`; `tests/architecture.rs`
//! checks it):
//!
//! - [`cli`]: the `riftbound` command line.
//! - [`scenario`]: scenario files; [`agents`]: in-process players for simulation.
//! - [`dsl`]: the card language (card text to abilities and Rhai, card file loading).
//! - [`riftbound`]: the Riftbound Core Rules on top of the kernel.
//! - [`fab`]: the Flesh and Blood Comprehensive Rules on the same kernel (no Riftbound).
//! - [`kernel`]: game-agnostic machinery (ids, RNG, decisions, sessions, trace, script sandbox).

pub mod agents;
pub mod cli;
pub mod dsl;
pub mod fab;
pub mod kernel;
pub mod riftbound;
pub mod scenario;
