//! Largest Army (source `base-rules` §8): the first player with 3 knights played takes it
//! (2 VP); another player takes it only with strictly more knights played.

use crate::event::Event;
use crate::ids::PlayerId;
use crate::state::Game;

/// Knights needed for Largest Army.
pub const LARGEST_ARMY_MIN: u8 = 3;

impl Game {
    pub(crate) fn update_largest_army(&mut self, player: PlayerId, events: &mut Vec<Event>) {
        let knights = self.players[player.index()].knights_played;
        if knights < LARGEST_ARMY_MIN || self.largest_army == Some(player) {
            return;
        }
        let beats = match self.largest_army {
            None => true,
            Some(h) => knights > self.players[h.index()].knights_played,
        };
        if beats {
            let previous = self.largest_army;
            self.largest_army = Some(player);
            events.push(Event::LargestArmyChanged {
                holder: player,
                previous,
                knights,
            });
        }
    }

    /// Largest Army recomputed from scratch given the current holder (for invariants): the
    /// holder must have at least 3 knights and no player more.
    pub fn largest_army_consistent(&self) -> bool {
        let max = self.players.iter().map(|p| p.knights_played).max().unwrap_or(0);
        match self.largest_army {
            None => max < LARGEST_ARMY_MIN || self.players.iter().filter(|p| p.knights_played == max).count() > 1,
            Some(h) => {
                let k = self.players[h.index()].knights_played;
                k >= LARGEST_ARMY_MIN && k == max
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::cards::DevCard;
    use crate::testkit::*;
    use crate::Action;

    fn knight(g: &mut crate::Game, who: u8) {
        g.players[who as usize].dev_cards.add(DevCard::Knight, 1);
        g.current = p(who);
        g.dev_played = false;
        g.step = crate::pending::Step::Main;
        g.apply(Action::PlayKnight { player: p(who) }).unwrap();
        let to = (0..19)
            .map(crate::HexId)
            .find(|&h| {
                Some(h) != g.robber()
                    && g.board().topology.hexes()[h.index()]
                        .corners
                        .iter()
                        .all(|c| g.site(*c).is_none())
            })
            .unwrap();
        g.apply(Action::MoveRobber { player: p(who), to }).unwrap();
    }

    #[test]
    fn third_knight_takes_largest_army_and_a_tie_does_not() {
        let mut g = main_phase_game();
        knight(&mut g, 0);
        knight(&mut g, 0);
        assert_eq!(g.largest_army(), None);
        knight(&mut g, 0);
        assert_eq!(g.largest_army(), Some(p(0)));
        for _ in 0..3 {
            knight(&mut g, 1);
        }
        assert_eq!(g.largest_army(), Some(p(0)), "a tie does not take it");
        knight(&mut g, 1);
        assert_eq!(g.largest_army(), Some(p(1)));
        assert!(g.largest_army_consistent());
    }
}
