//! Newtype ids for players and board places.
//!
//! Board ids (`HexId`, `VertexId`, `EdgeId`) are dense indices into one board's
//! [`Topology`](crate::board::Topology) tables. They are assigned from canonical
//! coordinates (see [`crate::board::coord`]) in reading order, so the same board always gets
//! the same ids, and larger boards (sea, Seafarers maps) use the same scheme.

use serde::{Deserialize, Serialize};
use std::fmt;

macro_rules! id_type {
    ($(#[$doc:meta])* $name:ident, $inner:ty, $prefix:literal) => {
        $(#[$doc])*
        #[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
        #[serde(transparent)]
        pub struct $name(pub $inner);

        impl $name {
            /// The dense index of this id.
            #[inline]
            pub fn index(self) -> usize {
                self.0 as usize
            }
        }

        impl fmt::Debug for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, concat!($prefix, "{}"), self.0)
            }
        }
    };
}

id_type!(
    /// A hex of the board (land or sea), by dense index.
    HexId, u16, "h");
id_type!(
    /// An intersection (corner where up to three hexes meet), by dense index.
    VertexId, u16, "v");
id_type!(
    /// A path (side shared by up to two hexes), by dense index.
    EdgeId, u16, "e");
id_type!(
    /// A seat at the table, 0-based in turn order.
    PlayerId, u8, "p");

/// The most players any supported ruleset seats.
pub const MAX_PLAYERS: usize = 4;

/// Player colours, used by scenarios and reports to name seats.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Colour {
    /// Red.
    Red,
    /// Blue.
    Blue,
    /// White.
    White,
    /// Orange.
    Orange,
    /// Green (5–6 player sets; usable as a name).
    Green,
    /// Brown (5–6 player sets; usable as a name).
    Brown,
}

impl Colour {
    /// All colours, in the default seating order.
    pub const ALL: [Colour; 6] = [
        Colour::Red,
        Colour::Blue,
        Colour::White,
        Colour::Orange,
        Colour::Green,
        Colour::Brown,
    ];

    /// The English name, lower case.
    pub fn name(self) -> &'static str {
        match self {
            Colour::Red => "red",
            Colour::Blue => "blue",
            Colour::White => "white",
            Colour::Orange => "orange",
            Colour::Green => "green",
            Colour::Brown => "brown",
        }
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
