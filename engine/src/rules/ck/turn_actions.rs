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
    pub(crate) fn push_ck_main(&self, p: PlayerId, out: &mut Vec<Action>) {
        let st = &self.players[p.index()];
        let hand = st.hand;
        let knights_cost = hand.contains(&crate::cards::cost::KNIGHT);
        for v in 0..self.sites.len() {
            let at = VertexId(v as u16);
            match (self.sites[v], self.ck.knights[v]) {
                (Some(s), _) if s.owner == p && st.ck.walls_left > 0 && self.check_wall(p, at).is_ok() => {
                    out.push(Action::Ck(CkAction::BuildWall { player: p, at }));
                }
                (None, None) if knights_cost && st.ck.knights_left[0] > 0 && self.check_recruit(p, at).is_ok() => {
                    out.push(Action::Ck(CkAction::RecruitKnight { player: p, at }));
                }
                (None, Some(k)) if k.owner == p => {
                    if self.check_promote(p, at).is_ok() {
                        out.push(Action::Ck(CkAction::PromoteKnight { player: p, at }));
                    }
                    if !k.active {
                        if self.check_activate(p, at).is_ok() {
                            out.push(Action::Ck(CkAction::ActivateKnight { player: p, at }));
                        }
                    } else if !k.fresh {
                        let reach = self.knight_reach(p, at);
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
                _ => {}
            }
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
}
