//! Setup: the snake order and starting resources (source `base-rules` §3).
//!
//! Round 1 goes clockwise from the first player, round 2 counter-clockwise (the first player
//! places last); each placement is a settlement and then a road touching it. Each player
//! receives one resource per terrain hex next to their second settlement.

use crate::cards::Cards;
use crate::event::Event;
use crate::ids::{PlayerId, VertexId};
use crate::state::{Game, Phase};

impl Game {
    /// The seat placing the `i`-th setup settlement (0-based) in snake order.
    pub(crate) fn setup_seat(&self, i: u8) -> PlayerId {
        let n = self.players.len() as u8;
        let k = if i < n { i } else { (2 * n - 1).saturating_sub(i) };
        PlayerId(((self.first_player.0 as usize + k as usize) % n as usize) as u8)
    }

    /// Whether setup is in its second round (the reverse-order placements).
    pub(crate) fn setup_round_two(&self) -> bool {
        matches!(self.phase(), Phase::Setup { placed, .. } if placed >= self.players.len() as u8)
    }

    /// After a setup settlement (or, in Cities & Knights, the round-2 city): starting
    /// resources on the second round, one per terrain hex next to the piece.
    pub(crate) fn setup_after_settlement(&mut self, player: PlayerId, at: VertexId, events: &mut Vec<Event>) {
        if let Phase::Setup { placed, .. } = self.phase() {
            let n = self.players.len() as u8;
            if placed >= n {
                let mut cards = Cards::EMPTY;
                if let Some(v) = self.board.topology.vertex(at) {
                    for h in v.hexes.iter() {
                        if let Some(r) = self.board.terrain[h.index()].resource() {
                            if self.bank.get(r.card()) > 0 {
                                cards.add(r.card(), 1);
                                self.bank.remove(r.card(), 1);
                            }
                        }
                    }
                }
                self.players[player.index()].hand.add_all(&cards);
                events.push(Event::StartingResources { player, cards });
                self.after_starting_resources_ext(player, at);
            }
            self.set_step(crate::pending::Step::Setup {
                placed,
                road_from: Some(at),
            });
            self.after_setup_building_ext(player, at, events);
        }
    }

    /// After a setup road: the next placement, or the first turn.
    pub(crate) fn setup_after_road(&mut self, events: &mut Vec<Event>) {
        if let Phase::Setup { placed, .. } = self.phase() {
            let next = placed + 1;
            let n = self.players.len() as u8;
            if next >= 2 * n {
                self.current = self.first_player;
                self.turn = 1;
                self.set_step(crate::pending::Step::BeforeRoll);
                events.push(Event::SetupEnded);
                events.push(Event::TurnStarted {
                    player: self.current,
                    turn: 1,
                });
            } else {
                self.current = self.setup_seat(next);
                self.set_step(crate::pending::Step::Setup {
                    placed: next,
                    road_from: None,
                });
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::testkit::*;

    #[test]
    fn setup_is_a_snake_and_the_first_player_places_last() {
        let g = new_game(4);
        let order: Vec<u8> = (0..8).map(|i| g.setup_seat(i).0).collect();
        assert_eq!(order, vec![0, 1, 2, 3, 3, 2, 1, 0]);
        let g3 = new_game(3);
        let order: Vec<u8> = (0..6).map(|i| g3.setup_seat(i).0).collect();
        assert_eq!(order, vec![0, 1, 2, 2, 1, 0]);
    }

    #[test]
    fn second_settlement_gives_one_resource_per_adjacent_terrain() {
        let (g, _) = played_setup(4, 1);
        // Every player took exactly the hexes next to their second settlement.
        let total: u32 = g.players().iter().map(|p| p.hand.total()).sum();
        assert!(total > 0 && total <= 12);
        assert_eq!(g.phase(), crate::state::Phase::BeforeRoll);
        assert_eq!(g.turn(), 1);
    }

    #[test]
    fn a_road_away_from_the_new_settlement_is_refused() {
        let mut g = new_game(4);
        let v = vertex(&g, "A", crate::board::Corner::N);
        g.apply(crate::Action::BuildSettlement { player: p(0), at: v }).unwrap();
        let far = edge(&g, "S", crate::board::Corner::S, crate::board::Corner::SW);
        let err = g.apply(crate::Action::BuildRoad { player: p(0), at: far }).unwrap_err();
        assert_eq!(err.code(), "BASE.SETUP.ROAD_AT_SETTLEMENT");
    }

    #[test]
    fn setup_road_before_settlement_is_refused() {
        let mut g = new_game(4);
        let e = edge(&g, "A", crate::board::Corner::N, crate::board::Corner::NE);
        let err = g.apply(crate::Action::BuildRoad { player: p(0), at: e }).unwrap_err();
        assert_eq!(err.code(), "BASE.SETUP.ORDER");
    }

    #[test]
    fn placing_out_of_turn_in_setup_is_refused() {
        let mut g = new_game(4);
        let v = vertex(&g, "A", crate::board::Corner::N);
        let err = g
            .apply(crate::Action::BuildSettlement { player: p(1), at: v })
            .unwrap_err();
        assert_eq!(err.code(), "TURN.NOT_YOUR_DECISION");
    }
}
