//! The Riftbound host: card bodies compiled by the card language are Rhai functions; they change
//! the game only by calling the host functions registered here, each of which calls one rules
//! function (so every change goes through the rules and shows in the trace and event log).
//! Object and player ids are integers; -1 means "none" (a target that became illegal,
//! 356.3.e.5), and every function ignores it (356.3.e.6).
//!
//! The sandbox that runs the bodies (the engine and its limits, the compiled-script cache, the
//! frames of running bodies) is game-agnostic: `kernel::script`. This module gives it the host
//! package and the typed constants, one sandbox per thread.

use super::abilities::{
    Ability, Act, Amount, Arg, At, CountOf, Effect, FilterPart, Grant, MaxCost, Obj, Objs, Place, PlayTo, TargetSpec,
    Test, ToArg, TriggerCategory, TurnRule, UnitFilter, Who, names,
};
use super::cards::PowerSymbol;
use super::costs::{Cost, CostPaid, OtherCost, PlayOptions};
use super::decision::Ask;
use super::layers::{Duration, Keyword};
use super::scoring::ScoreMethod;
use super::state::{Bf, Game, R};
use crate::kernel::script::{self, Sandbox};
use crate::kernel::{ObjId, PlayerId};
use rhai::{AST, Array, Dynamic, Engine, EvalAltResult, Scope};
use std::rc::Rc;

/// What a running body needs to know besides the game.
#[derive(Clone, Debug, Default)]
pub struct HookCall {
    pub source: Option<ObjId>,
    /// The card whose text the ability is, when it is another object's (an effect text, SFD-136).
    pub lender: Option<ObjId>,
    pub controller: Option<PlayerId>,
    /// Chosen targets per target spec, as chosen (legality is checked when read, 356.3.e).
    pub targets: Vec<super::state::Chosen>,
    pub specs: Vec<TargetSpec>,
    /// "that unit" of a replacement effect.
    pub that_unit: Option<ObjId>,
    /// "that player" of a trigger about a player.
    pub that_player: Option<PlayerId>,
    /// "this battlefield" of a triggered ability: the battlefield its event names (444.2).
    pub that_battlefield: Option<Bf>,
    /// The spell this body belongs to, when it is a spell's (for 415.5 and bonus damage).
    pub spell: Option<ObjId>,
    /// "if you paid the additional cost" (353.4.d.1).
    pub paid_additional: bool,
    /// What a delayed trigger remembers as "it" (383.2, 414.3): the card its spell banished.
    pub remembered: Option<ObjId>,
    /// 727.1.d: the battlefield a spell played from hidden, or the play effect of a permanent
    /// played from hidden, makes its choices at (see `Game::hidden_choices_at`).
    pub hidden_at: Option<Bf>,
    /// 392: whether each cost within its instructions was paid as the triggered ability was
    /// finalized (`Ability::instruction_costs`), in order: the instructions asking for them answer
    /// so without asking, one each, and what it was paid with is the body's (`paid()`). Empty:
    /// nothing was decided then, an instruction asks now.
    pub costs_paid: Vec<super::costs::CostPaid>,
}

/// The context of one running body, kept on its sandbox frame.
#[derive(Default)]
struct Body {
    call: HookCall,
    /// Targets per spec as checked when the body first used them (356.3.e): a short list, not
    /// a map (a map's hasher is seeded per body, which costs more than the body's few specs).
    checked: Vec<(usize, Vec<ObjId>)>,
    /// Where the event log stood as the body began: what it did is what follows ("this way").
    events_from: usize,
    /// The objects the costs within its instructions were paid with so far, in order ("the
    /// unit you recycled": the last one, 352.10.c.1).
    paid_with: Vec<ObjId>,
}

thread_local! {
    static SANDBOX: Sandbox = Sandbox::new(
        |e| {
            register_types(e);
            register(e);
        },
        constants(),
    );
}

/// How many operations this game's card scripts have used, against the sandbox's budget for a
/// whole game (`kernel::script::MAX_OPERATIONS_PER_GAME`).
#[derive(Clone, Copy, Debug, Default)]
pub struct ScriptOperations(pub u64);

impl script::Scripted for Game {
    fn script_operations(&mut self) -> &mut u64 {
        &mut self.components.get_mut::<ScriptOperations>().0
    }
}

/// The operations `game`'s scripts have used so far.
pub fn script_operations(game: &Game) -> u64 {
    game.components.get::<ScriptOperations>().map_or(0, |o| o.0)
}

/// The name of every function a card's script can call (host and standard functions), read
/// once from the sandbox.
pub fn function_names() -> &'static std::collections::BTreeSet<String> {
    static NAMES: std::sync::OnceLock<std::collections::BTreeSet<String>> = std::sync::OnceLock::new();
    NAMES.get_or_init(|| SANDBOX.with(Sandbox::function_names))
}

/// Compiles (or fetches from the cache) a card's script, with the instruction set's typed
/// constants in scope (`UNITS`, `ENEMY`, `SHIELD`, `THIS_TURN`, ...).
pub fn compile(source: &str) -> Result<Rc<AST>, String> {
    SANDBOX.with(|s| s.compile(source))
}

/// Runs body `func` of a card's script with `call` as its context.
pub fn run(game: &mut Game, script: &str, func: &str, call: HookCall, card: &str, line: usize) -> R<()> {
    run_value(game, script, func, call, card, line).map(|_| ())
}

/// Runs body `func` of a card's script, the body generated from `effects` (see [`generated`]):
/// without Rhai when each of its statements is a host call whose arguments read only the body's
/// context (`draw(you(), 1);`), making the same host calls in the same order through the same
/// slots and handlers on the same kind of frame; else through Rhai, as [`run`]. The Rhai text
/// stays the card's one definition of the body (what `card show` prints): the native run is a
/// faster way to evaluate it, for the statements whose evaluation needs no interpreter.
pub fn run_effects(
    game: &mut Game,
    script: &str,
    func: &str,
    effects: Option<&[Effect]>,
    call: HookCall,
    card: &str,
    line: usize,
) -> R<()> {
    let Some(effects) = effects.filter(|e| NATIVE_BODIES.get() && written_as_generated(script, func, e)) else {
        return run(game, script, func, call, card, line);
    };
    set_bounds(game);
    let body = Body { call, checked: Vec::new(), events_from: game.events.len(), paid_with: Vec::new() };
    SANDBOX
        .with(|s| {
            s.run_native(game, body, card, line, || {
                for e in effects {
                    run_statement(e, None)?;
                }
                Ok(Dynamic::UNIT)
            })
        })
        .map(|_| ())
}

thread_local! {
    /// Whether [`run_effects`] runs generated bodies of host calls without Rhai (the default).
    static NATIVE_BODIES: std::cell::Cell<bool> = const { std::cell::Cell::new(true) };
}

/// Runs every body on this thread through Rhai (`false`) or, the default, the generated ones of
/// host calls natively: the two must play the same games, which a test checks by playing both.
pub fn set_native_bodies(on: bool) {
    NATIVE_BODIES.set(on);
}

thread_local! {
    /// [`written_as_generated`]'s answers, by the script's address (compared by content: another
    /// script may share the slot, or a dropped card database's address be reused).
    static WRITTEN: std::cell::RefCell<Vec<Option<(Rc<str>, Vec<(Box<str>, bool)>)>>> =
        const { std::cell::RefCell::new(Vec::new()) };
}

/// Whether each of `effects` is a [`native_statement`] and body `func` of `script` is, word for
/// word, the host calls they generate: the Rhai text is the body's definition, so a script edited
/// by hand (or a body that differs for any reason) runs through Rhai. Asked once per script and
/// body.
pub fn written_as_generated(script: &str, func: &str, effects: &[Effect]) -> bool {
    const SLOTS: usize = 256;
    let at = (script.as_ptr() as usize >> 3) % SLOTS;
    WRITTEN.with(|w| {
        let mut w = w.borrow_mut();
        if w.is_empty() {
            w.resize(SLOTS, None);
        }
        let entry = &mut w[at];
        if !entry.as_ref().is_some_and(|(s, _)| **s == *script) {
            *entry = Some((script.into(), Vec::new()));
        }
        let (_, known) = entry.as_mut().expect("set above");
        if let Some((_, ok)) = known.iter().find(|(f, _)| **f == *func) {
            return *ok;
        }
        let ok = effects.iter().all(native_statement)
            && generated_text(func, effects).is_some_and(|body| script.contains(&body));
        known.push((func.into(), ok));
        ok
    })
}

/// The function `dsl::codegen` writes for `effects` when each is a [`native_statement`]:
/// `fn NAME() {`, its statements' lines indented, `}`.
fn generated_text(func: &str, effects: &[Effect]) -> Option<String> {
    let mut out = format!("fn {func}() {{\n");
    for line in statement_lines(effects)? {
        out.push_str(&format!("    {line}\n"));
    }
    out.push_str("}\n");
    Some(out)
}

/// The lines `dsl::codegen` writes for native statements: `CALL(ARGS);`; a loop over targets on
/// one line when its body is one line, else its body indented below it; `if TEST {`, the
/// branches indented, `} else {` before a second one, `}`.
fn statement_lines(effects: &[Effect]) -> Option<Vec<String>> {
    let indented = |lines: Vec<String>| lines.into_iter().map(|l| format!("    {l}"));
    let mut out = Vec::new();
    for e in effects {
        match e {
            Effect::ForEach(Objs::Targets(i), body) => match statement_lines(body)?.as_slice() {
                [one] => out.push(format!("for u in targets({i}) {{ {one} }}")),
                inner => {
                    out.push(format!("for u in targets({i}) {{"));
                    out.extend(indented(inner.to_vec()));
                    out.push("}".into());
                }
            },
            Effect::If { test, then, otherwise } => {
                out.push(format!("if {} {{", test_text(test)?));
                out.extend(indented(statement_lines(then)?));
                if !otherwise.is_empty() {
                    out.push("} else {".into());
                    out.extend(indented(statement_lines(otherwise)?));
                }
                out.push("}".into());
            }
            e => out.push(call_text(e)?),
        }
    }
    Some(out)
}

/// Whether this instruction, as a statement of a generated body, runs without Rhai: a
/// [`native_verb`], a loop over a spec's targets (`for u in targets(N)`) or an `if` on a test
/// with a native handler ([`ask_test`]) whose every statement is one.
pub fn native_statement(e: &Effect) -> bool {
    native_in(e, false)
}

/// [`native_statement`] within a loop over targets (`in_loop`: `u` names its object) or not.
fn native_in(e: &Effect, in_loop: bool) -> bool {
    match e {
        Effect::ForEach(Objs::Targets(_), body) => body.iter().all(|s| native_in(s, true)),
        Effect::If { test, then, otherwise } => {
            test_text(test).is_some() && then.iter().chain(otherwise).all(|s| native_in(s, in_loop))
        }
        e => native_verb(e, in_loop),
    }
}

/// Runs a [`native_statement`] as Rhai would run its text, `each` being the object of the loop
/// over targets it is in.
fn run_statement(e: &Effect, each: Option<ObjId>) -> Result<(), Box<EvalAltResult>> {
    match e {
        Effect::ForEach(Objs::Targets(i), body) => {
            for u in checked_targets(*i)? {
                for s in body {
                    run_statement(s, Some(u))?;
                }
            }
            Ok(())
        }
        Effect::If { test, then, otherwise } => {
            let yes = ask_test(test).expect("a native statement's test has a handler")?;
            for s in if yes { then } else { otherwise } {
                run_statement(s, each)?;
            }
            Ok(())
        }
        e => run_verb(e, each),
    }
}

/// How the card language writes a test [`ask_test`] answers (`dsl::codegen::test`); `None` for
/// one only Rhai evaluates.
fn test_text(t: &Test) -> Option<String> {
    Some(match t {
        Test::May => "may()".into(),
        Test::FirstOfTwo => "choose_first()".into(),
        Test::Legion => "legion()".into(),
        Test::PlayedACard => "played_a_card()".into(),
        Test::PaidAdditional => "paid_additional()".into(),
        Test::XpAtLeast(n) => format!("xp_at_least({n})"),
        Test::Pay { cost, exhaust_me, spend_buff: None } => {
            let name = if *exhaust_me { "pay_optional_and_exhaust" } else { "pay_optional" };
            format!("{name}({})", names::cost(cost))
        }
        _ => return None,
    })
}

/// The answer to a test of a generated `if`, asked of the kernel: the one handler of both the
/// host function a script calls (`may()`, registered in [`register`]) and the native run. `None`
/// for a test only Rhai evaluates.
fn ask_test(t: &Test) -> Option<Result<bool, Box<EvalAltResult>>> {
    Some(match t {
        Test::May => with(|g, c| g.ask_may(c)),
        Test::FirstOfTwo => with(|g, c| g.ask_first_of_two(c)),
        Test::Legion => with(|g, c| Ok(g.legion_applies(c))),
        Test::PlayedACard => with(|g, c| Ok(g.played_a_card(c))),
        Test::PaidAdditional => Ok(from_context(|c| c.paid_additional)),
        // [Level N] on a spell (Core Rules 1.3, 824.1.b.1): its controller has N XP or more.
        Test::XpAtLeast(n) => with(|g, c| Ok(c.controller.is_some_and(|p| g.xp(p) >= *n))),
        // An instruction's cost (352.10.c.1) its triggered ability may have paid as it was
        // finalized.
        Test::Pay { cost, exhaust_me: false, spend_buff: None } => {
            paid_or(|g, c| Ok(g.pay_optional(c, cost)?.then(Vec::new)))
        }
        Test::Pay { cost, exhaust_me: true, spend_buff: None } => {
            paid_or(|g, c| Ok(g.pay_optional_and_exhaust(c, cost)?.then(Vec::new)))
        }
        _ => return None,
    })
}

/// 356.3.e: checks the targets of the spec an argument names (`target(N)`) before it is read off
/// the frame, as the host function `target` does.
fn check_target(a: &Arg<'_>) -> Result<(), Box<EvalAltResult>> {
    if let Arg::Obj(Obj::Target(i)) = a {
        checked_targets(*i)?;
    }
    Ok(())
}

/// `CALL(ARGS);` for a host call whose arguments [`native_text`] writes.
fn call_text(e: &Effect) -> Option<String> {
    let (name, args) = e.call()?;
    let args: Option<Vec<String>> = args.iter().map(native_text).collect();
    Some(format!("{name}({});", args?.join(", ")))
}

/// How the card language writes an argument [`NativeSlot`] evaluates (`dsl::codegen::argument`).
fn native_text(a: &Arg<'_>) -> Option<String> {
    Some(match a {
        Arg::Amount(Amount::Number(n)) | Arg::Int(n) => n.to_string(),
        Arg::Who(Who::You) => "you()".into(),
        Arg::Who(Who::ThatPlayer) => "that_player()".into(),
        Arg::Obj(Obj::Me) => "me()".into(),
        Arg::Obj(Obj::ThatUnit) => "that_unit()".into(),
        Arg::Obj(Obj::Remembered) => "remembered()".into(),
        Arg::Obj(Obj::Target(i)) => format!("target({i})"),
        Arg::Obj(Obj::Each) => String::from("u"),
        Arg::NoObj => "-1".into(),
        Arg::Token(t) => format!("{:?}", t.card_id()),
        Arg::Bool(b) => b.to_string(),
        Arg::Keyword(k) => names::keyword(*k),
        Arg::Duration(d) => names::duration(*d).into(),
        Arg::Place(p) => names::place(*p).into(),
        Arg::PlayTo(t) => names::play_to(*t).into(),
        _ => return None,
    })
}

/// The instructions body `func` of `card` was generated from, if it was generated from
/// `ability`'s (a card with a script block of its own may define any body by hand).
pub fn generated<'a>(card: &super::cards::CardDef, ability: &'a Ability, func: &str) -> Option<&'a [Effect]> {
    (card.script.is_none() && !ability.effects.is_empty() && ability.body.as_deref() == Some(func))
        .then_some(ability.effects.as_slice())
}

/// Runs a body that answers yes or no (a replacement effect that may decline, 364): a body that
/// returns nothing counts as yes.
pub fn run_bool(game: &mut Game, script: &str, func: &str, call: HookCall, card: &str, line: usize) -> R<bool> {
    let v = run_value(game, script, func, call, card, line)?;
    Ok(v.as_bool().unwrap_or(true))
}

fn run_value(game: &mut Game, script: &str, func: &str, call: HookCall, card: &str, line: usize) -> R<Dynamic> {
    set_bounds(game);
    let body = Body { call, checked: Vec::new(), events_from: game.events.len(), paid_with: Vec::new() };
    SANDBOX.with(|s| s.run(game, body, script, func, card, line))
}

/// An instruction's cost (352.10.c.1): paid or declined already if the body's triggered ability
/// decided it as it was finalized (the next of `HookCall::costs_paid`), else `pay`. The objects
/// it was paid with are kept on the body (`paid()`).
fn paid_or(pay: impl FnOnce(&mut Game, &HookCall) -> R<CostPaid>) -> Result<bool, Box<EvalAltResult>> {
    let decided = |b: &mut Body| (!b.call.costs_paid.is_empty()).then(|| b.call.costs_paid.remove(0));
    let paid = match script::context(decided).flatten() {
        Some(paid) => paid,
        None => with(pay)?,
    };
    let Some(objs) = paid else { return Ok(false) };
    script::context(|b: &mut Body| b.paid_with.extend(objs));
    Ok(true)
}

/// Gives a host function the game and its body's context. Kernel stops (a decision to ask, a
/// nested script error) are kept on the frame and unwind the script; the sandbox names the body's
/// card and line on a script error (a move the rules forbid).
///
/// The context is lent, not cloned: it is taken off the frame for the call and put back after
/// (the call may run other bodies, each on its own frame, so the frame can't stay borrowed).
fn with<T>(f: impl FnOnce(&mut Game, &HookCall) -> R<T>) -> Result<T, Box<EvalAltResult>> {
    let call = script::context(|b: &mut Body| std::mem::take(&mut b.call)).expect("host functions run inside a hook");
    let result = script::with_game(|game: &mut Game| {
        set_bounds(game);
        let mark = game.events.len();
        // 423: the moves this call makes are its controller's ("they can't move it").
        let outer = std::mem::replace(&mut game.components.get_mut::<super::movement::Mover>().0, call.controller);
        let result = f(game, &call);
        game.components.get_mut::<super::movement::Mover>().0 = outer;
        // 423: what a spell's or ability's instruction moved, its controller moved.
        game.attribute_moves(mark, call.controller);
        set_bounds(game);
        result
    });
    script::context(|b: &mut Body| b.call = call);
    result
}

/// What a host function that reads only the running body's context answers: it needs none of
/// what [`with`] does around a call that may change the game (the mover, the bounds, moves
/// attributed), which costs more than the read.
fn from_context<A: Answer>(f: impl FnOnce(&HookCall) -> A) -> A::Script {
    script::context(|b: &mut Body| f(&b.call).script()).expect("host functions run inside a hook")
}

/// The event log's length as the running body began.
fn body_events_from() -> usize {
    script::context(|b: &mut Body| b.events_from).unwrap_or(0)
}

/// 356.3.e: the still-legal targets of spec `i`, checked once per resolving body, as it first
/// uses them. Later instructions see the same objects, even after an earlier instruction changed
/// them ("Kill a unit at a battlefield. Its controller draws 2.": the dead unit's controller).
fn checked_targets(i: usize) -> Result<Vec<ObjId>, Box<EvalAltResult>> {
    let known =
        script::context(|b: &mut Body| b.checked.iter().find(|(s, _)| *s == i).map(|(_, t)| t.clone())).flatten();
    if let Some(t) = known {
        return Ok(t);
    }
    let t = with(|g, c| g.legal_targets(c, i))?;
    script::context(|b: &mut Body| b.checked.push((i, t.clone())));
    Ok(t)
}

thread_local! {
    /// How many objects and players the running game has, for [`id`] and [`player`].
    static BOUNDS: std::cell::Cell<(usize, usize)> = const { std::cell::Cell::new((0, 0)) };
}

fn set_bounds(g: &Game) {
    BOUNDS.with(|b| b.set((g.objs.len(), g.players.len())));
}

/// An object id from a script: "none" (-1) and numbers that name no object are `None`, so a
/// host function never indexes past the game's objects.
fn id(x: i64) -> Option<ObjId> {
    let objects = BOUNDS.with(|b| b.get().0);
    (x >= 0 && (x as u64) < objects as u64).then_some(ObjId(x as u32))
}

fn player(x: i64) -> Option<PlayerId> {
    let players = BOUNDS.with(|b| b.get().1);
    (x >= 0 && (x as u64) < players as u64).then_some(PlayerId(x as u8))
}

fn array(ids: impl IntoIterator<Item = ObjId>) -> Array {
    ids.into_iter().map(|o| Dynamic::from(o.0 as i64)).collect()
}

/// The typed values of the instruction set as the scripts' constants, named by
/// [`names`]: the scope every card script is compiled with. A name not here is a compile error
/// (strict variables), so no value is ever guessed.
fn constants() -> Scope<'static> {
    let mut s = Scope::new();
    let mut add = |name: &str, v: Dynamic| _ = s.push_constant_dynamic(name.to_string(), v);
    for k in names::KINDS {
        add(names::kind(k), Dynamic::from(UnitFilter::of_kind(k)));
    }
    for r in super::abilities::Relation::ALL {
        add(&names::part(&FilterPart::Relation(r)), Dynamic::from(FilterPart::Relation(r)));
    }
    for a in names::PLACES {
        add(&names::part(&FilterPart::At(a)), Dynamic::from(FilterPart::At(a)));
    }
    add(&names::part(&FilterPart::Other), Dynamic::from(FilterPart::Other));
    add(&names::part(&FilterPart::Allied), Dynamic::from(FilterPart::Allied));
    add(&names::part(&FilterPart::MyName), Dynamic::from(FilterPart::MyName));
    add(&names::part(&FilterPart::Facedown), Dynamic::from(FilterPart::Facedown));
    for (name, c) in names::OBJECT_CONDITIONS {
        add(name, Dynamic::from(FilterPart::Is(c)));
    }
    for k in Keyword::ALL {
        add(&names::keyword(k), Dynamic::from(k));
    }
    for d in names::DURATIONS {
        add(names::duration(d), Dynamic::from(d));
    }
    for p in Place::ALL {
        add(names::place(p), Dynamic::from(p));
    }
    for t in PlayTo::ALL {
        add(names::play_to(t), Dynamic::from(t));
    }
    for m in names::SCORE_METHODS {
        add(names::score_method(m), Dynamic::from(m));
    }
    for a in Act::ALL.into_iter().filter(|a| a.reported()) {
        add(&names::act(a), Dynamic::from(a));
    }
    for p in names::powers() {
        add(&names::power(p), Dynamic::from(p));
    }
    add(names::SPEND_A_BUFF, Dynamic::from(OtherCost::SpendBuff));
    add(names::BANISH_ME, Dynamic::from(OtherCost::BanishMe));
    add(names::KILL_ME, Dynamic::from(OtherCost::KillMe));
    s
}

/// The types of the instruction set and how a script combines them: `UNITS + ENEMY + HERE`,
/// `non("Recruit")`, `might_at_most(2)`, `filter | filter`; `energy(1) + FURY`.
fn register_types(e: &mut Engine) {
    e.register_type_with_name::<UnitFilter>("Filter");
    e.register_type_with_name::<FilterPart>("FilterPart");
    e.register_type_with_name::<Keyword>("Keyword");
    e.register_type_with_name::<Duration>("Duration");
    e.register_type_with_name::<Place>("Place");
    e.register_type_with_name::<PlayTo>("PlayTo");
    e.register_type_with_name::<Act>("Act");
    e.register_type_with_name::<Option<ScoreMethod>>("ScoreMethod");
    e.register_type_with_name::<Cost>("Cost");
    e.register_type_with_name::<PowerSymbol>("Power");
    e.register_type_with_name::<OtherCost>("OtherCost");
    e.register_fn("discard_cost", |n: i64| OtherCost::Discard(count(n)));
    e.register_fn("recycle_cost", |n: i64| OtherCost::RecycleFromTrash(count(n)));
    e.register_fn("burn_cost", |n: i64| OtherCost::Burn(count(n)));
    e.register_fn("kill_cost", |f: UnitFilter| OtherCost::Kill(f));
    e.register_fn("exhaust_cost", |f: UnitFilter| OtherCost::Exhaust(f));
    e.register_fn("banish_cost", |f: UnitFilter| OtherCost::Banish(f));
    e.register_fn("recycle_unit_cost", |f: UnitFilter| OtherCost::Recycle(f));
    e.register_fn("return_cost", |f: UnitFilter| OtherCost::Return(f));
    e.register_fn("+", |f: UnitFilter, p: FilterPart| f.with(p));
    e.register_fn("|", |f: UnitFilter, g: UnitFilter| UnitFilter { or: Some(Box::new(g)), ..f });
    e.register_fn("non", |tag: &str| FilterPart::NotTag(tag.to_string()));
    e.register_fn("tagged", |tag: &str| FilterPart::Tag(tag.to_string()));
    e.register_fn("might_at_most", |n: i64| FilterPart::MaxMight(count(n)));
    e.register_fn("with_keyword", |k: Keyword| FilterPart::Is(super::abilities::Condition::HasKeyword(k)));
    // A negative upper bound is none.
    e.register_fn("with_count", |filter: UnitFilter, at_least: i64, at_most: i64| {
        FilterPart::Is(super::abilities::Condition::Count {
            filter,
            at_least: count(at_least),
            at_most: (at_most >= 0).then(|| count(at_most)),
            whose: super::abilities::Controlled::Anyone,
        })
    });
    e.register_fn("cost_at_least", |energy: i64, power: i64| {
        FilterPart::Is(super::abilities::Condition::CostAtLeast { energy: count(energy), power: count(power) })
    });
    // A negative Power limit is none.
    e.register_fn("cost_at_most", |energy: i64, power: i64| {
        FilterPart::MaxCost(MaxCost { energy: count(energy), power: (power >= 0).then(|| count(power)) })
    });
    e.register_fn("energy", |n: i64| Cost { energy: count(n), power: Vec::new() });
    e.register_fn("+", |mut c: Cost, p: PowerSymbol| {
        if c.power.len() < MAX_POWER {
            c.power.push(p);
        }
        c
    });
}

/// The most power symbols a script's cost holds (no printed cost comes close).
const MAX_POWER: usize = 12;

/// How a host function's parameter arrives from a script and what its handler receives: the one
/// conversion every verb shares. `None` makes the whole call do nothing and answer its
/// "nothing" (356.3.e.6: an instruction about an object or player that is gone does nothing).
trait Slot {
    type Script: Clone + 'static;
    type Value;
    fn take(s: Self::Script) -> Option<Self::Value>;
}

/// An object (an integer id); "none" (-1) or a number that names no object makes the call do
/// nothing.
struct Object;
/// An object that may be "none" (the handler decides what that means).
struct MaybeObject;
/// A player (an integer seat); "none" makes the call do nothing.
struct Player;
/// A count or amount: negative is 0, at most [`MAX_AMOUNT`].
struct Count;
/// A signed amount (a Might change, a limit), within ±[`MAX_AMOUNT`].
struct Delta;
/// An index (a target spec's); a negative one makes the call do nothing.
struct Index;
/// Object ids as a script holds them (what `look_top` and the like answered).
struct Cards;
/// The name of one of the card's bodies.
struct BodyName;
/// A token's card id in the card pool.
struct TokenCard;
/// Players' ids (what `each_opponent` and the like answered); ids that name no player are left out.
struct PlayerList;
/// Named options ("Cards", "Runes").
struct Words;
/// What each player chooses some of (`[count, filter, in_hand]` each).
struct Picks;

macro_rules! slots {
    ($($slot:ty: $script:ty => $value:ty, |$x:ident| $take:expr;)*) => {$(
        impl Slot for $slot {
            type Script = $script;
            type Value = $value;
            fn take($x: $script) -> Option<$value> {
                $take
            }
        }
    )*};
}

slots! {
    Object: i64 => ObjId, |x| id(x);
    MaybeObject: i64 => Option<ObjId>, |x| Some(id(x));
    Player: i64 => PlayerId, |x| player(x);
    Count: i64 => u32, |n| Some(count(n));
    Delta: i64 => i32, |n| Some(delta(n));
    Index: i64 => usize, |n| usize::try_from(n).ok();
    Cards: Array => Vec<ObjId>, |a| Some(a.into_iter().filter_map(|x| x.as_int().ok()).filter_map(id).collect());
    BodyName: rhai::ImmutableString => String, |s| Some(s.to_string());
    TokenCard: rhai::ImmutableString => String, |s| Some(s.to_string());
    PlayerList: Array => Vec<PlayerId>, |a| Some(a.into_iter().filter_map(|x| x.as_int().ok()).filter_map(player).collect());
    Picks: Array => Vec<(u32, UnitFilter, bool)>, |a| Some(a.into_iter().filter_map(|x| {
        let x = x.try_cast::<Array>()?;
        Some((count(x.first()?.as_int().ok()?), x.get(1)?.clone().try_cast::<UnitFilter>()?, x.get(2)?.as_bool().ok()?))
    }).collect());
    Words: Array => Vec<String>, |a| Some(a.into_iter().filter_map(|x| x.into_immutable_string().ok()).map(|s| s.to_string()).collect());
}

// The instruction set's own types arrive as they are (a script can only name them by their
// constants, so every value is one the compiler knows).
slots! {
    bool: bool => bool, |v| Some(v);
    Keyword: Keyword => Keyword, |v| Some(v);
    Duration: Duration => Duration, |v| Some(v);
    Place: Place => Place, |v| Some(v);
    PlayTo: PlayTo => PlayTo, |v| Some(v);
    Cost: Cost => Cost, |v| Some(v);
    OtherCost: OtherCost => OtherCost, |v| Some(v);
    UnitFilter: UnitFilter => UnitFilter, |v| Some(v);
}

/// The script value of a generated argument found without Rhai, as the body's own expression
/// would evaluate it: one that reads only the running body's context (a number, `you()`, `me()`,
/// a constant), a target checked before the call reads it (`target(0)`), or the object of the
/// loop over targets it is in (`u`). `None` for an argument only Rhai evaluates (a filter, a
/// count).
trait NativeSlot: Slot {
    fn native(_a: &Arg<'_>, _at: &Native<'_>) -> Option<Self::Script> {
        None
    }
}

/// What a native argument is read from: the running body, and the object of the loop over
/// targets the statement is in. A probe (`body: None`) asks only whether an argument is native:
/// its targets are not checked yet, so a target reads as none.
struct Native<'a> {
    body: Option<&'a Body>,
    each: Option<ObjId>,
}

impl Native<'_> {
    /// Whether `S` evaluates `a` natively, in a loop over targets or not.
    fn evaluates<S: NativeSlot>(a: &Arg<'_>, in_loop: bool) -> bool {
        let probe = Native { body: None, each: in_loop.then_some(ObjId(0)) };
        S::native(a, &probe).is_some()
    }
}

/// An object `me()`, `that_unit()`, `remembered()`, `target(N)`, the loop's `u` or "none" (-1)
/// names, as those answer it.
fn native_object(a: &Arg<'_>, at: &Native<'_>) -> Option<i64> {
    let call = at.body.map(|b| &b.call);
    let o = match a {
        Arg::Obj(Obj::Me) => call.and_then(|c| c.source),
        Arg::Obj(Obj::ThatUnit) => call.and_then(|c| c.that_unit),
        Arg::Obj(Obj::Remembered) => call.and_then(|c| c.remembered),
        // 356.3.e: checked by `check_targets` before the call reads it, as `target(N)` does.
        Arg::Obj(Obj::Target(i)) => at.body.and_then(|b| b.checked.iter().find(|(s, _)| s == i)?.1.first().copied()),
        Arg::Obj(Obj::Each) => Some(at.each?),
        Arg::NoObj => None,
        _ => return None,
    };
    Some(o.script())
}

/// A number written as such.
fn native_number(a: &Arg<'_>) -> Option<i64> {
    match a {
        Arg::Amount(Amount::Number(n)) | Arg::Int(n) => Some(*n),
        _ => None,
    }
}

impl NativeSlot for Object {
    fn native(a: &Arg<'_>, at: &Native<'_>) -> Option<i64> {
        native_object(a, at)
    }
}
impl NativeSlot for MaybeObject {
    fn native(a: &Arg<'_>, at: &Native<'_>) -> Option<i64> {
        native_object(a, at)
    }
}
impl NativeSlot for Player {
    fn native(a: &Arg<'_>, at: &Native<'_>) -> Option<i64> {
        let call = at.body.map(|b| &b.call);
        match a {
            Arg::Who(Who::You) => Some(call.and_then(|c| c.controller).script()),
            Arg::Who(Who::ThatPlayer) => Some(call.and_then(|c| c.that_player).script()),
            _ => None,
        }
    }
}
impl NativeSlot for Count {
    fn native(a: &Arg<'_>, _: &Native<'_>) -> Option<i64> {
        native_number(a)
    }
}
impl NativeSlot for Delta {
    fn native(a: &Arg<'_>, _: &Native<'_>) -> Option<i64> {
        native_number(a)
    }
}
impl NativeSlot for Index {
    fn native(a: &Arg<'_>, _: &Native<'_>) -> Option<i64> {
        native_number(a)
    }
}
impl NativeSlot for bool {
    fn native(a: &Arg<'_>, _: &Native<'_>) -> Option<bool> {
        if let Arg::Bool(b) = a { Some(*b) } else { None }
    }
}
impl NativeSlot for Keyword {
    fn native(a: &Arg<'_>, _: &Native<'_>) -> Option<Keyword> {
        if let Arg::Keyword(k) = a { Some(*k) } else { None }
    }
}
impl NativeSlot for Duration {
    fn native(a: &Arg<'_>, _: &Native<'_>) -> Option<Duration> {
        if let Arg::Duration(d) = a { Some(*d) } else { None }
    }
}
impl NativeSlot for PlayTo {
    fn native(a: &Arg<'_>, _: &Native<'_>) -> Option<PlayTo> {
        if let Arg::PlayTo(t) = a { Some(*t) } else { None }
    }
}
impl NativeSlot for Place {
    fn native(a: &Arg<'_>, _: &Native<'_>) -> Option<Place> {
        if let Arg::Place(p) = a { Some(*p) } else { None }
    }
}
impl NativeSlot for Cards {}
impl NativeSlot for BodyName {}
impl NativeSlot for TokenCard {
    /// A token's card id, written as a string literal (`"TOKEN-RECRUIT"`) that Rhai reads back
    /// as the same text: no quote, backslash or other character a literal would escape.
    fn native(a: &Arg<'_>, _: &Native<'_>) -> Option<rhai::ImmutableString> {
        let Arg::Token(t) = a else { return None };
        let id = t.card_id();
        id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_').then(|| id.into())
    }
}
impl NativeSlot for PlayerList {}
impl NativeSlot for Picks {}
impl NativeSlot for Words {}
impl NativeSlot for Cost {}
impl NativeSlot for OtherCost {}
impl NativeSlot for UnitFilter {}

/// What a handler answers, as a script sees it, and what a call that did nothing answers.
trait Answer {
    type Script: Clone + 'static;
    fn script(self) -> Self::Script;
    fn nothing() -> Self::Script;
}

/// A handler's result: an answer, or an answer the kernel may stop (a decision to ask, an error).
trait Handled {
    type A: Answer;
    fn handled(self) -> R<Self::A>;
}

macro_rules! answers {
    ($($t:ty => $script:ty, |$v:ident| $to:expr, $nothing:expr;)*) => {$(
        impl Answer for $t {
            type Script = $script;
            fn script(self) -> $script {
                let $v = self;
                $to
            }
            fn nothing() -> $script {
                $nothing
            }
        }
        impl Handled for $t {
            type A = $t;
            fn handled(self) -> R<$t> {
                Ok(self)
            }
        }
        impl Handled for R<$t> {
            type A = $t;
            fn handled(self) -> R<$t> {
                self
            }
        }
    )*};
}

answers! {
    () => (), |v| v, ();
    bool => bool, |v| v, false;
    i64 => i64, |v| v, 0;
    // An object, or "none" (-1).
    Option<ObjId> => i64, |v| v.map_or(-1, |o| o.0 as i64), -1;
    // A player, or "none" (-1).
    Option<PlayerId> => i64, |v| v.map_or(-1, |p| p.0 as i64), -1;
    PlayerId => i64, |v| v.0 as i64, -1;
    // A number that may be unknown (-1).
    Option<i32> => i64, |v| v.map_or(-1, i64::from), -1;
    Vec<ObjId> => Array, |v| array(v), Array::new();
    Vec<PlayerId> => Array, |v| v.into_iter().map(|p| Dynamic::from(p.0 as i64)).collect(), Array::new();
    // For each option, the players who chose it.
    Vec<Vec<PlayerId>> => Array, |v| v.into_iter()
        .map(|ps| Dynamic::from(ps.into_iter().map(|p| Dynamic::from(p.0 as i64)).collect::<Array>()))
        .collect(), Array::new();
}

/// What the handler answered, or "nothing" for a call a slot made do nothing.
fn answer<H: Handled>(v: Option<H>) -> R<<H::A as Answer>::Script> {
    match v {
        Some(h) => h.handled().map(Answer::script),
        None => Ok(<H::A as Answer>::nothing()),
    }
}

/// Registers host function `name`: each parameter arrives as its slot's script type and is
/// converted before the body runs with the game (`g`) and the running body's context (`c`).
macro_rules! host_fn {
    ($e:expr, $name:expr, ($($bind:ident : $slot:ty),*) |$g:pat_param, $c:pat_param| $body:expr) => {
        $e.register_fn($name, move |$($bind: <$slot as Slot>::Script),*| {
            #[allow(clippy::redundant_closure_call)]
            let args = (|| Some(($(<$slot as Slot>::take($bind)?,)*)))();
            with(move |$g, $c| answer(args.map(|($($bind,)*)| $body)))
        });
    };
}

/// The verbs' table: for each instruction, the host function it calls with its arguments (what
/// the generator writes, `Effect::call`) and what that function does (its parameters' slots and
/// the kernel handler it runs). One entry serves both sides, so an instruction and its host
/// function cannot disagree on a name or an arity.
macro_rules! verbs {
    ($($pat:pat => $name:literal ($($arg:expr => $bind:ident : $slot:ty),*) |$g:pat_param, $c:pat_param| $body:expr;)*) => {
        impl Effect {
            /// The host function this instruction calls, and its arguments in order. `None` for
            /// the structure (`ForEach`, `If`, `Let`, `Answer`), which the generator writes itself.
            pub fn call(&self) -> Option<(&'static str, Vec<Arg<'_>>)> {
                Some(match self {
                    Effect::ForEach(..)
                    | Effect::EachPlayer(..)
                    | Effect::If { .. }
                    | Effect::Let(..)
                    | Effect::Append(..)
                    | Effect::Repeat(..)
                    | Effect::Answer(_) => return None,
                    Effect::Act(act, o) => (act.script_name(), vec![o.arg()]),
                    $($pat => ($name, vec![$(ToArg::arg($arg)),*]),)*
                })
            }
        }

        /// Whether this instruction, as a statement of a generated body (within a loop over
        /// targets, `in_loop`, or not), is a host call whose every argument [`NativeSlot`]
        /// evaluates: [`run_verb`] can make it without Rhai.
        fn native_verb(e: &Effect, in_loop: bool) -> bool {
            match e {
                Effect::Act(_, o) => Native::evaluates::<Object>(&o.arg(), in_loop),
                $($pat => true $(&& Native::evaluates::<$slot>(&ToArg::arg($arg), in_loop))*,)*
                _ => false,
            }
        }

        /// Makes the host call `Effect::call` names for `e` (a [`native_verb`]) as the body's
        /// statement `name(args);` would: the same arguments, slots and handler, through [`with`].
        /// `each` is the object of the loop over targets it is in (`u`).
        fn run_verb(e: &Effect, each: Option<ObjId>) -> Result<(), Box<EvalAltResult>> {
            let native = "a native verb's arguments are native";
            match e {
                Effect::Act(act, o) => {
                    let act = *act;
                    check_target(&o.arg())?;
                    let o = script::context(|b: &mut Body| <Object as NativeSlot>::native(&o.arg(), &Native { body: Some(b), each })).flatten().expect(native);
                    let args = <Object as Slot>::take(o);
                    with(move |g, c| answer(args.map(|o| g.act_on(c, act, o)))).map(|_| ())
                }
                $($pat => {
                    // The targets named first, in order, as the statement's `target(N)` calls
                    // check them; then every argument read off the frame at once.
                    $(check_target(&ToArg::arg($arg))?;)*
                    #[allow(clippy::let_unit_value, clippy::unused_unit)]
                    let ($($bind,)*) = script::context(|b: &mut Body| {
                        let _ = (&b, each); // a verb without arguments reads nothing
                        ($(<$slot as NativeSlot>::native(&ToArg::arg($arg), &Native { body: Some(b), each }).expect(native),)*)
                    })
                    .expect(native);
                    #[allow(clippy::redundant_closure_call)]
                    let args = (|| Some(($(<$slot as Slot>::take($bind)?,)*)))();
                    with(move |$g, $c| answer(args.map(|($($bind,)*)| $body))).map(|_| ())
                })*
                _ => unreachable!("{}", native),
            }
        }

        fn register_verbs(e: &mut Engine) {
            // One function per action on an object (Act), each the same handler.
            for act in Act::ALL {
                host_fn!(e, act.script_name(), (o: Object) |g, c| g.act_on(c, act, o));
            }
            $(host_fn!(e, $name, ($($bind: $slot),*) |$g, $c| $body);)*
        }
    };
}

verbs! {
    Effect::Deal { amount, to } => "deal"(amount => n: Count, to => t: Object) |g, c| g.deal_instruction(c, n, t);
    Effect::DealSplit { amount, spec } => "deal_split"(amount => n: Count, spec => i: Index) |g, c| g.deal_split(c, n, i);
    Effect::Fight(a, b) => "fight"(a => a: Object, b => b: Object) |g, c| g.fight(c, a, b);
    Effect::Draw { who, amount } => "draw"(who => p: Player, amount => n: Count) |g, _| g.draw(p, n);
    Effect::Burn { who, amount } => "burn"(who => p: Player, amount => n: Count) |g, _| g.burn(p, n);
    // The category as its index in `TriggerCategory::ALL`.
    Effect::ActivateEffects { category, of } =>
        "activate_effects"(TriggerCategory::ALL.iter().position(|x| x == category).unwrap_or(0) as i64 => k: Index, of => f: UnitFilter)
        // A script's index of no category names none: nothing is activated.
        |g, c| match TriggerCategory::ALL.get(k) {
            Some(category) => g.activate_effects(c, *category, &f),
            None => Ok(()),
        };
    Effect::Predict { who, amount } => "predict"(who => p: Player, amount => n: Count) |g, _| g.predict(p, n);
    Effect::Give { to, grant: Grant::Might { amount, min }, until } =>
        "give_might"(to => o: Object, amount => n: Delta, min.map_or(-1, i64::from) => min: Delta, until => until: Duration)
        |g, c| g.give(c, o, Grant::Might { amount: n, min: (min >= 0).then_some(min) }, until);
    Effect::Give { to, grant: Grant::Keyword(k, v), until } =>
        "give_keyword"(to => o: Object, k => k: Keyword, v => v: Count, until => until: Duration)
        |g, c| g.give(c, o, Grant::Keyword(k, v), until);
    // 432.1.a (later Core Rules): the amount is counted once, as this resolves.
    Effect::GiveMightOf { to, amount, until } =>
        "give_might_of"(to => o: Object, amount => n: Count, until => until: Duration)
        |g, c| g.give(c, o, Grant::Might { amount: n as i32, min: None }, until);
    Effect::GiveKeywordsOf { to, from, until } =>
        "give_keywords_of"(to => o: Object, from => f: Object, until => until: Duration) |g, c| g.give_keywords_of(c, o, f, until);
    Effect::SwapMight { units, until } =>
        "swap_might"(units => u: Cards, until => until: Duration) |g, c| g.swap_might(c, &u, until);
    Effect::PreventNext { unit, amount } =>
        "prevent_next"(unit => o: Object, amount => n: Count) |g, _| g.prevent_next(o, n);
    Effect::PreventNextTime(unit) => "prevent_next_time"(unit => o: Object) |g, _| g.prevent_next_time_of(o);
    Effect::Give { to, grant: Grant::UnchoosableByEnemies, until } =>
        "give_unchoosable"(to => o: Object, until => until: Duration) |g, c| g.give(c, o, Grant::UnchoosableByEnemies, until);
    // 450.2.a: the quoted ability `i` of the giving card (the running body's source's).
    Effect::Give { to, grant: Grant::Ability(i), until } =>
        "give_ability"(to => o: Object, i64::from(*i) => i: Index, until => until: Duration)
        |g, c| match u8::try_from(i) {
            Ok(i) => g.give(c, o, Grant::Ability(i), until),
            Err(_) => {}
        };
    Effect::Give { to, grant: Grant::SetMight(n), until } =>
        "set_might"(to => o: Object, n => n: Delta, until => until: Duration) |g, c| g.give(c, o, Grant::SetMight(n), until);
    // 352.3: the unit moves to the destination chosen for it as the spell was played (spec i);
    // only a destination spec names one.
    Effect::MoveToChosen { unit, spec } => "move_to_chosen"(unit => o: Object, spec => i: Index) |g, c| g.move_to_chosen_spec(c, o, i);
    Effect::MoveAllToChosen { units, spec } => "move_all_to_chosen"(units => u: Cards, spec => i: Index) |g, c| g.move_all_to_chosen_spec(c, &u, i);
    // Answers the (last) card discarded: what a following "its" means.
    Effect::Discard { who, amount } => "discard"(who => p: Player, amount => n: Count) |g, _| g.discard_instruction(p, n);
    Effect::ExtraTurn(who) => "extra_turn"(who => p: Player) |g, _| g.extra_turn(p);
    Effect::DiscardHand(who) => "discard_hand"(who => p: Player) |g, _| g.discard_hand(p);
    Effect::RecycleFromTrash { who, amount } =>
        "recycle_trash"(who => p: Player, amount => n: Count) |g, _| g.recycle_from_trash(p, n, Ask::ChooseCard);
    Effect::PlayTokens { who, token, count, ready, place } =>
        "play_tokens"(who => p: Player, token => t: TokenCard, count => n: Count, ready => ready: bool, place => place: Place)
        |g, c| g.play_tokens(c, p, &t, n.min(MAX_TOKENS), ready, place);
    Effect::Add { who, resources, spells_only } =>
        "add"(who => p: Player, resources => r: Cost, spells_only => s: bool) |g, _| g.add_resources(p, &r, s);
    Effect::Score { who, points } => "score"(who => p: Player, points => n: Count) |g, _| g.gain_points(p, n);
    Effect::AddTimes { who, each, times } =>
        "add_times"(who => p: Player, each => r: Cost, times => n: Count) |g, _| g.add_resources(p, &r.times(n), false);
    Effect::GainXp { who, amount } => "gain_xp"(who => p: Player, amount => n: Count) |g, _| g.gain_xp(p, n);
    Effect::Win(who) => "win_game"(who => p: Player) |g, _| g.win_game(p);
    // Answers whether all N runes were channeled ("If you can't, ...", 417).
    Effect::Channel { who, amount, exhausted } =>
        "channel"(who => p: Player, amount => n: Count, exhausted => x: bool) |g, _| {
            let n = n.min(MAX_RUNES);
            g.channel(p, n, x) >= n
        };
    Effect::ThisTurn(TurnRule::NextSpellBonus(n)) => "next_spell_bonus"(n => n: Count) |g, c| g.next_spell_bonus(c, n);
    Effect::ThisTurn(TurnRule::NextSpellCostsLess(n)) => "next_spell_costs_less"(n => n: Count) |g, c| g.next_spell_costs_less(c, n);
    Effect::ThisTurn(TurnRule::NextSpellRepeat) => "next_spell_repeat"() |g, c| g.next_spell_repeat(c);
    Effect::ThisTurn(TurnRule::UnitsEnterReady) => "units_enter_ready"() |g, c| g.units_enter_ready_this_turn(c);
    Effect::ThisTurn(TurnRule::NextUnitEntersReady) => "next_unit_enters_ready"() |g, c| g.next_unit_enters_ready(c);
    Effect::ThisTurn(TurnRule::BuffsGiveMore { might, to }) =>
        "buffs_give_more"(might => n: Delta, to => f: UnitFilter) |g, c| g.buffs_give_more(c, n, f);
    Effect::ThisTurn(TurnRule::HideFree) => "hide_free"() |g, c| g.hide_free_this_turn(c);
    Effect::ThisTurn(TurnRule::PreventDamage { spells, abilities }) =>
        "prevent_damage"(spells => s: bool, abilities => a: bool) |g, _| g.prevent_damage_this_turn(s, a);
    Effect::EachPlayerKillsOne(o) => "each_player_kills_one"(o => cards: Cards) |g, c| g.each_player_kills_one(c, &cards);
    Effect::CantMove { who, unit } => "cant_move"(who => p: Player, unit => o: Object) |g, _| g.cant_move_this_turn(p, o);
    Effect::CantPlay { who, spells_only } => "cant_play"(who => p: Player, spells_only => s: bool) |g, _| g.cant_play_this_turn(p, s);
    Effect::PlayMeFromTrash => "play_me_from_trash"() |g, c| g.play_me_from_trash(c);
    Effect::PlayMeFor(cost) => "play_me_for"(cost => x: Cost) |g, c| g.play_me_for(c, x);
    Effect::Vision => "vision"() |g, c| g.vision(c);
    // Answers whether it was attached.
    Effect::Attach { card, to } => "attach"(card => a: Object, to => t: Object) |g, _| g.attach(a, t);
    Effect::DetachFrom(o) => "detach_one_from"(o => t: Object) |g, c| g.detach_one_from(c, t);
    Effect::AttachOneOf { from, cards, to } =>
        "attach_one_of"(from => f: Object, cards => k: UnitFilter, to => t: Object) |g, c| g.attach_one_of(c, f, &k, t);
    Effect::ControlWhileOnBoard(o) => "control_until_i_leave"(o => o: Object) |g, c| g.control_while_on_board(c, o);
    Effect::Weaponmaster => "weaponmaster"() |g, c| g.weaponmaster(c);
    Effect::ReplaceNextDeath { unit, body } =>
        "replace_next_death"(unit => o: Object, body => b: BodyName) |g, c| g.replace_next_death(c, o, &b);
    Effect::Reflexive { body, it } =>
        "reflexive"(body => b: BodyName, it.as_ref() => it: MaybeObject) |g, c| g.add_reflexive(c, &b, it);
    // 380.3: "If this kills it, do this: ..." (see Game::reflexive_if_killed).
    Effect::ReflexiveIfKilled { body, unit } =>
        "reflexive_if_killed"(body => b: BodyName, unit => o: Object) |g, c| g.reflexive_if_killed(c, &b, o);
    Effect::Delay { body, it } => "delay"(body => b: BodyName, it.as_ref() => it: MaybeObject) |g, c| g.delay_trigger(c, &b, it);
    Effect::MoveTo { unit, to, battlefield } =>
        "move_to_location_of"(unit => u: Object, to => t: Object, battlefield => b: bool) |g, _| g.move_to_location_of(u, t, b);
    Effect::SwapPlaces(a, b) => "swap_places"(a => a: Object, b => b: Object) |g, _| g.swap_places(a, b);
    Effect::LookTop { who, amount } => "look_top"(who => p: Player, amount => n: Count) |g, _| g.look_top(p, n);
    Effect::RevealTop { who, amount } => "reveal_top"(who => p: Player, amount => n: Count) |g, _| g.reveal_top(p, n);
    // Answers the revealed card, or none.
    Effect::RevealTopCard(who) => "reveal_top_card"(who => p: Player) |g, _| g.reveal_top(p, 1).map(|v| v.first().copied());
    // Answers the revealed rune, or none.
    Effect::RevealTopRune(who) => "reveal_top_rune"(who => p: Player) |g, _| g.reveal_top_rune(p);
    // 182.2.b: the mode for the domain of `of` (none: no mode).
    Effect::ByDomain { of, domains, bodies } =>
        "do_by_domain"(of => o: MaybeObject, domains => d: Words, bodies => b: Words) |g, c| g.do_by_domain(c, o, &d, &b);
    // Answers every card revealed, top first.
    Effect::RevealUntil { who, filter } => "reveal_until"(who => p: Player, filter => f: UnitFilter) |g, _| g.reveal_until(p, &f);
    // Answers that card, or none.
    Effect::FirstOf { among, filter } => "first_of"(among => cards: Cards, filter => f: UnitFilter) |g, _| g.first_of(&cards, &f);
    Effect::PutOneIntoHand(o) => "put_into_hand"(o => cards: Cards) |g, c| g.put_one_into_hand(c, &cards);
    Effect::RecycleCards(o) => "recycle_cards"(o => cards: Cards) |g, c| g.recycle_cards(c, &cards);
    Effect::DrawCards(o) => "draw_cards"(o => cards: Cards) |g, c| g.draw_cards(c, &cards);
    Effect::RecycleAny(o) => "recycle_any"(o => cards: Cards) |g, c| g.recycle_any(c, &cards);
    Effect::PutBackInAnyOrder(o) => "put_back_in_any_order"(o => cards: Cards) |g, c| g.put_back_in_any_order(c, &cards);
    Effect::BanishTop(who) => "banish_top"(who => p: Player) |g, _| g.banish_top(p);
    // Answers the card banished, or none.
    Effect::BanishOne { who, from, optional } =>
        "banish_one"(who => p: Player, from => cards: Cards, optional => o: bool) |g, _| g.banish_one(p, &cards, o);
    // Answer how many times the cost was paid ("that much", "for each buff spent").
    Effect::PayAnyNumber(cost) => "pay_any_number"(cost => x: OtherCost) |g, c| g.pay_any_number(c, &x);
    Effect::PayAnyAmount(cost) => "pay_any_amount"(cost => x: Cost) |g, c| g.pay_any_amount(c, &x);
    // "with Might up to the killed unit's + N": `killed_might` answers -1 when none was killed.
    // `less`: -1 ignores its cost, else its Energy cost is reduced by that much.
    Effect::BanishAndPlay { from, max_might: Some(k), optional, reduced_by } =>
        "banish_and_play"(from => cards: Cards, Arg::KilledMight(k.spec) => might: Delta, &k.more => more: Delta, optional => o: bool,
            reduced_by.map_or(-1, i64::from) => less: Delta)
        |g, c| g.banish_and_play(c, &cards, might.into(), more.into(), o, less);
    // With no Might limit.
    Effect::BanishAndPlay { from, max_might: None, optional, reduced_by } =>
        "banish_and_play"(from => cards: Cards, optional => o: bool, reduced_by.map_or(-1, i64::from) => less: Delta)
        |g, c| g.banish_and_play(c, &cards, -2, 0, o, less);
    // Answers the spell played.
    Effect::PlayCard { who, card, ignore_energy, ignore_power, to_base } =>
        "play_card"(who => p: Player, card => o: Object, ignore_energy => e: bool, ignore_power => pw: bool, to_base => b: bool)
        |g, _| g.play_card_instruction(p, o, PlayOptions { ignore_energy: e, ignore_power: pw, to_base: b, ..PlayOptions::default() });
    // "Reduce its Energy cost by AMOUNT" (353.4.b): the amount counted as it is played.
    Effect::PlayCardReduced { who, card, by } =>
        "play_card_reduced"(who => p: Player, card => o: Object, by => less: Count)
        |g, _| g.play_card_instruction(p, o, PlayOptions { energy_less: less, ..PlayOptions::default() });
    Effect::PlayHere(card) => "play_here"(card => o: Object) |g, c| g.play_here(c, o);
    Effect::PlayWhereItWas { card, unit } =>
        "play_where_it_was"(card => o: Object, unit => u: Object) |g, _| g.play_where_it_was(o, u);
    Effect::PlayToBattlefield(card, to) => "play_to_battlefield"(card => o: Object, to => t: PlayTo) |g, _| g.play_to_battlefield(o, t);
    // Answers the revealed cards.
    Effect::RevealHand(who) => "reveal_hand"(who => p: Player) |g, _| g.reveal_hand(p);
    // Answers the chosen card ("that card").
    Effect::ChooseCard { from, filter } => "choose_card"(from => cards: Cards, filter => f: UnitFilter) |g, c| g.choose_card(c, &cards, &f);
    // Answers the chosen object (or none).
    Effect::PlayerChooses { who, filter, optional, except } =>
        "player_chooses"(who => p: Player, filter => f: UnitFilter, optional => o: bool, except.as_ref() => x: MaybeObject)
            |g, c| g.player_chooses(c, p, &f, o, x);
    // Answers, for each option, the players who chose it.
    Effect::PlayersChooseOption { who, options } =>
        "players_choose_option"(who => ps: PlayerList, options => names: Words) |g, _| g.players_choose_option(&ps, &names);
    // Answers the objects not chosen ("the rest").
    Effect::PlayersKeep { who, picks } =>
        "players_keep"(who => ps: PlayerList, picks => picks: Picks) |g, c| g.players_keep(c, &ps, &picks);
    Effect::RecycleAll(o) => "recycle_all"(o => cards: Cards) |g, c| g.recycle_all(c, &cards);
    // Answers the chosen objects ("those units").
    Effect::PlayersChoose { who, filter, distinct } =>
        "players_choose"(who => ps: PlayerList, filter => f: UnitFilter, distinct => d: bool) |g, c| g.players_choose(c, &ps, &f, d);
}

/// The most tokens one instruction plays, and runes one instruction channels (no printed card
/// comes close; a script's larger number is cut to it).
const MAX_TOKENS: u32 = 20;
const MAX_RUNES: u32 = 12;

/// The host package: what generated bodies read (the context, targets, amounts, tests) and the
/// verbs' table.
fn register(e: &mut Engine) {
    // Context: read off the body's frame, without the game (most bodies ask `you()` or `me()`).
    e.register_fn("me", || from_context(|c| c.source));
    // "this" in an effect text: the attached card, the ability's lender (SFD-136).
    e.register_fn("this_card", || from_context(|c| c.lender.or(c.source)));
    e.register_fn("you", || from_context(|c| c.controller));
    e.register_fn("that_unit", || from_context(|c| c.that_unit));
    e.register_fn("remembered", || from_context(|c| c.remembered));
    host_fn!(e, "that_battlefield", () | g, c | c.that_battlefield.map(|b| g.battlefields[b].obj));
    e.register_fn("that_player", || from_context(|c| c.that_player));
    e.register_fn("paid_additional", || asked(&Test::PaidAdditional));
    e.register_fn("target", |i: i64| -> Result<i64, Box<EvalAltResult>> {
        Ok(checked_targets(i as usize)?.first().map_or(-1, |o| o.0 as i64))
    });
    e.register_fn("targets", |i: i64| -> Result<Array, Box<EvalAltResult>> { Ok(array(checked_targets(i as usize)?)) });
    // 352.9: the player chosen for spec `i` ("Choose an opponent. They ..."), if still legal
    // (356.3.e); "none" (-1) otherwise.
    host_fn!(e, "target_player", (i: Index) |g, c| g.legal_player(c, i));
    // 352.10.d: "all X": every object the filter matches (the one matcher, 352.8.b).
    host_fn!(e, "units", (filter: UnitFilter) |g, c| g.matching(&filter, c.controller, c.source));
    // 352.10.b: "all enemy units at a battlefield": the objects the filter matches at the
    // battlefield the ability targets (its battlefield object).
    // "each other enemy unit at its battlefield": read from that object (053.3).
    host_fn!(e, "units_around", (filter: UnitFilter, x: Object) |g, c| g.matching(&filter, c.controller, Some(x)));
    host_fn!(e, "units_at", (filter: UnitFilter, bf: Object) |g, c| {
        match g.battlefield_of(bf) {
            Some(b) => g.matching(&UnitFilter { at: At::That(b), ..filter }, c.controller, c.source),
            None => Vec::new(),
        }
    });
    // Amounts.
    host_fn!(e, "energy_of", (x: Object) |g, _| i64::from(g.card(x).energy));
    host_fn!(e, "might", (x: Object) |g, c| i64::from(g.might_as_read_by(c, x)));
    // "the Might of the unit you recycled": its Might now, or as it last was on the board.
    host_fn!(e, "last_might", (x: Object) |g, _| i64::from(g.last_might(x)));
    host_fn!(e, "keyword_value", (x: Object, k: Keyword) |g, _| if g.obj(x).alive && g.obj(x).zone.is_board() {
        i64::from(g.chars(x).keywords.value(k))
    } else {
        0
    });
    host_fn!(e, "damage_on", (x: Object) |g, _| if g.obj(x).alive { i64::from(g.obj(x).damage) } else { 0 });
    host_fn!(e, "controller_of", (x: Object) |g, _| g.last_known_controller(x));
    host_fn!(e, "owner_of", (x: Object) |g, _| g.obj(x).owner);
    // "each player plays those cards": those of the cards that player owns (107.1).
    host_fn!(e, "owned_by", (cards: Cards, p: Player) |g, _| cards.into_iter().filter(|o| g.obj(*o).owner == p).collect::<Vec<_>>());
    // "each player" / "each opponent": the players still in the game, in turn order.
    host_fn!(e, "each_player", () | g, _ | g.active_players());
    host_fn!(e, "each_opponent", () | g, c | c.controller.map(|p| g.opponents(p)).unwrap_or_default());
    host_fn!(e, "each_player_from_next", () | g, c | g.players_from_next(c.controller.unwrap_or(g.turn_player)));
    // "Starting with the next player, each other player": the same without the controller.
    host_fn!(
        e,
        "each_other_player_from_next",
        () | g,
        c | {
            let you = c.controller.unwrap_or(g.turn_player);
            g.players_from_next(you).into_iter().filter(|p| *p != you).collect::<Vec<_>>()
        }
    );
    // "For each player that chooses Cards": the players who chose option `i` (none if no one did).
    e.register_fn("chose", |choices: Array, i: i64| -> Array {
        usize::try_from(i)
            .ok()
            .and_then(|i| choices.get(i))
            .and_then(|x| x.clone().try_cast::<Array>())
            .unwrap_or_default()
    });
    // "the attacker and defender each" (438.1.a.1-2): none outside a combat.
    host_fn!(e, "combatants", (attacker: bool, defender: bool) | g, _ | g.combatants(attacker, defender));
    // "for each X": how many objects the filter names; how many cards are in a player's trash.
    host_fn!(e, "count", (filter: UnitFilter) |g, c| g.matching(&filter, c.controller, c.source).len() as i64);
    // "for each enemy unit there": counted from where the object is, not the source (053.3).
    host_fn!(e, "count_around", (filter: UnitFilter, x: Object) |g, c| g.matching(&filter, c.controller, Some(x)).len() as i64);
    host_fn!(e, "trash_size", (p: Player) |g, _| g.player(p).trash.len() as i64);
    // "for each card with [Hidden] revealed this way": how many of those cards the filter names.
    host_fn!(e, "count_among", (cards: Cards, filter: UnitFilter) |g, c| g.count_among(c, &cards, &filter));
    host_fn!(e, "hand_size", (p: Player) |g, _| g.player(p).hand.len() as i64);
    // "for each card you've played this turn".
    host_fn!(e, "cards_played", (p: Player) |g, _| i64::from(g.player(p).cards_played_this_turn));
    // "the highest / lowest Might among X" (0 with none).
    host_fn!(e, "highest_might", (filter: UnitFilter) |g, c| g.amount_of(c, &CountOf::ExtremeMight { filter, highest: true }));
    host_fn!(e, "lowest_might", (filter: UnitFilter) |g, c| g.amount_of(c, &CountOf::ExtremeMight { filter, highest: false }));
    host_fn!(e, "points", (p: Player) |g, _| i64::from(g.player(p).points));

    host_fn!(e, "killed_might", (spec: Index) |g, c| g.killed_might(c, spec));
    // Tests.
    // "If it is stunned": the object, still there, is one the filter names (352.8.b).
    host_fn!(e, "matches", (x: Object, filter: UnitFilter) |g, c| {
        let you = c.controller.unwrap_or(g.turn_player);
        if g.obj(x).alive {
            g.unit_matches(&filter, x, you, c.source.unwrap_or(x))
        } else {
            g.looked_back_matches(c, &filter, x, you)
        }
    });
    e.register_fn("legion", || asked(&Test::Legion));
    e.register_fn("played_a_card", || asked(&Test::PlayedACard));
    // "If CONDITION, X": condition `i` of the source's card (`CardAbilities::conditions`), about
    // the source and its controller, as the instruction resolves.
    host_fn!(e, "holds", (i: Index) |g, c| g.instruction_condition_holds(c, i));
    e.register_fn("xp_at_least", |n: i64| asked(&Test::XpAtLeast(count(n))));
    e.register_fn("may", || asked(&Test::May));
    e.register_fn("choose_first", || asked(&Test::FirstOfTwo));
    // An instruction's cost (352.10.c.1) its triggered ability may have paid as it was finalized.
    e.register_fn("pay_other", |cost: OtherCost| paid_or(move |g, c| g.pay_other_within(c, &cost, true)));
    e.register_fn("pay_other_if_able", |cost: OtherCost| paid_or(move |g, c| g.pay_other_within(c, &cost, false)));
    // "the unit you recycled": the object the last cost within the instructions was paid with
    // (none: -1).
    e.register_fn("paid", || -> i64 {
        script::context(|b: &mut Body| b.paid_with.last().map_or(-1, |o| o.0 as i64)).unwrap_or(-1)
    });
    e.register_fn("spend_its_buff", |x: i64| with(move |g, c| id(x).map_or(Ok(false), |o| g.spend_its_buff(c, o))));
    e.register_fn("pay_optional", |cost: Cost| asked(&Test::Pay { cost, exhaust_me: false, spend_buff: None }));
    // "pay [1] and return a unit you control here to its owner's hand to X": one payment.
    e.register_fn("pay_optional_and", |cost: Cost, other: OtherCost| {
        paid_or(move |g, c| g.pay_optional_and(c, &cost, &other))
    });
    // "detach that Equipment from that unit": whether the first is attached to the second (SFD-717).
    host_fn!(e, "attached_to", (a: Object, t: Object) |g, _| g.top_most_of(a) == Some(t));
    e.register_fn("player_pays", |who: i64, cost: Cost| {
        with(move |g, _| player(who).map_or(Ok(false), |p| g.pay_optional_by(p, &cost)))
    });
    // "unless its controller has you draw 2": that player's yes or no (181.6.a).
    e.register_fn("player_agrees", |who: i64| with(move |g, _| player(who).map_or(Ok(false), |p| g.player_agrees(p))));
    e.register_fn("pay_optional_and_exhaust", |cost: Cost| {
        asked(&Test::Pay { cost, exhaust_me: true, spend_buff: None })
    });
    e.register_fn("pay_optional_and_spend_buff", |cost: Cost, exhaust_me: bool, x: i64| {
        with(move |g, c| id(x).map_or(Ok(false), |o| g.pay_optional_and_spend_buff(c, &cost, exhaust_me, o)))
    });
    e.register_fn("recycle_to_pay", |x: i64| with(move |g, c| id(x).map_or(Ok(false), |o| g.recycle_to_pay(c, o))));
    // "that much" after "if you assigned N or more excess damage" (440.2.a).
    e.register_fn("excess_assigned", |who: i64| {
        with(move |g, _| Ok(player(who).map_or(0, |p| i64::from(g.excess_assigned(p)))))
    });
    // "for each point you scored from holding this turn" (444.1).
    e.register_fn("points_scored", |who: i64, m: Option<ScoreMethod>| {
        with(move |g, _| Ok(player(who).map_or(0, |p| i64::from(g.points_scored_this_turn(p, m)))))
    });
    e.register_fn("done_this_way", |act: Act, x: i64| {
        let from = body_events_from();
        with(move |g, _| Ok(id(x).is_some_and(|o| g.done_since(from, act, o))))
    });
    register_verbs(e);
}

/// [`ask_test`] for a host function that asks a test it has a handler for.
fn asked(t: &Test) -> Result<bool, Box<EvalAltResult>> {
    ask_test(t).expect("the test has a handler")
}

/// The largest amount a host function takes (damage, cards, Might, keyword values, points): a
/// script's numbers are clamped to it, so no kernel sum overflows however often it is called
/// within the operation limit.
pub const MAX_AMOUNT: i64 = 1000;

/// A script's count or amount: negative is 0, at most [`MAX_AMOUNT`].
fn count(n: i64) -> u32 {
    n.clamp(0, MAX_AMOUNT) as u32
}

/// A script's signed amount (a Might change, a limit), within ±[`MAX_AMOUNT`].
fn delta(n: i64) -> i32 {
    n.clamp(-MAX_AMOUNT, MAX_AMOUNT) as i32
}
