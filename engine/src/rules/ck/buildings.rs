//! Each seat's buildings, kept as a set of intersections for the listings that look for a
//! player's own buildings ([`Game::own_buildings`]: walls and Engineering under cities,
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

use crate::id_set::IdSet;
use crate::ids::{PlayerId, VertexId};
use crate::kept::Kept;
use crate::state::Game;

/// One seat's intersections noted as holding one of its buildings, and how many they are;
/// `None` is "unknown" (a game without Cities & Knights, a state just read back, a board
/// beyond 512 intersections). Kept with the seat's state, outside the game's own fields
/// (which are moved whole when a game is made). Not part of the game
/// ([`crate::kept::Kept`]).
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub(crate) struct BuildingSites(Kept<(IdSet<8>, u8)>);

impl BuildingSites {
    /// An empty known set for a board of `vertices` intersections (unknown beyond 512).
    pub(crate) fn empty(vertices: usize) -> Self {
        BuildingSites(Kept((vertices <= 8 * 64).then(Default::default)))
    }

    /// Notes a building of the seat put on the empty intersection `at`.
    #[inline]
    pub(crate) fn note(&mut self, at: VertexId) {
        if let Some((set, count)) = self.0.as_mut() {
            if set.insert(at.index()) {
                *count += 1;
            }
        }
    }

    /// The seat's intersections when they are known and `built` of them (the buildings its
    /// supply says are on the board) were noted: then they are exactly its buildings.
    #[inline]
    pub(crate) fn complete(&self, built: usize) -> Option<&IdSet<8>> {
        let (set, count) = self.0.as_ref()?;
        (usize::from(*count) == built).then_some(set)
    }

    /// Whether every noted intersection holds a building of `owner`, and the count is the
    /// number of noted intersections (the invariant `building-sites`).
    pub(crate) fn sound(&self, g: &Game, owner: PlayerId) -> bool {
        self.0.is_none_or(|(set, count)| {
            let mut n = 0usize;
            let all_own = set.iter().all(|v| {
                n += 1;
                g.sites.get(v).copied().flatten().is_some_and(|s| s.owner == owner)
            });
            all_own && n == usize::from(count)
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
    /// reads them rather than scanning.
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
