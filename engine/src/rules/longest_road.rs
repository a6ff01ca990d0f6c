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
use crate::ids::{PlayerId, VertexId};
use crate::state::Game;

/// Roads needed for Longest Road.
pub const LONGEST_ROAD_MIN: u8 = 5;

/// The length of `player`'s longest road in `game`, computed from scratch: a depth-first
/// search from trail starts (every trail is found from one of its ends). Roads are marked
/// used by their position in the player's list of roads.
///
/// Only intersections where the player's road network has a degree other than 2, or that an
/// opponent's building blocks, need to be tried as starts: a trail starting at a free
/// degree-2 intersection either can be extended backwards (so it is not longest) or is a
/// closed loop, which is found from any of its intersections. A component made only of a
/// simple loop has no such intersection, so one of its intersections is tried too.
pub fn longest_road_length(game: &Game, player: PlayerId) -> u8 {
    let roads = &game.players[player.index()].roads;
    if roads.is_empty() {
        return 0;
    }
    let n = roads.len().min(MAX_ROADS);
    let mut ends = [[VertexId(0); 2]; MAX_ROADS];
    for (i, &e) in roads.iter().take(n).enumerate() {
        if let Some(info) = game.board.topology.edge(e) {
            ends[i] = info.vertices;
        }
    }
    let s = Search { game, player, ends, n };
    // Component label of each road (smallest road index in it).
    let mut comp = [0u8; MAX_ROADS];
    for (i, c) in comp.iter_mut().enumerate().take(n) {
        *c = i as u8;
    }
    let mut changed = true;
    while changed {
        changed = false;
        for i in 0..n {
            for j in (i + 1)..n {
                let share = ends[i].iter().any(|v| ends[j].contains(v));
                if share && comp[i] != comp[j] {
                    let m = comp[i].min(comp[j]);
                    comp[i] = m;
                    comp[j] = m;
                    changed = true;
                }
            }
        }
    }
    let mut best = 0u8;
    let mut covered: u64 = 0;
    for i in 0..n {
        for v in ends[i] {
            if s.is_start(v) {
                best = best.max(s.walk(v, 0, 0));
                covered |= 1u64 << comp[i];
            }
        }
    }
    for i in 0..n {
        if covered & (1u64 << comp[i]) == 0 {
            best = best.max(s.walk(ends[i][0], 0, 0));
            covered |= 1u64 << comp[i];
        }
    }
    best
}

/// The most roads (and, with Seafarers, ships) one network can hold for this search.
const MAX_ROADS: usize = 64;

struct Search<'a> {
    game: &'a Game,
    player: PlayerId,
    ends: [[VertexId; 2]; MAX_ROADS],
    n: usize,
}

impl Search<'_> {
    /// The longest trail extending a trail of `len` roads (marked in `used`) that ends at
    /// `v`. An opponent's building at `v` ends the trail there.
    fn walk(&self, v: VertexId, used: u64, len: u8) -> u8 {
        if len > 0 && self.blocked(v) {
            return len;
        }
        let mut best = len;
        for j in 0..self.n {
            if used & (1u64 << j) != 0 {
                continue;
            }
            let [a, b] = self.ends[j];
            let next = if a == v {
                b
            } else if b == v {
                a
            } else {
                continue;
            };
            best = best.max(self.walk(next, used | (1u64 << j), len + 1));
        }
        best
    }

    /// How many of the player's roads touch `v`.
    fn degree(&self, v: VertexId) -> usize {
        self.ends[..self.n].iter().filter(|e| e.contains(&v)).count()
    }

    fn is_start(&self, v: VertexId) -> bool {
        self.degree(v) != 2 || self.blocked(v)
    }

    fn blocked(&self, v: VertexId) -> bool {
        self.game.sites[v.index()].is_some_and(|s| s.owner != self.player)
    }
}

impl Game {
    /// Recomputes road lengths and moves the Longest Road card by the rules.
    ///
    /// `changed` lists (as a bit mask of seats) whose roads may have changed length: the
    /// builder of a road, or the owners of roads through an intersection just built on.
    pub(crate) fn update_longest_road(&mut self, changed: u8, events: &mut Vec<Event>) {
        for i in 0..self.players.len() {
            if changed & (1 << i) != 0 {
                let len = longest_road_length(self, PlayerId(i as u8));
                self.players[i].road_length = len;
            }
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

#[cfg(test)]
mod tests {
    use super::longest_road_length;
    use crate::board::Corner::{self, *};
    use crate::position::{Setup, StartPhase};
    use crate::{Board, Colour, Game, PlayerId, Ruleset};
    use std::sync::Arc;

    /// A position with red's roads given as (hex, corner, corner) and red's settlement at
    /// the first road's first corner; blue's settlements at the given corners.
    fn position(roads: &[(&str, Corner, Corner)], blue: &[(&str, Corner)]) -> Game {
        let b = Arc::new(Board::beginner());
        let mut s = Setup::new(Ruleset::base(), b.clone(), &[Colour::Red, Colour::Blue, Colour::White]);
        s.phase = StartPhase::Main;
        s.checked = false;
        let v = |h: &str, c| b.topology.corner(b.hex_by_label(h).unwrap(), c).unwrap();
        s.players[0].settlements.push(v(roads[0].0, roads[0].1));
        for &(h, x, y) in roads {
            s.players[0]
                .roads
                .push(b.topology.edge_between(v(h, x), v(h, y)).unwrap());
        }
        for &(h, c) in blue {
            s.players[1].settlements.push(v(h, c));
        }
        Game::from_setup(&s).unwrap()
    }

    const RING_J: [(&str, Corner, Corner); 6] = [
        ("J", N, NE),
        ("J", NE, SE),
        ("J", SE, S),
        ("J", S, SW),
        ("J", SW, NW),
        ("J", NW, N),
    ];

    #[test]
    fn a_straight_road_of_five_counts_five_and_takes_the_card() {
        let g = position(
            &[("E", SW, NW), ("E", NW, N), ("E", N, NE), ("E", NE, SE), ("E", SE, S)],
            &[],
        );
        assert_eq!(longest_road_length(&g, PlayerId(0)), 5);
        assert_eq!(g.longest_road(), Some(PlayerId(0)));
    }

    #[test]
    fn four_roads_do_not_take_the_card() {
        let g = position(&[("E", SW, NW), ("E", NW, N), ("E", N, NE), ("E", NE, SE)], &[]);
        assert_eq!(longest_road_length(&g, PlayerId(0)), 4);
        assert_eq!(g.longest_road(), None);
    }

    #[test]
    fn a_closed_loop_around_one_hex_counts_six() {
        let g = position(&RING_J, &[]);
        assert_eq!(longest_road_length(&g, PlayerId(0)), 6);
    }

    #[test]
    fn a_loop_with_a_tail_counts_the_loop_and_the_tail() {
        let mut roads = RING_J.to_vec();
        // E is up-left of J: E.s = J.nw, so the tail E.s-sw leaves the ring at J.nw.
        roads.push(("E", S, SW));
        let g = position(&roads, &[]);
        assert_eq!(longest_road_length(&g, PlayerId(0)), 7);
    }

    #[test]
    fn a_fork_counts_only_its_longest_branch() {
        // Trunk E.sw-nw-n-ne (3 roads), then two branches from E.ne: E.ne-se and B.s-se
        // (B is up-right of E, so E.ne = B.s): 3 + max(1, 1) = 4.
        let g = position(
            &[("E", SW, NW), ("E", NW, N), ("E", N, NE), ("E", NE, SE), ("B", S, SE)],
            &[],
        );
        assert_eq!(longest_road_length(&g, PlayerId(0)), 4);
    }

    #[test]
    fn an_opponents_settlement_splits_a_road_but_your_own_does_not() {
        let roads = [("E", SW, NW), ("E", NW, N), ("E", N, NE), ("E", NE, SE), ("E", SE, S)];
        let split = position(&roads, &[("E", NE)]);
        assert_eq!(longest_road_length(&split, PlayerId(0)), 3);
        let own = position(&roads, &[]);
        assert_eq!(longest_road_length(&own, PlayerId(0)), 5);
    }
}
