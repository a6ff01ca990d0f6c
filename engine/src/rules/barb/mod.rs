//! Traders & Barbarians, scenario "Barbarian Attack", on the base game (sources
//! `catan-faq-tb`, `catan-faq-4910`, `catan-combination-ba-tb` and the scenario summaries
//! `liquisearch-tb-ba`, `sixsides-ba`; every point they leave open is a named option in
//! [`options`]).
//!
//! | rule | module | rule ids |
//! | --- | --- | --- |
//! | the board: castle and desert opposite, one of each number on the coast | [`board`] | `BARB.BOARD.*` |
//! | landing: 3 barbarians per settlement or city built | [`landing`] | `BARB.LANDING.*` |
//! | conquest of hexes and buildings | [`landing`] | `BARB.CONQUEST.*` |
//! | the scenario deck: Knighthood, Swift Knight, Treason, Capture | [`cards`] | `BARB.CARD.*` |
//! | knights on paths: placing and moving | [`knights`] | `BARB.KNIGHT.*`, `BARB.MOVE.*` |
//! | battles, prisoners, losses, gold | [`battles`], [`cards`] | `BARB.BATTLE.*`, `BARB.GOLD.*` |
//!
//! Barbarian Attack hooks into the base rules at the extension points of
//! [`crate::rules::extensions`] ([`expansion`]); its own actions, events, refusals and
//! pending steps are [`actions::BarbAction`], [`events::BarbEvent`], [`errors::BarbRule`]
//! and [`pending::BarbPending`]. With Cities & Knights it follows the combination rules of
//! source `003_c1bc764549538a7d.txt` ([`ck`]); the ruleset validator refuses it with
//! Seafarers or The Court (no source defines those combinations).

pub mod actions;
pub mod battles;
pub mod board;
pub mod cards;
pub mod ck;
pub mod errors;
pub mod events;
mod expansion;
pub mod knights;
pub mod landing;
pub mod options;
pub mod pending;
pub mod position;
pub mod state;

use crate::ids::{EdgeId, HexId, PlayerId};
use crate::state::Game;

/// The Barbarian Attack scenario at the base rules' extension points.
pub(crate) struct BarbarianAttack;

/// Knights per player (source `liquisearch-tb-ba`: six each).
pub const KNIGHTS_PER_PLAYER: u8 = 6;
/// Barbarians that conquer a coastal hex, and the most one hex holds (source `catan-faq-tb`).
pub const BARBARIANS_TO_CONQUER: u8 = 3;
/// Barbarians one landing places (source `sixsides-ba`).
pub const BARBARIANS_PER_LANDING: u8 = 3;
/// Prisoners worth one victory point (source `catan-faq-tb`).
pub const PRISONERS_PER_VP: u8 = 2;
/// Gold one purchase costs (source `liquisearch-tb-ba`, gold as in "The Rivers of Catan").
pub const GOLD_PER_RESOURCE: u16 = 2;
/// Gold a Treason card gives.
pub const TREASON_GOLD: u8 = 2;
/// Paths a knight moves, and with 1 grain paid (source `liquisearch-tb-ba`).
pub const MOVE_PATHS: u8 = 3;
/// See [`MOVE_PATHS`].
pub const MOVE_PATHS_WITH_GRAIN: u8 = 5;

impl Game {
    /// Barbarian Attack: barbarians on a hex.
    pub fn barbarians_on(&self, h: HexId) -> u8 {
        self.barb.on(h)
    }

    /// Barbarian Attack: the whole scenario state (barbarians, knights, prisoners, gold, deck).
    pub fn barb(&self) -> &state::BarbState {
        &self.barb
    }

    /// Barbarian Attack: the knight on a path.
    pub fn path_knight(&self, e: EdgeId) -> Option<state::PathKnight> {
        self.barb.knight(e)
    }

    /// Barbarian Attack: a player's prisoners.
    pub fn prisoners(&self, p: PlayerId) -> u8 {
        self.barb.prisoners.get(p.index()).copied().unwrap_or(0)
    }

    /// Barbarian Attack: a player's gold.
    pub fn gold(&self, p: PlayerId) -> u16 {
        self.barb.gold.get(p.index()).copied().unwrap_or(0)
    }

    /// Barbarian Attack: whether a hex is conquered (its token face down).
    pub fn hex_conquered(&self, h: HexId) -> bool {
        self.barb.coastal.get(h.index()).copied().unwrap_or(false) && self.token(h).is_none()
    }

    /// Barbarian Attack: whether a path borders the castle hex.
    #[inline]
    pub fn is_castle_path(&self, e: EdgeId) -> bool {
        state::has_path(&self.barb.castle_paths, e.index())
    }
}

#[cfg(test)]
pub(crate) mod testkit {
    use crate::board::Board;
    use crate::ids::{Colour, PlayerId};
    use crate::random::RandomPlayer;
    use crate::state::{Game, Phase};
    use crate::Ruleset;
    use std::sync::Arc;

    /// A Barbarian Attack ruleset.
    pub fn rules() -> Ruleset {
        Ruleset::from_names(["barbarian-attack"]).unwrap()
    }

    /// Barbarian Attack with Cities & Knights.
    pub fn ck_rules() -> Ruleset {
        Ruleset::from_names(["cities-and-knights", "barbarian-attack"]).unwrap()
    }

    /// A game of Barbarian Attack with Cities & Knights on the seeded board, at the start
    /// of setup.
    pub fn barb_ck_game(n: usize) -> Game {
        let r = ck_rules();
        let b = Board::barbarian_attack(3, &r.barb);
        Game::new(r, Arc::new(b), &Colour::ALL[..n], PlayerId(0)).unwrap()
    }

    /// A Barbarian Attack game on the seeded board, at the start of setup.
    pub fn barb_game(n: usize) -> Game {
        let r = rules();
        let b = Board::barbarian_attack(3, &r.barb);
        Game::new(r, Arc::new(b), &Colour::ALL[..n], PlayerId(0)).unwrap()
    }

    /// A game of Barbarian Attack with Cities & Knights after a random setup, in the first
    /// turn's trade and build phase with empty hands.
    pub fn barb_ck_main(n: usize, seed: u64) -> Game {
        to_main(barb_ck_game(n), n, seed)
    }

    /// The castle hex's six paths.
    pub fn castle_paths(g: &Game) -> Vec<crate::ids::EdgeId> {
        let c = g.barb.castle.unwrap();
        g.board.topology.hex(c).unwrap().sides.to_vec()
    }

    /// Puts a knight of `level` (standing when `active`) on a path, out of the owner's
    /// Cities & Knights supply.
    pub fn put_ck_knight(g: &mut Game, p: PlayerId, at: crate::ids::EdgeId, level: u8, active: bool) {
        g.players[p.index()].ck.knights_left[level as usize - 1] -= 1;
        g.barb.set_knight(
            at,
            Some(crate::rules::barb::state::PathKnight {
                level,
                active,
                ..crate::rules::barb::state::PathKnight::new(p)
            }),
        );
    }

    /// A Barbarian Attack game after a random setup, in the first turn's trade and build phase
    /// with empty hands.
    pub fn barb_main(n: usize, seed: u64) -> Game {
        to_main(barb_game(n), n, seed)
    }

    fn to_main(mut g: Game, n: usize, seed: u64) -> Game {
        let mut rp = RandomPlayer::new(seed);
        while matches!(g.phase(), Phase::Setup { .. }) || g.phase().is_chance() {
            let a = rp.choose(&g, Default::default()).unwrap();
            g.apply(a).unwrap();
        }
        for i in 0..n {
            crate::testkit::give(&mut g, PlayerId(i as u8), crate::cards::Cards::EMPTY);
        }
        g.step = crate::pending::Step::Main;
        g.pending.clear();
        g
    }
}

#[cfg(test)]
mod tests {
    use super::testkit::*;
    use crate::random::{PlayConfig, RandomPlayer};

    #[test]
    fn random_games_keep_every_invariant_and_list_only_legal_actions() {
        let cfg = PlayConfig {
            check_invariants: true,
            ..PlayConfig::default()
        };
        let mut winners = 0;
        for seed in 0..40 {
            let mut g = barb_game(3 + (seed % 2) as usize);
            let mut rp = RandomPlayer::new(seed);
            let s = rp
                .play(&mut g, &cfg, None)
                .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
            winners += usize::from(s.winner.is_some());
        }
        assert!(winners >= 10, "{winners} games of 40 ended with a winner");
    }

    #[test]
    fn barbarian_attack_with_another_expansion_is_refused_with_the_reason() {
        use crate::ids::{Colour, PlayerId};
        for (names, words) in [
            (
                ["seafarers", "barbarian-attack"],
                "Barbarian Attack with Seafarers or The Court",
            ),
            (
                ["court", "barbarian-attack"],
                "Barbarian Attack with Seafarers or The Court",
            ),
        ] {
            let r = crate::Ruleset::from_names(names).unwrap();
            let b = crate::Board::barbarian_attack(1, &r.barb);
            let e = crate::Game::new(r, std::sync::Arc::new(b), &Colour::ALL[..3], PlayerId(0)).unwrap_err();
            assert_eq!(e.code(), "ENGINE.UNSUPPORTED");
            assert!(e.to_string().contains(words), "{e}");
            assert!(e.to_string().contains("not implemented yet"), "{e}");
        }
    }

    #[test]
    fn the_harbors_option_takes_the_harbors_away() {
        let mut o = super::options::BarbOptions::default();
        assert_eq!(crate::Board::barbarian_attack(2, &o).harbors.len(), 9);
        o.harbors = super::options::BarbHarbors::None;
        assert!(crate::Board::barbarian_attack(2, &o).harbors.is_empty());
    }

    #[test]
    fn every_listed_action_is_legal_at_every_step() {
        let mut g = barb_game(4);
        let mut rp = RandomPlayer::new(9);
        let mut buf = Vec::new();
        for _ in 0..3000 {
            if g.winner().is_some() {
                break;
            }
            g.legal_actions(&mut buf);
            for a in &buf {
                assert!(g.is_legal(a), "{a:?} listed but refused: {:?}", g.check(a));
            }
            let a = rp.choose(&g, Default::default()).unwrap();
            g.apply(a).unwrap();
        }
    }
}
