//! Island bonuses (source `004_bf8a3dbb68824bc0.txt`, "Siegpunkte"; the scenario rules of
//! "Heading for New Shores" and "Through the Desert").
//!
//! The first time a player builds a settlement (outside setup) in a foreign area — any land
//! area of the map other than the main island, area 1 — they take an island marker worth
//! 2 victory points. Each player earns it once per area, whoever settled there before. An
//! intersection belongs to the foreign area of the land hexes it touches; one touching the
//! main island is home, and one touching only desert (Through the Desert's belt) and sea
//! earns nothing (rule `SEA.ISLAND.BONUS`).

use super::events::SeaEvent;
use super::state::IslandMarker;
use crate::board::Terrain;
use crate::event::Event;
use crate::ids::{PlayerId, VertexId};
use crate::state::Game;

impl Game {
    /// The foreign area whose bonus a settlement on `v` earns, if any.
    pub fn bonus_area(&self, v: VertexId) -> Option<u8> {
        let info = self.board.topology.vertex(v)?;
        let mut best: Option<u8> = None;
        for h in info.hexes.iter() {
            let area = self.board.area(h);
            if area == 1 {
                return None;
            }
            let t = self.board.terrain[h.index()];
            if area >= 2 && t != Terrain::Desert && t != Terrain::Sea {
                best = Some(best.map_or(area, |b| b.min(area)));
            }
        }
        best
    }

    /// After a settlement outside setup: the island marker, if it is the player's first in
    /// that foreign area.
    pub(crate) fn settle_island(&mut self, player: PlayerId, at: VertexId, events: &mut Vec<Event>) {
        let Some(area) = self.bonus_area(at) else { return };
        let sp = &mut self.sea.players[player.index()];
        if sp.markers.iter().any(|m| m.area == area) {
            return;
        }
        sp.markers.push(IslandMarker { area, at });
        self.raise_vp_bound(player);
        events.push(Event::Sea(SeaEvent::IslandSettled { player, area, at }));
    }
}

#[cfg(test)]
mod tests {
    use super::super::testkit::*;
    use crate::{PlayerId, VertexId};

    #[test]
    fn the_first_settlement_on_each_small_island_earns_two_points_once() {
        let mut g = sea_game();
        let red = PlayerId(0);
        let island: Vec<VertexId> = (0..g.board.topology.vertex_count())
            .map(|v| VertexId(v as u16))
            .filter(|&v| g.bonus_area(v) == Some(2))
            .collect();
        assert!(!island.is_empty());
        let before = g.public_vp(red);
        let mut events = Vec::new();
        g.settle_island(red, island[0], &mut events);
        assert_eq!(g.public_vp(red), before + 2);
        g.settle_island(red, island[1], &mut events);
        assert_eq!(g.public_vp(red), before + 2, "once per area");
        let home = (0..g.board.topology.vertex_count())
            .map(|v| VertexId(v as u16))
            .find(|&v| {
                g.board.topology.vertices()[v.index()]
                    .hexes
                    .iter()
                    .any(|h| g.board.area(h) == 1)
            })
            .unwrap();
        assert_eq!(g.bonus_area(home), None);
    }
}
