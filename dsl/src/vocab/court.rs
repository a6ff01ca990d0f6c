//! The Court's words: the court hex, in English, German and Catalan. The table the lookups
//! visit for The Court, given to them by its lowering (`ExpansionLowering::VOCABULARY` in
//! `lower/court.rs`).

use super::Language::{Ca, De, En};
use super::{row, Entry, Term, Terrain};

/// The Court's words.
pub(crate) const WORDS: &[Entry] = &[
    // Terrain.
    row(En, "court", Term::Terrain(Terrain::Court)),
    row(De, "hof", Term::Terrain(Terrain::Court)),
    row(Ca, "cort", Term::Terrain(Terrain::Court)),
];
