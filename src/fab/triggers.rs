//! Triggered effects (CR 16): when an event a card's triggered ability waits for happens, the
//! ability's effect is added to the chain as a layer (16.2), controlled by the card's
//! controller, and resolves like any other layer (19). Abilities an effect gave a card or an
//! attack trigger the same way, and so do delayed triggered effects (16.4) a player has for the
//! turn. Every event is recorded for the turn, so "the Nth time EVENT each turn" counts any
//! event; effects that trigger at the same time are ordered by the turn player (16.3).

use super::R;
use super::cards::{Ability, Subject, Trigger};
use super::state::{Action, Ask, Cause, Game, Layer};
use super::zones::Zone;
use crate::kernel::decision::decide;
use crate::kernel::{ObjId, PlayerId};

/// What happens in the game that a triggered ability may wait for (16).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EventKind {
    /// An attack becomes attacking (20.4.4d).
    Attacks,
    /// A card is played (15.5).
    Plays,
    /// A weapon's attack ability is activated (15.5.4c).
    Activates,
    /// A card becomes a defending card (20.5.2).
    Defends,
    /// A card is destroyed (glossary).
    Destroyed,
    /// A card is discarded.
    Discards,
    /// An attack hits (20.7.2b).
    Hits,
    /// The combat chain closes (21.3).
    ChainCloses,
    /// An effect gives an attack go again.
    GainsGoAgain,
    /// A turn starts (13.1.3).
    StartOfTurn,
}

/// One event: what, whose (the player who attacked, played, defended, discarded, whose turn
/// starts; a destroyed card's owner), and the card it is about (the attack's source, the card
/// played, defending, discarded or destroyed). Recorded for the turn (13.3.3f ends the record).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Happened {
    pub what: EventKind,
    pub player: PlayerId,
    pub card: Option<ObjId>,
    /// The card is a weapon whose attack this is (15.5.4c).
    pub weapon: bool,
}

impl Happened {
    pub fn new(what: EventKind, player: PlayerId, card: Option<ObjId>, weapon: bool) -> Self {
        Happened { what, player, card, weapon }
    }
}

/// What a layer that `t` (of `card`) makes for `ev` records of its cause (16.5).
fn cause(t: &Trigger, card: Option<ObjId>, ev: &Happened) -> Option<Box<Cause>> {
    Some(Box::new(Cause { trigger: t.clone(), card, event: *ev }))
}

/// Who may have a triggered ability for an event: a card (its printed and given abilities),
/// the chain link's attack (the abilities it gained, 20.4.5), or a player's delayed triggered
/// effects (16.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Watcher {
    Card(ObjId),
    Attack(ObjId),
    Delayed(PlayerId),
}

impl Game {
    /// 16.2: `ev` happened. It is recorded for the turn, and every triggered ability whose event
    /// it is (of the card it is about, of both players' heroes, weapons, equipment, auras and
    /// arsenals, of the chain link's attack, and their delayed triggered effects) becomes a
    /// layer. Several at once wait in `pending_triggers` for the turn player to order them
    /// (16.3). Returns how many triggered.
    pub(super) fn happened(&mut self, ev: Happened) -> usize {
        self.happened_all(&[ev])
    }

    /// 16.2, 16.3: events that happen at the same time (cards declared as defending together,
    /// 20.5.2): their triggered effects are ordered together.
    pub(super) fn happened_all(&mut self, evs: &[Happened]) -> usize {
        self.turn_events.extend_from_slice(evs);
        let mut layers = Vec::new();
        for ev in evs {
            layers.extend(self.triggers_of(ev));
        }
        let n = layers.len();
        // 16.7: "the first time ... each turn" triggers only once a turn (its count is this turn's).
        for l in &layers {
            if let Some(i) = l.trigger
                && matches!(self.obj(l.card).card.triggers[usize::from(i)].0, Trigger::Nth(1, _))
            {
                crate::trace!(
                    self,
                    "16.7",
                    "{}'s \"the first time\" effect triggers, once this turn",
                    self.name(l.card)
                );
            }
        }
        self.pending_triggers.extend(layers);
        if self.pending_triggers.len() == 1 {
            self.add_pending(0);
        }
        n
    }

    /// The layers every watcher's triggered abilities make for `ev`.
    fn triggers_of(&self, ev: &Happened) -> Vec<Layer> {
        let ev = *ev;
        let mut watchers: Vec<Watcher> = ev.card.into_iter().map(Watcher::Card).collect();
        // The players in turn order: the turn player's cards first.
        let tp = self.turn_player;
        for p in [tp, self.opponent(tp)] {
            for c in self.permanents(p).into_iter().chain(self.player(p).arsenal.clone()) {
                if !watchers.contains(&Watcher::Card(c)) {
                    watchers.push(Watcher::Card(c));
                }
            }
        }
        // 16.1.1: the attacks and reactions on the combat chain's links, resolved ones included,
        // are in the arena. 20.5.2d: a defending card's text is ignored unless it applies while
        // defending ("When this defends" is the event's own card, above).
        for l in &self.links {
            for &c in std::iter::once(&l.attack).chain(&l.reactions) {
                if self.obj(c).zone == Zone::Chain && !watchers.contains(&Watcher::Card(c)) {
                    watchers.push(Watcher::Card(c));
                }
            }
        }
        if let Some(l) = self.current_link() {
            watchers.push(Watcher::Attack(l.attack));
        }
        watchers.extend([tp, self.opponent(tp)].map(Watcher::Delayed));
        let reprise = self.reprise_active();
        let mut layers = Vec::new();
        for w in watchers {
            layers.extend(self.triggered_by(w, &ev).into_iter().map(|l| Layer { reprise, ..l }));
        }
        layers
    }

    /// The layers `w`'s triggered abilities make for `ev` (16.2).
    fn triggered_by(&self, w: Watcher, ev: &Happened) -> Vec<Layer> {
        let mut out = Vec::new();
        match w {
            Watcher::Card(card) => {
                let o = self.obj(card);
                let controller = o.owner;
                // 16.1: a card's triggered abilities work in the arena; a mentor's also from its
                // arsenal, as its own text says.
                let works = |t: &Trigger| o.zone.in_arena() || (o.zone == Zone::Arsenal && t.works_in_arsenal());
                for (i, (t, _)) in o.card.triggers.iter().enumerate() {
                    if works(t) && self.meets(t, Some(card), controller, ev) {
                        let cause = cause(t, Some(card), ev);
                        out.push(Layer { trigger: Some(i as u8), cause, ..Layer::of(controller, card) });
                    }
                }
                if o.zone.in_arena() {
                    out.extend(self.given(&self.object_abilities(card), card, controller, ev));
                }
            }
            Watcher::Attack(card) => {
                let l = self.current_link().expect("a chain link");
                out.extend(self.given(&self.attack_abilities(l), card, l.attacker, ev));
            }
            Watcher::Delayed(p) => {
                for (t, effects) in &self.player(p).delayed {
                    if self.meets(t, None, p, ev) {
                        // The layer is about the card the event is about ("it").
                        let about = ev.card.unwrap_or(self.player(p).hero);
                        let cause = cause(t, None, ev);
                        out.push(Layer { effects: Some(effects.clone()), cause, ..Layer::of(p, about) });
                    }
                }
            }
        }
        out
    }

    /// The layers of given triggered abilities (of `card`, controlled by `controller`) that
    /// `ev` meets.
    fn given(&self, abilities: &[Ability], card: ObjId, controller: PlayerId, ev: &Happened) -> Vec<Layer> {
        abilities
            .iter()
            .filter_map(|a| match a {
                Ability::Triggered(t, e) if self.meets(t, Some(card), controller, ev) => {
                    let cause = cause(t, Some(card), ev);
                    Some(Layer { effects: Some(e.clone()), cause, ..Layer::of(controller, card) })
                }
                _ => None,
            })
            .collect()
    }

    /// Whether the event `ev` is one trigger `t` waits for, `t` being an ability of `card` (if
    /// a card's) controlled by `p`.
    pub fn meets(&self, t: &Trigger, card: Option<ObjId>, p: PlayerId, ev: &Happened) -> bool {
        let of = |subject: &Subject| match subject {
            Subject::This => card.is_some() && ev.card == card,
            // 11.2.2: "you control", "you play": its controller's.
            Subject::Yours(f) => ev.player == p && ev.card.is_some_and(|c| f.matches(&self.obj(c).card, ev.weapon)),
        };
        match t {
            Trigger::Any(ts) => ts.iter().any(|t| self.meets(t, card, p, ev)),
            // The Nth time: this event is one it waits for, and the Nth such this turn.
            Trigger::Nth(n, inner) => {
                self.meets(inner, card, p, ev)
                    && self.turn_events.iter().filter(|h| self.meets(inner, card, p, h)).count() == usize::from(*n)
            }
            Trigger::While(c, inner) => {
                self.holds_about(c, p, self.current_link(), card) && self.meets(inner, card, p, ev)
            }
            Trigger::ChainCloses => ev.what == EventKind::ChainCloses,
            Trigger::StartOfTurn => ev.what == EventKind::StartOfTurn && ev.player == p,
            Trigger::Attacks(s) => ev.what == EventKind::Attacks && of(s),
            Trigger::Plays(s) => ev.what == EventKind::Plays && of(s),
            Trigger::Activates(s) => ev.what == EventKind::Activates && of(s),
            Trigger::Defends(s) => ev.what == EventKind::Defends && of(s),
            Trigger::Destroyed(s) => ev.what == EventKind::Destroyed && of(s),
            Trigger::Discards(s) => ev.what == EventKind::Discards && of(s),
            Trigger::Hits(s) => ev.what == EventKind::Hits && of(s),
            Trigger::GainsGoAgain(s) => ev.what == EventKind::GainsGoAgain && of(s),
        }
    }

    /// 16.5: whether the game state that made trigger `t` (of `card`, controlled by `p`) trigger
    /// on `ev` is still true. What happened stays happened (an attack, a play, a hit, "the Nth
    /// time"); what the trigger asks of the game state is read again: "While CONDITION, ...",
    /// "during your action phase", and the properties a card of the event must have ("a card
    /// with 6 or more {p}", read from the card as it is now, or as it last was, 22).
    pub fn still_true(&self, t: &Trigger, card: Option<ObjId>, p: PlayerId, ev: &Happened) -> bool {
        let of = |s: &Subject| match s {
            Subject::This => true,
            Subject::Yours(f) => ev.card.is_none_or(|c| f.matches(&self.obj(self.now(c)).card, ev.weapon)),
        };
        match t {
            Trigger::Any(ts) => ts.iter().any(|t| self.meets_kind(t, ev) && self.still_true(t, card, p, ev)),
            Trigger::Nth(_, inner) => self.still_true(inner, card, p, ev),
            Trigger::While(c, inner) => {
                self.holds_about(c, p, self.current_link(), card) && self.still_true(inner, card, p, ev)
            }
            Trigger::Attacks(s)
            | Trigger::Plays(s)
            | Trigger::Activates(s)
            | Trigger::Defends(s)
            | Trigger::Destroyed(s)
            | Trigger::Discards(s)
            | Trigger::Hits(s)
            | Trigger::GainsGoAgain(s) => of(s),
            Trigger::ChainCloses | Trigger::StartOfTurn => true,
        }
    }

    /// Whether `ev` is of the kind of event `t` waits for (whoever's it is).
    fn meets_kind(&self, t: &Trigger, ev: &Happened) -> bool {
        match t {
            Trigger::Any(ts) => ts.iter().any(|t| self.meets_kind(t, ev)),
            Trigger::Nth(_, t) | Trigger::While(_, t) => self.meets_kind(t, ev),
            Trigger::Attacks(_) => ev.what == EventKind::Attacks,
            Trigger::Plays(_) => ev.what == EventKind::Plays,
            Trigger::Activates(_) => ev.what == EventKind::Activates,
            Trigger::Defends(_) => ev.what == EventKind::Defends,
            Trigger::Destroyed(_) => ev.what == EventKind::Destroyed,
            Trigger::Discards(_) => ev.what == EventKind::Discards,
            Trigger::Hits(_) => ev.what == EventKind::Hits,
            Trigger::GainsGoAgain(_) => ev.what == EventKind::GainsGoAgain,
            Trigger::ChainCloses => ev.what == EventKind::ChainCloses,
            Trigger::StartOfTurn => ev.what == EventKind::StartOfTurn,
        }
    }

    /// The object `id` is now: the one it became, if it moved (11.7), else itself.
    pub fn now(&self, mut id: ObjId) -> ObjId {
        while let Some(n) = self.obj(id).became {
            id = n;
        }
        id
    }

    /// Puts the `i`th pending triggered effect on the chain (16.2); with one left, it follows.
    fn add_pending(&mut self, i: usize) {
        let layer = self.pending_triggers.remove(i);
        let name = self.name(layer.card).to_string();
        self.chain.push(layer);
        crate::trace!(self, "16.2", "a triggered effect of {name} becomes layer {}", self.chain.len());
        if self.pending_triggers.len() == 1 {
            self.add_pending(0);
        }
    }

    /// 16.3: effects that triggered at the same time wait for the turn player, who chooses the
    /// order they are added to the chain (the opponent's too), one at a time: the first chosen
    /// is added first and resolves last. True when a choice was made (the caller steps again).
    pub(super) fn order_triggers(&mut self) -> R<bool> {
        if self.pending_triggers.len() < 2 {
            return Ok(false);
        }
        let tp = self.turn_player;
        let options = (0..self.pending_triggers.len()).map(Action::TriggerFirst).collect();
        let Action::TriggerFirst(i) = decide(self, tp, Ask::TriggerOrder, options)? else {
            unreachable!("trigger order options")
        };
        crate::trace!(
            self,
            "16.3",
            "{tp} adds {}'s triggered effect to the chain first of {}",
            self.name(self.pending_triggers[i].card),
            self.pending_triggers.len()
        );
        self.add_pending(i);
        Ok(true)
    }

    /// Destroy (glossary): `card` goes to its owner's graveyard, and its "When NAME is
    /// destroyed" abilities trigger (16.2), controlled by its owner.
    pub(super) fn destroy(&mut self, card: ObjId) {
        let owner = self.obj(card).owner;
        self.move_to(card, Zone::Graveyard);
        self.happened(Happened::new(EventKind::Destroyed, owner, Some(card), false));
    }

    /// 16.1: `p` discarded `card` (now in the graveyard): "whenever you discard ..." abilities
    /// trigger.
    pub(super) fn discarded(&mut self, p: PlayerId, card: ObjId) {
        self.happened(Happened::new(EventKind::Discards, p, Some(card), false));
    }

    /// An effect gave the current chain link's attack go again: "The first time NAME gains **go
    /// again** each turn" and the like trigger.
    pub(super) fn gained_go_again(&mut self) {
        let Some(link) = self.current_link().cloned() else { return };
        self.happened(Happened::new(EventKind::GainsGoAgain, link.attacker, Some(link.attack), link.weapon));
    }

    /// `p`'s hero, weapons, equipment and other permanents (auras).
    pub(super) fn permanents(&self, p: PlayerId) -> Vec<ObjId> {
        let pl = self.player(p);
        let zones = pl.weapons.iter().chain(&pl.equipment).chain(&pl.permanents).copied();
        std::iter::once(pl.hero).chain(zones).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::super::cards::{CardDef, CardType, Condition, Effect, Subject, Trigger};
    use super::super::testing::*;

    /// 16.3: two effects that trigger at the same time wait for the turn player, who chooses
    /// the order they go on the chain; the one chosen first resolves last. Here a card played
    /// triggers "gain 2{h}" and "if you have less {h} than an opposing hero, draw a card": the
    /// player at one life less draws only if the draw resolves first, so the order decides.
    #[test]
    fn r16_3_the_turn_player_orders_simultaneous_triggers() {
        for (first, drawn) in [(0, 1), (1, 0)] {
            let mut g = started(bruiser_loadout(), bruiser_loadout(), 1);
            let tp = g.turn_player;
            g.player_mut(tp).life -= 1;
            let gain = (Trigger::Plays(Subject::This), vec![Effect::GainLife(2)]);
            let draw = (
                Trigger::Plays(Subject::This),
                vec![Effect::IfThen(Condition::LessLifeThanAnOpponent), Effect::Draw(1)],
            );
            let mut card = CardDef::new("Twin", CardType::Instant).cost(0);
            card.triggers = vec![gain, draw];
            let c = give(&mut g, tp, card);
            let hand = g.player(tp).hand.len();
            g.play_card(tp, c, &[]).unwrap();
            assert_eq!(g.pending_triggers.len(), 2, "16.3: both wait to be ordered");
            assert!(g.chain.len() == 1, "only the card is on the chain");
            // The turn player adds the `first`th first: the gain (0) first means the draw
            // resolves first, while the player is still behind.
            g.answers.log = vec![first];
            assert!(g.order_triggers().unwrap());
            assert!(g.pending_triggers.is_empty() && g.chain.len() == 3);
            for _ in 0..3 {
                pass_both(&mut g);
            }
            assert_eq!(g.player(tp).hand.len(), hand - 1 + drawn, "order {first}");
        }
    }

    /// "The Nth time EVENT each turn" counts that event this turn, whatever it is: here the
    /// second card its controller plays.
    #[test]
    fn the_nth_time_counts_any_event_this_turn() {
        let mut g = started(bruiser_loadout(), bruiser_loadout(), 1);
        let tp = g.turn_player;
        let any = Subject::Yours(super::super::cards::CardFilter::any());
        let second = Trigger::Nth(2, Box::new(Trigger::Plays(any)));
        let hero = g.player(tp).hero;
        let mut def = (*g.obj(hero).card).clone();
        def.triggers = vec![(second, vec![Effect::GainLife(5)])];
        g.obj_mut(hero).card = std::sync::Arc::new(def);
        let life = g.player(tp).life;
        for n in 0..3 {
            let c = give(&mut g, tp, CardDef::new("Instant", CardType::Instant).cost(0));
            g.priority = Some(tp);
            g.play_card(tp, c, &[]).unwrap();
            let layers = if n == 1 { 2 } else { 1 };
            assert_eq!(g.chain.len(), layers, "play {}", n + 1);
            while !g.chain.is_empty() {
                pass_both(&mut g);
            }
        }
        assert_eq!(g.player(tp).life, life + 5, "only the second play");
    }

    /// 16.1: triggered abilities work from the arena; a card in the arsenal triggers only through
    /// an ability whose event depends on its being there (a mentor's "While NAME is face up in
    /// arsenal, ...", glossary), and only while that holds (face up, not face down).
    #[test]
    fn r16_1_only_an_arsenal_ability_works_from_the_arsenal() {
        use super::super::cards::CardFilter;
        let any = || Trigger::Plays(Subject::Yours(CardFilter::any()));
        let face_up = Condition::InArsenal { face_down: false };
        for (trigger, face_down, fires) in [
            (any(), false, false),
            (Trigger::While(face_up.clone(), Box::new(any())), false, true),
            (Trigger::While(face_up, Box::new(any())), true, false),
        ] {
            let mut g = started(bruiser_loadout(), bruiser_loadout(), 1);
            let tp = g.turn_player;
            let mut mentor = CardDef::new("Mentor", CardType::Mentor);
            mentor.triggers = vec![(trigger.clone(), vec![Effect::GainLife(1)])];
            let m = g.create(std::sync::Arc::new(mentor), tp, super::super::zones::Zone::Arsenal);
            g.player_mut(tp).arsenal.push(m);
            g.obj_mut(m).face_down = face_down;
            let c = give(&mut g, tp, CardDef::new("Instant", CardType::Instant).cost(0));
            g.play_card(tp, c, &[]).unwrap();
            assert_eq!(g.chain.len(), 1 + usize::from(fires), "{trigger:?}, face down: {face_down}");
        }
    }

    /// 16.5: a triggered effect whose triggering game state ("While you have less {h} than an
    /// opposing hero, whenever you play a card") is no longer true as it would resolve does not
    /// resolve: it leaves the chain and the turn player gains priority; one whose state still
    /// holds resolves.
    #[test]
    fn r16_5_a_trigger_whose_state_no_longer_holds_does_not_resolve() {
        use super::super::cards::CardFilter;
        let mut a = bruiser_loadout();
        let any = Trigger::Plays(Subject::Yours(CardFilter::any()));
        a.hero =
            a.hero.trigger(Trigger::While(Condition::LessLifeThanAnOpponent, Box::new(any)), vec![Effect::GainLife(1)]);
        // Both heroes have it: the opponent, at 20 against 19, never meets its condition.
        let mut g = started(a.clone(), a, 1);
        g.trace.on = true;
        let tp = g.turn_player;
        g.player_mut(tp).life = 19;
        for _ in 0..2 {
            let s = give(&mut g, tp, sigil());
            g.play_card(tp, s, &[]).unwrap();
        }
        assert_eq!(g.chain.len(), 4, "two cards, two triggers (19 < 20 both times)");
        for (layers_left, life) in [(3, 20), (2, 21), (1, 21), (0, 22)] {
            pass_both(&mut g);
            assert_eq!((g.chain.len(), g.player(tp).life), (layers_left, life));
        }
        assert_eq!(g.priority, Some(tp), "19.1, 16.5: the turn player");
        let lapsed = g.trace.lines.iter().filter(|l| l.rule == "16.5").count();
        assert_eq!(lapsed, 1, "only the first trigger lapsed");
    }

    /// 16.1.1: a card on a chain link that has resolved is still in the arena, and its triggered
    /// abilities trigger: an attack card with "Whenever you play a card, gain 1{h}" on the first
    /// chain link triggers when its controller plays the second attack.
    #[test]
    fn r16_1_1_cards_on_resolved_chain_links_still_trigger() {
        use super::super::cards::CardFilter;
        use super::super::state::LinkStep;
        let mut g = started(bruiser_loadout(), bruiser_loadout(), 1);
        let tp = g.turn_player;
        g.player_mut(tp).action_points = 2;
        let any = Trigger::Plays(Subject::Yours(CardFilter::any()));
        let first = give(&mut g, tp, hit("Watcher").cost(0).trigger(any, vec![Effect::GainLife(1)]));
        g.play_card(tp, first, &[]).unwrap();
        g.answers.log = vec![0, 0]; // defend with nothing; continue the chain
        // Its own play triggers it too (a card it controls played): one more layer to resolve.
        for _ in 0..5 {
            pass_both(&mut g);
        }
        assert_eq!(g.links[0].step, LinkStep::Resolved);
        let second = give(&mut g, tp, hit("Second").cost(0));
        g.play_card(tp, second, &[]).unwrap();
        assert_eq!(g.chain.len(), 1, "the first attack's triggered effect (an attack is no layer of the chain)");
        assert_eq!(g.chain.last().unwrap().card, first);
    }

    /// 20.5.2d: a defending card's text box is ignored unless it applies while defending: a card
    /// with "Whenever you play a card, gain 1{h}" defending does not trigger when its owner plays
    /// an instant, while its "When this defends" does trigger (20.5.2f, 20.5.3).
    #[test]
    fn r20_5_2d_a_defending_cards_other_abilities_are_ignored() {
        use super::super::cards::CardFilter;
        use super::super::state::LinkStep;
        let mut g = started(bruiser_loadout(), bruiser_loadout(), 1);
        let tp = g.turn_player;
        let opp = g.opponent(tp);
        let plays = Trigger::Plays(Subject::Yours(CardFilter::any()));
        let guard = hit("Guard").trigger(plays, vec![Effect::GainLife(1)]);
        let guard = guard.trigger(Trigger::Defends(Subject::This), vec![Effect::GainLife(2)]);
        let guard = give(&mut g, opp, guard);
        let atk = give(&mut g, tp, hit("Smash").cost(0));
        g.play_card(tp, atk, &[]).unwrap();
        g.current_link_mut().unwrap().step = LinkStep::Defend;
        g.defend_with(&[guard]).unwrap();
        assert_eq!(g.chain.len(), 1, "20.5.2f: \"When this defends\" triggers");
        pass_both(&mut g);
        g.current_link_mut().unwrap().step = LinkStep::Reaction;
        let s = give(&mut g, opp, sigil());
        g.priority = Some(opp);
        g.play_card(opp, s, &[]).unwrap();
        assert_eq!(g.chain.len(), 1, "20.5.2d: only the instant, no trigger of the defending card");
    }
}
