//! Differential conformance against catanatron: its recorded games (written by
//! `tools/differential/record.py`), the place map between its node/edge/tile ids and this
//! project's intersections, paths and hexes (derived from geometry), and the board rebuilt
//! from a recording.

pub mod geometry;
pub mod normalise;
pub mod recording;
pub mod replay;
pub mod report;

pub use geometry::{board_from_header, PlaceMap};
pub use recording::{read_recording, GameHeader, Recording, Step};
pub use replay::{replay, Difference, ReplayReport};
