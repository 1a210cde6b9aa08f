//! A search agent: information-set Monte Carlo tree search (ISMCTS) with determinization of the
//! hidden cards.
//!
//! At each action decision (312.1: play, move, activate, hide, pass, end the turn) it spends a
//! budget of playouts, each of which:
//!
//! 1. copies the game and deals the cards hidden from it again at random, consistently with what
//!    it has seen ([`Game::determinize`]: never a peek);
//! 2. walks down one tree shared by every playout of the decision. A node is a point of the
//!    game reached by a sequence of decisions, an edge an answer of the player deciding there:
//!    an action named by what it does rather than by object (`Play` of a card, not of an
//!    object), so one edge stands for the same action in every copy whatever the hidden cards
//!    are; or an answer to another decision (a target, a cost, an order), whose objects are on
//!    the board or known to the one answering. Where the copy offers an answer no edge has yet,
//!    the walk adds it and stops; otherwise it takes the edge with the best UCB1 score among
//!    those the copy offers, counting an edge's chances by how often it was on offer (its
//!    availability) rather than by its parent's visits, as ISMCTS does, since a copy offers
//!    only some of them. Every player's decisions are in the tree, each edge scored for the
//!    player who takes it;
//! 3. lets the rollout policy (greedy, or random) play every seat from there for a horizon of
//!    rounds (each player's turn once a round);
//! 4. scores each player 1 for a win (its team's, in the 2v2) and 0 for a loss; a playout still
//!    going at the horizon scores 1/2 plus half of an even mix of its lead in points over the
//!    best opponent (as a share of the Victory Score) and its team's lead in Might on the board
//!    (as a share of both sides' Might). Each edge walked adds its player's score.
//!
//! The walk adds the action the greedy player likes most first, and gives it a bonus in UCB1
//! that fades with its visits (progressive bias), so a small budget departs from greedy play
//! only where the playouts say so.
//!
//! It takes the root action tried most, and answers the targets, costs and orders that action
//! then asks with the answers its playouts tried most below it (a copy cannot be taken in the
//! middle of a step, whose progress is on the call stack, so those decisions are not searched
//! on their own); where they tried none, and for every other decision, the rollout policy
//! answers. The budget is in playouts, not time, so a seed gives the same game on any machine.

use super::{GreedyAgent, RandomAgent};
use crate::kernel::{GameRng, PlayerId};
use crate::riftbound::{Action, Agent, Ask, Bf, CardIdx, Choice, Decision, Game, Loc, Outcome};
use std::sync::{Arc, Mutex};

/// Who plays the playouts' decisions outside the tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rollout {
    Greedy,
    Random,
}

impl Rollout {
    fn agent(self, seed: u64) -> Box<dyn Agent<Game>> {
        match self {
            Rollout::Greedy => Box::new(GreedyAgent::new(seed)),
            Rollout::Random => Box::new(RandomAgent::new(seed)),
        }
    }
}

/// The search agent; `playouts` per action decision.
pub struct SearchAgent {
    playouts: u32,
    rollout: Rollout,
    rng: GameRng,
    policy: Box<dyn Agent<Game>>,
    /// Where the last search's tree leads: the targets, costs and orders of the action it chose
    /// are answered from there.
    after: Option<After>,
}

/// The node of a search's tree that the real game's answers since the search lead to.
struct After {
    walk: Arc<Mutex<Walk>>,
    node: usize,
    /// How many answers the game will have recorded when the next decision of the chosen action
    /// comes: any other answer between (another player's, another action's) ends the follow-up.
    answers: usize,
}

impl SearchAgent {
    /// Rounds a playout plays before it is scored: 4 turns in a Duel, 8 with four players.
    pub const DEFAULT_HORIZON: u32 = 2;
    /// UCB1's exploration constant for rewards in 0..=1 (√2).
    const EXPLORATION: f64 = std::f64::consts::SQRT_2;
    /// The bonus of the action the greedy player would take, `GREEDY_BIAS / (visits + 1)` added
    /// to its UCB1 score (progressive bias): with a few playouts over many options, the noise of
    /// the means otherwise picks among near-equal options at random, and mcts:32 lost to greedy
    /// (30% over 96 games) without it; 73% with it (docs/agents.md).
    const GREEDY_BIAS: f64 = 1.0;
    /// The share of the board in the score of a playout stopped at the horizon, the rest being
    /// the lead in points (see [`score`]).
    const BOARD_WEIGHT: f64 = 0.5;

    pub fn new(playouts: u32, seed: u64) -> Self {
        Self::with_rollout(playouts, Rollout::Greedy, seed)
    }

    pub fn with_rollout(playouts: u32, rollout: Rollout, seed: u64) -> Self {
        SearchAgent {
            playouts: playouts.max(1),
            rollout,
            rng: GameRng::new(seed ^ 0x5EA2C4),
            policy: rollout.agent(seed),
            after: None,
        }
    }

    /// One playout from the real decision `d`: copy, deal, walk the tree, roll out, score.
    fn playout(&mut self, game: &Game, d: &Decision, prior: &[i64], walk: &Arc<Mutex<Walk>>) {
        let mut g = game.fork(&mut self.rng);
        g.determinize(d.player, &mut self.rng);
        let agents = (0..g.players.len())
            .map(|_| {
                Box::new(TreeAgent {
                    walk: walk.clone(),
                    greedy: GreedyAgent::new(0),
                    rollout: self.rollout.agent(self.rng.next_u64()),
                }) as Box<dyn Agent<Game>>
            })
            .collect();
        g.set_agents(agents);
        g.turn_cap = g.turn_cap.min(game.turn + Self::DEFAULT_HORIZON * g.players.len() as u32);
        let keys: Vec<Key> = d.options.iter().map(|c| Key::of(&g, d, c)).collect();
        let pick = walk.lock().unwrap().descend(d.player, &keys, prior);
        let action = Action::of(&d.options[pick]).expect("an action");
        let end = match g.apply(d.player, action) {
            Ok(Ok(())) => match g.run() {
                Ok(outcome) => End::Over(outcome),
                // An engine error in a copy: the points so far are all it tells.
                Err(_) => End::Open,
            },
            // Not legal in this copy after all (355.3).
            Ok(Err(_)) => End::Illegal,
            Err(_) => End::Open,
        };
        let scores: Vec<f64> = (0..g.players.len()).map(|p| score(&g, PlayerId(p as u8), &end)).collect();
        walk.lock().unwrap().back_up(&scores);
    }
}

/// How a playout ended.
enum End {
    Over(Outcome),
    /// At the horizon (the copy's turn cap), or stopped by an engine error.
    Open,
    /// The root action was not legal in the copy.
    Illegal,
}

/// What a playout was worth to player `p`.
fn score(g: &Game, p: PlayerId, end: &End) -> f64 {
    match end {
        End::Over(Outcome::Won { winner, .. }) => (g.team(*winner) == g.team(p)) as u8 as f64,
        End::Illegal => 0.0,
        End::Over(_) | End::Open => {
            let mine = g.player(p).points as f64;
            let best = g.opponents(p).iter().map(|q| g.player(*q).points).max().unwrap_or(0) as f64;
            let vs = g.victory_score().max(1) as f64;
            let lead = (mine - best) / vs;
            // Might on the board by team (each player its own team outside the 2v2, 462.6.a).
            let mut might = vec![0i64; g.players.len()];
            for u in g.all_units() {
                might[g.team(g.controller(u))] += g.might(u).max(0) as i64;
            }
            let my = might[g.team(p)] as f64;
            let their = g.opponents(p).iter().map(|q| might[g.team(*q)]).max().unwrap_or(0) as f64;
            let board = (my - their) / (my + their + 1.0);
            let w = SearchAgent::BOARD_WEIGHT;
            (0.5 + 0.5 * ((1.0 - w) * lead + w * board)).clamp(0.0, 1.0)
        }
    }
}

impl Agent<Game> for SearchAgent {
    fn choose(&mut self, game: &Game, d: &Decision) -> usize {
        if d.options.len() < 2 {
            return self.policy.choose(game, d);
        }
        let keys: Vec<Key> = d.options.iter().map(|c| Key::of(game, d, c)).collect();
        if d.ask != Ask::Action {
            // A target, cost or order of the action just searched: the answer its playouts
            // found best, where they tried any.
            if let Some(after) = self.after.take()
                && after.answers == game.answers.log.len()
                && let Some((i, child)) = after.walk.lock().unwrap().most_tried(after.node, d.player, &keys)
            {
                self.after = Some(After { walk: after.walk.clone(), node: child, answers: after.answers + 1 });
                return i;
            }
            return self.policy.choose(game, d);
        }
        let walk = Arc::new(Mutex::new(Walk::new(self.rng.next_u64())));
        let prior = GreedyAgent::new(0).scores(game, d);
        for _ in 0..self.playouts {
            self.playout(game, d, &prior, &walk);
        }
        let (i, child) = walk.lock().unwrap().most_tried(0, d.player, &keys).expect("every playout walks the root");
        self.after = Some(After { walk, node: child, answers: game.answers.log.len() + 1 });
        i
    }
}

/// An action named by what it does, the same in every copy of the game: cards by their card,
/// not their object, since a copy deals the hidden cards to other objects (and two copies of a
/// card in hand are one choice).
#[derive(Clone, Debug, PartialEq, Eq)]
enum Key {
    EndTurn,
    Pass,
    AddResources,
    Play(CardIdx),
    Activate(CardIdx, u8),
    Hide(CardIdx, Bf),
    Move(Loc),
    /// An answer to a decision that is not an action (a target, a cost, an order, ...): the
    /// objects such answers name are on the board or known to the one answering.
    Answer(std::mem::Discriminant<Ask>, Choice),
}

impl Key {
    fn of(g: &Game, d: &Decision, c: &Choice) -> Key {
        if d.ask != Ask::Action {
            return Key::Answer(std::mem::discriminant(&d.ask), c.clone());
        }
        let card = |o| g.obj(o).card;
        match Action::of(c).expect("an action decision's options are actions") {
            Action::EndTurn => Key::EndTurn,
            Action::Pass => Key::Pass,
            Action::AddResources => Key::AddResources,
            Action::Play(o) => Key::Play(card(o)),
            Action::Activate(o, i) => Key::Activate(card(o), i),
            Action::Hide(o, b) => Key::Hide(card(o), b),
            Action::StandardMove(l) => Key::Move(l),
        }
    }
}

/// An action taken from a node, with its statistics for the player taking it.
struct Edge {
    player: PlayerId,
    key: Key,
    child: usize,
    visits: u32,
    /// How many walks through the parent could have taken it.
    available: u32,
    value: f64,
}

/// The tree of one decision's search and the current playout's walk down it.
struct Walk {
    /// Each node's edges, by node index; the root is 0.
    nodes: Vec<Vec<Edge>>,
    /// Where the walk is; `None` once it has left the tree (the rollout).
    at: Option<usize>,
    /// The edges walked this playout, as (node, edge).
    path: Vec<(usize, usize)>,
    rng: GameRng,
}

impl Walk {
    fn new(seed: u64) -> Self {
        Walk { nodes: vec![Vec::new()], at: Some(0), path: Vec::new(), rng: GameRng::new(seed) }
    }

    /// The option `player` takes at the walk's node among actions `keys`: an action not yet in
    /// the tree (added, and the walk leaves the tree), else the best by UCB1 with availability.
    /// `None` once the walk has left the tree.
    fn step(&mut self, player: PlayerId, keys: &[Key], prior: &[i64]) -> Option<usize> {
        let node = self.at?;
        let edge_of = |edges: &[Edge], k: &Key| edges.iter().position(|e| e.player == player && e.key == *k);
        // Each action once (two options may be one action: two copies of a card in hand).
        let firsts = (0..keys.len()).filter(|&i| !keys[..i].contains(&keys[i]));
        let mut new = Vec::new();
        for i in firsts {
            match edge_of(&self.nodes[node], &keys[i]) {
                Some(e) => self.nodes[node][e].available += 1,
                None => new.push(i),
            }
        }
        if !new.is_empty() {
            // The new action the greedy player likes most (ties drawn).
            let top = new.iter().map(|&i| prior[i]).max().expect("new actions");
            let tied: Vec<usize> = new.into_iter().filter(|&i| prior[i] == top).collect();
            let pick = tied[self.rng.below(tied.len())];
            let child = self.nodes.len();
            self.nodes.push(Vec::new());
            self.nodes[node].push(Edge { player, key: keys[pick].clone(), child, visits: 0, available: 1, value: 0.0 });
            self.path.push((node, self.nodes[node].len() - 1));
            self.at = None;
            return Some(pick);
        }
        let best = *prior.iter().max().expect("options");
        let bias = SearchAgent::GREEDY_BIAS;
        let ucb = |i: usize, e: &Edge| {
            let n = e.visits.max(1) as f64;
            let favoured = if prior[i] == best { bias / (n + 1.0) } else { 0.0 };
            e.value / n + SearchAgent::EXPLORATION * ((e.available.max(1) as f64).ln() / n).sqrt() + favoured
        };
        let edges = &self.nodes[node];
        let (pick, e) = keys
            .iter()
            .enumerate()
            .map(|(i, k)| (i, edge_of(edges, k).expect("every offered action has an edge")))
            .max_by(|a, b| ucb(a.0, &edges[a.1]).total_cmp(&ucb(b.0, &edges[b.1])).then(b.0.cmp(&a.0)))
            .expect("options");
        self.path.push((node, e));
        self.at = Some(self.nodes[node][e].child);
        Some(pick)
    }

    /// The root step of a playout: the walk starts at the root.
    fn descend(&mut self, player: PlayerId, keys: &[Key], prior: &[i64]) -> usize {
        self.at = Some(0);
        self.path.clear();
        self.step(player, keys, prior).expect("the walk starts in the tree")
    }

    /// Adds the playout's scores to the edges it walked.
    fn back_up(&mut self, scores: &[f64]) {
        for &(node, e) in &self.path {
            let edge = &mut self.nodes[node][e];
            edge.visits += 1;
            edge.value += scores[edge.player.0 as usize];
        }
        self.path.clear();
        self.at = None;
    }

    /// The option of `keys` tried most by `player` at `node`, and the node it leads to; ties to
    /// the better mean, then the first. None if no playout tried any.
    fn most_tried(&self, node: usize, player: PlayerId, keys: &[Key]) -> Option<(usize, usize)> {
        let edges = &self.nodes[node];
        let tried = |i: usize| edges.iter().find(|e| e.player == player && e.key == keys[i] && e.visits > 0);
        let mean = |e: &Edge| e.value / e.visits as f64;
        (0..keys.len())
            .filter_map(|i| tried(i).map(|e| (i, e)))
            .max_by(|(a, ea), (b, eb)| ea.visits.cmp(&eb.visits).then(mean(ea).total_cmp(&mean(eb))).then(b.cmp(a)))
            .map(|(i, e)| (i, e.child))
    }
}

/// Plays a seat of a playout: every decision of more than one option by the tree while the
/// walk is in it, the rest by the rollout policy.
struct TreeAgent {
    walk: Arc<Mutex<Walk>>,
    /// Ranks the options: the one the walk adds first, the one it favours.
    greedy: GreedyAgent,
    rollout: Box<dyn Agent<Game>>,
}

impl Agent<Game> for TreeAgent {
    fn choose(&mut self, game: &Game, d: &Decision) -> usize {
        let mut walk = self.walk.lock().unwrap();
        if d.options.len() > 1 && walk.at.is_some() {
            let keys: Vec<Key> = d.options.iter().map(|c| Key::of(game, d, c)).collect();
            let prior = self.greedy.scores(game, d);
            return walk.step(d.player, &keys, &prior).expect("in the tree");
        }
        drop(walk);
        self.rollout.choose(game, d)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const P0: PlayerId = PlayerId(0);
    const P1: PlayerId = PlayerId(1);
    const A: Key = Key::Play(CardIdx(1));
    const B: Key = Key::Play(CardIdx(2));
    const C: Key = Key::Pass;

    /// A new action is added before any known one is walked again, the greedy favourite first,
    /// and adding one ends the walk in the tree.
    #[test]
    fn adds_the_greedy_favourite_first_then_leaves_the_tree() {
        let mut w = Walk::new(1);
        assert_eq!(w.descend(P0, &[A, B, C], &[0, 5, 1]), 1);
        assert_eq!(w.at, None, "the walk left the tree");
        assert_eq!(w.step(P1, &[A], &[0]), None, "the rollout plays on");
        w.back_up(&[1.0, 0.0]);
        assert_eq!(w.descend(P0, &[A, B, C], &[0, 5, 1]), 2);
        w.back_up(&[0.0, 1.0]);
        assert_eq!(w.descend(P0, &[A, B, C], &[0, 5, 1]), 0);
        w.back_up(&[0.0, 1.0]);
        assert_eq!(w.nodes.len(), 4);
        // All three known: B, the only one that won, is walked and the walk goes on below it.
        assert_eq!(w.descend(P0, &[A, B, C], &[0, 5, 1]), 1);
        assert_eq!(w.at, Some(w.nodes[0][0].child));
    }

    /// Below the root the tree holds the other players' actions too, each scored for the player
    /// taking it; two options that are the same action (two copies of a card) are one edge.
    #[test]
    fn grows_below_the_root_and_scores_each_edge_for_its_player() {
        let mut w = Walk::new(2);
        w.descend(P0, &[A], &[0]);
        w.back_up(&[0.0, 1.0]);
        assert_eq!(w.descend(P0, &[A], &[0]), 0);
        assert_eq!(w.step(P1, &[B, B, C], &[3, 3, 0]), Some(0));
        assert_eq!(w.path.len(), 2);
        w.back_up(&[0.25, 0.75]);
        let child = w.nodes[0][0].child;
        assert_eq!(w.nodes[child].len(), 1, "one edge for the two copies");
        let (root, below) = (&w.nodes[0][0], &w.nodes[child][0]);
        assert_eq!((root.visits, root.value), (2, 0.25));
        assert_eq!((below.player, &below.key, below.visits, below.value), (P1, &B, 1, 0.75));
    }

    /// ISMCTS: an edge's chances are counted by how often it was on offer, not by its parent's
    /// visits; what a copy does not offer is neither counted nor walked.
    #[test]
    fn counts_availability_only_where_offered() {
        let mut w = Walk::new(3);
        for (keys, prior) in [(&[A, B][..], &[1, 0][..]), (&[A, B], &[1, 0]), (&[A], &[0]), (&[A], &[0])] {
            w.descend(P0, keys, prior);
            w.back_up(&[0.0, 0.0]);
        }
        let avail = |k: Key| w.nodes[0].iter().find(|e| e.key == k).map(|e| (e.available, e.visits));
        assert_eq!(avail(A), Some((4, 3)));
        assert_eq!(avail(B), Some((1, 1)), "added on its second offer, never offered again");
        let child = w.nodes[0].iter().find(|e| e.key == A).unwrap().child;
        assert_eq!(w.most_tried(0, P0, &[B, A]), Some((1, child)));
        assert_eq!(w.most_tried(0, P0, &[C, B]).map(|t| t.0), Some(1), "an action never tried loses to one tried");
        assert_eq!(w.most_tried(0, P0, &[C]), None, "nothing tried: the policy answers");
        assert_eq!(w.most_tried(0, P1, &[A]), None, "another player's edges are not this one's");
    }
}
