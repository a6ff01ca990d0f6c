//! The rules of Barbarian Attack that can refuse an action, as [`crate::RuleError::Barb`].

/// A rule of the Barbarian Attack scenario (source `catan-faq-tb` and the scenario notes
/// listed in `catalog/barbarian-attack.yaml`) that refused an action.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BarbRule {
    /// A scenario card costs 1 ore, 1 wool and 1 grain.
    CardCost,
    /// No road goes on a path of a conquered hex.
    RoadOnConquered,
    /// No settlement goes on an intersection of a conquered hex.
    SettlementOnConquered,
    /// Knighthood places its knight on a free path of the castle hex.
    KnighthoodCastlePath,
    /// One knight per path.
    PathTaken,
    /// A knight moves at most 3 paths, 5 with 1 grain paid.
    MoveTooFar,
    /// Grain is paid only to go beyond 3 paths, and must be held.
    MoveGrain,
    /// Each knight moves once per turn.
    MovedThisTurn,
    /// A knight that has left the castle's paths may not end on one again.
    MoveBackToCastle,
    /// The knight moved must be the mover's own.
    NotOwnKnight,
    /// Treason: barbarians come from two different hexes (or the supply when the board has
    /// fewer than two) and go to two different unconquered coastal hexes.
    TreasonTarget,
    /// Capture: a hex holding a barbarian.
    CaptureTarget,
    /// A battle is fought where the knights around a hex outnumber its barbarians.
    BattleOutnumber,
    /// A leftover prisoner goes to one of the largest contributors.
    PrisonerTarget,
    /// 2 gold buy 1 resource, a limited number of times per turn, from the bank.
    GoldPurchase,
    /// The scenario deck replaces the development cards.
    NoDevelopmentCards,
    /// With Cities & Knights, knights stand on paths, never on intersections.
    KnightsOnPaths,
    /// A recruited knight goes on a free path of the castle hex.
    RecruitCastlePath,
    /// A knight moves up to 3 paths; an active one up to 5, then lies down; no grain.
    MoveDistance,
    /// Only an active knight displaces, a weaker opposing knight, within 3 paths.
    Displace,
    /// A displaced knight goes to one of the nearest free paths.
    Relocate,
    /// The active knights' strength must exceed the barbarians.
    BattleStrength,
    /// With Cities & Knights the scenario deck is not used.
    NoScenarioDeck,
    /// Invention swaps 2 of the 5 black numbers in the island's centre.
    Invention,
    /// Taxation names a land hex.
    Taxation,
    /// Intrigue takes a barbarian from a hex holding one.
    Intrigue,
    /// Treason: the new knight stands where the removed one stood.
    Deserter,
    /// The merchant never stands on a conquered hex.
    MerchantConquered,
    /// Smithing, Intrigue and Taxation are played on paths and hexes.
    CardChanged,
    /// Improvements need an unconquered city.
    ImprovementCity,
}

impl BarbRule {
    /// Every Barbarian Attack rule.
    pub const ALL: &'static [BarbRule] = &[
        BarbRule::CardCost,
        BarbRule::RoadOnConquered,
        BarbRule::SettlementOnConquered,
        BarbRule::KnighthoodCastlePath,
        BarbRule::PathTaken,
        BarbRule::MoveTooFar,
        BarbRule::MoveGrain,
        BarbRule::MovedThisTurn,
        BarbRule::MoveBackToCastle,
        BarbRule::NotOwnKnight,
        BarbRule::TreasonTarget,
        BarbRule::CaptureTarget,
        BarbRule::BattleOutnumber,
        BarbRule::PrisonerTarget,
        BarbRule::GoldPurchase,
        BarbRule::NoDevelopmentCards,
        BarbRule::KnightsOnPaths,
        BarbRule::RecruitCastlePath,
        BarbRule::MoveDistance,
        BarbRule::Displace,
        BarbRule::Relocate,
        BarbRule::BattleStrength,
        BarbRule::NoScenarioDeck,
        BarbRule::Invention,
        BarbRule::Taxation,
        BarbRule::Intrigue,
        BarbRule::Deserter,
        BarbRule::MerchantConquered,
        BarbRule::CardChanged,
        BarbRule::ImprovementCity,
    ];

    /// The stable rule id.
    pub fn code(self) -> &'static str {
        match self {
            BarbRule::CardCost => "BARB.CARD.COST",
            BarbRule::RoadOnConquered => "BARB.CONQUEST.NO_ROAD",
            BarbRule::SettlementOnConquered => "BARB.CONQUEST.NO_SETTLEMENT",
            BarbRule::KnighthoodCastlePath => "BARB.KNIGHT.CASTLE_PATH",
            BarbRule::PathTaken => "BARB.KNIGHT.ONE_PER_PATH",
            BarbRule::MoveTooFar => "BARB.MOVE.DISTANCE",
            BarbRule::MoveGrain => "BARB.MOVE.GRAIN",
            BarbRule::MovedThisTurn => "BARB.MOVE.ONCE_PER_TURN",
            BarbRule::MoveBackToCastle => "BARB.MOVE.NOT_BACK_TO_CASTLE",
            BarbRule::NotOwnKnight => "BARB.MOVE.OWN_KNIGHT",
            BarbRule::TreasonTarget => "BARB.CARD.TREASON",
            BarbRule::CaptureTarget => "BARB.CARD.CAPTURE",
            BarbRule::BattleOutnumber => "BARB.BATTLE.OUTNUMBER",
            BarbRule::PrisonerTarget => "BARB.BATTLE.PRISONERS",
            BarbRule::GoldPurchase => "BARB.GOLD.PURCHASE",
            BarbRule::NoDevelopmentCards => "BARB.CARD.NO_DEVELOPMENT_CARDS",
            BarbRule::KnightsOnPaths => "BARB.CK.KNIGHTS_ON_PATHS",
            BarbRule::RecruitCastlePath => "BARB.CK.RECRUIT",
            BarbRule::MoveDistance => "BARB.CK.MOVE_DISTANCE",
            BarbRule::Displace => "BARB.CK.DISPLACE",
            BarbRule::Relocate => "BARB.CK.RELOCATE",
            BarbRule::BattleStrength => "BARB.CK.BATTLE_STRENGTH",
            BarbRule::NoScenarioDeck => "BARB.CK.NO_SCENARIO_DECK",
            BarbRule::Invention => "BARB.CK.INVENTION",
            BarbRule::Taxation => "BARB.CK.TAXATION",
            BarbRule::Intrigue => "BARB.CK.INTRIGUE",
            BarbRule::Deserter => "BARB.CK.DESERTER",
            BarbRule::MerchantConquered => "BARB.CK.MERCHANT",
            BarbRule::CardChanged => "BARB.CK.CARD_CHANGED",
            BarbRule::ImprovementCity => "BARB.CK.IMPROVEMENT_CITY",
        }
    }

    /// The rule in plain words.
    pub fn message(self) -> &'static str {
        match self {
            BarbRule::CardCost => "a scenario card costs 1 ore, 1 wool and 1 grain",
            BarbRule::RoadOnConquered => "no road may be built on a path of a conquered hex",
            BarbRule::SettlementOnConquered => "no settlement may be built on an intersection of a conquered hex",
            BarbRule::KnighthoodCastlePath => "Knighthood places its knight on a free path of the castle hex",
            BarbRule::PathTaken => "a path holds one knight at most",
            BarbRule::MoveTooFar => "a knight moves at most 3 paths, or 5 when 1 grain is paid",
            BarbRule::MoveGrain => "1 grain is paid only to move a knight 4 or 5 paths, and must be in hand",
            BarbRule::MovedThisTurn => "each knight moves once per turn",
            BarbRule::MoveBackToCastle => "a knight that has left the castle's paths may not end its move on one again",
            BarbRule::NotOwnKnight => "a player moves only their own knights",
            BarbRule::TreasonTarget => {
                "Treason moves barbarians from two different hexes (from the supply when the board holds fewer) to two different unconquered coastal hexes"
            }
            BarbRule::CaptureTarget => "Capture takes a barbarian from a hex that holds one",
            BarbRule::BattleOutnumber => {
                "barbarians are expelled only from a coastal hex the knights around outnumber (and, under `battle-hexes conquered`, only a conquered one)"
            }
            BarbRule::PrisonerTarget => "a leftover prisoner goes to one of the players with the most knights in the battle",
            BarbRule::NoDevelopmentCards => {
                "Barbarian Attack has no development cards: the scenario deck (Knighthood, Swift Knight, Treason, Capture) replaces them"
            }
            BarbRule::GoldPurchase => {
                "2 gold buy 1 resource the bank holds, a limited number of times per turn (option `gold-purchases`)"
            }
            BarbRule::KnightsOnPaths => "in Barbarian Attack with Cities & Knights knights stand on paths, never on intersections: recruit, promote, activate, move and displace them on paths",
            BarbRule::RecruitCastlePath => "a recruited knight (1 wool + 1 ore, a basic knight in supply) goes on a free path of the castle hex",
            BarbRule::MoveDistance => "a knight moves up to 3 paths; an active knight may go 2 paths further (5 in all) and then lies down; no grain is paid for it",
            BarbRule::Displace => "only an active knight displaces, and only a weaker opposing knight at most 3 paths away",
            BarbRule::Relocate => "a displaced knight goes to one of the free paths nearest to where it stood (a castle path only if it stood on one)",
            BarbRule::BattleStrength => "barbarians are expelled only where the strength of the active knights around the hex exceeds the barbarians (on the hex, or on the board under `barb-ck-battle-count board`)",
            BarbRule::NoScenarioDeck => "with Cities & Knights the Barbarian Attack card set is not used: progress cards replace it",
            BarbRule::Invention => "Invention swaps only two of the five black number tokens on the inner hexes of the island",
            BarbRule::Taxation => "Taxation names a land hex; each opponent with an unconquered building on it gives a card",
            BarbRule::Intrigue => "Intrigue takes one barbarian prisoner from a hex that holds one",
            BarbRule::Deserter => "Treason names an opponent with a knight on a path; your knight (no stronger than the one removed) goes exactly where it stood",
            BarbRule::MerchantConquered => "the merchant may not stand on a conquered hex (it is lost when its hex is conquered)",
            BarbRule::CardChanged => "in Barbarian Attack with Cities & Knights this card works differently: Smithing promotes knights on paths, Intrigue takes a barbarian prisoner from a hex, Taxation names a hex instead of moving the robber",
            BarbRule::ImprovementCity => "a city improvement needs an unconquered city (a metropolis surrounded by conquered hexes and sea does not count; option `barb-ck-conquered-city`)",
        }
    }
}
