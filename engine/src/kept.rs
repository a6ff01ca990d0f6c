//! Values kept with the game state to save work: each is derived from the rest of the state,
//! kept up to date by the writers of what it is derived from, and checked against a
//! computation from scratch by the invariants (for example the intersections holding a
//! knight, or the paths a ship may stand on).

use std::ops::{Deref, DerefMut};

/// A kept value, `None` when unknown (a state just read back, or a board beyond the value's
/// capacity): its readers then compute from scratch. It is not part of the game: every two
/// compare equal, so two states that differ only in what they keep are the same game, and
/// the fields holding one are never written out (`#[serde(skip)]`, read back as unknown).
#[derive(Clone, Copy, Default, Debug)]
pub(crate) struct Kept<T>(pub(crate) Option<T>);

impl<T> PartialEq for Kept<T> {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl<T> Eq for Kept<T> {}

impl<T> Deref for Kept<T> {
    type Target = Option<T>;

    #[inline]
    fn deref(&self) -> &Option<T> {
        &self.0
    }
}

impl<T> DerefMut for Kept<T> {
    #[inline]
    fn deref_mut(&mut self) -> &mut Option<T> {
        &mut self.0
    }
}

#[cfg(test)]
mod tests {
    use super::Kept;

    #[test]
    fn two_kept_values_compare_equal_whatever_they_hold() {
        assert_eq!(Kept(Some(1u8)), Kept(None));
        assert_eq!(Kept(Some(1u8)), Kept(Some(2)));
    }
}
