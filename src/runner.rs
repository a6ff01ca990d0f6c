//! The scenario runner: plays a lowered scenario step by step against the engine, checks
//! every expectation, stops a variant at its first failure, and records the trace (one
//! block per step: the step, its events, the state change) and the snapshots for goldens.
//!
//! Scripts are strict: the runner never fills in a decision. When the game waits for a
//! decision or chance outcome that the script does not give, the step fails and the report
//! lists the legal options.

use crate::render;
use catan_dsl::scenario::{ByteSpan, Expectation, PieceKind, Scenario, Step, StepKind};
use catan_engine::state::Actor;
use catan_engine::{Action, Event, Game};
use serde::Serialize;
use std::fmt::Write;

/// How many events before a failure are shown.
const LAST_EVENTS: usize = 8;

/// The outcome of one scenario.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    /// Every step and expectation held.
    Passed,
    /// A step or expectation failed.
    Failed,
    /// Marked known-bug and failed as expected.
    KnownBug,
    /// Marked known-bug but passed: someone fixed it; remove the mark.
    KnownBugFixed,
}

/// Where and why a scenario failed.
#[derive(Clone, Debug, Serialize)]
pub struct Failure {
    /// Variant name (empty for the default).
    pub variant: String,
    /// Byte span of the failing line.
    #[serde(skip)]
    pub span: ByteSpan,
    /// 1-based line and column.
    pub line: usize,
    /// 1-based column.
    pub column: usize,
    /// The failing line as written.
    pub step: String,
    /// What went wrong.
    pub message: String,
    /// Expected value, where there is one.
    pub expected: Option<String>,
    /// Actual value, where there is one.
    pub actual: Option<String>,
    /// The last events before the failure.
    pub last_events: Vec<String>,
    /// Legal options when the game waited for something the script did not give.
    pub options: Vec<String>,
    /// Script lines that never ran because of this failure.
    pub unreached: usize,
}

/// The report of one scenario.
#[derive(Clone, Debug, Serialize)]
pub struct Report {
    /// File name.
    pub file: String,
    /// Title.
    pub title: String,
    /// Outcome.
    pub status: Status,
    /// The first failure (or, for known bugs, the expected failure).
    pub failure: Option<Failure>,
    /// The known-bug reason.
    pub known_bug: Option<String>,
    /// The golden trace.
    #[serde(skip)]
    pub trace: String,
    /// Snapshot points.
    #[serde(skip)]
    pub snapshots: Vec<(String, String)>,
    /// The game at each snapshot point (for `trace --at NAME --emit-scenario`).
    #[serde(skip)]
    pub states: Vec<(String, Game)>,
}

fn line_col(text: &str, at: usize) -> (usize, usize) {
    let at = at.min(text.len());
    let before = &text[..text.floor_char_boundary_compat(at)];
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().map(|l| l.chars().count()).unwrap_or(0) + 1;
    (line, col)
}

trait FloorBoundary {
    fn floor_char_boundary_compat(&self, i: usize) -> usize;
}

impl FloorBoundary for str {
    fn floor_char_boundary_compat(&self, mut i: usize) -> usize {
        while i > 0 && !self.is_char_boundary(i) {
            i -= 1;
        }
        i
    }
}

struct Run<'a> {
    sc: &'a Scenario,
    variant: String,
    history: Vec<String>,
    last: Vec<Event>,
    trace: String,
    snapshots: Vec<(String, String)>,
    states: Vec<(String, Game)>,
}

impl Run<'_> {
    fn fail(
        &self,
        step: &Step,
        index: usize,
        message: String,
        expected: Option<String>,
        actual: Option<String>,
        options: Vec<String>,
    ) -> Box<Failure> {
        let (line, column) = line_col(&self.sc.text, step.span.start);
        let skip = self.history.len().saturating_sub(LAST_EVENTS);
        Box::new(Failure {
            variant: self.variant.clone(),
            span: step.span.clone(),
            line,
            column,
            step: step.text.clone(),
            message,
            expected,
            actual,
            last_events: self.history[skip..].to_vec(),
            options,
            unreached: self.sc.steps.len().saturating_sub(index + 1),
        })
    }

    fn options(game: &Game) -> Vec<String> {
        let mut v = Vec::new();
        let mut acts = Vec::new();
        game.legal_actions(&mut acts);
        for a in acts.iter().take(40) {
            v.push(render::action(game, a));
        }
        if acts.len() > 40 {
            v.push(format!("… and {} more", acts.len() - 40));
        }
        v
    }

    fn record(&mut self, game: &Game, before: &Game, events: &[Event], head: &str) {
        let _ = writeln!(self.trace, "{head}");
        for e in events {
            let r = render::event(game, e);
            let _ = writeln!(self.trace, "  = {r}");
            self.history.push(r);
        }
        for d in render::delta(before, game) {
            let _ = writeln!(self.trace, "  ~ {d}");
        }
    }
}

/// Runs every variant of a scenario.
pub fn run(sc: &Scenario) -> Report {
    let mut trace = String::new();
    let mut snapshots = Vec::new();
    let mut states = Vec::new();
    let mut failure = None;
    for v in &sc.variants {
        let mut setup = sc.setup.clone();
        setup.rules = v.rules.clone();
        let mut r = Run {
            sc,
            variant: v.name.clone(),
            history: Vec::new(),
            last: Vec::new(),
            trace: String::new(),
            snapshots: Vec::new(),
            states: Vec::new(),
        };
        if !v.name.is_empty() {
            let _ = writeln!(r.trace, "## variant {}", v.name);
        }
        let result = match Game::from_setup(&setup) {
            Ok(mut game) => run_steps(&mut r, &mut game),
            Err(e) => Err(Box::new(Failure {
                variant: v.name.clone(),
                span: 0..0,
                line: 1,
                column: 1,
                step: String::new(),
                message: format!("the position is inconsistent: {e}"),
                expected: None,
                actual: None,
                last_events: Vec::new(),
                options: Vec::new(),
                unreached: sc.steps.len(),
            })),
        };
        trace.push_str(&r.trace);
        for (n, g) in r.states {
            let name = if v.name.is_empty() {
                n
            } else {
                format!("{n} [{}]", v.name)
            };
            states.push((name, g));
        }
        for (n, s) in r.snapshots {
            let name = if v.name.is_empty() {
                n
            } else {
                format!("{n} [{}]", v.name)
            };
            snapshots.push((name, s));
        }
        if let Err(f) = result {
            let _ = writeln!(trace, "!! failed at line {}: {}", f.line, f.message);
            failure = Some(*f);
            break;
        }
    }
    let status = match (&failure, &sc.known_bug) {
        (None, None) => Status::Passed,
        (Some(_), None) => Status::Failed,
        (Some(_), Some(_)) => Status::KnownBug,
        (None, Some(_)) => Status::KnownBugFixed,
    };
    Report {
        file: sc.file.clone(),
        title: sc.title.clone(),
        status,
        failure,
        known_bug: sc.known_bug.clone(),
        trace,
        snapshots,
        states,
    }
}

fn run_steps(r: &mut Run<'_>, game: &mut Game) -> Result<(), Box<Failure>> {
    for (i, step) in r.sc.steps.iter().enumerate() {
        if let Some(g) = &step.guard {
            if !g.contains(&r.variant) {
                continue;
            }
        }
        if game.winner().is_some()
            && matches!(
                step.kind,
                StepKind::Act { refused: None, .. } | StepKind::Chance { refused: None, .. }
            )
        {
            return Err(r.fail(
                step,
                i,
                "this step can never run: the game is already over".into(),
                None,
                None,
                Vec::new(),
            ));
        }
        match &step.kind {
            StepKind::Act {
                action,
                chance,
                refused,
            } => {
                let before = game.clone();
                let mut result = game.apply(*action);
                if let (Ok(events), None) = (&mut result, refused) {
                    // The chance outcomes forced on the same line.
                    for o in chance {
                        if game.actor() != Actor::Chance {
                            *game = before;
                            let msg = format!(
                                "this step forces `{}` but no chance outcome is pending after it",
                                render::outcome(o)
                            );
                            return Err(r.fail(step, i, msg, None, None, Vec::new()));
                        }
                        match game.apply(Action::Chance(*o)) {
                            Ok(ev) => events.extend(ev),
                            Err(e) => {
                                let opts = Run::options(game);
                                let msg = format!("the forced outcome is refused: {e} ({})", e.code());
                                return Err(r.fail(step, i, msg, None, None, opts));
                            }
                        }
                    }
                }
                settle(r, step, i, game, &before, result, refused)?;
            }
            StepKind::Chance { outcome, refused } => {
                let before = game.clone();
                let result = game.apply(Action::Chance(*outcome));
                settle(r, step, i, game, &before, result, refused)?;
            }
            StepKind::Expect(x) => {
                if let Err((expected, actual)) = check(game, &r.last, x) {
                    return Err(r.fail(
                        step,
                        i,
                        "expectation not met".into(),
                        Some(expected),
                        Some(actual),
                        Vec::new(),
                    ));
                }
            }
            StepKind::Snapshot(name) => {
                let s = render::summary(game);
                let _ = writeln!(r.trace, "@ snapshot \"{name}\"");
                r.snapshots.push((name.clone(), s));
                r.states.push((name.clone(), game.clone()));
            }
        }
    }
    Ok(())
}

/// The step in the canonical vocabulary (see [`render::step`]).
fn canonical_step(before: &Game, step: &Step) -> String {
    match &step.kind {
        StepKind::Act { action, chance, .. } => render::step(before, action, chance),
        StepKind::Chance { outcome, .. } => render::outcome(outcome),
        _ => step.text.clone(),
    }
}

/// Checks an applied step against what the script says (accepted, or refused with a rule
/// id and the state unchanged) and records it in the trace.
fn settle(
    r: &mut Run<'_>,
    step: &Step,
    i: usize,
    game: &Game,
    before: &Game,
    result: Result<Vec<Event>, catan_engine::RuleError>,
    refused: &Option<(String, ByteSpan)>,
) -> Result<(), Box<Failure>> {
    let text = canonical_step(before, step);
    match (result, refused) {
        (Ok(events), None) => {
            let line = format!("> {text}");
            r.record(game, before, &events, &line);
            r.last = events;
            Ok(())
        }
        (Ok(_), Some((code, _))) => Err(r.fail(
            step,
            i,
            "the step was accepted but should have been refused".into(),
            Some(format!("refused {code}")),
            Some("accepted".into()),
            Vec::new(),
        )),
        (Err(e), None) => {
            let opts = Run::options(game);
            let waiting = match game.actor() {
                Actor::Chance => {
                    " The game waits for a chance outcome: force it on the previous step or with a `chance …` line."
                }
                _ => "",
            };
            Err(r.fail(
                step,
                i,
                format!("refused: {e} ({}).{waiting}", e.code()),
                Some("accepted".into()),
                Some(format!("refused {}", e.code())),
                opts,
            ))
        }
        (Err(e), Some((code, _))) => {
            if e.code() != code {
                return Err(r.fail(
                    step,
                    i,
                    format!("refused for another rule: {e}"),
                    Some(format!("refused {code}")),
                    Some(format!("refused {}", e.code())),
                    Vec::new(),
                ));
            }
            if game != before {
                return Err(r.fail(
                    step,
                    i,
                    "the refused step changed the state".into(),
                    None,
                    None,
                    Vec::new(),
                ));
            }
            let _ = writeln!(r.trace, "> {text}\n  refused {}: {e}", e.code());
            r.last.clear();
            Ok(())
        }
    }
}

type Mismatch = (String, String);

fn eq<T: PartialEq + std::fmt::Display>(expected: T, actual: T) -> Result<(), Mismatch> {
    if expected == actual {
        Ok(())
    } else {
        Err((expected.to_string(), actual.to_string()))
    }
}

fn who(game: &Game, p: Option<catan_engine::PlayerId>) -> String {
    p.map(|p| game.colour(p).to_string()).unwrap_or_else(|| "none".into())
}

/// Checks one expectation; `Err((expected, actual))` when it does not hold.
pub fn check(game: &Game, last: &[Event], x: &Expectation) -> Result<(), Mismatch> {
    use catan_engine::state::Building;
    let st = |p: catan_engine::PlayerId| game.player(p).cloned();
    match x {
        Expectation::Hand(p, cards) => eq(
            cards.to_string(),
            st(*p).map(|s| s.hand.to_string()).unwrap_or_default(),
        ),
        Expectation::CardCount(p, n) => eq(*n, st(*p).map(|s| s.hand.total()).unwrap_or(0)),
        Expectation::Vp(p, n) => eq(*n, game.total_vp(*p)),
        Expectation::PublicVp(p, n) => eq(*n, game.public_vp(*p)),
        Expectation::Pieces(p, kind, n) => {
            let count = match kind {
                PieceKind::Road => st(*p).map(|s| s.roads.len() as u32).unwrap_or(0),
                PieceKind::Settlement | PieceKind::City => {
                    let want = if *kind == PieceKind::City {
                        Building::City
                    } else {
                        Building::Settlement
                    };
                    (0..game.board().topology.vertex_count())
                        .filter(|&v| {
                            game.site(catan_engine::VertexId(v as u16))
                                .is_some_and(|s| s.owner == *p && s.building == want)
                        })
                        .count() as u32
                }
            };
            eq(*n, count)
        }
        Expectation::RoadLength(p, n) => eq(*n, st(*p).map(|_| game.road_length(*p)).unwrap_or(0)),
        Expectation::Knights(p, n) => eq(*n, st(*p).map(|s| s.knights_played).unwrap_or(0)),
        Expectation::Development(p, d) => {
            let mut all = st(*p).map(|s| s.dev_cards).unwrap_or_default();
            if let Some(s) = st(*p) {
                for (c, n) in s.new_dev_cards.iter() {
                    all.add(c, n);
                }
            }
            eq(d.to_string(), all.to_string())
        }
        Expectation::Owes(p, n) => eq(*n, game.discards_owed(*p)),
        Expectation::Site(v, want) => {
            let show = |s: Option<(catan_engine::PlayerId, Building)>| match s {
                None => "empty".to_string(),
                Some((p, b)) => format!(
                    "{} {}",
                    if b == Building::City { "city" } else { "settlement" },
                    game.colour(p)
                ),
            };
            eq(show(*want), show(game.site(*v).map(|s| (s.owner, s.building))))
        }
        Expectation::Road(e, want) => {
            let show = |p: Option<catan_engine::PlayerId>| {
                p.map(|p| format!("road {}", game.colour(p)))
                    .unwrap_or_else(|| "empty".into())
            };
            eq(show(*want), show(game.road(*e)))
        }
        Expectation::Bank(kinds) => {
            let exp: Vec<String> = kinds.iter().map(|(k, n)| format!("{n} {k}")).collect();
            let act: Vec<String> = kinds
                .iter()
                .map(|(k, _)| format!("{} {k}", game.bank().get(*k)))
                .collect();
            eq(exp.join(", "), act.join(", "))
        }
        Expectation::Robber(h) => eq(
            h.map(|h| game.board().hex_name(h))
                .unwrap_or_else(|| "off the board".into()),
            game.robber()
                .map(|r| game.board().hex_name(r))
                .unwrap_or_else(|| "off the board".into()),
        ),
        Expectation::Turn(p) => eq(who(game, Some(*p)), who(game, Some(game.current()))),
        Expectation::Phase(name) => eq(name.as_str(), game.phase().name()),
        Expectation::LongestRoad(p) => eq(who(game, *p), who(game, game.longest_road())),
        Expectation::LargestArmy(p) => eq(who(game, *p), who(game, game.largest_army())),
        Expectation::Winner(p) => eq(who(game, *p), who(game, game.winner())),
        Expectation::Event { kind, fields } => {
            let matching = last.iter().any(|e| event_matches(game, e, kind, fields));
            if matching {
                Ok(())
            } else {
                let want = std::iter::once(kind.clone())
                    .chain(fields.iter().map(|(k, v)| format!("{k}={v}")))
                    .collect::<Vec<_>>()
                    .join(" ");
                let got: Vec<String> = last.iter().map(|e| render::event(game, e)).collect();
                Err((
                    format!("event {want}"),
                    if got.is_empty() {
                        "no events".into()
                    } else {
                        got.join("; ")
                    },
                ))
            }
        }
        Expectation::NoEvent { kind, fields } => match last.iter().find(|e| event_matches(game, e, kind, fields)) {
            None => Ok(()),
            Some(e) => Err((format!("no event {kind}"), render::event(game, e))),
        },
        Expectation::Ck(fact, want) => check_ck(game, fact, want),
        Expectation::Court(fact, want) => check_court(game, fact, want),
        Expectation::Sea(fact, want) => check_sea(game, fact, want),
        Expectation::Barb(fact, want) => check_barb(game, fact, want),
        Expectation::Invariants => match game.check_invariants() {
            Ok(()) => Ok(()),
            Err(v) => Err(("every invariant holds".into(), v.to_string())),
        },
        Expectation::Legal(a, want) => {
            let is = game.is_legal(a);
            if is == *want {
                Ok(())
            } else {
                let why = game
                    .check(a)
                    .err()
                    .map(|e| format!(" (refused {}: {e})", e.code()))
                    .unwrap_or_default();
                Err((
                    if *want { "legal".into() } else { "illegal".into() },
                    format!("{}{why}", if is { "legal" } else { "illegal" }),
                ))
            }
        }
    }
}

fn event_matches(game: &Game, e: &Event, kind: &str, fields: &[(String, String)]) -> bool {
    if e.kind() != kind {
        return false;
    }
    let have = e.fields();
    fields
        .iter()
        .all(|(k, v)| have.iter().any(|(name, f)| name == k && render::field(game, f) == *v))
}

/// Renders the Barbarian Attack fact an expectation names, in the expectation's own words.
fn check_barb(game: &Game, fact: &catan_dsl::scenario::BarbFact, want: &str) -> Result<(), Mismatch> {
    use catan_dsl::scenario::BarbFact as F;
    let b = game.barb();
    let actual = match fact {
        F::Barbarians(h) => game.barbarians_on(*h).to_string(),
        F::Knight { at, level, status } => match game.path_knight(*at) {
            None => "none".to_string(),
            Some(k) => {
                let mut s = game.colour(k.owner).to_string();
                if *level {
                    s = format!("{s} {}", catan_dsl::lower::level_word(k.level));
                }
                if *status {
                    s = format!("{s} {}", if k.active { "active" } else { "inactive" });
                }
                s
            }
        },
        F::Conquered(h) => if game.hex_conquered(*h) { "yes" } else { "no" }.to_string(),
        F::Supply => b.supply.to_string(),
        F::Prisoners(p) => game.prisoners(*p).to_string(),
        F::Gold(p) => game.gold(*p).to_string(),
        F::Knights(p) => b.knights.iter().flatten().filter(|k| k.owner == *p).count().to_string(),
        F::KnightsLeft(p) => b.knights_left.get(p.index()).copied().unwrap_or(0).to_string(),
    };
    eq(want.to_string(), actual)
}

/// Renders the Seafarers fact an expectation names, in the expectation's own words.
fn check_sea(game: &Game, fact: &catan_dsl::scenario::SeaFact, want: &str) -> Result<(), Mismatch> {
    use catan_dsl::scenario::SeaFact as F;
    let sp = |p: catan_engine::PlayerId| game.sea_player(p);
    let actual = match fact {
        F::Ship(e) => who(game, game.ship(*e)),
        F::Pirate => game.pirate().map_or("none".to_string(), |h| game.board().hex_name(h)),
        F::Ships(p) => sp(*p).map_or(0, |s| s.ships.len()).to_string(),
        F::ShipsLeft(p) => sp(*p).map_or(0, |s| s.ships_left).to_string(),
        F::Islands(p) => sp(*p).map_or(0, |s| s.markers.len()).to_string(),
    };
    eq(want.to_string(), actual)
}

/// Renders the Court fact an expectation names, in the expectation's own words.
fn check_court(game: &Game, fact: &catan_dsl::scenario::CourtFact, want: &str) -> Result<(), Mismatch> {
    use catan_dsl::scenario::CourtFact as F;
    let c = game.court();
    let holder = |p: Option<catan_engine::PlayerId>| p.map_or("none".to_string(), |p| game.colour(p).to_string());
    let actual = match fact {
        F::Prisoners(p) => catan_dsl::prisoners_text(&c.prisoners[p.index()]),
        F::Nobles(p) => c.nobles[p.index()].to_string(),
        F::NoblesLeft => (catan_engine::court::NOBLES - c.nobles_sent()).to_string(),
        F::Banner(col) => holder(c.banners[col.index()]),
        F::Tricolour(p) => if c.tricolour & (1 << p.0) != 0 { "yes" } else { "no" }.to_string(),
        F::Influence => holder(c.influence),
        F::Soldier(v) => c.soldier(*v).map_or("none".to_string(), |s| s.name().to_string()),
    };
    eq(want.to_string(), actual)
}

/// Renders the Cities & Knights fact an expectation names, in the expectation's own words.
fn check_ck(game: &Game, fact: &catan_dsl::scenario::CkFact, want: &str) -> Result<(), Mismatch> {
    use catan_dsl::scenario::CkFact as F;
    let colour = |p: catan_engine::PlayerId| game.colour(p).to_string();
    let level = |l: u8| ["basic", "strong", "mighty"][(l as usize).clamp(1, 3) - 1];
    let actual = match fact {
        F::Knight { at, level: lv, status } => match game.knight(*at) {
            None => "none".to_string(),
            Some(k) => {
                let mut s = colour(k.owner);
                if *lv {
                    s = format!("{s} {}", level(k.level));
                }
                if *status {
                    s = format!("{s} {}", if k.active { "active" } else { "inactive" });
                }
                s
            }
        },
        F::Wall(v) => if game.wall(*v) { "yes" } else { "no" }.to_string(),
        F::Level(p, t) => game.player(*p).map_or(0, |s| s.level(*t)).to_string(),
        F::Metropolis(t) => game
            .metropolis(*t)
            .and_then(|v| game.site(v))
            .map_or("none".to_string(), |s| colour(s.owner)),
        F::MetropolisAt(t, v) => {
            let name = |v: Option<catan_engine::VertexId>| {
                v.map_or("none".to_string(), |v| crate::places::vertex_name(game.board(), v))
            };
            return eq(name(Some(*v)), name(game.metropolis(*t)));
        }
        F::Merchant => game.merchant().map_or("none".to_string(), |(h, p)| {
            format!("{} {}", game.board().hex_name(h), colour(p))
        }),
        F::Barbarians => game.barbarians().to_string(),
        F::Attacks => game.barbarian_attacks().to_string(),
        F::RobberActive => if game.robber_active() { "active" } else { "inactive" }.to_string(),
        F::Progress(p) => catan_dsl::progress_text(&game.player(*p).map(|s| s.ck.progress).unwrap_or_default()),
        F::ProgressVp(p) => catan_dsl::progress_text(&game.player(*p).map(|s| s.ck.progress_vp).unwrap_or_default()),
        F::ProgressCount(p) => game.player(*p).map_or(0, |s| s.ck.progress.total()).to_string(),
        F::VpTokens(p) => game.player(*p).map_or(0, |s| s.ck.vp_tokens).to_string(),
        F::WallsLeft(p) => game.player(*p).map_or(0, |s| s.ck.walls_left).to_string(),
        F::KnightsLeft(p, l) => game
            .player(*p)
            .map_or(0, |s| s.ck.knights_left[(*l as usize).clamp(1, 3) - 1])
            .to_string(),
        F::Gifts(p) => game.gifts_owed(*p).to_string(),
        F::Deck(t) => game.progress_deck(*t).len().to_string(),
    };
    eq(want, actual.as_str())
}
