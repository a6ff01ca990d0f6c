//! Foreign soldiers, prisoners and banners (source `002_5f4cc12aafd16c0e.txt`, special rules
//! 1 "Initial Placement" and 2 "Taking Prisoners").
//!
//! - In setup no settlement (or Cities & Knights city) goes on an intersection holding a
//!   soldier, and no setup road ends on one. The seed says no setup settlement "or road" on
//!   such an intersection; roads lie on paths, so this project reads it as: a setup road may
//!   not touch a soldier's intersection. After setup, building there is allowed.
//! - Crowded setup (this project's ruling, rule `COURT.SETUP.CROWDED`; the seed is silent): with
//!   four players the 24 inland intersections of the standard island can be used up by the
//!   distance rule before the last setup settlements are placed. When no intersection free of
//!   soldiers is left for a setup settlement, it may go on a soldier's intersection; when every
//!   free path from a setup settlement ends on a soldier, its road may too. A setup road takes
//!   prisoner the soldiers it touches, like any road.
//! - When a road comes to touch an intersection holding a soldier, its owner takes that
//!   soldier prisoner (off the board, counted by colour, visible to all).
//! - Banners: the first player with 3 prisoners of a colour takes its banner (1 VP); a player
//!   who later holds strictly more prisoners of that colour than the holder takes it away (a
//!   tie does not). A player with prisoners of all three colours takes a tricolour banner
//!   (1 VP; 4 exist; at most one per player; never lost).

use crate::court::{SoldierColour, FIRST_CLAIM, TRICOLOUR_BANNERS};
use crate::error::{CourtRule, RuleError};
use crate::event::Event;
use crate::ids::{EdgeId, PlayerId, VertexId};
use crate::state::Game;
use crate::CourtEvent;

impl Game {
    /// Extension point "setup placement", for a building: refused on a soldier's
    /// intersection.
    pub(crate) fn court_check_setup_site(&self, at: VertexId) -> Result<(), RuleError> {
        if self.court.soldier(at).is_some() && self.soldier_free_setup_site_exists() {
            return Err(RuleError::Court(CourtRule::SetupOnSoldier));
        }
        Ok(())
    }

    /// Whether some intersection without a soldier could take a setup building.
    fn soldier_free_setup_site_exists(&self) -> bool {
        (0..self.sites.len()).any(|v| {
            let v = VertexId(v as u16);
            self.court.soldier(v).is_none()
                && self.board.topology.vertex(v).is_some_and(|i| i.on_land)
                && self.distance_ok(v)
        })
    }

    /// Extension point "setup placement", for a road: refused when it ends on a soldier's
    /// intersection.
    pub(crate) fn court_check_setup_road(&self, at: EdgeId) -> Result<(), RuleError> {
        let topo = &self.board.topology;
        let Some(info) = topo.edge(at) else {
            return Ok(());
        };
        let to_soldier = |e: EdgeId| {
            topo.edge(e)
                .is_some_and(|i| i.vertices.iter().any(|v| self.court.soldier(*v).is_some()))
        };
        if !to_soldier(at) {
            return Ok(());
        }
        // Crowded setup: allowed only when every free path from the settlement ends on a soldier.
        let other_way = info.vertices.iter().any(|&v| {
            self.site(v).is_some()
                && topo.vertex(v).is_some_and(|vi| {
                    vi.edges.iter().any(|e| {
                        e != at
                            && self.roads[e.index()].is_none()
                            && topo.edge(e).is_some_and(|ei| ei.on_land)
                            && !to_soldier(e)
                    })
                })
        });
        if other_way {
            return Err(RuleError::Court(CourtRule::SetupRoadToSoldier));
        }
        Ok(())
    }

    /// Extension point "after a road is built": the road's owner takes prisoner every soldier
    /// on its two intersections, then banners change hands.
    pub(crate) fn court_after_road(&mut self, player: PlayerId, at: EdgeId, events: &mut Vec<Event>) {
        let Some(info) = self.board.topology.edge(at) else {
            return;
        };
        let ends = info.vertices;
        for v in ends {
            let Some(colour) = self.court.soldier(v) else {
                continue;
            };
            self.court.soldiers[v.index()] = None;
            self.court.prisoners[player.index()][colour.index()] += 1;
            events.push(Event::Court(CourtEvent::SoldierCaptured {
                player,
                at: v,
                colour,
                prisoners: self.court.prisoners[player.index()][colour.index()],
            }));
            self.update_banner(player, colour, events);
            self.update_tricolour(player, events);
        }
    }

    /// The colour banner after `player` took a prisoner of `colour`.
    fn update_banner(&mut self, player: PlayerId, colour: SoldierColour, events: &mut Vec<Event>) {
        let c = colour.index();
        let mine = self.court.prisoners[player.index()][c];
        let takes = match self.court.banners[c] {
            None => mine >= FIRST_CLAIM,
            Some(h) if h == player => false,
            Some(h) => mine > self.court.prisoners[h.index()][c],
        };
        if takes {
            let from = self.court.banners[c];
            self.court.banners[c] = Some(player);
            self.raise_vp_bound(player);
            events.push(Event::Court(CourtEvent::BannerTaken { player, colour, from }));
        }
    }

    /// A tricolour banner for a player holding prisoners of all three colours.
    fn update_tricolour(&mut self, player: PlayerId, events: &mut Vec<Event>) {
        let all = self.court.prisoners[player.index()].iter().all(|n| *n > 0);
        let has = self.court.tricolour & (1 << player.0) != 0;
        if all && !has && self.court.tricolours_taken() < TRICOLOUR_BANNERS {
            self.court.tricolour |= 1 << player.0;
            self.raise_vp_bound(player);
            events.push(Event::Court(CourtEvent::TricolourBannerTaken {
                player,
                left: TRICOLOUR_BANNERS - self.court.tricolours_taken(),
            }));
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::board::Board;
    use crate::court::SoldierColour;
    use crate::error::RuleError;
    use crate::event::Event;
    use crate::ids::{Colour, EdgeId, PlayerId, VertexId};
    use crate::state::Game;
    use crate::testkit::court_game;
    use crate::CourtEvent;
    use crate::Ruleset;
    use std::sync::Arc;

    fn soldier_site(g: &Game) -> VertexId {
        VertexId(g.court.soldiers.iter().position(|s| s.is_some()).unwrap() as u16)
    }

    #[test]
    fn setup_settlement_on_a_soldier_is_refused_and_inland_is_fine() {
        let mut g = court_game(3);
        let v = soldier_site(&g);
        let before = g.clone();
        let e = g
            .apply(crate::Action::BuildSettlement {
                player: PlayerId(0),
                at: v,
            })
            .unwrap_err();
        assert_eq!(e.code(), "COURT.SETUP.SOLDIER_SITE");
        assert_eq!(g, before);
    }

    #[test]
    fn setup_road_to_a_soldier_is_refused() {
        let mut g = court_game(3);
        // An inland intersection next to a coastal one.
        let topo = g.board.topology.clone();
        let (v, e) = (0..topo.vertex_count())
            .map(|i| VertexId(i as u16))
            .filter(|v| g.court.soldier(*v).is_none())
            .find_map(|v| {
                topo.vertex(v)?
                    .edges
                    .iter()
                    .find(|e| topo.other_end(*e, v).is_some_and(|o| g.court.soldier(o).is_some()))
                    .map(|e| (v, e))
            })
            .unwrap();
        g.apply(crate::Action::BuildSettlement {
            player: PlayerId(0),
            at: v,
        })
        .unwrap();
        let err = g
            .apply(crate::Action::BuildRoad {
                player: PlayerId(0),
                at: e,
            })
            .unwrap_err();
        assert_eq!(err, RuleError::Court(crate::error::CourtRule::SetupRoadToSoldier));
        let mut legal = Vec::new();
        g.legal_actions(&mut legal);
        assert!(!legal.contains(&crate::Action::BuildRoad {
            player: PlayerId(0),
            at: e
        }));
    }

    #[test]
    fn crowded_setup_lets_the_settlement_and_its_road_onto_soldiers() {
        let mut g = court_game(3);
        // Fill every inland intersection so that no soldier-free site keeps the distance rule.
        for v in 0..g.sites.len() {
            if g.court.soldiers[v].is_none() {
                g.sites[v] = Some(crate::state::Site {
                    owner: PlayerId(1),
                    building: crate::state::Building::Settlement,
                });
            }
        }
        let a_nw = g
            .board
            .topology
            .corner(g.board.hex_by_label("A").unwrap(), crate::Corner::NW)
            .unwrap();
        assert!(g.court.soldier(a_nw).is_some());
        g.apply(crate::Action::BuildSettlement {
            player: PlayerId(0),
            at: a_nw,
        })
        .unwrap();
        let e = g.board.topology.vertex(a_nw).unwrap().edges.iter().next().unwrap();
        let ev = g
            .apply(crate::Action::BuildRoad {
                player: PlayerId(0),
                at: e,
            })
            .unwrap();
        let taken = ev
            .iter()
            .filter(|e| matches!(e, Event::Court(CourtEvent::SoldierCaptured { .. })))
            .count();
        assert_eq!(taken, 2, "{ev:?}");
        // With a soldier-free site left, the same settlement is refused.
        let mut g = court_game(3);
        let e = g
            .apply(crate::Action::BuildSettlement {
                player: PlayerId(0),
                at: a_nw,
            })
            .unwrap_err();
        assert_eq!(e.code(), "COURT.SETUP.SOLDIER_SITE");
    }

    #[test]
    fn banner_needs_three_and_a_tie_does_not_take_it() {
        let mut g = court_game(3);
        let mut ev = Vec::new();
        // Purple soldiers with a path inland (so a road there touches only that soldier).
        let inland_edge = |g: &Game, v: VertexId| -> Option<EdgeId> {
            let topo = &g.board.topology;
            topo.vertex(v)?
                .edges
                .iter()
                .find(|e| topo.other_end(*e, v).is_some_and(|o| g.court.soldier(o).is_none()))
        };
        let purple: Vec<(VertexId, EdgeId)> = (0..g.court.soldiers.len())
            .map(|i| VertexId(i as u16))
            .filter(|v| g.court.soldier(*v) == Some(SoldierColour::Purple))
            .filter_map(|v| inland_edge(&g, v).map(|e| (v, e)))
            .collect();
        assert!(purple.len() >= 4);
        // Red takes 3 purple one road at a time (through the hook).
        for (_, e) in &purple[..3] {
            g.court_after_road(PlayerId(0), *e, &mut ev);
        }
        assert_eq!(g.court.prisoners[0][0], 3);
        assert_eq!(g.court.banners[0], Some(PlayerId(0)));
        // Blue ties at 3: no change; a 4th takes it.
        g.court.prisoners[1][0] = 2;
        g.court_after_road(PlayerId(1), purple[3].1, &mut ev);
        assert_eq!(g.court.prisoners[1][0], 3);
        assert_eq!(g.court.banners[0], Some(PlayerId(0)));
        g.court.prisoners[1][0] = 4;
        g.update_banner(PlayerId(1), SoldierColour::Purple, &mut ev);
        assert_eq!(g.court.banners[0], Some(PlayerId(1)));
        assert!(ev.iter().any(|e| matches!(
            e,
            Event::Court(CourtEvent::BannerTaken {
                from: Some(PlayerId(0)),
                ..
            })
        )));
        assert_eq!(g.court_vp(PlayerId(1)), 1);
        assert_eq!(g.court_vp(PlayerId(0)), 0);
    }

    #[test]
    fn tricolour_banners_four_at_most_one_each_never_lost() {
        let mut g = Game::new(
            Ruleset::the_court(),
            Arc::new(Board::beginner_court()),
            &[Colour::Red, Colour::Blue, Colour::White, Colour::Orange],
            PlayerId(0),
        )
        .unwrap();
        let mut ev = Vec::new();
        for p in 0..4u8 {
            g.court.prisoners[p as usize] = [1, 1, 1];
            g.update_tricolour(PlayerId(p), &mut ev);
            g.update_tricolour(PlayerId(p), &mut ev);
        }
        assert_eq!(g.court.tricolours_taken(), 4);
        assert_eq!(ev.len(), 4);
        // A fifth player would find none left; more prisoners never remove one.
        g.court.prisoners[0] = [5, 5, 5];
        g.update_tricolour(PlayerId(0), &mut ev);
        assert_eq!(g.court.tricolour, 0b1111);
    }
}
