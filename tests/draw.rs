//! Pictures: the SVG of boards and positions is well-formed XML (parsed), names every place
//! in the scenario language, draws every piece of the position, marks the highlighted place,
//! and is snapshotted for a board and a position; the picture committed under `docs/` is the
//! one the CLI draws today.

use catan_engine::Board;
use catan_harness::{draw, load};

fn parse(svg: &str) -> roxmltree::Document<'_> {
    roxmltree::Document::parse(svg).unwrap_or_else(|e| panic!("not well-formed XML: {e}\n{svg}"))
}

fn count_class(doc: &roxmltree::Document<'_>, class: &str) -> usize {
    doc.descendants()
        .filter(|n| n.attribute("class").is_some_and(|c| c.split(' ').any(|w| w == class)))
        .count()
}

fn places(doc: &roxmltree::Document<'_>, class: &str) -> Vec<String> {
    doc.descendants()
        .filter(|n| n.attribute("class").is_some_and(|c| c.split(' ').any(|w| w == class)))
        .filter_map(|n| n.attribute("data-place").map(str::to_string))
        .collect()
}

#[test]
fn the_beginner_board_names_every_hex_intersection_path_and_harbor() {
    let b = Board::beginner();
    let svg = draw::board_svg(&b);
    let doc = parse(&svg);
    assert_eq!(count_class(&doc, "hex"), 19);
    assert_eq!(count_class(&doc, "intersection"), 54);
    assert_eq!(count_class(&doc, "path"), 72);
    assert_eq!(count_class(&doc, "harbor"), 9);
    // 18 number tokens; the two 6s and two 8s marked.
    assert_eq!(count_class(&doc, "token"), 18);
    assert_eq!(count_class(&doc, "red-number"), 4);
    let hexes = places(&doc, "hex");
    assert_eq!(hexes.first().map(String::as_str), Some("A"));
    assert!(places(&doc, "intersection").contains(&"A.n".to_string()));
    assert!(places(&doc, "path").contains(&"A.n-ne".to_string()));
    // Every intersection's tooltip gives all its names.
    assert!(svg.contains("<title>A.se = B.sw = E.n</title>"), "aliases");
    insta::assert_snapshot!("board-beginner", svg);
}

#[test]
fn the_court_board_draws_the_court_hex() {
    let svg = draw::board_svg(&Board::beginner_court());
    let doc = parse(&svg);
    assert_eq!(count_class(&doc, "hex"), 19);
    assert!(svg.contains("J: court"), "the Court hex");
    insta::assert_snapshot!("board-court", svg);
}

#[test]
fn a_random_board_is_drawn_from_its_own_geometry() {
    let b = Board::random(7, catan_engine::board::TokenPlacement::Spiral);
    let svg = draw::board_svg(&b);
    let doc = parse(&svg);
    assert_eq!(count_class(&doc, "hex"), 19);
    assert_eq!(count_class(&doc, "token"), 18);
    insta::assert_snapshot!("board-random-7", svg);
}

const POSITION: &str = r#"scenario "a position"
source own
rules cities-and-knights
board beginner
players red blue white
position {
  red:
    cities      A.n
    settlements O.s
    roads       A.n-ne, A.ne-se, O.s-sw
    knights     A.se strong active
    walls       A.n
    hand        2 brick, 1 lumber, 1 cloth
  blue:
    settlements K.n, M.ne
    roads       K.n-ne, M.ne-se
    knights     K.ne basic
  white:
    settlements H.n, P.n
    roads       H.n-ne, P.n-ne
  merchant E red
  barbarians 3
  turn red main
}
snapshot "here"
red builds road A.se-s
"#;

#[test]
fn a_position_draws_every_piece_and_marks_the_highlighted_place() {
    let sc = load::load_text("pos.cat", POSITION).unwrap_or_else(|e| panic!("{}", e.render(100)));
    let (game, label) = draw::scenario_position(&sc, Some("here"), None).expect("the snapshot");
    assert_eq!(label, "at \"here\"");
    let svg = draw::position_svg(&game, "a position", Some("A.se"));
    let doc = parse(&svg);
    assert_eq!(count_class(&doc, "road"), 7);
    assert_eq!(count_class(&doc, "city"), 1);
    assert_eq!(count_class(&doc, "settlement"), 5);
    assert_eq!(count_class(&doc, "wall"), 1);
    assert_eq!(count_class(&doc, "knight"), 2);
    assert_eq!(count_class(&doc, "active"), 1);
    assert_eq!(count_class(&doc, "merchant"), 1);
    assert_eq!(places(&doc, "highlight"), vec!["A.se".to_string()]);
    assert!(svg.contains("barbarians 3 of 7"), "side panel");
    insta::assert_snapshot!("position-ck", svg);
    // After the script's last line the road is there; past the script is an error.
    let (end, label) = draw::scenario_position(&sc, None, None).expect("the end");
    assert_eq!(label, "at the end of the script");
    assert_eq!(count_class(&parse(&draw::position_svg(&end, "end", None)), "road"), 8);
    let (one, _) = draw::scenario_position(&sc, None, Some(1)).expect("step 1");
    assert_eq!(count_class(&parse(&draw::position_svg(&one, "one", None)), "road"), 7);
    assert!(draw::scenario_position(&sc, None, Some(9)).is_err());
    assert!(draw::scenario_position(&sc, Some("nowhere"), None).is_err());
}

#[test]
fn the_pictures_in_docs_are_the_ones_the_cli_draws_today() {
    let root = env!("CARGO_MANIFEST_DIR");
    let board = std::fs::read_to_string(format!("{root}/docs/board-beginner.svg")).expect("docs/board-beginner.svg");
    assert_eq!(
        board,
        draw::board_svg(&Board::beginner()),
        "regenerate: catan-harness draw board beginner -o docs/board-beginner.svg"
    );
    let sc = load::load(std::path::Path::new(&format!("{root}/docs/position-example.cat")))
        .expect("docs/position-example.cat");
    let (game, label) = draw::scenario_position(&sc, Some("example"), None).expect("its snapshot");
    let want = draw::position_svg(&game, &format!("{} — {label}", sc.title), None);
    let have = std::fs::read_to_string(format!("{root}/docs/position-example.svg")).expect("docs/position-example.svg");
    assert_eq!(
        have, want,
        "regenerate: catan-harness draw docs/position-example.cat --at example -o docs/position-example.svg"
    );
}

#[test]
fn a_seafarers_map_is_drawn_with_its_sea_islands_and_gold_fields() {
    let b = Board::seafarers(catan_engine::SeaMap::NewShores, 4, 1).unwrap();
    let svg = draw::board_svg(&b);
    let doc = parse(&svg);
    // The map's rectangle: 9 rows of 9 hexes, 28 of them land (one desert without a token).
    assert_eq!(count_class(&doc, "hex"), 81);
    assert_eq!(count_class(&doc, "token"), 27);
    assert_eq!(count_class(&doc, "harbor"), 9);
    assert_eq!(
        svg.matches(": gold").count(),
        2,
        "two gold fields named in their tooltips"
    );
    assert_eq!(places(&doc, "hex").iter().filter(|p| !p.starts_with('(')).count(), 28);
}

const SEA_POSITION: &str = r#"scenario "a Seafarers position"
source own
rules seafarers
board new-shores:4
players red blue white orange
position {
  red:
    settlements H.se, D.s
    ships       H.ne-se, (4,2).se-s, D.s-sw
    islands     D.s
  blue:
    settlements S.ne
    ships       S.n-ne
  pirate (4,4)
  turn red main
}
snapshot "here"
"#;

#[test]
fn a_seafarers_position_draws_ships_the_pirate_and_sea_paths() {
    let sc = load::load_text("sea.cat", SEA_POSITION).unwrap_or_else(|e| panic!("{}", e.render(100)));
    let (game, _) = draw::scenario_position(&sc, Some("here"), None).expect("the snapshot");
    let svg = draw::position_svg(&game, "a Seafarers position", Some("(4,2).se-s"));
    let doc = parse(&svg);
    assert_eq!(count_class(&doc, "ship"), 4);
    assert!(places(&doc, "ship").contains(&"(4,2).se-s".to_string()));
    assert_eq!(places(&doc, "pirate"), vec!["(4,4)".to_string()]);
    // A path between two sea hexes is a place to hover over and to highlight.
    assert_eq!(places(&doc, "highlight"), vec!["(4,2).se-s".to_string()]);
    assert!(svg.contains("3 ships, 12 left; 1 island markers"), "side panel");
    assert!(svg.contains("pirate on (4,4)"), "side panel");
    // The board alone shows where the pirate starts, and every path at sea.
    let board = catan_engine::Board::seafarers(catan_engine::SeaMap::NewShores, 4, 1).unwrap();
    let doc_svg = draw::board_svg(&board);
    let doc = parse(&doc_svg);
    assert_eq!(places(&doc, "pirate"), vec!["(6,4)".to_string()]);
    assert_eq!(count_class(&doc, "path"), board.topology.edge_count());
}
