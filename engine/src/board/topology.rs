//! Board topology: hexes, intersections and paths with precomputed adjacency.
//!
//! Built once per board from the set of hexes it contains (land and sea); rules code only
//! reads these tables and never does geometry. An intersection or path exists if it touches
//! at least one hex of the board; it is *on land* if it touches a land hex, and *coastal* if
//! it touches land and also sea or the edge of the board.

use super::coord::{Axial, Corner, EdgeKey, Side, VertexKey};
use crate::id_set::IdSet;
use crate::ids::{EdgeId, HexId, VertexId};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::sync::Arc;

/// A fixed-capacity list of up to `N` ids, without allocation.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Adj<T: Copy, const N: usize> {
    items: [Option<T>; N],
}

impl<T: Copy, const N: usize> Adj<T, N> {
    fn new() -> Self {
        Adj { items: [None; N] }
    }
    fn push(&mut self, t: T) {
        if let Some(slot) = self.items.iter_mut().find(|s| s.is_none()) {
            *slot = Some(t);
        }
    }
    /// The ids, in order: [`Adj::push`] fills the first free slot and nothing empties one,
    /// so the ids end at the first empty slot.
    pub fn iter(&self) -> impl Iterator<Item = T> + '_ {
        self.items.iter().map_while(|x| *x)
    }
    /// How many ids.
    pub fn len(&self) -> usize {
        self.items.iter().filter(|x| x.is_some()).count()
    }
    /// Whether empty.
    pub fn is_empty(&self) -> bool {
        self.items[0].is_none()
    }
}

/// One hex of a board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HexInfo {
    /// Its axial coordinate.
    pub coord: Axial,
    /// Whether it is land (false: sea).
    pub land: bool,
    /// Its corners, indexed by [`Corner`] order `n ne se s sw nw`.
    pub corners: [VertexId; 6],
    /// Its sides, indexed by [`Side`] order `ne e se sw w nw`.
    pub sides: [EdgeId; 6],
}

/// One intersection.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VertexInfo {
    /// Canonical key.
    pub key: VertexKey,
    /// Board hexes touching it (1 to 3).
    pub hexes: Adj<HexId, 3>,
    /// Paths touching it.
    pub edges: Adj<EdgeId, 3>,
    /// Intersections one path away, in the same order as `edges`.
    pub neighbours: Adj<VertexId, 3>,
    /// Touches a land hex.
    pub on_land: bool,
    /// Touches land and sea (or the board's edge).
    pub coastal: bool,
}

impl VertexInfo {
    /// The paths touching this intersection, each with the intersection at its other end:
    /// `edges` and `neighbours` read side by side, up to the first empty slot (one loop over
    /// the slots instead of two lists stepped in turn; the searches along routes run it).
    #[inline]
    pub fn links(&self) -> impl Iterator<Item = (EdgeId, VertexId)> + '_ {
        self.edges
            .items
            .iter()
            .zip(self.neighbours.items.iter())
            .map_while(|(e, w)| Some(((*e)?, (*w)?)))
    }
}

/// One path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EdgeInfo {
    /// Canonical key.
    pub key: EdgeKey,
    /// Its two intersections.
    pub vertices: [VertexId; 2],
    /// Board hexes on either side (1 or 2).
    pub hexes: Adj<HexId, 2>,
    /// Touches a land hex.
    pub on_land: bool,
    /// Land on one side, sea or the board's edge on the other.
    pub coastal: bool,
}

/// Static adjacency for one board shape. Serialised as its list of hexes (coordinate and
/// whether land), from which every table is rebuilt.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "Vec<(Axial, bool)>", into = "Vec<(Axial, bool)>")]
pub struct Topology {
    /// The tables, fixed once built, shared by every copy (random play copies one board's
    /// topology for each game): each is read through one pointer, as a `Vec` would be.
    hexes: Arc<[HexInfo]>,
    vertices: Arc<[VertexInfo]>,
    edges: Arc<[EdgeInfo]>,
    /// The lookups by coordinate and key, shared by every copy.
    index: Arc<Index>,
    /// The intersections on land as bits (`None` on a board beyond 512 intersections): the
    /// setup listing starts from them instead of visiting every intersection.
    land_vertices: Option<IdSet<8>>,
}

/// The lookups of a [`Topology`] by coordinate and canonical key.
#[derive(Debug, PartialEq, Eq)]
struct Index {
    hex: BTreeMap<Axial, HexId>,
    vertex: BTreeMap<VertexKey, VertexId>,
    edge: BTreeMap<EdgeKey, EdgeId>,
}

impl From<Vec<(Axial, bool)>> for Topology {
    fn from(v: Vec<(Axial, bool)>) -> Topology {
        Topology::new(&v)
    }
}

impl From<Topology> for Vec<(Axial, bool)> {
    fn from(t: Topology) -> Self {
        t.hexes.iter().map(|h| (h.coord, h.land)).collect()
    }
}

impl Topology {
    /// Builds the topology of a board made of `hexes` (coordinate, is-land). Ids are given in
    /// reading order (top to bottom, left to right). Duplicate coordinates are ignored.
    pub fn new(hexes: &[(Axial, bool)]) -> Topology {
        // Random play builds the same island thousands of times: reuse the last shape built
        // on this thread (the tables depend on the hex list only).
        type Shape = (Vec<(Axial, bool)>, Topology);
        thread_local! {
            static LAST: std::cell::RefCell<Option<Shape>> = const { std::cell::RefCell::new(None) };
        }
        if let Some(t) = LAST.with(|l| {
            l.borrow()
                .as_ref()
                .filter(|(spec, _)| spec.as_slice() == hexes)
                .map(|(_, t)| t.clone())
        }) {
            return t;
        }
        let t = Topology::build(hexes);
        LAST.with(|l| *l.borrow_mut() = Some((hexes.to_vec(), t.clone())));
        t
    }

    fn build(hexes: &[(Axial, bool)]) -> Topology {
        let mut land_of: BTreeMap<Axial, bool> = BTreeMap::new();
        for &(c, land) in hexes {
            land_of.entry(c).or_insert(land);
        }
        let mut coords: Vec<Axial> = land_of.keys().copied().collect();
        coords.sort_by_key(|c| (c.r, c.x2()));
        let hex_index: BTreeMap<Axial, HexId> = coords.iter().enumerate().map(|(i, &c)| (c, HexId(i as u16))).collect();

        let mut vkeys: Vec<VertexKey> = coords.iter().flat_map(|&h| Corner::ALL.map(|c| h.corner(c))).collect();
        vkeys.sort_by_key(|k| k.sort_key());
        vkeys.dedup();
        let vertex_index: BTreeMap<VertexKey, VertexId> = vkeys
            .iter()
            .enumerate()
            .map(|(i, &k)| (k, VertexId(i as u16)))
            .collect();

        let mut ekeys: Vec<EdgeKey> = coords.iter().flat_map(|&h| Side::ALL.map(|s| h.side(s))).collect();
        ekeys.sort_by_key(|e| {
            let (ya, xa) = e.a.sort_key();
            let (yb, xb) = e.b.sort_key();
            (ya + yb, xa + xb)
        });
        ekeys.dedup();
        let edge_index: BTreeMap<EdgeKey, EdgeId> =
            ekeys.iter().enumerate().map(|(i, &k)| (k, EdgeId(i as u16))).collect();

        let vid = |k: &VertexKey| vertex_index[k];
        let eid = |k: &EdgeKey| edge_index[k];
        let hexes_out: Vec<HexInfo> = coords
            .iter()
            .map(|&h| HexInfo {
                coord: h,
                land: land_of[&h],
                corners: Corner::ALL.map(|c| vid(&h.corner(c))),
                sides: Side::ALL.map(|s| eid(&h.side(s))),
            })
            .collect();

        let mut vertices: Vec<VertexInfo> = vkeys
            .iter()
            .map(|&k| VertexInfo {
                key: k,
                hexes: Adj::new(),
                edges: Adj::new(),
                neighbours: Adj::new(),
                on_land: false,
                coastal: false,
            })
            .collect();
        for (i, &k) in vkeys.iter().enumerate() {
            for h in k.hexes() {
                if let Some(&hid) = hex_index.get(&h) {
                    vertices[i].hexes.push(hid);
                }
            }
        }
        let mut edges: Vec<EdgeInfo> = ekeys
            .iter()
            .map(|&k| EdgeInfo {
                key: k,
                vertices: [vid(&k.a), vid(&k.b)],
                hexes: Adj::new(),
                on_land: false,
                coastal: false,
            })
            .collect();
        for hex in &hexes_out {
            for s in hex.sides {
                let id = hex_index[&hex.coord];
                edges[s.index()].hexes.push(id);
            }
        }
        for (i, e) in edges.iter_mut().enumerate() {
            let lands = e.hexes.iter().filter(|h| hexes_out[h.index()].land).count();
            e.on_land = lands > 0;
            e.coastal = lands == 1;
            let [a, b] = e.vertices;
            vertices[a.index()].edges.push(EdgeId(i as u16));
            vertices[a.index()].neighbours.push(b);
            vertices[b.index()].edges.push(EdgeId(i as u16));
            vertices[b.index()].neighbours.push(a);
        }
        for v in vertices.iter_mut() {
            let lands = v.hexes.iter().filter(|h| hexes_out[h.index()].land).count();
            v.on_land = lands > 0;
            v.coastal = lands > 0 && lands < 3;
        }
        let land_vertices = (vertices.len() <= 8 * 64).then(|| {
            let mut land = IdSet::<8>::default();
            for (i, v) in vertices.iter().enumerate() {
                land.insert_if(i, v.on_land);
            }
            land
        });
        Topology {
            land_vertices,
            hexes: hexes_out.into(),
            vertices: vertices.into(),
            edges: edges.into(),
            index: Arc::new(Index {
                hex: hex_index,
                vertex: vertex_index,
                edge: edge_index,
            }),
        }
    }

    /// Number of hexes.
    pub fn hex_count(&self) -> usize {
        self.hexes.len()
    }
    /// Number of intersections.
    pub fn vertex_count(&self) -> usize {
        self.vertices.len()
    }
    /// Number of paths.
    pub fn edge_count(&self) -> usize {
        self.edges.len()
    }
    /// A hex, if the id is on this board.
    pub fn hex(&self, id: HexId) -> Option<&HexInfo> {
        self.hexes.get(id.index())
    }
    /// An intersection, if the id is on this board.
    pub fn vertex(&self, id: VertexId) -> Option<&VertexInfo> {
        self.vertices.get(id.index())
    }
    /// A path, if the id is on this board.
    pub fn edge(&self, id: EdgeId) -> Option<&EdgeInfo> {
        self.edges.get(id.index())
    }
    /// All hexes in id order.
    pub fn hexes(&self) -> &[HexInfo] {
        &self.hexes
    }
    /// All intersections in id order.
    pub fn vertices(&self) -> &[VertexInfo] {
        &self.vertices
    }
    /// All paths in id order.
    pub fn edges(&self) -> &[EdgeInfo] {
        &self.edges
    }
    /// The intersections on land (those whose [`VertexInfo::on_land`] is set) as bits, on
    /// boards of at most 512 intersections.
    #[inline]
    pub(crate) fn land_vertices(&self) -> Option<&IdSet<8>> {
        self.land_vertices.as_ref()
    }
    /// The hex at an axial coordinate.
    pub fn hex_at(&self, c: Axial) -> Option<HexId> {
        self.index.hex.get(&c).copied()
    }
    /// The intersection at a hex corner, if the hex is on the board.
    pub fn corner(&self, hex: HexId, c: Corner) -> Option<VertexId> {
        self.hex(hex).map(|h| h.corners[c as usize])
    }
    /// The intersection with a canonical key.
    pub fn vertex_by_key(&self, k: VertexKey) -> Option<VertexId> {
        self.index.vertex.get(&k).copied()
    }
    /// The path with a canonical key.
    pub fn edge_by_key(&self, k: EdgeKey) -> Option<EdgeId> {
        self.index.edge.get(&k).copied()
    }
    /// The path joining two intersections, if they are neighbours.
    pub fn edge_between(&self, a: VertexId, b: VertexId) -> Option<EdgeId> {
        let ka = self.vertex(a)?.key;
        let kb = self.vertex(b)?.key;
        self.index.edge.get(&EdgeKey::new(ka, kb)).copied()
    }
    /// The intersection at the other end of `edge` from `v`.
    pub fn other_end(&self, edge: EdgeId, v: VertexId) -> Option<VertexId> {
        let [a, b] = self.edge(edge)?.vertices;
        if a == v {
            Some(b)
        } else if b == v {
            Some(a)
        } else {
            None
        }
    }
    /// Every way to name an intersection as `hex + corner` on this board.
    pub fn corner_names(&self, v: VertexId) -> Vec<(HexId, Corner)> {
        let mut out = Vec::new();
        if let Some(info) = self.vertex(v) {
            for h in info.hexes.iter() {
                if let Some(hex) = self.hex(h) {
                    for c in Corner::ALL {
                        if hex.corners[c as usize] == v {
                            out.push((h, c));
                        }
                    }
                }
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::layout::standard_coords;

    fn standard() -> Topology {
        let hexes: Vec<(Axial, bool)> = standard_coords().into_iter().map(|c| (c, true)).collect();
        Topology::new(&hexes)
    }

    /// Every adjacency list is filled from the front, on the standard island and on every
    /// Seafarers map, so [`Adj::iter`], which stops at the first empty slot, gives every id
    /// (and an intersection lists as many paths as neighbours).
    #[test]
    fn adjacency_lists_are_filled_from_the_front() {
        fn filled_from_the_front<T: Copy, const N: usize>(a: &Adj<T, N>) -> bool {
            a.iter().count() == a.items.iter().filter(|x| x.is_some()).count()
        }
        let sea: Vec<_> = crate::SeaMap::ALL
            .into_iter()
            .map(|map| crate::Board::seafarers(map, 4, 0).expect("a map"))
            .collect();
        let mut lists = 0;
        for t in std::iter::once(&standard()).chain(sea.iter().map(|b| &b.topology)) {
            for v in t.vertices() {
                assert!(filled_from_the_front(&v.hexes) && filled_from_the_front(&v.edges));
                assert!(filled_from_the_front(&v.neighbours));
                assert_eq!(v.edges.len(), v.neighbours.len());
                let side_by_side: Vec<_> = v.edges.iter().zip(v.neighbours.iter()).collect();
                assert_eq!(v.links().collect::<Vec<_>>(), side_by_side);
                lists += 3;
            }
            for e in t.edges() {
                assert!(filled_from_the_front(&e.hexes));
                lists += 1;
            }
        }
        assert!(lists > 0);
    }

    #[test]
    fn standard_island_counts() {
        let t = standard();
        assert_eq!(t.hex_count(), 19);
        assert_eq!(t.vertex_count(), 54);
        assert_eq!(t.edge_count(), 72);
        assert_eq!(t.vertices().iter().filter(|v| v.coastal).count(), 30);
        assert_eq!(t.edges().iter().filter(|e| e.coastal).count(), 30);
    }

    #[test]
    fn adjacency_is_symmetric() {
        let t = standard();
        for (i, v) in t.vertices().iter().enumerate() {
            assert_eq!(v.edges.len(), v.neighbours.len());
            for (e, n) in v.edges.iter().zip(v.neighbours.iter()) {
                assert_eq!(t.other_end(e, VertexId(i as u16)), Some(n));
                assert!(t.vertex(n).unwrap().neighbours.iter().any(|x| x.index() == i));
            }
            let interior = !v.coastal;
            if interior {
                assert_eq!(v.hexes.len(), 3);
                assert_eq!(v.edges.len(), 3);
            }
        }
    }

    #[test]
    fn sea_ring_keeps_land_ids_in_reading_order_and_flags_coast() {
        let mut hexes: Vec<(Axial, bool)> = standard_coords().into_iter().map(|c| (c, true)).collect();
        for q in -3i8..=3 {
            for r in -3i8..=3 {
                let s = -q - r;
                if q.abs().max(r.abs()).max(s.abs()) == 3 {
                    hexes.push((Axial::new(q, r), false));
                }
            }
        }
        let t = Topology::new(&hexes);
        assert_eq!(t.hex_count(), 37);
        assert_eq!(t.vertices().iter().filter(|v| v.on_land).count(), 54);
        assert_eq!(t.edges().iter().filter(|e| e.on_land).count(), 72);
        assert_eq!(t.vertices().iter().filter(|v| v.coastal).count(), 30);
        assert_eq!(t.edges().iter().filter(|e| e.coastal).count(), 30);
    }

    #[test]
    fn every_corner_name_round_trips() {
        let t = standard();
        for v in 0..t.vertex_count() {
            let v = VertexId(v as u16);
            let names = t.corner_names(v);
            assert!(!names.is_empty());
            for (h, c) in names {
                assert_eq!(t.corner(h, c), Some(v));
            }
        }
    }
}
