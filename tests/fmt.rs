//! `catan-harness fmt`, `completions` and `man`.
//!
//! The formatter must not change what a scenario does: every scenario under
//! `scenarios/`, formatted, runs to the same status, trace and snapshots as
//! written. The repository's own files are in the canonical layout (what CI's
//! `fmt --check scenarios` checks). The CLI is exercised on files in a scratch
//! folder: `--check` lists and exits 1, a broken file is reported and left
//! untouched with exit 2.

use std::path::{Path, PathBuf};
use std::process::Command;

use catan_harness::{fmt, load, runner};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_catan-harness"))
}

/// A fresh scratch folder for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("fmt-tests").join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    dir
}

#[test]
fn formatted_scenarios_run_the_same() {
    let files = load::discover(&[root().join("scenarios")]);
    assert!(files.len() > 250, "only {} scenarios", files.len());
    for path in files {
        let name = path.display().to_string();
        let src = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{name}: {e}"));
        let text = catan_dsl::format::format(&name, &src).unwrap_or_else(|e| panic!("{name}: {e}"));
        let dir = path.parent().unwrap_or(Path::new("."));
        let before = load::load_text_in(&name, &src, dir).unwrap_or_else(|e| panic!("{}", e.render(100)));
        let after = load::load_text_in(&name, &text, dir).unwrap_or_else(|e| panic!("{}", e.render(100)));
        let (a, b) = (runner::run(&before), runner::run(&after));
        assert_eq!(a.status, b.status, "{name}");
        assert_eq!(a.trace, b.trace, "{name}: the formatted scenario's trace differs");
        assert_eq!(a.snapshots, b.snapshots, "{name}");
    }
}

#[test]
fn the_repository_scenarios_are_formatted() {
    let report = fmt::run(&[root().join("scenarios")], true);
    assert!(report.files.len() > 250);
    assert_eq!(
        report.exit_code(true),
        0,
        "run `catan-harness fmt scenarios`:\n{}",
        report.render(true)
    );
}

const UNFORMATTED: &str = "scenario   \"t\"\nplayers red blue\nposition {\nred: settlements A.n; roads A.n-ne\n}\n\
                           red ends turn -> accepted # done\n";

#[test]
fn check_lists_files_that_would_change_and_changes_nothing() {
    let dir = scratch("check");
    let messy = dir.join("messy.cat");
    let tidy = dir.join("tidy.cat");
    std::fs::write(&messy, UNFORMATTED).unwrap_or_default();
    let formatted = catan_dsl::format::format("t.cat", UNFORMATTED).unwrap_or_else(|e| panic!("{e}"));
    std::fs::write(&tidy, &formatted).unwrap_or_default();
    std::fs::write(dir.join("notes.txt"), "not a scenario {").unwrap_or_default();
    #[cfg(unix)]
    std::os::unix::fs::symlink(&dir, dir.join("loop")).unwrap_or_default(); // not followed

    let out = bin()
        .args(["fmt", "--check"])
        .arg(&dir)
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(
        stdout.contains("would reformat") && stdout.contains("messy.cat"),
        "{stdout}"
    );
    assert!(!stdout.contains("tidy.cat"), "{stdout}");
    assert!(
        stdout.contains("(from line 1)\n  - scenario   \"t\"\n  + scenario \"t\"\n"),
        "{stdout}"
    );
    assert!(
        stdout.contains("2 files, 1 would be reformatted, 0 not formatted"),
        "{stdout}"
    );
    assert_eq!(std::fs::read_to_string(&messy).unwrap_or_default(), UNFORMATTED);

    let out = bin().arg("fmt").arg(&dir).output().unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(std::fs::read_to_string(&messy).unwrap_or_default(), formatted);
    let out = bin()
        .args(["fmt", "--check"])
        .arg(&dir)
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stdout));
}

#[test]
fn a_file_that_does_not_parse_is_reported_and_left_untouched() {
    let dir = scratch("broken");
    let broken = dir.join("broken.cat");
    let text = "scenario  \"t\"\nred rolls 3+\n";
    std::fs::write(&broken, text).unwrap_or_default();
    std::fs::write(dir.join("messy.cat"), UNFORMATTED).unwrap_or_default();
    let out = bin().arg("fmt").arg(&dir).output().unwrap_or_else(|e| panic!("{e}"));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(2), "{stdout}");
    assert!(
        stdout.contains("not formatted") && stdout.contains("bad_dice"),
        "{stdout}"
    );
    assert_eq!(std::fs::read_to_string(&broken).unwrap_or_default(), text);
    // The valid file next to it is still formatted.
    assert_ne!(
        std::fs::read_to_string(dir.join("messy.cat")).unwrap_or_default(),
        UNFORMATTED
    );
}

#[test]
fn nothing_to_format_is_exit_4() {
    let code = |args: &[&str]| {
        bin()
            .args(args)
            .output()
            .map(|o| o.status.code())
            .unwrap_or_else(|e| panic!("{e}"))
    };
    assert_eq!(code(&["fmt", "--check", "no/such/file.cat"]), Some(4));
    let readme = root().join("README.md");
    assert_eq!(code(&["fmt", "--check", &readme.display().to_string()]), Some(4));
    let empty = scratch("empty");
    assert_eq!(code(&["fmt", "--check", &empty.display().to_string()]), Some(4));
    // The most severe code wins: a missing path next to a file that would change.
    let dir = scratch("severity");
    std::fs::write(dir.join("messy.cat"), UNFORMATTED).unwrap_or_default();
    let messy = dir.join("messy.cat").display().to_string();
    assert_eq!(code(&["fmt", "--check", &messy]), Some(1));
    assert_eq!(code(&["fmt", "--check", &messy, "no/such/file.cat"]), Some(4));
}

#[test]
fn a_dash_formats_standard_input_to_standard_output() {
    use std::io::Write as _;
    use std::process::Stdio;
    let run = |args: &[&str], input: &str| {
        let mut child = bin()
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| panic!("{e}"));
        if let Some(mut stdin) = child.stdin.take() {
            stdin.write_all(input.as_bytes()).unwrap_or_default();
        }
        child.wait_with_output().unwrap_or_else(|e| panic!("{e}"))
    };
    let formatted = catan_dsl::format::format("t.cat", UNFORMATTED).unwrap_or_else(|e| panic!("{e}"));
    let out = run(&["fmt", "-"], UNFORMATTED);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&out.stdout), formatted);
    assert_eq!(run(&["fmt", "--check", "-"], UNFORMATTED).status.code(), Some(1));
    assert_eq!(run(&["fmt", "--check", "-"], &formatted).status.code(), Some(0));
    let broken = run(&["fmt", "-"], "scenario \"t\"\nred rolls 3+\n");
    assert_eq!(broken.status.code(), Some(2));
    assert!(broken.stdout.is_empty());
    assert!(String::from_utf8_lossy(&broken.stderr).contains("bad_dice"));
}

#[test]
fn a_reader_that_goes_away_is_no_panic() {
    use std::process::Stdio;
    for args in [&["fmt", "--check", "scenarios"][..], &["completions", "zsh"], &["man"]] {
        let mut child = bin()
            .current_dir(root())
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| panic!("{e}"));
        drop(child.stdout.take()); // the pipe closes before anything is read
        let out = child.wait_with_output().unwrap_or_else(|e| panic!("{e}"));
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    }
}

const SUBCOMMANDS: [&str; 5] = ["run", "trace", "fmt", "completions", "man"];

#[test]
fn completions_name_the_subcommands() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let out = bin()
            .args(["completions", shell])
            .output()
            .unwrap_or_else(|e| panic!("{e}"));
        assert!(out.status.success(), "{shell}");
        let text = String::from_utf8_lossy(&out.stdout);
        for sub in SUBCOMMANDS {
            assert!(text.contains(sub), "{shell} completions do not name `{sub}`");
        }
        let flag = if shell == "fish" { "-l check" } else { "--check" };
        assert!(text.contains(flag), "{shell}: fmt's --check is missing");
    }
    let bad = bin()
        .args(["completions", "cmd.exe"])
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    // An unknown shell is a usage error (exit code 64, see the README's exit codes).
    assert_eq!(bad.status.code(), Some(i32::from(catan_harness::exit::USAGE)));
}

#[test]
fn the_man_page_names_the_subcommands() {
    let out = bin().arg("man").output().unwrap_or_else(|e| panic!("{e}"));
    assert!(out.status.success());
    let page = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(page.contains(".TH catan-harness 1"), "{page}");
    for sub in SUBCOMMANDS {
        let heading = format!(".SH \"COMMAND: CATAN\\-HARNESS {}\"", sub.to_uppercase());
        assert!(page.contains(&heading), "the man page has no section for `{sub}`");
    }
    assert!(page.contains("\\fB\\-\\-check\\fR"), "fmt's --check is not documented");
    assert_eq!(page.matches(".ds Aq").count(), 2, "the string definition is repeated");
    let file = scratch("man").join("catan-harness.1");
    let written = bin()
        .args(["man", "-o"])
        .arg(&file)
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(written.status.success() && written.stdout.is_empty());
    assert_eq!(std::fs::read_to_string(&file).unwrap_or_default(), page);
}
