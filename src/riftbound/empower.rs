//! [Empower] and [Empowered] (Vendetta). Our Core Rules predate them, so the reminder text is
//! what they do (rule 002): "[Empower] COST" is the activated ability "COST: Empower me. Use only
//! if not Empowered." (the card language writes it); "Empower me" makes the object [Empowered] if
//! it isn't already; "[Empowered] — X" is a passive that applies while it is. Being Empowered is
//! a state of the object, like a stun (410): it does not follow the card to another zone (109).

use super::state::Game;
use crate::kernel::ObjId;
use crate::trace;

impl Game {
    /// "Empower me": the object becomes [Empowered]; one already Empowered stays so.
    pub fn empower(&mut self, o: ObjId) {
        if !self.obj(o).alive || self.obj(o).empowered {
            return;
        }
        self.obj_mut(o).empowered = true;
        trace!(self, "002", "{} becomes [Empowered]", self.describe(o));
        self.emit(super::events::Event::BecameEmpowered(o));
        self.changed();
    }

    /// "Disempower it": the object is no longer [Empowered].
    pub fn disempower(&mut self, o: ObjId) {
        if !self.obj(o).alive || !self.obj(o).empowered {
            return;
        }
        self.obj_mut(o).empowered = false;
        trace!(self, "002", "{} is no longer [Empowered]", self.describe(o));
        self.changed();
    }
}
