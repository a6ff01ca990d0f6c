//! Lowering of Barbarian Attack's vocabulary: buying a scenario card, placing and moving
//! knights on paths, Treason's and Capture's barbarians, battles, leftover prisoners and gold;
//! barbarians, knights, prisoners and gold in a position; the chance lines `landing`,
//! `barbarian-card` and `castle-die`; and the expectations about them. Claimed only in a
//! scenario whose rules include `barbarian-attack` (where `knight`, `barbarians` and
//! `prisoners` mean this scenario's pieces, not Cities & Knights' or The Court's).

use super::{strict, Cx, ItemSpans};
use crate::ast::{Arg, PositionItem, Span, Spanned};
use crate::scenario::{BarbFact, Expectation};
use crate::vocab::barb::noun;
use catan_engine::position::{Setup, Subject};
use catan_engine::{Action, BarbAction, BarbCard, BarbOutcome, EdgeId, Outcome, PlayerId};

/// Barbarian Attack's player items, for "did you mean" lists.
pub(super) const PLAYER_ITEMS: [&str; 3] = ["knights", "prisoners", "gold"];
/// Barbarian Attack's global items.
pub(super) const GLOBAL_ITEMS: [&str; 4] = ["barbarians", "knights-moved", "gold-purchases", "barbarian-deck"];
/// The scenario cards' names.
const CARD_WORDS: [&str; 4] = ["knighthood", "swift-knight", "treason", "capture"];

/// What a step lowers to (see [`super::expansion::Lowered`]).
type Lowered = Option<(Action, Vec<Outcome>)>;

fn barb(a: BarbAction, chance: Vec<Outcome>) -> Lowered {
    Some((Action::Barb(a), chance))
}

/// The canonical word of an argument: a scenario noun, a piece (`knight`), or the word.
fn canonical(cx: &Cx<'_>, a: Option<&Spanned<Arg>>) -> Option<String> {
    let w = a?.node.as_word()?;
    if let Some(n) = noun(w) {
        return Some(n.to_string());
    }
    // A piece in the file's language, or in English as keywords are (`knight` in a German
    // file too).
    let lang = [cx.lang, crate::vocab::Language::En];
    if let Some(p) = lang.iter().find_map(|l| super::piece_canonical(*l, w, false)) {
        return Some(p.to_string());
    }
    Some(w.to_string())
}

/// The argument at `i`, or an error at the step saying what is missing.
fn need<'a>(cx: &mut Cx<'_>, args: &'a [Spanned<Arg>], i: usize, span: Span, what: &str) -> Option<&'a Spanned<Arg>> {
    let a = args.get(i);
    if a.is_none() {
        cx.err(span, "missing_argument", what, "argument missing", None);
    }
    a
}

/// The one argument (after the step's two words) of a step like `captures barbarian D`:
/// missing, it is a diagnostic naming the step and an example; more, each extra one is.
fn one<'a>(
    cx: &mut Cx<'_>,
    args: &'a [Spanned<Arg>],
    span: Span,
    step: &str,
    noun: &str,
    example: &str,
) -> Option<&'a Spanned<Arg>> {
    let a = need(
        cx,
        args,
        1,
        span,
        &format!("`{step}` needs a {noun}, e.g. `{step} {example}`"),
    )?;
    strict::unused(cx, args.get(2..).unwrap_or(&[]), &format!("`{step}` takes one {noun}"))?;
    Some(a)
}

/// A scenario card's name.
fn card(cx: &mut Cx<'_>, a: &Spanned<Arg>) -> Option<BarbCard> {
    let w = a.node.as_word().map(|w| noun(w).unwrap_or(w)).unwrap_or_default();
    let found = BarbCard::ALL.into_iter().find(|c| c.name() == w);
    if found.is_none() {
        cx.unknown(a.span, "scenario card", &a.node.to_string(), &CARD_WORDS);
    }
    found
}

/// The index after an optional `to` at `i`.
fn after_to(args: &[Spanned<Arg>], i: usize) -> usize {
    i + usize::from(args.get(i).and_then(|a| a.node.as_word()) == Some("to"))
}

/// `buys barbarian-card [CARD]`, `places knight PATH`, `moves knight PATH [to] PATH [paying
/// grain]`, `moves barbarian HEX|supply [to] HEX`, `captures barbarian HEX`, `expels
/// barbarians HEX`, `gives prisoner PLAYER`, `spends gold RESOURCE`; `None` when the step is
/// not Barbarian Attack's.
pub(super) fn action(
    cx: &mut Cx<'_>,
    verb: &str,
    args: &[Spanned<Arg>],
    player: PlayerId,
    span: Span,
) -> Option<Lowered> {
    if !cx.barb {
        return None;
    }
    let first = canonical(cx, args.first());
    if cx.ck {
        if let Some(l) = ck_action(cx, verb, args, player, span) {
            return Some(l);
        }
        // `places knight A.n strong`, `moves knight A.n to B.s`: Cities & Knights' forms on
        // intersections, left to its lowering (the engine refuses them).
        let on_vertex = matches!(args.get(1).map(|a| &a.node), Some(Arg::Vertex(_)));
        if on_vertex && first.as_deref() == Some("knight") && matches!(verb, "places" | "place" | "moves" | "move") {
            return None;
        }
    }
    let lowered = match (verb, first.as_deref()) {
        ("buys" | "buy", Some("barbarian-card")) => {
            strict::unused(cx, args.get(2..).unwrap_or(&[]), "`buys barbarian-card` takes one card")?;
            match args.get(1) {
                Some(a) => card(cx, a).and_then(|card| {
                    barb(
                        BarbAction::BuyBarbarianCard { player },
                        vec![Outcome::Barb(BarbOutcome::BarbarianCard { card })],
                    )
                }),
                None => barb(BarbAction::BuyBarbarianCard { player }, vec![]),
            }
        }
        ("places" | "place", Some("knight")) => {
            let at = one(cx, args, span, "places knight", "path", "A.n-ne")?;
            cx.arg_edge(at)
                .and_then(|at| barb(BarbAction::PlacePathKnight { player, at }, vec![]))
        }
        ("moves" | "move", Some("knight")) => move_knight(cx, args, player, span),
        ("moves" | "move", Some("barbarian")) => {
            let what = "`moves barbarian` needs the hex it leaves (or `supply`) and the hex it goes to";
            let from = need(cx, args, 1, span, what)?;
            let ti = after_to(args, 2);
            let to = need(cx, args, ti, span, what)?;
            strict::unused(cx, &args[ti + 1..], "`moves barbarian` takes two hexes")?;
            let from = if canonical(cx, Some(from)).as_deref() == Some("supply") {
                Some(None)
            } else {
                cx.arg_hex(from).map(Some)
            };
            let to = cx.arg_hex(to);
            barb(
                BarbAction::MoveBarbarian {
                    player,
                    from: from?,
                    to: to?,
                },
                vec![],
            )
        }
        ("captures" | "capture", Some("barbarian")) => {
            let h = one(cx, args, span, "captures barbarian", "hex", "D")?;
            cx.arg_hex(h)
                .and_then(|hex| barb(BarbAction::CaptureBarbarian { player, hex }, vec![]))
        }
        ("expels" | "expel", Some("barbarian")) => {
            let h = one(cx, args, span, "expels barbarians", "hex", "D")?;
            cx.arg_hex(h)
                .and_then(|hex| barb(BarbAction::ExpelBarbarians { player, hex }, vec![]))
        }
        ("gives" | "give", Some("prisoner")) => {
            let to = one(cx, args, span, "gives prisoner", "player", "blue")?;
            cx.arg_player(to)
                .and_then(|to| barb(BarbAction::AwardPrisoner { player, to }, vec![]))
        }
        ("spends" | "spend", Some("gold")) => {
            let r = one(cx, args, span, "spends gold", "resource", "ore")?;
            cx.arg_resource(r)
                .and_then(|resource| barb(BarbAction::BuyWithGold { player, resource }, vec![]))
        }
        _ => return None,
    };
    Some(lowered)
}

/// Whether Barbarian Attack lowers this step itself (with its own checks of what the line
/// uses) in a game with Cities & Knights, where Cities & Knights' shapes apply to every other
/// step: its own verbs, and the knight steps and changed cards written with paths and hexes.
pub(super) fn claims_with_ck(cx: &Cx<'_>, verb: &str, args: &[Spanned<Arg>]) -> bool {
    let first = canonical(cx, args.first());
    let first = first.as_deref();
    let i = usize::from(first == Some("knight"));
    let on_vertex = matches!(args.get(1).map(|a| &a.node), Some(Arg::Vertex(_)));
    let card = args
        .first()
        .and_then(|a| a.node.as_word())
        .and_then(|w| super::ck::progress_card(cx.lang, w));
    use catan_engine::ProgressCard as C;
    match verb {
        "recruits" | "recruit" | "promotes" | "promote" | "activates" | "activate" | "relocates" | "relocate"
        | "surrenders" | "surrender" | "displaces" | "displace" => is_path(args, i),
        "places" | "place" | "moves" | "move" => match first {
            Some("knight") => !on_vertex,
            Some("no") => verb.starts_with("place"),
            Some("barbarian") => verb.starts_with("move"),
            _ => false,
        },
        "plays" | "play" => matches!(
            (card, is_path(args, 1), is_hex(args, 1)),
            (Some(C::Smithing), true, _) | (Some(C::Intrigue | C::Taxation), _, true)
        ),
        "buys" | "buy" => first == Some("barbarian-card"),
        "captures" | "capture" | "expels" | "expel" => first == Some("barbarian"),
        "gives" | "give" => first == Some("prisoner"),
        "spends" | "spend" => first == Some("gold"),
        _ => false,
    }
}

/// Whether argument `i` is a path.
fn is_path(args: &[Spanned<Arg>], i: usize) -> bool {
    matches!(args.get(i).map(|a| &a.node), Some(Arg::Edge(_)))
}

/// Whether argument `i` is a hex.
fn is_hex(args: &[Spanned<Arg>], i: usize) -> bool {
    matches!(args.get(i).map(|a| &a.node), Some(Arg::Hex(_)))
}

/// The knight steps and changed progress cards of Barbarian Attack with Cities & Knights,
/// written with paths and hexes; `None` for every other step (the same steps written with
/// an intersection go to Cities & Knights' lowering, and the engine refuses them there).
fn ck_action(cx: &mut Cx<'_>, verb: &str, args: &[Spanned<Arg>], player: PlayerId, span: Span) -> Option<Lowered> {
    let first = canonical(cx, args.first());
    // `recruits knight D.ne-se` or `recruits D.ne-se`.
    let i = usize::from(first.as_deref() == Some("knight"));
    let path_step = |cx: &mut Cx<'_>, step: &str| -> Option<EdgeId> {
        let rest = args.get(i + 1..).unwrap_or(&[]);
        strict::unused(cx, rest, &format!("`{step} knight` takes one path"))?;
        cx.arg_edge(&args[i])
    };
    let lowered = match verb {
        "recruits" | "recruit" if is_path(args, i) => {
            path_step(cx, "recruits").and_then(|at| barb(BarbAction::RecruitPathKnight { player, at }, vec![]))
        }
        "promotes" | "promote" if is_path(args, i) => {
            path_step(cx, "promotes").and_then(|at| barb(BarbAction::PromotePathKnight { player, at }, vec![]))
        }
        "activates" | "activate" if is_path(args, i) => {
            path_step(cx, "activates").and_then(|at| barb(BarbAction::ActivatePathKnight { player, at }, vec![]))
        }
        "relocates" | "relocate" if is_path(args, i) => {
            path_step(cx, "relocates").and_then(|to| barb(BarbAction::RelocatePathKnight { player, to }, vec![]))
        }
        "surrenders" | "surrender" if is_path(args, i) => {
            path_step(cx, "surrenders").and_then(|at| barb(BarbAction::SurrenderPathKnight { player, at }, vec![]))
        }
        "displaces" | "displace" if is_path(args, i) => (|| {
            let what = "`displaces knight` needs the displacing knight's path and the path of the knight displaced, e.g. `displaces knight D.ne-se to D.se-s`";
            let ti = after_to(args, i + 1);
            let to = need(cx, args, ti, span, what)?;
            strict::unused(cx, &args[ti + 1..], "`displaces knight` takes two paths")?;
            let (from, to) = (cx.arg_edge(&args[i]), cx.arg_edge(to));
            barb(
                BarbAction::DisplacePathKnight {
                    player,
                    from: from?,
                    to: to?,
                },
                vec![],
            )
        })(),
        "places" | "place" => return deserter(cx, args, player, span),
        "plays" | "play" => return changed_card(cx, args, player),
        _ => return None,
    };
    Some(lowered)
}

/// Treason's new knight: `places knight [LEVEL]` (it stands where the removed knight stood,
/// so no place is written; basic unless a level is given) or `places no knight`. `None` for
/// an intersection (Cities & Knights' `places knight A.n strong`, refused by the engine).
fn deserter(cx: &mut Cx<'_>, args: &[Spanned<Arg>], player: PlayerId, span: Span) -> Option<Lowered> {
    let first = canonical(cx, args.first());
    match first.as_deref() {
        Some("no") => {
            let knight = canonical(cx, args.get(1));
            let rest = if knight.as_deref() == Some("knight") { 2 } else { 1 };
            if strict::unused(
                cx,
                args.get(rest..).unwrap_or(&[]),
                "`places no knight` takes nothing more",
            )
            .is_none()
            {
                return Some(None);
            }
            Some(barb(BarbAction::PlaceDeserterKnight { player, level: None }, vec![]))
        }
        Some("knight") => match args.get(1).map(|a| &a.node) {
            Some(Arg::Vertex(_)) => None,
            Some(Arg::Edge(_)) => {
                cx.err(
                    args[1].span,
                    "deserter_place",
                    "Treason's new knight goes exactly where the removed knight stood: the place is not written",
                    "no place here",
                    Some("write `places knight strong` (the level; basic when left out) or `places no knight`".into()),
                );
                Some(None)
            }
            None => Some(barb(BarbAction::PlaceDeserterKnight { player, level: Some(1) }, vec![])),
            Some(_) => {
                if strict::unused(cx, &args[2..], "`places knight` takes one level").is_none() {
                    return Some(None);
                }
                let _ = span;
                Some(
                    cx.arg_level(&args[1])
                        .and_then(|l| barb(BarbAction::PlaceDeserterKnight { player, level: Some(l) }, vec![])),
                )
            }
        },
        _ => None,
    }
}

/// Smithing on paths (`plays smithing D.ne-se[, A.n-ne]`), Intrigue on a hex (`plays intrigue
/// D`), Taxation on a hex (`plays taxation E`); `None` for the other cards and for these
/// cards written as in Cities & Knights (refused by the engine: `BARB.CK.CARD_CHANGED`).
fn changed_card(cx: &mut Cx<'_>, args: &[Spanned<Arg>], player: PlayerId) -> Option<Lowered> {
    use catan_engine::ProgressCard as C;
    let card = args
        .first()
        .and_then(|a| a.node.as_word())
        .and_then(|w| super::ck::progress_card(cx.lang, w))?;
    let lowered = match card {
        C::Smithing if is_path(args, 1) => {
            if strict::unused(cx, args.get(3..).unwrap_or(&[]), "Smithing promotes one or two knights").is_none() {
                return Some(None);
            }
            let a = cx.arg_edge(&args[1]);
            let b = match args.get(2) {
                Some(x) => Some(cx.arg_edge(x)?),
                None => None,
            };
            barb(
                BarbAction::SmithingOnPaths {
                    player,
                    knights: [Some(a?), b],
                },
                vec![],
            )
        }
        C::Intrigue if is_hex(args, 1) => {
            if strict::unused(cx, &args[2..], "Intrigue takes a barbarian from one hex").is_none() {
                return Some(None);
            }
            cx.arg_hex(&args[1])
                .and_then(|hex| barb(BarbAction::IntrigueOnHex { player, hex }, vec![]))
        }
        C::Taxation if is_hex(args, 1) => {
            if strict::unused(cx, &args[2..], "Taxation names one hex").is_none() {
                return Some(None);
            }
            cx.arg_hex(&args[1])
                .and_then(|hex| barb(BarbAction::TaxationOnHex { player, hex }, vec![]))
        }
        _ => return None,
    };
    Some(lowered)
}

/// `moves knight PATH [to] PATH [paying grain]`.
fn move_knight(cx: &mut Cx<'_>, args: &[Spanned<Arg>], player: PlayerId, span: Span) -> Lowered {
    let what = "`moves knight` needs the path it leaves and the path it goes to, e.g. `moves knight A.n-ne to B.s-sw`";
    let from = need(cx, args, 1, span, what)?;
    let ti = after_to(args, 2);
    let to = need(cx, args, ti, span, what)?;
    let rest = &args[ti + 1..];
    let grain = match (
        canonical(cx, rest.first()).as_deref(),
        canonical(cx, rest.get(1)).as_deref(),
    ) {
        (None, _) => false,
        (Some("paying"), Some("grain")) => {
            strict::unused(cx, &rest[2..], "`moves knight` ends with `paying grain`")?;
            true
        }
        _ => {
            strict::unused(cx, rest, "`moves knight` takes two paths and `paying grain`")?;
            false
        }
    };
    let (from, to) = (cx.arg_edge(from), cx.arg_edge(to));
    barb(
        BarbAction::MovePathKnight {
            player,
            from: from?,
            to: to?,
            grain,
        },
        vec![],
    )
}

/// The error for what only Barbarian Attack with Cities & Knights has, in a game without
/// Cities & Knights.
fn ck_only(cx: &mut Cx<'_>, span: Span, what: &str) {
    cx.err(
        span,
        "cities_and_knights_only",
        format!("{what} exists only in Barbarian Attack with Cities & Knights"),
        "not in this game",
        Some("write `rules cities-and-knights+barbarian-attack`".into()),
    );
}

/// `chance landing N`, `chance barbarian-card CARD`, `chance castle-die N`, and with Cities &
/// Knights `chance arrival N` (2–12; 7 only where the option does not roll it again).
pub(super) fn chance(cx: &mut Cx<'_>, kind: &str, a: &Spanned<Arg>) -> Option<Option<Outcome>> {
    if !cx.barb {
        if matches!(kind, "landing" | "barbarian-card" | "castle-die" | "arrival") {
            cx.err(
                a.span,
                "barbarian_attack_only",
                format!("`chance {kind}` only with Barbarian Attack"),
                "not in this game",
                Some("write `rules barbarian-attack`".into()),
            );
            return Some(None);
        }
        return None;
    }
    Some(match kind {
        "landing" => cx
            .number_in(a, 2, 12)
            .map(|t| Outcome::Barb(BarbOutcome::LandingRoll { total: t as u8 })),
        "barbarian-card" => card(cx, a).map(|card| Outcome::Barb(BarbOutcome::BarbarianCard { card })),
        "castle-die" => cx
            .number_in(a, 1, 6)
            .map(|f| Outcome::Barb(BarbOutcome::CastleDie { face: f as u8 })),
        "arrival" if !cx.ck => {
            ck_only(cx, a.span, "`chance arrival` (the dice of an arriving barbarian)");
            None
        }
        "arrival" => cx
            .number_in(a, 2, 12)
            .map(|t| Outcome::Barb(BarbOutcome::ArrivalRoll { total: t as u8 })),
        _ => return None,
    })
}

/// Whether an expectation's head (or player property) is one Barbarian Attack reads with its
/// own shape (the driver's fixed arities are Cities & Knights' and The Court's).
/// With Cities & Knights (`ck`) `knights-left` is Cities & Knights' (`knights-left basic 1`).
pub(super) fn owns_expectation(head: &str, rest: &[Spanned<Arg>], ck: bool) -> bool {
    let prop = rest.first().and_then(|a| a.node.as_word()).unwrap_or_default();
    matches!(head, "barbarians" | "knight" | "conquered" | "barbarian-supply")
        || matches!(prop, "knights" | "prisoners" | "gold")
        || (prop == "knights-left" && !ck)
}

/// `expect barbarians HEX N`, `expect knight PATH PLAYER|none`, `expect conquered HEX
/// yes|no`, `expect barbarian-supply N`; `None` in the outer option when `head` is none.
pub(super) fn expectation(cx: &mut Cx<'_>, head: &Spanned<Arg>, rest: &[Spanned<Arg>]) -> Option<Option<Expectation>> {
    if !cx.barb {
        return None;
    }
    let h = canonical(cx, Some(head)).unwrap_or_default();
    Some(match h.as_str() {
        "barbarian" => (|| {
            let what = "`expect barbarians` needs a hex and a number, e.g. `expect barbarians D 2`";
            let hex = need(cx, rest, 0, head.span, what)?;
            let n = need(cx, rest, 1, head.span, what)?;
            strict::unused(cx, &rest[2..], "`expect barbarians` takes a hex and a number")?;
            let hex = cx.arg_hex(hex)?;
            let n = cx.number_in(n, 0, 3)?;
            Some(Expectation::Barb(BarbFact::Barbarians(hex), n.to_string()))
        })(),
        "knight" => (|| {
            let what = "`expect knight` needs a path and its owner (or `none`), e.g. `expect knight A.n-ne red`";
            let at = need(cx, rest, 0, head.span, what)?;
            let who = need(cx, rest, 1, head.span, what)?;
            let at = cx.arg_edge(at)?;
            if who.node.as_word() == Some("none") {
                strict::unused(cx, &rest[2..], "`expect knight PATH none` takes nothing more")?;
                let fact = BarbFact::Knight {
                    at,
                    level: false,
                    status: false,
                };
                return Some(Expectation::Barb(fact, "none".into()));
            }
            let p = cx.arg_player(who)?;
            let mut want = cx.colours.get(p.index()).map(|c| c.name().to_string())?;
            let (level, status) = knight_words(cx, &rest[2..], &mut want)?;
            Some(Expectation::Barb(BarbFact::Knight { at, level, status }, want))
        })(),
        "conquered" => (|| {
            let what = "`expect conquered` needs a hex and yes or no, e.g. `expect conquered D yes`";
            let hex = need(cx, rest, 0, head.span, what)?;
            let yes = need(cx, rest, 1, head.span, what)?;
            strict::unused(cx, &rest[2..], "`expect conquered` takes a hex and yes or no")?;
            let hex = cx.arg_hex(hex)?;
            let v = match yes.node.as_word() {
                Some(w @ ("yes" | "no")) => w.to_string(),
                _ => {
                    cx.unknown(yes.span, "value", &yes.node.to_string(), &["yes", "no"]);
                    return None;
                }
            };
            Some(Expectation::Barb(BarbFact::Conquered(hex), v))
        })(),
        "barbarian-supply" => (|| {
            let n = need(cx, rest, 0, head.span, "`expect barbarian-supply` needs a number")?;
            strict::unused(cx, &rest[1..], "`expect barbarian-supply` takes one number")?;
            let n = cx.number_in(n, 0, 255)?;
            Some(Expectation::Barb(BarbFact::Supply, n.to_string()))
        })(),
        _ => return None,
    })
}

/// The level and status after `expect knight PATH PLAYER` (Cities & Knights only), each at
/// most once, appended to `want` in canonical words; whether each was named.
fn knight_words(cx: &mut Cx<'_>, words: &[Spanned<Arg>], want: &mut String) -> Option<(bool, bool)> {
    let (mut level, mut status) = (false, false);
    for a in words {
        if !cx.ck {
            ck_only(cx, a.span, "a knight's level or status");
            return None;
        }
        let w = a.node.as_word().map(|w| super::ck::status(cx.lang, w));
        match w {
            Some(w @ ("active" | "inactive")) if !status => {
                status = true;
                want.push_str(&format!(" {w}"));
            }
            _ if !level && w.and_then(|w| super::ck::knight_level(cx.lang, w)).is_some() => {
                let l = cx.arg_level(a)?;
                level = true;
                want.push_str(&format!(" {}", super::ck::level_word(l)));
            }
            _ => {
                strict::unused(
                    cx,
                    std::slice::from_ref(a),
                    "`expect knight` takes a path, its owner, a level and a status",
                )?;
            }
        }
    }
    Some((level, status))
}

/// `expect red prisoners 2`, `gold 4`, `knights 3` (on paths), `knights-left 3` (with Cities
/// & Knights `knights-left` is its own: `knights-left basic 1`).
pub(super) fn player_expectation(
    cx: &mut Cx<'_>,
    p: PlayerId,
    prop: &Spanned<Arg>,
    vals: &[Spanned<Arg>],
) -> Option<Option<Expectation>> {
    if !cx.barb {
        return None;
    }
    let w = prop.node.to_string();
    let plural = super::piece_canonical(cx.lang, &w, true);
    let fact = match (noun(&w), plural, w.as_str()) {
        (Some("prisoner"), _, _) => BarbFact::Prisoners(p),
        (Some("gold"), _, _) => BarbFact::Gold(p),
        (_, Some("knights"), _) => BarbFact::Knights(p),
        (_, _, "knights-left") if !cx.ck => BarbFact::KnightsLeft(p),
        _ => return None,
    };
    let Some(v) = vals.first() else {
        cx.missing_arg(prop.span, &w, "a number");
        return Some(None);
    };
    if strict::unused(cx, &vals[1..], &format!("`{w}` takes one number")).is_none() {
        return Some(None);
    }
    Some(
        cx.number_in(v, 0, 65535)
            .map(|n| Expectation::Barb(fact, n.to_string())),
    )
}

/// A Barbarian Attack item of a player's section (`knights A.n-ne, B.s-sw`, `prisoners 3`,
/// `gold 4`); `false` when the key is not one.
pub(super) fn player_item(
    cx: &mut Cx<'_>,
    key: &str,
    item: &Spanned<PositionItem>,
    p: PlayerId,
    setup: &mut Setup,
    spans: &mut ItemSpans,
) -> bool {
    if !cx.barb {
        return false;
    }
    // `knights` is read in English in every language, as the other item keys are.
    let plural = super::piece_canonical(cx.lang, key, true).or((key == "knights").then_some("knights"));
    let ps = &mut setup.players[p.index()].barb;
    match (noun(key), plural) {
        (_, Some("knights")) => path_knights(cx, &item.args, p, setup),
        (Some("prisoner"), _) => {
            if let Some(n) = item.args.first().and_then(|a| cx.number_in(a, 0, 255)) {
                ps.prisoners = n as u8;
            }
        }
        (Some("gold"), _) => {
            if let Some(n) = item.args.first().and_then(|a| cx.number_in(a, 0, 65535)) {
                ps.gold = n as u16;
            }
        }
        _ => return false,
    }
    spans.spans.push((Subject::Player(p), item.span));
    true
}

/// `knights D.ne-se strong active, D.se-s`: each path, with Cities & Knights followed by its
/// level (`basic` when left out), status (`inactive` when left out) and `promoted-this-turn`;
/// those words without Cities & Knights are diagnostics.
fn path_knights(cx: &mut Cx<'_>, args: &[Spanned<Arg>], p: PlayerId, setup: &mut Setup) {
    let mut i = 0;
    while i < args.len() {
        let e = cx.arg_edge(&args[i]);
        i += 1;
        let (mut level, mut active, mut promoted) = (None, None, false);
        while let Some(w) = args.get(i).and_then(|a| a.node.as_word()) {
            let span = args[i].span;
            i += 1;
            if !cx.ck {
                ck_only(cx, span, "a knight's level or status on a path");
                continue;
            }
            let twice = |cx: &mut Cx<'_>, what: &str| {
                cx.err(
                    span,
                    "unused_argument",
                    format!("a knight has one {what}: this one would override the one before it"),
                    format!("a second {what}"),
                    None,
                )
            };
            match super::ck::status(cx.lang, w) {
                "active" | "inactive" if active.is_some() => twice(cx, "status"),
                "active" => active = Some(true),
                "inactive" => active = Some(false),
                "promoted-this-turn" => promoted = true,
                other => match super::ck::knight_level(cx.lang, other) {
                    Some(_) if level.is_some() => twice(cx, "level"),
                    Some(l) => level = Some(l),
                    None => {
                        let other = other.to_string();
                        cx.unknown(
                            span,
                            "knight level or status",
                            &other,
                            &["basic", "strong", "mighty", "active", "inactive", "promoted-this-turn"],
                        );
                    }
                },
            }
        }
        let Some(e) = e else { continue };
        setup.players[p.index()].barb.knights.push(e);
        if let Some(l) = level.filter(|&l| l > 1) {
            setup.barb.levels.push((e, l));
        }
        if active == Some(true) {
            setup.barb.active.push(e);
        }
        if promoted {
            setup.barb.promoted.push(e);
        }
    }
}

/// `barbarians D D E` (one hex per barbarian; `barbarians none`), `knights-moved PATH…`
/// (knights that moved this turn), `gold-purchases N`; `false` when the key is not one.
pub(super) fn global_item(
    cx: &mut Cx<'_>,
    key: &str,
    item: &Spanned<PositionItem>,
    setup: &mut Setup,
    spans: &mut ItemSpans,
) -> bool {
    if !cx.barb {
        return false;
    }
    match (noun(key), key) {
        (Some("barbarian"), _) => {
            let mut list: Vec<(catan_engine::HexId, u8)> = Vec::new();
            for a in &item.args {
                if a.node.as_word() == Some("none") {
                    continue;
                }
                if let Some(h) = cx.arg_hex(a) {
                    match list.iter_mut().find(|(x, _)| *x == h) {
                        Some((_, n)) => *n = n.saturating_add(1),
                        None => list.push((h, 1)),
                    }
                }
            }
            setup.barb.barbarians = Some(list);
        }
        (_, "knights-moved") => {
            for a in &item.args {
                if let Some(e) = cx.arg_edge(a) {
                    setup.barb.moved.push(e);
                }
            }
        }
        (_, "barbarian-deck") => {
            let mut deck = [0u8; 4];
            for a in &item.args {
                match &a.node {
                    Arg::Count { count, item: w } => {
                        let name = noun(&w.node).unwrap_or(&w.node);
                        match BarbCard::ALL.into_iter().find(|c| c.name() == name) {
                            Some(c) => deck[c.index()] = count.node.min(255) as u8,
                            None => cx.unknown(a.span, "scenario card", &w.node, &CARD_WORDS),
                        }
                    }
                    Arg::Word(w) if w == "none" => {}
                    _ => cx.unknown(a.span, "scenario cards", &a.node.to_string(), &CARD_WORDS),
                }
            }
            setup.barb.deck = Some(deck);
        }
        (_, "gold-purchases") => {
            if let Some(n) = item.args.first().and_then(|a| cx.number_in(a, 0, 255)) {
                setup.barb.purchases = n as u8;
            }
        }
        _ => return false,
    }
    spans.spans.push((Subject::Rules, item.span));
    true
}

/// Barbarian Attack's part of the scenario language ([`super::expansion`]).
pub(super) struct BarbarianAttack;

impl super::expansion::ExpansionLowering for BarbarianAttack {
    const PLAYER_ITEMS: &'static [&'static str] = &PLAYER_ITEMS;
    const GLOBAL_ITEMS: &'static [&'static str] = &GLOBAL_ITEMS;
    const VOCABULARY: &'static [crate::vocab::Entry] = crate::vocab::barb::WORDS;

    fn action(
        cx: &mut Cx<'_>,
        verb: &str,
        args: &[Spanned<Arg>],
        player: PlayerId,
        span: Span,
    ) -> Option<super::expansion::Lowered> {
        action(cx, verb, args, player, span)
    }
    fn chance(cx: &mut Cx<'_>, kind: &str, value: &Spanned<Arg>) -> Option<Option<Outcome>> {
        chance(cx, kind, value)
    }
    fn expectation(cx: &mut Cx<'_>, head: &Spanned<Arg>, rest: &[Spanned<Arg>]) -> Option<Option<Expectation>> {
        expectation(cx, head, rest)
    }
    fn player_expectation(
        cx: &mut Cx<'_>,
        p: PlayerId,
        prop: &Spanned<Arg>,
        vals: &[Spanned<Arg>],
    ) -> Option<Option<Expectation>> {
        player_expectation(cx, p, prop, vals)
    }
    fn player_item(
        cx: &mut Cx<'_>,
        key: &str,
        item: &Spanned<PositionItem>,
        p: PlayerId,
        setup: &mut Setup,
        spans: &mut ItemSpans,
    ) -> bool {
        player_item(cx, key, item, p, setup, spans)
    }
    fn global_item(
        cx: &mut Cx<'_>,
        key: &str,
        item: &Spanned<PositionItem>,
        setup: &mut Setup,
        spans: &mut ItemSpans,
    ) -> bool {
        global_item(cx, key, item, setup, spans)
    }
}

#[cfg(test)]
mod tests {
    use crate::scenario::{BarbFact, Expectation, StepKind};
    use catan_engine::{Action, BarbAction, BarbCard, BarbOutcome, Outcome};

    /// The steps of a Barbarian Attack scenario (or the error codes of a broken one).
    fn steps(rules: &str, lang: &str, players: &str, body: &str) -> Result<Vec<StepKind>, Vec<String>> {
        let text = format!(
            "scenario \"s\"\nsource own\nrules {rules}\nlanguage {lang}\nboard beginner\nplayers {players}\n{body}"
        );
        let ast = crate::parse("t.cat", &text).unwrap_or_else(|e| panic!("{:?}", e.codes()));
        match super::super::lower("t.cat", &text, &ast) {
            Ok(sc) => Ok(sc.steps.into_iter().map(|s| s.kind).collect()),
            Err(e) => Err(e.errors.iter().map(|x| x.code.clone()).collect()),
        }
    }

    fn barb_action(k: &StepKind) -> BarbAction {
        match k {
            StepKind::Act {
                action: Action::Barb(a),
                ..
            } => *a,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn cards_knights_barbarians_and_prisoners_in_three_languages() {
        for (lang, players, card, barbarian, prisoners) in [
            ("en", "red blue white", "treason", "barbarian", "prisoners"),
            ("de", "rot blau weiß", "verrat", "barbar", "gefangene"),
            ("ca", "vermell blau blanc", "traïció", "bàrbar", "presoners"),
        ] {
            let me = players.split(' ').next().unwrap_or_default();
            let body = format!(
                "{me} buys barbarian-card {card}\n{me} moves {barbarian} C to D\n{me} moves {barbarian} supply to H\n\
                 {me} expels barbarians D\n{me} moves knight A.n-ne to B.s-sw paying grain\n\
                 expect {me} {prisoners} 2\nexpect barbarians D 1\n"
            );
            let s = steps("barbarian-attack", lang, players, &body).unwrap_or_else(|e| panic!("{lang}: {e:?}"));
            assert!(matches!(
                &s[0],
                StepKind::Act { action: Action::Barb(BarbAction::BuyBarbarianCard { .. }), chance, .. }
                    if chance == &vec![Outcome::Barb(BarbOutcome::BarbarianCard { card: BarbCard::Treason })]
            ));
            assert!(matches!(
                barb_action(&s[1]),
                BarbAction::MoveBarbarian { from: Some(_), .. }
            ));
            assert!(matches!(
                barb_action(&s[2]),
                BarbAction::MoveBarbarian { from: None, .. }
            ));
            assert!(matches!(barb_action(&s[3]), BarbAction::ExpelBarbarians { .. }));
            assert!(matches!(
                barb_action(&s[4]),
                BarbAction::MovePathKnight { grain: true, .. }
            ));
            assert!(matches!(&s[5], StepKind::Expect(Expectation::Barb(BarbFact::Prisoners(_), n)) if n == "2"));
            assert!(matches!(&s[6], StepKind::Expect(Expectation::Barb(BarbFact::Barbarians(_), n)) if n == "1"));
        }
    }

    #[test]
    fn its_chance_lines_outside_barbarian_attack_are_diagnostics() {
        let e = steps("base", "en", "red blue white", "chance landing 5\n").unwrap_err();
        assert_eq!(e, vec!["dsl::lower::barbarian_attack_only".to_string()]);
        let e = steps(
            "barbarian-attack",
            "en",
            "red blue white",
            "chance landing 13\nchance castle-die 9\n",
        )
        .unwrap_err();
        assert_eq!(e.len(), 2, "{e:?}");
    }

    /// The scenario of a Barbarian Attack with Cities & Knights text (or the error codes).
    fn scenario(lang: &str, players: &str, body: &str) -> Result<crate::scenario::Scenario, Vec<String>> {
        let text = format!(
            "scenario \"s\"\nsource own\nrules cities-and-knights+barbarian-attack\nlanguage {lang}\nboard beginner\nplayers {players}\n{body}"
        );
        let ast = crate::parse("t.cat", &text).unwrap_or_else(|e| panic!("{:?}", e.codes()));
        super::super::lower("t.cat", &text, &ast).map_err(|e| e.errors.iter().map(|x| x.code.clone()).collect())
    }

    #[test]
    fn knights_on_paths_with_cities_and_knights_in_three_languages() {
        for (lang, players, [basic, strong, mighty], active, [smithing, intrigue, taxation]) in [
            (
                "en",
                "red blue white",
                ["basic", "strong", "mighty"],
                "active",
                ["smithing", "intrigue", "taxation"],
            ),
            (
                "de",
                "rot blau weiß",
                ["einfach", "stark", "mächtig"],
                "aktiv",
                ["schmied", "intrige", "bischof"],
            ),
            (
                "ca",
                "vermell blau blanc",
                ["bàsic", "fort", "poderós"],
                "actiu",
                ["smith", "intriga", "bisbe"],
            ),
        ] {
            let mut seats = players.split(' ');
            let (me, you) = (seats.next().unwrap_or_default(), seats.next().unwrap_or_default());
            let body = format!(
                "position {{\n  {me}:\n    settlements E.n\n    roads E.n-ne\n    knights D.ne-se {strong} {active}, D.se-s, A.n-ne {mighty} promoted-this-turn\n  \
                 {you}:\n    settlements O.s\n    roads O.s-sw\n  turn {me} main\n}}\n\
                 {me} recruits knight A.ne-se\n{me} promotes knight D.se-s\n{me} activates D.se-s\n\
                 {me} displaces knight D.ne-se to D.sw-nw\n{you} relocates knight H.n-ne\n{you} surrenders knight H.n-ne\n\
                 {me} places knight {strong}\n{me} places no knight\n{me} places knight\n\
                 {me} plays {smithing} D.ne-se, D.se-s\n{me} plays {intrigue} D\n{me} plays {taxation} E\nchance arrival 7\n\
                 expect knight D.ne-se {me} {strong} {active}\nexpect knight A.ne-se none\nexpect {me} knights-left {basic} 1\n\
                 {me} recruits knight E.n\n{me} plays {intrigue} E.n\n{me} places knight E.n {strong}\n{me} moves knight E.n to E.ne\n"
            );
            let sc = scenario(lang, players, &body).unwrap_or_else(|e| panic!("{lang}: {e:?}"));
            let b = &sc.setup.barb;
            assert_eq!(sc.setup.players[0].barb.knights.len(), 3, "{lang}");
            assert_eq!(b.levels.iter().map(|x| x.1).collect::<Vec<_>>(), vec![2, 3], "{lang}");
            assert_eq!((b.active.len(), b.promoted.len()), (1, 1), "{lang}");
            let s: Vec<StepKind> = sc.steps.into_iter().map(|s| s.kind).collect();
            assert_path_knight_steps(lang, &s);
        }
    }

    /// The steps of [`knights_on_paths_with_cities_and_knights_in_three_languages`] in order:
    /// the path forms lower to the combination's actions, intersection forms to Cities &
    /// Knights' (which the engine refuses).
    fn assert_path_knight_steps(lang: &str, s: &[StepKind]) {
        assert!(
            matches!(barb_action(&s[0]), BarbAction::RecruitPathKnight { .. }),
            "{lang}"
        );
        assert!(
            matches!(barb_action(&s[1]), BarbAction::PromotePathKnight { .. }),
            "{lang}"
        );
        assert!(
            matches!(barb_action(&s[2]), BarbAction::ActivatePathKnight { .. }),
            "{lang}"
        );
        assert!(
            matches!(barb_action(&s[3]), BarbAction::DisplacePathKnight { .. }),
            "{lang}"
        );
        assert!(
            matches!(barb_action(&s[4]), BarbAction::RelocatePathKnight { .. }),
            "{lang}"
        );
        assert!(
            matches!(barb_action(&s[5]), BarbAction::SurrenderPathKnight { .. }),
            "{lang}"
        );
        assert!(
            matches!(
                barb_action(&s[6]),
                BarbAction::PlaceDeserterKnight { level: Some(2), .. }
            ),
            "{lang}"
        );
        assert!(
            matches!(barb_action(&s[7]), BarbAction::PlaceDeserterKnight { level: None, .. }),
            "{lang}"
        );
        assert!(
            matches!(
                barb_action(&s[8]),
                BarbAction::PlaceDeserterKnight { level: Some(1), .. }
            ),
            "{lang}"
        );
        assert!(
            matches!(
                barb_action(&s[9]),
                BarbAction::SmithingOnPaths {
                    knights: [Some(_), Some(_)],
                    ..
                }
            ),
            "{lang}"
        );
        assert!(
            matches!(barb_action(&s[10]), BarbAction::IntrigueOnHex { .. }),
            "{lang}"
        );
        assert!(
            matches!(barb_action(&s[11]), BarbAction::TaxationOnHex { .. }),
            "{lang}"
        );
        assert!(
            matches!(
                &s[12],
                StepKind::Chance {
                    outcome: Outcome::Barb(BarbOutcome::ArrivalRoll { total: 7 }),
                    ..
                }
            ),
            "{lang}: {:?}",
            s[12]
        );
        assert!(
            matches!(
                &s[13],
                StepKind::Expect(Expectation::Barb(BarbFact::Knight { level: true, status: true, .. }, w))
                    if w.ends_with(" strong active")
            ),
            "{lang}: {:?}",
            s[13]
        );
        assert!(matches!(&s[14], StepKind::Expect(Expectation::Barb(BarbFact::Knight { .. }, w)) if w == "none"));
        assert!(
            matches!(&s[15], StepKind::Expect(Expectation::Ck(crate::scenario::CkFact::KnightsLeft(_, 1), n)) if n == "1")
        );
        // Written with an intersection: Cities & Knights' actions, which the engine refuses.
        assert!(
            matches!(
                &s[16],
                StepKind::Act {
                    action: Action::Ck(catan_engine::CkAction::RecruitKnight { .. }),
                    ..
                }
            ),
            "{lang}"
        );
        assert!(
            matches!(
                &s[17],
                StepKind::Act {
                    action: Action::Ck(catan_engine::CkAction::PlayProgress { .. }),
                    ..
                }
            ),
            "{lang}"
        );
        assert!(
            matches!(
                &s[18],
                StepKind::Act {
                    action: Action::Ck(catan_engine::CkAction::PlaceTreasonKnight { .. }),
                    ..
                }
            ),
            "{lang}"
        );
        assert!(
            matches!(
                &s[19],
                StepKind::Act {
                    action: Action::Ck(catan_engine::CkAction::MoveKnight { .. }),
                    ..
                }
            ),
            "{lang}"
        );
    }

    #[test]
    fn levels_status_and_arrivals_without_cities_and_knights_are_diagnostics() {
        let body = "position {\n  red:\n    settlements E.n\n    roads E.n-ne\n    knights D.ne-se strong active\n  turn red main\n}\n\
                    chance arrival 5\nexpect knight D.ne-se red strong\n";
        let e = steps("barbarian-attack", "en", "red blue white", body).unwrap_err();
        assert_eq!(e, vec!["dsl::lower::cities_and_knights_only".to_string(); 4], "{e:?}");
        let e = steps("cities-and-knights", "en", "red blue white", "chance arrival 5\n").unwrap_err();
        assert_eq!(e, vec!["dsl::lower::barbarian_attack_only".to_string()]);
    }

    #[test]
    fn misused_path_knight_forms_are_diagnostics() {
        for (body, code) in [
            // Treason's knight goes where the removed one stood: no place is written.
            ("red places knight D.ne-se strong\n", "dsl::lower::deserter_place"),
            ("red places knight huge\n", "dsl::lower::unknown_name"),
            ("red places no knight D.ne-se\n", "dsl::lower::unused_argument"),
            ("red displaces knight D.ne-se\n", "dsl::lower::missing_argument"),
            ("red recruits knight D.ne-se D.se-s\n", "dsl::lower::unused_argument"),
            ("red plays intrigue D E\n", "dsl::lower::unused_argument"),
            ("chance arrival 13\n", "dsl::lower::number_out_of_range"),
            (
                "position {\n  red:\n    settlements E.n\n    roads E.n-ne\n    knights D.ne-se strong mighty\n  turn red main\n}\n",
                "dsl::lower::unused_argument",
            ),
            (
                "position {\n  red:\n    settlements E.n\n    roads E.n-ne\n    knights D.ne-se active-this-turn\n  turn red main\n}\n",
                "dsl::lower::unknown_name",
            ),
            ("expect knight D.ne-se red strong strong\n", "dsl::lower::unused_argument"),
        ] {
            let e = scenario("en", "red blue white", body).map(|_| ()).unwrap_err();
            assert_eq!(e, vec![code.to_string()], "{body}");
        }
    }
}
