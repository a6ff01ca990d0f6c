//! Header lines: `scenario`, `source`, `rules`, `language`, `tags`, `covers`,
//! `known-bug`, `variant`, `include`, `players`, `start`.

use pest::iterators::Pair;

use super::args::{rule_id_slot, string_value};
use super::bad_tokens;
use super::{span_of, spanned_text, Ctx};
use crate::ast::{Header, Include, Locator, OptionValue, RuleOption, RulesSpec, Source, Span, Spanned, Variant};
use crate::diagnostics::ParseError;
use crate::parser::Rule;

/// A header line (`scenario_line`, `source_line`, … `known_bug_line`).
pub(super) fn header(ctx: &mut Ctx<'_>, pair: Pair<'_, Rule>) -> Option<Header> {
    let span = span_of(&pair);
    let rule = pair.as_rule();
    // Every header line starts with its keyword.
    let mut children = pair.into_inner().skip(1);
    let header = match rule {
        Rule::scenario_line => {
            ctx.title_seen = true;
            let title = quoted(ctx, children.next()?)?;
            Header::Scenario { title }
        }
        Rule::source_line => Header::Source(source(ctx, span, children.next())?),
        Rule::rules_line => Header::Rules(rules_spec(ctx, children.next()?)?.node),
        Rule::language_line => Header::Language(spanned_text(&children.next()?)),
        Rule::tags_line => Header::Tags(children.map(|p| spanned_text(&p)).collect()),
        Rule::covers_line => Header::Covers(children.filter_map(|p| rule_id_slot(ctx, p)).collect()),
        Rule::known_bug_line => Header::KnownBug(quoted(ctx, children.next()?)?),
        _ => {
            ctx.internal(span);
            return None;
        }
    };
    Some(header)
}

/// A quoted slot (`title`, `bug_text`, `include_path`, …) or its error
/// production `bad_string`.
fn quoted(ctx: &mut Ctx<'_>, pair: Pair<'_, Rule>) -> Option<Spanned<String>> {
    if pair.as_rule() == Rule::bad_string {
        bad_tokens::bad_string(ctx, &pair);
        None
    } else {
        Some(string_value(&pair))
    }
}

/// `source own` or `source ID LOCATOR* ["NOTE"]`.
fn source(ctx: &mut Ctx<'_>, line: Span, pair: Option<Pair<'_, Rule>>) -> Option<Source> {
    let Some(pair) = pair else {
        ctx.internal(line);
        return None;
    };
    match pair.as_rule() {
        Rule::kw_own => Some(Source::Own(span_of(&pair))),
        Rule::source_work => {
            let mut id = None;
            let mut locators = Vec::new();
            let mut note = None;
            let mut ok = true;
            for p in pair.into_inner() {
                match p.as_rule() {
                    Rule::source_id => id = Some(spanned_text(&p)),
                    Rule::page | Rule::pages | Rule::section => match locator(ctx, p) {
                        Some(l) => locators.push(l),
                        None => ok = false,
                    },
                    Rule::bad_locator => {
                        ctx.error(ParseError::BadLocator {
                            span: span_of(&p).into(),
                            text: p.as_str().to_owned(),
                        });
                        ok = false;
                    }
                    Rule::source_note => note = Some(string_value(&p)),
                    Rule::bad_string => {
                        bad_tokens::bad_string(ctx, &p);
                        ok = false;
                    }
                    _ => ctx.internal(span_of(&p)),
                }
            }
            let id = id?;
            ok.then_some(Source::Work { id, locators, note })
        }
        _ => {
            ctx.internal(line);
            None
        }
    }
}

/// `p.11`, `pp.13-15`, `§1.9`.
fn locator(ctx: &mut Ctx<'_>, pair: Pair<'_, Rule>) -> Option<Spanned<Locator>> {
    let span = span_of(&pair);
    let rule = pair.as_rule();
    let mut numbers = Vec::new();
    for p in pair.into_inner() {
        numbers.push(bad_tokens::number_in::<u32>(
            ctx,
            &p,
            "a page or section number is at most 4294967295",
        )?);
    }
    let loc = match (rule, numbers.as_slice()) {
        (Rule::page, [n]) => Locator::Page(*n),
        (Rule::pages, [a, b]) => Locator::Pages(*a, *b),
        (Rule::section, [_, ..]) => Locator::Section(numbers),
        _ => {
            ctx.internal(span);
            return None;
        }
    };
    Some(Spanned::new(loc, span))
}

/// `RULESET (profile NAME | option NAME VALUE)*`.
pub(super) fn rules_spec(ctx: &mut Ctx<'_>, pair: Pair<'_, Rule>) -> Option<Spanned<RulesSpec>> {
    let span = span_of(&pair);
    if pair.as_rule() != Rule::rules_spec {
        ctx.internal(span);
        return None;
    }
    let mut ruleset = None;
    let mut profile: Option<Spanned<String>> = None;
    let mut options: Vec<Spanned<RuleOption>> = Vec::new();
    for p in pair.into_inner() {
        match p.as_rule() {
            Rule::ruleset => ruleset = Some(spanned_text(&p)),
            Rule::profile_clause => {
                let clause = span_of(&p);
                let Some(name) = p.into_inner().find(|c| c.as_rule() == Rule::profile_name) else {
                    ctx.internal(clause);
                    continue;
                };
                if let Some(first) = &profile {
                    ctx.error(ParseError::Duplicate {
                        what: "the profile".into(),
                        span: clause.into(),
                        first: first.span.into(),
                        help: Some("a rule set has at most one `profile`".into()),
                    });
                } else {
                    profile = Some(spanned_text(&name));
                }
            }
            Rule::option_clause => {
                let clause = span_of(&p);
                let mut name = None;
                let mut value = None;
                for c in p.into_inner() {
                    match c.as_rule() {
                        Rule::option_name => name = Some(spanned_text(&c)),
                        Rule::option_value => value = option_value(ctx, &c),
                        _ => {}
                    }
                }
                let (Some(name), Some(value)) = (name, value) else {
                    continue;
                };
                if let Some(first) = options.iter().find(|o| o.node.name.node == name.node) {
                    ctx.error(ParseError::Duplicate {
                        what: format!("the option `{}`", name.node),
                        span: clause.into(),
                        first: first.span.into(),
                        help: Some("give each option once".into()),
                    });
                    continue;
                }
                options.push(Spanned::new(RuleOption { name, value }, clause));
            }
            Rule::kw_profile | Rule::kw_option => {}
            _ => ctx.internal(span_of(&p)),
        }
    }
    let Some(ruleset) = ruleset else {
        ctx.internal(span);
        return None;
    };
    Some(Spanned::new(
        RulesSpec {
            ruleset,
            profile,
            options,
        },
        span,
    ))
}

fn option_value(ctx: &mut Ctx<'_>, pair: &Pair<'_, Rule>) -> Option<Spanned<OptionValue>> {
    let text = pair.as_str();
    let first = text.chars().next()?;
    let value = if first == '-' || first.is_ascii_digit() {
        OptionValue::Number(bad_tokens::number_in::<i64>(ctx, pair, "too large for a whole number")?)
    } else {
        OptionValue::Word(text.to_owned())
    };
    Some(Spanned::new(value, span_of(pair)))
}

/// `variant NAME: rules …`.
pub(super) fn variant(ctx: &mut Ctx<'_>, pair: Pair<'_, Rule>) -> Option<Variant> {
    let span = span_of(&pair);
    let mut name = None;
    let mut rules = None;
    for p in pair.into_inner() {
        match p.as_rule() {
            Rule::variant_name => name = Some(spanned_text(&p)),
            Rule::rules_spec => rules = rules_spec(ctx, p),
            _ => {}
        }
    }
    match (name, rules) {
        (Some(name), Some(rules)) => Some(Variant { name, rules }),
        _ => {
            ctx.internal(span);
            None
        }
    }
}

/// `include "PATH"`.
pub(super) fn include(ctx: &mut Ctx<'_>, pair: Pair<'_, Rule>) -> Option<Include> {
    let slot = pair.into_inner().find(|p| !is_keyword(p.as_rule()))?;
    Some(Include {
        path: quoted(ctx, slot)?,
    })
}

/// `players NAME…`.
pub(super) fn players(pair: Pair<'_, Rule>) -> Vec<Spanned<String>> {
    pair.into_inner()
        .filter(|p| p.as_rule() == Rule::player_name)
        .map(|p| spanned_text(&p))
        .collect()
}

/// `start NAME`.
pub(super) fn start(ctx: &mut Ctx<'_>, pair: Pair<'_, Rule>) -> Option<Spanned<String>> {
    let span = span_of(&pair);
    let found = pair
        .into_inner()
        .find(|p| p.as_rule() == Rule::player_name)
        .map(|p| spanned_text(&p));
    if found.is_none() {
        ctx.internal(span);
    }
    found
}

/// The players named on `players` lines, read before the main pass so that
/// recovery and checks can tell a player from a misspelled keyword.
pub(super) fn declared_players(lines: &[Pair<'_, Rule>]) -> Vec<String> {
    lines
        .iter()
        .filter(|p| p.as_rule() == Rule::statement)
        .flat_map(|p| p.clone().into_inner())
        .filter(|p| p.as_rule() == Rule::players_line)
        .flat_map(players)
        .map(|s| s.node)
        .collect()
}

/// True for the `kw_*` rules.
pub(super) fn is_keyword(rule: Rule) -> bool {
    super::recover::keyword_text(rule).is_some()
}

#[cfg(test)]
mod tests {
    use crate::ast::*;
    use crate::parse::test_util::{codes, ok};

    fn header(src: &str) -> Header {
        let f = ok(src);
        match f.items.into_iter().next().map(|i| i.node) {
            Some(Item::Header(h)) => h,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn scenario_title_is_unescaped() {
        let Header::Scenario { title } = header(r#"scenario "say \"hi\" \\ bye""#) else {
            panic!()
        };
        assert_eq!(title.node, r#"say "hi" \ bye"#);
        assert_eq!(title.span, Span::new(9, 28));
    }

    #[test]
    fn sources() {
        assert!(matches!(header("source own"), Header::Source(Source::Own(_))));
        let Header::Source(Source::Work { id, locators, note }) =
            header(r#"source 000_fee7e8147b67bbe6.txt p.11 pp.13-15 §1.9 "second example""#)
        else {
            panic!()
        };
        assert_eq!(id.node, "000_fee7e8147b67bbe6.txt");
        let locs: Vec<_> = locators.into_iter().map(|l| l.node).collect();
        assert_eq!(
            locs,
            vec![Locator::Page(11), Locator::Pages(13, 15), Locator::Section(vec![1, 9])]
        );
        assert_eq!(note.map(|n| n.node).as_deref(), Some("second example"));
        let Header::Source(Source::Work { note, .. }) = header("source base-almanac §4") else {
            panic!()
        };
        assert!(note.is_none());
    }

    #[test]
    fn rules_with_profile_and_options() {
        let Header::Rules(spec) =
            header("rules cities-and-knights profile english option fiesepeter on option crane-cap 2")
        else {
            panic!()
        };
        assert_eq!(spec.ruleset.node, "cities-and-knights");
        assert_eq!(spec.profile.map(|p| p.node).as_deref(), Some("english"));
        let opts: Vec<_> = spec
            .options
            .iter()
            .map(|o| (o.node.name.node.clone(), o.node.value.node.clone()))
            .collect();
        assert_eq!(
            opts,
            vec![
                ("fiesepeter".into(), OptionValue::Word("on".into())),
                ("crane-cap".into(), OptionValue::Number(2)),
            ]
        );
    }

    #[test]
    fn variant_include_players_start() {
        let f = ok("variant english: rules cities-and-knights profile english\n\
                    include \"fragments/beginner-4p.cat\"\nplayers red, blue white\nstart blue\n\
                    language de\ntags robber seven\ncovers BASE.ROBBER.MOVE, CK.KNIGHT.ACTIVATED_THIS_TURN\n\
                    known-bug \"the engine pays a blocked hex\"");
        let kinds: Vec<_> = f.items.iter().map(|i| i.node.kind_name()).collect();
        assert_eq!(
            kinds,
            [
                "variant",
                "include",
                "players",
                "start",
                "language",
                "tags",
                "covers",
                "known-bug"
            ]
        );
        let v = f.variants().next().cloned().unwrap();
        assert_eq!(v.name.node, "english");
        assert_eq!(v.rules.node.ruleset.node, "cities-and-knights");
        let inc = f.includes().next().unwrap();
        assert_eq!(inc.path.node, "fragments/beginner-4p.cat");
        let players: Vec<_> = f.players().unwrap().iter().map(|p| p.node.as_str()).collect();
        assert_eq!(players, ["red", "blue", "white"]);
    }

    #[test]
    fn header_errors() {
        assert_eq!(codes("scenario"), ["dsl::syntax::unexpected_token"]);
        assert_eq!(codes("scenario \"open"), ["dsl::syntax::unterminated_string"]);
        assert_eq!(codes("scenaro \"x\""), ["dsl::syntax::unknown_header"]);
        assert_eq!(codes("source x p."), ["dsl::syntax::bad_locator"]);
        assert_eq!(codes("source x p.99999999999"), ["dsl::syntax::bad_number"]);
        assert_eq!(codes("rules base profile a profile b"), ["dsl::syntax::duplicate"]);
        assert_eq!(codes("covers base.robber.move"), ["dsl::syntax::bad_rule_id"]);
        assert_eq!(codes("variant english rules base"), ["dsl::syntax::unexpected_token"]);
    }
}
