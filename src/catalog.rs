//! The rule catalog (`catalog/rules.yaml`): every rule id with a one-line statement and
//! its source citation, and the sources table (`catalog/sources.yaml`). Both are data of
//! the engine's version and are embedded in the binary, so rule and source ids are checked
//! wherever the command runs. Scenarios name catalog ids in `covers` and `-> refused`;
//! `catan-harness coverage` lists the ids no scenario covers and `catan-harness rules`
//! prints the catalog.

use serde::Deserialize;
use std::path::Path;

/// One catalog entry.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
pub struct Rule {
    /// The stable rule id.
    pub id: String,
    /// The rule in one sentence.
    pub rule: String,
    /// Source id and page or section (`own` for engine-level ids).
    pub source: String,
}

/// One entry of the sources table (`catalog/sources.yaml`).
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
pub struct Source {
    /// Short id cited by scenarios and catalog entries.
    pub id: String,
    /// Title.
    pub title: String,
    /// Edition.
    pub edition: String,
    /// Language code.
    pub language: String,
}

/// `catalog/rules.yaml` as built into the binary.
pub const RULES_YAML: &str = include_str!("../catalog/rules.yaml");
/// `catalog/sources.yaml` as built into the binary.
pub const SOURCES_YAML: &str = include_str!("../catalog/sources.yaml");

/// The embedded rule catalog, parsed once (its parsing is checked by the tests).
pub fn rules() -> &'static [Rule] {
    static RULES: std::sync::OnceLock<Vec<Rule>> = std::sync::OnceLock::new();
    RULES.get_or_init(|| crate::yaml::from_str(RULES_YAML).unwrap_or_default())
}

/// The embedded sources table, parsed once (its parsing is checked by the tests).
pub fn sources() -> &'static [Source] {
    static SOURCES: std::sync::OnceLock<Vec<Source>> = std::sync::OnceLock::new();
    SOURCES.get_or_init(|| crate::yaml::from_str(SOURCES_YAML).unwrap_or_default())
}

/// Reads a catalog file.
///
/// # Errors
/// The file cannot be read or parsed.
pub fn load(path: &Path) -> Result<Vec<Rule>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    crate::yaml::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))
}

/// The catalog next to the scenarios: `<root>/catalog/rules.yaml`, looked up from the
/// current directory upwards.
pub fn find() -> Option<std::path::PathBuf> {
    let mut dir = std::env::current_dir().ok()?;
    loop {
        let p = dir.join("catalog").join("rules.yaml");
        if p.exists() {
            return Some(p);
        }
        if !dir.pop() {
            return None;
        }
    }
}
