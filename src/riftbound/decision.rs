//! Riftbound decisions: what is being asked ([`Ask`]) and the options ([`Choice`]); the
//! decision loop and the [`Agent`] trait are the kernel's. An answer is the index of the chosen
//! option.

use super::state::{Bf, Game, Loc, R};
pub use crate::kernel::decision::Agent;
use crate::kernel::decision::{Answers, Rules};
use crate::kernel::{ObjId, PlayerId};
use serde::Serialize;

/// What a decision is about; tells an agent or a user interface how to read the options.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum Ask {
    /// 117.1: set a card aside (up to two), or keep.
    Mulligan,
    /// 312.1: a discretionary action while holding priority (or focus, 313).
    Action,
    /// 157.2 / 416.3: which Add ability to activate.
    AddResources,
    /// 352.2: where the unit being played goes.
    PlayLocation,
    /// 353.2.b: pay an optional additional cost?
    OptionalCost,
    /// 353.4: which discount applies next.
    DiscountOrder,
    /// 392.2: pay the cost a triggered ability incurred (Deflect, 725.1.c), or decline it?
    TriggerCost,
    /// 354.1.a: which Add ability to activate to pay the remaining cost; 134.2.e.5.a / 182.2.c:
    /// which domain's Power pays an [A]; 354.2: what pays a non-standard cost.
    PayCost,
    /// 141.3: the units that make a standard move together.
    MoveUnits,
    /// 439.1.d: the next unit to assign combat damage to.
    AssignDamage,
    /// 439.1.d.7: which of a unit's exclusive assignment requirements applies.
    AssignmentOrder,
    /// 322.9 / 322.10 / 435.1: the battlefield where the next showdown or combat begins.
    ChooseBattlefield,
    /// 418.2.c: the opponent who gains a point from a burn out.
    BurnOutOpponent,
    /// 403.5.a: the next rune to put on the bottom of the rune deck.
    RuneOrder,
    /// 376.3.b: the next of your simultaneously triggered abilities to put on the chain.
    TriggerOrder,
    /// 182.2.b: the mode of a modal spell.
    Mode,
    /// 368: which of the replacement effects that apply to the same event applies.
    ReplacementOrder,
    /// 352.4: a target (or "Done" when fewer may be chosen).
    Target,
    /// 352.14.e: how much of a split amount goes to this target.
    SplitAmount,
    /// A "you may" choice on resolution.
    YesNo,
    /// Cards to discard or recycle from a zone (409, 403.6).
    ChooseCard,
    /// 423.1: where a move by a spell or ability that names no destination goes.
    Destination,
    /// 352.9: a player an instruction has its controller choose ("Choose an opponent").
    ChoosePlayer,
    /// 352.10.c.1: how many times to pay a cost within an instruction that may be paid any number
    /// of times ("Pay any amount of [A] to ...", "spend any number of buffs").
    PayAmount,
    /// 459.5: which of their battlefields still available in the match a player selects for
    /// this game.
    SelectBattlefield,
    /// "on the top or bottom of your Main Deck" (rule 002): where its owner puts the card.
    DeckEnd,
}

impl Ask {
    /// The rule that gives the player this choice, for the trace.
    pub fn rule(&self) -> &'static str {
        match self {
            Ask::Mulligan => "117.1",
            Ask::Action => "312.1",
            Ask::AddResources => "157.2",
            Ask::PlayLocation => "352.2",
            Ask::OptionalCost => "353.2.b",
            Ask::DiscountOrder => "353.4",
            Ask::TriggerCost => "392.2",
            Ask::PayCost => "354.1.a",
            Ask::MoveUnits => "141.3",
            Ask::AssignDamage => "439.1.d",
            Ask::AssignmentOrder => "439.1.d.7",
            Ask::ChooseBattlefield => "322.9",
            Ask::BurnOutOpponent => "418.2.c",
            Ask::RuneOrder => "403.5.a",
            Ask::TriggerOrder => "376.3.b",
            Ask::Mode => "182.2.b",
            Ask::ReplacementOrder => "368",
            Ask::Target => "352.4",
            Ask::SplitAmount => "352.14.e",
            Ask::YesNo => "352.12",
            Ask::ChooseCard => "403.6",
            Ask::Destination => "423.1",
            Ask::ChoosePlayer => "352.9",
            Ask::PayAmount => "352.10.c.1",
            Ask::SelectBattlefield => "459.5",
            Ask::DeckEnd => "002",
        }
    }
}

/// One option of a decision.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum Choice {
    /// Pass priority or focus (334.1.c, 344.3).
    Pass,
    /// End the action phase (316.6).
    EndTurn,
    /// Finish a multi-part choice (keep the hand, stop adding units).
    Done,
    /// Play this card (346).
    Play(ObjId),
    /// Activate ability `index` of this object (369).
    Activate(ObjId, u8),
    /// Hide this card facedown at this battlefield (408, 727).
    Hide(ObjId, Bf),
    /// Open the Add-resources sub-decision (157.2 abilities of runes).
    AddResources,
    /// Standard move to this destination (141).
    StandardMove(Loc),
    /// An object: a card to set aside, a unit to move, a unit to assign damage to, a rune.
    Obj(ObjId),
    Loc(Loc),
    Player(PlayerId),
    Battlefield(Bf),
    Yes,
    No,
    /// The n-th item of a list the decision describes (a discount, 353.4).
    Nth(u8),
    /// An amount (352.14.e).
    Amount(u32),
    /// 439.1.d.7: satisfy "assigned first" (Tank) for this unit.
    First(ObjId),
    /// 439.1.d.7: satisfy "assigned last" for this unit.
    Last(ObjId),
    /// 134.2.e.5.a: pay an [A] with Power of this domain from the rune pool.
    Power(super::cards::Domain),
    /// The top (or the bottom) of a deck.
    Top,
    Bottom,
}

/// A discretionary action of the player with priority or focus (312.1, 313): what
/// [`Game::apply`] takes from a caller outside the decision loop (a user interface, a test).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Action {
    /// 316.6: end the action phase (in a neutral open state).
    EndTurn,
    /// 334.1.c, 344.3: pass priority or focus.
    Pass,
    /// 346: play this card.
    Play(ObjId),
    /// 369: activate ability `index` of this object.
    Activate(ObjId, u8),
    /// 408, 727: hide this card at this battlefield.
    Hide(ObjId, Bf),
    /// 141: a standard move to this destination.
    StandardMove(Loc),
    /// 157.2: use a rune's Add ability.
    AddResources,
}

impl Action {
    /// The action an option of the action decision is (none for other kinds of option).
    pub fn of(c: &Choice) -> Option<Action> {
        Some(match *c {
            Choice::EndTurn => Action::EndTurn,
            Choice::Pass => Action::Pass,
            Choice::Play(o) => Action::Play(o),
            Choice::Activate(o, i) => Action::Activate(o, i),
            Choice::Hide(o, b) => Action::Hide(o, b),
            Choice::StandardMove(l) => Action::StandardMove(l),
            Choice::AddResources => Action::AddResources,
            _ => return None,
        })
    }

    /// The option of the action decision that is this action.
    pub fn choice(self) -> Choice {
        match self {
            Action::EndTurn => Choice::EndTurn,
            Action::Pass => Choice::Pass,
            Action::Play(o) => Choice::Play(o),
            Action::Activate(o, i) => Choice::Activate(o, i),
            Action::Hide(o, b) => Choice::Hide(o, b),
            Action::StandardMove(l) => Choice::StandardMove(l),
            Action::AddResources => Choice::AddResources,
        }
    }
}

/// Why an action was refused: the rule, and what it says here.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{reason} ({rule})")]
pub struct Illegal {
    pub rule: &'static str,
    pub reason: String,
}

impl Game {
    /// The actions `p` may take now (312.1): none unless `p` holds priority or focus.
    pub fn legal_actions(&self, p: PlayerId) -> Vec<Action> {
        if self.priority_holder() != Some(p) || self.chain.has_pending() {
            return Vec::new();
        }
        self.action_options(p).iter().filter_map(Action::of).collect()
    }

    /// Takes action `a` for `p` through the same decision the game loop asks (so it is traced,
    /// logged and replayed like any answer), then runs on to the next quiescent point. Refused
    /// with the rule when `p` can't take it now (312.1), or when it turned out illegal as it was
    /// taken and everything was undone (355.3). Later choices it leads to (targets, costs) come
    /// from the agents, the queued answers, or stop for the session as usual.
    pub fn apply(&mut self, p: PlayerId, a: Action) -> R<Result<(), Illegal>> {
        let legal = self.legal_actions(p);
        if legal.is_empty() {
            return Ok(Err(Illegal { rule: "312.1", reason: format!("{p} does not hold priority or focus now") }));
        }
        let Some(i) = legal.iter().position(|x| *x == a) else {
            return Ok(Err(Illegal { rule: "312.1", reason: format!("{a:?} is not an action {p} can take now") }));
        };
        // A decision with one option is taken without asking: queue an answer only for more.
        if legal.len() > 1 {
            let answers = &mut self.answers;
            answers.log.truncate(answers.cursor);
            answers.log.push(i);
        }
        let undone = self.undone.len();
        self.step()?;
        if self.undone.len() > undone {
            return Ok(Err(Illegal { rule: "355.3", reason: format!("{a:?} turned out illegal and was undone") }));
        }
        Ok(Ok(()))
    }
}

/// A question to one player with its legal answers.
pub type Decision = crate::kernel::decision::Decision<Ask, Choice>;

impl Rules for Game {
    type Ask = Ask;
    type Choice = Choice;

    fn answers(&mut self) -> &mut Answers {
        &mut self.answers
    }

    fn seat(&mut self, player: PlayerId) -> Option<&mut Option<Box<dyn Agent<Game>>>> {
        self.agents.get_mut(player.index())
    }

    fn decided(&mut self, player: PlayerId, ask: &Ask, choice: &Choice) {
        self.decisions += 1;
        self.last_decision = Some((player, choice.clone()));
        crate::trace!(self, ask.rule(), "{player} chooses {}", self.describe_choice(choice));
    }
}

impl Game {
    /// Asks `player` to choose among `options` (never empty): the kernel's decision loop
    /// ([`crate::kernel::decision::decide`]) with Riftbound's questions.
    pub fn decide(&mut self, player: PlayerId, ask: Ask, options: Vec<Choice>) -> R<Choice> {
        crate::kernel::decision::decide(self, player, ask, options)
    }

    /// Human-readable text of an option, for traces and front ends.
    pub fn describe_choice(&self, c: &Choice) -> String {
        match c {
            Choice::Pass => "pass".into(),
            Choice::EndTurn => "end turn".into(),
            Choice::Done => "done".into(),
            Choice::Play(o) => format!("play {}", self.describe(*o)),
            Choice::Activate(o, i) => {
                format!("activate ability {} of {}", i + 1, self.describe(*o))
            }
            Choice::Hide(o, b) => {
                format!("hide {} at {}", self.describe(*o), self.describe(self.battlefields[*b].obj))
            }
            Choice::AddResources => "add resources".into(),
            Choice::StandardMove(l) => format!("standard move to {}", self.describe_loc(*l)),
            Choice::Obj(o) => self.describe(*o),
            Choice::Loc(l) => self.describe_loc(*l),
            Choice::Player(p) => p.to_string(),
            Choice::Battlefield(b) => self.describe(self.battlefields[*b].obj),
            Choice::Yes => "yes".into(),
            Choice::No => "no".into(),
            Choice::Nth(i) => format!("option {}", i + 1),
            Choice::Amount(n) => n.to_string(),
            Choice::First(o) => format!("{} first", self.describe(*o)),
            Choice::Last(o) => format!("{} last", self.describe(*o)),
            Choice::Power(d) => format!("{d} power"),
            Choice::Top => "top".into(),
            Choice::Bottom => "bottom".into(),
        }
    }
}
