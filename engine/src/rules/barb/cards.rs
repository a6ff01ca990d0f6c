//! The scenario deck and gold (sources `sixsides-ba`, `liquisearch-tb-ba`, `catan-faq-tb`).
//!
//! The development cards are replaced by the scenario deck of 26: 14 Knighthood, 4 Swift
//! Knight, 4 Treason, 4 Capture (`BARB.CARD.DECK`). A card costs what a development card
//! costs, 1 ore, 1 wool and 1 grain (`BARB.CARD.COST`), is revealed and resolved at once and
//! then discarded; the draw is a chance outcome among the cards not drawn since the last
//! shuffle, and an empty deck is made again from the discards (`BARB.CARD.RESHUFFLE`).
//!
//! - Knighthood: a knight on a free path of the castle hex; Swift Knight: on any free path
//!   (lost when no knight is in supply or no such path is free).
//! - Treason (`BARB.CARD.TREASON`): 2 gold, and 2 barbarians moved from 2 different hexes
//!   (from the supply when the board has fewer) to 2 different unconquered coastal hexes,
//!   one move at a time, each the player's choice.
//! - Capture (`BARB.CARD.CAPTURE`): a barbarian from a hex of the player's choice becomes
//!   their prisoner; with none on the board the card is discarded and another drawn.
//!
//! Gold (`BARB.GOLD.PURCHASE`): 2 gold buy 1 resource from the bank, at most twice per turn
//! (option `gold-purchases`), in the trade and build phase. Gold is not a card: it is never
//! discarded on a 7.

use super::errors::BarbRule;
use super::events::BarbEvent;
use super::pending::BarbPending;
use super::state::BarbCard;
use super::{BARBARIANS_TO_CONQUER, GOLD_PER_RESOURCE, TREASON_GOLD};
use crate::cards::{cost, Resource};
use crate::error::RuleError;
use crate::event::Event;
use crate::ids::{HexId, PlayerId};
use crate::pending::{Pending, PendingKind};
use crate::state::Game;

impl Game {
    fn queue_barb(&mut self, who: PlayerId, kind: BarbPending) {
        self.queue_next(Pending {
            who,
            kind: PendingKind::Barb(kind),
        });
    }

    /// Checks buying a scenario card.
    pub(crate) fn check_buy_barb_card(&self, player: PlayerId) -> Result<(), RuleError> {
        if !self.in_main() {
            return Err(self.wrong_time(player, "buy a scenario card"));
        }
        if !self.players[player.index()].hand.contains(&cost::DEV_CARD) {
            return Err(RuleError::Barb(BarbRule::CardCost));
        }
        Ok(())
    }

    /// Buys a scenario card: the draw is queued (the deck made again if it is empty).
    pub(crate) fn do_buy_barb_card(&mut self, player: PlayerId, events: &mut Vec<Event>) {
        self.players[player.index()].hand.remove_all(&cost::DEV_CARD);
        self.bank.add_all(&cost::DEV_CARD);
        events.push(Event::Barb(BarbEvent::BarbarianCardBought { player }));
        self.queue_draw(player, events);
    }

    fn queue_draw(&mut self, player: PlayerId, events: &mut Vec<Event>) {
        if self.barb.deck.iter().all(|&n| n == 0) {
            self.barb.deck = self.barb.discards;
            self.barb.discards = [0; 4];
            events.push(Event::Barb(BarbEvent::BarbarianDeckShuffled {
                cards: self.barb.deck.iter().sum(),
            }));
        }
        self.queue_barb(player, BarbPending::DrawCard);
    }

    /// Checks a drawn card: one the deck still holds.
    pub(crate) fn check_barb_card_drawn(&self, card: BarbCard) -> Result<(), RuleError> {
        if self.barb.deck[card.index()] == 0 {
            return Err(RuleError::ImpossibleOutcome {
                why: "the scenario deck holds no such card",
            });
        }
        Ok(())
    }

    /// The card drawn is revealed, discarded and resolved.
    pub(crate) fn do_barb_card_drawn(&mut self, who: PlayerId, card: BarbCard, events: &mut Vec<Event>) {
        self.pending.pop_front();
        self.barb.deck[card.index()] -= 1;
        self.barb.discards[card.index()] += 1;
        events.push(Event::Barb(BarbEvent::BarbarianCardDrawn { player: who, card }));
        match card {
            BarbCard::Knighthood | BarbCard::SwiftKnight => {
                let anywhere = card == BarbCard::SwiftKnight;
                if self.knight_placeable(who, anywhere) {
                    self.queue_barb(who, BarbPending::PlaceKnight { anywhere });
                } else {
                    events.push(Event::Barb(BarbEvent::KnightNotPlaced { player: who }));
                }
            }
            BarbCard::Treason => {
                let g = &mut self.barb.gold[who.index()];
                *g = g.saturating_add(u16::from(TREASON_GOLD));
                events.push(Event::Barb(BarbEvent::GoldTaken {
                    player: who,
                    amount: TREASON_GOLD,
                    gold: u32::from(*g),
                }));
                let t = BarbPending::Treason { left: 2, first: None };
                if self.treason_possible(t) {
                    self.queue_barb(who, t);
                }
            }
            BarbCard::Capture => {
                if self.barb.on_board() > 0 {
                    self.queue_barb(who, BarbPending::Capture);
                } else {
                    self.queue_draw(who, events);
                }
            }
        }
        self.barb_continue(events);
    }

    /// Whether a Treason move (`from`, `to`) fits the rule under the pending entry `t`.
    fn treason_move_ok(&self, t: BarbPending, from: Option<HexId>, to: HexId) -> bool {
        self.treason_view(t)
            .is_some_and(|v| Some(to) != from && self.treason_to_ok(&v, to) && self.treason_from_ok(&v, from))
    }

    /// What every Treason move under the pending entry `t` is tested against, read once:
    /// the first move's hexes and the sources still on the board (hexes with a barbarian the
    /// first move did not use).
    fn treason_view(&self, t: BarbPending) -> Option<TreasonView> {
        let BarbPending::Treason { left, first } = t else {
            return None;
        };
        let (first_from, first_to) = first.map_or((None, None), |(f, t)| (f, Some(t)));
        let mut v = TreasonView {
            left,
            first_from,
            first_to,
            sources: 0,
        };
        v.sources = (0..self.barb.coastal.len())
            .map(|i| HexId(i as u16))
            .filter(|&h| self.treason_source(&v, h))
            .count() as u8;
        Some(v)
    }

    /// Whether hex `h` is coastal, holds a barbarian and was not used by the first move.
    fn treason_source(&self, v: &TreasonView, h: HexId) -> bool {
        self.barb.coastal.get(h.index()).copied().unwrap_or(false) && self.barb.on(h) > 0 && !v.taken(h)
    }

    /// Whether a Treason move may start at `from` (a source, or the supply while fewer
    /// sources than moves are left).
    fn treason_from_ok(&self, v: &TreasonView, from: Option<HexId>) -> bool {
        match from {
            Some(h) => self.treason_source(v, h),
            None => v.sources < v.left && self.barb.supply > 0,
        }
    }

    /// Whether a Treason move may end on `to` (a coastal hex the first move did not use,
    /// short of conquest).
    fn treason_to_ok(&self, v: &TreasonView, to: HexId) -> bool {
        self.barb.coastal.get(to.index()).copied().unwrap_or(false)
            && !v.taken(to)
            && self.barb.on(to) < BARBARIANS_TO_CONQUER
    }

    /// Whether any Treason move is possible under `t`.
    fn treason_possible(&self, t: BarbPending) -> bool {
        let Some(v) = self.treason_view(t) else {
            return false;
        };
        let n = self.barb.coastal.len();
        (0..n).map(|j| HexId(j as u16)).any(|to| {
            self.treason_to_ok(&v, to)
                && (self.treason_from_ok(&v, None)
                    || (0..n).any(|i| i != to.index() && self.treason_from_ok(&v, Some(HexId(i as u16)))))
        })
    }

    /// Checks a Treason move.
    pub(crate) fn check_move_barbarian(
        &self,
        player: PlayerId,
        from: Option<HexId>,
        to: HexId,
    ) -> Result<(), RuleError> {
        self.known_hex(to)?;
        if let Some(h) = from {
            self.known_hex(h)?;
        }
        let Some(t @ BarbPending::Treason { .. }) = self.barb_front() else {
            return Err(self.wrong_time(player, "move a barbarian"));
        };
        if !self.treason_move_ok(t, from, to) {
            return Err(RuleError::Barb(BarbRule::TreasonTarget));
        }
        Ok(())
    }

    /// Moves a barbarian for Treason; the second move follows while one is possible.
    pub(crate) fn do_move_barbarian(
        &mut self,
        player: PlayerId,
        from: Option<HexId>,
        to: HexId,
        events: &mut Vec<Event>,
    ) {
        let Some(BarbPending::Treason { left, .. }) = self.barb_front() else {
            return;
        };
        self.pending.pop_front();
        match from {
            Some(h) => self.barb.barbarians[h.index()] -= 1,
            None => self.barb.supply -= 1,
        }
        self.barb.barbarians[to.index()] += 1;
        events.push(Event::Barb(BarbEvent::BarbarianMoved { player, from, to }));
        self.refresh_conquest_after_barbarians(events);
        if left > 1 {
            let t = BarbPending::Treason {
                left: left - 1,
                first: Some((from, to)),
            };
            if self.treason_possible(t) {
                self.queue_barb(player, t);
            }
        }
        self.barb_continue(events);
    }

    /// Checks a capture.
    pub(crate) fn check_capture(&self, player: PlayerId, hex: HexId) -> Result<(), RuleError> {
        self.known_hex(hex)?;
        if self.barb_front() != Some(BarbPending::Capture) {
            return Err(self.wrong_time(player, "capture a barbarian"));
        }
        if self.barb.on(hex) == 0 {
            return Err(RuleError::Barb(BarbRule::CaptureTarget));
        }
        Ok(())
    }

    /// Captures a barbarian.
    pub(crate) fn do_capture(&mut self, player: PlayerId, hex: HexId, events: &mut Vec<Event>) {
        self.pending.pop_front();
        self.take_prisoner(player, hex, events);
        self.barb_continue(events);
    }

    /// A barbarian of `hex` becomes `player`'s prisoner (Capture; Intrigue with Cities &
    /// Knights); the conquests follow.
    pub(crate) fn take_prisoner(&mut self, player: PlayerId, hex: HexId, events: &mut Vec<Event>) {
        self.barb.barbarians[hex.index()] -= 1;
        let held = &mut self.barb.prisoners[player.index()];
        *held = held.saturating_add(1);
        let prisoners = *held;
        self.raise_vp_bound(player);
        events.push(Event::Barb(BarbEvent::BarbarianCaptured { player, hex, prisoners }));
        self.refresh_conquest_after_barbarians(events);
    }

    /// Checks a purchase with gold.
    pub(crate) fn check_buy_with_gold(&self, player: PlayerId, resource: Resource) -> Result<(), RuleError> {
        if !self.in_main() {
            return Err(self.wrong_time(player, "buy with gold"));
        }
        let ok = self.barb.gold[player.index()] >= GOLD_PER_RESOURCE
            && self.barb.purchases < self.rules.barb.gold_purchases
            && self.bank.get(resource.card()) > 0;
        if !ok {
            return Err(RuleError::Barb(BarbRule::GoldPurchase));
        }
        Ok(())
    }

    /// Buys a resource with 2 gold.
    pub(crate) fn do_buy_with_gold(&mut self, player: PlayerId, resource: Resource, events: &mut Vec<Event>) {
        self.barb.gold[player.index()] -= GOLD_PER_RESOURCE;
        self.barb.purchases += 1;
        self.bank.remove(resource.card(), 1);
        self.players[player.index()].hand.add(resource.card(), 1);
        events.push(Event::Barb(BarbEvent::GoldSpent {
            player,
            resource,
            gold: u32::from(self.barb.gold[player.index()]),
        }));
    }

    /// The Treason moves and captures the pending entry allows.
    pub(crate) fn push_barb_card_choices(&self, who: PlayerId, out: &mut Vec<crate::Action>) {
        use super::actions::BarbAction;
        let n = self.barb.coastal.len();
        match self.barb_front() {
            Some(t @ BarbPending::Treason { .. }) => {
                // The entry is read once; a target the rule refuses is refused from every
                // source.
                let Some(v) = self.treason_view(t) else { return };
                let from_supply = self.treason_from_ok(&v, None);
                for j in 0..n {
                    let to = HexId(j as u16);
                    if !self.treason_to_ok(&v, to) {
                        continue;
                    }
                    if from_supply {
                        out.push(crate::Action::Barb(BarbAction::MoveBarbarian {
                            player: who,
                            from: None,
                            to,
                        }));
                    }
                    for i in (0..n).filter(|&i| i != j) {
                        let from = Some(HexId(i as u16));
                        if self.treason_from_ok(&v, from) {
                            out.push(crate::Action::Barb(BarbAction::MoveBarbarian { player: who, from, to }));
                        }
                    }
                }
            }
            Some(BarbPending::Capture) => {
                for i in 0..n {
                    let hex = HexId(i as u16);
                    if self.barb.on(hex) > 0 {
                        out.push(crate::Action::Barb(BarbAction::CaptureBarbarian { player: who, hex }));
                    }
                }
            }
            _ => {}
        }
    }
}

/// A Treason entry as its moves are tested (see [`Game::treason_view`]).
struct TreasonView {
    /// Moves left.
    left: u8,
    /// The first move's source, if it came from a hex.
    first_from: Option<HexId>,
    /// The first move's target.
    first_to: Option<HexId>,
    /// The sources still on the board.
    sources: u8,
}

impl TreasonView {
    /// Whether the first move used `h` (as its target, or as its source hex).
    fn taken(&self, h: HexId) -> bool {
        Some(h) == self.first_to || (self.first_from.is_some() && Some(h) == self.first_from)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::{CardKind, Cards};
    use crate::rules::barb::actions::{BarbAction, BarbOutcome};
    use crate::rules::barb::testkit::*;
    use crate::{Action, Outcome};

    fn draw(g: &mut Game, card: BarbCard) {
        g.apply(Action::Chance(Outcome::Barb(BarbOutcome::BarbarianCard { card })))
            .unwrap();
    }

    /// Treason's rule as first written, every move tested alone (the listing reads the
    /// entry once).
    fn treason_move_ok_alone(g: &Game, t: BarbPending, from: Option<HexId>, to: HexId) -> bool {
        let BarbPending::Treason { left, first } = t else {
            return false;
        };
        let (ff, ft) = first.map_or((None, None), |(f, t)| (f, Some(t)));
        let taken = |h: HexId| Some(h) == ft || (ff.is_some() && Some(h) == ff);
        let coastal = |h: HexId| g.barb.coastal.get(h.index()).copied().unwrap_or(false);
        let sources = (0..g.barb.coastal.len())
            .map(|i| HexId(i as u16))
            .filter(|&h| coastal(h) && g.barb.on(h) > 0 && !taken(h))
            .count() as u8;
        let from_ok = match from {
            Some(h) => coastal(h) && g.barb.on(h) > 0 && !taken(h),
            None => sources < left && g.barb.supply > 0,
        };
        from_ok && coastal(to) && !taken(to) && Some(to) != from && g.barb.on(to) < BARBARIANS_TO_CONQUER
    }

    /// In random games, whenever Treason moves barbarians, the moves listed are those the
    /// rule tested move by move accepts, in the order of target, then source (the supply
    /// first).
    #[test]
    fn treason_lists_the_moves_its_rule_accepts_one_by_one() {
        let mut seen = 0;
        for seed in 0..12 {
            let mut g = barb_game(4);
            let mut rp = crate::random::RandomPlayer::new(seed);
            let mut buf = Vec::new();
            for _ in 0..6000 {
                if g.winner().is_some() {
                    break;
                }
                if let Some(t @ BarbPending::Treason { .. }) = g.barb_front() {
                    let who = g.pending.front().unwrap().who;
                    let n = g.barb.coastal.len();
                    let mut expected = Vec::new();
                    for to in (0..n).map(|j| HexId(j as u16)) {
                        for from in std::iter::once(None).chain((0..n).map(|i| Some(HexId(i as u16)))) {
                            if treason_move_ok_alone(&g, t, from, to) {
                                expected.push(Action::Barb(BarbAction::MoveBarbarian { player: who, from, to }));
                            }
                        }
                    }
                    g.legal_actions(&mut buf);
                    assert_eq!(buf, expected);
                    assert!(!expected.is_empty());
                    seen += 1;
                }
                let a = rp.choose(&g, Default::default()).unwrap();
                g.apply(a).unwrap();
            }
        }
        assert!(seen > 5, "{seen}");
    }

    #[test]
    fn a_card_costs_ore_wool_grain_and_knighthood_places_on_a_castle_path() {
        let mut g = barb_main(4, 1);
        let p = g.current();
        let buy = Action::Barb(BarbAction::BuyBarbarianCard { player: p });
        assert_eq!(g.check(&buy).unwrap_err().code(), "BARB.CARD.COST");
        crate::testkit::give(&mut g, p, cost::DEV_CARD);
        g.apply(buy).unwrap();
        draw(&mut g, BarbCard::Knighthood);
        assert_eq!(g.phase().name(), "placing-knight");
        let off = (0..72).map(crate::ids::EdgeId).find(|e| !g.is_castle_path(*e)).unwrap();
        let e = g
            .check(&Action::Barb(BarbAction::PlacePathKnight { player: p, at: off }))
            .unwrap_err();
        assert_eq!(e.code(), "BARB.KNIGHT.CASTLE_PATH");
        let on = (0..72).map(crate::ids::EdgeId).find(|e| g.is_castle_path(*e)).unwrap();
        g.apply(Action::Barb(BarbAction::PlacePathKnight { player: p, at: on }))
            .unwrap();
        assert_eq!(g.path_knight(on).unwrap().owner, p);
        assert_eq!(g.barb.knights_left[p.index()], 5);
        assert_eq!(g.phase().name(), "main");
    }

    #[test]
    fn treason_gives_two_gold_and_moves_two_barbarians_between_different_hexes() {
        let mut g = barb_main(4, 1);
        let p = g.current();
        crate::testkit::give(&mut g, p, cost::DEV_CARD);
        g.apply(Action::Barb(BarbAction::BuyBarbarianCard { player: p }))
            .unwrap();
        draw(&mut g, BarbCard::Treason);
        assert_eq!(g.gold(p), 2);
        let h2 = g.coastal_hex_numbered(2).unwrap();
        let h12 = g.coastal_hex_numbered(12).unwrap();
        let h5 = g.coastal_hex_numbered(5).unwrap();
        let h6 = g.coastal_hex_numbered(6).unwrap();
        let mv = |from, to| Action::Barb(BarbAction::MoveBarbarian { player: p, from, to });
        // Two barbarians on the board: none from the supply.
        assert_eq!(g.check(&mv(None, h5)).unwrap_err().code(), "BARB.CARD.TREASON");
        g.apply(mv(Some(h2), h5)).unwrap();
        assert_eq!(g.check(&mv(Some(h12), h5)).unwrap_err().code(), "BARB.CARD.TREASON");
        assert_eq!(g.check(&mv(Some(h5), h6)).unwrap_err().code(), "BARB.CARD.TREASON");
        g.apply(mv(Some(h12), h6)).unwrap();
        assert_eq!((g.barbarians_on(h5), g.barbarians_on(h6)), (1, 1));
        assert_eq!(g.phase().name(), "main");
    }

    #[test]
    fn capture_takes_a_prisoner_or_draws_again_on_an_empty_board() {
        let mut g = barb_main(4, 1);
        let p = g.current();
        crate::testkit::give(&mut g, p, cost::DEV_CARD);
        g.apply(Action::Barb(BarbAction::BuyBarbarianCard { player: p }))
            .unwrap();
        draw(&mut g, BarbCard::Capture);
        let h2 = g.coastal_hex_numbered(2).unwrap();
        g.apply(Action::Barb(BarbAction::CaptureBarbarian { player: p, hex: h2 }))
            .unwrap();
        assert_eq!(g.prisoners(p), 1);
        for i in 0..g.barb.barbarians.len() {
            g.barb.supply += g.barb.barbarians[i];
            g.barb.barbarians[i] = 0;
        }
        crate::testkit::give(&mut g, p, cost::DEV_CARD);
        g.apply(Action::Barb(BarbAction::BuyBarbarianCard { player: p }))
            .unwrap();
        draw(&mut g, BarbCard::Capture);
        assert_eq!(g.phase().name(), "drawing-barbarian-card");
    }

    #[test]
    fn two_gold_buy_a_resource_twice_per_turn() {
        let mut g = barb_main(4, 1);
        let p = g.current();
        let buy = Action::Barb(BarbAction::BuyWithGold {
            player: p,
            resource: Resource::Ore,
        });
        assert_eq!(g.check(&buy).unwrap_err().code(), "BARB.GOLD.PURCHASE");
        g.barb.gold[p.index()] = 6;
        g.apply(buy).unwrap();
        g.apply(buy).unwrap();
        assert_eq!(g.check(&buy).unwrap_err().code(), "BARB.GOLD.PURCHASE");
        assert_eq!(g.player(p).unwrap().hand, Cards::of(&[(CardKind::Ore, 2)]));
        assert_eq!(g.gold(p), 2);
    }
}
