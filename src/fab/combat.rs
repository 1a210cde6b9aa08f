//! The combat chain (CR 20) and closing it (21): a chain link's attack, defend and reaction
//! steps, damage calculation and hit, chain link resolution with go again, and the choice to
//! continue or close; closing returns weapons and equipment (blade break and battleworn applied)
//! and puts the other cards into their owners' graveyards.

use super::R;
use super::cards::{CardType, Keyword};
use super::replacement::Event;
use super::state::{Action, Ask, Game, LinkStep};
use super::triggers::{EventKind, Happened};
use super::zones::Zone;
use crate::kernel::decision::decide;
use crate::kernel::{ObjId, PlayerId};

/// Why a set of cards cannot defend.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DefendError {
    /// 20.5.1: only the defending hero's non-defense-reaction cards from hand and equipment.
    NotEligible(ObjId),
    /// 20.5.1a: a card with no defense value cannot defend.
    NoDefense(ObjId),
    NotInDefendStep,
}

impl Game {
    /// Both players passed on layer 1 of the chain link: it moves to its next step.
    pub(super) fn advance_link(&mut self) -> R<()> {
        let step = self.current_link().expect("a chain link").step;
        match step {
            LinkStep::Attack if !self.current_link().expect("a link").attack_triggered => {
                // 20.4.4, 20.4.4d: the attack is attacking; its "when this attacks" triggers
                // become layers, which resolve before the attack step ends.
                let link = self.current_link_mut().expect("a link");
                link.attack_triggered = true;
                let ev = Happened::new(EventKind::Attacks, link.attacker, Some(link.attack), link.weapon);
                // 20.4.4d: the attack's own, what it gained, and delayed ones watching it (16.4).
                if self.happened(ev) > 0 {
                    crate::trace!(
                        self,
                        "20.4.4d",
                        "\"when you attack\" triggered effects resolve before the defend step"
                    );
                    self.give_priority_to_turn_player();
                } else {
                    self.advance_link()?;
                }
            }
            LinkStep::Attack => {
                // 20.4.6: on to the defend step, where the defending hero declares first
                // (`pending_link_decision`): no one has priority until then.
                crate::trace!(self, "20.4.6", "the attack step ends");
                self.current_link_mut().expect("a link").step = LinkStep::Defend;
                self.priority = None;
            }
            LinkStep::Defend => {
                crate::trace!(self, "20.5.5", "the defend step ends");
                self.current_link_mut().expect("a link").step = LinkStep::Reaction;
                // 20.6.2.
                self.give_priority_to_turn_player();
            }
            LinkStep::Reaction => {
                // 20.7: damage calculation is due; no one has priority until it is done
                // (`pending_link_decision`: 18.5 may ask the order of replacement effects).
                crate::trace!(self, "20.6.6", "the reaction step ends");
                self.current_link_mut().expect("a link").damage_due = true;
                self.priority = None;
            }
            LinkStep::Resolution => self.resolve_link()?,
            LinkStep::Resolved => unreachable!("a resolved link is not current"),
        }
        Ok(())
    }

    /// The cards the defending hero may defend with (20.5.1): non-defense-reaction cards in
    /// hand and equipment they control, each with a defense value (20.5.1a).
    pub fn defend_candidates(&self, defender: PlayerId) -> Vec<ObjId> {
        let pl = self.player(defender);
        let from_hand = pl.hand.iter().filter(|c| self.obj(**c).card.card_type != CardType::DefenseReaction);
        from_hand.chain(&pl.equipment).copied().filter(|c| self.defense(*c).is_some()).collect()
    }

    /// Every set of cards the defending hero may declare (20.5.2), the empty set first.
    pub fn defend_options(&self) -> Vec<Vec<ObjId>> {
        let defender = self.current_link().expect("a link").defender;
        let cands = self.defend_candidates(defender);
        let n = cands.len().min(12);
        (0u32..(1 << n)).map(|m| (0..n).filter(|i| m & (1 << i) != 0).map(|i| cands[i]).collect()).collect()
    }

    /// 20.5.2: the defending hero declares all defending cards at once; they go onto the chain
    /// link (20.5.2a) without being played (20.5.1c) and at no cost (20.5.1b).
    pub fn defend_with(&mut self, cards: &[ObjId]) -> Result<(), DefendError> {
        let link = self.current_link().ok_or(DefendError::NotInDefendStep)?;
        if link.step != LinkStep::Defend {
            return Err(DefendError::NotInDefendStep);
        }
        let defender = link.defender;
        for &c in cards {
            let o = self.obj(c);
            let eligible = o.owner == defender
                && match o.zone {
                    Zone::Hand => o.card.card_type != CardType::DefenseReaction,
                    Zone::Equipment => true,
                    _ => false,
                };
            if !eligible {
                return Err(DefendError::NotEligible(c));
            }
            if o.card.defense.is_none() {
                return Err(DefendError::NoDefense(c));
            }
        }
        for &c in cards {
            let from_hand = self.obj(c).zone == Zone::Hand;
            self.move_to(c, Zone::Chain);
            let link = self.current_link_mut().expect("a link");
            link.defending.push(c);
            link.defended_from_hand |= from_hand;
        }
        self.current_link_mut().expect("a link").declared = true;
        crate::trace!(self, "20.5.2", "{defender} defends with {} card(s)", cards.len());
        // 16.2: "When this defends" triggered effects of the defending cards, all at once.
        let evs: Vec<Happened> =
            cards.iter().map(|&c| Happened::new(EventKind::Defends, defender, Some(c), false)).collect();
        self.happened_all(&evs);
        Ok(())
    }

    /// 20.7: the attack's total power against the total defense; the difference is dealt to the
    /// defending hero as damage (26.4.1), and the attack hits (20.7.2b); then chain link
    /// resolution begins (20.8). The order of replacement effects (18.5) is asked before any of
    /// this changes the game, so a game stopped at that question asks it again when resumed.
    fn damage_calculation(&mut self) -> R<()> {
        let link = self.current_link().expect("a link").clone();
        let (power, defense) = (self.link_power(&link), self.link_defense(&link));
        let order = if power > defense {
            self.replacement_order(&Event { damage: true, player: link.defender, amount: power - defense })?
        } else {
            Vec::new()
        };
        self.current_link_mut().expect("a link").damage_due = false;
        crate::trace!(self, "20.7.2", "power {power} against defense {defense}");
        if power > defense {
            // 20.7.2a; 20.7.2b: it hits if damage is dealt (26.5: prevented damage is not).
            let dealt = self.deal_damage_in_order(&[(link.defender, power - defense, order)]);
            if dealt[0] > 0 {
                if let Some(l) = self.current_link_mut() {
                    l.hit = true;
                }
                crate::trace!(self, "20.7.2b", "the attack hits");
            } else {
                crate::trace!(
                    self,
                    "26.5",
                    "all its damage was prevented: it was never dealt, so the attack does not hit"
                );
            }
        }
        if self.is_over() {
            return Ok(());
        }
        self.current_link_mut().expect("a link").step = LinkStep::Resolution;
        // 20.8.1: "If this hits" / "Whenever ... hits" triggered effects.
        let l = self.current_link().expect("a link");
        let (hit, ev) = (l.hit, Happened::new(EventKind::Hits, l.attacker, Some(l.attack), l.weapon));
        if hit && self.happened(ev) > 0 {
            crate::trace!(self, "20.8.1", "the attack hit: its triggered effects are added to the chain link");
        }
        // 20.8.2.
        self.give_priority_to_turn_player();
        Ok(())
    }

    /// 20.8.3: the chain link resolves: go again gives its controller an action point, then the
    /// turn player continues or closes the combat chain (`pending_link_decision`).
    fn resolve_link(&mut self) -> R<()> {
        let link = self.current_link().expect("a link").clone();
        if self.link_has_go_again(&link) {
            self.player_mut(link.attacker).action_points += 1;
            crate::trace!(self, "20.8.3a", "go again: {} gains 1 action point", link.attacker);
        }
        self.current_link_mut().expect("a link").continue_asked = true;
        self.priority = None;
        Ok(())
    }

    /// The decision a chain link waits for before anyone has priority, if any: the defending
    /// hero's declaration (20.5.2), damage calculation (20.7, which may ask 18.5's order of
    /// replacement effects) or the turn player's choice to continue or close (20.8.3c).
    /// The state records that the decision is due, and it changes only once it is answered, so
    /// a game stopped there (a session with no agent, a replay) asks again when resumed.
    pub(super) fn pending_link_decision(&mut self) -> R<bool> {
        let Some(link) = self.current_link() else { return Ok(false) };
        if link.step == LinkStep::Defend && !link.declared {
            let options = self.defend_options();
            let defender = link.defender;
            let choice = decide(self, defender, Ask::Defend, options.into_iter().map(Action::Defend).collect())?;
            let Action::Defend(cards) = choice else { unreachable!("defend options") };
            self.defend_with(&cards).expect("a legal defense");
            // 20.5.4.
            self.give_priority_to_turn_player();
            return Ok(true);
        }
        if link.damage_due {
            self.damage_calculation()?;
            return Ok(true);
        }
        if link.continue_asked {
            self.continue_or_close()?;
            return Ok(true);
        }
        Ok(false)
    }

    /// 20.8.3c: the turn player continues or closes the combat chain; the link has resolved.
    fn continue_or_close(&mut self) -> R<()> {
        let tp = self.turn_player;
        let choice = decide(self, tp, Ask::ContinueChain, vec![Action::Continue, Action::Close])?;
        let link = self.current_link_mut().expect("a link");
        link.continue_asked = false;
        link.step = LinkStep::Resolved;
        match choice {
            Action::Close => {
                crate::trace!(self, "20.8.3c", "{tp} closes the combat chain");
                self.close_combat_chain();
            }
            _ => {
                crate::trace!(self, "20.8.3c", "{tp} continues the combat chain");
                self.give_priority_to_turn_player();
            }
        }
        Ok(())
    }

    /// 21: the combat chain closes.
    pub fn close_combat_chain(&mut self) {
        let links = std::mem::take(&mut self.links);
        for link in &links {
            // 21.2: the attack card goes to the graveyard; 21.1: a weapon stays in its zone.
            if !link.weapon && self.obj(link.attack).zone == Zone::Chain {
                self.move_to(link.attack, Zone::Graveyard);
            }
            for &c in &link.reactions {
                if self.obj(c).zone == Zone::Chain {
                    self.move_to(c, Zone::Graveyard);
                }
            }
            for &c in &link.defending {
                if self.obj(c).zone != Zone::Chain {
                    continue;
                }
                let card = self.obj(c).card.clone();
                if card.card_type != CardType::Equipment {
                    self.move_to(c, Zone::Graveyard);
                } else if card.has(Keyword::BladeBreak) {
                    crate::trace!(self, "27", "blade break: {} is destroyed", card.name);
                    self.destroy(c);
                } else {
                    if card.has(Keyword::Battleworn) {
                        self.obj_mut(c).defense_counters -= 1;
                        crate::trace!(self, "27", "battleworn: {} gets a -1 defense counter", card.name);
                    }
                    // 21.1: equipment returns to its zone.
                    self.move_to(c, Zone::Equipment);
                }
            }
        }
        // 21.2: reaction layers still on the chain go to the graveyard with the combat chain.
        let stay: Vec<_> = (0..self.chain.len()).rev().collect();
        for i in stay {
            let c = self.chain[i].card;
            let reaction = matches!(self.obj(c).card.card_type, CardType::AttackReaction | CardType::DefenseReaction);
            if reaction && self.chain[i].trigger.is_none() {
                self.chain.remove(i);
                self.move_to(c, Zone::Graveyard);
            }
        }
        crate::trace!(self, "21", "the combat chain closes");
        self.chain_closed_effects();
        // 21.3: "When the combat chain closes" triggers of the permanents (printed or given).
        let tp = self.turn_player;
        if self.happened(Happened::new(EventKind::ChainCloses, tp, None, false)) > 0 {
            crate::trace!(self, "21.3", "\"when the combat chain closes\" effects trigger");
        }
        // 21.4.
        self.give_priority_to_turn_player();
    }
}

#[cfg(test)]
mod tests {
    use super::super::cards::{CardDef, CardFilter, Effect, Slot, Subject, Trigger};
    use super::super::state::Phase;
    use super::super::testing::*;
    use super::*;

    /// The turn player attacks with a 4-power, 0-cost attack; both pass to the defend step.
    fn attack(g: &mut Game, card: CardDef) -> ObjId {
        let tp = g.turn_player;
        let a = give(g, tp, card);
        g.play_card(tp, a, &[]).unwrap();
        a
    }

    #[test]
    fn an_undefended_attack_hits_for_its_power() {
        let mut g = started(bruiser_loadout(), bruiser_loadout(), 1);
        let tp = g.turn_player;
        let opp = g.opponent(tp);
        attack(&mut g, hit("Smash").cost(0));
        g.answers.log = vec![0]; // defend with nothing (the empty set is first)
        pass_both(&mut g); // attack step -> defend step (20.4.6)
        assert_eq!(g.current_link().unwrap().step, LinkStep::Defend);
        assert_eq!(g.priority, Some(tp), "20.5.4");
        pass_both(&mut g); // -> reaction step (20.5.5)
        assert_eq!(g.current_link().unwrap().step, LinkStep::Reaction);
        pass_both(&mut g); // -> damage (20.7), resolution step (20.8)
        assert_eq!(g.player(opp).life, 16, "20.7.2a: 4 damage");
        assert!(g.current_link().unwrap().hit, "20.7.2b");
        assert_eq!(g.current_link().unwrap().step, LinkStep::Resolution);
        g.answers.log.push(1); // close (20.8.3c)
        pass_both(&mut g);
        assert!(!g.combat_chain_open(), "21");
        assert_eq!(g.player(tp).graveyard.len(), 1, "21.2: the attack card to the graveyard");
        assert_eq!(g.player(tp).action_points, 0, "no go again");
        assert_eq!(g.priority, Some(tp), "21.4");
    }

    #[test]
    fn defending_cards_reduce_damage_and_go_to_the_graveyard_or_back_to_their_zone() {
        let mut g = started(bruiser_loadout(), bruiser_loadout(), 1);
        let tp = g.turn_player;
        let opp = g.opponent(tp);
        attack(&mut g, hit("Big").cost(0).power(6));
        let card = g.player(opp).hand[0];
        let helm = g.player(opp).equipment[0];
        // Options are subsets of (hand, then equipment) by bit mask: hand[0] and equipment[0].
        g.answers.log = vec![1 | 1 << 4];
        pass_both(&mut g);
        assert_eq!(g.current_link().unwrap().defending, vec![card, helm]);
        assert!(g.current_link().unwrap().defended_from_hand);
        assert_eq!(g.obj(helm).zone, Zone::Chain, "20.5.2a");
        pass_both(&mut g);
        pass_both(&mut g);
        // 6 power against 3 (hand card) + 1 (helm): 2 damage.
        assert_eq!(g.player(opp).life, 18);
        g.answers.log.push(1);
        pass_both(&mut g);
        // 21.2: the card from hand to the graveyard; the helm has blade break: destroyed.
        let names: Vec<_> = g.player(opp).graveyard.iter().map(|c| g.name(*c).to_string()).collect();
        assert_eq!(names.len(), 2);
        assert!(names.contains(&"Helm".to_string()), "blade break");
        assert_eq!(g.player(opp).equipment.len(), 1, "the legs did not defend and stay");
    }

    /// 20.5.2, 20.8.3c: a game stopped at the defending hero's declaration or at continue or
    /// close (no agent seated: a session, a replay) asks the same decision again when resumed,
    /// and goes on from it once answered: no step is skipped or repeated.
    #[test]
    fn link_decisions_are_asked_again_when_a_stopped_game_resumes() {
        use crate::kernel::Stop;
        let mut g = started(bruiser_loadout(), bruiser_loadout(), 1);
        let tp = g.turn_player;
        let opp = g.opponent(tp);
        attack(&mut g, hit("Smash").cost(0));
        g.agents = vec![None, None];
        g.answers = crate::kernel::Answers::default();
        let asked = |g: &mut Game| loop {
            match g.step() {
                Err(Stop::NeedDecision(d)) if d.ask == Ask::Priority => {
                    g.answers.log.push(d.options.iter().position(|o| *o == Action::Pass).unwrap());
                }
                Err(Stop::NeedDecision(d)) => return d.ask,
                Ok(_) => {}
                Err(e) => panic!("{e:?}"),
            }
        };
        assert_eq!(asked(&mut g), Ask::Defend);
        assert_eq!(asked(&mut g), Ask::Defend, "asked again, not skipped");
        assert_eq!(g.current_link().unwrap().step, LinkStep::Defend);
        g.answers.log.push(0); // defend with nothing
        assert_eq!(asked(&mut g), Ask::ContinueChain);
        assert_eq!(g.player(opp).life, 16, "the attack hit once");
        assert_eq!(asked(&mut g), Ask::ContinueChain, "asked again, the link not closed behind it");
        assert!(g.combat_chain_open());
        g.answers.log.push(1); // close
        assert_eq!(asked(&mut g), Ask::Arsenal);
        assert!(!g.combat_chain_open(), "21");
        assert_eq!(g.player(opp).life, 16);
        assert_eq!(g.player(tp).graveyard.len(), 1, "21.2: the attack card to the graveyard, once");
    }

    /// 20.4.4d: "The second time you attack with Dawnblade each turn, it gains +1{p} until end
    /// of turn": nothing on the first attack; on a second attack with it this turn (an effect
    /// allowing it, as Dorinthea's) the trigger resolves before the defend step and the weapon
    /// attacks with 3{p}; the bonus ends with the turn (13.3.3f).
    #[test]
    fn r20_4_4d_the_second_attack_with_a_weapon_each_turn_triggers() {
        let blade = CardDef::weapon("Dawnblade, Resplendent", 2, 0, 2).subtype("Sword").trigger(
            Trigger::Nth(2, Box::new(Trigger::Attacks(Subject::This))),
            vec![Effect::SourceGainsPowerThisTurn(1)],
        );
        let mut a = bruiser_loadout();
        a.weapons = vec![blade];
        let mut g = started(a.clone(), a, 1);
        let tp = g.turn_player;
        let w = g.player(tp).weapons[0];
        g.activate_weapon(tp, w, &[]).unwrap();
        g.answers.log = vec![0];
        pass_both(&mut g);
        assert_eq!(g.current_link().unwrap().step, LinkStep::Defend, "no trigger on the first attack");
        assert_eq!(g.link_power(g.current_link().unwrap()), 2);
        g.close_combat_chain();
        g.obj_mut(w).used_this_turn = false;
        g.player_mut(tp).action_points = 1;
        g.activate_weapon(tp, w, &[]).unwrap();
        pass_both(&mut g);
        assert_eq!(g.chain.len(), 1, "the second attack: its trigger's layer");
        pass_both(&mut g);
        assert_eq!(g.link_power(g.current_link().unwrap()), 3);
        let until_eot = super::super::continuous::Modifier::Power(1);
        assert!(
            g.continuous.iter().any(
                |c| c.affects == super::super::continuous::Affects::Object(w) && c.modifiers == [until_eot.clone()]
            ),
            "it gains +1{{p}} until end of turn"
        );
    }

    /// 20.4.4d, 16: "When this attacks, intimidate.": as the attack becomes attacking its
    /// trigger becomes a layer; both players pass, it resolves (the defender banishes a card
    /// face down), and only then does the attack step end (20.4.6).
    #[test]
    fn r20_4_4d_when_this_attacks_triggers_before_the_defend_step() {
        let mut g = started(bruiser_loadout(), bruiser_loadout(), 1);
        let tp = g.turn_player;
        let opp = g.opponent(tp);
        let hand = g.player(opp).hand.len();
        attack(
            &mut g,
            hit("Hunter")
                .cost(0)
                .trigger(Trigger::Attacks(Subject::This), vec![super::super::cards::Effect::Intimidate]),
        );
        pass_both(&mut g); // the attack is attacking: its trigger becomes a layer
        assert_eq!(g.current_link().unwrap().step, LinkStep::Attack);
        assert_eq!(g.chain.len(), 1, "the trigger's layer");
        assert_eq!(g.player(opp).hand.len(), hand, "not resolved yet");
        pass_both(&mut g); // it resolves
        assert_eq!(g.player(opp).hand.len(), hand - 1, "intimidate");
        assert_eq!(g.player(opp).banished.len(), 1);
        g.answers.log = vec![0];
        pass_both(&mut g); // the attack step ends
        assert_eq!(g.current_link().unwrap().step, LinkStep::Defend);
    }

    /// 19.2, 19.7: "When this attacks, draw a card then discard a random card. If a card with 6
    /// or more {p} is discarded this way, this gains +2{p}.": with an empty hand the card drawn
    /// is the one discarded; a 6-power card gives the bonus, a 4-power one does not.
    #[test]
    fn r19_2_discarded_this_way_decides_the_if() {
        use super::super::cards::{AttackRef, Condition, Effect};
        for (power, bonus) in [(6, 2), (4, 0)] {
            let mut g = started(bruiser_loadout(), bruiser_loadout(), 1);
            let tp = g.turn_player;
            set_hand(&mut g, tp, vec![]);
            let top = g.create(std::sync::Arc::new(hit("Top").power(power)), tp, Zone::Deck);
            g.player_mut(tp).deck.insert(0, top);
            let steps = vec![
                Effect::Draw(1),
                Effect::DiscardRandom(1),
                Effect::IfThen(Condition::DiscardedThisWay(super::super::cards::CardFilter {
                    power_at_least: Some(6),
                    ..Default::default()
                })),
                Effect::Gains { to: AttackRef::Current, power: 2, go_again: false },
            ];
            attack(&mut g, hit("Fangs").cost(0).trigger(Trigger::Attacks(Subject::This), steps));
            pass_both(&mut g);
            pass_both(&mut g);
            let base = g.obj(g.current_link().unwrap().attack).card.power.unwrap();
            assert_eq!(
                g.link_power(g.current_link().unwrap()),
                u32::from(base) + bonus,
                "a {power}-power card discarded"
            );
            assert!(g.player(tp).hand.is_empty(), "drawn, then discarded");
            assert_eq!(g.obj(*g.player(tp).graveyard.last().unwrap()).card.name, "Top");
        }
    }

    /// 20.7.2b, 20.8.1: an attack's own "If this hits, draw a card" triggers at the start of
    /// chain link resolution when it hits, and not when it is fully defended.
    #[test]
    fn r20_8_1_if_this_hits_triggers_at_chain_link_resolution() {
        for (defend, drawn) in [(0, 1), (1, 0)] {
            let mut g = started(bruiser_loadout(), bruiser_loadout(), 1);
            let tp = g.turn_player;
            let hand = g.player(tp).hand.len();
            attack(&mut g, hit("Snatch").cost(0).trigger(Trigger::Hits(Subject::This), vec![Effect::Draw(1)]));
            g.answers.log = vec![defend]; // nothing, or a card of 3{d} given +1{d} against 4{p}
            if defend == 1 {
                let opp = g.opponent(tp);
                let c = g.player(opp).hand[0];
                use super::super::continuous::{Affects, Duration, Modifier};
                g.add_continuous(opp, Affects::Object(c), vec![Modifier::Defense(1)], Duration::AsLongAsItExists);
            }
            pass_both(&mut g);
            pass_both(&mut g);
            pass_both(&mut g); // damage calculation
            assert_eq!(g.current_link().unwrap().step, LinkStep::Resolution);
            assert_eq!(g.chain.len(), drawn, "the hit trigger's layer, only on a hit");
            if drawn == 1 {
                pass_both(&mut g);
            }
            assert_eq!(g.player(tp).hand.len(), hand + drawn);
        }
    }

    /// 16.4, 20.4.4a: "Whenever you attack with a sword or dagger this turn; - If it's your
    /// first weapon attack this turn, it gains +1{p}. - If it's your second ..., +2{p}.": the
    /// second weapon attack of the turn gets +2, not +1; a club attack is not watched.
    #[test]
    fn r16_4_a_delayed_trigger_for_the_turn_counts_the_weapon_attacks() {
        use super::super::cards::{AttackKind, AttackRef, Condition};
        let blade = CardDef::weapon("Blade", 2, 0, 2).subtype("Sword");
        let mut a = bruiser_loadout();
        a.weapons = vec![blade];
        let mut g = started(a.clone(), a, 1);
        let tp = g.turn_player;
        let swords = AttackKind { subtypes: vec!["Sword".into(), "Dagger".into()], ..AttackKind::any() };
        let nth = |n| Condition::NthAttackThisTurn(AttackKind::weapon(), n);
        let plus = |n| Effect::Gains { to: AttackRef::Current, power: n, go_again: false };
        let effects = vec![Effect::IfThen(nth(1)), plus(1), Effect::IfThen(nth(2)), plus(2)];
        g.apply(&Effect::Delayed { event: Trigger::Attacks(Subject::Yours(CardFilter::attack(swords))), effects }, tp)
            .unwrap();
        let w = g.player(tp).weapons[0];
        for (power, attack) in [(3, 1), (4, 2)] {
            g.obj_mut(w).used_this_turn = false;
            g.player_mut(tp).action_points = 1;
            g.activate_weapon(tp, w, &[]).unwrap();
            pass_both(&mut g);
            assert_eq!(g.chain.len(), 1, "attack {attack}: the delayed trigger's layer");
            pass_both(&mut g);
            assert_eq!(g.link_power(g.current_link().unwrap()), power, "weapon attack {attack}");
            g.close_combat_chain();
        }
        // An attack action card is no sword: nothing triggers.
        g.player_mut(tp).action_points = 1;
        attack(&mut g, hit("Club swing").cost(0));
        g.answers.log.push(0);
        pass_both(&mut g);
        assert!(g.chain.is_empty());
        assert_eq!(g.current_link().unwrap().step, LinkStep::Defend, "no trigger: on to the defend step");
    }

    /// 15.2, 15.4, 20.5.2b: "**Once per Turn Instant** - Discard a card: This gets +3{d}.
    /// Activate this ability only while this is defending.": not offered from hand; offered
    /// once defending, discarding a card; then not again this turn.
    #[test]
    fn r15_2_an_instant_ability_only_while_defending_once_per_turn() {
        use super::super::play::PlayError;
        let mut g = started(bruiser_loadout(), bruiser_loadout(), 1);
        let tp = g.turn_player;
        let opp = g.opponent(tp);
        let mut rally = hit("Rally").power(4).defense(2);
        let text = "**Once per Turn Instant** - Discard a card: This gets +3{d}. Activate this ability only while \
                    this is defending.";
        rally.activated = super::super::text::compile_text("Rally", text).unwrap().activated;
        let r = give(&mut g, opp, rally);
        attack(&mut g, hit("Big").cost(0).power(6));
        let activations = |g: &Game| {
            g.legal_actions(opp)
                .into_iter()
                .filter(|a| matches!(a, Action::Activate { card, .. } if *card == r))
                .count()
        };
        g.priority = Some(opp);
        assert_eq!(activations(&g), 0, "in hand: not defending");
        assert_eq!(g.activate(opp, r, 0, &[], Some(g.player(opp).hand[0])), Err(PlayError::NotPlayable));
        g.priority = Some(tp);
        g.answers.log = vec![1 << 4]; // the fifth card in hand: Rally
        pass_both(&mut g);
        assert_eq!(g.current_link().unwrap().defending, vec![r]);
        g.priority = Some(opp);
        assert_eq!(activations(&g), 4, "one per card left to discard");
        let d = g.player(opp).hand[0];
        g.activate(opp, r, 0, &[], Some(d)).unwrap();
        assert_eq!(g.player(opp).action_points, 0);
        assert_eq!(g.player(opp).hand.len(), 3, "discarded as its cost");
        pass_both(&mut g);
        assert_eq!(g.defense(r), Some(5));
        g.priority = Some(opp);
        assert_eq!(activations(&g), 0, "once per turn");
        assert_eq!(g.activate(opp, r, 0, &[], Some(g.player(opp).hand[0])), Err(PlayError::UsedThisTurn));
    }

    /// 15.5.1b, 19.2: a game stopped at an optional cost ("you may pay {r}") asks again when
    /// resumed; the layer's effects go on only once answered, and "If you do" reads the answer.
    #[test]
    fn r15_5_1b_an_optional_cost_is_asked_again_when_a_stopped_game_resumes() {
        use super::super::cards::Condition;
        use crate::kernel::Stop;
        let mut g = started(bruiser_loadout(), bruiser_loadout(), 1);
        let tp = g.turn_player;
        let opp = g.opponent(tp);
        g.player_mut(tp).resources = 1;
        let pay = vec![Effect::MayPay(1), Effect::IfThen(Condition::PaidThisWay), Effect::GainLife(3)];
        let card = give(
            &mut g,
            tp,
            CardDef::new("Toll", CardType::Instant).cost(0).trigger(Trigger::Plays(Subject::This), pay),
        );
        g.play_card(tp, card, &[]).unwrap();
        g.agents = vec![None, None];
        g.answers = crate::kernel::Answers::default();
        g.pass_priority(tp).unwrap();
        // Both passed: the layer resolves, and its first step asks (19.2).
        match g.pass_priority(opp) {
            Err(Stop::NeedDecision(d)) => assert_eq!(d.ask, Ask::OptionalCost),
            other => panic!("{other:?}"),
        }
        for _ in 0..2 {
            assert!(g.resolving.is_some() && g.chain.len() == 1, "the layer is resolving, the card below it");
            assert_eq!(g.player(tp).life, 20, "nothing applied yet");
            match g.step() {
                Err(Stop::NeedDecision(d)) => assert_eq!(d.ask, Ask::OptionalCost),
                other => panic!("{other:?}"),
            }
        }
        g.answers.log.push(0); // pay from the pool
        g.step().unwrap();
        assert_eq!((g.player(tp).life, g.player(tp).resources), (23, 0));
        assert_eq!(g.chain.len(), 1);
    }

    /// 16.7, 15.2.1: "The first time Blade gains go again each turn, you may attack an
    /// additional time with it this turn": the first gain triggers, a second one the same turn
    /// does not; resolved, the weapon may attack once more, and only once more.
    #[test]
    fn r16_7_the_first_time_a_weapon_gains_go_again_it_may_attack_again() {
        use super::super::cards::AttackKind;
        use super::super::play::PlayError;
        let mut a = bruiser_loadout();
        a.weapons = vec![CardDef::weapon("Blade", 2, 0, 2).subtype("Sword")];
        let named = AttackKind { name: Some("Blade".into()), ..AttackKind::any() };
        a.hero = a.hero.trigger(
            Trigger::Nth(1, Box::new(Trigger::GainsGoAgain(Subject::Yours(CardFilter::attack(named))))),
            vec![Effect::AttackAgain(1)],
        );
        let mut g = started(a.clone(), a, 1);
        let tp = g.turn_player;
        let w = g.player(tp).weapons[0];
        g.player_mut(tp).action_points = 3;
        g.activate_weapon(tp, w, &[]).unwrap();
        g.link_gains(0, 0, true).unwrap();
        g.link_gains(0, 0, true).unwrap();
        assert_eq!(g.chain.len(), 1, "the first time only");
        pass_both(&mut g);
        assert_eq!(g.obj(w).extra_uses, 1);
        g.close_combat_chain();
        g.activate_weapon(tp, w, &[]).unwrap();
        g.close_combat_chain();
        assert_eq!(g.activate_weapon(tp, w, &[]), Err(PlayError::UsedThisTurn));
    }

    #[test]
    fn defense_at_least_power_means_no_hit() {
        let mut g = started(bruiser_loadout(), bruiser_loadout(), 1);
        let opp = g.opponent(g.turn_player);
        attack(&mut g, hit("Small").cost(0).power(3));
        g.answers.log = vec![1]; // hand[0], defense 3
        pass_both(&mut g);
        pass_both(&mut g);
        pass_both(&mut g);
        assert_eq!(g.player(opp).life, 20);
        assert!(!g.current_link().unwrap().hit, "20.7.2: no damage, no hit");
    }

    #[test]
    fn cards_without_defense_and_defense_reactions_cannot_defend() {
        let mut g = started(bruiser_loadout(), bruiser_loadout(), 1);
        let opp = g.opponent(g.turn_player);
        attack(&mut g, hit("Smash").cost(0));
        let nodef = give(&mut g, opp, CardDef::new("Bauble", CardType::Resource).pitch(3));
        let dr = give(&mut g, opp, dodge());
        g.current_link_mut().unwrap().step = LinkStep::Defend;
        assert_eq!(g.defend_with(&[nodef]), Err(DefendError::NoDefense(nodef)), "20.5.1a");
        assert_eq!(g.defend_with(&[dr]), Err(DefendError::NotEligible(dr)), "20.5.1: not a defense reaction");
        let cands = g.defend_candidates(opp);
        assert!(!cands.contains(&nodef) && !cands.contains(&dr));
        assert_eq!(cands.len(), 4 + 2, "four cards in hand and two equipment");
        assert_eq!(g.defend_options().len(), 1 << 6);
    }

    #[test]
    fn go_again_gives_an_action_point_and_the_chain_continues() {
        let mut g = started(bruiser_loadout(), bruiser_loadout(), 1);
        let tp = g.turn_player;
        attack(&mut g, hit("Quick").cost(0).power(1).keyword(Keyword::GoAgain));
        g.answers.log = vec![0, 0]; // defend with nothing; continue the chain
        for _ in 0..4 {
            pass_both(&mut g);
        }
        assert_eq!(g.player(tp).action_points, 1, "20.8.3a");
        assert!(g.combat_chain_open() && g.current_link().is_none(), "20.8.3c: continued");
        // A second attack continues the chain as chain link 2 (20.4.1a).
        attack(&mut g, hit("Second").cost(0));
        assert_eq!(g.links.len(), 2);
        // 20.8.3d: had it been a non-attack action, the chain would have closed.
    }

    #[test]
    fn a_non_attack_action_closes_the_combat_chain_and_both_passing_closes_it_too() {
        let mut g = started(bruiser_loadout(), bruiser_loadout(), 1);
        let tp = g.turn_player;
        attack(&mut g, hit("Quick").cost(0).power(1).keyword(Keyword::GoAgain));
        g.answers.log = vec![0, 0];
        for _ in 0..4 {
            pass_both(&mut g);
        }
        let act = give(&mut g, tp, CardDef::new("Bellow", CardType::Action).cost(0).keyword(Keyword::GoAgain));
        g.play_card(tp, act, &[]).unwrap();
        assert!(!g.combat_chain_open(), "20.8.3d");
        // 20.9: open chain, no link in progress, both pass: it closes.
        let mut g = started(bruiser_loadout(), bruiser_loadout(), 1);
        attack(&mut g, hit("Quick").cost(0).power(1).keyword(Keyword::GoAgain));
        g.answers.log = vec![0, 0];
        for _ in 0..4 {
            pass_both(&mut g);
        }
        pass_both(&mut g);
        assert!(!g.combat_chain_open(), "20.9");
        assert_eq!(g.phase, Phase::Action, "the phase goes on: the turn player has priority (21.4)");
    }

    #[test]
    fn attack_reactions_pump_and_defense_reactions_defend() {
        let mut g = started(bruiser_loadout(), bruiser_loadout(), 1);
        let tp = g.turn_player;
        let opp = g.opponent(tp);
        attack(&mut g, hit("Sword").cost(0).power(3));
        let ar = give(
            &mut g,
            tp,
            CardDef::new("Thrust", CardType::AttackReaction).cost(0).effect(Effect::attack_gains_power(3)),
        );
        let dr = give(&mut g, opp, dodge());
        g.answers.log = vec![0];
        pass_both(&mut g);
        pass_both(&mut g);
        assert_eq!(g.current_link().unwrap().step, LinkStep::Reaction);
        g.play_card(tp, ar, &[]).unwrap();
        pass_both(&mut g); // Thrust resolves: 6 power
        g.pass_priority(tp).unwrap();
        g.play_card(opp, dr, &[]).unwrap();
        pass_both(&mut g); // Dodge resolves: defending with 2
        assert_eq!(g.current_link().unwrap().defending, vec![dr], "20.6.4b");
        pass_both(&mut g); // damage: 6 - 2
        assert_eq!(g.player(opp).life, 16);
        g.answers.log.push(1);
        pass_both(&mut g);
        assert_eq!(g.player(tp).graveyard.len(), 2, "21.2: the attack and the attack reaction");
        assert!(g.player(opp).graveyard.len() == 1, "21.2: the defense reaction");
    }

    #[test]
    fn battleworn_equipment_loses_a_point_of_defense_each_time_it_defends() {
        let mut g = started(bruiser_loadout(), bruiser_loadout(), 1);
        let opp = g.opponent(g.turn_player);
        let gold = g.create(
            std::sync::Arc::new(CardDef::equipment("Gold", Slot::Arms, 1).keyword(Keyword::Battleworn)),
            opp,
            Zone::Equipment,
        );
        g.player_mut(opp).equipment.push(gold);
        attack(&mut g, hit("Smash").cost(0));
        g.current_link_mut().unwrap().step = LinkStep::Defend;
        g.defend_with(&[gold]).unwrap();
        g.close_combat_chain();
        assert_eq!(g.obj(gold).zone, Zone::Equipment, "21.1: back to its zone, same object");
        assert_eq!(g.defense(gold), Some(0), "battleworn");
        assert_eq!(g.obj(gold).defense_counters, -1);
        // 8.2.5b: counters may exceed the defense value; the value stays at zero.
        g.obj_mut(gold).defense_counters = -3;
        assert_eq!(g.defense(gold), Some(0));
    }

    /// 20.5.1b, 20.5.1c: defending costs nothing and is not playing the card: no resource or
    /// action point is spent and "whenever you play a card" does not trigger; 20.7.1: damage
    /// calculation gives no one priority (the reaction step's passes lead straight to the
    /// resolution step, the damage dealt).
    #[test]
    fn r20_5_1c_defending_is_not_playing_and_damage_calculation_has_no_priority() {
        let mut g = started(bruiser_loadout(), bruiser_loadout(), 1);
        let tp = g.turn_player;
        let opp = g.opponent(tp);
        let hero = g.player(opp).hero;
        let plays = Trigger::Plays(Subject::Yours(CardFilter::any()));
        let def = (*g.obj(hero).card).clone().trigger(plays, vec![Effect::GainLife(5)]);
        g.obj_mut(hero).card = std::sync::Arc::new(def);
        attack(&mut g, hit("Smash").cost(0).power(6));
        let (life, resources, points) = (g.player(opp).life, g.player(opp).resources, g.player(opp).action_points);
        g.answers.log = vec![1]; // the first card in hand
        pass_both(&mut g); // the attack step ends; the defending card is declared
        let link = g.current_link().unwrap();
        assert_eq!(link.defending.len(), 1);
        assert!(g.chain.is_empty(), "20.5.1c: no \"whenever you play\" layer");
        assert_eq!((g.player(opp).resources, g.player(opp).action_points), (resources, points), "20.5.1b");
        pass_both(&mut g); // the defend step ends
        pass_both(&mut g); // the reaction step ends: damage calculation, then resolution
        assert_eq!(g.current_link().unwrap().step, LinkStep::Resolution, "20.7.1, 20.7.3");
        assert_eq!(g.player(opp).life, life - 3, "6 against 3");
    }

    /// 20.4.5: the attack stays layer 1 of its chain link until the combat chain closes, and
    /// 20.5.2a: the defending cards stay on it too, after the link resolved (20.8.3b); closing
    /// the combat chain (21.2) puts them into the graveyard.
    #[test]
    fn r20_4_5_the_attack_and_defending_cards_stay_until_the_chain_closes() {
        let mut g = started(bruiser_loadout(), bruiser_loadout(), 1);
        let tp = g.turn_player;
        let opp = g.opponent(tp);
        let a = attack(&mut g, hit("Quick").cost(0).keyword(Keyword::GoAgain));
        let d = g.player(opp).hand[0];
        g.answers.log = vec![1, 0]; // defend with the first card in hand; continue the chain
        for _ in 0..4 {
            pass_both(&mut g);
        }
        assert_eq!(g.links[0].step, LinkStep::Resolved, "20.8.3b");
        assert_eq!((g.obj(a).zone, g.obj(d).zone), (Zone::Chain, Zone::Chain), "20.4.5, 20.5.2a");
        assert_eq!(g.links[0].defending, vec![d]);
        g.close_combat_chain();
        let grave: Vec<&str> = g.player(opp).graveyard.iter().map(|c| g.name(*c)).collect();
        assert_eq!(grave.len(), 1, "21.2: {grave:?}");
        assert!(g.player(tp).graveyard.iter().any(|c| g.name(*c) == "Quick"));
    }
}
