//! # catan-harness
//!
//! The harness around the CATAN rules engine: random play with invariants (this module's
//! [`play`]), and (as the scenario language lands) the scenario runner and golden traces.
//! The CLI binary `catan-harness` is a thin clap layer over this library.

pub mod places;
pub mod play;
