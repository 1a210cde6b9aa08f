//! What happened: every game action records an event here, in order, for the whole game.
//! Triggered abilities are checked against these (376.2.c: after the event), "the first time
//! ... each turn" (376.1.b) reads back to the turn's start, and tests and tools read them as the
//! game's log.

use super::scoring::ScoreMethod;
use super::state::{Bf, Game, Loc};
use crate::kernel::{ObjId, PlayerId};

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// 315: a turn began.
    TurnBegan {
        turn: u32,
        player: PlayerId,
    },
    /// A step of the turn began (beginning phase 315.2, ending step 317.1): "at the start of ...".
    StepBegan {
        step: super::state::Step,
        player: PlayerId,
    },
    /// 400: `card` is the new object in hand.
    Drew {
        player: PlayerId,
        card: ObjId,
    },
    /// 418.
    BurnedOut {
        player: PlayerId,
    },
    Exhausted(ObjId),
    Readied(ObjId),
    /// 403: `card` is the object that left for the deck.
    Recycled {
        player: PlayerId,
        card: ObjId,
    },
    /// 404: damage actually marked, from its sources (404.6; several for combat damage, 404.6.c).
    Dealt {
        sources: Vec<ObjId>,
        target: ObjId,
        amount: u32,
    },
    Healed(ObjId),
    /// 415: `obj` is the object that died (its last-known information stays on it); `by` are
    /// the objects responsible (415.5), none for a kill no object is responsible for.
    Killed {
        obj: ObjId,
        by: Vec<ObjId>,
    },
    /// 414: `obj` was banished; `by`: the player whose spell, ability or cost banished it (none
    /// when no player did, a player leaving the game, 652.1).
    Banished {
        obj: ObjId,
        by: Option<PlayerId>,
    },
    /// 356.3.e.13: `obj` left the board for another zone (its last-known information stays on
    /// it), whatever moved it: killed, returned, banished, recycled.
    LeftBoard(ObjId),
    Discarded {
        player: PlayerId,
        card: ObjId,
    },
    Revealed {
        player: PlayerId,
        card: ObjId,
    },
    /// 127 / 411: `player` looked at (`revealed`: revealed) `card` on the top of their Main Deck,
    /// by any instruction that does (look at / reveal the top N, until, [Vision], [Predict]).
    SeenFromTop {
        player: PlayerId,
        card: ObjId,
        revealed: bool,
    },
    /// 416.
    Added {
        player: PlayerId,
        energy: u32,
        power: u32,
    },
    /// 417: `rune` is the rune on the board.
    Channeled {
        player: PlayerId,
        rune: ObjId,
    },
    /// 410: `by` is the player whose spell or ability stunned it.
    Stunned {
        unit: ObjId,
        by: Option<PlayerId>,
    },
    /// 413: `by` is the player whose spell or ability buffed it (413.2.a, 182.2).
    Buffed {
        unit: ObjId,
        by: Option<PlayerId>,
    },
    BuffSpent(ObjId),
    /// 412: `card` is the countered card (None for an ability).
    Countered {
        card: Option<ObjId>,
    },
    /// 421: a move (not a recall); `by` is the player whose standard move (141), spell or
    /// ability (423) moved it.
    Moved {
        unit: ObjId,
        from: Loc,
        to: Loc,
        by: Option<PlayerId>,
    },
    /// 429.
    Recalled {
        obj: ObjId,
        from: Loc,
    },
    /// SFD-421: `card` became attached to the top-most card `to`.
    Attached {
        card: ObjId,
        to: ObjId,
    },
    /// SFD-422: `card` stopped being attached to `from`.
    Detached {
        card: ObjId,
        from: ObjId,
    },
    /// 352.6 / 390: `player` chose `obj` as a target of `spell`, which they are playing (its
    /// targets chosen as it was put on the chain), or of an ability of `spell` (then the source).
    Targeted {
        player: PlayerId,
        obj: ObjId,
        spell: ObjId,
    },
    /// 370.2: a player activated ability `index` of `source` (its costs paid).
    Activated {
        source: ObjId,
        index: u8,
    },
    /// 347.1 / 406.4: a card finished being played (`card` is its object afterwards).
    Played {
        player: PlayerId,
        card: ObjId,
        /// 727.1.b: played from hidden (a facedown card at a battlefield).
        hidden: bool,
    },
    /// 442: `player` scored `battlefield`; `after_combat`: by the control a combat's resolution
    /// established (440.2.a), not a showdown's (345.2.a) or a hold.
    Scored {
        player: PlayerId,
        battlefield: Bf,
        method: ScoreMethod,
        after_combat: bool,
        /// A conquer of a battlefield no player controlled before it (181.2.b).
        was_uncontrolled: bool,
    },
    /// 438.1.a: designations gained (376.4.d-e attack and defend triggers).
    Attacked(ObjId),
    Defended(ObjId),
    /// 439.1.d: `player` assigned their combat damage; `excess` is what was left once every unit
    /// they assigned to had lethal damage (439.1.d.4), 0 if none was.
    AssignedCombatDamage {
        player: PlayerId,
        excess: u32,
    },
    /// 709.
    BecameMighty(ObjId),
    /// Rule 002 ([Empower]'s reminder text): it became [Empowered].
    BecameEmpowered(ObjId),
    /// 444 / 418.2.c.
    GainedPoints {
        player: PlayerId,
        points: u32,
    },
    /// 340 / 438.1: a showdown began at `battlefield` (the showdown step of a combat if
    /// `combat`); `focus` gained focus as it began (341, 438.1.a.1.a).
    ShowdownBegan {
        battlefield: Bf,
        focus: PlayerId,
        combat: bool,
    },
    /// Focus passed from `from` to `to`: when a chain of the showdown ended (`chain`, 343), or
    /// because `from` passed (344.4).
    FocusPassed {
        from: PlayerId,
        to: PlayerId,
        chain: bool,
    },
    /// 440: the combat at `battlefield` ended (its resolution step is over); `units` were its
    /// attackers and defenders as its resolution step began.
    CombatEnded {
        battlefield: Bf,
        units: Vec<ObjId>,
    },
    /// The combat at `battlefield` had a result (440, the Resolution Step, docs/rulings.md):
    /// `player`, one of its two players, is the only one with units there after combat damage,
    /// and won it; `units` are theirs there, which won it too (440.2).
    WonCombat {
        player: PlayerId,
        battlefield: Bf,
        units: Vec<ObjId>,
    },
    /// 345: every player passed in sequence and the showdown at `battlefield` ended.
    ShowdownEnded {
        battlefield: Bf,
    },
    /// XP gained or spent (Core Rules 1.3, section 728: `experience.rs`).
    GainedXp {
        player: PlayerId,
        amount: u32,
    },
    SpentXp {
        player: PlayerId,
        amount: u32,
    },
}

/// 315: a turn begins with its TurnBegan event; "this turn" reads back to it.
impl crate::kernel::events::TurnMark for Event {
    fn begins_turn(&self) -> bool {
        matches!(self, Event::TurnBegan { .. })
    }
}

impl Game {
    /// 352.6 / 390: the chain item at `index` (a spell, or an ability of `source`) has chosen
    /// its targets: one `Targeted` event for each object chosen, its controller the chooser.
    pub(crate) fn emit_targeted(&mut self, index: usize, source: ObjId) {
        let player = self.chain[index].controller;
        let chosen: Vec<ObjId> = self.chain[index].targets.iter().flat_map(|t| t.objs().to_vec()).collect();
        for obj in chosen {
            self.emit(Event::Targeted { player, obj, spell: source });
        }
    }

    /// Records an event: a shared change for the characteristics memo, as conditions read the
    /// turn's history ("moved twice this turn", "discarded a card this turn").
    pub fn emit(&mut self, e: Event) {
        self.chars_cache.changed();
        self.events.push(e);
    }

    /// Events since the current turn began.
    pub fn events_this_turn(&self) -> &[Event] {
        self.events.this_turn()
    }
}
