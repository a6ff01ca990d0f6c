//! Trade progress cards (source `000_fee7e8147b67bbe6.txt` p. 14): Commercial Harbor, Guild
//! Dues, Merchant, Merchant Fleet, Resource Monopoly, Trade Monopoly.
//!
//! - Commercial Harbor: for the rest of the turn, offer each opponent (once each, even with
//!   two cards played) one of your resources; they give a commodity of their choice for it,
//!   or, holding none, you take your resource back.
//! - Guild Dues: only against a player with more victory points; you look at their hand and
//!   take 2 cards of your choice (all they have if fewer).
//! - Merchant: the merchant goes on a land hex next to one of your buildings (option
//!   `merchant-next-to settlements`: one of your settlements, source
//!   `001_f137f77325d91eec.txt` §13); its controller trades that hex's resource 2:1 and holds
//!   1 VP; control moves with the next Merchant.
//! - Merchant Fleet: name a resource or commodity: 2:1 with the bank for it for the rest of
//!   the turn. A second fleet in the same turn adds its kind; the first kind stays 2:1.
//! - Resource Monopoly: every opponent gives you 2 of the resource named (1 if they have 1).
//! - Trade Monopoly: every opponent gives you 1 of the commodity named.

use crate::cards::{CardKind, Cards, Resource};
use crate::error::{CkRule, RuleError};
use crate::event::Event;
use crate::ids::{HexId, PlayerId};
use crate::pending::{CkPending, Pending};
use crate::ruleset::MerchantNextTo;
use crate::state::{Building, CkPhase, Game, Phase};
use crate::CkEvent;

impl Game {
    pub(crate) fn check_guild_dues(&self, player: PlayerId, victim: PlayerId, cards: Cards) -> Result<(), RuleError> {
        self.known_player(victim)?;
        if victim == player || self.total_vp(victim) <= self.total_vp(player) {
            return Err(RuleError::Ck(CkRule::GuildDuesRicher));
        }
        let hand = self.players[victim.index()].hand;
        if cards.total() != hand.total().min(2) || !hand.contains(&cards) {
            return Err(RuleError::Ck(CkRule::GuildDuesCards));
        }
        Ok(())
    }

    pub(crate) fn check_merchant(&self, player: PlayerId, hex: HexId) -> Result<(), RuleError> {
        self.known_hex(hex)?;
        let land = self.board.terrain[hex.index()].is_land();
        // Option `merchant-next-to` (D11): any building, or settlements only (a city turned on
        // its side counts as a settlement).
        let cities_count = self.rules.ck.merchant_next_to == MerchantNextTo::SettlementsOrCities;
        let next_to_own = self.board.topology.hexes()[hex.index()].corners.iter().any(|v| {
            self.sites[v.index()].is_some_and(|s| s.owner == player && (cities_count || s.building != Building::City))
        });
        if !land || !next_to_own {
            return Err(RuleError::Ck(CkRule::MerchantHex));
        }
        self.check_merchant_hex_ext(hex)
    }

    pub(crate) fn do_merchant(&mut self, player: PlayerId, hex: HexId, events: &mut Vec<Event>) {
        let previous = self.ck.merchant.map(|(_, p)| p);
        self.ck.merchant = Some((hex, player));
        self.raise_vp_bound(player);
        events.push(Event::Ck(CkEvent::MerchantPlaced { player, hex, previous }));
    }

    pub(crate) fn check_trade_monopoly(&self, commodity: CardKind) -> Result<(), RuleError> {
        if !commodity.is_commodity() {
            return Err(RuleError::Ck(CkRule::TradeMonopolyCommodity));
        }
        Ok(())
    }

    /// Every opponent gives up to `most` cards of `kind`.
    pub(crate) fn do_monopoly_of(&mut self, player: PlayerId, kind: CardKind, most: u8, events: &mut Vec<Event>) {
        for k in 1..self.players.len() as u8 {
            let victim = self.seat_from_current(k);
            if victim == player {
                continue;
            }
            let n = self.players[victim.index()].hand.get(kind).min(most);
            if n > 0 {
                self.take_cards(player, victim, Cards::of(&[(kind, n)]), events);
            }
        }
    }

    pub(crate) fn check_harbor_offer(
        &self,
        player: PlayerId,
        to: PlayerId,
        resource: Resource,
    ) -> Result<(), RuleError> {
        self.known_player(to)?;
        if !self.in_main() {
            return Err(self.wrong_time(player, "offer a Commercial Harbor trade"));
        }
        if !self.ck.harbor
            || to == player
            || self.ck.harbor_done & (1 << to.0) != 0
            || self.players[player.index()].hand.get(resource.card()) == 0
        {
            return Err(RuleError::Ck(CkRule::HarborOffer));
        }
        Ok(())
    }

    pub(crate) fn do_harbor_offer(
        &mut self,
        player: PlayerId,
        to: PlayerId,
        resource: Resource,
        events: &mut Vec<Event>,
    ) {
        self.ck.harbor_done |= 1 << to.0;
        let has_commodity = [CardKind::Paper, CardKind::Cloth, CardKind::Coin]
            .iter()
            .any(|&c| self.players[to.index()].hand.get(c) > 0);
        events.push(Event::Ck(CkEvent::HarborOffered {
            player,
            to,
            resource,
            answered: has_commodity,
        }));
        if has_commodity {
            self.take_cards(to, player, Cards::of(&[(resource.card(), 1)]), events);
            self.queue_next(Pending::ck(to, CkPending::HarborAnswer { from: player, resource }));
        }
    }

    pub(crate) fn check_give_commodity(&self, player: PlayerId, commodity: CardKind) -> Result<(), RuleError> {
        let Phase::Ck(CkPhase::HarborAnswer { to, .. }) = self.phase() else {
            return Err(self.wrong_time(player, "give a commodity"));
        };
        if to != player {
            return Err(self.wrong_time(player, "give a commodity"));
        }
        if !commodity.is_commodity() || self.players[player.index()].hand.get(commodity) == 0 {
            return Err(RuleError::Ck(CkRule::HarborAnswer));
        }
        Ok(())
    }

    pub(crate) fn do_give_commodity(&mut self, player: PlayerId, commodity: CardKind, events: &mut Vec<Event>) {
        let Phase::Ck(CkPhase::HarborAnswer { from, .. }) = self.phase() else {
            return;
        };
        self.take_cards(from, player, Cards::of(&[(commodity, 1)]), events);
        self.resolved(events);
    }
}

#[cfg(test)]
mod tests {
    use crate::board::Corner::*;
    use crate::progress::{ProgressCard, ProgressPlay};
    use crate::testkit::*;
    use crate::Action;
    use crate::CkAction;

    /// Red has a city on E.n and a settlement on Q.s; the merchant card is in hand.
    fn merchant(option: &'static str) -> crate::Game {
        let mut ck = Ck::new()
            .rules(|r| r.set_option("merchant-next-to", option).unwrap())
            .city(0, ("E", N))
            .roads(0, "E", &[N, NE])
            .settlement(0, ("Q", S))
            .roads(0, "Q", &[S, SW])
            .settlement(1, ("G", N))
            .roads(1, "G", &[N, NE])
            .settlement(2, ("L", S))
            .roads(2, "L", &[S, SW]);
        ck.setup.players[0].ck.progress.add(ProgressCard::Merchant, 1);
        ck.game()
    }

    #[test]
    fn a_second_merchant_fleet_adds_its_kind_and_the_first_stays_two_to_one_until_the_turn_ends() {
        use crate::cards::{CardKind::*, Cards};
        let mut ck = Ck::new()
            .city(0, ("A", N))
            .roads(0, "A", &[N, NE])
            .opponents()
            .hand(0, Cards::of(&[(Cloth, 4), (Wool, 4)]));
        ck.setup.players[0].ck.progress.add(ProgressCard::MerchantFleet, 2);
        let mut g = ck.game();
        let fleet = |kind| {
            Action::Ck(CkAction::PlayProgress {
                player: p(0),
                play: ProgressPlay::MerchantFleet { kind },
            })
        };
        let two_for_one = |give, get| Action::MaritimeTrade {
            player: p(0),
            give,
            rate: 2,
            get,
        };
        g.apply(fleet(Cloth)).unwrap();
        g.apply(fleet(Wool)).unwrap();
        // Both kinds are 2:1 now, whichever card came first.
        g.apply(two_for_one(Cloth, Grain)).unwrap();
        g.apply(two_for_one(Wool, Ore)).unwrap();
        g.apply(two_for_one(Cloth, Ore)).unwrap();
        assert_eq!(refused(&g, two_for_one(Ore, Grain)), "BASE.TRADE.MARITIME_RATE");
        // The turn ends: neither kind is 2:1 any more.
        g.apply(Action::EndTurn { player: p(0) }).unwrap();
        assert!(g.to_setup().ck.fleet.is_empty());
        assert_eq!(g.maritime_rates(p(0), Wool).0, [false, false, true]);
    }

    #[test]
    fn the_merchant_goes_next_to_a_settlement_or_a_city_or_under_the_colonist_reading_a_settlement_only() {
        let play = |g: &crate::Game, label: &str| {
            Action::Ck(CkAction::PlayProgress {
                player: p(0),
                play: ProgressPlay::Merchant { hex: hex(g, label) },
            })
        };
        // E touches red's city only; Q red's settlement.
        let g = merchant("settlements-or-cities");
        assert!(g.is_legal(&play(&g, "E")));
        assert!(g.is_legal(&play(&g, "Q")));
        let g = merchant("settlements");
        assert_eq!(refused(&g, play(&g, "E")), "CK.CARD.MERCHANT_HEX");
        assert!(g.is_legal(&play(&g, "Q")));
        let mut legal = vec![];
        g.legal_actions(&mut legal);
        assert!(!legal.contains(&play(&g, "E")));
        assert!(legal.contains(&play(&g, "Q")));
    }
}
