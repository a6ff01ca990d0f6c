//! The normalisation both engines' legal actions go through before they are compared.
//!
//! The two engines split some decisions into different steps; each action becomes a short
//! string in which those splits are erased:
//! - the robber: catanatron offers `(hex, victim)` pairs, this engine a hex and then a
//!   victim; both become `robber HEX` (the victim is compared through the recorded step);
//! - discards: catanatron offers one random `DISCARD`, this engine every choice of cards;
//!   both become `discard`;
//! - maritime trade: catanatron offers the best rate only, this engine every rate the player
//!   is entitled to; both become `trade GIVE GET`;
//! - Year of Plenty: both become the sorted pair of resources;
//! - chance steps do not occur: both sides compare at a player's decision.

use super::geometry::{resource_of, PlaceMap};
use catan_engine::{Action, Board, Game};
use serde_json::Value;
use std::collections::BTreeSet;

fn vertex_name(board: &Board, v: catan_engine::VertexId) -> String {
    crate::places::vertex_name(board, v)
}

fn resource_name(v: &Value) -> String {
    v.as_str()
        .and_then(resource_of)
        .map_or_else(|| format!("?{v}"), |r| format!("{r:?}").to_lowercase())
}

/// catanatron's legal actions, normalised.
pub fn theirs(map: &PlaceMap, board: &Board, legal: &[Value]) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for a in legal {
        let kind = a.get(1).and_then(Value::as_str).unwrap_or("?");
        let value = a.get(2).unwrap_or(&Value::Null);
        let node = |v: &Value| {
            let id = v.as_u64().and_then(|n| u16::try_from(n).ok());
            id.and_then(|n| map.vertex(board, n))
                .map_or_else(|| format!("?{v}"), |v| vertex_name(board, v))
        };
        let s = match kind {
            "BUILD_SETTLEMENT" => format!("settlement {}", node(value)),
            "BUILD_CITY" => format!("city {}", node(value)),
            "BUILD_ROAD" => {
                let e = value.as_array().filter(|e| e.len() == 2).and_then(|e| {
                    let (a, b) = (e[0].as_u64()?, e[1].as_u64()?);
                    map.edge(board, u16::try_from(a).ok()?, u16::try_from(b).ok()?)
                });
                e.map_or_else(
                    || format!("road ?{value}"),
                    |e| format!("road {}", crate::places::edge_name(board, e)),
                )
            }
            "MOVE_ROBBER" => {
                let cube: Option<[i8; 3]> = value.get(0).and_then(|c| serde_json::from_value(c.clone()).ok());
                let hex = cube
                    .and_then(|c| map.tiles.get(&c))
                    .and_then(|a| board.topology.hex_at(*a));
                hex.map_or_else(
                    || format!("robber ?{value}"),
                    |h| format!("robber {}", board.hex_name(h)),
                )
            }
            "MARITIME_TRADE" => {
                let slots = value.as_array().map(Vec::as_slice).unwrap_or_default();
                match slots {
                    [give, .., get] => format!("trade {} {}", resource_name(give), resource_name(get)),
                    _ => format!("trade ?{value}"),
                }
            }
            "PLAY_YEAR_OF_PLENTY" => {
                let mut r: Vec<String> = value
                    .as_array()
                    .map(|v| v.iter().map(resource_name).collect())
                    .unwrap_or_default();
                r.sort();
                format!("year-of-plenty {}", r.join(" "))
            }
            "PLAY_MONOPOLY" => format!("monopoly {}", resource_name(value)),
            "ROLL" => "roll".into(),
            "DISCARD" => "discard".into(),
            "END_TURN" => "end-turn".into(),
            "BUY_DEVELOPMENT_CARD" => "buy-dev".into(),
            "PLAY_KNIGHT_CARD" => "knight".into(),
            "PLAY_ROAD_BUILDING" => "road-building".into(),
            other => format!("?{other}"),
        };
        out.insert(s);
    }
    out
}

/// This engine's legal actions at its current decision, normalised.
pub fn ours(game: &Game) -> BTreeSet<String> {
    let board = game.board();
    let mut legal = Vec::new();
    game.legal_actions(&mut legal);
    let mut out = BTreeSet::new();
    for a in legal {
        let s = match a {
            Action::BuildSettlement { at, .. } => format!("settlement {}", vertex_name(board, at)),
            Action::BuildCity { at, .. } => format!("city {}", vertex_name(board, at)),
            Action::BuildRoad { at, .. } => format!("road {}", crate::places::edge_name(board, at)),
            Action::MoveRobber { to, .. } => format!("robber {}", board.hex_name(to)),
            Action::MaritimeTrade { give, get, .. } => {
                format!(
                    "trade {} {}",
                    format!("{give:?}").to_lowercase(),
                    format!("{get:?}").to_lowercase()
                )
            }
            Action::PlayYearOfPlenty { take, .. } => {
                let mut r: Vec<String> = take.iter().map(|r| format!("{r:?}").to_lowercase()).collect();
                r.sort();
                format!("year-of-plenty {}", r.join(" "))
            }
            Action::PlayMonopoly { resource, .. } => format!("monopoly {}", format!("{resource:?}").to_lowercase()),
            Action::Roll { .. } => "roll".into(),
            Action::Discard { .. } => "discard".into(),
            Action::EndTurn { .. } => "end-turn".into(),
            Action::BuyDevCard { .. } => "buy-dev".into(),
            Action::PlayKnight { .. } => "knight".into(),
            Action::PlayRoadBuilding { .. } => "road-building".into(),
            other => format!("{other:?}"),
        };
        out.insert(s);
    }
    out
}

/// The two sets' differences, `None` when equal: what only this engine offers and what only
/// catanatron offers.
pub fn differ(ours: &BTreeSet<String>, theirs: &BTreeSet<String>) -> Option<String> {
    if ours == theirs {
        return None;
    }
    let only_ours: Vec<&String> = ours.difference(theirs).collect();
    let only_theirs: Vec<&String> = theirs.difference(ours).collect();
    Some(format!(
        "legal actions differ: only this engine {only_ours:?}; only catanatron {only_theirs:?}"
    ))
}
