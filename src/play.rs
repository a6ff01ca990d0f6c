//! Random play: many seeded games with invariants checked after every step, and the
//! throughput figures (games/s, actions/s, turns/s).
//!
//! The agent chooses uniformly among `legal_actions`, which leaves out player-to-player
//! trade offers (their space is combinatorial and random offers are noise); maritime
//! trades, building, development cards and every pending decision are all played.

use catan_engine::board::TokenPlacement;
use catan_engine::random::{PlayConfig, PlayFailure, Policy, RandomPlayer};
use catan_engine::{Action, Board, Colour, Game, PlayerId, Ruleset};
use rayon::prelude::*;
use serde::Serialize;
use std::sync::Arc;
use std::time::Instant;

/// Which board each game uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardChoice {
    /// The beginner layout.
    Beginner,
    /// A random standard board seeded by the game's seed.
    Random(TokenPlacement),
}

/// Options for a batch of random games.
#[derive(Clone, Debug)]
pub struct PlayOptions {
    /// Players per game (3 or 4).
    pub players: usize,
    /// Number of games.
    pub games: u64,
    /// Seed of the first game; game `i` uses `seed + i`.
    pub seed: u64,
    /// Board choice.
    pub board: BoardChoice,
    /// Turn cap (a game reaching it is a draw).
    pub max_turns: u32,
    /// Check invariants after every step.
    pub invariants: bool,
    /// Agent policy.
    pub policy: Policy,
    /// Worker threads (1 = single-threaded).
    pub jobs: usize,
    /// Ruleset.
    pub rules: Ruleset,
}

/// One failing game.
#[derive(Clone, Debug, Serialize)]
pub struct Failure {
    /// The game's seed (replay with `play --games 1 --seed S`).
    pub seed: u64,
    /// What failed.
    pub message: String,
    /// The step index.
    pub step: u64,
}

/// The figures of a batch.
#[derive(Clone, Debug, Serialize)]
pub struct PlayReport {
    /// Games played.
    pub games: u64,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// Games per second.
    pub games_per_sec: f64,
    /// Actions (chance outcomes included) per second.
    pub actions_per_sec: f64,
    /// Turns per second.
    pub turns_per_sec: f64,
    /// Mean actions per game.
    pub mean_actions: f64,
    /// Mean turns per game.
    pub mean_turns: f64,
    /// Wins by seat (index 0 = first seat).
    pub wins_per_seat: Vec<u64>,
    /// Games that reached the turn cap.
    pub draws: u64,
    /// Number of invariant (or legality) failures.
    pub invariant_failures: u64,
    /// The failures, by seed.
    pub failures: Vec<Failure>,
    /// Threads used.
    pub jobs: usize,
    /// Cities & Knights: progress cards played over all games, by name (victory point
    /// cards: placed face up). Empty for other rulesets.
    pub cards_played: std::collections::BTreeMap<String, u64>,
    /// The Court: totals over all games' final positions (`prisoners`, `nobles`,
    /// `colour-banners`, `tricolour-banners`, `most-influence`). Empty for other rulesets.
    pub court: std::collections::BTreeMap<String, u64>,
}

/// The Court tallies of one finished game, in the order of [`COURT_TALLIES`].
const COURT_TALLIES: [&str; 5] = [
    "prisoners",
    "nobles",
    "colour-banners",
    "tricolour-banners",
    "most-influence",
];

fn court_tally(game: &Game) -> [u32; 5] {
    let c = game.court();
    [
        c.prisoners.iter().flatten().map(|n| *n as u32).sum(),
        c.nobles_sent() as u32,
        c.banners.iter().flatten().count() as u32,
        c.tricolours_taken() as u32,
        c.influence.is_some() as u32,
    ]
}

struct One {
    winner: Option<PlayerId>,
    turns: u64,
    actions: u64,
    failure: Option<Failure>,
    cards_played: [u32; 25],
    court: [u32; 5],
}

fn colours(n: usize) -> Vec<Colour> {
    Colour::ALL[..n.min(Colour::ALL.len())].to_vec()
}

/// The board of one game: the standard island, or the Court's (the Court hex in place of the
/// desert) when the ruleset includes The Court.
fn board_for(opts: &PlayOptions, seed: u64) -> Board {
    match opts.board {
        BoardChoice::Beginner => opts.rules.beginner_board(),
        BoardChoice::Random(t) => opts.rules.random_board(seed, t),
    }
}

/// Builds the game for one seed.
///
/// # Errors
/// The engine's refusal of the ruleset or player count, in words.
pub fn new_game(opts: &PlayOptions, seed: u64) -> Result<Game, String> {
    let board = board_for(opts, seed);
    Game::new(opts.rules.clone(), Arc::new(board), &colours(opts.players), PlayerId(0)).map_err(|e| e.to_string())
}

fn play_one(opts: &PlayOptions, seed: u64, rp: &mut RandomPlayer) -> One {
    let mut game = match new_game(opts, seed) {
        Ok(g) => g,
        Err(message) => {
            return One {
                winner: None,
                turns: 0,
                actions: 0,
                failure: Some(Failure { seed, message, step: 0 }),
                cards_played: [0; 25],
                court: [0; 5],
            }
        }
    };
    *rp = RandomPlayer::new(seed);
    let cfg = PlayConfig {
        max_turns: opts.max_turns,
        check_invariants: opts.invariants,
        policy: opts.policy,
    };
    match rp.play(&mut game, &cfg, None) {
        Ok(s) => One {
            winner: s.winner,
            turns: s.turns as u64,
            actions: s.actions,
            failure: None,
            cards_played: s.cards_played,
            court: court_tally(&game),
        },
        Err(f) => {
            let step = match &f {
                PlayFailure::LegalRefused { step, .. }
                | PlayFailure::Invariant { step, .. }
                | PlayFailure::Stuck { step } => *step,
            };
            One {
                winner: None,
                turns: game.turn() as u64,
                actions: step,
                failure: Some(Failure {
                    seed,
                    message: f.to_string(),
                    step,
                }),
                cards_played: [0; 25],
                court: [0; 5],
            }
        }
    }
}

/// Plays a batch of random games.
pub fn run(opts: &PlayOptions) -> PlayReport {
    let start = Instant::now();
    let seeds: Vec<u64> = (0..opts.games).map(|i| opts.seed.wrapping_add(i)).collect();
    let results: Vec<One> = if opts.jobs <= 1 {
        let mut rp = RandomPlayer::new(0);
        seeds.iter().map(|&s| play_one(opts, s, &mut rp)).collect()
    } else {
        let pool = rayon::ThreadPoolBuilder::new().num_threads(opts.jobs).build();
        match pool {
            Ok(pool) => pool.install(|| {
                seeds
                    .par_iter()
                    .map_init(|| RandomPlayer::new(0), |rp, &s| play_one(opts, s, rp))
                    .collect()
            }),
            Err(_) => {
                let mut rp = RandomPlayer::new(0);
                seeds.iter().map(|&s| play_one(opts, s, &mut rp)).collect()
            }
        }
    };
    let seconds = start.elapsed().as_secs_f64().max(1e-9);
    let mut wins = vec![0u64; opts.players];
    let (mut actions, mut turns, mut draws) = (0u64, 0u64, 0u64);
    let mut failures = Vec::new();
    let mut played = [0u64; 25];
    let mut court = [0u64; 5];
    for r in results {
        for (total, n) in court.iter_mut().zip(r.court) {
            *total += n as u64;
        }
        for (total, n) in played.iter_mut().zip(r.cards_played) {
            *total += n as u64;
        }
        actions += r.actions;
        turns += r.turns;
        match (r.failure, r.winner) {
            (Some(f), _) => failures.push(f),
            (None, Some(w)) => {
                if let Some(slot) = wins.get_mut(w.index()) {
                    *slot += 1;
                }
            }
            (None, None) => draws += 1,
        }
    }
    let g = opts.games.max(1) as f64;
    PlayReport {
        games: opts.games,
        seconds,
        games_per_sec: opts.games as f64 / seconds,
        actions_per_sec: actions as f64 / seconds,
        turns_per_sec: turns as f64 / seconds,
        mean_actions: actions as f64 / g,
        mean_turns: turns as f64 / g,
        wins_per_seat: wins,
        draws,
        invariant_failures: failures.len() as u64,
        failures,
        jobs: opts.jobs.max(1),
        cards_played: if opts.rules.ck() {
            catan_engine::ProgressCard::ALL
                .iter()
                .map(|c| (c.name().to_string(), played[c.index()]))
                .collect()
        } else {
            Default::default()
        },
        court: if opts.rules.court() {
            COURT_TALLIES
                .iter()
                .zip(court)
                .map(|(k, n)| (k.to_string(), n))
                .collect()
        } else {
            Default::default()
        },
    }
}

/// The report as text for people.
pub fn render_human(r: &PlayReport, opts: &PlayOptions) -> String {
    let mut s = String::new();
    s.push_str(&format!(
        "{} games, {} players, rules {}, invariants {}, {} thread(s)\n",
        r.games,
        opts.players,
        opts.rules.describe(),
        if opts.invariants { "checked every step" } else { "off" },
        r.jobs
    ));
    s.push_str(&format!("time            {:.3} s\n", r.seconds));
    s.push_str(&format!("games/s         {:.1}\n", r.games_per_sec));
    s.push_str(&format!("actions/s       {:.0}\n", r.actions_per_sec));
    s.push_str(&format!("turns/s         {:.0}\n", r.turns_per_sec));
    s.push_str(&format!("mean actions    {:.1}\n", r.mean_actions));
    s.push_str(&format!("mean turns      {:.1}\n", r.mean_turns));
    let cs = colours(opts.players);
    let wins: Vec<String> = r
        .wins_per_seat
        .iter()
        .zip(cs)
        .map(|(w, c)| format!("{c} {w}"))
        .collect();
    s.push_str(&format!("wins per seat   {}\n", wins.join(", ")));
    s.push_str(&format!("draws (cap {})  {}\n", opts.max_turns, r.draws));
    if !r.cards_played.is_empty() {
        let kinds = r.cards_played.values().filter(|&&n| n > 0).count();
        let list: Vec<String> = catan_engine::ProgressCard::ALL
            .iter()
            .map(|c| format!("{} {}", c.name(), r.cards_played.get(c.name()).copied().unwrap_or(0)))
            .collect();
        s.push_str(&format!("cards played    {kinds} of 25 kinds: {}\n", list.join(", ")));
    }
    if !r.court.is_empty() {
        let list: Vec<String> = COURT_TALLIES
            .iter()
            .map(|k| format!("{k} {}", r.court.get(*k).copied().unwrap_or(0)))
            .collect();
        s.push_str(&format!("court (ends)    {}\n", list.join(", ")));
    }
    s.push_str(&format!("failures        {}\n", r.invariant_failures));
    for f in &r.failures {
        s.push_str(&format!("  seed {}: {}\n", f.seed, f.message));
    }
    s
}

/// Replays one seed and returns its recorded actions (for debugging a failing seed).
pub fn record(opts: &PlayOptions, seed: u64) -> Result<Vec<Action>, String> {
    let mut game = new_game(opts, seed)?;
    let mut rp = RandomPlayer::new(seed);
    let mut actions = Vec::new();
    let cfg = PlayConfig {
        max_turns: opts.max_turns,
        check_invariants: opts.invariants,
        policy: opts.policy,
    };
    rp.play(&mut game, &cfg, Some(&mut actions))
        .map_err(|e| e.to_string())?;
    Ok(actions)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn opts(games: u64, jobs: usize) -> PlayOptions {
        PlayOptions {
            players: 4,
            games,
            seed: 11,
            board: BoardChoice::Random(TokenPlacement::Spiral),
            max_turns: 1000,
            invariants: true,
            policy: Policy::Uniform,
            jobs,
            rules: Ruleset::base(),
        }
    }

    #[test]
    fn a_batch_with_invariants_has_no_failures_and_counts_every_game() {
        let r = run(&opts(20, 1));
        assert_eq!(r.invariant_failures, 0, "{:?}", r.failures);
        assert_eq!(r.wins_per_seat.iter().sum::<u64>() + r.draws, 20);
    }

    #[test]
    fn parallel_and_serial_runs_give_the_same_results() {
        let a = run(&opts(12, 1));
        let b = run(&opts(12, 2));
        assert_eq!(a.wins_per_seat, b.wins_per_seat);
        assert_eq!(a.mean_actions, b.mean_actions);
    }

    #[test]
    fn unsupported_rules_are_failures_not_panics() {
        let mut o = opts(1, 1);
        o.rules.expansions.insert(catan_engine::ruleset::Expansion::Seafarers);
        let r = run(&o);
        assert_eq!(r.invariant_failures, 1);
        assert!(r.failures[0].message.contains("not implemented"));
    }
}
