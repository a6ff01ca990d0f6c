//! `catan-harness man`: one man page for the whole CLI.
//!
//! clap_mangen renders one page per command; this module puts the top-level page
//! and, for each subcommand, a section with its synopsis, description and
//! options into a single page, so `man catan-harness` documents everything.

use std::io::Write;

/// The roff text of the page for `cmd` (the CLI's top-level command).
///
/// # Errors
/// When the page cannot be written (never for an in-memory buffer in practice).
pub fn render(cmd: clap::Command) -> std::io::Result<Vec<u8>> {
    let mut cmd = cmd;
    cmd.build();
    let top = clap_mangen::Man::new(cmd.clone());
    let mut out = Vec::new();
    top.render_title(&mut out)?;
    top.render_name_section(&mut out)?;
    top.render_synopsis_section(&mut out)?;
    top.render_description_section(&mut out)?;
    top.render_options_section(&mut out)?;
    for sub in cmd.get_subcommands().filter(|s| s.get_name() != "help") {
        let name = format!("{} {}", cmd.get_name(), sub.get_name());
        writeln!(out, ".SH \"COMMAND: {}\"", name.to_uppercase().replace('-', "\\-"))?;
        let page = clap_mangen::Man::new(sub.clone());
        let mut section = Vec::new();
        page.render_synopsis_section(&mut section)?;
        page.render_description_section(&mut section)?;
        page.render_options_section(&mut section)?;
        // The subcommand's own sections become subsections of its section.
        let text = String::from_utf8_lossy(&section).replace("\n.SH ", "\n.SS ");
        let text = text.strip_prefix(".SH ").map_or(text.clone(), |t| format!(".SS {t}"));
        out.extend_from_slice(text.as_bytes());
    }
    top.render_version_section(&mut out)?;
    Ok(once_preamble(&String::from_utf8_lossy(&out)).into_bytes())
}

/// Each rendered section repeats the page's two-line string definition; keep the first.
fn once_preamble(page: &str) -> String {
    const PREAMBLE: &str = ".ie \\n(.g .ds Aq \\(aq\n.el .ds Aq '\n";
    match page.split_once(PREAMBLE) {
        Some((head, rest)) => format!("{head}{PREAMBLE}{}", rest.replace(PREAMBLE, "")),
        None => page.to_owned(),
    }
}
