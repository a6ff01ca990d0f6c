//! The place map between catanatron and this project, derived from geometry.
//!
//! catanatron addresses tiles by cube coordinates `(x, y, z)` whose unit vectors are
//! `EAST = (1, -1, 0)`, `SOUTHEAST = (0, -1, 1)`, `NORTHEAST = (1, 0, -1)`; this project's
//! axial `(q, r)` has `E = (+1, 0)`, `SE = (0, +1)`, `NE = (+1, -1)`, so `q = x` and `r = z`.
//! Both draw pointy-topped hexes, so catanatron's corner names (`NORTH`, `NORTHEAST`, …) and
//! side names (`EAST`, …) are this project's corners and sides, abbreviated. A catanatron node
//! id is therefore the intersection at `(q, r).corner`, and an edge the path at
//! `(q, r).side`; every tile that lists a node or edge must agree, which [`PlaceMap::derive`]
//! checks instead of trusting it.

use super::recording::GameHeader;
use catan_engine::board::{Axial, Corner, EdgeKey, HarborKind, Side, Terrain, VertexKey};
use catan_engine::{Board, EdgeId, Resource, VertexId};
use std::collections::BTreeMap;

/// catanatron ids to this project's places, for one board.
#[derive(Clone, Debug)]
pub struct PlaceMap {
    /// Tile cube coordinate to axial coordinate.
    pub tiles: BTreeMap<[i8; 3], Axial>,
    /// Node id to intersection key.
    pub nodes: BTreeMap<u16, VertexKey>,
    /// Edge (smaller node id first) to path key.
    pub edges: BTreeMap<(u16, u16), EdgeKey>,
}

/// Axial coordinate of a cube coordinate (`q = x`, `r = z`); `None` unless `x + y + z = 0`.
pub fn cube_to_axial(cube: [i8; 3]) -> Option<Axial> {
    let [x, y, z] = cube;
    (i16::from(x) + i16::from(y) + i16::from(z) == 0).then_some(Axial::new(x, z))
}

/// The abbreviation of a compass name: `NORTHEAST` -> `ne`, `EAST` -> `e`.
fn abbreviate(name: &str) -> String {
    let mut out = String::new();
    let mut rest = name;
    while !rest.is_empty() {
        let word = ["NORTH", "SOUTH", "EAST", "WEST"]
            .into_iter()
            .find(|w| rest.starts_with(w));
        match word {
            Some(w) => {
                out.push_str(&w[..1].to_ascii_lowercase());
                rest = &rest[w.len()..];
            }
            None => return format!("?{name}"),
        }
    }
    out
}

/// This project's corner for a catanatron `NodeRef` name.
pub fn corner_of(name: &str) -> Option<Corner> {
    Corner::from_name(&abbreviate(name))
}

/// This project's side for a catanatron `EdgeRef` name.
pub fn side_of(name: &str) -> Option<Side> {
    let short = abbreviate(name);
    Side::ALL.into_iter().find(|s| s.name() == short)
}

fn ordered(a: u16, b: u16) -> (u16, u16) {
    (a.min(b), a.max(b))
}

impl PlaceMap {
    /// Derives the map from the tiles of a recording; refuses a recording whose tiles
    /// disagree about a node or an edge.
    pub fn derive(header: &GameHeader) -> Result<PlaceMap, String> {
        let mut map = PlaceMap {
            tiles: BTreeMap::new(),
            nodes: BTreeMap::new(),
            edges: BTreeMap::new(),
        };
        for tile in &header.tiles {
            let hex =
                cube_to_axial(tile.cube).ok_or_else(|| format!("tile {:?} is not a cube coordinate", tile.cube))?;
            if map.tiles.insert(tile.cube, hex).is_some() {
                return Err(format!("tile {:?} is listed twice", tile.cube));
            }
            for (name, &node) in &tile.nodes {
                let corner = corner_of(name).ok_or_else(|| format!("unknown corner name {name}"))?;
                let key = hex.corner(corner);
                match map.nodes.insert(node, key) {
                    Some(old) if old != key => {
                        return Err(format!("node {node} is both {old:?} and {key:?}"));
                    }
                    _ => {}
                }
            }
        }
        for tile in &header.tiles {
            let hex = map.tiles[&tile.cube];
            for (name, &[a, b]) in &tile.edges {
                let side = side_of(name).ok_or_else(|| format!("unknown side name {name}"))?;
                let key = hex.side(side);
                let ends = (map.nodes.get(&a), map.nodes.get(&b));
                let (Some(&ka), Some(&kb)) = ends else {
                    return Err(format!("edge ({a}, {b}) names a node no tile has"));
                };
                if EdgeKey::new(ka, kb) != key {
                    return Err(format!(
                        "edge ({a}, {b}) of tile {:?} is not its {name} side",
                        tile.cube
                    ));
                }
                match map.edges.insert(ordered(a, b), key) {
                    Some(old) if old != key => return Err(format!("edge ({a}, {b}) is both {old:?} and {key:?}")),
                    _ => {}
                }
            }
        }
        Ok(map)
    }

    /// The intersection of a catanatron node on `board`.
    pub fn vertex(&self, board: &Board, node: u16) -> Option<VertexId> {
        board.topology.vertex_by_key(*self.nodes.get(&node)?)
    }

    /// The path of a catanatron edge on `board`.
    pub fn edge(&self, board: &Board, a: u16, b: u16) -> Option<EdgeId> {
        let key = self.edges.get(&ordered(a, b))?;
        let id = board.topology.edges().iter().position(|e| e.key == *key)?;
        Some(EdgeId(u16::try_from(id).ok()?))
    }
}

/// The resource of a catanatron resource name.
pub fn resource_of(name: &str) -> Option<Resource> {
    Some(match name {
        "WOOD" => Resource::Lumber,
        "BRICK" => Resource::Brick,
        "SHEEP" => Resource::Wool,
        "WHEAT" => Resource::Grain,
        "ORE" => Resource::Ore,
        _ => return None,
    })
}

fn terrain_of(resource: Option<&str>) -> Option<Terrain> {
    Some(match resource {
        None => Terrain::Desert,
        Some(r) => match resource_of(r)? {
            Resource::Lumber => Terrain::Forest,
            Resource::Brick => Terrain::Hills,
            Resource::Wool => Terrain::Pasture,
            Resource::Grain => Terrain::Fields,
            Resource::Ore => Terrain::Mountains,
        },
    })
}

/// This project's board for a recording (terrain, numbers, harbors, robber) and the place
/// map it was built with.
pub fn board_from_header(header: &GameHeader) -> Result<(Board, PlaceMap), String> {
    let map = PlaceMap::derive(header)?;
    let mut hexes = Vec::new();
    for tile in &header.tiles {
        let terrain = terrain_of(tile.resource.as_deref())
            .ok_or_else(|| format!("tile {:?}: unknown resource {:?}", tile.cube, tile.resource))?;
        hexes.push((map.tiles[&tile.cube], terrain, tile.number));
    }
    let mut harbors = Vec::new();
    for port in &header.ports {
        let [a, b] = port.nodes;
        let key = match (map.nodes.get(&a), map.nodes.get(&b)) {
            (Some(&ka), Some(&kb)) => EdgeKey::new(ka, kb),
            _ => return Err(format!("harbor nodes ({a}, {b}) are not on the board")),
        };
        let place = map
            .tiles
            .values()
            .flat_map(|&h| Side::ALL.into_iter().map(move |s| (h, s)))
            .find(|&(h, s)| h.side(s) == key)
            .ok_or_else(|| format!("harbor ({a}, {b}) is not a side of a land tile"))?;
        let kind = match &port.resource {
            None => HarborKind::Generic,
            Some(r) => HarborKind::Special(resource_of(r).ok_or_else(|| format!("unknown resource {r}"))?),
        };
        harbors.push((place.0, place.1, kind));
    }
    let mut board = Board::explicit("catanatron", &hexes, &harbors).map_err(|e| e.to_string())?;
    let robber = cube_to_axial(header.state.robber).and_then(|c| board.topology.hex_at(c));
    board.robber_start = Some(robber.ok_or("the robber is not on a board hex")?);
    Ok((board, map))
}
