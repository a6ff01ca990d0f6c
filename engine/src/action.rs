//! Actions: every decision a player can take, and chance outcomes.
//!
//! Each variant names the player who decides. Chance is an [`Action::Chance`] carrying an
//! [`Outcome`]: the driver (random play, a scenario, a replayed trace) supplies it.

use crate::cards::{CardKind, Cards, DevCard, Resource};
use crate::ids::{EdgeId, HexId, PlayerId, VertexId};
use crate::progress::{EventFace, ProgressCard};
use serde::{Deserialize, Serialize};

pub use crate::rules::barb::actions::{BarbAction, BarbOutcome};
pub use crate::rules::ck::actions::CkAction;
pub use crate::rules::court::actions::CourtAction;
pub use crate::rules::sea::actions::SeaAction;

/// One decision, or one chance outcome.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(tag = "action", rename_all = "kebab-case")]
pub enum Action {
    /// Place (setup) or build a road.
    BuildRoad {
        /// Who.
        player: PlayerId,
        /// Where.
        at: EdgeId,
    },
    /// Place (setup) or build a settlement.
    BuildSettlement {
        /// Who.
        player: PlayerId,
        /// Where.
        at: VertexId,
    },
    /// Upgrade an own settlement to a city.
    BuildCity {
        /// Who.
        player: PlayerId,
        /// Where.
        at: VertexId,
    },
    /// Buy a development card (the card drawn is a chance outcome).
    BuyDevCard {
        /// Who.
        player: PlayerId,
    },
    /// Play a knight card: move the robber and rob.
    PlayKnight {
        /// Who.
        player: PlayerId,
    },
    /// Play Road Building: two free roads.
    PlayRoadBuilding {
        /// Who.
        player: PlayerId,
    },
    /// Play Year of Plenty: take two resources from the bank.
    PlayYearOfPlenty {
        /// Who.
        player: PlayerId,
        /// The two resources.
        take: [Resource; 2],
    },
    /// Play Monopoly: every other player gives all of one resource.
    PlayMonopoly {
        /// Who.
        player: PlayerId,
        /// The resource named.
        resource: Resource,
    },
    /// Roll the dice for production (the dice are a chance outcome).
    Roll {
        /// Who.
        player: PlayerId,
    },
    /// Discard half the hand after a 7.
    Discard {
        /// Who.
        player: PlayerId,
        /// The cards returned to the bank.
        cards: Cards,
    },
    /// Move the robber.
    MoveRobber {
        /// Who.
        player: PlayerId,
        /// To which hex.
        to: HexId,
    },
    /// Choose whom to rob (the card taken is a chance outcome).
    Rob {
        /// Who robs.
        player: PlayerId,
        /// Who is robbed.
        victim: PlayerId,
    },
    /// Trade with the bank: `rate` cards of `give` for one `get`.
    MaritimeTrade {
        /// Who.
        player: PlayerId,
        /// The kind given.
        give: CardKind,
        /// How many are given (4, or 3/2 with a harbor).
        rate: u8,
        /// The kind received.
        get: CardKind,
    },
    /// Offer a trade to another player (only the player whose turn it is).
    OfferTrade {
        /// Who offers.
        player: PlayerId,
        /// To whom.
        to: PlayerId,
        /// What the offering player gives.
        give: Cards,
        /// What the offering player receives.
        get: Cards,
    },
    /// Accept the trade offered to you.
    AcceptTrade {
        /// Who accepts.
        player: PlayerId,
    },
    /// Decline the trade offered to you.
    DeclineTrade {
        /// Who declines.
        player: PlayerId,
    },
    /// End the turn.
    EndTurn {
        /// Who.
        player: PlayerId,
    },
    /// A chance outcome.
    Chance(Outcome),
    /// A Cities & Knights action ([`CkAction`], declared with the expansion's rules).
    #[serde(untagged)]
    Ck(CkAction),
    /// A The Court action ([`CourtAction`], declared with the expansion's rules).
    #[serde(untagged)]
    Court(CourtAction),
    /// A Seafarers action ([`SeaAction`], declared with the expansion's rules).
    #[serde(untagged)]
    Sea(SeaAction),
    /// A Barbarian Attack action ([`BarbAction`], declared with the scenario's rules).
    #[serde(untagged)]
    Barb(BarbAction),
}

impl Action {
    /// The player who takes this action (`None` for chance).
    pub fn player(&self) -> Option<PlayerId> {
        use Action::*;
        match *self {
            BuildRoad { player, .. }
            | BuildSettlement { player, .. }
            | BuildCity { player, .. }
            | BuyDevCard { player }
            | PlayKnight { player }
            | PlayRoadBuilding { player }
            | PlayYearOfPlenty { player, .. }
            | PlayMonopoly { player, .. }
            | Roll { player }
            | Discard { player, .. }
            | MoveRobber { player, .. }
            | Rob { player, .. }
            | MaritimeTrade { player, .. }
            | OfferTrade { player, .. }
            | AcceptTrade { player }
            | DeclineTrade { player }
            | EndTurn { player } => Some(player),
            Ck(a) => Some(a.player()),
            Court(a) => Some(a.player()),
            Sea(a) => Some(a.player()),
            Barb(a) => Some(a.player()),
            Chance(_) => None,
        }
    }

    /// The development card this action plays, if any.
    pub fn dev_card(&self) -> Option<DevCard> {
        match self {
            Action::PlayKnight { .. } => Some(DevCard::Knight),
            Action::PlayRoadBuilding { .. } => Some(DevCard::RoadBuilding),
            Action::PlayYearOfPlenty { .. } => Some(DevCard::YearOfPlenty),
            Action::PlayMonopoly { .. } => Some(DevCard::Monopoly),
            _ => None,
        }
    }
}

/// A chance outcome.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(tag = "outcome", rename_all = "kebab-case")]
pub enum Outcome {
    /// The two production dice.
    Dice {
        /// The red die, 1–6.
        red: u8,
        /// The yellow die, 1–6.
        yellow: u8,
    },
    /// The development card drawn.
    DevCard {
        /// Which card.
        card: DevCard,
    },
    /// The card stolen by the robber.
    Steal {
        /// Which card.
        card: CardKind,
    },
    /// Cities & Knights: the three dice.
    CkDice {
        /// The red die, 1–6.
        red: u8,
        /// The yellow die, 1–6.
        yellow: u8,
        /// The event die.
        event: EventFace,
    },
    /// Cities & Knights: the progress card drawn from a deck.
    Progress {
        /// Which card.
        card: ProgressCard,
    },
    /// Cities & Knights: the event die alone (after Alchemy set the production dice).
    EventDie {
        /// The face.
        event: EventFace,
    },
    /// Barbarian Attack: a landing roll, a scenario card drawn or the castle die
    /// ([`BarbOutcome`]).
    #[serde(untagged)]
    Barb(BarbOutcome),
}

/// Up to six intersections, each meant to hold one of a player's knights (a player has at most
/// six: two per strength): the knights committed to a battle under the Fiesepeter rule. Kept
/// sorted without repeats, so equal sets compare equal.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(from = "Vec<VertexId>", into = "Vec<VertexId>")]
pub struct KnightSet {
    len: u8,
    at: [VertexId; KnightSet::MAX],
}

impl KnightSet {
    /// The most knights a set holds.
    pub const MAX: usize = 6;
    /// No knight.
    pub const EMPTY: KnightSet = KnightSet {
        len: 0,
        at: [VertexId(0); KnightSet::MAX],
    };

    /// The set of these intersections (repeats dropped); `None` with more than [`Self::MAX`].
    pub fn new(places: &[VertexId]) -> Option<KnightSet> {
        let mut s = KnightSet::EMPTY;
        for &v in places {
            if s.contains(v) {
                continue;
            }
            if s.len as usize == KnightSet::MAX {
                return None;
            }
            s.at[s.len as usize] = v;
            s.len += 1;
        }
        s.at[..s.len as usize].sort_unstable();
        Some(s)
    }

    /// The intersections, in id order.
    pub fn iter(&self) -> impl Iterator<Item = VertexId> + '_ {
        self.at[..self.len as usize].iter().copied()
    }

    /// How many.
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Whether `v` is in the set.
    pub fn contains(&self, v: VertexId) -> bool {
        self.iter().any(|x| x == v)
    }
}

impl Default for KnightSet {
    fn default() -> KnightSet {
        KnightSet::EMPTY
    }
}

impl From<Vec<VertexId>> for KnightSet {
    fn from(v: Vec<VertexId>) -> KnightSet {
        let n = v.len().min(KnightSet::MAX);
        KnightSet::new(&v[..n]).unwrap_or_default()
    }
}

impl From<KnightSet> for Vec<VertexId> {
    fn from(s: KnightSet) -> Vec<VertexId> {
        s.iter().collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_expansions_action_serialises_like_a_base_action_and_comes_back_nested() {
        let wall = Action::Ck(CkAction::BuildWall {
            player: PlayerId(1),
            at: VertexId(7),
        });
        let json = serde_json::to_string(&wall).unwrap();
        assert_eq!(json, r#"{"action":"build-wall","player":1,"at":7}"#);
        assert_eq!(serde_json::from_str::<Action>(&json).unwrap(), wall);
        let noble = Action::Court(CourtAction::SendNoble { player: PlayerId(0) });
        let json = serde_json::to_string(&noble).unwrap();
        assert_eq!(serde_json::from_str::<Action>(&json).unwrap(), noble);
        let roll = Action::Roll { player: PlayerId(2) };
        let json = serde_json::to_string(&roll).unwrap();
        assert_eq!(json, r#"{"action":"roll","player":2}"#);
        assert_eq!(serde_json::from_str::<Action>(&json).unwrap(), roll);
    }
}
