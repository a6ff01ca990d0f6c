//! What the game waits for: the turn's [`Step`] and a small queue of [`Pending`] entries.
//!
//! The architecture asks for "a queue of pending decisions" instead of a hand-built
//! continuation. Every decision a player owes (a discard, the robber, a trade answer, a
//! pillaged city, a Wedding gift …) is one entry naming who owes it; so is every chance
//! outcome awaited (the dice, a stolen card, a card drawn), and every step the engine takes
//! by itself once the entries before it are resolved (Cities & Knights: "resolve the battle",
//! "produce", "end of the roll"). Resolving an entry pops it; the engine then runs the engine
//! steps at the front until a decision or chance entry is next, or the queue is empty and the
//! turn's step (before the roll, trade and build) is what the current player does.
//!
//! Seat order follows from the order the entries are pushed; "several players owe at once"
//! (discards after a 7, Wedding gifts) is a run of entries of that kind at the front, which
//! the players resolve in any order.
//!
//! Each expansion nests its own kinds ([`PendingKind::Ck`], defined with its rules in
//! [`crate::rules::ck`]); [`Game::phase`](crate::Game::phase) is the public, derived view
//! of the front entry (or the step) that traces and scenarios name.

use crate::cards::Cards;
use crate::ids::{PlayerId, VertexId};
use crate::state::Phase;
use serde::{Deserialize, Serialize};

pub use crate::rules::barb::pending::BarbPending;
pub use crate::rules::ck::pending::CkPending;
pub use crate::rules::sea::pending::SeaPending;

/// Where the current player's turn stands when nothing is pending.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(tag = "step", rename_all = "kebab-case")]
pub enum Step {
    /// Initial placement. `placed` counts settlements placed so far; `road_from` is set when
    /// the player must now place the road at that settlement.
    Setup {
        /// Settlements placed so far (0..2n).
        placed: u8,
        /// The settlement the next road must touch.
        road_from: Option<VertexId>,
    },
    /// The current player may play a development card, or roll.
    BeforeRoll,
    /// The dice have been rolled: trade and build.
    Main,
    /// The game is over.
    Ended {
        /// The winner.
        winner: PlayerId,
    },
}

impl Step {
    /// The phase shown when no entry is pending.
    #[inline]
    pub fn phase(self) -> Phase {
        match self {
            Step::Setup { placed, road_from } => Phase::Setup { placed, road_from },
            Step::BeforeRoll => Phase::BeforeRoll,
            Step::Main => Phase::Main,
            Step::Ended { winner } => Phase::Ended { winner },
        }
    }
}

/// A base-game entry (source `base-rules` §4 "Rolling a 7", §6, §7).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum BasePending {
    /// Chance: the production dice.
    Dice,
    /// Chance: the development card drawn.
    DrawDevCard,
    /// Chance: the card taken from `victim`'s hand.
    Steal {
        /// The player robbed.
        victim: PlayerId,
    },
    /// The player owes `count` cards after a 7 (or Sabotage); discards are simultaneous.
    Discard {
        /// Cards owed.
        count: u8,
    },
    /// The player moves the robber.
    MoveRobber,
    /// The player names whom to rob.
    ChooseVictim,
    /// The player places free roads (Road Building).
    FreeRoads {
        /// Roads still to place.
        remaining: u8,
    },
    /// The player answers the current player's trade offer.
    TradeAnswer {
        /// What the current player gives.
        give: Cards,
        /// What the current player receives.
        get: Cards,
    },
}

/// An entry's kind, nested per expansion.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(tag = "expansion", rename_all = "kebab-case")]
pub enum PendingKind {
    /// The base game.
    Base(BasePending),
    /// Cities & Knights.
    Ck(CkPending),
    /// Seafarers.
    Sea(SeaPending),
    /// Barbarian Attack.
    Barb(BarbPending),
}

/// Who resolves an entry.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Resolver {
    /// The player named by the entry decides.
    Player,
    /// A chance outcome.
    Chance,
    /// The engine, as soon as the entry reaches the front.
    Engine,
}

impl PendingKind {
    /// Who resolves entries of this kind.
    #[inline]
    pub fn resolver(self) -> Resolver {
        match self {
            PendingKind::Base(BasePending::Dice | BasePending::DrawDevCard | BasePending::Steal { .. }) => {
                Resolver::Chance
            }
            PendingKind::Base(_) | PendingKind::Sea(_) => Resolver::Player,
            PendingKind::Ck(k) => k.resolver(),
            PendingKind::Barb(k) => k.resolver(),
        }
    }

    /// Whether several players owe entries of this kind at once and resolve them in any
    /// order (discards, Wedding gifts).
    #[inline]
    pub fn simultaneous(self) -> bool {
        matches!(self, PendingKind::Base(BasePending::Discard { .. }))
            || matches!(self, PendingKind::Ck(k) if k.simultaneous())
    }
}

/// One thing the game waits for.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Pending {
    /// The player who owes the decision (for chance and engine entries: the player it
    /// concerns — the roller, the drawer, the victim's robber).
    pub who: PlayerId,
    /// What is owed.
    pub kind: PendingKind,
}

impl Pending {
    /// A base-game entry.
    #[inline]
    pub fn base(who: PlayerId, kind: BasePending) -> Pending {
        Pending {
            who,
            kind: PendingKind::Base(kind),
        }
    }

    /// A Cities & Knights entry.
    #[inline]
    pub fn ck(who: PlayerId, kind: CkPending) -> Pending {
        Pending {
            who,
            kind: PendingKind::Ck(kind),
        }
    }

    /// The phase this entry shows while it is at the front.
    #[inline]
    pub fn phase(self) -> Phase {
        let player = self.who;
        match self.kind {
            PendingKind::Base(k) => match k {
                BasePending::Dice => Phase::Rolling,
                BasePending::DrawDevCard => Phase::DrawingDevCard,
                BasePending::Steal { victim } => Phase::Stealing { victim },
                BasePending::Discard { .. } => Phase::Discarding,
                BasePending::MoveRobber => Phase::MovingRobber,
                BasePending::ChooseVictim => Phase::ChoosingVictim,
                BasePending::FreeRoads { remaining } => Phase::FreeRoads { remaining },
                BasePending::TradeAnswer { give, get } => Phase::TradeOffer { to: player, give, get },
            },
            PendingKind::Ck(k) => k.phase(player),
            PendingKind::Sea(k) => k.phase(player),
            PendingKind::Barb(k) => k.phase(player),
        }
    }
}

/// Entries the queue holds at most. The deepest case is a Cities & Knights attack under the
/// Fiesepeter battle rule with four players: four commitments, the battle, four pillaged
/// cities, the end of the attack, production, four aqueducts and the end of the roll never
/// stand in the queue all at once (each group replaces the step that made it), so 16 leaves
/// room; the invariant `pending` checks it is never full.
pub const PENDING_CAPACITY: usize = 16;

/// A fixed-capacity queue of [`Pending`] entries (no allocation).
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize, Default)]
pub struct PendingQueue {
    entries: [Option<Pending>; PENDING_CAPACITY],
    len: u8,
}

impl PendingQueue {
    /// The number of entries.
    #[inline]
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether nothing is pending.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The entry resolved next.
    #[inline]
    pub fn front(&self) -> Option<Pending> {
        self.entries[0]
    }

    /// The entries in the order they are resolved.
    pub fn iter(&self) -> impl Iterator<Item = Pending> + '_ {
        self.entries[..self.len()].iter().flatten().copied()
    }

    /// The run of simultaneous entries of the front entry's kind (discards, gifts): the
    /// entries that may be resolved now, in any order.
    pub fn front_group(&self) -> impl Iterator<Item = Pending> + '_ {
        let first = self.front();
        self.iter()
            .take_while(move |e| first.is_some_and(|f| f.kind.simultaneous() && same_simultaneous_kind(f.kind, e.kind)))
    }

    /// Inserts an entry at `index` (0 = resolved next). A full queue keeps its entries and
    /// drops the new one; the invariant `pending` reports a queue that ever fills.
    pub fn insert(&mut self, index: usize, entry: Pending) {
        let len = self.len();
        if len >= PENDING_CAPACITY || index > len {
            debug_assert!(len < PENDING_CAPACITY, "pending queue full");
            return;
        }
        // A plain shift: the queue holds a handful of small `Copy` entries.
        let mut i = len;
        while i > index {
            self.entries[i] = self.entries[i - 1];
            i -= 1;
        }
        self.entries[index] = Some(entry);
        self.len += 1;
    }

    /// Adds an entry after all the others.
    pub fn push_back(&mut self, entry: Pending) {
        self.insert(self.len(), entry);
    }

    /// Removes and returns the entry at `index`.
    pub fn remove(&mut self, index: usize) -> Option<Pending> {
        let len = self.len();
        if index >= len {
            return None;
        }
        let e = self.entries[index];
        for i in index..len - 1 {
            self.entries[i] = self.entries[i + 1];
        }
        self.entries[len - 1] = None;
        self.len -= 1;
        e
    }

    /// Removes and returns the front entry. Most often it is the only one (the dice, a
    /// decision): it is taken without the shift of [`PendingQueue::remove`].
    #[inline]
    pub fn pop_front(&mut self) -> Option<Pending> {
        if self.len == 1 {
            self.len = 0;
            return self.entries[0].take();
        }
        self.remove(0)
    }

    /// Empties the queue.
    pub fn clear(&mut self) {
        self.entries = [None; PENDING_CAPACITY];
        self.len = 0;
    }

    /// The position of the first entry matching `f`.
    pub fn position(&self, f: impl Fn(Pending) -> bool) -> Option<usize> {
        self.iter().position(f)
    }
}

/// Discards group with discards, gifts with gifts.
fn same_simultaneous_kind(a: PendingKind, b: PendingKind) -> bool {
    match (a, b) {
        (PendingKind::Base(x), PendingKind::Base(y)) => std::mem::discriminant(&x) == std::mem::discriminant(&y),
        (PendingKind::Ck(x), PendingKind::Ck(y)) => std::mem::discriminant(&x) == std::mem::discriminant(&y),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn discard(p: u8, count: u8) -> Pending {
        Pending::base(PlayerId(p), BasePending::Discard { count })
    }

    #[test]
    fn entries_come_out_in_the_order_they_are_queued_and_inserted() {
        let mut q = PendingQueue::default();
        q.push_back(discard(1, 4));
        q.push_back(Pending::base(PlayerId(0), BasePending::MoveRobber));
        q.insert(0, discard(0, 5));
        assert_eq!(q.len(), 3);
        assert_eq!(q.pop_front(), Some(discard(0, 5)));
        assert_eq!(q.pop_front(), Some(discard(1, 4)));
        assert_eq!(q.front(), Some(Pending::base(PlayerId(0), BasePending::MoveRobber)));
        assert_eq!(q.pop_front().map(|e| e.phase()), Some(Phase::MovingRobber));
        assert!(q.is_empty());
        assert_eq!(q, PendingQueue::default(), "a drained queue equals an empty one");
    }

    /// `pop_front`'s shortcut for a single entry leaves the queue as `remove(0)` does, for
    /// every length.
    #[test]
    fn popping_the_front_is_removing_the_first_entry() {
        for len in 0..=PENDING_CAPACITY {
            let mut q = PendingQueue::default();
            for i in 0..len {
                q.push_back(discard(i as u8 % 4, i as u8));
            }
            let mut r = q.clone();
            assert_eq!(q.pop_front(), r.remove(0), "length {len}");
            assert_eq!(q, r, "length {len}");
        }
    }

    #[test]
    fn the_front_group_is_the_run_of_simultaneous_entries_of_one_kind() {
        let mut q = PendingQueue::default();
        for (p, n) in [(0, 4), (2, 5)] {
            q.push_back(discard(p, n));
        }
        q.push_back(Pending::base(PlayerId(1), BasePending::MoveRobber));
        let group: Vec<_> = q.front_group().map(|e| e.who).collect();
        assert_eq!(group, vec![PlayerId(0), PlayerId(2)]);
        assert_eq!(q.remove(1), Some(discard(2, 5)));
        assert_eq!(q.front_group().count(), 1);
        q.pop_front();
        assert_eq!(q.front_group().count(), 0, "the robber is not simultaneous");
    }

    #[test]
    fn a_full_queue_drops_nothing_it_holds() {
        let mut q = PendingQueue::default();
        for i in 0..PENDING_CAPACITY {
            q.push_back(discard(0, i as u8));
        }
        assert_eq!(q.len(), PENDING_CAPACITY);
        assert_eq!(q.iter().last(), Some(discard(0, PENDING_CAPACITY as u8 - 1)));
    }
}
