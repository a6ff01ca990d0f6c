//! Error recovery: explaining the lines the catch-all rules swallowed.
//!
//! A swallowed line is read again on its own with the strict rule for where
//! it stood (`top_line_check`, `board_line_check`, `position_line_check`).
//! Pest then reports the furthest position it reached and the rules it tried
//! there; those rules are turned into words a rule designer understands
//! ([`describe`]) and the position is turned back into a byte offset in the
//! file (pest's own error rendering only knows lines and columns of the line
//! it was given).
//!
//! Before that, a few common mistakes are recognised by shape and get a
//! message of their own: a stray `}`, an unclosed guard, a misspelled
//! keyword ("did you mean …?"), a board or position line outside its block.

use std::sync::OnceLock;

use pest::error::{ErrorVariant, InputLocation};
use pest::iterators::Pair;
use pest::Parser as _;

use super::bad_tokens::{classify, is_bad};
use super::{Ctx, BLANK};
use crate::ast::Span;
use crate::diagnostics::ParseError;
use crate::parser::{Rule, ScenarioParser};
use crate::vocab::nearest;

/// Where a swallowed line stood.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum LineContext {
    /// At the top level of the file.
    Top,
    /// Inside `board { … }`.
    Board,
    /// Inside `position { … }`.
    Position,
}

/// Whether a swallowed top-level line reads as a line of the script: a step by a declared
/// player, a `chance`, `expect` or `snapshot` line, or a line under a `[guard]`.
pub(super) fn reads_as_script(ctx: &Ctx<'_>, text: &str) -> bool {
    text.starts_with('[')
        || leading_word(text).is_some_and(|w| ctx.is_player(w) || matches!(w, "chance" | "expect" | "snapshot"))
}

/// Turns every swallowed line into errors.
pub(super) fn explain_bad_lines(ctx: &mut Ctx<'_>) {
    let lines = std::mem::take(&mut ctx.bad_lines);
    for (span, context) in lines {
        let text = span.text(ctx.src);
        if context == LineContext::Top {
            // A broken `scenario` line still counts as the file's title line.
            if let Some(word) = leading_word(text) {
                if word == "scenario" || nearest(word, top_keywords().iter().copied()) == Some("scenario") {
                    ctx.title_seen = true;
                }
            }
        }
        let errs = explain(ctx, text, span.start, context);
        ctx.errors.extend(errs);
    }
}

/// The errors of one swallowed line `text` starting at byte `base`.
fn explain(ctx: &Ctx<'_>, text: &str, base: usize, context: LineContext) -> Vec<ParseError> {
    match context {
        LineContext::Top => explain_top(ctx, text, base),
        LineContext::Board => explain_board(text, base),
        LineContext::Position => explain_position(text, base),
    }
}

/// A block's last line with its `}` at the end (`late_close`): the brace is
/// reported, and the rest of the line is checked as a block line.
pub(super) fn late_close(ctx: &mut Ctx<'_>, pair: &Pair<'_, Rule>, context: LineContext) {
    let span = super::span_of(pair);
    let text = pair.as_str();
    let brace_at = span.end.saturating_sub(1);
    let content = text
        .get(..text.len().saturating_sub(1))
        .unwrap_or("")
        .trim_end_matches(BLANK);
    if content.starts_with('}') {
        // `}}`: the first closes the block, the last is one too many.
        ctx.error(ParseError::UnmatchedCloseBrace {
            span: Span::new(brace_at, span.end).into(),
        });
        return;
    }
    ctx.error(ParseError::BraceNotAlone {
        span: Span::new(brace_at, span.end).into(),
    });
    if content.is_empty() {
        return;
    }
    let rule = match context {
        LineContext::Board => Rule::board_line_check,
        _ => Rule::position_line_check,
    };
    if ScenarioParser::parse(rule, content).is_err() {
        let errs = explain(ctx, content, span.start, context);
        ctx.errors.extend(errs);
    }
}

// ---------------------------------------------------------------------------
// Keywords, read from the grammar so that there is one list only.
// ---------------------------------------------------------------------------

const GRAMMAR: &str = include_str!("../grammar/scenario.pest");

/// The text of a rule's definition in the grammar (from its `{` to the
/// matching `}`).
fn rule_body(name: &str) -> &'static str {
    let needle = format!("\n{name} ");
    let Some(at) = GRAMMAR.find(&needle) else {
        return "";
    };
    let rest = GRAMMAR.get(at + needle.len()..).unwrap_or("");
    let Some(open) = rest.find('{') else {
        return "";
    };
    let mut depth = 0usize;
    let mut in_str = false;
    let mut prev = ' ';
    for (i, c) in rest.char_indices().skip_while(|(i, _)| *i < open) {
        match c {
            '"' if prev != '\\' => in_str = !in_str,
            '{' if !in_str => depth += 1,
            '}' if !in_str => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    return rest.get(open..=i).unwrap_or("");
                }
            }
            _ => {}
        }
        prev = c;
    }
    ""
}

/// The double-quoted literals in a rule's definition.
fn literals(body: &'static str) -> Vec<&'static str> {
    body.split('"').skip(1).step_by(2).collect()
}

/// Words that start a top-level statement (the grammar's `reserved` rule).
pub(super) fn top_keywords() -> &'static [&'static str] {
    static WORDS: OnceLock<Vec<&'static str>> = OnceLock::new();
    WORDS.get_or_init(|| {
        rule_body("reserved")
            .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .filter_map(|id| id.strip_prefix("kw_"))
            .filter_map(|id| literals(rule_body(&format!("kw_{id}"))).into_iter().next())
            .collect()
    })
}

/// Table-wide position items (the grammar's `global_keyword` rule).
pub(super) fn global_keywords() -> &'static [&'static str] {
    static WORDS: OnceLock<Vec<&'static str>> = OnceLock::new();
    WORDS.get_or_init(|| literals(rule_body("global_keyword")))
}

/// Keywords that start a line inside `board { }`.
pub(super) fn board_keywords() -> &'static [&'static str] {
    static WORDS: OnceLock<Vec<&'static str>> = OnceLock::new();
    WORDS.get_or_init(|| {
        [
            "kw_hex",
            "kw_harbor",
            "kw_token",
            "kw_swap",
            "kw_soldiers",
            "kw_pirate",
            "kw_robber",
        ]
        .iter()
        .filter_map(|k| literals(rule_body(k)).into_iter().next())
        .collect()
    })
}

/// The text a keyword rule matches (`kw_known_bug` → `known-bug`).
pub(super) fn keyword_text(rule: Rule) -> Option<String> {
    let name = format!("{rule:?}");
    name.strip_prefix("kw_").map(|k| k.replace('_', "-"))
}

/// The word at the start of `text`, if it starts with a letter.
fn leading_word(text: &str) -> Option<&str> {
    let mut chars = text.char_indices();
    match chars.next() {
        Some((_, c)) if c.is_alphabetic() => {}
        _ => return None,
    }
    let end = chars
        .find(|(_, c)| !(c.is_alphanumeric() || matches!(c, '-' | '_' | '·')))
        .map_or(text.len(), |(i, _)| i);
    text.get(..end)
}

// ---------------------------------------------------------------------------
// Explaining one line.
// ---------------------------------------------------------------------------

fn explain_top(ctx: &Ctx<'_>, text: &str, base: usize) -> Vec<ParseError> {
    if text.starts_with('}') {
        return vec![ParseError::UnmatchedCloseBrace {
            span: Span::new(base, base + 1).into(),
        }];
    }
    if text.starts_with('{') {
        return vec![ParseError::UnexpectedToken {
            span: Span::new(base, base + 1).into(),
            expected: describe(Rule::statement, LineContext::Top).unwrap_or_default(),
            found: "`{`".into(),
            label: "not allowed here".into(),
            help: Some("a block's `{` ends the line that opens it, like `board beginner {` or `position {`".into()),
        }];
    }
    if let Some(e) = guard_problem(text, base) {
        return vec![e];
    }
    if let Some(word) = leading_word(text) {
        let after = text.get(word.len()..).unwrap_or("").trim_start();
        let wspan = Span::new(base, base + word.len());
        if after.starts_with(':') && !top_keywords().contains(&word) {
            return vec![outside_block(text, base, "position", Some(word))];
        }
        if !top_keywords().contains(&word) && !ctx.is_player(word) {
            if is_block_keyword(word) {
                // `robber J` and `pirate (2,3)` are position items as well as board lines.
                let block = if board_keywords().contains(&word) && !global_keywords().contains(&word) {
                    "board"
                } else {
                    "position"
                };
                return vec![outside_block(text, base, block, None)];
            }
            if let Some(k) = nearest(word, top_keywords().iter().copied()) {
                return vec![ParseError::UnknownHeader {
                    span: wspan.into(),
                    word: word.into(),
                    help: Some(format!("did you mean `{k}`?")),
                }];
            }
            if !ctx.players.is_empty() {
                return vec![ParseError::UnknownHeader {
                    span: wspan.into(),
                    word: word.into(),
                    help: Some(format!(
                        "a line starts with a keyword ({}) or with a player ({})",
                        top_keywords().join(", "),
                        ctx.players.join(", ")
                    )),
                }];
            }
        }
    }
    check_line(Rule::top_line_check, text, base, LineContext::Top)
}

fn explain_board(text: &str, base: usize) -> Vec<ParseError> {
    if text.starts_with('}') {
        return vec![brace_then_junk(text, base)];
    }
    if let Some(word) = leading_word(text) {
        if !board_keywords().contains(&word) {
            return vec![ParseError::UnknownBoardLine {
                span: Span::new(base, base + word.len()).into(),
                word: word.into(),
                help: nearest(word, board_keywords().iter().copied()).map(|k| format!("did you mean `{k}`?")),
            }];
        }
    }
    check_line(Rule::board_line_check, text, base, LineContext::Board)
}

fn explain_position(text: &str, base: usize) -> Vec<ParseError> {
    if text.starts_with('}') {
        return vec![brace_then_junk(text, base)];
    }
    check_line(Rule::position_line_check, text, base, LineContext::Position)
}

/// Re-reads `text` with the strict rule and converts the failure. Mistakes
/// recognised by an error production *before* the failure are reported too
/// (the line is re-read up to the failure), so one line can give several
/// errors: `red: settlements A.nn; hand 2 brick,, 1 ore` reports both the
/// corner and the doubled comma.
fn check_line(rule: Rule, text: &str, base: usize, context: LineContext) -> Vec<ParseError> {
    let err = match ScenarioParser::parse(rule, text) {
        Err(e) => e,
        // The line reads fine alone but not where it stands; no known input
        // does this.
        Ok(_) => {
            return vec![ParseError::Internal {
                span: Span::new(base, base + text.len()).into(),
            }]
        }
    };
    let main = from_pest_error(&err, base, text, context);
    let pos = main.span().start.saturating_sub(base);
    let prefix = text.get(..pos).unwrap_or("").trim_end_matches([' ', '\t', ',', ';']);
    let mut errors = Vec::new();
    if !prefix.is_empty() {
        if let Ok(pairs) = ScenarioParser::parse(rule, prefix) {
            for p in pairs.flatten() {
                if is_bad(p.as_rule()) {
                    errors.push(classify(p.as_rule(), p.as_str(), base + p.as_span().start()));
                }
            }
        }
    }
    errors.push(main);
    errors
}

fn is_block_keyword(word: &str) -> bool {
    ScenarioParser::parse(Rule::block_keyword_check, word).is_ok()
}

fn outside_block(text: &str, base: usize, block: &str, player: Option<&str>) -> ParseError {
    let code_len = text.find('#').unwrap_or(text.len());
    let shown = text.get(..code_len).unwrap_or(text).trim_end_matches(BLANK);
    let help = match (block, player) {
        ("board", _) => "board lines (`hex`, `harbor`, `token`, `swap`, `pirate`) go between `board … {` and `}`; check that the board block is open here".to_string(),
        (_, Some(p)) => format!(
            "`{p}:` starts a player's section, which goes between `position {{` and `}}`"
        ),
        _ => "position items go between `position {` and `}`; check that the position block is open here".to_string(),
    };
    ParseError::LineOutsideBlock {
        span: Span::new(base, base + shown.len()).into(),
        block: block.into(),
        help: Some(help),
    }
}

/// `} something`: a closing brace followed by more text.
fn brace_then_junk(text: &str, base: usize) -> ParseError {
    let rest = text.get(1..).unwrap_or("");
    let skip = rest.len() - rest.trim_start().len();
    let tok = found_token(rest.trim_start());
    let at = base + 1 + skip;
    ParseError::UnexpectedToken {
        span: Span::new(at, at + tok.len()).into(),
        expected: "the end of the line after `}`".into(),
        found: format!("`{tok}`"),
        label: "not allowed here".into(),
        help: Some("a closing `}` stands alone on its line".into()),
    }
}

/// `[colonist expect …` (no `]`) and `[english] players …`.
fn guard_problem(text: &str, base: usize) -> Option<ParseError> {
    let rest = text.strip_prefix('[')?;
    let code = rest.split('#').next().unwrap_or(rest);
    match code.find(']') {
        None => {
            let name_len = rest
                .char_indices()
                .find(|(_, c)| !(c.is_alphanumeric() || matches!(c, '-' | '_' | '·' | ',' | ' ')))
                .map_or(rest.len(), |(i, _)| i);
            // Stop at the second word: `[colonist expect` → `[colonist`.
            let first = rest.get(..name_len).unwrap_or("");
            let lead = first.len() - first.trim_start().len();
            let first = match first.trim_start().split_once(' ') {
                Some((w, _)) if !w.ends_with(',') => first.get(..lead + w.len()).unwrap_or(first),
                _ => first.trim_end_matches(BLANK),
            };
            let shown = format!("[{first}");
            Some(ParseError::UnclosedGuard {
                span: Span::new(base, base + shown.len()).into(),
                text: shown,
            })
        }
        Some(close) => {
            let after = rest.get(close + 1..).unwrap_or("").trim_start();
            let word = leading_word(after)?;
            let guardable = ["chance", "expect", "snapshot"];
            (top_keywords().contains(&word) && !guardable.contains(&word)).then(|| ParseError::MisplacedGuard {
                span: Span::new(base, base + close + 2).into(),
                what: word.into(),
            })
        }
    }
}

/// The end of an unclosed block: the next line with content, or the end of
/// the file.
pub(super) fn block_end(src: &str, block: &str, open: Span, body_end: usize) -> ParseError {
    let rest = src.get(body_end..).unwrap_or("");
    let mut in_comment = false;
    let mut found = None;
    for (i, c) in rest.char_indices() {
        match c {
            '\n' | '\r' => in_comment = false,
            _ if in_comment => {}
            '#' => in_comment = true,
            c if c.is_whitespace() => {}
            _ => {
                found = Some(body_end + i);
                break;
            }
        }
    }
    match found {
        Some(start) => {
            let tok = found_token(src.get(start..).unwrap_or(""));
            unclosed_at(
                block,
                open,
                Span::new(start, start + tok.len()),
                "expected `}` before this line",
            )
        }
        None => {
            // Point at the last character of the file: a label after the
            // final newline would not be shown.
            let trimmed = src.trim_end_matches(BLANK);
            let last = trimmed.chars().next_back().map_or(0, char::len_utf8);
            unclosed_at(
                block,
                open,
                Span::new(trimmed.len() - last, trimmed.len()),
                "the file ends here, with the block still open",
            )
        }
    }
}

/// Text after a block's `{` on its opening line.
pub(super) fn after_brace(ctx: &mut Ctx<'_>, pair: &Pair<'_, Rule>, block: &str) {
    let span = super::span_of(pair);
    ctx.error(ParseError::UnexpectedToken {
        span: span.into(),
        expected: format!("the end of the line after `{block} {{`"),
        found: format!("`{}`", found_token(pair.as_str())),
        label: "not allowed here".into(),
        help: Some("a block's lines start on the line after its `{`".into()),
    });
}

/// An unclosed block whose `}` was due at `end`.
pub(super) fn unclosed_at(block: &str, open: Span, end: Span, end_label: &str) -> ParseError {
    ParseError::UnclosedBlock {
        block: block.into(),
        open: open.into(),
        end: Some(end.into()),
        end_label: end_label.into(),
    }
}

// ---------------------------------------------------------------------------
// Pest errors.
// ---------------------------------------------------------------------------

/// The token at the start of `rest` to show as "found": a quoted string, or
/// the run of characters up to the next space (at most 30 characters).
fn found_token(rest: &str) -> &str {
    let end = if rest.starts_with('"') {
        rest.char_indices()
            .skip(1)
            .find(|(_, c)| *c == '"')
            .map_or(rest.len(), |(i, _)| i + 1)
    } else {
        rest.char_indices()
            .find(|(_, c)| c.is_whitespace())
            .map_or(rest.len(), |(i, _)| i)
    };
    let end = rest.char_indices().nth(30).map_or(end, |(i, _)| i.min(end));
    let end = if end == 0 {
        rest.chars().next().map_or(0, char::len_utf8)
    } else {
        end
    };
    rest.get(..end).unwrap_or("")
}

/// Advice for characters that look like syntax but are not.
fn char_help(c: char) -> Option<&'static str> {
    Some(match c {
        '→' | '⇒' | '➔' | '⟶' => "write the arrow as `->`",
        '“' | '”' | '„' | '«' | '»' | '‟' => "use straight double quotes `\"` around strings",
        '‘' | '’' | '\'' | '`' => "strings are written in straight double quotes `\"`",
        '–' | '—' | '‑' | '−' => "use a plain hyphen `-`",
        '\u{a0}' | '\u{202f}' | '\u{2007}' => "this is a no-break space: use a plain space",
        '\u{200b}' | '\u{200c}' | '\u{200d}' | '\u{2060}' => "this is an invisible zero-width character: delete it",
        '；' => "use a plain `;`",
        '，' => "use a plain `,`",
        '：' => "use a plain `:`",
        c if c.is_control() => "control characters have no place in a scenario file: delete it",
        _ => return None,
    })
}

/// A character shown in a message: `` `→` (U+2192) ``, or just the code point
/// for invisible ones.
fn show_char(c: char) -> String {
    if c.is_control() {
        format!("the control character U+{:04X}", c as u32)
    } else if c.is_whitespace() || matches!(c, '\u{200b}'..='\u{200f}' | '\u{2060}' | '\u{feff}') {
        format!("the invisible character U+{:04X}", c as u32)
    } else {
        format!("`{c}` (U+{:04X})", c as u32)
    }
}

/// Converts a pest error on `text` (which starts at byte `base` of the file)
/// into a [`ParseError`] with byte offsets and words instead of rule names.
pub(super) fn from_pest_error(
    err: &pest::error::Error<Rule>,
    base: usize,
    text: &str,
    context: LineContext,
) -> ParseError {
    let pos = match err.location {
        InputLocation::Pos(p) => p,
        InputLocation::Span((s, _)) => s,
    };
    let mut pos = pos.min(text.len());
    while !text.is_char_boundary(pos) {
        pos -= 1;
    }
    let positives: Vec<Rule> = match &err.variant {
        ErrorVariant::ParsingError { positives, .. } => positives.clone(),
        ErrorVariant::CustomError { .. } => Vec::new(),
    };
    let expected = expected_words(&positives, context);
    let rest = text.get(pos..).unwrap_or("");
    let at_end = rest.trim_start().is_empty() || rest.starts_with('#');

    if at_end {
        return ParseError::UnexpectedToken {
            span: Span::empty(base + pos).into(),
            expected,
            found: "the end of the line".into(),
            label: "the line ends here".into(),
            help: slot_help(&positives, None),
        };
    }

    let tok = found_token(rest);
    let span = Span::new(base + pos, base + pos + tok.len());
    if let Some(c) = rest.chars().next() {
        if (!c.is_ascii() && !c.is_alphanumeric()) || c.is_control() {
            return ParseError::UnexpectedCharacter {
                span: Span::new(base + pos, base + pos + c.len_utf8()).into(),
                found: show_char(c),
                expected,
                help: char_help(c).map(Into::into),
            };
        }
        if let Some(h) = char_help(c) {
            return ParseError::UnexpectedToken {
                span: span.into(),
                expected,
                found: format!("`{tok}`"),
                label: "not allowed here".into(),
                help: Some(h.into()),
            };
        }
    }
    ParseError::UnexpectedToken {
        span: span.into(),
        expected,
        found: format!("`{tok}`"),
        label: "not allowed here".into(),
        help: slot_help(&positives, Some(tok)),
    }
}

/// "did you mean …?" for a misspelled keyword, or how to write a slot.
fn slot_help(positives: &[Rule], found: Option<&str>) -> Option<String> {
    let keywords: Vec<String> = positives.iter().filter_map(|r| keyword_text(*r)).collect();
    if let Some(found) = found {
        if let Some(k) = nearest(found, keywords.iter().map(String::as_str)) {
            return Some(format!("did you mean `{k}`?"));
        }
    }
    let quoted = positives.iter().any(|r| {
        matches!(
            r,
            Rule::title | Rule::bug_text | Rule::include_path | Rule::snapshot_name
        )
    });
    if quoted && found.is_some_and(|f| !f.starts_with('"')) {
        return Some("write it between straight double quotes `\"…\"`".into());
    }
    if positives.contains(&Rule::kv_value) || positives.contains(&Rule::key_value) {
        return Some("fields are written `key=value` without spaces, like `player=red`".into());
    }
    if positives.contains(&Rule::board_hex) && found.is_some_and(|f| f.contains('.')) {
        return Some("name a whole hex here, like `A` or `(0,-2)`, not a corner".into());
    }
    if positives.contains(&Rule::guard_name) {
        return Some("a guard lists variants separated by commas, like `[english, colonist]`".into());
    }
    if positives.contains(&Rule::colon) && found.is_some() {
        return Some("write the variant as `variant NAME: rules …`".into());
    }
    None
}

/// "A, B or C" from the rules pest tried.
fn expected_words(positives: &[Rule], context: LineContext) -> String {
    let mut words: Vec<String> = Vec::new();
    let mut end = false;
    for r in positives {
        if *r == Rule::EOI {
            end = true;
            continue;
        }
        if let Some(w) = describe(*r, context) {
            if !words.contains(&w) {
                words.push(w);
            }
        }
    }
    // Slots in words first, literal keywords and punctuation after.
    words.sort_by_key(|w| w.starts_with('`'));
    if end {
        words.push("the end of the line".into());
    }
    match words.len() {
        0 => "something else".into(),
        1 => words.remove(0),
        n => {
            let last = words.remove(n - 1);
            format!("{} or {}", words.join(", "), last)
        }
    }
}

/// What a rule means, in words. `None` for the error productions and for
/// rules that never stand alone in a message.
fn describe(rule: Rule, context: LineContext) -> Option<String> {
    if is_bad(rule) {
        return None;
    }
    if let Some(k) = keyword_text(rule) {
        return Some(format!("`{k}`"));
    }
    if is_silent(rule) {
        return None;
    }
    let text = header_words(rule)
        .or_else(|| board_words(rule))
        .or_else(|| script_words(rule))
        .or_else(|| value_words(rule, context))?;
    Some(text.to_owned())
}

/// The header lines and what they hold.
fn header_words(rule: Rule) -> Option<&'static str> {
    Some(match rule {
        Rule::file | Rule::statement | Rule::top_line_check | Rule::script_line => {
            "a line such as `scenario \"…\"`, `players red blue`, a step like `red rolls 3+4`, or an `expect`, `chance` or `snapshot` line"
        }
        Rule::close_brace => "`}`",
        Rule::open_brace => "`{`",
        Rule::scenario_line => "a `scenario` line",
        Rule::title => "the scenario's title in double quotes, like `\"A 7 moves the robber\"`",
        Rule::source_line => "a `source` line",
        Rule::source_work | Rule::source_id => {
            "the name of a source document, like `base-almanac`"
        }
        Rule::pages => "pages like `pp.13-15`",
        Rule::page => "a page like `p.11`",
        Rule::section => "a section like `§4` or `§1.9`",
        Rule::source_note => "a note in double quotes",
        Rule::rules_line => "a `rules` line",
        Rule::rules_spec | Rule::ruleset => "a rule set like `base` or `cities-and-knights`",
        Rule::profile_clause => "`profile NAME`",
        Rule::profile_name => "a profile name like `english`",
        Rule::option_clause => "`option NAME VALUE`",
        Rule::option_name => "an option name like `dev-before-roll`",
        Rule::option_value => "the option's value: a word like `on` or a number",
        Rule::variant_line => "a `variant` line",
        Rule::variant_name => "a variant name like `english`",
        Rule::language_line => "a `language` line",
        Rule::language_code => "a language code: `en`, `de` or `ca`",
        Rule::tags_line => "a `tags` line",
        Rule::tag => "a tag like `robber`",
        Rule::covers_line => "a `covers` line",
        Rule::known_bug_line => "a `known-bug` line",
        Rule::bug_text => "a description of the bug in double quotes",
        Rule::include_line => "an `include` line",
        Rule::include_path => "the file to include in double quotes, like `\"fragments/beginner-4p.cat\"`",
        Rule::players_line => "a `players` line",
        Rule::start_line => "a `start` line",
        Rule::player_name | Rule::actor => "a player like `red`",
        _ => return None,
    })
}

/// The board and position blocks.
fn board_words(rule: Rule) -> Option<&'static str> {
    Some(match rule {
        Rule::board_stmt => "a `board` line",
        Rule::random_layout => "`random seed N`",
        Rule::seed => "a seed, a whole number like `42`",
        Rule::token_order => "how number tokens are placed, like `spiral` or `random`",
        Rule::named_layout => "a layout like `beginner`",
        Rule::map_layout | Rule::map_spec => "a Seafarers map like `new-shores:4`",
        Rule::map_name => "a Seafarers map like `new-shores` or `through-the-desert`",
        Rule::map_players => "the players the map is for: 3 or 4",
        Rule::board_body | Rule::board_line | Rule::board_line_check => {
            "a board line: `hex`, `harbor`, `token`, `swap`, `soldiers from`, `pirate` or `robber`"
        }
        Rule::area_number => "a land area: 1 for the main island, 2, 3 … for the islands",
        Rule::pirate_line => "a `pirate HEX` line",
        Rule::robber_line => "a `robber HEX` line",
        Rule::hex_line => "a `hex` line",
        Rule::harbor_line => "a `harbor` line",
        Rule::token_line => "a `token` line",
        Rule::swap_line => "a `swap` line",
        Rule::soldiers_line => "a `soldiers from PLACE` line",
        Rule::board_vertex => "an intersection like `A.nw`",
        Rule::board_hex => "a hex like `A` or `(0,-2)`",
        Rule::harbor_edge => "a coastal path like `A.nw-n`",
        Rule::terrain => "a terrain like `mountains` or `desert`",
        Rule::harbor_kind => "a harbor kind: `generic` or a resource like `wool`",
        Rule::number_token => "a number token like `6`",
        Rule::position_stmt => "`position {`",
        Rule::position_body | Rule::position_line | Rule::position_line_check | Rule::items_line => {
            "a position line such as `red:`, `settlements A.n`, `robber J` or `unchecked`"
        }
        Rule::unchecked_line => "`unchecked`",
        Rule::player_line => "a player's section like `red:`",
        Rule::global_item | Rule::global_keyword => "a table-wide item like `robber J`",
        Rule::player_item | Rule::item_key => "an item like `settlements A.n`",
        _ => return None,
    })
}

/// Script lines: steps, chance, snapshots, expectations and guards.
fn script_words(rule: Rule) -> Option<&'static str> {
    Some(match rule {
        Rule::guard => "a guard like `[english]`",
        Rule::guard_name => "a variant name",
        Rule::guard_comma => "`,`",
        Rule::close_bracket => "`]`",
        Rule::step_body | Rule::action => "a step like `red rolls 3+4`",
        Rule::verb => "a verb like `rolls` or `builds`",
        Rule::outcome => "`-> refused RULE.ID` or `-> accepted`",
        Rule::refused => "`refused RULE.ID`",
        Rule::arrow => "`->`",
        Rule::chance_body => "a `chance` line",
        Rule::chance_kind => "what chance decides, like `dice` or `card`",
        Rule::snapshot_body => "a `snapshot` line",
        Rule::snapshot_name => "the snapshot's name in double quotes",
        Rule::expect_body => "an `expect` line",
        Rule::expect_what => {
            "what to expect: a fact like `red vp 4`, `event NAME`, `no event NAME`, `legal …` or `illegal …`"
        }
        Rule::expect_event => "`event NAME`",
        Rule::expect_no_event => "`no event NAME`",
        Rule::expect_legal => "`legal ACTION`",
        Rule::expect_illegal => "`illegal ACTION`",
        Rule::expect_state => "a fact like `red vp 4`",
        Rule::event_name => "an event name like `robbed`",
        _ => return None,
    })
}

/// Arguments and values, in the words of the block they stand in.
fn value_words(rule: Rule, context: LineContext) -> Option<&'static str> {
    Some(match rule {
        Rule::arg | Rule::arg_check => match context {
            LineContext::Position => "a value (like `A.n`, `A.n-ne`, `2 brick`, `knight`)",
            _ => "an argument (like `wool`, `2 brick`, `3+4`, `C.ne`, `player=red`)",
        },
        Rule::key_value => "a field like `player=red`",
        Rule::kv_key => "a field name like `player`",
        Rule::kv_value => "a value like `red`, `2` or `A.n` right after `=`",
        Rule::fraction => "a fraction like `6/7`",
        Rule::dice => "a dice roll like `3+4`",
        Rule::count => "a count like `2 brick`",
        Rule::count_item => "what is counted, like `brick`",
        Rule::number | Rule::uint | Rule::axial_coord => "a whole number",
        Rule::rule_id => "a rule id like `BASE.BUILD.DISTANCE_RULE`",
        Rule::edge => "a path like `A.n-ne`",
        Rule::vertex | Rule::corner_ref => "a place like `C.ne`",
        Rule::hex_place | Rule::hex_label => "a hex like `J`",
        Rule::axial => "an axial hex like `(0,-2)`",
        Rule::corner => "a corner: n, ne, se, s, sw or nw",
        Rule::word => "a word",
        Rule::string => "a string in double quotes",
        Rule::colon => "`:`",
        Rule::semicolon => "`;`",
        Rule::EOI => "the end of the line",

        _ => return None,
    })
}

/// Rules that never appear in an error: silent helpers of the grammar and the error
/// productions (keywords are described by `keyword_text`).
fn is_silent(rule: Rule) -> bool {
    matches!(
        rule,
        Rule::block_keyword_check
            | Rule::WHITESPACE
            | Rule::COMMENT
            | Rule::line
            | Rule::line_end
            | Rule::close_line_ahead
            | Rule::locator
            | Rule::board_layout
            | Rule::board_body_line
            | Rule::position_body_line
            | Rule::position_item
            | Rule::script_body
            | Rule::fields
            | Rule::field_slot
            | Rule::args
            | Rule::rule_id_slot
            | Rule::hex_ref
            | Rule::place_cont
            | Rule::word_tail
            | Rule::word_char
            | Rule::string_lit
            | Rule::number_lit
            | Rule::sp
            | Rule::reserved
            | Rule::top_keyword
            | Rule::place_head
            | Rule::close_tail
            | Rule::arg_end
            | Rule::place_junk
            | Rule::bad_line
            | Rule::block_bad_line
            | Rule::late_close
            | Rule::bad_after_brace
            | Rule::bad_string
            | Rule::bad_key_value
            | Rule::bad_dice
            | Rule::bad_fraction
            | Rule::bad_place
            | Rule::bad_axial
            | Rule::bad_rule_id
            | Rule::bad_locator
    )
}

#[cfg(test)]
mod tests {

    #[test]
    fn every_grammar_rule_is_described_or_deliberately_silent() {
        for &rule in Rule::all_rules() {
            let described = describe(rule, LineContext::Top).is_some();
            let silent = is_bad(rule) || is_silent(rule);
            assert!(described ^ silent, "{rule:?}: described {described}, silent {silent}");
        }
    }

    use super::*;

    #[test]
    fn keyword_lists_come_from_the_grammar() {
        assert_eq!(
            top_keywords(),
            [
                "scenario",
                "source",
                "rules",
                "variant",
                "language",
                "tags",
                "covers",
                "known-bug",
                "include",
                "players",
                "start",
                "board",
                "position",
                "chance",
                "expect",
                "snapshot"
            ]
        );
        assert!(global_keywords().contains(&"robber"));
        assert!(global_keywords().contains(&"dev-deck"));
        assert_eq!(
            board_keywords(),
            ["hex", "harbor", "token", "swap", "soldiers", "pirate", "robber"]
        );
        for g in global_keywords() {
            assert!(is_block_keyword(g), "{g}");
        }
        assert_eq!(keyword_text(Rule::kw_known_bug).as_deref(), Some("known-bug"));
        assert_eq!(keyword_text(Rule::word), None);
    }

    #[test]
    fn leading_words() {
        assert_eq!(leading_word("red: x"), Some("red"));
        assert_eq!(leading_word("known-bug \"x\""), Some("known-bug"));
        assert_eq!(leading_word("l·lana x"), Some("l·lana"));
        assert_eq!(leading_word("(0,0)"), None);
        assert_eq!(leading_word(""), None);
    }

    #[test]
    fn found_tokens() {
        assert_eq!(found_token("\"a b\" c"), "\"a b\"");
        assert_eq!(found_token("foo bar"), "foo");
        assert_eq!(found_token("→ x"), "→");
        assert_eq!(found_token(""), "");
        assert_eq!(found_token(&"x".repeat(50)).len(), 30);
    }

    #[test]
    fn every_keyword_rule_matches_its_text() {
        for rule in [Rule::kw_scenario, Rule::kw_known_bug, Rule::kw_no, Rule::kw_accepted] {
            let text = keyword_text(rule).unwrap_or_default();
            assert!(
                rule_body(&format!("{rule:?}")).contains(&format!("\"{text}\"")),
                "{text}"
            );
        }
    }
}
