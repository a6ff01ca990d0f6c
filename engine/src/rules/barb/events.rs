//! What happens in a Barbarian Attack game that the base game has no event for; they travel
//! as [`crate::Event::Barb`].

use super::state::BarbCard;
use crate::cards::Resource;
use crate::ids::{EdgeId, HexId, PlayerId, VertexId};
use catan_engine_derive::Fields;
use serde::{Deserialize, Serialize};

/// A Barbarian Attack event.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize, Fields)]
#[serde(tag = "event", rename_all = "kebab-case")]
pub enum BarbEvent {
    /// three barbarians are to land (a settlement or city was built).
    LandingStarted {
        /// The builder.
        player: PlayerId,
    },
    /// a barbarian landed on the coastal hex with the rolled number.
    BarbarianLanded {
        /// The landing roll.
        total: u8,
        /// The hex.
        hex: HexId,
        /// Barbarians on it now.
        count: u8,
    },
    /// a landing roll placed nothing: its hex already holds 3, or the supply is empty.
    LandingMissed {
        /// The landing roll.
        total: u8,
        /// The hex it names.
        hex: Option<HexId>,
    },
    /// a coastal hex was conquered (3 barbarians): its number token is turned face down.
    HexConquered {
        /// The hex.
        hex: HexId,
    },
    /// a conquered hex was freed: its number token is turned face up.
    HexLiberated {
        /// The hex.
        hex: HexId,
    },
    /// a building lost its last unconquered hex: no points, no production, no harbor.
    BuildingConquered {
        /// Its owner.
        player: PlayerId,
        /// Where.
        at: VertexId,
    },
    /// a conquered building touches an unconquered hex again.
    BuildingFreed {
        /// Its owner.
        player: PlayerId,
        /// Where.
        at: VertexId,
    },
    /// a scenario card was bought (the card drawn follows).
    BarbarianCardBought {
        /// Who.
        player: PlayerId,
    },
    /// the scenario card drawn, revealed at once.
    BarbarianCardDrawn {
        /// Who.
        player: PlayerId,
        /// The card.
        card: BarbCard,
    },
    /// the discarded scenario cards were shuffled into a new deck.
    BarbarianDeckShuffled {
        /// Cards in the new deck.
        cards: u8,
    },
    /// a card's knight could not be placed (no knight in supply or no free path): it is lost.
    KnightNotPlaced {
        /// Who.
        player: PlayerId,
    },
    /// a knight was placed on a path.
    PathKnightPlaced {
        /// Owner.
        player: PlayerId,
        /// The path.
        at: EdgeId,
    },
    /// a knight moved along paths.
    PathKnightMoved {
        /// Owner.
        player: PlayerId,
        /// From.
        from: EdgeId,
        /// To.
        to: EdgeId,
        /// Paths travelled (the shortest way).
        paths: u8,
        /// Whether 1 grain was paid to go beyond 3.
        grain: bool,
    },
    /// a player took gold.
    GoldTaken {
        /// Who.
        player: PlayerId,
        /// How much.
        amount: u8,
        /// Their gold now.
        gold: u32,
    },
    /// Treason moved a barbarian.
    BarbarianMoved {
        /// Who played the card.
        player: PlayerId,
        /// From (`none`: the supply).
        from: Option<HexId>,
        /// To.
        to: HexId,
    },
    /// a barbarian was taken prisoner from a hex (Capture).
    BarbarianCaptured {
        /// Who.
        player: PlayerId,
        /// The hex.
        hex: HexId,
        /// Their prisoners now.
        prisoners: u8,
    },
    /// the knights around a hex outnumbered its barbarians.
    BattleWon {
        /// The hex.
        hex: HexId,
        /// Knights around it (with Cities & Knights: the strength of the active ones).
        knights: u8,
        /// Barbarians defeated.
        barbarians: u8,
    },
    /// prisoners from a battle.
    PrisonersTaken {
        /// Who.
        player: PlayerId,
        /// How many now.
        count: u8,
        /// Their prisoners now.
        prisoners: u8,
    },
    /// the die in the castle hex: the knights of the battle on paths parallel to that side fall.
    CastleDieRolled {
        /// The face.
        face: u8,
    },
    /// a knight fell in battle; its owner is paid gold.
    PathKnightLost {
        /// Owner.
        player: PlayerId,
        /// Its path.
        at: EdgeId,
        /// Gold paid.
        gold: u8,
    },
    /// a player bought a resource with 2 gold.
    GoldSpent {
        /// Who.
        player: PlayerId,
        /// The resource.
        resource: Resource,
        /// Their gold now.
        gold: u32,
    },
    /// with Cities & Knights: a barbarian is to arrive (a ship face, or a city improvement).
    ArrivalStarted {
        /// The player whose roll or improvement brings it.
        player: PlayerId,
        /// Why.
        cause: ArrivalCause,
    },
    /// with Cities & Knights: a knight was recruited on a castle path.
    PathKnightRecruited {
        /// Owner.
        player: PlayerId,
        /// The path.
        at: EdgeId,
    },
    /// with Cities & Knights: a knight on a path was promoted.
    PathKnightPromoted {
        /// Owner.
        player: PlayerId,
        /// The path.
        at: EdgeId,
        /// Its strength now.
        level: u8,
    },
    /// with Cities & Knights: a knight on a path stood up.
    PathKnightActivated {
        /// Owner.
        player: PlayerId,
        /// The path.
        at: EdgeId,
    },
    /// with Cities & Knights: a knight on a path lay down (it moved beyond 3 paths, fought,
    /// displaced or was displaced).
    PathKnightDeactivated {
        /// Owner.
        player: PlayerId,
        /// The path.
        at: EdgeId,
    },
    /// with Cities & Knights: a knight displaced a weaker one.
    PathKnightDisplaced {
        /// The displacing knight's owner.
        player: PlayerId,
        /// Where it came from.
        from: EdgeId,
        /// The path it took.
        to: EdgeId,
        /// The displaced knight's owner.
        victim: PlayerId,
    },
    /// with Cities & Knights: a displaced knight was put on a free path.
    PathKnightRelocated {
        /// Owner.
        player: PlayerId,
        /// The new path.
        to: EdgeId,
    },
    /// with Cities & Knights: a knight left the board for its owner's supply (displaced with
    /// no free path near, or given up to Treason).
    PathKnightRemoved {
        /// Owner.
        player: PlayerId,
        /// Its path.
        at: EdgeId,
        /// Its strength.
        level: u8,
    },
    /// with Cities & Knights: a knight of the battle on the castle die's direction was
    /// downgraded (`level` 0: removed, no lower piece being free); its owner is paid gold.
    PathKnightDowngraded {
        /// Owner.
        player: PlayerId,
        /// Its path.
        at: EdgeId,
        /// Its strength now (0: removed).
        level: u8,
        /// Gold paid.
        gold: u8,
    },
    /// with Cities & Knights, Treason: a knight placed where the removed one stood.
    DeserterPlaced {
        /// Owner.
        player: PlayerId,
        /// The path.
        at: EdgeId,
        /// Its strength.
        level: u8,
    },
    /// with Cities & Knights: Taxation named a hex.
    TaxationHex {
        /// Who.
        player: PlayerId,
        /// The hex.
        hex: HexId,
    },
    /// with Cities & Knights: the merchant's hex was conquered; its owner loses it.
    MerchantLost {
        /// The merchant's owner.
        player: PlayerId,
        /// The hex.
        hex: HexId,
    },
}

/// Why a barbarian arrives in Barbarian Attack with Cities & Knights.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ArrivalCause {
    /// The event die showed the ship.
    Ship,
    /// A city improvement was bought.
    Improvement,
}

impl ArrivalCause {
    /// The kebab-case name traces show.
    pub fn name(self) -> &'static str {
        match self {
            ArrivalCause::Ship => "ship",
            ArrivalCause::Improvement => "improvement",
        }
    }
}
