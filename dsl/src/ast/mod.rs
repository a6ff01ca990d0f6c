//! The syntax tree of a scenario file.
//!
//! Every node carries the [`Span`] of source text it was read from, either as
//! a field or through the [`Spanned`] wrapper, so later stages (lowering,
//! running) can point their own diagnostics at the exact text.
//!
//! The tree is syntactic: words are not resolved through the vocabulary,
//! places are not resolved against a board, and rule ids are not checked
//! against the engine's rule table.

mod args;
mod board;
mod header;
mod position;
mod script;
mod span;

pub use args::{join_args, Arg, Corner, EdgeRef, Field, HexRef, VertexRef};
pub use board::{Board, BoardBlock, BoardLayout, BoardLine};
pub use header::{Header, Include, Locator, OptionValue, RuleOption, RulesSpec, Source, Variant};
pub use position::{PlayerSection, Position, PositionItem};
pub use script::{Action, Chance, Expect, ExpectKind, Guard, Outcome, Snapshot, Step};
pub use span::{Span, Spanned};

/// A parsed scenario file: its items in source order.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ScenarioFile {
    /// The statements of the file, each spanned over its full text (a block
    /// spans from its keyword to its closing `}`).
    pub items: Vec<Spanned<Item>>,
}

/// One statement of a scenario file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Item {
    /// A header line (`scenario`, `source`, `rules`, `language`, `tags`,
    /// `covers`, `known-bug`).
    Header(Header),
    /// `variant NAME: rules …`.
    Variant(Variant),
    /// `include "PATH"`.
    Include(Include),
    /// `players NAME…`: the seats in turn order.
    Players(Vec<Spanned<String>>),
    /// `start NAME`: who takes the first turn.
    Start(Spanned<String>),
    /// `board …`.
    Board(Board),
    /// `position { … }`.
    Position(Position),
    /// A script step `ACTOR VERB ARG* [-> …]`.
    Step(Step),
    /// `chance KIND ARG+`.
    Chance(Chance),
    /// `expect …`.
    Expect(Expect),
    /// `snapshot "NAME"`.
    Snapshot(Snapshot),
}

impl Item {
    /// A short name of the item's kind, for messages and summaries.
    pub fn kind_name(&self) -> &'static str {
        match self {
            Item::Header(h) => match h {
                Header::Scenario { .. } => "scenario",
                Header::Source(_) => "source",
                Header::Rules(_) => "rules",
                Header::Language(_) => "language",
                Header::Tags(_) => "tags",
                Header::Covers(_) => "covers",
                Header::KnownBug(_) => "known-bug",
            },
            Item::Variant(_) => "variant",
            Item::Include(_) => "include",
            Item::Players(_) => "players",
            Item::Start(_) => "start",
            Item::Board(_) => "board",
            Item::Position(_) => "position",
            Item::Step(_) => "step",
            Item::Chance(_) => "chance",
            Item::Expect(_) => "expect",
            Item::Snapshot(_) => "snapshot",
        }
    }

    /// The guard of a step, chance, expect or snapshot line.
    pub fn guard(&self) -> Option<&Guard> {
        match self {
            Item::Step(s) => s.guard.as_ref(),
            Item::Chance(c) => c.guard.as_ref(),
            Item::Expect(e) => e.guard.as_ref(),
            Item::Snapshot(s) => s.guard.as_ref(),
            _ => None,
        }
    }
}

impl ScenarioFile {
    /// The header lines in order.
    pub fn headers(&self) -> impl Iterator<Item = Spanned<&Header>> {
        self.items.iter().filter_map(|i| match &i.node {
            Item::Header(h) => Some(Spanned::new(h, i.span)),
            _ => None,
        })
    }

    /// The scenario's title, from its `scenario` line.
    pub fn title(&self) -> Option<&Spanned<String>> {
        self.items.iter().find_map(|i| match &i.node {
            Item::Header(Header::Scenario { title }) => Some(title),
            _ => None,
        })
    }

    /// The players named on the `players` line, if there is one.
    pub fn players(&self) -> Option<&[Spanned<String>]> {
        self.items.iter().find_map(|i| match &i.node {
            Item::Players(p) => Some(p.as_slice()),
            _ => None,
        })
    }

    /// The `variant` lines in order.
    pub fn variants(&self) -> impl Iterator<Item = &Variant> {
        self.items.iter().filter_map(|i| match &i.node {
            Item::Variant(v) => Some(v),
            _ => None,
        })
    }

    /// The `include` lines in order.
    pub fn includes(&self) -> impl Iterator<Item = &Include> {
        self.items.iter().filter_map(|i| match &i.node {
            Item::Include(v) => Some(v),
            _ => None,
        })
    }

    /// The board statement, if any.
    pub fn board(&self) -> Option<Spanned<&Board>> {
        self.items.iter().find_map(|i| match &i.node {
            Item::Board(b) => Some(Spanned::new(b, i.span)),
            _ => None,
        })
    }

    /// The position block, if any.
    pub fn position(&self) -> Option<Spanned<&Position>> {
        self.items.iter().find_map(|i| match &i.node {
            Item::Position(p) => Some(Spanned::new(p, i.span)),
            _ => None,
        })
    }
}
