//! The hot path does not allocate: `legal_actions` into a reused buffer and `apply_into` a
//! reused event buffer make no heap allocation over whole random base and Cities & Knights
//! games (measured with dhat's heap statistics around each call).
//!
//! dhat counts every thread's allocations, so this file is a plain program (`harness =
//! false` in `Cargo.toml`): no test-runner thread runs beside the games it measures.

use catan_engine::board::TokenPlacement;
use catan_engine::random::RandomPlayer;
use catan_engine::{Action, Colour, Game, PlayerId, Ruleset};
use std::sync::Arc;

#[global_allocator]
static ALLOC: dhat::Alloc = dhat::Alloc;

fn blocks() -> u64 {
    dhat::HeapStats::get().total_blocks
}

/// Allocations made by `legal_actions` and `apply_into` over one random game.
fn allocations(rules: Ruleset, seed: u64) -> u64 {
    let board = if rules.has(catan_engine::ruleset::Expansion::Seafarers) {
        catan_engine::Board::seafarers(catan_engine::SeaMap::ALL[(seed % 2) as usize], 4, seed).expect("a map")
    } else {
        rules.random_board(seed, TokenPlacement::Spiral)
    };
    let mut g = Game::new(rules, Arc::new(board), &Colour::ALL[..4], PlayerId(0)).expect("a game");
    let mut rp = RandomPlayer::new(seed);
    // Large enough for the longest listing (a discard from a big hand with commodities lists
    // about 10,000 ways): a caller's buffer that grows once is not an allocation per call.
    let mut legal: Vec<Action> = Vec::with_capacity(1 << 16);
    let mut events = Vec::with_capacity(256);
    let mut total = 0;
    let mut steps = 0;
    while g.winner().is_none() && g.turn() <= 1000 {
        let before = blocks();
        g.legal_actions(&mut legal);
        total += blocks() - before;
        let a = rp.choose(&g, Default::default()).expect("an action");
        events.clear();
        let before = blocks();
        g.apply_into(a, &mut events).expect("a legal action");
        total += blocks() - before;
        steps += 1;
    }
    assert!(steps > 100);
    total
}

fn main() {
    let _profiler = dhat::Profiler::builder().testing().build();
    // The measure works: one allocation is one block.
    let before = blocks();
    let probe = std::hint::black_box(vec![1u8; 16]);
    assert_eq!(blocks() - before, 1);
    drop(probe);
    for seed in 0..4 {
        assert_eq!(allocations(Ruleset::base(), seed), 0, "base seed {seed}");
        assert_eq!(allocations(Ruleset::cities_and_knights(), seed), 0, "C&K seed {seed}");
        assert_eq!(allocations(Ruleset::the_court(), seed), 0, "Court seed {seed}");
        assert_eq!(
            allocations(Ruleset::cities_and_knights_with_court(), seed),
            0,
            "C&K + Court seed {seed}"
        );
        let sea = Ruleset::from_names(["seafarers"]).expect("seafarers");
        assert_eq!(allocations(sea, seed), 0, "Seafarers seed {seed}");
        let sea_ck = Ruleset::from_names(["cities-and-knights", "seafarers"]).expect("sea + C&K");
        assert_eq!(allocations(sea_ck, seed), 0, "Seafarers with C&K seed {seed}");
        let barb = Ruleset::from_names(["barbarian-attack"]).expect("barbarian-attack");
        assert_eq!(allocations(barb, seed), 0, "Barbarian Attack seed {seed}");
        let barb_ck = Ruleset::from_names(["cities-and-knights", "barbarian-attack"]).expect("barbarian-attack + C&K");
        assert_eq!(allocations(barb_ck, seed), 0, "Barbarian Attack with C&K seed {seed}");
    }
    println!("allocation: no allocation in legal_actions or apply_into over 32 random games of 8 rulesets");
}
