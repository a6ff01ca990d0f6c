//! City walls (source `000_fee7e8147b67bbe6.txt` p. 8; cost 2 brick, source
//! `001_f137f77325d91eec.txt`).
//!
//! A wall goes under one of your cities that has none; at most 3 per player. Each wall adds
//! 2 to the number of cards you may hold when a 7 is rolled ([`Game::discard_limit`]). When
//! the city is pillaged its wall returns to its owner's supply.

use crate::cards::cost;
use crate::error::{CkRule, Piece, RuleError};
use crate::event::Event;
use crate::ids::{PlayerId, VertexId};
use crate::state::{Building, Game, Phase};

impl Game {
    pub(crate) fn check_wall(&self, player: PlayerId, at: VertexId) -> Result<(), RuleError> {
        self.known_vertex(at)?;
        if self.phase != Phase::Main {
            return Err(self.wrong_time(player, "build a city wall"));
        }
        let st = &self.players[player.index()];
        if !self.sites[at.index()].is_some_and(|s| s.owner == player && s.building == Building::City) {
            return Err(RuleError::Ck(CkRule::WallNeedsCity));
        }
        if self.ck.walls[at.index()] {
            return Err(RuleError::Ck(CkRule::WallOnePerCity));
        }
        if st.walls_left == 0 {
            return Err(RuleError::Ck(CkRule::WallLimit));
        }
        if !st.hand.contains(&cost::WALL) {
            return Err(RuleError::CannotAfford {
                player: st.colour,
                piece: Piece::Wall,
                cost: cost::WALL,
            });
        }
        Ok(())
    }

    pub(crate) fn do_wall(&mut self, player: PlayerId, at: VertexId, events: &mut Vec<Event>) {
        let st = &mut self.players[player.index()];
        st.hand.remove_all(&cost::WALL);
        self.bank.add_all(&cost::WALL);
        st.walls_left -= 1;
        self.ck.walls[at.index()] = true;
        events.push(Event::WallBuilt { player, at });
    }
}
