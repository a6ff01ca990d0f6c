//! Every line uses all it says: appending a stray word to any line of a real scenario
//! (header, board, position, step, `chance`, `expect`; not `tags`, which are free words)
//! makes the file fail to load, with a diagnostic on that word — never a line that runs as
//! if the word were not there (issue 13: `red trades 1 cloth, 1 paper for 1 ore` once ran
//! as "1 cloth").

use catan_harness::load::{self, LoadError};
use std::path::{Path, PathBuf};

fn scenario_files() -> Vec<PathBuf> {
    fn walk(p: &Path, out: &mut Vec<PathBuf>) {
        if let Ok(rd) = std::fs::read_dir(p) {
            let mut entries: Vec<PathBuf> = rd.filter_map(|e| e.ok().map(|e| e.path())).collect();
            entries.sort();
            for e in entries {
                if e.is_dir() {
                    walk(&e, out);
                } else if e.extension().is_some_and(|x| x == "cat") {
                    out.push(e);
                }
            }
        }
    }
    let mut out = Vec::new();
    walk(&Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios"), &mut out);
    out
}

/// Where a stray word goes on `line` (before a comment or `->`): every line that says
/// something, except `tags` (free words) and block braces.
fn insertion_point(line: &str) -> Option<usize> {
    let code_end = line.find('#').unwrap_or(line.len());
    let code = &line[..code_end];
    let end = code.find("->").unwrap_or(code.len());
    let body = code[..end].trim_end();
    let word = body.split_whitespace().next()?;
    let skip = word == "tags" || body.ends_with('{') || body.ends_with(':') || body.trim() == "}";
    (!skip).then_some(body.len())
}

#[test]
fn a_stray_word_on_any_script_line_is_reported_there() {
    let mut tried = 0;
    let mut silent = Vec::new();
    for path in scenario_files() {
        let text = std::fs::read_to_string(&path).expect("readable");
        let name = path.display().to_string();
        let dir = path.parent().unwrap_or(Path::new("."));
        let mut offset = 0;
        for line in text.split_inclusive('\n') {
            if let Some(at) = insertion_point(line) {
                let at = offset + at;
                let mutated = format!("{} zork{}", &text[..at], &text[at..]);
                let stray = at + 1..at + 5;
                tried += 1;
                let hit = match load::load_text_in(&name, &mutated, dir) {
                    Ok(_) => false,
                    Err(LoadError::Parse(e)) => e.errors().iter().any(|x| {
                        let s = x.span();
                        s.start < stray.end && stray.start < s.end.max(s.start + 1)
                    }),
                    Err(LoadError::Lower(e)) => e.errors.iter().any(|x| {
                        let (a, b) = (x.span.offset(), x.span.offset() + x.span.len());
                        x.src.is_none() && a < stray.end && stray.start < b.max(a + 1)
                    }),
                    Err(LoadError::Io(m)) => panic!("{m}"),
                };
                if !hit {
                    silent.push(format!("{name}: {}", line.trim_end()));
                }
            }
            offset += line.len();
        }
    }
    assert!(tried > 1000, "only {tried} lines tried");
    assert!(
        silent.is_empty(),
        "{} lines took a stray word silently:\n{}",
        silent.len(),
        silent.join("\n")
    );
}
