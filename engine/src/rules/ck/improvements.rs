//! City improvements, metropolises and the level-3 abilities (source
//! `000_fee7e8147b67bbe6.txt` p. 8; rulings `004_bf8a3dbb68824bc0.txt` "Stadtausbau").
//!
//! Three tracks of 5 levels; level n costs n of the track's commodity (science paper, trade
//! cloth, politics coin). Improving needs at least one city on the board; levels are kept
//! when cities are lost. Level 3 gives a permanent ability: trade, the trading house (2
//! identical commodities for any 1 card, see `trade`); politics, the fortress (strong knights
//! may be promoted to mighty, see `knights`); science, the aqueduct (a player who receives
//! nothing in a production that is not a 7 takes 1 resource of their choice, here).
//! Metropolises: the first to reach level 4 of a track places its metropolis on one of their
//! cities without one; the first to reach level 5 takes it for good. Levels 4 and 5 need an
//! available city (one without a metropolis) in every track, also where another player
//! holds the metropolis; only the holder of a track's metropolis buys its level 5 without
//! one. +2 VP; never pillaged.

use crate::cards::{Cards, Resource};
use crate::error::{CkRule, Piece, RuleError};
use crate::event::Event;
use crate::ids::{PlayerId, VertexId};
use crate::progress::Track;
use crate::state::{Building, CkPhase, Game, Phase};
use crate::CkEvent;

/// Levels on each track.
pub const MAX_LEVEL: u8 = 5;

impl Game {
    /// Whether `p` has a city (not turned on its side), counted from the supply as
    /// [`Game::public_vp`] counts buildings: the city pieces placed are the limit less the
    /// supply, and those turned on their side are counted apart (the invariant
    /// `piece-count` keeps both equal to the board).
    pub(crate) fn has_city(&self, p: PlayerId) -> bool {
        let st = &self.players[p.index()];
        crate::state::CITIES_PER_PLAYER
            .saturating_sub(st.cities_left)
            .saturating_sub(st.ck.damaged_cities)
            > 0
    }

    /// Whether `p` has a city without a metropolis.
    pub(crate) fn has_free_city(&self, p: PlayerId) -> bool {
        self.sites.iter().enumerate().any(|(i, s)| {
            s.is_some_and(|s| s.owner == p && s.building == Building::City)
                && self.metropolis_at(VertexId(i as u16)).is_none()
        })
    }

    /// The cost of the next level of `track` for `p`.
    pub fn improvement_cost(&self, p: PlayerId, track: Track) -> Cards {
        self.improvement_cost_less(p, track, 0)
    }

    /// The cost of the next level, `less` commodities cheaper (Crane).
    pub(crate) fn improvement_cost_less(&self, p: PlayerId, track: Track, less: u8) -> Cards {
        let level = self.players.get(p.index()).map_or(0, |s| s.level(track));
        Cards::of(&[(track.commodity(), (level + 1).saturating_sub(less))])
    }

    /// Whether buying level `level` of `track` wins its metropolis for `p`.
    fn wins_metropolis(&self, p: PlayerId, track: Track, level: u8) -> bool {
        let t = track.index();
        let holder = self.ck.metropolis[t].and_then(|v| self.sites[v.index()].map(|s| s.owner));
        match level {
            4 => holder.is_none(),
            5 => !self.ck.metropolis_final[t] && holder != Some(p),
            _ => false,
        }
    }

    pub(crate) fn check_improve(&self, player: PlayerId, track: Track) -> Result<(), RuleError> {
        self.check_improve_at(player, track, 0)
    }

    /// Improving at a discount of `less` commodities (0, or 1 with Crane).
    pub(crate) fn check_improve_at(&self, player: PlayerId, track: Track, less: u8) -> Result<(), RuleError> {
        if !self.in_main() {
            return Err(self.wrong_time(player, "improve a city"));
        }
        let st = &self.players[player.index()];
        let level = st.level(track);
        if level >= MAX_LEVEL {
            return Err(RuleError::Ck(CkRule::ImprovementMaxLevel));
        }
        if !self.has_city(player) {
            return Err(RuleError::Ck(if st.ck.damaged_cities > 0 {
                CkRule::ImprovementRepairFirst
            } else {
                CkRule::ImprovementNeedsCity
            }));
        }
        self.check_improvement_ext(player, track)?;
        let cost = self.improvement_cost_less(player, track, less);
        if !st.hand.contains(&cost) {
            return Err(RuleError::CannotAfford {
                player: st.colour,
                piece: Piece::Improvement,
                cost,
            });
        }
        if self.needs_available_city(player, track, level + 1) && !self.has_free_city(player) {
            return Err(RuleError::Ck(CkRule::MetropolisNeedsCity));
        }
        Ok(())
    }

    /// Whether buying `level` of `track` needs an available city (one without a metropolis):
    /// levels 4 and 5 do, whoever holds the track's metropolis, unless `p` holds it already
    /// (its metropolis stays where it stands). Sources agree: `000_fee7e8147b67bbe6.txt`
    /// p. 8, `004_bf8a3dbb68824bc0.txt` "Metropolen" (only up to level 3 in the other
    /// tracks), `001_f137f77325d91eec.txt` §11 (names level 4; silent on level 5).
    fn needs_available_city(&self, p: PlayerId, track: Track, level: u8) -> bool {
        let holder = self.ck.metropolis[track.index()].and_then(|v| self.sites[v.index()].map(|s| s.owner));
        level >= 4 && holder != Some(p)
    }

    pub(crate) fn do_improve(&mut self, player: PlayerId, track: Track, events: &mut Vec<Event>) {
        self.do_improve_at(player, track, 0, events);
    }

    pub(crate) fn do_improve_at(&mut self, player: PlayerId, track: Track, less: u8, events: &mut Vec<Event>) {
        let cost = self.improvement_cost_less(player, track, less);
        let st = &mut self.players[player.index()];
        st.hand.remove_all(&cost);
        self.bank.add_all(&cost);
        let level = st.ck.improvements[track.index()] + 1;
        st.ck.improvements[track.index()] = level;
        events.push(Event::Ck(CkEvent::Improved { player, track, level }));
        // Queued before a metropolis placement, which `queue_next` then puts first.
        self.after_improvement_ext(player, events);
        let t = track.index();
        let holder = self.ck.metropolis[t].and_then(|v| self.sites[v.index()].map(|s| s.owner));
        if self.wins_metropolis(player, track, level) {
            self.set_metropolis(track, None);
            self.ck.metropolis_final[t] = level == MAX_LEVEL;
            events.push(Event::Ck(CkEvent::MetropolisWon {
                player,
                track,
                previous: holder,
                r#final: level == MAX_LEVEL,
            }));
            self.queue_next(crate::pending::Pending::ck(
                player,
                crate::pending::CkPending::Metropolis { track },
            ));
        } else if level == MAX_LEVEL && holder == Some(player) && !self.ck.metropolis_final[t] {
            self.ck.metropolis_final[t] = true;
            events.push(Event::Ck(CkEvent::MetropolisWon {
                player,
                track,
                previous: Some(player),
                r#final: true,
            }));
        }
    }

    /// Puts a track's metropolis on the city at `at` (or takes it away), keeping the count
    /// each seat holds ([`crate::state::CkState::metropolises_held`]): a metropolis stands
    /// on a city, whose owner never changes while it stands (p. 8).
    pub(crate) fn set_metropolis(&mut self, track: Track, at: Option<VertexId>) {
        let t = track.index();
        if let Some(owner) = self.ck.metropolis[t].and_then(|v| self.sites[v.index()].map(|s| s.owner)) {
            self.ck.metropolises_held[owner.index()] -= 1;
        }
        self.ck.metropolis[t] = at;
        if let Some(owner) = at.and_then(|v| self.sites[v.index()].map(|s| s.owner)) {
            self.ck.metropolises_held[owner.index()] += 1;
            self.raise_vp_bound(owner);
        }
    }

    pub(crate) fn check_place_metropolis(&self, player: PlayerId, at: VertexId) -> Result<(), RuleError> {
        self.known_vertex(at)?;
        if !matches!(self.phase(), Phase::Ck(CkPhase::PlacingMetropolis { player: p, .. }) if p == player) {
            return Err(self.wrong_time(player, "place a metropolis"));
        }
        let own_city = self.sites[at.index()].is_some_and(|s| s.owner == player && s.building == Building::City);
        if !own_city || self.metropolis_at(at).is_some() {
            return Err(RuleError::Ck(CkRule::MetropolisPlacement));
        }
        Ok(())
    }

    pub(crate) fn do_place_metropolis(&mut self, player: PlayerId, at: VertexId, events: &mut Vec<Event>) {
        let Phase::Ck(CkPhase::PlacingMetropolis { track, .. }) = self.phase() else {
            return;
        };
        self.set_metropolis(track, Some(at));
        events.push(Event::Ck(CkEvent::MetropolisPlaced { player, track, at }));
        self.resolved(events);
    }

    pub(crate) fn check_aqueduct(&self, player: PlayerId, take: Option<Resource>) -> Result<(), RuleError> {
        if self.phase() != (Phase::Ck(CkPhase::Aqueduct { player })) {
            return Err(match self.phase() {
                Phase::Main => RuleError::Ck(CkRule::AqueductNotOwed),
                _ => self.wrong_time(player, "use the aqueduct"),
            });
        }
        if let Some(r) = take {
            if self.bank.get(r.card()) == 0 {
                return Err(RuleError::BankEmpty { card: r.card() });
            }
        }
        Ok(())
    }

    pub(crate) fn do_aqueduct(&mut self, player: PlayerId, take: Option<Resource>, events: &mut Vec<Event>) {
        if let Some(r) = take {
            self.bank.remove(r.card(), 1);
            self.players[player.index()].hand.add(r.card(), 1);
        }
        events.push(Event::Ck(CkEvent::AqueductUsed { player, resource: take }));
        self.resolved(events);
    }
}

#[cfg(test)]
mod tests {
    use crate::board::Corner::*;
    use crate::cards::{CardKind::*, Cards, Resource};
    use crate::progress::{EventFace, Track};
    use crate::testkit::*;
    use crate::CkAction;
    use crate::CkEvent;
    use crate::{Action, CkPhase, Event, Phase};

    fn two_cities() -> Ck {
        Ck::new()
            .city(0, ("E", N))
            .roads(0, "E", &[N, NE])
            .city(0, ("O", S))
            .roads(0, "O", &[S, SW])
            .city(1, ("G", N))
            .roads(1, "G", &[N, NE])
            .settlement(2, ("Q", S))
            .roads(2, "Q", &[S, SW])
    }

    #[test]
    fn level_n_costs_n_commodities_of_the_track_and_needs_a_city() {
        let mut g = two_cities()
            .levels(0, [1, 0, 0])
            .hand(0, Cards::of(&[(Paper, 2)]))
            .game();
        g.apply(Action::Ck(CkAction::Improve {
            player: p(0),
            track: Track::Science,
        }))
        .unwrap();
        assert_eq!(g.player(p(0)).unwrap().level(Track::Science), 2);
        assert_eq!(g.player(p(0)).unwrap().hand, Cards::EMPTY);
        assert_eq!(
            refused(
                &g,
                Action::Ck(CkAction::Improve {
                    player: p(0),
                    track: Track::Science
                })
            ),
            "BASE.BUILD.COST"
        );
        let g = two_cities().current(2).hand(2, Cards::of(&[(Coin, 1)])).game();
        assert_eq!(
            refused(
                &g,
                Action::Ck(CkAction::Improve {
                    player: p(2),
                    track: Track::Politics
                })
            ),
            "CK.IMPROVE.NEEDS_CITY"
        );
    }

    #[test]
    fn the_first_to_level_four_places_the_metropolis_and_the_first_to_five_takes_it() {
        let mut g = two_cities()
            .levels(0, [3, 0, 0])
            .hand(0, Cards::of(&[(Paper, 4)]))
            .game();
        let ev = g
            .apply(Action::Ck(CkAction::Improve {
                player: p(0),
                track: Track::Science,
            }))
            .unwrap();
        assert!(ev.contains(&Event::Ck(CkEvent::MetropolisWon {
            player: p(0),
            track: Track::Science,
            previous: None,
            r#final: false
        })));
        assert_eq!(
            g.phase(),
            Phase::Ck(CkPhase::PlacingMetropolis {
                player: p(0),
                track: Track::Science
            })
        );
        let blue_city = vertex(&g, "G", N);
        assert_eq!(
            refused(
                &g,
                Action::Ck(CkAction::PlaceMetropolis {
                    player: p(0),
                    at: blue_city
                })
            ),
            "CK.METROPOLIS.PLACEMENT"
        );
        let at = vertex(&g, "O", S);
        g.apply(Action::Ck(CkAction::PlaceMetropolis { player: p(0), at }))
            .unwrap();
        assert_eq!(g.metropolis(Track::Science), Some(at));
        assert_eq!(g.total_vp(p(0)), 6);
        // Blue reaches 5 first: takes it for good.
        let mut g = two_cities()
            .levels(0, [4, 0, 0])
            .metropolis(Track::Science, ("O", S))
            .levels(1, [4, 0, 0])
            .current(1)
            .hand(1, Cards::of(&[(Paper, 5)]))
            .game();
        g.apply(Action::Ck(CkAction::Improve {
            player: p(1),
            track: Track::Science,
        }))
        .unwrap();
        g.apply(Action::Ck(CkAction::PlaceMetropolis {
            player: p(1),
            at: blue_city,
        }))
        .unwrap();
        assert!(g.metropolis_final(Track::Science));
        assert_eq!(g.total_vp(p(0)), 4);
        g.check_invariants().unwrap();
    }

    #[test]
    fn a_level_that_would_win_a_metropolis_needs_a_city_without_one() {
        let g = Ck::new()
            .city(0, ("E", N))
            .roads(0, "E", &[N, NE])
            .levels(0, [4, 3, 0])
            .metropolis(Track::Science, ("E", N))
            .opponents()
            .hand(0, Cards::of(&[(Cloth, 4)]))
            .game();
        assert_eq!(
            refused(
                &g,
                Action::Ck(CkAction::Improve {
                    player: p(0),
                    track: Track::Trade
                })
            ),
            "CK.METROPOLIS.NEEDS_CITY"
        );
    }

    #[test]
    fn levels_four_and_five_need_an_available_city_in_every_track_also_where_another_player_holds_the_metropolis() {
        // Red's only city carries the science metropolis; blue holds the trade metropolis.
        let red_one_metropolis_city = |trade: u8, blue_trade: u8| {
            Ck::new()
                .city(0, ("A", N))
                .roads(0, "A", &[N, NE])
                .levels(0, [4, trade, 0])
                .metropolis(Track::Science, ("A", N))
                .city(1, ("G", N))
                .roads(1, "G", &[N, NE])
                .levels(1, [0, blue_trade, 0])
                .metropolis(Track::Trade, ("G", N))
                .settlement(2, ("Q", S))
                .roads(2, "Q", &[S, SW])
                .hand(0, Cards::of(&[(Cloth, 5), (Paper, 5)]))
        };
        let improve = |track| Action::Ck(CkAction::Improve { player: p(0), track });
        // Level 4 of trade would not win a metropolis (blue has it), still refused.
        let g = red_one_metropolis_city(3, 4).game();
        assert_eq!(refused(&g, improve(Track::Trade)), "CK.METROPOLIS.NEEDS_CITY");
        // Level 5 of trade where blue holds it for good: refused too.
        let g = red_one_metropolis_city(4, 5).game();
        assert_eq!(refused(&g, improve(Track::Trade)), "CK.METROPOLIS.NEEDS_CITY");
        let mut legal = vec![];
        g.legal_actions(&mut legal);
        assert!(!legal.contains(&improve(Track::Trade)));
        // Level 5 of red's own metropolis track keeps the metropolis where it is: allowed.
        let mut g = red_one_metropolis_city(3, 4).game();
        g.apply(improve(Track::Science)).unwrap();
        assert!(g.metropolis_final(Track::Science));
        // Up to level 3 nothing changes.
        let mut g = red_one_metropolis_city(2, 4).game();
        g.apply(improve(Track::Trade)).unwrap();
        // A second city makes one available again.
        let g = red_one_metropolis_city(3, 4)
            .city(0, ("O", S))
            .roads(0, "O", &[S, SW])
            .game();
        assert!(g.is_legal(&improve(Track::Trade)));
    }

    #[test]
    fn the_aqueduct_gives_a_resource_to_its_owner_when_they_receive_nothing() {
        // Red (science 3) has cities on E (hills 6) and O (fields 4); an 8 pays red nothing.
        let mut g = two_cities().levels(0, [3, 0, 0]).before_roll().game();
        roll3(&mut g, 5, 3, EventFace::Ship);
        assert_eq!(g.phase(), Phase::Ck(CkPhase::Aqueduct { player: p(0) }));
        g.apply(Action::Ck(CkAction::Aqueduct {
            player: p(0),
            take: Some(Resource::Ore),
        }))
        .unwrap();
        assert_eq!(g.player(p(0)).unwrap().hand, Cards::of(&[(Ore, 1)]));
        assert_eq!(g.phase(), Phase::Main);
        // A 6 pays red: no aqueduct.
        let mut g = two_cities().levels(0, [3, 0, 0]).before_roll().game();
        roll3(&mut g, 3, 3, EventFace::Ship);
        assert_eq!(g.phase(), Phase::Main);
        assert_eq!(
            refused(
                &g,
                Action::Ck(CkAction::Aqueduct {
                    player: p(0),
                    take: None
                })
            ),
            "CK.AQUEDUCT.NOT_OWED"
        );
        // A 7 never triggers it.
        let mut g = two_cities().levels(0, [3, 0, 0]).before_roll().game();
        roll3(&mut g, 3, 4, EventFace::Ship);
        assert_eq!(g.phase(), Phase::Main);
    }
}
