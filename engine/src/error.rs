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

/// A rule of the variant The Court (source `002_5f4cc12aafd16c0e.txt`) or of this project's
/// Court + Cities & Knights combination that refused an action.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CourtRule {
    /// In setup no settlement (or city) goes on an intersection holding a foreign soldier.
    SetupOnSoldier,
    /// In setup no road may end on an intersection holding a foreign soldier.
    SetupRoadToSoldier,
    /// A noble is sent only by a player whose road touches one of the Court's six intersections.
    NobleNeedsRoad,
    /// All 20 nobles are at the Court: no more can be sent.
    NoNoblesLeft,
    /// A noble costs 1 wool and 1 grain.
    NobleCost,
    /// Court + Cities & Knights, option `court-knights forbidden`: no knight on the Court's intersections.
    KnightAtCourt,
}

impl CourtRule {
    /// Every Court rule.
    pub const ALL: &'static [CourtRule] = &[
        CourtRule::SetupOnSoldier,
        CourtRule::SetupRoadToSoldier,
        CourtRule::NobleNeedsRoad,
        CourtRule::NoNoblesLeft,
        CourtRule::NobleCost,
        CourtRule::KnightAtCourt,
    ];

    /// The stable rule id.
    pub fn code(self) -> &'static str {
        match self {
            CourtRule::SetupOnSoldier => "COURT.SETUP.SOLDIER_SITE",
            CourtRule::SetupRoadToSoldier => "COURT.SETUP.SOLDIER_ROAD",
            CourtRule::NobleNeedsRoad => "COURT.NOBLE.ROAD_AT_COURT",
            CourtRule::NoNoblesLeft => "COURT.NOBLE.SUPPLY",
            CourtRule::NobleCost => "COURT.NOBLE.COST",
            CourtRule::KnightAtCourt => "COURT.CK.COURT_KNIGHTS",
        }
    }

    /// The rule in plain words.
    pub fn message(self) -> &'static str {
        match self {
            CourtRule::SetupOnSoldier => {
                "in setup no settlement or city may stand on an intersection holding a foreign soldier"
            }
            CourtRule::SetupRoadToSoldier => "in setup no road may end on an intersection holding a foreign soldier",
            CourtRule::NobleNeedsRoad => {
                "a noble can only be sent by a player whose road touches one of the Court's six intersections"
            }
            CourtRule::NoNoblesLeft => "all 20 nobles are at the Court: no more can be sent",
            CourtRule::NobleCost => "a noble costs 1 wool and 1 grain",
            CourtRule::KnightAtCourt => {
                "with option `court-knights forbidden` no knight may stand on an intersection of the Court hex"
            }
        }
    }
}

/// A Cities & Knights rule that refused an action. Each has a stable id ([`CkRule::code`])
/// and a plain-words statement ([`CkRule::message`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CkRule {
    /// In Cities & Knights round 1 of setup places a settlement and round 2 a city (source 000 p. 4).
    SetupCityInRoundTwo,
    /// Development cards are not used in Cities & Knights: progress cards replace them.
    NoDevelopmentCards,
    /// The robber does not move and nothing is stolen until the first barbarian attack.
    RobberInactive,
    /// A city wall goes under one of your own cities (not a settlement, not a city turned on its side).
    WallNeedsCity,
    /// Each city may have only one wall.
    WallOnePerCity,
    /// A player may have at most 3 city walls at a time.
    WallLimit,
    /// A city improvement needs at least one city on the board (a city turned on its side does not count).
    ImprovementNeedsCity,
    /// This track is already at level 5.
    ImprovementMaxLevel,
    /// Improvements need a city: the only city is turned on its side and must be repaired first.
    ImprovementRepairFirst,
    /// Levels 4 and 5 need one of your cities without a metropolis (unless you hold this track's): none is available.
    MetropolisNeedsCity,
    /// The metropolis goes on one of your own cities that holds no metropolis.
    MetropolisPlacement,
    /// A knight is recruited on an empty intersection touching one of your roads.
    KnightSite,
    /// No knight of that strength is left in your supply (2 per strength).
    KnightSupply,
    /// There is no knight of yours on that intersection.
    KnightNotOwn,
    /// A knight may be promoted only once per turn.
    KnightPromotedThisTurn,
    /// A mighty knight cannot be promoted further.
    KnightMighty,
    /// Promoting a strong knight to mighty needs politics level 3 (the fortress).
    KnightFortress,
    /// That knight is already active.
    KnightAlreadyActive,
    /// Only an active knight can act.
    KnightNotActive,
    /// A knight activated this turn cannot act this turn.
    KnightActivatedThisTurn,
    /// A knight moves along its owner's continuous routes, passing only its owner's pieces, to an empty intersection.
    KnightUnreachable,
    /// There is no opposing knight to displace on that intersection.
    KnightDisplaceTarget,
    /// A knight can displace only a weaker opposing knight.
    KnightDisplaceWeaker,
    /// A displaced knight goes to an empty intersection reachable along its owner's routes from where it stood.
    KnightRelocation,
    /// Only a knight on a corner of the robber's hex can chase it away.
    KnightNotAtRobber,
    /// A knight stands there: a settlement cannot be built on a knight's intersection (move your own knight away first).
    KnightOnSite,
    /// Choose one of your own cities without a metropolis to be pillaged.
    PillageChoice,
    /// A city turned on its side must be repaired before any other city is built.
    RepairFirst,
    /// That progress deck is empty: choose a deck that still has cards.
    DefenderEmptyDeck,
    /// That progress card is not in your hand.
    ProgressNotHeld,
    /// You hold no more progress cards than the limit: nothing to discard.
    ProgressNoDiscard,
    /// At the end of your turn you may hold at most 4 progress cards (victory point cards aside): discard first.
    ProgressHandLimit,
    /// The aqueduct gives a resource only to its owner when they received nothing.
    AqueductNotOwed,
    /// Alchemy is played only before the roll.
    AlchemyBeforeRoll,
    /// Progress cards (Alchemy aside) are played in your own action phase.
    ProgressActionPhase,
    /// Alchemy sets each production die to 1 to 6.
    AlchemyDice,
    /// Invention swaps the tokens of two different hexes, neither a 2, 6, 8 nor 12.
    InventionTokens,
    /// Road Building needs a road left in supply.
    RoadBuildingNoRoads,
    /// Smithing promotes one or two different knights of yours.
    SmithingKnights,
    /// Guild Dues is played only against a player with more victory points than you.
    GuildDuesRicher,
    /// Guild Dues takes 2 cards from that player's hand (all they hold if fewer).
    GuildDuesCards,
    /// The merchant goes on a land hex next to one of your buildings.
    MerchantHex,
    /// Trade Monopoly names a commodity.
    TradeMonopolyCommodity,
    /// After Commercial Harbor, offer each opponent once per turn one resource you hold.
    HarborOffer,
    /// Answer a Commercial Harbor offer with a commodity you hold.
    HarborAnswer,
    /// Treason names an opponent with a knight on the board.
    TreasonTarget,
    /// After Treason you may place one of your knights of the removed knight's strength or lower.
    TreasonPlacement,
    /// Diplomacy removes only an open road: one end touching none of its owner's roads, buildings or knights.
    DiplomacyOpenRoad,
    /// Intrigue displaces an opposing knight on an intersection touching one of your roads.
    IntrigueTarget,
    /// Espionage takes a progress card (never a VP card) from another player's hand.
    EspionageTarget,
    /// After a Wedding give exactly the cards you owe, from your hand.
    GiftCards,
    /// Fiesepeter battle rule: commit only your own active knights.
    CommitKnights,
    /// A tied defender draws a deck's top card, or (option `defender-tie-card choose-card`)
    /// takes a card of their choice that is still in a deck.
    DefenderCard,
}

impl CkRule {
    /// Every Cities & Knights rule.
    pub const ALL: &'static [CkRule] = &[
        CkRule::SetupCityInRoundTwo,
        CkRule::NoDevelopmentCards,
        CkRule::RobberInactive,
        CkRule::WallNeedsCity,
        CkRule::WallOnePerCity,
        CkRule::WallLimit,
        CkRule::ImprovementNeedsCity,
        CkRule::ImprovementMaxLevel,
        CkRule::ImprovementRepairFirst,
        CkRule::MetropolisNeedsCity,
        CkRule::MetropolisPlacement,
        CkRule::KnightSite,
        CkRule::KnightSupply,
        CkRule::KnightNotOwn,
        CkRule::KnightPromotedThisTurn,
        CkRule::KnightMighty,
        CkRule::KnightFortress,
        CkRule::KnightAlreadyActive,
        CkRule::KnightNotActive,
        CkRule::KnightActivatedThisTurn,
        CkRule::KnightUnreachable,
        CkRule::KnightDisplaceTarget,
        CkRule::KnightDisplaceWeaker,
        CkRule::KnightRelocation,
        CkRule::KnightNotAtRobber,
        CkRule::KnightOnSite,
        CkRule::PillageChoice,
        CkRule::RepairFirst,
        CkRule::DefenderEmptyDeck,
        CkRule::ProgressNotHeld,
        CkRule::ProgressNoDiscard,
        CkRule::ProgressHandLimit,
        CkRule::AqueductNotOwed,
        CkRule::AlchemyBeforeRoll,
        CkRule::ProgressActionPhase,
        CkRule::AlchemyDice,
        CkRule::InventionTokens,
        CkRule::RoadBuildingNoRoads,
        CkRule::SmithingKnights,
        CkRule::GuildDuesRicher,
        CkRule::GuildDuesCards,
        CkRule::MerchantHex,
        CkRule::TradeMonopolyCommodity,
        CkRule::HarborOffer,
        CkRule::HarborAnswer,
        CkRule::TreasonTarget,
        CkRule::TreasonPlacement,
        CkRule::DiplomacyOpenRoad,
        CkRule::IntrigueTarget,
        CkRule::EspionageTarget,
        CkRule::GiftCards,
        CkRule::CommitKnights,
        CkRule::DefenderCard,
    ];

    /// The stable rule id.
    pub fn code(self) -> &'static str {
        match self {
            CkRule::SetupCityInRoundTwo => "CK.SETUP.CITY_IN_ROUND_2",
            CkRule::NoDevelopmentCards => "CK.DEV.NOT_USED",
            CkRule::RobberInactive => "CK.ROBBER.INACTIVE",
            CkRule::WallNeedsCity => "CK.WALL.UNDER_OWN_CITY",
            CkRule::WallOnePerCity => "CK.WALL.ONE_PER_CITY",
            CkRule::WallLimit => "CK.WALL.LIMIT",
            CkRule::ImprovementNeedsCity => "CK.IMPROVE.NEEDS_CITY",
            CkRule::ImprovementMaxLevel => "CK.IMPROVE.MAX_LEVEL",
            CkRule::ImprovementRepairFirst => "CK.IMPROVE.REPAIR_FIRST",
            CkRule::MetropolisNeedsCity => "CK.METROPOLIS.NEEDS_CITY",
            CkRule::MetropolisPlacement => "CK.METROPOLIS.PLACEMENT",
            CkRule::KnightSite => "CK.KNIGHT.RECRUIT_SITE",
            CkRule::KnightSupply => "CK.KNIGHT.SUPPLY",
            CkRule::KnightNotOwn => "CK.KNIGHT.NOT_OWN",
            CkRule::KnightPromotedThisTurn => "CK.KNIGHT.PROMOTE_ONCE",
            CkRule::KnightMighty => "CK.KNIGHT.MAX_LEVEL",
            CkRule::KnightFortress => "CK.KNIGHT.FORTRESS",
            CkRule::KnightAlreadyActive => "CK.KNIGHT.ALREADY_ACTIVE",
            CkRule::KnightNotActive => "CK.KNIGHT.NOT_ACTIVE",
            CkRule::KnightActivatedThisTurn => "CK.KNIGHT.ACTIVATED_THIS_TURN",
            CkRule::KnightUnreachable => "CK.KNIGHT.REACH",
            CkRule::KnightDisplaceTarget => "CK.KNIGHT.DISPLACE_TARGET",
            CkRule::KnightDisplaceWeaker => "CK.KNIGHT.DISPLACE_WEAKER",
            CkRule::KnightRelocation => "CK.KNIGHT.RELOCATE",
            CkRule::KnightNotAtRobber => "CK.KNIGHT.CHASE_ADJACENT",
            CkRule::KnightOnSite => "CK.KNIGHT.BLOCKS_SITE",
            CkRule::PillageChoice => "CK.BARBARIANS.PILLAGE_CHOICE",
            CkRule::RepairFirst => "CK.BARBARIANS.REPAIR_FIRST",
            CkRule::DefenderEmptyDeck => "CK.BARBARIANS.DEFENDER_DECK",
            CkRule::ProgressNotHeld => "CK.PROGRESS.NOT_HELD",
            CkRule::ProgressNoDiscard => "CK.PROGRESS.NO_DISCARD_OWED",
            CkRule::ProgressHandLimit => "CK.PROGRESS.HAND_LIMIT",
            CkRule::AqueductNotOwed => "CK.AQUEDUCT.NOT_OWED",
            CkRule::AlchemyBeforeRoll => "CK.PROGRESS.ALCHEMY_BEFORE_ROLL",
            CkRule::ProgressActionPhase => "CK.PROGRESS.ACTION_PHASE",
            CkRule::AlchemyDice => "CK.CARD.ALCHEMY_DICE",
            CkRule::InventionTokens => "CK.CARD.INVENTION_TOKENS",
            CkRule::RoadBuildingNoRoads => "CK.CARD.ROAD_BUILDING",
            CkRule::SmithingKnights => "CK.CARD.SMITHING",
            CkRule::GuildDuesRicher => "CK.CARD.GUILD_DUES_RICHER",
            CkRule::GuildDuesCards => "CK.CARD.GUILD_DUES_CARDS",
            CkRule::MerchantHex => "CK.CARD.MERCHANT_HEX",
            CkRule::TradeMonopolyCommodity => "CK.CARD.TRADE_MONOPOLY",
            CkRule::HarborOffer => "CK.CARD.HARBOR_OFFER",
            CkRule::HarborAnswer => "CK.CARD.HARBOR_ANSWER",
            CkRule::TreasonTarget => "CK.CARD.TREASON_TARGET",
            CkRule::TreasonPlacement => "CK.CARD.TREASON_PLACEMENT",
            CkRule::DiplomacyOpenRoad => "CK.CARD.DIPLOMACY_OPEN",
            CkRule::IntrigueTarget => "CK.CARD.INTRIGUE_TARGET",
            CkRule::EspionageTarget => "CK.CARD.ESPIONAGE_TARGET",
            CkRule::GiftCards => "CK.CARD.WEDDING_GIFT",
            CkRule::CommitKnights => "CK.BARBARIANS.COMMIT_KNIGHTS",
            CkRule::DefenderCard => "CK.BARBARIANS.DEFENDER_CARD",
        }
    }

    /// The rule in plain words.
    pub fn message(self) -> &'static str {
        match self {
            CkRule::SetupCityInRoundTwo => "in Cities & Knights round 1 of setup places a settlement and round 2 a city (source 000 p. 4)",
            CkRule::NoDevelopmentCards => "development cards are not used in Cities & Knights: progress cards replace them",
            CkRule::RobberInactive => "the robber does not move and nothing is stolen until the first barbarian attack",
            CkRule::WallNeedsCity => "a city wall goes under one of your own cities (not a settlement, not a city turned on its side)",
            CkRule::WallOnePerCity => "each city may have only one wall",
            CkRule::WallLimit => "a player may have at most 3 city walls at a time",
            CkRule::ImprovementNeedsCity => "a city improvement needs at least one city on the board (a city turned on its side does not count)",
            CkRule::ImprovementMaxLevel => "this track is already at level 5",
            CkRule::ImprovementRepairFirst => "improvements need a city: the only city is turned on its side and must be repaired first",
            CkRule::MetropolisNeedsCity => {
                "levels 4 and 5 need one of your cities without a metropolis (unless you hold this track's): none is available"
            }
            CkRule::MetropolisPlacement => "the metropolis goes on one of your own cities that holds no metropolis",
            CkRule::KnightSite => "a knight is recruited on an empty intersection touching one of your roads",
            CkRule::KnightSupply => "no knight of that strength is left in your supply (2 per strength)",
            CkRule::KnightNotOwn => "there is no knight of yours on that intersection",
            CkRule::KnightPromotedThisTurn => "a knight may be promoted only once per turn",
            CkRule::KnightMighty => "a mighty knight cannot be promoted further",
            CkRule::KnightFortress => "promoting a strong knight to mighty needs politics level 3 (the fortress)",
            CkRule::KnightAlreadyActive => "that knight is already active",
            CkRule::KnightNotActive => "only an active knight can act",
            CkRule::KnightActivatedThisTurn => "a knight activated this turn cannot act this turn",
            CkRule::KnightUnreachable => "a knight moves along its owner's continuous routes, passing only its owner's pieces, to an empty intersection",
            CkRule::KnightDisplaceTarget => "there is no opposing knight to displace on that intersection",
            CkRule::KnightDisplaceWeaker => "a knight can displace only a weaker opposing knight",
            CkRule::KnightRelocation => "a displaced knight goes to an empty intersection reachable along its owner's routes from where it stood",
            CkRule::KnightNotAtRobber => "only a knight on a corner of the robber's hex can chase it away",
            CkRule::KnightOnSite => "a knight stands there: a settlement cannot be built on a knight's intersection (move your own knight away first)",
            CkRule::PillageChoice => "choose one of your own cities without a metropolis to be pillaged",
            CkRule::RepairFirst => "a city turned on its side must be repaired before any other city is built",
            CkRule::DefenderEmptyDeck => "that progress deck is empty: choose a deck that still has cards",
            CkRule::ProgressNotHeld => "that progress card is not in your hand",
            CkRule::ProgressNoDiscard => "you hold no more progress cards than the limit: nothing to discard",
            CkRule::ProgressHandLimit => "at the end of your turn you may hold at most 4 progress cards (victory point cards aside): discard first",
            CkRule::AqueductNotOwed => "the aqueduct gives a resource only to its owner when they received nothing",
            CkRule::AlchemyBeforeRoll => "Alchemy is played only before the roll",
            CkRule::ProgressActionPhase => "progress cards (Alchemy aside) are played in your own action phase",
            CkRule::AlchemyDice => "Alchemy sets each production die to 1 to 6",
            CkRule::InventionTokens => "Invention swaps the tokens of two different hexes, neither a 2, 6, 8 nor 12",
            CkRule::RoadBuildingNoRoads => "Road Building needs a road left in supply",
            CkRule::SmithingKnights => "Smithing promotes one or two different knights of yours",
            CkRule::GuildDuesRicher => "Guild Dues is played only against a player with more victory points than you",
            CkRule::GuildDuesCards => "Guild Dues takes 2 cards from that player's hand (all they hold if fewer)",
            CkRule::MerchantHex => "the merchant goes on a land hex next to one of your buildings",
            CkRule::TradeMonopolyCommodity => "Trade Monopoly names a commodity",
            CkRule::HarborOffer => "after Commercial Harbor, offer each opponent once per turn one resource you hold",
            CkRule::HarborAnswer => "answer a Commercial Harbor offer with a commodity you hold",
            CkRule::TreasonTarget => "Treason names an opponent with a knight on the board",
            CkRule::TreasonPlacement => "after Treason you may place one of your knights of the removed knight's strength or lower",
            CkRule::DiplomacyOpenRoad => "Diplomacy removes only an open road: one end touching none of its owner's roads, buildings or knights",
            CkRule::IntrigueTarget => "Intrigue displaces an opposing knight on an intersection touching one of your roads",
            CkRule::EspionageTarget => "Espionage takes a progress card (never a VP card) from another player's hand",
            CkRule::GiftCards => "after a Wedding give exactly the cards you owe, from your hand",
            CkRule::CommitKnights => "only your own active knights can be sent against the barbarians",
            CkRule::DefenderCard => "a tied defender draws the top card of a deck of their choice; under `defender-tie-card choose-card` they take a card of their choice that is still in a deck",
        }
    }
}

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
        }
    }
}
