//! Valid scenario files: each in `tests/valid/` must parse, and a compact
//! summary of its syntax tree (every item with its span, arguments written
//! back in canonical form) is snapshotted. The full example of the language
//! description is also snapshotted as a complete AST dump.

use catan_dsl::ast::*;

/// Line number (1-based) of a byte offset.
fn line_of(src: &str, offset: usize) -> usize {
    src.get(..offset).map_or(0, |s| s.matches('\n').count()) + 1
}

fn args(a: &[Spanned<Arg>]) -> String {
    a.iter().map(|a| format!("{}", a.node)).collect::<Vec<_>>().join(" ")
}

fn kinds(a: &[Spanned<Arg>]) -> String {
    a.iter()
        .map(|a| a.node.kind_name().trim_start_matches("a ").trim_start_matches("an "))
        .collect::<Vec<_>>()
        .join(",")
}

fn guard(g: Option<&Guard>) -> String {
    g.map(|g| {
        let names: Vec<&str> = g.node.iter().map(|n| n.node.as_str()).collect();
        format!("[{}] ", names.join(", "))
    })
    .unwrap_or_default()
}

fn action(a: &Action) -> String {
    format!(
        "{} {} {}  ({})",
        a.actor.node,
        a.verb.node,
        args(&a.args),
        kinds(&a.args)
    )
}

fn rules(r: &RulesSpec) -> String {
    let mut s = r.ruleset.node.clone();
    if let Some(p) = &r.profile {
        s += &format!(" profile {}", p.node);
    }
    for o in &r.options {
        let v = match &o.node.value.node {
            OptionValue::Word(w) => w.clone(),
            OptionValue::Number(n) => format!("{n}#"),
        };
        s += &format!(" option {} {}", o.node.name.node, v);
    }
    s
}

fn summary(src: &str, file: &ScenarioFile) -> String {
    let mut out = String::new();
    for item in &file.items {
        let line = line_of(src, item.span.start);
        let head = format!("{line:>3} {:<9} ", item.node.kind_name());
        let body = match &item.node {
            Item::Header(h) => match h {
                Header::Scenario { title } => format!("{:?}", title.node),
                Header::Source(Source::Own(_)) => "own".into(),
                Header::Source(Source::Work { id, locators, note }) => format!(
                    "{} {:?} {:?}",
                    id.node,
                    locators.iter().map(|l| &l.node).collect::<Vec<_>>(),
                    note.as_ref().map(|n| &n.node)
                ),
                Header::Rules(r) => rules(r),
                Header::Language(l) => l.node.clone(),
                Header::Tags(t) | Header::Covers(t) => t.iter().map(|t| t.node.as_str()).collect::<Vec<_>>().join(" "),
                Header::KnownBug(b) => format!("{:?}", b.node),
            },
            Item::Variant(v) => format!("{}: {}", v.name.node, rules(&v.rules.node)),
            Item::Include(i) => format!("{:?}", i.path.node),
            Item::Players(p) => p.iter().map(|p| p.node.as_str()).collect::<Vec<_>>().join(" "),
            Item::Start(s) => s.node.clone(),
            Item::Board(b) => {
                let mut s = match &b.layout {
                    None => "(explicit)".to_string(),
                    Some(l) => format!("{:?}", l.node),
                };
                if let Some(block) = &b.block {
                    for l in &block.node.lines {
                        s += &format!("\n              {:?}", l.node);
                    }
                }
                s
            }
            Item::Position(p) => {
                let mut s = format!("unchecked={}", p.unchecked.is_some());
                for sec in &p.players {
                    s += &format!("\n              {}:", sec.node.player.node);
                    for i in &sec.node.items {
                        s += &format!(
                            "\n                {} {}  ({})",
                            i.node.key.node,
                            args(&i.node.args),
                            kinds(&i.node.args)
                        );
                    }
                }
                for g in &p.globals {
                    s += &format!(
                        "\n              * {} {}  ({})",
                        g.node.key.node,
                        args(&g.node.args),
                        kinds(&g.node.args)
                    );
                }
                s
            }
            Item::Step(st) => {
                let out = match st.outcome.as_ref().map(|o| &o.node) {
                    None => String::new(),
                    Some(Outcome::Accepted) => " -> accepted".into(),
                    Some(Outcome::Refused(id)) => format!(" -> refused {}", id.node),
                };
                format!("{}{}{}", guard(st.guard.as_ref()), action(&st.action.node), out)
            }
            Item::Chance(c) => format!(
                "{}{} {}  ({})",
                guard(c.guard.as_ref()),
                c.kind.node,
                args(&c.args),
                kinds(&c.args)
            ),
            Item::Expect(e) => {
                let k = match &e.kind.node {
                    ExpectKind::State(a) => format!("{}  ({})", args(a), kinds(a)),
                    ExpectKind::Event { name, fields } => format!(
                        "event {} {}",
                        name.node,
                        fields.iter().map(|f| f.node.to_string()).collect::<Vec<_>>().join(" ")
                    ),
                    ExpectKind::NoEvent { name, fields } => format!(
                        "no event {} {}",
                        name.node,
                        fields.iter().map(|f| f.node.to_string()).collect::<Vec<_>>().join(" ")
                    ),
                    ExpectKind::Legal(a) => format!("legal {}", action(&a.node)),
                    ExpectKind::Illegal(a) => format!("illegal {}", action(&a.node)),
                };
                format!("{}{}", guard(e.guard.as_ref()), k)
            }
            Item::Snapshot(s) => format!("{}{:?}", guard(s.guard.as_ref()), s.name.node),
        };
        out += &format!("{head}{}  @{:?}\n", body.trim_end(), item.span);
    }
    out
}

/// Every span in the tree lies inside the source and on char boundaries.
fn check_spans(src: &str, file: &ScenarioFile) {
    let dump = format!("{file:?}");
    // Spans appear in the debug dump as `@start..end`.
    for part in dump.split('@').skip(1) {
        let range: String = part.chars().take_while(|c| c.is_ascii_digit() || *c == '.').collect();
        let Some((a, b)) = range.split_once("..") else { continue };
        let (a, b): (usize, usize) = (a.parse().unwrap(), b.trim_end_matches('.').parse().unwrap());
        assert!(a <= b && b <= src.len(), "span {a}..{b} outside the source");
        assert!(src.is_char_boundary(a) && src.is_char_boundary(b));
    }
}

#[test]
fn valid_files() {
    insta::glob!("valid/*.cat", |path| {
        let src = std::fs::read_to_string(path).expect("readable test file");
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let file = match catan_dsl::parse(&name, &src) {
            Ok(f) => f,
            Err(e) => panic!("{name} should parse: {:#?}", e.errors()),
        };
        check_spans(&src, &file);
        insta::with_settings!({
            snapshot_path => "snapshots",
            prepend_module_to_snapshot => false,
            omit_expression => true,
        }, {
            insta::assert_snapshot!(summary(&src, &file));
        });
    });
}

const EXAMPLE: &str = include_str!("valid/robber_seven.cat");

#[test]
fn the_full_example_parses() {
    let file = catan_dsl::parse("robber_seven.cat", EXAMPLE).expect("the example parses");
    assert_eq!(file.items.len(), 23);
    assert_eq!(
        file.title().map(|t| t.node.as_str()),
        Some("A 7 makes the roller move the robber and rob")
    );
    // Spans point back at the text.
    for item in &file.items {
        assert!(!item.span.text(EXAMPLE).is_empty());
    }
    let pos = file.position().expect("a position");
    let red = &pos.node.players[0].node;
    assert_eq!(red.items[2].node.key.span.text(EXAMPLE), "roads");
    assert_eq!(red.items[2].node.args[3].span.text(EXAMPLE), "(0,-2).n-(1,-2).nw");
    insta::with_settings!({
        snapshot_path => "snapshots",
        prepend_module_to_snapshot => false,
        omit_expression => true,
    }, {
        insta::assert_debug_snapshot!("full_example_ast", file);
    });
}

#[test]
fn words_in_other_languages() {
    for line in [
        "rot baut Siedlung A.n",
        "vermell construeix poblat A.n",
        "rot zählt Größe Straßenbau",
        "blanc paga l·lana, blat i maó",
        "vermell ofereix òliba, ús, ïlla, ç",
    ] {
        let src = format!("scenario \"t\"\n{line}\n");
        let file = catan_dsl::parse("t.cat", &src).unwrap_or_else(|e| panic!("{line}: {e:?}"));
        let Item::Step(step) = &file.items[1].node else {
            panic!("{line}")
        };
        assert!(
            step.action
                .node
                .args
                .iter()
                .all(|a| matches!(a.node, Arg::Word(_) | Arg::Vertex(_))),
            "{line}: {:?}",
            step.action.node.args
        );
    }
}
