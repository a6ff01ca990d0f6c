//! The progress cards seed 003 changes for Barbarian Attack with Cities & Knights (source
//! `003_c1bc764549538a7d.txt` "Changes concerning cards"; D19 of this project's notes lists
//! them against the cards of sources `000_fee7e8147b67bbe6.txt` and
//! `004_bf8a3dbb68824bc0.txt`).
//!
//! - **Invention**: only two of the five black number tokens on the island's inner hexes
//!   swap (`BARB.CK.INVENTION`).
//! - **Taxation** (Bishop): the player names a land hex; each opponent with an unconquered
//!   settlement or city on it gives a card drawn at random; there is no robber
//!   (`BARB.CK.TAXATION`).
//! - **Intrigue**: one barbarian from a hex of the player's choice becomes their prisoner
//!   (`BARB.CK.INTRIGUE`).
//! - **Treason** (Deserter): the opponent named gives up a knight; the player's new knight (of
//!   at most that strength, option `deserter-strength`) stands exactly where it stood, with
//!   its status (`BARB.CK.DESERTER`).
//! - **Merchant**: never on a conquered hex, and lost when its hex is conquered
//!   (`BARB.CK.MERCHANT`).
//! - **Smithing** and **Encouragement** act on the knights on paths; **Diplomacy** removes a
//!   road whatever knight stands on its path (knights on paths block nothing, source
//!   `catan-faq-tb`; `BARB.CK.DIPLOMACY`).
//!
//! Smithing, Intrigue and Taxation name paths and hexes, so they are played as their own
//! actions ([`crate::rules::barb::actions::BarbAction::SmithingOnPaths`] and the next two);
//! their Cities & Knights forms are refused (`BARB.CK.CARD_CHANGED`).

use super::super::errors::BarbRule;
use super::super::events::BarbEvent;
use super::super::pending::BarbPending;
use super::super::state::{for_each_path, PathKnight};
use crate::error::{CkRule, RuleError};
use crate::event::Event;
use crate::ids::{EdgeId, HexId, PlayerId};
use crate::pending::{BasePending, Pending, PendingKind};
use crate::progress::{ProgressCard, ProgressPlay};
use crate::state::Game;

impl Game {
    /// The cards the combination changes: [`Game::check_barb_ck_progress`] has a verdict on
    /// their plays and on no other.
    pub(crate) fn barb_ck_changes_progress(card: ProgressCard) -> bool {
        use ProgressCard as C;
        matches!(
            card,
            C::Smithing | C::Intrigue | C::Taxation | C::Invention | C::Treason
        )
    }

    /// The cards played as the combination's own actions, whose Cities & Knights forms
    /// [`Game::check_barb_ck_progress`] refuses whatever the play (`BARB.CK.CARD_CHANGED`).
    pub(crate) fn barb_ck_replaces_progress(card: ProgressCard) -> bool {
        use ProgressCard as C;
        matches!(card, C::Smithing | C::Intrigue | C::Taxation)
    }

    /// The combination's verdict on a Cities & Knights play of a changed card.
    pub(crate) fn check_barb_ck_progress(
        &self,
        player: PlayerId,
        play: &ProgressPlay,
    ) -> Option<Result<(), RuleError>> {
        if !Self::barb_ck_changes_progress(play.card()) {
            return None;
        }
        if Self::barb_ck_replaces_progress(play.card()) {
            return Some(Err(RuleError::Barb(BarbRule::CardChanged)));
        }
        match *play {
            ProgressPlay::Invention { a, b } => Some(self.check_barb_ck_invention(a, b)),
            ProgressPlay::Treason { victim } => Some(self.check_barb_ck_treason(player, victim)),
            _ => None,
        }
    }

    /// Carries out a changed card's effect (`true`), or leaves it to Cities & Knights.
    pub(crate) fn do_barb_ck_progress(
        &mut self,
        player: PlayerId,
        play: ProgressPlay,
        events: &mut Vec<Event>,
    ) -> bool {
        match play {
            ProgressPlay::Treason { victim } => {
                self.queue_next(Pending {
                    who: victim,
                    kind: PendingKind::Barb(BarbPending::Surrender),
                });
                true
            }
            ProgressPlay::Encouragement => {
                for i in 0..self.barb.knights.len() {
                    if self.barb.knights[i].is_some_and(|k| k.owner == player && !k.active) {
                        self.activate_path_knight(player, EdgeId(i as u16), events);
                    }
                }
                true
            }
            _ => false,
        }
    }

    /// A hex whose token Invention may move here: an inner hex (not on the coast) with a
    /// black number.
    pub(crate) fn barb_ck_inventable(&self, h: HexId) -> bool {
        !self.barb.coastal.get(h.index()).copied().unwrap_or(true)
            && matches!(self.tokens.get(h.index()).copied().flatten(), Some(t) if ![2, 6, 8, 12].contains(&t))
    }

    fn check_barb_ck_invention(&self, a: HexId, b: HexId) -> Result<(), RuleError> {
        self.known_hex(a)?;
        self.known_hex(b)?;
        if a == b || !self.barb_ck_inventable(a) || !self.barb_ck_inventable(b) {
            return Err(RuleError::Barb(BarbRule::Invention));
        }
        Ok(())
    }

    fn check_barb_ck_treason(&self, player: PlayerId, victim: PlayerId) -> Result<(), RuleError> {
        self.known_player(victim)?;
        if victim == player || !self.has_path_knight(victim) {
            return Err(RuleError::Barb(BarbRule::Deserter));
        }
        Ok(())
    }

    pub(crate) fn check_surrender_path_knight(&self, player: PlayerId, at: EdgeId) -> Result<(), RuleError> {
        let front = self.pending.front();
        if self.barb_front() != Some(BarbPending::Surrender) || front.is_none_or(|e| e.who != player) {
            return Err(self.wrong_time(player, "give up a knight"));
        }
        self.own_path_knight(player, at).map(|_| ())
    }

    pub(crate) fn do_surrender_path_knight(&mut self, player: PlayerId, at: EdgeId, events: &mut Vec<Event>) {
        let Some(k) = self.barb.take_knight(at) else {
            return;
        };
        self.players[player.index()].ck.knights_left[k.level as usize - 1] += 1;
        events.push(Event::Barb(BarbEvent::PathKnightRemoved {
            player,
            at,
            level: k.level,
        }));
        self.pending.pop_front();
        let by = self.current;
        let max = self.treason_max_level(k.level);
        if (1..=max).any(|l| self.players[by.index()].ck.knights_left[l as usize - 1] > 0) {
            self.queue_next(Pending {
                who: by,
                kind: PendingKind::Barb(BarbPending::Deserter {
                    at,
                    level: k.level,
                    active: k.active,
                }),
            });
        }
        self.run_engine_steps(events);
    }

    pub(crate) fn check_deserter(&self, player: PlayerId, level: Option<u8>) -> Result<(), RuleError> {
        let (Some(BarbPending::Deserter { level: removed, .. }), Some(entry)) =
            (self.barb_front(), self.pending.front())
        else {
            return Err(self.wrong_time(player, "place a knight for Treason"));
        };
        if entry.who != player {
            return Err(self.wrong_time(player, "place a knight for Treason"));
        }
        let Some(l) = level else { return Ok(()) };
        let max = self.treason_max_level(removed);
        if !(1..=max).contains(&l) || self.players[player.index()].ck.knights_left[l as usize - 1] == 0 {
            return Err(RuleError::Barb(BarbRule::Deserter));
        }
        Ok(())
    }

    pub(crate) fn do_deserter(&mut self, player: PlayerId, level: Option<u8>, events: &mut Vec<Event>) {
        let Some(BarbPending::Deserter { at, active, .. }) = self.barb_front() else {
            return;
        };
        if let Some(level) = level {
            self.players[player.index()].ck.knights_left[level as usize - 1] -= 1;
            self.barb.set_knight(
                at,
                Some(PathKnight {
                    level,
                    active,
                    ..PathKnight::new(player)
                }),
            );
            events.push(Event::Barb(BarbEvent::DeserterPlaced { player, at, level }));
        }
        self.resolved(events);
    }

    /// The knights Smithing may promote on paths: one or two different own knights, the
    /// second checked on the supply the first leaves.
    pub(crate) fn check_smithing_on_paths(
        &self,
        player: PlayerId,
        knights: [Option<EdgeId>; 2],
    ) -> Result<(), RuleError> {
        self.check_progress_held(player, ProgressCard::Smithing)?;
        if knights == [None, None] || (knights[0].is_some() && knights[0] == knights[1]) {
            return Err(RuleError::Ck(CkRule::SmithingKnights));
        }
        let mut supply = self.players[player.index()].ck.knights_left;
        for at in knights.into_iter().flatten() {
            let k = self.own_path_knight(player, at)?;
            self.check_promotable_with(player, Game::as_ck_knight(k), supply)?;
            supply[k.level as usize] -= 1;
            supply[k.level as usize - 1] += 1;
        }
        Ok(())
    }

    pub(crate) fn do_smithing_on_paths(
        &mut self,
        player: PlayerId,
        knights: [Option<EdgeId>; 2],
        events: &mut Vec<Event>,
    ) {
        self.discard_played_progress(player, ProgressCard::Smithing, events);
        for at in knights.into_iter().flatten() {
            self.promote_path_knight(player, at, events);
        }
    }

    pub(crate) fn check_intrigue_on_hex(&self, player: PlayerId, hex: HexId) -> Result<(), RuleError> {
        self.check_progress_held(player, ProgressCard::Intrigue)?;
        self.known_hex(hex)?;
        if self.barb.on(hex) == 0 {
            return Err(RuleError::Barb(BarbRule::Intrigue));
        }
        Ok(())
    }

    pub(crate) fn do_intrigue_on_hex(&mut self, player: PlayerId, hex: HexId, events: &mut Vec<Event>) {
        self.discard_played_progress(player, ProgressCard::Intrigue, events);
        self.take_prisoner(player, hex, events);
    }

    pub(crate) fn check_taxation_on_hex(&self, player: PlayerId, hex: HexId) -> Result<(), RuleError> {
        self.check_progress_held(player, ProgressCard::Taxation)?;
        self.known_hex(hex)?;
        if !self.board.terrain[hex.index()].is_land() {
            return Err(RuleError::Barb(BarbRule::Taxation));
        }
        Ok(())
    }

    /// Taxation on a hex: every opponent with an unconquered building on it and a card in
    /// hand is robbed of one card drawn at random, in turn order from the player (one chance
    /// entry each).
    pub(crate) fn do_taxation_on_hex(&mut self, player: PlayerId, hex: HexId, events: &mut Vec<Event>) {
        self.discard_played_progress(player, ProgressCard::Taxation, events);
        events.push(Event::Barb(BarbEvent::TaxationHex { player, hex }));
        let corners = self.board.topology.hexes()[hex.index()].corners;
        let mut entries = [None; crate::ids::MAX_PLAYERS];
        let mut n = 0;
        for k in 1..self.players.len() as u8 {
            let victim = self.seat_from_current(k);
            let taxed = !self.players[victim.index()].hand.is_empty()
                && corners
                    .iter()
                    .any(|v| self.sites[v.index()].is_some_and(|s| s.owner == victim) && !self.building_conquered(*v));
            if taxed {
                entries[n] = Some(Pending::base(player, BasePending::Steal { victim }));
                n += 1;
            }
        }
        self.queue_next_all(entries.into_iter().flatten());
    }

    /// The merchant's hex was conquered: its owner loses it (rule `BARB.CK.MERCHANT`).
    pub(crate) fn merchant_conquered(&mut self, h: HexId, events: &mut Vec<Event>) {
        if let Some((hex, player)) = self.ck.merchant {
            if hex == h {
                self.ck.merchant = None;
                events.push(Event::Barb(BarbEvent::MerchantLost { player, hex }));
            }
        }
    }

    /// Smithing's plays on paths: each own knight alone, then with each other own knight,
    /// the candidates [`Game::check_smithing_on_paths`] accepts. What does not depend on the
    /// knights (the card held, in the action phase) is tested once; a first knight that
    /// cannot be promoted is in no accepted play; the second is tested on the supply the
    /// first leaves, as the check does.
    fn push_smithing_on_paths(&self, player: PlayerId, out: &mut Vec<crate::Action>) {
        use super::super::actions::BarbAction as A;
        if self.check_progress_held(player, ProgressCard::Smithing).is_err() {
            return;
        }
        let own = self.path_scan(player).own;
        let supply = self.players[player.index()].ck.knights_left;
        for_each_path(&own, |i| {
            let Some(first) = self.barb.knights.get(i).copied().flatten() else {
                return;
            };
            if self
                .check_promotable_with(player, Game::as_ck_knight(first), supply)
                .is_err()
            {
                return;
            }
            let a = EdgeId(i as u16);
            out.push(crate::Action::Barb(A::SmithingOnPaths {
                player,
                knights: [Some(a), None],
            }));
            let mut after = supply;
            after[first.level as usize] -= 1;
            after[first.level as usize - 1] += 1;
            for_each_path(&own, |j| {
                let second = self.barb.knights.get(j).copied().flatten();
                if j != i
                    && second.is_some_and(|b| self.check_promotable_with(player, Game::as_ck_knight(b), after).is_ok())
                {
                    out.push(crate::Action::Barb(A::SmithingOnPaths {
                        player,
                        knights: [Some(a), Some(EdgeId(j as u16))],
                    }));
                }
            });
        });
    }

    /// The changed cards' plays on paths and hexes in the action phase.
    pub(crate) fn push_barb_ck_card_plays(&self, player: PlayerId, out: &mut Vec<crate::Action>) {
        use super::super::actions::BarbAction as A;
        let hand = self.players[player.index()].ck.progress;
        if hand.is_empty() || !self.in_main() {
            return;
        }
        if hand.get(ProgressCard::Smithing) > 0 {
            self.push_smithing_on_paths(player, out);
        }
        // Intrigue and Taxation: the card held is tested once; then the hexes the checks
        // accept, a known hex holding a barbarian, a known land hex.
        if hand.get(ProgressCard::Intrigue) > 0 && self.check_progress_held(player, ProgressCard::Intrigue).is_ok() {
            for i in (0..self.barb.barbarians.len()).filter(|&i| self.barb.barbarians[i] > 0) {
                let hex = HexId(i as u16);
                if self.known_hex(hex).is_ok() {
                    out.push(crate::Action::Barb(A::IntrigueOnHex { player, hex }));
                }
            }
        }
        if hand.get(ProgressCard::Taxation) > 0 && self.check_progress_held(player, ProgressCard::Taxation).is_ok() {
            for i in (0..self.board.terrain.len()).filter(|&i| self.board.terrain[i].is_land()) {
                let hex = HexId(i as u16);
                if self.known_hex(hex).is_ok() {
                    out.push(crate::Action::Barb(A::TaxationOnHex { player, hex }));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::barb::actions::BarbAction;
    use crate::rules::barb::testkit::*;
    use crate::state::Building;
    use crate::Action;

    fn with_card(seed: u64, card: ProgressCard) -> (Game, PlayerId) {
        let mut g = barb_ck_main(4, seed);
        let p = g.current();
        g.players[p.index()].ck.progress.add(card, 1);
        (g, p)
    }

    fn play(p: PlayerId, play: ProgressPlay) -> Action {
        Action::Ck(crate::CkAction::PlayProgress { player: p, play })
    }

    #[test]
    fn invention_swaps_only_black_numbers_of_inner_hexes() {
        let (mut g, p) = with_card(1, ProgressCard::Invention);
        let inner: Vec<HexId> = (0..g.board.tokens.len())
            .map(|i| HexId(i as u16))
            .filter(|&h| g.barb_ck_inventable(h))
            .collect();
        assert_eq!(inner.len(), 5, "the five black numbers of the centre");
        let coast = g.coastal_hex_numbered(4).unwrap();
        // Plain Cities & Knights would allow a coastal 4: here it is refused.
        assert!(g.inventable(coast));
        let e = g
            .check(&play(p, ProgressPlay::Invention { a: inner[0], b: coast }))
            .unwrap_err();
        assert_eq!(e.code(), "BARB.CK.INVENTION");
        g.apply(play(
            p,
            ProgressPlay::Invention {
                a: inner[0],
                b: inner[1],
            },
        ))
        .unwrap();
    }

    #[test]
    fn intrigue_takes_a_barbarian_prisoner_and_the_knight_form_is_refused() {
        let (mut g, p) = with_card(2, ProgressCard::Intrigue);
        let two = g.coastal_hex_numbered(2).unwrap();
        let v = g.board.topology.hex(two).unwrap().corners[0];
        let knight_form = play(p, ProgressPlay::Intrigue { knight: v });
        assert_eq!(g.check(&knight_form).unwrap_err().code(), "BARB.CK.CARD_CHANGED");
        let empty = g.coastal_hex_numbered(5).unwrap();
        let on = |hex| Action::Barb(BarbAction::IntrigueOnHex { player: p, hex });
        assert_eq!(g.check(&on(empty)).unwrap_err().code(), "BARB.CK.INTRIGUE");
        g.apply(on(two)).unwrap();
        assert_eq!((g.barbarians_on(two), g.prisoners(p)), (0, 1));
        assert_eq!(g.players[p.index()].ck.progress.get(ProgressCard::Intrigue), 0);
        assert_eq!(
            g.check(&on(g.coastal_hex_numbered(12).unwrap())).unwrap_err().code(),
            "CK.PROGRESS.NOT_HELD"
        );
    }

    #[test]
    fn taxation_names_a_hex_and_skips_conquered_buildings() {
        let (mut g, p) = with_card(3, ProgressCard::Taxation);
        let robber_form = play(p, ProgressPlay::Taxation);
        assert_eq!(g.check(&robber_form).unwrap_err().code(), "BARB.CK.CARD_CHANGED");
        // An opponent's building on a coastal hex, conquered, and another one not.
        let o = PlayerId((p.0 + 1) % 4);
        let h = g.coastal_hex_numbered(8).unwrap();
        let corners = g.board.topology.hex(h).unwrap().corners;
        let lone = corners
            .iter()
            .copied()
            .find(|v| {
                g.board
                    .topology
                    .vertex(*v)
                    .unwrap()
                    .hexes
                    .iter()
                    .all(|x| x == h || !g.board.terrain[x.index()].is_land())
            })
            .unwrap();
        g.sites[lone.index()] = Some(crate::state::Site {
            owner: o,
            building: Building::Settlement,
        });
        crate::testkit::give(&mut g, o, crate::cards::Cards::of(&[(crate::cards::CardKind::Ore, 2)]));
        g.barb.barbarians[h.index()] = 3;
        g.barb.arrived += 3;
        g.refresh_conquest(&mut Vec::new());
        assert!(g.building_conquered(lone));
        let tax = Action::Barb(BarbAction::TaxationOnHex { player: p, hex: h });
        g.apply(tax).unwrap();
        assert!(
            !g.phase().is_chance(),
            "the conquered settlement pays nothing: {:?}",
            g.phase()
        );
        let (mut g2, p2) = with_card(3, ProgressCard::Taxation);
        g2.sites[lone.index()] = Some(crate::state::Site {
            owner: o,
            building: Building::Settlement,
        });
        crate::testkit::give(&mut g2, o, crate::cards::Cards::of(&[(crate::cards::CardKind::Ore, 2)]));
        g2.apply(Action::Barb(BarbAction::TaxationOnHex { player: p2, hex: h }))
            .unwrap();
        assert!(g2.phase().is_chance(), "an unconquered settlement is taxed");
    }

    #[test]
    fn treason_puts_the_new_knight_exactly_where_the_removed_one_stood() {
        let (mut g, p) = with_card(4, ProgressCard::Treason);
        let o = PlayerId((p.0 + 1) % 4);
        assert_eq!(
            g.check(&play(p, ProgressPlay::Treason { victim: o }))
                .unwrap_err()
                .code(),
            "BARB.CK.DESERTER"
        );
        let at = castle_paths(&g)[2];
        put_ck_knight(&mut g, o, at, 2, true);
        g.apply(play(p, ProgressPlay::Treason { victim: o })).unwrap();
        assert_eq!(g.phase().name(), "surrendering-path-knight");
        g.apply(Action::Barb(BarbAction::SurrenderPathKnight { player: o, at }))
            .unwrap();
        assert_eq!(g.phase().name(), "placing-deserter");
        let place = |level| Action::Barb(BarbAction::PlaceDeserterKnight { player: p, level });
        assert_eq!(g.check(&place(Some(3))).unwrap_err().code(), "BARB.CK.DESERTER");
        g.apply(place(Some(2))).unwrap();
        let k = g.path_knight(at).unwrap();
        assert_eq!((k.owner, k.level, k.active), (p, 2, true));
    }

    #[test]
    fn smithing_and_encouragement_act_on_the_knights_on_paths() {
        let (mut g, p) = with_card(5, ProgressCard::Smithing);
        g.players[p.index()].ck.progress.add(ProgressCard::Encouragement, 1);
        let [a, b] = [castle_paths(&g)[0], castle_paths(&g)[1]];
        put_ck_knight(&mut g, p, a, 1, false);
        put_ck_knight(&mut g, p, b, 1, false);
        let smith = |knights| Action::Barb(BarbAction::SmithingOnPaths { player: p, knights });
        assert_eq!(
            g.check(&smith([Some(a), Some(a)])).unwrap_err().code(),
            "CK.CARD.SMITHING"
        );
        g.apply(smith([Some(a), Some(b)])).unwrap();
        assert_eq!(g.path_knight(a).unwrap().level, 2);
        assert_eq!(g.path_knight(b).unwrap().level, 2);
        g.apply(play(p, ProgressPlay::Encouragement)).unwrap();
        assert!(g.path_knight(a).unwrap().active && g.path_knight(b).unwrap().active);
    }

    #[test]
    fn the_merchant_is_refused_on_a_conquered_hex_and_lost_when_its_hex_is_conquered() {
        let (mut g, p) = with_card(6, ProgressCard::Merchant);
        g.players[p.index()].ck.progress.add(ProgressCard::Merchant, 1);
        // A coastal hex next to one of the player's buildings.
        let h = (0..g.sites.len())
            .map(|i| crate::ids::VertexId(i as u16))
            .filter(|v| g.sites[v.index()].is_some_and(|s| s.owner == p))
            .find_map(|v| {
                let hexes = g.board.topology.vertex(v).unwrap().hexes;
                let found = hexes.iter().find(|h| g.barb.coastal[h.index()] && g.barb.on(*h) == 0);
                found
            })
            .expect("a building on the coast");
        g.barb.barbarians[h.index()] = 2;
        g.barb.arrived += 2;
        g.apply(play(p, ProgressPlay::Merchant { hex: h })).unwrap();
        assert_eq!(g.merchant(), Some((h, p)));
        let mut ev = Vec::new();
        g.barb.barbarians[h.index()] = 3;
        g.barb.arrived += 1;
        g.refresh_conquest(&mut ev);
        assert!(ev.contains(&Event::Barb(BarbEvent::MerchantLost { player: p, hex: h })));
        assert_eq!(g.merchant(), None);
        let e = g.check(&play(p, ProgressPlay::Merchant { hex: h })).unwrap_err();
        assert_eq!(e.code(), "BARB.CK.MERCHANT");
    }
}
