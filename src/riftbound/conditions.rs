//! Conditions of conditional abilities and passives ("if", "while": 361.3, 376.2.b), evaluated
//! in one place for triggers, activation limits, cost changes and the layers alike.

use super::abilities::{CardDeed, Condition, Controlled, CountOf, Deed, UnitFilter};
use super::events::Event;
use super::layers::Chars;
use super::scoring::ScoreMethod;
use super::state::{Bf, Game, Loc, Role};
use crate::kernel::{ObjId, PlayerId};

/// What deciding a condition reads ([`Game::reads`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Reads {
    /// The subject's own record only.
    Record,
    /// The subject alone, its characteristics included.
    OwnCharacteristics,
    /// Other objects or shared state.
    Beyond,
}

impl Game {
    /// Whether `f` names `card` by what the card is, wherever it is now: its kind, tags and
    /// (non-)token (`Condition::Token`), or an alternative of `f`'s ("a unit or a gear"). How a
    /// card played (346) is named: "Units you play cost [1] less", "you've played a spell".
    pub(crate) fn names_card(&self, f: &UnitFilter, card: ObjId, you: PlayerId) -> bool {
        let d = self.card(card);
        (f.kind == d.kind
            && f.tags_ok(&d.tags)
            && f.condition.as_deref().is_none_or(|c| self.holds(c, card, you, None)))
            || f.or.as_deref().is_some_and(|g| self.names_card(g, card, you))
    }

    /// Whether `c` holds for `subject` (the ability's source, or the object a passive's effect
    /// applies to, 361.3.a) with `you` as "you". `chars`: the subject's characteristics while the
    /// layers compute them, so "Mighty" reads them instead of asking the layers again (449).
    pub fn holds(&self, c: &Condition, subject: ObjId, you: PlayerId, chars: Option<&Chars>) -> bool {
        self.holds_with(c, subject, you, chars, None)
    }

    /// `c` for `subject` when the subject's record alone decides it (no characteristic, no other
    /// object), else None: what [`Game::might_bounds`] may decide without the layers.
    pub(crate) fn record_holds(&self, c: &Condition, subject: ObjId) -> Option<bool> {
        match (self.reads(c, subject), c) {
            (Reads::Record, _) => Some(self.holds(c, subject, self.obj(subject).controller, None)),
            (Reads::OwnCharacteristics, Condition::HasKeyword(k)) if self.keyword_is_printed(*k) => {
                Some(self.card(subject).abilities.has_keyword(*k))
            }
            _ => None,
        }
    }

    /// What deciding `c` for `subject` reads: the characteristics cache keeps values computed
    /// with a condition that reads only the subject local to it (`holds_with`), and the Might
    /// bounds decide the conditions that read only its record (`record_holds`).
    #[inline]
    fn reads(&self, c: &Condition, subject: ObjId) -> Reads {
        match c {
            Condition::AtBattlefield
            | Condition::PaidAdditional
            | Condition::PlayedFromHand
            | Condition::Buffed
            | Condition::Attacking
            | Condition::Defending
            | Condition::InCombat
            | Condition::Token
            | Condition::Empowered => Reads::Record,
            // Out of combat, "alone" is false without looking at other units.
            Condition::Alone { .. } if self.obj(subject).role.is_none() => Reads::Record,
            Condition::Mighty
            | Condition::Was(_)
            | Condition::HasKeyword(_)
            | Condition::ChosenChampion
            | Condition::OnResolution(_)
            | Condition::OnTrigger(_) => Reads::OwnCharacteristics,
            _ => Reads::Beyond,
        }
    }

    /// [`Game::holds`] for a triggered ability, whose "that battlefield" is the battlefield its
    /// event named (`ChainItem::that_battlefield`); anywhere else there is none.
    pub fn holds_with(
        &self,
        c: &Condition,
        subject: ObjId,
        you: PlayerId,
        chars: Option<&Chars>,
        that_battlefield: Option<Bf>,
    ) -> bool {
        // Characteristics computed with a condition that reads beyond its subject's own record
        // are recomputed after any change (`CharsCache`). The layers ask with the object being
        // computed as the subject (361.3.a), so one about the subject alone keeps them local.
        let own_record = self.reads(c, subject) != Reads::Beyond;
        if !own_record {
            self.chars_cache.read_shared();
        }
        let alive = self.obj(subject).alive;
        match c {
            Condition::AtBattlefield => matches!(self.location(subject), Some(Loc::Battlefield(_))),
            // 708: Mighty is 5 Might or more.
            Condition::Mighty => alive && chars.map_or_else(|| self.is_mighty(subject), Chars::is_mighty),
            Condition::Was(c) => self.held_last(c, subject),
            Condition::PaidAdditional => self.obj(subject).paid_additional,
            // A card still in its player's hand would be played from there.
            Condition::PlayedFromHand => {
                self.obj(subject).played_from_hand || self.obj(subject).zone == super::state::Zone::Hand
            }
            Condition::Cards { trash, at_least, at_most } => {
                let p = self.player(you);
                let n = if *trash { p.trash.len() } else { p.hand.len() } as u32;
                n >= *at_least && at_most.is_none_or(|m| n <= m)
            }
            Condition::Legion => self.player(you).cards_played_this_turn > 0,
            Condition::NotChosenThisTurn(i) => !self
                .events_this_turn()
                .iter()
                .any(|e| matches!(e, Event::Activated { source: s, index } if *s == subject && index == i)),
            Condition::Buffed => alive && self.obj(subject).buffs > 0,
            Condition::Attacking => alive && self.obj(subject).role == Some(Role::Attacker),
            Condition::Defending => alive && self.obj(subject).role == Some(Role::Defender),
            Condition::InCombat => alive && self.obj(subject).role.is_some(),
            Condition::Token => self.card(subject).supertype == Some(super::cards::Supertype::Token),
            Condition::YouControlIt => self.controls(you, subject),
            Condition::Empowered => alive && self.obj(subject).empowered,
            Condition::HasKeyword(k) => {
                chars.map_or_else(|| self.chars(subject).keywords.has(*k), |c| c.keywords.has(*k))
            }
            Condition::Not(c) => !self.holds_with(c, subject, you, chars, that_battlefield),
            Condition::Stunned => alive && self.obj(subject).stunned,
            Condition::Damaged => alive && self.obj(subject).damage > 0,
            Condition::Exhausted => alive && self.obj(subject).exhausted,
            Condition::Ready => alive && !self.obj(subject).exhausted,
            Condition::Equipped => alive && self.is_equipped(subject),
            Condition::Attached(a) => alive && self.top_most_of(subject).is_some() == *a,
            Condition::Open => self.battlefield_of(subject).is_some_and(|b| self.battlefields[b].is_open()),
            Condition::ChosenChampion => self.is_chosen_champion(subject),
            Condition::Alone { attack, defend } => {
                alive
                    && match self.obj(subject).role {
                        Some(Role::Attacker) => *attack && self.alone_in_combat(subject),
                        Some(Role::Defender) => *defend && self.alone_in_combat(subject),
                        None => false,
                    }
            }
            Condition::CardThisTurn { deed, filter: f } => self.events_this_turn().iter().any(|e| match (deed, e) {
                (CardDeed::Played, Event::Played { player, card, .. }) => {
                    *player == you && self.names_card(f, *card, you)
                }
                (CardDeed::Chose, Event::Targeted { player, obj, .. }) => {
                    *player == you && self.filter_matches_lki(f, *obj, you, subject)
                }
                _ => false,
            }),
            Condition::ChoseTimes { filter, times, by } => {
                // One choosing: the Targeted events one spell or ability records together.
                let (mut n, mut counted, mut prev) = (0, false, None);
                for e in self.events_this_turn() {
                    let Event::Targeted { player, obj, spell } = e else {
                        prev = None;
                        continue;
                    };
                    if prev != Some((*player, *spell)) {
                        counted = false;
                    }
                    prev = Some((*player, *spell));
                    if !counted
                        && *player == you
                        && (by.is_empty() || by.contains(&self.card(*spell).kind))
                        && self.filter_matches_lki(filter, *obj, you, subject)
                    {
                        n += 1;
                        counted = true;
                    }
                }
                n >= *times
            }
            Condition::DidThisTurn { deed, me, at_least } => {
                let events = self.events_this_turn();
                let done = events
                    .iter()
                    .enumerate()
                    .filter(|(i, e)| match (deed, e) {
                        (Deed::Conquered, Event::Scored { player, battlefield, method: ScoreMethod::Conquer, .. }) => {
                            *player == you && (!*me || self.was_at_before(subject, *battlefield, &events[*i + 1..]))
                        }
                        (Deed::Moved, Event::Moved { unit, .. }) => {
                            if *me {
                                *unit == subject
                            } else {
                                self.last_known_controller(*unit) == you
                            }
                        }
                        (Deed::Discarded, Event::Discarded { player, card }) => {
                            if *me {
                                *card == subject
                            } else {
                                *player == you
                            }
                        }
                        _ => false,
                    })
                    .count();
                done as u32 >= *at_least
            }
            Condition::RunesAtLeast(n) => self.player(you).runes.len() >= *n as usize,
            Condition::SpentThisTurn(cost) => self.player(you).spent_this_turn.covers(cost),
            Condition::XpAtLeast(n) => self.xp(you) >= *n,
            Condition::Count { filter, at_least, at_most, whose } => {
                let matching = self.matching(filter, Some(you), Some(subject));
                let enough = |n: usize| n as u32 >= *at_least && at_most.is_none_or(|m| n as u32 <= m);
                let controlled_by = |p: PlayerId| matching.iter().filter(|o| self.controls(p, **o)).count();
                match whose {
                    Controlled::Anyone => enough(matching.len()),
                    Controlled::You => enough(controlled_by(you)),
                    Controlled::AnOpponent => self.opponents(you).into_iter().any(|p| enough(controlled_by(p))),
                }
            }
            Condition::OnResolution(c) | Condition::OnTrigger(c) => {
                self.holds_with(c, subject, you, chars, that_battlefield)
            }
            Condition::UnitsAt { min, max, that_battlefield: that } => {
                // "that battlefield": the one the trigger's event scored (444.2); "here": the
                // battlefield itself (053.3).
                let at = if *that { that_battlefield.map(Loc::Battlefield) } else { self.here(subject) };
                at.is_some_and(|l| {
                    let n = self.units_iter(l).filter(|u| self.controller(*u) == you).count() as u32;
                    n >= *min && max.is_none_or(|m| n <= m)
                })
            }
            Condition::DiedThisTurn(f) => self
                .events_this_turn()
                .iter()
                .any(|e| matches!(e, Event::Killed { obj, .. } if self.filter_matches_lki(f, *obj, you, subject))),
            // 741.1: as it died (its last-known information, 356.3.e.13).
            Condition::DiedAlone => {
                !self.components.get::<super::actions::DiedInCompany>().is_some_and(|d| d.0.contains(&subject))
            }
            Condition::AssignedExcess { at_least, at_most } => {
                let n = self.excess_assigned(you);
                n >= *at_least && at_most.is_none_or(|m| n <= m)
            }
            Condition::EnergyCostBelow(n) => self.card(subject).energy < self.count_of(n, you, subject),
            Condition::CostAtLeast { energy, power } => {
                let card = self.card(subject);
                card.energy >= *energy && card.power.len() >= *power as usize
            }
            Condition::All(cs) => cs.iter().all(|c| self.holds_with(c, subject, you, chars, that_battlefield)),
            Condition::ScoreWithin { opponent, points } => {
                let vs = self.victory_score();
                let near = |p: PlayerId| self.player(p).points + points >= vs;
                if *opponent { self.opponents(you).into_iter().any(near) } else { near(you) }
            }
        }
    }

    /// Whether a state condition held for an object as it last existed ("When a buffed friendly
    /// unit dies"): an object that left the board keeps its state and its last-known Might and
    /// controller (415), so its buff, damage, stun and exhaustion are read off it. A condition
    /// that is no state of the object itself never held.
    pub fn held_last(&self, c: &Condition, id: ObjId) -> bool {
        let o = self.obj(id);
        match c {
            Condition::Buffed => o.buffs > 0,
            Condition::Empowered => o.empowered,
            Condition::Stunned => o.stunned,
            Condition::Damaged => o.damage > 0,
            Condition::Exhausted => o.exhausted,
            Condition::Ready => !o.exhausted,
            // 708: Mighty is 5 Might or more.
            Condition::Mighty => o.lki.map_or_else(|| self.is_mighty(id), |l| l.might >= 5),
            _ => false,
        }
    }

    /// 741.1: a unit on the board is alone when no other unit its controller controls is at its
    /// location.
    /// Whether `unit` was at battlefield `b` before `later`, the events since then: where its
    /// first move among them took it from, or where it is now if it has not moved since.
    fn was_at_before(&self, unit: ObjId, b: Bf, later: &[Event]) -> bool {
        let from = later.iter().find_map(|e| match e {
            Event::Moved { unit: u, from, .. } if *u == unit => Some(Some(*from)),
            Event::Recalled { obj, from } if *obj == unit => Some(Some(*from)),
            _ => None,
        });
        from.unwrap_or_else(|| self.location(unit)) == Some(Loc::Battlefield(b))
    }

    pub fn alone(&self, id: ObjId) -> bool {
        let Some(at) = self.location(id) else { return false };
        let you = self.controller(id);
        !self.units_iter(at).any(|u| u != id && self.controller(u) == you)
    }

    /// "attacking / defending alone": the unit is the only unit with its combat designation at
    /// its battlefield (438.1.a.3-4: each side's units there share the designation).
    pub fn alone_in_combat(&self, id: ObjId) -> bool {
        let o = self.obj(id);
        let (Some(role), super::state::Zone::Battlefield(b)) = (o.role, o.zone) else { return false };
        self.units_iter(Loc::Battlefield(b)).filter(|u| self.obj(*u).role == Some(role)).count() == 1
    }

    /// 440.2.a: the excess damage `you` assigned in the last combat damage step of this turn in
    /// which they assigned damage (0 if none), what "you assigned N or more excess damage"
    /// measures and "that much" after it names.
    pub fn excess_assigned(&self, you: PlayerId) -> u32 {
        self.events_this_turn()
            .iter()
            .rev()
            .find_map(|e| match e {
                Event::AssignedCombatDamage { player, excess } if *player == you => Some(*excess),
                _ => None,
            })
            .unwrap_or(0)
    }

    /// "for each X": how many there are, for `you` and the object `source` (352.8.b).
    pub fn count_of(&self, c: &CountOf, you: PlayerId, source: ObjId) -> u32 {
        match c {
            CountOf::Matching(f) => self.matching(f, Some(you), Some(source)).len() as u32,
            CountOf::CardsInYourTrash => self.player(you).trash.len() as u32,
            CountOf::CardsInYourHand => self.player(you).hand.len() as u32,
            CountOf::CardsPlayedThisTurn => self.player(you).cards_played_this_turn,
            CountOf::ExtremeMight { filter, highest } => {
                let mights =
                    self.matching(filter, Some(you), Some(source)).into_iter().map(|o| self.might(o).max(0) as u32);
                if *highest { mights.max() } else { mights.min() }.unwrap_or(0)
            }
            CountOf::YourPoints => self.player(you).points,
            CountOf::PointsScoredThisTurn(method) => self.points_scored_this_turn(you, *method),
            CountOf::ExcessAssigned => self.excess_assigned(you),
            // SFD-719: the cards attached to `source` (the unit counted for).
            CountOf::Attached(f) => {
                self.attached_to(source).into_iter().filter(|a| self.unit_matches(f, *a, you, source)).count() as u32
            }
            // SFD-718.4: their printed Might bonuses.
            CountOf::MightBonusOf(f) => self
                .attached_to(source)
                .into_iter()
                .filter(|a| self.unit_matches(f, *a, you, source))
                .map(|a| self.card(a).might_bonus.unwrap_or(0).max(0) as u32)
                .sum(),
        }
    }

    /// Whether `p` controls `o`: a battlefield's controller is the player who conquered it (181.2),
    /// none for an open one; any other object's is its own.
    pub fn controls(&self, p: PlayerId, o: ObjId) -> bool {
        match self.battlefield_of(o) {
            Some(b) => self.battlefields[b.index()].controller == Some(p),
            None => self.controller(o) == p,
        }
    }
}
