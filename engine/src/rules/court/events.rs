//! What happens in a game with The Court that the base game has no event for; they travel
//! as [`crate::Event::Court`].

use crate::court::SoldierColour;
use crate::ids::{PlayerId, VertexId};
use catan_engine_derive::Fields;
use serde::{Deserialize, Serialize};

/// A The Court event.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize, Fields)]
#[serde(tag = "event", rename_all = "kebab-case")]
pub enum CourtEvent {
    /// a road took a foreign soldier prisoner.
    SoldierCaptured {
        /// The road's owner.
        player: PlayerId,
        /// The soldier's intersection.
        at: VertexId,
        /// The soldier's colour.
        colour: SoldierColour,
        /// The player's prisoners of that colour now.
        prisoners: u8,
    },
    /// a colour's banner changed hands.
    BannerTaken {
        /// The new holder.
        player: PlayerId,
        /// The colour.
        colour: SoldierColour,
        /// The previous holder.
        from: Option<PlayerId>,
    },
    /// a player took a tricolour banner.
    TricolourBannerTaken {
        /// Who.
        player: PlayerId,
        /// Tricolour banners left.
        left: u8,
    },
    /// a noble was sent to the Court.
    NobleSent {
        /// Who.
        player: PlayerId,
        /// The player's nobles at the Court now.
        nobles: u8,
        /// Nobles left to send, all players together.
        left: u8,
    },
    /// the Most Influence card changed hands.
    MostInfluenceTaken {
        /// The new holder.
        player: PlayerId,
        /// The previous holder.
        from: Option<PlayerId>,
    },
    /// a knight was played before the first 7; the robber stays off the island.
    RobberWaits {
        /// Who played the knight.
        player: PlayerId,
    },
}
