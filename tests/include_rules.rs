//! `include` reads only regular files under the including scenario's project root, with a
//! size limit; scenario files themselves are read only when they are regular files. Each
//! refusal is a diagnostic at the `include` line. The snapshots in `tests/broken-lower/`
//! cover the absolute path, the `..` escape and the folder; this file builds the cases a
//! repository cannot hold (FIFOs, device links, links out of the root, huge files) in a
//! temporary project.

use catan_harness::load::{self, LoadError};
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::time::Duration;

/// A temporary project: `ROOT/.git/`, `ROOT/scenarios/`, `ROOT/scenarios/fragments/`.
fn project(tag: &str) -> PathBuf {
    let root = std::env::temp_dir().join(format!("catan-include-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    std::fs::create_dir_all(root.join(".git")).expect("temp dir");
    std::fs::create_dir_all(root.join("scenarios/fragments")).expect("temp dir");
    std::fs::write(
        root.join("scenarios/fragments/ok.fragment"),
        "position {\n  red: settlements A.n; roads A.n-ne\n  blue: settlements K.n; roads K.n-ne\n  white: settlements O.s; roads O.s-sw\n  turn red before-roll\n}\n",
    )
    .expect("write");
    root
}

fn scenario(include: &str) -> String {
    format!("scenario \"t\"\nsource own\nrules base\nplayers red blue white\ninclude \"{include}\"\nred rolls 3+4\n")
}

/// Loads `scenarios/t.cat` of `root` including `include`, on a thread with a deadline (a
/// FIFO that is opened blocks forever: the deadline turns that into a failure).
fn load_with(root: &Path, include: &str) -> Result<(), String> {
    let path = root.join("scenarios/t.cat");
    std::fs::write(&path, scenario(include)).expect("write");
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let r = load::load(&path).map(|_| ()).map_err(|e| e.render(100));
        let _ = tx.send(r);
    });
    rx.recv_timeout(Duration::from_secs(20))
        .expect("loading finishes (a FIFO or device was opened?)")
}

fn refused(root: &Path, include: &str, why: &str) {
    let out = load_with(root, include).expect_err("the include is refused");
    assert!(out.contains("cannot include"), "{out}");
    assert!(out.contains(why), "expected `{why}` in:\n{out}");
    assert!(
        out.contains("t.cat:5:"),
        "the diagnostic points at the include line:\n{out}"
    );
}

#[test]
fn a_fragment_under_the_project_root_is_read() {
    let root = project("ok");
    load_with(&root, "fragments/ok.fragment").expect("loads");
    std::fs::create_dir_all(root.join("scenarios/sub")).expect("dir");
    let path = root.join("scenarios/sub/t.cat");
    std::fs::write(&path, scenario("../fragments/ok.fragment")).expect("write");
    load::load(&path)
        .map_err(|e| e.render(100))
        .expect("`..` inside the root is fine");
}

#[cfg(unix)]
#[test]
fn a_fifo_is_refused_without_being_opened() {
    let root = project("fifo");
    let fifo = root.join("scenarios/fragments/pipe.fragment");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .expect("mkfifo runs");
    assert!(made.success());
    refused(&root, "fragments/pipe.fragment", "not a regular file");
    // The same FIFO given as a scenario file.
    let r = load::load(&fifo).map(|_| ()).map_err(|e| e.render(100));
    assert!(matches!(&r, Err(m) if m.contains("not a regular file")), "{r:?}");
}

#[cfg(unix)]
#[test]
fn a_link_to_a_device_is_refused() {
    let root = project("dev");
    std::os::unix::fs::symlink("/dev/zero", root.join("scenarios/fragments/zero.fragment")).expect("symlink");
    refused(&root, "fragments/zero.fragment", "not a regular file");
    refused(&root, "/dev/zero", "must be relative");
}

#[cfg(unix)]
#[test]
fn a_link_out_of_the_project_root_is_refused() {
    let root = project("link");
    let outside = project("link-outside");
    std::os::unix::fs::symlink(
        outside.join("scenarios/fragments/ok.fragment"),
        root.join("scenarios/fragments/away.fragment"),
    )
    .expect("symlink");
    refused(&root, "fragments/away.fragment", "outside the project root");
    refused(&root, "../../x.fragment", "outside the project root");
}

#[test]
fn a_folder_and_a_missing_file_are_refused() {
    let root = project("folder");
    refused(&root, "fragments", "a folder");
    refused(&root, "fragments/none.fragment", "No such file");
}

#[test]
fn a_fragment_over_the_size_limit_is_refused() {
    let root = project("big");
    let big = "#".repeat(catan_dsl::MAX_FILE_BYTES + 1);
    std::fs::write(root.join("scenarios/fragments/big.fragment"), big).expect("write");
    refused(&root, "fragments/big.fragment", "more than the limit");
}

#[test]
fn a_scenario_over_the_size_limit_is_one_clear_error() {
    let root = project("bigcat");
    let path = root.join("scenarios/big.cat");
    let text = format!("{}\n{}", scenario("fragments/ok.fragment"), "# x\n".repeat(300_000));
    std::fs::write(&path, text).expect("write");
    match load::load(&path) {
        Err(LoadError::Parse(e)) => assert_eq!(e.codes(), ["dsl::syntax::file_too_large"]),
        Err(e) => panic!("{}", e.render(100)),
        Ok(_) => panic!("a 1.2 MB scenario loads"),
    }
}

#[test]
fn the_fragments_of_one_scenario_share_a_size_limit() {
    let root = project("total");
    let half = "#\n".repeat(catan_harness::files::MAX_INCLUDED_BYTES / 4 + 1);
    for n in ["a", "b", "c"] {
        std::fs::write(root.join(format!("scenarios/fragments/{n}.fragment")), &half).expect("write");
    }
    let path = root.join("scenarios/t.cat");
    let text = "scenario \"t\"\nsource own\nrules base\nplayers red blue white\ninclude \"fragments/a.fragment\"\ninclude \"fragments/b.fragment\"\ninclude \"fragments/c.fragment\"\n";
    std::fs::write(&path, text).expect("write");
    let out = load::load(&path)
        .map(|_| ())
        .map_err(|e| e.render(100))
        .expect_err("refused");
    assert!(out.contains("t.cat:7:"), "{out}");
    assert!(out.contains("hold more than"), "{out}");
}
