//! The `board` statement.

use super::{EdgeRef, HexRef, Spanned, VertexRef};

/// `board [LAYOUT] [{ … }]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    /// The layout named on the `board` line, if any.
    pub layout: Option<Spanned<BoardLayout>>,
    /// The `{ … }` block, if any.
    pub block: Option<Spanned<BoardBlock>>,
}

/// The layout a board starts from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BoardLayout {
    /// A named layout, e.g. `beginner`.
    Named(String),
    /// `random seed N [tokens ORDER]`.
    Random {
        /// The seed.
        seed: Spanned<u64>,
        /// How number tokens are placed: `spiral`, `random`…
        tokens: Option<Spanned<String>>,
    },
    /// Seafarers: a map for a number of players, `new-shores:4 [seed N]` (the players
    /// omitted, `new-shores seed N`: the map for the players seated).
    Map {
        /// The map's name: `new-shores`, `through-the-desert`.
        name: Spanned<String>,
        /// The players the map is laid out for.
        players: Option<Spanned<u8>>,
        /// The seed placing its terrain, numbers and harbors.
        seed: Option<Spanned<u64>>,
    },
}

/// The lines of a `board { … }` block.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardBlock {
    /// The lines in order.
    pub lines: Vec<Spanned<BoardLine>>,
}

/// One line inside `board { … }`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BoardLine {
    /// `hex HEX TERRAIN [NUMBER] [area N]`: `hex A mountains 10`, `hex (0,0) desert`,
    /// `hex (3,3) gold 10 area 2`.
    Hex {
        /// Which hex.
        hex: Spanned<HexRef>,
        /// Its terrain word.
        terrain: Spanned<String>,
        /// Its number token, if any.
        token: Option<Spanned<u8>>,
        /// Seafarers: its land area (1 the main island, 2, 3 … the islands), if written.
        area: Option<Spanned<u8>>,
    },
    /// `harbor PATH KIND`: `harbor A.nw-n generic`, `harbor C.n-ne wool`.
    Harbor {
        /// The coastal path the harbor sits on.
        edge: Spanned<EdgeRef>,
        /// `generic` or a resource word.
        kind: Spanned<String>,
    },
    /// `token HEX NUMBER`: change a hex's number token.
    Token {
        /// Which hex.
        hex: Spanned<HexRef>,
        /// The new number.
        number: Spanned<u8>,
    },
    /// `swap HEX HEX`: exchange two hexes (terrain and token).
    Swap {
        /// The first hex.
        a: Spanned<HexRef>,
        /// The second hex.
        b: Spanned<HexRef>,
    },
    /// `soldiers from PLACE`: The Court's first (purple) soldier stands on this coastal
    /// intersection; the others follow clockwise.
    Soldiers {
        /// The coastal intersection.
        at: Spanned<VertexRef>,
    },
    /// `pirate HEX`: Seafarers' pirate starts on this sea hex.
    Pirate {
        /// The sea hex.
        at: Spanned<HexRef>,
    },
    /// `robber HEX`: the robber starts on this hex (instead of the first desert).
    Robber {
        /// The hex.
        at: Spanned<HexRef>,
    },
}
