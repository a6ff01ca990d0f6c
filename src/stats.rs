//! `catan-harness stats`: what happens over many seeded random games of a ruleset — game
//! length, win rates by seat, barbarian attacks and their outcomes, cities pillaged,
//! metropolis changes, progress cards drawn by kind, robber moves and 7s. Every figure is
//! counted from the engine's events, so a rule change shows up as a shifted number.

use crate::play::{new_game, PlayOptions};
use catan_engine::random::RandomPlayer;
use catan_engine::{Event, ProgressCard};
use serde::Serialize;
use std::collections::BTreeMap;

/// Counts over a batch of games.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Stats {
    /// Games played.
    pub games: u64,
    /// Games that reached the turn cap.
    pub draws: u64,
    /// Mean turns per game.
    pub mean_turns: f64,
    /// Mean actions (chance outcomes included) per game.
    pub mean_actions: f64,
    /// Wins by seat (colour name).
    pub wins_per_seat: BTreeMap<String, u64>,
    /// Rolls made.
    pub rolls: u64,
    /// Rolls totalling 7.
    pub sevens: u64,
    /// Robber moves.
    pub robber_moves: u64,
    /// Barbarian attacks.
    pub barbarian_attacks: u64,
    /// Attacks the barbarians won.
    pub barbarians_won: u64,
    /// Attacks the defenders won.
    pub defenders_won: u64,
    /// Cities pillaged (of which turned on their side).
    pub cities_pillaged: u64,
    /// Pillaged cities turned on their side.
    pub cities_damaged: u64,
    /// Defender VP tokens given.
    pub defender_tokens: u64,
    /// Metropolises won (placed or taken).
    pub metropolis_changes: u64,
    /// Progress cards drawn, by kind.
    pub progress_drawn: BTreeMap<String, u64>,
    /// Progress cards played, by kind.
    pub cards_played: BTreeMap<String, u64>,
    /// Knights recruited.
    pub knights_recruited: u64,
    /// Knights displaced.
    pub knights_displaced: u64,
    /// The Court: soldiers taken prisoner.
    pub soldiers_captured: u64,
    /// The Court: colour banners changing hands (first claims included).
    pub banner_changes: u64,
    /// The Court: tricolour banners taken.
    pub tricolour_banners: u64,
    /// The Court: nobles sent.
    pub nobles_sent: u64,
    /// The Court: Most Influence changing hands (first claims included).
    pub influence_changes: u64,
    /// The Court: Knight cards played while the robber waited off the island.
    pub robber_waits: u64,
    /// Failures (engine refusals of listed actions), with the seed.
    pub failures: Vec<String>,
}

/// Plays `opts.games` games from `opts.seed` and counts.
pub fn run(opts: &PlayOptions) -> Stats {
    let mut s = Stats::default();
    let mut turns = 0u64;
    let mut actions = 0u64;
    let mut events = Vec::with_capacity(64);
    for i in 0..opts.games {
        let seed = opts.seed + i;
        let mut g = match new_game(opts, seed) {
            Ok(g) => g,
            Err(e) => {
                s.failures.push(format!("seed {seed}: {e}"));
                continue;
            }
        };
        let mut rp = RandomPlayer::new(seed);
        let mut steps = 0u64;
        while g.winner().is_none() && g.turn() <= opts.max_turns {
            let Some(a) = rp.choose(&g, opts.policy) else {
                s.failures.push(format!("seed {seed}: no legal action at step {steps}"));
                break;
            };
            events.clear();
            if let Err(e) = g.apply_into(a, &mut events) {
                s.failures
                    .push(format!("seed {seed}: step {steps}: {e} ({})", e.code()));
                break;
            }
            steps += 1;
            for e in &events {
                count(&mut s, e);
            }
        }
        s.games += 1;
        turns += g.turn() as u64;
        actions += steps;
        match g.winner() {
            Some(w) => *s.wins_per_seat.entry(g.colour(w).to_string()).or_default() += 1,
            None => s.draws += 1,
        }
    }
    if s.games > 0 {
        s.mean_turns = turns as f64 / s.games as f64;
        s.mean_actions = actions as f64 / s.games as f64;
    }
    s
}

fn count(s: &mut Stats, e: &Event) {
    match e {
        Event::Rolled { total, .. } => {
            s.rolls += 1;
            if *total == 7 {
                s.sevens += 1;
            }
        }
        Event::RobberMoved { .. } => s.robber_moves += 1,
        Event::BarbariansAttacked { .. } => s.barbarian_attacks += 1,
        Event::BarbariansWon { .. } => s.barbarians_won += 1,
        Event::DefendersWon { .. } => s.defenders_won += 1,
        Event::CityPillaged { damaged, .. } => {
            s.cities_pillaged += 1;
            if *damaged {
                s.cities_damaged += 1;
            }
        }
        Event::DefenderRewarded { .. } => s.defender_tokens += 1,
        Event::MetropolisWon { .. } => s.metropolis_changes += 1,
        Event::ProgressDrawn { card, .. } => *s.progress_drawn.entry(card.name().into()).or_default() += 1,
        Event::ProgressPlayed { card, .. } => *s.cards_played.entry(card.name().into()).or_default() += 1,
        Event::KnightRecruited { .. } => s.knights_recruited += 1,
        Event::KnightDisplaced { .. } => s.knights_displaced += 1,
        Event::SoldierCaptured { .. } => s.soldiers_captured += 1,
        Event::BannerTaken { .. } => s.banner_changes += 1,
        Event::TricolourBannerTaken { .. } => s.tricolour_banners += 1,
        Event::NobleSent { .. } => s.nobles_sent += 1,
        Event::MostInfluenceTaken { .. } => s.influence_changes += 1,
        Event::RobberWaits { .. } => s.robber_waits += 1,
        _ => {}
    }
}

/// The table a person reads.
pub fn render_human(s: &Stats, opts: &PlayOptions) -> String {
    let mut out = String::new();
    let per = |n: u64| n as f64 / s.games.max(1) as f64;
    out += &format!(
        "{} games, {} players, rules {}, seeds {}..{}\n",
        s.games,
        opts.players,
        opts.rules.describe(),
        opts.seed,
        opts.seed + opts.games
    );
    out += &format!("mean turns          {:.1}\n", s.mean_turns);
    out += &format!("mean actions        {:.1}\n", s.mean_actions);
    let wins: Vec<String> = s.wins_per_seat.iter().map(|(c, n)| format!("{c} {n}")).collect();
    out += &format!("wins per seat       {}\n", wins.join(", "));
    out += &format!("draws (turn cap)    {}\n", s.draws);
    out += &format!(
        "rolls               {} ({:.3} sevens per roll)\n",
        s.rolls,
        s.sevens as f64 / s.rolls.max(1) as f64
    );
    out += &format!("robber moves/game   {:.2}\n", per(s.robber_moves));
    if opts.rules.court() {
        out += &format!(
            "court               {:.2} prisoners, {:.2} nobles per game; banner changes {}, tricolour banners {}, Most Influence changes {}, knights before the first 7 {}\n",
            per(s.soldiers_captured),
            per(s.nobles_sent),
            s.banner_changes,
            s.tricolour_banners,
            s.influence_changes,
            s.robber_waits
        );
    }
    if opts.rules.ck() {
        out += &format!(
            "barbarian attacks   {} ({:.2}/game; barbarians won {}, defenders won {})\n",
            s.barbarian_attacks,
            per(s.barbarian_attacks),
            s.barbarians_won,
            s.defenders_won
        );
        out += &format!(
            "cities pillaged     {} ({} turned on their side)\n",
            s.cities_pillaged, s.cities_damaged
        );
        out += &format!("defender tokens     {}\n", s.defender_tokens);
        out += &format!("metropolis changes  {}\n", s.metropolis_changes);
        out += &format!(
            "knights             {} recruited, {} displaced\n",
            s.knights_recruited, s.knights_displaced
        );
        out += "progress cards           drawn   played\n";
        for c in ProgressCard::ALL {
            let n = s.progress_drawn.get(c.name()).copied().unwrap_or(0);
            let m = s.cards_played.get(c.name()).copied().unwrap_or(0);
            let played = if c.is_victory_point() {
                "(face up)".to_string()
            } else {
                m.to_string()
            };
            out += &format!("  {:<20} {n:>7}  {played:>7}\n", c.name());
        }
    }
    if !s.failures.is_empty() {
        out += &format!("failures            {}\n", s.failures.len());
        for f in &s.failures {
            out += &format!("  {f}\n");
        }
    }
    out
}
