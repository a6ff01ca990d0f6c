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
    /// A Seafarers map for the game's player count, terrain and numbers placed by the game's
    /// seed.
    Sea(catan_engine::SeaMap),
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
    /// The failures, by seed (the first [`MAX_LISTED_FAILURES`]; all are counted in
    /// `invariant_failures`).
    pub failures: Vec<Failure>,
    /// Threads used.
    pub jobs: usize,
    /// Cities & Knights: progress cards played over all games, by name (victory point
    /// cards: placed face up). Empty for other rulesets.
    pub cards_played: std::collections::BTreeMap<String, u64>,
    /// The Court: totals over all games' final positions (`prisoners`, `nobles`,
    /// `colour-banners`, `tricolour-banners`, `most-influence`). Empty for other rulesets.
    pub court: std::collections::BTreeMap<String, u64>,
    /// Seafarers: totals over all games' final positions (`ships` on the board,
    /// `island-markers`). Empty for other rulesets.
    pub sea: std::collections::BTreeMap<String, u64>,
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

/// The Seafarers tallies of one finished game, in the order of [`SEA_TALLIES`].
const SEA_TALLIES: [&str; 2] = ["ships", "island-markers"];

fn sea_tally(game: &Game) -> [u32; 2] {
    let mut t = [0; 2];
    for p in game.player_ids() {
        if let Some(sp) = game.sea_player(p) {
            t[0] += sp.ships.len() as u32;
            t[1] += sp.markers.len() as u32;
        }
    }
    t
}

struct One {
    winner: Option<PlayerId>,
    turns: u64,
    actions: u64,
    failure: Option<Failure>,
    cards_played: [u32; 25],
    court: [u32; 5],
    sea: [u32; 2],
}

fn colours(n: usize) -> Vec<Colour> {
    Colour::ALL[..n.min(Colour::ALL.len())].to_vec()
}

/// The board of one game: the standard island, or the Court's (the Court hex in place of the
/// desert) when the ruleset includes The Court.
fn board_for(opts: &PlayOptions, seed: u64) -> Result<Board, String> {
    match opts.board {
        BoardChoice::Beginner => Ok(opts.rules.beginner_board()),
        BoardChoice::Random(t) => Ok(opts.rules.random_board(seed, t)),
        BoardChoice::Sea(map) => Board::seafarers(map, opts.players, seed).map_err(|e| e.to_string()),
    }
}

/// Builds the game for one seed.
///
/// # Errors
/// The engine's refusal of the ruleset or player count, in words.
pub fn new_game(opts: &PlayOptions, seed: u64) -> Result<Game, String> {
    let board = board_for(opts, seed)?;
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
                sea: [0; 2],
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
            sea: sea_tally(&game),
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
                sea: [0; 2],
            }
        }
    }
}

/// The most games one `play` or `stats` command accepts (about 5 years at 6,000 games/s):
/// a larger `--games` is refused with a message, never a panic.
pub const MAX_GAMES: u64 = 1_000_000_000_000;

/// At most this many failures are listed in a report (all are counted), so memory stays
/// flat however many games fail.
pub const MAX_LISTED_FAILURES: usize = 100;

/// The running totals of a batch: games are added as they finish, so memory does not grow
/// with the number of games.
#[derive(Clone, Debug)]
struct Tally {
    wins: Vec<u64>,
    actions: u64,
    turns: u64,
    draws: u64,
    failure_count: u64,
    failures: Vec<Failure>,
    played: [u64; 25],
    court: [u64; 5],
    sea: [u64; 2],
}

impl Tally {
    fn new(players: usize) -> Self {
        Tally {
            wins: vec![0; players],
            actions: 0,
            turns: 0,
            draws: 0,
            failure_count: 0,
            failures: Vec::new(),
            played: [0; 25],
            court: [0; 5],
            sea: [0; 2],
        }
    }

    fn add(mut self, r: One) -> Self {
        for (total, n) in self.court.iter_mut().zip(r.court) {
            *total += n as u64;
        }
        for (total, n) in self.sea.iter_mut().zip(r.sea) {
            *total += n as u64;
        }
        for (total, n) in self.played.iter_mut().zip(r.cards_played) {
            *total += n as u64;
        }
        self.actions += r.actions;
        self.turns += r.turns;
        match (r.failure, r.winner) {
            (Some(f), _) => {
                self.failure_count += 1;
                if self.failures.len() < MAX_LISTED_FAILURES {
                    self.failures.push(f);
                }
            }
            (None, Some(w)) => {
                if let Some(slot) = self.wins.get_mut(w.index()) {
                    *slot += 1;
                }
            }
            (None, None) => self.draws += 1,
        }
        self
    }

    /// `self` then `later` (the games after this tally's), keeping seed order.
    fn merge(mut self, later: Tally) -> Self {
        for (a, b) in self.wins.iter_mut().zip(later.wins) {
            *a += b;
        }
        self.actions += later.actions;
        self.turns += later.turns;
        self.draws += later.draws;
        self.failure_count += later.failure_count;
        let room = MAX_LISTED_FAILURES.saturating_sub(self.failures.len());
        self.failures.extend(later.failures.into_iter().take(room));
        for (a, b) in self.played.iter_mut().zip(later.played) {
            *a += b;
        }
        for (a, b) in self.court.iter_mut().zip(later.court) {
            *a += b;
        }
        for (a, b) in self.sea.iter_mut().zip(later.sea) {
            *a += b;
        }
        self
    }
}

/// Plays a batch of random games.
pub fn run(opts: &PlayOptions) -> PlayReport {
    run_with(opts, &|| {})
}

/// Plays a batch of random games, calling `on_game` as each game ends (for a progress
/// bar). Results are aggregated as games finish: memory is flat in the number of games.
pub fn run_with(opts: &PlayOptions, on_game: &(dyn Fn() + Sync)) -> PlayReport {
    let start = Instant::now();
    let players = opts.players;
    let serial = || {
        let mut rp = RandomPlayer::new(0);
        (0..opts.games).fold(Tally::new(players), |t, i| {
            let one = play_one(opts, opts.seed.wrapping_add(i), &mut rp);
            on_game();
            t.add(one)
        })
    };
    let tally = if opts.jobs <= 1 {
        serial()
    } else {
        match rayon::ThreadPoolBuilder::new().num_threads(opts.jobs).build() {
            Ok(pool) => pool.install(|| {
                (0..opts.games)
                    .into_par_iter()
                    .map_init(
                        || RandomPlayer::new(0),
                        |rp, i| {
                            let one = play_one(opts, opts.seed.wrapping_add(i), rp);
                            on_game();
                            one
                        },
                    )
                    .fold(|| Tally::new(players), Tally::add)
                    .reduce(|| Tally::new(players), Tally::merge)
            }),
            Err(_) => serial(),
        }
    };
    let seconds = start.elapsed().as_secs_f64().max(1e-9);
    let g = opts.games.max(1) as f64;
    PlayReport {
        games: opts.games,
        seconds,
        games_per_sec: opts.games as f64 / seconds,
        actions_per_sec: tally.actions as f64 / seconds,
        turns_per_sec: tally.turns as f64 / seconds,
        mean_actions: tally.actions as f64 / g,
        mean_turns: tally.turns as f64 / g,
        wins_per_seat: tally.wins,
        draws: tally.draws,
        invariant_failures: tally.failure_count,
        failures: tally.failures,
        jobs: opts.jobs.max(1),
        cards_played: if opts.rules.ck() {
            catan_engine::ProgressCard::ALL
                .iter()
                .map(|c| (c.name().to_string(), tally.played[c.index()]))
                .collect()
        } else {
            Default::default()
        },
        court: if opts.rules.court() {
            COURT_TALLIES
                .iter()
                .zip(tally.court)
                .map(|(k, n)| (k.to_string(), n))
                .collect()
        } else {
            Default::default()
        },
        sea: if opts.rules.has(catan_engine::ruleset::Expansion::Seafarers) {
            SEA_TALLIES
                .iter()
                .zip(tally.sea)
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
        "{}, {} players, rules {}, invariants {}, {}\n",
        catan_dsl::report::count(usize::try_from(r.games).unwrap_or(usize::MAX), "game", "games"),
        opts.players,
        opts.rules.describe(),
        if opts.invariants { "checked every step" } else { "off" },
        catan_dsl::report::count(r.jobs, "thread", "threads")
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
    if !r.sea.is_empty() {
        let list: Vec<String> = SEA_TALLIES
            .iter()
            .map(|k| format!("{k} {}", r.sea.get(*k).copied().unwrap_or(0)))
            .collect();
        s.push_str(&format!("sea (ends)      {}\n", list.join(", ")));
    }
    s.push_str(&format!("failures        {}\n", r.invariant_failures));
    for f in &r.failures {
        s.push_str(&format!("  seed {}: {}\n", f.seed, f.message));
    }
    if r.invariant_failures > r.failures.len() as u64 {
        s.push_str(&format!(
            "  … and {} more (the first {MAX_LISTED_FAILURES} are listed)\n",
            r.invariant_failures - r.failures.len() as u64
        ));
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
    fn every_failure_is_counted_and_the_first_hundred_listed_in_seed_order() {
        for jobs in [1, 2] {
            let mut o = opts(MAX_LISTED_FAILURES as u64 + 30, jobs);
            // Barbarian Attack with The Court: a combination no source defines.
            o.rules
                .expansions
                .insert(catan_engine::ruleset::Expansion::BarbarianAttack);
            o.rules.expansions.insert(catan_engine::ruleset::Expansion::TheCourt);
            let r = run(&o);
            assert_eq!(r.invariant_failures, MAX_LISTED_FAILURES as u64 + 30);
            assert_eq!(r.failures.len(), MAX_LISTED_FAILURES);
            let seeds: Vec<u64> = r.failures.iter().map(|f| f.seed).collect();
            let expected: Vec<u64> = (11..11 + MAX_LISTED_FAILURES as u64).collect();
            assert_eq!(seeds, expected, "jobs {jobs}");
        }
    }

    #[test]
    fn seafarers_games_tally_ships_and_island_markers_at_their_ends() {
        let mut o = opts(4, 1);
        o.rules = Ruleset::from_names(["seafarers"]).expect("Seafarers");
        o.board = BoardChoice::Sea(catan_engine::SeaMap::ThroughTheDesert);
        let r = run(&o);
        assert_eq!(r.invariant_failures, 0, "{:?}", r.failures);
        assert!(r.sea.get("ships").is_some_and(|n| *n > 0), "{:?}", r.sea);
        assert!(r.sea.contains_key("island-markers"));
        assert!(render_human(&r, &o).contains("\nsea (ends)      ships "));
        assert!(run(&opts(1, 1)).sea.is_empty(), "no Seafarers line without Seafarers");
    }

    #[test]
    fn unsupported_rules_are_failures_not_panics() {
        let mut o = opts(1, 1);
        o.rules
            .expansions
            .insert(catan_engine::ruleset::Expansion::BarbarianAttack);
        o.rules.expansions.insert(catan_engine::ruleset::Expansion::TheCourt);
        let r = run(&o);
        assert_eq!(r.invariant_failures, 1);
        assert!(r.failures[0].message.contains("not implemented"));
    }
}
