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
use crate::state::{Building, Game};
use crate::CkEvent;

impl Game {
    pub(crate) fn check_wall(&self, player: PlayerId, at: VertexId) -> Result<(), RuleError> {
        self.check_wall_at(player, at, false)
    }

    /// A wall, paid or (Engineering) free.
    pub(crate) fn check_wall_at(&self, player: PlayerId, at: VertexId, free: bool) -> Result<(), RuleError> {
        self.known_vertex(at)?;
        if !self.in_main() {
            return Err(self.wrong_time(player, "build a city wall"));
        }
        let st = &self.players[player.index()];
        if !self.sites[at.index()].is_some_and(|s| s.owner == player && s.building == Building::City) {
            return Err(RuleError::Ck(CkRule::WallNeedsCity));
        }
        if self.ck.walls[at.index()] {
            return Err(RuleError::Ck(CkRule::WallOnePerCity));
        }
        if st.ck.walls_left == 0 {
            return Err(RuleError::Ck(CkRule::WallLimit));
        }
        if !free && !st.hand.contains(&cost::WALL) {
            return Err(RuleError::CannotAfford {
                player: st.colour,
                piece: Piece::Wall,
                cost: cost::WALL,
            });
        }
        Ok(())
    }

    pub(crate) fn do_wall(&mut self, player: PlayerId, at: VertexId, events: &mut Vec<Event>) {
        self.do_wall_at(player, at, false, events);
    }

    pub(crate) fn do_wall_at(&mut self, player: PlayerId, at: VertexId, free: bool, events: &mut Vec<Event>) {
        let st = &mut self.players[player.index()];
        if !free {
            st.hand.remove_all(&cost::WALL);
            self.bank.add_all(&cost::WALL);
        }
        st.ck.walls_left -= 1;
        self.ck.walls[at.index()] = true;
        events.push(Event::Ck(CkEvent::WallBuilt { player, at }));
    }
}

#[cfg(test)]
mod tests {
    use crate::board::Corner::*;
    use crate::cards::{CardKind::*, Cards};
    use crate::progress::EventFace;
    use crate::testkit::*;
    use crate::CkAction;
    use crate::{Action, Phase};

    #[test]
    fn a_wall_goes_under_an_own_city_once_and_raises_the_discard_limit_by_two() {
        let ck = Ck::new()
            .city(0, ("E", N))
            .roads(0, "E", &[N, NE])
            .settlement(0, ("O", S))
            .roads(0, "O", &[S, SW])
            .opponents();
        let mut g = ck.clone_with_hand(0, Cards::of(&[(Brick, 4)])).game();
        let city = vertex(&g, "E", N);
        let settlement = vertex(&g, "O", S);
        assert_eq!(
            refused(
                &g,
                Action::Ck(CkAction::BuildWall {
                    player: p(0),
                    at: settlement
                })
            ),
            "CK.WALL.UNDER_OWN_CITY"
        );
        g.apply(Action::Ck(CkAction::BuildWall { player: p(0), at: city }))
            .unwrap();
        assert!(g.wall(city));
        assert_eq!(
            refused(&g, Action::Ck(CkAction::BuildWall { player: p(0), at: city })),
            "CK.WALL.ONE_PER_CITY"
        );
        assert_eq!(g.discard_limit(p(0)), 9);
        // Nine cards and one wall: no discard on a 7.
        let mut g = ck
            .clone_with_hand(0, Cards::of(&[(Brick, 5), (Ore, 4)]))
            .wall(0, ("E", N))
            .before_roll()
            .game();
        roll3(&mut g, 3, 4, EventFace::Ship);
        assert_eq!(g.phase(), Phase::Main);
    }
}
