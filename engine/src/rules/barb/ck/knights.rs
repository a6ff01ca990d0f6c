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
use super::super::knights::{push_moves_to, push_ring_moves};
use super::super::options::Displacer;
use super::super::pending::BarbPending;
use super::super::state::{for_each_path, has_path, path_and, path_members, PathBits, PathKnight};
use crate::cards::cost;
use crate::error::{CkRule, Piece, RuleError};
use crate::event::Event;
use crate::ids::{EdgeId, PlayerId};
use crate::pending::{Pending, PendingKind};
use crate::state::{Game, Knight};

/// One knight's moves onto the `open` paths of its `rings` up to `limit`, and displacements
/// onto the `victims` paths within 3, by distance then path id (paths of the first `words`
/// words).
#[inline(never)]
#[allow(clippy::too_many_arguments)]
fn push_moves_of(
    player: PlayerId,
    from: EdgeId,
    rings: &[PathBits; 6],
    limit: u8,
    open: &PathBits,
    victims: &PathBits,
    words: usize,
    out: &mut Vec<crate::Action>,
) {
    use super::super::actions::BarbAction as A;
    use super::super::MOVE_PATHS;
    for (d, set) in (1..).zip(&rings[1..=usize::from(limit).min(5)]) {
        let moves = path_and(set, open);
        let displaced = path_and(set, victims);
        if d > usize::from(MOVE_PATHS) || displaced == [0; 4] {
            push_moves_to(out, player, from, &moves, words, false);
            continue;
        }
        let both = [
            moves[0] | displaced[0],
            moves[1] | displaced[1],
            moves[2] | displaced[2],
            moves[3] | displaced[3],
        ];
        for_each_path(&both, |e| {
            let to = EdgeId(e as u16);
            out.push(crate::Action::Barb(if has_path(&moves, e) {
                A::MovePathKnight {
                    player,
                    from,
                    to,
                    grain: false,
                }
            } else {
                A::DisplacePathKnight { player, from, to }
            }));
        });
    }
}

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
        self.barb.set_knight(at, Some(PathKnight::new(player)));
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
        let Some(k) = self.barb.knight(at) else {
            return;
        };
        self.players[player.index()].ck.exchange_for_stronger(k.level);
        let level = k.level + 1;
        self.barb.set_knight(
            at,
            Some(PathKnight {
                level,
                promoted: true,
                ..k
            }),
        );
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
        if self.barb.knight(at).is_some() {
            self.barb.update_knight(at, |k| k.active = true);
            events.push(Event::Barb(BarbEvent::PathKnightActivated { player, at }));
        }
    }

    /// Lays a knight on a path down, if it stands.
    pub(crate) fn deactivate_path_knight(&mut self, at: EdgeId, events: &mut Vec<Event>) {
        if let Some(k) = self.barb.knight(at).filter(|k| k.active) {
            self.barb.update_knight(at, |k| k.active = false);
            let player = k.owner;
            events.push(Event::Barb(BarbEvent::PathKnightDeactivated { player, at }));
        }
    }

    /// The Cities & Knights actions of `player`'s knights on paths in the trade and build
    /// phase: recruiting on the castle's free paths, promoting, activating.
    ///
    /// What every candidate's check would test the same way (the phase, the price in hand, a
    /// piece in supply) is tested once. A recruit on a free castle path and an activation of
    /// a lying knight of the player then pass every test of their checks
    /// ([`Game::check_recruit_path_knight`], [`Game::check_activate_path_knight`]: the path
    /// is one of the board's, free or holding the player's knight); a promotion is still
    /// confirmed by the part of its check that depends on the knight
    /// ([`Game::check_promotable`], the strength limits). The list is the one trying every
    /// path would give.
    pub(crate) fn push_path_knight_builds(&self, player: PlayerId, out: &mut Vec<crate::Action>) {
        use super::super::actions::BarbAction as A;
        if !self.in_main() {
            return;
        }
        let st = &self.players[player.index()];
        let recruits = st.ck.knights_left[0] > 0 && st.hand.contains(&cost::KNIGHT);
        let promotions = st.hand.contains(&cost::PROMOTE);
        let activations = st.hand.contains(&cost::ACTIVATE);
        if !recruits && !promotions && !activations {
            return;
        }
        // The candidates, read once in path order: the free castle paths and the player's
        // knights.
        let scan = self.path_scan(player);
        let mut candidates = scan.own;
        if recruits {
            let free_castle = path_and(&scan.free, &self.barb.castle_paths);
            for (c, f) in candidates.iter_mut().zip(free_castle) {
                *c |= f;
            }
        }
        for_each_path(&candidates, |i| {
            let at = EdgeId(i as u16);
            let action = match self.barb.knights.get(i).copied().flatten() {
                None if recruits && self.is_castle_path(at) => A::RecruitPathKnight { player, at },
                Some(k) if k.owner == player => {
                    // The phase, the price and the knight's owner are tested: what is left of
                    // the promotion's check is the knight's own (strength, once per turn,
                    // the Fortress, a stronger piece in supply).
                    let promote = A::PromotePathKnight { player, at };
                    let promotable = promotions && self.check_promotable(player, Game::as_ck_knight(k)).is_ok();
                    debug_assert_eq!(promotable, promotions && self.check_barb_ck_action(promote).is_ok());
                    if promotable {
                        out.push(crate::Action::Barb(promote));
                    }
                    if !activations || k.active {
                        return;
                    }
                    A::ActivatePathKnight { player, at }
                }
                _ => return,
            };
            out.push(crate::Action::Barb(action));
        });
    }

    /// The moves and displacements of `player`'s knights while the knights move: up to 3
    /// paths, an active knight up to 5 (then it lies down); an active knight displaces a
    /// weaker opposing knight at most 3 paths away (rules `BARB.CK.MOVE_DISTANCE` and
    /// `BARB.CK.DISPLACE`, source `003_c1bc764549538a7d.txt` "Relocating").
    ///
    /// The board is read once: the free paths, and the opposing knights weaker than each
    /// standing knight. Each knight's rings are cut by them and by the castle's paths
    /// (`BARB.MOVE.NOT_BACK_TO_CASTLE`); the actions come in the order of the knight's path
    /// id, then distance, then the target's path id, as a check of every path would list
    /// them.
    pub(crate) fn push_path_knight_moves_ck(&self, player: PlayerId, out: &mut Vec<crate::Action>) {
        use super::super::{MOVE_PATHS, MOVE_PATHS_WITH_GRAIN};
        let super::super::knights::PathScan { free, unmoved, .. } = self.path_scan(player);
        let words = self.barb.knights.len().div_ceil(64);
        for_each_path(&unmoved, |i| {
            let Some(k) = self.barb.knights.get(i).copied().flatten() else {
                return;
            };
            let from = EdgeId(i as u16);
            let allowed = self.move_targets_from(from);
            let open = path_and(&free, &allowed);
            // Displacement targets: the weaker opposing knights a move may end on, when the
            // knight stands.
            let victims = if k.active && k.level > 1 {
                path_and(&self.weaker_opposing(player, k.level), &allowed)
            } else {
                [0; 4]
            };
            let limit = if k.active { MOVE_PATHS_WITH_GRAIN } else { MOVE_PATHS };
            self.with_rings(from, |rings| {
                if victims == [0; 4] {
                    // Moves only, none taking the grain.
                    push_ring_moves(out, player, from, rings, limit, &open, words, limit);
                } else {
                    push_moves_of(player, from, rings, limit, &open, &victims, words, out);
                }
            });
        });
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
        self.barb.set_knight(from, None);
        k.moved = true;
        self.barb.set_knight(to, Some(k));
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
        self.barb.set_knight(
            to,
            Some(PathKnight {
                level,
                ..PathKnight::new(player)
            }),
        );
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::{CardKind, Cards};
    use crate::rules::barb::actions::BarbAction;
    use crate::rules::barb::testkit::*;
    use crate::Action;

    fn code(g: &Game, a: BarbAction) -> &'static str {
        g.check(&Action::Barb(a)).map_or_else(|e| e.code(), |_| "ok")
    }

    /// A path `d` steps from `from`, off the castle.
    fn at_distance(g: &Game, from: EdgeId, d: usize) -> EdgeId {
        let r = g.reach(from, 5);
        let e = path_members(&r[d]).find(|&e| !g.is_castle_path(EdgeId(e as u16)) && g.barb.knights[e].is_none());
        EdgeId(e.unwrap() as u16)
    }

    #[test]
    fn a_knight_is_paid_as_in_cities_and_knights_and_recruited_on_a_free_castle_path() {
        let mut g = barb_ck_main(4, 1);
        let p = g.current();
        let castle = castle_paths(&g)[0];
        let off = at_distance(&g, castle, 2);
        let recruit = |at| BarbAction::RecruitPathKnight { player: p, at };
        assert_eq!(code(&g, recruit(castle)), "BASE.BUILD.COST");
        crate::testkit::give(&mut g, p, Cards::of(&[(CardKind::Wool, 1), (CardKind::Ore, 1)]));
        assert_eq!(code(&g, recruit(off)), "BARB.CK.RECRUIT");
        let site = g.board.topology.edge(castle).unwrap().vertices[0];
        let vertex = Action::Ck(crate::CkAction::RecruitKnight { player: p, at: site });
        assert_eq!(g.check(&vertex).unwrap_err().code(), "BARB.CK.KNIGHTS_ON_PATHS");
        g.apply(Action::Barb(recruit(castle))).unwrap();
        let k = g.path_knight(castle).unwrap();
        assert_eq!((k.owner, k.level, k.active), (p, 1, false));
        assert_eq!(g.players[p.index()].ck.knights_left, [1, 2, 2]);
        assert!(g.players[p.index()].hand.is_empty());
        assert_eq!(code(&g, recruit(castle)), "BARB.CK.RECRUIT");
    }

    #[test]
    fn promotion_and_activation_work_on_paths_with_the_cities_and_knights_limits() {
        let mut g = barb_ck_main(4, 2);
        let p = g.current();
        let at = castle_paths(&g)[1];
        put_ck_knight(&mut g, p, at, 2, false);
        crate::testkit::give(
            &mut g,
            p,
            Cards::of(&[(CardKind::Wool, 2), (CardKind::Ore, 2), (CardKind::Grain, 1)]),
        );
        let promote = BarbAction::PromotePathKnight { player: p, at };
        assert_eq!(code(&g, promote), "CK.KNIGHT.FORTRESS");
        g.players[p.index()].ck.improvements[crate::progress::Track::Politics.index()] = 3;
        g.apply(Action::Barb(promote)).unwrap();
        assert_eq!(g.path_knight(at).unwrap().level, 3);
        assert_eq!(code(&g, promote), "CK.KNIGHT.MAX_LEVEL");
        let activate = BarbAction::ActivatePathKnight { player: p, at };
        g.apply(Action::Barb(activate)).unwrap();
        assert!(g.path_knight(at).unwrap().active);
        assert_eq!(code(&g, activate), "CK.KNIGHT.ALREADY_ACTIVE");
    }

    #[test]
    fn a_lying_knight_moves_three_paths_and_a_standing_one_five_then_lies_down() {
        let mut g = barb_ck_main(4, 3);
        let p = g.current();
        let [a, b] = [castle_paths(&g)[0], castle_paths(&g)[3]];
        put_ck_knight(&mut g, p, a, 1, false);
        put_ck_knight(&mut g, p, b, 1, true);
        g.apply(Action::EndTurn { player: p }).unwrap();
        assert_eq!(g.phase().name(), "moving-knights");
        let mv = |from, to, grain| BarbAction::MovePathKnight {
            player: p,
            from,
            to,
            grain,
        };
        let a4 = at_distance(&g, a, 4);
        assert_eq!(code(&g, mv(a, a4, false)), "BARB.CK.MOVE_DISTANCE");
        assert_eq!(code(&g, mv(a, a4, true)), "BARB.CK.MOVE_DISTANCE");
        let b5 = at_distance(&g, b, 5);
        assert_eq!(code(&g, mv(b, b5, true)), "BARB.CK.MOVE_DISTANCE");
        let ev = g.apply(Action::Barb(mv(b, b5, false))).unwrap();
        assert!(ev.contains(&Event::Barb(BarbEvent::PathKnightDeactivated { player: p, at: b5 })));
        assert!(!g.path_knight(b5).unwrap().active);
        let a3 = at_distance(&g, a, 3);
        g.apply(Action::Barb(mv(a, a3, false))).unwrap();
        assert_eq!(g.path_knight(a3).map(|k| k.owner), Some(p));
    }

    #[test]
    fn a_standing_knight_displaces_a_weaker_one_whose_owner_relocates_it_nearby() {
        let mut g = barb_ck_main(4, 4);
        let p = g.current();
        let o = PlayerId((p.0 + 1) % 4);
        let from = castle_paths(&g)[0];
        let near = at_distance(&g, from, 2);
        put_ck_knight(&mut g, p, from, 2, true);
        put_ck_knight(&mut g, o, near, 1, true);
        let far = at_distance(&g, from, 4);
        put_ck_knight(&mut g, o, far, 1, false);
        g.apply(Action::EndTurn { player: p }).unwrap();
        let displace = |to| BarbAction::DisplacePathKnight { player: p, from, to };
        assert_eq!(code(&g, displace(far)), "BARB.CK.DISPLACE");
        let ev = g.apply(Action::Barb(displace(near))).unwrap();
        assert!(ev.contains(&Event::Barb(BarbEvent::PathKnightDisplaced {
            player: p,
            from,
            to: near,
            victim: o,
        })));
        // The displacer lies down (option `barb-ck-displacer lies-down`).
        assert_eq!(g.path_knight(near).map(|k| (k.owner, k.active)), Some((p, false)));
        assert_eq!(g.phase().name(), "relocating-path-knight");
        let sites = g.relocation_sites(near);
        let ok = EdgeId(path_members(&sites).next().unwrap() as u16);
        let too_far = at_distance(&g, near, 4);
        let relocate = |to| BarbAction::RelocatePathKnight { player: o, to };
        assert_eq!(code(&g, relocate(too_far)), "BARB.CK.RELOCATE");
        g.apply(Action::Barb(relocate(ok))).unwrap();
        let k = g.path_knight(ok).unwrap();
        assert_eq!((k.owner, k.level, k.active), (o, 1, false));
        assert_eq!(g.phase().name(), "moving-knights");
        g.check_invariants().unwrap();
    }

    #[test]
    fn only_a_standing_knight_displaces_and_only_a_weaker_one() {
        let mut g = barb_ck_main(4, 5);
        let p = g.current();
        let o = PlayerId((p.0 + 1) % 4);
        let from = castle_paths(&g)[0];
        let near = at_distance(&g, from, 1);
        put_ck_knight(&mut g, p, from, 2, false);
        put_ck_knight(&mut g, o, near, 1, false);
        g.apply(Action::EndTurn { player: p }).unwrap();
        let displace = BarbAction::DisplacePathKnight {
            player: p,
            from,
            to: near,
        };
        assert_eq!(code(&g, displace), "BARB.CK.DISPLACE");
        g.barb.update_knight(from, |k| k.active = true);
        g.barb.update_knight(near, |k| k.level = 2);
        assert_eq!(code(&g, displace), "BARB.CK.DISPLACE");
        g.barb.update_knight(near, |k| k.level = 1);
        assert_eq!(code(&g, displace), "ok");
    }
}
