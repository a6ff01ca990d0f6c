//! Science progress cards (source `000_fee7e8147b67bbe6.txt` p. 13–14): Alchemy, Crane,
//! Engineering, Invention, Irrigation, Medicine, Mining, Road Building, Smithing (Printing is
//! a victory point card, never played).
//!
//! - Alchemy: before the roll, set both production dice (a 7 too); the event die is still
//!   rolled (a chance outcome) and resolved first.
//! - Crane: the next level of a track for one commodity less (see `improvements`).
//! - Engineering: one free city wall under the wall rules (see `walls`).
//! - Invention: swap two number tokens, neither a 2, 6, 8 nor 12; no building needed next to
//!   them; the robber stays where it is.
//! - Irrigation / Mining: 2 grain / ore for each fields / mountains hex next to at least one
//!   of your buildings (per hex, not per building; a robber on the hex does not matter: this
//!   is not production); a short bank gives what it has.
//! - Medicine: a settlement becomes a city for 2 ore and 1 grain (the city rules apply).
//! - Road Building: two free roads.
//! - Smithing: promote up to two different knights free (each once per turn, mighty only with
//!   the fortress), one after the other in the order given, so the second may use the piece
//!   the first one freed, as with two paid promotions (p. 9, "Promoting knights").

use crate::board::Terrain;
use crate::cards::{CardKind, Cards};
use crate::error::{CkRule, RuleError};
use crate::event::Event;
use crate::ids::{HexId, PlayerId, VertexId};
use crate::state::Game;
use crate::CkEvent;

/// Medicine's price for a city: 2 ore and 1 grain.
pub const MEDICINE: Cards = Cards::of(&[(CardKind::Grain, 1), (CardKind::Ore, 2)]);

impl Game {
    pub(crate) fn check_alchemy(&self, red: u8, yellow: u8) -> Result<(), RuleError> {
        if (1..=6).contains(&red) && (1..=6).contains(&yellow) {
            Ok(())
        } else {
            Err(RuleError::Ck(CkRule::AlchemyDice))
        }
    }

    pub(crate) fn do_alchemy(&mut self, player: PlayerId, red: u8, yellow: u8, events: &mut Vec<Event>) {
        self.ck.alchemy = Some((red, yellow));
        self.set_step(crate::pending::Step::Main);
        self.queue_next(crate::pending::Pending::base(player, crate::pending::BasePending::Dice));
        events.push(Event::RollRequested { player });
    }

    /// Hexes whose token Invention may move: a token other than 2, 6, 8 and 12.
    pub(crate) fn inventable(&self, h: HexId) -> bool {
        matches!(self.tokens.get(h.index()).copied().flatten(), Some(t) if ![2, 6, 8, 12].contains(&t))
    }

    pub(crate) fn check_invention(&self, a: HexId, b: HexId) -> Result<(), RuleError> {
        self.known_hex(a)?;
        self.known_hex(b)?;
        if a == b || !self.inventable(a) || !self.inventable(b) {
            return Err(RuleError::Ck(CkRule::InventionTokens));
        }
        Ok(())
    }

    pub(crate) fn do_invention(&mut self, player: PlayerId, a: HexId, b: HexId, events: &mut Vec<Event>) {
        self.set_tokens_with(|t| t.swap(a.index(), b.index()));
        events.push(Event::Ck(CkEvent::TokensSwapped { player, a, b }));
    }

    /// Irrigation (fields → grain) and Mining (mountains → ore).
    pub(crate) fn do_harvest(&mut self, player: PlayerId, terrain: Terrain, events: &mut Vec<Event>) {
        let Some(res) = terrain.resource() else { return };
        let topo = &self.board.topology;
        let hexes = topo
            .hexes()
            .iter()
            .enumerate()
            .filter(|(i, hex)| {
                self.board.terrain[*i] == terrain
                    && hex
                        .corners
                        .iter()
                        .any(|v| self.sites[v.index()].is_some_and(|s| s.owner == player))
            })
            .count() as u8;
        let n = (2 * hexes).min(self.bank.get(res.card()));
        self.bank.remove(res.card(), n);
        self.players[player.index()].hand.add(res.card(), n);
        events.push(Event::TookFromBank {
            player,
            cards: Cards::of(&[(res.card(), n)]),
        });
    }

    pub(crate) fn check_medicine(&self, player: PlayerId, at: VertexId) -> Result<(), RuleError> {
        self.check_city_priced(player, at, MEDICINE)
    }

    pub(crate) fn do_medicine(&mut self, player: PlayerId, at: VertexId, events: &mut Vec<Event>) {
        self.do_city_priced(player, at, MEDICINE, events);
    }

    pub(crate) fn check_progress_road_building(&self, player: PlayerId) -> Result<(), RuleError> {
        // With Seafarers ships count too (source `000_fee7e8147b67bbe6.txt` p. 12 "Ships").
        if self.players[player.index()].roads_left == 0 && self.route_pieces_left_ext(player) == 0 {
            return Err(RuleError::Ck(CkRule::RoadBuildingNoRoads));
        }
        Ok(())
    }

    pub(crate) fn check_smithing(&self, player: PlayerId, knights: [Option<VertexId>; 2]) -> Result<(), RuleError> {
        if knights == [None, None] || (knights[0].is_some() && knights[0] == knights[1]) {
            return Err(RuleError::Ck(CkRule::SmithingKnights));
        }
        // Promote one after the other on a scratch supply, as two paid promotions would: two
        // promotions to one strength need two free pieces of it, and the piece the first one
        // frees (strong to mighty frees a strong piece) serves the second.
        let mut supply = self.players[player.index()].ck.knights_left;
        for at in knights.into_iter().flatten() {
            self.known_vertex(at)?;
            let Some(k) = self.ck.knights[at.index()].filter(|k| k.owner == player) else {
                return Err(RuleError::Ck(CkRule::KnightNotOwn));
            };
            self.check_promotable_with(player, k, supply)?;
            supply[k.level as usize] -= 1;
            supply[k.level as usize - 1] += 1;
        }
        Ok(())
    }

    pub(crate) fn do_smithing(&mut self, player: PlayerId, knights: [Option<VertexId>; 2], events: &mut Vec<Event>) {
        for at in knights.into_iter().flatten() {
            self.promote(player, at, events);
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::board::Corner::*;
    use crate::progress::{ProgressCard, ProgressPlay};
    use crate::testkit::*;
    use crate::Action;
    use crate::CkAction;

    #[test]
    fn smithing_promotes_one_after_the_other_so_the_second_may_use_the_piece_the_first_freed() {
        // Red: both strong pieces on the board (A.se, A.s), a basic knight on A.ne; fortress.
        let mut ck = Ck::new()
            .city(0, ("A", N))
            .roads(0, "A", &[N, NE, SE, S])
            .knight(0, ("A", NE), 1, false)
            .knight(0, ("A", SE), 2, true)
            .knight(0, ("A", S), 2, false)
            .levels(0, [0, 0, 3])
            .opponents();
        ck.setup.players[0].ck.progress.add(ProgressCard::Smithing, 1);
        let g = ck.game();
        let smithing = |a: (&str, crate::board::Corner), b: (&str, crate::board::Corner)| {
            Action::Ck(CkAction::PlayProgress {
                player: p(0),
                play: ProgressPlay::Smithing {
                    knights: [Some(vertex(&g, a.0, a.1)), Some(vertex(&g, b.0, b.1))],
                },
            })
        };
        // Basic first: no strong piece is free yet, exactly as with two paid promotions.
        assert_eq!(refused(&g, smithing(("A", NE), ("A", SE))), "CK.KNIGHT.SUPPLY");
        // Strong to mighty first frees a strong piece for basic to strong.
        let play = smithing(("A", SE), ("A", NE));
        let mut legal = vec![];
        g.legal_actions(&mut legal);
        assert!(legal.contains(&play));
        assert!(!legal.contains(&smithing(("A", NE), ("A", SE))));
        let mut g2 = g.clone();
        g2.apply(play).unwrap();
        assert_eq!(g2.knight(vertex(&g, "A", SE)).unwrap().level, 3);
        assert_eq!(g2.knight(vertex(&g, "A", NE)).unwrap().level, 2);
        assert_eq!(g2.player(p(0)).unwrap().ck.knights_left, [2, 0, 1]);
        g2.check_invariants().unwrap();
        // Two promotions to mighty still need two free mighty pieces: here there are two.
        let mut g3 = g.clone();
        g3.apply(smithing(("A", SE), ("A", S))).unwrap();
        assert_eq!(g3.player(p(0)).unwrap().ck.knights_left, [1, 2, 0]);
    }

    #[test]
    fn alchemy_dice_show_one_to_six() {
        let mut ck = Ck::new()
            .city(0, ("A", N))
            .roads(0, "A", &[N, NE])
            .opponents()
            .before_roll();
        ck.setup.players[0].ck.progress.add(ProgressCard::Alchemy, 1);
        let g = ck.game();
        let play = |red, yellow| {
            Action::Ck(CkAction::PlayProgress {
                player: p(0),
                play: ProgressPlay::Alchemy { red, yellow },
            })
        };
        assert_eq!(refused(&g, play(7, 1)), "CK.CARD.ALCHEMY_DICE");
        assert_eq!(refused(&g, play(0, 3)), "CK.CARD.ALCHEMY_DICE");
        assert!(g.is_legal(&play(6, 6)));
    }

    #[test]
    fn invention_is_listed_in_both_orders_because_apply_takes_both() {
        let mut ck = Ck::new().city(0, ("A", N)).roads(0, "A", &[N, NE]).opponents();
        ck.setup.players[0].ck.progress.add(ProgressCard::Invention, 1);
        let g = ck.game();
        let mut legal = vec![];
        g.legal_actions(&mut legal);
        let swaps: Vec<_> = legal
            .iter()
            .filter_map(|a| match a {
                Action::Ck(CkAction::PlayProgress {
                    play: ProgressPlay::Invention { a, b },
                    ..
                }) => Some((*a, *b)),
                _ => None,
            })
            .collect();
        assert!(!swaps.is_empty());
        for &(a, b) in &swaps {
            assert!(swaps.contains(&(b, a)), "{a:?} {b:?} listed in one order only");
            let play = Action::Ck(CkAction::PlayProgress {
                player: p(0),
                play: ProgressPlay::Invention { a: b, b: a },
            });
            assert!(g.is_legal(&play));
        }
    }
}
