//! Arguments and tokens: numbers, dice, fractions, counts, rule ids, places,
//! words, strings and `key=value` pairs.

use pest::iterators::Pair;

use super::bad_tokens;
use super::{span_of, spanned_text, Ctx};
use crate::ast::{Arg, Corner, EdgeRef, Field, HexRef, Spanned, VertexRef};
use crate::diagnostics::ParseError;
use crate::parser::Rule;

/// The `arg` pairs among `pairs`, converted. Bad arguments are reported and
/// left out.
pub(super) fn args<'i>(ctx: &mut Ctx<'_>, pairs: impl Iterator<Item = Pair<'i, Rule>>) -> Vec<Spanned<Arg>> {
    pairs
        .filter(|p| p.as_rule() == Rule::arg)
        .filter_map(|p| arg(ctx, p))
        .collect()
}

/// One `arg` pair.
pub(super) fn arg(ctx: &mut Ctx<'_>, pair: Pair<'_, Rule>) -> Option<Spanned<Arg>> {
    let span = span_of(&pair);
    let Some(token) = pair.into_inner().next() else {
        ctx.internal(span);
        return None;
    };
    value(ctx, token)
}

/// A token inside `arg` or `kv_value`.
fn value(ctx: &mut Ctx<'_>, pair: Pair<'_, Rule>) -> Option<Spanned<Arg>> {
    let span = span_of(&pair);
    let text = pair.as_str();
    let arg = match pair.as_rule() {
        Rule::key_value => {
            let mut key = None;
            let mut val = None;
            for p in pair.into_inner() {
                match p.as_rule() {
                    Rule::kv_key => key = Some(spanned_text(&p)),
                    Rule::kv_value => {
                        let inner_span = span_of(&p);
                        match p.into_inner().next() {
                            Some(inner) => val = value(ctx, inner),
                            None => ctx.internal(inner_span),
                        }
                    }
                    _ => ctx.internal(span_of(&p)),
                }
            }
            Arg::KeyValue(key?, Box::new(val?))
        }
        Rule::fraction => {
            let (a, b) = split_pair(text, '/')?;
            match (a.parse::<u8>(), b.parse::<u8>()) {
                (Ok(_), Ok(0)) => {
                    ctx.error(ParseError::BadFraction {
                        span: span.into(),
                        text: text.into(),
                        reason: "the second number must not be 0".into(),
                    });
                    return None;
                }
                (Ok(a), Ok(b)) => Arg::Fraction(a, b),
                _ => {
                    ctx.error(ParseError::BadFraction {
                        span: span.into(),
                        text: text.into(),
                        reason: "each number must be at most 255".into(),
                    });
                    return None;
                }
            }
        }
        Rule::dice => {
            let (a, b) = split_pair(text, '+')?;
            match (a.parse::<u8>(), b.parse::<u8>()) {
                (Ok(a @ 1..=6), Ok(b @ 1..=6)) => Arg::Dice(a, b),
                _ => {
                    ctx.error(ParseError::BadDice {
                        span: span.into(),
                        text: text.into(),
                        reason: "each die shows 1 to 6".into(),
                    });
                    return None;
                }
            }
        }
        Rule::count => {
            let mut count = None;
            let mut item = None;
            for p in pair.into_inner() {
                match p.as_rule() {
                    Rule::uint => {
                        count = bad_tokens::number_in::<u32>(ctx, &p, "a count is at most 4294967295")
                            .map(|n| Spanned::new(n, span_of(&p)))
                    }
                    Rule::count_item => item = Some(spanned_text(&p)),
                    _ => ctx.internal(span_of(&p)),
                }
            }
            Arg::Count {
                count: count?,
                item: item?,
            }
        }
        Rule::number => Arg::Number(bad_tokens::number_in::<i64>(
            ctx,
            &pair,
            "too large for a whole number",
        )?),
        Rule::rule_id => Arg::RuleId(text.to_owned()),
        Rule::edge => Arg::Edge(edge(ctx, pair)?.node),
        Rule::vertex => {
            let Some(inner) = pair.into_inner().next() else {
                ctx.internal(span);
                return None;
            };
            Arg::Vertex(corner_ref(ctx, inner)?.node)
        }
        Rule::hex_place => Arg::Hex(hex_of(ctx, pair)?.node),
        Rule::word => Arg::Word(text.to_owned()),
        Rule::string => Arg::Str(unescape(text)),
        Rule::bad_key_value
        | Rule::bad_fraction
        | Rule::bad_dice
        | Rule::bad_place
        | Rule::bad_axial
        | Rule::bad_string => {
            bad_tokens::bad_token(ctx, &pair);
            return None;
        }
        _ => {
            ctx.internal(span);
            return None;
        }
    };
    Some(Spanned::new(arg, span))
}

/// `key=value` (or its error production) in `expect event` lines.
pub(super) fn field(ctx: &mut Ctx<'_>, pair: Pair<'_, Rule>) -> Option<Spanned<Field>> {
    let span = span_of(&pair);
    let arg = value(ctx, pair)?;
    match arg.node {
        Arg::KeyValue(key, value) => Some(Spanned::new(Field { key, value: *value }, span)),
        _ => {
            ctx.internal(span);
            None
        }
    }
}

fn split_pair(text: &str, sep: char) -> Option<(&str, &str)> {
    text.split_once(sep)
}

/// A rule id slot: `rule_id`, or `bad_rule_id` reported as an error.
pub(super) fn rule_id_slot(ctx: &mut Ctx<'_>, pair: Pair<'_, Rule>) -> Option<Spanned<String>> {
    match pair.as_rule() {
        Rule::rule_id => Some(spanned_text(&pair)),
        Rule::bad_rule_id => {
            bad_tokens::bad_rule_id(ctx, &pair);
            None
        }
        _ => {
            ctx.internal(span_of(&pair));
            None
        }
    }
}

/// The hex of a pair whose first child is `hex_label` or `axial`
/// (`hex_place`, `board_hex`).
pub(super) fn hex_of(ctx: &mut Ctx<'_>, pair: Pair<'_, Rule>) -> Option<Spanned<HexRef>> {
    let span = span_of(&pair);
    let Some(inner) = pair.into_inner().next() else {
        ctx.internal(span);
        return None;
    };
    hex_ref(ctx, inner)
}

/// A `hex_label` or `axial` pair.
fn hex_ref(ctx: &mut Ctx<'_>, pair: Pair<'_, Rule>) -> Option<Spanned<HexRef>> {
    let span = span_of(&pair);
    match pair.as_rule() {
        Rule::hex_label => Some(Spanned::new(HexRef::Label(pair.as_str().to_owned()), span)),
        Rule::axial => {
            let mut coords = Vec::with_capacity(2);
            for p in pair.into_inner() {
                coords.push(bad_tokens::number_in::<i32>(
                    ctx,
                    &p,
                    "too large for an axial coordinate",
                )?);
            }
            match coords.as_slice() {
                [q, r] => Some(Spanned::new(HexRef::Axial { q: *q, r: *r }, span)),
                _ => {
                    ctx.internal(span);
                    None
                }
            }
        }
        _ => {
            ctx.internal(span);
            None
        }
    }
}

/// A `corner` pair.
fn corner(ctx: &mut Ctx<'_>, pair: &Pair<'_, Rule>) -> Option<Spanned<Corner>> {
    let span = span_of(pair);
    match Corner::from_name(pair.as_str()) {
        Some(c) => Some(Spanned::new(c, span)),
        None => {
            ctx.internal(span);
            None
        }
    }
}

/// The intersection of a pair whose only child is a `corner_ref` (`board_vertex`).
pub(super) fn vertex_of(ctx: &mut Ctx<'_>, pair: Pair<'_, Rule>) -> Option<Spanned<VertexRef>> {
    let span = span_of(&pair);
    let Some(inner) = pair.into_inner().next() else {
        ctx.internal(span);
        return None;
    };
    corner_ref(ctx, inner)
}

/// A `corner_ref` pair: `HEX.CORNER`.
fn corner_ref(ctx: &mut Ctx<'_>, pair: Pair<'_, Rule>) -> Option<Spanned<VertexRef>> {
    let span = span_of(&pair);
    let mut hex = None;
    let mut cor = None;
    for p in pair.into_inner() {
        match p.as_rule() {
            Rule::hex_label | Rule::axial => hex = hex_ref(ctx, p),
            Rule::corner => cor = corner(ctx, &p),
            _ => ctx.internal(span_of(&p)),
        }
    }
    Some(Spanned::new(
        VertexRef {
            hex: hex?,
            corner: cor?,
        },
        span,
    ))
}

/// An `edge` or `harbor_edge` pair: `corner_ref - (corner_ref | corner)`.
pub(super) fn edge(ctx: &mut Ctx<'_>, pair: Pair<'_, Rule>) -> Option<Spanned<EdgeRef>> {
    let span = span_of(&pair);
    let mut parts = pair.into_inner();
    let (Some(first), Some(second)) = (parts.next(), parts.next()) else {
        ctx.internal(span);
        return None;
    };
    let from = corner_ref(ctx, first)?;
    let (to_hex, to_corner) = match second.as_rule() {
        Rule::corner => (None, corner(ctx, &second)?),
        Rule::corner_ref => {
            let v = corner_ref(ctx, second)?.node;
            (Some(v.hex), v.corner)
        }
        _ => {
            ctx.internal(span);
            return None;
        }
    };
    Some(Spanned::new(
        EdgeRef {
            from,
            to_hex,
            to_corner,
        },
        span,
    ))
}

/// The value of a quoted slot pair (`title`, `string`, `source_note`, …).
pub(super) fn string_value(pair: &Pair<'_, Rule>) -> Spanned<String> {
    Spanned::new(unescape(pair.as_str()), span_of(pair))
}

/// Resolves `\"` and `\\` in a quoted literal and drops the quotes. Anything
/// else after a backslash is kept as written (the grammar rejects it before).
pub(super) fn unescape(quoted: &str) -> String {
    let inner = quoted.strip_prefix('"').unwrap_or(quoted);
    let inner = inner.strip_suffix('"').unwrap_or(inner);
    let mut out = String::with_capacity(inner.len());
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            match chars.next() {
                Some(e @ ('"' | '\\')) => out.push(e),
                Some(other) => {
                    out.push('\\');
                    out.push(other);
                }
                None => out.push('\\'),
            }
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use crate::ast::*;
    use crate::parse::test_util::{script_codes as codes, single};

    fn step_args(line: &str) -> Vec<Arg> {
        match single(line) {
            Item::Step(s) => s.action.node.args.into_iter().map(|a| a.node).collect(),
            other => panic!("{other:?}"),
        }
    }

    fn label(s: &str) -> HexRef {
        HexRef::Label(s.into())
    }

    #[test]
    fn numbers_dice_fractions_counts() {
        assert_eq!(
            step_args("red x 3 -1 3+4 6/7 2 brick"),
            vec![
                Arg::Number(3),
                Arg::Number(-1),
                Arg::Dice(3, 4),
                Arg::Fraction(6, 7),
                Arg::Count {
                    count: Spanned::new(2, Span::new(32, 33)),
                    item: Spanned::new("brick".into(), Span::new(34, 39)),
                },
            ]
        );
    }

    #[test]
    fn words_rule_ids_strings() {
        assert_eq!(
            step_args(r#"red x year-of-plenty Siedlung l·lana BASE.BUILD.DISTANCE_RULE "a \"b\"""#),
            vec![
                Arg::Word("year-of-plenty".into()),
                Arg::Word("Siedlung".into()),
                Arg::Word("l·lana".into()),
                Arg::RuleId("BASE.BUILD.DISTANCE_RULE".into()),
                Arg::Str("a \"b\"".into()),
            ]
        );
    }

    #[test]
    fn hexes_and_places() {
        let args = step_args("red x J AB A1 (0,-2) ( 1 , +2 ) A.n (0,-2).se A.n-ne A.n-B.s (0,-2).n-(1,-2).nw");
        assert_eq!(args[0], Arg::Hex(label("J")));
        assert_eq!(args[1], Arg::Hex(label("AB")));
        assert_eq!(args[2], Arg::Hex(label("A1")));
        assert_eq!(args[3], Arg::Hex(HexRef::Axial { q: 0, r: -2 }));
        assert_eq!(args[4], Arg::Hex(HexRef::Axial { q: 1, r: 2 }));
        let Arg::Vertex(v) = &args[5] else { panic!() };
        assert_eq!((v.hex.node.clone(), v.corner.node), (label("A"), Corner::N));
        let Arg::Vertex(v) = &args[6] else { panic!() };
        assert_eq!(v.corner.node, Corner::SE);
        let Arg::Edge(e) = &args[7] else { panic!() };
        assert_eq!(e.to().corner.node, Corner::NE);
        assert_eq!(e.to().hex.node, label("A"));
        assert!(e.to_hex.is_none());
        let Arg::Edge(e) = &args[8] else { panic!() };
        assert_eq!(e.to().hex.node, label("B"));
        let Arg::Edge(e) = &args[9] else { panic!() };
        assert_eq!(e.to_string(), "(0,-2).n-(1,-2).nw");
        // A number before a place or a hex is no count.
        let args = step_args("red x 2 A.n 2 J 2 Brick");
        assert_eq!(args[0], Arg::Number(2));
        assert!(matches!(args[1], Arg::Vertex(_)));
        assert_eq!(args[3], Arg::Hex(label("J")));
        assert!(matches!(args[4], Arg::Count { .. }));
        // Non-adjacent corners are not a parse error.
        assert!(matches!(step_args("red x A.n-s")[0], Arg::Edge(_)));
    }

    #[test]
    fn key_values_and_commas() {
        let args = step_args("red x player=red, count=2, at=A.n, roll=3+4");
        let shown: Vec<String> = args.iter().map(|a| a.to_string()).collect();
        assert_eq!(shown, ["player=red", "count=2", "at=A.n", "roll=3+4"]);
        let Arg::KeyValue(k, v) = &args[2] else { panic!() };
        assert_eq!(k.node, "at");
        assert!(matches!(v.node, Arg::Vertex(_)));
    }

    #[test]
    fn token_errors() {
        assert_eq!(codes("red rolls 3+"), ["dsl::syntax::bad_dice"]);
        assert_eq!(codes("red rolls 7+1"), ["dsl::syntax::bad_dice"]);
        assert_eq!(codes("red x 6/"), ["dsl::syntax::bad_fraction"]);
        assert_eq!(codes("red x 6/0"), ["dsl::syntax::bad_fraction"]);
        assert_eq!(codes("red x 300/7"), ["dsl::syntax::bad_fraction"]);
        assert_eq!(codes("red x 99999999999999999999"), ["dsl::syntax::bad_number"]);
        assert_eq!(codes("red x A.nn"), ["dsl::syntax::bad_corner"]);
        assert_eq!(codes("red x A.n-q"), ["dsl::syntax::bad_corner"]);
        assert_eq!(codes("red x A.n-"), ["dsl::syntax::bad_place"]);
        assert_eq!(codes("red x a.n"), ["dsl::syntax::bad_place"]);
        assert_eq!(codes("red x (1,)"), ["dsl::syntax::bad_axial"]);
        assert_eq!(codes("red x (1,2).q"), ["dsl::syntax::bad_corner"]);
        assert_eq!(codes("red x key="), ["dsl::syntax::missing_value"]);
        assert_eq!(codes("red x card==wool"), ["dsl::syntax::bad_value"]);
        assert_eq!(codes("red x at=A.nn"), ["dsl::syntax::bad_corner"]);
        assert_eq!(codes("red x \"open"), ["dsl::syntax::unterminated_string"]);
        assert_eq!(codes("red x \"a\\qb\""), ["dsl::syntax::bad_escape"]);
        assert_eq!(codes("red x (99999999999,0)"), ["dsl::syntax::bad_number"]);
    }

    #[test]
    fn unescape_keeps_unknown_escapes() {
        assert_eq!(super::unescape(r#""a\"b\\c""#), "a\"b\\c");
        assert_eq!(super::unescape(r#""a\q""#), "a\\q");
        assert_eq!(super::unescape("\"\\"), "\\");
    }
}
