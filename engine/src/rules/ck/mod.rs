//! Cities & Knights, part 1: the core rules (source `000_fee7e8147b67bbe6.txt`, the English
//! rules, default profile; disagreements of the other seeds are options in
//! [`crate::ruleset::CkOptions`]).
//!
//! The expansion hooks into the base rules at named extension points, each a method here or
//! in a submodule: [`Game::start_cities_and_knights`] (components), the roll
//! ([`Game::do_ck_dice`], whose steps wait in the pending queue ([`pending`]): event die,
//! then barbarians or progress draws, then production), production of commodities
//! (hook `city_yield`), the discard limit (hook `discard_limit_bonus`), the robber's
//! activation ([`Game::robber_active`]) and victory points ([`Game::public_vp`]).
//!
//! Submodules, one per rule: [`barbarians`], [`draws`] (progress cards as objects: draws,
//! hand limit, discards), [`improvements`] (tracks, metropolises, the aqueduct), [`knights`],
//! [`walls`], [`progress`] (playing the 25 kinds of progress card, one module per deck).

pub mod actions;
pub(crate) mod barbarians;
pub(crate) mod chance;
mod decisions;
pub(crate) mod draws;
pub mod errors;
pub mod events;
mod expansion;
pub(crate) mod improvements;
pub(crate) mod knights;
pub mod options;
pub mod pending;
mod position;
pub(crate) mod progress;
mod setup;
mod turn_actions;
pub(crate) mod walls;

use crate::board::Terrain;
use crate::cards::CardKind;
use crate::error::RuleError;
use crate::event::Event;
use crate::ids::PlayerId;
use crate::pending::{CkPending, Pending};
use crate::progress::{EventFace, ProgressDeck, Track};
use crate::ruleset::RobberBeforeAttack;
use crate::state::{Game, CARDS_PER_COMMODITY};
use crate::CkEvent;

/// Cities & Knights, as an expansion of the base rules ([`crate::rules::extensions`]).
pub(crate) struct CitiesAndKnights;

impl Game {
    /// Extension point "components": commodities in the bank, the three progress decks,
    /// empty knight and wall tables, and the robber waiting until the first attack.
    pub(crate) fn start_cities_and_knights(&mut self) -> Result<(), RuleError> {
        let v = self.board.topology.vertex_count();
        self.ck.knights = vec![None; v];
        self.ck.sites = crate::rules::ck::knights::KnightSites::empty(v);
        self.ck.walls = vec![false; v];
        self.ck.decks = [
            ProgressDeck::full(Track::Science),
            ProgressDeck::full(Track::Trade),
            ProgressDeck::full(Track::Politics),
        ];
        for k in [CardKind::Paper, CardKind::Cloth, CardKind::Coin] {
            self.bank.set(k, CARDS_PER_COMMODITY);
        }
        if self.desert().is_none() && !self.robber_can_enter_without_desert() {
            return Err(RuleError::Unsupported {
                what: "a Cities & Knights board without a desert (the robber enters on the desert)",
            });
        }
        self.robber = match self.rules.ck.robber_before_attack {
            RobberBeforeAttack::BesideTrack => None,
            RobberBeforeAttack::InDesert => self.robber_entry_hex(),
        };
        Ok(())
    }

    /// The desert hex (the first one in reading order).
    pub(crate) fn desert(&self) -> Option<crate::ids::HexId> {
        self.board
            .terrain
            .iter()
            .position(|t| *t == Terrain::Desert)
            .map(|i| crate::ids::HexId(i as u16))
    }

    /// Seats in turn order from the current player: the seat `offset` places after it.
    pub(crate) fn seat_from_current(&self, offset: u8) -> PlayerId {
        PlayerId(((self.current.index() + offset as usize) % self.players.len()) as u8)
    }

    /// The seats, in turn order from the current player, for which `f` holds (a fixed
    /// array: no allocation; iterate with `.into_iter().flatten()`). The seats are
    /// [`Game::seat_from_current`] at offsets 0, 1, …: walked from the current seat and
    /// wrapped after the last, with no division per seat (asked at every gate roll and every
    /// production with an aqueduct).
    pub(crate) fn seats_from_current(
        &self,
        f: impl Fn(PlayerId) -> bool,
    ) -> [Option<PlayerId>; crate::ids::MAX_PLAYERS] {
        let mut seats = [None; crate::ids::MAX_PLAYERS];
        let mut n = 0;
        let count = self.players.len();
        let mut seat = self.current.index().checked_rem(count).unwrap_or(0);
        for k in 0..count {
            let p = PlayerId(seat as u8);
            debug_assert_eq!(p, self.seat_from_current(k as u8));
            if f(p) {
                seats[n] = Some(p);
                n += 1;
            }
            seat = if seat + 1 == count { 0 } else { seat + 1 };
        }
        seats
    }

    /// The three dice came up (source `000_fee7e8147b67bbe6.txt` p. 5): the event die is
    /// resolved first (ship: the barbarians advance and may attack; gate: progress draws),
    /// then production, then the aqueduct; the queue holds these steps in that order.
    ///
    /// Most rolls' event die queues nothing (no attack, no draw, no barbarian to roll for):
    /// production and the end of the roll then run at once ([`Game::produce_at_once`]) instead
    /// of being queued and run by [`Game::run_engine_steps`] next, with the same stops.
    pub(crate) fn do_ck_dice(&mut self, red: u8, yellow: u8, event: EventFace, events: &mut Vec<Event>) {
        let player = self.announce_ck_roll(red, yellow, event, events);
        // Entries already waiting (none in a game's own rolls): the two steps are queued
        // behind them first, as the rule reads.
        let queued_first = !self.pending.is_empty();
        if queued_first {
            self.queue_roll_steps(player);
        }
        self.resolve_event_die(player, red, yellow, event, events);
        if queued_first {
            self.run_engine_steps(events);
        } else if self.pending.is_empty() {
            self.produce_at_once(player, events);
        } else {
            // The event die's steps were queued at the front: production and the end of the
            // roll follow them.
            self.queue_roll_steps(player);
            self.run_engine_steps(events);
        }
    }

    /// The roll is taken off the queue and announced (the two dice's total, the event die's
    /// face) and kept until its end; returns the roller.
    fn announce_ck_roll(&mut self, red: u8, yellow: u8, event: EventFace, events: &mut Vec<Event>) -> PlayerId {
        self.pending.pop_front();
        let player = self.current;
        events.push(Event::Rolled {
            player,
            red,
            yellow,
            total: red + yellow,
        });
        events.push(Event::Ck(CkEvent::EventDieRolled { player, face: event }));
        self.ck.dice = Some((red, yellow, event));
        player
    }

    /// The event die: a ship advances the barbarians (Barbarian Attack with Cities & Knights
    /// lands a barbarian instead, extension point "dice"); a city gate draws progress cards
    /// by the red die.
    fn resolve_event_die(&mut self, player: PlayerId, red: u8, yellow: u8, event: EventFace, events: &mut Vec<Event>) {
        match event {
            EventFace::Ship => {
                if !self.ship_face_ext(player, red + yellow, events) {
                    self.advance_barbarians(events);
                }
            }
            EventFace::Gate(track) => self.start_draws(track, red),
        }
    }

    /// Queues production and the end of the roll after everything queued.
    fn queue_roll_steps(&mut self, player: PlayerId) {
        self.queue_last(Pending::ck(player, CkPending::Produce));
        self.queue_last(Pending::ck(player, CkPending::EndRoll));
    }

    /// Production and the end of the roll with nothing queued before them: what
    /// [`Game::run_engine_steps`] does with the two steps queued, without queueing them
    /// unless it stops first. It stops before a step when the player on turn has reached the
    /// target (the steps stay queued, the victory rule ends the game), and after production
    /// when production queued decisions (discards, the robber, the aqueduct, gold), the end
    /// of the roll behind them.
    fn produce_at_once(&mut self, player: PlayerId, events: &mut Vec<Event>) {
        if self.current_reaches_target() {
            self.queue_roll_steps(player);
            return;
        }
        self.produce_after_event_die(events);
        if !self.pending.is_empty() || self.current_reaches_target() {
            self.queue_last(Pending::ck(player, CkPending::EndRoll));
            self.run_engine_steps(events);
            return;
        }
        self.ck.dice = None;
    }

    /// Runs one of the roll's engine steps (see [`pending`]).
    pub(crate) fn run_ck_step(&mut self, who: PlayerId, step: CkPending, events: &mut Vec<Event>) {
        match step {
            CkPending::ResolveAttack => self.resolve_attack(events),
            CkPending::EndAttack => self.end_attack(events),
            CkPending::Draw { deck } => self.start_draw(who, deck, events),
            CkPending::Produce => self.produce_after_event_die(events),
            CkPending::EndRoll => self.ck.dice = None,
            _ => {}
        }
    }

    /// Production for the red and yellow dice once the event die is resolved; a 7 starts the
    /// robber sequence instead. Players with science level 3 or more who received nothing
    /// then choose a resource (the aqueduct), in turn order from the roller.
    fn produce_after_event_die(&mut self, events: &mut Vec<Event>) {
        let Some((red, yellow, _)) = self.ck.dice else {
            return;
        };
        let total = red + yellow;
        if total == 7 {
            self.ck.dice = None;
            self.start_seven(events);
            return;
        }
        let produced = self.produce(total, events);
        // The aqueduct is owed only by science level 3: without a player there, the seats are
        // not looked at (nor what else the roll pays).
        let aqueduct = |p: PlayerId| self.players[p.index()].ck.improvements[Track::Science.index()] >= 3;
        if self.player_ids().any(aqueduct) {
            // What another expansion's hexes pay counts as received (Seafarers: a gold field).
            let received = produced | self.production_receivers_ext(total);
            let owed = self.seats_from_current(|p| received & (1 << p.0) == 0 && aqueduct(p));
            self.queue_next_all(owed.into_iter().flatten().map(|p| Pending::ck(p, CkPending::Aqueduct)));
        }
        // Then what the roll owes beyond the hexes' cards (Seafarers: gold choices, before the
        // aqueduct).
        self.after_production_ext(total, events);
    }
}

/// The roll as the rule reads, for the tests: production and the end of the roll queued
/// before the event die is resolved, then the engine steps run.
#[cfg(test)]
impl Game {
    fn do_ck_dice_queued(&mut self, red: u8, yellow: u8, event: EventFace, events: &mut Vec<Event>) {
        let player = self.announce_ck_roll(red, yellow, event, events);
        self.queue_roll_steps(player);
        self.resolve_event_die(player, red, yellow, event, events);
        self.run_engine_steps(events);
    }
}

#[cfg(test)]
mod tests {
    /// The seats walked from the current one are `seat_from_current` at offsets 0, 1, …, each
    /// kept when the filter holds: every current seat of games of three and four players,
    /// with filters keeping every seat, none, and every other one.
    #[test]
    fn seats_from_current_are_the_seats_at_each_offset_in_turn_order() {
        use crate::ids::PlayerId;
        for players in [3u8, 4] {
            let rules = crate::ruleset::Ruleset::from_names(["cities-and-knights"]).expect("a ruleset");
            let board = std::sync::Arc::new(rules.random_board(1, crate::board::TokenPlacement::Spiral));
            let colours = &crate::ids::Colour::ALL[..usize::from(players)];
            let mut g = crate::state::Game::new(rules, board, colours, PlayerId(0)).expect("a game");
            for current in 0..players {
                g.current = PlayerId(current);
                let filters: [&dyn Fn(PlayerId) -> bool; 3] = [&|_| true, &|_| false, &|p| p.0 % 2 == 0];
                for f in filters {
                    let expected: Vec<PlayerId> =
                        (0..players).map(|k| g.seat_from_current(k)).filter(|&p| f(p)).collect();
                    let got: Vec<PlayerId> = g.seats_from_current(f).into_iter().flatten().collect();
                    assert_eq!(got, expected, "{players} players, current {current}");
                }
            }
        }
    }

    /// Random games of the Cities & Knights rulesets: at every roll of the three dice, each of
    /// a spread of outcomes leaves the same game and the same events whether production and
    /// the end of the roll run at once or are queued first (`do_ck_dice_queued`); both the
    /// rolls that run them at once and those whose event die queues steps are met.
    #[test]
    fn a_roll_run_at_once_equals_the_roll_through_the_queue_in_random_games() {
        use crate::action::Outcome;
        use crate::ruleset::Expansion::{BarbarianAttack, CitiesAndKnights};
        let sets: [&[crate::ruleset::Expansion]; 2] = [&[CitiesAndKnights], &[CitiesAndKnights, BarbarianAttack]];
        let games = crate::testkit::ck_games(2, &sets, &crate::SeaMap::ALL[..1]);
        let (mut at_once, mut queued) = (0usize, 0usize);
        for (mut g, seed) in games {
            crate::testkit::check_random_play(&mut g, seed, crate::random::Policy::Uniform, 250, |g| {
                if !g.ck_dice_pending() || g.actor() != crate::state::Actor::Chance {
                    return;
                }
                for pick in (0..216).step_by(7) {
                    let Some(Outcome::CkDice { red, yellow, event }) = Game::ck_dice_at(pick) else {
                        panic!("an outcome at {pick}");
                    };
                    let (mut fast, mut slow) = (g.clone(), g.clone());
                    let (mut fast_events, mut slow_events) = (Vec::new(), Vec::new());
                    fast.do_ck_dice(red, yellow, event, &mut fast_events);
                    slow.do_ck_dice_queued(red, yellow, event, &mut slow_events);
                    assert_eq!(fast_events, slow_events, "seed {seed} turn {} pick {pick}", g.turn());
                    assert!(fast == slow, "seed {seed} turn {} pick {pick}", g.turn());
                    let mut probe = g.clone();
                    probe.pending.pop_front();
                    match event {
                        EventFace::Ship => {
                            if !probe.ship_face_ext(g.current(), red + yellow, &mut Vec::new()) {
                                probe.advance_barbarians(&mut Vec::new());
                            }
                        }
                        EventFace::Gate(track) => probe.start_draws(track, red),
                    }
                    if probe.pending.is_empty() {
                        at_once += 1;
                    } else {
                        queued += 1;
                    }
                }
            });
        }
        assert!(
            at_once > 1000 && queued > 300,
            "{at_once} rolls at once, {queued} queued"
        );
    }

    use crate::board::{Board, Corner::*};
    use crate::cards::{CardKind, CardKind::*, Cards};
    use crate::progress::EventFace;
    use crate::testkit::*;
    use crate::CkEvent;
    use crate::{Action, Colour, Event, Game, PlayerId, Ruleset};
    use std::sync::Arc;

    #[test]
    fn setup_places_a_settlement_then_a_city_and_the_city_pays_one_card_per_hex() {
        let mut g = Game::new(
            Ruleset::cities_and_knights(),
            Arc::new(Board::beginner()),
            &Colour::ALL[..3],
            PlayerId(0),
        )
        .unwrap();
        let spots = [("A", N), ("C", N), ("H", S), ("L", S), ("Q", S), ("S", S)];
        for (i, (l, c)) in spots.into_iter().enumerate() {
            let at = vertex(&g, l, c);
            let who = g.current();
            if i < 3 {
                assert_eq!(
                    refused(&g, Action::BuildCity { player: who, at }),
                    "CK.SETUP.CITY_IN_ROUND_2"
                );
                g.apply(Action::BuildSettlement { player: who, at }).unwrap();
            } else {
                assert_eq!(
                    refused(&g, Action::BuildSettlement { player: who, at }),
                    "CK.SETUP.CITY_IN_ROUND_2"
                );
                let ev = g.apply(Action::BuildCity { player: who, at }).unwrap();
                assert!(ev.iter().any(|e| matches!(e, Event::StartingResources { .. })));
            }
            let road = g.board().topology.vertex(at).unwrap().edges.iter().next().unwrap();
            g.apply(Action::BuildRoad { player: who, at: road }).unwrap();
        }
        // White's city at L.s touches L (mountains) and P (pasture): 1 ore and 1 wool, no
        // commodity.
        assert_eq!(g.player(p(2)).unwrap().hand, Cards::of(&[(Wool, 1), (Ore, 1)]));
        assert_eq!(g.bank().get(Coin), 12);
        g.check_invariants().unwrap();
    }

    #[test]
    fn cities_on_forest_pasture_and_mountains_yield_a_resource_and_a_commodity() {
        // Red's city on A.n (mountains, 10) yields 1 ore and 1 coin; on E.se (hills, 6) 2 brick.
        let mut g = Ck::new()
            .city(0, ("A", N))
            .roads(0, "A", &[N, NE])
            .city(0, ("E", SE))
            .roads(0, "E", &[SE, S])
            .opponents()
            .before_roll()
            .game();
        let ev = roll3(&mut g, 4, 6, EventFace::Ship);
        assert!(ev.contains(&Event::Ck(CkEvent::CommodityProduced {
            player: p(0),
            commodity: Coin,
            count: 1
        })));
        assert_eq!(g.player(p(0)).unwrap().hand, Cards::of(&[(Ore, 1), (Coin, 1)]));
        let mut g2 = Ck::new()
            .city(0, ("E", SE))
            .roads(0, "E", &[SE, S])
            .opponents()
            .before_roll()
            .game();
        roll3(&mut g2, 3, 3, EventFace::Ship);
        assert_eq!(g2.player(p(0)).unwrap().hand.get(Brick), 2);
    }

    #[test]
    fn commodities_trade_four_to_one_and_two_to_one_with_the_trading_house() {
        let ck = Ck::new().city(0, ("E", N)).roads(0, "E", &[N, NE]).opponents();
        let trade = |give: CardKind, rate: u8, get: CardKind| Action::MaritimeTrade {
            player: p(0),
            give,
            rate,
            get,
        };
        let mut g = ck.clone_with_hand(0, Cards::of(&[(Cloth, 4), (Brick, 4)])).game();
        g.apply(trade(Cloth, 4, Grain)).unwrap();
        g.apply(trade(Brick, 4, Paper)).unwrap();
        let g = ck.clone_with_hand(0, Cards::of(&[(Cloth, 2)])).game();
        assert_eq!(refused(&g, trade(Cloth, 2, Grain)), "BASE.TRADE.MARITIME_RATE");
        let mut g = ck
            .clone_with_hand(0, Cards::of(&[(Cloth, 2)]))
            .levels(0, [0, 3, 0])
            .game();
        g.apply(trade(Cloth, 2, Coin)).unwrap();
        let g = ck
            .clone_with_hand(0, Cards::of(&[(Brick, 2)]))
            .levels(0, [0, 3, 0])
            .game();
        assert_eq!(refused(&g, trade(Brick, 2, Coin)), "BASE.TRADE.MARITIME_RATE");
    }

    #[test]
    fn the_merchant_gives_its_controller_two_to_one_for_its_hexs_resource_and_a_point() {
        let mut ck = Ck::new()
            .city(0, ("E", N))
            .roads(0, "E", &[N, NE])
            .opponents()
            .hand(0, Cards::of(&[(Brick, 2)]));
        let e = ck.setup.board.hex_by_label("E").unwrap();
        ck.setup.ck.merchant = Some((e, p(0)));
        let mut g = ck.game();
        assert_eq!(g.total_vp(p(0)), 3);
        g.apply(Action::MaritimeTrade {
            player: p(0),
            give: Brick,
            rate: 2,
            get: Paper,
        })
        .unwrap();
    }
}
