//! Every file in `tests/broken/` is a scenario with a mistake a rule designer
//! could make. Each must fail to parse, and its diagnostics (rendered without
//! colour at width 80, as a designer would see them in a terminal) are
//! snapshotted in `tests/snapshots/`.

fn render(name: &str, src: &str) -> String {
    let errs = match catan_dsl::parse(name, src) {
        Ok(file) => panic!("{name} should not parse, but gave {file:#?}"),
        Err(e) => e,
    };
    let out = catan_dsl::report::render(&errs, 80);
    // Trailing spaces are noise in snapshot files.
    out.lines().map(str::trim_end).collect::<Vec<_>>().join("\n") + "\n"
}

#[test]
fn broken_files() {
    insta::glob!("broken/*.cat", |path| {
        let src = std::fs::read_to_string(path).expect("readable test file");
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let report = render(&name, &src);
        insta::with_settings!({
            snapshot_path => "snapshots",
            prepend_module_to_snapshot => false,
            omit_expression => true,
        }, {
            insta::assert_snapshot!(report);
        });
    });
}

#[test]
fn there_are_enough_broken_files() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/broken");
    let n = std::fs::read_dir(dir)
        .expect("tests/broken exists")
        .filter_map(Result::ok)
        .filter(|e| e.path().extension().is_some_and(|x| x == "cat"))
        .count();
    assert!(n >= 25, "only {n} broken files");
}

#[test]
fn all_errors_of_a_file_are_collected() {
    let src = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/broken/many_mistakes.cat"))
        .expect("readable");
    let errs = catan_dsl::parse("many_mistakes.cat", &src).expect_err("broken");
    let codes = errs.codes();
    assert!(codes.len() >= 8, "{codes:#?}");
    // In source order.
    let starts: Vec<usize> = errs.errors().iter().map(|e| e.span().start).collect();
    let mut sorted = starts.clone();
    sorted.sort_unstable();
    assert_eq!(starts, sorted);
}
