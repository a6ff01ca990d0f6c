//! Helpers for the engine's unit tests.
#![allow(dead_code)]

use crate::board::{Board, Corner};
use crate::cards::{CardKind, Cards};
use crate::ids::{Colour, EdgeId, HexId, PlayerId, VertexId};
use crate::random::{PlayConfig, RandomPlayer};
use crate::ruleset::Ruleset;
use crate::state::{Game, Phase};
use crate::Action;
use std::sync::Arc;

pub fn p(i: u8) -> PlayerId {
    PlayerId(i)
}

pub fn new_game(n: usize) -> Game {
    let colours = &Colour::ALL[..n];
    Game::new(Ruleset::base(), Arc::new(Board::beginner()), colours, PlayerId(0)).unwrap()
}

pub fn hex(g: &Game, label: &str) -> HexId {
    g.board().hex_by_label(label).unwrap()
}

pub fn vertex(g: &Game, label: &str, c: Corner) -> VertexId {
    g.board().topology.corner(hex(g, label), c).unwrap()
}

pub fn edge(g: &Game, label: &str, a: Corner, b: Corner) -> EdgeId {
    g.board()
        .topology
        .edge_between(vertex(g, label, a), vertex(g, label, b))
        .unwrap()
}

/// Plays the setup phase with random placements (seeded).
pub fn played_setup(n: usize, seed: u64) -> (Game, RandomPlayer) {
    let mut g = new_game(n);
    let mut rp = RandomPlayer::new(seed);
    while matches!(g.phase(), Phase::Setup { .. }) {
        let a = rp.choose(&g, Default::default()).unwrap();
        g.apply(a).unwrap();
    }
    let _ = PlayConfig::default();
    (g, rp)
}

/// A 4-player game after setup, red to act in the main phase, all hands empty.
pub fn main_phase_game() -> Game {
    let (mut g, _) = played_setup(4, 7);
    for i in 0..4 {
        give(&mut g, p(i), Cards::EMPTY);
    }
    g.phase = Phase::Main;
    g
}

/// Sets a player's hand exactly, moving cards to and from the bank.
pub fn give(g: &mut Game, who: PlayerId, cards: Cards) {
    let old = g.players[who.index()].hand;
    g.bank.add_all(&old);
    g.bank.remove_all(&cards);
    g.players[who.index()].hand = cards;
}

/// A legal paid road for `who` (gives them the resources if needed).
pub fn first_legal_road(g: &Game, who: PlayerId) -> EdgeId {
    first_legal_road_any(g, who)
}

/// Any empty land path connected to `who`'s network.
pub fn first_legal_road_any(g: &Game, who: PlayerId) -> EdgeId {
    (0..g.board().topology.edge_count())
        .map(|e| EdgeId(e as u16))
        .find(|&e| {
            g.road(e).is_none()
                && g.board().topology.edges()[e.index()].on_land
                && g.board().topology.edges()[e.index()]
                    .vertices
                    .iter()
                    .any(|&v| g.road_reaches(who, v, None))
        })
        .unwrap()
}

/// Cards helper.
pub fn cards(pairs: &[(CardKind, u8)]) -> Cards {
    Cards::of(pairs)
}

/// Runs an action and unwraps.
pub fn ok(g: &mut Game, a: Action) {
    g.apply(a).unwrap();
}
