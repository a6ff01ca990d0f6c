//! The exit codes of `catan-harness`: one table for the code, `run --help` and the README,
//! so a CI pipeline can rely on the code alone without reading the output.

/// Everything selected ran and passed (for `coverage --fail-under`: at or above the
/// threshold).
pub const OK: u8 = 0;
/// A scenario failed, its golden is stale or missing, a golden's scenario is gone, a known
/// bug passes now; `play` and
/// `stats`: a game broke an invariant; `coverage --fail-under`: below the threshold.
pub const FAILED: u8 = 1;
/// A scenario file is invalid (it has diagnostics).
pub const INVALID: u8 = 2;
/// The harness itself failed on a file (an internal error, reported for that file).
pub const INTERNAL: u8 = 3;
/// Nothing to run: a path that does not exist, an explicit file that is not a scenario,
/// a folder that cannot be read, or a selection with no scenario (see `--allow-empty`).
pub const NOTHING: u8 = 4;
/// A usage error: an unknown option or subcommand, a missing or malformed argument.
pub const USAGE: u8 = 64;

/// The table printed under `run --help` (and repeated in the README).
pub const HELP: &str = "\
Exit codes (the most severe wins):
  0   every selected scenario passed and matches its golden
  1   a scenario failed, a golden is stale, missing or without its scenario, or a known
      bug passes now
  2   a scenario file is invalid (diagnostics printed)
  3   internal error in the harness on some file (the other files are still reported)
  4   nothing to run: a path does not exist, an explicit file is not a scenario (.cat),
      a folder cannot be read, or no scenario is selected (use --allow-empty to exit 0)
  64  usage error (unknown option, missing or malformed argument)";
