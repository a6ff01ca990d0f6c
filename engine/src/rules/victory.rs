//! Winning (source `base-rules` §9): the player whose turn it is wins the moment they hold
//! the victory target (10 VP in the base game, hidden victory point cards included), at any
//! moment of their own turn and only then.

use crate::event::Event;
use crate::ids::{PlayerId, MAX_PLAYERS};
use crate::pending::Step;
use crate::state::Game;

/// For each player, a number never below their points without Longest Road and Largest
/// Army, before an expansion's losses, hidden ones included ([`Game::vp_without_titles`]),
/// so that the victory check, run after every action and before every engine step, mostly
/// answers "no" from the bound and the two titles alone. Every writer that can raise those
/// points sets the bound to them ([`Game::raise_vp_bound`]: buildings and cities, repaired
/// cities, victory point cards, defender tokens, metropolises, the merchant, prisoners,
/// island markers, banners and Most Influence); writers that lower them leave it, a bound
/// above the points costing only a full count. Checked by the invariants (`vp-bound`); a
/// state just read holds no bound (every check counts in full), and [`Game::apply_into`]
/// recounts the bounds first, so that a state changed directly in between stays covered.
/// Not part of the game ([`crate::kept::Kept`]).
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub(crate) struct VpBounds(crate::kept::Kept<[u8; MAX_PLAYERS]>);

impl VpBounds {
    /// `p`'s bound, `None` when unknown.
    #[inline]
    pub(crate) fn get(&self, p: PlayerId) -> Option<u8> {
        self.0.and_then(|b| b.get(p.index()).copied())
    }
}

impl Game {
    /// Runs after every action and engine step: the usual answer (no win) is settled inline
    /// by [`Game::current_reaches_target`], the win itself out of line.
    #[inline]
    pub(crate) fn check_victory(&mut self, events: &mut Vec<Event>) {
        if matches!(self.step, Step::Setup { .. } | Step::Ended { .. }) {
            return;
        }
        if self.current_reaches_target() {
            self.win(events);
        }
    }

    /// Whether the player on turn holds the victory target ([`Game::total_vp_reaches`]):
    /// below it by their bound ([`VpBounds`]) and titles, they do not, uncounted (inline);
    /// otherwise their points are counted (out of line).
    #[inline(always)]
    pub(crate) fn current_reaches_target(&self) -> bool {
        let (p, target) = (self.current, self.rules.base.victory_target);
        if let Some(bound) = self.vp_bounds.get(p) {
            if bound + self.title_vp(p) < target {
                return false;
            }
        }
        self.current_counts_target()
    }

    /// [`Game::current_reaches_target`] by the full count.
    #[inline(never)]
    fn current_counts_target(&self) -> bool {
        self.total_vp_reaches(self.current, self.rules.base.victory_target)
    }

    /// After a write that may raise `p`'s points: their bound becomes their points now.
    pub(crate) fn raise_vp_bound(&mut self, p: PlayerId) {
        let points = self.vp_without_titles(p);
        if let Some(b) = self.vp_bounds.0.as_mut().and_then(|b| b.get_mut(p.index())) {
            *b = points;
        }
    }

    /// Every player's bound set to their points now (a new game, a state declared or
    /// changed from outside).
    pub(crate) fn recount_vp_bounds(&mut self) {
        let mut b = [0; MAX_PLAYERS];
        for (i, slot) in b.iter_mut().enumerate().take(self.players.len()) {
            *slot = self.vp_without_titles(PlayerId(i as u8));
        }
        self.vp_bounds = VpBounds(crate::kept::Kept(Some(b)));
    }

    /// The `vp-bound` invariant: each known bound is at least the points it bounds.
    pub(crate) fn check_vp_bounds(&self) -> Result<(), String> {
        for p in self.player_ids() {
            if let Some(b) = self.vp_bounds.get(p) {
                let points = self.vp_without_titles(p);
                if b < points {
                    return Err(format!("{p:?}: bound {b} below {points} points"));
                }
            }
        }
        Ok(())
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

    /// Random games of every ruleset, played as the random player plays them (no recount of
    /// the bounds between actions): after every step each player's kept bound is at least
    /// the points it bounds, and the victory check answers as the full count does.
    #[test]
    fn the_kept_bounds_never_fall_below_the_points_in_random_games() {
        let names: [&[&str]; 8] = [
            &[],
            &["cities-and-knights"],
            &["barbarian-attack"],
            &["cities-and-knights", "barbarian-attack"],
            &["seafarers"],
            &["cities-and-knights", "seafarers"],
            &["court"],
            &["cities-and-knights", "court"],
        ];
        let (mut raised, mut wins) = (0, 0);
        for (i, set) in names.into_iter().enumerate() {
            for seed in 0..3u64 {
                let mut g = crate::testkit::named_rules_game(set, seed + 10 * i as u64, 1);
                let mut rp = crate::random::RandomPlayer::new(seed + 10 * i as u64);
                let mut events = Vec::new();
                while g.winner().is_none() && g.turn() <= 400 {
                    let Some(a) = rp.choose(&g, crate::random::Policy::Uniform) else {
                        break;
                    };
                    let before: u32 = g.player_ids().map(|q| u32::from(g.vp_without_titles(q))).sum();
                    events.clear();
                    g.apply_listed_into(a, &mut events);
                    let after: u32 = g.player_ids().map(|q| u32::from(g.vp_without_titles(q))).sum();
                    raised += usize::from(after > before);
                    if let Err(e) = g.check_vp_bounds() {
                        panic!("{set:?} seed {seed} after {a:?}: {e}");
                    }
                    let target = g.rules.base.victory_target;
                    if g.winner().is_none() {
                        assert!(
                            !g.total_vp_reaches(g.current, target)
                                || matches!(g.step, crate::pending::Step::Setup { .. })
                        );
                        assert_eq!(g.current_reaches_target(), g.total_vp_reaches(g.current, target));
                    }
                }
                wins += usize::from(g.winner().is_some());
            }
        }
        assert!(raised > 100 && wins > 10, "{raised} raises, {wins} wins");
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
