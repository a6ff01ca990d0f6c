//! The same rulebook example transcribed from two seeds, each in its own language, gives the
//! same trace: traces and goldens use one canonical vocabulary.

use catan_harness::load;
use catan_harness::runner::{self, Status};
use std::path::Path;

fn trace(rel: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(rel);
    let sc = load::load(&path).unwrap_or_else(|e| panic!("{rel}:\n{}", e.render(100)));
    let report = runner::run(&sc);
    assert_eq!(report.status, Status::Passed, "{rel}: {:?}", report.failure);
    report.trace
}

#[test]
fn the_walls_example_gives_one_trace_in_english_and_german() {
    assert_eq!(
        trace("scenarios/rulebook/en/walls-two-walls-hold-eleven.cat"),
        trace("scenarios/rulebook/de/stadtmauern-elf-karten.cat")
    );
}
