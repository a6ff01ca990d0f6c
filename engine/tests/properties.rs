//! Property tests over random games (bounded cases; raise with PROPTEST_CASES):
//! games run to the end with every invariant; every listed legal action is accepted;
//! arbitrary actions are accepted or refused with the state unchanged, never a panic;
//! a serde round trip of the state gives the same game.

use catan_engine::board::TokenPlacement;
use catan_engine::cards::{CardKind, Cards, DevCard, Resource};
use catan_engine::random::{PlayConfig, Policy, RandomPlayer};
use catan_engine::{Action, Board, Colour, EdgeId, Game, HexId, Outcome, PlayerId, Ruleset, VertexId};
use proptest::prelude::*;
use std::sync::Arc;

fn game(seed: u64, players: usize, board: u8) -> Game {
    let b = match board {
        0 => Board::beginner(),
        1 => Board::random(seed, TokenPlacement::Spiral),
        _ => Board::random(seed, TokenPlacement::Random),
    };
    Game::new(Ruleset::base(), Arc::new(b), &Colour::ALL[..players], PlayerId(0)).expect("base game")
}

/// Plays `steps` random actions (or to the end).
fn advance(g: &mut Game, rp: &mut RandomPlayer, steps: usize, policy: Policy) {
    for _ in 0..steps {
        if g.winner().is_some() {
            return;
        }
        let Some(a) = rp.choose(g, policy) else { return };
        g.apply(a).expect("a chosen legal action is accepted");
    }
}

fn arb_cards() -> impl Strategy<Value = Cards> {
    proptest::collection::vec((0usize..8, 0u8..5), 0..4).prop_map(|v| {
        let mut c = Cards::EMPTY;
        for (k, n) in v {
            c.add(CardKind::ALL[k], n);
        }
        c
    })
}

fn arb_action() -> impl Strategy<Value = Action> {
    let p = (0u8..6).prop_map(PlayerId);
    let v = prop_oneof![0u16..60, Just(60000)].prop_map(VertexId);
    let e = prop_oneof![0u16..80, Just(65535)].prop_map(EdgeId);
    let h = prop_oneof![0u16..20, Just(999)].prop_map(HexId);
    let r = (0usize..5).prop_map(|i| Resource::ALL[i]);
    let k = (0usize..8).prop_map(|i| CardKind::ALL[i]);
    let d = (0usize..5).prop_map(|i| DevCard::ALL[i]);
    prop_oneof![
        (p.clone(), e.clone()).prop_map(|(player, at)| Action::BuildRoad { player, at }),
        (p.clone(), v.clone()).prop_map(|(player, at)| Action::BuildSettlement { player, at }),
        (p.clone(), v).prop_map(|(player, at)| Action::BuildCity { player, at }),
        p.clone().prop_map(|player| Action::BuyDevCard { player }),
        p.clone().prop_map(|player| Action::PlayKnight { player }),
        p.clone().prop_map(|player| Action::PlayRoadBuilding { player }),
        (p.clone(), r.clone(), r.clone()).prop_map(|(player, a, b)| Action::PlayYearOfPlenty { player, take: [a, b] }),
        (p.clone(), r).prop_map(|(player, resource)| Action::PlayMonopoly { player, resource }),
        p.clone().prop_map(|player| Action::Roll { player }),
        (p.clone(), arb_cards()).prop_map(|(player, cards)| Action::Discard { player, cards }),
        (p.clone(), h).prop_map(|(player, to)| Action::MoveRobber { player, to }),
        (p.clone(), p.clone()).prop_map(|(player, victim)| Action::Rob { player, victim }),
        (p.clone(), k.clone(), 0u8..6, k.clone()).prop_map(|(player, give, rate, get)| Action::MaritimeTrade {
            player,
            give,
            rate,
            get
        }),
        (p.clone(), p.clone(), arb_cards(), arb_cards()).prop_map(|(player, to, give, get)| Action::OfferTrade {
            player,
            to,
            give,
            get
        }),
        p.clone().prop_map(|player| Action::AcceptTrade { player }),
        p.clone().prop_map(|player| Action::DeclineTrade { player }),
        p.prop_map(|player| Action::EndTurn { player }),
        (0u8..9, 0u8..9).prop_map(|(red, yellow)| Action::Chance(Outcome::Dice { red, yellow })),
        d.prop_map(|card| Action::Chance(Outcome::DevCard { card })),
        k.prop_map(|card| Action::Chance(Outcome::Steal { card })),
    ]
}

fn config() -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(48);
    ProptestConfig {
        cases,
        ..ProptestConfig::default()
    }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn random_games_end_with_every_invariant_holding(seed in any::<u64>(), players in 3usize..=4, board in 0u8..3, builder in any::<bool>()) {
        let mut g = game(seed, players, board);
        let policy = if builder { Policy::Builder } else { Policy::Uniform };
        let cfg = PlayConfig { max_turns: 500, check_invariants: true, policy };
        let r = RandomPlayer::new(seed).play(&mut g, &cfg, None);
        prop_assert!(r.is_ok(), "{:?}", r.err());
    }

    #[test]
    fn every_listed_action_is_accepted(seed in any::<u64>(), steps in 0usize..1500) {
        let mut g = game(seed, 4, 1);
        let mut rp = RandomPlayer::new(seed);
        advance(&mut g, &mut rp, steps, Policy::Uniform);
        let mut acts = Vec::new();
        g.legal_actions(&mut acts);
        for a in acts {
            let mut c = g.clone();
            prop_assert!(c.apply(a).is_ok(), "listed {:?} refused", a);
        }
    }

    #[test]
    fn arbitrary_actions_are_accepted_or_refused_without_change(seed in any::<u64>(), steps in 0usize..1500, actions in proptest::collection::vec(arb_action(), 1..20)) {
        let mut g = game(seed, 4, 1);
        let mut rp = RandomPlayer::new(seed);
        advance(&mut g, &mut rp, steps, Policy::Uniform);
        let mut listed = Vec::new();
        for a in actions {
            g.legal_actions(&mut listed);
            let before = g.clone();
            match g.apply(a) {
                Ok(_) => {
                    prop_assert!(listed.contains(&a) || matches!(a, Action::OfferTrade { .. }), "accepted {:?} was not listed", a);
                    prop_assert!(g.check_invariants().is_ok());
                }
                Err(_) => {
                    prop_assert_eq!(&g, &before, "refused {:?} changed the state", a);
                    prop_assert!(!listed.contains(&a), "listed {:?} refused", a);
                }
            }
        }
    }

    #[test]
    fn the_state_survives_a_serde_round_trip(seed in any::<u64>(), steps in 0usize..1500) {
        let mut g = game(seed, 4, 2);
        let mut rp = RandomPlayer::new(seed);
        advance(&mut g, &mut rp, steps, Policy::Builder);
        let json = serde_json::to_string(&g).expect("serialise");
        let back: Game = serde_json::from_str(&json).expect("deserialise");
        prop_assert_eq!(back, g);
    }
}
