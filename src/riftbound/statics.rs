//! Static abilities (360-363) as the kernel applies them: continuous effects registered while
//! their permanent is on the board (362.1), and the cost changes a card's own text or another
//! permanent makes (363.2, 353). Keyword costs live here too: Accelerate (721).

use super::abilities::{
    AbilityKind, At, Condition, Controlled, CountOf, Forbidden, IfPaid, PlayTo, PlayerBan, StaticEffect, UnitFilter,
};
use super::cards::{CardIdx, CardType, PowerSymbol};
use super::costs::{AdditionalCost, Cost, CostChange};
use super::events::Event;
use super::layers::{self, Duration, Filter, Keyword, Modification};
use super::state::{Bf, Game, Loc};
use crate::kernel::{ObjId, PlayerId};

/// The label of the Accelerate optional cost, to know it was paid (721.1.a).
pub const ACCELERATE: &str = "Accelerate";

/// Whether the kernel applies `effect` only while `condition` holds (361.3.a). The compiler
/// rejects a conditional passive this is false for, so no card applies a conditional passive
/// unconditionally: the layers evaluate a condition of a passive on the source itself with the
/// source as its subject (361.3.a); discounts and "enter ready" check any condition where they
/// are read; the other passives are read without one.
pub fn condition_supported(effect: &StaticEffect, condition: &Condition) -> bool {
    match effect {
        StaticEffect::Keywords(_)
        | StaticEffect::AssignedLast
        | StaticEffect::NoCombatDamage
        | StaticEffect::NoDamage
        | StaticEffect::AnyNumberOfBuffs
        | StaticEffect::UnchoosableByEnemies
        | StaticEffect::MightPer { .. }
        | StaticEffect::KeywordPer { .. }
        | StaticEffect::Might(_) => !matches!(condition, Condition::NotChosenThisTurn(_) | Condition::OnResolution(_)),
        // 361.3.a: "While I'm at a battlefield, your other units here have [Deflect]": "I" is the
        // source (the layers evaluate it on the source). Only states of the source that are no
        // characteristic are accepted, so a group's passive never depends on what it changes; a
        // condition about "you" would mean no one on an uncontrolled battlefield (181.6.c).
        // "While you control this battlefield, friendly legends have ...": a battlefield's "you" is
        // its controller (181.6.c), no one's while it is uncontrolled.
        StaticEffect::UnitsMight { .. }
        | StaticEffect::UnitsKeywords { .. }
        | StaticEffect::UnitsAbility { .. }
        | StaticEffect::AttachedKeywords { .. } => {
            matches!(condition, Condition::AtBattlefield | Condition::Buffed | Condition::YouControlIt)
        }
        StaticEffect::PlayCost { cards: Some(_), .. } | StaticEffect::EntersReady { .. } => true,
        // "While I'm at a battlefield, opponents can only play units to their base.": read from
        // the board as a unit is played, moved, readied or revealed (`board_passives`), with the
        // source's state.
        StaticEffect::Cant { .. } | StaticEffect::PlayersCant { .. } => {
            matches!(condition, Condition::AtBattlefield | Condition::Buffed)
        }
        // Read while the card is played: a condition about its controller, or about where it
        // is played from ("to play from anywhere other than your hand").
        StaticEffect::PlayCost { cards: None, .. } if matches!(condition, Condition::Not(c) if **c == Condition::PlayedFromHand) => {
            true
        }
        StaticEffect::PlayCost { cards: None, .. } => matches!(
            condition,
            Condition::Cards { .. }
                | Condition::Legion
                | Condition::RunesAtLeast(_)
                | Condition::SpentThisTurn(_)
                | Condition::XpAtLeast(_)
                | Condition::DidThisTurn { me: false, .. }
                | Condition::ScoreWithin { .. }
                | Condition::DiedThisTurn(_)
                | Condition::Count { whose: Controlled::You | Controlled::AnOpponent, .. }
        ),
        _ => false,
    }
}

/// A cost change `times` over (353.3 with `more`, else 353.4): `cost` more, or `cost` less to a
/// minimum of `min` Energy.
fn cost_change(more: bool, cost: &Cost, times: u32, min: u32) -> CostChange {
    let power: Vec<PowerSymbol> = (0..times).flat_map(|_| cost.power.iter().copied()).collect();
    let energy = cost.energy.saturating_mul(times);
    if more {
        CostChange::Increase(Cost { energy, power })
    } else {
        CostChange::Discount { energy, min_energy: min, power }
    }
}

impl Game {
    /// 362.1: a permanent's passive abilities apply while it is on the board; they are registered
    /// as continuous effects when it arrives and end with it (Duration::WhileSourceOnBoard). An
    /// attached card's rules text is inactive (SFD-718.2): its passives apply again once detached.
    pub(crate) fn register_statics(&mut self, id: ObjId) {
        if self.top_most_of(id).is_none() {
            self.register_passives(id, id, false);
        }
    }

    /// The passives of `source`'s rules text, or of its effect text (`effect_text`, SFD-718.3: those
    /// are the top-most card's), with `subject` as their "I", "here" and "friendly".
    pub(crate) fn register_passives(&mut self, source: ObjId, subject: ObjId, effect_text: bool) {
        let abilities = self.card(source).abilities.clone();
        let (list, duration): (Vec<_>, _) = if effect_text {
            (abilities.effect_text().map(|(_, a)| a).collect(), Duration::WhileAttached)
        } else {
            (abilities.rules_text().map(|(_, a)| a).collect(), Duration::WhileSourceOnBoard)
        };
        for a in list {
            let AbilityKind::Static { condition, effect } = &a.kind else { continue };
            // The compiler admits only conditions the layers evaluate (condition_supported).
            let cond = condition.clone();
            let mods: Vec<(Option<Condition>, Modification)> = match effect {
                StaticEffect::Keywords(ks) => {
                    ks.iter().map(|(k, v)| (cond.clone(), Modification::GrantKeyword(*k, *v))).collect()
                }
                StaticEffect::AssignedLast => vec![(cond.clone(), Modification::AssignedLast)],
                StaticEffect::NoCombatDamage => vec![(cond.clone(), Modification::NoCombatDamage)],
                StaticEffect::NoDamage => vec![(cond.clone(), Modification::CantBeDamaged)],
                StaticEffect::AnyNumberOfBuffs => vec![(cond.clone(), Modification::AnyNumberOfBuffs)],
                StaticEffect::UnchoosableByEnemies => vec![(cond.clone(), Modification::UnchoosableByEnemies)],
                StaticEffect::MightPer { each, count } => {
                    vec![(cond.clone(), Modification::MightPer(*each, count.clone()))]
                }
                StaticEffect::KeywordPer { keyword, count } => {
                    vec![(cond.clone(), Modification::GrantKeywordPer(*keyword, count.clone()))]
                }
                StaticEffect::Might(n) => vec![(cond.clone(), Modification::Might(*n))],
                // The units' own condition (buffed 702, alone 438.1.a) is part of their filter.
                StaticEffect::UnitsMight { might, min: None, .. } => vec![(cond.clone(), Modification::Might(*might))],
                StaticEffect::UnitsMight { might, min: Some(min), .. } => {
                    vec![(cond.clone(), Modification::MightToMinimum { might: *might, min: *min as i32 })]
                }
                StaticEffect::UnitsKeywords { keywords, if_lacking: false, .. } => {
                    keywords.iter().map(|(k, v)| (cond.clone(), Modification::GrantKeyword(*k, *v))).collect()
                }
                StaticEffect::UnitsKeywords { keywords, if_lacking: true, .. } => {
                    keywords.iter().map(|(k, v)| (cond.clone(), Modification::GrantMissingKeyword(*k, *v))).collect()
                }
                StaticEffect::UnitsAbility { ability, .. } => {
                    vec![(cond.clone(), Modification::GrantAbility(*ability))]
                }
                // SFD-718.3: each card the filter names gives its top-most card an instance.
                StaticEffect::AttachedKeywords { cards, keywords } => keywords
                    .iter()
                    .map(|(k, _)| (cond.clone(), Modification::GrantKeywordPer(*k, CountOf::Attached(cards.clone()))))
                    .collect(),
                _ => Vec::new(),
            };
            // 053.3: a battlefield's "Units here have ..." applies to the units here, not to it.
            let filter = match effect {
                // "Other buffed friendly units at my battlefield", "friendly units ... here".
                StaticEffect::UnitsMight { units, .. }
                | StaticEffect::UnitsKeywords { units, .. }
                | StaticEffect::UnitsAbility { units, .. } => {
                    Filter::Matching { filter: units.clone(), source: subject }
                }
                // The top-most cards: every unit (one with none of them attached gets nothing).
                StaticEffect::AttachedKeywords { .. } => {
                    Filter::Matching { filter: UnitFilter::units(), source: subject }
                }
                _ => Filter::Object(subject),
            };
            for (c, m) in mods {
                let timestamp = self.timestamp();
                self.push_effect(layers::ContinuousEffect {
                    source: Some(source),
                    timestamp,
                    filter: filter.clone(),
                    condition: c,
                    modification: m,
                    duration,
                });
            }
        }
    }

    /// The passives of permanents in play that change the cost of the cards they name
    /// (353.3-353.4), each while its condition holds: found once for a whole listing of
    /// playable cards (`costs::Supply`), as they do not depend on the card.
    pub(crate) fn play_cost_passives(&self) -> Vec<(ObjId, &StaticEffect)> {
        // The game's cards have none: there is no board to walk.
        if self.text_index.play_cost.is_empty() {
            return Vec::new();
        }
        // Those cards are known already: not looked for among every card with a passive.
        self.board_passives_of(
            |c| self.text_index.play_cost.contains(c),
            |e| matches!(e, StaticEffect::PlayCost { cards: Some(_), .. }),
        )
    }

    /// Cost changes from card text for `p` playing `card` (353.2-353.4): the card's own passives
    /// (363.2), its Accelerate (721), and discounts from `p`'s permanents, among `passives`
    /// ([`play_cost_passives`](Game::play_cost_passives)).
    pub(crate) fn text_cost_changes(
        &self,
        p: PlayerId,
        card: ObjId,
        passives: &[(ObjId, &StaticEffect)],
    ) -> Vec<CostChange> {
        let def = self.card(card);
        let mut out = Vec::new();
        let own = self.text_index.own_cost.contains(self.obj(card).card);
        debug_assert_eq!(own, has_own_cost_text(def), "{}", def.name);
        if own {
            for (_, a) in def.abilities.rules_text() {
                let AbilityKind::Static { effect, condition } = &a.kind else { continue };
                match effect {
                    // 353.3-353.4: its own cost change, while its condition holds for its controller.
                    StaticEffect::PlayCost { cards: None, more, cost, per, min, .. } => {
                        if condition.as_ref().is_none_or(|c| self.holds(c, card, p, None)) {
                            let times = per.as_ref().map_or(1, |per| self.count_of(per, p, card));
                            out.push(cost_change(*more, cost, times, *min));
                        }
                    }
                    StaticEffect::OptionalCost(cost) => out.push(CostChange::Additional(AdditionalCost::once(
                        format!("pay {cost}"),
                        true,
                        cost.clone(),
                        Vec::new(),
                    ))),
                    // 353.2: a non-standard additional cost, mandatory or (353.2.b.1) optional; the
                    // discount paying it grants applies only if it is chosen (353.4).
                    // "you may spend any number of buffs as an additional cost. Reduce my cost by [O]
                    // for each buff you spend": paid as many times as chosen, the discount each time.
                    StaticEffect::OtherCost { cost, words, optional, any_number, if_paid } => {
                        let label = words.clone();
                        let then = match if_paid {
                            IfPaid::Nothing => None,
                            IfPaid::Discount(less) => Some(CostChange::Discount {
                                energy: less.energy,
                                min_energy: 0,
                                power: less.power.clone(),
                            }),
                            IfPaid::IgnoreCost => Some(CostChange::Ignore),
                        };
                        if let Some(then) = then {
                            out.push(CostChange::IfPaid { label: label.clone(), then: Box::new(then) });
                        }
                        out.push(CostChange::Additional(AdditionalCost {
                            any_number: *any_number,
                            ..AdditionalCost::once(label, *optional, Cost::default(), vec![cost.clone()])
                        }));
                    }
                    _ => {}
                }
            }
        }
        // 721.1.a: "As you play me, you may pay [1] and 1 Power as an additional cost. If you do,
        // I enter ready." The power is the unit's domain, or any with none or several (721.1.a.2).
        let accelerate = def.abilities.has_keyword(Keyword::Accelerate);
        if def.kind == CardType::Unit && ((own && accelerate) || (!accelerate && self.given_accelerate(p, card))) {
            let power = def.domains.single().map(PowerSymbol::Of).unwrap_or(PowerSymbol::Any);
            out.push(CostChange::Additional(AdditionalCost::once(
                ACCELERATE.into(),
                true,
                Cost { energy: 1, power: vec![power] },
                Vec::new(),
            )));
        }
        // 353.3-353.4: cost changes of the permanents in play on the cards they name, those their
        // controller plays ("Units you play cost [A] less") or their opponents ("enemy spells cost
        // [1][A] more"), each while its condition holds for its own controller.
        let names = |cards: &UnitFilter, c: ObjId| self.names_card(cards, c, p);
        for &(source, effect) in passives {
            if let StaticEffect::PlayCost { cards: Some(cards), first_each_turn, repeat, more, cost, per, min } = effect
                && names(cards, card)
                && self.relation_holds(cards.relation, cards.allied, p, self.ability_controller(source))
                && !(*first_each_turn
                    && self.events_this_turn().iter().any(
                        |e| matches!(e, Event::Played { player, card: c, .. } if *player == p && names(cards, *c)),
                    ))
            {
                let you = self.ability_controller(source);
                let times = per.as_ref().map_or(1, |per| self.count_of(per, you, source));
                let change = cost_change(*more, cost, times, *min);
                if !*repeat {
                    out.push(change);
                } else if let Some(change) = self.repeat_cost_change(card, change) {
                    out.push(change);
                }
            }
        }
        out
    }

    /// 721: "Friendly units played from anywhere other than a player's hand have [Accelerate]": a
    /// passive in play gives unit `card`, as `p` plays it, the keyword and so its additional cost
    /// (450.2: the units the passive names, relative to its controller, as the card is played).
    fn given_accelerate(&self, p: PlayerId, card: ObjId) -> bool {
        let gives = |e: &StaticEffect| matches!(e, StaticEffect::UnitsKeywords { keywords, .. } if keywords.iter().any(|(k, _)| *k == Keyword::Accelerate));
        self.board_passives(gives).iter().any(|&(source, e)| {
            let StaticEffect::UnitsKeywords { units, .. } = e else { return false };
            let you = self.ability_controller(source);
            self.relation_holds(units.relation, units.allied, p, you) && self.names_card(units, card, you)
        })
    }

    /// "friendly [Repeat] costs cost [1] less": `change` of the [Repeat] cost of `card`, a spell,
    /// applied only if that optional cost is paid (353.2.b.1); a discount takes from that cost
    /// alone, no more Energy or Power than it has (353.4-353.5). None if the spell has no
    /// [Repeat] paid with resources. A spell's only optional resource cost is its [Repeat]'s
    /// (the compiler makes no other for spells).
    fn repeat_cost_change(&self, card: ObjId, change: CostChange) -> Option<CostChange> {
        let def = self.card(card);
        if !def.abilities.abilities.iter().any(|a| a.repeat) {
            return None;
        }
        let repeat = def.abilities.rules_text().find_map(|(_, a)| match &a.kind {
            AbilityKind::Static { effect: StaticEffect::OptionalCost(c), .. } => Some(c),
            _ => None,
        })?;
        let then = match change {
            CostChange::Discount { energy, power, .. } => {
                let mut left = repeat.power.clone();
                let power = power
                    .into_iter()
                    .filter(|s| {
                        // An [A] discount takes any symbol; a domain's only its own.
                        let i = left.iter().position(|x| x == s || *s == PowerSymbol::Any);
                        i.map(|i| left.remove(i)).is_some()
                    })
                    .collect();
                CostChange::Discount { energy: energy.min(repeat.energy), min_energy: 0, power }
            }
            more => more,
        };
        Some(CostChange::IfPaid { label: format!("pay {repeat}"), then: Box::new(then) })
    }

    /// 352.2: the battlefields besides the usual ones `p` may play unit `card` to: its own "You may
    /// play me to an open battlefield", or a passive of a unit `p` controls naming it ("Friendly
    /// units may be played to open battlefields").
    pub(crate) fn play_permissions(&self, p: PlayerId, card: ObjId) -> Vec<PlayTo> {
        let def = self.card(card);
        let own = def.abilities.rules_text().filter_map(|(_, a)| match a.kind {
            AbilityKind::Static { effect: StaticEffect::PlayToBattlefield { units: None, to }, .. } => Some(to),
            _ => None,
        });
        let given = self.unit_passives(p).into_iter().filter_map(|(_, e)| match e {
            StaticEffect::PlayToBattlefield { units: Some(f), to } if f.kind == def.kind && f.tags_ok(&def.tags) => {
                Some(*to)
            }
            _ => None,
        });
        own.chain(given).collect()
    }

    /// The passives of every legend, unit, gear and battlefield in play that are `wanted` and apply now
    /// (362.1; 361.3.a: a conditional one while its condition holds), with the object that has
    /// each. Only the wanted ones' conditions are evaluated: a condition may itself read a
    /// passive (your score against the Victory Score), never one of its own kind.
    /// Asked at every cleanup and for every option listed: the sources are walked, not
    /// collected, and a source's controller is found only for a condition that reads it.
    pub(crate) fn board_passives(&self, wanted: impl Fn(&StaticEffect) -> bool) -> Vec<(ObjId, &StaticEffect)> {
        // The cards among the game's objects with a passive of the kind wanted: most games have
        // none (then there is no board to walk), and a source with another card is passed over
        // unless cards are attached to it or it is attached (its text is then not its card's).
        let wanted_cards: Vec<CardIdx> = self
            .text_index
            .passive
            .iter()
            .filter(|c| {
                self.db
                    .get(*c)
                    .abilities
                    .abilities
                    .iter()
                    .any(|a| matches!(&a.kind, AbilityKind::Static { effect, .. } if wanted(effect)))
            })
            .collect();
        if wanted_cards.is_empty() {
            return Vec::new();
        }
        self.board_passives_of(|c| wanted_cards.contains(&c), wanted)
    }

    /// [`Game::board_passives`] given the cards with a passive of the kind wanted (`of`).
    fn board_passives_of(
        &self,
        of: impl Fn(CardIdx) -> bool,
        wanted: impl Fn(&StaticEffect) -> bool,
    ) -> Vec<(ObjId, &StaticEffect)> {
        let legends = self.players.iter().filter_map(|p| p.legend);
        let gear =
            self.players.iter().flat_map(|pl| pl.base.iter().copied().filter(|g| self.card(*g).kind == CardType::Gear));
        let fields = self.battlefields.iter().map(|b| b.obj);
        let mut out = Vec::new();
        let links = self.links();
        for s in legends.chain(self.units_on_board()).chain(gear).chain(fields) {
            if !of(self.obj(s).card) && links.iter().all(|(a, t)| *a != s && *t != s) {
                continue;
            }
            // SFD-718.2: an attached card's rules text is inactive; SFD-718.3: the effect texts of
            // the cards attached to `s` are `s`'s, with `s` as their "I", "here" and controller.
            let own = links.iter().all(|(a, _)| *a != s).then(|| self.card(s).abilities.rules_text().map(|(_, a)| a));
            let lent = links
                .iter()
                .filter(|(_, t)| *t == s)
                .flat_map(|(a, _)| self.card(*a).abilities.effect_text().map(|(_, x)| x));
            for a in own.into_iter().flatten().chain(lent) {
                if let AbilityKind::Static { condition, effect } = &a.kind
                    && wanted(effect)
                    && condition.as_ref().is_none_or(|c| self.holds(c, s, self.ability_controller(s), None))
                {
                    out.push((s, effect));
                }
            }
        }
        out
    }

    /// 054: can't beats can. The passive of a legend, unit, gear or battlefield in play that
    /// forbids `what` for object `o`, done or played by player `by` (relative to that passive's
    /// object and its controller), if any. A card being played or revealed is not on the board:
    /// its kind and tags, who plays it and where it is hidden are what the phrase is about.
    pub(crate) fn forbidding(&self, what: Forbidden, o: ObjId, by: PlayerId) -> Option<ObjId> {
        self.forbidding_at(what, o, by, None)
    }

    /// [`Game::forbidding`] of playing `o` to battlefield `b` (352.2): a passive of the whole
    /// game, or a battlefield's own "Units can't be played here" (053.3: "here" is that
    /// battlefield).
    pub(crate) fn forbids_play_to(&self, o: ObjId, by: PlayerId, b: Bf) -> bool {
        self.forbidding_at(Forbidden::PlayToBattlefield, o, by, Some(Loc::Battlefield(b))).is_some()
    }

    /// [`Game::forbidding`], a restriction that says "here" applying only at `at`.
    fn forbidding_at(&self, what: Forbidden, o: ObjId, by: PlayerId, at: Option<Loc>) -> Option<ObjId> {
        let wanted = |e: &StaticEffect| matches!(e, StaticEffect::Cant { what: w, .. } if *w == what);
        self.board_passives(wanted).into_iter().find_map(|(s, e)| {
            let StaticEffect::Cant { objects, .. } = e else { return None };
            let Some(objects) = objects else { return (o == s).then_some(s) };
            let you = self.ability_controller(s);
            let def = self.card(o);
            let hit = match what {
                Forbidden::MoveToBase | Forbidden::ReadyByEffects => self.unit_matches(objects, o, you, s),
                Forbidden::PlayToBattlefield => {
                    (objects.at != At::Here || at.is_some_and(|l| self.here(s) == Some(l)))
                        && self.relation_holds(objects.relation, objects.allied, by, you)
                        && objects.kind == def.kind
                        && objects.tags_ok(&def.tags)
                }
                Forbidden::Reveal => {
                    self.relation_holds(objects.relation, objects.allied, by, you)
                        && self.hidden_at(o).is_some_and(|b| self.here(s) == Some(Loc::Battlefield(b)))
                }
            };
            hit.then_some(s)
        })
    }

    /// 054: the passive that forbids player `p` what `banned` says of it (given the passive's
    /// object and `what`), if any: "opponents can't gain points" (relative to its controller).
    pub(crate) fn player_banned(&self, p: PlayerId, banned: impl Fn(ObjId, &PlayerBan) -> bool) -> Option<ObjId> {
        self.board_passives(|e| matches!(e, StaticEffect::PlayersCant { .. })).into_iter().find_map(|(s, e)| {
            let StaticEffect::PlayersCant { who, what } = e else { return None };
            (self.relation_holds(*who, false, p, self.ability_controller(s)) && banned(s, what)).then_some(s)
        })
    }

    /// 141.2-141.3: what `p`'s standard move of `n` units together to `dest` costs besides
    /// exhausting them: each "Opponents must pay COST for each unit beyond the first ..." of an
    /// opponent's object at that battlefield, for each unit beyond its free ones.
    pub(crate) fn move_tax(&self, p: PlayerId, dest: Loc, n: usize) -> Cost {
        let mut total = Cost::default();
        for (s, e) in self.board_passives(|e| matches!(e, StaticEffect::MoveTax { .. })) {
            if let StaticEffect::MoveTax { cost, free } = e
                && matches!(dest, Loc::Battlefield(_))
                && self.ability_controller(s) != p
                && self.here(s) == Some(dest)
            {
                for _ in (*free as usize)..n {
                    total.energy += cost.energy;
                    total.power.extend(cost.power.iter().copied());
                }
            }
        }
        total
    }

    /// 456.3: the points a player needs to win: the Mode of Play's Victory Score, changed by the
    /// passives in play ("Increase the points needed to win the game by 1."); 456.3.a: always a
    /// positive number.
    pub fn victory_score(&self) -> u32 {
        // Asked on every cleanup pass: the board's passives are walked only if a card of the
        // game has one that changes the Victory Score.
        if !self.text_index.victory_score {
            return (self.mode.victory_score as i32).max(1) as u32;
        }
        let change: i32 = self
            .board_passives(|e| matches!(e, StaticEffect::VictoryScore(_)))
            .into_iter()
            .map(|(_, e)| if let StaticEffect::VictoryScore(n) = e { *n } else { 0 })
            .sum();
        (self.mode.victory_score as i32 + change).max(1) as u32
    }

    /// 727.1.b: how many facedown cards may be hidden at battlefield `b`: one, and more for each
    /// "You may hide an additional card here." of the battlefield or of a permanent there.
    pub fn hide_capacity(&self, b: Bf) -> usize {
        let here = |s: ObjId| s == self.battlefields[b].obj || self.location(s) == Some(Loc::Battlefield(b));
        1 + self
            .board_passives(|e| matches!(e, StaticEffect::HideMore(_)))
            .into_iter()
            .filter(|(s, _)| here(*s))
            .map(|(_, e)| if let StaticEffect::HideMore(n) = e { *n as usize } else { 0 })
            .sum::<usize>()
    }

    /// The passive abilities of the units `p` controls that apply now (361.3.a: a conditional
    /// one while its condition holds), with the unit that has each.
    fn unit_passives(&self, p: PlayerId) -> Vec<(ObjId, &StaticEffect)> {
        let mut out = Vec::new();
        for u in self.units_on_board() {
            if self.controller(u) != p {
                continue;
            }
            for (_, a) in self.card(u).abilities.rules_text() {
                if let AbilityKind::Static { condition, effect } = &a.kind
                    && condition.as_ref().is_none_or(|c| self.holds(c, u, p, None))
                {
                    out.push((u, effect));
                }
            }
        }
        out
    }

    /// 140.4 / 356.2.c: a unit `p` plays (from a card or as a token, 178) enters exhausted unless
    /// an effect says it enters ready: its own "I enter ready.", a passive on the board naming it
    /// ("Other friendly units enter ready.", "Your tokens enter ready."), a "Units you play this turn enter ready." of `p`'s this
    /// turn, or "The next unit you play this turn enters ready.", which this unit uses up whether
    /// or not something else readies it. 721.6: such a unit never enters exhausted first.
    pub(crate) fn played_unit_enters_ready(&mut self, p: PlayerId, card: ObjId) -> bool {
        let waiting = &mut self.components.get_mut::<super::instructions::NextUnitReady>().0;
        let next = waiting.iter().position(|q| *q == p).map(|i| waiting.remove(i)).is_some();
        next || self.enters_ready(p, card)
    }

    /// The passives and this-turn effects that make unit `card` enter ready as `p` plays it
    /// (see [`Game::played_unit_enters_ready`]).
    pub(crate) fn enters_ready(&self, p: PlayerId, card: ObjId) -> bool {
        // 361.3.a: "If CONDITION, I enter ready." only while the condition holds.
        let own = self.card(card).abilities.rules_text().map(|(_, a)| a).any(|a| match &a.kind {
            AbilityKind::Static { effect: StaticEffect::EntersReady { units: None }, condition } => {
                condition.as_ref().is_none_or(|c| self.holds(c, card, p, None))
            }
            _ => false,
        });
        let named = |(s, e): (ObjId, &StaticEffect)| match e {
            StaticEffect::EntersReady { units: Some(f) } => self.unit_matches(f, card, self.ability_controller(s), s),
            _ => false,
        };
        // "Units you play this turn enter ready": units only, not a gear token played with them.
        let a_unit = self.card(card).kind == CardType::Unit;
        own || self.board_passives(|e| matches!(e, StaticEffect::EntersReady { units: Some(_) })).into_iter().any(named)
            || a_unit
                && self
                    .effects
                    .iter()
                    .any(|e| e.modification == Modification::EntersReady && e.filter == Filter::UnitsControlledBy(p))
    }

    /// "This enters exhausted."
    pub(crate) fn enters_exhausted(&self, card: ObjId) -> bool {
        self.card(card)
            .abilities
            .rules_text()
            .any(|(_, a)| matches!(a.kind, AbilityKind::Static { effect: StaticEffect::EntersExhausted, .. }))
    }

    /// 725.1.c: spells and abilities an opponent controls that choose a permanent with Deflect
    /// cost [A] per Deflect point more.
    pub(crate) fn deflect_increase(&self, p: PlayerId, targets: &[super::state::Chosen]) -> Option<Cost> {
        let n: u32 = targets
            .iter()
            .flat_map(|t| t.objs())
            .filter(|t| self.controller(**t) != p)
            .map(|t| self.chars(*t).keywords.deflect)
            .sum();
        (n > 0).then(|| Cost { energy: 0, power: vec![PowerSymbol::Any; n as usize] })
    }
}

/// Whether `def`'s own text may change the least it can be played for: a cost passive of its
/// own, or an additional cost that is mandatory or grants something if paid. An optional cost
/// that grants nothing (Accelerate's, 721.1.a; "you may pay [1]") is left unpaid by the cheapest
/// play (353.2.b), so whether the card can be paid for is decided by the rest of its cost.
pub(crate) fn changes_own_least_cost(def: &super::cards::CardDef) -> bool {
    def.abilities.rules_text().any(|(_, a)| match &a.kind {
        AbilityKind::Static { effect: StaticEffect::PlayCost { cards: None, .. }, .. } => true,
        AbilityKind::Static { effect: StaticEffect::OtherCost { optional, if_paid, .. }, .. } => {
            !optional || !matches!(if_paid, IfPaid::Nothing)
        }
        _ => false,
    })
}

/// Whether `def`'s own text changes what it costs to play ([`Game::text_cost_changes`]: a cost
/// passive of its own, an optional or non-standard additional cost, Accelerate): the cards in
/// hand that have none are most, and skip reading their abilities at every listing.
pub(crate) fn has_own_cost_text(def: &super::cards::CardDef) -> bool {
    def.abilities.rules_text().any(|(_, a)| {
        matches!(
            &a.kind,
            AbilityKind::Static {
                effect: StaticEffect::PlayCost { cards: None, .. }
                    | StaticEffect::OptionalCost(_)
                    | StaticEffect::OtherCost { .. },
                ..
            }
        )
    }) || (def.kind == CardType::Unit && def.abilities.has_keyword(Keyword::Accelerate))
}
