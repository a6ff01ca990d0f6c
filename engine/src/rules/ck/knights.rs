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
use crate::ruleset::KnightPassing;
use crate::state::{Game, Knight, Phase, Resume};

/// A set of intersections (up to 512), without allocation.
#[derive(Clone, Copy, Default)]
pub(crate) struct VertexSet([u64; 8]);

impl VertexSet {
    #[inline]
    fn insert(&mut self, v: VertexId) -> bool {
        let (w, b) = (v.index() / 64, v.index() % 64);
        if w >= self.0.len() || self.0[w] & (1 << b) != 0 {
            return false;
        }
        self.0[w] |= 1 << b;
        true
    }
    #[inline]
    pub(crate) fn contains(&self, v: VertexId) -> bool {
        let (w, b) = (v.index() / 64, v.index() % 64);
        w < self.0.len() && self.0[w] & (1 << b) != 0
    }
    pub(crate) fn iter(&self) -> impl Iterator<Item = VertexId> + '_ {
        self.0.iter().enumerate().flat_map(|(w, &bits)| {
            (0..64)
                .filter(move |b| bits & (1u64 << b) != 0)
                .map(move |b| VertexId((w * 64 + b) as u16))
        })
    }
    pub(crate) fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }
}

/// Where a knight standing on `from` can go: empty intersections, and intersections of
/// opposing knights it meets (candidates for displacement).
#[derive(Clone, Copy, Default)]
pub(crate) struct Reach {
    pub(crate) empty: VertexSet,
    pub(crate) knights: VertexSet,
}

impl Game {
    /// Explores `owner`'s continuous routes from `from`, passing only pieces the mover may
    /// pass (source `000_fee7e8147b67bbe6.txt` p. 9 "Move a Knight").
    pub(crate) fn knight_reach(&self, owner: PlayerId, from: VertexId) -> Reach {
        let mut reach = Reach::default();
        let mut seen = VertexSet::default();
        let mut stack = [VertexId(0); 512];
        let mut top = 0usize;
        seen.insert(from);
        stack[top] = from;
        top += 1;
        let topo = &self.board.topology;
        while top > 0 {
            top -= 1;
            let v = stack[top];
            let Some(info) = topo.vertex(v) else { continue };
            for (e, w) in info.edges.iter().zip(info.neighbours.iter()) {
                if self.roads[e.index()] != Some(owner) {
                    continue;
                }
                if !seen.insert(w) {
                    continue;
                }
                let site = self.sites[w.index()];
                let knight = self.ck.knights[w.index()];
                let foreign_knight = knight.is_some_and(|k| k.owner != owner);
                let foreign_building = site.is_some_and(|s| s.owner != owner);
                if foreign_knight {
                    reach.knights.insert(w);
                    continue;
                }
                if foreign_building && self.rules.ck.knight_passing == KnightPassing::NoForeignPieces {
                    continue;
                }
                if site.is_none() && knight.is_none() {
                    reach.empty.insert(w);
                }
                if top < stack.len() {
                    stack[top] = w;
                    top += 1;
                }
            }
        }
        reach
    }

    fn own_knight(&self, player: PlayerId, at: VertexId) -> Result<Knight, RuleError> {
        self.known_vertex(at)?;
        match self.ck.knights[at.index()] {
            Some(k) if k.owner == player => Ok(k),
            _ => Err(RuleError::Ck(CkRule::KnightNotOwn)),
        }
    }

    fn check_main(&self, player: PlayerId, what: &'static str) -> Result<(), RuleError> {
        if self.phase != Phase::Main {
            return Err(self.wrong_time(player, what));
        }
        Ok(())
    }

    fn check_pays(&self, player: PlayerId, piece: Piece, price: crate::cards::Cards) -> Result<(), RuleError> {
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

    fn pay_cost(&mut self, player: PlayerId, price: crate::cards::Cards) {
        self.players[player.index()].hand.remove_all(&price);
        self.bank.add_all(&price);
    }

    /// Knights changed the routes: recompute Longest Road for everybody.
    fn knights_changed_routes(&mut self, events: &mut Vec<Event>) {
        self.update_longest_road(u8::MAX, events);
    }

    // ----- recruit -----

    pub(crate) fn check_recruit(&self, player: PlayerId, at: VertexId) -> Result<(), RuleError> {
        self.known_vertex(at)?;
        self.check_main(player, "recruit a knight")?;
        let touches_road = self
            .board
            .topology
            .vertex(at)
            .is_some_and(|info| info.edges.iter().any(|e| self.roads[e.index()] == Some(player)));
        if self.sites[at.index()].is_some() || self.ck.knights[at.index()].is_some() || !touches_road {
            return Err(RuleError::Ck(CkRule::KnightSite));
        }
        if self.players[player.index()].knights_left[0] == 0 {
            return Err(RuleError::Ck(CkRule::KnightSupply));
        }
        self.check_pays(player, Piece::Knight, cost::KNIGHT)
    }

    pub(crate) fn do_recruit(&mut self, player: PlayerId, at: VertexId, events: &mut Vec<Event>) {
        self.pay_cost(player, cost::KNIGHT);
        self.players[player.index()].knights_left[0] -= 1;
        self.ck.knights[at.index()] = Some(Knight {
            owner: player,
            level: 1,
            active: false,
            fresh: false,
            promoted: false,
        });
        events.push(Event::KnightRecruited { player, at });
        self.knights_changed_routes(events);
    }

    // ----- promote -----

    pub(crate) fn check_promote(&self, player: PlayerId, at: VertexId) -> Result<(), RuleError> {
        self.check_main(player, "promote a knight")?;
        let k = self.own_knight(player, at)?;
        self.check_promotable(player, k)?;
        self.check_pays(player, Piece::Promotion, cost::PROMOTE)
    }

    /// Whether a knight may be promoted now, cost aside (shared with Smithing).
    pub(crate) fn check_promotable(&self, player: PlayerId, k: Knight) -> Result<(), RuleError> {
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
        if st.knights_left[k.level as usize] == 0 {
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
        let st = &mut self.players[player.index()];
        st.knights_left[k.level as usize - 1] += 1;
        st.knights_left[k.level as usize] -= 1;
        k.level += 1;
        k.promoted = true;
        let level = k.level;
        events.push(Event::KnightPromoted { player, at, level });
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
            events.push(Event::KnightActivated { player, at });
        }
    }

    // ----- knight actions -----

    /// A knight that may act now: own, active, and not activated this turn.
    fn check_can_act(&self, player: PlayerId, at: VertexId, what: &'static str) -> Result<Knight, RuleError> {
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
        if !self.knight_reach(player, from).empty.contains(to) {
            return Err(RuleError::Ck(CkRule::KnightUnreachable));
        }
        Ok(())
    }

    pub(crate) fn do_move_knight(&mut self, player: PlayerId, from: VertexId, to: VertexId, events: &mut Vec<Event>) {
        let Some(mut k) = self.ck.knights[from.index()].take() else {
            return;
        };
        k.active = false;
        self.ck.knights[to.index()] = Some(k);
        events.push(Event::KnightMoved { player, from, to });
        self.knights_changed_routes(events);
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
        if !self.knight_reach(player, from).knights.contains(to) {
            return Err(RuleError::Ck(CkRule::KnightUnreachable));
        }
        Ok(())
    }

    pub(crate) fn do_displace(&mut self, player: PlayerId, from: VertexId, to: VertexId, events: &mut Vec<Event>) {
        let (Some(mut k), Some(victim)) = (self.ck.knights[from.index()].take(), self.ck.knights[to.index()]) else {
            return;
        };
        k.active = false;
        self.ck.knights[to.index()] = Some(k);
        events.push(Event::KnightDisplaced {
            player,
            from,
            to,
            victim: victim.owner,
        });
        self.start_relocation(victim, to, Phase::Main, events);
        self.knights_changed_routes(events);
    }

    /// A displaced knight's owner must relocate it, or it goes back to supply when it has
    /// nowhere to go (then play goes on at `then`).
    pub(crate) fn start_relocation(&mut self, knight: Knight, from: VertexId, then: Phase, events: &mut Vec<Event>) {
        if self.knight_reach(knight.owner, from).empty.is_empty() {
            self.players[knight.owner.index()].knights_left[knight.level as usize - 1] += 1;
            events.push(Event::KnightRemoved {
                player: knight.owner,
                at: from,
                level: knight.level,
            });
            self.phase = then;
        } else {
            self.phase = Phase::RelocatingKnight {
                player: knight.owner,
                knight,
                from,
            };
        }
    }

    pub(crate) fn check_relocate(&self, player: PlayerId, to: VertexId) -> Result<(), RuleError> {
        self.known_vertex(to)?;
        let Phase::RelocatingKnight { player: p, from, .. } = self.phase else {
            return Err(self.wrong_time(player, "relocate a knight"));
        };
        if p != player {
            return Err(self.wrong_time(player, "relocate a knight"));
        }
        if !self.knight_reach(player, from).empty.contains(to) {
            return Err(RuleError::Ck(CkRule::KnightRelocation));
        }
        Ok(())
    }

    pub(crate) fn do_relocate(&mut self, player: PlayerId, to: VertexId, events: &mut Vec<Event>) {
        let Phase::RelocatingKnight { knight, from, .. } = self.phase else {
            return;
        };
        self.ck.knights[to.index()] = Some(knight);
        events.push(Event::KnightRelocated { player, from, to });
        self.phase = Phase::Main;
        self.knights_changed_routes(events);
    }

    pub(crate) fn check_chase_robber(&self, player: PlayerId, knight: VertexId) -> Result<(), RuleError> {
        self.check_can_act(player, knight, "chase the robber")?;
        if !self.robber_active() {
            return Err(RuleError::Ck(CkRule::RobberInactive));
        }
        let next_to_robber = self.robber.is_some_and(|h| {
            self.board
                .topology
                .hexes()
                .get(h.index())
                .is_some_and(|hex| hex.corners.contains(&knight))
        });
        if !next_to_robber {
            return Err(RuleError::Ck(CkRule::KnightNotAtRobber));
        }
        Ok(())
    }

    pub(crate) fn do_chase_robber(&mut self, player: PlayerId, knight: VertexId, events: &mut Vec<Event>) {
        if let Some(k) = self.ck.knights[knight.index()].as_mut() {
            k.active = false;
        }
        events.push(Event::RobberChased { player, knight });
        self.phase = Phase::MovingRobber { resume: Resume::Main };
    }

    /// End of turn: knights may be promoted and act again next turn.
    pub(crate) fn refresh_knights(&mut self) {
        for k in self.ck.knights.iter_mut().flatten() {
            k.fresh = false;
            k.promoted = false;
        }
    }
}
