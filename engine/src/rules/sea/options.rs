//! Named options of Seafarers: the readings no source settles.

use crate::ruleset::{option_words, word_option, OptionSpec};
use serde::{Deserialize, Serialize};

/// Whether the only ship next to a settlement or city may sail away, leaving that building
/// with no road or ship (option `ship-leaves-building`).
///
/// Source `004_bf8a3dbb68824bc0.txt`, "Schiffe versetzen", forbids moving ships of a closed
/// line and allows moving the open end ship; nothing forbids leaving a building bare, and
/// the letter of the rule allows it (`allowed`, default). A Mayfair rules answer in a public
/// discussion was read both ways, so `refused` keeps every building attached to a road or a
/// ship (rule `SEA.MOVE.LEAVES_BUILDING`).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
pub enum ShipLeavesBuilding {
    /// The end ship may move even when it is the building's only road or ship.
    #[default]
    Allowed,
    /// A ship that is the only road or ship at one of its owner's buildings stays.
    Refused,
}

option_words!(ShipLeavesBuilding { "allowed" => Allowed, "refused" => Refused });

/// Named options of Seafarers.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize, Default)]
pub struct SeaOptions {
    /// Whether a building's only ship may sail away.
    pub ship_leaves_building: ShipLeavesBuilding,
}

/// The named options of Seafarers.
pub const SEA_OPTIONS: &[OptionSpec] = &[word_option!(
    "ship-leaves-building",
    ShipLeavesBuilding,
    sea.ship_leaves_building,
    "Seafarers: whether the only ship next to a settlement or city may move away"
)];
