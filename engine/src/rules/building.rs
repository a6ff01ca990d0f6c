//! Building roads, settlements and cities (source `base-rules` §2, §3).
//!
//! Costs: road 1 brick + 1 lumber; settlement 1 brick + 1 lumber + 1 wool + 1 grain; city
//! 2 grain + 3 ore (a settlement goes back to supply). Pieces are limited to 15 roads,
//! 5 settlements and 4 cities per player. The distance rule holds in setup and after: no
//! building on an intersection next to another building. Outside setup a settlement must
//! touch one of its owner's roads, and a road must touch its owner's road or building
//! without passing through an opponent's building.

use crate::cards::cost;
use crate::error::{CkRule, Piece, RuleError};
use crate::event::Event;
use crate::ids::{EdgeId, PlayerId, VertexId};
use crate::state::{Building, CkPhase, Game, Phase, Site};
use crate::CkEvent;

impl Game {
    /// Whether `player` may extend a road network through intersection `v`: it holds their
    /// own building, or it is free of other players' buildings and touches their road.
    pub(crate) fn road_reaches(&self, player: PlayerId, v: VertexId, except: Option<EdgeId>) -> bool {
        match self.site(v) {
            Some(s) => return s.owner == player,
            None if !self.road_passes(player, v) => return false,
            None => {}
        }
        let Some(info) = self.board.topology.vertex(v) else {
            return false;
        };
        info.edges
            .iter()
            .any(|e| Some(e) != except && self.roads[e.index()] == Some(player))
    }

    /// Whether `player`'s road network goes on through intersection `v` where one of their
    /// roads ends ([`Game::road_reaches`] without looking for the road): it holds their own
    /// building, or no building and no opposing knight (Cities & Knights: an opponent's knight
    /// blocks roads like a building, source `000_fee7e8147b67bbe6.txt` p. 9).
    #[inline]
    pub(crate) fn road_passes(&self, player: PlayerId, v: VertexId) -> bool {
        match self.site(v) {
            Some(s) => s.owner == player,
            None => self.knight(v).is_none_or(|k| k.owner == player),
        }
    }

    /// The distance rule: `v` and its neighbours hold no building.
    pub(crate) fn distance_ok(&self, v: VertexId) -> bool {
        let Some(info) = self.board.topology.vertex(v) else {
            return false;
        };
        self.sites[v.index()].is_none() && info.neighbours.iter().all(|n| self.sites[n.index()].is_none())
    }

    pub(crate) fn check_road(&self, player: PlayerId, at: EdgeId) -> Result<(), RuleError> {
        self.known_edge(at)?;
        let st = &self.players[player.index()];
        let (free, setup_from) = match self.phase() {
            Phase::Setup { road_from: Some(v), .. } => (true, Some(v)),
            Phase::FreeRoads { .. } => (true, None),
            Phase::Ck(CkPhase::DiplomacyRoad { player: p, removed }) if p == player => {
                self.check_diplomacy_piece(false)?;
                if at == removed {
                    return Err(RuleError::Occupied);
                }
                (true, None)
            }
            Phase::Main => (false, None),
            _ => return Err(self.wrong_time(player, "build a road")),
        };
        let info = &self.board.topology.edges()[at.index()];
        if !info.on_land {
            return Err(RuleError::NotOnLand { piece: Piece::Road });
        }
        if self.roads[at.index()].is_some() || self.path_taken_ext(at) {
            return Err(RuleError::Occupied);
        }
        self.check_road_site_ext(at)?;
        if st.roads_left == 0 {
            return Err(RuleError::NoPiecesLeft {
                player: st.colour,
                piece: Piece::Road,
            });
        }
        if let Some(v) = setup_from {
            if !info.vertices.contains(&v) {
                return Err(RuleError::SetupRoadAwayFromSettlement);
            }
            self.check_setup_road_ext(at)?;
        } else if !info.vertices.iter().any(|&v| self.road_reaches(player, v, None)) {
            return Err(RuleError::NotConnected {
                piece: Piece::Road,
                player: st.colour,
            });
        }
        if !free && !st.hand.contains(&cost::ROAD) {
            return Err(RuleError::CannotAfford {
                player: st.colour,
                piece: Piece::Road,
                cost: cost::ROAD,
            });
        }
        Ok(())
    }

    pub(crate) fn do_road(&mut self, player: PlayerId, at: EdgeId, events: &mut Vec<Event>) {
        let phase = self.phase();
        let free = !matches!(phase, Phase::Main);
        let st = &mut self.players[player.index()];
        if !free {
            st.hand.remove_all(&cost::ROAD);
            self.bank.add_all(&cost::ROAD);
        }
        st.roads_left -= 1;
        st.roads.push(at);
        self.roads[at.index()] = Some(player);
        events.push(Event::RoadBuilt { player, at, free });
        self.after_road_ext(player, at, events);
        match phase {
            Phase::Setup { .. } => {
                self.longest_road_after_road(player, at, events);
                self.setup_after_road(events);
            }
            Phase::FreeRoads { remaining } => {
                self.longest_road_after_road(player, at, events);
                self.pending.pop_front();
                self.continue_free_roads(player, remaining.saturating_sub(1));
            }
            Phase::Ck(CkPhase::DiplomacyRoad { .. }) => {
                self.longest_road_after_road(player, at, events);
                self.resolved(events);
            }
            _ => self.longest_road_after_road(player, at, events),
        }
    }

    pub(crate) fn check_settlement(&self, player: PlayerId, at: VertexId) -> Result<(), RuleError> {
        self.known_vertex(at)?;
        let st = &self.players[player.index()];
        let setup = match self.phase() {
            Phase::Setup { road_from: None, .. } => true,
            Phase::Main => false,
            _ => return Err(self.wrong_time(player, "build a settlement")),
        };
        let info = &self.board.topology.vertices()[at.index()];
        if !info.on_land {
            return Err(RuleError::NotOnLand {
                piece: Piece::Settlement,
            });
        }
        if self.sites[at.index()].is_some() {
            return Err(RuleError::Occupied);
        }
        if setup && self.setup_places_city() {
            return Err(RuleError::Ck(CkRule::SetupCityInRoundTwo));
        }
        if setup {
            self.check_setup_site_ext(at)?;
        }
        self.check_building_site_ext(at)?;
        if !self.distance_ok(at) {
            return Err(RuleError::DistanceRule);
        }
        if st.settlements_left == 0 {
            return Err(RuleError::NoPiecesLeft {
                player: st.colour,
                piece: Piece::Settlement,
            });
        }
        if !setup {
            if !info.edges.iter().any(|e| self.roads[e.index()] == Some(player)) && !self.touches_route_ext(player, at)
            {
                return Err(RuleError::NotConnected {
                    piece: Piece::Settlement,
                    player: st.colour,
                });
            }
            if !st.hand.contains(&cost::SETTLEMENT) {
                return Err(RuleError::CannotAfford {
                    player: st.colour,
                    piece: Piece::Settlement,
                    cost: cost::SETTLEMENT,
                });
            }
        }
        Ok(())
    }

    pub(crate) fn do_settlement(&mut self, player: PlayerId, at: VertexId, events: &mut Vec<Event>) {
        let setup = matches!(self.phase(), Phase::Setup { .. });
        let st = &mut self.players[player.index()];
        if !setup {
            st.hand.remove_all(&cost::SETTLEMENT);
            self.bank.add_all(&cost::SETTLEMENT);
        }
        st.settlements_left -= 1;
        st.buildings.note(at, &self.board.topology);
        self.sites[at.index()] = Some(Site {
            owner: player,
            building: Building::Settlement,
        });
        self.paying_corner_built(at);
        self.route_site_changed(at);
        self.raise_vp_bound(player);
        let harbors = self.harbor_mask_at(at);
        self.players[player.index()].harbors |= harbors;
        events.push(Event::SettlementBuilt {
            player,
            at,
            free: setup,
        });
        if setup {
            self.setup_after_settlement(player, at, events);
        } else {
            // A new settlement cuts an opponent's road or line passing through this
            // intersection (one only reaching it ends there anyway).
            let mut cut = 0u8;
            if let Some(info) = self.board.topology.vertex(at) {
                for e in info.edges.iter() {
                    if let Some(owner) = self.roads[e.index()].or_else(|| self.path_owner_ext(e)) {
                        if owner != player && self.route_passes(owner, at) {
                            cut |= 1 << owner.0;
                        }
                    }
                }
            }
            // With ships (Seafarers) the builder's own road and ship may now join here.
            if !self.pieces_at(player, at).contains(&0) {
                cut |= 1 << player.0;
            }
            if cut != 0 {
                self.update_longest_road(cut, events);
            }
            self.after_settlement_ext(player, at, events);
        }
    }

    /// How many buildings `player` has on the board, as their supply tells (invariant
    /// `piece-count`).
    pub(crate) fn buildings_on_board(&self, player: PlayerId) -> usize {
        let st = &self.players[player.index()];
        usize::from(crate::state::SETTLEMENTS_PER_PLAYER.saturating_sub(st.settlements_left))
            + usize::from(crate::state::CITIES_PER_PLAYER.saturating_sub(st.cities_left))
    }

    /// Calls `f` with every intersection holding `player`'s building (some maybe twice).
    /// The buildings at the ends of their roads and ships are found from those pieces; only
    /// when fewer are found than the player has on the board (the supply tells: invariant
    /// `piece-count`), as after a Diplomat took a building's last road, is every
    /// intersection scanned. (The road listing, `push_roads`, finds them the same way along
    /// its search; the tests compare this with a scan of the intersections.) Cities &
    /// Knights' Diplomacy free road lists its candidates with it.
    pub(crate) fn for_each_own_building(&self, player: PlayerId, mut f: impl FnMut(VertexId)) {
        let topo = &self.board.topology;
        let st = &self.players[player.index()];
        let on_board = self.buildings_on_board(player);
        let mut found = crate::id_set::IdSet::<16>::default();
        let mut count = 0;
        for &e in st.roads.iter().chain(self.route_ships_ext(player)) {
            for v in topo.edges()[e.index()].vertices {
                if self.sites[v.index()].is_some_and(|s| s.owner == player) && found.insert(v.index()) {
                    count += 1;
                    f(v);
                }
            }
        }
        if count < on_board {
            for (v, site) in self.sites.iter().enumerate() {
                if site.is_some_and(|s| s.owner == player) {
                    f(VertexId(v as u16));
                }
            }
        }
    }

    pub(crate) fn check_city(&self, player: PlayerId, at: VertexId) -> Result<(), RuleError> {
        self.known_vertex(at)?;
        if let Phase::Setup { road_from: None, .. } = self.phase() {
            if self.setup_has_city_round() {
                return self.check_setup_city(player, at);
            }
        }
        self.check_city_priced(player, at, cost::CITY)
    }

    /// A city at a price (the city cost, or Medicine's).
    pub(crate) fn check_city_priced(
        &self,
        player: PlayerId,
        at: VertexId,
        price: crate::cards::Cards,
    ) -> Result<(), RuleError> {
        self.known_vertex(at)?;
        if !self.in_main() {
            return Err(self.wrong_time(player, "build a city"));
        }
        let st = &self.players[player.index()];
        match self.sites[at.index()] {
            Some(Site {
                owner,
                building: Building::DamagedCity,
            }) if owner == player => {
                // Repairing a city turned on its side: its piece is already on the board.
                return if st.hand.contains(&price) {
                    Ok(())
                } else {
                    Err(RuleError::CannotAfford {
                        player: st.colour,
                        piece: Piece::City,
                        cost: price,
                    })
                };
            }
            Some(Site {
                owner,
                building: Building::Settlement,
            }) if owner == player => {}
            _ => return Err(RuleError::CityNeedsOwnSettlement { player: st.colour }),
        }
        self.check_city_ext(player)?;
        if st.cities_left == 0 {
            return Err(RuleError::NoPiecesLeft {
                player: st.colour,
                piece: Piece::City,
            });
        }
        if !st.hand.contains(&price) {
            return Err(RuleError::CannotAfford {
                player: st.colour,
                piece: Piece::City,
                cost: price,
            });
        }
        Ok(())
    }

    pub(crate) fn do_city(&mut self, player: PlayerId, at: VertexId, events: &mut Vec<Event>) {
        if let Phase::Setup { .. } = self.phase() {
            return self.do_setup_city(player, at, events);
        }
        self.do_city_priced(player, at, cost::CITY, events);
    }

    pub(crate) fn do_city_priced(
        &mut self,
        player: PlayerId,
        at: VertexId,
        price: crate::cards::Cards,
        events: &mut Vec<Event>,
    ) {
        let st = &mut self.players[player.index()];
        st.hand.remove_all(&price);
        self.bank.add_all(&price);
        let repaired = self.repair_city_ext(player, at);
        if !repaired {
            let st = &mut self.players[player.index()];
            st.cities_left -= 1;
            st.settlements_left += 1;
        }
        self.sites[at.index()] = Some(Site {
            owner: player,
            building: Building::City,
        });
        self.raise_vp_bound(player);
        if repaired {
            events.push(Event::Ck(CkEvent::CityRepaired { player, at }));
        } else {
            events.push(Event::CityBuilt { player, at });
        }
        self.after_city_ext(player, at, events);
    }
}

#[cfg(test)]
mod tests {
    use crate::board::Corner;
    use crate::cards::{CardKind, Cards};
    use crate::testkit::*;
    use crate::Action;

    #[test]
    fn settlement_next_to_a_building_breaks_the_distance_rule() {
        let mut g = new_game(4);
        g.apply(Action::BuildSettlement {
            player: p(0),
            at: vertex(&g, "E", Corner::N),
        })
        .unwrap();
        g.apply(Action::BuildRoad {
            player: p(0),
            at: edge(&g, "E", Corner::N, Corner::NE),
        })
        .unwrap();
        let err = g
            .apply(Action::BuildSettlement {
                player: p(1),
                at: vertex(&g, "E", Corner::NE),
            })
            .unwrap_err();
        assert_eq!(err.code(), "BASE.BUILD.DISTANCE_RULE");
        // two steps away is fine
        g.apply(Action::BuildSettlement {
            player: p(1),
            at: vertex(&g, "E", Corner::SE),
        })
        .unwrap();
    }

    #[test]
    fn road_needs_resources_and_a_connection() {
        let mut g = main_phase_game();
        let red = p(0);
        let spot = first_legal_road(&g, red);
        give(&mut g, red, Cards::EMPTY);
        let err = g.check(&Action::BuildRoad { player: red, at: spot }).unwrap_err();
        assert_eq!(err.code(), "BASE.BUILD.COST");
        give(&mut g, red, Cards::of(&[(CardKind::Brick, 1), (CardKind::Lumber, 1)]));
        g.apply(Action::BuildRoad { player: red, at: spot }).unwrap();
        assert_eq!(g.player(red).unwrap().hand, Cards::EMPTY);
        // A road nowhere near red's network.
        give(&mut g, red, Cards::of(&[(CardKind::Brick, 1), (CardKind::Lumber, 1)]));
        let far = (0..72)
            .map(crate::EdgeId)
            .find(|&e| {
                let info = &g.board().topology.edges()[e.index()];
                g.road(e).is_none() && info.vertices.iter().all(|&v| !g.road_reaches(red, v, None))
            })
            .unwrap();
        let err = g.check(&Action::BuildRoad { player: red, at: far }).unwrap_err();
        assert_eq!(err.code(), "BASE.BUILD.CONNECTED");
    }

    #[test]
    fn a_road_cannot_pass_through_an_opponents_settlement() {
        let mut g = main_phase_game();
        let red = p(0);
        // Find a red road end held by an opponent settlement: construct one.
        let red_road = g.player(red).unwrap().roads[0];
        let [a, b] = g.board().topology.edges()[red_road.index()].vertices;
        let tip = if g.site(a).is_some() { b } else { a };
        // Put a blue settlement on the tip (position edit for the test).
        g.sites[tip.index()] = Some(crate::state::Site {
            owner: p(1),
            building: crate::state::Building::Settlement,
        });
        give(&mut g, red, Cards::of(&[(CardKind::Brick, 1), (CardKind::Lumber, 1)]));
        for e in g.board().topology.vertices()[tip.index()].edges.iter() {
            if e != red_road && g.road(e).is_none() {
                let err = g.check(&Action::BuildRoad { player: red, at: e }).unwrap_err();
                assert_eq!(err.code(), "BASE.BUILD.CONNECTED");
            }
        }
    }

    #[test]
    fn settlement_must_touch_own_road_outside_setup() {
        let mut g = main_phase_game();
        let red = p(0);
        give(&mut g, red, crate::cards::cost::SETTLEMENT);
        let spot = (0..54)
            .map(crate::VertexId)
            .find(|&v| {
                g.distance_ok(v)
                    && !g.board().topology.vertices()[v.index()]
                        .edges
                        .iter()
                        .any(|e| g.road(e) == Some(red))
            })
            .unwrap();
        let err = g.check(&Action::BuildSettlement { player: red, at: spot }).unwrap_err();
        assert_eq!(err.code(), "BASE.BUILD.CONNECTED");
    }

    #[test]
    fn city_replaces_own_settlement_and_returns_it_to_supply() {
        let mut g = main_phase_game();
        let red = p(0);
        let own = (0..54)
            .map(crate::VertexId)
            .find(|&v| g.site(v).map(|s| s.owner) == Some(red))
            .unwrap();
        let other = (0..54)
            .map(crate::VertexId)
            .find(|&v| g.site(v).map(|s| s.owner) == Some(p(1)))
            .unwrap();
        give(&mut g, red, crate::cards::cost::CITY);
        assert_eq!(
            g.check(&Action::BuildCity { player: red, at: other })
                .unwrap_err()
                .code(),
            "BASE.BUILD.CITY_ON_SETTLEMENT"
        );
        let before = g.player(red).unwrap().settlements_left;
        let vp = g.total_vp(red);
        g.apply(Action::BuildCity { player: red, at: own }).unwrap();
        assert_eq!(g.player(red).unwrap().settlements_left, before + 1);
        assert_eq!(g.player(red).unwrap().cities_left, 3);
        assert_eq!(g.total_vp(red), vp + 1);
    }

    #[test]
    fn piece_limit_refuses_a_sixth_settlement() {
        let mut g = main_phase_game();
        let red = p(0);
        g.players[0].settlements_left = 0;
        give(&mut g, red, crate::cards::cost::SETTLEMENT);
        let spot = (0..54).map(crate::VertexId).find(|&v| g.distance_ok(v)).unwrap();
        // extend a road to make it connected is not needed: the piece limit is checked first.
        let err = g.check(&Action::BuildSettlement { player: red, at: spot }).unwrap_err();
        assert_eq!(err.code(), "BASE.BUILD.PIECE_LIMIT");
    }

    #[test]
    fn building_before_the_roll_is_refused() {
        let mut g = main_phase_game();
        g.step = crate::pending::Step::BeforeRoll;
        give(&mut g, p(0), crate::cards::cost::ROAD);
        let e = first_legal_road_any(&g, p(0));
        assert_eq!(
            g.check(&Action::BuildRoad { player: p(0), at: e }).unwrap_err().code(),
            "BASE.TURN.ROLL_FIRST"
        );
    }
}
