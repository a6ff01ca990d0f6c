//! Byte spans into the scenario source, and the [`Spanned`] wrapper.

use std::fmt;

/// A byte range `start..end` into the source text of one scenario file.
///
/// Offsets are byte offsets (not characters, not lines) and always fall on
/// UTF-8 character boundaries. `end` is exclusive.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Span {
    /// Byte offset of the first byte.
    pub start: usize,
    /// Byte offset one past the last byte.
    pub end: usize,
}

impl Span {
    /// A span from `start` to `end` (swapped if given the wrong way round).
    pub fn new(start: usize, end: usize) -> Self {
        if start <= end {
            Span { start, end }
        } else {
            Span { start: end, end: start }
        }
    }

    /// An empty span at `offset`.
    pub fn empty(offset: usize) -> Self {
        Span {
            start: offset,
            end: offset,
        }
    }

    /// Length in bytes.
    pub fn len(&self) -> usize {
        self.end - self.start
    }

    /// True for an empty span.
    pub fn is_empty(&self) -> bool {
        self.start == self.end
    }

    /// The smallest span covering both `self` and `other`.
    pub fn join(self, other: Span) -> Span {
        Span {
            start: self.start.min(other.start),
            end: self.end.max(other.end),
        }
    }

    /// The text this span covers in `source`, or `""` if it does not fit.
    pub fn text<'s>(&self, source: &'s str) -> &'s str {
        source.get(self.start..self.end).unwrap_or("")
    }
}

impl fmt::Debug for Span {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}..{}", self.start, self.end)
    }
}

impl fmt::Display for Span {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}..{}", self.start, self.end)
    }
}

impl From<Span> for miette::SourceSpan {
    fn from(span: Span) -> Self {
        miette::SourceSpan::new(span.start.into(), span.len())
    }
}

impl From<std::ops::Range<usize>> for Span {
    fn from(range: std::ops::Range<usize>) -> Self {
        Span::new(range.start, range.end)
    }
}

/// A syntax node together with the span of source text it was read from.
///
/// `Debug` prints the node followed by `@start..end`, which keeps AST dumps
/// short.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Spanned<T> {
    /// The node.
    pub node: T,
    /// Where the node stands in the source.
    pub span: Span,
}

impl<T> Spanned<T> {
    /// Wraps `node` with `span`.
    pub fn new(node: T, span: Span) -> Self {
        Spanned { node, span }
    }

    /// Applies `f` to the node, keeping the span.
    pub fn map<U>(self, f: impl FnOnce(T) -> U) -> Spanned<U> {
        Spanned {
            node: f(self.node),
            span: self.span,
        }
    }

    /// A borrowed view with the same span.
    pub fn as_ref(&self) -> Spanned<&T> {
        Spanned {
            node: &self.node,
            span: self.span,
        }
    }
}

impl<T> std::ops::Deref for Spanned<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.node
    }
}

impl<T: fmt::Debug> fmt::Debug for Spanned<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if f.alternate() {
            write!(f, "{:#?} @{:?}", self.node, self.span)
        } else {
            write!(f, "{:?} @{:?}", self.node, self.span)
        }
    }
}

impl<T: fmt::Display> fmt::Display for Spanned<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.node.fmt(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn span_basics() {
        let s = Span::new(5, 2);
        assert_eq!(s, Span { start: 2, end: 5 });
        assert_eq!(s.len(), 3);
        assert_eq!(s.join(Span::new(7, 9)), Span::new(2, 9));
        assert_eq!(Span::new(0, 3).text("abcdef"), "abc");
        assert_eq!(Span::new(4, 30).text("abc"), "");
        assert_eq!(format!("{:?}", Spanned::new("x", Span::new(1, 2))), "\"x\" @1..2");
    }
}
