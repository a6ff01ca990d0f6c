//! `expect` lines.

use pest::iterators::Pair;

use super::args::{args, field};
use super::script::action;
use super::{span_of, spanned_text, Ctx};
use crate::ast::{Expect, ExpectKind, Guard, Spanned};
use crate::parser::Rule;

/// `expect …` (an `expect_body` pair).
pub(super) fn expect(ctx: &mut Ctx<'_>, pair: Pair<'_, Rule>, guard: Option<Guard>) -> Option<Expect> {
    let span = span_of(&pair);
    let Some(what) = pair.into_inner().find(|p| p.as_rule() == Rule::expect_what) else {
        ctx.internal(span);
        return None;
    };
    let what_span = span_of(&what);
    let Some(form) = what.into_inner().next() else {
        ctx.internal(what_span);
        return None;
    };
    let kind = match form.as_rule() {
        Rule::expect_state => ExpectKind::State(args(ctx, form.into_inner())),
        Rule::expect_event | Rule::expect_no_event => {
            let no = form.as_rule() == Rule::expect_no_event;
            let mut name = None;
            let mut fields = Vec::new();
            for p in form.into_inner() {
                match p.as_rule() {
                    Rule::event_name => name = Some(spanned_text(&p)),
                    Rule::key_value | Rule::bad_key_value => {
                        if let Some(f) = field(ctx, p) {
                            fields.push(f);
                        }
                    }
                    _ => {}
                }
            }
            let name = name?;
            if no {
                ExpectKind::NoEvent { name, fields }
            } else {
                ExpectKind::Event { name, fields }
            }
        }
        Rule::expect_legal | Rule::expect_illegal => {
            let legal = form.as_rule() == Rule::expect_legal;
            let act = form.into_inner().find(|p| p.as_rule() == Rule::action)?;
            let act = action(ctx, act)?;
            if legal {
                ExpectKind::Legal(act)
            } else {
                ExpectKind::Illegal(act)
            }
        }
        _ => {
            ctx.internal(what_span);
            return None;
        }
    };
    Some(Expect {
        guard,
        kind: Spanned::new(kind, what_span),
    })
}

#[cfg(test)]
mod tests {
    use crate::ast::*;
    use crate::parse::test_util::{codes, single};

    fn expect(line: &str) -> Expect {
        match single(line) {
            Item::Expect(e) => e,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn state_expectations() {
        let e = expect("expect red hand 2 brick, 1 ore, 1 wool");
        let ExpectKind::State(args) = e.kind.node else { panic!() };
        assert_eq!(join_args(&args), "red hand 2 brick 1 ore 1 wool");
        let e = expect("[colonist] expect red vp 4");
        assert!(e.guard.is_some());
        let e = expect("expect barbarian 6/7");
        let ExpectKind::State(args) = e.kind.node else { panic!() };
        assert_eq!(args[1].node, Arg::Fraction(6, 7));
    }

    #[test]
    fn event_expectations() {
        let e = expect("expect event robbed player=red victim=blue card=wool");
        let ExpectKind::Event { name, fields } = e.kind.node else {
            panic!()
        };
        assert_eq!(name.node, "robbed");
        let f: Vec<String> = fields.iter().map(|f| f.node.to_string()).collect();
        assert_eq!(f, ["player=red", "victim=blue", "card=wool"]);
        let e = expect("expect no event produced");
        assert!(matches!(e.kind.node, ExpectKind::NoEvent { ref fields, .. } if fields.is_empty()));
        let e = expect("expect no event produced at=A.n");
        let ExpectKind::NoEvent { fields, .. } = e.kind.node else {
            panic!()
        };
        assert!(matches!(fields[0].node.value.node, Arg::Vertex(_)));
    }

    #[test]
    fn legality_expectations() {
        let e = expect("expect legal red builds road A.se-s");
        let ExpectKind::Legal(a) = e.kind.node else { panic!() };
        assert_eq!(a.node.verb.node, "builds");
        let e = expect("expect illegal red builds settlement A.ne");
        assert!(matches!(e.kind.node, ExpectKind::Illegal(_)));
    }

    #[test]
    fn expect_errors() {
        let c = |s: &str| codes(&format!("scenario \"t\"\n{s}"));
        assert_eq!(c("expect"), ["dsl::syntax::unexpected_token"]);
        assert_eq!(c("expect event"), ["dsl::syntax::unexpected_token"]);
        assert_eq!(c("expect event robbed red"), ["dsl::syntax::unexpected_token"]);
        assert_eq!(c("expect event robbed player="), ["dsl::syntax::missing_value"]);
        assert_eq!(c("expect legal red"), ["dsl::syntax::unexpected_token"]);
    }
}
