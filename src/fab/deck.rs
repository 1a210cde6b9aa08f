//! Deck files (`cards/fab/decks/*.deck`) and Blitz deck legality (CR 4.1.3, 4.1.3a, 4.1.6,
//! 4.1.8, Mentor in the glossary). A deck file is plain text: `hero NAME`, then one `N NAME` line
//! per card, `NAME (red|yellow|blue)` where one name has several pitches (4.1.3a: a card is
//! unique by name and pitch); `#` starts a comment. Weapons and equipment start in the arena
//! (12.3), every other card in the deck.

use super::cards::{CardDef, CardType, Keyword, Loadout, LoadoutError};
use super::setup::{DeckError, check_blitz_deck};
use super::text::parse_card;

/// A card of the pool a deck names cards from.
#[derive(Clone, Debug)]
pub struct PoolCard {
    pub def: CardDef,
    pub file: String,
    /// 4.1.8: the hero first name of a "**NAME Specialization**" line.
    pub specialization: Option<String>,
    /// Why the card's text does not compile, when it does not: the card then plays with its
    /// printed values and no abilities (a blank text).
    pub blank: Option<String>,
}

/// The cards decks are built from, and the Blitz lists of the Card Legality Policy.
#[derive(Clone, Debug, Default)]
pub struct Pool {
    pub cards: Vec<PoolCard>,
    pub legality: Legality,
}

/// The Blitz lists of the Card Legality Policy that 4.1.3a and 4.1.3b refer to
/// (`cards/fab/blitz.legality`), each entry a name and, if given, a pitch.
#[derive(Clone, Debug, Default)]
pub struct Legality {
    /// Banned or suspended: not legal to play in Blitz (4.1.3a), so a deck holds none.
    pub banned: Vec<(String, Option<u8>)>,
    /// 4.1.3b: the Blitz restricted list, 1 copy of each unique version.
    pub restricted: Vec<(String, Option<u8>)>,
}

impl Legality {
    /// Reads a `.legality` file: TOML arrays `banned`, `suspended` and `restricted` of "NAME" or
    /// "NAME (colour)".
    pub fn parse(file: &str, src: &str) -> Result<Legality, String> {
        let table: toml::Table = src.parse().map_err(|e| format!("{file}: {e}"))?;
        let list = |key: &str| -> Result<Vec<(String, Option<u8>)>, String> {
            let Some(v) = table.get(key) else { return Ok(Vec::new()) };
            let items = v.as_array().ok_or_else(|| format!("{file}: `{key}` is not a list"))?;
            items
                .iter()
                .map(|i| {
                    let s = i.as_str().ok_or_else(|| format!("{file}: `{key}` holds {i}, not a card name"))?;
                    name_and_pitch(s).map(|(n, p)| (n.to_string(), p)).map_err(|e| format!("{file}: `{key}`: {e}"))
                })
                .collect()
        };
        let mut banned = list("banned")?;
        banned.extend(list("suspended")?);
        Ok(Legality { banned, restricted: list("restricted")? })
    }

    /// Whether `list` names the card (by name, and pitch where the entry gives one).
    fn lists(list: &[(String, Option<u8>)], card: &CardDef) -> bool {
        list.iter().any(|(n, p)| n.eq_ignore_ascii_case(&card.name) && p.is_none_or(|p| p == card.pitch))
    }
}

/// "NAME" or "NAME (colour)": the name and the pitch the colour stands for.
fn name_and_pitch(s: &str) -> Result<(&str, Option<u8>), String> {
    match s.strip_suffix(')').and_then(|r| r.rsplit_once(" (")) {
        Some((name, c)) => {
            let p = COLOURS
                .iter()
                .find(|(w, _)| w.eq_ignore_ascii_case(c))
                .map(|(_, p)| *p)
                .ok_or_else(|| format!("expected a colour (red, yellow or blue) in brackets, got {c:?}"))?;
            Ok((name.trim(), Some(p)))
        }
        None => Ok((s, None)),
    }
}

/// One `N NAME` line of a deck file.
#[derive(Clone, Debug)]
pub struct Entry {
    pub line: usize,
    pub count: usize,
    pub name: String,
    pub pitch: Option<u8>,
}

/// A deck file as written, before its names are looked up.
#[derive(Clone, Debug)]
pub struct DeckList {
    /// The file's path, for messages.
    pub file: String,
    pub hero: (usize, String),
    pub entries: Vec<Entry>,
}

/// A deck whose names were found in the pool: the loadout a game starts from.
#[derive(Clone, Debug)]
pub struct Deck {
    pub list: DeckList,
    pub loadout: Loadout,
    /// Names of the deck's cards that play with a blank text.
    pub blank: Vec<String>,
}

const COLOURS: [(&str, u8); 3] = [("red", 1), ("yellow", 2), ("blue", 3)];

fn colour(pitch: u8) -> &'static str {
    COLOURS.iter().find(|(_, p)| *p == pitch).map_or("no pitch", |(c, _)| c)
}

/// 4.1.8: "**Rhinar Specialization**" names the hero the card is for.
fn specialization(text: &str) -> Option<String> {
    text.lines().find_map(|l| {
        let l = l.trim().trim_matches('*');
        l.strip_suffix(" Specialization").map(str::to_string)
    })
}

impl Pool {
    /// The card files compiled into the binary.
    pub fn embedded() -> Result<Pool, String> {
        let mut pool =
            Pool::from_files(super::embedded::FAB_FILES.iter().filter(|(p, _)| p.ends_with(".fab")).copied())?;
        if let Some((file, src)) = super::embedded::FAB_FILES.iter().find(|(p, _)| p.ends_with(".legality")) {
            pool.legality = Legality::parse(file, src)?;
        }
        Ok(pool)
    }

    /// Reads `.fab` files. A file that is not a card (bad TOML, no name or type line) is an
    /// error; a card whose text does not compile is kept with a blank text (see [`PoolCard`]).
    pub fn from_files<'a>(files: impl Iterator<Item = (&'a str, &'a str)>) -> Result<Pool, String> {
        let mut cards = Vec::new();
        for (file, src) in files {
            let mut table: toml::Table = src.parse().map_err(|e| format!("{file}: {e}"))?;
            let text = table.remove("text").and_then(|t| t.as_str().map(str::to_string)).unwrap_or_default();
            let (def, blank) = match parse_card(file, src) {
                Ok(def) => (def, None),
                Err(e) => (parse_card(file, &table.to_string())?, Some(e)),
            };
            cards.push(PoolCard { def, file: file.to_string(), specialization: specialization(&text), blank });
        }
        Ok(Pool { cards, legality: Legality::default() })
    }

    /// The card named `name` (and of `pitch`, if given); one name with several pitches needs one.
    pub fn find(&self, name: &str, pitch: Option<u8>) -> Result<&PoolCard, String> {
        let named: Vec<&PoolCard> = self.cards.iter().filter(|c| c.def.name.eq_ignore_ascii_case(name)).collect();
        let fits: Vec<&PoolCard> = named.iter().copied().filter(|c| pitch.is_none_or(|p| c.def.pitch == p)).collect();
        match (named.len(), fits.as_slice()) {
            (0, _) => Err(format!("no Flesh and Blood card is named {name:?}")),
            (_, [one]) => Ok(one),
            (_, []) => Err(format!(
                "{name} has no {} version (there is: {})",
                colour(pitch.unwrap_or(0)),
                named.iter().map(|c| colour(c.def.pitch)).collect::<Vec<_>>().join(", ")
            )),
            _ => Err(format!("{name} has several pitches: name one, as in `{name} (red)`")),
        }
    }
}

/// Reads a deck file's lines; an error names the file and line and what was expected.
pub fn parse_deck(file: &str, src: &str) -> Result<DeckList, String> {
    let mut hero = None;
    let mut entries = Vec::new();
    for (i, raw) in src.lines().enumerate() {
        let line = i + 1;
        let l = raw.split('#').next().unwrap_or("").trim();
        if l.is_empty() {
            continue;
        }
        if let Some(name) = l.strip_prefix("hero ") {
            if hero.is_some() {
                return Err(format!("{file}:{line}: a second hero (4.1.3: one hero card)"));
            }
            hero = Some((line, name.trim().to_string()));
            continue;
        }
        let (n, rest) = l.split_once(' ').unwrap_or((l, ""));
        let count: usize = n.parse().ok().filter(|c| *c > 0).ok_or_else(|| {
            format!("{file}:{line}: expected `hero NAME` or `N NAME` with N a positive count, got {l:?}")
        })?;
        let rest = rest.trim();
        let (name, pitch) = name_and_pitch(rest).map_err(|e| format!("{file}:{line}: {e}"))?;
        if name.is_empty() {
            return Err(format!("{file}:{line}: a count with no card name"));
        }
        entries.push(Entry { line, count, name: name.to_string(), pitch });
    }
    let hero = hero.ok_or_else(|| format!("{file}: no `hero NAME` line"))?;
    Ok(DeckList { file: file.to_string(), hero, entries })
}

impl DeckList {
    /// Looks every name up in `pool` and lays the cards out (12.1, 12.3, 12.4); an unknown card
    /// or a card that cannot start where it must is an error naming its line.
    pub fn build(&self, pool: &Pool) -> Result<Deck, String> {
        let f = &self.file;
        let hero = pool.find(&self.hero.1, None).map_err(|e| format!("{f}:{}: {e}", self.hero.0))?;
        let mut loadout =
            Loadout { hero: hero.def.clone(), weapons: Vec::new(), equipment: Vec::new(), deck: Vec::new() };
        let mut blank: Vec<String> = hero.blank.iter().map(|_| hero.def.name.clone()).collect();
        for e in &self.entries {
            let c = pool.find(&e.name, e.pitch).map_err(|err| format!("{f}:{}: {err}", e.line))?;
            let zone = match c.def.card_type {
                CardType::Weapon => &mut loadout.weapons,
                CardType::Equipment => &mut loadout.equipment,
                _ => &mut loadout.deck,
            };
            zone.extend(std::iter::repeat_n(c.def.clone(), e.count));
            if c.blank.is_some() && !blank.contains(&c.def.name) {
                blank.push(c.def.name.clone());
            }
        }
        loadout.check().map_err(|err| {
            let named = |n: &str| self.entries.iter().find(|e| e.name.eq_ignore_ascii_case(n)).map_or(0, |e| e.line);
            match err {
                LoadoutError::NotAHero => format!("{f}:{}: {} is not a hero", self.hero.0, self.hero.1),
                LoadoutError::NotADeckCard(n) => {
                    format!("{f}:{}: {n} cannot start the game in a deck (4.2.4)", named(&n))
                }
                LoadoutError::TooManyHands => format!("{f}: the weapons take more than two hands (11.1.2, 7.2.3a)"),
                LoadoutError::SlotTaken(n) => {
                    format!("{f}:{}: {n}: its equipment zone is taken or it has none (11.1.3-11.1.6)", named(&n))
                }
            }
        })?;
        Ok(Deck { list: self.clone(), loadout, blank })
    }
}

impl Deck {
    /// Every Blitz rule a registered deck breaks, each naming the file and line: 40 cards, up to
    /// 11 weapons and equipment (4.1.3), 2 copies of a card by name and pitch (4.1.3a), Generic
    /// cards and the hero's class and talent only (4.1.6), specializations of the hero's first
    /// name (4.1.8), mentors for a young hero (glossary: Mentor), a young hero (4.1.3).
    pub fn blitz_problems(&self, pool: &Pool) -> Vec<String> {
        let (f, l) = (&self.list.file, &self.loadout);
        let mut out = Vec::new();
        let line_of = |name: &str, pitch: Option<u8>| {
            self.list
                .entries
                .iter()
                .find(|e| {
                    e.name.eq_ignore_ascii_case(name)
                        && pool.find(&e.name, e.pitch).is_ok_and(|c| pitch.is_none_or(|p| c.def.pitch == p))
                })
                .map_or(0, |e| e.line)
        };
        match check_blitz_deck(l) {
            Ok(()) => {}
            Err(DeckError::Size(n)) => out.push(format!("{f}: {n} cards in the deck, Blitz needs exactly 40 (4.1.3)")),
            Err(DeckError::Arena(n)) => out.push(format!("{f}: {n} weapons and equipment, Blitz allows 11 (4.1.3)")),
            Err(DeckError::Copies(n, p)) => out.push(format!(
                "{f}:{}: more than 2 copies of {n} ({}), Blitz allows 2 of each card by name and pitch (4.1.3a)",
                line_of(&n, Some(p)),
                colour(p)
            )),
        }
        let hero = &l.hero;
        let young = hero.is("Young");
        if !young {
            out.push(format!("{f}:{}: {} is not a young hero (4.1.3)", self.list.hero.0, hero.name));
        }
        let first_name = hero.name.split([',', ' ']).find(|w| !w.is_empty() && *w != "Ser").unwrap_or("");
        for e in &self.list.entries {
            let Ok(c) = pool.find(&e.name, e.pitch) else { continue };
            let supers = &c.def.supertypes;
            if !supers.iter().any(|s| s == "Generic") && !supers.iter().any(|s| hero.supertypes.contains(s)) {
                out.push(format!(
                    "{f}:{}: {} is {}, the hero is {}: a deck holds Generic cards and the hero's class and talent (4.1.6)",
                    e.line,
                    c.def.name,
                    supers.join(" "),
                    hero.supertypes.join(" ")
                ));
            }
            if let Some(s) = c.specialization.as_deref().filter(|s| *s != first_name) {
                out.push(format!(
                    "{f}:{}: {} is a {s} Specialization, the hero is {} (4.1.8)",
                    e.line, c.def.name, hero.name
                ));
            }
            if c.def.card_type == CardType::Mentor && !young {
                out.push(format!("{f}:{}: {} is a mentor, for a young hero only (Mentor)", e.line, c.def.name));
            }
        }
        out.extend(self.list_problems(pool));
        out
    }

    /// 4.1.3a: only cards legal to play in Blitz (none banned or suspended by the Card
    /// Legality Policy, the hero included); 4.1.3b: 1 copy of each unique version of a card on
    /// the restricted list; 4.1.7: 1 copy of each unique card with **Legendary**. Copies are
    /// counted by name and pitch over every line (weapons and equipment too: the registered deck,
    /// 4.1.3), and each problem names the card's first line.
    fn list_problems(&self, pool: &Pool) -> Vec<String> {
        let (f, legal) = (&self.list.file, &pool.legality);
        let mut out = Vec::new();
        if Legality::lists(&legal.banned, &self.loadout.hero) {
            let hero = &self.loadout.hero.name;
            out.push(format!("{f}:{}: {hero} is banned in Blitz (4.1.3a, Card Legality Policy)", self.list.hero.0));
        }
        let mut copies: Vec<(usize, &CardDef, usize)> = Vec::new();
        for e in &self.list.entries {
            let Ok(c) = pool.find(&e.name, e.pitch) else { continue };
            match copies.iter_mut().find(|(_, d, _)| d.name == c.def.name && d.pitch == c.def.pitch) {
                Some((_, _, n)) => *n += e.count,
                None => copies.push((e.line, &c.def, e.count)),
            }
        }
        for (line, c, n) in copies {
            let name = if c.pitch == 0 { c.name.clone() } else { format!("{} ({})", c.name, colour(c.pitch)) };
            if Legality::lists(&legal.banned, c) {
                out.push(format!("{f}:{line}: {name} is banned in Blitz (4.1.3a, Card Legality Policy)"));
            }
            if n > 1 && Legality::lists(&legal.restricted, c) {
                out.push(format!("{f}:{line}: {n} copies of {name}, on the Blitz restricted list: 1 allowed (4.1.3b)"));
            }
            if n > 1 && c.has(Keyword::Legendary) {
                out.push(format!("{f}:{line}: {n} copies of {name}, which is Legendary: 1 allowed (4.1.7)"));
            }
        }
        out
    }
}

/// The deck files compiled into the binary, by file stem (`rhinar`), each built from the
/// embedded pool.
pub fn embedded(pool: &Pool) -> Vec<(String, Result<Deck, String>)> {
    super::embedded::FAB_FILES
        .iter()
        .filter(|(p, _)| p.ends_with(".deck"))
        .map(|(p, src)| {
            let key = p.rsplit('/').next().unwrap_or(p).trim_end_matches(".deck").to_string();
            (key, parse_deck(p, src).and_then(|d| d.build(pool)))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pool() -> Pool {
        Pool::embedded().expect("the embedded card files read")
    }

    fn deck(key: &str) -> Deck {
        let p = pool();
        embedded(&p).into_iter().find(|(k, _)| k == key).expect(key).1.expect(key)
    }

    /// The same deck with one line changed: `edit` maps the file's text.
    fn edited(key: &str, edit: impl Fn(&str) -> String) -> Result<Vec<String>, String> {
        let p = pool();
        let src =
            super::super::embedded::FAB_FILES.iter().find(|(f, _)| f.ends_with(&format!("{key}.deck"))).unwrap().1;
        let d = parse_deck("test.deck", &edit(src))?.build(&p)?;
        Ok(d.blitz_problems(&p))
    }

    #[test]
    fn both_classic_battles_decks_are_legal_blitz_decks() {
        let p = pool();
        for key in ["rhinar", "dorinthea"] {
            let d = deck(key);
            assert_eq!(d.loadout.deck.len(), 40, "{key}: 4.1.3");
            assert_eq!(d.loadout.weapons.len() + d.loadout.equipment.len(), 5, "{key}: a weapon and four equipment");
            assert_eq!(d.blitz_problems(&p), Vec::<String>::new(), "{key}");
        }
        assert_eq!(deck("rhinar").loadout.hero.life, Some(20));
    }

    #[test]
    fn a_third_copy_by_name_and_pitch_is_named_by_its_line() {
        let e = edited("rhinar", |s| {
            s.replace("2 Dodge (blue)", "3 Dodge (blue)").replace("2 Wrecker Romp", "1 Wrecker Romp")
        })
        .unwrap();
        assert_eq!(e.len(), 1, "{e:?}");
        assert!(e[0].starts_with("test.deck:") && e[0].contains("Dodge (blue)") && e[0].contains("4.1.3a"), "{e:?}");
    }

    #[test]
    fn a_card_of_another_class_is_not_legal() {
        // 4.1.6: a Warrior card in Rhinar's (Brute) deck; 4.1.8: Glistening Steelblade is a
        // Dorinthea Specialization.
        let e = edited("rhinar", |s| s.replace("2 Dodge (blue)", "2 Glistening Steelblade")).unwrap();
        assert!(e.iter().any(|m| m.contains("Warrior") && m.contains("4.1.6")), "{e:?}");
        assert!(e.iter().any(|m| m.contains("Dorinthea Specialization") && m.contains("4.1.8")), "{e:?}");
    }

    #[test]
    fn a_deck_of_39_cards_is_not_legal() {
        let e = edited("dorinthea", |s| s.replace("2 Toughen Up (blue)", "1 Toughen Up (blue)")).unwrap();
        assert_eq!(e, vec!["test.deck: 39 cards in the deck, Blitz needs exactly 40 (4.1.3)".to_string()]);
    }

    #[test]
    fn an_unknown_card_or_colour_is_an_error_naming_the_file_and_line() {
        let e = edited("rhinar", |s| s.replace("2 Dodge (blue)", "2 Dodgy (blue)")).unwrap_err();
        let src = super::super::embedded::FAB_FILES.iter().find(|(f, _)| f.ends_with("rhinar.deck")).unwrap().1;
        let line = src.lines().position(|l| l == "2 Dodge (blue)").unwrap() + 1;
        assert_eq!(e, format!("test.deck:{line}: no Flesh and Blood card is named \"Dodgy\""));
        let src = "hero Rhinar\n2 Dodge (red)\n";
        let e = parse_deck("x.deck", src).unwrap().build(&pool()).unwrap_err();
        assert_eq!(e, "x.deck:2: Dodge has no red version (there is: blue)");
        assert!(parse_deck("x.deck", "hero Rhinar\ntwo Dodge\n").unwrap_err().starts_with("x.deck:2: expected"));
        assert!(parse_deck("x.deck", "2 Dodge\n").unwrap_err().contains("no `hero NAME` line"));
        assert!(parse_deck("x.deck", "hero Rhinar\n2 Dodge (purple)\n").unwrap_err().contains("a colour"));
    }

    #[test]
    fn a_mentor_needs_a_young_hero_and_a_token_cannot_be_in_a_deck() {
        // Mentor (glossary): only with a young hero. An adult hero of the same class and name.
        let mut p = pool();
        let mut adult = p.find("Rhinar", None).unwrap().clone();
        adult.def.subtypes.clear();
        adult.def.name = "Rhinar, Grown".into();
        p.cards.push(adult);
        let src = super::super::embedded::FAB_FILES.iter().find(|(f, _)| f.ends_with("rhinar.deck")).unwrap().1;
        let d = parse_deck("t.deck", &src.replace("hero Rhinar", "hero Rhinar, Grown")).unwrap().build(&p).unwrap();
        let e = d.blitz_problems(&p);
        assert!(e.iter().any(|m| m.contains("Chief Ruk'utan is a mentor")), "{e:?}");
        assert!(e.iter().any(|m| m.contains("not a young hero")), "{e:?}");
        // 4.2.4: a token never starts in a deck.
        let e = parse_deck("t.deck", "hero Rhinar\n2 Quicken\n").unwrap().build(&pool()).unwrap_err();
        assert_eq!(e, "t.deck:2: Quicken cannot start the game in a deck (4.2.4)");
    }

    /// 4.1.3a: a card the Card Legality Policy bans or suspends in Blitz is not legal to play
    /// there, in the deck or as the hero; 4.1.3b: a card on the restricted list, 1 copy.
    #[test]
    fn banned_and_restricted_cards_break_a_blitz_deck() {
        let mut p = pool();
        assert!(p.legality.banned.iter().any(|(n, c)| n == "Drone of Brutality" && *c == Some(1)), "the list is read");
        assert!(p.legality.banned.iter().any(|(n, c)| n == "Duskblade" && c.is_none()), "every pitch");
        let d = deck("rhinar");
        assert_eq!(d.blitz_problems(&p), Vec::<String>::new(), "no card of the pool is on a list");
        p.legality = Legality::parse(
            "t.legality",
            "banned = [\"Dodge (blue)\"]\nrestricted = [\"Wrecker Romp\"]\nsuspended = [\"Rhinar\"]",
        )
        .unwrap();
        let e = d.blitz_problems(&p);
        let line = |card: &str| d.list.entries.iter().find(|e| e.name == card).unwrap().line;
        let f = &d.list.file;
        assert!(
            e.contains(&format!(
                "{f}:{}: Dodge (blue) is banned in Blitz (4.1.3a, Card Legality Policy)",
                line("Dodge")
            )),
            "{e:?}"
        );
        assert!(e.iter().any(|m| m.contains("copies of Wrecker Romp") && m.contains("4.1.3b")), "{e:?}");
        assert!(e.iter().any(|m| m.contains("Rhinar is banned") && m.contains("4.1.3a")), "a suspended hero: {e:?}");
        assert_eq!(e.len(), 3, "{e:?}");
        // One copy of a restricted card is legal.
        p.legality = Legality::parse("t.legality", "restricted = [\"Titanium Bauble\"]").unwrap();
        assert_eq!(d.blitz_problems(&p), Vec::<String>::new());
        assert!(Legality::parse("t.legality", "banned = [\"Dodge (purple)\"]").unwrap_err().contains("a colour"));
    }

    /// 4.1.7: a deck holds 1 copy of each unique card with **Legendary** (the card language reads
    /// the keyword); two copies, on one line or two, break it.
    #[test]
    fn a_second_copy_of_a_legendary_card_is_not_legal() {
        let mut p = pool();
        let mut dodge = p.find("Dodge", None).unwrap().clone();
        dodge.def = parse_card("t.fab", "name = \"Lucky Dodge\"\ntypes = \"Generic Defense Reaction\"\ncost = 0\npitch = 3\ndefense = 2\ntext = \"**Legendary**\"\n").unwrap();
        assert_eq!(dodge.def.keywords, vec![Keyword::Legendary]);
        p.cards.push(dodge);
        let src = super::super::embedded::FAB_FILES.iter().find(|(f, _)| f.ends_with("rhinar.deck")).unwrap().1;
        let one = src.replace("2 Dodge (blue)", "1 Dodge (blue)\n1 Lucky Dodge");
        let d = parse_deck("t.deck", &one).unwrap().build(&p).unwrap();
        assert_eq!(d.blitz_problems(&p), Vec::<String>::new(), "1 copy is legal");
        let two = src.replace("2 Dodge (blue)", "1 Lucky Dodge\n1 Lucky Dodge");
        let d = parse_deck("t.deck", &two).unwrap().build(&p).unwrap();
        let line = src.lines().position(|l| l == "2 Dodge (blue)").unwrap() + 1;
        assert_eq!(
            d.blitz_problems(&p),
            vec![format!("t.deck:{line}: 2 copies of Lucky Dodge (blue), which is Legendary: 1 allowed (4.1.7)")]
        );
    }
}
