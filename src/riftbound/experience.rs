//! Experience (XP), Unleashed's resource, as the later Core Rules define it (1.3, section 728;
//! restated in docs/rulings.md): each player has an XP total, public, no game object (it can't be
//! chosen, readied or exhausted), with no upper limit and not shared between allies. Effects
//! gain it ("gain 2 XP") and costs spend it ("Spend 3 XP:"); [Hunt N] gains it when a unit
//! conquers or holds (823), and [Level N] abilities work while their controller has N or more
//! (824; `Condition::XpAtLeast`).

use super::events::Event;
use super::state::{Game, Loc, R};
use crate::kernel::{ObjId, PlayerId};
use crate::trace;

/// The text of [Hunt]'s triggered ability (Core Rules 1.3, 823.1.c.1), which the kernel defines
/// once for every unit that has the keyword, printed or given (823.3).
pub const HUNT_TEXT: &str = "[Hunt]: when I conquer or hold, my controller gains XP (1.3: 823.1.c.1)";

/// Each player's XP total, by seat; a player who never gained any has none.
#[derive(Clone, Debug, Default)]
pub struct Experience(Vec<u32>);

impl Game {
    /// The XP `p` has (public information).
    pub fn xp(&self, p: PlayerId) -> u32 {
        self.components.get::<Experience>().and_then(|x| x.0.get(p.index()).copied()).unwrap_or(0)
    }

    /// Sets `p`'s XP total (setting up a position).
    pub fn set_xp(&mut self, p: PlayerId, xp: u32) {
        let totals = &mut self.components.get_mut::<Experience>().0;
        if totals.len() <= p.index() {
            totals.resize(p.index() + 1, 0);
        }
        totals[p.index()] = xp;
        // Level abilities read the total: the characteristics memo must not outlive it.
        self.chars_cache.changed();
    }

    /// Gaining XP raises the total by `n`.
    pub fn gain_xp(&mut self, p: PlayerId, n: u32) {
        if n == 0 {
            return;
        }
        let total = self.xp(p) + n;
        self.set_xp(p, total);
        trace!(self, "1.3 §728", "{p} gains {n} XP ({total} XP)");
        self.emit(Event::GainedXp { player: p, amount: n });
    }

    /// Spending XP lowers the total by `n`; a player can't spend more than they have. Returns
    /// whether it was spent.
    pub fn spend_xp(&mut self, p: PlayerId, n: u32) -> bool {
        let have = self.xp(p);
        if have < n {
            return false;
        }
        self.set_xp(p, have - n);
        trace!(self, "1.3 §728", "{p} spends {n} XP ({} XP left)", have - n);
        self.emit(Event::SpentXp { player: p, amount: n });
        true
    }

    /// Core Rules 1.3, 823.1.c.1: the units whose [Hunt] triggers as `e` happens, "When I conquer
    /// or hold": the scoring player's units at the battlefield scored (as 376.4.b.2.a and
    /// 376.4.c.2.a say of "I conquer" and "I hold") that have [Hunt] now, printed or given (823.3).
    pub(super) fn hunters(&self, e: &Event) -> Vec<(ObjId, PlayerId)> {
        let Event::Scored { player, battlefield, .. } = e else { return Vec::new() };
        self.all_units()
            .into_iter()
            .filter(|u| {
                self.controller(*u) == *player
                    && self.location(*u) == Some(Loc::Battlefield(*battlefield))
                    && self.chars(*u).keywords.hunt > 0
            })
            .map(|u| (u, *player))
            .collect()
    }

    /// The XP a unit's [Hunt] gives: its instances' values added up (823.2), as it triggers.
    pub(super) fn hunt_value(&self, unit: ObjId) -> u32 {
        self.chars(unit).keywords.hunt
    }

    /// A [Hunt] that triggered resolves: its controller gains the XP (823.1.c.1).
    pub(super) fn hunt(&mut self, unit: ObjId, controller: PlayerId, xp: u32) -> R<()> {
        trace!(self, "1.3 §823.1.c.1", "{}: {HUNT_TEXT}", self.describe(unit));
        self.gain_xp(controller, xp);
        Ok(())
    }
}
