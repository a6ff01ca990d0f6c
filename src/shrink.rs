//! Failures of random play, written as scenario files: the position at the last quiet moment
//! before the failing step (a trade-and-build or before-roll moment, which a position can
//! state), the actions from there to the failing step with their chance outcomes forced, and
//! the expectation that broke (`expect invariants`, or the refused step itself), with the seed
//! in a comment. `catan-harness run` reproduces the failure from the file alone.

use crate::emit;
use crate::play::{new_game, PlayOptions};
use crate::render;
use catan_engine::random::RandomPlayer;
use catan_engine::{Action, Game};

/// Replays `seed` and, if it fails, returns the scenario text reproducing the failure.
pub fn scenario_for_seed(opts: &PlayOptions, seed: u64) -> Option<String> {
    let mut game = new_game(opts, seed).ok()?;
    let mut rp = RandomPlayer::new(seed);
    let mut quiet: Option<(Game, usize)> = None;
    let mut taken: Vec<Action> = Vec::new();
    let mut step = 0u64;
    while game.winner().is_none() && game.turn() <= opts.max_turns {
        if emit::unstatable(&game).is_none() {
            quiet = Some((game.clone(), taken.len()));
        }
        let action = rp.choose(&game, opts.policy)?;
        taken.push(action);
        let before = game.clone();
        if let Err(e) = game.apply(action) {
            let (start, from) = quiet?;
            let note = format!(
                "Random play, seed {seed}, step {step}: `{}` is listed as legal but refused ({}).",
                render::action(&before, &action),
                e.code()
            );
            return write(&start, &taken[from..], &note, None);
        }
        if let Err(v) = game.check_invariants() {
            let (start, from) = quiet?;
            let note = format!(
                "Random play, seed {seed}, step {step}: after `{}`: {v}.",
                render::action(&before, &action)
            );
            return write(&start, &taken[from..], &note, Some("expect invariants"));
        }
        step += 1;
    }
    None
}

fn write(start: &Game, actions: &[Action], note: &str, expect: Option<&str>) -> Option<String> {
    // `start` is a moment `emit::unstatable` accepts, so this does not fail.
    let mut text = emit::scenario_text(start, "shrunk from random play", note).ok()?;
    // Replay to render each step in the words of the state it applies to.
    let mut g = start.clone();
    for a in actions {
        let line = match a {
            Action::Chance(o) => render::outcome(o),
            // The chance that follows is its own `chance` line.
            Action::Roll { player } => format!("{} rolls", g.colour(*player)),
            Action::BuyDevCard { player } => format!("{} buys development-card", g.colour(*player)),
            other => render::action(&g, other),
        };
        text.push_str(&line);
        text.push('\n');
        let _ = g.apply(*a);
    }
    if let Some(e) = expect {
        text.push_str(e);
        text.push('\n');
    }
    Some(text)
}
