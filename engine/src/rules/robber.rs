//! The robber and discards (source `base-rules` §4 "Rolling a 7", §6 knight).
//!
//! On a 7 every player holding more than 7 cards chooses and returns half, rounded down.
//! The roller (or the knight's player) must move the robber to another land hex, then names
//! one player with a building next to it to rob; the card taken is chance. A victim with
//! no cards gives nothing. With nobody to rob, play resumes at once.

use crate::cards::Cards;
use crate::error::RuleError;
use crate::event::Event;
use crate::ids::{HexId, PlayerId};
use crate::pending::{BasePending, CkPending, Pending, PendingKind};
use crate::state::{Game, Phase};

impl Game {
    pub(crate) fn check_discard(&self, player: PlayerId, cards: Cards) -> Result<(), RuleError> {
        if self.phase() != Phase::Discarding {
            return Err(self.wrong_time(player, "discard"));
        }
        let st = &self.players[player.index()];
        let owed = self.discards_owed(player);
        if owed == 0 {
            return Err(RuleError::NoDiscardOwed { player: st.colour });
        }
        if !self.has_commodities() {
            if let Some((k, _)) = cards.iter().find(|(k, _)| k.is_commodity()) {
                return Err(RuleError::NotInThisGame { card: k });
            }
        }
        if cards.total() != owed as u32 {
            return Err(RuleError::DiscardCount {
                player: st.colour,
                owed,
                given: cards.total(),
            });
        }
        if !st.hand.contains(&cards) {
            return Err(RuleError::NotHeld {
                player: st.colour,
                cards,
                code: "BASE.SEVEN.DISCARD_HELD",
            });
        }
        Ok(())
    }

    pub(crate) fn do_discard(&mut self, player: PlayerId, cards: Cards, events: &mut Vec<Event>) {
        self.players[player.index()].hand.remove_all(&cards);
        self.bank.add_all(&cards);
        events.push(Event::Discarded { player, cards });
        let owed = self
            .pending
            .position(|e| e.who == player && matches!(e.kind, PendingKind::Base(BasePending::Discard { .. })));
        if let Some(i) = owed {
            self.pending.remove(i);
        }
        self.run_engine_steps(events);
    }

    pub(crate) fn check_move_robber(&self, player: PlayerId, to: HexId) -> Result<(), RuleError> {
        self.known_hex(to)?;
        self.check_robber_moment(player)?;
        self.check_robber_hex(to)
    }

    /// Whether the robber may move now at all (not where to).
    pub(crate) fn check_robber_moment(&self, player: PlayerId) -> Result<(), RuleError> {
        let moving = self.pending.front().is_some_and(|e| {
            matches!(
                e.kind,
                PendingKind::Base(BasePending::MoveRobber)
                    | PendingKind::Ck(CkPending::TaxationRobber)
                    | PendingKind::Ck(CkPending::ChasedRobber)
            )
        });
        if !moving || self.winner().is_some() {
            return Err(self.wrong_time(player, "move the robber"));
        }
        Ok(())
    }

    /// Whether the robber may go to hex `to` (a known hex): a land hex other than its own.
    pub(crate) fn check_robber_hex(&self, to: HexId) -> Result<(), RuleError> {
        if !self.board.terrain[to.index()].is_land() {
            return Err(RuleError::RobberNotOnLand);
        }
        if self.robber == Some(to) {
            return Err(RuleError::RobberMustMove);
        }
        Ok(())
    }

    /// Whether `victim` can be robbed by `player` at the robber's hex.
    pub(crate) fn is_victim(&self, player: PlayerId, victim: PlayerId) -> bool {
        if let Some(verdict) = self.robbery_victim_ext(player, victim) {
            return verdict;
        }
        if victim == player {
            return false;
        }
        let Some(h) = self.robber else { return false };
        let Some(hex) = self.board.topology.hex(h) else {
            return false;
        };
        hex.corners
            .iter()
            .any(|v| self.sites[v.index()].is_some_and(|s| s.owner == victim))
    }

    pub(crate) fn do_move_robber(&mut self, player: PlayerId, to: HexId, events: &mut Vec<Event>) {
        let Some(entry) = self.pending.pop_front() else {
            return;
        };
        let from = self.robber;
        self.robber = Some(to);
        events.push(Event::RobberMoved { player, from, to });
        if entry.kind == PendingKind::Ck(CkPending::TaxationRobber) {
            self.start_taxation(player);
        } else if self.player_ids().any(|v| self.is_victim(player, v)) {
            self.queue_next(Pending::base(player, BasePending::ChooseVictim));
        }
        self.run_engine_steps(events);
    }

    pub(crate) fn check_rob(&self, player: PlayerId, victim: PlayerId) -> Result<(), RuleError> {
        self.known_player(victim)?;
        if self.phase() != Phase::ChoosingVictim {
            return Err(self.wrong_time(player, "rob"));
        }
        if !self.is_victim(player, victim) {
            return Err(RuleError::NotAVictim {
                victim: self.colour(victim),
            });
        }
        Ok(())
    }

    pub(crate) fn do_rob(&mut self, player: PlayerId, victim: PlayerId, events: &mut Vec<Event>) {
        self.pending.pop_front();
        if self.players[victim.index()].hand.is_empty() {
            events.push(Event::Robbed {
                player,
                victim,
                card: None,
            });
        } else {
            self.queue_next(Pending::base(player, BasePending::Steal { victim }));
        }
        self.run_engine_steps(events);
    }

    /// Chance: the card taken from the victim of the front `Steal` entry.
    pub(crate) fn do_steal(&mut self, card: crate::cards::CardKind, events: &mut Vec<Event>) {
        let Phase::Stealing { victim } = self.phase() else {
            return;
        };
        let player = self.current;
        self.players[victim.index()].hand.remove(card, 1);
        self.players[player.index()].hand.add(card, 1);
        events.push(Event::Robbed {
            player,
            victim,
            card: Some(card),
        });
        self.resolved(events);
    }
}

#[cfg(test)]
mod tests {
    use crate::cards::{CardKind, Cards};
    use crate::state::Phase;
    use crate::testkit::*;
    use crate::{Action, Outcome};

    fn seven(g: &mut crate::Game) {
        g.apply(Action::Roll { player: g.current() }).unwrap();
        g.apply(Action::Chance(Outcome::Dice { red: 3, yellow: 4 })).unwrap();
    }

    #[test]
    fn seven_with_eight_cards_discards_four_and_seven_cards_keep_all() {
        let mut g = main_phase_game();
        g.step = crate::pending::Step::BeforeRoll;
        give(&mut g, p(1), Cards::of(&[(CardKind::Wool, 8)]));
        give(&mut g, p(2), Cards::of(&[(CardKind::Ore, 7)]));
        give(&mut g, p(3), Cards::of(&[(CardKind::Ore, 4), (CardKind::Grain, 7)]));
        seven(&mut g);
        assert_eq!(g.phase(), Phase::Discarding);
        assert_eq!(g.discards_owed(p(1)), 4);
        assert_eq!(g.discards_owed(p(2)), 0);
        assert_eq!(g.discards_owed(p(3)), 5);
        let err = g
            .check(&Action::Discard {
                player: p(1),
                cards: Cards::of(&[(CardKind::Wool, 3)]),
            })
            .unwrap_err();
        assert_eq!(err.code(), "BASE.SEVEN.DISCARD_HALF");
        let err = g
            .check(&Action::Discard {
                player: p(1),
                cards: Cards::of(&[(CardKind::Ore, 4)]),
            })
            .unwrap_err();
        assert_eq!(err.code(), "BASE.SEVEN.DISCARD_HELD");
        let err = g
            .check(&Action::Discard {
                player: p(2),
                cards: Cards::of(&[(CardKind::Ore, 3)]),
            })
            .unwrap_err();
        assert_eq!(err.code(), "BASE.SEVEN.NO_DISCARD_OWED");
        // the roller cannot move the robber before the discards
        assert_eq!(
            g.check(&Action::MoveRobber {
                player: p(0),
                to: hex(&g, "A")
            })
            .unwrap_err()
            .code(),
            "TURN.NOT_YOUR_DECISION"
        );
        // discards in any order
        g.apply(Action::Discard {
            player: p(3),
            cards: Cards::of(&[(CardKind::Grain, 5)]),
        })
        .unwrap();
        g.apply(Action::Discard {
            player: p(1),
            cards: Cards::of(&[(CardKind::Wool, 4)]),
        })
        .unwrap();
        assert_eq!(g.phase(), Phase::MovingRobber);
    }

    #[test]
    fn robber_must_move_and_only_adjacent_players_can_be_robbed() {
        let mut g = main_phase_game();
        g.step = crate::pending::Step::BeforeRoll;
        seven(&mut g);
        let here = g.robber().unwrap();
        assert_eq!(
            g.check(&Action::MoveRobber { player: p(0), to: here })
                .unwrap_err()
                .code(),
            "BASE.ROBBER.MUST_MOVE"
        );
        // Move next to a blue building.
        let blue_v = (0..54)
            .map(crate::VertexId)
            .find(|&v| g.site(v).map(|s| s.owner) == Some(p(1)))
            .unwrap();
        let h = g.board().topology.vertices()[blue_v.index()]
            .hexes
            .iter()
            .find(|&h| Some(h) != g.robber())
            .unwrap();
        g.apply(Action::MoveRobber { player: p(0), to: h }).unwrap();
        if let Phase::ChoosingVictim = g.phase() {
            let not_adjacent = g.player_ids().find(|&v| v != p(0) && !g.is_victim(p(0), v));
            if let Some(v) = not_adjacent {
                assert_eq!(
                    g.check(&Action::Rob {
                        player: p(0),
                        victim: v
                    })
                    .unwrap_err()
                    .code(),
                    "BASE.ROBBER.VICTIM"
                );
            }
            assert_eq!(
                g.check(&Action::Rob {
                    player: p(0),
                    victim: p(0)
                })
                .unwrap_err()
                .code(),
                "BASE.ROBBER.VICTIM"
            );
            give(&mut g, p(1), Cards::of(&[(CardKind::Ore, 2)]));
            g.apply(Action::Rob {
                player: p(0),
                victim: p(1),
            })
            .unwrap();
            assert!(matches!(g.phase(), Phase::Stealing { .. }));
            let err = g
                .check(&Action::Chance(Outcome::Steal { card: CardKind::Wool }))
                .unwrap_err();
            assert_eq!(err.code(), "CHANCE.IMPOSSIBLE_OUTCOME");
            g.apply(Action::Chance(Outcome::Steal { card: CardKind::Ore })).unwrap();
            assert_eq!(g.player(p(1)).unwrap().hand.get(CardKind::Ore), 1);
            assert_eq!(g.phase(), Phase::Main);
        } else {
            panic!("blue should be robbable");
        }
    }

    #[test]
    fn robbing_a_player_with_no_cards_takes_nothing() {
        let mut g = main_phase_game();
        g.step = crate::pending::Step::BeforeRoll;
        seven(&mut g);
        let blue_v = (0..54)
            .map(crate::VertexId)
            .find(|&v| g.site(v).map(|s| s.owner) == Some(p(1)))
            .unwrap();
        let h = g.board().topology.vertices()[blue_v.index()]
            .hexes
            .iter()
            .find(|&h| Some(h) != g.robber())
            .unwrap();
        give(&mut g, p(1), Cards::EMPTY);
        g.apply(Action::MoveRobber { player: p(0), to: h }).unwrap();
        let ev = g
            .apply(Action::Rob {
                player: p(0),
                victim: p(1),
            })
            .unwrap();
        assert!(matches!(ev[0], crate::Event::Robbed { card: None, .. }));
        assert_eq!(g.phase(), Phase::Main);
    }
}
