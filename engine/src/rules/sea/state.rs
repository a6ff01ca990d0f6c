//! The Seafarers part of the game state: ships on paths, the pirate, the ships built and
//! moved this turn, and each player's island markers.

use crate::ids::{EdgeId, HexId, PlayerId, VertexId};
use serde::{Deserialize, Serialize};

/// An island marker ("Catan chit", source `004_bf8a3dbb68824bc0.txt`, "Siegpunkte"): a
/// player's first settlement in a foreign area outside setup, worth 2 victory points.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct IslandMarker {
    /// The foreign area (the board's area number).
    pub area: u8,
    /// The settlement it lies under.
    pub at: VertexId,
}

/// One player's Seafarers pieces.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct SeaPlayer {
    /// Ships still in supply.
    pub ships_left: u8,
    /// The paths holding this player's ships, in the order built.
    pub ships: Vec<EdgeId>,
    /// Island markers earned.
    pub markers: Vec<IslandMarker>,
}

impl Default for SeaPlayer {
    fn default() -> SeaPlayer {
        SeaPlayer {
            ships_left: super::SHIPS_PER_PLAYER,
            ships: Vec::with_capacity(super::SHIPS_PER_PLAYER as usize),
            // Room for every foreign area of the two maps (at most 5), so earning a marker
            // does not allocate.
            markers: Vec::with_capacity(8),
        }
    }
}

impl SeaPlayer {
    /// Victory points from island markers (2 each).
    pub fn island_vp(&self) -> u8 {
        2 * self.markers.len() as u8
    }
}

/// The Seafarers state (empty and unused in other rulesets).
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize, Default)]
pub struct SeaState {
    /// The ship on each path, if any.
    pub ships: Vec<Option<PlayerId>>,
    /// Ships built during the current turn, by path (they may not move this turn).
    pub fresh: Vec<bool>,
    /// The sea hex the pirate stands on.
    pub pirate: Option<HexId>,
    /// Whether the player on turn has moved a ship this turn.
    pub moved: bool,
    /// Each seat's pieces.
    pub players: Vec<SeaPlayer>,
    /// Per seat, the ships (bit `i`: the seat's `i`-th ship) whose line lets them move: the
    /// shape of the line (open, at its end, not cutting it), which depends only on the
    /// seat's own ships and buildings, kept up to date when those change so that listing the
    /// moves does not search the lines again. Whether the ship was built this turn or sits
    /// next to the pirate is tested when listing.
    #[serde(default)]
    pub movable: [u16; crate::ids::MAX_PLAYERS],
    /// Per seat, the ships (bits as [`SeaState::movable`]) whose line lets them move but
    /// which knights fix (with Cities & Knights, rules `SEA.CK.FOREIGN_KNIGHT` and
    /// `SEA.CK.KNIGHT_LINK`), kept beside the movable bits so that a knight placed, moved or
    /// taken off gives only the ships at its intersections the knights' say again instead of
    /// searching the lines (their shape does not depend on knights). Made known (all zero)
    /// when the game starts and when every seat's bits are recomputed, unknown in a state
    /// read back; kept up to date by every writer of the movable bits while known. Checked
    /// by the invariants (`sea-movable`). Not part of the game ([`crate::kept::Kept`]).
    #[serde(skip)]
    pub(crate) knight_fixed: crate::kept::Kept<[u16; crate::ids::MAX_PLAYERS]>,
    /// The paths a ship may stand on (a sea hex on a side), found once from the board when
    /// the game starts ([`SeaPaths`]).
    #[serde(skip)]
    pub(crate) sea_paths: SeaPaths,
    /// Per seat, the paths its ships and buildings reach for a new ship
    /// ([`super::ships::KeptShipSites`]).
    #[serde(skip)]
    pub(crate) ship_sites: super::ships::KeptShipSites,
    /// The sea hexes, found once from the board when the game starts
    /// ([`crate::kept::KeptHexes::sea`]).
    #[serde(skip)]
    pub(crate) sea_hexes: crate::kept::KeptHexes,
    /// Known when no path holds a ship built this turn ([`NoFreshShips`]).
    #[serde(skip)]
    pub(crate) no_fresh: NoFreshShips,
}

/// Known when no entry of [`SeaState::fresh`] is set (no ship was built this turn), so that
/// the end of a turn, which clears the entries (a ship built this turn moves from the next
/// one on, source `004_bf8a3dbb68824bc0.txt`, "Die Seefahrer" D "Schiffe versetzen"), clears
/// nothing in most turns. Made known when the game starts and when the entries are cleared,
/// made unknown whenever an entry is set (a ship built outside setup, a declared position);
/// unknown in a state read back (the entries are then cleared). Checked by the invariants
/// (`sea-fresh`). Not part of the game ([`crate::kept::Kept`]).
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub(crate) struct NoFreshShips(crate::kept::Kept<()>);

impl NoFreshShips {
    /// No entry set.
    pub(crate) const KNOWN: NoFreshShips = NoFreshShips(crate::kept::Kept(Some(())));

    /// Whether no entry is known to be set.
    #[inline]
    pub(crate) fn known(&self) -> bool {
        self.0.is_some()
    }
}

/// The paths with a sea hex on a side (rule `SEA.SHIP.SEA_PATH`, [`crate::Game::is_sea_path`]),
/// kept so that the ship sites listed every step are filtered a word at a time. The terrain
/// is fixed once the board is built, so the set is found once, when the game starts; a state
/// read back holds none ("unknown": every path is tested on the board). Checked by the
/// invariants (`sea-paths`). Not part of the game ([`crate::kept::Kept`]).
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub(crate) struct SeaPaths(crate::kept::Kept<crate::id_set::IdSet<8>>);

impl SeaPaths {
    /// The sea paths of `game`'s board, found hex by hex: a path has a sea hex on a side
    /// exactly when it is a side of a sea hex, so the sides of the sea hexes are the set (one
    /// pass over the hexes when the game starts, instead of a test of both sides of every
    /// path). Unknown when a path id is beyond the set's capacity.
    pub(crate) fn of(game: &crate::Game) -> SeaPaths {
        let topo = &game.board.topology;
        if topo.edge_count() > 64 * 8 {
            return SeaPaths::default();
        }
        let mut set = crate::id_set::IdSet::<8>::default();
        for (hex, t) in topo.hexes().iter().zip(&game.board.terrain) {
            if *t == crate::board::Terrain::Sea {
                for e in hex.sides {
                    set.insert_if(e.index(), true);
                }
            }
        }
        SeaPaths(crate::kept::Kept(Some(set)))
    }

    /// [`SeaPaths::of`] path by path, from the rule (what the invariant `sea-paths` and the
    /// tests compare the kept set with).
    pub(crate) fn by_paths(game: &crate::Game) -> SeaPaths {
        let n = game.board.topology.edge_count();
        if n > 64 * 8 {
            return SeaPaths::default();
        }
        let mut set = crate::id_set::IdSet::<8>::default();
        for i in 0..n {
            set.insert_if(i, game.is_sea_path(EdgeId(i as u16)));
        }
        SeaPaths(crate::kept::Kept(Some(set)))
    }

    /// The set, when known.
    #[inline]
    pub(crate) fn get(&self) -> Option<&crate::id_set::IdSet<8>> {
        self.0.as_ref()
    }
}

impl SeaState {
    /// The owner of the ship on a path.
    #[inline]
    pub fn ship(&self, e: EdgeId) -> Option<PlayerId> {
        self.ships.get(e.index()).copied().flatten()
    }
}

#[cfg(test)]
mod tests {
    use super::SeaPaths;
    use crate::board::Terrain;
    use crate::ids::{Colour, PlayerId};
    use crate::ruleset::{Expansion, ExpansionSet, Ruleset};
    use crate::{Board, Game, SeaMap};
    use std::sync::Arc;

    fn game(board: Board, players: usize) -> Game {
        let rules = Ruleset::with(ExpansionSet::of(&[Expansion::Seafarers]));
        Game::new(rules, Arc::new(board), &Colour::ALL[..players], PlayerId(0)).unwrap()
    }

    /// The sea paths found hex by hex are those found path by path: on both maps for 3 and 4
    /// players and many seeds, on the standard island (no sea), and on islands with sea hexes
    /// written in at random places (paths on the board's rim and between two sea hexes).
    #[test]
    fn sea_paths_by_hexes_are_those_by_paths() {
        let same = |g: &Game| {
            let (of, by) = (SeaPaths::of(g), SeaPaths::by_paths(g));
            assert!(of.get().is_some());
            assert_eq!(of.get(), by.get());
        };
        for map in SeaMap::ALL {
            for players in [3, 4] {
                for seed in 0..20 {
                    let g = game(Board::seafarers(map, players, seed).unwrap(), players);
                    assert!(g.sea.sea_paths.get().is_some_and(|s| !s.is_empty()));
                    same(&g);
                }
            }
        }
        for seed in 0..40u64 {
            let mut board = Board::random(seed, Default::default());
            same(&game(board.clone(), 4));
            for k in 0..=seed % 5 {
                let i = ((seed * 7 + k * 11) % 19) as usize;
                board.terrain[i] = Terrain::Sea;
                board.tokens[i] = None;
            }
            board.robber_start = board
                .terrain
                .iter()
                .position(|t| t.is_land())
                .map(|i| crate::ids::HexId(i as u16));
            same(&game(board, 3));
        }
    }
}
