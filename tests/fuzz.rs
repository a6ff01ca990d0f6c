//! Fuzzing the whole pipeline (read → parse → lower → run → render) with mutations of the
//! real scenario files under `scenarios/`: long lines, control characters, NUL, huge
//! numbers, truncation, duplicated blocks, deleted ranges and random characters.
//!
//! For every input: nothing panics; every diagnostic has a span inside the file it names;
//! the rendered report is bounded by a constant (clipped lines, at most 20 errors shown);
//! and the work is bounded by the input's size (no wall-clock asserts): each mutation adds
//! at most 164 KB or doubles the text, so four of them stay under about 1.5 MB, and past
//! 1 MiB a file is refused unparsed. `dsl/tests/fuzz.rs` covers the parser alone, exhaustively on
//! small files; this file covers lowering, running and rendering.
//!
//! Past crashers are kept in `tests/fuzz-corpus/` and replayed by
//! [`the_corpus_of_past_crashers_stays_fixed`]. Cases: 48 by default, `PROPTEST_CASES=N`
//! for a soak run.

use catan_harness::load::{self, LoadError};
use catan_harness::runner;
use proptest::prelude::*;
use proptest::test_runner::FileFailurePersistence;
use std::path::{Path, PathBuf};

/// The largest report one file may produce, whatever it holds.
const MAX_REPORT_BYTES: usize = 192 * 1024;

mod common;
use common::scenario_files;

/// Loads `text` as if it were the file at `path`, runs it when it loads, and checks the
/// properties of the module docs. Returns the report's length.
fn check(path: &Path, text: &str) -> usize {
    let name = path.display().to_string();
    let dir = path.parent().unwrap_or(Path::new("."));
    let out = match load::load_text_in(&name, text, dir) {
        Ok(sc) => {
            let rep = runner::run(&sc);
            catan_harness::suite::render_failure(&rep)
        }
        Err(e) => {
            located(&e, text);
            e.render(100)
        }
    };
    assert!(
        out.len() <= MAX_REPORT_BYTES,
        "a report of {} bytes for {name} ({} bytes of input)",
        out.len(),
        text.len()
    );
    out.len()
}

/// Every diagnostic's span lies inside the text it points into, on char boundaries.
fn located(e: &LoadError, text: &str) {
    match e {
        LoadError::Io(m) => panic!("text given directly cannot fail to read: {m}"),
        LoadError::Parse(pe) => {
            assert!(!pe.is_empty());
            for err in pe.errors() {
                let s = err.span();
                assert!(s.start <= s.end && s.end <= text.len(), "{err:?} outside the file");
                assert!(
                    text.is_char_boundary(s.start) && text.is_char_boundary(s.end),
                    "{err:?}"
                );
                assert_ne!(err.code_str(), "dsl::internal", "{err:?}");
            }
        }
        LoadError::Lower(le) => {
            assert!(!le.errors.is_empty());
            for err in &le.errors {
                let within: &str = match &err.src {
                    Some(src) => src.inner(),
                    None => text,
                };
                let (a, b) = (err.span.offset(), err.span.offset() + err.span.len());
                assert!(a <= b && b <= within.len(), "{err:?} outside its file");
                assert!(within.is_char_boundary(a) && within.is_char_boundary(b), "{err:?}");
            }
        }
    }
}

/// The nearest char boundary at or before `i`.
fn boundary(s: &str, i: usize) -> usize {
    let mut i = i.min(s.len());
    while !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// The start of the line holding byte `i`.
fn line_start(s: &str, i: usize) -> usize {
    s[..boundary(s, i)].rfind('\n').map_or(0, |n| n + 1)
}

const NUMBERS: [&str; 6] = [
    "256",
    "260",
    "4294967296",
    "18446744073709551616",
    "99999999999999999999999",
    "-1",
];
const CONTROLS: [&str; 8] = [
    "\0",
    "\u{1b}[2J",
    "\r",
    "\u{7f}",
    "\u{202e}",
    "\u{feff}",
    "\u{85}",
    "\t",
];
const LONG: [&str; 4] = ["\t", "x", " ", "€"];

/// Applies mutation `kind` with parameters `a`, `b` to `s`.
fn mutate(s: &str, kind: u8, a: u64, b: u64) -> String {
    let len = s.len().max(1) as u64;
    let at = boundary(s, (a % len) as usize);
    let to = boundary(s, (b % len) as usize);
    let (lo, hi) = (at.min(to), at.max(to));
    match kind % 8 {
        // A long line: thousands of one character and a word, at a line start.
        0 => {
            let ls = line_start(s, at);
            let n = 1 + (b % 20_000) as usize;
            let unit = LONG[(a % 4) as usize];
            format!(
                "{}{}x {}\n{}",
                &s[..ls],
                unit.repeat(n),
                &s[ls..hi.max(ls)],
                &s[hi.max(ls)..]
            )
        }
        // Control characters (NUL, ESC, lone CR, BOM, bidi override…).
        1 => format!("{}{}{}", &s[..at], CONTROLS[(b % 8) as usize], &s[at..]),
        // A huge or negative number in place of the next number.
        2 => match s[at..].find(|c: char| c.is_ascii_digit()) {
            Some(d) => {
                let d = at + d;
                let end = s[d..].find(|c: char| !c.is_ascii_digit()).map_or(s.len(), |e| d + e);
                format!("{}{}{}", &s[..d], NUMBERS[(b % 6) as usize], &s[end..])
            }
            None => format!("{s}{}", NUMBERS[(b % 6) as usize]),
        },
        // Truncation.
        3 => s[..at].to_string(),
        // A block of lines duplicated many times.
        4 => {
            let (ls, le) = (line_start(s, lo), line_start(s, hi));
            let block = &s[ls..le.max(ls)];
            let times = if block.len() > 4096 { 2 } else { 1 + (a % 40) as usize };
            format!("{}{}{}", &s[..ls], block.repeat(times), &s[ls..])
        }
        // A range deleted.
        5 => format!("{}{}", &s[..lo], &s[hi..]),
        // Random characters, any code point.
        6 => {
            let mut x = b;
            let junk: String = (0..1 + a % 64)
                .map(|_| {
                    x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                    char::from_u32((x >> 33) as u32 % 0x11_0000).unwrap_or('\u{fffd}')
                })
                .collect();
            format!("{}{}{}", &s[..at], junk, &s[at..])
        }
        // Two line starts swapped in order (a later line moved up).
        _ => {
            let (ls, le) = (line_start(s, lo), line_start(s, hi));
            let moved_end = s[le..].find('\n').map_or(s.len(), |n| le + n + 1);
            format!("{}{}{}{}", &s[..ls], &s[le..moved_end], &s[ls..le], &s[moved_end..])
        }
    }
}

fn config() -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(48);
    ProptestConfig {
        cases,
        failure_persistence: Some(Box::new(FileFailurePersistence::Direct(
            "proptest-regressions/fuzz.txt",
        ))),
        ..ProptestConfig::default()
    }
}

proptest! {
    #![proptest_config(config())]

    /// Up to four mutations of one real scenario file.
    #[test]
    fn mutated_scenarios_never_crash_flood_or_lose_a_location(
        pick in any::<prop::sample::Index>(),
        mutations in prop::collection::vec((0u8..8, any::<u64>(), any::<u64>()), 1..5),
    ) {
        let files = scenario_files();
        let path = &files[pick.index(files.len())];
        let mut text = std::fs::read_to_string(path).expect("a scenario file");
        for (kind, a, b) in mutations {
            text = mutate(&text, kind, a, b);
        }
        check(path, &text);
    }
}

#[test]
fn there_are_scenarios_to_mutate() {
    assert!(scenario_files().len() > 100);
}

/// Every file of `tests/fuzz-corpus/` (inputs that once crashed, hung or flooded the
/// harness) loads or fails cleanly, within the bounds.
#[test]
fn the_corpus_of_past_crashers_stays_fixed() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fuzz-corpus");
    let mut n = 0;
    let mut entries: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("tests/fuzz-corpus exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "cat"))
        .collect();
    entries.sort();
    for path in entries {
        let text = std::fs::read_to_string(&path).expect("corpus files are UTF-8");
        check(&path, &text);
        n += 1;
    }
    assert!(n >= 5, "only {n} corpus files");
}

/// Garbage of 32 KB and 64 KB: thousands of errors, a bounded report (the issue measured
/// 514 MB for 32 KB before errors were capped and lines clipped).
#[test]
fn garbage_files_give_a_bounded_report() {
    let alphabet: Vec<char> = "red blue wool, 1 woll\t{}[]()\",;:=#.-+/→\u{0}\n0123456789AEJ"
        .chars()
        .collect();
    for size in [32 * 1024, 64 * 1024] {
        let mut x: u64 = size as u64;
        let mut random = String::from("scenario \"g\"\nplayers red blue white\n");
        while random.len() < size {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            random.push(alphabet[(x >> 33) as usize % alphabet.len()]);
        }
        // Many errors on one long line: each once printed the whole line.
        let one_line = format!(
            "scenario \"g\"\nplayers red blue white\nexpect red hand {}\n",
            vec!["1 woll"; size / 8].join(", ")
        );
        for text in [random, one_line] {
            let path = Path::new("garbage.cat");
            let e = load::load_text_in("garbage.cat", &text, Path::new(".")).expect_err("garbage does not load");
            let errors = match &e {
                LoadError::Parse(p) => p.len(),
                LoadError::Lower(l) => l.errors.len(),
                LoadError::Io(_) => 0,
            };
            assert!(errors > 100, "{errors} errors");
            let len = check(path, &text);
            assert!(len < 64 * 1024, "{len} bytes of report for {size} bytes of garbage");
            let rendered = e.render(100);
            assert!(rendered.contains("more errors (only the first 20"), "{rendered}");
        }
    }
}
