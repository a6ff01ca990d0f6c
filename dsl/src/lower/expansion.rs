//! One expansion's part of the scenario language, as the driver sees it: the
//! [`ExpansionLowering`] trait, every hook defaulting to "not mine", and
//! `each_lowering!`, the one list of expansions whose words the language knows.
//!
//! The driver (`lower/mod.rs`) offers every step, expectation and position item to each
//! expansion in turn, then to the base game (`lower/base.rs`); the first that recognises it
//! lowers it. An expansion's constructs live in its own module (`lower/ck.rs`,
//! `lower/court.rs`, `lower/sea.rs`) and its game words in its own vocabulary table
//! (`vocab/ck.rs`, `vocab/court.rs`, `vocab/sea.rs`, given to the lookups as
//! [`ExpansionLowering::VOCABULARY`]); adding one is an impl of this trait and one line in
//! `each_lowering!`.

use super::{Cx, ItemSpans};
use crate::ast::{Arg, PositionItem, Span, Spanned};
use crate::scenario::Expectation;
use crate::vocab::Entry;
use catan_engine::position::Setup;
use catan_engine::{Action, Outcome, PlayerId};

/// What a step lowers to: the action and the chance outcomes it forces (`None` after an
/// error was reported).
pub(super) type Lowered = Option<(Action, Vec<Outcome>)>;

/// One expansion's lowering hooks. Each returns `None` (or `false`) for what is not the
/// expansion's, and `Some(None)` when it is but an error was reported.
pub(super) trait ExpansionLowering {
    /// The player items of a position it adds (for "did you mean" lists).
    const PLAYER_ITEMS: &'static [&'static str] = &[];
    /// The position's global items it adds.
    const GLOBAL_ITEMS: &'static [&'static str] = &[];
    /// Its game words in every language (`vocab/ck.rs`): the table the vocabulary's lookups
    /// visit after the base game's.
    const VOCABULARY: &'static [Entry] = &[];

    /// A step: `PLAYER VERB ARGS`.
    fn action(
        _cx: &mut Cx<'_>,
        _verb: &str,
        _args: &[Spanned<Arg>],
        _player: PlayerId,
        _span: Span,
    ) -> Option<Lowered> {
        None
    }
    /// Values a roll takes after its two dice in this game (Cities & Knights: the event
    /// die's face).
    fn extra_dice(_cx: &Cx<'_>) -> usize {
        0
    }
    /// The roll's outcome from its two dice and the next value, when the expansion rolls
    /// more than two dice in this game.
    fn roll(_cx: &mut Cx<'_>, _two: Outcome, _extra: Option<&Spanned<Arg>>, _span: Span) -> Option<Option<Outcome>> {
        None
    }
    /// A `chance KIND VALUE` line of a kind the expansion adds (`progress`, `event`).
    fn chance(_cx: &mut Cx<'_>, _kind: &str, _value: &Spanned<Arg>) -> Option<Option<Outcome>> {
        None
    }
    /// An expectation that starts with one of its items.
    fn expectation(_cx: &mut Cx<'_>, _head: &Spanned<Arg>, _rest: &[Spanned<Arg>]) -> Option<Option<Expectation>> {
        None
    }
    /// `expect PLAYER PROPERTY VALUE…` for one of its properties.
    fn player_expectation(
        _cx: &mut Cx<'_>,
        _p: PlayerId,
        _prop: &Spanned<Arg>,
        _vals: &[Spanned<Arg>],
    ) -> Option<Option<Expectation>> {
        None
    }
    /// An item of a player's section of a position; `false` when not its.
    fn player_item(
        _cx: &mut Cx<'_>,
        _key: &str,
        _item: &Spanned<PositionItem>,
        _p: PlayerId,
        _setup: &mut Setup,
        _spans: &mut ItemSpans,
    ) -> bool {
        false
    }
    /// An item of the position as a whole; `false` when not its.
    fn global_item(
        _cx: &mut Cx<'_>,
        _key: &str,
        _item: &Spanned<PositionItem>,
        _setup: &mut Setup,
        _spans: &mut ItemSpans,
    ) -> bool {
        false
    }
}

/// Runs `$body` for each expansion whose words the language knows, with `$E` naming its
/// [`ExpansionLowering`] type, in a fixed order. The one list of them.
macro_rules! each_lowering {
    ($E:ident => $body:expr) => {{
        // Barbarian Attack first: in its games `knight`, `barbarians` and `prisoners` are its
        // own pieces (it claims nothing elsewhere). Seafarers next: its steps are narrow
        // patterns (`chooses gold …`) that Cities & Knights' `chooses DECK` would otherwise
        // take.
        {
            type $E = super::barb::BarbarianAttack;
            $body;
        }
        {
            type $E = super::sea::Seafarers;
            $body;
        }
        {
            type $E = super::ck::CitiesAndKnights;
            $body;
        }
        {
            type $E = super::court::TheCourt;
            $body;
        }
    }};
}

/// Offers a step to each expansion; `None` when none knows the verb.
pub(super) fn action(
    cx: &mut Cx<'_>,
    verb: &str,
    args: &[Spanned<Arg>],
    player: PlayerId,
    span: Span,
) -> Option<Lowered> {
    let mut found = None;
    each_lowering!(E => if found.is_none() {
        found = E::action(cx, verb, args, player, span);
    });
    found
}

/// Values a roll takes after its two dice in this game.
pub(super) fn extra_dice(cx: &Cx<'_>) -> usize {
    let mut n = 0;
    each_lowering!(E => n += E::extra_dice(cx));
    n
}

/// The roll's outcome when an expansion rolls more than two dice in this game.
pub(super) fn roll(cx: &mut Cx<'_>, two: Outcome, extra: Option<&Spanned<Arg>>, span: Span) -> Option<Option<Outcome>> {
    let mut found = None;
    each_lowering!(E => if found.is_none() {
        found = E::roll(cx, two, extra, span);
    });
    found
}

/// Offers a `chance` line to each expansion.
pub(super) fn chance(cx: &mut Cx<'_>, kind: &str, value: &Spanned<Arg>) -> Option<Option<Outcome>> {
    let mut found = None;
    each_lowering!(E => if found.is_none() {
        found = E::chance(cx, kind, value);
    });
    found
}

/// Offers an expectation to each expansion.
pub(super) fn expectation(cx: &mut Cx<'_>, head: &Spanned<Arg>, rest: &[Spanned<Arg>]) -> Option<Option<Expectation>> {
    let mut found = None;
    each_lowering!(E => if found.is_none() {
        found = E::expectation(cx, head, rest);
    });
    found
}

/// Offers a player property to each expansion.
pub(super) fn player_expectation(
    cx: &mut Cx<'_>,
    p: PlayerId,
    prop: &Spanned<Arg>,
    vals: &[Spanned<Arg>],
) -> Option<Option<Expectation>> {
    let mut found = None;
    each_lowering!(E => if found.is_none() {
        found = E::player_expectation(cx, p, prop, vals);
    });
    found
}

/// Offers a player's position item to each expansion.
pub(super) fn player_item(
    cx: &mut Cx<'_>,
    key: &str,
    item: &Spanned<PositionItem>,
    p: PlayerId,
    setup: &mut Setup,
    spans: &mut ItemSpans,
) -> bool {
    let mut known = false;
    each_lowering!(E => if !known {
        known = E::player_item(cx, key, item, p, setup, spans);
    });
    known
}

/// Offers a global position item to each expansion.
pub(super) fn global_item(
    cx: &mut Cx<'_>,
    key: &str,
    item: &Spanned<PositionItem>,
    setup: &mut Setup,
    spans: &mut ItemSpans,
) -> bool {
    let mut known = false;
    each_lowering!(E => if !known {
        known = E::global_item(cx, key, item, setup, spans);
    });
    known
}

/// Every expansion's player items (for "did you mean").
pub(super) fn player_item_names(names: &mut Vec<&'static str>) {
    each_lowering!(E => names.extend(E::PLAYER_ITEMS));
}

/// Every expansion's global items (for "did you mean").
pub(super) fn global_item_names(names: &mut Vec<&'static str>) {
    each_lowering!(E => names.extend(E::GLOBAL_ITEMS));
}

/// Every expansion's vocabulary table, in the order of `each_lowering!` (what
/// [`crate::vocab::entries`] visits after the base game's table).
pub(crate) fn vocabularies() -> &'static [&'static [Entry]] {
    static TABLES: std::sync::OnceLock<Vec<&'static [Entry]>> = std::sync::OnceLock::new();
    TABLES.get_or_init(|| {
        let mut tables = Vec::new();
        each_lowering!(E => tables.push(E::VOCABULARY));
        tables
    })
}
