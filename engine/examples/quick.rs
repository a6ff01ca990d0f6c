use catan_engine::random::{PlayConfig, RandomPlayer};
use catan_engine::*;
use std::sync::Arc;
fn main() {
    let n = 2000u64;
    let t = std::time::Instant::now();
    let mut turns = 0u64;
    let mut acts = 0u64;
    let mut wins = 0;
    let chk = std::env::args().nth(1).is_some();
    for seed in 0..n {
        let board = Arc::new(Board::random(seed, board::TokenPlacement::Spiral));
        let mut g = Game::new(
            Ruleset::base(),
            board,
            &[Colour::Red, Colour::Blue, Colour::White, Colour::Orange],
            PlayerId(0),
        )
        .unwrap();
        let mut rp = RandomPlayer::new(seed);
        let cfg = PlayConfig {
            check_invariants: chk,
            ..Default::default()
        };
        match rp.play(&mut g, &cfg, None) {
            Ok(s) => {
                turns += s.turns as u64;
                acts += s.actions;
                if s.winner.is_some() {
                    wins += 1;
                }
            }
            Err(e) => {
                println!("seed {seed}: {e}");
                return;
            }
        }
    }
    let s = t.elapsed().as_secs_f64();
    println!(
        "{} games/s, mean turns {}, mean actions {}, wins {}",
        n as f64 / s,
        turns / n,
        acts / n,
        wins
    );
}
