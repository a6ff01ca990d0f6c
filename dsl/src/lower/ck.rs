//! Lowering of the Cities & Knights vocabulary: knights, walls, improvements, metropolises,
//! the merchant, the barbarians, progress cards, the event die, and the decisions they bring.
//!
//! A child module of `lower`, so it shares its context (`Cx`) and helpers; every word goes
//! through the vocabulary ([`crate::vocab`]; its words are `vocab/ck.rs`).

use super::Cx;
use crate::ast::{Arg, Spanned};
use crate::scenario::{CkFact, Expectation};
use crate::vocab::{self, KnightLevel, Term, TermKind};
use catan_engine::position::{KnightSetup, Setup, Subject};
use catan_engine::progress::{EventFace, ProgressCard, ProgressCards, ProgressDeck, ProgressPlay, Track};
use catan_engine::CkAction;
use catan_engine::{Action, Outcome, PlayerId};

/// Words of a kind, for "did you mean" lists.
fn words(lang: crate::vocab::Language, kind: TermKind) -> Vec<&'static str> {
    let mut w: Vec<&'static str> = vocab::words(lang, Some(kind)).collect();
    w.dedup();
    w
}

pub(super) fn progress_card(lang: crate::vocab::Language, w: &str) -> Option<ProgressCard> {
    match vocab::lookup_kind(lang, w, TermKind::Progress)? {
        Term::Progress(c) => Some(c),
        _ => None,
    }
}

/// A city improvement's building in the file's language: its track and level.
pub(super) fn improvement(lang: crate::vocab::Language, w: &str) -> Option<(Track, u8)> {
    match vocab::lookup_kind(lang, w, TermKind::Improvement) {
        Some(Term::Improvement(t, level)) => Some((t, level)),
        _ => None,
    }
}

/// `active` / `inactive` in the file's language, as the canonical English word; other words
/// unchanged.
pub(super) fn status(lang: crate::vocab::Language, w: &str) -> &str {
    match vocab::lookup_kind(lang, w, TermKind::Status) {
        Some(Term::Status(vocab::Status::Active)) => "active",
        Some(Term::Status(vocab::Status::Inactive)) => "inactive",
        _ => w,
    }
}

pub(super) fn track(lang: crate::vocab::Language, w: &str) -> Option<Track> {
    match vocab::lookup_kind(lang, w, TermKind::Track)? {
        Term::Track(t) => Some(t),
        _ => None,
    }
}

pub(super) fn event_face(lang: crate::vocab::Language, w: &str) -> Option<EventFace> {
    match vocab::lookup_kind(lang, w, TermKind::EventFace)? {
        Term::EventFace(face) => Some(face),
        _ => None,
    }
}

pub(super) fn knight_level(lang: crate::vocab::Language, w: &str) -> Option<u8> {
    match vocab::lookup_kind(lang, w, TermKind::KnightLevel)? {
        Term::KnightLevel(KnightLevel::Basic) => Some(1),
        Term::KnightLevel(KnightLevel::Strong) => Some(2),
        Term::KnightLevel(KnightLevel::Mighty) => Some(3),
        _ => None,
    }
}

/// The canonical word for a knight level.
pub fn level_word(level: u8) -> &'static str {
    match level {
        1 => "basic",
        2 => "strong",
        _ => "mighty",
    }
}

impl Cx<'_> {
    fn arg_progress(&mut self, a: &Spanned<Arg>) -> Option<ProgressCard> {
        let w = a.node.to_string();
        let c = progress_card(self.lang, &w);
        if c.is_none() {
            self.unknown(a.span, "progress card", &w, &words(self.lang, TermKind::Progress));
        }
        c
    }

    fn arg_track(&mut self, a: &Spanned<Arg>) -> Option<Track> {
        let w = a.node.to_string();
        let t = track(self.lang, &w);
        if t.is_none() {
            self.unknown(a.span, "improvement track", &w, &words(self.lang, TermKind::Track));
        }
        t
    }

    fn arg_face(&mut self, a: &Spanned<Arg>) -> Option<EventFace> {
        let w = a.node.to_string();
        let f = event_face(self.lang, &w);
        if f.is_none() {
            self.unknown(a.span, "event-die face", &w, &["ship", "science", "trade", "politics"]);
        }
        f
    }

    pub(super) fn arg_level(&mut self, a: &Spanned<Arg>) -> Option<u8> {
        let w = a.node.to_string();
        let l = knight_level(self.lang, &w);
        if l.is_none() {
            self.unknown(a.span, "knight level", &w, &words(self.lang, TermKind::KnightLevel));
        }
        l
    }

    /// A list of progress cards: `crane, 2 merchant` (or `nothing`).
    fn progress_cards(&mut self, args: &[Spanned<Arg>]) -> Option<ProgressCards> {
        let mut out = ProgressCards::EMPTY;
        let mut ok = true;
        for a in args {
            match &a.node {
                Arg::Word(w) if w == "nothing" || w == "none" => {}
                Arg::Count { count, item } => match progress_card(self.lang, &item.node) {
                    Some(c) => match self.in_range(count.span, i64::from(count.node), 0, 255) {
                        Some(n) => out.add(c, n as u8),
                        None => ok = false,
                    },
                    None => {
                        self.unknown(
                            item.span,
                            "progress card",
                            &item.node,
                            &words(self.lang, TermKind::Progress),
                        );
                        ok = false;
                    }
                },
                _ => match self.arg_progress(a) {
                    Some(c) => out.add(c, 1),
                    None => ok = false,
                },
            }
        }
        ok.then_some(out)
    }

    pub(super) fn missing_arg(&mut self, span: crate::ast::Span, verb: &str, what: &str) {
        self.err(
            span,
            "missing_argument",
            format!("`{verb}` needs {what}"),
            format!("{what} missing"),
            None,
        );
    }
}

/// A Cities & Knights item of a player's section; `false` when the key is not one.
pub(super) fn player_item(
    cx: &mut Cx<'_>,
    key: &str,
    item: &Spanned<crate::ast::PositionItem>,
    p: PlayerId,
    setup: &mut Setup,
    spans: &mut super::ItemSpans,
) -> bool {
    let args = &item.args;
    match key {
        "knights" | "knight" => {
            knights_item(cx, args, p, setup, spans);
        }
        "walls" | "wall" => {
            for a in args {
                if let Some(v) = cx.arg_vertex(a) {
                    setup.players[p.index()].ck.walls.push(v);
                    spans.spans.push((Subject::Wall(p, v), a.span));
                }
            }
        }
        "damaged-cities" | "damaged-city" => {
            for a in args {
                if let Some(v) = cx.arg_vertex(a) {
                    setup.players[p.index()].ck.damaged_cities.push(v);
                    spans.spans.push((Subject::City(p, v), a.span));
                }
            }
        }
        "improvements" => {
            improvements_item(cx, args, p, setup);
            spans.spans.push((Subject::Improvements(p), item.span));
        }
        "progress" => {
            if let Some(c) = cx.progress_cards(args) {
                setup.players[p.index()].ck.progress = c;
            }
            spans.spans.push((Subject::Progress(p), item.span));
        }
        "progress-vp" => {
            if let Some(c) = cx.progress_cards(args) {
                setup.players[p.index()].ck.progress_vp = c;
            }
            spans.spans.push((Subject::Progress(p), item.span));
        }
        "vp-tokens" => {
            if let Some(n) = args.first().and_then(|a| cx.number_in(a, 0, 255)) {
                setup.players[p.index()].ck.vp_tokens = n as u8;
            }
        }
        _ => return false,
    }
    true
}

/// `knights A.n basic, B.s strong active, C.n mighty active-this-turn`: each intersection
/// followed by its level and status words.
fn knights_item(cx: &mut Cx<'_>, args: &[Spanned<Arg>], p: PlayerId, setup: &mut Setup, spans: &mut super::ItemSpans) {
    // knights A.n basic, B.s strong active, C.n mighty active-this-turn
    let mut i = 0;
    while i < args.len() {
        let Some(at) = cx.arg_vertex(&args[i]) else {
            i += 1;
            continue;
        };
        let span = args[i].span;
        i += 1;
        let mut k = KnightSetup {
            at,
            level: 1,
            active: false,
            activated_this_turn: false,
            promoted_this_turn: false,
        };
        let mut level_given = false;
        while let Some(w) = args.get(i).and_then(|a| a.node.as_word()) {
            match status(cx.lang, w) {
                "inactive" => {}
                "active" => k.active = true,
                "active-this-turn" => {
                    k.active = true;
                    k.activated_this_turn = true;
                }
                "promoted-this-turn" => k.promoted_this_turn = true,
                other => match knight_level(cx.lang, other) {
                    Some(_) if level_given => cx.err(
                        args[i].span,
                        "unused_argument",
                        "a knight has one level: this one would override the level before it",
                        "a second level",
                        Some("keep one of `basic`, `strong`, `mighty`".into()),
                    ),
                    Some(l) => {
                        k.level = l;
                        level_given = true;
                    }
                    None => {
                        let other = other.to_string();
                        cx.unknown(
                            args[i].span,
                            "knight level or status",
                            &other,
                            &[
                                "basic",
                                "strong",
                                "mighty",
                                "active",
                                "inactive",
                                "active-this-turn",
                                "promoted-this-turn",
                            ],
                        );
                    }
                },
            }
            i += 1;
        }
        setup.players[p.index()].ck.knights.push(k);
        spans.spans.push((Subject::Knight(p, at), span));
    }
}

/// `improvements science 3, trade 1` (or `improvements 3 science`; or the buildings:
/// `improvements aqueduct, markt` — a track at that building's level).
fn improvements_item(cx: &mut Cx<'_>, args: &[Spanned<Arg>], p: PlayerId, setup: &mut Setup) {
    // improvements science 3, trade 1  (or: improvements 3 science; or the buildings:
    // improvements aqueduct, markt — a track at that building's level)
    let mut i = 0;
    while i < args.len() {
        match &args[i].node {
            Arg::Count { count, item: w } => match track(cx.lang, &w.node) {
                Some(t) => {
                    if let Some(n) = cx.in_range(count.span, i64::from(count.node), 0, 255) {
                        setup.players[p.index()].ck.improvements[t.index()] = n as u8;
                    }
                }
                None => cx.unknown(w.span, "improvement track", &w.node, &words(cx.lang, TermKind::Track)),
            },
            Arg::Word(w) if track(cx.lang, w).is_none() => match improvement(cx.lang, w) {
                Some((t, level)) => {
                    let l = &mut setup.players[p.index()].ck.improvements[t.index()];
                    *l = (*l).max(level);
                }
                None => {
                    let mut names = words(cx.lang, TermKind::Track);
                    names.extend(words(cx.lang, TermKind::Improvement));
                    cx.unknown(args[i].span, "improvement track or building", w, &names);
                }
            },
            _ => {
                if let Some(t) = cx.arg_track(&args[i]) {
                    match args.get(i + 1) {
                        Some(a) => {
                            if let Some(n) = cx.number_in(a, 0, 255) {
                                setup.players[p.index()].ck.improvements[t.index()] = n as u8;
                            }
                        }
                        None => cx.missing_arg(args[i].span, "improvements", "a level after the track"),
                    }
                    i += 1;
                }
            }
        }
        i += 1;
    }
}

/// The Cities & Knights player items, for "did you mean".
pub(super) const PLAYER_ITEMS: [&str; 8] = [
    "knights",
    "walls",
    "damaged-cities",
    "improvements",
    "progress",
    "progress-vp",
    "vp-tokens",
    "knight",
];

/// A Cities & Knights global item; `false` when the key is not one.
pub(super) fn global_item(
    cx: &mut Cx<'_>,
    key: &str,
    item: &Spanned<crate::ast::PositionItem>,
    setup: &mut Setup,
    spans: &mut super::ItemSpans,
) -> bool {
    let args = &item.args;
    match key {
        "barbarians" => {
            if let Some(n) = args.first().and_then(|a| cx.number_in(a, 0, 255)) {
                setup.ck.barbarians = n as u8;
            }
            spans.spans.push((Subject::Barbarians, item.span));
        }
        "barbarian-attacks" => {
            if let Some(n) = args.first().and_then(|a| cx.number_in(a, 0, u16::MAX as i64)) {
                setup.ck.barbarian_attacks = n as u16;
            }
            spans.spans.push((Subject::Barbarians, item.span));
        }
        "metropolis" => {
            // metropolis science A.n
            let (Some(t), Some(v)) = (
                args.first().and_then(|a| cx.arg_track(a)),
                args.get(1).and_then(|a| cx.arg_vertex(a)),
            ) else {
                cx.missing_arg(
                    item.span,
                    "metropolis",
                    "a track and a city, e.g. `metropolis science A.n`",
                );
                return true;
            };
            setup.ck.metropolis[t.index()] = Some(v);
            spans.spans.push((Subject::Metropolis(t), item.span));
        }
        "progress-deck" => {
            // progress-deck science crane, 2 merchant under mining, crane
            let Some(t) = args.first().and_then(|a| cx.arg_track(a)) else {
                cx.missing_arg(
                    item.span,
                    "progress-deck",
                    "a deck and its unseen cards, e.g. `progress-deck science crane`",
                );
                return true;
            };
            let split = args
                .iter()
                .position(|a| a.node.as_word() == Some("under"))
                .unwrap_or(args.len());
            let unseen = cx.progress_cards(&args[1..split]);
            let mut under = catan_engine::progress::UnderDeck::default();
            let mut ok = unseen.is_some();
            for a in args.iter().skip(split + 1) {
                match cx.arg_progress(a) {
                    Some(c) => {
                        if !under.push(c) {
                            ok = false;
                        }
                    }
                    None => ok = false,
                }
            }
            if let (true, Some(unseen)) = (ok, unseen) {
                let decks = setup.ck.decks.get_or_insert_with(|| {
                    [
                        ProgressDeck::full(Track::Science),
                        ProgressDeck::full(Track::Trade),
                        ProgressDeck::full(Track::Politics),
                    ]
                });
                decks[t.index()] = ProgressDeck { unseen, under };
            }
            spans.spans.push((Subject::Decks, item.span));
        }
        "merchant" => {
            // merchant J red
            let (Some(h), Some(p)) = (
                args.first().and_then(|a| cx.arg_hex(a)),
                args.get(1).and_then(|a| cx.arg_player(a)),
            ) else {
                cx.missing_arg(item.span, "merchant", "a hex and its controller, e.g. `merchant J red`");
                return true;
            };
            setup.ck.merchant = Some((h, p));
            spans.spans.push((Subject::Merchant, item.span));
        }
        _ => return false,
    }
    true
}

/// The Cities & Knights global items, for "did you mean".
pub(super) const GLOBAL_ITEMS: [&str; 5] = [
    "barbarians",
    "barbarian-attacks",
    "metropolis",
    "merchant",
    "progress-deck",
];

/// Lowers a Cities & Knights action line; `None` in the outer option when the verb (with its
/// first word) is not one of them.
pub(super) fn action(
    cx: &mut Cx<'_>,
    verb: &str,
    args: &[Spanned<Arg>],
    player: PlayerId,
    span: crate::ast::Span,
) -> Option<Option<(Action, Vec<Outcome>)>> {
    piece_action(cx, verb, args, player, span).or_else(|| decision_action(cx, verb, args, player, span))
}

/// The intersection argument `i` of a verb, reported when missing.
fn vertex_after(
    cx: &mut Cx<'_>,
    args: &[Spanned<Arg>],
    verb: &str,
    span: crate::ast::Span,
    i: usize,
    what: &str,
) -> Option<catan_engine::VertexId> {
    match args.get(i) {
        Some(a) => cx.arg_vertex(a),
        None => {
            cx.missing_arg(span, verb, what);
            None
        }
    }
}

/// The first word of a step's arguments, a knight in the file's language read as `knight`
/// (`recruits ritter A.n`).
fn first_word<'a>(cx: &Cx<'_>, args: &'a [Spanned<Arg>]) -> Option<&'a str> {
    let w = args.first()?.node.as_word()?;
    if super::piece_canonical(cx.lang, w, false) == Some("knight") {
        return Some("knight");
    }
    Some(w)
}

/// An action with no forced chance.
fn one(a: Action) -> Option<(Action, Vec<Outcome>)> {
    Some((a, vec![]))
}

/// Walls, the metropolis, improvements and the knights' own moves.
fn piece_action(
    cx: &mut Cx<'_>,
    verb: &str,
    args: &[Spanned<Arg>],
    player: PlayerId,
    span: crate::ast::Span,
) -> Option<Option<(Action, Vec<Outcome>)>> {
    let first = first_word(cx, args);
    Some(match (verb, first) {
        ("builds" | "build", Some("wall")) => vertex_after(cx, args, verb, span, 1, "a city, e.g. `builds wall A.n`")
            .and_then(|at| one(Action::Ck(CkAction::BuildWall { player, at }))),
        ("places" | "place", Some("metropolis")) => vertex_after(cx, args, verb, span, 1, "a city")
            .and_then(|at| one(Action::Ck(CkAction::PlaceMetropolis { player, at }))),
        ("improves" | "improve", _) => match args.first() {
            Some(a) => cx
                .arg_track(a)
                .and_then(|track| one(Action::Ck(CkAction::Improve { player, track }))),
            None => {
                cx.missing_arg(span, verb, "a track: science, trade or politics");
                None
            }
        },
        ("recruits" | "recruit", _) => {
            let i = usize::from(first == Some("knight"));
            vertex_after(cx, args, verb, span, i, "an intersection")
                .and_then(|at| one(Action::Ck(CkAction::RecruitKnight { player, at })))
        }
        ("promotes" | "promote", _) => {
            let i = usize::from(first == Some("knight"));
            vertex_after(cx, args, verb, span, i, "a knight's intersection")
                .and_then(|at| one(Action::Ck(CkAction::PromoteKnight { player, at })))
        }
        ("activates" | "activate", _) => {
            let i = usize::from(first == Some("knight"));
            vertex_after(cx, args, verb, span, i, "a knight's intersection")
                .and_then(|at| one(Action::Ck(CkAction::ActivateKnight { player, at })))
        }
        ("moves" | "move", Some("knight")) | ("displaces" | "displace", _) => {
            // moves knight A.n to B.s / displaces knight A.n to B.s
            let i = usize::from(first == Some("knight"));
            let from = vertex_after(cx, args, verb, span, i, "the knight's intersection")?;
            let j = if args.get(i + 1).and_then(|a| a.node.as_word()) == Some("to") {
                i + 2
            } else {
                i + 1
            };
            let to = vertex_after(cx, args, verb, span, j, "where it goes, e.g. `to B.s`")?;
            if verb.starts_with("move") {
                one(Action::Ck(CkAction::MoveKnight { player, from, to }))
            } else {
                one(Action::Ck(CkAction::DisplaceKnight { player, from, to }))
            }
        }
        ("relocates" | "relocate", _) => {
            let i = usize::from(first == Some("knight"));
            vertex_after(cx, args, verb, span, i, "an intersection")
                .and_then(|to| one(Action::Ck(CkAction::RelocateKnight { player, to })))
        }
        ("chases" | "chase", _) => {
            // chases robber with A.n
            let i = args
                .iter()
                .position(|a| a.node.as_word() == Some("with"))
                .map_or(usize::from(first == Some("robber")), |w| w + 1);
            vertex_after(cx, args, verb, span, i, "the knight, e.g. `chases robber with A.n`")
                .and_then(|knight| one(Action::Ck(CkAction::ChaseRobber { player, knight })))
        }
        _ => return None,
    })
}

/// Decisions owed (Treason, pillage, defenders, aqueduct, progress discards, Commercial
/// Harbor, Wedding, Diplomacy, the Fiesepeter commitment) and playing progress cards.
fn decision_action(
    cx: &mut Cx<'_>,
    verb: &str,
    args: &[Spanned<Arg>],
    player: PlayerId,
    span: crate::ast::Span,
) -> Option<Option<(Action, Vec<Outcome>)>> {
    let first = first_word(cx, args);
    Some(match (verb, first) {
        ("places" | "place", Some("knight")) => {
            // Treason: places knight A.n strong
            let at = vertex_after(cx, args, verb, span, 1, "an intersection")?;
            let level = match args.get(2) {
                Some(a) => cx.arg_level(a)?,
                None => 1,
            };
            one(Action::Ck(CkAction::PlaceTreasonKnight {
                player,
                at: Some(at),
                level,
            }))
        }
        ("places" | "place", Some("no")) => one(Action::Ck(CkAction::PlaceTreasonKnight {
            player,
            at: None,
            level: 1,
        })),
        ("loses" | "lose", _) => {
            let i = usize::from(first == Some("city"));
            vertex_after(cx, args, verb, span, i, "a city")
                .and_then(|at| one(Action::Ck(CkAction::LoseCity { player, at })))
        }
        ("chooses" | "choose", Some("card")) => match args.get(1) {
            // Option `defender-tie-card choose-card`: chooses card merchant
            Some(a) => cx
                .arg_progress(a)
                .and_then(|card| one(Action::Ck(CkAction::ChooseDefenderCard { player, card }))),
            None => {
                cx.missing_arg(span, verb, "a progress card, e.g. `chooses card merchant`");
                None
            }
        },
        ("chooses" | "choose", _) => {
            // chooses deck politics [CARD]
            let i = usize::from(first == Some("deck"));
            let Some(a) = args.get(i) else {
                cx.missing_arg(span, verb, "a deck, e.g. `chooses deck politics`");
                return Some(None);
            };
            let deck = cx.arg_track(a)?;
            let mut chance = vec![];
            if let Some(c) = args.get(i + 1) {
                chance.push(Outcome::Progress {
                    card: cx.arg_progress(c)?,
                });
            }
            Some((Action::Ck(CkAction::ChooseDefenderDeck { player, deck }), chance))
        }
        ("discards" | "discard", Some("progress")) => match args.get(1) {
            Some(a) => cx
                .arg_progress(a)
                .and_then(|card| one(Action::Ck(CkAction::DiscardProgress { player, card }))),
            None => {
                cx.missing_arg(span, verb, "a progress card");
                None
            }
        },
        ("takes" | "take", Some("aqueduct")) => match args.get(1) {
            Some(a) => cx
                .arg_resource(a)
                .and_then(|r| one(Action::Ck(CkAction::Aqueduct { player, take: Some(r) }))),
            None => {
                cx.missing_arg(span, verb, "a resource, e.g. `takes aqueduct ore`");
                None
            }
        },
        ("declines" | "decline", Some("aqueduct")) => one(Action::Ck(CkAction::Aqueduct { player, take: None })),
        ("offers-harbor" | "offer-harbor", _) => {
            let (Some(to), Some(r)) = (args.first(), args.get(1)) else {
                cx.missing_arg(span, verb, "a player and a resource, e.g. `offers-harbor blue wool`");
                return Some(None);
            };
            let to = cx.arg_player(to)?;
            let resource = cx.arg_resource(r)?;
            one(Action::Ck(CkAction::OfferHarborTrade { player, to, resource }))
        }
        ("gives" | "give", Some("commodity")) => match args.get(1) {
            Some(a) => cx
                .arg_card(a)
                .and_then(|commodity| one(Action::Ck(CkAction::GiveCommodity { player, commodity }))),
            None => {
                cx.missing_arg(span, verb, "a commodity");
                None
            }
        },
        ("gives" | "give", _) => cx
            .cards(args)
            .and_then(|cards| one(Action::Ck(CkAction::GiveCards { player, cards }))),
        ("surrenders" | "surrender", _) => {
            let i = usize::from(first == Some("knight"));
            vertex_after(cx, args, verb, span, i, "a knight")
                .and_then(|at| one(Action::Ck(CkAction::SurrenderKnight { player, at })))
        }
        ("skips" | "skip", _) => one(Action::Ck(CkAction::SkipFreeRoad { player })),
        ("commits" | "commit", Some("no" | "nothing")) => one(Action::Ck(CkAction::CommitKnights {
            player,
            knights: catan_engine::KnightSet::EMPTY,
        })),
        ("commits" | "commit", _) => {
            // Fiesepeter battle rule: commits knights A.ne, G.se
            let i = usize::from(matches!(first, Some("knights" | "knight")));
            if args.len() <= i {
                cx.missing_arg(
                    span,
                    verb,
                    "the knights, e.g. `commits knights A.ne, G.se` or `commits no knights`",
                );
                return Some(None);
            }
            let mut at = Vec::with_capacity(args.len() - i);
            for a in &args[i..] {
                at.push(cx.arg_vertex(a)?);
            }
            let Some(knights) = catan_engine::KnightSet::new(&at) else {
                cx.err(
                    args[args.len() - 1].span,
                    "too_many_knights",
                    format!("at most {} knights can be committed", catan_engine::KnightSet::MAX),
                    "one knight too many",
                    Some("a player has at most 6 knights: 2 of each strength".into()),
                );
                return Some(None);
            };
            one(Action::Ck(CkAction::CommitKnights { player, knights }))
        }
        ("plays" | "play", Some(w)) if cx.ck && progress_card(cx.lang, w).is_some() => {
            let card = progress_card(cx.lang, w)?;
            return Some(play(cx, card, &args[1..], player, span));
        }

        _ => return None,
    })
}

/// `plays CARD ARGS…`: a progress card with its choices.
fn play(
    cx: &mut Cx<'_>,
    card: ProgressCard,
    args: &[Spanned<Arg>],
    player: PlayerId,
    span: crate::ast::Span,
) -> Option<(Action, Vec<Outcome>)> {
    if card.is_victory_point() {
        cx.err(
            span,
            "not_playable",
            format!(
                "{} is a victory point card: it lies face up from the moment it is drawn",
                card.name()
            ),
            "never played",
            None,
        );
        return None;
    }
    let mut chance = vec![];
    let play = match card.track() {
        Track::Science => science_play(cx, card, args, span, &mut chance)?,
        Track::Trade => trade_play(cx, card, args, span)?,
        Track::Politics => politics_play(cx, card, args, span)?,
    };
    Some((Action::Ck(CkAction::PlayProgress { player, play }), chance))
}

/// Argument `i` of a progress card read by `read`, reported when missing.
fn arg_at<'c, T>(
    cx: &mut Cx<'c>,
    args: &[Spanned<Arg>],
    card: ProgressCard,
    span: crate::ast::Span,
    i: usize,
    what: &str,
    read: impl FnOnce(&mut Cx<'c>, &Spanned<Arg>) -> Option<T>,
) -> Option<T> {
    let a = need(cx, args, card, span, i, what)?;
    read(cx, a)
}

/// Argument `i` of a progress card, reported when missing.
fn need<'b>(
    cx: &mut Cx<'_>,
    args: &'b [Spanned<Arg>],
    card: ProgressCard,
    span: crate::ast::Span,
    i: usize,
    what: &str,
) -> Option<&'b Spanned<Arg>> {
    let a = args.get(i);
    if a.is_none() {
        cx.missing_arg(span, card.name(), what);
    }
    a
}

/// The science deck's cards (Alchemy forces the event die when a face is given).
fn science_play(
    cx: &mut Cx<'_>,
    card: ProgressCard,
    args: &[Spanned<Arg>],
    span: crate::ast::Span,
    chance: &mut Vec<Outcome>,
) -> Option<ProgressPlay> {
    use ProgressCard as C;
    Some(match card {
        C::Alchemy => {
            let a = need(cx, args, card, span, 0, "the production dice, e.g. `alchemy 3+4`")?;
            let (red, yellow) = match &a.node {
                Arg::Dice(r, y) => (*r, *y),
                _ => {
                    cx.err(
                        a.span,
                        "bad_dice",
                        "Alchemy sets two dice: write `alchemy 3+4`",
                        "not two dice",
                        None,
                    );
                    return None;
                }
            };
            if let Some(f) = args.get(1) {
                chance.push(Outcome::EventDie { event: cx.arg_face(f)? });
            }
            ProgressPlay::Alchemy { red, yellow }
        }
        C::Crane => ProgressPlay::Crane {
            track: arg_at(cx, args, card, span, 0, "a track", Cx::arg_track)?,
        },
        C::Engineering => ProgressPlay::Engineering {
            at: arg_at(cx, args, card, span, 0, "a city", Cx::arg_vertex)?,
        },
        C::Medicine => ProgressPlay::Medicine {
            at: arg_at(cx, args, card, span, 0, "a settlement", Cx::arg_vertex)?,
        },
        C::Invention => ProgressPlay::Invention {
            a: arg_at(cx, args, card, span, 0, "two hexes", Cx::arg_hex)?,
            b: arg_at(cx, args, card, span, 1, "two hexes", Cx::arg_hex)?,
        },
        C::Irrigation => ProgressPlay::Irrigation,
        C::Mining => ProgressPlay::Mining,
        C::RoadBuilding => ProgressPlay::RoadBuilding,
        C::Smithing => {
            let a = arg_at(cx, args, card, span, 0, "one or two knights", Cx::arg_vertex)?;
            let b = match args.get(1) {
                Some(x) => Some(cx.arg_vertex(x)?),
                None => None,
            };
            ProgressPlay::Smithing { knights: [Some(a), b] }
        }
        _ => return None,
    })
}

/// The trade deck's cards.
fn trade_play(
    cx: &mut Cx<'_>,
    card: ProgressCard,
    args: &[Spanned<Arg>],
    span: crate::ast::Span,
) -> Option<ProgressPlay> {
    use ProgressCard as C;
    Some(match card {
        C::CommercialHarbor => ProgressPlay::CommercialHarbor,
        C::GuildDues => ProgressPlay::GuildDues {
            victim: arg_at(cx, args, card, span, 0, "a player and the cards taken", Cx::arg_player)?,
            cards: cx.cards(&args[1.min(args.len())..])?,
        },
        C::Merchant => ProgressPlay::Merchant {
            hex: arg_at(cx, args, card, span, 0, "a hex", Cx::arg_hex)?,
        },
        C::MerchantFleet => ProgressPlay::MerchantFleet {
            kind: arg_at(cx, args, card, span, 0, "a resource or commodity", Cx::arg_card)?,
        },
        C::ResourceMonopoly => ProgressPlay::ResourceMonopoly {
            resource: arg_at(cx, args, card, span, 0, "a resource", Cx::arg_resource)?,
        },
        C::TradeMonopoly => ProgressPlay::TradeMonopoly {
            commodity: arg_at(cx, args, card, span, 0, "a commodity", Cx::arg_card)?,
        },
        _ => return None,
    })
}

/// The politics deck's cards.
fn politics_play(
    cx: &mut Cx<'_>,
    card: ProgressCard,
    args: &[Spanned<Arg>],
    span: crate::ast::Span,
) -> Option<ProgressPlay> {
    use ProgressCard as C;
    Some(match card {
        C::Taxation => ProgressPlay::Taxation,
        C::Treason => ProgressPlay::Treason {
            victim: arg_at(cx, args, card, span, 0, "an opponent", Cx::arg_player)?,
        },
        C::Diplomacy => ProgressPlay::Diplomacy {
            road: arg_at(cx, args, card, span, 0, "a road", Cx::arg_edge)?,
        },
        C::Intrigue => ProgressPlay::Intrigue {
            knight: arg_at(cx, args, card, span, 0, "an opposing knight", Cx::arg_vertex)?,
        },
        C::Sabotage => ProgressPlay::Sabotage,
        C::Espionage => {
            let victim = arg_at(
                cx,
                args,
                card,
                span,
                0,
                "an opponent and the card taken (or `nothing`)",
                Cx::arg_player,
            )?;
            let card = match args.get(1) {
                Some(a) if a.node.as_word() == Some("nothing") => None,
                Some(a) => Some(cx.arg_progress(a)?),
                None => None,
            };
            ProgressPlay::Espionage { victim, card }
        }
        C::Encouragement => ProgressPlay::Encouragement,
        C::Wedding => ProgressPlay::Wedding,
        _ => return None,
    })
}

/// `rolls 3+4 ship`: the three dice of a Cities & Knights roll.
pub(super) fn ck_roll(
    cx: &mut Cx<'_>,
    dice: Outcome,
    face: Option<&Spanned<Arg>>,
    span: crate::ast::Span,
) -> Option<Outcome> {
    let Outcome::Dice { red, yellow } = dice else {
        return None;
    };
    match face {
        Some(f) => cx.arg_face(f).map(|event| Outcome::CkDice { red, yellow, event }),
        None => {
            cx.err(
                span,
                "missing_event_die",
                "Cities & Knights rolls three dice: add the event die, e.g. `rolls 3+4 ship`",
                "event die missing",
                Some("faces: ship, science, trade, politics".into()),
            );
            None
        }
    }
}

/// Chance lines of Cities & Knights: `chance progress crane`, `chance event ship`.
pub(super) fn chance(cx: &mut Cx<'_>, kind: &str, a: &Spanned<Arg>) -> Option<Option<Outcome>> {
    Some(match kind {
        "progress" => cx.arg_progress(a).map(|card| Outcome::Progress { card }),
        "event" => cx.arg_face(a).map(|event| Outcome::EventDie { event }),
        _ => return None,
    })
}

/// A Cities & Knights expectation; `None` in the outer option when `head` is not one.
pub(super) fn expectation(cx: &mut Cx<'_>, head: &Spanned<Arg>, rest: &[Spanned<Arg>]) -> Option<Option<Expectation>> {
    let h = head.node.to_string();
    let need = |cx: &mut Cx<'_>, i: usize, what: &str| -> Option<&Spanned<Arg>> {
        let a = rest.get(i);
        if a.is_none() {
            cx.missing_arg(head.span, &format!("expect {h}"), what);
        }
        a
    };
    Some(match h.as_str() {
        "knight" => (|| {
            // expect knight red A.n strong active   |  expect knight none A.n
            let who = need(cx, 0, "a player (or `none`) and a place")?;
            let at = {
                let x = need(cx, 1, "a place")?;
                cx.arg_vertex(x)
            }?;
            if who.node.as_word() == Some("none") {
                return Some(Expectation::Ck(
                    CkFact::Knight {
                        at,
                        level: false,
                        status: false,
                    },
                    "none".into(),
                ));
            }
            let p = cx.arg_player(who)?;
            let mut want = cx
                .colours
                .get(p.index())
                .map(|c| c.name().to_string())
                .unwrap_or_default();
            let (mut level, mut status) = (false, false);
            for a in &rest[2..] {
                match a.node.as_word().map(|w| self::status(cx.lang, w)) {
                    Some(w @ ("active" | "inactive")) => {
                        status = true;
                        want = format!("{want} {w}");
                    }
                    Some(w) => {
                        let l = cx.arg_level(a)?;
                        let _ = w;
                        level = true;
                        want = format!("{want} {}", level_word(l));
                    }
                    None => {
                        cx.arg_level(a)?;
                    }
                }
            }
            Some(Expectation::Ck(CkFact::Knight { at, level, status }, want))
        })(),
        "wall" | "no-wall" => {
            let x = need(cx, 0, "a city")?;
            cx.arg_vertex(x)
        }
        .map(|v| Expectation::Ck(CkFact::Wall(v), if h == "wall" { "yes" } else { "no" }.into())),
        "metropolis" => (|| {
            let t = {
                let x = need(cx, 0, "a track and its holder (or a city, or `none`)")?;
                cx.arg_track(x)
            }?;
            let v = need(cx, 1, "its holder, a city, or `none`")?;
            Some(match &v.node {
                Arg::Word(w) if w == "none" => Expectation::Ck(CkFact::Metropolis(t), "none".into()),
                Arg::Vertex(_) => {
                    let at = cx.arg_vertex(v)?;
                    Expectation::Ck(CkFact::MetropolisAt(t, at), String::new())
                }
                _ => {
                    let p = cx.arg_player(v)?;
                    Expectation::Ck(
                        CkFact::Metropolis(t),
                        cx.colours
                            .get(p.index())
                            .map(|c| c.name().to_string())
                            .unwrap_or_default(),
                    )
                }
            })
        })(),
        "merchant" => (|| {
            let a = need(cx, 0, "a hex and its controller, or `none`")?;
            if a.node.as_word() == Some("none") {
                super::strict::unused(cx, &rest[1..], "`expect merchant none` takes nothing more")?;
                return Some(Expectation::Ck(CkFact::Merchant, "none".into()));
            }
            let hex = cx.arg_hex(a)?;
            let p = {
                let x = need(cx, 1, "its controller")?;
                cx.arg_player(x)
            }?;
            Some(Expectation::Ck(
                CkFact::Merchant,
                format!(
                    "{} {}",
                    cx.board.hex_name(hex),
                    cx.colours.get(p.index()).map(|c| c.name()).unwrap_or("")
                ),
            ))
        })(),
        "barbarians" | "barbarian-attacks" => (|| {
            let n = {
                let x = need(cx, 0, "a number")?;
                cx.number(x)
            }?;
            let fact = if h == "barbarians" {
                CkFact::Barbarians
            } else {
                CkFact::Attacks
            };
            Some(Expectation::Ck(fact, n.to_string()))
        })(),
        "deck" => (|| {
            let t = {
                let x = need(cx, 0, "a deck and its card count")?;
                cx.arg_track(x)
            }?;
            let n = {
                let x = need(cx, 1, "a card count")?;
                cx.number(x)
            }?;
            Some(Expectation::Ck(CkFact::Deck(t), n.to_string()))
        })(),
        "robber"
            if matches!(
                rest.first().and_then(|a| a.node.as_word()).map(|w| status(cx.lang, w)),
                Some("active" | "inactive")
            ) =>
        {
            let w = rest[0].node.as_word().map(|w| status(cx.lang, w)).unwrap_or("active");
            Some(Expectation::Ck(CkFact::RobberActive, w.to_string()))
        }
        _ => return None,
    })
}

/// A Cities & Knights property of a player (`expect red level science 3`); `None` in the
/// outer option when `prop` is not one.
pub(super) fn player_expectation(
    cx: &mut Cx<'_>,
    p: PlayerId,
    prop: &Spanned<Arg>,
    vals: &[Spanned<Arg>],
) -> Option<Option<Expectation>> {
    let w = prop.node.to_string();
    let num = |cx: &mut Cx<'_>, i: usize| -> Option<i64> {
        match vals.get(i) {
            Some(v) => cx.number(v),
            None => {
                cx.missing_arg(prop.span, &w, "a number");
                None
            }
        }
    };
    Some(match w.as_str() {
        "level" => (|| {
            let t = cx.arg_track(vals.first()?)?;
            let n = num(cx, 1)?;
            Some(Expectation::Ck(CkFact::Level(p, t), n.to_string()))
        })(),
        "progress" => cx
            .progress_cards(vals)
            .map(|c| Expectation::Ck(CkFact::Progress(p), progress_text(&c))),
        "progress-vp" => cx
            .progress_cards(vals)
            .map(|c| Expectation::Ck(CkFact::ProgressVp(p), progress_text(&c))),
        "progress-count" => num(cx, 0).map(|n| Expectation::Ck(CkFact::ProgressCount(p), n.to_string())),
        "vp-tokens" => num(cx, 0).map(|n| Expectation::Ck(CkFact::VpTokens(p), n.to_string())),
        "walls-left" => num(cx, 0).map(|n| Expectation::Ck(CkFact::WallsLeft(p), n.to_string())),
        "knights-left" => (|| {
            let l = cx.arg_level(vals.first()?)?;
            let n = num(cx, 1)?;
            Some(Expectation::Ck(CkFact::KnightsLeft(p, l), n.to_string()))
        })(),
        "gifts" => num(cx, 0).map(|n| Expectation::Ck(CkFact::Gifts(p), n.to_string())),
        _ => return None,
    })
}

/// Progress cards as text: `crane, 2 merchant` (canonical order), or `nothing`.
pub fn progress_text(c: &ProgressCards) -> String {
    if c.is_empty() {
        return "nothing".into();
    }
    c.iter()
        .map(|(card, n)| {
            if n == 1 {
                card.name().to_string()
            } else {
                format!("{n} {}", card.name())
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// Cities & Knights' part of the scenario language ([`super::expansion`]).
pub(super) struct CitiesAndKnights;

impl super::expansion::ExpansionLowering for CitiesAndKnights {
    const PLAYER_ITEMS: &'static [&'static str] = &PLAYER_ITEMS;
    const GLOBAL_ITEMS: &'static [&'static str] = &GLOBAL_ITEMS;
    const VOCABULARY: &'static [crate::vocab::Entry] = crate::vocab::ck::WORDS;

    fn action(
        cx: &mut Cx<'_>,
        verb: &str,
        args: &[Spanned<Arg>],
        player: PlayerId,
        span: crate::ast::Span,
    ) -> Option<super::expansion::Lowered> {
        action(cx, verb, args, player, span)
    }
    fn extra_dice(cx: &Cx<'_>) -> usize {
        usize::from(cx.ck)
    }
    fn roll(
        cx: &mut Cx<'_>,
        two: Outcome,
        extra: Option<&Spanned<Arg>>,
        span: crate::ast::Span,
    ) -> Option<Option<Outcome>> {
        cx.ck.then(|| ck_roll(cx, two, extra, span))
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
