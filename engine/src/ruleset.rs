//! Rulesets: the base game plus expansions, an edition profile and named options.
//!
//! Where sources disagree the difference is a named option here, never a silent pick.
//! Expansions that are not implemented yet are refused by [`Ruleset::validate`] with a clear
//! error, so no game silently runs with missing rules.

use serde::{Deserialize, Serialize};

/// An expansion or variant module.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Expansion {
    /// Cities & Knights (not implemented yet).
    CitiesAndKnights,
    /// Seafarers (not implemented yet).
    Seafarers,
    /// Traders & Barbarians "Barbarian Attack" (not implemented yet).
    BarbarianAttack,
    /// The fan variant "The Court" (not implemented yet).
    TheCourt,
}

impl Expansion {
    /// Kebab-case name.
    pub fn name(self) -> &'static str {
        match self {
            Expansion::CitiesAndKnights => "cities-and-knights",
            Expansion::Seafarers => "seafarers",
            Expansion::BarbarianAttack => "barbarian-attack",
            Expansion::TheCourt => "the-court",
        }
    }
}

/// Which development cards may be played before the production roll.
///
/// Source `base-rules` §4 and §6: the almanac lets one development card be played at any
/// moment of the turn, before the roll too (`Any`, the default); older rule texts allow only
/// a knight before the roll (`KnightOnly`).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
pub enum DevBeforeRoll {
    /// Any development card (one per turn) may be played before rolling.
    #[default]
    Any,
    /// Only a knight may be played before rolling.
    KnightOnly,
}

/// Bank shortage, when several players are owed a resource the bank cannot pay in full.
///
/// Source `base-rules` §4: nobody receives that resource. If only one player is owed it,
/// `OneTakesRest` (the default) gives that player what is left; `NobodyEver` gives nothing.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
pub enum ShortageRule {
    /// A single owed player takes what is left.
    #[default]
    OneTakesRest,
    /// Nobody receives a resource the bank cannot pay in full.
    NobodyEver,
}

/// Named options of the base game.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct BaseOptions {
    /// Victory points needed to win (10 in the base game).
    pub victory_target: u8,
    /// Which development cards may be played before the roll.
    pub dev_before_roll: DevBeforeRoll,
    /// Bank shortage handling.
    pub shortage: ShortageRule,
    /// The hand size above which a player discards half on a 7 (7: discard with 8 or more).
    pub discard_limit: u8,
}

impl Default for BaseOptions {
    fn default() -> Self {
        BaseOptions {
            victory_target: 10,
            dev_before_roll: DevBeforeRoll::Any,
            shortage: ShortageRule::OneTakesRest,
            discard_limit: 7,
        }
    }
}

/// The rules a game is played by.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize, Default)]
pub struct Ruleset {
    /// Expansions on top of the base game, in canonical order.
    pub expansions: Vec<Expansion>,
    /// Edition profile name (`english`, `colonist`, `german-3d`); `None` is the default profile.
    pub profile: Option<String>,
    /// Base-game options.
    pub base: BaseOptions,
}

impl Ruleset {
    /// The plain base game with default options.
    pub fn base() -> Ruleset {
        Ruleset::default()
    }

    /// Whether an expansion is part of this ruleset.
    pub fn has(&self, e: Expansion) -> bool {
        self.expansions.contains(&e)
    }

    /// Whether commodities exist in this ruleset.
    pub fn has_commodities(&self) -> bool {
        self.has(Expansion::CitiesAndKnights)
    }

    /// Refuses rulesets whose rules are not implemented yet.
    ///
    /// # Errors
    /// [`crate::RuleError::Unsupported`] naming the first missing expansion.
    pub fn validate(&self) -> Result<(), crate::RuleError> {
        if let Some(e) = self.expansions.first() {
            return Err(crate::RuleError::Unsupported {
                what: match e {
                    Expansion::CitiesAndKnights => "the Cities & Knights expansion",
                    Expansion::Seafarers => "the Seafarers expansion",
                    Expansion::BarbarianAttack => "the Barbarian Attack scenario",
                    Expansion::TheCourt => "the variant The Court",
                },
            });
        }
        Ok(())
    }

    /// A one-line description, e.g. `base (victory 10)`.
    pub fn describe(&self) -> String {
        let mut s = String::from("base");
        for e in &self.expansions {
            s.push_str(" + ");
            s.push_str(e.name());
        }
        if let Some(p) = &self.profile {
            s.push_str(" profile ");
            s.push_str(p);
        }
        s
    }
}
