//! What abilities *do*: the card language's one instruction set. The grammar lowers a card's
//! instructions to these values (`crate::dsl`); the Rhai hook of each ability is generated from
//! them (`crate::dsl::codegen`); the host package the hooks call takes the same types, and its
//! verbs' table (`riftbound::host`) says which host function each instruction calls and which
//! kernel handler that runs (`instructions.rs`, one per family).
//!
//! Every value prints back as rules text (`text.rs`) and serialises (serde) for tools.

use super::filter::{Intent, UnitFilter};
use super::{Condition, PlayTo, TriggerCategory};
use crate::riftbound::costs::{Cost, OtherCost};
use crate::riftbound::layers::{Duration, Keyword};
use crate::riftbound::scoring::ScoreMethod;
use serde::Serialize;

/// One instruction of an ability (151: a spell's or ability's instructions, in order).
#[derive(Clone, Debug, PartialEq, Serialize, serde::Deserialize)]
pub enum Effect {
    /// The same instructions for each object of a collection ("each", "all", several targets),
    /// with [`Obj::Each`] standing for the current one.
    ForEach(Objs, Vec<Effect>),
    /// "Each player draws 1", "each opponent discards 1": the same instructions for each of
    /// those players, in turn order, with [`Who::Each`] standing for the current one.
    EachPlayer(Players, Vec<Effect>),
    /// "If ..., X" / "you may X" / "Otherwise, Y".
    If { test: Test, then: Vec<Effect>, otherwise: Vec<Effect> },
    /// Keeps what an instruction answers (the cards looked at, the card discarded, whether it was
    /// done) for the instructions after it.
    Let(Var, Box<Effect>),
    /// Keeps what an instruction answers together with what it answered before, in a loop over
    /// players ("Each opponent reveals the top card of their Main Deck": the cards of them all;
    /// "each player ... banishes one of them": every card banished so, "those cards").
    Append(Var, Box<Effect>),
    /// "For each buff spent, X": the instructions as many times as the amount says.
    Repeat(Amount, Vec<Effect>),
    /// A replacement body's answer: whether it applied (364; a declined payment did not).
    Answer(bool),
    /// 408: "Deal N to X".
    Deal { amount: Amount, to: Obj },
    /// 352.14: "Deal N damage split among ..." the targets of spec `spec`.
    DealSplit { amount: u32, spec: usize },
    /// "They deal damage equal to their Might to each other."
    Fight(Obj, Obj),
    /// 400: "Draw N".
    Draw { who: Who, amount: Amount },
    /// An action on one object ([`Act`]).
    Act(Act, Obj),
    /// "Give X +N [M] / [Keyword] (this turn)", "X's Might becomes N": a continuous effect on one
    /// object (450).
    Give { to: Obj, grant: Grant, until: Duration },
    /// "Double X's Might this turn": X gets +N [M], N an amount (its Might) counted once as this
    /// resolves (432.1.a of the later Core Rules, docs/rulings.md; arithmetic layer, 450.3).
    GiveMightOf { to: Obj, amount: Amount, until: Duration },
    /// "Swap the Might of two units at the same battlefield this turn": each gets the difference
    /// between the other's Might and its own, both counted as this resolves (arithmetic layer,
    /// 450.3; docs/rulings.md), so their Mights are exchanged.
    SwapMight { units: Objs, until: Duration },
    /// "give another friendly unit my keywords this turn": each keyword `from` has as this
    /// resolves, with its value (716-733), given to `to` (the ability layer, 450.2).
    GiveKeywordsOf { to: Obj, from: Obj, until: Duration },
    /// 352.3: moves a unit to the destination chosen for it (target spec `spec`).
    MoveToChosen { unit: Obj, spec: usize },
    /// "Move any number of your units to an open battlefield": each of them to the one
    /// destination chosen as spec `spec` (352.3), checked once.
    MoveAllToChosen { units: Objs, spec: usize },
    /// "[Burn N]" (rule 002, its reminder text): the top N cards of their Main Deck go to their
    /// trash, burning out if it runs out (418.1.b).
    Burn { who: Who, amount: u32 },
    /// "activate the conquer effects of units here" (376.4.b): the triggered abilities of the
    /// category (376.4) of the objects the filter names go on the chain as pending items, as if
    /// they had triggered (376.3).
    ActivateEffects { category: TriggerCategory, of: UnitFilter },
    /// "[Predict N]" (rule 002, its reminder text): look at the top N cards of their Main Deck,
    /// recycle any of them and put the rest back in any order.
    Predict { who: Who, amount: u32 },
    /// "Prevent the next N damage that would be dealt to X this turn" (rule 002; the later Core
    /// Rules' Prevent, docs/rulings.md).
    PreventNext { unit: Obj, amount: u32 },
    /// "The next time X would be dealt damage this turn, prevent it" (rule 002): X's next damage
    /// this turn is not dealt, whatever its amount.
    PreventNextTime(Obj),
    /// 409: "Discard N" (answers the last card discarded).
    Discard { who: Who, amount: u32 },
    /// 409: "discards their hand": every card in it.
    DiscardHand(Who),
    /// 403.3: "Recycle N from your trash".
    RecycleFromTrash { who: Who, amount: u32 },
    /// 170-178: "Play N [ready] token units [here / in your base]".
    PlayTokens { who: Who, token: Token, count: u32, ready: bool, place: Place },
    /// 416: "[Add] RESOURCES [. Use only to play spells.]".
    Add { who: Who, resources: Cost, spells_only: bool },
    /// 416: "[Add] that much Energy", "[Add] that much [A]": `each` as many times as the amount
    /// (what "Pay any amount of ... to" before it paid).
    AddTimes { who: Who, each: Cost, times: Amount },
    /// 441: "You score N points".
    Score { who: Who, points: u32 },
    /// "Gain N XP" (Core Rules 1.3, section 728).
    GainXp { who: Who, amount: Amount },
    /// 445: "You win the game".
    Win(Who),
    /// "Take a turn after this one".
    ExtraTurn(Who),
    /// 417: "Channel N rune(s) [exhausted]" (answers whether all N were channeled).
    Channel { who: Who, amount: u32, exhausted: bool },
    /// A rule for the rest of this turn ([`TurnRule`]).
    ThisTurn(TurnRule),
    /// 352.10.e: "Each player kills one of their units / gear": each player chooses one of these
    /// objects they control.
    EachPlayerKillsOne(Objs),
    /// "Opponents can't play cards this turn", "Its controller can't play spells this turn"
    /// (054: can't beats can): the player can't play cards (`spells_only`: spells) this turn.
    CantPlay { who: Who, spells_only: bool },
    /// "They can't move it this turn" (054: can't beats can): the player can't move the unit,
    /// by their standard move (141) or their spells and abilities (423), this turn.
    CantMove { who: Who, unit: Obj },
    /// 406.3: "play me (from your trash)", its cost paid by the payment before it.
    PlayMeFromTrash,
    /// "play me for [A]": the card is played from where it is now (its own object after any
    /// zone change since, 406.3) as this resolves, its cost replaced by this one (rule 002).
    PlayMeFor(super::super::costs::Cost),
    /// 733.1.b: [Vision], printed (the card's own ability) or given (the kernel's,
    /// `triggers.rs`); both described by [`VISION_TEXT`].
    Vision,
    /// SFD-421: "Attach X to Y" ([Equip], SFD-744.1.c.2; [Quick-Draw], SFD-745.1.d).
    Attach { card: Obj, to: Obj },
    /// SFD-422.3: "Detach an Equipment from X": its controller chooses which.
    DetachFrom(Obj),
    /// SFD-421: "attach one of its Equipment to me": the ability's controller chooses, as this
    /// resolves, one of the cards attached to `from` that `cards` names (as SFD-422.3's "detach an
    /// Equipment from it" chooses), and attaches it to `to`.
    AttachOneOf { from: Obj, cards: UnitFilter, to: Obj },
    /// "You control it until I leave the board" (182, 450.1.a): the ability's controller controls
    /// the object for as long as the ability's source stays on the board.
    ControlWhileOnBoard(Obj),
    /// SFD-747.1.c: [Weaponmaster].
    Weaponmaster,
    /// 383.3: "The next time X would die this turn, ... instead": arms delayed replacement
    /// `body` on the unit.
    ReplaceNextDeath { unit: Obj, body: String },
    /// 380-381: "do this: ..." puts reflexive ability `body` on the chain; `it`: the object the
    /// instructions before it named last ("Move an enemy unit. Then do this: ... its
    /// destination"), which the reflexive ability remembers as its "it" (`Obj::ThatUnit`).
    Reflexive { body: String, it: Option<Obj> },
    /// 380.3: "If this kills it, do this: ..." once the unit has died; the reflexive ability's
    /// "it" is that unit.
    ReflexiveIfKilled { body: String, unit: Obj },
    /// 383.2: sets up delayed trigger `body`, remembering `it`.
    Delay { body: String, it: Option<Obj> },
    /// 423: "move a friendly unit to that enemy unit's battlefield", "I may be moved with it",
    /// "move your unit there": `unit` moves to where `to` is (a battlefield object: that
    /// battlefield, 053.3); `battlefield`: only if that is a battlefield.
    MoveTo { unit: Obj, to: Obj, battlefield: bool },
    /// "Swap my location with its".
    SwapPlaces(Obj, Obj),
    /// "Look at the top N cards of your Main Deck" (answers them).
    LookTop { who: Who, amount: u32 },
    /// 418: "Reveal the top N cards of your Main Deck" (answers them).
    RevealTop { who: Who, amount: u32 },
    /// "Reveal the top card of your Main Deck" (411): answers it, "it" for what follows ("If it's
    /// a spell, ... Otherwise, ..."); none with an empty deck.
    RevealTopCard(Who),
    /// 411: "Reveal the top rune of your rune deck": answers it, "it" for what follows; none with
    /// an empty rune deck.
    RevealTopRune(Who),
    /// "Do one of the following based on its domain:" (182.2.b): the mode, among `bodies`, whose
    /// domain letter in `domains` (same order) is a domain of `of`'s card, done as this resolves
    /// with its targets chosen then; none if no mode's domain is one of its.
    ByDomain { of: Obj, domains: Vec<String>, bodies: Vec<String> },
    /// 411.3: "Reveal cards from the top of your Main Deck until you reveal a unit": one at a
    /// time from the top until a card of the filter's kinds is revealed, or the deck is all
    /// revealed (answers every card revealed, top first; they stay in the deck, 411.1.a.2).
    RevealUntil { who: Who, filter: UnitFilter },
    /// The first of the cards an earlier instruction answered that is of the filter's kinds (the
    /// card "until you reveal a unit" found: "it"), or none.
    FirstOf { among: Objs, filter: UnitFilter },
    /// "Put one into your hand" (from cards revealed).
    PutOneIntoHand(Objs),
    /// "Recycle the rest / the other" (cards looked at).
    RecycleCards(Objs),
    /// "Draw any you didn't banish" (400.1): the cards looked at still in the Main Deck.
    DrawCards(Objs),
    /// "You may recycle one or both of them": those of the cards looked at that the controller
    /// chooses, any number (403).
    RecycleAny(Objs),
    /// "Put the rest back in any order": the cards looked at still on top of the Main Deck, in
    /// the order the controller chooses.
    PutBackInAnyOrder(Objs),
    /// 414: "Banish the top card of your Main Deck" (answers it).
    BanishTop(Who),
    /// 414: "[each player] banishes one of them", "[you may] banish one": `who` chooses one of
    /// the cards (looked at, still in a Main Deck) and banishes it; `optional`: or none (answers
    /// the card banished, or none).
    BanishOne { who: Who, from: Objs, optional: bool },
    /// "spend any number of buffs" (702.2.b): the controller pays the cost as many times as they
    /// choose, none included, each time anew (answers how many times: [`Amount::Paid`]).
    PayAnyNumber(OtherCost),
    /// 352.10.c.1: "Pay any amount of [A] to X": the controller pays the resource as many times as
    /// they choose and can, none included (answers how many times: "that much", [`Amount::Paid`]).
    PayAnyAmount(Cost),
    /// "You may banish one from among them and play it [with Might up to the killed unit's +N]".
    /// `reduced_by`: `None` ignores its cost (353.1); `Some(N)` reduces its Energy cost by N
    /// ("reducing its cost by [5]", 353.4).
    BanishAndPlay { from: Objs, max_might: Option<KilledMight>, optional: bool, reduced_by: Option<u32> },
    /// 346 / 353.1: "Play a unit from your trash, ignoring its [Energy] cost", "its owner plays it
    /// to their base, ignoring its cost": the card (from a trash, or the banishment it was just
    /// banished to) is played by `who` as this resolves, the costs named ignored; `to_base`: a
    /// unit is played to their base (352.2).
    PlayCard { who: Who, card: Obj, ignore_energy: bool, ignore_power: bool, to_base: bool },
    /// 352.10.a / 353.4.b: "play a Mech from your trash. Reduce its Energy cost by AMOUNT": the
    /// card is played by `who` as this resolves, its Energy cost reduced by the amount counted
    /// then (353.5: never below 0), the rest of its cost paid as usual.
    PlayCardReduced { who: Who, card: Obj, by: Amount },
    /// 352.2: "If it's a unit, play it here": the unit an instruction before is playing goes to
    /// the source's location instead of one its player chooses.
    PlayHere(Obj),
    /// 352.2: "its owner plays it to the same location": the unit `card` (being played by an
    /// instruction before, 351.3) goes to the location `unit` was at as it left the board.
    PlayWhereItWas { card: Obj, unit: Obj },
    /// 352.2: "its owner plays it to any battlefield": the unit (being played by an instruction
    /// before, 351.3) goes to a battlefield its player chooses, any of them.
    PlayToBattlefield(Obj, PlayTo),
    /// 411: "They reveal their hand" (answers the cards revealed, which stay in the hand).
    RevealHand(Who),
    /// "Choose a [non-unit] card from it": the ability's controller chooses one of the cards an
    /// earlier instruction answered that the filter's kinds name (answers it: "that card").
    ChooseCard { from: Objs, filter: UnitFilter },
    /// "each player may return a unit to its owner's hand": `who` chooses one object the filter
    /// names (relative to them) as this resolves, not a target (352.9); `optional`: they may
    /// choose none; `except`: "another" after an event about a unit ("they may move another unit
    /// they control here"), not that unit. Answers it (or none).
    PlayerChooses { who: Who, filter: UnitFilter, optional: bool, except: Option<Obj> },
    /// 352.9: "Each other player chooses Cards or Runes": each of the players, in turn order,
    /// chooses one of the named options as this resolves. Answers, for each option, the players
    /// who chose it ([`Players::Chose`]).
    PlayersChooseOption { who: Players, options: Vec<String> },
    /// 352.9 / 352.10.e: "Starting with the next player, each other player chooses a unit you
    /// don't control [that hasn't been chosen for this spell]": each of the players, in turn
    /// order, chooses one object the filter names (relative to the ability's controller, who is
    /// "you"), not a target; `distinct`: none an earlier player chose. Answers the chosen ones
    /// ("those units").
    PlayersChoose { who: Players, filter: UnitFilter, distinct: bool },
    /// 352.9: "Each player chooses 2 units, 2 gear, 2 runes, and 2 cards in their hands": each
    /// of the players, in turn order, chooses that many of their own objects of each kind (the
    /// filter relative to them; `in_hand`: cards in their hand), all of them if they have no
    /// more. Answers the rest: their objects of those kinds not chosen ("Recycle the rest").
    PlayersKeep { who: Players, picks: Vec<Pick> },
    /// 403: "Recycle the rest": these objects, wherever they are, recycled at once (403.5:
    /// Main Deck cards in a random order; 403.5.a: runes in their owner's order).
    RecycleAll(Objs),
}

/// One kind of object each player chooses some of ([`Effect::PlayersKeep`]).
#[derive(Clone, Debug, PartialEq, Serialize, serde::Deserialize)]
pub struct Pick {
    pub count: u32,
    pub filter: UnitFilter,
    pub in_hand: bool,
}

/// One argument of a host call, typed: the generator writes each kind one way (an object as its
/// expression, a keyword as its constant, a body name as a string). Which instruction calls
/// which host function with which arguments is the verbs' table of `riftbound::host`.
#[derive(Clone, Debug, PartialEq)]
pub enum Arg<'a> {
    Obj(&'a Obj),
    /// "none" (-1): an object slot left empty.
    NoObj,
    Objs(&'a Objs),
    /// Which objects: a filter's constants (`SPELLS | GEAR`).
    Filter(&'a UnitFilter),
    Who(&'a Who),
    Amount(&'a Amount),
    Int(i64),
    Bool(bool),
    Keyword(Keyword),
    Duration(Duration),
    /// A token, as its card id in the card pool.
    Token(&'a Token),
    Place(Place),
    PlayTo(PlayTo),
    Cost(&'a Cost),
    /// The name of one of the card's bodies (a reflexive ability, a delayed effect).
    Body(&'a str),
    /// Players an instruction names ("each other player"), as the array of their ids.
    Players(&'a Players),
    /// Named options ("Cards or Runes"), as an array of strings.
    Words(&'a [String]),
    /// What each player chooses some of: `[[count, filter, in_hand], ...]`.
    Picks(&'a [Pick]),
    /// The Might target spec N had as this ability killed it (`killed_might(N)`).
    KilledMight(usize),
    /// A cost other than Energy and Power, as its constant (`SPEND_A_BUFF`).
    OtherCost(&'a OtherCost),
}

/// A value an instruction hands its host function, as the argument the generator writes for it
/// (the verbs' table in `riftbound::host` pairs each instruction with its arguments).
pub trait ToArg<'a> {
    fn arg(self) -> Arg<'a>;
}

impl<'a> ToArg<'a> for Arg<'a> {
    fn arg(self) -> Arg<'a> {
        self
    }
}

/// Values the generator writes by reference (an object, a player, an expression, a body's name).
macro_rules! to_arg_by_reference {
    ($($t:ty => $v:ident),* $(,)?) => {$(
        impl<'a> ToArg<'a> for &'a $t {
            fn arg(self) -> Arg<'a> {
                Arg::$v(self)
            }
        }
    )*};
}

to_arg_by_reference!(Obj => Obj, Objs => Objs, UnitFilter => Filter, Who => Who, Amount => Amount, Cost => Cost, String => Body, Token => Token, Players => Players, Vec<String> => Words, Vec<Pick> => Picks, OtherCost => OtherCost);

/// An optional object: "none" (-1) when absent.
impl<'a> ToArg<'a> for Option<&'a Obj> {
    fn arg(self) -> Arg<'a> {
        self.map_or(Arg::NoObj, Arg::Obj)
    }
}

/// Values the generator writes as literals or constants.
macro_rules! to_arg_by_value {
    ($($t:ty => $v:ident $(as $conv:ty)?),* $(,)?) => {$(
        impl<'a> ToArg<'a> for &'a $t {
            fn arg(self) -> Arg<'a> {
                Arg::$v((*self) $(as $conv)?)
            }
        }
    )*};
}

to_arg_by_value!(
    u32 => Int as i64, i32 => Int as i64, usize => Int as i64, bool => Bool,
    Keyword => Keyword, Duration => Duration, Place => Place, PlayTo => PlayTo,
);

impl<'a> ToArg<'a> for i64 {
    fn arg(self) -> Arg<'a> {
        Arg::Int(self)
    }
}

/// A limit "with Might up to the killed unit's Might + N": the unit killed through target spec
/// `spec`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct KilledMight {
    pub spec: usize,
    pub more: i32,
}

/// An action on one object: each is one kernel game action (395-432), one host function of the
/// same name, and one arm of `Game::act_on`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, serde::Deserialize)]
pub enum Act {
    Kill,
    Buff,
    Stun,
    Ready,
    Exhaust,
    Recall,
    /// 450.1.a: "take control of X": the ability's controller controls it from now on.
    TakeControl,
    /// "lose control of X": the control the ability's controller took of it ends (182, 450.1.a).
    LoseControl,
    Heal,
    /// 423: "move X to its base".
    MoveToBase,
    /// "move an enemy gear to your base": to the base of the ability's controller (a gear; a unit
    /// moves only to its own controller's base, `MoveToBase`).
    MoveToYourBase,
    /// 421: a move by effect to a destination chosen as it resolves.
    Move,
    /// "Move X here" (053.3: to the source's location).
    MoveHere,
    /// "Return X to its owner's hand".
    ReturnToHand,
    /// "return your Chosen Champion from your trash to your Champion Zone" (107.2.b.1).
    ReturnToChampionZone,
    /// 702.2.b: "spend its buff".
    SpendBuff,
    /// 414.3 / 400.1: "draw it": a banished card, or a card in a Main Deck (revealed on top, or
    /// chosen from among those looked at).
    DrawIt,
    /// "put it in your hand": a card revealed in a Main Deck goes to its owner's hand, which is
    /// no draw (411.4.a).
    PutInHand,
    /// "put it in your trash": a card revealed in a Main Deck goes to its owner's trash, which is
    /// no discard (409: only a card in hand is discarded).
    PutInTrash,
    /// 411: "reveal X": a card chosen from among those looked at is shown to every player.
    Reveal,
    /// 403: "recycle X".
    Recycle,
    /// "put X on the top or bottom of your Main Deck", "its owner places it on the top or bottom
    /// of their Main Deck" (rule 002): its owner chooses which.
    TopOrBottom,
    /// 412: "counter X" (a spell on the chain).
    Counter,
    /// 182.2.a-b: "make new choices for X" (a spell on the chain): its targets chosen again by
    /// the ability's controller.
    NewChoices,
    /// 414: "banish X" (a spell resolving: as it leaves the chain).
    Banish,
    /// SFD-422: "detach X".
    Detach,
    /// 409: "they discard that card": a card in its owner's hand.
    Discard,
    /// "Empower me" (rule 002, [Empower]'s reminder text): it becomes [Empowered].
    Empower,
    /// "Disempower it": it is no longer [Empowered].
    Disempower,
}

impl Act {
    pub const ALL: [Act; 29] = [
        Act::Kill,
        Act::Buff,
        Act::Stun,
        Act::Ready,
        Act::Exhaust,
        Act::Recall,
        Act::TakeControl,
        Act::LoseControl,
        Act::Heal,
        Act::MoveToBase,
        Act::MoveToYourBase,
        Act::Move,
        Act::MoveHere,
        Act::ReturnToHand,
        Act::ReturnToChampionZone,
        Act::SpendBuff,
        Act::DrawIt,
        Act::PutInHand,
        Act::PutInTrash,
        Act::Reveal,
        Act::Recycle,
        Act::TopOrBottom,
        Act::Counter,
        Act::NewChoices,
        Act::Banish,
        Act::Detach,
        Act::Discard,
        Act::Empower,
        Act::Disempower,
    ];

    /// Whether it moves the object to another zone or location.
    pub fn moves(self) -> bool {
        matches!(
            self,
            Act::Kill
                | Act::Recall
                | Act::MoveToBase
                | Act::MoveToYourBase
                | Act::Move
                | Act::MoveHere
                | Act::ReturnToHand
                | Act::ReturnToChampionZone
                | Act::DrawIt
                | Act::PutInHand
                | Act::PutInTrash
                | Act::Recycle
                | Act::TopOrBottom
                | Act::Counter
                | Act::Banish
                | Act::Discard
        )
    }

    /// The host function that does it.
    pub fn script_name(self) -> &'static str {
        match self {
            Act::Kill => "kill",
            Act::Buff => "buff",
            Act::Stun => "stun",
            Act::Ready => "ready",
            Act::Exhaust => "exhaust",
            Act::Recall => "recall",
            Act::TakeControl => "take_control",
            Act::LoseControl => "lose_control",
            Act::Heal => "heal",
            Act::MoveToBase => "move_to_base",
            Act::MoveToYourBase => "move_to_your_base",
            Act::Move => "move_unit",
            Act::MoveHere => "move_here",
            Act::ReturnToHand => "return_to_hand",
            Act::ReturnToChampionZone => "return_to_champion_zone",
            Act::SpendBuff => "spend_buff",
            Act::DrawIt => "draw_it",
            Act::PutInHand => "put_in_hand",
            Act::PutInTrash => "put_in_trash",
            Act::Reveal => "reveal_card",
            Act::Recycle => "recycle_obj",
            Act::TopOrBottom => "top_or_bottom",
            Act::Counter => "counter",
            Act::NewChoices => "new_choices",
            Act::Banish => "banish",
            Act::Detach => "detach",
            Act::Discard => "discard_card",
            Act::Empower => "empower",
            Act::Disempower => "disempower",
        }
    }
}

/// What a continuous effect given by an instruction changes (450).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, serde::Deserialize)]
pub enum Grant {
    /// "+N [M]" / "-N [M], to a minimum of M" (arithmetic layer, 450.3; the limit is
    /// snapshotted, 450.3.b).
    Might { amount: i32, min: Option<i32> },
    /// "[Keyword N]" (ability layer, 717.3.a).
    Keyword(Keyword, u32),
    /// "Its Might becomes N" (trait layer, 450.1.a.1).
    SetMight(i32),
    /// "It can't be chosen by enemy spells and abilities" (ability layer, 450.2; 352.8).
    UnchoosableByEnemies,
    /// "This turn, that unit has \"When I conquer, ...\"" (ability layer, 450.2.a: appending rules
    /// text): the quoted ability with this index on the card of the ability that gives it.
    Ability(u8),
}

/// A rule an instruction sets for the rest of this turn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, serde::Deserialize)]
pub enum TurnRule {
    /// "The next spell you play this turn deals N Bonus Damage" (712).
    NextSpellBonus(u32),
    /// "The next spell you play this turn costs [N] less" (353.4.b): used by that spell's play.
    NextSpellCostsLess(u32),
    /// "Give the next spell you play this turn [Repeat] equal to its cost": used by that spell's
    /// play, which may pay its printed cost again to repeat it (docs/rulings.md, [Repeat]).
    NextSpellRepeat,
    /// "Units you play this turn enter ready" (356.2.c).
    UnitsEnterReady,
    /// "The next unit you play this turn enters ready" (356.2.c): used by that unit's play.
    NextUnitEntersReady,
    /// "Buffs give an additional +1 [M] to friendly units this turn" (702): the buffed units
    /// the filter names have `might` more for the rest of the turn.
    BuffsGiveMore { might: i32, to: UnitFilter },
    /// "Prevent all spell and ability damage this turn": damage spells (`spells`) and abilities
    /// (`abilities`) would deal is not dealt (404; rule 002, the card's text is the rule).
    PreventDamage { spells: bool, abilities: bool },
    /// "You can hide cards ignoring costs this turn" (727.1.b, 353.1): hiding costs its
    /// controller nothing this turn.
    HideFree,
}

/// One object an instruction acts on.
#[derive(Clone, Debug, PartialEq, Serialize, serde::Deserialize)]
pub enum Obj {
    /// "me", "this": the ability's source.
    Me,
    /// "this" in an effect text (SFD-136): the attached card whose effect text it is, not the
    /// top-most card that has the ability ("unattach this").
    ThisCard,
    /// "that unit" of a replacement or trigger.
    ThatUnit,
    /// What a delayed trigger remembers (414.3).
    Remembered,
    /// "this battlefield" in a triggered ability: the battlefield its event names (444.2: the
    /// one held), remembered by a delayed trigger it sets up (414.3).
    ThatBattlefield,
    /// The first chosen target of spec N, if still legal (356.3.e).
    Target(usize),
    /// The current object of a [`Effect::ForEach`].
    Each,
    /// What an earlier instruction answered.
    Var(Var),
    /// "the unit you recycled", "the unit you killed": the object the last cost within the
    /// instructions was paid with (352.10.c.1), as it was paid.
    Paid,
}

/// Several objects.
#[derive(Clone, Debug, PartialEq, Serialize, serde::Deserialize)]
pub enum Objs {
    /// The still-legal targets of spec N.
    Targets(usize),
    /// "a friendly unit and an enemy unit ...": the still-legal targets of two specs, in order.
    Pair(usize, usize),
    /// "all X" (352.10.d): every object the filter matches, not targets.
    All(UnitFilter),
    /// 352.10.b: "all X at a battlefield": the objects the filter matches at the battlefield
    /// chosen for spec `spec`.
    AtBattlefield { filter: UnitFilter, spec: usize },
    /// "all X" in what replaces the end of a combat ("recall ALL units instead", 366): the
    /// objects the filter matches at the combat's battlefield, the one its event names.
    AtThatBattlefield(UnitFilter),
    /// "each other enemy unit at its battlefield": the objects the filter matches read from
    /// `of` (`HERE` is where it is, `OTHER` is not it, 053.3).
    Around { filter: UnitFilter, of: Obj },
    /// Cards an earlier instruction answered (looked at, revealed).
    Var(Var),
    /// "each player plays those cards": those of the cards an earlier instruction answered that
    /// the player owns (107.1).
    OwnedBy(Var, Who),
}

/// A player an instruction names.
#[derive(Clone, Debug, PartialEq, Serialize, serde::Deserialize)]
pub enum Who {
    /// The ability's controller.
    You,
    /// "that player" of a trigger about a player.
    ThatPlayer,
    /// "its controller" (its last-known controller once it has left, 356.3.e.12).
    ControllerOf(Obj),
    /// "its owner" (107.1: the same in every zone).
    OwnerOf(Obj),
    /// The current player of an [`Effect::EachPlayer`] ("each player draws 1").
    Each,
    /// "they": the player an earlier instruction answered.
    Var(Var),
    /// "they" after "Choose an opponent": the player chosen for target spec N (352.9), if still
    /// legal (356.3.e).
    Target(usize),
}

/// The players "each player" / "each opponent" names.
#[derive(Clone, Debug, PartialEq, Serialize, serde::Deserialize)]
pub enum Players {
    /// "each player".
    All,
    /// "each opponent": each player other than the ability's controller.
    Opponents,
    /// "Starting with the next player, each player": every player in turn order, beginning with
    /// the one after the ability's controller (the controller last).
    FromNext,
    /// "the attacker", "the defender", "the attacker and defender each": the players of the
    /// combat in progress on those sides (438.1.a.1-2), the attacker first.
    Combatants { attacker: bool, defender: bool },
    /// "Starting with the next player, each other player": [`Players::FromNext`] without the
    /// ability's controller.
    OthersFromNext,
    /// "For each player that chooses Cards": the players who chose option N of the
    /// [`Effect::PlayersChooseOption`] before it ([`Var::Choices`]), in the order they chose.
    Chose(usize),
    /// "you and that player each": the ability's controller, then that player.
    YouAnd(Who),
}

/// A number an instruction uses.
#[derive(Clone, Debug, PartialEq, Serialize, serde::Deserialize)]
pub enum Amount {
    Number(i64),
    /// "equal to X's Might".
    MightOf(Obj),
    /// "equal to its Energy cost" (130.4).
    EnergyOf(Obj),
    /// "equal to the damage marked on it" (139): 0 once it has left the board.
    DamageOn(Obj),
    /// "equal to my [Assault]": the value of the object's keyword now (723.2: the sum of its
    /// instances), 1 for a keyword with no value it has, 0 without it or off the board.
    KeywordOf(Obj, Keyword),
    /// "N for each X" ("draw 1 for each of your [Mighty] units"): N times how many X there are
    /// as it resolves; "the number of X" is 1 for each, "twice the number of X" 2.
    Per {
        each: i64,
        count: CountOf,
    },
    /// "N for each card with [Hidden] revealed this way": N times how many of the cards `from`
    /// names the filter names, as it resolves.
    Among {
        each: i64,
        from: Objs,
        filter: UnitFilter,
    },
    /// "+2 [M] for each enemy unit there": N times how many objects the filter names, read
    /// relative to `of` rather than the source: "there" is where it is (053.3), "other" is not it.
    Around {
        each: i64,
        filter: UnitFilter,
        of: Obj,
    },
    /// "twice my Might": the amount doubled.
    Twice(Box<Amount>),
    /// "increase its Might to the Might of X": how far the amount is above the object's Might,
    /// 0 if it is not (its Might is raised to the amount, never lowered).
    Above(Box<Amount>, Obj),
    /// "that much", "for each buff spent": how many times the instruction before paid its cost
    /// ([`Effect::PayAnyNumber`], [`Effect::PayAnyAmount`]).
    Paid,
}

/// What "for each" counts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, serde::Deserialize)]
pub enum CountOf {
    /// "for each of your [Mighty] units", "for each friendly gear": the objects the filter names,
    /// relative to the ability's controller and source (352.8.b).
    Matching(UnitFilter),
    /// "for each card in your trash", "the number of cards in your trash".
    CardsInYourTrash,
    /// "for each card in your hand", "the number of cards in your hand".
    CardsInYourHand,
    /// "for each card you've played this turn": the cards its controller played this turn.
    CardsPlayedThisTurn,
    /// "the highest / lowest Might among X" (131): 0 when there is none.
    ExtremeMight { filter: UnitFilter, highest: bool },
    /// "your points" (444): the points of the ability's controller.
    YourPoints,
    /// "for each point you scored from holding this turn": the points its controller earned this
    /// turn by scoring (444.1), by the method named or either.
    PointsScoredThisTurn(Option<ScoreMethod>),
    /// "that much" after "if you assigned 5 or more excess damage": the excess damage its
    /// controller assigned in this turn's last combat damage step they assigned in (440.2.a),
    /// what the condition measured.
    ExcessAssigned,
    /// "Your Equipment each give [Assault]": how many of the cards attached to the object counted
    /// for (SFD-719) the filter names, relative to the ability's controller.
    Attached(UnitFilter),
    /// "double its base Might bonus": the sum of the printed Might bonuses (SFD-718.4) of the cards
    /// attached to the object counted for that the filter names (none below 0).
    MightBonusOf(UnitFilter),
}

/// A yes-or-no question an instruction asks as it resolves.
#[derive(Clone, Debug, PartialEq, Serialize, serde::Deserialize)]
pub enum Test {
    /// "you may": the controller's choice (352.12).
    May,
    /// "you may pay COST [and exhaust me] [and spend its buff] to": offered only if every part is
    /// payable; paid at once (352.10.c.1). `spend_buff`: the unit whose buff the payment spends
    /// (702.2.b).
    Pay {
        cost: Cost,
        exhaust_me: bool,
        spend_buff: Option<Obj>,
    },
    /// "they may pay COST to X", "that player may pay COST to X": a player other than the
    /// controller decides as it resolves, offered only if they can pay (352.10.c.1; 181.6.a:
    /// the card says who chooses). Not part of the ability's cost (391): its controller pays it.
    PlayerPays {
        who: Who,
        cost: Cost,
    },
    /// "X unless its controller has you Y": the player decides, as it resolves, whether Y happens
    /// (instead of X); 181.6.a: the card names who chooses.
    PlayerAgrees(Who),
    /// "you may discard 1 / spend a buff / exhaust a friendly unit to X": a cost other than
    /// Energy and Power within the instruction (352.10.c.1), offered only if payable; whether it
    /// was paid (a buff spent, 702.2.b). Without "you may" ("banish a card from any trash to
    /// X") it is paid if it can be; a triggered ability's controller may still decline it as the
    /// ability is finalized (392.2).
    PayOther {
        cost: OtherCost,
        may: bool,
    },
    /// "you may spend its buff to": the controller may spend that unit's buff, if it has one and
    /// they control it (702.2.b.1-2); whether they did.
    SpendItsBuff(Obj),
    /// "Recycle me to X": the object is recycled as a cost within the instruction
    /// (352.10.c.1), and X happens only if it was (it was still where it can be recycled from).
    RecycleToPay(Obj),
    /// "if it was buffed this way" (413.1.c), "Kill a friendly unit. If you do, ...": the body
    /// did the action to it (one whose event names the object, [`Act::reported`]).
    DoneThisWay(Act, Obj),
    /// "If it is stunned": the object is one the filter names, as it resolves.
    Matches(Obj, UnitFilter),
    /// [Legion]: you have played another card this turn (728.1).
    Legion,
    /// [Legion] on an ability other than a play effect: you have played a Main Deck card this
    /// turn (728.1.c.2).
    PlayedACard,
    /// "if you paid the additional cost" (353.4.d.1).
    PaidAdditional,
    /// [Level N] on a spell (Core Rules 1.3, 824.1.b.1): its controller has N XP or more.
    XpAtLeast(u32),
    /// What an earlier instruction answered ("If you do").
    Var(Var),
    /// "X or Y": the controller chooses the first (352.9).
    FirstOfTwo,
    /// An earlier instruction answered an object (not "none").
    Exists(Obj),
    /// The two name the same object ("all other enemy units" after "an enemy unit": not it).
    Same(Obj, Obj),
    /// "detach that Equipment from that unit": the first is attached to the second (SFD-717).
    AttachedTo(Obj, Obj),
    /// "you may pay [1] and return a unit you control here to its owner's hand to X": resources and
    /// a cost other than Energy and Power, one payment within the instruction (352.10.c.1),
    /// offered only if both can be paid.
    PayAnd {
        cost: Cost,
        other: OtherCost,
    },
    /// "If CONDITION, X" inside the instructions: the condition, as it resolves, about the
    /// ability's source and controller; `index` is its place in [`CardAbilities::conditions`],
    /// which is how the body names it.
    ///
    /// [`CardAbilities::conditions`]: super::CardAbilities::conditions
    Holds {
        index: usize,
        condition: Condition,
    },
    Not(Box<Test>),
}

/// Names for what instructions answer, used by later ones.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, serde::Deserialize)]
pub enum Var {
    /// The cards looked at or revealed ("from among them", "the rest").
    Looked,
    /// The card banished ("draw it").
    Banished,
    /// The card revealed from the top of a Main Deck ("If it's a spell").
    Revealed,
    /// The spell played from the trash.
    Played,
    /// The last card discarded ("its Energy cost").
    Discarded,
    /// Whether the instruction was done ("If you do / If you can't").
    Done,
    /// The card chosen from among cards ("that card").
    Chosen,
    /// The options players chose ("For each player that chooses Cards").
    Choices,
    /// The objects players chose ("those units").
    Those,
    /// The objects players did not choose ("the rest").
    Rest,
    /// How many times a cost was paid ("that much", "for each buff spent").
    Paid,
    /// The token an instruction played last ("Play a Sand Soldier unit token. Then do this: You
    /// may pay [Y] to ready it.").
    Made,
}

impl Var {
    pub fn script_name(self) -> &'static str {
        match self {
            Var::Looked => "looked",
            Var::Banished => "banished",
            Var::Revealed => "revealed",
            Var::Played => "played",
            Var::Discarded => "discarded",
            Var::Done => "done",
            Var::Chosen => "chosen",
            Var::Choices => "choices",
            Var::Those => "those",
            Var::Rest => "rest",
            Var::Paid => "paid",
            Var::Made => "made",
        }
    }
}

/// A token unit as the effect that plays it describes it (178: "a 3 [M] Mech unit token",
/// "a 1 [M] Bird unit token with [Deflect]"): its name is its tag (176.1.c), it has no domain
/// (176.2.b) and no cost (176.2.a). The tokens the rules define keep their definitions (178.1
/// Recruit, 178.2 Sprite with the Fae tag). A gear token ("a Gold gear token") is named only:
/// its definition is its token card in the card pool.
#[derive(Clone, Debug, Default, PartialEq, Serialize, serde::Deserialize)]
pub struct Token {
    pub name: String,
    pub might: u32,
    pub keywords: Vec<(Keyword, u32)>,
    /// A gear token (143-144), not a unit token.
    pub gear: bool,
    /// Its rules text, `(It has "TEXT")` after it (176.1: a token has the abilities its effect
    /// gives it); empty if it has none.
    pub text: String,
    /// What `text` compiled to, as the token card's text (a unit token's abilities; a gear
    /// token's are its token card's in the pool, which prints the same text).
    pub abilities: Option<std::sync::Arc<super::CardAbilities>>,
}

impl Token {
    /// The token's card id in the card pool: a rules token's own (178.1, 178.2), or one made
    /// from its characteristics, so the same token printed on two cards is one card.
    pub fn card_id(&self) -> String {
        use crate::riftbound::cards::{RECRUIT_TOKEN, SPRITE_TOKEN, gear_token_id};
        if self.gear {
            return gear_token_id(&self.name);
        }
        match (self.name.as_str(), self.might, self.keywords.as_slice()) {
            ("Recruit", 1, []) => RECRUIT_TOKEN.into(),
            ("Sprite", 3, [(Keyword::Temporary, _)]) => SPRITE_TOKEN.into(),
            _ => {
                let mut id = format!("TOKEN-{}-{}", self.name.to_ascii_uppercase().replace(' ', "-"), self.might);
                for (k, n) in &self.keywords {
                    id.push_str(&format!("-{k:?}{n}").to_ascii_uppercase());
                }
                id
            }
        }
    }
}

/// Where tokens are played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, serde::Deserialize)]
pub enum Place {
    /// Unsaid: like a unit, to the base or a battlefield its player controls (176.1.a, 352.2),
    /// chosen for each token.
    Chosen,
    /// "here": the source's location (053.3).
    Here,
    /// "in your base".
    Base,
}

impl Place {
    pub const ALL: [Place; 3] = [Place::Chosen, Place::Here, Place::Base];
}

/// What a [Weaponmaster] ability does (SFD-747.1.c), printed or given, as traces and `card show`
/// describe it.
pub const WEAPONMASTER_TEXT: &str = "[Weaponmaster]: when you play me, you may pay the Equip cost of one of your Equipment, [A] less, to attach it to me (SFD-747.1.c)";

/// What a [Quick-Draw] ability does (SFD-745.1.d), printed or given.
pub const QUICK_DRAW_TEXT: &str = "[Quick-Draw]: when you play this, attach it to a unit you control (SFD-745.1.d)";

/// What a [Vision] ability does, as traces and `card show` describe it (733.1.b).
pub const VISION_TEXT: &str =
    "[Vision]: when this is played, look at the top card of your Main Deck; you may recycle it (733.1.b)";

impl Act {
    /// Whether the game's log names the object each time this action is done to it, so "If you
    /// do" after it can ask whether it was (a replacement, 364, or an illegal target, 356.3.e.5,
    /// may leave it undone).
    pub fn reported(self) -> bool {
        matches!(
            self,
            Act::Kill
                | Act::Buff
                | Act::Stun
                | Act::Ready
                | Act::Exhaust
                | Act::Recall
                | Act::Heal
                | Act::Recycle
                | Act::Banish
                | Act::Discard
        )
    }

    /// Its past participle, as "If you do" reads back ("it was killed this way").
    pub fn past(self) -> &'static str {
        match self {
            Act::Kill => "killed",
            Act::Buff => "buffed",
            Act::Stun => "stunned",
            Act::Ready => "readied",
            Act::Exhaust => "exhausted",
            Act::Recall => "recalled",
            Act::Heal => "healed",
            Act::Recycle => "recycled",
            Act::Banish => "banished",
            Act::Discard => "discarded",
            _ => self.script_name(),
        }
    }

    /// What the action does to the object it acts on, as an agent reads it ([`Intent`]).
    pub fn intent(self) -> Intent {
        match self {
            Act::Kill
            | Act::Stun
            | Act::Exhaust
            | Act::TakeControl
            | Act::ReturnToHand
            | Act::PutInTrash
            | Act::Recycle
            | Act::TopOrBottom
            | Act::Counter
            | Act::Banish
            | Act::Discard
            | Act::Disempower => Intent::Harm,
            Act::Buff | Act::Ready | Act::Heal | Act::Empower => Intent::Help,
            _ => Intent::Neutral,
        }
    }
}

impl Intent {
    /// What `effects` do to the object chosen for target spec `spec`: the first instruction that
    /// acts on it and harms or helps it says (the rest of an ability rarely reverses it).
    pub fn toward(effects: &[Effect], spec: usize) -> Intent {
        Intent::toward_obj(effects, &Obj::Target(spec), spec)
    }

    fn toward_obj(effects: &[Effect], it: &Obj, spec: usize) -> Intent {
        let each = |objs: &Objs| match objs {
            Objs::Targets(s) => *s == spec,
            Objs::Pair(a, b) => *a == spec || *b == spec,
            _ => false,
        };
        effects
            .iter()
            .map(|e| match e {
                Effect::Deal { to, .. } if to == it => Intent::Harm,
                Effect::DealSplit { spec: s, .. } if *s == spec => Intent::Harm,
                Effect::Act(a, o) if o == it => a.intent(),
                Effect::Give { to, grant, .. } if to == it => match grant {
                    Grant::Might { amount, .. } if *amount < 0 => Intent::Harm,
                    Grant::Might { .. } | Grant::Keyword(..) | Grant::UnchoosableByEnemies | Grant::Ability(_) => {
                        Intent::Help
                    }
                    Grant::SetMight(_) => Intent::Neutral,
                },
                Effect::GiveMightOf { to, .. } if to == it => Intent::Help,
                Effect::ForEach(objs, body) if each(objs) => Intent::toward_obj(body, &Obj::Each, spec),
                Effect::ForEach(_, body) | Effect::Repeat(_, body) | Effect::EachPlayer(_, body) => {
                    Intent::toward_obj(body, it, spec)
                }
                Effect::If { then, otherwise, .. } => match Intent::toward_obj(then, it, spec) {
                    Intent::Neutral => Intent::toward_obj(otherwise, it, spec),
                    i => i,
                },
                Effect::Let(_, e) | Effect::Append(_, e) => Intent::toward_obj(std::slice::from_ref(e), it, spec),
                _ => Intent::Neutral,
            })
            .find(|i| *i != Intent::Neutral)
            .unwrap_or_default()
    }
}
