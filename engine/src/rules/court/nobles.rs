//! Nobles and Most Influence (source `002_5f4cc12aafd16c0e.txt`, special rule 3 "Nobles And
//! Court Influence", and "New components").
//!
//! A player whose road touches one of the six intersections of the Court hex may, in the
//! build phase of their turn, send a noble to the Court for 1 wool + 1 grain. There are 20
//! nobles; once all are at the Court no more can be sent. The first player with 3 nobles at
//! the Court takes the Most Influence card (2 VP); another player with strictly more nobles
//! takes it away; one holder at a time. (The component list's "the player with the largest
//! number" is read through the special rules: at least 3, strictly more to take it away.)

use crate::cards::{CardKind, Cards};
use crate::court::{FIRST_CLAIM, NOBLES};
use crate::error::{CourtRule, RuleError};
use crate::event::Event;
use crate::ids::PlayerId;
use crate::state::Game;
use crate::CourtEvent;

/// The price of a noble: 1 wool + 1 grain.
pub(crate) const NOBLE_COST: Cards = Cards::of(&[(CardKind::Wool, 1), (CardKind::Grain, 1)]);

impl Game {
    /// Whether one of `player`'s roads touches an intersection of the Court hex.
    pub(crate) fn road_at_court(&self, player: PlayerId) -> bool {
        let Some(h) = self.court_hex() else { return false };
        let Some(hex) = self.board.topology.hex(h) else {
            return false;
        };
        hex.corners.iter().any(|v| {
            self.board
                .topology
                .vertex(*v)
                .is_some_and(|info| info.edges.iter().any(|e| self.roads[e.index()] == Some(player)))
        })
    }

    pub(crate) fn check_send_noble(&self, player: PlayerId) -> Result<(), RuleError> {
        if !self.in_main() {
            return Err(self.wrong_time(player, "send a noble"));
        }
        if !self.road_at_court(player) {
            return Err(RuleError::Court(CourtRule::NobleNeedsRoad));
        }
        if self.court.nobles_sent() >= NOBLES {
            return Err(RuleError::Court(CourtRule::NoNoblesLeft));
        }
        if !self.players[player.index()].hand.contains(&NOBLE_COST) {
            return Err(RuleError::Court(CourtRule::NobleCost));
        }
        Ok(())
    }

    pub(crate) fn do_send_noble(&mut self, player: PlayerId, events: &mut Vec<Event>) {
        self.players[player.index()].hand.remove_all(&NOBLE_COST);
        self.bank.add_all(&NOBLE_COST);
        self.court.nobles[player.index()] += 1;
        let nobles = self.court.nobles[player.index()];
        events.push(Event::Court(CourtEvent::NobleSent {
            player,
            nobles,
            left: NOBLES - self.court.nobles_sent(),
        }));
        let takes = match self.court.influence {
            None => nobles >= FIRST_CLAIM,
            Some(h) if h == player => false,
            Some(h) => nobles > self.court.nobles[h.index()],
        };
        if takes {
            let from = self.court.influence;
            self.court.influence = Some(player);
            self.raise_vp_bound(player);
            events.push(Event::Court(CourtEvent::MostInfluenceTaken { player, from }));
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::cards::CardKind;
    use crate::ids::{EdgeId, PlayerId};
    use crate::state::Game;
    use crate::Action;
    use crate::CourtAction;

    /// A Court game in the build phase with red's road on a path of the Court hex.
    fn at_court() -> Game {
        let mut g = crate::testkit::court_game(3);
        let court = g.court_hex().unwrap();
        let e: EdgeId = g.board.topology.hex(court).unwrap().sides[0];
        g.roads[e.index()] = Some(PlayerId(0));
        g.step = crate::pending::Step::Main;
        g.turn = 1;
        for p in 0..3 {
            g.players[p].hand.set(CardKind::Wool, 5);
            g.players[p].hand.set(CardKind::Grain, 5);
        }
        g
    }

    #[test]
    fn a_noble_costs_wool_and_grain_and_needs_a_road_at_the_court() {
        let mut g = at_court();
        g.apply(Action::Court(CourtAction::SendNoble { player: PlayerId(0) }))
            .unwrap();
        assert_eq!(g.court.nobles[0], 1);
        assert_eq!(g.players[0].hand.get(CardKind::Wool), 4);
        g.current = PlayerId(1);
        let before = g.clone();
        let e = g
            .apply(Action::Court(CourtAction::SendNoble { player: PlayerId(1) }))
            .unwrap_err();
        assert_eq!(e.code(), "COURT.NOBLE.ROAD_AT_COURT");
        assert_eq!(g, before);
    }

    #[test]
    fn the_twenty_first_noble_is_refused() {
        let mut g = at_court();
        g.court.nobles = [10, 10, 0, 0];
        g.court.influence = Some(PlayerId(0));
        let e = g
            .apply(Action::Court(CourtAction::SendNoble { player: PlayerId(0) }))
            .unwrap_err();
        assert_eq!(e.code(), "COURT.NOBLE.SUPPLY");
        g.court.nobles = [10, 9, 0, 0];
        g.apply(Action::Court(CourtAction::SendNoble { player: PlayerId(0) }))
            .unwrap();
    }

    #[test]
    fn most_influence_first_to_three_then_strictly_more() {
        let mut g = at_court();
        for _ in 0..2 {
            g.apply(Action::Court(CourtAction::SendNoble { player: PlayerId(0) }))
                .unwrap();
        }
        assert_eq!(g.court.influence, None);
        g.apply(Action::Court(CourtAction::SendNoble { player: PlayerId(0) }))
            .unwrap();
        assert_eq!(g.court.influence, Some(PlayerId(0)));
        assert_eq!(g.court_vp(PlayerId(0)), 2);
        // Blue reaches 3 (a tie): red keeps it; 4 takes it.
        g.court.nobles[1] = 2;
        let court = g.court_hex().unwrap();
        let e: EdgeId = g.board.topology.hex(court).unwrap().sides[3];
        g.roads[e.index()] = Some(PlayerId(1));
        g.current = PlayerId(1);
        g.apply(Action::Court(CourtAction::SendNoble { player: PlayerId(1) }))
            .unwrap();
        assert_eq!(g.court.influence, Some(PlayerId(0)));
        g.apply(Action::Court(CourtAction::SendNoble { player: PlayerId(1) }))
            .unwrap();
        assert_eq!(g.court.influence, Some(PlayerId(1)));
    }
}
