//! Named options of Barbarian Attack: one per point the public sources leave open (every
//! point marked UNVERIFIED in this project's notes on the scenario), each defaulting to the
//! reading most sources give. `README.md` ("Named options") lists them with the reason.

use crate::ruleset::{number_option, option_words, word_option, OptionSpec};
use serde::{Deserialize, Serialize};

/// Which black number token stays out of the seven inner hexes (the printed pattern is a
/// diagram only; source `catan-faq-tb` says only that the coast carries one of each number).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
pub enum LeftOutToken {
    /// Drawn with the board's seed.
    #[default]
    Seeded,
    /// The 3 stays out.
    Three,
    /// The 4 stays out.
    Four,
    /// The 5 stays out.
    Five,
    /// The 9 stays out.
    Nine,
    /// The 10 stays out.
    Ten,
    /// The 11 stays out.
    Eleven,
}

impl LeftOutToken {
    /// The token number, `None` when drawn with the seed.
    pub fn number(self) -> Option<u8> {
        match self {
            LeftOutToken::Seeded => None,
            LeftOutToken::Three => Some(3),
            LeftOutToken::Four => Some(4),
            LeftOutToken::Five => Some(5),
            LeftOutToken::Nine => Some(9),
            LeftOutToken::Ten => Some(10),
            LeftOutToken::Eleven => Some(11),
        }
    }
}

/// Which hexes the knights fight for (sources differ: "conquered" hexes, or any hex with
/// barbarians).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
pub enum BattleHexes {
    /// Any coastal hex with at least one barbarian.
    #[default]
    Any,
    /// Only conquered hexes (three barbarians).
    Conquered,
}

/// How the prisoners of a won battle are shared among the players whose knights fought.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
pub enum PrisonerSplit {
    /// As evenly as possible among the players; the prisoners left over go one each to the
    /// players with the most knights there (a tie: the player on turn chooses among them).
    #[default]
    Even,
    /// All to the player with the most knights there (a tie: shared as `even` among the tied).
    MostKnights,
}

/// What a 7 does in Barbarian Attack (there is no robber).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
pub enum BarbSeven {
    /// Players holding more than 7 cards discard half, as in the base game.
    #[default]
    Discard,
    /// Nothing happens.
    Nothing,
}

/// Whether the board keeps the base game's harbors.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
pub enum BarbHarbors {
    /// The nine standard harbors.
    #[default]
    Standard,
    /// No harbors.
    None,
}

/// The named options of Barbarian Attack.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct BarbOptions {
    /// The black token left out of the inner hexes.
    pub left_out: LeftOutToken,
    /// Harbors on the board.
    pub harbors: BarbHarbors,
    /// Whether setup settlements and cities bring barbarians too.
    pub setup_landing: bool,
    /// What a 7 does.
    pub seven: BarbSeven,
    /// Barbarian figures in the game (on the board, in supply and held as prisoners).
    pub supply: u8,
    /// Which hexes are fought for.
    pub battle_hexes: BattleHexes,
    /// How prisoners are shared.
    pub prisoner_split: PrisonerSplit,
    /// Gold a player receives for each knight lost in battle.
    pub gold_per_knight: u8,
    /// Purchases with gold (2 gold for 1 resource) a player may make per turn.
    pub gold_purchases: u8,
}

impl Default for BarbOptions {
    fn default() -> Self {
        BarbOptions {
            left_out: LeftOutToken::Seeded,
            harbors: BarbHarbors::Standard,
            setup_landing: false,
            seven: BarbSeven::Discard,
            supply: 30,
            battle_hexes: BattleHexes::Any,
            prisoner_split: PrisonerSplit::Even,
            gold_per_knight: 3,
            gold_purchases: 2,
        }
    }
}

option_words!(LeftOutToken { "seeded" => Seeded, "3" => Three, "4" => Four, "5" => Five, "9" => Nine, "10" => Ten, "11" => Eleven });
option_words!(BattleHexes { "any" => Any, "conquered" => Conquered });
option_words!(PrisonerSplit { "even" => Even, "most-knights" => MostKnights });
option_words!(BarbSeven { "discard" => Discard, "nothing" => Nothing });
option_words!(BarbHarbors { "standard" => Standard, "none" => None });

/// The named options of Barbarian Attack.
pub const BARB_OPTIONS: &[OptionSpec] = &[
    word_option!(
        "barb-left-out-token",
        LeftOutToken,
        barb.left_out,
        "Barbarian Attack: which black number token the seven inner hexes leave out"
    ),
    word_option!(
        "barb-harbors",
        BarbHarbors,
        barb.harbors,
        "Barbarian Attack: whether the board keeps the nine harbors"
    ),
    word_option!(
        "barb-setup-landing",
        bool,
        barb.setup_landing,
        "Barbarian Attack: whether setup settlements and cities bring three barbarians each"
    ),
    word_option!(
        "barb-seven",
        BarbSeven,
        barb.seven,
        "Barbarian Attack: whether a 7 still makes players above 7 cards discard half"
    ),
    number_option!(
        "barbarian-supply",
        2,
        barb.supply,
        "Barbarian Attack: barbarian figures in the game; landings stop when none is left"
    ),
    word_option!(
        "battle-hexes",
        BattleHexes,
        barb.battle_hexes,
        "Barbarian Attack: whether knights fight for any hex with barbarians or only conquered ones"
    ),
    word_option!(
        "prisoner-split",
        PrisonerSplit,
        barb.prisoner_split,
        "Barbarian Attack: how the prisoners of a won battle are shared"
    ),
    number_option!(
        "gold-per-lost-knight",
        0,
        barb.gold_per_knight,
        "Barbarian Attack: gold a player receives for each knight lost in battle"
    ),
    number_option!(
        "gold-purchases",
        0,
        barb.gold_purchases,
        "Barbarian Attack: purchases of 1 resource for 2 gold a player may make per turn"
    ),
];
