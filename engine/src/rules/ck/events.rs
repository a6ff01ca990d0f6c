//! What happens in a Cities & Knights game that the base game has no event for (source
//! `000_fee7e8147b67bbe6.txt`); they travel as [`crate::Event::Ck`] and keep their own
//! kebab-case names in traces.

use crate::cards::{CardKind, Cards, Resource};
use crate::ids::{EdgeId, HexId, PlayerId, VertexId};
use crate::progress::{EventFace, ProgressCard, Track};
use catan_engine_derive::Fields;
use serde::{Deserialize, Serialize};

/// A Cities & Knights event.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize, Fields)]
#[serde(tag = "event", rename_all = "kebab-case")]
pub enum CkEvent {
    /// the event die came up.
    EventDieRolled {
        /// Who rolled.
        player: PlayerId,
        /// The face.
        face: EventFace,
    },
    /// a player received a commodity from a city.
    CommodityProduced {
        /// Who.
        player: PlayerId,
        /// Which commodity.
        commodity: CardKind,
        /// How many.
        count: u8,
    },
    /// the bank could not pay a commodity to everybody owed it.
    CommodityShortage {
        /// Which commodity.
        commodity: CardKind,
        /// Total owed.
        owed: u8,
        /// What the bank held.
        bank: u8,
    },
    /// the barbarian ship sailed one step.
    BarbariansAdvanced {
        /// Steps sailed now.
        position: u8,
        /// Steps to Catan.
        track: u8,
    },
    /// the barbarians reached Catan.
    BarbariansAttacked {
        /// Barbarian strength (cities on the board).
        strength: u8,
        /// Sum of the active knights' strengths.
        defence: u8,
    },
    /// the barbarians were stronger; cities will be pillaged.
    BarbariansWon {
        /// Barbarian strength.
        strength: u8,
        /// Defence.
        defence: u8,
    },
    /// the knights held.
    DefendersWon {
        /// Barbarian strength.
        strength: u8,
        /// Defence.
        defence: u8,
    },
    /// a lowest contributor must choose a city to be pillaged.
    MustLoseCity {
        /// Who.
        player: PlayerId,
        /// Strength contributed.
        contributed: u8,
    },
    /// a city became a settlement (or was turned on its side).
    CityPillaged {
        /// Owner.
        player: PlayerId,
        /// Where.
        at: VertexId,
        /// Turned on its side (no settlement left in supply).
        damaged: bool,
        /// A wall stood under it and was lost.
        wall: bool,
    },
    /// the single highest contributor receives a VP token.
    DefenderRewarded {
        /// Who.
        player: PlayerId,
        /// Strength contributed.
        contributed: u8,
    },
    /// a tied highest contributor will draw a progress card.
    DefenderTied {
        /// Who.
        player: PlayerId,
        /// Strength contributed.
        contributed: u8,
    },
    /// after an attack every knight lies down and the ship returns.
    KnightsDeactivated {
        /// Knights that were active.
        count: u8,
    },
    /// the first attack puts the robber on the desert; it is active from now on.
    RobberActivated {
        /// Where it stands.
        at: HexId,
    },
    /// a progress card was drawn.
    ProgressDrawn {
        /// Who.
        player: PlayerId,
        /// Which deck.
        deck: Track,
        /// Which card.
        card: ProgressCard,
    },
    /// a draw from an empty deck gives nothing.
    ProgressDeckEmpty {
        /// Who would draw.
        player: PlayerId,
        /// Which deck.
        deck: Track,
    },
    /// a victory point progress card was placed face up.
    VictoryCardRevealed {
        /// Who.
        player: PlayerId,
        /// Which card.
        card: ProgressCard,
    },
    /// a player holds too many progress cards.
    MustDiscardProgress {
        /// Who.
        player: PlayerId,
        /// Cards over the limit.
        count: u8,
    },
    /// a progress card went under its deck.
    ProgressDiscarded {
        /// Who.
        player: PlayerId,
        /// Which card.
        card: ProgressCard,
    },
    /// a player who received nothing took a resource (or declined).
    AqueductUsed {
        /// Who.
        player: PlayerId,
        /// What was taken.
        resource: Option<Resource>,
    },
    /// a city wall was built.
    WallBuilt {
        /// Who.
        player: PlayerId,
        /// Under which city.
        at: VertexId,
    },
    /// a track rose one level.
    Improved {
        /// Who.
        player: PlayerId,
        /// Which track.
        track: Track,
        /// The level reached.
        level: u8,
    },
    /// a player won a metropolis (from `previous`, if anyone).
    MetropolisWon {
        /// Who.
        player: PlayerId,
        /// Which metropolis.
        track: Track,
        /// Who lost it.
        previous: Option<PlayerId>,
        /// Held for good (level 5).
        r#final: bool,
    },
    /// a metropolis was placed on a city.
    MetropolisPlaced {
        /// Who.
        player: PlayerId,
        /// Which metropolis.
        track: Track,
        /// On which city.
        at: VertexId,
    },
    /// a basic knight was recruited (inactive).
    KnightRecruited {
        /// Who.
        player: PlayerId,
        /// Where.
        at: VertexId,
    },
    /// a knight rose one level.
    KnightPromoted {
        /// Who.
        player: PlayerId,
        /// Where.
        at: VertexId,
        /// The new strength.
        level: u8,
    },
    /// a knight was stood up.
    KnightActivated {
        /// Who.
        player: PlayerId,
        /// Where.
        at: VertexId,
    },
    /// a knight moved (and lay down).
    KnightMoved {
        /// Who.
        player: PlayerId,
        /// From.
        from: VertexId,
        /// To.
        to: VertexId,
    },
    /// a knight displaced a weaker opposing knight.
    KnightDisplaced {
        /// Who displaced.
        player: PlayerId,
        /// From.
        from: VertexId,
        /// Where the displaced knight stood.
        to: VertexId,
        /// The displaced knight's owner.
        victim: PlayerId,
    },
    /// a displaced knight was put on a new intersection.
    KnightRelocated {
        /// Owner.
        player: PlayerId,
        /// Where it stood.
        from: VertexId,
        /// Where it went.
        to: VertexId,
    },
    /// a knight went back to its owner's supply.
    KnightRemoved {
        /// Owner.
        player: PlayerId,
        /// Where it stood.
        at: VertexId,
        /// Its strength.
        level: u8,
    },
    /// a knight chased the robber away.
    RobberChased {
        /// Who.
        player: PlayerId,
        /// The knight.
        knight: VertexId,
    },
    /// a city turned on its side was rebuilt.
    CityRepaired {
        /// Who.
        player: PlayerId,
        /// Where.
        at: VertexId,
    },
    /// a progress card was played (it goes under its deck).
    ProgressPlayed {
        /// Who.
        player: PlayerId,
        /// Which card.
        card: ProgressCard,
    },
    /// cards passed from one hand to another (Guild Dues, monopolies, Wedding, Commercial Harbor).
    CardsTaken {
        /// Who received.
        player: PlayerId,
        /// Who gave.
        from: PlayerId,
        /// What.
        cards: Cards,
    },
    /// Invention: two number tokens changed places.
    TokensSwapped {
        /// Who.
        player: PlayerId,
        /// One hex.
        a: HexId,
        /// The other hex.
        b: HexId,
    },
    /// Merchant: the merchant stands on a new hex under a new controller.
    MerchantPlaced {
        /// Its controller.
        player: PlayerId,
        /// Where.
        hex: HexId,
        /// The previous controller.
        previous: Option<PlayerId>,
    },
    /// Commercial Harbor: a resource offered to an opponent (`answered` no: they hold no commodity, the resource stays).
    HarborOffered {
        /// Who offered.
        player: PlayerId,
        /// To whom.
        to: PlayerId,
        /// The resource.
        resource: Resource,
        /// Whether a commodity is owed in return.
        answered: bool,
    },
    /// Treason: a knight placed with the status of the one removed.
    KnightPlaced {
        /// Owner.
        player: PlayerId,
        /// Where.
        at: VertexId,
        /// Strength.
        level: u8,
        /// Status.
        active: bool,
    },
    /// Diplomacy: a road went back to its owner's supply.
    RoadRemoved {
        /// Owner.
        player: PlayerId,
        /// Where.
        at: EdgeId,
    },
    /// Intrigue: an opposing knight was displaced without a knight.
    KnightIntrigued {
        /// Who played Intrigue.
        player: PlayerId,
        /// Where the knight stood.
        at: VertexId,
        /// Its owner.
        victim: PlayerId,
    },
    /// Espionage: a progress card taken from an opponent (or none).
    ProgressTaken {
        /// Who.
        player: PlayerId,
        /// From whom.
        from: PlayerId,
        /// The card.
        card: Option<ProgressCard>,
    },
    /// Wedding: a richer player owes cards of their choice.
    MustGive {
        /// Who gives.
        player: PlayerId,
        /// To whom.
        to: PlayerId,
        /// How many.
        count: u8,
    },
    /// Cities & Knights, Fiesepeter battle rule: `player` sent these knights against the
    /// barbarians.
    KnightsCommitted {
        /// Who.
        player: PlayerId,
        /// How many knights.
        knights: u8,
        /// Their total strength.
        strength: u8,
    },
}
