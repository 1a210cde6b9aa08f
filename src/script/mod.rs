//! The Rhai host. Card bodies compiled by the card language are Rhai functions; they change the
//! game only by calling the host functions registered here, each of which calls one kernel
//! function (so every change goes through the kernel and shows in the trace and event log).
//!
//! Untrusted input: one engine per thread built from `Engine::new_raw` (no file, module or
//! network access; `eval` disabled) with limits on operations, call depth, expression depth
//! and string, array and map sizes. A script error or a limit becomes `Stop::ScriptError`
//! naming the card, its file and line; never a panic or a hang. Compiled scripts are cached per
//! thread by their source.

use crate::kernel::{ObjId, PlayerId, Stop};
use crate::riftbound::abilities::TargetSpec;
use crate::riftbound::decision::Decision;
use crate::riftbound::state::{Game, R};
use rhai::{AST, Array, CallFnOptions, Dynamic, Engine, EvalAltResult, Scope};
use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

mod host;

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
}

/// One running body. The game pointer is valid for exactly as long as the frame is on the stack:
/// `run` sets it from the `&mut Game` it was given and pops it before returning.
struct Frame {
    game: *mut Game,
    call: HookCall,
    stop: Option<Stop<Decision>>,
    /// Targets per spec as checked when the body first used them (356.3.e).
    checked: HashMap<usize, Vec<ObjId>>,
    /// Where the event log stood as the body began: what it did is what follows ("this way").
    events_from: usize,
}

thread_local! {
    static ENGINE: Engine = host::engine();
    static CONSTANTS: Scope<'static> = host::constants();
    static CACHE: RefCell<HashMap<u64, Rc<AST>>> = RefCell::new(HashMap::new());
    static FRAMES: RefCell<Vec<Frame>> = const { RefCell::new(Vec::new()) };
}

/// Limits for untrusted scripts.
pub const MAX_OPERATIONS: u64 = 200_000;
pub const MAX_CALL_LEVELS: usize = 32;

/// Compiles (or fetches from the cache) a card's script, with the instruction set's typed
/// constants in scope (`UNITS`, `ENEMY`, `SHIELD`, `THIS_TURN`, ...).
pub fn compile(source: &str) -> Result<Rc<AST>, String> {
    let key = hash(source);
    if let Some(ast) = CACHE.with(|c| c.borrow().get(&key).cloned()) {
        return Ok(ast);
    }
    let ast =
        CONSTANTS.with(|scope| ENGINE.with(|e| e.compile_with_scope(scope, source))).map_err(|e| e.to_string())?;
    let ast = Rc::new(ast);
    CACHE.with(|c| c.borrow_mut().insert(key, ast.clone()));
    Ok(ast)
}

fn hash(s: &str) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    s.hash(&mut h);
    h.finish()
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
    let ast = compile(script)
        .map_err(|e| Stop::ScriptError(format!("{card} (line {line}): the script does not compile: {e}")))?;
    set_bounds(game);
    let events_from = game.events.len();
    FRAMES.with(|f| {
        f.borrow_mut().push(Frame { game: game as *mut Game, call, stop: None, checked: HashMap::new(), events_from })
    });
    let result = ENGINE.with(|e| {
        let options = CallFnOptions::new().eval_ast(false).rewind_scope(true);
        e.call_fn_with_options::<Dynamic>(options, &mut Scope::new(), &ast, func, ())
    });
    let frame = FRAMES.with(|f| f.borrow_mut().pop()).expect("the frame pushed above");
    if let Some(stop) = frame.stop {
        return Err(stop);
    }
    result.map_err(|e| Stop::ScriptError(format!("{card} (line {line}): {e}")))
}

/// Gives a host function the game and its frame's context. Kernel stops (a decision to ask, a
/// nested script error) are kept on the frame and unwind the script.
fn with<T>(f: impl FnOnce(&mut Game, &HookCall) -> R<T>) -> Result<T, Box<EvalAltResult>> {
    let (ptr, call) = FRAMES.with(|fr| {
        let fr = fr.borrow();
        let top = fr.last().expect("host functions run inside a hook");
        (top.game, top.call.clone())
    });
    // SAFETY: `run` holds the only `&mut Game` this pointer came from, and does not use it while
    // the script runs; the pointer is popped before `run` returns.
    let game = unsafe { &mut *ptr };
    set_bounds(game);
    let result = f(game, &call);
    set_bounds(game);
    match result {
        Ok(v) => Ok(v),
        Err(stop) => {
            FRAMES.with(|fr| {
                if let Some(top) = fr.borrow_mut().last_mut() {
                    top.stop = Some(stop);
                }
            });
            Err("stopped".into())
        }
    }
}

/// 356.3.e: the still-legal targets of spec `i`, checked once per resolving body, as it first
/// uses them. Later instructions see the same objects, even after an earlier instruction changed
/// them ("Kill a unit at a battlefield. Its controller draws 2.": the dead unit's controller).
/// The event log's length as the running body began.
fn body_events_from() -> usize {
    FRAMES.with(|f| f.borrow().last().map_or(0, |top| top.events_from))
}

fn checked_targets(i: usize) -> Result<Vec<ObjId>, Box<EvalAltResult>> {
    let known = FRAMES.with(|f| f.borrow().last().and_then(|top| top.checked.get(&i).cloned()));
    if let Some(t) = known {
        return Ok(t);
    }
    let t = with(|g, c| g.legal_targets(c, i))?;
    FRAMES.with(|f| {
        if let Some(top) = f.borrow_mut().last_mut() {
            top.checked.insert(i, t.clone());
        }
    });
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
