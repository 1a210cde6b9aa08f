//! Lowering parsed rules text to kernel data ([`CardAbilities`]) and Rhai.
//!
//! Each grammar rule maps to one kernel concept: keywords to characteristics, costs to
//! [`ActivationCost`]s, trigger phrases to [`Trigger`]s, target phrases to [`TargetSpec`]s
//! (352), passives to [`StaticEffect`]s, and instructions to calls of the host functions in
//! `riftbound::host` (one Rhai function per ability body).

use super::diagnostic::{Diagnostic, TextOrigin};
use super::parser::Rule;
use crate::riftbound::abilities::*;
use crate::riftbound::cards::{CardDef, CardType, Domain, PowerSymbol};
use crate::riftbound::costs::{Cost, OtherCost};
use crate::riftbound::layers::Duration;
use crate::riftbound::layers::Keyword;
use crate::riftbound::scoring::ScoreMethod;
use crate::riftbound::state::Role;
use pest::iterators::Pair;

type P<'a> = Pair<'a, Rule>;

/// Compiles a card's rules text. Text the grammar does not consume is an error, never dropped.
pub fn compile(card: &CardDef, origin: &TextOrigin) -> Result<CardAbilities, Diagnostic> {
    let mut out = CardAbilities::default();
    if card.text.trim().is_empty() && card.script.is_none() {
        return Ok(out);
    }
    let mut c = Compiler {
        card,
        origin: origin.clone(),
        reflexives: Default::default(),
        tokens: Default::default(),
        conditions: Default::default(),
        out: &mut out,
        hooks: Vec::new(),
        effect_text: false,
        repeat: None,
        limit_mine: None,
    };
    match &card.script {
        None => {
            let tree = super::parse(&card.text, origin)?;
            for ability in tree.into_inner() {
                if ability.as_rule() != Rule::EOI {
                    c.ability(ability)?;
                }
            }
        }
        Some(_) => {
            // With a script block, each line the grammar understands compiles as usual; the
            // others are what the script implements (see `script_abilities`).
            let mut offset = 0;
            for line in card.text.split_inclusive('\n') {
                let text = line.trim_end_matches('\n');
                let here = origin.shifted(offset);
                offset += line.len();
                if text.trim().is_empty() {
                    continue;
                }
                if let Ok(tree) = super::parse(text, &here) {
                    c.origin = here;
                    for ability in tree.into_inner() {
                        if ability.as_rule() != Rule::EOI {
                            c.ability(ability)?;
                        }
                    }
                }
            }
            c.origin = origin.clone();
        }
    }
    c.repeat_instructions()?;
    c.keyword_abilities();
    c.limit_mine(origin)?;
    // SFD-136: the effect text's abilities follow the rules text's; they become the top-most card's
    // while the card is attached (SFD-718.3).
    if !card.effect_text.trim().is_empty() {
        c.out.effect_from = Some(c.out.abilities.len());
        c.origin = origin.of_text(&card.effect_text);
        c.effect_text = true;
        let tree = super::parse(&card.effect_text, &c.origin)?;
        for ability in tree.into_inner() {
            if ability.as_rule() != Rule::EOI {
                c.ability(ability)?;
            }
        }
        c.origin = origin.clone();
    }
    c.out.tokens = c.tokens.take();
    c.out.conditions = c.conditions.take();
    for a in &mut c.out.abilities {
        for (i, t) in a.targets.iter_mut().enumerate() {
            t.intent = crate::riftbound::abilities::Intent::toward(&a.effects, i);
        }
    }
    // Every body an instruction names (a reflexive ability, a delayed effect) is an ability of
    // this card: a name with no body would fail only when the game reaches it.
    for a in &c.out.abilities {
        for name in body_names(&a.effects) {
            if !c.out.abilities.iter().any(|b| b.body.as_deref() == Some(name)) {
                let message = format!("\"{}\" names the body `{name}`, which was not compiled", a.text);
                return Err(origin.diagnostic(0, 1, message));
            }
        }
    }
    let mut code = String::new();
    for (comment, name) in &c.hooks {
        if let Some(a) = c.out.abilities.iter().find(|a| a.body.as_ref() == Some(name)) {
            super::codegen::function(&mut code, comment, name, &a.effects);
        }
    }
    c.script_abilities(&mut code);
    out.script = code;
    out.index_keywords();
    Ok(out)
}

const THAT_CARD: &str = "\"that card\" needs a card chosen before it, as \"Choose a card from it\" does";

/// The kinds "a card", "a unit", "a non-unit card" name among cards in a hand (units, spells and
/// gear are the cards a hand holds): the filter's kind and its `or` kinds.
fn card_kind_filter(p: &P) -> UnitFilter {
    let mut not = false;
    let mut named = None;
    for x in p.clone().into_inner() {
        match x.as_rule() {
            Rule::card_not => not = true,
            Rule::card_type => {
                named = Some(match x.as_str().to_ascii_lowercase().as_str() {
                    "unit" => CardType::Unit,
                    "spell" => CardType::Spell,
                    _ => CardType::Gear,
                })
            }
            _ => {}
        }
    }
    let kinds = CARD_KINDS.into_iter().filter(|k| named.is_none_or(|n| (*k == n) != not));
    of_kinds(kinds, UnitFilter::units())
}

/// What "a card" / "cards" are: units, spells and gear (what a hand or a trash holds).
const CARD_KINDS: [CardType; 3] = [CardType::Unit, CardType::Spell, CardType::Gear];

/// What "something" is: the objects on the board a player controls (352.8.a, 352.8.a.4).
const SOMETHING_KINDS: [CardType; 4] = [CardType::Unit, CardType::Gear, CardType::Rune, CardType::Legend];

/// The kinds a noun names at once: "card" / "cards" every kind of [`CARD_KINDS`], "tokens" unit
/// and gear tokens (176); none for a noun of one kind.
fn noun_kinds(noun: &P) -> Option<&'static [CardType]> {
    match noun.as_rule() {
        Rule::plural_noun if noun.as_str().eq_ignore_ascii_case("cards") => Some(&CARD_KINDS),
        Rule::plural_noun if noun.clone().into_inner().any(|x| x.as_rule() == Rule::noun_tokens) => Some(&TOKEN_KINDS),
        Rule::unit_noun if noun.clone().into_inner().any(|x| x.as_rule() == Rule::noun_card) => Some(&CARD_KINDS),
        _ => None,
    }
}

/// 176: the kinds of token the rules and cards create.
const TOKEN_KINDS: [CardType; 2] = [CardType::Unit, CardType::Gear];

/// `f` for each of the kinds the nouns named, if one named several ([`noun_kinds`]).
fn of_noun_kinds(kinds: Option<&[CardType]>, f: UnitFilter) -> UnitFilter {
    match kinds {
        Some(kinds) => of_kinds(kinds.iter().copied(), f),
        None => f,
    }
}

/// `f` for each of `kinds` (an `or` chain), each with `f`'s restrictions.
fn of_kinds(kinds: impl DoubleEndedIterator<Item = CardType>, f: UnitFilter) -> UnitFilter {
    kinds.rev().fold(None, |or, kind| Some(UnitFilter { kind, or: or.map(Box::new), ..f.clone() })).unwrap()
}

/// The hooks a card's `script` block may define, and the ability each one is.
pub const SCRIPT_HOOKS: [(&str, &str); 9] = [
    ("on_play", "When you play me (376.4.a)"),
    ("on_resolve", "a spell's instructions (356.3.d)"),
    ("on_death", "[Deathknell]: when I die (724)"),
    ("on_attack", "When I attack (376.4.d)"),
    ("on_defend", "When I defend (376.4.e)"),
    ("on_conquer", "When I conquer (376.4.b)"),
    ("on_hold", "When I hold (376.4.c)"),
    ("at_beginning", "At the start of your Beginning Phase (315.2.a)"),
    ("at_end_of_turn", "At the end of your turn (317.1)"),
];

struct Compiler<'c> {
    card: &'c CardDef,
    origin: TextOrigin,
    reflexives: std::cell::RefCell<Vec<PendingReflexive>>,
    /// The tokens the instructions play, for [`CardAbilities::tokens`].
    tokens: std::cell::RefCell<Vec<Token>>,
    /// The conditions the instructions ask, for [`CardAbilities::conditions`].
    conditions: std::cell::RefCell<Vec<Condition>>,
    out: &'c mut CardAbilities,
    /// The Rhai functions to generate, in order: (comment, function name).
    hooks: Vec<(String, String)>,
    /// Compiling the effect text (SFD-136): its keywords are the top-most card's, given while
    /// attached (SFD-718.3), not characteristics of this card.
    effect_text: bool,
    /// Where the card's "[Repeat] COST" is written (start and end in the text), if it has one.
    repeat: Option<(usize, usize)>,
    /// "Use my abilities only while CONDITION." (371): the restriction of every activated ability
    /// of the card, wherever the line is.
    limit_mine: Option<Condition>,
}

/// A body under construction: its instructions and the targets it chooses.
#[derive(Default)]
struct Body {
    effects: Vec<Effect>,
    targets: Vec<TargetSpec>,
    /// The last thing an "it" can refer to.
    it: Option<Obj>,
    /// Inside "you may": an instruction that can make its choice optional itself takes this
    /// (and clears it); otherwise the instruction is wrapped in `if may()`.
    may: bool,
    /// The target spec of the last "kill" ("the killed unit").
    killed: Option<usize>,
    /// "Look at the top N cards" came before ("from among them", "the rest").
    looked: bool,
    /// The condition of the last "If you do / If you can't" ("Otherwise" is its opposite).
    last_if: Option<Test>,
    /// 416.2: an "[Add]" is among its instructions.
    adds_resources: bool,
    /// 416.3: what its last "[Add]" adds (kept on the ability only if that is all it does).
    added: Option<Added>,
    /// Inside "pay X to ...": "play me" there is played for that payment, which replaces its
    /// cost (406.3); elsewhere "play me" would ignore the cost, so it is rejected.
    paying: bool,
    /// Inside "counter ..." or "choose ...": "a spell" is one on the chain (352.8.a.2, 412.3).
    chain_spells: bool,
    /// "they": the player an instruction before chose ("Choose an opponent").
    they: Option<Who>,
    /// "they" as objects: the units a condition before it counted ("If you have exactly two
    /// units there, they each get +1 [M] this turn").
    they_units: Option<Objs>,
    /// "that card": the card an instruction before chose ("Choose a card from it").
    that_card: Option<Obj>,
    /// "return this from your trash": the ability works while its card is in the trash (378.2).
    from_trash: bool,
    /// The player who does the instructions: after "that player may pay [1] to", the payer
    /// (181.6.a: the card says who); otherwise the ability's controller.
    actor: Option<Who>,
    /// "this battlefield": the trigger's event names a battlefield (444.2).
    battlefield: bool,
    /// The options players chose before ("Each other player chooses Cards or Runes").
    options: Vec<String>,
    /// Players chose objects before ("those units").
    those: bool,
    /// The body replaces what happens as a combat ends (366, 440.1.a.2): "all units" are the
    /// units at its battlefield.
    that_combat: bool,
    /// Players chose some of theirs before ("Recycle the rest").
    rest: bool,
    /// "that player" inside "For each player that chooses X, ...": the current one.
    that_player: Option<Who>,
    /// An instruction before paid a cost a chosen number of times ("that much", "for each buff
    /// spent"): `Some(Some(cost))` after "spend any number of buffs", `Some(None)` after "pay any
    /// amount of [A]".
    paid: Option<Option<OtherCost>>,
    /// What the trigger's condition measured, as "that much" names it: after "if you assigned 5
    /// or more excess damage", the excess damage assigned (440.2.a).
    measured: Option<Amount>,
}

impl Body {
    /// The subject of a player's verb ("channel 1 rune", "draw 1") in the instruction.
    fn actor(&self) -> Who {
        self.actor.clone().unwrap_or(Who::You)
    }
}

/// A reflexive ability (380) or delayed replacement (383.3) found inside a body, pushed after the
/// ability that contains it.
struct PendingReflexive {
    name: String,
    effects: Vec<Effect>,
    targets: Vec<TargetSpec>,
    text: String,
    kind: AbilityKind,
    /// A quoted ability an instruction gives another object (450.2.a), not its card's own.
    given: bool,
}

impl Compiler<'_> {
    fn err(&self, p: &P, message: impl Into<String>) -> Diagnostic {
        let s = p.as_span();
        self.origin.diagnostic(s.start(), s.end(), message)
    }

    fn line_of(&self, p: &P) -> usize {
        self.origin.diagnostic(p.as_span().start(), p.as_span().start() + 1, "").line
    }

    fn push(&mut self, p: &P, kind: AbilityKind, body: Option<Body>) {
        let index = self.out.abilities.len();
        // 416.2-416.3: whether it adds resources, and what, if adding is all it does.
        let (adds_resources, added) = match &body {
            Some(b) => {
                (b.adds_resources, b.added.clone().filter(|_| matches!(b.effects.as_slice(), [Effect::Add { .. }])))
            }
            None => (false, None),
        };
        let (targets, effects, fn_name) = match body {
            Some(mut b) if !b.effects.is_empty() => {
                bind_made(&mut b.effects);
                let name = format!("a{index}");
                let comment = format!("{} line {}: {}", self.card.name, self.line_of(p), p.as_str().trim());
                self.hooks.push((comment, name.clone()));
                (b.targets, b.effects, Some(name))
            }
            Some(b) => (b.targets, Vec::new(), None),
            None => (Vec::new(), Vec::new(), None),
        };
        self.out.abilities.push(Ability {
            line: self.line_of(p),
            // An ability with its modes on lines of their own ("based on its domain:") is one line.
            text: p.as_str().lines().map(str::trim).collect::<Vec<_>>().join(" "),
            kind,
            targets,
            effects,
            body: fn_name,
            adds_resources,
            added,
            repeat: false,
            given: false,
        });
        self.flush_reflexives(self.line_of(p));
    }

    /// 381.1 / 383: pushes the reflexive abilities and delayed effects the instructions just
    /// compiled create, each its own ability with its own body, after the ability they belong to.
    fn flush_reflexives(&mut self, line: usize) {
        for r in self.reflexives.take() {
            let what = match r.kind {
                _ if r.given => "given",
                AbilityKind::Reflexive => "reflexive",
                AbilityKind::DelayedTrigger { .. } => "delayed trigger",
                AbilityKind::KeyedMode => "mode",
                _ => "delayed replacement",
            };
            self.hooks.push((format!("{} line {line}: {what}: {}", self.card.name, r.text), r.name.clone()));
            self.out.abilities.push(Ability {
                line,
                text: r.text,
                kind: r.kind,
                targets: r.targets,
                effects: r.effects,
                body: Some(r.name),
                adds_resources: false,
                added: None,
                repeat: false,
                given: r.given,
            });
        }
    }

    fn ability(&mut self, p: P) -> Result<(), Diagnostic> {
        match p.as_rule() {
            Rule::equip_line => self.equip(p),
            Rule::repeat_line => self.repeat_line(p),
            Rule::keyword_line => self.keyword_line(p),
            Rule::activated => self.activated(p),
            Rule::activated_modal => self.activated_modal(p),
            Rule::triggered => self.triggered(p, false),
            Rule::static_line => self.static_line(p, None),
            Rule::as_line => self.as_line(p),
            Rule::modal => self.modal(p),
            // "Use my abilities only while ...": every activated ability's, after the text.
            Rule::ability_limit => {
                let (mine, limit) = self.ability_limit(p.clone(), self.out.abilities.len() as u8)?;
                if !mine {
                    return Err(
                        self.err(&p, "a restriction on a line of its own says whose: \"Use my abilities only ...\"")
                    );
                }
                self.limit_mine = Some(limit);
                Ok(())
            }
            Rule::spell_line => self.spell_line(p),
            _ => Err(self.err(&p, format!("unexpected {:?}", p.as_rule()))),
        }
    }

    // ---- keywords ------------------------------------------------------------------------

    fn keyword(&self, p: &P) -> Result<(Keyword, u32), Diagnostic> {
        let mut inner = p.clone().into_inner();
        let name = inner.next().unwrap().as_str();
        let value = inner.next().map(|n| n.as_str().parse().unwrap_or(1)).unwrap_or(0);
        let k = match name {
            "Accelerate" => Keyword::Accelerate,
            "Action" => Keyword::Action,
            "Ambush" => Keyword::Ambush,
            "Assault" => Keyword::Assault,
            "Backline" => Keyword::Backline,
            "Deathknell" => Keyword::Deathknell,
            "Deflect" => Keyword::Deflect,
            "Ganking" => Keyword::Ganking,
            "Hidden" => Keyword::Hidden,
            "Hunt" => Keyword::Hunt,
            "Legion" => Keyword::Legion,
            "Reaction" => Keyword::Reaction,
            "Shield" => Keyword::Shield,
            "Tank" => Keyword::Tank,
            "Temporary" => Keyword::Temporary,
            "Vision" => Keyword::Vision,
            "Quick-Draw" => Keyword::QuickDraw,
            "Weaponmaster" => Keyword::Weaponmaster,
            "Unique" => Keyword::Unique,
            other => return Err(self.err(p, format!("unknown keyword `{other}`"))),
        };
        // 723.1.b.3 / 725.1.b.3 / 730.1.b.3: an omitted value is 1.
        let value = match k {
            // Core Rules 1.3, 823.1.c.2: [Hunt] is [Hunt 1].
            Keyword::Assault | Keyword::Shield | Keyword::Deflect | Keyword::Hunt => value.max(1),
            _ => value,
        };
        Ok((k, value))
    }

    /// "[Repeat] COST": "you may pay COST as an additional cost as you play this spell" (353.2.b);
    /// [`Compiler::repeat_instructions`] makes paying it execute the instructions once more.
    fn repeat_line(&mut self, p: P) -> Result<(), Diagnostic> {
        if self.card.kind != CardType::Spell {
            return Err(self.err(&p, "[Repeat] is understood on spells only"));
        }
        if self.repeat.is_some() {
            return Err(self.err(&p, "a second [Repeat] on one spell is not understood yet"));
        }
        self.repeat = Some((p.as_span().start(), p.as_span().end()));
        let cost = p.clone().into_inner().next().unwrap();
        let effect = match cost.as_rule() {
            Rule::other_cost => {
                let words = cost.as_str().trim().to_lowercase();
                StaticEffect::OtherCost {
                    cost: self.other_cost(cost),
                    words,
                    optional: true,
                    any_number: false,
                    if_paid: IfPaid::Nothing,
                }
            }
            _ => StaticEffect::OptionalCost(self.resources(&cost)?),
        };
        self.push(&p, AbilityKind::Static { condition: None, effect }, None);
        Ok(())
    }

    /// [Repeat]: with its cost paid, the spell's instructions are executed an additional time,
    /// choosing their targets anew (the kernel's, `Ability::repeat`).
    fn repeat_instructions(&mut self) -> Result<(), Diagnostic> {
        let Some((start, end)) = self.repeat else { return Ok(()) };
        // A modal spell's instructions are its modes (182.2.b): the repeat picks one anew.
        let spell = |a: &Ability| matches!(a.kind, AbilityKind::Spell | AbilityKind::Mode);
        if !self.out.abilities.iter().any(spell) {
            return Err(self.origin.diagnostic(start, end, "[Repeat] needs the spell's instructions"));
        }
        for a in self.out.abilities.iter_mut().filter(|a| spell(a)) {
            if a.targets.iter().any(|t| matches!(t.count, TargetCount::Destination(_))) {
                let message = "[Repeat] on a spell that moves a unit to a chosen place is not understood yet";
                return Err(self.origin.diagnostic(start, end, message));
            }
            a.repeat = true;
        }
        Ok(())
    }

    fn keyword_line(&mut self, p: P) -> Result<(), Diagnostic> {
        let mut last = None;
        let mut given = Vec::new();
        // "[Level N][>] ..." (Core Rules 1.3, 824): the ability after the arrow, while its
        // controller has N XP or more. Level is no keyword of the layers: it names a condition.
        let mut level = None;
        // The Vendetta keywords that are abilities rather than characteristics (rule 002: their
        // reminder text): "[Empower] COST", "[Flow] COST", "[Empowered] — passive".
        let mut named = "";
        for part in p.clone().into_inner() {
            match part.as_rule() {
                Rule::keyword if part.clone().into_inner().next().unwrap().as_str() == "Level" => {
                    let Some(n) = part.clone().into_inner().nth(1) else {
                        return Err(self.err(&part, "[Level N] needs its number of XP, as in `[Level 6]`"));
                    };
                    level = Some(number(&n));
                    last = None;
                }
                Rule::dash_body if level.is_some() => {
                    let n = level.unwrap();
                    self.ability_while(part, Condition::XpAtLeast(n), Some(Test::XpAtLeast(n)))?;
                }
                Rule::keyword if level.is_some() => {
                    return Err(self.err(&part, "a keyword after [Level N] needs the arrow `[>]` before it"));
                }
                Rule::keyword => {
                    named = part.clone().into_inner().next().unwrap().as_str();
                    if matches!(named, "Empower" | "Empowered" | "Flow") {
                        last = None;
                        continue;
                    }
                    let k = self.keyword(&part)?;
                    last = Some(k.0);
                    if self.effect_text {
                        given.push(k);
                    } else {
                        self.out.keywords.push(k);
                        // SFD-745.1.b: a card with Quick-Draw has Reaction.
                        if k.0 == Keyword::QuickDraw {
                            self.out.keywords.push((Keyword::Reaction, 0));
                        }
                    }
                }
                Rule::keyword_cost => {
                    let costs = self.activation_costs(part.clone().into_inner().next().unwrap())?;
                    match named {
                        // "[Empower] COST": "COST: Empower me. Use only if not Empowered."
                        "Empower" => {
                            let body = Body { effects: vec![Effect::Act(Act::Empower, Obj::Me)], ..Body::default() };
                            let only_while = Some(Condition::Not(Box::new(Condition::Empowered)));
                            let kind = AbilityKind::Activated { costs, timing: AbilityTiming::Normal, only_while };
                            self.push(&p, kind, Some(body));
                        }
                        // "[Flow] COST": the card may be played from its owner's trash for COST.
                        "Flow" => match costs.as_slice() {
                            [ActivationCost::Resources(cost)] => self.out.flow = Some(cost.clone()),
                            _ => return Err(self.err(&part, "a [Flow] cost is Energy and Power only")),
                        },
                        _ => return Err(self.err(&part, "only [Empower] and [Flow] take a cost")),
                    }
                }
                // "[Empowered] — ABILITY": the ability exists while I'm Empowered.
                Rule::dash_body if named == "Empowered" => self.ability_while(part, Condition::Empowered, None)?,
                Rule::dash_body => {
                    let mut inner = part.clone().into_inner();
                    let mut effect = inner.next().unwrap();
                    // 728.1.c.1 / 151.2: "[Legion] — Kill it now instead." replaces the spell's
                    // instructions above it when the Legion condition holds.
                    if effect.as_rule() == Rule::instead_effect {
                        if last != Some(Keyword::Legion) || self.card.kind != CardType::Spell {
                            return Err(self.err(
                                &part,
                                "only [Level N] and [Legion] on spells take \"... instead\" after the arrow",
                            ));
                        }
                        self.conditional_on_spell(&p, effect, Test::Legion, true)?;
                        continue;
                    }
                    // 376.2.b: "[Deathknell] — If CONDITION, EFFECT": the trigger's condition.
                    let mut condition = None;
                    if effect.as_rule() == Rule::trigger_condition {
                        if last != Some(Keyword::Deathknell) {
                            return Err(self.err(&part, "only [Deathknell] takes an \"If ...,\" after a dash"));
                        }
                        condition = Some(self.condition(effect.into_inner().next().unwrap())?);
                        effect = inner.next().unwrap();
                    }
                    if effect.as_rule() == Rule::triggered {
                        if last != Some(Keyword::Legion) {
                            return Err(self.err(&part, "only [Legion] takes a triggered ability after a dash"));
                        }
                        self.triggered(effect, true)?;
                        continue;
                    }
                    // 728.1.c.4: a passive ability that applies while the Legion condition holds.
                    if effect.as_rule() == Rule::static_line {
                        if last != Some(Keyword::Legion) {
                            return Err(self.err(&part, "only [Legion] takes a passive ability after a dash"));
                        }
                        self.static_line(effect, Some(Condition::Legion))?;
                        continue;
                    }
                    match last {
                        // 724.1.c: "When I die, [Effect]."
                        Some(Keyword::Deathknell) => {
                            let body = self.effect(effect, Body::default())?;
                            self.push(
                                &p,
                                AbilityKind::Triggered { trigger: Trigger::Deathknell, condition, in_trash: false },
                                Some(body),
                            );
                        }
                        // 728.1.c.1: on a spell, "if you have played another card this turn, apply".
                        Some(Keyword::Legion) if self.card.kind == CardType::Spell => {
                            self.legion_on_spell(&p, effect)?;
                        }
                        _ => {
                            return Err(
                                self.err(&part, "only [Deathknell] and [Legion] on spells take an effect after a dash")
                            );
                        }
                    }
                }
                _ => {}
            }
        }
        if level.is_some() && !p.clone().into_inner().any(|x| x.as_rule() == Rule::dash_body) {
            return Err(self.err(&p, "[Level N] needs the ability it gives after the arrow `[>]`"));
        }
        // SFD-718.3: an effect text's keywords are the top-most card's, as "I have [K]" would say.
        if !given.is_empty() {
            self.push(&p, AbilityKind::Static { condition: None, effect: StaticEffect::Keywords(given) }, None);
        }
        Ok(())
    }

    /// SFD-744.1.c.2: "[Equip] COST" is "COST: attach this to a unit you control" (SFD-744.1.b.1: the
    /// unit is a target), used when an activated ability of its kind may be (no Reaction).
    fn equip(&mut self, p: P) -> Result<(), Diagnostic> {
        let mut parts = p.clone().into_inner();
        let mut costs = self.activation_costs(parts.next().unwrap())?;
        // 391.2: "This ability's Energy cost is reduced by the Might of the unit you choose".
        if parts.next().is_some() {
            costs.push(ActivationCost::LessByChosenMight);
        }
        let body = Body {
            targets: vec![friendly_unit_target()],
            effects: vec![Effect::Attach { card: Obj::Me, to: Obj::Target(0) }],
            ..Body::default()
        };
        let kind = AbilityKind::Activated { costs, timing: AbilityTiming::Normal, only_while: None };
        self.push(&p, kind, Some(body));
        Ok(())
    }

    /// "[Level N][>] ABILITY" (Core Rules 1.3, 824.1.b.1: "While you have N or more XP, this card
    /// gains ABILITY") and "[Empowered][>] ABILITY" (rule 002, [Empower]'s reminder text: while
    /// I'm Empowered): a passive applies, a triggered ability triggers (824.1.c-d), an activated
    /// ability can be activated, a keyword is had, only while `cond` holds; on a spell (`spell`:
    /// the test as it resolves), the instructions are added if it holds then, and "X instead"
    /// does X in place of the instructions above it.
    fn ability_while(&mut self, dash: P, cond: Condition, spell: Option<Test>) -> Result<(), Diagnostic> {
        let part = dash.clone().into_inner().next().unwrap();
        match part.as_rule() {
            Rule::static_line => self.static_line(part, Some(cond)),
            Rule::triggered | Rule::gained_ability => {
                let (abilities, keywords) = (self.out.abilities.len(), self.out.keywords.len());
                match part.as_rule() {
                    Rule::triggered => self.triggered(part, false)?,
                    _ => {
                        let line = part.into_inner().next().unwrap();
                        match line.as_rule() {
                            Rule::activated => self.activated(line)?,
                            _ => self.keyword_line(line)?,
                        }
                    }
                }
                for a in &mut self.out.abilities[abilities..] {
                    match &mut a.kind {
                        AbilityKind::Triggered { trigger, condition: condition @ None, .. } => {
                            // A Deathknell's source has died: its state is read as it last was
                            // on the board (356.3.e.13), "When I die while Empowered".
                            let c = match (&trigger, &cond) {
                                (Trigger::Deathknell, Condition::Empowered) => Condition::Was(Box::new(cond.clone())),
                                _ => cond.clone(),
                            };
                            *condition = Some(Condition::OnTrigger(Box::new(c)));
                        }
                        AbilityKind::Activated { only_while, .. } => {
                            *only_while = Some(match only_while.take() {
                                Some(c) => Condition::All(vec![cond.clone(), c]),
                                None => cond.clone(),
                            });
                        }
                        _ => {
                            return Err(self.err(&dash, "an ability after the arrow takes no condition of its own yet"));
                        }
                    }
                }
                let given: Vec<_> = self.out.keywords.drain(keywords..).collect();
                if !given.is_empty() {
                    let kind = AbilityKind::Static { condition: Some(cond), effect: StaticEffect::Keywords(given) };
                    self.push(&dash, kind, None);
                }
                Ok(())
            }
            _ if self.card.kind == CardType::Spell && spell.is_some() => {
                let instead = part.as_rule() == Rule::instead_effect;
                self.conditional_on_spell(&dash, part, spell.unwrap(), instead)
            }
            _ => Err(self.err(&dash, "instructions after the arrow need a trigger (\"When ...,\") on a permanent")),
        }
    }

    /// 728.1.c.1: "[Legion] — ..." on a spell adds to the spell's instructions, applied only
    /// when the Legion condition holds (151.2: it may replace an earlier instruction).
    fn legion_on_spell(&mut self, p: &P, effect: P) -> Result<(), Diagnostic> {
        self.conditional_on_spell(p, effect, Test::Legion, false)
    }

    /// Instructions a keyword adds to a spell's, done only if `test` holds as it resolves;
    /// `instead`: in place of the instructions above them (151.2), which are done otherwise.
    fn conditional_on_spell(&mut self, p: &P, effect: P, test: Test, instead: bool) -> Result<(), Diagnostic> {
        let Some(spell) = self.out.abilities.iter().rposition(|a| a.kind == AbilityKind::Spell) else {
            return Err(self.err(p, "[Legion] — needs the spell's instructions above it"));
        };
        if self.out.abilities[spell].body.is_none() {
            return Err(self.err(p, "[Legion] — with a spell that has no instructions"));
        }
        let targets = self.out.abilities[spell].targets.clone();
        let it = targets.len().checked_sub(1).map(Obj::Target);
        let start = Body { targets, it, ..Body::default() };
        let body = if instead {
            let clause = effect.into_inner().next().unwrap();
            self.clause(clause, start)?
        } else {
            self.effect(effect, start)?
        };
        let spell = &mut self.out.abilities[spell];
        let otherwise = if instead { std::mem::take(&mut spell.effects) } else { Vec::new() };
        spell.effects.push(Effect::If { test, then: body.effects, otherwise });
        spell.targets = body.targets;
        self.flush_reflexives(self.line_of(p));
        Ok(())
    }

    /// The escape hatch: functions of the card's `script` block named after a hook become the
    /// abilities that hook names (SCRIPT_HOOKS), with the script appended to the card's Rhai.
    fn script_abilities(&mut self, code: &mut String) {
        let Some(script) = &self.card.script else { return };
        for (hook, what) in SCRIPT_HOOKS {
            if !script.contains(&format!("fn {hook}(")) {
                continue;
            }
            let kind = match hook {
                "on_resolve" => AbilityKind::Spell,
                _ => {
                    let trigger = match hook {
                        "on_play" => Trigger::PlayMe,
                        "on_death" => Trigger::Deathknell,
                        "on_attack" => Trigger::Attack,
                        "on_defend" => Trigger::Defend,
                        "on_conquer" => Trigger::ConquerMe { after_attack: false, was_uncontrolled: false },
                        "on_hold" => Trigger::HoldMe,
                        "at_beginning" => Trigger::StartOfBeginning,
                        _ => Trigger::EndOfTurn,
                    };
                    AbilityKind::Triggered { trigger, condition: None, in_trash: false }
                }
            };
            self.out.abilities.push(Ability {
                line: self.origin.diagnostic(0, 1, "").line,
                text: format!("script: {what}"),
                kind,
                targets: Vec::new(),
                effects: Vec::new(),
                body: Some(hook.to_string()),
                adds_resources: false,
                added: None,
                repeat: false,
                given: false,
            });
        }
        super::codegen::script_block(code, &self.card.name, script);
    }

    /// Keywords that are triggered abilities get their one definition here: Vision (733.1.b).
    /// Temporary (732.1.b) and Hunt (1.3: 823.1.c.1) are defined in the kernel (they can be given,
    /// 732.3, 823.3).
    fn keyword_abilities(&mut self) {
        // [Temporary] (732.1.b) and [Hunt] (823.1.c.1) are the kernel's, for every permanent that
        // has them, printed or given: see `triggers.rs`, `experience.rs`. Each Vision triggers
        // (733.2).
        let keywords: Vec<Keyword> = self.out.keywords.iter().map(|(k, _)| *k).collect();
        for k in keywords {
            let (trigger, effect, text, targets) = match k {
                Keyword::Vision => {
                    (Trigger::PlayMe, Effect::Vision, crate::riftbound::abilities::VISION_TEXT.to_string(), Vec::new())
                }
                Keyword::QuickDraw => (
                    Trigger::PlayMe,
                    Effect::Attach { card: Obj::Me, to: Obj::Target(0) },
                    crate::riftbound::abilities::QUICK_DRAW_TEXT.to_string(),
                    vec![friendly_unit_target()],
                ),
                Keyword::Weaponmaster => (
                    Trigger::PlayMe,
                    Effect::Weaponmaster,
                    crate::riftbound::abilities::WEAPONMASTER_TEXT.to_string(),
                    Vec::new(),
                ),
                _ => continue,
            };
            let index = self.out.abilities.len();
            let name = format!("a{index}");
            self.hooks.push((format!("{}: {text}", self.card.name), name.clone()));
            self.out.abilities.push(Ability {
                line: self.origin.diagnostic(0, 1, "").line,
                text,
                kind: AbilityKind::Triggered { trigger, condition: None, in_trash: false },
                targets,
                effects: vec![effect],
                body: Some(name),
                adds_resources: false,
                added: None,
                repeat: false,
                given: false,
            });
        }
    }

    // ---- activated -----------------------------------------------------------------------

    fn activation_costs(&self, part: P) -> Result<Vec<ActivationCost>, Diagnostic> {
        let mut costs = Vec::new();
        for c in part.into_inner() {
            let c = c.into_inner().next().unwrap();
            costs.push(match c.as_rule() {
                Rule::exhaust_sym => ActivationCost::Exhaust,
                Rule::resources => ActivationCost::Resources(self.resources(&c)?),
                Rule::recycle_cost => match c.clone().into_inner().find(|x| x.as_rule() == Rule::card_type) {
                    Some(_) => ActivationCost::RecycleA(card_kind_filter(&c).kind),
                    None => ActivationCost::RecycleTrash(number(&c)),
                },
                Rule::discard_cost => ActivationCost::Discard(number(&c)),
                Rule::discard_kind_cost => ActivationCost::DiscardA(card_kind_filter(&c).kind),
                Rule::kill_this_cost => ActivationCost::KillThis,
                Rule::kill_friendly_cost => {
                    let mut f = UnitFilter { relation: Relation::Friendly, ..UnitFilter::units() };
                    let mut kinds = c.into_inner().map(|n| {
                        let mut k = UnitFilter { relation: Relation::Friendly, ..UnitFilter::units() };
                        self.apply_filter_word(&mut k, &n);
                        k
                    });
                    if let Some(first) = kinds.next() {
                        f = first;
                    }
                    f.or = kinds.next().map(Box::new);
                    ActivationCost::KillFriendly(f)
                }
                Rule::spend_my_buff_cost => ActivationCost::SpendMyBuff,
                Rule::spend_xp_cost => ActivationCost::SpendXp(number(&c)),
                Rule::disempower_cost => ActivationCost::Disempower,
                _ => return Err(self.err(&c, "unknown cost")),
            });
        }
        Ok(costs)
    }

    /// A modal activated ability (182.2.b): one activated ability per mode, with the same costs;
    /// "you've not chosen this turn" makes each usable only if this object did not activate it
    /// this turn.
    fn activated_modal(&mut self, p: P) -> Result<(), Diagnostic> {
        let mut costs = Vec::new();
        let mut once = false;
        for part in p.into_inner() {
            match part.as_rule() {
                Rule::ability_costs => costs = self.activation_costs(part)?,
                Rule::not_chosen_this_turn => once = true,
                Rule::mode => {
                    let effect = part.clone().into_inner().next().unwrap();
                    let body = self.effect(effect, Body::default())?;
                    let index = self.out.abilities.len() as u8;
                    let only_while = once.then_some(Condition::NotChosenThisTurn(index));
                    let kind =
                        AbilityKind::Activated { costs: costs.clone(), timing: AbilityTiming::Normal, only_while };
                    self.push(&part, kind, Some(body));
                }
                _ => {}
            }
        }
        Ok(())
    }

    fn activated(&mut self, p: P) -> Result<(), Diagnostic> {
        let mut costs = Vec::new();
        let mut timing = AbilityTiming::Normal;
        let mut only_while = None;
        let mut legion = false;
        let mut body = Body::default();
        for part in p.clone().into_inner() {
            match part.as_rule() {
                Rule::ability_costs => costs = self.activation_costs(part)?,
                Rule::timing_word => {
                    for t in part.into_inner() {
                        match t.as_rule() {
                            Rule::timing_reaction => timing = AbilityTiming::Reaction,
                            Rule::timing_action => timing = AbilityTiming::Action,
                            _ => legion = true,
                        }
                    }
                }
                Rule::effect => body = self.effect(part, body)?,
                Rule::ability_limit => {
                    // "only once per turn": this ability, the next one pushed, not activated yet.
                    let (mine, limit) = self.ability_limit(part, self.out.abilities.len() as u8)?;
                    if mine {
                        self.limit_mine = Some(limit);
                    } else {
                        only_while = Some(limit);
                    }
                }
                _ => {}
            }
        }
        // 728.1.c.2 / 728.1.c.4: "[Legion] —" on an activated ability: it can be activated as
        // usual, and its effect applies if its controller has played a Main Deck card this turn.
        // Whether a card has Legion is one of its characteristics (728.3).
        if legion {
            let effects = std::mem::take(&mut body.effects);
            body.effects.push(Effect::If { test: Test::PlayedACard, then: effects, otherwise: Vec::new() });
            self.out.keywords.push((Keyword::Legion, 0));
        }
        self.push(&p, AbilityKind::Activated { costs, timing, only_while }, Some(body));
        Ok(())
    }

    /// 371: "Use [this ability | my abilities] only while/if CONDITION [and only once per turn].":
    /// the condition (`index`: the ability "only once" is about) and whether it is said of all
    /// the card's abilities ("my abilities").
    fn ability_limit(&self, p: P, index: u8) -> Result<(bool, Condition), Diagnostic> {
        let mut all = Vec::new();
        let mut mine = false;
        for x in p.into_inner() {
            match x.as_rule() {
                Rule::limit_mine => mine = true,
                Rule::once_a_turn => all.push(Condition::NotChosenThisTurn(index)),
                _ => all.push(self.condition(x)?),
            }
        }
        if mine && all.iter().any(|c| matches!(c, Condition::NotChosenThisTurn(_))) {
            return Err(self.origin.diagnostic(0, 1, "\"only once\" is said of one ability, not of \"my abilities\""));
        }
        Ok((mine, if all.len() == 1 { all.pop().unwrap() } else { Condition::All(all) }))
    }

    /// 371: "Use my abilities only while CONDITION." adds the condition to the restriction of
    /// every activated ability of the rules text (those before the line and after it).
    fn limit_mine(&mut self, origin: &TextOrigin) -> Result<(), Diagnostic> {
        let Some(limit) = self.limit_mine.take() else { return Ok(()) };
        let mut any = false;
        for a in &mut self.out.abilities {
            if let AbilityKind::Activated { only_while, .. } = &mut a.kind {
                any = true;
                *only_while = Some(match only_while.take() {
                    Some(c) => Condition::All(vec![c, limit.clone()]),
                    None => limit.clone(),
                });
            }
        }
        if !any {
            return Err(origin.diagnostic(
                0,
                1,
                "\"Use my abilities only ...\" needs an activated ability on the card",
            ));
        }
        Ok(())
    }

    fn resources(&self, p: &P) -> Result<Cost, Diagnostic> {
        let mut cost = Cost::default();
        for r in p.clone().into_inner() {
            match r.as_rule() {
                Rule::energy => cost.energy += number(&r),
                Rule::power_sym => {
                    let letter = r.into_inner().next().unwrap().as_str().chars().next().unwrap();
                    cost.power.push(match letter {
                        'A' => PowerSymbol::Any,
                        // 134.2.e.6: [C] is the card's own domain, or [A] if it has none or several.
                        'C' => self.card.domains.single().map(PowerSymbol::Of).unwrap_or(PowerSymbol::Any),
                        c => PowerSymbol::Of(Domain::from_letter(c).unwrap()),
                    });
                }
                _ => {}
            }
        }
        Ok(cost)
    }

    // ---- triggered -----------------------------------------------------------------------

    /// A triggered ability; `legion`: written after "[Legion] —", so its effect applies only if
    /// its controller played another card before this one this turn (728.1.c.1, a play effect of
    /// a permanent: only "When you play me" is one).
    fn triggered(&mut self, p: P, legion: bool) -> Result<(), Diagnostic> {
        let (trigger, condition, body) = self.triggered_parts(p.clone(), legion)?;
        let in_trash = body.from_trash || contains(&body.effects, &|e| *e == Effect::PlayMeFromTrash);
        self.push(&p, AbilityKind::Triggered { trigger, condition, in_trash }, Some(body));
        Ok(())
    }

    /// A triggered ability's trigger, condition and instructions ("When ..., X").
    fn triggered_parts(&self, p: P, legion: bool) -> Result<(Trigger, Option<Condition>, Body), Diagnostic> {
        let mut trigger = None;
        let mut condition = None;
        let mut body = Body::default();
        for part in p.clone().into_inner() {
            match part.as_rule() {
                Rule::trigger => {
                    // "When you conquer here with one or more [Mighty] units": a condition of the
                    // trigger (376.2.b) on the units you have here as it triggers.
                    if let Some(with) = part.clone().into_inner().flatten().find(|x| x.as_rule() == Rule::conquer_with)
                    {
                        let mut filter = UnitFilter::units();
                        for word in with.into_inner().next().unwrap().into_inner().flat_map(|x| match x.as_rule() {
                            Rule::unit_noun_plural => x.into_inner().collect::<Vec<_>>(),
                            _ => vec![x],
                        }) {
                            self.apply_filter_word(&mut filter, &word);
                        }
                        filter.at = At::Here;
                        let has = Condition::Count { filter, at_least: 1, at_most: None, whose: Controlled::You };
                        condition = Some(Condition::OnTrigger(Box::new(has)));
                    }
                    // "When an opponent plays a unit while I'm at a battlefield": a condition of the
                    // trigger (376.2.b), as the event happens.
                    if let Some(w) = part.clone().into_inner().find(|x| x.as_rule() == Rule::event_while) {
                        let c = self.condition(w.into_inner().next().unwrap())?;
                        condition = Some(Condition::OnTrigger(Box::new(c)));
                    }
                    // "When I attack or defend one on one": a condition of the trigger (376.2.b) on the
                    // units of each side at my battlefield as I gain my role (438.1.a.3-4).
                    if let Some(sides) = part.clone().into_inner().flatten().find(|x| x.as_rule() == Rule::combat_sides)
                    {
                        condition = Some(Condition::OnTrigger(Box::new(self.combat_sides(&part, sides)?)));
                    }
                    // "When you play this from face down, attach it to ...": the card itself.
                    let this = part.clone().into_inner().flatten().any(|x| x.as_rule() == Rule::t_this);
                    let t = self.trigger(part)?;
                    // "When you buff a friendly unit, ... it": the unit the event is about.
                    if t.names_a_unit() {
                        body.it = Some(Obj::ThatUnit);
                    } else if this {
                        body.it = Some(Obj::Me);
                    }
                    // "When I hold, ... to this battlefield": the battlefield held.
                    body.battlefield = t.names_a_battlefield();
                    // "When a player plays a unit here, they ...": the player the event is about.
                    if t.names_a_player() {
                        body.they = Some(Who::ThatPlayer);
                    }
                    trigger = Some(t);
                }
                Rule::trigger_condition if condition.is_some() => {
                    return Err(self.err(&part, "a trigger with \"with ...\" takes no other \"if\" condition yet"));
                }
                Rule::trigger_condition => {
                    let c = self.condition(part.into_inner().next().unwrap())?;
                    // "you may deal that much": the amount the condition measured.
                    if let Condition::AssignedExcess { .. } = c {
                        body.measured = Some(Amount::Per { each: 1, count: CountOf::ExcessAssigned });
                    }
                    condition = Some(c);
                }
                // 376.2.b: "..., X if Y.": the condition is part of the effect.
                Rule::trailing_condition => {
                    let c = self.condition(part.into_inner().next().unwrap())?;
                    condition = Some(Condition::OnResolution(Box::new(c)));
                }
                Rule::effect => body = self.effect(part, body)?,
                Rule::keyed_modes => body = self.keyed_modes(part, body)?,
                _ => {}
            }
        }
        let trigger = trigger.unwrap();
        if legion {
            if trigger != Trigger::PlayMe {
                return Err(self.err(&p, "[Legion] — is understood before \"When you play me\" only"));
            }
            let then = std::mem::take(&mut body.effects);
            body.effects.push(Effect::If { test: Test::Legion, then, otherwise: Vec::new() });
        }
        Ok((trigger, condition, body))
    }

    /// "Do one of the following based on its domain:" and its "• [R] — X" lines (182.2.b): each
    /// mode is an ability of its own (its own targets, chosen as it is done), and the body does
    /// the one whose domain the card "its" names has, as it resolves.
    fn keyed_modes(&self, p: P, mut body: Body) -> Result<Body, Diagnostic> {
        let of =
            self.it(&p, &body, "\"its domain\" needs a card before it, as \"reveal the top rune of your rune deck\"")?;
        let (mut domains, mut bodies) = (Vec::new(), Vec::new());
        for mode in p.into_inner().filter(|x| x.as_rule() == Rule::keyed_mode) {
            let mut parts = mode.clone().into_inner();
            let symbol = parts.next().unwrap();
            let letter = symbol.as_str().trim_matches(|c| c == '[' || c == ']').to_string();
            if !letter.chars().next().is_some_and(|c| crate::riftbound::cards::Domain::from_letter(c).is_some()) {
                return Err(self.err(&symbol, "a mode is keyed by a domain: [R], [G], [B], [O], [P] or [Y]"));
            }
            let effect = parts.next().unwrap();
            let text = effect.as_str().trim().to_string();
            let inner = self.effect(effect, Body { it: body.it.clone(), ..Body::default() })?;
            domains.push(letter);
            bodies.push(self.pending('k', text, inner.effects, inner.targets, AbilityKind::KeyedMode));
        }
        body.effects.push(Effect::ByDomain { of, domains, bodies });
        Ok(body)
    }

    /// "As EVENT, X" (365): X happens as part of the event, not on the chain; the event says
    /// where the card is as it works (363.1).
    fn as_line(&mut self, p: P) -> Result<(), Diagnostic> {
        let mut parts = p.clone().into_inner();
        let event = parts.next().unwrap().into_inner().next().unwrap();
        let event = match event.as_rule() {
            // "you look at or reveal me from the top of your deck" (127, 411); "I'm revealed from
            // your deck": revealed only.
            Rule::ev_seen_me => {
                let verbs: Vec<Rule> = event
                    .into_inner()
                    .filter_map(|x| match x.as_rule() {
                        Rule::see_verb => x.into_inner().next().map(|v| v.as_rule()),
                        Rule::revealed_verb => Some(Rule::reveal_verb),
                        _ => None,
                    })
                    .collect();
                Trigger::SeenFromTop {
                    look: verbs.contains(&Rule::look_at),
                    reveal: verbs.contains(&Rule::reveal_verb),
                }
            }
            r => return Err(self.err(&event, format!("unexpected {r:?}"))),
        };
        let body = self.effect(parts.next().unwrap(), Body::default())?;
        self.push(&p, AbilityKind::As { event }, Some(body));
        Ok(())
    }

    /// "one on one" after "When I attack or defend": N units at my battlefield are my
    /// controller's, me among them, and M are an opponent's. A Duel's combat is every unit at its
    /// battlefield (438.1.a.3-4), so these are the two sides of my combat.
    fn combat_sides(&self, trigger: &P, sides: P) -> Result<Condition, Diagnostic> {
        let verbs = trigger.as_str().to_ascii_lowercase();
        if verbs.contains("conquer") || verbs.contains("hold") {
            return Err(self.err(&sides, "\"N on M\" is understood after \"attack\" or \"defend\" only"));
        }
        let mut n = sides.into_inner().map(|w| word_or_number(&w));
        let (mine, theirs) = (n.next().unwrap(), n.next().unwrap());
        let side = |relation, count| Condition::Count {
            filter: UnitFilter::units().with(FilterPart::Relation(relation)).with(FilterPart::At(At::MyBattlefield)),
            at_least: count,
            at_most: Some(count),
            whose: Controlled::Anyone,
        };
        Ok(Condition::All(vec![side(Relation::Friendly, mine), side(Relation::Enemy, theirs)]))
    }

    fn trigger(&self, p: P) -> Result<Trigger, Diagnostic> {
        let inner = p.clone().into_inner().next().unwrap();
        match inner.as_rule() {
            Rule::nth_time => {
                let mut parts = inner.into_inner();
                let n = ordinal(&parts.next().unwrap());
                let ev = parts.next().unwrap();
                Ok(Trigger::NthTime(n, Box::new(self.event(ev)?)))
            }
            Rule::first_time => {
                let ev = inner.into_inner().next().unwrap();
                Ok(Trigger::FirstTime(Box::new(self.event(ev)?)))
            }
            Rule::at_phase => {
                let at = inner.into_inner().next().unwrap();
                Ok(match at.as_rule() {
                    Rule::at_start_beginning => Trigger::StartOfBeginning,
                    Rule::at_start_main => Trigger::StartOfMainPhase,
                    Rule::at_start_first_beginning => Trigger::StartOfEachFirstBeginning,
                    _ => Trigger::EndOfTurn,
                })
            }
            // "When you play me or when I hold": either event (376.1).
            Rule::event => {
                let first = p.clone().into_inner().find(|x| x.as_rule() == Rule::for_first_time);
                let mut events = p
                    .into_inner()
                    .filter(|e| e.as_rule() == Rule::event)
                    .map(|e| self.event(e))
                    .collect::<Result<Vec<_>, _>>()?;
                let t = if events.len() == 1 { events.pop().unwrap() } else { Trigger::AnyOf(events) };
                match first {
                    None => Ok(t),
                    // 376.1.b: "for the first time each turn", the event's player's first time.
                    Some(f) if ordinal(&f.clone().into_inner().next().unwrap()) == 1 && t.names_a_player() => {
                        Ok(Trigger::FirstTimeForThem(Box::new(t)))
                    }
                    Some(f) => Err(self.err(
                        &f,
                        "\"for the first time each turn\" is understood after an event whose subject is a player (\"When a player ...\")",
                    )),
                }
            }
            _ => Err(self.err(&p, "unknown trigger")),
        }
    }

    /// An event's object: "me" (the ability's source) or a unit phrase.
    fn me_or_unit(&self, p: P) -> UnitFilter {
        if p.as_rule() == Rule::t_me { UnitFilter { me: true, ..UnitFilter::units() } } else { self.unit_phrase(p) }
    }

    fn event(&self, p: P) -> Result<Trigger, Diagnostic> {
        self.event_of(p, false)
    }

    /// An event; `it_allowed`: its subject may be "it" / "that unit", what a delayed trigger
    /// remembers (414.3). Elsewhere "it" names nothing and is an error.
    fn event_of(&self, p: P, it_allowed: bool) -> Result<Trigger, Diagnostic> {
        if !it_allowed && let Some(it) = p.clone().into_inner().flatten().find(|x| x.as_rule() == Rule::unit_it) {
            return Err(self.err(&it, "\"it\" names nothing here: an event about \"it\" is understood in a delayed trigger (\"the next time it ... this turn\")"));
        }
        let e = p.clone().into_inner().next().unwrap();
        if e.as_rule() != Rule::ev_player_chooses {
            self.no_they_control(&e)?;
        }
        Ok(match e.as_rule() {
            // 421: a player's move to a battlefield (other than the source's).
            Rule::ev_player_moves => {
                let mut parts = e.into_inner();
                let by = event_player(&parts.next().unwrap());
                Trigger::PlayerMoves { by, elsewhere: parts.any(|x| x.as_rule() == Rule::other_than_mine) }
            }
            // 352.6: a player chose a unit with a spell ("friendly": theirs).
            // Without "with a spell": a spell or an ability (390); "or ready": either event (402.3).
            Rule::ev_player_chooses => {
                let (mut by, mut filter, mut spell, mut or_ready) = (Actor::You, None, false, false);
                for x in e.into_inner() {
                    match x.as_rule() {
                        Rule::event_player => by = event_player(&x),
                        Rule::or_ready => or_ready = true,
                        Rule::with_spell => spell = true,
                        _ => filter = Some(self.me_or_unit(x)),
                    }
                }
                let filter = filter.unwrap_or_else(UnitFilter::units);
                let chooses = Trigger::Chooses { by, filter: filter.clone(), spell };
                if or_ready { Trigger::AnyOf(vec![chooses, Trigger::YouReady(filter)]) } else { chooses }
            }
            // 107.1.d: returned to its owner's hand.
            Rule::ev_unit_returned => Trigger::ReturnedToHand(self.unit_phrase(e.into_inner().next().unwrap())),
            Rule::ev_play_me => {
                let (mut to_battlefield, mut from_hidden, mut turn) = (false, false, Actor::AnyPlayer);
                for x in e.into_inner() {
                    match x.as_rule() {
                        Rule::played_to_battlefield => to_battlefield = true,
                        Rule::played_from_hidden => from_hidden = true,
                        Rule::play_turn => turn = play_turn(&x),
                        _ => {}
                    }
                }
                if (to_battlefield, from_hidden, turn) == (false, false, Actor::AnyPlayer) {
                    Trigger::PlayMe
                } else {
                    Trigger::PlayMeAs { to_battlefield, from_hidden, turn }
                }
            }
            Rule::ev_play_spell => {
                let (mut min_energy, mut turn) = (None, Actor::AnyPlayer);
                for x in e.into_inner() {
                    match x.as_rule() {
                        Rule::play_turn => turn = play_turn(&x),
                        _ => min_energy = Some(number(&x)),
                    }
                }
                Trigger::PlaySpell { min_energy, turn }
            }
            Rule::ev_you_recycle_one => {
                let mut f = UnitFilter::units();
                e.into_inner().for_each(|w| self.apply_filter_word(&mut f, &w));
                Trigger::YouRecycle(f.kind)
            }
            Rule::ev_you_spend_buff => Trigger::YouSpendBuff,
            Rule::ev_you_use => Trigger::YouActivate(self.unit_phrase(e.into_inner().last().unwrap())),
            Rule::ev_me => {
                let after_attack = e.clone().into_inner().find(|x| x.as_rule() == Rule::after_attack);
                let was = e.clone().into_inner().find(|x| x.as_rule() == Rule::conquered_was);
                let mut verbs: Vec<Trigger> = e
                    .clone()
                    .into_inner()
                    .filter(|v| v.as_rule() == Rule::me_verb)
                    .map(|v| match v.as_str().to_ascii_lowercase().as_str() {
                        "attack" => Trigger::Attack,
                        "defend" => Trigger::Defend,
                        "conquer" => {
                            Trigger::ConquerMe { after_attack: after_attack.is_some(), was_uncontrolled: was.is_some() }
                        }
                        _ => Trigger::HoldMe,
                    })
                    .collect();
                if let Some(a) = after_attack
                    && verbs != [Trigger::ConquerMe { after_attack: true, was_uncontrolled: false }]
                {
                    return Err(self.err(&a, "\"after an attack\" is understood after \"When I conquer\""));
                }
                // "a battlefield that was uncontrolled": what I conquered, named after the verb.
                if let Some(w) = was {
                    let noun = w.clone().into_inner().find(|x| x.as_rule() == Rule::unit_noun);
                    if verbs != [Trigger::ConquerMe { after_attack: false, was_uncontrolled: true }]
                        || !noun.is_some_and(|n| n.as_str().eq_ignore_ascii_case("battlefield"))
                    {
                        return Err(self.err(
                            &w,
                            "\"a battlefield that was uncontrolled\" is understood after \"When I conquer\"",
                        ));
                    }
                }
                if verbs.len() == 1 { verbs.pop().unwrap() } else { Trigger::AnyOf(verbs) }
            }
            Rule::ev_move_me if e.clone().into_inner().any(|x| x.as_rule() == Rule::move_from_battlefield) => {
                Trigger::MoveMeFromBattlefield
            }
            Rule::ev_move_me if e.clone().into_inner().next().is_some() => Trigger::MoveMeToBattlefield,
            Rule::ev_move_me => Trigger::MoveMe,
            Rule::ev_play_card => {
                let mut nth = None;
                let (mut turn, mut from_hidden) = (Actor::AnyPlayer, false);
                for x in e.into_inner() {
                    match x.as_rule() {
                        Rule::ordinal => nth = Some(ordinal(&x)),
                        Rule::played_from_hidden => from_hidden = true,
                        _ => turn = play_turn(&x),
                    }
                }
                let played = Trigger::PlayCard { turn, from_hidden };
                match nth {
                    Some(1) => Trigger::FirstTime(Box::new(played)),
                    Some(n) => Trigger::NthTime(n, Box::new(played)),
                    None => played,
                }
            }
            Rule::ev_discard_me => Trigger::DiscardMe,
            Rule::ev_play_permanent => {
                // "When a friendly unit is played": whoever plays it.
                let passive = e.clone().into_inner().any(|x| x.as_rule() == Rule::played_passive);
                let mut parts = e.into_inner().peekable();
                let by = match parts.next_if(|x| x.as_rule() == Rule::event_player) {
                    Some(who) => event_player(&who),
                    None if passive => Actor::AnyPlayer,
                    None => Actor::You,
                };
                let phrase = parts.next().unwrap();
                let mut f = self.unit_phrase(phrase.clone());
                if !matches!(f.kind, CardType::Unit | CardType::Gear | CardType::Spell) {
                    return Err(
                        self.err(&phrase, "\"When you play ...\" is understood with a unit, a gear, a spell or a card")
                    );
                }
                // "a card with Power cost [A][A] or more": a card, so not a token (176, 347.2).
                if phrase.clone().into_inner().flatten().any(|x| x.as_rule() == Rule::noun_card) {
                    let mut g = Some(&mut f);
                    while let Some(x) = g {
                        let not_token = Condition::Not(Box::new(Condition::Token));
                        x.condition = Some(Box::new(match x.condition.take() {
                            Some(c) => Condition::All(vec![not_token, *c]),
                            None => not_token,
                        }));
                        g = x.or.as_deref_mut();
                    }
                }
                Trigger::Play { by, filter: f }
            }
            Rule::ev_you_buff => Trigger::YouBuff(self.me_or_unit(e.into_inner().next().unwrap())),
            Rule::ev_you_attach => {
                let mut x = e.into_inner();
                let card = self.unit_phrase(x.next().unwrap());
                Trigger::YouAttach { card, to: self.me_or_unit(x.next().unwrap()) }
            }
            Rule::ev_this_is => Trigger::AnyOf(
                e.into_inner()
                    .map(|x| match x.as_str().to_ascii_lowercase().as_str() {
                        "played" => Trigger::PlayMe,
                        "discarded" => Trigger::DiscardMe,
                        _ => Trigger::KilledMe,
                    })
                    .collect(),
            ),
            Rule::ev_leaves_board => Trigger::LeavesBoard,
            Rule::ev_you_conquer => Trigger::YouConquer { or_ally: e.into_inner().next().is_some() },
            Rule::ev_you_hold => Trigger::YouHold { or_ally: e.into_inner().next().is_some() },
            Rule::ev_i_die if e.clone().into_inner().any(|x| x.as_rule() == Rule::died_in_combat) => {
                Trigger::DieInCombat
            }
            Rule::ev_i_die => Trigger::KilledMe,
            Rule::ev_win_combat => Trigger::WinCombat { me: e.into_inner().next().is_some() },
            Rule::ev_player_scores => Trigger::OpponentScores,
            Rule::ev_you_conquer_here => Trigger::YouConquerHere,
            Rule::ev_you_hold_here => Trigger::YouHoldHere,
            Rule::ev_you_defend => Trigger::YouDefend { here: e.into_inner().next().is_some() },
            Rule::ev_unit_dies => {
                let phrase = e.into_inner().next().unwrap();
                let one_or_more = phrase.as_rule() == Rule::one_or_more;
                let dies = Trigger::Dies(self.unit_phrase(phrase));
                if one_or_more { Trigger::OneOrMore(Box::new(dies)) } else { dies }
            }
            Rule::ev_you_stun => {
                let phrase = e.into_inner().next().unwrap();
                if phrase.as_rule() == Rule::one_or_more {
                    Trigger::OneOrMore(Box::new(Trigger::Stun { filter: self.unit_phrase(phrase), by_you: true }))
                } else {
                    Trigger::Stun { filter: self.unit_phrase(phrase), by_you: true }
                }
            }
            Rule::ev_is_stunned => {
                let x = e.into_inner().next().unwrap();
                let filter = match x.as_rule() {
                    Rule::i_am_me => UnitFilter { me: true, ..UnitFilter::units() },
                    _ => self.unit_phrase(x),
                };
                Trigger::Stun { filter, by_you: false }
            }
            Rule::ev_you_move => Trigger::YouMove(self.unit_phrase(e.into_inner().next().unwrap())),
            Rule::ev_you_ready => Trigger::YouReady(self.me_or_unit(e.into_inner().next().unwrap())),
            Rule::ev_you_cards => match e.into_inner().next().unwrap().as_rule() {
                Rule::cards_discard => Trigger::YouDiscard,
                _ => Trigger::OneOrMore(Box::new(Trigger::YouRecycleCards)),
            },
            Rule::ev_you_banish => {
                Trigger::YouBanish { own: e.into_inner().any(|x| x.as_rule() == Rule::card_you_own) }
            }
            Rule::ev_you_kill => {
                let mut parts = e.into_inner();
                let filter = self.unit_phrase(parts.next().unwrap());
                Trigger::YouKill { filter, spell: parts.next().is_some() }
            }
            Rule::ev_unit_attacks => {
                let mut parts = e.into_inner();
                let filter = self.unit_phrase(parts.next().unwrap());
                Trigger::Attacks { filter, your_battlefield: parts.next().is_some() }
            }
            Rule::ev_becomes_mighty => Trigger::BecomesMighty(self.unit_phrase(e.into_inner().next().unwrap())),
            Rule::ev_unit_damaged => Trigger::TakesDamage(self.unit_phrase(e.into_inner().next().unwrap())),
            Rule::ev_unit_moves => {
                let mut parts = e.into_inner();
                let filter = self.unit_phrase(parts.next().unwrap());
                let (mut to, mut battlefield_only) = (false, false);
                for x in parts {
                    match x.as_rule() {
                        Rule::moves_to => to = true,
                        Rule::moves_my_battlefield => battlefield_only = true,
                        _ => {}
                    }
                }
                Trigger::Moves { filter, to, battlefield_only }
            }
            Rule::ev_unit_alone => {
                let mut parts = e.into_inner();
                let filter = self.unit_phrase(parts.next().unwrap());
                let (attack, defend) = alone_role(&parts.next().unwrap());
                Trigger::UnitAlone { filter, attack, defend }
            }
            Rule::ev_i_become => Trigger::BecomeEmpowered,
            Rule::ev_combat => {
                let (mut ends, mut here, mut mine) = (false, false, false);
                for x in e.into_inner() {
                    match x.as_rule() {
                        Rule::combat_ends => ends = true,
                        Rule::combat_here => here = true,
                        Rule::combat_i_was_in => mine = true,
                        _ => {}
                    }
                }
                Trigger::Combat { ends, here, mine }
            }
            _ => return Err(self.err(&e, "unknown event")),
        })
    }

    /// An additional cost other than resources: "discard 1", "spend a buff", "exhaust a friendly
    /// unit", "kill a Poro you control" (353.2, 401.4).
    fn other_cost(&self, p: P) -> OtherCost {
        let c = p.into_inner().next().unwrap();
        match c.as_rule() {
            Rule::discard_cost => OtherCost::Discard(number(&c)),
            Rule::spend_buff_cost => OtherCost::SpendBuff,
            Rule::burn_cost => OtherCost::Burn(number(&c)),
            Rule::banish_cost => OtherCost::Banish(self.unit_phrase(c.into_inner().next().unwrap())),
            _ => {
                let mut parts = c.into_inner();
                let verb = parts.next().unwrap().as_rule();
                let filter = self.unit_phrase(parts.next().unwrap());
                match verb {
                    Rule::cost_kill => OtherCost::Kill(filter),
                    Rule::cost_recycle => OtherCost::Recycle(filter),
                    Rule::cost_return => OtherCost::Return(filter),
                    _ => OtherCost::Exhaust(filter),
                }
            }
        }
    }

    /// "spend any number of buffs", "kill any number of friendly units": the cost paid once, as
    /// many times as its payer chooses (353.2.b).
    fn any_number_cost(&self, p: P) -> OtherCost {
        let mut parts = p.into_inner();
        let verb = parts.next().unwrap().as_rule();
        let mut filter = UnitFilter::units();
        for part in parts {
            match part.as_rule() {
                Rule::buffs => return OtherCost::SpendBuff,
                Rule::unit_noun_plural => part.into_inner().for_each(|w| self.apply_filter_word(&mut filter, &w)),
                _ => self.apply_filter_word(&mut filter, &part),
            }
        }
        if verb == Rule::cost_kill { OtherCost::Kill(filter) } else { OtherCost::Exhaust(filter) }
    }

    fn condition(&self, p: P) -> Result<Condition, Diagnostic> {
        let c = if p.as_rule() == Rule::condition { p.into_inner().next().unwrap() } else { p };
        Ok(match c.as_rule() {
            // "you play me to a battlefield": I'm at a battlefield as I enter (see `static_line`).
            Rule::cond_played_to_battlefield => Condition::AtBattlefield,
            Rule::cond_at_battlefield => match c.into_inner().next() {
                None => Condition::AtBattlefield,
                // "with exactly one other unit you control": counted at my battlefield, so none
                // are while I'm not at one.
                Some(with) => {
                    let (at_least, at_most, filter) = self.counted(with);
                    let filter = filter.with(FilterPart::At(At::MyBattlefield));
                    Condition::Count { filter, at_least, at_most, whose: Controlled::Anyone }
                }
            },
            Rule::cond_mighty => Condition::Mighty,
            Rule::cond_was => Condition::Was(Box::new(unit_state(&c.into_inner().next().unwrap()))),
            Rule::cond_paid_additional => Condition::PaidAdditional,
            Rule::cond_played_from_hand => Condition::PlayedFromHand,
            Rule::cond_hand_size => {
                let mut parts = c.into_inner();
                let first = parts.next().unwrap();
                let (at_least, at_most) =
                    if first.as_rule() == Rule::control_count { count_bounds(first) } else { (1, None) };
                let cards = parts.next().unwrap();
                match cards_in_your(cards) {
                    CountOf::Matching(filter) => {
                        Condition::Count { filter, at_least, at_most, whose: Controlled::Anyone }
                    }
                    count => Condition::Cards { trash: count == CountOf::CardsInYourTrash, at_least, at_most },
                }
            }
            Rule::cond_played_another => Condition::Legion,
            Rule::cond_chose_times => {
                let (mut filter, mut times, mut by) = (UnitFilter::units(), 1, Vec::new());
                for x in c.into_inner() {
                    match x.as_rule() {
                        Rule::chose_what => filter = self.filter_of(x),
                        Rule::history_times => times = x.into_inner().next().map(|n| number(&n)).unwrap_or(2),
                        Rule::chosen_with => {
                            for k in x.into_inner() {
                                by.push(match k.into_inner().next() {
                                    Some(n) if n.as_rule() == Rule::unit_noun => self.unit_phrase(n).kind,
                                    _ => CardType::Spell,
                                });
                            }
                        }
                        _ => {}
                    }
                }
                Condition::ChoseTimes { filter: Box::new(filter), times, by }
            }
            Rule::cond_card_deed => {
                let chosen = c.clone().into_inner().flatten().any(|x| x.as_rule() == Rule::deed_chosen);
                let deed = if chosen { CardDeed::Chose } else { CardDeed::Played };
                let mut each = Vec::new();
                for x in c.into_inner().filter(|x| x.as_rule() == Rule::unit_phrase) {
                    each.push(Condition::CardThisTurn { deed, filter: Box::new(self.unit_phrase(x)) });
                }
                if each.len() == 1 { each.pop().unwrap() } else { Condition::All(each) }
            }
            Rule::cond_i_am => match c.into_inner().next().unwrap() {
                x if x.as_rule() == Rule::i_in_combat => Condition::InCombat,
                x => unit_state(&x),
            },
            Rule::cond_alone => {
                let (attack, defend) = alone_role(&c.into_inner().next().unwrap());
                Condition::Alone { attack, defend }
            }
            Rule::cond_runes => Condition::RunesAtLeast(number(&c.into_inner().next().unwrap())),
            Rule::cond_spent => {
                let r = c.into_inner().find(|x| x.as_rule() == Rule::resources).unwrap();
                Condition::SpentThisTurn(self.resources(&r)?)
            }
            Rule::cond_history => {
                let (mut deed, mut me, mut at_least, mut not) = (Deed::Moved, false, 1, false);
                for x in c.into_inner() {
                    match x.as_rule() {
                        Rule::i_have => me = true,
                        Rule::i_didnt => (me, not) = (true, true),
                        Rule::history_act => {
                            deed = match x.into_inner().next().unwrap().as_rule() {
                                Rule::hist_discarded => Deed::Discarded,
                                Rule::hist_conquered => Deed::Conquered,
                                _ => Deed::Moved,
                            }
                        }
                        Rule::history_times => {
                            at_least = x.into_inner().next().map(|n| number(&n)).unwrap_or(2);
                        }
                        _ => {}
                    }
                }
                let did = Condition::DidThisTurn { deed, me, at_least };
                if not { Condition::Not(Box::new(did)) } else { did }
            }
            Rule::cond_there_is => {
                let (at_least, at_most, filter) = self.counted(c);
                Condition::Count { filter, at_least, at_most, whose: Controlled::Anyone }
            }
            // "you have another unit here": units of the condition's "you" (not an ally's).
            Rule::cond_you_have => {
                let (mut at_least, mut at_most, mut filter) = (1, None, UnitFilter::units());
                for x in c.into_inner() {
                    match x.as_rule() {
                        Rule::control_count => (at_least, at_most) = count_bounds(x),
                        Rule::unit_noun_plural => x.into_inner().for_each(|w| self.apply_filter_word(&mut filter, &w)),
                        _ => self.apply_filter_word(&mut filter, &x),
                    }
                }
                Condition::Count { filter, at_least, at_most, whose: Controlled::You }
            }
            Rule::cond_units_at => {
                let (min, max, at) = units_at_parts(c.clone());
                match at {
                    Rule::cond_there => {
                        return Err(self.err(
                            &c,
                            "\"you have N units there\" is understood in instructions after a battlefield is chosen",
                        ));
                    }
                    at => Condition::UnitsAt { min, max, that_battlefield: at == Rule::cond_that_battlefield },
                }
            }
            Rule::cond_died_this_turn => Condition::DiedThisTurn(self.unit_phrase(c.into_inner().next().unwrap())),
            Rule::cond_control => {
                let mut filter = UnitFilter::units();
                let (mut at_least, mut at_most) = (1, None);
                for x in c.clone().into_inner() {
                    match x.as_rule() {
                        Rule::control_count => (at_least, at_most) = count_bounds(x),
                        Rule::unit_phrase => filter = self.unit_phrase(x),
                        Rule::unit_noun_plural => {
                            for word in x.into_inner() {
                                self.apply_filter_word(&mut filter, &word);
                            }
                        }
                        _ => self.apply_filter_word(&mut filter, &x),
                    }
                }
                let opponent = c.clone().into_inner().next().is_some_and(|x| x.as_rule() == Rule::an_opponent_controls);
                let whose = if opponent { Controlled::AnOpponent } else { Controlled::You };
                // "you control this battlefield": the object itself.
                if let Some(this) = c.clone().into_inner().find(|x| x.as_rule() == Rule::control_this) {
                    if opponent {
                        return Err(self.err(&this, "only \"you control this ...\" is understood here"));
                    }
                    return Ok(Condition::YouControlIt);
                }
                Condition::Count { filter, at_least, at_most, whose }
            }
            Rule::cond_died_alone => match c.into_inner().next() {
                Some(_) => Condition::Not(Box::new(Condition::DiedAlone)),
                None => Condition::DiedAlone,
            },
            // "I'm attacking with another unit": my role, and as many units with it at my battlefield
            // (438.1.a.3-4: each side's units there share their designation).
            Rule::cond_in_combat_with => {
                let mut parts = c.into_inner();
                let role = combat_role(&parts.next().unwrap());
                let (at_least, at_most, filter) = self.counted(parts.next().unwrap());
                let also = match filter.condition.as_deref() {
                    Some(state) => Condition::All(vec![state.clone(), role.clone()]),
                    None => role.clone(),
                };
                let filter = filter.with(FilterPart::At(At::MyBattlefield)).with(FilterPart::Is(also));
                let others = Condition::Count { filter, at_least, at_most, whose: Controlled::Anyone };
                Condition::All(vec![role, others])
            }
            Rule::cond_assigned_excess => {
                let (at_least, at_most) = count_bounds(c.into_inner().next().unwrap());
                Condition::AssignedExcess { at_least, at_most }
            }
            Rule::cond_score_within => {
                let mut parts = c.into_inner();
                let first = parts.next().unwrap();
                let opponent = first.as_rule() == Rule::cond_opponents_score;
                let points = number(&if opponent { parts.next().unwrap() } else { first });
                Condition::ScoreWithin { opponent, points }
            }
            _ => return Err(self.err(&c, "unknown condition")),
        })
    }

    /// "exactly two units there", "a stunned enemy unit here": how many (exactly N, or at least
    /// one for an article) of the objects the phrase names.
    fn counted(&self, p: P) -> (u32, Option<u32>, UnitFilter) {
        let mut filter = UnitFilter::units();
        let (mut at_least, mut at_most) = (1, None);
        for x in p.into_inner() {
            match x.as_rule() {
                Rule::exactly_count => {
                    let n = word_or_number(&x.into_inner().next().unwrap());
                    (at_least, at_most) = (n, Some(n));
                }
                Rule::unit_noun_plural => x.into_inner().for_each(|w| self.apply_filter_word(&mut filter, &w)),
                _ => self.apply_filter_word(&mut filter, &x),
            }
        }
        (at_least, at_most, filter)
    }

    // ---- static --------------------------------------------------------------------------

    /// A passive ability; `keyword_condition`: the condition of the keyword before it ([Legion] —).
    fn static_line(&mut self, p: P, keyword_condition: Option<Condition>) -> Result<(), Diagnostic> {
        let mut condition = keyword_condition;
        let mut played_to_battlefield = false;
        let mut effect = None;
        // More passives of the same line ("I have +1 [M] and [Ganking].", "I cost [2] less and
        // enter ready."), under the same condition.
        let mut also = Vec::new();
        for part in p.clone().into_inner() {
            match part.as_rule() {
                Rule::st_while | Rule::st_if if condition.is_some() => {
                    return Err(self.err(&part, "a passive ability after [Legion] — takes no other condition"));
                }
                Rule::st_while | Rule::st_if => {
                    let c = part.into_inner().next().unwrap();
                    played_to_battlefield =
                        c.clone().into_inner().next().is_some_and(|x| x.as_rule() == Rule::cond_played_to_battlefield);
                    condition = Some(self.condition(c)?)
                }
                Rule::st_from_elsewhere if condition.is_some() => {
                    return Err(self.err(&part, "a passive ability after [Legion] — takes no other condition"));
                }
                Rule::st_from_elsewhere => {
                    if !matches!(effect, Some(StaticEffect::PlayCost { cards: None, .. })) {
                        return Err(
                            self.err(&part, "\"to play from anywhere other than your hand\" is said of my cost")
                        );
                    }
                    condition = Some(Condition::Not(Box::new(Condition::PlayedFromHand)));
                }
                Rule::st_unless if condition.is_some() => {
                    return Err(self.err(&part, "a passive ability after [Legion] — takes no other condition"));
                }
                Rule::st_unless => {
                    condition = Some(Condition::Not(Box::new(self.condition(part.into_inner().next().unwrap())?)))
                }
                // "While a friendly unit defends alone, it gets +2 [M]."
                Rule::st_while_unit_might => {
                    let mut x = part.into_inner();
                    let phrase = x.next().unwrap();
                    let f = self.unit_phrase(phrase.clone());
                    if !matches!(f.at, At::Anywhere | At::Here) || f.exclude_tag.is_some() {
                        return Err(self.err(&phrase, "only \"a friendly unit\" or \"a unit here\" is understood here"));
                    }
                    let (attack, defend) = alone_role(&x.next().unwrap());
                    let might = signed(&x.next().unwrap());
                    let units = f.with(FilterPart::Is(Condition::Alone { attack, defend }));
                    effect = Some(StaticEffect::UnitsMight { units, might, min: None });
                }
                Rule::static_body => {
                    let s = part.into_inner().next().unwrap();
                    let passive = match s.as_rule() {
                        Rule::st_have_keywords => {
                            let list = s.into_inner().next().unwrap();
                            StaticEffect::Keywords(self.keyword_list(list)?)
                        }
                        Rule::st_assigned_last => StaticEffect::AssignedLast,
                        Rule::st_no_combat_damage => StaticEffect::NoCombatDamage,
                        Rule::st_any_number_of_buffs => StaticEffect::AnyNumberOfBuffs,
                        Rule::st_cant_be_chosen => StaticEffect::UnchoosableByEnemies,
                        Rule::st_optional_cost => {
                            StaticEffect::OptionalCost(self.resources(&s.into_inner().next().unwrap())?)
                        }
                        Rule::st_other_cost => {
                            let mut cost = None;
                            let mut if_paid = IfPaid::Nothing;
                            let (mut optional, mut any_number, mut each) = (false, false, None);
                            let mut words = String::new();
                            for x in s.clone().into_inner() {
                                match x.as_rule() {
                                    Rule::may => optional = true,
                                    Rule::other_cost => {
                                        words = x.as_str().trim().to_lowercase();
                                        cost = Some(self.other_cost(x));
                                    }
                                    Rule::any_number_cost => {
                                        words = x.as_str().trim().to_lowercase();
                                        any_number = true;
                                        cost = Some(self.any_number_cost(x));
                                    }
                                    Rule::if_you_do_discount | Rule::my_cost_less => {
                                        let d = match x.as_rule() {
                                            Rule::my_cost_less => x,
                                            _ => x.into_inner().next().unwrap(),
                                        };
                                        if_paid = match d.as_rule() {
                                            Rule::ignore_own_cost => IfPaid::IgnoreCost,
                                            _ => {
                                                let mut parts = d.into_inner();
                                                let less = self.resources(&parts.next().unwrap())?;
                                                each = parts.next();
                                                IfPaid::Discount(less)
                                            }
                                        };
                                    }
                                    _ => {}
                                }
                            }
                            let cost = cost.unwrap();
                            // 353.4: "for each buff you spend" counts the payments of an "any
                            // number of" cost, and of the cost it names.
                            match (&each, any_number) {
                                (Some(e), true) if !pays(e, &cost) => {
                                    return Err(self.err(e, "this counts a cost other than the one the line pays"));
                                }
                                (None, true) if if_paid != IfPaid::Nothing => {
                                    return Err(self
                                        .err(&s, "a discount for a cost paid any number of times says \"for each\""));
                                }
                                (Some(e), false) => {
                                    return Err(self.err(e, "\"for each\" counts a cost paid \"any number of\" times"));
                                }
                                _ => {}
                            }
                            StaticEffect::OtherCost { cost, words, optional, any_number, if_paid }
                        }
                        Rule::st_cost_reduced => self.cost_reduced(s)?,
                        Rule::st_cost_change => self.cost_change(s)?,
                        Rule::st_keyword_per => {
                            let mut x = s.into_inner();
                            let (keyword, _) = self.keyword(&x.next().unwrap())?;
                            StaticEffect::KeywordPer { keyword, count: self.count_amount(x.next().unwrap()) }
                        }
                        Rule::st_might_per => {
                            let mut x = s.into_inner();
                            let first = x.next().unwrap();
                            match first.as_rule() {
                                Rule::count_amount => {
                                    StaticEffect::MightPer { each: 1, count: self.count_amount(first) }
                                }
                                _ => StaticEffect::MightPer {
                                    each: signed(&first),
                                    count: self.count_of(x.nth(1).unwrap()),
                                },
                            }
                        }
                        Rule::st_bonus_damage => {
                            let (mut yours, mut to, mut amount) = (false, None, 0);
                            for x in s.clone().into_inner() {
                                match x.as_rule() {
                                    Rule::bonus_yours => yours = true,
                                    Rule::bonus_to => to = Some(self.unit_phrase(x)),
                                    _ => amount = number(&x),
                                }
                            }
                            StaticEffect::BonusDamage { amount, yours, to }
                        }
                        Rule::st_no_damage => StaticEffect::NoDamage,
                        Rule::st_enters => {
                            let units = s
                                .clone()
                                .into_inner()
                                .find(|x| x.as_rule() == Rule::unit_noun_plural)
                                .map(|x| self.unit_phrase(x));
                            if s.clone().into_inner().any(|x| x.as_rule() == Rule::enters_ready) {
                                StaticEffect::EntersReady { units }
                            } else if units.is_some() {
                                return Err(self.err(&s, "only `I` or `This` can enter exhausted"));
                            } else {
                                StaticEffect::EntersExhausted
                            }
                        }
                        Rule::st_have_might => {
                            let mut x = s.into_inner();
                            let first = x.next().unwrap();
                            let might = match first.as_rule() {
                                Rule::extra_might => signed(&first.into_inner().next().unwrap()),
                                _ => signed(&first),
                            };
                            if let Some(list) = x.find(|k| k.as_rule() == Rule::keyword_list) {
                                also.push(StaticEffect::Keywords(self.keyword_list(list)?));
                            }
                            StaticEffect::Might(might)
                        }
                        Rule::st_units_have => {
                            let mut units = UnitFilter::units();
                            let mut might = 0;
                            let mut min = None;
                            let mut keywords = None;
                            let mut if_lacking = false;
                            let mut quoted = None;
                            for x in s.clone().into_inner() {
                                match x.as_rule() {
                                    Rule::group_other => units = units.with(FilterPart::Other),
                                    Rule::group_buffed => units = units.with(FilterPart::Is(Condition::Buffed)),
                                    Rule::group_here if units.at == At::Anywhere => {
                                        units = units.with(FilterPart::At(At::Here))
                                    }
                                    Rule::unit_noun_plural => {
                                        for word in x.into_inner() {
                                            self.apply_filter_word(&mut units, &word);
                                        }
                                    }
                                    Rule::unit_restriction => self.apply_filter_word(&mut units, &x),
                                    Rule::signed => might = signed(&x),
                                    Rule::might_minimum => min = Some(number(&x)),
                                    Rule::keyword_list => keywords = Some((x.clone(), self.keyword_list(x)?)),
                                    Rule::not_already if keywords.is_none() => {
                                        return Err(
                                            self.err(&x, "\"if they didn't already\" is understood after keywords")
                                        );
                                    }
                                    Rule::not_already => if_lacking = true,
                                    // 450.2.a: the quoted ability is compiled on this card, given
                                    // to the units, not had by it.
                                    Rule::quoted_ability => {
                                        let index = self.out.abilities.len();
                                        self.activated(x.into_inner().next().unwrap())?;
                                        self.out.abilities[index].given = true;
                                        quoted = Some(index as u8);
                                    }
                                    _ => {}
                                }
                            }
                            match (quoted, keywords) {
                                (Some(ability), _) => StaticEffect::UnitsAbility { units, ability },
                                // Deathknell, Legion and Weaponmaster are abilities the compiler
                                // writes for the card that prints them (724.1, 728.1, SFD-747), not
                                // characteristics the
                                // layers can give another unit; a given Vision the kernel
                                // triggers (733.3).
                                (None, Some((list, ks)))
                                    if ks.iter().any(|(k, _)| matches!(k, Keyword::Deathknell | Keyword::Legion)) =>
                                {
                                    return Err(self.err(
                                        &list,
                                        "[Deathknell] and [Legion] are said with their effect: they can't be given to a group",
                                    ));
                                }
                                // SFD-745.1.b: what has [Quick-Draw] has [Reaction] (a given one as a
                                // printed one); its attach, like a given [Weaponmaster]'s and [Vision]'s,
                                // the kernel triggers (`triggers.rs`).
                                (None, Some((_, mut keywords))) => {
                                    if keywords.iter().any(|(k, _)| *k == Keyword::QuickDraw)
                                        && !keywords.iter().any(|(k, _)| *k == Keyword::Reaction)
                                    {
                                        keywords.push((Keyword::Reaction, 0));
                                    }
                                    StaticEffect::UnitsKeywords { units, keywords, if_lacking }
                                }
                                // 131: only units have Might; keywords and quoted abilities may
                                // be given to any object ("friendly legends have \"...\"").
                                (None, None) if units.kind != CardType::Unit => {
                                    return Err(self.err(&s, "only units have Might"));
                                }
                                (None, None) => StaticEffect::UnitsMight { units, might, min },
                            }
                        }
                        // SFD-718.3-718.4: what the cards the phrase names give the unit they are
                        // attached to.
                        Rule::st_attached_give => {
                            let mut cards = UnitFilter::units();
                            let (mut mine, mut keywords, mut double) = (false, None, false);
                            for x in s.clone().into_inner() {
                                match x.as_rule() {
                                    Rule::unit_noun_plural => {
                                        x.into_inner().for_each(|w| self.apply_filter_word(&mut cards, &w));
                                    }
                                    Rule::attached_to_me => mine = true,
                                    Rule::keyword_list => keywords = Some((x.clone(), self.keyword_list(x)?)),
                                    Rule::double_bonus => double = true,
                                    _ => self.apply_filter_word(&mut cards, &x),
                                }
                            }
                            match (keywords, double) {
                                // "Each Equipment attached to me gives double its base Might bonus":
                                // its bonus once more, on me (arithmetic layer, 450.3).
                                (None, true) if mine => {
                                    StaticEffect::MightPer { each: 1, count: CountOf::MightBonusOf(cards) }
                                }
                                (None, _) => {
                                    return Err(
                                        self.err(&s, "a doubled Might bonus is understood of cards attached to me")
                                    );
                                }
                                (Some((list, _)), _) if mine => {
                                    return Err(self.err(&list, "cards attached to me giving keywords: say \"I have\""));
                                }
                                // Each card gives one instance (their number is the value); a
                                // keyword with its effect can't be given.
                                (Some((list, ks)), _)
                                    if ks
                                        .iter()
                                        .any(|(k, v)| *v > 1 || matches!(k, Keyword::Deathknell | Keyword::Legion)) =>
                                {
                                    return Err(self.err(
                                        &list,
                                        "each attached card gives one instance: a keyword without a value above 1, not [Deathknell] or [Legion]",
                                    ));
                                }
                                (Some((_, keywords)), _) => StaticEffect::AttachedKeywords { cards, keywords },
                            }
                        }
                        Rule::st_abilities_of => {
                            // Each noun is a kind of its own, the adjectives apply to all.
                            let mut f = UnitFilter::units();
                            let mut kinds = Vec::new();
                            for w in s.into_inner() {
                                match w.as_rule() {
                                    Rule::plural_noun => {
                                        let mut k = UnitFilter::units();
                                        self.apply_filter_word(&mut k, &w);
                                        kinds.push(k.kind);
                                    }
                                    _ => self.apply_filter_word(&mut f, &w),
                                }
                            }
                            StaticEffect::ExhaustAbilitiesOf(of_kinds(kinds.into_iter(), f))
                        }
                        Rule::st_cant_reveal => {
                            let mut x = s.into_inner();
                            let whose = x.next().unwrap();
                            let whose = match whose.into_inner().next() {
                                Some(_) => Relation::Enemy,
                                None => Relation::Friendly,
                            };
                            let k = x.next().unwrap();
                            if self.keyword(&k)?.0 != Keyword::Hidden {
                                return Err(self.err(&k, "only [Hidden] cards are revealed as they are played"));
                            }
                            let objects = UnitFilter { relation: whose, at: At::Here, ..UnitFilter::units() };
                            StaticEffect::Cant { what: Forbidden::Reveal, objects: Some(objects) }
                        }
                        Rule::st_triggers_again => {
                            let k = s.into_inner().next().unwrap();
                            match self.keyword(&k)?.0 {
                                Keyword::Deathknell => StaticEffect::TriggersAgain(Keyword::Deathknell),
                                _ => {
                                    let message = "only [Deathknell] effects can trigger an additional time yet";
                                    return Err(self.err(&k, message));
                                }
                            }
                        }
                        Rule::st_play_only_to => StaticEffect::PlayOnlyTo(play_to(
                            s.into_inner().find(|x| x.as_rule() == Rule::permitted_battlefield).unwrap(),
                        )),
                        Rule::st_play_to_open => {
                            let to = play_to(
                                s.clone().into_inner().find(|x| x.as_rule() == Rule::permitted_battlefield).unwrap(),
                            );
                            let units = s
                                .into_inner()
                                .find(|x| x.as_rule() == Rule::unit_noun_plural)
                                .map(|x| self.unit_phrase(x));
                            StaticEffect::PlayToBattlefield { units, to }
                        }
                        Rule::st_cant_move_to_base => {
                            let mut units = Some(UnitFilter::units());
                            for x in s.into_inner() {
                                match x.as_rule() {
                                    Rule::unit_noun_plural => units = Some(self.unit_phrase(x)),
                                    // "I can't move to base.": this unit.
                                    Rule::cost_self => units = None,
                                    Rule::move_from_here => {
                                        units = units.map(|u| UnitFilter { at: At::Here, ..u });
                                    }
                                    _ => {}
                                }
                            }
                            StaticEffect::Cant { what: Forbidden::MoveToBase, objects: units }
                        }
                        // "Opponents can only play units to their base": the cards the opponents
                        // play, so enemy ones.
                        Rule::st_play_only_to_base => {
                            let mut objects = UnitFilter::units();
                            if let Some(x) = s.into_inner().find(|x| x.as_rule() == Rule::unit_noun_plural) {
                                objects = self.unit_phrase(x);
                            }
                            objects.relation = Relation::Enemy;
                            StaticEffect::Cant { what: Forbidden::PlayToBattlefield, objects: Some(objects) }
                        }
                        Rule::st_players_cant => {
                            let mut x = s.into_inner();
                            let who = match x.next().unwrap().as_rule() {
                                Rule::ps_opponents => Relation::Enemy,
                                _ => Relation::Any,
                            };
                            let what = match x.next() {
                                Some(g) if g.as_rule() == Rule::cant_gain_points => PlayerBan::GainPoints,
                                Some(u) => {
                                    PlayerBan::ScoreHere { until_turn: ordinal(&u.into_inner().next().unwrap()) }
                                }
                                // "can't score here": never.
                                None => PlayerBan::ScoreHere { until_turn: u32::MAX },
                            };
                            StaticEffect::PlayersCant { who, what }
                        }
                        // "Units can't be played here": whoever plays them, to this battlefield.
                        Rule::st_cant_be_played_here => {
                            let phrase = s.into_inner().next().unwrap();
                            let objects = UnitFilter { at: At::Here, ..self.unit_phrase(phrase) };
                            StaticEffect::Cant { what: Forbidden::PlayToBattlefield, objects: Some(objects) }
                        }
                        Rule::st_cant_ready => {
                            let mut units = UnitFilter::units();
                            for x in s.into_inner() {
                                match x.as_rule() {
                                    Rule::unit_noun_plural => units = self.unit_phrase(x),
                                    // "enemy units and gear": the same words with the other noun.
                                    Rule::plural_noun => {
                                        let mut g = UnitFilter { tag: None, ..units.clone() };
                                        self.apply_filter_word(&mut g, &x);
                                        units.or = Some(Box::new(g));
                                    }
                                    _ => {}
                                }
                            }
                            StaticEffect::Cant { what: Forbidden::ReadyByEffects, objects: Some(units) }
                        }
                        Rule::st_change_victory_score => {
                            let mut parts = s.into_inner();
                            let sign = if parts.next().unwrap().as_rule() == Rule::decrease { -1 } else { 1 };
                            let by = number(&parts.nth(1).unwrap()) as i32;
                            StaticEffect::VictoryScore(sign * by)
                        }
                        // 727.1.b: "You may pay [1] to hide a card with [Hidden] instead of [A]".
                        Rule::st_hide_for => {
                            let parts: Vec<P> = s.clone().into_inner().collect();
                            let costs: Vec<&P> = parts.iter().filter(|x| x.as_rule() == Rule::resources).collect();
                            let with = parts.iter().find(|x| x.as_rule() == Rule::with_keyword).unwrap();
                            let (kw, _) = self.keyword(&with.clone().into_inner().next().unwrap())?;
                            let instead = self.resources(costs[1])?;
                            if kw != Keyword::Hidden || instead != (Cost { energy: 0, power: vec![PowerSymbol::Any] }) {
                                return Err(self.err(
                                    &s,
                                    "only hiding a card with [Hidden] instead of [A] is understood (727.1.b)",
                                ));
                            }
                            StaticEffect::HideFor(self.resources(costs[0])?)
                        }
                        Rule::st_hide_more => {
                            let n = s.into_inner().find(|x| x.as_rule() == Rule::number);
                            StaticEffect::HideMore(n.map(|n| number(&n)).unwrap_or(1))
                        }
                        // 141.3: "Opponents must pay [A] for each unit beyond the first to move
                        // multiple units to my battlefield at the same time".
                        Rule::st_move_tax => {
                            let (mut cost, mut free) = (Cost::default(), 1);
                            for x in s.into_inner() {
                                match x.as_rule() {
                                    Rule::resources => cost = self.resources(&x)?,
                                    Rule::beyond => free = ordinal(&x.into_inner().next().unwrap()),
                                    _ => {}
                                }
                            }
                            StaticEffect::MoveTax { cost, free }
                        }
                        _ => return Err(self.err(&s, "unknown passive ability")),
                    };
                    match effect {
                        None => effect = Some(passive),
                        Some(_) => also.push(passive),
                    }
                }
                _ => {}
            }
        }
        let effect = effect.unwrap();
        if let Some(c) = &condition
            && std::iter::once(&effect).chain(&also).any(|e| !crate::riftbound::statics::condition_supported(e, c))
        {
            return Err(self.err(&p, "this passive ability can't be made conditional on that condition yet"));
        }
        // "If you play me to a battlefield": where I enter, known only as I enter.
        if played_to_battlefield && (effect != (StaticEffect::EntersReady { units: None }) || !also.is_empty()) {
            return Err(self.err(&p, "after \"If you play me to a battlefield,\" only \"I enter ready\" is understood"));
        }
        for also in also {
            self.push(&p, AbilityKind::Static { condition: condition.clone(), effect: also }, None);
        }
        self.push(&p, AbilityKind::Static { condition, effect }, None);
        Ok(())
    }

    /// 353.3-353.4: "I cost [2][Y] less", "Units you play cost [A] less", "enemy spells cost
    /// [1][A] more", "I cost [1] less for each card in your trash", "..., to a minimum of [1]".
    fn cost_change(&self, s: P) -> Result<StaticEffect, Diagnostic> {
        let (mut cards, mut more, mut cost, mut per, mut min) = (None, false, Cost::default(), None, 0);
        let mut subject = None;
        let (mut first_each_turn, mut repeat) = (false, false);
        for x in s.into_inner() {
            match x.as_rule() {
                Rule::cost_subject => {
                    subject = Some(x.clone());
                    for w in x.into_inner() {
                        match w.as_rule() {
                            Rule::unit_noun_plural => {
                                let mut f = UnitFilter::units();
                                self.cost_cards(&mut f, w)?;
                                cards = Some(f);
                            }
                            // "the first friendly non-token gear played each turn".
                            Rule::first_played => {
                                let mut f = UnitFilter::units();
                                self.cost_cards(&mut f, w)?;
                                cards = Some(f);
                                first_each_turn = true;
                            }
                            // "friendly [Repeat] costs": the spells' [Repeat] costs only.
                            Rule::repeat_costs => {
                                let mut f = UnitFilter { kind: CardType::Spell, ..UnitFilter::units() };
                                self.cost_cards(&mut f, w)?;
                                cards = Some(f);
                                repeat = true;
                            }
                            Rule::you_play => {
                                if let Some(f) = cards.as_mut() {
                                    f.relation = Relation::Friendly
                                }
                            }
                            _ => {}
                        }
                    }
                }
                Rule::resources => cost = self.resources(&x)?,
                Rule::cost_more => more = true,
                Rule::per_each => per = Some(self.count_of(x)),
                Rule::discount_minimum if more => {
                    return Err(self.err(&x, "a minimum is understood only for a discount"));
                }
                Rule::discount_minimum => min = number(&x),
                _ => {}
            }
        }
        if let (Some(f), Some(subject)) = (&cards, &subject)
            && f.relation == Relation::Any
        {
            let message = "whose cards? `friendly`, `enemy`, `your` or `... you play` is understood here";
            return Err(self.err(subject, message));
        }
        Ok(StaticEffect::PlayCost { cards, first_each_turn, repeat, more, cost, per, min })
    }

    /// 353.4.b: "X's Energy cost(s) is / are reduced by AMOUNT": a discount of the card's own
    /// cost or of the cards its controller plays, a number or a count as the cost is paid.
    fn cost_reduced(&self, s: P) -> Result<StaticEffect, Diagnostic> {
        let (mut cards, mut cost, mut per, mut min) = (None, Cost::default(), None, 0);
        let mut owner = None;
        for x in s.clone().into_inner() {
            match x.as_rule() {
                Rule::cost_owner => owner = Some(x),
                Rule::cost_reduced_by => {
                    if let Some(f) = x.into_inner().find(|w| w.as_rule() == Rule::costs_for) {
                        let mut filter = UnitFilter::units();
                        self.cost_cards(&mut filter, f.into_inner().next().unwrap())?;
                        filter.relation = Relation::Friendly;
                        cards = Some(filter);
                    }
                }
                Rule::energy => cost.energy = number(&x),
                Rule::count_amount => {
                    cost.energy = 1;
                    per = Some(self.count_amount(x));
                }
                Rule::discount_minimum => min = number(&x),
                _ => {}
            }
        }
        let owner = owner.unwrap();
        match owner.clone().into_inner().next() {
            // "my", "this spell's": its own cost.
            Some(w) if w.as_rule() == Rule::cost_own => {
                if cards.is_some() {
                    return Err(self.err(&owner, "its own cost is for no other cards"));
                }
            }
            // "Your Dragons'": the cards a plural phrase names.
            Some(w) => {
                if cards.is_some() {
                    return Err(self.err(&owner, "whose cost? name the cards before \"Energy costs\" or after \"for\""));
                }
                let mut f = UnitFilter::units();
                self.cost_cards(&mut f, w.clone())?;
                if f.relation == Relation::Any {
                    let message = "whose cards? `friendly`, `enemy`, `your` or `... you play` is understood here";
                    return Err(self.err(&w, message));
                }
                cards = Some(f);
            }
            // "the Energy costs for spells you play".
            None if cards.is_none() => {
                return Err(self.err(&owner, "whose cost? `the Energy costs for CARDS you play` is understood here"));
            }
            None => {}
        }
        Ok(StaticEffect::PlayCost { cards, first_each_turn: false, repeat: false, more: false, cost, per, min })
    }

    /// The cards a cost change names (353.4): their kind, tags, whose they are and whether they
    /// are tokens; any other restriction is refused, as the cost change would not honour it.
    fn cost_cards(&self, f: &mut UnitFilter, p: P) -> Result<(), Diagnostic> {
        for w in p.clone().into_inner() {
            self.apply_filter_word(f, &w);
        }
        let token = |c: &Condition| matches!(c, Condition::Token) || *c == Condition::Not(Box::new(Condition::Token));
        if f.other || f.at != At::Anywhere || f.condition.as_deref().is_some_and(|c| !token(c)) {
            return Err(
                self.err(&p, "a cost change is understood only for cards named by kind, tag and whose they are")
            );
        }
        Ok(())
    }

    fn keyword_list(&self, p: P) -> Result<Vec<(Keyword, u32)>, Diagnostic> {
        p.into_inner().filter(|k| k.as_rule() == Rule::keyword).map(|k| self.keyword(&k)).collect()
    }

    // ---- spells, replacement effects, instructions ---------------------------------------

    fn spell_line(&mut self, p: P) -> Result<(), Diagnostic> {
        let inner = p.clone().into_inner().next().unwrap();
        if inner.as_rule() == Rule::replacement {
            return self.replacement(inner);
        }
        if self.card.kind != CardType::Spell {
            return Err(
                self.err(&p, "instructions on a permanent need a trigger (\"When ...,\") or a cost (\"[E]: ...\")")
            );
        }
        // A spell's lines are one list of instructions, top to bottom (151.1).
        if let Some(i) = self.out.abilities.iter().position(|a| a.kind == AbilityKind::Spell) {
            let targets = self.out.abilities[i].targets.clone();
            let it = targets.len().checked_sub(1).map(Obj::Target);
            let body = self.effect(inner, Body { targets, it, ..Body::default() })?;
            if self.out.abilities[i].body.is_none() && !body.effects.is_empty() {
                let name = format!("a{i}");
                let comment = format!("{} line {}: {}", self.card.name, self.line_of(&p), p.as_str().trim());
                self.hooks.push((comment, name.clone()));
                self.out.abilities[i].body = Some(name);
            }
            let spell = &mut self.out.abilities[i];
            spell.effects.extend(body.effects);
            spell.targets = body.targets;
            self.flush_reflexives(self.line_of(&p));
            return Ok(());
        }
        let body = self.effect(inner, Body::default())?;
        self.push(&p, AbilityKind::Spell, Some(body));
        Ok(())
    }

    /// "Choose one —" and its bulleted modes: one ability per mode, each with its own targets.
    fn modal(&mut self, p: P) -> Result<(), Diagnostic> {
        if self.card.kind != CardType::Spell {
            return Err(self.err(&p, "\"Choose one —\" is understood on spells only"));
        }
        for mode in p.into_inner() {
            let effect = mode.clone().into_inner().next().unwrap();
            let body = self.effect(effect, Body::default())?;
            self.push(&mode, AbilityKind::Mode, Some(body));
        }
        Ok(())
    }

    fn replacement(&mut self, p: P) -> Result<(), Diagnostic> {
        let mut inner = p.clone().into_inner();
        let event = inner.next().unwrap();
        let (kind, mut body) = if event.as_rule() == Rule::combat_tie {
            // "a combat where you are the attacker ends in a tie" (440.1.a.2, the tie).
            let side = event.into_inner().find(|x| x.as_rule() == Rule::combat_where);
            let you_are = side.map(|w| {
                if w.into_inner().flatten().any(|x| x.as_rule() == Rule::side_attacker) {
                    Role::Attacker
                } else {
                    Role::Defender
                }
            });
            (AbilityKind::ReplaceTie { you_are }, Body { that_combat: true, ..Body::default() })
        } else {
            let filter = self.unit_phrase(event);
            // "if it has less Might than me": Might at most mine - 1; "no more": at most mine.
            let might_vs_me = p.clone().into_inner().find(|x| x.as_rule() == Rule::replace_if_might).map(|x| {
                let cmp = x.into_inner().find(|w| w.as_rule() == Rule::might_cmp);
                if cmp.is_some_and(|w| w.as_str().eq_ignore_ascii_case("less")) { -1 } else { 0 }
            });
            (AbilityKind::ReplaceDeath { filter, might_vs_me }, Body { it: Some(Obj::ThatUnit), ..Body::default() })
        };
        for part in inner {
            let optional = part.as_rule() == Rule::clause
                && part.clone().into_inner().next().is_some_and(|c| c.as_rule() == Rule::pay_to);
            body = match part.as_rule() {
                Rule::clause => self.clause(part, body)?,
                Rule::effect => self.effect(part, body)?,
                _ => body,
            };
            // "you may pay COST to X instead": the body answers whether the replacement applied;
            // declined (or unpayable), the event happens as it would have (383.3 likewise).
            if optional && let Some(Effect::If { then, otherwise, .. }) = body.effects.last_mut() {
                then.push(Effect::Answer(true));
                otherwise.push(Effect::Answer(false));
            }
        }
        self.push(&p, kind, Some(body));
        Ok(())
    }

    fn effect(&self, p: P, mut body: Body) -> Result<Body, Diagnostic> {
        for sentence in p.into_inner() {
            for clause in sentence.into_inner() {
                body = self.clause(clause, body)?;
            }
        }
        Ok(body)
    }

    /// 380-381: the reflexive ability of "do this [N times]: X", compiled as its own ability
    /// (pushed after the one containing it); returns its body's name and N.
    fn reflexive_ability(&self, c: P, body: &Body) -> Result<(String, u32), Diagnostic> {
        let mut parts = c.into_inner();
        let first = parts.next().unwrap();
        let (times, effect) = if first.as_rule() == Rule::reflexive_times {
            let n = if first.as_str().eq_ignore_ascii_case("twice") {
                2
            } else {
                number(&first.into_inner().next().unwrap())
            };
            (n, parts.next().unwrap())
        } else {
            (1, first)
        };
        let text = effect.as_str().trim().to_string();
        // The reflexive ability is its own ability: its own targets, chosen as it is put on
        // the chain (390); "it" is the object the outer instructions named last, which the
        // reflexive ability remembers as its "that unit" (`Effect::Reflexive`'s `it`; the killed
        // unit of "If this kills it, do this"), not a target of its own.
        let it = body.it.as_ref().map(|_| Obj::ThatUnit);
        let inner = self.effect(effect, Body { it, killed: body.killed, ..Body::default() })?;
        Ok((self.pending('r', text, inner.effects, inner.targets, AbilityKind::Reflexive), times))
    }

    /// Compiles instructions after `body`'s own into a block of their own: what `f` adds to a
    /// body, returned apart, with everything else the body learned (targets, "it") kept.
    fn nested(
        &self,
        mut body: Body,
        f: impl FnOnce(&Self, Body) -> Result<Body, Diagnostic>,
    ) -> Result<(Body, Vec<Effect>), Diagnostic> {
        let before = std::mem::take(&mut body.effects);
        let mut inner = f(self, body)?;
        let block = std::mem::replace(&mut inner.effects, before);
        Ok((inner, block))
    }

    /// Compiles `clause` after `body`'s instructions, run only while `test` holds.
    /// A token played only while the test held is no "it" for the sentences after it: "If it was
    /// an enemy unit, play a Gold gear token. If it was a friendly unit, ..." still means the
    /// unit.
    fn guarded(&self, clause: P, body: Body, test: Test) -> Result<Body, Diagnostic> {
        let outer = body.it.clone();
        let (mut b, then) = self.nested(body, |s, b| s.clause(clause, b))?;
        if b.it == Some(Obj::Var(Var::Made)) && outer.is_some() {
            b.it = outer;
        }
        b.effects.push(Effect::If { test, then, otherwise: Vec::new() });
        Ok(b)
    }

    /// The test of "If CONDITION, ..." inside instructions, checked as they resolve. 728.1.c: "you've
    /// played another card this turn" there is the Legion test (another card than this one,
    /// played before it).
    fn condition_test(&self, cond: P) -> Result<Test, Diagnostic> {
        if cond.clone().into_inner().next().is_some_and(|x| x.as_rule() == Rule::cond_played_another) {
            return Ok(Test::Legion);
        }
        let condition = self.condition(cond)?;
        let mut list = self.conditions.borrow_mut();
        let index = list.iter().position(|x| *x == condition).unwrap_or_else(|| {
            list.push(condition.clone());
            list.len() - 1
        });
        Ok(Test::Holds { index, condition })
    }

    /// "If you have exactly two units there": whether the battlefield chosen before it (a Move
    /// Destination too, 352.3) has that many units "you" control there as it resolves; "they" is
    /// then those units.
    fn units_there(&self, u: P, body: &mut Body) -> Result<Test, Diagnostic> {
        let (at_least, at_most, _) = units_at_parts(u.clone());
        let spec = body
            .targets
            .iter()
            .rposition(|s| {
                s.filter.kind == CardType::Battlefield
                    && matches!(s.count, TargetCount::One | TargetCount::Destination(_))
            })
            .ok_or_else(|| self.err(&u, "\"there\" needs a battlefield chosen before it"))?;
        let yours = UnitFilter { relation: Relation::Friendly, ..UnitFilter::units() };
        let count = Condition::Count {
            filter: UnitFilter { at: At::Here, ..yours.clone() },
            at_least,
            at_most,
            whose: Controlled::Anyone,
        };
        let bf = UnitFilter { condition: Some(Box::new(count)), ..UnitFilter::of_kind(CardType::Battlefield) };
        body.they_units = Some(Objs::AtBattlefield { filter: yours, spec });
        Ok(Test::Matches(Obj::Target(spec), bf))
    }

    /// "it's stunned", "it's an Equipment", "it has 3 [M] or less": whether what "it" names is so
    /// as the instruction resolves. "it" is of the kind its phrase chose ("choose an enemy gear.
    /// If it's [Empowered]"); a noun says what it must be ("If it's an Equipment").
    fn it_matches<'a>(&self, at: &P<'a>, body: &Body, words: Vec<P<'a>>) -> Result<Test, Diagnostic> {
        let it = body.it.clone().ok_or_else(|| self.err(at, "\"if it is\" needs something named before it"))?;
        let mut filter = UnitFilter::units();
        if let Obj::Target(i) = &it
            && let Some(spec) = body.targets.get(*i)
        {
            filter.kind = spec.filter.kind;
        }
        // A revealed card stays in its Main Deck while revealed (411.1.a.2).
        if it == Obj::Var(Var::Revealed) {
            filter.at = At::MainDeck;
        }
        // A card played by an instruction before waits on the chain (351.3).
        if it == Obj::Var(Var::Played) {
            filter.at = At::Chain;
        }
        for part in words {
            match part.as_rule() {
                Rule::t_it | Rule::article => {}
                Rule::it_has_might => filter.max_might = Some(number(&part.into_inner().next().unwrap())),
                // "the only unit you control there": no other such object at its location.
                Rule::it_the_only => {
                    let mut others = UnitFilter { other: true, ..UnitFilter::units() };
                    // "there": where it is (`apply_filter_word` reads it as "here", relative to it).
                    part.into_inner().for_each(|w| self.apply_filter_word(&mut others, &w));
                    (filter.kind, filter.relation) = (others.kind, others.relation);
                    let none =
                        Condition::Count { filter: others, at_least: 0, at_most: Some(0), whose: Controlled::Anyone };
                    filter.condition = Some(Box::new(none));
                }
                _ => self.apply_filter_word(&mut filter, &part),
            }
        }
        Ok(Test::Matches(it, filter))
    }

    /// The instructions of a clause run only while `test` holds ("pay ... to", "spend a buff to").
    fn instructions_if<'a>(
        &self,
        parts: impl Iterator<Item = P<'a>>,
        body: Body,
        test: Test,
    ) -> Result<Body, Diagnostic> {
        let (mut b, then) = self.nested(body, |s, mut b| {
            for ins in parts {
                b = s.instruction(ins, b)?;
            }
            Ok(b)
        })?;
        b.effects.push(Effect::If { test, then, otherwise: Vec::new() });
        Ok(b)
    }

    /// 352.9: "draw 1 or channel 1 rune exhausted": the controller picks one of the two as it
    /// resolves.
    fn either(&self, c: P, body: Body) -> Result<Body, Diagnostic> {
        let mut parts = c.into_inner();
        let (first, second) = (parts.next().unwrap(), parts.next().unwrap());
        let (b, then) = self.nested(body, |s, b| s.instruction(first, b))?;
        let (mut b, otherwise) = self.nested(b, |s, b| s.instruction(second, b))?;
        b.effects.push(Effect::If { test: Test::FirstOfTwo, then, otherwise });
        Ok(b)
    }

    fn clause(&self, p: P, body: Body) -> Result<Body, Diagnostic> {
        let c = p.into_inner().next().unwrap();
        match c.as_rule() {
            Rule::instruction => self.instruction(c, body),
            Rule::you_may => {
                let ins = c.into_inner().next().unwrap();
                if ins.as_rule() == Rule::either {
                    let (mut b, then) = self.nested(body, |s, b| s.either(ins, b))?;
                    b.effects.push(Effect::If { test: Test::May, then, otherwise: Vec::new() });
                    return Ok(b);
                }
                let (mut b, then) = self.nested(Body { may: true, ..body }, |s, b| s.instruction(ins, b))?;
                // An instruction that took the "may" into its own choice is not asked twice.
                if std::mem::take(&mut b.may) {
                    b.effects.push(Effect::If { test: Test::May, then, otherwise: Vec::new() });
                } else {
                    b.effects.extend(then);
                }
                Ok(b)
            }
            // 352.10.c.1: "Pay any amount of [A] to X": paid first, X with "that much" as what was
            // paid (nothing paid, X does nothing more than with 0).
            Rule::pay_to if c.clone().into_inner().next().is_some_and(|x| x.as_rule() == Rule::pay_any_amount) => {
                let mut parts = c.into_inner();
                let unit = parts.next().unwrap().into_inner().next().unwrap();
                let cost = match unit.as_rule() {
                    Rule::any_energy => Cost { energy: 1, power: Vec::new() },
                    _ => self.resources(&unit)?,
                };
                let mut b = body;
                b.effects.push(Effect::Let(Var::Paid, Box::new(Effect::PayAnyAmount(cost))));
                b.paid = Some(None);
                for ins in parts {
                    b = self.instruction(ins, b)?;
                }
                Ok(b)
            }
            Rule::pay_to => {
                let mut parts = c.into_inner().peekable();
                // "they may pay [1] to X": that player decides and pays (181.6.a).
                let payer = match parts.next_if(|x| x.as_rule() == Rule::payer) {
                    Some(x) => Some(self.they(x.into_inner().next().unwrap(), &body)?),
                    None => None,
                };
                // "exhaust me and pay [A] to X": one payment, the source exhausted (401.5).
                let exhaust_first = parts.next_if(|x| x.as_rule() == Rule::exhaust_and_pay);
                let resources = match &exhaust_first {
                    Some(x) => x.clone().into_inner().find(|y| y.as_rule() == Rule::resources),
                    None => parts.next_if(|x| x.as_rule() == Rule::resources),
                };
                let cost = match resources {
                    Some(r) => self.resources(&r)?,
                    None => Cost::default(),
                };
                // "pay [1] and return a unit you control here to its owner's hand to X": one payment.
                let and_other = parts
                    .next_if(|x| x.as_rule() == Rule::pay_and_other)
                    .map(|x| self.other_cost(x.into_inner().next().unwrap()));
                let may = parts.next_if(|x| x.as_rule() == Rule::may).is_some();
                // "you may banish me to X", "you may kill me to X": banishing (414) or killing
                // (415) the source is the payment.
                let me_cost = parts
                    .next_if(|x| {
                        x.as_rule() == Rule::pay_me
                            && x.clone().into_inner().any(|y| matches!(y.as_rule(), Rule::pay_banish | Rule::pay_kill))
                    })
                    .map(|x| match x.into_inner().any(|y| y.as_rule() == Rule::pay_kill) {
                        true => OtherCost::KillMe,
                        false => OtherCost::BanishMe,
                    });
                let exhaust_me = exhaust_first.is_some()
                    || parts.next_if(|x| matches!(x.as_rule(), Rule::pay_exhaust_this | Rule::pay_me)).is_some();
                // "pay [A], exhaust me, and spend its buff to X": the buff of the unit "its" names
                // is part of the payment (702.2.b).
                let spend_buff = match parts.next_if(|x| x.as_rule() == Rule::pay_its_buff) {
                    Some(x) => Some(self.it(&x, &body, "\"its buff\" needs a unit before it")?),
                    None => None,
                };
                // 352.10.c.1: "Recycle me to X": recycling is the payment; "discard 1 to X":
                // a cost other than Energy and Power.
                let test = match parts
                    .next_if(|x| matches!(x.as_rule(), Rule::pay_recycle_me | Rule::other_cost | Rule::spend_its_buff))
                {
                    Some(x) if x.as_rule() == Rule::other_cost => Test::PayOther { cost: self.other_cost(x), may },
                    // "you may spend its buff to X": the buff of the unit "its" names (702.2.b).
                    Some(x) if x.as_rule() == Rule::spend_its_buff => {
                        Test::SpendItsBuff(self.it(&x, &body, "\"its buff\" needs a unit before it")?)
                    }
                    Some(_) => Test::RecycleToPay(Obj::Me),
                    None if let Some(other) = and_other => Test::PayAnd { cost, other },
                    None if let Some(cost) = me_cost => Test::PayOther { cost, may: true },
                    None => match payer {
                        Some(who) => Test::PlayerPays { who, cost },
                        None => Test::Pay { cost, exhaust_me, spend_buff },
                    },
                };
                // "that player may pay [1] to channel 1 rune": the payer channels.
                let actor = match &test {
                    Test::PlayerPays { who, .. } => Some(who.clone()),
                    _ => body.actor.clone(),
                };
                let outer = body.actor.clone();
                let mut b = self.instructions_if(parts, Body { paying: true, actor, ..body }, test)?;
                b.paying = false;
                b.actor = outer;
                Ok(b)
            }
            // "Deal 6 to it unless its controller has you draw 2", "Counter a spell unless its
            // controller pays [2]": that player decides first (181.6.a); X only if they don't.
            Rule::unless_player => {
                let mut parts = c.into_inner();
                let ins = parts.next().unwrap();
                let (b, mut otherwise) = self.nested(body, |s, b| s.instruction(ins, b))?;
                let who = self.one_player(parts.next().unwrap().into_inner().next().unwrap(), &b)?;
                let choice = parts.next().unwrap();
                let ask = choice.clone().into_inner().next().unwrap();
                let (mut b, test, then) = if choice.as_rule() == Rule::unless_pays {
                    let cost = self.resources(&ask)?;
                    let unpaid = Test::Not(Box::new(Test::PlayerPays { who, cost }));
                    (b, unpaid, std::mem::take(&mut otherwise))
                } else {
                    let (b, then) = self.nested(b, |s, b| s.instruction(ask, b))?;
                    (b, Test::PlayerAgrees(who), then)
                };
                b.effects.push(Effect::If { test, then, otherwise });
                Ok(b)
            }
            Rule::reflexive => {
                let (name, times) = self.reflexive_ability(c, &body)?;
                let mut b = body;
                for _ in 0..times {
                    b.effects.push(Effect::Reflexive { body: name.clone(), it: b.it.clone() });
                }
                Ok(b)
            }
            Rule::if_kills => {
                // 380.3: "If this kills it, do this: X" is a reflexive trigger whose condition is
                // the kill; the unit may die only in the next cleanup (322.2), so the kernel waits
                // for it. The plain "If this kills it, X" would have to decide at once, before the
                // death (which may still be replaced, 383.3): the official errata moved
                // Disintegrate to the reflexive wording, so only that one is accepted.
                let it = body
                    .it
                    .clone()
                    .ok_or_else(|| self.err(&c, "\"If this kills it\" needs something killed before it"))?;
                let clause = c.clone().into_inner().find(|x| x.as_rule() == Rule::clause).unwrap();
                let Some(reflexive) = clause.clone().into_inner().next().filter(|r| r.as_rule() == Rule::reflexive)
                else {
                    return Err(self.err(
                        &clause,
                        "\"If this kills it\" needs the reflexive wording \"If this kills it, do this: ...\" \
                         (the unit dies only in the next cleanup, 380.3; the official errata of Disintegrate uses it)",
                    ));
                };
                let (name, times) = self.reflexive_ability(reflexive, &body)?;
                let mut b = body;
                for _ in 0..times {
                    b.effects.push(Effect::ReflexiveIfKilled { body: name.clone(), unit: it.clone() });
                }
                Ok(b)
            }
            Rule::if_buffed => {
                let it = body
                    .it
                    .clone()
                    .ok_or_else(|| self.err(&c, "\"if it was buffed this way\" needs something buffed before it"))?;
                self.guarded(c.into_inner().next().unwrap(), body, Test::DoneThisWay(Act::Buff, it))
            }
            Rule::if_it_is | Rule::then_if_it_is => {
                let after = c.as_rule() == Rule::then_if_it_is;
                let (mut guarded, mut clause, mut words) = (None, None, Vec::new());
                for (k, part) in c.clone().into_inner().enumerate() {
                    match part.as_rule() {
                        _ if after && k == 0 => guarded = Some(part),
                        Rule::clause => clause = Some(part),
                        _ => words.push(part),
                    }
                }
                let test = self.it_matches(&c, &body, words)?;
                let mut inner = match guarded {
                    Some(instruction) => self.instructions_if(std::iter::once(instruction), body, test.clone())?,
                    None => self.guarded(clause.unwrap(), body, test.clone())?,
                };
                inner.last_if = Some(test);
                Ok(inner)
            }
            // 376.2.b: "if I am at a battlefield, X": checked as X resolves, about me.
            // 702.2.b: the instructions happen only if a buff was spent.
            // "For each friendly unit, you may spend its buff to ready it.": the clause for each
            // object the phrase names as it resolves (352.10.d: no target), "it" being that one.
            // "For each buff spent, X": X once for each payment of the "any number of" cost
            // before it.
            Rule::for_each_paid => {
                let mut parts = c.clone().into_inner();
                let per = parts.next().unwrap();
                match &body.paid {
                    Some(Some(cost)) if pays(&per, cost) => {}
                    _ => {
                        return Err(
                            self.err(&per, "\"for each ... spent\" counts a cost paid any number of times before it")
                        );
                    }
                }
                let (mut b, then) = self.nested(body, |s, b| s.clause(parts.next().unwrap(), b))?;
                b.effects.push(Effect::Repeat(Amount::Paid, then));
                Ok(b)
            }
            Rule::for_each_clause => {
                let mut f = UnitFilter::units();
                let mut clause = None;
                for x in c.into_inner() {
                    match x.as_rule() {
                        Rule::clause => clause = Some(x),
                        _ => self.apply_filter_word(&mut f, &x),
                    }
                }
                let it = body.it.clone();
                let (mut b, then) =
                    self.nested(Body { it: Some(Obj::Each), ..body }, |s, b| s.clause(clause.unwrap(), b))?;
                b.it = it;
                b.effects.push(Effect::ForEach(Objs::All(f), then));
                Ok(b)
            }
            Rule::at_end_of_this_turn => {
                // 383.2: a delayed trigger for this turn's end (317.1); it chooses its own
                // targets as it goes on the chain (390).
                let text = c.as_str().trim().trim_end_matches('.').to_string();
                let mut inner = Body { it: body.it.as_ref().map(|_| Obj::Remembered), ..Body::default() };
                for ins in c.into_inner().filter(|x| x.as_rule() == Rule::instruction) {
                    inner = self.instruction(ins, inner)?;
                }
                // "it" (or "that unit") there: what "it" is here, remembered (414.3).
                let remembers = contains_obj(&inner.effects, &Obj::Remembered);
                let name = self.pending(
                    't',
                    text,
                    inner.effects,
                    inner.targets,
                    AbilityKind::DelayedTrigger { trigger: Trigger::EndOfThisTurn, once: false, of_it: false },
                );
                let mut b = body;
                let it = if remembers { b.it.clone() } else { None };
                b.effects.push(Effect::Delay { body: name, it });
                Ok(b)
            }
            Rule::if_you_do => {
                // "If you do": whether the optional additional cost was paid (353.2.b), or
                // whether the instruction before was done; "If you can't": the opposite.
                let mut parts = c.clone().into_inner();
                let which = parts.next().unwrap();
                let mut body = body;
                // "You may X. If you do, Y.": Y is part of what the choice (or payment) does.
                if which.as_rule() == Rule::you_do
                    && matches!(
                        body.effects.last(),
                        Some(Effect::If { test: Test::May | Test::Pay { .. } | Test::PayOther { .. }, otherwise, .. })
                            if otherwise.is_empty()
                    )
                {
                    let (mut b, more) = self.nested(body, |s, b| s.clause(parts.next().unwrap(), b))?;
                    if let Some(Effect::If { then, .. }) = b.effects.last_mut() {
                        then.extend(more);
                    }
                    b.last_if = None;
                    return Ok(b);
                }
                let done = self.done_test(&c, &mut body)?;
                let test = if which.as_rule() == Rule::you_cant { Test::Not(Box::new(done)) } else { done };
                let mut inner = self.guarded(parts.next().unwrap(), body, test.clone())?;
                inner.last_if = Some(test);
                Ok(inner)
            }
            Rule::either => self.either(c, body),
            Rule::if_condition => {
                let mut parts = c.clone().into_inner();
                let cond = parts.next().unwrap();
                let mut body = body;
                let test = match cond.clone().into_inner().next() {
                    Some(u)
                        if u.as_rule() == Rule::cond_units_at && units_at_parts(u.clone()).2 == Rule::cond_there =>
                    {
                        self.units_there(u, &mut body)?
                    }
                    _ => self.condition_test(cond)?,
                };
                let mut inner = self.guarded(parts.next().unwrap(), body, test.clone())?;
                inner.last_if = Some(test);
                Ok(inner)
            }
            // 151.2: "Deal 3 to a unit. If CONDITION, deal 5 to it instead.": the instruction
            // replaces the one before it while the condition holds as they resolve.
            Rule::if_instead => {
                let mut parts = c.clone().into_inner();
                let first = parts.next().unwrap();
                let test = match first.as_rule() {
                    Rule::it_matches => self.it_matches(&first, &body, first.clone().into_inner().collect())?,
                    _ => self.condition_test(first)?,
                };
                let mut body = body;
                let Some(before) = body.effects.pop() else {
                    return Err(self.err(&c, "\"... instead\" needs an instruction before it"));
                };
                let (mut b, then) = self.nested(body, |s, b| s.instruction(parts.next().unwrap(), b))?;
                b.effects.push(Effect::If { test, then, otherwise: vec![before] });
                Ok(b)
            }
            Rule::you_instruction => {
                let mut parts = c.clone().into_inner();
                let first = parts.next().unwrap();
                if first.as_rule() != Rule::you_must {
                    return self.instruction(first, body);
                }
                let specs = body.targets.len();
                let mut b = self.instruction(parts.next().unwrap(), body)?;
                // 352.10.f: the one object it names is chosen as it resolves, among those the
                // phrase names then.
                let chosen = Obj::Var(Var::Chosen);
                match (b.targets.len() - specs, b.effects.last_mut()) {
                    (1, Some(Effect::Act(_, o)))
                        if *o == Obj::Target(specs) && b.targets[specs].count == TargetCount::One =>
                    {
                        *o = chosen.clone();
                    }
                    _ => return Err(self.err(&c, "\"you must\" is understood with an instruction about one object")),
                }
                let filter = b.targets.remove(specs).filter;
                let act = b.effects.pop().unwrap();
                let from = Objs::All(filter.clone());
                b.effects.push(Effect::Let(Var::Chosen, Box::new(Effect::ChooseCard { from, filter })));
                b.effects.push(act);
                b.it = Some(chosen);
                Ok(b)
            }
            Rule::otherwise => {
                let test =
                    body.last_if.clone().ok_or_else(|| self.err(&c, "\"Otherwise\" needs an \"If\" before it"))?;
                // Right after its "If": the other branch of the same test, asked once (what the
                // first branch did can't change which branch runs).
                if let Some(Effect::If { test: t, otherwise, .. }) = body.effects.last()
                    && *t == test
                    && otherwise.is_empty()
                {
                    let (mut b, block) = self.nested(body, |s, mut b| {
                        for clause in c.clone().into_inner() {
                            b = s.clause(clause, b)?;
                        }
                        Ok(b)
                    })?;
                    if let Some(Effect::If { otherwise, .. }) = b.effects.last_mut() {
                        *otherwise = block;
                    }
                    return Ok(b);
                }
                let negated = match test {
                    Test::Not(t) => *t,
                    t => Test::Not(Box::new(t)),
                };
                let mut clauses = c.clone().into_inner();
                let first = clauses.next().unwrap();
                if let Some(more) = clauses.next() {
                    return Err(self
                        .err(&more, "more than one instruction after a distant \"Otherwise\" is not understood yet"));
                }
                self.guarded(first, body, negated)
            }
            Rule::delayed_trigger => {
                // 383.2: its own ability, set up now and run when the event happens later this
                // turn; "it" there is what "it" is here, remembered (414.3).
                let text = c.as_str().trim().trim_end_matches('.').to_string();
                // "When EVENT this turn, X" or "X the next time EVENT this turn".
                let parts: Vec<P> = c.clone().into_inner().collect();
                let once = parts.iter().any(|x| x.as_rule() == Rule::next_time);
                let event = parts.iter().find(|x| x.as_rule() == Rule::event).unwrap();
                let of_it = event.clone().into_inner().flatten().any(|x| x.as_rule() == Rule::unit_it);
                let trigger = self.event_of(event.clone(), true)?;
                // "it" is the unit the event is about, if any, else what "it" was here.
                let it = if trigger.names_a_unit() { Obj::ThatUnit } else { Obj::Remembered };
                let mut inner = Body { it: Some(it), ..Body::default() };
                for ins in parts.into_iter().filter(|x| x.as_rule() == Rule::instruction) {
                    inner = self.instruction(ins, inner)?;
                }
                if !inner.targets.is_empty() {
                    return Err(self.err(&c, "a delayed trigger that chooses targets is not understood yet"));
                }
                let name = self.pending(
                    't',
                    text,
                    inner.effects,
                    inner.targets,
                    AbilityKind::DelayedTrigger { trigger, once, of_it },
                );
                let mut b = body;
                let it = b.it.clone();
                b.effects.push(Effect::Delay { body: name, it });
                Ok(b)
            }
            Rule::at_next_main => {
                // 383.2: its own ability, waiting for the controller's next Action Phase (316.1),
                // once; it chooses its targets as it goes on the chain (390). What "it" and "this
                // battlefield" are here is remembered (414.3).
                let text = c.as_str().trim().trim_end_matches('.').to_string();
                let clause = c.clone().into_inner().nth(1).unwrap();
                let inner = Body { it: Some(Obj::Remembered), battlefield: body.battlefield, ..Body::default() };
                let inner = self.clause(clause, inner)?;
                let name = self.pending(
                    't',
                    text,
                    inner.effects,
                    inner.targets,
                    AbilityKind::DelayedTrigger { trigger: Trigger::StartOfMainPhase, once: true, of_it: false },
                );
                let mut b = body;
                let it = b.it.clone();
                b.effects.push(Effect::Delay { body: name, it });
                Ok(b)
            }
            _ => Err(self.err(&c, "unknown clause")),
        }
    }

    /// A quoted ability an instruction gives another object (450.2.a), compiled from `body`: pushed
    /// after the ability that contains it as [`Compiler::pending`] abilities are, marked given (its
    /// card does not have it).
    fn pending_given(&self, text: String, body: Body, kind: AbilityKind) {
        let name = format!("g{}_{}", self.out.abilities.len(), self.reflexives.borrow().len());
        let mut effects = body.effects;
        bind_made(&mut effects);
        self.reflexives.borrow_mut().push(PendingReflexive {
            name,
            effects,
            targets: body.targets,
            text,
            kind,
            given: true,
        });
    }

    /// An ability found inside a body (a reflexive one 380, a delayed trigger 383.2, a delayed
    /// replacement 383.3), its own ability pushed after the one that contains it; answers the
    /// name of its body (`prefix` and a number).
    fn pending(
        &self,
        prefix: char,
        text: String,
        effects: Vec<Effect>,
        targets: Vec<TargetSpec>,
        kind: AbilityKind,
    ) -> String {
        let name = format!("{prefix}{}_{}", self.out.abilities.len(), self.reflexives.borrow().len());
        let mut effects = effects;
        bind_made(&mut effects);
        self.reflexives.borrow_mut().push(PendingReflexive {
            name: name.clone(),
            effects,
            targets,
            text,
            kind,
            given: false,
        });
        name
    }

    /// What "If you do" asks: with nothing before it in the body, whether this card's optional
    /// additional cost was paid (353.2.b); otherwise whether the instruction before it was done.
    /// A condition about me inside an effect, as the question whether I am (still) an object in
    /// that state or place as it resolves: "I am at a battlefield", "I'm [Mighty]", "I'm buffed".
    fn done_test(&self, c: &P, b: &mut Body) -> Result<Test, Diagnostic> {
        let optional_cost = self.out.abilities.iter().any(|a| {
            matches!(
                a.kind,
                AbilityKind::Static {
                    effect: StaticEffect::OptionalCost(_) | StaticEffect::OtherCost { optional: true, .. },
                    ..
                }
            )
        });
        if b.effects.is_empty() && optional_cost {
            return Ok(Test::PaidAdditional);
        }
        // "you may play an Equipment .... If you do": whether a card was played.
        if let Some(Effect::Let(Var::Played, _)) = b.effects.last() {
            return Ok(Test::Exists(Obj::Var(Var::Played)));
        }
        // "Kill a friendly unit. If you do, ...": whether that object was killed (a replacement,
        // 364, or an illegal target, 356.3.e.5, can leave it alive).
        if let Some(Effect::Act(act, o)) = b.effects.last()
            && act.reported()
        {
            return Ok(Test::DoneThisWay(*act, o.clone()));
        }
        bind_last(b, Var::Done, |e| matches!(e, Effect::Channel { .. })).map(Test::Var).ok_or_else(|| {
            self.err(c, "\"If you do\" needs an optional cost or an instruction that can fail before it")
        })
    }

    /// "a card from your hand": one card in the player's hand the phrase names, chosen by `who`
    /// as this resolves, not a target (352.10.a: a hand is not public); `optional`: or none.
    /// `implicit`: a phrase with no zone named is a card in hand too ("play an Equipment", 346).
    /// `None` for a phrase about another zone.
    fn card_in_hand(&self, phrase: &P, b: &mut Body, who: Who, optional: bool, implicit: bool) -> Option<Obj> {
        let x = phrase.clone().into_inner().next().filter(|x| x.as_rule() == Rule::t_one)?;
        let mut filter = self.filter_of(x);
        if filter.at != At::YourHand && !(implicit && filter.at == At::Anywhere) {
            return None;
        }
        filter.at = At::YourHand;
        b.effects
            .push(Effect::Let(Var::Chosen, Box::new(Effect::PlayerChooses { who, filter, optional, except: None })));
        Some(Obj::Var(Var::Chosen))
    }

    /// What "it" refers to here (the last object an instruction named), or the diagnostic
    /// `what` when nothing came before.
    fn it(&self, p: &P, b: &Body, what: &str) -> Result<Obj, Diagnostic> {
        b.it.clone().ok_or_else(|| self.err(p, what))
    }

    /// The player "that player" (`ps_that_player`: the trigger's) or "they" (`ps_they`: the
    /// player chosen before it, or the one the trigger's event is about) names.
    fn they(&self, p: P, b: &Body) -> Result<Who, Diagnostic> {
        if p.as_rule() == Rule::ps_that_player {
            return Ok(b.that_player.clone().unwrap_or(Who::ThatPlayer));
        }
        b.they.clone().ok_or_else(|| {
            self.err(&p, "\"they\" needs a player before it, as \"Choose an opponent.\" or \"When a player ...\" names")
        })
    }

    /// The one player a singular subject names: "that player", "they", "its owner", "its
    /// controller" (the card or unit named before it).
    fn one_player(&self, subject: P, b: &Body) -> Result<Who, Diagnostic> {
        match subject.as_rule() {
            Rule::ps_that_player | Rule::ps_they => self.they(subject, b),
            Rule::ps_its_owner => Ok(Who::OwnerOf(self.it(&subject, b, "\"its owner\" needs a card before it")?)),
            Rule::ps_its_controller => {
                Ok(Who::ControllerOf(self.it(&subject, b, "\"its controller\" needs a unit before it")?))
            }
            _ => Err(self.err(&subject, "one player is expected here, as \"its controller\" or \"that player\"")),
        }
    }

    /// The players a subject of several names, in the order they act ("each player", "starting
    /// with the next player, each other player", "you and that player each"); `None` for one
    /// player ("that player", "its owner").
    fn subject_players(&self, subject: &P, b: &Body) -> Result<Option<Players>, Diagnostic> {
        Ok(Some(match subject.as_rule() {
            Rule::ps_each_player => Players::All,
            Rule::ps_from_next if subject.clone().into_inner().any(|x| x.as_rule() == Rule::each_other_player) => {
                Players::OthersFromNext
            }
            Rule::ps_from_next => Players::FromNext,
            Rule::ps_each_opponent | Rule::ps_opponents => Players::Opponents,
            Rule::ps_combatants => {
                let sides: Vec<Rule> =
                    subject.clone().into_inner().map(|s| s.into_inner().next().unwrap().as_rule()).collect();
                Players::Combatants {
                    attacker: sides.contains(&Rule::side_attacker),
                    defender: sides.contains(&Rule::side_defender),
                }
            }
            Rule::ps_you_and => Players::YouAnd(self.one_player(subject.clone().into_inner().next().unwrap(), b)?),
            _ => return Ok(None),
        }))
    }

    fn instruction(&self, p: P, mut b: Body) -> Result<Body, Diagnostic> {
        let i = p.into_inner().next().unwrap();
        let rule = i.as_rule();
        let mut parts = i.clone().into_inner();
        // "their Main Deck" is a player's own, said after a subject of players ("Each player
        // looks at the top 5 cards of their Main Deck"), not in an instruction to you.
        if matches!(rule, Rule::i_look_top | Rule::i_reveal_top | Rule::i_banish_top)
            && let Some(their) = i.clone().into_inner().flatten().find(|x| x.as_rule() == Rule::their_main_deck)
        {
            return Err(
                self.err(&their, "\"their Main Deck\" needs a player before it, as \"Each player looks at ...\"")
            );
        }
        let n = |x: Option<P>| x.map_or(1, |x| number(&x));
        match rule {
            Rule::i_deal => {
                let n = number(&parts.next().unwrap());
                let t = self.target(parts.next().unwrap(), &mut b, None)?;
                let more = parts.clone().find(|x| x.as_rule() == Rule::deal_more);
                let per = parts.next().filter(|x| x.as_rule() == Rule::per_each);
                if per.as_ref().is_some_and(|p| p.clone().into_inner().any(|x| x.as_rule() == Rule::revealed_this_way))
                    && !b.looked
                {
                    return Err(self.err(&i, "\"revealed this way\" needs a \"reveal\" before it"));
                }
                let amount = match per {
                    Some(per) => self.amount_there(n, per, &t)?,
                    None => Amount::Number(n.into()),
                };
                let first = match &t {
                    Target::One(o) => Some(o.clone()),
                    Target::Chosen(i, TargetCount::One) => Some(Obj::Target(*i)),
                    _ => None,
                };
                b.effects.push(each(t, |to| Effect::Deal { amount: amount.clone(), to }));
                // "and 1 to all other enemy units here": each of those but the one dealt to first.
                if let Some(more) = more {
                    let mut m = more.clone().into_inner();
                    let amount = Amount::Number(number(&m.next().unwrap()).into());
                    let t = self.target(m.next().unwrap(), &mut b, None)?;
                    let other = |o: &Objs| match o {
                        Objs::All(f) | Objs::AtBattlefield { filter: f, .. } => f.other,
                        _ => false,
                    };
                    let (Some(first), Target::All(objs)) = (first, t) else {
                        return Err(self.err(
                            &more,
                            "\"and N to ...\" is understood as \"and N to all other ...\" after one object",
                        ));
                    };
                    if !other(&objs) {
                        return Err(self.err(
                            &more,
                            "\"and N to ...\" is understood as \"and N to all other ...\" after one object",
                        ));
                    }
                    let deal = Effect::Deal { amount, to: Obj::Each };
                    let test = Test::Same(Obj::Each, first);
                    b.effects.push(Effect::ForEach(
                        objs,
                        vec![Effect::If { test, then: Vec::new(), otherwise: vec![deal] }],
                    ));
                }
            }
            Rule::i_deal_split => {
                let amount = number(&parts.next().unwrap());
                let t = self.target(parts.next().unwrap(), &mut b, Some(amount))?;
                let Target::Chosen(spec, _) = t else {
                    return Err(self.err(&i, "damage can only be split among chosen units"));
                };
                b.effects.push(Effect::DealSplit { amount, spec });
            }
            // "They": the two units chosen last; "We": me and the unit chosen last.
            Rule::i_deal_mutual => {
                let we = parts.next().is_some_and(|x| x.as_rule() == Rule::mutual_we);
                // "Choose another enemy unit at its destination. They ...": the unit chosen at
                // the location of "it" and that unit.
                let beside_it = b.targets.last().is_some_and(|s| matches!(s.located, Some(Located::AtIt { .. })));
                let needed = if we || beside_it { 1 } else { 2 };
                if b.targets.len() < needed {
                    return Err(self.err(&i, "\"each other\" needs the chosen units before it"));
                }
                let last = Obj::Target(b.targets.len() - 1);
                let first = if we {
                    Obj::Me
                } else if beside_it {
                    Obj::ThatUnit
                } else {
                    Obj::Target(b.targets.len() - 2)
                };
                b.effects.push(Effect::Fight(first, last));
            }
            // "my Might", "its Might" (what "it" names; "It deals damage equal to its Might").
            Rule::i_deal_might => {
                let mut amount = None;
                let mut t = None;
                // "It deals ... to an enemy unit. Then detach an Equipment from it.": the unit that
                // deals stays "it".
                let mut subject = None;
                for x in parts {
                    match x.as_rule() {
                        Rule::t_it => subject = b.it.clone(),
                        Rule::amount => amount = Some(self.amount_words(x, &mut b)?),
                        Rule::target => t = Some(self.target(x, &mut b, None)?),
                        _ => {}
                    }
                }
                let (t, amount) = (t.unwrap(), amount.unwrap());
                let deal = each(t, |to| Effect::Deal { amount: amount.clone(), to });
                // "Discard 1. Deal its Energy cost as damage ...": with nothing discarded there is
                // no "its Energy cost", so no damage is dealt and no Bonus Damage either (713).
                b.effects.push(match amount {
                    Amount::EnergyOf(card @ Obj::Var(_)) => {
                        Effect::If { test: Test::Exists(card), then: vec![deal], otherwise: Vec::new() }
                    }
                    _ => deal,
                });
                if subject.is_some() {
                    b.it = subject;
                }
            }
            Rule::i_next_death => {
                // 383.3: the instead-part is its own body; "it" there is the unit that would die.
                let mut parts = i.clone().into_inner().peekable();
                let unit = self.it(&i, &b, "\"The next time it would die\" needs a unit before it")?;
                if parts.peek().is_some_and(|x| x.as_rule() == Rule::t_it) {
                    parts.next();
                }
                let mut pay = None;
                if parts.peek().is_some_and(|x| x.as_rule() == Rule::instead_pay) {
                    pay = Some(self.resources(&parts.next().unwrap().into_inner().next().unwrap())?);
                }
                let mut inner = Body { it: Some(Obj::ThatUnit), ..Body::default() };
                for ins in parts {
                    if ins.as_rule() == Rule::instruction {
                        inner = self.instruction(ins, inner)?;
                    }
                }
                // The body answers whether the replacement applied (a declined payment: no).
                let mut then = inner.effects;
                then.push(Effect::Answer(true));
                let effects = match pay {
                    Some(cost) => vec![Effect::If {
                        test: Test::Pay { cost, exhaust_me: false, spend_buff: None },
                        then,
                        otherwise: vec![Effect::Answer(false)],
                    }],
                    None => then,
                };
                let text = i.as_str().trim().to_string();
                let name = self.pending('d', text, effects, Vec::new(), AbilityKind::DelayedReplacement);
                b.effects.push(Effect::ReplaceNextDeath { unit, body: name });
            }
            Rule::i_channel => {
                let amount = number(&parts.next().unwrap());
                let exhausted = parts.next().is_some();
                b.effects.push(Effect::Channel { who: b.actor(), amount, exhausted });
            }
            Rule::i_you_score => b.effects.push(Effect::Score { who: b.actor(), points: n(parts.next()) }),
            Rule::i_gain_xp => {
                let each = number(&parts.next().unwrap());
                let amount = self.amount(each, parts.next());
                b.effects.push(Effect::GainXp { who: b.actor(), amount });
            }
            Rule::i_activate_effects => {
                let mut f = UnitFilter::units();
                let mut category = TriggerCategory::Conquer;
                for x in parts {
                    match x.as_rule() {
                        Rule::trigger_category => {
                            let word = x.as_str().to_ascii_lowercase();
                            category = TriggerCategory::ALL.into_iter().find(|c| c.name() == word).unwrap_or(category);
                        }
                        Rule::unit_noun_plural => f = self.unit_phrase(x),
                        Rule::unit_restriction => self.apply_filter_word(&mut f, &x),
                        _ => {}
                    }
                }
                b.effects.push(Effect::ActivateEffects { category, of: f });
            }
            Rule::i_burn => b.effects.push(Effect::Burn { who: b.actor(), amount: n(parts.next()) }),
            // "[Predict]" is "[Predict 1]" (its reminder text: the top card, which you may recycle).
            Rule::i_predict => {
                let amount = parts.next().map_or(1, |x| number(&x));
                b.effects.push(Effect::Predict { who: b.actor(), amount });
            }
            Rule::i_empower => {
                let mut x = parts.peekable();
                let act = if x.next_if(|w| w.as_rule() == Rule::empower_off).is_some() {
                    Act::Disempower
                } else {
                    Act::Empower
                };
                let t = self.target(x.next().unwrap(), &mut b, None)?;
                b.effects.push(each(t, |o| Effect::Act(act, o)));
            }
            // "draw a card" is "draw 1".
            Rule::i_draw => {
                let (count, per): (Vec<P>, Vec<P>) = parts.partition(|x| x.as_rule() == Rule::number);
                let count = count.first().map_or(1, number);
                let amount = match per.into_iter().next() {
                    Some(a) if a.as_rule() == Rule::amount => self.amount_words(a, &mut b)?,
                    per => self.amount(count, per),
                };
                b.effects.push(Effect::Draw { who: b.actor(), amount })
            }
            Rule::i_draw_it => {
                let it = self.it(&i, &b, "\"draw it\" needs a card before it")?;
                b.effects.push(Effect::Act(Act::DrawIt, it));
            }
            // 352.9: "Each other player chooses Cards or Runes" / "... chooses a unit you don't
            // control [that hasn't been chosen for this spell]": the choices, kept for "For each
            // player that chooses Cards" / "those units".
            Rule::i_players_choose => {
                let subject = parts.next().unwrap().into_inner().next().unwrap();
                let Some(who) = self.subject_players(&subject, &b)? else {
                    return Err(self.err(&subject, "several players choose here, as \"each other player\""));
                };
                let what = parts.next().unwrap();
                if what.as_rule() == Rule::counted_list {
                    let mut picks = Vec::new();
                    for counted in what.into_inner() {
                        let mut x = counted.into_inner();
                        let count = number(&x.next().unwrap());
                        let noun = x.next().unwrap();
                        let mut filter = UnitFilter::units();
                        self.apply_filter_word(&mut filter, &noun);
                        // Their own: the objects they control.
                        filter.relation = Relation::Friendly;
                        let filter = of_noun_kinds(noun_kinds(&noun), filter);
                        picks.push(Pick { count, filter, in_hand: x.next().is_some() });
                    }
                    b.rest = true;
                    b.effects.push(Effect::Let(Var::Rest, Box::new(Effect::PlayersKeep { who, picks })));
                } else if what.as_rule() == Rule::named_options {
                    let options: Vec<String> = what.into_inner().map(|o| o.as_str().to_string()).collect();
                    b.options = options.clone();
                    b.effects.push(Effect::Let(Var::Choices, Box::new(Effect::PlayersChooseOption { who, options })));
                } else {
                    self.no_they_control(&what)?;
                    let filter = self.unit_phrase(what);
                    let distinct = parts.next().is_some();
                    b.those = true;
                    b.effects.push(Effect::Let(Var::Those, Box::new(Effect::PlayersChoose { who, filter, distinct })));
                }
            }
            // "For each player that chooses Cards, you and that player each draw 1": the
            // instruction for each player who chose that option, "that player" being them.
            Rule::i_for_each_player => {
                let noun = parts.next().unwrap();
                let name = parts.next().unwrap().into_inner().next().unwrap().into_inner().next().unwrap();
                // "For each opponent that chooses": the same players, if only opponents chose.
                let only_opponents = b.effects.iter().any(|e| {
                    matches!(e, Effect::Let(Var::Choices, c) if matches!(**c,
                        Effect::PlayersChooseOption { who: Players::Opponents | Players::OthersFromNext, .. }))
                });
                if noun.as_str().eq_ignore_ascii_case("opponent") && !only_opponents {
                    return Err(
                        self.err(&noun, "\"For each opponent that chooses\" needs only opponents to have chosen")
                    );
                }
                let Some(option) = b.options.iter().position(|o| o == name.as_str()) else {
                    return Err(self.err(
                        &name,
                        "\"For each player that chooses X\" needs X among the options players chose before it",
                    ));
                };
                let outer = std::mem::take(&mut b.effects);
                let saved = b.that_player.replace(Who::Each);
                let mut inner = self.instruction(parts.next().unwrap(), b)?;
                inner.that_player = saved;
                let body = std::mem::replace(&mut inner.effects, outer);
                inner.effects.push(Effect::EachPlayer(Players::Chose(option), body));
                b = inner;
            }
            Rule::i_players => {
                let subject = parts.next().unwrap().into_inner().next().unwrap();
                let players = self.subject_players(&subject, &b)?;
                let who = match players {
                    Some(_) => Who::Each,
                    None => self.one_player(subject.clone(), &b)?,
                };
                let mut effects = Vec::new();
                // "... looks at the top 5 cards of their Main Deck, banishes one of them": each
                // player's own cards, for the verbs after it of the same subject.
                let mut looked_here = false;
                let mut verbs = parts.peekable();
                while let Some(v) = verbs.next() {
                    let last = verbs.peek().is_none();
                    let verb = v.into_inner().next().unwrap();
                    let rule = verb.as_rule();
                    let who = who.clone();
                    // 411.3 / 127: each player their own Main Deck's top cards. Said last, the
                    // cards of all the players are kept ("Choose one and banish it"; "the rest").
                    if rule == Rule::pv_top_cards {
                        let mut x = verb.into_inner().peekable();
                        let look = x.next_if(|y| y.as_rule() == Rule::pv_look).is_some();
                        let top = x.next().unwrap();
                        let amount = match top.as_rule() {
                            Rule::top_cards => word_or_number(&top.clone().into_inner().next().unwrap()),
                            _ => 1,
                        };
                        if !top.clone().into_inner().any(|y| y.as_rule() == Rule::their_main_deck) {
                            return Err(self.err(&top, "a player's own Main Deck is \"their Main Deck\""));
                        }
                        let e = if look { Effect::LookTop { who, amount } } else { Effect::RevealTop { who, amount } };
                        if last && players.is_some() {
                            effects.push(Effect::Append(Var::Looked, Box::new(e)));
                            b.looked = true;
                        } else {
                            effects.push(Effect::Let(Var::Looked, Box::new(e)));
                            looked_here = true;
                            b.looked = players.is_none();
                        }
                        continue;
                    }
                    if matches!(rule, Rule::pv_banishes_one | Rule::pv_recycles_rest) && !looked_here {
                        return Err(self.err(&verb, "\"one of them\" and \"the rest\" need \"looks at\" before them"));
                    }
                    // 414: the cards banished so are "those cards" after it.
                    if rule == Rule::pv_banishes_one {
                        let banish = Effect::BanishOne { who, from: Objs::Var(Var::Looked), optional: false };
                        effects.push(Effect::Append(Var::Those, Box::new(banish)));
                        b.those = true;
                        continue;
                    }
                    if rule == Rule::pv_recycles_rest {
                        effects.push(Effect::RecycleCards(Objs::Var(Var::Looked)));
                        continue;
                    }
                    if rule == Rule::pv_cant_move {
                        let unit = self.it(&verb, &b, "\"can't move it\" needs a unit before it")?;
                        effects.push(Effect::CantMove { who, unit });
                        continue;
                    }
                    if rule == Rule::pv_cant_play {
                        let spells_only = verb.into_inner().any(|x| x.as_rule() == Rule::cant_play_spells);
                        effects.push(Effect::CantPlay { who, spells_only });
                        continue;
                    }
                    // 352.9: the player chooses the object as this resolves (not a target).
                    // "Its owner places it on the top or bottom of their Main Deck": its owner
                    // chooses the end (the action asks them).
                    if rule == Rule::pv_places {
                        let it = self.it(&verb, &b, "\"places it\" needs a card before it")?;
                        effects.push(Effect::Act(Act::TopOrBottom, it));
                        continue;
                    }
                    if rule == Rule::pv_returns {
                        let mut x = verb.into_inner().peekable();
                        let optional = x.next_if(|y| y.as_rule() == Rule::pv_may).is_some();
                        let filter = self.unit_phrase(x.next().unwrap());
                        let chosen = Effect::PlayerChooses { who, filter, optional, except: None };
                        effects.push(Effect::Let(Var::Chosen, Box::new(chosen)));
                        effects.push(Effect::Act(Act::ReturnToHand, Obj::Var(Var::Chosen)));
                        continue;
                    }
                    // 423: "they may move another unit they control here to its base": the
                    // player chooses it (352.9); "another" after an event about a unit: not that
                    // unit.
                    if rule == Rule::pv_moves {
                        let mut x = verb.into_inner().peekable();
                        let optional = x.next_if(|y| y.as_rule() == Rule::pv_may).is_some();
                        let mut filter = self.unit_phrase(x.next().unwrap());
                        let except = match b.it.clone() {
                            Some(it) if filter.other => {
                                filter.other = false;
                                Some(it)
                            }
                            _ => None,
                        };
                        let chosen = Effect::PlayerChooses { who, filter, optional, except };
                        effects.push(Effect::Let(Var::Chosen, Box::new(chosen)));
                        effects.push(Effect::Act(Act::MoveToBase, Obj::Var(Var::Chosen)));
                        continue;
                    }
                    let mut x = verb.into_inner();
                    let amount = x.next().unwrap();
                    // 406.3: "its owner plays it [to their base], ignoring its cost".
                    if rule == Rule::pv_plays {
                        let (mut to_base, mut ignore_power, mut same, mut battlefield) = (false, true, false, None);
                        for y in x.by_ref() {
                            match y.as_rule() {
                                Rule::play_to_their_base => to_base = true,
                                Rule::play_to_same => same = true,
                                Rule::play_to_battlefield => battlefield = Some(play_to_battlefield(y)),
                                Rule::ignoring_energy => ignore_power = false,
                                _ => {}
                            }
                        }
                        // "each player plays those cards": each of those the player owns, one
                        // after another (the cards the players banished before it).
                        if amount.as_rule() == Rule::t_those {
                            if !b.those {
                                return Err(self.err(&amount, "\"those cards\" needs cards banished before it"));
                            }
                            let play = Effect::PlayCard {
                                who: who.clone(),
                                card: Obj::Each,
                                ignore_energy: true,
                                ignore_power,
                                to_base,
                            };
                            effects.push(Effect::ForEach(Objs::OwnedBy(Var::Those, who), vec![play]));
                            continue;
                        }
                        let card = self.it(&amount, &b, "\"plays it\" needs a card before it")?;
                        let play =
                            Effect::PlayCard { who, card: card.clone(), ignore_energy: true, ignore_power, to_base };
                        // 352.2: "to the same location": where the unit banished before it was.
                        // "to any battlefield": one its player chooses.
                        if same || battlefield.is_some() {
                            effects.push(Effect::Let(Var::Played, Box::new(play)));
                            let played = Obj::Var(Var::Played);
                            effects.push(match battlefield {
                                Some(to) if !same => Effect::PlayToBattlefield(played, to),
                                _ => Effect::PlayWhereItWas { card: played, unit: card },
                            });
                        } else {
                            effects.push(play);
                        }
                        continue;
                    }
                    if rule == Rule::pv_adds {
                        b.adds_resources = true;
                        effects.push(Effect::Add { who, resources: self.resources(&amount)?, spells_only: false });
                        continue;
                    }
                    if rule == Rule::pv_takes_turn {
                        effects.push(Effect::ExtraTurn(who));
                        continue;
                    }
                    if rule == Rule::pv_reveals_hand {
                        effects.push(Effect::Let(Var::Looked, Box::new(Effect::RevealHand(who))));
                        b.looked = true;
                        continue;
                    }
                    if amount.as_rule() == Rule::their_hand {
                        effects.push(Effect::DiscardHand(who));
                        continue;
                    }
                    if amount.as_rule() == Rule::t_that_card {
                        let card = b.that_card.clone().ok_or_else(|| self.err(&amount, THAT_CARD))?;
                        effects.push(Effect::Act(Act::Discard, card));
                        continue;
                    }
                    let n = number(&amount);
                    effects.push(match rule {
                        Rule::pv_draws => Effect::Draw { who, amount: Amount::Number(n.into()) },
                        Rule::pv_discards => Effect::Discard { who, amount: n },
                        Rule::pv_channels => Effect::Channel { who, amount: n, exhausted: x.next().is_some() },
                        Rule::pv_burns => Effect::Burn { who, amount: n },
                        _ => Effect::Score { who, points: n },
                    });
                }
                match players {
                    Some(players) => b.effects.push(Effect::EachPlayer(players, effects)),
                    None => b.effects.extend(effects),
                }
            }
            Rule::i_buff
            | Rule::i_stun
            | Rule::i_kill
            | Rule::i_ready
            | Rule::i_exhaust
            | Rule::i_recall
            | Rule::i_take_control
            | Rule::i_banish
            | Rule::i_heal
            | Rule::i_recycle => {
                let act = match rule {
                    Rule::i_buff => Act::Buff,
                    Rule::i_stun => Act::Stun,
                    Rule::i_kill => Act::Kill,
                    Rule::i_ready => Act::Ready,
                    Rule::i_exhaust => Act::Exhaust,
                    Rule::i_recall => Act::Recall,
                    Rule::i_take_control if i.clone().into_inner().any(|x| x.as_rule() == Rule::lose_verb) => {
                        Act::LoseControl
                    }
                    Rule::i_take_control => Act::TakeControl,
                    Rule::i_recycle => Act::Recycle,
                    Rule::i_banish => Act::Banish,
                    _ => Act::Heal,
                };
                // 182.2: "gain control of a spell" chooses a spell on the chain (352.8.a.2).
                b.chain_spells = act == Act::TakeControl;
                // After "lose" (`lose_verb`), the target.
                let t = self.target(parts.find(|x| x.as_rule() == Rule::target).unwrap(), &mut b, None);
                b.chain_spells = false;
                let t = t?;
                if let (Act::Kill, Target::Chosen(index, _)) = (act, &t) {
                    b.killed = Some(*index);
                }
                b.effects.push(each(t, |o| Effect::Act(act, o)));
            }
            Rule::i_detach => {
                let what = parts.next().unwrap();
                if what.as_rule() == Rule::detach_from {
                    let from = what.into_inner().find(|x| x.as_rule() == Rule::target).unwrap();
                    let t = self.target(from, &mut b, None)?;
                    b.effects.push(each(t, Effect::DetachFrom));
                } else {
                    let t = self.target(what, &mut b, None)?;
                    match parts.next() {
                        // "detach that Equipment from that unit": only from that one.
                        Some(from) => {
                            let one = |t: Target| match t {
                                Target::One(o) => Ok(o),
                                Target::Chosen(index, TargetCount::One) => Ok(Obj::Target(index)),
                                _ => Err(self.err(&i, "one card is detached from one unit")),
                            };
                            let card = one(t)?;
                            let from = one(self.target(from, &mut b, None)?)?;
                            b.effects.push(Effect::If {
                                test: Test::AttachedTo(card.clone(), from),
                                then: vec![Effect::Act(Act::Detach, card)],
                                otherwise: Vec::new(),
                            });
                        }
                        None => b.effects.push(each(t, |o| Effect::Act(Act::Detach, o))),
                    }
                }
            }
            // 182.2.a-b: "make new choices for it": a spell on the chain, its targets chosen again.
            Rule::i_new_choices => {
                b.chain_spells = true;
                let t = self.target(parts.next().unwrap(), &mut b, None);
                b.chain_spells = false;
                b.effects.push(each(t?, |o| Effect::Act(Act::NewChoices, o)));
            }
            Rule::i_counter => {
                b.chain_spells = true;
                let t = self.target(parts.next().unwrap(), &mut b, None);
                b.chain_spells = false;
                b.effects.push(each(t?, |o| Effect::Act(Act::Counter, o)));
            }
            Rule::i_extra_turn => b.effects.push(Effect::ExtraTurn(b.actor())),
            Rule::i_choose_opponent => {
                let any = parts.any(|x| x.as_rule() == Rule::a_player);
                let relation = if any { Relation::Any } else { Relation::Enemy };
                let filter = UnitFilter { relation, ..UnitFilter::units() };
                b.targets.push(TargetSpec::new(TargetCount::Player, filter));
                b.they = Some(Who::Target(b.targets.len() - 1));
            }
            // 352.9: one target, and one of two acts on it, picked as it resolves.
            Rule::i_act_either => {
                let act = |v: &P| match v.as_str().to_ascii_lowercase().as_str() {
                    "ready" => Act::Ready,
                    "exhaust" => Act::Exhaust,
                    "stun" => Act::Stun,
                    "kill" => Act::Kill,
                    "buff" => Act::Buff,
                    "recall" => Act::Recall,
                    "heal" => Act::Heal,
                    _ => Act::Banish,
                };
                let (first, second) = (act(&parts.next().unwrap()), act(&parts.next().unwrap()));
                let t = self.target(parts.next().unwrap(), &mut b, None)?;
                let then = vec![each(t.clone(), |o| Effect::Act(first, o))];
                let otherwise = vec![each(t, |o| Effect::Act(second, o))];
                b.effects.push(Effect::If { test: Test::FirstOfTwo, then, otherwise });
            }
            // 411.4 / 352.9: one of the cards looked at, then drawn or put into the hand.
            Rule::i_from_among => {
                if !b.looked {
                    return Err(self.err(&i, "\"from among them\" needs cards looked at or revealed before it"));
                }
                let one = i.clone().into_inner().any(|x| x.as_rule() == Rule::among_draw_one);
                let filter =
                    if one { of_kinds(CARD_KINDS.into_iter(), UnitFilter::units()) } else { self.filter_of(i.clone()) };
                b.effects.push(Effect::Let(
                    Var::Chosen,
                    Box::new(Effect::ChooseCard { from: Objs::Var(Var::Looked), filter }),
                ));
                let chosen = Obj::Var(Var::Chosen);
                for x in parts {
                    match x.as_rule() {
                        Rule::among_reveal => b.effects.push(Effect::Act(Act::Reveal, chosen.clone())),
                        Rule::among_draw | Rule::among_draw_one => {
                            b.effects.push(Effect::Act(Act::DrawIt, chosen.clone()))
                        }
                        Rule::among_hand => b.effects.push(Effect::Act(Act::PutInHand, chosen.clone())),
                        _ => {}
                    }
                }
                b.it = Some(chosen.clone());
                b.that_card = Some(chosen);
            }
            Rule::i_choose_card => {
                if !b.looked {
                    return Err(
                        self.err(&i, "\"from it\" needs cards revealed before it, as \"They reveal their hand.\"")
                    );
                }
                // "Choose one": any of them, "it" after it too.
                let filter = match parts.find(|x| x.as_rule() == Rule::card_kind) {
                    Some(kind) => card_kind_filter(&kind),
                    None => {
                        b.it = Some(Obj::Var(Var::Chosen));
                        of_kinds(CARD_KINDS.into_iter(), UnitFilter::units())
                    }
                };
                b.effects.push(Effect::Let(
                    Var::Chosen,
                    Box::new(Effect::ChooseCard { from: Objs::Var(Var::Looked), filter }),
                ));
                b.that_card = Some(Obj::Var(Var::Chosen));
            }
            Rule::i_buffs_give => {
                let might = signed(&parts.next().unwrap().into_inner().next().unwrap());
                let mut to = UnitFilter::units();
                for x in parts.filter(|x| x.as_rule() != Rule::this_turn) {
                    match x.as_rule() {
                        Rule::unit_noun_plural => x.into_inner().for_each(|w| self.apply_filter_word(&mut to, &w)),
                        _ => self.apply_filter_word(&mut to, &x),
                    }
                }
                b.effects.push(Effect::ThisTurn(TurnRule::BuffsGiveMore { might, to }));
            }
            Rule::i_hide_free => b.effects.push(Effect::ThisTurn(TurnRule::HideFree)),
            Rule::i_prevent_damage => {
                let kinds: Vec<Rule> = parts
                    .filter(|x| x.as_rule() == Rule::damage_kind)
                    .filter_map(|x| x.into_inner().next().map(|k| k.as_rule()))
                    .collect();
                let spells = kinds.contains(&Rule::damage_of_spells);
                let abilities = kinds.contains(&Rule::damage_of_abilities);
                b.effects.push(Effect::ThisTurn(TurnRule::PreventDamage { spells, abilities }));
            }
            Rule::i_prevent_next => {
                let first = parts.next().unwrap();
                if first.as_rule() == Rule::number {
                    let amount = number(&first);
                    let t = self.target(parts.next().unwrap(), &mut b, None)?;
                    b.effects.push(each(t, |unit| Effect::PreventNext { unit, amount }));
                } else {
                    let t = self.target(first, &mut b, None)?;
                    b.effects.push(each(t, Effect::PreventNextTime));
                }
            }
            Rule::i_give_might => {
                // One "give" for one or more groups, each with its own change (450.3).
                for gift in parts {
                    let mut change = None;
                    let mut until = Duration::Indefinite;
                    let mut min = None;
                    let mut t = None;
                    let mut per = None;
                    for part in gift.into_inner() {
                        match part.as_rule() {
                            Rule::this_turn => until = Duration::ThisTurn,
                            Rule::might_minimum => min = Some(number(&part) as i32),
                            Rule::target => t = Some(part),
                            Rule::signed | Rule::might_equal_to => change = Some(part),
                            Rule::per_each => per = Some(part),
                            _ => {}
                        }
                    }
                    let (Some(t), Some(change)) = (t, change) else { unreachable!("a gift has a target and a change") };
                    if let Some(per) = per {
                        if min.is_some() || change.as_rule() != Rule::signed || signed(&change) < 0 {
                            return Err(self.err(&per, "\"for each\" is understood after an increase such as +2 [M]"));
                        }
                        let n = signed(&change) as u32;
                        let t = self.target(t, &mut b, None)?;
                        let amount = self.amount_there(n, per, &t)?;
                        b.effects.push(each(t, |to| Effect::GiveMightOf { to, amount: amount.clone(), until }));
                        continue;
                    }
                    if change.as_rule() == Rule::signed {
                        let amount = signed(&change);
                        let t = self.target(t, &mut b, None)?;
                        b.effects.push(each(t, |to| Effect::Give { to, grant: Grant::Might { amount, min }, until }));
                        continue;
                    }
                    if min.is_some() {
                        return Err(self.err(&change, "\"to a minimum\" is understood after a number"));
                    }
                    // Each "its" reads what was named before it: "give a unit +[M] equal to its
                    // Might" (that unit), "give +[M] equal to its Might to a unit" (the one before).
                    let words = change.clone().into_inner().find(|x| x.as_rule() == Rule::amount).unwrap();
                    let (t, amount) = if t.as_span().start() < change.as_span().start() {
                        let t = self.target(t, &mut b, None)?;
                        (t, self.amount_words(words, &mut b)?)
                    } else {
                        let amount = self.amount_words(words, &mut b)?;
                        (self.target(t, &mut b, None)?, amount)
                    };
                    b.effects.push(each(t, |to| Effect::GiveMightOf { to, amount: amount.clone(), until }));
                }
            }
            // "they each get +1 [M] this turn": the Might change of "give" (450.3), said with the
            // objects as the subject.
            Rule::i_gets_might => {
                let who = parts.next().unwrap();
                let t = match who.as_rule() {
                    Rule::t_they => Target::All(
                        b.they_units.clone().ok_or_else(|| self.err(&who, "\"they\" needs units named before it"))?,
                    ),
                    _ => self.target(who, &mut b, None)?,
                };
                let amount = signed(&parts.next().unwrap());
                let until = if parts.any(|x| x.as_rule() == Rule::this_turn) {
                    Duration::ThisTurn
                } else {
                    Duration::Indefinite
                };
                b.effects.push(each(t, |to| Effect::Give { to, grant: Grant::Might { amount, min: None }, until }));
            }
            Rule::i_give_grants => {
                let t = self.target(parts.next().unwrap(), &mut b, None)?;
                let grants: Vec<P> = parts.clone().filter(|x| x.as_rule() == Rule::grant_part).collect();
                let until = match parts.find(|x| matches!(x.as_rule(), Rule::this_turn | Rule::this_combat)) {
                    Some(d) if d.as_rule() == Rule::this_turn => Duration::ThisTurn,
                    Some(_) => Duration::ThisCombat,
                    None => Duration::Indefinite,
                };
                for g in grants {
                    let part = g.into_inner().next().unwrap();
                    match part.as_rule() {
                        Rule::signed => {
                            let amount = signed(&part);
                            b.effects.push(each(t.clone(), |to| Effect::Give {
                                to,
                                grant: Grant::Might { amount, min: None },
                                until,
                            }));
                        }
                        Rule::might_equal_to => {
                            let words = part.into_inner().find(|x| x.as_rule() == Rule::amount).unwrap();
                            let amount = self.amount_words(words, &mut b)?;
                            b.effects.push(each(t.clone(), |to| Effect::GiveMightOf {
                                to,
                                amount: amount.clone(),
                                until,
                            }));
                        }
                        Rule::my_keywords => {
                            b.effects.push(each(t.clone(), |to| Effect::GiveKeywordsOf { to, from: Obj::Me, until }));
                        }
                        _ => {
                            let (k, v) = self.keyword(&part)?;
                            b.effects.push(each(t.clone(), |to| Effect::Give {
                                to,
                                grant: Grant::Keyword(k, v),
                                until,
                            }));
                        }
                    }
                }
            }
            Rule::i_give_keyword | Rule::i_gains_keyword => {
                let t = self.target(parts.next().unwrap(), &mut b, None)?;
                let kws = self.keyword_list(parts.next().unwrap())?;
                let until = match parts.next().map(|d| d.as_rule()) {
                    Some(Rule::this_turn) => Duration::ThisTurn,
                    Some(Rule::this_combat) => Duration::ThisCombat,
                    _ => Duration::Indefinite,
                };
                for (k, v) in kws {
                    b.effects.push(each(t.clone(), |to| Effect::Give { to, grant: Grant::Keyword(k, v), until }));
                }
            }
            Rule::i_cant_be_chosen => {
                let t = self.target(parts.next().unwrap(), &mut b, None)?;
                let until = if parts.any(|x| x.as_rule() == Rule::this_turn) {
                    Duration::ThisTurn
                } else {
                    Duration::Indefinite
                };
                b.effects.push(each(t, |to| Effect::Give { to, grant: Grant::UnchoosableByEnemies, until }));
            }
            Rule::i_swap_might => {
                let phrase = parts.next().unwrap().into_inner().next().unwrap();
                let units = match self.target(phrase.clone(), &mut b, None)? {
                    Target::Chosen(i, TargetCount::Exactly(2)) => Objs::Targets(i),
                    Target::Pair(i, j) => Objs::Pair(i, j),
                    _ => return Err(self.err(&phrase, "\"swap the Might of\" is understood for two units chosen")),
                };
                let until = if parts.next().is_some() { Duration::ThisTurn } else { Duration::Indefinite };
                b.effects.push(Effect::SwapMight { units, until });
            }
            Rule::i_set_might => {
                // 450.1.a.1: the Might is assigned in the trait layer; "base Might" is the same
                // assignment, which the arithmetic layer's changes then apply to (450.3).
                let first = parts.next().unwrap();
                let t = if first.as_rule() == Rule::set_might_its {
                    Target::One(self.it(&first, &b, "\"its Might\" needs an object before it")?)
                } else {
                    self.target(first, &mut b, None)?
                };
                let might = number(&parts.next().unwrap()) as i32;
                let until = if parts.next().is_some() { Duration::ThisTurn } else { Duration::Indefinite };
                b.effects.push(each(t, |to| Effect::Give { to, grant: Grant::SetMight(might), until }));
            }
            Rule::i_double_might => {
                let first = parts.next().unwrap();
                let t = match first.as_rule() {
                    Rule::double_my => Target::One(Obj::Me),
                    _ => self.target(first, &mut b, None)?,
                };
                let until = match parts.next().unwrap().as_rule() {
                    Rule::this_combat => Duration::ThisCombat,
                    _ => Duration::ThisTurn,
                };
                b.effects.push(each(t, |to| Effect::GiveMightOf { amount: Amount::MightOf(to.clone()), to, until }));
            }
            // "This turn, increase its Might to the Might of another friendly unit", "Increase my
            // Might to its Might this turn": +N [M], N what the amount is above its Might as this
            // resolves (nothing if it is not above it).
            Rule::i_increase_might => {
                let mut until = Duration::Indefinite;
                let mut t = None;
                let mut amount = None;
                for x in parts {
                    match x.as_rule() {
                        Rule::this_turn => until = Duration::ThisTurn,
                        Rule::double_my => t = Some(Target::One(Obj::Me)),
                        Rule::might_its => {
                            t = Some(Target::One(self.it(&x, &b, "\"its Might\" needs a unit before it")?))
                        }
                        Rule::target => t = Some(self.target(x, &mut b, None)?),
                        _ => amount = Some(self.amount_words(x, &mut b)?),
                    }
                }
                let amount = amount.unwrap();
                b.effects.push(each(t.unwrap(), |to| Effect::GiveMightOf {
                    amount: Amount::Above(Box::new(amount.clone()), to.clone()),
                    to,
                    until,
                }));
            }
            Rule::i_spend_buff => {
                // 702.2.b: "its" is the unit an instruction before chose; "my" is this object.
                let x = if i.as_str().to_ascii_lowercase().contains(" my ") {
                    Obj::Me
                } else {
                    self.it(&i, &b, "\"its buff\" needs a unit before it")?
                };
                b.effects.push(Effect::Act(Act::SpendBuff, x));
            }
            Rule::i_discard => {
                b.effects.push(Effect::Discard { who: b.actor(), amount: number(&parts.next().unwrap()) })
            }
            Rule::i_recycle_trash => {
                b.effects.push(Effect::RecycleFromTrash { who: b.actor(), amount: number(&parts.next().unwrap()) })
            }
            Rule::i_play_token => {
                // 178: the token is what the text says: its Might, name and keywords.
                let mut count = 1;
                let mut ready = false;
                let mut token = Token::default();
                let mut place = Place::Chosen;
                for x in parts {
                    match x.as_rule() {
                        // 144.1-144.2: a gear enters ready, at its controller's base; 175.1:
                        // the effect may say exhausted.
                        Rule::token_gear => {
                            token.gear = true;
                            ready = true;
                            place = Place::Base;
                            for y in x.into_inner() {
                                match y.as_rule() {
                                    Rule::token_name => token.name = y.as_str().to_string(),
                                    _ => ready = false,
                                }
                            }
                        }
                        Rule::word_number => count = word_or_number(&x),
                        Rule::token_ready => ready = true,
                        Rule::number => token.might = number(&x),
                        Rule::token_name => token.name = x.as_str().to_string(),
                        Rule::token_with => token.keywords = self.keyword_list(x.into_inner().next().unwrap())?,
                        Rule::token_where => {
                            place = if x.as_str().eq_ignore_ascii_case("here") { Place::Here } else { Place::Base }
                        }
                        Rule::token_has => {
                            let text = x.into_inner().next().unwrap();
                            token.text = text.as_str().to_string();
                            let card = crate::riftbound::cards::token_card(&token, &token.card_id());
                            let origin = self.origin.shifted(text.as_span().start());
                            token.abilities = Some(std::sync::Arc::new(compile(&card, &origin)?));
                        }
                        _ => {}
                    }
                }
                if !self.tokens.borrow().contains(&token) {
                    self.tokens.borrow_mut().push(token.clone());
                }
                // "it" after it: the token played (`bind_made` keeps it where it is named).
                if count == 1 {
                    b.it = Some(Obj::Var(Var::Made));
                }
                b.effects.push(Effect::PlayTokens { who: Who::You, token, count, ready, place });
            }
            Rule::i_choose => {
                // 352.12: "you may choose a unit": a target that may be left unchosen.
                // 352.8.a.2: "Choose a friendly unit and a spell": the spell is one on the chain,
                // which the instructions after it name as "that spell".
                let may = std::mem::take(&mut b.may);
                b.chain_spells = true;
                let chosen: Result<Vec<Target>, Diagnostic> = parts.map(|t| self.target(t, &mut b, None)).collect();
                b.chain_spells = false;
                for t in chosen? {
                    if let Target::Chosen(index, TargetCount::One) = t
                        && may
                    {
                        b.targets[index].count = TargetCount::UpTo(1);
                    }
                }
            }
            // SFD-421: one card attached to one unit.
            Rule::i_attach => {
                let (card, to) = (parts.next().unwrap(), parts.next().unwrap());
                // "up to one Equipment": none chosen attaches nothing (356.3.e.6).
                let one = |t: Target| match t {
                    Target::One(o) => Ok(o),
                    Target::Chosen(index, TargetCount::One | TargetCount::UpTo(1)) => Ok(Obj::Target(index)),
                    _ => Err(self.err(&i, "one card is attached to one unit: name one on each side of \"to\"")),
                };
                // "one of its Equipment": chosen as it resolves, among those attached to "it".
                if card.as_rule() == Rule::one_attached {
                    let from = self.it(&card, &b, "\"its Equipment\" needs a unit before it")?;
                    let mut cards = UnitFilter::units();
                    for w in card.into_inner().filter(|x| x.as_rule() == Rule::unit_noun_plural) {
                        w.into_inner().for_each(|x| self.apply_filter_word(&mut cards, &x));
                    }
                    let to = one(self.target(to, &mut b, None)?)?;
                    b.effects.push(Effect::AttachOneOf { from, cards, to });
                } else {
                    let card = self.target(card, &mut b, None)?;
                    // "You may attach up to one Equipment ... to it": choosing none is declining, so
                    // the "may" is not asked again as it resolves.
                    if matches!(card, Target::Chosen(_, TargetCount::UpTo(1))) {
                        b.may = false;
                    }
                    let card = one(card)?;
                    let to = one(self.target(to, &mut b, None)?)?;
                    b.effects.push(Effect::Attach { card, to });
                }
            }
            // "You control it until I leave the board" (182, 450.1.a).
            Rule::i_control_until => {
                let t = self.target(parts.next().unwrap(), &mut b, None)?;
                b.effects.push(each(t, Effect::ControlWhileOnBoard));
            }
            // 450.2.a: "This turn, that unit has \"When I conquer, ...\"": the quoted ability is
            // compiled on this card (given, not had by it) and given to the object this turn.
            Rule::i_has_ability => {
                let (mut target, mut quoted) = (None, None);
                for x in parts {
                    match x.as_rule() {
                        Rule::target => target = Some(x),
                        Rule::quoted_triggered => quoted = Some(x),
                        _ => {}
                    }
                }
                let ability = quoted.unwrap().into_inner().next().unwrap();
                let text = ability.as_str().trim().to_string();
                let (trigger, condition, inner) = self.triggered_parts(ability, false)?;
                let index = self.out.abilities.len() + 1 + self.reflexives.borrow().len();
                let index = u8::try_from(index).map_err(|_| self.err(&i, "too many abilities on one card"))?;
                let in_trash = false;
                self.pending_given(text, inner, AbilityKind::Triggered { trigger, condition, in_trash });
                let t = self.target(target.unwrap(), &mut b, None)?;
                b.effects.push(each(t, |to| Effect::Give {
                    to,
                    grant: Grant::Ability(index),
                    until: Duration::ThisTurn,
                }));
            }
            Rule::i_swap => {
                let units: Vec<P> = parts.collect();
                let swap = if let [first, second] = units.as_slice() {
                    let one = |t: Target| match t {
                        Target::One(o) => Ok(o),
                        Target::Chosen(index, TargetCount::One) => Ok(Obj::Target(index)),
                        _ => Err(self.err(&i, "two units trade locations: name one unit on each side of \"and\"")),
                    };
                    let a = one(self.target(first.clone(), &mut b, None)?)?;
                    Effect::SwapPlaces(a, one(self.target(second.clone(), &mut b, None)?)?)
                } else {
                    Effect::SwapPlaces(Obj::Me, self.it(&i, &b, "\"its location\" needs a unit before it")?)
                };
                b.effects.push(swap);
            }
            // "the top rune of your rune deck" (411; "the top card of your Main Deck" is `top_card`).
            Rule::i_reveal_top if parts.clone().next().is_some_and(|x| x.as_rule() == Rule::top_of_deck) => {
                let top = parts.next().unwrap();
                let rune = top
                    .clone()
                    .into_inner()
                    .any(|x| x.as_rule() == Rule::deck_object && x.as_str().eq_ignore_ascii_case("rune"));
                let rune_deck =
                    top.clone().into_inner().flat_map(|x| x.into_inner()).any(|x| x.as_rule() == Rule::rune_deck);
                if rune != rune_deck {
                    return Err(self.err(&top, "a rune deck holds runes, and a Main Deck cards"));
                }
                let reveal = if rune { Effect::RevealTopRune(Who::You) } else { Effect::RevealTopCard(Who::You) };
                b.effects.push(Effect::Let(Var::Revealed, Box::new(reveal)));
                b.it = Some(Obj::Var(Var::Revealed));
            }
            Rule::i_reveal_top if parts.clone().next().is_some_and(|x| x.as_rule() == Rule::top_card) => {
                b.effects.push(Effect::Let(Var::Revealed, Box::new(Effect::RevealTopCard(Who::You))));
                b.it = Some(Obj::Var(Var::Revealed));
            }
            // 411.3: "reveal cards from the top of your Main Deck until you reveal a unit": "it" is
            // the card found, "the rest" every card revealed.
            Rule::i_reveal_top if parts.clone().any(|x| x.as_rule() == Rule::reveal_until) => {
                let until = parts.find(|x| x.as_rule() == Rule::reveal_until).unwrap();
                let kind = until.into_inner().find(|x| x.as_rule() == Rule::card_kind).unwrap();
                let filter = card_kind_filter(&kind);
                let looked = Effect::RevealUntil { who: Who::You, filter: filter.clone() };
                b.effects.push(Effect::Let(Var::Looked, Box::new(looked)));
                let found = Effect::FirstOf { among: Objs::Var(Var::Looked), filter };
                b.effects.push(Effect::Let(Var::Revealed, Box::new(found)));
                b.looked = true;
                b.it = Some(Obj::Var(Var::Revealed));
            }
            // "put it in your hand": a card revealed in a Main Deck (411.4.a).
            Rule::i_put_in_hand => {
                let t = self.target(parts.next().unwrap(), &mut b, None)?;
                let mut act = match parts.next().map(|x| x.as_rule()) {
                    Some(Rule::put_trash) => Act::PutInTrash,
                    _ => Act::PutInHand,
                };
                // "from your Champion Zone or the board": the target is chosen in those zones
                // (352.8.a); a card of yours put into your hand is put into its owner's (107.6).
                if let Some(zones) = parts.next() {
                    let (Target::Chosen(i, TargetCount::One), Act::PutInHand) = (&t, act) else {
                        return Err(self.err(&zones, "\"from ZONE\" is understood after \"put a card into your hand\""));
                    };
                    let spec = &mut b.targets[*i];
                    if spec.filter.relation != Relation::Own {
                        return Err(self.err(&zones, "\"into your hand\" is understood for a card \"you own\" (107.6)"));
                    }
                    let mut filters = zones.into_inner().map(|z| {
                        let at = match z.into_inner().next().unwrap().as_rule() {
                            Rule::your_champion_zone => At::YourChampionZone,
                            Rule::your_trash => At::YourTrash,
                            _ => At::Anywhere,
                        };
                        UnitFilter { at, ..spec.filter.clone() }
                    });
                    let mut filter = filters.next().unwrap();
                    let mut last = &mut filter;
                    for f in filters {
                        last.or = Some(Box::new(f));
                        last = last.or.as_mut().unwrap();
                    }
                    spec.filter = filter;
                    act = Act::ReturnToHand;
                }
                b.effects.push(each(t, |o| Effect::Act(act, o)));
            }
            Rule::i_look_top | Rule::i_reveal_top => {
                let first = parts.next().unwrap();
                // "the top N cards of your Main Deck": its number.
                let n = if first.as_rule() == Rule::top_cards { first.into_inner().next().unwrap() } else { first };
                let amount = word_or_number(&n);
                let e = if rule == Rule::i_look_top {
                    Effect::LookTop { who: Who::You, amount }
                } else {
                    Effect::RevealTop { who: Who::You, amount }
                };
                b.effects.push(Effect::Let(Var::Looked, Box::new(e)));
                b.looked = true;
            }
            Rule::i_banish_play => {
                if !b.looked {
                    return Err(self.err(&i, "\"from among them\" needs a \"look at\" before it"));
                }
                let optional = std::mem::take(&mut b.may);
                let (mut max_might, mut reduced_by) = (None, None);
                for l in parts {
                    match l.as_rule() {
                        Rule::might_vs => {
                            // Might at most the killed unit's + N: "less than" is N = -1 (Might
                            // is a whole number), "no more than" N = 0.
                            let more = l.clone().into_inner().find_map(|x| match x.as_rule() {
                                Rule::might_up_to_more => Some(number(&x) as i32),
                                Rule::might_cmp => Some(if x.as_str().eq_ignore_ascii_case("less") { -1 } else { 0 }),
                                _ => None,
                            });
                            let spec =
                                b.killed.ok_or_else(|| self.err(&l, "\"the killed unit\" needs a kill before it"))?;
                            max_might = Some(KilledMight { spec, more: more.unwrap_or(0) });
                        }
                        _ => reduced_by = Some(number(&l)),
                    }
                }
                let from = Objs::Var(Var::Looked);
                b.effects.push(Effect::BanishAndPlay { from, max_might, optional, reduced_by });
            }
            // "Recycle the rest" after players chose some of theirs: the objects not chosen.
            Rule::i_recycle_rest if b.rest && !b.looked => b.effects.push(Effect::RecycleAll(Objs::Var(Var::Rest))),
            Rule::i_recycle_rest
            | Rule::i_draw_rest
            | Rule::i_put_one_hand
            | Rule::i_recycle_any
            | Rule::i_put_back_in_order => {
                if !b.looked {
                    return Err(self.err(
                        &i,
                        "\"the rest\", \"the other\", \"of them\" and \"put one\" need a \"look at\" or \"reveal\" before them",
                    ));
                }
                let looked = Objs::Var(Var::Looked);
                b.effects.push(match rule {
                    Rule::i_put_one_hand => Effect::PutOneIntoHand(looked),
                    // "You may recycle one or both of them": choosing none is the "may" (352.12).
                    Rule::i_recycle_any => {
                        b.may = false;
                        Effect::RecycleAny(looked)
                    }
                    Rule::i_put_back_in_order => Effect::PutBackInAnyOrder(looked),
                    Rule::i_draw_rest => Effect::DrawCards(looked),
                    _ => Effect::RecycleCards(looked),
                });
            }
            // "spend any number of buffs": how many times is the controller's choice (702.2.b).
            Rule::i_pay_any_number => {
                let cost = self.any_number_cost(i.into_inner().next().unwrap());
                b.effects.push(Effect::Let(Var::Paid, Box::new(Effect::PayAnyNumber(cost.clone()))));
                b.paid = Some(Some(cost));
            }
            // 414: "banish one" of the cards looked at: the controller chooses it.
            Rule::i_banish_one => {
                if !b.looked {
                    return Err(self.err(&i, "\"banish one\" needs cards looked at or revealed before it"));
                }
                // "You may banish one": choosing none is the "may" (352.12).
                let optional = std::mem::take(&mut b.may);
                let banish = Effect::BanishOne { who: Who::You, from: Objs::Var(Var::Looked), optional };
                b.effects.push(Effect::Let(Var::Banished, Box::new(banish)));
                b.it = Some(Obj::Var(Var::Banished));
            }
            // 406.3: "then play it": the card named before it, its cost paid as usual.
            Rule::i_play_it => {
                let card = self.it(&i, &b, "\"play it\" needs a card before it")?;
                let play =
                    Effect::PlayCard { who: Who::You, card, ignore_energy: false, ignore_power: false, to_base: false };
                b.effects.push(Effect::Let(Var::Played, Box::new(play)));
                b.it = Some(Obj::Var(Var::Played));
            }
            Rule::i_banish_top => {
                b.effects.push(Effect::Let(Var::Banished, Box::new(Effect::BanishTop(Who::You))));
                b.it = Some(Obj::Var(Var::Banished));
            }
            Rule::i_give_next_repeat => b.effects.push(Effect::ThisTurn(TurnRule::NextSpellRepeat)),
            Rule::i_next_spell => {
                let whom = parts.next().unwrap().as_rule();
                let unit = whom != Rule::next_spell;
                let what = parts.next().unwrap();
                let rule = match (unit, what.as_rule()) {
                    (true, Rule::next_enters_ready) if whom == Rule::every_unit => TurnRule::UnitsEnterReady,
                    (true, Rule::next_enters_ready) => TurnRule::NextUnitEntersReady,
                    (false, Rule::next_costs_less) => TurnRule::NextSpellCostsLess(number(&what)),
                    (false, Rule::next_deals_bonus) => TurnRule::NextSpellBonus(number(&what)),
                    (true, _) => return Err(self.err(&what, "units you play are understood with \"enter ready\" only")),
                    (false, _) => return Err(self.err(&what, "\"enters ready\" is said of the next unit, not a spell")),
                };
                b.effects.push(Effect::ThisTurn(rule))
            }
            // "play me for [A]": the cost named stands in for the card's own, paid as it is
            // played (rule 002); the card is played from wherever it went since (406.3).
            Rule::i_play_me if parts.peek().is_some() => {
                let cost = self.resources(&parts.next().unwrap().into_inner().next().unwrap())?;
                b.effects.push(Effect::PlayMeFor(cost));
            }
            // 406.3: only a payment replacing its cost ("pay [R] to play me") plays it; the
            // kernel's play_me_from_trash pays no cost itself.
            Rule::i_play_me_from_trash | Rule::i_play_me if !b.paying => {
                return Err(self.err(&i, "\"play me\" is understood only after \"pay ... to\" (its cost)"));
            }
            Rule::i_play_me_from_trash | Rule::i_play_me => b.effects.push(Effect::PlayMeFromTrash),
            Rule::i_add if i.clone().into_inner().next().is_some_and(|x| x.as_rule() == Rule::amount_that_much) => {
                if b.paid.is_none() {
                    return Err(self.err(&i, "\"that much\" is understood after \"Pay any amount of ... to\""));
                }
                let unit = parts.nth(1).unwrap();
                let each = match unit.clone().into_inner().next().map(|x| x.as_rule()) {
                    Some(Rule::any_energy) => Cost { energy: 1, power: Vec::new() },
                    _ => self.resources(&unit)?,
                };
                if parts.next().is_some() {
                    return Err(self.err(&i, "\"Use only to play spells\" is understood after a fixed amount"));
                }
                b.adds_resources = true;
                b.effects.push(Effect::AddTimes { who: b.actor(), each, times: Amount::Paid });
            }
            Rule::i_add => {
                let resources = self.resources(&parts.next().unwrap())?;
                let spells_only = parts.next().is_some();
                if spells_only && resources.power.iter().any(|s| *s != PowerSymbol::Any) {
                    return Err(self.err(&i, "only Energy and [A] are understood with \"Use only to play spells\""));
                }
                // 416.2-416.3: the ability adds resources (and this is what it adds).
                b.adds_resources = true;
                b.added = Some(Added { resources: resources.clone(), spells_only });
                b.effects.push(Effect::Add { who: b.actor(), resources, spells_only });
            }
            Rule::i_move => {
                // 423: "to its base" is a move to its controller's base. "Move a friendly unit
                // here.": a final "here" names the destination (053.3: the source's location),
                // not where the unit is. With no destination named, 352.3: the destination of a
                // chosen unit is chosen with the targets (a spec of its own, just before the
                // unit's, so "it" stays the unit); for several units it is chosen as it resolves.
                let may = std::mem::take(&mut b.may);
                // "to that enemy unit's battlefield": the unit named before this one.
                let named_before = b.it.clone();
                let phrase = parts.next().unwrap();
                let dest = parts.next();
                let to_battlefield_of = dest.as_ref().is_some_and(|d| d.as_rule() == Rule::move_to_battlefield_of);
                // "there": a final "there" names the battlefield chosen before it (as "here").
                let there = dest.as_ref().is_some_and(|d| d.as_rule() == Rule::move_there)
                    || phrase.clone().into_inner().next().and_then(|t| t.into_inner().last()).is_some_and(|r| {
                        r.as_rule() == Rule::unit_restriction && r.as_str().eq_ignore_ascii_case("there")
                    });
                let chosen_bf = b
                    .targets
                    .iter()
                    .rposition(|s| s.filter.kind == CardType::Battlefield && s.count == TargetCount::One);
                let to_base = dest.as_ref().is_some_and(|d| d.as_rule() == Rule::move_to_its_base);
                let to_this_battlefield = dest.as_ref().is_some_and(|d| d.as_rule() == Rule::move_to_this_battlefield);
                let to_battlefield = dest.as_ref().is_some_and(|d| d.as_rule() == Rule::move_to_a_battlefield);
                // "to or from its base": its base at one end of the move (`At::YourBase`).
                let to_or_from_base = dest.as_ref().is_some_and(|d| d.as_rule() == Rule::move_to_or_from_base);
                let here = dest.as_ref().is_some_and(|d| d.as_rule() == Rule::move_to_here)
                    || !to_base
                        && phrase.clone().into_inner().next().and_then(|t| t.into_inner().last()).is_some_and(|r| {
                            r.as_rule() == Rule::unit_restriction && r.as_str().eq_ignore_ascii_case("here")
                        });
                let t = self.target(phrase.clone(), &mut b, None)?;
                // "your base" is only the base of a unit of yours.
                let yours = matches!(&t, Target::One(Obj::Me))
                    || matches!(&t, Target::Chosen(i, _) if b.targets[*i].filter.relation == Relation::Friendly);
                // "move an enemy gear to your base": a gear is put into the base named (no rule sends
                // it to its own controller's, as a unit's move does, 423).
                let gear = matches!(&t, Target::Chosen(i, _) if b.targets[*i].filter.kind == CardType::Gear);
                let your_base =
                    dest.as_ref().filter(|d| (*d).clone().into_inner().any(|x| x.as_rule() == Rule::base_yours));
                if let Some(d) = your_base
                    && !yours
                    && !gear
                {
                    return Err(self.err(d, "a unit moves to its own controller's base: say \"to its base\""));
                }
                let to_your_base = your_base.is_some() && gear;
                match (may, &t) {
                    (true, Target::Chosen(index, TargetCount::One)) => b.targets[*index].count = TargetCount::UpTo(1),
                    // "you may move me ...": nothing to choose, so the "may" is asked as it resolves.
                    _ => b.may = may,
                }
                // "to a battlefield": the destination is chosen among battlefields only.
                let mut bf = UnitFilter::of_kind(CardType::Battlefield);
                if to_battlefield {
                    // "to a battlefield where you have units": the battlefields the restrictions
                    // name (a battlefield is where it is, 053.3).
                    for r in dest.clone().unwrap().into_inner() {
                        if r.as_rule() == Rule::open_battlefield {
                            bf.condition = Some(Box::new(Condition::Open));
                            continue;
                        }
                        self.apply_filter_word(&mut bf, &r);
                        if bf.at != At::Anywhere {
                            return Err(self.err(
                                &r,
                                "a move's destination is understood with \"where you have units\" or \"you control\"",
                            ));
                        }
                    }
                    bf.at = At::Battlefield;
                }
                if to_or_from_base {
                    bf.at = At::YourBase;
                }
                if let (true, Target::Chosen(i, _)) = (there, &t) {
                    b.targets[*i].filter.at = At::Anywhere;
                }
                let effect = match (&t, to_base, here) {
                    (_, true, _) if to_your_base => each(t, |o| Effect::Act(Act::MoveToYourBase, o)),
                    (_, true, _) => each(t, |o| Effect::Act(Act::MoveToBase, o)),
                    _ if to_this_battlefield => {
                        if !b.battlefield {
                            return Err(self.err(
                                dest.as_ref().unwrap(),
                                "\"to this battlefield\" needs a trigger whose event names a battlefield, such as \"When I hold\"",
                            ));
                        }
                        each(t, |unit| Effect::MoveTo { unit, to: Obj::ThatBattlefield, battlefield: true })
                    }
                    // "there": the battlefield chosen before it, else the one the trigger's event
                    // names ("When you defend at a battlefield, you may move me there").
                    _ if there => {
                        let to = match chosen_bf {
                            Some(spec) => Obj::Target(spec),
                            None if b.battlefield => Obj::ThatBattlefield,
                            None => {
                                return Err(self.err(
                                    &phrase,
                                    "\"move ... there\" needs a battlefield chosen before it, or a trigger whose event names one",
                                ));
                            }
                        };
                        each(t, |unit| Effect::MoveTo { unit, to: to.clone(), battlefield: true })
                    }
                    _ if to_battlefield_of => {
                        // "to my battlefield": my location, if a battlefield (423).
                        let mine =
                            dest.as_ref().unwrap().clone().into_inner().any(|x| x.as_rule() == Rule::battlefield_mine);
                        // "to that battlefield": the battlefield chosen before it, if one was.
                        let bare = !dest.as_ref().unwrap().clone().into_inner().any(|x| x.as_rule() == Rule::unit_noun);
                        let chosen = chosen_bf.filter(|_| bare).map(Obj::Target);
                        let to = if mine { Some(Obj::Me) } else { chosen.or(named_before) }.ok_or_else(|| {
                            self.err(&phrase, "\"to that unit's battlefield\" needs a unit before it")
                        })?;
                        each(t, |unit| Effect::MoveTo { unit, to: to.clone(), battlefield: true })
                    }
                    // "then move it to a battlefield": "it" is a unit chosen before, whose
                    // destination is chosen right after it (352.3).
                    (Target::One(Obj::Target(unit)), _, _)
                        if to_battlefield && b.targets[*unit].count == TargetCount::One =>
                    {
                        let unit = *unit;
                        b.targets.push(TargetSpec::new(TargetCount::Destination(unit), bf));
                        Effect::MoveToChosen { unit: Obj::Target(unit), spec: b.targets.len() - 1 }
                    }
                    (Target::Chosen(i, _), _, true) => {
                        b.targets[*i].filter.at = At::Anywhere;
                        each(t, |o| Effect::Act(Act::MoveHere, o))
                    }
                    (_, _, true) => {
                        return Err(self.err(&phrase, "\"move ... here\" is understood for chosen units only"));
                    }
                    (Target::Chosen(i, TargetCount::One), _, _) => {
                        let (dest, unit) = (*i, *i + 1);
                        b.targets.insert(dest, TargetSpec::new(TargetCount::Destination(unit), bf));
                        b.it = Some(Obj::Target(unit));
                        Effect::MoveToChosen { unit: Obj::Target(unit), spec: dest }
                    }
                    // "Move any number of your units to an open battlefield": one destination,
                    // chosen right after the units (352.3), for each of them.
                    (Target::Chosen(i, _), _, _) if to_battlefield => {
                        let (dest, units) = (*i, *i + 1);
                        b.targets.insert(dest, TargetSpec::new(TargetCount::Destination(units), bf));
                        Effect::MoveAllToChosen { units: Objs::Targets(units), spec: dest }
                    }
                    _ if to_battlefield || to_or_from_base => {
                        return Err(self.err(
                            &phrase,
                            "\"move ... to a battlefield\" is understood for chosen units, and \"to or from its base\" for one",
                        ));
                    }
                    _ => each(t, |o| Effect::Act(Act::Move, o)),
                };
                b.effects.push(effect);
            }
            Rule::i_be_moved => {
                // "I may be moved with it": I move to where "it" is now (423); "may": 352.12.
                let may = i.clone().into_inner().any(|x| x.as_rule() == Rule::be_moved_may);
                let with = parts.find(|x| x.as_rule() == Rule::move_with).unwrap();
                let phrase = with.into_inner().next().unwrap();
                let Target::One(to) = self.target(phrase.clone(), &mut b, None)? else {
                    return Err(self.err(&phrase, "\"be moved with\" is understood with one unit named before it"));
                };
                let moved = Effect::MoveTo { unit: Obj::Me, to, battlefield: false };
                b.effects.push(if may {
                    Effect::If { test: Test::May, then: vec![moved], otherwise: Vec::new() }
                } else {
                    moved
                });
            }
            Rule::i_return_hand => {
                // "to your hand" is the owner's hand only for a card from your own trash
                // (352.10.a); for anything else it would be a different hand than its owner's.
                let mut parts = parts.peekable();
                let mut phrases: Vec<P> = Vec::new();
                while let Some(x) = parts.next_if(|x| x.as_rule() == Rule::target) {
                    phrases.push(x);
                }
                let phrase = phrases[0].clone();
                if phrases.len() > 1 && parts.peek().is_some() {
                    return Err(self.err(&i, "several objects return \"to their owners' hands\""));
                }
                let mine = parts.next().is_some_and(|x| x.as_rule() == Rule::return_from_trash);
                if mine
                    && !matches!(
                        phrase.clone().into_inner().next().map(|x| x.as_rule()),
                        Some(Rule::t_me | Rule::t_this)
                    )
                {
                    return Err(
                        self.err(&phrase, "\"from your trash\" after the noun is understood for \"this\" or \"me\"")
                    );
                }
                let from_trash = mine || phrase.as_str().to_ascii_lowercase().contains("from your trash");
                if !from_trash && i.as_str().to_ascii_lowercase().ends_with("your hand") {
                    return Err(self.err(&i, "\"to your hand\" is understood only for a card \"from your trash\""));
                }
                b.from_trash |= mine;
                // 107.2.b.1: "to your Champion Zone [if it is empty]": only the Chosen Champion
                // returns there, and only to an empty one.
                let act = if i.clone().into_inner().any(|x| x.as_rule() == Rule::your_champion_zone) {
                    if phrase.clone().into_inner().next().map(|x| x.as_rule()) != Some(Rule::t_chosen_champion) {
                        return Err(
                            self.err(&phrase, "only \"your Chosen Champion\" returns to your Champion Zone (107.2.b)")
                        );
                    }
                    Act::ReturnToChampionZone
                } else {
                    Act::ReturnToHand
                };
                for phrase in phrases {
                    let t = self.target(phrase, &mut b, None)?;
                    b.effects.push(each(t, |o| Effect::Act(act, o)));
                }
            }
            Rule::i_top_or_bottom => {
                let phrase = parts.next().unwrap();
                let who = b.actor();
                let card = match self.card_in_hand(&phrase, &mut b, who, false, false) {
                    Some(card) => card,
                    None => match self.target(phrase.clone(), &mut b, None)? {
                        Target::One(o) => o,
                        Target::Chosen(index, TargetCount::One) => Obj::Target(index),
                        _ => return Err(self.err(&phrase, "one card is put on the top or bottom of a Main Deck")),
                    },
                };
                b.effects.push(Effect::Act(Act::TopOrBottom, card));
            }
            Rule::i_play_card => {
                // "you may play ...": the card may be left unchosen (352.12).
                let may = std::mem::take(&mut b.may);
                let phrase = parts.next().unwrap();
                // "to a battlefield you control": where a unit played goes (352.2).
                let mut rest = parts.next();
                let to = match rest.clone().filter(|r| r.as_rule() == Rule::play_to_battlefield) {
                    Some(r) => {
                        rest = parts.next();
                        Some(play_to_battlefield(r))
                    }
                    None => None,
                };
                // "ignoring its cost": Energy and Power (353.1.a); "ignoring its Energy cost":
                // Energy only (353.1.b); nothing said: both paid (406.3.b).
                let waived = rest.as_ref().filter(|r| r.as_rule() == Rule::play_waived);
                let ignore_energy = waived.is_some();
                let ignore_power =
                    waived.is_some_and(|r| !r.clone().into_inner().any(|x| x.as_rule() == Rule::ignoring_energy));
                // "Reduce its Energy cost by AMOUNT", "reducing its cost by [2]" (353.4.b).
                let reduced = match rest.filter(|r| r.as_rule() == Rule::play_cost_reduced) {
                    Some(r) => {
                        Some(match r.into_inner().find(|x| matches!(x.as_rule(), Rule::amount | Rule::resources)) {
                            Some(x) if x.as_rule() == Rule::amount => self.amount_words(x, &mut b)?,
                            Some(x) => Amount::Number(i64::from(self.resources(&x)?.energy)),
                            None => Amount::Number(0),
                        })
                    }
                    None => None,
                };
                // The card played as this resolves; "it" is the card played.
                let play = |b: &mut Body, card: Obj, reduced: Option<Amount>| {
                    let play = match reduced {
                        Some(by) => Effect::PlayCardReduced { who: Who::You, card, by },
                        None => Effect::PlayCard { who: Who::You, card, ignore_energy, ignore_power, to_base: false },
                    };
                    b.effects.push(Effect::Let(Var::Played, Box::new(play)));
                    if let Some(to) = to {
                        b.effects.push(Effect::PlayToBattlefield(Obj::Var(Var::Played), to));
                    }
                    b.it = Some(Obj::Var(Var::Played));
                };
                // "play a card with [Hidden] from your hand", "play an Equipment" (a hand is the
                // zone cards are played from, 346); "you may": none.
                if let Some(card) = self.card_in_hand(&phrase, &mut b, Who::You, may, true) {
                    play(&mut b, card, reduced);
                    return Ok(b);
                }
                let t = self.target(phrase.clone(), &mut b, None)?;
                // "Banish it. Play it, ignoring its cost": the card an instruction before named,
                // from the banishment it went to (406.3).
                if let Target::One(card @ Obj::Var(_)) = &t {
                    if may {
                        return Err(self.err(&phrase, "\"you may play it\" is not understood yet"));
                    }
                    play(&mut b, card.clone(), reduced);
                    return Ok(b);
                }
                let Target::Chosen(index, TargetCount::One) = t else {
                    return Err(self.err(&phrase, "\"play\" is understood for one card chosen \"from your trash\""));
                };
                if b.targets[index].filter.at != At::YourTrash {
                    return Err(self.err(&phrase, "\"play\" is understood for one card chosen \"from your trash\""));
                }
                if may {
                    b.targets[index].count = TargetCount::UpTo(1);
                }
                // "Then recycle it": "it" is the card as played (414.3).
                play(&mut b, Obj::Target(index), reduced);
            }
            // 352.2: "play it here": the unit played before it goes to this location.
            Rule::i_play_here => {
                let it = self.it(&i, &b, "\"play it here\" needs a card played before it")?;
                if it != Obj::Var(Var::Played) {
                    return Err(self.err(&i, "\"play it here\" needs a card played before it"));
                }
                b.effects.push(Effect::PlayHere(it));
            }
            Rule::i_each_player_kills => {
                let mut f = UnitFilter::units();
                self.apply_filter_word(&mut f, &parts.next().unwrap());
                b.effects.push(Effect::EachPlayerKillsOne(Objs::All(f)));
            }
            Rule::i_give_more => {
                let it = self.it(&i, &b, "\"an additional\" needs a unit given Might before it")?;
                let mut amount = 0;
                let mut until = Duration::Indefinite;
                for x in parts {
                    match x.as_rule() {
                        Rule::extra_might => amount = signed(&x.into_inner().next().unwrap()),
                        Rule::this_turn => until = Duration::ThisTurn,
                        _ => {}
                    }
                }
                b.effects.push(Effect::Give { to: it, grant: Grant::Might { amount, min: None }, until });
            }
            Rule::i_win => b.effects.push(Effect::Win(Who::You)),
            Rule::i_move_to_base => {
                // "you may move a unit": the choice itself is optional (352.12).
                let may = std::mem::take(&mut b.may);
                let t = self.target(parts.next().unwrap(), &mut b, None)?;
                if let (true, Target::Chosen(index, TargetCount::One)) = (may, &t) {
                    b.targets[*index].count = TargetCount::UpTo(1);
                }
                b.effects.push(each(t, |o| Effect::Act(Act::MoveToBase, o)));
            }
            _ => return Err(self.err(&i, "the kernel has no instruction for this yet")),
        }
        Ok(b)
    }

    /// A target phrase: a chosen target adds a [`TargetSpec`] (352); "me", "it", "all ..." do
    /// not (352.10).
    fn target(&self, p: P, b: &mut Body, split: Option<u32>) -> Result<Target, Diagnostic> {
        self.no_they_control(&p)?;
        let t = p.into_inner().next().unwrap();
        let rule = t.as_rule();
        let result = match rule {
            Rule::t_this if self.effect_text => Target::One(Obj::ThisCard),
            Rule::t_me | Rule::t_this => Target::One(Obj::Me),
            // "Choose an enemy unit here and ... Deal 1 to that unit": the unit chosen before it;
            // with none, the unit of the event or replacement.
            // In a delayed trigger with nothing chosen, "that unit" is what it remembers (414.3).
            Rule::t_that_unit => Target::One(
                b.targets
                    .iter()
                    .rposition(|s| s.filter.kind == CardType::Unit && s.count == TargetCount::One)
                    .map_or(if b.it == Some(Obj::Remembered) { Obj::Remembered } else { Obj::ThatUnit }, Obj::Target),
            ),
            Rule::t_that_card => Target::One(b.that_card.clone().ok_or_else(|| self.err(&t, THAT_CARD))?),
            // "the unit you recycled": only what a cost within this instruction was paid with.
            Rule::t_paid if b.paying => Target::One(Obj::Paid),
            Rule::t_paid => {
                return Err(self.err(&t, "\"the unit you recycled\" is understood after \"you may recycle ... to\""));
            }
            Rule::t_it => Target::One(b.it.clone().ok_or_else(|| self.err(&t, "\"it\" needs something before it"))?),
            // "Kill those units": the objects players chose before it.
            Rule::t_those if b.those => Target::All(Objs::Var(Var::Those)),
            Rule::t_those => return Err(self.err(&t, "\"those\" needs the players to choose objects before it")),
            Rule::t_all | Rule::t_plural => {
                let filter = self.filter_of(t.clone());
                // "there": the battlefield chosen before it ("Choose a battlefield. Give friendly
                // units there +1 [M] this turn", 352.10.b: the battlefield is the target); with
                // none, my location ("if I am at a battlefield, buff all other friendly units
                // there"), as `apply_filter_word` reads it.
                let there = t
                    .clone()
                    .into_inner()
                    .any(|x| x.as_rule() == Rule::unit_restriction && x.as_str().eq_ignore_ascii_case("there"));
                let chosen_bf = b
                    .targets
                    .iter()
                    .rposition(|s| s.filter.kind == CardType::Battlefield && s.count == TargetCount::One);
                if let (true, Some(spec)) = (there, chosen_bf) {
                    let filter = UnitFilter { at: At::Anywhere, ..filter };
                    return Ok(Target::All(Objs::AtBattlefield { filter, spec }));
                }
                if b.that_combat && filter.at == At::Anywhere {
                    return Ok(Target::All(Objs::AtThatBattlefield(filter)));
                }
                // "Deal 1 to each other enemy unit at its battlefield": where "it" is, not it.
                if filter.at == At::ItsLocation {
                    let of =
                        b.it.clone()
                            .ok_or_else(|| self.err(&t, "\"at its location\" needs something named before it"))?;
                    return Ok(Target::All(Objs::Around { filter: UnitFilter { at: At::Here, ..filter }, of }));
                }
                let one_battlefield = t.clone().into_inner().any(|x| {
                    x.as_rule() == Rule::unit_restriction && x.as_str().eq_ignore_ascii_case("at a battlefield")
                });
                // 352.10.b: "at a battlefield" picks the battlefield; any other restriction ("you
                // control" a battlefield, "in combat", "with 2 [M] or less", "non-Recruit") would
                // be dropped by units_at, so only "friendly" / "enemy" go with it.
                let other_restriction = t.clone().into_inner().find(|x| {
                    x.as_rule() == Rule::unit_restriction && !x.as_str().eq_ignore_ascii_case("at a battlefield")
                });
                if one_battlefield
                    && (other_restriction.is_some()
                        || filter.other
                        || filter.exclude_tag.is_some()
                        || filter.max_might.is_some()
                        || filter.kind != CardType::Unit)
                {
                    let at = other_restriction.unwrap_or_else(|| t.clone());
                    return Err(
                        self.err(&at, "\"all ... at a battlefield\" is understood with \"friendly\" / \"enemy\" only")
                    );
                }
                if one_battlefield {
                    // 352.10.b / 352.10.d: "all units at a battlefield" targets a battlefield, and
                    // affects the units there as it resolves, not as targets.
                    let bf = UnitFilter::of_kind(CardType::Battlefield);
                    b.targets.push(TargetSpec::new(TargetCount::One, bf));
                    let filter = UnitFilter { at: At::Anywhere, ..filter };
                    Target::All(Objs::AtBattlefield { filter, spec: b.targets.len() - 1 })
                } else {
                    // "Ready all friendly units. They get +1 [M] this turn.": "they" names them.
                    b.they_units = Some(Objs::All(filter.clone()));
                    Target::All(Objs::All(filter))
                }
            }
            // "your unit", "that enemy unit": the last unit of that kind (and relation) this
            // ability chose, named again; not a new target (352.10).
            Rule::t_that => {
                let mut f = self.filter_of(t.clone());
                let yours = t.as_str().to_ascii_lowercase().starts_with("your");
                if yours {
                    f.relation = Relation::Friendly;
                }
                // 103.1: a player has one Champion Legend; "your legend" is it, not a choice.
                if yours && f.kind == CardType::Legend {
                    return Ok(Target::All(Objs::All(f)));
                }
                let i = b
                    .targets
                    .iter()
                    .rposition(|s| {
                        s.filter.kind == f.kind
                            && matches!(s.count, TargetCount::One | TargetCount::UpTo(1))
                            && (f.relation == Relation::Any || s.filter.relation == f.relation)
                    })
                    .ok_or_else(|| self.err(&t, "\"your unit\" / \"that unit\" needs such a unit chosen before it"))?;
                Target::One(Obj::Target(i))
            }
            Rule::t_chosen_champion if self.filter_of(t.clone()).at != At::YourTrash => {
                // 352.8.a.5: without "from your trash" it is the one in the Champion Zone, which
                // no phrase here chooses from.
                return Err(self.err(&t, "\"your Chosen Champion\" is understood \"from your trash\""));
            }
            Rule::t_one
            | Rule::t_one_of
            | Rule::t_up_to
            | Rule::t_any_number
            | Rule::t_exactly
            | Rule::t_something
            | Rule::t_chosen_champion => {
                let mut filter = self.filter_of(t.clone());
                // 352.8.b: "a unit and another unit": "another" after an earlier choice of the
                // same kind sets this choice apart from that one, not from the source.
                // "up to one other unit" says it with an adjective.
                let another =
                    t.clone()
                        .into_inner()
                        .any(|x| x.as_rule() == Rule::article && x.as_str().eq_ignore_ascii_case("another"))
                        || (rule == Rule::t_up_to
                            && t.clone().into_inner().flatten().any(|x| {
                                x.as_rule() == Rule::unit_adjective && x.as_str().eq_ignore_ascii_case("other")
                            }));
                let distinct = another
                    && b.targets
                        .iter()
                        .any(|s| s.filter.kind == filter.kind && !matches!(s.count, TargetCount::Destination(_)));
                if distinct {
                    filter.other = false;
                }
                // "a battlefield you control and a unit you control at a different location": a
                // location other than the chosen battlefield, not other than mine (352.8.b).
                let mut located = None;
                // "another enemy unit at its destination": where "it" is, and not it.
                if filter.at == At::ItsLocation {
                    if b.it != Some(Obj::ThatUnit) {
                        return Err(self.err(
                            &t,
                            "\"at its destination\" is understood in \"do this:\" after a move (its \"it\")",
                        ));
                    }
                    located = Some(Located::AtIt { other: another && !distinct });
                    filter.at = At::Anywhere;
                    filter.other = false;
                }
                if filter.at == At::Elsewhere
                    && let Some(k) = b.targets.iter().rposition(|s| s.filter.kind == CardType::Battlefield)
                {
                    filter.at = At::Anywhere;
                    located = Some(Located::Elsewhere(k));
                }
                // "Choose a battlefield and an enemy unit there": at the battlefield chosen before
                // it (352.8.b), not where the source is.
                let there = t
                    .clone()
                    .into_inner()
                    .any(|x| x.as_rule() == Rule::unit_restriction && x.as_str().eq_ignore_ascii_case("there"));
                if there
                    && let Some(k) = b
                        .targets
                        .iter()
                        .rposition(|s| s.filter.kind == CardType::Battlefield && s.count == TargetCount::One)
                {
                    filter.at = At::Anywhere;
                    located = Some(Located::SameBattlefield(k));
                }
                // 352.8.b: "a unit and an Equipment with the same controller": controlled by the
                // player who controls the object chosen before it.
                if t.clone().into_inner().flatten().any(|x| x.as_rule() == Rule::same_controller) {
                    let k = b
                        .targets
                        .iter()
                        .rposition(|s| matches!(s.count, TargetCount::One | TargetCount::UpTo(1)))
                        .ok_or_else(|| self.err(&t, "\"with the same controller\" needs an object chosen before it"))?;
                    located = Some(Located::SameController(k));
                }
                // 352.11: "up to three units at the same location": chosen together, at one place.
                if t.clone().into_inner().flatten().any(|x| x.as_rule() == Rule::same_place) {
                    if !matches!(rule, Rule::t_up_to | Rule::t_exactly | Rule::t_any_number) {
                        return Err(
                            self.err(&t, "\"at the same location\" is understood of several objects chosen together")
                        );
                    }
                    located = Some(Located::Together);
                }
                let count = match rule {
                    Rule::t_one | Rule::t_one_of | Rule::t_something | Rule::t_chosen_champion => TargetCount::One,
                    Rule::t_exactly => TargetCount::Exactly(word_or_number(&t.clone().into_inner().next().unwrap())),
                    Rule::t_up_to => {
                        let n = t.clone().into_inner().next().unwrap();
                        TargetCount::UpTo(word_or_number(&n))
                    }
                    _ => {
                        let total = t
                            .clone()
                            .into_inner()
                            .find(|x| x.as_rule() == Rule::total_might)
                            .map(|x| number(&x.into_inner().next().unwrap()));
                        let same = filter.at == At::Battlefield && total.is_some();
                        TargetCount::AnyNumber { total_might: total, same_battlefield: same }
                    }
                };
                let count = match split {
                    Some(n) => TargetCount::Split(n),
                    None => count,
                };
                // 143.1.a.3: "a gear" chooses gear; units and runes are the other choosable kinds.
                // 352.10.a: "a spell from your trash" chooses a spell card there; 352.8.a.2: any
                // other spell is one on the chain, chosen only by a counter (412.3) or a "Choose"
                // the counter then names, so a spell is never read as a unit.
                let on_chain = b.chain_spells;
                // 352.10.b: "Choose a battlefield": a battlefield is a target.
                let choosable = |f: &UnitFilter| {
                    matches!(
                        f.kind,
                        CardType::Unit | CardType::Rune | CardType::Gear | CardType::Legend | CardType::Battlefield
                    ) || (f.kind == CardType::Spell
                        && (matches!(f.at, At::YourTrash | At::Trashes) || (on_chain && f.at == At::Anywhere)))
                };
                // 352.10.a: a hand is not public: a card there is chosen as the instruction
                // resolves ("play a card from your hand"), never a target.
                if filter.at == At::YourHand {
                    return Err(self.err(&t, "a card \"from your hand\" is understood only after \"play\""));
                }
                if !choosable(&filter) || filter.or.as_deref().is_some_and(|o| !choosable(o)) {
                    return Err(self.err(
                        &t,
                        "only a spell \"from your trash\" can be chosen here (one on the chain only by \"Choose\" or to counter it)",
                    ));
                }
                b.targets.push(TargetSpec { distinct, located, ..TargetSpec::new(count, filter) });
                let index = b.targets.len() - 1;
                Target::Chosen(index, count)
            }
            // "a friendly unit and an enemy unit at the same battlefield": two targets, the second
            // at the battlefield of the first (352.8.b: a restriction relative to the other choice).
            Rule::t_pair => {
                let mut phrases = t.clone().into_inner().filter(|x| x.as_rule() == Rule::pair_phrase);
                let mut first = self.unit_phrase(phrases.next().unwrap());
                if first.at == At::Anywhere {
                    first.at = At::Battlefield;
                }
                let second = self.unit_phrase(phrases.next().unwrap());
                b.targets.push(TargetSpec::new(TargetCount::One, first));
                let i = b.targets.len() - 1;
                b.targets.push(TargetSpec {
                    located: Some(Located::SameBattlefield(i)),
                    ..TargetSpec::new(TargetCount::One, second)
                });
                b.it = None;
                Target::Pair(i, i + 1)
            }
            _ => return Err(self.err(&t, "unknown target")),
        };
        match &result {
            Target::Chosen(i, TargetCount::One) => b.it = Some(Obj::Target(*i)),
            Target::One(o) => b.it = Some(o.clone()),
            _ => {}
        }
        Ok(result)
    }

    fn filter_of(&self, p: P) -> UnitFilter {
        if p.as_rule() == Rule::t_something {
            return self.something(p);
        }
        let mut f = UnitFilter::units();
        // "a unit at a battlefield or a gear": the second phrase is an alternative.
        if let Some(or) = p.clone().into_inner().find(|x| x.as_rule() == Rule::t_or) {
            f.or = Some(Box::new(self.unit_phrase(or)));
        }
        let mut kinds = None;
        let mut nouns = vec![];
        for part in p.into_inner().flat_map(|x| {
            if x.as_rule() == Rule::unit_noun_plural { x.into_inner().collect::<Vec<_>>() } else { vec![x] }
        }) {
            kinds = kinds.or(noun_kinds(&part));
            if matches!(part.as_rule(), Rule::more_nouns | Rule::more_plurals) {
                nouns.extend(part.into_inner());
            } else {
                self.apply_filter_word(&mut f, &part);
            }
        }
        // "gear, unit, or facedown card": the same restrictions with each other noun, an `or` chain.
        for noun in nouns.iter().rev() {
            let mut g = UnitFilter { tag: None, facedown: false, ..f.clone() };
            self.apply_filter_word(&mut g, noun);
            g.or = f.or.take();
            f.or = Some(Box::new(g));
        }
        of_noun_kinds(kinds, f)
    }

    /// `n`, or "n for each X" with a `per_each`.
    fn amount(&self, n: u32, per: Option<P>) -> Amount {
        match per {
            // "for each card with [Hidden] revealed this way": among the cards revealed, which stay
            // in the Main Deck while revealed (411.1.a.2).
            Some(per) if per.clone().into_inner().any(|x| x.as_rule() == Rule::revealed_this_way) => {
                let CountOf::Matching(mut filter) = self.count_of(per) else {
                    unreachable!("a noun phrase counts objects")
                };
                let mut kind = Some(&mut filter);
                while let Some(f) = kind {
                    f.at = At::MainDeck;
                    kind = f.or.as_deref_mut();
                }
                Amount::Among { each: n.into(), from: Objs::Var(Var::Looked), filter }
            }
            Some(per) => Amount::Per { each: n.into(), count: self.count_of(per) },
            None => Amount::Number(n.into()),
        }
    }

    /// "N for each X", where a "there" in X is where the one object `t` names is ("Give a
    /// friendly unit +2 [M] for each enemy unit there", 053.3), not the source's location.
    fn amount_there(&self, n: u32, per: P, t: &Target) -> Result<Amount, Diagnostic> {
        let there = per
            .clone()
            .into_inner()
            .any(|x| x.as_rule() == Rule::unit_restriction && x.as_str().eq_ignore_ascii_case("there"));
        if !there {
            return Ok(self.amount(n, Some(per)));
        }
        let of = match t {
            Target::One(o) => o.clone(),
            Target::Chosen(i, TargetCount::One) => Obj::Target(*i),
            _ => return Err(self.err(&per, "\"there\" here is understood after one object (where it is)")),
        };
        let CountOf::Matching(filter) = self.count_of(per) else { unreachable!("a noun phrase counts objects") };
        Ok(Amount::Around { each: n.into(), filter, of })
    }

    /// An amount in words: "my Might", "its Might", "the Might of X" (X chosen, a target), "the
    /// number of X", "the highest Might among X", each possibly "twice".
    fn amount_words(&self, p: P, b: &mut Body) -> Result<Amount, Diagnostic> {
        let mut twice = false;
        let mut amount = Amount::Number(0);
        let p_text = p.clone();
        for x in p.into_inner() {
            match x.as_rule() {
                Rule::amount_twice => twice = true,
                // "that much": what "Pay any amount of" before it paid, or what the trigger's
                // condition measured.
                Rule::amount_that_much => {
                    amount = match (&b.paid, &b.measured) {
                        (Some(_), _) => Amount::Paid,
                        (None, Some(m)) => m.clone(),
                        (None, None) => {
                            return Err(self.err(
                                &x,
                                "\"that much\" is understood after \"Pay any amount of ... to\" or \"if you assigned N or more excess damage\"",
                            ));
                        }
                    };
                }
                Rule::amount_might => {
                    amount = Amount::MightOf(match x.clone().into_inner().next() {
                        Some(its) => self.it(&its, b, "\"its Might\" needs a unit before it")?,
                        None => Obj::Me,
                    })
                }
                Rule::amount_energy => {
                    amount = Amount::EnergyOf(match x.clone().into_inner().next() {
                        // "that spell's Energy cost": the last object of that kind chosen (352.10).
                        Some(that) if that.as_rule() == Rule::that_possessive => {
                            let kind = self.filter_of(that.clone()).kind;
                            let spec =
                                b.targets.iter().rposition(|s| s.filter.kind == kind && s.count == TargetCount::One);
                            Obj::Target(
                                spec.ok_or_else(|| self.err(&that, "\"that ...'s\" needs one chosen before it"))?,
                            )
                        }
                        // "Discard 1. Deal its Energy cost ...": "its" is the discarded card.
                        Some(its) => match bind_last(b, Var::Discarded, |e| matches!(e, Effect::Discard { .. })) {
                            Some(card) => Obj::Var(card),
                            None => self.it(&its, b, "\"its Energy cost\" needs a card before it")?,
                        },
                        None => Obj::Me,
                    })
                }
                Rule::amount_might_of => {
                    let t = self.target(x.into_inner().next().unwrap(), b, None)?;
                    amount = Amount::MightOf(match t {
                        Target::Chosen(spec, _) => Obj::Target(spec),
                        Target::One(Obj::Paid) => Obj::Paid,
                        _ => {
                            return Err(
                                self.err(&p_text, "\"the Might of\" is understood with a unit chosen as a target")
                            );
                        }
                    });
                }
                Rule::amount_number_of => amount = Amount::Per { each: 1, count: self.count_of(x) },
                Rule::amount_keyword => {
                    let mut inner = x.clone().into_inner();
                    let whose = inner.next().unwrap();
                    let (k, _) = self.keyword(&inner.next().unwrap())?;
                    let o = match whose.as_rule() {
                        Rule::t_me_possessive => Obj::Me,
                        _ => self.it(&whose, b, "\"its [Keyword]\" needs a unit before it")?,
                    };
                    amount = Amount::KeywordOf(o, k);
                }
                Rule::amount_damage => {
                    amount = Amount::DamageOn(match x.clone().into_inner().next().unwrap().as_rule() {
                        Rule::t_me => Obj::Me,
                        _ => self.it(&x, b, "\"the damage marked on it\" needs a unit before it")?,
                    })
                }
                _ => amount = Amount::Per { each: 1, count: self.extreme_might(x) },
            }
        }
        Ok(match (twice, amount) {
            (false, a) => a,
            (true, Amount::Per { each, count }) => Amount::Per { each: 2 * each, count },
            (true, a) => Amount::Twice(Box::new(a)),
        })
    }

    /// What a `per_each` or "the number of" counts: the objects its phrase names, or the cards in
    /// your hand or trash.
    /// "your points", "the number of cards in your hand": what a `count_amount` counts.
    fn count_amount(&self, amount: P) -> CountOf {
        let what = amount.into_inner().next().unwrap();
        match what.as_rule() {
            Rule::count_points => CountOf::YourPoints,
            Rule::amount_extreme => self.extreme_might(what),
            _ => self.count_of(what),
        }
    }

    /// "the highest / lowest Might among UNITS" (131: the Might each has now).
    fn extreme_might(&self, p: P) -> CountOf {
        let mut parts = p.into_inner();
        let highest = parts.next().unwrap().as_rule() == Rule::amount_highest;
        let mut f = UnitFilter::units();
        for w in parts {
            match w.as_rule() {
                Rule::unit_noun_plural => w.into_inner().for_each(|y| self.apply_filter_word(&mut f, &y)),
                _ => self.apply_filter_word(&mut f, &w),
            }
        }
        CountOf::ExtremeMight { filter: f, highest }
    }

    fn count_of(&self, per: P) -> CountOf {
        match per.clone().into_inner().find(|x| matches!(x.as_rule(), Rule::cards_in_your | Rule::points_scored)) {
            Some(x) if x.as_rule() == Rule::points_scored => {
                CountOf::PointsScoredThisTurn(x.into_inner().find_map(|m| match m.as_rule() {
                    Rule::scored_holding => Some(ScoreMethod::Hold),
                    Rule::scored_conquering => Some(ScoreMethod::Conquer),
                    _ => None,
                }))
            }
            Some(x) => cards_in_your(x),
            None => CountOf::Matching(self.unit_phrase(per)),
        }
    }

    /// "something [else] [that's STATE]": an object of any kind a player controls on the board
    /// (352.8.a, 352.8.a.4), in that state.
    fn something(&self, p: P) -> UnitFilter {
        let mut f = UnitFilter::units();
        for part in p.into_inner() {
            match part.as_rule() {
                Rule::something_else => f.other = true,
                _ => self.apply_filter_word(&mut f, &part),
            }
        }
        of_kinds(SOMETHING_KINDS.into_iter(), f)
    }

    /// "they control" names a player other than the ability's controller: understood where that
    /// player chooses (a player's verb, "When a player chooses ..."), not in a phrase relative to
    /// the controller.
    fn no_they_control(&self, p: &P) -> Result<(), Diagnostic> {
        match p.clone().into_inner().flatten().find(|x| x.as_rule() == Rule::they_control) {
            Some(x) => Err(self.err(
                &x,
                "\"they control\" is understood where that player chooses (\"they may move another unit they control here\")",
            )),
            None => Ok(()),
        }
    }

    /// A unit phrase's filter; a plural one ("one or more enemy units") as well.
    fn unit_phrase(&self, p: P) -> UnitFilter {
        let mut f = UnitFilter::units();
        // "it" as an event's subject: any unit here; the delayed trigger matches it against the
        // object it remembers (`DelayedTrigger::of_it`).
        if p.as_rule() == Rule::unit_it {
            return f;
        }
        let mut kinds = None;
        for part in p.into_inner() {
            match part.as_rule() {
                Rule::t_something => return self.something(part),
                Rule::unit_noun_plural => part.into_inner().for_each(|w| {
                    kinds = kinds.or(noun_kinds(&w));
                    self.apply_filter_word(&mut f, &w)
                }),
                _ => {
                    kinds = kinds.or(noun_kinds(&part));
                    self.apply_filter_word(&mut f, &part)
                }
            }
        }
        of_noun_kinds(kinds, f)
    }

    fn apply_filter_word(&self, f: &mut UnitFilter, part: &P) {
        let text = part.as_str().to_ascii_lowercase();
        match part.as_rule() {
            Rule::article if text == "another" => f.other = true,
            Rule::unit_adjective => match text.as_str() {
                // 462.8.d: "friendly" is yours or a teammate's; "your" only yours.
                "friendly" => (f.relation, f.allied) = (Relation::Friendly, true),
                "enemy" => f.relation = Relation::Enemy,
                "other" => f.other = true,
                "your" => f.relation = Relation::Friendly,
                "non-token" => f.condition = Some(Box::new(Condition::Not(Box::new(Condition::Token)))),
                "token" => f.condition = Some(Box::new(Condition::Token)),
                _ => f.exclude_tag = Some("Recruit".into()),
            },
            Rule::unit_state => f.condition = Some(Box::new(unit_state(part))),
            // 103.2.a.3: "your Chosen Champion": a unit of yours that is your Chosen Champion.
            Rule::chosen_champion => {
                f.kind = CardType::Unit;
                f.relation = Relation::Friendly;
                f.condition = Some(Box::new(Condition::ChosenChampion));
            }
            Rule::unit_noun | Rule::plural_noun => {
                f.facedown = text == "facedown card";
                f.kind = match text.as_str() {
                    "rune" | "runes" => CardType::Rune,
                    "gear" => CardType::Gear,
                    "spell" | "spells" => CardType::Spell,
                    "battlefield" | "battlefields" => CardType::Battlefield,
                    "legend" | "legends" => CardType::Legend,
                    _ => CardType::Unit,
                };
                // 176: "tokens" are tokens of any kind (`noun_kinds` adds the gear).
                if text == "tokens" {
                    f.condition = Some(Box::new(Condition::Token));
                }
                // "a Mech", "Poros": the units with that tag.
                if let Some(tag) =
                    part.clone().into_inner().find(|x| matches!(x.as_rule(), Rule::tag_noun | Rule::tag_plural))
                {
                    let word = tag.as_str();
                    let plural = tag.as_rule() == Rule::tag_plural && word.ends_with('s');
                    let word = if plural { &word[..word.len() - 1] } else { word };
                    // SFD-744.1.a: Equipment is a tag of gear.
                    if word.eq_ignore_ascii_case(crate::riftbound::attachment::EQUIPMENT) {
                        f.kind = CardType::Gear;
                    }
                    f.tag = Some(word.to_string());
                }
            }
            Rule::unit_restriction
                if part.clone().into_inner().next().is_some_and(|x| x.as_rule() == Rule::with_keyword) =>
            {
                let k = part.clone().into_inner().next().unwrap().into_inner().next().unwrap();
                if let Ok((k, _)) = self.keyword(&k) {
                    f.condition = Some(Box::new(Condition::HasKeyword(k)));
                }
            }
            Rule::unit_restriction => match text.as_str() {
                "at a battlefield" | "at battlefields" => f.at = At::Battlefield,
                // The source's location while that is a battlefield.
                "at my battlefield" => f.at = At::MyBattlefield,
                // "move up to one enemy unit from here to its base": here, where it moves from.
                "here" | "from here" => f.at = At::Here,
                // "a friendly unit anywhere": at any location, base or battlefield (the default,
                // said to contrast with the next phrase's "at a battlefield").
                "anywhere" => f.at = At::Anywhere,
                // "Your Equipment everywhere": in any zone, the board or not.
                "everywhere" => f.at = At::Everywhere,
                // 352.8.b: relative to the object chosen before it (`Located::SameController`).
                "with the same controller" => {}
                "at another location" | "at a different location" => f.at = At::Elsewhere,
                // "played from anywhere other than a player's hand" (346).
                _ if part.clone().into_inner().next().is_some_and(|x| x.as_rule() == Rule::played_elsewhere) => {
                    f.condition = Some(Box::new(Condition::Not(Box::new(Condition::PlayedFromHand))))
                }
                // 352.11: the group's requirement is the target spec's (`Located::Together`).
                "at the same location" => {}
                "at the same battlefield" => f.at = At::Battlefield,
                _ if part.clone().into_inner().next().is_some_and(|x| x.as_rule() == Rule::at_its_location) => {
                    f.at = At::ItsLocation
                }
                "from a battlefield" => f.at = At::Battlefield,
                "from your trash" => f.at = At::YourTrash,
                "from your hand" | "from hand" => f.at = At::YourHand,
                _ if part.clone().into_inner().next().is_some_and(|x| x.as_rule() == Rule::any_trash) => {
                    f.at = At::Trashes
                }
                "in combat" => f.at = At::InCombat,
                "in your base" => f.at = At::YourBase,
                // "a unit you don't control": another player controls it.
                "you don't control" => f.relation = Relation::Enemy,
                "you own" => f.relation = Relation::Own,
                // 462.8.d: an ally is a teammate; "you control" alone is not.
                "you or allies control" => (f.relation, f.allied) = (Relation::Friendly, true),
                "in a base" => f.at = At::AnyBase,
                // "there": my location, unless `target` finds a battlefield chosen before it.
                "there" => f.at = At::Here,
                _ if part.clone().into_inner().next().is_some_and(|x| x.as_rule() == Rule::post_state) => {
                    f.condition = Some(Box::new(unit_state(&part.clone().into_inner().next().unwrap())))
                }
                // "a battlefield where you have units": at least one such unit "you" control at it.
                _ if part.clone().into_inner().next().is_some_and(|x| x.as_rule() == Rule::where_you_have) => {
                    let mut units = UnitFilter::units();
                    let plural = part.clone().into_inner().next().unwrap().into_inner().next().unwrap();
                    plural.into_inner().for_each(|w| self.apply_filter_word(&mut units, &w));
                    (units.at, units.relation) = (At::Here, Relation::Friendly);
                    let count =
                        Condition::Count { filter: units, at_least: 1, at_most: None, whose: Controlled::Anyone };
                    f.condition = Some(Box::new(count));
                }
                // "a battlefield with exactly two units there": a count relative to the object.
                _ if part.clone().into_inner().next().is_some_and(|x| x.as_rule() == Rule::with_count) => {
                    let (at_least, at_most, filter) = self.counted(part.clone().into_inner().next().unwrap());
                    let count = Condition::Count { filter, at_least, at_most, whose: Controlled::Anyone };
                    f.condition = Some(Box::new(count));
                }
                _ if part.clone().into_inner().next().is_some_and(|x| x.as_rule() == Rule::cost_at_most) => {
                    let mut limit = part
                        .clone()
                        .into_inner()
                        .next()
                        .unwrap()
                        .into_inner()
                        .filter(|x| x.as_rule() != Rule::with_energy_cost);
                    let energy = number(&limit.next().unwrap().into_inner().next().unwrap());
                    let power = limit.next().map(|_| 1);
                    f.max_cost = Some(MaxCost { energy, power });
                }
                _ if part.clone().into_inner().next().is_some_and(|x| x.as_rule() == Rule::cost_at_least) => {
                    let words = part.clone().into_inner().next().unwrap();
                    let r = words.into_inner().find(|x| x.as_rule() == Rule::resources).unwrap();
                    let (energy, power) = match self.resources(&r) {
                        Ok(c) => (c.energy, c.power.len() as u32),
                        Err(_) => (0, 0),
                    };
                    let least = Condition::CostAtLeast { energy, power };
                    f.condition = Some(Box::new(match f.condition.take() {
                        Some(c) => Condition::All(vec![*c, least]),
                        None => least,
                    }));
                }
                _ if part.clone().into_inner().next().is_some_and(|x| x.as_rule() == Rule::cost_below) => {
                    let below = part.clone().into_inner().next().unwrap().into_inner().last().unwrap();
                    f.condition = Some(Box::new(Condition::EnergyCostBelow(self.count_amount(below))));
                }
                _ if part.clone().into_inner().next().is_some_and(|x| x.as_rule() == Rule::might_at_most) => {
                    f.max_might = part.clone().into_inner().next().map(|m| number(&m))
                }
                _ => f.relation = Relation::Friendly,
            },
            _ => {}
        }
    }
}

/// A target phrase's meaning.
#[derive(Clone)]
enum Target {
    /// One object ("me", "it").
    One(Obj),
    /// Objects that are not targets ("all ...").
    All(Objs),
    /// Target spec `index` of the ability.
    Chosen(usize, TargetCount),
    /// Two target specs of one phrase ("a friendly unit and an enemy unit ...").
    Pair(usize, usize),
}

/// An instruction for each object a target phrase means.
fn each(t: Target, f: impl Fn(Obj) -> Effect) -> Effect {
    match t {
        Target::One(o) => f(o),
        Target::Chosen(i, TargetCount::One) => f(Obj::Target(i)),
        Target::Chosen(i, _) => Effect::ForEach(Objs::Targets(i), vec![f(Obj::Each)]),
        Target::Pair(i, j) => Effect::ForEach(Objs::Pair(i, j), vec![f(Obj::Each)]),
        Target::All(objs) => Effect::ForEach(objs, vec![f(Obj::Each)]),
    }
}

/// "If you do" / "its": keeps what the body's last instruction answers, if it is one that
/// `answers` (an instruction that reports what it did), as `var`.
fn bind_last(b: &mut Body, var: Var, answers: impl Fn(&Effect) -> bool) -> Option<Var> {
    let last = b.effects.last_mut()?;
    if matches!(last, Effect::Let(v, _) if *v == var) {
        return Some(var);
    }
    if !answers(last) {
        return None;
    }
    let e = std::mem::replace(last, Effect::Answer(false));
    *last = Effect::Let(var, Box::new(e));
    Some(var)
}

/// The bodies `effects` name (reflexive abilities, delayed triggers and replacements).
fn body_names(effects: &[Effect]) -> Vec<&str> {
    let mut out = Vec::new();
    for e in effects {
        match e {
            Effect::ByDomain { bodies, .. } => out.extend(bodies.iter().map(String::as_str)),
            Effect::Reflexive { body: b, .. }
            | Effect::ReflexiveIfKilled { body: b, .. }
            | Effect::ReplaceNextDeath { body: b, .. }
            | Effect::Delay { body: b, .. } => out.push(b.as_str()),
            Effect::ForEach(_, body) | Effect::EachPlayer(_, body) | Effect::Repeat(_, body) => {
                out.extend(body_names(body))
            }
            Effect::Let(_, e) => out.extend(body_names(std::slice::from_ref(e.as_ref()))),
            Effect::If { then, otherwise, .. } => {
                out.extend(body_names(then));
                out.extend(body_names(otherwise));
            }
            _ => {}
        }
    }
    out
}

/// Whether any instruction of `effects`, nested ones included, is one `f` looks for.
fn contains(effects: &[Effect], f: &dyn Fn(&Effect) -> bool) -> bool {
    effects.iter().any(|e| {
        f(e) || match e {
            Effect::ForEach(_, body) | Effect::EachPlayer(_, body) | Effect::Repeat(_, body) => contains(body, f),
            Effect::Let(_, e) => contains(std::slice::from_ref(e.as_ref()), f),
            Effect::If { then, otherwise, .. } => contains(then, f) || contains(otherwise, f),
            _ => false,
        }
    })
}

/// Whether any of `effects` names the object `o` anywhere in its fields (an object appears in many
/// kinds of effect, so their serialized form is searched, as `card show` prints it).
fn contains_obj(effects: &[Effect], o: &Obj) -> bool {
    let (Ok(all), Ok(needle)) = (serde_json::to_string(effects), serde_json::to_string(o)) else { return false };
    all.contains(&needle)
}

/// Whether "for each buff you spend" (`per_payment`) counts the payments of `cost`.
fn pays(per_payment: &P, cost: &OtherCost) -> bool {
    let verb = per_payment.clone().into_inner().find(|x| x.as_rule() == Rule::payment_verb).unwrap();
    let verb = verb.as_str().to_ascii_lowercase();
    match cost {
        OtherCost::SpendBuff => verb.starts_with("spen"),
        OtherCost::Kill(_) => verb.starts_with("kill"),
        OtherCost::Exhaust(_) => verb.starts_with("exhaust"),
        _ => false,
    }
}

/// "attacking" / "defending" (438.1.a.3-4).
fn combat_role(p: &P) -> Condition {
    if p.as_str().eq_ignore_ascii_case("attacking") { Condition::Attacking } else { Condition::Defending }
}

/// "attacks or defends alone" / "defending alone" / "attacks alone": (attacking, defending).
fn alone_role(p: &P) -> (bool, bool) {
    let verbs: Vec<Rule> = p.clone().into_inner().map(|x| x.as_rule()).collect();
    (verbs.contains(&Rule::attack_verb), verbs.contains(&Rule::defend_verb))
}

/// "+2" / "-1".
fn signed(p: &P) -> i32 {
    p.as_str().trim().parse().unwrap_or(0)
}

/// "a player" / "an opponent" as an event's subject.
fn event_player(p: &P) -> Actor {
    match p.clone().into_inner().next().map(|x| x.as_rule()) {
        Some(Rule::an_opponent) => Actor::Opponent,
        _ => Actor::AnyPlayer,
    }
}

/// "on your turn", "on an opponent's turn".
fn play_turn(p: &P) -> Actor {
    match p.clone().into_inner().next().map(|x| x.as_rule()) {
        Some(Rule::turn_yours) => Actor::You,
        _ => Actor::Opponent,
    }
}

/// "first", "second", "third".
fn ordinal(p: &P) -> u32 {
    match p.as_str().to_ascii_lowercase().as_str() {
        "first" => 1,
        "second" => 2,
        _ => 3,
    }
}

fn number(p: &P) -> u32 {
    let n = if p.as_rule() == Rule::number || p.as_rule() == Rule::energy {
        p.as_str().trim_matches(|c| c == '[' || c == ']').to_string()
    } else {
        p.clone()
            .into_inner()
            .find(|x| x.as_rule() == Rule::number || x.as_rule() == Rule::energy)
            .map(|x| x.as_str().trim_matches(|c| c == '[' || c == ']').to_string())
            .unwrap_or_else(|| p.as_str().to_string())
    };
    n.parse().unwrap_or(0)
}

/// A state word (`unit_state`) as the condition it names: stunned (410), damaged (139), exhausted
/// or ready (134.2.e.2), buffed (702), [Mighty] (708).
fn unit_state(p: &P) -> Condition {
    match p.as_str().to_ascii_lowercase().as_str() {
        "stunned" => Condition::Stunned,
        "damaged" => Condition::Damaged,
        "exhausted" => Condition::Exhausted,
        "ready" => Condition::Ready,
        "buffed" => Condition::Buffed,
        "attacking" => Condition::Attacking,
        "defending" => Condition::Defending,
        "equipped" => Condition::Equipped,
        "attached" => Condition::Attached(true),
        "detached" => Condition::Attached(false),
        "[empowered]" => Condition::Empowered,
        _ => Condition::Mighty,
    }
}

/// "N or more" / "N or fewer" (`control_count`): the least and, if any, the most it allows.
fn count_bounds(p: P) -> (u32, Option<u32>) {
    let mut n = p.into_inner();
    let count = word_or_number(&n.next().unwrap());
    if n.next().unwrap().as_rule() == Rule::or_fewer { (0, Some(count)) } else { (count, None) }
}

fn word_or_number(p: &P) -> u32 {
    match p.as_str().to_ascii_lowercase().as_str() {
        "one" => 1,
        "two" => 2,
        "three" => 3,
        "four" => 4,
        "five" => 5,
        "six" => 6,
        s => s.parse().unwrap_or(1),
    }
}

/// "cards in your hand", "cards in your trash", "cards with my name in your trash" (any card: a
/// unit, spell or gear in the trash whose name is the source's).
fn cards_in_your(p: P) -> CountOf {
    let mut parts = p.into_inner();
    match parts.next().unwrap().as_rule() {
        Rule::in_your_hand => CountOf::CardsInYourHand,
        Rule::in_your_trash => CountOf::CardsInYourTrash,
        Rule::played_this_turn => CountOf::CardsPlayedThisTurn,
        _ => CountOf::Matching(
            [CardType::Gear, CardType::Spell, CardType::Unit]
                .into_iter()
                .fold(None, |or, kind| {
                    Some(UnitFilter {
                        at: At::YourTrash,
                        my_name: true,
                        or: or.map(Box::new),
                        ..UnitFilter::of_kind(kind)
                    })
                })
                .unwrap(),
        ),
    }
}

/// "a unit you control": the target of [Equip] and [Quick-Draw] (SFD-744.1.b.1, SFD-745.1.d).
fn friendly_unit_target() -> TargetSpec {
    TargetSpec::friendly_unit()
}

/// "you have 4+ units", "you have exactly two units": (at least, at most, and where: `cond_here`,
/// `cond_that_battlefield` or `cond_there`).
fn units_at_parts(c: P) -> (u32, Option<u32>, Rule) {
    let (mut min, mut max, mut at) = (0, None, Rule::cond_here);
    for x in c.into_inner() {
        match x.as_rule() {
            Rule::number => min = number(&x),
            Rule::exactly_count => {
                let n = word_or_number(&x.into_inner().next().unwrap());
                (min, max) = (n, Some(n));
            }
            r => at = r,
        }
    }
    (min, max, at)
}

/// The battlefields a play permission or restriction names (352.2).
fn play_to(p: P) -> PlayTo {
    match p.into_inner().next().map(|x| x.as_rule()) {
        Some(Rule::to_occupied_enemy) => PlayTo::OccupiedEnemy,
        Some(Rule::to_attacking) => PlayTo::Attacking,
        Some(Rule::to_conquered) => PlayTo::ConqueredThisTurn,
        Some(Rule::to_controlled) => PlayTo::Controlled,
        _ => PlayTo::Open,
    }
}

/// "to any battlefield", "to a battlefield you control": where an instruction plays a unit (352.2).
fn play_to_battlefield(p: P) -> PlayTo {
    match p.into_inner().find(|x| x.as_rule() == Rule::permitted_battlefield) {
        Some(x) => play_to(x),
        None => PlayTo::Any,
    }
}

/// "Play a ... token. Then do this: ... it": the token played is kept (`Var::Made`) only in
/// instructions that name it, so every other token play stays a plain call. Whether they name
/// it is read from their debug form, where a variable is written `Var(Made)` whatever holds it
/// (an object, several, a player).
fn bind_made(effects: &mut [Effect]) {
    fn wrap(effects: &mut [Effect]) {
        for e in effects {
            match e {
                Effect::PlayTokens { .. } => *e = Effect::Let(Var::Made, Box::new(e.clone())),
                Effect::If { then, otherwise, .. } => {
                    wrap(then);
                    wrap(otherwise);
                }
                Effect::ForEach(_, body) | Effect::EachPlayer(_, body) | Effect::Repeat(_, body) => wrap(body),
                _ => {}
            }
        }
    }
    if format!("{effects:?}").contains("Var(Made)") {
        wrap(effects);
    }
}
