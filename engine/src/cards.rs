//! Cards: resources, commodities, hands and the bank as multisets, development cards.
//!
//! Rules held here: the 19 cards of each resource (source `base-rules` §1) and the
//! composition of the 25 development cards (14 knight, 5 victory point, 2 road building,
//! 2 year of plenty, 2 monopoly; `base-rules` §1, §6). Commodities (Cities & Knights) share
//! the [`Cards`] multiset so one hand type serves every ruleset.

use crate::multiset::{CardSort, Multiset};
use serde::{Deserialize, Serialize};
use std::fmt;

/// The five resources of the base game.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Resource {
    /// From hills.
    Brick,
    /// From forest.
    Lumber,
    /// From pasture.
    Wool,
    /// From fields.
    Grain,
    /// From mountains.
    Ore,
}

impl Resource {
    /// All resources in canonical order.
    pub const ALL: [Resource; 5] = [
        Resource::Brick,
        Resource::Lumber,
        Resource::Wool,
        Resource::Grain,
        Resource::Ore,
    ];

    /// The card kind of this resource.
    pub fn card(self) -> CardKind {
        match self {
            Resource::Brick => CardKind::Brick,
            Resource::Lumber => CardKind::Lumber,
            Resource::Wool => CardKind::Wool,
            Resource::Grain => CardKind::Grain,
            Resource::Ore => CardKind::Ore,
        }
    }

    /// English name.
    pub fn name(self) -> &'static str {
        self.card().name()
    }
}

/// Every kind of card a hand or the bank can hold: 5 resources, then 3 commodities
/// (Cities & Knights).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CardKind {
    /// Resource: brick.
    Brick,
    /// Resource: lumber.
    Lumber,
    /// Resource: wool.
    Wool,
    /// Resource: grain.
    Grain,
    /// Resource: ore.
    Ore,
    /// Commodity: paper (Cities & Knights).
    Paper,
    /// Commodity: cloth (Cities & Knights).
    Cloth,
    /// Commodity: coin (Cities & Knights).
    Coin,
}

impl CardKind {
    /// All kinds, resources first.
    pub const ALL: [CardKind; 8] = [
        CardKind::Brick,
        CardKind::Lumber,
        CardKind::Wool,
        CardKind::Grain,
        CardKind::Ore,
        CardKind::Paper,
        CardKind::Cloth,
        CardKind::Coin,
    ];

    /// The five resource kinds.
    pub const RESOURCES: [CardKind; 5] = [
        CardKind::Brick,
        CardKind::Lumber,
        CardKind::Wool,
        CardKind::Grain,
        CardKind::Ore,
    ];

    /// Dense index 0..8.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    /// The resource this card is, if it is one.
    pub fn resource(self) -> Option<Resource> {
        match self {
            CardKind::Brick => Some(Resource::Brick),
            CardKind::Lumber => Some(Resource::Lumber),
            CardKind::Wool => Some(Resource::Wool),
            CardKind::Grain => Some(Resource::Grain),
            CardKind::Ore => Some(Resource::Ore),
            _ => None,
        }
    }

    /// Whether this is a commodity.
    pub fn is_commodity(self) -> bool {
        self.resource().is_none()
    }

    /// English name, lower case.
    pub fn name(self) -> &'static str {
        match self {
            CardKind::Brick => "brick",
            CardKind::Lumber => "lumber",
            CardKind::Wool => "wool",
            CardKind::Grain => "grain",
            CardKind::Ore => "ore",
            CardKind::Paper => "paper",
            CardKind::Cloth => "cloth",
            CardKind::Coin => "coin",
        }
    }
}

impl fmt::Display for CardKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl fmt::Display for Resource {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A multiset of cards (a hand, the bank, a cost, one side of a trade), by [`CardKind`].
pub type Cards = Multiset<CardKind, 8>;

impl CardSort for CardKind {
    const ALL: &'static [CardKind] = &CardKind::ALL;
    const NONE: &'static str = "nothing";
    #[inline]
    fn index(self) -> usize {
        self as usize
    }
}

impl Multiset<CardKind, 8> {
    /// Builds a multiset from `(kind, count)` pairs.
    pub const fn of(pairs: &[(CardKind, u8)]) -> Cards {
        let mut c = [0u8; 8];
        let mut i = 0;
        while i < pairs.len() {
            c[pairs[i].0 as usize] += pairs[i].1;
            i += 1;
        }
        Cards::from_counts(c)
    }

    /// Total number of resource cards (commodities not counted).
    #[inline]
    pub fn resource_total(&self) -> u32 {
        self.counts()[..5].iter().map(|&n| n as u32).sum()
    }
}

/// The development cards of the base game (source `base-rules` §6).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum DevCard {
    /// Move the robber and rob; counts toward Largest Army once played.
    Knight,
    /// One hidden victory point.
    VictoryPoint,
    /// Build two roads for free.
    RoadBuilding,
    /// Take two resources of your choice from the bank.
    YearOfPlenty,
    /// Name a resource; every other player gives you all of theirs.
    Monopoly,
}

impl DevCard {
    /// All kinds, canonical order.
    pub const ALL: [DevCard; 5] = [
        DevCard::Knight,
        DevCard::VictoryPoint,
        DevCard::RoadBuilding,
        DevCard::YearOfPlenty,
        DevCard::Monopoly,
    ];

    /// Dense index.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    /// English name, kebab case.
    pub fn name(self) -> &'static str {
        match self {
            DevCard::Knight => "knight",
            DevCard::VictoryPoint => "victory-point",
            DevCard::RoadBuilding => "road-building",
            DevCard::YearOfPlenty => "year-of-plenty",
            DevCard::Monopoly => "monopoly",
        }
    }
}

impl fmt::Display for DevCard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A multiset of development cards (the deck, a hand).
pub type DevCards = Multiset<DevCard, 5>;

impl CardSort for DevCard {
    const ALL: &'static [DevCard] = &DevCard::ALL;
    const NONE: &'static str = "none";
    #[inline]
    fn index(self) -> usize {
        self as usize
    }
}

impl Multiset<DevCard, 5> {
    /// The full base-game deck: 14 knight, 5 victory point, 2 road building, 2 year of plenty,
    /// 2 monopoly (source `base-rules` §1).
    pub const FULL_DECK: DevCards = DevCards::from_counts([14, 5, 2, 2, 2]);
}

/// Building costs of the base game (source `base-rules` §2).
pub mod cost {
    use super::{CardKind::*, Cards};
    /// Road: 1 brick, 1 lumber.
    pub const ROAD: Cards = Cards::of(&[(Brick, 1), (Lumber, 1)]);
    /// Settlement: 1 brick, 1 lumber, 1 wool, 1 grain.
    pub const SETTLEMENT: Cards = Cards::of(&[(Brick, 1), (Lumber, 1), (Wool, 1), (Grain, 1)]);
    /// City: 2 grain, 3 ore.
    pub const CITY: Cards = Cards::of(&[(Grain, 2), (Ore, 3)]);
    /// Development card: 1 wool, 1 grain, 1 ore.
    pub const DEV_CARD: Cards = Cards::of(&[(Wool, 1), (Grain, 1), (Ore, 1)]);
    /// Cities & Knights city wall: 2 brick (source `001_f137f77325d91eec.txt`, costs in words).
    pub const WALL: Cards = Cards::of(&[(Brick, 2)]);
    /// Cities & Knights: recruiting a basic knight, 1 wool + 1 ore.
    pub const KNIGHT: Cards = Cards::of(&[(Wool, 1), (Ore, 1)]);
    /// Cities & Knights: promoting a knight one level, 1 wool + 1 ore.
    pub const PROMOTE: Cards = Cards::of(&[(Wool, 1), (Ore, 1)]);
    /// Cities & Knights: activating a knight, 1 grain.
    pub const ACTIVATE: Cards = Cards::of(&[(Grain, 1)]);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cards_render_in_canonical_order() {
        let c = Cards::of(&[(CardKind::Ore, 1), (CardKind::Brick, 2)]);
        assert_eq!(c.to_string(), "2 brick, 1 ore");
        assert_eq!(Cards::EMPTY.to_string(), "nothing");
    }

    #[test]
    fn full_deck_has_25_cards() {
        assert_eq!(DevCards::FULL_DECK.total(), 25);
        assert_eq!(DevCards::FULL_DECK.get(DevCard::Knight), 14);
    }

    #[test]
    fn contains_and_remove() {
        let mut hand = Cards::of(&[(CardKind::Brick, 1), (CardKind::Lumber, 1)]);
        assert!(hand.contains(&cost::ROAD));
        assert!(!hand.contains(&cost::SETTLEMENT));
        hand.remove_all(&cost::ROAD);
        assert!(hand.is_empty());
    }
}
