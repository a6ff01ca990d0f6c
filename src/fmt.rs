//! `catan-harness fmt`: scenario and fragment files in their canonical layout.
//!
//! The layout itself is [`catan_dsl::format`]; this module finds the files,
//! rewrites them (or, with `--check`, only lists those that would change) and
//! reports files that do not parse with their diagnostics, leaving them untouched.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use catan_dsl::format::{format, FormatError};

use crate::load::LoadError;

/// Exit codes, the same table as the other subcommands: 0 nothing to do or done,
/// 1 (`--check`) a file would be reformatted, 2 a file does not parse, 3 the
/// formatter failed on a file (it could not keep the meaning, or writing failed),
/// 4 nothing to format (a path that does not exist or is not a scenario file, a
/// folder without any). The most severe wins.
pub mod code {
    /// Done, or (with `--check`) every file already in the layout.
    pub const OK: u8 = 0;
    /// With `--check`: some file would be reformatted.
    pub const WOULD_REFORMAT: u8 = 1;
    /// Some file does not parse (reported with its diagnostics, left untouched).
    pub const INVALID: u8 = 2;
    /// The formatter failed on some file (left untouched).
    pub const INTERNAL: u8 = 3;
    /// Nothing to format: a path that does not exist or is no scenario file.
    pub const NOTHING: u8 = 4;
}

/// What happened to one file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// Already in the canonical layout.
    Unchanged,
    /// Not in the canonical layout: rewritten, or (with `--check`) would be.
    Reformatted {
        /// The first line (1-based) that changes.
        line: usize,
        /// That line as it was (empty past the end of the file).
        was: String,
        /// That line in the canonical layout (empty past the end of the file).
        now: String,
    },
    /// Not formatted: the file does not parse. Its rendered diagnostics.
    Invalid(String),
    /// Not formatted: the formatter could not keep the file's meaning, or the
    /// file could not be written. Why.
    Internal(String),
    /// Nothing to format: the path does not exist, cannot be read, or is not a
    /// `.cat` or `.fragment` file. Why.
    Missing(String),
}

impl Outcome {
    /// This file's exit code (see [`code`]).
    pub fn code(&self, check: bool) -> u8 {
        match self {
            Outcome::Unchanged => code::OK,
            Outcome::Reformatted { .. } if check => code::WOULD_REFORMAT,
            Outcome::Reformatted { .. } => code::OK,
            Outcome::Invalid(_) => code::INVALID,
            Outcome::Internal(_) => code::INTERNAL,
            Outcome::Missing(_) => code::NOTHING,
        }
    }
}

/// The outcome for every file, in path order.
#[derive(Debug, Clone, Default)]
pub struct Report {
    /// Each file and what happened to it.
    pub files: Vec<(PathBuf, Outcome)>,
}

impl Report {
    /// Files not in the canonical layout.
    pub fn reformatted(&self) -> usize {
        self.files
            .iter()
            .filter(|(_, o)| matches!(o, Outcome::Reformatted { .. }))
            .count()
    }

    /// Files that could not be formatted (for any reason).
    pub fn invalid(&self) -> usize {
        self.files
            .iter()
            .filter(|(_, o)| matches!(o, Outcome::Invalid(_) | Outcome::Internal(_) | Outcome::Missing(_)))
            .count()
    }

    /// The exit code (see [`code`]): the most severe of the files', and
    /// [`code::NOTHING`] when there is no file at all.
    pub fn exit_code(&self, check: bool) -> u8 {
        if self.files.is_empty() {
            return code::NOTHING;
        }
        self.files.iter().map(|(_, o)| o.code(check)).max().unwrap_or(code::OK)
    }

    /// The human report: one line per file that changes (or would), the
    /// diagnostics of invalid files, and a summary line.
    pub fn render(&self, check: bool) -> String {
        let mut out = String::new();
        for (path, o) in &self.files {
            match o {
                Outcome::Unchanged => {}
                Outcome::Reformatted { line, was, now } if check => {
                    let _ = writeln!(out, "would reformat {} (from line {line})", path.display());
                    let _ = writeln!(out, "  - {was}\n  + {now}");
                }
                Outcome::Reformatted { .. } => {
                    let _ = writeln!(out, "reformatted {}", path.display());
                }
                Outcome::Invalid(why) | Outcome::Internal(why) | Outcome::Missing(why) => {
                    let _ = writeln!(out, "not formatted: {}", path.display());
                    out.push_str(why);
                    if !why.ends_with('\n') {
                        out.push('\n');
                    }
                }
            }
        }
        let verb = if check { "would be reformatted" } else { "reformatted" };
        let n = self.files.len();
        let _ = writeln!(
            out,
            "{n} file{}, {} {verb}, {} not formatted",
            if n == 1 { "" } else { "s" },
            self.reformatted(),
            self.invalid()
        );
        out
    }
}

/// Every `.cat` and `.fragment` file under the given files and folders, sorted,
/// without duplicates. A path given by name is returned whatever it is (it is
/// reported when it does not exist or is no scenario file).
pub fn discover(paths: &[PathBuf]) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for p in paths {
        if p.is_dir() {
            walk(p, &mut out);
        } else {
            out.push(p.clone());
        }
    }
    out.sort();
    out.dedup();
    out
}

/// Files under `dir`; symbolic links to folders are not followed (no cycles).
fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(rd) = std::fs::read_dir(dir) else { return };
    let mut entries: Vec<(PathBuf, bool)> = rd
        .filter_map(Result::ok)
        .map(|e| (e.path(), e.file_type().is_ok_and(|t| t.is_dir())))
        .collect();
    entries.sort();
    for (e, is_dir) in entries {
        if is_dir {
            walk(&e, out);
        } else if e.extension().is_some_and(|x| x == "cat" || x == "fragment") && e.is_file() {
            out.push(e);
        }
    }
}

/// The first line (1-based) where `a` and `b` differ, and that line in each.
fn first_difference(a: &str, b: &str) -> (usize, String, String) {
    let mut al = a.split('\n');
    let mut bl = b.split('\n');
    let mut n = 1;
    loop {
        match (al.next(), bl.next()) {
            (Some(x), Some(y)) if x == y => n += 1,
            (x, y) => {
                // Control characters (a `\r`, a tab) made visible; the rest as it is.
                let show = |l: Option<&str>| {
                    let l = l.unwrap_or("");
                    l.chars()
                        .map(|c| {
                            if c.is_control() {
                                c.escape_default().to_string()
                            } else {
                                c.to_string()
                            }
                        })
                        .collect()
                };
                return (n, show(x), show(y));
            }
        }
    }
}

/// What formatting does to one text (nothing is written).
pub fn check_text(name: &str, text: &str) -> Result<Option<String>, Outcome> {
    match format(name, text) {
        Ok(t) if t == text => Ok(None),
        Ok(t) => Ok(Some(t)),
        Err(FormatError::Parse(e)) => Err(Outcome::Invalid(LoadError::Parse(e).render(100))),
        Err(e) => Err(Outcome::Internal(e.to_string())),
    }
}

/// Formats one file; rewrites it unless `check`.
pub fn format_file(path: &Path, check: bool) -> Outcome {
    if !path.extension().is_some_and(|x| x == "cat" || x == "fragment") {
        let what = if path.exists() {
            "is not a scenario file (.cat or .fragment)"
        } else {
            "does not exist"
        };
        return Outcome::Missing(format!("{} {what}", path.display()));
    }
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) => return Outcome::Missing(format!("{}: {e}", path.display())),
    };
    match check_text(&path.display().to_string(), &text) {
        Err(o) => o,
        Ok(None) => Outcome::Unchanged,
        Ok(Some(new)) => {
            let (line, was, now) = first_difference(&text, &new);
            if !check {
                if let Err(e) = std::fs::write(path, &new) {
                    return Outcome::Internal(format!("{}: {e}", path.display()));
                }
            }
            Outcome::Reformatted { line, was, now }
        }
    }
}

/// Writes to standard output; a reader that went away (`| head`) is no error and
/// no panic (unlike `print!`).
pub fn to_stdout(bytes: &[u8]) {
    use std::io::Write as _;
    let mut out = std::io::stdout().lock();
    let _ = out.write_all(bytes).and_then(|()| out.flush());
}

/// `fmt -`: formats standard input to standard output (for editors' format-on-save).
/// With `check`, prints nothing and returns 1 when the text would change. Returns the
/// exit code ([`code`]): 2 when the text does not parse (the diagnostics go to standard
/// error).
pub fn stdin(check: bool) -> u8 {
    let mut text = String::new();
    if let Err(e) = std::io::Read::read_to_string(&mut std::io::stdin(), &mut text) {
        eprintln!("error: standard input: {e}");
        return code::NOTHING;
    }
    match check_text("<stdin>", &text) {
        Err(o) => {
            match &o {
                Outcome::Invalid(why) | Outcome::Internal(why) | Outcome::Missing(why) => eprint!("{why}"),
                Outcome::Unchanged | Outcome::Reformatted { .. } => {}
            }
            o.code(check)
        }
        Ok(None) if check => code::OK,
        Ok(Some(_)) if check => code::WOULD_REFORMAT,
        Ok(same) => {
            to_stdout(same.as_deref().unwrap_or(&text).as_bytes());
            code::OK
        }
    }
}

/// Formats (or with `check`, checks) every file under `paths`.
pub fn run(paths: &[PathBuf], check: bool) -> Report {
    Report {
        files: discover(paths)
            .into_iter()
            .map(|p| (p.clone(), format_file(&p, check)))
            .collect(),
    }
}
