//! The Cities & Knights actions of the trade and build phase, as `legal_actions` lists
//! them (extension point "turn actions"): walls, knights (recruit, promote, activate, move,
//! displace, chase the robber), improvements, progress cards and Commercial Harbor offers.

use crate::action::{Action, CkAction};
use crate::cards::Resource;
use crate::ids::{PlayerId, VertexId};
use crate::progress::Track;
use crate::state::Game;

impl Game {
    /// The Cities & Knights actions of the action phase.
    ///
    /// Every candidate is still confirmed by the check `apply` uses; the conditions tested
    /// first (the price in hand, a piece in supply, a city without a wall, a knight not yet
    /// promoted) are ones those checks require, tested once per call where they do not depend
    /// on the intersection, so the list and its order are the same as trying every check.
    pub(crate) fn push_ck_main(&self, p: PlayerId, out: &mut Vec<Action>) {
        use crate::cards::cost;
        let st = &self.players[p.index()];
        let hand = st.hand;
        let walls = st.ck.walls_left > 0 && hand.contains(&cost::WALL);
        let recruits = st.ck.knights_left[0] > 0 && hand.contains(&cost::KNIGHT);
        let promotions = hand.contains(&cost::PROMOTE);
        let activations = hand.contains(&cost::ACTIVATE);
        if !walls && !recruits {
            // Neither a wall nor a knight can be bought: only `p`'s knights (on intersections
            // without a building, as below) have actions, in the same intersection order.
            for (v, knight) in self.ck.knights.iter().enumerate() {
                if let Some(k) = *knight {
                    if k.owner == p && self.sites[v].is_none() {
                        self.push_knight_actions(p, VertexId(v as u16), k, promotions, activations, out);
                    }
                }
            }
        } else {
            self.push_vertex_pieces(p, walls, recruits, promotions, activations, out);
        }
        for track in Track::ALL {
            // Affordability first: it is the cheap test.
            if hand.contains(&self.improvement_cost(p, track)) && self.check_improve(p, track).is_ok() {
                out.push(Action::Ck(CkAction::Improve { player: p, track }));
            }
        }
        if st.ck.progress.total() > crate::state::PROGRESS_HAND_LIMIT {
            for (card, _) in st.ck.progress.iter() {
                out.push(Action::Ck(CkAction::DiscardProgress { player: p, card }));
            }
        }
        self.push_progress_plays(p, out);
        if self.ck.harbor {
            for to in self.player_ids() {
                for r in Resource::ALL {
                    if self.check_harbor_offer(p, to, r).is_ok() {
                        out.push(Action::Ck(CkAction::OfferHarborTrade {
                            player: p,
                            to,
                            resource: r,
                        }));
                    }
                }
            }
        }
    }

    /// Walls, recruits and `p`'s knights' actions, intersection by intersection.
    fn push_vertex_pieces(
        &self,
        p: PlayerId,
        walls: bool,
        recruits: bool,
        promotions: bool,
        activations: bool,
        out: &mut Vec<Action>,
    ) {
        for v in 0..self.sites.len() {
            let at = VertexId(v as u16);
            match (self.sites[v], self.ck.knights[v]) {
                (Some(s), _)
                    if walls
                        && s.owner == p
                        && s.building.is_city()
                        && !self.ck.walls[v]
                        && self.check_wall(p, at).is_ok() =>
                {
                    out.push(Action::Ck(CkAction::BuildWall { player: p, at }));
                }
                (None, None) if recruits && self.touches_road_of(p, at) && self.check_recruit(p, at).is_ok() => {
                    out.push(Action::Ck(CkAction::RecruitKnight { player: p, at }));
                }
                (None, Some(k)) if k.owner == p => self.push_knight_actions(p, at, k, promotions, activations, out),
                _ => {}
            }
        }
    }

    /// Whether one of `p`'s roads touches intersection `v` (a knight is recruited only there).
    fn touches_road_of(&self, p: PlayerId, v: VertexId) -> bool {
        self.touches_route_piece(p, v)
    }

    /// The actions of `p`'s knight `k` on `at`: promote, activate, or act (move, displace,
    /// chase the robber). `promotions` and `activations`: whether `p` holds their prices.
    fn push_knight_actions(
        &self,
        p: PlayerId,
        at: VertexId,
        k: crate::state::Knight,
        promotions: bool,
        activations: bool,
        out: &mut Vec<Action>,
    ) {
        if promotions && k.level < 3 && !k.promoted && self.check_promote(p, at).is_ok() {
            out.push(Action::Ck(CkAction::PromoteKnight { player: p, at }));
        }
        if !k.active {
            if activations && self.check_activate(p, at).is_ok() {
                out.push(Action::Ck(CkAction::ActivateKnight { player: p, at }));
            }
        } else if !k.fresh {
            let reach = self.knight_reach(p, at, true);
            for to in reach.empty.iter() {
                out.push(Action::Ck(CkAction::MoveKnight {
                    player: p,
                    from: at,
                    to,
                }));
            }
            for to in reach.knights.iter() {
                if self.ck.knights[to.index()].is_some_and(|t| t.level < k.level) {
                    out.push(Action::Ck(CkAction::DisplaceKnight {
                        player: p,
                        from: at,
                        to,
                    }));
                }
            }
            if self.check_chase_robber(p, at).is_ok() {
                out.push(Action::Ck(CkAction::ChaseRobber { player: p, knight: at }));
            }
        }
    }
}
