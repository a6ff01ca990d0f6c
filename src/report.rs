//! The HTML report of a run (`catan-harness run --report DIR` writes `DIR/index.html`): one
//! self-contained page (inline style, script and pictures; nothing fetched) with a summary,
//! a table of every scenario filterable by status and tag, and for each failing scenario the
//! failing line, expected against actual, the last events, the trace's tail and the board at
//! the failing step with the place the step names marked. Invalid files show their
//! diagnostics, stale goldens their diff.
//!
//! The filters also follow the address's fragment (`index.html#status=failed&tag=robber`), so
//! a link (or a headless browser) can open the page filtered. No timings are written: two runs
//! of the same files give the same page.

use crate::draw;
use crate::draw::svg::escape;
use crate::suite::{FileResult, Golden, Kind, Outcome};
use std::collections::BTreeSet;
use std::fmt::Write;
use std::path::{Path, PathBuf};

const STYLE: &str = "body{font-family:sans-serif;margin:1.5em;color:#222}\
table{border-collapse:collapse}td,th{padding:2px 8px;border-bottom:1px solid #ddd;text-align:left}\
.s-passed{color:#2e7d32}.s-failed,.s-invalid,.s-internal-error,.s-known-bug-fixed{color:#c62828;font-weight:bold}\
.s-stale-golden,.s-missing-golden,.s-orphan-golden{color:#ef6c00;font-weight:bold}.s-known-bug{color:#6d4c41}\
.hidden{display:none}pre{background:#f6f6f6;padding:8px;overflow-x:auto}\
section.failure{border-top:2px solid #c62828;margin-top:1.5em}#filters button{margin-right:4px}\
#filters button.on{background:#333;color:#fff}";

const SCRIPT: &str = r##"(function () {
  var state = { status: "all", tag: "all" };
  function apply() {
    var items = document.querySelectorAll("[data-status]");
    for (var i = 0; i < items.length; i++) {
      var el = items[i];
      var okStatus = state.status === "all" || el.getAttribute("data-status") === state.status;
      var tags = (el.getAttribute("data-tags") || "").split(" ");
      var okTag = state.tag === "all" || tags.indexOf(state.tag) >= 0;
      el.classList.toggle("hidden", !(okStatus && okTag));
    }
    var buttons = document.querySelectorAll("#filters button");
    for (var j = 0; j < buttons.length; j++) {
      var b = buttons[j];
      b.classList.toggle("on", b.getAttribute("data-filter") === state.status);
    }
    var select = document.getElementById("tag");
    if (select) { select.value = state.tag; }
  }
  function fromHash() {
    var parts = window.location.hash.replace(/^#/, "").split("&");
    state = { status: "all", tag: "all" };
    for (var i = 0; i < parts.length; i++) {
      var kv = parts[i].split("=");
      if (kv[0] === "status" && kv[1]) { state.status = decodeURIComponent(kv[1]); }
      if (kv[0] === "tag" && kv[1]) { state.tag = decodeURIComponent(kv[1]); }
    }
    apply();
  }
  function toHash() {
    window.location.hash = "status=" + encodeURIComponent(state.status) + "&tag=" + encodeURIComponent(state.tag);
  }
  document.addEventListener("DOMContentLoaded", function () {
    var buttons = document.querySelectorAll("#filters button");
    for (var i = 0; i < buttons.length; i++) {
      buttons[i].addEventListener("click", function (e) {
        state.status = e.target.getAttribute("data-filter");
        toHash();
      });
    }
    document.getElementById("tag").addEventListener("change", function (e) {
      state.tag = e.target.value;
      toHash();
    });
    window.addEventListener("hashchange", fromHash);
    fromHash();
  });
})();"##;

/// The page for a run.
pub fn html(results: &[FileResult]) -> String {
    let mut s = String::new();
    s.push_str("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n");
    s.push_str("<title>catan-harness run</title>\n");
    let _ = writeln!(s, "<style>{STYLE}</style>\n</head>\n<body>");
    let totals = crate::suite::totals(results);
    let _ = writeln!(
        s,
        "<h1>catan-harness run</h1>\n<p id=\"summary\">{}: {} passed, {} failed, {} stale golden, {} missing golden, {} invalid, {} internal error ({} known bugs)</p>",
        catan_dsl::report::count(results.len(), "scenario", "scenarios"),
        totals.passed,
        totals.failed,
        totals.stale_goldens,
        totals.missing_goldens,
        totals.invalid,
        totals.internal_errors,
        totals.known_bugs
    );
    filters(&mut s, results);
    table(&mut s, results);
    for (i, r) in results.iter().enumerate() {
        if !matches!(r.kind(), Kind::Passed | Kind::KnownBug) {
            details(&mut s, i, r);
        }
    }
    let _ = writeln!(s, "<script>{SCRIPT}</script>\n</body>\n</html>");
    s
}

/// Writes the page as `dir/index.html` and returns its path.
///
/// # Errors
/// The folder cannot be created or the file written.
pub fn write(dir: &Path, results: &[FileResult]) -> std::io::Result<PathBuf> {
    std::fs::create_dir_all(dir)?;
    let path = dir.join("index.html");
    std::fs::write(&path, html(results))?;
    Ok(path)
}

fn tags_of(r: &FileResult) -> &[String] {
    match &r.outcome {
        Outcome::Ran { tags, .. } => tags,
        _ => &[],
    }
}

fn filters(s: &mut String, results: &[FileResult]) {
    let statuses: BTreeSet<&str> = results.iter().map(|r| r.kind().as_str()).collect();
    let tags: BTreeSet<&str> = results
        .iter()
        .flat_map(|r| tags_of(r).iter().map(String::as_str))
        .collect();
    s.push_str("<div id=\"filters\">status: <button data-filter=\"all\">all</button>");
    for st in statuses {
        let _ = write!(s, "<button data-filter=\"{st}\">{st}</button>");
    }
    s.push_str(" tag: <select id=\"tag\"><option value=\"all\">all</option>");
    for t in tags {
        let t = escape(t);
        let _ = write!(s, "<option value=\"{t}\">{t}</option>");
    }
    s.push_str("</select></div>\n");
}

fn table(s: &mut String, results: &[FileResult]) {
    s.push_str("<table id=\"results\">\n<tr><th>status</th><th>scenario</th><th>title</th></tr>\n");
    for (i, r) in results.iter().enumerate() {
        let st = r.kind().as_str();
        let path = escape(&r.path.display().to_string());
        let link = if matches!(r.kind(), Kind::Passed | Kind::KnownBug) {
            path.clone()
        } else {
            format!("<a href=\"#f{i}\">{path}</a>")
        };
        let _ = writeln!(
            s,
            "<tr data-status=\"{st}\" data-tags=\"{}\"><td class=\"s-{st}\">{st}</td><td>{link}</td><td>{}</td></tr>",
            escape(&tags_of(r).join(" ")),
            escape(r.title())
        );
    }
    s.push_str("</table>\n");
}

/// One scenario that did not pass: what went wrong, and the board where it did.
fn details(s: &mut String, i: usize, r: &FileResult) {
    let st = r.kind().as_str();
    let _ = writeln!(
        s,
        "<section class=\"failure\" id=\"f{i}\" data-status=\"{st}\" data-tags=\"{}\"><h2 class=\"s-{st}\">{st}: {}</h2>",
        escape(&tags_of(r).join(" ")),
        escape(&r.path.display().to_string())
    );
    match &r.outcome {
        Outcome::Invalid(d) => {
            let _ = writeln!(s, "<pre>{}</pre>", escape(&d.plain));
        }
        Outcome::Internal(m) => {
            let _ = writeln!(s, "<pre>{}</pre>", escape(m));
        }
        Outcome::Orphan => s.push_str("<p>a golden whose scenario is gone</p>\n"),
        Outcome::Ran { report, golden, .. } => {
            if let Some(f) = &report.failure {
                let _ = writeln!(
                    s,
                    "<p>line {}, column {}: <code>{}</code></p>\n<pre class=\"message\">{}</pre>",
                    f.line,
                    f.column,
                    escape(&f.step),
                    escape(&f.message)
                );
                if let (Some(e), Some(a)) = (&f.expected, &f.actual) {
                    let _ = writeln!(
                        s,
                        "<table class=\"expected\"><tr><th>expected</th><td>{}</td></tr><tr><th>actual</th><td>{}</td></tr></table>",
                        escape(e),
                        escape(a)
                    );
                }
                if !f.last_events.is_empty() {
                    let _ = writeln!(s, "<p>last events</p><pre>{}</pre>", escape(&f.last_events.join("\n")));
                }
                let tail: Vec<&str> = report.trace.lines().rev().take(24).collect();
                let tail: Vec<&str> = tail.into_iter().rev().collect();
                let _ = writeln!(
                    s,
                    "<p>trace (tail)</p><pre class=\"trace\">{}</pre>",
                    escape(&tail.join("\n"))
                );
                board_at_failure(s, r, f);
            }
            if let Golden::Stale(path, diff) = golden {
                let _ = writeln!(
                    s,
                    "<p>golden {} differs:</p><pre class=\"diff\">{}</pre>",
                    escape(&path.display().to_string()),
                    escape(diff)
                );
            }
        }
    }
    s.push_str("</section>\n");
}

/// The board before the failing step, with the place the step names marked.
fn board_at_failure(s: &mut String, r: &FileResult, f: &crate::runner::Failure) {
    let Ok(sc) = crate::load::load(&r.path) else { return };
    let index = sc
        .steps
        .iter()
        .position(|st| st.span.start <= f.span.start && f.span.start < st.span.end.max(st.span.start + 1));
    let Some(index) = index else { return };
    let Ok((game, label)) = draw::scenario_position(&sc, None, Some(index)) else {
        return;
    };
    let place = draw::place_in(game.board(), &f.step);
    let svg = draw::position_svg(&game, &format!("{} — {label}", sc.title), place.as_deref());
    let _ = writeln!(
        s,
        "<p>the board before the failing line{}</p>\n<div class=\"board\">\n{}</div>",
        place
            .map(|p| format!(" (<code>{}</code> marked)", escape(&p)))
            .unwrap_or_default(),
        svg
    );
}
