//! Replacement effects: an event about to happen is executed another way "instead" (Riftbound
//! 364-368). The game says which replacements exist, which apply to an event and what each does;
//! the kernel runs the algorithm every such game shares: collect the replacements that apply,
//! let the player the rules name choose which applies first when more than one does (Riftbound
//! 368), apply it, and choose again among the rest if it was declined.
//! Each replacement applies to an event at most once: a declined one is not offered again, and a
//! replacement being applied does not apply to the events its own application causes. Delayed
//! replacements, "the next time ... instead" (383.3), are kept here under stable ids and used
//! up the first time they apply.

/// A delayed replacement's id: it stays the same while others are added and used up, and is
/// never reused, so a replacement is named by its id, not by a position in a list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DelayedId(u32);

/// One replacement effect that applies to an event.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Replacement<S> {
    /// A delayed replacement (383.3): one-shot, used up when it applies, declined or not.
    Delayed(DelayedId),
    /// A standing one, such as a permanent's passive ability (365.1), in the game's terms.
    Standing(S),
}

/// What applying one replacement did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Applied {
    /// The event was executed as the replacement says, instead (366).
    Instead,
    /// The replacement was declined (an optional payment left unpaid): the event still stands,
    /// and the others that apply are offered.
    Declined,
}

/// The replacement state a game keeps: its delayed replacements, `D` each, and the standing
/// replacements `S` being applied right now.
#[derive(Clone, Debug)]
pub struct ReplacementState<D, S> {
    delayed: Vec<(DelayedId, D)>,
    next: u32,
    applying: Vec<S>,
}

impl<D, S> Default for ReplacementState<D, S> {
    fn default() -> Self {
        Self::new()
    }
}

impl<D, S> ReplacementState<D, S> {
    pub const fn new() -> Self {
        ReplacementState { delayed: Vec::new(), next: 0, applying: Vec::new() }
    }

    /// Sets up a delayed replacement (383.3); it waits until it applies or expires.
    pub fn add_delayed(&mut self, d: D) -> DelayedId {
        let id = DelayedId(self.next);
        self.next += 1;
        self.delayed.push((id, d));
        id
    }

    /// The delayed replacement `id`, while it waits.
    pub fn delayed(&self, id: DelayedId) -> Option<&D> {
        self.delayed.iter().find(|(i, _)| *i == id).map(|(_, d)| d)
    }

    /// The window of the delayed replacements ends ("this turn", 384): those not used expire.
    pub fn expire_delayed(&mut self) {
        self.delayed.clear();
    }

    fn take_delayed(&mut self, id: DelayedId) -> Option<D> {
        let i = self.delayed.iter().position(|(d, _)| *d == id)?;
        Some(self.delayed.remove(i).1)
    }
}

/// A game whose events can be replaced. `Event` is what is about to happen (Riftbound: a unit
/// about to die).
pub trait Replacements {
    type Event;
    /// What a delayed replacement remembers: what it waits for and what it does instead.
    type Delayed;
    /// A standing replacement, identified so that it can be told apart from the others.
    type Standing: Copy + PartialEq;
    type Error;
    fn replacement_state(&self) -> &ReplacementState<Self::Delayed, Self::Standing>;
    fn replacement_state_mut(&mut self) -> &mut ReplacementState<Self::Delayed, Self::Standing>;
    /// Whether the delayed replacement `d` applies to `event`.
    fn delayed_applies(&self, d: &Self::Delayed, event: &Self::Event) -> bool;
    /// The standing replacements that apply to `event` now, in the order they are offered.
    fn standing(&self, event: &Self::Event, out: &mut Vec<Self::Standing>);
    /// Asks the player who orders the replacements of `event` (Riftbound 368: the owner of the
    /// object acted on, the player acted on, or the turn player for an uncontrolled
    /// battlefield) which of `options` (two or more) applies first; returns its index.
    fn choose(&mut self, event: &Self::Event, options: &[Replacement<Self::Standing>]) -> Result<usize, Self::Error>;
    /// Applies the delayed replacement `d` to `event`; it is already used up.
    fn apply_delayed(&mut self, event: &Self::Event, d: Self::Delayed) -> Result<Applied, Self::Error>;
    /// Applies the standing replacement `s` to `event`.
    fn apply_standing(&mut self, event: &Self::Event, s: Self::Standing) -> Result<Applied, Self::Error>;
}

/// Replaces `event` if a replacement applies to it (366); returns whether one did, so the
/// caller executes the event itself otherwise.
pub fn replace<G: Replacements>(g: &mut G, event: &G::Event) -> Result<bool, G::Error> {
    let mut declined: Vec<G::Standing> = Vec::new();
    let mut standing = Vec::new();
    loop {
        let state = g.replacement_state();
        let mut options: Vec<Replacement<G::Standing>> = state
            .delayed
            .iter()
            .filter(|(_, d)| g.delayed_applies(d, event))
            .map(|(id, _)| Replacement::Delayed(*id))
            .collect();
        standing.clear();
        g.standing(event, &mut standing);
        options.extend(
            standing
                .iter()
                .filter(|s| !declined.contains(s) && !state.applying.contains(s))
                .map(|s| Replacement::Standing(*s)),
        );
        let chosen = match options.len() {
            0 => return Ok(false),
            1 => options[0],
            _ => options[g.choose(event, &options)?],
        };
        let applied = match chosen {
            Replacement::Delayed(id) => {
                let d = g.replacement_state_mut().take_delayed(id).expect("offered while it waits");
                g.apply_delayed(event, d)?
            }
            Replacement::Standing(s) => {
                g.replacement_state_mut().applying.push(s);
                let applied = g.apply_standing(event, s);
                g.replacement_state_mut().applying.pop();
                let applied = applied?;
                if applied == Applied::Declined {
                    declined.push(s);
                }
                applied
            }
        };
        if applied == Applied::Instead {
            return Ok(true);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::PlayerId;
    use super::*;

    /// A toy game: units die; each unit has an owner. A "guard" is a standing replacement of a
    /// unit, "if another unit would die, kill me instead" (its death asked of the game again);
    /// a "shield" is a delayed one, "the next time unit N would die, it survives instead",
    /// with whether it is declined. A guard in `declines` is declined. The log records what
    /// happened; `picks` are the owner's answers to 368, in order.
    #[derive(Default)]
    struct Toy {
        alive: Vec<u32>,
        guards: Vec<u32>,
        declines: Vec<u32>,
        state: ReplacementState<(u32, bool), u32>,
        picks: Vec<usize>,
        asked: Vec<(PlayerId, usize)>,
        log: Vec<String>,
    }

    impl Replacements for Toy {
        type Event = u32;
        type Delayed = (u32, bool);
        type Standing = u32;
        type Error = ();
        fn replacement_state(&self) -> &ReplacementState<(u32, bool), u32> {
            &self.state
        }
        fn replacement_state_mut(&mut self) -> &mut ReplacementState<(u32, bool), u32> {
            &mut self.state
        }
        fn delayed_applies(&self, d: &(u32, bool), unit: &u32) -> bool {
            d.0 == *unit
        }
        fn standing(&self, unit: &u32, out: &mut Vec<u32>) {
            out.extend(self.guards.iter().filter(|g| *g != unit && self.alive.contains(g)));
        }
        fn choose(&mut self, unit: &u32, options: &[Replacement<u32>]) -> Result<usize, ()> {
            // The owner of unit N is player N % 2.
            self.asked.push((PlayerId((*unit % 2) as u8), options.len()));
            Ok(self.picks.remove(0))
        }
        fn apply_delayed(&mut self, unit: &u32, (_, declines): (u32, bool)) -> Result<Applied, ()> {
            if declines {
                return Ok(Applied::Declined);
            }
            self.log.push(format!("{unit} shielded"));
            Ok(Applied::Instead)
        }
        fn apply_standing(&mut self, unit: &u32, guard: u32) -> Result<Applied, ()> {
            assert!(self.log.len() < 100, "a replacement offered again and again");
            if self.declines.contains(&guard) {
                self.log.push(format!("{guard} declines for {unit}"));
                return Ok(Applied::Declined);
            }
            self.log.push(format!("{guard} dies for {unit}"));
            self.kill(guard);
            Ok(Applied::Instead)
        }
    }

    impl Toy {
        fn kill(&mut self, unit: u32) {
            if !replace(self, &unit).unwrap() {
                self.alive.retain(|u| *u != unit);
                self.log.push(format!("{unit} died"));
            }
        }
    }

    fn toy(alive: &[u32], guards: &[u32]) -> Toy {
        Toy { alive: alive.to_vec(), guards: guards.to_vec(), ..Toy::default() }
    }

    #[test]
    fn nothing_applies_and_the_event_happens() {
        let mut g = toy(&[1, 2], &[]);
        g.kill(1);
        assert_eq!(g.log, ["1 died"]);
        assert!(g.asked.is_empty());
    }

    #[test]
    fn one_replacement_applies_without_a_choice() {
        let mut g = toy(&[1, 2], &[2]);
        g.kill(1);
        assert_eq!(g.log, ["2 dies for 1", "2 died"]);
        assert!(g.asked.is_empty(), "368 asks only when more than one applies");
    }

    #[test]
    fn the_owner_chooses_which_of_several_applies_first() {
        // 368: unit 3's owner (player 1) picks among the shield and two guards; the shield
        // (offered first, delayed before standing) is left waiting.
        let mut g = toy(&[3, 4, 6], &[4, 6]);
        g.state.add_delayed((3, false));
        g.picks = vec![2];
        g.kill(3);
        assert_eq!(g.asked[0], (PlayerId(1), 3));
        assert_eq!(g.log[0], "6 dies for 3");
        assert_eq!(g.state.delayed.len(), 1, "the shield not chosen still waits");
    }

    #[test]
    fn a_replacement_does_not_apply_to_the_event_its_own_application_causes() {
        // Guards 2 and 4 each die instead of another unit. 1 would die: 2 is chosen and dies for
        // it; 2 would die: only 4 applies (2 is being applied), and 4 would die with no guard
        // left to apply, so 4 dies. Without the exclusion 2 and 4 would replace each other's
        // deaths forever.
        let mut g = toy(&[1, 2, 4], &[2, 4]);
        g.picks = vec![0];
        g.kill(1);
        assert_eq!(g.log, ["2 dies for 1", "4 dies for 2", "4 died"]);
        assert_eq!(g.alive, [1, 2]);
        assert!(g.state.applying.is_empty());
    }

    #[test]
    fn a_declined_replacement_is_not_offered_again_for_that_event() {
        // Guards 2 and 4 apply to 1's death; the owner picks 2, which declines, and 4 then
        // applies without a second question. For each later death 2 is offered again, once.
        let mut g = toy(&[1, 2, 4, 5], &[2, 4]);
        g.declines = vec![2];
        g.picks = vec![0];
        g.kill(1);
        assert_eq!(g.log, ["2 declines for 1", "4 dies for 1", "2 declines for 4", "4 died"]);
        assert_eq!(g.asked.len(), 1);
        g.kill(5);
        assert_eq!(g.log[4..], ["2 declines for 5", "5 died"], "offered once for each death");
    }

    #[test]
    fn a_delayed_replacement_is_used_up_the_first_time_it_applies() {
        let mut g = toy(&[1, 2], &[]);
        let first = g.state.add_delayed((1, false));
        let other = g.state.add_delayed((2, true));
        let second = g.state.add_delayed((1, false));
        assert_eq!(g.state.delayed(other), Some(&(2, true)));
        // Two shields on unit 1: the owner picks the second; the first still waits, by its id.
        g.picks = vec![1];
        g.kill(1);
        assert_eq!(g.log, ["1 shielded"]);
        assert_eq!((g.state.delayed(second), g.state.delayed(first)), (None, Some(&(1, false))));
        g.kill(1);
        g.kill(1);
        assert_eq!(g.log, ["1 shielded", "1 shielded", "1 died"]);
        // Unit 2's shield declines: used up all the same, and 2 dies.
        g.kill(2);
        assert_eq!((g.log[3].as_str(), g.state.delayed(other)), ("2 died", None));
    }

    #[test]
    fn delayed_replacements_expire_and_their_ids_are_not_reused() {
        let mut s: ReplacementState<u32, u32> = ReplacementState::new();
        let a = s.add_delayed(7);
        s.expire_delayed();
        assert_eq!(s.delayed(a), None);
        let b = s.add_delayed(8);
        assert_ne!(a, b);
        assert_eq!(s.delayed(a), None);
    }
}
