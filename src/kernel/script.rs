//! The script sandbox: runs a game's card scripts (Rhai functions) against the game. It knows no
//! game: the game gives it the functions scripts may call (its host package, registered on the
//! engine) and the constants scripts are compiled with, and each host function reaches the game
//! and the running body's context through [`with_game`] and [`context`].
//!
//! Untrusted input: each sandbox's engine is built from `Engine::new_raw` (no file, module or
//! network access; `eval` disabled) with limits on operations, call depth, expression depth
//! and string, array and map sizes. A script error or a limit becomes `Stop::ScriptError`
//! naming the card and its line; never a panic or a hang. Compiled scripts are cached per
//! sandbox (see [`Sandbox::compile`]); a game keeps one sandbox per thread (in a `thread_local!`).

use super::Stop;
use rhai::packages::Package;
use rhai::{AST, CallFnOptions, Dynamic, Engine, EvalAltResult, Scope};
use std::any::{Any, TypeId};
use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::rc::Rc;

/// Limits for untrusted scripts.
pub const MAX_OPERATIONS: u64 = 200_000;
/// Operations all of one game's scripts may use together. Each call's own limit bounds one hook,
/// not a game whose hooks keep growing (a chain that re-triggers itself, a flood of tokens or
/// strings, each call well inside its limit): such a game ends with a named error instead of
/// running for minutes. A whole precon game uses a few thousand.
pub const MAX_OPERATIONS_PER_GAME: u64 = 20_000_000;

/// A game whose scripts the sandbox runs: it keeps how many operations they have used.
pub trait Scripted: 'static {
    fn script_operations(&mut self) -> &mut u64;
}
pub const MAX_CALL_LEVELS: usize = 32;
/// How deep bodies may run inside bodies (a host call whose rules run another card's body: a
/// replacement effect replacing the death a body caused, ...). A card that keeps re-arming
/// itself would otherwise recurse until the native stack overflows and the process aborts.
pub const MAX_NESTED_BODIES: usize = 8;

/// A sandboxed engine with a game's host package, the constants every script is compiled with,
/// and the cache of compiled scripts.
pub struct Sandbox {
    engine: Engine,
    constants: Scope<'static>,
    /// Every script compiled so far, by its source's hash.
    cache: RefCell<HashMap<u64, Compiled>>,
    /// The scripts recently run, by where their source lives ([`slot`]): a card's script stays at
    /// one address in its card database, so a hook finds its AST without hashing the source.
    recent: RefCell<Vec<Option<Compiled>>>,
}

/// A compiled script and the source it was compiled from.
#[derive(Clone)]
struct Compiled {
    source: Rc<str>,
    ast: Rc<AST>,
}

/// How many scripts [`Sandbox::recent`] holds: more than the cards of any run's decks.
const RECENT: usize = 1024;

/// The entry of [`Sandbox::recent`] for a source at this address.
fn slot(source: &str) -> usize {
    // Sources are heap strings at least 8-byte aligned; the bits above spread them.
    (source.as_ptr() as usize >> 3) % RECENT
}

/// One running body. The game and context pointers are valid for exactly as long as the frame is
/// on the stack: [`Sandbox::run`] sets them from the `&mut G` it was given and the context it
/// keeps on its own stack (not boxed: one allocation less per hook), and pops the frame before
/// returning. The game's type is kept to check the pointer is read back as what it is.
struct Frame {
    game: *mut (),
    game_type: TypeId,
    /// What the game passed to [`Sandbox::run`] for this body (what it needs besides the game).
    context: *mut dyn Any,
    /// A `Stop<D>` a host function returned: it unwinds the script and is returned by `run`.
    stop: Option<Box<dyn Any>>,
}

thread_local! {
    static FRAMES: RefCell<Vec<Frame>> = const { RefCell::new(Vec::new()) };
    /// The running call's operations so far, and how many it may use before the game's budget
    /// is spent (saved and restored around a body run inside a host call).
    static OPERATIONS: Cell<(u64, u64)> = const { Cell::new((0, 0)) };
}

impl Sandbox {
    /// A sandbox whose engine has the standard package, the limits, and what `register` adds
    /// (the game's types and host functions); scripts are compiled with `constants` in scope.
    pub fn new(register: impl FnOnce(&mut Engine), constants: Scope<'static>) -> Sandbox {
        let mut e = Engine::new_raw();
        e.register_global_module(rhai::packages::StandardPackage::new().as_shared_module());
        e.set_max_operations(MAX_OPERATIONS);
        e.set_max_call_levels(MAX_CALL_LEVELS);
        e.set_max_expr_depths(64, 32);
        e.set_max_string_size(10_000);
        e.set_max_array_size(10_000);
        e.set_max_map_size(1_000);
        e.set_max_functions(512);
        e.disable_symbol("eval");
        e.on_progress(|ops| {
            let (_, limit) = OPERATIONS.get();
            OPERATIONS.set((ops, limit));
            (ops > limit).then_some(Dynamic::UNIT)
        });
        e.set_strict_variables(true);
        register(&mut e);
        Sandbox { engine: e, constants, cache: RefCell::new(HashMap::new()), recent: RefCell::new(vec![None; RECENT]) }
    }

    /// The name of every function a script can call: the host package's and Rhai's standard
    /// package's (operators included), so a check can reject a call of a function that is not
    /// there before a game reaches it.
    pub fn function_names(&self) -> std::collections::BTreeSet<String> {
        self.engine
            .gen_fn_signatures(true)
            .iter()
            .filter_map(|s| s.split('(').next())
            .map(|name| name.trim().trim_start_matches("fn ").to_string())
            .collect()
    }

    /// Compiles (or fetches from the cache) a script, with the sandbox's constants in scope.
    ///
    /// A hook runs a card's script, which lives at one address for as long as its card database
    /// does: the script recently run from this address is found without hashing the source
    /// (what every hook call did before, a few instructions per byte of a card's whole script).
    /// Its source is compared with the one asked for (another script may have been run from
    /// an address that falls on the same entry, or a database dropped and another allocated in
    /// its place may put a different script there), which costs a fraction of hashing; a miss
    /// hashes the source and finds or compiles it, and takes the address's entry.
    pub fn compile(&self, source: &str) -> Result<Rc<AST>, String> {
        let at = slot(source);
        let mut recent = self.recent.borrow_mut();
        if let Some(c) = &recent[at]
            && *c.source == *source
        {
            return Ok(c.ast.clone());
        }
        let key = hash(source);
        let known = self.cache.borrow().get(&key).cloned();
        let compiled = match known {
            Some(c) => c,
            None => {
                let ast = self.engine.compile_with_scope(&self.constants, source).map_err(|e| e.to_string())?;
                let c = Compiled { source: source.into(), ast: Rc::new(ast) };
                self.cache.borrow_mut().insert(key, c.clone());
                c
            }
        };
        let ast = compiled.ast.clone();
        recent[at] = Some(compiled);
        Ok(ast)
    }

    /// Runs function `func` of `script` (card `card`'s, written at `line`) on `game`, with
    /// `context` for the host functions it calls. A stop a host function returned (a decision to
    /// ask, a nested script error) is returned as is, a script error named by the card and line
    /// (unless it names them already); a script error or a limit becomes `Stop::ScriptError`
    /// naming the card and its line. The operations the call used are
    /// charged to the game ([`MAX_OPERATIONS_PER_GAME`]); a body run inside this one's host call
    /// charges its own, so the budget can be overrun by at most one call per nesting level.
    pub fn run<G: Scripted, C: 'static, D: 'static>(
        &self,
        game: &mut G,
        context: C,
        script: &str,
        func: &str,
        card: &str,
        line: usize,
    ) -> Result<Dynamic, Stop<D>> {
        let ast = self
            .compile(script)
            .map_err(|e| Stop::ScriptError(format!("{card} (line {line}): the script does not compile: {e}")))?;
        let options = CallFnOptions::new().eval_ast(false).rewind_scope(true);
        framed(game, context, card, line, true, || {
            self.engine.call_fn_with_options::<Dynamic>(options, &mut Scope::new(), &ast, func, ())
        })
    }

    /// Runs `body` as [`Sandbox::run`] runs a script's function, on the same kind of frame (its
    /// context, its game, the nesting limit, stops and errors named alike), without Rhai: for a
    /// body whose every step is a host function the caller can call directly. It neither uses
    /// nor needs the game's budget of operations (it can't loop).
    pub fn run_native<G: Scripted, C: 'static, D: 'static>(
        &self,
        game: &mut G,
        context: C,
        card: &str,
        line: usize,
        body: impl FnOnce() -> Result<Dynamic, Box<EvalAltResult>>,
    ) -> Result<Dynamic, Stop<D>> {
        framed(game, context, card, line, false, body)
    }
}

/// Runs `body` on a new frame for `game` and `context`: what [`Sandbox::run`] and
/// [`Sandbox::run_native`] share. Only a Rhai body (`rhai`) counts operations.
fn framed<G: Scripted, C: 'static, D: 'static>(
    game: &mut G,
    mut context: C,
    card: &str,
    line: usize,
    rhai: bool,
    body: impl FnOnce() -> Result<Dynamic, Box<EvalAltResult>>,
) -> Result<Dynamic, Stop<D>> {
    if FRAMES.with(|f| f.borrow().len()) >= MAX_NESTED_BODIES {
        return Err(Stop::ScriptError(format!(
            "{card} (line {line}): bodies nested more than {MAX_NESTED_BODIES} deep (an effect that keeps \
             setting itself off within one action)"
        )));
    }
    // Only a Rhai body needs the budget (a native one can't loop).
    let left = if rhai { MAX_OPERATIONS_PER_GAME.saturating_sub(*game.script_operations()) } else { 1 };
    let budget_spent = || {
        Stop::ScriptError(format!(
            "{card} (line {line}): budget: this game's scripts have used all {MAX_OPERATIONS_PER_GAME} \
             operations (effects that keep growing)"
        ))
    };
    if left == 0 {
        return Err(budget_spent());
    }
    let outer = rhai.then(|| OPERATIONS.replace((0, left)));
    FRAMES.with(|f| {
        f.borrow_mut().push(Frame {
            game: (game as *mut G).cast::<()>(),
            game_type: TypeId::of::<G>(),
            context: &mut context as &mut dyn Any,
            stop: None,
        })
    });
    let result = body();
    let frame = FRAMES.with(|f| f.borrow_mut().pop()).expect("the frame pushed above");
    if let Some(outer) = outer {
        let (used, _) = OPERATIONS.replace(outer);
        *game.script_operations() += used;
    }
    if let Some(stop) = frame.stop {
        return Err(match *stop.downcast::<Stop<D>>().expect("host functions stop with the game's decisions") {
            // A move the rules forbid names the card and line of the body whose host call
            // made it (a nested body's error, named already, gets this body's before it).
            // Formatted here, on the error, not for every body that runs.
            Stop::ScriptError(m) => {
                let at = format!("{card} (line {line})");
                Stop::ScriptError(if m.starts_with(&at) { m } else { format!("{at}: {m}") })
            }
            other => other,
        });
    }
    result.map_err(|e| match *e {
        EvalAltResult::ErrorTerminated(..) => budget_spent(),
        e => Stop::ScriptError(format!("{card} (line {line}): {e}")),
    })
}

fn hash(s: &str) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    s.hash(&mut h);
    h.finish()
}

/// Gives a host function the game of the running body. Kernel stops (a decision to ask, a
/// nested script error) are kept on the frame and unwind the script.
pub fn with_game<G: 'static, D: 'static, T>(
    f: impl FnOnce(&mut G) -> Result<T, Stop<D>>,
) -> Result<T, Box<EvalAltResult>> {
    let ptr = FRAMES.with(|fr| {
        let fr = fr.borrow();
        let top = fr.last().expect("host functions run inside a hook");
        assert_eq!(top.game_type, TypeId::of::<G>(), "the running body's game is a {}", std::any::type_name::<G>());
        top.game.cast::<G>()
    });
    // SAFETY: `run` holds the only `&mut G` this pointer came from, and does not use it while
    // the script runs; the pointer is popped before `run` returns. The type was checked above.
    let game = unsafe { &mut *ptr };
    match f(game) {
        Ok(v) => Ok(v),
        Err(stop) => {
            FRAMES.with(|fr| {
                if let Some(top) = fr.borrow_mut().last_mut() {
                    top.stop = Some(Box::new(stop));
                }
            });
            Err("stopped".into())
        }
    }
}

/// Runs `f` on the running body's context (what the game passed to [`Sandbox::run`]); `None`
/// outside a body. The frame stack is borrowed while `f` runs: `f` must not run a script.
pub fn context<C: 'static, T>(f: impl FnOnce(&mut C) -> T) -> Option<T> {
    FRAMES.with(|fr| {
        fr.borrow_mut().last_mut().map(|top| {
            // SAFETY: `run` keeps the context alive and unused while the frame is on the stack,
            // and this is the only reference made from the pointer while `f` runs (the frame
            // stack is borrowed).
            let c = unsafe { &mut *top.context }.downcast_mut::<C>();
            f(c.unwrap_or_else(|| panic!("the running body's context is a {}", std::any::type_name::<C>())))
        })
    })
}
