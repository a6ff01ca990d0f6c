//! Lowering: from the syntax tree to engine terms ([`crate::scenario::Scenario`]).
//!
//! Resolves every name (players, cards, terrain, verbs) and every place (hexes,
//! intersections, paths) against the scenario's board, builds the declared position, and
//! turns each script line into an action with its forced chance, or an expectation. Every
//! error is collected with the span of the offending text, a stable code and a "did you
//! mean" where a near name exists; a declared position the engine finds inconsistent is
//! reported at the line that declared the offending item.

use crate::ast::{self, Arg, EdgeRef, ExpectKind, HexRef, Item, ScenarioFile, Span, Spanned, VertexRef};
use crate::report::count;
use crate::scenario::{ByteSpan, Expectation, Scenario, Step, StepKind, Variant};
use catan_engine::board::{Axial, Corner};
use catan_engine::cards::{Cards, DevCards};
use catan_engine::position::{Setup, StartPhase, Subject};
use catan_engine::ruleset::{OptionError, Profile};
use catan_engine::{
    Action, Board, CardKind, Colour, DevCard, EdgeId, Game, HexId, Outcome, PlayerId, Resource, Ruleset, Terrain,
    VertexId,
};
use miette::{Diagnostic, NamedSource, SourceSpan};
use std::sync::Arc;

/// The text of an included fragment with its name, shared by every error in it.
pub type FragmentSource = NamedSource<Arc<str>>;

/// One lowering error.
#[derive(Debug, Clone, thiserror::Error)]
#[error("{message}")]
pub struct LowerError {
    /// What is wrong.
    pub message: String,
    /// Stable code (`dsl::lower::unknown_name`, …), shown above the message.
    pub code: String,
    /// Where.
    pub span: SourceSpan,
    /// Label text.
    pub label: String,
    /// What to do.
    pub help: Option<String>,
    /// The file the span points into when it is not the scenario itself (an included
    /// fragment).
    pub src: Option<FragmentSource>,
}

/// Written out rather than derived: the code is known only when the error is found.
impl Diagnostic for LowerError {
    fn code<'a>(&'a self) -> Option<Box<dyn std::fmt::Display + 'a>> {
        Some(Box::new(&self.code))
    }

    fn help<'a>(&'a self) -> Option<Box<dyn std::fmt::Display + 'a>> {
        self.help.as_ref().map(|h| Box::new(h) as Box<dyn std::fmt::Display>)
    }

    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        self.src.as_ref().map(|s| s as &dyn miette::SourceCode)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = miette::LabeledSpan> + '_>> {
        Some(Box::new(std::iter::once(miette::LabeledSpan::new_with_span(
            Some(self.label.clone()),
            self.span,
        ))))
    }
}

/// All lowering errors of one file.
#[derive(Debug, thiserror::Error, Diagnostic)]
#[error("{}", crate::diagnostics::summary(errors.len(), file))]
pub struct LowerErrors {
    /// File name.
    pub file: String,
    /// The file.
    #[source_code]
    pub src: NamedSource<String>,
    /// The errors.
    #[related]
    pub errors: Vec<LowerError>,
}

mod barb;
mod base;
mod board;
mod ck;
mod court;
mod expansion;
mod refused;
mod sea;
mod strict;
pub use ck::{level_word, progress_text};
pub use court::prisoners_text;
pub(crate) use expansion::vocabularies;

struct Cx<'a> {
    text: &'a str,
    errors: Vec<LowerError>,
    board: Arc<Board>,
    colours: Vec<Colour>,
    /// Whether the scenario plays Cities & Knights (three dice).
    ck: bool,
    /// Whether the scenario plays The Court (its board has the Court hex in the centre).
    court: bool,
    /// Whether the scenario plays Seafarers (ships, the pirate, gold fields, sea maps).
    sea: bool,
    /// Whether the scenario plays Barbarian Attack (knights on paths, barbarians on hexes).
    barb: bool,
    /// The fragment being lowered, when spans point into an included file.
    src: Option<FragmentSource>,
    /// The file's language (its `language` header; English by default): every game word is
    /// read in it.
    lang: crate::vocab::Language,
}

fn sp(s: Span) -> SourceSpan {
    SourceSpan::new(s.start.into(), s.len())
}

fn nearest<'a>(word: &str, options: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    options
        .into_iter()
        .map(|o| (strsim::jaro_winkler(word, o), o))
        .filter(|(score, _)| *score > 0.75)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, o)| o)
}

const RESOURCE_WORDS: [&str; 5] = ["brick", "lumber", "wool", "grain", "ore"];
const CARD_WORDS: [&str; 8] = ["brick", "lumber", "wool", "grain", "ore", "paper", "cloth", "coin"];
const DEV_WORDS: [&str; 5] = ["knight", "victory-point", "road-building", "year-of-plenty", "monopoly"];
const PHASES: &[&str] = catan_engine::Phase::NAMES;

/// The card a word names, through the vocabulary ([`crate::vocab`]).
fn card_kind(lang: crate::vocab::Language, w: &str) -> Option<CardKind> {
    use crate::vocab::{self, Term, TermKind};
    let term =
        vocab::lookup_kind(lang, w, TermKind::Resource).or_else(|| vocab::lookup_kind(lang, w, TermKind::Commodity))?;
    match term {
        Term::Resource(r) => Some(r.card()),
        Term::Commodity(c) if c.is_commodity() => Some(c),
        _ => None,
    }
}

/// The development card a word names, through the vocabulary.
fn dev_card(lang: crate::vocab::Language, w: &str) -> Option<DevCard> {
    use crate::vocab::{self, Term, TermKind};
    match vocab::lookup_kind(lang, w, TermKind::DevCard)? {
        Term::DevCard(d) => Some(d),
        _ => None,
    }
}

impl Cx<'_> {
    fn err(
        &mut self,
        span: Span,
        code: &str,
        message: impl Into<String>,
        label: impl Into<String>,
        help: Option<String>,
    ) {
        self.errors.push(LowerError {
            message: message.into(),
            code: format!("dsl::lower::{code}"),
            span: sp(span),
            label: label.into(),
            help,
            src: self.src.clone(),
        });
    }

    fn unknown(&mut self, span: Span, what: &str, word: &str, options: &[&str]) {
        let near = nearest(word, options.iter().copied());
        let help = match near {
            Some(n) => Some(format!("did you mean `{n}`?")),
            None => Some(format!("expected {what}: {}", options.join(", "))),
        };
        self.err(
            span,
            "unknown_name",
            format!("unknown {what}: `{word}`"),
            format!("not a known {what}"),
            help,
        );
    }

    fn player(&mut self, name: &Spanned<String>) -> Option<PlayerId> {
        let colour = colour_word(self.lang, &name.node);
        match self.colours.iter().position(|c| Some(*c) == colour) {
            Some(i) => Some(PlayerId(i as u8)),
            None => {
                let seated: Vec<&str> = self.colours.iter().map(|c| c.name()).collect();
                self.unknown(name.span, "player at this table", &name.node, &seated);
                None
            }
        }
    }

    fn hex(&mut self, h: &Spanned<HexRef>) -> Option<HexId> {
        let id = match &h.node {
            HexRef::Label(l) => self.board.hex_by_label(l),
            HexRef::Axial { q, r } => {
                let (q, r) = (i8::try_from(*q).ok()?, i8::try_from(*r).ok()?);
                self.board.topology.hex_at(Axial::new(q, r))
            }
        };
        if id.is_none() {
            let labels: Vec<String> = self.board.labels.iter().flatten().cloned().collect();
            let last = labels.last().cloned().unwrap_or_default();
            self.err(
                h.span,
                "off_board",
                format!("there is no hex `{}` on this board", h.node),
                "not on the board",
                Some(format!("hexes are labelled A to {last} in reading order, or written (q,r); `catan-harness places` lists them")),
            );
        }
        id
    }

    fn corner(c: ast::Corner) -> Corner {
        match c {
            ast::Corner::N => Corner::N,
            ast::Corner::NE => Corner::NE,
            ast::Corner::SE => Corner::SE,
            ast::Corner::S => Corner::S,
            ast::Corner::SW => Corner::SW,
            ast::Corner::NW => Corner::NW,
        }
    }

    fn vertex(&mut self, v: &VertexRef, span: Span) -> Option<VertexId> {
        let h = self.hex(&v.hex)?;
        let id = self.board.topology.corner(h, Self::corner(v.corner.node));
        if id.is_none() {
            self.err(
                span,
                "off_board",
                format!("`{v}` is not on this board"),
                "not on the board",
                None,
            );
        }
        id
    }

    fn edge(&mut self, e: &EdgeRef, span: Span) -> Option<EdgeId> {
        let a = self.vertex(&e.from.node, e.from.span)?;
        let to = e.to();
        let b = self.vertex(&to, span)?;
        let id = self.board.topology.edge_between(a, b);
        if id.is_none() {
            self.err(
                span,
                "not_a_path",
                format!("`{e}` is not a path: its two intersections are not neighbours"),
                "these corners are not joined by one side",
                Some("a path joins two neighbouring corners, e.g. `A.n-ne` or `A.se-E.nw`".into()),
            );
        }
        id
    }

    fn arg_vertex(&mut self, a: &Spanned<Arg>) -> Option<VertexId> {
        match &a.node {
            Arg::Vertex(v) => self.vertex(v, a.span),
            other => {
                self.err(
                    a.span,
                    "expected_place",
                    format!("expected an intersection like `A.n`, found {}", other.kind_name()),
                    "not an intersection",
                    None,
                );
                None
            }
        }
    }

    fn arg_edge(&mut self, a: &Spanned<Arg>) -> Option<EdgeId> {
        match &a.node {
            Arg::Edge(e) => self.edge(e, a.span),
            other => {
                self.err(
                    a.span,
                    "expected_path",
                    format!("expected a path like `A.n-ne`, found {}", other.kind_name()),
                    "not a path",
                    None,
                );
                None
            }
        }
    }

    fn arg_hex(&mut self, a: &Spanned<Arg>) -> Option<HexId> {
        match &a.node {
            Arg::Hex(h) => self.hex(&Spanned::new(h.clone(), a.span)),
            other => {
                self.err(
                    a.span,
                    "expected_hex",
                    format!("expected a hex like `J`, found {}", other.kind_name()),
                    "not a hex",
                    None,
                );
                None
            }
        }
    }

    fn arg_word<'b>(&mut self, a: &'b Spanned<Arg>, what: &str) -> Option<&'b str> {
        match &a.node {
            Arg::Word(w) => Some(w.as_str()),
            Arg::Hex(HexRef::Label(l)) => Some(l.as_str()),
            other => {
                self.err(
                    a.span,
                    "expected_word",
                    format!("expected {what}, found {}", other.kind_name()),
                    format!("not {what}"),
                    None,
                );
                None
            }
        }
    }

    fn arg_player(&mut self, a: &Spanned<Arg>) -> Option<PlayerId> {
        let w = self.arg_word(a, "a player")?.to_string();
        self.player(&Spanned::new(w, a.span))
    }

    fn arg_resource(&mut self, a: &Spanned<Arg>) -> Option<Resource> {
        let w = self.arg_word(a, "a resource")?;
        match card_kind(self.lang, w).and_then(|k| k.resource()) {
            Some(r) => Some(r),
            None => {
                let w = w.to_string();
                let words = vocab_words(self.lang, &[crate::vocab::TermKind::Resource], &RESOURCE_WORDS);
                self.unknown(a.span, "resource", &w, &words);
                None
            }
        }
    }

    fn arg_card(&mut self, a: &Spanned<Arg>) -> Option<CardKind> {
        let w = self.arg_word(a, "a card")?;
        match card_kind(self.lang, w) {
            Some(k) => Some(k),
            None => {
                let w = w.to_string();
                let words = vocab_words(
                    self.lang,
                    &[crate::vocab::TermKind::Resource, crate::vocab::TermKind::Commodity],
                    &CARD_WORDS,
                );
                self.unknown(a.span, "card", &w, &words);
                None
            }
        }
    }

    /// `2 brick, 1 ore` or `nothing`.
    fn cards(&mut self, args: &[Spanned<Arg>]) -> Option<Cards> {
        let mut c = Cards::EMPTY;
        let mut ok = true;
        for a in args {
            match &a.node {
                Arg::Count { count, item } => match card_kind(self.lang, &item.node) {
                    // The engine counts at most 255 of a kind: the kind's running total.
                    Some(k) => match self.in_range(count.span, i64::from(c.get(k)) + i64::from(count.node), 0, 255) {
                        Some(n) => c.set(k, n as u8),
                        None => ok = false,
                    },
                    None => {
                        let words = vocab_words(
                            self.lang,
                            &[crate::vocab::TermKind::Resource, crate::vocab::TermKind::Commodity],
                            &CARD_WORDS,
                        );
                        self.unknown(item.span, "card", &item.node, &words);
                        ok = false;
                    }
                },
                Arg::Word(w) if w == "nothing" => {}
                Arg::Word(w) => match card_kind(self.lang, w) {
                    Some(k) => match self.in_range(a.span, i64::from(c.get(k)) + 1, 0, 255) {
                        Some(n) => c.set(k, n as u8),
                        None => ok = false,
                    },
                    None => {
                        let words = vocab_words(
                            self.lang,
                            &[crate::vocab::TermKind::Resource, crate::vocab::TermKind::Commodity],
                            &CARD_WORDS,
                        );
                        self.unknown(a.span, "card", w, &words);
                        ok = false;
                    }
                },
                other => {
                    self.err(
                        a.span,
                        "expected_cards",
                        format!("expected cards like `2 brick`, found {}", other.kind_name()),
                        "not cards",
                        None,
                    );
                    ok = false;
                }
            }
        }
        ok.then_some(c)
    }

    fn dev_cards(&mut self, args: &[Spanned<Arg>]) -> Option<DevCards> {
        let mut d = DevCards::EMPTY;
        let mut ok = true;
        for a in args {
            let (n, word, span) = match &a.node {
                Arg::Count { count, item } => match self.in_range(count.span, i64::from(count.node), 0, 255) {
                    Some(n) => (n as u8, item.node.as_str(), item.span),
                    None => {
                        ok = false;
                        continue;
                    }
                },
                Arg::Word(w) if w == "nothing" => continue,
                Arg::Word(w) => (1, w.as_str(), a.span),
                other => {
                    self.err(
                        a.span,
                        "expected_cards",
                        format!(
                            "expected development cards like `2 knight`, found {}",
                            other.kind_name()
                        ),
                        "not development cards",
                        None,
                    );
                    ok = false;
                    continue;
                }
            };
            match dev_card(self.lang, word) {
                Some(c) => match self.in_range(span, i64::from(d.get(c)) + i64::from(n), 0, 255) {
                    Some(total) => d.add(c, total as u8 - d.get(c)),
                    None => ok = false,
                },
                None => {
                    self.unknown(span, "development card", word, &DEV_WORDS);
                    ok = false;
                }
            }
        }
        ok.then_some(d)
    }

    /// A number from `lo` to `hi`; outside that range an error at its span (the engine's
    /// counters have fixed widths: a number is never clamped silently).
    fn number_in(&mut self, a: &Spanned<Arg>, lo: i64, hi: i64) -> Option<i64> {
        let n = self.number(a)?;
        self.in_range(a.span, n, lo, hi)
    }

    /// `n` when it lies in `lo..=hi`, else an error at `span`.
    fn in_range(&mut self, span: Span, n: i64, lo: i64, hi: i64) -> Option<i64> {
        if (lo..=hi).contains(&n) {
            return Some(n);
        }
        self.err(
            span,
            "number_out_of_range",
            format!("{n} is out of range here: the engine counts from {lo} to {hi}"),
            format!("expected {lo} to {hi}"),
            None,
        );
        None
    }

    fn number(&mut self, a: &Spanned<Arg>) -> Option<i64> {
        match &a.node {
            Arg::Number(n) => Some(*n),
            other => {
                self.err(
                    a.span,
                    "expected_number",
                    format!("expected a number, found {}", other.kind_name()),
                    "not a number",
                    None,
                );
                None
            }
        }
    }
}

fn rules_of(cx: &mut Cx<'_>, spec: &ast::RulesSpec) -> Ruleset {
    // `cities-and-knights+court`: modules joined by `+`.
    let r = Ruleset::from_names(spec.ruleset.node.split('+'));
    let mut r = match r {
        Ok(r) => r,
        Err(why) => {
            let unknown = spec
                .ruleset
                .node
                .split('+')
                .find(|n| Ruleset::from_names([*n]).is_err())
                .unwrap_or(&spec.ruleset.node);
            let mut names: Vec<&str> = Ruleset::NAMES.to_vec();
            names.push("cities-and-knights+court");
            // A known expansion the engine does not implement yet, rather than a misspelling.
            if catan_engine::ruleset::Expansion::from_ruleset_name(unknown).is_some() {
                cx.err(spec.ruleset.span, "unsupported", why, "not implemented yet", None);
            } else {
                cx.unknown(spec.ruleset.span, "ruleset", unknown, &names);
            }
            Ruleset::base()
        }
    };
    if let Some(p) = &spec.profile {
        match Profile::from_name(&p.node) {
            Some(profile) => r.set_profile(profile),
            None => {
                let names: Vec<&str> = Profile::ALL.iter().map(|p| p.name()).collect();
                cx.unknown(p.span, "profile", &p.node, &names);
            }
        }
    }
    for o in &spec.options {
        let value = match &o.value.node {
            ast::OptionValue::Word(w) => w.clone(),
            ast::OptionValue::Number(n) => n.to_string(),
        };
        match r.set_option(&o.name.node, &value) {
            Ok(()) => {}
            Err(OptionError::UnknownName(name)) => {
                let names: Vec<&str> = Ruleset::options().map(|o| o.name).collect();
                cx.unknown(o.name.span, "option", &name, &names);
            }
            Err(e @ OptionError::BadValue { .. }) => {
                let help = match &e {
                    OptionError::BadValue { expected, .. } => Some(format!("expected {expected}")),
                    OptionError::UnknownName(_) => None,
                };
                cx.err(o.value.span, "bad_option", format!("{e}"), "bad value", help);
            }
        }
    }
    if let Err(e) = r.validate() {
        cx.err(
            spec.ruleset.span,
            "unsupported",
            format!("{e}"),
            "not implemented yet",
            Some("the engine implements the base game, Cities & Knights, The Court, Seafarers and Barbarian Attack (each alone or with Cities & Knights) so far".into()),
        );
    }
    r
}

/// A terrain word in the file's language (`mountains`, `gebirge`, `court`).
fn terrain(lang: crate::vocab::Language, w: &str) -> Option<Terrain> {
    use crate::vocab::{Term, TermKind};
    match crate::vocab::lookup_kind(lang, w, TermKind::Terrain) {
        Some(Term::Terrain(t)) => Some(t),
        _ => Terrain::ALL.into_iter().find(|t| t.name() == w),
    }
}

/// Where each position item came from, to point engine position errors at their line.
struct ItemSpans {
    spans: Vec<(Subject, Span)>,
    /// Spans recorded while lowering an included fragment's position: their index range and
    /// the fragment's source.
    fragment: Option<(std::ops::Range<usize>, FragmentSource)>,
}

/// Lowers a position block into `setup`. A second block (the scenario's own, after an
/// included fragment's) adds to the first: pieces and cards add up, table-wide items
/// (robber, turn, bank…) replace the fragment's, and `unchecked` in either opts out.
fn build_position(
    cx: &mut Cx<'_>,
    pos: Option<Spanned<&ast::Position>>,
    setup: &mut Setup,
    spans: &mut ItemSpans,
    first: bool,
) {
    let Some(pos) = pos else { return };
    if first {
        setup.checked = pos.unchecked.is_none();
        setup.phase = StartPhase::Main;
        setup.turn = 1;
    } else if pos.unchecked.is_some() {
        setup.checked = false;
    }
    for section in &pos.players {
        let Some(p) = cx.player(&section.player) else { continue };
        for item in &section.items {
            // Piece words may be written in the file's language (`siedlungen`, `muralla`).
            let key = piece_canonical(cx.lang, item.key.node.as_str(), true).unwrap_or(item.key.node.as_str());
            strict::item_rest(cx, key, &item.args);
            // The base game's items, then each expansion's.
            let known = base::player_item(cx, key, item, p, setup, spans)
                || expansion::player_item(cx, key, item, p, setup, spans);
            if !known {
                let mut names = base::PLAYER_ITEMS.to_vec();
                expansion::player_item_names(&mut names);
                cx.unknown(item.key.span, "player item", key, &names);
            }
        }
        spans.spans.push((Subject::Player(p), section.span));
    }
    for item in &pos.globals {
        let key = item.key.node.as_str();
        // Barbarian Attack's `barbarians` lists hexes (Cities & Knights' is one number).
        if !(cx.barb && key == "barbarians") {
            strict::item_rest(cx, key, &item.args);
        }
        let known =
            base::global_item(cx, key, item, setup, spans) || expansion::global_item(cx, key, item, setup, spans);
        if !known {
            let mut names = base::GLOBAL_ITEMS.to_vec();
            expansion::global_item_names(&mut names);
            cx.unknown(item.key.span, "position item", key, &names);
        }
    }
}

fn dice(cx: &mut Cx<'_>, a: &Spanned<Arg>) -> Option<Outcome> {
    match &a.node {
        Arg::Dice(r, y) if (1..=6).contains(r) && (1..=6).contains(y) => Some(Outcome::Dice { red: *r, yellow: *y }),
        Arg::Number(n) if (2..=12).contains(n) => {
            let n = *n as u8;
            let red = (n / 2).clamp(n.saturating_sub(6).max(1), 6);
            Some(Outcome::Dice { red, yellow: n - red })
        }
        _ => {
            cx.err(
                a.span,
                "bad_dice",
                format!(
                    "`{}` is not a roll: write two dice like `3+4` (each 1–6) or a total 2–12",
                    a.node
                ),
                "not a roll",
                None,
            );
            None
        }
    }
}

/// The canonical English word of a piece written in the file's language (`straße` → `road`),
/// in the plural for position keys (`siedlungen` → `settlements`).
fn piece_canonical(lang: crate::vocab::Language, word: &str, plural: bool) -> Option<&'static str> {
    use crate::vocab::{Piece, Term, TermKind};
    let Some(Term::Piece(p)) = crate::vocab::lookup_kind(lang, word, TermKind::Piece) else {
        return None;
    };
    Some(match (p, plural) {
        (Piece::Settlement, false) => "settlement",
        (Piece::Settlement, true) => "settlements",
        (Piece::City, false) => "city",
        (Piece::City, true) => "cities",
        (Piece::Road, false) => "road",
        (Piece::Road, true) => "roads",
        (Piece::Ship, false) => "ship",
        (Piece::Ship, true) => "ships",
        (Piece::Knight, false) => "knight",
        (Piece::Knight, true) => "knights",
        (Piece::Wall, false) => "wall",
        (Piece::Wall, true) => "walls",
        (Piece::Pirate, _) => "pirate",
        (Piece::Island, false) => "island",
        (Piece::Island, true) => "islands",
    })
}

/// Lowers one action line. Returns the action and the chance outcomes forced with it.
fn action(cx: &mut Cx<'_>, a: &Spanned<ast::Action>) -> Option<(Action, Vec<Outcome>)> {
    let player = cx.player(&a.actor)?;
    let verb = a.verb.node.as_str();
    // A piece word in the file's language (`baut straße`, `recruits cavaller`) becomes the
    // canonical one before the verbs below match on it.
    let translated: Vec<Spanned<Arg>>;
    let args: &[Spanned<Arg>] = match a.args.first().and_then(|x| x.node.as_word()) {
        Some(w) if piece_canonical(cx.lang, w, false).is_some_and(|c| c != w) => {
            let mut v = a.args.to_vec();
            v[0] = Spanned::new(
                Arg::Word(piece_canonical(cx.lang, w, false).unwrap_or(w).to_string()),
                v[0].span,
            );
            translated = v;
            &translated
        }
        _ => &a.args,
    };
    // Cities & Knights' shapes do not apply to what Barbarian Attack lowers (it checks its
    // own): in its game alone every step, with Cities & Knights its own steps.
    let barb_own = cx.barb && (!cx.ck || barb::claims_with_ck(cx, verb, args));
    if let Some(n) = strict::ck_step_arity(cx.lang, verb, args).filter(|_| !barb_own) {
        strict::unused(
            cx,
            args.get(n..).unwrap_or(&[]),
            &format!("`{verb}` takes {} here", count(n, "argument", "arguments")),
        )?;
    }
    // Each expansion's verbs first, then the base game's.
    if let Some(lowered) = expansion::action(cx, verb, args, player, a.span) {
        return lowered;
    }
    if let Some(n) = strict::step_arity(cx.lang, verb, args) {
        strict::unused(
            cx,
            args.get(n..).unwrap_or(&[]),
            &format!("`{verb}` takes {} here", count(n, "argument", "arguments")),
        )?;
    }
    match base::action(cx, verb, args, player, a.span) {
        Some(lowered) => lowered,
        None => {
            cx.unknown(a.verb.span, "verb", verb, VERBS);
            None
        }
    }
}

/// Every step verb, for "did you mean" (the base game's, then the expansions').
const VERBS: &[&str] = &[
    "builds",
    "places",
    "buys",
    "plays",
    "rolls",
    "discards",
    "moves",
    "robs",
    "trades",
    "offers",
    "accepts",
    "declines",
    "ends",
    "improves",
    "recruits",
    "promotes",
    "activates",
    "displaces",
    "relocates",
    "chases",
    "loses",
    "chooses",
    "takes",
    "offers-harbor",
    "gives",
    "surrenders",
    "skips",
    "commits",
];

fn expectation(cx: &mut Cx<'_>, span: Span, args: &[Spanned<Arg>]) -> Option<Expectation> {
    let Some(first) = args.first() else {
        cx.err(
            span,
            "empty_expect",
            "`expect` needs something to check",
            "nothing to check",
            Some("e.g. `expect red hand 2 brick`".into()),
        );
        return None;
    };
    let rest = &args[1..];
    let head = first.node.to_string();
    if let Some(n) =
        strict::expect_arity(&head, rest).filter(|_| !(cx.barb && barb::owns_expectation(&head, rest, cx.ck)))
    {
        strict::unused(
            cx,
            rest.get(n..).unwrap_or(&[]),
            &format!("`expect {head}` takes {} here", count(n, "value", "values")),
        )?;
    }
    // Each expansion's items first, then the base game's.
    if let Some(x) = expansion::expectation(cx, first, rest) {
        return x;
    }
    if let Some(x) = base::expectation(cx, first, rest) {
        return x;
    }
    // PLAYER PROPERTY VALUE…
    let p = cx.arg_player(first)?;
    let Some(prop) = rest.first() else {
        cx.err(
            first.span,
            "missing_argument",
            "expected a property after the player, e.g. `expect red vp 3`",
            "property missing",
            None,
        );
        return None;
    };
    let vals = &rest[1..];
    if let Some(x) = expansion::player_expectation(cx, p, prop, vals) {
        return x;
    }
    base::player_expectation(cx, p, prop, vals)
}

/// The words of some kinds in the file's language, for "did you mean" (English names in an
/// English file).
fn vocab_words(
    lang: crate::vocab::Language,
    kinds: &[crate::vocab::TermKind],
    english: &[&'static str],
) -> Vec<&'static str> {
    if lang == crate::vocab::Language::En {
        return english.to_vec();
    }
    kinds.iter().flat_map(|k| crate::vocab::words(lang, Some(*k))).collect()
}

/// A colour word in the file's language (English always understood).
fn colour_word(lang: crate::vocab::Language, w: &str) -> Option<Colour> {
    if let Some(c) = Colour::ALL.into_iter().find(|c| c.name() == w) {
        return Some(c);
    }
    match crate::vocab::lookup_kind(lang, w, crate::vocab::TermKind::Colour)? {
        crate::vocab::Term::Colour(c) => Some(c),
        _ => None,
    }
}

/// An event field value as the traces render it: words of the file's language become the
/// canonical English words (`rot` → `red`, `Wolle` → `wool`).
fn field_value(lang: crate::vocab::Language, a: &Arg) -> String {
    match a {
        // A quoted value (`cards="6 lehm, 1 tuch"`): in a German or Catalan file each game
        // word in it is translated, numbers and punctuation kept.
        Arg::Str(s) if lang != crate::vocab::Language::En => {
            let mut out = String::with_capacity(s.len());
            let mut word = String::new();
            let flush = |word: &mut String, out: &mut String| {
                if !word.is_empty() {
                    let t = crate::vocab::lookup_all(lang, word).next();
                    out.push_str(t.map(|t| t.canonical()).unwrap_or(word));
                    word.clear();
                }
            };
            for ch in s.chars() {
                if ch.is_alphanumeric() || ch == '-' || ch == '·' {
                    word.push(ch);
                } else {
                    flush(&mut word, &mut out);
                    out.push(ch);
                }
            }
            flush(&mut word, &mut out);
            out
        }
        Arg::Str(s) => s.clone(),
        Arg::Word(w) => crate::vocab::lookup_all(lang, w)
            .next()
            .map(|t| t.canonical().to_string())
            .unwrap_or_else(|| w.clone()),
        other => other.to_string(),
    }
}

/// A parse error of a fragment as a lowering error carrying the fragment's source.
impl LowerError {
    /// A syntax error carried into a lowering report (its code, message, first label and
    /// help), in the fragment `src` or, with `None`, in the scenario itself: the errors of
    /// an included fragment, and the broken script lines of a file whose other lines are
    /// lowered all the same ([`crate::diagnostics::ParseErrors::recovered`]).
    pub fn from_syntax(d: &dyn Diagnostic, src: Option<&FragmentSource>) -> LowerError {
        let label = d.labels().and_then(|mut l| l.next());
        LowerError {
            message: d.to_string(),
            code: d.code().map(|c| c.to_string()).unwrap_or_else(|| "dsl::syntax".into()),
            span: label.as_ref().map(|l| *l.inner()).unwrap_or_else(|| (0, 0).into()),
            label: label.and_then(|l| l.label().map(str::to_string)).unwrap_or_default(),
            help: d.help().map(|h| h.to_string()),
            src: src.cloned(),
        }
    }
}

/// Lowers a parsed scenario file.
///
/// # Errors
/// Every name, place, step or position problem found, each at its span.
pub fn lower(file: &str, text: &str, ast: &ScenarioFile) -> Result<Scenario, Box<LowerErrors>> {
    lower_with_catalog(file, text, ast, &[], &[])
}

/// Like [`lower`], also checking that every `covers` id and every `-> refused` id is in
/// `catalog` and the `source` id is in `sources` (each check only when its list is not
/// empty).
///
/// # Errors
/// As [`lower`], plus unknown rule or source ids with the nearest known id suggested.
pub fn lower_with_catalog(
    file: &str,
    text: &str,
    ast: &ScenarioFile,
    catalog: &[String],
    sources: &[String],
) -> Result<Scenario, Box<LowerErrors>> {
    lower_with_includes(file, text, ast, catalog, sources, &mut |_| {
        Err("no file resolver was given to the lowering".to_string())
    })
}

/// Resolves an `include` path to the fragment's display name and text.
pub type Resolver<'r> = dyn FnMut(&str) -> Result<(String, String), String> + 'r;

/// Lowers a scenario whose `include` lines are read through `resolve` (the library itself
/// reads no files).
///
/// # Errors
/// Every problem found, in the scenario or in a fragment, each at its own file's span.
pub fn lower_with_includes(
    file: &str,
    text: &str,
    ast: &ScenarioFile,
    catalog: &[String],
    sources: &[String],
    resolve: &mut Resolver<'_>,
) -> Result<Scenario, Box<LowerErrors>> {
    let mut cx = Cx {
        text,
        errors: Vec::new(),
        board: Arc::new(Board::beginner()),
        colours: Vec::new(),
        ck: false,
        court: false,
        sea: false,
        barb: false,
        src: None,
        lang: crate::vocab::Language::En,
    };
    let _ = cx.text;
    // The file's language first: every later word is read in it.
    for h in ast.headers() {
        if let ast::Header::Language(l) = h.node {
            if let Some(lang) = crate::vocab::Language::from_code(&l.node) {
                cx.lang = lang;
            }
        }
    }
    let colours = seat_players(&mut cx, ast);
    cx.colours = colours.clone();
    let headers = read_headers(&mut cx, ast, text, catalog, sources);
    let variants = read_variants(&mut cx, ast, &headers.rules);
    cx.ck = variants.iter().any(|v| v.rules.ck());
    cx.court = variants.iter().any(|v| v.rules.court());
    cx.sea = variants
        .iter()
        .any(|v| v.rules.has(catan_engine::ruleset::Expansion::Seafarers));
    cx.barb = variants
        .iter()
        .any(|v| v.rules.has(catan_engine::ruleset::Expansion::BarbarianAttack));
    let fragments = read_fragments(&mut cx, ast, resolve);
    let board = Arc::new(fragment_board(&mut cx, ast, &fragments).unwrap_or_else(Board::beginner));
    cx.board = board.clone();
    let mut setup = Setup::new(headers.rules.clone().unwrap_or_default(), board, &colours);
    seat_first_player(&mut cx, ast, &fragments, &mut setup);
    let mut spans = ItemSpans {
        spans: Vec::new(),
        fragment: None,
    };
    let mut first = true;
    for (source, fast, _) in &fragments {
        if let Some(pos) = fast.position() {
            let from = spans.spans.len();
            cx.src = Some(source.clone());
            build_position(&mut cx, Some(pos), &mut setup, &mut spans, first);
            cx.src = None;
            spans.fragment = Some((from..spans.spans.len(), source.clone()));
            first = false;
        }
    }
    build_position(&mut cx, ast.position(), &mut setup, &mut spans, first);
    let steps = read_steps(&mut cx, ast, text, &variants);
    if !catalog.is_empty() {
        refused::check_refused_ids(&mut cx, &steps, catalog);
    }
    if cx.errors.is_empty() {
        check_position(&mut cx, ast, &setup, &spans, &variants);
    }
    if !cx.errors.is_empty() {
        return Err(Box::new(LowerErrors {
            file: file.to_string(),
            src: NamedSource::new(file, text.to_string()),
            errors: cx.errors,
        }));
    }
    let Headers {
        title,
        source,
        tags,
        covers,
        known_bug,
        ..
    } = headers;
    Ok(Scenario {
        file: file.to_string(),
        text: text.to_string(),
        title,
        source,
        tags,
        covers,
        known_bug,
        variants,
        setup,
        steps,
    })
}

/// The `players` line: the seats in order, each colour once.
fn seat_players(cx: &mut Cx<'_>, ast: &ScenarioFile) -> Vec<Colour> {
    let mut colours = Vec::new();
    match ast.players() {
        Some(ps) => {
            for p in ps {
                match colour_word(cx.lang, &p.node) {
                    Some(c) if !colours.contains(&c) => colours.push(c),
                    Some(_) => cx.err(
                        p.span,
                        "duplicate",
                        format!("{} is seated twice", p.node),
                        "seated twice",
                        None,
                    ),
                    None => {
                        let names: Vec<&str> = Colour::ALL.iter().map(|c| c.name()).collect();
                        cx.unknown(p.span, "colour", &p.node, &names);
                    }
                }
            }
        }
        None => cx.err(
            Span::empty(0),
            "missing_players",
            "the scenario names no players",
            "here",
            Some("add a line like `players red blue white`".into()),
        ),
    }
    colours
}

/// What the header lines say.
struct Headers {
    title: String,
    source: String,
    tags: Vec<String>,
    covers: Vec<(String, ByteSpan)>,
    known_bug: Option<String>,
    rules: Option<Ruleset>,
}

/// The header lines: title, source (checked against the sources table), rules, language,
/// tags, covered rule ids (checked against the catalog) and a known bug.
fn read_headers(cx: &mut Cx<'_>, ast: &ScenarioFile, text: &str, catalog: &[String], sources: &[String]) -> Headers {
    let mut h = Headers {
        title: String::new(),
        source: String::new(),
        tags: Vec::new(),
        covers: Vec::new(),
        known_bug: None,
        rules: None,
    };
    for header in ast.headers() {
        match header.node {
            ast::Header::Scenario { title: t } => h.title = t.node.clone(),
            ast::Header::Source(s) => {
                h.source = header.span.text(text).trim_start_matches("source").trim().to_string();
                if let ast::Source::Work { id, .. } = s {
                    check_source_id(cx, id, sources);
                }
            }
            ast::Header::Rules(spec) => h.rules = Some(rules_of(cx, spec)),
            ast::Header::Language(l) => match crate::vocab::Language::from_code(&l.node) {
                Some(lang) => cx.lang = lang,
                None => cx.unknown(l.span, "language", &l.node, &["en", "de", "ca"]),
            },
            ast::Header::Tags(t) => h.tags.extend(t.iter().map(|s| s.node.clone())),
            ast::Header::Covers(c) => {
                for id in c {
                    check_rule_id(cx, id, catalog);
                }
                h.covers
                    .extend(c.iter().map(|s| (s.node.clone(), s.span.start..s.span.end)))
            }
            ast::Header::KnownBug(b) => h.known_bug = Some(b.node.clone()),
        }
    }
    if h.title.is_empty() {
        cx.err(
            Span::empty(0),
            "missing_title",
            "the scenario has no title",
            "here",
            Some("add a first line like `scenario \"What this shows\"`".into()),
        );
    }
    h
}

/// A `source` id must be in the sources table (when one is given).
fn check_source_id(cx: &mut Cx<'_>, id: &Spanned<String>, sources: &[String]) {
    let help = KnownIds {
        code: "unknown_source",
        what: "the sources table",
        label: "unknown source id",
        listed: "(catalog/sources.yaml lists every source)",
        add: "add the document to catalog/sources.yaml, or write `source own`",
    };
    check_known_id(cx, id, sources, &help);
}

/// A `covers` id must be in the rule catalog (when one is given).
fn check_rule_id(cx: &mut Cx<'_>, id: &Spanned<String>, catalog: &[String]) {
    let help = KnownIds {
        code: "unknown_rule_id",
        what: "the rule catalog",
        label: "unknown rule id",
        listed: "(`catan-harness rules` lists every id)",
        add: "add it to the rule catalog (catalog/base.yaml, or its expansion's file) with a statement and a source",
    };
    check_known_id(cx, id, catalog, &help);
}

/// The words of an unknown-id diagnostic.
struct KnownIds {
    code: &'static str,
    what: &'static str,
    label: &'static str,
    listed: &'static str,
    add: &'static str,
}

/// An id must be one of `known` (when the list is given), else a diagnostic with the
/// nearest known id.
fn check_known_id(cx: &mut Cx<'_>, id: &Spanned<String>, known: &[String], words: &KnownIds) {
    if known.is_empty() || known.contains(&id.node) {
        return;
    }
    let near = nearest(&id.node, known.iter().map(|s| s.as_str()));
    cx.err(
        id.span,
        words.code,
        format!("`{}` is not in {}", id.node, words.what),
        words.label,
        Some(match near {
            Some(n) => format!("did you mean `{n}`? {}", words.listed),
            None => words.add.into(),
        }),
    );
}

/// The `variant` lines, or the one unnamed variant of the `rules` line.
fn read_variants(cx: &mut Cx<'_>, ast: &ScenarioFile, rules: &Option<Ruleset>) -> Vec<Variant> {
    let mut variants: Vec<Variant> = Vec::new();
    for v in ast.variants() {
        let r = rules_of(cx, &v.rules.node);
        variants.push(Variant {
            name: v.name.node.clone(),
            rules: r,
        });
    }
    if variants.is_empty() {
        variants.push(Variant {
            name: String::new(),
            rules: rules.clone().unwrap_or_default(),
        });
    }
    variants
}

/// An included fragment: where it came from, what it holds, the `include` line's span.
type Fragment = (FragmentSource, ScenarioFile, Span);

/// Included fragments: parsed against their own text, so their diagnostics point there;
/// a fragment holds only `board`, `start` and `position`.
fn read_fragments(cx: &mut Cx<'_>, ast: &ScenarioFile, resolve: &mut Resolver<'_>) -> Vec<Fragment> {
    let mut fragments: Vec<Fragment> = Vec::new();
    for inc in ast.includes() {
        let (name, ftext) = match resolve(&inc.path.node) {
            Ok(found) => found,
            Err(why) => {
                cx.err(
                    inc.path.span,
                    "include_not_found",
                    format!("cannot include `{}`: {why}", inc.path.node),
                    "cannot be read",
                    Some("an include path is relative to the scenario's folder and stays inside its project root; only regular files of at most 1 MiB are read; fragments end in `.fragment`".into()),
                );
                continue;
            }
        };
        let source = NamedSource::new(name.clone(), Arc::<str>::from(ftext.as_str()));
        let fast = match crate::parse(&name, &ftext) {
            Ok(f) => f,
            Err(pe) => {
                for d in pe.errors().iter() {
                    cx.errors.push(LowerError::from_syntax(d, Some(&source)));
                }
                cx.err(
                    inc.path.span,
                    "fragment_invalid",
                    format!("the fragment `{}` has errors (shown above)", inc.path.node),
                    "included here",
                    None,
                );
                continue;
            }
        };
        if fragment_items_allowed(cx, &fast, &source) {
            fragments.push((source, fast, inc.path.span));
        }
    }
    fragments
}

/// Whether every item of a fragment may stand in one (reporting each that may not).
fn fragment_items_allowed(cx: &mut Cx<'_>, fast: &ScenarioFile, source: &FragmentSource) -> bool {
    let mut ok = true;
    for item in &fast.items {
        let allowed = matches!(item.node, Item::Board(_) | Item::Position(_) | Item::Start(_));
        if !allowed {
            ok = false;
            cx.src = Some(source.clone());
            cx.err(
                item.span,
                "fragment_item",
                "a fragment holds only `board`, `start` and `position` (no header, players, steps or includes)",
                "not allowed in a fragment",
                Some("move this line into the scenarios that include the fragment".into()),
            );
            cx.src = None;
        }
    }
    ok
}

/// The board: the scenario's or one fragment's, never two.
fn fragment_board(cx: &mut Cx<'_>, ast: &ScenarioFile, fragments: &[Fragment]) -> Option<Board> {
    let mut board_from: Option<(Spanned<&ast::Board>, Option<FragmentSource>)> = ast.board().map(|b| (b, None));
    for (source, fast, inc_span) in fragments {
        if let Some(b) = fast.board() {
            if board_from.is_some() {
                cx.err(
                    *inc_span,
                    "duplicate_board",
                    "this fragment declares a board, and so does the scenario or an earlier fragment",
                    "second board",
                    Some("keep one `board` line".into()),
                );
            } else {
                board_from = Some((b, Some(source.clone())));
            }
        }
    }
    match board_from {
        Some((b, src)) => {
            cx.src = src;
            let built = board::build_board(cx, Some(b));
            cx.src = None;
            built
        }
        None => board::build_board(cx, None),
    }
}

/// The `start` line (the scenario's own wins over a fragment's): who plays first.
fn seat_first_player(cx: &mut Cx<'_>, ast: &ScenarioFile, fragments: &[Fragment], setup: &mut Setup) {
    let start_item = |f: &ScenarioFile| {
        f.items.iter().find_map(|i| match &i.node {
            Item::Start(s) => Some(s.clone()),
            _ => None,
        })
    };
    let mut starts: Vec<(Spanned<String>, Option<FragmentSource>)> = Vec::new();
    for (source, fast, _) in fragments {
        if let Some(st) = start_item(fast) {
            starts.push((st, Some(source.clone())));
        }
    }
    if let Some(st) = start_item(ast) {
        starts.push((st, None));
    }
    if let Some((s, src)) = starts.pop() {
        cx.src = src;
        if let Some(p) = cx.player(&s) {
            setup.first_player = p;
            setup.current = p;
        }
        cx.src = None;
    }
}

/// The script: every step, chance, expectation and snapshot line, with its variant guard.
fn read_steps(cx: &mut Cx<'_>, ast: &ScenarioFile, text: &str, variants: &[Variant]) -> Vec<Step> {
    let mut steps = Vec::new();
    let variant_names: Vec<String> = variants.iter().map(|v| v.name.clone()).collect();
    for item in &ast.items {
        let guard = item.node.guard().map(|g| {
            for n in g.node.iter() {
                if !variant_names.contains(&n.node) {
                    let names: Vec<&str> = variant_names.iter().map(|s| s.as_str()).collect();
                    cx.unknown(n.span, "variant", &n.node, &names);
                }
            }
            g.node.iter().map(|n| n.node.clone()).collect::<Vec<_>>()
        });
        let span: ByteSpan = item.span.start..item.span.end;
        let line_text = item.span.text(text).trim().to_string();
        let kind = match &item.node {
            Item::Step(s) => action(cx, &s.action).map(|(action, chance)| StepKind::Act {
                action,
                chance,
                refused: refused_id(s.outcome.as_ref()),
            }),
            Item::Chance(c) => chance_step(cx, c),
            Item::Expect(e) => expect_step(cx, e),
            Item::Snapshot(s) => Some(StepKind::Snapshot(s.name.node.clone())),
            _ => continue,
        };
        if let Some(kind) = kind {
            steps.push(Step {
                span,
                text: line_text,
                guard,
                kind,
            });
        }
    }
    steps
}

/// The rule id of a `-> refused RULE.ID` outcome, with its span.
fn refused_id(outcome: Option<&Spanned<ast::Outcome>>) -> Option<(String, ByteSpan)> {
    match outcome.map(|o| &o.node) {
        Some(ast::Outcome::Refused(id)) => Some((id.node.clone(), id.span.start..id.span.end)),
        _ => None,
    }
}

/// A `chance` line: one outcome (three dice in Cities & Knights, else one value).
fn chance_step(cx: &mut Cx<'_>, c: &ast::Chance) -> Option<StepKind> {
    let arg = c.args.first();
    let used = if c.kind.node == "dice" {
        1 + expansion::extra_dice(cx)
    } else {
        1
    };
    let rest = c.args.get(used..).unwrap_or(&[]);
    let whole = strict::unused(cx, rest, "a `chance` line gives one outcome").is_some();
    let outcome = match (c.kind.node.as_str(), arg) {
        _ if !whole => None,
        ("dice", Some(a)) => match dice(cx, a) {
            Some(two) => expansion::roll(cx, two, c.args.get(1), a.span).unwrap_or(Some(two)),
            None => None,
        },
        (k @ ("progress" | "event" | "landing" | "barbarian-card" | "castle-die" | "arrival"), Some(a)) => {
            expansion::chance(cx, k, a).flatten()
        }
        ("card", Some(a)) => {
            let w = a.node.to_string();
            match dev_card(cx.lang, &w) {
                Some(card) => Some(Outcome::DevCard { card }),
                None => {
                    cx.unknown(a.span, "development card", &w, &DEV_WORDS);
                    None
                }
            }
        }
        ("steal", Some(a)) => cx.arg_card(a).map(|card| Outcome::Steal { card }),
        (k, _) => {
            let k = k.to_string();
            cx.unknown(
                c.kind.span,
                "chance outcome (with its value)",
                &k,
                &[
                    "dice",
                    "card",
                    "steal",
                    "progress",
                    "event",
                    "landing",
                    "barbarian-card",
                    "castle-die",
                    "arrival",
                ],
            );
            None
        }
    };
    outcome.map(|outcome| StepKind::Chance {
        outcome,
        refused: refused_id(c.outcome.as_ref()),
    })
}

/// An `expect` line: a state expectation, an event (or its absence), or an action's
/// legality.
fn expect_step(cx: &mut Cx<'_>, e: &ast::Expect) -> Option<StepKind> {
    match &e.kind.node {
        ExpectKind::State(args) => expectation(cx, e.kind.span, args).map(StepKind::Expect),
        ExpectKind::Event { name, fields } | ExpectKind::NoEvent { name, fields } => {
            if !catan_engine::Event::KINDS.contains(&name.node.as_str()) {
                cx.unknown(name.span, "event", &name.node, catan_engine::Event::KINDS);
            }
            let fields: Vec<(String, String)> = fields
                .iter()
                .map(|f| (f.key.node.clone(), field_value(cx.lang, &f.value.node)))
                .collect();
            let kind = name.node.clone();
            Some(StepKind::Expect(if matches!(e.kind.node, ExpectKind::Event { .. }) {
                Expectation::Event { kind, fields }
            } else {
                Expectation::NoEvent { kind, fields }
            }))
        }
        ExpectKind::Legal(a) | ExpectKind::Illegal(a) => action(cx, a)
            .map(|(act, _)| StepKind::Expect(Expectation::Legal(act, matches!(e.kind.node, ExpectKind::Legal(_))))),
    }
}

/// Position consistency under every variant's rules, pointed at the line that declared the
/// offending item (the first inconsistency only).
fn check_position(cx: &mut Cx<'_>, ast: &ScenarioFile, setup: &Setup, spans: &ItemSpans, variants: &[Variant]) {
    for v in variants {
        let mut s = setup.clone();
        s.rules = v.rules.clone();
        let Err(e) = Game::from_setup(&s) else { continue };
        let found = spans.spans.iter().position(|(subj, _)| *subj == e.subject);
        if let (Some(i), Some((range, source))) = (found, &spans.fragment) {
            if range.contains(&i) {
                cx.src = Some(source.clone());
            }
        }
        let span = found
            .map(|i| spans.spans[i].1)
            .or_else(|| ast.position().map(|p| p.span))
            .unwrap_or(Span::empty(0));
        cx.err(
            span,
            "inconsistent_position",
            format!("inconsistent position: {e}"),
            "here",
            Some(if e.message.contains("the engine counts at most") {
                "the engine's counters hold at most 255 cards of a kind and 511 in all, 255 knights played and 150 declared victory points a player; `unchecked` does not lift this".into()
            } else {
                "fix the position, or write `unchecked` in the position block to opt out of the checks".into()
            }),
        );
        cx.src = None;
        break;
    }
}
