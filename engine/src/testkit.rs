//! Helpers for the engine's unit tests.
#![allow(dead_code)]

use crate::board::{Board, Corner};
use crate::cards::{CardKind, Cards};
use crate::ids::{Colour, EdgeId, HexId, PlayerId, VertexId};
use crate::random::{PlayConfig, Policy, RandomPlayer};
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

/// A 4-player game of the ruleset named by `names`, at the start of setup: on a random board
/// (`seed`, spiral tokens), or with Seafarers on the first sea map (`sea_seed`).
pub fn named_rules_game(names: &[&str], seed: u64, sea_seed: u64) -> Game {
    let rules = Ruleset::from_names(names.iter().copied()).expect("a ruleset");
    let board = if names.contains(&"seafarers") {
        Board::seafarers(crate::SeaMap::ALL[0], 4, sea_seed).expect("a map")
    } else {
        rules.random_board(seed, crate::board::TokenPlacement::Spiral)
    };
    Game::new(rules, Arc::new(board), &Colour::ALL[..4], PlayerId(0)).expect("a game")
}

/// Four-player games at the start of setup for random-game tests, seeds `0..seeds`: Cities &
/// Knights on a random board (spiral tokens), then Cities & Knights with Seafarers on every
/// sea map; each with its seed.
pub fn ck_and_sea_games(seeds: u64) -> Vec<(Game, u64)> {
    ck_games(
        seeds,
        &[&[crate::ruleset::Expansion::CitiesAndKnights]],
        &crate::SeaMap::ALL,
    )
}

/// Four-player games at the start of setup for random-game tests, seeds `0..seeds`; for each
/// seed, each expansion set of `sets` on a random board (spiral tokens), then Cities &
/// Knights with Seafarers on each of `maps`; each with its seed.
pub fn ck_games(seeds: u64, sets: &[&[crate::ruleset::Expansion]], maps: &[crate::SeaMap]) -> Vec<(Game, u64)> {
    use crate::ruleset::{Expansion, ExpansionSet};
    let both = Ruleset::with(ExpansionSet::of(&[Expansion::CitiesAndKnights, Expansion::Seafarers]));
    let new = |rules: &Ruleset, board: Board| {
        Game::new(rules.clone(), Arc::new(board), &Colour::ALL[..4], PlayerId(0)).expect("a game")
    };
    let mut games = Vec::new();
    for seed in 0..seeds {
        for set in sets {
            let rules = Ruleset::with(ExpansionSet::of(set));
            let board = rules.random_board(seed, crate::board::TokenPlacement::Spiral);
            games.push((new(&rules, board), seed));
        }
        for &map in maps {
            games.push((new(&both, Board::seafarers(map, 4, seed).expect("a map")), seed));
        }
    }
    games
}

/// Four-player Seafarers games (without Cities & Knights) at the start of setup for
/// random-game tests, seeds `seeds`: for each seed, one on each sea map; each with its seed.
pub fn seafarers_games(seeds: std::ops::Range<u64>) -> Vec<(Game, u64)> {
    let rules = Ruleset::from_names(["seafarers"]).expect("a ruleset");
    let mut games = Vec::new();
    for seed in seeds {
        for map in crate::SeaMap::ALL {
            let board = Arc::new(Board::seafarers(map, 4, seed).expect("a map"));
            let g = Game::new(rules.clone(), board, &Colour::ALL[..4], PlayerId(0)).expect("a game");
            games.push((g, seed));
        }
    }
    games
}

/// Plays `g` with a random player seeded by `seed` under `policy` to a win, a position with
/// no legal action, or past turn `max_turn`, calling `check` on every position met, the first
/// and the last included. A listed action that `apply` refuses fails the test.
pub fn check_random_play(g: &mut Game, seed: u64, policy: Policy, max_turn: u32, mut check: impl FnMut(&Game)) {
    let mut rp = RandomPlayer::new(seed);
    loop {
        check(g);
        if g.winner().is_some() || g.turn() > max_turn {
            return;
        }
        let Some(a) = rp.choose(g, policy) else {
            return;
        };
        g.apply(a).expect("a listed action");
    }
}

/// The hexes (by index) with one of `p`'s buildings at a corner, found by a scan of every
/// hex's corners (what the kept and marked sets are compared with).
pub fn hexes_at_buildings_by_scan(g: &Game, p: PlayerId) -> Vec<usize> {
    let topo = &g.board.topology;
    (0..topo.hex_count())
        .filter(|&h| {
            topo.hexes()[h]
                .corners
                .iter()
                .any(|v| g.sites[v.index()].is_some_and(|s| s.owner == p))
        })
        .collect()
}

/// A game of The Court on its beginner board, at the start of setup.
pub fn court_game(n: usize) -> Game {
    Game::new(
        Ruleset::the_court(),
        Arc::new(Board::beginner_court()),
        &Colour::ALL[..n],
        PlayerId(0),
    )
    .unwrap()
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
    g.step = crate::pending::Step::Main;
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

/// A Cities & Knights position builder on the beginner board, 3 players (red, blue,
/// white), red on turn in the action phase unless changed.
pub struct Ck {
    pub setup: crate::position::Setup,
}

impl Ck {
    pub fn new() -> Ck {
        let mut setup = crate::position::Setup::new(
            Ruleset::cities_and_knights(),
            Arc::new(Board::beginner()),
            &Colour::ALL[..3],
        );
        setup.phase = crate::position::StartPhase::Main;
        setup.turn = 10;
        Ck { setup }
    }
    /// Blue and white out of red's way: a settlement and two roads each, at G.n and Q.s.
    pub fn opponents(self) -> Ck {
        use Corner::{N, NE, S, SW};
        self.settlement(1, ("G", N))
            .roads(1, "G", &[N, NE])
            .settlement(2, ("Q", S))
            .roads(2, "Q", &[S, SW])
    }
    pub fn rules(mut self, f: impl FnOnce(&mut Ruleset)) -> Ck {
        f(&mut self.setup.rules);
        self
    }
    fn v(&self, spot: (&str, Corner)) -> VertexId {
        let b = &self.setup.board;
        b.topology.corner(b.hex_by_label(spot.0).unwrap(), spot.1).unwrap()
    }
    pub fn settlement(mut self, who: u8, spot: (&str, Corner)) -> Ck {
        let v = self.v(spot);
        self.setup.players[who as usize].settlements.push(v);
        self
    }
    pub fn city(mut self, who: u8, spot: (&str, Corner)) -> Ck {
        let v = self.v(spot);
        self.setup.players[who as usize].cities.push(v);
        self
    }
    /// Roads along a trail of corners of one hex.
    pub fn roads(mut self, who: u8, label: &str, trail: &[Corner]) -> Ck {
        for w in trail.windows(2) {
            let (a, b) = (self.v((label, w[0])), self.v((label, w[1])));
            let e = self.setup.board.topology.edge_between(a, b).unwrap();
            self.setup.players[who as usize].roads.push(e);
        }
        self
    }
    pub fn knight(mut self, who: u8, spot: (&str, Corner), level: u8, active: bool) -> Ck {
        let at = self.v(spot);
        self.setup.players[who as usize]
            .ck
            .knights
            .push(crate::position::KnightSetup {
                at,
                level,
                active,
                activated_this_turn: false,
                promoted_this_turn: false,
            });
        self
    }
    pub fn wall(mut self, who: u8, spot: (&str, Corner)) -> Ck {
        let v = self.v(spot);
        self.setup.players[who as usize].ck.walls.push(v);
        self
    }
    pub fn clone_with_hand(&self, who: u8, cards: Cards) -> Ck {
        Ck {
            setup: self.setup.clone(),
        }
        .hand(who, cards)
    }
    pub fn hand(mut self, who: u8, cards: Cards) -> Ck {
        self.setup.players[who as usize].hand = cards;
        self
    }
    pub fn levels(mut self, who: u8, levels: [u8; 3]) -> Ck {
        self.setup.players[who as usize].ck.improvements = levels;
        self
    }
    pub fn metropolis(mut self, track: crate::progress::Track, spot: (&str, Corner)) -> Ck {
        let v = self.v(spot);
        self.setup.ck.metropolis[track.index()] = Some(v);
        self
    }
    pub fn barbarians(mut self, steps: u8, attacks: u16) -> Ck {
        self.setup.ck.barbarians = steps;
        self.setup.ck.barbarian_attacks = attacks;
        self
    }
    pub fn before_roll(mut self) -> Ck {
        self.setup.phase = crate::position::StartPhase::BeforeRoll;
        self
    }
    pub fn current(mut self, who: u8) -> Ck {
        self.setup.current = PlayerId(who);
        self
    }
    /// The game without checking invariants (for deliberately incomplete positions).
    pub fn game_unchecked(&self) -> Game {
        Game::from_setup(&self.setup).unwrap()
    }
    pub fn game(&self) -> Game {
        let g = Game::from_setup(&self.setup).unwrap();
        g.check_invariants().unwrap();
        g
    }
}

/// Rolls the three dice for the current player.
pub fn roll3(g: &mut Game, red: u8, yellow: u8, event: crate::progress::EventFace) -> Vec<crate::Event> {
    let mut ev = g.apply(Action::Roll { player: g.current() }).unwrap();
    ev.extend(
        g.apply(Action::Chance(crate::Outcome::CkDice { red, yellow, event }))
            .unwrap(),
    );
    ev
}

/// The rule id of a refusal.
pub fn refused(g: &Game, a: Action) -> &'static str {
    let before = g.clone();
    let code = g.check(&a).unwrap_err().code();
    assert_eq!(&before, g);
    code
}
