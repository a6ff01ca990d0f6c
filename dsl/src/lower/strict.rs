//! Lowering that uses everything a line says, or says what it did not use.
//!
//! The grammar accepts a free list of arguments after a verb or an expectation's subject;
//! a line whose lowering reads fewer arguments than were written must not pass quietly
//! (`red trades 1 cloth, 1 paper for 1 ore` once ran as "1 cloth", so a `-> refused` line
//! could pass for the wrong reason). The constructs whose shape is fixed are lowered here,
//! and [`unused`] reports the arguments a construct leaves over, each at its span.

use super::{card_kind, Cx, CARD_WORDS};
use crate::ast::{Arg, Span, Spanned};
use catan_engine::{Action, Outcome, PlayerId};

/// `trades N KIND for 1 KIND` — a maritime trade. The engine's bank trade gives N cards of
/// one kind at the player's rate for one card; several kinds given, or anything after the
/// card received, are errors at their spans.
pub(super) fn trade(
    cx: &mut Cx<'_>,
    line: Span,
    args: &[Spanned<Arg>],
    player: PlayerId,
) -> Option<(Action, Vec<Outcome>)> {
    let for_at = args.iter().position(|x| x.node.as_word() == Some("for"));
    let (Some(i), Some(Arg::Count { count, item })) = (for_at, args.first().map(|x| &x.node)) else {
        cx.err(
            line,
            "missing_argument",
            "`trades` needs `N kind for 1 kind`, e.g. `trades 4 wool for 1 ore`",
            "`N kind for 1 kind` missing",
            None,
        );
        return None;
    };
    if i > 1 {
        let extra = args[1].span.join(args[i - 1].span);
        cx.err(
            extra,
            "several_kinds_traded",
            "a trade with the bank gives cards of one kind only",
            "a second kind given",
            Some(
                "the bank takes N cards of one kind at your rate (4:1, 3:1 or 2:1) for one card; \
                 write one trade per kind, or `offers` for a trade with a player"
                    .into(),
            ),
        );
        return None;
    }
    let give = match card_kind(cx.lang, &item.node) {
        Some(k) => k,
        None => {
            cx.unknown(item.span, "card", &item.node, &CARD_WORDS);
            return None;
        }
    };
    let rate = cx.in_range(count.span, i64::from(count.node), 0, 255)? as u8;
    let get = match args.get(i + 1).map(|x| &x.node) {
        Some(Arg::Count { count: one, item: g }) if one.node == 1 => card_kind(cx.lang, &g.node),
        Some(Arg::Word(w)) => card_kind(cx.lang, w),
        _ => None,
    };
    let Some(get) = get else {
        let span = args.get(i + 1).map(|x| x.span).unwrap_or(line);
        cx.err(
            span,
            "bad_argument",
            "a maritime trade receives exactly one card: `for 1 ore`",
            "expected `1 kind`",
            None,
        );
        return None;
    };
    unused(cx, &args[i + 2..], "a trade with the bank receives one card")?;
    Some((
        Action::MaritimeTrade {
            player,
            give,
            rate,
            get,
        },
        vec![],
    ))
}

/// An error at the arguments `rest` (when there are any) that their construct does not
/// use; `None` when there were some.
pub(super) fn unused(cx: &mut Cx<'_>, rest: &[Spanned<Arg>], why: &str) -> Option<()> {
    let (Some(first), Some(last)) = (rest.first(), rest.last()) else {
        return Some(());
    };
    cx.err(
        first.span.join(last.span),
        "unused_argument",
        format!("more than this line can use: {why}"),
        "not used",
        Some("remove it, or write it on a line of its own".into()),
    );
    None
}

/// How many arguments the base game's lowering of `verb` reads (the rest are reported by
/// [`unused`]); `None` for verbs that take a list (`discards`, `offers`) or that another
/// module lowers.
pub(super) fn step_arity(lang: crate::vocab::Language, verb: &str, args: &[Spanned<Arg>]) -> Option<usize> {
    let word = |i: usize| args.get(i).and_then(|a| a.node.as_word());
    Some(match verb {
        "builds" | "places" | "build" | "place" => 2,
        "buys" | "buy" => 2,
        "plays" | "play" => match word(0).and_then(|w| super::dev_card(lang, w)) {
            Some(catan_engine::DevCard::YearOfPlenty) => 3,
            Some(catan_engine::DevCard::Monopoly) => 2,
            Some(_) => 1,
            None => return None,
        },
        // The second is the event die (or an error outside Cities & Knights).
        "rolls" | "roll" => 2,
        // `moves robber J` (or a misspelled piece, reported by the base game's lowering).
        "moves" | "move" => 1 + usize::from(word(0).is_some()),
        "robs" | "rob" => 2,
        "accepts" | "accept" | "declines" | "decline" => 0,
        // `ends turn`.
        "ends" | "end" => 1,
        _ => return None,
    })
}

/// How many of the arguments after `expect HEAD` the lowering of a fixed-shape expectation
/// reads; `None` for lists (`hand`, `bank`, `progress` …) and heads lowered elsewhere.
pub(super) fn expect_arity(head: &str, rest: &[Spanned<Arg>]) -> Option<usize> {
    Some(match head {
        "invariants" => 0,
        "damaged-city" | "settlement" | "city" | "road" => 2,
        "empty" | "robber" | "turn" | "phase" | "longest-road" | "largest-army" | "winner" => 1,
        // Cities & Knights and The Court.
        "wall" | "no-wall" | "barbarians" | "barbarian-attacks" | "most-influence" | "nobles-left" => 1,
        // Seafarers.
        "pirate" => 1,
        "ship" => 2,
        "metropolis" | "merchant" | "deck" | "banner" | "soldier" => 2,
        // `knight red A.ne strong active`, `knight none A.ne`.
        "knight" if rest.first().and_then(|a| a.node.as_word()) == Some("none") => 2,
        "knight" => 4,
        // PLAYER PROPERTY VALUE
        _ => match rest.first().and_then(|a| a.node.as_word())? {
            "cards" | "vp" | "public-vp" | "settlements" | "cities" | "roads" | "road-length" | "knights" | "owes"
            | "progress-count" | "vp-tokens" | "walls-left" | "gifts" | "nobles" | "tricolour" | "ships"
            | "ships-left" | "islands" => 2,
            "level" | "knights-left" => 3,
            _ => return None,
        },
    })
}

/// How many arguments the Cities & Knights lowering of `verb` reads, for its verbs of a
/// fixed shape; `None` for lists (`commits knights …`, `gives …`), progress cards (each
/// card checks its own) and verbs that are not Cities & Knights'.
pub(super) fn ck_step_arity(lang: crate::vocab::Language, verb: &str, args: &[Spanned<Arg>]) -> Option<usize> {
    let word = |i: usize| args.get(i).and_then(|a| a.node.as_word());
    let after = |w: &str| usize::from(word(0) == Some(w));
    Some(match (verb, word(0)) {
        ("builds" | "build", Some("wall")) => 2,
        ("places" | "place", Some("metropolis")) => 2,
        ("places" | "place", Some("knight")) => 3,
        ("places" | "place", Some("no")) => 2,
        ("improves" | "improve", _) => 1,
        ("recruits" | "recruit" | "promotes" | "promote" | "activates" | "activate", _)
        | ("relocates" | "relocate" | "surrenders" | "surrender", _) => after("knight") + 1,
        ("moves" | "move", Some("knight")) | ("displaces" | "displace", _) => {
            let i = after("knight");
            i + 2 + usize::from(word(i + 1) == Some("to"))
        }
        ("chases" | "chase", _) => match args.iter().position(|a| a.node.as_word() == Some("with")) {
            Some(w) => w + 2,
            None => after("robber") + 1,
        },
        ("loses" | "lose", _) => after("city") + 1,
        ("chooses" | "choose", Some("card")) => 2,
        // Seafarers: `chooses gold 1 ore, 1 wool` is a list (lowered in `sea.rs`).
        ("chooses" | "choose", Some(w)) if super::sea::gold_word(lang, w) => return None,
        ("chooses" | "choose", _) => after("deck") + 2,
        ("discards" | "discard", Some("progress")) => 2,
        ("takes" | "take", Some("aqueduct")) => 2,
        ("declines" | "decline", Some("aqueduct")) => 1,
        ("offers-harbor" | "offer-harbor", _) => 2,
        ("gives" | "give", Some("commodity")) => 2,
        // `skips free road`, `commits no knights`.
        ("skips" | "skip", _) => 2,
        ("commits" | "commit", Some("no" | "nothing")) => 2,
        // The Court: `sends noble`.
        ("sends" | "send", Some("noble")) => 1,
        ("plays" | "play", Some(w)) => 1 + progress_arity(super::ck::progress_card(lang, w)?)?,
        _ => return None,
    })
}

/// How many values a progress card's play takes after its name (`plays crane science`:
/// 1); `None` for Guild Dues (a list of cards) and the cards never played.
fn progress_arity(card: catan_engine::ProgressCard) -> Option<usize> {
    use catan_engine::ProgressCard as C;
    Some(match card {
        C::Irrigation
        | C::Mining
        | C::RoadBuilding
        | C::CommercialHarbor
        | C::Taxation
        | C::Sabotage
        | C::Encouragement
        | C::Wedding => 0,
        C::Crane
        | C::Engineering
        | C::Medicine
        | C::Merchant
        | C::MerchantFleet
        | C::ResourceMonopoly
        | C::TradeMonopoly
        | C::Treason
        | C::Diplomacy
        | C::Intrigue => 1,
        C::Alchemy | C::Invention | C::Smithing | C::Espionage => 2,
        _ => return None,
    })
}

/// How many arguments a position item of a fixed shape takes (`robber J`, `turn red main
/// 3`, `vp-tokens 1` …); `None` for lists (`settlements`, `hand`, `bank` …) and unknown keys.
pub(super) fn item_arity(key: &str) -> Option<usize> {
    Some(match key {
        "unchecked" => 0,
        "robber" | "longest-road" | "largest-army" | "barbarians" | "barbarian-attacks" | "most-influence"
        | "vp-tokens" | "nobles" | "pirate" | "ship-moved" => 1,
        "metropolis" | "merchant" | "banner" => 2,
        "turn" => 3,
        _ => return None,
    })
}

/// Reports the arguments of a position item past its [`item_arity`]; the item itself is
/// still read.
pub(super) fn item_rest(cx: &mut Cx<'_>, key: &str, args: &[Spanned<Arg>]) {
    if let Some(n) = item_arity(key) {
        let _ = unused(
            cx,
            args.get(n..).unwrap_or(&[]),
            &format!("`{key}` takes {}", crate::report::count(n, "value", "values")),
        );
    }
}
