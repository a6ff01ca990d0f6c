//! Seafarers' words: ships, gold fields, the pirate and islands, in English, German (source
//! 004's words: Schiff, Goldfluss, Seeräuber, Insel) and Catalan. The table the lookups visit
//! for Seafarers, given to them by its lowering (`ExpansionLowering::VOCABULARY` in
//! `lower/sea.rs`).
//!
//! Catalan's gold field is "riu d'or", two words and an apostrophe, which a word of the
//! language cannot hold: `or` it is. Seed 004 calls the pirate "Seeräuber"; "Pirat" is
//! accepted too.

use super::Language::{Ca, De, En};
use super::{alt, row, Entry, Piece, Term, Terrain};

/// Seafarers' words.
pub(crate) const WORDS: &[Entry] = &[
    // Pieces.
    row(En, "ship", Term::Piece(Piece::Ship)),
    alt(En, "ships", Term::Piece(Piece::Ship)),
    row(De, "schiff", Term::Piece(Piece::Ship)),
    alt(De, "schiffe", Term::Piece(Piece::Ship)),
    row(Ca, "vaixell", Term::Piece(Piece::Ship)),
    alt(Ca, "vaixells", Term::Piece(Piece::Ship)),
    row(En, "pirate", Term::Piece(Piece::Pirate)),
    row(De, "seeräuber", Term::Piece(Piece::Pirate)),
    alt(De, "pirat", Term::Piece(Piece::Pirate)),
    row(Ca, "pirata", Term::Piece(Piece::Pirate)),
    row(En, "island", Term::Piece(Piece::Island)),
    alt(En, "islands", Term::Piece(Piece::Island)),
    row(De, "insel", Term::Piece(Piece::Island)),
    alt(De, "inseln", Term::Piece(Piece::Island)),
    row(Ca, "illa", Term::Piece(Piece::Island)),
    alt(Ca, "illes", Term::Piece(Piece::Island)),
    // Terrain.
    row(En, "gold", Term::Terrain(Terrain::Gold)),
    row(De, "goldfluss", Term::Terrain(Terrain::Gold)),
    row(Ca, "or", Term::Terrain(Terrain::Gold)),
];
