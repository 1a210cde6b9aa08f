//! Fixtures: blank boards, seated agents and the embedded decks.

use riftbound::agents::Scripted;
use riftbound::kernel::PlayerId;
use riftbound::riftbound::Bf;
use riftbound::riftbound::{Agent, CardDb, Choice, Deck, Game, Loc};
use std::sync::Arc;

/// Two battlefields without abilities, so they stay out of the way of the rule under test: the
/// scenarios' blank ones (`riftbound::scenario::BLANK_BATTLEFIELDS`, added by `common::db`).
pub const QUIET_BFS: [&str; 2] = ["North Field", "East Field"];

/// The two battlefields the vanilla (no rules text) boards use.
pub const ZAUN_BFS: [&str; 2] = ["Zaun Warrens", "Altar to Unity"];

/// An agent a test queues answers on, whatever else it records.
pub trait Answers {
    /// Queues the next answer.
    fn push(&self, c: Choice);
}

impl Answers for Scripted {
    fn push(&self, c: Choice) {
        Scripted::push(self, c);
    }
}

/// Seats clones of `a` and `b` as P1's and P2's agents and hands them back to queue answers on.
pub fn seat<A: Agent<Game> + Clone + 'static>(g: &mut Game, a: A, b: A) -> (A, A) {
    g.set_agents(vec![Box::new(a.clone()), Box::new(b.clone())]);
    (a, b)
}

/// A blank Duel on `bfs` in P1's action phase of turn 1, tracing, with `a` and `b` seated as P1
/// and P2.
pub fn traced_game<A: Agent<Game> + Clone + 'static>(db: Arc<CardDb>, bfs: &[&str], a: A, b: A) -> (Game, A, A) {
    let mut g = Game::blank(db, bfs, 1).unwrap();
    let (a, b) = seat(&mut g, a, b);
    g.trace.on = true;
    (g, a, b)
}

/// A [`traced_game`] whose agents pass priority when nothing queued answers it.
pub fn passing_game(db: Arc<CardDb>, bfs: &[&str]) -> (Game, Scripted, Scripted) {
    traced_game(db, bfs, Scripted::passing(), Scripted::passing())
}

/// A Calm Rune for each player, so passing priority is a real choice (a single option is taken
/// unasked).
pub fn rune_each(g: &mut Game) {
    g.put_runes("Calm Rune", PlayerId(0), 1).unwrap();
    g.put_runes("Calm Rune", PlayerId(1), 1).unwrap();
}

/// The embedded precon deck named `key` (e.g. "jinx").
pub fn embedded_deck(db: &CardDb, key: &str) -> Deck {
    Deck::embedded(db).into_iter().find(|(k, _)| k == key).unwrap().1
}

/// A game set up from the Jinx and Viktor precons (104-118), before its first turn.
pub fn jinx_vs_viktor(db: Arc<CardDb>, seed: u64) -> Game {
    let decks = [embedded_deck(&db, "jinx"), embedded_deck(&db, "viktor")];
    Game::new(db, &decks, seed).unwrap()
}

/// The first and second players in turn order.
pub const P1: PlayerId = PlayerId(0);
pub const P2: PlayerId = PlayerId(1);

/// The battlefields of a two-battlefield board.
pub const BF0: Loc = Loc::Battlefield(Bf::new(0));
pub const BF1: Loc = Loc::Battlefield(Bf::new(1));

/// Vanilla units (no rules text) by might.
pub const U3: &str = "Shipyard Skulker";
pub const U4: &str = "Vanguard Sergeant";
pub const U5: &str = "Playful Phantom";
pub const U8: &str = "Mega-Mech";
pub const U10: &str = "Mountain Drake";
