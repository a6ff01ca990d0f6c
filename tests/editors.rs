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

/// One rule of the grammar as a TextMate engine applies it.
enum TmRule {
    /// A `match` rule: the scope of the whole match and of numbered captures.
    Match(Regex, Option<String>, Vec<(usize, String)>),
    /// A `begin`/`end` rule (strings).
    Span(Regex, Regex, Option<String>),
}

/// The grammar's top-level rules in order, includes resolved.
fn tm_rules(grammar: &Value, list: &Value, out: &mut Vec<TmRule>) {
    for p in list.as_array().into_iter().flatten() {
        let p = match p.get("include").and_then(Value::as_str) {
            Some(inc) => &grammar["repository"][inc.trim_start_matches('#')],
            None => p,
        };
        let re = |key: &str| {
            p.get(key)
                .and_then(Value::as_str)
                .map(|r| Regex::new(r).expect("compiles"))
        };
        let name = p.get("name").and_then(Value::as_str).map(str::to_owned);
        if let Some(m) = re("match") {
            let caps = p
                .get("captures")
                .and_then(Value::as_object)
                .into_iter()
                .flatten()
                .filter_map(|(k, v)| Some((k.parse().ok()?, v.get("name")?.as_str()?.to_owned())))
                .collect();
            out.push(TmRule::Match(m, name, caps));
        } else if let (Some(b), Some(e)) = (re("begin"), re("end")) {
            out.push(TmRule::Span(b, e, name));
        } else if let Some(inner) = p.get("patterns") {
            tm_rules(grammar, inner, out);
        }
    }
}

/// The scoped pieces of one line: at each position the earliest match of any
/// rule wins (the first rule on a tie), as in a TextMate engine.
fn scopes(line: &str) -> Vec<(String, String)> {
    let grammar = json("editors/catan-scenario.tmLanguage.json");
    let mut rules = Vec::new();
    tm_rules(&grammar, &grammar["patterns"], &mut rules);
    let mut out = Vec::new();
    let mut pos = 0;
    while pos < line.len() {
        let first = |r: &TmRule| match r {
            TmRule::Match(re, ..) | TmRule::Span(re, ..) => re.captures_from_pos(line, pos).ok().flatten(),
        };
        let Some((rule, caps)) = rules
            .iter()
            .filter_map(|r| first(r).map(|c| (r, c)))
            .min_by_key(|(_, c)| c.get(0).map_or(usize::MAX, |m| m.start()))
        else {
            break;
        };
        let whole = caps.get(0).map_or(pos..pos, |m| m.range());
        let mut end = whole.end;
        match rule {
            TmRule::Match(_, name, captured) => {
                if let Some(n) = name {
                    out.push((line[whole.clone()].to_owned(), n.clone()));
                }
                for (i, n) in captured {
                    if let Some(m) = caps.get(*i) {
                        out.push((m.as_str().to_owned(), n.clone()));
                    }
                }
            }
            TmRule::Span(_, close, name) => {
                end = close
                    .find_from_pos(line, whole.end)
                    .ok()
                    .flatten()
                    .map_or(line.len(), |m| m.end());
                if let Some(n) = name {
                    out.push((line[whole.start..end].to_owned(), n.clone()));
                }
            }
        }
        pos = if end > pos {
            end
        } else {
            pos + line[pos..].chars().next().map_or(1, char::len_utf8)
        };
    }
    out
}

fn scope_of(line: &str, piece: &str) -> String {
    scopes(line)
        .into_iter()
        .find(|(text, _)| text == piece)
        .map(|(_, s)| s)
        .unwrap_or_else(|| format!("(no scope: {:?})", scopes(line)))
}

#[test]
fn lines_are_highlighted_as_a_reader_expects() {
    let step = "red moves robber J                   -> refused BASE.ROBBER.MUST_MOVE  # a \"quoted\" note";
    assert!(scope_of(step, "->").starts_with("keyword.operator.arrow"));
    assert!(scope_of(step, "refused").starts_with("keyword.control.outcome"));
    assert!(scope_of(step, "BASE.ROBBER.MUST_MOVE").starts_with("constant.other.rule-id"));
    assert!(scope_of(step, "# a \"quoted\" note").starts_with("comment.line"));
    assert!(scope_of(step, "J").starts_with("variable.other.hex"));

    let title = "scenario \"Seven # not a comment\"";
    assert!(scope_of(title, "scenario").starts_with("keyword.control.statement"));
    assert!(scope_of(title, "\"Seven # not a comment\"").starts_with("string.quoted.double"));
    assert!(!scopes(title).iter().any(|(_, s)| s.starts_with("comment")));

    assert!(scope_of("  red:", "red").starts_with("entity.name.section.player"));
    let item = "    roads       A.n-ne, (0,-2).se-(1,-2).s";
    assert!(scope_of(item, "A.n-ne").starts_with("variable.other.place"));
    assert!(scope_of(item, "(0,-2).se-(1,-2).s").starts_with("variable.other.place"));

    let guarded = "[english, colonist] expect event robbed player=red card=wool";
    assert!(scope_of(guarded, "english, colonist").starts_with("entity.name.tag.variant"));
    assert!(scope_of(guarded, "expect").starts_with("keyword.control.statement"));
    assert!(scope_of(guarded, "event").starts_with("keyword.other.clause"));
    assert!(scope_of(guarded, "player").starts_with("variable.parameter"));

    let source = "source   000_fee7e8147b67bbe6.txt p.11 pp.13-15 §1.9 \"x\"";
    for loc in ["p.11", "pp.13-15", "§1.9"] {
        assert!(scope_of(source, loc).starts_with("constant.other.locator"), "{loc}");
    }
    assert!(scope_of("red rolls 3+4 ship", "3+4").starts_with("constant.numeric"));
    assert!(scope_of("  barbarians 6/7", "6/7").starts_with("constant.numeric"));
    assert!(scope_of("  barbarian-attacks 1", "barbarian-attacks").starts_with("support.type.position"));
    assert!(!scopes("expect red no-wall A.n").iter().any(|(t, _)| t == "no"));
    assert!(!scopes("variant  english: rules base")
        .iter()
        .any(|(_, s)| s.contains("section.player")));
}

/// The manifest's problem matcher reads `catan-harness check --format short` as VS Code
/// would: every diagnostic line gives its file, line, column, severity, code and message.
#[test]
fn the_problem_matcher_reads_what_check_short_prints() {
    let manifest = json("editors/package.json");
    let matcher = &manifest["contributes"]["problemMatchers"][0];
    assert_eq!(matcher["name"], "catan-harness");
    let pattern = &matcher["pattern"];
    let re = Regex::new(pattern["regexp"].as_str().unwrap_or_default()).expect("the pattern compiles");
    let group = |key: &str| pattern[key].as_u64().unwrap_or(0) as usize;
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_catan-harness"))
        .args([
            "check",
            "--format",
            "short",
            "tests/broken-lower/syntax-and-lowering-errors.cat",
        ])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("the binary runs");
    let text = String::from_utf8_lossy(&out.stdout);
    let mut found = Vec::new();
    for line in text.lines().filter(|l| l.contains(": error[")) {
        let caps = re
            .captures(line)
            .expect("a regex run")
            .unwrap_or_else(|| panic!("unmatched: {line}"));
        let at = |key: &str| caps.get(group(key)).map_or("", |m| m.as_str()).to_string();
        assert_eq!(at("file"), "tests/broken-lower/syntax-and-lowering-errors.cat");
        assert_eq!(at("severity"), "error");
        assert!(!at("message").is_empty(), "{line}");
        found.push((at("line"), at("column"), at("code")));
    }
    let want = [
        ("9", "32", "dsl::lower::unknown_name"),
        ("12", "21", "dsl::syntax::bad_corner"),
        ("13", "40", "dsl::lower::unknown_rule_id"),
    ]
    .map(|(l, c, k)| (l.to_string(), c.to_string(), k.to_string()));
    assert_eq!(found, want, "{text}");
}
