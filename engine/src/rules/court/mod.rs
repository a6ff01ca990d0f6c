//! The fan variant "The Court" (source `002_5f4cc12aafd16c0e.txt`), hooked into the named
//! extension points of [`super::extensions`]:
//!
//! - components: the foreign soldiers laid on the coast ([`Game::start_court`]);
//! - setup placement: no setup settlement or road on a soldier's intersection
//!   ([`soldiers`]);
//! - after a road is built: soldiers taken prisoner, banners ([`soldiers`]);
//! - an extra action in the build phase: sending a noble ([`nobles`]);
//! - victory points: banners and Most Influence ([`Game::court_vp`]);
//! - robber activation: off the island until the first 7 (base game), and where it enters
//!   at the first barbarian attack when combined with Cities & Knights (the project's own
//!   combination rule, see [`crate::ruleset::CourtRobberEntry`]).

pub mod actions;
pub mod errors;
pub mod events;
mod expansion;
mod nobles;
pub mod options;
mod position;
mod soldiers;

use crate::board::Terrain;
use crate::error::RuleError;
use crate::ids::{HexId, PlayerId};
use crate::state::Game;

/// The Court, as an expansion of the base rules ([`crate::rules::extensions`]).
pub(crate) struct TheCourt;

impl Game {
    /// Extension point "components": lays the 30 foreign soldiers on the coastal
    /// intersections, clockwise from the board's soldier start: 10 purple, 10 green, 10
    /// orange (source `002_5f4cc12aafd16c0e.txt`, set-up). The board must have the Court hex
    /// and no desert, and exactly 30 coastal intersections.
    pub(crate) fn start_court(&mut self) -> Result<(), RuleError> {
        let courts = self.board.terrain.iter().filter(|t| **t == Terrain::Court).count();
        if courts != 1 {
            return Err(RuleError::Unsupported {
                what: "a board for The Court without exactly one Court hex",
            });
        }
        if self.board.terrain.contains(&Terrain::Desert) {
            return Err(RuleError::Unsupported {
                what: "a board for The Court with a desert (the Court replaces it)",
            });
        }
        self.court.soldiers =
            crate::court::initial_soldiers(&self.board).map_err(|what| RuleError::Unsupported { what })?;
        Ok(())
    }

    /// The Court hex.
    pub(crate) fn court_hex(&self) -> Option<HexId> {
        self.board
            .terrain
            .iter()
            .position(|t| *t == Terrain::Court)
            .map(|i| HexId(i as u16))
    }

    /// Victory points only The Court gives: each banner 1, a tricolour banner 1, Most
    /// Influence 2 (source `002_5f4cc12aafd16c0e.txt`, "New components").
    pub(crate) fn court_vp(&self, p: PlayerId) -> u8 {
        let mut vp = self.court.banners.iter().filter(|b| **b == Some(p)).count() as u8;
        if self.court.tricolour & (1 << p.0) != 0 {
            vp += 1;
        }
        if self.court.influence == Some(p) {
            vp += 2;
        }
        vp
    }
}

#[cfg(test)]
mod tests {
    use crate::board::{coastal_intersections, Board};
    use crate::court::SoldierColour;
    use crate::ids::{Colour, PlayerId};
    use crate::state::Game;
    use crate::testkit::court_game;
    use crate::Ruleset;
    use std::sync::Arc;

    #[test]
    fn thirty_soldiers_ten_of_each_colour_clockwise_from_the_start() {
        let g = court_game(3);
        for c in SoldierColour::ALL {
            assert_eq!(g.court.soldiers_left(c), 10);
        }
        let ring = coastal_intersections(&g.board.topology);
        assert_eq!(ring.len(), 30);
        assert_eq!(g.court.soldier(ring[0]), Some(SoldierColour::Purple));
        assert_eq!(g.court.soldier(ring[9]), Some(SoldierColour::Purple));
        assert_eq!(g.court.soldier(ring[10]), Some(SoldierColour::Green));
        assert_eq!(g.court.soldier(ring[29]), Some(SoldierColour::Orange));
        // No soldier inland.
        assert_eq!(g.court.soldiers.iter().flatten().count(), 30);
    }

    #[test]
    fn the_soldier_start_is_a_board_parameter() {
        let mut b = Board::beginner_court();
        let ring = coastal_intersections(&b.topology);
        b.soldier_start = Some(ring[5]);
        let g = Game::new(
            Ruleset::the_court(),
            Arc::new(b),
            &[Colour::Red, Colour::Blue, Colour::White],
            PlayerId(0),
        )
        .unwrap();
        assert_eq!(g.court.soldier(ring[5]), Some(SoldierColour::Purple));
        assert_eq!(g.court.soldier(ring[4]), Some(SoldierColour::Orange));
    }

    #[test]
    fn the_court_needs_its_hex_and_no_desert() {
        let r = Game::new(
            Ruleset::the_court(),
            Arc::new(Board::beginner()),
            &[Colour::Red, Colour::Blue, Colour::White],
            PlayerId(0),
        );
        assert_eq!(r.unwrap_err().code(), "ENGINE.UNSUPPORTED");
    }

    #[test]
    fn random_court_boards_have_the_court_in_the_centre_and_eighteen_tokens() {
        for seed in 0..20 {
            let b = Board::random_court(seed, crate::board::TokenPlacement::Spiral);
            let j = b.hex_by_label("J").unwrap();
            assert_eq!(b.terrain[j.index()], crate::Terrain::Court);
            assert_eq!(b.tokens.iter().flatten().count(), 18);
            assert_eq!(b.tokens[j.index()], None);
            assert_eq!(b.robber_start, None);
        }
    }
}
