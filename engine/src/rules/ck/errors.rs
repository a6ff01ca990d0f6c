//! The Cities & Knights rules that can refuse an action, as [`crate::RuleError::Ck`]: each
//! with its stable rule id and a plain-words statement.

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
