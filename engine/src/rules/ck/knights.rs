//! Knights (source `000_fee7e8147b67bbe6.txt` p. 9; rulings `004_bf8a3dbb68824bc0.txt`
//! "Ritter").
//!
//! - **Recruit** (1 wool + 1 ore): a basic knight, lying down (inactive), on an empty
//!   intersection touching one of your roads; no distance rule. 2 pieces per strength.
//! - **Promote** (1 wool + 1 ore): one level up, status kept, once per knight per turn, needs
//!   a free piece of the next strength; strong to mighty only with politics level 3.
//! - **Activate** (1 grain): stand a knight up, also one recruited or one that acted this
//!   turn; a knight activated this turn does not act this turn.
//! - **Act** (only a knight active since before this turn; it lies down afterwards): move
//!   along your continuous routes, passing your own pieces but not other players' (option
//!   `knight-passing`), to an empty intersection; displace a weaker opposing knight reachable
//!   that way (its owner relocates it by the same rules, status kept, or it goes back to
//!   supply if it has nowhere to go); chase the robber from a corner of its hex (then the
//!   robber moves and robs as on a 7). The robber cannot be chased before the first attack.
//! - Knights block opponents' roads and settlement sites and break their routes (see
//!   `building` and `longest_road`).

use crate::cards::cost;
use crate::error::{CkRule, Piece, RuleError};
use crate::event::Event;
use crate::ids::{PlayerId, VertexId};
use crate::pending::{CkPending, Pending};
use crate::ruleset::KnightPassing;
use crate::state::{CkPhase, Game, Knight, Phase};
use crate::CkEvent;

/// The intersections whose knight may carry a mark of this turn (activated or promoted), so
/// that the end of turn clears those only (p. 9: a knight activated this turn does not act,
/// one promoted this turn is not promoted again; both marks lapse at the end of the turn).
/// A cache over the knights, kept by the writers of the marks and of knights moving with
/// them; `None` is "unknown" (a state just read, a board beyond 512 intersections): the end
/// of turn then visits every intersection. Not part of the game ([`crate::kept::Kept`]).
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub(crate) struct MarkedKnights(crate::kept::Kept<crate::id_set::IdSet<8>>);

impl MarkedKnights {
    /// Notes that the knight `k` now stands at `at` (a knight carrying no mark needs none).
    #[inline]
    pub(crate) fn note(&mut self, at: VertexId, k: Knight) {
        if k.fresh || k.promoted {
            self.mark(at);
        }
    }

    /// Notes a mark at `at`; one beyond the set's capacity makes the set unknown.
    #[inline]
    pub(crate) fn mark(&mut self, at: VertexId) {
        if let Some(set) = self.0.as_mut() {
            if !set.insert(at.index()) && !set.contains(at.index()) {
                *self.0 = None;
            }
        }
    }

    /// Whether the knight at `at` is covered: a known set holds it (or the set is unknown).
    pub(crate) fn covers(&self, at: VertexId) -> bool {
        self.0.is_none_or(|set| set.contains(at.index()))
    }
}

/// The intersections holding a knight, all seats' and each seat's own, so that the
/// listings visit those only instead of every intersection of the board (a Seafarers map has
/// a few hundred) or every knight when they want one seat's. A cache over
/// [`crate::state::CkState::knights`], kept by every writer that places or takes a knight
/// ([`crate::state::CkState::put_knight`], [`crate::state::CkState::take_knight`]) and checked
/// by the invariants; `None` is "unknown" (a state just read, a board beyond 512
/// intersections): every intersection is visited then. Held in a box, outside the game's own
/// fields (which are moved whole when a game is made). Not part of the game
/// ([`crate::kept::Kept`]).
#[derive(Clone, Default, Debug, PartialEq, Eq)]
pub(crate) struct KnightSites(crate::kept::Kept<Box<KnightSets>>);

/// The sets of [`KnightSites`]: every knight's intersection, and each seat's.
#[derive(Clone, Default, Debug)]
pub(crate) struct KnightSets {
    all: crate::id_set::IdSet<8>,
    seat: [crate::id_set::IdSet<8>; crate::ids::MAX_PLAYERS],
}

impl KnightSites {
    /// Empty known sets for a board of `vertices` intersections (unknown beyond 512).
    pub(crate) fn empty(vertices: usize) -> Self {
        KnightSites(crate::kept::Kept((vertices <= 8 * 64).then(Default::default)))
    }

    /// Notes that the knight of `before` (if any) left `at` and one of `after` (if any) now
    /// stands there.
    #[inline]
    fn note(&mut self, at: VertexId, before: Option<PlayerId>, after: Option<PlayerId>) {
        if let Some(sets) = self.0.as_mut() {
            sets.all.set(at.index(), after.is_some());
            if let Some(set) = before.and_then(|p| sets.seat.get_mut(p.index())) {
                set.set(at.index(), false);
            }
            if let Some(set) = after.and_then(|p| sets.seat.get_mut(p.index())) {
                set.insert(at.index());
            }
        }
    }

    /// The intersections that may hold a knight, in increasing order: the known set, or
    /// every one of the `vertices` when it is unknown.
    pub(crate) fn candidates(&self, vertices: usize) -> SiteCandidates<'_> {
        match self.0.as_ref() {
            Some(sets) => SiteCandidates::Known(sets.all.iter_below(vertices)),
            None => SiteCandidates::Every(0..vertices),
        }
    }

    /// The intersections that may hold a knight of `p`, in increasing order: its known set,
    /// or every one of the `vertices` when it is unknown.
    pub(crate) fn candidates_of(&self, p: PlayerId, vertices: usize) -> SiteCandidates<'_> {
        match self.0.as_ref().and_then(|sets| sets.seat.get(p.index())) {
            Some(set) => SiteCandidates::Known(set.iter_below(vertices)),
            None => SiteCandidates::Every(0..vertices),
        }
    }

    /// The known set of every knight's intersection (`None` when unknown).
    #[inline]
    pub(crate) fn known(&self) -> Option<&crate::id_set::IdSet<8>> {
        self.0.as_ref().map(|sets| &sets.all)
    }

    /// Whether the cache, when known, holds exactly the intersections of `knights`, and
    /// each seat's set exactly those of its knights.
    pub(crate) fn agrees(&self, knights: &[Option<Knight>]) -> bool {
        self.0.as_ref().is_none_or(|sets| {
            let seat_of = |v: usize, p: usize| sets.seat.get(p).is_some_and(|set| set.contains(v));
            knights.iter().enumerate().all(|(v, k)| {
                sets.all.contains(v) == k.is_some()
                    && (0..crate::ids::MAX_PLAYERS).all(|p| seat_of(v, p) == k.is_some_and(|k| k.owner.index() == p))
            }) && sets.all.iter().all(|v| v < knights.len())
                && sets.seat.iter().all(|set| set.iter().all(|v| v < knights.len()))
        })
    }
}

impl crate::state::CkState {
    /// Puts `k` on `at` (`None`: nobody), keeping [`KnightSites`].
    #[inline]
    pub(crate) fn put_knight(&mut self, at: VertexId, k: Option<Knight>) {
        let before = std::mem::replace(&mut self.knights[at.index()], k);
        self.sites.note(at, before.map(|k| k.owner), k.map(|k| k.owner));
        self.note_knight_change(at, before.map(|k| k.owner));
        self.note_knight_change(at, k.map(|k| k.owner));
    }

    /// Notes that a knight of `owner` was placed or taken off on `at`
    /// ([`crate::state::CkState::route_touched`]); one beyond the sets' capacity makes them
    /// unknown.
    #[inline]
    fn note_knight_change(&mut self, at: VertexId, owner: Option<PlayerId>) {
        let Some(owner) = owner else { return };
        if let Some(sets) = self.route_touched.0.as_mut() {
            let fits = sets
                .get_mut(owner.index())
                .is_some_and(|set| set.insert(at.index()) || set.contains(at.index()));
            if !fits {
                *self.route_touched = None;
            }
        }
    }

    /// Takes the knight on `at` off the board, keeping [`KnightSites`].
    #[inline]
    pub(crate) fn take_knight(&mut self, at: VertexId) -> Option<Knight> {
        let k = self.knights[at.index()].take();
        self.sites.note(at, k.map(|k| k.owner), None);
        self.note_knight_change(at, k.map(|k| k.owner));
        k
    }
}

/// The intersections [`KnightSites::candidates`] gives: the known set's members, or every
/// intersection when it is unknown (one iterator either way, stepped without a chain of
/// adapters: the listings run it every step).
pub(crate) enum SiteCandidates<'a> {
    Known(crate::id_set::Members<'a>),
    Every(std::ops::Range<usize>),
}

impl Iterator for SiteCandidates<'_> {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        match self {
            SiteCandidates::Known(members) => members.next(),
            SiteCandidates::Every(all) => all.next(),
        }
    }
}

/// A set of intersections (up to 512), without allocation.
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub(crate) struct VertexSet(crate::id_set::IdSet<8>);

impl VertexSet {
    #[inline]
    fn insert(&mut self, v: VertexId) -> bool {
        self.0.insert(v.index())
    }
    #[inline]
    pub(crate) fn contains(&self, v: VertexId) -> bool {
        self.0.contains(v.index())
    }
    /// The intersections in increasing order.
    pub(crate) fn iter(&self) -> impl Iterator<Item = VertexId> + '_ {
        self.0.iter().map(|i| VertexId(i as u16))
    }
    pub(crate) fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
    /// Takes out the smallest member.
    fn pop_first(&mut self) -> Option<VertexId> {
        let v = self.0.iter().next()?;
        self.0.set(v, false);
        Some(VertexId(v as u16))
    }
    /// Passes the members below `n` to `f` in increasing order, reading only the words that
    /// may hold them (`n`: the board's intersections, beyond which a set holds none).
    #[inline]
    pub(crate) fn for_each_below(&self, n: usize, mut f: impl FnMut(VertexId)) {
        for v in self.0.iter_below(n) {
            f(VertexId(v as u16));
        }
    }
}

/// Where a knight standing on `from` can go: empty intersections, and intersections of
/// opposing knights it meets (candidates for displacement).
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub(crate) struct Reach {
    pub(crate) empty: VertexSet,
    pub(crate) knights: VertexSet,
}

/// One knight walk ([`Game::knight_reach_shared`]): the reach, and every intersection the
/// walk met.
///
/// Another knight of the same owner on an intersection the walk met, on the same board and
/// with the same standing, reaches exactly the same: a knight stands on no building, so the
/// walk passed its intersection, and the walk from it passes the same intersections (each
/// path is followed by its owner alone, each intersection passed or not by what stands on it,
/// whichever way it is entered), meeting the same blockers; neither knight's own intersection
/// is empty. The listing walks once for all of a player's knights on one network.
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub(crate) struct KnightWalk {
    pub(crate) reach: Reach,
    /// The intersections met: passed, blocking, or behind a path of the owner's.
    seen: VertexSet,
}

impl Game {
    /// Explores `owner`'s continuous routes from `from`, passing only pieces the mover may
    /// pass (source `000_fee7e8147b67bbe6.txt` p. 9 "Move a Knight"). With Seafarers a route
    /// runs over roads and ships alike, a road continuing a ship directly (p. 12 "Move a
    /// Knight"); `active`: whether the knight stands up (only an active knight may end on an
    /// intersection with sea all around, rule `SEA.CK.KNIGHT_ON_SEA`).
    pub(crate) fn knight_reach(&self, owner: PlayerId, from: VertexId, active: bool) -> Reach {
        let mut walk = KnightWalk::default();
        self.knight_walk_with::<64>(owner, from, active, &mut walk);
        walk.reach
    }

    /// The reach of `owner`'s knight on `from`, read from `walk` when its last walk (of the
    /// same owner and standing, on the same board) met `from`, else walked into `walk` (`None`:
    /// no walk yet): see [`KnightWalk`] for why both knights reach the same intersections.
    #[inline]
    pub(crate) fn knight_reach_shared<'w>(
        &self,
        owner: PlayerId,
        from: VertexId,
        active: bool,
        walk: &'w mut Option<KnightWalk>,
    ) -> &'w Reach {
        if walk.as_ref().is_some_and(|w| w.seen.contains(from)) {
            if let Some(w) = walk {
                return &w.reach;
            }
        }
        let w = walk.get_or_insert_with(KnightWalk::default);
        self.knight_walk_with::<64>(owner, from, active, w);
        &w.reach
    }

    /// [`Game::knight_reach`] with a stack of `S` intersections still to walk from; any beyond
    /// it wait in a set (the same reach: the walk's order does not change what it meets),
    /// written into `walk` with the intersections the walk met.
    fn knight_walk_with<const S: usize>(&self, owner: PlayerId, from: VertexId, active: bool, walk: &mut KnightWalk) {
        *walk = KnightWalk::default();
        let KnightWalk { reach, seen } = walk;
        // The intersections still to walk from: each enters once (when first seen), and
        // only the ends of `owner`'s roads and ships enter, 32 at most with a full supply of
        // each; any beyond the stack wait in `spill` (a declared position), walked after.
        let mut stack = [VertexId(0); S];
        let mut top = 0usize;
        let mut spill = VertexSet::default();
        let mut spilled = false;
        seen.insert(from);
        stack[top] = from;
        top += 1;
        let topo = &self.board.topology;
        let pass_buildings = self.rules.ck.knight_passing != KnightPassing::NoForeignPieces;
        loop {
            let v = if top > 0 {
                top -= 1;
                stack[top]
            } else {
                match spilled.then(|| spill.pop_first()).flatten() {
                    Some(v) => v,
                    None => break,
                }
            };
            let Some(info) = topo.vertex(v) else { continue };
            for (e, w) in info.links() {
                // An intersection met already (the one the walk came from, mostly) is passed
                // over before its path's owner is read: the same walk, with fewer reads.
                if seen.contains(w) || !self.own_route_piece(owner, e) || !seen.insert(w) {
                    continue;
                }
                match (self.sites[w.index()], self.ck.knights[w.index()]) {
                    // An empty intersection the expansions refuse is still passed (below).
                    (None, None) if self.check_knight_site_ext(w, active).is_ok() => {
                        reach.empty.insert(w);
                    }
                    (_, Some(k)) if k.owner != owner => {
                        reach.knights.insert(w);
                        continue;
                    }
                    (Some(s), _) if s.owner != owner && !pass_buildings => continue,
                    _ => {}
                }
                if let Some(slot) = stack.get_mut(top) {
                    *slot = w;
                    top += 1;
                } else {
                    spill.insert(w);
                    spilled = true;
                }
            }
        }
    }

    /// Whether path `e` holds a road or ship of `owner`: [`Game::route_piece_owner`] is
    /// `owner` (a road read first, the expansions' pieces asked only on a path without one).
    #[inline(always)]
    fn own_route_piece(&self, owner: PlayerId, e: crate::ids::EdgeId) -> bool {
        match self.roads.get(e.index()) {
            Some(Some(o)) => *o == owner,
            _ => self.path_owner_ext(e) == Some(owner),
        }
    }

    /// `p`'s knights on the board, in intersection order, read at the intersections kept
    /// for `p` ([`KnightSites`]; every intersection when unknown).
    pub(crate) fn own_knights(&self, p: PlayerId) -> impl Iterator<Item = (VertexId, Knight)> + '_ {
        let knights = &self.ck.knights;
        self.ck.sites.candidates_of(p, knights.len()).filter_map(move |i| {
            let k = knights.get(i).copied().flatten().filter(|k| k.owner == p)?;
            Some((VertexId(i as u16), k))
        })
    }

    fn own_knight(&self, player: PlayerId, at: VertexId) -> Result<Knight, RuleError> {
        self.known_vertex(at)?;
        match self.ck.knights[at.index()] {
            Some(k) if k.owner == player => Ok(k),
            _ => Err(RuleError::Ck(CkRule::KnightNotOwn)),
        }
    }

    pub(crate) fn check_main(&self, player: PlayerId, what: &'static str) -> Result<(), RuleError> {
        if !self.in_main() {
            return Err(self.wrong_time(player, what));
        }
        Ok(())
    }

    pub(crate) fn check_pays(
        &self,
        player: PlayerId,
        piece: Piece,
        price: crate::cards::Cards,
    ) -> Result<(), RuleError> {
        let st = &self.players[player.index()];
        if !st.hand.contains(&price) {
            return Err(RuleError::CannotAfford {
                player: st.colour,
                piece,
                cost: price,
            });
        }
        Ok(())
    }

    pub(crate) fn pay_cost(&mut self, player: PlayerId, price: crate::cards::Cards) {
        self.players[player.index()].hand.remove_all(&price);
        self.bank.add_all(&price);
    }

    /// Knights changed hands at `changed`: recompute Longest Road for the players whose roads
    /// pass those intersections (a knight blocks only routes through its own intersection),
    /// except `keeper`, the owner of a knight that only came onto empty intersections or
    /// left them empty (their own knight never blocks them: source `000_fee7e8147b67bbe6.txt`
    /// p. 9).
    pub(crate) fn knights_changed_routes(
        &mut self,
        changed: &[VertexId],
        keeper: Option<PlayerId>,
        events: &mut Vec<Event>,
    ) {
        self.update_longest_road_at(changed, keeper, events);
        self.after_knights_changed_ext(changed);
    }

    // ----- recruit -----

    pub(crate) fn check_recruit(&self, player: PlayerId, at: VertexId) -> Result<(), RuleError> {
        self.known_vertex(at)?;
        self.check_main(player, "recruit a knight")?;
        let touches_road = self.touches_route_piece(player, at);
        if self.sites[at.index()].is_some() || self.ck.knights[at.index()].is_some() || !touches_road {
            return Err(RuleError::Ck(CkRule::KnightSite));
        }
        self.check_knight_site_ext(at, false)?;
        if self.players[player.index()].ck.knights_left[0] == 0 {
            return Err(RuleError::Ck(CkRule::KnightSupply));
        }
        self.check_pays(player, Piece::Knight, cost::KNIGHT)
    }

    pub(crate) fn do_recruit(&mut self, player: PlayerId, at: VertexId, events: &mut Vec<Event>) {
        self.pay_cost(player, cost::KNIGHT);
        self.players[player.index()].ck.knights_left[0] -= 1;
        self.ck.put_knight(
            at,
            Some(Knight {
                owner: player,
                level: 1,
                active: false,
                fresh: false,
                promoted: false,
            }),
        );
        events.push(Event::Ck(CkEvent::KnightRecruited { player, at }));
        self.knights_changed_routes(&[at], Some(player), events);
    }

    // ----- promote -----

    pub(crate) fn check_promote(&self, player: PlayerId, at: VertexId) -> Result<(), RuleError> {
        self.check_main(player, "promote a knight")?;
        let k = self.own_knight(player, at)?;
        self.check_promotable(player, k)?;
        self.check_pays(player, Piece::Promotion, cost::PROMOTE)
    }

    /// Whether a knight may be promoted now, cost aside.
    pub(crate) fn check_promotable(&self, player: PlayerId, k: Knight) -> Result<(), RuleError> {
        self.check_promotable_with(player, k, self.players[player.index()].ck.knights_left)
    }

    /// Whether a knight may be promoted with `supply` as the free pieces by strength (Smithing
    /// checks its second promotion on the supply its first one leaves).
    pub(crate) fn check_promotable_with(&self, player: PlayerId, k: Knight, supply: [u8; 3]) -> Result<(), RuleError> {
        if k.level >= 3 {
            return Err(RuleError::Ck(CkRule::KnightMighty));
        }
        if k.promoted {
            return Err(RuleError::Ck(CkRule::KnightPromotedThisTurn));
        }
        let st = &self.players[player.index()];
        if k.level == 2 && st.level(crate::progress::Track::Politics) < 3 {
            return Err(RuleError::Ck(CkRule::KnightFortress));
        }
        if supply[k.level as usize] == 0 {
            return Err(RuleError::Ck(CkRule::KnightSupply));
        }
        Ok(())
    }

    pub(crate) fn do_promote(&mut self, player: PlayerId, at: VertexId, events: &mut Vec<Event>) {
        self.pay_cost(player, cost::PROMOTE);
        self.promote(player, at, events);
    }

    pub(crate) fn promote(&mut self, player: PlayerId, at: VertexId, events: &mut Vec<Event>) {
        let Some(k) = self.ck.knights[at.index()].as_mut() else {
            return;
        };
        self.players[player.index()].ck.exchange_for_stronger(k.level);
        k.level += 1;
        k.promoted = true;
        self.ck.marked.mark(at);
        let level = k.level;
        events.push(Event::Ck(CkEvent::KnightPromoted { player, at, level }));
    }

    // ----- activate -----

    pub(crate) fn check_activate(&self, player: PlayerId, at: VertexId) -> Result<(), RuleError> {
        self.check_main(player, "activate a knight")?;
        let k = self.own_knight(player, at)?;
        if k.active {
            return Err(RuleError::Ck(CkRule::KnightAlreadyActive));
        }
        self.check_pays(player, Piece::Activation, cost::ACTIVATE)
    }

    pub(crate) fn do_activate(&mut self, player: PlayerId, at: VertexId, events: &mut Vec<Event>) {
        self.pay_cost(player, cost::ACTIVATE);
        self.activate(player, at, events);
    }

    pub(crate) fn activate(&mut self, player: PlayerId, at: VertexId, events: &mut Vec<Event>) {
        if let Some(k) = self.ck.knights[at.index()].as_mut() {
            k.active = true;
            k.fresh = true;
            self.ck.marked.mark(at);
            events.push(Event::Ck(CkEvent::KnightActivated { player, at }));
        }
    }

    // ----- knight actions -----

    /// A knight that may act now: own, active, and not activated this turn.
    pub(crate) fn check_can_act(
        &self,
        player: PlayerId,
        at: VertexId,
        what: &'static str,
    ) -> Result<Knight, RuleError> {
        self.check_main(player, what)?;
        let k = self.own_knight(player, at)?;
        if !k.active {
            return Err(RuleError::Ck(CkRule::KnightNotActive));
        }
        if k.fresh {
            return Err(RuleError::Ck(CkRule::KnightActivatedThisTurn));
        }
        Ok(k)
    }

    pub(crate) fn check_move_knight(&self, player: PlayerId, from: VertexId, to: VertexId) -> Result<(), RuleError> {
        self.check_can_act(player, from, "move a knight")?;
        self.known_vertex(to)?;
        if !self.knight_reach(player, from, true).empty.contains(to) {
            return Err(RuleError::Ck(CkRule::KnightUnreachable));
        }
        Ok(())
    }

    pub(crate) fn do_move_knight(&mut self, player: PlayerId, from: VertexId, to: VertexId, events: &mut Vec<Event>) {
        let Some(mut k) = self.ck.take_knight(from) else {
            return;
        };
        k.active = false;
        self.ck.put_knight(to, Some(k));
        self.ck.marked.note(to, k);
        events.push(Event::Ck(CkEvent::KnightMoved { player, from, to }));
        self.knights_changed_routes(&[from, to], Some(k.owner), events);
    }

    pub(crate) fn check_displace(&self, player: PlayerId, from: VertexId, to: VertexId) -> Result<(), RuleError> {
        let k = self.check_can_act(player, from, "displace a knight")?;
        self.known_vertex(to)?;
        let Some(target) = self.ck.knights[to.index()].filter(|t| t.owner != player) else {
            return Err(RuleError::Ck(CkRule::KnightDisplaceTarget));
        };
        if target.level >= k.level {
            return Err(RuleError::Ck(CkRule::KnightDisplaceWeaker));
        }
        if !self.knight_reach(player, from, true).knights.contains(to) {
            return Err(RuleError::Ck(CkRule::KnightUnreachable));
        }
        Ok(())
    }

    pub(crate) fn do_displace(&mut self, player: PlayerId, from: VertexId, to: VertexId, events: &mut Vec<Event>) {
        let (Some(mut k), Some(victim)) = (self.ck.take_knight(from), self.ck.knights[to.index()]) else {
            return;
        };
        k.active = false;
        self.ck.put_knight(to, Some(k));
        self.ck.marked.note(to, k);
        events.push(Event::Ck(CkEvent::KnightDisplaced {
            player,
            from,
            to,
            victim: victim.owner,
        }));
        self.start_relocation(victim, to, events);
        // `to` passes from the victim's knight to the player's: both may change.
        self.knights_changed_routes(&[from, to], None, events);
    }

    /// A displaced knight's owner must relocate it (queued next), or it goes back to supply
    /// when it has nowhere to go.
    pub(crate) fn start_relocation(&mut self, knight: Knight, from: VertexId, events: &mut Vec<Event>) {
        if self.knight_reach(knight.owner, from, knight.active).empty.is_empty() {
            self.players[knight.owner.index()].ck.knights_left[knight.level as usize - 1] += 1;
            events.push(Event::Ck(CkEvent::KnightRemoved {
                player: knight.owner,
                at: from,
                level: knight.level,
            }));
        } else {
            self.queue_next(Pending::ck(knight.owner, CkPending::RelocateKnight { knight, from }));
        }
    }

    pub(crate) fn check_relocate(&self, player: PlayerId, to: VertexId) -> Result<(), RuleError> {
        self.known_vertex(to)?;
        let Phase::Ck(CkPhase::RelocatingKnight {
            player: p,
            from,
            knight,
            ..
        }) = self.phase()
        else {
            return Err(self.wrong_time(player, "relocate a knight"));
        };
        if p != player {
            return Err(self.wrong_time(player, "relocate a knight"));
        }
        if !self.knight_reach(player, from, knight.active).empty.contains(to) {
            return Err(RuleError::Ck(CkRule::KnightRelocation));
        }
        Ok(())
    }

    pub(crate) fn do_relocate(&mut self, player: PlayerId, to: VertexId, events: &mut Vec<Event>) {
        let Phase::Ck(CkPhase::RelocatingKnight { knight, from, .. }) = self.phase() else {
            return;
        };
        self.pending.pop_front();
        self.ck.put_knight(to, Some(knight));
        self.ck.marked.note(to, knight);
        events.push(Event::Ck(CkEvent::KnightRelocated { player, from, to }));
        self.knights_changed_routes(&[to], Some(knight.owner), events);
        self.run_engine_steps(events);
    }

    pub(crate) fn check_chase_robber(&self, player: PlayerId, knight: VertexId) -> Result<(), RuleError> {
        self.check_can_act(player, knight, "chase the robber")?;
        if !self.robber_active() {
            return Err(RuleError::Ck(CkRule::RobberInactive));
        }
        if !self.robber_touches(knight) {
            return Err(RuleError::Ck(CkRule::KnightNotAtRobber));
        }
        Ok(())
    }

    /// Whether `at` is a corner of the robber's hex (a knight there may chase it).
    #[inline]
    pub(crate) fn robber_touches(&self, at: VertexId) -> bool {
        self.robber.is_some_and(|h| {
            self.board
                .topology
                .hexes()
                .get(h.index())
                .is_some_and(|hex| hex.corners.contains(&at))
        })
    }

    pub(crate) fn do_chase_robber(&mut self, player: PlayerId, knight: VertexId, events: &mut Vec<Event>) {
        if let Some(k) = self.ck.knights[knight.index()].as_mut() {
            k.active = false;
        }
        events.push(Event::Ck(CkEvent::RobberChased { player, knight }));
        self.queue_next(Pending::ck(player, CkPending::ChasedRobber));
    }

    /// End of turn: knights may be promoted and act again next turn. Only the intersections
    /// [`MarkedKnights`] holds can carry a mark (every one when it is unknown).
    pub(crate) fn refresh_knights(&mut self) {
        let knights = &mut self.ck.knights;
        let Some(set) = self.ck.marked.0.as_mut() else {
            for k in knights.iter_mut().flatten() {
                k.fresh = false;
                k.promoted = false;
            }
            *self.ck.marked.0 = Some(Default::default());
            return;
        };
        std::mem::take(set).for_each_member(|v| {
            if let Some(k) = knights.get_mut(v).and_then(Option::as_mut) {
                k.fresh = false;
                k.promoted = false;
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use crate::board::Corner::*;
    use crate::cards::{cost, CardKind::*, Cards};
    use crate::testkit::*;
    use crate::CkAction;
    use crate::CkEvent;
    use crate::{Action, CkPhase, Event, Phase};

    /// Red: settlement on E.n with a road E.n → E.ne → E.se → E.s; blue settlement at G.n.
    fn base() -> Ck {
        Ck::new()
            .settlement(0, ("E", N))
            .roads(0, "E", &[N, NE, SE, S])
            .opponents()
    }

    fn v(g: &crate::Game, l: &str, c: crate::Corner) -> crate::VertexId {
        vertex(g, l, c)
    }

    #[test]
    fn a_basic_knight_is_recruited_inactive_on_an_empty_intersection_at_an_own_road() {
        let mut g = base().hand(0, cost::KNIGHT).game();
        let at = v(&g, "E", SE);
        g.apply(Action::Ck(CkAction::RecruitKnight { player: p(0), at }))
            .unwrap();
        let k = g.knight(at).unwrap();
        assert_eq!((k.level, k.active), (1, false));
        assert_eq!(g.player(p(0)).unwrap().hand, Cards::EMPTY);
        let mut g = base().hand(0, cost::KNIGHT).game();
        let far = v(&g, "A", N);
        assert_eq!(
            refused(&g, Action::Ck(CkAction::RecruitKnight { player: p(0), at: far })),
            "CK.KNIGHT.RECRUIT_SITE"
        );
        let on_settlement = v(&g, "E", N);
        assert_eq!(
            refused(
                &g,
                Action::Ck(CkAction::RecruitKnight {
                    player: p(0),
                    at: on_settlement
                })
            ),
            "CK.KNIGHT.RECRUIT_SITE"
        );
        // No distance rule: right next to the own settlement is fine.
        g.apply(Action::Ck(CkAction::RecruitKnight {
            player: p(0),
            at: v(&g, "E", NE),
        }))
        .unwrap();
    }

    #[test]
    fn a_knight_activated_this_turn_cannot_act_and_acting_lays_it_down() {
        let mut g = base()
            .knight(0, ("E", SE), 1, false)
            .hand(0, Cards::of(&[(Grain, 1)]))
            .game();
        let at = v(&g, "E", SE);
        g.apply(Action::Ck(CkAction::ActivateKnight { player: p(0), at }))
            .unwrap();
        let to = v(&g, "E", S);
        assert_eq!(
            refused(
                &g,
                Action::Ck(CkAction::MoveKnight {
                    player: p(0),
                    from: at,
                    to
                })
            ),
            "CK.KNIGHT.ACTIVATED_THIS_TURN"
        );
        let mut g = base().knight(0, ("E", SE), 1, true).game();
        g.apply(Action::Ck(CkAction::MoveKnight {
            player: p(0),
            from: at,
            to,
        }))
        .unwrap();
        assert!(g.knight(at).is_none());
        assert!(!g.knight(to).unwrap().active);
        assert_eq!(
            refused(
                &g,
                Action::Ck(CkAction::MoveKnight {
                    player: p(0),
                    from: to,
                    to: at
                })
            ),
            "CK.KNIGHT.NOT_ACTIVE"
        );
    }

    #[test]
    fn a_knight_moves_only_along_its_owners_routes_and_not_past_other_pieces() {
        // Blue settles in the middle of red's route at E.se.
        let g = base().knight(0, ("E", NE), 2, true).settlement(1, ("E", SE)).game();
        let from = v(&g, "E", NE);
        let beyond = v(&g, "E", S);
        assert_eq!(
            refused(
                &g,
                Action::Ck(CkAction::MoveKnight {
                    player: p(0),
                    from,
                    to: beyond
                })
            ),
            "CK.KNIGHT.REACH"
        );
        let off_route = v(&g, "A", N);
        assert_eq!(
            refused(
                &g,
                Action::Ck(CkAction::MoveKnight {
                    player: p(0),
                    from,
                    to: off_route
                })
            ),
            "CK.KNIGHT.REACH"
        );
        // Option `knight-passing no-foreign-knights` (German 3D): foreign buildings may be passed.
        let g = base()
            .knight(0, ("E", NE), 2, true)
            .settlement(1, ("E", SE))
            .rules(|r| r.set_option("knight-passing", "no-foreign-knights").unwrap())
            .game();
        assert!(g.is_legal(&Action::Ck(CkAction::MoveKnight {
            player: p(0),
            from,
            to: beyond
        })));
    }

    #[test]
    fn a_stronger_knight_displaces_a_weaker_one_whose_owner_relocates_it() {
        // Blue's basic knight stands on red's route at E.se; blue's road reaches it from F.
        let mut g = base()
            .knight(0, ("E", NE), 2, true)
            .roads(1, "F", &[SW, S, SE])
            .settlement(1, ("F", S))
            .knight(1, ("F", SW), 1, true)
            .game();
        let (from, to) = (v(&g, "E", NE), v(&g, "E", SE));
        assert_eq!(to, v(&g, "F", SW));
        let ev = g
            .apply(Action::Ck(CkAction::DisplaceKnight { player: p(0), from, to }))
            .unwrap();
        assert!(ev
            .iter()
            .any(|e| matches!(e, Event::Ck(CkEvent::KnightDisplaced { .. }))));
        assert!(matches!(g.phase(), Phase::Ck(CkPhase::RelocatingKnight { player, .. }) if player == p(1)));
        // Blue's knight can only go along blue's routes from where it stood.
        assert_eq!(
            refused(
                &g,
                Action::Ck(CkAction::RelocateKnight {
                    player: p(1),
                    to: v(&g, "E", S)
                })
            ),
            "CK.KNIGHT.RELOCATE"
        );
        let mut legal = Vec::new();
        g.legal_actions(&mut legal);
        let spot = v(&g, "F", SE);
        assert_eq!(
            legal,
            vec![Action::Ck(CkAction::RelocateKnight { player: p(1), to: spot })]
        );
        g.apply(legal[0]).unwrap();
        let k = g.knight(spot).unwrap();
        assert!(k.active, "status kept");
        assert_eq!(g.phase(), Phase::Main);
    }

    #[test]
    fn equal_strength_cannot_be_displaced_and_a_knight_with_nowhere_to_go_returns_to_supply() {
        let g = base()
            .knight(0, ("E", NE), 1, true)
            .roads(1, "F", &[SW, S])
            .settlement(1, ("F", S))
            .knight(1, ("F", SW), 1, true)
            .game();
        let (from, to) = (v(&g, "E", NE), v(&g, "E", SE));
        assert_eq!(
            refused(&g, Action::Ck(CkAction::DisplaceKnight { player: p(0), from, to })),
            "CK.KNIGHT.DISPLACE_WEAKER"
        );
        // Blue's only road ends at its own settlement: no empty intersection to go to.
        let mut g = base()
            .knight(0, ("E", NE), 3, true)
            .settlement(1, ("F", S))
            .roads(1, "F", &[SW, S])
            .knight(1, ("F", SW), 2, false)
            .game();
        let ev = g
            .apply(Action::Ck(CkAction::DisplaceKnight { player: p(0), from, to }))
            .unwrap();
        assert!(ev
            .iter()
            .any(|e| matches!(e, Event::Ck(CkEvent::KnightRemoved { level: 2, .. }))));
        assert_eq!(g.player(p(1)).unwrap().ck.knights_left, [2, 2, 2]);
        assert_eq!(g.phase(), Phase::Main);
    }

    #[test]
    fn promotion_once_per_turn_and_mighty_only_with_the_fortress() {
        let two = Cards::of(&[(Wool, 2), (Ore, 2)]);
        let mut g = base().knight(0, ("E", SE), 1, false).hand(0, two).game();
        let at = v(&g, "E", SE);
        g.apply(Action::Ck(CkAction::PromoteKnight { player: p(0), at }))
            .unwrap();
        assert_eq!(g.knight(at).unwrap().level, 2);
        assert_eq!(
            refused(&g, Action::Ck(CkAction::PromoteKnight { player: p(0), at })),
            "CK.KNIGHT.PROMOTE_ONCE"
        );
        let g = base().knight(0, ("E", SE), 2, false).hand(0, two).game();
        assert_eq!(
            refused(&g, Action::Ck(CkAction::PromoteKnight { player: p(0), at })),
            "CK.KNIGHT.FORTRESS"
        );
        let mut ck = base().knight(0, ("E", SE), 2, false).hand(0, two).levels(0, [0, 0, 3]);
        let s = ck.setup.players[0].settlements.remove(0);
        ck.setup.players[0].cities.push(s);
        let mut g = ck.game();
        g.apply(Action::Ck(CkAction::PromoteKnight { player: p(0), at }))
            .unwrap();
        assert_eq!(g.knight(at).unwrap().level, 3);
    }

    #[test]
    fn the_robber_cannot_be_chased_before_the_first_attack() {
        // E (hills) touches J? No: place the robber test at the desert J after an attack.
        let g = base().knight(0, ("E", SE), 1, true).game();
        let k = v(&g, "E", SE);
        assert_eq!(
            refused(
                &g,
                Action::Ck(CkAction::ChaseRobber {
                    player: p(0),
                    knight: k
                })
            ),
            "CK.ROBBER.INACTIVE"
        );
        let g = base().knight(0, ("E", SE), 1, true).barbarians(0, 1).game();
        // E.se touches E, F and J (the desert, where the robber stands after the attack).
        assert!(g.robber_active());
        let mut g2 = g.clone();
        g2.apply(Action::Ck(CkAction::ChaseRobber {
            player: p(0),
            knight: k,
        }))
        .unwrap();
        assert!(matches!(g2.phase(), Phase::MovingRobber));
        let g = base().knight(0, ("E", NE), 1, true).barbarians(0, 1).game();
        let far = v(&g, "E", NE);
        assert_eq!(
            refused(
                &g,
                Action::Ck(CkAction::ChaseRobber {
                    player: p(0),
                    knight: far
                })
            ),
            "CK.KNIGHT.CHASE_ADJACENT"
        );
    }

    #[test]
    fn an_opponents_knight_blocks_roads_and_an_own_knight_blocks_its_site() {
        // Blue's knight stands at E.s (= I.ne), at the end of red's route.
        let g = base()
            .settlement(1, ("I", SE))
            .roads(1, "I", &[SE, NE])
            .knight(1, ("I", NE), 1, false)
            .hand(0, cost::ROAD)
            .game();
        let past = edge(&g, "E", S, SW);
        assert_eq!(
            refused(&g, Action::BuildRoad { player: p(0), at: past }),
            "BASE.BUILD.CONNECTED"
        );
        // Red's own knight on a site: move it away first.
        let mut g = base().knight(0, ("E", S), 1, true).hand(0, cost::SETTLEMENT).game();
        let site = v(&g, "E", S);
        assert_eq!(
            refused(&g, Action::BuildSettlement { player: p(0), at: site }),
            "CK.KNIGHT.BLOCKS_SITE"
        );
        g.apply(Action::Ck(CkAction::MoveKnight {
            player: p(0),
            from: site,
            to: v(&g, "E", SE),
        }))
        .unwrap();
        g.apply(Action::BuildSettlement { player: p(0), at: site }).unwrap();
    }

    use crate::testkit::ck_and_sea_games;

    /// Random Cities & Knights games, with and without Seafarers: every knight carrying a
    /// mark is noted in [`super::MarkedKnights`] after every step, and no knight keeps a mark
    /// into the next turn (now and then the notes are dropped, as in a state read back: the
    /// end of turn then visits every intersection).
    #[test]
    fn no_knight_keeps_a_mark_into_the_next_turn_of_random_games() {
        use crate::random::{Policy, RandomPlayer};
        let games = ck_and_sea_games(4);
        let (mut marks, mut refreshes) = (0, 0);
        for (mut g, seed) in games {
            let mut rp = RandomPlayer::new(seed);
            let mut steps = 0u32;
            while g.winner().is_none() && g.turn() <= 300 {
                let Some(a) = rp.choose(&g, Policy::Uniform) else { break };
                let turn = g.turn();
                marks += g.knights().filter(|(_, k)| k.fresh || k.promoted).count();
                g.apply(a).expect("a listed action");
                steps += 1;
                if steps.is_multiple_of(97) {
                    g.ck.marked = super::MarkedKnights::default();
                }
                for (v, k) in g.knights() {
                    let ctx = format!("seed {seed} turn {} {v:?}", g.turn());
                    assert!(!(k.fresh || k.promoted) || g.ck.marked.covers(v), "{ctx}: not noted");
                    if g.turn() != turn {
                        assert!(!k.fresh && !k.promoted, "{ctx}: a mark kept into the next turn");
                    }
                }
                refreshes += usize::from(g.turn() != turn);
            }
        }
        assert!(marks > 500 && refreshes > 1000, "marks {marks}, new turns {refreshes}");
    }

    /// The reach as first written: a walk from the knight over every path of `owner`'s
    /// routes, passing what the mover may pass (the reference [`crate::Game::knight_reach`] is
    /// compared with).
    fn reach_by_search(g: &crate::Game, owner: crate::PlayerId, from: crate::VertexId, active: bool) -> super::Reach {
        use crate::ruleset::KnightPassing;
        let mut reach = super::Reach::default();
        let mut seen = vec![from];
        let mut todo = vec![from];
        while let Some(v) = todo.pop() {
            let Some(info) = g.board.topology.vertex(v) else {
                continue;
            };
            for (e, w) in info.links() {
                if g.route_piece_owner(e) != Some(owner) || seen.contains(&w) {
                    continue;
                }
                seen.push(w);
                let (site, knight) = (g.sites[w.index()], g.ck.knights[w.index()]);
                if knight.is_some_and(|k| k.owner != owner) {
                    reach.knights.insert(w);
                    continue;
                }
                if site.is_some_and(|s| s.owner != owner) && g.rules.ck.knight_passing == KnightPassing::NoForeignPieces
                {
                    continue;
                }
                if site.is_none() && knight.is_none() && g.check_knight_site_ext(w, active).is_ok() {
                    reach.empty.insert(w);
                }
                todo.push(w);
            }
        }
        reach
    }

    /// Random Cities & Knights games with and without Seafarers: after every step, every
    /// knight's reach, standing or lying, is the reference search's, also with a stack of 2
    /// (the intersections beyond it wait in the spill set), its members below the board's
    /// intersections are all of them, and many reaches are not empty.
    #[test]
    fn knight_reach_equals_a_plain_search_after_every_step_of_random_games() {
        let mut reached = 0usize;
        for (mut g, seed) in ck_and_sea_games(3) {
            check_random_play(&mut g, seed, crate::random::Policy::Uniform, 300, |g| {
                for (v, k) in g.knights() {
                    for active in [false, true] {
                        let reach = g.knight_reach(k.owner, v, active);
                        let ctx = format!("seed {seed} turn {} {v:?} active {active}", g.turn());
                        assert_eq!(reach, reach_by_search(g, k.owner, v, active), "{ctx}");
                        let mut walk = super::KnightWalk::default();
                        g.knight_walk_with::<2>(k.owner, v, active, &mut walk);
                        assert_eq!(reach, walk.reach, "{ctx}: stack of 2");
                        for set in [reach.empty, reach.knights] {
                            let mut below = Vec::new();
                            set.for_each_below(g.sites.len(), |v| below.push(v));
                            assert_eq!(
                                below,
                                set.iter().collect::<Vec<_>>(),
                                "{ctx}: members below the board's"
                            );
                        }
                        reached += usize::from(reach.empty.iter().nth(2).is_some());
                    }
                }
            });
        }
        assert!(reached > 1000, "reaches of 3 or more {reached}");
    }

    /// Random Cities & Knights games with and without Seafarers: after every step, for every
    /// pair of one owner's knights, standing or lying, the reach read from the first knight's
    /// walk when it met the second ([`crate::Game::knight_reach_shared`]) is the second's own
    /// reach, and many second knights are read that way.
    #[test]
    fn a_shared_knight_walk_gives_each_knight_its_own_reach_in_random_games() {
        let mut shared = 0usize;
        for (mut g, seed) in ck_and_sea_games(3) {
            check_random_play(&mut g, seed, crate::random::Policy::Uniform, 300, |g| {
                for (a, ka) in g.knights() {
                    for (b, kb) in g.knights().filter(|&(b, kb)| b != a && kb.owner == ka.owner) {
                        for active in [false, true] {
                            let mut walk = None;
                            g.knight_reach_shared(ka.owner, a, active, &mut walk);
                            let first = walk;
                            let reach = *g.knight_reach_shared(kb.owner, b, active, &mut walk);
                            let ctx = format!("seed {seed} turn {} {a:?} {b:?} active {active}", g.turn());
                            assert_eq!(reach, g.knight_reach(kb.owner, b, active), "{ctx}");
                            shared += usize::from(walk == first);
                        }
                    }
                }
            });
        }
        assert!(shared > 1000, "reaches read from another knight's walk {shared}");
    }

    /// Random Cities & Knights games with and without Seafarers: after every step the
    /// intersections noted as holding a knight ([`super::KnightSites`]) are exactly the
    /// board's, and the knights listed from them are those of a scan of every intersection
    /// (the unknown cache).
    #[test]
    fn knight_sites_equal_the_board_after_every_step_of_random_games() {
        use crate::random::{Policy, RandomPlayer};
        use crate::Game;
        let games = ck_and_sea_games(3);
        let mut seen = 0usize;
        for (mut g, seed) in games {
            let mut rp = RandomPlayer::new(seed);
            while g.winner().is_none() && g.turn() <= 300 {
                let Some(a) = rp.choose(&g, Policy::Uniform) else { break };
                g.apply(a).expect("a listed action");
                assert!(g.ck.sites.0.is_some(), "seed {seed}: the cache became unknown");
                assert!(g.ck.sites.agrees(&g.ck.knights), "seed {seed} turn {}", g.turn());
                let mut scan = g.clone();
                scan.ck.sites = super::KnightSites::default();
                let all = |g: &Game| g.knights_of(|_| true).collect::<Vec<_>>();
                assert!(
                    all(&g) == all(&scan) && all(&g).into_iter().eq(g.knights()),
                    "seed {seed} turn {}",
                    g.turn()
                );
                for p in g.player_ids() {
                    let own = g.own_knights(p).collect::<Vec<_>>();
                    assert_eq!(own, scan.own_knights(p).collect::<Vec<_>>(), "seed {seed} {p:?}");
                    assert!(own.into_iter().eq(g.knights().filter(|(_, k)| k.owner == p)));
                }
                seen += g.knights().count();
            }
        }
        assert!(seen > 10_000, "knights seen {seen}");
    }
}
