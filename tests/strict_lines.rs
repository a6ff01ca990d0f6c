//! Every line uses all it says: appending a stray word to any line of a real scenario
//! (header, board, position, step, `chance`, `expect`; not `tags`, which are free words)
//! makes the file fail to load, with a diagnostic on that word — never a line that runs as
//! if the word were not there (issue 13: `red trades 1 cloth, 1 paper for 1 ore` once ran
//! as "1 cloth").

use catan_harness::load::{self, LoadError};
use std::path::{Path, PathBuf};

mod common;
use common::scenario_files;

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

/// The same for the lines of every shared fragment, through a scenario that includes it:
/// the diagnostic points into the fragment, at the stray word.
#[test]
fn a_stray_word_in_a_fragment_is_reported_in_the_fragment() {
    let root = std::env::temp_dir().join(format!("catan-strict-fragments-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    std::fs::create_dir_all(root.join(".git")).expect("temp dir");
    std::fs::create_dir_all(root.join("scenarios/fragments")).expect("temp dir");
    std::fs::create_dir_all(root.join("scenarios/x")).expect("temp dir");
    let fragments = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/fragments");
    let mut tried = 0;
    let mut entries: Vec<PathBuf> = std::fs::read_dir(&fragments)
        .expect("scenarios/fragments")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    entries.sort();
    for frag in entries {
        let file = frag
            .file_name()
            .map(|f| f.to_string_lossy().into_owned())
            .unwrap_or_default();
        let include = format!("include \"../fragments/{file}\"");
        let Some(user) = scenario_files()
            .into_iter()
            .find(|p| std::fs::read_to_string(p).is_ok_and(|t| t.contains(&include)))
        else {
            continue;
        };
        let scenario = std::fs::read_to_string(&user).expect("readable");
        let path = root.join("scenarios/x/s.cat");
        std::fs::write(&path, &scenario).expect("write");
        let text = std::fs::read_to_string(&frag).expect("readable");
        std::fs::write(root.join("scenarios/fragments").join(&file), &text).expect("write");
        load::load(&path)
            .map_err(|e| e.render(100))
            .expect("the scenario loads as it is");
        let mut offset = 0;
        for line in text.split_inclusive('\n') {
            if let Some(at) = insertion_point(line) {
                let at = offset + at;
                std::fs::write(
                    root.join("scenarios/fragments").join(&file),
                    format!("{} zork{}", &text[..at], &text[at..]),
                )
                .expect("write");
                tried += 1;
                let stray = at + 1..at + 5;
                let hit = match load::load(&path) {
                    Err(LoadError::Lower(e)) => e.errors.iter().any(|x| {
                        let (a, b) = (x.span.offset(), x.span.offset() + x.span.len());
                        x.src.is_some() && a < stray.end && stray.start < b.max(a + 1)
                    }),
                    _ => false,
                };
                assert!(hit, "{file}: `{}` took a stray word silently", line.trim_end());
            }
            offset += line.len();
        }
    }
    assert!(tried >= 5, "only {tried} fragment lines tried");
}
