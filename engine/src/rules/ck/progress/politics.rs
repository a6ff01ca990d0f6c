//! Politics progress cards (source `000_fee7e8147b67bbe6.txt` p. 15): Taxation, Treason,
//! Diplomacy, Intrigue, Sabotage, Espionage, Encouragement, Wedding (Constitution is a
//! victory point card, never played).
//!
//! - Taxation: only once the robber is active (after the first barbarian attack); move it,
//!   then steal one random card from each player with a building on its new hex.
//! - Treason: name an opponent with a knight; they remove one knight of their choice (even
//!   when you cannot place one); you may place one of your knights of the same strength or
//!   lower by the placement rules, with the removed knight's status (a mighty one even
//!   without the fortress). Option `deserter-strength any` (D12, source
//!   `001_f137f77325d91eec.txt` §14 read literally): any strength left in your supply.
//! - Diplomacy: remove an open road (an end touching none of its owner's roads, buildings
//!   or knights); your own: you may build one road free, elsewhere.
//! - Intrigue: displace an opposing knight standing on an intersection touching one of your
//!   roads, without a knight of yours; its owner relocates it or loses it.
//! - Sabotage: each player with at least your victory points discards half their cards,
//!   rounded down, choosing which.
//! - Espionage: look at an opponent's progress cards and take one (never a victory point
//!   card), or none.
//! - Encouragement: activate all your knights free (they do not act this turn).
//! - Wedding: each player with more victory points gives you 2 cards of their choice (all
//!   they have if fewer).

use crate::cards::Cards;
use crate::error::{CkRule, RuleError};
use crate::event::Event;
use crate::ids::{EdgeId, PlayerId, VertexId};
use crate::pending::{BasePending, CkPending, Pending, PendingKind};
use crate::progress::ProgressCard;
use crate::ruleset::DeserterStrength;
use crate::state::{CkPhase, Game, Knight, Phase};
use crate::CkEvent;

impl Game {
    pub(crate) fn check_taxation(&self) -> Result<(), RuleError> {
        if !self.robber_active() {
            return Err(RuleError::Ck(CkRule::RobberInactive));
        }
        Ok(())
    }

    /// After the Taxation robber move: every player with a building on the hex and a card
    /// in hand is robbed, in turn order from the current player (one chance entry each).
    pub(crate) fn start_taxation(&mut self, player: PlayerId) {
        let Some(h) = self.robber else { return };
        let corners = self.board.topology.hexes()[h.index()].corners;
        let victims = (1..self.players.len() as u8)
            .map(|k| self.seat_from_current(k))
            .filter(|&victim| {
                !self.players[victim.index()].hand.is_empty()
                    && corners
                        .iter()
                        .any(|v| self.sites[v.index()].is_some_and(|s| s.owner == victim && s.owner != player))
            });
        let mut entries = [None; crate::ids::MAX_PLAYERS];
        for (slot, victim) in entries.iter_mut().zip(victims) {
            *slot = Some(Pending::base(player, BasePending::Steal { victim }));
        }
        self.queue_next_all(entries.into_iter().flatten());
    }

    pub(crate) fn check_treason(&self, player: PlayerId, victim: PlayerId) -> Result<(), RuleError> {
        self.known_player(victim)?;
        if victim == player || !self.knights().any(|(_, k)| k.owner == victim) {
            return Err(RuleError::Ck(CkRule::TreasonTarget));
        }
        Ok(())
    }

    pub(crate) fn check_surrender(&self, player: PlayerId, at: VertexId) -> Result<(), RuleError> {
        self.known_vertex(at)?;
        if self.phase() != (Phase::Ck(CkPhase::TreasonSurrender { player })) {
            return Err(self.wrong_time(player, "give up a knight"));
        }
        if self.ck.knights[at.index()].is_none_or(|k| k.owner != player) {
            return Err(RuleError::Ck(CkRule::KnightNotOwn));
        }
        Ok(())
    }

    pub(crate) fn do_surrender(&mut self, player: PlayerId, at: VertexId, events: &mut Vec<Event>) {
        let Some(k) = self.ck.take_knight(at) else {
            return;
        };
        self.players[player.index()].ck.knights_left[k.level as usize - 1] += 1;
        events.push(Event::Ck(CkEvent::KnightRemoved {
            player,
            at,
            level: k.level,
        }));
        self.knights_changed_routes(&[at], Some(k.owner), events);
        self.pending.pop_front();
        let by = self.current;
        let max = self.treason_max_level(k.level);
        let can_place = (1..=max).any(|l| self.players[by.index()].ck.knights_left[l as usize - 1] > 0)
            && (0..self.sites.len()).any(|v| self.knight_site_ok(by, VertexId(v as u16), k.active));
        if can_place {
            let placement = CkPending::TreasonPlacement {
                level: k.level,
                active: k.active,
            };
            self.queue_next(Pending::ck(by, placement));
        }
        self.run_engine_steps(events);
    }

    /// The strongest knight Treason may place after removing one of strength `removed`
    /// (option `deserter-strength`, D12).
    pub(crate) fn treason_max_level(&self, removed: u8) -> u8 {
        match self.rules.ck.deserter_strength {
            DeserterStrength::SameOrLower => removed,
            DeserterStrength::Any => 3,
        }
    }

    /// An empty intersection touching one of `player`'s roads (or ships, with Seafarers), for
    /// a knight placed `active` or not.
    pub(crate) fn knight_site_ok(&self, player: PlayerId, at: VertexId, active: bool) -> bool {
        self.check_knight_site_ext(at, active).is_ok()
            && self.sites.get(at.index()).is_some_and(|s| s.is_none())
            && self.ck.knights.get(at.index()).is_some_and(|k| k.is_none())
            && self.touches_route_piece(player, at)
    }

    pub(crate) fn check_treason_placement(
        &self,
        player: PlayerId,
        at: Option<VertexId>,
        level: u8,
    ) -> Result<(), RuleError> {
        let Phase::Ck(CkPhase::TreasonPlacement {
            player: p,
            level: max,
            active,
        }) = self.phase()
        else {
            return Err(self.wrong_time(player, "place a knight for Treason"));
        };
        if p != player {
            return Err(self.wrong_time(player, "place a knight for Treason"));
        }
        let Some(at) = at else {
            // Placing no knight has one spelling: level 1 (so that the legal actions list it
            // once and `apply` accepts exactly that).
            return if level == 1 {
                Ok(())
            } else {
                Err(RuleError::Ck(CkRule::TreasonPlacement))
            };
        };
        self.known_vertex(at)?;
        // Option `deserter-strength` (D12): the removed knight's strength or lower, or any.
        let max = self.treason_max_level(max);
        if !(1..=max).contains(&level) || self.players[player.index()].ck.knights_left[level as usize - 1] == 0 {
            return Err(RuleError::Ck(CkRule::TreasonPlacement));
        }
        if !self.knight_site_ok(player, at, active) {
            return Err(RuleError::Ck(CkRule::KnightSite));
        }
        Ok(())
    }

    pub(crate) fn do_treason_placement(
        &mut self,
        player: PlayerId,
        at: Option<VertexId>,
        level: u8,
        events: &mut Vec<Event>,
    ) {
        let Phase::Ck(CkPhase::TreasonPlacement { active, .. }) = self.phase() else {
            return;
        };
        if let Some(at) = at {
            self.players[player.index()].ck.knights_left[level as usize - 1] -= 1;
            self.ck.put_knight(
                at,
                Some(Knight {
                    owner: player,
                    level,
                    active,
                    // Not on the board at the start of the action phase: it does not act this turn.
                    fresh: active,
                    promoted: false,
                }),
            );
            if active {
                self.ck.marked.mark(at);
            }
            events.push(Event::Ck(CkEvent::KnightPlaced {
                player,
                at,
                level,
                active,
            }));
            self.knights_changed_routes(&[at], Some(player), events);
        }
        self.resolved(events);
    }

    /// A road is open when one of its ends touches none of its owner's other roads,
    /// buildings or knights (source `000_fee7e8147b67bbe6.txt` p. 15). With Seafarers a ship
    /// is a road here too (p. 12 "Ships"): a ship is open the same way, and roads and ships
    /// count as each other's continuation (rule `SEA.CK.DIPLOMACY`).
    pub(crate) fn road_is_open(&self, road: EdgeId) -> bool {
        let Some(owner) = self.route_piece_owner(road) else {
            return false;
        };
        self.board.topology.edges()[road.index()].vertices.iter().any(|&v| {
            let own_piece = self.sites[v.index()].is_some_and(|s| s.owner == owner)
                || self.ck.knights[v.index()].is_some_and(|k| k.owner == owner);
            let own_road = self.board.topology.vertices()[v.index()]
                .edges
                .iter()
                .any(|e| e != road && self.route_piece_owner(e) == Some(owner));
            !own_piece && !own_road
        })
    }

    /// Every open road and ship ([`Game::road_is_open`]) as a set of paths; `None` on a board
    /// with more intersections or paths than the sets hold. Each player's pieces are counted
    /// at their ends once, a word at a time (a bit for "one of the player's pieces here", one
    /// for "two or more"), and the last piece noted at each end is remembered: a piece is
    /// open at an end where the count is one (the piece itself, so the end's remembered
    /// piece) and its owner has no building or knight. Each player's lists of roads and ships
    /// are the pieces on the board (invariant `piece-count`; the same lists Longest Road
    /// reads), so this is `road_is_open` for every piece, with only the few ends of one piece
    /// looked at once counted.
    pub(crate) fn open_route_pieces(&self) -> Option<crate::id_set::IdSet<16>> {
        use crate::id_set::IdSet;
        const WORDS: usize = 8;
        let topo = &self.board.topology;
        if topo.vertex_count() > WORDS * 64 || topo.edge_count() > 16 * 64 {
            return None;
        }
        let edges = topo.edges();
        let words = topo.vertex_count().div_ceil(64);
        // The intersection's word and bit (every intersection is below `64 * WORDS`).
        let slot = |v: VertexId| ((v.index() / 64) % WORDS, 1u64 << (v.index() % 64));
        // The piece last noted at each intersection: read only at the ends the current
        // player's pieces were just noted at.
        let mut piece_at = [EdgeId(0); WORDS * 64];
        let mut open = IdSet::<16>::default();
        for (i, st) in self.players.iter().enumerate() {
            let owner = PlayerId(i as u8);
            let (mut once, mut twice) = ([0u64; WORDS], [0u64; WORDS]);
            // Roads, then ships (two plain loops: a chained iterator asks which part it is
            // in at every piece).
            for pieces in [&st.roads[..], self.route_ships_ext(owner)] {
                for &e in pieces {
                    let Some(info) = edges.get(e.index()) else {
                        continue;
                    };
                    for v in info.vertices {
                        let (w, bit) = slot(v);
                        twice[w] |= once[w] & bit;
                        once[w] |= bit;
                        piece_at[v.index() % (WORDS * 64)] = e;
                    }
                }
            }
            for (w, (&one, &more)) in once.iter().zip(&twice).enumerate().take(words) {
                let mut ends = one & !more;
                while ends != 0 {
                    let v = w * 64 + ends.trailing_zeros() as usize;
                    ends &= ends - 1;
                    let building = self.sites.get(v).copied().flatten();
                    let knight = self.ck.knights.get(v).copied().flatten();
                    if building.is_none_or(|s| s.owner != owner) && knight.is_none_or(|k| k.owner != owner) {
                        open.insert(piece_at[v % (WORDS * 64)].index());
                    }
                }
            }
        }
        Some(open)
    }

    /// Refuses the free piece after Diplomacy when it is not of the kind removed: with
    /// Seafarers a ship for a ship, a road for a road (rule `SEA.CK.DIPLOMACY`).
    pub(crate) fn check_diplomacy_piece(&self, ship: bool) -> Result<(), RuleError> {
        if self.diplomacy_replaces_ship() != ship {
            return Err(RuleError::Sea(crate::rules::sea::errors::SeaRule::DiplomacySamePiece));
        }
        Ok(())
    }

    /// Whether the pending Diplomacy replacement is for a ship (only a ship may replace it).
    pub(crate) fn diplomacy_replaces_ship(&self) -> bool {
        matches!(
            self.pending.front(),
            Some(Pending {
                kind: crate::pending::PendingKind::Ck(CkPending::DiplomacyRoad { ship: true, .. }),
                ..
            })
        )
    }

    pub(crate) fn check_diplomacy(&self, road: EdgeId) -> Result<(), RuleError> {
        self.known_edge(road)?;
        if !self.road_is_open(road) {
            return Err(RuleError::Ck(CkRule::DiplomacyOpenRoad));
        }
        Ok(())
    }

    pub(crate) fn do_diplomacy(&mut self, player: PlayerId, road: EdgeId, events: &mut Vec<Event>) {
        if let Some(owner) = self.roads[road.index()] {
            // What Longest Road can tell before the road goes (an open road is a dead end).
            let bounds = self.route_bounds_without(owner, road);
            self.roads[road.index()] = None;
            self.forget_route_graph(owner);
            let st = &mut self.players[owner.index()];
            st.roads.retain(|&e| e != road);
            st.roads_left += 1;
            events.push(Event::Ck(CkEvent::RoadRemoved {
                player: owner,
                at: road,
            }));
            self.longest_road_after_removal(owner, bounds, events);
            // The road may have been a knight's link (Seafarers: ships it held in place).
            self.after_road_removed_ext(owner, road);
            if owner == player && self.players[player.index()].roads_left > 0 {
                let free = CkPending::DiplomacyRoad {
                    removed: road,
                    ship: false,
                };
                self.queue_next(Pending::ck(player, free));
            }
        } else {
            // Seafarers: a ship; what Longest Road can tell before it goes.
            let bounds = self
                .path_owner_ext(road)
                .and_then(|o| Some((o, self.route_bounds_without(o, road)?)));
            let Some(owner) = self.remove_path_piece_ext(road, events) else {
                return;
            };
            // Its owner may build a ship only.
            let bounds = bounds.filter(|&(o, _)| o == owner).map(|(_, b)| b);
            self.longest_road_after_removal(owner, bounds, events);
            if owner == player && self.route_pieces_left_ext(player) > 0 {
                let free = CkPending::DiplomacyRoad {
                    removed: road,
                    ship: true,
                };
                self.queue_next(Pending::ck(player, free));
            }
        }
    }

    pub(crate) fn check_skip_free_road(&self, player: PlayerId) -> Result<(), RuleError> {
        match self.phase() {
            Phase::Ck(CkPhase::DiplomacyRoad { player: p, .. }) if p == player => Ok(()),
            _ => Err(self.wrong_time(player, "skip the free road")),
        }
    }

    pub(crate) fn check_intrigue(&self, player: PlayerId, knight: VertexId) -> Result<(), RuleError> {
        self.known_vertex(knight)?;
        let opposing = self.ck.knights[knight.index()].is_some_and(|k| k.owner != player);
        let touches = self.touches_route_piece(player, knight);
        if !opposing || !touches {
            return Err(RuleError::Ck(CkRule::IntrigueTarget));
        }
        Ok(())
    }

    pub(crate) fn do_intrigue(&mut self, player: PlayerId, at: VertexId, events: &mut Vec<Event>) {
        let Some(victim) = self.ck.take_knight(at) else {
            return;
        };
        events.push(Event::Ck(CkEvent::KnightIntrigued {
            player,
            at,
            victim: victim.owner,
        }));
        self.start_relocation(victim, at, events);
        self.knights_changed_routes(&[at], Some(victim.owner), events);
    }

    pub(crate) fn do_sabotage(&mut self, player: PlayerId, events: &mut Vec<Event>) {
        let mine = self.total_vp(player);
        let mut next = 0;
        for i in 0..self.players.len() {
            let p = PlayerId(i as u8);
            let count = (self.players[i].hand.total() / 2) as u8;
            if p != player && self.total_vp(p) >= mine && count > 0 {
                // Sabotage's discards: no robber afterwards, back to the action phase.
                self.pending
                    .insert(next, Pending::base(p, BasePending::Discard { count }));
                next += 1;
                events.push(Event::MustDiscard { player: p, count });
            }
        }
    }

    pub(crate) fn check_espionage(
        &self,
        player: PlayerId,
        victim: PlayerId,
        card: Option<ProgressCard>,
    ) -> Result<(), RuleError> {
        self.known_player(victim)?;
        if victim == player {
            return Err(RuleError::Ck(CkRule::EspionageTarget));
        }
        if let Some(c) = card {
            if self.players[victim.index()].ck.progress.get(c) == 0 {
                return Err(RuleError::Ck(CkRule::EspionageTarget));
            }
        }
        Ok(())
    }

    pub(crate) fn do_espionage(
        &mut self,
        player: PlayerId,
        victim: PlayerId,
        card: Option<ProgressCard>,
        events: &mut Vec<Event>,
    ) {
        if let Some(c) = card {
            self.players[victim.index()].ck.progress.remove(c, 1);
            self.players[player.index()].ck.progress.add(c, 1);
        }
        events.push(Event::Ck(CkEvent::ProgressTaken {
            player,
            from: victim,
            card,
        }));
    }

    pub(crate) fn do_encouragement(&mut self, player: PlayerId, events: &mut Vec<Event>) {
        for v in 0..self.ck.knights.len() {
            if let Some(k) = self.ck.knights[v].as_mut() {
                if k.owner == player && !k.active {
                    k.active = true;
                    k.fresh = true;
                    self.ck.marked.mark(VertexId(v as u16));
                    events.push(Event::Ck(CkEvent::KnightActivated {
                        player,
                        at: VertexId(v as u16),
                    }));
                }
            }
        }
    }

    pub(crate) fn do_wedding(&mut self, player: PlayerId, events: &mut Vec<Event>) {
        let mine = self.total_vp(player);
        let mut next = 0;
        for i in 0..self.players.len() {
            let p = PlayerId(i as u8);
            let count = self.players[i].hand.total().min(2) as u8;
            if p != player && self.total_vp(p) > mine && count > 0 {
                self.pending.insert(next, Pending::ck(p, CkPending::Gift { count }));
                next += 1;
                events.push(Event::Ck(CkEvent::MustGive {
                    player: p,
                    to: player,
                    count,
                }));
            }
        }
    }

    pub(crate) fn check_give_cards(&self, player: PlayerId, cards: Cards) -> Result<(), RuleError> {
        if self.phase() != Phase::Ck(CkPhase::WeddingGifts) {
            return Err(self.wrong_time(player, "give cards"));
        }
        let owed = self.gifts_owed(player);
        if owed == 0 {
            return Err(self.wrong_time(player, "give cards"));
        }
        if cards.total() != owed as u32 || !self.players[player.index()].hand.contains(&cards) {
            return Err(RuleError::Ck(CkRule::GiftCards));
        }
        Ok(())
    }

    pub(crate) fn do_give_cards(&mut self, player: PlayerId, cards: Cards, events: &mut Vec<Event>) {
        let to = self.current;
        self.take_cards(to, player, cards, events);
        let owed = self
            .pending
            .position(|e| e.who == player && matches!(e.kind, PendingKind::Ck(CkPending::Gift { .. })));
        if let Some(i) = owed {
            self.pending.remove(i);
        }
        self.run_engine_steps(events);
    }
}

#[cfg(test)]
mod tests {
    use crate::board::Corner::*;
    use crate::progress::{ProgressCard, ProgressPlay};
    use crate::testkit::*;
    use crate::CkAction;
    use crate::{Action, CkPhase, Phase};

    /// Red plays Treason against blue, whose only knight is basic; blue gives it up.
    fn treason(option: &'static str) -> crate::Game {
        let mut ck = Ck::new()
            .rules(|r| r.set_option("deserter-strength", option).unwrap())
            .city(0, ("E", N))
            .roads(0, "E", &[N, NE, SE])
            .settlement(1, ("G", N))
            .roads(1, "G", &[N, NE])
            .knight(1, ("G", NE), 1, true)
            .settlement(2, ("Q", S))
            .roads(2, "Q", &[S, SW]);
        ck.setup.players[0].ck.progress.add(ProgressCard::Treason, 1);
        let mut g = ck.game();
        ok(
            &mut g,
            Action::Ck(CkAction::PlayProgress {
                player: p(0),
                play: ProgressPlay::Treason { victim: p(1) },
            }),
        );
        let at = vertex(&g, "G", NE);
        ok(&mut g, Action::Ck(CkAction::SurrenderKnight { player: p(1), at }));
        assert!(matches!(
            g.phase(),
            Phase::Ck(CkPhase::TreasonPlacement { level: 1, .. })
        ));
        g
    }

    #[test]
    fn the_treason_knight_is_no_stronger_than_the_one_removed_unless_any_strength_is_allowed() {
        let place = |g: &crate::Game, level| {
            Action::Ck(CkAction::PlaceTreasonKnight {
                player: p(0),
                at: Some(vertex(g, "E", NE)),
                level,
            })
        };
        let g = treason("same-or-lower");
        assert!(g.is_legal(&place(&g, 1)));
        assert_eq!(refused(&g, place(&g, 2)), "CK.CARD.TREASON_PLACEMENT");
        let mut g = treason("any");
        let mut legal = vec![];
        g.legal_actions(&mut legal);
        assert!(legal.contains(&place(&g, 3)));
        let mighty = place(&g, 3);
        ok(&mut g, mighty);
        let k = g.knight(vertex(&g, "E", NE)).unwrap();
        assert_eq!((k.level, k.active), (3, true));
        g.check_invariants().unwrap();
    }

    #[test]
    fn placing_no_treason_knight_has_one_spelling_and_it_is_listed() {
        let none = |level| {
            Action::Ck(CkAction::PlaceTreasonKnight {
                player: p(0),
                at: None,
                level,
            })
        };
        let mut g = treason("any");
        let mut legal = vec![];
        g.legal_actions(&mut legal);
        assert!(legal.contains(&none(1)));
        assert!(!legal.contains(&none(3)));
        assert_eq!(refused(&g, none(3)), "CK.CARD.TREASON_PLACEMENT");
        ok(&mut g, none(1));
        assert_eq!(g.phase(), Phase::Main);
    }
}
