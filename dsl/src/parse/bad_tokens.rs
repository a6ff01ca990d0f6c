//! Error productions: tokens the grammar matched only to report them
//! precisely (`bad_place`, `bad_string`, `bad_rule_id`, …), and numbers that
//! do not fit their type.

use std::str::FromStr;

use pest::iterators::Pair;
use pest::Parser as _;

use super::{span_of, Ctx, BLANK};
use crate::ast::{Corner, Span};
use crate::diagnostics::ParseError;
use crate::parser::{Rule, ScenarioParser};
use crate::vocab::nearest;

const CORNER_NAMES: [&str; 6] = ["n", "ne", "se", "s", "sw", "nw"];

/// Reports any `bad_*` argument token.
pub(super) fn bad_token(ctx: &mut Ctx<'_>, pair: &Pair<'_, Rule>) {
    let err = classify(pair.as_rule(), pair.as_str(), span_of(pair).start);
    ctx.error(err);
}

/// Reports a `bad_string`.
pub(super) fn bad_string(ctx: &mut Ctx<'_>, pair: &Pair<'_, Rule>) {
    ctx.error(string_error(pair.as_str(), span_of(pair).start));
}

/// Reports a `bad_rule_id`.
pub(super) fn bad_rule_id(ctx: &mut Ctx<'_>, pair: &Pair<'_, Rule>) {
    ctx.error(rule_id_error(pair.as_str(), span_of(pair)));
}

/// Parses a numeric pair into `T`, reporting `reason` if it does not fit.
pub(super) fn number_in<T: FromStr>(ctx: &mut Ctx<'_>, pair: &Pair<'_, Rule>, reason: &str) -> Option<T> {
    match pair.as_str().parse::<T>() {
        Ok(n) => Some(n),
        Err(_) => {
            ctx.error(ParseError::BadNumber {
                span: span_of(pair).into(),
                text: pair.as_str().to_owned(),
                reason: reason.to_owned(),
            });
            None
        }
    }
}

/// The error for a bad token of kind `rule` with `text` starting at `start`.
pub(super) fn classify(rule: Rule, text: &str, start: usize) -> ParseError {
    let span = Span::new(start, start + text.len());
    match rule {
        Rule::bad_string => string_error(text, start),
        Rule::bad_dice => ParseError::BadDice {
            span: span.into(),
            text: text.into(),
            reason: "the second die is missing".into(),
        },
        Rule::bad_fraction => ParseError::BadFraction {
            span: span.into(),
            text: text.into(),
            reason: "the second number is missing".into(),
        },
        Rule::bad_axial => ParseError::BadAxial {
            span: span.into(),
            text: text.into(),
        },
        Rule::bad_place => place_error(text, start),
        Rule::bad_key_value => key_value_error(text, start),
        Rule::bad_rule_id => rule_id_error(text, span),
        Rule::bad_locator => ParseError::BadLocator {
            span: span.into(),
            text: text.into(),
        },
        _ => ParseError::Internal { span: span.into() },
    }
}

/// `"…` with no closing quote, or with an unknown escape.
fn string_error(text: &str, start: usize) -> ParseError {
    let mut chars = text.char_indices().skip(1);
    while let Some((i, c)) = chars.next() {
        match c {
            '\\' => match chars.next() {
                Some((_, '"' | '\\')) => {}
                Some((j, e)) => {
                    return ParseError::BadEscape {
                        span: Span::new(start + i, start + j + e.len_utf8()).into(),
                        escape: format!("\\{e}"),
                    }
                }
                None => break,
            },
            '"' => break,
            _ => {}
        }
    }
    let trimmed = text.trim_end_matches(BLANK);
    ParseError::UnterminatedString {
        span: Span::new(start, start + trimmed.len()).into(),
    }
}

/// `key=` with a missing or malformed value.
fn key_value_error(text: &str, start: usize) -> ParseError {
    let Some((key, value)) = text.split_once('=') else {
        return ParseError::Internal {
            span: Span::new(start, start + text.len()).into(),
        };
    };
    if value.is_empty() {
        return ParseError::MissingValue {
            span: Span::new(start, start + text.len()).into(),
            key: key.to_owned(),
            help: Some(format!(
                "write the value right after `=`, without a space, like `{key}=red`"
            )),
        };
    }
    let value_start = start + key.len() + 1;
    // A value that is itself a recognisable mistake (`at=A.nn`) gets that
    // mistake's own message.
    if let Ok(mut pairs) = ScenarioParser::parse(Rule::arg_check, value) {
        let inner = pairs
            .next()
            .and_then(|check| check.into_inner().find(|p| p.as_rule() == Rule::arg))
            .and_then(|arg| arg.into_inner().next());
        if let Some(tok) = inner {
            let rule = tok.as_rule();
            if is_bad(rule) && rule != Rule::bad_key_value {
                return classify(rule, tok.as_str(), value_start + tok.as_span().start());
            }
        }
    }
    ParseError::BadValue {
        span: Span::new(value_start, start + text.len()).into(),
        key: key.to_owned(),
        value: value.to_owned(),
    }
}

/// True for the error productions.
pub(super) fn is_bad(rule: Rule) -> bool {
    matches!(
        rule,
        Rule::bad_string
            | Rule::bad_key_value
            | Rule::bad_dice
            | Rule::bad_fraction
            | Rule::bad_place
            | Rule::bad_axial
            | Rule::bad_rule_id
            | Rule::bad_locator
    )
}

/// Is `s` shaped like a rule id (`BASE.ROBBER.MOVE`)?
fn is_rule_id(s: &str) -> bool {
    let parts: Vec<&str> = s.split('.').collect();
    parts.len() >= 2
        && parts.iter().enumerate().all(|(i, p)| {
            let mut cs = p.chars();
            let first_ok = match cs.next() {
                Some(c) if i == 0 => c.is_ascii_uppercase() && p.len() >= 2,
                Some(c) => c.is_ascii_uppercase() || c.is_ascii_digit(),
                None => false,
            };
            first_ok && cs.all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_')
        })
}

/// Text where a rule id was expected.
fn rule_id_error(text: &str, span: Span) -> ParseError {
    let upper: String = text
        .chars()
        .map(|c| if c == '-' { '_' } else { c.to_ascii_uppercase() })
        .collect();
    let suggestion = is_rule_id(&upper).then(|| format!("did you mean `{upper}`?"));
    let (reason, help) = if text.chars().any(|c| c.is_lowercase()) {
        ("rule ids are in capitals", suggestion)
    } else if !text.contains('.') {
        (
            "a rule id has two or more dotted parts",
            Some("rule ids look like `BASE.ROBBER.MUST_MOVE`".into()),
        )
    } else {
        (
            "expected dotted parts of capitals, digits and `_`",
            suggestion.or(Some("rule ids look like `BASE.ROBBER.MUST_MOVE`".into())),
        )
    };
    ParseError::BadRuleId {
        span: span.into(),
        text: text.to_owned(),
        reason: reason.into(),
        help,
    }
}

/// Length in bytes of the leading run of chars satisfying `f`.
fn run(s: &str, f: impl Fn(char) -> bool) -> usize {
    s.chars().take_while(|c| f(*c)).map(char::len_utf8).sum()
}

fn is_label(s: &str) -> bool {
    let mut cs = s.chars();
    matches!(cs.next(), Some(c) if c.is_ascii_uppercase()) && cs.all(|c| c.is_ascii_uppercase() || c.is_ascii_digit())
}

fn is_axial(s: &str) -> bool {
    let Some(inner) = s.strip_prefix('(').and_then(|s| s.strip_suffix(')')) else {
        return false;
    };
    let parts: Vec<&str> = inner.split(',').collect();
    parts.len() == 2
        && parts.iter().all(|p| {
            let p = p.trim_matches([' ', '\t']);
            let digits = p.strip_prefix(['-', '+']).unwrap_or(p);
            !digits.is_empty() && digits.chars().all(|c| c.is_ascii_digit())
        })
}

/// A hex reference at the start of `s`: `(…)` or a run of letters, digits
/// and `_`. Returns its length.
fn head_len(s: &str) -> usize {
    if s.starts_with('(') {
        s.find(')').map_or(s.len(), |i| i + 1)
    } else {
        run(s, |c| c.is_ascii_alphanumeric() || c == '_')
    }
}

/// A corner's name written in the wrong case or misspelled: the corner
/// meant, if it can be guessed.
fn guess_corner(c: &str) -> Option<&'static str> {
    let lower = c.to_ascii_lowercase();
    if let Some(k) = Corner::from_name(&lower) {
        return Some(k.name());
    }
    nearest(&lower, CORNER_NAMES)
}

/// Dotted text that is neither a valid place nor a valid rule id.
fn place_error(text: &str, start: usize) -> ParseError {
    let whole = Span::new(start, start + text.len());
    let hl = head_len(text);
    let head = text.get(..hl).unwrap_or("");
    let rest = text.get(hl..).unwrap_or("");
    let Some(tail) = rest.strip_prefix('.') else {
        return ParseError::BadPlace {
            span: whole.into(),
            text: text.into(),
            reason: "expected `.` and a corner after the hex".into(),
            help: None,
        };
    };
    let is_paren = head.starts_with('(');

    // Dotted words that look like a rule id rather than a place.
    let rule_like = !is_paren
        && (tail.contains('_')
            || tail.matches('.').count() >= 2
            || (tail.contains('.') && !tail.contains('-'))
            || head.len() >= 3
            || (head.len() >= 2 && head.chars().any(|c| c.is_ascii_lowercase())));
    if rule_like {
        return rule_id_error(text, whole);
    }

    if is_paren && !is_axial(head) {
        return ParseError::BadAxial {
            span: Span::new(start, start + hl).into(),
            text: head.into(),
        };
    }

    // The best correction of the whole place, built as we go.
    let fixed_head = if is_paren {
        head.to_owned()
    } else {
        head.to_ascii_uppercase()
    };
    let tail_start = start + hl + 1;
    let tail_fix = fix_tail(tail);

    if !is_paren && !is_label(head) {
        return ParseError::BadPlace {
            span: whole.into(),
            text: text.into(),
            reason: "a hex label is written in capitals".into(),
            help: tail_fix.ok().map(|t| format!("did you mean `{fixed_head}.{t}`?")),
        };
    }

    match tail_fix {
        Ok(_) => ParseError::BadPlace {
            span: whole.into(),
            text: text.into(),
            reason: "expected a place like `A.n` or a path like `A.n-ne`".into(),
            help: None,
        },
        Err(TailError::Corner { at, len, guess, fixed }) => ParseError::BadCorner {
            span: Span::new(tail_start + at, tail_start + at + len).into(),
            corner: tail.get(at..at + len).unwrap_or("").to_owned(),
            help: match (guess, fixed) {
                (Some(_), Some(fixed)) => Some(format!("did you mean `{fixed_head}.{fixed}`?")),
                (Some(g), None) => Some(format!("did you mean `{g}`?")),
                _ => None,
            },
        },
        Err(TailError::Place { reason }) => ParseError::BadPlace {
            span: whole.into(),
            text: text.into(),
            reason,
            help: None,
        },
    }
}

enum TailError {
    /// A bad corner at byte `at` (within the tail) of length `len`.
    Corner {
        at: usize,
        len: usize,
        guess: Option<&'static str>,
        /// The whole tail corrected, when every part could be guessed.
        fixed: Option<String>,
    },
    /// Another problem.
    Place { reason: String },
}

/// Checks the part after `HEX.`: `CORNER`, `CORNER-CORNER` or
/// `CORNER-HEX.CORNER`. On success returns the tail (unchanged).
fn fix_tail(tail: &str) -> Result<String, TailError> {
    let c1_len = run(tail, |c| c.is_ascii_alphabetic());
    let c1 = tail.get(..c1_len).unwrap_or("");
    if c1.is_empty() {
        return Err(TailError::Place {
            reason: "expected a corner after `.`: n, ne, se, s, sw or nw".into(),
        });
    }
    let after = tail.get(c1_len..).unwrap_or("");
    let second = match after.strip_prefix('-') {
        None if after.is_empty() => None,
        None => {
            return Err(TailError::Place {
                reason: format!("unexpected `{after}` after the corner"),
            })
        }
        Some(s) => Some(s),
    };
    let c1_fixed = guess_corner(c1);
    // Check the second end (if any) and build its correction.
    let mut second_fixed: Option<String> = None;
    let mut second_err: Option<TailError> = None;
    if let Some(s) = second {
        let s_at = c1_len + 1;
        if s.is_empty() {
            return Err(TailError::Place {
                reason: "a second corner must follow `-`, like `ne` or `B.s`".into(),
            });
        }
        let (hex2, corner_part, corner_at) =
            if s.starts_with('(') || s.chars().next().is_some_and(|c| c.is_ascii_uppercase()) {
                let hl = head_len(s);
                let h = s.get(..hl).unwrap_or("");
                let Some(cp) = s.get(hl..).and_then(|r| r.strip_prefix('.')) else {
                    return Err(TailError::Place {
                        reason: format!("expected `.` and a corner after `{h}`"),
                    });
                };
                if !(is_label(h) || is_axial(h)) {
                    return Err(TailError::Place {
                        reason: format!("`{h}` is not a hex: expected a label like `B` or `(0,-2)`"),
                    });
                }
                (Some(h), cp, s_at + hl + 1)
            } else {
                (None, s, s_at)
            };
        let c2_len = run(corner_part, |c| c.is_ascii_alphabetic());
        let c2 = corner_part.get(..c2_len).unwrap_or("");
        let leftover = corner_part.get(c2_len..).unwrap_or("");
        if c2.is_empty() {
            return Err(TailError::Place {
                reason: "expected a corner after `-`: n, ne, se, s, sw or nw".into(),
            });
        }
        if !leftover.is_empty() {
            return Err(TailError::Place {
                reason: format!("unexpected `{leftover}` after the path"),
            });
        }
        let g2 = guess_corner(c2);
        second_fixed = g2.map(|g| match hex2 {
            Some(h) => format!("{h}.{g}"),
            None => g.to_owned(),
        });
        if Corner::from_name(c2).is_none() {
            second_err = Some(TailError::Corner {
                at: corner_at,
                len: c2_len,
                guess: g2,
                fixed: None,
            });
        }
    }
    let fixed = match (c1_fixed, second, &second_fixed) {
        (Some(a), None, _) => Some(a.to_owned()),
        (Some(a), Some(_), Some(b)) => Some(format!("{a}-{b}")),
        _ => None,
    };
    if Corner::from_name(c1).is_none() {
        return Err(TailError::Corner {
            at: 0,
            len: c1_len,
            guess: c1_fixed,
            fixed,
        });
    }
    if let Some(TailError::Corner { at, len, guess, .. }) = second_err {
        return Err(TailError::Corner { at, len, guess, fixed });
    }
    Ok(tail.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn help(e: &ParseError) -> Option<String> {
        miette::Diagnostic::help(e).map(|h| h.to_string())
    }

    #[test]
    fn corners_get_suggestions() {
        let e = place_error("A.nn", 10);
        assert!(matches!(e, ParseError::BadCorner { .. }), "{e:?}");
        assert_eq!(e.span(), Span::new(12, 14));
        assert_eq!(help(&e).as_deref(), Some("did you mean `A.n`?"));

        let e = place_error("A.N", 0);
        assert_eq!(help(&e).as_deref(), Some("did you mean `A.n`?"));

        let e = place_error("A.n-nee", 0);
        assert_eq!(e.span(), Span::new(4, 7));
        assert_eq!(help(&e).as_deref(), Some("did you mean `A.n-ne`?"));

        let e = place_error("A.n-q", 0);
        assert!(matches!(e, ParseError::BadCorner { .. }));
        assert_eq!(e.span(), Span::new(4, 5));
    }

    #[test]
    fn other_place_mistakes() {
        let e = place_error("a.n", 0);
        assert!(matches!(e, ParseError::BadPlace { .. }));
        assert_eq!(help(&e).as_deref(), Some("did you mean `A.n`?"));
        assert!(matches!(place_error("A.n-", 0), ParseError::BadPlace { .. }));
        assert!(matches!(place_error("(1,).n", 0), ParseError::BadAxial { .. }));
        assert!(matches!(
            place_error("base.robber.must_move", 0),
            ParseError::BadRuleId { .. }
        ));
        let e = place_error("base.robber.must_move", 0);
        assert_eq!(help(&e).as_deref(), Some("did you mean `BASE.ROBBER.MUST_MOVE`?"));
    }

    #[test]
    fn strings() {
        let e = string_error("\"abc \\q def\"", 5);
        assert_eq!(e.span(), Span::new(10, 12));
        let e = string_error("\"abc   ", 0);
        assert!(matches!(e, ParseError::UnterminatedString { .. }));
        assert_eq!(e.span(), Span::new(0, 4));
    }

    #[test]
    fn rule_ids() {
        assert!(is_rule_id("BASE.ROBBER.MUST_MOVE"));
        assert!(is_rule_id("CK.KNIGHT.ACTIVATED_THIS_TURN"));
        assert!(!is_rule_id("A.B"));
        assert!(!is_rule_id("BASE"));
        let e = rule_id_error("MUST_MOVE", Span::new(0, 9));
        assert!(help(&e).is_some());
    }
}
