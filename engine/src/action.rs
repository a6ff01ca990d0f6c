//! Actions: every decision a player can take, and chance outcomes.
//!
//! Each variant names the player who decides. Chance is an [`Action::Chance`] carrying an
//! [`Outcome`]: the driver (random play, a scenario, a replayed trace) supplies it.

use crate::cards::{CardKind, Cards, DevCard, Resource};
use crate::ids::{EdgeId, HexId, PlayerId, VertexId};
use crate::progress::{EventFace, ProgressCard, ProgressPlay, Track};
use serde::{Deserialize, Serialize};

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
    /// Cities & Knights: build a city wall under an own city.
    BuildWall {
        /// Who.
        player: PlayerId,
        /// The city.
        at: VertexId,
    },
    /// Cities & Knights: buy the next level of an improvement track.
    Improve {
        /// Who.
        player: PlayerId,
        /// Which track.
        track: Track,
    },
    /// Cities & Knights: place the metropolis just won on one of your cities.
    PlaceMetropolis {
        /// Who.
        player: PlayerId,
        /// The city.
        at: VertexId,
    },
    /// Cities & Knights: recruit a basic knight.
    RecruitKnight {
        /// Who.
        player: PlayerId,
        /// Where.
        at: VertexId,
    },
    /// Cities & Knights: promote a knight one level.
    PromoteKnight {
        /// Who.
        player: PlayerId,
        /// The knight.
        at: VertexId,
    },
    /// Cities & Knights: activate a knight (1 grain).
    ActivateKnight {
        /// Who.
        player: PlayerId,
        /// The knight.
        at: VertexId,
    },
    /// Cities & Knights: move an active knight along your routes to an empty intersection.
    MoveKnight {
        /// Who.
        player: PlayerId,
        /// The knight.
        from: VertexId,
        /// Where to.
        to: VertexId,
    },
    /// Cities & Knights: move an active knight onto a weaker opposing knight, displacing it.
    DisplaceKnight {
        /// Who.
        player: PlayerId,
        /// The displacing knight.
        from: VertexId,
        /// The intersection of the knight displaced.
        to: VertexId,
    },
    /// Cities & Knights: put your displaced knight on a new intersection.
    RelocateKnight {
        /// The displaced knight's owner.
        player: PlayerId,
        /// Where to.
        to: VertexId,
    },
    /// Cities & Knights: an active knight next to the robber chases it away (then move the
    /// robber and rob as on a 7).
    ChaseRobber {
        /// Who.
        player: PlayerId,
        /// The knight.
        knight: VertexId,
    },
    /// Cities & Knights: choose which of your cities the barbarians pillage.
    LoseCity {
        /// Who.
        player: PlayerId,
        /// The city.
        at: VertexId,
    },
    /// Cities & Knights: a tied defender chooses the deck to draw from.
    ChooseDefenderDeck {
        /// Who.
        player: PlayerId,
        /// Which deck.
        deck: Track,
    },
    /// Cities & Knights: discard a progress card (under its deck).
    DiscardProgress {
        /// Who.
        player: PlayerId,
        /// Which card.
        card: ProgressCard,
    },
    /// Cities & Knights: take a resource with the aqueduct (science level 3), or `None` to
    /// take nothing.
    Aqueduct {
        /// Who.
        player: PlayerId,
        /// The resource taken.
        take: Option<Resource>,
    },
    /// Cities & Knights: play a progress card with the choices it asks of its player.
    PlayProgress {
        /// Who.
        player: PlayerId,
        /// The card and its choices.
        play: ProgressPlay,
    },
    /// Commercial Harbor: offer an opponent one resource (once per opponent per turn).
    OfferHarborTrade {
        /// Who offers.
        player: PlayerId,
        /// To whom.
        to: PlayerId,
        /// The resource offered.
        resource: Resource,
    },
    /// Commercial Harbor: the opponent gives a commodity of their choice for the resource.
    GiveCommodity {
        /// Who gives.
        player: PlayerId,
        /// The commodity.
        commodity: CardKind,
    },
    /// Treason: the targeted player removes one of their knights.
    SurrenderKnight {
        /// Whose knight.
        player: PlayerId,
        /// The knight removed.
        at: VertexId,
    },
    /// Treason: place one of your knights (same strength or lower, same status), or none.
    PlaceTreasonKnight {
        /// Who.
        player: PlayerId,
        /// Where (`None`: place nothing).
        at: Option<VertexId>,
        /// Strength of the knight placed.
        level: u8,
    },
    /// Wedding: a richer player gives 2 cards of their choice.
    GiveCards {
        /// Who gives.
        player: PlayerId,
        /// The cards.
        cards: Cards,
    },
    /// Diplomacy: build no free road after removing your own.
    SkipFreeRoad {
        /// Who.
        player: PlayerId,
    },
    /// The Court: send a noble to the Court (1 wool + 1 grain).
    SendNoble {
        /// Who.
        player: PlayerId,
    },
    /// A chance outcome.
    Chance(Outcome),
    /// Cities & Knights, Fiesepeter battle rule: the active knights a player sends against the
    /// barbarians (possibly none).
    CommitKnights {
        /// Who.
        player: PlayerId,
        /// The knights committed, by intersection.
        knights: KnightSet,
    },
    /// Cities & Knights, option `defender-tie-card choose-card`: a tied defender takes a card
    /// of their choice from the decks.
    ChooseDefenderCard {
        /// Who.
        player: PlayerId,
        /// The card taken (from its own deck).
        card: ProgressCard,
    },
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
            | EndTurn { player }
            | BuildWall { player, .. }
            | Improve { player, .. }
            | PlaceMetropolis { player, .. }
            | RecruitKnight { player, .. }
            | PromoteKnight { player, .. }
            | ActivateKnight { player, .. }
            | MoveKnight { player, .. }
            | DisplaceKnight { player, .. }
            | RelocateKnight { player, .. }
            | ChaseRobber { player, .. }
            | LoseCity { player, .. }
            | ChooseDefenderDeck { player, .. }
            | DiscardProgress { player, .. }
            | Aqueduct { player, .. }
            | PlayProgress { player, .. }
            | OfferHarborTrade { player, .. }
            | GiveCommodity { player, .. }
            | SurrenderKnight { player, .. }
            | PlaceTreasonKnight { player, .. }
            | GiveCards { player, .. }
            | SkipFreeRoad { player }
            | SendNoble { player }
            | CommitKnights { player, .. }
            | ChooseDefenderCard { player, .. } => Some(player),
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
