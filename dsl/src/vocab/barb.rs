//! Barbarian Attack's words with a vocabulary kind: the castle hex, in English, German and
//! Catalan. The scenario's other nouns (barbarian, prisoner, gold, the scenario cards) are
//! read by its lowering (`lower/barb.rs`, [`NOUNS`]) in the same three languages. The table
//! the lookups visit for Barbarian Attack, given by `ExpansionLowering::VOCABULARY`.

use super::Language::{Ca, De, En};
use super::{row, Entry, Term, Terrain};

/// Barbarian Attack's words.
pub(crate) const WORDS: &[Entry] = &[
    row(En, "castle", Term::Terrain(Terrain::Castle)),
    row(De, "burg", Term::Terrain(Terrain::Castle)),
    row(Ca, "castell", Term::Terrain(Terrain::Castle)),
];

/// The scenario's nouns: (canonical English word, its words in English, German, Catalan).
pub(crate) const NOUNS: &[(&str, &[&str])] = &[
    (
        "barbarian",
        &["barbarian", "barbarians", "barbar", "barbaren", "bàrbar", "bàrbars"],
    ),
    ("barbarian-card", &["barbarian-card", "barbarenkarte", "carta-bàrbar"]),
    (
        "prisoner",
        &[
            "prisoner",
            "prisoners",
            "gefangener",
            "gefangene",
            "presoner",
            "presoners",
        ],
    ),
    ("gold", &["gold", "or"]),
    ("supply", &["supply", "vorrat", "reserva"]),
    ("knighthood", &["knighthood", "ritterschlag", "investidura"]),
    (
        "swift-knight",
        &["swift-knight", "black-knight", "schneller-ritter", "cavaller-ràpid"],
    ),
    ("treason", &["treason", "verrat", "traïció"]),
    ("capture", &["capture", "intrigue", "gefangennahme", "captura"]),
    ("grain", &["grain", "getreide", "gra"]),
    ("paying", &["paying", "zahlt", "pagant"]),
];

/// The canonical word of a Barbarian Attack noun written in any of the three languages.
pub(crate) fn noun(word: &str) -> Option<&'static str> {
    NOUNS
        .iter()
        .find(|(_, words)| words.contains(&word))
        .map(|(canonical, _)| *canonical)
}
