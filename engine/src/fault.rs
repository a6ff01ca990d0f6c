//! Deliberate rule faults for tests (feature `fault-injection`, never in release builds of
//! the tool): a test switches a fault on for its own thread, checks that random play finds it
//! and that the scenario written for it fails exactly there, then switches it off.

use std::cell::Cell;

/// A deliberate rule fault.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fault {
    /// A maritime trade takes the player's cards but does not put them in the bank (resource
    /// conservation breaks).
    MaritimeBankNotCredited,
}

thread_local! {
    static ACTIVE: Cell<Option<Fault>> = const { Cell::new(None) };
}

/// Switches a fault on (or off with `None`) for the calling thread.
pub fn set(fault: Option<Fault>) {
    ACTIVE.with(|a| a.set(fault));
}

/// Whether `fault` is on for the calling thread.
pub(crate) fn active(fault: Fault) -> bool {
    ACTIVE.with(|a| a.get() == Some(fault))
}
