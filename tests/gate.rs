//! `catan-harness run` as a gate a CI pipeline can trust, driven through the binary: exit
//! codes that never say green by accident, folder walks that survive symlink loops, rule
//! and source ids checked from any working directory, goldens compared and blessed by
//! `run`, one file's internal error isolated, and a JUnit report a parser reads.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const BIN: &str = env!("CARGO_BIN_EXE_catan-harness");
const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// A fresh scratch folder for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("catan-gate-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch folder");
    dir
}

fn harness(cwd: &Path, args: &[&str]) -> Output {
    Command::new(BIN)
        .args(args)
        .current_dir(cwd)
        .env_remove("NO_COLOR")
        .output()
        .expect("the binary runs")
}

fn code(o: &Output) -> i32 {
    o.status.code().unwrap_or(-1)
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

const HEAD: &str = "source own\nrules base\nplayers red blue white\n\
    position {\n  red:\n    settlements E.n, O.s\n    roads E.n-ne, O.s-sw\n  blue:\n    settlements K.n, M.ne\n    roads K.n-ne, M.ne-se\n  \
    white:\n    settlements H.n, P.n\n    roads H.n-ne, P.n-ne\n  turn red before-roll\n}\n";

/// A scenario with this title, extra header lines and script.
fn scenario(title: &str, header: &str, script: &str) -> String {
    format!("scenario \"{title}\"\n{header}{HEAD}{script}")
}

fn write(path: &Path, text: &str) {
    if let Some(d) = path.parent() {
        std::fs::create_dir_all(d).expect("folder");
    }
    std::fs::write(path, text).expect("write");
}

/// A project with one passing scenario and its golden copied from this repository.
fn project(name: &str) -> PathBuf {
    let dir = scratch(name);
    let from = Path::new(ROOT).join("scenarios/base/answers-only-when-pending.cat");
    write(
        &dir.join("scenarios/base/answers-only-when-pending.cat"),
        &std::fs::read_to_string(from).expect("scenario"),
    );
    let golden = "goldens/base__answers-only-when-pending@base__answers-only-when-pending.cat.snap";
    write(
        &dir.join(golden),
        &std::fs::read_to_string(Path::new(ROOT).join(golden)).expect("golden"),
    );
    dir
}

#[test]
fn a_path_that_does_not_exist_is_an_error_not_zero_scenarios() {
    let o = harness(Path::new(ROOT), &["run", "scenarios/typo"]);
    assert_eq!(code(&o), 4, "{}", text(&o.stderr));
    assert!(
        text(&o.stderr).contains("scenarios/typo: no such file or folder"),
        "{}",
        text(&o.stderr)
    );
    let o = harness(Path::new(ROOT), &["check", "scenarios/typo"]);
    assert_eq!(code(&o), 4);
}

#[test]
fn an_explicit_file_that_is_not_a_scenario_is_an_error() {
    let o = harness(Path::new(ROOT), &["run", "README.md"]);
    assert_eq!(code(&o), 4);
    assert!(text(&o.stderr).contains("not a scenario file"), "{}", text(&o.stderr));
    let o = harness(
        Path::new(ROOT),
        &["run", "scenarios/fragments/ck-three-cities.fragment"],
    );
    assert_eq!(code(&o), 4);
    assert!(
        text(&o.stderr).contains("a fragment is not a scenario"),
        "{}",
        text(&o.stderr)
    );
}

#[test]
fn an_unreadable_path_is_an_error() {
    let dir = scratch("unreadable");
    // A link to itself cannot be read by anyone, root included.
    std::os::unix::fs::symlink(dir.join("self"), dir.join("self")).expect("link");
    let o = harness(&dir, &["run", "self"]);
    assert_eq!(code(&o), 4, "{}", text(&o.stderr));
    // A scenario link to nothing inside a folder.
    let links = dir.join("links");
    std::fs::create_dir_all(&links).expect("folder");
    std::os::unix::fs::symlink(dir.join("gone.cat"), links.join("dangling.cat")).expect("link");
    let o = harness(&dir, &["run", "links"]);
    assert_eq!(code(&o), 4, "{}", text(&o.stderr));
    assert!(text(&o.stderr).contains("dangling.cat"), "{}", text(&o.stderr));
    std::fs::remove_dir_all(&links).expect("cleanup");
    // A folder without read permission (root reads it anyway: then there is nothing to see).
    let locked = dir.join("locked");
    write(&locked.join("a.cat"), &scenario("locked", "", "red rolls 2+3\n"));
    std::fs::set_permissions(&locked, std::os::unix::fs::PermissionsExt::from_mode(0o000)).expect("chmod");
    let readable = std::fs::read_dir(&locked).is_ok();
    let o = harness(&dir, &["run", "."]);
    std::fs::set_permissions(&locked, std::os::unix::fs::PermissionsExt::from_mode(0o755)).expect("chmod");
    if !readable {
        assert_eq!(code(&o), 4, "{}", text(&o.stderr));
        assert!(
            text(&o.stderr).contains("cannot read the folder"),
            "{}",
            text(&o.stderr)
        );
    }
}

#[test]
fn a_selection_of_zero_scenarios_is_an_error_unless_allowed() {
    let dir = project("empty-selection");
    let empty = dir.join("nothing-here");
    std::fs::create_dir_all(&empty).expect("folder");
    for args in [
        &["run", "nothing-here"][..],
        &["run", "scenarios", "--filter", "no-such-title"],
        &["run", "scenarios", "--tag", "no-such-tag"],
    ] {
        let o = harness(&dir, args);
        assert_eq!(code(&o), 4, "{args:?}: {}", text(&o.stdout));
        assert!(text(&o.stderr).contains("no scenario selected"), "{}", text(&o.stderr));
    }
    let o = harness(&dir, &["run", "scenarios", "--tag", "no-such-tag", "--allow-empty"]);
    assert_eq!(code(&o), 0, "{}", text(&o.stderr));
    // The same selection that matches something passes.
    let o = harness(&dir, &["run", "scenarios", "--tag", "robber"]);
    assert_eq!(code(&o), 0, "{}{}", text(&o.stdout), text(&o.stderr));
}

#[test]
fn usage_errors_have_their_own_code_and_help_lists_every_code() {
    let o = harness(Path::new(ROOT), &["run", "--no-such-option"]);
    assert_eq!(code(&o), 64);
    let o = harness(Path::new(ROOT), &["no-such-command"]);
    assert_eq!(code(&o), 64);
    let o = harness(Path::new(ROOT), &["run", "--help"]);
    assert_eq!(code(&o), 0);
    let help = text(&o.stdout);
    for line in ["  0 ", "  1 ", "  2 ", "  3 ", "  4 ", "  64 "] {
        assert!(help.contains(line), "`{line}` missing from run --help:\n{help}");
    }
    let readme = std::fs::read_to_string(Path::new(ROOT).join("README.md")).expect("README");
    for row in ["| 0 |", "| 1 |", "| 2 |", "| 3 |", "| 4 |", "| 64 |"] {
        assert!(readme.contains(row), "README's exit-code table lacks `{row}`");
    }
}

#[test]
fn a_symlink_loop_is_walked_once_per_file() {
    let dir = project("symlink-loop");
    let base = dir.join("scenarios/base");
    // Two links back to a parent: followed, the walk would grow exponentially.
    std::os::unix::fs::symlink(dir.join("scenarios"), base.join("up")).expect("link");
    std::os::unix::fs::symlink(&dir, base.join("top")).expect("link");
    let start = std::time::Instant::now();
    let o = harness(&dir, &["run", "scenarios", "--format", "json"]);
    assert!(start.elapsed().as_secs() < 60, "the walk took {:?}", start.elapsed());
    assert_eq!(code(&o), 0, "{}{}", text(&o.stdout), text(&o.stderr));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("json");
    assert_eq!(v["total"], 1, "each file once: {v}");
}

#[test]
fn coverage_fails_under_the_threshold() {
    let dir = project("coverage");
    let o = harness(&dir, &["coverage", "scenarios", "--fail-under", "50"]);
    assert_eq!(code(&o), 1, "{}", text(&o.stdout));
    assert!(
        text(&o.stderr).contains("below --fail-under 50%"),
        "{}",
        text(&o.stderr)
    );
    let o = harness(&dir, &["coverage", "scenarios", "--fail-under", "0.5"]);
    assert_eq!(code(&o), 0, "{}", text(&o.stdout));
}

#[test]
fn rule_ids_are_checked_from_any_working_directory() {
    let dir = scratch("any-cwd");
    let file = dir.join("elsewhere.cat");
    write(
        &file,
        &scenario(
            "unknown ids",
            "covers BASE.ROBBER.MUST_MOVE BASE.ROBER.MUST_MOVE\n",
            "red rolls 2+3\nred ends turn -> refused BASE.TRADE.NOPE\n",
        ),
    );
    let o = harness(&dir, &["check", "elsewhere.cat"]);
    assert_eq!(code(&o), 2, "{}", text(&o.stdout));
    let out = text(&o.stdout);
    assert!(
        out.contains("`BASE.ROBER.MUST_MOVE` is not in the rule catalog"),
        "{out}"
    );
    assert!(out.contains("did you mean `BASE.ROBBER.MUST_MOVE`?"), "{out}");
    // The refused id is only checked once the file lowers: fix the covers line.
    write(
        &file,
        &scenario(
            "unknown ids",
            "covers BASE.ROBBER.MUST_MOVE\n",
            "red ends turn -> refused BASE.TRADE.NOPE\n",
        ),
    );
    let o = harness(&dir, &["check", "elsewhere.cat"]);
    assert_eq!(code(&o), 2, "{}", text(&o.stdout));
    let out = text(&o.stdout);
    assert!(out.contains("`BASE.TRADE.NOPE` is not in the rule catalog"), "{out}");
    assert!(
        out.contains("unknown rule id") && out.contains("did you mean one of `BASE.TRADE."),
        "{out}"
    );
    // An unknown source id, too.
    write(
        &file,
        &scenario("unknown source", "", "red rolls 2+3\n").replace("source own", "source base-rulez §2"),
    );
    let o = harness(&dir, &["check", "elsewhere.cat"]);
    assert_eq!(code(&o), 2);
    assert!(
        text(&o.stdout).contains("did you mean `base-rules`?"),
        "{}",
        text(&o.stdout)
    );
}

#[test]
fn rules_lists_ids_with_statement_source_and_covering_scenarios() {
    let o = harness(Path::new(ROOT), &["rules", "--grep", "robber", "--format", "json"]);
    assert_eq!(code(&o), 0, "{}", text(&o.stderr));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("json");
    let list = v.as_array().expect("a list");
    let must_move = list
        .iter()
        .find(|e| e["id"] == "BASE.ROBBER.MUST_MOVE")
        .expect("BASE.ROBBER.MUST_MOVE is listed");
    assert!(must_move["rule"].as_str().is_some_and(|s| !s.is_empty()));
    assert!(must_move["source"]
        .as_str()
        .is_some_and(|s| s.starts_with("base-rules")));
    let covering: Vec<&str> = must_move["scenarios"]
        .as_array()
        .expect("scenarios")
        .iter()
        .filter_map(|s| s.as_str())
        .collect();
    assert!(
        covering.contains(&"scenarios/base/robber-must-move.cat"),
        "{covering:?}"
    );
    assert!(list.iter().all(|e| e.to_string().to_lowercase().contains("robber")));
    let o = harness(Path::new(ROOT), &["rules", "--grep", "MUST_MOVE"]);
    assert!(
        text(&o.stdout).contains("BASE.ROBBER.MUST_MOVE\n  "),
        "{}",
        text(&o.stdout)
    );
    let o = harness(Path::new(ROOT), &["rules", "--grep", "no-such-word-anywhere"]);
    assert_eq!(code(&o), 4);
}

const GOLDEN: &str = "goldens/base__answers-only-when-pending@base__answers-only-when-pending.cat.snap";

#[test]
fn a_stale_golden_fails_with_a_diff_and_bless_rewrites_it_as_insta_does() {
    let dir = project("stale");
    let original = std::fs::read_to_string(dir.join(GOLDEN)).expect("golden");
    assert_eq!(code(&harness(&dir, &["run", "scenarios"])), 0);
    let tampered = original.replace("total=7", "total=8");
    assert_ne!(tampered, original);
    write(&dir.join(GOLDEN), &tampered);
    let o = harness(&dir, &["run", "scenarios"]);
    assert_eq!(code(&o), 1);
    let out = text(&o.stdout);
    assert!(out.starts_with("STALE"), "{out}");
    assert!(out.contains("-  = rolled player=blue red=3 yellow=4 total=8"), "{out}");
    assert!(out.contains("+  = rolled player=blue red=3 yellow=4 total=7"), "{out}");
    let o = harness(&dir, &["run", "scenarios", "--format", "json"]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("json");
    assert_eq!(v["scenarios"][0]["status"], "stale-golden");
    assert_eq!(v["stale_goldens"], 1);
    // Bless from another folder: the golden is found beside the scenario's project.
    let o = harness(
        &std::env::temp_dir(),
        &["run", dir.join("scenarios").to_str().expect("path"), "--bless"],
    );
    assert_eq!(code(&o), 0, "{}", text(&o.stdout));
    assert!(text(&o.stdout).contains("1 golden written"), "{}", text(&o.stdout));
    let blessed = std::fs::read_to_string(dir.join(GOLDEN)).expect("golden");
    assert_eq!(blessed, original, "bless writes exactly what insta writes");
    assert_eq!(code(&harness(&dir, &["run", "scenarios"])), 0);
}

#[test]
fn a_missing_golden_is_reported_and_blessing_never_writes_a_failing_one() {
    let dir = project("missing");
    std::fs::remove_file(dir.join(GOLDEN)).expect("remove");
    let broken = scenario("broken expectation", "", "red rolls 2+3\nexpect white hand 2 wool\n");
    write(&dir.join("scenarios/base/broken.cat"), &broken);
    let o = harness(&dir, &["run", "scenarios", "--format", "json"]);
    assert_eq!(code(&o), 1);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("json");
    assert_eq!(v["missing_goldens"], 1, "{v}");
    assert_eq!(v["failed"], 1, "{v}");
    let o = harness(&dir, &["run", "scenarios", "--bless"]);
    assert_eq!(code(&o), 1, "the failing scenario still fails");
    assert!(dir.join(GOLDEN).exists());
    assert!(!dir.join("goldens/base__broken@base__broken.cat.snap").exists());
}

#[test]
fn a_golden_whose_scenario_is_gone_fails_the_whole_folder_and_bless_deletes_it() {
    let dir = project("orphan");
    let orphan = dir.join("goldens/base__renamed@base__renamed.cat.snap");
    write(&orphan, "---\nsource: tests/scenarios.rs\n---\n# an old trace\n");
    let o = harness(&dir, &["run", "scenarios"]);
    assert_eq!(code(&o), 1, "{}", text(&o.stdout));
    assert!(text(&o.stdout).contains("ORPHAN   "), "{}", text(&o.stdout));
    let o = harness(&dir, &["run", "scenarios", "--format", "json"]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("json");
    assert_eq!(
        (v["total"].as_u64(), v["orphan_goldens"].as_u64()),
        (Some(1), Some(1)),
        "{v}"
    );
    // Part of the folder says nothing about the other goldens.
    assert_eq!(code(&harness(&dir, &["run", "scenarios/base"])), 0);
    let o = harness(&dir, &["run", "scenarios", "--bless"]);
    assert_eq!(code(&o), 0, "{}{}", text(&o.stdout), text(&o.stderr));
    assert!(!orphan.exists());
    assert!(dir.join(GOLDEN).exists());
}

#[test]
fn one_file_that_crashes_the_harness_is_reported_and_the_others_still_print() {
    // A diagnostic on a very long line once panicked inside the diagnostic renderer; whether
    // it renders or not, the other files' results must be printed.
    let dir = project("isolation");
    write(
        &dir.join("scenarios/base/tabs.cat"),
        &format!("{}x\n", "\t".repeat(16_384)),
    );
    for format in ["human", "json", "junit"] {
        let o = harness(&dir, &["run", "scenarios", "--format", format]);
        let out = text(&o.stdout);
        assert!(matches!(code(&o), 2 | 3), "{format}: {}\n{out}", code(&o));
        assert!(
            out.contains("Answers and chance outcomes only when they are possible"),
            "{format}: {out}"
        );
        assert!(out.contains("tabs.cat"), "{format}: {out}");
    }
}

#[test]
fn junit_reads_as_xml_with_kinds_times_and_dotted_classnames() {
    let dir = project("junit");
    let b = dir.join("scenarios/base");
    write(
        &b.join("failing.cat"),
        &scenario("a failing one", "", "red rolls 2+3\nexpect white hand 2 wool\n"),
    );
    write(&b.join("invalid.cat"), &scenario("an invalid one", "", "red juggles\n"));
    write(
        &b.join("known.cat"),
        &scenario(
            "a known \u{1b}[31mbug\u{1b}[0m \u{7}",
            "known-bug \"not fixed yet\"\n",
            "red rolls 2+3\nexpect white hand 2 wool\n",
        ),
    );
    // Goldens for the passing and known-bug files, then one made stale.
    assert_eq!(code(&harness(&dir, &["run", "scenarios", "--bless"])), 2);
    assert!(dir.join("goldens/base__known@base__known.cat.snap").exists());
    write(
        &dir.join(GOLDEN),
        "---\nsource: tests/scenarios.rs\n---\n# something else\n",
    );
    let o = harness(&dir, &["run", "scenarios", "--format", "junit"]);
    assert_eq!(code(&o), 2, "invalid wins over failed");
    let xml = text(&o.stdout);
    let doc = roxmltree::Document::parse(&xml).unwrap_or_else(|e| panic!("{e}\n{xml}"));
    let suite = doc
        .descendants()
        .find(|n| n.has_tag_name("testsuite"))
        .expect("a testsuite");
    assert!(suite.attribute("time").is_some() && suite.attribute("timestamp").is_some());
    assert_eq!(suite.attribute("tests"), Some("4"));
    let case = |class: &str| {
        doc.descendants()
            .find(|n| n.has_tag_name("testcase") && n.attribute("classname") == Some(class))
            .unwrap_or_else(|| panic!("no test case {class}:\n{xml}"))
    };
    let kind = |class: &str, tag: &str| {
        let c = case(class);
        assert!(c.attribute("time").is_some(), "{class} has a time");
        c.children()
            .find(|n| n.has_tag_name(tag))
            .unwrap_or_else(|| panic!("{class} has no <{tag}>:\n{xml}"))
            .attribute("type")
            .map(str::to_string)
    };
    assert_eq!(kind("scenarios.base.failing", "failure").as_deref(), Some("failed"));
    assert_eq!(kind("scenarios.base.invalid", "error").as_deref(), Some("invalid"));
    assert_eq!(kind("scenarios.base.known", "skipped").as_deref(), Some("known-bug"));
    assert_eq!(
        kind("scenarios.base.answers-only-when-pending", "failure").as_deref(),
        Some("stale-golden")
    );
    let known = case("scenarios.base.known");
    let name = known.attribute("name").expect("name");
    assert!(
        name.starts_with("a known") && !name.chars().any(char::is_control),
        "{name:?}"
    );
    let out = case("scenarios.base.failing")
        .children()
        .find(|n| n.has_tag_name("system-out"))
        .and_then(|n| n.text())
        .unwrap_or_default();
    assert!(
        out.contains("> red rolls 2+3"),
        "the trace tail is in system-out: {out}"
    );
}

#[test]
fn a_misspelled_name_on_the_command_line_is_a_usage_error_with_the_nearest_name() {
    let here = std::env::temp_dir();
    for (args, hint) in [
        (
            &["play", "--games", "1", "--rules", "seafarer"][..],
            "did you mean `seafarers`?",
        ),
        (
            &["play", "--games", "1", "--rules", "cities-and-knights,cort"][..],
            "did you mean `court`?",
        ),
        (
            &["play", "--games", "1", "--profile", "colonis"][..],
            "did you mean `colonist`?",
        ),
        (
            &["play", "--games", "1", "--option", "barbarian-trak=5"][..],
            "did you mean `barbarian-track`?",
        ),
        (
            &["play", "--games", "1", "--rules", "seafarers", "--map", "new-shore"][..],
            "did you mean `new-shores`?",
        ),
        (
            &["stats", "--games", "1", "--rules", "barbarian-atack"][..],
            "did you mean `barbarian-attack`?",
        ),
        (&["places", "new-shore:4"][..], "did you mean `new-shores`?"),
    ] {
        let o = harness(&here, args);
        assert_eq!(code(&o), i32::from(catan_harness::exit::USAGE), "{args:?}");
        let err = text(&o.stderr);
        assert!(err.contains(hint), "{args:?}: {err}");
    }
    let o = harness(&here, &["play", "--games", "1", "--option", "zzzzzz=5"]);
    assert!(
        !text(&o.stderr).contains("did you mean"),
        "no hint when nothing is near"
    );
}

#[test]
fn check_short_prints_one_line_per_error_and_at_most_twenty() {
    let dir = std::env::temp_dir().join(format!("catan-gate-{}-short", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("many.cat");
    let body: String = (0..30).map(|_| "red rolls 3+\n").collect();
    std::fs::write(&file, format!("scenario \"t\"\nplayers red blue white\n{body}")).expect("write");
    let o = harness(&dir, &["check", "--format", "short", "many.cat"]);
    assert_eq!(code(&o), i32::from(catan_harness::exit::INVALID));
    let out = text(&o.stdout);
    let errors: Vec<&str> = out.lines().filter(|l| l.contains(": error[")).collect();
    assert_eq!(errors.len(), 20, "{out}");
    assert!(
        errors[0].starts_with("many.cat:3:11: error[dsl::syntax::bad_dice]: "),
        "{out}"
    );
    assert!(
        out.contains("many.cat: … and 10 more errors (only the first 20"),
        "{out}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
