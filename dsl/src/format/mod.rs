//! The canonical layout of a scenario file (`catan-harness fmt`).
//!
//! [`format()`] parses a file, writes every statement back from its syntax tree
//! and keeps what the tree does not hold from the source: comments (full-line
//! and trailing), blank lines between statements, and the commas an author put
//! between list elements. The layout is the one most files under `scenarios/`
//! were written in:
//!
//! * one statement per line: `red: settlements A.n; roads A.n-ne` becomes a
//!   `red:` line and one line per item;
//! * every top-level statement starts in column 0; block lines are indented by
//!   2 (`hex …`, `red:`, table-wide items such as `turn red main`), a player's
//!   items by 4;
//! * the keywords of the lines that describe the scenario (`scenario`,
//!   `source`, `rules`, `language`, `tags`, `covers`, `known-bug`, `variant`)
//!   are padded to 9 columns, a player's item keys to 12, so values line up;
//! * one space between tokens, canonical spelling inside a token (`(0,-2)`,
//!   `2 brick`, `[english, colonist]`), commas written `, `;
//! * guards, `->` outcomes and trailing comments are aligned (see the layout
//!   module).
//!
//! Formatting never changes meaning: the result is parsed again and its tree,
//! spans aside, must equal the original's ([`shape`]); otherwise [`format()`]
//! returns [`FormatError::Changed`] and the file must be left as it is. A file
//! that does not parse is not formatted ([`FormatError::Parse`]).

mod layout;
mod render;

use std::collections::BTreeMap;

use crate::ast::{Item, Position, ScenarioFile, Span};
use crate::diagnostics::ParseErrors;
use layout::{Body, OutLine, Role};
use render::{padded, ScriptParts, HEADER_KEY_WIDTH, ITEM_KEY_WIDTH};

/// Why a file was not formatted.
#[derive(Debug, thiserror::Error)]
pub enum FormatError {
    /// The file does not parse: every diagnostic of the file.
    #[error("{0}")]
    Parse(Box<ParseErrors>),
    /// The formatter could not lay the file out without changing what it means
    /// (a bug of the formatter; the file is left untouched).
    #[error("{file}: formatting would change the file's meaning ({detail}); left as it is")]
    Changed {
        /// The file's name.
        file: String,
        /// What went wrong.
        detail: String,
    },
}

/// The canonical layout of one scenario or fragment file.
///
/// # Errors
/// [`FormatError::Parse`] when the file does not parse, [`FormatError::Changed`]
/// when the laid-out text would not parse back to the same tree.
pub fn format(file_name: &str, source: &str) -> Result<String, FormatError> {
    let file = crate::parse(file_name, source).map_err(|e| FormatError::Parse(Box::new(e)))?;
    let changed = |detail: String| FormatError::Changed {
        file: file_name.to_owned(),
        detail,
    };
    let lines = out_lines(source, &file).map_err(changed)?;
    let text = layout::layout(lines);
    match crate::parse(file_name, &text) {
        Ok(again) if shape(&again) == shape(&file) => Ok(text),
        Ok(_) => Err(changed("the statements read back differently".into())),
        Err(e) => Err(changed(format!("the result does not parse: {}", e.codes().join(", ")))),
    }
}

/// The tree of a file with every span blanked: two files with equal shapes say
/// the same thing, whatever their layout.
pub fn shape(file: &ScenarioFile) -> String {
    let items: Vec<&Item> = file.items.iter().map(|i| &i.node).collect();
    blank_spans(&format!("{items:?}"))
}

/// Replaces every `START..END` (how spans print) by `_`.
fn blank_spans(debug: &str) -> String {
    let mut out = String::with_capacity(debug.len());
    let mut rest = debug;
    while let Some(c) = rest.chars().next() {
        if c.is_ascii_digit() {
            let digits = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
            let after = &rest[digits..];
            if let Some(tail) = after.strip_prefix("..") {
                let more = tail.len() - tail.trim_start_matches(|c: char| c.is_ascii_digit()).len();
                if more > 0 {
                    out.push('_');
                    rest = &tail[more..];
                    continue;
                }
            }
            out.push_str(&rest[..digits]);
            rest = after;
        } else {
            out.push(c);
            rest = &rest[c.len_utf8()..];
        }
    }
    out
}

/// A statement (or block line) to write, at its source offset.
struct Entry {
    at: usize,
    indent: usize,
    body: Body,
}

fn line(at: usize, indent: usize, role: Role, code: String) -> Entry {
    Entry {
        at,
        indent,
        body: Body::Code {
            role,
            guard: None,
            code,
            outcome: None,
            script: false,
        },
    }
}

fn script(at: usize, parts: ScriptParts) -> Entry {
    Entry {
        at,
        indent: 0,
        body: Body::Code {
            role: Role::Line,
            guard: parts.guard,
            code: parts.code,
            outcome: parts.outcome,
            script: true,
        },
    }
}

/// Every statement and block line of the file, in source order.
fn entries(src: &str, file: &ScenarioFile) -> Result<Vec<Entry>, String> {
    let mut out = Vec::new();
    for item in &file.items {
        let at = item.span.start;
        match &item.node {
            Item::Header(h) => out.push(line(at, 0, Role::Line, render::header(src, h))),
            Item::Variant(v) => out.push(line(
                at,
                0,
                Role::Line,
                format!(
                    "{}{}: rules {}",
                    padded("variant", HEADER_KEY_WIDTH),
                    v.name.node,
                    render::rules(&v.rules.node)
                ),
            )),
            Item::Include(i) => out.push(line(
                at,
                0,
                Role::Line,
                format!("include {}", crate::Arg::Str(i.path.node.clone())),
            )),
            Item::Players(p) => {
                let names: Vec<crate::Spanned<crate::Arg>> =
                    p.iter().map(|n| n.clone().map(crate::Arg::Word)).collect();
                out.push(line(
                    at,
                    0,
                    Role::Line,
                    format!("players {}", render::args(src, &names)),
                ));
            }
            Item::Start(s) => out.push(line(at, 0, Role::Line, format!("start {}", s.node))),
            Item::Board(b) => {
                out.push(line(
                    at,
                    0,
                    if b.block.is_some() { Role::Open } else { Role::Line },
                    render::board_open(b),
                ));
                if let Some(block) = &b.block {
                    for l in &block.node.lines {
                        out.push(line(l.span.start, 2, Role::Line, render::board_line(src, &l.node)));
                    }
                    out.push(line(close_brace(src, item.span)?, 0, Role::Close, "}".into()));
                }
            }
            Item::Position(p) => {
                out.push(line(at, 0, Role::Open, "position {".into()));
                position(src, p, &mut out);
                out.push(line(close_brace(src, item.span)?, 0, Role::Close, "}".into()));
            }
            Item::Step(s) => out.push(script(at, render::step(src, s))),
            Item::Chance(c) => out.push(script(at, render::chance(src, c))),
            Item::Expect(e) => out.push(script(at, render::expect(src, e))),
            Item::Snapshot(s) => out.push(script(at, render::snapshot(s))),
        }
    }
    out.sort_by_key(|e| e.at);
    Ok(out)
}

/// The lines inside `position { … }`.
fn position(src: &str, p: &Position, out: &mut Vec<Entry>) {
    if let Some(u) = p.unchecked {
        out.push(line(u.start, 2, Role::Line, "unchecked".into()));
    }
    for section in &p.players {
        let s = &section.node;
        out.push(line(s.player.span.start, 2, Role::Line, format!("{}:", s.player.node)));
        for item in &s.items {
            let i = &item.node;
            let code = match render::args(src, &i.args) {
                a if a.is_empty() => i.key.node.clone(),
                a => format!("{}{a}", padded(&i.key.node, ITEM_KEY_WIDTH)),
            };
            out.push(line(item.span.start, 4, Role::Line, code));
        }
    }
    for item in &p.globals {
        let i = &item.node;
        let code = match render::args(src, &i.args) {
            a if a.is_empty() => i.key.node.clone(),
            a => format!("{} {a}", i.key.node),
        };
        out.push(line(item.span.start, 2, Role::Line, code));
    }
}

/// The offset of the `}` that ends a block statement spanning `span`.
fn close_brace(src: &str, span: Span) -> Result<usize, String> {
    let at = span.end.saturating_sub(1);
    match src.get(at..span.end) {
        Some("}") => Ok(at),
        _ => Err(format!("no `}}` at the end of the block at byte {}", span.start)),
    }
}

/// The source's lines as `(start, text)` (line ends `\n`, `\r\n` or `\r`).
fn source_lines(src: &str) -> Vec<(usize, &str)> {
    let mut lines = Vec::new();
    let bytes = src.as_bytes();
    let (mut start, mut i) = (0, 0);
    while i < bytes.len() {
        match bytes[i] {
            b'\n' | b'\r' => {
                lines.push((start, &src[start..i]));
                i += if bytes[i] == b'\r' && bytes.get(i + 1) == Some(&b'\n') {
                    2
                } else {
                    1
                };
                start = i;
            }
            _ => i += 1,
        }
    }
    if start < src.len() {
        lines.push((start, &src[start..]));
    }
    lines
}

fn is_blank(c: char) -> bool {
    c.is_whitespace() || c == '\u{feff}'
}

/// The output lines: statements from the tree, comments and blank lines from the source.
fn out_lines(src: &str, file: &ScenarioFile) -> Result<Vec<OutLine>, String> {
    let lines = source_lines(src);
    let starts: Vec<usize> = lines.iter().map(|(s, _)| *s).collect();
    let mut by_line: BTreeMap<usize, Vec<Entry>> = BTreeMap::new();
    for e in entries(src, file)? {
        let n = starts.partition_point(|&s| s <= e.at).saturating_sub(1);
        by_line.entry(n).or_default().push(e);
    }
    let mut out = Vec::new();
    let mut depth_open = false;
    for (n, (_, text)) in lines.iter().enumerate() {
        let (code, comment) = match crate::parse::comment_start(text) {
            Some(i) => (&text[..i], Some(text[i..].trim_end_matches(is_blank).to_owned())),
            None => (*text, None),
        };
        match by_line.remove(&n) {
            Some(entries) => {
                let mut comment = comment;
                for e in entries {
                    if let Body::Code { role, .. } = &e.body {
                        match role {
                            Role::Open => depth_open = true,
                            Role::Close => depth_open = false,
                            Role::Line => {}
                        }
                    }
                    out.push(OutLine {
                        indent: Some(e.indent),
                        body: e.body,
                        comment: comment.take(),
                        in_block: depth_open,
                    });
                }
            }
            None if !code.trim_matches(is_blank).is_empty() => {
                return Err(format!("line {} holds text no statement accounts for", n + 1));
            }
            None => out.push(OutLine {
                indent: if depth_open { None } else { Some(0) },
                body: comment.map_or(Body::Blank, Body::Comment),
                comment: None,
                in_block: depth_open,
            }),
        }
    }
    if let Some(n) = by_line.keys().next() {
        return Err(format!("a statement was placed on line {} that does not exist", n + 1));
    }
    Ok(out)
}

#[cfg(test)]
mod tests;
