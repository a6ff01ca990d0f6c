//! The rule catalog lists every refusal id the engine can return, each once, with a
//! statement and a source from the sources table.

use std::path::Path;

const SOURCES: [&str; 7] = [
    "base-rules",
    "000_fee7e8147b67bbe6.txt",
    "001_f137f77325d91eec.txt",
    "002_5f4cc12aafd16c0e.txt",
    "003_c1bc764549538a7d.txt",
    "004_bf8a3dbb68824bc0.txt",
    "own",
];

fn catalog() -> Vec<catan_harness::catalog::Rule> {
    let p = Path::new(env!("CARGO_MANIFEST_DIR")).join("catalog/rules.yaml");
    catan_harness::catalog::load(&p).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn every_engine_refusal_id_is_in_the_catalog() {
    let ids: Vec<String> = catalog().into_iter().map(|r| r.id).collect();
    for code in catan_engine::RuleError::ALL_CODES {
        assert!(
            ids.iter().any(|i| i == code),
            "{code} is missing from catalog/rules.yaml"
        );
    }
}

#[test]
fn catalog_ids_are_unique_and_cite_a_known_source() {
    let rules = catalog();
    let mut seen = std::collections::BTreeSet::new();
    for r in &rules {
        assert!(seen.insert(r.id.clone()), "{} is listed twice", r.id);
        assert!(!r.rule.trim().is_empty(), "{} has no statement", r.id);
        assert!(
            SOURCES.iter().any(|s| r.source.starts_with(s)),
            "{} cites an unknown source `{}`",
            r.id,
            r.source
        );
    }
}

#[test]
fn the_catalog_built_into_the_binary_is_the_catalog_folder() {
    assert_eq!(catan_harness::catalog::rules(), catalog().as_slice());
    let ids: Vec<&str> = catan_harness::catalog::sources()
        .iter()
        .map(|s| s.id.as_str())
        .collect();
    for s in SOURCES.iter().filter(|s| **s != "own") {
        assert!(ids.contains(s), "{s} is missing from the embedded sources table");
    }
}
