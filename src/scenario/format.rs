//! The scenario file format (TOML): a board to set up, steps to play, expectations to check.
//! See `docs/scenarios.md`.

use serde::Deserialize;
use std::collections::BTreeMap;
use toml::Spanned;

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct ScenarioFile {
    pub title: String,
    /// The rules this scenario demonstrates (counted by `riftbound coverage`).
    #[serde(default)]
    pub rules: Vec<String>,
    /// Cards only this scenario uses (same fields as a card file), e.g. the hypothetical cards
    /// of the rules' examples. A card with an official card's id replaces it.
    #[serde(default, rename = "card")]
    pub cards: Vec<Spanned<toml::Table>>,
    #[serde(default)]
    pub setup: Setup,
    #[serde(default, rename = "step")]
    pub steps: Vec<Spanned<Step>>,
}

#[derive(Deserialize, Debug, Default)]
#[serde(deny_unknown_fields)]
pub struct Setup {
    /// Battlefields, the first owned by P1, the second by P2 (the third by P3). Default: two
    /// without abilities.
    pub battlefields: Option<Vec<String>>,
    /// The number of players: 2 (default), 3 or 4; 3 if `[setup.P3]` is given, 4 if
    /// `[setup.P4]` is. Turn order is P1, P2, P3, P4.
    pub players: Option<u8>,
    /// The mode of play (454): "duel" (458; with no mode, boards of three or four players use
    /// its rules with more players), "casual", "match" (459), "ffa3" (460, three players) or
    /// "ffa4" (461, four players): the mode's victory score and First Turn Process apply.
    pub mode: Option<String>,
    pub seed: Option<u64>,
    /// Whose turn it is: "P1" (default), "P2" or "P3".
    pub turn_player: Option<String>,
    /// The turn number (default 1).
    pub turn: Option<u32>,
    /// The step: awaken, beginning, scoring, channel, draw, action (default), ending.
    pub step: Option<String>,
    /// Play every card without its rules text.
    #[serde(default)]
    pub vanilla: bool,
    /// Answer rune payments automatically (the first payable rune each time). Default true.
    pub autopay: Option<bool>,
    /// Battlefield control: battlefield name -> "P1" / "P2" / "P3".
    #[serde(default)]
    pub control: BTreeMap<String, String>,
    /// Contested battlefields: battlefield name -> the contesting player, "P1" / "P2" (181.3).
    #[serde(default)]
    pub contested: BTreeMap<String, String>,
    /// Answers to the decisions settling the set-up board needs (e.g. which staged combat is
    /// resolved first, 435.1).
    #[serde(default)]
    pub answers: Vec<String>,
    #[serde(rename = "P1", default)]
    pub p1: PlayerSetup,
    #[serde(rename = "P2", default)]
    pub p2: PlayerSetup,
    /// The third player's cards (a three-player game).
    #[serde(rename = "P3")]
    pub p3: Option<PlayerSetup>,
    /// The fourth player's cards (a four-player game).
    #[serde(rename = "P4")]
    pub p4: Option<PlayerSetup>,
}

#[derive(Deserialize, Debug, Default)]
#[serde(deny_unknown_fields)]
pub struct PlayerSetup {
    /// The legend: a name, or a table (`{ card = "...", exhausted = true }`) as other cards.
    pub legend: Option<CardSpec>,
    pub champion: Option<CardSpec>,
    #[serde(default)]
    pub hand: Vec<CardSpec>,
    /// The main deck, top card first.
    #[serde(default)]
    pub deck: Vec<CardSpec>,
    /// More main deck cards below `deck`, in an order shuffled from the seed (114).
    #[serde(default)]
    pub deck_rest: Vec<CardSpec>,
    #[serde(default)]
    pub rune_deck: Vec<CardSpec>,
    #[serde(default)]
    pub trash: Vec<CardSpec>,
    /// Runes on the board.
    #[serde(default)]
    pub runes: Vec<CardSpec>,
    /// Units and gear at the base.
    #[serde(default)]
    pub base: Vec<CardSpec>,
    /// Units at battlefields: battlefield name -> cards.
    #[serde(default)]
    pub at: BTreeMap<String, Vec<CardSpec>>,
    /// A card facedown at a battlefield: battlefield name -> card.
    #[serde(default)]
    pub facedown: BTreeMap<String, CardSpec>,
    #[serde(default)]
    pub points: u32,
    /// The player's XP (Core Rules 1.3, section 728).
    #[serde(default)]
    pub xp: u32,
    pub pool: Option<PoolSpec>,
}

/// A card by name, or with its state.
#[derive(Deserialize, Debug, Clone)]
#[serde(untagged)]
pub enum CardSpec {
    Name(String),
    Full(CardState),
}

#[derive(Deserialize, Debug, Clone, Default)]
#[serde(deny_unknown_fields)]
pub struct CardState {
    pub card: String,
    #[serde(default = "one")]
    pub count: u32,
    #[serde(default)]
    pub exhausted: bool,
    #[serde(default)]
    pub damage: u32,
    #[serde(default)]
    pub buffed: bool,
    #[serde(default)]
    pub stunned: bool,
    /// A name to refer to this object in steps and expectations (default: the card name).
    #[serde(rename = "as")]
    pub label: Option<String>,
    /// The unit (a label or card name set up anywhere in the setup) this card starts attached to
    /// (SFD-421): it is placed where that unit is.
    pub attached_to: Option<String>,
}

fn one() -> u32 {
    1
}

impl CardSpec {
    pub fn state(&self) -> CardState {
        match self {
            CardSpec::Name(n) => CardState { card: n.clone(), count: 1, ..CardState::default() },
            CardSpec::Full(s) => s.clone(),
        }
    }
}

#[derive(Deserialize, Debug, Default)]
#[serde(deny_unknown_fields)]
pub struct PoolSpec {
    #[serde(default)]
    pub energy: u32,
    /// Power symbols, e.g. "[R][A]".
    #[serde(default)]
    pub power: String,
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct Step {
    /// An action: "P1 play Void Seeker", "P2 pass", "P1 end turn", "P1 move A, B to Zaun
    /// Warrens", "P1 activate Iron Ballista", "P1 hide Block at Zaun Warrens", "P1 add
    /// resources", "P1 concede", "next" (one game step with no action), "until P1 acts".
    #[serde(rename = "do")]
    pub action: Option<String>,
    /// Answers to the decisions the action leads to, in order, by what the option says.
    #[serde(default)]
    pub answers: Vec<String>,
    /// What must be true after this step.
    pub expect: Option<toml::Table>,
}
