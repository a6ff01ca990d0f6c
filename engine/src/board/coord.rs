//! Canonical coordinates: the id scheme every board shares.
//!
//! Hexes are pointy-topped and addressed by axial coordinates `(q, r)`: `q` grows to the
//! east, `r` to the south-east, so rows run top to bottom with `r`. Each hex has six corners
//! `n ne se s sw nw` and six sides `ne e se sw w nw`.
//!
//! Every intersection is exactly one hex's north or south corner: `ne` of `(q, r)` is the
//! south corner of `(q+1, r-1)`, `nw` the south corner of `(q, r-1)`, `se` the north corner
//! of `(q, r+1)` and `sw` the north corner of `(q-1, r+1)`. A path is the pair of its two
//! intersections. These keys do not depend on which hexes a board contains, so sea hexes and
//! larger maps extend a board without renaming anything.

use serde::{Deserialize, Serialize};
use std::fmt;

/// Axial hex coordinate.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
pub struct Axial {
    /// Column axis (east).
    pub q: i8,
    /// Row axis (south-east).
    pub r: i8,
}

impl Axial {
    /// Builds a coordinate.
    pub const fn new(q: i8, r: i8) -> Axial {
        Axial { q, r }
    }

    /// The neighbour across a side.
    pub fn neighbour(self, side: Side) -> Axial {
        let (dq, dr) = match side {
            Side::NE => (1, -1),
            Side::E => (1, 0),
            Side::SE => (0, 1),
            Side::SW => (-1, 1),
            Side::W => (-1, 0),
            Side::NW => (0, -1),
        };
        Axial::new(self.q.wrapping_add(dq), self.r.wrapping_add(dr))
    }

    /// The canonical key of one of this hex's corners.
    pub fn corner(self, c: Corner) -> VertexKey {
        let (q, r) = (self.q, self.r);
        match c {
            Corner::N => VertexKey {
                hex: self,
                south: false,
            },
            Corner::S => VertexKey { hex: self, south: true },
            Corner::NE => VertexKey {
                hex: Axial::new(q.wrapping_add(1), r.wrapping_sub(1)),
                south: true,
            },
            Corner::NW => VertexKey {
                hex: Axial::new(q, r.wrapping_sub(1)),
                south: true,
            },
            Corner::SE => VertexKey {
                hex: Axial::new(q, r.wrapping_add(1)),
                south: false,
            },
            Corner::SW => VertexKey {
                hex: Axial::new(q.wrapping_sub(1), r.wrapping_add(1)),
                south: false,
            },
        }
    }

    /// The canonical key of one of this hex's sides.
    pub fn side(self, s: Side) -> EdgeKey {
        let (a, b) = s.corners();
        EdgeKey::new(self.corner(a), self.corner(b))
    }

    /// Doubled x position of the centre (units of half a hex width), for reading order.
    pub fn x2(self) -> i32 {
        2 * self.q as i32 + self.r as i32
    }
}

impl fmt::Display for Axial {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({},{})", self.q, self.r)
    }
}

/// A corner of a pointy-topped hex.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Corner {
    /// Top.
    N,
    /// Upper right.
    NE,
    /// Lower right.
    SE,
    /// Bottom.
    S,
    /// Lower left.
    SW,
    /// Upper left.
    NW,
}

impl Corner {
    /// Clockwise from the top.
    pub const ALL: [Corner; 6] = [Corner::N, Corner::NE, Corner::SE, Corner::S, Corner::SW, Corner::NW];

    /// Lower-case name as written in scenarios.
    pub fn name(self) -> &'static str {
        match self {
            Corner::N => "n",
            Corner::NE => "ne",
            Corner::SE => "se",
            Corner::S => "s",
            Corner::SW => "sw",
            Corner::NW => "nw",
        }
    }

    /// Parses a lower-case corner name.
    pub fn from_name(s: &str) -> Option<Corner> {
        Corner::ALL.into_iter().find(|c| c.name() == s)
    }
}

/// A side of a pointy-topped hex.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// Between corners n and ne.
    NE,
    /// Between corners ne and se.
    E,
    /// Between corners se and s.
    SE,
    /// Between corners s and sw.
    SW,
    /// Between corners sw and nw.
    W,
    /// Between corners nw and n.
    NW,
}

impl Side {
    /// Clockwise from the upper right.
    pub const ALL: [Side; 6] = [Side::NE, Side::E, Side::SE, Side::SW, Side::W, Side::NW];

    /// The two corners this side joins, clockwise.
    pub fn corners(self) -> (Corner, Corner) {
        match self {
            Side::NE => (Corner::N, Corner::NE),
            Side::E => (Corner::NE, Corner::SE),
            Side::SE => (Corner::SE, Corner::S),
            Side::SW => (Corner::S, Corner::SW),
            Side::W => (Corner::SW, Corner::NW),
            Side::NW => (Corner::NW, Corner::N),
        }
    }

    /// The side joining two corners of one hex, if they are adjacent.
    pub fn between(a: Corner, b: Corner) -> Option<Side> {
        Side::ALL.into_iter().find(|s| {
            let (x, y) = s.corners();
            (x == a && y == b) || (x == b && y == a)
        })
    }

    /// Lower-case name.
    pub fn name(self) -> &'static str {
        match self {
            Side::NE => "ne",
            Side::E => "e",
            Side::SE => "se",
            Side::SW => "sw",
            Side::W => "w",
            Side::NW => "nw",
        }
    }
}

/// Canonical key of an intersection: the north or south corner of one hex.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
pub struct VertexKey {
    /// The hex whose north/south corner this is.
    pub hex: Axial,
    /// South corner if true, north corner if false.
    pub south: bool,
}

impl VertexKey {
    /// Reading-order position: (doubled-and-a-half y, doubled x).
    pub fn sort_key(self) -> (i32, i32) {
        let y = 3 * self.hex.r as i32 + if self.south { 2 } else { -2 };
        (y, self.hex.x2())
    }

    /// The three hexes around this intersection.
    pub fn hexes(self) -> [Axial; 3] {
        let Axial { q, r } = self.hex;
        if self.south {
            // The south corner of (q,r) is the `ne` corner of (q-1,r+1) and the `nw` of (q,r+1).
            [
                self.hex,
                Axial::new(q.wrapping_sub(1), r.wrapping_add(1)),
                Axial::new(q, r.wrapping_add(1)),
            ]
        } else {
            // north of (q,r) is the `se` corner of (q, r-1) and the `sw` corner of (q+1, r-1).
            [
                self.hex,
                Axial::new(q, r.wrapping_sub(1)),
                Axial::new(q.wrapping_add(1), r.wrapping_sub(1)),
            ]
        }
    }
}

/// Canonical key of a path: its two intersections, ordered.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
pub struct EdgeKey {
    /// The smaller intersection key.
    pub a: VertexKey,
    /// The larger intersection key.
    pub b: VertexKey,
}

impl EdgeKey {
    /// Orders the two intersections.
    pub fn new(x: VertexKey, y: VertexKey) -> EdgeKey {
        if x <= y {
            EdgeKey { a: x, b: y }
        } else {
            EdgeKey { a: y, b: x }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_corner_shared_by_three_hexes_has_one_key() {
        let h = Axial::new(0, 0);
        assert_eq!(h.corner(Corner::NE), Axial::new(1, -1).corner(Corner::S));
        assert_eq!(h.corner(Corner::NE), Axial::new(1, 0).corner(Corner::NW));
        assert_eq!(h.corner(Corner::SE), Axial::new(1, 0).corner(Corner::SW));
        assert_eq!(h.corner(Corner::SE), Axial::new(0, 1).corner(Corner::N));
        assert_eq!(h.corner(Corner::S), Axial::new(-1, 1).corner(Corner::NE));
        assert_eq!(h.corner(Corner::SW), Axial::new(-1, 0).corner(Corner::SE));
        assert_eq!(h.corner(Corner::NW), Axial::new(0, -1).corner(Corner::S));
        assert_eq!(h.corner(Corner::NW), Axial::new(-1, 0).corner(Corner::NE));
    }

    #[test]
    fn a_side_shared_by_two_hexes_has_one_key() {
        let h = Axial::new(0, 0);
        assert_eq!(h.side(Side::E), Axial::new(1, 0).side(Side::W));
        assert_eq!(h.side(Side::NE), Axial::new(1, -1).side(Side::SW));
        assert_eq!(h.side(Side::NW), Axial::new(0, -1).side(Side::SE));
    }

    #[test]
    fn vertex_key_lists_the_three_hexes_that_share_it() {
        for hex in [Axial::new(0, 0), Axial::new(2, -1)] {
            for c in Corner::ALL {
                let key = hex.corner(c);
                assert!(key.hexes().contains(&hex), "{hex} {c:?}");
                for other in key.hexes() {
                    assert!(Corner::ALL.iter().any(|&oc| other.corner(oc) == key));
                }
            }
        }
    }
}
