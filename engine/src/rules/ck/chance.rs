//! Cities & Knights chance: the roll is three dice (red, yellow and the event die), or the
//! event die alone once Alchemy has set the production dice (source `000_fee7e8147b67bbe6.txt`
//! pp. 6 and 13); a progress card drawn comes from the deck's unseen cards. The base game's
//! chance step hands these outcomes here through the extension point "chance".

use crate::action::Outcome;
use crate::error::RuleError;
use crate::event::Event;
use crate::progress::EventFace;
use crate::state::{CkPhase, Game, Phase};

impl Game {
    /// Whether a chance outcome fits the Cities & Knights roll or progress draw the game
    /// waits for; `None` for the base game's own chance steps.
    pub(crate) fn check_ck_outcome(&self, outcome: &Outcome) -> Option<Result<(), RuleError>> {
        let impossible = |why| Some(Err(RuleError::ImpossibleOutcome { why }));
        match (self.phase(), *outcome) {
            (Phase::Rolling, Outcome::Dice { .. }) => {
                impossible("Cities & Knights rolls three dice: red, yellow and the event die")
            }
            (Phase::Rolling, Outcome::EventDie { .. }) if self.ck.alchemy.is_some() => Some(Ok(())),
            (Phase::Rolling, Outcome::EventDie { .. }) => {
                impossible("the event die is rolled alone only after Alchemy set the production dice")
            }
            (Phase::Rolling, Outcome::CkDice { .. }) if self.ck.alchemy.is_some() => {
                impossible("Alchemy set the production dice: only the event die is rolled")
            }
            (Phase::Rolling, Outcome::CkDice { red, yellow, .. }) => {
                if (1..=6).contains(&red) && (1..=6).contains(&yellow) {
                    Some(Ok(()))
                } else {
                    impossible("each die shows 1 to 6")
                }
            }
            (Phase::Ck(CkPhase::DrawingProgress { deck, .. }), Outcome::Progress { card }) => {
                if card.track() == deck && self.ck.decks[deck.index()].unseen.get(card) > 0 {
                    Some(Ok(()))
                } else {
                    impossible("that progress card is not among the deck's unseen cards")
                }
            }
            _ => None,
        }
    }

    /// Every outcome of the Cities & Knights chance step the game waits for, with its weight:
    /// the three dice (36 × the event die's six faces, the ship on three), the event die
    /// alone after Alchemy, or a progress card among the deck's unseen cards.
    pub(crate) fn for_each_ck_outcome<F: FnMut(Outcome, u32)>(&self, f: &mut F) -> bool {
        match self.phase() {
            Phase::Rolling if self.ck.alchemy.is_some() => {
                for (event, w) in EventFace::WEIGHTED {
                    f(Outcome::EventDie { event }, w);
                }
            }
            Phase::Rolling => {
                for red in 1..=6 {
                    for yellow in 1..=6 {
                        for (event, w) in EventFace::WEIGHTED {
                            f(Outcome::CkDice { red, yellow, event }, w);
                        }
                    }
                }
            }
            Phase::Ck(CkPhase::DrawingProgress { deck, .. }) => {
                for (card, n) in self.ck.decks[deck.index()].unseen.iter() {
                    f(Outcome::Progress { card }, n as u32);
                }
            }
            _ => return false,
        }
        true
    }

    /// Applies a Cities & Knights chance outcome; `false` for any other.
    pub(crate) fn do_ck_outcome(&mut self, outcome: Outcome, events: &mut Vec<Event>) -> bool {
        match outcome {
            Outcome::CkDice { red, yellow, event } => self.do_ck_dice(red, yellow, event, events),
            Outcome::Progress { card } => self.do_draw_progress(card, events),
            Outcome::EventDie { event } => {
                let (red, yellow) = self.ck.alchemy.take().unwrap_or((1, 1));
                self.do_ck_dice(red, yellow, event, events)
            }
            Outcome::Dice { .. } | Outcome::DevCard { .. } | Outcome::Steal { .. } | Outcome::Barb(_) => return false,
        }
        true
    }
}
