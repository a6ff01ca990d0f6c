//! The robber and discards (source `base-rules` §4 "Rolling a 7", §6 knight).
//!
//! On a 7 every player holding more than 7 cards chooses and returns half, rounded down.
//! The roller (or the knight's player) must move the robber to another land hex, then names
//! one player with a building next to it to rob; the card taken is chance. A victim with
//! no cards gives nothing. With nobody to rob, play resumes at once.

use crate::cards::Cards;
use crate::error::RuleError;
use crate::event::Event;
use crate::ids::{HexId, PlayerId};
use crate::pending::{BasePending, CkPending, Pending, PendingKind};
use crate::state::{Game, Phase};

/// Seat `p` as a bit of a set of seats (bit `p`; none for an id past the bits).
#[inline]
pub(crate) fn seat_bit(p: PlayerId) -> u32 {
    1u32.checked_shl(u32::from(p.0)).unwrap_or(0)
}

impl Game {
    /// The robber moves `player` may make, once [`Game::check_robber_moment`] allows one:
    /// every known land hex but the robber's own, in increasing id (the hexes
    /// [`Game::check_move_robber`] accepts, source `base-rules` §4 "Rolling a 7").
    pub(crate) fn push_robber_moves(&self, player: PlayerId, out: &mut Vec<crate::Action>) {
        let own = self.robber;
        let to_hex = |to: HexId| crate::Action::MoveRobber { player, to };
        match self.land_hexes.get() {
            // The kept land hexes but the robber's own (at `k`, found by a binary search), in
            // order, copied in one loop whose length is fixed for the board: the `j`-th move
            // goes to the `j`-th hex before `k` and to the next one from `k` on, an
            // arithmetic step rather than a test (two runs, before and after `k`, had lengths
            // the processor could not foresee).
            Some(land) => {
                let (k, found) = match own.map(|h| land.binary_search(&h)) {
                    Some(Ok(k)) => (k, true),
                    _ => (land.len(), false),
                };
                let n = land.len() - usize::from(found);
                out.extend((0..n).map(|j| to_hex(land[j + usize::from(j >= k)])));
            }
            None => self.push_robber_moves_by_scan(player, out),
        }
    }

    /// The robber's steps for a player choosing uniformly among the listed actions (the
    /// random player): while the robber is to be moved, [`Game::pick_robber_move`]; while a
    /// victim is to be named, [`Game::pick_victim`]; `None` in any other phase (one test of
    /// the queue's front for both).
    pub(crate) fn pick_robber_step(&self, draw: impl FnOnce(usize) -> usize) -> Option<Option<crate::Action>> {
        use crate::rules::sea::pending::SeaPending;
        if matches!(self.step, crate::pending::Step::Ended { .. }) {
            return None;
        }
        match self.pending.front()?.kind {
            kind if moves_robber(kind) => self.pick_robber_move(draw),
            PendingKind::Base(BasePending::ChooseVictim) | PendingKind::Sea(SeaPending::PirateVictim) => {
                self.pick_victim(draw)
            }
            _ => None,
        }
    }

    /// While a victim is to be named ([`Phase::ChoosingVictim`]), the robbery a uniform
    /// choice among the listed ones falls on: `draw` is given how many
    /// [`Game::legal_actions`] lists (one per seat [`Game::victims`] names, in seat order)
    /// and returns an index below that; `Some(None)` when none is listed (then `draw` is not
    /// called); `None` in any other phase.
    pub(crate) fn pick_victim(&self, draw: impl FnOnce(usize) -> usize) -> Option<Option<crate::Action>> {
        if self.phase() != Phase::ChoosingVictim {
            return None;
        }
        let player = self.current;
        let seats = self.player_ids().fold(0u32, |s, q| s | seat_bit(q));
        let mut victims = self.victims(player) & seats;
        if victims == 0 {
            return Some(None);
        }
        let k = draw(victims.count_ones() as usize);
        // The `k`-th seat of the set, the lower ones cleared first.
        for _ in 0..k {
            victims &= victims.wrapping_sub(1);
        }
        Some((victims != 0).then(|| crate::Action::Rob {
            player,
            victim: PlayerId(victims.trailing_zeros() as u8),
        }))
    }

    /// While the robber is to be moved ([`Phase::MovingRobber`]), the move a uniform choice
    /// among the listed ones falls on: `draw` is given how many [`Game::legal_actions`] lists
    /// (the robber's moves, then the pirate's in their place, source `base-rules` §4
    /// "Rolling a 7" and `004_bf8a3dbb68824bc0.txt` "Der Seeräuber") and returns an index
    /// below that; the move listed at that index is built alone, from the kept hex lists
    /// ([`crate::kept::KeptHexes`]), instead of listing every land and sea hex. `Some(None)`
    /// when none is listed (then `draw` is not called); `None` in any other phase, or when a
    /// kept list is unknown (a state read back: the listing decides).
    pub(crate) fn pick_robber_move(&self, draw: impl FnOnce(usize) -> usize) -> Option<Option<crate::Action>> {
        if !self.in_robber_move() {
            return None;
        }
        // The player the listing names ([`Game::legal_actions`]).
        let player = self.current;
        let robber = match self.check_robber_moment(player) {
            Ok(()) => self.land_hexes.but(self.robber)?,
            Err(_) => crate::kept::HexesBut::NONE,
        };
        // Only Seafarers moves a piece in the robber's place (the pirate).
        let pirate = match self.rules.has(crate::ruleset::Expansion::Seafarers) {
            true => self.pirate_targets(player)?,
            false => crate::kept::HexesBut::NONE,
        };
        let total = robber.len() + pirate.len();
        if total == 0 {
            return Some(None);
        }
        let k = draw(total);
        Some(match k.checked_sub(robber.len()) {
            None => robber.get(k).map(|to| crate::Action::MoveRobber { player, to }),
            Some(j) => pirate
                .get(j)
                .map(|to| crate::Action::Sea(crate::SeaAction::MovePirate { player, to })),
        })
    }

    /// Whether the robber is to be moved (the same as `phase() == Phase::MovingRobber`,
    /// without building the view: only a robber move at the front of the queue shows it).
    #[inline]
    pub(crate) fn in_robber_move(&self) -> bool {
        use crate::pending::Step;
        !matches!(self.step, Step::Ended { .. }) && self.pending.front().is_some_and(|e| moves_robber(e.kind))
    }

    /// [`Game::push_robber_moves`] read from the board hex by hex (a state read back).
    #[cold]
    #[inline(never)]
    pub(crate) fn push_robber_moves_by_scan(&self, player: PlayerId, out: &mut Vec<crate::Action>) {
        for h in 0..self.tokens.len() {
            let to = HexId(h as u16);
            if self.known_hex(to).is_ok() && self.check_robber_hex(to).is_ok() {
                out.push(crate::Action::MoveRobber { player, to });
            }
        }
    }

    pub(crate) fn check_discard(&self, player: PlayerId, cards: Cards) -> Result<(), RuleError> {
        if self.phase() != Phase::Discarding {
            return Err(self.wrong_time(player, "discard"));
        }
        let st = &self.players[player.index()];
        let owed = self.discards_owed(player);
        if owed == 0 {
            return Err(RuleError::NoDiscardOwed { player: st.colour });
        }
        if !self.has_commodities() {
            if let Some((k, _)) = cards.iter().find(|(k, _)| k.is_commodity()) {
                return Err(RuleError::NotInThisGame { card: k });
            }
        }
        if cards.total() != owed as u32 {
            return Err(RuleError::DiscardCount {
                player: st.colour,
                owed,
                given: cards.total(),
            });
        }
        if !st.hand.contains(&cards) {
            return Err(RuleError::NotHeld {
                player: st.colour,
                cards,
                code: "BASE.SEVEN.DISCARD_HELD",
            });
        }
        Ok(())
    }

    pub(crate) fn do_discard(&mut self, player: PlayerId, cards: Cards, events: &mut Vec<Event>) {
        self.players[player.index()].hand.remove_all(&cards);
        self.bank.add_all(&cards);
        events.push(Event::Discarded { player, cards });
        let owed = self
            .pending
            .position(|e| e.who == player && matches!(e.kind, PendingKind::Base(BasePending::Discard { .. })));
        if let Some(i) = owed {
            self.pending.remove(i);
        }
        self.run_engine_steps(events);
    }

    pub(crate) fn check_move_robber(&self, player: PlayerId, to: HexId) -> Result<(), RuleError> {
        self.known_hex(to)?;
        self.check_robber_moment(player)?;
        self.check_robber_hex(to)
    }

    /// Whether the robber may move now at all (not where to).
    pub(crate) fn check_robber_moment(&self, player: PlayerId) -> Result<(), RuleError> {
        let moving = self.pending.front().is_some_and(|e| moves_robber(e.kind));
        if !moving || self.winner().is_some() {
            return Err(self.wrong_time(player, "move the robber"));
        }
        Ok(())
    }

    /// Whether the robber may go to hex `to` (a known hex): a land hex other than its own.
    pub(crate) fn check_robber_hex(&self, to: HexId) -> Result<(), RuleError> {
        if !self.board.terrain[to.index()].is_land() {
            return Err(RuleError::RobberNotOnLand);
        }
        if self.robber == Some(to) {
            return Err(RuleError::RobberMustMove);
        }
        Ok(())
    }

    /// Whether `victim` can be robbed by `player` now ([`Game::victims`]).
    pub(crate) fn is_victim(&self, player: PlayerId, victim: PlayerId) -> bool {
        self.victims(player) & seat_bit(victim) != 0
    }

    /// The seats `player` may rob now, as bits ([`seat_bit`]): those an expansion names when
    /// the robbery pending is its own (the pirate's), else those with a building at a corner
    /// of the robber's hex; never `player`. Every corner is read and its owner's bit added,
    /// without a test per corner and seat (which owner stands where is data the processor
    /// cannot foresee).
    pub(crate) fn victims(&self, player: PlayerId) -> u32 {
        let seats = match self.robbery_victims_ext(player) {
            Some(seats) => seats,
            None => self.seats_at_robber(),
        };
        seats & !seat_bit(player)
    }

    /// The seats with a building at a corner of the robber's hex, as bits.
    fn seats_at_robber(&self) -> u32 {
        let Some(h) = self.robber else { return 0 };
        let Some(hex) = self.board.topology.hex(h) else {
            return 0;
        };
        hex.corners.iter().fold(0, |seats, v| {
            seats | self.sites[v.index()].map_or(0, |s| seat_bit(s.owner))
        })
    }

    pub(crate) fn do_move_robber(&mut self, player: PlayerId, to: HexId, events: &mut Vec<Event>) {
        let Some(entry) = self.pending.pop_front() else {
            return;
        };
        let from = self.robber;
        self.robber = Some(to);
        events.push(Event::RobberMoved { player, from, to });
        if entry.kind == PendingKind::Ck(CkPending::TaxationRobber) {
            self.start_taxation(player);
        } else if self.victims(player) != 0 {
            self.queue_next(Pending::base(player, BasePending::ChooseVictim));
        }
        self.run_engine_steps(events);
    }

    pub(crate) fn check_rob(&self, player: PlayerId, victim: PlayerId) -> Result<(), RuleError> {
        self.known_player(victim)?;
        if self.phase() != Phase::ChoosingVictim {
            return Err(self.wrong_time(player, "rob"));
        }
        if !self.is_victim(player, victim) {
            return Err(RuleError::NotAVictim {
                victim: self.colour(victim),
            });
        }
        Ok(())
    }

    pub(crate) fn do_rob(&mut self, player: PlayerId, victim: PlayerId, events: &mut Vec<Event>) {
        self.pending.pop_front();
        if self.players[victim.index()].hand.is_empty() {
            events.push(Event::Robbed {
                player,
                victim,
                card: None,
            });
        } else {
            self.queue_next(Pending::base(player, BasePending::Steal { victim }));
        }
        self.run_engine_steps(events);
    }

    /// Chance: the card taken from the victim of the front `Steal` entry.
    pub(crate) fn do_steal(&mut self, card: crate::cards::CardKind, events: &mut Vec<Event>) {
        let Phase::Stealing { victim } = self.phase() else {
            return;
        };
        let player = self.current;
        self.players[victim.index()].hand.remove(card, 1);
        self.players[player.index()].hand.add(card, 1);
        events.push(Event::Robbed {
            player,
            victim,
            card: Some(card),
        });
        self.resolved(events);
    }
}

/// Whether a pending decision of this kind is a robber move: after a 7 or a Knight card
/// (source `base-rules` §4), or Cities & Knights' taxation and chased robber.
#[inline]
fn moves_robber(kind: PendingKind) -> bool {
    matches!(
        kind,
        PendingKind::Base(BasePending::MoveRobber)
            | PendingKind::Ck(CkPending::TaxationRobber)
            | PendingKind::Ck(CkPending::ChasedRobber)
    )
}

#[cfg(test)]
mod tests {
    use crate::cards::{CardKind, Cards};
    use crate::state::Phase;
    use crate::testkit::*;
    use crate::{Action, Outcome};

    fn seven(g: &mut crate::Game) {
        g.apply(Action::Roll { player: g.current() }).unwrap();
        g.apply(Action::Chance(Outcome::Dice { red: 3, yellow: 4 })).unwrap();
    }

    /// Random games of the base game, Cities & Knights, Barbarian Attack and Seafarers on
    /// every map (with and without Cities & Knights): at every step the robber moves listed
    /// from the kept land hexes are those listed hex by hex (a state read back) and, while
    /// the robber is to be moved, those `check_move_robber` accepts of every hex (and one
    /// past the last); the kept hexes are those of the board; the victims are those a scan
    /// finds seat by seat.
    #[test]
    fn the_listed_robber_moves_are_the_hexes_the_check_accepts_in_random_games() {
        use crate::random::Policy;
        use crate::ruleset::Expansion;
        let mut games = crate::testkit::ck_games(
            2,
            &[&[], &[Expansion::CitiesAndKnights], &[Expansion::BarbarianAttack]],
            &crate::SeaMap::ALL,
        );
        games.extend(crate::testkit::seafarers_games(0..2));
        let (mut kept, mut scanned) = (Vec::new(), Vec::new());
        let (mut listings, mut sea_listings, mut victims) = (0, 0, 0);
        for (mut g, seed) in games {
            crate::testkit::check_random_play(&mut g, seed, Policy::Uniform, 150, |g| {
                assert_eq!(g.land_hexes.get(), crate::kept::KeptHexes::land(g).get());
                assert!(g.land_hexes.get().is_some(), "land hexes kept");
                let p = g.current();
                kept.clear();
                scanned.clear();
                g.push_robber_moves(p, &mut kept);
                g.push_robber_moves_by_scan(p, &mut scanned);
                assert_eq!(kept, scanned, "seed {seed}");
                // The victims found once for all seats are those a scan of the corners of the
                // robber's hex (or the paths of the pirate's, when its robbery is pending)
                // finds seat by seat.
                let pirate = matches!(
                    g.pending.front(),
                    Some(e) if e.kind == crate::pending::PendingKind::Sea(crate::rules::sea::pending::SeaPending::PirateVictim)
                );
                for v in g.player_ids() {
                    let by_scan = v != p
                        && if pirate {
                            let hex = g.sea.pirate.and_then(|h| g.board.topology.hex(h));
                            hex.is_some_and(|hex| hex.sides.iter().any(|&e| g.sea.ship(e) == Some(v)))
                        } else {
                            let hex = g.robber.and_then(|h| g.board.topology.hex(h));
                            hex.is_some_and(|hex| {
                                hex.corners
                                    .iter()
                                    .any(|c| g.sites[c.index()].is_some_and(|s| s.owner == v))
                            })
                        };
                    assert_eq!(g.is_victim(p, v), by_scan, "seed {seed}");
                    victims += usize::from(by_scan && g.phase() == Phase::ChoosingVictim);
                }
                if g.phase() == Phase::MovingRobber {
                    let accepted: Vec<Action> = (0..=g.board.topology.hex_count() as u16)
                        .map(|h| Action::MoveRobber {
                            player: p,
                            to: crate::HexId(h),
                        })
                        .filter(|a| g.check(a).is_ok())
                        .collect();
                    let mut listed = Vec::new();
                    g.legal_actions(&mut listed);
                    listed.retain(|a| matches!(a, Action::MoveRobber { .. }));
                    assert_eq!(listed, accepted, "seed {seed}");
                    let mut unknown = g.clone();
                    unknown.land_hexes = Default::default();
                    let mut read_back = Vec::new();
                    unknown.legal_actions(&mut read_back);
                    read_back.retain(|a| matches!(a, Action::MoveRobber { .. }));
                    assert_eq!(read_back, accepted, "seed {seed}");
                    listings += 1;
                    sea_listings += usize::from(g.board.terrain.contains(&crate::Terrain::Sea));
                }
            });
        }
        assert!(
            listings > 40 && sea_listings > 20,
            "{listings} robber listings, {sea_listings} at sea"
        );
        assert!(victims > 20, "{victims} victims");
    }

    /// Random games of every ruleset with a robber (Seafarers on both maps, alone and with
    /// Cities & Knights, two seeds each): whenever the robber is to be moved or a victim
    /// named, the pick ([`Game::pick_robber_step`]) is given the number of actions
    /// `legal_actions` lists and returns, for every index `k`, the action listed at `k`
    /// (robber and pirate moves, the robber's or the pirate's own hex left out; robberies);
    /// with a kept hex list unknown it leaves the choice to the listing; in every other phase
    /// it draws nothing.
    #[test]
    fn the_picked_robber_step_is_the_one_listed_at_its_index_in_random_games() {
        use crate::random::Policy;
        use crate::ruleset::Expansion as E;
        let sets: &[&[E]] = &[
            &[],
            &[E::TheCourt],
            &[E::Seafarers],
            &[E::CitiesAndKnights],
            &[E::BarbarianAttack],
            &[E::CitiesAndKnights, E::BarbarianAttack],
        ];
        let mut games = crate::testkit::ck_games(2, sets, &crate::SeaMap::ALL);
        games.extend(crate::testkit::seafarers_games(0..2));
        let mut listed = Vec::new();
        let (mut moves, mut pirate_moves, mut sea_picks, mut robberies) = (0, 0, 0, 0);
        for (mut g, seed) in games {
            crate::testkit::check_random_play(&mut g, seed, Policy::Uniform, 150, |g| {
                let phase = g.phase();
                assert_eq!(g.in_robber_move(), phase == Phase::MovingRobber, "seed {seed}");
                if !matches!(phase, Phase::MovingRobber | Phase::ChoosingVictim) {
                    assert_eq!(g.pick_robber_step(|_| panic!("no robber step to draw")), None);
                    assert_eq!(g.pick_robber_move(|_| panic!("no robber move to draw")), None);
                    assert_eq!(g.pick_victim(|_| panic!("no victim to draw")), None);
                    return;
                }
                g.legal_actions(&mut listed);
                if listed.is_empty() {
                    assert_eq!(g.pick_robber_step(|_| panic!("nothing listed")), Some(None));
                }
                for (k, a) in listed.iter().enumerate() {
                    let picked = g.pick_robber_step(|n| {
                        assert_eq!(n, listed.len(), "seed {seed}");
                        k
                    });
                    assert_eq!(picked, Some(Some(*a)), "seed {seed} k {k}");
                    sea_picks += usize::from(matches!(a, Action::Sea(_)));
                }
                assert_eq!(g.pick_robber_step(|n| n), Some(None), "past the last");
                if phase == Phase::ChoosingVictim {
                    robberies += 1;
                    return;
                }
                for unknown in [0, 1] {
                    let mut read_back = g.clone();
                    match unknown {
                        0 => read_back.land_hexes = Default::default(),
                        _ => read_back.sea.sea_hexes = Default::default(),
                    }
                    let robber = g.check_robber_moment(g.current()).is_ok();
                    let pirate = listed.iter().any(|a| matches!(a, Action::Sea(_)));
                    if (unknown == 0 && robber) || (unknown == 1 && pirate) {
                        assert_eq!(read_back.pick_robber_step(|_| panic!("listed instead")), None);
                    }
                }
                moves += 1;
                pirate_moves += usize::from(listed.iter().any(|a| matches!(a, Action::Sea(_))));
            });
        }
        assert!(
            moves > 60 && pirate_moves > 10 && sea_picks > 100 && robberies > 30,
            "{moves} robber moves, {pirate_moves} with the pirate, {sea_picks} pirate picks, {robberies} robberies"
        );
    }

    #[test]
    fn seven_with_eight_cards_discards_four_and_seven_cards_keep_all() {
        let mut g = main_phase_game();
        g.step = crate::pending::Step::BeforeRoll;
        give(&mut g, p(1), Cards::of(&[(CardKind::Wool, 8)]));
        give(&mut g, p(2), Cards::of(&[(CardKind::Ore, 7)]));
        give(&mut g, p(3), Cards::of(&[(CardKind::Ore, 4), (CardKind::Grain, 7)]));
        seven(&mut g);
        assert_eq!(g.phase(), Phase::Discarding);
        assert_eq!(g.discards_owed(p(1)), 4);
        assert_eq!(g.discards_owed(p(2)), 0);
        assert_eq!(g.discards_owed(p(3)), 5);
        let err = g
            .check(&Action::Discard {
                player: p(1),
                cards: Cards::of(&[(CardKind::Wool, 3)]),
            })
            .unwrap_err();
        assert_eq!(err.code(), "BASE.SEVEN.DISCARD_HALF");
        let err = g
            .check(&Action::Discard {
                player: p(1),
                cards: Cards::of(&[(CardKind::Ore, 4)]),
            })
            .unwrap_err();
        assert_eq!(err.code(), "BASE.SEVEN.DISCARD_HELD");
        let err = g
            .check(&Action::Discard {
                player: p(2),
                cards: Cards::of(&[(CardKind::Ore, 3)]),
            })
            .unwrap_err();
        assert_eq!(err.code(), "BASE.SEVEN.NO_DISCARD_OWED");
        // the roller cannot move the robber before the discards
        assert_eq!(
            g.check(&Action::MoveRobber {
                player: p(0),
                to: hex(&g, "A")
            })
            .unwrap_err()
            .code(),
            "TURN.NOT_YOUR_DECISION"
        );
        // discards in any order
        g.apply(Action::Discard {
            player: p(3),
            cards: Cards::of(&[(CardKind::Grain, 5)]),
        })
        .unwrap();
        g.apply(Action::Discard {
            player: p(1),
            cards: Cards::of(&[(CardKind::Wool, 4)]),
        })
        .unwrap();
        assert_eq!(g.phase(), Phase::MovingRobber);
    }

    #[test]
    fn robber_must_move_and_only_adjacent_players_can_be_robbed() {
        let mut g = main_phase_game();
        g.step = crate::pending::Step::BeforeRoll;
        seven(&mut g);
        let here = g.robber().unwrap();
        assert_eq!(
            g.check(&Action::MoveRobber { player: p(0), to: here })
                .unwrap_err()
                .code(),
            "BASE.ROBBER.MUST_MOVE"
        );
        // Move next to a blue building.
        let blue_v = (0..54)
            .map(crate::VertexId)
            .find(|&v| g.site(v).map(|s| s.owner) == Some(p(1)))
            .unwrap();
        let h = g.board().topology.vertices()[blue_v.index()]
            .hexes
            .iter()
            .find(|&h| Some(h) != g.robber())
            .unwrap();
        g.apply(Action::MoveRobber { player: p(0), to: h }).unwrap();
        if let Phase::ChoosingVictim = g.phase() {
            let not_adjacent = g.player_ids().find(|&v| v != p(0) && !g.is_victim(p(0), v));
            if let Some(v) = not_adjacent {
                assert_eq!(
                    g.check(&Action::Rob {
                        player: p(0),
                        victim: v
                    })
                    .unwrap_err()
                    .code(),
                    "BASE.ROBBER.VICTIM"
                );
            }
            assert_eq!(
                g.check(&Action::Rob {
                    player: p(0),
                    victim: p(0)
                })
                .unwrap_err()
                .code(),
                "BASE.ROBBER.VICTIM"
            );
            give(&mut g, p(1), Cards::of(&[(CardKind::Ore, 2)]));
            g.apply(Action::Rob {
                player: p(0),
                victim: p(1),
            })
            .unwrap();
            assert!(matches!(g.phase(), Phase::Stealing { .. }));
            let err = g
                .check(&Action::Chance(Outcome::Steal { card: CardKind::Wool }))
                .unwrap_err();
            assert_eq!(err.code(), "CHANCE.IMPOSSIBLE_OUTCOME");
            g.apply(Action::Chance(Outcome::Steal { card: CardKind::Ore })).unwrap();
            assert_eq!(g.player(p(1)).unwrap().hand.get(CardKind::Ore), 1);
            assert_eq!(g.phase(), Phase::Main);
        } else {
            panic!("blue should be robbable");
        }
    }

    #[test]
    fn robbing_a_player_with_no_cards_takes_nothing() {
        let mut g = main_phase_game();
        g.step = crate::pending::Step::BeforeRoll;
        seven(&mut g);
        let blue_v = (0..54)
            .map(crate::VertexId)
            .find(|&v| g.site(v).map(|s| s.owner) == Some(p(1)))
            .unwrap();
        let h = g.board().topology.vertices()[blue_v.index()]
            .hexes
            .iter()
            .find(|&h| Some(h) != g.robber())
            .unwrap();
        give(&mut g, p(1), Cards::EMPTY);
        g.apply(Action::MoveRobber { player: p(0), to: h }).unwrap();
        let ev = g
            .apply(Action::Rob {
                player: p(0),
                victim: p(1),
            })
            .unwrap();
        assert!(matches!(ev[0], crate::Event::Robbed { card: None, .. }));
        assert_eq!(g.phase(), Phase::Main);
    }
}
