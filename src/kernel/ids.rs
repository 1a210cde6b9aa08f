//! Identifiers. An [`ObjId`] names one *incarnation* of a game object: when an object moves to
//! or from a non-board zone it gets a fresh id (Riftbound 109, 356.3.e.4), and the old id keeps
//! resolving to the object's last-known information instead of to the new object.

use serde::Serialize;
use std::fmt;

/// A player seat, in turn order from the first player's point of view of setup.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, serde::Deserialize)]
pub struct PlayerId(pub u8);

impl PlayerId {
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Display for PlayerId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "P{}", self.0 + 1)
    }
}

/// One incarnation of a game object: an index into the game's object arena. Indices are never
/// reused within a game, so a stale id can never alias a newer object.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, serde::Deserialize)]
pub struct ObjId(pub u32);

impl ObjId {
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Display for ObjId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.0)
    }
}
