//! A set of card kinds (at most the eight resources and commodities), kept as a bit set.
//!
//! Used for turn-long effects that name kinds: every Merchant Fleet played this turn adds
//! its kind, and each kind in the set trades 2:1 with the bank until the turn ends (source
//! `000_fee7e8147b67bbe6.txt` p. 14, "for the rest of this turn").

use crate::cards::CardKind;
use serde::{Deserialize, Serialize};

/// A set of [`CardKind`]s; iteration is in [`CardKind::ALL`] order (deterministic).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
pub struct KindSet(u8);

impl KindSet {
    /// The empty set.
    pub const EMPTY: KindSet = KindSet(0);

    /// Whether no kind is in the set.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether `kind` is in the set.
    pub fn contains(self, kind: CardKind) -> bool {
        self.0 & (1 << kind.index()) != 0
    }

    /// Adds `kind` (no change when it is in already).
    pub fn insert(&mut self, kind: CardKind) {
        self.0 |= 1 << kind.index();
    }

    /// The kinds in the set, in [`CardKind::ALL`] order.
    pub fn iter(self) -> impl Iterator<Item = CardKind> {
        CardKind::ALL.into_iter().filter(move |k| self.contains(*k))
    }
}

impl FromIterator<CardKind> for KindSet {
    fn from_iter<I: IntoIterator<Item = CardKind>>(iter: I) -> KindSet {
        let mut set = KindSet::EMPTY;
        iter.into_iter().for_each(|k| set.insert(k));
        set
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_set_holds_each_kind_once_and_lists_them_in_card_order() {
        let mut s = KindSet::EMPTY;
        assert!(s.is_empty());
        s.insert(CardKind::Coin);
        s.insert(CardKind::Brick);
        s.insert(CardKind::Coin);
        assert!(s.contains(CardKind::Brick) && s.contains(CardKind::Coin));
        assert!(!s.contains(CardKind::Ore));
        assert_eq!(s.iter().collect::<Vec<_>>(), vec![CardKind::Brick, CardKind::Coin]);
        assert_eq!(s.iter().collect::<KindSet>(), s);
    }
}
