//! The decisions, chance steps and engine steps Cities & Knights adds to the pending queue
//! ([`crate::pending`]).
//!
//! A roll (source `000_fee7e8147b67bbe6.txt` pp. 5–7, 11) queues, in order: the event die's
//! consequences (knights committed under the Fiesepeter battle rule, then the battle; or the
//! progress draws of a city gate, in turn order from the roller), then production, then the
//! aqueduct choices, then the end of the roll. The battle queues the pillaged cities or the
//! tied defenders' deck choices, then the end of the attack, ahead of production.
//!
//! While one of its decisions or draws is at the front of the queue, the game's public view
//! ([`Phase`]) is one of [`CkPhase`], declared here beside the entries it shows.

use crate::cards::Resource;
use crate::ids::{EdgeId, PlayerId, VertexId};
use crate::pending::Resolver;
use crate::progress::Track;
use crate::state::{Knight, Phase};

use serde::{Deserialize, Serialize};

/// A Cities & Knights entry of the pending queue; the entry's `who` is the player named.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(tag = "ck", rename_all = "kebab-case")]
pub enum CkPending {
    /// Fiesepeter battle rule: the player chooses which active knights fight.
    CommitKnights,
    /// Engine: the battle is fought (after every commitment).
    ResolveAttack,
    /// The barbarians won: the player chooses which city is pillaged.
    LoseCity,
    /// A tied defender chooses the progress deck (or card) to draw from.
    DefenderDeck,
    /// Engine: the knights lie down and the ship returns to the start.
    EndAttack,
    /// Engine: the player draws from `deck` (a city gate, or a tied defender's choice).
    Draw {
        /// Which deck.
        deck: Track,
    },
    /// Chance: the progress card the player draws from `deck`.
    DrawProgress {
        /// Which deck.
        deck: Track,
    },
    /// The player holds too many progress cards and discards one.
    DiscardProgress,
    /// Engine: production for the roll's red and yellow dice (or the 7).
    Produce,
    /// The player received nothing and takes a resource (science level 3, aqueduct).
    Aqueduct,
    /// Engine: the roll is resolved; the three dice are put away.
    EndRoll,
    /// The player places the metropolis of `track` on one of their cities.
    Metropolis {
        /// Which metropolis.
        track: Track,
    },
    /// The player moves their displaced knight.
    RelocateKnight {
        /// The displaced knight (level and status kept).
        knight: Knight,
        /// Where it stood.
        from: VertexId,
    },
    /// Commercial Harbor: the player answers `from`'s offer of `resource` with a commodity.
    HarborAnswer {
        /// Who offered.
        from: PlayerId,
        /// The resource offered.
        resource: Resource,
    },
    /// Treason: the player removes one of their knights.
    TreasonSurrender,
    /// Treason: the player may place a knight of strength at most `level`.
    TreasonPlacement {
        /// Strength of the knight removed.
        level: u8,
        /// Status of the knight removed.
        active: bool,
    },
    /// Wedding: the player owes the current player `count` cards; gifts are simultaneous.
    Gift {
        /// Cards owed.
        count: u8,
    },
    /// Diplomacy: the player removed their own road and may build one free road.
    DiplomacyRoad {
        /// The path the road was removed from.
        removed: EdgeId,
        /// With Seafarers: the piece removed was a ship, and only a ship replaces it.
        #[serde(default)]
        ship: bool,
    },
    /// Taxation: the current player moves the robber; everybody on its new hex is robbed.
    TaxationRobber,
    /// A knight chased the robber: the current player moves the robber (never the pirate, in
    /// a game with Seafarers) and robs as on a 7.
    ChasedRobber,
}

impl CkPending {
    /// Who resolves entries of this kind.
    #[inline]
    pub fn resolver(self) -> Resolver {
        match self {
            CkPending::DrawProgress { .. } => Resolver::Chance,
            CkPending::ResolveAttack
            | CkPending::EndAttack
            | CkPending::Draw { .. }
            | CkPending::Produce
            | CkPending::EndRoll => Resolver::Engine,
            _ => Resolver::Player,
        }
    }

    /// Wedding gifts are owed by several players at once.
    #[inline]
    pub fn simultaneous(self) -> bool {
        matches!(self, CkPending::Gift { .. })
    }

    /// The phase shown while this entry of `player` is at the front.
    #[inline]
    pub fn phase(self, player: PlayerId) -> Phase {
        Phase::Ck(match self {
            CkPending::CommitKnights => CkPhase::CommittingKnights { player },
            CkPending::LoseCity => CkPhase::Pillaging { player },
            CkPending::DefenderDeck => CkPhase::ChoosingDefenderDeck { player },
            CkPending::DrawProgress { deck } => CkPhase::DrawingProgress { player, deck },
            CkPending::DiscardProgress => CkPhase::DiscardingProgress { player },
            CkPending::Aqueduct => CkPhase::Aqueduct { player },
            CkPending::Metropolis { track } => CkPhase::PlacingMetropolis { player, track },
            CkPending::RelocateKnight { knight, from } => CkPhase::RelocatingKnight { player, knight, from },
            CkPending::HarborAnswer { from, resource } => CkPhase::HarborAnswer {
                from,
                to: player,
                resource,
            },
            CkPending::TreasonSurrender => CkPhase::TreasonSurrender { player },
            CkPending::TreasonPlacement { level, active } => CkPhase::TreasonPlacement { player, level, active },
            CkPending::Gift { .. } => CkPhase::WeddingGifts,
            CkPending::DiplomacyRoad { removed, .. } => CkPhase::DiplomacyRoad { player, removed },
            CkPending::TaxationRobber | CkPending::ChasedRobber => return Phase::MovingRobber,
            // Engine steps never rest at the front of the queue; shown as the action phase.
            CkPending::ResolveAttack
            | CkPending::EndAttack
            | CkPending::Draw { .. }
            | CkPending::Produce
            | CkPending::EndRoll => return Phase::Main,
        })
    }
}

/// What the game waits for while a Cities & Knights decision or draw is at the front of the
/// queue: the expansion's part of the public view [`Phase`] (`Phase::Ck`). Serialized as the
/// base game's phases are (`{"phase": "pillaging", "player": 0}`); its names are what
/// scenarios write (`phase is pillaging`).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(tag = "phase", rename_all = "kebab-case")]
pub enum CkPhase {
    /// The barbarians won and `player` must choose which of their cities
    /// is pillaged.
    Pillaging {
        /// Who loses a city.
        player: PlayerId,
    },
    /// A tied defender chooses the deck to draw from.
    ChoosingDefenderDeck {
        /// Who draws.
        player: PlayerId,
    },
    /// Chance: the progress card `player` draws from `deck`.
    DrawingProgress {
        /// Who draws.
        player: PlayerId,
        /// Which deck.
        deck: Track,
    },
    /// `player` holds more progress cards than allowed and must discard.
    DiscardingProgress {
        /// Who discards.
        player: PlayerId,
    },
    /// `player` received nothing in production and may take a resource
    /// (science level 3, aqueduct).
    Aqueduct {
        /// Who chooses.
        player: PlayerId,
    },
    /// `player` places the metropolis of `track` on one of their cities.
    PlacingMetropolis {
        /// Who places it.
        player: PlayerId,
        /// Which metropolis.
        track: Track,
    },
    /// `player` must move their displaced knight.
    RelocatingKnight {
        /// The displaced knight's owner.
        player: PlayerId,
        /// The displaced knight (level and status are kept).
        knight: Knight,
        /// Where it stood (now held by the displacing knight).
        from: VertexId,
    },
    /// Commercial Harbor: `to` answers `from`'s offer of `resource` with a commodity.
    HarborAnswer {
        /// Who offered.
        from: PlayerId,
        /// Who answers.
        to: PlayerId,
        /// The resource offered.
        resource: Resource,
    },
    /// Treason: `player` must remove one of their knights.
    TreasonSurrender {
        /// Whose knight.
        player: PlayerId,
    },
    /// Treason: `player` may place a knight of strength at most `level`, with `active` status.
    TreasonPlacement {
        /// Who places.
        player: PlayerId,
        /// Strength of the knight removed.
        level: u8,
        /// Status of the knight removed.
        active: bool,
    },
    /// Wedding: richer players owe cards (see [`crate::state::Game::gifts_owed`]) to the current player.
    WeddingGifts,
    /// Diplomacy: `player` removed their own road and may build one free road.
    DiplomacyRoad {
        /// Who.
        player: PlayerId,
        /// The path the road was removed from.
        removed: EdgeId,
    },
    /// Fiesepeter battle rule: `player` chooses which active knights fight
    /// the barbarians.
    CommittingKnights {
        /// Who chooses.
        player: PlayerId,
    },
}

impl CkPhase {
    /// Every Cities & Knights phase name, as [`CkPhase::name`] gives them.
    pub const NAMES: &'static [&'static str] = &[
        "pillaging",
        "choosing-defender-deck",
        "drawing-progress",
        "discarding-progress",
        "aqueduct",
        "placing-metropolis",
        "relocating-knight",
        "harbor-answer",
        "treason-surrender",
        "treason-placement",
        "wedding-gifts",
        "diplomacy-road",
        "committing-knights",
    ];

    /// A short kebab-case name (`pillaging`, `drawing-progress`, …).
    pub fn name(&self) -> &'static str {
        match self {
            CkPhase::Pillaging { .. } => "pillaging",
            CkPhase::ChoosingDefenderDeck { .. } => "choosing-defender-deck",
            CkPhase::DrawingProgress { .. } => "drawing-progress",
            CkPhase::DiscardingProgress { .. } => "discarding-progress",
            CkPhase::Aqueduct { .. } => "aqueduct",
            CkPhase::PlacingMetropolis { .. } => "placing-metropolis",
            CkPhase::RelocatingKnight { .. } => "relocating-knight",
            CkPhase::HarborAnswer { .. } => "harbor-answer",
            CkPhase::TreasonSurrender { .. } => "treason-surrender",
            CkPhase::TreasonPlacement { .. } => "treason-placement",
            CkPhase::WeddingGifts => "wedding-gifts",
            CkPhase::DiplomacyRoad { .. } => "diplomacy-road",
            CkPhase::CommittingKnights { .. } => "committing-knights",
        }
    }

    /// What the phase waits for from chance, in words; `None` when a player is to decide.
    pub fn chance_awaited(&self) -> Option<&'static str> {
        match self {
            CkPhase::DrawingProgress { .. } => Some("the game waits for the progress card drawn"),
            _ => None,
        }
    }

    /// What must happen before any other action, in words, and the rule id of the refusal
    /// of an action that comes first.
    pub(crate) fn pending_first(&self) -> (&'static str, &'static str) {
        let expected = match self {
            CkPhase::DrawingProgress { .. } => "a chance outcome is pending",
            CkPhase::Pillaging { .. } => "a city to pillage must be chosen first",
            CkPhase::ChoosingDefenderDeck { .. } => "a tied defender must choose a progress deck first",
            CkPhase::DiscardingProgress { .. } => "a progress card must be discarded first",
            CkPhase::Aqueduct { .. } => "the aqueduct's owner must choose first",
            CkPhase::PlacingMetropolis { .. } => "the metropolis must be placed first",
            CkPhase::RelocatingKnight { .. } => "the displaced knight must be relocated first",
            CkPhase::HarborAnswer { .. } => "a Commercial Harbor offer awaits a commodity",
            CkPhase::TreasonSurrender { .. } => "a knight must be given up for Treason first",
            CkPhase::TreasonPlacement { .. } => "the Treason knight placement is pending",
            CkPhase::WeddingGifts => "Wedding gifts are pending",
            CkPhase::DiplomacyRoad { .. } => "the Diplomacy free road is pending",
            CkPhase::CommittingKnights { .. } => "knights must be committed against the barbarians first",
        };
        (expected, "TURN.DECISION_PENDING")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::Resource;

    /// One phase of each Cities & Knights kind.
    fn every_phase() -> [CkPhase; 13] {
        let player = PlayerId(1);
        let knight = Knight {
            owner: player,
            level: 2,
            active: true,
            fresh: false,
            promoted: false,
        };
        [
            CkPhase::Pillaging { player },
            CkPhase::ChoosingDefenderDeck { player },
            CkPhase::DrawingProgress {
                player,
                deck: Track::Trade,
            },
            CkPhase::DiscardingProgress { player },
            CkPhase::Aqueduct { player },
            CkPhase::PlacingMetropolis {
                player,
                track: Track::Science,
            },
            CkPhase::RelocatingKnight {
                player,
                knight,
                from: VertexId(4),
            },
            CkPhase::HarborAnswer {
                from: PlayerId(0),
                to: player,
                resource: Resource::Wool,
            },
            CkPhase::TreasonSurrender { player },
            CkPhase::TreasonPlacement {
                player,
                level: 2,
                active: false,
            },
            CkPhase::WeddingGifts,
            CkPhase::DiplomacyRoad {
                player,
                removed: EdgeId(9),
            },
            CkPhase::CommittingKnights { player },
        ]
    }

    #[test]
    fn an_expansions_phase_serialises_like_a_base_phase_and_comes_back_nested() {
        let pillaging = Phase::Ck(CkPhase::Pillaging { player: PlayerId(1) });
        let json = serde_json::to_string(&pillaging).unwrap();
        assert_eq!(json, r#"{"phase":"pillaging","player":1}"#);
        assert_eq!(serde_json::from_str::<Phase>(&json).unwrap(), pillaging);
        let gifts = Phase::Ck(CkPhase::WeddingGifts);
        assert_eq!(serde_json::to_string(&gifts).unwrap(), r#"{"phase":"wedding-gifts"}"#);
        let main = Phase::Main;
        let json = serde_json::to_string(&main).unwrap();
        assert_eq!(json, r#"{"phase":"main"}"#);
        assert_eq!(serde_json::from_str::<Phase>(&json).unwrap(), main);
        for p in every_phase() {
            let json = serde_json::to_string(&Phase::Ck(p)).unwrap();
            assert_eq!(serde_json::from_str::<Phase>(&json).unwrap(), Phase::Ck(p), "{json}");
            // The serialized tag is the phase's name.
            assert!(json.starts_with(&format!(r#"{{"phase":"{}""#, p.name())), "{json}");
        }
    }

    #[test]
    fn every_phase_name_is_listed_once() {
        let names: Vec<&str> = every_phase().iter().map(|p| Phase::Ck(*p).name()).collect();
        assert_eq!(names, CkPhase::NAMES);
        for n in CkPhase::NAMES {
            assert_eq!(Phase::NAMES.iter().filter(|m| *m == n).count(), 1, "{n}");
        }
        let mut all = Phase::NAMES.to_vec();
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), Phase::NAMES.len());
    }
}
