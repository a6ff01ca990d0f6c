//! The `replay --from catanatron` command: replays recording files (or every `.jsonl` file in
//! a folder) and reports each game's first difference.

use super::read_recording;
use std::path::{Path, PathBuf};

/// Totals over a set of recordings.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Totals {
    /// Games replayed.
    pub games: u32,
    /// Steps compared.
    pub steps: u64,
    /// Games stopped by an unclassified difference.
    pub differing: u32,
    /// Games stopped by a known divergence, by its name (`D2` …).
    pub known: std::collections::BTreeMap<&'static str, u32>,
    /// Files that could not be read.
    pub unreadable: u32,
}

/// The recording files named by `paths` (folders: their `.jsonl` files), sorted.
pub fn recording_files(paths: &[PathBuf]) -> Result<Vec<PathBuf>, String> {
    let mut out = Vec::new();
    for p in paths {
        if p.is_dir() {
            let entries = std::fs::read_dir(p).map_err(|e| format!("{}: {e}", p.display()))?;
            for e in entries {
                let path = e.map_err(|e| format!("{}: {e}", p.display()))?.path();
                let name = path.file_name().and_then(|n| n.to_str()).unwrap_or_default();
                if name.ends_with(".jsonl") || name.ends_with(".jsonl.gz") {
                    out.push(path);
                }
            }
        } else {
            out.push(p.clone());
        }
    }
    out.sort();
    Ok(out)
}

/// A recording's text, gunzipped when the name ends in `.gz`.
pub fn read_text(path: &Path) -> std::io::Result<String> {
    let bytes = std::fs::read(path)?;
    if path.extension().is_some_and(|x| x == "gz") {
        let mut text = String::new();
        std::io::Read::read_to_string(&mut flate2::read::GzDecoder::new(bytes.as_slice()), &mut text)?;
        Ok(text)
    } else {
        String::from_utf8(bytes).map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidData, e))
    }
}

/// Replays one file; returns its line of report and the totals it adds. With `shrink_to`,
/// a difference writes the position before its step to `DIR/<file name>.cat`.
pub fn replay_file(path: &Path, shrink_to: Option<&Path>) -> (String, Totals) {
    let mut t = Totals {
        games: 1,
        ..Totals::default()
    };
    let text = match read_text(path) {
        Ok(s) => s,
        Err(e) => {
            t.unreadable = 1;
            return (format!("{}: cannot read: {e}", path.display()), t);
        }
    };
    let outcome = read_recording(&text).and_then(|r| super::replay::replay_keeping_position(&r, shrink_to.is_some()));
    match outcome {
        Err(e) => {
            t.unreadable = 1;
            (format!("{}: invalid recording: {e}", path.display()), t)
        }
        Ok(report) => {
            t.steps = u64::from(report.steps);
            match report.difference {
                None => (format!("{}: {} steps agree", path.display(), report.steps), t),
                Some(d) => {
                    let mut written = String::new();
                    if let (Some(dir), Some(text)) = (shrink_to, &d.scenario) {
                        let stem = path.file_name().and_then(|n| n.to_str()).unwrap_or("game");
                        let stem = stem.trim_end_matches(".gz").trim_end_matches(".jsonl");
                        let out = dir.join(format!("{stem}.cat"));
                        written = match std::fs::create_dir_all(dir).and_then(|_| std::fs::write(&out, text)) {
                            Ok(()) => format!("\n  position written to {}", out.display()),
                            Err(e) => format!("\n  cannot write {}: {e}", out.display()),
                        };
                    }
                    let label = match d.known {
                        Some(k) => {
                            t.known.insert(k, 1);
                            format!("known divergence {k}")
                        }
                        None => {
                            t.differing = 1;
                            "DIFFERENCE".to_string()
                        }
                    };
                    let line = format!(
                        "{}: {label} at step {} after {}\n  {}{written}",
                        path.display(),
                        d.step,
                        d.action,
                        d.detail
                    );
                    (line, t)
                }
            }
        }
    }
}

/// Replays every file and prints a line per game and the totals; the exit code is 0 when all
/// agree, 1 on a difference, 2 on an unreadable file.
pub fn run(paths: &[PathBuf], quiet: bool, shrink_to: Option<&Path>) -> u8 {
    let files = match recording_files(paths) {
        Ok(f) => f,
        Err(e) => {
            eprintln!("error: {e}");
            return 2;
        }
    };
    let mut total = Totals::default();
    for f in &files {
        let (line, t) = replay_file(f, shrink_to);
        if !quiet || t.differing + t.unreadable > 0 || !t.known.is_empty() {
            println!("{line}");
        }
        total.games += t.games;
        total.steps += t.steps;
        total.differing += t.differing;
        total.unreadable += t.unreadable;
        for (k, n) in t.known {
            *total.known.entry(k).or_default() += n;
        }
    }
    let known: Vec<String> = total.known.iter().map(|(k, n)| format!("{k} {n}")).collect();
    let stopped = total.differing + total.known.values().sum::<u32>();
    println!(
        "{}, {} agree to the end, {} compared, {} with an unclassified difference, known divergences: {}, {} unreadable",
        catan_dsl::report::count(total.games as usize, "game", "games"),
        total.games.saturating_sub(stopped),
        catan_dsl::report::count(usize::try_from(total.steps).unwrap_or(usize::MAX), "step", "steps"),
        total.differing,
        if known.is_empty() {
            "none".to_string()
        } else {
            known.join(", ")
        },
        total.unreadable
    );
    if total.unreadable > 0 {
        2
    } else if total.differing > 0 {
        1
    } else {
        0
    }
}
