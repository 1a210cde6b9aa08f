//! The Riftbound host: card bodies compiled by the card language are Rhai functions; they change
//! the game only by calling the host functions registered here, each of which calls one rules
//! function (so every change goes through the rules and shows in the trace and event log).
//! Object and player ids are integers; -1 means "none" (a target that became illegal,
//! 356.3.e.5), and every function ignores it (356.3.e.6).
//!
//! The sandbox that runs the bodies (the engine and its limits, the compiled-script cache, the
//! frames of running bodies) is game-agnostic: `kernel::script`. This module gives it the host
//! package and the typed constants, one sandbox per thread.

use super::abilities::{Act, At, FilterPart, Grant, Place, TargetSpec, Token, UnitFilter, names};
use super::cards::PowerSymbol;
use super::costs::Cost;
use super::decision::Ask;
use super::layers::{Duration, Keyword};
use super::state::{Game, R};
use crate::kernel::script::{self, Sandbox};
use crate::kernel::{ObjId, PlayerId, Stop};
use rhai::{AST, Array, Dynamic, Engine, EvalAltResult, Scope};
use std::collections::HashMap;
use std::rc::Rc;

/// What a running body needs to know besides the game.
#[derive(Clone, Debug, Default)]
pub struct HookCall {
    pub source: Option<ObjId>,
    pub controller: Option<PlayerId>,
    /// Chosen targets per target spec, as chosen (legality is checked when read, 356.3.e).
    pub targets: Vec<Vec<ObjId>>,
    pub specs: Vec<TargetSpec>,
    /// "that unit" of a replacement effect.
    pub that_unit: Option<ObjId>,
    /// "that player" of a trigger about a player.
    pub that_player: Option<PlayerId>,
    /// The spell this body belongs to, when it is a spell's (for 415.5 and bonus damage).
    pub spell: Option<ObjId>,
    /// "if you paid the additional cost" (353.4.d.1).
    pub paid_additional: bool,
    /// What a delayed trigger remembers as "it" (383.2, 414.3): the card its spell banished.
    pub remembered: Option<ObjId>,
    /// 727.1.d: the battlefield a spell played from hidden, or the play effect of a permanent
    /// played from hidden, makes its choices at (see `Game::hidden_choices_at`).
    pub hidden_at: Option<u8>,
    /// 392.1: the cost within its instruction was paid as the triggered ability was finalized
    /// (`Ability::instruction_cost`); the instruction asking for it answers yes without asking.
    pub cost_paid: bool,
}

/// The context of one running body, kept on its sandbox frame.
struct Body {
    call: HookCall,
    /// Targets per spec as checked when the body first used them (356.3.e).
    checked: HashMap<usize, Vec<ObjId>>,
    /// Where the event log stood as the body began: what it did is what follows ("this way").
    events_from: usize,
    /// "Card (line N)": what a script error this body's host calls raise is prefixed with.
    at: String,
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

/// Compiles (or fetches from the cache) a card's script, with the instruction set's typed
/// constants in scope (`UNITS`, `ENEMY`, `SHIELD`, `THIS_TURN`, ...).
pub fn compile(source: &str) -> Result<Rc<AST>, String> {
    SANDBOX.with(|s| s.compile(source))
}

/// Runs body `func` of a card's script with `call` as its context.
pub fn run(game: &mut Game, script: &str, func: &str, call: HookCall, card: &str, line: usize) -> R<()> {
    run_value(game, script, func, call, card, line).map(|_| ())
}

/// Runs a body that answers yes or no (a replacement effect that may decline, 364): a body that
/// returns nothing counts as yes.
pub fn run_bool(game: &mut Game, script: &str, func: &str, call: HookCall, card: &str, line: usize) -> R<bool> {
    let v = run_value(game, script, func, call, card, line)?;
    Ok(v.as_bool().unwrap_or(true))
}

fn run_value(game: &mut Game, script: &str, func: &str, call: HookCall, card: &str, line: usize) -> R<Dynamic> {
    set_bounds(game);
    let at = format!("{card} (line {line})");
    let body = Body { call, checked: HashMap::new(), events_from: game.events.len(), at };
    SANDBOX.with(|s| s.run(game, body, script, func, card, line))
}

/// Gives a host function the game and its body's context. Kernel stops (a decision to ask, a
/// nested script error) are kept on the frame and unwind the script.
/// A script error the kernel raises for a host call (a move the rules forbid) names the card
/// and line of the body that made the call.
/// An instruction's cost (352.10.c.1): already paid if the body's triggered ability paid it as it
/// was finalized (the first such instruction of the body, `HookCall::cost_paid`), else `pay`.
fn paid_or(pay: impl FnOnce(&mut Game, &HookCall) -> R<bool>) -> Result<bool, Box<EvalAltResult>> {
    if script::context(|b: &mut Body| std::mem::take(&mut b.call.cost_paid)).unwrap_or(false) {
        return Ok(true);
    }
    with(pay)
}

fn with<T>(f: impl FnOnce(&mut Game, &HookCall) -> R<T>) -> Result<T, Box<EvalAltResult>> {
    let call = script::context(|b: &mut Body| b.call.clone()).expect("host functions run inside a hook");
    script::with_game(|game: &mut Game| {
        set_bounds(game);
        let result = f(game, &call);
        set_bounds(game);
        result.map_err(|stop| match stop {
            Stop::ScriptError(m) => {
                let at = script::context(|b: &mut Body| b.at.clone()).unwrap_or_default();
                Stop::ScriptError(if m.starts_with(&at) { m } else { format!("{at}: {m}") })
            }
            other => other,
        })
    })
}

/// The event log's length as the running body began.
fn body_events_from() -> usize {
    script::context(|b: &mut Body| b.events_from).unwrap_or(0)
}

/// 356.3.e: the still-legal targets of spec `i`, checked once per resolving body, as it first
/// uses them. Later instructions see the same objects, even after an earlier instruction changed
/// them ("Kill a unit at a battlefield. Its controller draws 2.": the dead unit's controller).
fn checked_targets(i: usize) -> Result<Vec<ObjId>, Box<EvalAltResult>> {
    let known = script::context(|b: &mut Body| b.checked.get(&i).cloned()).flatten();
    if let Some(t) = known {
        return Ok(t);
    }
    let t = with(|g, c| g.legal_targets(c, i))?;
    script::context(|b: &mut Body| b.checked.insert(i, t.clone()));
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
    for (name, c) in names::OBJECT_CONDITIONS {
        add(name, Dynamic::from(FilterPart::Is(c)));
    }
    for k in Keyword::ALL {
        add(&names::keyword(k), Dynamic::from(k));
    }
    for d in names::DURATIONS {
        add(names::duration(d), Dynamic::from(d));
    }
    for t in Token::ALL {
        add(&names::token(t), Dynamic::from(t));
    }
    for p in Place::ALL {
        add(names::place(p), Dynamic::from(p));
    }
    for p in names::powers() {
        add(&names::power(p), Dynamic::from(p));
    }
    s
}

/// The types of the instruction set and how a script combines them: `UNITS + ENEMY + HERE`,
/// `non("Recruit")`, `might_at_most(2)`, `filter | filter`; `energy(1) + FURY`.
fn register_types(e: &mut Engine) {
    e.register_type_with_name::<UnitFilter>("Filter");
    e.register_type_with_name::<FilterPart>("FilterPart");
    e.register_type_with_name::<Keyword>("Keyword");
    e.register_type_with_name::<Duration>("Duration");
    e.register_type_with_name::<Token>("Token");
    e.register_type_with_name::<Place>("Place");
    e.register_type_with_name::<Cost>("Cost");
    e.register_type_with_name::<PowerSymbol>("Power");
    e.register_fn("+", |f: UnitFilter, p: FilterPart| f.with(p));
    e.register_fn("|", |f: UnitFilter, g: UnitFilter| UnitFilter { or: Some(Box::new(g)), ..f });
    e.register_fn("non", |tag: &str| FilterPart::NotTag(tag.to_string()));
    e.register_fn("might_at_most", |n: i64| FilterPart::MaxMight(count(n)));
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

fn register(e: &mut Engine) {
    // Context.
    e.register_fn("me", || with(|_, c| Ok(c.source.map_or(-1, |o| o.0 as i64))));
    e.register_fn("you", || with(|_, c| Ok(c.controller.map_or(-1, |p| p.0 as i64))));
    e.register_fn("that_unit", || with(|_, c| Ok(c.that_unit.map_or(-1, |o| o.0 as i64))));
    e.register_fn("remembered", || with(|_, c| Ok(c.remembered.map_or(-1, |o| o.0 as i64))));
    e.register_fn("that_player", || with(|_, c| Ok(c.that_player.map_or(-1, |p| p.0 as i64))));
    e.register_fn("target", |i: i64| -> Result<i64, Box<rhai::EvalAltResult>> {
        Ok(checked_targets(i as usize)?.first().map_or(-1, |o| o.0 as i64))
    });
    e.register_fn("targets", |i: i64| -> Result<rhai::Array, Box<rhai::EvalAltResult>> {
        Ok(array(checked_targets(i as usize)?))
    });
    // 352.10.d: "all X": every object the filter matches (the one matcher, 352.8.b).
    e.register_fn("units", |filter: UnitFilter| {
        with(move |g, c| Ok(array(g.matching(&filter, c.controller, c.source))))
    });
    // 352.10.b: "all enemy units at a battlefield": the objects the filter matches at the
    // battlefield the ability targets (its battlefield object).
    e.register_fn("units_at", |filter: UnitFilter, bf: i64| {
        with(move |g, c| {
            let Some(b) = id(bf).and_then(|o| g.battlefields.iter().position(|b| b.obj == o)) else {
                return Ok(Array::new());
            };
            let filter = UnitFilter { at: At::That(b as u8), ..filter };
            Ok(array(g.matching(&filter, c.controller, c.source)))
        })
    });
    e.register_fn("paid_additional", || with(|_, c| Ok(c.paid_additional)));
    e.register_fn("energy_of", |x: i64| with(|g, _| Ok(id(x).map_or(0, |o| g.card(o).energy as i64))));
    e.register_fn("only_unit_there", |x: i64| with(|g, c| Ok(id(x).is_some_and(|o| g.only_unit_there(c, o)))));
    e.register_fn("might", |x: i64| {
        with(|g, _| Ok(id(x).filter(|o| g.obj(*o).alive).map_or(0, |o| g.might(o) as i64)))
    });
    e.register_fn("controller_of", |x: i64| with(|g, _| Ok(id(x).map_or(-1, |o| g.last_known_controller(o).0 as i64))));
    e.register_fn("legion", || with(|g, c| Ok(g.legion_applies(c))));
    e.register_fn("may", || with(|g, c| g.ask_may(c)));
    e.register_fn("pay_optional", |cost: Cost| paid_or(move |g, c| g.pay_optional(c, &cost)));
    e.register_fn("pay_optional_and_exhaust", |cost: Cost| paid_or(move |g, c| g.pay_optional_and_exhaust(c, &cost)));

    // Instructions.
    e.register_fn("deal", |n: i64, x: i64| with(|g, c| g.deal_instruction(c, count(n), id(x))));
    e.register_fn("deal_split", |n: i64, spec: i64| with(|g, c| g.deal_split(c, count(n), spec as usize)));
    e.register_fn("fight", |a: i64, b: i64| with(|g, _| g.fight(id(a), id(b))));
    e.register_fn("draw", |p: i64, n: i64| with(|g, _| player(p).map_or(Ok(()), |p| g.draw(p, count(n)))));
    // One function per action on an object (Act), each the same handler (Game::act_on).
    for act in Act::ALL {
        e.register_fn(act.script_name(), move |x: i64| with(move |g, c| id(x).map_or(Ok(()), |o| g.act_on(c, act, o))));
    }
    e.register_fn("give_might", |x: i64, n: i64, min: i64, until: Duration| {
        let grant = Grant::Might { amount: delta(n), min: (min >= 0).then_some(delta(min)) };
        on_object(x, move |g, c, o| g.give(c, o, grant, until))
    });
    e.register_fn("give_keyword", |x: i64, k: Keyword, v: i64, until: Duration| {
        on_object(x, move |g, c, o| g.give(c, o, Grant::Keyword(k, count(v)), until))
    });
    e.register_fn("set_might", |x: i64, n: i64, until: Duration| {
        on_object(x, move |g, c, o| g.give(c, o, Grant::SetMight(delta(n)), until))
    });
    e.register_fn("win_game", |p: i64| {
        with(|g, _| {
            if let Some(p) = player(p) {
                g.win_game(p);
            }
            Ok(())
        })
    });
    e.register_fn("spend_a_buff", || paid_or(|g, c| g.spend_a_buff(c)));
    // Returns the (last) card discarded, or -1: what a following "its" means.
    e.register_fn("discard", |p: i64, n: i64| {
        with(|g, _| Ok(player(p).map_or(Ok(None), |p| g.discard_instruction(p, count(n)))?.map_or(-1, |o| o.0 as i64)))
    });
    // 352.3: x moves to the destination chosen for it as the spell was played (target spec i).
    e.register_fn("move_to_chosen", |x: i64, i: i64| {
        with(move |g, c| {
            // Only a destination spec names one: any other index moves nothing.
            let Some(i) = usize::try_from(i).ok().filter(|i| {
                c.specs.get(*i).is_some_and(|s| matches!(s.count, super::abilities::TargetCount::Destination(_)))
            }) else {
                return Ok(());
            };
            let chosen = c.targets.get(i).cloned().unwrap_or_default();
            if let Some(o) = id(x) {
                g.move_to_chosen(o, &chosen);
            }
            Ok(())
        })
    });
    e.register_fn("each_player_kills_one", || with(|g, c| g.each_player_kills_one(c)));
    e.register_fn("recycle_trash", |p: i64, n: i64| {
        with(|g, _| player(p).map_or(Ok(()), |p| g.recycle_from_trash(p, count(n), Ask::ChooseCard)))
    });
    e.register_fn("play_recruit", |p: i64| {
        with(|g, _| {
            if let Some(p) = player(p) {
                g.play_recruit(p);
            }
            Ok(())
        })
    });
    e.register_fn("play_tokens", |p: i64, token: Token, n: i64, ready: bool, place: Place| {
        with(move |g, c| player(p).map_or(Ok(()), |p| g.play_tokens(c, p, token, n.clamp(0, 20) as u32, ready, place)))
    });
    e.register_fn("add", |p: i64, resources: Cost, spells_only: bool| {
        with(move |g, _| {
            if let Some(p) = player(p) {
                g.add_resources(p, &resources, spells_only);
            }
            Ok(())
        })
    });
    e.register_fn("score", |p: i64, n: i64| {
        with(|g, _| {
            if let Some(p) = player(p) {
                g.gain_points(p, count(n));
            }
            Ok(())
        })
    });
    e.register_fn("next_spell_bonus", |n: i64| {
        with(|g, c| {
            g.next_spell_bonus(c, count(n));
            Ok(())
        })
    });
    e.register_fn("units_enter_ready", || {
        with(|g, c| {
            g.units_enter_ready_this_turn(c);
            Ok(())
        })
    });
    e.register_fn("buffs_give_more", || {
        with(|g, c| {
            g.buffs_give_more(c);
            Ok(())
        })
    });
    e.register_fn("play_me_from_trash", || with(|g, c| g.play_me_from_trash(c)));
    e.register_fn("vision", || with(|g, c| g.vision(c)));
    // Returns whether all N runes were channeled ("If you can't, ...", 417).
    e.register_fn("channel", |p: i64, n: i64, exhausted: bool| {
        with(move |g, _| {
            let n = n.clamp(0, 12) as u32;
            Ok(player(p).is_some_and(|p| g.channel(p, n, exhausted) >= n))
        })
    });
    e.register_fn("replace_next_death", |x: i64, body: &str| {
        let body = body.to_string();
        on_object(x, move |g, c, o| g.replace_next_death(c, o, &body))
    });
    e.register_fn("reflexive", |name: &str| {
        let name = name.to_string();
        with(move |g, c| {
            g.add_reflexive(c, &name);
            Ok(())
        })
    });
    e.register_fn("buffed_this_way", |x: i64| {
        let from = body_events_from();
        with(move |g, _| Ok(id(x).is_some_and(|o| g.buffed_since(from, o))))
    });
    // 380.3: "If this kills it, do this: ..." (see Game::reflexive_if_killed).
    e.register_fn("reflexive_if_killed", |name: &str, x: i64| {
        let name = name.to_string();
        on_object(x, move |g, c, o| g.reflexive_if_killed(c, &name, o))
    });
    e.register_fn("swap_places", |a: i64, b: i64| with(|g, _| g.swap_places(id(a), id(b))));
    e.register_fn("look_top", |p: i64, n: i64| {
        with(|g, _| Ok(array(player(p).map(|p| g.look_top(p, count(n))).unwrap_or_default())))
    });
    e.register_fn("reveal_top", |p: i64, n: i64| {
        with(|g, _| Ok(array(player(p).map(|p| g.reveal_top(p, count(n))).unwrap_or_default())))
    });
    e.register_fn("put_into_hand", |cards: Array| {
        let cards = ids(cards);
        with(move |g, c| g.put_one_into_hand(c, &cards))
    });
    e.register_fn("banish_top", |p: i64| {
        with(|g, _| Ok(player(p).map_or(Ok(None), |p| g.banish_top(p))?.map_or(-1, |o| o.0 as i64)))
    });
    e.register_fn("delay", |name: &str, x: i64| {
        let name = name.to_string();
        with(move |g, c| {
            g.delay_trigger(c, &name, id(x));
            Ok(())
        })
    });
    e.register_fn("killed_might", |spec: i64| with(|g, c| Ok(g.killed_might(c, spec as usize).map_or(-1, i64::from))));
    e.register_fn("banish_and_play", |looked: Array, might: i64, more: i64, optional: bool| {
        let looked = ids(looked);
        with(move |g, c| g.banish_and_play(c, &looked, delta(might).into(), delta(more).into(), optional))
    });
    // With no Might limit.
    e.register_fn("banish_and_play", |looked: Array, optional: bool| {
        let looked = ids(looked);
        with(move |g, c| g.banish_and_play(c, &looked, -2, 0, optional))
    });
    e.register_fn("recycle_cards", |cards: Array| {
        let cards = ids(cards);
        with(move |g, c| g.recycle_cards(c, &cards))
    });
    e.register_fn("play_spell_from_trash", |optional: bool| {
        with(|g, c| Ok(g.play_spell_from_trash(c, optional)?.map_or(-1, |o| o.0 as i64)))
    });
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

/// Object ids of a Rhai array (as the host functions returned them).
fn ids(a: rhai::Array) -> Vec<ObjId> {
    a.into_iter().filter_map(|x| x.as_int().ok()).filter_map(id).collect()
}

/// Runs an instruction on one object; "none" (-1) does nothing (356.3.e.6).
fn on_object(x: i64, f: impl FnOnce(&mut Game, &HookCall, ObjId)) -> Result<(), Box<rhai::EvalAltResult>> {
    with(|g, c| {
        if let Some(o) = id(x) {
            f(g, c, o);
        }
        Ok(())
    })
}
