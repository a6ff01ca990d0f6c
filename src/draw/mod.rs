//! Pictures of boards and positions as SVG (`catan-harness draw`), computed from the engine's
//! own geometry: each hex's axial coordinate gives its centre (pointy-top hexes), each corner
//! of a hex an intersection's point, each path the line between its two intersections. Every
//! hex, intersection and path carries its name in the scenario language (`A`, `A.n`,
//! `A.n-ne`) as an `id`-like `data-place` attribute and a `<title>` tooltip, so a rule designer
//! can hover over the picture to find a name. No browser or network is needed to produce it.

pub mod position;
pub mod svg;

use crate::places::{edge_name, vertex_aliases, vertex_name};
use catan_engine::board::{Corner, HarborKind, Terrain};
use catan_engine::{Board, Game, HexId, VertexId};
use svg::{num, points, Svg};

/// The hex size (centre to corner) in SVG units.
const SIZE: f64 = 48.0;

/// The centre of a hex from its axial coordinate (pointy-top layout).
fn centre(board: &Board, h: HexId) -> (f64, f64) {
    let Some(info) = board.topology.hex(h) else {
        return (0.0, 0.0);
    };
    let (q, r) = (f64::from(info.coord.q), f64::from(info.coord.r));
    (SIZE * 3f64.sqrt() * (q + r / 2.0), SIZE * 1.5 * r)
}

/// The offset of a corner from its hex's centre, in the engine's corner order
/// (`n ne se s sw nw`).
fn corner_offset(c: usize) -> (f64, f64) {
    let half_w = SIZE * 3f64.sqrt() / 2.0;
    match c {
        0 => (0.0, -SIZE),
        1 => (half_w, -SIZE / 2.0),
        2 => (half_w, SIZE / 2.0),
        3 => (0.0, SIZE),
        4 => (-half_w, SIZE / 2.0),
        _ => (-half_w, -SIZE / 2.0),
    }
}

/// Every intersection's point, by vertex id.
pub(crate) fn vertex_points(board: &Board) -> Vec<(f64, f64)> {
    let mut at = vec![(0.0, 0.0); board.topology.vertex_count()];
    for (h, info) in board.topology.hexes().iter().enumerate() {
        let (cx, cy) = centre(board, HexId(h as u16));
        for (i, v) in info.corners.iter().enumerate() {
            let (dx, dy) = corner_offset(i);
            if let Some(p) = at.get_mut(v.index()) {
                *p = (cx + dx, cy + dy);
            }
        }
    }
    at
}

/// The fill colour of a terrain.
fn terrain_fill(t: Terrain) -> &'static str {
    match t {
        Terrain::Hills => "#c8643c",
        Terrain::Forest => "#3f8f4a",
        Terrain::Pasture => "#a5d46a",
        Terrain::Fields => "#f2c94c",
        Terrain::Mountains => "#9a9a9a",
        Terrain::Desert => "#e8d8a8",
        Terrain::Sea => "#6fa8dc",
        Terrain::Court => "#b39ddb",
        Terrain::Gold => "#b8860b",
        Terrain::Castle => "#9e9e9e",
    }
}

/// The picture's bounds: every intersection, with a margin.
fn bounds(board: &Board) -> (f64, f64, f64, f64) {
    let pts = vertex_points(board);
    let (mut x0, mut y0, mut x1, mut y1) = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
    for (x, y) in pts {
        x0 = x0.min(x);
        y0 = y0.min(y);
        x1 = x1.max(x);
        y1 = y1.max(y);
    }
    if x0 > x1 {
        return (0.0, 0.0, 100.0, 100.0);
    }
    let m = SIZE * 0.9;
    (x0 - m, y0 - m, x1 - x0 + 2.0 * m, y1 - y0 + 2.0 * m)
}

/// Draws the hexes: terrain, label, number token (6 and 8 in red), each with its name.
fn draw_hexes(svg: &mut Svg, board: &Board, tokens: &dyn Fn(HexId) -> Option<u8>) {
    svg.open("g", &[("class", "hexes".into())]);
    for h in 0..board.topology.hex_count() {
        let h = HexId(h as u16);
        let terrain = board.terrain[h.index()];
        let (cx, cy) = centre(board, h);
        let corners: Vec<(f64, f64)> = (0..6)
            .map(|i| {
                let (dx, dy) = corner_offset(i);
                (cx + dx, cy + dy)
            })
            .collect();
        let name = board.hex_name(h);
        let token = tokens(h);
        let title = match token {
            Some(t) => format!("{name}: {} {t}", terrain.name()),
            None => format!("{name}: {}", terrain.name()),
        };
        svg.open("g", &[("class", "hex".into()), ("data-place", name.clone())]);
        svg.leaf(
            "polygon",
            &[
                ("points", points(&corners)),
                ("fill", terrain_fill(terrain).into()),
                ("stroke", "#5b4a32".into()),
                ("stroke-width", "2".into()),
            ],
            Some(&title),
        );
        svg.text(
            &[
                ("x", num(cx)),
                ("y", num(cy - SIZE * 0.45)),
                ("text-anchor", "middle".into()),
                ("font-size", "13".into()),
                ("fill", "#222".into()),
            ],
            &name,
        );
        if let Some(t) = token {
            let red = t == 6 || t == 8;
            svg.leaf(
                "circle",
                &[
                    ("cx", num(cx)),
                    ("cy", num(cy + 4.0)),
                    ("r", "14".into()),
                    ("fill", "#fdf6e3".into()),
                    ("stroke", "#5b4a32".into()),
                ],
                None,
            );
            svg.text(
                &[
                    ("x", num(cx)),
                    ("y", num(cy + 9.0)),
                    ("text-anchor", "middle".into()),
                    ("font-size", "14".into()),
                    ("font-weight", if red { "bold" } else { "normal" }.into()),
                    ("fill", if red { "#c62828" } else { "#222" }.into()),
                    ("class", if red { "token red-number" } else { "token" }.into()),
                ],
                &t.to_string(),
            );
        }
        svg.close("g");
    }
    svg.close("g");
}

/// Draws the harbors: a marker off the coast joined to the harbor's two intersections, with
/// its rate.
fn draw_harbors(svg: &mut Svg, board: &Board, pts: &[(f64, f64)]) {
    svg.open("g", &[("class", "harbors".into())]);
    for hb in &board.harbors {
        let Some(info) = board.topology.edge(hb.edge) else {
            continue;
        };
        let [a, b] = info.vertices;
        let (pa, pb) = (pts[a.index()], pts[b.index()]);
        let mid = ((pa.0 + pb.0) / 2.0, (pa.1 + pb.1) / 2.0);
        // Outwards: away from the land hex on this path.
        let land = info
            .hexes
            .iter()
            .find(|h| board.terrain.get(h.index()).is_some_and(|t| t.is_land()));
        let (hx, hy) = land.map_or(mid, |h| centre(board, h));
        let (dx, dy) = (mid.0 - hx, mid.1 - hy);
        let len = (dx * dx + dy * dy).sqrt().max(1.0);
        let at = (mid.0 + dx / len * SIZE * 0.55, mid.1 + dy / len * SIZE * 0.55);
        let (rate, kind) = match hb.kind {
            HarborKind::Generic => ("3:1".to_string(), "generic".to_string()),
            HarborKind::Special(r) => (format!("2:1 {}", r.name()), r.name().to_string()),
        };
        let name = edge_name(board, hb.edge);
        svg.open("g", &[("class", "harbor".into()), ("data-place", name.clone())]);
        for p in [pa, pb] {
            svg.leaf(
                "line",
                &[
                    ("x1", num(at.0)),
                    ("y1", num(at.1)),
                    ("x2", num(p.0)),
                    ("y2", num(p.1)),
                    ("stroke", "#7a5c2e".into()),
                    ("stroke-width", "3".into()),
                ],
                None,
            );
        }
        svg.leaf(
            "circle",
            &[
                ("cx", num(at.0)),
                ("cy", num(at.1)),
                ("r", "15".into()),
                ("fill", "#fff8e1".into()),
                ("stroke", "#7a5c2e".into()),
            ],
            Some(&format!("harbor {name} {kind} ({rate})")),
        );
        let mut words = rate.split(' ');
        let (head, tail) = (words.next().unwrap_or_default(), words.next());
        svg.text(
            &[
                ("x", num(at.0)),
                ("y", num(at.1 + if tail.is_some() { 0.0 } else { 3.5 })),
                ("text-anchor", "middle".into()),
                ("font-size", "9".into()),
            ],
            head,
        );
        if let Some(resource) = tail {
            svg.text(
                &[
                    ("x", num(at.0)),
                    ("y", num(at.1 + 9.0)),
                    ("text-anchor", "middle".into()),
                    ("font-size", "7".into()),
                ],
                resource,
            );
        }
        svg.close("g");
    }
    svg.close("g");
}

/// Draws every path and intersection as a hover target named in the scenario language; the
/// place in `highlight` (a hex, intersection or path name) is marked `class="highlight"`.
fn draw_places(svg: &mut Svg, board: &Board, pts: &[(f64, f64)], highlight: Option<&str>, dots: bool) {
    // On a board with sea (Seafarers) ships sail between sea hexes too: every path and
    // intersection is a place there.
    let sea = board.terrain.contains(&Terrain::Sea);
    svg.open("g", &[("class", "paths".into())]);
    for e in 0..board.topology.edge_count() {
        let e = catan_engine::EdgeId(e as u16);
        let Some(info) = board.topology.edge(e) else { continue };
        if !info.on_land && !sea {
            continue;
        }
        let [a, b] = info.vertices;
        let name = edge_name(board, e);
        let hit = highlight == Some(name.as_str());
        svg.leaf(
            "line",
            &[
                ("class", if hit { "path highlight" } else { "path" }.into()),
                ("data-place", name.clone()),
                ("x1", num(pts[a.index()].0)),
                ("y1", num(pts[a.index()].1)),
                ("x2", num(pts[b.index()].0)),
                ("y2", num(pts[b.index()].1)),
                ("stroke", if hit { "#ff1744" } else { "transparent" }.into()),
                ("stroke-width", if hit { "9" } else { "7" }.into()),
            ],
            Some(&name),
        );
    }
    svg.close("g");
    svg.open("g", &[("class", "intersections".into())]);
    for v in 0..board.topology.vertex_count() {
        let v = VertexId(v as u16);
        let on_land = board.topology.vertex(v).is_some_and(|i| i.on_land);
        if !on_land && !sea {
            continue;
        }
        let dots = dots && on_land;
        let name = vertex_name(board, v);
        let hit = highlight == Some(name.as_str());
        let (x, y) = pts[v.index()];
        svg.leaf(
            "circle",
            &[
                (
                    "class",
                    if hit { "intersection highlight" } else { "intersection" }.into(),
                ),
                ("data-place", name.clone()),
                ("cx", num(x)),
                ("cy", num(y)),
                (
                    "r",
                    if hit {
                        "11"
                    } else if dots {
                        "3"
                    } else {
                        "6"
                    }
                    .into(),
                ),
                ("fill", if hit { "none" } else { "#fff" }.into()),
                ("fill-opacity", if hit || dots { "1" } else { "0" }.into()),
                ("stroke", if hit { "#ff1744" } else { "none" }.into()),
                ("stroke-width", "4".into()),
            ],
            Some(&vertex_aliases(board, v).join(" = ")),
        );
    }
    svg.close("g");
}

/// A picture of a board at the start: terrain, numbers, harbors, and every place's name.
pub fn board_svg(board: &Board) -> String {
    let pts = vertex_points(board);
    let mut svg = Svg::new();
    draw_hexes(&mut svg, board, &|h| board.tokens.get(h.index()).copied().flatten());
    draw_harbors(&mut svg, board, &pts);
    if let Some(h) = board.pirate_start {
        position::draw_pirate(
            &mut svg,
            board,
            h,
            &format!("the pirate starts on {}", board.hex_name(h)),
        );
    }
    draw_places(&mut svg, board, &pts, None, true);
    svg.finish(bounds(board), &format!("board {}", board.name))
}

/// A picture of a game's position: the board as it lies now (tokens moved by Invention
/// included), every piece, and a side panel with each player's cards, points and levels. The
/// place named by `highlight` (hex, intersection or path) is marked.
pub fn position_svg(game: &Game, title: &str, highlight: Option<&str>) -> String {
    let board = game.board();
    let pts = vertex_points(board);
    let mut svg = Svg::new();
    draw_hexes(&mut svg, board, &|h| game.token(h));
    draw_harbors(&mut svg, board, &pts);
    position::draw_pieces(&mut svg, game, &pts);
    draw_places(&mut svg, board, &pts, highlight, false);
    if let Some(h) =
        highlight.and_then(|n| (0..board.topology.hex_count()).find(|&h| board.hex_name(HexId(h as u16)) == n))
    {
        let (cx, cy) = centre(board, HexId(h as u16));
        let corners: Vec<(f64, f64)> = (0..6)
            .map(|i| {
                let (dx, dy) = corner_offset(i);
                (cx + dx * 0.92, cy + dy * 0.92)
            })
            .collect();
        svg.leaf(
            "polygon",
            &[
                ("class", "hex highlight".into()),
                ("data-place", board.hex_name(HexId(h as u16))),
                ("points", points(&corners)),
                ("fill", "none".into()),
                ("stroke", "#ff1744".into()),
                ("stroke-width", "5".into()),
            ],
            None,
        );
    }
    let (x, y, w, h) = bounds(board);
    let panel_x = x + w;
    position::draw_panel(&mut svg, game, panel_x + 10.0, y + 20.0);
    svg.finish(
        (x, y, w + position::PANEL_WIDTH, h.max(position::panel_height(game))),
        title,
    )
}

/// The game of a scenario at a snapshot (`at`), after its first `step` script lines, or at
/// the end of its script, with a label saying which.
///
/// # Errors
/// An unknown snapshot, a step past the script, or a scenario whose script stops early (a
/// failing line) before that point.
pub fn scenario_position(
    sc: &catan_dsl::scenario::Scenario,
    at: Option<&str>,
    step: Option<usize>,
) -> Result<(Game, String), String> {
    const MARK: &str = "\u{0}draw";
    let (mut sc, name, label) = match (at, step) {
        (Some(name), _) => (sc.clone(), name.to_string(), format!("at \"{name}\"")),
        (None, Some(n)) => {
            if n > sc.steps.len() {
                return Err(format!("step {n} is past the script's {} lines", sc.steps.len()));
            }
            let mut s = sc.clone();
            s.steps.truncate(n);
            (s, MARK.to_string(), format!("after step {n}"))
        }
        (None, None) => (sc.clone(), MARK.to_string(), "at the end of the script".to_string()),
    };
    if name == MARK {
        sc.steps.push(catan_dsl::scenario::Step {
            span: 0..0,
            text: String::new(),
            guard: None,
            kind: catan_dsl::scenario::StepKind::Snapshot(MARK.into()),
        });
    }
    let rep = crate::runner::run(&sc);
    let found = rep
        .states
        .iter()
        .find(|(n, _)| *n == name || n.starts_with(&format!("{name} [")));
    match found {
        Some((_, g)) => Ok((g.clone(), label)),
        None if name == MARK => Err(format!(
            "the script stops before that point: {}",
            rep.failure.map(|f| f.message).unwrap_or_default()
        )),
        None => {
            let names: Vec<&str> = rep.states.iter().map(|(n, _)| n.as_str()).collect();
            Err(format!(
                "no snapshot \"{name}\" (the scenario has: {})",
                names.join(", ")
            ))
        }
    }
}

/// The first place a scenario line names, as the picture names it (`data-place`): a path
/// (`B.se-s`, any of its names), an intersection (`E.n`, any alias) or a hex (`K`), resolved
/// on `board`; `None` when the line names none.
pub fn place_in(board: &Board, line: &str) -> Option<String> {
    let hex = |label: &str| {
        (0..board.topology.hex_count())
            .map(|h| HexId(h as u16))
            .find(|&h| board.hex_name(h) == label)
    };
    let corner = |h: HexId, c: &str| Corner::from_name(c).and_then(|c| board.topology.corner(h, c));
    for word in line.split(|c: char| c.is_whitespace() || c == ',') {
        let word = word.trim_matches(|c: char| c == '(' || c == ')' || c == '"');
        if let Some((label, corners)) = word.split_once('.') {
            let Some(h) = hex(label) else { continue };
            if let Some((a, b)) = corners.split_once('-') {
                let edge = corner(h, a)
                    .zip(corner(h, b))
                    .and_then(|(a, b)| board.topology.edge_between(a, b));
                if let Some(e) = edge {
                    return Some(edge_name(board, e));
                }
            } else if let Some(v) = corner(h, corners) {
                return Some(vertex_name(board, v));
            }
        } else if word.len() <= 2 && word.chars().all(|c| c.is_ascii_uppercase()) && hex(word).is_some() {
            return Some(word.to_string());
        }
    }
    None
}

/// The corners of a hex in the engine's order, for callers that name them.
pub fn corner_names() -> [&'static str; 6] {
    Corner::ALL.map(|c| c.name())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_names_its_place_in_the_pictures_terms() {
        let b = Board::beginner();
        assert_eq!(place_in(&b, "red builds settlement B.sw").as_deref(), Some("A.se"));
        assert_eq!(
            place_in(&b, "red builds road B.sw-s").as_deref(),
            Some(
                edge_name(
                    &b,
                    b.topology
                        .edge_between(
                            b.topology.corner(HexId(1), Corner::SW).unwrap(),
                            b.topology.corner(HexId(1), Corner::S).unwrap()
                        )
                        .unwrap()
                )
                .as_str()
            )
        );
        assert_eq!(place_in(&b, "blue moves robber K").as_deref(), Some("K"));
        assert_eq!(place_in(&b, "expect red vp 3"), None);
    }

    #[test]
    fn adjacent_intersections_are_one_hex_size_apart() {
        let b = Board::beginner();
        let pts = vertex_points(&b);
        for info in b.topology.edges() {
            let [a, c] = info.vertices;
            let (dx, dy) = (pts[a.index()].0 - pts[c.index()].0, pts[a.index()].1 - pts[c.index()].1);
            let d = (dx * dx + dy * dy).sqrt();
            assert!((d - SIZE).abs() < 1e-6, "{d}");
        }
        assert_eq!(corner_names(), ["n", "ne", "se", "s", "sw", "nw"]);
    }
}
