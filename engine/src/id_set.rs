//! A fixed-capacity set of small ids (intersections, paths) as bits, without allocation:
//! the one bit set the hot path's searches and listings share.

/// A set of ids below `64 * W`. Ids beyond the capacity are never members (boards have a few
/// hundred intersections and paths; the searches using it treat such an id as unreachable).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct IdSet<const W: usize>([u64; W]);

impl<const W: usize> Default for IdSet<W> {
    fn default() -> Self {
        IdSet([0; W])
    }
}

impl<const W: usize> IdSet<W> {
    /// Adds `i`; `true` when it was not a member (and fits).
    #[inline]
    pub(crate) fn insert(&mut self, i: usize) -> bool {
        match self.0.get_mut(i / 64) {
            Some(w) if *w & (1 << (i % 64)) == 0 => {
                *w |= 1 << (i % 64);
                true
            }
            _ => false,
        }
    }

    /// Adds `i` when `yes`, without a branch on `yes`.
    #[inline]
    pub(crate) fn insert_if(&mut self, i: usize, yes: bool) {
        if let Some(w) = self.0.get_mut(i / 64) {
            *w |= u64::from(yes) << (i % 64);
        }
    }

    /// Adds `i` when `yes`, removes it otherwise (an id beyond the capacity is ignored).
    #[inline]
    pub(crate) fn set(&mut self, i: usize, yes: bool) {
        if let Some(w) = self.0.get_mut(i / 64) {
            *w = (*w & !(1 << (i % 64))) | (u64::from(yes) << (i % 64));
        }
    }

    /// Whether `i` is a member.
    #[inline]
    pub(crate) fn contains(&self, i: usize) -> bool {
        self.0.get(i / 64).is_some_and(|w| w & (1 << (i % 64)) != 0)
    }

    /// [`IdSet::set`] for an id known to be below the capacity: the word is written at
    /// `(i / 64) % W`, so no bounds check is paid (an id beyond the capacity would change
    /// some other id's bit; it never panics).
    #[inline]
    pub(crate) fn set_below(&mut self, i: usize, yes: bool) {
        let w = &mut self.0[(i / 64) % W];
        *w = (*w & !(1 << (i % 64))) | (u64::from(yes) << (i % 64));
    }

    /// Removes `i` unless `yes` (a member stays one only when `yes`; a non-member stays
    /// out), for an id known to be below the capacity: one write without a branch on `yes`,
    /// the word at `(i / 64) % W` as [`IdSet::set_below`].
    #[inline]
    pub(crate) fn keep_below(&mut self, i: usize, yes: bool) {
        self.0[(i / 64) % W] &= !(u64::from(!yes) << (i % 64));
    }

    /// Whether `i` is a member, for an id known to be below the capacity: the word is read
    /// at `(i / 64) % W`, so no bounds check is paid (an id beyond the capacity would read
    /// some other id's bit; it never panics). The ship sites read the pirate's sides
    /// with it ([`crate::state::Game::ship_sites`]).
    #[inline]
    pub(crate) fn contains_below(&self, i: usize) -> bool {
        self.0[(i / 64) % W] & (1 << (i % 64)) != 0
    }

    /// Keeps only the members of `other` too.
    #[inline]
    pub(crate) fn intersect(&mut self, other: &Self) {
        for (w, o) in self.0.iter_mut().zip(other.0.iter()) {
            *w &= o;
        }
    }

    /// Whether the set is empty.
    pub(crate) fn is_empty(&self) -> bool {
        self.0.iter().all(|w| *w == 0)
    }

    /// Passes the members to `f` in increasing order, a word at a time (the loop the
    /// listings that push an action per member run, without an iterator's state).
    #[inline]
    pub(crate) fn for_each_member(&self, mut f: impl FnMut(usize)) {
        for (w, &word) in self.0.iter().enumerate() {
            let mut rest = word;
            while rest != 0 {
                f(w * 64 + rest.trailing_zeros() as usize);
                rest &= rest - 1;
            }
        }
    }

    /// The members in increasing order: each word's set bits, lowest first (one step per
    /// member, not one per bit).
    pub(crate) fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.iter_below(64 * W)
    }

    /// The members below `n` rounded up to a whole word, in increasing order (only the words
    /// that may hold them are read).
    pub(crate) fn iter_below(&self, n: usize) -> Members<'_> {
        Members {
            words: &self.0[..n.div_ceil(64).min(W)],
            base: 0,
            rest: 0,
        }
    }
}

/// The members of an [`IdSet`] in increasing order ([`IdSet::iter_below`]): one word's set
/// bits at a time, lowest first. A plain state machine rather than a flattened chain of
/// iterators, so that a `for` loop over it compiles to the two nested loops it is.
pub(crate) struct Members<'a> {
    /// The words not yet read.
    words: &'a [u64],
    /// The id of the current word's bit 0.
    base: usize,
    /// The current word's members not yet given.
    rest: u64,
}

impl Iterator for Members<'_> {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        while self.rest == 0 {
            let (&first, others) = self.words.split_first()?;
            self.rest = first;
            self.words = others;
            self.base += 64;
        }
        let b = self.rest.trailing_zeros() as usize;
        self.rest &= self.rest - 1;
        Some(self.base - 64 + b)
    }
}

#[cfg(test)]
mod tests {
    use super::IdSet;

    #[test]
    fn members_come_out_in_order_and_ids_beyond_the_capacity_are_never_members() {
        let mut s = IdSet::<2>::default();
        assert!(s.is_empty());
        assert!(s.insert(70));
        assert!(!s.insert(70), "already a member");
        s.insert_if(3, true);
        s.insert_if(5, false);
        assert!(!s.insert(128), "beyond the capacity");
        assert!(!s.contains(128) && !s.contains(5) && s.contains(3));
        assert_eq!(s.iter().collect::<Vec<_>>(), vec![3, 70]);
    }

    #[test]
    fn the_unchecked_reads_and_writes_agree_with_the_checked_ones_below_the_capacity() {
        let mut s = IdSet::<8>::default();
        for i in (0..512).filter(|i| i % 7 == 3 || i % 64 == 63) {
            s.insert(i);
        }
        for i in 0..512 {
            assert_eq!(s.contains_below(i), s.contains(i), "{i}");
        }
        for i in (0..512).step_by(5) {
            let (mut a, mut b) = (s, s);
            a.set_below(i, i % 2 == 0);
            b.set(i, i % 2 == 0);
            assert_eq!(a, b, "{i}");
            let (mut a, mut b) = (s, s);
            a.keep_below(i, i % 3 == 0);
            b.set(i, s.contains(i) && i % 3 == 0);
            assert_eq!(a, b, "{i}");
        }
    }
}
