//! A set of expansions as a bit set: membership is one bit test on the hot path.

use super::Expansion;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Which expansions a ruleset has, one bit each, iterated in canonical order. Serialized as
/// the list of their names.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct ExpansionSet(u8);

impl ExpansionSet {
    /// No expansion: the base game.
    pub const EMPTY: ExpansionSet = ExpansionSet(0);

    const fn bit(e: Expansion) -> u8 {
        1 << e as u8
    }

    /// The set of the listed expansions.
    pub const fn of(list: &[Expansion]) -> ExpansionSet {
        let mut bits = 0;
        let mut i = 0;
        while i < list.len() {
            bits |= ExpansionSet::bit(list[i]);
            i += 1;
        }
        ExpansionSet(bits)
    }

    /// Whether an expansion is in the set.
    #[inline]
    pub const fn contains(self, e: Expansion) -> bool {
        self.0 & ExpansionSet::bit(e) != 0
    }

    /// Adds an expansion.
    pub fn insert(&mut self, e: Expansion) {
        self.0 |= ExpansionSet::bit(e);
    }

    /// Removes an expansion.
    pub fn remove(&mut self, e: Expansion) {
        self.0 &= !ExpansionSet::bit(e);
    }

    /// Whether the set is empty (the base game alone).
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The expansions in canonical order.
    pub fn iter(self) -> impl Iterator<Item = Expansion> {
        Expansion::ALL.into_iter().filter(move |e| self.contains(*e))
    }
}

impl FromIterator<Expansion> for ExpansionSet {
    fn from_iter<I: IntoIterator<Item = Expansion>>(iter: I) -> Self {
        let mut s = ExpansionSet::EMPTY;
        for e in iter {
            s.insert(e);
        }
        s
    }
}

impl Serialize for ExpansionSet {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for ExpansionSet {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Ok(Vec::<Expansion>::deserialize(d)?.into_iter().collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn membership_order_and_round_trip() {
        let mut s = ExpansionSet::of(&[Expansion::TheCourt, Expansion::CitiesAndKnights]);
        assert!(s.contains(Expansion::TheCourt) && !s.contains(Expansion::Seafarers));
        assert_eq!(
            s.iter().collect::<Vec<_>>(),
            [Expansion::CitiesAndKnights, Expansion::TheCourt],
            "canonical order, whatever the insertion order"
        );
        let json = serde_json::to_string(&s).unwrap();
        assert_eq!(json, r#"["cities-and-knights","the-court"]"#);
        assert_eq!(serde_json::from_str::<ExpansionSet>(&json).unwrap(), s);
        s.remove(Expansion::TheCourt);
        assert_eq!(s, ExpansionSet::of(&[Expansion::CitiesAndKnights]));
    }
}
