//! Place names a designer can find on a printed board, and the `places` listing.
//!
//! Hexes are lettered `A`, `B`, … in reading order (top row first, left to right); on the
//! standard island `J` is the centre. An intersection is a hex and a corner (`A.n`, `A.ne`,
//! `A.se`, `A.s`, `A.sw`, `A.nw`); every hex touching it gives an alias (`A.se` = `B.sw` =
//! `E.n`). A path is its two intersections: `A.n-ne` (two corners of one hex) or
//! `A.se-E.n`.

use catan_engine::board::{Corner, Terrain};
use catan_engine::{Board, EdgeId, HexId, VertexId};
use std::fmt::Write;

/// The canonical name of an intersection: the first hex (in id order) touching it, with
/// the corner.
pub fn vertex_name(board: &Board, v: VertexId) -> String {
    let names = board.topology.corner_names(v);
    let mut best: Option<(HexId, Corner)> = None;
    for (h, c) in names {
        let land = board.terrain.get(h.index()).is_some_and(|t| t.is_land());
        match best {
            None => best = Some((h, c)),
            Some((bh, _)) => {
                let best_land = board.terrain.get(bh.index()).is_some_and(|t| t.is_land());
                if (land && !best_land) || (land == best_land && h < bh) {
                    best = Some((h, c));
                }
            }
        }
    }
    match best {
        Some((h, c)) => format!("{}.{}", board.hex_name(h), c.name()),
        None => format!("{v:?}"),
    }
}

/// All names of an intersection, canonical first.
pub fn vertex_aliases(board: &Board, v: VertexId) -> Vec<String> {
    let canon = vertex_name(board, v);
    let mut out = vec![canon.clone()];
    let mut names = board.topology.corner_names(v);
    names.sort();
    for (h, c) in names {
        let n = format!("{}.{}", board.hex_name(h), c.name());
        if n != canon {
            out.push(n);
        }
    }
    out
}

/// The canonical name of a path: two corners of one hex when a hex has both (`A.n-ne`).
pub fn edge_name(board: &Board, e: EdgeId) -> String {
    let Some(info) = board.topology.edge(e) else {
        return format!("{e:?}");
    };
    let [a, b] = info.vertices;
    let mut hexes: Vec<HexId> = info.hexes.iter().collect();
    hexes.sort_by_key(|h| !board.terrain.get(h.index()).is_some_and(|t| t.is_land()));
    for h in hexes {
        let ca = Corner::ALL
            .into_iter()
            .find(|&c| board.topology.corner(h, c) == Some(a));
        let cb = Corner::ALL
            .into_iter()
            .find(|&c| board.topology.corner(h, c) == Some(b));
        if let (Some(ca), Some(cb)) = (ca, cb) {
            let (x, y) = if (ca as usize + 1) % 6 == cb as usize {
                (ca, cb)
            } else {
                (cb, ca)
            };
            return format!("{}.{}-{}", board.hex_name(h), x.name(), y.name());
        }
    }
    format!("{}-{}", vertex_name(board, a), vertex_name(board, b))
}

/// The `places` listing: a map of hexes, then every intersection with its aliases, every
/// path, and the harbors.
pub fn render(board: &Board) -> String {
    let topo = &board.topology;
    let mut s = String::new();
    let land = board.terrain.iter().filter(|t| t.is_land()).count();
    let _ = writeln!(
        s,
        "board {}: {} land hexes, {} intersections, {} paths",
        board.name,
        land,
        topo.vertices().iter().filter(|v| v.on_land).count(),
        topo.edges().iter().filter(|e| e.on_land).count()
    );
    let _ = writeln!(s, "\nhexes (label, axial (q,r), terrain, number):");
    let mut rows: Vec<i8> = topo.hexes().iter().map(|h| h.coord.r).collect();
    rows.dedup();
    let min_x = topo.hexes().iter().map(|h| h.coord.x2()).min().unwrap_or(0);
    for r in rows {
        let mut line = String::new();
        let hexes: Vec<(usize, &catan_engine::board::HexInfo)> = topo
            .hexes()
            .iter()
            .enumerate()
            .filter(|(_, h)| h.coord.r == r)
            .collect();
        if let Some((_, first)) = hexes.first() {
            line.push_str(&" ".repeat(((first.coord.x2() - min_x) * 7) as usize));
        }
        for (i, h) in hexes {
            let t = board.terrain[i];
            let cell = match (t, board.tokens.get(i).copied().flatten()) {
                (Terrain::Sea, _) => format!("{} sea", h.coord),
                (t, Some(n)) => format!("{} {}{}", board.hex_name(HexId(i as u16)), short(t), n),
                (t, None) => format!("{} {}", board.hex_name(HexId(i as u16)), short(t)),
            };
            let _ = write!(line, "{cell:<14}");
        }
        let _ = writeln!(s, "{}", line.trim_end());
    }
    let _ = writeln!(
        s,
        "\n  terrain: hil=hills for=forest pas=pasture fie=fields mou=mountains des=desert crt=the Court gld=gold"
    );
    let _ = writeln!(
        s,
        "  corners: n ne se s sw nw (clockwise from the top); sides join two corners: A.n-ne"
    );
    if board.terrain.contains(&Terrain::Castle) {
        let _ = writeln!(
            s,
            "  Barbarian Attack: cst=the castle hex (knights enter on its six paths); the coastal hexes are the outer ring's numbered hexes"
        );
    }
    s.push_str(&sea_lines(board));
    // The Court: which foreign soldier starts on each coastal intersection.
    let mut soldier = vec![None; topo.vertex_count()];
    if board.terrain.contains(&Terrain::Court) {
        let mut ring = catan_engine::board::coastal_intersections(topo);
        if let Some(k) = board.soldier_start.and_then(|st| ring.iter().position(|v| *v == st)) {
            ring.rotate_left(k);
        }
        if ring.len() == 30 {
            for (i, v) in ring.iter().enumerate() {
                soldier[v.index()] = Some(["purple", "green", "orange"][i / 10]);
            }
        }
    }
    let _ = writeln!(s, "\nintersections (canonical = aliases):");
    // Seafarers: ships sail between sea hexes too, so every intersection and path is a place.
    let sea = board.terrain.contains(&Terrain::Sea);
    for (i, v) in topo.vertices().iter().enumerate() {
        if !v.on_land && !sea {
            continue;
        }
        let names = vertex_aliases(board, VertexId(i as u16));
        let coast = match (v.on_land, v.coastal, soldier[i]) {
            (false, _, _) => "  (sea)".to_string(),
            (_, true, Some(c)) => format!("  (coast, {c} soldier in The Court)"),
            (_, true, None) => "  (coast)".to_string(),
            _ => String::new(),
        };
        let _ = writeln!(s, "  {}{coast}", names.join(" = "));
    }
    let _ = writeln!(s, "\npaths:");
    let mut line = String::new();
    for (i, e) in topo.edges().iter().enumerate() {
        if !e.on_land {
            continue;
        }
        let n = edge_name(board, EdgeId(i as u16));
        if line.len() + n.len() > 78 {
            let _ = writeln!(s, "  {}", line.trim_end());
            line.clear();
        }
        let _ = write!(line, "{n:<12}");
    }
    if !line.is_empty() {
        let _ = writeln!(s, "  {}", line.trim_end());
    }
    if sea {
        s.push_str(&sea_paths(board));
    }
    let _ = writeln!(s, "\nharbors:");
    for h in &board.harbors {
        let _ = writeln!(s, "  {:<10} {}", edge_name(board, h.edge), h.kind);
    }
    s
}

/// Seafarers: the land areas of a map (the island markers' areas), where the pirate and the
/// robber start and the map's victory target; nothing for a board without them.
fn sea_lines(board: &Board) -> String {
    let mut s = String::new();
    let mut areas: Vec<u8> = board.areas.iter().copied().filter(|a| *a > 0).collect();
    areas.sort_unstable();
    areas.dedup();
    if !areas.is_empty() {
        let _ = writeln!(
            s,
            "  areas (Seafarers; 1 is the main island, the first settlement on another earns an island marker):"
        );
    }
    for a in areas {
        let hexes: Vec<String> = (0..board.terrain.len())
            .filter(|&h| board.areas[h] == a)
            .map(|h| board.hex_name(HexId(h as u16)))
            .collect();
        let _ = writeln!(s, "    {a}: {}", hexes.join(" "));
    }
    if let Some(h) = board.pirate_start {
        let _ = writeln!(s, "  pirate starts on {}", board.hex_name(h));
    }
    if board.terrain.contains(&Terrain::Sea) {
        if let Some(h) = board.robber_start {
            let _ = writeln!(s, "  robber starts on {}", board.hex_name(h));
        }
    }
    if let Some(t) = board.victory_target {
        let _ = writeln!(s, "  plays to {t} victory points");
    }
    s
}

/// Seafarers: the paths between two sea hexes (or a sea hex and the edge of the map), where
/// only ships go.
fn sea_paths(board: &Board) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "\nsea paths (ships only):");
    let mut line = String::new();
    for (i, e) in board.topology.edges().iter().enumerate() {
        if e.on_land {
            continue;
        }
        let n = edge_name(board, EdgeId(i as u16));
        if line.len() + n.len() > 78 {
            let _ = writeln!(s, "  {}", line.trim_end());
            line.clear();
        }
        let _ = write!(line, "{n:<16}");
    }
    if !line.is_empty() {
        let _ = writeln!(s, "  {}", line.trim_end());
    }
    s
}

fn short(t: Terrain) -> &'static str {
    match t {
        Terrain::Hills => "hil",
        Terrain::Forest => "for",
        Terrain::Pasture => "pas",
        Terrain::Fields => "fie",
        Terrain::Mountains => "mou",
        Terrain::Desert => "des",
        Terrain::Sea => "sea",
        Terrain::Court => "crt",
        Terrain::Gold => "gld",
        Terrain::Castle => "cst",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_alias_names_the_same_intersection() {
        let b = Board::beginner();
        // A.se, B.sw and E.n are one intersection.
        let a = b.hex_by_label("A").unwrap();
        let bb = b.hex_by_label("B").unwrap();
        let e = b.hex_by_label("E").unwrap();
        let v = b.topology.corner(a, Corner::SE).unwrap();
        assert_eq!(b.topology.corner(bb, Corner::SW), Some(v));
        assert_eq!(b.topology.corner(e, Corner::N), Some(v));
        assert_eq!(vertex_aliases(&b, v), vec!["A.se", "B.sw", "E.n"]);
    }

    #[test]
    fn path_names_use_two_corners_of_one_hex() {
        let b = Board::beginner();
        let a = b.hex_by_label("A").unwrap();
        let e = b
            .topology
            .edge_between(
                b.topology.corner(a, Corner::N).unwrap(),
                b.topology.corner(a, Corner::NE).unwrap(),
            )
            .unwrap();
        assert_eq!(edge_name(&b, e), "A.n-ne");
    }

    #[test]
    fn a_seafarers_map_lists_its_areas_starts_and_sea_paths() {
        let b = Board::seafarers(catan_engine::SeaMap::NewShores, 4, 1).unwrap();
        let out = render(&b);
        assert!(out.contains("    1: F G H J K L M O P Q R S T U V W Y Z AA\n"), "{out}");
        assert!(out.contains("pirate starts on (6,4)"), "{out}");
        assert!(out.contains("plays to 13 victory points"));
        assert!(out.contains("\nsea paths (ships only):\n"));
        assert!(out.contains("  (sea)"));
    }

    #[test]
    fn listing_shows_every_intersection_and_path() {
        let out = render(&Board::beginner());
        assert!(out.starts_with("board beginner: 19 land hexes, 54 intersections, 72 paths"));
        assert!(out.contains("J des"));
    }
}
