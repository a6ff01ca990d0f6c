//! The Longest Trade Route's graphs kept between steps (Seafarers): each player's whole
//! network as a [`Search`] graph, edited when a piece is built, a ship moves, a building
//! is placed or a knight changes what it reads, and what the last ship move measured
//! (source `004_bf8a3dbb68824bc0.txt`, "Die längste Handelsstraße"; invariant
//! `route-graph`).

use super::*;
use crate::kept::Kept;

/// [`length_after_ship_move`] measured on `player`'s whole network kept with the state
/// ([`RouteGraph`]), holding the ship on both paths (piece `t` on `to`, `f` on `from`), their
/// route before the move known to lie within `before` (least, most): bounds on the route
/// after the move, equal when exact. `None` when not seen so.
///
/// The same reasoning, without the component sizes, which only spare walks (a walk never
/// goes beyond its component, so it finds the same lengths). Every trail of the new network
/// either uses `to` (the one walk from its dead end measures them: `to` and then a trail of
/// the network without the ship, so no longer than `most + 1`) or is a trail of that
/// network without the ship, whose route `W` is at most the route before and, the ship
/// being a dead end (dropping one shortens a trail by one at most), at least one less. The
/// walk from the dead end of the ship on `from` measures the trails using it: when it is
/// shorter than the route before, `W` is that route; otherwise the route before is at least
/// the walk, so `W` is at least the walk less one. Where these leave more than one value,
/// the bounds are kept instead of searching the network: the exact length is searched only
/// when the Longest Road card may depend on it ([`Game::settle_longest_road`]).
///
/// `known` is what the last move of this ship (onto `from`) measured, when nothing else of
/// the network changed since ([`MovedShip`]): the walk from `from`'s dead end is then its
/// walk, and the network without the ship is the same, so its bounds on `W` hold. What this
/// move measures of the ship on `to` is written to `next`. Without `matters` (the player's
/// route cannot decide the card now: [`may_decide`]) the walk from `from` is not made
/// (`W` then lies between the route before less one and the route before).
pub(super) fn length_on_both(
    s: &mut Search,
    (t, f): (usize, usize),
    to: EdgeId,
    ([least, most], matters): ([u8; 2], bool),
    known: Option<MovedShip>,
    next: &mut Option<MovedShip>,
) -> Option<[u8; 2]> {
    let both = 1u64 << t | 1u64 << f;
    let dead_end = (0..2).find(|&side| s.only_other(t, side, f))?;
    // The walk stopped at `most + 1` is exact (no trail through `to` is longer).
    s.cap = most.saturating_add(1);
    let through = s.walk_unpeeled(t, dead_end, both, 1);
    s.cap = u8::MAX;
    let moved = next.insert(MovedShip {
        at: to,
        side: dead_end as u8,
        walk: through,
        // The network without the ship lies in the one before the move.
        without: [0, most],
    });
    if through >= most {
        // `W` is at most the route before, so at most `through`.
        return Some([through, through]);
    }
    let dead_end = (0..2).find(|&side| s.only_other(f, side, t))?;
    let known = known.filter(|m| usize::from(m.side) == dead_end);
    // Bounds on `W`.
    let mut w = [least.saturating_sub(1), most];
    if let Some([a, b]) = known.map(|m| m.without) {
        w = [w[0].max(a), w[1].min(b)];
    }
    // A trail from `from`'s dead end is one of the network before the move, no longer
    // than `most`: the walk stopped there is exact.
    let from_end = match known {
        Some(m) => Some(m.walk),
        None if matters && w[0] < w[1] => {
            s.cap = most;
            let walk = s.walk_unpeeled(f, dead_end, both, 1);
            s.cap = u8::MAX;
            Some(walk)
        }
        None => None,
    };
    if let Some(from_end) = from_end {
        let floor = if from_end < least {
            least
        } else {
            from_end.saturating_sub(1)
        };
        w[0] = w[0].max(floor);
    }
    let w = [w[0].min(w[1]), w[1]];
    moved.without = w;
    Some([through.max(w[0]), through.max(w[1])])
}

/// [`longest_after_piece`] measured on `player`'s whole network kept with the state, the
/// piece on `at` added: the same reasoning (one walk from a dead end of `at`, else the
/// search of its component). `None` when `at` is not in the graph.
pub(super) fn length_after_piece_on(graph: &RouteGraph, at: EdgeId, before: u8) -> Option<u8> {
    let a = usize::from(*graph.pieces.index.get(at.index())?);
    if a >= graph.s.n {
        return None;
    }
    let s = &graph.s;
    Some(match (0..2).find(|&side| s.adj_len[a][side] == 0) {
        Some(dead_end) => before.max(s.walk_unpeeled(a, dead_end, 1u64 << a, 1)),
        None => {
            // The search marks the graph: it runs on a copy.
            let mut s = *s;
            s.comp[..s.n].fill(u8::MAX);
            s.label_components();
            s.longest(Some(a), before)
        }
    })
}

/// `player`'s whole route network as a [`Search`] graph (every piece found), kept with the
/// state ([`RouteGraphs`]) so that a ship moved or a piece built edits the graph at the
/// piece's two intersections instead of finding the network again.
///
/// The graph follows what [`Pieces::grow`] reads: the player's roads and ships, the
/// buildings (own ones join a road and a ship, an opponent's blocks) and knights (an
/// opponent's blocks) on the intersections their pieces touch. Its pieces are numbered in
/// no particular order: every length measured on it is a maximum over trails, the same
/// whatever the numbering. Its [`Search::pendant`] stays empty and its [`Search::cap`]
/// open (searches needing them run on a copy).
#[derive(Clone, Copy, Debug)]
pub(crate) struct RouteGraph {
    pub(super) s: Search,
    pub(super) pieces: Pieces,
    /// What the last ship move measured of the ship it moved, while no other change of the
    /// network followed (any edit of the graph forgets it).
    pub(super) moved: Option<MovedShip>,
}

/// A ship's move as measured by [`length_on_both`], for the next move of the same ship:
/// the network without that ship is then the same one, and the network before that move is
/// the one this move made.
#[derive(Clone, Copy, Debug)]
pub(super) struct MovedShip {
    /// The path the ship moved to.
    pub(super) at: EdgeId,
    /// Its end with no other piece of the player continuing it there (a dead end).
    pub(super) side: u8,
    /// The longest trail starting across the ship from that end (it starts every trail
    /// using the ship).
    pub(super) walk: u8,
    /// Bounds (least, most) of the longest route of the network without the ship.
    pub(super) without: [u8; 2],
}

/// Each seat's [`RouteGraph`], when known (invariant `route-graph`): a piece built or a
/// ship moved edits it ([`Game::longest_road_after_road`],
/// [`Game::longest_road_after_ship_move`], [`Game::route_graph_after_ship_swap`]); a
/// building placed relinks the pieces of each graph at its intersection
/// ([`Game::route_site_changed`]), and so does a knight placed or taken off
/// ([`Game::route_graphs_after_knights`]); every other change of a network makes its graph
/// unknown ([`Game::update_longest_road`], a road or ship taken off). With them, each seat's
/// [`RouteLengths`] (kept in every ruleset).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct RouteGraphs {
    pub(super) graphs: [Kept<RouteGraph>; crate::ids::MAX_PLAYERS],
    pub(super) lengths: Kept<RouteLengths>,
}

impl Default for RouteGraphs {
    fn default() -> RouteGraphs {
        RouteGraphs {
            graphs: std::array::from_fn(|_| Kept(None)),
            lengths: Kept(None),
        }
    }
}

/// The intersections where a knight of one seat was placed or taken off, each once, at
/// most [`KnightTouched::CAPACITY`] (a short list: usually one or two are noted between two
/// looks of the kept graphs, and an empty one is seen at once).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct KnightTouched {
    at: [u16; KnightTouched::CAPACITY],
    len: u8,
}

impl KnightTouched {
    /// The most intersections noted.
    const CAPACITY: usize = 4;

    /// Notes `v`: `true` when it was not noted yet and fits.
    pub(crate) fn insert(&mut self, v: usize) -> bool {
        let len = usize::from(self.len);
        match (self.contains(v), u16::try_from(v), self.at.get_mut(len)) {
            (false, Ok(id), Some(slot)) => {
                *slot = id;
                self.len += 1;
                true
            }
            _ => false,
        }
    }

    /// Whether `v` is noted.
    pub(crate) fn contains(&self, v: usize) -> bool {
        self.iter().any(|x| x == v)
    }

    /// Whether nothing is noted.
    pub(crate) fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The intersections noted, in the order noted.
    pub(crate) fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.at[..usize::from(self.len).min(Self::CAPACITY)]
            .iter()
            .map(|&v| usize::from(v))
    }
}

/// What a [`RouteGraph`] reads besides the player's pieces, borrowed apart from the kept
/// graphs so that those are edited in place.
pub(super) struct Around<'a> {
    pub(super) topo: &'a crate::board::Topology,
    pub(super) sites: &'a [Option<crate::state::Site>],
    pub(super) knights: &'a [Option<crate::state::Knight>],
}

impl Around<'_> {
    /// Whether `v` breaks `player`'s route (as [`blocks`]).
    pub(super) fn blocks(&self, player: PlayerId, v: VertexId) -> bool {
        self.sites
            .get(v.index())
            .copied()
            .flatten()
            .is_some_and(|s| s.owner != player)
            || self
                .knights
                .get(v.index())
                .copied()
                .flatten()
                .is_some_and(|k| k.owner != player)
    }

    /// Whether `player` has a building on `v`.
    pub(super) fn own_building(&self, player: PlayerId, v: VertexId) -> bool {
        self.sites
            .get(v.index())
            .copied()
            .flatten()
            .is_some_and(|s| s.owner == player)
    }
}

impl RouteGraph {
    /// `player`'s network from scratch; `None` when it does not fit the tables.
    pub(super) fn build(game: &Game, player: PlayerId) -> Option<RouteGraph> {
        let mut g = RouteGraph {
            s: Search::blank(),
            pieces: Pieces::blank(),
            moved: None,
        };
        g.pieces.mark(game, player)?;
        g.pieces.grow_all(&mut g.s, game, player)?;
        Some(g)
    }

    /// Adds the player's piece on `e` (a ship when `ship`), not in the graph yet, linking it
    /// at the two intersections it touches.
    pub(super) fn add(&mut self, at: &Around, player: PlayerId, e: EdgeId, ship: bool) -> Option<()> {
        if *self.pieces.index.get(e.index())? != NOT_OWN {
            return None;
        }
        let ends = at.topo.edge(e)?.vertices;
        self.moved = None;
        self.pieces.add(&mut self.s, e, ship)?;
        let i = self.s.n - 1;
        for (side, v) in ends.into_iter().enumerate() {
            self.pieces.link_at(&mut self.s, at, player, (i, side), v);
        }
        Some(())
    }

    /// Takes the piece on `e` out of the graph: the pieces continuing it lose it (nothing
    /// else changes: an intersection's blocking does not depend on the pieces), and the
    /// last piece takes its number (those continuing that one renamed). Adjacency is
    /// symmetric, so both are found from the pieces' own ends.
    pub(super) fn remove(&mut self, e: EdgeId) -> Option<()> {
        let i = usize::from(*self.pieces.index.get(e.index())?);
        if i >= self.s.n {
            return None;
        }
        self.moved = None;
        let s = &mut self.s;
        for side in 0..2 {
            for k in 0..usize::from(s.adj_len[i][side]) {
                let a = usize::from(s.adj[i][side][k]);
                let (j, j_side) = (a >> 1, a & 1);
                let mut kept = 0;
                for m in 0..usize::from(s.adj_len[j][j_side]) {
                    let b = s.adj[j][j_side][m];
                    if usize::from(b >> 1) != i {
                        s.adj[j][j_side][kept] = b;
                        kept += 1;
                    }
                }
                s.adj_len[j][j_side] = kept as u8;
            }
        }
        self.pieces.index[e.index()] = NOT_OWN;
        let last = s.n - 1;
        if i != last {
            let moved = self.pieces.found[last];
            self.pieces.found[i] = moved;
            self.pieces.ship[i] = self.pieces.ship[last];
            self.pieces.index[moved.index()] = i as u8;
            s.blocked[i] = s.blocked[last];
            s.adj[i] = s.adj[last];
            s.adj_len[i] = s.adj_len[last];
            for side in 0..2 {
                for k in 0..usize::from(s.adj_len[i][side]) {
                    let a = usize::from(s.adj[i][side][k]);
                    let (j, j_side) = (a >> 1, a & 1);
                    for m in 0..usize::from(s.adj_len[j][j_side]) {
                        let b = s.adj[j][j_side][m];
                        if usize::from(b >> 1) == last {
                            s.adj[j][j_side][m] = (i as u8) << 1 | (b & 1);
                        }
                    }
                }
            }
        }
        s.n = last;
        Some(())
    }

    /// Whether a knight of another than seat `p` (whose graph this is) was placed or taken
    /// off where a piece of this graph lies ([`crate::state::CkState::route_touched`]; all
    /// of them when unknown): an opponent's knight blocks, the owner's own does not.
    pub(super) fn knights_changed(
        &self,
        topo: &crate::board::Topology,
        touched: Option<[KnightTouched; crate::ids::MAX_PLAYERS]>,
        p: usize,
    ) -> bool {
        touched.is_none_or(|t| {
            t.iter()
                .enumerate()
                .any(|(q, set)| q != p && set.iter().any(|v| self.touches(topo, VertexId(v as u16))))
        })
    }

    /// Links the pieces of this graph (of `player`) at `v` again, as [`Pieces::grow`] would:
    /// each end there is blocked or not as `v` is now, and continued by the others there (all
    /// of them at the player's building, else those of its kind). Nothing else changes: a
    /// building or knight on `v` only changes the ends there. What the last ship move
    /// measured is forgotten when a piece lies there.
    pub(super) fn relink_at(&mut self, at: &Around, player: PlayerId, v: VertexId) {
        let Some(info) = at.topo.vertex(v) else { return };
        // The pieces at `v` with their ends there.
        let mut here = [(0usize, 0usize); 3];
        let mut k = 0;
        for e in info.edges.iter() {
            let i = usize::from(self.pieces.index.get(e.index()).copied().unwrap_or(NOT_OWN));
            if i < self.s.n && k < here.len() {
                here[k] = (i % MAX_ROADS, usize::from(at.topo.edges()[e.index()].vertices[1] == v));
                k += 1;
            }
        }
        if k == 0 {
            return;
        }
        self.moved = None;
        let own_building = at.own_building(player, v);
        let blocked = at.blocks(player, v);
        for &(i, side) in &here[..k] {
            let mut n = 0;
            for &(r, r_side) in &here[..k] {
                if r != i && n < 2 && (self.pieces.ship[r] == self.pieces.ship[i] || own_building) {
                    self.s.adj[i][side][n] = (r as u8) << 1 | r_side as u8;
                    n += 1;
                }
            }
            self.s.adj_len[i][side] = n as u8;
            self.s.blocked[i][side] = blocked;
        }
    }

    /// Whether a piece of this graph lies on a path of `v`.
    pub(super) fn touches(&self, topo: &crate::board::Topology, v: VertexId) -> bool {
        topo.vertex(v).is_none_or(|info| {
            info.edges
                .iter()
                .any(|e| self.pieces.index.get(e.index()).is_none_or(|&x| x != NOT_OWN))
        })
    }

    /// Whether this graph equals `player`'s network made from scratch (the same pieces,
    /// each with the same blocked ends and the same pieces continuing it at each end).
    pub(super) fn matches(&self, game: &Game, player: PlayerId) -> bool {
        let Some(fresh) = RouteGraph::build(game, player) else {
            return false;
        };
        let ends = |g: &RouteGraph, i: usize, side: usize| {
            let mut out = [(u16::MAX, 2u8); 2];
            for (k, &a) in g.s.adj[i][side][..usize::from(g.s.adj_len[i][side])].iter().enumerate() {
                out[k] = (g.pieces.found[usize::from(a >> 1)].0, a & 1);
            }
            out.sort_unstable();
            (g.s.blocked[i][side], out)
        };
        let listed = self.pieces.index.iter().filter(|&&x| x != NOT_OWN).count();
        listed == self.s.n
            && self.s.n == fresh.s.n
            && self.s.cap == u8::MAX
            && (0..self.s.n).all(|i| {
                let e = self.pieces.found[i];
                let j = usize::from(fresh.pieces.index[e.index()]);
                usize::from(self.pieces.index[e.index()]) == i
                    && j < fresh.s.n
                    && self.pieces.ship[i] == fresh.pieces.ship[j]
                    && self.s.pendant[i] == [0, 0]
                    && (0..2).all(|side| ends(self, i, side) == ends(&fresh, j, side))
            })
            && self.moved.is_none_or(|m| m.matches(&fresh))
    }
}

impl MovedShip {
    /// Whether this equals what a search of `fresh` (the network made from scratch) finds:
    /// the ship on [`MovedShip::at`], its first end without another piece there, the walk
    /// from that end, and the route of the network without the ship within its bounds.
    pub(super) fn matches(&self, fresh: &RouteGraph) -> bool {
        let i = usize::from(fresh.pieces.index.get(self.at.index()).copied().unwrap_or(NOT_OWN));
        if i >= fresh.s.n || !fresh.pieces.ship[i] {
            return false;
        }
        let side = (0..2).find(|&side| fresh.s.adj_len[i][side] == 0);
        let mut s = fresh.s;
        s.comp[..s.n].fill(u8::MAX);
        s.label_components();
        let walk = s.walk_unpeeled(i, usize::from(self.side), 1u64 << i, 1);
        s.drop_pieces(1u64 << i);
        side == Some(usize::from(self.side))
            && walk == self.walk
            && (self.without[0]..=self.without[1]).contains(&s.longest(None, 0))
    }
}

impl Game {
    /// Brings the kept graphs up to date with the knights placed or taken off since the last
    /// call ([`crate::state::CkState::route_touched`]): a knight of another seat blocks or
    /// frees the ends of a graph's pieces at its intersection (source
    /// `000_fee7e8147b67bbe6.txt` p. 9), and nothing else of the graph, so each graph links
    /// its pieces there again ([`RouteGraph::relink_at`], as for a building); the owner's own
    /// knight never blocks them; only the seats with a road or ship on a path there are
    /// relinked (the known graphs hold the board's pieces: invariant `route-graph`). An
    /// unknown set forgets every graph. Only Cities & Knights has knights on intersections:
    /// without it a known set stays empty. Without Seafarers no graph is kept: the set is
    /// left unknown, so that knights note nothing in it.
    pub(super) fn route_graphs_after_knights(&mut self) {
        if !self.rules.has(crate::ruleset::Expansion::Seafarers) {
            return;
        }
        let touched = &mut self.ck.route_touched.0;
        let ck = self.rules.has(crate::ruleset::Expansion::CitiesAndKnights);
        match touched {
            Some(t) if !ck || t.iter().all(|set| set.is_empty()) => return,
            Some(t) => {
                let around = Around {
                    topo: &self.board.topology,
                    sites: &self.sites,
                    knights: &self.ck.knights,
                };
                for (q, set) in t.iter().enumerate() {
                    for v in set.iter() {
                        let v = VertexId(v as u16);
                        // Only the graphs with a piece on a path of `v` change there: the
                        // seats owning a road or ship there (the graphs hold the board's).
                        let mut seats = self.board.topology.vertex(v).map_or(0u32, |info| {
                            info.edges.iter().fold(0, |m, e| {
                                let owner = self.roads.get(e.index()).copied().flatten().or(self.sea.ship(e));
                                m | owner.map_or(0, |o| 1u32.checked_shl(o.0.into()).unwrap_or(0))
                            })
                        }) & !(1u32 << q);
                        while seats != 0 {
                            let p = seats.trailing_zeros() as usize;
                            seats &= seats - 1;
                            if let Some(graph) = self.route.graphs.get_mut(p).and_then(|g| g.0.as_mut()) {
                                graph.relink_at(&around, PlayerId(p as u8), v);
                            }
                        }
                    }
                }
            }
            None => self.route.graphs.iter_mut().for_each(|g| *g = Kept(None)),
        }
        *touched = Some(Default::default());
    }

    /// Forgets `player`'s kept [`RouteGraph`] (their network changed otherwise than by a
    /// piece built or a ship moved): it is made again when next needed.
    pub(crate) fn forget_route_graph(&mut self, player: PlayerId) {
        if let Some(g) = self.route.graphs.get_mut(player.index()) {
            *g = Kept(None);
        }
    }

    /// A building was placed on `v`: it blocks or joins pieces there, so the kept graphs
    /// with a piece on a path of `v` link their pieces there again ([`RouteGraph::relink_at`]).
    pub(crate) fn route_site_changed(&mut self, v: VertexId) {
        let around = Around {
            topo: &self.board.topology,
            sites: &self.sites,
            knights: &self.ck.knights,
        };
        for (p, g) in self.route.graphs.iter_mut().enumerate() {
            if let Some(graph) = g.0.as_mut() {
                graph.relink_at(&around, PlayerId(p as u8), v);
            }
        }
    }

    /// `player`'s ship moved from `from` to `to` without a change of their route (a dead-end
    /// ship swapped for another at the same intersection): the kept graph follows it.
    pub(crate) fn route_graph_after_ship_swap(&mut self, player: PlayerId, (from, to): (EdgeId, EdgeId)) {
        self.route_graphs_after_knights();
        let around = Around {
            topo: &self.board.topology,
            sites: &self.sites,
            knights: &self.ck.knights,
        };
        let slot = &mut self.route.graphs[player.index()];
        if let Some(g) = slot.0.as_mut() {
            if g.add(&around, player, to, true).is_none() || g.remove(from).is_none() {
                *slot = Kept(None);
            }
        }
    }

    /// The first player whose kept [`RouteGraph`] (when known, and not to be forgotten for a
    /// knight's change) differs from their network made from scratch (invariant
    /// `route-graph`).
    pub fn route_graph_mismatch(&self) -> Option<PlayerId> {
        let topo = &self.board.topology;
        let touched = self.ck.route_touched.0;
        (0..self.players.len()).map(|i| PlayerId(i as u8)).find(|&p| {
            self.route.graphs[p.index()]
                .as_ref()
                .is_some_and(|g| !g.knights_changed(topo, touched, p.index()) && !g.matches(self, p))
        })
    }
}
