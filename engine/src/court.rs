//! The fan variant "The Court" (source `002_5f4cc12aafd16c0e.txt`): its components and their
//! state. The rules that use them live in the engine's `rules/court` module.
//!
//! - 30 foreign soldiers, 10 of each of three colours, on the coastal intersections;
//! - prisoners: soldiers taken by roads, counted by colour for each player;
//! - 3 colour banners (1 VP each, change hands) and 4 tricolour banners (1 VP, never lost);
//! - 20 nobles sent to the Court, and the Most Influence card (2 VP).

use crate::board::{coastal_intersections, Board};
use crate::ids::{PlayerId, VertexId, MAX_PLAYERS};
use serde::{Deserialize, Serialize};

/// Foreign soldiers of each colour (source `002_5f4cc12aafd16c0e.txt`, "New components").
pub const SOLDIERS_PER_COLOUR: u8 = 10;
/// Noble tokens in the game; none can be sent once all are at the Court.
pub const NOBLES: u8 = 20;
/// Tricolour banners in the game.
pub const TRICOLOUR_BANNERS: u8 = 4;
/// Prisoners of one colour needed for its banner, and nobles needed for Most Influence.
pub const FIRST_CLAIM: u8 = 3;

/// The colour of a foreign soldier (the seed calls the first colour both purple and violet).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SoldierColour {
    /// Purple (violet): the first ten, laid from the board's soldier start.
    Purple,
    /// Green: the next ten, clockwise.
    Green,
    /// Orange: the last ten.
    Orange,
}

impl SoldierColour {
    /// The three colours, in laying order.
    pub const ALL: [SoldierColour; 3] = [SoldierColour::Purple, SoldierColour::Green, SoldierColour::Orange];

    /// Index 0–2.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    /// English name, as written in scenarios and traces.
    pub fn name(self) -> &'static str {
        match self {
            SoldierColour::Purple => "purple",
            SoldierColour::Green => "green",
            SoldierColour::Orange => "orange",
        }
    }

    /// The colour with a name (`violet` is the seed's other word for purple).
    pub fn from_name(w: &str) -> Option<SoldierColour> {
        match w {
            "purple" | "violet" => Some(SoldierColour::Purple),
            "green" => Some(SoldierColour::Green),
            "orange" => Some(SoldierColour::Orange),
            _ => None,
        }
    }
}

impl std::fmt::Display for SoldierColour {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// The soldiers as laid at the start on a board, by intersection: 10 purple from the board's
/// soldier start, then clockwise 10 green and 10 orange.
///
/// # Errors
/// A board whose coast has other than 30 intersections, or a soldier start off the coast.
pub fn initial_soldiers(board: &Board) -> Result<Vec<Option<SoldierColour>>, &'static str> {
    let mut ring = coastal_intersections(&board.topology);
    if ring.len() != 3 * SOLDIERS_PER_COLOUR as usize {
        return Err("a board for The Court whose coast has other than 30 intersections");
    }
    if let Some(start) = board.soldier_start {
        let Some(k) = ring.iter().position(|v| *v == start) else {
            return Err("a soldier start that is not a coastal intersection");
        };
        ring.rotate_left(k);
    }
    let mut soldiers = vec![None; board.topology.vertex_count()];
    for (i, v) in ring.iter().enumerate() {
        soldiers[v.index()] = Some(SoldierColour::ALL[i / SOLDIERS_PER_COLOUR as usize]);
    }
    Ok(soldiers)
}

/// The Court part of the game state (empty and unused in other rulesets).
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize, Default)]
pub struct CourtState {
    /// The foreign soldier on each intersection, by intersection id.
    pub soldiers: Vec<Option<SoldierColour>>,
    /// Prisoners by seat and colour.
    pub prisoners: [[u8; 3]; MAX_PLAYERS],
    /// The holder of each colour's banner.
    pub banners: [Option<PlayerId>; 3],
    /// Seats holding a tricolour banner (bit set; at most one each).
    pub tricolour: u8,
    /// Nobles each seat has sent to the Court.
    pub nobles: [u8; MAX_PLAYERS],
    /// The holder of the Most Influence card.
    pub influence: Option<PlayerId>,
}

impl CourtState {
    /// The soldier on an intersection.
    pub fn soldier(&self, v: VertexId) -> Option<SoldierColour> {
        self.soldiers.get(v.index()).copied().flatten()
    }

    /// Soldiers of a colour still on the board.
    pub fn soldiers_left(&self, c: SoldierColour) -> u8 {
        self.soldiers.iter().filter(|s| **s == Some(c)).count() as u8
    }

    /// Tricolour banners handed out.
    pub fn tricolours_taken(&self) -> u8 {
        self.tricolour.count_ones() as u8
    }

    /// Nobles at the Court, all players together.
    pub fn nobles_sent(&self) -> u8 {
        self.nobles.iter().sum()
    }
}
