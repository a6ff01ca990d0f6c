//! Finding, reading, parsing and lowering scenario files.

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
        match self {
            LoadError::Io(e) => format!("{}\n", catan_dsl::report::bounded(e)),
            LoadError::Parse(e) => catan_dsl::report::render(e.as_ref(), width),
            LoadError::Lower(e) => catan_dsl::report::render(e.as_ref(), width),
        }
    }
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
    let ast = catan_dsl::parse(name, text).map_err(|e| LoadError::Parse(Box::new(e)))?;
    let shown = Path::new(name).parent().map(Path::to_path_buf).unwrap_or_default();
    let mut includes = crate::files::Includes::new(dir, &crate::files::project_root(dir));
    let mut resolve = |include: &str| {
        includes
            .read(include)
            .map(|text| (shown.join(include).display().to_string(), text))
    };
    catan_dsl::lower::lower_with_includes(name, text, &ast, catalog_ids(), source_ids(), &mut resolve)
        .map_err(LoadError::Lower)
}

/// The ids of the sources table (`catalog/sources.yaml`), read once.
pub fn source_ids() -> &'static [String] {
    static IDS: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    IDS.get_or_init(|| {
        crate::catalog::find()
            .and_then(|p| p.parent().map(|d| d.join("sources.yaml")))
            .and_then(|p| std::fs::read_to_string(p).ok())
            .and_then(|t| crate::yaml::from_str::<Vec<crate::catalog::Source>>(&t).ok())
            .map(|v| v.into_iter().map(|s| s.id).collect())
            .unwrap_or_default()
    })
}

/// The ids of the rule catalog, read once (empty when no catalog is found).
pub fn catalog_ids() -> &'static [String] {
    static IDS: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    IDS.get_or_init(|| {
        crate::catalog::find()
            .and_then(|p| crate::catalog::load(&p).ok())
            .map(|rules| rules.into_iter().map(|r| r.id).collect())
            .unwrap_or_default()
    })
}

/// Every `.cat` file under the given files and folders, sorted, without duplicates.
pub fn discover(paths: &[PathBuf]) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for p in paths {
        walk(p, &mut out);
    }
    out.sort();
    out.dedup();
    out
}

fn walk(p: &Path, out: &mut Vec<PathBuf>) {
    if p.is_dir() {
        if let Ok(rd) = std::fs::read_dir(p) {
            let mut entries: Vec<PathBuf> = rd.filter_map(|e| e.ok().map(|e| e.path())).collect();
            entries.sort();
            for e in entries {
                walk(&e, out);
            }
        }
    } else if p.extension().is_some_and(|e| e == "cat") {
        out.push(p.to_path_buf());
    }
}
