//! Lowering of the base game's step verbs: building, buying and playing development cards,
//! rolling, discarding, the robber, maritime and domestic trade, ending the turn; and the
//! base game's expectations (board, bank, robber, turn, phase, holders, a player's hand,
//! points, pieces and cards); and the base game's items of a position.
//!
//! A child module of `lower`, sharing its context (`Cx`). The expansions' verbs are tried
//! first (`ck`, `court`); a verb none of them knows is reported by the caller.

use super::{card_kind, dev_card, dice, strict, Cx, ItemSpans, DEV_WORDS, PHASES};
use crate::ast::{Arg, PositionItem, Span, Spanned};
use crate::scenario::{Expectation, PieceKind};
use catan_engine::cards::Cards;
use catan_engine::position::{Setup, StartPhase, Subject};
use catan_engine::state::Building;
use catan_engine::CardKind;
use catan_engine::{Action, DevCard, Outcome, PlayerId};

/// What a step lowers to: the action and the chance outcomes it forces.
type Lowered = Option<(Action, Vec<Outcome>)>;

/// The base game's verbs: `None` when the verb is not one of them, `Some(None)` after an
/// error was reported.
pub(super) fn action(
    cx: &mut Cx<'_>,
    verb: &str,
    args: &[Spanned<Arg>],
    player: PlayerId,
    span: Span,
) -> Option<Lowered> {
    let lowered = match verb {
        "builds" | "places" | "build" | "place" => build(cx, verb, args, player, span),
        "buys" | "buy" => buy(cx, args, player, span),
        "plays" | "play" => play(cx, verb, args, player, span),
        "rolls" | "roll" => roll(cx, args, player),
        "discards" | "discard" => cx.cards(args).map(|cards| (Action::Discard { player, cards }, vec![])),
        "moves" | "move" => {
            let first = args.first().and_then(|x| x.node.as_word());
            if let (Some(w), Some(a)) = (first.filter(|w| *w != "robber"), args.first()) {
                // `moves pirat (4,4)`: a misspelled piece, not a hex.
                let pieces = ["robber", "pirate", "ship", "knight"];
                cx.unknown(a.span, "piece to move", w, &pieces);
                return Some(None);
            }
            let start = usize::from(first == Some("robber"));
            let Some(h) = args.get(start) else {
                missing(cx, verb, span, "a hex, e.g. `moves robber J`");
                return Some(None);
            };
            cx.arg_hex(h).map(|to| (Action::MoveRobber { player, to }, vec![]))
        }
        "robs" | "rob" => rob(cx, verb, args, player, span),
        "trades" | "trade" => strict::trade(cx, span, args, player),
        "offers" | "offer" => offer(cx, verb, args, player, span),
        "accepts" | "accept" => Some((Action::AcceptTrade { player }, vec![])),
        "declines" | "decline" => Some((Action::DeclineTrade { player }, vec![])),
        "ends" | "end" => Some((Action::EndTurn { player }, vec![])),
        _ => return None,
    };
    Some(lowered)
}

/// Reports a missing argument of a verb.
fn missing(cx: &mut Cx<'_>, verb: &str, span: Span, what: &str) {
    cx.err(
        span,
        "missing_argument",
        format!("`{verb}` needs {what}"),
        format!("{what} missing"),
        None,
    );
}

/// `builds road A.n-ne`, `builds settlement A.n`, `builds city A.n` (`places` in setup).
fn build(cx: &mut Cx<'_>, verb: &str, args: &[Spanned<Arg>], player: PlayerId, span: Span) -> Lowered {
    let Some(kind) = args.first() else {
        missing(cx, verb, span, "a piece and a place, e.g. `builds road A.n-ne`");
        return None;
    };
    let Some(place) = args.get(1) else {
        missing(cx, verb, span, "a place");
        return None;
    };
    match kind.node.as_word() {
        Some("road") => cx.arg_edge(place).map(|at| (Action::BuildRoad { player, at }, vec![])),
        Some("settlement") => cx
            .arg_vertex(place)
            .map(|at| (Action::BuildSettlement { player, at }, vec![])),
        Some("city") => cx
            .arg_vertex(place)
            .map(|at| (Action::BuildCity { player, at }, vec![])),
        _ => {
            cx.unknown(
                kind.span,
                "piece",
                &kind.node.to_string(),
                &["road", "settlement", "city", "ship", "wall"],
            );
            None
        }
    }
}

/// `buys development-card [CARD]` (the card drawn is forced when given).
fn buy(cx: &mut Cx<'_>, args: &[Spanned<Arg>], player: PlayerId, span: Span) -> Lowered {
    if args.first().and_then(|x| x.node.as_word()) != Some("development-card") {
        cx.err(
            args.first().map(|x| x.span).unwrap_or(span),
            "bad_argument",
            "write `buys development-card CARD` (the card drawn is forced)",
            "expected development-card",
            None,
        );
        return None;
    }
    let mut chance = vec![];
    if let Some(c) = args.get(1) {
        let w = c.node.to_string();
        match dev_card(cx.lang, &w) {
            Some(card) => chance.push(Outcome::DevCard { card }),
            None => {
                cx.unknown(c.span, "development card", &w, &DEV_WORDS);
                return None;
            }
        }
    }
    Some((Action::BuyDevCard { player }, chance))
}

/// `plays knight`, `plays road-building`, `plays year-of-plenty R R`, `plays monopoly R`.
fn play(cx: &mut Cx<'_>, verb: &str, args: &[Spanned<Arg>], player: PlayerId, span: Span) -> Lowered {
    let Some(c) = args.first() else {
        missing(cx, verb, span, "a development card");
        return None;
    };
    let w = c.node.to_string();
    match dev_card(cx.lang, &w) {
        Some(DevCard::Knight) => Some((Action::PlayKnight { player }, vec![])),
        Some(DevCard::RoadBuilding) => Some((Action::PlayRoadBuilding { player }, vec![])),
        Some(DevCard::YearOfPlenty) => {
            let (Some(x), Some(y)) = (args.get(1), args.get(2)) else {
                missing(cx, verb, span, "two resources, e.g. `year-of-plenty brick ore`");
                return None;
            };
            let (x, y) = (cx.arg_resource(x)?, cx.arg_resource(y)?);
            Some((Action::PlayYearOfPlenty { player, take: [x, y] }, vec![]))
        }
        Some(DevCard::Monopoly) => {
            let Some(x) = args.get(1) else {
                missing(cx, verb, span, "a resource, e.g. `monopoly wool`");
                return None;
            };
            let resource = cx.arg_resource(x)?;
            Some((Action::PlayMonopoly { player, resource }, vec![]))
        }
        Some(DevCard::VictoryPoint) => {
            cx.err(
                c.span,
                "not_playable",
                "victory point cards are never played: they count while hidden",
                "not playable",
                None,
            );
            None
        }
        None => {
            cx.unknown(c.span, "development card", &w, &DEV_WORDS);
            None
        }
    }
}

/// `rolls [3+4]` (Cities & Knights: `rolls 3+4 ship`): the dice are forced when given.
fn roll(cx: &mut Cx<'_>, args: &[Spanned<Arg>], player: PlayerId) -> Lowered {
    let mut chance = vec![];
    if let Some(d) = args.first() {
        let two = dice(cx, d)?;
        if let Some(rolled) = super::expansion::roll(cx, two, args.get(1), d.span) {
            chance.push(rolled?);
        } else {
            if let Some(extra) = args.get(1) {
                cx.err(
                    extra.span,
                    "no_event_die",
                    "only Cities & Knights rolls the event die: write two dice like `rolls 3+4`",
                    "not in this game",
                    None,
                );
                return None;
            }
            chance.push(two);
        }
    }
    Some((Action::Roll { player }, chance))
}

/// `robs PLAYER [CARD]` (the card taken is forced when given).
fn rob(cx: &mut Cx<'_>, verb: &str, args: &[Spanned<Arg>], player: PlayerId, span: Span) -> Lowered {
    let Some(v) = args.first() else {
        missing(cx, verb, span, "a player");
        return None;
    };
    let victim = cx.arg_player(v)?;
    let mut chance = vec![];
    if let Some(c) = args.get(1) {
        chance.push(Outcome::Steal { card: cx.arg_card(c)? });
    }
    Some((Action::Rob { player, victim }, chance))
}

/// `offers PLAYER CARDS for CARDS`.
fn offer(cx: &mut Cx<'_>, verb: &str, args: &[Spanned<Arg>], player: PlayerId, span: Span) -> Lowered {
    let Some(to) = args.first() else {
        missing(
            cx,
            verb,
            span,
            "a player and the cards, e.g. `offers blue 1 brick for 1 wool`",
        );
        return None;
    };
    let to = cx.arg_player(to)?;
    let Some(i) = args.iter().position(|x| x.node.as_word() == Some("for")) else {
        missing(cx, verb, span, "`for` between what is given and what is asked");
        return None;
    };
    let give = cx.cards(&args[1..i])?;
    let get = cx.cards(&args[i + 1..])?;
    Some((Action::OfferTrade { player, to, give, get }, vec![]))
}

/// An expectation that names no player first: `None` when `first` is none of the base
/// game's items (the caller then reads `PLAYER PROPERTY …`), `Some(None)` after an error.
pub(super) fn expectation(cx: &mut Cx<'_>, first: &Spanned<Arg>, rest: &[Spanned<Arg>]) -> Option<Option<Expectation>> {
    let head = first.node.to_string();
    ITEMS.contains(&head.as_str()).then(|| item(cx, &head, first, rest))
}

/// The base game's items an expectation may start with.
const ITEMS: &[&str] = &[
    "invariants",
    "damaged-city",
    "empty",
    "settlement",
    "city",
    "road",
    "bank",
    "robber",
    "turn",
    "phase",
    "longest-road",
    "largest-army",
    "winner",
];

/// One of [`ITEMS`]; `None` after an error was reported.
fn item(cx: &mut Cx<'_>, head: &str, first: &Spanned<Arg>, rest: &[Spanned<Arg>]) -> Option<Expectation> {
    match head {
        "invariants" => Some(Expectation::Invariants),
        "damaged-city" => {
            let who = one(cx, first, rest)?;
            let p = cx.arg_player(who)?;
            let place = rest.get(1)?;
            cx.arg_vertex(place)
                .map(|v| Expectation::Site(v, Some((p, Building::DamagedCity))))
        }
        "empty" => {
            let a = one(cx, first, rest)?;
            match &a.node {
                Arg::Edge(_) => cx.arg_edge(a).map(|e| Expectation::Road(e, None)),
                _ => cx.arg_vertex(a).map(|v| Expectation::Site(v, None)),
            }
        }
        "settlement" | "city" | "road" => piece_at(cx, head, first, rest),
        "bank" => bank(cx, rest),
        "robber" => {
            let v = one(cx, first, rest)?;
            // `expect robber off`: not on the island (The Court before the first 7; Cities &
            // Knights beside the barbarian track).
            if matches!(v.node.as_word(), Some("off" | "none")) {
                return Some(Expectation::Robber(None));
            }
            cx.arg_hex(v).map(|h| Expectation::Robber(Some(h)))
        }
        "turn" => {
            let v = one(cx, first, rest)?;
            cx.arg_player(v).map(Expectation::Turn)
        }
        "phase" => {
            let a = one(cx, first, rest)?;
            let w = a.node.to_string();
            if PHASES.contains(&w.as_str()) {
                Some(Expectation::Phase(w))
            } else {
                cx.unknown(a.span, "phase", &w, PHASES);
                None
            }
        }
        "longest-road" | "largest-army" | "winner" => {
            let v = one(cx, first, rest)?;
            let holder = if v.node.as_word() == Some("none") {
                None
            } else {
                Some(cx.arg_player(v)?)
            };
            Some(match head {
                "longest-road" => Expectation::LongestRoad(holder),
                "largest-army" => Expectation::LargestArmy(holder),
                _ => Expectation::Winner(holder),
            })
        }
        _ => None,
    }
}

/// The one value an item needs, reported when missing.
fn one<'b>(cx: &mut Cx<'_>, first: &Spanned<Arg>, rest: &'b [Spanned<Arg>]) -> Option<&'b Spanned<Arg>> {
    let a = rest.first();
    if a.is_none() {
        cx.err(
            first.span,
            "missing_argument",
            format!("`expect {}` needs a value", first.node),
            "value missing",
            None,
        );
    }
    a
}

/// `expect settlement|city|road PLAYER PLACE`.
fn piece_at(cx: &mut Cx<'_>, head: &str, first: &Spanned<Arg>, rest: &[Spanned<Arg>]) -> Option<Expectation> {
    let v = one(cx, first, rest)?;
    let p = cx.arg_player(v)?;
    let Some(place) = rest.get(1) else {
        cx.err(
            first.span,
            "missing_argument",
            format!("`expect {head} PLAYER PLACE` needs a place"),
            "place missing",
            None,
        );
        return None;
    };
    match head {
        "road" => cx.arg_edge(place).map(|e| Expectation::Road(e, Some(p))),
        "city" => cx
            .arg_vertex(place)
            .map(|v| Expectation::Site(v, Some((p, Building::City)))),
        _ => cx
            .arg_vertex(place)
            .map(|v| Expectation::Site(v, Some((p, Building::Settlement)))),
    }
}

/// `expect bank CARDS` (`bank 0 wool` lists a zero count too).
fn bank(cx: &mut Cx<'_>, rest: &[Spanned<Arg>]) -> Option<Expectation> {
    let c = cx.cards(rest)?;
    let zeros = rest.iter().filter_map(|a| match &a.node {
        Arg::Count { count, item } if count.node == 0 => card_kind(cx.lang, &item.node).map(|k| (k, 0)),
        _ => None,
    });
    Some(Expectation::Bank(
        c.iter().collect::<Vec<_>>().into_iter().chain(zeros).collect(),
    ))
}

/// Every player property, for "did you mean" (the base game's, then the expansions').
const PROPERTIES: &[&str] = &[
    "hand",
    "cards",
    "vp",
    "public-vp",
    "settlements",
    "cities",
    "roads",
    "road-length",
    "knights",
    "owes",
    "development",
    "level",
    "progress",
    "progress-vp",
    "progress-count",
    "vp-tokens",
    "walls-left",
    "knights-left",
    "gifts",
    "prisoners",
    "nobles",
    "tricolour",
    "ships",
    "ships-left",
    "islands",
];

/// `expect PLAYER PROPERTY VALUE…` for the base game's properties.
pub(super) fn player_expectation(
    cx: &mut Cx<'_>,
    p: PlayerId,
    prop: &Spanned<Arg>,
    vals: &[Spanned<Arg>],
) -> Option<Expectation> {
    let prop_word = prop.node.to_string();
    let num = |cx: &mut Cx<'_>, max: i64| -> Option<i64> {
        match vals.first() {
            Some(v) => cx.number_in(v, 0, max),
            None => {
                cx.err(
                    prop.span,
                    "missing_argument",
                    format!("`{prop_word}` needs a number"),
                    "number missing",
                    None,
                );
                None
            }
        }
    };
    // Numbers are range-checked by `num`: these casts keep every value.
    let small = |n: i64| n as u8;
    let big = u32::MAX as i64;
    match prop_word.as_str() {
        "hand" => cx.cards(vals).map(|c| Expectation::Hand(p, c)),
        "cards" => num(cx, big).map(|n| Expectation::CardCount(p, n as u32)),
        "vp" => num(cx, 255).map(|n| Expectation::Vp(p, small(n))),
        "public-vp" => num(cx, 255).map(|n| Expectation::PublicVp(p, small(n))),
        "settlements" => num(cx, big).map(|n| Expectation::Pieces(p, PieceKind::Settlement, n as u32)),
        "cities" => num(cx, big).map(|n| Expectation::Pieces(p, PieceKind::City, n as u32)),
        "roads" => num(cx, big).map(|n| Expectation::Pieces(p, PieceKind::Road, n as u32)),
        "road-length" => num(cx, 255).map(|n| Expectation::RoadLength(p, small(n))),
        "knights" => num(cx, 255).map(|n| Expectation::Knights(p, small(n))),
        "owes" => num(cx, 255).map(|n| Expectation::Owes(p, small(n))),
        "development" => cx.dev_cards(vals).map(|d| Expectation::Development(p, d)),
        other => {
            cx.unknown(prop.span, "property", other, PROPERTIES);
            None
        }
    }
}

/// The base game's player items of a position, for "did you mean" lists.
pub(super) const PLAYER_ITEMS: [&str; 7] = [
    "settlements",
    "cities",
    "roads",
    "hand",
    "development",
    "new-development",
    "played",
];
/// The base game's global items of a position (`unchecked` is the block's own word).
pub(super) const GLOBAL_ITEMS: [&str; 7] = [
    "robber",
    "bank",
    "dev-deck",
    "longest-road",
    "largest-army",
    "turn",
    "unchecked",
];

/// A base-game item of a player's section of a position: buildings, roads, hand,
/// development cards, knights played. `false` when `key` is none of them.
pub(super) fn player_item(
    cx: &mut Cx<'_>,
    key: &str,
    item: &Spanned<PositionItem>,
    p: PlayerId,
    setup: &mut Setup,
    spans: &mut ItemSpans,
) -> bool {
    let ps = &mut setup.players[p.index()];
    match key {
        "settlement" | "settlements" | "city" | "cities" => {
            let city = key.starts_with('c');
            for a in &item.args {
                if let Some(v) = cx.arg_vertex(a) {
                    let ps = &mut setup.players[p.index()];
                    if city {
                        ps.cities.push(v);
                        spans.spans.push((Subject::City(p, v), a.span));
                    } else {
                        ps.settlements.push(v);
                        spans.spans.push((Subject::Settlement(p, v), a.span));
                    }
                }
            }
        }
        "road" | "roads" => {
            for a in &item.args {
                if let Some(e) = cx.arg_edge(a) {
                    setup.players[p.index()].roads.push(e);
                    spans.spans.push((Subject::Road(p, e), a.span));
                }
            }
        }
        "hand" => {
            if let Some(c) = cx.cards(&item.args) {
                ps.hand = c;
            }
            spans.spans.push((Subject::Hand(p), item.span));
        }
        "development" | "new-development" => {
            if let Some(d) = cx.dev_cards(&item.args) {
                let ps = &mut setup.players[p.index()];
                if key == "development" {
                    ps.dev_cards = d;
                } else {
                    ps.new_dev_cards = d;
                }
            }
            spans.spans.push((Subject::DevCards(p), item.span));
        }
        "played" => {
            if let Some(d) = cx.dev_cards(&item.args) {
                let ps = &mut setup.players[p.index()];
                ps.knights_played = d.get(DevCard::Knight);
                if d.total() != d.get(DevCard::Knight) as u32 {
                    cx.err(
                        item.span,
                        "bad_item",
                        "only knights stay face up once played",
                        "only knights",
                        None,
                    );
                }
            }
        }
        _ => return false,
    }
    true
}

/// A base-game item of the position as a whole: robber, bank, development deck, holders,
/// whose turn. `false` when `key` is none of them.
pub(super) fn global_item(
    cx: &mut Cx<'_>,
    key: &str,
    item: &Spanned<PositionItem>,
    setup: &mut Setup,
    spans: &mut ItemSpans,
) -> bool {
    match key {
        "robber" => {
            if let Some(h) = item.args.first().and_then(|a| cx.arg_hex(a)) {
                setup.robber = Some(h);
            }
            spans.spans.push((Subject::Robber, item.span));
        }
        "bank" => {
            let mut bank = Cards::EMPTY;
            // Listed kinds replace the default; unlisted kinds are what the hands leave.
            let hands: Vec<Cards> = setup.players.iter().map(|p| p.hand).collect();
            let kinds: &[CardKind] = if setup.rules.has_commodities() {
                &CardKind::ALL
            } else {
                &CardKind::RESOURCES
            };
            for &k in kinds {
                let total = if k.is_commodity() { 12 } else { 19 };
                let held: u32 = hands.iter().map(|h| h.get(k) as u32).sum();
                bank.set(k, (total as u32).saturating_sub(held) as u8);
            }
            for a in &item.args {
                if let Arg::Count { count, item: w } = &a.node {
                    if let Some(k) = card_kind(cx.lang, &w.node) {
                        bank.set(k, count.node.min(255) as u8);
                    }
                }
            }
            if cx.cards(&item.args).is_some() {
                setup.bank = Some(bank);
            }
            spans.spans.push((Subject::Bank, item.span));
        }
        "dev-deck" => {
            if let Some(d) = cx.dev_cards(&item.args) {
                setup.dev_deck = Some(d);
            }
            spans.spans.push((Subject::DevDeck, item.span));
        }
        "longest-road" | "largest-army" => {
            let holder = match item.args.first() {
                Some(a) if a.node.as_word() == Some("none") => Some(None),
                Some(a) => cx.arg_player(a).map(Some),
                None => None,
            };
            if let Some(h) = holder {
                if key == "longest-road" {
                    setup.longest_road = Some(h);
                    spans.spans.push((Subject::LongestRoad, item.span));
                } else {
                    setup.largest_army = Some(h);
                    spans.spans.push((Subject::LargestArmy, item.span));
                }
            }
        }
        "turn" => {
            if let Some(p) = item.args.first().and_then(|a| cx.arg_player(a)) {
                setup.current = p;
            }
            match item.args.get(1).and_then(|a| a.node.as_word()) {
                Some("main") => setup.phase = StartPhase::Main,
                Some("before-roll") => setup.phase = StartPhase::BeforeRoll,
                Some(other) => {
                    let other = other.to_string();
                    cx.unknown(item.args[1].span, "starting phase", &other, &["before-roll", "main"]);
                }
                None => {}
            }
            if let Some(n) = item.args.get(2).and_then(|a| cx.number_in(a, 1, u32::MAX as i64)) {
                setup.turn = n as u32;
            }
            spans.spans.push((Subject::Turn, item.span));
        }
        _ => return false,
    }
    true
}
