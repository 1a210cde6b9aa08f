//! A rules engine for the Riftbound trading card game.
//!
//! - [`kernel`]: game-agnostic machinery (ids, RNG, decisions, sessions, trace).
//! - [`riftbound`]: the Riftbound Core Rules on top of it.
//! - [`agents`]: in-process players for simulation.
//! - [`cli`]: the `riftbound` command line.

pub mod agents;
pub mod cli;
pub mod dsl;
pub mod kernel;
pub mod riftbound;
pub mod scenario;
