//! Lowering of the `board` line: a named layout (`beginner`, `random SEED`), its `token` and
//! `swap` overrides, an explicit board of hexes and harbors, and The Court's first soldier.
//!
//! A child module of `lower`, sharing its context (`Cx`).

use super::{card_kind, terrain, Cx, RESOURCE_WORDS};
use crate::ast::{self, HexRef, Spanned};
use catan_engine::board::{Axial, HarborKind, Side, TokenPlacement};
use catan_engine::{Board, Terrain};
use std::sync::Arc;

/// The scenario's board (the beginner board without a `board` line; The Court plays on its
/// own board, the Court hex in place of the desert); `None` after an error was reported.
pub(super) fn build_board(cx: &mut Cx<'_>, b: Option<Spanned<&ast::Board>>) -> Option<Board> {
    let court = cx.court;
    let Some(b) = b else { return Some(beginner(court)) };
    let mut board = match b.layout.as_ref().map(|l| &l.node) {
        Some(ast::BoardLayout::Named(n)) if n == "beginner" => beginner(court),
        Some(ast::BoardLayout::Named(n)) => {
            let span = b.layout.as_ref().map(|l| l.span).unwrap_or(b.span);
            cx.unknown(span, "board layout", n, &["beginner", "random"]);
            return None;
        }
        Some(ast::BoardLayout::Random { seed, tokens }) => {
            let t = match tokens.as_ref().map(|t| t.node.as_str()) {
                None | Some("spiral") => TokenPlacement::Spiral,
                Some("random") => TokenPlacement::Random,
                Some(other) => {
                    let span = tokens.as_ref().map(|t| t.span).unwrap_or(b.span);
                    cx.unknown(span, "token placement", other, &["spiral", "random"]);
                    TokenPlacement::Spiral
                }
            };
            if court {
                Board::random_court(seed.node, t)
            } else {
                Board::random(seed.node, t)
            }
        }
        None => explicit_board(cx, &b)?,
    };
    cx.board = Arc::new(board.clone());
    if b.layout.is_some() {
        overrides(cx, &b, &mut board);
    }
    soldier_start(cx, &b, &mut board);
    Some(board)
}

/// The beginner board, or The Court's.
fn beginner(court: bool) -> Board {
    if court {
        Board::beginner_court()
    } else {
        Board::beginner()
    }
}

/// The lines of a board block.
fn lines<'b>(b: &'b Spanned<&ast::Board>) -> impl Iterator<Item = &'b Spanned<ast::BoardLine>> {
    b.block.iter().flat_map(|bl| bl.lines.iter())
}

/// `board { hex … ; harbor … }`: hexes by standard-island label or `(q,r)`, harbors on one
/// side of a hex.
fn explicit_board(cx: &mut Cx<'_>, b: &Spanned<&ast::Board>) -> Option<Board> {
    let mut hexes = Vec::new();
    let mut harbors = Vec::new();
    let std = Board::beginner();
    for line in lines(b) {
        match &line.node {
            ast::BoardLine::Hex { hex, terrain: t, token } => {
                if let Some(h) = explicit_hex(cx, &std, hex, t) {
                    hexes.push((h.0, h.1, token.as_ref().map(|t| t.node)));
                }
            }
            ast::BoardLine::Harbor { edge, kind } => {
                if let Some(h) = explicit_harbor(cx, &std, edge, kind) {
                    harbors.push(h);
                }
            }
            _ => {}
        }
    }
    match Board::explicit("explicit", &hexes, &harbors) {
        Ok(board) => Some(board),
        Err(e) => {
            cx.err(
                b.span,
                "bad_board",
                format!("this board cannot be built: {e}"),
                "here",
                None,
            );
            None
        }
    }
}

/// One `hex` line of an explicit board: its coordinate and terrain.
fn explicit_hex(cx: &mut Cx<'_>, std: &Board, hex: &Spanned<HexRef>, t: &Spanned<String>) -> Option<(Axial, Terrain)> {
    let coord = match &hex.node {
        HexRef::Axial { q, r } => match (i8::try_from(*q), i8::try_from(*r)) {
            (Ok(q), Ok(r)) => Some(Axial::new(q, r)),
            _ => None,
        },
        HexRef::Label(l) => std.hex_by_label(l).and_then(|h| std.topology.hex(h)).map(|h| h.coord),
    };
    let Some(coord) = coord else {
        cx.err(
            hex.span,
            "off_board",
            format!(
                "`{}`: explicit boards name hexes by a standard-island label or (q,r)",
                hex.node
            ),
            "unknown hex",
            None,
        );
        return None;
    };
    let Some(tt) = terrain(cx.lang, &t.node) else {
        let names: Vec<&str> = Terrain::ALL.iter().map(|t| t.name()).collect();
        cx.unknown(t.span, "terrain", &t.node, &names);
        return None;
    };
    if tt == Terrain::Gold {
        // Gold fields pay a choice of resources (Seafarers), not implemented yet.
        cx.err(
            t.span,
            "not_implemented",
            "gold fields are Seafarers terrain, and Seafarers is not implemented yet",
            "gold field",
            Some("the engine refuses a game on a board with gold fields until Seafarers exists".into()),
        );
        return None;
    }
    Some((coord, tt))
}

/// One `harbor` line of an explicit board: a side of a hex and what it trades.
fn explicit_harbor(
    cx: &mut Cx<'_>,
    std: &Board,
    edge: &Spanned<ast::EdgeRef>,
    kind: &Spanned<String>,
) -> Option<(Axial, Side, HarborKind)> {
    let hk = match kind.node.as_str() {
        "generic" | "3:1" => Some(HarborKind::Generic),
        w => card_kind(cx.lang, w)
            .and_then(|k| k.resource())
            .map(HarborKind::Special),
    };
    let Some(hk) = hk else {
        let mut opts = vec!["generic"];
        opts.extend(RESOURCE_WORDS);
        cx.unknown(kind.span, "harbor kind", &kind.node, &opts);
        return None;
    };
    let from = &edge.node.from.node;
    let to = edge.node.to();
    let coord = match &from.hex.node {
        HexRef::Axial { q, r } => Axial::new(*q as i8, *r as i8),
        HexRef::Label(l) => std.hex_by_label(l).and_then(|h| std.topology.hex(h))?.coord,
    };
    let side = Side::between(Cx::corner(from.corner.node), Cx::corner(to.corner.node));
    match (side, edge.node.to_hex.is_none()) {
        (Some(s), true) => Some((coord, s, hk)),
        _ => {
            cx.err(
                edge.span,
                "not_a_path",
                "a harbor is written as two neighbouring corners of one hex, e.g. `A.nw-n`",
                "not one side of a hex",
                None,
            );
            None
        }
    }
}

/// A named board's `token` and `swap` overrides.
fn overrides(cx: &mut Cx<'_>, b: &Spanned<&ast::Board>, board: &mut Board) {
    for line in lines(b) {
        match &line.node {
            ast::BoardLine::Token { hex, number } => {
                let Some(h) = cx.hex(hex) else { continue };
                if !(2..=12).contains(&number.node) || number.node == 7 {
                    cx.err(
                        number.span,
                        "bad_token",
                        format!("{} is not a number token (2–6, 8–12)", number.node),
                        "not a token",
                        None,
                    );
                } else if !board.terrain[h.index()].takes_token() {
                    cx.err(
                        hex.span,
                        "bad_token",
                        format!("a {} hex takes no number token", board.terrain[h.index()]),
                        "barren hex",
                        None,
                    );
                } else {
                    board.tokens[h.index()] = Some(number.node);
                }
            }
            ast::BoardLine::Swap { a, b: bb } => {
                if let (Some(x), Some(y)) = (cx.hex(a), cx.hex(bb)) {
                    board.tokens.swap(x.index(), y.index());
                }
            }
            ast::BoardLine::Soldiers { .. } => {}
            ast::BoardLine::Hex { .. } | ast::BoardLine::Harbor { .. } => {
                cx.err(
                    line.span,
                    "override",
                    "a named board takes only `token` and `swap` overrides; write an explicit `board { … }` instead",
                    "not an override",
                    None,
                );
            }
        }
    }
}

/// The Court: the first soldier's intersection (`soldiers from A.nw`), on any board.
fn soldier_start(cx: &mut Cx<'_>, b: &Spanned<&ast::Board>, board: &mut Board) {
    for line in lines(b) {
        let ast::BoardLine::Soldiers { at } = &line.node else {
            continue;
        };
        let hex = match &at.node.hex.node {
            HexRef::Label(l) => board.hex_by_label(l),
            HexRef::Axial { q, r } => match (i8::try_from(*q), i8::try_from(*r)) {
                (Ok(q), Ok(r)) => board.topology.hex_at(Axial::new(q, r)),
                _ => None,
            },
        };
        let v = hex.and_then(|h| board.topology.corner(h, Cx::corner(at.node.corner.node)));
        match v {
            Some(v) if board.topology.vertex(v).is_some_and(|i| i.coastal) => board.soldier_start = Some(v),
            _ => cx.err(
                at.span,
                "not_coastal",
                format!("`{}` is not a coastal intersection of this board", at.node),
                "not on the coast",
                Some("the foreign soldiers stand on the coast; `catan-harness places court` lists them".into()),
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    fn lower_errors(text: &str) -> Vec<(String, usize)> {
        let ast = crate::parse("t.cat", text).expect("parses");
        match super::super::lower("t.cat", text, &ast) {
            Ok(_) => Vec::new(),
            Err(e) => e.errors.iter().map(|x| (x.code.clone(), x.span.offset())).collect(),
        }
    }

    #[test]
    fn a_gold_field_is_refused_at_its_word_until_seafarers_exists() {
        let text = "scenario \"gold\"\nsource own\nplayers red blue white\nboard {\n  hex (0,0) gold 6\n  hex (1,0) hills 5\n}\n";
        let errs = lower_errors(text);
        assert_eq!(errs.len(), 1, "{errs:?}");
        assert_eq!(errs[0].0, "dsl::lower::not_implemented");
        assert_eq!(errs[0].1, text.find("gold 6").unwrap());
        // Without the gold field the board lowers.
        assert!(lower_errors(&text.replace("gold 6", "forest 6")).is_empty());
    }
}
