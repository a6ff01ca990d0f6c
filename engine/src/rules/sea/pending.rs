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
}

impl SeaPending {
    /// The phase this entry shows while it is at the front.
    #[inline]
    pub fn phase(self, player: PlayerId) -> Phase {
        match self {
            SeaPending::Gold { count } => Phase::ChoosingGold { player, count },
            SeaPending::PirateVictim => Phase::ChoosingVictim,
        }
    }
}
