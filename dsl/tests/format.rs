//! The formatter over every scenario-language file of the repository: the
//! project's scenarios and fragments, this crate's valid and broken test files
//! and the harness's lowering test files.
//!
//! A file that parses formats to text that parses to the same tree (spans
//! aside) and formats to itself; a file that does not parse is refused with
//! its parse errors. The formatted valid test files are snapshotted, so a
//! change of layout is reviewed like any golden.

use std::path::{Path, PathBuf};

use catan_dsl::format::{format, shape, FormatError};

fn files_under(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(rd) = std::fs::read_dir(dir) else { return };
    let mut entries: Vec<PathBuf> = rd.filter_map(|e| e.ok().map(|e| e.path())).collect();
    entries.sort();
    for e in entries {
        if e.is_dir() {
            files_under(&e, out);
        } else if e.extension().is_some_and(|x| x == "cat" || x == "fragment") {
            out.push(e);
        }
    }
}

fn all_files() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut out = Vec::new();
    for dir in ["tests/valid", "tests/broken", "../scenarios", "../tests/broken-lower"] {
        files_under(&root.join(dir), &mut out);
    }
    out
}

#[test]
fn formatting_keeps_the_tree_and_is_idempotent() {
    let files = all_files();
    assert!(files.len() > 250, "only {} files found", files.len());
    let (mut formatted, mut refused) = (0, 0);
    for path in &files {
        let name = path.display().to_string();
        let Ok(src) = std::fs::read_to_string(path) else {
            continue; // a deliberately non-UTF-8 test file
        };
        match (catan_dsl::parse(&name, &src), format(&name, &src)) {
            (Ok(tree), Ok(text)) => {
                let again = catan_dsl::parse(&name, &text).unwrap_or_else(|e| panic!("{name}: {:?}", e.codes()));
                assert_eq!(shape(&again), shape(&tree), "{name}: formatting changed the tree");
                let twice = format(&name, &text).unwrap_or_else(|e| panic!("{name}: {e}"));
                assert_eq!(twice, text, "{name}: formatting is not idempotent");
                let comments = |s: &str| s.matches('#').count();
                assert_eq!(comments(&text), comments(&src), "{name}: a comment or `#` was lost");
                formatted += 1;
            }
            (Err(errors), Err(FormatError::Parse(e))) => {
                assert_eq!(e.codes(), errors.codes(), "{name}");
                refused += 1;
            }
            (tree, result) => panic!("{name}: parse {:?}, format {:?}", tree.is_ok(), result.err()),
        }
    }
    assert!(
        formatted > 250 && refused > 10,
        "formatted {formatted}, refused {refused}"
    );
}

#[test]
fn formatted_valid_files() {
    let mut files = Vec::new();
    files_under(&Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/valid"), &mut files);
    for path in files {
        let src = std::fs::read_to_string(&path).unwrap_or_default();
        let text = format("t.cat", &src).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let name = path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        insta::assert_snapshot!(format!("formatted_{name}"), text);
    }
}

/// Formats a variant of a valid file: it either does not parse (and is refused
/// with its parse errors) or formats, keeping its tree, to a fixed point.
fn check_variant(src: &str) {
    match format("v.cat", src) {
        Ok(text) => {
            let tree = catan_dsl::parse("v.cat", src).unwrap_or_else(|e| panic!("{:?} for {src:?}", e.codes()));
            let again = catan_dsl::parse("v.cat", &text).unwrap_or_else(|e| panic!("{:?} for {text:?}", e.codes()));
            assert_eq!(shape(&again), shape(&tree), "{src:?}");
            assert_eq!(
                format("v.cat", &text).ok().as_deref(),
                Some(text.as_str()),
                "not idempotent: {src:?}"
            );
        }
        Err(FormatError::Parse(_)) => assert!(catan_dsl::parse("v.cat", src).is_err()),
        Err(e) => panic!("{e} for {src:?}"),
    }
}

#[test]
fn every_one_character_edit_of_the_valid_files_formats_safely() {
    let mut files = Vec::new();
    files_under(&Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/valid"), &mut files);
    for path in files {
        let src = std::fs::read_to_string(&path).unwrap_or_default();
        let bounds: Vec<usize> = src.char_indices().map(|(i, _)| i).chain([src.len()]).collect();
        for w in bounds.windows(2) {
            // Delete one character, or insert a blank, a comma, a line break or a `#` before it.
            check_variant(&format!("{}{}", &src[..w[0]], &src[w[1]..]));
            for insert in [" ", ",", "\n", "#"] {
                check_variant(&format!("{}{insert}{}", &src[..w[0]], &src[w[0]..]));
            }
        }
    }
}
