//! Longest Road from declared positions (beginner board, hexes `A`..`S` in reading
//! order). Roads are written as trails of `(hex, corner)` intersections. Breaking a road
//! is always done through `apply`: the opponent builds a settlement on an intersection
//! their own road reaches, with the distance rule holding.
//!
//! Useful identities: `A.ne = B.nw`, `A.se = B.sw = E.n`, `E.nw = A.s`, `E.s = I.ne =
//! J.nw`, `E.sw = I.n`, `E.se = J.n`, `J.se = O.n`, `O.ne = K.s`, `Q.nw = M.s`.

use super::longest_road_length;
use crate::board::Corner::{self, *};
use crate::cards::{cost, Cards};
use crate::event::Event;
use crate::position::{Setup, StartPhase};
use crate::{Action, Board, Colour, EdgeId, Game, PlayerId, Ruleset, VertexId};
use std::sync::Arc;

type Spot = (&'static str, Corner);

const RED: PlayerId = PlayerId(0);
const BLUE: PlayerId = PlayerId(1);
const WHITE: PlayerId = PlayerId(2);

/// The north coast from `A.sw` to `C.se` (8 paths); roads take slices of it.
const NORTH_COAST: [Spot; 9] = [
    ("A", SW),
    ("A", NW),
    ("A", N),
    ("A", NE),
    ("B", N),
    ("B", NE),
    ("C", N),
    ("C", NE),
    ("C", SE),
];

/// The south coast from `Q.nw` to `S.ne` (8 paths).
const SOUTH_COAST: [Spot; 9] = [
    ("Q", NW),
    ("Q", SW),
    ("Q", S),
    ("Q", SE),
    ("R", S),
    ("R", SE),
    ("S", S),
    ("S", SE),
    ("S", NE),
];

/// The ring of paths around the desert `J`, closed.
const RING_J: [Spot; 7] = [("J", N), ("J", NE), ("J", SE), ("J", S), ("J", SW), ("J", NW), ("J", N)];

/// Blue's approach to `A.ne` from a settlement at `E.s`, up the west sides of `E`
/// (4 paths), ending where blue can build to split the north coast.
const BLUE_TO_A_NE: [Spot; 5] = [("E", S), ("E", SW), ("E", NW), ("E", N), ("A", NE)];

/// A Main-phase position under construction, checked on the way into a game.
struct Position {
    board: Arc<Board>,
    setup: Setup,
}

impl Position {
    fn new(players: usize) -> Position {
        let board = Arc::new(Board::beginner());
        let mut setup = Setup::new(Ruleset::base(), board.clone(), &Colour::ALL[..players]);
        setup.phase = StartPhase::Main;
        setup.turn = 9;
        Position { board, setup }
    }

    fn at(&self, (hex, corner): Spot) -> VertexId {
        let h = self.board.hex_by_label(hex).expect("a hex label");
        self.board.topology.corner(h, corner).expect("a corner")
    }

    fn paths(&self, trail: &[Spot]) -> Vec<EdgeId> {
        trail
            .windows(2)
            .map(|w| {
                self.board
                    .topology
                    .edge_between(self.at(w[0]), self.at(w[1]))
                    .unwrap_or_else(|| panic!("{:?} and {:?} are not neighbours", w[0], w[1]))
            })
            .collect()
    }

    fn settlement(mut self, p: PlayerId, spot: Spot) -> Position {
        let v = self.at(spot);
        self.setup.players[p.index()].settlements.push(v);
        self
    }

    fn road(mut self, p: PlayerId, trail: &[Spot]) -> Position {
        let paths = self.paths(trail);
        self.setup.players[p.index()].roads.extend(paths);
        self
    }

    /// `p` is to act in the trade and build phase holding `hand`.
    fn acting(mut self, p: PlayerId, hand: Cards) -> Position {
        self.setup.current = p;
        self.setup.players[p.index()].hand = hand;
        self
    }

    fn game(&self) -> Game {
        let g = Game::from_setup(&self.setup).expect("a consistent position");
        g.check_invariants().expect("invariants of the declared position");
        g
    }
}

fn len(g: &Game, p: PlayerId) -> u8 {
    longest_road_length(g, p)
}

fn hand(costs: &[Cards]) -> Cards {
    let mut h = Cards::EMPTY;
    for c in costs {
        h.add_all(c);
    }
    h
}

/// Applies an action that must be accepted; returns the Longest Road events it produced.
fn build(g: &mut Game, a: Action) -> Vec<Event> {
    let events = g.apply(a).unwrap_or_else(|e| panic!("{a:?} refused: {e}"));
    g.check_invariants().expect("invariants after the build");
    events
        .into_iter()
        .filter(|e| matches!(e, Event::LongestRoadChanged { .. }))
        .collect()
}

fn road_action(pos: &Position, p: PlayerId, from: Spot, to: Spot) -> Action {
    Action::BuildRoad {
        player: p,
        at: pos.paths(&[from, to])[0],
    }
}

fn settlement_action(pos: &Position, p: PlayerId, spot: Spot) -> Action {
    Action::BuildSettlement {
        player: p,
        at: pos.at(spot),
    }
}

fn changed(holder: Option<PlayerId>, previous: Option<PlayerId>, length: u8) -> Vec<Event> {
    vec![Event::LongestRoadChanged {
        holder,
        previous,
        length,
    }]
}

/// The longest trail by brute force: every trail from every road end, no pruning and no
/// start selection (the oracle for the search's shortcuts). With Seafarers the ships
/// count too, a road and a ship continuing each other only at the player's own building.
fn brute_force(g: &Game, p: PlayerId) -> u8 {
    /// A road (`false`) or a ship (`true`) on a path.
    type Piece = (EdgeId, bool);
    fn extend(
        g: &Game,
        p: PlayerId,
        pieces: &[Piece],
        v: VertexId,
        last: Option<bool>,
        used: &mut Vec<bool>,
        len: u8,
    ) -> u8 {
        let mut best = len;
        let topo = &g.board().topology;
        let own_building = g.site(v).is_some_and(|s| s.owner == p);
        for (i, &(e, ship)) in pieces.iter().enumerate() {
            let ends = topo.edge(e).expect("a path").vertices;
            if used[i] || !ends.contains(&v) || last.is_some_and(|k| k != ship && !own_building) {
                continue;
            }
            let w = if ends[0] == v { ends[1] } else { ends[0] };
            used[i] = true;
            let blocked = g.site(w).is_some_and(|s| s.owner != p) || g.knight(w).is_some_and(|k| k.owner != p);
            let found = if blocked {
                len + 1
            } else {
                extend(g, p, pieces, w, Some(ship), used, len + 1)
            };
            best = best.max(found);
            used[i] = false;
        }
        best
    }
    let mut pieces: Vec<Piece> = g.player(p).expect("a seat").roads.iter().map(|&e| (e, false)).collect();
    pieces.extend(g.route_ships_ext(p).iter().map(|&e| (e, true)));
    let mut best = 0;
    for &(e, _) in &pieces {
        for v in g.board().topology.edge(e).expect("a path").vertices {
            best = best.max(extend(g, p, &pieces, v, None, &mut vec![false; pieces.len()], 0));
        }
    }
    best
}

/// Plays `rules` on `board` from `seed`, checking after every step that each player's
/// cached length and the search both equal the brute force, and the kept bounds hold it.
fn check_against_brute_force(rules: &Ruleset, board: Board, seed: u64, policy: crate::random::Policy) {
    let mut g = Game::new(rules.clone(), Arc::new(board), &Colour::ALL[..4], PlayerId(0)).expect("a game");
    let mut rp = crate::random::RandomPlayer::new(seed);
    let mut steps = 0;
    while g.winner().is_none() && g.turn() <= 300 {
        let Some(a) = rp.choose(&g, policy) else { break };
        g.apply(a).expect("a listed action");
        steps += 1;
        for p in g.player_ids() {
            let expected = brute_force(&g, p);
            assert_eq!(len(&g, p), expected, "seed {seed} step {steps} {p:?}");
            assert_eq!(g.road_length(p), expected, "cached, seed {seed} step {steps}");
        }
        // The kept bounds (a road taken by Diplomacy, a ship moved) hold every length.
        assert!(g.longest_road_consistent(), "bounds, seed {seed} step {steps}");
    }
}

/// Random games (base and Cities & Knights, whose knights block roads too): after every
/// step each player's cached length and the search both equal the brute force.
#[test]
fn the_search_and_the_cached_lengths_equal_a_brute_force_in_random_games() {
    use crate::board::TokenPlacement;
    use crate::random::Policy;
    for (rules, seeds) in [(Ruleset::base(), 0..12u64), (Ruleset::cities_and_knights(), 100..112)] {
        for seed in seeds {
            let board = rules.random_board(seed, TokenPlacement::Spiral);
            check_against_brute_force(&rules, board, seed, Policy::Builder);
        }
    }
}

/// Random Seafarers games on both maps (ships count, joining roads only at the owner's
/// buildings; the uniform agent moves ships often): the cached trade-route lengths and
/// the search equal the brute force after every step.
#[test]
fn the_trade_route_search_and_cached_lengths_equal_a_brute_force_in_random_seafarers_games() {
    use crate::random::Policy;
    use crate::ruleset::{Expansion, ExpansionSet};
    use crate::SeaMap;
    let rules = Ruleset::with(ExpansionSet::of(&[Expansion::Seafarers]));
    for seed in 200..208u64 {
        for map in SeaMap::ALL {
            let board = Board::seafarers(map, 4, seed).expect("a map");
            check_against_brute_force(&rules, board, seed, Policy::Uniform);
            let board = Board::seafarers(map, 4, seed).expect("a map");
            check_against_brute_force(&rules, board, seed, Policy::Builder);
        }
    }
}

/// Random Seafarers games with Cities & Knights on both maps: knights placed, moved,
/// displaced and removed block ships and roads of others only where a route passes, and
/// ships move and join roads at buildings; the cached lengths and the search equal the
/// brute force after every step (the component searches after builds and ship moves,
/// and the players left out after settlements and knights, included).
#[test]
fn the_trade_route_lengths_equal_a_brute_force_in_random_seafarers_games_with_knights() {
    use crate::random::Policy;
    use crate::ruleset::{Expansion, ExpansionSet};
    use crate::SeaMap;
    let rules = Ruleset::with(ExpansionSet::of(&[Expansion::Seafarers, Expansion::CitiesAndKnights]));
    for seed in 220..226u64 {
        for map in SeaMap::ALL {
            let board = Board::seafarers(map, 4, seed).expect("a map");
            check_against_brute_force(&rules, board, seed, Policy::Uniform);
        }
    }
}

#[test]
fn a_fourth_road_in_a_row_does_not_take_the_card() {
    let pos = Position::new(3)
        .settlement(RED, ("A", NW))
        .road(RED, &NORTH_COAST[1..5])
        .acting(RED, cost::ROAD);
    let mut g = pos.game();
    assert_eq!(len(&g, RED), 3);
    let events = build(&mut g, road_action(&pos, RED, ("B", N), ("B", NE)));
    assert_eq!(len(&g, RED), 4);
    assert_eq!(events, vec![]);
    assert_eq!(g.longest_road(), None);
}

#[test]
fn a_fifth_road_in_a_row_takes_the_card() {
    let pos = Position::new(3)
        .settlement(RED, ("A", NW))
        .road(RED, &NORTH_COAST[1..6])
        .acting(RED, cost::ROAD);
    let mut g = pos.game();
    assert_eq!(len(&g, RED), 4);
    let vp = g.total_vp(RED);
    let events = build(&mut g, road_action(&pos, RED, ("B", NE), ("C", N)));
    assert_eq!(len(&g, RED), 5);
    assert_eq!(events, changed(Some(RED), None, 5));
    assert_eq!(g.longest_road(), Some(RED));
    assert_eq!(g.total_vp(RED), vp + 2);
}

#[test]
fn a_fork_counts_only_its_longest_branches_not_all_of_them() {
    // Three branches from E.s: up the west of E (3), up the east of E (2) and down
    // between I and J and along J's south-west side (2). Seven roads, longest trail 5.
    let pos = Position::new(3)
        .settlement(RED, ("E", N))
        .road(RED, &[("E", S), ("E", SW), ("E", NW), ("E", N)])
        .road(RED, &[("E", S), ("E", SE), ("E", NE)])
        .road(RED, &[("J", NW), ("J", SW), ("J", S)]);
    let g = pos.game();
    assert_eq!(g.player(RED).unwrap().roads.len(), 7);
    assert_eq!(len(&g, RED), 5);
    assert_eq!(g.longest_road(), Some(RED));
}

#[test]
fn a_closed_loop_around_one_hex_counts_six() {
    let pos = Position::new(3).settlement(RED, ("J", N)).road(RED, &RING_J);
    let g = pos.game();
    assert_eq!(len(&g, RED), 6);
    assert_eq!(g.longest_road(), Some(RED));
}

#[test]
fn a_trail_may_run_round_a_loop_and_out_along_its_tail() {
    // From I.nw along the two-road tail into J.nw, then all the way round J: 2 + 6.
    let pos = Position::new(3)
        .settlement(RED, ("J", N))
        .road(RED, &RING_J)
        .road(RED, &[("J", NW), ("I", N), ("I", NW)]);
    let g = pos.game();
    assert_eq!(len(&g, RED), 8);
    // A one-road tail: 1 + 6.
    let pos = Position::new(3)
        .settlement(RED, ("J", N))
        .road(RED, &RING_J)
        .road(RED, &[("J", NW), ("I", N)]);
    assert_eq!(len(&pos.game(), RED), 7);
}

#[test]
fn a_loop_with_tails_at_opposite_corners_uses_only_one_tail() {
    // Tails at J.nw and J.se: a trail entering by one tail can go round the whole loop
    // (back to its entry) or cross to the other tail, never both. 8 roads, longest 7.
    let pos = Position::new(3)
        .settlement(RED, ("J", N))
        .road(RED, &RING_J)
        .road(RED, &[("J", NW), ("I", N)])
        .road(RED, &[("J", SE), ("O", NE)]);
    let g = pos.game();
    assert_eq!(g.player(RED).unwrap().roads.len(), 8);
    assert_eq!(len(&g, RED), 7);
}

#[test]
fn two_loops_sharing_a_side_count_every_road() {
    // Rings round J and K share J's east side: two intersections of three roads each,
    // so one trail covers all 11 roads.
    let pos = Position::new(3)
        .settlement(RED, ("J", N))
        .road(RED, &RING_J)
        .road(RED, &[("J", NE), ("K", N), ("K", NE), ("K", SE), ("K", S), ("J", SE)]);
    let g = pos.game();
    assert_eq!(g.player(RED).unwrap().roads.len(), 11);
    assert_eq!(len(&g, RED), 11);
}

#[test]
fn own_settlement_in_the_middle_does_not_break_the_road() {
    let pos = Position::new(3)
        .settlement(RED, ("A", NE))
        .road(RED, &NORTH_COAST[0..6]);
    let g = pos.game();
    assert_eq!(len(&g, RED), 5);
    assert_eq!(g.longest_road(), Some(RED));
}

#[test]
fn an_opponents_settlement_at_the_end_of_a_road_does_not_shorten_it() {
    let pos = Position::new(3)
        .settlement(RED, ("A", SW))
        .road(RED, &NORTH_COAST[0..6])
        .settlement(BLUE, ("B", NE));
    let g = pos.game();
    assert_eq!(len(&g, RED), 5);
    assert_eq!(g.longest_road(), Some(RED));
}

#[test]
fn opponent_settlement_built_in_the_middle_splits_a_road() {
    // Red: A.sw .. B.ne (5 roads) holding the card; blue builds on A.ne, leaving 3 + 2.
    let pos = Position::new(3)
        .settlement(RED, ("A", SW))
        .road(RED, &NORTH_COAST[0..6])
        .settlement(BLUE, ("E", S))
        .road(BLUE, &BLUE_TO_A_NE)
        .acting(BLUE, cost::SETTLEMENT);
    let mut g = pos.game();
    assert_eq!((len(&g, RED), len(&g, BLUE)), (5, 4));
    assert_eq!(g.longest_road(), Some(RED));
    let events = build(&mut g, settlement_action(&pos, BLUE, ("A", NE)));
    assert_eq!((len(&g, RED), len(&g, BLUE)), (3, 4));
    assert_eq!(g.road_length(RED), 3);
    assert_eq!(events, changed(None, Some(RED), 0));
}

#[test]
fn a_tie_does_not_take_the_card_from_the_holder() {
    let pos = Position::new(3)
        .settlement(RED, ("A", NW))
        .road(RED, &NORTH_COAST[1..7])
        .settlement(WHITE, ("Q", NW))
        .road(WHITE, &SOUTH_COAST[0..5])
        .acting(WHITE, cost::ROAD);
    let mut g = pos.game();
    assert_eq!((len(&g, RED), len(&g, WHITE)), (5, 4));
    assert_eq!(g.longest_road(), Some(RED));
    let events = build(&mut g, road_action(&pos, WHITE, ("R", S), ("R", SE)));
    assert_eq!((len(&g, RED), len(&g, WHITE)), (5, 5));
    assert_eq!(events, vec![]);
    assert_eq!(g.longest_road(), Some(RED));
}

#[test]
fn a_strictly_longer_road_takes_the_card() {
    // Red reached 5 first and holds the card; white has caught up to 5.
    let mut pos = Position::new(3)
        .settlement(RED, ("A", NW))
        .road(RED, &NORTH_COAST[1..7])
        .settlement(WHITE, ("Q", NW))
        .road(WHITE, &SOUTH_COAST[0..6])
        .acting(WHITE, cost::ROAD);
    pos.setup.longest_road = Some(Some(RED));
    let mut g = pos.game();
    assert_eq!((len(&g, RED), len(&g, WHITE)), (5, 5));
    assert_eq!(g.longest_road(), Some(RED));
    let (red_vp, white_vp) = (g.total_vp(RED), g.total_vp(WHITE));
    let events = build(&mut g, road_action(&pos, WHITE, ("R", SE), ("S", S)));
    assert_eq!(len(&g, WHITE), 6);
    assert_eq!(events, changed(Some(WHITE), Some(RED), 6));
    assert_eq!(g.longest_road(), Some(WHITE));
    assert_eq!((g.total_vp(RED), g.total_vp(WHITE)), (red_vp - 2, white_vp + 2));
}

/// Red's road along the north coast from `A.nw` (its settlement) to the coast's path
/// `red_end - 1`, blue's approach to `A.ne` (settlement at `E.s`), white's road along the
/// south coast up to path `white_end - 1`; blue to act with a settlement in hand (to build
/// on `A.ne` and split red's road there).
fn red_broken_at_a_ne(red_end: usize, white_end: usize) -> Position {
    Position::new(3)
        .settlement(RED, ("A", NW))
        .road(RED, &NORTH_COAST[1..red_end])
        .settlement(BLUE, ("E", S))
        .road(BLUE, &BLUE_TO_A_NE)
        .settlement(WHITE, ("Q", NW))
        .road(WHITE, &SOUTH_COAST[0..white_end])
        .acting(BLUE, cost::SETTLEMENT)
}

#[test]
fn a_broken_holder_still_tied_for_longest_keeps_the_card() {
    // Red: A.nw .. C.se (7), split at A.ne into 2 + 5; white has 5.
    let pos = red_broken_at_a_ne(9, 6);
    let mut g = pos.game();
    assert_eq!((len(&g, RED), len(&g, BLUE), len(&g, WHITE)), (7, 4, 5));
    assert_eq!(g.longest_road(), Some(RED));
    let events = build(&mut g, settlement_action(&pos, BLUE, ("A", NE)));
    assert_eq!((len(&g, RED), len(&g, BLUE), len(&g, WHITE)), (5, 4, 5));
    assert_eq!(events, vec![]);
    assert_eq!(g.longest_road(), Some(RED));
}

#[test]
fn a_broken_holder_loses_the_card_to_the_single_longest_player() {
    // Red: A.nw .. C.ne (6), split at A.ne into 2 + 4; white has 5.
    let pos = red_broken_at_a_ne(8, 6);
    let mut g = pos.game();
    assert_eq!((len(&g, RED), len(&g, WHITE)), (6, 5));
    assert_eq!(g.longest_road(), Some(RED));
    let events = build(&mut g, settlement_action(&pos, BLUE, ("A", NE)));
    assert_eq!((len(&g, RED), len(&g, BLUE), len(&g, WHITE)), (4, 4, 5));
    assert_eq!(events, changed(Some(WHITE), Some(RED), 5));
    assert_eq!(g.longest_road(), Some(WHITE));
}

/// Red 6 on the north coast (holder), blue 5 (`J.n` + the approach to `A.ne`), white 5
/// on the south coast; blue to act with a settlement and a road in hand.
fn two_others_at_five() -> Position {
    Position::new(3)
        .settlement(RED, ("A", NW))
        .road(RED, &NORTH_COAST[1..8])
        .settlement(BLUE, ("E", S))
        .road(BLUE, &[("J", N), ("E", S)])
        .road(BLUE, &BLUE_TO_A_NE)
        .settlement(WHITE, ("Q", NW))
        .road(WHITE, &SOUTH_COAST[0..6])
        .acting(BLUE, hand(&[cost::SETTLEMENT, cost::ROAD]))
}

#[test]
fn a_broken_holder_loses_the_card_and_it_is_set_aside_when_two_others_tie() {
    let pos = two_others_at_five();
    let mut g = pos.game();
    assert_eq!((len(&g, RED), len(&g, BLUE), len(&g, WHITE)), (6, 5, 5));
    assert_eq!(g.longest_road(), Some(RED));
    let events = build(&mut g, settlement_action(&pos, BLUE, ("A", NE)));
    assert_eq!((len(&g, RED), len(&g, BLUE), len(&g, WHITE)), (4, 5, 5));
    assert_eq!(events, changed(None, Some(RED), 0));
    assert_eq!(g.longest_road(), None);
}

#[test]
fn a_broken_holder_loses_the_card_and_it_is_set_aside_when_nobody_has_five() {
    // Red: A.nw .. C.ne (6), split into 2 + 4; blue 4, white 4.
    let pos = red_broken_at_a_ne(8, 5);
    let mut g = pos.game();
    assert_eq!(g.longest_road(), Some(RED));
    let events = build(&mut g, settlement_action(&pos, BLUE, ("A", NE)));
    assert_eq!((len(&g, RED), len(&g, BLUE), len(&g, WHITE)), (4, 4, 4));
    assert_eq!(events, changed(None, Some(RED), 0));
    assert_eq!(g.longest_road(), None);
    assert_eq!(g.total_vp(RED), 1);
}

#[test]
fn a_set_aside_card_returns_when_exactly_one_player_is_longest() {
    let pos = two_others_at_five();
    let mut g = pos.game();
    build(&mut g, settlement_action(&pos, BLUE, ("A", NE)));
    assert_eq!(g.longest_road(), None);
    // Blue extends J.n to J.ne: 6 against white's 5 and red's 4.
    let events = build(&mut g, road_action(&pos, BLUE, ("J", N), ("J", NE)));
    assert_eq!((len(&g, RED), len(&g, BLUE), len(&g, WHITE)), (4, 6, 5));
    assert_eq!(events, changed(Some(BLUE), None, 6));
    assert_eq!(g.longest_road(), Some(BLUE));
}

#[test]
fn a_set_aside_card_stays_aside_while_the_longest_are_tied() {
    // Red and white both at 5 with the card aside (declared): a third player's road
    // of 4 changes nothing, and the card stays aside.
    let mut pos = Position::new(3)
        .settlement(RED, ("A", NW))
        .road(RED, &NORTH_COAST[1..7])
        .settlement(WHITE, ("Q", NW))
        .road(WHITE, &SOUTH_COAST[0..6])
        .settlement(BLUE, ("E", S))
        .road(BLUE, &BLUE_TO_A_NE[..4])
        .acting(BLUE, cost::ROAD);
    pos.setup.longest_road = Some(None);
    let mut g = pos.game();
    assert_eq!(g.longest_road(), None);
    let events = build(&mut g, road_action(&pos, BLUE, ("E", N), ("A", NE)));
    assert_eq!((len(&g, RED), len(&g, BLUE), len(&g, WHITE)), (5, 4, 5));
    assert_eq!(events, vec![]);
    assert_eq!(g.longest_road(), None);
}

/// Random games of Seafarers (with and without Cities & Knights, both maps): for every
/// ship move, the route measured on the one graph of both networks
/// ([`super::length_after_ship_move`]), when it sees one, equals a search from scratch
/// after the move; and it sees one for most moves.
#[test]
fn a_ship_move_measured_on_one_graph_equals_a_search_from_scratch() {
    use crate::random::{Policy, RandomPlayer};
    use crate::ruleset::{Expansion, ExpansionSet};
    use crate::SeaAction;
    use crate::SeaMap;
    let sea = Ruleset::with(ExpansionSet::of(&[Expansion::Seafarers]));
    let sea_ck = Ruleset::with(ExpansionSet::of(&[Expansion::Seafarers, Expansion::CitiesAndKnights]));
    let (mut seen, mut moves) = (0, 0);
    for rules in [sea, sea_ck] {
        for seed in 500..503u64 {
            for map in SeaMap::ALL {
                let board = Arc::new(Board::seafarers(map, 4, seed).expect("a map"));
                let mut g = Game::new(rules.clone(), board, &Colour::ALL[..4], PlayerId(0)).expect("a game");
                let mut rp = RandomPlayer::new(seed);
                while g.winner().is_none() && g.turn() <= 400 {
                    let Some(a) = rp.choose(&g, Policy::Uniform) else { break };
                    let moved = match a {
                        Action::Sea(SeaAction::MoveShip { player, from, to }) => Some((player, from, to)),
                        _ => None,
                    };
                    let before = moved.map(|(p, _, _)| g.road_length(p));
                    g.apply(a).expect("a listed action");
                    if let (Some((p, from, to)), Some(before)) = (moved, before) {
                        moves += 1;
                        if let Some(len) = super::length_after_ship_move(&g, p, (from, to), before) {
                            seen += 1;
                            assert_eq!(len, longest_road_length(&g, p), "{map:?} seed {seed} turn {}", g.turn());
                        }
                    }
                }
            }
        }
    }
    assert!(moves > 500 && seen * 10 > moves * 8, "seen {seen} of {moves} moves");
}

/// Random games of the base game, Seafarers on both maps and Seafarers with Cities &
/// Knights: after every step each player's kept route graph, when known, equals their
/// network made from scratch, and their route length a search from scratch; the kept
/// graphs are known after most ship moves (so the test reads them), and often hold what a
/// ship move measured for the next move of that ship, its route without the ship
/// included (so the invariant checks it). With Cities & Knights, graphs with a piece where
/// another seat's knight was just placed or taken off are often kept and up to date (so
/// the invariant compares them: nothing is left for a later look).
#[test]
fn the_kept_route_graphs_equal_the_network_after_every_step() {
    use crate::random::{Policy, RandomPlayer};
    use crate::ruleset::{Expansion, ExpansionSet};
    use crate::SeaMap;
    let sea = Ruleset::with(ExpansionSet::of(&[Expansion::Seafarers]));
    let sea_ck = Ruleset::with(ExpansionSet::of(&[Expansion::Seafarers, Expansion::CitiesAndKnights]));
    let mut games: Vec<(Ruleset, Arc<Board>)> = Vec::new();
    for seed in 500..503u64 {
        games.push((Ruleset::base(), Arc::new(Board::beginner())));
        for map in SeaMap::ALL {
            for rules in [&sea, &sea_ck] {
                let board = Arc::new(Board::seafarers(map, 4, seed).expect("a map"));
                games.push((rules.clone(), board));
            }
        }
    }
    let (mut known, mut measured, mut relinked) = (0, 0, 0);
    for (n, (rules, board)) in games.into_iter().enumerate() {
        let mut g = Game::new(rules, board, &Colour::ALL[..4], PlayerId(0)).expect("a game");
        let mut rp = RandomPlayer::new(n as u64);
        while g.winner().is_none() && g.turn() <= 400 {
            let Some(a) = rp.choose(&g, Policy::Uniform) else { break };
            let knights = g.ck.knights.clone();
            g.apply(a).expect("a listed action");
            assert_eq!(g.route_graph_mismatch(), None, "game {n} turn {}", g.turn());
            let up_to_date = g.ck.route_touched.0.is_some_and(|t| t.iter().all(|set| set.is_empty()));
            for (v, (before, after)) in knights.iter().zip(&g.ck.knights).enumerate() {
                let changed = before != after && up_to_date;
                let Some(owner) = before.or(*after).map(|k| k.owner).filter(|_| changed) else {
                    continue;
                };
                for p in g.player_ids().filter(|&p| p != owner) {
                    let graph = g.route.graphs[p.index()].as_ref();
                    relinked += usize::from(graph.is_some_and(|r| r.touches(&g.board.topology, VertexId(v as u16))));
                }
            }
            for p in g.player_ids() {
                assert_eq!(g.road_length(p), len(&g, p), "game {n} turn {}", g.turn());
                known += usize::from(g.route.graphs[p.index()].is_some());
                let moved = g.route.graphs[p.index()].as_ref().and_then(|r| r.moved);
                measured += usize::from(moved.is_some_and(|m| m.without[0] == m.without[1]));
            }
        }
    }
    assert!(known > 10_000, "kept graphs known {known} times");
    assert!(measured > 1_000, "routes without a moved ship kept {measured} times");
    assert!(relinked > 20, "graphs kept through a knight's change {relinked} times");
}

/// Every bounds of three seats within 3..=7 (least at most most) and every holder: when
/// [`super::holder_within`] names a holder, the rules give that one for every choice of
/// lengths within the bounds; when it names a seat to search, that seat's length is not
/// exact.
#[test]
fn the_holder_within_bounds_is_the_holder_for_every_length_within_them() {
    use super::{holder_by_rules, holder_within};
    let pairs: Vec<[u8; 2]> = (3..=7u8)
        .flat_map(|least| (least..=7).map(move |most| [least, most]))
        .collect();
    let (mut decided, mut searched) = (0, 0);
    for a in &pairs {
        for b in &pairs {
            for c in &pairs {
                let bounds = [*a, *b, *c];
                for holder in [None, Some(RED), Some(BLUE), Some(WHITE)] {
                    match holder_within(&bounds, holder) {
                        Ok(next) => {
                            decided += 1;
                            for x in a[0]..=a[1] {
                                for y in b[0]..=b[1] {
                                    for z in c[0]..=c[1] {
                                        let len = [x, y, z];
                                        assert_eq!(
                                            holder_by_rules(|i| len[i], 3, holder),
                                            next,
                                            "{bounds:?} {holder:?}"
                                        );
                                    }
                                }
                            }
                        }
                        Err(p) => {
                            searched += 1;
                            assert!(bounds[p][0] < bounds[p][1], "{bounds:?} {holder:?}");
                        }
                    }
                }
            }
        }
    }
    assert!(
        decided > 1000 && searched > 1000,
        "decided {decided}, searched {searched}"
    );
}

/// Every bounds of two or three seats within 0..=7 (least at most most, the lanes past the
/// seats filled with junk) and every holder: [`super::card_stays`] says the card stays
/// exactly when nobody holds it and every most is below the minimum, or the holder's least
/// reaches the minimum and no other seat's most exceeds it, and then
/// [`super::holder_within`] keeps the card there.
#[test]
fn the_card_stays_in_its_two_common_cases_read_as_one_word() {
    use super::{card_stays, holder_within, LONGEST_ROAD_MIN};
    let pairs: Vec<[u8; 2]> = (0..=7u8)
        .flat_map(|least| (least..=7).map(move |most| [least, most]))
        .collect();
    let (mut stays, mut not) = (0, 0);
    for a in &pairs {
        for b in &pairs {
            for c in &pairs {
                for n in [2, 3] {
                    let mut bounds = [*a, *b, *c, [9, 200]];
                    if n == 2 {
                        bounds[2] = [7, 255];
                    }
                    for holder in [None, Some(RED), Some(BLUE), Some(WHITE)] {
                        let mostly = |skip: usize| (0..n).filter(|&q| q != skip).map(|q| bounds[q][1]).max();
                        let plain = match holder {
                            None => mostly(usize::MAX).unwrap_or(0) < LONGEST_ROAD_MIN,
                            Some(h) if h.index() < n => {
                                let least = bounds[h.index()][0];
                                least >= LONGEST_ROAD_MIN && mostly(h.index()).unwrap_or(0) <= least
                            }
                            Some(_) => false,
                        };
                        let said = card_stays(&bounds, n, holder);
                        assert_eq!(said, plain, "{bounds:?} {n} {holder:?}");
                        if said {
                            stays += 1;
                            assert_eq!(holder_within(&bounds[..n], holder), Ok(holder), "{bounds:?} {holder:?}");
                        } else {
                            not += 1;
                        }
                    }
                }
            }
        }
    }
    assert!(stays > 10_000 && not > 10_000, "stays {stays}, not {not}");
}

/// Random games of Seafarers on New Shores and Through the Desert and of Seafarers with
/// Cities & Knights: after every step the kept bounds on each seat's route hold its length
/// searched from scratch, and the card's holder is the one the rules give for those
/// lengths; bounds short of exact are met often (so the test reads them).
#[test]
fn the_kept_route_bounds_hold_the_length_and_the_holder_after_every_step() {
    use crate::ruleset::{Expansion, ExpansionSet};
    use crate::SeaMap;
    let sea = Ruleset::with(ExpansionSet::of(&[Expansion::Seafarers]));
    let sea_ck = Ruleset::with(ExpansionSet::of(&[Expansion::Seafarers, Expansion::CitiesAndKnights]));
    let games = [
        (sea.clone(), SeaMap::NewShores),
        (sea, SeaMap::ThroughTheDesert),
        (sea_ck.clone(), SeaMap::NewShores),
        (sea_ck, SeaMap::ThroughTheDesert),
    ];
    let mut loose = 0;
    for (rules, map) in games {
        for seed in 600..604u64 {
            let board = Arc::new(Board::seafarers(map, 4, seed).expect("a map"));
            let mut g = Game::new(rules.clone(), board, &Colour::ALL[..4], PlayerId(0)).expect("a game");
            crate::testkit::check_random_play(&mut g, seed, crate::random::Policy::Uniform, 400, |g| {
                let ctx = format!("{map:?} seed {seed} turn {}", g.turn());
                let exact: Vec<u8> = g.player_ids().map(|p| longest_road_length(g, p)).collect();
                if let Some(lengths) = g.route.lengths.0 {
                    for (i, &len) in exact.iter().enumerate() {
                        let [least, most] = lengths[i];
                        assert!(
                            least <= len && len <= most,
                            "{ctx} seat {i}: {len} not in {least}..={most}"
                        );
                        loose += usize::from(least < most);
                    }
                }
                let n = exact.len();
                assert_eq!(
                    super::holder_by_rules(|i| exact[i], n, g.longest_road),
                    g.longest_road,
                    "{ctx}"
                );
                assert!(g.longest_road_consistent(), "{ctx}");
            });
        }
    }
    assert!(loose > 1000, "bounds short of exact met {loose} times");
}

/// Random Cities & Knights games, alone and with Barbarian Attack (no kept graphs): after
/// every road Diplomacy takes away, the kept bounds of its owner's route (read before the
/// road went: [`Game::route_bounds_without`]) hold the length searched from scratch, and
/// the card's holder is the one the rules give; more than 20 such removals are seen.
#[test]
fn the_bounds_kept_after_diplomacy_hold_the_route_from_scratch() {
    use crate::board::TokenPlacement;
    use crate::random::Policy;
    use crate::ruleset::{Expansion, ExpansionSet};
    use crate::CkEvent;
    let ba_ck = Ruleset::with(ExpansionSet::of(&[
        Expansion::CitiesAndKnights,
        Expansion::BarbarianAttack,
    ]));
    let mut removed = 0;
    for rules in [Ruleset::cities_and_knights(), ba_ck] {
        for seed in 0..8u64 {
            let board = rules.random_board(seed, TokenPlacement::Spiral);
            let mut g = Game::new(rules.clone(), Arc::new(board), &Colour::ALL[..4], PlayerId(0)).expect("a game");
            let mut rp = crate::random::RandomPlayer::new(seed);
            while g.winner().is_none() && g.turn() <= 300 {
                let Some(a) = rp.choose(&g, Policy::Uniform) else { break };
                let events = g.apply(a).expect("a listed action");
                if events
                    .iter()
                    .any(|e| matches!(e, Event::Ck(CkEvent::RoadRemoved { .. })))
                {
                    removed += 1;
                    assert!(g.longest_road_consistent(), "seed {seed} turn {}", g.turn());
                }
            }
        }
    }
    assert!(removed > 20, "only {removed} roads taken by Diplomacy");
}

/// [`super::Search::walk`] as a call per fork (the walk before its pending forks were kept
/// on a stack), with the most forks pending on one trail.
fn walk_by_calls(
    s: &super::Search,
    j: usize,
    from: usize,
    used: u64,
    len: u8,
    depth: usize,
    deepest: &mut usize,
) -> u8 {
    *deepest = (*deepest).max(depth);
    let out = (2 * j + from) ^ 1;
    if s.pendant[j][from] != 0 {
        return len - 1 + s.pendant[j][from];
    }
    if s.blocked[out / 2][out % 2] {
        return len;
    }
    let ways = &s.adj[out / 2][out % 2][..usize::from(s.adj_len[out / 2][out % 2])];
    let open: Vec<u8> = ways
        .iter()
        .copied()
        .filter(|&a| used & (1u64 << (a >> 1)) == 0)
        .collect();
    // Crossing the way `x` and walking on from its far end.
    let step = |x: u8, depth: usize, deepest: &mut usize| {
        walk_by_calls(
            s,
            usize::from(x >> 1),
            usize::from(x & 1),
            used | 1u64 << (x >> 1),
            len + 1,
            depth,
            deepest,
        )
    };
    match open[..] {
        [] => len,
        [a] => step(a, depth, deepest),
        [a, b, ..] => {
            let first = step(a, depth + 1, deepest);
            if first >= s.cap {
                return first;
            }
            first.max(step(b, depth, deepest))
        }
    }
}

#[test]
fn the_walk_with_its_forks_on_a_stack_equals_a_call_per_fork() {
    use rand::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(22);
    let mut deepest_seen = 0;
    for _ in 0..3000 {
        let mut s = super::Search::blank();
        s.n = rng.random_range(1..=super::MAX_ROADS);
        // Every end a fork, in some graphs: trails with many forks pending.
        let dense = rng.random_ratio(1, 2);
        for i in 0..s.n {
            for side in 0..2 {
                s.blocked[i][side] = !dense && rng.random_ratio(1, 12);
                s.adj_len[i][side] = if dense { 2 } else { rng.random_range(0..=2) };
                for k in 0..2 {
                    let r = rng.random_range(0..s.n) as u8;
                    s.adj[i][side][k] = r << 1 | rng.random_range(0..2u8);
                }
            }
        }
        let peeled = rng.random_ratio(1, 3);
        if peeled {
            for i in 0..s.n {
                for side in 0..2 {
                    if rng.random_ratio(1, 10) {
                        s.pendant[i][side] = rng.random_range(1..6);
                    }
                }
            }
        }
        s.cap = if rng.random_ratio(1, 2) {
            u8::MAX
        } else {
            rng.random_range(1..40)
        };
        let (j, from) = (rng.random_range(0..s.n), rng.random_range(0..2));
        let mut deepest = 0;
        let want = walk_by_calls(&s, j, from, 1u64 << j, 1, 0, &mut deepest);
        deepest_seen = deepest_seen.max(deepest);
        let got = if peeled {
            s.walk(j, from, 1u64 << j, 1)
        } else {
            s.walk_unpeeled(j, from, 1u64 << j, 1)
        };
        assert_eq!(got, want, "{s:?} from {j}/{from}");
    }
    // Some walks had more forks pending than the stack holds (walked on by a call).
    assert!(deepest_seen > super::WALK_STACK, "{deepest_seen}");
}
