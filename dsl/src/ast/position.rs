//! The `position { … }` block.

use super::{Arg, Span, Spanned};

/// `position { … }`: the state the script starts from.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Position {
    /// Present when the block contains `unchecked`: skip consistency checks.
    pub unchecked: Option<Span>,
    /// The `PLAYER:` sections in order.
    pub players: Vec<Spanned<PlayerSection>>,
    /// Items about the whole table (`robber J`, `bank …`, `turn red main`).
    pub globals: Vec<Spanned<PositionItem>>,
}

/// A `PLAYER:` section and the items that follow it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayerSection {
    /// The player, as written (`red`, `rot`…).
    pub player: Spanned<String>,
    /// The player's items: `settlements A.n, D.s`, `hand 2 brick`…
    pub items: Vec<Spanned<PositionItem>>,
}

/// One item: a key word followed by arguments, e.g. `hand 2 brick, 1 ore`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PositionItem {
    /// The key: `settlements`, `roads`, `hand`, `robber`, `bank`…
    pub key: Spanned<String>,
    /// Its arguments.
    pub args: Vec<Spanned<Arg>>,
}
