//! Knights of Cities & Knights on the paths of Barbarian Attack (source
//! `003_c1bc764549538a7d.txt` "Building" and "Knight actions").
//!
//! - **Recruit** (1 wool + 1 ore, a basic knight in supply): a basic knight, lying down, on a
//!   free path of the castle hex (`BARB.CK.RECRUIT`); knights never stand on intersections
//!   (`BARB.CK.KNIGHTS_ON_PATHS`).
//! - **Promote** (1 wool + 1 ore) and **activate** (1 grain) as in Cities & Knights: once per
//!   knight per turn, a free piece of the next strength, mighty only with the Fortress.
//! - **Displace**, while the knights move at the end of the turn: an active knight moves at
//!   most 3 paths onto a path holding a weaker opposing knight (`BARB.CK.DISPLACE`); the
//!   displaced knight lies down and its owner puts it on one of the free paths nearest to
//!   where it stood (`BARB.CK.RELOCATE`, source `catan-faq-tb`: "the next free path"; a castle
//!   path only if it stood on one), or it goes back to supply when no path within 5 is free.
//!   Option `barb-ck-displacer`: whether the displacing knight lies down too.

use super::super::errors::BarbRule;
use super::super::events::BarbEvent;
use super::super::options::Displacer;
use super::super::pending::BarbPending;
use super::super::state::{has_path, path_members, PathBits, PathKnight};
use crate::cards::cost;
use crate::error::{CkRule, Piece, RuleError};
use crate::event::Event;
use crate::ids::{EdgeId, PlayerId};
use crate::pending::{Pending, PendingKind};
use crate::state::{Game, Knight};

impl Game {
    /// The player's own knight on a path.
    pub(crate) fn own_path_knight(&self, player: PlayerId, at: EdgeId) -> Result<PathKnight, RuleError> {
        self.known_edge(at)?;
        match self.barb.knight(at) {
            Some(k) if k.owner == player => Ok(k),
            _ => Err(RuleError::Barb(BarbRule::NotOwnKnight)),
        }
    }

    /// A knight on a path as Cities & Knights' promotion rules see it.
    pub(crate) fn as_ck_knight(k: PathKnight) -> Knight {
        Knight {
            owner: k.owner,
            level: k.level,
            active: k.active,
            fresh: false,
            promoted: k.promoted,
        }
    }

    pub(crate) fn check_recruit_path_knight(&self, player: PlayerId, at: EdgeId) -> Result<(), RuleError> {
        self.known_edge(at)?;
        self.check_main(player, "recruit a knight")?;
        if !self.is_castle_path(at) || !self.path_free(at) {
            return Err(RuleError::Barb(BarbRule::RecruitCastlePath));
        }
        if self.players[player.index()].ck.knights_left[0] == 0 {
            return Err(RuleError::Ck(CkRule::KnightSupply));
        }
        self.check_pays(player, Piece::Knight, cost::KNIGHT)
    }

    pub(crate) fn do_recruit_path_knight(&mut self, player: PlayerId, at: EdgeId, events: &mut Vec<Event>) {
        self.pay_cost(player, cost::KNIGHT);
        self.players[player.index()].ck.knights_left[0] -= 1;
        self.barb.knights[at.index()] = Some(PathKnight::new(player));
        events.push(Event::Barb(BarbEvent::PathKnightRecruited { player, at }));
    }

    pub(crate) fn check_promote_path_knight(&self, player: PlayerId, at: EdgeId) -> Result<(), RuleError> {
        self.check_main(player, "promote a knight")?;
        let k = self.own_path_knight(player, at)?;
        self.check_promotable(player, Game::as_ck_knight(k))?;
        self.check_pays(player, Piece::Promotion, cost::PROMOTE)
    }

    /// Promotes a knight on a path one strength up (paid or free).
    pub(crate) fn promote_path_knight(&mut self, player: PlayerId, at: EdgeId, events: &mut Vec<Event>) {
        let Some(k) = self.barb.knights[at.index()].as_mut() else {
            return;
        };
        let st = &mut self.players[player.index()];
        st.ck.knights_left[k.level as usize - 1] += 1;
        st.ck.knights_left[k.level as usize] -= 1;
        k.level += 1;
        k.promoted = true;
        let level = k.level;
        events.push(Event::Barb(BarbEvent::PathKnightPromoted { player, at, level }));
    }

    pub(crate) fn check_activate_path_knight(&self, player: PlayerId, at: EdgeId) -> Result<(), RuleError> {
        self.check_main(player, "activate a knight")?;
        let k = self.own_path_knight(player, at)?;
        if k.active {
            return Err(RuleError::Ck(CkRule::KnightAlreadyActive));
        }
        self.check_pays(player, Piece::Activation, cost::ACTIVATE)
    }

    /// Stands a knight on a path up (paid or free).
    pub(crate) fn activate_path_knight(&mut self, player: PlayerId, at: EdgeId, events: &mut Vec<Event>) {
        if let Some(k) = self.barb.knights[at.index()].as_mut() {
            k.active = true;
            events.push(Event::Barb(BarbEvent::PathKnightActivated { player, at }));
        }
    }

    /// Lays a knight on a path down, if it stands.
    pub(crate) fn deactivate_path_knight(&mut self, at: EdgeId, events: &mut Vec<Event>) {
        if let Some(k) = self.barb.knights[at.index()].as_mut() {
            if k.active {
                k.active = false;
                let player = k.owner;
                events.push(Event::Barb(BarbEvent::PathKnightDeactivated { player, at }));
            }
        }
    }

    /// The Cities & Knights actions of `player`'s knights on paths in the trade and build
    /// phase: recruiting on the castle's free paths, promoting, activating.
    pub(crate) fn push_path_knight_builds(&self, player: PlayerId, out: &mut Vec<crate::Action>) {
        use super::super::actions::BarbAction as A;
        for i in 0..self.barb.knights.len() {
            let at = EdgeId(i as u16);
            let action = match self.barb.knights[i] {
                None if self.is_castle_path(at) => A::RecruitPathKnight { player, at },
                Some(k) if k.owner == player => {
                    let promote = A::PromotePathKnight { player, at };
                    if self.check_barb_ck_action(promote).is_ok() {
                        out.push(crate::Action::Barb(promote));
                    }
                    A::ActivatePathKnight { player, at }
                }
                _ => continue,
            };
            if self.check_barb_ck_action(action).is_ok() {
                out.push(crate::Action::Barb(action));
            }
        }
    }

    /// The moves and displacements of `player`'s knights while the knights move: up to 3
    /// paths, an active knight up to 5 (then it lies down); an active knight displaces a
    /// weaker opposing knight at most 3 paths away.
    pub(crate) fn push_path_knight_moves_ck(&self, player: PlayerId, out: &mut Vec<crate::Action>) {
        use super::super::actions::BarbAction as A;
        for i in 0..self.barb.knights.len() {
            let from = EdgeId(i as u16);
            let k = match self.barb.knights[i] {
                Some(k) if k.owner == player && !k.moved => k,
                _ => continue,
            };
            let limit = if k.active {
                super::super::MOVE_PATHS_WITH_GRAIN
            } else {
                super::super::MOVE_PATHS
            };
            let reach = self.reach(from, limit);
            let from_castle = self.is_castle_path(from);
            for (d, set) in reach.iter().enumerate().skip(1) {
                for e in path_members(set) {
                    let to = EdgeId(e as u16);
                    if !from_castle && self.is_castle_path(to) {
                        continue;
                    }
                    match self.barb.knights[e] {
                        None => out.push(crate::Action::Barb(A::MovePathKnight {
                            player,
                            from,
                            to,
                            grain: false,
                        })),
                        Some(v)
                            if k.active
                                && d as u8 <= super::super::MOVE_PATHS
                                && v.owner != player
                                && v.level < k.level =>
                        {
                            out.push(crate::Action::Barb(A::DisplacePathKnight { player, from, to }));
                        }
                        Some(_) => {}
                    }
                }
            }
        }
    }

    pub(crate) fn check_displace_path_knight(
        &self,
        player: PlayerId,
        from: EdgeId,
        to: EdgeId,
    ) -> Result<(), RuleError> {
        self.known_edge(to)?;
        if !self.knights_may_move() {
            return Err(self.wrong_time(player, "displace a knight"));
        }
        let k = self.own_path_knight(player, from)?;
        if k.moved {
            return Err(RuleError::Barb(BarbRule::MovedThisTurn));
        }
        let weaker = self
            .barb
            .knight(to)
            .is_some_and(|v| v.owner != player && v.level < k.level);
        if !k.active || !weaker || self.path_distance(from, to, super::super::MOVE_PATHS).is_none() {
            return Err(RuleError::Barb(BarbRule::Displace));
        }
        if self.is_castle_path(to) && !self.is_castle_path(from) {
            return Err(RuleError::Barb(BarbRule::MoveBackToCastle));
        }
        Ok(())
    }

    pub(crate) fn do_displace_path_knight(
        &mut self,
        player: PlayerId,
        from: EdgeId,
        to: EdgeId,
        events: &mut Vec<Event>,
    ) {
        let (Some(mut k), Some(victim)) = (self.barb.knights[from.index()], self.barb.knights[to.index()]) else {
            return;
        };
        self.barb.knights[from.index()] = None;
        k.moved = true;
        self.barb.knights[to.index()] = Some(k);
        events.push(Event::Barb(BarbEvent::PathKnightDisplaced {
            player,
            from,
            to,
            victim: victim.owner,
        }));
        if self.rules.barb.ck_displacer == Displacer::LiesDown {
            self.deactivate_path_knight(to, events);
        }
        if path_members(&self.relocation_sites(to)).next().is_some() {
            self.queue_next(Pending {
                who: victim.owner,
                kind: PendingKind::Barb(BarbPending::Relocate {
                    at: to,
                    level: victim.level,
                }),
            });
        } else {
            self.players[victim.owner.index()].ck.knights_left[victim.level as usize - 1] += 1;
            events.push(Event::Barb(BarbEvent::PathKnightRemoved {
                player: victim.owner,
                at: to,
                level: victim.level,
            }));
        }
    }

    /// The free paths nearest to `at` (within 5; castle paths only when `at` is one) where a
    /// knight displaced from `at` may go.
    pub(crate) fn relocation_sites(&self, at: EdgeId) -> PathBits {
        let castle = self.is_castle_path(at);
        let reach = self.reach(at, super::super::MOVE_PATHS_WITH_GRAIN);
        for set in reach.iter().skip(1) {
            let mut free: PathBits = [0; 4];
            for e in path_members(set) {
                if self.barb.knights[e].is_none() && (castle || !self.is_castle_path(EdgeId(e as u16))) {
                    free[e / 64] |= 1 << (e % 64);
                }
            }
            if free.iter().any(|&w| w != 0) {
                return free;
            }
        }
        [0; 4]
    }

    pub(crate) fn check_relocate_path_knight(&self, player: PlayerId, to: EdgeId) -> Result<(), RuleError> {
        self.known_edge(to)?;
        let (Some(BarbPending::Relocate { at, .. }), Some(entry)) = (self.barb_front(), self.pending.front()) else {
            return Err(self.wrong_time(player, "relocate a knight"));
        };
        if entry.who != player {
            return Err(self.wrong_time(player, "relocate a knight"));
        }
        if !has_path(&self.relocation_sites(at), to.index()) {
            return Err(RuleError::Barb(BarbRule::Relocate));
        }
        Ok(())
    }

    pub(crate) fn do_relocate_path_knight(&mut self, player: PlayerId, to: EdgeId, events: &mut Vec<Event>) {
        let Some(BarbPending::Relocate { level, .. }) = self.barb_front() else {
            return;
        };
        self.barb.knights[to.index()] = Some(PathKnight {
            level,
            ..PathKnight::new(player)
        });
        events.push(Event::Barb(BarbEvent::PathKnightRelocated { player, to }));
        self.resolved(events);
    }

    /// The knights on paths of `p`, by strength (for the Cities & Knights supply).
    pub(crate) fn path_knights_by_level(&self, p: PlayerId) -> [u8; 3] {
        let mut n = [0u8; 3];
        for k in self.barb.knights.iter().flatten() {
            if k.owner == p && (1..=3).contains(&k.level) {
                n[k.level as usize - 1] += 1;
            }
        }
        n
    }
}
