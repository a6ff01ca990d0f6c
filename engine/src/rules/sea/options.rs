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

/// With Cities & Knights: where the pirate waits until the first barbarian attack
/// (disagreement D6, the pirate's half).
///
/// Source `000_fee7e8147b67bbe6.txt` p. 12 "Setup": on the last space of the barbarian track,
/// off the board; it enters at the first attack on the map's pirate start (`off-board`,
/// default; no ship is blocked before then). Source `004_bf8a3dbb68824bc0.txt` "Das Spiel mit
/// der Seefahrt": the rule that the robber may not move before the first attack holds for the
/// pirate too, so it stays on its start hex, unable to move, still blocking the ships there
/// (`on-start`, profile `german-3d`).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
pub enum PirateBeforeAttack {
    /// Off the board until the first attack.
    #[default]
    OffBoard,
    /// On the map's start hex, frozen.
    OnStart,
}

option_words!(PirateBeforeAttack { "off-board" => OffBoard, "on-start" => OnStart });

/// With Cities & Knights: what a knight must stay linked to when its owner moves a ship
/// (disagreement D9).
///
/// Source `000_fee7e8147b67bbe6.txt` p. 12 "Move a Ship": knights stay connected to a route
/// of their colour, so a ship that is a knight's last road or ship stays (`route`, default).
/// Source `004_bf8a3dbb68824bc0.txt`: a knight at the end of a ship line closes it — its
/// link to a settlement of its colour is never broken, so a ship also stays when without it
/// the knight's roads and ships no longer reach its owner's settlement or city (`settlement`,
/// profile `german-3d`; it implies `route`).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
pub enum KnightLink {
    /// An own road or ship touches the knight.
    #[default]
    Route,
    /// Own roads and ships join the knight to an own settlement or city.
    Settlement,
}

option_words!(KnightLink { "route" => Route, "settlement" => Settlement });

/// Named options of Seafarers.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize, Default)]
pub struct SeaOptions {
    /// Whether a building's only ship may sail away.
    pub ship_leaves_building: ShipLeavesBuilding,
    /// With Cities & Knights: where the pirate waits before the first attack.
    #[serde(default)]
    pub pirate_before_attack: PirateBeforeAttack,
    /// With Cities & Knights: what a knight stays linked to when ships move.
    #[serde(default)]
    pub knight_link: KnightLink,
}

impl SeaOptions {
    /// The options an edition profile sets (the combination's disagreements D6 and D9);
    /// `ship-leaves-building` is no edition's and stays.
    pub fn with_profile(self, profile: crate::ruleset::Profile) -> SeaOptions {
        let german = profile == crate::ruleset::Profile::German3d;
        SeaOptions {
            pirate_before_attack: if german {
                PirateBeforeAttack::OnStart
            } else {
                PirateBeforeAttack::OffBoard
            },
            knight_link: if german {
                KnightLink::Settlement
            } else {
                KnightLink::Route
            },
            ..self
        }
    }
}

/// The named options of Seafarers.
pub const SEA_OPTIONS: &[OptionSpec] = &[
    word_option!(
        "ship-leaves-building",
        ShipLeavesBuilding,
        sea.ship_leaves_building,
        "Seafarers: whether the only ship next to a settlement or city may move away"
    ),
    word_option!(
        "pirate-before-attack",
        PirateBeforeAttack,
        sea.pirate_before_attack,
        "Seafarers with Cities & Knights: where the pirate waits until the first barbarian attack"
    ),
    word_option!(
        "knight-link",
        KnightLink,
        sea.knight_link,
        "Seafarers with Cities & Knights: what a knight stays linked to when a ship moves"
    ),
];
