//! # catan-engine
//!
//! A deterministic rules engine for CATAN, as a state machine:
//!
//! - [`Game`] holds the whole state; [`Game::apply`] is the only way to change it and is
//!   atomic (a refused action changes nothing and returns a [`RuleError`] with a stable
//!   rule id, see [`RuleError::code`]).
//! - [`Game::legal_actions`] lists what `apply` accepts now (all but domestic trade offers,
//!   which [`Game::is_legal`] decides).
//! - Every choice a player has is an [`Action`] by that player; chance (dice, cards drawn,
//!   cards stolen) is an [`Action::Chance`] outcome supplied by the driver, with exact
//!   weights from [`Game::for_each_outcome`].
//! - [`Event`]s say what happened; traces and goldens are made of them.
//!
//! Rules live in `rules/`, one module per topic, each citing its source id from the
//! project's sources table (`sources.toml`).
//!
//! ```
//! use catan_engine::{Action, Board, Colour, Game, Outcome, PlayerId, Ruleset};
//! use std::sync::Arc;
//!
//! let mut game = Game::new(
//!     Ruleset::base(),
//!     Arc::new(Board::beginner()),
//!     &[Colour::Red, Colour::Blue, Colour::White],
//!     PlayerId(0),
//! ).unwrap();
//! let mut actions = Vec::new();
//! game.legal_actions(&mut actions);
//! assert_eq!(actions.len(), 54); // any intersection of the empty island
//! game.apply(actions[0]).unwrap();
//! // A refused action names its rule and changes nothing.
//! let before = game.clone();
//! let err = game.apply(Action::Roll { player: PlayerId(0) }).unwrap_err();
//! assert_eq!(err.code(), "BASE.SETUP.ORDER");
//! assert_eq!(game, before);
//! ```
#![warn(missing_docs)]
// No input, position or action sequence makes the engine panic: outside tests, no `unwrap`,
// `expect`, `panic!`, `unreachable!`, `todo!` or `unimplemented!` (clippy, run with
// `-D warnings` in CI, holds every line to it).
#![cfg_attr(
    not(test),
    deny(
        clippy::unwrap_used,
        clippy::expect_used,
        clippy::panic,
        clippy::unreachable,
        clippy::todo,
        clippy::unimplemented
    )
)]

pub mod action;
pub mod board;
pub mod capacity;
pub mod cards;
pub mod court;
pub mod error;
pub mod event;
#[cfg(feature = "fault-injection")]
pub mod fault;
pub(crate) mod id_set;
pub mod ids;
pub mod invariants;
pub(crate) mod kept;
pub mod kind_set;
mod legal;
pub mod multiset;
pub mod pending;
pub mod position;
pub mod progress;
pub mod random;
pub(crate) mod rules;
pub mod ruleset;
pub mod state;
#[cfg(test)]
mod testkit;

pub use action::{Action, BarbAction, BarbOutcome, CkAction, CourtAction, KnightSet, Outcome, SeaAction};
pub use board::{Board, Corner, Side, Terrain};
pub use cards::{CardKind, Cards, DevCard, DevCards, Resource};
pub use error::RuleError;
pub use event::{BarbEvent, CkEvent, CourtEvent, Event, Field, SeaEvent};
pub use ids::{Colour, EdgeId, HexId, PlayerId, VertexId};
pub use progress::{EventFace, ProgressCard, Track};
pub use rules::barb::events::ArrivalCause;
pub use rules::barb::state::{BarbCard, BarbState, PathKnight};
pub use rules::longest_road_length;
pub use rules::sea::maps::{MapError, SeaMap};
pub use ruleset::{Profile, Ruleset};
pub use state::{Actor, CkPhase, Game, Phase};
