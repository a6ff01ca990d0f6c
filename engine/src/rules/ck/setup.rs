//! Cities & Knights setup (source `000_fee7e8147b67bbe6.txt` p. 4), extension point
//! "setup placement": the second round places a city, not a settlement, on an empty
//! intersection under the distance rule, then a road at it.

use crate::error::{CkRule, Piece, RuleError};
use crate::event::Event;
use crate::ids::{PlayerId, VertexId};
use crate::state::{Building, Game, Site};

impl Game {
    /// Cities & Knights setup, round 2: a city on an empty intersection under the distance
    /// rule, then a road at it (source `000_fee7e8147b67bbe6.txt` p. 4).
    pub(crate) fn check_setup_city(&self, player: PlayerId, at: VertexId) -> Result<(), RuleError> {
        let st = &self.players[player.index()];
        let info = &self.board.topology.vertices()[at.index()];
        if !info.on_land {
            return Err(RuleError::NotOnLand { piece: Piece::City });
        }
        if self.sites[at.index()].is_some() {
            return Err(RuleError::Occupied);
        }
        if !self.setup_round_two() {
            return Err(RuleError::Ck(CkRule::SetupCityInRoundTwo));
        }
        if !self.distance_ok(at) {
            return Err(RuleError::DistanceRule);
        }
        self.check_setup_site_ext(at)?;
        if st.cities_left == 0 {
            return Err(RuleError::NoPiecesLeft {
                player: st.colour,
                piece: Piece::City,
            });
        }
        Ok(())
    }

    pub(crate) fn do_setup_city(&mut self, player: PlayerId, at: VertexId, events: &mut Vec<Event>) {
        let harbors = self.harbor_mask_at(at);
        self.players[player.index()].harbors |= harbors;
        self.players[player.index()].cities_left -= 1;
        self.players[player.index()].buildings.note(at, &self.board.topology);
        self.raise_vp_bound(player);
        self.sites[at.index()] = Some(Site {
            owner: player,
            building: Building::City,
        });
        self.paying_corner_built(at);
        self.route_site_changed(at);
        events.push(Event::CityBuilt { player, at });
        self.setup_after_settlement(player, at, events);
    }
}
