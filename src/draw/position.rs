//! The pieces of a position on the board picture, and the side panel with each player's
//! cards, points and levels. Everything is read through the engine's public accessors.

use super::svg::{num, points, Svg};
use super::{centre, SIZE};
use crate::places::{edge_name, vertex_name};
use catan_engine::court::SoldierColour;
use catan_engine::state::Building;
use catan_engine::{Colour, Game, HexId, Track, VertexId};

/// The side panel's width in SVG units.
pub const PANEL_WIDTH: f64 = 330.0;

/// The fill colour of a player.
fn fill(c: Colour) -> &'static str {
    match c {
        Colour::Red => "#d32f2f",
        Colour::Blue => "#1565c0",
        Colour::White => "#fafafa",
        Colour::Orange => "#ef6c00",
        Colour::Green => "#2e7d32",
        Colour::Brown => "#6d4c41",
    }
}

fn soldier_fill(c: SoldierColour) -> &'static str {
    match c {
        SoldierColour::Purple => "#7b1fa2",
        SoldierColour::Green => "#1b5e20",
        SoldierColour::Orange => "#e65100",
    }
}

/// Roads, buildings, walls, metropolises, knights, soldiers, the robber and the merchant.
pub(crate) fn draw_pieces(svg: &mut Svg, game: &Game, pts: &[(f64, f64)]) {
    let board = game.board();
    svg.open("g", &[("class", "pieces".into())]);
    for e in 0..board.topology.edge_count() {
        let e = catan_engine::EdgeId(e as u16);
        let (Some(owner), Some(info)) = (game.road(e), board.topology.edge(e)) else {
            continue;
        };
        let [a, b] = info.vertices;
        let c = game.colour(owner);
        svg.leaf(
            "line",
            &[
                ("class", "road".into()),
                ("data-place", edge_name(board, e)),
                ("x1", num(pts[a.index()].0)),
                ("y1", num(pts[a.index()].1)),
                ("x2", num(pts[b.index()].0)),
                ("y2", num(pts[b.index()].1)),
                ("stroke", fill(c).into()),
                ("stroke-width", "7".into()),
                ("stroke-linecap", "round".into()),
            ],
            Some(&format!("{c} road {}", edge_name(board, e))),
        );
    }
    draw_ships(svg, game, pts);
    if game.rules().has(catan_engine::ruleset::Expansion::BarbarianAttack) {
        draw_barbarian_attack(svg, game, pts);
    }
    for v in 0..board.topology.vertex_count() {
        let v = VertexId(v as u16);
        draw_vertex_pieces(svg, game, v, pts[v.index()]);
    }
    if let Some(h) = game.pirate() {
        draw_pirate(svg, board, h, &format!("the pirate on {}", board.hex_name(h)));
    }
    if let Some(h) = game.robber() {
        let (x, y) = centre(board, h);
        svg.leaf(
            "circle",
            &[
                ("class", "robber".into()),
                ("data-place", board.hex_name(h)),
                ("cx", num(x - SIZE * 0.45)),
                ("cy", num(y + 4.0)),
                ("r", "9".into()),
                ("fill", "#212121".into()),
            ],
            Some(&format!("the robber on {}", board.hex_name(h))),
        );
    }
    if let Some((h, owner)) = game.merchant() {
        draw_merchant(svg, game, h, game.colour(owner));
    }
    svg.close("g");
}

/// Seafarers' ships: a dashed line of the owner's colour along the path, with a hull at its
/// middle.
fn draw_ships(svg: &mut Svg, game: &Game, pts: &[(f64, f64)]) {
    let board = game.board();
    for e in 0..board.topology.edge_count() {
        let e = catan_engine::EdgeId(e as u16);
        let (Some(owner), Some(info)) = (game.ship(e), board.topology.edge(e)) else {
            continue;
        };
        let [a, b] = info.vertices;
        let (pa, pb) = (pts[a.index()], pts[b.index()]);
        let (mx, my) = ((pa.0 + pb.0) / 2.0, (pa.1 + pb.1) / 2.0);
        let c = game.colour(owner);
        let name = edge_name(board, e);
        svg.open("g", &[("class", "ship".into()), ("data-place", name.clone())]);
        svg.leaf(
            "line",
            &[
                ("x1", num(pa.0)),
                ("y1", num(pa.1)),
                ("x2", num(pb.0)),
                ("y2", num(pb.1)),
                ("stroke", fill(c).into()),
                ("stroke-width", "5".into()),
                ("stroke-dasharray", "6 4".into()),
            ],
            None,
        );
        svg.leaf(
            "polygon",
            &[
                (
                    "points",
                    points(&[
                        (mx - 9.0, my - 3.0),
                        (mx + 9.0, my - 3.0),
                        (mx + 5.0, my + 4.0),
                        (mx - 5.0, my + 4.0),
                    ]),
                ),
                ("fill", fill(c).into()),
                ("stroke", "#000".into()),
            ],
            Some(&format!("{c} ship {name}")),
        );
        svg.close("g");
    }
}

/// Barbarian Attack: each knight as a shield of its owner's colour at the middle of its path,
/// and each hex's barbarians as small dark figures (a red ring round a conquered hex's).
fn draw_barbarian_attack(svg: &mut Svg, game: &Game, pts: &[(f64, f64)]) {
    let board = game.board();
    for e in 0..board.topology.edge_count() {
        let e = catan_engine::EdgeId(e as u16);
        let (Some(k), Some(info)) = (game.path_knight(e), board.topology.edge(e)) else {
            continue;
        };
        let [a, b] = info.vertices;
        let (pa, pb) = (pts[a.index()], pts[b.index()]);
        let (mx, my) = ((pa.0 + pb.0) / 2.0, (pa.1 + pb.1) / 2.0);
        let c = game.colour(k.owner);
        let name = edge_name(board, e);
        // With Cities & Knights a knight has a strength and stands (filled) or lies (white).
        let ck = game.rules().ck();
        let status = if k.active { "active" } else { "inactive" };
        let (class, body, title) = if ck {
            (
                format!("path-knight {status}"),
                if k.active { fill(c) } else { "#fff" },
                format!("{c} knight {name}: strength {}, {status}", k.level),
            )
        } else {
            ("path-knight".to_string(), fill(c), format!("{c} knight {name}"))
        };
        svg.leaf(
            "polygon",
            &[
                ("class", class),
                ("data-place", name.clone()),
                (
                    "points",
                    points(&[
                        (mx - 6.0, my - 7.0),
                        (mx + 6.0, my - 7.0),
                        (mx + 6.0, my + 2.0),
                        (mx, my + 8.0),
                        (mx - 6.0, my + 2.0),
                    ]),
                ),
                ("fill", body.into()),
                ("stroke", if ck { fill(c) } else { "#000" }.into()),
            ],
            Some(&title),
        );
        if ck {
            svg.text(
                &[
                    ("x", num(mx)),
                    ("y", num(my + 1.0)),
                    ("text-anchor", "middle".into()),
                    ("font-size", "8".into()),
                    (
                        "fill",
                        if k.active && c != Colour::White { "#fff" } else { "#000" }.into(),
                    ),
                ],
                &k.level.to_string(),
            );
        }
    }
    for h in 0..board.topology.hex_count() {
        let h = HexId(h as u16);
        let n = game.barbarians_on(h);
        if n == 0 {
            continue;
        }
        let (x, y) = centre(board, h);
        let conquered = game.hex_conquered(h);
        for i in 0..n {
            let cx = x - 12.0 + 12.0 * f64::from(i);
            svg.leaf(
                "circle",
                &[
                    ("class", "barbarian".into()),
                    ("data-place", board.hex_name(h)),
                    ("cx", num(cx)),
                    ("cy", num(y + SIZE * 0.45)),
                    ("r", "5".into()),
                    ("fill", "#4e342e".into()),
                    ("stroke", if conquered { "#c62828" } else { "#000" }.into()),
                ],
                Some(&format!(
                    "{} on {}{}",
                    catan_dsl::report::count(usize::from(n), "barbarian", "barbarians"),
                    board.hex_name(h),
                    if conquered { ", conquered" } else { "" }
                )),
            );
        }
    }
}

/// Seafarers' pirate: a black ship with a sail on its sea hex.
pub(crate) fn draw_pirate(svg: &mut Svg, board: &catan_engine::Board, h: HexId, title: &str) {
    let (x, y) = centre(board, h);
    let y = y + 6.0;
    svg.open("g", &[("class", "pirate".into()), ("data-place", board.hex_name(h))]);
    svg.leaf(
        "polygon",
        &[
            (
                "points",
                points(&[(x - 14.0, y), (x + 14.0, y), (x + 9.0, y + 8.0), (x - 9.0, y + 8.0)]),
            ),
            ("fill", "#212121".into()),
        ],
        Some(title),
    );
    svg.leaf(
        "polygon",
        &[
            ("points", points(&[(x, y - 16.0), (x, y - 2.0), (x + 10.0, y - 4.0)])),
            ("fill", "#424242".into()),
        ],
        None,
    );
    svg.close("g");
}

fn draw_merchant(svg: &mut Svg, game: &Game, h: HexId, c: Colour) {
    let (x, y) = centre(game.board(), h);
    let (x, y) = (x + SIZE * 0.45, y + 4.0);
    svg.leaf(
        "polygon",
        &[
            ("class", "merchant".into()),
            (
                "points",
                points(&[(x, y - 10.0), (x + 9.0, y + 7.0), (x - 9.0, y + 7.0)]),
            ),
            ("fill", fill(c).into()),
            ("stroke", "#000".into()),
        ],
        Some(&format!("the merchant of {c} on {}", game.board().hex_name(h))),
    );
}

/// What stands on one intersection: a building (with wall and metropolis), a knight, or a
/// Court soldier.
fn draw_vertex_pieces(svg: &mut Svg, game: &Game, v: VertexId, (x, y): (f64, f64)) {
    let board = game.board();
    let name = vertex_name(board, v);
    if let Some(site) = game.site(v) {
        let c = game.colour(site.owner);
        let (half, what) = match site.building {
            Building::Settlement => (7.0, "settlement"),
            Building::City => (10.0, "city"),
            Building::DamagedCity => (10.0, "damaged city"),
        };
        if game.wall(v) {
            svg.leaf(
                "rect",
                &[
                    ("class", "wall".into()),
                    ("x", num(x - half - 4.0)),
                    ("y", num(y - half - 4.0)),
                    ("width", num(2.0 * half + 8.0)),
                    ("height", num(2.0 * half + 8.0)),
                    ("fill", "#6d6d6d".into()),
                ],
                Some(&format!("{c} city wall at {name}")),
            );
        }
        let metropolis = game.metropolis_at(v);
        let mut title = format!("{c} {what} at {name}");
        if let Some(t) = metropolis {
            title.push_str(&format!(" with the {t} metropolis"));
        }
        svg.leaf(
            "rect",
            &[
                ("class", what.replace(' ', "-")),
                ("data-place", name.clone()),
                ("x", num(x - half)),
                ("y", num(y - half)),
                ("width", num(2.0 * half)),
                ("height", num(2.0 * half)),
                ("fill", fill(c).into()),
                ("stroke", "#000".into()),
                ("stroke-width", "1.5".into()),
                (
                    "stroke-dasharray",
                    if site.building == Building::DamagedCity {
                        "3 2"
                    } else {
                        "none"
                    }
                    .into(),
                ),
            ],
            Some(&title),
        );
        if metropolis.is_some() {
            svg.text(
                &[
                    ("x", num(x)),
                    ("y", num(y + 4.0)),
                    ("text-anchor", "middle".into()),
                    ("font-size", "11".into()),
                    ("font-weight", "bold".into()),
                    ("fill", if c == Colour::White { "#000" } else { "#fff" }.into()),
                ],
                "M",
            );
        }
    }
    if let Some(k) = game.knight(v) {
        let c = game.colour(k.owner);
        let status = if k.active { "active" } else { "inactive" };
        svg.leaf(
            "circle",
            &[
                ("class", format!("knight {status}")),
                ("data-place", name.clone()),
                ("cx", num(x)),
                ("cy", num(y)),
                ("r", "9".into()),
                ("fill", if k.active { fill(c) } else { "#fff" }.into()),
                ("stroke", fill(c).into()),
                ("stroke-width", "3".into()),
            ],
            Some(&format!("{c} knight at {name}: strength {}, {status}", k.level)),
        );
        svg.text(
            &[
                ("x", num(x)),
                ("y", num(y + 4.0)),
                ("text-anchor", "middle".into()),
                ("font-size", "11".into()),
                (
                    "fill",
                    if k.active && c != Colour::White { "#fff" } else { "#000" }.into(),
                ),
            ],
            &k.level.to_string(),
        );
    }
    if let Some(s) = game.court().soldier(v) {
        svg.leaf(
            "polygon",
            &[
                ("class", "soldier".into()),
                ("data-place", name.clone()),
                (
                    "points",
                    points(&[(x, y - 6.0), (x + 5.0, y), (x, y + 6.0), (x - 5.0, y)]),
                ),
                ("fill", soldier_fill(s).into()),
            ],
            Some(&format!("{} soldier at {name}", s.name())),
        );
    }
}

/// The panel's lines: turn and step, then per player their points, hand and cards, and the
/// Cities & Knights track.
fn panel_lines(game: &Game) -> Vec<(String, Option<Colour>)> {
    let mut lines = vec![(
        format!(
            "turn {} of {}, {}",
            game.turn(),
            game.colour(game.current()),
            game.phase().name()
        ),
        None,
    )];
    let ck = game.rules().ck();
    let sea = game.rules().has(catan_engine::ruleset::Expansion::Seafarers);
    for (i, p) in game.players().iter().enumerate() {
        let id = catan_engine::PlayerId(i as u8);
        lines.push((format!("{}: {} VP", p.colour, game.public_vp(id)), Some(p.colour)));
        lines.push((
            format!(
                "  hand {}",
                if p.hand.is_empty() {
                    "nothing".into()
                } else {
                    p.hand.to_string()
                }
            ),
            None,
        ));
        if ck {
            let lv = p.ck.improvements;
            lines.push((
                format!(
                    "  science {}, trade {}, politics {}; {} progress",
                    lv[0],
                    lv[1],
                    lv[2],
                    p.ck.progress.total()
                ),
                None,
            ));
        }
        if game.rules().has(catan_engine::ruleset::Expansion::BarbarianAttack) {
            // With Cities & Knights the knights come out of the Cities & Knights supply.
            let left: u8 = if game.rules().ck() {
                p.ck.knights_left.iter().sum()
            } else {
                game.barb().knights_left[i]
            };
            lines.push((
                format!(
                    "  {} prisoners, {} gold, {} knights left",
                    game.prisoners(id),
                    game.gold(id),
                    left
                ),
                None,
            ));
        }
        if let Some(sp) = game.sea_player(id).filter(|_| sea) {
            lines.push((
                format!(
                    "  {} ships, {} left; {} island markers",
                    sp.ships.len(),
                    sp.ships_left,
                    sp.markers.len()
                ),
                None,
            ));
        }
        if !ck && (p.dev_cards.total() + p.new_dev_cards.total() > 0 || p.knights_played > 0) {
            lines.push((
                format!(
                    "  {} development, {} knights played",
                    p.dev_cards.total() + p.new_dev_cards.total(),
                    p.knights_played
                ),
                None,
            ));
        }
    }
    if sea {
        let pirate = game.pirate().map_or_else(
            || "pirate off the board".into(),
            |h| format!("pirate on {}", game.board().hex_name(h)),
        );
        lines.push((pirate, None));
    }
    if ck {
        lines.push((
            format!(
                "barbarians {} of {}, {} attacks",
                game.barbarians(),
                game.rules().ck.barbarian_track,
                game.barbarian_attacks()
            ),
            None,
        ));
        for t in Track::ALL {
            if let Some(v) = game.metropolis(t) {
                lines.push((format!("{t} metropolis at {}", vertex_name(game.board(), v)), None));
            }
        }
    }
    lines
}

/// The panel's height for `game`.
pub(crate) fn panel_height(game: &Game) -> f64 {
    40.0 + 18.0 * panel_lines(game).len() as f64
}

/// Draws the side panel at (`x`, `y`).
pub(crate) fn draw_panel(svg: &mut Svg, game: &Game, x: f64, y: f64) {
    svg.open("g", &[("class", "panel".into())]);
    for (i, (line, colour)) in panel_lines(game).iter().enumerate() {
        let ty = y + 18.0 * i as f64;
        if let Some(c) = colour {
            svg.leaf(
                "rect",
                &[
                    ("x", num(x)),
                    ("y", num(ty - 10.0)),
                    ("width", "10".into()),
                    ("height", "10".into()),
                    ("fill", fill(*c).into()),
                    ("stroke", "#000".into()),
                ],
                None,
            );
        }
        svg.text(
            &[("x", num(x + 16.0)), ("y", num(ty)), ("font-size", "12".into())],
            line,
        );
    }
    svg.close("g");
}
