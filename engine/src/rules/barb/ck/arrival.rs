//! Barbarians arriving in Barbarian Attack with Cities & Knights (source
//! `003_c1bc764549538a7d.txt` "Rolling the dice" and "City expansions").
//!
//! - When the event die shows the ship, one barbarian lands on the coastal hex whose number
//!   the production dice show, if it holds fewer than 3 (`BARB.CK.SHIP_FACE`); the barbarian
//!   ship of Cities & Knights does not sail. The barbarian lands before production, as the
//!   event die is resolved first: a hex it conquers produces nothing on that roll. A 7 names
//!   no coastal hex: option `barb-ck-ship-seven` (nothing, or roll again).
//! - Each city improvement bought rolls the dice for one barbarian, placed the same way
//!   (`BARB.CK.IMPROVEMENT_ARRIVAL`); a 7: option `barb-ck-improvement-seven` (roll again,
//!   or nothing).
//! - Barbarian figures are unlimited (`BARB.CK.UNLIMITED_BARBARIANS`).

use super::super::events::{ArrivalCause, BarbEvent};
use super::super::landing::landing_weight;
use super::super::options::ArrivalSeven;
use super::super::pending::BarbPending;
use crate::error::RuleError;
use crate::event::Event;
use crate::ids::PlayerId;
use crate::pending::{Pending, PendingKind};
use crate::state::Game;

/// The ways two dice make a total, 7 included (an arrival roll of 7 that is not rolled again).
pub fn arrival_weight(total: u8, reroll: bool) -> u32 {
    match total {
        7 if !reroll => 6,
        _ => landing_weight(total),
    }
}

impl Game {
    /// The event die showed the ship after a production roll of `total`.
    pub(crate) fn barb_ck_ship_face(&mut self, player: PlayerId, total: u8, events: &mut Vec<Event>) {
        events.push(Event::Barb(BarbEvent::ArrivalStarted {
            player,
            cause: ArrivalCause::Ship,
        }));
        if total == 7 {
            match self.rules.barb.ck_ship_seven {
                ArrivalSeven::Nothing => {
                    events.push(Event::Barb(BarbEvent::LandingMissed { total, hex: None }));
                }
                ArrivalSeven::Reroll => self.queue_arrival(player, true),
            }
        } else {
            self.land_barbarian(total, events);
        }
    }

    /// A city improvement was bought: one barbarian is to arrive.
    pub(crate) fn barb_ck_after_improvement(&mut self, player: PlayerId, events: &mut Vec<Event>) {
        events.push(Event::Barb(BarbEvent::ArrivalStarted {
            player,
            cause: ArrivalCause::Improvement,
        }));
        let reroll = self.rules.barb.ck_improvement_seven == ArrivalSeven::Reroll;
        self.queue_arrival(player, reroll);
    }

    fn queue_arrival(&mut self, player: PlayerId, reroll: bool) {
        self.queue_next(Pending {
            who: player,
            kind: PendingKind::Barb(BarbPending::Arrival { reroll }),
        });
    }

    /// Checks an arrival roll: a total of two dice (not 7 when 7s are rolled again).
    pub(crate) fn check_arrival_roll(&self, reroll: bool, total: u8) -> Result<(), RuleError> {
        if arrival_weight(total, reroll) == 0 {
            return Err(RuleError::ImpossibleOutcome {
                why: "an arrival roll is a total of two dice (a 7 is rolled again under this option)",
            });
        }
        Ok(())
    }

    /// An arrival roll: one barbarian on the coastal hex with that number (a 7 places
    /// nothing); then the steps that follow run (production after a ship face).
    pub(crate) fn do_arrival_roll(&mut self, total: u8, events: &mut Vec<Event>) {
        if total == 7 {
            events.push(Event::Barb(BarbEvent::LandingMissed { total, hex: None }));
        } else {
            self.land_barbarian(total, events);
        }
        self.resolved(events);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::action::Outcome;
    use crate::rules::barb::actions::BarbOutcome;
    use crate::rules::barb::testkit::*;
    use crate::state::Phase;
    use crate::{Action, EventFace};

    /// A game of the combination at its first roll.
    fn before_roll(seed: u64) -> Game {
        let mut g = barb_ck_game(4);
        let mut rp = crate::random::RandomPlayer::new(seed);
        while g.phase() != Phase::BeforeRoll {
            let a = rp.choose(&g, Default::default()).unwrap();
            g.apply(a).unwrap();
        }
        g
    }

    fn roll(g: &mut Game, red: u8, yellow: u8, event: EventFace) -> Vec<Event> {
        let p = g.current();
        g.apply(Action::Roll { player: p }).unwrap();
        g.apply(Action::Chance(Outcome::CkDice { red, yellow, event })).unwrap()
    }

    #[test]
    fn a_ship_face_lands_a_barbarian_on_the_rolled_number_and_the_ship_stays() {
        let mut g = before_roll(1);
        let h = g.coastal_hex_numbered(5).unwrap();
        let ev = roll(&mut g, 2, 3, EventFace::Ship);
        assert!(ev.contains(&Event::Barb(BarbEvent::BarbarianLanded {
            total: 5,
            hex: h,
            count: 1
        })));
        assert_eq!(g.barbarians_on(h), 1);
        assert_eq!(g.ck.barbarians, 0, "the Cities & Knights barbarian ship does not sail");
        g.check_invariants().unwrap();
    }

    #[test]
    fn a_gate_face_lands_nothing() {
        let mut g = before_roll(2);
        let before = g.barb.on_board();
        roll(&mut g, 2, 3, EventFace::Gate(crate::progress::Track::Trade));
        assert_eq!(g.barb.on_board(), before);
    }

    #[test]
    fn the_barbarian_lands_before_production_so_a_hex_it_conquers_yields_nothing() {
        let mut g = before_roll(3);
        let h = g.coastal_hex_numbered(9).unwrap();
        g.barb.barbarians[h.index()] = 2;
        g.barb.arrived += 2;
        let ev = roll(&mut g, 4, 5, EventFace::Ship);
        assert!(ev.contains(&Event::Barb(BarbEvent::HexConquered { hex: h })));
        assert!(g.hex_conquered(h));
        // No hex numbered 9 produced: the only one is the conquered coastal hex.
        let produced = ev.iter().any(|e| matches!(e, Event::Produced { .. }));
        let inner_nine = (0..g.board.tokens.len()).any(|i| g.board.tokens[i] == Some(9) && !g.barb.coastal[i]);
        if !inner_nine {
            assert!(!produced, "{ev:?}");
        }
    }

    #[test]
    fn a_ship_face_with_a_seven_lands_nothing_or_rolls_again_under_the_option() {
        let mut g = before_roll(4);
        let before = g.barb.on_board();
        let ev = roll(&mut g, 3, 4, EventFace::Ship);
        assert!(ev.contains(&Event::Barb(BarbEvent::LandingMissed { total: 7, hex: None })));
        assert_eq!(g.barb.on_board(), before);

        let mut g = before_roll(4);
        g.rules.barb.ck_ship_seven = ArrivalSeven::Reroll;
        roll(&mut g, 3, 4, EventFace::Ship);
        assert_eq!(g.phase().name(), "barbarian-arriving");
        let seven = Action::Chance(Outcome::Barb(BarbOutcome::ArrivalRoll { total: 7 }));
        assert_eq!(g.check(&seven).unwrap_err().code(), "CHANCE.IMPOSSIBLE_OUTCOME");
        let h = g.coastal_hex_numbered(6).unwrap();
        let n = g.barbarians_on(h);
        g.apply(Action::Chance(Outcome::Barb(BarbOutcome::ArrivalRoll { total: 6 })))
            .unwrap();
        assert_eq!(g.barbarians_on(h), n + 1);
        g.check_invariants().unwrap();
    }

    #[test]
    fn a_city_improvement_rolls_for_one_barbarian() {
        let mut g = barb_ck_main(4, 5);
        let p = g.current();
        crate::testkit::give(
            &mut g,
            p,
            crate::cards::Cards::of(&[(crate::cards::CardKind::Cloth, 1)]),
        );
        let improve = Action::Ck(crate::CkAction::Improve {
            player: p,
            track: crate::progress::Track::Trade,
        });
        let ev = g.apply(improve).unwrap();
        assert!(ev.contains(&Event::Barb(BarbEvent::ArrivalStarted {
            player: p,
            cause: ArrivalCause::Improvement
        })));
        assert_eq!(g.phase().name(), "barbarian-arriving");
        let seven = Action::Chance(Outcome::Barb(BarbOutcome::ArrivalRoll { total: 7 }));
        assert_eq!(g.check(&seven).unwrap_err().code(), "CHANCE.IMPOSSIBLE_OUTCOME");
        let h = g.coastal_hex_numbered(3).unwrap();
        let n = g.barbarians_on(h);
        g.apply(Action::Chance(Outcome::Barb(BarbOutcome::ArrivalRoll { total: 3 })))
            .unwrap();
        assert_eq!(g.barbarians_on(h), n + 1);
        assert_eq!(g.phase(), Phase::Main);
    }
}
