//! File-level checks that need the whole file: things given twice, an empty
//! file, a script without a title, and step lines whose "player" is really a
//! misspelled keyword or a block line written outside its block.

use pest::Parser as _;

use super::recover::{board_keywords, top_keywords};
use super::{Ctx, BLANK};
use crate::ast::{Header, Item, Span, Spanned};
use crate::diagnostics::ParseError;
use crate::parser::{Rule, ScenarioParser};
use crate::vocab::nearest;

pub(super) fn check_file(ctx: &mut Ctx<'_>, items: &[Spanned<Item>]) {
    empty_file(ctx, items);
    duplicates(ctx, items);
    missing_scenario(ctx, items);
    step_actors(ctx, items);
}

fn empty_file(ctx: &mut Ctx<'_>, items: &[Spanned<Item>]) {
    if !items.is_empty() || !ctx.errors.is_empty() {
        return;
    }
    // Label the first comment, if the file has one.
    let mut offset = 0;
    let mut span = None;
    for line in ctx.src.split_inclusive('\n') {
        let trimmed = line.trim();
        if !trimmed.is_empty() {
            let lead = line.len() - line.trim_start().len();
            span = Some(Span::new(offset + lead, offset + lead + trimmed.len()).into());
            break;
        }
        offset += line.len();
    }
    ctx.error(ParseError::EmptyFile { span });
}

/// The span of an item's first line (a block's keyword line only).
fn first_line(item: &Spanned<Item>, src: &str) -> Span {
    let text = item.span.text(src);
    let len = text.find(['\n', '\r']).unwrap_or(text.len());
    Span::new(
        item.span.start,
        item.span.start + text[..len].trim_end_matches(BLANK).len(),
    )
}

fn duplicates(ctx: &mut Ctx<'_>, items: &[Spanned<Item>]) {
    let once = ["scenario", "rules", "language", "players", "start", "board", "position"];
    let mut seen: Vec<(&str, Span)> = Vec::new();
    let mut variants: Vec<&Spanned<String>> = Vec::new();
    for item in items {
        let kind = item.node.kind_name();
        let line = first_line(item, ctx.src);
        if once.contains(&kind) {
            if let Some((_, first)) = seen.iter().find(|(k, _)| *k == kind) {
                ctx.error(ParseError::Duplicate {
                    what: format!("the `{kind}` line"),
                    span: line.into(),
                    first: (*first).into(),
                    help: Some(format!("a scenario has one `{kind}` line; remove one of them")),
                });
            } else {
                seen.push((kind, line));
            }
        }
        if let Item::Variant(v) = &item.node {
            if let Some(first) = variants.iter().find(|n| n.node == v.name.node) {
                ctx.error(ParseError::Duplicate {
                    what: format!("the variant `{}`", v.name.node),
                    span: v.name.span.into(),
                    first: first.span.into(),
                    help: Some("give each variant a different name".into()),
                });
            } else {
                variants.push(&v.name);
            }
        }
    }
}

fn missing_scenario(ctx: &mut Ctx<'_>, items: &[Spanned<Item>]) {
    let has_title = ctx.title_seen
        || items
            .iter()
            .any(|i| matches!(i.node, Item::Header(Header::Scenario { .. })));
    if has_title {
        return;
    }
    let first_script = items.iter().find(|i| {
        matches!(
            i.node,
            Item::Step(_) | Item::Chance(_) | Item::Expect(_) | Item::Snapshot(_)
        )
    });
    if let Some(first) = first_script {
        let span = first_line(first, ctx.src);
        ctx.error(ParseError::MissingScenario { span: span.into() });
    }
}

/// A step whose actor is no declared player but a misspelled keyword
/// (`tag robber seven`) or a board/position line outside its block
/// (`turn red main`).
fn step_actors(ctx: &mut Ctx<'_>, items: &[Spanned<Item>]) {
    for item in items {
        let Item::Step(step) = &item.node else {
            continue;
        };
        let actor = &step.action.node.actor;
        if ctx.is_player(&actor.node) {
            continue;
        }
        let line = first_line(item, ctx.src);
        if ScenarioParser::parse(Rule::block_keyword_check, &actor.node).is_ok() {
            let (block, opening) = if board_keywords().contains(&actor.node.as_str()) {
                ("board", "board … {")
            } else {
                ("position", "position {")
            };
            ctx.error(ParseError::LineOutsideBlock {
                span: line.into(),
                block: block.into(),
                help: Some(format!(
                    "`{}` is not a player here: this reads as a `{block}` line, which goes between `{opening}` and `}}`",
                    actor.node
                )),
            });
            continue;
        }
        if let Some(k) = nearest(&actor.node, top_keywords().iter().copied()) {
            ctx.error(ParseError::UnknownHeader {
                span: actor.span.into(),
                word: actor.node.clone(),
                help: Some(format!("did you mean `{k}`?")),
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::parse::test_util::{codes, ok};

    #[test]
    fn empty_and_comment_only_files() {
        assert_eq!(codes(""), ["dsl::syntax::empty_file"]);
        assert_eq!(codes("# just a note\n\n  # another\n"), ["dsl::syntax::empty_file"]);
    }

    #[test]
    fn duplicates() {
        assert_eq!(codes("scenario \"a\"\nscenario \"b\""), ["dsl::syntax::duplicate"]);
        assert_eq!(
            codes("variant x: rules base\nvariant x: rules base"),
            ["dsl::syntax::duplicate"]
        );
        // Several sources, tags and includes are fine.
        ok("source own\nsource base-almanac §4\ntags a\ntags b\ninclude \"a\"\ninclude \"b\"");
    }

    #[test]
    fn script_needs_a_title_but_fragments_do_not() {
        assert_eq!(codes("players red\nred rolls 3+4"), ["dsl::syntax::missing_scenario"]);
        ok("players red blue\nboard beginner\n");
    }

    #[test]
    fn misspelled_keywords_that_read_as_steps() {
        assert_eq!(
            codes("scenario \"t\"\nplayers red\ntag robber seven"),
            ["dsl::syntax::unknown_header"]
        );
        assert_eq!(
            codes("scenario \"t\"\nturn red main"),
            ["dsl::syntax::line_outside_block"]
        );
        // A declared player named like a keyword's neighbour is fine.
        ok("scenario \"t\"\nplayers tag\ntag rolls 3+4");
    }
}
