//! Lowering of the `board` line: a named layout (`beginner`, `random SEED`, a Seafarers map
//! `new-shores:4 seed 7`), its `token` and `swap` overrides, an explicit board of hexes
//! (sea, gold fields and land areas too) and harbors, The Court's first soldier, and where
//! the robber and Seafarers' pirate start.
//!
//! A child module of `lower`, sharing its context (`Cx`).

use super::{card_kind, terrain, Cx, RESOURCE_WORDS};
use crate::ast::{self, HexRef, Span, Spanned};
use catan_engine::board::{Axial, HarborKind, Side, TokenPlacement};
use catan_engine::{Board, HexId, SeaMap, Terrain};
use std::sync::Arc;

/// Layouts a `board` line may name.
const LAYOUTS: [&str; 4] = ["beginner", "random", "new-shores", "through-the-desert"];

/// The scenario's board (the beginner board without a `board` line; The Court plays on its
/// own board, the Court hex in place of the desert; Seafarers on "Heading for New Shores"
/// for the players seated); `None` after an error was reported.
pub(super) fn build_board(cx: &mut Cx<'_>, b: Option<Spanned<&ast::Board>>) -> Option<Board> {
    let court = cx.court;
    let Some(b) = b else {
        if cx.sea {
            return sea_map(cx, SeaMap::NewShores, None, None, Span::empty(0));
        }
        return Some(beginner(court, cx.barb));
    };
    let layout_span = b.layout.as_ref().map(|l| l.span).unwrap_or(b.span);
    let mut board = match b.layout.as_ref().map(|l| &l.node) {
        Some(ast::BoardLayout::Named(n)) if n == "beginner" => beginner(court, cx.barb),
        Some(ast::BoardLayout::Named(n)) if SeaMap::from_name(n).is_some() => {
            sea_map(cx, SeaMap::from_name(n)?, None, None, layout_span)?
        }
        Some(ast::BoardLayout::Named(n)) => {
            cx.unknown(layout_span, "board layout", n, &LAYOUTS);
            return None;
        }
        Some(ast::BoardLayout::Map { name, players, seed }) => {
            let Some(map) = SeaMap::from_name(&name.node) else {
                let maps: Vec<&str> = SeaMap::ALL.iter().map(|m| m.name()).collect();
                let what = if seed.is_some() && players.is_none() {
                    "Seafarers map (only a map takes a seed after its name; write `random seed N`)"
                } else {
                    "Seafarers map"
                };
                cx.unknown(name.span, what, &name.node, &maps);
                return None;
            };
            sea_map(cx, map, players.as_ref(), seed.as_ref(), layout_span)?
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
            } else if cx.barb {
                // Barbarian Attack's board has its own fixed number pattern: the seed lays it.
                Board::barbarian_attack(seed.node, &Default::default())
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
    piece_starts(cx, &b, &mut board);
    Some(board)
}

/// A Seafarers map for `players` (the seated players when not written: 3 or 4) laid out by
/// `seed` (1 when not written, as on the command line).
fn sea_map(
    cx: &mut Cx<'_>,
    map: SeaMap,
    players: Option<&Spanned<u8>>,
    seed: Option<&Spanned<u64>>,
    span: Span,
) -> Option<Board> {
    if !cx.sea {
        cx.err(
            span,
            "seafarers_only",
            format!("`{}` is a Seafarers map", map.name()),
            "a Seafarers map",
            Some("write `rules seafarers` to play on it".into()),
        );
        return None;
    }
    let seated = cx.colours.len().clamp(3, 4);
    let n = players.map_or(seated, |p| usize::from(p.node));
    match Board::seafarers(map, n, seed.map_or(1, |s| s.node)) {
        Ok(board) => Some(board),
        Err(e) => {
            cx.err(
                players.map_or(span, |p| p.span),
                "bad_board",
                format!("{e}"),
                "no layout for this many players",
                Some(format!("write `{}:3` or `{}:4`", map.name(), map.name())),
            );
            None
        }
    }
}

/// `pirate HEX` (Seafarers: a sea hex) and `robber HEX` (a land hex): where each starts,
/// named as the script names hexes of the board built.
fn piece_starts(cx: &mut Cx<'_>, b: &Spanned<&ast::Board>, board: &mut Board) {
    for line in lines(b) {
        match &line.node {
            ast::BoardLine::Pirate { at } => {
                let Some(h) = start_hex(cx, at, board) else { continue };
                if !cx.sea {
                    cx.err(
                        line.span,
                        "seafarers_only",
                        "the pirate is a Seafarers piece",
                        "no pirate in this game",
                        Some("write `rules seafarers`".into()),
                    );
                } else if board.terrain[h.index()] != Terrain::Sea {
                    cx.err(
                        at.span,
                        "not_sea",
                        format!("the pirate starts on a sea hex, and `{}` is land", at.node),
                        "not a sea hex",
                        None,
                    );
                } else {
                    board.pirate_start = Some(h);
                }
            }
            ast::BoardLine::Robber { at } => {
                let Some(h) = start_hex(cx, at, board) else { continue };
                if board.terrain[h.index()] == Terrain::Sea {
                    cx.err(
                        at.span,
                        "not_land",
                        format!("the robber starts on a land hex, and `{}` is sea", at.node),
                        "a sea hex",
                        Some("the pirate sails the sea: `pirate HEX`".into()),
                    );
                } else {
                    board.robber_start = Some(h);
                }
            }
            _ => {}
        }
    }
}

/// A hex of the board being built, by its label or `(q,r)`.
fn start_hex(cx: &mut Cx<'_>, at: &Spanned<HexRef>, board: &Board) -> Option<HexId> {
    let h = match &at.node {
        HexRef::Label(l) => board.hex_by_label(l),
        HexRef::Axial { q, r } => match (i8::try_from(*q), i8::try_from(*r)) {
            (Ok(q), Ok(r)) => board.topology.hex_at(Axial::new(q, r)),
            _ => None,
        },
    };
    if h.is_none() {
        cx.err(
            at.span,
            "off_board",
            format!("there is no hex `{}` on this board", at.node),
            "not on the board",
            Some("`catan-harness places` lists a board's hexes".into()),
        );
    }
    h
}

/// The beginner board, or The Court's, or Barbarian Attack's (its board of seed 0).
fn beginner(court: bool, barb: bool) -> Board {
    if court {
        Board::beginner_court()
    } else if barb {
        Board::barbarian_attack(0, &Default::default())
    } else {
        Board::beginner()
    }
}

/// The lines of a board block.
fn lines<'b>(b: &'b Spanned<&ast::Board>) -> impl Iterator<Item = &'b Spanned<ast::BoardLine>> {
    b.block.iter().flat_map(|bl| bl.lines.iter())
}

/// `board { hex … ; harbor … }`: hexes by standard-island label or `(q,r)` (Seafarers: sea,
/// gold fields and each hex's land area), harbors on one side of a hex.
fn explicit_board(cx: &mut Cx<'_>, b: &Spanned<&ast::Board>) -> Option<Board> {
    let mut hexes = Vec::new();
    let mut harbors = Vec::new();
    let mut areas: Vec<(Axial, u8)> = Vec::new();
    let std = Board::beginner();
    for line in lines(b) {
        match &line.node {
            ast::BoardLine::Hex {
                hex,
                terrain: t,
                token,
                area,
            } => {
                if let Some(h) = explicit_hex(cx, &std, hex, t) {
                    hexes.push((h.0, h.1, token.as_ref().map(|t| t.node)));
                    if let Some(a) = area.as_ref().and_then(|a| explicit_area(cx, h.1, a)) {
                        areas.push((h.0, a));
                    }
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
        Ok(mut board) => {
            if !areas.is_empty() {
                // Land hexes without an `area` are the main island's.
                board.areas = board.terrain.iter().map(|t| u8::from(t.is_land())).collect();
                for (c, a) in areas {
                    if let Some(h) = board.topology.hex_at(c) {
                        board.areas[h.index()] = a;
                    }
                }
            }
            Some(board)
        }
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
    if tt == Terrain::Gold && !cx.sea {
        // Gold fields pay a choice of resources: Seafarers' rule.
        cx.err(
            t.span,
            "seafarers_only",
            "gold fields are Seafarers terrain",
            "gold field",
            Some("write `rules seafarers` to play with gold fields".into()),
        );
        return None;
    }
    Some((coord, tt))
}

/// The land area of an explicit hex (`area 2`): 1 the main island, 2, 3 … the islands whose
/// first settlement earns an island marker; a sea hex has none.
fn explicit_area(cx: &mut Cx<'_>, t: Terrain, a: &Spanned<u8>) -> Option<u8> {
    if t == Terrain::Sea {
        cx.err(
            a.span,
            "bad_area",
            "a sea hex belongs to no land area",
            "on a sea hex",
            Some("write `area N` on land hexes only".into()),
        );
        return None;
    }
    if a.node == 0 {
        cx.err(
            a.span,
            "bad_area",
            "land areas are numbered from 1 (the main island); 0 is the sea",
            "not a land area",
            Some("write `area 1` for the main island and `area 2`, `area 3` … for the islands".into()),
        );
        return None;
    }
    Some(a.node)
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
            ast::BoardLine::Soldiers { .. } | ast::BoardLine::Pirate { .. } | ast::BoardLine::Robber { .. } => {}
            ast::BoardLine::Hex { .. } | ast::BoardLine::Harbor { .. } => {
                cx.err(
                    line.span,
                    "override",
                    "a named board takes only `token`, `swap`, `pirate` and `robber` overrides; write an explicit `board { … }` instead",
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
    fn a_gold_field_needs_seafarers() {
        let text = "scenario \"gold\"\nsource own\nplayers red blue white\nboard {\n  hex (0,0) gold 6\n  hex (1,0) hills 5\n}\n";
        let errs = lower_errors(text);
        assert_eq!(errs.len(), 1, "{errs:?}");
        assert_eq!(errs[0].0, "dsl::lower::seafarers_only");
        assert_eq!(errs[0].1, text.find("gold 6").unwrap());
        // Without the gold field the board lowers, and with Seafarers so does the gold field.
        assert!(lower_errors(&text.replace("gold 6", "forest 6")).is_empty());
        assert!(lower_errors(&text.replace("players", "rules seafarers\nplayers")).is_empty());
    }

    fn sea(body: &str) -> String {
        format!("scenario \"s\"\nsource own\nrules seafarers\nplayers red blue white\n{body}")
    }

    #[test]
    fn seafarers_maps_by_name_players_and_seed() {
        assert!(lower_errors(&sea("board new-shores:4 seed 7\n")).is_empty());
        assert!(lower_errors(&sea("board through-the-desert\n")).is_empty());
        assert!(lower_errors(&sea("")).is_empty(), "the default Seafarers board");
        let text = sea("board new-shores:5\n");
        assert_eq!(
            lower_errors(&text),
            [("dsl::lower::bad_board".into(), text.find('5').unwrap())]
        );
        let text = sea("board new-shore:4\n");
        assert_eq!(lower_errors(&text)[0].0, "dsl::lower::unknown_name");
        let text = "scenario \"s\"\nsource own\nplayers red blue white\nboard new-shores:3\n";
        assert_eq!(lower_errors(text)[0].0, "dsl::lower::seafarers_only");
    }

    #[test]
    fn explicit_areas_pirate_and_robber() {
        let board = "board {\n  hex (0,0) forest 6\n  hex (1,0) sea\n  hex (2,0) gold 5 area 2\n  pirate (1,0)\n  robber (0,0)\n}\n";
        let ast = crate::parse("t.cat", &sea(board)).expect("parses");
        let sc = super::super::lower("t.cat", &sea(board), &ast).expect("lowers");
        let b = &sc.setup.board;
        assert_eq!(b.areas, [1, 0, 2]);
        assert_eq!(b.pirate_start, Some(catan_engine::HexId(1)));
        assert_eq!(b.robber_start, Some(catan_engine::HexId(0)));
        let text = sea(&board.replace("pirate (1,0)", "pirate (0,0)"));
        assert_eq!(lower_errors(&text)[0].0, "dsl::lower::not_sea");
        let text = sea(&board.replace("hex (1,0) sea", "hex (1,0) sea area 3"));
        assert_eq!(lower_errors(&text)[0].0, "dsl::lower::bad_area");
        let text = sea(&board.replace("forest 6", "forest 6 area 0"));
        assert_eq!(lower_errors(&text)[0].0, "dsl::lower::bad_area");
        let text = sea(&board.replace("robber (0,0)", "robber (1,0)"));
        assert_eq!(lower_errors(&text)[0].0, "dsl::lower::not_land");
    }
}
