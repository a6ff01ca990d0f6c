//! The board: canonical coordinates, topology tables, and layouts.

pub mod coord;
pub mod layout;
pub mod topology;

pub use coord::{Axial, Corner, EdgeKey, Side, VertexKey};
pub use layout::{coastal_intersections, Board, BoardError, Harbor, HarborKind, Terrain, TokenPlacement};
pub use topology::{Adj, EdgeInfo, HexInfo, Topology, VertexInfo};
