//! The `catan-harness` command line.

// Bad input gets a diagnostic, never a panic: outside tests, no `unwrap`, `expect`,
// `panic!`, `unreachable!`, `todo!` or `unimplemented!` (clippy, run with `-D warnings` in
// CI, holds every line to it).
#![cfg_attr(
    not(test),
    deny(
        clippy::unwrap_used,
        clippy::expect_used,
        clippy::panic,
        clippy::unreachable,
        clippy::todo,
        clippy::unimplemented
    )
)]

use catan_dsl::report::count;
use catan_engine::board::TokenPlacement;
use catan_engine::random::Policy;
use catan_engine::ruleset::Expansion;
use catan_engine::{Board, Ruleset};
use catan_harness::play::{self, BoardChoice, PlayOptions};
use catan_harness::{catalog, emit, exit, junit, load, manpage, progress, rule_list, runner, stats, suite};
use clap::{Parser, Subcommand, ValueEnum};
use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "catan-harness",
    version,
    about = "Rules engine harness for CATAN: random play, board places, scenarios"
)]
struct Cli {
    /// Colour in diagnostics: `auto` (when standard output is a terminal and NO_COLOR is
    /// not set), `always` or `never`.
    #[arg(long, value_enum, global = true, default_value_t = ColorArg::Auto)]
    color: ColorArg,
    #[command(subcommand)]
    command: Command,
}

#[derive(Clone, Copy, ValueEnum)]
enum ColorArg {
    Auto,
    Always,
    Never,
}

impl ColorArg {
    /// Whether diagnostics on standard output are coloured.
    fn on(self) -> bool {
        match self {
            ColorArg::Always => true,
            ColorArg::Never => false,
            ColorArg::Auto => {
                std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()) && std::io::stdout().is_terminal()
            }
        }
    }
}

#[derive(Clone, Copy, ValueEnum)]
enum Format {
    Human,
    Json,
}

#[derive(Clone, Copy, ValueEnum)]
enum CheckFormat {
    Human,
    Short,
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
    /// Number of games (at most 1,000,000,000,000).
    #[arg(long, default_value_t = 1000)]
    games: u64,
    /// Seed of the first game (game i uses seed + i).
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Board for each game.
    #[arg(long, value_enum, default_value_t = BoardArg::Random)]
    board: BoardArg,
    /// Seafarers: the map of each game (`new-shores` or `through-the-desert`), its terrain
    /// and numbers placed by the game's seed; the default with `--rules seafarers` is
    /// `new-shores`.
    #[arg(long)]
    map: Option<String>,
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

/// `; did you mean `NAME`?` when one of `known` is near `word` by spelling, else nothing: the
/// hint every unknown name on the command line gets, as in scenario files.
fn did_you_mean<'a>(word: &str, known: impl IntoIterator<Item = &'a str>) -> String {
    catan_dsl::vocab::nearest(word, known).map_or(String::new(), |n| format!("; did you mean `{n}`?"))
}

impl GameArgs {
    /// The board of each game: a Seafarers map with Seafarers (`--map`), else `--board`.
    fn board_choice(&self, ruleset: &Ruleset) -> Result<BoardChoice, String> {
        let sea = ruleset.has(catan_engine::ruleset::Expansion::Seafarers);
        match (&self.map, sea) {
            (Some(name), true) => catan_engine::SeaMap::from_name(name)
                .map(BoardChoice::Sea)
                .ok_or_else(|| {
                    let hint = did_you_mean(name, catan_engine::SeaMap::ALL.map(catan_engine::SeaMap::name));
                    format!("unknown map `{name}` (new-shores, through-the-desert){hint}")
                }),
            (None, true) => Ok(BoardChoice::Sea(catan_engine::SeaMap::NewShores)),
            (Some(_), false) => Err("--map names a Seafarers map: add --rules seafarers".into()),
            (None, false) => Ok(match self.board {
                BoardArg::Beginner => BoardChoice::Beginner,
                BoardArg::Random => BoardChoice::Random(TokenPlacement::Spiral),
                BoardArg::RandomTokens => BoardChoice::Random(TokenPlacement::Random),
            }),
        }
    }

    /// The play options, or the error to print.
    fn options(&self, invariants: bool, jobs: usize) -> Result<PlayOptions, String> {
        let names: Vec<&str> = self.rules.split(',').map(str::trim).collect();
        let mut ruleset = Ruleset::from_names(names.iter().copied()).map_err(|e| {
            let known = std::iter::once("base").chain(Expansion::ALL.map(Expansion::ruleset_name));
            let unknown = names
                .iter()
                .find(|n| **n != "base" && Expansion::from_ruleset_name(n).is_none());
            format!("{e}{}", unknown.map_or(String::new(), |n| did_you_mean(n, known)))
        })?;
        if let Some(name) = &self.profile {
            match catan_engine::Profile::from_name(name) {
                Some(p) => ruleset.set_profile(p),
                None => {
                    let hint = did_you_mean(name, catan_engine::Profile::ALL.map(catan_engine::Profile::name));
                    return Err(format!("unknown profile `{name}` (english, colonist, german-3d){hint}"));
                }
            }
        }
        for o in &self.options {
            let Some((name, value)) = o.split_once('=') else {
                return Err(format!("--option takes NAME=VALUE, not `{o}`"));
            };
            ruleset.set_option(name, value).map_err(|e| {
                // A known option with a wrong value needs no other name.
                let hint = if Ruleset::options().any(|spec| spec.name == name) {
                    String::new()
                } else {
                    did_you_mean(name, Ruleset::options().map(|spec| spec.name))
                };
                format!("{e}{hint}")
            })?;
        }
        ruleset.validate().map_err(|e| format!("{e} (rule id {})", e.code()))?;
        if !(3..=4).contains(&self.players) {
            return Err("--players must be 3 or 4".into());
        }
        if self.games > play::MAX_GAMES {
            return Err(format!(
                "--games {} is more than the most one command plays ({}); split the run with --seed",
                self.games,
                play::MAX_GAMES
            ));
        }
        Ok(PlayOptions {
            players: self.players,
            games: self.games,
            seed: self.seed,
            board: self.board_choice(&ruleset)?,
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
        /// Worker threads (default: the available cores).
        #[arg(long)]
        jobs: Option<usize>,
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Human)]
        format: Format,
        /// No progress bar (it is shown on standard error only when that is a terminal and
        /// the format is human).
        #[arg(short, long)]
        quiet: bool,
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
        /// Worker threads (default: the available cores); the counts do not depend on it.
        #[arg(long)]
        jobs: Option<usize>,
        /// No progress bar.
        #[arg(short, long)]
        quiet: bool,
    },
    /// Run scenario files (files or folders), compare each trace with its golden, and report.
    ///
    /// Every scenario under a `scenarios/` folder has its golden in the `goldens/` folder
    /// beside it; a trace that differs is `stale-golden` (with a line diff), a scenario
    /// without one is `missing-golden`. Review the trace, then `--bless` writes them.
    #[command(after_help = exit::HELP)]
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
        /// Parallel jobs (default: the available cores).
        #[arg(long)]
        jobs: Option<usize>,
        /// Exit 0 when no scenario is selected (by default that is exit 4).
        #[arg(long)]
        allow_empty: bool,
        /// Write the golden of every scenario that passes but whose golden is stale or
        /// missing (in insta's format; `git diff goldens/` shows what changed). A failing
        /// scenario's golden is never written.
        #[arg(long)]
        bless: bool,
        /// Also write an HTML report of the run to DIR/index.html: a table filterable by
        /// status and tag, and for each failing scenario expected against actual, the trace's
        /// tail and the board at the failing step (the place the step names marked).
        #[arg(long, value_name = "DIR")]
        report: Option<PathBuf>,
    },
    /// Parse and validate scenario files without running them.
    #[command(after_help = exit::HELP)]
    Check {
        /// Files or folders (default: scenarios/).
        paths: Vec<PathBuf>,
        /// `human`: each file's report with the lines underlined; `short`: one line per
        /// diagnostic, `FILE:LINE:COLUMN: error[CODE]: MESSAGE`, for editors (a problem
        /// matcher, a quickfix list) and CI annotations.
        #[arg(long, value_enum, default_value_t = CheckFormat::Human)]
        format: CheckFormat,
    },
    /// Every rule id of the catalog with its statement, its source and the scenarios that
    /// cover it.
    Rules {
        /// Only ids whose id, statement or source contains this word (any case).
        #[arg(long)]
        grep: Option<String>,
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Human)]
        format: Format,
        /// Scenario files or folders searched for `covers` (default: scenarios/ when it
        /// exists).
        #[arg(long = "scenarios", value_name = "PATH")]
        scenarios: Vec<PathBuf>,
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
        /// Exit 1 when fewer than PCT percent of the rule ids are covered.
        #[arg(long, value_name = "PCT")]
        fail_under: Option<f64>,
    },
    /// Print a board with the names of its hexes, intersections and paths.
    Places {
        /// `beginner`, `court` (the beginner layout with the Court hex and its soldiers),
        /// `random:SEED`, `court-random:SEED`, a Seafarers map `new-shores:PLAYERS[:SEED]`,
        /// `through-the-desert:PLAYERS[:SEED]`, or a scenario file (`FILE.cat`): the board it
        /// declares (a map drawn hex by hex included).
        #[arg(default_value = "beginner")]
        board: String,
    },
    /// Draw a board, or a scenario's position, as an SVG picture.
    ///
    /// `draw board beginner|court|random:SEED|court-random:SEED|new-shores:PLAYERS[:SEED]|
    /// through-the-desert:PLAYERS[:SEED]`: terrain, numbers, harbors
    /// and every hex, intersection and path name (hover for the names). `draw FILE.cat --at
    /// SNAPSHOT` (or `--step N`, the position after the script's first N lines, or nothing:
    /// the end of the script): the position with every piece and a side panel. Exit 0, 2 for
    /// an invalid scenario, 64 for an unknown board, snapshot or step.
    Draw {
        /// `board`, or a scenario file.
        what: String,
        /// With `board`: which board (default `beginner`).
        board: Option<String>,
        /// The snapshot to draw.
        #[arg(long, conflicts_with = "step")]
        at: Option<String>,
        /// Draw the position after the script's first N steps.
        #[arg(long)]
        step: Option<usize>,
        /// Mark this place (a hex, intersection or path name) on the picture.
        #[arg(long)]
        highlight: Option<String>,
        /// Write the SVG to this file instead of standard output.
        #[arg(short, long, value_name = "FILE")]
        output: Option<PathBuf>,
    },
    /// Replay another engine's recorded games step by step and report the first difference
    /// (recordings from tools/differential/record.py).
    Replay {
        /// The engine that recorded them (only `catanatron`).
        #[arg(long)]
        from: String,
        /// Recording files or folders of `.jsonl` files.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Print only games with a difference and the totals.
        #[arg(long)]
        quiet: bool,
        /// Write each game's first difference as a scenario file (the position before the
        /// step) into this folder.
        #[arg(long)]
        shrink_to: Option<PathBuf>,
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

/// Writes to standard output; a reader that went away (`| head`) is not an error.
macro_rules! out {
    ($($t:tt)*) => {{
        use std::io::Write as _;
        let _ = write!(std::io::stdout().lock(), $($t)*);
    }};
}

/// [`out!`] with a line end.
macro_rules! outln {
    ($($t:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stdout().lock(), $($t)*);
    }};
}

/// The worker threads: the number given, or the available cores.
fn jobs_or_cores(jobs: Option<usize>) -> usize {
    jobs.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .max(1)
}

/// The scenario files under `paths`, or the exit code after printing why there are none
/// to use (a path missing, not a scenario, unreadable).
fn discover_or_exit(paths: &[PathBuf]) -> Result<Vec<PathBuf>, ExitCode> {
    let found = load::discover_checked(paths);
    if found.problems.is_empty() {
        return Ok(found.files);
    }
    for p in &found.problems {
        eprintln!("error: {p}");
    }
    Err(ExitCode::from(exit::NOTHING))
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return ExitCode::from(if e.use_stderr() { exit::USAGE } else { exit::OK });
        }
    };
    let color = cli.color.on();
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
            quiet,
            shrink_to,
        } => cmd_play(
            &game,
            no_invariants,
            jobs_or_cores(jobs),
            format,
            quiet,
            shrink_to.as_deref(),
        ),
        Command::Stats {
            game,
            format,
            jobs,
            quiet,
        } => cmd_stats(&game, format, jobs_or_cores(jobs), quiet),
        Command::Run {
            paths,
            filter,
            tag,
            format,
            jobs,
            allow_empty,
            bless,
            report,
        } => {
            let opts = suite::RunOptions {
                jobs: jobs_or_cores(jobs),
                bless,
                color,
            };
            cmd_run(
                paths,
                &suite::Selection { filter, tag },
                opts,
                format,
                allow_empty,
                report.as_deref(),
            )
        }
        Command::Check { paths, format } => cmd_check(paths, format, color),
        Command::Trace {
            file,
            at,
            emit_scenario,
        } => cmd_trace(&file, at, emit_scenario, color),
        Command::Coverage { paths, fail_under } => cmd_coverage(paths, fail_under),
        Command::Rules {
            grep,
            format,
            scenarios,
        } => cmd_rules(grep.as_deref(), format, scenarios),
        Command::Places { board } => cmd_places(&board),
        Command::Draw {
            what,
            board,
            at,
            step,
            highlight,
            output,
        } => cmd_draw(
            &what,
            board.as_deref(),
            at.as_deref(),
            step,
            highlight.as_deref(),
            output.as_deref(),
        ),
        Command::Replay {
            from,
            files,
            quiet,
            shrink_to,
        } => {
            if from != "catanatron" {
                eprintln!("error: unknown engine `{from}`: expected `catanatron`");
                return ExitCode::from(exit::USAGE);
            }
            ExitCode::from(catan_harness::differential::report::run(
                &files,
                quiet,
                shrink_to.as_deref(),
            ))
        }
    }
}

/// `places BOARD|FILE.cat`: the names of a board's places (a named board, or a scenario's).
fn cmd_places(board: &str) -> ExitCode {
    if board.ends_with(".cat") {
        let file = PathBuf::from(board);
        if let Err(code) = discover_or_exit(std::slice::from_ref(&file)) {
            return code;
        }
        return match load::load(&file) {
            Ok(sc) => {
                out!("{}", catan_harness::places::render(&sc.setup.board));
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprint!("{}", e.render(100));
                ExitCode::from(exit::INVALID)
            }
        };
    }
    match board_by_name(board) {
        Some(b) => {
            out!("{}", catan_harness::places::render(&b));
            ExitCode::SUCCESS
        }
        None => ExitCode::from(exit::USAGE),
    }
}

fn cmd_stats(game: &GameArgs, format: Format, jobs: usize, quiet: bool) -> ExitCode {
    let opts = match game.options(false, jobs) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(exit::USAGE);
        }
    };
    let bar = progress::games_bar(opts.games, !quiet && matches!(format, Format::Human));
    let s = stats::run_with(&opts, &|| bar.inc(1));
    bar.finish_and_clear();
    match format {
        Format::Human => out!("{}", stats::render_human(&s, &opts)),
        Format::Json => match serde_json::to_string_pretty(&s) {
            Ok(j) => outln!("{j}"),
            Err(e) => {
                eprintln!("error: {e}");
                return ExitCode::from(exit::INTERNAL);
            }
        },
    }
    ExitCode::from(if s.failure_count == 0 { exit::OK } else { exit::FAILED })
}

fn cmd_run(
    paths: Vec<PathBuf>,
    selection: &suite::Selection,
    opts: suite::RunOptions,
    format: RunFormat,
    allow_empty: bool,
    report: Option<&std::path::Path>,
) -> ExitCode {
    let paths = default_paths(paths);
    let files = match discover_or_exit(&paths) {
        Ok(f) => f,
        Err(code) => return code,
    };
    let (started, clock) = (std::time::SystemTime::now(), std::time::Instant::now());
    let mut results = suite::run(&files, selection, opts);
    if results.is_empty() && !allow_empty {
        eprintln!("error: {}", nothing_selected(files.len(), selection));
        return ExitCode::from(exit::NOTHING);
    }
    if selection.filter.is_none() && selection.tag.is_none() {
        results.extend(suite::orphan_goldens(&paths, &files, opts.bless));
    }
    match format {
        RunFormat::Human => out!("{}", suite::render_human(&results, opts.color)),
        RunFormat::Json => outln!("{}", suite::render_json(&results)),
        RunFormat::Junit => out!("{}", junit::render(&results, started, clock.elapsed())),
    }
    if let Some(dir) = report {
        match catan_harness::report::write(dir, &results) {
            Ok(path) => eprintln!("report: {}", path.display()),
            Err(e) => {
                eprintln!("error: {}: {e}", dir.display());
                return ExitCode::from(exit::INTERNAL);
            }
        }
    }
    ExitCode::from(suite::exit_code(&suite::totals(&results)))
}

fn cmd_check(paths: Vec<PathBuf>, format: CheckFormat, color: bool) -> ExitCode {
    let files = match discover_or_exit(&default_paths(paths)) {
        Ok(f) => f,
        Err(code) => return code,
    };
    if files.is_empty() {
        eprintln!("error: no scenario file (`*.cat`) found");
        return ExitCode::from(exit::NOTHING);
    }
    let (mut bad, mut internal) = (0, 0);
    for f in &files {
        let shown = f.display().to_string();
        let report = |e: load::LoadError| match format {
            CheckFormat::Human => e.render_with(100, color),
            CheckFormat::Short => e.render_short(&shown),
        };
        match suite::isolated(|| load::load(f).err().map(report)) {
            Ok(None) => {}
            Ok(Some(diagnostics)) => {
                bad += 1;
                out!("{diagnostics}");
            }
            Err(m) => {
                internal += 1;
                outln!("{}: internal error in the harness: {m}", f.display());
            }
        }
    }
    outln!(
        "{} checked, {bad} invalid, {internal} internal error",
        count(files.len(), "file", "files")
    );
    ExitCode::from(if internal > 0 {
        exit::INTERNAL
    } else if bad > 0 {
        exit::INVALID
    } else {
        exit::OK
    })
}

/// Why a run selected no scenario, in words.
fn nothing_selected(found: usize, sel: &suite::Selection) -> String {
    let mut why = format!(
        "no scenario selected ({} found",
        count(found, "scenario file", "scenario files")
    );
    if let Some(f) = &sel.filter {
        why.push_str(&format!(", none whose path or title contains `{f}`"));
    }
    if let Some(t) = &sel.tag {
        why.push_str(&format!(", none tagged `{t}`"));
    }
    why.push_str("); pass --allow-empty to accept an empty selection");
    why
}

fn cmd_play(
    game: &GameArgs,
    no_invariants: bool,
    jobs: usize,
    format: Format,
    quiet: bool,
    shrink_to: Option<&std::path::Path>,
) -> ExitCode {
    let opts = match game.options(!no_invariants, jobs) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(exit::USAGE);
        }
    };
    let bar = progress::games_bar(opts.games, !quiet && matches!(format, Format::Human));
    let report = play::run_with(&opts, &|| bar.inc(1));
    bar.finish_and_clear();
    match format {
        Format::Human => out!("{}", play::render_human(&report, &opts)),
        Format::Json => match serde_json::to_string_pretty(&report) {
            Ok(s) => outln!("{s}"),
            Err(e) => {
                eprintln!("error: {e}");
                return ExitCode::from(exit::INTERNAL);
            }
        },
    }
    if let Some(dir) = shrink_to {
        if let Err(e) = std::fs::create_dir_all(dir) {
            eprintln!("error: {}: {e}", dir.display());
            return ExitCode::from(exit::FAILED);
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
    ExitCode::from(if report.invariant_failures > 0 {
        exit::FAILED
    } else {
        exit::OK
    })
}

fn cmd_trace(file: &std::path::Path, at: Option<String>, emit_scenario: bool, color: bool) -> ExitCode {
    if let Err(code) = discover_or_exit(&[file.to_path_buf()]) {
        return code;
    }
    let sc = match load::load(file) {
        Err(e) => {
            out!("{}", e.render_with(100, color));
            return ExitCode::from(exit::INVALID);
        }
        Ok(sc) => sc,
    };
    let rep = runner::run(&sc);
    match at {
        Some(name) if emit_scenario => match rep.states.iter().find(|(n, _)| *n == name) {
            Some((_, g)) => match emit::scenario_text(
                g,
                &format!("{} — at \"{name}\"", sc.title),
                &format!("The position of {} at snapshot \"{name}\".", file.display()),
            ) {
                Ok(text) => out!("{text}"),
                Err(why) => {
                    eprintln!(
                        "error: the position at snapshot \"{name}\" cannot be written as a scenario: {why}; \
                         take the snapshot at a turn's before-roll or main step, after the decision"
                    );
                    return ExitCode::from(exit::USAGE);
                }
            },
            None => {
                eprintln!("error: no snapshot \"{name}\"");
                return ExitCode::from(exit::USAGE);
            }
        },
        Some(name) => match rep.snapshots.iter().find(|(n, _)| *n == name) {
            Some((_, s)) => out!("{s}"),
            None => {
                let names: Vec<&str> = rep.snapshots.iter().map(|(n, _)| n.as_str()).collect();
                eprintln!("error: no snapshot \"{name}\" (the scenario has: {})", names.join(", "));
                return ExitCode::from(exit::USAGE);
            }
        },
        None => {
            out!("{}", rep.trace);
            if rep.failure.is_some() {
                out!("{}", suite::render_failure(&rep));
            }
        }
    }
    ExitCode::from(if rep.status == runner::Status::Failed {
        exit::FAILED
    } else {
        exit::OK
    })
}

fn cmd_coverage(paths: Vec<PathBuf>, fail_under: Option<f64>) -> ExitCode {
    let rules = catalog::rules();
    let files = match discover_or_exit(&default_paths(paths)) {
        Ok(f) => f,
        Err(code) => return code,
    };
    let mut covered = std::collections::BTreeSet::new();
    for f in files {
        if let Ok(sc) = load::load(&f) {
            for (id, _) in sc.covers {
                covered.insert(id);
            }
        }
    }
    // Ids no scenario can cover, because the scenario language refuses the step first, are
    // listed apart: they count neither as covered nor as uncovered.
    let (guarded, missing): (Vec<&catalog::Rule>, Vec<&catalog::Rule>) = rules
        .iter()
        .filter(|r| !covered.contains(&r.id))
        .partition(|r| r.guard.is_some());
    for r in &missing {
        outln!("uncovered {:<32} {}", r.id, r.rule);
    }
    for r in &guarded {
        if let Some(g) = &r.guard {
            outln!("guarded   {:<32} {} (example: {})", r.id, g.code, g.example);
        }
    }
    let n = rules.len().max(1);
    let pct = 100.0 * (rules.len() - missing.len() - guarded.len()) as f64 / n as f64;
    outln!(
        "{} of {} rule ids covered ({pct:.1}%)",
        rules.len() - missing.len() - guarded.len(),
        rules.len()
    );
    if !guarded.is_empty() {
        outln!(
            "{} more guarded by the scenario language, which refuses the step before the engine sees it",
            guarded.len()
        );
    }
    match fail_under {
        Some(min) if !(0.0..=100.0).contains(&min) => {
            eprintln!("error: --fail-under takes a percentage from 0 to 100, not {min}");
            ExitCode::from(exit::USAGE)
        }
        Some(min) if pct < min => {
            eprintln!("error: coverage {pct:.1}% is below --fail-under {min}%");
            ExitCode::from(exit::FAILED)
        }
        _ => ExitCode::SUCCESS,
    }
}

fn cmd_rules(grep: Option<&str>, format: Format, scenarios: Vec<PathBuf>) -> ExitCode {
    let files = if scenarios.is_empty() {
        let default = PathBuf::from("scenarios");
        if default.is_dir() {
            load::discover(&[default])
        } else {
            eprintln!("note: no scenarios/ folder here: covering scenarios are not listed (use --scenarios PATH)");
            Vec::new()
        }
    } else {
        match discover_or_exit(&scenarios) {
            Ok(f) => f,
            Err(code) => return code,
        }
    };
    let entries = rule_list::entries(grep, &files);
    match format {
        Format::Human => out!("{}", rule_list::render_human(&entries, !files.is_empty())),
        Format::Json => match serde_json::to_string_pretty(&entries) {
            Ok(j) => outln!("{j}"),
            Err(e) => {
                eprintln!("error: {e}");
                return ExitCode::from(exit::INTERNAL);
            }
        },
    }
    if entries.is_empty() {
        eprintln!("error: no rule id matches `{}`", grep.unwrap_or_default());
        return ExitCode::from(exit::NOTHING);
    }
    ExitCode::SUCCESS
}

/// A board by its command-line name (`beginner`, `court`, `random:SEED`, `court-random:SEED`,
/// `barbarian-attack[:SEED]` (the scenario's board: seed 0 is what `board beginner` gives a
/// Barbarian Attack scenario),
/// or a Seafarers map: `new-shores:PLAYERS[:SEED]`, `through-the-desert:PLAYERS[:SEED]`);
/// `None` after printing what is expected.
fn board_by_name(board: &str) -> Option<Board> {
    let b = if board == "beginner" {
        Board::beginner()
    } else if board == "court" {
        Board::beginner_court()
    } else if board == "barbarian-attack" {
        Board::barbarian_attack(0, &Default::default())
    } else if let Some(seed) = board
        .strip_prefix("barbarian-attack:")
        .and_then(|s| s.parse::<u64>().ok())
    {
        Board::barbarian_attack(seed, &Default::default())
    } else if let Some(seed) = board.strip_prefix("random:").and_then(|s| s.parse::<u64>().ok()) {
        Board::random(seed, TokenPlacement::Spiral)
    } else if let Some(seed) = board.strip_prefix("court-random:").and_then(|s| s.parse::<u64>().ok()) {
        Board::random_court(seed, TokenPlacement::Spiral)
    } else if let Some(b) = sea_board_by_name(board) {
        b?
    } else {
        let name = board.split(':').next().unwrap_or(board);
        let known = ["beginner", "court", "random", "court-random", "barbarian-attack"]
            .into_iter()
            .chain(catan_engine::SeaMap::ALL.map(catan_engine::SeaMap::name));
        eprintln!(
            "error: unknown board `{board}`: expected `beginner`, `court`, `random:SEED`, `court-random:SEED`, \
             `barbarian-attack[:SEED]`, \
             `new-shores:PLAYERS[:SEED]` or `through-the-desert:PLAYERS[:SEED]`{}",
            did_you_mean(name, known)
        );
        return None;
    };
    Some(b)
}

/// A Seafarers map by name: `new-shores:4`, `through-the-desert:3:SEED` (seed 1 by default).
/// `None` when the name is not a sea map's; `Some(None)` after printing why the map cannot
/// be built.
fn sea_board_by_name(board: &str) -> Option<Option<Board>> {
    let mut parts = board.split(':');
    let map = catan_engine::SeaMap::from_name(parts.next()?)?;
    let players = parts.next().and_then(|p| p.parse::<usize>().ok());
    let seed = match parts.next() {
        None => Some(1),
        Some(s) => s.parse::<u64>().ok(),
    };
    let (Some(players), Some(seed), None) = (players, seed, parts.next()) else {
        eprintln!(
            "error: unknown board `{board}`: expected `{}:PLAYERS[:SEED]`",
            map.name()
        );
        return Some(None);
    };
    match Board::seafarers(map, players, seed) {
        Ok(b) => Some(Some(b)),
        Err(e) => {
            eprintln!("error: {e}");
            Some(None)
        }
    }
}

fn cmd_draw(
    what: &str,
    board: Option<&str>,
    at: Option<&str>,
    step: Option<usize>,
    highlight: Option<&str>,
    output: Option<&std::path::Path>,
) -> ExitCode {
    let svg = if what == "board" {
        match board_by_name(board.unwrap_or("beginner")) {
            Some(b) => catan_harness::draw::board_svg(&b),
            None => return ExitCode::from(exit::USAGE),
        }
    } else {
        let file = PathBuf::from(what);
        if let Err(code) = discover_or_exit(std::slice::from_ref(&file)) {
            return code;
        }
        let sc = match load::load(&file) {
            Ok(sc) => sc,
            Err(e) => {
                eprint!("{}", e.render(100));
                return ExitCode::from(exit::INVALID);
            }
        };
        match catan_harness::draw::scenario_position(&sc, at, step) {
            Ok((game, label)) => {
                catan_harness::draw::position_svg(&game, &format!("{} — {label}", sc.title), highlight)
            }
            Err(e) => {
                eprintln!("error: {e}");
                return ExitCode::from(exit::USAGE);
            }
        }
    };
    match output {
        Some(path) => match std::fs::write(path, svg) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("error: {}: {e}", path.display());
                ExitCode::from(exit::INTERNAL)
            }
        },
        None => {
            out!("{svg}");
            ExitCode::SUCCESS
        }
    }
}
