//! The rule catalog lists every refusal id the engine can return, each once, with a
//! statement and a source from the sources table; each id sits in the file of its part of
//! the game (the base game's, or its expansion's, by the id's prefix).

use catan_engine::ruleset::Expansion;
use catan_harness::catalog::{self, CatalogFile, Rule};
use std::path::Path;

const SOURCES: [&str; 12] = [
    "catan-faq-tb",
    "catan-faq-4910",
    "catan-combination-ba-tb",
    "liquisearch-tb-ba",
    "sixsides-ba",
    "base-rules",
    "000_fee7e8147b67bbe6.txt",
    "001_f137f77325d91eec.txt",
    "002_5f4cc12aafd16c0e.txt",
    "003_c1bc764549538a7d.txt",
    "004_bf8a3dbb68824bc0.txt",
    "own",
];

/// One catalog file read from the `catalog/` folder.
fn read(file: &CatalogFile) -> Vec<Rule> {
    let p = Path::new(env!("CARGO_MANIFEST_DIR")).join(file.path);
    catalog::load(&p).unwrap_or_else(|e| panic!("{e}"))
}

/// Every catalog file of the folder, as the binary lists them.
fn catalog() -> Vec<Rule> {
    catalog::files().flat_map(|f| read(&f)).collect()
}

#[test]
fn every_engine_refusal_id_is_in_the_catalog() {
    let ids: Vec<String> = catalog().into_iter().map(|r| r.id).collect();
    for code in catan_engine::RuleError::ALL_CODES {
        assert!(
            ids.iter().any(|i| i == code),
            "{code} is missing from the catalog/ files"
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
fn each_id_sits_in_its_expansions_file() {
    let expansion_prefixes: Vec<&str> = Expansion::ALL
        .into_iter()
        .filter_map(catalog::expansion_file)
        .map(|f| f.prefix)
        .collect();
    for file in catalog::files() {
        let rules = read(&file);
        assert!(!rules.is_empty(), "{} lists no id", file.path);
        for r in &rules {
            let own = r.id.starts_with(file.prefix);
            let other_expansion = expansion_prefixes.iter().any(|p| r.id.starts_with(p));
            assert!(
                own || (file == catalog::BASE_FILE && !other_expansion),
                "{} is in {} but its prefix is not {}",
                r.id,
                file.path,
                file.prefix
            );
        }
    }
}

#[test]
fn an_expansions_file_is_named_after_its_ruleset_name() {
    for e in Expansion::ALL {
        if let Some(file) = catalog::expansion_file(e) {
            assert_eq!(file.path, format!("catalog/{}.yaml", e.ruleset_name()));
        }
    }
}

#[test]
fn the_catalog_built_into_the_binary_is_the_catalog_folder() {
    for file in catalog::files() {
        let embedded = catalog::parse(file.yaml).unwrap_or_else(|e| panic!("{}: {e}", file.path));
        assert_eq!(embedded, read(&file), "{} is stale in the binary", file.path);
    }
    let mut sorted = catalog();
    sorted.sort_by(|a, b| a.id.cmp(&b.id));
    assert_eq!(catalog::rules(), sorted.as_slice());
    let ids: Vec<&str> = catalog::sources().iter().map(|s| s.id.as_str()).collect();
    for s in SOURCES.iter().filter(|s| **s != "own") {
        assert!(ids.contains(s), "{s} is missing from the embedded sources table");
    }
}

#[test]
fn every_yaml_file_of_the_catalog_folder_is_listed() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("catalog");
    let listed: Vec<&str> = catalog::files().map(|f| f.path).collect();
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|e| e.ok())
        .map(|e| format!("catalog/{}", e.file_name().to_string_lossy()))
        .filter(|n| n.ends_with(".yaml") && n != "catalog/sources.yaml")
        .collect();
    names.sort();
    for n in &names {
        assert!(listed.contains(&n.as_str()), "{n} is not listed in src/catalog.rs");
    }
}

/// A guarded rule's example is refused by the scenario language with the guard's code, so
/// `coverage` lists as guarded only what the language really refuses; and every guard's
/// example is a test file of the lowering diagnostics.
#[test]
fn every_guard_example_is_refused_with_its_code() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut guards = 0;
    for r in catalog() {
        let Some(g) = r.guard else { continue };
        guards += 1;
        assert!(
            g.example.starts_with("tests/broken-lower/"),
            "{}: the example {} is not a lowering-diagnostics test file",
            r.id,
            g.example
        );
        let path = root.join(&g.example);
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", g.example));
        let dir = path.parent().unwrap_or(root);
        let err = match catan_harness::load::load_text_in(&g.example, &text, dir) {
            Ok(_) => panic!("{}: {} loads, but the language should refuse it", r.id, g.example),
            Err(e) => e,
        };
        let codes = err.codes();
        assert!(
            codes.contains(&g.code),
            "{}: {} is refused with {codes:?}, not {}",
            r.id,
            g.example,
            g.code
        );
    }
    assert!(guards > 0, "no guarded rule: the test checks nothing");
}
