//! Rule errors: why `apply` refused an action.
//!
//! Every variant has a stable rule id ([`RuleError::code`]) listed in the project's rule
//! catalog (`catalog/rules.toml`); codes never change once published. The `Display`
//! text is a plain-words message for rule designers.

use crate::cards::{CardKind, Cards, DevCard};
use crate::ids::Colour;

/// Who the game is waiting for, as told in refusals.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Waiting {
    /// One player must decide.
    Player(Colour),
    /// Players who owe discards after a 7.
    Discarders,
    /// A chance outcome (dice, card draw, stolen card).
    Chance,
    /// Nobody: the game is over.
    Nobody,
}

impl std::fmt::Display for Waiting {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Waiting::Player(c) => write!(f, "{c}"),
            Waiting::Discarders => f.write_str("the players who must discard"),
            Waiting::Chance => f.write_str("a chance outcome"),
            Waiting::Nobody => f.write_str("nobody (the game is over)"),
        }
    }
}

/// A piece kind, as named in refusals.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Piece {
    /// Road.
    Road,
    /// Settlement.
    Settlement,
    /// City.
    City,
    /// Development card.
    DevelopmentCard,
    /// City wall.
    Wall,
    /// Knight (recruiting).
    Knight,
    /// Knight promotion.
    Promotion,
    /// Knight activation.
    Activation,
    /// City improvement.
    Improvement,
}

impl std::fmt::Display for Piece {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Piece::Road => "road",
            Piece::Settlement => "settlement",
            Piece::City => "city",
            Piece::DevelopmentCard => "development card",
            Piece::Wall => "city wall",
            Piece::Knight => "knight",
            Piece::Promotion => "knight promotion",
            Piece::Activation => "knight activation",
            Piece::Improvement => "city improvement",
        })
    }
}

pub use crate::rules::barb::errors::BarbRule;
pub use crate::rules::ck::errors::CkRule;
pub use crate::rules::court::errors::CourtRule;
pub use crate::rules::sea::errors::SeaRule;

/// Why an action was refused. See [`RuleError::code`] for the rule ids.
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RuleError {
    /// The game has ended.
    #[error("the game is over: {winner} has won")]
    GameOver {
        /// The winner.
        winner: Colour,
    },
    /// Another player (or chance) must act first.
    #[error("it is not {player}'s decision now: the game is waiting for {waiting}")]
    NotYourDecision {
        /// Who tried to act.
        player: Colour,
        /// Who must act.
        waiting: Waiting,
    },
    /// A chance outcome was given while a player must decide.
    #[error("no chance step is pending: the game is waiting for {waiting}")]
    NoChancePending {
        /// Who must act.
        waiting: Waiting,
    },
    /// A chance outcome that cannot happen now.
    #[error("impossible chance outcome: {why}")]
    ImpossibleOutcome {
        /// Why.
        why: &'static str,
    },
    /// An id that is not on this board or at this table.
    #[error("there is no {what} with id {id} in this game")]
    UnknownId {
        /// `intersection`, `path`, `hex` or `player`.
        what: &'static str,
        /// The id given.
        id: u16,
    },
    /// An action of the wrong kind for the moment, with what the game waits for.
    #[error("{player} cannot {action} now: {expected}")]
    WrongTime {
        /// Who tried.
        player: Colour,
        /// What they tried, in words.
        action: &'static str,
        /// What the game expects instead, in words.
        expected: &'static str,
        /// The rule id.
        code: &'static str,
    },
    /// The ruleset asked for is not implemented yet.
    #[error("{what} is not implemented yet")]
    Unsupported {
        /// What.
        what: &'static str,
    },
    /// Building on a place that is not on land.
    #[error("a {piece} must touch land")]
    NotOnLand {
        /// The piece.
        piece: Piece,
    },
    /// The place is taken.
    #[error("that place is already occupied")]
    Occupied,
    /// Distance rule.
    #[error("distance rule: a settlement needs all three neighbouring intersections free of buildings")]
    DistanceRule,
    /// Not connected to the player's own roads.
    #[error("a {piece} must connect to one of {player}'s own roads or buildings")]
    NotConnected {
        /// The piece.
        piece: Piece,
        /// Whose.
        player: Colour,
    },
    /// The setup road must touch the settlement just placed.
    #[error("in setup the road must touch the settlement just placed")]
    SetupRoadAwayFromSettlement,
    /// No piece of that kind left in supply.
    #[error("{player} has no {piece} left in supply (piece limit)")]
    NoPiecesLeft {
        /// Whose.
        player: Colour,
        /// Which piece.
        piece: Piece,
    },
    /// Cannot pay.
    #[error("{player} cannot pay {cost} for a {piece}")]
    CannotAfford {
        /// Who.
        player: Colour,
        /// The piece.
        piece: Piece,
        /// Its cost.
        cost: Cards,
    },
    /// A city replaces one of your own settlements.
    #[error("a city must replace one of {player}'s own settlements")]
    CityNeedsOwnSettlement {
        /// Who.
        player: Colour,
    },
    /// The development deck is empty.
    #[error("the development card deck is empty")]
    DevDeckEmpty,
    /// Card not in hand (or only bought this turn).
    #[error("{player} holds no playable {card} card")]
    DevNotHeld {
        /// Who.
        player: Colour,
        /// The card.
        card: DevCard,
    },
    /// Card bought this turn.
    #[error("{player} bought that {card} this turn: a development card cannot be played on the turn it was bought")]
    DevBoughtThisTurn {
        /// Who.
        player: Colour,
        /// The card.
        card: DevCard,
    },
    /// One development card per turn.
    #[error("{player} has already played a development card this turn")]
    DevOnePerTurn {
        /// Who.
        player: Colour,
    },
    /// Only a knight may be played before the roll (option).
    #[error("only a knight may be played before the roll under these rules")]
    DevNotBeforeRoll,
    /// Road Building while no road can be placed (option `road-building-without-road refused`).
    #[error("Road Building is refused while no road can be placed (no road piece left or no free connected path)")]
    RoadBuildingNoRoad,
    /// Victory point cards are not played.
    #[error("victory point cards are never played; they count while hidden and are revealed on winning")]
    VictoryPointNotPlayable,
    /// The bank cannot pay.
    #[error("the bank has no {card} left")]
    BankEmpty {
        /// Which card.
        card: CardKind,
    },
    /// The robber must move to another hex.
    #[error("the robber must be moved to a different hex")]
    RobberMustMove,
    /// The robber goes on land.
    #[error("the robber must be placed on a land hex")]
    RobberNotOnLand,
    /// Not a victim candidate.
    #[error("{victim} has no building next to the robber (or is the robbing player) and cannot be robbed")]
    NotAVictim {
        /// The named player.
        victim: Colour,
    },
    /// No discard owed.
    #[error("{player} owes no discard")]
    NoDiscardOwed {
        /// Who.
        player: Colour,
    },
    /// Wrong number of discarded cards.
    #[error("{player} must discard exactly {owed} cards, not {given}")]
    DiscardCount {
        /// Who.
        player: Colour,
        /// Owed.
        owed: u8,
        /// Given.
        given: u32,
    },
    /// The player does not hold those cards.
    #[error("{player} does not hold {cards}")]
    NotHeld {
        /// Who.
        player: Colour,
        /// What.
        cards: Cards,
        /// The rule id (discard or trade).
        code: &'static str,
    },
    /// Trade: a side is empty.
    #[error("a trade must exchange cards both ways: gifts are not allowed")]
    TradeGift,
    /// Trade: the same kind on both sides.
    #[error("a trade cannot exchange cards of the same kind")]
    TradeSameKind,
    /// Trade with oneself.
    #[error("a player cannot trade with themselves")]
    TradeWithSelf,
    /// Commodities in a ruleset without them.
    #[error("{card} is not a card of this game")]
    NotInThisGame {
        /// The card.
        card: CardKind,
    },
    /// A Cities & Knights rule.
    #[error("{}", .0.message())]
    Ck(CkRule),
    /// A rule of The Court.
    #[error("{}", .0.message())]
    Court(CourtRule),
    /// A rule of Seafarers.
    #[error("{}", .0.message())]
    Sea(SeaRule),
    /// A rule of Barbarian Attack.
    #[error("{}", .0.message())]
    Barb(BarbRule),
    /// Maritime rate not available.
    #[error("{player} is not entitled to trade {card} at {rate}:1 (available: 4:1{extra})")]
    MaritimeRate {
        /// Who.
        player: Colour,
        /// Given card.
        card: CardKind,
        /// Requested rate.
        rate: u8,
        /// Text listing harbor rates.
        extra: &'static str,
    },
}

impl RuleError {
    /// Every rule id a refusal can carry (the rule catalog must list each).
    pub const ALL_CODES: &'static [&'static str] = &[
        "GAME.OVER",
        "TURN.NOT_YOUR_DECISION",
        "TURN.DECISION_PENDING",
        "TURN.NOTHING_PENDING",
        "CHANCE.NOT_PENDING",
        "CHANCE.IMPOSSIBLE_OUTCOME",
        "ENGINE.UNKNOWN_ID",
        "ENGINE.UNSUPPORTED",
        "ENGINE.NOT_IN_RULESET",
        "BASE.SETUP.ORDER",
        "BASE.SETUP.ROAD_AT_SETTLEMENT",
        "BASE.TURN.ROLL_FIRST",
        "BASE.TURN.ONE_ROLL",
        "BASE.BUILD.ON_LAND",
        "BASE.BUILD.OCCUPIED",
        "BASE.BUILD.DISTANCE_RULE",
        "BASE.BUILD.CONNECTED",
        "BASE.BUILD.PIECE_LIMIT",
        "BASE.BUILD.COST",
        "BASE.BUILD.CITY_ON_SETTLEMENT",
        "BASE.DEV.DECK_EMPTY",
        "BASE.DEV.NOT_HELD",
        "BASE.DEV.NOT_ON_TURN_BOUGHT",
        "BASE.DEV.ONE_PER_TURN",
        "BASE.DEV.BEFORE_ROLL",
        "BASE.DEV.VICTORY_POINT",
        "BASE.BANK.EMPTY",
        "BASE.ROBBER.MUST_MOVE",
        "BASE.ROBBER.ON_LAND",
        "BASE.ROBBER.VICTIM",
        "BASE.SEVEN.NO_DISCARD_OWED",
        "BASE.SEVEN.DISCARD_HALF",
        "BASE.SEVEN.DISCARD_HELD",
        "BASE.TRADE.HELD",
        "BASE.TRADE.NO_GIFTS",
        "BASE.TRADE.SAME_KIND",
        "BASE.TRADE.WITH_SELF",
        "BASE.TRADE.MARITIME_RATE",
        "CK.SETUP.CITY_IN_ROUND_2",
        "CK.DEV.NOT_USED",
        "CK.ROBBER.INACTIVE",
        "CK.WALL.UNDER_OWN_CITY",
        "CK.WALL.ONE_PER_CITY",
        "CK.WALL.LIMIT",
        "CK.IMPROVE.NEEDS_CITY",
        "CK.IMPROVE.MAX_LEVEL",
        "CK.IMPROVE.REPAIR_FIRST",
        "CK.METROPOLIS.NEEDS_CITY",
        "CK.METROPOLIS.PLACEMENT",
        "CK.KNIGHT.RECRUIT_SITE",
        "CK.KNIGHT.SUPPLY",
        "CK.KNIGHT.NOT_OWN",
        "CK.KNIGHT.PROMOTE_ONCE",
        "CK.KNIGHT.MAX_LEVEL",
        "CK.KNIGHT.FORTRESS",
        "CK.KNIGHT.ALREADY_ACTIVE",
        "CK.KNIGHT.NOT_ACTIVE",
        "CK.KNIGHT.ACTIVATED_THIS_TURN",
        "CK.KNIGHT.REACH",
        "CK.KNIGHT.DISPLACE_TARGET",
        "CK.KNIGHT.DISPLACE_WEAKER",
        "CK.KNIGHT.RELOCATE",
        "CK.KNIGHT.CHASE_ADJACENT",
        "CK.KNIGHT.BLOCKS_SITE",
        "CK.BARBARIANS.PILLAGE_CHOICE",
        "CK.BARBARIANS.REPAIR_FIRST",
        "CK.BARBARIANS.DEFENDER_DECK",
        "CK.PROGRESS.NOT_HELD",
        "CK.PROGRESS.NO_DISCARD_OWED",
        "CK.PROGRESS.HAND_LIMIT",
        "CK.AQUEDUCT.NOT_OWED",
        "CK.PROGRESS.ALCHEMY_BEFORE_ROLL",
        "CK.PROGRESS.ACTION_PHASE",
        "CK.CARD.ALCHEMY_DICE",
        "CK.CARD.INVENTION_TOKENS",
        "CK.CARD.ROAD_BUILDING",
        "CK.CARD.SMITHING",
        "CK.CARD.GUILD_DUES_RICHER",
        "CK.CARD.GUILD_DUES_CARDS",
        "CK.CARD.MERCHANT_HEX",
        "CK.CARD.TRADE_MONOPOLY",
        "CK.CARD.HARBOR_OFFER",
        "CK.CARD.HARBOR_ANSWER",
        "CK.CARD.TREASON_TARGET",
        "CK.CARD.TREASON_PLACEMENT",
        "CK.CARD.DIPLOMACY_OPEN",
        "CK.CARD.INTRIGUE_TARGET",
        "CK.CARD.ESPIONAGE_TARGET",
        "CK.CARD.WEDDING_GIFT",
        "COURT.SETUP.SOLDIER_SITE",
        "COURT.SETUP.SOLDIER_ROAD",
        "COURT.NOBLE.ROAD_AT_COURT",
        "COURT.NOBLE.SUPPLY",
        "COURT.NOBLE.COST",
        "COURT.CK.COURT_KNIGHTS",
        "CK.BARBARIANS.COMMIT_KNIGHTS",
        "CK.BARBARIANS.DEFENDER_CARD",
        "SEA.SHIP.SEA_PATH",
        "SEA.SHIP.CONNECTED",
        "SEA.SHIP.SUPPLY",
        "SEA.SHIP.COST",
        "SEA.PIRATE.BLOCKS_SHIPS",
        "SEA.MOVE.ONCE_PER_TURN",
        "SEA.MOVE.NOT_BUILT_THIS_TURN",
        "SEA.MOVE.CLOSED_LINE",
        "SEA.MOVE.OPEN_END",
        "SEA.MOVE.OWN_SHIP",
        "SEA.MOVE.ANOTHER_PATH",
        "SEA.PIRATE.ON_SEA",
        "SEA.PIRATE.MUST_MOVE",
        "SEA.GOLD.CHOICE",
        "SEA.GOLD.BANK",
        "SEA.SETUP.MAIN_ISLAND",
        "SEA.MOVE.LEAVES_BUILDING",
        "BARB.CARD.COST",
        "BARB.CONQUEST.NO_ROAD",
        "BARB.CONQUEST.NO_SETTLEMENT",
        "BARB.KNIGHT.CASTLE_PATH",
        "BARB.KNIGHT.ONE_PER_PATH",
        "BARB.MOVE.DISTANCE",
        "BARB.MOVE.GRAIN",
        "BARB.MOVE.ONCE_PER_TURN",
        "BARB.MOVE.NOT_BACK_TO_CASTLE",
        "BARB.MOVE.OWN_KNIGHT",
        "BARB.MOVE.AFTER_BUILDING",
        "BARB.CARD.TREASON",
        "BARB.CARD.CAPTURE",
        "BARB.BATTLE.OUTNUMBER",
        "BARB.BATTLE.PRISONERS",
        "BARB.GOLD.PURCHASE",
        "BARB.CARD.NO_DEVELOPMENT_CARDS",
    ];

    /// The stable rule id of this refusal.
    pub fn code(&self) -> &'static str {
        match self {
            RuleError::GameOver { .. } => "GAME.OVER",
            RuleError::NotYourDecision { .. } => "TURN.NOT_YOUR_DECISION",
            RuleError::NoChancePending { .. } => "CHANCE.NOT_PENDING",
            RuleError::ImpossibleOutcome { .. } => "CHANCE.IMPOSSIBLE_OUTCOME",
            RuleError::UnknownId { .. } => "ENGINE.UNKNOWN_ID",
            RuleError::WrongTime { code, .. } => code,
            RuleError::Unsupported { .. } => "ENGINE.UNSUPPORTED",
            RuleError::NotOnLand { .. } => "BASE.BUILD.ON_LAND",
            RuleError::Occupied => "BASE.BUILD.OCCUPIED",
            RuleError::DistanceRule => "BASE.BUILD.DISTANCE_RULE",
            RuleError::NotConnected { .. } => "BASE.BUILD.CONNECTED",
            RuleError::SetupRoadAwayFromSettlement => "BASE.SETUP.ROAD_AT_SETTLEMENT",
            RuleError::NoPiecesLeft { .. } => "BASE.BUILD.PIECE_LIMIT",
            RuleError::CannotAfford { .. } => "BASE.BUILD.COST",
            RuleError::CityNeedsOwnSettlement { .. } => "BASE.BUILD.CITY_ON_SETTLEMENT",
            RuleError::DevDeckEmpty => "BASE.DEV.DECK_EMPTY",
            RuleError::DevNotHeld { .. } => "BASE.DEV.NOT_HELD",
            RuleError::DevBoughtThisTurn { .. } => "BASE.DEV.NOT_ON_TURN_BOUGHT",
            RuleError::DevOnePerTurn { .. } => "BASE.DEV.ONE_PER_TURN",
            RuleError::DevNotBeforeRoll => "BASE.DEV.BEFORE_ROLL",
            RuleError::RoadBuildingNoRoad => "BASE.DEV.ROAD_BUILDING_NO_ROAD",
            RuleError::VictoryPointNotPlayable => "BASE.DEV.VICTORY_POINT",
            RuleError::BankEmpty { .. } => "BASE.BANK.EMPTY",
            RuleError::RobberMustMove => "BASE.ROBBER.MUST_MOVE",
            RuleError::RobberNotOnLand => "BASE.ROBBER.ON_LAND",
            RuleError::NotAVictim { .. } => "BASE.ROBBER.VICTIM",
            RuleError::NoDiscardOwed { .. } => "BASE.SEVEN.NO_DISCARD_OWED",
            RuleError::DiscardCount { .. } => "BASE.SEVEN.DISCARD_HALF",
            RuleError::NotHeld { code, .. } => code,
            RuleError::TradeGift => "BASE.TRADE.NO_GIFTS",
            RuleError::TradeSameKind => "BASE.TRADE.SAME_KIND",
            RuleError::TradeWithSelf => "BASE.TRADE.WITH_SELF",
            RuleError::NotInThisGame { .. } => "ENGINE.NOT_IN_RULESET",
            RuleError::MaritimeRate { .. } => "BASE.TRADE.MARITIME_RATE",
            RuleError::Ck(r) => r.code(),
            RuleError::Court(r) => r.code(),
            RuleError::Sea(r) => r.code(),
            RuleError::Barb(r) => r.code(),
        }
    }
}
