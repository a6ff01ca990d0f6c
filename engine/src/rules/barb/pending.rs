//! The decisions and chance steps Barbarian Attack adds to the pending queue
//! ([`crate::pending`]).

use crate::ids::PlayerId;
use crate::pending::Resolver;
use crate::state::Phase;
use serde::{Deserialize, Serialize};

/// A Barbarian Attack entry of the pending queue.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum BarbPending {
    /// Chance: a landing roll. `left` barbarians still to land (this one included); `used`
    /// has bit `n` set for each total already rolled in this landing.
    Landing {
        /// Barbarians still to land.
        left: u8,
        /// Totals already rolled (bit per total).
        used: u16,
    },
    /// Chance: the scenario card drawn.
    DrawCard,
    /// The player places a knight (Knighthood: on the castle's paths; Swift Knight: anywhere).
    PlaceKnight {
        /// Whether any free path will do.
        anywhere: bool,
    },
    /// Treason: the player moves a barbarian (`left` of 2 still to move; `first` the hexes of
    /// the first move, which the second may not repeat).
    Treason {
        /// Moves left.
        left: u8,
        /// The first move's hexes (from, to), from `None` meaning the supply.
        first: Option<(Option<crate::ids::HexId>, crate::ids::HexId)>,
    },
    /// Capture: the player takes a barbarian from a hex.
    Capture,
    /// The knights have moved: the player on turn expels the barbarians of each hex the
    /// knights outnumber, one battle at a time in an order of their choice.
    Battles,
    /// The player on turn gives `count` leftover prisoners, one at a time, among the tied
    /// largest contributors (`among`: a bit per seat).
    AwardPrisoners {
        /// Prisoners left to give.
        count: u8,
        /// The seats that may receive them.
        among: u8,
    },
    /// Chance: the die laid in the castle hex after a battle.
    CastleDie,
    /// The player on turn is moving knights (the turn's trade and build phase is over).
    MovingKnights,
    /// With Cities & Knights, chance: the dice for one arriving barbarian (`reroll`: a 7 is
    /// rolled again, so it never comes up).
    Arrival {
        /// Whether a 7 is rolled again.
        reroll: bool,
    },
    /// With Cities & Knights: the owner of a displaced knight (lying down, of strength
    /// `level`) puts it on a free path nearest to `at`, where it stood.
    Relocate {
        /// Where it was displaced from.
        at: crate::ids::EdgeId,
        /// Its strength.
        level: u8,
    },
    /// With Cities & Knights, Treason: the opponent named gives up a knight.
    Surrender,
    /// With Cities & Knights, Treason: the player may place a knight of strength at most
    /// `level` on `at`, where the removed knight stood.
    Deserter {
        /// The path.
        at: crate::ids::EdgeId,
        /// The removed knight's strength.
        level: u8,
        /// Whether the removed knight stood up (the new one takes its status).
        active: bool,
    },
}

impl BarbPending {
    /// Who resolves entries of this kind.
    #[inline]
    pub fn resolver(self) -> Resolver {
        match self {
            BarbPending::Landing { .. }
            | BarbPending::DrawCard
            | BarbPending::CastleDie
            | BarbPending::Arrival { .. } => Resolver::Chance,
            _ => Resolver::Player,
        }
    }

    /// The phase this entry shows while it is at the front.
    #[inline]
    pub fn phase(self, player: PlayerId) -> Phase {
        Phase::Barb(match self {
            BarbPending::Landing { left, .. } => BarbPhase::Landing { player, left },
            BarbPending::DrawCard => BarbPhase::DrawingBarbarianCard { player },
            BarbPending::PlaceKnight { anywhere } => BarbPhase::PlacingKnight { player, anywhere },
            BarbPending::Treason { left, .. } => BarbPhase::Treason { player, left },
            BarbPending::Capture => BarbPhase::Capturing { player },
            BarbPending::Battles => BarbPhase::Expelling { player },
            BarbPending::AwardPrisoners { count, .. } => BarbPhase::AwardingPrisoners { player, count },
            BarbPending::CastleDie => BarbPhase::RollingCastleDie { player },
            BarbPending::MovingKnights => BarbPhase::MovingKnights { player },
            BarbPending::Arrival { .. } => BarbPhase::BarbarianArriving { player },
            BarbPending::Relocate { .. } => BarbPhase::RelocatingPathKnight { player },
            BarbPending::Surrender => BarbPhase::SurrenderingPathKnight { player },
            BarbPending::Deserter { level, .. } => BarbPhase::PlacingDeserter { player, level },
        })
    }
}

/// The public view of a Barbarian Attack decision or chance step (see [`crate::Phase`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(tag = "phase", rename_all = "kebab-case")]
pub enum BarbPhase {
    /// Chance: landing rolls, `left` barbarians still to land.
    Landing {
        /// The builder.
        player: PlayerId,
        /// Barbarians still to land.
        left: u8,
    },
    /// Chance: the scenario card drawn.
    DrawingBarbarianCard {
        /// The buyer.
        player: PlayerId,
    },
    /// `player` places a card's knight.
    PlacingKnight {
        /// Who.
        player: PlayerId,
        /// Whether any free path will do (Swift Knight).
        anywhere: bool,
    },
    /// `player` moves barbarians for Treason.
    Treason {
        /// Who.
        player: PlayerId,
        /// Moves left.
        left: u8,
    },
    /// `player` captures a barbarian.
    Capturing {
        /// Who.
        player: PlayerId,
    },
    /// `player` expels barbarians, battle by battle.
    Expelling {
        /// Who.
        player: PlayerId,
    },
    /// `player` gives leftover prisoners to tied contributors.
    AwardingPrisoners {
        /// Who.
        player: PlayerId,
        /// Prisoners left to give.
        count: u8,
    },
    /// Chance: the castle die after a battle.
    RollingCastleDie {
        /// The player on turn.
        player: PlayerId,
    },
    /// `player` moves knights at the end of the turn.
    MovingKnights {
        /// Who.
        player: PlayerId,
    },
    /// Chance, with Cities & Knights: the dice for an arriving barbarian.
    BarbarianArriving {
        /// The player whose roll or improvement brings it.
        player: PlayerId,
    },
    /// With Cities & Knights: `player` puts their displaced knight on a free path.
    RelocatingPathKnight {
        /// Who.
        player: PlayerId,
    },
    /// With Cities & Knights, Treason: `player` gives up one of their knights.
    SurrenderingPathKnight {
        /// Who.
        player: PlayerId,
    },
    /// With Cities & Knights, Treason: `player` places a knight of strength at most `level`
    /// where the removed one stood, or none.
    PlacingDeserter {
        /// Who.
        player: PlayerId,
        /// The removed knight's strength.
        level: u8,
    },
}

impl BarbPhase {
    /// Every Barbarian Attack phase name, as [`BarbPhase::name`] gives them.
    pub const NAMES: &'static [&'static str] = &[
        "landing-barbarians",
        "drawing-barbarian-card",
        "placing-knight",
        "treason",
        "capturing",
        "expelling",
        "awarding-prisoners",
        "rolling-castle-die",
        "moving-knights",
        "barbarian-arriving",
        "relocating-path-knight",
        "surrendering-path-knight",
        "placing-deserter",
    ];

    /// A short kebab-case name.
    pub fn name(&self) -> &'static str {
        match self {
            BarbPhase::Landing { .. } => "landing-barbarians",
            BarbPhase::DrawingBarbarianCard { .. } => "drawing-barbarian-card",
            BarbPhase::PlacingKnight { .. } => "placing-knight",
            BarbPhase::Treason { .. } => "treason",
            BarbPhase::Capturing { .. } => "capturing",
            BarbPhase::Expelling { .. } => "expelling",
            BarbPhase::AwardingPrisoners { .. } => "awarding-prisoners",
            BarbPhase::RollingCastleDie { .. } => "rolling-castle-die",
            BarbPhase::MovingKnights { .. } => "moving-knights",
            BarbPhase::BarbarianArriving { .. } => "barbarian-arriving",
            BarbPhase::RelocatingPathKnight { .. } => "relocating-path-knight",
            BarbPhase::SurrenderingPathKnight { .. } => "surrendering-path-knight",
            BarbPhase::PlacingDeserter { .. } => "placing-deserter",
        }
    }

    /// What a chance phase waits for, in words.
    pub fn chance_awaited(&self) -> Option<&'static str> {
        match self {
            BarbPhase::Landing { .. } => Some("the game waits for a landing roll"),
            BarbPhase::DrawingBarbarianCard { .. } => Some("the game waits for the scenario card drawn"),
            BarbPhase::RollingCastleDie { .. } => Some("the game waits for the castle die"),
            BarbPhase::BarbarianArriving { .. } => Some("the game waits for the dice of an arriving barbarian"),
            _ => None,
        }
    }

    /// What must happen before any other action, in words, and the rule id of the refusal
    /// of an action that comes first.
    pub(crate) fn pending_first(&self) -> (&'static str, &'static str) {
        match self {
            BarbPhase::PlacingKnight { .. } => ("the card's knight must be placed first", "TURN.DECISION_PENDING"),
            BarbPhase::Treason { .. } => ("Treason's barbarians must be moved first", "TURN.DECISION_PENDING"),
            BarbPhase::Capturing { .. } => ("Capture's barbarian must be taken first", "TURN.DECISION_PENDING"),
            BarbPhase::Expelling { .. } => ("the battles must be fought first", "TURN.DECISION_PENDING"),
            BarbPhase::AwardingPrisoners { .. } => {
                ("the leftover prisoners must be given first", "TURN.DECISION_PENDING")
            }
            BarbPhase::RelocatingPathKnight { .. } => {
                ("the displaced knight must be relocated first", "TURN.DECISION_PENDING")
            }
            BarbPhase::SurrenderingPathKnight { .. } => {
                ("Treason's knight must be given up first", "TURN.DECISION_PENDING")
            }
            BarbPhase::PlacingDeserter { .. } => ("Treason's knight must be placed first", "TURN.DECISION_PENDING"),
            BarbPhase::MovingKnights { .. } => (
                "the knights are moving: trading and building are over for this turn",
                "BARB.MOVE.AFTER_BUILDING",
            ),
            _ => ("a chance outcome is pending", "TURN.DECISION_PENDING"),
        }
    }
}
