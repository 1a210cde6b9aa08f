//! Cards as text: a `.fab` card file (TOML: name, type line, pitch, cost, power, defense, life,
//! intellect, and the printed `text`) read into a [`CardDef`], its text parsed by
//! `grammar/fab.pest` (derived after the shared `grammar/prelude.pest`) and compiled to keywords,
//! effects and a weapon's attack ability. The files use `.fab`, not `.toml`: `build.rs` and the
//! Riftbound tools read every `*.toml` under `cards/` as a Riftbound card.

use super::cards::{
    Ability, Activated, AdditionalCost, AttackKind, AttackRef, CardDef, CardFilter, CardType, Condition, Count,
    Counter, Effect, Keyword, Slot, Subject, Trigger, TypeFilter,
};
use pest::Parser;
use pest::iterators::Pair;
use std::path::{Path, PathBuf};

#[derive(pest_derive::Parser)]
#[grammar = "../grammar/prelude.pest"]
#[grammar = "../grammar/fab.pest"]
struct FabParser;

/// What a card's text compiles to.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Compiled {
    pub keywords: Vec<Keyword>,
    pub effects: Vec<Effect>,
    /// "Once per Turn Action - {r}...: Attack": the number of {r}.
    pub attack_ability_cost: Option<u8>,
    pub additional_costs: Vec<AdditionalCost>,
    pub triggers: Vec<(Trigger, Vec<Effect>)>,
    /// "Play NAME only if CONDITION."
    pub play_condition: Option<Condition>,
    /// "[If CONDITION,] this gets +N{p}": the attack card's own bonus.
    pub own_power: Vec<(Option<Condition>, u8)>,
    /// "**Action** - COSTS: EFFECT": activated abilities.
    pub activated: Vec<Activated>,
}

/// Parses and compiles the printed text of the card named `name`; an error names the line and
/// column the grammar stopped at. The card's own name (19.3: it means this card) is matched
/// exactly: the whole name, the part before its comma ("Dawnblade" for "Dawnblade,
/// Resplendent", 7.2.1), or one word of it ("Hala" for "Hala Goldenhelm", as mentors write it).
pub fn compile_text(name: &str, text: &str) -> Result<Compiled, String> {
    let text = text.trim();
    let (own, cols) = mark_own_name(name, text);
    let mut pairs = FabParser::parse(Rule::text, &own).map_err(|e| {
        let (line, col) = match e.line_col {
            pest::error::LineColLocation::Pos(p) | pest::error::LineColLocation::Span(p, _) => p,
        };
        let col = cols.get(line - 1).and_then(|m| m.get(col - 1)).copied().unwrap_or(col);
        let at = text.lines().nth(line - 1).unwrap_or("");
        format!("{line}:{col}: the card language does not read this yet: {at:?}")
    })?;
    let mut out = Compiled::default();
    let cx = Cx;
    for a in pairs.next().expect("text").into_inner().filter(|p| p.as_rule() == Rule::ability) {
        // A phrase the grammar reads but the compiler does not: the error names its line.
        let (line, col) = a.as_span().start_pos().line_col();
        let col = cols.get(line - 1).and_then(|m| m.get(col - 1)).copied().unwrap_or(col);
        cx.ability(a.into_inner().next().expect("an ability"), &mut out).map_err(|e| format!("{line}:{col}: {e}"))?;
    }
    Ok(out)
}

/// The names a card's text may call it by (19.3), longest first: its name, the part before the
/// comma, and each capitalised word of it of four or more letters.
fn own_names(name: &str) -> Vec<String> {
    let mut out = vec![name.to_string()];
    if let Some((head, _)) = name.split_once(',') {
        out.push(head.to_string());
    }
    let words = name.split([' ', ',']).filter(|w| w.chars().count() >= 4 && w.starts_with(|c: char| c.is_uppercase()));
    out.extend(words.map(str::to_string));
    out.retain(|n| !n.is_empty());
    out.sort_by_key(|n| std::cmp::Reverse(n.len()));
    out.dedup();
    out
}

/// The text with every whole-word mention of the card's own name replaced by `~` (what
/// `own_name` in `grammar/fab.pest` reads), and for each line the column in the printed text of
/// each column of the marked one (so errors point at the printed text).
fn mark_own_name(name: &str, text: &str) -> (String, Vec<Vec<usize>>) {
    let names = own_names(name);
    let mut out = String::new();
    let mut cols = Vec::new();
    for (i, line) in text.split('\n').enumerate() {
        if i > 0 {
            out.push('\n');
        }
        let mut map = Vec::new();
        let chars: Vec<char> = line.chars().collect();
        let word = |c: Option<&char>| c.is_some_and(|c| c.is_alphanumeric() || *c == '\'' || *c == '-');
        let mut j = 0;
        while j < chars.len() {
            let hit = (j == 0 || !word(chars.get(j - 1)))
                .then(|| {
                    names.iter().find(|n| {
                        let n: Vec<char> = n.chars().collect();
                        chars[j..].starts_with(&n) && !word(chars.get(j + n.len()))
                    })
                })
                .flatten();
            match hit {
                Some(n) => {
                    out.push('~');
                    map.push(j + 1);
                    j += n.chars().count();
                }
                None => {
                    out.push(chars[j]);
                    map.push(j + 1);
                    j += 1;
                }
            }
        }
        map.push(chars.len() + 1);
        cols.push(map);
    }
    (out, cols)
}

/// The compiler of one card's text (its own name is already `~`, [`mark_own_name`]).
#[derive(Clone, Copy)]
struct Cx;

impl Cx {
    /// Compiles one ability (a line, or an ability in quotes) into `out`.
    fn ability(&self, inner: Pair<Rule>, out: &mut Compiled) -> Result<(), String> {
        match inner.as_rule() {
            Rule::keyword_line => {
                let k = inner.into_inner().next().expect("keyword").into_inner().next().expect("a keyword");
                match k.as_rule() {
                    Rule::go_again => out.keywords.push(Keyword::GoAgain),
                    Rule::blade_break => out.keywords.push(Keyword::BladeBreak),
                    Rule::battleworn => out.keywords.push(Keyword::Battleworn),
                    Rule::legendary => out.keywords.push(Keyword::Legendary),
                    // Intimidate on an action is an effect of its resolution (glossary).
                    Rule::intimidate => out.effects.push(Effect::Intimidate),
                    // 4.1.8: a deck construction rule (`deck.rs` reads it), nothing in play.
                    Rule::specialization => {}
                    r => unreachable!("keyword {r:?}"),
                }
            }
            Rule::additional_cost => {
                let part = inner.into_inner().find(|x| x.as_rule() == Rule::cost_part).expect("a cost");
                let c = part.into_inner().next().expect("a cost");
                out.additional_costs.push(match c.as_rule() {
                    Rule::reveal_cost => {
                        AdditionalCost::Reveal(self.card_filter(c.into_inner().next().expect("a filter"))?)
                    }
                    _ => AdditionalCost::DiscardRandom,
                });
            }
            Rule::activated => {
                let mut a = Activated::action();
                for part in inner.into_inner() {
                    match part.as_rule() {
                        Rule::once_per_turn => a.once_per_turn = true,
                        Rule::ability_type => {
                            a.instant = part.into_inner().next().is_some_and(|t| t.as_rule() == Rule::act_instant)
                        }
                        Rule::act_cost => {
                            let c = part.into_inner().next().expect("a cost");
                            match c.as_rule() {
                                Rule::resources => a.resources += c.into_inner().count() as u8,
                                Rule::discard_chosen => a.discard = true,
                                _ => a.destroy_self = true,
                            }
                        }
                        Rule::steps => a.effects.extend(self.steps(part)?),
                        Rule::go_again => a.go_again = true,
                        Rule::only_while => {
                            a.only_while = Some(self.cond(part.into_inner().next().expect("a condition"))?);
                        }
                        _ => {}
                    }
                }
                out.activated.push(a);
            }
            // 18: "The next time you would be dealt damage this turn, prevent 2 of that damage."
            Rule::replacement => {
                use super::replacement::{Instead, Would};
                let (mut would, mut instead) = (Would::GainPower, Instead::Double);
                for part in inner.into_inner() {
                    let x = part.clone().into_inner().next();
                    match (part.as_rule(), x) {
                        (Rule::would, Some(w)) if w.as_rule() == Rule::would_damage => {
                            let opponent = w.into_inner().next().is_some_and(|y| y.as_rule() == Rule::opposing_hero);
                            would = Would::BeDealtDamage { opponent };
                        }
                        (Rule::instead, Some(i)) if i.as_rule() == Rule::prevent => {
                            instead = Instead::Prevent(u32::from(number(i)));
                        }
                        _ => {}
                    }
                }
                out.effects.push(Effect::Replace { would, instead });
            }
            Rule::play_only_if => {
                let c = inner.into_inner().find(|x| x.as_rule() == Rule::cond).expect("a condition");
                out.play_condition = Some(self.cond(c)?);
            }
            Rule::triggered => {
                let mut effects = Vec::new();
                let (mut trigger, mut delayed, mut lead) = (Trigger::ChainCloses, false, None);
                for part in inner.into_inner() {
                    match part.as_rule() {
                        Rule::trigger_while => lead = Some(self.cond(part.into_inner().next().expect("a condition"))?),
                        Rule::trigger_event => (trigger, delayed) = self.trigger_event(part)?,
                        Rule::condition => effects.push(Effect::IfThen(self.condition(part)?)),
                        Rule::steps => effects.extend(self.steps(part)?),
                        // "- If CONDITION, EFFECT.": the condition holds for that line's steps only.
                        Rule::bullet => {
                            let mut lead = None;
                            for x in part.into_inner() {
                                match x.as_rule() {
                                    Rule::condition => lead = Some(self.condition(x)?),
                                    _ => effects.extend(guarded(lead.clone(), self.steps(x)?)),
                                }
                            }
                        }
                        // "[Then] if CONDITION, STEPS.": each step after it is guarded (19.7).
                        Rule::if_then => {
                            let mut x = part.into_inner();
                            let c = self.cond(x.next().expect("a condition"))?;
                            effects.extend(guarded(Some(c), self.steps(x.next().expect("steps"))?));
                        }
                        _ => {}
                    }
                }
                if let Some(c) = lead {
                    trigger = Trigger::While(c, Box::new(trigger));
                }
                if delayed {
                    // 16.4: resolving the card creates the delayed triggered effect.
                    out.effects.push(Effect::Delayed { event: trigger, effects });
                } else {
                    out.triggers.push((trigger, effects));
                }
            }
            Rule::weapon_attack => {
                let n = inner.into_inner().next().expect("resources").into_inner().count();
                out.attack_ability_cost = Some(n as u8);
            }
            Rule::effect_line => {
                let mut lead = None;
                for part in inner.into_inner() {
                    match part.as_rule() {
                        Rule::condition => lead = Some(self.condition(part)?),
                        _ => {
                            let mut es = self.effects(part.into_inner().next().expect("an effect"))?;
                            match es.as_slice() {
                                // "this gets +N{p}" on its own line: the attack card's static bonus.
                                [Effect::Gains { to: AttackRef::Current, power, go_again: false }] => {
                                    out.own_power.push((lead.take(), *power));
                                    es.clear();
                                }
                                _ => out.effects.extend(guarded(lead.take(), std::mem::take(&mut es))),
                            }
                        }
                    }
                }
            }
            r => unreachable!("ability {r:?}"),
        }
        Ok(())
    }

    /// The steps of a triggered or activated ability, in order (19.2). 24.4: a deck searched is
    /// shuffled afterwards, so a search with no "shuffle" after it gets one.
    fn steps(&self, p: Pair<Rule>) -> Result<Vec<Effect>, String> {
        let mut out: Vec<Effect> = Vec::new();
        for step in p.into_inner() {
            out.extend(self.trigger_effect(step)?);
        }
        let searched = out.iter().rposition(|e| matches!(e, Effect::Search { .. }));
        if searched.is_some_and(|i| !out[i..].contains(&Effect::Shuffle)) {
            out.push(Effect::Shuffle);
        }
        Ok(out)
    }

    /// An ability in quotes (an effect gives it): a triggered ability or a static power bonus.
    fn quoted(&self, q: Pair<Rule>) -> Result<Vec<Ability>, String> {
        let mut c = Compiled::default();
        self.ability(q.into_inner().next().expect("a quoted ability"), &mut c)?;
        let mut out: Vec<Ability> = c.triggers.into_iter().map(|(t, e)| Ability::Triggered(t, e)).collect();
        out.extend(c.own_power.into_iter().map(|(c, n)| Ability::Power(c, n)));
        if !c.effects.is_empty() || !c.keywords.is_empty() || !c.activated.is_empty() {
            return Err(
                "an ability given in quotes must be a triggered ability or \"[While ...,] it has +N{p}\"".into()
            );
        }
        Ok(out)
    }

    /// The event of a triggered ability (16) and whether it is a delayed triggered effect for the
    /// turn (16.4: "... this turn"); "during your action phase" makes it conditional.
    fn trigger_event(&self, p: Pair<Rule>) -> Result<(Trigger, bool), String> {
        let mut parts = p.into_inner();
        let e = parts.next().expect("an event");
        if e.as_rule() == Rule::nth_time {
            let mut x = e.into_inner();
            let n = ordinal(x.next().expect("an ordinal"));
            let inner = self.event(x.next().expect("an event"))?;
            return Ok((Trigger::Nth(n, Box::new(inner)), false));
        }
        let mut t = self.event(e)?;
        let mut delayed = false;
        for x in parts {
            match x.as_rule() {
                Rule::this_turn => delayed = true,
                // 13.2: "during your action phase".
                _ => t = Trigger::While(Condition::YourActionPhase, Box::new(t)),
            }
        }
        Ok((t, delayed))
    }

    /// One event (16): what happens, and to whose card.
    fn event(&self, e: Pair<Rule>) -> Result<Trigger, String> {
        let e = e.into_inner().next().expect("an event");
        let rule = e.as_rule();
        // Whose: the card itself (`self_ref`, "this attacks"), else the card filter or kind named.
        let subject = |e: &Pair<Rule>| -> Result<Subject, String> {
            let mut s = Subject::This;
            for x in e.clone().into_inner() {
                match x.as_rule() {
                    Rule::attack_adj => s = Subject::Yours(CardFilter::attack(self.attack_kind(x))),
                    Rule::card_filter => s = Subject::Yours(self.card_filter(x)?),
                    Rule::played | Rule::subject => return subject_of(self, x),
                    _ => {}
                }
            }
            Ok(s)
        };
        fn subject_of(cx: &Cx, x: Pair<Rule>) -> Result<Subject, String> {
            let inner = x.into_inner().next().expect("a subject");
            Ok(match inner.as_rule() {
                Rule::self_ref => Subject::This,
                Rule::card_filter => Subject::Yours(cx.card_filter(inner)?),
                _ => Subject::Yours(CardFilter::attack(cx.attack_kind(inner))),
            })
        }
        Ok(match rule {
            Rule::ev_start => Trigger::StartOfTurn,
            Rule::ev_attacks => Trigger::Attacks(subject(&e)?),
            Rule::ev_play => {
                let mut parts = e.into_inner();
                let played = subject_of(self, parts.next().expect("what is played"))?;
                // "or activate a weapon attack" (15.5.4c).
                match parts.next() {
                    Some(f) => Trigger::Any(vec![
                        Trigger::Plays(played),
                        Trigger::Activates(Subject::Yours(self.card_filter(f)?)),
                    ]),
                    None => Trigger::Plays(played),
                }
            }
            Rule::ev_defends => Trigger::Defends(Subject::This),
            Rule::ev_destroyed => Trigger::Destroyed(Subject::This),
            Rule::ev_discard => Trigger::Discards(subject(&e)?),
            Rule::ev_hits => Trigger::Hits(subject(&e)?),
            Rule::ev_gains => Trigger::GainsGoAgain(subject(&e)?),
            Rule::ev_closes => Trigger::ChainCloses,
            r => unreachable!("event {r:?}"),
        })
    }

    /// Which cards a `card_filter` names: an article then an attack of a kind or "card", "in your
    /// hand", "with N or more {p}" / "with cost N or less"; or a card's name.
    fn card_filter(&self, p: Pair<Rule>) -> Result<CardFilter, String> {
        let mut f = CardFilter::any();
        for x in p.into_inner() {
            match x.as_rule() {
                // 15.5.3c: a card revealed is one in hand.
                Rule::in_zone if zone_is_arsenal(x.clone()) => {
                    return Err("a card filter is read only \"in your hand\"".into());
                }
                Rule::attack_desc => f.attack = Some(self.attack_kind(x)),
                Rule::card_name => f.name = Some(x.as_str().to_string()),
                Rule::with_value => {
                    let v = x.into_inner().next().expect("a value");
                    match v.as_rule() {
                        Rule::power_at_least => f.power_at_least = Some(number(v)),
                        _ => f.cost_at_most = Some(number(v)),
                    }
                }
                _ => {}
            }
        }
        Ok(f)
    }

    /// Which attacks an `attack_desc` (or an `attack_adj` alone, as in "attacked with a sword")
    /// names.
    fn attack_kind(&self, p: Pair<Rule>) -> AttackKind {
        let mut kind = AttackKind::any();
        let adjs = match p.as_rule() {
            Rule::attack_adj => vec![p],
            _ => p
                .into_inner()
                .filter_map(|x| match x.as_rule() {
                    Rule::attack_adj => Some(x),
                    Rule::action_card => {
                        kind.weapon = Some(false);
                        None
                    }
                    _ => None,
                })
                .collect(),
        };
        for adj in adjs {
            let a = adj.into_inner().next().expect("an attack adjective");
            match a.as_rule() {
                Rule::weapon => kind.weapon = Some(true),
                Rule::subtypes => kind.subtypes = a.into_inner().map(|s| subtype_name(s.as_str())).collect(),
                Rule::class_word => kind.supertype = Some(a.as_str().to_string()),
                _ => kind.name = Some(a.as_str().to_string()),
            }
        }
        kind
    }

    /// A `condition` ("[**Reprise** -] If COND,").
    fn condition(&self, c: Pair<Rule>) -> Result<Condition, String> {
        self.cond(c.into_inner().find(|x| x.as_rule() == Rule::cond).expect("a condition"))
    }

    fn cond(&self, c: Pair<Rule>) -> Result<Condition, String> {
        let c = c.into_inner().next().expect("a condition");
        Ok(match c.as_rule() {
            Rule::attacked_with => {
                let mut times = 1;
                let mut kind = AttackKind::any();
                for x in c.into_inner() {
                    match x.as_rule() {
                        Rule::times => times = number(x),
                        Rule::attack_adj => kind = self.attack_kind(x),
                        _ => {}
                    }
                }
                Condition::AttackedWith(kind, times)
            }
            Rule::intimidated => Condition::IntimidatedThisTurn,
            Rule::less_life => match c.into_inner().next().expect("less or more").as_rule() {
                Rule::less => Condition::LessLifeThanAnOpponent,
                _ => Condition::MoreLifeThanAnOpponent,
            },
            Rule::defended_from_hand => Condition::DefendedFromHand,
            Rule::defended_by => {
                let mut cards = TypeFilter { card_type: None, not: false };
                let mut n = Count::AtLeast(0);
                for x in c.into_inner() {
                    match x.as_rule() {
                        Rule::count => n = count(x),
                        Rule::type_filter => {
                            for y in x.into_inner() {
                                match y.as_rule() {
                                    Rule::non => cards.not = true,
                                    _ => cards.card_type = type_word(y.as_str()),
                                }
                            }
                        }
                        _ => {}
                    }
                }
                Condition::DefendedBy { count: n, cards }
            }
            Rule::nth_attack => {
                let mut parts = c.into_inner();
                let n = ordinal(parts.next().expect("an ordinal"));
                Condition::NthAttackThisTurn(self.attack_kind(parts.next().expect("an attack")), n)
            }
            Rule::card_is => {
                let state = c.into_inner().find(|x| x.as_rule() == Rule::card_state).expect("a state");
                let mut parts = state.into_inner();
                let first = parts.next().expect("a state");
                match first.as_rule() {
                    Rule::defending => Condition::Defending,
                    Rule::attacking => Condition::Attacking,
                    face => {
                        let zone = parts.next().unwrap_or(first.clone());
                        if !zone_is_arsenal(zone) {
                            return Err("a card's place is read only as \"face up/down in arsenal\"".into());
                        }
                        // Face down unless it says face up (a card is put in the arsenal face down, 13.3.3b).
                        Condition::InArsenal { face_down: face != Rule::face_up }
                    }
                }
            }
            Rule::counters_on => {
                let mut parts = c.into_inner();
                let n = count(parts.next().expect("a count"));
                Condition::CountersOn { kind: parts.next().expect("a counter").as_str().to_string(), count: n }
            }
            Rule::discarded_this_way => {
                Condition::DiscardedThisWay(self.card_filter(c.into_inner().next().expect("a card filter"))?)
            }
            r => unreachable!("condition {r:?}"),
        })
    }

    /// One step of a triggered or activated ability: intimidate, draw, discard at random, reveal,
    /// an optional cost and what paying it does, a permission, a counter, destroy, banish, turn
    /// face up, search and shuffle, a token, what the card itself gains, or an effect.
    fn trigger_effect(&self, step: Pair<Rule>) -> Result<Vec<Effect>, String> {
        let e = step.into_inner().next().expect("an effect");
        Ok(vec![match e.as_rule() {
            Rule::intimidate => Effect::Intimidate,
            Rule::draw => Effect::Draw(
                e.into_inner().find(|x| x.as_rule() == Rule::number).map_or(1, |n| n.as_str().parse().unwrap_or(1)),
            ),
            Rule::discard_random_e => Effect::DiscardRandom(1),
            Rule::reveal_top => Effect::RevealTopKeepIfPower(number(e)),
            Rule::may_pay => Effect::MayPay(e.into_inner().next().expect("resources").into_inner().count() as u8),
            Rule::if_you_do => {
                let then = self.trigger_effect(e.into_inner().next().expect("an effect"))?;
                return Ok(guarded(Some(Condition::PaidThisWay), then));
            }
            // "you may EFFECT": a permission its controller decides on as it resolves.
            Rule::you_may => {
                let inner = self.trigger_effect(e)?;
                return Ok(inner.into_iter().map(|x| Effect::May(Box::new(x))).collect());
            }
            Rule::attack_again => {
                let n = e.into_inner().find(|x| x.as_rule() == Rule::amount).map_or(1, |a| number(a).max(1));
                Effect::AttackAgain(n)
            }
            Rule::turn_face_up => Effect::TurnFaceUp,
            Rule::banish_e => Effect::BanishSource,
            Rule::search => {
                let mut parts = e.into_inner();
                let filter = self.card_filter(parts.next().expect("a card filter"))?;
                Effect::Search { filter, to_arsenal: parts.next().is_some() }
            }
            Rule::shuffle => Effect::Shuffle,
            Rule::put_counter => {
                let k = e.into_inner().next().expect("a counter").into_inner().next().expect("a counter");
                Effect::AddCounter(match k.as_rule() {
                    Rule::power_gain => Counter::Power(number(k)),
                    _ => Counter::Named(k.as_str().to_string()),
                })
            }
            Rule::destroy_e => Effect::DestroySource,
            Rule::create_token => Effect::CreateToken(e.into_inner().next().expect("a name").as_str().to_string()),
            Rule::source_gains => return self.source_gains(e),
            _ => return self.effects(e.into_inner().next().expect("an effect")),
        }])
    }

    /// "it gains +1{p} until end of turn", "it gains +2{d} and "QUOTED"", "This gets +3{d}".
    fn source_gains(&self, e: Pair<Rule>) -> Result<Vec<Effect>, String> {
        let mut out = Vec::new();
        let (mut defense, mut abilities) = (0, Vec::new());
        for part in e.into_inner() {
            match part.as_rule() {
                Rule::power_gain => out.push(Effect::SourceGainsPowerThisTurn(number(part))),
                Rule::source_gain => {
                    let g = part.into_inner().next().expect("a gain");
                    match g.as_rule() {
                        Rule::defense_gain => defense += number(g),
                        _ => abilities.extend(self.quoted(g)?),
                    }
                }
                _ => {}
            }
        }
        if defense > 0 || !abilities.is_empty() {
            out.push(Effect::SourceGains { defense, abilities });
        }
        Ok(out)
    }

    /// The effects of one phrase: "X gains +3{p} and "QUOTED"" is what the attack gains, then the
    /// abilities it gains.
    fn effects(&self, e: Pair<Rule>) -> Result<Vec<Effect>, String> {
        match e.as_rule() {
            Rule::gain_life => Ok(vec![Effect::GainLife(number(e))]),
            Rule::gain_resources => {
                Ok(vec![Effect::GainResource(e.into_inner().next().expect("resources").into_inner().count() as u8)])
            }
            Rule::attacks_gain => {
                let kind = e
                    .clone()
                    .into_inner()
                    .find(|x| x.as_rule() == Rule::attack_adj)
                    .map_or_else(AttackKind::any, |x| self.attack_kind(x));
                Ok(vec![Effect::AttacksGainThisTurn(kind, number(e))])
            }
            Rule::attack_gains => {
                let mut parts = e.into_inner();
                let r = parts.next().expect("an attack").into_inner().next().expect("target or next");
                let to = match r.as_rule() {
                    Rule::this_attack => AttackRef::Current,
                    rule => {
                        let desc = r.into_inner().find(|x| x.as_rule() == Rule::attack_desc).expect("an attack");
                        if rule == Rule::target_attack {
                            AttackRef::Target(self.attack_kind(desc))
                        } else {
                            AttackRef::Next(self.attack_kind(desc))
                        }
                    }
                };
                let (mut power, mut go_again, mut abilities) = (0, false, Vec::new());
                for g in parts.filter_map(|g| g.into_inner().next()) {
                    match g.as_rule() {
                        Rule::power_gain => power = number(g),
                        Rule::quoted => abilities.extend(self.quoted(g)?),
                        _ => go_again = true,
                    }
                }
                let mut out = Vec::new();
                if power > 0 || go_again || abilities.is_empty() {
                    out.push(Effect::Gains { to: to.clone(), power, go_again });
                }
                if !abilities.is_empty() {
                    out.push(Effect::GainsAbilities { to, abilities });
                }
                Ok(out)
            }
            r => unreachable!("effect {r:?}"),
        }
    }
}

/// Effects under a condition: each one skipped when it does not hold (19.7).
fn guarded(c: Option<Condition>, effects: Vec<Effect>) -> Vec<Effect> {
    match c {
        None => effects,
        Some(c) => effects.into_iter().flat_map(|e| [Effect::IfThen(c.clone()), e]).collect(),
    }
}

/// The first number in `p` (itself or inside it), 0 if none.
fn number(p: Pair<Rule>) -> u8 {
    fn find(p: Pair<Rule>) -> Option<u8> {
        if p.as_rule() == Rule::number {
            return Some(p.as_str().parse().unwrap_or(u8::MAX));
        }
        p.into_inner().find_map(find)
    }
    find(p).unwrap_or(0)
}

/// Whether an `in_zone` (or a pair holding one) names the arsenal.
fn zone_is_arsenal(p: Pair<Rule>) -> bool {
    p.into_inner().flatten().any(|x| x.as_rule() == Rule::arsenal_zone)
}

/// "less than N", "N or more".
fn count(p: Pair<Rule>) -> Count {
    let x = p.into_inner().next().expect("a count");
    match x.as_rule() {
        Rule::less_than => Count::LessThan(number(x)),
        _ => Count::AtLeast(number(x)),
    }
}

/// A card type named in a type filter ("equipment", "action").
fn type_word(w: &str) -> Option<CardType> {
    match w.to_ascii_lowercase().as_str() {
        "equipment" => Some(CardType::Equipment),
        "action" => Some(CardType::Action),
        "weapon" => Some(CardType::Weapon),
        _ => Some(CardType::Instant),
    }
}

/// "first", "second", "third".
fn ordinal(p: Pair<Rule>) -> u8 {
    match p.into_inner().next().expect("an ordinal").as_rule() {
        Rule::first => 1,
        Rule::second => 2,
        _ => 3,
    }
}

/// "swords" -> "Sword": the sub-type as printed on type lines (7.2.3).
fn subtype_name(word: &str) -> String {
    let w = word.to_ascii_lowercase();
    let singular = if w.len() > 3 && w.ends_with('s') && !w.ends_with("ss") { &w[..w.len() - 1] } else { &w[..] };
    let mut c = singular.chars();
    c.next().map(|f| f.to_ascii_uppercase().to_string() + c.as_str()).unwrap_or_default()
}

/// Reads a printed type line (6.4.2, 6.4.3): "Brute Weapon - Club (2H)", "Generic Action - Attack".
pub fn read_type_line(line: &str) -> Result<CardDef, String> {
    let (left, right) = line.split_once(" - ").unwrap_or((line, ""));
    const TYPES: [(&str, CardType); 10] = [
        ("Attack Reaction", CardType::AttackReaction),
        ("Defense Reaction", CardType::DefenseReaction),
        ("Action", CardType::Action),
        ("Instant", CardType::Instant),
        ("Hero", CardType::Hero),
        ("Weapon", CardType::Weapon),
        ("Equipment", CardType::Equipment),
        ("Mentor", CardType::Mentor),
        ("Resource", CardType::Resource),
        ("Token", CardType::Token),
    ];
    let (word, card_type) =
        TYPES.iter().find(|(w, _)| left.ends_with(w)).ok_or_else(|| format!("no card type in {line:?}"))?;
    let mut def = CardDef::new("", *card_type);
    def.supertypes = left[..left.len() - word.len()].split_whitespace().map(str::to_string).collect();
    for sub in right.split_whitespace() {
        match sub {
            "(1H)" => def.hands = 1,
            "(2H)" => def.hands = 2,
            _ => def.subtypes.push(sub.to_string()),
        }
    }
    def.attack = def.is("Attack");
    def.slot = [("Head", Slot::Head), ("Chest", Slot::Chest), ("Arms", Slot::Arms), ("Legs", Slot::Legs)]
        .into_iter()
        .find(|(s, _)| def.is(s))
        .map(|(_, s)| s);
    Ok(def)
}

/// Reads a `.fab` card file; an error starts with the file's name.
pub fn parse_card(file: &str, src: &str) -> Result<CardDef, String> {
    let v: toml::Table = src.parse().map_err(|e| format!("{file}: {e}"))?;
    let s = |k: &str| v.get(k).and_then(|x| x.as_str());
    let n = |k: &str| v.get(k).and_then(|x| x.as_integer()).map(|x| x as u8);
    let name = s("name").ok_or_else(|| format!("{file}: no name"))?;
    let mut def =
        read_type_line(s("types").ok_or_else(|| format!("{file}: no types"))?).map_err(|e| format!("{file}: {e}"))?;
    def.name = name.to_string();
    def.pitch = n("pitch").unwrap_or(0);
    (def.cost, def.power, def.defense, def.life, def.intellect) =
        (n("cost"), n("power"), n("defense"), n("life"), n("intellect"));
    let c = compile_text(name, s("text").unwrap_or("")).map_err(|e| format!("{file}:{e}"))?;
    (def.keywords, def.effects, def.attack_ability_cost) = (c.keywords, c.effects, c.attack_ability_cost);
    def.additional_costs = c.additional_costs;
    def.triggers = c.triggers;
    def.play_condition = c.play_condition;
    def.own_power = c.own_power;
    def.activated = c.activated;
    Ok(def)
}

/// Every `.fab` file under `dir`, sorted, each read with [`parse_card`]. User files: walked and
/// read as the kernel reads any (`kernel::files`: no link followed into a folder, no special
/// file, no file over its size limit).
pub fn load_dir(dir: &Path) -> Vec<(PathBuf, Result<CardDef, String>)> {
    crate::kernel::files::files_with_extension(dir, "fab")
        .unwrap_or_default()
        .into_iter()
        .map(|f| {
            let src = crate::kernel::files::read_text(&f).map_err(|e| e.to_string());
            let card = src.and_then(|s| parse_card(&f.display().to_string(), &s));
            (f, card)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cards() -> Vec<(String, Result<CardDef, String>)> {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("cards/fab");
        load_dir(&dir).into_iter().map(|(p, c)| (p.file_name().unwrap().to_string_lossy().into_owned(), c)).collect()
    }

    fn card(file_suffix: &str) -> CardDef {
        let all = cards();
        let (_, c) = all.into_iter().find(|(f, _)| f.ends_with(file_suffix)).expect(file_suffix);
        c.expect(file_suffix)
    }

    /// Cards whose text the language does not read yet. The list may only shrink: a card that
    /// starts compiling fails this test until it is taken off.
    const NOT_YET: &[&str] = &[];

    #[test]
    fn every_classic_battles_card_has_a_file_and_the_list_of_uncompiled_ones_is_exact() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("cards/fab");
        let all = load_dir(&dir);
        assert_eq!(all.len(), 53, "the 53 distinct cards of RVD and DVR");
        let mut failing: Vec<String> = all
            .iter()
            .filter(|(_, c)| c.is_err())
            .map(|(p, _)| p.strip_prefix(&dir).unwrap().to_string_lossy().replace('\\', "/"))
            .collect();
        failing.sort();
        let mut expected: Vec<String> = NOT_YET.iter().map(|s| s.to_string()).collect();
        expected.sort();
        assert_eq!(failing, expected);
    }

    #[test]
    fn type_lines_give_type_supertypes_and_subtypes() {
        let w = read_type_line("Brute Weapon - Club (2H)").unwrap();
        assert_eq!(
            (w.card_type, w.hands, w.supertypes.clone(), w.subtypes.clone()),
            (CardType::Weapon, 2, vec!["Brute".to_string()], vec!["Club".to_string()])
        );
        let a = read_type_line("Generic Action - Attack").unwrap();
        assert!(a.attack && a.card_type == CardType::Action);
        assert_eq!(read_type_line("Warrior Attack Reaction").unwrap().card_type, CardType::AttackReaction);
        assert_eq!(read_type_line("Generic Equipment - Head").unwrap().slot, Some(Slot::Head));
        assert!(read_type_line("Generic Sorcery").is_err());
    }

    #[test]
    fn compiled_cards_carry_their_printed_values_and_text() {
        let sigil = card("sigil-of-solace-blue.fab");
        assert_eq!((sigil.card_type, sigil.pitch, sigil.cost), (CardType::Instant, 3, Some(0)));
        assert_eq!(sigil.effects, vec![Effect::GainLife(1)]);
        let basher = card("bone-basher.fab");
        assert_eq!((basher.power, basher.attack_ability_cost, basher.hands), (Some(4), Some(2), 2));
        let bellow = card("clearing-bellow-blue.fab");
        assert_eq!(
            (bellow.effects.clone(), bellow.keywords.clone()),
            (vec![Effect::Intimidate], vec![Keyword::GoAgain])
        );
        let sword = AttackRef::Target(AttackKind::subtype("Sword"));
        let thrust = Effect::Gains { to: sword.clone(), power: 3, go_again: false };
        assert_eq!(card("thrust-red.fab").effects, vec![thrust]);
        let flash = Effect::Gains { to: sword, power: 0, go_again: true };
        assert_eq!(card("blade-flash-blue.fab").effects, vec![flash]);
        assert_eq!(card("ironrot-helm.fab").keywords, vec![Keyword::BladeBreak]);
        let fangs = card("bare-fangs-red.fab");
        let gains = Effect::Gains { to: AttackRef::Current, power: 2, go_again: false };
        let six = Condition::DiscardedThisWay(CardFilter { power_at_least: Some(6), ..CardFilter::any() });
        let steps = vec![Effect::Draw(1), Effect::DiscardRandom(1), Effect::IfThen(six), gains];
        assert_eq!(fangs.triggers, vec![(Trigger::Attacks(Subject::This), steps)]);
        let dodge = card("dodge-blue.fab");
        assert_eq!((dodge.card_type, dodge.defense, dodge.effects.len()), (CardType::DefenseReaction, Some(2), 0));
        let mutt = card("muscle-mutt-yellow.fab");
        assert_eq!(
            (mutt.attack, mutt.pitch, mutt.cost, mutt.power, mutt.defense),
            (true, 2, Some(3), Some(6), Some(2))
        );
    }

    /// The phrases of attacks, conditions and triggers compile to what the printed text says.
    #[test]
    fn attacks_conditions_and_triggers_compile_to_what_they_say() {
        let brute_card = AttackKind { weapon: Some(false), supertype: Some("Brute".into()), ..AttackKind::any() };
        let bellow = card("awakening-bellow-red.fab");
        assert_eq!(bellow.effects[0], Effect::Gains { to: AttackRef::Next(brute_card), power: 3, go_again: false });
        let swing = card("in-the-swing-red.fab");
        assert_eq!(swing.play_condition, Some(Condition::AttackedWith(AttackKind::weapon(), 2)));
        assert_eq!(card("beast-mode-red.fab").own_power, vec![(Some(Condition::IntimidatedThisTurn), 2)]);
        let blood = card("out-for-blood-yellow.fab");
        assert_eq!(
            blood.effects[1..3],
            [
                Effect::IfThen(Condition::DefendedFromHand),
                Effect::Gains { to: AttackRef::Next(AttackKind::any()), power: 1, go_again: false }
            ]
        );
        let six = Subject::Yours(CardFilter { power_at_least: Some(6), ..CardFilter::any() });
        let discards = Trigger::While(Condition::YourActionPhase, Box::new(Trigger::Discards(six)));
        assert_eq!(card("rhinar.fab").triggers, vec![(discards, vec![Effect::Intimidate])]);
        let reveal = vec![Effect::RevealTopKeepIfPower(6)];
        assert_eq!(card("bone-vizier.fab").triggers, vec![(Trigger::Destroyed(Subject::This), reveal.clone())]);
        assert_eq!(card("pack-call-yellow.fab").triggers, vec![(Trigger::Defends(Subject::This), reveal)]);
        let bull = card("wounded-bull-yellow.fab");
        assert_eq!(
            bull.triggers,
            vec![(
                Trigger::Plays(Subject::This),
                vec![Effect::IfThen(Condition::LessLifeThanAnOpponent), Effect::attack_gains_power(1)]
            )]
        );
        let dawnblade = card("dawnblade-resplendent.fab");
        let second = Trigger::Nth(2, Box::new(Trigger::Attacks(Subject::This)));
        assert_eq!(dawnblade.triggers, vec![(second, vec![Effect::SourceGainsPowerThisTurn(1)])]);
        let blossom = card("blossom-of-spring.fab");
        let gain = Activated {
            destroy_self: true,
            effects: vec![Effect::GainResource(1)],
            go_again: true,
            ..Activated::action()
        };
        assert_eq!(blossom.activated, vec![gain]);
        let gold = card("gallantry-gold.fab");
        let weapons = Effect::AttacksGainThisTurn(AttackKind::weapon(), 1);
        assert_eq!(
            gold.activated,
            vec![Activated {
                resources: 1,
                destroy_self: true,
                effects: vec![weapons],
                go_again: true,
                ..Activated::action()
            }]
        );
        assert_eq!(gold.keywords, vec![Keyword::Battleworn]);
        // Sub-types in the plural, several of them, and a name.
        let c = compile_text("X", "Your next sword or dagger attack this turn gains +1{p}.").unwrap();
        let kind = AttackKind { subtypes: vec!["Sword".into(), "Dagger".into()], ..AttackKind::any() };
        assert_eq!(c.effects, vec![Effect::Gains { to: AttackRef::Next(kind), power: 1, go_again: false }]);
        let c = compile_text("X", "If you have attacked 3 or more times with swords this turn, gain 1{h}.").unwrap();
        assert_eq!(c.effects[0], Effect::IfThen(Condition::AttackedWith(AttackKind::subtype("Sword"), 3)));
        let c = compile_text("X", "Your next Dawnblade attack this turn gains **go again**.").unwrap();
        let dawnblade = AttackKind { name: Some("Dawnblade".into()), ..AttackKind::any() };
        assert_eq!(c.effects, vec![Effect::Gains { to: AttackRef::Next(dawnblade), power: 0, go_again: true }]);
    }

    /// Hits (20.7.2b), abilities given in quotes, delayed triggers for the turn (16.4), optional
    /// costs (15.5.1b), "When the combat chain closes" (21.3), instant abilities while
    /// defending (20.5.2b) and a list of conditional effects compile to what they say.
    #[test]
    fn hits_quoted_abilities_delayed_triggers_and_optional_costs_compile() {
        let weapon = AttackRef::Next(AttackKind::weapon());
        let go_again = Effect::Gains { to: AttackRef::Current, power: 0, go_again: true };
        assert_eq!(
            card("warrior-s-valor-red.fab").effects,
            vec![
                Effect::Gains { to: weapon.clone(), power: 3, go_again: false },
                Effect::GainsAbilities {
                    to: weapon,
                    abilities: vec![Ability::Triggered(Trigger::Hits(Subject::This), vec![go_again])]
                },
            ]
        );
        let dawnblade = AttackKind { name: Some("Dawnblade".into()), ..AttackKind::any() };
        assert_eq!(
            card("glistening-steelblade-yellow.fab").effects,
            vec![
                Effect::Gains { to: AttackRef::Next(dawnblade.clone()), power: 0, go_again: true },
                Effect::Delayed {
                    event: Trigger::Hits(Subject::Yours(CardFilter::attack(dawnblade))),
                    effects: vec![Effect::AddCounter(Counter::Power(1))]
                },
            ]
        );
        let brute = AttackKind { supertype: Some("Brute".into()), ..AttackKind::any() };
        let non_equipment = TypeFilter { card_type: Some(CardType::Equipment), not: true };
        let fewer = Condition::DefendedBy { count: Count::LessThan(2), cards: non_equipment };
        assert_eq!(
            card("barraging-beatdown-yellow.fab").effects,
            vec![
                Effect::GainsAbilities { to: AttackRef::Next(brute), abilities: vec![Ability::Power(Some(fewer), 3)] },
                Effect::Intimidate
            ]
        );
        let gauntlet = card("ironhide-gauntlet.fab");
        let destroy = Ability::Triggered(Trigger::ChainCloses, vec![Effect::DestroySource]);
        assert_eq!(
            gauntlet.triggers,
            vec![(
                Trigger::Defends(Subject::This),
                vec![
                    Effect::MayPay(1),
                    Effect::IfThen(Condition::PaidThisWay),
                    Effect::SourceGains { defense: 2, abilities: vec![destroy] }
                ]
            )]
        );
        let rally = card("rally-the-rearguard-blue.fab");
        let ability = Activated {
            instant: true,
            once_per_turn: true,
            discard: true,
            only_while: Some(Condition::Defending),
            effects: vec![Effect::SourceGains { defense: 3, abilities: vec![] }],
            ..Activated::action()
        };
        assert_eq!(rally.activated, vec![ability]);
        let swords = AttackKind { subtypes: vec!["Sword".into(), "Dagger".into()], ..AttackKind::any() };
        let nth = |n| Condition::NthAttackThisTurn(AttackKind::weapon(), n);
        let plus = |n| Effect::Gains { to: AttackRef::Current, power: n, go_again: false };
        assert_eq!(
            card("slice-and-dice-yellow.fab").effects,
            vec![Effect::Delayed {
                event: Trigger::Attacks(Subject::Yours(CardFilter::attack(swords))),
                effects: vec![Effect::IfThen(nth(1)), plus(1), Effect::IfThen(nth(2)), plus(2)]
            }]
        );
        // 10.1, 15.5.3c, 20.4.2: a token, a reveal cost, and the attacks its controller plays.
        let flock = card("flock-of-the-feather-walkers-red.fab");
        let cheap = CardFilter { cost_at_most: Some(1), ..CardFilter::any() };
        assert_eq!(flock.additional_costs, vec![AdditionalCost::Reveal(cheap)]);
        let quicken = vec![Effect::CreateToken("Quicken".into())];
        assert_eq!(flock.triggers, vec![(Trigger::Attacks(Subject::This), quicken)]);
        let go_again = Effect::Gains { to: AttackRef::Current, power: 0, go_again: true };
        let card_attack = CardFilter::attack(AttackKind { weapon: Some(false), ..AttackKind::any() });
        let weapon_attack = CardFilter::attack(AttackKind::weapon());
        let plays_attack = Trigger::Any(vec![
            Trigger::Plays(Subject::Yours(card_attack.clone())),
            Trigger::Activates(Subject::Yours(weapon_attack)),
        ]);
        assert_eq!(card("quicken.fab").triggers, vec![(plays_attack, vec![Effect::DestroySource, go_again])]);
        let c = compile_text("X", "When you play an attack action card, gain 1{h}.").unwrap();
        assert_eq!(c.triggers[0].0, Trigger::Plays(Subject::Yours(card_attack)));
        // The same filter as any other: a class, a value.
        let c =
            compile_text("X", "Whenever you play a Brute attack action card with 6 or more {p}, gain 1{h}.").unwrap();
        let brute = AttackKind { weapon: Some(false), supertype: Some("Brute".into()), ..AttackKind::any() };
        let f = CardFilter { attack: Some(brute), power_at_least: Some(6), ..CardFilter::any() };
        assert_eq!(c.triggers[0].0, Trigger::Plays(Subject::Yours(f)));
        // 16.7, 15.2.1: Dorinthea's "The first time Dawnblade, Resplendent gains go again each
        // turn, you may attack an additional time with it this turn."
        let named = AttackKind { name: Some("Dawnblade, Resplendent".into()), ..AttackKind::any() };
        let first = Trigger::Nth(1, Box::new(Trigger::GainsGoAgain(Subject::Yours(CardFilter::attack(named)))));
        let attack_again = Effect::May(Box::new(Effect::AttackAgain(1)));
        assert_eq!(card("dorinthea-quicksilver-prodigy.fab").triggers, vec![(first, vec![attack_again])]);
        // A triggered ability's step keeps every effect of its phrase: the power and the ability.
        let c = compile_text(
            "X",
            "When this attacks, your next attack this turn gains +1{p} and \"If this hits, draw a card.\"",
        )
        .unwrap();
        assert_eq!(c.triggers[0].1.len(), 2, "{:?}", c.triggers);
        // A place or a zone the compiler does not read is an error naming its line.
        let e = compile_text("X", "Gain 1{h}.\nWhile this is face up in hand, at the start of your turn, gain 1{h}.")
            .unwrap_err();
        assert!(e.starts_with("2:1: ") && e.contains("arsenal"), "{e}");
        // A quoted ability that is neither triggered nor a power bonus is an error, not a panic.
        let e = compile_text("X", "Your next attack this turn gains \"Gain 1{h}.\"").unwrap_err();
        assert!(e.contains("quotes"), "{e}");
    }

    /// Mentor (glossary), 11.1.7, 24, counters: the mentors' abilities compile from their
    /// general parts: a condition on the arsenal, "at the start of your turn", "you may EFFECT",
    /// a sword attack you control hitting, playing a card with a value, a named counter, a
    /// condition on counters guarding the steps after it, banish, search and shuffle (24.4).
    #[test]
    fn the_mentors_compile_from_general_parts() {
        let hala = card("hala-goldenhelm.fab");
        let face_down = Condition::InArsenal { face_down: true };
        let face_up = Condition::InArsenal { face_down: false };
        assert_eq!(
            hala.triggers[0],
            (
                Trigger::While(face_down, Box::new(Trigger::StartOfTurn)),
                vec![Effect::May(Box::new(Effect::TurnFaceUp))]
            )
        );
        let sword = Subject::Yours(CardFilter::attack(AttackKind::subtype("Sword")));
        let two = Condition::CountersOn { kind: "lesson".into(), count: Count::AtLeast(2) };
        let steelblade = CardFilter { name: Some("Glistening Steelblade".into()), ..CardFilter::any() };
        let guarded = |e: Effect| [Effect::IfThen(two.clone()), e];
        let mut steps = vec![
            Effect::Gains { to: AttackRef::Current, power: 0, go_again: true },
            Effect::AddCounter(Counter::Named("lesson".into())),
        ];
        steps.extend(guarded(Effect::BanishSource));
        steps.extend(guarded(Effect::Search { filter: steelblade, to_arsenal: true }));
        steps.extend(guarded(Effect::Shuffle));
        assert_eq!(hala.triggers[1], (Trigger::While(face_up.clone(), Box::new(Trigger::Hits(sword))), steps));
        let ruk = card("chief-ruk-utan.fab");
        let six = Subject::Yours(CardFilter { power_at_least: Some(6), ..CardFilter::any() });
        assert_eq!(ruk.triggers[1].0, Trigger::While(face_up, Box::new(Trigger::Plays(six))));
        assert_eq!(ruk.triggers[1].1[..2], [Effect::Intimidate, Effect::AddCounter(Counter::Named("lesson".into()))]);
        // 24.4: a search with no "shuffle" written still shuffles.
        let c = compile_text("X", "When this attacks, search your deck for Dodge, put it face up in arsenal.").unwrap();
        assert_eq!(c.triggers[0].1.last(), Some(&Effect::Shuffle));
    }

    /// 19.3: the card's own name is matched exactly (the whole name, the part before a comma, a
    /// word of it), so another card's name is not "this", and a name is never cut at a verb.
    #[test]
    fn r19_3_the_own_name_is_matched_exactly() {
        let c = compile_text("Bone Vizier", "When Bone Vizier is destroyed, gain 1{h}.").unwrap();
        assert_eq!(c.triggers[0].0, Trigger::Destroyed(Subject::This));
        assert!(compile_text("Pack Call", "When Bone Vizier is destroyed, gain 1{h}.").is_err());
        let c = compile_text("Dawnblade, Resplendent", "When you attack with Dawnblade, gain 1{h}.").unwrap();
        assert_eq!(c.triggers[0].0, Trigger::Attacks(Subject::This));
        // Another card's name in an event is a card of that name, not this one.
        let c = compile_text("Glistening Steelblade", "Whenever Dawnblade hits a hero this turn, gain 1{h}.").unwrap();
        let dawnblade = AttackKind { name: Some("Dawnblade".into()), ..AttackKind::any() };
        assert_eq!(
            c.effects,
            vec![Effect::Delayed {
                event: Trigger::Hits(Subject::Yours(CardFilter::attack(dawnblade))),
                effects: vec![Effect::GainLife(1)]
            }]
        );
        // A name that only starts like the card's is not it.
        assert!(compile_text("Ironhide", "When Ironhides is destroyed, gain 1{h}.").is_err());
        // An error's column is the printed text's, after the name.
        let e = compile_text("Flock of the Feather Walkers", "When you attack with Flock of the Feather Walkers, fly.")
            .unwrap_err();
        assert!(e.starts_with("1:52:"), "{e}");
    }

    #[test]
    fn text_the_language_does_not_read_is_an_error_with_its_place() {
        let e = compile_text("X", "Gain 1{h}\nDraw a card.").unwrap_err();
        assert!(e.starts_with("2:1:"), "{e}");
        assert_eq!(compile_text("X", "").unwrap(), Compiled::default());
        assert_eq!(compile_text("X", "Gain {r}{r}.").unwrap().effects, vec![Effect::GainResource(2)]);
    }

    /// 18: "The next time EVENT would happen this turn, instead ..." compiles to a replacement
    /// effect: damage to its controller's hero or an opposing hero (18.7, 26.5: "prevent N of that
    /// damage"), and an attack its controller controls gaining power (18.3's "double that much").
    #[test]
    fn r18_replacement_effects_compile() {
        use super::super::replacement::{Instead, Would};
        let one = |t: &str| compile_text("X", t).unwrap().effects;
        assert_eq!(
            one("The next time you would be dealt damage this turn, prevent 2 of that damage."),
            vec![Effect::Replace { would: Would::BeDealtDamage { opponent: false }, instead: Instead::Prevent(2) }]
        );
        assert_eq!(
            one(
                "The next time an opposing hero would be dealt damage this turn, instead they are dealt double that much."
            ),
            vec![Effect::Replace { would: Would::BeDealtDamage { opponent: true }, instead: Instead::Double }]
        );
        assert_eq!(
            one("The next time an attack you control would gain {p} this turn, instead it gains double that much {p}."),
            vec![Effect::Replace { would: Would::GainPower, instead: Instead::Double }]
        );
        // "The next ... you play this turn" is still what an attack gains, not a replacement.
        let next = one("The next attack action card you play this turn gains +1{p}.");
        assert!(matches!(next[..], [Effect::Gains { to: AttackRef::Next(_), power: 1, .. }]), "{next:?}");
    }
}
