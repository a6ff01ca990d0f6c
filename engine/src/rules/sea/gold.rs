//! Gold fields (source `004_bf8a3dbb68824bc0.txt`, "Die Seefahrer" F "Der Goldfluss",
//! example F).
//!
//! A gold field carries a number token and produces no card of its own: when its number is
//! rolled each adjacent settlement pays its owner 1 resource of their choice and each city 2
//! (two different kinds allowed). The robber blocks it as any hex. Every owner chooses —
//! never the engine: the choices are pending decisions, one per player, in seat order from
//! the player on turn, after the other hexes have paid (rule `SEA.GOLD.CHOICE`).
//!
//! A second setup settlement next to a gold field takes one resource of its owner's choice
//! per gold field as its starting resource (rule `SEA.GOLD.SETUP`, this engine's reading).
//!
//! A short bank (rule `SEA.GOLD.BANK`, this engine's reading of the base shortage rule for a
//! choice): each player chooses among the cards the bank holds when their turn to choose
//! comes, like a single claimant of the base rule; one owed more than the bank's whole
//! stock of resources takes all of it — or nothing, under the base option
//! `shortage nobody-ever`.

use super::errors::SeaRule;
use super::events::SeaEvent;
use super::pending::SeaPending;
use crate::board::Terrain;
use crate::cards::{CardKind, Cards, Resource};
use crate::error::RuleError;
use crate::event::Event;
use crate::ids::{PlayerId, VertexId, MAX_PLAYERS};
use crate::pending::{Pending, PendingKind};
use crate::state::{Building, Game};

impl Game {
    /// Queues the gold choices a production roll of `total` owes (none on a 7). Most totals
    /// have no gold field with a building at a corner ([`Game::may_pay_gold`]): nothing to
    /// queue, no hex visited, and only this test is inlined into the caller.
    #[inline]
    pub(crate) fn queue_gold(&mut self, total: u8) {
        if self.may_pay_gold(total) {
            self.queue_gold_owed(total);
        }
    }

    /// [`Game::queue_gold`] for a total with a gold field and a building at its corner: what
    /// each seat is owed, queued in seat order from the player on turn. Out of line.
    #[inline(never)]
    fn queue_gold_owed(&mut self, total: u8) {
        let mut owed = [0u8; MAX_PLAYERS];
        for &h in self.numbered.with(total) {
            let i = h.index();
            if self.board.terrain[i] != Terrain::Gold || self.robber.map(|r| r.index()) == Some(i) {
                continue;
            }
            let Some(hex) = self.board.topology.hexes().get(i) else {
                continue;
            };
            for v in hex.corners {
                if let Some(site) = self.sites[v.index()] {
                    owed[site.owner.index()] += if site.building == Building::City { 2 } else { 1 };
                }
            }
        }
        // Most totals pay no gold: nothing to queue, the seats are not walked.
        if owed == [0; MAX_PLAYERS] {
            return;
        }
        let n = self.players.len();
        let mut at = 0;
        for k in 0..n {
            let p = PlayerId(((self.current.index() + k) % n) as u8);
            if owed[p.index()] > 0 {
                self.pending.insert(
                    at,
                    Pending {
                        who: p,
                        kind: PendingKind::Sea(SeaPending::Gold { count: owed[p.index()] }),
                    },
                );
                at += 1;
            }
        }
    }

    /// The starting resources of a second setup settlement: one of the player's choice per
    /// gold field next to it (this engine's reading, rule `SEA.GOLD.SETUP`: the base game pays
    /// one card per hex, and a gold field's card is a choice).
    pub(crate) fn queue_starting_gold(&mut self, player: PlayerId, at: VertexId) {
        let Some(info) = self.board.topology.vertex(at) else {
            return;
        };
        let count = info
            .hexes
            .iter()
            .filter(|h| self.board.terrain[h.index()] == Terrain::Gold)
            .count() as u8;
        if count > 0 {
            self.queue_next(Pending {
                who: player,
                kind: PendingKind::Sea(SeaPending::Gold { count }),
            });
        }
    }

    /// The resources the bank pays toward `count` owed: all of them; when it holds fewer,
    /// what is left under the base shortage rule `one-takes-rest`, nothing under
    /// `nobody-ever`.
    fn gold_due(&self, count: u8) -> u8 {
        let stock: u32 = Resource::ALL.iter().map(|r| self.bank.get(r.card()) as u32).sum();
        if stock >= count as u32 {
            count
        } else if self.rules.base.shortage == crate::ruleset::ShortageRule::NobodyEver {
            0
        } else {
            stock as u8
        }
    }

    fn gold_owed(&self, player: PlayerId) -> Option<u8> {
        match self.pending.front() {
            Some(Pending {
                who,
                kind: PendingKind::Sea(SeaPending::Gold { count }),
            }) if who == player => Some(count),
            _ => None,
        }
    }

    /// Checks a gold choice.
    pub(crate) fn check_choose_gold(&self, player: PlayerId, take: Cards) -> Result<(), RuleError> {
        let Some(count) = self.gold_owed(player) else {
            return Err(self.wrong_time(player, "choose gold"));
        };
        // With Cities & Knights: resources only, even for a city (rule
        // `SEA.CK.GOLD_RESOURCES_ONLY`; source `001_f137f77325d91eec.txt` §17).
        let commodity = take.iter().any(|(k, _)| k.is_commodity());
        if commodity && self.has_commodities() {
            return Err(RuleError::Sea(SeaRule::GoldCommodity));
        }
        if commodity || take.total() != self.gold_due(count) as u32 {
            return Err(RuleError::Sea(SeaRule::GoldCount));
        }
        if !self.bank.contains(&take) {
            return Err(RuleError::Sea(SeaRule::GoldBank));
        }
        Ok(())
    }

    /// Pays a gold choice [`Game::check_choose_gold`] accepted.
    pub(crate) fn do_choose_gold(&mut self, player: PlayerId, take: Cards, events: &mut Vec<Event>) {
        if let Some(count) = self.gold_owed(player) {
            let due = self.gold_due(count);
            if due < count {
                events.push(Event::Sea(SeaEvent::GoldShort {
                    player,
                    owed: count,
                    bank: due,
                }));
            }
        }
        self.bank.remove_all(&take);
        self.players[player.index()].hand.add_all(&take);
        events.push(Event::Sea(SeaEvent::GoldChosen { player, cards: take }));
        self.resolved(events);
    }

    /// Every choice the player at the front of a gold entry may make.
    pub(crate) fn push_gold_choices(&self, out: &mut Vec<crate::Action>) {
        let Some(Pending { who, .. }) = self.pending.front() else {
            return;
        };
        let Some(count) = self.gold_owed(who) else { return };
        let due = self.gold_due(count);
        push_choices(who, &self.bank, due, 0, Cards::EMPTY, out);
    }
}

/// Every multiset of `left` resources the bank holds, kinds from index `from` on.
fn push_choices(player: PlayerId, bank: &Cards, left: u8, from: usize, acc: Cards, out: &mut Vec<crate::Action>) {
    if left == 0 {
        out.push(crate::Action::Sea(super::actions::SeaAction::ChooseGold {
            player,
            take: acc,
        }));
        return;
    }
    let Some(&kind) = CardKind::RESOURCES.get(from) else {
        return;
    };
    let rest: u32 = CardKind::RESOURCES[from + 1..]
        .iter()
        .map(|&k| bank.get(k) as u32)
        .sum();
    for n in 0..=bank.get(kind).min(left) {
        if rest < (left - n) as u32 {
            continue;
        }
        let mut next = acc;
        next.add(kind, n);
        push_choices(player, bank, left - n, from + 1, next, out);
    }
}

#[cfg(test)]
mod tests {
    use super::super::testkit::*;
    use crate::error::RuleError;
    use crate::rules::sea::errors::SeaRule;
    use crate::state::Phase;
    use crate::{Action, CardKind, Cards, Outcome, PlayerId, SeaAction, Terrain};

    #[test]
    fn a_gold_field_pays_each_owner_their_choice_in_seat_order() {
        let mut g = sea_game();
        let gold = (0..g.board.terrain.len())
            .find(|&i| g.board.terrain[i] == Terrain::Gold)
            .unwrap();
        let token = g.tokens[gold].unwrap();
        let corners = g.board.topology.hexes()[gold].corners;
        // Blue a city on one corner, red a settlement two corners further.
        let blue = PlayerId(1);
        let red = PlayerId(0);
        place_settlement(&mut g, blue, corners[0]);
        g.sites[corners[0].index()].as_mut().unwrap().building = crate::state::Building::City;
        place_settlement(&mut g, red, corners[2]);
        g.step = crate::pending::Step::BeforeRoll;
        g.turn = 1;
        g.apply(Action::Roll { player: red }).unwrap();
        let (a, b) = if token > 6 { (6, token - 6) } else { (1, token - 1) };
        g.apply(Action::Chance(Outcome::Dice { red: a, yellow: b })).unwrap();
        assert_eq!(
            g.phase(),
            Phase::Sea(crate::state::SeaPhase::ChoosingGold { player: red, count: 1 })
        );
        let choose = |player, take| Action::Sea(SeaAction::ChooseGold { player, take });
        let two_ore = Cards::of(&[(CardKind::Ore, 2)]);
        assert_eq!(
            g.check(&choose(red, two_ore)).unwrap_err(),
            RuleError::Sea(SeaRule::GoldCount)
        );
        assert!(g.check(&choose(blue, two_ore)).is_err(), "red chooses first");
        g.apply(choose(red, Cards::of(&[(CardKind::Wool, 1)]))).unwrap();
        assert_eq!(
            g.phase(),
            Phase::Sea(crate::state::SeaPhase::ChoosingGold { player: blue, count: 2 })
        );
        let mixed = Cards::of(&[(CardKind::Ore, 1), (CardKind::Brick, 1)]);
        let mut legal = Vec::new();
        g.legal_actions(&mut legal);
        assert_eq!(legal.len(), 15, "two resources of five kinds: 15 choices");
        g.apply(choose(blue, mixed)).unwrap();
        assert_eq!(g.phase(), Phase::Main);
        assert_eq!(g.player(blue).unwrap().hand, mixed);
    }

    #[test]
    fn a_short_bank_pays_what_is_left_or_nothing_under_the_strict_shortage_rule() {
        let mut g = sea_game();
        let red = PlayerId(0);
        // The bank holds a single resource card.
        let all = g.bank;
        g.bank = Cards::of(&[(CardKind::Grain, 1)]);
        let _ = all;
        g.pending.push_back(crate::pending::Pending {
            who: red,
            kind: crate::pending::PendingKind::Sea(crate::rules::sea::pending::SeaPending::Gold { count: 2 }),
        });
        let choose = |take| Action::Sea(SeaAction::ChooseGold { player: red, take });
        let one = Cards::of(&[(CardKind::Grain, 1)]);
        assert!(g.check(&choose(one)).is_ok(), "one-takes-rest: what is left");
        g.rules.set_option("shortage", "nobody-ever").unwrap();
        assert_eq!(g.check(&choose(one)).unwrap_err(), RuleError::Sea(SeaRule::GoldCount));
        assert!(g.check(&choose(Cards::EMPTY)).is_ok(), "nobody-ever: nothing");
    }

    #[test]
    fn a_second_setup_settlement_next_to_gold_chooses_its_starting_resource() {
        let mut g = sea_game();
        // No areas: setup may go anywhere (an explicit map), here next to a gold field.
        std::sync::Arc::make_mut(&mut g.board).areas.clear();
        let gold = (0..g.board.terrain.len())
            .find(|&i| g.board.terrain[i] == Terrain::Gold)
            .unwrap();
        let at = g.board.topology.hexes()[gold].corners[0];
        g.step = crate::pending::Step::Setup {
            placed: 4,
            road_from: None,
        };
        g.current = g.setup_seat(4);
        let who = g.current;
        g.apply(Action::BuildSettlement { player: who, at }).unwrap();
        assert_eq!(
            g.phase(),
            Phase::Sea(crate::state::SeaPhase::ChoosingGold { player: who, count: 1 })
        );
        g.apply(Action::Sea(SeaAction::ChooseGold {
            player: who,
            take: Cards::of(&[(CardKind::Ore, 1)]),
        }))
        .unwrap();
        assert!(matches!(g.phase(), Phase::Setup { road_from: Some(v), .. } if v == at));
    }
}
