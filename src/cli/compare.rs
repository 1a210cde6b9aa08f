//! `riftbound compare`: an A/B run of a change of cards. The same games (the same seeds, so the
//! same shuffles and battlefields until the change makes a difference) are played over the base
//! cards and over the base with the change, and the per-deck and per-card statistics of the two
//! runs ([`super::stats`]) are set side by side, each difference with its 95% interval, the ones
//! larger than the noise stated in plain words.

use super::stats::{Difference, RunStats, Tally, percent, points};
use super::{Plan, SimReport, simulate};

/// One side of a comparison: what was played and how the run went.
#[derive(Debug, serde::Serialize)]
pub struct Side {
    /// The card folders over the official cards.
    pub folders: Vec<String>,
    pub card_set: String,
    pub games: u64,
    pub turn_capped: u64,
    pub stalled: u64,
    pub errors: usize,
    pub average_turns: f64,
}

/// A deck's win rate on both sides.
#[derive(Debug, serde::Serialize)]
pub struct DeckDelta {
    pub deck: String,
    pub base: Tally,
    pub change: Tally,
    pub difference: Option<Difference>,
}

/// A card's figures on both sides. The improvement when drawn compares the deck with itself,
/// so it follows the card more than the deck's overall win rate does: the card a change made
/// stronger shows there first.
#[derive(Debug, serde::Serialize)]
pub struct CardDelta {
    pub deck: String,
    pub card: String,
    pub drawn_base: Tally,
    pub drawn_change: Tally,
    /// The win rate when drawn, change minus base.
    pub drawn_difference: Option<Difference>,
    pub improvement_base: Option<Difference>,
    pub improvement_change: Option<Difference>,
    /// The improvement when drawn, change minus base.
    pub improvement_difference: Option<Difference>,
}

/// What a change did.
#[derive(Debug, serde::Serialize)]
pub struct Comparison {
    pub mode: String,
    pub seed: u64,
    pub agents: Vec<String>,
    pub base: Side,
    pub change: Side,
    /// The cards of the decks the change defines differently (by id), by name.
    pub changed_cards: Vec<String>,
    pub decks: Vec<DeckDelta>,
    /// Largest change of the improvement when drawn first.
    pub cards: Vec<CardDelta>,
    /// The differences larger than the noise, in words.
    pub findings: Vec<String>,
}

fn side(plan: &Plan, r: &SimReport) -> Side {
    Side {
        folders: plan.cards.iter().map(|p| p.display().to_string()).collect(),
        card_set: r.card_set.clone(),
        games: r.games,
        turn_capped: r.turn_capped,
        stalled: r.stalled,
        errors: r.errors.len(),
        average_turns: r.average_turns,
    }
}

/// Plays `games` games of `base` and of `change` (the same decks, mode, agents and seed over
/// other cards) and compares them.
pub fn compare(base: &Plan, change: &Plan, games: u64, threads: usize) -> Result<Comparison, String> {
    let names = |p: &Plan| p.decks.iter().map(|d| d.name.clone()).collect::<Vec<_>>();
    if names(base) != names(change) {
        return Err(format!("the two sides play different decks: {:?} and {:?}", names(base), names(change)));
    }
    let a = simulate(base, games, threads)?;
    let b = simulate(change, games, threads)?;
    let (Some(sa), Some(sb)) = (&a.card_stats, &b.card_stats) else {
        return Err("compare needs per-card statistics on both sides".to_string());
    };
    let mut changed_cards = Vec::new();
    for d in &change.decks {
        for c in d.cards() {
            let new = change.db.get(c);
            let old = base.db.by_id(&new.id).or_else(|| base.db.named(&new.name)).map(|i| base.db.get(i));
            let same = old.is_some_and(|o| serde_json::to_value(o).ok() == serde_json::to_value(new).ok());
            if !same && !changed_cards.contains(&new.name) {
                changed_cards.push(new.name.clone());
            }
        }
    }
    let decks = deck_deltas(sa, sb);
    let cards = card_deltas(sa, sb);
    let findings = findings(&decks, &cards, games);
    Ok(Comparison {
        mode: a.mode.clone(),
        seed: a.seed,
        agents: a.agents.clone(),
        base: side(base, &a),
        change: side(change, &b),
        changed_cards,
        decks,
        cards,
        findings,
    })
}

fn deck_deltas(a: &RunStats, b: &RunStats) -> Vec<DeckDelta> {
    a.decks
        .iter()
        .zip(&b.decks)
        .map(|(x, y)| DeckDelta {
            deck: x.deck.clone(),
            base: x.games,
            change: y.games,
            difference: y.games.minus(&x.games),
        })
        .collect()
}

/// Cards matched by id within each deck; a card on one side only has no row.
fn card_deltas(a: &RunStats, b: &RunStats) -> Vec<CardDelta> {
    let mut rows = Vec::new();
    for (x, y) in a.decks.iter().zip(&b.decks) {
        for cb in &y.cards {
            let Some(ca) = x.cards.iter().find(|c| c.id == cb.id) else { continue };
            rows.push(CardDelta {
                deck: y.deck.clone(),
                card: cb.card.clone(),
                drawn_base: ca.drawn,
                drawn_change: cb.drawn,
                drawn_difference: cb.drawn.minus(&ca.drawn),
                improvement_base: ca.improvement_when_drawn,
                improvement_change: cb.improvement_when_drawn,
                improvement_difference: cb
                    .improvement_when_drawn
                    .zip(ca.improvement_when_drawn)
                    .map(|(new, old)| new.minus(&old)),
            });
        }
    }
    let size = |r: &CardDelta| r.improvement_difference.map_or(0.0, |d| d.value.abs());
    rows.sort_by(|p, q| size(q).total_cmp(&size(p)));
    rows
}

fn findings(decks: &[DeckDelta], cards: &[CardDelta], games: u64) -> Vec<String> {
    let mut out = Vec::new();
    for d in decks {
        if let Some(diff) = d.difference.filter(Difference::significant) {
            let more = if diff.value > 0.0 { "more" } else { "less" };
            out.push(format!(
                "{} wins {more} often: {} -> {} ({} points)",
                d.deck,
                percent(&d.base),
                percent(&d.change),
                points(&Some(diff))
            ));
        }
    }
    for c in cards {
        if let Some(diff) = c.improvement_difference.filter(Difference::significant) {
            out.push(format!(
                "{} ({}): improvement when drawn {} -> {} ({} points)",
                c.card,
                c.deck,
                points(&c.improvement_base),
                points(&c.improvement_change),
                points(&Some(diff))
            ));
        }
    }
    if out.is_empty() {
        out.push(format!("no difference is larger than the noise (95%) over {games} games a side"));
    }
    out
}

/// The comparison as text: the findings, then every deck and the cards that moved most.
pub fn render(c: &Comparison, rows: usize) -> String {
    use std::fmt::Write;
    let mut out = String::new();
    let folders = |s: &Side| if s.folders.is_empty() { "official cards".to_string() } else { s.folders.join(" + ") };
    let _ = writeln!(
        out,
        "{}, seed {}, agents {}: {} games over {} against {} games over {}",
        c.mode,
        c.seed,
        c.agents.join(","),
        c.base.games,
        folders(&c.base),
        c.change.games,
        folders(&c.change)
    );
    if !c.changed_cards.is_empty() {
        let _ = writeln!(out, "changed cards in the decks: {}", c.changed_cards.join(", "));
    }
    let _ = writeln!(out, "\nlarger than the noise (95%; `*` below):");
    for f in &c.findings {
        let _ = writeln!(out, "  {f}");
    }
    let _ = writeln!(out, "\ndecks: win rate, base -> change (difference in points)");
    for d in &c.decks {
        let _ = writeln!(
            out,
            "  {:<14} {:>22} -> {:>22} {}",
            d.deck,
            percent(&d.base),
            percent(&d.change),
            points(&d.difference)
        );
    }
    let _ = writeln!(out, "\ncards that moved most: improvement when drawn, base -> change (difference)");
    for r in c.cards.iter().take(rows) {
        let _ = writeln!(
            out,
            "  {:<30} {:>22} -> {:>22} {}",
            format!("{} ({})", r.card, r.deck),
            points(&r.improvement_base),
            points(&r.improvement_change),
            points(&r.improvement_difference)
        );
    }
    out
}
