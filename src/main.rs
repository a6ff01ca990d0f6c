//! The `catan-harness` command line.

use catan_engine::board::TokenPlacement;
use catan_engine::random::Policy;
use catan_engine::{Board, Ruleset};
use catan_harness::play::{self, BoardChoice, PlayOptions};
use catan_harness::{catalog, emit, load, manpage, runner, stats, suite};
use clap::{Parser, Subcommand, ValueEnum};
use std::path::PathBuf;
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
enum RunFormat {
    Human,
    Json,
    Junit,
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
enum PolicyArg {
    /// Uniform over legal actions.
    Uniform,
    /// Prefers building and development cards.
    Builder,
}

/// What games to play: shared by `play` and `stats`.
#[derive(clap::Args)]
struct GameArgs {
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
    /// Ruleset: `base`, `cities-and-knights`, `court`, or a comma-separated combination
    /// (`cities-and-knights,court`).
    #[arg(long, default_value = "base")]
    rules: String,
    /// Edition profile (english, colonist, german-3d).
    #[arg(long)]
    profile: Option<String>,
    /// A named rules option as NAME=VALUE (repeatable), e.g. `--option barbarian-track=5`.
    #[arg(long = "option", value_name = "NAME=VALUE")]
    options: Vec<String>,
    /// Turn cap; a game reaching it counts as a draw.
    #[arg(long, default_value_t = 1000)]
    max_turns: u32,
    /// Agent policy.
    #[arg(long, value_enum, default_value_t = PolicyArg::Uniform)]
    policy: PolicyArg,
}

impl GameArgs {
    /// The play options, or the error to print.
    fn options(&self, invariants: bool, jobs: usize) -> Result<PlayOptions, String> {
        let mut ruleset = Ruleset::from_names(self.rules.split(',').map(str::trim))?;
        if let Some(name) = &self.profile {
            match catan_engine::Profile::from_name(name) {
                Some(p) => ruleset.set_profile(p),
                None => return Err(format!("unknown profile `{name}` (english, colonist, german-3d)")),
            }
        }
        for o in &self.options {
            let Some((name, value)) = o.split_once('=') else {
                return Err(format!("--option takes NAME=VALUE, not `{o}`"));
            };
            ruleset.set_option(name, value).map_err(|e| e.to_string())?;
        }
        ruleset.validate().map_err(|e| format!("{e} (rule id {})", e.code()))?;
        if !(3..=4).contains(&self.players) {
            return Err("--players must be 3 or 4".into());
        }
        Ok(PlayOptions {
            players: self.players,
            games: self.games,
            seed: self.seed,
            board: match self.board {
                BoardArg::Beginner => BoardChoice::Beginner,
                BoardArg::Random => BoardChoice::Random(TokenPlacement::Spiral),
                BoardArg::RandomTokens => BoardChoice::Random(TokenPlacement::Random),
            },
            max_turns: self.max_turns,
            invariants,
            policy: match self.policy {
                PolicyArg::Uniform => Policy::Uniform,
                PolicyArg::Builder => Policy::Builder,
            },
            jobs: jobs.max(1),
            rules: ruleset,
        })
    }
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
        #[command(flatten)]
        game: GameArgs,
        /// Skip the invariant checks (to measure raw engine speed).
        #[arg(long)]
        no_invariants: bool,
        /// Worker threads.
        #[arg(long, default_value_t = 1)]
        jobs: usize,
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Human)]
        format: Format,
        /// Write a scenario file reproducing each failure into this folder
        /// (`seed-N.cat`: the position before the failing step, the steps, the broken
        /// expectation).
        #[arg(long, value_name = "DIR")]
        shrink_to: Option<PathBuf>,
    },
    /// Statistics over seeded random games of a ruleset: game length, wins by seat, 7s and
    /// robber moves, barbarian attacks and outcomes, cities pillaged, metropolis changes,
    /// knights, progress cards drawn by kind.
    Stats {
        #[command(flatten)]
        game: GameArgs,
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Human)]
        format: Format,
    },
    /// Run scenario files (files or folders) and report.
    ///
    /// Exit 0 when all pass, 1 when some fail, 2 when some files are invalid.
    Run {
        /// Files or folders (default: scenarios/).
        paths: Vec<PathBuf>,
        /// Only files whose path or title contains this text.
        #[arg(long)]
        filter: Option<String>,
        /// Only scenarios with this tag.
        #[arg(long)]
        tag: Option<String>,
        /// Output format.
        #[arg(long, value_enum, default_value_t = RunFormat::Human)]
        format: RunFormat,
        /// Parallel jobs.
        #[arg(long, default_value_t = 1)]
        jobs: usize,
    },
    /// Parse and validate scenario files without running them.
    Check {
        /// Files or folders (default: scenarios/).
        paths: Vec<PathBuf>,
    },
    /// Print a scenario's trace: every step with its events and the state change.
    Trace {
        /// The scenario file.
        file: PathBuf,
        /// Print the state at this snapshot point instead.
        #[arg(long)]
        at: Option<String>,
        /// With `--at`: print the position at that point as a scenario file (which loads
        /// back to the same position) instead of the summary.
        #[arg(long, requires = "at")]
        emit_scenario: bool,
    },
    /// List rule catalog ids that no scenario covers, and the covered fraction.
    Coverage {
        /// Files or folders (default: scenarios/).
        paths: Vec<PathBuf>,
    },
    /// Print a board with the names of its hexes, intersections and paths.
    Places {
        /// `beginner`, `court` (the beginner layout with the Court hex and its soldiers),
        /// `random:SEED` or `court-random:SEED`.
        #[arg(default_value = "beginner")]
        board: String,
    },
    /// Rewrite scenario and fragment files in the canonical layout (comments and meaning
    /// kept).
    ///
    /// Exit 0 when done (with `--check`: when every file is already formatted), 1 with
    /// `--check` when some file would be reformatted, 2 when some file does not parse (it
    /// is reported with its diagnostics and left untouched), 3 when the formatter failed
    /// on a file, 4 when there is nothing to format (a path that does not exist or is no
    /// `.cat`/`.fragment` file, a folder without any). The most severe wins.
    Fmt {
        /// Files or folders (default: scenarios/); folders give their `.cat` and
        /// `.fragment` files. `-` formats standard input to standard output.
        paths: Vec<PathBuf>,
        /// Change nothing: list the files that would be reformatted.
        #[arg(long)]
        check: bool,
    },
    /// Print a shell completion script.
    ///
    /// For bash, zsh, fish, elvish or powershell; the README says where each shell looks
    /// for it.
    Completions {
        /// The shell.
        shell: clap_complete::Shell,
    },
    /// Print the man page (roff) to stdout, or write it to a file.
    Man {
        /// Write the page to this file instead of stdout.
        #[arg(short, long, value_name = "FILE")]
        output: Option<PathBuf>,
    },
}

fn default_paths(paths: Vec<PathBuf>) -> Vec<PathBuf> {
    if paths.is_empty() {
        vec![PathBuf::from("scenarios")]
    } else {
        paths
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Fmt { paths, check } => {
            if paths.len() == 1 && paths[0].as_os_str() == "-" {
                return ExitCode::from(catan_harness::fmt::stdin(check));
            }
            let report = catan_harness::fmt::run(&default_paths(paths), check);
            catan_harness::fmt::to_stdout(report.render(check).as_bytes());
            ExitCode::from(report.exit_code(check))
        }
        Command::Completions { shell } => {
            let mut cmd = <Cli as clap::CommandFactory>::command();
            let mut script = Vec::new();
            clap_complete::generate(shell, &mut cmd, "catan-harness", &mut script);
            catan_harness::fmt::to_stdout(&script);
            ExitCode::SUCCESS
        }
        Command::Man { output } => {
            let written = manpage::render(<Cli as clap::CommandFactory>::command()).and_then(|bytes| match &output {
                Some(path) => std::fs::write(path, &bytes),
                None => {
                    catan_harness::fmt::to_stdout(&bytes);
                    Ok(())
                }
            });
            match written {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("error: {e}");
                    ExitCode::from(2)
                }
            }
        }
        Command::Play {
            game,
            no_invariants,
            jobs,
            format,
            shrink_to,
        } => {
            let opts = match game.options(!no_invariants, jobs) {
                Ok(o) => o,
                Err(e) => {
                    eprintln!("error: {e}");
                    return ExitCode::from(2);
                }
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
            if let Some(dir) = &shrink_to {
                if let Err(e) = std::fs::create_dir_all(dir) {
                    eprintln!("error: {}: {e}", dir.display());
                    return ExitCode::from(2);
                }
                for f in &report.failures {
                    let with_invariants = catan_harness::play::PlayOptions {
                        invariants: true,
                        ..opts.clone()
                    };
                    match catan_harness::shrink::scenario_for_seed(&with_invariants, f.seed) {
                        Some(text) => {
                            let path = dir.join(format!("seed-{}.cat", f.seed));
                            match std::fs::write(&path, text) {
                                Ok(()) => eprintln!("wrote {}", path.display()),
                                Err(e) => eprintln!("error: {}: {e}", path.display()),
                            }
                        }
                        None => eprintln!("seed {}: no quiet position before the failure to start from", f.seed),
                    }
                }
            }
            if report.invariant_failures > 0 {
                ExitCode::from(1)
            } else {
                ExitCode::SUCCESS
            }
        }
        Command::Stats { game, format } => {
            let opts = match game.options(false, 1) {
                Ok(o) => o,
                Err(e) => {
                    eprintln!("error: {e}");
                    return ExitCode::from(2);
                }
            };
            let s = stats::run(&opts);
            match format {
                Format::Human => print!("{}", stats::render_human(&s, &opts)),
                Format::Json => match serde_json::to_string_pretty(&s) {
                    Ok(j) => println!("{j}"),
                    Err(e) => {
                        eprintln!("error: {e}");
                        return ExitCode::from(2);
                    }
                },
            }
            if s.failures.is_empty() {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(1)
            }
        }
        Command::Run {
            paths,
            filter,
            tag,
            format,
            jobs,
        } => {
            let paths = default_paths(paths);
            let results = suite::run(&paths, &suite::Selection { filter, tag }, jobs.max(1));
            match format {
                RunFormat::Human => print!("{}", suite::render_human(&results)),
                RunFormat::Json => println!("{}", suite::render_json(&results)),
                RunFormat::Junit => print!("{}", suite::render_junit(&results)),
            }
            ExitCode::from(suite::exit_code(&suite::totals(&results)))
        }
        Command::Check { paths } => {
            let files = load::discover(&default_paths(paths));
            let mut bad = 0;
            for f in &files {
                if let Err(e) = load::load(f) {
                    bad += 1;
                    print!("{}", e.render(100));
                }
            }
            println!("{} files checked, {} invalid", files.len(), bad);
            ExitCode::from(if bad > 0 { 2 } else { 0 })
        }
        Command::Trace {
            file,
            at,
            emit_scenario,
        } => match load::load(&file) {
            Err(e) => {
                print!("{}", e.render(100));
                ExitCode::from(2)
            }
            Ok(sc) => {
                let rep = runner::run(&sc);
                match at {
                    Some(name) if emit_scenario => match rep.states.iter().find(|(n, _)| *n == name) {
                        Some((_, g)) => print!(
                            "{}",
                            emit::scenario_text(
                                g,
                                &format!("{} — at \"{name}\"", sc.title),
                                &format!("The position of {} at snapshot \"{name}\".", file.display())
                            )
                        ),
                        None => {
                            eprintln!("error: no snapshot \"{name}\"");
                            return ExitCode::from(2);
                        }
                    },
                    Some(name) => match rep.snapshots.iter().find(|(n, _)| *n == name) {
                        Some((_, s)) => print!("{s}"),
                        None => {
                            let names: Vec<&str> = rep.snapshots.iter().map(|(n, _)| n.as_str()).collect();
                            eprintln!("error: no snapshot \"{name}\" (the scenario has: {})", names.join(", "));
                            return ExitCode::from(2);
                        }
                    },
                    None => {
                        print!("{}", rep.trace);
                        if rep.failure.is_some() {
                            print!("{}", suite::render_failure(&rep));
                        }
                    }
                }
                ExitCode::from(if rep.status == runner::Status::Failed { 1 } else { 0 })
            }
        },
        Command::Coverage { paths } => {
            let Some(cat) = catalog::find() else {
                eprintln!("error: catalog/rules.yaml not found");
                return ExitCode::from(2);
            };
            let rules = match catalog::load(&cat) {
                Ok(r) => r,
                Err(e) => {
                    eprintln!("error: {e}");
                    return ExitCode::from(2);
                }
            };
            let mut covered = std::collections::BTreeSet::new();
            for f in load::discover(&default_paths(paths)) {
                if let Ok(sc) = load::load(&f) {
                    for (id, _) in sc.covers {
                        covered.insert(id);
                    }
                }
            }
            let missing: Vec<&catalog::Rule> = rules.iter().filter(|r| !covered.contains(&r.id)).collect();
            for r in &missing {
                println!("uncovered {:<32} {}", r.id, r.rule);
            }
            let n = rules.len().max(1);
            println!(
                "{} of {} rule ids covered ({:.1}%)",
                rules.len() - missing.len(),
                rules.len(),
                100.0 * (rules.len() - missing.len()) as f64 / n as f64
            );
            ExitCode::SUCCESS
        }
        Command::Places { board } => {
            let b = if board == "beginner" {
                Board::beginner()
            } else if board == "court" {
                Board::beginner_court()
            } else if let Some(seed) = board.strip_prefix("random:").and_then(|s| s.parse::<u64>().ok()) {
                Board::random(seed, TokenPlacement::Spiral)
            } else if let Some(seed) = board.strip_prefix("court-random:").and_then(|s| s.parse::<u64>().ok()) {
                Board::random_court(seed, TokenPlacement::Spiral)
            } else {
                eprintln!(
                    "error: unknown board `{board}`: expected `beginner`, `court`, `random:SEED` or `court-random:SEED`"
                );
                return ExitCode::from(2);
            };
            print!("{}", catan_harness::places::render(&b));
            ExitCode::SUCCESS
        }
    }
}
