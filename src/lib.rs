//! # catan-harness
//!
//! The harness around the CATAN rules engine: random play with invariants ([`play`]), the
//! scenario runner ([`runner`], [`suite`]) with golden traces ([`render`], [`golden`]),
//! JUnit reports ([`junit`]), place names ([`places`]), the rule catalog ([`catalog`],
//! [`rule_list`]) and the exit codes ([`exit`]); [`fmt`] lays scenario files out
//! canonically and [`manpage`] renders the CLI's man page.
//! The CLI binary `catan-harness` is a thin clap layer over this library.

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

pub mod catalog;
pub mod differential;
pub mod draw;
pub mod emit;
pub mod exit;
pub mod files;
pub mod fmt;
pub mod golden;
pub mod junit;
pub mod load;
pub mod manpage;
pub mod places;
pub mod play;
pub mod progress;
pub mod render;
pub mod report;
pub mod rule_list;
pub mod runner;
pub mod shrink;
pub mod stats;
pub mod suite;
mod yaml;
