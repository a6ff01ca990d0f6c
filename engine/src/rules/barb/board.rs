//! The Barbarian Attack board (source `sixsides-ba`, `catan-combination-ba-tb`, set-up):
//! the castle hex and the desert on opposite corners of the outer ring; the other ten outer
//! hexes are the coastal hexes (2 forest, 2 hills, 3 pasture, 1 mountains, 2 fields), which
//! carry one number token each of 2, 3, 4, 5, 6, 8, 9, 10, 11 and 12, so every total but 7
//! names one coastal hex; the seven inner hexes (1 forest, 1 pasture, 1 hills, 2 mountains,
//! 2 fields) carry the 6, the 8 and five of the six other black numbers (option
//! `barb-left-out-token`). The printed pattern is a diagram no source gives in text, so
//! terrains and tokens are laid by seed within those groups (a project choice).

use super::options::{BarbHarbors, BarbOptions};
use crate::board::layout::{standard_coords, BEGINNER_HARBORS};
use crate::board::{Axial, Board, Terrain};
use rand::seq::{IndexedRandom, SliceRandom};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// The castle's corner of the outer ring (hex `A`, the north-west corner; the desert goes
/// on the opposite corner, hex `S`). A project choice: any pair of opposite corners fits the
/// rule.
pub const CASTLE_AT: Axial = Axial { q: 0, r: -2 };

/// The coastal terrains.
const COASTAL_TERRAIN: [Terrain; 10] = {
    use Terrain::*;
    [
        Forest, Forest, Hills, Hills, Pasture, Pasture, Pasture, Mountains, Fields, Fields,
    ]
};
/// The inner terrains (one forest stays in the box).
const INNER_TERRAIN: [Terrain; 7] = {
    use Terrain::*;
    [Forest, Pasture, Hills, Mountains, Mountains, Fields, Fields]
};
/// One token of each number for the coast.
const COASTAL_TOKENS: [u8; 10] = [2, 3, 4, 5, 6, 8, 9, 10, 11, 12];
/// The tokens the inner hexes choose from (one black number stays out).
const INNER_TOKENS: [u8; 8] = [3, 4, 5, 6, 8, 9, 10, 11];
/// The black numbers one of which stays out.
const BLACK: [u8; 6] = [3, 4, 5, 9, 10, 11];

impl Board {
    /// A seeded Barbarian Attack board (see the module documentation). The same seed and
    /// options give the same board.
    pub fn barbarian_attack(seed: u64, options: &BarbOptions) -> Board {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let coords = standard_coords();
        let mut coastal = COASTAL_TERRAIN;
        coastal.shuffle(&mut rng);
        let mut inner = INNER_TERRAIN;
        inner.shuffle(&mut rng);
        let mut coast_tokens = COASTAL_TOKENS;
        coast_tokens.shuffle(&mut rng);
        let left_out = options
            .left_out
            .number()
            .unwrap_or_else(|| *BLACK.choose(&mut rng).unwrap_or(&3));
        let mut inner_tokens: Vec<u8> = INNER_TOKENS.iter().copied().filter(|t| *t != left_out).collect();
        inner_tokens.shuffle(&mut rng);
        let desert_at = Axial::new(-CASTLE_AT.q, -CASTLE_AT.r);
        let (mut ci, mut ii) = (0, 0);
        let rows: Vec<(Terrain, Option<u8>)> = coords
            .iter()
            .map(|&c| {
                if c == CASTLE_AT {
                    (Terrain::Castle, None)
                } else if c == desert_at {
                    (Terrain::Desert, None)
                } else if ring(c) == 2 {
                    ci += 1;
                    (coastal[ci - 1], Some(coast_tokens[ci - 1]))
                } else {
                    ii += 1;
                    (inner[ii - 1], inner_tokens.get(ii - 1).copied())
                }
            })
            .collect();
        let mut harbors = BEGINNER_HARBORS;
        harbors.shuffle(&mut rng);
        let mut b = Board::standard(&format!("barbarian-attack seed {seed}"), &rows, harbors);
        if options.harbors == BarbHarbors::None {
            b.harbors.clear();
        }
        b
    }
}

/// The ring of a standard island coordinate (0 the centre, 2 the outer ring).
fn ring(c: Axial) -> i8 {
    let s = -c.q - c.r;
    c.q.abs().max(c.r.abs()).max(s.abs())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::barb::options::{BarbOptions, LeftOutToken};

    #[test]
    fn the_coast_carries_one_of_each_number_and_the_castle_faces_the_desert() {
        for seed in 0..30 {
            let b = Board::barbarian_attack(seed, &BarbOptions::default());
            let mut coast = Vec::new();
            for (i, c) in standard_coords().into_iter().enumerate() {
                if ring(c) == 2 && b.terrain[i].takes_token() {
                    coast.push(b.tokens[i].unwrap());
                }
            }
            coast.sort_unstable();
            assert_eq!(coast, COASTAL_TOKENS.to_vec());
            let castle = b.terrain.iter().position(|t| *t == Terrain::Castle).unwrap();
            let desert = b.terrain.iter().position(|t| *t == Terrain::Desert).unwrap();
            assert_eq!(castle + desert, 18, "opposite corners A and S");
            assert_eq!(b.tokens.iter().flatten().count(), 17);
            assert!(b.tokens.iter().flatten().filter(|t| **t == 6 || **t == 8).count() == 4);
        }
    }

    #[test]
    fn the_left_out_token_is_an_option() {
        let o = BarbOptions {
            left_out: LeftOutToken::Nine,
            ..BarbOptions::default()
        };
        let b = Board::barbarian_attack(1, &o);
        assert_eq!(b.tokens.iter().flatten().filter(|t| **t == 9).count(), 1);
        assert_eq!(b.tokens.iter().flatten().filter(|t| **t == 10).count(), 2);
    }
}
