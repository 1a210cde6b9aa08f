//! Resolving layers (CR 19): the top layer resolves, its effects in the order written (19.2);
//! a 'non-attack' action or instant then goes to the graveyard (19.8), an attack or defense
//! reaction stays on its chain link (19.9); an action with go again gives an action point
//! (glossary, "Go again").

use super::R;
use super::cards::{AttackKind, AttackRef, CardFilter, CardType, Condition, Counter, Effect, Keyword};
use super::continuous::{Affects, Duration, Modifier};
use super::state::{Action, Ask, Game, Layer, Link};
use super::zones::Zone;
use crate::kernel::decision::decide;
use crate::kernel::{ObjId, PlayerId};

impl Game {
    /// Resolves the top layer of the chain (14.5, 19.1), or goes on with the layer resolving
    /// when a decision of its resolution stopped the game. The caller gives priority.
    pub(super) fn resolve_top(&mut self) -> R<()> {
        if self.resolving.is_none() {
            let Some(layer) = self.chain.pop() else { return Ok(()) };
            if !self.begin_resolving(&layer) {
                return Ok(());
            }
            self.resolving = Some(layer);
            self.resolved_steps = (0, false);
            self.discarded_this_way.clear();
        }
        let layer = self.resolving.clone().expect("a layer resolving");
        let effects = self.layer_effects(&layer).to_vec();
        self.run_steps(&effects, layer.controller)?;
        self.resolving = None;
        self.finish_layer(layer);
        Ok(())
    }

    /// Whether `layer` resolves; if so, says so. 16.5: a triggered effect whose triggering game
    /// state is no longer true does not resolve and is removed. 19.1.1, 19.1.1b: a card whose
    /// every target is gone does not resolve and goes to the graveyard.
    fn begin_resolving(&mut self, layer: &Layer) -> bool {
        let def = self.obj(layer.card).card.clone();
        if let Some(c) = &layer.cause
            && !self.still_true(&c.trigger, c.card, layer.controller, &c.event)
        {
            crate::trace!(
                self,
                "16.5",
                "the game state that made {}'s triggered effect trigger is no longer true: it does not resolve and \
                 leaves the chain",
                def.name
            );
            return false;
        }
        if layer.effects.is_some() {
            crate::trace!(self, "19.1", "a triggered effect about {} resolves", def.name);
        } else if layer.activated.is_some() {
            crate::trace!(self, "19.1", "{}'s ability resolves", def.name);
        } else if layer.trigger.is_some() {
            crate::trace!(self, "19.1", "{}'s triggered effect resolves", def.name);
        } else if let Some(kind) = def.effects.iter().find_map(Effect::targets)
            && !self.attack_target_legal(kind)
        {
            crate::trace!(self, "19.1.1b", "{} has no legal target: it does not resolve", def.name);
            self.move_to(layer.card, Zone::Graveyard);
            return false;
        } else {
            crate::trace!(self, "19.1", "{} resolves", def.name);
        }
        true
    }

    /// After its effects: an activated ability's go again gives an action point (15.2); a card
    /// goes where 19.8 and 19.9 say. A triggered layer's card stays where it is (16).
    fn finish_layer(&mut self, layer: Layer) {
        let def = self.obj(layer.card).card.clone();
        if self.is_over() || layer.effects.is_some() || layer.trigger.is_some() {
            return;
        }
        if let Some(i) = layer.activated {
            if def.activated[usize::from(i)].go_again {
                self.go_again(layer.controller);
            }
            return;
        }
        let on_link = self.current_link().is_some();
        match def.card_type {
            CardType::AttackReaction if on_link => {
                // 19.9: it stays on the chain link until the combat chain closes.
                self.current_link_mut().expect("a link").reactions.push(layer.card);
            }
            CardType::DefenseReaction if on_link => {
                // 20.6.4b: it becomes a defending card.
                let link = self.current_link_mut().expect("a link");
                link.defending.push(layer.card);
                link.defended_from_hand |= layer.from_hand;
                crate::trace!(self, "20.6.4b", "{} becomes a defending card", def.name);
            }
            _ => {
                if def.card_type == CardType::Action && def.has(Keyword::GoAgain) {
                    self.go_again(layer.controller);
                }
                // 19.8.
                self.move_to(layer.card, Zone::Graveyard);
            }
        }
    }

    /// Go again (glossary): an action or action ability with it, resolved, gives its controller
    /// an action point (a chain link's go again is 20.8.3a, in `combat.rs`).
    fn go_again(&mut self, p: PlayerId) {
        self.player_mut(p).action_points += 1;
        crate::trace!(self, "27", "go again: {p} gains 1 action point");
    }

    /// The effects a layer applies as it resolves (the card's, its triggered or activated
    /// ability's, or those an effect gave).
    fn layer_effects<'a>(&'a self, layer: &'a Layer) -> &'a [Effect] {
        let def = &self.obj(layer.card).card;
        if let Some(e) = &layer.effects {
            e
        } else if let Some(i) = layer.activated {
            &def.activated[usize::from(i)].effects
        } else if let Some(i) = layer.trigger {
            &def.triggers[usize::from(i)].1
        } else {
            &def.effects
        }
    }

    /// Reprise (glossary): the defending hero has defended the current chain link with a card
    /// from hand. Recorded on a layer as it is played or triggers; `holds` reads that record.
    pub(super) fn reprise_active(&self) -> bool {
        self.current_link().is_some_and(|l| l.defended_from_hand)
    }

    /// Applies `effects` in order for `controller` (19.2), as a layer of its own would: "If
    /// CONDITION, EFFECT" skips the effect when the condition does not hold (19.7).
    pub fn apply_all(&mut self, effects: &[Effect], controller: PlayerId) -> R<()> {
        self.discarded_this_way.clear();
        self.resolved_steps = (0, false);
        self.run_steps(effects, controller)
    }

    /// Applies the resolving layer's effects from the first not yet applied (19.2): "If
    /// CONDITION, EFFECT" skips the effect when the condition does not hold (19.7); "you may",
    /// "you may pay" and a search ask as they are reached, and a game stopped at that question
    /// asks it again when resumed, nothing before it applied twice. "Discarded this way" is what
    /// these effects discarded. 3.1.1: the game ends at once; nothing else resolves.
    fn run_steps(&mut self, effects: &[Effect], controller: PlayerId) -> R<()> {
        while let Some(e) = effects.get(self.resolved_steps.0) {
            if self.is_over() {
                return Ok(());
            }
            if self.resolved_steps.1 {
                crate::trace!(self, "19.7", "its condition does not hold: that part does nothing");
                self.resolved_steps = (self.resolved_steps.0 + 1, false);
                continue;
            }
            let mut skip = false;
            match e {
                Effect::IfThen(c) => skip = !self.holds(c, controller),
                Effect::May(inner) => self.may(inner, controller)?,
                Effect::MayPay(n) => self.optional_cost(*n, controller)?,
                Effect::Search { filter, to_arsenal } => self.search(controller, filter, *to_arsenal)?,
                e => self.apply(e, controller)?,
            }
            self.resolved_steps = (self.resolved_steps.0 + 1, skip);
        }
        Ok(())
    }

    /// "you may EFFECT": the controller decides whether to do it, as the step is reached (19.2).
    fn may(&mut self, effect: &Effect, p: PlayerId) -> R<()> {
        let card = self.resolving.as_ref().map_or(self.player(p).hero, |l| l.card);
        let option = |take| Action::May { effect: effect.clone(), card, take };
        let Action::May { take, .. } = decide(self, p, Ask::May, vec![option(true), option(false)])? else {
            unreachable!("may options")
        };
        if take {
            self.apply(effect, p)?;
        } else {
            crate::trace!(self, "19.2", "{p} does not use the permission (\"you may\")");
        }
        Ok(())
    }

    /// 15.5.1b: "you may pay {r}": the controller pays it (any legal way: the resource pool
    /// first, then pitching, 15.5.3) or declines; "If you do" reads the answer.
    fn optional_cost(&mut self, n: u8, p: PlayerId) -> R<()> {
        let card = self.resolving.as_ref().map_or(self.player(p).hero, |l| l.card);
        let mut options: Vec<Action> = self.pitch_options(p, u32::from(n), card).into_iter().map(Action::Pay).collect();
        options.push(Action::Decline);
        let paid = match decide(self, p, Ask::OptionalCost, options)? {
            Action::Pay(pitch) => {
                self.pay(p, u32::from(n), &pitch, false);
                crate::trace!(self, "15.5.1b", "{p} pays the optional cost of {n} resource point(s)");
                true
            }
            _ => {
                crate::trace!(self, "15.5.1b", "{p} does not pay the optional cost");
                false
            }
        };
        if let Some(l) = self.resolving.as_mut() {
            l.paid = Some(paid);
        }
        Ok(())
    }

    /// Applies one effect for `controller` (19.2, 19.7: what cannot resolve is ignored).
    pub fn apply(&mut self, e: &Effect, controller: PlayerId) -> R<()> {
        match e {
            // Meaningful only in a sequence ([`Game::apply_all`]).
            Effect::IfThen(_) => {}
            Effect::Draw(n) => {
                for _ in 0..*n {
                    self.draw(controller);
                }
            }
            Effect::DiscardRandom(n) => {
                for _ in 0..*n {
                    let len = self.player(controller).hand.len();
                    if len == 0 {
                        break;
                    }
                    let i = self.rng.below(len);
                    let card = self.player(controller).hand[i];
                    crate::trace!(self, "19.2", "{controller} discards {} at random", self.name(card));
                    let id = self.move_to(card, Zone::Graveyard);
                    self.discarded_this_way.push(id);
                    self.discarded(controller, id);
                }
            }
            Effect::Gains { to, power, go_again, .. } => match to {
                AttackRef::Current => {
                    if let Some(i) = self.current_link().map(|l| l.index) {
                        self.link_gains(i, *power, *go_again)?;
                    }
                }
                AttackRef::Target(kind) => {
                    if let Some(i) = self.resolving_target(kind) {
                        self.link_gains(i, *power, *go_again)?;
                    }
                }
                AttackRef::Next(kind) => {
                    let m = modifiers(*power, *go_again);
                    self.add_continuous(controller, Affects::Attacks(kind.clone()), m, Duration::NextAttack);
                }
            },
            Effect::GainLife(n) => self.player_mut(controller).life += i32::from(*n),
            Effect::GainResource(n) => self.player_mut(controller).resources += u32::from(*n),
            Effect::Intimidate => {
                self.player_mut(controller).intimidated_this_turn = true;
                self.intimidate(self.opponent(controller));
            }
            Effect::DealDamage(n) => {
                let target = self.opponent(controller);
                self.deal_damage(&[(target, u32::from(*n))])?;
            }
            Effect::RevealTopKeepIfPower(n) => self.reveal_top_keep_if_power(controller, *n),
            Effect::AttacksGainThisTurn(kind, n) => {
                let m = vec![Modifier::Power(i32::from(*n))];
                self.add_continuous(controller, Affects::Attacks(kind.clone()), m, Duration::ThisTurn);
            }
            Effect::GainsAbilities { to, abilities } => match to {
                AttackRef::Next(kind) => {
                    let m = abilities.iter().cloned().map(Modifier::Ability).collect();
                    self.add_continuous(controller, Affects::Attacks(kind.clone()), m, Duration::NextAttack);
                }
                _ => {
                    let link = match to {
                        AttackRef::Target(kind) => self.resolving_target(kind),
                        _ => self.current_link().map(|l| l.index),
                    };
                    if let Some(i) = link {
                        let m = abilities.iter().cloned().map(Modifier::Ability).collect();
                        self.add_continuous(controller, Affects::Link(i), m, Duration::AsLongAsItExists);
                    }
                }
            },
            Effect::SourceGains { defense, abilities } => {
                if let Some(source) = self.resolving_source() {
                    let mut m: Vec<Modifier> = abilities.iter().cloned().map(Modifier::Ability).collect();
                    m.insert(0, Modifier::Defense(i32::from(*defense)));
                    self.add_continuous(controller, Affects::Object(source), m, Duration::AsLongAsItExists);
                    crate::trace!(
                        self,
                        "25.3",
                        "{} gains +{defense}{{d}} and {} abilities",
                        self.name(source),
                        abilities.len()
                    );
                }
            }
            Effect::AddCounter(c) => {
                // Counters (glossary): on a card in the arena or the arsenal.
                if let Some(source) = self.resolving_card_in_arena_or_arsenal() {
                    match c {
                        Counter::Power(n) => {
                            self.obj_mut(source).power_counters += i32::from(*n);
                            crate::trace!(self, "25.4", "{} gets {n} +1{{p}} counter(s)", self.name(source));
                        }
                        Counter::Named(kind) => {
                            self.obj_mut(source).add_counter(kind);
                            let n = self.obj(source).counters(kind);
                            crate::trace!(self, "25.4", "{} gets a {kind} counter ({n})", self.name(source));
                        }
                    }
                }
            }
            Effect::TurnFaceUp => {
                if let Some(card) = self.resolving.as_ref().map(|l| l.card)
                    && self.obj(card).zone == Zone::Arsenal
                    && self.obj(card).face_down
                {
                    self.obj_mut(card).face_down = false;
                    crate::trace!(self, "11.1.7", "{} turns face up in the arsenal", self.name(card));
                }
            }
            Effect::BanishSource => {
                if let Some(card) = self.resolving_card_in_arena_or_arsenal() {
                    let id = self.move_to(card, Zone::Banished);
                    self.obj_mut(id).face_down = false;
                    crate::trace!(self, "11.1.12", "{} is banished face up", self.name(id));
                }
            }
            Effect::Shuffle => {
                let mut deck = std::mem::take(&mut self.player_mut(controller).deck);
                self.rng.shuffle(&mut deck);
                self.player_mut(controller).deck = deck;
                crate::trace!(self, "24.4", "{controller} shuffles their deck");
            }
            Effect::DestroySource => {
                if let Some(source) = self.resolving_source() {
                    crate::trace!(self, "16.2", "{} is destroyed", self.name(source));
                    self.destroy(source);
                }
            }
            Effect::AttackAgain(n) => {
                if let Some(l) = self.current_link().filter(|l| l.weapon) {
                    let w = l.attack;
                    self.obj_mut(w).extra_uses += u32::from(*n);
                    crate::trace!(self, "15.2.1", "{} may attack {n} additional time(s) this turn", self.name(w));
                }
            }
            Effect::CreateToken(name) => match super::embedded::token(name) {
                Some(def) => {
                    let id = self.create(def, controller, Zone::Permanent);
                    self.player_mut(controller).permanents.push(id);
                    crate::trace!(self, "10.1", "{controller} creates a {name} token");
                }
                None => crate::trace!(self, "10.1", "no {name} token in the card pool: nothing is created"),
            },
            // Asked as the step is reached ([`Game::run_steps`]); alone, a permission is used.
            Effect::MayPay(_) => {}
            Effect::May(e) => self.apply(e, controller)?,
            Effect::Replace { would, instead } => self.add_replacement(controller, *would, *instead, true),
            Effect::Search { filter, to_arsenal } => {
                let first = self.findable(controller, filter).into_iter().next();
                self.found(controller, first, *to_arsenal);
            }
            Effect::Delayed { event, effects } => {
                self.player_mut(controller).delayed.push((event.clone(), effects.clone()));
                crate::trace!(self, "16.4", "{controller} has a delayed triggered effect for the rest of the turn");
            }
            Effect::SourceGainsPowerThisTurn(n) => {
                if let Some(source) = self.resolving.as_ref().map(|l| l.card) {
                    let m = vec![Modifier::Power(i32::from(*n))];
                    self.add_continuous(controller, Affects::Object(source), m, Duration::ThisTurn);
                    crate::trace!(self, "19.2", "{} gains +{n}{{p}} until end of turn", self.name(source));
                }
            }
        }
        Ok(())
    }

    /// The attack on chain link `i` gains +`power`{p} and, if `go_again`, go again, for as long
    /// as it is the attack (17, 20.4.5).
    pub(super) fn link_gains(&mut self, i: usize, power: u8, go_again: bool) -> R<()> {
        {
            let controller = self.resolving.as_ref().map_or(self.links[i].attacker, |l| l.controller);
            // 18: "an attack you control would gain {p}" replacement effects.
            let attacker = self.links[i].attacker;
            let power = if power > 0 {
                let ev = super::replacement::Event { damage: false, player: attacker, amount: u32::from(power) };
                self.replace(ev)?.min(u32::from(u8::MAX)) as u8
            } else {
                0
            };
            self.add_continuous(controller, Affects::Link(i), modifiers(power, go_again), Duration::AsLongAsItExists);
        }
        Ok(())
    }

    /// The card the resolving layer is about, while it is still in the arena (11.7: once it left,
    /// it is a new object the effect does not follow).
    fn resolving_source(&self) -> Option<ObjId> {
        let card = self.resolving.as_ref()?.card;
        self.obj(card).zone.in_arena().then_some(card)
    }

    /// The card the resolving layer is about while it is in the arena or its owner's arsenal
    /// (counters stay on a card there, glossary).
    fn resolving_card_in_arena_or_arsenal(&self) -> Option<ObjId> {
        let card = self.resolving.as_ref()?.card;
        let z = self.obj(card).zone;
        (z.in_arena() || z == Zone::Arsenal).then_some(card)
    }

    /// 24.1: `p` searches their deck for a card that passes `filter` and chooses what it finds:
    /// one card of each name and colour that qualifies (copies are alike), or, as the deck is a
    /// hidden zone and the card has defined properties, none (24.2, 24.2.1; 24.3: "a card" with no
    /// defined property must be found while there is one). The shuffle after it (24.4) is the
    /// next step ([`Effect::Shuffle`]).
    fn search(&mut self, p: PlayerId, filter: &CardFilter, to_arsenal: bool) -> R<()> {
        crate::trace!(self, "24.1", "{p} searches their deck");
        let mut options: Vec<Action> = self.findable(p, filter).into_iter().map(|c| Action::Find(Some(c))).collect();
        if options.is_empty() || *filter != CardFilter::any() {
            options.push(Action::Find(None));
        }
        let Action::Find(found) = decide(self, p, Ask::Search, options)? else { unreachable!("search options") };
        self.found(p, found, to_arsenal);
        Ok(())
    }

    /// The cards of `p`'s deck a search for `filter` may find, one of each name and colour.
    fn findable(&self, p: PlayerId, filter: &CardFilter) -> Vec<ObjId> {
        let mut seen: Vec<(&str, u8)> = Vec::new();
        let mut out = Vec::new();
        for &c in &self.player(p).deck {
            let card = &self.obj(c).card;
            if filter.matches(card, false) && !seen.contains(&(card.name.as_str(), card.pitch)) {
                seen.push((card.name.as_str(), card.pitch));
                out.push(c);
            }
        }
        out
    }

    /// What a search found: with `to_arsenal`, put face up into the arsenal (11.1.7: if it is
    /// empty; else it stays in the deck).
    fn found(&mut self, p: PlayerId, card: Option<ObjId>, to_arsenal: bool) {
        let Some(card) = card else {
            crate::trace!(self, "24.2", "{p} finds no card");
            return;
        };
        if to_arsenal && self.player(p).arsenal.is_empty() {
            let id = self.move_to(card, Zone::Arsenal);
            self.obj_mut(id).face_down = false;
            crate::trace!(self, "11.1.7", "{p} finds {} and puts it face up into their arsenal", self.name(id));
        } else {
            crate::trace!(self, "24.2", "{p} finds {}, which stays in the deck", self.name(card));
        }
    }

    /// Whether a condition holds for `p` now, about the current chain link and the resolving
    /// layer's card.
    pub fn holds(&self, c: &Condition, p: PlayerId) -> bool {
        self.holds_about(c, p, self.current_link(), self.resolving.as_ref().map(|l| l.card))
    }

    /// Whether a condition holds for `p`, about `link` ("this attack") and `card` ("this").
    pub fn holds_about(&self, c: &Condition, p: PlayerId, link: Option<&Link>, card: Option<ObjId>) -> bool {
        match c {
            Condition::DefendedBy { count, cards } => link.is_some_and(|l| {
                let counted = l.defending.iter().filter(|d| cards.matches(self.obj(**d).card.card_type));
                count.holds(counted.count())
            }),
            Condition::InArsenal { face_down } => card.is_some_and(|c| {
                let o = self.obj(c);
                o.zone == Zone::Arsenal && o.face_down == *face_down
            }),
            Condition::CountersOn { kind, count } => card.is_some_and(|c| count.holds(self.obj(c).counters(kind))),
            Condition::YourActionPhase => self.phase == super::state::Phase::Action && self.turn_player == p,
            Condition::NthAttackThisTurn(kind, n) => link.is_some_and(|l| {
                let matching = |a: ObjId, weapon: bool| kind.matches(&self.obj(a).card, weapon);
                let made = self.player(p).attacked.iter().filter(|&&(a, w)| matching(a, w)).count();
                matching(l.attack, l.weapon) && made == usize::from(*n)
            }),
            Condition::PaidThisWay => self.resolving.as_ref().is_some_and(|l| l.paid == Some(true)),
            Condition::Defending => card.is_some_and(|c| {
                self.obj(c).zone == Zone::Chain && self.links.iter().any(|l| l.defending.contains(&c))
            }),
            Condition::AttackedWith(kind, times) => {
                let made =
                    self.player(p).attacked.iter().filter(|&&(a, weapon)| kind.matches(&self.obj(a).card, weapon));
                made.count() >= usize::from(*times)
            }
            Condition::DiscardedThisWay(f) => {
                self.discarded_this_way.iter().any(|c| f.matches(&self.obj(*c).card, false))
            }
            Condition::IntimidatedThisTurn => self.player(p).intimidated_this_turn,
            Condition::LessLifeThanAnOpponent => self.player(p).life < self.player(self.opponent(p)).life,
            Condition::MoreLifeThanAnOpponent => self.player(p).life > self.player(self.opponent(p)).life,
            Condition::Attacking => card.is_some_and(|c| self.current_link().is_some_and(|l| l.attack == c)),
            // Reprise: as the resolving card was played (glossary), else the chain link now.
            Condition::DefendedFromHand => match &self.resolving {
                Some(l) => l.reprise,
                None => self.reprise_active(),
            },
        }
    }

    /// Whether the attack on the current chain link is a legal target of kind `kind` (23.1).
    pub fn attack_target_legal(&self, kind: &AttackKind) -> bool {
        !self.attack_targets(kind).is_empty()
    }

    /// The chain links whose attacks are legal targets for "target KIND attack", oldest first:
    /// the attacks of the combat chain, the current chain link's and the resolved ones' (23.2.2:
    /// still in the arena; 20.4.4: attacking until they leave the combat chain).
    pub fn attack_targets(&self, kind: &AttackKind) -> Vec<usize> {
        self.links.iter().filter(|l| kind.matches(&self.obj(l.attack).card, l.weapon)).map(|l| l.index).collect()
    }

    /// The chain link a resolving effect's "target KIND attack" names: the resolving layer's
    /// target while it is still legal (19.1.1b), else none; with no resolving layer (an effect
    /// applied directly), the current chain link's attack if legal.
    fn resolving_target(&self, kind: &AttackKind) -> Option<usize> {
        let legal = self.attack_targets(kind);
        match self.resolving.as_ref().and_then(|l| l.target) {
            Some(i) => legal.contains(&i).then_some(i),
            None => self.current_link().map(|l| l.index).filter(|i| legal.contains(i)),
        }
    }

    /// "Reveal the top card of your deck. If it has N or more {p}, put it on top. Otherwise, put
    /// it on the bottom." With an empty deck there is nothing to reveal.
    fn reveal_top_keep_if_power(&mut self, p: PlayerId, n: u8) {
        let Some(&top) = self.player(p).deck.first() else { return };
        let power = self.obj(top).card.power.unwrap_or(0);
        if power >= n {
            crate::trace!(self, "19.2", "{p} reveals {} from the top of their deck: it stays on top", self.name(top));
        } else {
            crate::trace!(self, "19.2", "{p} reveals {}: it goes to the bottom of their deck", self.name(top));
            let deck = &mut self.player_mut(p).deck;
            deck.remove(0);
            deck.push(top);
        }
    }

    /// Intimidate (glossary): `target` banishes a random card from hand face down; it returns at
    /// the beginning of the end phase (13.3.2).
    pub fn intimidate(&mut self, target: PlayerId) {
        let n = self.player(target).hand.len();
        if n == 0 {
            return;
        }
        let i = self.rng.below(n);
        let card = self.player(target).hand[i];
        let id = self.move_to(card, Zone::Banished);
        self.obj_mut(id).face_down = true;
        self.player_mut(target).intimidated.push(id);
        crate::trace!(self, "27", "intimidate: {target} banishes a random card face down");
    }
}

/// "+N{p}" and go again, as modifiers (25.3).
fn modifiers(power: u8, go_again: bool) -> Vec<Modifier> {
    let mut m = Vec::new();
    if power > 0 {
        m.push(Modifier::Power(i32::from(power)));
    }
    if go_again {
        m.push(Modifier::GoAgain);
    }
    m
}

#[cfg(test)]
mod tests {
    use super::super::cards::CardDef;
    use super::super::state::LinkStep;
    use super::super::testing::*;
    use super::*;

    /// The "next attack this turn" effects of `p` still waiting (20.4.2).
    fn waiting(g: &Game, p: PlayerId) -> usize {
        g.continuous.iter().filter(|c| c.controller == p && c.duration == Duration::NextAttack).count()
    }

    /// What the current attack gained over its printed power (25.3).
    fn bonus(g: &Game) -> i64 {
        let l = g.current_link().unwrap();
        i64::from(g.link_power(l)) - i64::from(g.obj(l.attack).card.power.unwrap_or(0))
    }

    #[test]
    fn layers_resolve_newest_first_and_non_attack_actions_go_to_the_graveyard() {
        let mut g = started(bruiser_loadout(), bruiser_loadout(), 1);
        let tp = g.turn_player;
        let opp = g.opponent(tp);
        let bellow = give(
            &mut g,
            tp,
            CardDef::new("Bellow", CardType::Action)
                .cost(0)
                .pitch(3)
                .keyword(Keyword::GoAgain)
                .effect(Effect::GainResource(1)),
        );
        g.play_card(tp, bellow, &[]).unwrap();
        let s = give(&mut g, opp, sigil());
        g.priority = Some(opp);
        g.play_card(opp, s, &[]).unwrap();
        // Both pass: the newest layer (the instant) resolves first (14.5).
        g.pass_priority(opp).unwrap();
        g.pass_priority(tp).unwrap();
        assert_eq!(g.player(opp).life, 21);
        assert_eq!(g.chain.len(), 1);
        assert_eq!(g.player(tp).resources, 0);
        g.pass_priority(tp).unwrap();
        g.pass_priority(opp).unwrap();
        assert!(g.chain.is_empty());
        assert_eq!(g.player(tp).resources, 1);
        assert_eq!(g.player(tp).action_points, 1, "go again: the action point spent comes back");
        // 19.8, 11.7: both cards are in graveyards as new objects.
        assert_eq!(g.player(tp).graveyard.len(), 1);
        assert_eq!(g.player(opp).graveyard.len(), 1);
        assert!(g.obj(bellow).became.is_some());
    }

    #[test]
    fn intimidated_cards_return_at_the_end_phase() {
        let mut g = started(bruiser_loadout(), bruiser_loadout(), 1);
        let tp = g.turn_player;
        let opp = g.opponent(tp);
        g.apply(&Effect::Intimidate, tp).unwrap();
        assert_eq!(g.player(opp).hand.len(), 3);
        let banished = g.player(opp).banished[0];
        assert!(g.obj(banished).face_down, "banished face down");
        g.pass_priority(tp).unwrap();
        g.pass_priority(opp).unwrap();
        g.answers.log = vec![0];
        g.step().unwrap();
        assert_eq!(g.player(opp).hand.len(), 4, "13.3.2: back to hand");
        assert!(g.player(opp).banished.is_empty());
    }

    #[test]
    fn a_reaction_with_no_chain_link_left_goes_to_the_graveyard() {
        let mut g = started(bruiser_loadout(), bruiser_loadout(), 1);
        let tp = g.turn_player;
        let atk = give(&mut g, tp, hit("Attack").cost(0));
        let ar = give(
            &mut g,
            tp,
            CardDef::new("Thrust", CardType::AttackReaction).cost(0).effect(Effect::attack_gains_power(3)),
        );
        g.play_card(tp, atk, &[]).unwrap();
        g.current_link_mut().unwrap().step = LinkStep::Reaction;
        g.play_card(tp, ar, &[]).unwrap();
        g.pass_priority(tp).unwrap();
        g.pass_priority(g.opponent(tp)).unwrap();
        assert_eq!(g.link_power(g.current_link().unwrap()), 4 + 3);
        assert_eq!(g.current_link().unwrap().reactions, vec![ar], "19.9");
    }
    /// "Your next weapon attack this turn gains +3{p} and go again" waits for the next weapon
    /// attack (20.4.2): an attack action card does not use it, the weapon's attack does, and it
    /// is then used up.
    #[test]
    fn r20_4_2_your_next_weapon_attack_applies_to_the_next_weapon_attack_only() {
        let mut g = started(bruiser_loadout(), bruiser_loadout(), 1);
        let tp = g.turn_player;
        let next = Effect::Gains { to: AttackRef::Next(AttackKind::weapon()), power: 3, go_again: true };
        g.apply(&next, tp).unwrap();
        assert_eq!(waiting(&g, tp), 1);
        let atk = give(&mut g, tp, hit("Attack").cost(0));
        g.play_card(tp, atk, &[]).unwrap();
        assert_eq!(bonus(&g), 0, "not a weapon attack");
        assert_eq!(waiting(&g, tp), 1, "still waiting");
        // Another game: the weapon attacks first.
        let mut g = started(bruiser_loadout(), bruiser_loadout(), 1);
        g.apply(&next, tp).unwrap();
        g.player_mut(tp).resources = 2;
        let club = g.player(tp).weapons[0];
        g.activate_weapon(tp, club, &[]).unwrap();
        let link = g.current_link().unwrap();
        assert_eq!((bonus(&g), g.link_has_go_again(link)), (3, true), "the weapon attack gains it");
        assert!(waiting(&g, tp) == 0, "used up");
    }

    /// 13.3.3f: a "next attack this turn" effect still waiting ends with the turn, and so does
    /// "you have attacked this turn" (20.4.4a).
    #[test]
    fn r13_3_3f_next_attack_effects_and_attacks_made_end_with_the_turn() {
        let mut g = started(bruiser_loadout(), bruiser_loadout(), 1);
        let tp = g.turn_player;
        let opp = g.opponent(tp);
        g.apply(&Effect::Gains { to: AttackRef::Next(AttackKind::any()), power: 2, go_again: false }, tp).unwrap();
        let club = g.player(tp).weapons[0];
        g.player_mut(tp).attacked.push((club, true));
        g.pass_priority(tp).unwrap();
        g.pass_priority(opp).unwrap();
        g.answers.log = vec![0];
        g.step().unwrap();
        assert!(waiting(&g, tp) == 0);
        assert!(g.player(tp).attacked.is_empty());
    }

    /// "If you have attacked with a weapon this turn, your next attack this turn gains +4{p}"
    /// (20.4.4a): nothing before a weapon attack, the bonus after one.
    #[test]
    fn r20_4_4a_if_you_have_attacked_with_a_weapon_this_turn() {
        let mut g = started(bruiser_loadout(), bruiser_loadout(), 1);
        let tp = g.turn_player;
        let swing = [
            Effect::IfThen(Condition::AttackedWith(AttackKind::weapon(), 1)),
            Effect::Gains { to: AttackRef::Next(AttackKind::any()), power: 4, go_again: false },
        ];
        g.apply_all(&swing, tp).unwrap();
        assert!(waiting(&g, tp) == 0, "no weapon attack yet");
        let club = g.player(tp).weapons[0];
        g.player_mut(tp).attacked.push((club, false));
        g.apply_all(&swing, tp).unwrap();
        assert!(waiting(&g, tp) == 0, "an attack action card is no weapon attack");
        let club = g.player(tp).weapons[0];
        g.player_mut(tp).attacked.push((club, true));
        g.apply_all(&swing, tp).unwrap();
        let next = &g.continuous[0];
        assert_eq!((&next.affects, &next.modifiers), (&Affects::Attacks(AttackKind::any()), &vec![Modifier::Power(4)]));
    }

    /// Reprise (glossary): active when the defending hero defended the chain link with a card
    /// from hand before the card with reprise was played; a defense reaction played from hand
    /// defends with a card from hand (20.6.4b).
    #[test]
    fn reprise_is_decided_as_the_card_is_played_and_a_defense_reaction_from_hand_counts() {
        let mut g = started(bruiser_loadout(), bruiser_loadout(), 1);
        let tp = g.turn_player;
        let opp = g.opponent(tp);
        let pass_both = |g: &mut Game| {
            let p = g.priority.unwrap();
            g.pass_priority(p).unwrap();
            let q = g.priority.unwrap();
            g.pass_priority(q).unwrap();
        };
        let song = || {
            CardDef::new("Song", CardType::AttackReaction)
                .cost(0)
                .effect(Effect::IfThen(Condition::DefendedFromHand))
                .effect(Effect::attack_gains_power(3))
        };
        let atk = give(&mut g, tp, hit("Attack").cost(0));
        let first = give(&mut g, tp, song());
        let dodge = give(&mut g, opp, CardDef::new("Dodge", CardType::DefenseReaction).cost(0).defense(2));
        g.play_card(tp, atk, &[]).unwrap();
        g.current_link_mut().unwrap().step = LinkStep::Reaction;
        g.play_card(tp, first, &[]).unwrap();
        g.priority = Some(opp);
        g.play_card(opp, dodge, &[]).unwrap();
        pass_both(&mut g);
        assert!(g.current_link().unwrap().defended_from_hand, "the defense reaction came from hand");
        pass_both(&mut g);
        assert_eq!(bonus(&g), 0, "reprise was off as the first Song was played");
        let second = give(&mut g, tp, song());
        g.priority = Some(tp);
        g.play_card(tp, second, &[]).unwrap();
        pass_both(&mut g);
        assert_eq!(bonus(&g), 3, "on for the second");
    }

    /// 24.2, 24.3: a search for a card with defined properties offers each card that qualifies
    /// (one per name and colour) and failing to find; a search for "a card" with no defined
    /// property must find one while the deck has any. A game stopped at the search asks again
    /// when resumed and applies nothing twice (19.2).
    #[test]
    fn r24_2_a_search_may_fail_to_find_and_resumes_where_it_stopped() {
        use crate::kernel::Stop;
        let mut g = started(bruiser_loadout(), bruiser_loadout(), 1);
        let tp = g.turn_player;
        g.player_mut(tp).deck.clear();
        for c in [hit("Blade"), hit("Blade"), sigil()] {
            let id = g.create(std::sync::Arc::new(c), tp, Zone::Deck);
            g.player_mut(tp).deck.push(id);
        }
        g.agents = vec![None, None];
        g.answers = crate::kernel::Answers::default();
        let named = CardFilter { name: Some("Blade".into()), ..CardFilter::any() };
        let effects = [Effect::GainLife(1), Effect::Search { filter: named, to_arsenal: true }, Effect::Shuffle];
        let life = g.player(tp).life;
        let options = match g.apply_all(&effects, tp) {
            Err(Stop::NeedDecision(d)) => d.options,
            other => panic!("{other:?}"),
        };
        assert_eq!(options.len(), 2, "one Blade (copies are alike) or none: {options:?}");
        assert_eq!(options[1], Action::Find(None));
        assert_eq!(g.player(tp).life, life + 1);
        g.answers.log.push(0);
        g.run_steps(&effects, tp).unwrap();
        assert_eq!(g.player(tp).life, life + 1, "the step before the search is not applied again");
        assert_eq!(g.name(g.player(tp).arsenal[0]), "Blade");
        // 24.3: "a card" with no defined property: found if there is one, no failing.
        let mut g = started(bruiser_loadout(), bruiser_loadout(), 1);
        g.agents = vec![None, None];
        let any = [Effect::Search { filter: CardFilter::any(), to_arsenal: true }];
        match g.apply_all(&any, tp) {
            Err(Stop::NeedDecision(d)) => assert!(!d.options.contains(&Action::Find(None)), "{:?}", d.options),
            other => panic!("{other:?}"),
        }
    }
}
