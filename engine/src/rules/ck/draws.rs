//! Progress cards as objects: draws, victory point cards, the hand limit and discards
//! (source `000_fee7e8147b67bbe6.txt` p. 6 "Draw Progress Cards" and p. 10 "Progress Cards").
//!
//! When the event die shows a city gate, every player whose level on that track is L ≥ 1
//! draws the top card of that deck if the red die shows at most L + 1, in turn order from the
//! current player. Victory point cards (Printing, Constitution) go face up at once, even on
//! another player's turn; they are outside the hand limit. The limit is 4 cards: a player
//! who is not on turn discards down to 4 at once; the player on turn has until the end of the
//! turn (option `progress-hand`: `five-on-turn` caps them at 5 meanwhile). Discarded cards
//! go face down under their deck. Which card is drawn is a chance outcome while the deck
//! still holds cards unseen since the shuffle; after that the cards put under come back in
//! order (no chance).

use crate::error::{CkRule, RuleError};
use crate::event::Event;
use crate::ids::PlayerId;
use crate::progress::{ProgressCard, Track};
use crate::ruleset::ProgressHandLimit;
use crate::state::{Game, Phase, RollStage, PROGRESS_HAND_LIMIT};

impl Game {
    /// A gate face: marks the players who draw (level L ≥ 1 and red die ≤ L + 1).
    pub(crate) fn start_draws(&mut self, track: Track, red: u8) {
        self.ck.stage_seats = 0;
        for (i, st) in self.players.iter().enumerate() {
            let level = st.improvements[track.index()];
            if level >= 1 && red <= level + 1 {
                self.ck.stage_seats |= 1 << i;
            }
        }
        self.ck.stage = RollStage::Draws { offset: 0 };
    }

    /// Starts a draw; returns whether the game now waits (for chance or a discard).
    pub(crate) fn start_draw(&mut self, player: PlayerId, deck: Track, events: &mut Vec<Event>) -> bool {
        let d = &mut self.ck.decks[deck.index()];
        if !d.unseen.is_empty() {
            self.phase = Phase::DrawingProgress { player, deck };
            return true;
        }
        match d.under.pop_front() {
            Some(card) => self.receive_progress(player, deck, card, events),
            None => {
                events.push(Event::ProgressDeckEmpty { player, deck });
                false
            }
        }
    }

    /// The most progress cards `player` may hold right now without discarding.
    pub(crate) fn progress_limit_now(&self, player: PlayerId) -> Option<u32> {
        if player != self.current {
            return Some(PROGRESS_HAND_LIMIT);
        }
        match self.rules.ck.progress_hand {
            ProgressHandLimit::EndOfTurn => None,
            ProgressHandLimit::FiveOnTurn => Some(PROGRESS_HAND_LIMIT + 1),
        }
    }

    /// A drawn card reaches its player; returns whether they must now discard.
    fn receive_progress(&mut self, player: PlayerId, deck: Track, card: ProgressCard, events: &mut Vec<Event>) -> bool {
        events.push(Event::ProgressDrawn { player, deck, card });
        let st = &mut self.players[player.index()];
        if card.is_victory_point() {
            st.progress_vp.add(card, 1);
            events.push(Event::VictoryCardRevealed { player, card });
            return false;
        }
        st.progress.add(card, 1);
        let held = st.progress.total();
        match self.progress_limit_now(player) {
            Some(limit) if held > limit => {
                events.push(Event::MustDiscardProgress {
                    player,
                    count: (held - limit) as u8,
                });
                self.phase = Phase::DiscardingProgress { player };
                true
            }
            _ => false,
        }
    }

    /// Chance: the card drawn from the deck's unseen cards.
    pub(crate) fn do_draw_progress(&mut self, card: ProgressCard, events: &mut Vec<Event>) {
        let Phase::DrawingProgress { player, deck } = self.phase else {
            return;
        };
        self.ck.decks[deck.index()].unseen.remove(card, 1);
        if !self.receive_progress(player, deck, card, events) {
            self.continue_roll(events);
        }
    }

    pub(crate) fn check_discard_progress(&self, player: PlayerId, card: ProgressCard) -> Result<(), RuleError> {
        let held = self.players[player.index()].progress.total();
        match self.phase {
            Phase::DiscardingProgress { player: p } if p == player => {}
            Phase::Main if player == self.current => {
                if held <= PROGRESS_HAND_LIMIT {
                    return Err(RuleError::Ck(CkRule::ProgressNoDiscard));
                }
            }
            _ => return Err(self.wrong_time(player, "discard a progress card")),
        }
        if self.players[player.index()].progress.get(card) == 0 {
            return Err(RuleError::Ck(CkRule::ProgressNotHeld));
        }
        Ok(())
    }

    pub(crate) fn do_discard_progress(&mut self, player: PlayerId, card: ProgressCard, events: &mut Vec<Event>) {
        let st = &mut self.players[player.index()];
        st.progress.remove(card, 1);
        let held = st.progress.total();
        self.ck.decks[card.track().index()].under.push(card);
        events.push(Event::ProgressDiscarded { player, card });
        if let Phase::DiscardingProgress { .. } = self.phase {
            let still_over = self.progress_limit_now(player).is_some_and(|limit| held > limit);
            if !still_over {
                self.continue_roll(events);
            }
        }
    }

    /// The end of the turn needs at most 4 progress cards in hand.
    pub(crate) fn check_progress_hand_at_end(&self, player: PlayerId) -> Result<(), RuleError> {
        if self.rules.ck() && self.players[player.index()].progress.total() > PROGRESS_HAND_LIMIT {
            return Err(RuleError::Ck(CkRule::ProgressHandLimit));
        }
        Ok(())
    }
}
