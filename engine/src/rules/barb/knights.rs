//! Knights on paths (sources `liquisearch-tb-ba`, `sixsides-ba`, `catan-faq-tb`).
//!
//! Knights stand on paths, one per path (`BARB.KNIGHT.ONE_PER_PATH`); each player has six.
//! Knighthood places one on a free path of the castle hex (`BARB.KNIGHT.CASTLE_PATH`), Swift
//! Knight on any free path (`BARB.KNIGHT.SWIFT`). At the end of the turn, after trading and
//! building, each knight may move once (`BARB.MOVE.ONCE_PER_TURN`) up to 3 paths, or up to 5
//! for 1 grain (`BARB.MOVE.DISTANCE`, `BARB.MOVE.GRAIN`), passing other pieces and ignoring
//! roads, to a free path; a knight that has left the castle's paths never ends on one again
//! (`BARB.MOVE.NOT_BACK_TO_CASTLE`: a move may end on a castle path only if it starts on
//! one). Ending the turn with a knight on the board first opens the knights' moves
//! (`BARB.MOVE.AFTER_BUILDING`: trading and building are over); ending it again ends them.

use super::errors::BarbRule;
use super::events::BarbEvent;
use super::pending::BarbPending;
use super::state::{add_path, first_paths, for_each_path, has_path, path_and, path_members, PathBits};
use super::{MOVE_PATHS, MOVE_PATHS_WITH_GRAIN};
use crate::cards::{CardKind, Cards};
use crate::error::RuleError;
use crate::event::Event;
use crate::ids::{EdgeId, PlayerId};
use crate::pending::PendingKind;
use crate::state::Game;

/// The paths by distance 1..=5 from path `from` over a board's path adjacency (index 0 is
/// empty).
pub(crate) fn path_rings(adjacency: &[PathBits], from: usize) -> [PathBits; 6] {
    let mut by_dist = [[0u64; 4]; 6];
    if from >= adjacency.len() {
        return by_dist;
    }
    let mut seen: PathBits = [0; 4];
    seen[from / 64] |= 1 << (from % 64);
    let mut frontier = seen;
    for level in by_dist.iter_mut().skip(1) {
        let mut next: PathBits = [0; 4];
        for i in path_members(&frontier) {
            for (n, a) in next.iter_mut().zip(&adjacency[i]) {
                *n |= a;
            }
        }
        for (n, s) in next.iter_mut().zip(seen.iter_mut()) {
            *n &= !*s;
            *s |= *n;
        }
        *level = next;
        frontier = next;
    }
    by_dist
}

/// [`path_rings`] of every path of the board at once, as a knight's reach is kept when the
/// game starts: the paths within `d` steps of a path are it and those within `d - 1` steps
/// of its neighbours, so each distance is one pass over the board's adjacency (each path's
/// neighbours read from its bits once) instead of a search from every path; the ring at
/// distance `d` is what that adds to distance `d - 1`.
pub(crate) fn all_path_rings(adjacency: &[PathBits]) -> Vec<[PathBits; 6]> {
    let n = adjacency.len();
    let mut first = Vec::with_capacity(n + 1);
    let mut neighbours = Vec::with_capacity(4 * n);
    for adj in adjacency {
        first.push(neighbours.len());
        neighbours.extend(path_members(adj).filter(|&j| j < n));
    }
    first.push(neighbours.len());
    // `within[i]`: the paths at most `d - 1` steps from path `i` (distance 0: itself).
    let mut within: Vec<PathBits> = (0..n)
        .map(|i| {
            let mut b = [0u64; 4];
            b[i / 64] |= 1 << (i % 64);
            b
        })
        .collect();
    let mut next = within.clone();
    let mut rings = vec![[[0u64; 4]; 6]; n];
    for d in 1..6 {
        for (i, (out, ring)) in next.iter_mut().zip(rings.iter_mut()).enumerate() {
            let old = within[i];
            let mut ball = old;
            for &j in &neighbours[first[i]..first[i + 1]] {
                for (b, w) in ball.iter_mut().zip(&within[j]) {
                    *b |= w;
                }
            }
            for ((r, b), o) in ring[d].iter_mut().zip(&ball).zip(&old) {
                *r = b & !o;
            }
            *out = ball;
        }
        std::mem::swap(&mut within, &mut next);
    }
    rings
}

/// For each path of `topo`, the paths sharing an intersection with it, as bits.
pub(crate) fn path_adjacency_of(topo: &crate::board::Topology) -> Vec<PathBits> {
    let mut adjacency = vec![[0u64; 4]; topo.edge_count()];
    for (i, adj) in adjacency.iter_mut().enumerate() {
        for v in topo.edges()[i].vertices {
            if let Some(vi) = topo.vertex(v) {
                for n in vi.edges.iter() {
                    if n.index() != i {
                        add_path(adj, n.index());
                    }
                }
            }
        }
    }
    adjacency
}

/// The paths' adjacency and rings of the last board [`path_tables`] was asked for on this
/// thread, with the intersections each of its paths joins (which are all they depend on).
type PathTables = (Vec<[crate::ids::VertexId; 2]>, Vec<PathBits>, Vec<[PathBits; 6]>);

/// The path adjacency of `topo` ([`path_adjacency_of`]) and the rings of every path
/// ([`all_path_rings`]), as a game keeps them from its start. Random play starts thousands
/// of games on one island: the last board's tables are reused on this thread when its paths
/// join the same intersections (the tables are a function of those pairs only), and are
/// otherwise built and remembered.
pub(crate) fn path_tables(topo: &crate::board::Topology) -> (Vec<PathBits>, Vec<[PathBits; 6]>) {
    thread_local! {
        static LAST: std::cell::RefCell<Option<PathTables>> = const { std::cell::RefCell::new(None) };
    }
    let same_paths = |ends: &[[crate::ids::VertexId; 2]]| {
        ends.len() == topo.edge_count() && ends.iter().zip(topo.edges()).all(|(a, e)| *a == e.vertices)
    };
    let kept = LAST.with(|l| {
        l.borrow()
            .as_ref()
            .filter(|(ends, ..)| same_paths(ends))
            .map(|(_, adjacency, rings)| (adjacency.clone(), rings.clone()))
    });
    if let Some(tables) = kept {
        return tables;
    }
    let adjacency = path_adjacency_of(topo);
    let rings = all_path_rings(&adjacency);
    let ends = topo.edges().iter().map(|e| e.vertices).collect();
    LAST.with(|l| *l.borrow_mut() = Some((ends, adjacency.clone(), rings.clone())));
    (adjacency, rings)
}

/// Lists the moves of `player`'s knight on `from` to each path of `to` (of the first
/// `words` words, those of the board's paths), in path id order. Inlined into both listings'
/// loops over the rings (a call per ring costs more than the ring's moves).
#[inline(always)]
pub(crate) fn push_moves_to(
    out: &mut Vec<crate::Action>,
    player: PlayerId,
    from: EdgeId,
    to: &PathBits,
    words: usize,
    grain: bool,
) {
    for (w, &word) in to.iter().enumerate().take(words) {
        let mut b = word;
        while b != 0 {
            let to = EdgeId((w * 64) as u16 + b.trailing_zeros() as u16);
            out.push(crate::Action::Barb(super::actions::BarbAction::MovePathKnight {
                player,
                from,
                to,
                grain,
            }));
            b &= b - 1;
        }
    }
}

/// The moves of `player`'s knight on `from` onto the `open` paths of its `rings` up to
/// `limit`, by distance then path id (paths of the first `words` words); those beyond
/// `grain_beyond` paths take the grain.
#[inline(never)]
#[allow(clippy::too_many_arguments)]
pub(crate) fn push_ring_moves(
    out: &mut Vec<crate::Action>,
    player: PlayerId,
    from: EdgeId,
    rings: &[PathBits; 6],
    limit: u8,
    open: &PathBits,
    words: usize,
    grain_beyond: u8,
) {
    for (d, set) in (1..).zip(&rings[1..=usize::from(limit).min(5)]) {
        let moves = path_and(set, open);
        push_moves_to(out, player, from, &moves, words, d > usize::from(grain_beyond));
    }
}

/// The `k`-th action of one counted knight's listing (`k` below its count): its `listed`
/// targets ([`listed_targets`]) by distance over its `rings` up to `limit`, then by path id;
/// a target on a `free` path is a move (beyond 3 paths, without Cities & Knights (`!ck`),
/// taking the grain), one on a held path a displacement. Read word by word over the first
/// `WORDS` words (at least those of the board's paths, [`board_words`]; a constant, so that
/// the loop over them unrolls); the targets' set bits are stepped over one by one (cheaper
/// than counting each word's bits first, as a knight's targets are few). The words are
/// indexed: the same loop over zipped iterators measured 0.2% more instructions per game.
#[allow(clippy::needless_range_loop, clippy::too_many_arguments)]
#[inline(always)]
fn nth_listed<const WORDS: usize>(
    player: PlayerId,
    from: EdgeId,
    rings: &[PathBits; 6],
    limit: usize,
    listed: &PathBits,
    free: &PathBits,
    ck: bool,
    mut k: usize,
) -> Option<crate::Action> {
    use super::actions::BarbAction as A;
    let words = WORDS.min(4);
    for d in 1..=limit.min(5) {
        let r = &rings[d];
        for w in 0..words {
            let mut b = r[w] & listed[w];
            while b != 0 {
                if k == 0 {
                    let e = w * 64 + b.trailing_zeros() as usize;
                    let to = EdgeId(e as u16);
                    return Some(crate::Action::Barb(if has_path(free, e) {
                        A::MovePathKnight {
                            player,
                            from,
                            to,
                            grain: !ck && d > usize::from(MOVE_PATHS),
                        }
                    } else {
                        A::DisplacePathKnight { player, from, to }
                    }));
                }
                k -= 1;
                b &= b - 1;
            }
        }
    }
    None
}

/// One knight's listed targets, written into the first `WORDS` words of `listed` (at
/// least those of the board's paths, [`board_words`]; the words past them are not
/// written, and nothing reads them): the paths of its `rings` within `limit` it can end
/// on, `open` (free and allowed) or, within 3 paths, `victims` (held by a knight it
/// displaces). The rings are disjoint, so the listing holds one action per listed path:
/// moves end on free paths and displacements on held ones.
#[inline(always)]
fn listed_targets<const WORDS: usize>(
    rings: &[PathBits; 6],
    limit: usize,
    open: &PathBits,
    victims: &PathBits,
    listed: &mut PathBits,
) {
    for w in 0..WORDS.min(4) {
        let near = rings[1][w] | rings[2][w] | rings[3][w];
        let mut r = near;
        if limit >= 4 {
            r |= rings[4][w];
        }
        if limit >= 5 {
            r |= rings[5][w];
        }
        listed[w] = (r & open[w]) | (near & victims[w]);
    }
}

/// The paths of `listed` (over the first `WORDS` words, the others empty): the number of
/// actions a knight's listing holds.
#[inline(always)]
fn count_paths<const WORDS: usize>(listed: &PathBits) -> usize {
    let n = count_pair(listed[0], listed[1]);
    if WORDS > 2 {
        n + count_pair(listed[2], listed[3])
    } else {
        n
    }
}

/// The set bits of two words together (`a.count_ones() + b.count_ones()`). The build targets
/// no CPU with a popcount instruction, so each `count_ones` is a dozen shifts, masks and a
/// multiply; here both words are summed per nibble (each at most 4 + 4 bits) and finished
/// once (at most 128 bits fit the byte the multiply sums into). The knights' count adds up
/// two words per knight ([`board_words`]).
#[inline(always)]
fn count_pair(a: u64, b: u64) -> usize {
    const ODD: u64 = 0x5555_5555_5555_5555;
    const PAIRS: u64 = 0x3333_3333_3333_3333;
    const NIBBLES: u64 = 0x0f0f_0f0f_0f0f_0f0f;
    const BYTES: u64 = 0x0101_0101_0101_0101;
    let a = a - ((a >> 1) & ODD);
    let b = b - ((b >> 1) & ODD);
    let a = (a & PAIRS) + ((a >> 2) & PAIRS);
    let b = (b & PAIRS) + ((b >> 2) & PAIRS);
    let s = a + b;
    let s = (s & NIBBLES) + ((s >> 4) & NIBBLES);
    (s.wrapping_mul(BYTES) >> 56) as usize
}

/// How many words of a [`PathBits`] hold the paths of a board of `paths` paths, as the
/// knights' move count and choice read them: 2 for boards of up to 128 paths (every
/// Barbarian Attack board yet; the loops over two constant words unroll), else all 4. Only
/// the board's paths hold knights or are in a path's rings, so the words read past the
/// board's are empty and change no count.
#[inline(always)]
fn board_words(paths: usize) -> usize {
    if paths <= 128 {
        2
    } else {
        4
    }
}

/// The most knights [`Game::count_knight_moves`] counts one by one: a player's six
/// (`KNIGHTS_PER_PLAYER`; with Cities & Knights two of each strength), with room to spare.
const COUNTED_KNIGHTS: usize = 8;

/// A knight as [`Game::count_knight_moves`] counted it: what its listing reads besides the
/// free paths, kept so that [`KnightMoveCount::nth`] need not read the knight again.
#[derive(Clone, Copy)]
struct CountedKnight {
    from: EdgeId,
    /// Its number of listed actions.
    n: u16,
    /// How far it moves: 3 or 5 paths ([`Game::path_knight_reach`]).
    limit: u8,
    /// The paths its listed actions end on ([`listed_targets`]; the words past the board's
    /// paths, [`board_words`], left as they were: nothing reads them).
    listed: PathBits,
}

/// The actions listed while the knights move, counted knight by knight
/// ([`Game::count_knight_moves`]). A player counting at every step (the random player) keeps
/// one and counts into it again (nothing of one count is read by the next).
#[derive(Clone, Copy)]
pub(crate) struct KnightMoveCount {
    who: PlayerId,
    /// Whether Cities & Knights is played (no move takes the grain).
    ck: bool,
    /// The paths no knight stands on.
    free: PathBits,
    /// Each unmoved knight as counted, in path id order.
    knights: [CountedKnight; COUNTED_KNIGHTS],
    counted: usize,
    /// The number of actions listed (ending the turn included).
    pub total: usize,
}

impl Default for KnightMoveCount {
    fn default() -> Self {
        let unset = CountedKnight {
            from: EdgeId(0),
            n: 0,
            limit: 0,
            listed: [0; 4],
        };
        KnightMoveCount {
            who: PlayerId(0),
            ck: false,
            free: [0; 4],
            knights: [unset; COUNTED_KNIGHTS],
            counted: 0,
            total: 0,
        }
    }
}

impl KnightMoveCount {
    /// The `k`-th action [`Game::legal_actions`] lists in `g`, the game counted (the same
    /// action at the same index), found without listing the others; `None` when `k` is out
    /// of range. The knight's moves are its rings cut by its listed targets as counted (the
    /// free paths, the castle's (`BARB.MOVE.NOT_BACK_TO_CASTLE`), its distance, and with
    /// Cities & Knights the weaker opposing knights a standing one displaces), the grain
    /// taken beyond 3 paths without Cities & Knights. Out of line, with the chosen knight's
    /// rings read in place.
    #[inline(never)]
    pub(crate) fn nth(&self, g: &Game, k: usize) -> Option<crate::Action> {
        self.nth_over(g, k, board_words(g.barb.knights.len()) > 2)
    }

    /// [`KnightMoveCount::nth`], the chosen knight's targets read over all four words
    /// (`wide`) or the first two ([`board_words`]; the tests read a usual board both ways).
    #[inline(always)]
    fn nth_over(&self, g: &Game, mut k: usize, wide: bool) -> Option<crate::Action> {
        for c in &self.knights[..self.counted] {
            let n = usize::from(c.n);
            if k < n {
                let searched;
                let rings = match g.barb.path_rings.get(c.from.index()) {
                    Some(r) => r,
                    None => {
                        searched = path_rings(&g.barb.path_adjacency, c.from.index());
                        &searched
                    }
                };
                let (who, limit, ck) = (self.who, usize::from(c.limit), self.ck);
                return match wide {
                    false => nth_listed::<2>(who, c.from, rings, limit, &c.listed, &self.free, ck, k),
                    true => nth_listed::<4>(who, c.from, rings, limit, &c.listed, &self.free, ck, k),
                };
            }
            k -= n;
        }
        (k == 0).then_some(crate::Action::EndTurn { player: self.who })
    }
}
/// The paths as one player's listings see them (read in one pass over the paths).
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub(crate) struct PathScan {
    /// The paths no knight stands on.
    pub free: PathBits,
    /// The paths of the player's knights.
    pub own: PathBits,
    /// The paths of the player's knights that have not moved this turn.
    pub unmoved: PathBits,
}

impl Game {
    /// The front entry, if it is a Barbarian Attack entry.
    pub(crate) fn barb_front(&self) -> Option<BarbPending> {
        match self.pending.front()?.kind {
            PendingKind::Barb(k) => Some(k),
            _ => None,
        }
    }

    /// Whether `e` is free for a knight.
    pub(crate) fn path_free(&self, e: EdgeId) -> bool {
        e.index() < self.barb.knights.len() && self.barb.knights[e.index()].is_none()
    }

    /// Checks the placement of a card's knight.
    pub(crate) fn check_place_path_knight(&self, player: PlayerId, at: EdgeId) -> Result<(), RuleError> {
        self.known_edge(at)?;
        let Some(BarbPending::PlaceKnight { anywhere }) = self.barb_front() else {
            return Err(self.wrong_time(player, "place a knight"));
        };
        if !self.path_free(at) {
            return Err(RuleError::Barb(BarbRule::PathTaken));
        }
        if !anywhere && !self.is_castle_path(at) {
            return Err(RuleError::Barb(BarbRule::KnighthoodCastlePath));
        }
        Ok(())
    }

    /// Places a card's knight.
    pub(crate) fn do_place_path_knight(&mut self, player: PlayerId, at: EdgeId, events: &mut Vec<Event>) {
        self.barb.knights_left[player.index()] -= 1;
        self.barb.set_knight(at, Some(super::state::PathKnight::new(player)));
        events.push(Event::Barb(BarbEvent::PathKnightPlaced { player, at }));
        self.pending.pop_front();
        self.barb_continue(events);
    }

    /// Whether a card's knight can be placed (a knight in supply and a free path of the
    /// kind the card names).
    pub(crate) fn knight_placeable(&self, player: PlayerId, anywhere: bool) -> bool {
        self.barb.knights_left[player.index()] > 0
            && (0..self.barb.knights.len())
                .map(|i| EdgeId(i as u16))
                .any(|e| self.path_free(e) && (anywhere || self.is_castle_path(e)))
    }

    /// The paths within `limit` steps of `from` (a step goes to a path sharing an
    /// intersection), as sets by distance 1..=limit: the rings kept for the board, cut at
    /// `limit` (searched over the kept path adjacency when a state has none kept).
    pub(crate) fn reach(&self, from: EdgeId, limit: u8) -> [PathBits; 6] {
        let mut by_dist = self.with_rings(from, |r| *r);
        for level in by_dist.iter_mut().skip(limit.min(5) as usize + 1) {
            *level = [0; 4];
        }
        by_dist
    }

    /// Calls `f` with the paths 1 to 5 steps from `from` by distance (index 0 empty): the
    /// rings kept for the board, read in place (searched over the kept path adjacency when a
    /// state has none kept).
    #[inline]
    pub(crate) fn with_rings<R>(&self, from: EdgeId, f: impl FnOnce(&[PathBits; 6]) -> R) -> R {
        match self.barb.path_rings.get(from.index()) {
            Some(r) => f(r),
            None => f(&path_rings(&self.barb.path_adjacency, from.index())),
        }
    }

    /// The number of paths between two paths, if at most `limit`.
    pub(crate) fn path_distance(&self, from: EdgeId, to: EdgeId, limit: u8) -> Option<u8> {
        self.with_rings(from, |r| {
            (1..=limit.min(5) as usize)
                .find(|&d| has_path(&r[d], to.index()))
                .map(|d| d as u8)
        })
    }

    /// The paths as `player`'s listings see them: from the seats' path sets kept
    /// ([`super::state::BarbState::owned`]), else read in one pass over the paths.
    pub(crate) fn path_scan(&self, player: PlayerId) -> PathScan {
        let b = &self.barb;
        if !b.owned_kept() {
            return self.path_scan_from_paths(player);
        }
        let mut free = first_paths(b.knights.len());
        for (f, w) in free.iter_mut().zip(b.sets.taken()) {
            *f &= !w;
        }
        let own = b.owned.get(player.index()).copied().unwrap_or_default();
        let mut unmoved = own;
        for (u, m) in unmoved.iter_mut().zip(&b.sets.moved) {
            *u &= !m;
        }
        PathScan { free, own, unmoved }
    }

    /// What [`Game::count_knight_moves`] reads of the paths, over the first `WORDS` words
    /// ([`board_words`]): the paths no knight stands on (with the knights' sets kept, also
    /// the bits past the board's paths in those words, which no ring holds) and `player`'s
    /// knights that have not moved this turn; the rest of a [`Game::path_scan`] left out
    /// (with the sets kept, the words past the first `WORDS` are left empty: nothing reads
    /// them).
    #[inline(always)]
    fn free_and_unmoved<const WORDS: usize>(&self, player: PlayerId) -> (PathBits, PathBits) {
        let b = &self.barb;
        let Some(own) = b.owned.get(player.index()).filter(|_| b.owned_kept()) else {
            let scan = self.path_scan_from_paths(player);
            return (scan.free, scan.unmoved);
        };
        let taken = b.sets.taken();
        let free = [0, 1, 2, 3].map(|w| if w < WORDS { !taken[w] } else { 0 });
        let unmoved = [0, 1, 2, 3].map(|w| if w < WORDS { own[w] & !b.sets.moved[w] } else { 0 });
        (free, unmoved)
    }

    /// The paths of the knights of other seats than `player` weaker than strength `level`
    /// (those a knight of `level` may displace, rule `BARB.CK.DISPLACE`): from the knights'
    /// sets kept ([`super::state::BarbState::sets`]), else read from the paths.
    pub(crate) fn weaker_opposing(&self, player: PlayerId, level: u8) -> PathBits {
        let b = &self.barb;
        if !b.owned_kept() {
            let mut bits: PathBits = [0; 4];
            for (i, k) in b.knights.iter().enumerate() {
                if k.is_some_and(|k| k.owner != player && k.level < level) {
                    add_path(&mut bits, i);
                }
            }
            return bits;
        }
        let mut bits = b.sets.weaker_than(level);
        for (w, o) in bits.iter_mut().zip(&b.owned[player.index()]) {
            *w &= !o;
        }
        bits
    }

    /// [`Game::path_scan`] read from the knights on the paths, in one pass.
    pub(crate) fn path_scan_from_paths(&self, player: PlayerId) -> PathScan {
        let mut scan = PathScan::default();
        let words = scan
            .free
            .iter_mut()
            .zip(scan.own.iter_mut())
            .zip(scan.unmoved.iter_mut());
        for (chunk, ((f, o), u)) in self.barb.knights.chunks(64).zip(words) {
            for (j, k) in chunk.iter().enumerate() {
                match k {
                    None => *f |= 1 << j,
                    Some(k) if k.owner == player => {
                        *o |= 1 << j;
                        *u |= u64::from(!k.moved) << j;
                    }
                    Some(_) => {}
                }
            }
        }
        scan
    }

    /// The paths a knight on `from` may end a move on: every path from a castle path, else
    /// every path but the castle's (`BARB.MOVE.NOT_BACK_TO_CASTLE`).
    #[inline]
    pub(crate) fn move_targets_from(&self, from: EdgeId) -> PathBits {
        self.move_targets(self.is_castle_path(from))
    }

    /// [`Game::move_targets_from`] a castle path (`on_castle`) or another path.
    #[inline]
    fn move_targets(&self, on_castle: bool) -> PathBits {
        if on_castle {
            [u64::MAX; 4]
        } else {
            self.barb.castle_paths.map(|w| !w)
        }
    }

    /// Whether the turn is at the point where knights may move: after trading and building,
    /// when the player ended them.
    pub(crate) fn knights_may_move(&self) -> bool {
        self.barb_front() == Some(BarbPending::MovingKnights)
    }

    /// Whether `player` has a knight on the board (read from the seat's path set when kept).
    pub(crate) fn has_path_knight(&self, player: PlayerId) -> bool {
        if self.barb.owned_kept() {
            return self
                .barb
                .owned
                .get(player.index())
                .is_some_and(|b| b.iter().any(|&w| w != 0));
        }
        self.barb.knights.iter().flatten().any(|k| k.owner == player)
    }

    /// Checks a knight's move.
    pub(crate) fn check_move_path_knight(
        &self,
        player: PlayerId,
        from: EdgeId,
        to: EdgeId,
        grain: bool,
    ) -> Result<(), RuleError> {
        self.known_edge(from)?;
        self.known_edge(to)?;
        if !self.knights_may_move() {
            return Err(self.wrong_time(player, "move a knight"));
        }
        let Some(k) = self.barb.knight(from).filter(|k| k.owner == player) else {
            return Err(RuleError::Barb(BarbRule::NotOwnKnight));
        };
        if k.moved {
            return Err(RuleError::Barb(BarbRule::MovedThisTurn));
        }
        if !self.path_free(to) {
            return Err(RuleError::Barb(BarbRule::PathTaken));
        }
        if self.barb_ck() {
            // With Cities & Knights: 3 paths, an active knight 5; no grain (rule
            // `BARB.CK.MOVE_DISTANCE`, source `003_c1bc764549538a7d.txt` "Relocating").
            let limit = if k.active { MOVE_PATHS_WITH_GRAIN } else { MOVE_PATHS };
            if grain || self.path_distance(from, to, limit).is_none() {
                return Err(RuleError::Barb(BarbRule::MoveDistance));
            }
        } else {
            let limit = if grain { MOVE_PATHS_WITH_GRAIN } else { MOVE_PATHS };
            let Some(d) = self.path_distance(from, to, limit) else {
                return Err(RuleError::Barb(BarbRule::MoveTooFar));
            };
            if grain && (d <= MOVE_PATHS || self.players[player.index()].hand.get(CardKind::Grain) == 0) {
                return Err(RuleError::Barb(BarbRule::MoveGrain));
            }
        }
        if self.is_castle_path(to) && !self.is_castle_path(from) {
            return Err(RuleError::Barb(BarbRule::MoveBackToCastle));
        }
        Ok(())
    }

    /// Moves a knight.
    pub(crate) fn do_move_path_knight(
        &mut self,
        player: PlayerId,
        from: EdgeId,
        to: EdgeId,
        grain: bool,
        events: &mut Vec<Event>,
    ) {
        if grain {
            let g = Cards::of(&[(CardKind::Grain, 1)]);
            self.players[player.index()].hand.remove_all(&g);
            self.bank.add_all(&g);
        }
        let paths = self.path_distance(from, to, MOVE_PATHS_WITH_GRAIN).unwrap_or(0);
        if self.barb.move_knight(from, to).is_none() {
            return;
        }
        events.push(Event::Barb(BarbEvent::PathKnightMoved {
            player,
            from,
            to,
            paths,
            grain,
        }));
        // With Cities & Knights an active knight going beyond 3 paths lies down.
        if self.barb_ck() && paths > MOVE_PATHS {
            self.deactivate_path_knight(to, events);
        }
    }

    /// The legal knight moves of `player`.
    pub(crate) fn push_knight_moves(&self, player: PlayerId, out: &mut Vec<crate::Action>) {
        if !self.knights_may_move() {
            return;
        }
        if self.barb_ck() {
            return self.push_path_knight_moves_ck(player, out);
        }
        let has_grain = self.players[player.index()].hand.get(CardKind::Grain) > 0;
        let limit = if has_grain { MOVE_PATHS_WITH_GRAIN } else { MOVE_PATHS };
        // The free paths are read once; each knight's rings are cut by them and by the
        // castle's paths, member by member in the order of distance, then path id.
        let PathScan { free, unmoved, .. } = self.path_scan(player);
        let words = self.barb.knights.len().div_ceil(64);
        for_each_path(&unmoved, |i| {
            let from = EdgeId(i as u16);
            let open = path_and(&free, &self.move_targets_from(from));
            self.with_rings(from, |rings| {
                push_ring_moves(out, player, from, rings, limit, &open, words, MOVE_PATHS)
            });
        });
    }

    /// [`Game::count_knight_moves`] into a new count (tests).
    #[cfg(test)]
    pub(crate) fn knight_move_count(&self) -> Option<KnightMoveCount> {
        let mut c = KnightMoveCount::default();
        self.count_knight_moves(&mut c).then_some(c)
    }

    /// While the knights move, how many actions [`Game::legal_actions`] lists (the knights'
    /// moves and displacements, then ending the turn), counted knight by knight without
    /// listing them into `c` (whatever it held before): whether the knights move (else `c`
    /// is not to be read; also `false` for more knights than a player has). With [`KnightMoveCount::nth`] a
    /// player choosing uniformly among them (the random player) need not build the list of
    /// every knight's targets; counting into a count the caller keeps spares the copies of
    /// a count returned by value.
    #[inline]
    pub(crate) fn count_knight_moves(&self, c: &mut KnightMoveCount) -> bool {
        if !self.knights_may_move() || self.winner().is_some() {
            return false;
        }
        let Some(who) = self.pending.front().map(|p| p.who) else {
            return false;
        };
        match board_words(self.barb.knights.len()) {
            2 => self.count_knight_moves_in::<2>(who, c),
            _ => self.count_wide_knight_moves(who, c),
        }
    }

    /// [`Game::count_knight_moves`] on a board of more than 128 paths (out of line: the
    /// usual boards take the two-word count).
    #[inline(never)]
    fn count_wide_knight_moves(&self, who: PlayerId, c: &mut KnightMoveCount) -> bool {
        self.count_knight_moves_in::<4>(who, c)
    }

    /// [`Game::count_knight_moves`] for `who`, the paths read over the first `WORDS` words
    /// ([`board_words`]: the words past the board's paths are empty), each knight counted
    /// from its rings.
    #[inline(always)]
    fn count_knight_moves_in<const WORDS: usize>(&self, who: PlayerId, c: &mut KnightMoveCount) -> bool {
        let (free, unmoved) = self.free_and_unmoved::<WORDS>(who);
        // What every knight reads the same way, read once: the rules, the grain in hand
        // (without Cities & Knights), the free paths off the castle's
        // (`BARB.MOVE.NOT_BACK_TO_CASTLE`).
        let ck = self.barb_ck();
        let has_grain = !ck && self.players[who.index()].hand.get(CardKind::Grain) > 0;
        let castle = self.barb.castle_paths;
        let off_castle = castle.map(|w| !w);
        let open_off_castle = path_and(&free, &off_castle);
        let (mut counted, mut total) = (0, 1);
        for (w, &word) in unmoved.iter().enumerate().take(WORDS) {
            let mut bits = word;
            while bits != 0 {
                let i = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let Some(k) = self.barb.knights.get(i).copied().flatten() else {
                    continue;
                };
                // More knights than a player has: not counted (the listing is built).
                let Some(slot) = c.knights.get_mut(counted) else {
                    return false;
                };
                let from = EdgeId(i as u16);
                let (limit, displaces) = Game::path_knight_reach(k, ck, has_grain);
                // As `KnightMoveCount::nth` reads them (the listing it follows).
                let on_castle = castle[w] & (1 << (i % 64)) != 0;
                let open = if on_castle { &free } else { &open_off_castle };
                let victims = if displaces == 0 {
                    [0; 4]
                } else {
                    self.displaced_by(who, displaces, &self.move_targets(on_castle))
                };
                self.with_rings(from, |rings| {
                    listed_targets::<WORDS>(rings, usize::from(limit), open, &victims, &mut slot.listed)
                });
                let n = count_paths::<WORDS>(&slot.listed);
                slot.from = from;
                slot.n = n as u16;
                slot.limit = limit;
                counted += 1;
                total += n;
            }
        }
        c.who = who;
        c.ck = ck;
        c.free = free;
        c.counted = counted;
        c.total = total;
        true
    }

    /// How far knight `k` goes and the strength with which it displaces weaker opposing
    /// knights (0: none): 3 paths, 5 for the grain (`BARB.MOVE.DISTANCE`,
    /// `BARB.MOVE.GRAIN`); with Cities & Knights 3, a standing knight 5, and a standing knight
    /// of strength 2 or 3 displaces the weaker opposing knights (`BARB.CK.MOVE_DISTANCE`,
    /// `BARB.CK.DISPLACE`).
    #[inline(always)]
    fn path_knight_reach(k: super::state::PathKnight, ck: bool, has_grain: bool) -> (u8, u8) {
        match ck {
            false if has_grain => (MOVE_PATHS_WITH_GRAIN, 0),
            false => (MOVE_PATHS, 0),
            true if k.active && k.level > 1 => (MOVE_PATHS_WITH_GRAIN, k.level),
            true if k.active => (MOVE_PATHS_WITH_GRAIN, 0),
            true => (MOVE_PATHS, 0),
        }
    }

    /// The `allowed` paths of the knights of other seats than `player` weaker than strength
    /// `level` ([`Game::weaker_opposing`]), those a standing knight of that strength
    /// displaces; none for `level` 0.
    #[inline(always)]
    fn displaced_by(&self, player: PlayerId, level: u8, allowed: &PathBits) -> PathBits {
        if level == 0 {
            return [0; 4];
        }
        path_and(&self.weaker_opposing(player, level), allowed)
    }

    /// The free paths a pending card's knight may go to.
    pub(crate) fn push_knight_places(&self, player: PlayerId, anywhere: bool, out: &mut Vec<crate::Action>) {
        for i in 0..self.barb.knights.len() {
            let at = EdgeId(i as u16);
            if self.path_free(at) && (anywhere || self.is_castle_path(at)) {
                out.push(crate::Action::Barb(super::actions::BarbAction::PlacePathKnight {
                    player,
                    at,
                }));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::barb::actions::BarbAction;
    use crate::rules::barb::state::PathKnight;
    use crate::rules::barb::testkit::*;
    use crate::Action;

    fn castle_paths(g: &Game) -> Vec<EdgeId> {
        let c = g.barb.castle.unwrap();
        g.board.topology.hex(c).unwrap().sides.to_vec()
    }

    fn put(g: &mut Game, p: PlayerId, at: EdgeId) {
        g.barb.set_knight(at, Some(PathKnight::new(p)));
        g.barb.knights_left[p.index()] -= 1;
    }

    #[test]
    fn a_knight_moves_up_to_three_paths_and_five_for_one_grain() {
        let mut g = barb_main(4, 3);
        let p = g.current();
        let from = castle_paths(&g)[2];
        put(&mut g, p, from);
        let r = g.reach(from, 5);
        let far = EdgeId(
            path_members(&r[4])
                .find(|&e| !g.is_castle_path(EdgeId(e as u16)))
                .unwrap() as u16,
        );
        let near = EdgeId(
            path_members(&r[3])
                .find(|&e| !g.is_castle_path(EdgeId(e as u16)))
                .unwrap() as u16,
        );
        let mv = |to, grain| {
            Action::Barb(BarbAction::MovePathKnight {
                player: p,
                from,
                to,
                grain,
            })
        };
        // Knights move after trading and building: ending the turn opens their moves.
        assert_eq!(g.check(&mv(near, false)).unwrap_err().code(), "TURN.NOTHING_PENDING");
        g.apply(Action::EndTurn { player: p }).unwrap();
        assert_eq!(g.phase().name(), "moving-knights");
        assert_eq!(g.check(&mv(far, false)).unwrap_err().code(), "BARB.MOVE.DISTANCE");
        assert_eq!(g.check(&mv(far, true)).unwrap_err().code(), "BARB.MOVE.GRAIN");
        assert_eq!(g.check(&mv(near, true)).unwrap_err().code(), "BARB.MOVE.GRAIN");
        crate::testkit::give(&mut g, p, Cards::of(&[(CardKind::Grain, 1)]));
        assert_eq!(g.check(&mv(near, true)).unwrap_err().code(), "BARB.MOVE.GRAIN");
        g.apply(mv(far, true)).unwrap();
        assert_eq!(g.phase().name(), "moving-knights");
        assert_eq!(g.player(p).unwrap().hand.get(CardKind::Grain), 0);
        // Once per turn.
        let again = Action::Barb(BarbAction::MovePathKnight {
            player: p,
            from: far,
            to: near,
            grain: false,
        });
        assert_eq!(g.check(&again).unwrap_err().code(), "BARB.MOVE.ONCE_PER_TURN");
        // Building is over.
        assert_eq!(
            g.check(&Action::BuildRoad { player: p, at: near }).unwrap_err().code(),
            "BARB.MOVE.AFTER_BUILDING"
        );
    }

    #[test]
    fn a_knight_that_left_the_castle_never_ends_on_its_paths_again() {
        let mut g = barb_main(4, 3);
        let p = g.current();
        let cp = castle_paths(&g);
        let r = g.reach(cp[0], 1);
        let outside = EdgeId(
            path_members(&r[1])
                .find(|&e| !g.is_castle_path(EdgeId(e as u16)))
                .unwrap() as u16,
        );
        put(&mut g, p, outside);
        let back = *cp.iter().find(|e| g.path_distance(outside, **e, 3).is_some()).unwrap();
        let mv = Action::Barb(BarbAction::MovePathKnight {
            player: p,
            from: outside,
            to: back,
            grain: false,
        });
        g.apply(Action::EndTurn { player: p }).unwrap();
        assert_eq!(g.check(&mv).unwrap_err().code(), "BARB.MOVE.NOT_BACK_TO_CASTLE");
        // Along the castle's paths is fine.
        put(&mut g, p, cp[0]);
        let along = Action::Barb(BarbAction::MovePathKnight {
            player: p,
            from: cp[0],
            to: cp[1],
            grain: false,
        });
        g.apply(along).unwrap();
    }

    /// The seats' path sets kept follow every knight placed, moved, displaced, downgraded
    /// or removed in random games of both rulesets (the listings read them); the invariants
    /// catch a set out of step.
    #[test]
    fn the_seats_path_sets_follow_every_knight_and_the_invariants_recount_them() {
        for ck in [false, true] {
            let mut g = if ck { barb_ck_game(4) } else { barb_game(4) };
            let mut rp = crate::random::RandomPlayer::new(3);
            for _ in 0..3000 {
                if g.winner().is_some() {
                    break;
                }
                assert_eq!(g.barb.owned, g.barb.owned_from_scratch());
                for p in g.player_ids() {
                    assert_eq!(g.path_scan(p), g.path_scan_from_paths(p));
                }
                let a = rp.choose(&g, Default::default()).unwrap();
                g.apply(a).unwrap();
            }
        }
        let mut g = barb_main(4, 3);
        assert!(g.check_barb_invariants().is_ok());
        g.barb.owned[0][0] ^= 1;
        assert_eq!(g.check_barb_invariants().unwrap_err().name, "knights");
    }

    /// The knights' sets kept (moved, standing, by strength) follow every knight in random
    /// games of both rulesets, and a game reading them plays as one keeping none (whose
    /// listings, battles and turn ends read the paths): the same legal actions after every
    /// step, the same knights, the same battle verdict (also with the sets kept but not the
    /// coastal hexes' paths). The invariants catch a set out of step.
    #[test]
    fn the_knights_sets_follow_every_knight_and_reading_them_equals_reading_the_paths() {
        let (mut displacements, mut battles) = (0, 0);
        for (ck, seed) in [(false, 1), (false, 2), (true, 3), (true, 4), (true, 5)] {
            let mut g = if ck { barb_ck_game(4) } else { barb_game(4) };
            let mut plain = g.clone();
            plain.barb.owned.clear();
            plain.barb.sets = Default::default();
            plain.barb.coast.clear();
            assert!(!plain.barb.owned_kept());
            assert!(!g.barb.coast.is_empty());
            let mut rp = crate::random::RandomPlayer::new(seed);
            let (mut kept_list, mut plain_list) = (Vec::new(), Vec::new());
            for _ in 0..4000 {
                if g.winner().is_some() {
                    break;
                }
                assert_eq!(g.barb.sets, g.barb.sets_from_scratch());
                assert_eq!(g.barb.knights, plain.barb.knights);
                assert_eq!(g.any_battle(), plain.any_battle());
                // The knights' sets kept without the coastal hexes' paths (nor those of the
                // hexes holding barbarians): battles looked for along every fighting knight.
                let mut along = g.clone();
                along.barb.coast.clear();
                assert_eq!(g.any_battle(), along.any_battle());
                battles += usize::from(g.any_battle());
                g.legal_actions(&mut kept_list);
                plain.legal_actions(&mut plain_list);
                assert_eq!(kept_list, plain_list);
                displacements += kept_list
                    .iter()
                    .filter(|a| matches!(a, Action::Barb(BarbAction::DisplacePathKnight { .. })))
                    .count();
                let a = rp.choose(&g, Default::default()).unwrap();
                g.apply(a).unwrap();
                plain.apply(a).unwrap();
            }
        }
        assert!(displacements > 0, "some displacement listed");
        assert!(battles > 0, "some battle possible");
        let mut g = barb_ck_main(4, 3);
        let at = castle_paths(&g)[0];
        crate::rules::barb::testkit::put_ck_knight(&mut g, PlayerId(0), at, 2, true);
        assert!(g.check_barb_invariants().is_ok());
        g.barb.sets.active[at.index() / 64] ^= 1 << (at.index() % 64);
        assert_eq!(g.check_barb_invariants().unwrap_err().name, "knights");
    }

    #[test]
    fn the_rings_of_every_path_found_at_once_equal_a_search_from_each_path() {
        for seed in 0..3u64 {
            let g = barb_main(4, seed);
            let adjacency = &g.barb.path_adjacency;
            let all = super::all_path_rings(adjacency);
            assert_eq!(all.len(), adjacency.len());
            for (i, rings) in all.iter().enumerate() {
                assert_eq!(*rings, super::path_rings(adjacency, i), "seed {seed} path {i}");
            }
        }
    }

    /// The path tables a game starts with are those built from its board, whether this
    /// thread's last board's were reused (the same board again) or not (another board, and
    /// back); the invariants catch kept coastal hexes' paths out of step.
    #[test]
    fn the_path_tables_reused_between_games_equal_those_built_from_the_board() {
        use crate::board::{Axial, Topology};
        let standard = barb_main(4, 1).board.topology.clone();
        let small = Topology::new(&[
            (Axial::new(0, 0), true),
            (Axial::new(1, 0), true),
            (Axial::new(0, 1), true),
        ]);
        assert_ne!(standard.edge_count(), small.edge_count());
        for topo in [&standard, &small, &small, &standard, &standard] {
            let adjacency = super::path_adjacency_of(topo);
            let rings = super::all_path_rings(&adjacency);
            assert_eq!(super::path_tables(topo), (adjacency, rings));
        }
        for seed in 0..3 {
            let g = barb_main(4, seed);
            let adjacency = super::path_adjacency_of(&g.board.topology);
            assert_eq!(g.barb.path_rings, super::all_path_rings(&adjacency));
            assert_eq!(g.barb.path_adjacency, adjacency);
        }
        let mut g = barb_main(4, 3);
        assert!(g.check_barb_invariants().is_ok());
        g.barb.coast[0].1[0] ^= 1;
        assert_eq!(g.check_barb_invariants().unwrap_err().name, "coast");
        let mut g = barb_main(4, 3);
        assert_ne!(g.barb.raided, [0; 4], "barbarians on the 2 and the 12");
        g.barb.raided[0] ^= 1 << 63;
        assert_eq!(g.check_barb_invariants().unwrap_err().name, "coast");
    }

    /// In random games of both rulesets, whenever the knights move, `knight_move_count` and
    /// `KnightMoveCount::nth` agree with the list `legal_actions` builds (moves with and
    /// without the grain, displacements), also when counted into one count kept from step
    /// to step (as the random player does) whose knights' words past the board's paths hold
    /// anything (a count reading them would give another total or other actions), over two
    /// words and four; in every other phase they give nothing.
    #[test]
    fn knight_move_counting_agrees_with_legal_actions_in_random_games() {
        let (mut seen, mut grain, mut displace) = (0, 0, 0);
        for (ck, seed) in [(false, 1), (false, 2), (true, 3), (true, 4), (true, 5), (true, 6)] {
            let mut g = if ck { barb_ck_game(4) } else { barb_game(4) };
            let mut rp = crate::random::RandomPlayer::new(seed);
            let mut buf = Vec::new();
            let mut kept = KnightMoveCount::default();
            let mut wide = KnightMoveCount::default();
            for _ in 0..6000 {
                if g.winner().is_some() {
                    break;
                }
                if g.knights_may_move() {
                    g.legal_actions(&mut buf);
                    let c = g.knight_move_count().unwrap();
                    // Every word of the kept count's knights set: the two words of this board's
                    // paths are written by the count, the two past them left as they are (a
                    // count or choice reading them would differ from the listing).
                    for o in &mut kept.knights {
                        o.listed = [u64::MAX; 4];
                    }
                    assert!(g.count_knight_moves(&mut kept));
                    // The same count and choice read over all four words (boards of more
                    // than 128 paths), as over the two of this board's paths.
                    assert!(g.count_wide_knight_moves(kept.who, &mut wide));
                    assert_eq!(c.total, buf.len());
                    assert_eq!(kept.total, buf.len());
                    assert_eq!(wide.total, buf.len());
                    for (k, a) in buf.iter().enumerate() {
                        assert_eq!(c.nth(&g, k), Some(*a));
                        assert_eq!(kept.nth(&g, k), Some(*a));
                        assert_eq!(wide.nth_over(&g, k, true), Some(*a));
                    }
                    assert_eq!(c.nth(&g, buf.len()), None);
                    assert_eq!(kept.nth(&g, buf.len()), None);
                    assert_eq!(wide.nth_over(&g, buf.len(), true), None);
                    seen += 1;
                    grain += buf
                        .iter()
                        .filter(|a| matches!(a, Action::Barb(BarbAction::MovePathKnight { grain: true, .. })))
                        .count();
                    displace += buf
                        .iter()
                        .filter(|a| matches!(a, Action::Barb(BarbAction::DisplacePathKnight { .. })))
                        .count();
                } else {
                    assert!(g.knight_move_count().is_none());
                    assert!(!g.count_knight_moves(&mut kept));
                }
                let a = rp.choose(&g, Default::default()).unwrap();
                g.apply(a).unwrap();
            }
        }
        assert!(seen > 100 && grain > 0 && displace > 0, "{seen} {grain} {displace}");
    }

    /// Two words' set bits counted together equal their `count_ones`: every word with 0,
    /// 1, 63 or 64 bits set and random words (a wrong mask or carry fails).
    #[test]
    fn two_words_counted_together_equal_their_count_ones() {
        let mut edge = vec![0u64, u64::MAX, 1, 1 << 63, u64::MAX >> 1, u64::MAX << 1];
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..2000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            edge.push(x);
        }
        for (i, &a) in edge.iter().enumerate() {
            for &b in edge.iter().skip(i % 7).step_by(97) {
                assert_eq!(super::count_pair(a, b), (a.count_ones() + b.count_ones()) as usize);
            }
        }
    }

    #[test]
    fn one_knight_per_path_and_only_own_knights_move() {
        let mut g = barb_main(4, 3);
        let p = g.current();
        let cp = castle_paths(&g);
        put(&mut g, p, cp[0]);
        put(&mut g, PlayerId((p.0 + 1) % 4), cp[1]);
        g.apply(Action::EndTurn { player: p }).unwrap();
        let mv = |from, to| {
            Action::Barb(BarbAction::MovePathKnight {
                player: p,
                from,
                to,
                grain: false,
            })
        };
        assert_eq!(
            g.check(&mv(cp[0], cp[1])).unwrap_err().code(),
            "BARB.KNIGHT.ONE_PER_PATH"
        );
        assert_eq!(g.check(&mv(cp[1], cp[2])).unwrap_err().code(), "BARB.MOVE.OWN_KNIGHT");
        let mut out = Vec::new();
        g.push_knight_moves(p, &mut out);
        assert!(out.iter().all(|a| g.is_legal(a)));
        assert!(!out.is_empty());
    }
}
