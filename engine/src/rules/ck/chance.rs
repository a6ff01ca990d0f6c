//! Cities & Knights chance: the roll is three dice (red, yellow and the event die), or the
//! event die alone once Alchemy has set the production dice (source `000_fee7e8147b67bbe6.txt`
//! pp. 6 and 13); a progress card drawn comes from the deck's unseen cards. The base game's
//! chance step hands these outcomes here through the extension point "chance".

use crate::action::Outcome;
use crate::error::RuleError;
use crate::event::Event;
use crate::progress::EventFace;
use crate::state::{CkPhase, Game, Phase};

/// The event die's weights together (each red and yellow pair of the three dice).
pub(crate) const CK_DICE_PAIR_WEIGHT: u32 = {
    let mut total = 0;
    let mut i = 0;
    while i < EventFace::WEIGHTED.len() {
        total += EventFace::WEIGHTED[i].1;
        i += 1;
    }
    total
};

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

    /// Whether the game waits for Cities & Knights' roll of the three dice, the outcomes
    /// [`Game::for_each_ck_outcome`] lists first (no expansion before Cities & Knights has
    /// chance of its own). The phase is [`Phase::Rolling`] only with the base game's dice
    /// entry at the front of the queue and the game not over: that is read directly, without
    /// building the phase.
    #[inline]
    pub(crate) fn ck_dice_pending(&self) -> bool {
        use crate::pending::{BasePending, PendingKind, Step};
        if !self.rules.has(crate::ruleset::Expansion::CitiesAndKnights) || self.ck.alchemy.is_some() {
            return false;
        }
        let rolling = !matches!(self.step, Step::Ended { .. })
            && matches!(
                self.pending.front(),
                Some(e) if matches!(e.kind, PendingKind::Base(BasePending::Dice))
            );
        debug_assert_eq!(rolling, self.phase() == Phase::Rolling);
        rolling
    }

    /// The roll of the three dice at `pick` (below 216) with the weights of
    /// [`Game::for_each_ck_outcome`] laid end to end in its order: each red and yellow pair
    /// takes the event die's six, pairs in order, then the faces by weight.
    pub(crate) fn ck_dice_at(pick: u32) -> Option<Outcome> {
        let (pair, mut rest) = (pick / CK_DICE_PAIR_WEIGHT, pick % CK_DICE_PAIR_WEIGHT);
        if pair >= 36 {
            return None;
        }
        let (red, yellow) = ((pair / 6 + 1) as u8, (pair % 6 + 1) as u8);
        for (event, w) in EventFace::WEIGHTED {
            if rest < w {
                return Some(Outcome::CkDice { red, yellow, event });
            }
            rest -= w;
        }
        None
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

#[cfg(test)]
mod tests {
    /// Random games of every ruleset: whenever chance is next, the total weight and the
    /// outcome at every pick, found without the scan for the three dice, are those the scan
    /// of `for_each_outcome` gives.
    #[test]
    fn outcomes_found_at_a_pick_equal_the_scan_in_random_games() {
        let names: [&[&str]; 5] = [
            &[],
            &["cities-and-knights"],
            &["cities-and-knights", "barbarian-attack"],
            &["cities-and-knights", "seafarers"],
            &["cities-and-knights", "court"],
        ];
        let mut fast = 0;
        for (i, set) in names.into_iter().enumerate() {
            let mut g = crate::testkit::named_rules_game(set, i as u64, 1);
            let mut rp = crate::random::RandomPlayer::new(i as u64);
            while g.winner().is_none() && g.turn() <= 150 {
                // The dice roll read from the queue's front is the phase's.
                let rolling = g.rules().ck() && g.ck.alchemy.is_none() && g.phase() == crate::state::Phase::Rolling;
                assert_eq!(g.ck_dice_pending(), rolling, "{set:?}");
                if g.actor() == crate::state::Actor::Chance {
                    let all = g.chance_outcomes();
                    let total: u32 = all.iter().map(|&(_, w)| w).sum();
                    assert_eq!(g.outcome_total(), total, "{set:?}");
                    let mut pick = 0;
                    for &(o, w) in &all {
                        for _ in 0..w {
                            assert_eq!(g.outcome_at(pick), Some(o), "{set:?} {pick}");
                            pick += 1;
                        }
                    }
                    assert_eq!(g.outcome_at(total), None);
                    fast += usize::from(g.ck_dice_pending());
                }
                let Some(a) = rp.choose(&g, crate::random::Policy::Uniform) else {
                    break;
                };
                g.apply(a).expect("a listed action");
            }
        }
        assert!(fast > 50, "{fast} rolls of the three dice");
    }
}
