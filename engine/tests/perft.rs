//! Perft for CATAN: the exact number of action sequences of length 1..k from fixed
//! positions, chance outcomes enumerated as moves (each outcome one branch, whatever its
//! weight). Any change in move generation (`legal_actions`) or in what an action leads to
//! shows up as a number that changed in `tests/data/perft.txt`.
//!
//! To accept new numbers after a deliberate rule change, run
//! `PERFT_BLESS=1 cargo test -p catan-engine --test perft` and review the diff of the table.

use catan_engine::board::TokenPlacement;
use catan_engine::random::{Policy, RandomPlayer};
use catan_engine::{Action, Board, CkPhase, Colour, Game, Phase, PlayerId, Ruleset};
use std::fmt::Write;
use std::sync::Arc;

/// Nodes allowed per position and depth, so the table stays cheap to check.
const NODE_LIMIT: u64 = 3_000_000;

fn perft(g: &Game, depth: u32, buf: &mut Vec<Vec<Action>>, nodes: &mut u64) -> u64 {
    if depth == 0 || g.winner().is_some() {
        return 1;
    }
    let level = depth as usize;
    let mut acts = std::mem::take(&mut buf[level]);
    g.legal_actions(&mut acts);
    let mut total = 0;
    for a in &acts {
        *nodes += 1;
        let mut c = g.clone();
        c.apply(*a).expect("a listed action is accepted");
        total += perft(&c, depth - 1, buf, nodes);
    }
    buf[level] = acts;
    total
}

fn game(rules: Ruleset, board: Board, players: usize) -> Game {
    Game::new(rules, Arc::new(board), &Colour::ALL[..players], PlayerId(0)).expect("a supported game")
}

/// Plays `seed`'s random game until `stop` holds (or `max` actions).
fn advance(mut g: Game, seed: u64, policy: Policy, max: usize, stop: impl Fn(&Game) -> bool) -> Game {
    let mut rp = RandomPlayer::new(seed);
    for _ in 0..max {
        if stop(&g) || g.winner().is_some() {
            break;
        }
        let a = rp.choose(&g, policy).expect("an action");
        g.apply(a).expect("a chosen action");
    }
    g
}

fn positions() -> Vec<(&'static str, Game, u32)> {
    let ck = Ruleset::cities_and_knights;
    let base_setup = game(Ruleset::base(), Board::beginner(), 4);
    let base_turn = advance(base_setup.clone(), 11, Policy::Uniform, 10_000, |g| {
        g.phase() == Phase::BeforeRoll
    });
    let base_mid = advance(base_setup.clone(), 3, Policy::Builder, 600, |_| false);
    let ck_setup = game(ck(), Board::random(5, TokenPlacement::Spiral), 3);
    let ck_turn = advance(ck_setup.clone(), 5, Policy::Uniform, 10_000, |g| {
        g.phase() == Phase::BeforeRoll
    });
    let ck_late = advance(ck_setup.clone(), 8, Policy::Builder, 3000, |g| {
        g.turn() > 60 && g.phase() == Phase::Main
    });
    let ck_pending = advance(ck_setup.clone(), 21, Policy::Builder, 20_000, |g| {
        matches!(
            g.phase(),
            Phase::Ck(
                CkPhase::Pillaging { .. } | CkPhase::RelocatingKnight { .. } | CkPhase::ChoosingDefenderDeck { .. }
            )
        )
    });
    vec![
        ("base-setup-4p", base_setup, 4),
        ("base-first-roll-4p", base_turn, 6),
        ("base-midgame-builder", base_mid, 5),
        ("ck-setup-3p", ck_setup, 4),
        ("ck-first-roll-3p", ck_turn, 5),
        ("ck-late-builder", ck_late, 5),
        ("ck-pending-decision", ck_pending, 6),
    ]
    .into_iter()
    .chain(sea_positions())
    .chain(sea_ck_positions())
    .chain(barb_positions())
    .chain(barb_ck_positions())
    .collect()
}

/// Seafarers with Cities & Knights: a late trade and build phase on New Shores (knights,
/// ships, progress cards, the pirate after the first attack).
fn sea_ck_positions() -> Vec<(&'static str, Game, u32)> {
    let rules = Ruleset::from_names(["cities-and-knights", "seafarers"]).expect("sea + C&K");
    let board = Board::seafarers(catan_engine::SeaMap::NewShores, 4, 7).expect("a Seafarers map");
    let setup = game(rules, board, 4);
    let late = advance(setup, 7, Policy::Builder, 20_000, |g| {
        let mut legal = Vec::new();
        g.legal_actions(&mut legal);
        g.turn() > 40 && g.phase() == Phase::Main && !g.ship_moved_this_turn() && legal.len() >= 12
    });
    vec![("sea-ck-late-builder", late, 3)]
}

/// A Barbarian Attack position: the first turn's knights moving after a mid-game's building
/// (landings, the scenario deck and battles all within reach).
fn barb_positions() -> Vec<(&'static str, Game, u32)> {
    let barb = Ruleset::from_names(["barbarian-attack"]).expect("barbarian-attack");
    let setup = game(barb.clone(), barb.random_board(7, TokenPlacement::Spiral), 4);
    let moving = advance(setup, 7, Policy::Builder, 20_000, |g| {
        g.phase().name() == "moving-knights"
    });
    vec![("barb-moving-knights", moving, 3)]
}

/// A Barbarian Attack with Cities & Knights position: knights of several strengths moving
/// (moves, long moves, displacements and battles within reach).
fn barb_ck_positions() -> Vec<(&'static str, Game, u32)> {
    let r = Ruleset::from_names(["cities-and-knights", "barbarian-attack"]).expect("barbarian-attack + C&K");
    let setup = game(r.clone(), r.random_board(7, TokenPlacement::Spiral), 4);
    let moving = advance(setup, 7, Policy::Builder, 40_000, |g| {
        g.phase().name() == "moving-knights" && g.turn() > 30
    });
    vec![("barb-ck-moving-knights", moving, 3)]
}

/// Seafarers positions: setup on New Shores (a ship may replace the road), a mid-game
/// trade and build phase with ships to move, and a gold choice.
fn sea_positions() -> Vec<(&'static str, Game, u32)> {
    let sea = || Ruleset::from_names(["seafarers"]).expect("seafarers");
    let map = |m, players, seed| Board::seafarers(m, players, seed).expect("a Seafarers map");
    let setup = game(sea(), map(catan_engine::SeaMap::NewShores, 4, 3), 4);
    let mid = advance(setup.clone(), 4, Policy::Builder, 5_000, |g| {
        g.turn() > 40 && g.phase() == Phase::Main && !g.ship_moved_this_turn()
    });
    // The first seed whose Through the Desert game reaches a gold choice.
    let choosing = |g: &Game| {
        matches!(
            g.phase(),
            Phase::Sea(catan_engine::state::SeaPhase::ChoosingGold { .. })
        )
    };
    let gold = (1..200)
        .map(|seed| {
            let desert = game(sea(), map(catan_engine::SeaMap::ThroughTheDesert, 3, seed), 3);
            advance(desert, seed, Policy::Uniform, 50_000, choosing)
        })
        .find(|g| choosing(g))
        .expect("a gold choice within 200 seeds");
    vec![
        ("sea-setup-4p", setup, 3),
        ("sea-midgame-builder", mid, 3),
        ("sea-gold-choice-3p", gold, 4),
    ]
}

#[test]
fn perft_table_matches() {
    let mut out = String::new();
    let mut buf = vec![Vec::new(); 8];
    for (name, g, depth) in positions() {
        let _ = write!(out, "{name} phase={}", g.phase().name());
        for d in 1..=depth {
            let mut nodes = 0;
            let n = perft(&g, d, &mut buf, &mut nodes);
            assert!(nodes <= NODE_LIMIT, "{name} depth {d}: {nodes} nodes over the limit");
            let _ = write!(out, " d{d}={n}");
        }
        out.push('\n');
    }
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/perft.txt");
    if std::env::var("PERFT_BLESS").is_ok() {
        std::fs::write(path, &out).expect("write the perft table");
        return;
    }
    let expected = std::fs::read_to_string(path).expect("tests/data/perft.txt (create it with PERFT_BLESS=1)");
    assert_eq!(
        expected, out,
        "perft numbers changed: move generation or action effects differ; if deliberate, bless with PERFT_BLESS=1"
    );
}
