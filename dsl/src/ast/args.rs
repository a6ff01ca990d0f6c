//! Arguments: the tokens that follow a verb, an item key or `expect`.

use std::fmt;

use super::Spanned;

/// One argument of a step, a position item, a chance line or an expectation.
///
/// Arguments stay syntactic: a [`Arg::Word`] is not yet known to be a resource
/// or a colour, and places are hex labels or axial coordinates plus corner
/// names. Resolving them is the lowering stage's job.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Arg {
    /// A whole number: `3`, `-1`.
    Number(i64),
    /// A forced dice roll `3+4`: the two dice, each 1 to 6.
    Dice(u8, u8),
    /// A fraction such as the barbarian track position `6/7`.
    Fraction(u8, u8),
    /// A number followed by a word: `2 brick`, `1 ore`, `2 knight`.
    Count {
        /// The number.
        count: Spanned<u32>,
        /// The word counted.
        item: Spanned<String>,
    },
    /// A rule id: capitals in at least two dotted parts, `BASE.ROBBER.MOVE`.
    RuleId(String),
    /// A bare hex: `J`, `AB`, `(0,-2)`.
    Hex(HexRef),
    /// An intersection (a corner of a hex): `A.n`, `(0,-2).se`.
    Vertex(VertexRef),
    /// A path (an edge between two corners): `A.n-ne`, `A.n-B.s`.
    Edge(EdgeRef),
    /// A word: `wool`, `year-of-plenty`, `Siedlung`, `l·lana`.
    Word(String),
    /// A double-quoted string, with its escapes resolved.
    Str(String),
    /// `key=value`, for instance `player=red` or `at=A.n`.
    KeyValue(Spanned<String>, Box<Spanned<Arg>>),
}

impl Arg {
    /// A short name of the argument's kind, for messages ("a word", "a place").
    pub fn kind_name(&self) -> &'static str {
        match self {
            Arg::Number(_) => "a number",
            Arg::Dice(..) => "a dice roll",
            Arg::Fraction(..) => "a fraction",
            Arg::Count { .. } => "a count",
            Arg::RuleId(_) => "a rule id",
            Arg::Hex(_) => "a hex",
            Arg::Vertex(_) => "a place",
            Arg::Edge(_) => "a path",
            Arg::Word(_) => "a word",
            Arg::Str(_) => "a string",
            Arg::KeyValue(..) => "a key=value pair",
        }
    }

    /// The word, if this argument is a [`Arg::Word`].
    pub fn as_word(&self) -> Option<&str> {
        match self {
            Arg::Word(w) => Some(w),
            _ => None,
        }
    }
}

impl fmt::Display for Arg {
    /// Writes the argument back in scenario syntax.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Arg::Number(n) => write!(f, "{n}"),
            Arg::Dice(a, b) => write!(f, "{a}+{b}"),
            Arg::Fraction(a, b) => write!(f, "{a}/{b}"),
            Arg::Count { count, item } => write!(f, "{} {}", count.node, item.node),
            Arg::RuleId(id) => f.write_str(id),
            Arg::Hex(h) => write!(f, "{h}"),
            Arg::Vertex(v) => write!(f, "{v}"),
            Arg::Edge(e) => write!(f, "{e}"),
            Arg::Word(w) => f.write_str(w),
            Arg::Str(s) => write_quoted(f, s),
            Arg::KeyValue(k, v) => write!(f, "{}={}", k.node, v.node),
        }
    }
}

/// Writes `s` as a double-quoted scenario string, escaping `"` and `\`.
pub(crate) fn write_quoted(f: &mut fmt::Formatter<'_>, s: &str) -> fmt::Result {
    f.write_str("\"")?;
    for c in s.chars() {
        match c {
            '"' => f.write_str("\\\"")?,
            '\\' => f.write_str("\\\\")?,
            c => write!(f, "{c}")?,
        }
    }
    f.write_str("\"")
}

/// A reference to a hex as written in the file.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum HexRef {
    /// A capital label: `A`, `K`, `AB`, `A1`.
    Label(String),
    /// Axial coordinates `(q,r)`.
    Axial {
        /// The q coordinate.
        q: i32,
        /// The r coordinate.
        r: i32,
    },
}

impl fmt::Display for HexRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HexRef::Label(l) => f.write_str(l),
            HexRef::Axial { q, r } => write!(f, "({q},{r})"),
        }
    }
}

/// One of the six corners of a (pointy-top) hex.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Corner {
    /// `n`, the top corner.
    N,
    /// `ne`, upper right.
    NE,
    /// `se`, lower right.
    SE,
    /// `s`, the bottom corner.
    S,
    /// `sw`, lower left.
    SW,
    /// `nw`, upper left.
    NW,
}

impl Corner {
    /// All corners, clockwise from `n`.
    pub const ALL: [Corner; 6] = [Corner::N, Corner::NE, Corner::SE, Corner::S, Corner::SW, Corner::NW];

    /// The corner's name as written in scenario files.
    pub fn name(self) -> &'static str {
        match self {
            Corner::N => "n",
            Corner::NE => "ne",
            Corner::SE => "se",
            Corner::S => "s",
            Corner::SW => "sw",
            Corner::NW => "nw",
        }
    }

    /// Reads a corner name (`n`, `ne`, `se`, `s`, `sw`, `nw`).
    pub fn from_name(name: &str) -> Option<Corner> {
        Corner::ALL.into_iter().find(|c| c.name() == name)
    }
}

impl fmt::Display for Corner {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An intersection written as `HEX.CORNER`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct VertexRef {
    /// The hex the corner belongs to.
    pub hex: Spanned<HexRef>,
    /// The corner of that hex.
    pub corner: Spanned<Corner>,
}

impl fmt::Display for VertexRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}", self.hex.node, self.corner.node)
    }
}

/// A path (edge) written as `HEX.CORNER-CORNER` or `HEX.CORNER-HEX.CORNER`.
///
/// Whether the two corners are really adjacent is not checked here: that is
/// decided when the place is resolved against the board.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct EdgeRef {
    /// The first end.
    pub from: Spanned<VertexRef>,
    /// The hex of the second end, when written (`A.n-B.s`); `None` for the
    /// short form `A.n-ne`, where the second corner is on the same hex.
    pub to_hex: Option<Spanned<HexRef>>,
    /// The corner of the second end.
    pub to_corner: Spanned<Corner>,
}

impl EdgeRef {
    /// The second end as a full vertex (the first end's hex when not written).
    pub fn to(&self) -> VertexRef {
        VertexRef {
            hex: self.to_hex.clone().unwrap_or_else(|| self.from.node.hex.clone()),
            corner: self.to_corner,
        }
    }
}

impl fmt::Display for EdgeRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-", self.from.node)?;
        if let Some(h) = &self.to_hex {
            write!(f, "{}.", h.node)?;
        }
        write!(f, "{}", self.to_corner.node)
    }
}

/// A `key=value` field of an `expect event` line.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Field {
    /// The key, e.g. `player`.
    pub key: Spanned<String>,
    /// The value, e.g. the word `red` or the place `A.n`.
    pub value: Spanned<Arg>,
}

impl fmt::Display for Field {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}={}", self.key.node, self.value.node)
    }
}

/// A span-less helper used by tests and summaries: all args joined by spaces.
pub fn join_args(args: &[Spanned<Arg>]) -> String {
    args.iter().map(|a| a.node.to_string()).collect::<Vec<_>>().join(" ")
}
