//! Card definitions: the printed properties the rules read (CR 6-10). A card's text compiles to
//! [`Effect`]s and [`Keyword`]s; this session builds them in code, card files come next.

use std::sync::Arc;

/// The card type (CR 6-10): what zones a card may start in and when it may be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CardType {
    Hero,
    Weapon,
    Equipment,
    Action,
    Instant,
    AttackReaction,
    DefenseReaction,
    Mentor,
    Resource,
    Token,
}

impl CardType {
    /// 4.2.4, 9.1: the types that may start the game in a deck.
    pub fn can_be_in_deck(self) -> bool {
        matches!(
            self,
            CardType::Action
                | CardType::Instant
                | CardType::AttackReaction
                | CardType::DefenseReaction
                | CardType::Mentor
                | CardType::Resource
        )
    }
}

/// An equipment's functional sub-type: the zone it starts the game in (8.2.3b).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Slot {
    Head,
    Chest,
    Arms,
    Legs,
}

/// Keywords the rules core knows (CR 27, glossary).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Keyword {
    /// "When this action resolves, gain 1 action point" (glossary; 20.8.3a for attacks).
    GoAgain,
    /// "If you defend with this card, destroy it when the combat chain closes."
    BladeBreak,
    /// "If you defend with this card, put a -1{d} counter on it when the combat chain closes."
    Battleworn,
    /// "You may only have 1 of this card in your deck" (glossary; 4.1.7: a deck check, nothing
    /// in play).
    Legendary,
}

/// Which attacks a phrase names (20.4.2, 23.1): "attack", "weapon attack", "sword or dagger
/// attack", "Brute attack", "Dawnblade attack", "attack action card". Every part given must hold.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct AttackKind {
    /// `Some(true)`: a weapon's attack (15.5.4c); `Some(false)`: an attack action card.
    pub weapon: Option<bool>,
    /// Sub-types its source may have, any one of them (7.2.3: "Sword", "Dagger").
    pub subtypes: Vec<String>,
    /// A class or talent super-type its source has (6.4.2, 7.2.2: "Brute").
    pub supertype: Option<String>,
    /// Its source's name, or the part of it before the comma ("Dawnblade" for "Dawnblade,
    /// Resplendent", 7.2.1).
    pub name: Option<String>,
}

impl AttackKind {
    /// Any attack.
    pub fn any() -> Self {
        AttackKind::default()
    }
    /// An attack by a weapon (15.5.4c).
    pub fn weapon() -> Self {
        AttackKind { weapon: Some(true), ..AttackKind::default() }
    }
    /// An attack whose source has the sub-type `s` (7.2.3).
    pub fn subtype(s: &str) -> Self {
        AttackKind { subtypes: vec![s.to_string()], ..AttackKind::default() }
    }
    /// Whether an attack by `source` (a weapon's attack if `weapon`) is of this kind.
    pub fn matches(&self, source: &CardDef, weapon: bool) -> bool {
        self.weapon.is_none_or(|w| w == weapon)
            && (self.subtypes.is_empty() || self.subtypes.iter().any(|s| source.is(s)))
            && self.supertype.as_ref().is_none_or(|t| source.supertypes.iter().any(|x| x == t))
            && self.name.as_ref().is_none_or(|n| name_is(&source.name, n))
    }
}

/// Which cards a phrase names, attacks or not: "a card with 6 or more {p}", "a card in your hand
/// with cost 1 or less", "Glistening Steelblade", "a sword attack", "an attack action card".
/// Every part given must hold.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CardFilter {
    /// Only attacks (an attack card, or a weapon's attack, 15.5.4c), of this kind.
    pub attack: Option<AttackKind>,
    /// Its name, or the part of it before the comma (7.2.1).
    pub name: Option<String>,
    /// "with N or more {p}" (7.2.5: a card with no power has none, so it never has N or more).
    pub power_at_least: Option<u8>,
    /// "with cost N or less" (19.6.2: a card with no cost counts as cost 0).
    pub cost_at_most: Option<u8>,
}

impl CardFilter {
    /// Any card.
    pub fn any() -> Self {
        CardFilter::default()
    }
    /// Attacks of this kind.
    pub fn attack(kind: AttackKind) -> Self {
        CardFilter { attack: Some(kind), ..CardFilter::default() }
    }
    /// Whether `card` (a weapon's attack if `weapon`) passes the filter.
    pub fn matches(&self, card: &CardDef, weapon: bool) -> bool {
        self.attack.as_ref().is_none_or(|k| (card.attack || weapon) && k.matches(card, weapon))
            && self.name.as_ref().is_none_or(|n| name_is(&card.name, n))
            && self.power_at_least.is_none_or(|n| card.power.is_some_and(|p| p >= n))
            && self.cost_at_most.is_none_or(|n| card.cost.unwrap_or(0) <= n)
    }
}

/// A card's name is `n`, or `n` is the part of it before the comma (7.2.1: "Dawnblade" for
/// "Dawnblade, Resplendent").
pub fn name_is(name: &str, n: &str) -> bool {
    name == n || name.strip_prefix(n).is_some_and(|r| r.starts_with(','))
}

/// Whose event a triggered ability watches: the card's own ("this attacks", "you attack with
/// NAME", 19.3), or its controller's cards of a kind ("a sword attack you control hits", "you play
/// a card with 6 or more {p}").
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Subject {
    This,
    Yours(CardFilter),
}

/// The attack an effect changes (20.4.2, 23.1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AttackRef {
    /// The attack on the current chain link (an attack reaction's "the attack"; "this" in an
    /// attack card's own ability).
    Current,
    /// "Target [kind] attack": the attack on the current chain link, a target (23.1): the card
    /// needs it to be played (23.1.1) and to resolve (19.1.1b).
    Target(AttackKind),
    /// "Your next [kind] attack this turn", "The next [kind] attack action card you play this
    /// turn": the next attack of that kind its controller makes this turn, as it becomes the
    /// chain link's attack (20.4.2); the effect ends with the turn (13.3.3f).
    Next(AttackKind),
}

/// A condition: of an effect's line ("If you have attacked with a weapon this turn, ..."), of a
/// triggered ability, or of playing a card ("Play this only if ...").
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Condition {
    /// 20.4.4a: its controller has attacked at least this many times with attacks of this kind
    /// this turn ("If you have attacked with a weapon this turn", "attacked 2 or more times with
    /// weapons").
    AttackedWith(AttackKind, u8),
    /// "If a card with N or more {p} is discarded this way": a card the same layer discarded
    /// before it passes the filter.
    DiscardedThisWay(CardFilter),
    /// "If you've **intimidated** this turn": an intimidate of its controller's happened this
    /// turn (13.3.3f: the record ends with the turn).
    IntimidatedThisTurn,
    /// "if you have less {h} than an opposing hero" (6.4.6: life).
    LessLifeThanAnOpponent,
    /// "if you have more {h} than an opposing hero".
    MoreLifeThanAnOpponent,
    /// "this is attacking": the card is the attack of the current chain link (20.4.4).
    Attacking,
    /// Reprise (glossary): "If the defending hero has defended with a card from their hand
    /// this chain link".
    DefendedFromHand,
    /// "While this attack is defended by less than 2 non-equipment cards", "... by 2 or more
    /// cards" (17.2.1: a conditional continuous effect, read whenever the attack's power is): the
    /// number of defending cards on the attack's chain link (20.5.2) that pass the type filter.
    DefendedBy { count: Count, cards: TypeFilter },
    /// "If it's your second weapon attack this turn" (20.4.4a): the attack on the current chain
    /// link is of this kind and its controller's Nth attack of this kind this turn.
    NthAttackThisTurn(AttackKind, u8),
    /// "If you do" after "you may pay COST" (15.5.1b: an optional cost): the resolving layer's
    /// controller paid it.
    PaidThisWay,
    /// "Activate this ability only while this is defending" (20.5.2b): the card is a defending
    /// card on the combat chain.
    Defending,
    /// "NAME is face down/up in arsenal" (11.1.7; Mentor in the glossary): the card is in its
    /// owner's arsenal, face down if `face_down`, face up otherwise.
    InArsenal { face_down: bool },
    /// "there are 2 or more lesson counters on NAME" (glossary: counters).
    CountersOn { kind: String, count: Count },
    /// "during your action phase" (13.2): its controller is the turn player in the action phase.
    YourActionPhase,
}

/// A number compared: "less than N", "N or more".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Count {
    LessThan(u8),
    AtLeast(u8),
}

impl Count {
    pub fn holds(self, n: usize) -> bool {
        match self {
            Count::LessThan(k) => n < usize::from(k),
            Count::AtLeast(k) => n >= usize::from(k),
        }
    }
}

/// Cards by type: "non-equipment cards", "equipment", "cards".
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TypeFilter {
    pub card_type: Option<CardType>,
    /// "non-TYPE": every card but those.
    pub not: bool,
}

impl TypeFilter {
    pub fn matches(&self, t: CardType) -> bool {
        self.card_type.is_none_or(|x| (x == t) != self.not)
    }
}

/// An ability one effect gives an attack or a card (a quoted ability: `gains "..."`): a triggered
/// ability (16) or a static power bonus while a condition holds (17.2.1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ability {
    Triggered(Trigger, Vec<Effect>),
    /// "[While CONDITION,] it has +N{p}".
    Power(Option<Condition>, u8),
}

/// What a layer does when it resolves (19.2: in the order written). A small typed set; the card
/// language compiles to it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Effect {
    /// An attack gains +`power`{p} (25.3: not its base power) and, if `go_again`, go again.
    Gains { to: AttackRef, power: u8, go_again: bool },
    /// "If CONDITION, EFFECT": the effect after it applies only if the condition holds as it
    /// resolves (19.7: otherwise that part does nothing).
    IfThen(Condition),
    /// The controller draws N cards.
    Draw(u8),
    /// The controller discards N cards chosen at random from hand ("discarded this way").
    DiscardRandom(u8),
    /// The controller gains N{h}.
    GainLife(u8),
    /// The controller gains N{r} in their resource pool.
    GainResource(u8),
    /// Intimidate (glossary): the opposing hero banishes face down a random card from hand,
    /// returned at the beginning of the end phase.
    Intimidate,
    /// Deals N damage to the opposing hero (26.4.3: damage with no type).
    DealDamage(u8),
    /// "Reveal the top card of your deck. If it has N or more {p}, put it on top. Otherwise,
    /// put it on the bottom." (11.2: the deck is ordered; a revealed card stays in its zone).
    RevealTopKeepIfPower(u8),
    /// "it gains +N{p} until end of turn": the card whose ability resolves has +N{p} as an
    /// attack's source until the turn ends (13.3.3f).
    SourceGainsPowerThisTurn(u8),
    /// "Your weapon attacks gain +1{p} this turn": each attack of that kind its controller makes
    /// for the rest of the turn gains it as it becomes the attack (20.4.2: "Attacks this turn").
    AttacksGainThisTurn(AttackKind, u8),
    /// An attack gains abilities ("Your next weapon attack this turn gains "If this hits, ...""):
    /// for as long as it is the attack (the chain link's, 20.4.5).
    GainsAbilities { to: AttackRef, abilities: Vec<Ability> },
    /// "it gains +2{d} and "When the combat chain closes, destroy NAME."", "This gets +3{d}":
    /// the card whose ability resolves gains defense (25.3: not its base defense) and abilities
    /// for as long as it is that object (11.7).
    SourceGains { defense: u8, abilities: Vec<Ability> },
    /// "put a +1{p} counter on it" (25.4), "put a lesson counter on NAME" (glossary: counters):
    /// on the card the resolving layer is about (the attack a hit trigger watched, or the card
    /// whose ability it is), in the arena or the arsenal.
    AddCounter(Counter),
    /// "destroy NAME" / "destroy this": the card whose ability resolves, if it is still in the
    /// arena (glossary: destroy).
    DestroySource,
    /// "you may pay {r}" (15.5.1b): its controller is asked before the layer resolves; "If you
    /// do" ([`Condition::PaidThisWay`]) reads the answer.
    MayPay(u8),
    /// "attack an additional time with it this turn" (15.2.1): the weapon whose attack the event
    /// was about (the current chain link's) may use its once per turn attack once more this turn.
    AttackAgain(u8),
    /// "The next time EVENT would happen this turn, instead ..." (18): a replacement effect of
    /// its controller's, used up by the first event it replaces and ended with the turn.
    Replace { would: super::replacement::Would, instead: super::replacement::Instead },
    /// "you may EFFECT": a permission. As the step is reached (19.2) the layer's controller
    /// decides whether to do it ([`crate::fab::Ask::May`]).
    May(Box<Effect>),
    /// "turn her face up" (Mentor, glossary): the card the layer is about, face down in its
    /// owner's arsenal, turns face up.
    TurnFaceUp,
    /// "banish her" (11.1.12): the card the layer is about, in the arena or the arsenal, is
    /// banished face up.
    BanishSource,
    /// "search your deck for CARD, put it face up in arsenal" (24): the first card of the
    /// controller's deck that passes the filter, put face up in the arsenal if `to_arsenal` and
    /// the arsenal is empty (else it stays in the deck). 24.4: the deck is shuffled afterwards,
    /// which the compiler makes sure of ([`Effect::Shuffle`] follows every search).
    Search { filter: CardFilter, to_arsenal: bool },
    /// "shuffle" (24.4): the controller's deck is shuffled with the game's RNG.
    Shuffle,
    /// "create a Quicken token" (10.1): a token of that name from the card pool, controlled by
    /// the effect's controller; an aura becomes a permanent in the arena (10.4.3b).
    CreateToken(String),
    /// A delayed triggered effect for the rest of the turn (16.4): "Whenever Dawnblade hits a
    /// hero this turn, ...", "Whenever you attack with a sword or dagger this turn; ...": its
    /// event (with the attacks it watches) and its effects (ended by 13.3.3f).
    Delayed { event: Trigger, effects: Vec<Effect> },
}

/// A counter (glossary: counters; 25.4 for +1{p}).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Counter {
    /// "+N{p}": counted in the card's power.
    Power(u8),
    /// A named counter with no rules meaning of its own ("lesson"): cards count them.
    Named(String),
}

impl Effect {
    /// The kind of attack this effect targets, if it targets one.
    pub fn targets(&self) -> Option<&AttackKind> {
        match self {
            Effect::Gains { to: AttackRef::Target(k), .. } => Some(k),
            _ => None,
        }
    }

    /// "The attack gains +N{p}" (the current chain link's).
    pub fn attack_gains_power(n: u8) -> Effect {
        Effect::Gains { to: AttackRef::Current, power: n, go_again: false }
    }
}

/// A card's printed properties.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CardDef {
    pub name: String,
    pub card_type: CardType,
    /// Class and talent super-types before the card type ("Brute", "Warrior", "Generic"), 6.4.2.
    pub supertypes: Vec<String>,
    /// Sub-types after the hyphen ("Attack", "Sword", "Head", "Aura"), 6.4.3.
    pub subtypes: Vec<String>,
    /// Sub-type attack (15.5.4b): playing it opens or continues a combat chain.
    pub attack: bool,
    /// Pitch value: resource points gained by pitching it (0 when it has none).
    pub pitch: u8,
    /// Resource cost (`None`: no cost value, 19.6).
    pub cost: Option<u8>,
    pub power: Option<u8>,
    /// Defense value; a card with none cannot defend (20.5.1a).
    pub defense: Option<u8>,
    /// Heroes: life and intellect (6.4).
    pub life: Option<u8>,
    pub intellect: Option<u8>,
    /// Equipment: its slot (8.2.3b).
    pub slot: Option<Slot>,
    /// Weapons: hands it takes, 1 or 2 (7.2.3a).
    pub hands: u8,
    /// Weapons: the resource cost of its "Once per Turn Action - {r}: Attack" ability.
    pub attack_ability_cost: Option<u8>,
    pub keywords: Vec<Keyword>,
    pub effects: Vec<Effect>,
    /// Costs besides resources, paid as it is played (15.5.3c).
    pub additional_costs: Vec<AdditionalCost>,
    /// Triggered abilities (16): the event and the effects of the layer it adds.
    pub triggers: Vec<(Trigger, Vec<Effect>)>,
    /// "Play NAME only if ...": a condition of playing it (15.5.1).
    pub play_condition: Option<Condition>,
    /// An attack card's own "[If CONDITION,] this gets +N{p}": it has the bonus while it is the
    /// chain link's attack and the condition holds (a static ability, 25.3).
    pub own_power: Vec<(Option<Condition>, u8)>,
    /// Activated abilities of a permanent, "**Action** - COSTS: EFFECTS" (15.2).
    pub activated: Vec<Activated>,
}

/// An activated action ability (15.2): "**Action** - {r}, destroy this: EFFECT. **Go again**".
/// Activating it costs an action point (15.5.3d) and its costs; it becomes a layer (15.5.4a).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Activated {
    /// "**Instant** - ...": any time its controller has priority (15.4), no action point;
    /// otherwise an action ability (15.3, 15.5.3d).
    pub instant: bool,
    /// "**Once per Turn ...**": once each turn (15.2.1).
    pub once_per_turn: bool,
    /// Resource points ({r} each).
    pub resources: u8,
    /// "destroy this": the permanent goes to the graveyard as a cost.
    pub destroy_self: bool,
    /// "Discard a card": a card of its controller's choice from hand (15.5.3c).
    pub discard: bool,
    /// "Activate this ability only while CONDITION" (15.5.1).
    pub only_while: Option<Condition>,
    pub effects: Vec<Effect>,
    /// Go again on the ability: resolved, it gives an action point (glossary).
    pub go_again: bool,
}

/// The event a triggered ability waits for (16), and whose.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Trigger {
    /// "When this attacks", "When you attack with NAME", "Whenever you attack with a sword or
    /// dagger" (20.4.4d): an attack becomes attacking.
    Attacks(Subject),
    /// "When you play this", "whenever you play a card with 6 or more {p}" (15.5, 20.4.2).
    Plays(Subject),
    /// "activate a weapon attack" (15.5.4c, 20.4.2).
    Activates(Subject),
    /// "When this defends", "When you defend with NAME" (20.5.2: it becomes a defending card).
    Defends(Subject),
    /// "When NAME is destroyed" (glossary: destroy).
    Destroyed(Subject),
    /// "Whenever you discard a card with N or more {p}".
    Discards(Subject),
    /// "If this hits", "Whenever NAME hits [a hero]", "whenever a sword attack you control hits"
    /// (20.7.2b: it dealt damage in damage calculation): added at the start of chain link
    /// resolution (20.8.1).
    Hits(Subject),
    /// "When the combat chain closes" (21.3).
    ChainCloses,
    /// "NAME gains **go again**": an effect gives an attack go again.
    GainsGoAgain(Subject),
    /// "at the start of your turn" (13.1.3).
    StartOfTurn,
    /// "EVENT or EVENT": either.
    Any(Vec<Trigger>),
    /// "The first/second/third time EVENT each turn": the event's Nth occurrence this turn that
    /// the ability's event accepts (16.7 for the first).
    Nth(u8, Box<Trigger>),
    /// "While CONDITION, EVENT" / "EVENT during your action phase": the event counts only while
    /// the condition holds (about the ability's card); "While NAME is face up in arsenal, ..."
    /// lets a mentor's ability work from the arsenal (Mentor, glossary).
    While(Condition, Box<Trigger>),
}

impl Trigger {
    /// Whether the ability works from its card's arsenal (Mentor, glossary): its event is
    /// conditional on the card being in the arsenal. Other triggered abilities work in the arena
    /// only (16.1).
    pub fn works_in_arsenal(&self) -> bool {
        match self {
            Trigger::While(Condition::InArsenal { .. }, _) => true,
            Trigger::While(_, t) | Trigger::Nth(_, t) => t.works_in_arsenal(),
            Trigger::Any(ts) => ts.iter().any(Trigger::works_in_arsenal),
            _ => false,
        }
    }
}

/// A cost other than resource points, paid as the card is played (15.5.3c): "As an additional
/// cost to play this, ...".
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AdditionalCost {
    /// "discard a random card": one chosen at random from the cards left in hand once the card
    /// and the cards pitched for it are gone; with none left it can't be paid, so the card can't
    /// be played.
    DiscardRandom,
    /// "reveal a card in your hand with cost 1 or less": one of the cards left in hand passes
    /// the filter; with none it can't be paid.
    Reveal(CardFilter),
}

impl Activated {
    /// An action ability with no costs and no effects.
    pub fn action() -> Self {
        Activated {
            instant: false,
            once_per_turn: false,
            resources: 0,
            destroy_self: false,
            discard: false,
            only_while: None,
            effects: Vec::new(),
            go_again: false,
        }
    }
}

impl CardDef {
    pub fn new(name: &str, card_type: CardType) -> Self {
        CardDef {
            name: name.to_string(),
            card_type,
            supertypes: Vec::new(),
            subtypes: Vec::new(),
            attack: false,
            pitch: 0,
            cost: None,
            power: None,
            defense: None,
            life: None,
            intellect: None,
            slot: None,
            hands: 0,
            attack_ability_cost: None,
            keywords: Vec::new(),
            effects: Vec::new(),
            additional_costs: Vec::new(),
            triggers: Vec::new(),
            play_condition: None,
            own_power: Vec::new(),
            activated: Vec::new(),
        }
    }

    /// With a non-resource cost (15.5.3c).
    pub fn additional_cost(mut self, a: AdditionalCost) -> Self {
        self.additional_costs.push(a);
        self
    }

    /// With a triggered ability (16).
    pub fn trigger(mut self, t: Trigger, effects: Vec<Effect>) -> Self {
        self.triggers.push((t, effects));
        self
    }

    /// A (young) hero with life and intellect.
    pub fn hero(name: &str, life: u8, intellect: u8) -> Self {
        CardDef { life: Some(life), intellect: Some(intellect), ..CardDef::new(name, CardType::Hero) }
    }

    /// An attack action card.
    pub fn attack_action(name: &str, pitch: u8, cost: u8, power: u8, defense: u8) -> Self {
        CardDef::new(name, CardType::Action).attack().pitch(pitch).cost(cost).power(power).defense(defense)
    }

    /// A weapon whose ability is "Once per Turn Action - {r}x`cost`: Attack".
    pub fn weapon(name: &str, power: u8, cost: u8, hands: u8) -> Self {
        CardDef { power: Some(power), hands, attack_ability_cost: Some(cost), ..CardDef::new(name, CardType::Weapon) }
    }

    pub fn equipment(name: &str, slot: Slot, defense: u8) -> Self {
        CardDef { slot: Some(slot), defense: Some(defense), ..CardDef::new(name, CardType::Equipment) }
    }

    pub fn attack(mut self) -> Self {
        self.attack = true;
        self
    }
    pub fn pitch(mut self, n: u8) -> Self {
        self.pitch = n;
        self
    }
    pub fn cost(mut self, n: u8) -> Self {
        self.cost = Some(n);
        self
    }
    pub fn power(mut self, n: u8) -> Self {
        self.power = Some(n);
        self
    }
    pub fn defense(mut self, n: u8) -> Self {
        self.defense = Some(n);
        self
    }
    pub fn keyword(mut self, k: Keyword) -> Self {
        self.keywords.push(k);
        self
    }
    pub fn effect(mut self, e: Effect) -> Self {
        self.effects.push(e);
        self
    }
    pub fn subtype(mut self, s: &str) -> Self {
        self.subtypes.push(s.to_string());
        self
    }
    pub fn is(&self, subtype: &str) -> bool {
        self.subtypes.iter().any(|s| s == subtype)
    }
    pub fn has(&self, k: Keyword) -> bool {
        self.keywords.contains(&k)
    }
    pub fn shared(self) -> Arc<CardDef> {
        Arc::new(self)
    }
}

/// What a player brings to a game: hero, weapons and equipment in the arena, and the deck (12.3,
/// 12.4).
#[derive(Clone, Debug)]
pub struct Loadout {
    pub hero: CardDef,
    pub weapons: Vec<CardDef>,
    pub equipment: Vec<CardDef>,
    pub deck: Vec<CardDef>,
}

/// Why a loadout cannot start a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LoadoutError {
    NotAHero,
    /// 4.2.4: a deck card of a type that cannot be in a deck.
    NotADeckCard(String),
    /// 11.1.2, 7.2.3a: more hands of weapons than the hero's two weapon zones.
    TooManyHands,
    /// 11.1.3-11.1.6: two equipment for one slot, or an equipment with no slot.
    SlotTaken(String),
}

impl Loadout {
    /// Checks what the zones allow (11.1.2-11.1.6, 4.2.4).
    pub fn check(&self) -> Result<(), LoadoutError> {
        if self.hero.card_type != CardType::Hero {
            return Err(LoadoutError::NotAHero);
        }
        if let Some(c) = self.deck.iter().find(|c| !c.card_type.can_be_in_deck()) {
            return Err(LoadoutError::NotADeckCard(c.name.clone()));
        }
        if self.weapons.iter().map(|w| w.hands.max(1) as u32).sum::<u32>() > 2 {
            return Err(LoadoutError::TooManyHands);
        }
        let mut slots = Vec::new();
        for e in &self.equipment {
            match e.slot {
                Some(s) if !slots.contains(&s) => slots.push(s),
                _ => return Err(LoadoutError::SlotTaken(e.name.clone())),
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn loadout() -> Loadout {
        Loadout {
            hero: CardDef::hero("Hero", 20, 4),
            weapons: vec![CardDef::weapon("Club", 4, 2, 2)],
            equipment: vec![CardDef::equipment("Helm", Slot::Head, 1), CardDef::equipment("Legs", Slot::Legs, 1)],
            deck: vec![CardDef::attack_action("Hit", 1, 1, 4, 3)],
        }
    }

    #[test]
    fn zones_limit_weapons_and_equipment() {
        assert_eq!(loadout().check(), Ok(()));
        // 7.2.3a: a (2H) weapon takes both weapon zones.
        let mut l = loadout();
        l.weapons.push(CardDef::weapon("Dagger", 1, 0, 1));
        assert_eq!(l.check(), Err(LoadoutError::TooManyHands));
        // 11.1.3: one head zone.
        let mut l = loadout();
        l.equipment.push(CardDef::equipment("Other Helm", Slot::Head, 2));
        assert_eq!(l.check(), Err(LoadoutError::SlotTaken("Other Helm".into())));
        // 4.2.4: equipment never starts in the deck.
        let mut l = loadout();
        l.deck.push(CardDef::equipment("Boots", Slot::Legs, 1));
        assert_eq!(l.check(), Err(LoadoutError::NotADeckCard("Boots".into())));
        let mut l = loadout();
        l.hero = CardDef::attack_action("Not a hero", 1, 0, 1, 1);
        assert_eq!(l.check(), Err(LoadoutError::NotAHero));
    }

    /// 20.4.2, 23.1: an attack's kind by weapon or card, sub-type, class and name; a name matches
    /// the card's full name or the part before its comma (7.2.1).
    #[test]
    fn attack_kinds_match_by_source() {
        let dawnblade = CardDef::weapon("Dawnblade, Resplendent", 2, 1, 2).subtype("Sword");
        let mut mutt = CardDef::attack_action("Muscle Mutt", 2, 3, 6, 2);
        mutt.supertypes = vec!["Generic".into()];
        let mut call = CardDef::attack_action("Pack Call", 2, 3, 6, 3);
        call.supertypes = vec!["Brute".into()];
        assert!(AttackKind::weapon().matches(&dawnblade, true) && !AttackKind::weapon().matches(&mutt, false));
        assert!(AttackKind::subtype("Sword").matches(&dawnblade, true));
        assert!(!AttackKind::subtype("Dagger").matches(&dawnblade, true));
        let brute_card = AttackKind { weapon: Some(false), supertype: Some("Brute".into()), ..AttackKind::any() };
        assert!(brute_card.matches(&call, false) && !brute_card.matches(&mutt, false));
        let named = |n: &str| AttackKind { name: Some(n.into()), ..AttackKind::any() };
        assert!(named("Dawnblade").matches(&dawnblade, true));
        assert!(named("Dawnblade, Resplendent").matches(&dawnblade, true));
        assert!(!named("Dawn").matches(&dawnblade, true), "a name is a whole part, not a prefix");
    }

    /// 19.6, 19.6.1: an effect looking for a defined value ("with 6 or more {p}") finds it true
    /// or false, and false for a card with no power; 19.6.2: a value returned ("cost 1 or less")
    /// is zero for a card with no cost.
    #[test]
    fn r19_6_a_card_without_the_value_looked_for() {
        let bauble = CardDef::new("Bauble", CardType::Resource).pitch(3);
        let six = CardFilter { power_at_least: Some(6), ..CardFilter::any() };
        assert!(!six.matches(&bauble, false), "19.6.1: no power, so not 6 or more");
        assert!(six.matches(&CardDef::attack_action("Big", 1, 2, 6, 2), false));
        let cheap = CardFilter { cost_at_most: Some(1), ..CardFilter::any() };
        assert!(cheap.matches(&bauble, false), "19.6.2: no cost counts as zero");
        assert!(!cheap.matches(&CardDef::attack_action("Dear", 1, 2, 6, 2), false));
    }
}
