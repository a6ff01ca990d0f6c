//! The game vocabulary: tables from `(language, word)` to a canonical [`Term`], the base
//! game's and one per expansion.
//!
//! Scenario files may be written in English, German or Catalan (`language`
//! header). The parser keeps words as written; lowering resolves them through
//! [`lookup`], and diagnostics use [`suggest`] for "did you mean …?".
//!
//! The base game's words are `vocab/base.rs`; each expansion's are its own table
//! (`vocab/ck.rs`, `vocab/court.rs`), which its lowering gives to the lookups
//! (`ExpansionLowering::VOCABULARY`, visited through `each_lowering!`): [`entries`] is the
//! base table, then each expansion's. Adding a language's words is only adding rows. A
//! word may have several meanings (`knight` is a piece in Cities & Knights and a
//! development card); [`lookup`] returns the first, in the order of their kinds
//! ([`TermKind`]), [`lookup_kind`] narrows to one kind and [`lookup_all`] lists every
//! meaning.

use std::fmt;

pub(crate) mod barb;
mod base;
pub(crate) mod ck;
pub(crate) mod court;
pub(crate) mod sea;

pub use ck::{KnightLevel, Status};

/// A language scenario files can be written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Language {
    /// English (`en`).
    En,
    /// German (`de`).
    De,
    /// Catalan (`ca`).
    Ca,
}

impl Language {
    /// All languages.
    pub const ALL: [Language; 3] = [Language::En, Language::De, Language::Ca];

    /// The code used in `language` headers: `en`, `de`, `ca`.
    pub fn code(self) -> &'static str {
        match self {
            Language::En => "en",
            Language::De => "de",
            Language::Ca => "ca",
        }
    }

    /// Reads a `language` header code.
    pub fn from_code(code: &str) -> Option<Language> {
        Language::ALL.into_iter().find(|l| l.code() == code)
    }
}

impl fmt::Display for Language {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

// The game's things are the engine's own types: the vocabulary maps words to them.
/// A commodity card: the engine's card kinds `Paper`, `Cloth`, `Coin` (the vocabulary only
/// maps commodity words to these three).
pub use catan_engine::CardKind as Commodity;
pub use catan_engine::{Colour, DevCard, EventFace, Resource, Terrain, Track};

/// A piece on the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[allow(missing_docs)]
pub enum Piece {
    Settlement,
    City,
    Road,
    Ship,
    Knight,
    Wall,
    /// Seafarers' pirate ship (a figure, like the robber).
    Pirate,
    /// Seafarers' island marker (a token under a settlement on a new island).
    Island,
}

/// A canonical game term, independent of the language it was written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Term {
    /// A resource card.
    Resource(Resource),
    /// A commodity card.
    Commodity(Commodity),
    /// A piece.
    Piece(Piece),
    /// A player colour.
    Colour(Colour),
    /// A development card.
    DevCard(DevCard),
    /// A terrain.
    Terrain(Terrain),
    /// A knight level.
    KnightLevel(KnightLevel),
    /// An improvement track.
    Track(Track),
    /// A Cities & Knights progress card.
    Progress(catan_engine::ProgressCard),
    /// A face of the event die.
    EventFace(EventFace),
    /// A city improvement: the building of a track's level (`aqueduct` = science 3).
    Improvement(Track, u8),
    /// Active or inactive (knights, the robber).
    Status(Status),
}

/// The kinds of [`Term`], for filtering lookups and suggestions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum TermKind {
    /// [`Term::Resource`].
    Resource,
    /// [`Term::Commodity`].
    Commodity,
    /// [`Term::Piece`].
    Piece,
    /// [`Term::Colour`].
    Colour,
    /// [`Term::DevCard`].
    DevCard,
    /// [`Term::Terrain`].
    Terrain,
    /// [`Term::KnightLevel`].
    KnightLevel,
    /// [`Term::Track`].
    Track,
    /// [`Term::Progress`].
    Progress,
    /// [`Term::EventFace`].
    EventFace,
    /// [`Term::Improvement`].
    Improvement,
    /// [`Term::Status`].
    Status,
}

impl TermKind {
    /// The kind in words, for messages: "a resource", "a colour"…
    pub fn describe(self) -> &'static str {
        match self {
            TermKind::Resource => "a resource",
            TermKind::Commodity => "a commodity",
            TermKind::Piece => "a piece",
            TermKind::Colour => "a colour",
            TermKind::DevCard => "a development card",
            TermKind::Terrain => "a terrain",
            TermKind::KnightLevel => "a knight level",
            TermKind::Track => "an improvement track",
            TermKind::Progress => "a progress card",
            TermKind::EventFace => "an event-die face",
            TermKind::Improvement => "a city improvement",
            TermKind::Status => "active or inactive",
        }
    }
}

impl Term {
    /// The term's kind.
    pub fn kind(self) -> TermKind {
        match self {
            Term::Resource(_) => TermKind::Resource,
            Term::Commodity(_) => TermKind::Commodity,
            Term::Piece(_) => TermKind::Piece,
            Term::Colour(_) => TermKind::Colour,
            Term::DevCard(_) => TermKind::DevCard,
            Term::Terrain(_) => TermKind::Terrain,
            Term::KnightLevel(_) => TermKind::KnightLevel,
            Term::Progress(_) => TermKind::Progress,
            Term::EventFace(_) => TermKind::EventFace,
            Term::Improvement(..) => TermKind::Improvement,
            Term::Status(_) => TermKind::Status,
            Term::Track(_) => TermKind::Track,
        }
    }

    /// The term's canonical (English, singular) word.
    pub fn canonical(self) -> &'static str {
        entries()
            .find(|e| e.lang == Language::En && e.term == self && e.canonical)
            .map(|e| e.word)
            .unwrap_or("?")
    }
}

impl fmt::Display for Term {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.canonical())
    }
}

/// One row of a vocabulary table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Entry {
    /// The language of `word`.
    pub lang: Language,
    /// The word as written in scenario files.
    pub word: &'static str,
    /// What it means.
    pub term: Term,
    /// True for the one preferred spelling of `term` in `lang` (the singular);
    /// false for plurals and other accepted forms.
    pub canonical: bool,
}

/// A row with the preferred spelling of its term.
const fn row(lang: Language, word: &'static str, term: Term) -> Entry {
    Entry {
        lang,
        word,
        term,
        canonical: true,
    }
}

/// A row with another accepted spelling (a plural, an older name).
const fn alt(lang: Language, word: &'static str, term: Term) -> Entry {
    Entry {
        lang,
        word,
        term,
        canonical: false,
    }
}

/// Every row of the vocabulary: the base game's table, then each expansion's in the order of
/// `each_lowering!`.
pub fn entries() -> impl Iterator<Item = &'static Entry> {
    base::WORDS
        .iter()
        .chain(crate::lower::vocabularies().iter().flat_map(|t| t.iter()))
}

/// The first meaning of `word` in `lang` (see [`lookup_kind`] for words with
/// several meanings, like `knight`).
pub fn lookup(lang: Language, word: &str) -> Option<Term> {
    lookup_all(lang, word).next()
}

/// The meaning of `word` in `lang` among terms of `kind` only.
pub fn lookup_kind(lang: Language, word: &str, kind: TermKind) -> Option<Term> {
    lookup_all(lang, word).find(|t| t.kind() == kind)
}

/// Every meaning of `word` in `lang`, in the order of their kinds ([`TermKind`]: a piece
/// before a development card, a development card before a progress card, a track before an
/// event face), whichever table each comes from; meanings of one kind in [`entries`] order.
pub fn lookup_all(lang: Language, word: &str) -> impl Iterator<Item = Term> {
    let mut terms: Vec<Term> = entries()
        .filter(|e| e.lang == lang && e.word == word)
        .map(|e| e.term)
        .collect();
    terms.sort_by_key(|t| t.kind());
    terms.into_iter()
}

/// The words of `lang` (optionally only those of `kind`), in [`entries`] order.
pub fn words(lang: Language, kind: Option<TermKind>) -> impl Iterator<Item = &'static str> {
    entries()
        .filter(move |e| e.lang == lang && kind_ok(kind, e.term))
        .map(|e| e.word)
}

/// The word of `lang` (optionally only of `kind`) closest to `word`, for a
/// "did you mean …?". `None` when nothing is close enough, or when `word` is
/// itself in the table.
pub fn suggest(lang: Language, word: &str, kind: Option<TermKind>) -> Option<&'static str> {
    if lookup_all(lang, word).any(|t| kind_ok(kind, t)) {
        return None;
    }
    nearest(word, words(lang, kind))
}

fn kind_ok(kind: Option<TermKind>, term: Term) -> bool {
    match kind {
        Some(k) => term.kind() == k,
        None => true,
    }
}

/// The candidate closest to `word` by edit distance, when it is close enough
/// to be a likely misspelling: at most 1 edit for words up to 4 characters,
/// 2 up to 8, 3 beyond (transpositions count as one edit). Ties are broken by
/// Jaro–Winkler similarity; a remaining tie gives no suggestion.
pub fn nearest<'c>(word: &str, candidates: impl IntoIterator<Item = &'c str>) -> Option<&'c str> {
    let len = word.chars().count();
    let limit = match len {
        0 => return None,
        1..=4 => 1,
        5..=8 => 2,
        _ => 3,
    };
    let lower = word.to_lowercase();
    let mut best: Option<(usize, f64, &'c str)> = None;
    let mut tied = false;
    for cand in candidates {
        if cand == word {
            continue;
        }
        let d = strsim::damerau_levenshtein(&lower, cand);
        if d > limit {
            continue;
        }
        let jw = strsim::jaro_winkler(&lower, cand);
        match best {
            None => best = Some((d, jw, cand)),
            Some((bd, bjw, bc)) => {
                if d < bd || (d == bd && jw > bjw) {
                    best = Some((d, jw, cand));
                    tied = false;
                } else if d == bd && jw == bjw && bc != cand {
                    tied = true;
                }
            }
        }
    }
    if tied {
        None
    } else {
        best.map(|(_, _, c)| c)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lookup_english() {
        assert_eq!(lookup(Language::En, "wool"), Some(Term::Resource(Resource::Wool)));
        assert_eq!(
            lookup(Language::En, "settlements"),
            Some(Term::Piece(Piece::Settlement))
        );
        assert_eq!(lookup(Language::En, "cities"), Some(Term::Piece(Piece::City)));
        assert_eq!(lookup(Language::En, "nonsense"), None);
        assert_eq!(lookup(Language::De, "wool"), None);
    }

    #[test]
    fn knight_has_two_meanings() {
        assert_eq!(lookup(Language::En, "knight"), Some(Term::Piece(Piece::Knight)));
        assert_eq!(
            lookup_kind(Language::En, "knight", TermKind::DevCard),
            Some(Term::DevCard(DevCard::Knight))
        );
        assert_eq!(lookup_all(Language::En, "knight").count(), 2);
    }

    #[test]
    fn canonical_words() {
        assert_eq!(Term::Piece(Piece::City).canonical(), "city");
        assert_eq!(Term::DevCard(DevCard::YearOfPlenty).to_string(), "year-of-plenty");
        // Every term has exactly one canonical English row.
        for e in entries() {
            let n = entries()
                .filter(|x| x.lang == Language::En && x.term == e.term && x.canonical)
                .count();
            assert_eq!(n, 1, "{:?}", e.term);
        }
    }

    #[test]
    fn each_expansions_words_are_its_own_table() {
        // The lookups reach every expansion's table through its lowering.
        assert_eq!(lookup(Language::En, "court"), Some(Term::Terrain(Terrain::Court)));
        assert_eq!(lookup(Language::De, "tuch"), Some(Term::Commodity(Commodity::Cloth)));
        // The base game's table names none of Cities & Knights' things.
        let ck_kinds = [
            TermKind::Commodity,
            TermKind::KnightLevel,
            TermKind::Track,
            TermKind::Progress,
            TermKind::EventFace,
            TermKind::Improvement,
            TermKind::Status,
        ];
        for e in base::WORDS {
            assert!(
                !ck_kinds.contains(&e.term.kind()),
                "{} is a Cities & Knights word",
                e.word
            );
            assert_ne!(e.term, Term::Piece(Piece::Knight), "{}", e.word);
            assert_ne!(e.term, Term::Terrain(Terrain::Court), "{}", e.word);
        }
        assert!(ck::WORDS.iter().all(|e| e.term != Term::Terrain(Terrain::Court)));
        assert!(court::WORDS.iter().all(|e| e.term == Term::Terrain(Terrain::Court)));
    }

    #[test]
    fn a_words_meanings_are_of_different_kinds() {
        // So "in the order of their kinds" orders every word's meanings fully, whichever
        // tables they come from.
        for e in entries() {
            let kinds: Vec<TermKind> = lookup_all(e.lang, e.word).map(|t| t.kind()).collect();
            let mut distinct = kinds.clone();
            distinct.dedup();
            assert_eq!(kinds, distinct, "{} {}", e.lang, e.word);
        }
        assert_eq!(
            lookup_all(Language::En, "road-building").collect::<Vec<_>>(),
            [
                Term::DevCard(DevCard::RoadBuilding),
                Term::Progress(catan_engine::ProgressCard::RoadBuilding)
            ]
        );
        assert_eq!(
            lookup_all(Language::De, "schiff").collect::<Vec<_>>(),
            [Term::Piece(Piece::Ship), Term::EventFace(EventFace::Ship)]
        );
    }

    #[test]
    fn suggestions() {
        assert_eq!(suggest(Language::En, "wol", None), Some("wool"));
        assert_eq!(suggest(Language::En, "brik", Some(TermKind::Resource)), Some("brick"));
        assert_eq!(suggest(Language::En, "setlement", None), Some("settlement"));
        assert_eq!(suggest(Language::En, "year-of-plenti", None), Some("year-of-plenty"));
        assert_eq!(suggest(Language::En, "wool", None), None);
        assert_eq!(suggest(Language::En, "zzzzzz", None), None);
        // Filtered by kind: `red` is close to `reed`? No: only colours.
        assert_eq!(suggest(Language::En, "rde", Some(TermKind::Colour)), Some("red"));
        assert_eq!(suggest(Language::En, "ore", Some(TermKind::Colour)), None);
    }

    #[test]
    fn nearest_breaks_ties_or_gives_up() {
        assert_eq!(nearest("nn", ["n", "ne", "se", "s", "sw", "nw"]), Some("n"));
        assert_eq!(nearest("scenaro", ["scenario", "source"]), Some("scenario"));
        assert_eq!(nearest("langauge", ["language"]), Some("language"));
        assert_eq!(nearest("q", ["n", "s"]), None);
    }

    #[test]
    fn language_codes() {
        for l in Language::ALL {
            assert_eq!(Language::from_code(l.code()), Some(l));
        }
        assert_eq!(Language::from_code("fr"), None);
    }
}
