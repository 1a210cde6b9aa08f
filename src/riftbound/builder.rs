//! Setting up any position directly: an empty Duel board to which tests, scenarios and tools
//! add cards where they want them, then play on with the normal rules.

use super::actions::Pos;
use super::cards::{CardDb, CardType};
use super::state::{Battlefield, Game, Loc, Mode, Player, Step, Zone};
use crate::kernel::{Answers, Chain, GameRng, ObjId, PlayerId, Trace};
use std::sync::Arc;

impl Game {
    /// An empty two-player Duel board with the given battlefields (owned by P1 and P2 in turn),
    /// P1 the first player and turn player, in P1's action phase of turn 1. Nothing else is on
    /// the board; decks, hands and runes are empty.
    pub fn blank(db: Arc<CardDb>, battlefields: &[&str], seed: u64) -> Result<Game, String> {
        Game::blank_players(db, battlefields, seed, 2)
    }

    /// An empty board for `n` players (P1, P2, … in turn order), the battlefields owned by them
    /// in turn; otherwise as [`Game::blank`].
    pub fn blank_players(db: Arc<CardDb>, battlefields: &[&str], seed: u64, n: usize) -> Result<Game, String> {
        let mut g = Game {
            db: db.clone(),
            mode: Mode::duel(),
            players: (0..n)
                .map(|i| Player {
                    deck_name: format!("P{}", i + 1),
                    points: 0,
                    main_deck: Vec::new(),
                    rune_deck: Vec::new(),
                    hand: Vec::new(),
                    trash: Vec::new(),
                    banishment: Vec::new(),
                    champion_zone: None,
                    legend: None,
                    base: Vec::new(),
                    runes: Vec::new(),
                    set_aside: Vec::new(),
                    pool: Default::default(),
                    scored_this_turn: 0,
                    chosen_champion: None,
                    cards_played_this_turn: 0,
                    // It is P1's first turn; P2 has had none yet (their next turn is their first,
                    // with its extra rune, 458.7).
                    turns_taken: u32::from(i == 0),
                    removed: false,
                })
                .collect(),
            turn_order: (0..n).map(|i| PlayerId(i as u8)).collect(),
            objs: Vec::new(),
            battlefields: Vec::new(),
            turn: 1,
            turn_player: PlayerId(0),
            step: Step::Action,
            chain: Chain::default(),
            priority: Some(PlayerId(0)),
            chain_passes: 0,
            showdown: None,
            effects: Vec::new(),
            cost_modifiers: Vec::new(),
            next_timestamp: 0,
            changes: 0,
            rng: GameRng::new(seed),
            answers: Answers::default(),
            agents: (0..n).map(|_| None).collect(),
            trace: Trace::default(),
            outcome: None,
            events: Vec::new(),
            trigger_cursor: 0,
            delayed: Vec::new(),
            delayed_replacements: Vec::new(),
            reflexive_on_kill: Vec::new(),
            delayed_triggers: Vec::new(),
            next_spell_bonus: Vec::new(),
            spell_bonus: Vec::new(),
            replacing: Vec::new(),
            undone: Vec::new(),
            turn_cap: super::setup::DEFAULT_TURN_CAP,
            step_cap: super::setup::DEFAULT_STEP_CAP,
            steps_this_turn: 0,
            decisions: 0,
        };
        for (i, name) in battlefields.iter().enumerate() {
            let card = db.lookup(name).ok_or_else(|| format!("unknown battlefield `{name}`"))?;
            if db.get(card).kind != CardType::Battlefield {
                return Err(format!("`{name}` is not a battlefield"));
            }
            let owner = PlayerId((i % n) as u8);
            let obj = g.new_obj(card, owner, Zone::BattlefieldZone, owner, Pos::Bottom);
            g.battlefields.push(Battlefield {
                obj,
                owner,
                controller: None,
                contested_by: None,
                units: Vec::new(),
                facedown: None,
                showdown_staged: false,
                combat_staged: false,
            });
        }
        Ok(g)
    }

    /// Puts a new card (by name or id) owned by `owner` into a zone. For [`Zone::Base`] and
    /// [`Zone::Battlefield`] the owner also controls it; units and gear arrive ready.
    pub fn put(&mut self, name: &str, owner: PlayerId, zone: Zone) -> Result<ObjId, String> {
        let card = self.db.lookup(name).ok_or_else(|| format!("unknown card `{name}`"))?;
        let id = self.new_obj(card, owner, zone, owner, Pos::Bottom);
        // 170: a card of the token supertype is a token.
        self.obj_mut(id).token = self.db.get(card).supertype == Some(super::cards::Supertype::Token);
        if self.db.get(card).is_champion_unit()
            && self.player(owner).chosen_champion.is_none()
            && zone == Zone::ChampionZone
        {
            self.player_mut(owner).chosen_champion = Some(card);
        }
        self.changed();
        Ok(id)
    }

    /// Puts a unit or gear on the board at a location, ready, controlled by `owner`.
    pub fn put_at(&mut self, name: &str, owner: PlayerId, loc: Loc) -> Result<ObjId, String> {
        let zone = match loc {
            Loc::Base(_) => Zone::Base,
            Loc::Battlefield(b) => Zone::Battlefield(b),
        };
        let id = self.put(name, owner, zone)?;
        if let Loc::Base(p) = loc
            && p != owner
        {
            return Err("106.2.d: a player's objects can't be in another player's base".into());
        }
        Ok(id)
    }

    /// Puts `n` runes of a card name on the board for `p`, ready.
    pub fn put_runes(&mut self, name: &str, p: PlayerId, n: u32) -> Result<Vec<ObjId>, String> {
        (0..n).map(|_| self.put(name, p, Zone::Base)).collect()
    }

    /// Gives control of a battlefield.
    pub fn set_controller(&mut self, b: u8, p: Option<PlayerId>) {
        self.battlefields[b as usize].controller = p;
    }
}
