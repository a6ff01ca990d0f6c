//! Cities & Knights objects: the three improvement tracks, the event die and the progress
//! cards with their decks.
//!
//! Rules held here: the event die has 3 ship faces and one city gate per track (source
//! `000_fee7e8147b67bbe6.txt` p. 5–6); three decks of 18 progress cards with the exact
//! composition of pp. 13–15; played or discarded cards go face down under their deck (p. 10).
//! A deck is modelled exactly: the cards not yet seen since the shuffle (drawn by chance) and,
//! under them, the cards put back in the order they went under (drawn in that order once the
//! unseen cards are gone).

use crate::multiset::{CardSort, Multiset};
use serde::{Deserialize, Serialize};
use std::fmt;

/// A city-improvement track, which is also a progress deck and an event-die gate.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Track {
    /// Science (green): paid in paper; level 3 aqueduct.
    Science,
    /// Trade (yellow): paid in cloth; level 3 trading house.
    Trade,
    /// Politics (blue): paid in coin; level 3 fortress.
    Politics,
}

impl Track {
    /// The three tracks in canonical order.
    pub const ALL: [Track; 3] = [Track::Science, Track::Trade, Track::Politics];

    /// Dense index 0..3.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    /// The commodity that pays this track's improvements (source `000_fee7e8147b67bbe6.txt` p. 8).
    pub fn commodity(self) -> crate::cards::CardKind {
        match self {
            Track::Science => crate::cards::CardKind::Paper,
            Track::Trade => crate::cards::CardKind::Cloth,
            Track::Politics => crate::cards::CardKind::Coin,
        }
    }

    /// English name, lower case.
    pub fn name(self) -> &'static str {
        match self {
            Track::Science => "science",
            Track::Trade => "trade",
            Track::Politics => "politics",
        }
    }
}

impl fmt::Display for Track {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The face of the event die: three ship faces and one city gate per track.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum EventFace {
    /// The barbarian ship (3 of the 6 faces).
    Ship,
    /// A city gate of one track (1 face each).
    Gate(Track),
}

impl EventFace {
    /// The distinct faces with their weights out of 6.
    pub const WEIGHTED: [(EventFace, u32); 4] = [
        (EventFace::Ship, 3),
        (EventFace::Gate(Track::Science), 1),
        (EventFace::Gate(Track::Trade), 1),
        (EventFace::Gate(Track::Politics), 1),
    ];

    /// English name: `ship`, `science`, `trade`, `politics`.
    pub fn name(self) -> &'static str {
        match self {
            EventFace::Ship => "ship",
            EventFace::Gate(t) => t.name(),
        }
    }
}

impl fmt::Display for EventFace {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The 25 kinds of progress card (English names of source `000_fee7e8147b67bbe6.txt`).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[allow(missing_docs)]
pub enum ProgressCard {
    // science
    Alchemy,
    Crane,
    Engineering,
    Invention,
    Irrigation,
    Medicine,
    Mining,
    RoadBuilding,
    Smithing,
    Printing,
    // trade
    CommercialHarbor,
    GuildDues,
    Merchant,
    MerchantFleet,
    ResourceMonopoly,
    TradeMonopoly,
    // politics
    Taxation,
    Constitution,
    Treason,
    Diplomacy,
    Intrigue,
    Sabotage,
    Espionage,
    Encouragement,
    Wedding,
}

impl ProgressCard {
    /// Every kind, science then trade then politics.
    pub const ALL: [ProgressCard; 25] = [
        ProgressCard::Alchemy,
        ProgressCard::Crane,
        ProgressCard::Engineering,
        ProgressCard::Invention,
        ProgressCard::Irrigation,
        ProgressCard::Medicine,
        ProgressCard::Mining,
        ProgressCard::RoadBuilding,
        ProgressCard::Smithing,
        ProgressCard::Printing,
        ProgressCard::CommercialHarbor,
        ProgressCard::GuildDues,
        ProgressCard::Merchant,
        ProgressCard::MerchantFleet,
        ProgressCard::ResourceMonopoly,
        ProgressCard::TradeMonopoly,
        ProgressCard::Taxation,
        ProgressCard::Constitution,
        ProgressCard::Treason,
        ProgressCard::Diplomacy,
        ProgressCard::Intrigue,
        ProgressCard::Sabotage,
        ProgressCard::Espionage,
        ProgressCard::Encouragement,
        ProgressCard::Wedding,
    ];

    /// Dense index 0..25.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    /// The deck this card belongs to.
    pub fn track(self) -> Track {
        match self.index() {
            0..=9 => Track::Science,
            10..=15 => Track::Trade,
            _ => Track::Politics,
        }
    }

    /// Copies in its deck (source `000_fee7e8147b67bbe6.txt` pp. 13–15).
    pub fn copies(self) -> u8 {
        use ProgressCard::*;
        match self {
            Engineering | Printing | Constitution => 1,
            Merchant => 6,
            ResourceMonopoly => 4,
            Espionage => 3,
            _ => 2,
        }
    }

    /// Whether this is a victory point card (placed face up at once, 1 VP).
    pub fn is_victory_point(self) -> bool {
        matches!(self, ProgressCard::Printing | ProgressCard::Constitution)
    }

    /// Kebab-case English name.
    pub fn name(self) -> &'static str {
        use ProgressCard::*;
        match self {
            Alchemy => "alchemy",
            Crane => "crane",
            Engineering => "engineering",
            Invention => "invention",
            Irrigation => "irrigation",
            Medicine => "medicine",
            Mining => "mining",
            RoadBuilding => "road-building",
            Smithing => "smithing",
            Printing => "printing",
            CommercialHarbor => "commercial-harbor",
            GuildDues => "guild-dues",
            Merchant => "merchant",
            MerchantFleet => "merchant-fleet",
            ResourceMonopoly => "resource-monopoly",
            TradeMonopoly => "trade-monopoly",
            Taxation => "taxation",
            Constitution => "constitution",
            Treason => "treason",
            Diplomacy => "diplomacy",
            Intrigue => "intrigue",
            Sabotage => "sabotage",
            Espionage => "espionage",
            Encouragement => "encouragement",
            Wedding => "wedding",
        }
    }

    /// The card with a kebab-case English name.
    pub fn from_name(name: &str) -> Option<ProgressCard> {
        ProgressCard::ALL.into_iter().find(|c| c.name() == name)
    }
}

impl fmt::Display for ProgressCard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A progress card played, with the choices its player makes when playing it (source
/// `000_fee7e8147b67bbe6.txt` pp. 13–15). Choices other players make afterwards (Treason,
/// Wedding, Sabotage, Commercial Harbor) are their own actions.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(tag = "play", rename_all = "kebab-case")]
pub enum ProgressPlay {
    /// Before the roll: set both production dice (the event die is still rolled).
    Alchemy {
        /// The red die.
        red: u8,
        /// The yellow die.
        yellow: u8,
    },
    /// Buy the next level of a track for one commodity less.
    Crane {
        /// The track.
        track: Track,
    },
    /// A free city wall.
    Engineering {
        /// Under which city.
        at: crate::ids::VertexId,
    },
    /// Swap two number tokens (never 2, 6, 8 or 12).
    Invention {
        /// One hex.
        a: crate::ids::HexId,
        /// The other hex.
        b: crate::ids::HexId,
    },
    /// 2 grain per fields hex next to one of your buildings.
    Irrigation,
    /// A settlement becomes a city for 2 ore and 1 grain.
    Medicine {
        /// The settlement.
        at: crate::ids::VertexId,
    },
    /// 2 ore per mountains hex next to one of your buildings.
    Mining,
    /// Two free roads.
    RoadBuilding,
    /// Promote up to two knights free (each once per turn).
    Smithing {
        /// The knights promoted.
        knights: [Option<crate::ids::VertexId>; 2],
    },
    /// This turn, offer each opponent one resource for a commodity of their choice.
    CommercialHarbor,
    /// Take 2 cards of your choice from a player with more victory points.
    GuildDues {
        /// The richer player.
        victim: crate::ids::PlayerId,
        /// The cards taken (2, or all they hold if fewer).
        cards: crate::cards::Cards,
    },
    /// Place the merchant on a land hex next to one of your buildings.
    Merchant {
        /// The hex.
        hex: crate::ids::HexId,
    },
    /// For the rest of the turn, 2:1 with the bank for one kind of card.
    MerchantFleet {
        /// The kind.
        kind: crate::cards::CardKind,
    },
    /// Each opponent gives 2 of a resource (1 if they have only 1).
    ResourceMonopoly {
        /// The resource named.
        resource: crate::cards::Resource,
    },
    /// Each opponent gives 1 of a commodity.
    TradeMonopoly {
        /// The commodity named.
        commodity: crate::cards::CardKind,
    },
    /// Move the robber, then steal one card from each player with a building on its hex.
    Taxation,
    /// An opponent removes one of their knights; you may place one of yours.
    Treason {
        /// The opponent.
        victim: crate::ids::PlayerId,
    },
    /// Remove an open road (your own: build one free road).
    Diplomacy {
        /// The road.
        road: crate::ids::EdgeId,
    },
    /// Displace an opposing knight on an intersection touching your roads.
    Intrigue {
        /// The knight displaced.
        knight: crate::ids::VertexId,
    },
    /// Each player with at least your victory points discards half their cards.
    Sabotage,
    /// Look at an opponent's progress cards and take one (never a VP card), or none.
    Espionage {
        /// The opponent.
        victim: crate::ids::PlayerId,
        /// The card taken.
        card: Option<ProgressCard>,
    },
    /// Activate all your knights free.
    Encouragement,
    /// Each player with more victory points gives you 2 cards of their choice.
    Wedding,
}

impl ProgressPlay {
    /// The card played.
    pub fn card(&self) -> ProgressCard {
        use ProgressPlay as P;
        match self {
            P::Alchemy { .. } => ProgressCard::Alchemy,
            P::Crane { .. } => ProgressCard::Crane,
            P::Engineering { .. } => ProgressCard::Engineering,
            P::Invention { .. } => ProgressCard::Invention,
            P::Irrigation => ProgressCard::Irrigation,
            P::Medicine { .. } => ProgressCard::Medicine,
            P::Mining => ProgressCard::Mining,
            P::RoadBuilding => ProgressCard::RoadBuilding,
            P::Smithing { .. } => ProgressCard::Smithing,
            P::CommercialHarbor => ProgressCard::CommercialHarbor,
            P::GuildDues { .. } => ProgressCard::GuildDues,
            P::Merchant { .. } => ProgressCard::Merchant,
            P::MerchantFleet { .. } => ProgressCard::MerchantFleet,
            P::ResourceMonopoly { .. } => ProgressCard::ResourceMonopoly,
            P::TradeMonopoly { .. } => ProgressCard::TradeMonopoly,
            P::Taxation => ProgressCard::Taxation,
            P::Treason { .. } => ProgressCard::Treason,
            P::Diplomacy { .. } => ProgressCard::Diplomacy,
            P::Intrigue { .. } => ProgressCard::Intrigue,
            P::Sabotage => ProgressCard::Sabotage,
            P::Espionage { .. } => ProgressCard::Espionage,
            P::Encouragement => ProgressCard::Encouragement,
            P::Wedding => ProgressCard::Wedding,
        }
    }
}

/// A multiset of progress cards (a hand, the unseen part of a deck).
pub type ProgressCards = Multiset<ProgressCard, 25>;

impl CardSort for ProgressCard {
    const ALL: &'static [ProgressCard] = &ProgressCard::ALL;
    const NONE: &'static str = "none";
    #[inline]
    fn index(self) -> usize {
        self as usize
    }
}

impl Multiset<ProgressCard, 25> {
    /// The full deck of one track.
    pub fn full_deck(track: Track) -> ProgressCards {
        let mut c = ProgressCards::EMPTY;
        for card in ProgressCard::ALL {
            if card.track() == track {
                c.set(card, card.copies());
            }
        }
        c
    }
}

/// A player's progress cards in hand, with their number and the set of cards held kept
/// beside the counts. The hand limit (at most 4 cards at the end of one's turn, victory
/// point cards aside; source `000_fee7e8147b67bbe6.txt` p. 10) is checked on every listing
/// and at every end of turn, and the plays are listed card by card on every listing, so
/// [`ProgressHand::total`] and [`ProgressHand::held`] read the kept values instead of the 25
/// counts.
///
/// The counts change only through [`ProgressHand::add`] and [`ProgressHand::remove`], which
/// keep both; the other reads go to the cards (`Deref`). It compares, hashes, prints and is
/// written out as the cards alone, as the plain [`ProgressCards`] hand was. The invariant
/// `progress-hand-kept` and a unit test compare the kept values with the counts.
#[derive(Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(from = "ProgressCards", into = "ProgressCards")]
pub struct ProgressHand {
    cards: ProgressCards,
    /// Bit `i` set when card `i` is held at least once.
    held: u32,
    /// The number of cards.
    total: u16,
}

impl ProgressHand {
    /// No cards.
    pub const EMPTY: ProgressHand = ProgressHand {
        cards: ProgressCards::EMPTY,
        held: 0,
        total: 0,
    };

    /// The hand with these cards (its kept values computed from the counts).
    pub fn new(cards: ProgressCards) -> ProgressHand {
        let mut held = 0u32;
        for (i, &n) in cards.counts().iter().enumerate() {
            held |= u32::from(n != 0) << i;
        }
        ProgressHand {
            cards,
            held,
            total: cards.total() as u16,
        }
    }

    /// The cards held.
    #[inline]
    pub fn cards(&self) -> ProgressCards {
        self.cards
    }

    /// Whether the kept number and set are those of the counts (the invariants' check).
    pub fn kept_values_hold(&self) -> bool {
        let fresh = ProgressHand::new(self.cards);
        fresh.held == self.held && fresh.total == self.total
    }

    /// Number of cards held (the kept number).
    #[inline]
    pub fn total(&self) -> u32 {
        debug_assert!(self.kept_values_hold());
        u32::from(self.total)
    }

    /// Whether no card is held (read from the kept set).
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.held == 0
    }

    /// The cards held at least once, in canonical order (as [`Multiset::iter`] lists them),
    /// read from the kept set lowest bit first (the hot path of listing progress-card plays).
    #[inline]
    pub fn held(&self) -> impl Iterator<Item = ProgressCard> {
        debug_assert!(self.kept_values_hold());
        let mut held = self.held;
        std::iter::from_fn(move || {
            if held == 0 {
                return None;
            }
            let i = held.trailing_zeros() as usize;
            held &= held - 1;
            ProgressCard::ALL.get(i).copied()
        })
    }

    /// Adds `n` copies of a card (saturating at 255 as the cards do).
    #[inline]
    pub fn add(&mut self, card: ProgressCard, n: u8) {
        let before = self.cards.get(card);
        self.cards.add(card, n);
        let after = self.cards.get(card);
        self.total += u16::from(after - before);
        self.held |= u32::from(after != 0) << card.index();
    }

    /// Removes `n` copies of a card; the caller has checked the count (saturating at 0).
    #[inline]
    pub fn remove(&mut self, card: ProgressCard, n: u8) {
        let before = self.cards.get(card);
        self.cards.remove(card, n);
        let after = self.cards.get(card);
        self.total -= u16::from(before - after);
        self.held &= !(u32::from(after == 0) << card.index());
    }
}

impl From<ProgressCards> for ProgressHand {
    fn from(cards: ProgressCards) -> ProgressHand {
        ProgressHand::new(cards)
    }
}

impl From<ProgressHand> for ProgressCards {
    fn from(hand: ProgressHand) -> ProgressCards {
        hand.cards
    }
}

impl std::ops::Deref for ProgressHand {
    type Target = ProgressCards;
    #[inline]
    fn deref(&self) -> &ProgressCards {
        &self.cards
    }
}

impl std::hash::Hash for ProgressHand {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.cards.hash(state);
    }
}

impl fmt::Debug for ProgressHand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.cards, f)
    }
}

/// Cards put under a deck, oldest first (at most a deck's 18 cards; no allocation).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(into = "Vec<ProgressCard>", try_from = "Vec<ProgressCard>")]
pub struct UnderDeck {
    cards: [ProgressCard; 18],
    len: u8,
}

impl Default for UnderDeck {
    fn default() -> Self {
        UnderDeck {
            cards: [ProgressCard::Alchemy; 18],
            len: 0,
        }
    }
}

impl UnderDeck {
    /// Number of cards.
    pub fn len(&self) -> usize {
        self.len as usize
    }
    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    /// The cards, the next to be drawn first.
    pub fn cards(&self) -> &[ProgressCard] {
        &self.cards[..self.len as usize]
    }
    /// Puts a card at the bottom; refused when 18 are there already.
    pub fn push(&mut self, card: ProgressCard) -> bool {
        if self.len as usize >= self.cards.len() {
            return false;
        }
        self.cards[self.len as usize] = card;
        self.len += 1;
        true
    }
    /// Takes out the copy of `card` nearest the top; returns whether there was one.
    pub fn remove(&mut self, card: ProgressCard) -> bool {
        let Some(i) = self.cards().iter().position(|&c| c == card) else {
            return false;
        };
        self.cards.copy_within(i + 1..self.len as usize, i);
        self.len -= 1;
        self.cards[self.len as usize] = ProgressCard::Alchemy;
        true
    }

    /// Takes the card nearest the top.
    pub fn pop_front(&mut self) -> Option<ProgressCard> {
        if self.len == 0 {
            return None;
        }
        let c = self.cards[0];
        self.cards.copy_within(1..self.len as usize, 0);
        self.len -= 1;
        // Unused slots always hold the filler, so derived equality compares contents only.
        self.cards[self.len as usize] = ProgressCard::Alchemy;
        Some(c)
    }
}

impl From<UnderDeck> for Vec<ProgressCard> {
    fn from(u: UnderDeck) -> Vec<ProgressCard> {
        u.cards().to_vec()
    }
}

impl TryFrom<Vec<ProgressCard>> for UnderDeck {
    type Error = &'static str;
    fn try_from(v: Vec<ProgressCard>) -> Result<UnderDeck, &'static str> {
        let mut u = UnderDeck::default();
        for c in v {
            if !u.push(c) {
                return Err("more than 18 cards under a progress deck");
            }
        }
        Ok(u)
    }
}

/// One progress deck: the unseen cards (drawn by chance) over the cards put back under it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize, Default)]
pub struct ProgressDeck {
    /// Cards not seen since the shuffle; the next draw is one of them, by chance.
    pub unseen: ProgressCards,
    /// Cards put under the deck, drawn in this order once `unseen` is empty.
    pub under: UnderDeck,
}

impl ProgressDeck {
    /// A freshly shuffled full deck.
    pub fn full(track: Track) -> ProgressDeck {
        ProgressDeck {
            unseen: ProgressCards::full_deck(track),
            under: UnderDeck::default(),
        }
    }

    /// Cards in the deck.
    pub fn len(&self) -> u32 {
        self.unseen.total() + self.under.len() as u32
    }

    /// Whether the deck is empty.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Copies of a card in the deck (unseen and under).
    pub fn count(&self, card: ProgressCard) -> u32 {
        self.unseen.get(card) as u32 + self.under.cards().iter().filter(|&&c| c == card).count() as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_deck_holds_eighteen_cards_with_the_printed_composition() {
        for t in Track::ALL {
            assert_eq!(ProgressCards::full_deck(t).total(), 18, "{t}");
        }
        let science = ProgressCards::full_deck(Track::Science);
        assert_eq!(science.get(ProgressCard::Engineering), 1);
        assert_eq!(science.get(ProgressCard::Printing), 1);
        let trade = ProgressCards::full_deck(Track::Trade);
        assert_eq!(trade.get(ProgressCard::Merchant), 6);
        assert_eq!(trade.get(ProgressCard::ResourceMonopoly), 4);
        let politics = ProgressCards::full_deck(Track::Politics);
        assert_eq!(politics.get(ProgressCard::Espionage), 3);
        assert_eq!(politics.get(ProgressCard::Constitution), 1);
    }

    #[test]
    fn cards_put_under_come_back_in_order() {
        let mut u = UnderDeck::default();
        assert!(u.push(ProgressCard::Crane));
        assert!(u.push(ProgressCard::Mining));
        assert_eq!(u.pop_front(), Some(ProgressCard::Crane));
        assert_eq!(u.pop_front(), Some(ProgressCard::Mining));
        assert_eq!(u.pop_front(), None);
        for _ in 0..18 {
            assert!(u.push(ProgressCard::Crane));
        }
        assert!(!u.push(ProgressCard::Crane));
    }

    #[test]
    fn a_hand_keeps_its_number_and_set_of_cards_through_adds_and_removes() {
        let mut hand = ProgressHand::EMPTY;
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..2_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let card = ProgressCard::ALL[(x % 25) as usize];
            let n = ((x >> 8) % 4) as u8;
            if (x >> 16).is_multiple_of(3) {
                hand.remove(card, n);
            } else {
                hand.add(card, n);
            }
            assert_eq!(hand.total(), hand.cards().total());
            assert!(hand.kept_values_hold());
            assert!(hand.held().eq(hand.cards().iter().map(|(c, _)| c)));
            assert_eq!(hand.is_empty(), hand.cards().is_empty());
        }
        let mut full = ProgressHand::EMPTY;
        full.add(ProgressCard::Merchant, 250);
        full.add(ProgressCard::Merchant, 10);
        assert_eq!(full.total(), 255);
        full.remove(ProgressCard::Merchant, 255);
        full.remove(ProgressCard::Merchant, 1);
        assert_eq!(full.total(), 0);
        let cards = ProgressCards::full_deck(Track::Trade);
        assert_eq!(ProgressHand::from(cards).total(), 18);
        assert_eq!(ProgressCards::from(ProgressHand::from(cards)), cards);
    }

    #[test]
    fn names_round_trip() {
        for c in ProgressCard::ALL {
            assert_eq!(ProgressCard::from_name(c.name()), Some(c));
        }
    }
}
