//! Statistical conformance: with seeded random chance, measured frequencies match the exact
//! probabilities within tight bounds (5 standard deviations, so a correct engine fails with
//! probability well under one in a million per check, and the seed is fixed anyway).
//!
//! - the event die: ship 1/2, each city gate 1/6;
//! - production totals: 2d6;
//! - progress draws: a player at level L of a track draws with probability (1/6)·(L+1)/6
//!   per roll (that gate, and the red die at most L + 1), measured through the engine;
//! - the barbarians attack once every 7 ship faces on average: 1/14 of rolls.

use catan_engine::board::TokenPlacement;
use catan_engine::position::{PlayerSetup, Setup, StartPhase};
use catan_engine::random::RandomPlayer;
use catan_engine::CkAction;
use catan_engine::CkEvent;
use catan_engine::{Action, Board, CkPhase, Colour, Event, EventFace, Game, Outcome, Phase, PlayerId, Ruleset, Track};
use std::sync::Arc;

fn within(name: &str, hits: u64, n: u64, p: f64) {
    let mean = n as f64 * p;
    let sd = (n as f64 * p * (1.0 - p)).sqrt();
    let dev = (hits as f64 - mean).abs();
    assert!(
        dev <= 5.0 * sd,
        "{name}: {hits} of {n} (expected {mean:.1} ± {:.1})",
        5.0 * sd
    );
}

/// A C&K position before the roll: red, blue, white with cities; blue at science level
/// `levels[1]`, white at level `levels[2]`.
fn ck_before_roll(levels: [u8; 3]) -> Game {
    let board = Arc::new(Board::random(1, TokenPlacement::Spiral));
    let mut s = Setup::new(Ruleset::cities_and_knights(), board.clone(), &Colour::ALL[..3]);
    s.phase = StartPhase::BeforeRoll;
    s.turn = 5;
    s.checked = false;
    let spots = [3u16, 20, 41];
    for (i, ps) in s.players.iter_mut().enumerate() {
        *ps = PlayerSetup::new(Colour::ALL[i]);
        ps.cities.push(catan_engine::VertexId(spots[i]));
        ps.ck.improvements = [levels[i], 0, 0];
    }
    Game::from_setup(&s).expect("position")
}

#[test]
fn the_event_die_and_the_production_dice_follow_their_probabilities() {
    let g = {
        let mut g = ck_before_roll([0, 0, 0]);
        g.apply(Action::Roll { player: g.current() }).unwrap();
        g
    };
    let mut rp = RandomPlayer::new(2024);
    let n = 60_000u64;
    let mut faces = [0u64; 4];
    let mut totals = [0u64; 13];
    for _ in 0..n {
        let Some(Outcome::CkDice { red, yellow, event }) = rp.sample_outcome(&g) else {
            panic!("three dice expected");
        };
        let k = match event {
            EventFace::Ship => 0,
            EventFace::Gate(Track::Science) => 1,
            EventFace::Gate(Track::Trade) => 2,
            EventFace::Gate(Track::Politics) => 3,
        };
        faces[k] += 1;
        totals[(red + yellow) as usize] += 1;
    }
    within("ship", faces[0], n, 0.5);
    for (k, name) in [(1, "science"), (2, "trade"), (3, "politics")] {
        within(name, faces[k], n, 1.0 / 6.0);
    }
    for t in 2..=12u64 {
        let ways = 6 - (7i64 - t as i64).unsigned_abs();
        within(&format!("total {t}"), totals[t as usize], n, ways as f64 / 36.0);
    }
}

#[test]
fn a_player_at_level_l_draws_with_probability_one_sixth_times_l_plus_one_sixths() {
    let mut rp = RandomPlayer::new(7);
    for level in 1..=5u8 {
        let start = ck_before_roll([0, level, 0]);
        let n = 20_000u64;
        let mut draws = 0u64;
        for _ in 0..n {
            let mut g = start.clone();
            g.apply(Action::Roll { player: g.current() }).unwrap();
            let o = rp.sample_outcome(&g).unwrap();
            g.apply(Action::Chance(o)).unwrap();
            if g.phase()
                == (Phase::Ck(CkPhase::DrawingProgress {
                    player: PlayerId(1),
                    deck: Track::Science,
                }))
            {
                draws += 1;
            }
        }
        within(
            &format!("science draws at level {level}"),
            draws,
            n,
            (level as f64 + 1.0) / 36.0,
        );
    }
}

#[test]
fn the_barbarians_attack_on_one_roll_in_fourteen() {
    let mut rp = RandomPlayer::new(99);
    let mut g = ck_before_roll([0, 0, 0]);
    let n = 40_000u64;
    let mut attacks = 0u64;
    let mut events = Vec::new();
    for _ in 0..n {
        // Roll, resolve, and end the turn, answering any pending decision at random.
        g.apply(Action::Roll { player: g.current() }).unwrap();
        let o = rp.sample_outcome(&g).unwrap();
        events.clear();
        g.apply_into(Action::Chance(o), &mut events).unwrap();
        attacks += events
            .iter()
            .filter(|e| matches!(e, Event::Ck(CkEvent::BarbariansAttacked { .. })))
            .count() as u64;
        let mut acts = Vec::new();
        while g.phase() != Phase::BeforeRoll && g.winner().is_none() {
            g.legal_actions(&mut acts);
            // End the turn as soon as possible (discarding progress cards over the limit
            // first); answer every other pending decision at random.
            let a = acts
                .iter()
                .find(|a| matches!(a, Action::EndTurn { .. }))
                .or_else(|| {
                    acts.iter()
                        .find(|a| matches!(a, Action::Ck(CkAction::DiscardProgress { .. })))
                })
                .copied()
                .unwrap_or_else(|| rp.choose(&g, Default::default()).expect("a decision"));
            g.apply(a).unwrap();
        }
        if g.winner().is_some() {
            g = ck_before_roll([0, 0, 0]);
        }
    }
    // Attacks happen on the 7th ship; ships are 1/2 of rolls: one attack per 14 rolls in
    // the long run (a renewal process; the bound is loose enough for its variance).
    within("attacks", attacks, n, 1.0 / 14.0);
}
