//! The actions Seafarers adds: they travel as [`crate::Action::Sea`].

use crate::cards::Cards;
use crate::error::RuleError;
use crate::event::Event;
use crate::ids::{EdgeId, HexId, PlayerId, VertexId};
use crate::state::Game;
use serde::{Deserialize, Serialize};

/// One decision of a game with Seafarers that the base game does not have.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(tag = "action", rename_all = "kebab-case")]
pub enum SeaAction {
    /// Build a ship (bought; free in setup and with Road Building).
    BuildShip {
        /// Who.
        player: PlayerId,
        /// The path.
        at: EdgeId,
    },
    /// Move the ship at the open end of a line to another path.
    MoveShip {
        /// Who.
        player: PlayerId,
        /// The path the ship leaves.
        from: EdgeId,
        /// The path it goes to.
        to: EdgeId,
    },
    /// Move the pirate instead of the robber (a 7 or a Knight card).
    MovePirate {
        /// Who.
        player: PlayerId,
        /// The sea hex.
        to: HexId,
    },
    /// Chase the pirate with an active knight next to its hex (with Cities & Knights).
    ChasePirate {
        /// Who.
        player: PlayerId,
        /// The knight's intersection.
        knight: VertexId,
    },
    /// Choose the resources a gold field pays.
    ChooseGold {
        /// Who.
        player: PlayerId,
        /// The resources taken.
        take: Cards,
    },
}

impl SeaAction {
    /// The player who takes this action.
    pub fn player(&self) -> PlayerId {
        match *self {
            SeaAction::BuildShip { player, .. }
            | SeaAction::MoveShip { player, .. }
            | SeaAction::MovePirate { player, .. }
            | SeaAction::ChasePirate { player, .. }
            | SeaAction::ChooseGold { player, .. } => player,
        }
    }
}

impl Game {
    /// Checks a Seafarers action against the rule that governs it.
    pub(crate) fn check_sea_action(&self, action: SeaAction) -> Result<(), RuleError> {
        match action {
            SeaAction::BuildShip { player, at } => self.check_build_ship(player, at),
            SeaAction::MoveShip { player, from, to } => self.check_move_ship(player, from, to),
            SeaAction::MovePirate { player, to } => self.check_move_pirate(player, to),
            SeaAction::ChooseGold { player, take } => self.check_choose_gold(player, take),
            SeaAction::ChasePirate { player, knight } => self.check_chase_pirate(player, knight),
        }
    }

    /// Carries out a Seafarers action [`Game::check_sea_action`] accepted.
    pub(crate) fn do_sea_action(&mut self, action: SeaAction, events: &mut Vec<Event>) {
        match action {
            SeaAction::BuildShip { player, at } => self.do_build_ship(player, at, events),
            SeaAction::MoveShip { player, from, to } => self.do_move_ship(player, from, to, events),
            SeaAction::MovePirate { player, to } => self.do_move_pirate(player, to, events),
            SeaAction::ChooseGold { player, take } => self.do_choose_gold(player, take, events),
            SeaAction::ChasePirate { player, knight } => self.do_chase_pirate(player, knight, events),
        }
    }
}
