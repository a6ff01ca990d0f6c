//! Progress of long `play` and `stats` runs: a bar on standard error when it is a
//! terminal, nothing otherwise (and nothing under `--format json` or `-q`).

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;

/// A bar counting `total` games on standard error, hidden unless `wanted` and standard
/// error is a terminal.
pub fn games_bar(total: u64, wanted: bool) -> ProgressBar {
    if !wanted || !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr());
    if let Ok(style) = ProgressStyle::with_template("{bar:30} {pos}/{len} games  {per_sec}  eta {eta}") {
        bar.set_style(style);
    }
    bar.tick();
    bar
}
