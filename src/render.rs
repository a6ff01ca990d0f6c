//! Text rendering of events, actions and state for traces, goldens and failure reports.
//! Everything printed here is deterministic (no hash-map order) and uses the canonical
//! English vocabulary and canonical place names, so goldens change only with behaviour.

use crate::places::{edge_name, vertex_name};
use catan_engine::state::Building;
use catan_engine::CkAction;
use catan_engine::CourtAction;
use catan_engine::SeaAction;
use catan_engine::{Action, Event, Field, Game, Outcome, PlayerId};
use std::fmt::Write;

/// A field value as text (players by colour, places by canonical name).
pub fn field(game: &Game, f: &Field) -> String {
    let b = game.board();
    match f {
        Field::Player(Some(p)) => game.colour(*p).to_string(),
        Field::Player(None) | Field::Hex(None) | Field::Card(None) => "none".into(),
        Field::Hex(Some(h)) => b.hex_name(*h),
        Field::Vertex(v) => vertex_name(b, *v),
        Field::Edge(e) => edge_name(b, *e),
        Field::Card(Some(c)) => c.name().into(),
        Field::Cards(c) => c.to_string(),
        Field::Dev(d) => d.name().into(),
        Field::Number(n) => n.to_string(),
        Field::Flag(x) => if *x { "yes" } else { "no" }.into(),
        Field::Word(w) => (*w).into(),
    }
}

/// An event as `kind field=value …` (values with spaces are quoted).
pub fn event(game: &Game, e: &Event) -> String {
    let mut s = e.kind().to_string();
    for (name, f) in e.fields() {
        let v = field(game, &f);
        if v.contains(' ') {
            let _ = write!(s, " {name}=\"{v}\"");
        } else {
            let _ = write!(s, " {name}={v}");
        }
    }
    s
}

/// An action in scenario words (`red builds road A.n-ne`), for option listings.
pub fn action(game: &Game, a: &Action) -> String {
    let b = game.board();
    let c = |p: &PlayerId| game.colour(*p).to_string();
    match a {
        Action::BuildRoad { player, at } => format!("{} builds road {}", c(player), edge_name(b, *at)),
        Action::BuildSettlement { player, at } => format!("{} builds settlement {}", c(player), vertex_name(b, *at)),
        Action::BuildCity { player, at } => format!("{} builds city {}", c(player), vertex_name(b, *at)),
        Action::BuyDevCard { player } => format!("{} buys development-card CARD", c(player)),
        Action::PlayKnight { player } => format!("{} plays knight", c(player)),
        Action::PlayRoadBuilding { player } => format!("{} plays road-building", c(player)),
        Action::PlayYearOfPlenty { player, take } => {
            format!("{} plays year-of-plenty {} {}", c(player), take[0], take[1])
        }
        Action::PlayMonopoly { player, resource } => format!("{} plays monopoly {resource}", c(player)),
        Action::Roll { player } => format!("{} rolls R+Y", c(player)),
        Action::Discard { player, cards } => format!("{} discards {cards}", c(player)),
        Action::MoveRobber { player, to } => format!("{} moves robber {}", c(player), b.hex_name(*to)),
        Action::Rob { player, victim } => format!("{} robs {}", c(player), c(victim)),
        Action::MaritimeTrade {
            player,
            give,
            rate,
            get,
        } => format!("{} trades {rate} {give} for 1 {get}", c(player)),
        Action::OfferTrade { player, to, give, get } => format!("{} offers {} {give} for {get}", c(player), c(to)),
        Action::AcceptTrade { player } => format!("{} accepts", c(player)),
        Action::DeclineTrade { player } => format!("{} declines", c(player)),
        Action::EndTurn { player } => format!("{} ends turn", c(player)),
        Action::Ck(CkAction::BuildWall { player, at }) => format!("{} builds wall {}", c(player), vertex_name(b, *at)),
        Action::Ck(CkAction::Improve { player, track }) => format!("{} improves {track}", c(player)),
        Action::Ck(CkAction::PlaceMetropolis { player, at }) => {
            format!("{} places metropolis {}", c(player), vertex_name(b, *at))
        }
        Action::Ck(CkAction::RecruitKnight { player, at }) => {
            format!("{} recruits knight {}", c(player), vertex_name(b, *at))
        }
        Action::Ck(CkAction::PromoteKnight { player, at }) => {
            format!("{} promotes knight {}", c(player), vertex_name(b, *at))
        }
        Action::Ck(CkAction::ActivateKnight { player, at }) => {
            format!("{} activates knight {}", c(player), vertex_name(b, *at))
        }
        Action::Ck(CkAction::MoveKnight { player, from, to }) => format!(
            "{} moves knight {} to {}",
            c(player),
            vertex_name(b, *from),
            vertex_name(b, *to)
        ),
        Action::Ck(CkAction::DisplaceKnight { player, from, to }) => format!(
            "{} displaces knight {} to {}",
            c(player),
            vertex_name(b, *from),
            vertex_name(b, *to)
        ),
        Action::Ck(CkAction::RelocateKnight { player, to }) => {
            format!("{} relocates knight {}", c(player), vertex_name(b, *to))
        }
        Action::Ck(CkAction::ChaseRobber { player, knight }) => {
            format!("{} chases robber with {}", c(player), vertex_name(b, *knight))
        }
        Action::Ck(CkAction::LoseCity { player, at }) => format!("{} loses city {}", c(player), vertex_name(b, *at)),
        Action::Ck(CkAction::ChooseDefenderDeck { player, deck }) => format!("{} chooses deck {deck}", c(player)),
        Action::Ck(CkAction::DiscardProgress { player, card }) => format!("{} discards progress {card}", c(player)),
        Action::Ck(CkAction::Aqueduct { player, take: Some(r) }) => format!("{} takes aqueduct {r}", c(player)),
        Action::Ck(CkAction::Aqueduct { player, take: None }) => format!("{} declines aqueduct", c(player)),
        Action::Ck(CkAction::PlayProgress { player, play }) => {
            format!("{} plays {}", c(player), progress_play(game, play))
        }
        Action::Ck(CkAction::OfferHarborTrade { player, to, resource }) => {
            format!("{} offers-harbor {} {resource}", c(player), c(to))
        }
        Action::Ck(CkAction::GiveCommodity { player, commodity }) => {
            format!("{} gives commodity {commodity}", c(player))
        }
        Action::Ck(CkAction::SurrenderKnight { player, at }) => {
            format!("{} surrenders knight {}", c(player), vertex_name(b, *at))
        }
        Action::Ck(CkAction::PlaceTreasonKnight {
            player,
            at: Some(at),
            level,
        }) => format!(
            "{} places knight {} {}",
            c(player),
            vertex_name(b, *at),
            ["basic", "strong", "mighty"][(*level as usize).clamp(1, 3) - 1]
        ),
        Action::Ck(CkAction::PlaceTreasonKnight { player, at: None, .. }) => format!("{} places no knight", c(player)),
        Action::Ck(CkAction::GiveCards { player, cards }) => format!("{} gives {cards}", c(player)),
        Action::Ck(CkAction::SkipFreeRoad { player }) => format!("{} skips free road", c(player)),
        Action::Court(CourtAction::SendNoble { player }) => format!("{} sends noble", c(player)),
        Action::Sea(SeaAction::BuildShip { player, at }) => format!("{} builds ship {}", c(player), edge_name(b, *at)),
        Action::Sea(SeaAction::MoveShip { player, from, to }) => format!(
            "{} moves ship {} to {}",
            c(player),
            edge_name(b, *from),
            edge_name(b, *to)
        ),
        Action::Sea(SeaAction::MovePirate { player, to }) => format!("{} moves pirate {}", c(player), b.hex_name(*to)),
        Action::Sea(SeaAction::ChooseGold { player, take }) => format!("{} chooses gold {take}", c(player)),
        Action::Sea(SeaAction::ChasePirate { player, knight }) => {
            format!("{} chases pirate with {}", c(player), vertex_name(b, *knight))
        }
        Action::Chance(o) => outcome(o),
        Action::Barb(a) => barb_action(game, a),
        Action::Ck(CkAction::ChooseDefenderCard { player, card }) => format!("{} chooses card {card}", c(player)),
        Action::Ck(CkAction::CommitKnights { player, knights }) if knights.is_empty() => {
            format!("{} commits no knights", c(player))
        }
        Action::Ck(CkAction::CommitKnights { player, knights }) => format!(
            "{} commits knights {}",
            c(player),
            knights.iter().map(|v| vertex_name(b, v)).collect::<Vec<_>>().join(", ")
        ),
    }
}

/// A Barbarian Attack action in scenario words.
fn barb_action(game: &Game, a: &catan_engine::BarbAction) -> String {
    use catan_engine::BarbAction as B;
    let b = game.board();
    let c = |p: &PlayerId| game.colour(*p).to_string();
    match a {
        B::BuyBarbarianCard { player } => format!("{} buys barbarian-card CARD", c(player)),
        B::PlacePathKnight { player, at } => format!("{} places knight {}", c(player), edge_name(b, *at)),
        B::MovePathKnight {
            player,
            from,
            to,
            grain,
        } => format!(
            "{} moves knight {} to {}{}",
            c(player),
            edge_name(b, *from),
            edge_name(b, *to),
            if *grain { " paying grain" } else { "" }
        ),
        B::MoveBarbarian { player, from, to } => format!(
            "{} moves barbarian {} to {}",
            c(player),
            from.map_or("supply".to_string(), |h| b.hex_name(h)),
            b.hex_name(*to)
        ),
        B::CaptureBarbarian { player, hex } => format!("{} captures barbarian {}", c(player), b.hex_name(*hex)),
        B::ExpelBarbarians { player, hex } => format!("{} expels barbarians {}", c(player), b.hex_name(*hex)),
        B::AwardPrisoner { player, to } => format!("{} gives prisoner {}", c(player), c(to)),
        B::BuyWithGold { player, resource } => format!("{} spends gold {resource}", c(player)),
        B::RecruitPathKnight { player, at } => format!("{} recruits knight {}", c(player), edge_name(b, *at)),
        B::PromotePathKnight { player, at } => format!("{} promotes knight {}", c(player), edge_name(b, *at)),
        B::ActivatePathKnight { player, at } => format!("{} activates knight {}", c(player), edge_name(b, *at)),
        B::DisplacePathKnight { player, from, to } => format!(
            "{} displaces knight {} to {}",
            c(player),
            edge_name(b, *from),
            edge_name(b, *to)
        ),
        B::RelocatePathKnight { player, to } => format!("{} relocates knight {}", c(player), edge_name(b, *to)),
        B::SurrenderPathKnight { player, at } => format!("{} surrenders knight {}", c(player), edge_name(b, *at)),
        B::PlaceDeserterKnight { player, level } => match level {
            Some(l) => format!("{} places knight {}", c(player), knight_level_word(*l)),
            None => format!("{} places no knight", c(player)),
        },
        B::SmithingOnPaths { player, knights } => {
            let spots: Vec<String> = knights.iter().flatten().map(|e| edge_name(b, *e)).collect();
            format!("{} plays smithing {}", c(player), spots.join(" "))
        }
        B::IntrigueOnHex { player, hex } => format!("{} plays intrigue {}", c(player), b.hex_name(*hex)),
        B::TaxationOnHex { player, hex } => format!("{} plays taxation {}", c(player), b.hex_name(*hex)),
    }
}

/// A knight's strength in scenario words.
fn knight_level_word(level: u8) -> &'static str {
    match level {
        1 => "basic",
        2 => "strong",
        _ => "mighty",
    }
}

/// A progress card played, in scenario words (`alchemy 3+4`, `invention C K`, …).
pub fn progress_play(game: &Game, play: &catan_engine::progress::ProgressPlay) -> String {
    use catan_engine::progress::ProgressPlay as P;
    let b = game.board();
    let name = play.card().name();
    match play {
        P::Alchemy { red, yellow } => format!("{name} {red}+{yellow}"),
        P::Crane { track } => format!("{name} {track}"),
        P::Engineering { at } | P::Medicine { at } => format!("{name} {}", vertex_name(b, *at)),
        P::Invention { a, b: h } => format!("{name} {} {}", b.hex_name(*a), b.hex_name(*h)),
        P::Smithing { knights } => {
            let spots: Vec<String> = knights.iter().flatten().map(|v| vertex_name(b, *v)).collect();
            format!("{name} {}", spots.join(" "))
        }
        P::GuildDues { victim, cards } => format!("{name} {} {cards}", game.colour(*victim)),
        P::Merchant { hex } => format!("{name} {}", b.hex_name(*hex)),
        P::MerchantFleet { kind } => format!("{name} {kind}"),
        P::ResourceMonopoly { resource } => format!("{name} {resource}"),
        P::TradeMonopoly { commodity } => format!("{name} {commodity}"),
        P::Treason { victim } => format!("{name} {}", game.colour(*victim)),
        P::Diplomacy { road } => format!("{name} {}", edge_name(b, *road)),
        P::Intrigue { knight } => format!("{name} {}", vertex_name(b, *knight)),
        P::Espionage { victim, card } => match card {
            Some(c) => format!("{name} {} {c}", game.colour(*victim)),
            None => format!("{name} {} nothing", game.colour(*victim)),
        },
        _ => name.to_string(),
    }
}

/// A script step in the canonical vocabulary, with the chance it forces, as the scenario
/// language reads it back (`red rolls 3+4 ship`, `red robs blue wool`). Traces print steps
/// this way, so the same example written in two languages gives the same trace.
pub fn step(game: &Game, a: &Action, chance: &[Outcome]) -> String {
    let c = |p: &PlayerId| game.colour(*p).to_string();
    let mut s = match a {
        Action::Roll { player } => format!("{} rolls", c(player)),
        Action::BuyDevCard { player } => format!("{} buys development-card", c(player)),
        Action::Barb(catan_engine::BarbAction::BuyBarbarianCard { player }) => {
            format!("{} buys barbarian-card", c(player))
        }
        other => action(game, other),
    };
    for o in chance {
        match o {
            Outcome::Dice { red, yellow } => {
                let _ = write!(s, " {red}+{yellow}");
            }
            Outcome::CkDice { red, yellow, event } => {
                let _ = write!(s, " {red}+{yellow} {event}");
            }
            Outcome::DevCard { card } => {
                let _ = write!(s, " {card}");
            }
            Outcome::Steal { card } => {
                let _ = write!(s, " {card}");
            }
            Outcome::Progress { card } => {
                let _ = write!(s, " {card}");
            }
            Outcome::EventDie { event } => {
                let _ = write!(s, " {event}");
            }
            Outcome::Barb(o) => {
                let _ = write!(s, " {}", barb_outcome_value(o));
            }
        }
    }
    s
}

/// A chance outcome in scenario words.
pub fn outcome(o: &Outcome) -> String {
    match o {
        Outcome::Dice { red, yellow } => format!("chance dice {red}+{yellow}"),
        Outcome::DevCard { card } => format!("chance card {card}"),
        Outcome::Steal { card } => format!("chance steal {card}"),
        Outcome::CkDice { red, yellow, event } => format!("chance dice {red}+{yellow} {event}"),
        Outcome::Progress { card } => format!("chance progress {card}"),
        Outcome::EventDie { event } => format!("chance event {event}"),
        Outcome::Barb(o) => {
            let kind = match o {
                catan_engine::BarbOutcome::LandingRoll { .. } => "landing",
                catan_engine::BarbOutcome::BarbarianCard { .. } => "barbarian-card",
                catan_engine::BarbOutcome::CastleDie { .. } => "castle-die",
                catan_engine::BarbOutcome::ArrivalRoll { .. } => "arrival",
            };
            format!("chance {kind} {}", barb_outcome_value(o))
        }
    }
}

/// The value of a Barbarian Attack chance outcome in scenario words.
fn barb_outcome_value(o: &catan_engine::BarbOutcome) -> String {
    match o {
        catan_engine::BarbOutcome::LandingRoll { total } => total.to_string(),
        catan_engine::BarbOutcome::BarbarianCard { card } => card.name().to_string(),
        catan_engine::BarbOutcome::CastleDie { face } => face.to_string(),
        catan_engine::BarbOutcome::ArrivalRoll { total } => total.to_string(),
    }
}

/// What changed between two states, as short words a person reads: hands, bank, robber,
/// phase, turn, victory points.
pub fn delta(before: &Game, after: &Game) -> Vec<String> {
    let mut out = Vec::new();
    for p in after.player_ids() {
        let (Some(a), Some(b)) = (before.player(p), after.player(p)) else {
            continue;
        };
        let mut parts = Vec::new();
        for k in catan_engine::CardKind::ALL {
            let d = b.hand.get(k) as i32 - a.hand.get(k) as i32;
            if d != 0 {
                parts.push(format!("{d:+} {k}"));
            }
        }
        for (name, x, y) in [
            ("vp", before.total_vp(p) as i32, after.total_vp(p) as i32),
            (
                "development cards",
                (a.dev_cards.total() + a.new_dev_cards.total()) as i32,
                (b.dev_cards.total() + b.new_dev_cards.total()) as i32,
            ),
        ] {
            if x != y {
                parts.push(format!("{:+} {name}", y - x));
            }
        }
        if after.rules().ck() {
            for t in catan_engine::Track::ALL {
                let (x, y) = (a.level(t), b.level(t));
                if x != y {
                    parts.push(format!("{t} {x} -> {y}"));
                }
            }
            let (x, y) = (a.ck.progress.total() as i32, b.ck.progress.total() as i32);
            if x != y {
                parts.push(format!("{:+} progress cards", y - x));
            }
        }
        if !parts.is_empty() {
            out.push(format!("{} {}", after.colour(p), parts.join(", ")));
        }
    }
    if after.rules().ck() {
        let n = after.board().topology.vertex_count();
        for v in 0..n {
            let v = catan_engine::VertexId(v as u16);
            let (x, y) = (before.knight(v), after.knight(v));
            if x != y {
                let show = |k: Option<catan_engine::state::Knight>| {
                    k.map_or("none".to_string(), |k| {
                        format!(
                            "{} {} {}",
                            after.colour(k.owner),
                            catan_dsl::lower::level_word(k.level),
                            if k.active { "active" } else { "inactive" }
                        )
                    })
                };
                out.push(format!(
                    "knight {}: {} -> {}",
                    vertex_name(after.board(), v),
                    show(x),
                    show(y)
                ));
            }
        }
        if before.barbarians() != after.barbarians() {
            out.push(format!("barbarians {} -> {}", before.barbarians(), after.barbarians()));
        }
    }
    if barbarian_attack(after) {
        barb_delta(before, after, &mut out);
    }
    if after.rules().court() {
        for p in after.player_ids() {
            let (x, y) = (before.court().prisoners[p.index()], after.court().prisoners[p.index()]);
            if x != y {
                out.push(format!(
                    "{} prisoners {} -> {}",
                    after.colour(p),
                    catan_dsl::prisoners_text(&x),
                    catan_dsl::prisoners_text(&y)
                ));
            }
            let (x, y) = (before.court().nobles[p.index()], after.court().nobles[p.index()]);
            if x != y {
                out.push(format!("{} nobles {x} -> {y}", after.colour(p)));
            }
        }
    }
    let mut bank = Vec::new();
    for k in catan_engine::CardKind::ALL {
        let d = after.bank().get(k) as i32 - before.bank().get(k) as i32;
        if d != 0 {
            bank.push(format!("{d:+} {k}"));
        }
    }
    if !bank.is_empty() {
        out.push(format!("bank {}", bank.join(", ")));
    }
    let now = now_line(after);
    if now != now_line(before) {
        out.push(now);
    }
    out
}

/// What the game waits for: `now red main`, `now blue,white discarding` (each player who
/// owes), `now chance stealing`, `now ended`.
pub fn now_line(g: &Game) -> String {
    let phase = g.phase().name();
    match g.actor() {
        catan_engine::Actor::Chance => format!("now chance {phase}"),
        catan_engine::Actor::Nobody => format!("now {phase}"),
        _ => {
            let who: Vec<String> = g.deciders().map(|p| g.colour(p).to_string()).collect();
            format!("now {} {phase}", who.join(","))
        }
    }
}

/// Whether a game is played with Barbarian Attack.
fn barbarian_attack(game: &Game) -> bool {
    game.rules().has(catan_engine::ruleset::Expansion::BarbarianAttack)
}

/// Barbarian Attack's state changes: each player's prisoners, gold and knights on paths, and
/// the barbarian supply.
fn barb_delta(before: &Game, after: &Game, out: &mut Vec<String>) {
    let knights = |g: &Game, p: PlayerId| g.barb().knights.iter().flatten().filter(|k| k.owner == p).count();
    // With Cities & Knights also their strength and how many stand.
    let strength = |g: &Game, p: PlayerId| {
        g.barb()
            .knights
            .iter()
            .flatten()
            .filter(|k| k.owner == p)
            .map(|k| usize::from(k.level))
            .sum::<usize>()
    };
    let standing = |g: &Game, p: PlayerId| {
        g.barb()
            .knights
            .iter()
            .flatten()
            .filter(|k| k.owner == p && k.active)
            .count()
    };
    let ck = after.rules().ck();
    for p in after.player_ids() {
        if ck {
            for (what, x, y) in [
                ("knights' strength on paths", strength(before, p), strength(after, p)),
                ("active knights on paths", standing(before, p), standing(after, p)),
            ] {
                if x != y {
                    out.push(format!("{} {what} {x} -> {y}", after.colour(p)));
                }
            }
        }
        for (what, x, y) in [
            (
                "prisoners",
                usize::from(before.prisoners(p)),
                usize::from(after.prisoners(p)),
            ),
            ("gold", usize::from(before.gold(p)), usize::from(after.gold(p))),
            ("knights on paths", knights(before, p), knights(after, p)),
        ] {
            if x != y {
                out.push(format!("{} {what} {x} -> {y}", after.colour(p)));
            }
        }
    }
    let (x, y) = (before.barb().supply, after.barb().supply);
    if x != y && !ck {
        out.push(format!("barbarian supply {x} -> {y}"));
    }
}

/// Barbarian Attack's lines of the summary: barbarians by hex, conquered hexes, knights on
/// paths, prisoners and gold.
fn barb_summary(game: &Game, s: &mut String) {
    let b = game.board();
    let barb = game.barb();
    let on: Vec<String> = (0..barb.barbarians.len())
        .filter(|&i| barb.barbarians[i] > 0)
        .map(|i| {
            let h = catan_engine::HexId(i as u16);
            let mark = if game.hex_conquered(h) { " conquered" } else { "" };
            format!("{} {}{mark}", b.hex_name(h), barb.barbarians[i])
        })
        .collect();
    let ck = game.rules().ck();
    let _ = writeln!(
        s,
        "barbarians: {} (supply {})",
        if on.is_empty() {
            "none".to_string()
        } else {
            on.join(", ")
        },
        if ck {
            "unlimited".to_string()
        } else {
            barb.supply.to_string()
        }
    );
    for p in game.player_ids() {
        let mut paths: Vec<String> = (0..barb.knights.len())
            .filter_map(|e| {
                let k = barb.knights[e].filter(|k| k.owner == p)?;
                let name = edge_name(b, catan_engine::EdgeId(e as u16));
                Some(if ck {
                    let status = if k.active { " active" } else { "" };
                    format!("{name} {}{status}", knight_level_word(k.level))
                } else {
                    name
                })
            })
            .collect();
        paths.sort();
        let _ = writeln!(
            s,
            "{}: knights {} ({} in supply), prisoners {}, gold {}",
            game.colour(p),
            if paths.is_empty() {
                "none".to_string()
            } else {
                paths.join(", ")
            },
            if ck {
                game.player(p).map_or(0, |st| st.ck.knights_left.iter().sum::<u8>())
            } else {
                barb.knights_left[p.index()]
            },
            game.prisoners(p),
            game.gold(p)
        );
    }
}

/// Whether a game is played with Seafarers.
fn seafarers(game: &Game) -> bool {
    game.rules().has(catan_engine::ruleset::Expansion::Seafarers)
}

/// A player's Seafarers pieces: ships on the board (sorted by name) and in supply, island
/// markers with their areas.
fn sea_line(game: &Game, p: PlayerId) -> Option<String> {
    let sp = game.sea_player(p).filter(|_| seafarers(game))?;
    let b = game.board();
    let mut ships: Vec<String> = sp.ships.iter().map(|e| edge_name(b, *e)).collect();
    ships.sort();
    let ships = if ships.is_empty() {
        "no ships".to_string()
    } else {
        format!("ships {}", ships.join(", "))
    };
    let markers: Vec<String> = sp
        .markers
        .iter()
        .map(|m| format!("{} (area {})", vertex_name(b, m.at), m.area))
        .collect();
    let markers = if markers.is_empty() {
        "no island markers".to_string()
    } else {
        format!("island markers {}", markers.join(", "))
    };
    Some(format!("{ships}; {} ships left; {markers}", sp.ships_left))
}

/// A full state summary for snapshots.
pub fn summary(game: &Game) -> String {
    let b = game.board();
    let mut s = String::new();
    let _ = writeln!(
        s,
        "turn {} ({}), phase {}",
        game.turn(),
        game.colour(game.current()),
        game.phase().name()
    );
    for p in game.player_ids() {
        let Some(st) = game.player(p) else { continue };
        let mut sites: Vec<String> = Vec::new();
        for v in 0..b.topology.vertex_count() {
            let v = catan_engine::VertexId(v as u16);
            if let Some(site) = game.site(v) {
                if site.owner == p {
                    let kind = match site.building {
                        Building::City => "city",
                        Building::Settlement => "settlement",
                        Building::DamagedCity => "damaged-city",
                    };
                    let mut extra = String::new();
                    if game.wall(v) {
                        extra.push_str(" +wall");
                    }
                    if let Some(t) = game.metropolis_at(v) {
                        extra.push_str(&format!(" +{t}-metropolis"));
                    }
                    sites.push(format!("{kind} {}{extra}", vertex_name(b, v)));
                }
            }
        }
        let mut roads: Vec<String> = st.roads.iter().map(|e| edge_name(b, *e)).collect();
        roads.sort();
        let _ = writeln!(
            s,
            "{}: vp {} (public {}), hand [{}], development [{}], new [{}], knights {}, road length {}",
            st.colour,
            game.total_vp(p),
            game.public_vp(p),
            st.hand,
            st.dev_cards,
            st.new_dev_cards,
            st.knights_played,
            game.road_length(p)
        );
        let _ = writeln!(
            s,
            "  {}",
            if sites.is_empty() {
                "no buildings".to_string()
            } else {
                sites.join(", ")
            }
        );
        if !roads.is_empty() {
            let _ = writeln!(s, "  roads {}", roads.join(", "));
        }
        if let Some(line) = sea_line(game, p) {
            let _ = writeln!(s, "  {line}");
        }
        if game.rules().ck() {
            let knights: Vec<String> = game
                .knights()
                .filter(|(_, k)| k.owner == p)
                .map(|(v, k)| {
                    format!(
                        "{} {} {}",
                        vertex_name(b, v),
                        catan_dsl::lower::level_word(k.level),
                        if k.active { "active" } else { "inactive" }
                    )
                })
                .collect();
            let _ = writeln!(
                s,
                "  improvements science {} trade {} politics {}, progress [{}], face up [{}], vp tokens {}",
                st.ck.improvements[0],
                st.ck.improvements[1],
                st.ck.improvements[2],
                catan_dsl::progress_text(&st.ck.progress),
                catan_dsl::progress_text(&st.ck.progress_vp),
                st.ck.vp_tokens
            );
            if !knights.is_empty() {
                let _ = writeln!(s, "  knights {}", knights.join(", "));
            }
        }
    }
    let name = |p: Option<PlayerId>| p.map(|p| game.colour(p).to_string()).unwrap_or_else(|| "none".into());
    let _ = writeln!(s, "bank [{}], development deck [{}]", game.bank(), game.dev_deck());
    if game.rules().ck() {
        let _ = writeln!(
            s,
            "barbarians {}/{} ({} attacks), robber {}, merchant {}, decks science {} trade {} politics {}",
            game.barbarians(),
            game.rules().ck.barbarian_track,
            game.barbarian_attacks(),
            if game.robber_active() { "active" } else { "inactive" },
            game.merchant()
                .map(|(h, p)| format!("{} {}", b.hex_name(h), game.colour(p)))
                .unwrap_or_else(|| "none".into()),
            game.progress_deck(catan_engine::Track::Science).len(),
            game.progress_deck(catan_engine::Track::Trade).len(),
            game.progress_deck(catan_engine::Track::Politics).len(),
        );
    }
    let _ = writeln!(
        s,
        "robber {}, longest road {}, largest army {}",
        game.robber()
            .map(|h| b.hex_name(h))
            .unwrap_or_else(|| "off the board".into()),
        name(game.longest_road()),
        name(game.largest_army())
    );
    if seafarers(game) {
        let _ = writeln!(
            s,
            "pirate {}",
            game.pirate().map_or_else(|| "off the board".into(), |h| b.hex_name(h))
        );
    }
    if game.rules().court() {
        court_summary(game, &mut s);
    }
    if barbarian_attack(game) {
        barb_summary(game, &mut s);
    }
    s
}

/// The Court's lines of the summary: prisoners, nobles, soldiers, banners, Most Influence.
fn court_summary(game: &Game, s: &mut String) {
    let name = |p: Option<PlayerId>| p.map(|p| game.colour(p).to_string()).unwrap_or_else(|| "none".into());
    let c = game.court();
    let prisoners: Vec<String> = game
        .player_ids()
        .map(|p| {
            format!(
                "{} {} (nobles {}{})",
                game.colour(p),
                catan_dsl::prisoners_text(&c.prisoners[p.index()]),
                c.nobles[p.index()],
                if c.tricolour & (1 << p.0) != 0 {
                    ", tricolour"
                } else {
                    ""
                }
            )
        })
        .collect();
    let _ = writeln!(s, "court prisoners: {}", prisoners.join("; "));
    let banners: Vec<String> = catan_engine::court::SoldierColour::ALL
        .iter()
        .map(|col| format!("{col} {}", name(c.banners[col.index()])))
        .collect();
    let _ = writeln!(
        s,
        "court soldiers on the coast: purple {} green {} orange {}; banners {}; most influence {}; nobles left {}",
        c.soldiers_left(catan_engine::court::SoldierColour::Purple),
        c.soldiers_left(catan_engine::court::SoldierColour::Green),
        c.soldiers_left(catan_engine::court::SoldierColour::Orange),
        banners.join(", "),
        name(c.influence),
        catan_engine::court::NOBLES - c.nobles_sent()
    );
}
