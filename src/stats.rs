//! `catan-harness stats`: what happens over many seeded random games of a ruleset — game
//! length, win rates by seat, barbarian attacks and their outcomes, cities pillaged,
//! metropolis changes, progress cards drawn by kind, robber moves and 7s; with Seafarers
//! ships built and moved, pirate moves and steals, gold choices and islands settled (with
//! Cities & Knights also pirates chased and ships removed). Every
//! figure is counted from the engine's events, so a rule change shows up as a shifted number.

use crate::play::{new_game, PlayOptions, MAX_LISTED_FAILURES};
use catan_engine::random::RandomPlayer;
use catan_engine::BarbEvent;
use catan_engine::CkEvent;
use catan_engine::CourtEvent;
use catan_engine::SeaEvent;
use catan_engine::{Event, ProgressCard};
use rayon::prelude::*;
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
    /// Seafarers: ships built (setup and Road Building included).
    pub ships_built: u64,
    /// Seafarers: ships moved.
    pub ships_moved: u64,
    /// Seafarers: pirate moves.
    pub pirate_moves: u64,
    /// Seafarers: cards stolen by the pirate.
    pub pirate_steals: u64,
    /// Seafarers: gold choices made.
    pub gold_choices: u64,
    /// Seafarers: resources taken from gold fields.
    pub gold_resources: u64,
    /// Seafarers: island markers taken (first settlements on a foreign island).
    pub islands_settled: u64,
    /// Seafarers with Cities & Knights: pirates chased by knights.
    pub pirate_chases: u64,
    /// Seafarers with Cities & Knights: ships removed by Diplomacy.
    pub ships_removed: u64,
    /// Barbarian Attack: landings started (a settlement or city built).
    pub landings: u64,
    /// Barbarian Attack: barbarians landed.
    pub barbarians_landed: u64,
    /// Barbarian Attack: hexes conquered.
    pub conquests: u64,
    /// Barbarian Attack: buildings conquered.
    pub buildings_conquered: u64,
    /// Barbarian Attack: battles won.
    pub battles: u64,
    /// Barbarian Attack: prisoners taken (battles and Capture cards).
    pub prisoners: u64,
    /// Barbarian Attack: knights lost in battle.
    pub knights_lost: u64,
    /// Barbarian Attack: knights moved.
    pub knights_moved: u64,
    /// Barbarian Attack with Cities & Knights: barbarians arriving on a ship face.
    pub ship_arrivals: u64,
    /// Barbarian Attack with Cities & Knights: barbarians arriving after an improvement.
    pub improvement_arrivals: u64,
    /// Barbarian Attack with Cities & Knights: knights downgraded or removed by the castle die.
    pub knights_downgraded: u64,
    /// Failures (engine refusals of listed actions), with the seed: the first
    /// [`MAX_LISTED_FAILURES`].
    pub failures: Vec<String>,
    /// Every failure counted.
    pub failure_count: u64,
}

/// Plays `opts.games` games from `opts.seed` and counts.
pub fn run(opts: &PlayOptions) -> Stats {
    run_with(opts, &|| {})
}

/// Like [`run`], on `opts.jobs` threads (each a contiguous range of seeds, merged in seed
/// order, so the counts do not depend on the thread count), calling `on_game` as each game
/// ends. Memory is flat in the number of games.
pub fn run_with(opts: &PlayOptions, on_game: &(dyn Fn() + Sync)) -> Stats {
    let jobs = (opts.jobs.max(1) as u64).min(opts.games.max(1));
    let per = opts.games / jobs;
    let extra = opts.games % jobs;
    // Range j: `per` games, one more for the first `extra` ranges.
    let ranges: Vec<(u64, u64)> = (0..jobs)
        .map(|j| (j * per + j.min(extra), per + u64::from(j < extra)))
        .collect();
    let parts: Vec<Part> = if jobs <= 1 {
        vec![run_range(opts, 0, opts.games, on_game)]
    } else {
        match rayon::ThreadPoolBuilder::new().num_threads(jobs as usize).build() {
            Ok(pool) => pool.install(|| {
                ranges
                    .par_iter()
                    .map(|&(from, n)| run_range(opts, from, n, on_game))
                    .collect()
            }),
            Err(_) => vec![run_range(opts, 0, opts.games, on_game)],
        }
    };
    let mut total = Part::default();
    for p in parts {
        total.merge(p);
    }
    let mut s = total.stats;
    if s.games > 0 {
        s.mean_turns = total.turns as f64 / s.games as f64;
        s.mean_actions = total.actions as f64 / s.games as f64;
    }
    s
}

/// The counts of a range of games, before the means are taken.
#[derive(Default)]
struct Part {
    stats: Stats,
    turns: u64,
    actions: u64,
}

impl Part {
    fn failure(&mut self, message: String) {
        self.stats.failure_count += 1;
        if self.stats.failures.len() < MAX_LISTED_FAILURES {
            self.stats.failures.push(message);
        }
    }

    /// Adds `later` (the games after this part's).
    fn merge(&mut self, later: Part) {
        let (s, o) = (&mut self.stats, later.stats);
        self.turns += later.turns;
        self.actions += later.actions;
        for (a, b) in [
            (&mut s.games, o.games),
            (&mut s.draws, o.draws),
            (&mut s.rolls, o.rolls),
            (&mut s.sevens, o.sevens),
            (&mut s.robber_moves, o.robber_moves),
            (&mut s.barbarian_attacks, o.barbarian_attacks),
            (&mut s.barbarians_won, o.barbarians_won),
            (&mut s.defenders_won, o.defenders_won),
            (&mut s.cities_pillaged, o.cities_pillaged),
            (&mut s.cities_damaged, o.cities_damaged),
            (&mut s.defender_tokens, o.defender_tokens),
            (&mut s.metropolis_changes, o.metropolis_changes),
            (&mut s.knights_recruited, o.knights_recruited),
            (&mut s.knights_displaced, o.knights_displaced),
            (&mut s.soldiers_captured, o.soldiers_captured),
            (&mut s.banner_changes, o.banner_changes),
            (&mut s.tricolour_banners, o.tricolour_banners),
            (&mut s.nobles_sent, o.nobles_sent),
            (&mut s.influence_changes, o.influence_changes),
            (&mut s.robber_waits, o.robber_waits),
            (&mut s.ships_built, o.ships_built),
            (&mut s.pirate_chases, o.pirate_chases),
            (&mut s.ships_removed, o.ships_removed),
            (&mut s.ships_moved, o.ships_moved),
            (&mut s.pirate_moves, o.pirate_moves),
            (&mut s.pirate_steals, o.pirate_steals),
            (&mut s.gold_choices, o.gold_choices),
            (&mut s.gold_resources, o.gold_resources),
            (&mut s.islands_settled, o.islands_settled),
            (&mut s.landings, o.landings),
            (&mut s.barbarians_landed, o.barbarians_landed),
            (&mut s.conquests, o.conquests),
            (&mut s.buildings_conquered, o.buildings_conquered),
            (&mut s.battles, o.battles),
            (&mut s.prisoners, o.prisoners),
            (&mut s.knights_lost, o.knights_lost),
            (&mut s.knights_moved, o.knights_moved),
            (&mut s.ship_arrivals, o.ship_arrivals),
            (&mut s.improvement_arrivals, o.improvement_arrivals),
            (&mut s.knights_downgraded, o.knights_downgraded),
            (&mut s.failure_count, o.failure_count),
        ] {
            *a += b;
        }
        for (into, from) in [
            (&mut s.wins_per_seat, o.wins_per_seat),
            (&mut s.progress_drawn, o.progress_drawn),
            (&mut s.cards_played, o.cards_played),
        ] {
            for (k, n) in from {
                *into.entry(k).or_default() += n;
            }
        }
        let room = MAX_LISTED_FAILURES.saturating_sub(s.failures.len());
        s.failures.extend(o.failures.into_iter().take(room));
    }
}

/// Plays `n` games from seed `opts.seed + from`.
fn run_range(opts: &PlayOptions, from: u64, n: u64, on_game: &(dyn Fn() + Sync)) -> Part {
    let mut part = Part::default();
    let mut events = Vec::with_capacity(64);
    for i in from..from.saturating_add(n) {
        let seed = opts.seed.wrapping_add(i);
        let mut g = match new_game(opts, seed) {
            Ok(g) => g,
            Err(e) => {
                part.failure(format!("seed {seed}: {e}"));
                on_game();
                continue;
            }
        };
        let mut rp = RandomPlayer::new(seed);
        let mut steps = 0u64;
        // Seafarers: the next robbery is the pirate's.
        let mut pirate = false;
        while g.winner().is_none() && g.turn() <= opts.max_turns {
            let Some(a) = rp.choose(&g, opts.policy) else {
                part.failure(format!("seed {seed}: no legal action at step {steps}"));
                break;
            };
            events.clear();
            if let Err(e) = g.apply_into(a, &mut events) {
                part.failure(format!("seed {seed}: step {steps}: {e} ({})", e.code()));
                break;
            }
            steps += 1;
            for e in &events {
                count(&mut part.stats, e, &mut pirate);
            }
        }
        let s = &mut part.stats;
        s.games += 1;
        part.turns += g.turn() as u64;
        part.actions += steps;
        match g.winner() {
            Some(w) => *s.wins_per_seat.entry(g.colour(w).to_string()).or_default() += 1,
            None => s.draws += 1,
        }
        on_game();
    }
    part
}

/// Counts one event; `pirate` is whether the next robbery is the pirate's (set by a pirate
/// move, cleared by a robber move or the robbery).
fn count(s: &mut Stats, e: &Event, pirate: &mut bool) {
    match e {
        Event::Robbed { .. } if *pirate => {
            s.pirate_steals += 1;
            *pirate = false;
        }
        Event::Sea(SeaEvent::PirateMoved { .. }) => {
            s.pirate_moves += 1;
            *pirate = true;
        }
        Event::Sea(SeaEvent::ShipBuilt { .. }) => s.ships_built += 1,
        Event::Barb(BarbEvent::LandingStarted { .. }) => s.landings += 1,
        Event::Barb(BarbEvent::BarbarianLanded { .. }) => s.barbarians_landed += 1,
        Event::Barb(BarbEvent::HexConquered { .. }) => s.conquests += 1,
        Event::Barb(BarbEvent::BuildingConquered { .. }) => s.buildings_conquered += 1,
        Event::Barb(BarbEvent::BattleWon { .. }) => s.battles += 1,
        Event::Barb(BarbEvent::PrisonersTaken { count, .. }) => s.prisoners += u64::from(*count),
        Event::Barb(BarbEvent::BarbarianCaptured { .. }) => s.prisoners += 1,
        Event::Barb(BarbEvent::PathKnightLost { .. }) => s.knights_lost += 1,
        Event::Barb(BarbEvent::PathKnightMoved { .. }) => s.knights_moved += 1,
        Event::Barb(BarbEvent::ArrivalStarted { cause, .. }) => match cause {
            catan_engine::ArrivalCause::Ship => s.ship_arrivals += 1,
            catan_engine::ArrivalCause::Improvement => s.improvement_arrivals += 1,
        },
        Event::Barb(BarbEvent::PathKnightRecruited { .. }) => s.knights_recruited += 1,
        Event::Barb(BarbEvent::PathKnightDisplaced { .. }) => s.knights_displaced += 1,
        Event::Barb(BarbEvent::PathKnightDowngraded { .. }) => s.knights_downgraded += 1,
        Event::Sea(SeaEvent::ShipMoved { .. }) => s.ships_moved += 1,
        Event::Sea(SeaEvent::GoldChosen { cards, .. }) => {
            s.gold_choices += 1;
            s.gold_resources += u64::from(cards.total());
        }
        Event::Sea(SeaEvent::IslandSettled { .. }) => s.islands_settled += 1,
        Event::Sea(SeaEvent::PirateChased { .. }) => s.pirate_chases += 1,
        Event::Sea(SeaEvent::ShipRemoved { .. }) => s.ships_removed += 1,
        Event::RobberMoved { .. } => {
            s.robber_moves += 1;
            *pirate = false;
        }
        Event::Rolled { total, .. } => {
            s.rolls += 1;
            if *total == 7 {
                s.sevens += 1;
            }
        }
        Event::Ck(CkEvent::BarbariansAttacked { .. }) => s.barbarian_attacks += 1,
        Event::Ck(CkEvent::BarbariansWon { .. }) => s.barbarians_won += 1,
        Event::Ck(CkEvent::DefendersWon { .. }) => s.defenders_won += 1,
        Event::Ck(CkEvent::CityPillaged { damaged, .. }) => {
            s.cities_pillaged += 1;
            if *damaged {
                s.cities_damaged += 1;
            }
        }
        Event::Ck(CkEvent::DefenderRewarded { .. }) => s.defender_tokens += 1,
        Event::Ck(CkEvent::MetropolisWon { .. }) => s.metropolis_changes += 1,
        Event::Ck(CkEvent::ProgressDrawn { card, .. }) => *s.progress_drawn.entry(card.name().into()).or_default() += 1,
        Event::Ck(CkEvent::ProgressPlayed { card, .. }) => *s.cards_played.entry(card.name().into()).or_default() += 1,
        Event::Ck(CkEvent::KnightRecruited { .. }) => s.knights_recruited += 1,
        Event::Ck(CkEvent::KnightDisplaced { .. }) => s.knights_displaced += 1,
        Event::Court(CourtEvent::SoldierCaptured { .. }) => s.soldiers_captured += 1,
        Event::Court(CourtEvent::BannerTaken { .. }) => s.banner_changes += 1,
        Event::Court(CourtEvent::TricolourBannerTaken { .. }) => s.tricolour_banners += 1,
        Event::Court(CourtEvent::NobleSent { .. }) => s.nobles_sent += 1,
        Event::Court(CourtEvent::MostInfluenceTaken { .. }) => s.influence_changes += 1,
        Event::Court(CourtEvent::RobberWaits { .. }) => s.robber_waits += 1,
        _ => {}
    }
}

/// The table a person reads.
pub fn render_human(s: &Stats, opts: &PlayOptions) -> String {
    let mut out = String::new();
    let per = |n: u64| n as f64 / s.games.max(1) as f64;
    out += &format!(
        "{}, {} players, rules {}, seeds {}..{}\n",
        catan_dsl::report::count(usize::try_from(s.games).unwrap_or(usize::MAX), "game", "games"),
        opts.players,
        opts.rules.describe(),
        opts.seed,
        opts.seed.wrapping_add(opts.games)
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
    if opts.rules.has(catan_engine::ruleset::Expansion::Seafarers) {
        out += &format!(
            "seafarers           {:.2} ships built, {:.2} moved, {:.2} pirate moves ({} steals), {:.2} gold choices ({} resources), {:.2} islands settled per game\n",
            per(s.ships_built),
            per(s.ships_moved),
            per(s.pirate_moves),
            s.pirate_steals,
            per(s.gold_choices),
            s.gold_resources,
            per(s.islands_settled)
        );
        if opts.rules.ck() {
            out += &format!(
                "knights at sea      {:.2} pirates chased, {:.2} ships removed by Diplomacy per game\n",
                per(s.pirate_chases),
                per(s.ships_removed)
            );
        }
    }
    if opts.rules.has(catan_engine::ruleset::Expansion::BarbarianAttack) {
        out += &format!(
            "barbarian attack    {:.2} landings ({:.2} barbarians landed), {:.2} hexes and {:.2} buildings conquered, {:.2} battles won, {:.2} prisoners, {:.2} knights moved, {:.2} knights lost per game\n",
            per(s.landings),
            per(s.barbarians_landed),
            per(s.conquests),
            per(s.buildings_conquered),
            per(s.battles),
            per(s.prisoners),
            per(s.knights_moved),
            per(s.knights_lost)
        );
        if opts.rules.ck() {
            out += &format!(
                "barbarian arrivals  {:.2} on a ship face, {:.2} after an improvement; {:.2} knights downgraded or removed by the castle die per game\n",
                per(s.ship_arrivals),
                per(s.improvement_arrivals),
                per(s.knights_downgraded)
            );
        }
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
    if s.failure_count > 0 {
        out += &format!("failures            {}\n", s.failure_count);
        for f in &s.failures {
            out += &format!("  {f}\n");
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::BoardChoice;
    use catan_engine::random::Policy;

    fn sea_opts(games: u64) -> PlayOptions {
        PlayOptions {
            players: 4,
            games,
            seed: 0,
            // Through the Desert: a gold field in the strip and on the islands.
            board: BoardChoice::Sea(catan_engine::SeaMap::ThroughTheDesert),
            max_turns: 1000,
            invariants: false,
            policy: Policy::Uniform,
            jobs: 1,
            rules: catan_engine::Ruleset::from_names(["seafarers"]).expect("Seafarers"),
        }
    }

    #[test]
    fn barbarian_attack_games_count_landings_conquests_battles_and_prisoners() {
        let opts = PlayOptions {
            players: 4,
            games: 6,
            seed: 0,
            board: BoardChoice::Random(catan_engine::board::TokenPlacement::Spiral),
            max_turns: 1000,
            invariants: true,
            policy: Policy::Uniform,
            jobs: 1,
            rules: catan_engine::Ruleset::from_names(["barbarian-attack"]).expect("Barbarian Attack"),
        };
        let s = run(&opts);
        assert_eq!(s.failure_count, 0, "{:?}", s.failures);
        assert!(s.landings > 0 && s.barbarians_landed > 0, "{s:?}");
        assert!(s.conquests > 0 && s.battles > 0 && s.prisoners > 0, "{s:?}");
        let text = render_human(&s, &opts);
        assert!(text.contains("\nbarbarian attack    "), "{text}");
    }

    #[test]
    fn barbarian_attack_with_cities_and_knights_counts_arrivals_and_knights_on_paths() {
        let opts = PlayOptions {
            players: 4,
            games: 6,
            seed: 0,
            board: BoardChoice::Random(catan_engine::board::TokenPlacement::Spiral),
            max_turns: 1000,
            invariants: true,
            policy: Policy::Uniform,
            jobs: 1,
            rules: catan_engine::Ruleset::from_names(["cities-and-knights", "barbarian-attack"])
                .expect("Barbarian Attack with C&K"),
        };
        let s = run(&opts);
        assert_eq!(s.failure_count, 0, "{:?}", s.failures);
        assert!(s.ship_arrivals > 0 && s.improvement_arrivals > 0, "{s:?}");
        assert!(s.knights_recruited > 0 && s.battles > 0 && s.prisoners > 0, "{s:?}");
        assert_eq!(
            s.barbarian_attacks, 0,
            "the Cities & Knights barbarian ship never sails: {s:?}"
        );
        let text = render_human(&s, &opts);
        assert!(text.contains("\nbarbarian arrivals  "), "{text}");
    }

    #[test]
    fn seafarers_games_count_ships_the_pirate_gold_and_islands() {
        let opts = sea_opts(6);
        let s = run(&opts);
        assert_eq!(s.failure_count, 0, "{:?}", s.failures);
        assert!(s.ships_built > 0 && s.ships_moved > 0, "{s:?}");
        assert!(s.pirate_moves > 0 && s.pirate_steals <= s.pirate_moves, "{s:?}");
        assert!(s.gold_choices > 0 && s.gold_resources >= s.gold_choices, "{s:?}");
        assert!(s.islands_settled > 0, "{s:?}");
        let text = render_human(&s, &opts);
        assert!(text.contains("\nseafarers           "), "{text}");
        // The same counts on two threads.
        let two = run(&PlayOptions { jobs: 2, ..sea_opts(6) });
        assert_eq!(
            (two.ships_built, two.pirate_steals, two.islands_settled),
            (s.ships_built, s.pirate_steals, s.islands_settled)
        );
    }

    #[test]
    fn a_pirate_steal_is_the_robbery_after_a_pirate_move_only() {
        let mut s = Stats::default();
        let mut pirate = false;
        let robbed = Event::Robbed {
            player: catan_engine::PlayerId(0),
            victim: catan_engine::PlayerId(1),
            card: Some(catan_engine::CardKind::Ore),
        };
        count(&mut s, &robbed, &mut pirate);
        assert_eq!(s.pirate_steals, 0);
        let moved = Event::Sea(SeaEvent::PirateMoved {
            player: catan_engine::PlayerId(0),
            from: None,
            to: catan_engine::HexId(1),
        });
        count(&mut s, &moved, &mut pirate);
        count(&mut s, &robbed, &mut pirate);
        count(&mut s, &robbed, &mut pirate);
        assert_eq!((s.pirate_moves, s.pirate_steals), (1, 1));
    }
}
