//! Seeded random play: chance sampled from its exact weights, a policy choosing among legal
//! actions. Two independent streams (chance and policy) come from one seed, so the same seed
//! gives the same game bit for bit, and a recorded trace replays without any generator.

use crate::action::{Action, Outcome};
use crate::event::Event;
use crate::ids::PlayerId;
use crate::invariants::InvariantViolation;
use crate::state::{Actor, Game};
use crate::CkAction;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// How the random agent picks among legal actions.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Policy {
    /// Uniform over `legal_actions` (trade offers are not listed, so never made).
    #[default]
    Uniform,
    /// Prefers building and buying/playing cards when possible (reaches late-game rules
    /// more often); uniform otherwise.
    Builder,
}

/// Limits and checks for one random game.
#[derive(Clone, Copy, Debug)]
pub struct PlayConfig {
    /// Turns after which the game is stopped and counted a draw.
    pub max_turns: u32,
    /// Check every invariant after every step, and every chosen action with the checks
    /// of [`Game::apply`] (without it, the listed action is applied without a second check,
    /// debug builds excepted).
    pub check_invariants: bool,
    /// The agent's policy.
    pub policy: Policy,
}

impl Default for PlayConfig {
    fn default() -> Self {
        PlayConfig {
            max_turns: 1000,
            check_invariants: true,
            policy: Policy::Uniform,
        }
    }
}

/// How a random game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameSummary {
    /// The winner, or `None` for a draw at the turn cap.
    pub winner: Option<PlayerId>,
    /// Turns played.
    pub turns: u32,
    /// Actions applied (chance outcomes included).
    pub actions: u64,
    /// Cities & Knights: progress cards played, by [`crate::ProgressCard::index`] (victory
    /// point cards count when they are placed face up).
    pub cards_played: [u32; 25],
}

/// A failure found by random play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayFailure {
    /// A listed legal action was refused by `apply`.
    LegalRefused {
        /// Step index.
        step: u64,
        /// The action.
        action: Action,
        /// The rule id that refused it.
        code: &'static str,
    },
    /// An invariant broke after a step.
    Invariant {
        /// Step index.
        step: u64,
        /// The action just applied.
        action: Action,
        /// What broke.
        violation: InvariantViolation,
    },
    /// No legal action while the game is not over.
    Stuck {
        /// Step index.
        step: u64,
    },
}

impl std::fmt::Display for PlayFailure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PlayFailure::LegalRefused { step, action, code } => {
                write!(f, "step {step}: listed legal action {action:?} was refused ({code})")
            }
            PlayFailure::Invariant {
                step,
                action,
                violation,
            } => {
                write!(f, "step {step}: after {action:?}: {violation}")
            }
            PlayFailure::Stuck { step } => write!(f, "step {step}: no legal action but the game is not over"),
        }
    }
}

/// A reusable random player: two generators and reusable buffers.
pub struct RandomPlayer {
    chance: ChaCha8Rng,
    agent: ChaCha8Rng,
    buf: Vec<Action>,
    events: Vec<Event>,
    /// The knights' moves counted at the last step where they moved: counted again, into the
    /// same place, at every such step.
    knight_moves: crate::rules::barb::knights::KnightMoveCount,
}

impl RandomPlayer {
    /// Seeds both streams from `seed`.
    pub fn new(seed: u64) -> RandomPlayer {
        let mut chance = ChaCha8Rng::seed_from_u64(seed);
        chance.set_stream(1);
        let mut agent = ChaCha8Rng::seed_from_u64(seed);
        agent.set_stream(2);
        RandomPlayer {
            chance,
            agent,
            buf: Vec::with_capacity(256),
            events: Vec::with_capacity(64),
            knight_moves: Default::default(),
        }
    }

    /// Samples a chance outcome by its exact weight.
    pub fn sample_outcome(&mut self, game: &Game) -> Option<Outcome> {
        let total = game.outcome_total();
        if total == 0 {
            return None;
        }
        let pick = self.chance.random_range(0..total);
        game.outcome_at(pick)
    }

    /// Chooses the next action (a chance outcome or a player's decision).
    #[inline]
    pub fn choose(&mut self, game: &Game, policy: Policy) -> Option<Action> {
        self.choose_next(game, policy)
    }

    /// [`RandomPlayer::choose`]. Nothing pending (most steps): the current player decides
    /// from the listing, with no chance, discard or knight move to look for (the same choice
    /// as [`RandomPlayer::choose_pending`] makes then). Only this test is inlined into the
    /// caller, so a step with nothing pending does not pay for the larger function's frame.
    #[inline(always)]
    fn choose_next(&mut self, game: &Game, policy: Policy) -> Option<Action> {
        if game.pending().is_empty() {
            return self.choose_listed(game, policy);
        }
        self.choose_pending(game, policy)
    }

    /// [`RandomPlayer::choose_next`] with something pending: a chance outcome, the discards,
    /// the knights' moves, or a decision from the listing. One copy, out of line (the
    /// knights' count is inlined into it).
    #[inline(never)]
    fn choose_pending(&mut self, game: &Game, policy: Policy) -> Option<Action> {
        let actor = game.actor();
        if actor == Actor::Chance {
            return self.sample_outcome(game).map(Action::Chance);
        }
        // Discards can number thousands (every multiset of half a large hand): they are
        // counted and the chosen one built directly, the same action `legal_actions` lists
        // at that index (no discard is a building action, so both policies are uniform).
        // (Discarders decide together: only then can the phase be the discards.)
        if actor == Actor::Discarders {
            if let Some(choice) = game.pick_discard(|n| index_below(&mut self.agent, n)) {
                return choice;
            }
        }
        // Likewise the robber's (and the pirate's) moves, every land and sea hex, and its
        // victims (none is a building action).
        if let Some(choice) = game.pick_robber_step(|n| index_below(&mut self.agent, n)) {
            return choice;
        }
        // Likewise every knight's targets while the knights move (none is a building action).
        if game.count_knight_moves(&mut self.knight_moves) {
            let k = index_below(&mut self.agent, self.knight_moves.total);
            return self.knight_moves.nth(game, k);
        }
        self.choose_listed(game, policy)
    }

    /// Chooses among [`Game::legal_actions`] by the policy.
    #[inline]
    fn choose_listed(&mut self, game: &Game, policy: Policy) -> Option<Action> {
        game.legal_actions(&mut self.buf);
        if self.buf.is_empty() {
            return None;
        }
        if policy == Policy::Builder {
            let preferred = self.buf.iter().filter(|a| is_building(a)).count();
            if preferred > 0 {
                let k = index_below(&mut self.agent, preferred);
                return self.buf.iter().filter(|a| is_building(a)).nth(k).copied();
            }
        }
        let k = index_below(&mut self.agent, self.buf.len());
        Some(self.buf[k])
    }

    /// Plays `game` to a win or the turn cap, appending every action to `record` if given.
    ///
    /// # Errors
    /// The first [`PlayFailure`].
    pub fn play(
        &mut self,
        game: &mut Game,
        cfg: &PlayConfig,
        mut record: Option<&mut Vec<Action>>,
    ) -> Result<GameSummary, PlayFailure> {
        let mut step = 0u64;
        // Only Cities & Knights plays and reveals progress cards: the game's own tally of
        // them ([`crate::rules::ck::progress::ProgressTally`]) is read before and after, and
        // no step's events are looked through.
        let progress_cards = game.rules().ck();
        let tally_before = if progress_cards { game.progress_tally() } else { [0; 25] };
        while game.winner().is_none() && game.turn() <= cfg.max_turns {
            let Some(action) = self.choose_next(game, cfg.policy) else {
                return Err(PlayFailure::Stuck { step });
            };
            self.events.clear();
            if !cfg.check_invariants {
                // Without invariants (the speed runs) a listed action is not checked twice.
                game.apply_listed_into(action, &mut self.events);
            } else if let Err(e) = game.apply_into(action, &mut self.events) {
                return Err(PlayFailure::LegalRefused {
                    step,
                    action,
                    code: e.code(),
                });
            }
            if let Some(r) = record.as_deref_mut() {
                r.push(action);
            }
            if cfg.check_invariants {
                if let Err(violation) = game.check_invariants() {
                    return Err(PlayFailure::Invariant {
                        step,
                        action,
                        violation,
                    });
                }
            }
            step += 1;
        }
        let mut cards_played = [0u32; 25];
        if progress_cards {
            let after = game.progress_tally();
            for ((n, a), b) in cards_played.iter_mut().zip(after).zip(tally_before) {
                *n = a.wrapping_sub(b);
            }
        }
        Ok(GameSummary {
            winner: game.winner(),
            turns: game.turn(),
            actions: step,
            cards_played,
        })
    }
}

/// A uniform index below `n` (> 0), the same draw from the same stream as
/// `rng.random_range(0..n)`: rand samples a `usize` range that fits in 32 bits as the `u32`
/// range (`UniformUsize::sample_single`), so asking for that range directly gives the same
/// index while the sampler is small enough to be inlined at each of the agent's draws (the
/// test `index_below_draws_what_random_range_draws` compares both over many ranges and
/// streams).
#[inline(always)]
fn index_below(rng: &mut ChaCha8Rng, n: usize) -> usize {
    match u32::try_from(n) {
        Ok(n32) => rng.random_range(0..n32) as usize,
        Err(_) => index_below_wide(rng, n),
    }
}

/// [`index_below`] beyond 32 bits (never met in play).
#[cold]
#[inline(never)]
fn index_below_wide(rng: &mut ChaCha8Rng, n: usize) -> usize {
    rng.random_range(0..n)
}

fn is_building(a: &Action) -> bool {
    matches!(
        a,
        Action::BuildRoad { .. }
            | Action::BuildSettlement { .. }
            | Action::BuildCity { .. }
            | Action::BuyDevCard { .. }
            | Action::PlayKnight { .. }
            | Action::PlayRoadBuilding { .. }
            | Action::PlayYearOfPlenty { .. }
            | Action::PlayMonopoly { .. }
            | Action::Ck(CkAction::BuildWall { .. })
            | Action::Ck(CkAction::Improve { .. })
            | Action::Ck(CkAction::RecruitKnight { .. })
            | Action::Ck(CkAction::PromoteKnight { .. })
            | Action::Ck(CkAction::ActivateKnight { .. })
            | Action::Ck(CkAction::DisplaceKnight { .. })
            | Action::Ck(CkAction::ChaseRobber { .. })
            | Action::Ck(CkAction::PlayProgress { .. })
            | Action::Ck(CkAction::OfferHarborTrade { .. })
            | Action::Barb(crate::action::BarbAction::BuyBarbarianCard { .. })
    )
}

#[cfg(test)]
mod tests {
    use super::index_below;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// The agent's draws: `index_below` gives the index `random_range(0..n)` gives, and
    /// leaves the stream where it leaves it, for small and large ranges (the same seed
    /// must keep playing the same games).
    #[test]
    fn index_below_draws_what_random_range_draws() {
        let ranges = (1..=600usize).chain([
            1 << 16,
            (1 << 31) + 7,
            u32::MAX as usize,
            u32::MAX as usize + 1,
            1 << 40,
        ]);
        for seed in 0..8u64 {
            let (mut a, mut b) = (ChaCha8Rng::seed_from_u64(seed), ChaCha8Rng::seed_from_u64(seed));
            for n in ranges.clone() {
                for _ in 0..3 {
                    assert_eq!(index_below(&mut a, n), b.random_range(0..n), "seed {seed} n {n}");
                }
            }
            assert_eq!(a.random::<u64>(), b.random::<u64>(), "the streams stay together");
        }
    }
}
