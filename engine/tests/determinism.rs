//! Chance and determinism: 1,000 random base games, 300 Cities & Knights games and 200 Court
//! games (with and without Cities & Knights) replayed from their recorded actions (chance
//! outcomes included, no generator) end in the same state, and the same seed gives the same
//! game bit for bit.

use catan_engine::board::TokenPlacement;
use catan_engine::random::{PlayConfig, RandomPlayer};
use catan_engine::{Action, Colour, Game, PlayerId, Ruleset};
use std::sync::Arc;

fn new_game(seed: u64) -> Game {
    new_game_with(Ruleset::base(), seed)
}

fn new_game_with(rules: Ruleset, seed: u64) -> Game {
    let n = if seed.is_multiple_of(5) { 3 } else { 4 };
    let board = if rules.has(catan_engine::ruleset::Expansion::Seafarers) {
        let map = catan_engine::SeaMap::ALL[(seed % 2) as usize];
        catan_engine::Board::seafarers(map, n, seed).expect("a Seafarers map")
    } else if seed.is_multiple_of(2) {
        rules.beginner_board()
    } else {
        rules.random_board(seed, TokenPlacement::Spiral)
    };
    let colours = [Colour::Red, Colour::Blue, Colour::White, Colour::Orange];
    Game::new(rules, Arc::new(board), &colours[..n], PlayerId(0)).expect("a supported game")
}

fn play(seed: u64) -> (Game, Vec<Action>) {
    play_with(Ruleset::base(), seed)
}

fn play_with(rules: Ruleset, seed: u64) -> (Game, Vec<Action>) {
    let mut g = new_game_with(rules, seed);
    let mut actions = Vec::new();
    let cfg = PlayConfig {
        check_invariants: false,
        ..PlayConfig::default()
    };
    RandomPlayer::new(seed)
        .play(&mut g, &cfg, Some(&mut actions))
        .expect("random game");
    (g, actions)
}

#[test]
fn thousand_random_games_replay_from_their_recorded_actions() {
    assert_replays(0..1000, |_| Ruleset::base());
}

#[test]
fn the_same_seed_gives_the_same_game() {
    for seed in [3, 77, 1234] {
        let (a, xa) = play(seed);
        let (b, xb) = play(seed);
        assert_eq!(xa, xb);
        assert_eq!(a, b);
    }
    let (_, x1) = play(1);
    let (_, x3) = play(3);
    assert_ne!(x1, x3, "different seeds should give different games");
}

#[test]
fn chance_weights_are_exact() {
    let mut g = new_game(2);
    let mut rp = RandomPlayer::new(2);
    let cfg = PlayConfig {
        max_turns: 1,
        check_invariants: true,
        ..PlayConfig::default()
    };
    let _ = rp.play(&mut g, &cfg, None);
    // Roll: 36 equally likely outcomes.
    while g.phase() != catan_engine::Phase::BeforeRoll && g.winner().is_none() {
        let a = rp.choose(&g, Default::default()).expect("action");
        g.apply(a).expect("legal");
    }
    if g.winner().is_none() {
        g.apply(Action::Roll { player: g.current() }).expect("roll");
        let outcomes = g.chance_outcomes();
        assert_eq!(outcomes.len(), 36);
        assert!(outcomes.iter().all(|(_, w)| *w == 1));
    }
}

/// Plays each seed's game under its ruleset, then replays the recorded actions (no
/// generator) and requires the same final state.
fn assert_replays(seeds: std::ops::Range<u64>, rules_for: impl Fn(u64) -> Ruleset) {
    for seed in seeds {
        let rules = rules_for(seed);
        let (end, actions) = play_with(rules.clone(), seed);
        let mut replay = new_game_with(rules, seed);
        for a in &actions {
            replay
                .apply(*a)
                .unwrap_or_else(|e| panic!("seed {seed}: recorded {a:?} refused on replay: {e}"));
        }
        assert_eq!(replay, end, "seed {seed}: replay differs");
    }
}

#[test]
fn cities_and_knights_games_replay_from_their_recorded_actions() {
    assert_replays(0..300, |seed| {
        let mut rules = Ruleset::cities_and_knights();
        rules.set_profile(catan_engine::Profile::ALL[(seed % 3) as usize]);
        rules
    });
}

#[test]
fn court_games_replay_from_their_recorded_actions() {
    assert_replays(0..200, |seed| {
        if seed % 2 == 0 {
            Ruleset::the_court()
        } else {
            Ruleset::cities_and_knights_with_court()
        }
    });
}

#[test]
fn barbarian_attack_games_replay_from_their_recorded_actions() {
    assert_replays(0..200, |_| {
        Ruleset::from_names(["barbarian-attack"]).expect("barbarian-attack")
    });
}

#[test]
fn barbarian_attack_with_cities_and_knights_games_replay_from_their_recorded_actions() {
    assert_replays(0..100, |_| {
        Ruleset::from_names(["cities-and-knights", "barbarian-attack"]).expect("barbarian-attack + C&K")
    });
}

#[test]
fn seafarers_games_replay_from_their_recorded_actions() {
    assert_replays(0..200, |_| Ruleset::from_names(["seafarers"]).expect("seafarers"));
}

#[test]
fn seafarers_with_cities_and_knights_games_replay_from_their_recorded_actions() {
    assert_replays(0..100, |seed| {
        let mut r = Ruleset::from_names(["cities-and-knights", "seafarers"]).expect("sea + C&K");
        if seed % 2 == 1 {
            r.set_profile(catan_engine::Profile::German3d);
        }
        r
    });
}
