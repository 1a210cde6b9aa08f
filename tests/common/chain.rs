//! The chain (326-336): items put on it by hand, and resolving it with both players passing.

use super::board::Answers;
use super::trace::count_rule;
use riftbound::kernel::{ObjId, PlayerId};
use riftbound::riftbound::state::{ChainItem, ItemKind};
use riftbound::riftbound::{Choice, Game};

/// A chain item for `source`'s first ability, controlled by `controller`, without targets.
pub fn ability_item(source: ObjId, controller: PlayerId, pending: bool) -> ChainItem {
    ChainItem {
        kind: ItemKind::Ability { source, index: 0 },
        controller,
        pending,
        targets: Vec::new(),
        that_player: None,
        that_unit: None,
        that_battlefield: None,
        costs_paid: Vec::new(),
    }
}

/// A finalized chain item for a played `card`, controlled by `controller`, without targets.
pub fn card_item(card: ObjId, controller: PlayerId) -> ChainItem {
    ChainItem {
        kind: ItemKind::Card(card),
        controller,
        pending: false,
        targets: Vec::new(),
        that_player: None,
        that_unit: None,
        that_battlefield: None,
        costs_paid: Vec::new(),
    }
}

/// Queues a pass for whoever holds priority if they would be asked (no pending item, and more
/// than one option).
pub fn pass_if_asked<A: Answers>(g: &Game, a: &A, b: &A) {
    if !g.chain.has_pending()
        && let Some(p) = g.priority_holder()
        && g.action_options(p).len() > 1
    {
        if p == PlayerId(0) { a.push(Choice::Pass) } else { b.push(Choice::Pass) }
    }
}

/// Finishes pending items and passes priority around until the newest chain item resolves
/// (336.1).
pub fn resolve<A: Answers>(g: &mut Game, a: &A, b: &A) {
    let before = count_rule(g, "336.1");
    for _ in 0..20 {
        if count_rule(g, "336.1") > before {
            return;
        }
        pass_if_asked(g, a, b);
        g.step().unwrap();
    }
    panic!("nothing resolved:\n{}", g.trace.render());
}

/// Resolves chain items until the chain is empty.
pub fn resolve_all<A: Answers>(g: &mut Game, a: &A, b: &A) {
    while !g.chain.is_empty() {
        resolve(g, a, b);
    }
}
