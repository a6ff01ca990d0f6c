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

/// Some hexes of the board, picked by their terrain, in increasing id: kept so that a listing
/// copies them instead of testing every hex (a per-hex terrain test is a branch the processor
/// cannot foresee on a map of land and sea). The terrain is fixed once the board is built, so
/// the list is found once, when the game starts; a state read back holds none ("unknown":
/// the listing tests every hex of the board). Used for the robber's land hexes
/// ([`KeptHexes::land`]) and the pirate's sea hexes ([`KeptHexes::sea`]).
#[derive(Clone, Default, Debug, PartialEq, Eq)]
pub(crate) struct KeptHexes(Kept<Box<[crate::ids::HexId]>>);

impl KeptHexes {
    /// The land hexes of `game`'s board among its known hexes (those the robber may stand on,
    /// [`crate::Game::check_robber_hex`]). Checked by the invariants (`land-hexes`).
    pub(crate) fn land(game: &crate::Game) -> KeptHexes {
        KeptHexes::of(game, crate::board::Terrain::is_land)
    }

    /// The sea hexes of `game`'s board among its known hexes (those the pirate may stand on,
    /// rule `SEA.PIRATE.SEA`). Checked by the invariants (`sea-hexes`).
    pub(crate) fn sea(game: &crate::Game) -> KeptHexes {
        KeptHexes::of(game, |t| t == crate::board::Terrain::Sea)
    }

    /// The known hexes of `game`'s board whose terrain `keep` accepts, hex by hex: counted
    /// first, so the list is allocated once at its length (no growth, no shrinking).
    fn of(game: &crate::Game, keep: impl Fn(crate::board::Terrain) -> bool) -> KeptHexes {
        let terrain = &game.board.terrain[..game.board.terrain.len().min(game.tokens.len())];
        let mut list = Vec::with_capacity(terrain.iter().filter(|&&t| keep(t)).count());
        for (h, &t) in terrain.iter().enumerate() {
            if keep(t) {
                list.push(crate::ids::HexId(h as u16));
            }
        }
        KeptHexes(Kept(Some(list.into_boxed_slice())))
    }

    /// The list, when known.
    #[inline]
    pub(crate) fn get(&self) -> Option<&[crate::ids::HexId]> {
        self.0.as_deref()
    }

    /// The list but `own` (found by a binary search), when known: the hexes a piece standing
    /// on `own` may move to, in the order the listings give them, counted and read by index
    /// without being copied.
    #[inline]
    pub(crate) fn but(&self, own: Option<crate::ids::HexId>) -> Option<HexesBut<'_>> {
        let list = self.get()?;
        let skip = own.and_then(|h| list.binary_search(&h).ok());
        Some(HexesBut { list, skip })
    }
}

/// A kept hex list but one of its hexes ([`KeptHexes::but`]): the `k`-th hex is the list's
/// `k`-th before the hex left out and the next one from there on.
#[derive(Clone, Copy, Debug)]
pub(crate) struct HexesBut<'a> {
    list: &'a [crate::ids::HexId],
    /// Where the hex left out stands in `list`, if it is there.
    skip: Option<usize>,
}

impl HexesBut<'_> {
    /// No hex at all.
    pub(crate) const NONE: HexesBut<'static> = HexesBut { list: &[], skip: None };

    /// How many hexes.
    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.list.len() - usize::from(self.skip.is_some())
    }

    /// The `k`-th hex, `None` from [`HexesBut::len`] on.
    #[inline]
    pub(crate) fn get(&self, k: usize) -> Option<crate::ids::HexId> {
        let past = self.skip.is_some_and(|s| k >= s);
        self.list.get(k.saturating_add(usize::from(past))).copied()
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
