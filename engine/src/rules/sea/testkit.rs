//! Helpers for the Seafarers unit tests: a 4-player "Heading for New Shores" game in the
//! trade and build phase with one coastal settlement placed by hand.
#![allow(dead_code)]

use crate::board::Terrain;
use crate::ids::{Colour, EdgeId, PlayerId, VertexId};
use crate::ruleset::{Expansion, ExpansionSet, Ruleset};
use crate::state::{Building, Game, Site};
use crate::{Action, Board, SeaMap};
use std::sync::Arc;

pub use crate::testkit::give;

/// A Seafarers game at the start of setup on New Shores for 4 players (seed 1).
pub fn sea_game() -> Game {
    let board = Board::seafarers(SeaMap::NewShores, 4, 1).unwrap();
    Game::new(
        Ruleset::with(ExpansionSet::of(&[Expansion::Seafarers])),
        Arc::new(board),
        &Colour::ALL[..4],
        PlayerId(0),
    )
    .unwrap()
}

/// Whether a path lies between two land hexes.
pub fn inland(g: &Game, e: EdgeId) -> bool {
    let info = &g.board.topology.edges()[e.index()];
    info.hexes.len() == 2 && info.hexes.iter().all(|h| g.board.terrain[h.index()] != Terrain::Sea)
}

/// The sea paths at an intersection.
pub fn sea_paths_at(g: &Game, v: VertexId) -> Vec<EdgeId> {
    g.board.topology.vertices()[v.index()]
        .edges
        .iter()
        .filter(|&e| g.is_sea_path(e))
        .collect()
}

/// A main-island intersection `v` touching two land hexes and the sea, a coastal path from
/// it to `w` (where the road of [`coastal_game`] goes): (v, that path, w).
pub fn coastal_pair(g: &Game) -> (VertexId, EdgeId, VertexId) {
    let topo = &g.board.topology;
    for (i, info) in topo.vertices().iter().enumerate() {
        let v = VertexId(i as u16);
        let land = info
            .hexes
            .iter()
            .filter(|h| g.board.terrain[h.index()] != Terrain::Sea)
            .count();
        if land != 2 || info.hexes.len() != 3 || !info.hexes.iter().any(|h| g.board.area(h) == 1) {
            continue;
        }
        for (e, w) in info.edges.iter().zip(info.neighbours.iter()) {
            if g.is_sea_path(e) && sea_paths_at(g, w).len() >= 2 {
                return (v, e, w);
            }
        }
    }
    unreachable!("New Shores has coastal intersections")
}

/// A game in the trade and build phase, red (seat 0) with a settlement on a coastal
/// intersection and a road on its inland path; returns the game, red, and a sea path at the
/// settlement.
pub fn coastal_game() -> (Game, PlayerId, EdgeId) {
    let mut g = sea_game();
    let me = PlayerId(0);
    let (v, road, _) = coastal_pair(&g);
    place_settlement(&mut g, me, v);
    place_road(&mut g, me, road);
    g.step = crate::pending::Step::Main;
    g.turn = 1;
    let coast = sea_paths_at(&g, v).into_iter().find(|&e| e != road).unwrap();
    (g, me, coast)
}

/// Puts a settlement on the board by hand.
pub fn place_settlement(g: &mut Game, who: PlayerId, v: VertexId) {
    g.sites[v.index()] = Some(Site {
        owner: who,
        building: Building::Settlement,
    });
    g.players[who.index()].settlements_left -= 1;
    g.refresh_movable(who);
    g.refresh_ship_sites_at(v);
}

/// Puts a road on the board by hand.
pub fn place_road(g: &mut Game, who: PlayerId, e: EdgeId) {
    g.roads[e.index()] = Some(who);
    g.players[who.index()].roads.push(e);
    g.players[who.index()].roads_left -= 1;
    g.refresh_ship_site(e);
}

/// Puts a ship on the board by hand (not built this turn).
pub fn place_ship(g: &mut Game, who: PlayerId, e: EdgeId) {
    g.sea.ships[e.index()] = Some(who);
    let sp = &mut g.sea.players[who.index()];
    sp.ships.push(e);
    sp.ships_left -= 1;
    g.refresh_movable(who);
    g.ship_sites_after_ship_added(who, e);
}

/// An inland path at one of `who`'s buildings.
pub fn inland_path(g: &Game, who: PlayerId) -> EdgeId {
    let (v, _, _) = coastal_pair(g);
    assert_eq!(g.sites[v.index()].map(|s| s.owner), Some(who));
    g.board.topology.vertices()[v.index()]
        .edges
        .iter()
        .find(|&e| inland(g, e) && g.roads[e.index()].is_none())
        .unwrap_or_else(|| {
            g.board.topology.vertices()[v.index()]
                .edges
                .iter()
                .find(|&e| inland(g, e))
                .unwrap()
        })
}

/// A sea path at the far end of the road of [`coastal_game`], not touching the settlement.
pub fn path_at_road_end(g: &Game, _who: PlayerId) -> Option<EdgeId> {
    let (v, _, w) = coastal_pair(g);
    sea_paths_at(g, w)
        .into_iter()
        .find(|&e| !g.board.topology.edges()[e.index()].vertices.contains(&v) && g.roads[e.index()].is_none())
}

/// A ship-building action.
pub fn ship(player: PlayerId, at: EdgeId) -> Action {
    Action::Sea(crate::SeaAction::BuildShip { player, at })
}

/// The sea paths that continue a line from path `e` away from intersection `not`.
pub fn next_sea_paths(g: &Game, e: EdgeId, not: VertexId) -> Vec<EdgeId> {
    let info = &g.board.topology.edges()[e.index()];
    let far = if info.vertices[0] == not {
        info.vertices[1]
    } else {
        info.vertices[0]
    };
    sea_paths_at(g, far).into_iter().filter(|&x| x != e).collect()
}
