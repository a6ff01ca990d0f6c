//! The rules of The Court that can refuse an action, as [`crate::RuleError::Court`].

/// A rule of the variant The Court (source `002_5f4cc12aafd16c0e.txt`) or of this project's
/// Court + Cities & Knights combination that refused an action.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CourtRule {
    /// In setup no settlement (or city) goes on an intersection holding a foreign soldier.
    SetupOnSoldier,
    /// In setup no road may end on an intersection holding a foreign soldier.
    SetupRoadToSoldier,
    /// A noble is sent only by a player whose road touches one of the Court's six intersections.
    NobleNeedsRoad,
    /// All 20 nobles are at the Court: no more can be sent.
    NoNoblesLeft,
    /// A noble costs 1 wool and 1 grain.
    NobleCost,
    /// Court + Cities & Knights, option `court-knights forbidden`: no knight on the Court's intersections.
    KnightAtCourt,
}

impl CourtRule {
    /// Every Court rule.
    pub const ALL: &'static [CourtRule] = &[
        CourtRule::SetupOnSoldier,
        CourtRule::SetupRoadToSoldier,
        CourtRule::NobleNeedsRoad,
        CourtRule::NoNoblesLeft,
        CourtRule::NobleCost,
        CourtRule::KnightAtCourt,
    ];

    /// The stable rule id.
    pub fn code(self) -> &'static str {
        match self {
            CourtRule::SetupOnSoldier => "COURT.SETUP.SOLDIER_SITE",
            CourtRule::SetupRoadToSoldier => "COURT.SETUP.SOLDIER_ROAD",
            CourtRule::NobleNeedsRoad => "COURT.NOBLE.ROAD_AT_COURT",
            CourtRule::NoNoblesLeft => "COURT.NOBLE.SUPPLY",
            CourtRule::NobleCost => "COURT.NOBLE.COST",
            CourtRule::KnightAtCourt => "COURT.CK.COURT_KNIGHTS",
        }
    }

    /// The rule in plain words.
    pub fn message(self) -> &'static str {
        match self {
            CourtRule::SetupOnSoldier => {
                "in setup no settlement or city may stand on an intersection holding a foreign soldier"
            }
            CourtRule::SetupRoadToSoldier => "in setup no road may end on an intersection holding a foreign soldier",
            CourtRule::NobleNeedsRoad => {
                "a noble can only be sent by a player whose road touches one of the Court's six intersections"
            }
            CourtRule::NoNoblesLeft => "all 20 nobles are at the Court: no more can be sent",
            CourtRule::NobleCost => "a noble costs 1 wool and 1 grain",
            CourtRule::KnightAtCourt => {
                "with option `court-knights forbidden` no knight may stand on an intersection of the Court hex"
            }
        }
    }
}
