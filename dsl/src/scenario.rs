//! Lowered scenarios: the engine terms a scenario file means, every step keeping the byte
//! span of the line it came from so the runner can point failures at their own line.

use catan_engine::cards::{Cards, DevCards};
use catan_engine::position::Setup;
use catan_engine::state::Building;
use catan_engine::{Action, CardKind, EdgeId, HexId, Outcome, PlayerId, Ruleset, VertexId};
use std::ops::Range;

/// A byte range in the scenario file.
pub type ByteSpan = Range<usize>;

/// A scenario ready to run.
#[derive(Clone, Debug)]
pub struct Scenario {
    /// The file name as given.
    pub file: String,
    /// The whole source text (for reports).
    pub text: String,
    /// Title.
    pub title: String,
    /// `source` line as written (`own` for own scenarios).
    pub source: String,
    /// Tags.
    pub tags: Vec<String>,
    /// Rule ids covered, with their spans.
    pub covers: Vec<(String, ByteSpan)>,
    /// Known-bug reason, if the scenario is expected to fail.
    pub known_bug: Option<String>,
    /// The variants to run (at least one). Each has a name (empty for the single default).
    pub variants: Vec<Variant>,
    /// The declared position (its `rules` is replaced by each variant's).
    pub setup: Setup,
    /// The script.
    pub steps: Vec<Step>,
}

/// One ruleset to run the scenario under.
#[derive(Clone, Debug)]
pub struct Variant {
    /// Name used by guards (`[english]`); empty for the default.
    pub name: String,
    /// The ruleset.
    pub rules: Ruleset,
}

/// One script line.
#[derive(Clone, Debug)]
pub struct Step {
    /// The line's span.
    pub span: ByteSpan,
    /// The line as written, trimmed (for reports).
    pub text: String,
    /// Variants this step applies to (`None`: all).
    pub guard: Option<Vec<String>>,
    /// What it does.
    pub kind: StepKind,
}

/// What a script line does.
#[derive(Clone, Debug)]
pub enum StepKind {
    /// A player's action, the chance outcomes forced with it, and whether it must be
    /// accepted or refused with a rule id.
    Act {
        /// The action.
        action: Action,
        /// Outcomes to apply right after it (dice of a roll, the card drawn or stolen).
        chance: Vec<Outcome>,
        /// `Some(rule id)` when the step must be refused.
        refused: Option<(String, ByteSpan)>,
    },
    /// A chance outcome on its own, accepted or refused with a rule id.
    Chance {
        /// The outcome.
        outcome: Outcome,
        /// `Some(rule id)` when it must be refused.
        refused: Option<(String, ByteSpan)>,
    },
    /// An expectation on the state or the last step's events.
    Expect(Expectation),
    /// A named snapshot point.
    Snapshot(String),
}

/// A checkable statement about the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expectation {
    /// A player's exact hand.
    Hand(PlayerId, Cards),
    /// Number of cards in a hand.
    CardCount(PlayerId, u32),
    /// Total victory points.
    Vp(PlayerId, u8),
    /// Visible victory points.
    PublicVp(PlayerId, u8),
    /// Pieces of one kind on the board.
    Pieces(PlayerId, PieceKind, u32),
    /// Longest road length.
    RoadLength(PlayerId, u8),
    /// Knights played.
    Knights(PlayerId, u8),
    /// Development cards held (playable and new).
    Development(PlayerId, DevCards),
    /// Discard owed.
    Owes(PlayerId, u8),
    /// What stands on an intersection.
    Site(VertexId, Option<(PlayerId, Building)>),
    /// What stands on a path.
    Road(EdgeId, Option<PlayerId>),
    /// Counts of the listed kinds in the bank.
    Bank(Vec<(CardKind, u8)>),
    /// The robber's hex, or `None`: off the island (`expect robber off`).
    Robber(Option<HexId>),
    /// Whose turn.
    Turn(PlayerId),
    /// The phase name.
    Phase(String),
    /// Longest Road holder.
    LongestRoad(Option<PlayerId>),
    /// Largest Army holder.
    LargestArmy(Option<PlayerId>),
    /// The winner.
    Winner(Option<PlayerId>),
    /// An event of the last step with these field values (rendered as in traces).
    Event {
        /// Event kind.
        kind: String,
        /// Field name and expected rendered value.
        fields: Vec<(String, String)>,
    },
    /// No event of this kind (with these fields) in the last step.
    NoEvent {
        /// Event kind.
        kind: String,
        /// Field filters.
        fields: Vec<(String, String)>,
    },
    /// The action is (true) or is not (false) legal now.
    Legal(Action, bool),
    /// Every invariant of the engine holds (conservation, piece counts, holders, …).
    Invariants,
    /// A Cities & Knights fact, with its expected value rendered as the runner renders the
    /// state (e.g. `red strong active` for a knight).
    Ck(CkFact, String),
    /// A fact of The Court, and the expected value in words.
    Court(CourtFact, String),
    /// A Seafarers fact, and the expected value in words.
    Sea(SeaFact, String),
    /// A Barbarian Attack fact, and the expected value in words.
    Barb(BarbFact, String),
}

/// A Barbarian Attack fact an expectation names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BarbFact {
    /// Barbarians on a hex.
    Barbarians(catan_engine::HexId),
    /// The knight on a path: its owner's colour or `none`; with Cities & Knights also its
    /// level and status when the expectation names them (`red strong active`).
    Knight {
        /// The path.
        at: EdgeId,
        /// Whether the level is part of the expectation.
        level: bool,
        /// Whether the status is part of the expectation.
        status: bool,
    },
    /// Whether a hex is conquered (`yes`/`no`).
    Conquered(catan_engine::HexId),
    /// Barbarians in supply.
    Supply,
    /// A player's prisoners.
    Prisoners(PlayerId),
    /// A player's gold.
    Gold(PlayerId),
    /// A player's knights on paths.
    Knights(PlayerId),
    /// A player's knights in supply.
    KnightsLeft(PlayerId),
}

/// A Cities & Knights fact an expectation checks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CkFact {
    /// The knight on an intersection: owner, and the level and status when asked for.
    Knight {
        /// Where.
        at: VertexId,
        /// Whether the level is part of the expectation.
        level: bool,
        /// Whether the status is part of the expectation.
        status: bool,
    },
    /// Whether a wall stands under the city on an intersection (`yes`/`no`).
    Wall(VertexId),
    /// A player's level on a track.
    Level(PlayerId, catan_engine::Track),
    /// A metropolis's holder (colour or `none`).
    Metropolis(catan_engine::Track),
    /// A metropolis's city.
    MetropolisAt(catan_engine::Track, VertexId),
    /// The merchant (`J red` or `none`).
    Merchant,
    /// Steps the barbarian ship has sailed.
    Barbarians,
    /// Barbarian attacks so far.
    Attacks,
    /// Whether the robber is `active` or `inactive`.
    RobberActive,
    /// A player's progress cards in hand.
    Progress(PlayerId),
    /// A player's face-up victory point progress cards.
    ProgressVp(PlayerId),
    /// How many progress cards a player holds.
    ProgressCount(PlayerId),
    /// A player's defender VP tokens.
    VpTokens(PlayerId),
    /// Walls in a player's supply.
    WallsLeft(PlayerId),
    /// Knights of a strength in a player's supply.
    KnightsLeft(PlayerId, u8),
    /// Cards a player still owes after a Wedding.
    Gifts(PlayerId),
    /// Cards in a progress deck.
    Deck(catan_engine::Track),
}

/// A fact of The Court an expectation names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CourtFact {
    /// A player's prisoners (`3 purple, 1 green` or `nothing`).
    Prisoners(PlayerId),
    /// A player's nobles at the Court.
    Nobles(PlayerId),
    /// Nobles not yet sent (of 20).
    NoblesLeft,
    /// A colour banner's holder (colour or `none`).
    Banner(catan_engine::court::SoldierColour),
    /// Whether a player holds a tricolour banner (`yes`/`no`).
    Tricolour(PlayerId),
    /// The Most Influence holder (colour or `none`).
    Influence,
    /// The soldier on an intersection (its colour or `none`).
    Soldier(VertexId),
}

/// A Seafarers fact an expectation names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeaFact {
    /// The ship on a path: its owner's colour or `none`.
    Ship(EdgeId),
    /// The pirate's hex (its name) or `none`.
    Pirate,
    /// A player's ships on the board.
    Ships(PlayerId),
    /// A player's ships still in supply (of 15).
    ShipsLeft(PlayerId),
    /// A player's island markers.
    Islands(PlayerId),
}

/// Piece kinds counted by expectations.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PieceKind {
    /// Settlements.
    Settlement,
    /// Cities.
    City,
    /// Roads.
    Road,
}
