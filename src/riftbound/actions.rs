//! Game actions (395-418) as kernel functions. Every change to the game goes through one of
//! these, so each is traced with its rule and requests a cleanup where rule 319 says so. Cards
//! (and later their compiled hooks) call exactly these.

use super::cards::{CardIdx, CardType};
use super::decision::{Ask, Choice};
use super::events::Event;
use super::layers::{Duration, Filter, Modification};
use super::state::{Game, Lki, Loc, Obj, R, Zone};
use super::triggers::holds_trigger_sources;
use crate::kernel::{ObjId, PlayerId};
use crate::trace;
use std::sync::Arc;

/// Where in an ordered zone a card goes.
/// 404.6 / 415.5.c: (unit, source) for the damage dealt since the last cleanup ended.
#[derive(Clone, Debug, Default)]
pub struct DamagedBy(pub Vec<(ObjId, ObjId)>);

/// Prevent (later Core Rules, docs/rulings.md): the Prevent Value still tracked on each unit, from
/// "Prevent the next N damage that would be dealt to it this turn", and the units whose next
/// damage is prevented whole ("The next time it would be dealt damage this turn, prevent it");
/// cleared as the turn ends.
#[derive(Clone, Debug, Default)]
pub struct PreventNext(pub Vec<(ObjId, u32)>, pub Vec<ObjId>);

/// 741.1: the units that were not alone as they died (other friendly units were at their
/// location as the kill began, those dying with them included), for "If I didn't die alone".
#[derive(Clone, Debug, Default)]
pub struct DiedInCompany(pub Vec<ObjId>);

/// 182.2: the spells on the chain whose control changed, with the player who played each (352);
/// cleared as the turn ends (no chain outlives its turn).
#[derive(Clone, Debug, Default)]
pub struct PlayedBy(pub Vec<(ObjId, PlayerId)>);

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pos {
    Top,
    Bottom,
}

impl Game {
    /// Creates a new object incarnation in a zone.
    pub fn new_obj(&mut self, card: CardIdx, owner: PlayerId, zone: Zone, zone_player: PlayerId, pos: Pos) -> ObjId {
        let id = ObjId(self.objs.len() as u32);
        let timestamp = self.timestamp();
        // A new object changes what conditions count: a shared change (`Game::chars_cache`).
        self.chars_cache.changed();
        if !self.text_index.seen.contains(card) {
            Arc::make_mut(&mut self.text_index).note(card, self.db.get(card));
        }
        self.objs.push(Obj {
            card,
            owner,
            controller: if zone.is_board() { zone_player } else { owner },
            zone,
            zone_player,
            exhausted: false,
            damage: 0,
            buffs: 0,
            stunned: false,
            token: false,
            role: None,
            attacked: false,
            defended: false,
            timestamp,
            alive: true,
            next: None,
            lki: None,
            was_mighty: false,
            paid_additional: false,
            repeat_granted: false,
            empowered: false,
            mode: 0,
            repeat_mode: 0,
            hidden_on_turn: 0,
            from_hidden: None,
            played_from_hand: false,
        });
        // 408.3: a facedown card has no abilities working on the board.
        if zone.is_board() && !matches!(zone, Zone::Facedown(_)) {
            self.register_statics(id);
            if self.mighty_watched() {
                let mighty = self.is_mighty(id);
                self.obj_mut_unread(id).was_mighty = mighty;
            } else {
                self.mighty_stale = true;
            }
        }
        self.insert_into_zone(id, zone, zone_player, pos);
        id
    }

    fn insert_into_zone(&mut self, id: ObjId, zone: Zone, p: PlayerId, pos: Pos) {
        // Zone lists are read by conditions ("alone", "N units here"): a shared change.
        self.chars_cache.changed();
        let is_rune = self.card(id).kind == CardType::Rune;
        if holds_trigger_sources(zone, is_rune) && self.may_trigger_in(self.links(), id) {
            self.trigger_index.zones_changed();
        }
        let pl = Arc::make_mut(&mut self.players[p.index()]);
        let list = match zone {
            Zone::MainDeck => &mut pl.main_deck,
            Zone::RuneDeck => &mut pl.rune_deck,
            Zone::Hand => &mut pl.hand,
            Zone::Trash => &mut pl.trash,
            Zone::Banishment => &mut pl.banishment,
            Zone::SetAside => &mut pl.set_aside,
            Zone::Base if is_rune => &mut pl.runes,
            Zone::Base => &mut pl.base,
            Zone::ChampionZone => {
                pl.champion_zone = Some(id);
                return;
            }
            Zone::LegendZone => {
                pl.legend = Some(id);
                return;
            }
            Zone::Battlefield(b) => &mut self.battlefields[b].units,
            Zone::Facedown(b) => {
                self.battlefields[b].facedown.push(id);
                return;
            }
            Zone::BattlefieldZone | Zone::Chain | Zone::Gone => return,
        };
        match pos {
            Pos::Top => list.insert(0, id),
            Pos::Bottom => list.push(id),
        }
    }

    fn remove_from_zone(&mut self, id: ObjId) {
        self.chars_cache.changed();
        let o = self.obj(id);
        let (zone, p) = (o.zone, o.zone_player);
        if holds_trigger_sources(zone, self.card(id).kind == CardType::Rune) && self.may_trigger_in(self.links(), id) {
            self.trigger_index.zones_changed();
        }
        let pl = Arc::make_mut(&mut self.players[p.index()]);
        let list = match zone {
            Zone::MainDeck => &mut pl.main_deck,
            Zone::RuneDeck => &mut pl.rune_deck,
            Zone::Hand => &mut pl.hand,
            Zone::Trash => &mut pl.trash,
            Zone::Banishment => &mut pl.banishment,
            Zone::SetAside => &mut pl.set_aside,
            Zone::Base => {
                pl.base.retain(|x| *x != id);
                pl.runes.retain(|x| *x != id);
                return;
            }
            Zone::ChampionZone => {
                if pl.champion_zone == Some(id) {
                    pl.champion_zone = None;
                }
                return;
            }
            Zone::LegendZone => return, // 106.5.d: the legend never leaves.
            Zone::Battlefield(b) => &mut self.battlefields[b].units,
            Zone::Facedown(b) => {
                self.battlefields[b].facedown.retain(|x| *x != id);
                return;
            }
            Zone::BattlefieldZone | Zone::Chain | Zone::Gone => return,
        };
        list.retain(|x| *x != id);
    }

    /// Moves an object to a zone. Moving to or from a non-board zone makes a new object with no
    /// temporary modifications (109, 356.3.e.4) and leaves last-known information on the old id;
    /// a token put into a non-board zone ceases to exist (177.1). Returns the object's id after
    /// the move (the same id for board-to-board relocations).
    pub fn move_object(&mut self, id: ObjId, to: Zone, to_player: PlayerId, pos: Pos) -> ObjId {
        let from = self.obj(id).zone;
        let new_identity = !from.is_board() || !to.is_board();
        if !new_identity {
            self.remove_from_zone(id);
            let o = self.obj_mut(id);
            o.zone = to;
            o.zone_player = to_player;
            o.controller = to_player;
            self.insert_into_zone(id, to, to_player, pos);
            self.changed();
            self.carry_attached(id);
            return id;
        }
        if from.is_board() {
            self.leaving_board(id);
        }
        let lki = Lki {
            might: self.might(id),
            controller: self.controller(id),
            zone: from,
            zone_player: self.obj(id).zone_player,
        };
        self.remove_from_zone(id);
        let (card, owner, token) = {
            let o = self.obj(id);
            (o.card, o.owner, o.token)
        };
        let to = if token && !to.is_board() { Zone::Gone } else { to };
        // 107.1.d / 107.5.d / 107.6.f: a card goes only to its owner's trash, banishment or hand.
        let to_player = if matches!(to, Zone::Trash | Zone::Banishment | Zone::Hand) { owner } else { to_player };
        let new = self.new_obj(card, owner, to, to_player, pos);
        self.obj_mut(new).token = token;
        let old = self.obj_mut(id);
        old.alive = false;
        old.next = Some(new);
        old.lki = Some(lki);
        if from.is_board() || to.is_board() {
            self.changed();
        }
        if from.is_board() && !to.is_board() {
            self.emit(Event::LeftBoard(id));
        }
        self.expire_effects(false);
        new
    }

    /// 400: draw `n`, burning out (418) when the main deck runs out.
    pub fn draw(&mut self, p: PlayerId, n: u32) -> R<()> {
        for _ in 0..n {
            let Some(top) = self.top_or_burn_out(p)? else { return Ok(()) };
            let new = self.move_object(top, Zone::Hand, p, Pos::Bottom);
            trace!(self, "400.1", "{p} draws {}", self.describe(new));
            self.emit(Event::Drew { player: p, card: new });
        }
        Ok(())
    }

    /// The top card of `p`'s Main Deck, to be moved to another zone: an empty deck burns out
    /// first, as often as it takes (418.1.a-b). None once the game is over.
    pub fn top_or_burn_out(&mut self, p: PlayerId) -> R<Option<ObjId>> {
        while self.player(p).main_deck.is_empty() {
            if self.is_over() {
                return Ok(None);
            }
            self.burn_out(p)?;
        }
        Ok(if self.is_over() { None } else { Some(self.player(p).main_deck[0]) })
    }

    /// 418: burn out — recycle the trash into the main deck, an opponent of the player's choice
    /// gains 1 point; the caller then completes its action.
    pub fn burn_out(&mut self, p: PlayerId) -> R<()> {
        trace!(self, "418.2", "{p} burns out");
        self.emit(Event::BurnedOut { player: p });
        let trash = self.player(p).trash.clone();
        self.recycle(p, &trash)?;
        let opps = self.opponents(p);
        if opps.is_empty() {
            return Ok(());
        }
        let choice = self.decide(p, Ask::BurnOutOpponent, opps.iter().map(|q| Choice::Player(*q)).collect())?;
        if let Choice::Player(q) = choice {
            trace!(self, "418.2.c", "{q} gains 1 point from {p}'s burn out");
            self.gain_points(q, 1);
        }
        Ok(())
    }

    /// 401: exhaust. Nothing happens if it is already exhausted (401.1.c).
    pub fn exhaust(&mut self, id: ObjId) {
        if !self.obj(id).exhausted {
            self.obj_mut(id).exhausted = true;
            trace!(self, "401.1", "exhaust {}", self.describe(id));
            self.emit(Event::Exhausted(id));
            self.changed();
        }
    }

    /// 402: ready. Nothing happens if it is already ready (402.1.c).
    pub fn ready(&mut self, id: ObjId) {
        if self.obj(id).exhausted {
            self.obj_mut(id).exhausted = false;
            trace!(self, "402.1", "ready {}", self.describe(id));
            self.emit(Event::Readied(id));
            self.changed();
        }
    }

    /// 403: recycle cards to the bottom of their owners' decks: main deck cards in a random order
    /// (403.5), runes in their owner's chosen order (403.5.a).
    pub fn recycle(&mut self, _by: PlayerId, cards: &[ObjId]) -> R<()> {
        let mut main: Vec<ObjId> = Vec::new();
        let mut runes: Vec<ObjId> = Vec::new();
        for &c in cards {
            if self.card(c).kind == CardType::Rune { runes.push(c) } else { main.push(c) }
        }
        self.rng.shuffle(&mut main);
        for c in main {
            let owner = self.obj(c).owner;
            trace!(self, "403.5", "recycle {} to the bottom of {owner}'s main deck", self.describe(c));
            self.emit(Event::Recycled { player: owner, card: c });
            self.move_object(c, Zone::MainDeck, owner, Pos::Bottom);
        }
        while !runes.is_empty() {
            // Only a choice between runes of different cards matters.
            let first = self.obj(runes[0]).card;
            let pick = if runes.len() > 1 && runes.iter().any(|r| self.obj(*r).card != first) {
                let owner = self.obj(runes[0]).owner;
                let mut opts: Vec<Choice> = Vec::new();
                let mut seen: Vec<CardIdx> = Vec::new();
                for r in &runes {
                    let c = self.obj(*r).card;
                    if !seen.contains(&c) {
                        seen.push(c);
                        opts.push(Choice::Obj(*r));
                    }
                }
                match self.decide(owner, Ask::RuneOrder, opts)? {
                    Choice::Obj(r) => r,
                    _ => runes[0],
                }
            } else {
                runes[0]
            };
            runes.retain(|r| *r != pick);
            let owner = self.obj(pick).owner;
            trace!(self, "403.5.a", "recycle {} to the bottom of {owner}'s rune deck", self.describe(pick));
            self.emit(Event::Recycled { player: owner, card: pick });
            self.move_object(pick, Zone::RuneDeck, owner, Pos::Bottom);
        }
        Ok(())
    }

    /// 404: deal damage from a source (if any) to units.
    pub fn deal(&mut self, source: Option<ObjId>, hits: &[(ObjId, u32)]) {
        self.deal_from(source.as_slice(), hits);
    }

    /// 404.6: deal damage from one or more sources to units (combat damage has every opposing
    /// unit as its source, 404.6.c). Units that can't be damaged take none (439.1.d.9). The
    /// sources are remembered until the next cleanup ends, for 415.5.c.
    pub fn deal_from(&mut self, sources: &[ObjId], hits: &[(ObjId, u32)]) {
        for &(u, amount) in hits {
            if amount == 0 || !self.obj(u).alive || !self.obj(u).zone.is_board() {
                continue;
            }
            if self.chars(u).cant_be_damaged {
                trace!(self, "404.1", "{} can't be dealt damage", self.describe(u));
                continue;
            }
            if self.prevent_next_time(u) {
                continue;
            }
            let amount = self.prevent(u, amount);
            if amount == 0 {
                continue;
            }
            self.obj_mut(u).damage += amount;
            let damaged = &mut self.components.get_mut::<DamagedBy>().0;
            for &s in sources {
                if !damaged.contains(&(u, s)) {
                    damaged.push((u, s));
                }
            }
            let from = if sources.is_empty() || !self.trace.on {
                String::new()
            } else {
                format!(" from {}", self.describe_all(sources))
            };
            trace!(self, "404.1.b", "deal {amount} to {}{from} (now {} damage)", self.describe(u), self.obj(u).damage);
            self.emit(Event::Dealt { sources: sources.to_vec(), target: u, amount });
            self.changed();
        }
    }

    /// "Prevent the next N damage that would be dealt to it this turn": N more Prevent Value on
    /// the unit, until the turn ends (rule 002; later Core Rules, docs/rulings.md).
    pub fn prevent_next(&mut self, u: ObjId, n: u32) {
        if n == 0 || !self.obj(u).alive || !self.obj(u).zone.is_board() {
            return;
        }
        let tracked = &mut self.components.get_mut::<PreventNext>().0;
        match tracked.iter_mut().find(|(o, _)| *o == u) {
            Some((_, v)) => *v += n,
            None => tracked.push((u, n)),
        }
        trace!(self, "002", "the next {n} damage that would be dealt to {} this turn is prevented", self.describe(u));
    }

    /// "The next time it would be dealt damage this turn, prevent it" (rule 002; docs/rulings.md):
    /// the next damage dealt to the unit this turn, whatever its amount, is not dealt.
    pub fn prevent_next_time_of(&mut self, u: ObjId) {
        if !self.obj(u).alive || !self.obj(u).zone.is_board() {
            return;
        }
        let shielded = &mut self.components.get_mut::<PreventNext>().1;
        if !shielded.contains(&u) {
            shielded.push(u);
        }
        trace!(self, "002", "the next time {} would be dealt damage this turn, it is prevented", self.describe(u));
    }

    /// Whether the damage about to be dealt to `u` is prevented whole, as the next damage after
    /// "The next time it would be dealt damage this turn, prevent it"; that prevention is used up.
    fn prevent_next_time(&mut self, u: ObjId) -> bool {
        let Some(shielded) = self.components.get::<PreventNext>().map(|p| &p.1) else { return false };
        if !shielded.contains(&u) {
            return false;
        }
        self.components.get_mut::<PreventNext>().1.retain(|o| *o != u);
        trace!(self, "002", "the damage to {} is prevented", self.describe(u));
        true
    }

    /// The Prevent Value tracked on `u` (0 for none): combat damage may be assigned to it up to
    /// what would be lethal with it counted (later Core Rules, docs/rulings.md).
    pub fn prevent_value(&self, u: ObjId) -> u32 {
        self.components.get::<PreventNext>().and_then(|p| p.0.iter().find(|(o, _)| *o == u)).map_or(0, |(_, v)| *v)
    }

    /// Damage about to be dealt to `u`, less what its Prevent Value prevents; the value goes down
    /// by as much and ends at 0. Damage all prevented is not dealt at all.
    fn prevent(&mut self, u: ObjId, amount: u32) -> u32 {
        let value = self.prevent_value(u);
        if value == 0 {
            return amount;
        }
        let prevented = value.min(amount);
        let tracked = &mut self.components.get_mut::<PreventNext>().0;
        tracked.retain(|(o, _)| *o != u);
        if value > prevented {
            tracked.push((u, value - prevented));
        }
        trace!(self, "002", "{prevented} damage to {} is prevented", self.describe(u));
        amount - prevented
    }

    /// 415.5.c: the sources of the damage dealt to `u` since the last cleanup, that is by the
    /// spell or ability that resolved immediately before the cleanup now running (or by combat,
    /// 404.6.c): the objects responsible if that cleanup kills it.
    pub fn damaged_by(&self, u: ObjId) -> Vec<ObjId> {
        self.components
            .get::<DamagedBy>()
            .map(|d| d.0.iter().filter(|(t, _)| *t == u).map(|(_, s)| *s).collect())
            .unwrap_or_default()
    }

    /// 415.5: the objects responsible for killing `u` this turn (empty if it was not killed, or
    /// if no object was responsible).
    pub fn killed_by(&self, u: ObjId) -> &[ObjId] {
        self.events_this_turn()
            .iter()
            .rev()
            .find_map(|e| match e {
                Event::Killed { obj, by } if *obj == u => Some(by.as_slice()),
                _ => None,
            })
            .unwrap_or_default()
    }

    /// 405: heal units (clear their damage).
    pub fn heal(&mut self, units: &[ObjId]) {
        for &u in units {
            if self.obj(u).damage > 0 {
                self.obj_mut(u).damage = 0;
                trace!(self, "405.1", "heal {}", self.describe(u));
                self.emit(Event::Healed(u));
                self.changed();
            }
        }
    }

    /// 415: kill permanents on the board; `by` is the object responsible (415.5.b), if any.
    pub fn kill(&mut self, ids: &[ObjId], by: Option<ObjId>) -> R<()> {
        self.kill_by(ids, by.as_slice())
    }

    /// 415: kill permanents on the board: they go to their owners' trash; `by` are the objects
    /// responsible (415.5.a: one or more, or none). A replacement effect ("If a friendly unit
    /// would die, ... instead", 364-368) applies first, at most once per death.
    pub fn kill_by(&mut self, ids: &[ObjId], by: &[ObjId]) -> R<()> {
        // 741.1: whether each was alone is read before any of them leaves.
        let in_company: Vec<ObjId> = ids.iter().copied().filter(|u| !self.alone(*u)).collect();
        for &id in ids {
            let o = self.obj(id);
            // 415.1 / 167.3 / 163.3 / 154.1.a: only permanents are killed; legends, battlefields
            // and runes stay where they are.
            if !o.alive || !o.zone.is_board() || !self.card(id).is_permanent() {
                continue;
            }
            let owner = o.owner;
            if self.replace_death(id)? {
                continue;
            }
            let by_text = if by.is_empty() || !self.trace.on {
                String::new()
            } else {
                format!(", killed by {}", self.describe_all(by))
            };
            trace!(self, "415.2", "kill {}{by_text}", self.describe(id));
            self.move_object(id, Zone::Trash, owner, Pos::Bottom);
            self.emit(Event::Killed { obj: id, by: by.to_vec() });
            if in_company.contains(&id) {
                self.components.get_mut::<DiedInCompany>().0.push(id);
            }
            // 380.3: "if this kills it, do this": the reflexive ability triggers now.
            loop {
                let waiting = &mut self.components.get_mut::<super::instructions::ReflexiveOnKill>().0;
                let Some(i) = waiting.iter().position(|w| w.unit == id) else { break };
                let item = waiting.remove(i).item;
                trace!(self, "381.1", "a reflexive ability goes on the chain: {} was killed", self.describe(id));
                self.chain.push(item);
                self.changed();
            }
        }
        Ok(())
    }

    /// 414: banish cards from any zone to their owner's banishment; `by`: the player who
    /// banishes them ("When you banish a card").
    pub fn banish(&mut self, ids: &[ObjId], by: Option<PlayerId>) {
        for &id in ids {
            // 106.5.d / 163.2.b: legends and battlefields stay in place for the whole game.
            if !self.obj(id).alive || matches!(self.obj(id).zone, Zone::LegendZone | Zone::BattlefieldZone) {
                continue;
            }
            let owner = self.obj(id).owner;
            trace!(self, "414.2", "banish {}", self.describe(id));
            self.emit(Event::Banished { obj: id, by });
            self.move_object(id, Zone::Banishment, owner, Pos::Bottom);
        }
    }

    /// 416: add energy and power to a player's rune pool.
    pub fn add(&mut self, p: PlayerId, energy: u32, power: &[super::cards::Domain], any: u32) {
        let pool = &mut self.player_mut(p).pool;
        pool.energy += energy;
        for d in power {
            pool.power[d.index()] += 1;
        }
        pool.any += any;
        self.emit(Event::Added { player: p, energy, power: power.len() as u32 + any });
        if self.trace.on {
            let mut what = if energy > 0 { format!("[{energy}]") } else { String::new() };
            for d in power {
                what.push_str(&format!("[{}]", d.letter()));
            }
            for _ in 0..any {
                what.push_str("[A]");
            }
            trace!(self, "416.1", "{p} adds {what} to their rune pool");
        }
    }

    /// 160: a player's rune pool empties.
    pub fn empty_pool(&mut self, p: PlayerId) {
        if !self.player(p).pool.is_empty() {
            trace!(self, "160.1", "{p}'s unspent energy and power are lost");
            self.player_mut(p).pool = Default::default();
        }
    }

    /// 417: channel runes from the top of the rune deck onto the board. Returns how many.
    pub fn channel(&mut self, p: PlayerId, n: u32, exhausted: bool) -> u32 {
        let mut done = 0;
        for _ in 0..n {
            let Some(&top) = self.player(p).rune_deck.first() else {
                break;
            };
            let id = self.move_object(top, Zone::Base, p, Pos::Bottom);
            self.obj_mut(id).exhausted = exhausted;
            trace!(self, "417.1", "{p} channels {}{}", self.describe(id), if exhausted { " exhausted" } else { "" });
            self.emit(Event::Channeled { player: p, rune: id });
            done += 1;
        }
        done
    }

    /// 410: stun a unit. A stunned unit can't be stunned again (410.1.a.1). Returns whether it
    /// became stunned.
    pub fn stun(&mut self, u: ObjId) -> bool {
        if self.obj(u).stunned || !self.obj(u).zone.is_board() {
            return false;
        }
        self.obj_mut(u).stunned = true;
        trace!(self, "410.1", "stun {}", self.describe(u));
        self.emit(Event::Stunned { unit: u, by: None });
        self.changed();
        true
    }

    /// 413, 702.3: buff a unit, by no player's effect; a unit with a buff gets no second one,
    /// unless it can have any number of buffs (002). Returns whether it was buffed.
    pub fn buff(&mut self, u: ObjId) -> bool {
        self.buff_by(u, None)
    }

    /// 413.2.a: buff a unit as `by`'s game effect directs (the controller of the spell or
    /// ability, 182.2), so that "when you buff" triggers for that player only.
    pub fn buff_by(&mut self, u: ObjId, by: Option<PlayerId>) -> bool {
        if (self.obj(u).buffs > 0 && !self.chars(u).any_number_of_buffs) || !self.obj(u).zone.is_board() {
            return false;
        }
        self.obj_mut(u).buffs += 1;
        trace!(self, "413.1", "buff {}", self.describe(u));
        self.emit(Event::Buffed { unit: u, by });
        self.changed();
        true
    }

    /// 702.2.b: spend a buff from a unit its controller controls.
    pub fn spend_buff(&mut self, p: PlayerId, u: ObjId) -> bool {
        if self.obj(u).buffs == 0 || self.controller(u) != p {
            return false;
        }
        self.obj_mut(u).buffs -= 1;
        trace!(self, "702.2.b", "{p} spends the buff of {}", self.describe(u));
        self.emit(Event::BuffSpent(u));
        self.changed();
        true
    }

    /// 409: discard cards from a player's hand to their trash.
    pub fn discard(&mut self, p: PlayerId, cards: &[ObjId]) {
        for &c in cards {
            if self.obj(c).zone == Zone::Hand && self.obj(c).zone_player == p {
                trace!(self, "409.1", "{p} discards {}", self.describe(c));
                self.emit(Event::Discarded { player: p, card: c });
                self.move_object(c, Zone::Trash, p, Pos::Bottom);
            }
        }
    }

    /// 411: reveal cards to all players. They stay where they are (411.1.a.2).
    pub fn reveal(&mut self, p: PlayerId, cards: &[ObjId]) {
        for &c in cards {
            trace!(self, "411.1", "{p} reveals {}", self.describe(c));
            self.emit(Event::Revealed { player: p, card: c });
        }
    }

    /// 412: counter the chain item at `index`: a countered card goes to its owner's trash and
    /// is not played (412.1.b); costs are not refunded (412.1.c).
    pub fn counter(&mut self, index: usize) {
        if index >= self.chain.len() {
            return;
        }
        let item = self.chain.remove(index);
        trace!(self, "412.1", "counter {}", self.describe_item(&item));
        let mut countered = None;
        if let super::state::ItemKind::Card(card) = item.kind {
            let owner = self.obj(card).owner;
            self.move_object(card, Zone::Trash, owner, Pos::Bottom);
            countered = Some(card);
        }
        self.emit(Event::Countered { card: countered });
        self.changed();
    }

    /// 412.3: "Counter a spell": the chain item of the chosen card, if it is still on the chain.
    pub fn counter_card(&mut self, card: ObjId) {
        let item = self.chain.iter().position(|i| matches!(i.kind, super::state::ItemKind::Card(c) if c == card));
        if let Some(index) = item {
            self.counter(index);
        }
    }

    /// 428-432: recall a permanent to its controller's base. Not a move (430); damage, exhausted
    /// and buffs stay (432.1).
    pub fn recall(&mut self, id: ObjId) {
        let Some(loc) = self.location(id) else { return };
        let p = self.controller(id);
        if loc == Loc::Base(p) {
            return;
        }
        trace!(self, "429", "recall {} to {p}'s base", self.describe(id));
        self.emit(Event::Recalled { obj: id, from: loc });
        self.move_object(id, Zone::Base, p, Pos::Bottom);
    }

    /// "Take control of X" (182, 183.1): a permanent's controller becomes `p` through a
    /// trait-layer effect (450.1.a) that lasts while it stays on the board. (A spell on the chain
    /// is not chosen by such a phrase: the card language refuses it.)
    pub fn take_control(&mut self, p: PlayerId, id: ObjId) {
        let o = self.obj(id);
        if o.alive && o.zone == Zone::Chain {
            self.take_control_of_spell(p, id);
            return;
        }
        if !o.alive || !o.zone.is_board() || self.controller(id) == p {
            return;
        }
        self.add_effect(None, Filter::Object(id), None, Modification::SetController(p), Duration::Indefinite);
        trace!(self, "182", "{p} takes control of {}", self.describe(id));
        // 181.3.a: a unit of a player who does not control its battlefield "otherwise becomes
        // present there" (Hostile Takeover's reminder: "Start a combat if other enemies are there.
        // Otherwise, conquer.").
        if let Some(super::state::Loc::Battlefield(b)) = self.location(id) {
            self.apply_contested(b, p);
        }
    }

    /// "Lose control of that unit" (182, 450.1.a): the effects that gave `p` control of `id` end,
    /// so its control is what it would be without them (its owner's, or another effect's). A
    /// permanent `p` controls by having played it stays theirs: there is no effect to end.
    pub fn lose_control(&mut self, p: PlayerId, id: ObjId) {
        if !self.obj(id).alive || !self.obj(id).zone.is_board() {
            return;
        }
        let ended = self.retain_effects(|_, e| {
            !(e.filter == Filter::Object(id) && e.modification == Modification::SetController(p))
        });
        if ended {
            trace!(self, "182", "{p} loses control of {}: {} controls it", self.describe(id), self.controller(id));
            self.changed();
        }
    }

    /// 182.2 / 183.1: "Gain control of a spell": the spell on the chain and its chain item become
    /// `p`'s, so its instructions' "you" is `p` (182.2) and its choices stay as made until they
    /// are made again ([`Game::make_new_choices`]). It was still played by the player who played
    /// it ([`PlayedBy`]), and still goes to its owner's trash (356.3.d). docs/rulings.md.
    fn take_control_of_spell(&mut self, p: PlayerId, card: ObjId) {
        let is_it = |i: &super::state::ChainItem| matches!(i.kind, super::state::ItemKind::Card(c) if c == card);
        let Some(index) = self.chain.iter().position(is_it) else { return };
        let was = self.chain[index].controller;
        if was == p {
            return;
        }
        self.chain[index].controller = p;
        self.obj_mut(card).controller = p;
        let played = &mut self.components.get_mut::<PlayedBy>().0;
        if !played.iter().any(|(c, _)| *c == card) {
            played.push((card, was));
        }
        trace!(self, "182.2", "{p} gains control of {} (from {was})", self.describe(card));
        self.changed();
    }

    /// 352 / 182.1: who played a spell on the chain, which is who began playing it, even after
    /// another player gained control of it (Mystic Reversal).
    pub fn played_by(&self, card: ObjId, controller: PlayerId) -> PlayerId {
        let played = self.components.get::<PlayedBy>();
        played.and_then(|p| p.0.iter().find(|(c, _)| *c == card)).map_or(controller, |(_, p)| *p)
    }

    /// Gains points (444, 418.2.c); reaching the victory score wins at once (445).
    pub fn gain_points(&mut self, p: PlayerId, n: u32) {
        // 054: "opponents can't gain points".
        if let Some(s) = self.player_banned(p, |_, ban| *ban == super::abilities::PlayerBan::GainPoints) {
            trace!(self, "054", "{p} can't gain points ({})", self.describe(s));
            return;
        }
        self.player_mut(p).points += n;
        self.emit(Event::GainedPoints { player: p, points: n });
        trace!(self, "444.1", "{p} has {} points", self.player(p).points);
        self.check_victory();
    }

    /// 445 / 322.1: a player with the victory score wins.
    pub fn check_victory(&mut self) {
        // 456.3.a: the Victory Score is at least 1, so nobody wins with no points.
        if self.is_over() || self.players.iter().all(|pl| pl.points == 0) {
            return;
        }
        let vs = self.victory_score();
        let winner = self.turn_order.iter().copied().find(|p| !self.player(*p).removed && self.player(*p).points >= vs);
        if let Some(p) = winner {
            trace!(self, "445", "{p} reaches {vs} points and wins");
            self.outcome = Some(super::state::Outcome::Won { winner: p, by: "points" });
            if let Some(ally) = self.allies_of(p).first() {
                trace!(self, "462.6.a.3", "{p}'s team wins: {ally} wins with them");
            }
        }
    }

    pub fn describe_item(&self, item: &super::state::ChainItem) -> String {
        match &item.kind {
            super::state::ItemKind::Card(c) => self.describe(*c),
            super::state::ItemKind::Ability { source, index } => {
                format!("ability {} of {}", index + 1, self.describe(*source))
            }
            super::state::ItemKind::Borrowed { source, lender, index } => {
                format!("ability {} of {} (from {})", index + 1, self.describe(*source), self.describe(*lender))
            }
            super::state::ItemKind::Temporary(unit) => format!("[Temporary] of {}", self.describe(*unit)),
            super::state::ItemKind::Given(k, unit) => {
                format!("[{k:?}] of {}", self.describe(*unit))
            }
            super::state::ItemKind::Hunt { unit, .. } => format!("[Hunt] of {}", self.describe(*unit)),
            super::state::ItemKind::DelayedTrigger { source, .. } => {
                format!("the delayed ability of {}", self.describe(*source))
            }
        }
    }
}
