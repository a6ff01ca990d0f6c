//! Cards: resources, commodities, hands and the bank as multisets, development cards.
//!
//! Rules held here: the 19 cards of each resource (source `base-rules` §1) and the
//! composition of the 25 development cards (14 knight, 5 victory point, 2 road building,
//! 2 year of plenty, 2 monopoly; `base-rules` §1, §6). Commodities (Cities & Knights) share
//! the [`Cards`] multiset so one hand type serves every ruleset.

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
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct Cards([u8; 8]);

impl Cards {
    /// No cards.
    pub const EMPTY: Cards = Cards([0; 8]);

    /// Builds a multiset from `(kind, count)` pairs.
    pub const fn of(pairs: &[(CardKind, u8)]) -> Cards {
        let mut c = [0u8; 8];
        let mut i = 0;
        while i < pairs.len() {
            c[pairs[i].0 as usize] += pairs[i].1;
            i += 1;
        }
        Cards(c)
    }

    /// The count of one kind.
    #[inline]
    pub fn get(&self, kind: CardKind) -> u8 {
        self.0[kind.index()]
    }

    /// Sets the count of one kind.
    #[inline]
    pub fn set(&mut self, kind: CardKind, n: u8) {
        self.0[kind.index()] = n;
    }

    /// Adds `n` of a kind (saturating at 255).
    #[inline]
    pub fn add(&mut self, kind: CardKind, n: u8) {
        self.0[kind.index()] = self.0[kind.index()].saturating_add(n);
    }

    /// Removes `n` of a kind; the caller has checked the count.
    #[inline]
    pub fn remove(&mut self, kind: CardKind, n: u8) {
        self.0[kind.index()] = self.0[kind.index()].saturating_sub(n);
    }

    /// Total number of cards.
    #[inline]
    pub fn total(&self) -> u32 {
        self.0.iter().map(|&n| n as u32).sum()
    }

    /// Total number of resource cards.
    #[inline]
    pub fn resource_total(&self) -> u32 {
        self.0[..5].iter().map(|&n| n as u32).sum()
    }

    /// Whether this multiset contains every card of `other`.
    #[inline]
    pub fn contains(&self, other: &Cards) -> bool {
        self.0.iter().zip(other.0.iter()).all(|(a, b)| a >= b)
    }

    /// Adds every card of `other`.
    #[inline]
    pub fn add_all(&mut self, other: &Cards) {
        for (a, b) in self.0.iter_mut().zip(other.0.iter()) {
            *a = a.saturating_add(*b);
        }
    }

    /// Removes every card of `other`; the caller has checked [`Cards::contains`].
    #[inline]
    pub fn remove_all(&mut self, other: &Cards) {
        for (a, b) in self.0.iter_mut().zip(other.0.iter()) {
            *a = a.saturating_sub(*b);
        }
    }

    /// Whether there are no cards.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&n| n == 0)
    }

    /// `(kind, count)` for every kind with a non-zero count, in canonical order.
    pub fn iter(&self) -> impl Iterator<Item = (CardKind, u8)> + '_ {
        CardKind::ALL
            .iter()
            .map(move |&k| (k, self.get(k)))
            .filter(|&(_, n)| n > 0)
    }

    /// The raw counts in canonical order (brick, lumber, wool, grain, ore, paper, cloth, coin).
    pub fn counts(&self) -> [u8; 8] {
        self.0
    }

    /// Whether two multisets share a kind.
    pub fn shares_kind_with(&self, other: &Cards) -> bool {
        self.0.iter().zip(other.0.iter()).any(|(a, b)| *a > 0 && *b > 0)
    }
}

impl fmt::Debug for Cards {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self}")
    }
}

impl fmt::Display for Cards {
    /// Renders as `2 brick, 1 ore`, or `nothing`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("nothing");
        }
        let mut first = true;
        for (k, n) in self.iter() {
            if !first {
                f.write_str(", ")?;
            }
            first = false;
            write!(f, "{n} {k}")?;
        }
        Ok(())
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
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct DevCards([u8; 5]);

impl DevCards {
    /// No cards.
    pub const EMPTY: DevCards = DevCards([0; 5]);
    /// The full base-game deck: 14 knight, 5 victory point, 2 road building, 2 year of plenty,
    /// 2 monopoly (source `base-rules` §1).
    pub const FULL_DECK: DevCards = DevCards([14, 5, 2, 2, 2]);

    /// Count of one kind.
    #[inline]
    pub fn get(&self, card: DevCard) -> u8 {
        self.0[card.index()]
    }
    /// Adds one card.
    #[inline]
    pub fn add(&mut self, card: DevCard, n: u8) {
        self.0[card.index()] = self.0[card.index()].saturating_add(n);
    }
    /// Removes one card; the caller has checked the count.
    #[inline]
    pub fn remove(&mut self, card: DevCard, n: u8) {
        self.0[card.index()] = self.0[card.index()].saturating_sub(n);
    }
    /// Total cards.
    #[inline]
    pub fn total(&self) -> u32 {
        self.0.iter().map(|&n| n as u32).sum()
    }
    /// `(card, count)` for non-zero counts.
    pub fn iter(&self) -> impl Iterator<Item = (DevCard, u8)> + '_ {
        DevCard::ALL
            .iter()
            .map(move |&k| (k, self.get(k)))
            .filter(|&(_, n)| n > 0)
    }
}

impl fmt::Debug for DevCards {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self}")
    }
}

impl fmt::Display for DevCards {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.total() == 0 {
            return f.write_str("none");
        }
        let mut first = true;
        for (k, n) in self.iter() {
            if !first {
                f.write_str(", ")?;
            }
            first = false;
            write!(f, "{n} {k}")?;
        }
        Ok(())
    }
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
