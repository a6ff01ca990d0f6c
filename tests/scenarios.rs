//! Every file under `scenarios/` is its own test: it must load, pass its expectations (or
//! fail as a declared known bug), run identically twice, and match its golden trace in
//! `goldens/` (reviewed with `cargo insta review`). Goldens whose scenario is gone fail too.

use catan_harness::runner::{self, Status};
use catan_harness::{golden, load};
use std::path::Path;

/// The snapshot name of a scenario: the same one `catan-harness run` compares and blesses.
fn golden_name(path: &Path) -> String {
    golden::locate(path).map(|l| l.name).unwrap_or_default()
}

#[test]
fn scenarios() {
    let failures = std::sync::Mutex::new(Vec::<String>::new());
    let fail = |msg: String| {
        if let Ok(mut f) = failures.lock() {
            f.push(msg);
        }
    };
    insta::glob!("../scenarios", "**/*.cat", |path| {
        let sc = match load::load(path) {
            Ok(sc) => sc,
            Err(e) => return fail(format!("{} does not load:\n{}", path.display(), e.render(100))),
        };
        let report = runner::run(&sc);
        match report.status {
            Status::Passed | Status::KnownBug => {}
            Status::Failed => {
                let why = catan_harness::suite::render_failure(&report);
                return fail(format!("{} failed:\n{why}", path.display()));
            }
            Status::KnownBugFixed => {
                return fail(format!(
                    "{} is marked known-bug but passes: remove the mark",
                    path.display()
                ))
            }
        }
        // Determinism guard: a second run gives the same trace.
        let again = runner::run(&sc);
        assert_eq!(report.trace, again.trace, "{}: two runs differ", path.display());
        let golden = golden::text(&sc, &report);
        let mut settings = insta::Settings::clone_current();
        settings.set_snapshot_path(Path::new(env!("CARGO_MANIFEST_DIR")).join("goldens"));
        settings.set_prepend_module_to_snapshot(false);
        settings.set_input_file(path);
        settings.set_omit_expression(true);
        settings.bind(|| insta::assert_snapshot!(golden_name(path), golden));
    });
    let failures = failures.into_inner().unwrap_or_default();
    assert!(
        failures.is_empty(),
        "{} scenario(s) failed:\n\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn every_golden_has_its_scenario() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let Ok(rd) = std::fs::read_dir(root.join("goldens")) else {
        return;
    };
    let scenarios = load::discover(&[root.join("scenarios")]);
    let names: Vec<String> = scenarios.iter().map(|p| golden_name(p)).collect();
    for e in rd.flatten() {
        let f = e.file_name().to_string_lossy().to_string();
        // insta's glob! names goldens `<name>@<file>.snap`.
        if let Some(stem) = f.strip_suffix(".snap").map(|s| s.split('@').next().unwrap_or(s)) {
            assert!(
                names.iter().any(|n| n == stem),
                "golden goldens/{f} has no scenario any more: delete it"
            );
        }
    }
}
