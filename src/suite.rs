//! Running many scenario files: filtering, parallel runs, the golden check of every trace,
//! per-file isolation (a panic inside the harness on one file is reported for that file,
//! every other file still runs), and the human and JSON reports of `catan-harness run`
//! (JUnit: [`crate::junit`]).

use crate::golden::{self, Comparison};
use crate::load::{self, LoadError};
use crate::runner::{self, Report, Status};
use catan_dsl::report::count;
use rayon::prelude::*;
use serde::Serialize;
use std::fmt::Write;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// One file's result.
pub struct FileResult {
    /// The file as given or found.
    pub path: PathBuf,
    /// Wall-clock seconds spent on the file (load, run, golden check).
    pub seconds: f64,
    /// What happened.
    pub outcome: Outcome,
}

/// What happened to one file.
pub enum Outcome {
    /// The file ran.
    Ran {
        /// The runner's report.
        report: Box<Report>,
        /// The scenario's tags.
        tags: Vec<String>,
        /// How its trace compares with its golden.
        golden: Golden,
    },
    /// The file could not be loaded: its diagnostics.
    Invalid(Diagnostics),
    /// The harness failed on the file (a panic, caught): the message.
    Internal(String),
    /// The file is a golden whose scenario is gone.
    Orphan,
}

/// The diagnostics of an invalid file, rendered while the file is isolated (so a failure
/// of the renderer is that file's internal error, not the whole report's).
#[derive(Clone, Debug)]
pub struct Diagnostics {
    /// Without colour (JSON, JUnit).
    pub plain: String,
    /// For the human report (coloured when asked for).
    pub shown: String,
}

impl Diagnostics {
    fn of(e: &LoadError, color: bool) -> Self {
        let plain = e.render(100);
        let shown = if color { e.render_with(100, true) } else { plain.clone() };
        Diagnostics { plain, shown }
    }
}

/// The golden check of a file that ran.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Golden {
    /// The trace matches its golden.
    Matches,
    /// The golden differs (or cannot be read): a line diff, golden against this run.
    Stale(PathBuf, String),
    /// No golden file.
    Missing(PathBuf),
    /// `--bless` wrote this golden (it was stale or missing).
    Blessed(PathBuf),
    /// Not compared: the expectations failed (a broken expectation is never hidden by a
    /// golden), or the file lies under no `scenarios/` folder and so has no golden.
    NotChecked,
}

/// The status of one file, as the reports name it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Kind {
    /// Every expectation held and the golden matches (or was blessed).
    Passed,
    /// Marked known-bug and failed as expected.
    KnownBug,
    /// An expectation or step failed.
    Failed,
    /// Marked known-bug but passes now.
    KnownBugFixed,
    /// The trace differs from its golden.
    StaleGolden,
    /// The scenario has no golden.
    MissingGolden,
    /// The file has diagnostics.
    Invalid,
    /// The harness failed on the file.
    InternalError,
    /// A golden whose scenario is gone.
    OrphanGolden,
}

impl Kind {
    /// The status word of the JSON and JUnit reports (`stale-golden`, …).
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Passed => "passed",
            Kind::KnownBug => "known-bug",
            Kind::Failed => "failed",
            Kind::KnownBugFixed => "known-bug-fixed",
            Kind::StaleGolden => "stale-golden",
            Kind::MissingGolden => "missing-golden",
            Kind::Invalid => "invalid",
            Kind::InternalError => "internal-error",
            Kind::OrphanGolden => "orphan-golden",
        }
    }
}

impl FileResult {
    /// The file's status.
    pub fn kind(&self) -> Kind {
        match &self.outcome {
            Outcome::Internal(_) => Kind::InternalError,
            Outcome::Orphan => Kind::OrphanGolden,
            Outcome::Invalid(_) => Kind::Invalid,
            Outcome::Ran { report, golden, .. } => match (&report.status, golden) {
                (Status::Failed, _) => Kind::Failed,
                (Status::KnownBugFixed, _) => Kind::KnownBugFixed,
                (_, Golden::Stale(..)) => Kind::StaleGolden,
                (_, Golden::Missing(_)) => Kind::MissingGolden,
                (Status::KnownBug, _) => Kind::KnownBug,
                (Status::Passed, _) => Kind::Passed,
            },
        }
    }

    /// The scenario's title (empty when it did not load).
    pub fn title(&self) -> &str {
        match &self.outcome {
            Outcome::Ran { report, .. } => &report.title,
            _ => "",
        }
    }
}

/// Which files to run.
#[derive(Clone, Debug, Default)]
pub struct Selection {
    /// Substring of the file path or title.
    pub filter: Option<String>,
    /// A tag the scenario must carry.
    pub tag: Option<String>,
}

/// How to run.
#[derive(Clone, Copy, Debug)]
pub struct RunOptions {
    /// Parallel jobs.
    pub jobs: usize,
    /// Write the golden of every passing scenario whose golden is stale or missing.
    pub bless: bool,
    /// Colour the diagnostics of the human report.
    pub color: bool,
}

/// The message of a caught panic.
fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "a panic without a message".to_string()
    }
}

/// Runs `work` and turns a panic inside it into `Err(message)`, so one file's internal
/// failure is reported for that file and the run goes on.
///
/// # Errors
/// The panic's message.
pub fn isolated<T>(work: impl FnOnce() -> T) -> Result<T, String> {
    catch_unwind(AssertUnwindSafe(work)).map_err(|p| panic_message(p.as_ref()))
}

/// Runs `one` on every file (in parallel with `jobs` > 1), each file isolated: a panic
/// becomes that file's [`Outcome::Internal`]. `None` from `one` leaves the file out (not
/// selected). The results are in file order.
pub fn run_each(files: &[PathBuf], jobs: usize, one: &(dyn Fn(&Path) -> Option<Outcome> + Sync)) -> Vec<FileResult> {
    let each = |p: &PathBuf| -> Option<FileResult> {
        let start = Instant::now();
        let outcome = isolated(|| one(p)).unwrap_or_else(|m| Some(Outcome::Internal(m)))?;
        Some(FileResult {
            path: p.clone(),
            seconds: start.elapsed().as_secs_f64(),
            outcome,
        })
    };
    if jobs > 1 {
        if let Ok(pool) = rayon::ThreadPoolBuilder::new().num_threads(jobs).build() {
            return pool.install(|| files.par_iter().filter_map(each).collect());
        }
    }
    files.iter().filter_map(each).collect()
}

/// Loads, selects, runs and golden-checks one file (`None`: not selected).
fn one_file(p: &Path, sel: &Selection, opts: RunOptions) -> Option<Outcome> {
    let sc = match load::load(p) {
        Err(e) => {
            let shown = p.display().to_string();
            return match &sel.filter {
                Some(f) if !shown.contains(f.as_str()) => None,
                _ => Some(Outcome::Invalid(Diagnostics::of(&e, opts.color))),
            };
        }
        Ok(sc) => sc,
    };
    if let Some(f) = &sel.filter {
        if !sc.file.contains(f.as_str()) && !sc.title.contains(f.as_str()) {
            return None;
        }
    }
    if let Some(t) = &sel.tag {
        if !sc.tags.iter().any(|x| x == t) {
            return None;
        }
    }
    let report = runner::run(&sc);
    let golden = match (&report.status, golden::locate(p)) {
        (Status::Passed | Status::KnownBug, Some(loc)) => {
            let text = golden::text(&sc, &report);
            let cmp = golden::compare(&loc, &text).unwrap_or_else(Comparison::Stale);
            match cmp {
                Comparison::Matches => Golden::Matches,
                _ if opts.bless => match golden::write(&loc, &text) {
                    Ok(()) => Golden::Blessed(loc.file),
                    Err(e) => Golden::Stale(loc.file, format!("cannot write the golden: {e}\n")),
                },
                Comparison::Stale(diff) => Golden::Stale(loc.file, diff),
                Comparison::Missing => Golden::Missing(loc.file),
            }
        }
        _ => Golden::NotChecked,
    };
    Some(Outcome::Ran {
        report: Box::new(report),
        tags: sc.tags,
        golden,
    })
}

/// Loads and runs every selected file (in parallel with `jobs` > 1), in file order, and
/// checks each passing trace against its golden (writing it with `bless`).
pub fn run(files: &[PathBuf], sel: &Selection, opts: RunOptions) -> Vec<FileResult> {
    run_each(files, opts.jobs.max(1), &|p| one_file(p, sel, opts))
}

/// The goldens of the projects whose whole `scenarios/` folder is among `paths` that no
/// scenario of `files` has any more: each an [`Outcome::Orphan`] result, or deleted when
/// `bless` (each deletion noted on standard error).
pub fn orphan_goldens(paths: &[PathBuf], files: &[PathBuf], bless: bool) -> Vec<FileResult> {
    let mut out = Vec::new();
    for f in golden::orphans(paths, files) {
        if bless {
            match std::fs::remove_file(&f) {
                Ok(()) => {
                    eprintln!("deleted {} (its scenario is gone)", f.display());
                    continue;
                }
                Err(e) => eprintln!("error: cannot delete {}: {e}", f.display()),
            }
        }
        out.push(FileResult {
            path: f,
            seconds: 0.0,
            outcome: Outcome::Orphan,
        });
    }
    out
}

/// Counts.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Totals {
    /// Scenario files run or rejected (orphan goldens are not counted here).
    pub total: usize,
    /// Passed (known bugs that failed as expected count as passed).
    pub passed: usize,
    /// Failed (including known bugs that now pass).
    pub failed: usize,
    /// Files with diagnostics.
    pub invalid: usize,
    /// Known bugs still failing.
    pub known_bugs: usize,
    /// Traces that differ from their golden.
    pub stale_goldens: usize,
    /// Scenarios without a golden.
    pub missing_goldens: usize,
    /// Goldens written by `--bless`.
    pub blessed: usize,
    /// Files the harness failed on.
    pub internal_errors: usize,
    /// Goldens whose scenario is gone.
    pub orphan_goldens: usize,
}

/// Counts the results.
pub fn totals(results: &[FileResult]) -> Totals {
    let mut t = Totals {
        total: results.iter().filter(|r| !matches!(r.outcome, Outcome::Orphan)).count(),
        ..Totals::default()
    };
    for r in results {
        if let Outcome::Ran {
            golden: Golden::Blessed(_),
            ..
        } = &r.outcome
        {
            t.blessed += 1;
        }
        match r.kind() {
            Kind::Passed => t.passed += 1,
            Kind::KnownBug => {
                t.passed += 1;
                t.known_bugs += 1;
            }
            Kind::Failed | Kind::KnownBugFixed => t.failed += 1,
            Kind::StaleGolden => t.stale_goldens += 1,
            Kind::MissingGolden => t.missing_goldens += 1,
            Kind::Invalid => t.invalid += 1,
            Kind::InternalError => t.internal_errors += 1,
            Kind::OrphanGolden => t.orphan_goldens += 1,
        }
    }
    t
}

/// The exit code (see [`crate::exit`]): the most severe of internal error, invalid file,
/// failure (failed, stale or missing golden, fixed known bug), else success.
pub fn exit_code(t: &Totals) -> u8 {
    if t.internal_errors > 0 {
        crate::exit::INTERNAL
    } else if t.invalid > 0 {
        crate::exit::INVALID
    } else if t.failed + t.stale_goldens + t.missing_goldens + t.orphan_goldens > 0 {
        crate::exit::FAILED
    } else {
        crate::exit::OK
    }
}

/// A failure as text, pointing at the line, with expected vs actual and the last events.
pub fn render_failure(rep: &Report) -> String {
    let mut s = String::new();
    let Some(f) = &rep.failure else { return s };
    let variant = if f.variant.is_empty() {
        String::new()
    } else {
        format!(" [variant {}]", f.variant)
    };
    let _ = writeln!(s, "  {}:{}:{}{variant}: {}", rep.file, f.line, f.column, f.message);
    if !f.step.is_empty() {
        let _ = writeln!(s, "    | {}", f.step);
    }
    if let (Some(e), Some(a)) = (&f.expected, &f.actual) {
        let _ = writeln!(s, "    expected: {e}");
        let _ = writeln!(s, "    actual:   {a}");
    }
    if !f.options.is_empty() {
        let _ = writeln!(s, "    legal now:");
        for o in &f.options {
            let _ = writeln!(s, "      {o}");
        }
    }
    if !f.last_events.is_empty() {
        let _ = writeln!(s, "    last events:");
        for e in &f.last_events {
            let _ = writeln!(s, "      {e}");
        }
    }
    if f.unreached > 0 {
        let _ = writeln!(
            s,
            "    {} of the script did not run",
            count(f.unreached, "later line", "later lines")
        );
    }
    s
}

/// What a person reads under a file's status line: the failure, the golden diff, the
/// known-bug reason, the internal error.
pub fn render_detail(r: &FileResult, color: bool) -> String {
    let mut s = String::new();
    let shown = r.path.display();
    match &r.outcome {
        Outcome::Internal(m) => {
            let _ = writeln!(s, "  internal error in the harness on this file: {m}");
        }
        Outcome::Invalid(d) => s.push_str(if color { &d.shown } else { &d.plain }),
        Outcome::Orphan => {
            let _ = writeln!(
                s,
                "  no scenario has this golden any more (renamed or deleted): delete it, or `catan-harness run --bless` with the whole scenarios folder deletes it"
            );
        }
        Outcome::Ran { report, golden, .. } => {
            match report.status {
                Status::Failed => s.push_str(&render_failure(report)),
                Status::KnownBug => {
                    let _ = writeln!(s, "  known bug: {}", report.known_bug.clone().unwrap_or_default());
                }
                Status::KnownBugFixed => {
                    let _ = writeln!(
                        s,
                        "  marked known-bug (\"{}\") but it passes now: remove the mark",
                        report.known_bug.clone().unwrap_or_default()
                    );
                }
                Status::Passed => {}
            }
            match golden {
                Golden::Stale(file, diff) => {
                    let _ = writeln!(
                        s,
                        "  the trace differs from its golden {} (review the diff, then `catan-harness run --bless {shown}`):",
                        file.display()
                    );
                    for l in diff.lines() {
                        let _ = writeln!(s, "    {l}");
                    }
                }
                Golden::Missing(file) => {
                    let _ = writeln!(
                        s,
                        "  no golden {} (read `catan-harness trace {shown}`, then `catan-harness run --bless {shown}`)",
                        file.display()
                    );
                }
                Golden::Blessed(file) => {
                    let _ = writeln!(s, "  wrote the golden {}", file.display());
                }
                Golden::Matches | Golden::NotChecked => {}
            }
        }
    }
    s
}

/// The human report; `color` colours the diagnostics of invalid files.
pub fn render_human(results: &[FileResult], color: bool) -> String {
    let mut s = String::new();
    for r in results {
        let word = match r.kind() {
            Kind::Passed => "ok",
            Kind::KnownBug => "bug",
            Kind::Failed => "FAILED",
            Kind::KnownBugFixed => "FIXED?",
            Kind::StaleGolden => "STALE",
            Kind::MissingGolden => "NOGOLDEN",
            Kind::Invalid => "INVALID",
            Kind::InternalError => "ERROR",
            Kind::OrphanGolden => "ORPHAN",
        };
        let _ = match r.title() {
            "" => writeln!(s, "{word:<8} {}", r.path.display()),
            title => writeln!(s, "{word:<8} {}  {title}", r.path.display()),
        };
        s.push_str(&render_detail(r, color));
    }
    let t = totals(results);
    let _ = write!(
        s,
        "\n{}: {} passed, {} failed, {} stale golden, {} missing golden, {} invalid, {} internal error ({} known bugs)",
        count(t.total, "scenario", "scenarios"),
        t.passed,
        t.failed,
        t.stale_goldens,
        t.missing_goldens,
        t.invalid,
        t.internal_errors,
        t.known_bugs
    );
    if t.orphan_goldens > 0 {
        let _ = write!(s, ", {}", count(t.orphan_goldens, "orphan golden", "orphan goldens"));
    }
    if t.blessed > 0 {
        let _ = write!(s, "; {} written", count(t.blessed, "golden", "goldens"));
    }
    s.push('\n');
    s
}

#[derive(Serialize)]
struct JsonScenario<'a> {
    file: String,
    title: &'a str,
    status: &'static str,
    failure: Option<&'a runner::Failure>,
    diagnostics: Option<String>,
    golden: Option<String>,
    golden_diff: Option<&'a str>,
    internal_error: Option<&'a str>,
}

#[derive(Serialize)]
struct JsonReport<'a> {
    #[serde(flatten)]
    totals: Totals,
    scenarios: Vec<JsonScenario<'a>>,
}

/// The JSON report: totals and a per-scenario list (no timings, so two runs of the same
/// files give the same report; JUnit carries the times).
pub fn render_json(results: &[FileResult]) -> String {
    let scenarios = results
        .iter()
        .map(|r| {
            let mut j = JsonScenario {
                file: r.path.display().to_string(),
                title: r.title(),
                status: r.kind().as_str(),
                failure: None,
                diagnostics: None,
                golden: None,
                golden_diff: None,
                internal_error: None,
            };
            match &r.outcome {
                Outcome::Internal(m) => j.internal_error = Some(m),
                Outcome::Orphan => j.golden = Some(r.path.display().to_string()),
                Outcome::Invalid(d) => j.diagnostics = Some(d.plain.clone()),
                Outcome::Ran { report, golden, .. } => {
                    j.failure = report.failure.as_ref();
                    match golden {
                        Golden::Stale(f, d) => {
                            j.golden = Some(f.display().to_string());
                            j.golden_diff = Some(d);
                        }
                        Golden::Missing(f) | Golden::Blessed(f) => j.golden = Some(f.display().to_string()),
                        Golden::Matches | Golden::NotChecked => {}
                    }
                }
            }
            j
        })
        .collect();
    let report = JsonReport {
        totals: totals(results),
        scenarios,
    };
    serde_json::to_string_pretty(&report).unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panic_on_one_file_is_reported_for_that_file_and_the_others_still_run() {
        let files: Vec<PathBuf> = ["a.cat", "boom.cat", "c.cat"].iter().map(PathBuf::from).collect();
        for jobs in [1, 2] {
            let results = run_each(&files, jobs, &|p| {
                if p.ends_with("boom.cat") {
                    panic!("deliberate failure on {}", p.display());
                }
                Some(Outcome::Internal(format!("stand-in for {}", p.display())))
            });
            assert_eq!(results.len(), 3);
            match &results[1].outcome {
                Outcome::Internal(m) => assert_eq!(m, "deliberate failure on boom.cat"),
                _ => panic!("boom.cat is an internal error"),
            }
            assert_eq!(results[2].path, PathBuf::from("c.cat"));
        }
    }
}
