//! A deliberate rule fault (behind the engine's test-only `fault-injection` switch) is found
//! by random play and written as a scenario file; the file fails exactly on the fault while
//! it is on, and passes once it is off.

use catan_engine::fault::{self, Fault};
use catan_engine::random::Policy;
use catan_engine::Ruleset;
use catan_harness::play::{BoardChoice, PlayOptions};
use catan_harness::runner::{self, Status};
use catan_harness::{load, shrink};

fn opts(rules: Ruleset) -> PlayOptions {
    PlayOptions {
        players: 4,
        games: 1,
        seed: 0,
        board: BoardChoice::Beginner,
        max_turns: 1000,
        invariants: true,
        policy: Policy::Uniform,
        jobs: 1,
        rules,
    }
}

fn shrunk_scenario_fails_on_the_fault_and_passes_without_it(rules: Ruleset) {
    let o = opts(rules);
    fault::set(Some(Fault::MaritimeBankNotCredited));
    let (seed, text) = (0..50u64)
        .find_map(|s| shrink::scenario_for_seed(&o, s).map(|t| (s, t)))
        .expect("random play finds the injected fault");
    assert!(text.contains(&format!("seed {seed}")), "the seed is noted:\n{text}");
    assert!(text.contains("expect invariants"), "{text}");
    // The tests run in parallel in one process: the ruleset keeps their folders apart.
    let dir = std::env::temp_dir().join(format!("catan-shrink-{}-{}-{seed}", std::process::id(), o.rules.ck()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("shrunk.cat");
    std::fs::write(&path, &text).expect("write");
    let sc = load::load(&path).unwrap_or_else(|e| panic!("the shrunk scenario loads:\n{}\n{text}", e.render(100)));
    let with_fault = runner::run(&sc);
    assert_eq!(with_fault.status, Status::Failed, "{text}");
    let failure = with_fault.failure.expect("a failure");
    let last_line = text.lines().count();
    assert_eq!(
        failure.line, last_line,
        "it fails at its last line, the broken expectation:\n{text}"
    );
    assert!(
        failure
            .actual
            .as_deref()
            .unwrap_or("")
            .contains("resource-conservation"),
        "{failure:?}"
    );
    fault::set(None);
    let without = runner::run(&sc);
    assert_eq!(without.status, Status::Passed, "{:?}\n{text}", without.failure);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn base_game_fault_is_shrunk_into_a_scenario() {
    shrunk_scenario_fails_on_the_fault_and_passes_without_it(Ruleset::base());
}

#[test]
fn cities_and_knights_fault_is_shrunk_into_a_scenario() {
    shrunk_scenario_fails_on_the_fault_and_passes_without_it(Ruleset::cities_and_knights());
}
