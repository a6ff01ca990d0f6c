//! The rule catalog: every rule id with a one-line statement and its source citation, one
//! file per part of the game under `catalog/` (the base game's `base.yaml` with the engine's
//! own ids, then one file per expansion, listed by [`expansion_file`]), and the sources table
//! (`catalog/sources.yaml`). All are data of the engine's version and are embedded in the
//! binary, so rule and source ids are checked wherever the command runs. Scenarios name
//! catalog ids in `covers` and `-> refused`; `catan-harness coverage` lists the ids no
//! scenario covers (apart from those the scenario language guards: [`Guard`]) and
//! `catan-harness rules` prints the catalog.

use catan_engine::ruleset::Expansion;
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
    /// When the scenario language itself refuses what the rule forbids (a die showing 7,
    /// a hex not on the board), before the engine could: the diagnostic that does it.
    #[serde(default)]
    pub guard: Option<Guard>,
}

/// How the scenario language refuses what a rule forbids, so no scenario can reach the
/// engine's refusal: a scenario cannot cover the rule, and `catan-harness coverage` lists
/// it as guarded instead of uncovered.
#[derive(Clone, Debug, Deserialize, serde::Serialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Guard {
    /// The diagnostic code (`dsl::syntax::bad_dice`, `dsl::lower::off_board`, …).
    pub code: String,
    /// A scenario file, from the project root, that the language refuses with that code
    /// (`tests/catalog.rs` loads each one).
    pub example: String,
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

/// One file of the rule catalog as built into the binary.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CatalogFile {
    /// Its path from the project root (`catalog/court.yaml`).
    pub path: &'static str,
    /// The prefix every id of the file starts with (`COURT.`); the base game's file also
    /// holds the engine's own ids (ENGINE, TURN, CHANCE, GAME), which no expansion prefixes.
    pub prefix: &'static str,
    /// Its text.
    pub yaml: &'static str,
}

/// A [`CatalogFile`] of `catalog/<name>`, its text embedded at build time.
macro_rules! catalog_file {
    ($name:literal, $prefix:literal) => {
        CatalogFile {
            path: concat!("catalog/", $name),
            prefix: $prefix,
            yaml: include_str!(concat!("../catalog/", $name)),
        }
    };
}

/// The base game's catalog file: the BASE ids and the engine's own.
pub const BASE_FILE: CatalogFile = catalog_file!("base.yaml", "BASE.");

/// The catalog file of an expansion's rule ids (`None` while it has none): the one place
/// an expansion's file is named. A new expansion adds its file under `catalog/`, named after
/// its ruleset name, and its line here.
pub fn expansion_file(expansion: Expansion) -> Option<CatalogFile> {
    match expansion {
        Expansion::CitiesAndKnights => Some(catalog_file!("cities-and-knights.yaml", "CK.")),
        Expansion::TheCourt => Some(catalog_file!("court.yaml", "COURT.")),
        Expansion::Seafarers => Some(catalog_file!("seafarers.yaml", "SEA.")),
        Expansion::BarbarianAttack => Some(catalog_file!("barbarian-attack.yaml", "BARB.")),
    }
}

/// Every file of the rule catalog: the base game's, then each expansion's in canonical order.
pub fn files() -> impl Iterator<Item = CatalogFile> {
    std::iter::once(BASE_FILE).chain(Expansion::ALL.into_iter().filter_map(expansion_file))
}

/// `catalog/sources.yaml` as built into the binary.
pub const SOURCES_YAML: &str = include_str!("../catalog/sources.yaml");

/// The embedded rule catalog, every file's entries parsed once and sorted by id (their
/// parsing is checked by the tests).
pub fn rules() -> &'static [Rule] {
    static RULES: std::sync::OnceLock<Vec<Rule>> = std::sync::OnceLock::new();
    RULES.get_or_init(|| {
        let mut all: Vec<Rule> = files().flat_map(|f| parse(f.yaml).unwrap_or_default()).collect();
        all.sort_by(|a, b| a.id.cmp(&b.id));
        all
    })
}

/// The embedded sources table, parsed once (its parsing is checked by the tests).
pub fn sources() -> &'static [Source] {
    static SOURCES: std::sync::OnceLock<Vec<Source>> = std::sync::OnceLock::new();
    SOURCES.get_or_init(|| crate::yaml::from_str(SOURCES_YAML).unwrap_or_default())
}

/// Parses the text of a catalog file.
///
/// # Errors
/// The YAML error, in words.
pub fn parse(yaml: &str) -> Result<Vec<Rule>, String> {
    crate::yaml::from_str(yaml)
}

/// Reads a catalog file.
///
/// # Errors
/// The file cannot be read or parsed.
pub fn load(path: &Path) -> Result<Vec<Rule>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    parse(&text).map_err(|e| format!("{}: {e}", path.display()))
}
