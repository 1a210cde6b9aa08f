//! Zones and the arena (CR 11). Each player has a copy of every zone but the chain (11.5); the
//! arena is the hero, weapon, equipment and chain zones and the space for permanents (11.2); a
//! card entering a zone outside the arena becomes a new object (11.7).

/// A zone (11.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Zone {
    /// 11.1.1.
    Hero,
    /// 11.1.2.
    Weapon,
    /// 11.1.3-11.1.6: the head, chest, arms and legs zones (the card's slot says which).
    Equipment,
    /// 11.1.7: at most one card in Blitz (one arsenal zone).
    Arsenal,
    /// 11.1.8: the shared chain zone: layers and the combat chain.
    Chain,
    /// 11.1.9.
    Pitch,
    /// 11.1.10: ordered, top first (11.6).
    Deck,
    /// 11.1.11.
    Graveyard,
    /// 11.1.12: face up or face down.
    Banished,
    /// 11.1.13.
    Hand,
    /// 11.2: the space of the arena between its zones, where permanents with no zone of their
    /// own stay (auras, 10.4.3b).
    Permanent,
    /// A token that left the arena ceased to exist (10.3).
    Gone,
}

impl Zone {
    /// 11.2, 11.2.1: the zones that make up the arena.
    pub fn in_arena(self) -> bool {
        matches!(self, Zone::Hero | Zone::Weapon | Zone::Equipment | Zone::Chain | Zone::Permanent)
    }

    /// 11.7: a card entering this zone becomes a new card with no relation to its previous
    /// existence.
    pub fn renews(self) -> bool {
        !self.in_arena()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_arena_is_hero_weapon_equipment_and_chain() {
        for z in [Zone::Hero, Zone::Weapon, Zone::Equipment, Zone::Chain, Zone::Permanent] {
            assert!(z.in_arena(), "11.2: {z:?}");
        }
        for z in [Zone::Deck, Zone::Pitch, Zone::Graveyard, Zone::Banished, Zone::Hand, Zone::Arsenal] {
            assert!(!z.in_arena() && z.renews(), "11.2.1, 11.7: {z:?}");
        }
    }
}
