//! The HTML run report: for a small run with one failure (`tests/report-fixtures/`), the page
//! lists both scenarios with their status and tags, offers the status and tag filters, shows
//! the failure (line, expected against actual, trace tail) and the board before the failing
//! step with the place it names marked; the whole page is snapshotted.

use catan_harness::{report, suite};
use std::path::PathBuf;

fn run_fixtures() -> Vec<suite::FileResult> {
    let files = vec![
        PathBuf::from("tests/report-fixtures/fails.cat"),
        PathBuf::from("tests/report-fixtures/passes.cat"),
    ];
    let opts = suite::RunOptions {
        jobs: 1,
        bless: false,
        color: false,
    };
    suite::run(&files, &suite::Selection::default(), opts)
}

#[test]
fn the_report_shows_the_failure_and_the_board_where_it_happened() {
    let results = run_fixtures();
    let html = report::html(&results);
    assert!(html.contains("2 scenarios: 1 passed, 1 failed"), "summary");
    assert!(html.contains(r#"<tr data-status="failed" data-tags="settlement distance fixture">"#));
    assert!(html.contains(r#"<tr data-status="passed" data-tags="road fixture">"#));
    for filter in [
        r#"data-filter="all""#,
        r#"data-filter="failed""#,
        r#"data-filter="passed""#,
    ] {
        assert!(html.contains(filter), "{filter}");
    }
    assert!(html.contains(r#"<option value="distance">distance</option>"#));
    assert!(html.contains("<th>expected</th><td>accepted</td>"));
    assert!(html.contains("<th>actual</th><td>refused BASE.BUILD.DISTANCE_RULE</td>"));
    // The board before the failing line, E.ne (canonically B.s) marked, once.
    assert_eq!(html.matches(r#"class="hex""#).count(), 19);
    assert_eq!(html.matches("highlight").count(), 1);
    assert!(html.contains(r#"class="intersection highlight" data-place="B.s""#));
    // Nothing is fetched: no external reference.
    assert!(!html.contains("src=\"http") && !html.contains("href=\"http") && !html.contains("url("));
    insta::assert_snapshot!("report-one-failure", html);
}

#[test]
fn write_puts_the_page_in_the_folder() {
    let dir = std::env::temp_dir().join(format!("catan-report-{}", std::process::id()));
    let path = report::write(&dir, &run_fixtures()).expect("written");
    assert_eq!(path, dir.join("index.html"));
    assert!(std::fs::read_to_string(&path)
        .expect("readable")
        .starts_with("<!DOCTYPE html>"));
    let _ = std::fs::remove_dir_all(&dir);
}
