//! Trading (source `base-rules` §5).
//!
//! Domestic trade happens only on your own turn, after the roll, and only between the
//! player whose turn it is and one other player: the current player offers, the other
//! accepts or declines. Both sides must give something (no gifts) and a kind may not be on
//! both sides. Maritime trade: 4 identical cards for 1 of another kind; 3:1 with a building
//! on a generic harbor; 2:1 for that resource with a building on its special harbor.

use crate::cards::{CardKind, Cards};
use crate::error::RuleError;
use crate::event::Event;
use crate::ids::PlayerId;
use crate::state::{Game, Phase};

impl Game {
    /// The rates at which `player` may give `kind` to the bank, best first, with the words
    /// naming them for an error message.
    pub fn maritime_rates(&self, player: PlayerId, kind: CardKind) -> ([bool; 3], &'static str) {
        let rates = self.maritime_rates_with(player, kind, self.harbor_mask(player));
        let extra = match (rates[0], rates[1]) {
            (true, true) => ", 3:1 and 2:1",
            (true, false) => " and 2:1",
            (false, true) => " and 3:1",
            (false, false) => " only",
        };
        (rates, extra)
    }

    /// The harbors `player` may use now (bit 0: a 3:1 harbor; bit `1 + r`: the 2:1 harbor
    /// of resource `r`), after the expansions' say (extension point "maritime rates").
    pub(crate) fn harbor_mask(&self, player: PlayerId) -> u8 {
        self.harbor_mask_ext(player, self.players.get(player.index()).map_or(0, |p| p.harbors))
    }

    /// The rates of [`Game::maritime_rates`] given the player's [`Game::harbor_mask`]
    /// (computed once when every kind is asked about), without the words: the maritime
    /// listing asks for every kind held twice or more.
    #[inline]
    pub(crate) fn maritime_rates_with(&self, player: PlayerId, kind: CardKind, mask: u8) -> [bool; 3] {
        // index 0: 2:1, 1: 3:1, 2: 4:1
        let special = kind.resource().is_some_and(|r| mask & (1 << (1 + r as u8)) != 0);
        let mut rates = [special, mask & 1 != 0, true];
        self.maritime_rates_ext(player, kind, &mut rates);
        rates
    }

    fn check_kinds(&self, cards: &Cards) -> Result<(), RuleError> {
        if !self.has_commodities() {
            if let Some((k, _)) = cards.iter().find(|(k, _)| k.is_commodity()) {
                return Err(RuleError::NotInThisGame { card: k });
            }
        }
        Ok(())
    }

    pub(crate) fn check_maritime(
        &self,
        player: PlayerId,
        give: CardKind,
        rate: u8,
        get: CardKind,
    ) -> Result<(), RuleError> {
        if !self.in_main() {
            return Err(self.wrong_time(player, "trade with the bank"));
        }
        self.check_kinds(&Cards::of(&[(give, 1), (get, 1)]))?;
        if give == get {
            return Err(RuleError::TradeSameKind);
        }
        let st = &self.players[player.index()];
        let (rates, extra) = self.maritime_rates(player, give);
        let ok = match rate {
            2 => rates[0],
            3 => rates[1],
            4 => rates[2],
            _ => false,
        };
        if !ok {
            return Err(RuleError::MaritimeRate {
                player: st.colour,
                card: give,
                rate,
                extra,
            });
        }
        if st.hand.get(give) < rate {
            return Err(RuleError::NotHeld {
                player: st.colour,
                cards: Cards::of(&[(give, rate)]),
                code: "BASE.TRADE.HELD",
            });
        }
        if self.bank.get(get) == 0 {
            return Err(RuleError::BankEmpty { card: get });
        }
        Ok(())
    }

    pub(crate) fn do_maritime(
        &mut self,
        player: PlayerId,
        give: CardKind,
        rate: u8,
        get: CardKind,
        events: &mut Vec<Event>,
    ) {
        let st = &mut self.players[player.index()];
        st.hand.remove(give, rate);
        #[cfg(feature = "fault-injection")]
        let credit = !crate::fault::active(crate::fault::Fault::MaritimeBankNotCredited);
        #[cfg(not(feature = "fault-injection"))]
        let credit = true;
        if credit {
            self.bank.add(give, rate);
        }
        self.bank.remove(get, 1);
        st.hand.add(get, 1);
        events.push(Event::MaritimeTraded {
            player,
            give,
            rate,
            get,
        });
    }

    pub(crate) fn check_offer(&self, player: PlayerId, to: PlayerId, give: Cards, get: Cards) -> Result<(), RuleError> {
        self.known_player(to)?;
        if !self.in_main() {
            return Err(self.wrong_time(player, "offer a trade"));
        }
        if to == player {
            return Err(RuleError::TradeWithSelf);
        }
        self.check_kinds(&give)?;
        self.check_kinds(&get)?;
        if give.is_empty() || get.is_empty() {
            return Err(RuleError::TradeGift);
        }
        if give.shares_kind_with(&get) {
            return Err(RuleError::TradeSameKind);
        }
        let st = &self.players[player.index()];
        if !st.hand.contains(&give) {
            return Err(RuleError::NotHeld {
                player: st.colour,
                cards: give,
                code: "BASE.TRADE.HELD",
            });
        }
        Ok(())
    }

    pub(crate) fn do_offer(
        &mut self,
        player: PlayerId,
        to: PlayerId,
        give: Cards,
        get: Cards,
        events: &mut Vec<Event>,
    ) {
        self.queue_next(crate::pending::Pending::base(
            to,
            crate::pending::BasePending::TradeAnswer { give, get },
        ));
        events.push(Event::TradeOffered { player, to, give, get });
    }

    pub(crate) fn check_accept(&self, player: PlayerId) -> Result<(), RuleError> {
        let Phase::TradeOffer { get, .. } = self.phase() else {
            return Err(self.wrong_time(player, "accept a trade"));
        };
        let st = &self.players[player.index()];
        if !st.hand.contains(&get) {
            return Err(RuleError::NotHeld {
                player: st.colour,
                cards: get,
                code: "BASE.TRADE.HELD",
            });
        }
        Ok(())
    }

    pub(crate) fn do_accept(&mut self, player: PlayerId, events: &mut Vec<Event>) {
        let Phase::TradeOffer { give, get, .. } = self.phase() else {
            return;
        };
        let cur = self.current.index();
        self.players[cur].hand.remove_all(&give);
        self.players[cur].hand.add_all(&get);
        self.players[player.index()].hand.remove_all(&get);
        self.players[player.index()].hand.add_all(&give);
        events.push(Event::TradeAccepted {
            player,
            partner: self.current,
        });
        self.resolved(events);
    }

    pub(crate) fn check_decline(&self, player: PlayerId) -> Result<(), RuleError> {
        if !matches!(self.phase(), Phase::TradeOffer { .. }) {
            return Err(self.wrong_time(player, "decline a trade"));
        }
        Ok(())
    }

    pub(crate) fn do_decline(&mut self, player: PlayerId, events: &mut Vec<Event>) {
        events.push(Event::TradeDeclined {
            player,
            partner: self.current,
        });
        self.resolved(events);
    }
}

#[cfg(test)]
mod tests {
    use crate::cards::{CardKind, Cards};
    use crate::state::Phase;
    use crate::testkit::*;
    use crate::Action;

    #[test]
    fn four_to_one_always_and_harbor_rates_only_with_a_harbor() {
        let mut g = main_phase_game();
        let red = p(0);
        give(&mut g, red, Cards::of(&[(CardKind::Wool, 4)]));
        let (rates, _) = g.maritime_rates(red, CardKind::Wool);
        let t = |rate| Action::MaritimeTrade {
            player: red,
            give: CardKind::Wool,
            rate,
            get: CardKind::Ore,
        };
        if !rates[1] {
            assert_eq!(g.check(&t(3)).unwrap_err().code(), "BASE.TRADE.MARITIME_RATE");
        }
        if !rates[0] {
            assert_eq!(g.check(&t(2)).unwrap_err().code(), "BASE.TRADE.MARITIME_RATE");
        }
        assert_eq!(g.check(&t(5)).unwrap_err().code(), "BASE.TRADE.MARITIME_RATE");
        g.apply(t(4)).unwrap();
        assert_eq!(g.player(red).unwrap().hand, Cards::of(&[(CardKind::Ore, 1)]));
    }

    #[test]
    fn harbor_gives_its_rate_to_a_building_on_either_end() {
        let mut g = main_phase_game();
        let red = p(0);
        let h = g.board().harbors[0];
        let v = g.board().topology.edges()[h.edge.index()].vertices[1];
        g.sites[v.index()] = Some(crate::state::Site {
            owner: red,
            building: crate::state::Building::Settlement,
        });
        g.players[0].harbors |= g.harbor_mask_at(v);
        give(&mut g, red, Cards::of(&[(CardKind::Brick, 3)]));
        // harbor 0 of the beginner board is generic 3:1
        g.apply(Action::MaritimeTrade {
            player: red,
            give: CardKind::Brick,
            rate: 3,
            get: CardKind::Ore,
        })
        .unwrap();
    }

    #[test]
    fn domestic_trade_only_with_the_player_whose_turn_it_is() {
        let mut g = main_phase_game();
        give(&mut g, p(0), Cards::of(&[(CardKind::Brick, 1)]));
        give(&mut g, p(1), Cards::of(&[(CardKind::Wool, 1)]));
        give(&mut g, p(2), Cards::of(&[(CardKind::Ore, 1)]));
        let bad = Action::OfferTrade {
            player: p(1),
            to: p(2),
            give: Cards::of(&[(CardKind::Wool, 1)]),
            get: Cards::of(&[(CardKind::Ore, 1)]),
        };
        assert_eq!(g.check(&bad).unwrap_err().code(), "TURN.NOT_YOUR_DECISION");
        let gift = Action::OfferTrade {
            player: p(0),
            to: p(1),
            give: Cards::of(&[(CardKind::Brick, 1)]),
            get: Cards::EMPTY,
        };
        assert_eq!(g.check(&gift).unwrap_err().code(), "BASE.TRADE.NO_GIFTS");
        let same = Action::OfferTrade {
            player: p(0),
            to: p(1),
            give: Cards::of(&[(CardKind::Brick, 1)]),
            get: Cards::of(&[(CardKind::Brick, 1)]),
        };
        assert_eq!(g.check(&same).unwrap_err().code(), "BASE.TRADE.SAME_KIND");
        let ok = Action::OfferTrade {
            player: p(0),
            to: p(1),
            give: Cards::of(&[(CardKind::Brick, 1)]),
            get: Cards::of(&[(CardKind::Wool, 1)]),
        };
        g.apply(ok).unwrap();
        assert_eq!(
            g.check(&Action::AcceptTrade { player: p(2) }).unwrap_err().code(),
            "TURN.NOT_YOUR_DECISION"
        );
        g.apply(Action::AcceptTrade { player: p(1) }).unwrap();
        assert_eq!(g.player(p(0)).unwrap().hand, Cards::of(&[(CardKind::Wool, 1)]));
        assert_eq!(g.player(p(1)).unwrap().hand, Cards::of(&[(CardKind::Brick, 1)]));
        assert_eq!(g.phase(), Phase::Main);
    }

    #[test]
    fn declined_offer_changes_no_hands_and_accepting_without_the_cards_is_refused() {
        let mut g = main_phase_game();
        give(&mut g, p(0), Cards::of(&[(CardKind::Brick, 1)]));
        give(&mut g, p(1), Cards::EMPTY);
        g.apply(Action::OfferTrade {
            player: p(0),
            to: p(1),
            give: Cards::of(&[(CardKind::Brick, 1)]),
            get: Cards::of(&[(CardKind::Wool, 1)]),
        })
        .unwrap();
        assert_eq!(
            g.check(&Action::AcceptTrade { player: p(1) }).unwrap_err().code(),
            "BASE.TRADE.HELD"
        );
        g.apply(Action::DeclineTrade { player: p(1) }).unwrap();
        assert_eq!(g.player(p(0)).unwrap().hand, Cards::of(&[(CardKind::Brick, 1)]));
    }

    #[test]
    fn commodities_are_not_cards_of_the_base_game() {
        let mut g = main_phase_game();
        give(&mut g, p(0), Cards::of(&[(CardKind::Brick, 4)]));
        let a = Action::MaritimeTrade {
            player: p(0),
            give: CardKind::Brick,
            rate: 4,
            get: CardKind::Paper,
        };
        assert_eq!(g.check(&a).unwrap_err().code(), "ENGINE.NOT_IN_RULESET");
    }
}
