//! State to scenario: a position written with `emit::scenario_text` loads back (through the
//! scenario language) to the same position. Checked over random base and Cities & Knights
//! games stopped at many points of their turns.

use catan_engine::board::TokenPlacement;
use catan_engine::random::{Policy, RandomPlayer};
use catan_engine::{Colour, Game, Phase, PlayerId, Ruleset};
use catan_harness::{emit, load};
use std::sync::Arc;

fn comparable(g: &Game) -> catan_engine::position::Setup {
    let mut s = g.to_setup();
    // Turn-long flags the language does not write: positions are exported between actions
    // where they are off (the test stops only there).
    s.dev_played = false;
    s.ck.fleet = catan_engine::kind_set::KindSet::EMPTY;
    s.ck.harbor = None;
    s.tokens = None;
    s
}

fn round_trip(g: &Game, label: &str) {
    let text = emit::scenario_text(g, label, "round trip");
    let sc = load::load_text("emitted.cat", &text).unwrap_or_else(|e| {
        panic!(
            "{label}: the emitted scenario does not load:\n{}\n{text}",
            e.render(100)
        )
    });
    let back = Game::from_setup(&sc.setup).unwrap_or_else(|e| panic!("{label}: {e}\n{text}"));
    let (a, b) = (comparable(g), comparable(&back));
    assert_eq!(
        format!("{:?}", a.players),
        format!("{:?}", b.players),
        "{label}: players\n{text}"
    );
    assert_eq!(a.bank, b.bank, "{label}: bank\n{text}");
    assert_eq!(a.robber, b.robber, "{label}: robber\n{text}");
    assert_eq!(a.ck.decks, b.ck.decks, "{label}: decks\n{text}");
    assert_eq!(a.dev_deck, b.dev_deck, "{label}: development deck\n{text}");
    assert_eq!(
        (a.current, a.first_player, a.phase, a.turn),
        (b.current, b.first_player, b.phase, b.turn),
        "{label}: turn\n{text}"
    );
    assert_eq!(
        (
            a.longest_road,
            a.largest_army,
            a.ck.barbarians,
            a.ck.barbarian_attacks,
            a.ck.metropolis,
            a.ck.merchant
        ),
        (
            b.longest_road,
            b.largest_army,
            b.ck.barbarians,
            b.ck.barbarian_attacks,
            b.ck.metropolis,
            b.ck.merchant
        ),
        "{label}: holders and track\n{text}"
    );
    assert_eq!(g.court(), back.court(), "{label}: the Court\n{text}");
    for h in 0..g.board().topology.hex_count() {
        let h = catan_engine::HexId(h as u16);
        assert_eq!(g.token(h), back.token(h), "{label}: token on {h:?}\n{text}");
    }
    assert_eq!(
        g.legal_actions_vec(),
        back.legal_actions_vec(),
        "{label}: legal actions\n{text}"
    );
}

trait Legal {
    fn legal_actions_vec(&self) -> Vec<catan_engine::Action>;
}

impl Legal for Game {
    fn legal_actions_vec(&self) -> Vec<catan_engine::Action> {
        let mut v = Vec::new();
        self.legal_actions(&mut v);
        v
    }
}

#[test]
fn positions_written_as_scenarios_load_back_to_the_same_position() {
    let mut checked = 0;
    for seed in 0..12u64 {
        for kind in 0..4 {
            let rules = match kind {
                0 => Ruleset::base(),
                1 => Ruleset::cities_and_knights(),
                2 => Ruleset::the_court(),
                _ => Ruleset::cities_and_knights_with_court(),
            };
            let board = if seed % 3 == 0 {
                rules.beginner_board()
            } else {
                rules.random_board(seed, TokenPlacement::Spiral)
            };
            let mut g = Game::new(
                rules,
                Arc::new(board),
                &Colour::ALL[..3 + (seed % 2) as usize],
                PlayerId(0),
            )
            .expect("a game");
            let mut rp = RandomPlayer::new(seed);
            let mut step = 0;
            while g.winner().is_none() && step < 4000 {
                let a = rp.choose(&g, Policy::Builder).expect("an action");
                g.apply(a).expect("a legal action");
                step += 1;
                let quiet = matches!(g.phase(), Phase::Main | Phase::BeforeRoll)
                    && !g.dev_played_this_turn()
                    && g.to_setup().ck.fleet.is_empty()
                    && g.to_setup().ck.harbor.is_none();
                if quiet && step % 97 == 0 {
                    round_trip(&g, &format!("seed {seed} rules {kind} step {step}"));
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 50, "only {checked} positions checked");
}
