//! From pest pairs to the [`crate::ast`] — one file per construct.
//!
//! The pest [`Rule`] enum is used only here and in [`crate::parser`]; what
//! leaves this module is AST and [`ParseError`]s.
//!
//! Reading a file happens in one pass over the pairs of the `file` rule, with
//! errors collected in a [`Ctx`] rather than returned, so that one mistake does
//! not hide the next:
//!
//! * statements become [`Item`]s (`header`, `board`, `position`, `script`,
//!   `expect` and `args` modules);
//! * error productions (`bad_*` tokens) become precise errors on the spot
//!   (`bad_tokens`);
//! * lines swallowed by the catch-all are explained at the end (`recover`),
//!   once the declared players are known;
//! * file-level checks run last (`checks`): duplicates, an empty file, a
//!   script without a title, keywords that are misspelled.
//!
//! When every error is on a line of the script (a step, a `chance`, an `expect` or a
//! `snapshot` line), the file less those lines is kept with the errors
//! ([`ParseErrors::recovered`]), so that lowering can report the other lines' mistakes in
//! the same run; an error anywhere else (a header, the board, the position, a line that
//! reads as neither) keeps nothing, since lowering the rest would report errors that only
//! follow from the broken line.

mod args;
mod bad_tokens;
mod board;
mod checks;
mod expect;
mod header;
mod position;
mod recover;
mod script;

use pest::iterators::Pair;
use pest::Parser as _;

use crate::ast::{Item, ScenarioFile, Span, Spanned};
use crate::diagnostics::{ParseError, ParseErrors};
use crate::parser::{Rule, ScenarioParser};

pub(crate) use recover::LineContext;

/// State shared by the parse functions of one file.
pub(crate) struct Ctx<'s> {
    /// The whole source text.
    pub(crate) src: &'s str,
    /// Errors found so far.
    pub(crate) errors: Vec<ParseError>,
    /// Lines swallowed by a catch-all rule, explained at the end.
    pub(crate) bad_lines: Vec<(Span, LineContext)>,
    /// Player names from the `players` line(s), known before the main pass.
    pub(crate) players: Vec<String>,
    /// True once a `scenario` line was seen, even a broken one.
    pub(crate) title_seen: bool,
}

impl<'s> Ctx<'s> {
    fn new(src: &'s str) -> Self {
        Ctx {
            src,
            errors: Vec::new(),
            bad_lines: Vec::new(),
            players: Vec::new(),
            title_seen: false,
        }
    }

    /// Records an error.
    pub(crate) fn error(&mut self, error: ParseError) {
        self.errors.push(error);
    }

    /// Records an internal error: the grammar produced a tree this module did
    /// not expect. Never expected to happen; reported instead of panicking.
    pub(crate) fn internal(&mut self, span: Span) {
        self.errors.push(ParseError::Internal { span: span.into() });
    }

    /// True if `name` is one of the declared players.
    pub(crate) fn is_player(&self, name: &str) -> bool {
        self.players.iter().any(|p| p == name)
    }
}

/// The span of a pair, without trailing whitespace and comments.
///
/// Pest skips whitespace and comments before trying an optional or repeated
/// part, and keeps them in the pair when the part is absent: `red ends turn
/// # done` would otherwise span the comment.
pub(crate) fn span_of(pair: &Pair<'_, Rule>) -> Span {
    let s = pair.as_span();
    Span::new(s.start(), s.start() + code_len(pair.as_str()))
}

/// A pair's text with its span (both without trailing whitespace/comments).
pub(crate) fn spanned_text(pair: &Pair<'_, Rule>) -> Spanned<String> {
    let span = span_of(pair);
    let text = pair.as_str().get(..span.len()).unwrap_or("");
    Spanned::new(text.to_owned(), span)
}

/// The characters the grammar skips between tokens, plus line ends.
pub(crate) const BLANK: [char; 5] = [' ', '\t', '\r', '\n', '\u{feff}'];

/// The length of `text` without trailing whitespace and comments.
fn code_len(text: &str) -> usize {
    let mut end = text.trim_end_matches(BLANK).len();
    loop {
        let t = text.get(..end).unwrap_or("");
        let line_start = t.rfind('\n').map_or(0, |i| i + 1);
        let line = t.get(line_start..).unwrap_or("");
        match comment_start(line) {
            Some(i) => end = text.get(..line_start + i).unwrap_or("").trim_end_matches(BLANK).len(),
            None => return end,
        }
    }
}

/// Where a comment starts in one line (a `#` outside a string).
pub(crate) fn comment_start(line: &str) -> Option<usize> {
    let mut in_string = false;
    let mut escaped = false;
    for (i, c) in line.char_indices() {
        if in_string {
            if escaped {
                escaped = false;
            } else if c == '\\' {
                escaped = true;
            } else if c == '"' {
                in_string = false;
            }
        } else if c == '"' {
            in_string = true;
        } else if c == '#' {
            return Some(i);
        }
    }
    None
}

/// Parses a whole file; see [`crate::parse()`].
pub(crate) fn parse_file(file_name: &str, source: &str) -> Result<ScenarioFile, ParseErrors> {
    let mut ctx = Ctx::new(source);
    let mut items = Vec::new();
    // Whether an error so far is outside the script (see the module's documentation).
    let mut beyond_script = false;

    match ScenarioParser::parse(Rule::file, source) {
        Ok(pairs) => {
            let lines: Vec<Pair<'_, Rule>> = pairs.flat_map(|file| file.into_inner()).collect();
            ctx.players = header::declared_players(&lines);
            for pair in lines {
                match pair.as_rule() {
                    Rule::statement => {
                        let script = pair.clone().into_inner().next().map(|p| p.as_rule()) == Some(Rule::script_line);
                        let before = ctx.errors.len();
                        let item = statement(&mut ctx, pair);
                        let broken = ctx.errors.len() > before;
                        beyond_script |= broken && !script;
                        // A script line with an error is left out of what is recovered.
                        if let Some(item) = item.filter(|_| !broken) {
                            items.push(item);
                        }
                    }
                    Rule::bad_line => ctx.bad_lines.push((span_of(&pair), LineContext::Top)),
                    Rule::EOI => {}
                    _ => ctx.internal(span_of(&pair)),
                }
            }
        }
        // The `file` rule has a catch-all for every line and cannot fail on
        // any input; should it ever, report where instead of panicking.
        Err(err) => {
            let e = recover::from_pest_error(&err, 0, source, LineContext::Top);
            ctx.error(e);
        }
    }

    beyond_script |= ctx
        .bad_lines
        .iter()
        .any(|&(span, context)| context != LineContext::Top || !recover::reads_as_script(&ctx, span.text(source)));
    recover::explain_bad_lines(&mut ctx);
    let before = ctx.errors.len();
    checks::check_file(&mut ctx, &items);
    beyond_script |= ctx.errors.len() > before;

    if ctx.errors.is_empty() {
        Ok(ScenarioFile { items })
    } else {
        let recovered = (!beyond_script).then_some(ScenarioFile { items });
        Err(ParseErrors::new(file_name, source, ctx.errors).with_recovered(recovered))
    }
}

/// One `statement` pair: dispatch on the kind of line.
fn statement(ctx: &mut Ctx<'_>, pair: Pair<'_, Rule>) -> Option<Spanned<Item>> {
    let span = span_of(&pair);
    let Some(inner) = pair.into_inner().next() else {
        ctx.internal(span);
        return None;
    };
    let item = match inner.as_rule() {
        Rule::scenario_line
        | Rule::source_line
        | Rule::rules_line
        | Rule::language_line
        | Rule::tags_line
        | Rule::covers_line
        | Rule::known_bug_line => header::header(ctx, inner).map(Item::Header),
        Rule::variant_line => header::variant(ctx, inner).map(Item::Variant),
        Rule::include_line => header::include(ctx, inner).map(Item::Include),
        Rule::players_line => Some(Item::Players(header::players(inner))),
        Rule::start_line => header::start(ctx, inner).map(Item::Start),
        Rule::board_stmt => board::board(ctx, inner).map(Item::Board),
        Rule::position_stmt => position::position(ctx, inner).map(Item::Position),
        Rule::script_line => script::script_line(ctx, inner),
        _ => {
            ctx.internal(span);
            None
        }
    };
    item.map(|i| Spanned::new(i, span))
}

#[cfg(test)]
mod tests {
    use super::code_len;

    /// What [`crate::diagnostics::ParseErrors::recovered`] keeps of `src`: each item's text.
    fn recovered(src: &str) -> Option<Vec<&str>> {
        let errors = crate::parse("t.cat", src).expect_err("the file has an error");
        let rest = errors.recovered()?;
        Some(rest.items.iter().map(|i| i.span.text(src)).collect())
    }

    #[test]
    fn a_file_whose_errors_are_all_in_its_script_is_kept_without_the_broken_lines() {
        let head = "scenario \"t\"\nplayers red blue\n";
        let src = format!("{head}red rolls 3+\nred ends turn\n[english red rolls 6+6\nexpect event robbed player=\n");
        let kept = recovered(&src).expect("every error is in the script");
        assert_eq!(kept, ["scenario \"t\"", "players red blue", "red ends turn"], "{src}");
        let src = format!("{head}red rolls 3+4\nred ~~ x\nexpect red vp 2\n");
        assert_eq!(recovered(&src).map(|k| k.len()), Some(4), "{src}");
    }

    #[test]
    fn an_error_outside_the_script_keeps_nothing() {
        for src in [
            "scenario \"t\"\nplyers red blue\nred ends turn\n",
            "scenario \"t\"\nplayers red blue\nposition {\n  robber (9,9,9)\n}\nred ends turn\n",
            "scenario \"t\"\nscenario \"u\"\nplayers red blue\nred ends turn\n",
            "scenario \"t\"\nplayers red blue\nhex A desert\nred ends turn\n",
        ] {
            assert_eq!(recovered(src), None, "{src}");
        }
    }

    #[test]
    fn trailing_comments_are_not_code() {
        assert_eq!(code_len("red ends turn   # done"), 13);
        assert_eq!(code_len("red says \"a # b\"  # c"), 16);
        assert_eq!(code_len("x\n  # c\n\n"), 1);
        assert_eq!(code_len("\"open # x"), 9);
        assert_eq!(code_len("  "), 0);
    }

    #[test]
    fn spans_stop_before_comments() {
        let src = "scenario \"t\"\nred ends turn   # done\n";
        let f = crate::parse("t.cat", src).expect("valid");
        assert_eq!(f.items[1].span.text(src), "red ends turn");
    }
}

#[cfg(test)]
pub(crate) mod test_util {
    //! Helpers for the unit tests of the parse modules.

    use crate::ast::{Item, ScenarioFile};

    /// Parses `src`, panicking with the rendered codes on error.
    pub(crate) fn ok(src: &str) -> ScenarioFile {
        match crate::parse("test.cat", src) {
            Ok(f) => f,
            Err(e) => panic!("unexpected errors: {:#?}", e.errors()),
        }
    }

    /// Parses `src` expecting errors; returns their codes.
    pub(crate) fn codes(src: &str) -> Vec<String> {
        match crate::parse("test.cat", src) {
            Ok(f) => panic!("expected errors, got {f:#?}"),
            Err(e) => e.codes(),
        }
    }

    /// Like [`codes`], with a title line added in front so that script
    /// lines are allowed.
    pub(crate) fn script_codes(src: &str) -> Vec<String> {
        codes(&format!("scenario \"t\"\n{src}"))
    }

    /// The item of a one-statement file (a title line is added in front so
    /// that script lines are allowed).
    pub(crate) fn single(src: &str) -> Item {
        let mut f = ok(&format!("scenario \"t\"\n{src}"));
        assert_eq!(f.items.len(), 2, "{f:#?}");
        f.items.remove(1).node
    }
}
