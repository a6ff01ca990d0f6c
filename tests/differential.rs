//! Differential conformance against catanatron 3.2.1 (recordings made by
//! `tools/differential/record.py`, committed under `tests/data/differential/`):
//! the place map derived from geometry, and every committed game replayed step by step.

use catan_harness::differential::report::{read_text, recording_files};
use catan_harness::differential::{board_from_header, read_recording, replay, PlaceMap, Recording};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

fn data(sub: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/differential")
        .join(sub)
}

fn load(path: &Path) -> Recording {
    let text = read_text(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    read_recording(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn games(sub: &str) -> Vec<PathBuf> {
    recording_files(&[data(sub)]).expect("the committed recordings are readable")
}

/// Every catanatron node is one land intersection, every edge one path, both one-to-one and
/// onto, and catanatron's adjacency (an edge joins its two nodes) is this board's adjacency.
#[test]
fn place_map_is_a_bijection_that_preserves_adjacency() {
    let files = games("agree");
    assert!(files.len() >= 300, "only {} committed games", files.len());
    for path in files.iter().take(40) {
        let rec = load(path);
        let (board, map) = board_from_header(&rec.header).expect("board builds");
        let topo = &board.topology;
        let vertices: BTreeSet<_> = map
            .nodes
            .keys()
            .map(|&n| map.vertex(&board, n).expect("node maps"))
            .collect();
        let land_vertices = topo.vertices().iter().filter(|v| v.on_land).count();
        assert_eq!(map.nodes.len(), 54);
        assert_eq!(vertices.len(), 54, "two nodes map to one intersection");
        assert_eq!(land_vertices, 54, "every intersection is some node");
        let mut paths = BTreeSet::new();
        for &(a, b) in map.edges.keys() {
            let e = map.edge(&board, a, b).expect("edge maps");
            let (va, vb) = (map.vertex(&board, a).unwrap(), map.vertex(&board, b).unwrap());
            assert_eq!(
                topo.edge_between(va, vb),
                Some(e),
                "edge ({a}, {b}) is not the path between its nodes"
            );
            paths.insert(e);
        }
        assert_eq!(paths.len(), 72);
        assert_eq!(topo.edges().iter().filter(|e| e.on_land).count(), 72);
        // Production agrees: a node's tiles are the hexes touching its intersection.
        for tile in &rec.header.tiles {
            let hex = topo.hex_at(map.tiles[&tile.cube]).expect("tile is a hex");
            for &node in tile.nodes.values() {
                let v = map.vertex(&board, node).unwrap();
                assert!(topo.vertex(v).unwrap().hexes.iter().any(|h| h == hex));
            }
        }
        assert_eq!(board.harbors.len(), 9);
    }
}

/// A recording whose tiles disagree about a node is refused, not silently mapped.
#[test]
fn inconsistent_geometry_is_refused() {
    let mut rec = load(&games("agree")[0]);
    let tile = &mut rec.header.tiles[0];
    let n = tile.nodes["NORTH"];
    let s = tile.nodes["SOUTH"];
    tile.nodes.insert("NORTH".into(), s);
    tile.nodes.insert("SOUTH".into(), n);
    assert!(PlaceMap::derive(&rec.header).is_err());
}

/// The cube-to-axial conversion is catanatron's unit vectors onto this project's sides.
#[test]
fn cube_directions_are_axial_sides() {
    use catan_engine::board::{Axial, Side};
    use catan_harness::differential::geometry::cube_to_axial;
    let origin = Axial::new(0, 0);
    let cases = [
        ([1, -1, 0], Side::E),
        ([0, -1, 1], Side::SE),
        ([-1, 0, 1], Side::SW),
        ([-1, 1, 0], Side::W),
        ([0, 1, -1], Side::NW),
        ([1, 0, -1], Side::NE),
    ];
    for (cube, side) in cases {
        assert_eq!(cube_to_axial(cube), Some(origin.neighbour(side)));
    }
    assert_eq!(cube_to_axial([1, 1, 1]), None);
}

/// Every committed game agrees with catanatron at every step: legal action sets (normalised)
/// and public state, to the end of the game.
#[test]
fn committed_games_replay_green() {
    let mut steps = 0u64;
    let files = games("agree");
    for path in &files {
        let rec = load(path);
        let report = replay(&rec).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        if let Some(d) = report.difference {
            panic!(
                "{}: difference at step {} after {}: {}",
                path.display(),
                d.step,
                d.action,
                d.detail
            );
        }
        assert_eq!(report.steps as usize, rec.steps.len(), "{}", path.display());
        steps += u64::from(report.steps);
    }
    assert!(
        files.len() >= 300 && steps > 100_000,
        "{} games, {steps} steps",
        files.len()
    );
}

/// Each committed example of a known divergence is recognised as that divergence (the file
/// name starts with its id), at the step where catanatron first differs.
#[test]
fn known_divergences_are_recognised() {
    let files = games("known");
    assert!(!files.is_empty());
    for path in &files {
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or_default();
        let expected = name.split('-').next().unwrap_or_default();
        let report = replay(&load(path)).expect("replays");
        let d = report
            .difference
            .unwrap_or_else(|| panic!("{name}: no difference found"));
        assert_eq!(d.known.unwrap_or("none"), expected, "{name}: {}", d.detail);
    }
}
