//! The Cities & Knights actions of the trade and build phase, as `legal_actions` lists
//! them (extension point "turn actions"): walls, knights (recruit, promote, activate, move,
//! displace, chase the robber), improvements, progress cards and Commercial Harbor offers.

use crate::action::{Action, CkAction};
use crate::cards::Resource;
use crate::ids::{PlayerId, VertexId};
use crate::progress::Track;
use crate::state::Game;

use super::knights::KnightWalk;

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
        // The phase, the supply and the prices: the parts of the checks that do not depend
        // on the intersection or the knight (see [`Game::push_vertex_pieces`] and
        // [`Game::push_knight_actions`]).
        let main = self.in_main();
        let walls = st.ck.walls_left > 0 && hand.contains(&cost::WALL);
        let recruits = main && st.ck.knights_left[0] > 0 && hand.contains(&cost::KNIGHT);
        let mut knights = KnightListing {
            promotions: main && hand.contains(&cost::PROMOTE),
            activations: main && hand.contains(&cost::ACTIVATE),
            walk: None,
        };
        if !walls && !recruits {
            // Neither a wall nor a knight can be bought: only `p`'s knights (on intersections
            // without a building, as below) have actions, in the same intersection order
            // ([`Game::own_knights`]: the intersections known to hold one of theirs only).
            for (v, k) in self.own_knights(p) {
                if self.sites[v.index()].is_none() {
                    self.push_knight_actions(p, v, k, &mut knights, out);
                }
            }
        } else {
            self.push_vertex_pieces(p, walls, recruits, &mut knights, out);
        }
        for track in Track::ALL {
            // Affordability first: it is the cheap test. Then a city (not every one of them
            // pillaged), which [`Game::check_improve_at`] asks for after the phase and the
            // track's top level: a player may hold commodities without one (from trades or
            // cards), and the check is not made for them.
            if hand.contains(&self.improvement_cost(p, track))
                && self.has_city(p)
                && self.check_improve(p, track).is_ok()
            {
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

    /// Walls, recruits and `p`'s knights' actions, intersection by intersection: only the
    /// intersections where one of them may be found
    /// ([`Game::vertex_piece_candidates`]), in id order.
    ///
    /// [`Game::check_recruit`] is the phase, an empty intersection at one of `p`'s roads or
    /// ships, the expansions' say on the site, a basic knight in supply and its price;
    /// `recruits` holds the phase, the supply and the price, and the intersection's tests are
    /// made here, so only the expansions' check of the site is asked.
    fn push_vertex_pieces(
        &self,
        p: PlayerId,
        walls: bool,
        recruits: bool,
        knights: &mut KnightListing,
        out: &mut Vec<Action>,
    ) {
        let touched = if recruits {
            self.route_vertices(p)
        } else {
            RouteVertices::default()
        };
        let visit = |v: usize| {
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
                (None, None)
                    if recruits && touched.touches(self, p, at) && self.check_knight_site_ext(at, false).is_ok() =>
                {
                    debug_assert!(self.check_recruit(p, at).is_ok());
                    out.push(Action::Ck(CkAction::RecruitKnight { player: p, at }));
                }
                (None, Some(k)) if k.owner == p => self.push_knight_actions(p, at, k, knights, out),
                _ => {}
            }
        };
        match self.vertex_piece_candidates(p, walls, &touched) {
            Some(candidates) => candidates.iter().for_each(visit),
            None => (0..self.sites.len()).for_each(visit),
        }
    }

    /// The intersections where a wall (`walls`: one can be bought), a recruit or one of `p`'s
    /// knights may have an action: the ends of `p`'s roads and ships (`touched`, marked
    /// when a knight can be bought), `p`'s cities and `p`'s knights, each found from the
    /// player's pieces ([`Game::own_buildings`], [`Game::own_knights`]); `None` on a board with
    /// more intersections than the set holds, where every one is visited.
    fn vertex_piece_candidates(
        &self,
        p: PlayerId,
        walls: bool,
        touched: &RouteVertices,
    ) -> Option<crate::id_set::IdSet<8>> {
        if self.sites.len() > RouteVertices::CAPACITY {
            return None;
        }
        let mut candidates = touched.set;
        if walls {
            for v in self.own_buildings(p, |b| b == crate::state::Building::City) {
                candidates.insert(v.index());
            }
        }
        for (v, _) in self.own_knights(p) {
            candidates.insert(v.index());
        }
        Some(candidates)
    }

    /// The intersections at an end of one of `p`'s roads or ships (a knight is recruited
    /// only there), marked from the player's lists of roads and ships in one pass instead of
    /// looking at the three paths of every intersection.
    pub(super) fn route_vertices(&self, p: PlayerId) -> RouteVertices {
        let mut touched = RouteVertices::default();
        let edges = self.board.topology.edges();
        for e in self.players[p.index()].roads.iter().chain(self.route_ships_ext(p)) {
            if let Some(info) = edges.get(e.index()) {
                for v in info.vertices {
                    touched.set.insert_if(v.index(), true);
                }
            }
        }
        touched
    }

    /// The actions of `p`'s knight `k` on `at`: promote, activate, or act (move, displace,
    /// chase the robber), with what the listing knows of the phase and prices (`knights`).
    ///
    /// [`Game::check_promote`] is the phase, an own knight, [`Game::check_promotable`] and the
    /// price; [`Game::check_activate`] the phase, an own knight lying down and the price. The
    /// knight is `p`'s (`k` is read from `at`), and the phase and the prices are the flags,
    /// so only what depends on the knight is tested here: the same answers. In line: it runs
    /// for every knight of the listing player at every step, mostly to list one activation.
    #[inline(always)]
    fn push_knight_actions(
        &self,
        p: PlayerId,
        at: VertexId,
        k: crate::state::Knight,
        knights: &mut KnightListing,
        out: &mut Vec<Action>,
    ) {
        debug_assert_eq!(self.ck.knights[at.index()], Some(k));
        if knights.promotions && k.level < 3 && !k.promoted && self.check_promotable(p, k).is_ok() {
            debug_assert!(self.check_promote(p, at).is_ok());
            out.push(Action::Ck(CkAction::PromoteKnight { player: p, at }));
        }
        if !k.active {
            if knights.activations {
                debug_assert!(self.check_activate(p, at).is_ok());
                out.push(Action::Ck(CkAction::ActivateKnight { player: p, at }));
            }
        } else if !k.fresh {
            self.push_knight_acts(p, at, k, knights, out);
        }
    }

    /// The acts of `p`'s active knight `k` on `at`, standing since before this turn: move to
    /// an empty intersection it reaches, displace a weaker knight it meets, chase the robber
    /// ([`Game::check_move_knight`], [`Game::check_displace`], [`Game::check_chase_robber`]).
    /// Out of line: most knights listed lie down or stood up this turn, and their listing
    /// stays small without the walk. The reach is the listing's last walk when that walk met
    /// `at` ([`Game::knight_reach_shared`]). [`Game::check_chase_robber`] asks for a knight
    /// that may act (the caller's tests), then the phase, the robber active and `at` a corner
    /// of its hex, asked here.
    #[inline(never)]
    fn push_knight_acts(
        &self,
        p: PlayerId,
        at: VertexId,
        k: crate::state::Knight,
        knights: &mut KnightListing,
        out: &mut Vec<Action>,
    ) {
        let reach = self.knight_reach_shared(p, at, true, &mut knights.walk);
        // The walk meets only the board's intersections: the words beyond them are empty.
        let n = self.sites.len();
        reach.empty.for_each_below(n, |to| {
            out.push(Action::Ck(CkAction::MoveKnight {
                player: p,
                from: at,
                to,
            }));
        });
        reach.knights.for_each_below(n, |to| {
            if self.ck.knights[to.index()].is_some_and(|t| t.level < k.level) {
                out.push(Action::Ck(CkAction::DisplaceKnight {
                    player: p,
                    from: at,
                    to,
                }));
            }
        });
        if self.robber_touches(at) && self.in_main() && self.robber_active() {
            debug_assert!(self.check_chase_robber(p, at).is_ok());
            out.push(Action::Ck(CkAction::ChaseRobber { player: p, knight: at }));
        }
    }
}

/// What one listing knows of the knights' actions: whether it is the action phase and the
/// player holds the price of a promotion (`promotions`) and of an activation
/// (`activations`), and the last knight walk ([`Game::knight_reach_shared`]).
struct KnightListing {
    promotions: bool,
    activations: bool,
    walk: Option<KnightWalk>,
}

/// A set of intersections (bit per id) touched by one player's roads and ships
/// ([`Game::route_vertices`]); ids beyond its table are asked of the board directly.
#[derive(Default)]
pub(super) struct RouteVertices {
    pub(super) set: crate::id_set::IdSet<8>,
}

impl RouteVertices {
    /// The intersections the set holds (ids below this).
    pub(super) const CAPACITY: usize = 8 * 64;

    /// Whether one of `p`'s roads or ships touches `v` (the same answer as
    /// [`Game::touches_route_piece`]).
    pub(super) fn touches(&self, g: &Game, p: PlayerId, v: VertexId) -> bool {
        if v.index() < Self::CAPACITY {
            self.set.contains(v.index())
        } else {
            g.touches_route_piece(p, v)
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::ids::{PlayerId, VertexId};
    use crate::state::Game;

    /// Random Cities & Knights games with and without Seafarers: after every step, the
    /// intersections marked from each player's lists of roads and ships are exactly those
    /// [`Game::touches_route_piece`] finds on the board.
    #[test]
    fn route_vertices_equal_the_board_after_every_step_of_random_games() {
        for (mut g, seed) in crate::testkit::ck_and_sea_games(3) {
            crate::testkit::check_random_play(&mut g, seed, crate::random::Policy::Uniform, 200, |g| {
                for p in g.player_ids() {
                    let touched = g.route_vertices(p);
                    for v in 0..g.sites.len() {
                        let v = VertexId(v as u16);
                        assert_eq!(
                            touched.touches(g, p, v),
                            g.touches_route_piece(p, v),
                            "seed {seed} {p:?} {v:?}"
                        );
                    }
                    assert_candidates_are_every_piece(g, p, &touched);
                }
            });
        }
    }

    /// [`Game::vertex_piece_candidates`] are exactly the intersections a scan of every one
    /// finds with one of `p`'s cities (when a wall can be bought), an end of `p`'s roads and
    /// ships (as marked) or one of `p`'s knights.
    fn assert_candidates_are_every_piece(g: &Game, p: PlayerId, touched: &super::RouteVertices) {
        for walls in [false, true] {
            let every: Vec<usize> = (0..g.sites.len())
                .filter(|&v| {
                    let city = g.sites[v].is_some_and(|s| s.owner == p && s.building == crate::state::Building::City);
                    (walls && city)
                        || touched.touches(g, p, VertexId(v as u16))
                        || g.ck.knights[v].is_some_and(|k| k.owner == p)
                })
                .collect();
            let candidates = g
                .vertex_piece_candidates(p, walls, touched)
                .expect("a board within the set");
            assert_eq!(candidates.iter().collect::<Vec<_>>(), every, "{p:?} walls {walls}");
        }
    }
}
