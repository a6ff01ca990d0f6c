//! Diagnostics of the parse stage.
//!
//! Every problem is one [`ParseError`]: a `thiserror` error that is also a
//! [`miette::Diagnostic`] with a namespaced code (`dsl::syntax::…`), a primary
//! label on the offending text and, where it helps, a `help` line. All the
//! errors of one file are gathered in a [`ParseErrors`], which carries the
//! file's name and text as a [`NamedSource`] and lists the errors as
//! `#[related]` diagnostics, so a whole file renders as one report:
//!
//! ```text
//! × 2 errors in robbery.cat
//!
//! Error: dsl::syntax::bad_corner
//!   × `nn` is not a corner
//!    ╭─[robbery.cat:12:20]
//! ...
//! ```
//!
//! Spans are byte offsets into the file (converted from pest's positions by
//! the parse stage, never from line/column), so labels point at the exact text.

use miette::{Diagnostic, NamedSource, SourceSpan};
use thiserror::Error;

use crate::ast::{ScenarioFile, Span};

/// One problem found while reading a scenario file.
///
/// The variants' fields are public so that tools can inspect them; every
/// variant has a `span` (or `open`) field pointing at the offending text.
#[derive(Debug, Clone, PartialEq, Eq, Error, Diagnostic)]
pub enum ParseError {
    /// A token that does not fit where it stands, or a line that ends early.
    #[error("expected {expected}, found {found}")]
    #[diagnostic(code(dsl::syntax::unexpected_token))]
    UnexpectedToken {
        /// Where.
        #[label("{label}")]
        span: SourceSpan,
        /// What the grammar allows here, in words.
        expected: String,
        /// What is there instead (`` `foo` `` or "the end of the line").
        found: String,
        /// The label text.
        label: String,
        /// Extra advice, e.g. "did you mean `profile`?".
        #[help]
        help: Option<String>,
    },

    /// A character that has no place in the language (smart quotes, `→`…).
    #[error("expected {expected}, found {found}")]
    #[diagnostic(code(dsl::syntax::unexpected_character))]
    UnexpectedCharacter {
        /// Where.
        #[label("this character has no meaning here")]
        span: SourceSpan,
        /// The character, quoted, with its code point.
        found: String,
        /// What the grammar allows here, in words.
        expected: String,
        /// How to write what was probably meant.
        #[help]
        help: Option<String>,
    },

    /// A line starting with a word that is no keyword (and no player).
    #[error("unknown keyword `{word}`")]
    #[diagnostic(code(dsl::syntax::unknown_header))]
    UnknownHeader {
        /// The word.
        #[label("not a keyword of the scenario language, nor a player")]
        span: SourceSpan,
        /// The word as written.
        word: String,
        /// "did you mean …?" and the list of keywords.
        #[help]
        help: Option<String>,
    },

    /// A line inside `board { … }` that starts with no board keyword.
    #[error("unknown board line `{word}`")]
    #[diagnostic(code(dsl::syntax::unknown_board_line))]
    UnknownBoardLine {
        /// The first word of the line.
        #[label("a board line starts with `hex`, `harbor`, `token`, `swap`, `soldiers`, `pirate` or `robber`")]
        span: SourceSpan,
        /// The word as written.
        word: String,
        /// "did you mean …?".
        #[help]
        help: Option<String>,
    },

    /// A board or position line written outside its block.
    #[error("this line belongs inside a `{block} {{ … }}` block")]
    #[diagnostic(code(dsl::syntax::line_outside_block))]
    LineOutsideBlock {
        /// The line.
        #[label("a `{block}` line outside `{block} {{ … }}`")]
        span: SourceSpan,
        /// `board` or `position`.
        block: String,
        /// How to fix it.
        #[help]
        help: Option<String>,
    },

    /// Dotted text that is no valid place (intersection or path).
    #[error("`{text}` is not a place")]
    #[diagnostic(code(dsl::syntax::bad_place))]
    BadPlace {
        /// The whole place as written.
        #[label("{reason}")]
        span: SourceSpan,
        /// The text.
        text: String,
        /// What is wrong with it.
        reason: String,
        /// A corrected spelling, when one is likely.
        #[help]
        help: Option<String>,
    },

    /// A corner name that is not `n`, `ne`, `se`, `s`, `sw` or `nw`.
    #[error("`{corner}` is not a corner")]
    #[diagnostic(code(dsl::syntax::bad_corner))]
    BadCorner {
        /// The corner as written.
        #[label("expected n, ne, se, s, sw or nw")]
        span: SourceSpan,
        /// The text of the bad corner.
        corner: String,
        /// "did you mean `A.n`?".
        #[help]
        help: Option<String>,
    },

    /// Text where a rule id was expected that is not one.
    #[error("`{text}` is not a rule id")]
    #[diagnostic(code(dsl::syntax::bad_rule_id))]
    BadRuleId {
        /// The text.
        #[label("{reason}")]
        span: SourceSpan,
        /// The text as written.
        text: String,
        /// What is wrong with it.
        reason: String,
        /// A corrected spelling, when one is likely.
        #[help]
        help: Option<String>,
    },

    /// A dice roll that is malformed or has a die outside 1–6.
    #[error("`{text}` is not a dice roll")]
    #[diagnostic(
        code(dsl::syntax::bad_dice),
        help("a dice roll is two dice from 1 to 6 joined by `+`, like `3+4`")
    )]
    BadDice {
        /// The roll as written.
        #[label("{reason}")]
        span: SourceSpan,
        /// The text.
        text: String,
        /// What is wrong with it.
        reason: String,
    },

    /// A fraction that is malformed or out of range.
    #[error("`{text}` is not a fraction")]
    #[diagnostic(
        code(dsl::syntax::bad_fraction),
        help("a fraction is two whole numbers from 0 to 255 joined by `/`, like `6/7`")
    )]
    BadFraction {
        /// The fraction as written.
        #[label("{reason}")]
        span: SourceSpan,
        /// The text.
        text: String,
        /// What is wrong with it.
        reason: String,
    },

    /// A number too large (or too small) for where it stands.
    #[error("the number `{text}` is out of range")]
    #[diagnostic(code(dsl::syntax::bad_number))]
    BadNumber {
        /// The number.
        #[label("{reason}")]
        span: SourceSpan,
        /// The text.
        text: String,
        /// The allowed range.
        reason: String,
    },

    /// An axial hex that is not two whole numbers in parentheses.
    #[error("`{text}` is not an axial hex")]
    #[diagnostic(
        code(dsl::syntax::bad_axial),
        help("write an axial hex as two whole numbers in parentheses, like `(0,-2)`")
    )]
    BadAxial {
        /// The text.
        #[label("expected `(q,r)` with two whole numbers")]
        span: SourceSpan,
        /// The text as written.
        text: String,
    },

    /// A source locator in the wrong shape.
    #[error("`{text}` is not a page or section")]
    #[diagnostic(
        code(dsl::syntax::bad_locator),
        help("write a page as `p.11`, pages as `pp.13-15`, a section as `§4` or `§1.9`")
    )]
    BadLocator {
        /// The text.
        #[label("expected a page or section number here")]
        span: SourceSpan,
        /// The text as written.
        text: String,
    },

    /// A string without its closing quote.
    #[error("this string is never closed")]
    #[diagnostic(
        code(dsl::syntax::unterminated_string),
        help("end the string with `\"` on the same line; write `\\\"` for a quote inside it")
    )]
    UnterminatedString {
        /// From the opening quote to the end of the line.
        #[label("this string runs to the end of the line")]
        span: SourceSpan,
    },

    /// A backslash escape other than `\"` and `\\`.
    #[error("unknown escape `{escape}` in a string")]
    #[diagnostic(
        code(dsl::syntax::bad_escape),
        help("inside a string only `\\\"` (a quote) and `\\\\` (a backslash) may follow a backslash")
    )]
    BadEscape {
        /// The escape.
        #[label("not a known escape")]
        span: SourceSpan,
        /// The escape as written, e.g. `\n`.
        escape: String,
    },

    /// `key=` with nothing after the `=`.
    #[error("`{key}=` has no value")]
    #[diagnostic(code(dsl::syntax::missing_value))]
    MissingValue {
        /// The `key=` text.
        #[label("expected a value right after `=`")]
        span: SourceSpan,
        /// The key.
        key: String,
        /// An example of the right form.
        #[help]
        help: Option<String>,
    },

    /// `key=VALUE` whose value is no argument.
    #[error("`{value}` is not a value for `{key}=`")]
    #[diagnostic(
        code(dsl::syntax::bad_value),
        help(
            "a value is a word, a number, a place or a string written right after `=`, like `player=red` or `at=A.n`"
        )
    )]
    BadValue {
        /// The value.
        #[label("expected a word, number, place or string")]
        span: SourceSpan,
        /// The key.
        key: String,
        /// The value as written.
        value: String,
    },

    /// A `{` with no matching `}`.
    #[error("the `{block}` block is never closed")]
    #[diagnostic(
        code(dsl::syntax::unclosed_block),
        help("put `}}` alone on a line after the block's last line")
    )]
    UnclosedBlock {
        /// `board` or `position`.
        block: String,
        /// The opening brace.
        #[label("this `{{` has no matching `}}`")]
        open: SourceSpan,
        /// Where the block had to end (the next top-level line, or the end).
        #[label("{end_label}")]
        end: Option<SourceSpan>,
        /// Label text for `end`.
        end_label: String,
    },

    /// A block keyword without its `{`.
    #[error("expected `{{` after `{block}`")]
    #[diagnostic(code(dsl::syntax::missing_brace))]
    MissingOpenBrace {
        /// `board` or `position`.
        block: String,
        /// The opening line.
        #[label("the `{block}` block must open with `{{` at the end of this line")]
        span: SourceSpan,
        /// An example.
        #[help]
        help: Option<String>,
    },

    /// A `}` at the end of a block's last line instead of on its own line.
    #[error("a closing `}}` must stand alone on its line")]
    #[diagnostic(
        code(dsl::syntax::brace_not_alone),
        help("move the `}}` to a line of its own after the block's last line")
    )]
    BraceNotAlone {
        /// The brace.
        #[label("this `}}` closes the block, but shares the line")]
        span: SourceSpan,
    },

    /// A `}` that closes nothing.
    #[error("this `}}` closes no block")]
    #[diagnostic(
        code(dsl::syntax::unmatched_brace),
        help("remove it, or check that the block above opens with `{{` at the end of its first line")
    )]
    UnmatchedCloseBrace {
        /// The brace.
        #[label("no block is open here")]
        span: SourceSpan,
    },

    /// A guard `[…` without its `]`.
    #[error("the guard `{text}` is never closed")]
    #[diagnostic(
        code(dsl::syntax::unclosed_guard),
        help(
            "close the list of variants with `]` before the rest of the line, like `[english, colonist] red rolls 3+4`"
        )
    )]
    UnclosedGuard {
        /// The guard as far as it goes.
        #[label("this `[` has no matching `]`")]
        span: SourceSpan,
        /// The guard's text.
        text: String,
    },

    /// A guard before a line that cannot be guarded.
    #[error("a guard cannot stand before a `{what}` line")]
    #[diagnostic(
        code(dsl::syntax::misplaced_guard),
        help("guards like `[english]` may only stand before a step, `chance`, `expect` or `snapshot` line")
    )]
    MisplacedGuard {
        /// The guard.
        #[label("this guard")]
        span: SourceSpan,
        /// The keyword of the guarded line.
        what: String,
    },

    /// Something given twice that may be given only once.
    #[error("{what} is given twice")]
    #[diagnostic(code(dsl::syntax::duplicate))]
    Duplicate {
        /// What, e.g. "the `scenario` line".
        what: String,
        /// The second occurrence.
        #[label("given again here")]
        span: SourceSpan,
        /// The first occurrence.
        #[label("first given here")]
        first: SourceSpan,
        /// How to fix it.
        #[help]
        help: Option<String>,
    },

    /// A file with no statements at all.
    #[error("the file contains no scenario")]
    #[diagnostic(
        code(dsl::syntax::empty_file),
        help("a scenario starts with a title line, like `scenario \"A 7 moves the robber\"`")
    )]
    EmptyFile {
        /// The comments, if the file has any.
        #[label("only comments and blank lines")]
        span: Option<SourceSpan>,
    },

    /// A file with a script but no `scenario` line.
    #[error("this file has a script but no `scenario` line")]
    #[diagnostic(
        code(dsl::syntax::missing_scenario),
        help("add a title line before the script, like `scenario \"A 7 moves the robber\"`; only fragments meant for `include` may go without one, and they have no script")
    )]
    MissingScenario {
        /// The first script line.
        #[label("the script starts here")]
        span: SourceSpan,
    },

    /// A player item in `position { }` before any `PLAYER:` line.
    #[error("`{key}` needs a player")]
    #[diagnostic(code(dsl::syntax::item_outside_player))]
    ItemOutsidePlayer {
        /// The item's key.
        #[label("no `PLAYER:` line comes before this item")]
        span: SourceSpan,
        /// The key as written.
        key: String,
        /// How to fix it.
        #[help]
        help: Option<String>,
    },

    /// A file longer than [`crate::MAX_FILE_BYTES`]: it is not parsed at all.
    #[error("the file is too large: more than {limit} bytes")]
    #[diagnostic(
        code(dsl::syntax::file_too_large),
        help("a scenario file or fragment holds at most 1 MiB; split it, or move what several scenarios share into a fragment")
    )]
    FileTooLarge {
        /// Where the limit is crossed.
        #[label("the file goes past the limit here")]
        span: SourceSpan,
        /// The limit in bytes.
        limit: usize,
    },

    /// The parser could not make sense of a line it had accepted. This is a
    /// bug in catan-dsl, reported instead of panicking.
    #[error("internal error: the parser could not read this")]
    #[diagnostic(
        code(dsl::internal),
        help("this is a bug in catan-dsl; please report it with the file")
    )]
    Internal {
        /// The text.
        #[label("here")]
        span: SourceSpan,
    },
}

impl ParseError {
    /// The primary span of the error, as byte offsets.
    pub fn span(&self) -> Span {
        let s = match self {
            ParseError::UnexpectedToken { span, .. }
            | ParseError::UnexpectedCharacter { span, .. }
            | ParseError::UnknownHeader { span, .. }
            | ParseError::UnknownBoardLine { span, .. }
            | ParseError::LineOutsideBlock { span, .. }
            | ParseError::BadPlace { span, .. }
            | ParseError::BadCorner { span, .. }
            | ParseError::BadRuleId { span, .. }
            | ParseError::BadDice { span, .. }
            | ParseError::BadFraction { span, .. }
            | ParseError::BadNumber { span, .. }
            | ParseError::BadAxial { span, .. }
            | ParseError::BadLocator { span, .. }
            | ParseError::UnterminatedString { span }
            | ParseError::BadEscape { span, .. }
            | ParseError::MissingValue { span, .. }
            | ParseError::BadValue { span, .. }
            | ParseError::MissingOpenBrace { span, .. }
            | ParseError::UnmatchedCloseBrace { span }
            | ParseError::BraceNotAlone { span }
            | ParseError::UnclosedGuard { span, .. }
            | ParseError::MisplacedGuard { span, .. }
            | ParseError::Duplicate { span, .. }
            | ParseError::MissingScenario { span }
            | ParseError::ItemOutsidePlayer { span, .. }
            | ParseError::FileTooLarge { span, .. }
            | ParseError::Internal { span } => *span,
            ParseError::UnclosedBlock { open, .. } => *open,
            ParseError::EmptyFile { span } => span.unwrap_or_else(|| (0, 0).into()),
        };
        Span::new(s.offset(), s.offset() + s.len())
    }

    /// The diagnostic code, e.g. `dsl::syntax::bad_corner`.
    pub fn code_str(&self) -> String {
        self.code().map(|c| c.to_string()).unwrap_or_default()
    }
}

/// All the errors found in one scenario file, with the file's name and text.
///
/// Renders through miette as one report: a summary line, then each error with
/// its snippet of the file (the errors are `#[related]` diagnostics sharing
/// this report's source code).
#[derive(Debug, Error, Diagnostic)]
#[error("{}", summary(.errors.len(), .source_code.name()))]
pub struct ParseErrors {
    #[source_code]
    source_code: NamedSource<String>,
    #[related]
    errors: Vec<ParseError>,
    /// The file less its broken lines, when every error is on a line of the script.
    recovered: Option<ScenarioFile>,
}

pub(crate) fn summary(n: usize, file_name: &str) -> String {
    format!("{} in {file_name}", crate::report::count(n, "error", "errors"))
}

impl ParseErrors {
    /// Gathers `errors` found in the file `file_name` whose text is `source`.
    /// The errors are sorted by position.
    pub fn new(file_name: &str, source: &str, mut errors: Vec<ParseError>) -> Self {
        errors.sort_by_key(|e| e.span());
        ParseErrors {
            source_code: NamedSource::new(file_name, source.to_owned()),
            errors,
            recovered: None,
        }
    }

    /// The same errors, keeping `recovered` as what the file says without them.
    pub(crate) fn with_recovered(self, recovered: Option<ScenarioFile>) -> Self {
        ParseErrors { recovered, ..self }
    }

    /// The file without its broken lines, when every error is on a line of the script
    /// (a step, a `chance`, an `expect` or a `snapshot` line): what lowering can still read
    /// to report the other lines' mistakes in the same run. `None` when an error is in a
    /// header, the board, the position or a line that reads as none of these (lowering the
    /// rest would report mistakes that only follow from it).
    pub fn recovered(&self) -> Option<&ScenarioFile> {
        self.recovered.as_ref()
    }

    /// The errors, in source order.
    pub fn errors(&self) -> &[ParseError] {
        &self.errors
    }

    /// How many errors there are.
    pub fn len(&self) -> usize {
        self.errors.len()
    }

    /// True when there are none (a `ParseErrors` from [`crate::parse()`] always
    /// has at least one).
    pub fn is_empty(&self) -> bool {
        self.errors.is_empty()
    }

    /// The file's name as given to [`crate::parse()`].
    pub fn file_name(&self) -> &str {
        self.source_code.name()
    }

    /// The file's text.
    pub fn source_text(&self) -> &str {
        self.source_code.inner()
    }

    /// The error codes in order, e.g. `["dsl::syntax::bad_corner"]`.
    pub fn codes(&self) -> Vec<String> {
        self.errors.iter().map(ParseError::code_str).collect()
    }
}
