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
use crate::ids::{EdgeId, PlayerId, VertexId, MAX_PLAYERS};
use crate::kept::Kept;
use crate::state::Game;

mod route_graph;
use route_graph::{length_after_piece_on, length_on_both, Around};
pub(crate) use route_graph::{KnightTouched, RouteGraph, RouteGraphs};

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
///
/// With Seafarers the same search measures the Longest Trade Route (source
/// `004_bf8a3dbb68824bc0.txt`, "Die längste Handelsstraße"): ships count with roads, but a
/// road and a ship continue each other only through the player's own settlement or city
/// (rule `SEA.ROUTE.JOIN_AT_BUILDING`).
pub fn longest_road_length(game: &Game, player: PlayerId) -> u8 {
    if game.players[player.index()].roads.is_empty() && game.route_ships_ext(player).is_empty() {
        return 0;
    }
    Search::new(game, player).longest(None, 0)
}

/// `player`'s longest road (with Seafarers, trade route) after their road or ship `at` was
/// added to a network whose longest road was `before` ([`Game::road_length`], or the least
/// it may be: [`RouteLengths`]), searching only the component holding `at`; `None` when
/// that component does not fit the search's tables.
///
/// Every trail of the new network either uses `at`, and so lies in the component holding
/// it, or is a trail of the old network, no longer than `before`: the new length is the
/// larger of `before` and the longest trail of that one component. Only a piece the player
/// just built (or a ship just moved there, once the network without it is measured) may be
/// passed: nothing else changed, blocking included. A road and a ship continue each other
/// only at the player's own building (source `004_bf8a3dbb68824bc0.txt`, "Die längste
/// Handelsstraße"; rule `SEA.ROUTE.JOIN_AT_BUILDING`), and the component follows them so.
///
/// When no other piece of the player continues `at` at one of its ends (the usual case: a
/// road or ship extending the network), every trail using `at` ends there, so the longest
/// of them is the one walk starting from that end.
fn longest_after_piece(game: &Game, player: PlayerId, at: EdgeId, before: u8) -> Option<u8> {
    let mut s = Search::blank();
    s.component(game, player, at, None)?;
    if usize::from(s.comp_size[0]) <= usize::from(before) {
        return Some(before);
    }
    Some(match (0..2).find(|&side| s.adj_len[0][side] == 0) {
        Some(dead_end) => before.max(s.walk_unpeeled(0, dead_end, 1, 1)),
        None => s.longest(Some(0), before),
    })
}

/// A lower bound of `player`'s longest route once their ship on `from` is taken away, as
/// far as is cheaply seen: `before` (the cached length, with the ship) when it is seen to
/// stay, one less when the ship is a dead end, `None` when nothing is seen. `undo`, when
/// given, is a ship move just made, `(to, from)`: the network is read as before it (the
/// ship still on `from`, not on `to`).
///
/// Taking a piece away never lengthens a trail; the length stays when some longest trail
/// does not use the piece. Every trail using it lies in its component, so when that
/// component has fewer pieces than `before`, a longest trail lies elsewhere. When no other
/// piece continues it at one end (the end ship of an open line), every trail using it
/// starts there, so dropping it shortens a trail by one at most, and the one walk from that
/// end measures them all: when it is shorter than `before`, a longest trail does not use it.
fn length_without(
    game: &Game,
    player: PlayerId,
    from: EdgeId,
    before: u8,
    undo: Option<(EdgeId, EdgeId)>,
) -> Option<u8> {
    let mut s = Search::blank();
    s.component(game, player, from, undo)?;
    if usize::from(s.comp_size[0]) < usize::from(before) {
        return Some(before);
    }
    let dead_end = (0..2).find(|&side| s.adj_len[0][side] == 0)?;
    Some(if s.walk_unpeeled(0, dead_end, 1, 1) < before {
        before
    } else {
        before.saturating_sub(1)
    })
}

/// `player`'s longest route after their ship moved from `from` to `to` (the move made),
/// their route having been `before`, measured on one graph holding the networks both before
/// and after the move (the ship on both paths; each network is read by leaving the other
/// path out of the walks); `None` when not seen so ([`Game::longest_road_after_ship_move`]
/// measures it then as [`longest_after_piece`] and [`length_without`] do).
///
/// The same reasoning as theirs: a trail through `to` of at least `before` decides alone
/// (when `to` ends the trails through it at one end, the one walk from there finds the
/// longest); otherwise the route is that of the network without the ship, `before` when no
/// longest trail uses the ship on `from` (its component is too small, or the one walk from
/// its dead end is shorter), and otherwise `before` or one less (dropping a dead-end piece
/// shortens a trail by one at most): the rest of the network is added to the graph (unless
/// it has fewer pieces than `before`, so no trail longer than `before - 1`), both ships
/// taken out, and every component searched between the two.
fn length_after_ship_move(game: &Game, player: PlayerId, (from, to): (EdgeId, EdgeId), before: u8) -> Option<u8> {
    let mut pieces = Pieces::blank();
    pieces.mark(game, player)?;
    pieces.set(from, Some(true))?;
    let mut s = Search::blank();
    let t = pieces.grow(&mut s, game, player, to)?;
    let near = s.n;
    let f = pieces.grow(&mut s, game, player, from)?;
    let both = 1u64 << t | 1u64 << f;
    // Pieces of each network's component holding its ship, at most.
    let (after_size, without_size) = if f < near {
        (near - 1, s.n - 1)
    } else {
        (near, s.n - near)
    };
    let dead_end = (0..2).find(|&side| s.only_other(t, side, f))?;
    if after_size >= usize::from(before) {
        // A trail from `to`'s dead end is `to` and then a trail of the network without the
        // ship, no longer than `before`.
        s.cap = before.saturating_add(1);
        let through = s.walk_unpeeled(t, dead_end, both, 1);
        if through >= before {
            return Some(through);
        }
    }
    if without_size < usize::from(before) {
        return Some(before);
    }
    let dead_end = (0..2).find(|&side| s.only_other(f, side, t))?;
    // A trail from `from`'s dead end is one of the network before the move.
    s.cap = before;
    if s.walk_unpeeled(f, dead_end, both, 1) < before {
        return Some(before);
    }
    if before < 2 {
        return None;
    }
    // The pieces of the network outside the old ship's component: fewer than `before`, they
    // hold no trail longer than the floor `before - 1` and need not be searched.
    let total = game.players[player.index()].roads.len() + game.route_ships_ext(player).len();
    if total.saturating_sub(without_size) >= usize::from(before) {
        pieces.grow_all(&mut s, game, player)?;
    }
    s.drop_pieces(both);
    s.cap = before;
    Some(s.longest(None, before - 1))
}

/// `player`'s longest route when it is known to be at least `floor` and at most `cap`: the
/// search of [`longest_road_length`], skipping components too small to reach `floor` and
/// stopping at the first trail of `cap`.
fn longest_road_between(game: &Game, player: PlayerId, floor: u8, cap: u8) -> u8 {
    let mut s = Search::new(game, player);
    s.cap = cap;
    s.longest(None, floor)
}

/// Whether the route piece on `e` is `player`'s ship (`Some(true)`), road (`Some(false)`),
/// or not theirs (`None`).
fn own_piece(game: &Game, player: PlayerId, e: EdgeId) -> Option<bool> {
    if game.roads[e.index()] == Some(player) {
        Some(false)
    } else if game.sea.ship(e) == Some(player) {
        Some(true)
    } else {
        None
    }
}

/// Whether an intersection breaks `player`'s route: an opponent's building, or (Cities &
/// Knights) an opponent's knight (source `000_fee7e8147b67bbe6.txt` p. 9).
fn blocks(game: &Game, player: PlayerId, v: VertexId) -> bool {
    game.sites[v.index()].is_some_and(|s| s.owner != player)
        || game
            .ck
            .knights
            .get(v.index())
            .copied()
            .flatten()
            .is_some_and(|k| k.owner != player)
}

/// The most roads (and, with Seafarers, ships) one network can hold for this search.
const MAX_ROADS: usize = 64;

/// The most forks whose second way [`Search::walk_trails`] keeps pending without a call (a
/// trail seldom passes more than a few).
const WALK_STACK: usize = 8;

/// One player's roads as a small graph: each road's two ends, whether an end is blocked,
/// the (at most two) other roads meeting at each end, and each road's component.
#[derive(Clone, Copy, Debug)]
struct Search {
    blocked: [[bool; 2]; MAX_ROADS],
    /// The other roads at each end, as `road << 1 | side`: `side` is the end of that road
    /// lying on the shared intersection.
    adj: [[[u8; 2]; 2]; MAX_ROADS],
    adj_len: [[u8; 2]; MAX_ROADS],
    /// Component label of each road: the smallest road index reachable from it.
    comp: [u8; MAX_ROADS],
    /// Roads in each component, by label.
    comp_size: [u8; MAX_ROADS],
    /// For crossing road `i` from its end `from` into a part of the network without a loop
    /// (only this road leads there), the longest trail that crossing starts; 0 elsewhere or
    /// before [`Search::peel`].
    pendant: [[u8; 2]; MAX_ROADS],
    n: usize,
    /// A length no trail of the network exceeds (known from outside): the search stops
    /// once it has found one so long ([`u8::MAX`] when nothing is known).
    cap: u8,
}

/// What [`Search::peel`] found.
struct Peeled {
    /// The components (bit per label) that keep a loop.
    loops: u64,
    /// The roads never peeled (bit per road).
    core: u64,
    /// Per component label, the longest trail lying inside its peeled parts.
    inner: [u8; MAX_ROADS],
}

/// `player`'s roads and ships by path id, from which a [`Search`] is grown one component at
/// a time ([`Pieces::grow`]): per path id, `UNFOUND | ship` for a piece not in the search
/// yet, its index in the search once found, `NOT_OWN` elsewhere; the pieces in the order
/// found, and whether each is a ship.
#[derive(Clone, Copy, Debug)]
struct Pieces {
    index: [u8; 512],
    found: [EdgeId; MAX_ROADS],
    ship: [bool; MAX_ROADS],
}

/// [`Pieces::index`] of a path without a piece of the player.
const NOT_OWN: u8 = u8::MAX;
/// [`Pieces::index`] flag of a piece not found yet.
const UNFOUND: u8 = 0x80;

impl Pieces {
    /// No piece yet ([`Pieces::mark`] reads the player's).
    fn blank() -> Pieces {
        Pieces {
            index: [NOT_OWN; 512],
            found: [EdgeId(0); MAX_ROADS],
            ship: [false; MAX_ROADS],
        }
    }

    /// Reads `player`'s roads and ships, none found yet; `None` when a path id is beyond the
    /// table (boards far larger than any CATAN map).
    fn mark(&mut self, game: &Game, player: PlayerId) -> Option<()> {
        for &e in &game.players[player.index()].roads {
            *self.index.get_mut(e.index())? = UNFOUND;
        }
        for &e in game.route_ships_ext(player) {
            *self.index.get_mut(e.index())? = UNFOUND | 1;
        }
        Some(())
    }

    /// Reads the path `e` as holding, not found yet, the player's ship (`Some(true)`) or road
    /// (`Some(false)`), or none of their pieces (`None`).
    fn set(&mut self, e: EdgeId, piece: Option<bool>) -> Option<()> {
        *self.index.get_mut(e.index())? = piece.map_or(NOT_OWN, |ship| UNFOUND | u8::from(ship));
        Some(())
    }

    /// Adds to `s` the component holding the player's piece `at` (nothing when it is found
    /// already), found from `at` across the intersections, blocked or not, as
    /// [`Search::label_components`] joins them: a road and a ship only at the player's
    /// building. The index of `at` in `s`; `None` when `at` is not the player's piece or
    /// when `s` would hold more than [`MAX_ROADS`] pieces.
    ///
    /// Each intersection is looked at once: the pieces there continuing the one it is
    /// reached from all continue each other (all of them at the player's building, else
    /// those of its kind), so the ends of all of them there are filled in together.
    fn grow(&mut self, s: &mut Search, game: &Game, player: PlayerId, at: EdgeId) -> Option<usize> {
        let topo = &game.board.topology;
        let slot = *self.index.get(at.index())?;
        if slot == NOT_OWN {
            return None;
        }
        if slot & UNFOUND == 0 {
            return Some(usize::from(slot));
        }
        let first = s.n;
        self.add(s, at, slot & 1 == 1)?;
        // Per side, the pieces (bit per piece) whose end there has been looked at.
        let mut done = [0u64; 2];
        let mut i = first;
        while i < s.n {
            let e = self.found[i];
            let ends = topo.edges()[e.index()].vertices;
            for (side, &v) in ends.iter().enumerate() {
                if done[side] & (1u64 << i) != 0 {
                    continue;
                }
                let own_building = game.sites[v.index()].is_some_and(|st| st.owner == player);
                let blocked = blocks(game, player, v);
                // The pieces meeting here that continue piece `i`, with their ends here.
                let mut here = [(i as u8, side as u8); 3];
                let mut len = 1;
                for other in topo.vertices()[v.index()].edges.iter() {
                    let slot = self.index.get(other.index()).copied().unwrap_or(NOT_OWN);
                    if other == e || slot == NOT_OWN {
                        continue;
                    }
                    let kind = if slot & UNFOUND != 0 {
                        slot & 1 == 1
                    } else {
                        self.ship[usize::from(slot)]
                    };
                    // A road and a ship continue each other only at the player's building.
                    if kind != self.ship[i] && !own_building {
                        continue;
                    }
                    let slot = if slot & UNFOUND != 0 {
                        self.add(s, other, kind)?;
                        s.n as u8 - 1
                    } else {
                        slot
                    };
                    if len < here.len() {
                        let their_side = topo.edges()[other.index()].vertices[1] == v;
                        here[len] = (slot, u8::from(their_side));
                        len += 1;
                    }
                }
                let packed = here.map(|(o, o_side)| o << 1 | o_side);
                for (k, &(r, r_side)) in here[..len].iter().enumerate() {
                    // In range already (`r < s.n`, a side is 0 or 1): the masks only spare
                    // the bounds checks of the writes below.
                    let (r, r_side) = (usize::from(r) % MAX_ROADS, usize::from(r_side) & 1);
                    done[r_side] |= 1u64 << r;
                    s.blocked[r][r_side] = blocked;
                    // The others, in order: `k` leaves a gap among at most three (entries
                    // beyond the count are never read).
                    s.adj[r][r_side] = [packed[usize::from(k == 0)], packed[2 - usize::from(k == 2)]];
                    s.adj_len[r][r_side] = len as u8 - 1;
                }
            }
            i += 1;
        }
        Some(first)
    }

    /// Adds every piece of the player not found yet to `s`, component by component.
    fn grow_all(&mut self, s: &mut Search, game: &Game, player: PlayerId) -> Option<()> {
        for &e in game.players[player.index()]
            .roads
            .iter()
            .chain(game.route_ships_ext(player))
        {
            self.grow(s, game, player, e)?;
        }
        Some(())
    }

    /// Links the piece `i` just put into `s` at its end `side`, on `v`: whether `v` blocks
    /// it, and the pieces there continuing it (all of them at the player's building, else
    /// those of its kind), which get it at their end there in turn, as [`Pieces::grow`]
    /// finds them. Nothing else changes at `v`: an intersection's blocking does not depend
    /// on the pieces, and the others there continued each other before as they do now.
    fn link_at(&self, s: &mut Search, at: &Around, player: PlayerId, (i, side): (usize, usize), v: VertexId) {
        let topo = at.topo;
        let Some(info) = topo.vertex(v) else { return };
        let (i, side) = (i % MAX_ROADS, side & 1);
        let own_building = at.own_building(player, v);
        let ship = self.ship[i];
        let mut n = 0;
        for other in info.edges.iter() {
            let slot = usize::from(self.index.get(other.index()).copied().unwrap_or(NOT_OWN));
            // A road and a ship continue each other only at the player's building.
            if slot >= s.n || slot == i || (self.ship[slot % MAX_ROADS] != ship && !own_building) {
                continue;
            }
            let (r, r_side) = (
                slot % MAX_ROADS,
                usize::from(topo.edges()[other.index()].vertices[1] == v),
            );
            if n < 2 {
                s.adj[i][side][n] = (r as u8) << 1 | r_side as u8;
                n += 1;
            }
            let m = usize::from(s.adj_len[r][r_side]);
            if m < 2 {
                s.adj[r][r_side][m] = (i as u8) << 1 | side as u8;
                s.adj_len[r][r_side] = m as u8 + 1;
            }
        }
        s.blocked[i][side] = at.blocks(player, v);
        s.adj_len[i][side] = n as u8;
    }

    /// Puts the piece on `e` (a ship when `ship`) into `s` as found.
    fn add(&mut self, s: &mut Search, e: EdgeId, ship: bool) -> Option<()> {
        if s.n == MAX_ROADS {
            return None;
        }
        self.index[e.index()] = s.n as u8;
        self.found[s.n] = e;
        self.ship[s.n] = ship;
        s.n += 1;
        Some(())
    }
}

impl Search {
    /// The graph of `player`'s (first [`MAX_ROADS`]) roads, then ships (Seafarers): a road
    /// and a ship meet only at the player's own building.
    fn new(game: &Game, player: PlayerId) -> Search {
        let own_roads = &game.players[player.index()].roads;
        let mut pieces = [EdgeId(0); MAX_ROADS];
        let mut n = 0;
        for &e in own_roads.iter().chain(game.route_ships_ext(player)) {
            if n < MAX_ROADS {
                pieces[n] = e;
                n += 1;
            }
        }
        let first_ship = own_roads.len().min(MAX_ROADS);
        let roads = &pieces[..n];
        let mut s = Search {
            blocked: [[false; 2]; MAX_ROADS],
            adj: [[[0; 2]; 2]; MAX_ROADS],
            adj_len: [[0; 2]; MAX_ROADS],
            comp: [u8::MAX; MAX_ROADS],
            comp_size: [0; MAX_ROADS],
            pendant: [[0; 2]; MAX_ROADS],
            n,
            cap: u8::MAX,
        };
        // Each road's index in the player's list, by path id (paths beyond the table are left
        // out of adjacency, which only happens on boards far larger than any CATAN map).
        let mut index = [u8::MAX; 512];
        for (i, &e) in roads.iter().take(n).enumerate() {
            if let Some(slot) = index.get_mut(e.index()) {
                *slot = i as u8;
            }
        }
        let topo = &game.board.topology;
        for (i, &e) in roads.iter().take(n).enumerate() {
            let Some(info) = topo.edge(e) else { continue };
            for side in 0..2 {
                let v = info.vertices[side];
                s.blocked[i][side] = blocks(game, player, v);
                // Roads meeting at this end (at most two others: an intersection has three paths).
                let Some(vi) = topo.vertex(v) else { continue };
                for other in vi.edges.iter() {
                    let j = index.get(other.index()).copied().unwrap_or(u8::MAX);
                    // A road and a ship continue each other only at the player's building.
                    let mixed = j != u8::MAX && ((i < first_ship) != ((j as usize) < first_ship));
                    if mixed && game.sites[v.index()].is_none_or(|st| st.owner != player) {
                        continue;
                    }
                    if other != e && j != u8::MAX && (s.adj_len[i][side] as usize) < 2 {
                        let their_side = topo.edges()[other.index()].vertices[1] == v;
                        s.adj[i][side][s.adj_len[i][side] as usize] = j << 1 | their_side as u8;
                        s.adj_len[i][side] += 1;
                    }
                }
            }
        }
        s.label_components();
        s
    }

    /// A search over no piece yet, to be grown ([`Pieces::grow`]).
    fn blank() -> Search {
        Search {
            blocked: [[false; 2]; MAX_ROADS],
            adj: [[[0; 2]; 2]; MAX_ROADS],
            adj_len: [[0; 2]; MAX_ROADS],
            comp: [0; MAX_ROADS],
            comp_size: [0; MAX_ROADS],
            pendant: [[0; 2]; MAX_ROADS],
            n: 0,
            cap: u8::MAX,
        }
    }

    /// Makes this (blank) search the graph of the component of `player`'s roads and ships
    /// holding their piece `at` (found from `at` across the intersections, blocked or not, as
    /// [`Search::label_components`] joins them: a road and a ship only at the player's
    /// building), `at` being piece 0. `undo`, when given, is a ship move just made,
    /// `(to, from)`: the network is read as before it (the ship on `from`, not on `to`).
    /// `None` when `at` is not the player's piece, when the component has more than
    /// [`MAX_ROADS`] pieces, or when a piece's path id is beyond the table (boards far
    /// larger than any CATAN map).
    fn component(&mut self, game: &Game, player: PlayerId, at: EdgeId, undo: Option<(EdgeId, EdgeId)>) -> Option<()> {
        let mut pieces = Pieces::blank();
        pieces.mark(game, player)?;
        if let Some((to, from)) = undo {
            pieces.set(to, None)?;
            pieces.set(from, Some(true))?;
        }
        pieces.grow(self, game, player, at)?;
        self.comp_size[0] = self.n as u8;
        Some(())
    }

    /// Takes the pieces in `gone` (bit per piece) out of the graph (each left alone, a
    /// component of one piece) and labels the components again. Adjacency is symmetric, so
    /// only the ends the dropped pieces meet are filtered.
    fn drop_pieces(&mut self, gone: u64) {
        let mut rest = gone;
        while rest != 0 {
            let i = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            for side in 0..2 {
                for k in 0..usize::from(self.adj_len[i][side]) {
                    let a = usize::from(self.adj[i][side][k]);
                    let (j, j_side) = (a >> 1, a & 1);
                    if gone & (1u64 << j) != 0 {
                        continue;
                    }
                    let mut kept = 0;
                    for m in 0..usize::from(self.adj_len[j][j_side]) {
                        let b = self.adj[j][j_side][m];
                        if gone & (1u64 << (b >> 1)) == 0 {
                            self.adj[j][j_side][kept] = b;
                            kept += 1;
                        }
                    }
                    self.adj_len[j][j_side] = kept as u8;
                }
                self.adj_len[i][side] = 0;
            }
        }
        self.comp[..self.n].fill(u8::MAX);
        self.label_components();
    }

    /// Whether every other piece at end `side` of piece `i` is `skip` (none at all included).
    fn only_other(&self, i: usize, side: usize, skip: usize) -> bool {
        self.adj[i][side][..usize::from(self.adj_len[i][side])]
            .iter()
            .all(|&a| usize::from(a >> 1) == skip)
    }

    fn label_components(&mut self) {
        let mut stack = [0u8; MAX_ROADS];
        for root in 0..self.n {
            if self.comp[root] != u8::MAX {
                continue;
            }
            self.comp[root] = root as u8;
            self.comp_size[root] = 1;
            let mut top = 1;
            stack[0] = root as u8;
            while top > 0 {
                top -= 1;
                let i = stack[top] as usize;
                for side in 0..2 {
                    for k in 0..self.adj_len[i][side] as usize {
                        let j = (self.adj[i][side][k] >> 1) as usize;
                        if self.comp[j] == u8::MAX {
                            self.comp[j] = root as u8;
                            self.comp_size[root] += 1;
                            stack[top] = j as u8;
                            top += 1;
                        }
                    }
                }
            }
        }
    }

    /// The longest trail, at least `floor`, in the component of road `only` (every
    /// component when `None`), or any trail of at least [`Search::cap`].
    ///
    /// A trail never has more roads than its component, so a component no larger than the
    /// best trail found so far is not searched, and neither is the rest of one whose whole
    /// size has been reached: the maximum is the same as searching everything. A component
    /// without a loop is measured while peeling it ([`Search::peel`]); the others are
    /// searched trail by trail from the start intersections of their loops, each walked
    /// from once, however many road ends meet there.
    fn longest(&mut self, only: Option<usize>, floor: u8) -> u8 {
        let target = only.map(|i| self.comp[i]);
        let mut best = floor;
        let peeled = self.peel();
        let trees = !peeled.loops;
        let mut covered: u64 = 0;
        for i in 0..self.n {
            let c = self.comp[i];
            if usize::from(c) == i && trees & (1u64 << c) != 0 && target.unwrap_or(c) == c {
                best = best.max(peeled.inner[i]);
                covered |= 1u64 << c;
            }
        }
        // Components with a loop: trails inside their peeled parts, then trails from each
        // start intersection of the core (a trail reaching the core from a peeled part
        // starts there after the longest way in).
        let mut started: u128 = 0;
        for i in 0..self.n {
            let c = self.comp[i];
            if best >= self.cap {
                return best;
            }
            if target.unwrap_or(c) != c || trees & (1u64 << c) != 0 || peeled.core & (1u64 << i) == 0 {
                continue;
            }
            best = best.max(peeled.inner[usize::from(c)]);
            for side in 0..2 {
                if self.comp_size[c as usize] <= best {
                    covered |= 1u64 << c;
                    continue;
                }
                if started & (1u128 << (2 * i + side)) == 0 && self.is_start(i, side) {
                    best = best.max(self.walk_from_core(i, side, peeled.core, &mut started));
                    covered |= 1u64 << c;
                }
            }
        }
        for i in 0..self.n {
            let c = self.comp[i];
            if best >= self.cap {
                return best;
            }
            if covered & (1u64 << c) == 0 && target.unwrap_or(c) == c {
                if self.comp_size[c as usize] > best {
                    best = best.max(self.walk_from(i, 0, &mut started));
                }
                covered |= 1u64 << c;
            }
        }
        best
    }

    /// Peels the loop-free parts off the network, a road at a time from its dead ends:
    /// a road whose other roads at one end are all peeled leads there into a part without a
    /// loop, so the longest trail crossing it that way is known from those roads
    /// ([`Search::pendant`]). What is never peeled (the core) holds a loop.
    ///
    /// In a part without a loop a trail never comes back to an intersection: the longest
    /// trail inside a peeled part passes through its intersection nearest the core (or
    /// across the last road peeled of a component without a loop) on the two longest
    /// branches below it (one when an opponent blocks it: a trail may only end there);
    /// that is measured as each road is peeled ([`Peeled::inner`]).
    fn peel(&mut self) -> Peeled {
        let mut left = self.adj_len;
        let mut inner = [0u8; MAX_ROADS];
        // Each road is pushed at most three times: at the start and when an end empties.
        let mut stack = [0u8; 3 * MAX_ROADS];
        let mut top = 0;
        for (i, l) in left.iter().enumerate().take(self.n) {
            if l.contains(&0) {
                stack[top] = i as u8;
                top += 1;
            }
        }
        let mut gone: u64 = 0;
        while top > 0 {
            top -= 1;
            let i = stack[top] as usize;
            if gone & (1u64 << i) != 0 {
                continue;
            }
            gone |= 1u64 << i;
            let emptied = left[i];
            for (end, &others) in emptied.iter().enumerate() {
                if others == 0 {
                    let mut below = [0u8; 2];
                    for k in 0..self.adj_len[i][end] as usize {
                        let a = self.adj[i][end][k] as usize;
                        let b = self.pendant[a >> 1][a & 1];
                        if b > below[0] {
                            below = [b, below[0]];
                        } else if b > below[1] {
                            below[1] = b;
                        }
                    }
                    let (beyond, through) = if self.blocked[i][end] {
                        (0, below[0])
                    } else {
                        (below[0], below[0] + below[1])
                    };
                    self.pendant[i][1 - end] = 1 + beyond;
                    let c = usize::from(self.comp[i]);
                    inner[c] = inner[c].max(through);
                }
            }
            if left[i] == [0, 0] {
                // The last road of a part without a loop: the trails across it.
                let c = usize::from(self.comp[i]);
                inner[c] = inner[c].max(self.pendant[i][0] + self.pendant[i][1] - 1);
            }
            for end in 0..2 {
                for k in 0..self.adj_len[i][end] as usize {
                    let a = self.adj[i][end][k] as usize;
                    let (r, side) = (a >> 1, a & 1);
                    if gone & (1u64 << r) == 0 {
                        left[r][side] -= 1;
                        if left[r][side] == 0 && top < stack.len() {
                            stack[top] = r as u8;
                            top += 1;
                        }
                    }
                }
            }
        }
        let mut loops = 0u64;
        for i in 0..self.n {
            if gone & (1u64 << i) == 0 {
                loops |= 1u64 << self.comp[i];
            }
        }
        Peeled {
            loops,
            core: !gone,
            inner,
        }
    }

    /// The longest trail whose first intersection on the core (roads in `core`) is the one
    /// at end `side` of core road `i`: starting there ([`Search::walk_from`]), or coming in
    /// along the peeled road there (at most one: a core intersection has two core roads)
    /// the longest way and going on along a core road, when nothing blocks it.
    fn walk_from_core(&self, i: usize, side: usize, core: u64, started: &mut u128) -> u8 {
        let mut best = self.walk_from(i, side, started);
        if self.blocked[i][side] {
            return best;
        }
        let mut here = [(i, side); 3];
        for k in 0..self.adj_len[i][side] as usize {
            let a = self.adj[i][side][k] as usize;
            here[k + 1] = (a >> 1, a & 1);
        }
        let here = &here[..1 + self.adj_len[i][side] as usize];
        let Some(&(j, j_side)) = here.iter().find(|(r, _)| core & (1u64 << r) == 0) else {
            return best;
        };
        let way_in = self.pendant[j][j_side];
        for &(r, r_side) in here.iter().filter(|(r, _)| core & (1u64 << r) != 0) {
            best = best.max(self.walk(r, r_side, 1u64 << r | 1u64 << j, way_in + 1));
        }
        best
    }

    /// The longest trail starting at the intersection at end `side` of road `i` (a trail
    /// may start at a blocked one), marking every road end there as started.
    fn walk_from(&self, i: usize, side: usize, started: &mut u128) -> u8 {
        *started |= 1u128 << (2 * i + side);
        let mut best = self.walk(i, side, 1u64 << i, 1);
        for k in 0..self.adj_len[i][side] as usize {
            let a = self.adj[i][side][k] as usize;
            *started |= 1u128 << a;
            best = best.max(self.walk(a >> 1, a & 1, 1u64 << (a >> 1), 1));
        }
        best
    }

    /// The longest trail of `len` roads (marked in `used`) that has just crossed road `j`
    /// from its end `from`; an opponent's piece at the far end ends the trail there. Once
    /// [`Search::peel`] has run, a crossing into a part without a loop is not walked. Along
    /// a stretch where the trail can go on one way only, it is followed step by step; only
    /// where it can fork is each way walked on its own, the second not at all once the first
    /// reached [`Search::cap`] (no trail is longer: the first is the longest).
    fn walk(&self, j: usize, from: usize, used: u64, len: u8) -> u8 {
        self.walk_trails::<true>(j, from, used, len)
    }

    /// [`Search::walk`] on a graph never peeled (every [`Search::pendant`] 0: the kept route
    /// graphs, and a search grown for a walk before any [`Search::longest`]), which need not
    /// look for peeled parts: the same lengths.
    fn walk_unpeeled(&self, j: usize, from: usize, used: u64, len: u8) -> u8 {
        debug_assert!(self.pendant[..self.n].iter().all(|p| *p == [0, 0]));
        self.walk_trails::<false>(j, from, used, len)
    }

    /// [`Search::walk`], looking for peeled parts only when `PEELED`. The tables are read by
    /// piece end (`piece << 1 | side`, as in [`Search::adj`]); indices are masked into range
    /// (they are in range already: a piece is below [`MAX_ROADS`]), which only spares bounds
    /// checks.
    ///
    /// At a fork the first way is walked first and the second is kept on a short stack (the
    /// roads used and the length at the fork), taken up once the first way's trails are all
    /// walked: the trails are walked in the same order as by a call per fork, without the
    /// calls. Past [`WALK_STACK`] forks pending, a fork's first way is walked by a call. The
    /// search stops at the first trail end that brings the longest to [`Search::cap`].
    fn walk_trails<const PEELED: bool>(&self, j: usize, from: usize, mut used: u64, mut len: u8) -> u8 {
        const ENDS: usize = 2 * MAX_ROADS - 1;
        let pendant = self.pendant.as_flattened();
        let blocked = self.blocked.as_flattened();
        let adj = self.adj.as_flattened();
        let adj_len = self.adj_len.as_flattened();
        // The second ways of the forks pending: the roads used before it, the end it leads
        // to and the length there.
        let mut pending_used = [0u64; WALK_STACK];
        let mut pending_way = [(0u8, 0u8); WALK_STACK];
        let mut top = 0;
        // The end of the last road crossed that the trail came in by.
        let mut at = (j << 1 | from) & ENDS;
        // The longest trail found.
        let mut best = 0;
        loop {
            // How long the trail is where it ends.
            let end = loop {
                // Into a part without a loop: no road there is used yet (only this road leads
                // there).
                if PEELED && pendant[at] != 0 {
                    break len - 1 + pendant[at];
                }
                let out = at ^ 1;
                if blocked[out] {
                    break len;
                }
                let n = adj_len[out];
                let [a, b] = adj[out];
                let a_open = n >= 1 && used & (1u64 << (a >> 1 & 63)) == 0;
                let b_open = n >= 2 && used & (1u64 << (b >> 1 & 63)) == 0;
                let next = match (a_open, b_open) {
                    (true, true) if top < WALK_STACK => {
                        pending_used[top] = used;
                        pending_way[top] = (b, len + 1);
                        top += 1;
                        a
                    }
                    (true, true) => {
                        let r = usize::from(a >> 1);
                        let first =
                            self.walk_trails::<PEELED>(r, usize::from(a & 1), used | (1u64 << (r & 63)), len + 1);
                        best = best.max(first);
                        if best >= self.cap {
                            return best;
                        }
                        b
                    }
                    (true, false) => a,
                    (false, true) => b,
                    (false, false) => break len,
                };
                at = usize::from(next) & ENDS;
                used |= 1u64 << (next >> 1 & 63);
                len += 1;
            };
            best = best.max(end);
            if top == 0 || best >= self.cap {
                return best;
            }
            top -= 1;
            let (next, next_len) = pending_way[top % WALK_STACK];
            at = usize::from(next) & ENDS;
            used = pending_used[top % WALK_STACK] | 1u64 << (next >> 1 & 63);
            len = next_len;
        }
    }

    /// Only ends where the network's degree is not 2, or blocked ones, start a search.
    fn is_start(&self, i: usize, side: usize) -> bool {
        self.adj_len[i][side] != 1 || self.blocked[i][side]
    }
}

impl Game {
    /// Recomputes road lengths and moves the Longest Road card by the rules.
    ///
    /// `changed` lists (as a bit mask of seats) whose roads may have changed length: the
    /// builder of a road, or the owners of roads through an intersection just built on.
    /// Their kept graphs are forgotten.
    pub(crate) fn update_longest_road(&mut self, changed: u8, events: &mut Vec<Event>) {
        self.kept_route_lengths();
        for i in 0..self.players.len() {
            if changed & (1 << i) != 0 {
                self.forget_route_graph(PlayerId(i as u8));
                let len = longest_road_length(self, PlayerId(i as u8));
                self.kept_route_lengths()[i] = [len, len];
            }
        }
        self.settle_longest_road(events);
    }

    /// Bounds (least, most) on `player`'s route once their road (with Seafarers, or ship) on
    /// `at` is taken away by Diplomacy (an open one: source `000_fee7e8147b67bbe6.txt` p. 15;
    /// rule `SEA.CK.DIPLOMACY`), read while it is
    /// still there, their route being kept exact: taking a piece away never lengthens a
    /// trail, and [`length_without`] gives the least. `None` when not seen so (the route not
    /// kept exact, or the road not seen to be a dead end of a component large enough).
    pub(crate) fn route_bounds_without(&self, player: PlayerId, at: EdgeId) -> Option<[u8; 2]> {
        let [least, most] = *self.route.lengths.0?.get(player.index())?;
        if least != most {
            return None;
        }
        Some([length_without(self, player, at, most, None)?, most])
    }

    /// `player`'s road or ship was taken away, their route then known within `bounds`
    /// ([`Game::route_bounds_without`], read before): the bounds are kept (searched only when
    /// the card may depend on them: [`Game::settle_longest_road`]) and the card moves by the
    /// rules; without them, as [`Game::update_longest_road`].
    pub(crate) fn longest_road_after_removal(
        &mut self,
        player: PlayerId,
        bounds: Option<[u8; 2]>,
        events: &mut Vec<Event>,
    ) {
        match bounds {
            Some(bounds) if self.route.lengths.is_some() => {
                self.forget_route_graph(player);
                self.kept_route_lengths()[player.index()] = bounds;
                self.settle_longest_road(events);
            }
            _ => self.update_longest_road(1 << player.0, events),
        }
    }

    /// When no route length is kept (a state just read back), every seat's is measured from
    /// scratch on the board as it now is (`player`'s graph forgotten first, since its piece
    /// just changed) and the card moves by the rules: `true`, nothing more to do. `false`
    /// when the lengths are kept, for the caller to update them.
    fn measured_unknown_lengths(&mut self, player: PlayerId, events: &mut Vec<Event>) -> bool {
        if self.route.lengths.is_some() {
            return false;
        }
        self.forget_route_graph(player);
        self.kept_route_lengths();
        self.settle_longest_road(events);
        true
    }

    /// `player` has just built a road or ship on `at` (nothing else changed): their length
    /// grows only through the component holding it ([`longest_after_piece`]), and the card
    /// moves by the rules.
    ///
    /// The player's kept [`RouteGraph`] gets the piece, and the length is measured on it;
    /// with Seafarers an unknown graph is made first (ship moves read it next). The length
    /// before is known within bounds (least, most) ([`RouteLengths`]); the new one is the
    /// larger of it and the longest trail of the piece's component, so measuring with the
    /// least gives the new least, and the new most is the larger of that and the old most.
    pub(crate) fn longest_road_after_road(&mut self, player: PlayerId, at: EdgeId, events: &mut Vec<Event>) {
        let p = player.index();
        if self.measured_unknown_lengths(player, events) {
            return;
        }
        let [least, most] = self.kept_route_lengths()[p];
        // Without ships (no ship moves) the graphs are not kept.
        if self.rules.has(crate::ruleset::Expansion::Seafarers) {
            self.route_graphs_after_knights();
            let piece = own_piece(self, player, at);
            let around = Around {
                topo: &self.board.topology,
                sites: &self.sites,
                knights: &self.ck.knights,
            };
            let slot = &mut self.route.graphs[p];
            match (slot.0.as_mut(), piece) {
                (Some(g), Some(ship)) => {
                    if g.add(&around, player, at, ship).is_none() {
                        *slot = Kept(None);
                    }
                }
                // Made with the piece: nothing to add.
                (None, _) => self.route.graphs[p] = Kept(RouteGraph::build(self, player)),
                (Some(_), None) => *slot = Kept(None),
            }
        }
        let len = self.route.graphs[p]
            .as_ref()
            .and_then(|g| length_after_piece_on(g, at, least))
            .or_else(|| longest_after_piece(self, player, at, least))
            .map(|len| [len, most.max(len)])
            .unwrap_or_else(|| {
                let len = longest_road_length(self, player);
                [len, len]
            });
        self.kept_route_lengths()[p] = len;
        self.settle_longest_road(events);
    }

    /// `player`'s ship has just moved from `from` to `to`: every trail of the new network
    /// either uses `to`, so lies in its component ([`longest_after_piece`]), or is a trail
    /// of the network without the ship, whose length is the cached `before` or shorter
    /// (taking a piece away never lengthens one). So a trail through `to` of at least
    /// `before` decides alone; otherwise the route is `before` when the network without the
    /// ship is seen to keep it ([`length_without`]), and is measured again only when it may
    /// have shrunk (by one at most, for a dead-end ship: [`longest_road_between`]). Both
    /// halves are first measured on the kept graph holding the ship on both paths
    /// ([`length_on_both`], which keeps bounds instead of measuring again: [`RouteLengths`]),
    /// that graph without the ship on `from` searched whole when it does not see the answer;
    /// the searches above run when the graph does not fit its tables (from scratch when only
    /// bounds were known before). The card moves by the rules.
    pub(crate) fn longest_road_after_ship_move(
        &mut self,
        player: PlayerId,
        (from, to): (EdgeId, EdgeId),
        events: &mut Vec<Event>,
    ) {
        let p = player.index();
        if self.measured_unknown_lengths(player, events) {
            return;
        }
        let lengths = *self.kept_route_lengths();
        let before = lengths[p];
        let matters = may_decide(&lengths[..self.players.len()], p, self.longest_road);
        // The kept graph (before the move) gets the ship on `to`; an unknown one is made
        // (after the move) and gets it back on `from`. Either holds the ship on both paths.
        self.route_graphs_after_knights();
        let known = self.route.graphs[p].is_some();
        if !known {
            self.route.graphs[p] = Kept(RouteGraph::build(self, player));
        }
        let around = Around {
            topo: &self.board.topology,
            sites: &self.sites,
            knights: &self.ck.knights,
        };
        let slot = &mut self.route.graphs[p];
        let both = slot.0.as_mut().and_then(|g| {
            // What the move onto `from` measured (editing the graph forgets it).
            let last = g.moved.filter(|m| m.at == from);
            g.add(&around, player, if known { to } else { from }, true)?;
            let (t, f) = (g.pieces.index[to.index()], g.pieces.index[from.index()]);
            let mut next = None;
            let (t, f) = (usize::from(t), usize::from(f));
            let len = length_on_both(&mut g.s, (t, f), to, (before, matters), last, &mut next).unwrap_or_else(|| {
                // Not seen so (the ship joins two of the player's pieces at `to`): the network
                // after the move is the graph without the ship on `from`, searched whole.
                let mut c = g.s;
                c.drop_pieces(1u64 << f);
                let len = c.longest(None, 0);
                [len, len]
            });
            g.remove(from)?;
            g.moved = next;
            Some(len)
        });
        if both.is_none() {
            *slot = Kept(None);
        }
        let [least, most] = before;
        let len = match both {
            Some(len) => len,
            None if least != most => {
                let len = longest_road_length(self, player);
                [len, len]
            }
            None => {
                let len = length_after_ship_move(self, player, (from, to), least)
                    .unwrap_or_else(|| self.length_after_ship_move_searched(player, (from, to), least));
                [len, len]
            }
        };
        self.kept_route_lengths()[p] = len;
        self.settle_longest_road(events);
    }

    /// `player`'s route after their ship moved from `from` to `to`, the route before being
    /// exactly `before`, when neither the kept graph nor one graph of both networks
    /// ([`length_after_ship_move`]) saw it: the searches of each half.
    fn length_after_ship_move_searched(&self, player: PlayerId, (from, to): (EdgeId, EdgeId), before: u8) -> u8 {
        match longest_after_piece(self, player, to, before.saturating_sub(1)) {
            Some(len) if len >= before => len,
            // The trails through `to` are shorter than `before`: the route is that of the
            // network without the ship.
            Some(_) => match length_without(self, player, from, before, Some((to, from))) {
                Some(least) if least == before => before,
                Some(least) => longest_road_between(self, player, least, before),
                None => longest_road_length(self, player),
            },
            None => longest_road_length(self, player),
        }
    }

    /// The road lengths changed where the `changed` intersections changed hands (a knight
    /// placed, moved or removed; an opponent's piece blocks a road there): recomputes the
    /// players whose trails may pass through one of them ([`Game::route_passes`]; nobody
    /// else's length changes), except `keeper`, whose blocking did not change there.
    ///
    /// Only knights changed: with Seafarers the kept graphs follow them
    /// ([`Game::route_graphs_after_knights`]) and a length is searched on its seat's graph
    /// when known, else from scratch.
    pub(crate) fn update_longest_road_at(
        &mut self,
        changed: &[VertexId],
        keeper: Option<PlayerId>,
        events: &mut Vec<Event>,
    ) {
        let mask = self.routes_through(changed, keeper);
        if self.rules.has(crate::ruleset::Expansion::Seafarers) {
            self.route_graphs_after_knights();
        }
        self.kept_route_lengths();
        for i in 0..self.players.len() {
            if mask & (1 << i) != 0 {
                let len = self
                    .route_length_on_graph(i, [0, u8::MAX])
                    .unwrap_or_else(|| longest_road_length(self, PlayerId(i as u8)));
                self.kept_route_lengths()[i] = [len, len];
            }
        }
        self.settle_longest_road(events);
    }

    /// The seats (bit per seat) but `keeper` with two pieces continuing each other at one of
    /// the `changed` intersections ([`Game::route_passes`]).
    fn routes_through(&self, changed: &[VertexId], keeper: Option<PlayerId>) -> u8 {
        let mut mask = 0u8;
        for &v in changed {
            if let Some(info) = self.board.topology.vertex(v) {
                for e in info.edges.iter() {
                    if let Some(owner) = self.roads[e.index()].or_else(|| self.path_owner_ext(e)) {
                        if Some(owner) != keeper && self.route_passes(owner, v) {
                            mask |= 1 << owner.0;
                        }
                    }
                }
            }
        }
        mask
    }

    /// Whether two of `player`'s pieces continue each other at `v` (two roads, two ships, or
    /// a road and a ship at their own building: rule `SEA.ROUTE.JOIN_AT_BUILDING`). Only
    /// then does a trail pass through `v`; a trail that only reaches it ends there whether
    /// or not an opponent's piece blocks it, so a piece placed on or taken off `v` changes
    /// nobody else's length.
    pub(crate) fn route_passes(&self, player: PlayerId, v: VertexId) -> bool {
        let [roads, ships] = self.pieces_at(player, v);
        let own_building = self.sites[v.index()].is_some_and(|s| s.owner == player);
        roads >= 2 || ships >= 2 || (own_building && roads + ships >= 2)
    }

    /// How many roads and how many ships of `player` touch `v`. A building of theirs
    /// newly on `v` joins a road and a ship there (rule `SEA.ROUTE.JOIN_AT_BUILDING`): only
    /// when both touch it does their network change.
    pub(crate) fn pieces_at(&self, player: PlayerId, v: VertexId) -> [u8; 2] {
        let mut count = [0u8; 2];
        if let Some(info) = self.board.topology.vertex(v) {
            for e in info.edges.iter() {
                if let Some(ship) = own_piece(self, player, e) {
                    count[usize::from(ship)] += 1;
                }
            }
        }
        count
    }

    /// Moves the Longest Road card by the rules, given the kept lengths: a length known only
    /// within bounds is searched when the card may depend on it ([`holder_within`]), so the
    /// card moves (and its event reports the new holder's length) as with every length
    /// exact. The common cases where it stays put ([`card_stays`]) are told first, in line.
    #[inline]
    fn settle_longest_road(&mut self, events: &mut Vec<Event>) {
        let n = self.players.len();
        if self
            .route
            .lengths
            .as_ref()
            .is_some_and(|l| card_stays(l, n, self.longest_road))
        {
            return;
        }
        self.settle_longest_road_searched(events);
    }

    /// [`Game::settle_longest_road`] past its quick test.
    #[inline(never)]
    fn settle_longest_road_searched(&mut self, events: &mut Vec<Event>) {
        let mut lengths = *self.kept_route_lengths();
        let n = self.players.len();
        let next = loop {
            match holder_within(&lengths[..n], self.longest_road) {
                Ok(next) => break next,
                Err(p) => {
                    let len = self.searched_route_length(p, lengths[p]);
                    lengths[p] = [len, len];
                    self.route.lengths = Kept(Some(lengths));
                }
            }
        };
        if next != self.longest_road {
            let previous = self.longest_road;
            self.longest_road = next;
            debug_assert!(next.is_none_or(|p| lengths[p.index()][0] == lengths[p.index()][1]));
            events.push(Event::LongestRoadChanged {
                holder: next,
                previous,
                length: next.map(|p| lengths[p.index()][0]).unwrap_or(0),
            });
        }
    }

    /// Seat `p`'s route length, known to lie within `least..=most`: searched on their kept
    /// graph when known (the network as it is: those a knight changed are forgotten first),
    /// else from scratch; the search stops at a trail of `most`.
    #[inline(never)]
    fn searched_route_length(&mut self, p: usize, [least, most]: [u8; 2]) -> u8 {
        self.route_graphs_after_knights();
        self.route_length_on_graph(p, [least, most])
            .unwrap_or_else(|| longest_road_between(self, PlayerId(p as u8), least, most))
    }

    /// Seat `p`'s route length, known to lie within `least..=most`, searched on their kept
    /// graph (up to date with the knights: [`Game::route_graphs_after_knights`]); `None`
    /// when it is not known. The search stops at a trail of `most`.
    fn route_length_on_graph(&self, p: usize, [least, most]: [u8; 2]) -> Option<u8> {
        let g = self.route.graphs.get(p)?.as_ref()?;
        // The search marks the graph: it runs on a copy.
        let mut s = g.s;
        s.comp[..s.n].fill(u8::MAX);
        s.label_components();
        s.cap = most;
        Some(s.longest(None, least))
    }

    /// Each seat's [`RouteLengths`], measured from scratch first when not kept (a new game or
    /// a state just read back).
    fn kept_route_lengths(&mut self) -> &mut RouteLengths {
        if self.route.lengths.is_none() {
            self.route.lengths = Kept(Some(self.route_lengths_from_scratch()));
        }
        self.route.lengths.0.get_or_insert([[0; 2]; MAX_PLAYERS])
    }

    /// Each seat's route length searched from scratch, as exact bounds.
    fn route_lengths_from_scratch(&self) -> RouteLengths {
        let mut lengths = [[0; 2]; MAX_PLAYERS];
        for (i, l) in lengths.iter_mut().enumerate().take(self.players.len()) {
            let len = longest_road_length(self, PlayerId(i as u8));
            *l = [len, len];
        }
        lengths
    }

    /// Searches every seat's route length from scratch and keeps it (a position set up
    /// piece by piece).
    pub(crate) fn measure_route_lengths(&mut self) {
        self.route.lengths = Kept(Some(self.route_lengths_from_scratch()));
    }

    /// The length of `player`'s longest road (with Seafarers, longest trade route): the kept
    /// one when exact, else searched (from scratch, within the kept bounds when known).
    pub fn road_length(&self, player: PlayerId) -> u8 {
        match self.route.lengths.map(|l| l[player.index()]) {
            Some([least, most]) if least == most => least,
            Some([least, most]) => longest_road_between(self, player, least, most),
            None => longest_road_length(self, player),
        }
    }

    /// Who should hold Longest Road given the (exact) road lengths and the current holder.
    pub(crate) fn longest_road_holder_after_change(&self) -> Option<PlayerId> {
        let n = self.players.len();
        holder_by_rules(|i| self.road_length(PlayerId(i as u8)), n, self.longest_road)
    }

    /// Invariant: the kept bounds hold each seat's length searched from scratch, and the
    /// holder is the one the rules give for those lengths (kept by the rules above).
    pub fn longest_road_consistent(&self) -> bool {
        let n = self.players.len();
        let mut exact = [0u8; MAX_PLAYERS];
        for (i, len) in exact.iter_mut().enumerate().take(n) {
            *len = longest_road_length(self, PlayerId(i as u8));
        }
        let bounds_ok = self
            .route
            .lengths
            .is_none_or(|l| (0..n).all(|i| (l[i][0]..=l[i][1]).contains(&exact[i])));
        bounds_ok && holder_by_rules(|i| exact[i], n, self.longest_road) == self.longest_road
    }
}

/// Bounds (least, most) on each seat's longest road (with Seafarers, trade route), equal when
/// the length is exact, kept with the state ([`RouteGraphs`], invariant `longest-road`; not
/// written out). A ship move whose ship ended a longest trail leaves the route that length
/// or one less ([`length_on_both`]): the bounds are kept instead of searching the network,
/// later changes keep them sound, and the length is searched only when the card may depend
/// on it ([`Game::settle_longest_road`]) or when read ([`Game::road_length`]).
pub(crate) type RouteLengths = [[u8; 2]; MAX_PLAYERS];

/// Who holds Longest Road by the rules (source `base-rules` §7, see the module doc) for the
/// road lengths `len` of seats `0..n`, `holder` holding it before: nobody below
/// [`LONGEST_ROAD_MIN`]; the holder while tied for longest; otherwise the single longest
/// player, or nobody on a tie.
fn holder_by_rules(len: impl Fn(usize) -> u8, n: usize, holder: Option<PlayerId>) -> Option<PlayerId> {
    let max = (0..n).map(&len).max().unwrap_or(0);
    if max < LONGEST_ROAD_MIN {
        return None;
    }
    if holder.is_some_and(|h| len(h.index()) == max) {
        return holder;
    }
    let mut at_max = (0..n).filter(|&i| len(i) == max);
    match (at_max.next(), at_max.next()) {
        (Some(i), None) => Some(PlayerId(i as u8)),
        _ => None,
    }
}

/// Whether seat `p`'s route, within `bounds[p]`, may decide who holds the card (as
/// [`holder_within`] reads them): `p` holds it, or their most reaches both the minimum and
/// every other seat's least. Only a speed hint: the bounds stay sound either way.
fn may_decide(bounds: &[[u8; 2]], p: usize, holder: Option<PlayerId>) -> bool {
    let most = bounds.get(p).map_or(0, |b| b[1]);
    holder.is_some_and(|h| h.index() == p)
        || (most >= LONGEST_ROAD_MIN && bounds.iter().enumerate().all(|(q, b)| q == p || b[0] <= most))
}

/// Whether [`holder_within`] keeps the card with `holder` for the seats `0..n` of `bounds`
/// in one of its two common cases (source `base-rules` §7, see the module doc): nobody holds
/// it and no seat's most reaches [`LONGEST_ROAD_MIN`], or the holder's least reaches it and
/// no other seat's most exceeds that least. The bounds are read as one word (a seat's least
/// and most in its 16 bits), every seat's most compared with the limit at once without a
/// branch per seat: a seat's 16 bits of `limit | 0x8000` less its most keep their top bit
/// exactly when the most does not exceed the limit (a most is below 256, so no lane borrows
/// from the next). `false` says only that the full test is needed.
#[inline]
fn card_stays(bounds: &RouteLengths, n: usize, holder: Option<PlayerId>) -> bool {
    const ONES: u64 = 0x0001_0001_0001_0001;
    const TOP: u64 = 0x8000 * ONES;
    let Ok(bytes) = <[u8; 8]>::try_from(bounds.as_flattened()) else {
        return false;
    };
    let word = u64::from_le_bytes(bytes);
    // The seats' lanes: those of `0..n`, the holder's left out.
    let mut seats = u64::MAX
        .checked_shr(16 * (MAX_PLAYERS.saturating_sub(n)) as u32)
        .unwrap_or(0);
    let limit = match holder {
        None => LONGEST_ROAD_MIN - 1,
        Some(h) => {
            let Some(&[least, _]) = bounds[..n.min(MAX_PLAYERS)].get(h.index()) else {
                return false;
            };
            if least < LONGEST_ROAD_MIN {
                return false;
            }
            seats &= !(0xFFFF << (16 * h.index()));
            least
        }
    };
    let mosts = (word >> 8) & (0xFF * ONES) & seats;
    let stays = (((u64::from(limit) * ONES) | TOP) - mosts) & TOP == TOP;
    debug_assert!(!stays || holder_within(&bounds[..n.min(MAX_PLAYERS)], holder) == Ok(holder));
    stays
}

/// [`holder_by_rules`] for lengths known within `bounds` (least, most) per seat, when every
/// length within them gives the same holder: `Err(seat)` names a seat whose exact length may
/// change it (to be searched).
///
/// Nobody holds it when no most reaches the minimum. The holder keeps the card whatever the
/// lengths when their least reaches the minimum and
/// no other seat's most exceeds it (they are tied for longest at best). Otherwise, with `top`
/// the larger of the greatest least and the minimum, a seat whose most is below `top` can
/// neither be longest with the minimum reached (someone has at least the greatest least) nor
/// keep the card as holder, so its exact length does not matter: the rules on the leasts
/// give the answer once every other seat is exact.
fn holder_within(bounds: &[[u8; 2]], holder: Option<PlayerId>) -> Result<Option<PlayerId>, usize> {
    let h = holder.map_or(usize::MAX, PlayerId::index);
    // The greatest least, the greatest most, and the greatest most of the seats but the holder.
    let (mut top_least, mut top_most, mut others_most) = (0, 0, 0);
    for (q, &[least, most]) in bounds.iter().enumerate() {
        top_least = top_least.max(least);
        top_most = top_most.max(most);
        if q != h {
            others_most = others_most.max(most);
        }
    }
    if top_most < LONGEST_ROAD_MIN {
        return Ok(None);
    }
    if let Some(&[least, _]) = bounds.get(h) {
        if least >= LONGEST_ROAD_MIN && others_most <= least {
            return Ok(holder);
        }
    }
    let top = top_least.max(LONGEST_ROAD_MIN);
    if let Some(p) = bounds.iter().position(|b| b[0] != b[1] && b[1] >= top) {
        return Err(p);
    }
    Ok(holder_by_rules(|i| bounds[i][0], bounds.len(), holder))
}

#[cfg(test)]
mod tests;
