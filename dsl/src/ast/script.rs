//! The script: steps, forced chance, expectations and snapshots.

use super::{Arg, Field, Spanned};

/// A guard `[english, colonist]`: the line applies only under these variants.
pub type Guard = Spanned<Vec<Spanned<String>>>;

/// An action by a player: `ACTOR VERB ARG*`, e.g. `red builds road A.se-s`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Action {
    /// Who acts (a player as written).
    pub actor: Spanned<String>,
    /// What they do: `rolls`, `builds`, `moves`…
    pub verb: Spanned<String>,
    /// The arguments.
    pub args: Vec<Spanned<Arg>>,
}

/// A step of the script: an action and the outcome the file insists on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step {
    /// `[variant, …]` before the step.
    pub guard: Option<Guard>,
    /// The action.
    pub action: Spanned<Action>,
    /// `-> refused RULE.ID` or `-> accepted`, when written.
    pub outcome: Option<Spanned<Outcome>>,
}

/// The outcome written after `->`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// `-> accepted`.
    Accepted,
    /// `-> refused RULE.ID`.
    Refused(Spanned<String>),
}

/// `chance KIND ARG+`: force the next chance event, e.g. `chance dice 3+4`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Chance {
    /// `[variant, …]` before the line.
    pub guard: Option<Guard>,
    /// What kind of chance: `dice`, `card`…
    pub kind: Spanned<String>,
    /// What it yields.
    pub args: Vec<Spanned<Arg>>,
    /// `-> refused RULE.ID` or `-> accepted`, if written.
    pub outcome: Option<Spanned<Outcome>>,
}

/// An `expect …` line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Expect {
    /// `[variant, …]` before the line.
    pub guard: Option<Guard>,
    /// What is expected.
    pub kind: Spanned<ExpectKind>,
}

/// The forms of `expect`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ExpectKind {
    /// `expect ARG+`: a fact about the state, e.g. `expect red vp 4`.
    State(Vec<Spanned<Arg>>),
    /// `expect event NAME key=value…`: the last step produced this event.
    Event {
        /// The event's name, e.g. `robbed`.
        name: Spanned<String>,
        /// Fields the event must have.
        fields: Vec<Spanned<Field>>,
    },
    /// `expect no event NAME key=value…`: the last step produced no such event.
    NoEvent {
        /// The event's name.
        name: Spanned<String>,
        /// Fields that narrow which events are meant.
        fields: Vec<Spanned<Field>>,
    },
    /// `expect legal ACTION`: the action is allowed now.
    Legal(Spanned<Action>),
    /// `expect illegal ACTION`: the action is not allowed now.
    Illegal(Spanned<Action>),
}

/// `snapshot "NAME"`: record the state under a name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Snapshot {
    /// `[variant, …]` before the line.
    pub guard: Option<Guard>,
    /// The snapshot's name.
    pub name: Spanned<String>,
}
