//! Statements written back in their canonical spelling.
//!
//! Every token is written from the syntax tree ([`Arg`]'s `Display` and the
//! header types), so spacing inside a token is canonical (`( 0 , -2 )` becomes
//! `(0,-2)`, `2   brick` becomes `2 brick`). The only thing read back from the
//! source text is whether a comma stood between two list elements: commas carry
//! no meaning, and the formatter keeps the author's choice, written `, `.

use crate::ast::{
    Action, Arg, Board, BoardLayout, BoardLine, Chance, Expect, ExpectKind, Field, Guard, Header, Locator, Outcome,
    RulesSpec, Snapshot, Source, Span, Spanned, Step,
};

/// Keywords of the lines that describe the scenario are padded to this width,
/// so that their values line up (`scenario`, `source   `, `rules    `…).
pub(crate) const HEADER_KEY_WIDTH: usize = 9;

/// Keys of a player's position items are padded to this width
/// (`settlements A.n`, `roads       A.n-ne`), the width of `settlements` + 1.
pub(crate) const ITEM_KEY_WIDTH: usize = 12;

/// `key` followed by spaces up to `width` (at least one space).
pub(crate) fn padded(key: &str, width: usize) -> String {
    let n = key.chars().count();
    format!("{key}{}", " ".repeat(width.saturating_sub(n).max(1)))
}

/// The separator between two list elements: `, ` when the source had a comma
/// between them, else a space.
fn sep(src: &str, before: Span, after: Span) -> &'static str {
    let gap = src.get(before.end..after.start).unwrap_or("");
    if gap.contains(',') {
        ", "
    } else {
        " "
    }
}

/// Elements written in order with [`sep`] between them.
fn list<T>(src: &str, items: &[Spanned<T>], show: impl Fn(&T) -> String) -> String {
    let mut out = String::new();
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            out.push_str(sep(src, items[i - 1].span, item.span));
        }
        out.push_str(&show(&item.node));
    }
    out
}

/// A double-quoted string with `"` and `\` escaped.
fn quoted(s: &str) -> String {
    Arg::Str(s.to_owned()).to_string()
}

/// Arguments with the author's commas.
pub(crate) fn args(src: &str, args: &[Spanned<Arg>]) -> String {
    list(src, args, Arg::to_string)
}

fn fields(src: &str, fields: &[Spanned<Field>]) -> String {
    list(src, fields, Field::to_string)
}

/// `word rest` or just `word` when `rest` is empty.
fn words(head: &str, rest: &str) -> String {
    if rest.is_empty() {
        head.to_owned()
    } else {
        format!("{head} {rest}")
    }
}

/// A header line (`scenario`, `source`, `rules`, `language`, `tags`, `covers`, `known-bug`).
pub(crate) fn header(src: &str, h: &Header) -> String {
    let (key, value) = match h {
        Header::Scenario { title } => ("scenario", quoted(title)),
        Header::Source(s) => ("source", source(s)),
        Header::Rules(r) => ("rules", rules(r)),
        Header::Language(l) => ("language", l.node.clone()),
        Header::Tags(t) => ("tags", list(src, t, String::clone)),
        Header::Covers(c) => ("covers", list(src, c, String::clone)),
        Header::KnownBug(b) => ("known-bug", quoted(b)),
    };
    format!("{}{value}", padded(key, HEADER_KEY_WIDTH))
}

fn source(s: &Source) -> String {
    match s {
        Source::Own(_) => "own".into(),
        Source::Work { id, locators, note } => {
            let mut parts = vec![id.node.clone()];
            parts.extend(locators.iter().map(|l| locator(&l.node)));
            parts.extend(note.iter().map(|n| quoted(n)));
            parts.join(" ")
        }
    }
}

fn locator(l: &Locator) -> String {
    match l {
        Locator::Page(p) => format!("p.{p}"),
        Locator::Pages(a, b) => format!("pp.{a}-{b}"),
        Locator::Section(parts) => {
            let parts: Vec<String> = parts.iter().map(u32::to_string).collect();
            format!("§{}", parts.join("."))
        }
    }
}

/// `RULESET [profile P] [option NAME VALUE]…`, clauses in the order written.
pub(crate) fn rules(r: &RulesSpec) -> String {
    let mut clauses: Vec<(usize, String)> = Vec::new();
    if let Some(p) = &r.profile {
        clauses.push((p.span.start, format!("profile {}", p.node)));
    }
    for o in &r.options {
        let value = match &o.node.value.node {
            crate::ast::OptionValue::Word(w) => w.clone(),
            crate::ast::OptionValue::Number(n) => n.to_string(),
        };
        clauses.push((o.span.start, format!("option {} {value}", o.node.name.node)));
    }
    clauses.sort_by_key(|(at, _)| *at);
    let mut out = r.ruleset.node.clone();
    for (_, c) in clauses {
        out.push(' ');
        out.push_str(&c);
    }
    out
}

/// The `board …` line (with ` {` when a block follows).
pub(crate) fn board_open(b: &Board) -> String {
    let mut out = String::from("board");
    if let Some(layout) = &b.layout {
        out.push(' ');
        match &layout.node {
            BoardLayout::Named(n) => out.push_str(n),
            BoardLayout::Random { seed, tokens } => {
                out.push_str(&format!("random seed {}", seed.node));
                if let Some(t) = tokens {
                    out.push_str(&format!(" tokens {}", t.node));
                }
            }
            BoardLayout::Map { name, players, seed } => {
                out.push_str(&name.node);
                if let Some(p) = players {
                    out.push_str(&format!(":{}", p.node));
                }
                if let Some(s) = seed {
                    out.push_str(&format!(" seed {}", s.node));
                }
            }
        }
    }
    if b.block.is_some() {
        out.push_str(" {");
    }
    out
}

/// One line of a `board { … }` block.
pub(crate) fn board_line(src: &str, l: &BoardLine) -> String {
    match l {
        BoardLine::Hex {
            hex,
            terrain,
            token,
            area,
        } => {
            let mut s = format!("hex {} {}", hex.node, terrain.node);
            if let Some(t) = token {
                s.push_str(&format!(" {}", t.node));
            }
            if let Some(a) = area {
                s.push_str(&format!(" area {}", a.node));
            }
            s
        }
        BoardLine::Harbor { edge, kind } => format!("harbor {} {}", edge.node, kind.node),
        BoardLine::Token { hex, number } => format!("token {} {}", hex.node, number.node),
        BoardLine::Swap { a, b } => format!("swap {}{}{}", a.node, sep(src, a.span, b.span), b.node),
        BoardLine::Soldiers { at } => format!("soldiers from {}", at.node),
        BoardLine::Pirate { at } => format!("pirate {}", at.node),
        BoardLine::Robber { at } => format!("robber {}", at.node),
    }
}

/// `[a, b]`.
pub(crate) fn guard(g: &Guard) -> String {
    let names: Vec<&str> = g.node.iter().map(|n| n.node.as_str()).collect();
    format!("[{}]", names.join(", "))
}

/// `-> accepted` / `-> refused RULE.ID`.
pub(crate) fn outcome(o: &Outcome) -> String {
    match o {
        Outcome::Accepted => "-> accepted".into(),
        Outcome::Refused(id) => format!("-> refused {}", id.node),
    }
}

/// `ACTOR VERB ARGS`.
pub(crate) fn action(src: &str, a: &Action) -> String {
    words(&format!("{} {}", a.actor.node, a.verb.node), &args(src, &a.args))
}

/// A script line split in its three aligned parts: guard, statement, outcome.
pub(crate) struct ScriptParts {
    /// `[a, b]`, when guarded.
    pub(crate) guard: Option<String>,
    /// The statement itself.
    pub(crate) code: String,
    /// `-> …`, when written.
    pub(crate) outcome: Option<String>,
}

pub(crate) fn step(src: &str, s: &Step) -> ScriptParts {
    ScriptParts {
        guard: s.guard.as_ref().map(guard),
        code: action(src, &s.action.node),
        outcome: s.outcome.as_ref().map(|o| outcome(&o.node)),
    }
}

pub(crate) fn chance(src: &str, c: &Chance) -> ScriptParts {
    ScriptParts {
        guard: c.guard.as_ref().map(guard),
        code: words(&format!("chance {}", c.kind.node), &args(src, &c.args)),
        outcome: c.outcome.as_ref().map(|o| outcome(&o.node)),
    }
}

pub(crate) fn expect(src: &str, e: &Expect) -> ScriptParts {
    let what = match &e.kind.node {
        ExpectKind::State(a) => args(src, a),
        ExpectKind::Event { name, fields: f } => words(&format!("event {}", name.node), &fields(src, f)),
        ExpectKind::NoEvent { name, fields: f } => words(&format!("no event {}", name.node), &fields(src, f)),
        ExpectKind::Legal(a) => format!("legal {}", action(src, &a.node)),
        ExpectKind::Illegal(a) => format!("illegal {}", action(src, &a.node)),
    };
    ScriptParts {
        guard: e.guard.as_ref().map(guard),
        code: format!("expect {what}"),
        outcome: None,
    }
}

pub(crate) fn snapshot(s: &Snapshot) -> ScriptParts {
    ScriptParts {
        guard: s.guard.as_ref().map(guard),
        code: format!("snapshot {}", quoted(&s.name)),
        outcome: None,
    }
}
