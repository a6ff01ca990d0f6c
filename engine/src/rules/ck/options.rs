//! Named options of Cities & Knights and its edition profiles: each point where the seeds
//! disagree is one option (see the profiles table in `scenarios/profiles/README.md`).

use crate::ruleset::{number_option, option_words, word_option, OptionSpec};
use serde::{Deserialize, Serialize};

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

option_words!(RobberBeforeAttack { "beside-track" => BesideTrack, "in-desert" => InDesert });
option_words!(ProgressHandLimit {
    "end-of-turn" => EndOfTurn,
    "five-on-turn" => FiveOnTurn,
    "four-always" => FourAlways,
});
option_words!(DefenderCriterion { "strength" => Strength, "knight-count" => KnightCount });
option_words!(KnightPassing { "no-foreign-pieces" => NoForeignPieces, "no-foreign-knights" => NoForeignKnights });
option_words!(BattleRule { "all-active" => AllActive, "fiesepeter" => Fiesepeter });
option_words!(MerchantNextTo { "settlements-or-cities" => SettlementsOrCities, "settlements" => Settlements });
option_words!(DeserterStrength { "same-or-lower" => SameOrLower, "any" => Any });
option_words!(DefenderTieCard { "top-card" => TopCard, "choose-card" => ChooseCard });

/// The named options of Cities & Knights.
pub const CK_OPTIONS: &[OptionSpec] = &[
    number_option!(
        "barbarian-track",
        1,
        ck.barbarian_track,
        "steps the barbarian ship sails before it attacks (default 7)"
    ),
    word_option!(
        "robber-before-attack",
        RobberBeforeAttack,
        ck.robber_before_attack,
        "where the inactive robber waits before the first barbarian attack (D6)"
    ),
    word_option!(
        "progress-hand",
        ProgressHandLimit,
        ck.progress_hand,
        "progress-card hand limit on your own turn (D7)"
    ),
    word_option!(
        "defender",
        DefenderCriterion,
        ck.defender,
        "who earns the defender reward (D1)"
    ),
    word_option!(
        "knight-passing",
        KnightPassing,
        ck.knight_passing,
        "what a moving knight may not pass (D5)"
    ),
    word_option!("battle", BattleRule, ck.battle, "which knights fight the barbarians"),
    word_option!(
        "defender-needs-knights",
        bool,
        ck.defender_needs_knights,
        "whether the defender reward needs at least one active knight"
    ),
    word_option!(
        "merchant-next-to",
        MerchantNextTo,
        ck.merchant_next_to,
        "next to which of your buildings the merchant may be placed (D11)"
    ),
    word_option!(
        "deserter-strength",
        DeserterStrength,
        ck.deserter_strength,
        "how strong the knight placed after Treason (Deserter) may be (D12)"
    ),
    word_option!(
        "defender-tie-card",
        DefenderTieCard,
        ck.defender_tie_card,
        "what each tied strongest defender receives: a deck's top card or a card of their choice (D2)"
    ),
];
