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
use super::super::state::PathKnight;
use crate::error::{CkRule, RuleError};
use crate::event::Event;
use crate::ids::{EdgeId, HexId, PlayerId};
use crate::pending::{BasePending, Pending, PendingKind};
use crate::progress::{ProgressCard, ProgressPlay};
use crate::state::Game;

impl Game {
    /// The combination's verdict on a Cities & Knights play of a changed card.
    pub(crate) fn check_barb_ck_progress(
        &self,
        player: PlayerId,
        play: &ProgressPlay,
    ) -> Option<Result<(), RuleError>> {
        match *play {
            ProgressPlay::Smithing { .. } | ProgressPlay::Intrigue { .. } | ProgressPlay::Taxation => {
                Some(Err(RuleError::Barb(BarbRule::CardChanged)))
            }
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
        let Some(k) = self.barb.knights[at.index()].take() else {
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
            self.barb.knights[at.index()] = Some(PathKnight {
                level,
                active,
                ..PathKnight::new(player)
            });
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
        self.barb.barbarians[hex.index()] -= 1;
        let held = &mut self.barb.prisoners[player.index()];
        *held = held.saturating_add(1);
        events.push(Event::Barb(BarbEvent::BarbarianCaptured {
            player,
            hex,
            prisoners: *held,
        }));
        self.refresh_conquest(events);
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

    /// The changed cards' plays on paths and hexes in the action phase.
    pub(crate) fn push_barb_ck_card_plays(&self, player: PlayerId, out: &mut Vec<crate::Action>) {
        use super::super::actions::BarbAction as A;
        let hand = self.players[player.index()].ck.progress;
        let mut push = |a: A| {
            if self.check_barb_ck_action(a).is_ok() {
                out.push(crate::Action::Barb(a));
            }
        };
        if hand.get(ProgressCard::Smithing) > 0 {
            for i in 0..self.barb.knights.len() {
                if self.barb.knights[i].is_none_or(|k| k.owner != player) {
                    continue;
                }
                let a = EdgeId(i as u16);
                push(A::SmithingOnPaths {
                    player,
                    knights: [Some(a), None],
                });
                for j in 0..self.barb.knights.len() {
                    if j != i && self.barb.knights[j].is_some_and(|k| k.owner == player) {
                        push(A::SmithingOnPaths {
                            player,
                            knights: [Some(a), Some(EdgeId(j as u16))],
                        });
                    }
                }
            }
        }
        if hand.get(ProgressCard::Intrigue) > 0 {
            for i in 0..self.barb.barbarians.len() {
                push(A::IntrigueOnHex {
                    player,
                    hex: HexId(i as u16),
                });
            }
        }
        if hand.get(ProgressCard::Taxation) > 0 {
            for i in 0..self.board.terrain.len() {
                push(A::TaxationOnHex {
                    player,
                    hex: HexId(i as u16),
                });
            }
        }
    }
}
