//! What the trace and the event log say happened.

use riftbound::kernel::ObjId;
use riftbound::riftbound::Game;
use riftbound::riftbound::events::Event;

/// Whether the trace cites `rule` at all.
pub fn has_rule(g: &Game, rule: &str) -> bool {
    g.trace.lines.iter().any(|l| l.rule == rule)
}

/// How many trace lines cite `rule`.
pub fn count_rule(g: &Game, rule: &str) -> usize {
    g.trace.lines.iter().filter(|l| l.rule == rule).count()
}

/// Whether a trace line citing `rule` mentions `text`.
pub fn traced(g: &Game, rule: &str, text: &str) -> bool {
    g.trace.lines.iter().any(|l| l.rule == rule && l.text.contains(text))
}

/// The damage events dealt to `target`, as (source names joined by " and ", amount).
pub fn dealt_to(g: &Game, target: ObjId) -> Vec<(String, u32)> {
    g.events
        .iter()
        .filter_map(|e| match e {
            Event::Dealt { sources, target: t, amount } if *t == target => {
                Some((sources.iter().map(|s| g.name(*s)).collect::<Vec<_>>().join(" and "), *amount))
            }
            _ => None,
        })
        .collect()
}
