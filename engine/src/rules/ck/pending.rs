//! The decisions, chance steps and engine steps Cities & Knights adds to the pending queue
//! ([`crate::pending`]).
//!
//! A roll (source `000_fee7e8147b67bbe6.txt` pp. 5–7, 11) queues, in order: the event die's
//! consequences (knights committed under the Fiesepeter battle rule, then the battle; or the
//! progress draws of a city gate, in turn order from the roller), then production, then the
//! aqueduct choices, then the end of the roll. The battle queues the pillaged cities or the
//! tied defenders' deck choices, then the end of the attack, ahead of production.

use crate::cards::Resource;
use crate::ids::{EdgeId, PlayerId, VertexId};
use crate::pending::Resolver;
use crate::progress::Track;
use crate::state::{Knight, Phase};
use serde::{Deserialize, Serialize};

/// A Cities & Knights entry of the pending queue; the entry's `who` is the player named.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(tag = "ck", rename_all = "kebab-case")]
pub enum CkPending {
    /// Fiesepeter battle rule: the player chooses which active knights fight.
    CommitKnights,
    /// Engine: the battle is fought (after every commitment).
    ResolveAttack,
    /// The barbarians won: the player chooses which city is pillaged.
    LoseCity,
    /// A tied defender chooses the progress deck (or card) to draw from.
    DefenderDeck,
    /// Engine: the knights lie down and the ship returns to the start.
    EndAttack,
    /// Engine: the player draws from `deck` (a city gate, or a tied defender's choice).
    Draw {
        /// Which deck.
        deck: Track,
    },
    /// Chance: the progress card the player draws from `deck`.
    DrawProgress {
        /// Which deck.
        deck: Track,
    },
    /// The player holds too many progress cards and discards one.
    DiscardProgress,
    /// Engine: production for the roll's red and yellow dice (or the 7).
    Produce,
    /// The player received nothing and takes a resource (science level 3, aqueduct).
    Aqueduct,
    /// Engine: the roll is resolved; the three dice are put away.
    EndRoll,
    /// The player places the metropolis of `track` on one of their cities.
    Metropolis {
        /// Which metropolis.
        track: Track,
    },
    /// The player moves their displaced knight.
    RelocateKnight {
        /// The displaced knight (level and status kept).
        knight: Knight,
        /// Where it stood.
        from: VertexId,
    },
    /// Commercial Harbor: the player answers `from`'s offer of `resource` with a commodity.
    HarborAnswer {
        /// Who offered.
        from: PlayerId,
        /// The resource offered.
        resource: Resource,
    },
    /// Treason: the player removes one of their knights.
    TreasonSurrender,
    /// Treason: the player may place a knight of strength at most `level`.
    TreasonPlacement {
        /// Strength of the knight removed.
        level: u8,
        /// Status of the knight removed.
        active: bool,
    },
    /// Wedding: the player owes the current player `count` cards; gifts are simultaneous.
    Gift {
        /// Cards owed.
        count: u8,
    },
    /// Diplomacy: the player removed their own road and may build one free road.
    DiplomacyRoad {
        /// The path the road was removed from.
        removed: EdgeId,
    },
    /// Taxation: the current player moves the robber; everybody on its new hex is robbed.
    TaxationRobber,
}

impl CkPending {
    /// Who resolves entries of this kind.
    #[inline]
    pub fn resolver(self) -> Resolver {
        match self {
            CkPending::DrawProgress { .. } => Resolver::Chance,
            CkPending::ResolveAttack
            | CkPending::EndAttack
            | CkPending::Draw { .. }
            | CkPending::Produce
            | CkPending::EndRoll => Resolver::Engine,
            _ => Resolver::Player,
        }
    }

    /// Wedding gifts are owed by several players at once.
    #[inline]
    pub fn simultaneous(self) -> bool {
        matches!(self, CkPending::Gift { .. })
    }

    /// The phase shown while this entry of `player` is at the front.
    #[inline]
    pub fn phase(self, player: PlayerId) -> Phase {
        match self {
            CkPending::CommitKnights => Phase::CommittingKnights { player },
            CkPending::LoseCity => Phase::Pillaging { player },
            CkPending::DefenderDeck => Phase::ChoosingDefenderDeck { player },
            CkPending::DrawProgress { deck } => Phase::DrawingProgress { player, deck },
            CkPending::DiscardProgress => Phase::DiscardingProgress { player },
            CkPending::Aqueduct => Phase::Aqueduct { player },
            CkPending::Metropolis { track } => Phase::PlacingMetropolis { player, track },
            CkPending::RelocateKnight { knight, from } => Phase::RelocatingKnight { player, knight, from },
            CkPending::HarborAnswer { from, resource } => Phase::HarborAnswer {
                from,
                to: player,
                resource,
            },
            CkPending::TreasonSurrender => Phase::TreasonSurrender { player },
            CkPending::TreasonPlacement { level, active } => Phase::TreasonPlacement { player, level, active },
            CkPending::Gift { .. } => Phase::WeddingGifts,
            CkPending::DiplomacyRoad { removed } => Phase::DiplomacyRoad { player, removed },
            CkPending::TaxationRobber => Phase::MovingRobber,
            // Engine steps never rest at the front of the queue; shown as the action phase.
            CkPending::ResolveAttack
            | CkPending::EndAttack
            | CkPending::Draw { .. }
            | CkPending::Produce
            | CkPending::EndRoll => Phase::Main,
        }
    }
}
