//! Teammates acting on the turn player's turn (316.2.b.1, 316.2.c, 462.8.a): in a mode with
//! teams, the action phase's neutral open state is not the turn player's alone. The turn
//! player's teammates may play spells and activate abilities then, including ones without
//! [Action] or [Reaction] (316.2.b.1), but the turn player's actions take precedence (316.2.c).
//!
//! The engine asks one player at a time, so precedence is an order: the neutral open state
//! begins with the turn player (312.2.a). The turn player offers it to their teammates by
//! passing (`Choice::Pass`, offered only while a teammate may take it) or by ending their action
//! phase (`Choice::EndTurn`: the phase ends once every teammate has declined). A teammate holding
//! it plays or activates (the chain that follows gives priority as usual, 312.2.c) or passes
//! (declines). Each time a neutral open state begins anew (after a chain resolves or a showdown
//! ends) the turn player holds it again first. A teammate who declined is not offered it again
//! until something changes (`Game::changes`), so the offers end.
//!
//! Standard moves and hiding stay the turn player's own (141, 408; 462.8.c): a teammate is only
//! offered plays, activations and their runes' Add abilities (`Game::action_options`).

use super::state::{Game, R, Step};
use crate::kernel::PlayerId;
use crate::trace;

/// Who holds the neutral open state besides the turn player, this turn.
#[derive(Clone, Debug, Default)]
pub struct TeammateOpen {
    /// The turn (`Game::turn`) this describes; another turn's reads as empty.
    turn: u32,
    /// The teammate offered the neutral open state, who holds it now (316.2.b.1).
    holder: Option<PlayerId>,
    /// The turn player ended their action phase (316.6): it ends once every teammate declined.
    ending: bool,
    /// Teammates who declined, with `Game::changes` then: not offered again until it moves.
    declined: Vec<(PlayerId, u64)>,
}

impl Game {
    /// Whether this is the action phase's neutral open state: no chain, no showdown (310.1).
    fn in_neutral_open(&self) -> bool {
        self.step == Step::Action && self.chain.is_empty() && self.showdown.is_none()
    }

    /// This turn's record, if any.
    fn teammate_open(&self) -> Option<&TeammateOpen> {
        self.components.get::<TeammateOpen>().filter(|t| t.turn == self.turn)
    }

    /// This turn's record, reset when it is another turn's.
    fn teammate_open_mut(&mut self) -> &mut TeammateOpen {
        let turn = self.turn;
        let t = self.components.get_mut::<TeammateOpen>();
        if t.turn != turn {
            *t = TeammateOpen { turn, ..TeammateOpen::default() };
        }
        t
    }

    /// 312.2.a with 316.2.b.1: who holds the action phase's neutral open state: the teammate
    /// it was offered to, otherwise the turn player.
    pub(crate) fn neutral_open_holder(&self) -> PlayerId {
        self.teammate_open()
            .and_then(|t| t.holder)
            .filter(|q| !self.player(*q).removed && self.in_neutral_open())
            .unwrap_or(self.turn_player)
    }

    /// The next teammate of the turn player, in turn order, who may be offered the neutral open
    /// state now: in the game, and not having declined it since the last change.
    pub(crate) fn teammate_to_offer(&self) -> Option<PlayerId> {
        if !self.mode.teams || !self.in_neutral_open() {
            return None;
        }
        let tp = self.turn_player;
        let declined = self.teammate_open().map_or(&[][..], |t| &t.declined[..]);
        self.players_from_next(tp)
            .into_iter()
            .filter(|q| self.allies(*q, tp))
            .find(|q| !declined.iter().any(|(d, at)| d == q && *at == self.changes))
    }

    /// 316.2.b.1 / 316.2.c: `p` passes the neutral open state on: the turn player offers it to
    /// a teammate (`ending`: as they end their action phase); a teammate declines it, and it
    /// goes to the next teammate or back to the turn player (or, when the turn player is
    /// ending their action phase and no teammate is left, the phase ends). Returns whether the
    /// action phase ends now (316.6).
    pub(crate) fn pass_neutral_open(&mut self, p: PlayerId, ending: bool) -> R<bool> {
        let tp = self.turn_player;
        let changes = self.changes;
        let t = self.teammate_open_mut();
        if p != tp {
            t.holder = None;
            t.declined.retain(|(d, _)| *d != p);
            t.declined.push((p, changes));
            trace!(self, "316.2.b.1", "{p} declines to act on their teammate {tp}'s turn");
        } else {
            t.ending = ending;
        }
        let ending = self.teammate_open().is_some_and(|t| t.ending);
        match self.teammate_to_offer() {
            Some(q) => {
                self.teammate_open_mut().holder = Some(q);
                trace!(self, "316.2.b.1", "{tp}'s teammate {q} may play spells and activate abilities");
                self.priority = Some(q);
                Ok(false)
            }
            None => {
                self.priority = Some(tp);
                Ok(ending)
            }
        }
    }

    /// 316.2.c: after a teammate's action starts a chain or a showdown, the neutral open state
    /// that follows begins with the turn player again (and their ending the phase is void).
    pub(crate) fn teammate_acted(&mut self, p: PlayerId) {
        if p != self.turn_player && !self.in_neutral_open() && self.teammate_open().is_some() {
            let t = self.teammate_open_mut();
            t.holder = None;
            t.ending = false;
        }
    }
}
