//! Each seat's buildings, kept as a set of intersections (and the hexes at their corners)
//! for the listings that look for a player's own buildings ([`Game::own_buildings`]: cities
//! on settlements in every game; with Cities & Knights walls and Engineering under cities,
//! Medicine on settlements, the Merchant next to any building).
//!
//! A building is never taken off the board (a pillaged city becomes a settlement or a city
//! on its side on the same intersection, source `000_fee7e8147b67bbe6.txt` p. 11; conquest
//! in Barbarian Attack leaves it standing), so a seat's intersections only grow: the writers
//! that put a building on an empty intersection note it (a settlement built or placed in
//! setup, the setup city, a declared position). The set is read only when it holds as many
//! intersections as the seat's supply says are built on (the invariant `piece-count` keeps
//! the supply equal to the board), so a building put on the board without a note (a test's
//! own placement) makes the readers scan the board instead; the invariant
//! `building-sites` checks that every noted intersection holds a building of its seat.

use crate::board::Topology;
use crate::id_set::IdSet;
use crate::ids::{PlayerId, VertexId};
use crate::kept::Kept;
use crate::state::Game;

/// One seat's intersections noted as holding one of its buildings, and how many they are;
/// `None` is "unknown" (a state just read back, a board beyond 512 intersections). Kept
/// with the seat's state, outside the game's own fields (which are moved whole when a game
/// is made). Not part of the game ([`crate::kept::Kept`]).
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub(crate) struct BuildingSites(Kept<Noted>);

/// The noted intersections, their number, and the hexes at a corner of one of them (the
/// hexes the Merchant may stand on next to the seat's buildings, source
/// `000_fee7e8147b67bbe6.txt` p. 14; `None` on a board beyond 256 hexes). Buildings only
/// come, so the hexes only grow with the intersections.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub(crate) struct Noted {
    set: IdSet<8>,
    count: u8,
    hexes: Option<IdSet<4>>,
}

impl BuildingSites {
    /// An empty known set for `topo`'s board (unknown beyond 512 intersections; the hexes
    /// unknown beyond 256).
    pub(crate) fn empty(topo: &Topology) -> Self {
        BuildingSites(Kept((topo.vertex_count() <= 8 * 64).then(|| Noted {
            hexes: (topo.hex_count() <= 4 * 64).then(IdSet::default),
            ..Noted::default()
        })))
    }

    /// Notes a building of the seat put on the empty intersection `at` of `topo`'s board,
    /// and the hexes at its corners.
    #[inline]
    pub(crate) fn note(&mut self, at: VertexId, topo: &Topology) {
        if let Some(noted) = self.0.as_mut() {
            if noted.set.insert(at.index()) {
                noted.count += 1;
                if let (Some(hexes), Some(info)) = (noted.hexes.as_mut(), topo.vertex(at)) {
                    for h in info.hexes.iter() {
                        hexes.insert(h.index());
                    }
                }
            }
        }
    }

    /// The seat's intersections when they are known and `built` of them (the buildings its
    /// supply says are on the board) were noted: then they are exactly its buildings.
    #[inline]
    pub(crate) fn complete(&self, built: usize) -> Option<&IdSet<8>> {
        let noted = self.0.as_ref()?;
        (usize::from(noted.count) == built).then_some(&noted.set)
    }

    /// The hexes at a corner of the seat's buildings, when [`BuildingSites::complete`] gives
    /// its intersections for `built` and the hexes are known.
    #[inline]
    pub(crate) fn complete_hexes(&self, built: usize) -> Option<&IdSet<4>> {
        let noted = self.0.as_ref()?;
        (usize::from(noted.count) == built)
            .then_some(noted.hexes.as_ref())
            .flatten()
    }

    /// Whether every noted intersection holds a building of `owner`, the count is the
    /// number of noted intersections, and the hexes (when known) are those at a corner of
    /// one of them (the invariant `building-sites`).
    pub(crate) fn sound(&self, g: &Game, owner: PlayerId) -> bool {
        self.0.is_none_or(|noted| {
            let mut n = 0usize;
            let mut hexes = IdSet::<4>::default();
            let all_own = noted.set.iter().all(|v| {
                n += 1;
                for h in g
                    .board
                    .topology
                    .vertices()
                    .get(v)
                    .into_iter()
                    .flat_map(|i| i.hexes.iter())
                {
                    hexes.insert(h.index());
                }
                g.sites.get(v).copied().flatten().is_some_and(|s| s.owner == owner)
            });
            all_own && n == usize::from(noted.count) && noted.hexes.is_none_or(|kept| kept == hexes)
        })
    }
}

#[cfg(test)]
mod tests {
    use crate::ruleset::Expansion;
    use crate::SeaMap;

    /// Random games of the Cities & Knights rulesets: after every step each seat's kept
    /// intersections are known, complete (as many as its supply says are built on) and
    /// exactly the intersections of its buildings on the board, so [`Game::own_buildings`]
    /// reads them rather than scanning; the kept hexes are exactly those with one of the
    /// seat's buildings at a corner.
    #[test]
    fn building_sites_equal_the_board_after_every_step_of_random_games() {
        use Expansion::{BarbarianAttack, CitiesAndKnights};
        let sets: [&[Expansion]; 2] = [&[CitiesAndKnights], &[CitiesAndKnights, BarbarianAttack]];
        let games = crate::testkit::ck_games(3, &sets, &SeaMap::ALL[..1]);
        let mut read = 0usize;
        for (mut g, seed) in games {
            crate::testkit::check_random_play(&mut g, seed, crate::random::Policy::Uniform, 300, |g| {
                for p in g.player_ids() {
                    let kept = &g.players[p.index()].buildings;
                    assert!(kept.sound(g, p), "seed {seed} turn {}", g.turn());
                    let on_board: Vec<usize> = (0..g.sites.len())
                        .filter(|&v| g.sites[v].is_some_and(|s| s.owner == p))
                        .collect();
                    let hexes = kept.complete_hexes(on_board.len()).expect("known and complete");
                    let at_own = crate::testkit::hexes_at_buildings_by_scan(g, p);
                    assert_eq!(hexes.iter().collect::<Vec<_>>(), at_own, "seed {seed} {p:?}");
                    let kept = kept.complete(on_board.len()).expect("known and complete");
                    let kept = kept.iter().collect::<Vec<_>>();
                    assert_eq!(kept, on_board, "seed {seed} {p:?}");
                    read += 1;
                }
            });
        }
        assert!(read > 1000, "the sets were read {read} times");
    }
}
