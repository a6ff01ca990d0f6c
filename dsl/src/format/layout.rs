//! Output lines and the alignment rules that turn them into text.
//!
//! Three things are aligned, each within a *run* of neighbouring lines:
//!
//! * guards: in consecutive guarded script lines the statement after the guard
//!   starts in one column (`[english, german] red …` / `[colonist]        red …`);
//! * outcomes: the `->` of script lines starts at column [`ARROW_COLUMN`], or
//!   one space after the widest statement of the run when one is wider;
//! * trailing comments: their `#` starts at column [`COMMENT_COLUMN`], or two
//!   spaces after the widest line of the run.
//!
//! Full-line comments do not break a guard or outcome run; blank lines and
//! other statements do. Blank lines are kept, but never two in a row, never at
//! the start or end of the file and never just inside a block's braces.

/// The column (0-based) where `->` starts in a script line short enough.
pub(crate) const ARROW_COLUMN: usize = 37;

/// The column (0-based) where a trailing comment starts after a short line.
pub(crate) const COMMENT_COLUMN: usize = 37;

/// What a line is, for the blank-line and comment-indentation rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Role {
    /// A line ending in `{`.
    Open,
    /// A block's `}`.
    Close,
    /// Any other statement or block line.
    Line,
}

/// What one output line holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Body {
    /// An empty line.
    Blank,
    /// A line holding only a comment (the text from `#`, trailing blanks removed).
    /// `indent` is `None` until known (inside a block it follows the next line).
    Comment(String),
    /// A statement.
    Code {
        /// What kind of line it is.
        role: Role,
        /// `[a, b]` of a guarded script line.
        guard: Option<String>,
        /// The statement (for script lines: without guard and outcome).
        code: String,
        /// `-> …` of a step or chance line.
        outcome: Option<String>,
        /// True for script lines (steps, chance, expect, snapshot): they share `->` runs.
        script: bool,
    },
}

/// One line of the formatted file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct OutLine {
    /// Spaces before the line's text; `None` for a comment line whose indentation
    /// follows its neighbours.
    pub(crate) indent: Option<usize>,
    /// Its content.
    pub(crate) body: Body,
    /// A comment after the statement, starting with `#`.
    pub(crate) comment: Option<String>,
    /// True when the line stands inside a `{ … }` block.
    pub(crate) in_block: bool,
}

impl OutLine {
    fn role(&self) -> Option<Role> {
        match &self.body {
            Body::Code { role, .. } => Some(*role),
            _ => None,
        }
    }
}

/// Lays the lines out as the file's text (ending in one newline).
pub(crate) fn layout(lines: Vec<OutLine>) -> String {
    let mut lines = tidy_blanks(lines);
    indent_comments(&mut lines);
    let guards = guard_widths(&lines);
    let mut texts: Vec<String> = lines.iter().zip(&guards).map(|(l, g)| prefix(l, *g)).collect();
    add_outcomes(&lines, &mut texts);
    add_comments(&lines, &mut texts);
    let mut out = String::new();
    for t in texts {
        out.push_str(t.trim_end());
        out.push('\n');
    }
    out
}

fn width(s: &str) -> usize {
    s.chars().count()
}

/// Drops blank lines at both ends, doubled, and just inside braces.
fn tidy_blanks(lines: Vec<OutLine>) -> Vec<OutLine> {
    let mut out: Vec<OutLine> = Vec::with_capacity(lines.len());
    for l in lines {
        if l.body == Body::Blank {
            let after_blank_or_open = match out.last() {
                None => true,
                Some(prev) => prev.body == Body::Blank || prev.role() == Some(Role::Open),
            };
            if after_blank_or_open {
                continue;
            }
        } else if l.role() == Some(Role::Close) && out.last().is_some_and(|p| p.body == Body::Blank) {
            out.pop();
        }
        out.push(l);
    }
    while out.last().is_some_and(|l| l.body == Body::Blank) {
        out.pop();
    }
    out
}

/// Comment lines inside a block take the indentation of the next block line
/// (or of the previous one when the block closes next); at the top level, 0.
fn indent_comments(lines: &mut [OutLine]) {
    for i in 0..lines.len() {
        if lines[i].indent.is_some() {
            continue;
        }
        let mut indent = 0;
        if lines[i].in_block {
            let next = lines[i + 1..].iter().find(|l| l.role().is_some());
            let prev = lines[..i].iter().rev().find(|l| l.role().is_some());
            indent = match (next, prev) {
                (Some(n), _) if n.role() == Some(Role::Line) => n.indent.unwrap_or(2),
                (_, Some(p)) if p.role() == Some(Role::Line) => p.indent.unwrap_or(2),
                _ => 2,
            };
        }
        lines[i].indent = Some(indent);
    }
}

/// The width each guard is padded to (runs of guarded script lines).
fn guard_widths(lines: &[OutLine]) -> Vec<usize> {
    let mut widths = vec![0; lines.len()];
    let mut run: Vec<usize> = Vec::new();
    let close = |run: &mut Vec<usize>, widths: &mut Vec<usize>| {
        let w = run
            .iter()
            .filter_map(|&i| match &lines[i].body {
                Body::Code { guard: Some(g), .. } => Some(width(g)),
                _ => None,
            })
            .max()
            .unwrap_or(0);
        for &i in run.iter() {
            widths[i] = w + 1;
        }
        run.clear();
    };
    for (i, l) in lines.iter().enumerate() {
        match &l.body {
            Body::Code { guard: Some(_), .. } => run.push(i),
            Body::Comment(_) => {}
            _ => close(&mut run, &mut widths),
        }
    }
    close(&mut run, &mut widths);
    widths
}

/// Indentation, padded guard and statement.
fn prefix(l: &OutLine, guard_width: usize) -> String {
    let indent = " ".repeat(l.indent.unwrap_or(0));
    match &l.body {
        Body::Blank => String::new(),
        Body::Comment(c) => format!("{indent}{c}"),
        Body::Code { guard, code, .. } => match guard {
            Some(g) => format!(
                "{indent}{g}{}{code}",
                " ".repeat(guard_width.saturating_sub(width(g)).max(1))
            ),
            None => format!("{indent}{code}"),
        },
    }
}

/// Appends `-> …`, aligned per run of script lines.
fn add_outcomes(lines: &[OutLine], texts: &mut [String]) {
    let mut run: Vec<usize> = Vec::new();
    let close = |run: &mut Vec<usize>, texts: &mut [String]| {
        let with: Vec<usize> = run
            .iter()
            .copied()
            .filter(|&i| matches!(&lines[i].body, Body::Code { outcome: Some(_), .. }))
            .collect();
        let col = with
            .iter()
            .map(|&i| width(&texts[i]) + 1)
            .max()
            .unwrap_or(0)
            .max(ARROW_COLUMN);
        for i in with {
            if let Body::Code { outcome: Some(o), .. } = &lines[i].body {
                let pad = col - width(&texts[i]);
                texts[i] = format!("{}{}{o}", texts[i], " ".repeat(pad));
            }
        }
        run.clear();
    };
    for (i, l) in lines.iter().enumerate() {
        match &l.body {
            Body::Code { script: true, .. } => run.push(i),
            Body::Comment(_) => {}
            _ => close(&mut run, texts),
        }
    }
    close(&mut run, texts);
}

/// Appends trailing comments, aligned per run of consecutive commented lines.
fn add_comments(lines: &[OutLine], texts: &mut [String]) {
    let mut i = 0;
    while i < lines.len() {
        if lines[i].comment.is_none() || !matches!(lines[i].body, Body::Code { .. }) {
            i += 1;
            continue;
        }
        let start = i;
        while i < lines.len() && lines[i].comment.is_some() && matches!(lines[i].body, Body::Code { .. }) {
            i += 1;
        }
        let col = texts[start..i]
            .iter()
            .map(|t| width(t) + 2)
            .max()
            .unwrap_or(0)
            .max(COMMENT_COLUMN);
        for j in start..i {
            if let Some(c) = &lines[j].comment {
                let pad = col - width(&texts[j]);
                texts[j] = format!("{}{}{c}", texts[j], " ".repeat(pad));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn code(code: &str, guard: Option<&str>, outcome: Option<&str>) -> OutLine {
        OutLine {
            indent: Some(0),
            body: Body::Code {
                role: Role::Line,
                guard: guard.map(str::to_owned),
                code: code.into(),
                outcome: outcome.map(str::to_owned),
                script: true,
            },
            comment: None,
            in_block: false,
        }
    }

    fn blank() -> OutLine {
        OutLine {
            indent: Some(0),
            body: Body::Blank,
            comment: None,
            in_block: false,
        }
    }

    #[test]
    fn outcomes_start_at_the_arrow_column() {
        let text = layout(vec![code("red ends turn", None, Some("-> accepted"))]);
        assert_eq!(text.find("->"), Some(ARROW_COLUMN));
    }

    #[test]
    fn a_long_step_pushes_its_run_but_not_the_next() {
        let long = "red offers blue 1 brick, 1 wool for 2 brick";
        let text = layout(vec![
            code(long, None, Some("-> refused A.B")),
            code("red ends turn", None, Some("-> refused A.B")),
            blank(),
            code("red ends turn", None, Some("-> refused A.B")),
        ]);
        let cols: Vec<Option<usize>> = text.lines().map(|l| l.find("->")).collect();
        assert_eq!(
            cols,
            [Some(long.len() + 1), Some(long.len() + 1), None, Some(ARROW_COLUMN)]
        );
    }

    #[test]
    fn guards_align_within_their_run() {
        let text = layout(vec![
            code("expect phase main", Some("[english, german]"), None),
            code("expect phase main", Some("[colonist]"), None),
        ]);
        assert_eq!(
            text,
            "[english, german] expect phase main\n[colonist]        expect phase main\n"
        );
    }

    #[test]
    fn blank_lines_are_single_and_never_at_the_ends() {
        let text = layout(vec![
            blank(),
            code("a", None, None),
            blank(),
            blank(),
            code("b", None, None),
            blank(),
        ]);
        assert_eq!(text, "a\n\nb\n");
    }

    #[test]
    fn trailing_comments_align_in_runs() {
        let mut a = code("red ends turn", None, None);
        a.comment = Some("# one".into());
        let mut b = code("red rolls 3+4", None, Some("-> accepted"));
        b.comment = Some("# two".into());
        let text = layout(vec![a, b]);
        let lines: Vec<&str> = text.lines().collect();
        let col = ARROW_COLUMN + "-> accepted".len() + 2;
        assert_eq!(lines[0].find('#'), Some(col));
        assert_eq!(lines[1].find('#'), Some(col));
    }
}
