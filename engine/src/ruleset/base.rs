//! Named options of the base game.

use crate::ruleset::{number_option, option_words, word_option, OptionSpec};
use serde::{Deserialize, Serialize};

/// Which development cards may be played before the production roll.
///
/// Source `base-rules` §4 and §6: the almanac lets one development card be played at any
/// moment of the turn, before the roll too (`Any`, the default); older rule texts allow only
/// a knight before the roll (`KnightOnly`).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
pub enum DevBeforeRoll {
    /// Any development card (one per turn) may be played before rolling.
    #[default]
    Any,
    /// Only a knight may be played before rolling.
    KnightOnly,
}

/// Bank shortage, when several players are owed a resource the bank cannot pay in full.
///
/// Source `base-rules` §4: nobody receives that resource. If only one player is owed it,
/// `OneTakesRest` (the default) gives that player what is left; `NobodyEver` gives nothing.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
pub enum ShortageRule {
    /// A single owed player takes what is left.
    #[default]
    OneTakesRest,
    /// Nobody receives a resource the bank cannot pay in full.
    NobodyEver,
}

/// Road Building when no road can be placed (no road piece left, or no free path connected
/// to the player's roads and buildings).
///
/// No source settles it (`base-rules` §6 says only "place 2 roads free"): this project lets
/// the card be played and places nothing (`Allowed`, the default); catanatron 3.2.1 does not
/// offer the card then (`Refused`; difference R3 of `tools/differential/`).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
pub enum RoadBuildingWithoutRoad {
    /// The card may be played; it places what it can, possibly nothing.
    #[default]
    Allowed,
    /// The card is refused while no road could be placed.
    Refused,
}

/// Named options of the base game.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct BaseOptions {
    /// Victory points needed to win (10 in the base game).
    pub victory_target: u8,
    /// Which development cards may be played before the roll.
    pub dev_before_roll: DevBeforeRoll,
    /// Bank shortage handling.
    pub shortage: ShortageRule,
    /// The hand size above which a player discards half on a 7 (7: discard with 8 or more).
    pub discard_limit: u8,
    /// Road Building when no road can be placed.
    #[serde(default)]
    pub road_building_without_road: RoadBuildingWithoutRoad,
}

impl Default for BaseOptions {
    fn default() -> Self {
        BaseOptions {
            victory_target: 10,
            dev_before_roll: DevBeforeRoll::Any,
            shortage: ShortageRule::OneTakesRest,
            discard_limit: 7,
            road_building_without_road: RoadBuildingWithoutRoad::Allowed,
        }
    }
}

option_words!(DevBeforeRoll { "any" => Any, "knight-only" => KnightOnly });
option_words!(ShortageRule { "one-takes-rest" => OneTakesRest, "nobody-ever" => NobodyEver });
option_words!(RoadBuildingWithoutRoad { "allowed" => Allowed, "refused" => Refused });

/// The base game's named options.
pub const BASE_OPTIONS: &[OptionSpec] = &[
    number_option!(
        "victory-target",
        1,
        base.victory_target,
        "victory points needed to win (base 10, Cities & Knights 13)"
    ),
    number_option!(
        "discard-limit",
        0,
        base.discard_limit,
        "a 7 makes players holding more than this many cards discard half"
    ),
    word_option!(
        "dev-before-roll",
        DevBeforeRoll,
        base.dev_before_roll,
        "which development cards may be played before the roll"
    ),
    word_option!(
        "shortage",
        ShortageRule,
        base.shortage,
        "bank shortage when one player alone is owed a resource"
    ),
    word_option!(
        "road-building-without-road",
        RoadBuildingWithoutRoad,
        base.road_building_without_road,
        "whether Road Building may be played when no road can be placed"
    ),
];
