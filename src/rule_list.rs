//! `catan-harness rules`: every rule id of the embedded catalog with its statement, its
//! source and the scenarios that cover it, so a rule designer finds the right id without
//! reading YAML.

use crate::catalog;
use serde::Serialize;
use std::collections::BTreeMap;
use std::fmt::Write;
use std::path::PathBuf;

/// One rule id and the scenarios that cover it.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct Entry {
    /// The rule id.
    pub id: String,
    /// The rule in one sentence.
    pub rule: String,
    /// Its source id and page or section.
    pub source: String,
    /// The scenario files whose `covers` names it, sorted.
    pub scenarios: Vec<String>,
    /// How the scenario language refuses what the rule forbids, when it does.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub guard: Option<catalog::Guard>,
}

/// The rule ids matching `grep` (case-insensitive, in the id, statement or source; every id
/// when `None`), each with the scenarios among `files` covering it.
pub fn entries(grep: Option<&str>, files: &[PathBuf]) -> Vec<Entry> {
    let mut covering: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for f in files {
        if let Ok(sc) = crate::load::load(f) {
            for (id, _) in sc.covers {
                covering.entry(id).or_default().push(f.display().to_string());
            }
        }
    }
    let word = grep.map(str::to_lowercase);
    catalog::rules()
        .iter()
        .filter(|r| {
            let Some(w) = &word else { return true };
            [&r.id, &r.rule, &r.source]
                .iter()
                .any(|t| t.to_lowercase().contains(w.as_str()))
        })
        .map(|r| {
            let mut scenarios = covering.remove(&r.id).unwrap_or_default();
            scenarios.sort();
            scenarios.dedup();
            Entry {
                id: r.id.clone(),
                rule: r.rule.clone(),
                source: r.source.clone(),
                scenarios,
                guard: r.guard.clone(),
            }
        })
        .collect()
}

/// The entries as text: the id, then the statement, source and covering scenarios indented
/// (`searched`: whether any scenario files were searched for `covers`).
pub fn render_human(entries: &[Entry], searched: bool) -> String {
    let mut s = String::new();
    for e in entries {
        let _ = writeln!(s, "{}\n  {}\n  source: {}", e.id, e.rule, e.source);
        if let Some(g) = &e.guard {
            let _ = writeln!(s, "  guarded by: {} (example: {})", g.code, g.example);
        }
        if !searched {
            continue;
        }
        if e.scenarios.is_empty() {
            let _ = writeln!(s, "  covered by: no scenario");
        } else {
            let _ = writeln!(s, "  covered by: {}", e.scenarios.join(", "));
        }
    }
    let _ = writeln!(s, "{}", catan_dsl::report::count(entries.len(), "rule id", "rule ids"));
    s
}
