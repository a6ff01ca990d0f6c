//! Golden traces: the text a scenario's run is compared with, where its golden lives
//! (`goldens/<name>@<name>.cat.snap` beside the project's `scenarios/` folder), the
//! comparison with a readable line diff, and writing (blessing) a golden in insta's file
//! snapshot format, so `cargo insta review` and the insta test in `tests/scenarios.rs` read
//! what `catan-harness run --bless` writes, and the other way round.

use crate::runner::Report;
use catan_dsl::scenario::Scenario;
use std::fmt::Write;
use std::path::{Component, Path, PathBuf};

/// The `source:` field insta writes for the goldens: the test that asserts them.
const INSTA_SOURCE: &str = "tests/scenarios.rs";
/// At most this many diff lines are shown for a stale golden.
const MAX_DIFF_LINES: usize = 80;

/// The golden text of a run: the title, the source line, the trace, then every snapshot.
pub fn text(sc: &Scenario, report: &Report) -> String {
    let mut golden = format!("# {}\n# {}\n\n{}", sc.title, sc.source, report.trace);
    for (name, snap) in &report.snapshots {
        let _ = write!(golden, "\n@@ snapshot \"{name}\"\n{snap}");
    }
    golden
}

/// Where a scenario's golden lives.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Location {
    /// The snapshot name insta asserts (`base__seven-nine-cards-discard-four`).
    pub name: String,
    /// The `.snap` file (`<root>/goldens/<name>@<name>.cat.snap`).
    pub file: PathBuf,
    /// The scenario relative to the project root, `/`-separated (insta's `input_file`).
    pub input_file: String,
}

/// `path` made absolute and without `.` or `..` (lexically, links are not resolved).
fn normalized(path: &Path) -> Option<PathBuf> {
    let abs = std::path::absolute(path).ok()?;
    let mut out = PathBuf::new();
    for c in abs.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => {
                out.pop();
            }
            other => out.push(other),
        }
    }
    Some(out)
}

/// The golden of the scenario at `path`. The project root is the parent of the nearest
/// folder above the file named `scenarios`; a file under no such folder has no golden
/// (`None`: a scenario written by `play --shrink-to`, a scratch file).
pub fn locate(path: &Path) -> Option<Location> {
    let abs = normalized(path)?;
    let scenarios = abs
        .ancestors()
        .skip(1)
        .find(|a| a.file_name().is_some_and(|n| n == "scenarios"))?;
    let root = scenarios.parent()?;
    let rel = abs.strip_prefix(scenarios).ok()?;
    let parts: Vec<String> = rel
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    let with_ext = parts.join("__");
    let name = with_ext.strip_suffix(".cat").unwrap_or(&with_ext).to_string();
    Some(Location {
        file: root.join("goldens").join(format!("{name}@{with_ext}.snap")),
        input_file: format!("scenarios/{}", parts.join("/")),
        name,
    })
}

/// How a run's trace compares with its golden.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Comparison {
    /// The golden holds exactly this trace.
    Matches,
    /// The golden differs: a unified line diff, golden (`-`) against this run (`+`).
    Stale(String),
    /// There is no golden file.
    Missing,
}

/// Snapshot contents compared as insta compares them: trailing whitespace at the end
/// ignored, Windows line ends read as `\n`.
fn normalize(s: &str) -> String {
    s.trim_end().replace("\r\n", "\n")
}

/// The contents of a `.snap` file: everything after its `---` header (insta's format; a
/// file without a header is all contents).
pub fn contents(snap: &str) -> String {
    let mut lines = snap.lines();
    let mut rest: Vec<&str> = Vec::new();
    match lines.next() {
        Some(first) if first.trim_end() == "---" => {
            for l in lines.by_ref() {
                if l.trim_end() == "---" {
                    break;
                }
            }
        }
        Some(first) => rest.push(first),
        None => {}
    }
    rest.extend(lines);
    rest.join("\n")
}

/// Compares `text` with the golden at `loc`.
///
/// # Errors
/// The golden exists but cannot be read.
pub fn compare(loc: &Location, text: &str) -> Result<Comparison, String> {
    let snap = match std::fs::read_to_string(&loc.file) {
        Ok(s) => s,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Comparison::Missing),
        Err(e) => return Err(format!("{}: {e}", loc.file.display())),
    };
    let (old, new) = (normalize(&contents(&snap)), normalize(text));
    if old == new {
        return Ok(Comparison::Matches);
    }
    Ok(Comparison::Stale(diff(&old, &new)))
}

/// A unified line diff of `old` (the golden) and `new` (this run), three lines of context,
/// at most [`MAX_DIFF_LINES`] lines.
pub fn diff(old: &str, new: &str) -> String {
    let d = similar::TextDiff::from_lines(old, new);
    let full = d
        .unified_diff()
        .context_radius(3)
        .header("golden", "this run")
        .to_string();
    let total = full.lines().count();
    let mut out: String = full.lines().take(MAX_DIFF_LINES).flat_map(|l| [l, "\n"]).collect();
    if total > MAX_DIFF_LINES {
        let _ = writeln!(out, "… {} more diff lines", total - MAX_DIFF_LINES);
    }
    out
}

/// A YAML scalar for insta's header: plain when it is a simple path, quoted otherwise.
fn yaml_scalar(s: &str) -> String {
    if !s.is_empty() && s.chars().all(|c| c.is_ascii_alphanumeric() || "_./-".contains(c)) {
        s.to_string()
    } else {
        serde_json::to_string(s).unwrap_or_else(|_| "\"\"".into())
    }
}

/// The `.snap` file insta writes for `text`: its header (`source`, `input_file`), then the
/// contents.
pub fn snap_file(loc: &Location, text: &str) -> String {
    format!(
        "---\nsource: {INSTA_SOURCE}\ninput_file: {}\n---\n{}\n",
        yaml_scalar(&loc.input_file),
        normalize(text)
    )
}

/// Writes (blesses) the golden at `loc`, creating `goldens/` when needed.
///
/// # Errors
/// The file cannot be written.
pub fn write(loc: &Location, text: &str) -> Result<(), String> {
    if let Some(dir) = loc.file.parent() {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    std::fs::write(&loc.file, snap_file(loc, text)).map_err(|e| format!("{}: {e}", loc.file.display()))
}

/// The goldens that belong to no scenario: for every path in `paths` that is a project's
/// whole `scenarios/` folder, each `.snap` file in that project's `goldens/` whose scenario is
/// not among `files` (a scenario renamed or deleted), sorted.
pub fn orphans(paths: &[PathBuf], files: &[PathBuf]) -> Vec<PathBuf> {
    let expected: std::collections::BTreeSet<PathBuf> =
        files.iter().filter_map(|f| locate(f)).map(|l| l.file).collect();
    let mut out = Vec::new();
    for p in paths {
        let Some(dir) = normalized(p) else { continue };
        if dir.file_name().is_none_or(|n| n != "scenarios") || !dir.is_dir() {
            continue;
        }
        let Some(root) = dir.parent() else { continue };
        let Ok(rd) = std::fs::read_dir(root.join("goldens")) else {
            continue;
        };
        for e in rd.flatten() {
            let f = e.path();
            if f.extension().is_some_and(|x| x == "snap") && !expected.contains(&f) {
                out.push(f);
            }
        }
    }
    out.sort();
    out.dedup();
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_scenario_under_scenarios_has_its_golden_beside_it() {
        let loc = locate(Path::new("/p/scenarios/rulebook/en/x.cat")).expect("located");
        assert_eq!(loc.name, "rulebook__en__x");
        assert_eq!(
            loc.file,
            Path::new("/p/goldens/rulebook__en__x@rulebook__en__x.cat.snap")
        );
        assert_eq!(loc.input_file, "scenarios/rulebook/en/x.cat");
        assert_eq!(locate(Path::new("/tmp/shrunk/seed-1.cat")), None);
    }

    #[test]
    fn a_written_golden_reads_back_as_matching_and_a_change_shows_as_a_diff() {
        let loc = locate(Path::new("/p/scenarios/a.cat")).expect("located");
        let snap = snap_file(&loc, "# t\n# own\n\n> red rolls 2+3\n");
        assert!(snap.starts_with("---\nsource: tests/scenarios.rs\ninput_file: scenarios/a.cat\n---\n# t\n"));
        assert_eq!(normalize(&contents(&snap)), "# t\n# own\n\n> red rolls 2+3");
        let d = diff("a\nb\nc\n", "a\nB\nc\n");
        assert!(d.contains("-b\n") && d.contains("+B\n"), "{d}");
    }
}
