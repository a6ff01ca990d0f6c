//! # catan-dsl — the CATAN scenario language
//!
//! Rule designers describe test scenarios for the rules engine in `*.cat`
//! files: a header (title, source, rules, language, tags, covered rule ids),
//! a board, the players, a starting position, a script of actions with forced
//! chance, and expectations. A complete example:
//!
//! ```text
//! scenario "A 7 makes the roller move the robber and rob"
//! source base-almanac §4 "Rolling a 7"
//! rules base option dev-before-roll any
//! players red blue white
//! board beginner
//! position {
//!   red: settlements A.n; hand 2 brick, 1 ore
//!   robber J
//!   turn red main
//! }
//! red rolls 3+4
//! red moves robber J          -> refused BASE.ROBBER.MUST_MOVE
//! red moves robber E
//! expect event robbed player=red victim=blue card=wool
//! ```
//!
//! ## Layers
//!
//! 1. **Grammar** — `src/grammar/scenario.pest`, one commented pest grammar in
//!    sections (header, board, position, script, expectations, tokens). It has
//!    catch-all rules so that a line it does not understand is swallowed and
//!    parsing goes on, and error productions (`bad_*`) for common mistakes.
//! 2. **Parse** — `src/parse/`, one module per construct, turns pest pairs into
//!    the AST and collects *all* the errors of a file: swallowed lines are
//!    re-read to say exactly what was expected where, in words a rule designer
//!    understands (never pest rule names). The pest `Rule` type stays inside.
//! 3. **AST** — [`ast`], where every node carries its byte [`ast::Span`]. The
//!    tree is syntactic: words are not resolved, places are hex labels or
//!    axial coordinates plus corner names.
//! 4. **Diagnostics** — [`diagnostics`]: [`ParseError`] (a `thiserror` +
//!    `miette::Diagnostic` enum with codes like `dsl::syntax::bad_corner`) and
//!    [`ParseErrors`], all of a file's errors under one named source.
//! 5. **Vocabulary** — [`vocab`]: the game words per language, the base game's
//!    table and each expansion's (given by its lowering), used by lowering and for
//!    "did you mean …?".
//! 6. **Report** — [`report`]: renders any diagnostic safely (long lines
//!    clipped around their labels, control characters made visible, at most
//!    [`report::MAX_ERRORS`] errors per file); files over [`MAX_FILE_BYTES`]
//!    are refused unparsed.
//!
//! 7. **Format** — [`mod@format`]: the canonical layout of a file, written from
//!    the AST with the source's comments kept (`catan-harness fmt`).
//! 8. **Lowering** — [`lower`]: the AST to engine terms (a `Setup`, actions with
//!    their chance forced, expectations), resolving words through the
//!    vocabulary and places against the board and splicing `include`d files.
//!    One module per ruleset: `lower/mod.rs` (the driver: header, includes, and
//!    the dispatch of every step, expectation and position item to the
//!    expansions' lowering, then the base game's), `lower/expansion.rs` (the
//!    `ExpansionLowering` trait each expansion implements and `each_lowering!`,
//!    the one list of them), `lower/base.rs` (the base game), `lower/board.rs` (the board line), `lower/ck.rs` (Cities & Knights),
//!    `lower/court.rs` (The Court), `lower/sea.rs` (Seafarers), `lower/barb.rs`
//!    (Barbarian Attack) and `lower/strict.rs` (arguments a construct
//!    does not use are errors). Everything a lowering needs travels in one explicit context (the
//!    board, the players, the file's language, the errors so far); there is no
//!    global or thread-local state, so files of different languages can be
//!    lowered side by side.
//!
//! ## Use
//!
//! ```
//! let src = "scenario \"t\"\nplayers red blue\nred rolls 3+4\n";
//! let file = catan_dsl::parse("t.cat", src).expect("valid");
//! assert_eq!(file.items.len(), 3);
//!
//! let err = catan_dsl::parse("t.cat", "scenario \"t\"\nred rolls 3+\n").unwrap_err();
//! assert_eq!(err.codes(), ["dsl::syntax::bad_dice"]);
//! ```

#![deny(missing_docs)]
// Bad input gets a diagnostic, never a panic: outside tests, no `unwrap`, `expect`,
// `panic!`, `unreachable!`, `todo!` or `unimplemented!` (clippy, run with `-D warnings` in
// CI, holds every line to it).
#![cfg_attr(
    not(test),
    deny(
        clippy::unwrap_used,
        clippy::expect_used,
        clippy::panic,
        clippy::unreachable,
        clippy::todo,
        clippy::unimplemented
    )
)]

pub mod ast;
pub mod diagnostics;
pub mod format;
pub mod lower;
mod parse;
mod parser;
pub mod report;
pub mod scenario;
pub mod vocab;

pub use ast::{Arg, Item, ScenarioFile, Span, Spanned};
pub use diagnostics::{ParseError, ParseErrors};
pub use lower::{prisoners_text, progress_text};
pub use vocab::{Language, Term, TermKind};

/// Parses one scenario file.
///
/// `file_name` is used only in diagnostics; `source` is the file's text.
/// Returns the syntax tree, or every error found in the file (parsing goes
/// on after an error, line by line). Never panics, whatever the input.
///
/// A text longer than [`MAX_FILE_BYTES`] is refused with one
/// `dsl::syntax::file_too_large` error, unparsed.
pub fn parse(file_name: &str, source: &str) -> Result<ScenarioFile, ParseErrors> {
    if source.len() > MAX_FILE_BYTES {
        let mut at = MAX_FILE_BYTES;
        while !source.is_char_boundary(at) {
            at -= 1;
        }
        let error = ParseError::FileTooLarge {
            span: (at, 0).into(),
            limit: MAX_FILE_BYTES,
        };
        return Err(ParseErrors::new(file_name, source, vec![error]));
    }
    parse::parse_file(file_name, source)
}

/// The largest scenario file or fragment, in bytes (1 MiB). Parsing, lowering and
/// rendering are linear in the file's size; this bounds the work one file can cause.
pub const MAX_FILE_BYTES: usize = 1 << 20;
