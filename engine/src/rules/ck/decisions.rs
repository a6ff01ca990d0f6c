//! Legal actions for the decisions Cities & Knights adds: answering a Commercial Harbor,
//! committing knights (option `battle fiesepeter`), Treason, Wedding gifts, the Diplomacy
//! road, the pillaged city, a tied defender's deck, a progress card over the limit, the
//! aqueduct, a metropolis and a displaced knight. The base game's `legal_actions` hands these
//! decisions here through the extension point `push_decision_actions`.

use crate::action::Action;
use crate::cards::{CardKind, Resource};
use crate::ids::{PlayerId, VertexId};
use crate::legal::push_discards;
use crate::state::{CkPhase, Game, Phase};
use crate::CkAction;

impl Game {
    /// Pushes the legal actions of the Cities & Knights decision the game waits for (none in
    /// any other phase); `phase` is [`Game::phase`].
    pub(crate) fn push_ck_decision_actions(&self, phase: Phase, out: &mut Vec<Action>) {
        match phase {
            Phase::Ck(CkPhase::HarborAnswer { to, .. }) => {
                for commodity in [CardKind::Paper, CardKind::Cloth, CardKind::Coin] {
                    if self.players[to.index()].hand.get(commodity) > 0 {
                        out.push(Action::Ck(CkAction::GiveCommodity { player: to, commodity }));
                    }
                }
            }
            Phase::Ck(CkPhase::CommittingKnights { player }) => self.push_commit_choices(player, out),
            Phase::Ck(CkPhase::TreasonSurrender { player }) => {
                for (at, k) in self.knights() {
                    if k.owner == player {
                        out.push(Action::Ck(CkAction::SurrenderKnight { player, at }));
                    }
                }
            }
            Phase::Ck(CkPhase::TreasonPlacement { player, level, active }) => {
                // Placing no knight is written with level 1 (the level means nothing then).
                out.push(Action::Ck(CkAction::PlaceTreasonKnight {
                    player,
                    at: None,
                    level: 1,
                }));
                // The sites ([`Game::knight_site_ok`]) are the same for every strength: only
                // the ends of `player`'s roads and ships can be one, marked once from their
                // pieces ([`Game::route_vertices`]) and tried in intersection order (every
                // intersection on a board beyond the marks' capacity).
                let touched = self.route_vertices(player);
                let fits = self.sites.len() <= super::turn_actions::RouteVertices::CAPACITY;
                let site = |at: VertexId| {
                    let ok = self.sites[at.index()].is_none()
                        && self.ck.knights[at.index()].is_none()
                        && self.check_knight_site_ext(at, active).is_ok();
                    debug_assert_eq!(ok, self.knight_site_ok(player, at, active));
                    ok
                };
                for l in 1..=self.treason_max_level(level) {
                    if self.players[player.index()].ck.knights_left[l as usize - 1] == 0 {
                        continue;
                    }
                    let mut place = |v: usize| {
                        let at = VertexId(v as u16);
                        if site(at) {
                            out.push(Action::Ck(CkAction::PlaceTreasonKnight {
                                player,
                                at: Some(at),
                                level: l,
                            }));
                        }
                    };
                    if fits {
                        touched.set.for_each_member(&mut place);
                    } else {
                        (0..self.sites.len())
                            .filter(|&v| self.knight_site_ok(player, VertexId(v as u16), active))
                            .for_each(&mut place);
                    }
                }
            }
            Phase::Ck(CkPhase::WeddingGifts) => {
                for i in 0..self.players.len() {
                    let owed = self.gifts_owed(PlayerId(i as u8));
                    if owed > 0 {
                        let hand = self.players[i].hand;
                        let start = out.len();
                        push_discards(PlayerId(i as u8), &hand, owed, out);
                        for a in &mut out[start..] {
                            if let Action::Discard { player, cards } = *a {
                                *a = Action::Ck(CkAction::GiveCards { player, cards });
                            }
                        }
                    }
                }
            }
            Phase::Ck(CkPhase::DiplomacyRoad { player, .. }) => {
                if self.diplomacy_replaces_ship() {
                    // A removed ship is replaced by a ship only (Seafarers, `SEA.CK.DIPLOMACY`).
                    let start = out.len();
                    self.push_route_alternatives_ext(player, None, out);
                    let mut keep = start;
                    for i in start..out.len() {
                        if self.check(&out[i]).is_ok() {
                            out.swap(keep, i);
                            keep += 1;
                        }
                    }
                    out.truncate(keep);
                } else {
                    self.push_free_road_sites(player, out);
                }
                out.push(Action::Ck(CkAction::SkipFreeRoad { player }));
            }
            // Only the player's own cities can be given up: the check runs on those alone.
            Phase::Ck(CkPhase::Pillaging { player }) => self.push_vertex_actions(out, |at| {
                let own_city = self.sites[at.index()]
                    .is_some_and(|s| s.owner == player && s.building == crate::state::Building::City);
                let a = Action::Ck(CkAction::LoseCity { player, at });
                (own_city && self.check_lose_city(player, at).is_ok()).then_some(a)
            }),
            Phase::Ck(CkPhase::ChoosingDefenderDeck { player }) => self.push_defender_choices(player, out),
            Phase::Ck(CkPhase::DiscardingProgress { player }) => {
                for (card, _) in self.players[player.index()].ck.progress.iter() {
                    out.push(Action::Ck(CkAction::DiscardProgress { player, card }));
                }
            }
            Phase::Ck(CkPhase::Aqueduct { player }) => {
                for r in Resource::ALL {
                    if self.bank.get(r.card()) > 0 {
                        out.push(Action::Ck(CkAction::Aqueduct { player, take: Some(r) }));
                    }
                }
                out.push(Action::Ck(CkAction::Aqueduct { player, take: None }));
            }
            Phase::Ck(CkPhase::PlacingMetropolis { player, .. }) => self.push_vertex_actions(out, |at| {
                let a = Action::Ck(CkAction::PlaceMetropolis { player, at });
                self.check_place_metropolis(player, at).is_ok().then_some(a)
            }),
            Phase::Ck(CkPhase::RelocatingKnight { player, from, knight }) => {
                for to in self.knight_reach(player, from, knight.active).empty.iter() {
                    out.push(Action::Ck(CkAction::RelocateKnight { player, to }));
                }
            }
            _ => {}
        }
    }

    /// The free road after Diplomacy: the paths [`Game::check_road`] accepts, in path order.
    /// A road must reach `player`'s network at one end ([`Game::road_reaches`]: their
    /// building there, or one of their roads), so only the paths at their roads' ends and at
    /// their buildings are checked; every path on a board beyond the set's capacity.
    fn push_free_road_sites(&self, player: PlayerId, out: &mut Vec<Action>) {
        let topo = &self.board.topology;
        let push = |e: usize, out: &mut Vec<Action>| {
            let at = crate::ids::EdgeId(e as u16);
            if self.check_road(player, at).is_ok() {
                out.push(Action::BuildRoad { player, at });
            }
        };
        if self.roads.len() > 16 * 64 {
            (0..self.roads.len()).for_each(|e| push(e, out));
            return;
        }
        let mut candidates = crate::id_set::IdSet::<16>::default();
        let mut add_paths_at = |v: VertexId| {
            for e in topo.vertices()[v.index()].edges.iter() {
                candidates.insert(e.index());
            }
        };
        for &e in &self.players[player.index()].roads {
            for v in topo.edges()[e.index()].vertices {
                add_paths_at(v);
            }
        }
        self.for_each_own_building(player, add_paths_at);
        candidates.for_each_member(|e| push(e, out));
    }
}

#[cfg(test)]
mod tests {
    use crate::action::Action;
    use crate::ids::{EdgeId, VertexId};
    use crate::state::{CkPhase, Phase};
    use crate::CkAction;

    /// Random Cities & Knights games, with and without Seafarers: whenever Treason's knight
    /// or Diplomacy's free road waits, the listed actions are those found by trying every
    /// intersection at every strength ([`Game::knight_site_ok`]) and every path
    /// ([`Game::check_road`]).
    #[test]
    fn treason_sites_and_free_roads_equal_a_scan_of_the_board_in_random_games() {
        let (mut treason, mut roads) = (0, 0);
        for (mut g, seed) in crate::testkit::ck_and_sea_games(6) {
            crate::testkit::check_random_play(&mut g, seed, crate::random::Policy::Uniform, 400, |g| {
                let phase = g.phase();
                let mut listed = Vec::new();
                g.push_ck_decision_actions(phase, &mut listed);
                match phase {
                    Phase::Ck(CkPhase::TreasonPlacement { player, level, active }) => {
                        let mut all = vec![Action::Ck(CkAction::PlaceTreasonKnight {
                            player,
                            at: None,
                            level: 1,
                        })];
                        for l in 1..=g.treason_max_level(level) {
                            for v in 0..g.sites.len() as u16 {
                                let at = VertexId(v);
                                if g.players[player.index()].ck.knights_left[l as usize - 1] > 0
                                    && g.knight_site_ok(player, at, active)
                                {
                                    all.push(Action::Ck(CkAction::PlaceTreasonKnight {
                                        player,
                                        at: Some(at),
                                        level: l,
                                    }));
                                }
                            }
                        }
                        assert_eq!(listed, all, "seed {seed}");
                        treason += 1;
                    }
                    Phase::Ck(CkPhase::DiplomacyRoad { player, .. }) if !g.diplomacy_replaces_ship() => {
                        let mut all: Vec<Action> = (0..g.roads.len() as u16)
                            .map(EdgeId)
                            .filter(|&at| g.check_road(player, at).is_ok())
                            .map(|at| Action::BuildRoad { player, at })
                            .collect();
                        all.push(Action::Ck(CkAction::SkipFreeRoad { player }));
                        assert_eq!(listed, all, "seed {seed}");
                        roads += 1;
                    }
                    _ => {}
                }
            });
        }
        assert!(treason > 0 && roads > 0, "treason {treason}, free roads {roads}");
    }
}
