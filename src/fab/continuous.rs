//! Continuous effects (CR 17): an effect that changes the properties of a card or an attack for
//! a period of time. Resolving a layer creates them (17.1: "Attacks you control gain +1{p} this
//! turn"); they do not use the chain (17.4) and are read whenever the property is (an attack's
//! power and go again, a card's defense and abilities). Each has a timestamp, the order it was
//! created in. The static abilities printed on a card ("If you've intimidated this turn, this gets
//! +2{p}", 17.2.1: conditional, on and off with the game state) are the card's, read in
//! [`Game::link_power`].
//!
//! How long one lasts (17.2): the duration its effect states ("this turn", "until end of turn",
//! 13.3.3f; "your next attack this turn", used up by that attack, 20.4.2), or, with none stated,
//! as long as what it changes exists: a card while it is that object (11.7), an attack while it
//! is its chain link's attack, until the combat chain closes (21).

use super::cards::{Ability, AttackKind, Keyword};
use super::state::{Game, Link};
use crate::kernel::{ObjId, PlayerId};

/// What a continuous effect changes (17).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Affects {
    /// One card or token: while it is this object (11.7), and as an attack's source ("it gains
    /// +1{p} until end of turn" on a weapon).
    Object(ObjId),
    /// The attack of the chain link with this index (20.4.5: "the attack", "target attack").
    Link(usize),
    /// Its controller's attacks of a kind (20.4.2): "Your weapon attacks gain +1{p} this turn",
    /// "Your next sword attack this turn gains +2{p}".
    Attacks(AttackKind),
}

/// How long a continuous effect lasts (17.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Duration {
    /// "this turn", "until end of turn": it ends as the turn does (13.3.3f).
    ThisTurn,
    /// "your next ... attack this turn": it waits for the next attack of its kind, moves onto that
    /// attack as it becomes the chain link's attack (20.4.2), and ends with the turn if none comes.
    NextAttack,
    /// No duration stated: as long as what it changes exists (the object, 11.7; the attack on its
    /// chain link, until the combat chain closes, 21).
    AsLongAsItExists,
}

/// What a continuous effect does to what it changes (25.3: "gain", "get" do not change the base
/// value).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Modifier {
    Power(i32),
    Defense(i32),
    GoAgain,
    /// An ability given in quotes (a triggered ability, or "[While ...,] it has +N{p}").
    Ability(Ability),
}

/// One continuous effect.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Continuous {
    pub controller: PlayerId,
    pub affects: Affects,
    pub modifiers: Vec<Modifier>,
    pub duration: Duration,
    /// The order effects were created in.
    pub timestamp: u32,
}

impl Game {
    /// 17.1: `controller`'s resolving effect creates a continuous effect. One that gives the
    /// current attack go again is an event ("NAME gains **go again**").
    pub fn add_continuous(
        &mut self,
        controller: PlayerId,
        affects: Affects,
        modifiers: Vec<Modifier>,
        duration: Duration,
    ) {
        let timestamp = self.timestamps;
        self.timestamps += 1;
        let go_again = modifiers.contains(&Modifier::GoAgain) && matches!(affects, Affects::Link(_));
        crate::trace!(
            self,
            "17.1",
            "{controller} creates a continuous effect on {} ({duration:?})",
            self.affected(&affects)
        );
        self.continuous.push(Continuous { controller, affects, modifiers, duration, timestamp });
        if go_again {
            self.gained_go_again();
        }
    }

    fn affected(&self, a: &Affects) -> String {
        match a {
            Affects::Object(o) => self.name(*o).to_string(),
            Affects::Link(i) => format!("the attack of chain link {}", i + 1),
            Affects::Attacks(_) => "attacks of a kind".to_string(),
        }
    }

    /// Whether effect `c` changes the attack of `link` (its chain link's, its source's, or as
    /// one of its controller's attacks of a kind this turn).
    fn changes_attack(&self, c: &Continuous, link: &Link) -> bool {
        match &c.affects {
            Affects::Link(i) => *i == link.index,
            Affects::Object(o) => *o == link.attack,
            Affects::Attacks(kind) => {
                c.duration == Duration::ThisTurn
                    && c.controller == link.attacker
                    && kind.matches(&self.obj(link.attack).card, link.weapon)
            }
        }
    }

    /// The modifiers changing `link`'s attack, oldest first.
    pub fn attack_modifiers<'a>(&'a self, link: &'a Link) -> impl Iterator<Item = &'a Modifier> + 'a {
        self.continuous.iter().filter(move |c| self.changes_attack(c, link)).flat_map(|c| &c.modifiers)
    }

    /// The abilities the attack of `link` was given (20.4.5).
    pub fn attack_abilities(&self, link: &Link) -> Vec<Ability> {
        self.attack_modifiers(link)
            .filter_map(|m| match m {
                Modifier::Ability(a) => Some(a.clone()),
                _ => None,
            })
            .collect()
    }

    /// The abilities `o` was given ("it gains "When the combat chain closes, destroy NAME."").
    pub fn object_abilities(&self, o: ObjId) -> Vec<Ability> {
        self.continuous
            .iter()
            .filter(|c| c.affects == Affects::Object(o))
            .flat_map(|c| &c.modifiers)
            .filter_map(|m| match m {
                Modifier::Ability(a) => Some(a.clone()),
                _ => None,
            })
            .collect()
    }

    /// A card's defense (20.7.2): its defense value, its counters (8.2.5b) and what effects gave
    /// it (25.3), never below zero; none if it has no defense value (20.5.1a).
    pub fn defense(&self, o: ObjId) -> Option<u32> {
        let obj = self.obj(o);
        let gained: i32 = self
            .continuous
            .iter()
            .filter(|c| c.affects == Affects::Object(o))
            .flat_map(|c| &c.modifiers)
            .map(|m| if let Modifier::Defense(n) = m { *n } else { 0 })
            .sum();
        obj.card.defense.map(|d| (i32::from(d) + obj.defense_counters + gained).max(0) as u32)
    }

    /// Whether an attack has go again: printed or gained (20.8.3a).
    pub fn link_has_go_again(&self, link: &Link) -> bool {
        self.obj(link.attack).card.has(Keyword::GoAgain) || self.attack_modifiers(link).any(|m| *m == Modifier::GoAgain)
    }

    /// 20.4.2: the attack of chain link `index` has just become the chain link's attack: its
    /// controller's "next attack this turn" effects of its kind move onto it and are used up.
    pub(super) fn next_attack_effects_apply(&mut self, index: usize) {
        let link = &self.links[index];
        let (p, card, weapon) = (link.attacker, self.obj(link.attack).card.clone(), link.weapon);
        let mut gained_go_again = false;
        let this_turn = self.continuous.iter().filter(|c| {
            matches!(&c.affects, Affects::Attacks(kind) if kind.matches(&card, weapon))
                && c.duration == Duration::ThisTurn
                && c.controller == p
        });
        for m in this_turn.map(|c| c.modifiers.clone()).collect::<Vec<_>>() {
            crate::trace!(self, "20.4.2", "{p}'s attacks of that kind this turn: {} gains {m:?}", card.name);
        }
        for c in &mut self.continuous {
            if let (Affects::Attacks(kind), Duration::NextAttack) = (&c.affects, c.duration)
                && c.controller == p
                && kind.matches(&card, weapon)
            {
                // 17.2: its duration was "your next attack": it now lasts as long as this attack.
                c.affects = Affects::Link(index);
                c.duration = Duration::AsLongAsItExists;
                gained_go_again |= c.modifiers.contains(&Modifier::GoAgain);
                crate::trace!(self, "20.4.2", "{p}'s next attack this turn: {} gains {:?}", card.name, c.modifiers);
            }
        }
        if gained_go_again {
            self.gained_go_again();
        }
    }

    /// 13.3.3f: the effects of this turn end, and "next attack this turn" effects still waiting.
    pub(super) fn end_turn_effects(&mut self) {
        let before = self.continuous.len();
        self.continuous.retain(|c| c.duration == Duration::AsLongAsItExists);
        let ended = before - self.continuous.len();
        if ended > 0 {
            crate::trace!(self, "17.2", "{ended} continuous effect(s) of this turn end with it");
        }
    }

    /// 21: the combat chain closed: the effects on its attacks end, and those on cards that are
    /// new objects now (11.7) or gone (10.3).
    pub(super) fn chain_closed_effects(&mut self) {
        let objs = &self.objs;
        let before = self.continuous.len();
        self.continuous.retain(|c| match c.affects {
            Affects::Link(_) => false,
            Affects::Object(o) => {
                let o = &objs[o.index()];
                o.became.is_none() && o.zone != super::zones::Zone::Gone
            }
            Affects::Attacks(_) => true,
        });
        let ended = before - self.continuous.len();
        if ended > 0 {
            crate::trace!(self, "17.2", "{ended} continuous effect(s) on attacks or cards no longer there end");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::cards::{AttackRef, CardDef, Effect};
    use super::super::testing::*;
    use super::*;

    /// 17.2, 13.3.3f: "until end of turn" on a weapon lasts for its attacks this turn and ends
    /// with the turn; "your next weapon attack this turn" waits for that attack, moves onto it
    /// (20.4.2) and ends with the combat chain (21), while an effect with no duration on a card
    /// stays as long as it is that object.
    #[test]
    fn r17_2_durations_this_turn_next_attack_and_as_long_as_it_exists() {
        let mut g = started(bruiser_loadout(), bruiser_loadout(), 1);
        let tp = g.turn_player;
        let opp = g.opponent(tp);
        let club = g.player(tp).weapons[0];
        g.add_continuous(tp, Affects::Object(club), vec![Modifier::Power(1)], Duration::ThisTurn);
        g.apply(&Effect::Gains { to: AttackRef::Next(AttackKind::weapon()), power: 2, go_again: false }, tp).unwrap();
        let helm = g.player(opp).equipment[0];
        g.add_continuous(opp, Affects::Object(helm), vec![Modifier::Defense(2)], Duration::AsLongAsItExists);
        assert_eq!(g.continuous.len(), 3);
        g.player_mut(tp).resources = 2;
        g.activate_weapon(tp, club, &[]).unwrap();
        let link = g.current_link().unwrap();
        let base = u32::from(g.obj(club).card.power.unwrap());
        assert_eq!(g.link_power(link), base + 3, "+1 until end of turn and +2 for the next weapon attack");
        assert_eq!(g.continuous[1].affects, Affects::Link(0), "moved onto the attack");
        g.close_combat_chain();
        assert_eq!(g.continuous.len(), 2, "21: the attack's effect ended with the combat chain");
        assert_eq!(g.defense(helm), Some(u32::from(g.obj(helm).card.defense.unwrap()) + 2));
        g.end_turn_effects();
        assert_eq!(g.continuous.len(), 1, "13.3.3f: the turn's effect ended; the helm's stays");
    }

    /// 17.1, 20.4.2: "Your weapon attacks gain +1{p} this turn" changes every weapon attack of
    /// its controller this turn, and no other attack.
    #[test]
    fn r17_1_attacks_of_a_kind_this_turn() {
        let mut g = started(bruiser_loadout(), bruiser_loadout(), 1);
        let tp = g.turn_player;
        g.apply(&Effect::AttacksGainThisTurn(AttackKind::weapon(), 1), tp).unwrap();
        let atk = give(&mut g, tp, CardDef::attack_action("Smash", 1, 0, 4, 3));
        g.play_card(tp, atk, &[]).unwrap();
        assert_eq!(g.link_power(g.current_link().unwrap()), 4, "an attack action card is no weapon attack");
        g.close_combat_chain();
        g.player_mut(tp).resources = 2;
        g.player_mut(tp).action_points = 1;
        let club = g.player(tp).weapons[0];
        g.activate_weapon(tp, club, &[]).unwrap();
        let base = u32::from(g.obj(club).card.power.unwrap());
        assert_eq!(g.link_power(g.current_link().unwrap()), base + 1);
    }

    /// 17.4: a continuous effect does not use the chain: created, it adds no layer, and the
    /// attack's power changes at once; 17.1: created by an effect's resolution, its timestamps
    /// in the order created.
    #[test]
    fn r17_4_continuous_effects_do_not_use_the_chain() {
        let mut g = started(bruiser_loadout(), bruiser_loadout(), 1);
        let tp = g.turn_player;
        let atk = give(&mut g, tp, CardDef::attack_action("Smash", 1, 0, 4, 3));
        g.play_card(tp, atk, &[]).unwrap();
        let layers = g.chain.len();
        g.apply(&Effect::attack_gains_power(2), tp).unwrap();
        g.apply(&Effect::attack_gains_power(1), tp).unwrap();
        assert_eq!(g.chain.len(), layers, "no layer");
        assert_eq!(g.link_power(g.current_link().unwrap()), 7);
        let stamps: Vec<u32> = g.continuous.iter().map(|c| c.timestamp).collect();
        assert!(stamps.windows(2).all(|w| w[0] < w[1]), "{stamps:?}");
    }
}
