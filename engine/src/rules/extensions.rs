//! The named extension points where expansions and variants hook into the base rules.
//!
//! The base rules call these functions at fixed moments; each dispatches to the modules of
//! the expansions in the game's [`crate::Ruleset`]. Adding a variant means adding its module
//! and one line per hook here, not conditionals inside the base rules.
//!
//! | extension point | called from | Cities & Knights | The Court |
//! | --- | --- | --- | --- |
//! | components | [`Game::new`] | commodities, decks, knights | foreign soldiers |
//! | setup placement | setup settlement/city and road checks | — | no soldier intersections |
//! | after a road | every road built | — | prisoners, banners |
//! | build-phase actions | `legal_actions` | (own phase handling) | send a noble |
//! | victory points | [`Game::public_vp`] | metropolis, merchant, tokens, cards | banners, Most Influence |
//! | robber entry | first barbarian attack; a Knight card | desert | Court hex or next 7; first 7 |
//! | knight sites | knight placement and moves | — | option `court-knights` |

use crate::action::Action;
use crate::error::{CourtRule, RuleError};
use crate::event::Event;
use crate::ids::{EdgeId, HexId, PlayerId, VertexId};
use crate::ruleset::{CourtRobberEntry, CourtRobberStart};
use crate::state::{Game, PlayerState};

impl Game {
    /// Extension point "components": each expansion lays out its pieces at the start.
    pub(crate) fn start_expansions(&mut self) -> Result<(), RuleError> {
        if self.rules.ck() {
            self.start_cities_and_knights()?;
        }
        if self.rules.court() {
            self.start_court()?;
        }
        Ok(())
    }

    /// Extension point "setup placement" for a settlement (or a Cities & Knights setup city).
    pub(crate) fn check_setup_site_ext(&self, at: VertexId) -> Result<(), RuleError> {
        if self.rules.court() {
            self.court_check_setup_site(at)?;
        }
        Ok(())
    }

    /// Extension point "setup placement" for a road.
    pub(crate) fn check_setup_road_ext(&self, at: EdgeId) -> Result<(), RuleError> {
        if self.rules.court() {
            self.court_check_setup_road(at)?;
        }
        Ok(())
    }

    /// Extension point "after a road is built" (in setup, with Road Building, or bought).
    pub(crate) fn after_road_ext(&mut self, player: PlayerId, at: EdgeId, events: &mut Vec<Event>) {
        if self.rules.court() {
            self.court_after_road(player, at, events);
        }
    }

    /// Extension point "build-phase actions": actions an expansion adds to the trade and build
    /// phase, appended to the legal-action list.
    pub(crate) fn push_build_actions_ext(&self, player: PlayerId, out: &mut Vec<Action>) {
        if self.rules.court() && self.check_send_noble(player).is_ok() {
            out.push(Action::SendNoble { player });
        }
    }

    /// Extension point "victory points": what the expansions add to a player's visible points.
    pub(crate) fn expansion_vp(&self, p: PlayerId, st: &PlayerState) -> u8 {
        let mut vp = 0;
        if self.rules.ck() {
            vp += self.ck_vp(p, st);
        }
        if self.rules.court() {
            vp += self.court_vp(p);
        }
        vp
    }

    /// Extension point "robber entry": the hex the robber is put on when it becomes active in
    /// Cities & Knights (the first barbarian attack). The desert; in a Court game, which has
    /// none, the Court hex (`court-robber-entry court-hex`, rule `COURT.CK.ROBBER_ENTRY`) or
    /// nowhere, the next 7's roller placing it (`next-seven`).
    pub(crate) fn robber_entry_hex(&self) -> Option<HexId> {
        if let Some(d) = self.desert() {
            return Some(d);
        }
        if self.rules.court() && self.rules.court.robber_entry == CourtRobberEntry::CourtHex {
            return self.court_hex();
        }
        None
    }

    /// Whether a board without a desert still lets the robber enter (a Court board does).
    pub(crate) fn robber_can_enter_without_desert(&self) -> bool {
        self.rules.court()
    }

    /// Extension point "robber entry" for a Knight card: whether it moves the robber now.
    /// The Court (`court-robber-start first-seven`): not before the first 7, that is while the
    /// robber is still off the island (under this option only a 7 brings it in).
    pub(crate) fn knight_moves_robber(&self) -> bool {
        !(self.rules.court() && self.rules.court.robber_start == CourtRobberStart::FirstSeven && self.robber.is_none())
    }

    /// Extension point "knight sites": whether an expansion forbids a knight on an
    /// intersection (Court + Cities & Knights, `court-knights forbidden`).
    pub(crate) fn check_knight_site_ext(&self, at: VertexId) -> Result<(), RuleError> {
        if self.rules.court() && !self.rules.court.knights_at_court {
            if let Some(h) = self.court_hex() {
                let on_court = self.board.topology.hex(h).is_some_and(|hex| hex.corners.contains(&at));
                if on_court {
                    return Err(RuleError::Court(CourtRule::KnightAtCourt));
                }
            }
        }
        Ok(())
    }
}
