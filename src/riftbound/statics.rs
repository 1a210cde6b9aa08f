//! Static abilities (360-363) as the kernel applies them: continuous effects registered while
//! their permanent is on the board (362.1), and the cost changes a card's own text or another
//! permanent makes (363.2, 353). Keyword costs live here too: Accelerate (721).

use super::abilities::{AbilityKind, Condition, StaticEffect};
use super::cards::{CardType, PowerSymbol};
use super::costs::{AdditionalCost, Cost, CostChange, OtherCost};
use super::layers::{self, Duration, Filter, Keyword, Modification};
use super::state::Game;
use crate::kernel::{ObjId, PlayerId};

/// The label of the Accelerate optional cost, to know it was paid (721.1.a).
pub const ACCELERATE: &str = "Accelerate";

impl Game {
    /// 362.1: a permanent's passive abilities apply while it is on the board; they are registered
    /// as continuous effects when it arrives and end with it (Duration::WhileSourceOnBoard).
    pub(crate) fn register_statics(&mut self, id: ObjId) {
        let abilities = self.card(id).abilities.clone();
        for a in &abilities.abilities {
            let AbilityKind::Static { condition, effect } = &a.kind else { continue };
            let cond = condition.as_ref().and_then(|c| match c {
                Condition::Mighty => Some(layers::Condition::Mighty),
                Condition::AtBattlefield => Some(layers::Condition::AtBattlefield),
                _ => None,
            });
            let mods: Vec<(Option<layers::Condition>, Modification)> = match effect {
                StaticEffect::Keywords(ks) => {
                    ks.iter().map(|(k, v)| (cond.clone(), Modification::GrantKeyword(*k, *v))).collect()
                }
                StaticEffect::AssignedLast => vec![(cond.clone(), Modification::AssignedLast)],
                StaticEffect::NoDamageIfMovedTwice => {
                    vec![(Some(layers::Condition::MovedTwiceThisTurn), Modification::CantBeDamaged)]
                }
                StaticEffect::MightPerTrashCard => vec![(cond.clone(), Modification::MightPerTrashCard)],
                _ => Vec::new(),
            };
            for (c, m) in mods {
                let timestamp = self.timestamp();
                self.effects.push(layers::ContinuousEffect {
                    source: Some(id),
                    timestamp,
                    filter: Filter::Object(id),
                    condition: c,
                    modification: m,
                    duration: Duration::WhileSourceOnBoard,
                });
            }
        }
    }

    /// Cost changes from card text for `p` playing `card` (353.2-353.4): the card's own passives
    /// (363.2), its Accelerate (721), and discounts from `p`'s permanents.
    pub(crate) fn text_cost_changes(&self, p: PlayerId, card: ObjId) -> Vec<CostChange> {
        let def = self.card(card);
        let mut out = Vec::new();
        for a in &def.abilities.abilities {
            let AbilityKind::Static { effect, .. } = &a.kind else { continue };
            match effect {
                StaticEffect::KillFriendlyToPlay => out.push(CostChange::Additional(AdditionalCost {
                    label: "kill a friendly unit".into(),
                    optional: false,
                    cost: Cost::default(),
                    other: vec![OtherCost::KillFriendlyUnit],
                })),
                StaticEffect::OptionalCost(cost) => out.push(CostChange::Additional(AdditionalCost {
                    label: format!("pay {cost}"),
                    optional: true,
                    cost: cost.clone(),
                    other: Vec::new(),
                })),
                // 353.2.b.1: an optional non-standard cost; its discount applies only if it is
                // chosen (353.4).
                StaticEffect::OptionalOtherCost { cost, discount } => {
                    let label = match cost {
                        OtherCost::Discard(n) => format!("discard {n}"),
                        OtherCost::ExhaustFriendlyUnit => "exhaust a friendly unit".into(),
                        OtherCost::RecycleFromTrash(n) => format!("recycle {n} from your trash"),
                        OtherCost::KillFriendlyUnit => "kill a friendly unit".into(),
                    };
                    if *discount > 0 {
                        out.push(CostChange::DiscountIfPaid { label: label.clone(), energy: *discount });
                    }
                    out.push(CostChange::Additional(AdditionalCost {
                        label,
                        optional: true,
                        cost: Cost::default(),
                        other: vec![cost.clone()],
                    }));
                }
                StaticEffect::DiscountByHighestMight => {
                    let highest = self
                        .all_units()
                        .into_iter()
                        .filter(|u| self.controller(*u) == p)
                        .map(|u| self.might(u))
                        .max()
                        .unwrap_or(0);
                    out.push(CostChange::Discount { energy: highest.max(0) as u32, min_energy: 0, power: 0 });
                }
                _ => {}
            }
        }
        // 721.1.a: "As you play me, you may pay [1] and 1 Power as an additional cost. If you do,
        // I enter ready." The power is the unit's domain, or any with none or several (721.1.a.2).
        if def.kind == CardType::Unit && def.abilities.has_keyword(Keyword::Accelerate) {
            let power = def.domains.single().map(PowerSymbol::Of).unwrap_or(PowerSymbol::Any);
            out.push(CostChange::Additional(AdditionalCost {
                label: ACCELERATE.into(),
                optional: true,
                cost: Cost { energy: 1, power: vec![power] },
                other: Vec::new(),
            }));
        }
        // Discounts from the player's permanents (Eager Apprentice).
        if def.kind == CardType::Spell {
            for u in self.all_units() {
                if self.controller(u) != p {
                    continue;
                }
                for a in &self.card(u).abilities.abilities {
                    if let AbilityKind::Static { condition, effect: StaticEffect::SpellDiscount { energy, min } } =
                        &a.kind
                        && condition.as_ref().is_none_or(|c| self.condition_holds_for(c, u, p))
                    {
                        out.push(CostChange::Discount { energy: *energy, min_energy: *min, power: 0 });
                    }
                }
            }
        }
        // "Units you play cost [A] less" from the player's units (353.4.b, 353.4.d).
        if def.kind == CardType::Unit {
            for u in self.all_units() {
                if self.controller(u) != p {
                    continue;
                }
                for a in &self.card(u).abilities.abilities {
                    if let AbilityKind::Static { condition, effect: StaticEffect::UnitDiscount { energy, power } } =
                        &a.kind
                        && condition.as_ref().is_none_or(|c| self.condition_holds_for(c, u, p))
                    {
                        out.push(CostChange::Discount { energy: *energy, min_energy: 0, power: *power });
                    }
                }
            }
        }
        out
    }

    /// "This enters exhausted."
    pub(crate) fn enters_exhausted(&self, card: ObjId) -> bool {
        self.card(card)
            .abilities
            .abilities
            .iter()
            .any(|a| matches!(a.kind, AbilityKind::Static { effect: StaticEffect::EntersExhausted, .. }))
    }

    /// 725.1.c: spells and abilities an opponent controls that choose a permanent with Deflect
    /// cost [A] per Deflect point more.
    pub(crate) fn deflect_increase(&self, p: PlayerId, targets: &[Vec<ObjId>]) -> Option<Cost> {
        let n: u32 = targets
            .iter()
            .flatten()
            .filter(|t| self.controller(**t) != p)
            .map(|t| self.chars(*t).keywords.deflect)
            .sum();
        (n > 0).then(|| Cost { energy: 0, power: vec![PowerSymbol::Any; n as usize] })
    }
}
