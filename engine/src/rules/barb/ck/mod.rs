//! Barbarian Attack with Cities & Knights: the combination rules of source
//! `003_c1bc764549538a7d.txt` ("Barbarian Attack - Cities and Knights"). Everything of both
//! games applies except what this module changes; the points the source leaves open are named
//! options (`barb-ck-*`, see [`super::options`]).
//!
//! | rule | module | rule id |
//! | --- | --- | --- |
//! | set-up as in both games; no barbarian ship or track, no scenario deck, no T&B knights | [`Game::start_barb`], [`super::expansion`] | `BARB.CK.SETUP`, `BARB.CK.NO_SCENARIO_DECK` |
//! | a ship face lands one barbarian on the coastal hex of the production roll (7: option `barb-ck-ship-seven`) | [`arrival`] | `BARB.CK.SHIP_FACE` |
//! | each city improvement rolls for one arriving barbarian (7: option `barb-ck-improvement-seven`) | [`arrival`] | `BARB.CK.IMPROVEMENT_ARRIVAL` |
//! | settlements and cities still bring three barbarians (option `barb-ck-building-landing`) | [`super::landing`] | `BARB.CK.BUILDING_LANDING` |
//! | barbarian figures are unlimited | [`super::landing`] | `BARB.CK.UNLIMITED_BARBARIANS` |
//! | gold buys resources only | [`super::cards`] (unchanged) | `BARB.CK.GOLD` |
//! | city walls do not protect from conquest | (no Cities & Knights attack happens) | `BARB.CK.WALLS` |
//! | knights are paid as in Cities & Knights and recruited on a free castle path | [`knights`] | `BARB.CK.RECRUIT`, `BARB.CK.KNIGHTS_ON_PATHS` |
//! | a metropolis is never conquered; a metropolis surrounded by conquest is not expanded without another unconquered city | [`super::landing`], [`Game::check_barb_ck_improvement`] | `BARB.CK.METROPOLIS`, `BARB.CK.IMPROVEMENT_CITY` |
//! | knights move up to 3 paths, an active one up to 5 and then lies down | [`super::knights`] | `BARB.CK.MOVE_DISTANCE` |
//! | an active knight displaces a weaker one within 3 paths; the displaced one lies down and is relocated by its owner | [`knights`] | `BARB.CK.DISPLACE`, `BARB.CK.RELOCATE` |
//! | battles: active knights' strength against the barbarians; fighting deactivates | [`super::battles`] | `BARB.CK.BATTLE_STRENGTH` |
//! | a leftover prisoner to the largest contributor of strength | [`super::battles`] | `BARB.CK.PRISONER_LEFTOVER` |
//! | losses: the castle die's knights are downgraded (or removed), 3 gold each | [`super::battles`] | `BARB.CK.LOSSES` |
//! | 3 prisoners = 1 victory point; 13 to win | [`super::expansion`], [`crate::Ruleset::with`] | `BARB.CK.PRISONERS_VP`, `BARB.CK.VICTORY_TARGET` |
//! | Invention, Taxation, Intrigue, Treason, Merchant changed; Diplomacy ignores knights | [`cards`] | `BARB.CK.INVENTION`, `BARB.CK.TAXATION`, `BARB.CK.INTRIGUE`, `BARB.CK.DESERTER`, `BARB.CK.MERCHANT`, `BARB.CK.DIPLOMACY` |
//!
//! Readings of this project where the source says nothing (stated in the catalog): a knight
//! activated this turn may make the long move, displace and fight at once (the source names
//! no waiting time); a knight's move and displacement happen at the end of the turn, with
//! the moves of Barbarian Attack; Smithing, Intrigue and Taxation are played as their own
//! actions on paths and hexes, the other cards as in Cities & Knights.

pub mod arrival;
pub mod cards;
pub mod knights;

use super::actions::BarbAction;
use super::errors::BarbRule;
use super::options::ConqueredCity;
use crate::error::RuleError;
use crate::event::Event;
use crate::ids::{PlayerId, VertexId};
use crate::progress::Track;
use crate::state::{Building, Game};

/// Prisoners worth one victory point with Cities & Knights (source
/// `003_c1bc764549538a7d.txt` "Barbarians").
pub const PRISONERS_PER_VP: u8 = 3;
/// The victory target of the combination (source `003_c1bc764549538a7d.txt` "End of the
/// game").
pub const VICTORY_TARGET: u8 = 13;

impl Game {
    /// Prisoners worth one victory point: 2, or 3 with Cities & Knights.
    #[inline]
    pub(crate) fn prisoners_per_vp(&self) -> u8 {
        if self.barb_ck() {
            PRISONERS_PER_VP
        } else {
            super::PRISONERS_PER_VP
        }
    }

    /// An improvement needs an unconquered city (rule `BARB.CK.IMPROVEMENT_CITY`; a
    /// metropolis counts unless every land hex it touches is conquered). Option
    /// `barb-ck-conquered-city counts`: only the source's own case is refused, the track of a
    /// metropolis surrounded by conquest when no other city of its owner is unconquered.
    pub(crate) fn check_barb_ck_improvement(&self, player: PlayerId, track: Track) -> Result<(), RuleError> {
        if !self.barb_ck() {
            return Ok(());
        }
        if self.barb.lost_vp[player.index()] == 0 {
            // Nothing of theirs is surrounded by conquest (the kept points, which the
            // invariant `conquest` recounts): every city of theirs is unconquered, and the
            // supply says whether they have one (the invariant `piece-count`).
            if self.rules.barb.ck_conquered_city == ConqueredCity::DoesNotCount && !self.has_city(player) {
                return Err(RuleError::Barb(BarbRule::ImprovementCity));
            }
            return Ok(());
        }
        self.check_barb_ck_improvement_by_city(player, track)
    }

    /// [`Game::check_barb_ck_improvement`] city by city: every city of `player` is looked
    /// at ([`Game::own_buildings`]).
    pub(crate) fn check_barb_ck_improvement_by_city(&self, player: PlayerId, track: Track) -> Result<(), RuleError> {
        let free_city = |except: Option<VertexId>| {
            self.own_buildings(player, |b| b == Building::City)
                .any(|v| Some(v) != except && !self.surrounded_by_conquest(v))
        };
        let refused = match self.rules.barb.ck_conquered_city {
            ConqueredCity::DoesNotCount => !free_city(None),
            ConqueredCity::Counts => match self.ck.metropolis[track.index()] {
                Some(m) => {
                    self.sites[m.index()].is_some_and(|s| s.owner == player)
                        && self.surrounded_by_conquest(m)
                        && !free_city(Some(m))
                }
                None => false,
            },
        };
        if refused {
            return Err(RuleError::Barb(BarbRule::ImprovementCity));
        }
        Ok(())
    }

    /// Whether this Barbarian Attack game is played with Cities & Knights.
    #[inline]
    pub(crate) fn barb_ck(&self) -> bool {
        self.rules.ck()
    }

    /// Checks an action only the combination has.
    pub(crate) fn check_barb_ck_action(&self, action: BarbAction) -> Result<(), RuleError> {
        if !self.barb_ck() {
            return Err(RuleError::Unsupported {
                what: "knights with strengths and progress cards on paths and hexes in Barbarian Attack without Cities & Knights",
            });
        }
        match action {
            BarbAction::RecruitPathKnight { player, at } => self.check_recruit_path_knight(player, at),
            BarbAction::PromotePathKnight { player, at } => self.check_promote_path_knight(player, at),
            BarbAction::ActivatePathKnight { player, at } => self.check_activate_path_knight(player, at),
            BarbAction::DisplacePathKnight { player, from, to } => self.check_displace_path_knight(player, from, to),
            BarbAction::RelocatePathKnight { player, to } => self.check_relocate_path_knight(player, to),
            BarbAction::SurrenderPathKnight { player, at } => self.check_surrender_path_knight(player, at),
            BarbAction::PlaceDeserterKnight { player, level } => self.check_deserter(player, level),
            BarbAction::SmithingOnPaths { player, knights } => self.check_smithing_on_paths(player, knights),
            BarbAction::IntrigueOnHex { player, hex } => self.check_intrigue_on_hex(player, hex),
            BarbAction::TaxationOnHex { player, hex } => self.check_taxation_on_hex(player, hex),
            _ => Ok(()),
        }
    }

    /// Carries out an action only the combination has.
    pub(crate) fn do_barb_ck_action(&mut self, action: BarbAction, events: &mut Vec<Event>) {
        match action {
            BarbAction::RecruitPathKnight { player, at } => self.do_recruit_path_knight(player, at, events),
            BarbAction::PromotePathKnight { player, at } => {
                self.pay_cost(player, crate::cards::cost::PROMOTE);
                self.promote_path_knight(player, at, events);
            }
            BarbAction::ActivatePathKnight { player, at } => {
                self.pay_cost(player, crate::cards::cost::ACTIVATE);
                self.activate_path_knight(player, at, events);
            }
            BarbAction::DisplacePathKnight { player, from, to } => {
                self.do_displace_path_knight(player, from, to, events)
            }
            BarbAction::RelocatePathKnight { player, to } => self.do_relocate_path_knight(player, to, events),
            BarbAction::SurrenderPathKnight { player, at } => self.do_surrender_path_knight(player, at, events),
            BarbAction::PlaceDeserterKnight { player, level } => self.do_deserter(player, level, events),
            BarbAction::SmithingOnPaths { player, knights } => self.do_smithing_on_paths(player, knights, events),
            BarbAction::IntrigueOnHex { player, hex } => self.do_intrigue_on_hex(player, hex, events),
            BarbAction::TaxationOnHex { player, hex } => self.do_taxation_on_hex(player, hex, events),
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::random::{PlayConfig, RandomPlayer};
    use crate::rules::barb::testkit::*;

    #[test]
    fn random_games_keep_every_invariant_of_both_games() {
        let cfg = PlayConfig {
            check_invariants: true,
            ..PlayConfig::default()
        };
        let mut winners = 0;
        for seed in 0..30 {
            let mut g = barb_ck_game(3 + (seed % 2) as usize);
            let mut rp = RandomPlayer::new(seed);
            let s = rp
                .play(&mut g, &cfg, None)
                .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
            winners += usize::from(s.winner.is_some());
        }
        assert!(winners >= 10, "{winners} games of 30 ended with a winner");
    }

    #[test]
    fn every_listed_action_is_legal_at_every_step() {
        for seed in 0..4 {
            let mut g = barb_ck_game(4);
            let mut rp = RandomPlayer::new(seed);
            let mut buf = Vec::new();
            for _ in 0..4000 {
                if g.winner().is_some() {
                    break;
                }
                g.legal_actions(&mut buf);
                for a in &buf {
                    assert!(g.is_legal(a), "{a:?} listed but refused: {:?}", g.check(a));
                }
                let Some(a) = rp.choose(&g, Default::default()) else {
                    panic!(
                        "seed {seed}: nothing to do in {:?}, pending {:?}",
                        g.phase(),
                        g.pending.iter().collect::<Vec<_>>()
                    );
                };
                g.apply(a).unwrap();
            }
        }
    }

    /// The improvement check read from the kept conquered points gives the verdict of the
    /// scan of every city, at every step of random games, with both values of option
    /// `barb-ck-conquered-city`.
    #[test]
    fn the_improvement_check_equals_a_scan_after_every_step() {
        use crate::progress::Track;
        use std::sync::Arc;
        let (mut kept, mut refused) = (0, 0);
        for option in [super::ConqueredCity::DoesNotCount, super::ConqueredCity::Counts] {
            for seed in 0..8 {
                let mut r = ck_rules();
                r.barb.ck_conquered_city = option;
                let b = crate::board::Board::barbarian_attack(3, &r.barb);
                let n = 3 + (seed % 2) as usize;
                let colours = &crate::ids::Colour::ALL[..n];
                let mut g = crate::Game::new(r, Arc::new(b), colours, crate::ids::PlayerId(0)).unwrap();
                let mut rp = RandomPlayer::new(seed);
                for _ in 0..6000 {
                    if g.winner().is_some() {
                        break;
                    }
                    for i in 0..n {
                        let p = crate::ids::PlayerId(i as u8);
                        for track in Track::ALL {
                            let fast = g.check_barb_ck_improvement(p, track);
                            assert_eq!(fast, g.check_barb_ck_improvement_by_city(p, track), "seed {seed}");
                            kept += usize::from(g.barb.lost_vp[i] == 0);
                            refused += usize::from(fast.is_err());
                        }
                    }
                    let Some(a) = rp.choose(&g, Default::default()) else {
                        break;
                    };
                    g.apply(a).unwrap();
                }
            }
        }
        assert!(
            kept > 0 && refused > 0,
            "{kept} read from the kept points, {refused} refused"
        );
    }

    #[test]
    fn the_target_is_13() {
        assert_eq!(ck_rules().base.victory_target, super::VICTORY_TARGET);
    }

    #[test]
    fn three_prisoners_are_one_victory_point() {
        let mut g = barb_ck_main(4, 1);
        let p = g.current();
        let base = g.public_vp(p);
        g.barb.prisoners[p.index()] = 2;
        assert_eq!(g.public_vp(p), base);
        g.barb.prisoners[p.index()] = 3;
        assert_eq!(g.public_vp(p), base + 1);
        g.barb.prisoners[p.index()] = 6;
        assert_eq!(g.public_vp(p), base + 2);
    }

    /// A game with `p`'s city on an intersection whose land hexes are all coastal, those
    /// hexes conquered: the city and the player.
    fn city_surrounded_by_conquest(seed: u64) -> (crate::Game, crate::ids::PlayerId, crate::ids::VertexId) {
        let mut g = barb_ck_main(4, seed);
        let p = g.current();
        let v = (0..g.sites.len())
            .map(|i| crate::ids::VertexId(i as u16))
            .find(|v| {
                let info = g.board.topology.vertex(*v).unwrap();
                let land: Vec<_> = info
                    .hexes
                    .iter()
                    .filter(|h| g.board.terrain[h.index()].is_land())
                    .collect();
                g.sites[v.index()].is_none() && !land.is_empty() && land.iter().all(|h| g.barb.coastal[h.index()])
            })
            .unwrap();
        for s in g.sites.iter_mut() {
            if s.is_some_and(|s| s.owner == p) {
                *s = None;
            }
        }
        g.sites[v.index()] = Some(crate::state::Site {
            owner: p,
            building: crate::state::Building::City,
        });
        for h in g.board.topology.vertex(v).unwrap().hexes.iter() {
            if g.barb.coastal[h.index()] {
                let n = g.barb.barbarians[h.index()];
                g.barb.barbarians[h.index()] = 3;
                g.barb.arrived += u32::from(3 - n);
            }
        }
        g.refresh_conquest(&mut Vec::new());
        (g, p, v)
    }

    #[test]
    fn a_metropolis_is_never_conquered_but_an_improvement_needs_an_unconquered_city() {
        use crate::progress::Track;
        let (mut g, p, v) = city_surrounded_by_conquest(2);
        assert!(g.building_conquered(v));
        assert_eq!(g.lost_vp_from_scratch()[p.index()], 2);
        g.set_metropolis(Track::Trade, Some(v));
        assert!(!g.building_conquered(v) && g.surrounded_by_conquest(v));
        assert_eq!(
            g.lost_vp_from_scratch()[p.index()],
            0,
            "the metropolis keeps its points"
        );
        g.players[p.index()].ck.improvements[Track::Trade.index()] = 4;
        crate::testkit::give(
            &mut g,
            p,
            crate::cards::Cards::of(&[(crate::cards::CardKind::Cloth, 5)]),
        );
        let improve = crate::Action::Ck(crate::CkAction::Improve {
            player: p,
            track: Track::Trade,
        });
        assert_eq!(g.check(&improve).unwrap_err().code(), "BARB.CK.IMPROVEMENT_CITY");
        // Option `barb-ck-conquered-city counts`: still refused, the source's own case.
        g.rules.barb.ck_conquered_city = super::ConqueredCity::Counts;
        assert_eq!(g.check(&improve).unwrap_err().code(), "BARB.CK.IMPROVEMENT_CITY");
        // Another track, with only the conquered city: allowed when conquered cities count.
        g.players[p.index()].ck.improvements[Track::Science.index()] = 0;
        crate::testkit::give(
            &mut g,
            p,
            crate::cards::Cards::of(&[(crate::cards::CardKind::Paper, 1)]),
        );
        let science = crate::Action::Ck(crate::CkAction::Improve {
            player: p,
            track: Track::Science,
        });
        assert!(g.check(&science).is_ok(), "{:?}", g.check(&science));
        g.rules.barb.ck_conquered_city = super::ConqueredCity::DoesNotCount;
        assert_eq!(g.check(&science).unwrap_err().code(), "BARB.CK.IMPROVEMENT_CITY");
    }
}
