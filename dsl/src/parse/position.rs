//! The `position { … }` block.

use pest::iterators::Pair;

use super::args::args;
use super::recover::{after_brace, block_end, global_keywords, late_close, unclosed_at};
use super::{span_of, spanned_text, Ctx, LineContext};
use crate::ast::{PlayerSection, Position, PositionItem, Span, Spanned};
use crate::diagnostics::ParseError;
use crate::parser::Rule;
use crate::vocab::nearest;

/// `position [{] … [}]`.
pub(super) fn position(ctx: &mut Ctx<'_>, pair: Pair<'_, Rule>) -> Option<Position> {
    let stmt = span_of(&pair);
    let mut keyword = stmt;
    let mut open = None;
    let mut pos = Position::default();
    for p in pair.into_inner() {
        match p.as_rule() {
            Rule::kw_position => keyword = span_of(&p),
            Rule::open_brace => open = Some(span_of(&p)),
            // Without `{` the missing brace is the error to report.
            Rule::bad_after_brace if open.is_some() => after_brace(ctx, &p, "position"),
            Rule::bad_after_brace => {}
            Rule::position_body => body(ctx, p, &mut pos, open, keyword),
            _ => ctx.internal(span_of(&p)),
        }
    }
    Some(pos)
}

fn body(ctx: &mut Ctx<'_>, pair: Pair<'_, Rule>, pos: &mut Position, open: Option<Span>, keyword: Span) {
    let body_span = span_of(&pair);
    let mut closed = false;
    // `red rolls 3+4` inside the block: a missing `:` after a player, or a
    // script line because the block was never closed. Decided at the end.
    let mut missing_colons: Vec<(Span, ParseError)> = Vec::new();
    for p in pair.into_inner() {
        match p.as_rule() {
            Rule::position_line => line(ctx, p, pos, &mut missing_colons),
            Rule::block_bad_line => ctx.bad_lines.push((span_of(&p), LineContext::Position)),
            Rule::close_brace => closed = true,
            Rule::late_close => {
                closed = true;
                late_close(ctx, &p, LineContext::Position);
            }
            _ => ctx.internal(span_of(&p)),
        }
    }
    match open {
        None => ctx.error(ParseError::MissingOpenBrace {
            block: "position".into(),
            span: keyword.into(),
            help: Some("write `position {`, then one line per item, then `}` alone on a line".into()),
        }),
        Some(open) if !closed => {
            if let Some((line, _)) = missing_colons.first() {
                // The block ran into the script: that is the one mistake.
                let e = unclosed_at("position", open, *line, "expected `}` before this line");
                ctx.error(e);
                return;
            }
            ctx.error(block_end(ctx.src, "position", open, body_span.end));
        }
        Some(_) => {}
    }
    ctx.errors.extend(missing_colons.into_iter().map(|(_, e)| e));
}

type Deferred = Vec<(Span, ParseError)>;

fn line(ctx: &mut Ctx<'_>, pair: Pair<'_, Rule>, pos: &mut Position, deferred: &mut Deferred) {
    let span = span_of(&pair);
    let Some(inner) = pair.into_inner().next() else {
        ctx.internal(span);
        return;
    };
    match inner.as_rule() {
        Rule::unchecked_line => {
            let here = span_of(&inner);
            match pos.unchecked {
                Some(first) => ctx.error(ParseError::Duplicate {
                    what: "`unchecked`".into(),
                    span: here.into(),
                    first: first.into(),
                    help: Some("`unchecked` is needed once per position".into()),
                }),
                None => pos.unchecked = Some(here),
            }
        }
        Rule::player_line => {
            let mut section: Option<Spanned<PlayerSection>> = None;
            for p in inner.into_inner() {
                match p.as_rule() {
                    Rule::player_name => {
                        let player = spanned_text(&p);
                        if let Some(first) = pos.players.iter().find(|s| s.node.player.node == player.node) {
                            ctx.error(ParseError::Duplicate {
                                what: format!("the section of `{}`", player.node),
                                span: player.span.into(),
                                first: first.node.player.span.into(),
                                help: Some(format!(
                                    "put all of {}'s items under one `{}:` line",
                                    player.node, player.node
                                )),
                            });
                        }
                        let s = player.span;
                        section = Some(Spanned::new(
                            PlayerSection {
                                player,
                                items: Vec::new(),
                            },
                            s,
                        ));
                    }
                    Rule::global_item => item_into(ctx, p, pos, None, deferred),
                    Rule::player_item => item_into(ctx, p, pos, section.as_mut(), deferred),
                    Rule::colon | Rule::semicolon => {
                        if let Some(s) = section.as_mut() {
                            s.span = s.span.join(span_of(&p));
                        }
                    }
                    _ => ctx.internal(span_of(&p)),
                }
            }
            if let Some(s) = section {
                pos.players.push(s);
            }
        }
        Rule::items_line => {
            let mut current = pos.players.pop();
            for p in inner.into_inner() {
                match p.as_rule() {
                    Rule::global_item => item_into(ctx, p, pos, None, deferred),
                    Rule::player_item => item_into(ctx, p, pos, current.as_mut(), deferred),
                    Rule::semicolon => {}
                    _ => ctx.internal(span_of(&p)),
                }
            }
            if let Some(c) = current {
                pos.players.push(c);
            }
        }
        _ => ctx.internal(span),
    }
}

/// Adds an item to the section (player items) or to the globals.
fn item_into(
    ctx: &mut Ctx<'_>,
    pair: Pair<'_, Rule>,
    pos: &mut Position,
    section: Option<&mut Spanned<PlayerSection>>,
    deferred: &mut Deferred,
) {
    let span = span_of(&pair);
    let global = pair.as_rule() == Rule::global_item;
    let mut inner = pair.into_inner();
    let Some(key) = inner.next().map(|k| spanned_text(&k)) else {
        ctx.internal(span);
        return;
    };
    let item = Spanned::new(
        PositionItem {
            key,
            args: args(ctx, inner),
        },
        span,
    );
    if global {
        pos.globals.push(item);
        return;
    }
    if ctx.is_player(&item.node.key.node) {
        let name = item.node.key.node.clone();
        let e = ParseError::UnexpectedToken {
            span: Span::empty(item.node.key.span.end).into(),
            expected: format!("`:` after the player `{name}`"),
            found: item
                .node
                .args
                .first()
                .map_or("the end of the line".into(), |a| format!("`{}`", a.node)),
            label: "missing `:`".into(),
            help: Some(format!(
                "a player's section starts with `{name}:`, e.g. `{name}: settlements A.n`"
            )),
        };
        deferred.push((item.node.key.span, e));
        return;
    }
    match section {
        Some(s) => {
            s.span = s.span.join(span);
            s.node.items.push(item);
        }
        None => {
            let key = item.node.key.node.clone();
            let help = match nearest(&key, global_keywords().iter().copied()) {
                Some(g) => format!(
                    "did you mean the table-wide item `{g}`? Otherwise start the player's section first, like `red:`"
                ),
                None => format!(
                    "start the player's section first, like `red:` on its own line or `red: {key} …`; only {} stand alone",
                    global_keywords()
                        .iter()
                        .map(|g| format!("`{g}`"))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            };
            ctx.error(ParseError::ItemOutsidePlayer {
                span: item.node.key.span.into(),
                key,
                help: Some(help),
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::ast::*;
    use crate::parse::test_util::{codes, ok};

    fn position(src: &str) -> Position {
        ok(src).position().map(|p| p.node.clone()).expect("a position")
    }

    #[test]
    fn sections_items_and_globals() {
        let p = position(
            "players red blue\nposition {\n  unchecked\n  red:\n    settlements A.n, D.s\n    hand 2 brick, 1 ore\n  blue: settlements J.s; roads J.s-se\n  robber J\n  bank 19 brick, 18 ore\n  dev-deck 14 knight, 5 victory-point\n  longest-road red\n  largest-army none\n  turn red main\n}\n",
        );
        assert!(p.unchecked.is_some());
        assert_eq!(p.players.len(), 2);
        let red = &p.players[0].node;
        assert_eq!(red.player.node, "red");
        let keys: Vec<_> = red.items.iter().map(|i| i.node.key.node.as_str()).collect();
        assert_eq!(keys, ["settlements", "hand"]);
        let blue = &p.players[1].node;
        let keys: Vec<_> = blue.items.iter().map(|i| i.node.key.node.as_str()).collect();
        assert_eq!(keys, ["settlements", "roads"]);
        let globals: Vec<_> = p.globals.iter().map(|i| i.node.key.node.as_str()).collect();
        assert_eq!(
            globals,
            ["robber", "bank", "dev-deck", "longest-road", "largest-army", "turn"]
        );
        assert_eq!(join_args(&p.globals[2].node.args), "14 knight 5 victory-point");
    }

    #[test]
    fn section_span_covers_its_items() {
        let src = "position {\n  red:\n    roads A.n-ne\n}\n";
        let p = position(src);
        assert_eq!(p.players[0].span.text(src), "red:\n    roads A.n-ne");
    }

    #[test]
    fn position_errors() {
        assert_eq!(
            codes("position {\n  settlements A.n\n}"),
            ["dsl::syntax::item_outside_player"]
        );
        assert_eq!(
            codes("players red\nposition {\n  red settlements A.n\n}"),
            ["dsl::syntax::unexpected_token"]
        );
        assert_eq!(
            codes("position {\n  red: roads A.n\n  red: hand 1 ore\n}"),
            ["dsl::syntax::duplicate"]
        );
        assert_eq!(codes("position\n  robber J\n}"), ["dsl::syntax::missing_brace"]);
        assert_eq!(
            codes("scenario \"t\"\nposition {\n  robber J\nexpect red vp 2"),
            ["dsl::syntax::unclosed_block"]
        );
        assert_eq!(
            codes("position {\n  red: hand 2 brick,, 1 ore\n}"),
            ["dsl::syntax::unexpected_token"]
        );
        // The block runs into the script: one error, at the first step.
        assert_eq!(
            codes("scenario \"t\"\nplayers red\nposition {\n  robber J\nred rolls 3+4\nred ends turn"),
            ["dsl::syntax::unclosed_block"]
        );
        assert_eq!(
            codes("position {\n  red: roads A.n }"),
            ["dsl::syntax::brace_not_alone"]
        );
    }
}
