//! Costs and the rune pool: what a card or ability costs (130, 353), whether a player can pay it
//! (rune pool plus the Add abilities of their runes, 157.2, 416.3), and paying it (354).

use super::abilities::{Added, UnitFilter};
use super::cards::{CardType, Domain, PowerSymbol};
use super::decision::{Ask, Choice};
use super::layers::Duration;
use super::state::{Bf, Game, Pool, R, Zone};
use crate::kernel::{ObjId, PlayerId};
use crate::trace;

/// Energy plus power symbols.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Cost {
    pub energy: u32,
    pub power: Vec<PowerSymbol>,
}

impl Cost {
    /// This cost `n` times over ("[Add] that much [A]"), its Power symbols capped at 64: no
    /// rune pool holds more.
    pub fn times(&self, n: u32) -> Cost {
        let symbols = (self.power.len() * n as usize).min(64);
        Cost {
            energy: self.energy.saturating_mul(n),
            power: self.power.iter().copied().cycle().take(symbols).collect(),
        }
    }

    pub fn is_free(&self) -> bool {
        self.energy == 0 && self.power.is_empty()
    }
}

impl std::fmt::Display for Cost {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "[{}]", self.energy)?;
        for p in &self.power {
            match p {
                PowerSymbol::Of(d) => write!(f, "[{}]", d.letter())?,
                PowerSymbol::Any => write!(f, "[A]")?,
            }
        }
        Ok(())
    }
}

/// Costs other than energy and power (353.6).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum OtherCost {
    /// "kill a friendly unit", "kill a Poro you control" (353.2.a.1): one unit the filter names.
    Kill(UnitFilter),
    /// "discard N" (409.3).
    Discard(u32),
    /// "recycle N from your trash" (403.3).
    RecycleFromTrash(u32),
    /// "exhaust a friendly unit": one the filter names; only a ready one can pay it (401.4).
    Exhaust(UnitFilter),
    /// "spend a buff": a unit its player controls spends its buff (702.2.b).
    SpendBuff,
    /// "[Burn N]" (rule 002, its reminder text): the top N cards of the payer's Main Deck go to
    /// their trash; only a Main Deck with N cards can pay it (docs/rulings.md).
    Burn(u32),
    /// "banish me" (414): the object whose cost it is, while it is on the board.
    BanishMe,
    /// "kill me" (415): the object whose cost it is, while it is on the board.
    KillMe,
    /// "banish a card from any trash" (414): one object the filter names, the payer's choice.
    Banish(UnitFilter),
    /// "recycle another friendly unit" (403): one object the filter names, the payer's choice,
    /// put on the bottom of its owner's Main Deck.
    Recycle(UnitFilter),
    /// "return a friendly gear to its owner's hand" (107.1.d): one object the filter names, the
    /// payer's choice, put into its owner's hand.
    Return(UnitFilter),
}

/// A cost within an instruction as it was decided (352.10.c.1): `None`, not paid; `Some`, paid,
/// with the objects it was paid with ("the unit you recycled"; none for Energy, Power, a discard).
pub type CostPaid = Option<Vec<ObjId>>;

/// The cost as a card says it ("discard 1").
impl std::fmt::Display for OtherCost {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            OtherCost::Discard(n) => write!(f, "discard {n}"),
            OtherCost::Exhaust(u) => write!(f, "exhaust one of the {u}"),
            OtherCost::RecycleFromTrash(n) => write!(f, "recycle {n} from your trash"),
            OtherCost::Kill(u) => write!(f, "kill one of the {u}"),
            OtherCost::SpendBuff => f.write_str("spend a buff"),
            OtherCost::Burn(n) => write!(f, "[Burn {n}]"),
            OtherCost::BanishMe => f.write_str("banish me"),
            OtherCost::KillMe => f.write_str("kill me"),
            OtherCost::Banish(u) => write!(f, "banish one of the {u}"),
            OtherCost::Recycle(u) => write!(f, "recycle one of the {u}"),
            OtherCost::Return(u) => write!(f, "return one of the {u} to its owner's hand"),
        }
    }
}

impl OtherCost {
    /// The cost as the act of paying it, for the trace ("total cost ... is discarding 1").
    pub fn paying(&self) -> String {
        match self {
            OtherCost::Discard(n) => format!("discarding {n}"),
            OtherCost::Exhaust(u) => format!("exhausting one of the {u}"),
            OtherCost::RecycleFromTrash(n) => format!("recycling {n} from your trash"),
            OtherCost::Kill(u) => format!("killing one of the {u}"),
            OtherCost::SpendBuff => "spending a buff".to_string(),
            OtherCost::Burn(n) => format!("burning {n} ([Burn {n}])"),
            OtherCost::BanishMe => "banishing its source".to_string(),
            OtherCost::KillMe => "killing its source".to_string(),
            OtherCost::Banish(u) => format!("banishing one of the {u}"),
            OtherCost::Recycle(u) => format!("recycling one of the {u}"),
            OtherCost::Return(u) => format!("returning one of the {u} to its owner's hand"),
        }
    }
}

/// An additional cost (353.2): mandatory, or optional and chosen in 352.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AdditionalCost {
    pub label: String,
    pub optional: bool,
    pub cost: Cost,
    pub other: Vec<OtherCost>,
    /// "you may spend any number of buffs as an additional cost": the player chooses in 352 how
    /// many times to pay `other` (353.2.b).
    pub any_number: bool,
    /// How many times it is paid: 1, or the number chosen for an `any_number` cost; a discount
    /// granted by paying it applies once per payment ("for each buff you spend", 353.4).
    pub times: u32,
    /// A [Repeat] an effect gave the spell: paid, its instructions are executed once more.
    pub repeat: bool,
}

impl AdditionalCost {
    /// An additional cost paid once.
    pub fn once(label: String, optional: bool, cost: Cost, other: Vec<OtherCost>) -> Self {
        AdditionalCost { label, optional, cost, other, any_number: false, times: 1, repeat: false }
    }

    /// This `any_number` cost paid `n` times: its non-standard costs `n` times over.
    pub fn paid_times(&self, n: u32) -> Self {
        let other = (0..n).flat_map(|_| self.other.iter().cloned()).collect();
        AdditionalCost { other, times: n, ..self.clone() }
    }
}

/// Which plays a cost modifier applies to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayFilter {
    AnyCard,
    OfType(CardType),
    Card(ObjId),
}

/// A change to the cost of playing cards (353.2-353.4).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CostChange {
    /// 353.2: an additional cost.
    Additional(AdditionalCost),
    /// 353.3: a cost increase.
    Increase(Cost),
    /// 353.4: a discount of energy (to a minimum, 353.4.c) and of power symbols: an [A] takes
    /// away an [A] of the cost first, else any symbol; a domain's symbol one of that domain.
    Discount { energy: u32, min_energy: u32, power: Vec<PowerSymbol> },
    /// 353.1: the base cost is ignored (set to zero).
    Ignore,
    /// "Give the next spell you play this turn [Repeat] equal to its cost": as the spell is
    /// played, an optional additional cost of its printed cost (`AdditionalCost::repeat`).
    GrantRepeat,
    /// 353.2.b.1: `then` applies only if the optional additional cost labelled `label` is chosen
    /// ("If you do, reduce my cost by [2]" 353.4, "If you do, ignore this spell's cost" 353.1).
    IfPaid { label: String, then: Box<CostChange> },
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CostModifier {
    pub source: Option<ObjId>,
    /// Whose plays it affects.
    pub player: PlayerId,
    pub filter: PlayFilter,
    pub change: CostChange,
    pub duration: Duration,
    /// "The next spell you play this turn costs [5] less": used up by the first play it applies to.
    pub next: bool,
}

/// How a limited play changes the usual process (406.3.b, 353.1).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlayOptions {
    pub ignore_energy: bool,
    pub ignore_power: bool,
    /// Played from the trash for its [Flow] cost instead of its own (`flow_keyword.rs`).
    pub flow: bool,
    /// "reducing its cost by [N]": a discount of N Energy the instruction playing it gives
    /// (353.4), after the card's own.
    pub energy_less: u32,
    /// "plays it to their base": a unit goes to its player's base, not a battlefield (352.2).
    pub to_base: bool,
    /// "play it here": a unit goes to this location (352.2).
    pub at: Option<super::state::Loc>,
    /// "plays it to any battlefield", "to a battlefield you control": a unit goes to a
    /// battlefield its player chooses among those named (352.2: the instruction names the valid
    /// locations).
    pub battlefields: Option<super::abilities::PlayTo>,
    /// "play me for [A]": the card's cost is this one instead of its own (rule 002: the card
    /// says what it costs; modifiers then apply to it as to any cost, 353).
    pub cost: Option<Cost>,
}

/// Whether `pool` plus runes can pay `cost`. `ready` counts ready runes (each can exhaust for
/// [1]); `all` counts every rune on the board by domain (each can recycle for one power of its
/// domain, ready or not: 157.2).
pub fn affordable(pool: &Pool, ready: usize, all: &[u32; 6], cost: &Cost) -> bool {
    affordable_parts(pool, ready, all, cost.energy, &cost.power, 0)
}

/// [`affordable`] for a cost given in parts: `energy`, the `power` symbols and `more_any` [A]
/// besides (Deflect's surcharge), so a printed cost is tested without building the total.
fn affordable_parts(
    pool: &Pool,
    ready: usize,
    all: &[u32; 6],
    energy: u32,
    power: &[PowerSymbol],
    more_any: u32,
) -> bool {
    if energy > pool.energy + ready as u32 {
        return false;
    }
    let mut supply = pool.power;
    for (s, n) in supply.iter_mut().zip(all) {
        *s += n;
    }
    power_fits_plus(supply, pool.any, power, more_any)
}

/// [`affordable`] counting also the Add reactions that could be activated while paying (416.3):
/// one from each group (an object's [E] or "Kill this" pays for only one of its abilities).
/// `spell`: the cost is a spell's, which Energy added "only to play spells" can pay.
fn affordable_with(pool: &Pool, ready: usize, all: &[u32; 6], cost: &Cost, spell: bool, groups: &[Vec<Added>]) -> bool {
    if affordable(pool, ready, all, cost) {
        return true;
    }
    let Some((first, rest)) = groups.split_first() else { return false };
    // Adding never makes a cost harder to pay, so some alternative of each group is used.
    first.iter().any(|a| affordable_with(&credit(pool, a, spell), ready, all, cost, spell, rest))
}

/// `pool` after an Add (416.1), as a payment may use it: resources added "only to play spells"
/// count only toward a spell's cost; [A] is universal power.
fn credit(pool: &Pool, added: &Added, spell: bool) -> Pool {
    let mut after = *pool;
    if added.spells_only && !spell {
        return after;
    }
    after.energy += added.resources.energy;
    for s in &added.resources.power {
        match s {
            PowerSymbol::Of(d) => after.power[d.index()] += 1,
            PowerSymbol::Any => after.any += 1,
        }
    }
    after
}

/// Can these power sources (by domain, plus universal) pay these symbols?
fn power_fits(supply: [u32; 6], any: u32, symbols: &[PowerSymbol]) -> bool {
    power_fits_plus(supply, any, symbols, 0)
}

/// [`power_fits`] for `symbols` and `more_any` [A] besides.
fn power_fits_plus(mut supply: [u32; 6], mut any: u32, symbols: &[PowerSymbol], more_any: u32) -> bool {
    let mut need_any = more_any;
    for s in symbols {
        match s {
            PowerSymbol::Of(d) => {
                if supply[d.index()] > 0 {
                    supply[d.index()] -= 1;
                } else if any > 0 {
                    any -= 1;
                } else {
                    return false;
                }
            }
            PowerSymbol::Any => need_any += 1,
        }
    }
    supply.iter().sum::<u32>() + any >= need_any
}

/// A payment's view of the payer's runes (354.1.a): the Add abilities of their runes it may
/// offer ([`Game::rune_abilities`]) and their ready and all runes ([`Game::rune_supply`]). Found
/// once as the payment begins and changed with each rune it activates, not found again at each
/// step; debug builds compare it with the runes at every step.
#[derive(PartialEq)]
struct PaymentRunes {
    abilities: Vec<(ObjId, u8)>,
    ready: usize,
    all: [u32; 6],
}

/// A player's means of payment in one state (416.3): their ready and all runes and, found only
/// once a cost needs more than the pool and runes, the [Reaction] Add abilities they could
/// activate while paying, by object. Built once to test many costs, as the state they read does
/// not change while the costs are tested.
pub(crate) struct Supply<'g> {
    game: &'g Game,
    p: PlayerId,
    ready: usize,
    all: [u32; 6],
    reactions: std::cell::OnceCell<Vec<Vec<Added>>>,
    /// The board's cost-changing passives ([`Game::play_cost_passives`]), found once.
    play_costs: std::cell::OnceCell<Vec<(ObjId, &'g super::abilities::StaticEffect)>>,
    /// Whether a cost modifier (`Game::cost_modifiers`) is the player's, found once.
    modifiers: std::cell::OnceCell<bool>,
}

impl<'g> Supply<'g> {
    /// Whose supply it is.
    pub(crate) fn player(&self) -> PlayerId {
        self.p
    }

    /// The board's passives that change what cards cost, found at the first card asked about.
    pub(crate) fn play_costs(&self) -> &[(ObjId, &'g super::abilities::StaticEffect)] {
        self.play_costs.get_or_init(|| self.game.play_cost_passives())
    }

    /// Whether anything may change the least `card` costs its player: a cost modifier for the
    /// player, the card's own cost text unless it is only optional costs that grant nothing
    /// (`statics::changes_own_least_cost`), or a passive on the board that changes costs. Most
    /// cards of most listings have none, and then their printed cost is all there is to test.
    pub(crate) fn may_change_cost(&self, card: ObjId) -> bool {
        let g = self.game;
        let may = *self.modifiers.get_or_init(|| g.cost_modifiers.iter().any(|m| m.player == self.p))
            || g.text_index.own_least_cost.contains(g.obj(card).card)
            || !self.play_costs().is_empty();
        debug_assert!(
            may || g
                .cost_modifiers_among(self.p, card, self.play_costs())
                .iter()
                .all(|c| matches!(c, CostChange::Additional(a) if a.optional)),
            "{}",
            g.card(card).name
        );
        may
    }

    /// [`Supply::affords`] for a cost given in parts (see [`affordable_parts`]).
    pub(crate) fn affords_parts(&self, energy: u32, power: &[PowerSymbol], more_any: u32, spell: bool) -> bool {
        let g = self.game;
        let pool = g.spendable_pool(self.p, spell);
        if affordable_parts(&pool, self.ready, &self.all, energy, power, more_any) {
            return true;
        }
        if self.reaction_groups().is_empty() {
            return false;
        }
        let mut cost = Cost { energy, power: power.to_vec() };
        cost.power.extend(std::iter::repeat_n(PowerSymbol::Any, more_any as usize));
        self.affords(&cost, spell)
    }

    /// The [Reaction] Add abilities that could help pay, by object, found once.
    fn reaction_groups(&self) -> &[Vec<Added>] {
        let g = self.game;
        self.reactions.get_or_init(|| {
            g.add_reaction_groups(self.p).into_iter().map(|g| g.into_iter().map(|(_, _, a)| a).collect()).collect()
        })
    }

    /// [`Game::can_afford_for`] against this supply.
    pub(crate) fn affords(&self, cost: &Cost, spell: bool) -> bool {
        let g = self.game;
        let pool = g.spendable_pool(self.p, spell);
        if affordable(&pool, self.ready, &self.all, cost) {
            return true;
        }
        affordable_with(&pool, self.ready, &self.all, cost, spell, self.reaction_groups())
    }
}

impl Game {
    /// Ready runes and all runes of a player on the board.
    fn rune_supply(&self, p: PlayerId) -> (usize, [u32; 6]) {
        // One walk of the runes (asked at every listing).
        let mut ready = 0;
        let mut all = [0u32; 6];
        for &r in &self.player(p).runes {
            ready += usize::from(!self.obj(r).exhausted);
            if let Some(d) = self.rune_domain(r) {
                all[d.index()] += 1;
            }
        }
        (ready, all)
    }

    /// Can `p` pay `cost` now, counting the Add abilities of their runes (416.3)?
    pub fn can_afford(&self, p: PlayerId, cost: &Cost) -> bool {
        self.can_afford_for(p, cost, false)
    }

    /// [`Game::can_afford`] for the cost of playing a spell (`spell`), which Energy added "only
    /// to play spells" may also pay. 416.3: the [Reaction] Add abilities `p` could activate while
    /// paying count too (Lux, Crownguard's [E]: Add [2] for spells).
    pub fn can_afford_for(&self, p: PlayerId, cost: &Cost, spell: bool) -> bool {
        self.supply(p).affords(cost, spell)
    }

    /// What `p` could pay with now, to test several costs against (listing what `p` can play).
    pub(crate) fn supply(&self, p: PlayerId) -> Supply<'_> {
        let (ready, all) = self.rune_supply(p);
        Supply {
            game: self,
            p,
            ready,
            all,
            reactions: std::cell::OnceCell::new(),
            play_costs: std::cell::OnceCell::new(),
            modifiers: std::cell::OnceCell::new(),
        }
    }

    /// 416.3: [`Game::add_reactions`] grouped by object: each object's [E] (or "Kill this") can
    /// pay for only one of its abilities.
    fn add_reaction_groups(&self, p: PlayerId) -> Vec<Vec<(ObjId, u8, Added)>> {
        let mut groups: Vec<Vec<(ObjId, u8, Added)>> = Vec::new();
        for r in self.add_reactions(p) {
            match groups.iter_mut().find(|g| g[0].0 == r.0) {
                Some(g) => g.push(r),
                None => groups.push(vec![r]),
            }
        }
        groups
    }

    /// The part of `p`'s rune pool a payment may use: Energy and [A] added with "Use only to play
    /// spells" only for playing a spell.
    fn spendable_pool(&self, p: PlayerId, spell: bool) -> Pool {
        let mut pool = self.player(p).pool;
        if spell {
            pool.energy += pool.spell_energy;
            pool.any += pool.spell_any;
        }
        pool.spell_energy = 0;
        pool.spell_any = 0;
        pool
    }

    fn pool_covers(&self, p: PlayerId, cost: &Cost, spell: bool) -> bool {
        affordable(&self.spendable_pool(p, spell), 0, &[0; 6], cost)
    }

    /// 157.2: the Add abilities of a basic rune a player could activate now, as
    /// (rune, ability index): 0 = "[E]: Add [1]", 1 = "Recycle this: Add [C]".
    pub fn rune_abilities(&self, p: PlayerId) -> Vec<(ObjId, u8)> {
        // Sized once: asked at every step of a payment, and growing it was a fifth of the cost.
        let mut out = Vec::with_capacity(2 * self.player(p).runes.len());
        for &r in &self.player(p).runes {
            if !self.card(r).is_basic_rune() || self.controller(r) != p {
                continue;
            }
            if !self.obj(r).exhausted {
                out.push((r, 0));
            }
            out.push((r, 1));
        }
        out
    }

    /// Whether `p` has any rune Add ability to activate now ([`Game::rune_abilities`] is not
    /// empty): asked at every listing of options, so it builds no list. A basic rune `p`
    /// controls always has its "Recycle this" ability, ready or not.
    pub fn has_rune_abilities(&self, p: PlayerId) -> bool {
        let any = self.player(p).runes.iter().any(|&r| self.card(r).is_basic_rune() && self.controller(r) == p);
        debug_assert_eq!(any, !self.rune_abilities(p).is_empty());
        any
    }

    /// Activates a rune's Add ability (157.2). Add abilities resolve as they are finalized and
    /// never wait on the chain (333.1.c, 416.2).
    pub fn activate_rune(&mut self, p: PlayerId, rune: ObjId, index: u8) {
        trace!(
            self,
            "416.2",
            "{p} activates ability {} of {}: it resolves on finalization",
            index + 1,
            self.describe(rune)
        );
        match index {
            0 => {
                // 157.2.a: [E]: [Reaction] — Add [1].
                self.exhaust(rune);
                self.add(p, 1, &[], 0);
            }
            _ => {
                // 157.2.b: Recycle this: [Reaction] — Add [C], the rune's own domain.
                let domain = self.rune_domain(rune);
                let owner = self.obj(rune).owner;
                trace!(self, "403.1.b", "recycle {} to {owner}'s rune deck", self.describe(rune));
                self.move_object(rune, Zone::RuneDeck, owner, super::actions::Pos::Bottom);
                match domain {
                    Some(d) => self.add(p, 0, &[d], 0),
                    None => self.add(p, 0, &[], 1),
                }
            }
        }
    }

    /// 354: pays `cost` from the rune pool, activating rune Add abilities as the player chooses
    /// while the pool falls short (354.1.a), and other [Reaction] abilities that Add (416.3,
    /// after the runes' among the options). Only activations that keep the payment possible are
    /// offered (354.3). Returns false if the cost cannot be paid.
    pub fn pay(&mut self, p: PlayerId, cost: &Cost) -> R<bool> {
        self.pay_for(p, cost, false)
    }

    /// [`Game::pay`] for the cost of playing a spell (`spell`): Energy added "only to play
    /// spells" is spent first.
    pub fn pay_for(&mut self, p: PlayerId, cost: &Cost, spell: bool) -> R<bool> {
        // Domain Power already in the pool as the payment begins, which the payer may keep for
        // later by paying [A] with Power an Add ability produces now (416.3).
        let held = self.spendable_pool(p, spell).power.iter().any(|n| *n > 0);
        // The Power chosen for each [A] so far (None: universal Power).
        let mut picks: Vec<Option<Domain>> = Vec::new();
        let mut runes = self.payment_runes(p);
        loop {
            debug_assert!(runes == self.payment_runes(p), "the runes kept by {p}'s payment are stale");
            if self.pool_covers(p, cost, spell) {
                match self.choose_power_for_any(p, cost, spell, held, &mut picks)? {
                    Some(true) => {}
                    // An Add ability was activated to pay the next [A]: look again.
                    Some(false) => {
                        runes = self.payment_runes(p);
                        continue;
                    }
                    None => return Ok(false),
                }
                self.spend_pool(p, cost, spell, &picks);
                return Ok(true);
            }
            let pool = self.spendable_pool(p, spell);
            let short_energy = cost.energy > pool.energy;
            let supply = (runes.ready, runes.all);
            let reactions = self.add_reaction_groups(p);
            // Sized once: growing it was a sixth of a greedy payment step.
            let mut options = Vec::with_capacity(runes.abilities.len() + reactions.iter().map(Vec::len).sum::<usize>());
            let groups: Vec<Vec<Added>> =
                reactions.iter().map(|g| g.iter().map(|(_, _, a)| a.clone()).collect()).collect();
            // Whether activating a rune's ability helps and leaves the rest payable: `None` for a
            // rune without a domain's Power ability.
            let helps = |rune: ObjId, index: u8| {
                let (mut ready, mut all) = supply;
                let mut after = pool;
                let contributes = if index == 0 {
                    after.energy += 1;
                    ready -= 1;
                    short_energy
                } else {
                    let d = self.rune_domain(rune)?;
                    after.power[d.index()] += 1;
                    if !self.obj(rune).exhausted {
                        ready -= 1;
                    }
                    all[d.index()] -= 1;
                    !power_fits(pool.power, pool.any, &cost.power)
                        && cost.power.iter().any(|s| matches!(s, PowerSymbol::Any) || *s == PowerSymbol::Of(d))
                };
                Some(contributes && affordable_with(&after, ready, &all, cost, spell, &groups))
            };
            // The answer reads only which ability it is, the rune's domain and whether it is
            // exhausted: found once a step for each kind ([E], or a domain's ready or exhausted
            // rune recycled), not for each of a dozen runes.
            let mut by_kind = [None; 1 + 2 * Domain::ALL.len()];
            for &(rune, index) in &runes.abilities {
                let kind = if index == 0 {
                    0
                } else {
                    let Some(d) = self.rune_domain(rune) else { continue };
                    1 + 2 * d.index() + usize::from(self.obj(rune).exhausted)
                };
                let ok = *by_kind[kind].get_or_insert_with(|| helps(rune, index) == Some(true));
                debug_assert_eq!(Some(ok), helps(rune, index), "a rune's verdict differs from its kind's");
                if ok {
                    options.push(Choice::Activate(rune, index));
                }
            }
            // 416.3: Add reactions of other objects, each if what it adds helps and the rest
            // can still be paid without that object's other abilities.
            for (gi, group) in reactions.iter().enumerate() {
                let others: Vec<Vec<Added>> =
                    groups.iter().enumerate().filter(|(j, _)| *j != gi).map(|(_, g)| g.clone()).collect();
                for (o, index, added) in group {
                    let after = credit(&pool, added, spell);
                    let energy = after.energy > pool.energy && short_energy;
                    let power = !added.resources.power.is_empty()
                        && !power_fits(pool.power, pool.any, &cost.power)
                        && added.resources.power.iter().any(|a| {
                            *a == PowerSymbol::Any || cost.power.iter().any(|s| *s == PowerSymbol::Any || s == a)
                        });
                    if (energy || power) && affordable_with(&after, supply.0, &supply.1, cost, spell, &others) {
                        options.push(Choice::Activate(*o, *index));
                    }
                }
            }
            if options.is_empty() {
                return Ok(false);
            }
            if let Choice::Activate(o, index) = self.decide(p, Ask::PayCost, options)? {
                if self.player(p).runes.contains(&o) {
                    self.activate_rune_kept(p, o, index, &mut runes);
                } else if self.activate_ability(p, o, index)? {
                    // Another object's ability: what it did is not known here.
                    runes = self.payment_runes(p);
                } else {
                    return Ok(false);
                }
            }
        }
    }

    /// What a payment by `p` reads of their runes, found as it begins.
    fn payment_runes(&self, p: PlayerId) -> PaymentRunes {
        let (ready, all) = self.rune_supply(p);
        PaymentRunes { abilities: self.rune_abilities(p), ready, all }
    }

    /// [`Game::activate_rune`], and `runes` changed as that activation changes the runes: an
    /// exhausted rune (157.2.a) is one ready rune less and loses its [E] ability; a recycled one
    /// (157.2.b) leaves the board, and with it its abilities, its domain and, if it was ready,
    /// a ready rune.
    fn activate_rune_kept(&mut self, p: PlayerId, rune: ObjId, index: u8, runes: &mut PaymentRunes) {
        let was_ready = !self.obj(rune).exhausted;
        let domain = self.rune_domain(rune);
        self.activate_rune(p, rune, index);
        if index == 0 {
            runes.ready -= 1;
            runes.abilities.retain(|a| *a != (rune, 0));
        } else {
            runes.ready -= usize::from(was_ready);
            if let Some(d) = domain {
                runes.all[d.index()] -= 1;
            }
            runes.abilities.retain(|(r, _)| *r != rune);
        }
    }

    /// 134.2.e.5.a / 182.2.c: the payer chooses which Power pays each [A] of a cost the pool
    /// covers, pushing each choice on `picks` (None: universal Power). Each domain symbol takes
    /// its own domain's Power first; an [A] takes domain Power before universal Power, which pays
    /// anything (so spending it first is never better). The payer is asked only when the choice
    /// matters: two or more domains could pay and some domain Power will be left over, or (416.3,
    /// 354.1.a: Add reactions may be used during payment) Power the pool held before the payment
    /// began could be kept by recycling a rune (or using another Add reaction) of a domain the pool
    /// lacks. Returns Some(false) when such an Add ability was activated to pay the next [A] (the
    /// payment looks again), None when it could not be.
    fn choose_power_for_any(
        &mut self,
        p: PlayerId,
        cost: &Cost,
        spell: bool,
        held: bool,
        picks: &mut Vec<Option<Domain>>,
    ) -> R<Option<bool>> {
        let pool = self.spendable_pool(p, spell);
        let mut left = pool.power;
        for s in &cost.power {
            if let PowerSymbol::Of(d) = s
                && left[d.index()] > 0
            {
                left[d.index()] -= 1;
            }
        }
        for d in picks.iter().flatten() {
            left[d.index()] -= 1;
        }
        let anys = cost.power.iter().filter(|s| **s == PowerSymbol::Any).count();
        while picks.len() < anys {
            let need = (anys - picks.len()) as u32;
            // Largest domain first (the answer autopay and "option 1" give).
            let mut domains: Vec<Domain> = Domain::ALL.into_iter().filter(|d| left[d.index()] > 0).collect();
            domains.sort_by_key(|d| (std::cmp::Reverse(left[d.index()]), d.index()));
            let spare = left.iter().sum::<u32>() > need;
            let mut options: Vec<Choice> = domains.iter().map(|d| Choice::Power(*d)).collect();
            if !spare {
                // Every domain Power left pays an [A]: which one pays which is no choice.
                options.truncate(1);
            }
            if held && !domains.is_empty() {
                options.extend(
                    self.power_adds_of_other_domains(p, &left).into_iter().map(|(o, i, _)| Choice::Activate(o, i)),
                );
            }
            let choice = match options.len() {
                0 => None,
                1 => options.pop(),
                _ => Some(self.decide(p, Ask::PayCost, options)?),
            };
            match choice {
                Some(Choice::Power(d)) => {
                    left[d.index()] -= 1;
                    picks.push(Some(d));
                }
                Some(Choice::Activate(o, index)) => {
                    let Some(d) = self
                        .power_adds_of_other_domains(p, &left)
                        .into_iter()
                        .find(|(x, i, _)| (*x, *i) == (o, index))
                        .map(|(.., d)| d)
                    else {
                        return Ok(None);
                    };
                    if self.player(p).runes.contains(&o) {
                        self.activate_rune(p, o, index);
                    } else if !self.activate_ability(p, o, index)? {
                        return Ok(None);
                    }
                    picks.push(Some(d));
                    return Ok(Some(false));
                }
                _ => picks.push(None),
            }
        }
        Ok(Some(true))
    }

    /// 416.3: the Add reactions `p` could use now that add Power of a domain `left` has none of,
    /// as (object, ability, that domain): one rune per domain (an exhausted one first: recycling
    /// it costs no Energy), then other objects' Add reactions.
    fn power_adds_of_other_domains(&self, p: PlayerId, left: &[u32; 6]) -> Vec<(ObjId, u8, Domain)> {
        let mut out: Vec<(ObjId, u8, Domain)> = Vec::new();
        let mut runes: Vec<(ObjId, Domain)> = self
            .rune_abilities(p)
            .into_iter()
            .filter(|(_, i)| *i == 1)
            .filter_map(|(r, _)| Some((r, self.rune_domain(r)?)))
            .filter(|(_, d)| left[d.index()] == 0)
            .collect();
        runes.sort_by_key(|(r, d)| (d.index(), !self.obj(*r).exhausted));
        for (r, d) in runes {
            if !out.iter().any(|(.., x)| *x == d) {
                out.push((r, 1, d));
            }
        }
        for (o, i, added) in self.add_reactions(p) {
            let new = added.resources.power.iter().find_map(|s| match s {
                PowerSymbol::Of(d) if left[d.index()] == 0 => Some(*d),
                _ => None,
            });
            if let Some(d) = new {
                out.push((o, i, d));
            }
        }
        out
    }

    /// Spends a cost the pool covers: each domain symbol from that domain's power first, then
    /// universal power; each [A] from the Power chosen for it (`picks`, None: universal).
    fn spend_pool(&mut self, p: PlayerId, cost: &Cost, spell: bool, picks: &[Option<Domain>]) {
        let spent = &mut self.player_mut(p).spent_this_turn;
        spent.energy += cost.energy;
        spent.power += cost.power.len() as u32;
        for d in cost.power.iter().filter_map(|s| if let PowerSymbol::Of(d) = s { Some(*d) } else { None }) {
            spent.by_domain[d.index()] += 1;
        }
        for d in picks.iter().flatten() {
            spent.by_domain[d.index()] += 1;
        }
        let pool = &mut self.player_mut(p).pool;
        let restricted = if spell { cost.energy.min(pool.spell_energy) } else { 0 };
        pool.spell_energy -= restricted;
        pool.energy -= cost.energy - restricted;
        // Universal Power: for a spell, what may only pay for spells first.
        let spend_any = |pool: &mut Pool| {
            if spell && pool.spell_any > 0 {
                pool.spell_any -= 1;
            } else {
                pool.any -= 1;
            }
        };
        for s in &cost.power {
            if let PowerSymbol::Of(d) = s {
                if pool.power[d.index()] > 0 {
                    pool.power[d.index()] -= 1;
                } else {
                    spend_any(pool);
                }
            }
        }
        for pick in picks {
            match pick {
                Some(d) => pool.power[d.index()] -= 1,
                None => spend_any(pool),
            }
        }
        if !cost.is_free() {
            trace!(self, "354.1", "{p} pays {cost}");
        }
    }

    /// The cost modifiers that apply to `p` playing `card`.
    pub fn cost_modifiers_for(&self, p: PlayerId, card: ObjId) -> Vec<CostChange> {
        self.cost_modifiers_among(p, card, &self.play_cost_passives())
    }

    /// [`cost_modifiers_for`](Game::cost_modifiers_for), the board's cost-changing passives
    /// found already ([`Game::play_cost_passives`]).
    pub(crate) fn cost_modifiers_among(
        &self,
        p: PlayerId,
        card: ObjId,
        passives: &[(ObjId, &super::abilities::StaticEffect)],
    ) -> Vec<CostChange> {
        let kind = self.card(card).kind;
        let mut out: Vec<CostChange> = self
            .cost_modifiers
            .iter()
            .filter(|m| m.player == p)
            .filter(|m| match &m.filter {
                PlayFilter::AnyCard => true,
                PlayFilter::OfType(t) => *t == kind,
                PlayFilter::Card(c) => *c == card,
            })
            .filter_map(|m| match m.change {
                CostChange::GrantRepeat => self.granted_repeat(card),
                _ => Some(m.change.clone()),
            })
            .collect();
        out.extend(self.text_cost_changes(p, card, passives));
        out
    }

    /// A [Repeat] given to spell `card`: its printed cost again, optional (353.2.b). Not given to
    /// a spell with a [Repeat] of its own, nor to one that moves a unit to a chosen place (as
    /// the compiler refuses those on a card, `repeat_instructions`).
    fn granted_repeat(&self, card: ObjId) -> Option<CostChange> {
        let def = self.card(card);
        let own = def.abilities.abilities.iter().any(|a| a.repeat);
        let moves = def
            .abilities
            .abilities
            .iter()
            .any(|a| a.targets.iter().any(|t| matches!(t.count, super::abilities::TargetCount::Destination(_))));
        if own || moves || def.kind != CardType::Spell {
            return None;
        }
        let cost = self.base_cost(card);
        Some(CostChange::Additional(AdditionalCost {
            repeat: true,
            ..AdditionalCost::once(format!("[Repeat] {cost}"), true, cost, Vec::new())
        }))
    }

    /// Can `p` pay the non-standard costs of playing `card` (401.4, 403.3, 409.3)? While `card`
    /// is still in hand (`in_hand`) it will have left the hand for the chain before its costs
    /// are paid (351.1), so it can't be discarded to pay them.
    pub fn can_pay_other(&self, p: PlayerId, card: ObjId, in_hand: bool, other: &[OtherCost]) -> bool {
        // The same cost several times ("kill any number of friendly units") needs that many
        // different objects, buffs or cards.
        let times = |c: &OtherCost| other.iter().filter(|o| *o == c).count();
        other.iter().all(|c| match c {
            OtherCost::Kill(f) | OtherCost::Banish(f) | OtherCost::Recycle(f) | OtherCost::Return(f) => {
                self.cost_units(p, card, f).len() >= times(c)
            }
            OtherCost::Discard(n) => {
                self.player(p).hand.iter().filter(|c| !in_hand || **c != card).count() >= (*n as usize) * times(c)
            }
            OtherCost::RecycleFromTrash(n) => self.player(p).trash.len() >= (*n as usize) * times(c),
            // 401.4: an exhausted unit can't be exhausted again to pay a cost.
            OtherCost::Exhaust(f) => {
                self.cost_units(p, card, f).iter().filter(|u| !self.obj(**u).exhausted).count() >= times(c)
            }
            OtherCost::SpendBuff => self.buff_count(p) >= times(c),
            OtherCost::Burn(n) => self.player(p).main_deck.len() >= (*n as usize) * times(c),
            OtherCost::BanishMe | OtherCost::KillMe => self.obj(card).alive && self.obj(card).zone.is_board(),
        })
    }

    /// How many times `cost` could be paid at most by `p` for `card` (an "any number of" cost).
    pub fn times_payable(&self, p: PlayerId, card: ObjId, cost: &OtherCost) -> u32 {
        let n = match cost {
            OtherCost::Kill(f) | OtherCost::Banish(f) | OtherCost::Recycle(f) | OtherCost::Return(f) => {
                self.cost_units(p, card, f).len()
            }
            OtherCost::Exhaust(f) => self.cost_units(p, card, f).iter().filter(|u| !self.obj(**u).exhausted).count(),
            OtherCost::SpendBuff => self.buff_count(p),
            OtherCost::Discard(n) => self.player(p).hand.len() / (*n).max(1) as usize,
            OtherCost::RecycleFromTrash(n) => self.player(p).trash.len() / (*n).max(1) as usize,
            OtherCost::Burn(n) => self.player(p).main_deck.len() / (*n).max(1) as usize,
            OtherCost::BanishMe | OtherCost::KillMe => {
                usize::from(self.can_pay_other(p, card, false, std::slice::from_ref(cost)))
            }
        };
        n as u32
    }

    /// The buffs on the units `p` controls (702.2.b: each can be spent once).
    fn buff_count(&self, p: PlayerId) -> usize {
        self.buffed_units(p).iter().map(|u| self.obj(*u).buffs as usize).sum()
    }

    /// The objects on the board (units, gear) that `f` names for `p` paying a cost of `card`.
    fn cost_units(&self, p: PlayerId, card: ObjId, f: &UnitFilter) -> Vec<ObjId> {
        self.matching(f, Some(p), Some(card))
    }

    /// 354.2: pays the non-standard costs of `card`, the player choosing what to kill, exhaust,
    /// discard or recycle. `keep`: the battlefield a unit is being played to: 354.3 — a kill that
    /// would lose `p` that battlefield (181.4.c) is not offered unless there is no other choice.
    pub fn pay_other(&mut self, p: PlayerId, card: ObjId, other: &[OtherCost], keep: Option<Bf>) -> R<bool> {
        Ok(self.pay_other_with(p, card, other, keep)?.is_some())
    }

    /// [`Game::pay_other`], answering the objects the costs were paid with (the units killed,
    /// exhausted, recycled or banished, in order: "the Might of the unit you recycled"), or
    /// `None` if they could not be paid.
    pub fn pay_other_with(
        &mut self,
        p: PlayerId,
        card: ObjId,
        other: &[OtherCost],
        keep: Option<Bf>,
    ) -> R<Option<Vec<ObjId>>> {
        let mut with = Vec::new();
        for c in other {
            match c {
                OtherCost::Kill(f) => {
                    let mut units: Vec<Choice> = self.cost_units(p, card, f).into_iter().map(Choice::Obj).collect();
                    if units.is_empty() {
                        return Ok(None);
                    }
                    if let Some(b) = keep {
                        let here = super::state::Loc::Battlefield(b);
                        let mine_here = self.units_at(here).into_iter().filter(|u| self.controller(*u) == p).count();
                        let keeps = |g: &Game, c: &Choice| match c {
                            Choice::Obj(u) => {
                                g.location(*u) != Some(here)
                                    || mine_here > 1
                                    || g.battlefields[b].contested_by.is_some()
                            }
                            _ => true,
                        };
                        if units.iter().any(|c| keeps(self, c)) {
                            units.retain(|c| keeps(self, c));
                        }
                    }
                    if let Choice::Obj(u) = self.decide(p, Ask::PayCost, units)? {
                        // 354.2.a: a replaced death still pays the cost.
                        self.kill(&[u], None)?;
                        with.push(u);
                    }
                }
                OtherCost::Discard(n) => {
                    if self.player(p).hand.len() < *n as usize {
                        return Ok(None);
                    }
                    self.discard_choose(p, *n, Ask::PayCost)?;
                }
                OtherCost::RecycleFromTrash(n) => {
                    if self.player(p).trash.len() < *n as usize {
                        return Ok(None);
                    }
                    self.recycle_from_trash(p, *n, Ask::PayCost)?;
                }
                OtherCost::Exhaust(f) => {
                    // 401.4: only a ready unit can be exhausted to pay it.
                    let units: Vec<Choice> = self
                        .cost_units(p, card, f)
                        .into_iter()
                        .filter(|u| !self.obj(*u).exhausted)
                        .map(Choice::Obj)
                        .collect();
                    if units.is_empty() {
                        return Ok(None);
                    }
                    if let Choice::Obj(u) = self.decide(p, Ask::PayCost, units)? {
                        trace!(self, "401.4", "{p} exhausts {} to pay a cost", self.describe(u));
                        self.exhaust(u);
                        with.push(u);
                    }
                }
                // 702.2.b.1: the payer chooses which of their buffed units spends its buff.
                OtherCost::SpendBuff => {
                    let units: Vec<Choice> = self.buffed_units(p).into_iter().map(Choice::Obj).collect();
                    if units.is_empty() {
                        return Ok(None);
                    }
                    if let Choice::Obj(u) = self.decide(p, Ask::PayCost, units)? {
                        self.spend_buff(p, u);
                    }
                }
                OtherCost::Burn(n) => {
                    if self.player(p).main_deck.len() < *n as usize {
                        return Ok(None);
                    }
                    self.burn(p, *n)?;
                }
                OtherCost::BanishMe => {
                    if !self.can_pay_other(p, card, false, std::slice::from_ref(c)) {
                        return Ok(None);
                    }
                    self.banish(&[card], Some(p));
                }
                OtherCost::KillMe => {
                    if !self.can_pay_other(p, card, false, std::slice::from_ref(c)) {
                        return Ok(None);
                    }
                    self.kill(&[card], None)?;
                }
                // 414.1: the payer chooses which of the cards the phrase names to banish.
                OtherCost::Banish(f) => {
                    let cards: Vec<Choice> = self.cost_units(p, card, f).into_iter().map(Choice::Obj).collect();
                    if cards.is_empty() {
                        return Ok(None);
                    }
                    if let Choice::Obj(o) = self.decide(p, Ask::PayCost, cards)? {
                        self.banish(&[o], Some(p));
                        with.push(o);
                    }
                }
                // 403.1: the payer chooses which of the objects the phrase names to recycle.
                OtherCost::Recycle(f) => {
                    let units: Vec<Choice> = self.cost_units(p, card, f).into_iter().map(Choice::Obj).collect();
                    if units.is_empty() {
                        return Ok(None);
                    }
                    if let Choice::Obj(u) = self.decide(p, Ask::PayCost, units)? {
                        trace!(self, "403", "{p} recycles {} to pay a cost", self.describe(u));
                        self.recycle(p, &[u])?;
                        with.push(u);
                    }
                }
                // 107.1.d: the payer chooses which of the objects the phrase names to return.
                OtherCost::Return(f) => {
                    let objs: Vec<Choice> = self.cost_units(p, card, f).into_iter().map(Choice::Obj).collect();
                    if objs.is_empty() {
                        return Ok(None);
                    }
                    if let Choice::Obj(o) = self.decide(p, Ask::PayCost, objs)? {
                        let owner = self.obj(o).owner;
                        trace!(
                            self,
                            "107.1.d",
                            "{p} returns {} to its owner's ({owner}) hand to pay a cost",
                            self.describe(o)
                        );
                        self.move_object(o, Zone::Hand, owner, super::actions::Pos::Bottom);
                        with.push(o);
                    }
                }
            }
        }
        Ok(Some(with))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::riftbound::cards::Domain;

    fn runes(ds: &[Domain]) -> [u32; 6] {
        let mut all = [0; 6];
        for d in ds {
            all[d.index()] += 1;
        }
        all
    }

    fn pool(energy: u32) -> Pool {
        Pool { energy, ..Default::default() }
    }

    /// 156, 157.2: runes give energy when ready and power of their domain when recycled, and a
    /// rune can do both.
    #[test]
    fn runes_pay_energy_and_power_independently() {
        let cost = Cost { energy: 2, power: vec![PowerSymbol::Of(Domain::Fury)] };
        assert!(affordable(&pool(0), 2, &runes(&[Domain::Fury, Domain::Calm]), &cost));
        assert!(!affordable(&pool(0), 1, &runes(&[Domain::Fury, Domain::Calm]), &cost));
        assert!(!affordable(&pool(0), 2, &runes(&[Domain::Calm, Domain::Calm]), &cost));
    }

    /// 134.2.e.5: [A] is paid by power of any domain; universal power pays any symbol.
    #[test]
    fn any_symbol_and_universal_power() {
        let cost = Cost { energy: 0, power: vec![PowerSymbol::Any, PowerSymbol::Of(Domain::Order)] };
        assert!(affordable(&pool(0), 0, &runes(&[Domain::Calm, Domain::Order]), &cost));
        assert!(!affordable(&pool(0), 0, &runes(&[Domain::Calm, Domain::Calm]), &cost));
        let p = Pool { any: 1, ..Default::default() };
        assert!(affordable(&p, 0, &runes(&[Domain::Calm]), &cost));
    }
}
