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
use super::super::BARBARIANS_TO_CONQUER;
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
            self.place_arriving_barbarian(total, events);
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
            self.place_arriving_barbarian(total, events);
        }
        self.resolved(events);
    }

    /// One barbarian on the coastal hex numbered `total`, unless it holds 3 already.
    fn place_arriving_barbarian(&mut self, total: u8, events: &mut Vec<Event>) {
        let hex = self.coastal_hex_numbered(total);
        match hex {
            Some(h) if self.barb.on(h) < BARBARIANS_TO_CONQUER && self.take_barbarian_from_supply() => {
                self.barb.barbarians[h.index()] += 1;
                events.push(Event::Barb(BarbEvent::BarbarianLanded {
                    total,
                    hex: h,
                    count: self.barb.on(h),
                }));
                self.refresh_conquest(events);
            }
            _ => events.push(Event::Barb(BarbEvent::LandingMissed { total, hex })),
        }
    }
}
