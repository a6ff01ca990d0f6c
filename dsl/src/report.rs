//! Rendering diagnostics so that no input can break or flood the report.
//!
//! miette's graphical renderer prints every labelled line whole and panics on a column
//! past 65,535 (16,384 tabs and a letter are enough), and a file with thousands of
//! errors on one long line would print that line thousands of times. [`Safe`] wraps any
//! diagnostic before it is rendered:
//!
//! - **Long lines are clipped.** A line longer than [`MAX_LINE_CHARS`] characters is cut
//!   to windows around the labels on it, with `…` where text was left out; the labels
//!   still point at the same text and the header still gives the original line and column.
//!   Lines far from every label are not carried at all (their line breaks are, so line
//!   numbers stay true); the lines inside a label that spans up to 60 lines are shown.
//! - **Control characters are made visible** (`␀`, `␛` …) in the source and in messages, so
//!   a file cannot send escape sequences to the terminal.
//! - **Messages are bounded** to [`MAX_TEXT_CHARS`] characters each.
//! - **At most [`MAX_ERRORS`] errors per file** are shown, then one note says how many more
//!   there are.
//!
//! The output of one report is therefore bounded by a constant times the number of lines
//! of the file, whatever the file holds.

use miette::{
    Diagnostic, GraphicalReportHandler, GraphicalTheme, LabeledSpan, MietteError, MietteSpanContents, Severity,
    SourceCode, SourceSpan, SpanContents,
};
use std::collections::BTreeMap;
use std::fmt;

/// `n` with its noun, singular for exactly one: `count(1, "error", "errors")` is
/// `1 error`, `count(3, "error", "errors")` is `3 errors`. Every count a person reads in
/// the harness's output is worded through it.
pub fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// The most errors shown for one file; the rest are counted in one closing note.
pub const MAX_ERRORS: usize = 20;
/// The most characters of a message, label or help line shown.
pub const MAX_TEXT_CHARS: usize = 1_000;
/// A source line longer than this (in characters) is clipped around its labels.
pub const MAX_LINE_CHARS: usize = 160;
/// Characters kept before a label's start on a clipped line.
const WINDOW_BEFORE: usize = 40;
/// Characters kept after a label's start (or around its end) on a clipped line.
const WINDOW_AFTER: usize = 60;
/// Lines kept on each side of a labelled line (miette shows one).
const CONTEXT_LINES: usize = 2;
/// The most lines of one multi-line label shown whole.
const MAX_SPAN_LINES: usize = 60;
/// The most labels kept per diagnostic.
const MAX_LABELS: usize = 8;
/// How deep related diagnostics are followed.
const MAX_DEPTH: usize = 3;
/// What stands for text left out of a clipped line.
const ELLIPSIS: &str = "…";

/// Renders `diagnostic` without colour at `width` columns, safely (see the module docs).
/// Never panics: a renderer failure becomes a one-line note.
pub fn render(diagnostic: &dyn Diagnostic, width: usize) -> String {
    let handler = GraphicalReportHandler::new_themed(GraphicalTheme::unicode_nocolor()).with_width(width);
    render_with(&handler, diagnostic)
}

/// Renders `diagnostic` with the given miette handler, safely (see the module docs).
pub fn render_with(handler: &GraphicalReportHandler, diagnostic: &dyn Diagnostic) -> String {
    let safe = Safe::new(diagnostic);
    let mut out = String::new();
    if handler.render_report(&mut out, &safe).is_err() {
        out.push_str("(the diagnostic could not be rendered)\n");
    }
    out
}

/// A diagnostic rebuilt for safe rendering: bounded texts, clipped source, capped related
/// errors. Build it with [`Safe::new`] and hand it to any miette handler.
#[derive(Debug)]
pub struct Safe {
    message: String,
    code: Option<String>,
    help: Option<String>,
    severity: Option<Severity>,
    labels: Vec<LabeledSpan>,
    source: Option<ClippedSource>,
    related: Vec<Safe>,
}

impl Safe {
    /// Wraps `diagnostic` (and its related diagnostics, at most [`MAX_ERRORS`] of them).
    pub fn new(diagnostic: &dyn Diagnostic) -> Self {
        Safe::build(diagnostic, None, 0)
    }

    fn build(d: &dyn Diagnostic, parent_src: Option<&dyn SourceCode>, depth: usize) -> Self {
        let src = d.source_code().or(parent_src);
        let labels: Vec<LabeledSpan> = d.labels().map(|l| l.take(MAX_LABELS).collect()).unwrap_or_default();
        let (source, labels) = match src.and_then(full_text) {
            Some((name, text)) => {
                let (clipped, labels) = ClippedSource::new(name, &text, &labels);
                (Some(clipped), labels)
            }
            // Without a source miette draws no snippet: labels are kept as they are.
            None => (None, labels),
        };
        let mut related = Vec::new();
        if depth < MAX_DEPTH {
            if let Some(rel) = d.related() {
                let mut extra = 0usize;
                for r in rel {
                    if related.len() < MAX_ERRORS {
                        related.push(Safe::build(r, src, depth + 1));
                    } else {
                        extra += 1;
                    }
                }
                if extra > 0 {
                    related.push(Safe::note(format!(
                        "… and {extra} more error{} (only the first {MAX_ERRORS} of a file are shown)",
                        if extra == 1 { "" } else { "s" }
                    )));
                }
            }
        }
        Safe {
            message: bounded(&d.to_string()),
            code: d.code().map(|c| bounded(&c.to_string())),
            help: d.help().map(|h| bounded(&h.to_string())),
            severity: d.severity(),
            labels,
            source,
            related,
        }
    }

    fn note(message: String) -> Self {
        Safe {
            message,
            code: None,
            help: None,
            severity: Some(Severity::Advice),
            labels: Vec::new(),
            source: None,
            related: Vec::new(),
        }
    }

    /// The diagnostics shown under this one (the first [`MAX_ERRORS`], then the note).
    pub fn related_count(&self) -> usize {
        self.related.len()
    }
}

impl fmt::Display for Safe {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Safe {}

impl Diagnostic for Safe {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.code.as_ref().map(|c| Box::new(c) as Box<dyn fmt::Display>)
    }

    fn severity(&self) -> Option<Severity> {
        self.severity
    }

    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.help.as_ref().map(|h| Box::new(h) as Box<dyn fmt::Display>)
    }

    fn source_code(&self) -> Option<&dyn SourceCode> {
        self.source.as_ref().map(|s| s as &dyn SourceCode)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        if self.labels.is_empty() {
            None
        } else {
            Some(Box::new(self.labels.iter().cloned()))
        }
    }

    fn related<'a>(&'a self) -> Option<Box<dyn Iterator<Item = &'a dyn Diagnostic> + 'a>> {
        if self.related.is_empty() {
            None
        } else {
            Some(Box::new(self.related.iter().map(|r| r as &dyn Diagnostic)))
        }
    }
}

/// The whole text of a source and its name.
fn full_text(src: &dyn SourceCode) -> Option<(Option<String>, String)> {
    let all = src.read_span(&SourceSpan::from((0, 0)), 0, usize::MAX).ok()?;
    Some((
        all.name().map(bounded),
        String::from_utf8_lossy(all.data()).into_owned(),
    ))
}

/// `text` with control characters made visible (`␛`, `␀` …; line breaks kept) and cut to
/// [`MAX_TEXT_CHARS`] characters: safe to print whatever a file or file name holds.
pub fn bounded(text: &str) -> String {
    let mut out = String::new();
    for (n, c) in text.chars().enumerate() {
        if n == MAX_TEXT_CHARS {
            out.push_str(ELLIPSIS);
            break;
        }
        match c {
            '\n' => out.push('\n'),
            c => out.push(visible(c).unwrap_or(c)),
        }
    }
    out
}

/// The visible stand-in for a character a terminal would act on (control characters,
/// bidirectional overrides), or `None` for a character printed as it is. Tabs and line
/// breaks are left to the caller.
fn visible(c: char) -> Option<char> {
    match c {
        '\t' => None,
        '\u{0}'..='\u{1f}' => char::from_u32(0x2400 + c as u32),
        '\u{7f}' => Some('␡'),
        '\u{80}'..='\u{9f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' => Some('\u{fffd}'),
        _ => None,
    }
}

/// A source cut down for one diagnostic: clipped lines, far lines left out, and the
/// original column of each label start for the report's header.
#[derive(Debug)]
struct ClippedSource {
    name: Option<String>,
    text: String,
    /// Clipped offset of a label start -> its byte column in the original line.
    columns: BTreeMap<usize, usize>,
}

impl ClippedSource {
    /// Clips `text` for `labels` (original offsets) and returns the labels moved onto
    /// the clipped text.
    fn new(name: Option<String>, text: &str, labels: &[LabeledSpan]) -> (Self, Vec<LabeledSpan>) {
        let mut points: Vec<usize> = Vec::new();
        let mut ranges: Vec<(usize, usize)> = Vec::new();
        for l in labels {
            let start = floor_boundary(text, l.offset());
            let end = floor_boundary(text, l.offset().saturating_add(l.len())).max(start);
            points.push(start);
            points.push(end);
            ranges.push((start, end));
        }
        points.sort_unstable();
        points.dedup();
        let clip = Clipper::run(text, &points, &ranges);
        let mut columns = BTreeMap::new();
        let moved = labels
            .iter()
            .map(|l| {
                let start = floor_boundary(text, l.offset());
                let end = floor_boundary(text, l.offset().saturating_add(l.len())).max(start);
                let (s, e) = (clip.map(start), clip.map(end).max(clip.map(start)));
                let line_start = text[..start].rfind('\n').map_or(0, |i| i + 1);
                columns.insert(s, start - line_start);
                let label = l.label().map(bounded);
                let span = SourceSpan::from((s, e - s));
                if l.primary() {
                    LabeledSpan::new_primary_with_span(label, span)
                } else {
                    LabeledSpan::new_with_span(label, span)
                }
            })
            .collect();
        (
            ClippedSource {
                name,
                text: clip.out,
                columns,
            },
            moved,
        )
    }
}

impl SourceCode for ClippedSource {
    fn read_span<'a>(
        &'a self,
        span: &SourceSpan,
        context_lines_before: usize,
        context_lines_after: usize,
    ) -> Result<Box<dyn SpanContents<'a> + 'a>, MietteError> {
        let inner = self
            .text
            .as_bytes()
            .read_span(span, context_lines_before, context_lines_after)?;
        // The header's column is the original one, not the clipped text's.
        let column = match self.columns.get(&span.offset()) {
            Some(&c) if context_lines_before == 0 => c,
            _ => inner.column(),
        };
        let data: &'a [u8] = inner.data();
        let (span, line, count) = (*inner.span(), inner.line(), inner.line_count());
        Ok(Box::new(match &self.name {
            Some(n) => MietteSpanContents::new_named(n.clone(), data, span, line, column, count),
            None => MietteSpanContents::new(data, span, line, column, count),
        }))
    }
}

/// Display columns of a character in a clipped line (miette expands a tab to 4).
fn columns_of(c: char) -> usize {
    if c == '\t' {
        4
    } else {
        1
    }
}

/// The character index `cols` display columns before index `i`.
fn walk_back(chars: &[(usize, char)], mut i: usize, cols: usize) -> usize {
    let mut used = 0;
    while i > 0 && used < cols {
        i -= 1;
        used += columns_of(chars[i].1);
    }
    i
}

/// The character index `cols` display columns after index `i` (at most the line's end).
fn walk_forward(chars: &[(usize, char)], mut i: usize, cols: usize) -> usize {
    let mut used = 0;
    while i < chars.len() && used < cols {
        used += columns_of(chars[i].1);
        i += 1;
    }
    i
}

/// The largest char boundary of `text` at or before `i` (clamped to its length).
fn floor_boundary(text: &str, i: usize) -> usize {
    let mut i = i.min(text.len());
    while !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// Builds the clipped text and maps the interesting offsets onto it.
struct Clipper<'t> {
    text: &'t str,
    out: String,
    /// Original offset -> clipped offset, for every interesting point.
    mapped: BTreeMap<usize, usize>,
}

impl<'t> Clipper<'t> {
    fn run(text: &'t str, points: &[usize], ranges: &[(usize, usize)]) -> Self {
        let mut c = Clipper {
            text,
            out: String::new(),
            mapped: BTreeMap::new(),
        };
        // Line ranges (without their `\n`), and which lines hold a point.
        let mut lines: Vec<(usize, usize)> = Vec::new();
        let mut start = 0;
        for (i, b) in text.bytes().enumerate() {
            if b == b'\n' {
                lines.push((start, i));
                start = i + 1;
            }
        }
        lines.push((start, text.len()));
        let mut keep = vec![false; lines.len()];
        for &p in points {
            let idx = lines.partition_point(|&(_, end)| end < p);
            let idx = idx.min(lines.len() - 1);
            let lo = idx.saturating_sub(CONTEXT_LINES);
            let hi = (idx + CONTEXT_LINES).min(lines.len() - 1);
            keep[lo..=hi].iter_mut().for_each(|k| *k = true);
        }
        // The lines inside a label that spans several (a whole block), when there are few
        // enough of them to show; a longer span shows its first and last lines only.
        for &(a, b) in ranges {
            let first = lines.partition_point(|&(_, end)| end < a).min(lines.len() - 1);
            let last = lines.partition_point(|&(_, end)| end < b).min(lines.len() - 1);
            if last > first && last - first <= MAX_SPAN_LINES {
                keep[first..=last].iter_mut().for_each(|k| *k = true);
            }
        }
        for (n, &(ls, le)) in lines.iter().enumerate() {
            if n > 0 {
                c.out.push('\n');
            }
            let here: Vec<usize> = points.iter().copied().filter(|&p| p >= ls && p <= le).collect();
            if keep[n] {
                c.line(ls, le, &here);
            } else {
                for p in here {
                    c.mapped.insert(p, c.out.len());
                }
            }
        }
        c
    }

    /// Emits the line `text[ls..le]`, whole or in windows around `points`.
    fn line(&mut self, ls: usize, le: usize, points: &[usize]) {
        let line = &self.text[ls..le];
        let chars: Vec<(usize, char)> = line.char_indices().map(|(i, ch)| (ls + i, ch)).collect();
        if chars.len() <= MAX_LINE_CHARS {
            self.copy(ls, le, points);
            return;
        }
        // Windows in character indices.
        let char_at = |p: usize| chars.partition_point(|&(o, _)| o < p);
        let mut windows: Vec<(usize, usize)> = Vec::new();
        for (k, &p) in points.iter().enumerate() {
            let i = char_at(p);
            let (before, after) = if k % 2 == 0 {
                (WINDOW_BEFORE, WINDOW_AFTER)
            } else {
                (WINDOW_BEFORE / 2, WINDOW_BEFORE / 2)
            };
            windows.push((walk_back(&chars, i, before), walk_forward(&chars, i, after)));
        }
        if windows.is_empty() {
            windows.push((0, walk_forward(&chars, 0, WINDOW_AFTER)));
        }
        windows.sort_unstable();
        let mut merged: Vec<(usize, usize)> = Vec::new();
        for w in windows {
            match merged.last_mut() {
                Some(last) if w.0 <= last.1 + 1 => last.1 = last.1.max(w.1),
                _ => merged.push(w),
            }
        }
        let offset = |i: usize| chars.get(i).map_or(le, |&(o, _)| o);
        let mut at = 0usize;
        for (a, b) in merged {
            if a > at {
                self.gap(offset(at), offset(a), points);
            }
            self.copy(offset(a), offset(b), points);
            at = b;
        }
        if at < chars.len() {
            self.gap(offset(at), le, points);
        }
        for &p in points {
            self.mapped.entry(p).or_insert(self.out.len());
        }
    }

    /// Copies `text[a..b]`, control characters made visible, mapping the points in it
    /// (and a point at `b`, which the next piece may not claim).
    fn copy(&mut self, a: usize, b: usize, points: &[usize]) {
        let mut i = a;
        for ch in self.text[a..b].chars() {
            self.mapped.insert(i, self.out.len());
            match visible(ch) {
                Some(v) if ch != '\r' || i + 1 != b || !self.text[b..].starts_with('\n') => self.out.push(v),
                _ => self.out.push(ch),
            }
            i += ch.len_utf8();
        }
        if points.contains(&b) {
            self.mapped.entry(b).or_insert(self.out.len());
        }
    }

    /// Leaves out `text[a..b]`, writing the ellipsis; the points in it map to the ellipsis.
    fn gap(&mut self, a: usize, b: usize, points: &[usize]) {
        for &p in points.iter().filter(|&&p| p >= a && p < b) {
            self.mapped.insert(p, self.out.len());
        }
        self.out.push_str(ELLIPSIS);
    }

    /// Where original offset `p` lands in the clipped text.
    fn map(&self, p: usize) -> usize {
        match self.mapped.get(&p) {
            Some(&m) => m,
            None => self.mapped.range(..p).next_back().map_or(0, |(_, &m)| m),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use miette::NamedSource;

    #[derive(Debug, thiserror::Error, Diagnostic)]
    #[error("bad thing")]
    struct One {
        #[source_code]
        src: NamedSource<String>,
        #[label("here")]
        at: SourceSpan,
    }

    #[test]
    fn a_label_past_column_65535_renders_with_its_true_position() {
        let text = format!("a\n{}x\nb\n", "\t".repeat(16_384));
        let at = text.find('x').unwrap_or(0);
        let out = render(
            &One {
                src: NamedSource::new("t.cat", text.clone()),
                at: (at, 1).into(),
            },
            80,
        );
        assert!(out.contains("[t.cat:2:16385]"), "{out}");
        assert!(out.contains("x\n"), "{out}");
        assert!(out.len() < 2_000, "{} bytes", out.len());
    }

    #[test]
    fn control_characters_are_shown_not_sent() {
        let text = "ab\u{1b}[31mcd\u{0}".to_string();
        let out = render(
            &One {
                src: NamedSource::new("t.cat", text),
                at: (2, 1).into(),
            },
            80,
        );
        assert!(!out.contains('\u{1b}') && !out.contains('\u{0}'), "{out:?}");
        assert!(out.contains("ab␛[31mcd␀"), "{out}");
    }

    #[test]
    fn a_label_over_a_block_shows_every_line_of_it_and_a_huge_one_only_its_ends() {
        let block: String = (1..=10).map(|i| format!("line number {i}\n")).collect();
        let out = render(
            &One {
                src: NamedSource::new("t.cat", block.clone()),
                at: (0, block.len() - 1).into(),
            },
            80,
        );
        for i in 1..=10 {
            assert!(out.contains(&format!("line number {i}\n")), "line {i} missing:\n{out}");
        }
        let huge: String = (1..=500).map(|i| format!("line number {i}\n")).collect();
        let out = render(
            &One {
                src: NamedSource::new("t.cat", huge.clone()),
                at: (0, huge.len() - 1).into(),
            },
            80,
        );
        assert!(
            out.contains("line number 1\n") && out.contains("line number 500"),
            "{out}"
        );
        assert!(!out.contains("line number 250\n"), "a 500-line span is shown whole");
    }

    #[test]
    fn a_count_takes_the_singular_only_for_exactly_one() {
        assert_eq!(count(1, "error", "errors"), "1 error");
        assert_eq!(count(0, "error", "errors"), "0 errors");
        assert_eq!(count(2, "later line", "later lines"), "2 later lines");
    }
}
