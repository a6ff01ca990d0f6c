//! Development cards (source `base-rules` §6).
//!
//! Buying costs 1 wool + 1 grain + 1 ore; the card drawn is chance. At most one development
//! card is played per turn, never on the turn it was bought, at any moment of your own turn
//! (before the roll too; see [`crate::ruleset::DevBeforeRoll`]). Victory point cards are
//! never played: they count while hidden and are revealed on winning.

use crate::cards::{cost, CardKind, Cards, DevCard};
use crate::error::{Piece, RuleError};
use crate::event::Event;
use crate::ids::PlayerId;
use crate::pending::{BasePending, Pending};
use crate::ruleset::{DevBeforeRoll, RoadBuildingWithoutRoad};
use crate::state::{Game, Phase};
use crate::Action;
use crate::CourtEvent;

impl Game {
    pub(crate) fn check_buy_dev(&self, player: PlayerId) -> Result<(), RuleError> {
        if !self.in_main() {
            return Err(self.wrong_time(player, "buy a development card"));
        }
        let st = &self.players[player.index()];
        if self.dev_deck.total() == 0 {
            return Err(RuleError::DevDeckEmpty);
        }
        if !st.hand.contains(&cost::DEV_CARD) {
            return Err(RuleError::CannotAfford {
                player: st.colour,
                piece: Piece::DevelopmentCard,
                cost: cost::DEV_CARD,
            });
        }
        Ok(())
    }

    pub(crate) fn do_buy_dev(&mut self, player: PlayerId, events: &mut Vec<Event>) {
        self.players[player.index()].hand.remove_all(&cost::DEV_CARD);
        self.bank.add_all(&cost::DEV_CARD);
        self.queue_next(Pending::base(player, BasePending::DrawDevCard));
        events.push(Event::DevCardBought { player });
    }

    pub(crate) fn do_draw_dev(&mut self, card: DevCard, events: &mut Vec<Event>) {
        let player = self.current;
        self.dev_deck.remove(card, 1);
        self.players[player.index()].new_dev_cards.add(card, 1);
        self.raise_vp_bound(player);
        events.push(Event::DevCardDrawn { player, card });
        self.resolved(events);
    }

    pub(crate) fn check_play_dev(&self, action: &Action) -> Result<(), RuleError> {
        let player = action.player().unwrap_or(PlayerId(0));
        let card = action.dev_card().unwrap_or(DevCard::VictoryPoint);
        let st = &self.players[player.index()];
        match self.phase() {
            Phase::Main => {}
            Phase::BeforeRoll => {
                if card != DevCard::Knight && self.rules.base.dev_before_roll == DevBeforeRoll::KnightOnly {
                    return Err(RuleError::DevNotBeforeRoll);
                }
            }
            _ => return Err(self.wrong_time(player, "play a development card")),
        }
        if self.dev_played {
            return Err(RuleError::DevOnePerTurn { player: st.colour });
        }
        if st.dev_cards.get(card) == 0 {
            if st.new_dev_cards.get(card) > 0 {
                return Err(RuleError::DevBoughtThisTurn {
                    player: st.colour,
                    card,
                });
            }
            return Err(RuleError::DevNotHeld {
                player: st.colour,
                card,
            });
        }
        if matches!(action, Action::PlayRoadBuilding { .. })
            && self.rules.base.road_building_without_road == RoadBuildingWithoutRoad::Refused
            && !self.free_road_placeable(player)
            && !self.free_piece_placeable_ext(player)
        {
            return Err(RuleError::RoadBuildingNoRoad);
        }
        if let Action::PlayYearOfPlenty { take, .. } = *action {
            let mut want = Cards::EMPTY;
            for r in take {
                want.add(r.card(), 1);
            }
            for (k, n) in want.iter() {
                if self.bank.get(k) < n {
                    return Err(RuleError::BankEmpty { card: k });
                }
            }
        }
        Ok(())
    }

    pub(crate) fn do_play_dev(&mut self, action: Action, events: &mut Vec<Event>) {
        let Some(player) = action.player() else { return };
        let Some(card) = action.dev_card() else { return };
        self.players[player.index()].dev_cards.remove(card, 1);
        self.dev_played = true;
        if card != DevCard::Knight {
            self.progress_played += 1;
        }
        events.push(Event::DevCardPlayed { player, card });
        match action {
            Action::PlayKnight { .. } => {
                self.players[player.index()].knights_played += 1;
                self.update_largest_army(player, events);
                if self.knight_moves_robber() {
                    self.queue_next(Pending::base(player, BasePending::MoveRobber));
                } else {
                    // The Court: the robber waits off the island until the first 7.
                    events.push(Event::Court(CourtEvent::RobberWaits { player }));
                }
            }
            Action::PlayRoadBuilding { .. } => {
                self.continue_free_roads(player, 2);
            }
            Action::PlayYearOfPlenty { take, .. } => {
                let mut cards = Cards::EMPTY;
                for r in take {
                    cards.add(r.card(), 1);
                }
                self.bank.remove_all(&cards);
                self.players[player.index()].hand.add_all(&cards);
                events.push(Event::TookFromBank { player, cards });
            }
            Action::PlayMonopoly { resource, .. } => {
                let k: CardKind = resource.card();
                for v in 0..self.players.len() {
                    if v == player.index() {
                        continue;
                    }
                    let n = self.players[v].hand.get(k);
                    self.players[v].hand.remove(k, n);
                    self.players[player.index()].hand.add(k, n);
                    events.push(Event::MonopolyPaid {
                        player,
                        victim: PlayerId(v as u8),
                        resource,
                        count: n,
                    });
                }
            }
            _ => {}
        }
    }

    /// Road Building: place up to `remaining` free roads while a legal place exists (the
    /// roads are placed by `BuildRoad` actions).
    /// Whether `player` could place a road for free now: a road piece left and a free land
    /// path connected to their roads or buildings.
    pub(crate) fn free_road_placeable(&self, player: PlayerId) -> bool {
        self.players[player.index()].roads_left > 0
            && (0..self.roads.len()).any(|e| {
                let e = crate::EdgeId(e as u16);
                self.roads[e.index()].is_none()
                    && !self.path_taken_ext(e)
                    && self.board.topology.edges()[e.index()].on_land
                    && self.check_road_site_ext(e).is_ok()
                    && self.board.topology.edges()[e.index()]
                        .vertices
                        .iter()
                        .any(|&v| self.road_reaches(player, v, None))
            })
    }

    /// Queues the next free road of Road Building while one is left to place and a legal
    /// place exists; play then returns to where the card was played (before the roll, or
    /// trade and build).
    pub(crate) fn continue_free_roads(&mut self, player: PlayerId, remaining: u8) {
        let pieces = self.players[player.index()].roads_left + self.route_pieces_left_ext(player);
        let remaining = remaining.min(pieces);
        if remaining > 0 && (self.free_road_placeable(player) || self.free_piece_placeable_ext(player)) {
            self.queue_next(Pending::base(player, BasePending::FreeRoads { remaining }));
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::cards::{CardKind, Cards, DevCard, Resource};
    use crate::state::Phase;
    use crate::testkit::*;
    use crate::{Action, Outcome};

    fn buy(g: &mut crate::Game, card: DevCard) {
        give(g, g.current(), crate::cards::cost::DEV_CARD);
        g.apply(Action::BuyDevCard { player: g.current() }).unwrap();
        g.apply(Action::Chance(Outcome::DevCard { card })).unwrap();
    }

    #[test]
    fn a_card_bought_this_turn_cannot_be_played() {
        let mut g = main_phase_game();
        buy(&mut g, DevCard::Monopoly);
        let e = g
            .check(&Action::PlayMonopoly {
                player: p(0),
                resource: Resource::Wool,
            })
            .unwrap_err();
        assert_eq!(e.code(), "BASE.DEV.NOT_ON_TURN_BOUGHT");
    }

    #[test]
    fn one_development_card_per_turn() {
        let mut g = main_phase_game();
        g.players[0].dev_cards.add(DevCard::Monopoly, 2);
        g.apply(Action::PlayMonopoly {
            player: p(0),
            resource: Resource::Wool,
        })
        .unwrap();
        let e = g
            .check(&Action::PlayMonopoly {
                player: p(0),
                resource: Resource::Ore,
            })
            .unwrap_err();
        assert_eq!(e.code(), "BASE.DEV.ONE_PER_TURN");
    }

    #[test]
    fn monopoly_takes_every_card_of_the_kind() {
        let mut g = main_phase_game();
        g.players[0].dev_cards.add(DevCard::Monopoly, 1);
        give(&mut g, p(1), Cards::of(&[(CardKind::Wool, 3)]));
        give(&mut g, p(2), Cards::of(&[(CardKind::Wool, 1), (CardKind::Ore, 1)]));
        give(&mut g, p(0), Cards::EMPTY);
        g.apply(Action::PlayMonopoly {
            player: p(0),
            resource: Resource::Wool,
        })
        .unwrap();
        assert_eq!(g.player(p(0)).unwrap().hand, Cards::of(&[(CardKind::Wool, 4)]));
        assert_eq!(g.player(p(2)).unwrap().hand, Cards::of(&[(CardKind::Ore, 1)]));
    }

    #[test]
    fn year_of_plenty_takes_two_from_the_bank_unless_it_is_empty() {
        let mut g = main_phase_game();
        g.players[0].dev_cards.add(DevCard::YearOfPlenty, 1);
        give(&mut g, p(0), Cards::EMPTY);
        g.bank.set(CardKind::Ore, 1);
        let held: u8 = g.players.iter().map(|p| p.hand.get(CardKind::Ore)).sum();
        g.players[3].hand.add(CardKind::Ore, 18 - held);
        let e = g
            .check(&Action::PlayYearOfPlenty {
                player: p(0),
                take: [Resource::Ore, Resource::Ore],
            })
            .unwrap_err();
        assert_eq!(e.code(), "BASE.BANK.EMPTY");
        g.apply(Action::PlayYearOfPlenty {
            player: p(0),
            take: [Resource::Ore, Resource::Brick],
        })
        .unwrap();
        assert_eq!(
            g.player(p(0)).unwrap().hand,
            Cards::of(&[(CardKind::Brick, 1), (CardKind::Ore, 1)])
        );
    }

    #[test]
    fn knight_before_the_roll_moves_the_robber_then_the_roll_follows() {
        let mut g = main_phase_game();
        g.step = crate::pending::Step::BeforeRoll;
        g.players[0].dev_cards.add(DevCard::Knight, 1);
        g.apply(Action::PlayKnight { player: p(0) }).unwrap();
        let to = (0..19)
            .map(crate::HexId)
            .find(|&h| {
                Some(h) != g.robber()
                    && !g.player_ids().any(|v| {
                        v != p(0)
                            && g.board().topology.hexes()[h.index()]
                                .corners
                                .iter()
                                .any(|c| g.site(*c).is_some_and(|s| s.owner == v))
                    })
            })
            .unwrap();
        g.apply(Action::MoveRobber { player: p(0), to }).unwrap();
        assert_eq!(g.phase(), Phase::BeforeRoll);
        assert_eq!(g.player(p(0)).unwrap().knights_played, 1);
        g.apply(Action::Roll { player: p(0) }).unwrap();
    }

    #[test]
    fn knight_only_option_refuses_other_cards_before_the_roll() {
        let mut g = main_phase_game();
        g.rules.base.dev_before_roll = crate::ruleset::DevBeforeRoll::KnightOnly;
        g.step = crate::pending::Step::BeforeRoll;
        g.players[0].dev_cards.add(DevCard::Monopoly, 1);
        let e = g
            .check(&Action::PlayMonopoly {
                player: p(0),
                resource: Resource::Wool,
            })
            .unwrap_err();
        assert_eq!(e.code(), "BASE.DEV.BEFORE_ROLL");
    }

    #[test]
    fn road_building_places_two_free_roads() {
        let mut g = main_phase_game();
        g.players[0].dev_cards.add(DevCard::RoadBuilding, 1);
        give(&mut g, p(0), Cards::EMPTY);
        g.apply(Action::PlayRoadBuilding { player: p(0) }).unwrap();
        assert!(matches!(g.phase(), Phase::FreeRoads { remaining: 2, .. }));
        let e = first_legal_road_any(&g, p(0));
        g.apply(Action::BuildRoad { player: p(0), at: e }).unwrap();
        let e = first_legal_road_any(&g, p(0));
        g.apply(Action::BuildRoad { player: p(0), at: e }).unwrap();
        assert_eq!(g.phase(), Phase::Main);
        assert_eq!(g.player(p(0)).unwrap().roads_left, 11);
    }

    #[test]
    fn road_building_without_a_placeable_road_follows_its_option() {
        let mut g = main_phase_game();
        g.players[0].dev_cards.add(DevCard::RoadBuilding, 1);
        g.players[0].roads_left = 0;
        let play = Action::PlayRoadBuilding { player: p(0) };
        // Default `allowed`: the card is played and places nothing.
        let mut allowed = g.clone();
        allowed.apply(play).unwrap();
        assert_eq!(allowed.phase(), Phase::Main);
        assert_eq!(allowed.player(p(0)).unwrap().dev_cards.get(DevCard::RoadBuilding), 0);
        // `refused`: refused while no road piece is left ...
        g.rules.set_option("road-building-without-road", "refused").unwrap();
        assert_eq!(g.check(&play).unwrap_err().code(), "BASE.DEV.ROAD_BUILDING_NO_ROAD");
        assert!(!g.is_legal(&play));
        // ... and accepted again once a road could be placed.
        g.players[0].roads_left = 1;
        assert!(g.is_legal(&play));
    }
}
