//! The pirate (source `004_bf8a3dbb68824bc0.txt`, "Die Seefahrer" E "Der Seeräuber").
//!
//! The pirate starts on the sea hex the map marks. On a 7 (after the discards) and when a
//! Knight card is played, the player moves either the robber (to any land hex, also across
//! the sea) or the pirate (to another sea hex) — one of them, never both. Moving the pirate
//! robs one card from a player with a ship on one of the six paths of its new hex (the mover
//! names the victim; the card is chance, as for the robber). While it stands there, no ship
//! is built on, moved to or moved from those six paths; it does not block production or
//! harbors.

use super::errors::SeaRule;
use super::events::SeaEvent;
use super::pending::SeaPending;
use crate::board::Terrain;
use crate::error::RuleError;
use crate::event::Event;
use crate::ids::{HexId, PlayerId};
use crate::pending::{BasePending, Pending, PendingKind};
use crate::state::Game;

impl Game {
    /// Checks moving the pirate in place of the robber.
    pub(crate) fn check_move_pirate(&self, player: PlayerId, to: HexId) -> Result<(), RuleError> {
        self.known_hex(to)?;
        self.check_pirate_moment(player)?;
        self.check_pirate_hex(to)
    }

    /// Whether the pirate may move now at all (not where to). Inlined into the listing
    /// ([`Game::push_pirate_moves`]), which runs it at every robber move.
    #[inline]
    fn check_pirate_moment(&self, player: PlayerId) -> Result<(), RuleError> {
        let moving = self.pending.front().is_some_and(|e| {
            matches!(
                e.kind,
                PendingKind::Base(BasePending::MoveRobber) | PendingKind::Sea(SeaPending::ChasedPirate)
            )
        });
        if !moving || self.winner().is_some() {
            return Err(self.wrong_time(player, "move the pirate"));
        }
        // With Cities & Knights the pirate, like the robber, waits for the first barbarian
        // attack (rule `SEA.CK.PIRATE_FROZEN`).
        if !self.robber_active() {
            return Err(RuleError::Sea(SeaRule::PirateFrozen));
        }
        Ok(())
    }

    /// Whether the pirate may go to hex `to` (a known hex): a sea hex other than its own.
    fn check_pirate_hex(&self, to: HexId) -> Result<(), RuleError> {
        if self.board.terrain[to.index()] != Terrain::Sea {
            return Err(RuleError::Sea(SeaRule::PirateOnSea));
        }
        if self.sea.pirate == Some(to) {
            return Err(RuleError::Sea(SeaRule::PirateMustMove));
        }
        Ok(())
    }

    /// The seats with a ship on a path of the pirate's hex but `player` (the mover), as bits
    /// ([`crate::rules::seat_bit`]): those the mover may rob. Every path is read and its
    /// owner's bit added, without a test per path and seat (which owner stands where is data
    /// the processor cannot foresee).
    pub(crate) fn pirate_victims(&self, player: PlayerId) -> u32 {
        let Some(h) = self.sea.pirate else { return 0 };
        let Some(hex) = self.board.topology.hex(h) else {
            return 0;
        };
        let seats = hex.sides.iter().fold(0, |seats, &e| {
            seats | self.sea.ship(e).map_or(0, crate::rules::seat_bit)
        });
        seats & !crate::rules::seat_bit(player)
    }

    /// Moves the pirate; the mover then names a victim if anyone has a ship there.
    pub(crate) fn do_move_pirate(&mut self, player: PlayerId, to: HexId, events: &mut Vec<Event>) {
        self.pending.pop_front();
        let from = self.sea.pirate;
        self.sea.pirate = Some(to);
        events.push(Event::Sea(SeaEvent::PirateMoved { player, from, to }));
        if self.pirate_victims(player) != 0 {
            self.queue_next(Pending {
                who: player,
                kind: PendingKind::Sea(SeaPending::PirateVictim),
            });
        }
        self.run_engine_steps(events);
    }

    /// The pirate moves the mover may make while the robber is to be moved.
    pub(crate) fn push_pirate_moves(&self, player: PlayerId, out: &mut Vec<crate::Action>) {
        // What does not depend on the hex is tested once: the hexes [`Game::check_move_pirate`]
        // accepts.
        if self.check_pirate_moment(player).is_err() {
            return;
        }
        let own = self.sea.pirate;
        let to_hex = |to: HexId| crate::Action::Sea(super::actions::SeaAction::MovePirate { player, to });
        match self.sea.sea_hexes.get() {
            // The kept sea hexes but the pirate's own, in order: the runs before and after
            // it, each copied in one go (one loop of fixed length, as the robber's listing,
            // took half as many instructions again for a few mispredicted branches).
            Some(sea) => {
                let (before, after) = match own.map(|h| sea.binary_search(&h)) {
                    Some(Ok(k)) => (&sea[..k], &sea[k + 1..]),
                    _ => (sea, &[][..]),
                };
                out.extend(before.iter().map(|&h| to_hex(h)));
                out.extend(after.iter().map(|&h| to_hex(h)));
            }
            None => self.push_pirate_moves_by_scan(player, out),
        }
    }

    /// The hexes [`Game::push_pirate_moves`] lists, as the kept sea hexes but the pirate's own
    /// (none when the pirate may not move now); `None` when the kept hexes are unknown.
    pub(crate) fn pirate_targets(&self, player: PlayerId) -> Option<crate::kept::HexesBut<'_>> {
        if self.check_pirate_moment(player).is_err() {
            return Some(crate::kept::HexesBut::NONE);
        }
        self.sea.sea_hexes.but(self.sea.pirate)
    }

    /// [`Game::push_pirate_moves`] read from the board's terrain hex by hex (a state read
    /// back): the known hexes in order, a sea hex other than the pirate's own
    /// ([`Game::check_pirate_hex`]).
    #[cold]
    #[inline(never)]
    fn push_pirate_moves_by_scan(&self, player: PlayerId, out: &mut Vec<crate::Action>) {
        let own = self.sea.pirate;
        for (h, &terrain) in self.board.terrain.iter().enumerate().take(self.tokens.len()) {
            if terrain == Terrain::Sea && own != Some(HexId(h as u16)) {
                out.push(crate::Action::Sea(super::actions::SeaAction::MovePirate {
                    player,
                    to: HexId(h as u16),
                }));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::testkit::*;
    use crate::error::RuleError;
    use crate::rules::sea::errors::SeaRule;
    use crate::state::Phase;
    use crate::{Action, HexId, Outcome, PlayerId, SeaAction};

    fn seven(g: &mut crate::Game) {
        g.step = crate::pending::Step::BeforeRoll;
        g.apply(Action::Roll { player: g.current() }).unwrap();
        g.apply(Action::Chance(Outcome::Dice { red: 3, yellow: 4 })).unwrap();
    }

    /// Random games on both maps: at every step, the pirate moves listed from the kept sea
    /// hexes are those listed from the board's terrain (a state read back) and the hexes
    /// `check_move_pirate` accepts, and the kept hexes those of the board.
    #[test]
    fn the_listed_pirate_moves_are_the_hexes_the_check_accepts_in_random_games() {
        use crate::random::{Policy, RandomPlayer};
        use crate::ruleset::{Expansion, ExpansionSet, Ruleset};
        use crate::{Board, Colour, Game, SeaMap};
        let rules = Ruleset::with(ExpansionSet::of(&[Expansion::Seafarers]));
        let mut listed_steps = 0;
        for seed in [320, 321] {
            for map in SeaMap::ALL {
                let board = std::sync::Arc::new(Board::seafarers(map, 4, seed).expect("a map"));
                let mut g = Game::new(rules.clone(), board, &Colour::ALL[..4], PlayerId(0)).expect("a game");
                let mut rp = RandomPlayer::new(seed);
                while g.winner().is_none() && g.turn() <= 150 {
                    assert_eq!(g.sea.sea_hexes.get(), crate::kept::KeptHexes::sea(&g).get());
                    assert!(g.sea.sea_hexes.get().is_some(), "seed {seed} {map:?}: sea hexes kept");
                    let p = g.current();
                    let mut unknown = g.clone();
                    unknown.sea.sea_hexes = Default::default();
                    let (mut kept, mut tested) = (Vec::new(), Vec::new());
                    g.push_pirate_moves(p, &mut kept);
                    unknown.push_pirate_moves(p, &mut tested);
                    assert_eq!(kept, tested, "seed {seed} {map:?}");
                    let accepted: Vec<Action> = (0..g.tokens.len() as u16)
                        .map(|h| {
                            Action::Sea(SeaAction::MovePirate {
                                player: p,
                                to: HexId(h),
                            })
                        })
                        .filter(|a| g.check(a).is_ok())
                        .collect();
                    assert_eq!(kept, accepted, "seed {seed} {map:?}");
                    listed_steps += usize::from(!kept.is_empty());
                    let Some(a) = rp.choose(&g, Policy::Uniform) else { break };
                    g.apply(a).expect("a listed action");
                }
            }
        }
        assert!(listed_steps > 20, "pirate moves listed at {listed_steps} steps");
    }

    #[test]
    fn a_seven_moves_the_robber_or_the_pirate_and_the_pirate_robs_a_ship_owner() {
        let (mut g, me, coast) = coastal_game();
        let blue = PlayerId(1);
        // Blue's ship on the coast next to red's settlement.
        let (v, _, _) = coastal_pair(&g);
        let blue_ship = sea_paths_at(&g, v).into_iter().find(|&e| e != coast).unwrap();
        place_ship(&mut g, blue, blue_ship);
        give(&mut g, blue, crate::Cards::of(&[(crate::CardKind::Ore, 2)]));
        seven(&mut g);
        assert_eq!(g.phase(), Phase::MovingRobber);
        let sea_hex = g.board.topology.edges()[blue_ship.index()]
            .hexes
            .iter()
            .find(|h| g.board.terrain[h.index()] == crate::Terrain::Sea)
            .unwrap();
        let land_hex = g.board.topology.edges()[blue_ship.index()]
            .hexes
            .iter()
            .find(|h| g.board.terrain[h.index()] != crate::Terrain::Sea)
            .unwrap();
        let pirate = |to: HexId| Action::Sea(SeaAction::MovePirate { player: me, to });
        assert_eq!(
            g.check(&pirate(land_hex)).unwrap_err(),
            RuleError::Sea(SeaRule::PirateOnSea)
        );
        let mut legal = Vec::new();
        g.legal_actions(&mut legal);
        assert!(legal.contains(&pirate(sea_hex)));
        assert!(legal.iter().any(|a| matches!(a, Action::MoveRobber { .. })));
        g.apply(pirate(sea_hex)).unwrap();
        assert_eq!(g.pirate(), Some(sea_hex));
        assert_eq!(g.phase(), Phase::ChoosingVictim);
        assert!(g
            .check(&Action::Rob {
                player: me,
                victim: blue
            })
            .is_ok());
        g.apply(Action::Rob {
            player: me,
            victim: blue,
        })
        .unwrap();
        g.apply(Action::Chance(Outcome::Steal {
            card: crate::CardKind::Ore,
        }))
        .unwrap();
        assert_eq!(g.player(me).unwrap().hand.get(crate::CardKind::Ore), 1);
        // The pirate now blocks ships on its hex's paths.
        give(&mut g, me, super::super::ships::SHIP_COST);
        assert_eq!(
            g.check(&ship(me, coast)).unwrap_err(),
            RuleError::Sea(SeaRule::PiratePath)
        );
    }
}
