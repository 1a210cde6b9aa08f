//! The cleanup fixpoint: after an action, the game checks its state-based rules in passes, and
//! repeats while a pass changed something (Riftbound 318-323: "a cleanup repeats while the
//! previous one changed the game", 321). The game supplies a pass and a counter of changes; the
//! kernel runs passes until one changes nothing, and stops a cleanup that never settles with an
//! error instead of looping forever (a card loop: each pass changing something).

/// The most passes a cleanup may take before it is reported as unsettled.
pub const MAX_PASSES: usize = 10_000;

/// A cleanup that did not settle within [`MAX_PASSES`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Unsettled;

/// Runs `pass` until it leaves `changes` as it found it, or `done` says the game is over.
/// `first` is true for the first pass only (a special cleanup inserts steps there, 323.2).
pub fn settle<G, E>(
    game: &mut G,
    changes: impl Fn(&G) -> u64,
    done: impl Fn(&G) -> bool,
    mut pass: impl FnMut(&mut G, bool) -> Result<(), E>,
) -> Result<Result<(), Unsettled>, E> {
    for i in 0..MAX_PASSES {
        if done(game) {
            return Ok(Ok(()));
        }
        let before = changes(game);
        pass(game, i == 0)?;
        if changes(game) == before {
            return Ok(Ok(()));
        }
    }
    Ok(Err(Unsettled))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn passes_repeat_until_one_changes_nothing() {
        // Each pass halves the counter's distance to 0 and counts a change while it moves.
        let mut g = (40u64, 0u64, 0usize); // (value, changes, passes)
        let r: Result<_, ()> = settle(
            &mut g,
            |g| g.1,
            |_| false,
            |g, first| {
                assert_eq!(first, g.2 == 0);
                g.2 += 1;
                if g.0 > 0 {
                    g.0 /= 2;
                    g.1 += 1;
                }
                Ok(())
            },
        );
        assert_eq!(r, Ok(Ok(())));
        assert_eq!((g.0, g.2), (0, 7), "six passes to 20 10 5 2 1 0, then one that changes nothing");
    }

    #[test]
    fn a_cleanup_that_never_settles_is_reported() {
        let mut changes = 0u64;
        let r: Result<_, ()> = settle(
            &mut changes,
            |c| *c,
            |_| false,
            |c, _| {
                *c += 1;
                Ok(())
            },
        );
        assert_eq!(r, Ok(Err(Unsettled)));
        assert_eq!(changes, MAX_PASSES as u64);
    }

    #[test]
    fn a_finished_game_stops_the_cleanup() {
        let mut n = 0u64;
        let r: Result<_, ()> = settle(
            &mut n,
            |n| *n,
            |n| *n >= 3,
            |n, _| {
                *n += 1;
                Ok(())
            },
        );
        assert_eq!((r, n), (Ok(Ok(())), 3));
    }
}
