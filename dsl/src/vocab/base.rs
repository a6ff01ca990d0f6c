//! The base game's words: resources, pieces, colours, development cards and terrain, in
//! English, German and Catalan. The lookups visit this table first, then each expansion's
//! (see [`super`]).
//!
//! The sea is the base game's word too (an explicit board may frame its island with sea);
//! ships, gold fields, the pirate and islands are Seafarers' (`vocab/sea.rs`).

use super::Language::{Ca, De, En};
use super::{alt, row, Colour, DevCard, Entry, Piece, Resource, Term, Terrain};

/// The base game's words: English (source 000's words), German (source 004's words where it
/// prints them) and Catalan (source 001's words where it prints them).
pub(crate) const WORDS: &[Entry] = &[
    // Resources.
    row(En, "brick", Term::Resource(Resource::Brick)),
    row(En, "lumber", Term::Resource(Resource::Lumber)),
    row(En, "wool", Term::Resource(Resource::Wool)),
    row(En, "grain", Term::Resource(Resource::Grain)),
    row(En, "ore", Term::Resource(Resource::Ore)),
    // Older English names (base game 4th edition and earlier).
    alt(En, "wood", Term::Resource(Resource::Lumber)),
    alt(En, "wheat", Term::Resource(Resource::Grain)),
    alt(En, "sheep", Term::Resource(Resource::Wool)),
    // Pieces.
    row(En, "settlement", Term::Piece(Piece::Settlement)),
    alt(En, "settlements", Term::Piece(Piece::Settlement)),
    row(En, "city", Term::Piece(Piece::City)),
    alt(En, "cities", Term::Piece(Piece::City)),
    row(En, "road", Term::Piece(Piece::Road)),
    alt(En, "roads", Term::Piece(Piece::Road)),
    // Colours.
    row(En, "red", Term::Colour(Colour::Red)),
    row(En, "blue", Term::Colour(Colour::Blue)),
    row(En, "white", Term::Colour(Colour::White)),
    row(En, "orange", Term::Colour(Colour::Orange)),
    row(En, "green", Term::Colour(Colour::Green)),
    row(En, "brown", Term::Colour(Colour::Brown)),
    // Development cards.
    row(En, "knight", Term::DevCard(DevCard::Knight)),
    alt(En, "knights", Term::DevCard(DevCard::Knight)),
    row(En, "victory-point", Term::DevCard(DevCard::VictoryPoint)),
    alt(En, "victory-points", Term::DevCard(DevCard::VictoryPoint)),
    row(En, "road-building", Term::DevCard(DevCard::RoadBuilding)),
    row(En, "year-of-plenty", Term::DevCard(DevCard::YearOfPlenty)),
    row(En, "monopoly", Term::DevCard(DevCard::Monopoly)),
    // Terrain.
    row(En, "hills", Term::Terrain(Terrain::Hills)),
    row(En, "forest", Term::Terrain(Terrain::Forest)),
    row(En, "pasture", Term::Terrain(Terrain::Pasture)),
    row(En, "fields", Term::Terrain(Terrain::Fields)),
    row(En, "mountains", Term::Terrain(Terrain::Mountains)),
    row(En, "desert", Term::Terrain(Terrain::Desert)),
    row(En, "sea", Term::Terrain(Terrain::Sea)),
    // German (source 004 and the concordance of ck-edge-cases §3).
    row(De, "lehm", Term::Resource(Resource::Brick)),
    row(De, "holz", Term::Resource(Resource::Lumber)),
    row(De, "wolle", Term::Resource(Resource::Wool)),
    row(De, "getreide", Term::Resource(Resource::Grain)),
    row(De, "erz", Term::Resource(Resource::Ore)),
    row(De, "siedlung", Term::Piece(Piece::Settlement)),
    alt(De, "siedlungen", Term::Piece(Piece::Settlement)),
    row(De, "stadt", Term::Piece(Piece::City)),
    alt(De, "städte", Term::Piece(Piece::City)),
    row(De, "straße", Term::Piece(Piece::Road)),
    alt(De, "straßen", Term::Piece(Piece::Road)),
    row(De, "rot", Term::Colour(Colour::Red)),
    row(De, "blau", Term::Colour(Colour::Blue)),
    row(De, "weiß", Term::Colour(Colour::White)),
    alt(De, "weiss", Term::Colour(Colour::White)),
    row(De, "orange", Term::Colour(Colour::Orange)),
    row(De, "grün", Term::Colour(Colour::Green)),
    row(De, "braun", Term::Colour(Colour::Brown)),
    row(De, "hügelland", Term::Terrain(Terrain::Hills)),
    row(De, "wald", Term::Terrain(Terrain::Forest)),
    row(De, "weideland", Term::Terrain(Terrain::Pasture)),
    row(De, "ackerland", Term::Terrain(Terrain::Fields)),
    row(De, "gebirge", Term::Terrain(Terrain::Mountains)),
    row(De, "wüste", Term::Terrain(Terrain::Desert)),
    row(De, "meer", Term::Terrain(Terrain::Sea)),
    // Catalan (source 001 and the concordance of ck-edge-cases §3).
    row(Ca, "maó", Term::Resource(Resource::Brick)),
    row(Ca, "fusta", Term::Resource(Resource::Lumber)),
    row(Ca, "llana", Term::Resource(Resource::Wool)),
    row(Ca, "blat", Term::Resource(Resource::Grain)),
    alt(Ca, "gra", Term::Resource(Resource::Grain)),
    row(Ca, "mineral", Term::Resource(Resource::Ore)),
    row(Ca, "assentament", Term::Piece(Piece::Settlement)),
    alt(Ca, "assentaments", Term::Piece(Piece::Settlement)),
    row(Ca, "ciutat", Term::Piece(Piece::City)),
    alt(Ca, "ciutats", Term::Piece(Piece::City)),
    row(Ca, "carretera", Term::Piece(Piece::Road)),
    alt(Ca, "carreteres", Term::Piece(Piece::Road)),
    row(Ca, "vermell", Term::Colour(Colour::Red)),
    row(Ca, "blau", Term::Colour(Colour::Blue)),
    row(Ca, "blanc", Term::Colour(Colour::White)),
    row(Ca, "taronja", Term::Colour(Colour::Orange)),
    row(Ca, "verd", Term::Colour(Colour::Green)),
    row(Ca, "marró", Term::Colour(Colour::Brown)),
    row(Ca, "turó", Term::Terrain(Terrain::Hills)),
    row(Ca, "bosc", Term::Terrain(Terrain::Forest)),
    row(Ca, "pastura", Term::Terrain(Terrain::Pasture)),
    row(Ca, "camp", Term::Terrain(Terrain::Fields)),
    row(Ca, "muntanya", Term::Terrain(Terrain::Mountains)),
    row(Ca, "desert", Term::Terrain(Terrain::Desert)),
    row(Ca, "mar", Term::Terrain(Terrain::Sea)),
];
