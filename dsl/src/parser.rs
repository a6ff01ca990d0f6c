//! The pest parser generated from `grammar/scenario.pest`.
//!
//! Only the derive lives here; the [`Rule`] enum it generates is private to the
//! crate and never leaves the `parser` and `parse` modules.

use pest_derive::Parser;

/// The generated parser for the scenario grammar.
#[derive(Parser)]
#[grammar = "grammar/scenario.pest"]
pub(crate) struct ScenarioParser;
