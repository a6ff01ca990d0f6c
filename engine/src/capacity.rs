//! The capacity of the engine's card counters, and the check that no position exceeds it.
//!
//! Hands and the bank count each kind of card in a `u8`, and the cards a player owes on a
//! 7 (half the hand) too. Cards move between holders but are never created, so a position
//! in which every kind totals at most [`MAX_OF_A_KIND`] (bank and hands together) and all
//! the cards total at most [`MAX_CARDS`] can never overflow a counter, whatever is played:
//! a Monopoly gathers at most 255 of its kind, a hand owes at most 255 on a 7. A checked
//! position (19 of each resource, 12 of each commodity) is far inside; an `unchecked`
//! scenario beyond it is refused when it is loaded ([`check_position`], from
//! `Game::from_setup`), and random play checks it after every step (the `card-capacity`
//! invariant), so no card is ever lost to a saturating or wrapping counter. What a player
//! declares outright (victory point tokens and cards, Knight cards played and held) is
//! bounded the same way ([`check_declared`]).

use crate::cards::{CardKind, Cards};
use crate::ids::PlayerId;

/// The most cards of one kind in a game (bank and hands together).
pub const MAX_OF_A_KIND: u32 = u8::MAX as u32;
/// The most cards in a game (every kind, bank and hands together): half of it, the most a
/// hand can owe on a 7, still fits a `u8`.
pub const MAX_CARDS: u32 = 2 * u8::MAX as u32 + 1;

/// Where a position goes past the capacity: the holder to blame (a player holding the
/// kind, or `None` for the bank) and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Excess {
    /// The first player holding cards of the kind (or any card), `None` when only the bank does.
    pub holder: Option<PlayerId>,
    /// What is too much, in words.
    pub detail: String,
}

/// Checks the capacity of the module docs over `bank` and `hands` (in seat order).
///
/// # Errors
/// The first kind (or the total) over the capacity.
pub fn check_position(bank: &Cards, hands: &[Cards]) -> Result<(), Excess> {
    let holder_of = |k: Option<CardKind>| {
        hands
            .iter()
            .position(|h| k.map_or(!h.is_empty(), |k| h.get(k) > 0))
            .map(|i| PlayerId(i as u8))
    };
    let mut all = 0u32;
    for k in CardKind::ALL {
        let total = u32::from(bank.get(k)) + hands.iter().map(|h| u32::from(h.get(k))).sum::<u32>();
        if total > MAX_OF_A_KIND {
            return Err(Excess {
                holder: holder_of(Some(k)),
                detail: format!("{total} {k} in bank and hands: the engine counts at most {MAX_OF_A_KIND} of a kind"),
            });
        }
        all += total;
    }
    if all > MAX_CARDS {
        return Err(Excess {
            holder: holder_of(None),
            detail: format!("{all} cards in bank and hands: the engine counts at most {MAX_CARDS} in all"),
        });
    }
    Ok(())
}

/// The most victory points a position may declare outright for one player (defender
/// tokens, victory point development and progress cards): with every point the board can
/// give on top, a player's points still fit the engine's `u8` count.
pub const MAX_DECLARED_VP: u32 = 150;

/// Checks what each player declares outright against the counters it feeds: at most
/// [`MAX_DECLARED_VP`] points of tokens and cards, and knights played plus Knight cards
/// held at most 255 (each Knight card played counts one more).
///
/// # Errors
/// The first player over it.
pub fn check_declared(players: &[crate::position::PlayerSetup]) -> Result<(), Excess> {
    use crate::cards::DevCard;
    for (i, p) in players.iter().enumerate() {
        let holder = Some(PlayerId(i as u8));
        let vp = u32::from(p.ck.vp_tokens)
            + p.ck.progress_vp.total()
            + u32::from(p.dev_cards.get(DevCard::VictoryPoint))
            + u32::from(p.new_dev_cards.get(DevCard::VictoryPoint));
        if vp > MAX_DECLARED_VP {
            return Err(Excess {
                holder,
                detail: format!(
                    "{vp} victory points in tokens and cards: the engine counts at most {MAX_DECLARED_VP} declared outright"
                ),
            });
        }
        let knights = u32::from(p.knights_played)
            + u32::from(p.dev_cards.get(DevCard::Knight))
            + u32::from(p.new_dev_cards.get(DevCard::Knight));
        if knights > MAX_OF_A_KIND {
            return Err(Excess {
                holder,
                detail: format!(
                    "{knights} Knight cards played and held: the engine counts at most {MAX_OF_A_KIND} knights played"
                ),
            });
        }
    }
    Ok(())
}

impl crate::state::Game {
    /// The capacity of the module docs over this game's bank and hands (the
    /// `card-capacity` invariant).
    pub(crate) fn card_capacity(&self) -> Result<(), String> {
        let mut hands = [Cards::EMPTY; crate::ids::MAX_PLAYERS];
        for (h, p) in hands.iter_mut().zip(self.players.iter()) {
            *h = p.hand;
        }
        check_position(&self.bank, &hands[..self.players.len().min(hands.len())]).map_err(|e| e.detail)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn three_hands_of_255_wool_are_over_capacity() {
        let h = Cards::of(&[(CardKind::Wool, 255)]);
        let e = check_position(&Cards::EMPTY, &[Cards::EMPTY, h, h, h]).expect_err("765 wool");
        assert_eq!(e.holder, Some(PlayerId(1)));
        assert!(e.detail.starts_with("765 wool"), "{}", e.detail);
    }

    #[test]
    fn a_hand_that_would_owe_more_than_255_is_over_capacity() {
        let mut h = Cards::EMPTY;
        for k in CardKind::ALL {
            h.add(k, 160);
        }
        let e = check_position(&Cards::EMPTY, &[h]).expect_err("1,280 cards");
        assert!(e.detail.contains("at most 511 in all"), "{}", e.detail);
        let ok = Cards::of(&[(CardKind::Wool, 255), (CardKind::Ore, 255), (CardKind::Brick, 1)]);
        assert_eq!(check_position(&Cards::EMPTY, &[ok]), Ok(()));
    }
}
