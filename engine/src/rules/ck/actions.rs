//! The actions Cities & Knights adds (source `000_fee7e8147b67bbe6.txt`): they travel as
//! [`crate::Action::Ck`], so the base game's `Action` holds one arm for the whole expansion.

use crate::action::KnightSet;
use crate::cards::{CardKind, Cards, Resource};
use crate::error::RuleError;
use crate::event::Event;
use crate::ids::{PlayerId, VertexId};
use crate::progress::{ProgressCard, ProgressPlay, Track};
use crate::state::Game;
use serde::{Deserialize, Serialize};

/// One decision of a Cities & Knights game that the base game does not have.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(tag = "action", rename_all = "kebab-case")]
pub enum CkAction {
    /// build a city wall under an own city.
    BuildWall {
        /// Who.
        player: PlayerId,
        /// The city.
        at: VertexId,
    },
    /// buy the next level of an improvement track.
    Improve {
        /// Who.
        player: PlayerId,
        /// Which track.
        track: Track,
    },
    /// place the metropolis just won on one of your cities.
    PlaceMetropolis {
        /// Who.
        player: PlayerId,
        /// The city.
        at: VertexId,
    },
    /// recruit a basic knight.
    RecruitKnight {
        /// Who.
        player: PlayerId,
        /// Where.
        at: VertexId,
    },
    /// promote a knight one level.
    PromoteKnight {
        /// Who.
        player: PlayerId,
        /// The knight.
        at: VertexId,
    },
    /// activate a knight (1 grain).
    ActivateKnight {
        /// Who.
        player: PlayerId,
        /// The knight.
        at: VertexId,
    },
    /// move an active knight along your routes to an empty intersection.
    MoveKnight {
        /// Who.
        player: PlayerId,
        /// The knight.
        from: VertexId,
        /// Where to.
        to: VertexId,
    },
    /// move an active knight onto a weaker opposing knight, displacing it.
    DisplaceKnight {
        /// Who.
        player: PlayerId,
        /// The displacing knight.
        from: VertexId,
        /// The intersection of the knight displaced.
        to: VertexId,
    },
    /// put your displaced knight on a new intersection.
    RelocateKnight {
        /// The displaced knight's owner.
        player: PlayerId,
        /// Where to.
        to: VertexId,
    },
    /// an active knight next to the robber chases it away (then move the
    /// robber and rob as on a 7).
    ChaseRobber {
        /// Who.
        player: PlayerId,
        /// The knight.
        knight: VertexId,
    },
    /// choose which of your cities the barbarians pillage.
    LoseCity {
        /// Who.
        player: PlayerId,
        /// The city.
        at: VertexId,
    },
    /// a tied defender chooses the deck to draw from.
    ChooseDefenderDeck {
        /// Who.
        player: PlayerId,
        /// Which deck.
        deck: Track,
    },
    /// discard a progress card (under its deck).
    DiscardProgress {
        /// Who.
        player: PlayerId,
        /// Which card.
        card: ProgressCard,
    },
    /// take a resource with the aqueduct (science level 3), or `None` to
    /// take nothing.
    Aqueduct {
        /// Who.
        player: PlayerId,
        /// The resource taken.
        take: Option<Resource>,
    },
    /// play a progress card with the choices it asks of its player.
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
    /// Fiesepeter battle rule: the active knights a player sends against the
    /// barbarians (possibly none).
    CommitKnights {
        /// Who.
        player: PlayerId,
        /// The knights committed, by intersection.
        knights: KnightSet,
    },
    /// option `defender-tie-card choose-card`: a tied defender takes a card
    /// of their choice from the decks.
    ChooseDefenderCard {
        /// Who.
        player: PlayerId,
        /// The card taken (from its own deck).
        card: ProgressCard,
    },
}

impl CkAction {
    /// The player who takes this action.
    pub fn player(&self) -> PlayerId {
        use CkAction::*;
        match *self {
            BuildWall { player, .. }
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
            | SkipFreeRoad { player, .. }
            | CommitKnights { player, .. }
            | ChooseDefenderCard { player, .. } => player,
        }
    }
}

impl Game {
    /// Checks a Cities & Knights action against the rule that governs it (after the
    /// checks every action gets: a known player, the ruleset, whose decision it is).
    pub(crate) fn check_ck_action(&self, action: CkAction) -> Result<(), RuleError> {
        match action {
            CkAction::BuildWall { player, at } => self.check_wall(player, at),
            CkAction::Improve { player, track } => self.check_improve(player, track),
            CkAction::PlaceMetropolis { player, at } => self.check_place_metropolis(player, at),
            CkAction::RecruitKnight { player, at } => self.check_recruit(player, at),
            CkAction::PromoteKnight { player, at } => self.check_promote(player, at),
            CkAction::ActivateKnight { player, at } => self.check_activate(player, at),
            CkAction::MoveKnight { player, from, to } => self.check_move_knight(player, from, to),
            CkAction::DisplaceKnight { player, from, to } => self.check_displace(player, from, to),
            CkAction::RelocateKnight { player, to } => self.check_relocate(player, to),
            CkAction::ChaseRobber { player, knight } => self.check_chase_robber(player, knight),
            CkAction::LoseCity { player, at } => self.check_lose_city(player, at),
            CkAction::ChooseDefenderDeck { player, deck } => self.check_defender_deck(player, deck),
            CkAction::DiscardProgress { player, card } => self.check_discard_progress(player, card),
            CkAction::Aqueduct { player, take } => self.check_aqueduct(player, take),
            CkAction::PlayProgress { player, play } => self.check_play_progress(player, &play),
            CkAction::OfferHarborTrade { player, to, resource } => self.check_harbor_offer(player, to, resource),
            CkAction::GiveCommodity { player, commodity } => self.check_give_commodity(player, commodity),
            CkAction::SurrenderKnight { player, at } => self.check_surrender(player, at),
            CkAction::PlaceTreasonKnight { player, at, level } => self.check_treason_placement(player, at, level),
            CkAction::GiveCards { player, cards } => self.check_give_cards(player, cards),
            CkAction::SkipFreeRoad { player } => self.check_skip_free_road(player),
            CkAction::CommitKnights { player, knights } => self.check_commit_knights(player, knights),
            CkAction::ChooseDefenderCard { player, card } => self.check_defender_card(player, card),
        }
    }

    /// Carries out a Cities & Knights action [`Game::check_ck_action`] accepted.
    pub(crate) fn do_ck_action(&mut self, action: CkAction, events: &mut Vec<Event>) {
        match action {
            CkAction::BuildWall { player, at } => self.do_wall(player, at, events),
            CkAction::Improve { player, track } => self.do_improve(player, track, events),
            CkAction::PlaceMetropolis { player, at } => self.do_place_metropolis(player, at, events),
            CkAction::RecruitKnight { player, at } => self.do_recruit(player, at, events),
            CkAction::PromoteKnight { player, at } => self.do_promote(player, at, events),
            CkAction::ActivateKnight { player, at } => self.do_activate(player, at, events),
            CkAction::MoveKnight { player, from, to } => self.do_move_knight(player, from, to, events),
            CkAction::DisplaceKnight { player, from, to } => self.do_displace(player, from, to, events),
            CkAction::RelocateKnight { player, to } => self.do_relocate(player, to, events),
            CkAction::ChaseRobber { player, knight } => self.do_chase_robber(player, knight, events),
            CkAction::LoseCity { player, at } => self.do_lose_city(player, at, events),
            CkAction::ChooseDefenderDeck { player, deck } => self.do_defender_deck(player, deck, events),
            CkAction::DiscardProgress { player, card } => self.do_discard_progress(player, card, events),
            CkAction::Aqueduct { player, take } => self.do_aqueduct(player, take, events),
            CkAction::PlayProgress { player, play } => self.do_play_progress(player, play, events),
            CkAction::OfferHarborTrade { player, to, resource } => self.do_harbor_offer(player, to, resource, events),
            CkAction::GiveCommodity { player, commodity } => self.do_give_commodity(player, commodity, events),
            CkAction::SurrenderKnight { player, at } => self.do_surrender(player, at, events),
            CkAction::PlaceTreasonKnight { player, at, level } => self.do_treason_placement(player, at, level, events),
            CkAction::GiveCards { player, cards } => self.do_give_cards(player, cards, events),
            CkAction::SkipFreeRoad { .. } => self.resolved(events),
            CkAction::CommitKnights { player, knights } => self.do_commit_knights(player, knights, events),
            CkAction::ChooseDefenderCard { player, card } => self.do_defender_card(player, card, events),
        }
    }
}
