//! `play` keeps memory flat in the number of games: results are aggregated as games end,
//! nothing is allocated per game up front (measured with dhat's heap peak).

use catan_engine::board::TokenPlacement;
use catan_engine::random::Policy;
use catan_engine::Ruleset;
use catan_harness::play::{self, BoardChoice, PlayOptions};

#[global_allocator]
static ALLOC: dhat::Alloc = dhat::Alloc;

fn opts(games: u64) -> PlayOptions {
    PlayOptions {
        players: 4,
        games,
        seed: 0,
        board: BoardChoice::Random(TokenPlacement::Spiral),
        max_turns: 1000,
        invariants: false,
        policy: Policy::Uniform,
        jobs: 1,
        rules: Ruleset::base(),
    }
}

#[test]
fn the_heap_peak_does_not_grow_with_the_number_of_games() {
    let _profiler = dhat::Profiler::builder().testing().build();
    let few = play::run(&opts(40));
    let peak_few = dhat::HeapStats::get().max_bytes;
    let many = play::run(&opts(1_000));
    let peak_many = dhat::HeapStats::get().max_bytes;
    assert_eq!(few.games + many.games, 1_040);
    assert_eq!(many.wins_per_seat.iter().sum::<u64>() + many.draws, 1_000);
    // Per-game storage (a seed list, a result per game: about 190 bytes a game) would add
    // some 180 KB here; the bound leaves room for a game's own buffers varying by seed.
    assert!(
        peak_many <= peak_few + 16 * 1024,
        "the heap peak grew from {peak_few} to {peak_many} bytes over 960 more games"
    );
}
