//! Rulesets: the base game plus a set of expansions, an edition profile and named options.
//!
//! Where sources disagree the difference is a named option, never a silent pick. Each
//! expansion owns its options (`base.rs` here; Cities & Knights and The Court in their rules
//! folders) and a table of [`OptionSpec`]s that sets them by name. Combinations compose: a
//! ruleset is any subset of the expansions ([`ExpansionSet`]), and its victory target is the
//! base game's 10 plus each expansion's delta. Expansions that are not implemented yet are
//! refused by [`Ruleset::validate`] with a clear error, so no game silently runs with missing
//! rules.

mod base;
mod set;

pub use crate::rules::barb::options::*;
pub use crate::rules::ck::options::*;
pub use crate::rules::court::options::*;
pub use base::*;
pub use set::ExpansionSet;

use serde::{Deserialize, Serialize};

/// An expansion or variant module.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Expansion {
    /// Cities & Knights (source `000_fee7e8147b67bbe6.txt`).
    CitiesAndKnights,
    /// Seafarers (source `004_bf8a3dbb68824bc0.txt`; with Cities & Knights, source
    /// `000_fee7e8147b67bbe6.txt` p. 12).
    Seafarers,
    /// Traders & Barbarians "Barbarian Attack" on the base game (source `catan-faq-tb`).
    BarbarianAttack,
    /// The fan variant "The Court" (source `002_5f4cc12aafd16c0e.txt`).
    TheCourt,
}

impl Expansion {
    /// Every expansion, in canonical order.
    pub const ALL: [Expansion; 4] = [
        Expansion::CitiesAndKnights,
        Expansion::Seafarers,
        Expansion::BarbarianAttack,
        Expansion::TheCourt,
    ];

    /// Kebab-case name.
    pub fn name(self) -> &'static str {
        match self {
            Expansion::CitiesAndKnights => "cities-and-knights",
            Expansion::Seafarers => "seafarers",
            Expansion::BarbarianAttack => "barbarian-attack",
            Expansion::TheCourt => "the-court",
        }
    }

    /// The name a ruleset list uses for it (`court` for The Court).
    pub fn ruleset_name(self) -> &'static str {
        match self {
            Expansion::TheCourt => "court",
            e => e.name(),
        }
    }

    /// The expansion a ruleset name stands for (`court` and `the-court` both name The Court).
    pub fn from_ruleset_name(name: &str) -> Option<Expansion> {
        match name {
            "court" => Some(Expansion::TheCourt),
            n => Expansion::ALL.into_iter().find(|e| e.name() == n),
        }
    }

    /// Victory points this expansion adds to the base game's target of 10: Cities & Knights
    /// 13 (source `000_fee7e8147b67bbe6.txt` p. 3), The Court 11 (source
    /// `002_5f4cc12aafd16c0e.txt`, "End of the Game"). Deltas add up, so The Court with Cities
    /// & Knights needs 14 (this project's rule `COURT.CK.VICTORY_TARGET`).
    pub fn victory_target_delta(self) -> u8 {
        match self {
            Expansion::CitiesAndKnights => 3,
            Expansion::TheCourt => 1,
            // 12: option `victory-target` (sources say 10 or 12, see README).
            Expansion::BarbarianAttack => 2,
            Expansion::Seafarers => 0,
        }
    }

    /// Whether the engine implements this expansion.
    pub fn implemented(self) -> bool {
        matches!(
            self,
            Expansion::CitiesAndKnights | Expansion::TheCourt | Expansion::Seafarers | Expansion::BarbarianAttack
        )
    }

    /// The options this expansion owns.
    pub fn options(self) -> &'static [OptionSpec] {
        match self {
            Expansion::CitiesAndKnights => crate::rules::ck::options::CK_OPTIONS,
            Expansion::TheCourt => crate::rules::court::options::COURT_OPTIONS,
            Expansion::Seafarers => crate::rules::sea::options::SEA_OPTIONS,
            Expansion::BarbarianAttack => crate::rules::barb::options::BARB_OPTIONS,
        }
    }
}

/// The rules a game is played by.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize, Default)]
pub struct Ruleset {
    /// Expansions on top of the base game.
    pub expansions: ExpansionSet,
    /// Edition profile; `None` is the default profile (English).
    pub profile: Option<Profile>,
    /// Base-game options.
    pub base: BaseOptions,
    /// Cities & Knights options (ignored without the expansion).
    pub ck: CkOptions,
    /// The Court's options (ignored without the variant).
    #[serde(default)]
    pub court: CourtOptions,
    /// Seafarers' options (ignored without the expansion).
    #[serde(default)]
    pub sea: crate::rules::sea::options::SeaOptions,
    /// Barbarian Attack's options (ignored without the scenario).
    #[serde(default)]
    pub barb: crate::rules::barb::options::BarbOptions,
}

/// A named option: its name in scenarios, the values it takes, and how to set and read it.
#[derive(Clone, Copy, Debug)]
pub struct OptionSpec {
    /// The option's name in scenarios.
    pub name: &'static str,
    /// The values it takes (`<number>` for numbers).
    pub values: &'static [&'static str],
    /// One line saying what it decides.
    pub doc: &'static str,
    /// Sets the option from a value word; `None` when the word is not one of its values.
    pub set: fn(&mut Ruleset, &str) -> Option<()>,
    /// The option's value in a ruleset, as the word that sets it.
    pub get: fn(&Ruleset) -> String,
    /// For numbers: the smallest value accepted.
    pub min: u8,
}

/// An option whose value is one of a few words, each naming one variant.
pub trait OptionWords: Copy + PartialEq + 'static {
    /// Every value with its word, in documented order.
    const WORDS: &'static [(&'static str, Self)];
    /// The words alone, in the same order.
    const NAMES: &'static [&'static str];

    /// The value a word names.
    fn from_word(word: &str) -> Option<Self> {
        Self::WORDS.iter().find(|(w, _)| *w == word).map(|(_, v)| *v)
    }

    /// The word naming this value.
    fn word(self) -> &'static str {
        Self::WORDS.iter().find(|(_, v)| *v == self).map_or("", |(w, _)| w)
    }
}

/// Implements [`OptionWords`] for an enum from `"word" => Variant` pairs.
macro_rules! option_words {
    ($t:ty { $($w:literal => $v:ident),+ $(,)? }) => {
        impl $crate::ruleset::OptionWords for $t {
            const WORDS: &'static [(&'static str, Self)] = &[$(($w, <$t>::$v)),+];
            const NAMES: &'static [&'static str] = &[$($w),+];
        }
    };
}
pub(crate) use option_words;

/// An [`OptionSpec`] for a word-valued option stored at a field path of [`Ruleset`].
macro_rules! word_option {
    ($name:literal, $ty:ty, $($field:ident).+, $doc:literal) => {
        $crate::ruleset::OptionSpec {
            name: $name,
            values: <$ty as $crate::ruleset::OptionWords>::NAMES,
            doc: $doc,
            set: |r, v| {
                r.$($field).+ = <$ty as $crate::ruleset::OptionWords>::from_word(v)?;
                Some(())
            },
            get: |r| $crate::ruleset::OptionWords::word(r.$($field).+).to_string(),
            min: 0,
        }
    };
}
pub(crate) use word_option;

/// An [`OptionSpec`] for a number option (at least `min`) stored at a field path.
macro_rules! number_option {
    ($name:literal, $min:literal, $($field:ident).+, $doc:literal) => {
        $crate::ruleset::OptionSpec {
            name: $name,
            values: &["<number>"],
            doc: $doc,
            set: |r, v| {
                r.$($field).+ = $crate::ruleset::number(v, $min)?;
                Some(())
            },
            get: |r| r.$($field).+.to_string(),
            min: $min,
        }
    };
}
pub(crate) use number_option;

/// `yes`/`no` options.
impl OptionWords for bool {
    const WORDS: &'static [(&'static str, Self)] = &[("yes", true), ("no", false)];
    const NAMES: &'static [&'static str] = &["yes", "no"];
}

/// Parses a number option's value (at least `min`).
pub(crate) fn number(value: &str, min: u8) -> Option<u8> {
    value.parse::<u8>().ok().filter(|n| *n >= min)
}

/// Why a named option could not be set.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OptionError {
    /// No option has this name.
    #[error("there is no option `{0}`")]
    UnknownName(String),
    /// The value is not one the option takes.
    #[error("`{value}` is not a value of option `{name}` (expected {expected})")]
    BadValue {
        /// The option.
        name: &'static str,
        /// The value given.
        value: String,
        /// What it takes, in words.
        expected: String,
    },
}

impl Ruleset {
    /// The plain base game with default options.
    pub fn base() -> Ruleset {
        Ruleset::default()
    }

    /// The base game with a set of expansions, each with its default options, and the
    /// victory target the combination needs (see [`Expansion::victory_target_delta`]).
    pub fn with(expansions: ExpansionSet) -> Ruleset {
        let mut r = Ruleset {
            expansions,
            ..Ruleset::default()
        };
        r.base.victory_target =
            BaseOptions::default().victory_target + expansions.iter().map(Expansion::victory_target_delta).sum::<u8>();
        if expansions.contains(Expansion::BarbarianAttack) && expansions.contains(Expansion::CitiesAndKnights) {
            // Seed 003 "End of the game": 13 (rule `BARB.CK.VICTORY_TARGET`).
            r.base.victory_target = crate::rules::barb::ck::VICTORY_TARGET;
        }
        r
    }

    /// Cities & Knights with the default (English) profile: 13 victory points.
    pub fn cities_and_knights() -> Ruleset {
        Ruleset::with(ExpansionSet::of(&[Expansion::CitiesAndKnights]))
    }

    /// The Court on the base game (source `002_5f4cc12aafd16c0e.txt`, "End of the Game"):
    /// 11 victory points.
    pub fn the_court() -> Ruleset {
        Ruleset::with(ExpansionSet::of(&[Expansion::TheCourt]))
    }

    /// The Court with Cities & Knights (this project's own combination, no official source):
    /// 14 victory points, the Cities & Knights 13 plus the 1 The Court adds to the base game's
    /// 10 (rule `COURT.CK.VICTORY_TARGET`; option `victory-target` changes it).
    pub fn cities_and_knights_with_court() -> Ruleset {
        Ruleset::with(ExpansionSet::of(&[Expansion::CitiesAndKnights, Expansion::TheCourt]))
    }

    /// The ruleset named by a list of module names: `base`, `cities-and-knights`, `court` (or
    /// `the-court`), e.g. `["cities-and-knights", "court"]`, composed by [`Ruleset::with`].
    ///
    /// # Errors
    /// The first unknown or unsupported name, in words.
    pub fn from_names<'a>(names: impl IntoIterator<Item = &'a str>) -> Result<Ruleset, String> {
        let mut set = ExpansionSet::EMPTY;
        for n in names {
            if n == "base" {
                continue;
            }
            match Expansion::from_ruleset_name(n) {
                Some(e) if e.implemented() => set.insert(e),
                Some(_) => return Err(format!("`{n}` is not implemented yet")),
                None => {
                    return Err(format!(
                        "unknown ruleset `{n}` (expected base, cities-and-knights, court, seafarers, barbarian-attack)"
                    ))
                }
            }
        }
        Ok(Ruleset::with(set))
    }

    /// The names [`Ruleset::from_names`] accepts.
    pub const NAMES: &'static [&'static str] = &[
        "base",
        "cities-and-knights",
        "court",
        "the-court",
        "seafarers",
        "barbarian-attack",
    ];

    /// The ruleset's modules as a scenario's `rules` line writes them: `base`, or the
    /// expansions joined by `+` (`cities-and-knights+court`).
    pub fn modules_name(&self) -> String {
        if self.expansions.is_empty() {
            return "base".into();
        }
        let names: Vec<&str> = self.expansions.iter().map(Expansion::ruleset_name).collect();
        names.join("+")
    }

    /// The beginner board for this ruleset: with The Court, the beginner layout with the Court
    /// hex in place of the desert.
    pub fn beginner_board(&self) -> crate::Board {
        if self.court() {
            crate::Board::beginner_court()
        } else if self.has(Expansion::BarbarianAttack) {
            crate::Board::barbarian_attack(0, &self.barb)
        } else {
            crate::Board::beginner()
        }
    }

    /// A seeded random board for this ruleset: with The Court, the Court in the centre.
    pub fn random_board(&self, seed: u64, placement: crate::board::TokenPlacement) -> crate::Board {
        if self.court() {
            crate::Board::random_court(seed, placement)
        } else if self.has(Expansion::BarbarianAttack) {
            crate::Board::barbarian_attack(seed, &self.barb)
        } else {
            crate::Board::random(seed, placement)
        }
    }

    /// Sets an edition profile: its options replace the Cities & Knights options and the
    /// Seafarers-with-Cities-&-Knights ones ([`crate::rules::sea::options::SeaOptions::with_profile`]).
    pub fn set_profile(&mut self, profile: Profile) {
        self.profile = Some(profile);
        self.ck = profile.ck_options();
        self.sea = self.sea.with_profile(profile);
    }

    /// Every named option: the base game's, then each expansion's, in canonical order (all
    /// expansions, whether or not this ruleset has them: an option of an absent expansion is
    /// accepted and ignored, so one option line can serve several variants).
    pub fn options() -> impl Iterator<Item = &'static OptionSpec> {
        BASE_OPTIONS
            .iter()
            .chain(Expansion::ALL.into_iter().flat_map(Expansion::options))
    }

    /// The option with a name.
    pub fn option(name: &str) -> Option<&'static OptionSpec> {
        Ruleset::options().find(|o| o.name == name)
    }

    /// Sets a named option (see [`Ruleset::options`]).
    ///
    /// # Errors
    /// An unknown name or a value the option does not take.
    pub fn set_option(&mut self, name: &str, value: &str) -> Result<(), OptionError> {
        let spec = Ruleset::option(name).ok_or_else(|| OptionError::UnknownName(name.to_string()))?;
        (spec.set)(self, value).ok_or_else(|| OptionError::BadValue {
            name: spec.name,
            value: value.to_string(),
            expected: match spec.values {
                ["<number>"] if spec.min > 0 => "a positive number".into(),
                ["<number>"] => "a number".into(),
                words => words.iter().map(|v| format!("`{v}`")).collect::<Vec<_>>().join(" or "),
            },
        })
    }

    /// The value of a named option, as the word that sets it.
    pub fn option_value(&self, name: &str) -> Option<String> {
        Ruleset::option(name).map(|o| (o.get)(self))
    }

    /// Whether an expansion is part of this ruleset.
    #[inline]
    pub fn has(&self, e: Expansion) -> bool {
        self.expansions.contains(e)
    }

    /// Whether this is a Cities & Knights game (for drivers and reports; the rules
    /// themselves go through the expansion hooks).
    #[inline]
    pub fn ck(&self) -> bool {
        self.has(Expansion::CitiesAndKnights)
    }

    /// Whether this game is played with The Court (for drivers and reports).
    #[inline]
    pub fn court(&self) -> bool {
        self.has(Expansion::TheCourt)
    }

    /// Whether commodities exist in this ruleset.
    pub fn has_commodities(&self) -> bool {
        crate::rules::extensions::commodities_in(self.expansions)
    }

    /// Refuses rulesets whose rules are not implemented yet (Barbarian Attack with Seafarers
    /// or The Court, Seafarers with The Court).
    ///
    /// # Errors
    /// [`crate::RuleError::Unsupported`] naming the first missing piece.
    pub fn validate(&self) -> Result<(), crate::RuleError> {
        for e in self.expansions.iter() {
            match e {
                Expansion::CitiesAndKnights
                | Expansion::TheCourt
                | Expansion::Seafarers
                | Expansion::BarbarianAttack => continue,
            }
        }
        if self.has(Expansion::BarbarianAttack) && (self.has(Expansion::Seafarers) || self.has(Expansion::TheCourt)) {
            return Err(crate::RuleError::Unsupported {
                what: "Barbarian Attack with Seafarers or The Court (no source defines the combination)",
            });
        }
        // Combinations whose rules are not built yet are refused, never played by guesswork.
        if self.has(Expansion::Seafarers) && self.has(Expansion::TheCourt) {
            return Err(crate::RuleError::Unsupported {
                what: "Seafarers with The Court (no source defines the combination)",
            });
        }
        Ok(())
    }

    /// A one-line description, e.g. `base + cities-and-knights profile colonist`.
    pub fn describe(&self) -> String {
        let mut s = String::from("base");
        for e in self.expansions.iter() {
            s.push_str(" + ");
            s.push_str(e.name());
        }
        if let Some(p) = &self.profile {
            s.push_str(" profile ");
            s.push_str(p.name());
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_option_accepts_each_listed_value_and_refuses_others() {
        for o in Ruleset::options() {
            let mut r = Ruleset::cities_and_knights();
            for v in o.values {
                let v = if *v == "<number>" { "9" } else { v };
                assert_eq!(r.set_option(o.name, v), Ok(()), "{} {}", o.name, v);
            }
            assert!(matches!(
                r.set_option(o.name, "bogus"),
                Err(OptionError::BadValue { .. })
            ));
        }
        assert!(matches!(
            Ruleset::base().set_option("nope", "1"),
            Err(OptionError::UnknownName(_))
        ));
    }

    #[test]
    fn profiles_set_their_switches() {
        let mut r = Ruleset::cities_and_knights();
        r.set_profile(Profile::Colonist);
        assert_eq!(r.ck.defender, DefenderCriterion::KnightCount);
        assert_eq!(r.ck.merchant_next_to, MerchantNextTo::Settlements);
        assert_eq!(r.ck.deserter_strength, DeserterStrength::SameOrLower);
        assert_eq!(r.ck.defender_tie_card, DefenderTieCard::ChooseCard);
        r.set_profile(Profile::German3d);
        assert_eq!(r.ck.merchant_next_to, MerchantNextTo::SettlementsOrCities);
        assert_eq!(r.ck.knight_passing, KnightPassing::NoForeignKnights);
        assert_eq!(r.ck.defender, DefenderCriterion::Strength);
    }

    #[test]
    fn fiesepeter_is_accepted() {
        let mut r = Ruleset::cities_and_knights();
        r.set_option("battle", "fiesepeter").unwrap();
        assert!(r.validate().is_ok());
    }

    #[test]
    fn every_option_reads_back_the_value_it_was_set_to() {
        for o in Ruleset::options() {
            for v in o.values {
                let v = if *v == "<number>" { "9" } else { v };
                let mut r = Ruleset::cities_and_knights_with_court();
                r.set_option(o.name, v).unwrap();
                assert_eq!(r.option_value(o.name).as_deref(), Some(v), "{}", o.name);
                assert_eq!((o.get)(&r), v, "{}", o.name);
            }
        }
    }

    #[test]
    fn option_names_are_unique_across_expansions() {
        let mut names: Vec<&str> = Ruleset::options().map(|o| o.name).collect();
        let all = names.len();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), all);
    }

    #[test]
    fn from_names_composes_every_combination_of_implemented_expansions() {
        let implemented: Vec<Expansion> = Expansion::ALL.into_iter().filter(|e| e.implemented()).collect();
        for mask in 0u32..(1 << implemented.len()) {
            let chosen: Vec<Expansion> = implemented
                .iter()
                .enumerate()
                .filter(|(i, _)| mask & (1 << i) != 0)
                .map(|(_, e)| *e)
                .collect();
            // In either order the same ruleset.
            let names: Vec<&str> = chosen.iter().map(|e| e.ruleset_name()).collect();
            let forward = Ruleset::from_names(names.iter().copied()).unwrap();
            let backward = Ruleset::from_names(names.iter().rev().copied()).unwrap();
            assert_eq!(forward, backward);
            let mut target = 10 + chosen.iter().map(|e| e.victory_target_delta()).sum::<u8>();
            if chosen.contains(&Expansion::BarbarianAttack) && chosen.contains(&Expansion::CitiesAndKnights) {
                target = 13;
            }
            assert_eq!(forward.base.victory_target, target, "{names:?}");
            for e in Expansion::ALL {
                assert_eq!(forward.has(e), chosen.contains(&e));
            }
            // The modules name reads back to the same ruleset.
            let again = Ruleset::from_names(forward.modules_name().split('+')).unwrap();
            assert_eq!(again, forward);
        }
        assert_eq!(
            Ruleset::from_names(["cities-and-knights", "court"]),
            Ok(Ruleset::cities_and_knights_with_court())
        );
        assert!(Ruleset::from_names(["courtt"]).unwrap_err().contains("unknown ruleset"));
        for e in Expansion::ALL.into_iter().filter(|e| !e.implemented()) {
            assert!(Ruleset::from_names([e.ruleset_name()])
                .unwrap_err()
                .contains("not implemented"));
        }
    }
}
