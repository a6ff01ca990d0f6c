//! The actions Barbarian Attack adds: they travel as [`crate::Action::Barb`]; its chance
//! outcomes travel as [`crate::Outcome::Barb`].

use super::state::BarbCard;
use crate::cards::Resource;
use crate::error::RuleError;
use crate::event::Event;
use crate::ids::{EdgeId, HexId, PlayerId};
use crate::state::Game;
use serde::{Deserialize, Serialize};

/// One decision of a Barbarian Attack game that the base game does not have.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(tag = "action", rename_all = "kebab-case")]
pub enum BarbAction {
    /// Buy a scenario card (1 ore, 1 wool, 1 grain); the card drawn is a chance outcome.
    BuyBarbarianCard {
        /// Who.
        player: PlayerId,
    },
    /// Place the knight a Knighthood or Swift Knight card gives.
    PlacePathKnight {
        /// Who.
        player: PlayerId,
        /// The path.
        at: EdgeId,
    },
    /// Move a knight at the end of the turn (up to 3 paths; 5 for 1 grain).
    MovePathKnight {
        /// Who.
        player: PlayerId,
        /// The knight's path.
        from: EdgeId,
        /// Where it ends.
        to: EdgeId,
        /// Whether 1 grain is paid to go beyond 3 paths (up to 5).
        grain: bool,
    },
    /// Treason: move one barbarian (from a hex, or from the supply) to an unconquered hex.
    MoveBarbarian {
        /// Who.
        player: PlayerId,
        /// The hex it leaves (`None`: the supply).
        from: Option<HexId>,
        /// The hex it goes to.
        to: HexId,
    },
    /// Capture: take a barbarian from a hex as a prisoner.
    CaptureBarbarian {
        /// Who.
        player: PlayerId,
        /// The hex.
        hex: HexId,
    },
    /// Fight the barbarians of a hex the knights around outnumber.
    ExpelBarbarians {
        /// The player on turn.
        player: PlayerId,
        /// The hex.
        hex: HexId,
    },
    /// Give a leftover prisoner to one of the tied largest contributors.
    AwardPrisoner {
        /// The player on turn.
        player: PlayerId,
        /// Who receives it.
        to: PlayerId,
    },
    /// Buy 1 resource from the bank for 2 gold.
    BuyWithGold {
        /// Who.
        player: PlayerId,
        /// The resource.
        resource: Resource,
    },
    /// With Cities & Knights: recruit a basic knight (1 wool + 1 ore) on a free path of the
    /// castle hex.
    RecruitPathKnight {
        /// Who.
        player: PlayerId,
        /// The castle path.
        at: EdgeId,
    },
    /// With Cities & Knights: promote a knight on a path (1 wool + 1 ore).
    PromotePathKnight {
        /// Who.
        player: PlayerId,
        /// The knight's path.
        at: EdgeId,
    },
    /// With Cities & Knights: activate a knight on a path (1 grain).
    ActivatePathKnight {
        /// Who.
        player: PlayerId,
        /// The knight's path.
        at: EdgeId,
    },
    /// With Cities & Knights, while the knights move: an active knight moves at most 3 paths
    /// onto a weaker opposing knight, displacing it.
    DisplacePathKnight {
        /// Who.
        player: PlayerId,
        /// The displacing knight's path.
        from: EdgeId,
        /// The path of the knight displaced.
        to: EdgeId,
    },
    /// With Cities & Knights: the owner of a displaced knight puts it on a nearest free path.
    RelocatePathKnight {
        /// The displaced knight's owner.
        player: PlayerId,
        /// Where to.
        to: EdgeId,
    },
    /// With Cities & Knights, Treason: the opponent named gives up one of their knights.
    SurrenderPathKnight {
        /// The opponent.
        player: PlayerId,
        /// The knight's path.
        at: EdgeId,
    },
    /// With Cities & Knights, Treason: the player places a knight of the given strength (at
    /// most the removed one's) exactly where the removed knight stood, or none (`None`).
    PlaceDeserterKnight {
        /// Who.
        player: PlayerId,
        /// The strength placed, `None` for no knight.
        level: Option<u8>,
    },
    /// With Cities & Knights: Smithing played on knights on paths (up to two, each promoted
    /// free).
    SmithingOnPaths {
        /// Who.
        player: PlayerId,
        /// The knights promoted.
        knights: [Option<EdgeId>; 2],
    },
    /// With Cities & Knights: Intrigue takes one barbarian from a hex as the player's prisoner.
    IntrigueOnHex {
        /// Who.
        player: PlayerId,
        /// The hex.
        hex: HexId,
    },
    /// With Cities & Knights: Taxation names a hex; each opponent with an unconquered
    /// building on it gives a card drawn at random.
    TaxationOnHex {
        /// Who.
        player: PlayerId,
        /// The hex.
        hex: HexId,
    },
}

impl BarbAction {
    /// The player who takes this action.
    pub fn player(&self) -> PlayerId {
        match *self {
            BarbAction::BuyBarbarianCard { player }
            | BarbAction::PlacePathKnight { player, .. }
            | BarbAction::MovePathKnight { player, .. }
            | BarbAction::MoveBarbarian { player, .. }
            | BarbAction::CaptureBarbarian { player, .. }
            | BarbAction::ExpelBarbarians { player, .. }
            | BarbAction::AwardPrisoner { player, .. }
            | BarbAction::BuyWithGold { player, .. }
            | BarbAction::RecruitPathKnight { player, .. }
            | BarbAction::PromotePathKnight { player, .. }
            | BarbAction::ActivatePathKnight { player, .. }
            | BarbAction::DisplacePathKnight { player, .. }
            | BarbAction::RelocatePathKnight { player, .. }
            | BarbAction::SurrenderPathKnight { player, .. }
            | BarbAction::PlaceDeserterKnight { player, .. }
            | BarbAction::SmithingOnPaths { player, .. }
            | BarbAction::IntrigueOnHex { player, .. }
            | BarbAction::TaxationOnHex { player, .. } => player,
        }
    }
}

/// A chance outcome of Barbarian Attack.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(tag = "outcome", rename_all = "kebab-case")]
pub enum BarbOutcome {
    /// A landing roll: the dice total (7s and totals already used in this landing are rolled
    /// again, so they never come up).
    LandingRoll {
        /// The total, 2–12 but 7.
        total: u8,
    },
    /// The scenario card drawn.
    BarbarianCard {
        /// Which card.
        card: BarbCard,
    },
    /// With Cities & Knights: the two dice rolled for one arriving barbarian (after a city
    /// improvement, or a ship face whose production roll was a 7 under option
    /// `barb-ck-ship-seven reroll`); a 7 places nothing unless the option rolls it again.
    ArrivalRoll {
        /// The total, 2–12.
        total: u8,
    },
    /// The die laid in the castle hex after a battle: it names a side of the castle hex.
    CastleDie {
        /// 1–6.
        face: u8,
    },
}

impl Game {
    /// Checks a Barbarian Attack action against the rule that governs it.
    pub(crate) fn check_barb_action(&self, action: BarbAction) -> Result<(), RuleError> {
        match action {
            BarbAction::BuyBarbarianCard { player } => self.check_buy_barb_card(player),
            BarbAction::PlacePathKnight { player, at } => self.check_place_path_knight(player, at),
            BarbAction::MovePathKnight {
                player,
                from,
                to,
                grain,
            } => self.check_move_path_knight(player, from, to, grain),
            BarbAction::MoveBarbarian { player, from, to } => self.check_move_barbarian(player, from, to),
            BarbAction::CaptureBarbarian { player, hex } => self.check_capture(player, hex),
            BarbAction::ExpelBarbarians { player, hex } => self.check_expel(player, hex),
            BarbAction::AwardPrisoner { player, to } => self.check_award_prisoner(player, to),
            BarbAction::BuyWithGold { player, resource } => self.check_buy_with_gold(player, resource),
            _ => self.check_barb_ck_action(action),
        }
    }

    /// Carries out a Barbarian Attack action [`Game::check_barb_action`] accepted.
    pub(crate) fn do_barb_action(&mut self, action: BarbAction, events: &mut Vec<Event>) {
        match action {
            BarbAction::BuyBarbarianCard { player } => self.do_buy_barb_card(player, events),
            BarbAction::PlacePathKnight { player, at } => self.do_place_path_knight(player, at, events),
            BarbAction::MovePathKnight {
                player,
                from,
                to,
                grain,
            } => self.do_move_path_knight(player, from, to, grain, events),
            BarbAction::MoveBarbarian { player, from, to } => self.do_move_barbarian(player, from, to, events),
            BarbAction::CaptureBarbarian { player, hex } => self.do_capture(player, hex, events),
            BarbAction::ExpelBarbarians { player, hex } => self.do_expel(player, hex, events),
            BarbAction::AwardPrisoner { player, to } => self.do_award_prisoner(player, to, events),
            BarbAction::BuyWithGold { player, resource } => self.do_buy_with_gold(player, resource, events),
            _ => self.do_barb_ck_action(action, events),
        }
    }
}
