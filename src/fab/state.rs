//! The game state: objects and where they are (CR 3, 11), players' heroes, life, action points
//! and resource pools, the chain of layers (19) and the combat chain (20).

use super::cards::{Ability, CardDef, CardType, Effect, Trigger};
use super::zones::Zone;
use crate::kernel::decision::{Agent, Rules};
use crate::kernel::{Answers, Chain, ChainEntry, Ending, GameRng, ObjId, PlayerId, Trace};
use std::sync::Arc;

/// One incarnation of a card or token (11.7: a card entering a zone outside the arena is a new
/// object; the old id keeps its last known information, 22).
#[derive(Clone, Debug)]
pub struct Obj {
    pub card: Arc<CardDef>,
    pub owner: PlayerId,
    pub zone: Zone,
    pub face_down: bool,
    /// The id this object became when it moved to a zone outside the arena.
    pub became: Option<ObjId>,
    /// -1{d} counters (battleworn, 8.2.5b) and other defense counters, as a signed sum.
    pub defense_counters: i32,
    /// A "once per turn" ability of this object was used this turn (weapons, 15.2.1).
    pub used_this_turn: bool,
    /// More uses this turn of its once per turn attack ability ("you may attack an additional
    /// time with it this turn"); they end with the turn (13.3.3f).
    pub extra_uses: u32,
    /// +1{p} counters (25.4: not its base power); they stay while it is in the arena.
    pub power_counters: i32,
    /// Named counters ("lesson"), by kind: they stay while it is in the arena or the arsenal
    /// (glossary: counters); moved elsewhere it is a new object without them (11.7).
    pub named_counters: Vec<(String, usize)>,
}

impl Obj {
    /// How many counters of this kind it has.
    pub fn counters(&self, kind: &str) -> usize {
        self.named_counters.iter().find(|(k, _)| k == kind).map_or(0, |(_, n)| *n)
    }

    /// Puts a counter of this kind on it.
    pub fn add_counter(&mut self, kind: &str) {
        match self.named_counters.iter_mut().find(|(k, _)| k == kind) {
            Some((_, n)) => *n += 1,
            None => self.named_counters.push((kind.to_string(), 1)),
        }
    }

    /// A once per turn ability (15.2.1) may be used now: not yet this turn, or an effect allows
    /// an additional use.
    pub fn can_use_again(&self) -> bool {
        !self.used_this_turn || self.extra_uses > 0
    }
}

/// A player (hero) in the game.
#[derive(Clone, Debug)]
pub struct Player {
    pub hero: ObjId,
    /// Life {h}: can go below zero in the arithmetic; zero or less ends the game (3.1).
    pub life: i32,
    pub intellect: u32,
    /// Top first.
    pub deck: Vec<ObjId>,
    pub hand: Vec<ObjId>,
    pub arsenal: Vec<ObjId>,
    pub pitch: Vec<ObjId>,
    pub graveyard: Vec<ObjId>,
    pub banished: Vec<ObjId>,
    pub weapons: Vec<ObjId>,
    pub equipment: Vec<ObjId>,
    /// Permanents with no zone of their own: auras (11.2, 10.4.3b).
    pub permanents: Vec<ObjId>,
    /// Action points (13.2.1, 15.5.3d).
    pub action_points: u32,
    /// Resource points in the resource pool (15.5.3).
    pub resources: u32,
    /// Cards banished face down by intimidate, returned at the beginning of the end phase.
    pub intimidated: Vec<ObjId>,
    /// The attacks this player made this turn, by their source and whether it was a weapon's
    /// (20.4.4a: they "attacked"); cleared as the turn ends (13.3.3f).
    pub attacked: Vec<(ObjId, bool)>,
    /// An intimidate of this player's happened this turn ("If you've intimidated this turn");
    /// cleared as the turn ends (13.3.3f).
    pub intimidated_this_turn: bool,
    /// Delayed triggered effects for the rest of the turn (16.4): the event (with what it
    /// watches) and the effects; ended with the turn (13.3.3f).
    pub delayed: Vec<(Trigger, Vec<Effect>)>,
}

/// A layer on the chain (15.5.4a, 19): a card or an ability waiting to resolve.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layer {
    pub controller: PlayerId,
    pub card: ObjId,
    /// A triggered layer (16): the index of the card's triggered ability; none for the card
    /// itself being played.
    pub trigger: Option<u8>,
    /// Reprise was active as it was played or triggered: the defending hero had defended the
    /// current chain link with a card from hand (glossary: "before the card with reprise is
    /// played").
    pub reprise: bool,
    /// The card was played from its player's hand (a defense reaction from hand defends "with a
    /// card from their hand").
    pub from_hand: bool,
    /// An activated ability's layer (15.2): the index of the card's ability.
    pub activated: Option<u8>,
    /// A triggered layer whose ability is not printed on the card (an ability an effect gave, a
    /// delayed triggered effect, 16.4): its effects. `card` is the card it is about ("it").
    pub effects: Option<Vec<Effect>>,
    /// "you may pay COST" (15.5.1b): asked as it resolves, in the order written; `Some(true)`
    /// if it was paid.
    pub paid: Option<bool>,
    /// A triggered layer: what triggered it, so 16.5 can check, as it would resolve, that the
    /// game state that caused the trigger is still true.
    pub cause: Option<Box<Cause>>,
    /// 23.1: the chain link whose attack a card that targets an attack targets (its index),
    /// chosen as it was played.
    pub target: Option<usize>,
}

/// What made a triggered effect trigger (16.2, 16.5): the ability's event, the card whose
/// ability it is (`None` for a delayed triggered effect, 16.4) and the event that met it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cause {
    pub trigger: Trigger,
    pub card: Option<ObjId>,
    pub event: super::triggers::Happened,
}

impl Layer {
    /// A layer for `card` controlled by `controller`: the card itself unless a field says which
    /// of its abilities it is.
    pub fn of(controller: PlayerId, card: ObjId) -> Self {
        Layer {
            controller,
            card,
            trigger: None,
            reprise: false,
            from_hand: false,
            activated: None,
            effects: None,
            paid: None,
            cause: None,
            target: None,
        }
    }
}

impl ChainEntry for Layer {
    fn controller(&self) -> PlayerId {
        self.controller
    }
}

/// The steps of a chain link (20.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LinkStep {
    Attack,
    Defend,
    Reaction,
    /// Chain link resolution (20.8), after damage calculation (20.7).
    Resolution,
    /// A previous chain link (20.8.3c).
    Resolved,
}

/// A chain link (20.2): an attack and what was played to or defended on it.
#[derive(Clone, Debug)]
pub struct Link {
    /// The attack: an attack card, or the weapon whose ability attacks (15.5.4c).
    pub attack: ObjId,
    pub weapon: bool,
    pub attacker: PlayerId,
    pub defender: PlayerId,
    pub step: LinkStep,
    /// Defending cards (20.5.2, 20.6.4b).
    pub defending: Vec<ObjId>,
    /// Defending cards that came from hand (reprise reads this).
    pub defended_from_hand: bool,
    /// Attack and defense reactions resolved on this link (19.9).
    pub reactions: Vec<ObjId>,
    pub hit: bool,
    /// 20.4.4d: its "when this attacks" triggers were added to the chain.
    pub attack_triggered: bool,
    /// 20.5.2: the defending hero has declared its defending cards.
    pub declared: bool,
    /// 20.6.6, 20.7: the reaction step has ended and damage calculation is due; it is taken
    /// before anyone's priority (18.5 may ask the order of replacement effects first).
    pub damage_due: bool,
    /// 20.8.3: the link has resolved (go again applied) and waits for the turn player to
    /// continue or close the combat chain (20.8.3c).
    pub continue_asked: bool,
    /// Its index in the combat chain (0 for chain link 1): continuous effects on "the attack"
    /// name it ([`super::continuous::Affects::Link`]).
    pub index: usize,
}

/// A game phase (13).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// The start of game procedure (12): who takes the first turn is still to be chosen.
    Setup,
    Start,
    Action,
    End,
}

/// What a decision is about.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ask {
    /// 12.2: the player chosen at random picks who takes the first turn.
    FirstTurn,
    /// 14.1: the player with priority plays, activates or passes.
    Priority,
    /// 20.5.2: the defending hero declares all defending cards at once.
    Defend,
    /// 20.8.3c: continue or close the combat chain.
    ContinueChain,
    /// 13.3.3b: a card from hand into the empty arsenal, or none.
    Arsenal,
    /// 15.5.1b: pay the optional cost of the layer about to resolve ("you may pay {r}"), or not.
    OptionalCost,
    /// 16.3: which of the effects that triggered at the same time goes on the chain first.
    TriggerOrder,
    /// "you may EFFECT": the resolving layer's controller uses the permission or not (19.2: as
    /// that step is reached).
    May,
    /// 24.2: which card a search of a hidden zone finds, or none.
    Search,
    /// 18.5: the turn player chooses whose replacement effects apply to an event first; each
    /// player the order of their own.
    ReplacementOrder,
    /// 23.1: which attack a card that targets an attack targets, as it is played.
    Target,
}

/// One option of a decision.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// 14.4.
    Pass,
    /// 15.5: play a card from hand or arsenal, pitching these cards to pay.
    Play {
        card: ObjId,
        pitch: Vec<ObjId>,
    },
    /// 15.5.4c: activate a weapon's "Once per Turn Action - {r}: Attack".
    WeaponAttack {
        weapon: ObjId,
        pitch: Vec<ObjId>,
    },
    /// 15.2: activate a card's ability (its index), pitching these cards, discarding this one
    /// if its cost says "Discard a card".
    Activate {
        card: ObjId,
        ability: u8,
        pitch: Vec<ObjId>,
        discard: Option<ObjId>,
    },
    /// 15.5.1b: pay the optional cost, pitching these cards.
    Pay(Vec<ObjId>),
    /// 15.5.1b: do not pay it.
    Decline,
    /// 20.5.2: the cards to defend with (empty: defend with none).
    Defend(Vec<ObjId>),
    /// 20.8.3c.
    Continue,
    Close,
    /// 13.3.3b.
    Arsenal(Option<ObjId>),
    /// 12.2: take the first turn (true) or give it.
    GoFirst(bool),
    /// 16.3: add this one (an index of `Game::pending_triggers`) to the chain first.
    TriggerFirst(usize),
    /// "you may EFFECT": do it (`take`) or not. `card` is the card the effect is about, so the
    /// option reads as the effect ("turn Hala Goldenhelm face up").
    May {
        effect: Effect,
        card: ObjId,
        take: bool,
    },
    /// 24.2: the search finds this card, or fails to find (`None`).
    Find(Option<ObjId>),
    /// 18.5: this player's replacement effects apply first.
    ReplacePlayerFirst(PlayerId),
    /// 18.5: this replacement effect (by its timestamp) applies next of its player's.
    ReplaceFirst(u32),
    /// 23.1: target the attack of this chain link (its index in the combat chain).
    Target(usize),
}

/// A Flesh and Blood game between two heroes.
pub struct Game {
    pub objs: Vec<Obj>,
    pub players: Vec<Player>,
    pub turn: u32,
    pub turn_player: PlayerId,
    pub phase: Phase,
    /// The player with priority (14.3: the active player).
    pub priority: Option<PlayerId>,
    /// Layers waiting to resolve above the attack (19, 20.4.3a).
    pub chain: Chain<Layer>,
    /// The combat chain, while open (20.1); empty when closed.
    pub links: Vec<Link>,
    pub outcome: Option<Ending>,
    pub rng: GameRng,
    pub answers: Answers,
    pub agents: Vec<Option<Box<dyn Agent<Game>>>>,
    pub trace: Trace,
    /// Stops the game with [`Ending::TurnCap`] after this many turns.
    pub turn_cap: u32,
    /// Who the random method of 12.2 chose to pick the first turn player.
    pub chooser: PlayerId,
    /// The cards the resolving layer discarded ("discarded this way").
    pub discarded_this_way: Vec<ObjId>,
    /// The layer resolving: its card is its ability's "it", and it knows whether reprise was
    /// active as it was played. It stays here while a decision of its resolution is asked, so a
    /// game stopped there goes on from that step when resumed.
    pub resolving: Option<Layer>,
    /// The resolving layer's effects already applied, and whether the next one is skipped (19.7:
    /// its condition did not hold).
    pub resolved_steps: (usize, bool),
    /// Every event of this turn (16: what triggers wait for), so "the Nth time EVENT each turn"
    /// can count; cleared as the turn ends (13.3.3f).
    pub turn_events: Vec<super::triggers::Happened>,
    /// Effects that triggered at the same time, waiting for the turn player to order them onto
    /// the chain (16.3).
    pub pending_triggers: Vec<Layer>,
    /// 13.1.3: this turn's "at the start of turn" triggers were added.
    pub start_triggered: bool,
    /// Continuous effects (17), oldest first.
    pub continuous: Vec<super::continuous::Continuous>,
    /// The next continuous or replacement effect's timestamp.
    pub timestamps: u32,
    /// Replacement effects (18), oldest first; they end with the turn (13.3.3f).
    pub replacements: Vec<super::replacement::Replacement>,
    /// Decisions with two or more options answered since the last end of turn (a dead position,
    /// [`Game::check_dead_position`]).
    pub choices_this_turn: u32,
    /// The game state at the end of each of the last two turns in which no one chose anything.
    pub quiet_positions: Vec<u64>,
}

impl Game {
    pub fn obj(&self, id: ObjId) -> &Obj {
        &self.objs[id.index()]
    }

    pub fn obj_mut(&mut self, id: ObjId) -> &mut Obj {
        &mut self.objs[id.index()]
    }

    pub fn player(&self, p: PlayerId) -> &Player {
        &self.players[p.index()]
    }

    pub fn player_mut(&mut self, p: PlayerId) -> &mut Player {
        &mut self.players[p.index()]
    }

    pub fn opponent(&self, p: PlayerId) -> PlayerId {
        PlayerId(1 - p.0)
    }

    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    pub fn name(&self, id: ObjId) -> &str {
        &self.obj(id).card.name
    }

    /// Creates a new object in `zone` (not listed in any player's zone yet).
    pub fn create(&mut self, card: Arc<CardDef>, owner: PlayerId, zone: Zone) -> ObjId {
        let id = ObjId(self.objs.len() as u32);
        self.objs.push(Obj {
            card,
            owner,
            zone,
            face_down: false,
            became: None,
            defense_counters: 0,
            used_this_turn: false,
            extra_uses: 0,
            power_counters: 0,
            named_counters: Vec::new(),
        });
        id
    }

    fn list_mut(&mut self, p: PlayerId, zone: Zone) -> Option<&mut Vec<ObjId>> {
        let pl = self.player_mut(p);
        Some(match zone {
            Zone::Deck => &mut pl.deck,
            Zone::Hand => &mut pl.hand,
            Zone::Arsenal => &mut pl.arsenal,
            Zone::Pitch => &mut pl.pitch,
            Zone::Graveyard => &mut pl.graveyard,
            Zone::Banished => &mut pl.banished,
            Zone::Weapon => &mut pl.weapons,
            Zone::Equipment => &mut pl.equipment,
            Zone::Permanent => &mut pl.permanents,
            Zone::Hero | Zone::Chain | Zone::Gone => return None,
        })
    }

    /// Moves an object to its owner's `to` zone (at the bottom of an ordered zone). A card
    /// entering a zone outside the arena becomes a new object (11.7), and a token leaving the
    /// arena ceases to exist (10.3). Returns the object's id in its new zone.
    pub fn move_to(&mut self, id: ObjId, to: Zone) -> ObjId {
        let (owner, from) = (self.obj(id).owner, self.obj(id).zone);
        if let Some(list) = self.list_mut(owner, from) {
            list.retain(|x| *x != id);
        }
        if self.obj(id).card.card_type == CardType::Token && from.in_arena() && !to.in_arena() {
            self.obj_mut(id).zone = Zone::Gone;
            crate::trace!(self, "10.3", "the {} token leaves the arena and ceases to exist", self.obj(id).card.name);
            return id;
        }
        let new = if to.renews() && from != to {
            let card = self.obj(id).card.clone();
            let n = self.create(card, owner, to);
            self.obj_mut(id).became = Some(n);
            n
        } else {
            self.obj_mut(id).zone = to;
            id
        };
        if let Some(list) = self.list_mut(owner, to) {
            list.push(new);
        }
        new
    }

    /// Puts an object on the bottom (or top) of its owner's deck as a new object (11.7).
    pub fn to_deck(&mut self, id: ObjId, top: bool) -> ObjId {
        let new = self.move_to(id, Zone::Deck);
        if top {
            let deck = &mut self.player_mut(self.obj(new).owner).deck;
            deck.pop();
            deck.insert(0, new);
        }
        new
    }

    /// Draws the top card of `p`'s deck, if any.
    pub fn draw(&mut self, p: PlayerId) -> Option<ObjId> {
        let top = *self.player(p).deck.first()?;
        Some(self.move_to(top, Zone::Hand))
    }

    /// Draws until `p` holds as many cards as their hero's intellect (12.8, 13.3.3d).
    pub fn draw_up_to_intellect(&mut self, p: PlayerId) {
        while (self.player(p).hand.len() as u32) < self.player(p).intellect {
            if self.draw(p).is_none() {
                break;
            }
        }
    }

    /// The current chain link: the newest one, unless it has resolved (20.8.3c).
    pub fn current_link(&self) -> Option<&Link> {
        self.links.last().filter(|l| l.step != LinkStep::Resolved)
    }

    pub fn current_link_mut(&mut self) -> Option<&mut Link> {
        self.links.last_mut().filter(|l| l.step != LinkStep::Resolved)
    }

    /// 20.1: the combat chain is open while it has a chain link.
    pub fn combat_chain_open(&self) -> bool {
        !self.links.is_empty()
    }

    /// The total power of a link's attack (20.7.2): base power plus what it gained (25.3), never
    /// below zero (7.2.5b).
    pub fn link_power(&self, link: &Link) -> u32 {
        let card = &self.obj(link.attack).card;
        let source = self.obj(link.attack);
        let base = i32::from(card.power.unwrap_or(0)) + source.power_counters;
        // Continuous effects on the attack or its source (17, 25.3).
        let mut gained = 0;
        let mut given = Vec::new();
        for m in self.attack_modifiers(link) {
            match m {
                super::continuous::Modifier::Power(n) => gained += n,
                super::continuous::Modifier::Ability(Ability::Power(c, n)) => given.push((c.clone(), *n)),
                _ => {}
            }
        }
        // The attack card's own "[If CONDITION,] this gets +N{p}" and what the attack was given
        // ("While ..., it has +3{p}"), while the condition holds (17.2.1).
        let own: i32 = card
            .own_power
            .iter()
            .cloned()
            .chain(given)
            .filter(|(c, _)| c.as_ref().is_none_or(|c| self.holds_about(c, link.attacker, Some(link), None)))
            .map(|(_, n)| i32::from(n))
            .sum();
        (base + gained + own).max(0) as u32
    }

    /// The total defense of a link's defending cards (20.7.2).
    pub fn link_defense(&self, link: &Link) -> u32 {
        link.defending.iter().filter_map(|d| self.defense(*d)).sum()
    }
}

impl Rules for Game {
    type Ask = Ask;
    type Choice = Action;

    fn answers(&mut self) -> &mut Answers {
        &mut self.answers
    }

    fn seat(&mut self, player: PlayerId) -> Option<&mut Option<Box<dyn Agent<Self>>>> {
        self.agents.get_mut(player.index())
    }

    fn decided(&mut self, player: PlayerId, ask: &Ask, choice: &Action) {
        self.choices_this_turn += 1;
        crate::trace!(self, "14.1", "{player} answers {ask:?}: {choice:?}");
    }
}
