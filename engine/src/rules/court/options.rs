//! Named options of The Court and of its combination with Cities & Knights.

use crate::ruleset::{option_words, word_option, OptionSpec, OptionWords};
use serde::{Deserialize, Serialize};

/// When the robber may first come onto a Court island (base game + The Court).
///
/// Source `002_5f4cc12aafd16c0e.txt`, set-up: the robber stays outside the island "until the
/// first seven is rolled". Read literally (`first-seven`, default), a Knight card played before
/// the first 7 still counts for Largest Army but leaves the robber off the island and robs
/// nobody. Read as "there is no desert to start on" (`knight-or-seven`), a Knight card may bring
/// the robber in before the first 7.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
pub enum CourtRobberStart {
    /// Only the first 7 brings the robber onto the island.
    #[default]
    FirstSeven,
    /// A Knight card before the first 7 also places it.
    KnightOrSeven,
}

/// Court + Cities & Knights (this project's own combination rule, no official source): where
/// the robber enters at the first barbarian attack, as there is no desert.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
pub enum CourtRobberEntry {
    /// On the Court hex, the desert's stand-in (it produces nothing).
    #[default]
    CourtHex,
    /// It stays off the island until the next 7, whose roller places it (as in The Court).
    NextSeven,
}

/// Named options of The Court and of its combination with Cities & Knights.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct CourtOptions {
    /// When the robber may first come onto the island (base game).
    pub robber_start: CourtRobberStart,
    /// With Cities & Knights: where the robber enters at the first barbarian attack.
    pub robber_entry: CourtRobberEntry,
    /// With Cities & Knights: whether knights may stand on the Court's six intersections.
    pub knights_at_court: bool,
}

impl Default for CourtOptions {
    fn default() -> Self {
        CourtOptions {
            robber_start: CourtRobberStart::FirstSeven,
            robber_entry: CourtRobberEntry::CourtHex,
            knights_at_court: true,
        }
    }
}

option_words!(CourtRobberStart { "first-seven" => FirstSeven, "knight-or-seven" => KnightOrSeven });
option_words!(CourtRobberEntry { "court-hex" => CourtHex, "next-seven" => NextSeven });

/// Whether knights may stand on the Court's intersections (`court-knights`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct KnightsAtCourt(bool);

/// The named options of The Court and of its combination with Cities & Knights.
pub const COURT_OPTIONS: &[OptionSpec] = &[
    word_option!(
        "court-robber-start",
        CourtRobberStart,
        court.robber_start,
        "The Court: whether a Knight card before the first 7 brings the robber onto the island"
    ),
    word_option!(
        "court-robber-entry",
        CourtRobberEntry,
        court.robber_entry,
        "Court + Cities & Knights: where the robber enters at the first barbarian attack"
    ),
    OptionSpec {
        name: "court-knights",
        values: &["allowed", "forbidden"],
        doc: "Court + Cities & Knights: whether knights may stand on the Court's intersections",
        set: |r, v| {
            r.court.knights_at_court = KnightsAtCourt::from_word(v)?.0;
            Some(())
        },
        get: |r| KnightsAtCourt(r.court.knights_at_court).word().to_string(),
        min: 0,
    },
];

impl OptionWords for KnightsAtCourt {
    const WORDS: &'static [(&'static str, Self)] =
        &[("allowed", KnightsAtCourt(true)), ("forbidden", KnightsAtCourt(false))];
    const NAMES: &'static [&'static str] = &["allowed", "forbidden"];
}
