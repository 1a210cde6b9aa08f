//! Per-card statistics of a `sim` run (`--card-stats`): what a designer balancing a card reads.
//!
//! For every card of every deck: the games in which it was drawn, was in the opening hand, was
//! played, and the deck's win rate in each case, each with a 95% Wilson interval; the improvement
//! when drawn (win rate when drawn minus win rate when not drawn, with Newcombe's interval for a
//! difference of proportions); the average turn it was first played. Per deck: its win rate, by
//! battlefield chosen, going first and going second. Per pairing or table: the first player's win
//! rate, the average game length and how the games ended.
//!
//! Everything is read back from each finished game's event log ([`GameRecord::of`]), so the
//! statistics cost nothing while games play, and everything kept is a count ([`Tally`]): runs add
//! up in game order and rates are derived only when printed.

use crate::riftbound::events::Event;
use crate::riftbound::{CardDb, CardIdx, Deck, Game, Outcome, Zone};
use serde::ser::SerializeStruct;

/// The normal quantile of a two-sided 95% interval.
const Z: f64 = 1.959_963_984_540_054;

/// The Wilson score interval of `wins` in `games` at 95%: unlike the normal approximation it stays
/// within 0..1 and is sensible for small counts and rates near 0 or 1. None for no games.
pub fn wilson(wins: u64, games: u64) -> Option<(f64, f64)> {
    if games == 0 {
        return None;
    }
    let n = games as f64;
    let p = wins as f64 / n;
    let z2 = Z * Z;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = Z * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / (1.0 + z2 / n);
    // The bounds contain the rate itself (rounding can put 0 of n a hair above 0).
    Some(((centre - half).clamp(0.0, p), (centre + half).clamp(p, 1.0)))
}

/// Games and wins: a rate with its interval.
#[derive(Clone, Copy, Debug, Default, PartialEq, serde::Deserialize)]
#[serde(from = "Counts")]
pub struct Tally {
    pub games: u64,
    pub wins: u64,
}

/// A [`Tally`] read back from JSON: its counts (the rate and interval are derived).
#[derive(serde::Deserialize)]
struct Counts {
    games: u64,
    wins: u64,
}

impl From<Counts> for Tally {
    fn from(c: Counts) -> Tally {
        Tally { games: c.games, wins: c.wins }
    }
}

impl Tally {
    fn add(&mut self, won: bool) {
        self.games += 1;
        self.wins += won as u64;
    }

    fn absorb(&mut self, other: &Tally) {
        self.games += other.games;
        self.wins += other.wins;
    }

    pub fn rate(&self) -> Option<f64> {
        (self.games > 0).then(|| self.wins as f64 / self.games as f64)
    }

    pub fn interval(&self) -> Option<(f64, f64)> {
        wilson(self.wins, self.games)
    }

    /// This rate minus `other`'s, with Newcombe's 95% interval (method 10: from the two Wilson
    /// intervals), or None when either has no games.
    pub fn minus(&self, other: &Tally) -> Option<Difference> {
        let (p1, p2) = (self.rate()?, other.rate()?);
        let ((l1, u1), (l2, u2)) = (self.interval()?, other.interval()?);
        let d = p1 - p2;
        Some(Difference {
            value: d,
            low: d - ((p1 - l1).powi(2) + (u2 - p2).powi(2)).sqrt(),
            high: d + ((u1 - p1).powi(2) + (p2 - l2).powi(2)).sqrt(),
        })
    }
}

/// Serialized with its derived rate and interval, so a JSON reader needs no statistics.
impl serde::Serialize for Tally {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut st = s.serialize_struct("Tally", 5)?;
        st.serialize_field("games", &self.games)?;
        st.serialize_field("wins", &self.wins)?;
        st.serialize_field("rate", &self.rate())?;
        let (low, high) = self.interval().unzip();
        st.serialize_field("low", &low)?;
        st.serialize_field("high", &high)?;
        st.end()
    }
}

/// A difference of two rates with its 95% interval.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Difference {
    pub value: f64,
    pub low: f64,
    pub high: f64,
}

impl Difference {
    /// Whether the interval excludes no difference at all: larger than the noise.
    pub fn significant(&self) -> bool {
        self.low > 0.0 || self.high < 0.0
    }

    /// This difference minus `other` (from another run), its interval combined from the two as
    /// for any difference of independent estimates with their own intervals (each bound's
    /// distance from the value, the nearer sides squared and added).
    pub fn minus(&self, other: &Difference) -> Difference {
        let d = self.value - other.value;
        Difference {
            value: d,
            low: d - ((self.value - self.low).powi(2) + (other.high - other.value).powi(2)).sqrt(),
            high: d + ((self.high - self.value).powi(2) + (other.value - other.low).powi(2)).sqrt(),
        }
    }
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// The winner reached the victory score (445) by scoring.
    Points,
    /// The winning point came from an opponent burning out (418.2.c).
    BurnOut,
    /// Every opponent conceded or was removed (651.1, 652).
    Concession,
    TurnCap,
    Stalled,
    Error,
}

/// One finished game as the statistics see it.
#[derive(Clone, Debug)]
pub struct GameRecord {
    pub seats: Vec<SeatRecord>,
    pub ending: Ending,
}

/// What one player drew, kept and played in a game. Each list holds a card once.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SeatRecord {
    /// Every card drawn, opening hand included.
    pub drawn: Vec<CardIdx>,
    /// The hand the player kept: the cards in hand as the first turn began (after the mulligan,
    /// 117).
    pub opening: Vec<CardIdx>,
    /// Cards the player played, each with the turn it was first played.
    pub played: Vec<(CardIdx, u32)>,
    /// The battlefield the player selected (113), if they did.
    pub battlefield: Option<CardIdx>,
}

fn insert(list: &mut Vec<CardIdx>, c: CardIdx) {
    if !list.contains(&c) {
        list.push(c);
    }
}

impl GameRecord {
    /// Reads a finished game (or one stopped by an error: `outcome` None) back from its event
    /// log.
    pub fn of(g: &Game, outcome: Option<&Outcome>) -> GameRecord {
        let mut seats = vec![SeatRecord::default(); g.players.len()];
        let mut turn = 0;
        for e in g.events.iter() {
            match e {
                Event::TurnBegan { turn: t, .. } => turn = *t,
                Event::Drew { player, card } => {
                    let seat = &mut seats[player.index()];
                    let o = &g.objs[card.0 as usize];
                    insert(&mut seat.drawn, o.card);
                    // 117: a card set aside by the mulligan was not kept.
                    let set_aside = o.next.is_some_and(|n| g.objs[n.0 as usize].zone == Zone::SetAside);
                    if turn == 0 && !set_aside {
                        insert(&mut seat.opening, o.card);
                    }
                }
                Event::Played { player, card, .. } => {
                    let c = g.objs[card.0 as usize].card;
                    let played = &mut seats[player.index()].played;
                    if !played.iter().any(|(p, _)| *p == c) {
                        played.push((c, turn));
                    }
                }
                _ => {}
            }
        }
        for b in &g.battlefields {
            seats[b.owner.index()].battlefield = Some(g.objs[b.obj.0 as usize].card);
        }
        GameRecord { seats, ending: ending(&g.events, outcome) }
    }
}

/// How a game ended, from its outcome and, for a win by points, its last point: a burn out
/// (418.2.c) if the winner's last point came right after a player burned out (only the burned
/// out player's recycled trash between).
pub fn ending(events: &[Event], outcome: Option<&Outcome>) -> Ending {
    match outcome {
        None => Ending::Error,
        Some(Outcome::TurnCap) => Ending::TurnCap,
        Some(Outcome::Stalled { .. }) => Ending::Stalled,
        Some(Outcome::Won { by, .. }) if *by == "concession" => Ending::Concession,
        Some(Outcome::Won { .. }) => {
            let Some(last) = events.iter().rposition(|e| matches!(e, Event::GainedPoints { .. })) else {
                return Ending::Points;
            };
            let before = events[..last].iter().rev().find(|e| !matches!(e, Event::Recycled { .. }));
            if matches!(before, Some(Event::BurnedOut { .. })) { Ending::BurnOut } else { Ending::Points }
        }
    }
}

/// One card of one deck.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct CardStats {
    pub card: String,
    pub id: String,
    /// Copies in the deck (the chosen champion counts one).
    pub copies: u32,
    pub drawn: Tally,
    pub not_drawn: Tally,
    pub opening_hand: Tally,
    pub played: Tally,
    /// Win rate when drawn minus win rate when not drawn.
    pub improvement_when_drawn: Option<Difference>,
    /// The average turn the card was first played in the games it was played.
    pub average_turn_played: Option<f64>,
    /// The turns it was first played in, added up over the games it was played.
    pub turns_played: u64,
    #[serde(skip, default = "unknown_card")]
    idx: CardIdx,
}

/// Statistics read back from JSON (shards to merge) no longer know the card database's indices;
/// they only add up, position by position.
fn unknown_card() -> CardIdx {
    CardIdx(u32::MAX)
}

/// One deck's results, its cards' and its battlefields'.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct DeckStats {
    pub deck: String,
    pub legend: String,
    pub games: Tally,
    /// The deck's games as the first player and as a later one.
    pub went_first: Tally,
    pub went_later: Tally,
    /// Win rate by the battlefield the deck's player selected (in the order of the deck file).
    pub battlefields: Vec<BattlefieldStats>,
    pub cards: Vec<CardStats>,
}

#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct BattlefieldStats {
    pub battlefield: String,
    pub chosen: Tally,
    #[serde(skip, default = "unknown_card")]
    idx: CardIdx,
}

/// How the games of a pairing or table went.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct TableStats {
    pub decks: Vec<String>,
    pub games: u64,
    /// The first player's wins among the games with a winner (115: who goes first).
    pub first_player: Tally,
    pub average_turns: Option<f64>,
    pub endings: Endings,
    /// The turns of its games, added up.
    pub turns: u64,
    /// Games by length: `lengths[t]` games lasted `t` turns.
    pub lengths: Vec<u64>,
}

/// Games by how they ended.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Endings {
    pub points: u64,
    pub burn_out: u64,
    pub concession: u64,
    pub turn_cap: u64,
    pub stalled: u64,
    pub error: u64,
}

/// The statistics of a run, added up game by game in game order.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct RunStats {
    pub decks: Vec<DeckStats>,
    pub tables: Vec<TableStats>,
}

impl RunStats {
    /// Empty statistics for `decks` played at `tables` (deck indices, as `sim` plays them).
    pub fn new(db: &CardDb, decks: &[Deck], tables: &[Vec<usize>]) -> RunStats {
        let name = |c: CardIdx| db.get(c).name.clone();
        let decks = decks
            .iter()
            .map(|d| {
                let mut cards: Vec<CardStats> = Vec::new();
                for &(c, n) in std::iter::once(&(d.champion, 1)).chain(&d.main) {
                    match cards.iter_mut().find(|s| s.idx == c) {
                        Some(s) => s.copies += n,
                        None => cards.push(CardStats {
                            card: name(c),
                            id: db.get(c).id.clone(),
                            copies: n,
                            drawn: Tally::default(),
                            not_drawn: Tally::default(),
                            opening_hand: Tally::default(),
                            played: Tally::default(),
                            improvement_when_drawn: None,
                            average_turn_played: None,
                            turns_played: 0,
                            idx: c,
                        }),
                    }
                }
                DeckStats {
                    deck: d.name.clone(),
                    legend: name(d.legend),
                    games: Tally::default(),
                    went_first: Tally::default(),
                    went_later: Tally::default(),
                    battlefields: d
                        .battlefields
                        .iter()
                        .map(|&b| BattlefieldStats { battlefield: name(b), chosen: Tally::default(), idx: b })
                        .collect(),
                    cards,
                }
            })
            .collect::<Vec<_>>();
        let tables = tables
            .iter()
            .map(|t| TableStats { decks: t.iter().map(|&d| decks[d].deck.clone()).collect(), ..Default::default() })
            .collect();
        RunStats { decks, tables }
    }

    /// Adds one game of table `table`: `seat_decks` the deck in each seat, `won` whether each
    /// seat won (both teammates in the 2v2, 462.6.a.3), `first` the first player's seat.
    pub fn add(&mut self, table: usize, seat_decks: &[usize], won: &[bool], first: usize, turns: u32, r: &GameRecord) {
        let t = &mut self.tables[table];
        t.games += 1;
        t.turns += turns as u64;
        let at = turns as usize;
        if t.lengths.len() <= at {
            t.lengths.resize(at + 1, 0);
        }
        t.lengths[at] += 1;
        let e = &mut t.endings;
        *match r.ending {
            Ending::Points => &mut e.points,
            Ending::BurnOut => &mut e.burn_out,
            Ending::Concession => &mut e.concession,
            Ending::TurnCap => &mut e.turn_cap,
            Ending::Stalled => &mut e.stalled,
            Ending::Error => &mut e.error,
        } += 1;
        if won.iter().any(|w| *w) {
            t.first_player.add(won[first]);
        }
        for (seat, (&d, s)) in seat_decks.iter().zip(&r.seats).enumerate() {
            let won = won[seat];
            let deck = &mut self.decks[d];
            deck.games.add(won);
            if seat == first {
                deck.went_first.add(won)
            } else {
                deck.went_later.add(won)
            }
            if let Some(b) = s.battlefield
                && let Some(bf) = deck.battlefields.iter_mut().find(|x| x.idx == b)
            {
                bf.chosen.add(won);
            }
            for c in &mut deck.cards {
                if s.drawn.contains(&c.idx) {
                    c.drawn.add(won)
                } else {
                    c.not_drawn.add(won)
                }
                if s.opening.contains(&c.idx) {
                    c.opening_hand.add(won);
                }
                if let Some((_, turn)) = s.played.iter().find(|(p, _)| *p == c.idx) {
                    c.played.add(won);
                    c.turns_played += *turn as u64;
                }
            }
        }
        self.derive();
    }

    /// Adds another slice of the same run (`riftbound merge`): the same decks, cards and tables
    /// in the same order.
    pub fn absorb(&mut self, other: &RunStats) -> Result<(), String> {
        let same_shape = self.decks.len() == other.decks.len()
            && self.tables.len() == other.tables.len()
            && self.decks.iter().zip(&other.decks).all(|(a, b)| {
                a.deck == b.deck
                    && a.cards.iter().map(|c| &c.id).eq(b.cards.iter().map(|c| &c.id))
                    && a.battlefields.iter().map(|x| &x.battlefield).eq(b.battlefields.iter().map(|x| &x.battlefield))
            });
        if !same_shape {
            return Err("the per-card statistics are of different decks or cards".to_string());
        }
        for (a, b) in self.decks.iter_mut().zip(&other.decks) {
            a.games.absorb(&b.games);
            a.went_first.absorb(&b.went_first);
            a.went_later.absorb(&b.went_later);
            for (x, y) in a.battlefields.iter_mut().zip(&b.battlefields) {
                x.chosen.absorb(&y.chosen);
            }
            for (x, y) in a.cards.iter_mut().zip(&b.cards) {
                x.drawn.absorb(&y.drawn);
                x.not_drawn.absorb(&y.not_drawn);
                x.opening_hand.absorb(&y.opening_hand);
                x.played.absorb(&y.played);
                x.turns_played += y.turns_played;
            }
        }
        for (a, b) in self.tables.iter_mut().zip(&other.tables) {
            a.games += b.games;
            a.turns += b.turns;
            if a.lengths.len() < b.lengths.len() {
                a.lengths.resize(b.lengths.len(), 0);
            }
            for (x, y) in a.lengths.iter_mut().zip(&b.lengths) {
                *x += y;
            }
            a.first_player.absorb(&b.first_player);
            let (e, f) = (&mut a.endings, &b.endings);
            e.points += f.points;
            e.burn_out += f.burn_out;
            e.concession += f.concession;
            e.turn_cap += f.turn_cap;
            e.stalled += f.stalled;
            e.error += f.error;
        }
        self.derive();
        Ok(())
    }

    /// The figures derived from the counts: averages and improvements.
    fn derive(&mut self) {
        for t in &mut self.tables {
            t.average_turns = (t.games > 0).then(|| t.turns as f64 / t.games as f64);
        }
        for c in self.decks.iter_mut().flat_map(|d| &mut d.cards) {
            c.average_turn_played = (c.played.games > 0).then(|| c.turns_played as f64 / c.played.games as f64);
            c.improvement_when_drawn = c.drawn.minus(&c.not_drawn);
        }
    }
}

/// A rate and its interval as a person reads it: `54.2% [49.1-59.2]`, or `-` with no games.
pub fn percent(t: &Tally) -> String {
    match (t.rate(), t.interval()) {
        (Some(r), Some((l, h))) => format!("{:.1}% [{:.1}-{:.1}]", 100.0 * r, 100.0 * l, 100.0 * h),
        _ => "-".to_string(),
    }
}

/// A difference of rates in points of percentage with its interval, marked `*` when larger than
/// the noise.
pub fn points(d: &Option<Difference>) -> String {
    match d {
        Some(d) => format!(
            "{:+.1} [{:+.1} {:+.1}]{}",
            100.0 * d.value,
            100.0 * d.low,
            100.0 * d.high,
            if d.significant() { " *" } else { "" }
        ),
        None => "-".to_string(),
    }
}

/// The statistics as text tables, deck by deck.
pub fn render(s: &RunStats) -> String {
    use std::fmt::Write;
    let mut out = String::new();
    for d in &s.decks {
        let _ = writeln!(out, "\n{} ({}): {} in {} games", d.deck, d.legend, percent(&d.games), d.games.games);
        let _ = writeln!(out, "  first player: {}; later: {}", percent(&d.went_first), percent(&d.went_later));
        for b in &d.battlefields {
            let _ =
                writeln!(out, "  battlefield {}: {} in {} games", b.battlefield, percent(&b.chosen), b.chosen.games);
        }
        let _ = writeln!(
            out,
            "  {:<28} {:>5} {:>25} {:>25} {:>25} {:>24} {:>5}",
            "card", "drawn", "win% drawn", "win% in opening hand", "win% played", "improvement when drawn", "turn"
        );
        for c in &d.cards {
            let turn = c.average_turn_played.map_or("-".to_string(), |t| format!("{t:.1}"));
            let _ = writeln!(
                out,
                "  {:<28} {:>5} {:>25} {:>25} {:>25} {:>24} {:>5}",
                format!("{} x{}", c.card, c.copies),
                c.drawn.games,
                percent(&c.drawn),
                percent(&c.opening_hand),
                percent(&c.played),
                points(&c.improvement_when_drawn),
                turn
            );
        }
    }
    let _ = writeln!(out, "\ntables: first player's win rate, average turns, endings");
    for t in &s.tables {
        let e = &t.endings;
        let _ = writeln!(
            out,
            "  {}: first player {}, {} turns; points {}, burn out {}, concession {}, turn cap {}, stalled {}, error {}",
            t.decks.join(" v "),
            percent(&t.first_player),
            t.average_turns.map_or("-".to_string(), |a| format!("{a:.1}")),
            e.points,
            e.burn_out,
            e.concession,
            e.turn_cap,
            e.stalled,
            e.error
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kernel::ids::{ObjId, PlayerId};
    use std::sync::Arc;

    /// 116-117: the opening hand the statistics read back from the log is the hand each player
    /// kept: their hand as turn 1 begins, less what they drew in turn 1 (four cards, 116), after
    /// any mulligan (117). Checked on games where greedy mulligans expensive cards away.
    #[test]
    fn r116_r117_the_opening_hand_is_the_hand_kept_after_the_mulligan() {
        let db = Arc::new(CardDb::embedded());
        let decks = crate::cli::pick_decks(&db, &["jinx".to_string(), "viktor".to_string()]).unwrap();
        let mut mulligans = 0;
        for seed in 0..6 {
            let agents = ["greedy".to_string()];
            let caps = crate::cli::Caps::default();
            let mut g =
                crate::cli::setup_game(&db, &decks, &crate::riftbound::Mode::casual_duel(), &agents, seed, caps, false)
                    .unwrap();
            while g.turn == 0 {
                g.step().unwrap();
            }
            let began = g.events.iter().position(|e| matches!(e, Event::TurnBegan { .. })).unwrap();
            let kept: Vec<Vec<CardIdx>> = (0..2)
                .map(|p| {
                    let drawn_since: Vec<ObjId> = g.events[began..]
                        .iter()
                        .filter_map(|e| match e {
                            Event::Drew { player, card } if player.index() == p => Some(*card),
                            _ => None,
                        })
                        .collect();
                    let hand = &g.players[p].hand;
                    let mut kept: Vec<CardIdx> =
                        hand.iter().filter(|c| !drawn_since.contains(c)).map(|c| g.objs[c.0 as usize].card).collect();
                    assert_eq!(kept.len(), 4, "116: seed {seed}, player {p}");
                    kept.sort();
                    kept.dedup();
                    kept
                })
                .collect();
            mulligans += g.objs.iter().filter(|o| o.zone == Zone::SetAside).count();
            let outcome = g.run().unwrap();
            let r = GameRecord::of(&g, Some(&outcome));
            for (p, seat) in r.seats.iter().enumerate() {
                let mut opening = seat.opening.clone();
                opening.sort();
                assert_eq!(opening, kept[p], "seed {seed}, player {p}");
                assert!(seat.opening.iter().all(|c| seat.drawn.contains(c)));
                assert!(seat.played.iter().all(|(_, turn)| *turn >= 1));
                assert!(seat.battlefield.is_some());
            }
        }
        assert!(mulligans > 0, "some game should mulligan, or this checks nothing about 117");
    }

    #[test]
    fn wilson_interval_matches_the_textbook_values() {
        // 8 of 10: the Wilson 95% interval is 0.490-0.943 (the normal one would reach 1.05).
        let (l, h) = wilson(8, 10).unwrap();
        assert!((l - 0.4902).abs() < 1e-3 && (h - 0.9433).abs() < 1e-3, "{l} {h}");
        // 0 of 20 still has an upper bound above 0; 20 of 20 a lower bound below 1.
        let (l, h) = wilson(0, 20).unwrap();
        assert!(l == 0.0 && (h - 0.1611).abs() < 1e-3, "{l} {h}");
        let (l, h) = wilson(20, 20).unwrap();
        assert!((l - 0.8389).abs() < 1e-3 && h == 1.0, "{l} {h}");
        assert_eq!(wilson(0, 0), None);
    }

    #[test]
    fn newcombe_difference_is_significant_only_beyond_the_noise() {
        let a = Tally { games: 1000, wins: 600 };
        let b = Tally { games: 1000, wins: 500 };
        let d = a.minus(&b).unwrap();
        assert!((d.value - 0.1).abs() < 1e-9);
        // Newcombe's interval for 600/1000 - 500/1000: about 0.057-0.142.
        assert!((d.low - 0.0566).abs() < 2e-3 && (d.high - 0.1425).abs() < 2e-3, "{d:?}");
        assert!(d.significant());
        let small = Tally { games: 20, wins: 12 }.minus(&Tally { games: 20, wins: 10 }).unwrap();
        assert!(!small.significant(), "{small:?}");
        assert_eq!(a.minus(&Tally::default()), None);
    }

    #[test]
    fn r418_2_c_a_last_point_from_a_burn_out_ends_the_game_by_burn_out() {
        let (p, q) = (PlayerId(0), PlayerId(1));
        let won = Outcome::Won { winner: p, by: "points" };
        let burn = [
            Event::BurnedOut { player: q },
            Event::Recycled { player: q, card: ObjId(7) },
            Event::Recycled { player: q, card: ObjId(8) },
            Event::GainedPoints { player: p, points: 1 },
        ];
        assert_eq!(ending(&burn, Some(&won)), Ending::BurnOut);
        // A burn out earlier in the game, then a point by scoring: points.
        let scored =
            [Event::BurnedOut { player: q }, Event::Readied(ObjId(3)), Event::GainedPoints { player: p, points: 1 }];
        assert_eq!(ending(&scored, Some(&won)), Ending::Points);
        assert_eq!(ending(&burn, Some(&Outcome::Won { winner: p, by: "concession" })), Ending::Concession);
        assert_eq!(ending(&burn, Some(&Outcome::TurnCap)), Ending::TurnCap);
        assert_eq!(ending(&burn, None), Ending::Error);
    }
}
