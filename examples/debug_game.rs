use riftbound::riftbound::{CardDb, Deck, Game};
use std::sync::Arc;
fn main() {
    let seed: u64 = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(3);
    let steps: usize = std::env::args().nth(2).and_then(|s| s.parse().ok()).unwrap_or(5000);
    let db = Arc::new(CardDb::embedded());
    let decks = Deck::embedded(&db);
    let pick = |k: &str| decks.iter().find(|(n, _)| n == k).unwrap().1.clone();
    let mut g = Game::new(db.clone(), &[pick("jinx"), pick("viktor")], seed).unwrap();
    g.trace.on = true;
    g.set_agents(vec![
        Box::new(riftbound::agents::GreedyAgent::new(1)),
        Box::new(riftbound::agents::GreedyAgent::new(2)),
    ]);
    for _ in 0..steps {
        match g.step() {
            Ok(true) => break,
            Ok(false) => {}
            Err(e) => {
                println!("STOP {e:?}");
                break;
            }
        }
    }
    let n = g.trace.lines.len();
    for l in &g.trace.lines[n.saturating_sub(40)..] {
        println!("[{}] {}", l.rule, l.text);
    }
    println!("turn {} outcome {:?}", g.turn, g.outcome);
}
