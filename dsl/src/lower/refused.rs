//! The rule ids a script insists on: every `-> refused RULE.ID` must name a rule of the
//! catalog, so that a typo in an id is an error of the file rather than a step that can
//! never pass.

use super::Cx;
use crate::scenario::{Step, StepKind};
use crate::vocab::nearest;

/// Reports every `-> refused RULE.ID` of `steps` whose id is not in `catalog`, at the id,
/// with the nearest known id (or the ids sharing its longest dotted prefix) suggested.
pub(super) fn check_refused_ids(cx: &mut Cx<'_>, steps: &[Step], catalog: &[String]) {
    for step in steps {
        let (StepKind::Act { refused, .. } | StepKind::Chance { refused, .. }) = &step.kind else {
            continue;
        };
        let Some((id, span)) = refused else { continue };
        if catalog.iter().any(|k| k == id) {
            continue;
        }
        cx.errors.push(super::LowerError {
            message: format!("`{id}` is not in the rule catalog"),
            code: "dsl::lower::unknown_rule_id".into(),
            span: (span.start, span.end.saturating_sub(span.start)).into(),
            label: "unknown rule id".into(),
            help: Some(suggest(id, catalog)),
            src: None,
        });
    }
}

/// The help for an unknown rule id: the nearest id by spelling, else the ids that share
/// its longest dotted prefix (`BASE.TRADE.…`).
fn suggest(id: &str, ids: &[String]) -> String {
    if let Some(n) = nearest(id, ids.iter().map(String::as_str)) {
        return format!("did you mean `{n}`? (`catan-harness rules` lists every id)");
    }
    let segments: Vec<&str> = id.split('.').collect();
    for keep in (1..segments.len()).rev() {
        let prefix = format!("{}.", segments[..keep].join("."));
        let near: Vec<&str> = ids
            .iter()
            .filter(|k| k.starts_with(&prefix))
            .map(String::as_str)
            .collect();
        if near.is_empty() {
            continue;
        }
        const SHOWN: usize = 6;
        let list: Vec<String> = near.iter().take(SHOWN).map(|k| format!("`{k}`")).collect();
        let more = if near.len() > SHOWN {
            format!(" and {} more", near.len() - SHOWN)
        } else {
            String::new()
        };
        return format!(
            "did you mean one of {}{more}? (`catan-harness rules --grep {prefix}` lists them with their statements)",
            list.join(", ")
        );
    }
    "`catan-harness rules` lists every rule id the engine refuses with".to_string()
}

#[cfg(test)]
mod tests {
    use super::suggest;

    fn ids(v: &[&str]) -> Vec<String> {
        v.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn an_unknown_id_is_answered_with_the_nearest_or_its_family() {
        let known = ids(&["BASE.ROBBER.MUST_MOVE", "BASE.ROBBER.STEAL", "SEA.SHIP.COST"]);
        assert!(suggest("BASE.ROBBER.MUST_MOVES", &known).contains("`BASE.ROBBER.MUST_MOVE`"));
        let family = suggest("BASE.ROBBER.ZZZZZZZZZZZZ", &known);
        assert!(
            family.contains("one of `BASE.ROBBER.MUST_MOVE`, `BASE.ROBBER.STEAL`"),
            "{family}"
        );
        assert!(suggest("XYZ.QQQQQQQQ", &known).contains("`catan-harness rules` lists every rule id"));
    }
}
