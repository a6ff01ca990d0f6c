//! The `board` statement and the lines of its block.

use pest::iterators::Pair;

use super::args::{edge, hex_of};
use super::bad_tokens::number_in;
use super::recover::{after_brace, block_end, late_close};
use super::{span_of, spanned_text, Ctx, LineContext};
use crate::ast::{Board, BoardBlock, BoardLayout, BoardLine, Span, Spanned};
use crate::diagnostics::ParseError;
use crate::parser::Rule;

/// `board [LAYOUT] [{ … }]`.
pub(super) fn board(ctx: &mut Ctx<'_>, pair: Pair<'_, Rule>) -> Option<Board> {
    let stmt = span_of(&pair);
    let mut keyword = stmt;
    let mut layout = None;
    let mut layout_written = false;
    let mut open: Option<Span> = None;
    let mut block = None;
    for p in pair.into_inner() {
        match p.as_rule() {
            Rule::kw_board => keyword = span_of(&p),
            Rule::named_layout => {
                layout_written = true;
                let named = BoardLayout::Named(p.as_str().to_owned());
                layout = Some(Spanned::new(named, span_of(&p)));
            }
            Rule::random_layout => {
                layout_written = true;
                layout = random_layout(ctx, p);
            }
            Rule::map_layout => {
                layout_written = true;
                layout = map_layout(ctx, p);
            }
            Rule::open_brace => open = Some(span_of(&p)),
            Rule::bad_after_brace => after_brace(ctx, &p, "board"),
            Rule::board_body => {
                if let Some(open) = open {
                    block = body(ctx, p, open);
                }
            }
            _ => ctx.internal(span_of(&p)),
        }
    }
    if !layout_written && open.is_none() {
        ctx.error(ParseError::UnexpectedToken {
            span: Span::empty(keyword.end).into(),
            expected: "a layout like `beginner` or `random seed 42`, or `{` to describe the board hex by hex".into(),
            found: "the end of the line".into(),
            label: "the line ends here".into(),
            help: None,
        });
        return None;
    }
    Some(Board { layout, block })
}

/// `random seed N [tokens ORDER]`.
fn random_layout(ctx: &mut Ctx<'_>, pair: Pair<'_, Rule>) -> Option<Spanned<BoardLayout>> {
    let span = span_of(&pair);
    let mut seed = None;
    let mut tokens = None;
    for p in pair.into_inner() {
        match p.as_rule() {
            Rule::seed => {
                seed = number_in::<u64>(ctx, &p, "a seed is at most 18446744073709551615")
                    .map(|n| Spanned::new(n, span_of(&p)));
                seed.as_ref()?;
            }
            Rule::token_order => tokens = Some(spanned_text(&p)),
            _ => {}
        }
    }
    let Some(seed) = seed else {
        ctx.internal(span);
        return None;
    };
    Some(Spanned::new(BoardLayout::Random { seed, tokens }, span))
}

/// Seafarers: `MAP:PLAYERS [seed N]` or `MAP seed N`.
fn map_layout(ctx: &mut Ctx<'_>, pair: Pair<'_, Rule>) -> Option<Spanned<BoardLayout>> {
    let span = span_of(&pair);
    let mut name = None;
    let mut players = None;
    let mut seed = None;
    let mut ok = true;
    for p in pair.into_inner().flat_map(|p| {
        if p.as_rule() == Rule::map_spec {
            p.into_inner().collect::<Vec<_>>()
        } else {
            vec![p]
        }
    }) {
        match p.as_rule() {
            Rule::map_name => name = Some(spanned_text(&p)),
            Rule::map_players => match number_in::<u8>(ctx, &p, "a map is laid out for 3 or 4 players") {
                Some(n) => players = Some(Spanned::new(n, span_of(&p))),
                None => ok = false,
            },
            Rule::seed => match number_in::<u64>(ctx, &p, "a seed is at most 18446744073709551615") {
                Some(n) => seed = Some(Spanned::new(n, span_of(&p))),
                None => ok = false,
            },
            _ => {}
        }
    }
    let Some(name) = name else {
        ctx.internal(span);
        return None;
    };
    ok.then(|| Spanned::new(BoardLayout::Map { name, players, seed }, span))
}

/// The block after `{`.
fn body(ctx: &mut Ctx<'_>, pair: Pair<'_, Rule>, open: Span) -> Option<Spanned<BoardBlock>> {
    let mut lines = Vec::new();
    let mut close = None;
    let body_span = span_of(&pair);
    for p in pair.into_inner() {
        match p.as_rule() {
            Rule::board_line => {
                if let Some(l) = board_line(ctx, p) {
                    lines.push(l);
                }
            }
            Rule::block_bad_line => ctx.bad_lines.push((span_of(&p), LineContext::Board)),
            Rule::close_brace => close = Some(span_of(&p)),
            Rule::late_close => {
                close = Some(span_of(&p));
                late_close(ctx, &p, LineContext::Board);
            }
            _ => ctx.internal(span_of(&p)),
        }
    }
    let end = match close {
        Some(c) => c.end,
        None => {
            ctx.error(block_end(ctx.src, "board", open, body_span.end));
            body_span.end
        }
    };
    Some(Spanned::new(BoardBlock { lines }, Span::new(open.start, end)))
}

/// One `board_line`.
fn board_line(ctx: &mut Ctx<'_>, pair: Pair<'_, Rule>) -> Option<Spanned<BoardLine>> {
    let span = span_of(&pair);
    let Some(line) = pair.into_inner().next() else {
        ctx.internal(span);
        return None;
    };
    let rule = line.as_rule();
    let mut hexes = Vec::new();
    let mut words = Vec::new();
    let mut numbers = Vec::new();
    let mut edges = Vec::new();
    let mut vertices = Vec::new();
    let mut area = None;
    for p in line.into_inner() {
        match p.as_rule() {
            Rule::board_hex => hexes.push(hex_of(ctx, p)?),
            Rule::terrain | Rule::harbor_kind => words.push(spanned_text(&p)),
            Rule::number_token => {
                let n = number_in::<u8>(ctx, &p, "a number token is at most 255")?;
                numbers.push(Spanned::new(n, span_of(&p)));
            }
            Rule::area_number => {
                let n = number_in::<u8>(ctx, &p, "an area is a number up to 255")?;
                area = Some(Spanned::new(n, span_of(&p)));
            }
            Rule::harbor_edge => edges.push(edge(ctx, p)?),
            Rule::board_vertex => vertices.push(super::args::vertex_of(ctx, p)?),
            _ => {}
        }
    }
    let mut hexes = hexes.into_iter();
    let node = match rule {
        Rule::hex_line => BoardLine::Hex {
            hex: hexes.next()?,
            terrain: words.into_iter().next()?,
            token: numbers.into_iter().next(),
            area,
        },
        Rule::harbor_line => BoardLine::Harbor {
            edge: edges.into_iter().next()?,
            kind: words.into_iter().next()?,
        },
        Rule::token_line => BoardLine::Token {
            hex: hexes.next()?,
            number: numbers.into_iter().next()?,
        },
        Rule::swap_line => BoardLine::Swap {
            a: hexes.next()?,
            b: hexes.next()?,
        },
        Rule::soldiers_line => BoardLine::Soldiers {
            at: vertices.into_iter().next()?,
        },
        Rule::pirate_line => BoardLine::Pirate { at: hexes.next()? },
        Rule::robber_line => BoardLine::Robber { at: hexes.next()? },
        _ => {
            ctx.internal(span);
            return None;
        }
    };
    Some(Spanned::new(node, span))
}

#[cfg(test)]
mod tests {
    use crate::ast::*;
    use crate::parse::test_util::{codes, ok, script_codes};

    fn board(src: &str) -> Board {
        let f = ok(src);
        f.board().map(|b| b.node.clone()).expect("a board")
    }

    #[test]
    fn beginner_with_changes() {
        let b = board("board beginner {\n  token A 6\n  swap B, K\n}\n");
        assert_eq!(b.layout.map(|l| l.node), Some(BoardLayout::Named("beginner".into())));
        let lines: Vec<_> = b.block.unwrap().node.lines.into_iter().map(|l| l.node).collect();
        assert!(matches!(&lines[0], BoardLine::Token { number, .. } if number.node == 6));
        assert!(matches!(&lines[1], BoardLine::Swap { b, .. } if b.node == HexRef::Label("K".into())));
    }

    #[test]
    fn random_boards() {
        let b = board("board random seed 42 tokens spiral");
        let Some(Spanned {
            node: BoardLayout::Random { seed, tokens },
            ..
        }) = b.layout
        else {
            panic!()
        };
        assert_eq!(seed.node, 42);
        assert_eq!(tokens.unwrap().node, "spiral");
        assert!(b.block.is_none());
        let b = board("board random seed 7");
        assert!(matches!(
            b.layout.unwrap().node,
            BoardLayout::Random { tokens: None, .. }
        ));
    }

    #[test]
    fn seafarers_maps() {
        let b = board("board new-shores:4");
        let Some(Spanned {
            node: BoardLayout::Map { name, players, seed },
            ..
        }) = b.layout
        else {
            panic!()
        };
        assert_eq!(
            (name.node.as_str(), players.map(|p| p.node), seed),
            ("new-shores", Some(4), None)
        );
        let b = board("board through-the-desert:3 seed 7 {\n  pirate (1,2)\n}");
        assert!(matches!(
            b.layout.unwrap().node,
            BoardLayout::Map { players: Some(p), seed: Some(s), .. } if p.node == 3 && s.node == 7
        ));
        assert!(
            matches!(&b.block.unwrap().node.lines[0].node, BoardLine::Pirate { at } if at.node == HexRef::Axial { q: 1, r: 2 })
        );
        let b = board("board new-shores seed 9");
        assert!(matches!(
            b.layout.unwrap().node,
            BoardLayout::Map {
                players: None,
                seed: Some(_),
                ..
            }
        ));
        // Without `:N` or a seed the map's name is a named layout.
        assert_eq!(
            board("board new-shores").layout.map(|l| l.node),
            Some(BoardLayout::Named("new-shores".into()))
        );
        let b = board("board {\n  hex (1,1) gold 10 area 2\n  hex (2,1) sea\n  robber (1,1)\n}");
        let lines: Vec<_> = b.block.unwrap().node.lines.into_iter().map(|l| l.node).collect();
        assert!(
            matches!(&lines[0], BoardLine::Hex { token: Some(t), area: Some(a), .. } if t.node == 10 && a.node == 2)
        );
        assert!(matches!(
            &lines[1],
            BoardLine::Hex {
                token: None,
                area: None,
                ..
            }
        ));
        assert!(matches!(&lines[2], BoardLine::Robber { .. }));
        assert_eq!(codes("board new-shores:999"), ["dsl::syntax::bad_number"]);
        assert_eq!(
            codes("board {\n hex (1,1) gold 10 area\n}"),
            ["dsl::syntax::unexpected_token"]
        );
        assert_eq!(codes("board {\n pirate A.n\n}"), ["dsl::syntax::unexpected_token"]);
    }

    #[test]
    fn explicit_board() {
        let b = board(
            "board {\n  hex A mountains 10\n  hex (0,0) desert # the middle\n\n  harbor A.nw-n generic\n  harbor C.n-ne wool\n}",
        );
        assert!(b.layout.is_none());
        let block = b.block.unwrap();
        assert_eq!(block.node.lines.len(), 4);
        assert!(matches!(&block.node.lines[1].node,
            BoardLine::Hex { hex, token: None, .. } if hex.node == HexRef::Axial { q: 0, r: 0 }));
        assert!(matches!(&block.node.lines[2].node,
            BoardLine::Harbor { edge, kind } if edge.node.to_string() == "A.nw-n" && kind.node == "generic"));
    }

    #[test]
    fn board_errors() {
        assert_eq!(codes("board"), ["dsl::syntax::unexpected_token"]);
        assert_eq!(codes("board {\n hex A mountains"), ["dsl::syntax::unclosed_block"]);
        assert_eq!(codes("board {\n tokn A 6\n}"), ["dsl::syntax::unknown_board_line"]);
        assert_eq!(codes("board {\n hex A.n desert\n}"), ["dsl::syntax::unexpected_token"]);
        assert_eq!(
            codes("board {\n harbor A.nw generic\n}"),
            ["dsl::syntax::unexpected_token"]
        );
        assert_eq!(codes("board random seed x"), ["dsl::syntax::unexpected_token"]);
        assert_eq!(script_codes("token A 6"), ["dsl::syntax::line_outside_block"]);
    }
}
