//! Longest Road (source `base-rules` §7).
//!
//! A player's road length is the longest trail through their roads that uses no road twice
//! (forks do not add up; a loop counts all its roads). An opponent's building on an
//! intersection splits the road there; the player's own buildings do not. The first player
//! with a road of 5 or more takes the card (2 VP); another takes it only with a strictly
//! longer road. When the holder's road is broken: the holder keeps it while still tied for
//! longest; otherwise a single longest player (5+) takes it, and on a tie among others, or
//! when nobody has 5, the card is set aside until exactly one player has the longest road.

use crate::event::Event;
use crate::ids::{EdgeId, PlayerId, VertexId};
use crate::state::Game;

/// Roads needed for Longest Road.
pub const LONGEST_ROAD_MIN: u8 = 5;

/// The length of `player`'s longest road in `game`, computed from scratch: a depth-first
/// search from every intersection the player's roads touch (every trail is found from one
/// of its ends). Roads are marked used by their position in the player's list of roads.
pub fn longest_road_length(game: &Game, player: PlayerId) -> u8 {
    let roads = &game.players[player.index()].roads;
    let mut s = Search { game, player, roads };
    let mut best = 0u8;
    for &e in roads.iter() {
        let Some(info) = game.board.topology.edge(e) else {
            continue;
        };
        for v in info.vertices {
            best = best.max(s.walk(v, 0, 0));
        }
    }
    best
}

struct Search<'a> {
    game: &'a Game,
    player: PlayerId,
    roads: &'a [EdgeId],
}

impl Search<'_> {
    /// The longest trail extending a trail of `len` roads (marked in `used`) that ends at
    /// `v`. An opponent's building at `v` ends the trail there.
    fn walk(&mut self, v: VertexId, used: u64, len: u8) -> u8 {
        if len > 0 && self.blocked(v) {
            return len;
        }
        let mut best = len;
        let Some(info) = self.game.board.topology.vertex(v) else {
            return best;
        };
        for e in info.edges.iter() {
            if self.game.roads[e.index()] != Some(self.player) {
                continue;
            }
            let Some(j) = self.roads.iter().position(|&r| r == e) else {
                continue;
            };
            if used & (1u64 << j) != 0 {
                continue;
            }
            if let Some(next) = self.game.board.topology.other_end(e, v) {
                best = best.max(self.walk(next, used | (1u64 << j), len + 1));
            }
        }
        best
    }

    fn blocked(&self, v: VertexId) -> bool {
        self.game.sites[v.index()].is_some_and(|s| s.owner != self.player)
    }
}

impl Game {
    /// Recomputes every player's road length and moves the Longest Road card by the rules.
    pub(crate) fn update_longest_road(&mut self, events: &mut Vec<Event>) {
        for i in 0..self.players.len() {
            let len = longest_road_length(self, PlayerId(i as u8));
            self.players[i].road_length = len;
        }
        let next = self.longest_road_holder_after_change();
        if next != self.longest_road {
            let previous = self.longest_road;
            self.longest_road = next;
            events.push(Event::LongestRoadChanged {
                holder: next,
                previous,
                length: next.map(|p| self.players[p.index()].road_length).unwrap_or(0),
            });
        }
    }

    /// Who should hold Longest Road given the cached lengths and the current holder.
    pub(crate) fn longest_road_holder_after_change(&self) -> Option<PlayerId> {
        let max = self.players.iter().map(|p| p.road_length).max().unwrap_or(0);
        if max < LONGEST_ROAD_MIN {
            return None;
        }
        if let Some(h) = self.longest_road {
            if self.players[h.index()].road_length == max {
                return Some(h);
            }
        }
        let mut at_max = self.players.iter().enumerate().filter(|(_, p)| p.road_length == max);
        match (at_max.next(), at_max.next()) {
            (Some((i, _)), None) => Some(PlayerId(i as u8)),
            _ => None,
        }
    }

    /// Invariant: cached lengths equal a from-scratch computation, and the holder is
    /// consistent with them (kept by the rules above).
    pub fn longest_road_consistent(&self) -> bool {
        let lengths_ok = (0..self.players.len())
            .all(|i| self.players[i].road_length == longest_road_length(self, PlayerId(i as u8)));
        lengths_ok && self.longest_road_holder_after_change() == self.longest_road
    }
}
