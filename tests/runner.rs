//! The runner's own rules: strict scripts, refusals, known bugs, unreachable steps, and
//! failures that name their line with expected and actual values.

use catan_harness::load::load_text;
use catan_harness::runner::{run, Status};

const HEAD: &str = "scenario \"runner test\"\nsource own\nrules base\nplayers red blue white\n";

const POSITION: &str = "position {
  red:
    settlements E.n, O.s
    roads       E.n-ne, O.s-sw
  blue:
    settlements K.n, M.ne
    roads       K.n-ne, M.ne-se
    hand        5 wool, 4 ore
  white:
    settlements H.n, P.n
    roads       H.n-ne, P.n-ne
  turn red before-roll
}
";

fn report(extra_header: &str, script: &str) -> catan_harness::runner::Report {
    let text = format!("{HEAD}{extra_header}{POSITION}{script}");
    let sc = load_text("test.cat", &text).unwrap_or_else(|e| panic!("{}", e.render(100)));
    run(&sc)
}

#[test]
fn a_pending_decision_the_script_skips_fails_there_and_lists_the_options() {
    let r = report("", "red rolls 3+4\nred moves robber K\nexpect phase main\n");
    assert_eq!(r.status, Status::Failed);
    let f = r.failure.expect("failure");
    assert_eq!(f.line, 19, "the robber line");
    assert!(f.message.contains("TURN.NOT_YOUR_DECISION"), "{}", f.message);
    assert!(
        f.options.iter().any(|o| o.starts_with("blue discards")),
        "{:?}",
        f.options
    );
    assert_eq!(f.unreached, 1);
    assert!(f
        .last_events
        .iter()
        .any(|e| e.starts_with("must-discard player=blue count=4")));
}

#[test]
fn a_failing_expectation_shows_expected_and_actual_at_its_line() {
    let r = report("", "red rolls 2+3\nexpect white hand 2 wool\n");
    let f = r.failure.expect("failure");
    assert_eq!(f.line, 19);
    assert_eq!(f.expected.as_deref(), Some("2 wool"));
    assert_eq!(f.actual.as_deref(), Some("1 wool"));
}

#[test]
fn a_refusal_with_another_rule_id_fails() {
    let r = report("", "red builds road A.n-ne -> refused BASE.BUILD.COST\n");
    let f = r.failure.expect("failure");
    assert_eq!(f.expected.as_deref(), Some("refused BASE.BUILD.COST"));
    assert_eq!(f.actual.as_deref(), Some("refused BASE.TURN.ROLL_FIRST"));
}

#[test]
fn known_bugs_fail_as_expected_and_a_fixed_one_is_reported() {
    let failing = report(
        "known-bug \"the engine is wrong here\"\n",
        "red rolls 2+3\nexpect white hand 2 wool\n",
    );
    assert_eq!(failing.status, Status::KnownBug);
    let fixed = report("known-bug \"was wrong\"\n", "red rolls 2+3\nexpect white hand 1 wool\n");
    assert_eq!(fixed.status, Status::KnownBugFixed);
}

#[test]
fn a_step_after_the_game_ended_is_reported() {
    let text = "scenario \"won already\"\nsource own\nrules base option victory-target 7\nplayers red blue white\n\
        position {\n  red:\n    settlements E.n, O.s\n    roads E.n-ne, O.s-sw\n    development 5 victory-point\n  turn red main\n}\n\
        expect winner red\nred ends turn\n";
    let sc = load_text("t.cat", text).unwrap_or_else(|e| panic!("{}", e.render(100)));
    let r = run(&sc);
    // Red holds the target (7) on their own turn: the game is won before any step runs.
    let f = r.failure.expect("failure");
    assert!(
        f.message.contains("game is already over") || f.message.contains("GAME.OVER"),
        "{}",
        f.message
    );
}

#[test]
fn a_passing_script_records_every_step_in_the_trace() {
    let r = report("", "red rolls 2+3\nexpect white hand 1 wool\nred ends turn\n");
    assert_eq!(r.status, Status::Passed);
    assert!(r.trace.contains("> red rolls 2+3"));
    assert!(r.trace.contains("= produced player=white resource=wool count=1"));
    assert!(r.trace.contains("~ white +1 wool"));
    assert!(r.trace.contains("> red ends turn"));
}
