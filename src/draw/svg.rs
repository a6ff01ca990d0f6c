//! A small SVG writer: elements with escaped attributes and text, built into one string in
//! document order, so the output is deterministic.

use std::fmt::Write;

/// Escapes text for XML content and attribute values.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c if (c as u32) < 0x20 && c != '\n' && c != '\t' => out.push('\u{fffd}'),
            c => out.push(c),
        }
    }
    out
}

/// An SVG document under construction.
pub struct Svg {
    body: String,
    depth: usize,
}

impl Svg {
    /// An empty document.
    pub fn new() -> Svg {
        Svg {
            body: String::new(),
            depth: 0,
        }
    }

    fn indent(&mut self) {
        for _ in 0..self.depth + 1 {
            self.body.push_str("  ");
        }
    }

    fn attrs(&mut self, attrs: &[(&str, String)]) {
        for (k, v) in attrs {
            let _ = write!(self.body, " {k}=\"{}\"", escape(v));
        }
    }

    /// Opens a group (or any container element); close it with [`Svg::close`].
    pub fn open(&mut self, tag: &str, attrs: &[(&str, String)]) {
        self.indent();
        let _ = write!(self.body, "<{tag}");
        self.attrs(attrs);
        self.body.push_str(">\n");
        self.depth += 1;
    }

    /// Closes the innermost open element `tag`.
    pub fn close(&mut self, tag: &str) {
        self.depth = self.depth.saturating_sub(1);
        self.indent();
        let _ = writeln!(self.body, "</{tag}>");
    }

    /// An empty element (`<circle …/>`), with an optional `<title>` tooltip inside.
    pub fn leaf(&mut self, tag: &str, attrs: &[(&str, String)], title: Option<&str>) {
        self.indent();
        let _ = write!(self.body, "<{tag}");
        self.attrs(attrs);
        match title {
            Some(t) => {
                let _ = writeln!(self.body, "><title>{}</title></{tag}>", escape(t));
            }
            None => self.body.push_str("/>\n"),
        }
    }

    /// A text element.
    pub fn text(&mut self, attrs: &[(&str, String)], text: &str) {
        self.indent();
        self.body.push_str("<text");
        self.attrs(attrs);
        let _ = writeln!(self.body, ">{}</text>", escape(text));
    }

    /// The whole document with the given view box and title.
    pub fn finish(self, view: (f64, f64, f64, f64), title: &str) -> String {
        let (x, y, w, h) = view;
        let mut out = String::new();
        let _ = writeln!(
            out,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"{} {} {} {}\" width=\"{}\" height=\"{}\" font-family=\"sans-serif\">",
            num(x),
            num(y),
            num(w),
            num(h),
            num(w),
            num(h)
        );
        let _ = writeln!(out, "  <title>{}</title>", escape(title));
        out.push_str(&self.body);
        out.push_str("</svg>\n");
        out
    }
}

impl Default for Svg {
    fn default() -> Self {
        Svg::new()
    }
}

/// A coordinate with one decimal, without a trailing `.0`.
pub fn num(x: f64) -> String {
    let r = (x * 10.0).round() / 10.0;
    if r == r.trunc() {
        format!("{}", r as i64)
    } else {
        format!("{r:.1}")
    }
}

/// `x1,y1 x2,y2 …` for a polygon.
pub fn points(ps: &[(f64, f64)]) -> String {
    ps.iter()
        .map(|(x, y)| format!("{},{}", num(*x), num(*y)))
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_and_attributes_are_escaped() {
        assert_eq!(escape("a<b & \"c\"\u{1b}"), "a&lt;b &amp; &quot;c&quot;\u{fffd}");
        let mut s = Svg::new();
        s.text(&[("class", "x\"y".into())], "<&>");
        let doc = s.finish((0.0, 0.0, 10.0, 10.0), "t<");
        assert!(doc.contains("class=\"x&quot;y\">&lt;&amp;&gt;</text>"), "{doc}");
        assert!(doc.contains("<title>t&lt;</title>"));
    }

    #[test]
    fn numbers_are_short_and_stable() {
        assert_eq!(num(3.0), "3");
        assert_eq!(num(-2.24), "-2.2");
        assert_eq!(num(0.04), "0");
    }
}
