//! Benchmarks: full random 4-player base and Cities & Knights games, `legal_actions` and
//! `apply` per call.
//! Run with `cargo bench -p catan-engine`.

use catan_engine::board::TokenPlacement;
use catan_engine::random::{PlayConfig, RandomPlayer};
use catan_engine::{Action, Colour, Game, PlayerId, Ruleset};
use criterion::{criterion_group, criterion_main, BatchSize, Criterion};
use std::hint::black_box;
use std::sync::Arc;

fn new_game(seed: u64) -> Game {
    new_game_with(Ruleset::base(), seed)
}

fn new_game_with(rules: Ruleset, seed: u64) -> Game {
    let colours = [Colour::Red, Colour::Blue, Colour::White, Colour::Orange];
    let board = rules.random_board(seed, TokenPlacement::Spiral);
    Game::new(rules, Arc::new(board), &colours, PlayerId(0)).expect("a supported game")
}

/// A mid-game position: 400 random actions after setup.
fn mid_game() -> (Game, RandomPlayer) {
    let mut g = new_game(42);
    let mut rp = RandomPlayer::new(42);
    for _ in 0..400 {
        if let Some(a) = rp.choose(&g, Default::default()) {
            let _ = g.apply(a);
        }
    }
    (g, rp)
}

fn benches(c: &mut Criterion) {
    let cfg = PlayConfig {
        check_invariants: false,
        ..PlayConfig::default()
    };
    let mut seed = 0u64;
    c.bench_function("full random 4-player base game", |b| {
        b.iter(|| {
            seed += 1;
            let mut g = new_game(seed);
            black_box(RandomPlayer::new(seed).play(&mut g, &cfg, None).ok())
        })
    });
    let mut ck_seed = 0u64;
    c.bench_function("full random 4-player Cities & Knights game", |b| {
        b.iter(|| {
            ck_seed += 1;
            let mut g = new_game_with(Ruleset::cities_and_knights(), ck_seed);
            black_box(RandomPlayer::new(ck_seed).play(&mut g, &cfg, None).ok())
        })
    });
    let mut court_seed = 0u64;
    c.bench_function("full random 4-player Court game", |b| {
        b.iter(|| {
            court_seed += 1;
            let mut g = new_game_with(Ruleset::the_court(), court_seed);
            black_box(RandomPlayer::new(court_seed).play(&mut g, &cfg, None).ok())
        })
    });
    let (g, mut rp) = mid_game();
    let mut buf: Vec<Action> = Vec::with_capacity(256);
    c.bench_function("legal_actions (mid-game)", |b| {
        b.iter(|| {
            g.legal_actions(&mut buf);
            black_box(buf.len())
        })
    });
    let action = rp.choose(&g, Default::default()).expect("an action");
    let mut events = Vec::with_capacity(64);
    c.bench_function("apply (mid-game, one legal action)", |b| {
        b.iter_batched(
            || g.clone(),
            |mut game| {
                events.clear();
                black_box(game.apply_into(action, &mut events).is_ok())
            },
            BatchSize::SmallInput,
        )
    });
}

criterion_group!(engine, benches);
criterion_main!(engine);
