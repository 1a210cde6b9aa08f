//! Runs split over machines: `sim --shard K/N` plays the K-th of N consecutive slices of a run's
//! games and `riftbound merge` adds the slices' reports up into the report of the whole run.
//! Game `i` of a run is the same game in any slice (its seed is derived from the run's seed and
//! `i`, its seating from `i`), and every count of a report adds up, so the merged report equals
//! the single run's except for the timings (`seconds`, `games_per_second`), which are the shards'.

use super::SimReport;
use std::ops::Range;

/// Which slice of a run a report holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Shard {
    /// K of K/N, from 1.
    pub index: u64,
    pub count: u64,
    /// The games of the whole run, and the ones this slice played (`first..end`).
    pub run_games: u64,
    pub first: u64,
    pub end: u64,
}

impl Shard {
    /// Reads `K/N` (1 <= K <= N) for a run of `games` games.
    pub fn parse(text: &str, games: u64) -> Result<Shard, String> {
        let bad = || format!("--shard `{text}`: expected K/N with 1 <= K <= N, for example 2/4");
        let (k, n) = text.split_once('/').ok_or_else(bad)?;
        let (k, n): (u64, u64) = (k.trim().parse().map_err(|_| bad())?, n.trim().parse().map_err(|_| bad())?);
        if k == 0 || n == 0 || k > n {
            return Err(bad());
        }
        let at = |j: u64| (games as u128 * j as u128 / n as u128) as u64;
        Ok(Shard { index: k, count: n, run_games: games, first: at(k - 1), end: at(k) })
    }

    pub fn range(&self) -> Range<u64> {
        self.first..self.end
    }
}

impl SimReport {
    /// Sets the figures derived from the counts and the time taken.
    pub fn finish(&mut self) {
        self.average_turns = if self.games > 0 { self.turns as f64 / self.games as f64 } else { 0.0 };
        self.games_per_second = if self.seconds > 0.0 { self.games as f64 / self.seconds } else { 0.0 };
    }

    /// Adds the counts of `other`, the next slice of the same run.
    fn absorb(&mut self, other: SimReport) -> Result<(), String> {
        fn add(a: &mut [u64], b: &[u64]) {
            for (x, y) in a.iter_mut().zip(b) {
                *x += y;
            }
        }
        self.games += other.games;
        self.turns += other.turns;
        self.seconds += other.seconds;
        self.matches += other.matches;
        self.turn_capped += other.turn_capped;
        self.stalled += other.stalled;
        add(&mut self.played, &other.played);
        add(&mut self.wins, &other.wins);
        add(&mut self.match_wins, &other.match_wins);
        add(&mut self.seat_wins, &other.seat_wins);
        add(&mut self.turn_order_wins, &other.turn_order_wins);
        add(&mut self.team_wins, &other.team_wins);
        for (a, b) in self.deck_seat_played.iter_mut().zip(&other.deck_seat_played) {
            add(a, b);
        }
        for (a, b) in self.deck_seat_wins.iter_mut().zip(&other.deck_seat_wins) {
            add(a, b);
        }
        for (a, b) in self.agent_results.iter_mut().zip(&other.agent_results) {
            a.played += b.played;
            a.wins += b.wins;
        }
        for (a, b) in self.pairings.iter_mut().zip(&other.pairings) {
            a.games += b.games;
            a.turn_capped += b.turn_capped;
            a.stalled += b.stalled;
            a.errored += b.errored;
            a.matches += b.matches;
            add(&mut a.wins, &b.wins);
            add(&mut a.match_wins, &b.match_wins);
            add(&mut a.team_wins, &b.team_wins);
        }
        self.turn_capped_games.extend(other.turn_capped_games);
        self.stalled_games.extend(other.stalled_games);
        self.errors.extend(other.errors);
        match (&mut self.card_stats, &other.card_stats) {
            (Some(a), Some(b)) => a.absorb(b)?,
            (None, None) => {}
            _ => return Err("some shards have per-card statistics (--card-stats) and some do not".to_string()),
        }
        Ok(())
    }
}

/// Adds up the reports of the slices of one run, each named by its file for errors: they must
/// be of the same run (version, build, card set, seed, agents, mode, decks, games, slices) and
/// cover its games exactly once between them.
pub fn merge(mut shards: Vec<(String, SimReport)>) -> Result<SimReport, String> {
    let slice = |(file, r): &(String, SimReport)| {
        r.shard.ok_or_else(|| format!("{file}: not a shard's report (no `shard`; made by `sim --shard K/N --json`)"))
    };
    for s in &shards {
        slice(s)?;
    }
    shards.sort_by_key(|(_, r)| r.shard.map(|s| s.first));
    let Some((first_file, first)) = shards.first() else { return Err("no reports to merge".to_string()) };
    let whole = slice(&shards[0])?;
    fn key(r: &SimReport) -> impl PartialEq + '_ {
        let caps = (r.turn_cap, r.step_cap);
        (&r.version, &r.build, &r.card_set, r.seed, &r.agents, &r.mode, &r.decks, caps, r.pairings.len())
    }
    let mut next = 0;
    for s @ (file, r) in &shards {
        let sh = slice(s)?;
        if key(r) != key(first) || sh.run_games != whole.run_games || sh.count != whole.count {
            return Err(format!(
                "{file}: not of the same run as {first_file} (version, build, card set, seed, agents, mode, decks and --games must be the same)"
            ));
        }
        if sh.first != next {
            return Err(format!(
                "{file}: its games start at {} where the shards so far end at {next}: a shard is missing or repeated",
                sh.first
            ));
        }
        next = sh.end;
    }
    if next != whole.run_games {
        return Err(format!("the shards cover games 0..{next} of {}: a shard is missing", whole.run_games));
    }
    let mut shards = shards.into_iter();
    let (_, mut merged) = shards.next().expect("there is a first shard");
    for (file, r) in shards {
        merged.absorb(r).map_err(|e| format!("{file}: {e}"))?;
    }
    merged.shard = None;
    merged.finish();
    Ok(merged)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_split_the_games_into_consecutive_slices() {
        let slices: Vec<Range<u64>> = (1..=4).map(|k| Shard::parse(&format!("{k}/4"), 10).unwrap().range()).collect();
        assert_eq!(slices, [0..2, 2..5, 5..7, 7..10]);
        assert_eq!(Shard::parse("3/3", 2).unwrap().range(), 1..2);
        for bad in ["0/4", "5/4", "4", "a/b", "1/0", ""] {
            assert!(Shard::parse(bad, 10).unwrap_err().contains("expected K/N"), "{bad}");
        }
    }
}
