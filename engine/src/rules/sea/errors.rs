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
        }
    }
}
