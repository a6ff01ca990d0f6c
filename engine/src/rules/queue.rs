//! Working the pending queue ([`crate::pending`]): queueing entries, resolving the front one
//! and running the engine's own steps until a player or chance is next.

use crate::event::Event;
use crate::pending::{Pending, PendingKind, Resolver, Step};
use crate::state::Game;

impl Game {
    /// Queues `entry` to be resolved next, before everything already queued.
    pub(crate) fn queue_next(&mut self, entry: Pending) {
        self.pending.insert(0, entry);
    }

    /// Queues `entries` to be resolved next, in the order given, before everything already
    /// queued.
    pub(crate) fn queue_next_all(&mut self, entries: impl IntoIterator<Item = Pending>) {
        for (i, e) in entries.into_iter().enumerate() {
            self.pending.insert(i, e);
        }
    }

    /// Queues `entry` after everything already queued.
    pub(crate) fn queue_last(&mut self, entry: Pending) {
        self.pending.push_back(entry);
    }

    /// The front entry has been resolved: pops it and runs the engine steps that follow.
    pub(crate) fn resolved(&mut self, events: &mut Vec<Event>) {
        self.pending.pop_front();
        self.run_engine_steps(events);
    }

    /// Runs the engine steps at the front of the queue until a player's decision or a chance
    /// outcome is next (or nothing is pending). The player on turn wins the moment they
    /// reach the target (a victory point card or a defender token during the roll): the
    /// engine stops there and the victory rule ends the game.
    ///
    /// Most calls find nothing pending (a roll's production done, a turn's decision taken):
    /// only that test is inlined into the callers, the loop is out of line, so those calls
    /// do not pay its frame.
    #[inline]
    pub(crate) fn run_engine_steps(&mut self, events: &mut Vec<Event>) {
        if !self.pending.is_empty() {
            self.run_engine_steps_queued(events);
        }
    }

    /// [`Game::run_engine_steps`] with something pending.
    #[inline(never)]
    fn run_engine_steps_queued(&mut self, events: &mut Vec<Event>) {
        while let Some(entry) = self.pending.front() {
            if entry.kind.resolver() != Resolver::Engine {
                return;
            }
            if self.current_reaches_target() {
                return;
            }
            self.pending.pop_front();
            match entry.kind {
                PendingKind::Ck(step) => self.run_ck_step(entry.who, step, events),
                PendingKind::Base(_) | PendingKind::Sea(_) | PendingKind::Barb(_) => {}
            }
        }
    }

    /// Sets the turn's step.
    pub(crate) fn set_step(&mut self, step: Step) {
        self.step = step;
    }

    /// Ends the game: nothing more is pending.
    pub(crate) fn end_game(&mut self, winner: crate::ids::PlayerId) {
        self.pending.clear();
        self.step = Step::Ended { winner };
    }
}
