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

/// With Cities & Knights: what a barbarian arrival does when its roll is a 7, which no
/// coastal hex carries (source `003_c1bc764549538a7d.txt` is silent).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
pub enum ArrivalSeven {
    /// Nothing is placed.
    #[default]
    Nothing,
    /// The dice are rolled again until they show another total, as in a landing.
    Reroll,
}

/// With Cities & Knights: what the knights' strength is compared with in a battle (D22: seed
/// 003 says "more Strength Points than there are barbarians on the game area").
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
pub enum BattleCount {
    /// The barbarians on the hex fought for, as the base scenario compares knights and
    /// barbarians hex by hex.
    #[default]
    Hex,
    /// Every barbarian on the board (the seed's words taken literally).
    Board,
}

/// With Cities & Knights: whether a knight that displaces another lies down afterwards (seed
/// 003 says only that the displaced knight is deactivated).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
pub enum Displacer {
    /// It lies down, as every knight action of Cities & Knights lays the knight down.
    #[default]
    LiesDown,
    /// It stays active.
    StaysActive,
}

/// With Cities & Knights: whether a conquered city (or a metropolis whose hexes are all
/// conquered or sea) lets its owner buy city improvements.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
pub enum ConqueredCity {
    /// It does not: an improvement needs an unconquered city (seed 003 says so of the
    /// metropolis; a conquered city is no better off).
    #[default]
    DoesNotCount,
    /// Conquered cities count; only the seed's own case is refused (a metropolis surrounded
    /// by conquest, with no other unconquered city, is not expanded further).
    Counts,
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
    /// With Cities & Knights: a ship face with a production roll of 7.
    pub ck_ship_seven: ArrivalSeven,
    /// With Cities & Knights: an improvement's arrival roll of 7.
    pub ck_improvement_seven: ArrivalSeven,
    /// With Cities & Knights: whether settlements and cities still bring three barbarians.
    pub ck_building_landing: bool,
    /// With Cities & Knights: what the knights' strength must exceed.
    pub ck_battle_count: BattleCount,
    /// With Cities & Knights: whether a displacing knight lies down.
    pub ck_displacer: Displacer,
    /// With Cities & Knights: whether conquered cities allow improvements.
    pub ck_conquered_city: ConqueredCity,
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
            ck_ship_seven: ArrivalSeven::Nothing,
            ck_improvement_seven: ArrivalSeven::Reroll,
            ck_building_landing: true,
            ck_battle_count: BattleCount::Hex,
            ck_displacer: Displacer::LiesDown,
            ck_conquered_city: ConqueredCity::DoesNotCount,
        }
    }
}

option_words!(LeftOutToken { "seeded" => Seeded, "3" => Three, "4" => Four, "5" => Five, "9" => Nine, "10" => Ten, "11" => Eleven });
option_words!(BattleHexes { "any" => Any, "conquered" => Conquered });
option_words!(PrisonerSplit { "even" => Even, "most-knights" => MostKnights });
option_words!(BarbSeven { "discard" => Discard, "nothing" => Nothing });
option_words!(BarbHarbors { "standard" => Standard, "none" => None });
option_words!(ArrivalSeven { "nothing" => Nothing, "reroll" => Reroll });
option_words!(BattleCount { "hex" => Hex, "board" => Board });
option_words!(Displacer { "lies-down" => LiesDown, "stays-active" => StaysActive });
option_words!(ConqueredCity { "does-not-count" => DoesNotCount, "counts" => Counts });

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
    word_option!(
        "barb-ck-ship-seven",
        ArrivalSeven,
        barb.ck_ship_seven,
        "Barbarian Attack with Cities & Knights: a ship face with a production roll of 7 places nothing, or rolls again"
    ),
    word_option!(
        "barb-ck-improvement-seven",
        ArrivalSeven,
        barb.ck_improvement_seven,
        "Barbarian Attack with Cities & Knights: an improvement's arrival roll of 7 is rolled again, or places nothing"
    ),
    word_option!(
        "barb-ck-building-landing",
        bool,
        barb.ck_building_landing,
        "Barbarian Attack with Cities & Knights: whether settlements and cities still bring three barbarians each"
    ),
    word_option!(
        "barb-ck-battle-count",
        BattleCount,
        barb.ck_battle_count,
        "Barbarian Attack with Cities & Knights: knights' strength must exceed the barbarians on the hex, or on the board (D22)"
    ),
    word_option!(
        "barb-ck-displacer",
        Displacer,
        barb.ck_displacer,
        "Barbarian Attack with Cities & Knights: whether a knight that displaces another lies down"
    ),
    word_option!(
        "barb-ck-conquered-city",
        ConqueredCity,
        barb.ck_conquered_city,
        "Barbarian Attack with Cities & Knights: whether conquered cities allow city improvements"
    ),
];
