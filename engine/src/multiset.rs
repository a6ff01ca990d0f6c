//! One multiset of cards for every sort of card the games use: resource and commodity cards
//! (a hand, the bank, a cost, one side of a trade), development cards (the deck, a hand) and
//! progress cards (a hand, the unseen part of a deck).
//!
//! A [`Multiset`] is a fixed array of counts indexed by the card sort's dense index, so it is
//! `Copy`, never allocates, and compares and hashes by value. Each sort names itself through
//! [`CardSort`]; the three multisets of the engine are the aliases [`crate::Cards`],
//! [`crate::DevCards`] and [`crate::progress::ProgressCards`]. An expansion with a new sort of card
//! (Seafarers has none; Barbarian Attack has none) implements [`CardSort`] and gets the whole
//! multiset for free.

use serde::de::{Error as _, SeqAccess, Visitor};
use serde::ser::SerializeTuple;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::marker::PhantomData;

/// A sort of card a [`Multiset`] counts.
pub trait CardSort: Copy + Eq + fmt::Display + 'static {
    /// Every card of the sort, in canonical order; `ALL[i].index() == i`.
    const ALL: &'static [Self];
    /// The word for a multiset with no cards ("nothing", "none").
    const NONE: &'static str;
    /// The dense index of the card, below `ALL.len()`.
    fn index(self) -> usize;
}

/// Counts of the `N` cards of sort `K`, each 0–255 (the capacity module keeps positions
/// inside that range; the arithmetic saturates rather than wraps).
pub struct Multiset<K, const N: usize> {
    counts: [u8; N],
    sort: PhantomData<fn() -> K>,
}

impl<K, const N: usize> Clone for Multiset<K, N> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<K, const N: usize> Copy for Multiset<K, N> {}
impl<K, const N: usize> PartialEq for Multiset<K, N> {
    fn eq(&self, other: &Self) -> bool {
        self.counts == other.counts
    }
}
impl<K, const N: usize> Eq for Multiset<K, N> {}
impl<K, const N: usize> std::hash::Hash for Multiset<K, N> {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.counts.hash(state);
    }
}
impl<K, const N: usize> Default for Multiset<K, N> {
    fn default() -> Self {
        Self::EMPTY
    }
}

impl<K, const N: usize> Multiset<K, N> {
    /// No cards.
    pub const EMPTY: Self = Self::from_counts([0; N]);

    /// The multiset with these raw counts, in canonical order.
    pub const fn from_counts(counts: [u8; N]) -> Self {
        Multiset {
            counts,
            sort: PhantomData,
        }
    }

    /// The raw counts in canonical order.
    #[inline]
    pub fn counts(&self) -> [u8; N] {
        self.counts
    }

    /// Total number of cards.
    #[inline]
    pub fn total(&self) -> u32 {
        self.counts.iter().map(|&n| n as u32).sum()
    }

    /// Whether there are no cards (the counts compared with none at once, not one by one: a
    /// progress deck's unseen cards are asked at every draw).
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.counts == [0; N]
    }

    /// Whether this multiset contains every card of `other`.
    #[inline]
    pub fn contains(&self, other: &Self) -> bool {
        self.counts.iter().zip(other.counts.iter()).all(|(a, b)| a >= b)
    }

    /// Adds every card of `other` (saturating at 255).
    #[inline]
    pub fn add_all(&mut self, other: &Self) {
        for (a, b) in self.counts.iter_mut().zip(other.counts.iter()) {
            *a = a.saturating_add(*b);
        }
    }

    /// Removes every card of `other`; the caller has checked [`Multiset::contains`].
    #[inline]
    pub fn remove_all(&mut self, other: &Self) {
        for (a, b) in self.counts.iter_mut().zip(other.counts.iter()) {
            *a = a.saturating_sub(*b);
        }
    }

    /// Whether two multisets share a kind.
    pub fn shares_kind_with(&self, other: &Self) -> bool {
        self.counts
            .iter()
            .zip(other.counts.iter())
            .any(|(a, b)| *a > 0 && *b > 0)
    }
}

impl<K: CardSort, const N: usize> Multiset<K, N> {
    /// The count of one card.
    #[inline]
    pub fn get(&self, card: K) -> u8 {
        self.counts.get(card.index()).copied().unwrap_or(0)
    }

    /// Sets the count of one card.
    #[inline]
    pub fn set(&mut self, card: K, n: u8) {
        if let Some(c) = self.counts.get_mut(card.index()) {
            *c = n;
        }
    }

    /// Adds `n` of a card (saturating at 255).
    #[inline]
    pub fn add(&mut self, card: K, n: u8) {
        if let Some(c) = self.counts.get_mut(card.index()) {
            *c = c.saturating_add(n);
        }
    }

    /// Removes `n` of a card; the caller has checked the count (saturating at 0).
    #[inline]
    pub fn remove(&mut self, card: K, n: u8) {
        if let Some(c) = self.counts.get_mut(card.index()) {
            *c = c.saturating_sub(n);
        }
    }

    /// `(card, count)` for every card with a non-zero count, in canonical order.
    pub fn iter(&self) -> impl Iterator<Item = (K, u8)> + '_ {
        K::ALL.iter().map(move |&k| (k, self.get(k))).filter(|&(_, n)| n > 0)
    }
}

impl<K: CardSort, const N: usize> fmt::Display for Multiset<K, N> {
    /// Renders as `2 brick, 1 ore`, or the sort's word for none.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str(K::NONE);
        }
        for (i, (k, n)) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{n} {k}")?;
        }
        Ok(())
    }
}

impl<K: CardSort, const N: usize> fmt::Debug for Multiset<K, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self}")
    }
}

/// Serialised as the array of counts in canonical order (as a `[u8; N]` is).
impl<K, const N: usize> Serialize for Multiset<K, N> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut t = serializer.serialize_tuple(N)?;
        for n in &self.counts {
            t.serialize_element(n)?;
        }
        t.end()
    }
}

impl<'de, K, const N: usize> Deserialize<'de> for Multiset<K, N> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Counts<const N: usize>;
        impl<'de, const N: usize> Visitor<'de> for Counts<N> {
            type Value = [u8; N];
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                write!(f, "an array of {N} card counts")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<[u8; N], A::Error> {
                let mut counts = [0u8; N];
                for (i, c) in counts.iter_mut().enumerate() {
                    *c = seq.next_element()?.ok_or_else(|| A::Error::invalid_length(i, &self))?;
                }
                if seq.next_element::<u8>()?.is_some() {
                    return Err(A::Error::invalid_length(N + 1, &self));
                }
                Ok(counts)
            }
        }
        deserializer.deserialize_tuple(N, Counts::<N>).map(Self::from_counts)
    }
}

#[cfg(test)]
mod tests {
    use crate::progress::ProgressCards;
    use crate::{CardKind, Cards, DevCard, DevCards, ProgressCard};

    #[test]
    fn every_sort_lists_its_cards_by_dense_index() {
        use super::CardSort;
        fn check<K: CardSort>() {
            for (i, k) in K::ALL.iter().enumerate() {
                assert_eq!(k.index(), i, "{k}");
            }
        }
        check::<CardKind>();
        check::<DevCard>();
        check::<ProgressCard>();
    }

    #[test]
    fn adding_and_removing_saturate_instead_of_wrapping() {
        let mut d = DevCards::EMPTY;
        d.add(DevCard::Monopoly, 250);
        d.add(DevCard::Monopoly, 10);
        assert_eq!(d.get(DevCard::Monopoly), 255);
        d.remove(DevCard::Knight, 1);
        assert_eq!(d.get(DevCard::Knight), 0);
        assert_eq!(d.total(), 255);
    }

    #[test]
    fn each_sort_names_an_empty_multiset_in_its_own_word() {
        assert_eq!(Cards::EMPTY.to_string(), "nothing");
        assert_eq!(DevCards::EMPTY.to_string(), "none");
        let mut p = ProgressCards::EMPTY;
        assert_eq!(p.to_string(), "none");
        p.add(ProgressCard::Wedding, 2);
        p.add(ProgressCard::Alchemy, 1);
        assert_eq!(p.to_string(), "1 alchemy, 2 wedding");
    }

    #[test]
    fn serialises_as_the_array_of_counts_and_refuses_a_wrong_length() {
        let c = Cards::of(&[(CardKind::Ore, 3), (CardKind::Brick, 1)]);
        let json = serde_json::to_string(&c).unwrap();
        assert_eq!(json, "[1,0,0,0,3,0,0,0]");
        assert_eq!(serde_json::from_str::<Cards>(&json).unwrap(), c);
        assert!(serde_json::from_str::<Cards>("[1,0,0]").is_err());
        assert!(serde_json::from_str::<Cards>("[1,0,0,0,3,0,0,0,9]").is_err());
        assert!(serde_json::from_str::<DevCards>("[1,0,0,0,256]").is_err());
    }
}
