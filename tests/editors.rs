//! The editor support in `editors/` stays in step with the language.
//!
//! The keywords of `dsl/src/grammar/scenario.pest` (every `kw_*` rule and the
//! table-wide position keys of `global_keyword`) are read from the pest file;
//! each must be highlighted as a keyword by the TextMate grammar, and every word
//! of the grammar's keyword lists must be a keyword of the language. Every
//! pattern of the grammar must compile (with lookaround, as TextMate's
//! Oniguruma engine reads it), and the VS Code manifest must use the grammar
//! and associate the `.cat` extension.

use std::collections::BTreeSet;
use std::path::Path;

use fancy_regex::Regex;
use serde_json::Value;

fn read(rel: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(rel);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn json(rel: &str) -> Value {
    serde_json::from_str(&read(rel)).unwrap_or_else(|e| panic!("{rel}: {e}"))
}

/// The words of the language's keyword rules and of `global_keyword`.
fn pest_keywords() -> BTreeSet<String> {
    let pest = read("dsl/src/grammar/scenario.pest");
    let mut out = BTreeSet::new();
    let quoted = |s: &str| -> Vec<String> { s.split('"').skip(1).step_by(2).map(str::to_owned).collect() };
    for line in pest.lines() {
        if line.starts_with("kw_") && line.contains("@{") {
            out.extend(quoted(line).into_iter().take(1));
        }
    }
    let global = pest
        .split_once("global_keyword = @{")
        .and_then(|(_, rest)| rest.split_once('}'))
        .map(|(body, _)| body)
        .unwrap_or_else(|| panic!("no global_keyword rule in the pest grammar"));
    out.extend(quoted(global));
    out
}

/// Every `match`/`begin`/`end` regex of the grammar, with the scope it gives
/// to the whole match or to its first capture group.
fn patterns(v: &Value, out: &mut Vec<(String, Option<String>)>) {
    match v {
        Value::Object(map) => {
            for key in ["match", "begin", "end"] {
                if let Some(Value::String(re)) = map.get(key) {
                    let scope = map
                        .get("name")
                        .or_else(|| map.get("captures").and_then(|c| c.get("2")).and_then(|c| c.get("name")))
                        .and_then(Value::as_str)
                        .map(str::to_owned);
                    out.push((re.clone(), scope));
                }
            }
            map.values().for_each(|x| patterns(x, out));
        }
        Value::Array(items) => items.iter().for_each(|x| patterns(x, out)),
        _ => {}
    }
}

fn compiled(grammar: &Value) -> Vec<(Regex, Option<String>)> {
    let mut raw = Vec::new();
    patterns(grammar, &mut raw);
    assert!(raw.len() > 15, "only {} patterns", raw.len());
    raw.into_iter()
        .map(|(re, scope)| match Regex::new(&re) {
            Ok(r) => (r, scope),
            Err(e) => panic!("pattern `{re}` does not compile: {e}"),
        })
        .collect()
}

#[test]
fn every_language_keyword_is_highlighted_as_a_keyword() {
    let grammar = json("editors/catan-scenario.tmLanguage.json");
    let pats = compiled(&grammar);
    let keywords = pest_keywords();
    assert!(
        keywords.len() > 40,
        "only {} keywords read from the pest grammar",
        keywords.len()
    );
    for kw in &keywords {
        let line = format!("x {kw} y");
        let found = pats.iter().any(|(re, scope)| {
            let keyword_scope = scope
                .as_deref()
                .is_some_and(|s| s.starts_with("keyword.") || s.starts_with("support.type."));
            keyword_scope
                && re.captures(&line).ok().flatten().is_some_and(|c| {
                    let m = c.get(1).or_else(|| c.get(0));
                    m.is_some_and(|m| m.start() == 2 && m.as_str() == kw)
                })
        });
        assert!(found, "the TextMate grammar does not highlight the keyword `{kw}`");
    }
}

#[test]
fn keywords_are_whole_words() {
    let pats = compiled(&json("editors/catan-scenario.tmLanguage.json"));
    let keyword_pats: Vec<&Regex> = pats
        .iter()
        .filter(|(_, s)| s.as_deref().is_some_and(|s| s.starts_with("keyword.control.statement")))
        .map(|(r, _)| r)
        .collect();
    assert!(!keyword_pats.is_empty());
    for text in ["scenarios", "expected", "no-wall", "red-board", "known-bugs"] {
        for re in &keyword_pats {
            let m = re.find(text).ok().flatten();
            assert!(m.is_none(), "`{text}` is highlighted as a statement keyword: {m:?}");
        }
    }
}

#[test]
fn every_keyword_list_word_is_a_language_keyword() {
    let grammar = json("editors/catan-scenario.tmLanguage.json");
    let keywords = pest_keywords();
    let repo = grammar
        .get("repository")
        .and_then(Value::as_object)
        .expect("a repository");
    let mut listed = 0;
    for (name, rule) in repo.iter().filter(|(n, _)| n.starts_with("keywords-")) {
        let re = rule.get("match").and_then(Value::as_str).unwrap_or_default();
        // The alternation inside the first group without `?`: `(?<!…)(a|b|c)(?!…)`.
        let group = re
            .split("(?<![\\w·-])(")
            .nth(1)
            .and_then(|s| s.split(')').next())
            .unwrap_or_else(|| panic!("{name}: no keyword group in `{re}`"));
        for word in group.split('|') {
            listed += 1;
            assert!(
                keywords.contains(word),
                "{name} lists `{word}`, which scenario.pest does not define"
            );
        }
    }
    assert_eq!(
        listed,
        keywords.len(),
        "the keyword lists and scenario.pest differ in size"
    );
}

#[test]
fn the_vscode_manifest_uses_the_grammar() {
    let manifest = json("editors/package.json");
    let contributes = &manifest["contributes"];
    let lang = &contributes["languages"][0];
    let exts: Vec<&str> = lang["extensions"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
        .collect();
    assert!(exts.contains(&".cat"), "{exts:?}");
    let grammar = &contributes["grammars"][0];
    assert_eq!(grammar["language"], lang["id"]);
    let path = grammar["path"].as_str().unwrap_or_default();
    let tm = json(&format!("editors/{}", path.trim_start_matches("./")));
    assert_eq!(grammar["scopeName"], tm["scopeName"]);
    let config = json(&format!(
        "editors/{}",
        lang["configuration"]
            .as_str()
            .unwrap_or_default()
            .trim_start_matches("./")
    ));
    assert_eq!(config["comments"]["lineComment"], "#");
    assert!(config["brackets"].as_array().is_some_and(|b| b.len() >= 2));
}
