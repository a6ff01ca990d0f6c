//! Progress cards as objects: draws, victory point cards, the hand limit and discards
//! (source `000_fee7e8147b67bbe6.txt` p. 6 "Draw Progress Cards" and p. 10 "Progress Cards").
//!
//! When the event die shows a city gate, every player whose level on that track is L ≥ 1
//! draws the top card of that deck if the red die shows at most L + 1, in turn order from the
//! current player. Victory point cards (Printing, Constitution) go face up at once, even on
//! another player's turn; they are outside the hand limit. The limit is 4 cards: a player
//! who is not on turn discards down to 4 at once; the player on turn has until the end of the
//! turn (option `progress-hand`: `five-on-turn` caps them at 5 meanwhile, `four-always` at 4).
//! Discarded cards go face down under their deck. Which card is drawn is a chance outcome
//! while the deck still holds cards unseen since the shuffle; after that the cards put under
//! come back in order (no chance).

use crate::error::{CkRule, RuleError};
use crate::event::Event;
use crate::ids::PlayerId;
use crate::pending::{CkPending, Pending};
use crate::progress::{ProgressCard, Track};
use crate::ruleset::ProgressHandLimit;
use crate::state::{CkPhase, Game, Phase, PROGRESS_HAND_LIMIT};
use crate::CkEvent;

impl Game {
    /// A gate face: the players who draw (level L ≥ 1 and red die ≤ L + 1) draw in turn
    /// order from the roller, ahead of production.
    pub(crate) fn start_draws(&mut self, track: Track, red: u8) {
        let drawers = self.seats_from_current(|p| {
            let level = self.players[p.index()].ck.improvements[track.index()];
            level >= 1 && red <= level + 1
        });
        self.queue_next_all(
            drawers
                .into_iter()
                .flatten()
                .map(|p| Pending::ck(p, CkPending::Draw { deck: track })),
        );
    }

    /// A draw: chance picks among the deck's unseen cards (queued next); once only cards
    /// discarded under it are left, the first of those is taken.
    pub(crate) fn start_draw(&mut self, player: PlayerId, deck: Track, events: &mut Vec<Event>) {
        let d = &mut self.ck.decks[deck.index()];
        if !d.unseen.is_empty() {
            self.queue_next(Pending::ck(player, CkPending::DrawProgress { deck }));
            return;
        }
        match d.under.pop_front() {
            Some(card) => self.receive_progress(player, deck, card, events),
            None => events.push(Event::Ck(CkEvent::ProgressDeckEmpty { player, deck })),
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
            ProgressHandLimit::FourAlways => Some(PROGRESS_HAND_LIMIT),
        }
    }

    /// A drawn card reaches its player; a discard is queued next when they hold too many.
    pub(crate) fn receive_progress(
        &mut self,
        player: PlayerId,
        deck: Track,
        card: ProgressCard,
        events: &mut Vec<Event>,
    ) {
        events.push(Event::Ck(CkEvent::ProgressDrawn { player, deck, card }));
        let st = &mut self.players[player.index()];
        if card.is_victory_point() {
            st.ck.progress_vp.add(card, 1);
            self.raise_vp_bound(player);
            self.ck.tally.note(card);
            events.push(Event::Ck(CkEvent::VictoryCardRevealed { player, card }));
            return;
        }
        st.ck.progress.add(card, 1);
        let held = st.ck.progress.total();
        match self.progress_limit_now(player) {
            Some(limit) if held > limit => {
                events.push(Event::Ck(CkEvent::MustDiscardProgress {
                    player,
                    count: (held - limit) as u8,
                }));
                self.queue_next(Pending::ck(player, CkPending::DiscardProgress));
            }
            _ => {}
        }
    }

    /// Chance: the card drawn from the deck's unseen cards.
    pub(crate) fn do_draw_progress(&mut self, card: ProgressCard, events: &mut Vec<Event>) {
        let Phase::Ck(CkPhase::DrawingProgress { player, deck }) = self.phase() else {
            return;
        };
        self.pending.pop_front();
        self.ck.decks[deck.index()].unseen.remove(card, 1);
        self.receive_progress(player, deck, card, events);
        self.run_engine_steps(events);
    }

    pub(crate) fn check_discard_progress(&self, player: PlayerId, card: ProgressCard) -> Result<(), RuleError> {
        let held = self.players[player.index()].ck.progress.total();
        match self.phase() {
            Phase::Ck(CkPhase::DiscardingProgress { player: p }) if p == player => {}
            Phase::Main if player == self.current => {
                if held <= PROGRESS_HAND_LIMIT {
                    return Err(RuleError::Ck(CkRule::ProgressNoDiscard));
                }
            }
            _ => return Err(self.wrong_time(player, "discard a progress card")),
        }
        if self.players[player.index()].ck.progress.get(card) == 0 {
            return Err(RuleError::Ck(CkRule::ProgressNotHeld));
        }
        Ok(())
    }

    pub(crate) fn do_discard_progress(&mut self, player: PlayerId, card: ProgressCard, events: &mut Vec<Event>) {
        let st = &mut self.players[player.index()];
        st.ck.progress.remove(card, 1);
        let held = st.ck.progress.total();
        self.ck.decks[card.track().index()].under.push(card);
        events.push(Event::Ck(CkEvent::ProgressDiscarded { player, card }));
        if let Phase::Ck(CkPhase::DiscardingProgress { .. }) = self.phase() {
            let still_over = self.progress_limit_now(player).is_some_and(|limit| held > limit);
            if !still_over {
                self.resolved(events);
            }
        }
    }

    /// The end of the turn needs at most 4 progress cards in hand.
    pub(crate) fn check_progress_hand_at_end(&self, player: PlayerId) -> Result<(), RuleError> {
        if self.rules.ck() && self.players[player.index()].ck.progress.total() > PROGRESS_HAND_LIMIT {
            return Err(RuleError::Ck(CkRule::ProgressHandLimit));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use crate::board::Corner::*;
    use crate::progress::{EventFace, ProgressCard::*, Track};
    use crate::testkit::*;
    use crate::CkAction;
    use crate::CkEvent;
    use crate::{Action, CkPhase, Event, Outcome, Phase};

    fn table() -> Ck {
        Ck::new()
            .city(0, ("E", N))
            .roads(0, "E", &[N, NE])
            .city(1, ("G", N))
            .roads(1, "G", &[N, NE])
            .city(2, ("Q", S))
            .roads(2, "Q", &[S, SW])
            .before_roll()
    }

    fn draw(g: &mut crate::Game, card: crate::ProgressCard) -> Vec<Event> {
        g.apply(Action::Chance(Outcome::Progress { card })).unwrap()
    }

    #[test]
    fn level_l_draws_when_the_red_die_is_at_most_l_plus_one_in_turn_order() {
        // Blue (level 1) and white (level 2) in politics; red has none.
        let mut g = table().levels(1, [0, 0, 1]).levels(2, [0, 0, 2]).current(2).game();
        roll3(&mut g, 3, 1, EventFace::Gate(Track::Politics));
        // Red 3: only level 2 or more draws: white.
        assert_eq!(
            g.phase(),
            Phase::Ck(CkPhase::DrawingProgress {
                player: p(2),
                deck: Track::Politics
            })
        );
        draw(&mut g, Espionage);
        assert_eq!(g.phase(), Phase::Main);
        let mut g = table().levels(1, [0, 0, 1]).levels(2, [0, 0, 2]).current(2).game();
        roll3(&mut g, 1, 1, EventFace::Gate(Track::Politics));
        // Red 1: both draw, white (on turn) first, then red (none), then blue.
        assert_eq!(
            g.phase(),
            Phase::Ck(CkPhase::DrawingProgress {
                player: p(2),
                deck: Track::Politics
            })
        );
        draw(&mut g, Wedding);
        assert_eq!(
            g.phase(),
            Phase::Ck(CkPhase::DrawingProgress {
                player: p(1),
                deck: Track::Politics
            })
        );
        assert_eq!(
            refused(&g, Action::Chance(Outcome::Progress { card: Crane })),
            "CHANCE.IMPOSSIBLE_OUTCOME"
        );
        draw(&mut g, Wedding);
        assert_eq!(g.progress_deck(Track::Politics).len(), 16);
        g.check_invariants().unwrap();
    }

    #[test]
    fn a_victory_point_card_goes_face_up_at_once_even_off_turn() {
        let mut g = table().levels(1, [1, 0, 0]).game();
        roll3(&mut g, 1, 2, EventFace::Gate(Track::Science));
        let ev = draw(&mut g, Printing);
        assert!(ev.contains(&Event::Ck(CkEvent::VictoryCardRevealed {
            player: p(1),
            card: Printing
        })));
        assert_eq!(g.player(p(1)).unwrap().ck.progress.total(), 0);
        assert_eq!(g.total_vp(p(1)), 3);
    }

    #[test]
    fn off_turn_a_fifth_card_is_discarded_at_once_on_turn_by_the_end_of_the_turn() {
        let mut ck = table().levels(0, [0, 1, 0]).levels(1, [0, 1, 0]);
        ck.setup.players[1].ck.progress = {
            let mut h = crate::progress::ProgressCards::EMPTY;
            h.add(Merchant, 4);
            h
        };
        ck.setup.players[0].ck.progress = {
            let mut h = crate::progress::ProgressCards::EMPTY;
            h.add(ResourceMonopoly, 4);
            h
        };
        let mut g = ck.game();
        roll3(&mut g, 1, 2, EventFace::Gate(Track::Trade));
        draw(&mut g, CommercialHarbor);
        // Red (on turn) holds 5 and plays on.
        assert_eq!(
            g.phase(),
            Phase::Ck(CkPhase::DrawingProgress {
                player: p(1),
                deck: Track::Trade
            })
        );
        let ev = draw(&mut g, CommercialHarbor);
        assert!(ev.contains(&Event::Ck(CkEvent::MustDiscardProgress { player: p(1), count: 1 })));
        assert_eq!(g.phase(), Phase::Ck(CkPhase::DiscardingProgress { player: p(1) }));
        assert_eq!(
            refused(
                &g,
                Action::Ck(CkAction::DiscardProgress {
                    player: p(1),
                    card: Crane
                })
            ),
            "CK.PROGRESS.NOT_HELD"
        );
        g.apply(Action::Ck(CkAction::DiscardProgress {
            player: p(1),
            card: Merchant,
        }))
        .unwrap();
        assert_eq!(g.phase(), Phase::Main);
        assert_eq!(g.progress_deck(Track::Trade).under.cards(), &[Merchant]);
        assert_eq!(refused(&g, Action::EndTurn { player: p(0) }), "CK.PROGRESS.HAND_LIMIT");
        g.apply(Action::Ck(CkAction::DiscardProgress {
            player: p(0),
            card: ResourceMonopoly,
        }))
        .unwrap();
        assert_eq!(
            refused(
                &g,
                Action::Ck(CkAction::DiscardProgress {
                    player: p(0),
                    card: ResourceMonopoly
                })
            ),
            "CK.PROGRESS.NO_DISCARD_OWED"
        );
        g.apply(Action::EndTurn { player: p(0) }).unwrap();
        g.check_invariants().unwrap();
    }

    #[test]
    fn once_the_unseen_cards_are_gone_the_cards_put_under_come_back_in_order() {
        let mut ck = table().levels(0, [1, 0, 0]);
        let mut deck = crate::progress::ProgressDeck::default();
        deck.under.push(Mining);
        deck.under.push(Crane);
        let mut decks = [
            deck,
            crate::progress::ProgressDeck::full(Track::Trade),
            crate::progress::ProgressDeck::full(Track::Politics),
        ];
        // The other 16 science cards sit in red's... nowhere: an unchecked position.
        decks[0].unseen = crate::progress::ProgressCards::EMPTY;
        ck.setup.ck.decks = Some(decks);
        ck.setup.checked = false;
        let mut g = ck.game_unchecked();
        let ev = roll3(&mut g, 1, 2, EventFace::Gate(Track::Science));
        assert!(ev.contains(&Event::Ck(CkEvent::ProgressDrawn {
            player: p(0),
            deck: Track::Science,
            card: Mining
        })));
        assert_eq!(g.phase(), Phase::Main);
    }
}
