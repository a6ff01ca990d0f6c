//! Long `play` and `stats` runs through the binary: a huge `--games` is refused, never a
//! panic; `--jobs` defaults to the available cores and does not change `stats`' counts;
//! progress shows on a terminal only (and not under `-q` or `--format json`); `--color`
//! and NO_COLOR reach the diagnostics. A terminal is made with util-linux `script`.

use std::path::Path;
use std::process::{Command, Output};

const BIN: &str = env!("CARGO_BIN_EXE_catan-harness");
const ROOT: &str = env!("CARGO_MANIFEST_DIR");

fn harness(args: &[&str]) -> Output {
    Command::new(BIN)
        .args(args)
        .current_dir(ROOT)
        .env_remove("NO_COLOR")
        .output()
        .expect("the binary runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Runs the binary with a terminal as standard input, output and error (util-linux
/// `script`), returning everything it wrote to the terminal.
fn on_terminal(args: &str, no_color: bool) -> String {
    let mut cmd = Command::new("script");
    cmd.args(["-q", "-e", "-c", &format!("'{BIN}' {args}"), "/dev/null"])
        .current_dir(ROOT)
        .env_remove("NO_COLOR");
    if no_color {
        cmd.env("NO_COLOR", "1");
    }
    let o = cmd
        .output()
        .expect("util-linux `script` is needed to give the command a terminal");
    text(&o.stdout)
}

#[test]
fn a_huge_game_count_is_refused_with_a_message_not_a_panic() {
    let o = harness(&["play", "--games", "18446744073709551615"]);
    assert_eq!(o.status.code(), Some(64), "{}", text(&o.stderr));
    let err = text(&o.stderr);
    assert!(
        err.contains("more than the most one command plays (1000000000000)"),
        "{err}"
    );
    assert!(!err.contains("panicked"), "{err}");
    let o = harness(&["stats", "--games", "18446744073709551615"]);
    assert_eq!(o.status.code(), Some(64), "{}", text(&o.stderr));
}

#[test]
fn jobs_default_to_the_available_cores() {
    let o = harness(&["play", "--games", "4", "--no-invariants", "--format", "json"]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("json");
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    assert_eq!(v["jobs"], cores as u64);
}

#[test]
fn stats_counts_do_not_depend_on_the_thread_count() {
    let run = |jobs: &str| {
        let o = harness(&[
            "stats",
            "--rules",
            "cities-and-knights",
            "--games",
            "7",
            "--seed",
            "5",
            "--jobs",
            jobs,
            "--format",
            "json",
        ]);
        assert!(o.status.success(), "{}", text(&o.stderr));
        text(&o.stdout)
    };
    let one = run("1");
    assert!(one.contains("\"games\": 7"), "{one}");
    assert_eq!(one, run("2"));
    assert_eq!(one, run("3"));
}

#[test]
fn progress_shows_on_a_terminal_only_and_not_when_quiet_or_json() {
    let args = "play --games 400 --no-invariants --jobs 1";
    let shown = on_terminal(args, false);
    assert!(shown.contains("/400 games"), "a bar on the terminal:\n{shown}");
    assert!(shown.contains("games/s"), "the summary still prints:\n{shown}");
    let quiet = on_terminal(&format!("{args} -q"), false);
    assert!(!quiet.contains("/400 games") && quiet.contains("games/s"), "{quiet}");
    let json = on_terminal(&format!("{args} --format json"), false);
    assert!(
        !json.contains("/400 games") && json.contains("\"games\": 400"),
        "{json}"
    );
    let stats = on_terminal("stats --games 60", false);
    assert!(stats.contains("/60 games"), "{stats}");
    // Not a terminal: nothing on standard error.
    let o = harness(&["play", "--games", "50", "--no-invariants"]);
    assert!(text(&o.stderr).is_empty(), "{}", text(&o.stderr));
}

#[test]
fn color_reaches_the_diagnostics_and_no_color_is_honoured() {
    let file = "tests/broken-lower/unknown-card.cat";
    assert!(Path::new(ROOT).join(file).exists());
    let always = harness(&["check", file, "--color", "always"]);
    assert!(text(&always.stdout).contains("\u{1b}["), "{}", text(&always.stdout));
    let never = harness(&["check", file, "--color", "never"]);
    assert!(!text(&never.stdout).contains("\u{1b}["), "{}", text(&never.stdout));
    assert!(text(&never.stdout).contains("unknown card"), "{}", text(&never.stdout));
    // auto: colour on a terminal, none under NO_COLOR, none into a pipe.
    let auto = on_terminal(&format!("check {file}"), false);
    assert!(auto.contains("\u{1b}[") && auto.contains("unknown card"), "{auto}");
    let no_color = on_terminal(&format!("check {file}"), true);
    assert!(
        !no_color.contains("\u{1b}[") && no_color.contains("unknown card"),
        "{no_color}"
    );
    let piped = harness(&["check", file]);
    assert!(!text(&piped.stdout).contains("\u{1b}["));
    // `run` shows the diagnostics of an invalid file in colour too.
    let run = harness(&["run", file, "--color", "always"]);
    assert!(text(&run.stdout).contains("\u{1b}["), "{}", text(&run.stdout));
}
