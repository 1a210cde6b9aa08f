//! Card definitions: what a card file says (124-136), loaded from TOML. The rules text is kept
//! as printed; the kernel reads only the card's characteristics here, and basic runes get the two
//! abilities rule 157.2 gives them.

use serde::Deserialize;
use std::collections::HashMap;
use std::fmt;
use std::sync::Arc;

use super::abilities::{CardAbilities, Token};
use crate::kernel::Diagnostic;

/// The six domains (133.2), as a bit in a [`Domains`] mask.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize)]
pub enum Domain {
    Fury,
    Calm,
    Mind,
    Body,
    Chaos,
    Order,
}

impl Domain {
    pub const ALL: [Domain; 6] = [Domain::Fury, Domain::Calm, Domain::Mind, Domain::Body, Domain::Chaos, Domain::Order];

    pub fn index(self) -> usize {
        self as usize
    }

    /// The rules' shorthand letter (133.2.a-f).
    pub fn letter(self) -> char {
        ['R', 'G', 'B', 'O', 'P', 'Y'][self.index()]
    }

    pub fn from_name(s: &str) -> Option<Domain> {
        Some(match s.to_ascii_lowercase().as_str() {
            "fury" => Domain::Fury,
            "calm" => Domain::Calm,
            "mind" => Domain::Mind,
            "body" => Domain::Body,
            "chaos" => Domain::Chaos,
            "order" => Domain::Order,
            _ => return None,
        })
    }

    pub fn from_letter(c: char) -> Option<Domain> {
        Domain::ALL.into_iter().find(|d| d.letter() == c)
    }
}

impl fmt::Display for Domain {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}", self)
    }
}

/// A set of domains.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Domains(pub u8);

impl Domains {
    pub fn with(self, d: Domain) -> Domains {
        Domains(self.0 | 1 << d.index())
    }
    pub fn contains(self, d: Domain) -> bool {
        self.0 & (1 << d.index()) != 0
    }
    pub fn is_subset_of(self, other: Domains) -> bool {
        self.0 & !other.0 == 0
    }
    pub fn count(self) -> u32 {
        self.0.count_ones()
    }
    pub fn iter(self) -> impl Iterator<Item = Domain> {
        Domain::ALL.into_iter().filter(move |d| self.contains(*d))
    }
    /// The first domain in [`Domain::ALL`] order (`iter().next()`), from the lowest bit.
    pub fn first(self) -> Option<Domain> {
        Domain::ALL.get(self.0.trailing_zeros() as usize).copied()
    }
    /// The single domain, if there is exactly one.
    pub fn single(self) -> Option<Domain> {
        if self.count() == 1 { self.iter().next() } else { None }
    }
}

/// One power symbol of a cost (130.3): a specific domain, or [A] (134.2.e.5) payable by any.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum PowerSymbol {
    Of(Domain),
    Any,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum CardType {
    Unit,
    Spell,
    Gear,
    Rune,
    Legend,
    Battlefield,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Supertype {
    Champion,
    Signature,
    Token,
    Basic,
}

/// Index of a card definition in the [`CardDb`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize)]
pub struct CardIdx(pub u32);

/// A card's printed characteristics.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub struct CardDef {
    pub id: String,
    pub name: String,
    pub kind: CardType,
    pub supertype: Option<Supertype>,
    pub domains: Domains,
    pub energy: u32,
    pub power: Vec<PowerSymbol>,
    pub might: i32,
    /// Shared with every `Chars` computed for the card (layers clone them often).
    pub tags: Arc<Vec<String>>,
    pub set: String,
    pub number: u32,
    pub text: String,
    /// SFD-136: the effect text, printed in its own band below the rules text: abilities that are
    /// inactive unless the card is attached, and then belong to the top-most card (SFD-718.3).
    pub effect_text: String,
    /// SFD-718.4: what the card adds to the Might of the top-most card while it is attached (the
    /// number printed beside its effect text); None for a card that prints none.
    pub might_bonus: Option<i32>,
    /// The file the card came from (embedded cards keep their path in the project).
    pub file: String,
    /// What the card language compiled the text to (empty when the text is).
    pub abilities: Arc<CardAbilities>,
    /// Why the text did not compile, if it did not: such a card plays without its text, and
    /// `riftbound check` reports it.
    pub unsupported: Option<Diagnostic>,
    /// Rhai for what the grammar cannot say (the escape hatch; `riftbound check` counts them).
    pub script: Option<String>,
    /// Tags the script names that neither an official card nor this one has, each with the
    /// diagnostic to give if no other loaded card has it either (a mod's cards may name each
    /// other's tags): `CardDb::check_script_tags` decides once a folder is loaded.
    pub script_tags: Vec<(String, Diagnostic)>,
}

impl CardDef {
    pub fn is_permanent(&self) -> bool {
        matches!(self.kind, CardType::Unit | CardType::Gear)
    }
    pub fn is_main_deck_card(&self) -> bool {
        matches!(self.kind, CardType::Unit | CardType::Gear | CardType::Spell)
    }
    pub fn is_champion_unit(&self) -> bool {
        self.kind == CardType::Unit && self.supertype == Some(Supertype::Champion)
    }
    /// Basic runes have the two abilities of 157.2.
    pub fn is_basic_rune(&self) -> bool {
        self.kind == CardType::Rune && (self.supertype == Some(Supertype::Basic) || self.text.trim().is_empty())
    }
}

/// 652.2.a: the token battlefield with no abilities that replaces a removed player's battlefield.
pub const BATTLEFIELD_TOKEN: &str = "TOKEN-BATTLEFIELD";

/// 178.1: "A 1 [M] Recruit token is a domainless unit token with 1 Might and the Recruit tag."
pub const RECRUIT_TOKEN: &str = "TOKEN-RECRUIT";

/// 178.2: "A 3 [M] Sprite token with Temporary is a domainless unit token with 3 Might, the Fae
/// tag, and the Temporary keyword."
pub const SPRITE_TOKEN: &str = "TOKEN-SPRITE";

/// The card files of the tokens the Core Rules define (178.1-178.2, 652.2.a), as (origin, source).
pub const RULES_TOKENS: [(&str, &str); 3] = [
    (
        "<rules 178.1>",
        "id = \"TOKEN-RECRUIT\"\nname = \"Recruit\"\ntype = \"unit\"\nsupertype = \"token\"\nmight = 1\ntags = [\"Recruit\"]\nset = \"RULES\"\nnumber = 1781\n",
    ),
    (
        "<rules 178.2>",
        "id = \"TOKEN-SPRITE\"\nname = \"Sprite\"\ntype = \"unit\"\nsupertype = \"token\"\nmight = 3\ntags = [\"Fae\"]\nset = \"RULES\"\nnumber = 1782\ntext = \"[Temporary]\"\n",
    ),
    (
        "<rules 652.2.a>",
        "id = \"TOKEN-BATTLEFIELD\"\nname = \"Battlefield\"\ntype = \"battlefield\"\nsupertype = \"token\"\nset = \"RULES\"\nnumber = 6522\n",
    ),
];

/// The id a gear token effect names its token card by ("a Gold gear token": `TOKEN-GOLD`): the
/// name of the card's front face, a token card being printed two-faced ("Gold // Buff").
pub fn gear_token_id(name: &str) -> String {
    let face = name.split(" // ").next().unwrap_or(name).trim();
    format!("TOKEN-{}", face.to_ascii_uppercase().replace(' ', "-"))
}

/// 176-178: the card a token is played as: a rules token's file (178.1-178.2), or a domainless
/// (176.2.b), costless (176.2.a) unit with the Might the effect states (176.1.b), its name as its
/// tag (176.1.c) and the keywords and rules text the effect gives it (176.1).
pub fn token_card(t: &Token, id: &str) -> CardDef {
    let src = match RULES_TOKENS.iter().find(|(_, src)| src.contains(&format!("id = \"{id}\""))) {
        Some((_, src)) => src.to_string(),
        None => format!(
            "id = \"{id}\"\nname = \"{n}\"\ntype = \"unit\"\nsupertype = \"token\"\nmight = {m}\ntags = [\"{n}\"]\nset = \"TOKEN\"\nnumber = 0\n",
            n = t.name,
            m = t.might
        ),
    };
    let mut card = read_card(id, &src).expect("a token's card file is valid");
    let mut abilities = t.abilities.as_deref().cloned().unwrap_or_default();
    abilities.keywords.extend(t.keywords.iter().copied());
    abilities.index_keywords();
    card.text = t.text.clone();
    card.abilities = Arc::new(abilities);
    card
}

/// A problem in a card or deck file: the file, the line and column, and what was expected. Line
/// 0 is a problem with the file as a whole (it can't be read): shown as the path alone.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}: {message}", self.position())]
pub struct FileError {
    pub file: String,
    pub line: usize,
    pub col: usize,
    pub message: String,
}

impl FileError {
    /// `file:line:col`, or `file` for the file as a whole.
    fn position(&self) -> String {
        if self.line == 0 { self.file.clone() } else { format!("{}:{}:{}", self.file, self.line, self.col) }
    }

    pub fn at(file: &str, src: &str, offset: usize, message: impl Into<String>) -> FileError {
        let (line, col) = line_col(src, offset);
        FileError { file: file.to_string(), line, col, message: message.into() }
    }

    /// From a TOML parse or schema error, keeping its span.
    pub fn from_toml(file: &str, src: &str, e: &toml::de::Error) -> FileError {
        let offset = e.span().map(|s| s.start).unwrap_or(0);
        FileError::at(file, src, offset, e.message().to_string())
    }

    /// Finds the line of `key = ` in the source (for semantic errors found after parsing).
    pub fn at_key(file: &str, src: &str, key: &str, message: impl Into<String>) -> FileError {
        let offset = find_key(src, key).unwrap_or(0);
        FileError::at(file, src, offset, message)
    }
}

pub(crate) fn find_key(src: &str, key: &str) -> Option<usize> {
    let mut offset = 0;
    for line in src.split_inclusive('\n') {
        let t = line.trim_start();
        if let Some(rest) = t.strip_prefix(key)
            && rest.trim_start().starts_with('=')
        {
            return Some(offset + (line.len() - t.len()));
        }
        offset += line.len();
    }
    None
}

pub(crate) fn line_col(src: &str, offset: usize) -> (usize, usize) {
    let offset = offset.min(src.len());
    let before = &src[..offset];
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().map(|l| l.chars().count()).unwrap_or(0) + 1;
    (line, col)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CardFile {
    id: String,
    name: String,
    #[serde(rename = "type")]
    kind: String,
    supertype: Option<String>,
    #[serde(default)]
    domains: Vec<String>,
    energy: Option<u32>,
    power: Option<String>,
    might: Option<i32>,
    #[serde(default)]
    tags: Vec<String>,
    set: String,
    number: u32,
    #[serde(default)]
    text: String,
    #[serde(default)]
    effect_text: String,
    might_bonus: Option<i32>,
    script: Option<String>,
}

/// The largest printed Might or Energy cost (and count of power symbols) a card file may have.
pub const MAX_PRINTED: i32 = 99;

/// Reads one card file: its printed characteristics, with the rules text kept as printed and not
/// compiled (no abilities). The card language's `parse_card` compiles the text as well.
pub fn read_card(file: &str, src: &str) -> Result<CardDef, FileError> {
    let raw: CardFile = toml::from_str(src).map_err(|e| FileError::from_toml(file, src, &e))?;
    let kind = match raw.kind.as_str() {
        "unit" => CardType::Unit,
        "spell" => CardType::Spell,
        "gear" => CardType::Gear,
        "rune" => CardType::Rune,
        "legend" => CardType::Legend,
        "battlefield" => CardType::Battlefield,
        other => {
            return Err(FileError::at_key(
                file,
                src,
                "type",
                format!("unknown card type `{other}`: expected unit, spell, gear, rune, legend or battlefield"),
            ));
        }
    };
    let supertype = match raw.supertype.as_deref() {
        None => None,
        Some("champion") => Some(Supertype::Champion),
        Some("signature") => Some(Supertype::Signature),
        Some("token") => Some(Supertype::Token),
        Some("basic") => Some(Supertype::Basic),
        Some(other) => {
            return Err(FileError::at_key(
                file,
                src,
                "supertype",
                format!("unknown supertype `{other}`: expected champion, signature, token or basic"),
            ));
        }
    };
    let mut domains = Domains::default();
    for d in &raw.domains {
        let dom = Domain::from_name(d).ok_or_else(|| {
            FileError::at_key(
                file,
                src,
                "domains",
                format!("unknown domain `{d}`: expected fury, calm, mind, body, chaos or order"),
            )
        })?;
        domains = domains.with(dom);
    }
    let power = match &raw.power {
        None => Vec::new(),
        Some(p) => parse_power(p, domains).map_err(|m| FileError::at_key(file, src, "power", m))?,
    };
    if kind == CardType::Unit && raw.might.is_none() {
        return Err(FileError::at_key(file, src, "type", "a unit needs `might = N`"));
    }
    // Printed values within bounds no card comes near, so no sum of them can overflow.
    if let Some(m) = raw.might.filter(|m| !(0..=MAX_PRINTED).contains(m)) {
        return Err(FileError::at_key(
            file,
            src,
            "might",
            format!("might = {m}: a printed Might is 0 to {MAX_PRINTED}"),
        ));
    }
    if let Some(m) = raw.might_bonus.filter(|m| !(-MAX_PRINTED..=MAX_PRINTED).contains(m)) {
        return Err(FileError::at_key(
            file,
            src,
            "might_bonus",
            format!("might_bonus = {m}: a printed Might bonus is -{MAX_PRINTED} to {MAX_PRINTED}"),
        ));
    }
    if let Some(e) = raw.energy.filter(|e| *e > MAX_PRINTED as u32) {
        return Err(FileError::at_key(
            file,
            src,
            "energy",
            format!("energy = {e}: a printed cost is 0 to {MAX_PRINTED}"),
        ));
    }
    if power.len() > MAX_PRINTED as usize {
        return Err(FileError::at_key(file, src, "power", format!("at most {MAX_PRINTED} power symbols")));
    }
    Ok(CardDef {
        id: raw.id,
        name: raw.name,
        kind,
        supertype,
        domains,
        energy: raw.energy.unwrap_or(0),
        power,
        might: raw.might.unwrap_or(0),
        tags: Arc::new(raw.tags),
        set: raw.set,
        number: raw.number,
        text: raw.text,
        effect_text: raw.effect_text,
        might_bonus: raw.might_bonus,
        file: file.to_string(),
        abilities: Arc::default(),
        unsupported: None,
        script: raw.script,
        script_tags: Vec::new(),
    })
}

/// Parses a power cost written as shorthands, e.g. `[R][R]` or `[A]`. `[C]` is one power of the
/// card's own domain, or [A] on a domainless or multi-domain card (134.2.e.6).
pub fn parse_power(s: &str, domains: Domains) -> Result<Vec<PowerSymbol>, String> {
    let mut out = Vec::new();
    let mut rest = s.trim();
    while !rest.is_empty() {
        let Some(inner) = rest.strip_prefix('[').and_then(|r| r.get(..2)).filter(|r| r.ends_with(']')) else {
            return Err(format!("expected power symbols like [R][G][B][O][P][Y][A][C], found `{rest}`"));
        };
        let c = inner.chars().next().unwrap_or(' ');
        out.push(match c {
            'A' => PowerSymbol::Any,
            'C' => match domains.single() {
                Some(d) => PowerSymbol::Of(d),
                None => PowerSymbol::Any,
            },
            c => match Domain::from_letter(c) {
                Some(d) => PowerSymbol::Of(d),
                None => {
                    return Err(format!("unknown power symbol `[{c}]`: expected one of R G B O P Y A C"));
                }
            },
        });
        rest = rest[3..].trim_start();
    }
    Ok(out)
}

/// All card definitions of a game, by index, id and name. The loaders that compile the cards'
/// text (`CardDb::embedded`, `CardDb::load_dir`, `CardDb::add_rules_tokens`) belong to the card
/// language, which sits above the rules: they are in `src/dsl/load.rs`.
#[derive(Clone, Debug, Default)]
pub struct CardDb {
    cards: Vec<CardDef>,
    by_id: HashMap<String, CardIdx>,
    by_name: HashMap<String, CardIdx>,
    /// `content_hash` as the compiled-card cache stored it, while the pool is unchanged since.
    stored_hash: Option<u64>,
}

/// A pool's lookup tables, by id and by name, made from the keys [`CardDb::keys`] gave.
pub struct Lookups {
    by_id: HashMap<String, CardIdx>,
    by_name: HashMap<String, CardIdx>,
}

impl Lookups {
    pub fn from_keys(keys: [Vec<(String, u32)>; 2]) -> Lookups {
        let [by_id, by_name] = keys.map(|v| v.into_iter().map(|(k, i)| (k, CardIdx(i))).collect());
        Lookups { by_id, by_name }
    }
}

impl CardDb {
    /// A fingerprint of the cards as printed (ids, characteristics, rules and effect text, any
    /// script), in database order and without the files they came from: a run's report records
    /// it, so a result can be matched to the card set it was played with. What the text compiles
    /// to belongs to the build (`SOURCE_HASH`), not to the card set.
    pub fn content_hash(&self) -> u64 {
        if let Some(h) = self.stored_hash {
            return h;
        }
        let mut h = crate::kernel::hash::Fnv1a::default();
        for c in &self.cards {
            let printed = (
                (&c.id, &c.name, c.kind, c.supertype, &c.domains, c.energy, &c.power, c.might),
                (&c.tags, &c.text, &c.effect_text, c.might_bonus, &c.script),
            );
            // Serializing plain data into a Vec cannot fail; a card that somehow did would still
            // count by its id.
            h.write(&postcard::to_stdvec(&printed).unwrap_or_else(|_| c.id.as_bytes().to_vec()));
        }
        h.finish()
    }

    /// Adds or replaces (same id) a card. A later definition of an id overrides the earlier one,
    /// which is how a mod folder replaces an official card.
    /// The unit tokens the card's instructions play are added too, once each (176); a gear token
    /// is its token card's, found by the id [`gear_token_id`] gives it.
    pub fn insert(&mut self, card: CardDef) -> CardIdx {
        let tokens = card.abilities.tokens.clone();
        let idx = self.insert_one(card);
        for t in tokens.into_iter().filter(|t| !t.gear) {
            let id = t.card_id();
            if self.by_id(&id).is_none() {
                self.insert_one(token_card(&t, &id));
            }
        }
        idx
    }

    fn insert_one(&mut self, card: CardDef) -> CardIdx {
        self.stored_hash = None;
        let key = card.id.to_ascii_uppercase();
        let name = normalize_name(&card.name);
        if let Some(&idx) = self.by_id.get(&key) {
            self.cards[idx.0 as usize] = card;
            self.by_name.insert(name, idx);
            return idx;
        }
        let idx = CardIdx(self.cards.len() as u32);
        if card.kind == CardType::Gear && card.supertype == Some(Supertype::Token) {
            self.by_id.entry(gear_token_id(&card.name)).or_insert(idx);
        }
        self.cards.push(card);
        self.by_id.insert(key, idx);
        // The first card of a name wins name lookups (reprints share names and stats).
        self.by_name.entry(name).or_insert(idx);
        idx
    }

    /// The card that name lookups find under `name` (not by id).
    pub fn named(&self, name: &str) -> Option<CardIdx> {
        self.by_name.get(&normalize_name(name)).copied()
    }

    /// Makes `idx` the card its name finds: a mod's card that takes the name of an official one
    /// wins, as a modder expects (the official card stays reachable by its id).
    pub fn claim_name(&mut self, idx: CardIdx) {
        let name = normalize_name(&self.get(idx).name);
        self.by_name.insert(name, idx);
    }

    pub fn get(&self, idx: CardIdx) -> &CardDef {
        &self.cards[idx.0 as usize]
    }

    pub fn get_mut(&mut self, idx: CardIdx) -> &mut CardDef {
        self.stored_hash = None;
        &mut self.cards[idx.0 as usize]
    }

    pub fn by_id(&self, id: &str) -> Option<CardIdx> {
        self.by_id.get(&id.to_ascii_uppercase()).copied()
    }

    /// Looks a card up by name (case- and apostrophe-insensitive) or by id.
    pub fn lookup(&self, name_or_id: &str) -> Option<CardIdx> {
        self.by_name.get(&normalize_name(name_or_id)).copied().or_else(|| self.by_id(name_or_id))
    }

    pub fn len(&self) -> usize {
        self.cards.len()
    }

    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }

    /// The lookup tables, by id and by name, with their keys as made (sorted, so the same pool
    /// always gives the same lists): the compiled-card cache stores them so that a pool read
    /// back needs no key made again.
    pub fn keys(&self) -> [Vec<(String, u32)>; 2] {
        [&self.by_id, &self.by_name].map(|m| {
            let mut v: Vec<(String, u32)> = m.iter().map(|(k, i)| (k.clone(), i.0)).collect();
            v.sort_unstable();
            v
        })
    }

    /// The pool of these cards with the lookup tables `keys` gave (see [`Lookups::from_keys`])
    /// and its `content_hash`. None when a table points outside the pool.
    pub fn from_parts(cards: Vec<CardDef>, lookups: Lookups, content_hash: u64) -> Option<CardDb> {
        let Lookups { by_id, by_name } = lookups;
        if !by_id.values().chain(by_name.values()).all(|i| (i.0 as usize) < cards.len()) {
            return None;
        }
        Some(CardDb { cards, by_id, by_name, stored_hash: Some(content_hash) })
    }

    /// Every card, in index order.
    pub fn cards(&self) -> &[CardDef] {
        &self.cards
    }

    pub fn iter(&self) -> impl Iterator<Item = (CardIdx, &CardDef)> {
        self.cards.iter().enumerate().map(|(i, c)| (CardIdx(i as u32), c))
    }

    /// The same cards played vanilla: every rules text ignored (basic runes keep the abilities
    /// the rules give them, 157.2). Kernel tests use it to check the rules without card text,
    /// and it is the baseline a designer compares a deck's real cards against.
    pub fn vanilla(&self) -> CardDb {
        let mut db = self.clone();
        for c in &mut db.cards {
            c.abilities = Arc::default();
        }
        db
    }
}

/// Name key for lookups: lowercase, typographic apostrophes folded, " - " read as ", ".
pub fn normalize_name(s: &str) -> String {
    s.trim().replace(['\u{2019}', '\u{2018}'], "'").replace(" - ", ", ").to_lowercase()
}

#[cfg(test)]
mod tests {
    use super::*;

    const VOID_SEEKER: &str = r#"id = "OGN-024"
name = "Void Seeker"
type = "spell"
domains = ["fury"]
energy = 3
power = "[R]"
tags = []
set = "OGN"
number = 24
text = """[Action] (Play on your turn or in showdowns.)
Deal 4 to a unit at a battlefield. Draw 1."""
"#;

    #[test]
    fn parses_a_card_file() {
        let c = read_card("void.toml", VOID_SEEKER).unwrap();
        assert_eq!(c.name, "Void Seeker");
        assert_eq!(c.kind, CardType::Spell);
        assert_eq!(c.energy, 3);
        assert_eq!(c.power, vec![PowerSymbol::Of(Domain::Fury)]);
        assert!(c.text.contains("Deal 4"));
    }

    #[test]
    fn unknown_field_names_file_and_line() {
        let src = VOID_SEEKER.replace("energy = 3", "enrgy = 3");
        let e = read_card("void.toml", &src).unwrap_err();
        assert_eq!(e.file, "void.toml");
        assert_eq!(e.line, 5);
        assert!(e.message.contains("enrgy"), "{}", e.message);
    }

    #[test]
    fn bad_domain_and_power_are_named() {
        let e = read_card("x.toml", &VOID_SEEKER.replace("[\"fury\"]", "[\"fire\"]")).unwrap_err();
        assert_eq!(e.line, 4);
        assert!(e.message.contains("fire"));
        let e = read_card("x.toml", &VOID_SEEKER.replace("\"[R]\"", "\"[Q]\"")).unwrap_err();
        assert_eq!(e.line, 6);
        assert!(e.message.contains("[Q]"));
    }

    /// 134.2.e.6.b: [C] on a multi-domain or domainless card is [A].
    #[test]
    fn c_symbol_on_multi_domain_is_any() {
        let two = Domains::default().with(Domain::Fury).with(Domain::Chaos);
        assert_eq!(parse_power("[C]", two).unwrap(), vec![PowerSymbol::Any]);
        let one = Domains::default().with(Domain::Calm);
        assert_eq!(parse_power("[C]", one).unwrap(), vec![PowerSymbol::Of(Domain::Calm)]);
        assert_eq!(parse_power("[C]", Domains::default()).unwrap(), vec![PowerSymbol::Any]);
    }

    /// `first` is the first domain the iterator gives, for every set of domains.
    #[test]
    fn first_domain_is_the_first_iterated() {
        for bits in 0..=u8::MAX {
            assert_eq!(Domains(bits).first(), Domains(bits).iter().next(), "{bits:#010b}");
        }
    }

    #[test]
    fn later_definition_overrides_by_id() {
        let mut db = CardDb::default();
        db.insert(read_card("a", VOID_SEEKER).unwrap());
        let modded = VOID_SEEKER.replace("energy = 3", "energy = 2");
        db.insert(read_card("b", &modded).unwrap());
        assert_eq!(db.len(), 1);
        assert_eq!(db.get(db.lookup("void seeker").unwrap()).energy, 2);
    }
}
