//! The actions The Court adds: they travel as [`crate::Action::Court`].

use crate::error::RuleError;
use crate::event::Event;
use crate::ids::PlayerId;
use crate::state::Game;
use serde::{Deserialize, Serialize};

/// One decision of a game with The Court that the base game does not have.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(tag = "action", rename_all = "kebab-case")]
pub enum CourtAction {
    /// send a noble to the Court (1 wool + 1 grain).
    SendNoble {
        /// Who.
        player: PlayerId,
    },
}

impl CourtAction {
    /// The player who takes this action.
    pub fn player(&self) -> PlayerId {
        match *self {
            CourtAction::SendNoble { player } => player,
        }
    }
}

impl Game {
    /// Checks a The Court action against the rule that governs it.
    pub(crate) fn check_court_action(&self, action: CourtAction) -> Result<(), RuleError> {
        match action {
            CourtAction::SendNoble { player } => self.check_send_noble(player),
        }
    }

    /// Carries out a The Court action [`Game::check_court_action`] accepted.
    pub(crate) fn do_court_action(&mut self, action: CourtAction, events: &mut Vec<Event>) {
        match action {
            CourtAction::SendNoble { player } => self.do_send_noble(player, events),
        }
    }
}
