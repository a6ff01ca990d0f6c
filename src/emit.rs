//! State to scenario: writes a game's position as scenario text that loads back to the same
//! position (`catan-harness trace FILE --at NAME --emit-scenario`, the scenario files random
//! play writes when it finds a failure, and the differential replay's reproductions).
//!
//! Faithful or refused. What a position can say is written: the board (by name, with the
//! `token`/`soldiers from` overrides that make it the game's board — swapped and moved tokens
//! included — or hex by hex when it is no named board), every player's pieces, cards,
//! knights, walls, improvements and progress cards, the bank, the decks, the robber, the
//! merchant, the metropolises, the barbarian track, the card holders and whose turn it is;
//! Seafarers' maps (by name with their `pirate`/`robber` starts, or hex by hex with sea, gold
//! fields and land areas), ships, island markers and the pirate.
//! A game the language cannot state is refused with the reason ([`unstatable`]): in the
//! middle of a decision (setup under way, a discard, the robber, free roads, a pillage, a
//! relocation, a Commercial Harbor answer, a gold choice…), over, or carrying turn-long
//! effects a position cannot write (a development card already played this turn, a Merchant
//! Fleet in effect, a Commercial Harbor under way).

use crate::places::{edge_name, vertex_name};
use catan_engine::board::HarborKind;
use catan_engine::position::StartPhase;
use catan_engine::{Game, Phase, PlayerId, Track};
use std::fmt::Write;

fn cards_text(c: &catan_engine::Cards) -> String {
    if c.is_empty() {
        "nothing".into()
    } else {
        c.to_string()
    }
}

fn dev_text(d: &catan_engine::DevCards) -> String {
    let parts: Vec<String> = d.iter().map(|(c, n)| format!("{n} {}", c.name())).collect();
    if parts.is_empty() {
        "nothing".into()
    } else {
        parts.join(", ")
    }
}

/// The `rules` line of a game's ruleset: its modules, its profile, and every option whose
/// value differs from what the modules and profile give.
pub fn rules_line(game: &Game) -> String {
    let r = game.rules();
    let mut s = r.modules_name();
    let mut reference = catan_engine::Ruleset::with(r.expansions);
    // A Seafarers map plays to its own target unless an option set another.
    if let Some(t) = game.board().victory_target.filter(|_| seafarers(game)) {
        reference.base.victory_target = t;
    }
    if let Some(p) = r.profile {
        let _ = write!(s, " profile {}", p.name());
        reference.set_profile(p);
    }
    for o in catan_engine::Ruleset::options() {
        let value = (o.get)(r);
        if value != (o.get)(&reference) {
            let _ = write!(s, " option {} {value}", o.name);
        }
    }
    s
}

/// The named board a game's board was made from, rebuilt without overrides (`None`: not a
/// named board).
fn pristine_board(game: &Game) -> Option<(String, catan_engine::Board)> {
    let b = game.board();
    let words: Vec<&str> = b.name.split_whitespace().collect();
    match words.as_slice() {
        ["beginner"] | ["beginner", "court"] | ["barbarian-attack", "seed", "0"] => {
            Some(("board beginner".into(), game.rules().beginner_board()))
        }
        ["barbarian-attack", "seed", seed] => {
            let n: u64 = seed.parse().ok()?;
            let placement = catan_engine::board::TokenPlacement::Spiral;
            Some((
                format!("board random seed {seed} tokens spiral"),
                game.rules().random_board(n, placement),
            ))
        }
        [map, "seed", seed] => {
            let (name, players) = map.split_once(':')?;
            let sea = catan_engine::SeaMap::from_name(name)?;
            let (players, n): (usize, u64) = (players.parse().ok()?, seed.parse().ok()?);
            let board = catan_engine::Board::seafarers(sea, players, n).ok()?;
            Some((format!("board {map} seed {seed}"), board))
        }
        ["random", "seed", seed, "tokens", order] | ["court", "random", "seed", seed, "tokens", order] => {
            let placement = match *order {
                "spiral" => catan_engine::board::TokenPlacement::Spiral,
                "random" => catan_engine::board::TokenPlacement::Random,
                _ => return None,
            };
            let n: u64 = seed.parse().ok()?;
            Some((
                format!("board random seed {seed} tokens {order}"),
                game.rules().random_board(n, placement),
            ))
        }
        _ => None,
    }
}

/// The number token a hex shows for the board statement: in Barbarian Attack a conquered
/// hex's is the printed one (its token lies face down; the position's barbarians turn it
/// again); every other hex's is the one lying there (with Cities & Knights Invention may have
/// moved it).
fn token_now(game: &Game, h: catan_engine::HexId) -> Option<u8> {
    if game.rules().has(catan_engine::ruleset::Expansion::BarbarianAttack) && game.hex_conquered(h) {
        game.board().tokens.get(h.index()).copied().flatten()
    } else {
        game.token(h)
    }
}

/// The `board` statement: the named board with the overrides that make it the game's board
/// (number tokens as they lie now, the soldiers' start), or every hex and harbor.
fn board_text(game: &Game) -> String {
    let b = game.board();
    let hexes = || (0..b.topology.hex_count()).map(|h| catan_engine::HexId(h as u16));
    let mut s = String::new();
    let named = pristine_board(game).filter(|(_, p)| {
        p.terrain == b.terrain
            && p.harbors == b.harbors
            && p.labels == b.labels
            // A token line can put a number on a hex, never take one off.
            && hexes().all(|h| token_now(game, h).is_some() == p.tokens[h.index()].is_some())
    });
    let soldiers = (game.rules().court() && b.soldier_start.is_some())
        .then(|| {
            b.soldier_start
                .map(|v| format!("  soldiers from {}", vertex_name(b, v)))
        })
        .flatten();
    let Some((head, pristine)) = named else {
        let _ = writeln!(s, "board {{");
        let standard = catan_engine::Board::beginner();
        for id in hexes() {
            // The tokens as they lie now (Invention may have moved some).
            let token = token_now(game, id).map(|t| format!(" {t}")).unwrap_or_default();
            let area = match b.areas.get(id.index()) {
                Some(a) if b.terrain[id.index()].is_land() => format!(" area {a}"),
                _ => String::new(),
            };
            let _ = writeln!(
                s,
                "  hex {} {}{token}{area}",
                explicit_hex_name(b, &standard, id),
                b.terrain[id.index()].name()
            );
        }
        for hb in &b.harbors {
            let kind = match hb.kind {
                HarborKind::Generic => "generic".to_string(),
                HarborKind::Special(r) => r.name().to_string(),
            };
            let _ = writeln!(s, "  harbor {} {kind}", edge_name(b, hb.edge));
        }
        if let Some(line) = soldiers {
            let _ = writeln!(s, "{line}");
        }
        s.push_str(&start_lines(b, None));
        let _ = writeln!(s, "}}");
        return s;
    };
    let mut lines: Vec<String> = hexes()
        .filter(|&h| token_now(game, h) != pristine.tokens[h.index()])
        .filter_map(|h| token_now(game, h).map(|t| format!("  token {} {t}", b.hex_name(h))))
        .collect();
    if b.soldier_start != pristine.soldier_start {
        lines.extend(soldiers);
    }
    lines.extend(start_lines(b, Some(&pristine)).lines().map(str::to_string));
    if lines.is_empty() {
        let _ = writeln!(s, "{head}");
    } else {
        let _ = writeln!(s, "{head} {{");
        for line in &lines {
            let _ = writeln!(s, "{line}");
        }
        let _ = writeln!(s, "}}");
    }
    s
}

/// Whether a game is played with Seafarers.
fn seafarers(game: &Game) -> bool {
    game.rules().has(catan_engine::ruleset::Expansion::Seafarers)
}

/// A hex of an explicit board as its `hex` line names it: a board-block letter names a hex of
/// the standard island, so any other hex is written `(q,r)`.
fn explicit_hex_name(b: &catan_engine::Board, standard: &catan_engine::Board, id: catan_engine::HexId) -> String {
    let coord = b.topology.hex(id).map(|h| h.coord);
    let label = b.labels.get(id.index()).cloned().flatten();
    match label {
        Some(l)
            if standard
                .hex_by_label(&l)
                .and_then(|h| standard.topology.hex(h))
                .map(|h| h.coord)
                == coord =>
        {
            l
        }
        _ => coord.map_or_else(|| b.hex_name(id), |c| c.to_string()),
    }
}

/// The board block's `pirate` and `robber` lines: where each starts, when it differs from
/// the `pristine` named board's start (every start of an explicit board).
fn start_lines(b: &catan_engine::Board, pristine: Option<&catan_engine::Board>) -> String {
    let mut s = String::new();
    let (pirate, robber) = pristine.map_or((None, None), |p| (p.pirate_start, p.robber_start));
    if let Some(h) = b.pirate_start.filter(|h| Some(*h) != pirate) {
        let _ = writeln!(s, "  pirate {}", b.hex_name(h));
    }
    // An explicit board starts the robber on its first desert by itself.
    let first_desert = (0..b.terrain.len())
        .find(|&i| b.terrain[i] == catan_engine::Terrain::Desert)
        .map(|i| catan_engine::HexId(i as u16));
    let default = if pristine.is_some() { robber } else { first_desert };
    if let Some(h) = b.robber_start.filter(|h| Some(*h) != default) {
        let _ = writeln!(s, "  robber {}", b.hex_name(h));
    }
    s
}

/// Why the position of `game` cannot be written as a scenario, or `None` when it can. A
/// position starts at the beginning of setup (empty board), or at a turn's before-roll or
/// main step with nothing pending and no turn-long effect the language cannot state.
pub fn unstatable(game: &Game) -> Option<String> {
    let who = || {
        let names: Vec<String> = game.deciders().map(|p| game.colour(p).to_string()).collect();
        if names.is_empty() {
            "chance".to_string()
        } else {
            names.join(" and ")
        }
    };
    match game.phase() {
        Phase::Main | Phase::BeforeRoll => {}
        Phase::Setup {
            placed: 0,
            road_from: None,
        } => return None,
        Phase::Setup { .. } => {
            return Some(format!(
                "setup is under way ({} places next); a position starts at the beginning of setup or at a turn",
                who()
            ))
        }
        Phase::Ended { winner } => return Some(format!("the game is over ({} won)", game.colour(winner))),
        other => {
            return Some(format!(
                "{} must decide first (the game waits in `{}`)",
                who(),
                other.name()
            ))
        }
    }
    let setup = game.to_setup();
    if game.dev_played_this_turn() {
        return Some(format!(
            "{} has played a development card this turn, which a position cannot state",
            game.colour(game.current())
        ));
    }
    if !setup.ck.fleet.is_empty() {
        return Some("a Merchant Fleet is in effect this turn, which a position cannot state".into());
    }
    if setup.ck.harbor.is_some() {
        return Some("a Commercial Harbor is under way this turn, which a position cannot state".into());
    }
    None
}

/// The position of `game` as scenario text: header, board, players and position block.
///
/// # Errors
/// Why the position cannot be written ([`unstatable`]).
pub fn scenario_text(game: &Game, title: &str, note: &str) -> Result<String, String> {
    if let Some(why) = unstatable(game) {
        return Err(why);
    }
    let setup = game.to_setup();
    let mut s = String::new();
    for line in note.lines() {
        let _ = writeln!(s, "# {line}");
    }
    let _ = writeln!(s, "scenario \"{}\"", title.replace('"', "'"));
    let _ = writeln!(s, "source   own");
    let _ = writeln!(s, "rules    {}", rules_line(game));
    let _ = writeln!(s);
    s.push_str(&board_text(game));
    let colours: Vec<String> = game.players().iter().map(|p| p.colour.to_string()).collect();
    let _ = writeln!(s, "players {}", colours.join(" "));
    let _ = writeln!(s, "start {}", game.colour(setup.first_player));
    if setup.phase == StartPhase::Setup {
        // The start of setup: everything lies where the game puts it; a position block
        // would start the game at a turn instead.
        return Ok(s);
    }
    let _ = writeln!(s);
    let _ = writeln!(s, "position {{");
    for ps in &setup.players {
        s.push_str(&player_lines(game, ps, &setup.sea.built_this_turn, &setup));
    }
    s.push_str(&table_lines(game, &setup));
    let phase = match setup.phase {
        StartPhase::BeforeRoll => Some("before-roll"),
        StartPhase::Main => Some("main"),
        StartPhase::Setup => None,
    };
    if let Some(phase) = phase {
        let _ = writeln!(s, "  turn {} {phase} {}", game.colour(setup.current), setup.turn.max(1));
    }
    if !setup.checked {
        let _ = writeln!(s, "  unchecked");
    }
    let _ = writeln!(s, "}}");
    Ok(s)
}

/// One player's lines of the position block.
fn player_lines(
    game: &Game,
    ps: &catan_engine::position::PlayerSetup,
    built: &[catan_engine::EdgeId],
    setup: &catan_engine::position::Setup,
) -> String {
    let b = game.board();
    let v = |x: &catan_engine::VertexId| vertex_name(b, *x);
    let mut s = String::new();
    let _ = writeln!(s, "  {}:", ps.colour);
    let list = |xs: &[catan_engine::VertexId]| xs.iter().map(v).collect::<Vec<_>>().join(", ");
    if !ps.settlements.is_empty() {
        let _ = writeln!(s, "    settlements {}", list(&ps.settlements));
    }
    if !ps.cities.is_empty() {
        let _ = writeln!(s, "    cities      {}", list(&ps.cities));
    }
    if !ps.ck.damaged_cities.is_empty() {
        let _ = writeln!(s, "    damaged-cities {}", list(&ps.ck.damaged_cities));
    }
    if !ps.roads.is_empty() {
        let roads: Vec<String> = ps.roads.iter().map(|e| edge_name(b, *e)).collect();
        let _ = writeln!(s, "    roads       {}", roads.join(", "));
    }
    let _ = writeln!(s, "    hand        {}", cards_text(&ps.hand));
    if !game.rules().ck() {
        let _ = writeln!(s, "    development {}", dev_text(&ps.dev_cards));
        let _ = writeln!(s, "    new-development {}", dev_text(&ps.new_dev_cards));
        if ps.knights_played > 0 {
            let _ = writeln!(s, "    played      {} knight", ps.knights_played);
        }
    } else {
        if !ps.ck.knights.is_empty() {
            let ks: Vec<String> = ps
                .ck
                .knights
                .iter()
                .map(|k| {
                    let mut t = format!("{} {}", v(&k.at), catan_dsl::lower::level_word(k.level));
                    if k.active {
                        t.push_str(if k.activated_this_turn {
                            " active-this-turn"
                        } else {
                            " active"
                        });
                    }
                    if k.promoted_this_turn {
                        t.push_str(" promoted-this-turn");
                    }
                    t
                })
                .collect();
            let _ = writeln!(s, "    knights     {}", ks.join(", "));
        }
        if !ps.ck.walls.is_empty() {
            let _ = writeln!(s, "    walls       {}", list(&ps.ck.walls));
        }
        let lv = ps.ck.improvements;
        if lv != [0; 3] {
            let _ = writeln!(
                s,
                "    improvements science {}, trade {}, politics {}",
                lv[0], lv[1], lv[2]
            );
        }
        let _ = writeln!(s, "    progress    {}", catan_dsl::progress_text(&ps.ck.progress));
        if !ps.ck.progress_vp.is_empty() {
            let _ = writeln!(s, "    progress-vp {}", catan_dsl::progress_text(&ps.ck.progress_vp));
        }
        if ps.ck.vp_tokens > 0 {
            let _ = writeln!(s, "    vp-tokens   {}", ps.ck.vp_tokens);
        }
    }
    let (new, old): (Vec<catan_engine::EdgeId>, Vec<_>) = ps.sea.ships.iter().partition(|e| built.contains(e));
    for (key, ships) in [("ships      ", old), ("new-ships  ", new)] {
        if !ships.is_empty() {
            let names: Vec<String> = ships.iter().map(|e| edge_name(b, *e)).collect();
            let _ = writeln!(s, "    {key} {}", names.join(", "));
        }
    }
    if !ps.sea.islands.is_empty() {
        let _ = writeln!(s, "    islands     {}", list(&ps.sea.islands));
    }
    if game.rules().has(catan_engine::ruleset::Expansion::BarbarianAttack) {
        if !ps.barb.knights.is_empty() {
            // With Cities & Knights each knight's level, status and promotion this turn.
            let ck = game.rules().ck();
            let barb = &setup.barb;
            let names: Vec<String> = ps
                .barb
                .knights
                .iter()
                .map(|e| {
                    let mut t = edge_name(b, *e);
                    if ck {
                        let level = barb.levels.iter().find(|(at, _)| at == e).map_or(1, |&(_, l)| l);
                        t.push(' ');
                        t.push_str(catan_dsl::lower::level_word(level));
                        if barb.active.contains(e) {
                            t.push_str(" active");
                        }
                        if barb.promoted.contains(e) {
                            t.push_str(" promoted-this-turn");
                        }
                    }
                    t
                })
                .collect();
            let _ = writeln!(s, "    knights     {}", names.join(", "));
        }
        if ps.barb.prisoners > 0 {
            let _ = writeln!(s, "    prisoners   {}", ps.barb.prisoners);
        }
        if ps.barb.gold > 0 {
            let _ = writeln!(s, "    gold        {}", ps.barb.gold);
        }
    }
    if game.rules().court() {
        if ps.court.prisoners != [0; 3] {
            let _ = writeln!(s, "    prisoners   {}", catan_dsl::prisoners_text(&ps.court.prisoners));
        }
        if ps.court.nobles > 0 {
            let _ = writeln!(s, "    nobles      {}", ps.court.nobles);
        }
    }
    s
}

/// The position block's lines about the whole table: robber, bank, decks, holders, the
/// Court's banners and the Cities & Knights track, metropolises, merchant and decks.
fn table_lines(game: &Game, setup: &catan_engine::position::Setup) -> String {
    let b = game.board();
    let v = |x: &catan_engine::VertexId| vertex_name(b, *x);
    let mut s = String::new();
    if let Some(h) = setup.robber {
        let _ = writeln!(s, "  robber {}", b.hex_name(h));
    }
    if let Some(h) = setup.sea.pirate {
        let _ = writeln!(s, "  pirate {}", b.hex_name(h));
    }
    if setup.sea.moved {
        let _ = writeln!(s, "  ship-moved");
    }
    if let Some(bank) = setup.bank {
        let _ = writeln!(s, "  bank {}", cards_text(&bank));
    }
    if !game.rules().ck() {
        if let Some(d) = setup.dev_deck {
            let _ = writeln!(s, "  dev-deck {}", dev_text(&d));
        }
    }
    let holder = |p: Option<PlayerId>| p.map(|p| game.colour(p).to_string()).unwrap_or_else(|| "none".into());
    if let Some(h) = setup.longest_road {
        let _ = writeln!(s, "  longest-road {}", holder(h));
    }
    if !game.rules().ck() {
        if let Some(h) = setup.largest_army {
            let _ = writeln!(s, "  largest-army {}", holder(h));
        }
    }
    if game.rules().court() {
        for c in catan_engine::court::SoldierColour::ALL {
            if let Some(h) = setup.court.banners[c.index()] {
                let _ = writeln!(s, "  banner {c} {}", holder(h));
            }
        }
        if let Some(h) = setup.court.influence {
            let _ = writeln!(s, "  most-influence {}", holder(h));
        }
        if !setup.court.captured.is_empty() {
            let list: Vec<String> = setup.court.captured.iter().map(&v).collect();
            let _ = writeln!(s, "  captured {}", list.join(", "));
        }
    }
    if game.rules().has(catan_engine::ruleset::Expansion::BarbarianAttack) {
        let mut hexes = Vec::new();
        for (h, n) in setup.barb.barbarians.iter().flatten() {
            for _ in 0..*n {
                hexes.push(b.hex_name(*h));
            }
        }
        if hexes.is_empty() {
            hexes.push("none".into());
        }
        let _ = writeln!(s, "  barbarians {}", hexes.join(" "));
        if !setup.barb.moved.is_empty() {
            let names: Vec<String> = setup.barb.moved.iter().map(|e| edge_name(b, *e)).collect();
            let _ = writeln!(s, "  knights-moved {}", names.join(", "));
        }
        if setup.barb.purchases > 0 {
            let _ = writeln!(s, "  gold-purchases {}", setup.barb.purchases);
        }
        if let Some(deck) = setup.barb.deck {
            let cards: Vec<String> = catan_engine::BarbCard::ALL
                .iter()
                .filter(|c| deck[c.index()] > 0)
                .map(|c| format!("{} {}", deck[c.index()], c.name()))
                .collect();
            let text = if cards.is_empty() {
                "none".to_string()
            } else {
                cards.join(", ")
            };
            let _ = writeln!(s, "  barbarian-deck {text}");
        }
    }
    if game.rules().ck() {
        // With Barbarian Attack the barbarian ship and its track are not used (and
        // `barbarians` is Barbarian Attack's item).
        if !game.rules().has(catan_engine::ruleset::Expansion::BarbarianAttack) {
            let _ = writeln!(s, "  barbarians {}", setup.ck.barbarians);
            let _ = writeln!(s, "  barbarian-attacks {}", setup.ck.barbarian_attacks);
        }
        for t in Track::ALL {
            if let Some(at) = setup.ck.metropolis[t.index()] {
                let _ = writeln!(s, "  metropolis {t} {}", v(&at));
            }
        }
        if let Some((h, p)) = setup.ck.merchant {
            let _ = writeln!(s, "  merchant {} {}", b.hex_name(h), game.colour(p));
        }
        if let Some(decks) = setup.ck.decks {
            for t in Track::ALL {
                let d = &decks[t.index()];
                let under: Vec<&str> = d.under.cards().iter().map(|c| c.name()).collect();
                let mut line = format!("  progress-deck {t} {}", catan_dsl::progress_text(&d.unseen));
                if !under.is_empty() {
                    let _ = write!(line, " under {}", under.join(", "));
                }
                let _ = writeln!(s, "{line}");
            }
        }
    }
    s
}
