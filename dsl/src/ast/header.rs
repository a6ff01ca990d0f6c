//! Header lines: `scenario`, `source`, `rules`, `language`, `tags`, `covers`,
//! `known-bug`, and the `variant` and `include` lines.

use super::{Span, Spanned};

/// A header line describing the scenario rather than playing it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Header {
    /// `scenario "TITLE"`: the scenario's title.
    Scenario {
        /// The title, unescaped.
        title: Spanned<String>,
    },
    /// `source …`: where the rule being tested comes from.
    Source(Source),
    /// `rules RULESET [profile P] [option NAME VALUE]…`.
    Rules(RulesSpec),
    /// `language CODE`: the language of the words in the file (`en`, `de`, `ca`).
    Language(Spanned<String>),
    /// `tags WORD…`: free labels for selecting scenarios.
    Tags(Vec<Spanned<String>>),
    /// `covers RULE.ID…`: the rule ids this scenario exercises.
    Covers(Vec<Spanned<String>>),
    /// `known-bug "TEXT"`: the scenario documents a known engine bug.
    KnownBug(Spanned<String>),
}

/// The `source` of a scenario.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Source {
    /// `source own`: written for this project, not taken from a rule book.
    Own(Span),
    /// `source ID LOCATOR… ["NOTE"]`, e.g. `source base-almanac §4 "Rolling a 7"`.
    Work {
        /// The document, e.g. `base-almanac` or `000_fee7e8147b67bbe6.txt`.
        id: Spanned<String>,
        /// Where in the document: pages and sections.
        locators: Vec<Spanned<Locator>>,
        /// An optional quoted note, e.g. the section's title.
        note: Option<Spanned<String>>,
    },
}

/// A place in a source document.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Locator {
    /// `p.11`.
    Page(u32),
    /// `pp.13-15`.
    Pages(u32, u32),
    /// `§4`, `§1.9` (the dotted numbers in order).
    Section(Vec<u32>),
}

/// A rule set with its profile and options, from a `rules` or `variant` line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RulesSpec {
    /// The rule set: `base`, `cities-and-knights`…
    pub ruleset: Spanned<String>,
    /// `profile NAME`, e.g. `english`.
    pub profile: Option<Spanned<String>>,
    /// `option NAME VALUE` clauses in the order written.
    pub options: Vec<Spanned<RuleOption>>,
}

/// One `option NAME VALUE` clause.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RuleOption {
    /// The option's name, e.g. `dev-before-roll`.
    pub name: Spanned<String>,
    /// Its value.
    pub value: Spanned<OptionValue>,
}

/// The value of a rule option.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OptionValue {
    /// A word such as `on`, `off`, `any`.
    Word(String),
    /// A whole number such as `2`.
    Number(i64),
}

/// `variant NAME: rules …`: a named alternative rule set. Script lines
/// guarded with `[NAME]` apply only when the scenario runs under it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Variant {
    /// The variant's name, used in guards.
    pub name: Spanned<String>,
    /// Its rules.
    pub rules: Spanned<RulesSpec>,
}

/// `include "PATH"`: splice another file's lines here (done by a later stage).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Include {
    /// The path as written (unescaped), relative to the including file.
    pub path: Spanned<String>,
}
