//! The two Seafarers maps the Cities & Knights rulebooks recommend for the combination
//! (source `000_fee7e8147b67bbe6.txt`, "Combining with CATAN – Seafarers"): "Heading for New
//! Shores" (German "Zu neuen Ufern") and "Through the Desert" ("Durch die Wüste"), for 3 and
//! 4 players.
//!
//! The printed maps are pictures that no source gives as text. The geometry here — which
//! positions are land, which island or area each land hex belongs to, the harbor places, the
//! pirate's and the robber's start — is the open-source JSettlers2 server's (its `SC_NSHO`
//! and `SC_TTD` layouts, restated in this project's coordinates); the terrain and number pools
//! per area are the printed component tables. Inside that geometry terrain, numbers and
//! harbor kinds are placed by seed, as JSettlers does; Through the Desert's strip beyond the
//! desert keeps its printed contents (4 players: fields 8, mountains 11, gold 10; 3 players:
//! fields 6, forest 3, gold 4), shuffled among its three hexes. Sea fills every other
//! position of the map's rectangle, its outer ring being the frame.
//!
//! Positions are written as JSettlers writes them, `0xRRCC`: hexes on odd rows `RR`, on even
//! columns when `RR mod 4 = 1` and odd columns when `RR mod 4 = 3`; the east neighbour of
//! `(r, c)` is `(r, c + 2)`, the north-east one `(r - 2, c + 1)`. Row `(r - 1) / 2` and column
//! `(c - row) / 2` are this project's axial `r` and `q`.

use crate::board::{Axial, Board, BoardError, Harbor, HarborKind, Side, Terrain};
use crate::cards::Resource;
use crate::ids::{EdgeId, HexId};
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// A Seafarers map.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum SeaMap {
    /// "Heading for New Shores": the main island and three small islands (target 13).
    NewShores,
    /// "Through the Desert": a desert belt cuts a strip off the main island; small islands
    /// (target 12).
    ThroughTheDesert,
}

impl SeaMap {
    /// Both maps.
    pub const ALL: [SeaMap; 2] = [SeaMap::NewShores, SeaMap::ThroughTheDesert];

    /// The map's name in board specifications (`new-shores`, `through-the-desert`).
    pub fn name(self) -> &'static str {
        match self {
            SeaMap::NewShores => "new-shores",
            SeaMap::ThroughTheDesert => "through-the-desert",
        }
    }

    /// The map with a name.
    pub fn from_name(name: &str) -> Option<SeaMap> {
        SeaMap::ALL.into_iter().find(|m| m.name() == name)
    }

    /// The victory points that win on this map (New Shores 13, Through the Desert 12;
    /// JSettlers' scenario targets; the printed 3-player value is assumed equal).
    pub fn victory_target(self) -> u8 {
        match self {
            SeaMap::NewShores => 13,
            SeaMap::ThroughTheDesert => 12,
        }
    }
}

/// Why a map cannot be built.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MapError {
    /// Only 3 and 4 players have a layout.
    #[error("{map} has layouts for 3 and 4 players, not {players}")]
    Players {
        /// The map's name.
        map: &'static str,
        /// The player count asked for.
        players: usize,
    },
    /// The layout does not make a valid board (a defect of the data; tests check it never
    /// happens).
    #[error("the {0} layout is not a valid board: {1}")]
    Board(&'static str, BoardError),
}

/// A group of land hexes filled from one pool: its area number, its hexes, its terrains and
/// its number tokens (one per non-desert hex).
struct Group {
    area: u8,
    hexes: &'static [u16],
    terrain: &'static [Terrain],
    tokens: &'static [u8],
}

/// One map for one player count.
struct Layout {
    /// Largest column of the rectangle (rows always run 1..=0x11).
    max_col: u8,
    groups: &'static [Group],
    /// Harbor places: the land hex and the direction the harbor faces it from the sea (the
    /// harbor lies on the land hex's opposite side).
    ports: &'static [(u16, Side)],
    /// Specific 2:1 harbors (one per resource) and generic 3:1 ones.
    generic_ports: usize,
    pirate: u16,
    /// The robber's start: a fixed hex, or `None` for the (first) desert of the map.
    robber: Option<u16>,
}

use Terrain::{Desert, Fields, Forest, Gold, Hills, Mountains, Pasture};

const STANDARD_TOKENS: [u8; 18] = [2, 3, 3, 4, 4, 5, 5, 6, 6, 8, 8, 9, 9, 10, 10, 11, 11, 12];

const NEW_SHORES_3: Layout = Layout {
    max_col: 0x0F,
    groups: &[
        Group {
            area: 1,
            hexes: &[
                0x0B03, 0x0904, 0x0705, 0x0707, 0x0908, 0x0B09, 0x0D08, 0x0F07, 0x0F05, 0x0D04, 0x0B05, 0x0906, 0x0B07,
                0x0D06,
            ],
            terrain: &[
                Fields, Fields, Fields, Hills, Hills, Mountains, Mountains, Pasture, Pasture, Pasture, Pasture, Forest,
                Forest, Forest,
            ],
            tokens: &[2, 3, 4, 5, 5, 6, 6, 8, 8, 9, 10, 10, 11, 11],
        },
        Group {
            area: 2,
            hexes: &[0x0305, 0x0307],
            terrain: &[],
            tokens: &[],
        },
        Group {
            area: 3,
            hexes: &[0x050A, 0x050C, 0x070B, 0x090C],
            terrain: &[],
            tokens: &[],
        },
        Group {
            area: 4,
            hexes: &[0x0D0C, 0x0F0B],
            terrain: &[],
            tokens: &[],
        },
    ],
    ports: &[
        (0x0705, Side::E),
        (0x0707, Side::W),
        (0x0B09, Side::SW),
        (0x0F07, Side::W),
        (0x0F07, Side::NE),
        (0x0F05, Side::E),
        (0x0B03, Side::NE),
        (0x0B03, Side::SE),
    ],
    generic_ports: 3,
    pirate: 0x090E,
    robber: Some(0x0305),
};

/// The small islands of New Shores share one pool (3 players): gold 2, fields 1, hills 2,
/// mountains 2, pasture 1, tokens 3, 4, 4, 5, 8, 9, 10, 12.
const NEW_SHORES_3_ISLANDS: IslandPool = (
    &[Gold, Gold, Fields, Hills, Hills, Mountains, Mountains, Pasture],
    &[3, 4, 4, 5, 8, 9, 10, 12],
);

const NEW_SHORES_4: Layout = Layout {
    max_col: 0x11,
    groups: &[
        Group {
            area: 1,
            hexes: &[
                0x0705, 0x0707, 0x0709, 0x090A, 0x0B0B, 0x0D0A, 0x0F09, 0x0F07, 0x0F05, 0x0D04, 0x0B03, 0x0904, 0x0906,
                0x0908, 0x0B09, 0x0D08, 0x0D06, 0x0B05, 0x0B07,
            ],
            terrain: &[
                Desert, Fields, Fields, Fields, Fields, Hills, Hills, Hills, Mountains, Mountains, Mountains, Pasture,
                Pasture, Pasture, Pasture, Forest, Forest, Forest, Forest,
            ],
            tokens: &STANDARD_TOKENS,
        },
        Group {
            area: 2,
            hexes: &[0x0305, 0x0307],
            terrain: &[],
            tokens: &[],
        },
        Group {
            area: 3,
            hexes: &[0x030B, 0x050C, 0x050E, 0x070D, 0x090E],
            terrain: &[],
            tokens: &[],
        },
        Group {
            area: 4,
            hexes: &[0x0D0E, 0x0F0D],
            terrain: &[],
            tokens: &[],
        },
    ],
    ports: &[
        (0x0705, Side::SE),
        (0x0707, Side::SW),
        (0x090A, Side::SW),
        (0x0B0B, Side::W),
        (0x0D0A, Side::NW),
        (0x0F07, Side::NW),
        (0x0F05, Side::NE),
        (0x0D04, Side::E),
        (0x0904, Side::E),
    ],
    generic_ports: 4,
    pirate: 0x0910,
    robber: None,
};

/// New Shores' small islands, 4 players: gold 2, fields 1, hills 2, mountains 2, pasture 1,
/// forest 1; tokens 2–6 and 8–11 once each.
const NEW_SHORES_4_ISLANDS: IslandPool = (
    &[Gold, Gold, Fields, Hills, Hills, Mountains, Mountains, Pasture, Forest],
    &[2, 3, 4, 5, 6, 8, 9, 10, 11],
);

const THROUGH_THE_DESERT_3: Layout = Layout {
    max_col: 0x0F,
    groups: &[
        Group {
            area: 1,
            hexes: &[
                0x0508, 0x0707, 0x0709, 0x0906, 0x0908, 0x0B03, 0x0B05, 0x0B07, 0x0B09, 0x0D04, 0x0D06, 0x0D08, 0x0F05,
                0x0F07,
            ],
            terrain: &[
                Hills, Hills, Hills, Mountains, Mountains, Pasture, Pasture, Pasture, Fields, Fields, Forest, Forest,
                Forest, Forest,
            ],
            tokens: &[2, 3, 4, 4, 5, 6, 6, 8, 8, 9, 9, 10, 10, 11],
        },
        Group {
            area: 2,
            hexes: &[0x0305, 0x0504, 0x0703],
            terrain: &[Fields, Forest, Gold],
            tokens: &[6, 3, 4],
        },
        Group {
            area: 3,
            hexes: &[0x0307, 0x0506, 0x0705],
            terrain: &[Desert, Desert, Desert],
            tokens: &[],
        },
        Group {
            area: 4,
            hexes: &[0x030B, 0x050C],
            terrain: &[],
            tokens: &[],
        },
        Group {
            area: 5,
            hexes: &[0x090C],
            terrain: &[],
            tokens: &[],
        },
        Group {
            area: 6,
            hexes: &[0x0D0C, 0x0F0B],
            terrain: &[],
            tokens: &[],
        },
    ],
    ports: &[
        (0x0508, Side::SW),
        (0x0B09, Side::SW),
        (0x0B09, Side::NW),
        (0x0F07, Side::W),
        (0x0F05, Side::NW),
        (0x0F05, Side::E),
        (0x0B03, Side::NE),
        (0x0B05, Side::SE),
    ],
    generic_ports: 3,
    pirate: 0x090E,
    robber: None,
};

/// Through the Desert's small islands, 3 players: mountains 2, pasture 1, fields 1, gold 1;
/// tokens 5, 5, 8, 9, 11.
const THROUGH_THE_DESERT_3_ISLANDS: IslandPool = (&[Mountains, Mountains, Pasture, Fields, Gold], &[5, 5, 8, 9, 11]);

const THROUGH_THE_DESERT_4: Layout = Layout {
    max_col: 0x12,
    groups: &[
        Group {
            area: 1,
            hexes: &[
                0x0309, 0x0508, 0x050A, 0x0707, 0x0709, 0x070B, 0x0906, 0x0908, 0x090A, 0x0B03, 0x0B05, 0x0B07, 0x0B09,
                0x0D04, 0x0D06, 0x0D08, 0x0F07,
            ],
            terrain: &[
                Hills, Hills, Hills, Hills, Mountains, Mountains, Pasture, Pasture, Pasture, Pasture, Fields, Fields,
                Forest, Forest, Forest, Forest, Forest,
            ],
            tokens: &[3, 3, 4, 4, 5, 5, 6, 6, 8, 8, 9, 9, 10, 10, 11, 11, 12],
        },
        Group {
            area: 2,
            hexes: &[0x0305, 0x0504, 0x0703],
            terrain: &[Fields, Mountains, Gold],
            tokens: &[8, 11, 10],
        },
        Group {
            area: 3,
            hexes: &[0x0307, 0x0506, 0x0705],
            terrain: &[Desert, Desert, Desert],
            tokens: &[],
        },
        Group {
            area: 4,
            hexes: &[0x030D, 0x050E, 0x070F],
            terrain: &[],
            tokens: &[],
        },
        Group {
            area: 5,
            hexes: &[0x0B0D, 0x0B0F],
            terrain: &[],
            tokens: &[],
        },
        Group {
            area: 6,
            hexes: &[0x0F0B, 0x0F0D],
            terrain: &[],
            tokens: &[],
        },
    ],
    ports: &[
        (0x0309, Side::W),
        (0x070B, Side::SW),
        (0x070B, Side::NW),
        (0x0B09, Side::NW),
        (0x0F07, Side::W),
        (0x0F07, Side::NE),
        (0x0D04, Side::NW),
        (0x0D04, Side::E),
        (0x0906, Side::E),
    ],
    generic_ports: 4,
    pirate: 0x0910,
    robber: None,
};

/// Through the Desert's small islands, 4 players: hills 1, mountains 2, pasture 1, fields 2,
/// gold 1; tokens 2, 3, 4, 5, 6, 9, 12.
const THROUGH_THE_DESERT_4_ISLANDS: IslandPool = (
    &[Hills, Mountains, Mountains, Pasture, Fields, Fields, Gold],
    &[2, 3, 4, 5, 6, 9, 12],
);

/// The terrains and number tokens the small islands of a layout share.
type IslandPool = (&'static [Terrain], &'static [u8]);

/// The layout of a map for a player count, and the pool its small islands share.
fn layout(map: SeaMap, players: usize) -> Result<(&'static Layout, IslandPool), MapError> {
    match (map, players) {
        (SeaMap::NewShores, 3) => Ok((&NEW_SHORES_3, NEW_SHORES_3_ISLANDS)),
        (SeaMap::NewShores, 4) => Ok((&NEW_SHORES_4, NEW_SHORES_4_ISLANDS)),
        (SeaMap::ThroughTheDesert, 3) => Ok((&THROUGH_THE_DESERT_3, THROUGH_THE_DESERT_3_ISLANDS)),
        (SeaMap::ThroughTheDesert, 4) => Ok((&THROUGH_THE_DESERT_4, THROUGH_THE_DESERT_4_ISLANDS)),
        _ => Err(MapError::Players {
            map: map.name(),
            players,
        }),
    }
}

/// A JSettlers position `0xRRCC` as an axial coordinate.
fn axial(rc: u16) -> Axial {
    let (r, c) = ((rc >> 8) as i8, (rc & 0xFF) as i8);
    let row = (r - 1) / 2;
    Axial::new((c - row) / 2, row)
}

/// Every hex position of a map's rectangle (rows 1 to 0x11, columns 0 to `max_col` with the
/// row's parity), in JSettlers' notation.
fn rectangle(max_col: u8) -> impl Iterator<Item = u16> {
    (1u16..=0x11).step_by(2).flat_map(move |r| {
        let first = if r % 4 == 1 { 0 } else { 1 };
        (first..=max_col as u16).step_by(2).map(move |c| (r << 8) | c)
    })
}

/// The side of a land hex a harbor lies on, from the direction that faces the land.
fn harbor_side(facing: Side) -> Side {
    match facing {
        Side::E => Side::W,
        Side::W => Side::E,
        Side::NE => Side::SW,
        Side::SW => Side::NE,
        Side::NW => Side::SE,
        Side::SE => Side::NW,
    }
}

/// What a seed draws for a map: each land hex's position, terrain, number token and area, in
/// the order the groups are filled (the main groups, then the small islands' shared pool),
/// and the harbor kinds in the order of the layout's harbor places.
struct Drawn {
    land: Vec<(u16, Terrain, Option<u8>, u8)>,
    kinds: Vec<HarborKind>,
}

impl Drawn {
    /// The draws of `seed`, in their fixed order: each group's terrains then tokens, the
    /// small islands' pool, the harbor kinds.
    fn of(layout: &Layout, islands: IslandPool, seed: u64) -> Drawn {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut land: Vec<(u16, Terrain, Option<u8>, u8)> = Vec::new();
        let mut island_hexes: Vec<(u16, u8)> = Vec::new();
        for g in layout.groups {
            if g.terrain.is_empty() {
                island_hexes.extend(g.hexes.iter().map(|&h| (h, g.area)));
                continue;
            }
            land.extend(fill(&mut rng, g.hexes, g.terrain, g.tokens, g.area));
        }
        let hexes: Vec<u16> = island_hexes.iter().map(|h| h.0).collect();
        let filled = fill(&mut rng, &hexes, islands.0, islands.1, 0);
        land.extend(
            filled
                .into_iter()
                .zip(&island_hexes)
                .map(|(h, &(_, area))| (h.0, h.1, h.2, area)),
        );
        let mut kinds: Vec<HarborKind> = Resource::ALL.into_iter().map(HarborKind::Special).collect();
        kinds.extend(std::iter::repeat_n(HarborKind::Generic, layout.generic_ports));
        kinds.shuffle(&mut rng);
        Drawn { land, kinds }
    }
}

/// A map's board apart from what the seed draws, kept per thread for the last map and player
/// count built (random play builds the same map for every game): the geometry — which
/// positions are land and in which area, the topology, the labels, the harbor places, the
/// pirate's start and a fixed robber start — does not depend on the seed, so a board is this
/// frame with the seed's terrain, tokens, harbor kinds and (on maps whose robber starts on
/// the desert) robber start written in. The first board of a map is built from its explicit
/// description ([`Board::explicit`], which also checks it), and a test compares the boards
/// built from the frame with that build for many seeds.
struct Frame {
    map: SeaMap,
    players: usize,
    /// The board built from the description for the seed that made the frame.
    board: Board,
    /// The hex of each land position, in the order of [`Drawn::land`].
    land: Vec<Option<HexId>>,
    /// The path of each harbor, in the order of the layout's harbor places.
    harbor_edges: Vec<EdgeId>,
}

impl Frame {
    /// The frame of a board built from its description.
    fn of(map: SeaMap, players: usize, board: Board, drawn: &Drawn) -> Frame {
        let land = drawn
            .land
            .iter()
            .map(|&(rc, ..)| board.topology.hex_at(axial(rc)))
            .collect();
        let harbor_edges = board.harbors.iter().map(|h| h.edge).collect();
        Frame {
            map,
            players,
            board,
            land,
            harbor_edges,
        }
    }

    /// The board of `seed` (its draws `drawn`): the frame's board with the seed's terrain,
    /// tokens and harbor kinds, the robber on the first desert unless the layout fixes its
    /// start (as [`Board::explicit`] and [`Board::seafarers`] place it).
    fn board(&self, layout: &Layout, seed: u64, drawn: Drawn) -> Board {
        let mut board = self.board.clone();
        board.name = format!("{}:{} seed {seed}", self.map.name(), self.players);
        // Every land position is written; the sea positions hold sea and no token already.
        for (&(_, t, tok, _), h) in drawn.land.iter().zip(&self.land) {
            if let Some(h) = h {
                board.terrain[h.index()] = t;
                board.tokens[h.index()] = tok;
            }
        }
        board.harbors = self
            .harbor_edges
            .iter()
            .zip(drawn.kinds)
            .map(|(&edge, kind)| Harbor { edge, kind })
            .collect();
        if layout.robber.is_none() {
            board.robber_start = board
                .terrain
                .iter()
                .position(|t| *t == Terrain::Desert)
                .map(|i| HexId(i as u16));
        }
        board
    }
}

impl Board {
    /// A Seafarers map for 3 or 4 players, its terrain, numbers and harbor kinds placed by
    /// `seed` inside the map's geometry (see [`crate::rules::sea::maps`]).
    ///
    /// # Errors
    /// [`MapError::Players`] for a player count without a layout.
    pub fn seafarers(map: SeaMap, players: usize, seed: u64) -> Result<Board, MapError> {
        thread_local! {
            static LAST: std::cell::RefCell<Option<Frame>> = const { std::cell::RefCell::new(None) };
        }
        let (layout, islands) = layout(map, players)?;
        let drawn = Drawn::of(layout, islands, seed);
        let kept = LAST
            .with(|l| l.borrow_mut().take())
            .filter(|f| f.map == map && f.players == players);
        let frame = match kept {
            Some(f) => f,
            None => Frame::of(
                map,
                players,
                Board::seafarers_described(map, players, seed, &drawn)?,
                &drawn,
            ),
        };
        let board = frame.board(layout, seed, drawn);
        LAST.with(|l| *l.borrow_mut() = Some(frame));
        Ok(board)
    }

    /// [`Board::seafarers`] built from the map's explicit description (hexes and harbors),
    /// with the draws of `seed`.
    fn seafarers_described(map: SeaMap, players: usize, seed: u64, drawn: &Drawn) -> Result<Board, MapError> {
        let (layout, _) = layout(map, players)?;
        let land = &drawn.land;
        let mut hexes: Vec<(Axial, Terrain, Option<u8>)> =
            land.iter().map(|&(rc, t, tok, _)| (axial(rc), t, tok)).collect();
        // The land positions by JSettlers coordinate (row in the high byte, at most 0x11).
        let mut is_land = vec![false; 0x12 << 8];
        for l in land {
            if let Some(slot) = is_land.get_mut(usize::from(l.0)) {
                *slot = true;
            }
        }
        for rc in rectangle(layout.max_col) {
            if !is_land.get(usize::from(rc)).copied().unwrap_or(false) {
                hexes.push((axial(rc), Terrain::Sea, None));
            }
        }
        let harbors: Vec<(Axial, Side, HarborKind)> = layout
            .ports
            .iter()
            .zip(drawn.kinds.iter().copied())
            .map(|(&(rc, facing), kind)| (axial(rc), harbor_side(facing), kind))
            .collect();
        let name = format!("{}:{players} seed {seed}", map.name());
        let mut board = Board::explicit(&name, &hexes, &harbors).map_err(|e| MapError::Board(map.name(), e))?;
        let at = |rc: u16| board.topology.hex_at(axial(rc));
        board.pirate_start = at(layout.pirate);
        if let Some(rc) = layout.robber {
            board.robber_start = at(rc);
        }
        let mut areas = vec![0u8; board.topology.hex_count()];
        for &(rc, _, _, area) in land {
            if let Some(h) = at(rc) {
                areas[h.index()] = area;
            }
        }
        board.areas = areas;
        board.victory_target = Some(map.victory_target());
        Ok(board)
    }

    /// The land area of a hex (0: sea or a board without areas).
    pub fn area(&self, h: HexId) -> u8 {
        self.areas.get(h.index()).copied().unwrap_or(0)
    }
}

/// Shuffles a group's terrains and tokens onto its hexes (no token on a desert).
fn fill(
    rng: &mut ChaCha8Rng,
    hexes: &[u16],
    terrain: &[Terrain],
    tokens: &[u8],
    area: u8,
) -> Vec<(u16, Terrain, Option<u8>, u8)> {
    let mut terrain = terrain.to_vec();
    terrain.shuffle(rng);
    let mut tokens = tokens.to_vec();
    tokens.shuffle(rng);
    let mut tokens = tokens.into_iter();
    hexes
        .iter()
        .zip(terrain)
        .map(|(&h, t)| (h, t, if t.takes_token() { tokens.next() } else { None }, area))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::HarborKind;

    fn count(b: &Board, area: Option<u8>, t: Terrain) -> usize {
        (0..b.terrain.len())
            .filter(|&i| b.terrain[i] == t && area.is_none_or(|a| b.areas[i] == a))
            .count()
    }

    fn land_in(b: &Board, area: impl Fn(u8) -> bool) -> usize {
        (0..b.terrain.len())
            .filter(|&i| b.terrain[i].is_land() && area(b.areas[i]))
            .count()
    }

    #[test]
    fn jsettlers_positions_become_axial_neighbours() {
        // East: (r, c + 2); north-east: (r - 2, c + 1); south-east: (r + 2, c + 1).
        let a = axial(0x0B07);
        assert_eq!(axial(0x0B09), a.neighbour(Side::E));
        assert_eq!(axial(0x0908), a.neighbour(Side::NE));
        assert_eq!(axial(0x0D08), a.neighbour(Side::SE));
        assert_eq!(axial(0x0D06), a.neighbour(Side::SW));
    }

    #[test]
    fn new_shores_has_the_printed_components_for_four_players() {
        let b = Board::seafarers(SeaMap::NewShores, 4, 7).unwrap();
        assert_eq!(land_in(&b, |a| a == 1), 19);
        assert_eq!(land_in(&b, |a| a > 1), 9);
        assert_eq!(count(&b, Some(1), Terrain::Desert), 1);
        assert_eq!(count(&b, None, Terrain::Gold), 2);
        assert_eq!(count(&b, Some(1), Terrain::Gold), 0, "gold only on the small islands");
        let mut main_tokens: Vec<u8> = (0..b.terrain.len())
            .filter(|&i| b.areas[i] == 1)
            .filter_map(|i| b.tokens[i])
            .collect();
        main_tokens.sort_unstable();
        assert_eq!(main_tokens, STANDARD_TOKENS);
        assert_eq!(b.harbors.len(), 9);
        let generic = b.harbors.iter().filter(|h| h.kind == HarborKind::Generic).count();
        assert_eq!(generic, 4);
        let robber = b.robber_start.unwrap();
        assert_eq!(b.terrain[robber.index()], Terrain::Desert);
        assert_eq!(b.terrain[b.pirate_start.unwrap().index()], Terrain::Sea);
        // The rectangle: 9 rows of 9 hexes.
        assert_eq!(b.topology.hex_count(), 81);
    }

    #[test]
    fn new_shores_for_three_players_starts_the_robber_on_the_north_western_island() {
        let b = Board::seafarers(SeaMap::NewShores, 3, 1).unwrap();
        assert_eq!(land_in(&b, |a| a == 1), 14);
        assert_eq!(land_in(&b, |a| a > 1), 8);
        assert_eq!(count(&b, None, Terrain::Desert), 0);
        assert_eq!(b.harbors.len(), 8);
        let robber = b.robber_start.unwrap();
        assert_eq!(b.areas[robber.index()], 2);
        assert_eq!(b.topology.hex_count(), 72);
    }

    #[test]
    fn through_the_desert_keeps_the_printed_strip_and_a_belt_of_three_deserts() {
        for (players, strip) in [(4, [8, 10, 11]), (3, [3, 4, 6])] {
            let b = Board::seafarers(SeaMap::ThroughTheDesert, players, 99).unwrap();
            let mut tokens: Vec<u8> = (0..b.terrain.len())
                .filter(|&i| b.areas[i] == 2)
                .filter_map(|i| b.tokens[i])
                .collect();
            tokens.sort_unstable();
            assert_eq!(tokens, strip);
            assert_eq!(count(&b, Some(2), Terrain::Gold), 1);
            assert_eq!(count(&b, Some(3), Terrain::Desert), 3);
            assert_eq!(count(&b, None, Terrain::Desert), 3);
            assert_eq!(
                b.areas[b.robber_start.unwrap().index()],
                3,
                "the robber starts in the belt"
            );
            assert_eq!(land_in(&b, |a| a == 1), if players == 4 { 17 } else { 14 });
        }
    }

    #[test]
    fn every_producing_hex_has_a_token_and_harbors_lie_on_the_main_islands_coast() {
        for map in SeaMap::ALL {
            for players in [3, 4] {
                let b = Board::seafarers(map, players, 3).unwrap();
                for i in 0..b.terrain.len() {
                    assert_eq!(
                        b.tokens[i].is_some(),
                        b.terrain[i].takes_token(),
                        "{map:?} {players} hex {i}"
                    );
                }
                for h in &b.harbors {
                    let e = &b.topology.edges()[h.edge.index()];
                    assert!(e.coastal);
                    assert!(e.hexes.iter().any(|x| b.areas[x.index()] == 1), "{map:?} {players}");
                }
            }
        }
    }

    #[test]
    fn the_same_seed_gives_the_same_map_and_another_seed_another() {
        let a = Board::seafarers(SeaMap::NewShores, 4, 5).unwrap();
        assert_eq!(a, Board::seafarers(SeaMap::NewShores, 4, 5).unwrap());
        assert_ne!(a.terrain, Board::seafarers(SeaMap::NewShores, 4, 6).unwrap().terrain);
    }

    #[test]
    fn a_board_with_gold_fields_needs_seafarers() {
        let b = std::sync::Arc::new(Board::seafarers(SeaMap::NewShores, 3, 1).unwrap());
        let colours = &crate::Colour::ALL[..3];
        let e = crate::Game::new(crate::Ruleset::base(), b.clone(), colours, crate::PlayerId(0));
        assert_eq!(
            e.unwrap_err().to_string(),
            "a board with gold fields without Seafarers is not implemented yet"
        );
        let sea = crate::Ruleset::from_names(["seafarers"]).unwrap();
        let g = crate::Game::new(sea, b, colours, crate::PlayerId(0)).unwrap();
        assert_eq!(g.rules().base.victory_target, 13, "New Shores plays to 13");
        assert_eq!(g.pirate(), g.board().pirate_start);
    }

    /// The boards built from the kept frame are those built from the map's description, for
    /// many seeds, both maps and both player counts, the maps taken in turn so that the
    /// frame is made again and again.
    #[test]
    fn boards_from_the_kept_frame_equal_boards_built_from_the_description() {
        for seed in 0..40 {
            for map in SeaMap::ALL {
                for players in [3, 4] {
                    for _ in 0..2 {
                        let fast = Board::seafarers(map, players, seed).unwrap();
                        let (layout, islands) = layout(map, players).unwrap();
                        let drawn = Drawn::of(layout, islands, seed);
                        let described = Board::seafarers_described(map, players, seed, &drawn).unwrap();
                        assert_eq!(fast, described, "{map:?} {players} seed {seed}");
                        assert_eq!(fast.name, described.name);
                    }
                }
            }
        }
    }

    #[test]
    fn other_player_counts_are_refused() {
        assert_eq!(
            Board::seafarers(SeaMap::ThroughTheDesert, 5, 1)
                .unwrap_err()
                .to_string(),
            "through-the-desert has layouts for 3 and 4 players, not 5"
        );
    }
}
