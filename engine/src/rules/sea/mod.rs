//! Seafarers (source `004_bf8a3dbb68824bc0.txt`, the German Seafarers rules "Die Seefahrer",
//! sections A–G with examples A–F; the two maps the Cities & Knights rulebooks recommend,
//! source `000_fee7e8147b67bbe6.txt` "Combining with CATAN – Seafarers").
//!
//! | rule | module | rule ids |
//! | --- | --- | --- |
//! | the maps, sea hexes, harbors, areas | [`maps`] | `SEA.MAP.*` |
//! | ships: cost, supply, sea paths, connection, setup ship | [`ships`] | `SEA.SHIP.*`, `SEA.SETUP.*` |
//! | moving ships: open and closed lines | [`moving`] | `SEA.MOVE.*` |
//! | the pirate | [`pirate`] | `SEA.PIRATE.*` |
//! | gold fields | [`gold`] | `SEA.GOLD.*` |
//! | island bonuses | [`islands`] | `SEA.ISLAND.*` |
//! | Longest Trade Route | `rules/longest_road/` (ships through the hook [`expansion`]) | `SEA.ROUTE.*` |
//! | with Cities & Knights: knights on ships, the frozen pirate, +2 VP | [`ck`] | `SEA.CK.*` |
//!
//! Seafarers hooks into the base rules at the extension points of
//! [`crate::rules::extensions`] ([`expansion`]); its own actions, events, refusals and
//! pending decisions are [`actions::SeaAction`], [`events::SeaEvent`], [`errors::SeaRule`]
//! and [`pending::SeaPending`]. Seafarers with Cities & Knights follows the combination rules
//! of [`ck`]; Seafarers with The Court is refused ("not implemented yet": no source defines
//! it).

pub mod actions;
pub mod ck;
pub mod errors;
pub mod events;
mod expansion;
pub mod gold;
pub mod islands;
pub mod maps;
pub mod moving;
pub mod options;
pub mod pending;
pub mod pirate;
pub mod position;
pub mod ships;
pub mod state;
#[cfg(test)]
mod testkit;

use crate::ids::{EdgeId, HexId, PlayerId};
use crate::state::Game;

impl Game {
    /// Seafarers: the owner of the ship on a path.
    pub fn ship(&self, e: EdgeId) -> Option<PlayerId> {
        self.sea.ship(e)
    }

    /// Seafarers: the pirate's hex.
    pub fn pirate(&self) -> Option<HexId> {
        self.sea.pirate
    }

    /// Seafarers: a player's ships, island markers and supply.
    pub fn sea_player(&self, p: PlayerId) -> Option<&state::SeaPlayer> {
        self.sea.players.get(p.index())
    }

    /// Seafarers: whether the player on turn has moved a ship this turn.
    pub fn ship_moved_this_turn(&self) -> bool {
        self.sea.moved
    }
}

/// The Seafarers expansion at the base rules' extension points.
pub(crate) struct Seafarers;

/// Ships per player (source `004_bf8a3dbb68824bc0.txt`, Spielmaterial: 15 ships per colour).
pub const SHIPS_PER_PLAYER: u8 = 15;
