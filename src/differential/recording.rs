//! catanatron recordings: JSON lines written by `tools/differential/record.py`, one game per
//! file (a `game` header, one `step` per decision, an `end` line), plain or gzip-free text.

use serde::Deserialize;
use std::collections::BTreeMap;

/// One land tile as catanatron sees it.
#[derive(Clone, Debug, Deserialize)]
pub struct Tile {
    /// Cube coordinate `(x, y, z)` with `x + y + z = 0`.
    pub cube: [i8; 3],
    /// `WOOD`, `BRICK`, `SHEEP`, `WHEAT`, `ORE`, or `null` for the desert.
    pub resource: Option<String>,
    /// Number token, `null` on the desert.
    pub number: Option<u8>,
    /// Node id per corner name (`NORTH`, `NORTHEAST`, …).
    pub nodes: BTreeMap<String, u16>,
    /// The two node ids per side name (`EAST`, `SOUTHEAST`, …).
    pub edges: BTreeMap<String, [u16; 2]>,
}

/// A harbor: what it trades (`null`: 3:1) and its two node ids.
#[derive(Clone, Debug, Deserialize)]
pub struct Port {
    /// Resource name for a 2:1 harbor, `null` for 3:1.
    pub resource: Option<String>,
    /// The two intersections that use it.
    pub nodes: [u16; 2],
}

/// One player's public state in catanatron.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
pub struct PlayerState {
    /// Colour name (`RED`, `BLUE`, `WHITE`, `ORANGE`).
    pub color: String,
    /// Resource counts in catanatron order: wood, brick, sheep, wheat, ore.
    pub hand: [u32; 5],
    /// Development cards in hand: knight, year of plenty, monopoly, road building, VP.
    pub dev_hand: [u32; 5],
    /// Development cards played, same order.
    pub dev_played: [u32; 5],
    /// Pieces left.
    pub roads_left: u32,
    /// Pieces left.
    pub settlements_left: u32,
    /// Pieces left.
    pub cities_left: u32,
    /// Visible victory points.
    pub vp: u32,
    /// Victory points including hidden VP cards.
    pub actual_vp: u32,
    /// catanatron's longest road length for this player.
    pub longest_road_length: u32,
    /// Holds Longest Road.
    pub longest_road: bool,
    /// Holds Largest Army.
    pub largest_army: bool,
}

/// catanatron's public state after a step.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
pub struct PublicState {
    /// Players in seating order.
    pub players: Vec<PlayerState>,
    /// Bank resources, catanatron order.
    pub bank: [u32; 5],
    /// Development cards left.
    pub dev_deck: u32,
    /// Robber's cube coordinate.
    pub robber: [i8; 3],
    /// Whose turn it is.
    pub turn: String,
    /// Who decides next.
    pub to_act: String,
    /// Completed turns.
    pub num_turns: u32,
}

/// The first line of a recording.
#[derive(Clone, Debug, Deserialize)]
pub struct GameHeader {
    /// catanatron's seed.
    pub seed: u64,
    /// Seating order.
    pub colors: Vec<String>,
    /// Victory points to win.
    pub vps_to_win: u32,
    /// Discard above this many cards on a 7.
    pub discard_limit: u32,
    /// Land tiles.
    pub tiles: Vec<Tile>,
    /// Harbors.
    pub ports: Vec<Port>,
    /// Public state before the first step.
    pub state: PublicState,
}

/// One decision: who acted, catanatron's legal actions, the action as logged (chance filled
/// in), and the public state after it. Actions are `[colour, type, value]`.
#[derive(Clone, Debug, Deserialize)]
pub struct Step {
    /// Step number from 0.
    pub i: u32,
    /// The colour that decided.
    pub to_act: String,
    /// catanatron's legal actions before the step.
    pub legal: Vec<serde_json::Value>,
    /// The action taken, with its chance result.
    pub action: serde_json::Value,
    /// Public state after the step.
    pub state: PublicState,
}

/// A whole recorded game.
#[derive(Clone, Debug)]
pub struct Recording {
    /// The header line.
    pub header: GameHeader,
    /// Every decision in order.
    pub steps: Vec<Step>,
    /// The winner's colour, `None` at the turn cap or when the `end` line is missing.
    pub winner: Option<String>,
}

#[derive(Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
enum Line {
    Game(Box<GameHeader>),
    Step(Box<Step>),
    End { winner: Option<String> },
}

/// Parses a recording from its text. Errors name the line.
pub fn read_recording(text: &str) -> Result<Recording, String> {
    let mut header = None;
    let mut steps = Vec::new();
    let mut winner = None;
    for (n, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let parsed: Line = serde_json::from_str(line).map_err(|e| format!("line {}: {e}", n + 1))?;
        match parsed {
            Line::Game(h) if header.is_none() => header = Some(*h),
            Line::Game(_) => return Err(format!("line {}: a second game header", n + 1)),
            Line::Step(_) | Line::End { .. } if header.is_none() => {
                return Err(format!("line {}: a step before the game header", n + 1))
            }
            Line::Step(s) => steps.push(*s),
            Line::End { winner: w } => winner = w,
        }
    }
    let header = header.ok_or_else(|| "no game header line".to_string())?;
    Ok(Recording { header, steps, winner })
}
