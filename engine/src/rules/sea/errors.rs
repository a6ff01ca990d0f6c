//! The rules of Seafarers that can refuse an action, as [`crate::RuleError::Sea`].

/// A Seafarers rule (source `004_bf8a3dbb68824bc0.txt`, "Die Seefahrer") that refused an
/// action.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeaRule {
    /// A ship goes only on a path with sea on at least one side.
    ShipNotOnSea,
    /// A ship must touch the builder's coastal building or one of their ships, not through
    /// an opponent's building; roads and ships join only at the builder's own building.
    ShipNotConnected,
    /// 15 ships per player.
    NoShipsLeft,
    /// A ship costs 1 lumber and 1 wool.
    ShipCost,
    /// No ship is built on, moved to or moved from a path of the pirate's hex.
    PiratePath,
    /// One ship move per turn.
    MoveOncePerTurn,
    /// A ship built this turn may not move.
    MoveBuiltThisTurn,
    /// A ship on a closed line (joining two of the owner's buildings) never moves.
    MoveClosedLine,
    /// Only the ship at the open end of a line moves.
    MoveNotAnEnd,
    /// The ship moved must be the mover's own ship.
    MoveNotOwnShip,
    /// A ship moves to another path.
    MoveSamePath,
    /// The pirate goes onto a sea hex.
    PirateOnSea,
    /// The pirate must move to another hex.
    PirateMustMove,
    /// Gold: exactly the owed number of resources, resources only.
    GoldCount,
    /// Gold: the bank must hold the resources chosen.
    GoldBank,
    /// Setup: both starting settlements go on the main island (area 1).
    SetupMainIsland,
    /// Option `ship-leaves-building refused`: a building's only road or ship stays.
    MoveLeavesBuilding,
    /// With Cities & Knights: only an active knight goes to an all-sea intersection.
    KnightOnSea,
    /// With Cities & Knights: a ship whose move would cut one of its owner's knights off stays.
    KnightLink,
    /// With Cities & Knights: the ships next to an opponent's knight on the line stay.
    ForeignKnight,
    /// With Cities & Knights: the pirate neither moves nor is chased before the first
    /// barbarian attack.
    PirateFrozen,
    /// With Cities & Knights: the knight chasing the pirate stands at the pirate's hex.
    KnightNotAtPirate,
    /// With Cities & Knights: the merchant never stands on a gold field.
    MerchantOnGold,
    /// With Cities & Knights: a gold field pays resources, never commodities.
    GoldCommodity,
    /// With Cities & Knights: a ship removed by Diplomacy is replaced by a ship, a road by a
    /// road.
    DiplomacySamePiece,
}

impl SeaRule {
    /// Every Seafarers rule.
    pub const ALL: &'static [SeaRule] = &[
        SeaRule::ShipNotOnSea,
        SeaRule::ShipNotConnected,
        SeaRule::NoShipsLeft,
        SeaRule::ShipCost,
        SeaRule::PiratePath,
        SeaRule::MoveOncePerTurn,
        SeaRule::MoveBuiltThisTurn,
        SeaRule::MoveClosedLine,
        SeaRule::MoveNotAnEnd,
        SeaRule::MoveNotOwnShip,
        SeaRule::MoveSamePath,
        SeaRule::PirateOnSea,
        SeaRule::PirateMustMove,
        SeaRule::GoldCount,
        SeaRule::GoldBank,
        SeaRule::SetupMainIsland,
        SeaRule::MoveLeavesBuilding,
        SeaRule::KnightOnSea,
        SeaRule::KnightLink,
        SeaRule::ForeignKnight,
        SeaRule::PirateFrozen,
        SeaRule::KnightNotAtPirate,
        SeaRule::MerchantOnGold,
        SeaRule::GoldCommodity,
        SeaRule::DiplomacySamePiece,
    ];

    /// The stable rule id.
    pub fn code(self) -> &'static str {
        match self {
            SeaRule::ShipNotOnSea => "SEA.SHIP.SEA_PATH",
            SeaRule::ShipNotConnected => "SEA.SHIP.CONNECTED",
            SeaRule::NoShipsLeft => "SEA.SHIP.SUPPLY",
            SeaRule::ShipCost => "SEA.SHIP.COST",
            SeaRule::PiratePath => "SEA.PIRATE.BLOCKS_SHIPS",
            SeaRule::MoveOncePerTurn => "SEA.MOVE.ONCE_PER_TURN",
            SeaRule::MoveBuiltThisTurn => "SEA.MOVE.NOT_BUILT_THIS_TURN",
            SeaRule::MoveClosedLine => "SEA.MOVE.CLOSED_LINE",
            SeaRule::MoveNotAnEnd => "SEA.MOVE.OPEN_END",
            SeaRule::MoveNotOwnShip => "SEA.MOVE.OWN_SHIP",
            SeaRule::MoveSamePath => "SEA.MOVE.ANOTHER_PATH",
            SeaRule::PirateOnSea => "SEA.PIRATE.ON_SEA",
            SeaRule::PirateMustMove => "SEA.PIRATE.MUST_MOVE",
            SeaRule::GoldCount => "SEA.GOLD.CHOICE",
            SeaRule::GoldBank => "SEA.GOLD.BANK",
            SeaRule::SetupMainIsland => "SEA.SETUP.MAIN_ISLAND",
            SeaRule::MoveLeavesBuilding => "SEA.MOVE.LEAVES_BUILDING",
            SeaRule::KnightOnSea => "SEA.CK.KNIGHT_ON_SEA",
            SeaRule::KnightLink => "SEA.CK.KNIGHT_LINK",
            SeaRule::ForeignKnight => "SEA.CK.FOREIGN_KNIGHT",
            SeaRule::PirateFrozen => "SEA.CK.PIRATE_FROZEN",
            SeaRule::KnightNotAtPirate => "SEA.CK.CHASE_PIRATE",
            SeaRule::MerchantOnGold => "SEA.CK.MERCHANT_NOT_ON_GOLD",
            SeaRule::GoldCommodity => "SEA.CK.GOLD_RESOURCES_ONLY",
            SeaRule::DiplomacySamePiece => "SEA.CK.DIPLOMACY",
        }
    }

    /// The rule in plain words.
    pub fn message(self) -> &'static str {
        match self {
            SeaRule::ShipNotOnSea => "a ship goes only on a path with sea on at least one side",
            SeaRule::ShipNotConnected => {
                "a ship must touch one of its owner's ships or coastal buildings (not through an opponent's building); a road and a ship join only at the owner's own building"
            }
            SeaRule::NoShipsLeft => "each player has 15 ships: none is left in supply",
            SeaRule::ShipCost => "a ship costs 1 lumber and 1 wool",
            SeaRule::PiratePath => "no ship may be built on, moved to or moved from a path of the pirate's hex",
            SeaRule::MoveOncePerTurn => "a player moves at most one ship per turn",
            SeaRule::MoveBuiltThisTurn => "a ship built this turn may not move this turn",
            SeaRule::MoveClosedLine => "this ship is on a closed line (between two of its owner's buildings): it never moves",
            SeaRule::MoveNotAnEnd => "only the ship at the open end of a line may move",
            SeaRule::MoveNotOwnShip => "a player moves only their own ships",
            SeaRule::MoveSamePath => "a ship must move to another path",
            SeaRule::PirateOnSea => "the pirate goes onto a sea hex",
            SeaRule::PirateMustMove => "the pirate must move to another hex",
            SeaRule::GoldCount => "a gold field pays exactly the resources owed: one per settlement, two per city",
            SeaRule::GoldBank => "the bank does not hold the resources chosen",
            SeaRule::SetupMainIsland => "in setup both settlements go on the main island",
            SeaRule::MoveLeavesBuilding => {
                "with option `ship-leaves-building refused` the only road or ship at a building may not move away"
            }
            SeaRule::KnightOnSea => {
                "only an active knight may go to an intersection with sea all around (onto one of its owner's ships); no knight is recruited or placed lying there"
            }
            SeaRule::KnightLink => "this ship may not move: it would cut one of its owner's knights off",
            SeaRule::ForeignKnight => {
                "this ship may not move: an opponent's knight stands on its line next to it"
            }
            SeaRule::PirateFrozen => "the pirate neither moves nor is chased before the first barbarian attack",
            SeaRule::KnightNotAtPirate => "a knight chasing the pirate must stand on an intersection of the pirate's hex",
            SeaRule::MerchantOnGold => "the merchant may not stand on a gold field",
            SeaRule::GoldCommodity => "a gold field pays resources only, never commodities",
            SeaRule::DiplomacySamePiece => {
                "a ship removed with Diplomacy is replaced by a ship only, a road by a road only"
            }
        }
    }
}
