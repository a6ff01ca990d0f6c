//! Finding, reading, parsing and lowering scenario files, and checking their rule and
//! source ids against the catalog embedded in the binary.

use catan_dsl::lower::{LowerError, LowerErrors};
use catan_dsl::scenario::Scenario;
use std::path::{Path, PathBuf};

/// Why a scenario file could not be loaded.
#[derive(Debug)]
pub enum LoadError {
    /// The file could not be read.
    Io(String),
    /// Syntax errors.
    Parse(Box<catan_dsl::diagnostics::ParseErrors>),
    /// Names, places, steps or the position could not be resolved.
    Lower(Box<catan_dsl::lower::LowerErrors>),
}

impl LoadError {
    /// The diagnostic rendered without colour at `width` columns (for reports and tests),
    /// through [`catan_dsl::report`]: long lines clipped, at most
    /// [`catan_dsl::report::MAX_ERRORS`] errors shown, never a panic.
    pub fn render(&self, width: usize) -> String {
        self.render_with(width, false)
    }

    /// The diagnostic rendered at `width` columns, in colour (ANSI) when `color`, through
    /// [`catan_dsl::report`] like [`LoadError::render`].
    pub fn render_with(&self, width: usize, color: bool) -> String {
        let theme = if color {
            miette::GraphicalTheme::unicode()
        } else {
            miette::GraphicalTheme::unicode_nocolor()
        };
        let handler = miette::GraphicalReportHandler::new_themed(theme).with_width(width);
        match self {
            LoadError::Io(e) => format!("{}\n", catan_dsl::report::bounded(e)),
            LoadError::Parse(e) => catan_dsl::report::render_with(&handler, e.as_ref()),
            LoadError::Lower(e) => catan_dsl::report::render_with(&handler, e.as_ref()),
        }
    }
}

impl LoadError {
    /// The codes of the diagnostics (`dsl::syntax::bad_dice`, `dsl::lower::off_board`, …),
    /// in the order reported; none for a file that could not be read.
    pub fn codes(&self) -> Vec<String> {
        match self {
            LoadError::Io(_) => Vec::new(),
            LoadError::Parse(e) => e.codes(),
            LoadError::Lower(e) => e.errors.iter().map(|x| x.code.clone()).collect(),
        }
    }
}

/// One diagnostic of a file on one line, as `check --format short` prints it and editors and
/// CI annotations read it: `FILE:LINE:COLUMN: error[CODE]: MESSAGE`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Located {
    /// The file the diagnostic points into (an included fragment's own name for its errors).
    pub file: String,
    /// Line, from 1.
    pub line: usize,
    /// Column in characters, from 1.
    pub column: usize,
    /// The stable code (`dsl::syntax::bad_corner`, `dsl::lower::unknown_name`, …; `io` for a
    /// file that could not be read).
    pub code: String,
    /// What is wrong, on one line, with the help after it when there is one (`unknown card:
    /// \`lumbr\` (did you mean \`lumber\`?)`).
    pub message: String,
}

impl std::fmt::Display for Located {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (file, message) = (
            catan_dsl::report::bounded(&self.file),
            catan_dsl::report::bounded(&self.message),
        );
        write!(
            f,
            "{file}:{}:{}: error[{}]: {message}",
            self.line, self.column, self.code
        )
    }
}

impl LoadError {
    /// The diagnostics of `file` as `check --format short` prints them: one [`Located`] line
    /// each, at most [`catan_dsl::report::MAX_ERRORS`], then one line counting the rest (the
    /// same cut and count as the human report).
    pub fn render_short(&self, file: &str) -> String {
        let located = self.located(file);
        let mut text: String = located.iter().map(|l| format!("{l}\n")).collect();
        let more = self.codes().len().saturating_sub(located.len());
        if more > 0 {
            text.push_str(&format!(
                "{}: … and {} (only the first {} of a file are shown)\n",
                catan_dsl::report::bounded(file),
                catan_dsl::report::count(more, "more error", "more errors"),
                catan_dsl::report::MAX_ERRORS
            ));
        }
        text
    }

    /// The diagnostics of `file` (the path it was loaded from) with their file, line and
    /// column, in the order the human report shows them, and like it at most
    /// [`catan_dsl::report::MAX_ERRORS`] of them ([`LoadError::codes`] counts them all):
    /// each is located by a scan of its file up to it, so the work stays proportional to the
    /// file's size.
    pub fn located(&self, file: &str) -> Vec<Located> {
        const MOST: usize = catan_dsl::report::MAX_ERRORS;
        let at = |file: &str, text: &str, offset: usize, code: String, (message, help): (String, Option<String>)| {
            let (line, column) = line_and_column(text, offset);
            let message = match help {
                Some(help) => format!("{message} ({help})"),
                None => message,
            };
            Located {
                file: file.to_string(),
                line,
                column,
                code,
                message: message.split_whitespace().collect::<Vec<_>>().join(" "),
            }
        };
        match self {
            LoadError::Io(m) => vec![at(file, "", 0, "io".into(), (m.clone(), None))],
            LoadError::Parse(e) => e
                .errors()
                .iter()
                .take(MOST)
                .map(|x| {
                    let help = miette::Diagnostic::help(x).map(|h| h.to_string());
                    at(
                        e.file_name(),
                        e.source_text(),
                        x.span().start,
                        x.code_str(),
                        (x.to_string(), help),
                    )
                })
                .collect(),
            LoadError::Lower(e) => e
                .errors
                .iter()
                .take(MOST)
                .map(|x| {
                    let (name, text) = match &x.src {
                        Some(fragment) => (fragment.name(), fragment.inner().as_ref()),
                        None => (e.src.name(), e.src.inner().as_str()),
                    };
                    at(
                        name,
                        text,
                        x.span.offset(),
                        x.code.clone(),
                        (x.message.clone(), x.help.clone()),
                    )
                })
                .collect(),
        }
    }
}

/// The 1-based line and character column of byte `offset` in `text` (clamped into it).
fn line_and_column(text: &str, offset: usize) -> (usize, usize) {
    let mut at = offset.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    let before = &text[..at];
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    (
        before.matches('\n').count() + 1,
        before[line_start..].chars().count() + 1,
    )
}

/// Reads, parses and lowers one scenario file.
///
/// # Errors
/// [`LoadError`] with every diagnostic of the file.
pub fn load(path: &Path) -> Result<Scenario, LoadError> {
    let text = crate::files::read_text(path).map_err(LoadError::Io)?;
    load_text(&path.display().to_string(), &text)
}

/// Parses and lowers scenario text.
///
/// # Errors
/// [`LoadError`] with every diagnostic of the text.
pub fn load_text(name: &str, text: &str) -> Result<Scenario, LoadError> {
    let dir = Path::new(name).parent().map(Path::to_path_buf).unwrap_or_default();
    load_text_in(name, text, &dir)
}

/// Like [`load_text`], with `include` paths resolved against `dir` (fragments are shown
/// under the name `include` path joined to the scenario name's folder) and confined to
/// the project root of `dir` ([`crate::files`]: regular files only, size limits).
///
/// # Errors
/// [`LoadError`] with every diagnostic of the text and its fragments.
pub fn load_text_in(name: &str, text: &str, dir: &Path) -> Result<Scenario, LoadError> {
    match catan_dsl::parse(name, text) {
        Ok(ast) => lower(name, text, dir, &ast),
        Err(syntax) => Err(with_later_errors(name, text, dir, syntax)),
    }
}

/// The syntax errors of a file, and when the rest of it can still be read
/// ([`catan_dsl::diagnostics::ParseErrors::recovered`]: every error is on a line of the
/// script), the other lines' lowering errors with them in one report, so that a rule
/// designer sees every mistake of the file in one run.
fn with_later_errors(name: &str, text: &str, dir: &Path, syntax: catan_dsl::diagnostics::ParseErrors) -> LoadError {
    let later = match syntax.recovered().map(|rest| lower(name, text, dir, rest)) {
        Some(Err(LoadError::Lower(later))) => later,
        _ => return LoadError::Parse(Box::new(syntax)),
    };
    // In the order of the file: each syntax error before the first later error of the
    // scenario itself that comes after it (an included fragment's errors stay where
    // lowering reported them).
    let mut pending = syntax.errors().iter().peekable();
    let mut errors = Vec::new();
    for e in later.errors {
        while let Some(s) = pending.next_if(|s| e.src.is_none() && s.span().start < e.span.offset()) {
            errors.push(LowerError::from_syntax(s, None));
        }
        errors.push(e);
    }
    errors.extend(pending.map(|s| LowerError::from_syntax(s, None)));
    LoadError::Lower(Box::new(LowerErrors { errors, ..*later }))
}

/// Lowers a parsed file, its includes resolved against `dir`, its rule and source ids
/// checked against the catalog.
fn lower(name: &str, text: &str, dir: &Path, ast: &catan_dsl::ast::ScenarioFile) -> Result<Scenario, LoadError> {
    let shown = Path::new(name).parent().map(Path::to_path_buf).unwrap_or_default();
    let mut includes = crate::files::Includes::new(dir, &crate::files::project_root(dir));
    let mut resolve = |include: &str| {
        includes
            .read(include)
            .map(|text| (shown.join(include).display().to_string(), text))
    };
    catan_dsl::lower::lower_with_includes(name, text, ast, catalog_ids(), source_ids(), &mut resolve)
        .map_err(LoadError::Lower)
}

/// The ids of the sources table (`catalog/sources.yaml`, embedded in the binary).
pub fn source_ids() -> &'static [String] {
    static IDS: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    IDS.get_or_init(|| crate::catalog::sources().iter().map(|s| s.id.clone()).collect())
}

/// The ids of the rule catalog (the files under `catalog/`, embedded in the binary).
pub fn catalog_ids() -> &'static [String] {
    static IDS: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    IDS.get_or_init(|| crate::catalog::rules().iter().map(|r| r.id.clone()).collect())
}

/// What a walk over the given paths found: the scenario files, and every path that could
/// not be used (missing, not a scenario, unreadable).
#[derive(Debug, Default)]
pub struct Discovery {
    /// Every `.cat` file, sorted, each once.
    pub files: Vec<PathBuf>,
    /// One sentence per path that could not be used.
    pub problems: Vec<String>,
}

/// Every `.cat` file under the given files and folders, sorted, without duplicates
/// (problems with the paths are ignored; see [`discover_checked`]).
pub fn discover(paths: &[PathBuf]) -> Vec<PathBuf> {
    discover_checked(paths).files
}

/// Every `.cat` file under the given files and folders, sorted, each file once, with
/// every path that could not be used.
///
/// A path given explicitly is followed even when it is a symbolic link; inside a folder,
/// links to folders are not followed (so a link loop cannot make the walk endless) while
/// links to files are read. A file reached twice (two paths naming it) is listed once.
pub fn discover_checked(paths: &[PathBuf]) -> Discovery {
    let mut d = Discovery::default();
    for p in paths {
        match std::fs::metadata(p) {
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                d.problems.push(format!("{}: no such file or folder", p.display()));
            }
            Err(e) => d.problems.push(format!("{}: {e}", p.display())),
            Ok(m) if m.is_dir() => walk(p, &mut d),
            Ok(_) if is_scenario(p) => d.files.push(p.clone()),
            Ok(_) if p.extension().is_some_and(|e| e == "fragment") => d.problems.push(format!(
                "{}: a fragment is not a scenario (scenarios include it with `include`)",
                p.display()
            )),
            Ok(_) => d.problems.push(format!(
                "{}: not a scenario file (scenario files end in `.cat`)",
                p.display()
            )),
        }
    }
    let mut seen = std::collections::BTreeSet::new();
    d.files.sort();
    d.files
        .retain(|f| seen.insert(std::fs::canonicalize(f).unwrap_or_else(|_| f.clone())));
    d
}

fn is_scenario(p: &Path) -> bool {
    p.extension().is_some_and(|e| e == "cat")
}

fn walk(dir: &Path, d: &mut Discovery) {
    let rd = match std::fs::read_dir(dir) {
        Ok(rd) => rd,
        Err(e) => {
            d.problems
                .push(format!("{}: cannot read the folder: {e}", dir.display()));
            return;
        }
    };
    let mut entries = Vec::new();
    for e in rd {
        match e {
            Ok(e) => entries.push(e),
            Err(e) => d
                .problems
                .push(format!("{}: cannot read the folder: {e}", dir.display())),
        }
    }
    entries.sort_by_key(|e| e.path());
    for e in entries {
        let path = e.path();
        let Ok(kind) = e.file_type() else {
            d.problems.push(format!("{}: cannot read its type", path.display()));
            continue;
        };
        if kind.is_dir() {
            walk(&path, d);
        } else if kind.is_symlink() {
            // Links to folders are not followed; a link to a scenario file is read.
            match std::fs::metadata(&path) {
                Ok(m) if m.is_file() && is_scenario(&path) => d.files.push(path),
                Err(e) if is_scenario(&path) => d.problems.push(format!("{}: {e}", path.display())),
                _ => {}
            }
        } else if is_scenario(&path) {
            d.files.push(path);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::line_and_column;

    #[test]
    fn a_byte_offset_is_a_line_and_a_column_in_characters() {
        let text = "scenario \"t\"\nhand 1 l·lana, 2 wol\n";
        assert_eq!(line_and_column(text, 0), (1, 1));
        assert_eq!(line_and_column(text, text.find("hand").unwrap_or(0)), (2, 1));
        // `·` is two bytes and one character: the column counts characters.
        assert_eq!(line_and_column(text, text.find("wol").unwrap_or(0)), (2, 18));
        // Inside a character or past the end, the offset is clamped, never a panic.
        assert_eq!(line_and_column(text, text.find('·').unwrap_or(0) + 1), (2, 9));
        assert_eq!(line_and_column(text, 10_000), (3, 1));
    }
}
