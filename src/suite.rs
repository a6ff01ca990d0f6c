//! Running many scenario files: filtering, parallel runs, and the human / JSON / JUnit
//! reports of `catan-harness run`.

use crate::load::{self, LoadError};
use crate::runner::{self, Report, Status};
use rayon::prelude::*;
use serde::Serialize;
use std::fmt::Write;
use std::path::PathBuf;

/// One file's result.
pub enum FileResult {
    /// The file ran.
    Ran(Box<Report>, Vec<String>),
    /// The file could not be loaded.
    Invalid(PathBuf, LoadError),
}

/// Which files to run.
#[derive(Clone, Debug, Default)]
pub struct Selection {
    /// Substring of the file path or title.
    pub filter: Option<String>,
    /// A tag the scenario must carry.
    pub tag: Option<String>,
}

/// Loads and runs every selected file (in parallel with `jobs` > 1), in file order.
pub fn run(paths: &[PathBuf], sel: &Selection, jobs: usize) -> Vec<FileResult> {
    let files = load::discover(paths);
    let one = |p: &PathBuf| -> Option<FileResult> {
        match load::load(p) {
            Err(e) => {
                if let Some(f) = &sel.filter {
                    if !p.display().to_string().contains(f.as_str()) {
                        return None;
                    }
                }
                Some(FileResult::Invalid(p.clone(), e))
            }
            Ok(sc) => {
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
                let tags = sc.tags.clone();
                Some(FileResult::Ran(Box::new(runner::run(&sc)), tags))
            }
        }
    };
    if jobs > 1 {
        match rayon::ThreadPoolBuilder::new().num_threads(jobs).build() {
            Ok(pool) => pool.install(|| files.par_iter().filter_map(one).collect()),
            Err(_) => files.iter().filter_map(one).collect(),
        }
    } else {
        files.iter().filter_map(one).collect()
    }
}

/// Counts.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Totals {
    /// Files run or rejected.
    pub total: usize,
    /// Passed (known bugs that failed as expected count as passed).
    pub passed: usize,
    /// Failed (including known bugs that now pass).
    pub failed: usize,
    /// Files with diagnostics.
    pub invalid: usize,
    /// Known bugs still failing.
    pub known_bugs: usize,
}

/// Counts the results.
pub fn totals(results: &[FileResult]) -> Totals {
    let mut t = Totals {
        total: results.len(),
        ..Totals::default()
    };
    for r in results {
        match r {
            FileResult::Invalid(..) => t.invalid += 1,
            FileResult::Ran(rep, _) => match rep.status {
                Status::Passed => t.passed += 1,
                Status::KnownBug => {
                    t.passed += 1;
                    t.known_bugs += 1;
                }
                Status::Failed | Status::KnownBugFixed => t.failed += 1,
            },
        }
    }
    t
}

/// The exit code: 0 all pass, 1 some fail, 2 some files invalid.
pub fn exit_code(t: &Totals) -> u8 {
    if t.invalid > 0 {
        2
    } else if t.failed > 0 {
        1
    } else {
        0
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
        let _ = writeln!(s, "    {} later line(s) of the script did not run", f.unreached);
    }
    s
}

/// The human report.
pub fn render_human(results: &[FileResult]) -> String {
    let mut s = String::new();
    for r in results {
        match r {
            FileResult::Invalid(p, e) => {
                let _ = writeln!(s, "INVALID {}", p.display());
                s.push_str(&e.render(100));
            }
            FileResult::Ran(rep, _) => {
                let word = match rep.status {
                    Status::Passed => "ok     ",
                    Status::Failed => "FAILED ",
                    Status::KnownBug => "bug    ",
                    Status::KnownBugFixed => "FIXED? ",
                };
                let _ = writeln!(s, "{word} {}  {}", rep.file, rep.title);
                match rep.status {
                    Status::Failed => s.push_str(&render_failure(rep)),
                    Status::KnownBug => {
                        let _ = writeln!(s, "  known bug: {}", rep.known_bug.clone().unwrap_or_default());
                    }
                    Status::KnownBugFixed => {
                        let _ = writeln!(
                            s,
                            "  marked known-bug (\"{}\") but it passes now: remove the mark",
                            rep.known_bug.clone().unwrap_or_default()
                        );
                    }
                    Status::Passed => {}
                }
            }
        }
    }
    let t = totals(results);
    let _ = writeln!(
        s,
        "\n{} scenarios: {} passed, {} failed, {} invalid ({} known bugs)",
        t.total, t.passed, t.failed, t.invalid, t.known_bugs
    );
    s
}

#[derive(Serialize)]
struct JsonScenario<'a> {
    file: String,
    title: &'a str,
    status: &'a str,
    failure: Option<&'a runner::Failure>,
    diagnostics: Option<String>,
}

#[derive(Serialize)]
struct JsonReport<'a> {
    #[serde(flatten)]
    totals: Totals,
    scenarios: Vec<JsonScenario<'a>>,
}

/// The JSON report: totals and a per-scenario list.
pub fn render_json(results: &[FileResult]) -> String {
    let scenarios = results
        .iter()
        .map(|r| match r {
            FileResult::Invalid(p, e) => JsonScenario {
                file: p.display().to_string(),
                title: "",
                status: "invalid",
                failure: None,
                diagnostics: Some(e.render(100)),
            },
            FileResult::Ran(rep, _) => JsonScenario {
                file: rep.file.clone(),
                title: &rep.title,
                status: match rep.status {
                    Status::Passed => "passed",
                    Status::Failed => "failed",
                    Status::KnownBug => "known-bug",
                    Status::KnownBugFixed => "known-bug-fixed",
                },
                failure: rep.failure.as_ref(),
                diagnostics: None,
            },
        })
        .collect();
    let report = JsonReport {
        totals: totals(results),
        scenarios,
    };
    serde_json::to_string_pretty(&report).unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"))
}

fn xml(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The JUnit XML report.
pub fn render_junit(results: &[FileResult]) -> String {
    let t = totals(results);
    let mut s = String::new();
    let _ = writeln!(s, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>");
    let _ = writeln!(
        s,
        "<testsuite name=\"scenarios\" tests=\"{}\" failures=\"{}\" errors=\"{}\">",
        t.total, t.failed, t.invalid
    );
    for r in results {
        match r {
            FileResult::Invalid(p, e) => {
                let _ = writeln!(
                    s,
                    "  <testcase name=\"{}\" classname=\"scenarios\">",
                    xml(&p.display().to_string())
                );
                let _ = writeln!(
                    s,
                    "    <error message=\"invalid scenario file\">{}</error>",
                    xml(&e.render(100))
                );
                let _ = writeln!(s, "  </testcase>");
            }
            FileResult::Ran(rep, _) => {
                let _ = writeln!(
                    s,
                    "  <testcase name=\"{}\" classname=\"{}\">",
                    xml(&rep.title),
                    xml(&rep.file)
                );
                if matches!(rep.status, Status::Failed | Status::KnownBugFixed) {
                    let msg = rep
                        .failure
                        .as_ref()
                        .map(|f| f.message.clone())
                        .unwrap_or_else(|| "known bug now passes".into());
                    let _ = writeln!(
                        s,
                        "    <failure message=\"{}\">{}</failure>",
                        xml(&msg),
                        xml(&render_failure(rep))
                    );
                }
                let _ = writeln!(s, "  </testcase>");
            }
        }
    }
    let _ = writeln!(s, "</testsuite>");
    s
}
