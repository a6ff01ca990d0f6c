//! The turn: roll once, then trade and build, then end the turn (source `base-rules` §4).
//!
//! Development cards bought this turn become playable when the turn ends.

use crate::cards::DevCards;
use crate::error::RuleError;
use crate::event::Event;
use crate::ids::PlayerId;
use crate::state::Game;

impl Game {
    pub(crate) fn check_roll(&self, player: PlayerId) -> Result<(), RuleError> {
        if !self.in_before_roll() {
            return Err(self.wrong_time(player, "roll the dice"));
        }
        Ok(())
    }

    pub(crate) fn check_end_turn(&self, player: PlayerId) -> Result<(), RuleError> {
        if !self.in_main() && !self.ends_turn_in_decision_ext() {
            return Err(self.wrong_time(player, "end the turn"));
        }
        self.check_progress_hand_at_end(player)
    }

    pub(crate) fn do_end_turn(&mut self, player: PlayerId, events: &mut Vec<Event>) {
        if self.defer_end_turn_ext(player, events) {
            return;
        }
        self.finish_turn(player, events);
    }

    /// Ends the turn (once whatever an expansion does at its end is done): the next player's
    /// turn starts.
    pub(crate) fn finish_turn(&mut self, player: PlayerId, events: &mut Vec<Event>) {
        let st = &mut self.players[player.index()];
        let new = std::mem::replace(&mut st.new_dev_cards, DevCards::EMPTY);
        st.dev_cards.add_all(&new);
        self.dev_played = false;
        self.end_turn_ext();
        events.push(Event::TurnEnded { player });
        self.current = self.next_seat(player);
        self.turn += 1;
        self.set_step(crate::pending::Step::BeforeRoll);
        events.push(Event::TurnStarted {
            player: self.current,
            turn: self.turn,
        });
    }
}

#[cfg(test)]
mod tests {
    use crate::cards::{DevCard, Resource};
    use crate::state::Phase;
    use crate::testkit::*;
    use crate::{Action, Outcome};

    #[test]
    fn roll_only_once_and_end_turn_only_after_rolling() {
        let mut g = main_phase_game();
        g.step = crate::pending::Step::BeforeRoll;
        assert_eq!(
            g.check(&Action::EndTurn { player: p(0) }).unwrap_err().code(),
            "BASE.TURN.ROLL_FIRST"
        );
        g.apply(Action::Roll { player: p(0) }).unwrap();
        assert_eq!(
            g.check(&Action::EndTurn { player: p(0) }).unwrap_err().code(),
            "TURN.NOT_YOUR_DECISION"
        );
        g.apply(Action::Chance(Outcome::Dice { red: 2, yellow: 3 })).unwrap();
        assert_eq!(
            g.check(&Action::Roll { player: p(0) }).unwrap_err().code(),
            "BASE.TURN.ONE_ROLL"
        );
        g.apply(Action::EndTurn { player: p(0) }).unwrap();
        assert_eq!(g.current(), p(1));
        assert_eq!(g.phase(), Phase::BeforeRoll);
    }

    #[test]
    fn cards_bought_become_playable_next_turn() {
        let mut g = main_phase_game();
        g.players[0].new_dev_cards.add(DevCard::Monopoly, 1);
        g.apply(Action::EndTurn { player: p(0) }).unwrap();
        for i in 1..4 {
            g.apply(Action::Roll { player: p(i) }).unwrap();
            g.apply(Action::Chance(Outcome::Dice { red: 2, yellow: 3 })).unwrap();
            g.apply(Action::EndTurn { player: p(i) }).unwrap();
        }
        g.apply(Action::PlayMonopoly {
            player: p(0),
            resource: Resource::Ore,
        })
        .unwrap();
    }

    #[test]
    fn dice_outside_one_to_six_are_impossible() {
        let mut g = main_phase_game();
        g.step = crate::pending::Step::BeforeRoll;
        g.apply(Action::Roll { player: p(0) }).unwrap();
        let e = g
            .check(&Action::Chance(Outcome::Dice { red: 0, yellow: 7 }))
            .unwrap_err();
        assert_eq!(e.code(), "CHANCE.IMPOSSIBLE_OUTCOME");
    }
}
