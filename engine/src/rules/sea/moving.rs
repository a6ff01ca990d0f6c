//! Moving ships (source `004_bf8a3dbb68824bc0.txt`, "Die Seefahrer" D "Schiffe versetzen",
//! examples D and E).
//!
//! A line of ships that joins two of its owner's buildings is *closed*: none of its ships
//! ever moves, even after an opponent settles on one of its intersections (the line stays
//! closed; only the trade route is interrupted). A line that does not is *open*, and the
//! ship at its open end may move: once per turn, in the trade and build phase after the
//! roll, not a ship built this turn, to any path where a new ship could be built (the path
//! it leaves counts as empty), never from or to a side of the pirate's hex.
//!
//! This engine's reading of "the ship at the open end" (rules `SEA.MOVE.CLOSED_LINE`,
//! `SEA.MOVE.OPEN_END`), which covers the special cases the publisher's FAQ answers:
//! - a ship is on a *closed* line when the own buildings its line reaches on one side and
//!   those on the other side include two different buildings (an opponent's building on the
//!   line does not open it);
//! - a ship is an *end* ship when one of its ends touches no other ship of its owner or holds
//!   the owner's building, or when its line has no such ship at all (a ring of ships touching
//!   no building: every ship is an end);
//! - moving it must not cut the line: whatever its two ends touch stays joined without it.
//!
//! So a line that leaves a settlement and comes back to it has both end ships movable and no
//! other, and the only ship next to a settlement may sail away (UNVERIFIED reading, see
//! `SEA.MOVE.OPEN_END` in the catalog).

use super::errors::SeaRule;
use super::events::SeaEvent;
use crate::error::RuleError;
use crate::event::Event;
use crate::ids::{EdgeId, PlayerId, VertexId};
use crate::state::Game;

/// Intersections visited by a search along ships (no allocation; up to 1,024 intersections,
/// far more than any map has).
pub(super) type Visited = crate::id_set::IdSet<16>;

impl Game {
    /// The other ships of `player` at intersection `v` (leaving out `skip`).
    pub(super) fn other_ships_at(
        &self,
        player: PlayerId,
        v: VertexId,
        skip: EdgeId,
    ) -> impl Iterator<Item = EdgeId> + '_ {
        self.board
            .topology
            .vertex(v)
            .into_iter()
            .flat_map(|info| info.edges.iter())
            .filter(move |&e| e != skip && self.sea.ship(e) == Some(player))
    }

    fn own_building(&self, player: PlayerId, v: VertexId) -> bool {
        self.sites[v.index()].is_some_and(|s| s.owner == player)
    }

    /// Walks `player`'s ships from `start` without using `skip`, stopping at their own
    /// buildings; calls `found` with each own building reached (`start` itself if it holds
    /// one). Returns the intersections visited.
    pub(super) fn walk_line(
        &self,
        player: PlayerId,
        start: VertexId,
        skip: EdgeId,
        found: impl FnMut(VertexId),
    ) -> Visited {
        self.walk_ships(player, start, skip, true, found)
    }

    /// Walks `player`'s ships from `start` without using `skip`; at their own buildings it
    /// calls `found` and, when `stop` is set, goes no further.
    fn walk_ships(
        &self,
        player: PlayerId,
        start: VertexId,
        skip: EdgeId,
        stop: bool,
        mut found: impl FnMut(VertexId),
    ) -> Visited {
        let mut seen = Visited::default();
        let mut stack = [VertexId(0); 64];
        let mut top = 1;
        seen.insert(start.index());
        stack[0] = start;
        while top > 0 {
            top -= 1;
            let v = stack[top];
            if self.own_building(player, v) {
                found(v);
                if stop {
                    continue;
                }
            }
            for e in self.other_ships_at(player, v, skip) {
                let [x, y] = self.board.topology.edges()[e.index()].vertices;
                let next = if x == v { y } else { x };
                if seen.insert(next.index()) && top < stack.len() {
                    stack[top] = next;
                    top += 1;
                }
            }
        }
        seen
    }

    /// Whether the ship on `e` lies on a closed line: the own buildings reached from its two
    /// ends (without it) include two different ones.
    pub(crate) fn ship_on_closed_line(&self, player: PlayerId, e: EdgeId) -> bool {
        let [a, b] = self.board.topology.edges()[e.index()].vertices;
        let mut side_a = [None; 2];
        self.walk_line(player, a, e, |v| {
            if side_a[0].is_none() {
                side_a[0] = Some(v);
            } else if side_a[0] != Some(v) {
                side_a[1] = Some(v);
            }
        });
        if side_a[0].is_none() {
            return false;
        }
        let mut closed = false;
        self.walk_line(player, b, e, |v| {
            closed |= side_a.iter().flatten().any(|&s| s != v);
        });
        closed
    }

    /// Whether an end of the ship on `e` is open: no other own ship there, or the owner's
    /// building.
    fn ship_end_open(&self, player: PlayerId, e: EdgeId) -> bool {
        self.board.topology.edges()[e.index()]
            .vertices
            .iter()
            .any(|&v| self.own_building(player, v) || self.other_ships_at(player, v, e).next().is_none())
    }

    /// Whether the ship on `e` is an end ship of its line (see the module's reading).
    pub(crate) fn ship_is_line_end(&self, player: PlayerId, e: EdgeId) -> bool {
        if self.ship_end_open(player, e) {
            return true;
        }
        // A ring of ships touching no building: no ship of the line has an open end.
        let [a, _] = self.board.topology.edges()[e.index()].vertices;
        let line = self.walk_line(player, a, EdgeId(u16::MAX), |_| {});
        !self.sea.players[player.index()].ships.iter().any(|&s| {
            let [x, y] = self.board.topology.edges()[s.index()].vertices;
            (line.contains(x.index()) || line.contains(y.index())) && self.ship_end_open(player, s)
        })
    }

    /// Whether taking the ship off `e` would split what its two ends touch.
    pub(crate) fn ship_move_cuts_line(&self, player: PlayerId, e: EdgeId) -> bool {
        let [a, b] = self.board.topology.edges()[e.index()].vertices;
        let holds = |v: VertexId| self.own_building(player, v) || self.other_ships_at(player, v, e).next().is_some();
        if !holds(a) || !holds(b) {
            return false;
        }
        let seen = self.walk_line_through(player, a, e);
        !seen.contains(b.index())
    }

    /// The intersections joined to `start` by `player`'s ships without `skip`, passing
    /// through their buildings too.
    fn walk_line_through(&self, player: PlayerId, start: VertexId, skip: EdgeId) -> Visited {
        self.walk_ships(player, start, skip, false, |_| {})
    }

    /// Whether the line of the ship on `from` lets it move: open, at its end, not cutting the
    /// line (and, under `ship-leaves-building refused`, not a building's only link).
    ///
    /// A ship with a free end (neither the owner's building nor another of their ships
    /// there) is on no closed line, is an end ship and cuts nothing, so its lines are not
    /// searched.
    pub(crate) fn ship_shape_movable(&self, player: PlayerId, from: EdgeId) -> Result<(), RuleError> {
        let free_end = self.board.topology.edges()[from.index()]
            .vertices
            .iter()
            .any(|&v| !self.own_building(player, v) && self.other_ships_at(player, v, from).next().is_none());
        if free_end {
            return self.ship_may_leave_building(player, from);
        }
        self.ship_shape_searched(player, from)
    }

    /// [`Game::ship_shape_movable`] by searching the lines, with no shortcut: the oracle the
    /// invariant `sea-movable` checks the kept bits against.
    pub(crate) fn ship_shape_searched(&self, player: PlayerId, from: EdgeId) -> Result<(), RuleError> {
        if self.ship_on_closed_line(player, from) {
            return Err(RuleError::Sea(SeaRule::MoveClosedLine));
        }
        if !self.ship_is_line_end(player, from) || self.ship_move_cuts_line(player, from) {
            return Err(RuleError::Sea(SeaRule::MoveNotAnEnd));
        }
        self.ship_may_leave_building(player, from)
    }

    /// Under `ship-leaves-building refused`, a ship that is a building's only link stays.
    fn ship_may_leave_building(&self, player: PlayerId, from: EdgeId) -> Result<(), RuleError> {
        if self.rules.sea.ship_leaves_building == super::options::ShipLeavesBuilding::Refused
            && self.ship_is_only_link(player, from)
        {
            return Err(RuleError::Sea(SeaRule::MoveLeavesBuilding));
        }
        self.knights_let_ship_go(player, from)
    }

    /// With Cities & Knights (see `ck.rs`): knights fix ships. The knights' say, tested last
    /// of all a ship's conditions, reads only the knights at the ship's two ends and the
    /// owner's pieces there (under `knight-link route`).
    pub(super) fn knights_let_ship_go(&self, player: PlayerId, from: EdgeId) -> Result<(), RuleError> {
        if self.ship_next_to_foreign_knight(player, from) {
            return Err(RuleError::Sea(SeaRule::ForeignKnight));
        }
        if self.ship_strands_knight(player, from) {
            return Err(RuleError::Sea(SeaRule::KnightLink));
        }
        Ok(())
    }

    /// The movable-shape bits of `player`'s ships, computed from their lines ([`Lines`]),
    /// found once for all the ships: a ship with a free end (neither the owner's building nor
    /// another of their ships there) is movable as far as its line goes; a ship between two
    /// own buildings is on a closed line; a ship from an own building into a line is on a
    /// closed line when that line touches another own building, and otherwise cuts the line
    /// unless the network holds a loop (only then is the graph searched,
    /// [`Lines::joined_without`]). A ship without an open end is an end ship only when its
    /// whole line has none (a ring), and only then is it searched
    /// ([`Game::ship_shape_movable`]).
    ///
    /// Returns the movable bits and, beside them, the bits of the ships whose line lets them
    /// move but which knights fix ([`super::state::SeaState::knight_fixed`]).
    pub(crate) fn movable_ships(&self, player: PlayerId) -> (u16, u16) {
        let ships = &self.sea.players[player.index()].ships;
        let n = ships.len().min(16);
        let mut lines = Lines::blank();
        if lines.fill(self, player, &ships[..n]).is_none() {
            return self.movable_ships_searched(player);
        }
        let (mut bits, mut fixed) = (0u16, 0u16);
        for (i, &e) in ships[..n].iter().enumerate() {
            let [x, y] = lines.ends[i].map(usize::from);
            let (bx, by) = (lines.building[x], lines.building[y]);
            let (ax, ay) = (lines.ships_at[x] == 1, lines.ships_at[y] == 1);
            let say = if (!bx && ax) || (!by && ay) {
                // A free end.
                self.ship_may_leave_building(player, e)
            } else if bx && by {
                // Between two own buildings: a closed line.
                continue;
            } else if bx || by {
                // From an own building into a line: the line's own buildings, and the loops of
                // the network for the cut.
                let (at, into) = if bx { (x, y) } else { (y, x) };
                let line = lines.line(into);
                let closed = lines.line_buildings[line]
                    .iter()
                    .any(|&b| b != u8::MAX && usize::from(b) != at);
                if closed || !lines.has_loop(into) {
                    continue;
                }
                // The cut ([`Game::ship_move_cuts_line`]: both ends hold the owner's pieces
                // here) from the graph when it holds every ship.
                let cuts = if ships.len() <= 16 {
                    !lines.joined_without(i)
                } else {
                    self.ship_move_cuts_line(player, e)
                };
                if cuts {
                    continue;
                }
                self.ship_may_leave_building(player, e)
            } else if lines.line_open[lines.line(x)] {
                // No open end on a line that has one: not an end ship.
                continue;
            } else {
                // No open end: an end ship only on a ring.
                self.ship_shape_movable(player, e)
            };
            let (movable, by_knights) = sort_say(&say);
            bits |= u16::from(movable) << i;
            fixed |= u16::from(by_knights) << i;
        }
        (bits, fixed)
    }

    /// The movable-shape bits of `player`'s ships by searching every ship's lines
    /// ([`Game::ship_shape_searched`]; for the invariants), and beside them those of the ships
    /// knights fix (as [`Game::movable_ships`]).
    pub(crate) fn movable_ships_searched(&self, player: PlayerId) -> (u16, u16) {
        let ships = &self.sea.players[player.index()].ships;
        let (mut bits, mut fixed) = (0u16, 0u16);
        for (i, &e) in ships.iter().take(16).enumerate() {
            let (movable, by_knights) = sort_say(&self.ship_shape_searched(player, e));
            bits |= u16::from(movable) << i;
            fixed |= u16::from(by_knights) << i;
        }
        (bits, fixed)
    }

    /// Recomputes the movable-shape bits of `player` after their ships or buildings changed.
    pub(crate) fn refresh_movable(&mut self, player: PlayerId) {
        if let Some(slot) = self.sea.movable.get_mut(player.index()) {
            *slot = 0;
        }
        let (bits, fixed) = self.movable_ships(player);
        self.set_movable(player, bits, fixed);
    }

    /// Writes `player`'s movable bits and, when kept, the bits of their ships knights fix.
    pub(super) fn set_movable(&mut self, player: PlayerId, bits: u16, fixed: u16) {
        if let Some(slot) = self.sea.movable.get_mut(player.index()) {
            *slot = bits;
        }
        if let Some(slot) = self.sea.knight_fixed.as_mut().and_then(|f| f.get_mut(player.index())) {
            *slot = fixed;
        }
    }

    /// The kept bits of `player`'s ships knights fix (0 when not kept).
    fn knight_fixed(&self, player: PlayerId) -> u16 {
        self.sea
            .knight_fixed
            .as_ref()
            .and_then(|f| f.get(player.index()).copied())
            .unwrap_or(0)
    }

    /// With Cities & Knights under `knight-link route`, `player`'s movable bits once knights
    /// changed at the intersections `changed` and nothing else did: the lines' shapes do not
    /// depend on knights, so the ships whose line lets them move are those movable or fixed
    /// by knights before ([`super::state::SeaState::knight_fixed`]), and the knights' say
    /// ([`Game::knights_let_ship_go`]) reads only the knights at a ship's ends: only those
    /// with an end at `changed` are given it again. `false` (nothing written) when the fixed
    /// bits are not kept.
    pub(super) fn movable_after_knights_at(&mut self, player: PlayerId, changed: &[VertexId]) -> bool {
        let p = player.index();
        let (Some(bits), Some(fixed)) = (
            self.sea.movable.get(p).copied(),
            self.sea.knight_fixed.as_ref().and_then(|f| f.get(p).copied()),
        ) else {
            return false;
        };
        let (bits, fixed) = self.knights_say_at(player, bits | fixed, changed);
        self.set_movable(player, bits, fixed);
        true
    }

    /// `player`'s movable bits and those of the ships knights fix, for the ships whose line
    /// lets them move `shape`, when only the pieces or knights at the intersections `at`
    /// changed the knights' say and only ships with an end there changed shape: the ships
    /// with an end at `at` are given the knights' say ([`Game::knights_let_ship_go`], which
    /// reads only the knights and pieces at a ship's ends, under `knight-link route`), the
    /// others keep it from the kept bits ([`super::state::SeaState::knight_fixed`]).
    fn knights_say_at(&self, player: PlayerId, mut shape: u16, at: &[VertexId]) -> (u16, u16) {
        let kept = self.sea.movable.get(player.index()).copied().unwrap_or(0);
        let (mut bits, mut fixed) = (kept & shape, self.knight_fixed(player) & shape);
        let edges = self.board.topology.edges();
        let ships = &self.sea.players[player.index()].ships;
        while shape != 0 {
            let i = shape.trailing_zeros() as usize;
            shape &= shape - 1;
            let Some(&e) = ships.get(i) else {
                continue;
            };
            if !edges[e.index()].vertices.iter().any(|v| at.contains(v)) {
                continue;
            }
            let go = self.knights_let_ship_go(player, e).is_ok();
            bits = (bits & !(1 << i)) | (u16::from(go) << i);
            fixed = (fixed & !(1 << i)) | (u16::from(!go) << i);
        }
        (bits, fixed)
    }

    /// Whether `player` may move the ship on `from` at all now (not where to).
    pub(crate) fn check_ship_movable(&self, player: PlayerId, from: EdgeId) -> Result<(), RuleError> {
        self.known_edge(from)?;
        if !self.in_main() {
            return Err(self.wrong_time(player, "move a ship"));
        }
        if self.sea.ship(from) != Some(player) {
            return Err(RuleError::Sea(SeaRule::MoveNotOwnShip));
        }
        if self.sea.moved {
            return Err(RuleError::Sea(SeaRule::MoveOncePerTurn));
        }
        if self.sea.fresh[from.index()] {
            return Err(RuleError::Sea(SeaRule::MoveBuiltThisTurn));
        }
        if self.is_pirate_path(from) {
            return Err(RuleError::Sea(SeaRule::PiratePath));
        }
        // The movable-shape bits kept in the state (invariant `sea-movable`) answer yes
        // without searching the lines; a no is searched again for its precise refusal.
        // Under `ship-leaves-building refused` the lines are always searched (the bits
        // follow roads too there).
        let ships = &self.sea.players[player.index()].ships;
        let kept = self.sea.movable.get(player.index()).copied().unwrap_or(0);
        let refused = self.rules.sea.ship_leaves_building == super::options::ShipLeavesBuilding::Refused;
        if !refused
            && ships
                .iter()
                .take(16)
                .enumerate()
                .any(|(i, &e)| e == from && kept & (1 << i) != 0)
        {
            return Ok(());
        }
        self.ship_shape_movable(player, from)
    }

    /// Whether the ship on `e` is the only road or ship at one of its owner's buildings.
    fn ship_is_only_link(&self, player: PlayerId, e: EdgeId) -> bool {
        self.board.topology.edges()[e.index()].vertices.iter().any(|&v| {
            self.own_building(player, v)
                && self.board.topology.vertices()[v.index()]
                    .edges
                    .iter()
                    .all(|x| x == e || (self.roads[x.index()] != Some(player) && self.sea.ship(x) != Some(player)))
        })
    }

    /// Checks moving the ship on `from` to `to`.
    pub(crate) fn check_move_ship(&self, player: PlayerId, from: EdgeId, to: EdgeId) -> Result<(), RuleError> {
        self.check_ship_movable(player, from)?;
        self.known_edge(to)?;
        if from == to {
            return Err(RuleError::Sea(SeaRule::MoveSamePath));
        }
        self.check_ship_site(player, to, Some(from), None)
    }

    /// Moves a ship [`Game::check_move_ship`] accepted.
    ///
    /// When the move only swaps one dead-end ship for another at the same intersection
    /// ([`Game::ship_move_swaps_dead_end`]), the player's network is the same graph with one
    /// ship relabelled: their trade route (so the card) and, without Cities & Knights, the
    /// shape of every line stay as they were, and neither is computed again. Otherwise the
    /// route is measured from the ship's old and new places where that is enough
    /// ([`Game::longest_road_after_ship_move`]). A dead-end ship leaving one line end for
    /// another changes the movable bits only next to it
    /// ([`Game::movable_follows_dead_ends_at`]), where they are updated instead of searched.
    pub(crate) fn do_move_ship(&mut self, player: PlayerId, from: EdgeId, to: EdgeId, events: &mut Vec<Event>) {
        let swap = self.ship_move_swaps_dead_end(player, from, to);
        let ck = self.rules.ck();
        let plain = self.movable_follows_dead_ends_at([from, to]);
        let with_knights = !plain && self.movable_follows_with_knights();
        // A dead-end ship leaving a line end: what it leaves behind, for the bits below.
        let left = if (swap && !ck) || !(plain || with_knights) {
            None
        } else {
            self.dead_end_anchor(player, from)
        };
        self.sea.ships[from.index()] = None;
        self.ship_sites_after_ship_removed(player, from);
        self.sea.ships[to.index()] = Some(player);
        self.ship_sites_after_ship_added(player, to);
        let ships = &mut self.sea.players[player.index()].ships;
        let slot = ships.iter().position(|&e| e == from);
        if let Some(i) = slot {
            ships[i] = to;
        }
        self.sea.moved = true;
        // With Cities & Knights knights next to the ships decide too: the bits are updated
        // next to the ship, the knights' say given again where they stand at its ends.
        if !swap || ck {
            let bits = left.zip(slot).and_then(|(partner, slot)| {
                self.movable_after_dead_end_move(player, (from, to, slot), partner, with_knights)
            });
            match bits {
                Some((bits, fixed)) => self.set_movable(player, bits, fixed),
                None => self.refresh_movable(player),
            }
        }
        events.push(Event::Sea(SeaEvent::ShipMoved { player, from, to }));
        if swap {
            self.route_graph_after_ship_swap(player, (from, to));
        } else {
            self.longest_road_after_ship_move(player, (from, to), events);
        }
    }

    /// The movable bits, and those of the ships knights fix, once `player`'s dead-end ship
    /// moved between the `paths` (`partner` at its old anchor, [`Game::dead_end_anchor`]; the
    /// ship's place in their ship list beside them),
    /// updated next to it ([`Game::movable_after_dead_end_left`],
    /// [`Game::movable_after_dead_end_added`]): with no knight at the paths' ends
    /// ([`Game::movable_follows_dead_ends_at`]) the knights' say is given again to the ships
    /// whose shape changed ([`Game::movable_knight_links`]); `with_knights`
    /// ([`Game::movable_follows_with_knights`]), the shapes follow from those of the ships
    /// movable or fixed by knights, and the knights' say is given again at the paths' ends
    /// ([`Game::knights_say_at`]). `None` when the bits are to be recomputed.
    fn movable_after_dead_end_move(
        &self,
        player: PlayerId,
        (from, to, slot): (EdgeId, EdgeId, usize),
        partner: Option<EdgeId>,
        with_knights: bool,
    ) -> Option<(u16, u16)> {
        let p = player.index();
        let fixed = self.knight_fixed(player);
        if with_knights {
            let shape = self.movable_after_dead_end_left(player, self.sea.movable.get(p)? | fixed, partner)?;
            let (shape, _) = self.movable_after_dead_end_added(player, (to, slot), shape)?;
            let edges = self.board.topology.edges();
            let [a, b] = edges[from.index()].vertices;
            let [c, d] = edges[to.index()].vertices;
            return Some(self.knights_say_at(player, shape, &[a, b, c, d]));
        }
        let bits = self.movable_after_dead_end_left(player, *self.sea.movable.get(p)?, partner)?;
        let (bits, anchored) = self.movable_after_dead_end_added(player, (to, slot), bits)?;
        Some(if self.rules.ck() {
            self.movable_knight_links(player, bits, [partner, anchored])
        } else {
            (bits, fixed)
        })
    }

    /// With Cities & Knights, whether the lines' shapes follow a dead end even with knights
    /// at the ends of its paths (where [`Game::movable_follows_dead_ends_at`] says no): under
    /// `knight-link route`, where the knights' say on a ship reads only the knights and the
    /// owner's pieces at its two ends ([`Game::knights_let_ship_go`]), not under
    /// `ship-leaves-building refused`, and when the bits of the ships knights fix are kept
    /// ([`super::state::SeaState::knight_fixed`]), whose union with the movable bits is the
    /// shape.
    fn movable_follows_with_knights(&self) -> bool {
        self.rules.ck()
            && self.rules.sea.ship_leaves_building != super::options::ShipLeavesBuilding::Refused
            && self.rules.sea.knight_link == super::options::KnightLink::Route
            && self.sea.knight_fixed.is_some()
    }

    /// Whether moving `player`'s ship on `from` to `to` (before the move) swaps one dead-end
    /// ship for another: the two paths meet at an intersection, and the far end of each
    /// holds no building, road or other ship of the player (`from`'s now, `to`'s after the
    /// move). Every trail through either ship ends at that far end whatever blocks it, and
    /// no line reaches a building or another ship through it, so trails and lines map one
    /// to one with the ship relabelled.
    fn ship_move_swaps_dead_end(&self, player: PlayerId, from: EdgeId, to: EdgeId) -> bool {
        let edges = self.board.topology.edges();
        let [f0, f1] = edges[from.index()].vertices;
        let [t0, t1] = edges[to.index()].vertices;
        let (far_from, far_to) = match () {
            _ if f0 == t0 => (f1, t1),
            _ if f0 == t1 => (f1, t0),
            _ if f1 == t0 => (f0, t1),
            _ if f1 == t1 => (f0, t0),
            _ => return false,
        };
        let dead = |v: VertexId, own: EdgeId| {
            !self.own_building(player, v)
                && self.board.topology.vertices()[v.index()]
                    .edges
                    .iter()
                    .all(|e| e == own || (self.roads[e.index()] != Some(player) && self.sea.ship(e) != Some(player)))
        };
        dead(far_from, from) && dead(far_to, to)
    }

    /// Whether the movable bits change only next to a dead-end ship leaving or taking the
    /// `paths` (see [`Game::dead_end_anchor`]): they do when they depend on the lines of
    /// ships and buildings alone, unless `ship-leaves-building refused` (whose bits follow
    /// roads too); with Cities & Knights, whose knights fix ships, when no knight stands at
    /// an end of either path and a knight stays linked by a road or ship touching it
    /// (`knight-link route`).
    ///
    /// With Cities & Knights a ship's bit is its line's shape and the knights' say
    /// ([`Game::ship_may_leave_building`]): no opponent's knight at an end where another own
    /// ship meets it (rule `SEA.CK.FOREIGN_KNIGHT`), no own knight at an end losing there its
    /// last road or ship (rule `SEA.CK.KNIGHT_LINK`). Both read only the knights at the
    /// ship's two ends and the player's pieces there; the move or build changes pieces only at
    /// the ends of the `paths`, so without a knight there no other ship's say changes, and
    /// the ships whose shape changes are given theirs again
    /// ([`Game::movable_knight_links`]). Under `knight-link settlement` a knight's link runs
    /// through the whole network, and the bits are recomputed.
    #[inline]
    pub(crate) fn movable_follows_dead_ends_at(&self, paths: [EdgeId; 2]) -> bool {
        self.rules.sea.ship_leaves_building != super::options::ShipLeavesBuilding::Refused
            && (!self.rules.ck() || self.knights_keep_links_at(paths))
    }

    /// With Cities & Knights, whether knights decide nothing new about the ships when pieces
    /// change at the ends of the `paths` ([`Game::movable_follows_dead_ends_at`]).
    fn knights_keep_links_at(&self, paths: [EdgeId; 2]) -> bool {
        let edges = self.board.topology.edges();
        self.rules.sea.knight_link == super::options::KnightLink::Route
            && paths
                .iter()
                .flat_map(|e| edges[e.index()].vertices)
                .all(|v| self.ck.knights[v.index()].is_none())
    }

    /// With Cities & Knights, the movable bits `bits` whose shape a dead end updated
    /// ([`Game::movable_after_dead_end_added`]) with the knights' say on the `ships` given
    /// ([`Game::ship_may_leave_building`]): the partners at the dead end's anchors, the only
    /// ships besides it whose shape changed. The dead end's own say is yes: no knight stands
    /// at its ends ([`Game::movable_follows_dead_ends_at`]). Returns the bits and those of
    /// the ships knights fix ([`super::state::SeaState::knight_fixed`]): the kept ones, with
    /// the `ships` given theirs again (the dead end's is clear: it was movable before a move,
    /// and a new ship's bit was clear).
    fn movable_knight_links(&self, player: PlayerId, mut bits: u16, ships: [Option<EdgeId>; 2]) -> (u16, u16) {
        let mut fixed = self.knight_fixed(player);
        for e in ships.into_iter().flatten() {
            if let Some(i) = self.movable_bit(player, e) {
                fixed &= !(1 << i);
                if bits & (1 << i) != 0 && self.ship_may_leave_building(player, e).is_err() {
                    bits &= !(1 << i);
                    fixed |= 1 << i;
                }
            }
        }
        (bits, fixed)
    }

    /// At intersection `v` of `player`'s ship on `e`, not their building: the one other ship
    /// of theirs there when there is exactly one. The number is read from the kept ship
    /// counts ([`super::ships::KeptShipSites`]) when known, the paths looked at only to find
    /// the single other ship.
    fn single_other_ship(&self, player: PlayerId, v: VertexId, e: EdgeId) -> Option<EdgeId> {
        debug_assert_eq!(self.sea.ship(e), Some(player));
        if self.sea.ship_sites.ships_at(v, player).is_some_and(|ships| ships != 2) {
            return None;
        }
        let mut others = 0;
        let mut last = e;
        for x in self.board.topology.vertices()[v.index()].edges.iter() {
            if x != e && self.sea.ships[x.index()] == Some(player) {
                others += 1;
                last = x;
            }
        }
        (others == 1).then_some(last)
    }

    /// Whether one of `player`'s ships ends at intersection `v` (the kept ship counts,
    /// [`super::ships::KeptShipSites`], read when known).
    pub(super) fn ship_ends_at(&self, player: PlayerId, v: VertexId) -> bool {
        match self.sea.ship_sites.ships_at(v, player) {
            Some(ships) => ships != 0,
            None => self.other_ships_at(player, v, EdgeId(u16::MAX)).next().is_some(),
        }
    }

    /// Whether intersection `v` of `player`'s ship on `e` is a free end of it: neither their
    /// building nor another of their ships there (the number of ships read from the kept
    /// ship counts, [`super::ships::KeptShipSites`], when known).
    #[inline]
    fn ship_end_free(&self, player: PlayerId, v: VertexId, e: EdgeId) -> bool {
        if self.own_building(player, v) {
            return false;
        }
        match self.sea.ship_sites.ships_at(v, player) {
            Some(ships) => ships <= 1,
            None => self.other_ships_at(player, v, e).next().is_none(),
        }
    }

    /// For a *dead-end* ship on `e` (exactly one free end: neither the owner's building nor
    /// another of their ships there), what its other end, its anchor, holds besides it:
    /// `Some(Some(t))` when that is exactly one other ship `t` of the owner (and not their
    /// building), `Some(None)` otherwise; `None` for a ship that is no dead end.
    ///
    /// Such a ship is a leaf of its owner's network: taking it away or adding it joins or
    /// splits nothing else, creates or breaks no loop and brings no building to any line.
    /// The line through its anchor reaches the owner's building without it (invariant
    /// `sea-ship-connected`: every line does, and a leaf is on no other line's way), so that
    /// line has an open ship before and after and no ring of ships gains or loses its movable
    /// ships. So among the movable-shape bits ([`Game::movable_ships`]) only its own and that
    /// of a single ship at its anchor change (see [`Game::movable_after_dead_end_left`] and
    /// [`Game::movable_after_dead_end_added`]).
    fn dead_end_anchor(&self, player: PlayerId, e: EdgeId) -> Option<Option<EdgeId>> {
        let ends = self.board.topology.edges()[e.index()].vertices;
        // The kept ship counts at both ends read at once (each end's own building read once).
        let Some(ships) = self.sea.ship_sites.ships_at_ends(ends, player) else {
            return self.dead_end_anchor_searched(player, e);
        };
        let own = ends.map(|v| self.own_building(player, v));
        let free = [!own[0] && ships[0] <= 1, !own[1] && ships[1] <= 1];
        let k = match free {
            [true, false] => 1,
            [false, true] => 0,
            _ => return None,
        };
        // The anchor holds the dead end and, for a single partner, exactly one other ship:
        // the first other one found.
        if own[k] || ships[k] != 2 {
            return Some(None);
        }
        let at = &self.board.topology.vertices()[ends[k].index()];
        Some(
            at.edges
                .iter()
                .find(|&x| x != e && self.sea.ships[x.index()] == Some(player)),
        )
    }

    /// [`Game::dead_end_anchor`] without the kept ship counts (the paths looked at; a state
    /// read back).
    #[cold]
    #[inline(never)]
    fn dead_end_anchor_searched(&self, player: PlayerId, e: EdgeId) -> Option<Option<EdgeId>> {
        let [a, b] = self.board.topology.edges()[e.index()].vertices;
        let anchor = match (self.ship_end_free(player, a, e), self.ship_end_free(player, b, e)) {
            (true, false) => b,
            (false, true) => a,
            _ => return None,
        };
        if self.own_building(player, anchor) {
            return Some(None);
        }
        Some(self.single_other_ship(player, anchor, e))
    }

    /// The movable-shape bits once a dead-end ship ([`Game::dead_end_anchor`], found before
    /// it left, `partner` at its anchor) has left, from the kept bits: the one ship left at
    /// its anchor now has a free end, so it may move (its own bit is overwritten by whoever
    /// takes the path, [`Game::movable_after_dead_end_added`]). `None` when a ship is beyond
    /// the bits.
    fn movable_after_dead_end_left(&self, player: PlayerId, mut bits: u16, partner: Option<EdgeId>) -> Option<u16> {
        if let Some(t) = partner {
            bits |= 1 << self.movable_bit(player, t)?;
        }
        Some(bits)
    }

    /// The movable-shape bits `bits` (those before the ship on `e` came, `slot` its place in
    /// `player`'s ship list, so its bit when below 16) once it stands there, when it is a dead
    /// end ([`Game::dead_end_anchor`]): it may move (a free end),
    /// and the one other ship at its anchor, which lost its free end there, may move only
    /// if its other end is free (otherwise it now joins the new dead end to a line that is
    /// open: not an end, or cutting the line, or closed). Returns the bits and that other
    /// ship, if any; `None` when the ship is no such dead end (the bits are then searched).
    #[inline(always)]
    fn movable_after_dead_end_added(
        &self,
        player: PlayerId,
        (e, slot): (EdgeId, usize),
        mut bits: u16,
    ) -> Option<(u16, Option<EdgeId>)> {
        let partner = self.dead_end_anchor(player, e)?;
        debug_assert_eq!(self.sea.players[player.index()].ships.get(slot), Some(&e));
        bits |= 1 << (slot < 16).then_some(slot)?;
        if let Some(t) = partner {
            let i = self.movable_bit(player, t)?;
            // Its end at the anchor is no longer free: only a free far end keeps it movable.
            let [a, b] = self.board.topology.edges()[e.index()].vertices;
            let anchor = if self.board.topology.edges()[t.index()].vertices.contains(&a) {
                a
            } else {
                b
            };
            let free = self.ship_end_free(player, self.far_end(t, anchor), t);
            bits = (bits & !(1 << i)) | (u16::from(free) << i);
        }
        Some((bits, partner))
    }

    /// The movable bits of `player` once their ship is built on `at`: updated next to it when
    /// it is a dead end and nothing else decides ([`Game::movable_follows_dead_ends_at`]);
    /// `None` when they are to be recomputed. Returns the bits and, beside them, those of the
    /// ships knights fix ([`Game::movable_knight_links`]).
    pub(super) fn movable_after_ship_built(&self, player: PlayerId, at: EdgeId) -> Option<(u16, u16)> {
        let bits = self.sea.movable.get(player.index()).copied()?;
        // The new ship is the last of the list.
        let slot = (at, self.sea.players[player.index()].ships.len().checked_sub(1)?);
        if !self.movable_follows_dead_ends_at([at, at]) {
            if !self.movable_follows_with_knights() {
                return None;
            }
            // Knights at its ends: the shapes follow, the knights' say is given there again.
            let (shape, _) = self.movable_after_dead_end_added(player, slot, bits | self.knight_fixed(player))?;
            let ends = self.board.topology.edges()[at.index()].vertices;
            return Some(self.knights_say_at(player, shape, &ends));
        }
        let (bits, anchored) = self.movable_after_dead_end_added(player, slot, bits)?;
        Some(if self.rules.ck() {
            self.movable_knight_links(player, bits, [anchored, None])
        } else {
            (bits, self.knight_fixed(player))
        })
    }

    /// The end of path `e` other than `v`.
    fn far_end(&self, e: EdgeId, v: VertexId) -> VertexId {
        let [a, b] = self.board.topology.edges()[e.index()].vertices;
        if a == v {
            b
        } else {
            a
        }
    }

    /// The bit of the ship on `e` among `player`'s movable-shape bits (its place in their
    /// ship list, if among the first 16).
    fn movable_bit(&self, player: PlayerId, e: EdgeId) -> Option<usize> {
        self.sea.players[player.index()]
            .ships
            .iter()
            .take(16)
            .position(|&s| s == e)
    }

    /// Whether `player` may have a ship move to list now: not moved this turn, in the trade
    /// and build phase, with a ship whose line lets it move.
    pub(crate) fn may_list_ship_moves(&self, player: PlayerId) -> bool {
        !self.sea.moved && self.in_main() && self.sea.movable.get(player.index()).is_some_and(|&b| b != 0)
    }

    /// The ships (bits over the player's ship list, as the movable-shape bits) `player` may
    /// move now: the conditions [`Game::check_ship_movable`] tests besides the line's shape
    /// — once per turn, in the trade and build phase, not a ship built this turn, not from a
    /// side of the pirate's hex (source `004_bf8a3dbb68824bc0.txt`, "Die Seefahrer" D
    /// "Schiffe versetzen"). It reads the movable-shape bits kept in the state
    /// ([`Game::refresh_movable`]), so it is cheap enough to decide whether the ship sites
    /// are needed at all.
    pub(crate) fn ship_movers(&self, player: PlayerId) -> u16 {
        if !self.may_list_ship_moves(player) {
            return 0;
        }
        let ships = &self.sea.players[player.index()].ships;
        let mut bits = self.sea.movable.get(player.index()).copied().unwrap_or(0);
        let mut movers = 0u16;
        while bits != 0 {
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            if ships
                .get(i)
                .is_some_and(|&from| !self.sea.fresh[from.index()] && !self.is_pirate_path(from))
            {
                movers |= 1 << i;
            }
        }
        movers
    }

    /// The ship moves `player` may make now, from the ships `movers` ([`Game::ship_movers`]),
    /// their targets taken from `sites` (the player's [`Game::ship_sites`]). The listing runs
    /// on every call of `legal_actions` in the trade and build phase, so it reads the
    /// movable-shape bits kept in the state ([`Game::refresh_movable`]) and tests only the
    /// turn's conditions; the result is the conjunction [`Game::check_ship_movable`] tests.
    pub(crate) fn push_ship_moves(
        &self,
        player: PlayerId,
        movers: u16,
        sites: &super::ships::ShipSites,
        out: &mut Vec<crate::Action>,
    ) {
        let mut bits = movers;
        while bits != 0 {
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let Some(&from) = self.sea.players[player.index()].ships.get(i) else {
                continue;
            };
            sites.for_each(self, Some(from), |to| {
                out.push(crate::Action::Sea(super::actions::SeaAction::MoveShip {
                    player,
                    from,
                    to,
                }));
            });
        }
    }
}

/// One player's ships as a graph over the intersections they touch (numbered locally, at
/// most 32 for 16 ships), found once for [`Game::movable_ships`]: whether the owner's
/// building stands at each, how many of their ships meet there, the *lines* (ships joined at
/// intersections without the owner's building, as [`Game::walk_line`] follows them), the own
/// buildings each line touches, whether it has a ship with an open end, and which parts of
/// the network (ships joined anywhere) hold a loop.
struct Lines {
    ends: [[u8; 2]; 16],
    building: [bool; 32],
    ships_at: [u8; 32],
    /// Union-find over the intersections: joined by ships at intersections without a building;
    /// once [`Lines::fill`] is done, each intersection's entry is its line's root.
    line_parent: [u8; 32],
    /// Union-find over the intersections: joined by every ship.
    net_parent: [u8; 32],
    /// Per network root: the part holds a loop.
    loops: u32,
    /// Per intersection: the intersections one ship away, as bits.
    next: [u32; 32],
    /// Per line root: up to two different own buildings the line touches (`u8::MAX`: none).
    line_buildings: [[u8; 2]; 32],
    /// Per line root: one of its ships has an open end (the owner's building or no other ship
    /// at it).
    line_open: [bool; 32],
}

impl Lines {
    /// No ship yet ([`Lines::fill`] reads them).
    fn blank() -> Lines {
        Lines {
            ends: [[0; 2]; 16],
            building: [false; 32],
            ships_at: [0; 32],
            line_parent: [0; 32],
            net_parent: [0; 32],
            loops: 0,
            next: [0; 32],
            line_buildings: [[u8::MAX; 2]; 32],
            line_open: [false; 32],
        }
    }

    /// Makes this (blank) graph that of `ships` (at most 16) of `player` (built in place: the
    /// tables are not copied around); `None` when an intersection id is beyond the local table
    /// (boards far larger than any CATAN map).
    fn fill(&mut self, game: &Game, player: PlayerId, ships: &[EdgeId]) -> Option<()> {
        let l = self;
        let edges = game.board.topology.edges();
        let mut local = [u8::MAX; 512];
        let mut count = 0usize;
        for (i, &e) in ships.iter().enumerate().take(16) {
            for (k, v) in edges[e.index()].vertices.into_iter().enumerate() {
                let slot = local.get_mut(v.index())?;
                if *slot == u8::MAX {
                    *slot = count as u8;
                    l.building[count] = game.own_building(player, v);
                    l.line_parent[count] = count as u8;
                    l.net_parent[count] = count as u8;
                    count += 1;
                }
                l.ends[i][k] = *slot;
                l.ships_at[usize::from(*slot)] += 1;
            }
        }
        for i in 0..ships.len().min(16) {
            let [x, y] = l.ends[i].map(usize::from);
            l.next[x] |= 1 << y;
            l.next[y] |= 1 << x;
            let (rx, ry) = (find_halving(&mut l.net_parent, x), find_halving(&mut l.net_parent, y));
            if rx == ry {
                l.loops |= 1 << rx;
            } else {
                l.net_parent[rx] = ry as u8;
                l.loops |= ((l.loops >> rx) & 1) << ry;
            }
            if !l.building[x] && !l.building[y] {
                let (rx, ry) = (find_halving(&mut l.line_parent, x), find_halving(&mut l.line_parent, y));
                l.line_parent[rx] = ry as u8;
            }
        }
        // Each intersection pointed at its line's root, so that [`Lines::line`] is one look-up.
        for v in 0..count {
            let root = find_halving(&mut l.line_parent, v);
            l.line_parent[v] = root as u8;
        }
        for i in 0..ships.len().min(16) {
            let [x, y] = l.ends[i].map(usize::from);
            let open = [x, y].iter().any(|&v| l.building[v] || l.ships_at[v] == 1);
            for v in [x, y].into_iter().filter(|&v| !l.building[v]) {
                let line = l.line(v);
                l.line_open[line] |= open;
                for w in [x, y].into_iter().filter(|&w| l.building[w]) {
                    let b = &mut l.line_buildings[line];
                    if b[0] == u8::MAX || usize::from(b[0]) == w {
                        b[0] = w as u8;
                    } else if b[1] == u8::MAX {
                        b[1] = w as u8;
                    }
                }
            }
        }
        Some(())
    }

    /// The line (root) of local intersection `v` (its entry once [`Lines::fill`] is done).
    fn line(&self, v: usize) -> usize {
        usize::from(self.line_parent[v])
    }

    /// Whether the two ends of ship `i` stay joined by the other ships (passing through
    /// buildings too, as [`Game::ship_move_cuts_line`] walks): a search over the bits of the
    /// intersections reached, leaving out the step along ship `i` (the only path between
    /// its ends: two intersections share at most one path).
    fn joined_without(&self, i: usize) -> bool {
        let [x, y] = self.ends[i].map(usize::from);
        let (mut seen, mut todo) = (1u32 << x, 1u32 << x);
        while todo != 0 {
            let v = todo.trailing_zeros() as usize;
            todo &= todo - 1;
            let mut step = self.next[v] & !seen;
            if v == x {
                step &= !(1 << y);
            }
            if step & (1 << y) != 0 {
                return true;
            }
            seen |= step;
            todo |= step;
        }
        false
    }

    /// Whether the part of the network holding local intersection `v` has a loop.
    fn has_loop(&self, v: usize) -> bool {
        self.loops & (1 << find(&self.net_parent, v)) != 0
    }
}

/// How a ship's conditions sort it: `(movable, fixed by knights)`. The knights' refusals
/// (rules `SEA.CK.FOREIGN_KNIGHT`, `SEA.CK.KNIGHT_LINK`) are tested after every other
/// condition ([`Game::knights_let_ship_go`]), so a ship refused by them alone has a line that
/// lets it move.
fn sort_say(say: &Result<(), RuleError>) -> (bool, bool) {
    match say {
        Ok(()) => (true, false),
        Err(RuleError::Sea(SeaRule::ForeignKnight | SeaRule::KnightLink)) => (false, true),
        Err(_) => (false, false),
    }
}

/// The representative of `i` in a small union-find forest.
fn find(parent: &[u8; 32], mut i: usize) -> usize {
    while parent[i] as usize != i {
        i = parent[i] as usize;
    }
    i
}

/// [`find`], pointing each member passed on the way at its grandparent (path halving: the
/// representatives stay the same, the chains get shorter).
fn find_halving(parent: &mut [u8; 32], mut i: usize) -> usize {
    while parent[i] as usize != i {
        let up = parent[usize::from(parent[i])];
        parent[i] = up;
        i = usize::from(up);
    }
    i
}

#[cfg(test)]
mod tests {
    use super::super::testkit::*;
    use crate::error::RuleError;
    use crate::rules::sea::errors::SeaRule;
    use crate::{Action, SeaAction};

    /// Red's settlement with a line of `n` ships out to sea from it; returns the ships in
    /// order from the settlement.
    fn line(n: usize) -> (crate::Game, crate::PlayerId, Vec<crate::EdgeId>) {
        let (mut g, me, coast) = coastal_game();
        let (v, _, _) = coastal_pair(&g);
        let mut ships = vec![coast];
        place_ship(&mut g, me, coast);
        let mut from = v;
        while ships.len() < n {
            let last = *ships.last().unwrap();
            let info = &g.board.topology.edges()[last.index()];
            let far = if info.vertices[0] == from {
                info.vertices[1]
            } else {
                info.vertices[0]
            };
            let next = next_sea_paths(&g, last, from)
                .into_iter()
                .find(|&e| g.sea.ship(e).is_none())
                .expect("open sea ahead");
            place_ship(&mut g, me, next);
            ships.push(next);
            from = far;
        }
        (g, me, ships)
    }

    fn mv(player: crate::PlayerId, from: crate::EdgeId, to: crate::EdgeId) -> Action {
        Action::Sea(SeaAction::MoveShip { player, from, to })
    }

    #[test]
    fn the_end_ship_of_an_open_line_moves_once_per_turn() {
        let (mut g, me, ships) = line(3);
        let end = ships[2];
        let mut targets = Vec::new();
        g.for_each_ship_site(me, Some(end), |e| targets.push(e));
        let to = *targets.iter().find(|&&e| e != end).unwrap();
        assert_eq!(
            g.check(&mv(me, ships[1], to)).unwrap_err(),
            RuleError::Sea(SeaRule::MoveNotAnEnd),
            "a middle ship does not move"
        );
        assert_eq!(
            g.check(&mv(me, ships[0], to)).unwrap_err(),
            RuleError::Sea(SeaRule::MoveNotAnEnd),
            "the ship at the settlement would cut the line"
        );
        g.apply(mv(me, end, to)).unwrap();
        assert_eq!(g.ship(to), Some(me));
        assert_eq!(g.ship(end), None);
        let back = mv(me, to, end);
        assert_eq!(g.check(&back).unwrap_err(), RuleError::Sea(SeaRule::MoveOncePerTurn));
    }

    #[test]
    fn a_ship_built_this_turn_does_not_move() {
        let (mut g, me, ships) = line(2);
        let end = ships[1];
        g.sea.fresh[end.index()] = true;
        g.sea.no_fresh = Default::default();
        let mut targets = Vec::new();
        g.for_each_ship_site(me, Some(end), |e| targets.push(e));
        let to = *targets.iter().find(|&&e| e != end).unwrap();
        assert_eq!(
            g.check(&mv(me, end, to)).unwrap_err(),
            RuleError::Sea(SeaRule::MoveBuiltThisTurn)
        );
    }

    #[test]
    fn a_line_between_two_own_settlements_is_closed_even_after_an_opponent_settles_on_it() {
        let (mut g, me, ships) = line(3);
        // Close the line: red's settlement at the far end of the last ship.
        let last = ships[2];
        let info = g.board.topology.edges()[last.index()].clone();
        let far = info
            .vertices
            .into_iter()
            .find(|&v| other_ship_count(&g, me, v, last) == 0)
            .unwrap();
        place_settlement(&mut g, me, far);
        let mut targets = Vec::new();
        g.for_each_ship_site(me, None, |e| targets.push(e));
        let to = targets[0];
        assert_eq!(
            g.check(&mv(me, last, to)).unwrap_err(),
            RuleError::Sea(SeaRule::MoveClosedLine)
        );
        // Blue settles between the first two ships: the line stays closed.
        let mid = g.board.topology.edges()[ships[0].index()]
            .vertices
            .into_iter()
            .find(|v| g.board.topology.edges()[ships[1].index()].vertices.contains(v))
            .unwrap();
        place_settlement(&mut g, crate::PlayerId(1), mid);
        assert!(g.ship_on_closed_line(me, last));
    }

    #[test]
    fn the_only_ship_at_a_settlement_may_sail_away_unless_the_option_refuses_it() {
        let (mut g, me, ships) = line(1);
        // Take red's road away: the ship is the settlement's only link.
        let (_, road, _) = coastal_pair(&g);
        g.roads[road.index()] = None;
        g.players[me.index()].roads.clear();
        g.refresh_ship_site(road);
        let mut targets = Vec::new();
        g.for_each_ship_site(me, Some(ships[0]), |e| targets.push(e));
        let to = *targets.iter().find(|&&e| e != ships[0]).unwrap();
        assert!(g.check(&mv(me, ships[0], to)).is_ok(), "allowed by default");
        g.rules.set_option("ship-leaves-building", "refused").unwrap();
        assert_eq!(
            g.check(&mv(me, ships[0], to)).unwrap_err(),
            RuleError::Sea(SeaRule::MoveLeavesBuilding)
        );
    }

    /// A ship move measures the trade route from the ship's old and new places only: for
    /// every path the end ship of red's line of five may sail to, the cached length after the
    /// move equals a search from scratch, and sailing off the line's end (a dead end on the
    /// only longest trail) shortens the route by exactly one somewhere.
    #[test]
    fn a_ship_move_keeps_the_cached_route_length_exact_wherever_the_ship_goes() {
        let (mut g, me, ships) = line(5);
        g.measure_route_lengths();
        g.longest_road = g.longest_road_holder_after_change();
        let before = g.road_length(me);
        assert!(before >= 5, "the road and the line join at the settlement: {before}");
        let end = ships[4];
        let mut targets = Vec::new();
        g.for_each_ship_site(me, Some(end), |e| targets.push(e));
        let mut shorter = 0;
        for &to in targets.iter().filter(|&&e| e != end) {
            let mut h = g.clone();
            h.apply(mv(me, end, to)).unwrap();
            let len = h.road_length(me);
            assert_eq!(len, crate::rules::longest_road_length(&h, me), "to {to:?}");
            assert_eq!(h.longest_road_holder_after_change(), h.longest_road, "to {to:?}");
            shorter += usize::from(len + 1 == before);
        }
        assert!(shorter > 0, "some move takes the end ship off the route");
    }

    /// Random games of Seafarers and of Seafarers with Cities & Knights on both maps: after
    /// every step each player's kept movable bits equal a search of every ship's lines (those
    /// a dead-end ship's move or build updated next to it, [`Game::dead_end_anchor`],
    /// included), their cached trade-route length a search from scratch (whatever a ship move
    /// skipped recomputing), and the buildings found from their pieces a scan of the board;
    /// and where no ship is kept as built this turn ([`super::state::NoFreshShips`]), none
    /// is.
    #[test]
    fn the_kept_movable_bits_and_route_lengths_equal_a_search_after_every_step() {
        use crate::random::{Policy, RandomPlayer};
        use crate::ruleset::{Expansion, ExpansionSet, Ruleset};
        use crate::{Board, Colour, Game, PlayerId, SeaMap};
        let sea = Ruleset::with(ExpansionSet::of(&[Expansion::Seafarers]));
        let sea_ck = Ruleset::with(ExpansionSet::of(&[Expansion::Seafarers, Expansion::CitiesAndKnights]));
        let (mut moves, mut none_fresh, mut fixed_seen) = (0, 0, 0);
        for rules in [sea, sea_ck] {
            for seed in 400..404u64 {
                for map in SeaMap::ALL {
                    let board = std::sync::Arc::new(Board::seafarers(map, 4, seed).expect("a map"));
                    let mut g = Game::new(rules.clone(), board, &Colour::ALL[..4], PlayerId(0)).expect("a game");
                    let mut rp = RandomPlayer::new(seed);
                    while g.winner().is_none() && g.turn() <= 400 {
                        let Some(a) = rp.choose(&g, Policy::Uniform) else { break };
                        moves += usize::from(matches!(a, Action::Sea(SeaAction::MoveShip { .. })));
                        g.apply(a).expect("a listed action");
                        for p in g.player_ids() {
                            let ctx = format!("{map:?} seed {seed} turn {} {p:?}", g.turn());
                            let (movable, fixed) = g.movable_ships_searched(p);
                            assert_eq!(g.sea.movable[p.index()], movable, "{ctx}");
                            let kept = (*g.sea.knight_fixed).expect("kept in a game played from the start");
                            assert_eq!(kept[p.index()], fixed, "{ctx}");
                            fixed_seen += usize::from(fixed != 0);
                            let route = crate::rules::longest_road_length(&g, p);
                            assert_eq!(g.road_length(p), route, "{ctx}");
                            let mut found = Vec::new();
                            g.for_each_own_building(p, |v| found.push(v));
                            found.sort();
                            found.dedup();
                            let all: Vec<_> = (0..g.sites.len() as u16)
                                .map(crate::VertexId)
                                .filter(|v| g.site(*v).is_some_and(|s| s.owner == p))
                                .collect();
                            assert_eq!(found, all, "{ctx}");
                        }
                        assert_eq!(g.longest_road_holder_after_change(), g.longest_road);
                        // Known "no ship built this turn" holds.
                        if g.sea.no_fresh.known() {
                            none_fresh += 1;
                            assert!(!g.sea.fresh.contains(&true), "{map:?} seed {seed} turn {}", g.turn());
                        }
                    }
                }
            }
        }
        assert!(moves > 1000, "ships moved {moves} times");
        assert!(none_fresh > 10_000, "no fresh ship known {none_fresh} times");
        assert!(fixed_seen > 100, "ships fixed by knights {fixed_seen} times");
    }

    /// Random games of Seafarers on both maps: for every ship both of whose ends hold the
    /// owner's building or another of their ships, the ships' graph ([`super::Lines`]) says
    /// its ends stay joined without it exactly when a walk along the other ships
    /// ([`crate::Game::ship_move_cuts_line`]) says taking it off cuts nothing; both answers
    /// are seen many times.
    #[test]
    fn the_ships_graph_finds_the_cuts_the_walk_finds() {
        use crate::random::Policy;
        let (mut cuts, mut joined) = (0, 0);
        for (mut g, seed) in crate::testkit::seafarers_games(500..504) {
            let map = g.board.name.clone();
            crate::testkit::check_random_play(&mut g, seed, Policy::Uniform, 400, |g| {
                for p in g.player_ids() {
                    let ships = g.sea.players[p.index()].ships.clone();
                    assert!(ships.len() <= 16);
                    let mut lines = super::Lines::blank();
                    lines.fill(g, p, &ships).expect("a graph");
                    for (i, &e) in ships.iter().enumerate() {
                        let holds = |v: crate::VertexId| {
                            g.site(v).is_some_and(|s| s.owner == p) || g.other_ships_at(p, v, e).next().is_some()
                        };
                        if !g.board.topology.edges()[e.index()].vertices.into_iter().all(holds) {
                            continue;
                        }
                        let cut = g.ship_move_cuts_line(p, e);
                        assert_eq!(!lines.joined_without(i), cut, "{map:?} seed {seed} {p:?} {e:?}");
                        cuts += usize::from(cut);
                        joined += usize::from(!cut);
                    }
                }
            });
        }
        assert!(cuts > 1000 && joined > 100, "cuts {cuts}, joined {joined}");
    }

    fn other_ship_count(g: &crate::Game, me: crate::PlayerId, v: crate::VertexId, skip: crate::EdgeId) -> usize {
        g.other_ships_at(me, v, skip).count()
    }
}
