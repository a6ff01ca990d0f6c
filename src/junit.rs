//! The JUnit XML report of `catan-harness run --format junit`, written with the
//! `quick-junit` crate: one test suite `scenarios` with its time and timestamp, one test
//! case per file with its time, a dotted class name from its path
//! (`scenarios.base.seven-nine-cards-discard-four`), the failure kind as the failure
//! `type`, known bugs as skipped, and the tail of the trace in `system-out`. Control
//! characters are stripped (quick-junit's `XmlString`), so any title gives valid XML.

use crate::golden;
use crate::suite::{self, FileResult, Golden, Kind, Outcome};
use quick_junit::{NonSuccessKind, Report, TestCase, TestCaseStatus, TestSuite};
use std::path::{Component, Path};
use std::time::{Duration, SystemTime};

/// Lines of the trace kept in a test case's `system-out`.
const TRACE_TAIL: usize = 40;

/// The dotted class name of a scenario: its path from the project root (or as given, when
/// it lies under no `scenarios/` folder) without the extension, `/` as `.`.
pub fn classname(path: &Path) -> String {
    let rel = golden::locate(path).map(|l| l.input_file);
    let shown = rel.unwrap_or_else(|| path.display().to_string());
    let p = Path::new(&shown).with_extension("");
    let parts: Vec<String> = p
        .components()
        .filter_map(|c| match c {
            Component::Normal(n) => Some(n.to_string_lossy().replace('.', "_")),
            _ => None,
        })
        .collect();
    parts.join(".")
}

/// The last [`TRACE_TAIL`] lines of a trace.
fn tail(trace: &str) -> String {
    let lines: Vec<&str> = trace.lines().collect();
    let skip = lines.len().saturating_sub(TRACE_TAIL);
    let mut out = String::new();
    if skip > 0 {
        out.push_str(&format!("… {skip} earlier trace lines\n"));
    }
    for l in &lines[skip..] {
        out.push_str(l);
        out.push('\n');
    }
    out
}

fn non_success(kind: NonSuccessKind, ty: Kind, message: &str, description: String) -> TestCaseStatus {
    let mut st = TestCaseStatus::non_success(kind);
    st.set_type(ty.as_str())
        .set_message(message)
        .set_description(description);
    st
}

fn case(r: &FileResult) -> TestCase {
    let kind = r.kind();
    let detail = suite::render_detail(r, false);
    let status = match (&r.outcome, kind) {
        (Outcome::Internal(m), _) => non_success(NonSuccessKind::Error, kind, m, detail),
        (Outcome::Invalid(_), _) => non_success(NonSuccessKind::Error, kind, "invalid scenario file", detail),
        (Outcome::Orphan, _) => non_success(NonSuccessKind::Failure, kind, "a golden without its scenario", detail),
        (_, Kind::Passed) => TestCaseStatus::success(),
        (Outcome::Ran { report, .. }, Kind::KnownBug) => {
            let mut st = TestCaseStatus::skipped();
            st.set_type(kind.as_str())
                .set_message(format!("known bug: {}", report.known_bug.clone().unwrap_or_default()));
            st
        }
        (Outcome::Ran { report, golden, .. }, _) => {
            let message = match (kind, golden) {
                (Kind::StaleGolden, Golden::Stale(f, _)) => format!("the trace differs from {}", f.display()),
                (Kind::MissingGolden, Golden::Missing(f)) => format!("no golden {}", f.display()),
                (Kind::KnownBugFixed, _) => "marked known-bug but passes now".to_string(),
                _ => report
                    .failure
                    .as_ref()
                    .map(|f| format!("line {}: {}", f.line, f.message))
                    .unwrap_or_else(|| kind.as_str().to_string()),
            };
            non_success(NonSuccessKind::Failure, kind, &message, detail)
        }
    };
    let name = match r.title() {
        "" => r.path.display().to_string(),
        t => t.to_string(),
    };
    let mut tc = TestCase::new(name, status);
    tc.set_classname(classname(&r.path))
        .set_time(Duration::from_secs_f64(r.seconds.max(0.0)));
    if let Outcome::Ran { report, .. } = &r.outcome {
        tc.set_system_out(tail(&report.trace));
    }
    tc
}

/// The JUnit XML report; `started` is when the run began and `elapsed` its wall time.
pub fn render(results: &[FileResult], started: SystemTime, elapsed: Duration) -> String {
    let timestamp: chrono::DateTime<chrono::Utc> = started.into();
    let mut ts = TestSuite::new("scenarios");
    ts.set_timestamp(timestamp).set_time(elapsed);
    ts.add_test_cases(results.iter().map(case));
    let mut report = Report::new("catan-harness");
    report.set_timestamp(timestamp).set_time(elapsed).add_test_suite(ts);
    report
        .to_string()
        .unwrap_or_else(|e| format!("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!-- {e} -->\n"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classnames_are_dotted_paths_from_the_project_root() {
        assert_eq!(
            classname(Path::new("/w/scenarios/base/seven-nine-cards-discard-four.cat")),
            "scenarios.base.seven-nine-cards-discard-four"
        );
        assert_eq!(classname(Path::new("shrunk/seed-1.cat")), "shrunk.seed-1");
    }
}
