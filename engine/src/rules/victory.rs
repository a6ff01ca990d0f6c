//! Winning (source `base-rules` §9): the player whose turn it is wins the moment they hold
//! the victory target (10 VP in the base game, hidden victory point cards included), at any
//! moment of their own turn and only then.

use crate::event::Event;
use crate::pending::Step;
use crate::state::Game;

impl Game {
    /// Runs after every action and engine step: the usual answer (no win) is settled inline
    /// by [`Game::total_vp_reaches`], the win itself out of line.
    #[inline]
    pub(crate) fn check_victory(&mut self, events: &mut Vec<Event>) {
        if matches!(self.step, Step::Setup { .. } | Step::Ended { .. }) {
            return;
        }
        if self.total_vp_reaches(self.current, self.rules.base.victory_target) {
            self.win(events);
        }
    }

    /// The player on turn has reached the target: the game ends with their win.
    #[cold]
    #[inline(never)]
    fn win(&mut self, events: &mut Vec<Event>) {
        let p = self.current;
        let points = self.total_vp(p);
        self.game_over_ext();
        self.end_game(p);
        events.push(Event::GameWon {
            player: p,
            points,
            revealed: self.players[p.index()].vp_cards(),
        });
    }
}

#[cfg(test)]
mod tests {
    use crate::cards::DevCard;
    use crate::testkit::*;
    use crate::{Action, Outcome};

    #[test]
    fn ten_points_on_another_players_turn_do_not_win_until_your_turn() {
        let mut g = main_phase_game();
        // Give blue (not current) 8 hidden points on top of 2 settlements.
        g.players[1].dev_cards.add(DevCard::VictoryPoint, 8);
        g.apply(Action::EndTurn { player: p(0) }).unwrap();
        assert_eq!(g.winner(), Some(p(1)), "blue wins the moment the turn passes to blue");
    }

    #[test]
    fn buying_the_tenth_point_wins_at_once() {
        let mut g = main_phase_game();
        g.players[0].dev_cards.add(DevCard::VictoryPoint, 7);
        assert_eq!(g.winner(), None);
        give(&mut g, p(0), crate::cards::cost::DEV_CARD);
        g.apply(Action::BuyDevCard { player: p(0) }).unwrap();
        let ev = g
            .apply(Action::Chance(Outcome::DevCard {
                card: DevCard::VictoryPoint,
            }))
            .unwrap();
        assert_eq!(g.winner(), Some(p(0)));
        assert!(matches!(
            ev.last(),
            Some(crate::Event::GameWon {
                revealed: 8,
                points: 10,
                ..
            })
        ));
        assert_eq!(
            g.check(&Action::EndTurn { player: p(0) }).unwrap_err().code(),
            "GAME.OVER"
        );
    }

    /// The quick test `check_victory` makes first agrees with the full count for every
    /// player and every target, after every step of random games of each ruleset (Barbarian
    /// Attack's conquered buildings and pillaged cities included), and the expansions' kept
    /// points (metropolises held) agree with a count from the board.
    #[test]
    fn reaching_a_target_agrees_with_the_full_count_in_random_games() {
        let names: [&[&str]; 5] = [
            &["cities-and-knights"],
            &["barbarian-attack"],
            &["cities-and-knights", "barbarian-attack"],
            &["seafarers"],
            &["court"],
        ];
        let mut lost = 0;
        let mut metropolises = 0;
        for (i, set) in names.into_iter().enumerate() {
            let mut g = crate::testkit::named_rules_game(set, i as u64, 1);
            let mut rp = crate::random::RandomPlayer::new(i as u64);
            while g.winner().is_none() && g.turn() <= 400 {
                let Some(a) = rp.choose(&g, crate::random::Policy::Uniform) else {
                    break;
                };
                g.apply(a).expect("a listed action");
                for q in g.player_ids() {
                    lost += usize::from(g.building_vp_lost_ext(q) > 0);
                    metropolises += usize::from(g.ck.metropolises_held[q.index()]);
                    assert_eq!(
                        g.expansion_vp(q, &g.players[q.index()]),
                        g.expansion_vp_from_scratch(q),
                        "{set:?} {q:?}: the kept points (metropolises held) against the board"
                    );
                    let total = g.total_vp(q);
                    for target in 0..=20 {
                        assert_eq!(g.total_vp_reaches(q, target), total >= target, "{set:?} {q:?} {target}");
                    }
                }
            }
        }
        assert!(lost > 0, "no conquered building met");
        assert!(metropolises > 0, "no metropolis met");
    }
}
