//! What happens in a game with Seafarers that the base game has no event for; they travel
//! as [`crate::Event::Sea`].

use crate::cards::Cards;
use crate::ids::{EdgeId, HexId, PlayerId, VertexId};
use catan_engine_derive::Fields;
use serde::{Deserialize, Serialize};

/// A Seafarers event.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize, Fields)]
#[serde(tag = "event", rename_all = "kebab-case")]
pub enum SeaEvent {
    /// a ship was built (free in setup and with Road Building).
    ShipBuilt {
        /// Who.
        player: PlayerId,
        /// The path.
        at: EdgeId,
        /// Whether it cost nothing.
        free: bool,
    },
    /// a ship moved.
    ShipMoved {
        /// Who.
        player: PlayerId,
        /// The path it left.
        from: EdgeId,
        /// The path it went to.
        to: EdgeId,
    },
    /// the pirate moved (instead of the robber).
    PirateMoved {
        /// Who moved it.
        player: PlayerId,
        /// Where it stood.
        from: Option<HexId>,
        /// Where it stands now.
        to: HexId,
    },
    /// a gold field's owner chose resources.
    GoldChosen {
        /// Who.
        player: PlayerId,
        /// The resources taken from the bank.
        cards: Cards,
    },
    /// a player was owed more gold than the bank holds and takes what is left.
    GoldShort {
        /// Who.
        player: PlayerId,
        /// Resources owed.
        owed: u8,
        /// Resources the bank holds.
        bank: u8,
    },
    /// Diplomacy removed a ship (with Cities & Knights).
    ShipRemoved {
        /// Whose ship.
        player: PlayerId,
        /// The path.
        at: EdgeId,
    },
    /// a knight chased the pirate (with Cities & Knights); its owner moves the pirate.
    PirateChased {
        /// Who.
        player: PlayerId,
        /// The knight, now lying down.
        knight: VertexId,
    },
    /// the pirate came onto the board at the first barbarian attack (with Cities & Knights).
    PirateEntered {
        /// The map's pirate start.
        at: HexId,
    },
    /// a player's first settlement in a foreign area: an island marker worth 2 VP.
    IslandSettled {
        /// Who.
        player: PlayerId,
        /// The area.
        area: u8,
        /// The settlement.
        at: VertexId,
    },
}
