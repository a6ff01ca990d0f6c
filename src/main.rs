//! The `catan-harness` command line.

use catan_engine::board::TokenPlacement;
use catan_engine::random::Policy;
use catan_engine::ruleset::Expansion;
use catan_engine::{Board, Ruleset};
use catan_harness::play::{self, BoardChoice, PlayOptions};
use clap::{Parser, Subcommand, ValueEnum};
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "catan-harness",
    version,
    about = "Rules engine harness for CATAN: random play, board places, scenarios"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Clone, Copy, ValueEnum)]
enum Format {
    Human,
    Json,
}

#[derive(Clone, Copy, ValueEnum)]
enum BoardArg {
    /// The beginner layout.
    Beginner,
    /// A random standard board per game (seeded by the game's seed), tokens by the spiral.
    Random,
    /// A random standard board per game, tokens random with no adjacent 6/8.
    RandomTokens,
}

#[derive(Clone, Copy, ValueEnum)]
enum RulesArg {
    /// The base game.
    Base,
    /// Cities & Knights (not implemented yet: refused).
    CitiesAndKnights,
}

#[derive(Clone, Copy, ValueEnum)]
enum PolicyArg {
    /// Uniform over legal actions.
    Uniform,
    /// Prefers building and development cards.
    Builder,
}

#[derive(Subcommand)]
enum Command {
    /// Play random games with invariants checked after every step.
    ///
    /// The agent chooses uniformly among the legal actions. Player-to-player trade offers are
    /// left out (their space is combinatorial and random offers are noise); maritime trades,
    /// building, development cards and every pending decision are played. Exits 1 when any
    /// game breaks an invariant or the engine refuses a listed legal action, printing the seed
    /// and the failing step.
    Play {
        /// Players per game (3 or 4).
        #[arg(long, default_value_t = 4)]
        players: usize,
        /// Number of games.
        #[arg(long, default_value_t = 1000)]
        games: u64,
        /// Seed of the first game (game i uses seed + i).
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Board for each game.
        #[arg(long, value_enum, default_value_t = BoardArg::Random)]
        board: BoardArg,
        /// Ruleset.
        #[arg(long, value_enum, default_value_t = RulesArg::Base)]
        rules: RulesArg,
        /// Turn cap; a game reaching it counts as a draw.
        #[arg(long, default_value_t = 1000)]
        max_turns: u32,
        /// Skip the invariant checks (to measure raw engine speed).
        #[arg(long)]
        no_invariants: bool,
        /// Agent policy.
        #[arg(long, value_enum, default_value_t = PolicyArg::Uniform)]
        policy: PolicyArg,
        /// Worker threads.
        #[arg(long, default_value_t = 1)]
        jobs: usize,
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Human)]
        format: Format,
    },
    /// Print a board with the names of its hexes, intersections and paths.
    Places {
        /// `beginner`, or `random:SEED`.
        #[arg(default_value = "beginner")]
        board: String,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Play {
            players,
            games,
            seed,
            board,
            rules,
            max_turns,
            no_invariants,
            policy,
            jobs,
            format,
        } => {
            let mut ruleset = Ruleset::base();
            if let RulesArg::CitiesAndKnights = rules {
                ruleset.expansions.push(Expansion::CitiesAndKnights);
            }
            if let Err(e) = ruleset.validate() {
                eprintln!("error: {e} (rule id {})", e.code());
                return ExitCode::from(2);
            }
            if !(3..=4).contains(&players) {
                eprintln!("error: --players must be 3 or 4");
                return ExitCode::from(2);
            }
            let opts = PlayOptions {
                players,
                games,
                seed,
                board: match board {
                    BoardArg::Beginner => BoardChoice::Beginner,
                    BoardArg::Random => BoardChoice::Random(TokenPlacement::Spiral),
                    BoardArg::RandomTokens => BoardChoice::Random(TokenPlacement::Random),
                },
                max_turns,
                invariants: !no_invariants,
                policy: match policy {
                    PolicyArg::Uniform => Policy::Uniform,
                    PolicyArg::Builder => Policy::Builder,
                },
                jobs: jobs.max(1),
                rules: ruleset,
            };
            let report = play::run(&opts);
            match format {
                Format::Human => print!("{}", play::render_human(&report, &opts)),
                Format::Json => match serde_json::to_string_pretty(&report) {
                    Ok(s) => println!("{s}"),
                    Err(e) => {
                        eprintln!("error: {e}");
                        return ExitCode::from(2);
                    }
                },
            }
            if report.invariant_failures > 0 {
                ExitCode::from(1)
            } else {
                ExitCode::SUCCESS
            }
        }
        Command::Places { board } => {
            let b = if board == "beginner" {
                Board::beginner()
            } else if let Some(seed) = board.strip_prefix("random:").and_then(|s| s.parse::<u64>().ok()) {
                Board::random(seed, TokenPlacement::Spiral)
            } else {
                eprintln!("error: unknown board `{board}`: expected `beginner` or `random:SEED`");
                return ExitCode::from(2);
            };
            print!("{}", catan_harness::places::render(&b));
            ExitCode::SUCCESS
        }
    }
}
