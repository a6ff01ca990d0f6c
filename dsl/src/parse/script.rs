//! Script lines: steps, `chance`, `snapshot`, and the guards before them.

use pest::iterators::Pair;

use super::args::{args, rule_id_slot, string_value};
use super::bad_tokens;
use super::expect::expect;
use super::{span_of, spanned_text, Ctx};
use crate::ast::{Action, Chance, Guard, Item, Outcome, Snapshot, Spanned, Step};
use crate::parser::Rule;

/// A `script_line`: `[GUARD] (chance … | expect … | snapshot … | STEP)`.
pub(super) fn script_line(ctx: &mut Ctx<'_>, pair: Pair<'_, Rule>) -> Option<Item> {
    let span = span_of(&pair);
    let mut guard_ = None;
    let mut body = None;
    for p in pair.into_inner() {
        match p.as_rule() {
            Rule::guard => guard_ = Some(guard(&p)),
            _ => body = Some(p),
        }
    }
    let Some(body) = body else {
        ctx.internal(span);
        return None;
    };
    match body.as_rule() {
        Rule::step_body => step(ctx, body, guard_).map(Item::Step),
        Rule::chance_body => chance(ctx, body, guard_).map(Item::Chance),
        Rule::snapshot_body => snapshot(ctx, body, guard_).map(Item::Snapshot),
        Rule::expect_body => expect(ctx, body, guard_).map(Item::Expect),
        _ => {
            ctx.internal(span);
            None
        }
    }
}

/// `[name, name]`.
fn guard(pair: &Pair<'_, Rule>) -> Guard {
    let names = pair
        .clone()
        .into_inner()
        .filter(|p| p.as_rule() == Rule::guard_name)
        .map(|p| spanned_text(&p))
        .collect();
    Spanned::new(names, span_of(pair))
}

/// `ACTOR VERB ARG*`.
pub(super) fn action(ctx: &mut Ctx<'_>, pair: Pair<'_, Rule>) -> Option<Spanned<Action>> {
    let span = span_of(&pair);
    let mut inner = pair.into_inner();
    let (Some(actor), Some(verb)) = (inner.next(), inner.next()) else {
        ctx.internal(span);
        return None;
    };
    Some(Spanned::new(
        Action {
            actor: spanned_text(&actor),
            verb: spanned_text(&verb),
            args: args(ctx, inner),
        },
        span,
    ))
}

fn step(ctx: &mut Ctx<'_>, pair: Pair<'_, Rule>, guard: Option<Guard>) -> Option<Step> {
    let span = span_of(&pair);
    let mut act = None;
    let mut outcome = None;
    let mut ok = true;
    for p in pair.into_inner() {
        match p.as_rule() {
            Rule::action => act = action(ctx, p),
            Rule::outcome => {
                outcome = outcome_of(ctx, p);
                ok = outcome.is_some();
            }
            _ => ctx.internal(span_of(&p)),
        }
    }
    let Some(action) = act else {
        ctx.internal(span);
        return None;
    };
    ok.then_some(Step { guard, action, outcome })
}

/// `-> refused RULE.ID` or `-> accepted`.
fn outcome_of(ctx: &mut Ctx<'_>, pair: Pair<'_, Rule>) -> Option<Spanned<Outcome>> {
    let span = span_of(&pair);
    for p in pair.into_inner() {
        match p.as_rule() {
            Rule::arrow => {}
            Rule::kw_accepted => return Some(Spanned::new(Outcome::Accepted, span)),
            Rule::refused => {
                let slot = p.into_inner().find(|c| c.as_rule() != Rule::kw_refused)?;
                let id = rule_id_slot(ctx, slot)?;
                return Some(Spanned::new(Outcome::Refused(id), span));
            }
            _ => ctx.internal(span_of(&p)),
        }
    }
    ctx.internal(span);
    None
}

fn chance(ctx: &mut Ctx<'_>, pair: Pair<'_, Rule>, guard: Option<Guard>) -> Option<Chance> {
    let span = span_of(&pair);
    let mut inner = pair.into_inner().filter(|p| p.as_rule() != Rule::kw_chance);
    let Some(kind) = inner.next() else {
        ctx.internal(span);
        return None;
    };
    let rest: Vec<Pair<'_, Rule>> = inner.collect();
    let mut outcome = None;
    let mut arg_pairs = Vec::new();
    for p in rest {
        if p.as_rule() == Rule::outcome {
            outcome = outcome_of(ctx, p);
        } else {
            arg_pairs.push(p);
        }
    }
    Some(Chance {
        guard,
        kind: spanned_text(&kind),
        args: args(ctx, arg_pairs.into_iter()),
        outcome,
    })
}

fn snapshot(ctx: &mut Ctx<'_>, pair: Pair<'_, Rule>, guard: Option<Guard>) -> Option<Snapshot> {
    let span = span_of(&pair);
    let Some(name) = pair.into_inner().find(|p| p.as_rule() != Rule::kw_snapshot) else {
        ctx.internal(span);
        return None;
    };
    if name.as_rule() == Rule::bad_string {
        bad_tokens::bad_string(ctx, &name);
        return None;
    }
    Some(Snapshot {
        guard,
        name: string_value(&name),
    })
}

#[cfg(test)]
mod tests {
    use crate::ast::*;
    use crate::parse::test_util::{codes, single};

    #[test]
    fn steps_and_outcomes() {
        let Item::Step(s) = single("red moves robber J   -> refused BASE.ROBBER.MUST_MOVE") else {
            panic!()
        };
        assert_eq!(s.action.node.actor.node, "red");
        assert_eq!(s.action.node.verb.node, "moves");
        assert_eq!(join_args(&s.action.node.args), "robber J");
        let Some(Spanned {
            node: Outcome::Refused(id),
            ..
        }) = s.outcome
        else {
            panic!()
        };
        assert_eq!(id.node, "BASE.ROBBER.MUST_MOVE");

        let Item::Step(s) = single("red builds road A.se-s -> accepted") else {
            panic!()
        };
        assert_eq!(s.outcome.map(|o| o.node), Some(Outcome::Accepted));

        let Item::Step(s) = single("rot baut Siedlung A.n") else {
            panic!()
        };
        assert_eq!(s.action.node.verb.node, "baut");
        let Item::Step(s) = single("vermell construeix poblat A.n") else {
            panic!()
        };
        assert_eq!(s.action.node.actor.node, "vermell");
    }

    #[test]
    fn guards() {
        let Item::Step(s) = single("[english, colonist] red rolls 6+6") else {
            panic!()
        };
        let g = s.guard.unwrap();
        let names: Vec<_> = g.node.iter().map(|n| n.node.as_str()).collect();
        assert_eq!(names, ["english", "colonist"]);
        assert_eq!(g.span, Span::new(13, 32));
        let Item::Snapshot(s) = single("[english] snapshot \"x\"") else {
            panic!()
        };
        assert!(s.guard.is_some());
    }

    #[test]
    fn chance_and_snapshot() {
        let Item::Chance(c) = single("chance dice 3+4") else {
            panic!()
        };
        assert_eq!(c.kind.node, "dice");
        assert_eq!(c.args[0].node, Arg::Dice(3, 4));
        let Item::Chance(c) = single("chance card knight") else {
            panic!()
        };
        assert_eq!(c.args[0].node, Arg::Word("knight".into()));
        let Item::Snapshot(s) = single("snapshot \"after the robbery\"") else {
            panic!()
        };
        assert_eq!(s.name.node, "after the robbery");
    }

    #[test]
    fn script_errors() {
        let c = |s: &str| codes(&format!("scenario \"t\"\n{s}"));
        assert_eq!(c("red moves robber J -> refused"), ["dsl::syntax::unexpected_token"]);
        assert_eq!(
            c("red moves robber J -> refused base.robber.x"),
            ["dsl::syntax::bad_rule_id"]
        );
        assert_eq!(c("red moves robber J -> maybe"), ["dsl::syntax::unexpected_token"]);
        assert_eq!(c("[colonist expect red vp 4"), ["dsl::syntax::unclosed_guard"]);
        assert_eq!(c("[english] players red"), ["dsl::syntax::misplaced_guard"]);
        assert_eq!(c("chance"), ["dsl::syntax::unexpected_token"]);
        assert_eq!(c("chance dice"), ["dsl::syntax::unexpected_token"]);
        assert_eq!(c("snapshot"), ["dsl::syntax::unexpected_token"]);
        assert_eq!(c("red"), ["dsl::syntax::unexpected_token"]);
        assert_eq!(
            c("red moves robber J → refused BASE.ROBBER.MUST_MOVE"),
            ["dsl::syntax::unexpected_character"]
        );
    }
}
