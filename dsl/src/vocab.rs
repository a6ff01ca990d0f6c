//! The game vocabulary: one table from `(language, word)` to a canonical
//! [`Term`].
//!
//! Scenario files may be written in English, German or Catalan (`language`
//! header). The parser keeps words as written; lowering resolves them through
//! [`lookup`], and diagnostics use [`suggest`] for "did you mean …?".
//!
//! The table is [`TABLE`]: adding a language's words is only adding rows. A
//! word may have several meanings (`knight` is a piece in Cities & Knights and
//! a development card); [`lookup`] returns the first row, [`lookup_kind`]
//! narrows to one kind and [`lookup_all`] lists every meaning.

use std::fmt;

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

/// A Cities & Knights knight level, as written (the engine stores a knight's strength as a
/// number, 1 to 3; there is no engine type to reuse).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[allow(missing_docs)]
pub enum KnightLevel {
    Basic,
    Strong,
    Mighty,
}

/// Whether a Cities & Knights knight (or the robber) stands active, as written (the engine
/// stores a flag; there is no engine type to reuse).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[allow(missing_docs)]
pub enum Status {
    Active,
    Inactive,
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
        TABLE
            .iter()
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

/// One row of the vocabulary table.
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

const fn row(lang: Language, word: &'static str, term: Term) -> Entry {
    Entry {
        lang,
        word,
        term,
        canonical: true,
    }
}

const fn alt(lang: Language, word: &'static str, term: Term) -> Entry {
    Entry {
        lang,
        word,
        term,
        canonical: false,
    }
}

use Language::{Ca, De, En};

/// The vocabulary: English (source 000's words), German (source 004's words where it prints
/// them) and Catalan (source 001's words where it prints them).
pub const TABLE: &[Entry] = &[
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
    // Commodities.
    row(En, "paper", Term::Commodity(Commodity::Paper)),
    row(En, "cloth", Term::Commodity(Commodity::Cloth)),
    row(En, "coin", Term::Commodity(Commodity::Coin)),
    alt(En, "coins", Term::Commodity(Commodity::Coin)),
    // Pieces.
    row(En, "settlement", Term::Piece(Piece::Settlement)),
    alt(En, "settlements", Term::Piece(Piece::Settlement)),
    row(En, "city", Term::Piece(Piece::City)),
    alt(En, "cities", Term::Piece(Piece::City)),
    row(En, "road", Term::Piece(Piece::Road)),
    alt(En, "roads", Term::Piece(Piece::Road)),
    row(En, "ship", Term::Piece(Piece::Ship)),
    alt(En, "ships", Term::Piece(Piece::Ship)),
    row(En, "knight", Term::Piece(Piece::Knight)),
    alt(En, "knights", Term::Piece(Piece::Knight)),
    row(En, "wall", Term::Piece(Piece::Wall)),
    alt(En, "walls", Term::Piece(Piece::Wall)),
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
    row(En, "court", Term::Terrain(Terrain::Court)),
    row(En, "gold", Term::Terrain(Terrain::Gold)),
    // Knight levels.
    row(En, "basic", Term::KnightLevel(KnightLevel::Basic)),
    row(En, "strong", Term::KnightLevel(KnightLevel::Strong)),
    row(En, "mighty", Term::KnightLevel(KnightLevel::Mighty)),
    // Improvement tracks.
    row(En, "science", Term::Track(Track::Science)),
    row(En, "trade", Term::Track(Track::Trade)),
    row(En, "politics", Term::Track(Track::Politics)),
    // Progress cards: the names of source 000 (English, newest edition); older English
    // names as aliases (ck-edge-cases §3).
    row(En, "alchemy", Term::Progress(catan_engine::ProgressCard::Alchemy)),
    row(En, "crane", Term::Progress(catan_engine::ProgressCard::Crane)),
    row(
        En,
        "engineering",
        Term::Progress(catan_engine::ProgressCard::Engineering),
    ),
    row(En, "invention", Term::Progress(catan_engine::ProgressCard::Invention)),
    row(En, "irrigation", Term::Progress(catan_engine::ProgressCard::Irrigation)),
    row(En, "medicine", Term::Progress(catan_engine::ProgressCard::Medicine)),
    row(En, "mining", Term::Progress(catan_engine::ProgressCard::Mining)),
    row(
        En,
        "road-building",
        Term::Progress(catan_engine::ProgressCard::RoadBuilding),
    ),
    row(En, "smithing", Term::Progress(catan_engine::ProgressCard::Smithing)),
    row(En, "printing", Term::Progress(catan_engine::ProgressCard::Printing)),
    row(
        En,
        "commercial-harbor",
        Term::Progress(catan_engine::ProgressCard::CommercialHarbor),
    ),
    row(En, "guild-dues", Term::Progress(catan_engine::ProgressCard::GuildDues)),
    row(En, "merchant", Term::Progress(catan_engine::ProgressCard::Merchant)),
    row(
        En,
        "merchant-fleet",
        Term::Progress(catan_engine::ProgressCard::MerchantFleet),
    ),
    row(
        En,
        "resource-monopoly",
        Term::Progress(catan_engine::ProgressCard::ResourceMonopoly),
    ),
    row(
        En,
        "trade-monopoly",
        Term::Progress(catan_engine::ProgressCard::TradeMonopoly),
    ),
    row(En, "taxation", Term::Progress(catan_engine::ProgressCard::Taxation)),
    row(
        En,
        "constitution",
        Term::Progress(catan_engine::ProgressCard::Constitution),
    ),
    row(En, "treason", Term::Progress(catan_engine::ProgressCard::Treason)),
    row(En, "diplomacy", Term::Progress(catan_engine::ProgressCard::Diplomacy)),
    row(En, "intrigue", Term::Progress(catan_engine::ProgressCard::Intrigue)),
    row(En, "sabotage", Term::Progress(catan_engine::ProgressCard::Sabotage)),
    row(En, "espionage", Term::Progress(catan_engine::ProgressCard::Espionage)),
    row(
        En,
        "encouragement",
        Term::Progress(catan_engine::ProgressCard::Encouragement),
    ),
    row(En, "wedding", Term::Progress(catan_engine::ProgressCard::Wedding)),
    alt(En, "alchemist", Term::Progress(catan_engine::ProgressCard::Alchemy)),
    alt(En, "engineer", Term::Progress(catan_engine::ProgressCard::Engineering)),
    alt(En, "inventor", Term::Progress(catan_engine::ProgressCard::Invention)),
    alt(En, "smith", Term::Progress(catan_engine::ProgressCard::Smithing)),
    alt(En, "printer", Term::Progress(catan_engine::ProgressCard::Printing)),
    alt(
        En,
        "master-merchant",
        Term::Progress(catan_engine::ProgressCard::GuildDues),
    ),
    alt(
        En,
        "commodity-monopoly",
        Term::Progress(catan_engine::ProgressCard::TradeMonopoly),
    ),
    alt(En, "bishop", Term::Progress(catan_engine::ProgressCard::Taxation)),
    alt(En, "deserter", Term::Progress(catan_engine::ProgressCard::Treason)),
    alt(En, "diplomat", Term::Progress(catan_engine::ProgressCard::Diplomacy)),
    alt(En, "saboteur", Term::Progress(catan_engine::ProgressCard::Sabotage)),
    alt(En, "spy", Term::Progress(catan_engine::ProgressCard::Espionage)),
    alt(En, "warlord", Term::Progress(catan_engine::ProgressCard::Encouragement)),
    // German (source 004 and the concordance of ck-edge-cases §3).
    row(De, "lehm", Term::Resource(Resource::Brick)),
    row(De, "holz", Term::Resource(Resource::Lumber)),
    row(De, "wolle", Term::Resource(Resource::Wool)),
    row(De, "getreide", Term::Resource(Resource::Grain)),
    row(De, "erz", Term::Resource(Resource::Ore)),
    row(De, "papier", Term::Commodity(Commodity::Paper)),
    row(De, "tuch", Term::Commodity(Commodity::Cloth)),
    row(De, "münze", Term::Commodity(Commodity::Coin)),
    alt(De, "münzen", Term::Commodity(Commodity::Coin)),
    row(De, "siedlung", Term::Piece(Piece::Settlement)),
    alt(De, "siedlungen", Term::Piece(Piece::Settlement)),
    row(De, "stadt", Term::Piece(Piece::City)),
    alt(De, "städte", Term::Piece(Piece::City)),
    row(De, "straße", Term::Piece(Piece::Road)),
    alt(De, "straßen", Term::Piece(Piece::Road)),
    row(De, "schiff", Term::Piece(Piece::Ship)),
    row(De, "ritter", Term::Piece(Piece::Knight)),
    row(De, "stadtmauer", Term::Piece(Piece::Wall)),
    alt(De, "stadtmauern", Term::Piece(Piece::Wall)),
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
    row(De, "hof", Term::Terrain(Terrain::Court)),
    row(De, "goldfluss", Term::Terrain(Terrain::Gold)),
    row(De, "einfach", Term::KnightLevel(KnightLevel::Basic)),
    row(De, "stark", Term::KnightLevel(KnightLevel::Strong)),
    row(De, "mächtig", Term::KnightLevel(KnightLevel::Mighty)),
    row(De, "wissenschaft", Term::Track(Track::Science)),
    row(De, "handel", Term::Track(Track::Trade)),
    row(De, "politik", Term::Track(Track::Politics)),
    row(De, "schiff", Term::EventFace(EventFace::Ship)),
    row(De, "wissenschaft", Term::EventFace(EventFace::Gate(Track::Science))),
    row(De, "handel", Term::EventFace(EventFace::Gate(Track::Trade))),
    row(De, "politik", Term::EventFace(EventFace::Gate(Track::Politics))),
    row(De, "alchimist", Term::Progress(catan_engine::ProgressCard::Alchemy)),
    row(De, "kran", Term::Progress(catan_engine::ProgressCard::Crane)),
    row(De, "ingenieur", Term::Progress(catan_engine::ProgressCard::Engineering)),
    row(De, "erfinder", Term::Progress(catan_engine::ProgressCard::Invention)),
    row(
        De,
        "bewässerung",
        Term::Progress(catan_engine::ProgressCard::Irrigation),
    ),
    row(De, "medizin", Term::Progress(catan_engine::ProgressCard::Medicine)),
    row(De, "bergbau", Term::Progress(catan_engine::ProgressCard::Mining)),
    row(
        De,
        "straßenbau",
        Term::Progress(catan_engine::ProgressCard::RoadBuilding),
    ),
    row(De, "schmied", Term::Progress(catan_engine::ProgressCard::Smithing)),
    row(De, "buchdruck", Term::Progress(catan_engine::ProgressCard::Printing)),
    row(
        De,
        "handelshafen",
        Term::Progress(catan_engine::ProgressCard::CommercialHarbor),
    ),
    row(
        De,
        "handelsmeister",
        Term::Progress(catan_engine::ProgressCard::GuildDues),
    ),
    alt(
        De,
        "meisterhändler",
        Term::Progress(catan_engine::ProgressCard::GuildDues),
    ),
    row(De, "händler", Term::Progress(catan_engine::ProgressCard::Merchant)),
    row(
        De,
        "handelsflotte",
        Term::Progress(catan_engine::ProgressCard::MerchantFleet),
    ),
    row(
        De,
        "rohstoffmonopol",
        Term::Progress(catan_engine::ProgressCard::ResourceMonopoly),
    ),
    row(
        De,
        "handelsmonopol",
        Term::Progress(catan_engine::ProgressCard::TradeMonopoly),
    ),
    row(De, "bischof", Term::Progress(catan_engine::ProgressCard::Taxation)),
    row(
        De,
        "verfassung",
        Term::Progress(catan_engine::ProgressCard::Constitution),
    ),
    row(De, "deserteur", Term::Progress(catan_engine::ProgressCard::Treason)),
    row(De, "diplomat", Term::Progress(catan_engine::ProgressCard::Diplomacy)),
    row(De, "intrige", Term::Progress(catan_engine::ProgressCard::Intrigue)),
    row(De, "saboteur", Term::Progress(catan_engine::ProgressCard::Sabotage)),
    row(De, "spion", Term::Progress(catan_engine::ProgressCard::Espionage)),
    row(
        De,
        "feldherr",
        Term::Progress(catan_engine::ProgressCard::Encouragement),
    ),
    alt(
        De,
        "kriegsherr",
        Term::Progress(catan_engine::ProgressCard::Encouragement),
    ),
    row(De, "hochzeit", Term::Progress(catan_engine::ProgressCard::Wedding)),
    // Catalan (source 001 and the concordance of ck-edge-cases §3).
    row(Ca, "maó", Term::Resource(Resource::Brick)),
    row(Ca, "fusta", Term::Resource(Resource::Lumber)),
    row(Ca, "llana", Term::Resource(Resource::Wool)),
    row(Ca, "blat", Term::Resource(Resource::Grain)),
    alt(Ca, "gra", Term::Resource(Resource::Grain)),
    row(Ca, "mineral", Term::Resource(Resource::Ore)),
    row(Ca, "paper", Term::Commodity(Commodity::Paper)),
    row(Ca, "tela", Term::Commodity(Commodity::Cloth)),
    row(Ca, "moneda", Term::Commodity(Commodity::Coin)),
    alt(Ca, "monedes", Term::Commodity(Commodity::Coin)),
    row(Ca, "assentament", Term::Piece(Piece::Settlement)),
    alt(Ca, "assentaments", Term::Piece(Piece::Settlement)),
    row(Ca, "ciutat", Term::Piece(Piece::City)),
    alt(Ca, "ciutats", Term::Piece(Piece::City)),
    row(Ca, "carretera", Term::Piece(Piece::Road)),
    alt(Ca, "carreteres", Term::Piece(Piece::Road)),
    row(Ca, "vaixell", Term::Piece(Piece::Ship)),
    row(Ca, "cavaller", Term::Piece(Piece::Knight)),
    alt(Ca, "cavallers", Term::Piece(Piece::Knight)),
    row(Ca, "muralla", Term::Piece(Piece::Wall)),
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
    row(Ca, "cort", Term::Terrain(Terrain::Court)),
    row(Ca, "or", Term::Terrain(Terrain::Gold)),
    row(Ca, "bàsic", Term::KnightLevel(KnightLevel::Basic)),
    row(Ca, "fort", Term::KnightLevel(KnightLevel::Strong)),
    row(Ca, "poderós", Term::KnightLevel(KnightLevel::Mighty)),
    row(Ca, "ciència", Term::Track(Track::Science)),
    row(Ca, "comerç", Term::Track(Track::Trade)),
    row(Ca, "política", Term::Track(Track::Politics)),
    row(Ca, "vaixell", Term::EventFace(EventFace::Ship)),
    row(Ca, "ciència", Term::EventFace(EventFace::Gate(Track::Science))),
    row(Ca, "comerç", Term::EventFace(EventFace::Gate(Track::Trade))),
    row(Ca, "política", Term::EventFace(EventFace::Gate(Track::Politics))),
    row(Ca, "alquimista", Term::Progress(catan_engine::ProgressCard::Alchemy)),
    row(Ca, "grua", Term::Progress(catan_engine::ProgressCard::Crane)),
    row(Ca, "enginyer", Term::Progress(catan_engine::ProgressCard::Engineering)),
    row(Ca, "inventor", Term::Progress(catan_engine::ProgressCard::Invention)),
    row(Ca, "reg", Term::Progress(catan_engine::ProgressCard::Irrigation)),
    row(Ca, "medicina", Term::Progress(catan_engine::ProgressCard::Medicine)),
    row(Ca, "mineria", Term::Progress(catan_engine::ProgressCard::Mining)),
    row(
        Ca,
        "construcció-de-carreteres",
        Term::Progress(catan_engine::ProgressCard::RoadBuilding),
    ),
    row(Ca, "smith", Term::Progress(catan_engine::ProgressCard::Smithing)),
    row(Ca, "impressora", Term::Progress(catan_engine::ProgressCard::Printing)),
    row(
        Ca,
        "port-comercial",
        Term::Progress(catan_engine::ProgressCard::CommercialHarbor),
    ),
    row(
        Ca,
        "mestre-comerciant",
        Term::Progress(catan_engine::ProgressCard::GuildDues),
    ),
    row(Ca, "comerciant", Term::Progress(catan_engine::ProgressCard::Merchant)),
    row(
        Ca,
        "flota-mercant",
        Term::Progress(catan_engine::ProgressCard::MerchantFleet),
    ),
    row(
        Ca,
        "monopoli-de-recursos",
        Term::Progress(catan_engine::ProgressCard::ResourceMonopoly),
    ),
    row(
        Ca,
        "monopoli-de-mercaderies",
        Term::Progress(catan_engine::ProgressCard::TradeMonopoly),
    ),
    row(Ca, "bisbe", Term::Progress(catan_engine::ProgressCard::Taxation)),
    row(
        Ca,
        "constitució",
        Term::Progress(catan_engine::ProgressCard::Constitution),
    ),
    row(Ca, "desertor", Term::Progress(catan_engine::ProgressCard::Treason)),
    row(Ca, "diplomàtic", Term::Progress(catan_engine::ProgressCard::Diplomacy)),
    row(Ca, "intriga", Term::Progress(catan_engine::ProgressCard::Intrigue)),
    row(Ca, "sabotejador", Term::Progress(catan_engine::ProgressCard::Sabotage)),
    row(Ca, "espia", Term::Progress(catan_engine::ProgressCard::Espionage)),
    row(
        Ca,
        "senyor-de-la-guerra",
        Term::Progress(catan_engine::ProgressCard::Encouragement),
    ),
    row(Ca, "casament", Term::Progress(catan_engine::ProgressCard::Wedding)),
    // Event die faces.
    row(En, "ship", Term::EventFace(EventFace::Ship)),
    row(En, "science", Term::EventFace(EventFace::Gate(Track::Science))),
    row(En, "trade", Term::EventFace(EventFace::Gate(Track::Trade))),
    row(En, "politics", Term::EventFace(EventFace::Gate(Track::Politics))),
    // City improvements, the building of each level. Seed 000 prints Market (trade 1),
    // Trading House (the trade level-3 ability) and Fortress (politics 3); the other English
    // names are the older editions' (ck-edge-cases §2 item 38, unverified), with `guild` for
    // trade 2 after seed 004's Zunft. Seed 004 (German) prints Markt, Zunft, Gilde, Bank,
    // Festung, Kathedrale, Rat Catans, Aquädukt, Theater; seed 001 (Catalan) Casa de comerç,
    // Fortalesa, Aqüeducte.
    row(En, "abbey", Term::Improvement(Track::Science, 1)),
    row(En, "library", Term::Improvement(Track::Science, 2)),
    row(En, "aqueduct", Term::Improvement(Track::Science, 3)),
    row(En, "theater", Term::Improvement(Track::Science, 4)),
    row(En, "university", Term::Improvement(Track::Science, 5)),
    row(En, "market", Term::Improvement(Track::Trade, 1)),
    row(En, "guild", Term::Improvement(Track::Trade, 2)),
    row(En, "trading-house", Term::Improvement(Track::Trade, 3)),
    alt(En, "merchant-guild", Term::Improvement(Track::Trade, 3)),
    row(En, "bank", Term::Improvement(Track::Trade, 4)),
    row(En, "great-exchange", Term::Improvement(Track::Trade, 5)),
    row(En, "town-hall", Term::Improvement(Track::Politics, 1)),
    row(En, "church", Term::Improvement(Track::Politics, 2)),
    row(En, "fortress", Term::Improvement(Track::Politics, 3)),
    row(En, "cathedral", Term::Improvement(Track::Politics, 4)),
    row(En, "high-assembly", Term::Improvement(Track::Politics, 5)),
    row(De, "aquädukt", Term::Improvement(Track::Science, 3)),
    row(De, "theater", Term::Improvement(Track::Science, 4)),
    row(De, "markt", Term::Improvement(Track::Trade, 1)),
    row(De, "zunft", Term::Improvement(Track::Trade, 2)),
    row(De, "gilde", Term::Improvement(Track::Trade, 3)),
    row(De, "bank", Term::Improvement(Track::Trade, 4)),
    row(De, "festung", Term::Improvement(Track::Politics, 3)),
    row(De, "kathedrale", Term::Improvement(Track::Politics, 4)),
    row(De, "rat-catans", Term::Improvement(Track::Politics, 5)),
    row(Ca, "aqüeducte", Term::Improvement(Track::Science, 3)),
    row(Ca, "casa-de-comerç", Term::Improvement(Track::Trade, 3)),
    row(Ca, "fortalesa", Term::Improvement(Track::Politics, 3)),
    // Knight (and robber) status.
    row(En, "active", Term::Status(Status::Active)),
    row(En, "inactive", Term::Status(Status::Inactive)),
    row(De, "aktiv", Term::Status(Status::Active)),
    row(De, "inaktiv", Term::Status(Status::Inactive)),
    row(Ca, "actiu", Term::Status(Status::Active)),
    alt(Ca, "activa", Term::Status(Status::Active)),
    row(Ca, "inactiu", Term::Status(Status::Inactive)),
    alt(Ca, "inactiva", Term::Status(Status::Inactive)),
    // Seafarers (German: source 004's words; Catalan: this project's). Ships, sea and gold
    // fields are above with the other pieces and terrains. Catalan's "riu d'or" is two
    // words with an apostrophe, which a word of the language cannot hold: `or` it is.
    alt(De, "schiffe", Term::Piece(Piece::Ship)),
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
];

/// The first meaning of `word` in `lang` (see [`lookup_kind`] for words with
/// several meanings, like `knight`).
pub fn lookup(lang: Language, word: &str) -> Option<Term> {
    lookup_all(lang, word).next()
}

/// The meaning of `word` in `lang` among terms of `kind` only.
pub fn lookup_kind(lang: Language, word: &str, kind: TermKind) -> Option<Term> {
    lookup_all(lang, word).find(|t| t.kind() == kind)
}

/// Every meaning of `word` in `lang`, in table order.
pub fn lookup_all<'w>(lang: Language, word: &'w str) -> impl Iterator<Item = Term> + 'w {
    TABLE
        .iter()
        .filter(move |e| e.lang == lang && e.word == word)
        .map(|e| e.term)
}

/// The words of `lang` (optionally only those of `kind`), in table order.
pub fn words(lang: Language, kind: Option<TermKind>) -> impl Iterator<Item = &'static str> {
    TABLE
        .iter()
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
        for e in TABLE {
            let n = TABLE
                .iter()
                .filter(|x| x.lang == Language::En && x.term == e.term && x.canonical)
                .count();
            assert_eq!(n, 1, "{:?}", e.term);
        }
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
