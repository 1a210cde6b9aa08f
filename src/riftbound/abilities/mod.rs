//! Abilities as the kernel runs them (357-394): what the card language compiles a card's text
//! to. The kernel evaluates this data natively (costs, timing, trigger patterns, targets,
//! static abilities); what an ability *does* is a Rhai function (see `host.rs`).

use super::cards::CardType;
use super::costs::{Cost, OtherCost};
use super::layers::Keyword;
use crate::kernel::PlayerId;
use serde::Serialize;

mod effect;
mod filter;
pub mod names;
pub mod text;

pub use effect::*;
pub use filter::*;

/// Everything a card's text compiled to.
#[derive(Clone, Debug, Default, PartialEq, Serialize, serde::Deserialize)]
pub struct CardAbilities {
    /// Printed keywords and their values (716-733): characteristics of the card.
    pub keywords: Vec<(Keyword, u32)>,
    /// `keywords` as a set, a bit per [`Keyword`], made by [`CardAbilities::index_keywords`]
    /// once the list is complete: whether a card has a printed keyword is asked of every card in
    /// hand at every listing of options, and a bit test answers it.
    pub keyword_bits: u64,
    pub abilities: Vec<Ability>,
    /// The Rhai source of the ability bodies (`fn a0() { ... }` per ability with a body).
    pub script: String,
    /// The tokens the card's instructions play (176): the card pool holds a card for each.
    pub tokens: Vec<Token>,
    /// SFD-136: where the abilities of the effect text begin in `abilities`, if the card has one;
    /// those before are the rules text's.
    pub effect_from: Option<usize>,
    /// The conditions its instructions ask as they resolve ("If CONDITION, X"), which the body
    /// names by index (`holds(i)`): a condition is kernel data, evaluated by `Game::holds`.
    pub conditions: Vec<Condition>,
    /// "[Flow] COST" (rule 002, its reminder text): it may be played from its owner's trash for
    /// this cost instead of its own, then it is banished (`flow_keyword.rs`).
    pub flow: Option<Cost>,
}

impl CardAbilities {
    #[inline]
    pub fn has_keyword(&self, k: Keyword) -> bool {
        let has = self.keyword_bits & (1 << k as u64) != 0;
        debug_assert_eq!(has, self.keywords.iter().any(|(x, _)| *x == k), "{k:?}: keyword bits not made again");
        has
    }

    /// Makes `keyword_bits` from `keywords`, after the last change to the list.
    pub fn index_keywords(&mut self) {
        self.keyword_bits = self.keywords.iter().fold(0, |bits, (k, _)| bits | 1 << *k as u64);
    }

    /// The abilities of the rules text, with their indices: the card's own while it is not
    /// attached (SFD-718.2). A quoted ability its passive gives other objects is not among them.
    pub fn rules_text(&self) -> impl Iterator<Item = (usize, &Ability)> {
        let end = self.effect_from.unwrap_or(self.abilities.len());
        self.abilities[..end.min(self.abilities.len())].iter().enumerate().filter(|(_, a)| !a.given)
    }

    /// The abilities of the effect text, with their indices: inactive unless the card is
    /// attached, and then the top-most card's (SFD-136.2.b-c, SFD-718.3).
    pub fn effect_text(&self) -> impl Iterator<Item = (usize, &Ability)> {
        let start = self.effect_from.unwrap_or(self.abilities.len());
        self.abilities.iter().enumerate().skip(start)
    }
}

/// One ability of a card.
#[derive(Clone, Debug, PartialEq, Serialize, serde::Deserialize)]
pub struct Ability {
    /// 1-based line in the card file where the ability's text starts.
    pub line: usize,
    pub text: String,
    pub kind: AbilityKind,
    /// What the ability chooses as it is played or put on the chain (352).
    pub targets: Vec<TargetSpec>,
    /// The ability's instructions, typed: what its Rhai function was generated from.
    pub effects: Vec<Effect>,
    /// The Rhai function that runs the ability's instructions, if it has any.
    pub body: Option<String>,
    /// 416.2: its instructions Add resources, so it finalizes and resolves at once, without the
    /// chain (set by the card language for an "[Add]" in the body).
    pub adds_resources: bool,
    /// 416.3: what it adds when its instructions are only an unconditional "[Add] RESOURCES [. Use
    /// only to play spells.]": a [Reaction] one can then be activated while paying a cost.
    pub added: Option<Added>,
    /// [Repeat] (a spell's instructions): with the optional additional cost paid, they are
    /// executed once more, with targets chosen anew as the spell is played (`play.rs`).
    pub repeat: bool,
    /// A quoted ability ("Units here have \"[E]: Gain 1 XP.\""): its card's passive gives it to
    /// the objects it names (450.2.a, appending rules text); the card does not have it itself.
    pub given: bool,
}

impl Ability {
    /// 371: whether holding this lets its holder activate something: an activated ability, or a
    /// passive that borrows others' ("exhaust ... to use their abilities").
    pub fn activates(&self) -> bool {
        matches!(
            self.kind,
            AbilityKind::Activated { .. } | AbilityKind::Static { effect: StaticEffect::ExhaustAbilitiesOf(_), .. }
        )
    }

    /// 352.10.c.1: the costs within a triggered ability's instructions, "you may pay COST [and
    /// exhaust me] to ..." or "you may spend a buff to ...", in the order they are written. Each
    /// is part of the ability's total cost (391), paid or declined as the ability is finalized
    /// (392), not as it resolves, and each on its own: declining one skips only its "to ...".
    pub fn instruction_costs(&self) -> InstructionCosts<'_> {
        let triggered = matches!(
            self.kind,
            AbilityKind::Triggered { .. } | AbilityKind::Reflexive | AbilityKind::DelayedTrigger { .. }
        );
        let tests: Vec<&Test> = self
            .effects
            .iter()
            .filter(|_| triggered)
            .filter_map(|e| match e {
                Effect::If {
                    test: t @ (Test::Pay { spend_buff: None, .. } | Test::PayOther { .. } | Test::PayAnd { .. }),
                    otherwise,
                    ..
                } if otherwise.is_empty() => Some(t),
                _ => None,
            })
            .collect();
        let alone = tests.len() == 1 && self.effects.len() == 1;
        InstructionCosts { tests, alone }
    }
}

/// The costs within a triggered ability's instructions ([`Ability::instruction_costs`]).
#[derive(Clone, Debug)]
pub struct InstructionCosts<'a> {
    pub tests: Vec<&'a Test>,
    /// One cost in the ability's only instruction: declining it declines the ability (392.2).
    pub alone: bool,
}

/// The resources an Add ability puts into its controller's rune pool (416.1, 416.5).
#[derive(Clone, Debug, PartialEq, Serialize, serde::Deserialize)]
pub struct Added {
    pub resources: Cost,
    /// "Use only to play spells": the Energy can only pay for playing a spell.
    pub spells_only: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize, serde::Deserialize)]
pub enum AbilityKind {
    /// A spell's instructions (146-152).
    Spell,
    /// One mode of a modal spell ("Choose one —"); its controller picks the mode as the spell
    /// is played (182.2.b, 352.1), and only that mode's targets and instructions apply.
    Mode,
    /// "costs: effect" (369-374).
    Activated { costs: Vec<ActivationCost>, timing: AbilityTiming, only_while: Option<Condition> },
    /// "When ..., effect" (375-378).
    /// `in_trash`: the ability works while its card is in the trash (378.2), as "play me from
    /// your trash" says.
    Triggered { trigger: Trigger, condition: Option<Condition>, in_trash: bool },
    /// A passive ability (360-363).
    Static { condition: Option<Condition>, effect: StaticEffect },
    /// A reflexive trigger's ability (379-381): created on the chain by the ability it is part
    /// of ("do this: ..."), never on its own.
    Reflexive,
    /// One mode of "Do one of the following based on its domain:" (182.2.b): done, its targets
    /// chosen then, as the ability it is part of resolves, if the domain it is keyed by is that of
    /// the card named; never on its own.
    KeyedMode,
    /// What a delayed replacement effect does instead (383.3), set up by the ability it is part
    /// of; its body answers whether it applied (an optional payment may be declined).
    DelayedReplacement,
    /// A delayed trigger (383.2), "When EVENT this turn, X", set up by the spell or ability it
    /// is part of as that resolves; its body runs when EVENT happens later this turn, with the
    /// object the instruction before it acted on remembered (414.3); `once` ("The next time
    /// EVENT this turn, X"): it ends as it triggers; `of_it` ("the next time it takes damage"):
    /// EVENT is about the remembered object only.
    DelayedTrigger { trigger: Trigger, once: bool, of_it: bool },
    /// "If ... would die, ... instead." (364-368): the body runs instead of the event.
    /// `might_vs_me`: "if it has less (no more) Might than me": only for a unit whose Might, as
    /// it would die, is at most the source's plus this (-1 for "less", 0 for "no more").
    ReplaceDeath { filter: UnitFilter, might_vs_me: Option<i32> },
    /// "As EVENT, X" (365): the body runs as part of the event, while it happens, never on the
    /// chain; it works where the event says its card is (363.1): "As you look at or reveal me
    /// from the top of your deck" in its owner's Main Deck.
    As { event: Trigger },
    /// "If a combat [where you are the attacker] ends in a tie, ... instead." (366; 440.1.a.2):
    /// the body runs instead of the recall of the tied combat's attackers
    /// (440.1.a.2); `you_are`: only a combat in which the controller has that designation.
    ReplaceTie { you_are: Option<crate::riftbound::state::Role> },
}

/// Extra timing permission of an activated ability (722, 729).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, serde::Deserialize)]
pub enum AbilityTiming {
    Normal,
    Action,
    Reaction,
}

/// A cost before the colon of an activated ability.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, serde::Deserialize)]
pub enum ActivationCost {
    /// [E]: exhaust this (134.2.e.2, 401.5).
    Exhaust,
    Resources(Cost),
    /// "Recycle N from your trash" (403.3).
    RecycleTrash(u32),
    /// "Discard N" (409.3).
    Discard(u32),
    /// "Kill this" (415.6).
    KillThis,
    /// "Kill a friendly unit or gear": its controller kills one object they control that the
    /// filter names (415; no target, 352.10.c).
    KillFriendly(UnitFilter),
    /// "Spend my buff" (702.2.b): only a unit with a buff can pay it (702.2.b.1).
    SpendMyBuff,
    /// "Discard a spell" (409.3): one card of that type from its controller's hand.
    DiscardA(CardType),
    /// "Recycle a unit from your trash" (403.3): one card of that type from its controller's trash.
    RecycleA(CardType),
    /// "Spend N XP": only a player with N XP or more can pay it (Core Rules 1.3, section 728).
    SpendXp(u32),
    /// "Disempower this" (rule 002, [Empower]'s reminder text): only an [Empowered] object can
    /// pay it.
    Disempower,
    /// 391.2: "This ability's Energy cost is reduced by the Might of the unit you choose": not a
    /// payment, a discount counted once the ability's first target is chosen (never below 0).
    LessByChosenMight,
}

/// What paying an optional additional cost does to the card's own cost (353.2.b.1).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, serde::Deserialize)]
pub enum IfPaid {
    Nothing,
    /// "If you do, reduce my cost by [2]", "Reduce my cost by [O] for each buff you spend" (353.4):
    /// once for each time the cost is paid.
    Discount(Cost),
    /// "If you do, ignore this spell's cost" (353.1).
    IgnoreCost,
}

/// 376.4: the named categories of triggered abilities, by the condition they trigger on: play
/// effects, conquer effects, hold effects, attack and defend triggers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, serde::Deserialize)]
pub enum TriggerCategory {
    Play,
    Conquer,
    Hold,
    Attack,
    Defend,
}

impl TriggerCategory {
    pub const ALL: [TriggerCategory; 5] = [Self::Play, Self::Conquer, Self::Hold, Self::Attack, Self::Defend];

    /// Whether a triggered ability with trigger `t` is of this category (376.4.a.4: an ability
    /// that triggers on another object being played is no play effect).
    pub fn includes(self, t: &Trigger) -> bool {
        match self {
            Self::Play => matches!(t, Trigger::PlayMe),
            Self::Conquer => matches!(t, Trigger::ConquerMe { .. } | Trigger::YouConquer { .. }),
            Self::Hold => matches!(t, Trigger::HoldMe | Trigger::YouHold { .. }),
            Self::Attack => matches!(t, Trigger::Attack),
            Self::Defend => matches!(t, Trigger::Defend),
        }
    }

    /// The rule that defines it.
    pub fn rule(self) -> &'static str {
        match self {
            Self::Play => "376.4.a",
            Self::Conquer => "376.4.b",
            Self::Hold => "376.4.c",
            Self::Attack => "376.4.d",
            Self::Defend => "376.4.e",
        }
    }

    /// Its name as cards write it ("the conquer effects").
    pub fn name(self) -> &'static str {
        match self {
            Self::Play => "play",
            Self::Conquer => "conquer",
            Self::Hold => "hold",
            Self::Attack => "attack",
            Self::Defend => "defend",
        }
    }
}

/// When a triggered ability triggers.
#[derive(Clone, Debug, PartialEq, Serialize, serde::Deserialize)]
pub enum Trigger {
    /// 376.4.a: "When you play me".
    PlayMe,
    /// "When you play a spell [that costs [N] or more]" (130.4: base cost).
    PlaySpell {
        min_energy: Option<u32>,
        /// "on an opponent's turn" / "on your turn": whose turn it is as it is played.
        #[serde(default = "any_player")]
        turn: Actor,
    },
    /// 403: "When you recycle a rune": a card of this type that you own was recycled.
    YouRecycle(CardType),
    /// 702.2.b: "When you spend a buff": a unit you control spent its buff.
    YouSpendBuff,
    /// 370.2: "When you use an activated ability of a gear": you activated an ability of an
    /// object the filter names (its costs paid).
    YouActivate(UnitFilter),
    /// 376.4.d: "When I attack".
    Attack,
    /// 376.4.e: "When I defend".
    Defend,
    /// 376.4.b: "When I conquer"; "after an attack": only a conquer that ends a combat
    /// (440.2.a), where I was an attacker (438.1.a: every unit of the attacking player there is).
    /// `was_uncontrolled`: "When I conquer a battlefield that was uncontrolled": one no player
    /// controlled before (181.2.b).
    ConquerMe {
        after_attack: bool,
        was_uncontrolled: bool,
    },
    /// 376.4.c: "When I hold".
    HoldMe,
    /// "When you conquer"; `or_ally`: "When you or an ally conquer", a teammate's conquering
    /// too (462.2).
    YouConquer {
        or_ally: bool,
    },
    /// "When you hold"; `or_ally`: "When you or an ally hold" (462.2).
    YouHold {
        or_ally: bool,
    },
    /// 440.2 (the later Core Rules' combat result, docs/rulings.md): "When I win a combat" (`me`: the source is one of the
    /// winner's units at its battlefield), "When you win a combat" (the controller won one).
    WinCombat {
        me: bool,
    },
    /// A battlefield's "When you conquer here" / "When you hold here" (053.3, 444.2): its
    /// controller scored it (181.6.c: "you" is the battlefield's controller).
    YouConquerHere,
    YouHoldHere,
    /// "When you defend at a battlefield": units of yours became defenders (438.1.a.4), once per
    /// combat; `here`: a battlefield's "When you defend here", at that battlefield, "you" being
    /// its controller (376.4.e, 181.6.c).
    YouDefend {
        here: bool,
    },
    /// "X at the end of this turn" (383.2): this turn's Ending Step begins, whoever's turn it is.
    EndOfThisTurn,
    /// "When a friendly unit dies" and the like.
    Dies(UnitFilter),
    /// 724: "[Deathknell]": when I die (look-back: I am already in the trash).
    Deathknell,
    /// "When this leaves the board": it left for any other zone (look-back, 356.3.e.13).
    LeavesBoard,
    /// 410: "When you stun an enemy unit" (`by_you`: by your spell or ability), "When a friendly
    /// unit is stunned", "When I'm stunned" (by anything); "it" is that unit.
    Stun {
        filter: UnitFilter,
        by_you: bool,
    },
    /// 421: "When you move an enemy unit": a unit the filter names moved by your standard move
    /// (141) or by your spell or ability (423); "it" is that unit.
    YouMove(UnitFilter),
    /// "When you discard one or more cards".
    YouDiscard,
    /// 414: "When you banish a card [you own]": a card (not a token, 176) your spell, ability or
    /// cost banished, from any zone; `own`: only one you own (107.1).
    YouBanish {
        own: bool,
    },
    /// "When you kill UNIT [with a spell]" (415.5): an object you controlled (`spell`: a spell of
    /// yours, or an ability of it) is responsible for the death of a unit the filter names, as
    /// it last was; "it" is that unit.
    YouKill {
        filter: UnitFilter,
        spell: bool,
    },
    /// 402.3: "When you ready a friendly unit": a unit the filter names was readied; "it" is it.
    YouReady(UnitFilter),
    /// 403: "When you recycle one or more cards to your Main Deck": a Main Deck card you own was
    /// recycled (403.1.c: each to its owner's deck).
    YouRecycleCards,
    /// 421: "When a unit moves from here / from my location", "... moves to here / to my
    /// battlefield" (`to`): a unit the filter names moved away from (to) the source's location,
    /// with `battlefield_only` only while that is a battlefield; "it" is that unit.
    Moves {
        filter: UnitFilter,
        to: bool,
        battlefield_only: bool,
    },
    /// "When you play me to a battlefield [from face down] [on your turn]": played to a
    /// battlefield, not a base (352.2); from a Facedown Zone (`from_hidden`, 727.1.b); on the
    /// turn of the player `turn` names ("on your turn": `You`; any: `AnyPlayer`).
    PlayMeAs {
        to_battlefield: bool,
        from_hidden: bool,
        turn: Actor,
    },
    /// "When an enemy unit attacks [a battlefield you control]" (438.1.a): a unit the filter
    /// names becomes an attacker (at a battlefield the ability's controller controls); "it" is
    /// that unit.
    Attacks {
        filter: UnitFilter,
        your_battlefield: bool,
    },
    /// 404: "When any unit takes damage": damage is marked on a unit the filter names; "it" is
    /// that unit.
    TakesDamage(UnitFilter),
    /// 709: "When a unit you control becomes [Mighty]": a unit the filter names became Mighty;
    /// "it" is that unit.
    BecomesMighty(UnitFilter),
    /// "one or more ...": the inner trigger triggers once for all the events of one batch
    /// (376.2), not once for each.
    OneOrMore(Box<Trigger>),
    /// "At the start of your Beginning Phase" (315.2.a).
    StartOfBeginning,
    /// "At the start of your Main Phase", or "at the start of your next Main Phase" (a delayed
    /// trigger, 383.2): the controller's Action Phase begins (316.1; the cards' "Main Phase",
    /// docs/rulings.md).
    StartOfMainPhase,
    /// "At the start of each player's first Beginning Phase": that player is "that player".
    StartOfEachFirstBeginning,
    /// "At the end of your turn" (317.1).
    EndOfTurn,
    /// 376.1.b: "The first time ... each turn".
    FirstTime(Box<Trigger>),
    /// "The second / third time ... in a turn": when the turn's count of the event reaches N.
    NthTime(u32, Box<Trigger>),
    /// "When I move" (421).
    MoveMe,
    /// "When a friendly unit attacks or defends alone": a unit the filter names gained the
    /// attacker (`attack`) or defender (`defend`) designation as the only one of its side in its
    /// combat (438.1.a.3-4); "it" is that unit.
    UnitAlone {
        filter: UnitFilter,
        attack: bool,
        defend: bool,
    },
    /// "When I move to a battlefield" (421): a move whose destination is a battlefield.
    MoveMeToBattlefield,
    /// "When I move from a battlefield" (421): a move whose origin is a battlefield.
    MoveMeFromBattlefield,
    /// "When you play a card [on an opponent's turn] [from [Hidden]]": a card, not a token (176,
    /// 347.2); from hidden: one played from a facedown zone (727.1.b).
    PlayCard {
        turn: Actor,
        from_hidden: bool,
    },
    /// "When you discard me" (409): I am in the trash then, where this works (376.2.c.1, 378.2).
    DiscardMe,
    /// "When this is killed" (415): as Deathknell, it looks back from the trash (378.2).
    KilledMe,
    /// "When I die in combat": I was killed while an attacker or a defender (438.1.a.3-4); it
    /// looks back from my death, as [Deathknell] does (724, 356.3.e.13).
    DieInCombat,
    /// "When this is played, discarded, or killed": any one of these (each part works where the
    /// object then is: the board, or the trash, 378.2).
    AnyOf(Vec<Trigger>),
    /// "When you buff UNIT" (702.2.a): "it" is the buffed unit.
    YouBuff(UnitFilter),
    /// "When you attach an Equipment to me" (SFD-421): a card `card` names became attached to a
    /// unit `to` names, the card controlled by the ability's controller (who attaches what they
    /// control: [Equip], [Weaponmaster], "Attach an Equipment you control"); "it" is the unit.
    YouAttach {
        card: UnitFilter,
        to: UnitFilter,
    },
    /// "When you play a unit / another unit / a gear", "When a player plays a unit here", "When
    /// an opponent plays a gear": a permanent the actor played that the filter names, token or
    /// card (176.1.a); "it" is that permanent, "they" / "that player" the player who played it.
    Play {
        by: Actor,
        filter: UnitFilter,
    },
    /// "When an opponent scores" (441): an opponent of its controller scored; "that player" is
    /// the one who did.
    OpponentScores,
    /// "When I become [Empowered]" (rule 002): the source became Empowered.
    BecomeEmpowered,
    /// 437-440: "When combat starts here", "When a combat that I was in ends": a combat began
    /// (438.1) or ended (440) (`ends`), at the source's battlefield (`here`, 053.3), one in which
    /// the source was an attacker or a defender (`mine`, 438.1.a.3-4).
    Combat {
        ends: bool,
        here: bool,
        mine: bool,
    },
    /// "When a unit here is returned to a player's hand" (107.1.d): a unit the filter names (as it
    /// last was on the board, 356.3.e.13) left it for its owner's hand; "that player" is the
    /// owner, whose hand it went to.
    ReturnedToHand(UnitFilter),
    /// "When an opponent moves to a battlefield [other than mine]" (421): units of the actor's
    /// moved by that player (their standard move, 141, or their spell or ability, 423) to a
    /// battlefield (`elsewhere`: not the source's location; a base is no battlefield). Units
    /// moved at the same time are one move (141.3), so it triggers once for each player's move of one
    /// batch; "that player" is the mover.
    PlayerMoves {
        by: Actor,
        elsewhere: bool,
    },
    /// "When a player chooses a friendly unit here with a spell" (352.6): the actor chose a unit
    /// the filter names as a target of a spell they played (`spell`), or of a spell or an
    /// ability (390) without "with a spell", the filter relative to that player ("friendly":
    /// theirs); "they" / "that player" is that player, "it" the chosen unit.
    Chooses {
        by: Actor,
        filter: UnitFilter,
        #[serde(default = "yes")]
        spell: bool,
    },
    /// "EVENT for the first time each turn" (376.1.b), where the event's subject is a player:
    /// the first time that player does it this turn (what other players did earlier does not
    /// count).
    FirstTimeForThem(Box<Trigger>),
    /// "you look at or reveal me from the top of your deck" (127, 411), only after "As" (365):
    /// the card is among those its owner looks at (`look`) or reveals (`reveal`) from the top of
    /// their Main Deck.
    SeenFromTop {
        look: bool,
        reveal: bool,
    },
}

/// The player an event's verb is about (or whose turn a play is on), relative to the ability's
/// controller ("you").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, serde::Deserialize)]
pub enum Actor {
    /// "you play ...".
    You,
    /// "a player plays ...": any player, you too.
    AnyPlayer,
    /// "an opponent plays ...": a player other than you.
    Opponent,
}

impl Actor {
    /// Whether `player` is this actor for an ability `you` control.
    pub fn is(self, player: PlayerId, you: PlayerId) -> bool {
        match self {
            Actor::You => player == you,
            Actor::AnyPlayer => true,
            Actor::Opponent => player != you,
        }
    }
}

impl Trigger {
    /// Whether the event's subject is a player other than "you" ("a player plays ..."): "they"
    /// and "that player" in the effect are that player.
    pub fn names_a_player(&self) -> bool {
        match self {
            Trigger::Play { by, .. } | Trigger::PlayerMoves { by, .. } | Trigger::Chooses { by, .. } => {
                *by != Actor::You
            }
            Trigger::OpponentScores | Trigger::StartOfEachFirstBeginning | Trigger::ReturnedToHand(_) => true,
            Trigger::FirstTime(t) | Trigger::NthTime(_, t) | Trigger::OneOrMore(t) | Trigger::FirstTimeForThem(t) => {
                t.names_a_player()
            }
            _ => false,
        }
    }

    /// The event itself, under "the first time", "the Nth time" and "one or more" (376.1.b, 376.2).
    fn event(&self) -> &Trigger {
        match self {
            Trigger::FirstTime(t) | Trigger::NthTime(_, t) | Trigger::OneOrMore(t) | Trigger::FirstTimeForThem(t) => {
                t.event()
            }
            t => t,
        }
    }

    /// Whether the event names a battlefield, "this battlefield" or "there" in the effect: the
    /// one scored (444.2), moved to (423), or where a combat's attackers or defenders are
    /// (438.1.a.3-4).
    pub fn names_a_battlefield(&self) -> bool {
        matches!(
            self.event(),
            Trigger::ConquerMe { .. }
                | Trigger::HoldMe
                | Trigger::YouConquerHere
                | Trigger::YouHoldHere
                | Trigger::YouConquer { .. }
                | Trigger::YouHold { .. }
                | Trigger::OpponentScores
                | Trigger::Attack
                | Trigger::Defend
                | Trigger::Attacks { .. }
                | Trigger::YouDefend { .. }
                | Trigger::MoveMeToBattlefield
        )
    }

    /// Whether the event is about a unit other than the source, "it" in the effect (414.3).
    pub fn names_a_unit(&self) -> bool {
        matches!(
            self.event(),
            Trigger::YouBuff(_)
                | Trigger::YouAttach { .. }
                | Trigger::Stun { .. }
                | Trigger::YouMove(_)
                | Trigger::UnitAlone { .. }
                | Trigger::Play { .. }
                | Trigger::YouKill { .. }
                | Trigger::YouReady(_)
                | Trigger::Moves { .. }
                | Trigger::TakesDamage(_)
                | Trigger::BecomesMighty(_)
                | Trigger::Attacks { .. }
                | Trigger::Chooses { .. }
        )
    }
}

/// A condition of a conditional ability or passive ("if", "while"): the one condition type.
/// It is about its *subject*: the ability's source, or, for a passive's continuous effect, each
/// object the effect applies to as the layers apply it (361.3.a). Evaluated in one place,
/// `Game::holds` (`conditions.rs`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, serde::Deserialize)]
pub enum Condition {
    /// "I'm at a battlefield".
    AtBattlefield,
    /// 103.2.a.3: "your Chosen Champion": a champion unit with the name of the card its owner
    /// chose for that slot (every copy counts).
    ChosenChampion,
    /// "equipped" (SFD-744.3): an Equipment is attached to it.
    Equipped,
    /// "attached" (`true`) / "detached" (`false`): it is, or is not, attached to a top-most card
    /// (SFD-717, SFD-422).
    Attached(bool),
    /// "an open battlefield": a battlefield no player controls and none contests (181.2.b).
    Open,
    /// "I'm [Mighty]" (708).
    Mighty,
    /// "I was [Mighty]": a state condition of the subject as it last was on the board (its
    /// last-known information once it has left, 356.3.e.13), as a Deathknell reads its source.
    Was(Box<Condition>),
    /// "you paid the additional cost" (353.4.d.1).
    PaidAdditional,
    /// "you played this from your hand": the subject was played from its player's hand (346),
    /// or, not played yet, is in it (a cost read before it is played).
    PlayedFromHand,
    /// [Legion] — on a passive (728.1.c.4): "you" have played a Main Deck card this turn
    /// (728.1.c.2; for a card not yet played, one before it, 728.1.c.1).
    Legion,
    /// "you have one or fewer cards in your hand", "you have 5 or more cards in your trash": how
    /// many cards are in that zone of "you" (`trash`: the trash, else the hand).
    Cards {
        trash: bool,
        at_least: u32,
        at_most: Option<u32>,
    },
    /// "Choose one you've not chosen this turn", "Use only once per turn": this object has not
    /// activated its ability with this index (a mode, 182.2.b) this turn.
    NotChosenThisTurn(u8),
    /// "I'm buffed" (702).
    Buffed,
    /// "attacking" / "defending": the subject is an attacker / a defender (438.1.a.3-4).
    Attacking,
    Defending,
    /// "in combat": the subject is an attacker or a defender (438.1.a.3-4).
    InCombat,
    /// "token" (176): the subject is a token; "non-token" is its opposite.
    Token,
    /// "you control this battlefield": "you" control the subject (181 for a battlefield).
    YouControlIt,
    /// "with [Tank]": the subject has the keyword now (through the layers).
    HasKeyword(Keyword),
    /// "[Empowered]" (rule 002, [Empower]'s reminder text): the object was empowered and has
    /// not been disempowered since; a new object never is (109).
    Empowered,
    /// The opposite of a condition ("Use only if not Empowered").
    Not(Box<Condition>),
    /// "stunned": the subject is stunned (410; until its controller's next Ending Step).
    Stunned,
    /// "damaged": damage is marked on the subject (139).
    Damaged,
    /// "exhausted" / "ready" (134.2.e.2).
    Exhausted,
    Ready,
    /// "attacking or defending alone" (438.1.a.3-4): the subject is the only attacker
    /// (`attack`) or defender (`defend`) of its side in its combat.
    Alone {
        attack: bool,
        defend: bool,
    },
    /// "you've discarded a card this turn", "I have moved twice this turn": the subject (`me`)
    /// or "you" did `deed` at least `at_least` times this turn (the turn's log).
    DidThisTurn {
        deed: Deed,
        me: bool,
        at_least: u32,
    },
    /// "you've played a spell this turn", "you've chosen an enemy unit this turn": "you" did
    /// `deed` this turn to a card the filter names ([`CardDeed`]).
    CardThisTurn {
        deed: CardDeed,
        filter: Box<UnitFilter>,
    },
    /// "you've chosen enemy units and/or gear twice this turn with spells or unit abilities":
    /// "you" chose objects the filter names as targets (352.6, 390) at least `times` times this
    /// turn, each spell or ability choosing counted once; `by`: only by spells and abilities
    /// whose source is of one of these kinds (any, if empty).
    ChoseTimes {
        filter: Box<UnitFilter>,
        times: u32,
        by: Vec<CardType>,
    },
    /// "you have N+ runes" (runes on the board, 155).
    RunesAtLeast(u32),
    /// "you've spent at least [A][A] this turn": "you" spent at least that on costs this turn
    /// (354), Energy and Power counted apart, a domain symbol by its domain.
    SpentThisTurn(crate::riftbound::costs::Cost),
    /// [Level N] (Core Rules 1.3, 824.1.b.1): "you" have N XP or more.
    XpAtLeast(u32),
    /// A condition that decides whether a triggered ability triggers and is not checked again
    /// as it resolves: a [Level N] ability exists only while its controller has the XP
    /// (824.1.c-d), but once triggered it is on the chain on its own (like any ability).
    OnTrigger(Box<Condition>),
    /// "there is a ready enemy unit here", "there is exactly one other unit you control here",
    /// "you control a Mech", "you control two or more gear", "you control 4 or fewer runes", "an
    /// opponent controls a battlefield": how many objects the filter names, relative to the
    /// subject and "you" (the filter's own "other" excluding the subject), among those `whose`
    /// says, at least `at_least` and, if said, at most `at_most`.
    Count {
        filter: UnitFilter,
        at_least: u32,
        at_most: Option<u32>,
        whose: Controlled,
    },
    /// A condition written after a triggered ability's effect ("When I attack, give me +2 [M]
    /// this turn if ..."): part of the effect (376.2.b), so checked only as it resolves; the
    /// ability triggers either way.
    OnResolution(Box<Condition>),
    /// "you have N+ units here" (053.3) / "at that battlefield" (the trigger's battlefield);
    /// "you have exactly two units here": at most `max` too.
    UnitsAt {
        min: u32,
        max: Option<u32>,
        that_battlefield: bool,
    },
    /// "an opponent's score is within N points of the Victory Score" (`opponent`), "your score
    /// is ...": that player's points are the Victory Score minus N or more (444, 458).
    ScoreWithin {
        opponent: bool,
        points: u32,
    },
    /// "an enemy unit has died this turn": a unit the filter names (as it last was, 415) was
    /// killed this turn.
    DiedThisTurn(UnitFilter),
    /// "I died alone" (741.1): no other friendly unit was at the subject's location as it died;
    /// "I didn't die alone" is its opposite.
    DiedAlone,
    /// "you assigned 3 or more excess damage": in the last combat damage step of this turn, "you"
    /// assigned that much damage beyond lethal to every unit (439.1.d.4).
    AssignedExcess {
        at_least: u32,
        at_most: Option<u32>,
    },
    /// "with Energy cost less than your points": the subject's printed Energy cost (130) is below
    /// the amount, counted for "you" relative to the subject.
    EnergyCostBelow(CountOf),
    /// "with Energy cost [7] or more", "with Power cost [A][A] or more", "that costs [5] or
    /// more": the subject's printed Energy cost (130) and number of Power symbols are at least
    /// these.
    CostAtLeast {
        energy: u32,
        power: u32,
    },
    /// Every one of these holds: "I'm attacking with another unit" is "I'm attacking" and a count
    /// of other attackers at my battlefield (438.1.a.3).
    All(Vec<Condition>),
}

/// What a [`Condition::CardThisTurn`] looks for in the turn's log.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, serde::Deserialize)]
pub enum CardDeed {
    /// Played it (346), named by what the card is (`Game::names_card`), wherever it is now.
    Played,
    /// Chose it as a target (352.6), read as it was then (it may have left the board since).
    Chose,
}

/// What a [`Condition::DidThisTurn`] looks for in the turn's log.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, serde::Deserialize)]
pub enum Deed {
    /// Moved (421): the subject did, or a unit "you" controlled did.
    Moved,
    /// Discarded a card (409): "you" did, or the subject was discarded.
    Discarded,
    /// Conquered (442.1): "you" scored a battlefield by conquering it, or the subject was at the
    /// battlefield its controller conquered as they scored it ("When I conquer").
    Conquered,
}

/// Whose objects a [`Condition::Count`] counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, serde::Deserialize)]
pub enum Controlled {
    /// "there is ...": anyone's (the filter may still say "friendly" or "enemy").
    Anyone,
    /// "you control ...": the condition's "you" controls them (not an ally's, 462.8.d).
    You,
    /// "an opponent controls ...": one opponent alone controls enough of them.
    AnOpponent,
}

/// Which battlefields a play permission adds (352.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, serde::Deserialize)]
pub enum PlayTo {
    /// "an open battlefield": one no player controls (181.2.b).
    Open,
    /// "an occupied enemy battlefield": one an opponent controls, with units of an opponent there.
    OccupiedEnemy,
    /// "a battlefield you're attacking": one with a combat in progress whose attacker is the
    /// player (438.1.a.1).
    Attacking,
    /// "a battlefield you conquered this turn": one the player scored by conquering this turn
    /// (442.1).
    ConqueredThisTurn,
    /// "a battlefield you control" (181.2).
    Controlled,
    /// "any battlefield".
    Any,
}

impl PlayTo {
    pub const ALL: [PlayTo; 6] = [
        PlayTo::Open,
        PlayTo::OccupiedEnemy,
        PlayTo::Attacking,
        PlayTo::ConqueredThisTurn,
        PlayTo::Controlled,
        PlayTo::Any,
    ];

    /// The phrase, for traces and `card show`.
    pub fn text(self) -> &'static str {
        match self {
            PlayTo::Open => "an open battlefield",
            PlayTo::OccupiedEnemy => "an occupied enemy battlefield",
            PlayTo::Attacking => "a battlefield they're attacking",
            PlayTo::ConqueredThisTurn => "a battlefield they conquered this turn",
            PlayTo::Controlled => "a battlefield they control",
            PlayTo::Any => "any battlefield",
        }
    }
}

/// What a passive ability does while it applies.
#[derive(Clone, Debug, PartialEq, Serialize, serde::Deserialize)]
pub enum StaticEffect {
    /// "I have [K]..." (ability layer, 450.2).
    Keywords(Vec<(Keyword, u32)>),
    /// "I must be assigned combat damage last" (439.1.d.5).
    AssignedLast,
    /// "I don't deal combat damage": my Might counts for nothing in my side's combat damage
    /// (439.1.b), as a stunned unit's does not (410).
    NoCombatDamage,
    /// "I can have any number of buffs." (702.3: otherwise one at a time; the card wins, 002).
    AnyNumberOfBuffs,
    /// "I can't be chosen by enemy spells and abilities" (352.8; 054: can't beats can).
    UnchoosableByEnemies,
    /// "This enters exhausted."
    EntersExhausted,
    /// "You may pay ... as an additional cost to play me" (353.2.b.1).
    OptionalCost(Cost),
    /// "As an additional cost to play me, kill a friendly unit" (353.2.a.1), "As you play me, you
    /// may discard 1 as an additional cost. If you do, reduce my cost by [2]." (353.2.b.1, 401.4):
    /// a non-standard additional cost (`words`: as printed, "kill a friendly unit"), mandatory
    /// or `optional`, and what paying it does to the cost (353.4, 353.1). `any_number`: "you may
    /// kill any number of friendly units as an additional cost", paid as many times as chosen.
    OtherCost { cost: OtherCost, words: String, optional: bool, any_number: bool, if_paid: IfPaid },
    /// 353.3-353.4: a change to the cost of playing cards (353.4.b: "cost [amount] less", or
    /// "reduced by [amount]"): `cost` less, or more (`more`, 353.3), times the count of `per`
    /// ("for each X") as the card is played. `cards`: none for the card itself ("I cost [2][Y]
    /// less"), else the cards the filter names (their kind and tags) that its controller plays
    /// (relation friendly: "Units you play cost [A] less") or its opponents play (enemy: "enemy
    /// spells cost [1][A] more"). `min`: a discount's minimum Energy, limiting it only (353.4.c).
    /// `first_each_turn`: "the first friendly non-token gear played each turn": only a card the
    /// filter names that its player plays while they have played no other such card this turn.
    /// `repeat`: "friendly [Repeat] costs cost [1] less": only the [Repeat] cost of the spells
    /// named changes, if it is paid (353.2.b), and a discount takes no more than it has.
    PlayCost {
        cards: Option<UnitFilter>,
        first_each_turn: bool,
        repeat: bool,
        more: bool,
        cost: Cost,
        per: Option<CountOf>,
        min: u32,
    },
    /// "My Might is increased by the number of cards in your trash.", "My Might is increased by
    /// your points.", "I get +1 [M] for each buffed friendly unit at my battlefield.": `each`
    /// Might per what `count` counts, for my controller and me (arithmetic layer, 450.3).
    MightPer { each: i32, count: CountOf },
    /// "I have [Assault] equal to the number of enemy units here.": the keyword with as many
    /// instances as `count` counts for my controller and me (ability layer, 450.2).
    KeywordPer { keyword: Keyword, count: CountOf },
    /// "Your spells and abilities deal N Bonus Damage" (`yours`: its controller's, 712-715); a
    /// battlefield's "Spells and abilities deal N Bonus Damage to units here." (`to`: only to
    /// the units the filter names, relative to the passive's object, 053.3).
    BonusDamage { amount: u32, yours: bool, to: Option<UnitFilter> },
    /// "I don't take damage" (439.1.d.9): damage that would be dealt to me is not.
    NoDamage,
    /// "You may play me to an open battlefield" (`units` none), "Friendly units may be played to
    /// open battlefields" (the units its controller plays that `units` names), "You may play me
    /// to an occupied enemy battlefield": the battlefields `to` names are locations they may be
    /// played to as well (352.2).
    PlayToBattlefield { units: Option<UnitFilter>, to: PlayTo },
    /// "Play me only to a battlefield you conquered this turn": the battlefields `to` names are
    /// the only locations this unit may be played to, its player's base not among them (352.2;
    /// the card wins, 002).
    PlayOnlyTo(PlayTo),
    /// A restriction (054: can't beats can): `what` can't happen to the objects `objects` names,
    /// relative to this object and its controller ("Units can't move from here to base.",
    /// "Opponents can only play units to their base.", "Spells and abilities can't ready enemy
    /// units and gear.", "Your opponents' [Hidden] cards can't be revealed here."); `None`: this
    /// object itself ("I can't move to base.").
    Cant { what: Forbidden, objects: Option<UnitFilter> },
    /// 054: "opponents can't gain points", "Players can't score here until their third turn": a
    /// restriction on the players `who` names relative to this object's controller (`Any`:
    /// every player).
    PlayersCant { who: Relation, what: PlayerBan },
    /// "I enter ready." (`units` none) / "Other friendly units enter ready.", "Your tokens enter
    /// ready." (the units and tokens the phrase names, relative to me; 356.2.c, 721.6, 176.1.a).
    EntersReady { units: Option<UnitFilter> },
    /// "I have +2 [M]." (arithmetic layer, 450.3).
    Might(i32),
    /// "Other buffed friendly units at my battlefield have +2 [M].", "Other friendly units have
    /// +1 [M] here.", a battlefield's "Units here have +1 [M]." (053.3), "While a friendly unit
    /// defends alone, it gets +2 [M].": the units a phrase names relative to me (arithmetic
    /// layer, 450.3). "Stunned enemy units here have -8 [M], to a minimum of 1 [M].": `min`, the
    /// decrease's limit, applied as the layers apply it (450.3.b).
    UnitsMight { units: UnitFilter, might: i32, min: Option<u32> },
    /// "Other friendly units here have [Shield].", a battlefield's "Units here have [Ganking].":
    /// the units a phrase names relative to me have the keywords (ability layer, 450.2);
    /// `if_lacking` ("if they didn't already"): only a unit without the keyword gets it, so the
    /// values do not sum (725.2).
    UnitsKeywords { units: UnitFilter, keywords: Vec<(Keyword, u32)>, if_lacking: bool },
    /// "I have all [E] abilities of all friendly legends, units, and gear." (450.2): the activated
    /// abilities with [E] in their costs of the other objects the filter names are mine too.
    ExhaustAbilitiesOf(UnitFilter),
    /// "Increase the points needed to win the game by 1." (456.3): added to the Mode of Play's
    /// Victory Score while this is on the board (negative: "Decrease ...").
    VictoryScore(i32),
    /// "You may hide an additional card here." (727.1.b): this many more facedown cards may be
    /// hidden at this object's battlefield.
    HideMore(u32),
    /// "You may pay [1] to hide a card with [Hidden] instead of [A]." (727.1.b): its controller
    /// may hide a card for this cost instead of [A].
    HideFor(Cost),
    /// "Opponents must pay [A] for each unit beyond the first to move multiple units to my
    /// battlefield at the same time": an additional cost of an opponent's standard move of several
    /// units together (141.3) to this object's battlefield, `cost` for each unit beyond the first
    /// `free` ones.
    MoveTax { cost: Cost, free: u32 },
    /// A battlefield's "Units here have \"[E]: Gain 1 XP.\"": the units a phrase names relative to
    /// me have the quoted ability, `ability` on my card (ability layer, 450.2.a: appending rules
    /// text); each is its source as it is activated ([E] exhausts it), its controller controls it.
    UnitsAbility { units: UnitFilter, ability: u8 },
    /// SFD-718.3: "Your Equipment each give [Assault].": each card `cards` names (relative to this
    /// object and its controller) gives the top-most card it is attached to the keywords, their
    /// instances summed (ability layer, 450.2).
    AttachedKeywords { cards: UnitFilter, keywords: Vec<(Keyword, u32)> },
    /// "Your [Deathknell] effects trigger an additional time." (724.2: each instance triggers on
    /// its own): each triggered ability of the keyword its controller controls triggers once more
    /// for each such passive (`triggers.rs`).
    TriggersAgain(Keyword),
}

/// What a restriction ([`StaticEffect::Cant`]) forbids for the objects it names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, serde::Deserialize)]
pub enum Forbidden {
    /// 421: moving to their base (a recall is no move).
    MoveToBase,
    /// 352.2: being played to a battlefield (the cards a player plays, named by who plays them:
    /// "Opponents can only play units to their base").
    PlayToBattlefield,
    /// 402: being readied by a spell or ability (readying in the Awaken Phase, 315.1, is neither).
    ReadyByEffects,
    /// 727.1.b: being revealed, so a facedown card at the named place can't be played.
    Reveal,
}

/// What a [`StaticEffect::PlayersCant`] forbids.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, serde::Deserialize)]
pub enum PlayerBan {
    /// 444.1: gaining points, by scoring or by an effect.
    GainPoints,
    /// 442: scoring this battlefield (053.3: "here") before the player's turn number
    /// `until_turn` (their own turns, counted from their first).
    ScoreHere { until_turn: u32 },
}

/// Serde default of a flag that was always on before it existed.
fn yes() -> bool {
    true
}

/// Serde default of a trigger's turn, before it could say whose.
fn any_player() -> Actor {
    Actor::AnyPlayer
}
