//! Lowering of Seafarers' vocabulary: building and moving ships, moving the pirate, choosing
//! a gold field's resources; ships, island markers and the pirate in a position; and the
//! expectations about them. (Seafarers' boards — the maps by name, sea hexes, gold fields,
//! land areas and the pirate's start — are the `board` line's, in `lower/board.rs`.)
//!
//! A child module of `lower`, sharing its context (`Cx`). Robbing after the pirate is the
//! base game's `robs` step.

use super::{strict, Cx, ItemSpans};
use crate::ast::{Arg, PositionItem, Span, Spanned};
use crate::scenario::{Expectation, SeaFact};
use catan_engine::position::{Setup, Subject};
use catan_engine::{Action, Outcome, PlayerId, SeaAction, Terrain};

/// Seafarers' player items, for "did you mean" lists.
pub(super) const PLAYER_ITEMS: [&str; 3] = ["ships", "new-ships", "islands"];
/// Seafarers' global items.
pub(super) const GLOBAL_ITEMS: [&str; 2] = ["pirate", "ship-moved"];

/// Whether `w` names a gold field in the file's language (`gold`, `goldfluss`, `or`).
pub(super) fn gold_word(lang: crate::vocab::Language, w: &str) -> bool {
    super::terrain(lang, w) == Some(Terrain::Gold)
}

/// A player property's canonical word: piece words of the file's language (`schiffe`,
/// `inseln`) become `ships`, `islands`.
fn property(lang: crate::vocab::Language, w: &str) -> String {
    super::piece_canonical(lang, w, true).map_or_else(|| w.to_string(), str::to_string)
}

/// What a step lowers to (see [`super::expansion::Lowered`]).
type Lowered = Option<(Action, Vec<Outcome>)>;

/// One Seafarers action, without chance.
fn sea(a: SeaAction) -> Lowered {
    Some((Action::Sea(a), vec![]))
}

/// `builds ship PATH`, `moves ship PATH [to] PATH`, `moves pirate HEX`, `chooses gold CARDS`,
/// `chases pirate with VERTEX` (with Cities & Knights);
/// `None` when the step is not Seafarers'.
pub(super) fn action(
    cx: &mut Cx<'_>,
    verb: &str,
    args: &[Spanned<Arg>],
    player: PlayerId,
    span: Span,
) -> Option<Lowered> {
    let first = args.first().and_then(|a| a.node.as_word());
    let lowered = match (verb, first) {
        ("builds" | "build" | "places" | "place", Some("ship")) => {
            let at = need(
                cx,
                args,
                1,
                span,
                "`builds ship` needs a path, e.g. `builds ship A.n-ne`",
            )?;
            strict::unused(cx, &args[2..], "`builds ship` takes one path")?;
            cx.arg_edge(at).and_then(|at| sea(SeaAction::BuildShip { player, at }))
        }
        ("moves" | "move", Some("ship")) => move_ship(cx, args, player, span),
        ("moves" | "move", Some("pirate")) => {
            let to = need(
                cx,
                args,
                1,
                span,
                "`moves pirate` needs a sea hex, e.g. `moves pirate (3,2)`",
            )?;
            strict::unused(cx, &args[2..], "`moves pirate` takes one hex")?;
            cx.arg_hex(to).and_then(|to| sea(SeaAction::MovePirate { player, to }))
        }
        ("chases" | "chase", Some("pirate")) => {
            // With Cities & Knights: `chases pirate with A.n`.
            let i = 1 + usize::from(args.get(1).and_then(|a| a.node.as_word()) == Some("with"));
            let knight = need(
                cx,
                args,
                i,
                span,
                "`chases pirate` needs the knight, e.g. `chases pirate with A.n`",
            )?;
            strict::unused(cx, &args[i + 1..], "`chases pirate` takes one knight")?;
            cx.arg_vertex(knight)
                .and_then(|knight| sea(SeaAction::ChasePirate { player, knight }))
        }
        ("chooses" | "choose", Some(w)) if gold_word(cx.lang, w) => {
            let take = cx.cards(&args[1..]);
            if args.len() < 2 {
                cx.missing_arg(
                    span,
                    "chooses gold",
                    "the resources taken, e.g. `chooses gold 1 ore, 1 wool`",
                );
                return Some(None);
            }
            take.and_then(|take| sea(SeaAction::ChooseGold { player, take }))
        }
        _ => return None,
    };
    Some(lowered)
}

/// The argument at `i`, or an error at the step saying what is missing.
fn need<'a>(cx: &mut Cx<'_>, args: &'a [Spanned<Arg>], i: usize, span: Span, what: &str) -> Option<&'a Spanned<Arg>> {
    let a = args.get(i);
    if a.is_none() {
        cx.err(span, "missing_argument", what, "argument missing", None);
    }
    a
}

/// `moves ship PATH [to] PATH`: the ship at the open end of a line sails to another path.
fn move_ship(cx: &mut Cx<'_>, args: &[Spanned<Arg>], player: PlayerId, span: Span) -> Lowered {
    let to_at = 2 + usize::from(args.get(2).and_then(|a| a.node.as_word()) == Some("to"));
    let what = "`moves ship` needs the path it leaves and the path it goes to, e.g. `moves ship A.n-ne to A.ne-se`";
    let from = need(cx, args, 1, span, what)?;
    let to = need(cx, args, to_at, span, what)?;
    strict::unused(cx, &args[to_at + 1..], "`moves ship` takes two paths")?;
    let (from, to) = (cx.arg_edge(from), cx.arg_edge(to));
    sea(SeaAction::MoveShip {
        player,
        from: from?,
        to: to?,
    })
}

/// Reports an item that exists only with Seafarers in a game without it; `true` when so.
fn outside_seafarers(cx: &mut Cx<'_>, item: &Spanned<PositionItem>, what: &str) -> bool {
    if cx.sea {
        return false;
    }
    cx.err(
        item.key.span,
        "seafarers_only",
        format!("{what} only with Seafarers"),
        "not in this game",
        Some("write `rules seafarers`".into()),
    );
    true
}

/// A Seafarers item of a player's section (`ships A.n-ne, (3,1).nw-n`, `new-ships A.ne-se`
/// for ships built this turn, `islands N.se`); `false` when the key is not one.
pub(super) fn player_item(
    cx: &mut Cx<'_>,
    key: &str,
    item: &Spanned<PositionItem>,
    p: PlayerId,
    setup: &mut Setup,
    spans: &mut ItemSpans,
) -> bool {
    match key {
        "ships" | "ship" | "new-ships" => {
            if outside_seafarers(cx, item, "ships exist") {
                return true;
            }
            for a in &item.args {
                if let Some(e) = cx.arg_edge(a) {
                    setup.players[p.index()].sea.ships.push(e);
                    if key == "new-ships" {
                        // Built this turn: it may not move before the next turn.
                        setup.sea.built_this_turn.push(e);
                    }
                    spans.spans.push((Subject::Ship(p, e), a.span));
                }
            }
        }
        "islands" | "island" => {
            if outside_seafarers(cx, item, "island markers exist") {
                return true;
            }
            for a in &item.args {
                if let Some(v) = cx.arg_vertex(a) {
                    setup.players[p.index()].sea.islands.push(v);
                    spans.spans.push((Subject::IslandMarker(p, v), a.span));
                }
            }
        }
        _ => return false,
    }
    true
}

/// `pirate HEX`: the pirate's hex; `ship-moved [yes|no]`: the player on turn has moved a ship
/// this turn. `false` when the key is not Seafarers'.
pub(super) fn global_item(
    cx: &mut Cx<'_>,
    key: &str,
    item: &Spanned<PositionItem>,
    setup: &mut Setup,
    spans: &mut ItemSpans,
) -> bool {
    if key == "ship-moved" {
        if !outside_seafarers(cx, item, "ships move") {
            match item.args.first().map(|a| (a, a.node.as_word())) {
                None | Some((_, Some("yes"))) => setup.sea.moved = true,
                Some((_, Some("no"))) => setup.sea.moved = false,
                Some((a, _)) => cx.unknown(a.span, "value", &a.node.to_string(), &["yes", "no"]),
            }
        }
        return true;
    }
    if key != "pirate" {
        return false;
    }
    if outside_seafarers(cx, item, "the pirate sails") {
        return true;
    }
    let Some(h) = item.args.first() else {
        cx.missing_arg(item.span, "pirate", "a sea hex, e.g. `pirate (3,2)`");
        return true;
    };
    if let Some(h) = cx.arg_hex(h) {
        setup.sea.pirate = Some(h);
    }
    spans.spans.push((Subject::Pirate, item.span));
    true
}

/// `expect ship PATH PLAYER|none`, `expect pirate HEX|none`; `None` in the outer option when
/// `head` is neither.
pub(super) fn expectation(cx: &mut Cx<'_>, head: &Spanned<Arg>, rest: &[Spanned<Arg>]) -> Option<Option<Expectation>> {
    let h = head
        .node
        .as_word()
        .and_then(|w| super::piece_canonical(cx.lang, w, false))
        .unwrap_or_default();
    Some(match h {
        "ship" => (|| {
            let what = "`expect ship` needs a path and its owner (or `none`), e.g. `expect ship A.n-ne red`";
            let at = need(cx, rest, 0, head.span, what)?;
            let who = need(cx, rest, 1, head.span, what)?;
            // A head in the file's language (`schiff`) is not one the driver counts for.
            strict::unused(cx, &rest[2..], "`expect ship` takes a path and its owner")?;
            let at = cx.arg_edge(at)?;
            let owner = holder(cx, who)?;
            Some(Expectation::Sea(SeaFact::Ship(at), owner))
        })(),
        "pirate" => (|| {
            let at = need(
                cx,
                rest,
                0,
                head.span,
                "`expect pirate` needs a hex (or `none`), e.g. `expect pirate (3,2)`",
            )?;
            strict::unused(cx, &rest[1..], "`expect pirate` takes one hex")?;
            if at.node.as_word() == Some("none") {
                return Some(Expectation::Sea(SeaFact::Pirate, "none".into()));
            }
            let h = cx.arg_hex(at)?;
            Some(Expectation::Sea(SeaFact::Pirate, cx.board.hex_name(h)))
        })(),
        _ => return None,
    })
}

/// A player or `none`, as the runner renders a holder.
fn holder(cx: &mut Cx<'_>, a: &Spanned<Arg>) -> Option<String> {
    if a.node.as_word() == Some("none") {
        return Some("none".into());
    }
    let p = cx.arg_player(a)?;
    cx.colours.get(p.index()).map(|c| c.name().to_string())
}

/// `expect red ships 3`, `ships-left 12`, `islands 1`; `None` in the outer option when `prop`
/// is none of them.
pub(super) fn player_expectation(
    cx: &mut Cx<'_>,
    p: PlayerId,
    prop: &Spanned<Arg>,
    vals: &[Spanned<Arg>],
) -> Option<Option<Expectation>> {
    let w = property(cx.lang, &prop.node.to_string());
    let fact = match w.as_str() {
        "ships" => SeaFact::Ships(p),
        "ships-left" => SeaFact::ShipsLeft(p),
        "islands" => SeaFact::Islands(p),
        _ => return None,
    };
    let Some(v) = vals.first() else {
        cx.missing_arg(prop.span, &w, "a number");
        return Some(None);
    };
    if strict::unused(cx, &vals[1..], &format!("`{w}` takes one number")).is_none() {
        return Some(None);
    }
    Some(cx.number_in(v, 0, 255).map(|n| Expectation::Sea(fact, n.to_string())))
}

/// Seafarers' part of the scenario language ([`super::expansion`]).
pub(super) struct Seafarers;

impl super::expansion::ExpansionLowering for Seafarers {
    const PLAYER_ITEMS: &'static [&'static str] = &PLAYER_ITEMS;
    const GLOBAL_ITEMS: &'static [&'static str] = &GLOBAL_ITEMS;
    const VOCABULARY: &'static [crate::vocab::Entry] = crate::vocab::sea::WORDS;

    fn action(
        cx: &mut Cx<'_>,
        verb: &str,
        args: &[Spanned<Arg>],
        player: PlayerId,
        span: Span,
    ) -> Option<super::expansion::Lowered> {
        action(cx, verb, args, player, span)
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
    use crate::scenario::{Expectation, SeaFact, StepKind};
    use catan_engine::{Action, SeaAction};

    /// The steps of a Seafarers scenario on New Shores for 4 players in `lang`.
    fn steps(lang: &str, players: &str, body: &str) -> Vec<StepKind> {
        let text = format!(
            "scenario \"s\"\nsource own\nrules seafarers\nlanguage {lang}\nboard new-shores:4\nplayers {players}\n{body}"
        );
        let ast = crate::parse("t.cat", &text).unwrap_or_else(|e| panic!("{:?}", e.codes()));
        match super::super::lower("t.cat", &text, &ast) {
            Ok(sc) => sc.steps.into_iter().map(|s| s.kind).collect(),
            Err(e) => panic!("{:?}", e.errors.iter().map(|x| x.message.clone()).collect::<Vec<_>>()),
        }
    }

    fn sea_action(k: &StepKind) -> SeaAction {
        match k {
            StepKind::Act {
                action: Action::Sea(a), ..
            } => *a,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn ships_the_pirate_and_gold_in_three_languages() {
        for (lang, players, ship, pirate, gold, ore) in [
            ("en", "red blue white orange", "ship", "pirate", "gold", "ore"),
            ("de", "rot blau weiß orange", "schiff", "seeräuber", "goldfluss", "erz"),
            ("de", "rot blau weiß orange", "schiff", "pirat", "goldfluss", "erz"),
            ("ca", "vermell blau blanc taronja", "vaixell", "pirata", "or", "mineral"),
        ] {
            let me = players.split(' ').next().unwrap_or_default();
            let body = format!(
                "{me} builds {ship} H.ne-se\n{me} moves {ship} H.ne-se to H.n-ne\n{me} moves {pirate} (4,4)\n\
                 {me} chooses {gold} 2 {ore}\nexpect {ship} H.n-ne {me}\nexpect {pirate} (4,4)\n\
                 {me} chases {pirate} with H.ne\n"
            );
            let s = steps(lang, players, &body);
            assert!(matches!(sea_action(&s[0]), SeaAction::BuildShip { .. }), "{lang}");
            assert!(matches!(sea_action(&s[1]), SeaAction::MoveShip { .. }), "{lang}");
            assert!(matches!(sea_action(&s[2]), SeaAction::MovePirate { .. }), "{lang}");
            let SeaAction::ChooseGold { take, .. } = sea_action(&s[3]) else {
                panic!()
            };
            assert_eq!(take.total(), 2, "{lang}");
            assert!(matches!(&s[4], StepKind::Expect(Expectation::Sea(SeaFact::Ship(_), w)) if w == "red"));
            assert!(matches!(&s[5], StepKind::Expect(Expectation::Sea(SeaFact::Pirate, w)) if w == "(4,4)"));
            assert!(matches!(sea_action(&s[6]), SeaAction::ChasePirate { .. }), "{lang}");
        }
    }

    #[test]
    fn position_items_in_german_and_catalan() {
        for (lang, players, key, ships, islands) in [
            ("de", "rot blau weiß orange", "rot", "schiffe", "inseln"),
            ("ca", "vermell blau blanc taronja", "vermell", "vaixells", "illes"),
        ] {
            let body = format!(
                "position {{\n  {key}:\n    settlements H.se\n    {ships} H.ne-se\n  turn {key} main\n}}\n\
                 expect {key} {ships} 1\nexpect {key} {islands} 0\n"
            );
            let s = steps(lang, players, &body);
            assert!(matches!(&s[0], StepKind::Expect(Expectation::Sea(SeaFact::Ships(_), n)) if n == "1"));
            assert!(matches!(&s[1], StepKind::Expect(Expectation::Sea(SeaFact::Islands(_), n)) if n == "0"));
        }
    }
}
