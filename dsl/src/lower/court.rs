//! Lowering of The Court's vocabulary: prisoners, nobles, banners, Most Influence, foreign
//! soldiers, and sending a noble.
//!
//! A child module of `lower`, sharing its context (`Cx`).

use super::Cx;
use crate::ast::{Arg, Spanned};
use crate::scenario::{CourtFact, Expectation};
use catan_engine::court::SoldierColour;
use catan_engine::position::{Setup, Subject};
use catan_engine::CourtAction;
use catan_engine::{Action, Outcome, PlayerId};

/// Player items of The Court, for "did you mean" lists.
pub(super) const PLAYER_ITEMS: [&str; 2] = ["prisoners", "nobles"];
/// Global items of The Court.
pub(super) const GLOBAL_ITEMS: [&str; 3] = ["banner", "most-influence", "captured"];
const COLOURS: [&str; 3] = ["purple", "green", "orange"];

impl Cx<'_> {
    fn soldier_colour(&mut self, a: &Spanned<Arg>, word: &str) -> Option<SoldierColour> {
        match SoldierColour::from_name(word) {
            Some(c) => Some(c),
            None => {
                self.unknown(a.span, "soldier colour", word, &COLOURS);
                None
            }
        }
    }

    /// `3 purple, 1 green` (or `nothing`) as prisoner counts.
    fn prisoners(&mut self, args: &[Spanned<Arg>]) -> Option<[u8; 3]> {
        let mut out = [0u8; 3];
        for a in args {
            match &a.node {
                Arg::Word(w) if w == "nothing" || w == "none" => {}
                Arg::Count { count, item } => {
                    let c = self.soldier_colour(a, &item.node)?;
                    let n = i64::from(out[c.index()]) + i64::from(count.node);
                    out[c.index()] = self.in_range(count.span, n, 0, 255)? as u8;
                }
                Arg::Word(w) => {
                    let c = self.soldier_colour(a, w)?;
                    let n = i64::from(out[c.index()]) + 1;
                    out[c.index()] = self.in_range(a.span, n, 0, 255)? as u8;
                }
                other => {
                    self.err(
                        a.span,
                        "bad_argument",
                        format!("expected prisoners like `3 purple`, found {}", other.kind_name()),
                        "not prisoners",
                        None,
                    );
                    return None;
                }
            }
        }
        Some(out)
    }

    /// A holder: a player or `none`.
    fn holder(&mut self, a: &Spanned<Arg>) -> Option<Option<PlayerId>> {
        if a.node.as_word() == Some("none") {
            Some(None)
        } else {
            self.arg_player(a).map(Some)
        }
    }

    fn holder_text(&self, h: Option<PlayerId>) -> String {
        h.and_then(|p| self.colours.get(p.index()))
            .map_or("none".to_string(), |c| c.name().to_string())
    }
}

/// Prisoner counts as text: `3 purple, 1 green` (canonical order), or `nothing`.
pub fn prisoners_text(p: &[u8; 3]) -> String {
    let parts: Vec<String> = SoldierColour::ALL
        .iter()
        .filter(|c| p[c.index()] > 0)
        .map(|c| format!("{} {}", p[c.index()], c.name()))
        .collect();
    if parts.is_empty() {
        "nothing".into()
    } else {
        parts.join(", ")
    }
}

/// A Court item of a player's section (`prisoners 3 purple`, `nobles 2`); `false` when the
/// key is not one.
pub(super) fn player_item(
    cx: &mut Cx<'_>,
    key: &str,
    item: &Spanned<crate::ast::PositionItem>,
    p: PlayerId,
    setup: &mut Setup,
    spans: &mut super::ItemSpans,
) -> bool {
    match key {
        "prisoners" => {
            if let Some(x) = cx.prisoners(&item.args) {
                setup.players[p.index()].court.prisoners = x;
            }
            spans.spans.push((Subject::Prisoners(p), item.span));
        }
        "nobles" => {
            if let Some(n) = item.args.first().and_then(|a| cx.number_in(a, 0, 255)) {
                setup.players[p.index()].court.nobles = n as u8;
            }
            spans.spans.push((Subject::Nobles(p), item.span));
        }
        _ => return false,
    }
    true
}

/// A Court global item (`banner purple red`, `most-influence blue`); `false` when the key is
/// not one.
pub(super) fn global_item(
    cx: &mut Cx<'_>,
    key: &str,
    item: &Spanned<crate::ast::PositionItem>,
    setup: &mut Setup,
    spans: &mut super::ItemSpans,
) -> bool {
    let args = &item.args;
    match key {
        "banner" => {
            let (Some(c), Some(h)) = (args.first(), args.get(1)) else {
                cx.missing_arg(item.span, "banner", "a colour and its holder, e.g. `banner purple red`");
                return true;
            };
            let colour = c.node.as_word().and_then(|w| cx.soldier_colour(c, w));
            let holder = cx.holder(h);
            if let (Some(c), Some(h)) = (colour, holder) {
                setup.court.banners[c.index()] = Some(h);
                spans.spans.push((Subject::Banner(c), item.span));
            }
        }
        "captured" => {
            // captured A.sw, D.nw: soldiers taken by roads that are gone since (Diplomacy).
            for a in args {
                if let Some(v) = cx.arg_vertex(a) {
                    setup.court.captured.push(v);
                }
            }
            spans.spans.push((Subject::Court, item.span));
        }
        "most-influence" => {
            let Some(h) = args.first() else {
                cx.missing_arg(item.span, "most-influence", "its holder or `none`");
                return true;
            };
            if let Some(h) = cx.holder(h) {
                setup.court.influence = Some(h);
            }
            spans.spans.push((Subject::Influence, item.span));
        }
        _ => return false,
    }
    true
}

/// `red sends noble`; `None` when the verb is not The Court's.
pub(super) fn action(verb: &str, args: &[Spanned<Arg>], player: PlayerId) -> Option<Option<(Action, Vec<Outcome>)>> {
    let first = args.first().and_then(|a| a.node.as_word());
    match (verb, first) {
        ("sends" | "send", Some("noble")) => Some(Some((Action::Court(CourtAction::SendNoble { player }), vec![]))),
        _ => None,
    }
}

/// A Court expectation about the table (`expect banner purple red`, `expect most-influence
/// none`, `expect soldier A.nw purple`, `expect nobles-left 17`); `None` in the outer option
/// when `head` is not one.
pub(super) fn expectation(cx: &mut Cx<'_>, head: &Spanned<Arg>, rest: &[Spanned<Arg>]) -> Option<Option<Expectation>> {
    let h = head.node.to_string();
    let need = |cx: &mut Cx<'_>, i: usize, what: &str| -> Option<Spanned<Arg>> {
        let a = rest.get(i).cloned();
        if a.is_none() {
            cx.missing_arg(head.span, &format!("expect {h}"), what);
        }
        a
    };
    Some(match h.as_str() {
        "banner" => (|| {
            let c = need(cx, 0, "a colour and its holder (or `none`)")?;
            let colour = cx.soldier_colour(&c, c.node.as_word().unwrap_or(""))?;
            let who = need(cx, 1, "its holder or `none`")?;
            let holder = cx.holder(&who)?;
            Some(Expectation::Court(CourtFact::Banner(colour), cx.holder_text(holder)))
        })(),
        "most-influence" => (|| {
            let who = need(cx, 0, "its holder or `none`")?;
            let holder = cx.holder(&who)?;
            Some(Expectation::Court(CourtFact::Influence, cx.holder_text(holder)))
        })(),
        "soldier" => (|| {
            let at = need(cx, 0, "an intersection and a colour (or `none`)")?;
            let at = cx.arg_vertex(&at)?;
            let c = need(cx, 1, "a colour or `none`")?;
            let want = match c.node.as_word() {
                Some("none") => "none".to_string(),
                Some(w) => cx.soldier_colour(&c, w)?.name().to_string(),
                None => {
                    cx.missing_arg(c.span, "expect soldier", "a colour or `none`");
                    return None;
                }
            };
            Some(Expectation::Court(CourtFact::Soldier(at), want))
        })(),
        "nobles-left" => (|| {
            let n = need(cx, 0, "a number")?;
            let n = cx.number(&n)?;
            Some(Expectation::Court(CourtFact::NoblesLeft, n.to_string()))
        })(),
        _ => return None,
    })
}

/// A Court property of a player (`expect red prisoners 3 purple`, `expect red nobles 2`,
/// `expect red tricolour yes`); `None` in the outer option when `prop` is not one.
pub(super) fn player_expectation(
    cx: &mut Cx<'_>,
    p: PlayerId,
    prop: &Spanned<Arg>,
    vals: &[Spanned<Arg>],
) -> Option<Option<Expectation>> {
    let w = prop.node.to_string();
    Some(match w.as_str() {
        "prisoners" => cx
            .prisoners(vals)
            .map(|x| Expectation::Court(CourtFact::Prisoners(p), prisoners_text(&x))),
        "nobles" => match vals.first() {
            Some(v) => cx
                .number(v)
                .map(|n| Expectation::Court(CourtFact::Nobles(p), n.to_string())),
            None => {
                cx.missing_arg(prop.span, "nobles", "a number");
                None
            }
        },
        "tricolour" => match vals.first().and_then(|v| v.node.as_word()) {
            Some(yes @ ("yes" | "no")) => Some(Expectation::Court(CourtFact::Tricolour(p), yes.to_string())),
            _ => {
                cx.missing_arg(prop.span, "tricolour", "`yes` or `no`");
                None
            }
        },
        _ => return None,
    })
}

/// The Court's part of the scenario language ([`super::expansion`]).
pub(super) struct TheCourt;

impl super::expansion::ExpansionLowering for TheCourt {
    const PLAYER_ITEMS: &'static [&'static str] = &PLAYER_ITEMS;
    const GLOBAL_ITEMS: &'static [&'static str] = &GLOBAL_ITEMS;
    const VOCABULARY: &'static [crate::vocab::Entry] = crate::vocab::court::WORDS;

    fn action(
        _cx: &mut Cx<'_>,
        verb: &str,
        args: &[Spanned<Arg>],
        player: PlayerId,
        _span: crate::ast::Span,
    ) -> Option<super::expansion::Lowered> {
        action(verb, args, player)
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
        item: &Spanned<crate::ast::PositionItem>,
        p: PlayerId,
        setup: &mut Setup,
        spans: &mut super::ItemSpans,
    ) -> bool {
        player_item(cx, key, item, p, setup, spans)
    }
    fn global_item(
        cx: &mut Cx<'_>,
        key: &str,
        item: &Spanned<crate::ast::PositionItem>,
        setup: &mut Setup,
        spans: &mut super::ItemSpans,
    ) -> bool {
        global_item(cx, key, item, setup, spans)
    }
}
