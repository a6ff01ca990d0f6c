//! The decisions Seafarers adds to the pending queue ([`crate::pending`]).

use crate::ids::PlayerId;
use crate::state::Phase;
use serde::{Deserialize, Serialize};

/// A Seafarers entry of the pending queue.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum SeaPending {
    /// The player chooses `count` resources from the bank for their buildings next to a
    /// gold field that produced (source `004_bf8a3dbb68824bc0.txt`, "Goldfluss").
    Gold {
        /// Resources to choose.
        count: u8,
    },
    /// The player names whom the pirate robs: a player with a ship next to its hex.
    PirateVictim,
    /// A knight chased the pirate (with Cities & Knights): the player moves the pirate.
    ChasedPirate,
}

impl SeaPending {
    /// The phase this entry shows while it is at the front.
    #[inline]
    pub fn phase(self, player: PlayerId) -> Phase {
        match self {
            SeaPending::Gold { count } => Phase::Sea(SeaPhase::ChoosingGold { player, count }),
            SeaPending::PirateVictim => Phase::ChoosingVictim,
            SeaPending::ChasedPirate => Phase::Sea(SeaPhase::MovingPirate { player }),
        }
    }
}

/// The public view of a Seafarers decision (see [`crate::Phase`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(tag = "phase", rename_all = "kebab-case")]
pub enum SeaPhase {
    /// `player` chooses `count` resources a gold field pays.
    ChoosingGold {
        /// Who chooses.
        player: PlayerId,
        /// Resources owed.
        count: u8,
    },
    /// `player` chased the pirate with a knight and moves it.
    MovingPirate {
        /// Who moves it.
        player: PlayerId,
    },
}

impl SeaPhase {
    /// Every Seafarers phase name, as [`SeaPhase::name`] gives them.
    pub const NAMES: &'static [&'static str] = &["choosing-gold", "moving-pirate"];

    /// A short kebab-case name.
    pub fn name(&self) -> &'static str {
        match self {
            SeaPhase::ChoosingGold { .. } => "choosing-gold",
            SeaPhase::MovingPirate { .. } => "moving-pirate",
        }
    }

    /// What must happen before any other action, in words, and the rule id of the refusal
    /// of an action that comes first.
    pub(crate) fn pending_first(&self) -> (&'static str, &'static str) {
        match self {
            SeaPhase::ChoosingGold { .. } => ("the gold a field pays must be chosen first", "TURN.DECISION_PENDING"),
            SeaPhase::MovingPirate { .. } => ("the chased pirate must be moved first", "TURN.DECISION_PENDING"),
        }
    }
}
