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
    /// Cities & Knights (part 1: the core rules; progress-card effects are refused).
    CitiesAndKnights,
    /// Seafarers (not implemented yet).
    Seafarers,
    /// Traders & Barbarians "Barbarian Attack" (not implemented yet).
    BarbarianAttack,
    /// The fan variant "The Court" (source `002_5f4cc12aafd16c0e.txt`).
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

/// Edition profiles for the points where the Cities & Knights rulebooks disagree.
///
/// Each profile is a preset of [`CkOptions`]; named options set after the profile override it.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
pub enum Profile {
    /// The English rules (source `000_fee7e8147b67bbe6.txt`), the default.
    #[default]
    English,
    /// The Colonist rules summary (source `001_f137f77325d91eec.txt`).
    Colonist,
    /// The German 3D edition (source `004_bf8a3dbb68824bc0.txt`).
    German3d,
}

impl Profile {
    /// Every profile.
    pub const ALL: [Profile; 3] = [Profile::English, Profile::Colonist, Profile::German3d];

    /// Kebab-case name, as written in scenarios.
    pub fn name(self) -> &'static str {
        match self {
            Profile::English => "english",
            Profile::Colonist => "colonist",
            Profile::German3d => "german-3d",
        }
    }

    /// The profile with a name.
    pub fn from_name(name: &str) -> Option<Profile> {
        Profile::ALL.into_iter().find(|p| p.name() == name)
    }

    /// The Cities & Knights options of this profile.
    pub fn ck_options(self) -> CkOptions {
        let d = CkOptions::default();
        match self {
            Profile::English => d,
            Profile::Colonist => CkOptions {
                defender: DefenderCriterion::KnightCount,
                progress_hand: ProgressHandLimit::FiveOnTurn,
                merchant_next_to: MerchantNextTo::Settlements,
                defender_tie_card: DefenderTieCard::ChooseCard,
                // `deserter_strength` stays `same-or-lower`: see [`DeserterStrength`].
                ..d
            },
            Profile::German3d => CkOptions {
                robber_before_attack: RobberBeforeAttack::InDesert,
                knight_passing: KnightPassing::NoForeignKnights,
                progress_hand: ProgressHandLimit::FourAlways,
                ..d
            },
        }
    }
}

/// Where the robber waits before the first barbarian attack (disagreement D6).
///
/// Source `000_fee7e8147b67bbe6.txt` p. 5 and p. 7: beside the barbarian track, placed on the
/// desert at the first attack (`beside-track`, default). Source `004_bf8a3dbb68824bc0.txt`
/// (Städte & Ritter, "Räuber"): in the desert, unable to move (`in-desert`). Either way it
/// neither moves nor steals nor blocks anything before the first attack (the desert produces
/// nothing).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
pub enum RobberBeforeAttack {
    /// Off the island, beside the barbarian track.
    #[default]
    BesideTrack,
    /// On the desert, inactive.
    InDesert,
}

/// How many progress cards a player may hold on their own turn (disagreement D7).
///
/// Off-turn the limit is always 4 (excess discarded at once). Source `000_fee7e8147b67bbe6.txt`
/// p. 10: on your turn you may exceed 4 until the end of your action phase (`end-of-turn`,
/// default). Source `001_f137f77325d91eec.txt` §12: at most 5 during your turn, 4 when it ends
/// (`five-on-turn`). Source `004_bf8a3dbb68824bc0.txt` ("Fortschrittskarten"): nobody holds
/// more than 4; a 5th card must be discarded at once unless it can be played (`four-always`;
/// until progress cards can be played, the discard is immediate on your own turn too).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
pub enum ProgressHandLimit {
    /// No cap during your turn; 4 at its end.
    #[default]
    EndOfTurn,
    /// At most 5 during your turn (a 6th is discarded down at once); 4 at its end.
    FiveOnTurn,
    /// At most 4 at all times.
    FourAlways,
}

/// Who earns the defender reward (disagreement D1).
///
/// Sources `000_fee7e8147b67bbe6.txt` p. 11 and `004_bf8a3dbb68824bc0.txt`: the highest total
/// strength of active knights (`strength`, default). Source `001_f137f77325d91eec.txt` §7: the
/// most active knights (`knight-count`).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
pub enum DefenderCriterion {
    /// Highest total strength of active knights.
    #[default]
    Strength,
    /// Most active knights.
    KnightCount,
}

/// What a moving knight may not pass (disagreement D5).
///
/// Source `000_fee7e8147b67bbe6.txt` p. 9: no other player's piece, building or knight
/// (`no-foreign-pieces`, default). Source `004_bf8a3dbb68824bc0.txt`: no foreign knight
/// (`no-foreign-knights`; foreign buildings may be passed).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
pub enum KnightPassing {
    /// Other players' buildings and knights stop a knight.
    #[default]
    NoForeignPieces,
    /// Only other players' knights stop a knight.
    NoForeignKnights,
}

/// Which knights fight the barbarians.
///
/// Source `000_fee7e8147b67bbe6.txt` p. 11 (and the basic rule of `004_bf8a3dbb68824bc0.txt`,
/// "Das Heer der Barbaren bekämpfen"): every active knight fights and lies down afterwards
/// (`all-active`, default). Source `004_bf8a3dbb68824bc0.txt` ("Die Fiesepeter-Regel für
/// erfahrene Spieler"): when the barbarians land, each player, in turn order from the one on
/// turn, decides how many of their knights to send; only those count (defence, defender reward,
/// lowest contributors) and only those are deactivated (`fiesepeter`; no profile uses it, the
/// source offers it as a variant for experienced players).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
pub enum BattleRule {
    /// All active knights defend.
    #[default]
    AllActive,
    /// Players choose which active knights defend.
    Fiesepeter,
}

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

/// Next to which of your buildings the merchant may be placed (disagreement D11).
///
/// Sources `000_fee7e8147b67bbe6.txt` p. 14 (Merchant: a land hex adjacent to one of your
/// settlements or cities) and `004_bf8a3dbb68824bc0.txt` ("Der Händler": "neben eine seiner
/// Siedlungen oder Städte"): any of your buildings (`settlements-or-cities`, default). Source
/// `001_f137f77325d91eec.txt` §13 (Comerciant): a hex touching one of your settlements
/// (`settlements`; a city alone does not qualify, a city turned on its side counts as a
/// settlement).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
pub enum MerchantNextTo {
    /// A hex touching one of your settlements or cities.
    #[default]
    SettlementsOrCities,
    /// A hex touching one of your settlements.
    Settlements,
}

/// How strong the knight placed after Treason (Deserter) may be (disagreement D12).
///
/// Source `000_fee7e8147b67bbe6.txt` p. 15 (Treason): of the removed knight's strength or lower
/// (`same-or-lower`, default). Source `001_f137f77325d91eec.txt` §14 (Desertor), read
/// literally: one of your knights, no strength named (`any`: any strength left in your supply).
/// The Colonist profile keeps `same-or-lower`: the same source, §6, says a mighty knight can be
/// had without the fortress by playing the Deserter against a player who has a mighty knight,
/// which only makes sense if the removed knight's strength bounds the new one. Source
/// `004_bf8a3dbb68824bc0.txt` describes no progress cards.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
pub enum DeserterStrength {
    /// At most the removed knight's strength.
    #[default]
    SameOrLower,
    /// Any strength left in your supply.
    Any,
}

/// What each tied strongest defender receives (disagreement D2).
///
/// Source `000_fee7e8147b67bbe6.txt` p. 11: each tied player, from the one on turn, draws a
/// progress card from the deck of their choice; source `004_bf8a3dbb68824bc0.txt` ("Die Ritter
/// Catans gewinnen"): each may take the top card of one of the stacks (`top-card`, default: the
/// player chooses a deck, the card is chance). Source `001_f137f77325d91eec.txt` §7: each tied
/// player "will choose a progress card" (`choose-card`, the Colonist profile: the player picks
/// any card still in one of the decks). The Colonist reading is the literal one; the same summary
/// uses the same verb for picking particular cards elsewhere (Master Merchant, §13).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
pub enum DefenderTieCard {
    /// The top card of a deck of the player's choice.
    #[default]
    TopCard,
    /// A card of the player's choice from any deck.
    ChooseCard,
}

/// Named options of Cities & Knights; each point where the sources disagree is one of them.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct CkOptions {
    /// Steps the barbarian ship sails before it attacks (not printed in the seeds; 7 by the
    /// common track, third-party sources; a ruleset parameter).
    pub barbarian_track: u8,
    /// Where the robber waits before the first attack.
    pub robber_before_attack: RobberBeforeAttack,
    /// Progress-card hand limit on your own turn.
    pub progress_hand: ProgressHandLimit,
    /// Who earns the defender reward.
    pub defender: DefenderCriterion,
    /// What a moving knight may not pass.
    pub knight_passing: KnightPassing,
    /// Which knights fight.
    pub battle: BattleRule,
    /// Whether the defender reward needs at least one active knight. Off (the default) reads
    /// the rule literally: with no active knight anywhere every player ties for highest
    /// (strength 0) and each draws a card (ruling edge case 33, unverified).
    pub defender_needs_knights: bool,
    /// Next to which buildings the merchant may be placed.
    pub merchant_next_to: MerchantNextTo,
    /// How strong the knight placed after Treason may be.
    pub deserter_strength: DeserterStrength,
    /// What each tied strongest defender receives.
    pub defender_tie_card: DefenderTieCard,
}

impl Default for CkOptions {
    fn default() -> Self {
        CkOptions {
            barbarian_track: 7,
            robber_before_attack: RobberBeforeAttack::BesideTrack,
            progress_hand: ProgressHandLimit::EndOfTurn,
            defender: DefenderCriterion::Strength,
            knight_passing: KnightPassing::NoForeignPieces,
            battle: BattleRule::AllActive,
            defender_needs_knights: false,
            merchant_next_to: MerchantNextTo::SettlementsOrCities,
            deserter_strength: DeserterStrength::SameOrLower,
            defender_tie_card: DefenderTieCard::TopCard,
        }
    }
}

/// The rules a game is played by.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize, Default)]
pub struct Ruleset {
    /// Expansions on top of the base game, in canonical order.
    pub expansions: Vec<Expansion>,
    /// Edition profile; `None` is the default profile (English).
    pub profile: Option<Profile>,
    /// Base-game options.
    pub base: BaseOptions,
    /// Cities & Knights options (ignored without the expansion).
    pub ck: CkOptions,
    /// The Court's options (ignored without the variant).
    #[serde(default)]
    pub court: CourtOptions,
}

/// A named option with its admissible values, for documentation and diagnostics.
#[derive(Clone, Copy, Debug)]
pub struct OptionSpec {
    /// The option's name in scenarios.
    pub name: &'static str,
    /// The values it takes (`<number>` for numbers).
    pub values: &'static [&'static str],
    /// One line saying what it decides.
    pub doc: &'static str,
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
    /// Every named option, in the order documented.
    pub const OPTIONS: &'static [OptionSpec] = &[
        OptionSpec {
            name: "victory-target",
            values: &["<number>"],
            doc: "victory points needed to win (base 10, Cities & Knights 13)",
        },
        OptionSpec {
            name: "discard-limit",
            values: &["<number>"],
            doc: "a 7 makes players holding more than this many cards discard half",
        },
        OptionSpec {
            name: "dev-before-roll",
            values: &["any", "knight-only"],
            doc: "which development cards may be played before the roll",
        },
        OptionSpec {
            name: "shortage",
            values: &["one-takes-rest", "nobody-ever"],
            doc: "bank shortage when one player alone is owed a resource",
        },
        OptionSpec {
            name: "barbarian-track",
            values: &["<number>"],
            doc: "steps the barbarian ship sails before it attacks (default 7)",
        },
        OptionSpec {
            name: "robber-before-attack",
            values: &["beside-track", "in-desert"],
            doc: "where the inactive robber waits before the first barbarian attack (D6)",
        },
        OptionSpec {
            name: "progress-hand",
            values: &["end-of-turn", "five-on-turn", "four-always"],
            doc: "progress-card hand limit on your own turn (D7)",
        },
        OptionSpec {
            name: "defender",
            values: &["strength", "knight-count"],
            doc: "who earns the defender reward (D1)",
        },
        OptionSpec {
            name: "knight-passing",
            values: &["no-foreign-pieces", "no-foreign-knights"],
            doc: "what a moving knight may not pass (D5)",
        },
        OptionSpec {
            name: "battle",
            values: &["all-active", "fiesepeter"],
            doc: "which knights fight the barbarians",
        },
        OptionSpec {
            name: "defender-needs-knights",
            values: &["yes", "no"],
            doc: "whether the defender reward needs at least one active knight",
        },
        OptionSpec {
            name: "merchant-next-to",
            values: &["settlements-or-cities", "settlements"],
            doc: "next to which of your buildings the merchant may be placed (D11)",
        },
        OptionSpec {
            name: "deserter-strength",
            values: &["same-or-lower", "any"],
            doc: "how strong the knight placed after Treason (Deserter) may be (D12)",
        },
        OptionSpec {
            name: "defender-tie-card",
            values: &["top-card", "choose-card"],
            doc: "what each tied strongest defender receives: a deck's top card or a card of their choice (D2)",
        },
        OptionSpec {
            name: "court-robber-start",
            values: &["first-seven", "knight-or-seven"],
            doc: "The Court: whether a Knight card before the first 7 brings the robber onto the island",
        },
        OptionSpec {
            name: "court-robber-entry",
            values: &["court-hex", "next-seven"],
            doc: "Court + Cities & Knights: where the robber enters at the first barbarian attack",
        },
        OptionSpec {
            name: "court-knights",
            values: &["allowed", "forbidden"],
            doc: "Court + Cities & Knights: whether knights may stand on the Court's intersections",
        },
    ];

    /// The plain base game with default options.
    pub fn base() -> Ruleset {
        Ruleset::default()
    }

    /// Cities & Knights with the default (English) profile: 13 victory points.
    pub fn cities_and_knights() -> Ruleset {
        Ruleset {
            expansions: vec![Expansion::CitiesAndKnights],
            profile: None,
            base: BaseOptions {
                victory_target: 13,
                ..BaseOptions::default()
            },
            ck: CkOptions::default(),
            court: CourtOptions::default(),
        }
    }

    /// The Court on the base game (source `002_5f4cc12aafd16c0e.txt`, "End of the Game"):
    /// 11 victory points.
    pub fn the_court() -> Ruleset {
        Ruleset {
            expansions: vec![Expansion::TheCourt],
            base: BaseOptions {
                victory_target: 11,
                ..BaseOptions::default()
            },
            ..Ruleset::default()
        }
    }

    /// The Court with Cities & Knights (this project's own combination, no official source):
    /// 14 victory points, the Cities & Knights 13 plus the 1 The Court adds to the base game's
    /// 10 (rule `COURT.CK.VICTORY_TARGET`; option `victory-target` changes it).
    pub fn cities_and_knights_with_court() -> Ruleset {
        let mut r = Ruleset::cities_and_knights();
        r.expansions.push(Expansion::TheCourt);
        r.base.victory_target = 14;
        r
    }

    /// The ruleset named by a list of module names: `base`, `cities-and-knights`, `court` (or
    /// `the-court`), e.g. `["cities-and-knights", "court"]`. Each combination gets its own
    /// victory target (base 10, Cities & Knights 13, The Court 11, both 14).
    ///
    /// # Errors
    /// The first unknown or unsupported name, in words.
    pub fn from_names<'a>(names: impl IntoIterator<Item = &'a str>) -> Result<Ruleset, String> {
        let (mut ck, mut court) = (false, false);
        for n in names {
            match n {
                "base" => {}
                "cities-and-knights" => ck = true,
                "court" | "the-court" => court = true,
                "seafarers" | "barbarian-attack" => {
                    return Err(format!("`{n}` is not implemented yet"));
                }
                other => {
                    return Err(format!(
                        "unknown ruleset `{other}` (expected base, cities-and-knights, court)"
                    ))
                }
            }
        }
        Ok(match (ck, court) {
            (false, false) => Ruleset::base(),
            (true, false) => Ruleset::cities_and_knights(),
            (false, true) => Ruleset::the_court(),
            (true, true) => Ruleset::cities_and_knights_with_court(),
        })
    }

    /// The names [`Ruleset::from_names`] accepts.
    pub const NAMES: &'static [&'static str] = &["base", "cities-and-knights", "court", "the-court"];

    /// The beginner board for this ruleset: with The Court, the beginner layout with the Court
    /// hex in place of the desert.
    pub fn beginner_board(&self) -> crate::Board {
        if self.court() {
            crate::Board::beginner_court()
        } else {
            crate::Board::beginner()
        }
    }

    /// A seeded random board for this ruleset: with The Court, the Court in the centre.
    pub fn random_board(&self, seed: u64, placement: crate::board::TokenPlacement) -> crate::Board {
        if self.court() {
            crate::Board::random_court(seed, placement)
        } else {
            crate::Board::random(seed, placement)
        }
    }

    /// Sets an edition profile: its options replace the Cities & Knights options.
    pub fn set_profile(&mut self, profile: Profile) {
        self.profile = Some(profile);
        self.ck = profile.ck_options();
    }

    /// Sets a named option (see [`Ruleset::OPTIONS`]).
    ///
    /// # Errors
    /// An unknown name or a value the option does not take.
    pub fn set_option(&mut self, name: &str, value: &str) -> Result<(), OptionError> {
        let spec = Ruleset::OPTIONS
            .iter()
            .find(|o| o.name == name)
            .ok_or_else(|| OptionError::UnknownName(name.to_string()))?;
        let bad = |expected: &str| OptionError::BadValue {
            name: spec.name,
            value: value.to_string(),
            expected: expected.to_string(),
        };
        let word = || -> Result<usize, OptionError> {
            spec.values.iter().position(|v| *v == value).ok_or_else(|| {
                bad(&spec
                    .values
                    .iter()
                    .map(|v| format!("`{v}`"))
                    .collect::<Vec<_>>()
                    .join(" or "))
            })
        };
        let number = |min: u8| -> Result<u8, OptionError> {
            match value.parse::<u8>() {
                Ok(n) if n >= min => Ok(n),
                _ => Err(bad(if min > 0 { "a positive number" } else { "a number" })),
            }
        };
        match spec.name {
            "victory-target" => self.base.victory_target = number(1)?,
            "discard-limit" => self.base.discard_limit = number(0)?,
            "dev-before-roll" => self.base.dev_before_roll = [DevBeforeRoll::Any, DevBeforeRoll::KnightOnly][word()?],
            "shortage" => self.base.shortage = [ShortageRule::OneTakesRest, ShortageRule::NobodyEver][word()?],
            "barbarian-track" => self.ck.barbarian_track = number(1)?,
            "robber-before-attack" => {
                self.ck.robber_before_attack = [RobberBeforeAttack::BesideTrack, RobberBeforeAttack::InDesert][word()?]
            }
            "progress-hand" => {
                self.ck.progress_hand = [
                    ProgressHandLimit::EndOfTurn,
                    ProgressHandLimit::FiveOnTurn,
                    ProgressHandLimit::FourAlways,
                ][word()?]
            }
            "defender" => self.ck.defender = [DefenderCriterion::Strength, DefenderCriterion::KnightCount][word()?],
            "knight-passing" => {
                self.ck.knight_passing = [KnightPassing::NoForeignPieces, KnightPassing::NoForeignKnights][word()?]
            }
            "battle" => self.ck.battle = [BattleRule::AllActive, BattleRule::Fiesepeter][word()?],
            "defender-needs-knights" => self.ck.defender_needs_knights = word()? == 0,
            "court-robber-start" => {
                self.court.robber_start = [CourtRobberStart::FirstSeven, CourtRobberStart::KnightOrSeven][word()?]
            }
            "court-robber-entry" => {
                self.court.robber_entry = [CourtRobberEntry::CourtHex, CourtRobberEntry::NextSeven][word()?]
            }
            "court-knights" => self.court.knights_at_court = word()? == 0,
            "merchant-next-to" => {
                self.ck.merchant_next_to = [MerchantNextTo::SettlementsOrCities, MerchantNextTo::Settlements][word()?]
            }
            "defender-tie-card" => {
                self.ck.defender_tie_card = [DefenderTieCard::TopCard, DefenderTieCard::ChooseCard][word()?]
            }
            "deserter-strength" => {
                self.ck.deserter_strength = [DeserterStrength::SameOrLower, DeserterStrength::Any][word()?]
            }
            _ => return Err(OptionError::UnknownName(name.to_string())),
        }
        Ok(())
    }

    /// Whether an expansion is part of this ruleset.
    pub fn has(&self, e: Expansion) -> bool {
        self.expansions.contains(&e)
    }

    /// Whether this is a Cities & Knights game.
    #[inline]
    pub fn ck(&self) -> bool {
        self.has(Expansion::CitiesAndKnights)
    }

    /// Whether this game is played with The Court.
    #[inline]
    pub fn court(&self) -> bool {
        self.has(Expansion::TheCourt)
    }

    /// Whether commodities exist in this ruleset.
    pub fn has_commodities(&self) -> bool {
        self.ck()
    }

    /// Refuses rulesets whose rules are not implemented yet.
    ///
    /// # Errors
    /// [`crate::RuleError::Unsupported`] naming the first missing piece.
    pub fn validate(&self) -> Result<(), crate::RuleError> {
        for e in &self.expansions {
            let what = match e {
                Expansion::CitiesAndKnights | Expansion::TheCourt => continue,
                Expansion::Seafarers => "the Seafarers expansion",
                Expansion::BarbarianAttack => "the Barbarian Attack scenario",
            };
            return Err(crate::RuleError::Unsupported { what });
        }
        Ok(())
    }

    /// A one-line description, e.g. `base + cities-and-knights profile colonist`.
    pub fn describe(&self) -> String {
        let mut s = String::from("base");
        for e in &self.expansions {
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
        for o in Ruleset::OPTIONS {
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
}
