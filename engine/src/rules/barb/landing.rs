//! Barbarians landing and conquering (sources `sixsides-ba`, `liquisearch-tb-ba`,
//! `catan-faq-tb`).
//!
//! Each settlement built and each settlement upgraded to a city brings three barbarians
//! (`BARB.LANDING.THREE`; setup placements only under option `barb-setup-landing yes`). Each
//! is a landing roll: two dice, rolled again on a 7 and on a total this landing already had,
//! so the engine takes the total as one chance outcome weighted by its 2d6 combinations over
//! the totals still possible (`BARB.LANDING.ROLL`). The barbarian goes to the coastal hex with
//! that number unless it already holds three (`BARB.LANDING.FULL_HEX`: nothing, no new roll)
//! or the supply is empty (`BARB.LANDING.SUPPLY`, option `barbarian-supply`).
//!
//! A coastal hex with three barbarians is conquered (`BARB.CONQUEST.HEX`): its number token
//! is turned face down, so it produces nothing. A building is conquered when no land hex
//! around it is unconquered (`BARB.CONQUEST.BUILDING`): it gives no victory points, nothing,
//! and no harbor; the desert, the castle and the inner hexes are never conquered. These flags
//! are refreshed after every change of barbarians and recounted from scratch by the
//! invariants.

use super::events::BarbEvent;
use super::pending::BarbPending;
use super::BARBARIANS_TO_CONQUER;
use crate::error::RuleError;
use crate::event::Event;
use crate::ids::{HexId, PlayerId, VertexId};
use crate::pending::{Pending, PendingKind};
use crate::state::{Building, Game};

/// The ways two dice make a total (0 for 7 and impossible totals: a 7 is rolled again).
pub fn landing_weight(total: u8) -> u32 {
    match total {
        2..=6 => u32::from(total) - 1,
        8..=12 => 13 - u32::from(total),
        _ => 0,
    }
}

impl Game {
    /// Queues a landing of three barbarians for `player`'s building (nothing when the
    /// supply is empty).
    pub(crate) fn queue_landing(&mut self, player: PlayerId, events: &mut Vec<Event>) {
        events.push(Event::Barb(BarbEvent::LandingStarted { player }));
        if self.barbarians_in_supply() {
            self.queue_next(Pending {
                who: player,
                kind: PendingKind::Barb(BarbPending::Landing {
                    left: super::BARBARIANS_PER_LANDING,
                    used: 0,
                }),
            });
        }
    }

    /// The coastal hex whose printed number is `total`.
    pub(crate) fn coastal_hex_numbered(&self, total: u8) -> Option<HexId> {
        (0..self.barb.coastal.len())
            .find(|&i| self.barb.coastal[i] && self.board.tokens[i] == Some(total))
            .map(|i| HexId(i as u16))
    }

    /// Checks a landing roll: a total of two dice, not 7, not one this landing already had.
    pub(crate) fn check_landing_roll(&self, used: u16, total: u8) -> Result<(), RuleError> {
        if landing_weight(total) == 0 || used & (1 << total) != 0 {
            return Err(RuleError::ImpossibleOutcome {
                why: "a landing roll is a total of two dice; 7s and totals this landing already had are rolled again",
            });
        }
        Ok(())
    }

    /// A landing roll: one barbarian on the coastal hex with that number, unless it holds
    /// three already or the supply is empty; the next roll is queued while barbarians are left
    /// to land and the supply lasts.
    pub(crate) fn do_landing_roll(&mut self, who: PlayerId, left: u8, used: u16, total: u8, events: &mut Vec<Event>) {
        self.pending.pop_front();
        self.land_barbarian(total, events);
        if left > 1 && self.barbarians_in_supply() {
            self.queue_next(Pending {
                who,
                kind: PendingKind::Barb(BarbPending::Landing {
                    left: left - 1,
                    used: used | (1 << total),
                }),
            });
        }
        self.barb_continue(events);
    }

    /// One barbarian on the coastal hex numbered `total`, unless it holds 3 already or none is
    /// left to place; the conquests follow.
    pub(crate) fn land_barbarian(&mut self, total: u8, events: &mut Vec<Event>) {
        let hex = self.coastal_hex_numbered(total);
        match hex {
            Some(h) if self.barb.on(h) < BARBARIANS_TO_CONQUER && self.take_barbarian_from_supply() => {
                self.barb.barbarians[h.index()] += 1;
                events.push(Event::Barb(BarbEvent::BarbarianLanded {
                    total,
                    hex: h,
                    count: self.barb.on(h),
                }));
                // Only `h` changed, by one barbarian: its token turns at the third, and the
                // paths of the hexes holding barbarians grow at the first (the kept flags and
                // paths were in step before).
                match self.barb.on(h) {
                    BARBARIANS_TO_CONQUER.. => self.refresh_conquest_of_hex(h, events),
                    1 => self.barb.raided = self.barb.raided_paths(),
                    _ => {}
                }
            }
            _ => events.push(Event::Barb(BarbEvent::LandingMissed { total, hex })),
        }
    }

    /// Whether a barbarian is left to place: the supply's figures, unlimited with Cities &
    /// Knights (rule `BARB.CK.UNLIMITED_BARBARIANS`).
    pub(crate) fn barbarians_in_supply(&self) -> bool {
        self.barb_ck() || self.barb.supply > 0
    }

    /// Takes a barbarian from the supply to place it (`false`: none is left). With Cities &
    /// Knights the figures are unlimited: the count of barbarians ever placed grows instead.
    pub(crate) fn take_barbarian_from_supply(&mut self) -> bool {
        if self.barb_ck() {
            self.barb.arrived += 1;
            true
        } else if self.barb.supply > 0 {
            self.barb.supply -= 1;
            true
        } else {
            false
        }
    }

    /// Whether the building on `v` is conquered: it touches land, and every land hex it
    /// touches is a conquered coastal hex (sea does not save it; the desert, the castle and
    /// inner hexes always do). With Cities & Knights a metropolis is never conquered (rule
    /// `BARB.CK.METROPOLIS`, source `003_c1bc764549538a7d.txt` "Metropolis").
    pub(crate) fn building_conquered(&self, v: VertexId) -> bool {
        self.surrounded_by_conquest(v) && !self.spared_metropolis_at(v)
    }

    /// With Cities & Knights, whether `v` holds a metropolis, which is never conquered (rule
    /// `BARB.CK.METROPOLIS`).
    fn spared_metropolis_at(&self, v: VertexId) -> bool {
        self.barb_ck() && self.metropolis_at(v).is_some()
    }

    /// Whether every land hex `v` touches is a conquered coastal hex (and it touches land).
    /// Reads the face-down tokens (the kept flags).
    pub(crate) fn surrounded_by_conquest(&self, v: VertexId) -> bool {
        let Some(info) = self.board.topology.vertex(v) else {
            return false;
        };
        let mut land = 0;
        for h in info.hexes.iter() {
            if !self.board.terrain[h.index()].is_land() {
                continue;
            }
            land += 1;
            if !self.hex_conquered(h) {
                return false;
            }
        }
        land > 0
    }

    /// The victory points a building gives when unconquered.
    pub(crate) fn building_vp(b: Building) -> u8 {
        match b {
            Building::City => 2,
            Building::Settlement | Building::DamagedCity => 1,
        }
    }

    /// Turns each coastal hex's token face down or up to match its barbarians, reporting the
    /// hexes and buildings that change, and recounts the points conquered buildings lose.
    pub(crate) fn refresh_conquest(&mut self, events: &mut Vec<Event>) {
        self.turn_conquered_tokens(events);
        self.barb.lost_vp = self.surrounded_vp_from_scratch();
        *self.barb.unserved = Some(self.unserved_harbors_from_scratch());
    }

    /// [`Game::refresh_conquest`] after barbarians alone moved (landed, were expelled or
    /// taken prisoner, moved by Treason) in a state whose kept points were in step: which
    /// buildings are surrounded by conquest changes only with a hex turning, so the points
    /// are recounted only when a token turned (the invariant `conquest` recounts them after
    /// every step).
    pub(crate) fn refresh_conquest_after_barbarians(&mut self, events: &mut Vec<Event>) {
        if self.turn_conquered_tokens(events) {
            self.barb.lost_vp = self.surrounded_vp_from_scratch();
        }
    }

    /// [`Game::refresh_conquest_after_barbarians`] when only hex `h`'s barbarians changed (a
    /// barbarian landed on it, or a battle freed it) in a state whose kept points and paths
    /// were in step: only `h`'s token can turn, and only the buildings on its corners can
    /// become or stop being surrounded, so the kept points change by theirs alone; the kept
    /// paths of the hexes holding barbarians change only when `h` gains its first barbarian
    /// (its paths join, as [`Game::land_barbarian`] does itself) or loses its last (they are
    /// recounted). The full refresh visits the coastal hexes in id order and only `h` turns
    /// there: the events are the same. The invariants `conquest` and `coast` recount the
    /// points and the paths after every step.
    pub(crate) fn refresh_conquest_of_hex(&mut self, h: HexId, events: &mut Vec<Event>) {
        if self.barb.on(h) == 0 {
            self.barb.raided = self.barb.raided_paths();
        }
        self.turn_token(h, events);
    }

    /// Turns each coastal hex's token face down or up to match its barbarians, reporting the
    /// hexes and buildings that change, and sets the kept paths of the hexes holding
    /// barbarians ([`super::state::BarbState::raided`]); whether any token turned.
    fn turn_conquered_tokens(&mut self, events: &mut Vec<Event>) -> bool {
        self.barb.raided = self.barb.raided_paths();
        let mut turned = false;
        for i in 0..self.barb.coastal.len() {
            turned |= self.turn_token(HexId(i as u16), events);
        }
        turned
    }

    /// Turns coastal hex `h`'s token face down or up to match its barbarians, reporting the
    /// hex and the buildings on its corners that change, and moving the points of the
    /// buildings there that become or stop being surrounded by conquest into or out of the
    /// kept points ([`super::state::BarbState::lost_vp`]); whether the token turned.
    fn turn_token(&mut self, h: HexId, events: &mut Vec<Event>) -> bool {
        let i = h.index();
        if !self.barb.coastal.get(i).copied().unwrap_or(false) {
            return false;
        }
        let now = self.barb.on(h) >= BARBARIANS_TO_CONQUER;
        if now == self.tokens[i].is_none() {
            return false;
        }
        let corners = self
            .board
            .topology
            .hex(h)
            .map(|x| x.corners)
            .unwrap_or([VertexId(0); 6]);
        // Per corner holding a building: surrounded by conquest, and conquered (surrounded
        // and not a spared metropolis).
        let mut before = [(false, false); 6];
        for (k, v) in corners.iter().enumerate() {
            if self.sites[v.index()].is_some() {
                let surrounded = self.surrounded_by_conquest(*v);
                before[k] = (surrounded, surrounded && !self.spared_metropolis_at(*v));
            }
        }
        let token = if now { None } else { self.board.tokens[i] };
        self.set_token(h, token);
        if now {
            self.merchant_conquered(h, events);
        }
        events.push(Event::Barb(if now {
            BarbEvent::HexConquered { hex: h }
        } else {
            BarbEvent::HexLiberated { hex: h }
        }));
        let mut surrounded_changed = false;
        for (k, v) in corners.iter().enumerate() {
            let Some(site) = self.sites[v.index()] else { continue };
            let surrounded = self.surrounded_by_conquest(*v);
            let after = surrounded && !self.spared_metropolis_at(*v);
            if after != before[k].1 {
                let (player, at) = (site.owner, *v);
                events.push(Event::Barb(if after {
                    BarbEvent::BuildingConquered { player, at }
                } else {
                    BarbEvent::BuildingFreed { player, at }
                }));
            }
            if surrounded != before[k].0 {
                surrounded_changed = true;
                if let Some(lost) = self.barb.lost_vp.get_mut(site.owner.index()) {
                    let vp = Game::building_vp(site.building);
                    *lost = if surrounded {
                        lost.saturating_add(vp)
                    } else {
                        lost.saturating_sub(vp)
                    };
                }
            }
        }
        // The harbors served change only with a building becoming or stopping being
        // surrounded.
        if surrounded_changed || self.barb.unserved.is_none() {
            *self.barb.unserved = Some(self.unserved_harbors_from_scratch());
        }
        true
    }

    /// For each seat, the harbor kinds at its buildings that only buildings of it surrounded
    /// by conquest stand at, read from the board's harbors (the kept
    /// [`super::state::BarbState::unserved`]; metropolises not spared).
    pub(crate) fn unserved_harbors_from_scratch(&self) -> [u8; crate::ids::MAX_PLAYERS] {
        let mut lost = [0u8; crate::ids::MAX_PLAYERS];
        let mut served = [0u8; crate::ids::MAX_PLAYERS];
        for h in &self.board.harbors {
            let Some(edge) = self.board.topology.edge(h.edge) else {
                continue;
            };
            let bit = crate::state::harbor_bit(h.kind);
            for &v in &edge.vertices {
                let Some(s) = self.sites.get(v.index()).copied().flatten() else {
                    continue;
                };
                let seat = if self.surrounded_by_conquest(v) {
                    &mut lost
                } else {
                    &mut served
                };
                if let Some(m) = seat.get_mut(s.owner.index()) {
                    *m |= bit;
                }
            }
        }
        std::array::from_fn(|p| lost[p] & !served[p])
    }

    /// `player` built on `at`: its harbors serve them when it is not surrounded by conquest
    /// (no settlement goes next to a conquered hex, `BARB.CONQUEST.NO_SETTLEMENT`), else the
    /// kept harbors unserved are read from the board again (kept exact).
    pub(crate) fn building_served(&mut self, player: PlayerId, at: VertexId) {
        let Some(unserved) = *self.barb.unserved else {
            return;
        };
        if self.surrounded_by_conquest(at) {
            *self.barb.unserved = Some(self.unserved_harbors_from_scratch());
        } else if unserved.get(player.index()).copied().unwrap_or(0) != 0 {
            let served = self.harbor_mask_at(at);
            if let Some(u) = self.barb.unserved.as_mut().and_then(|u| u.get_mut(player.index())) {
                *u &= !served;
            }
        }
    }

    /// The points each player's buildings surrounded by conquest would give, counted from the
    /// board (the kept count: with Cities & Knights a metropolis among them keeps its points,
    /// see [`Game::spared_metropolis_vp`]).
    pub(crate) fn surrounded_vp_from_scratch(&self) -> [u8; crate::ids::MAX_PLAYERS] {
        let mut lost = [0; crate::ids::MAX_PLAYERS];
        for (i, s) in self.sites.iter().enumerate() {
            if let Some(s) = s {
                if self.surrounded_by_conquest(VertexId(i as u16)) {
                    lost[s.owner.index()] += Game::building_vp(s.building);
                }
            }
        }
        lost
    }

    /// With Cities & Knights: the city points of `p`'s metropolises surrounded by conquest,
    /// which are not lost (rule `BARB.CK.METROPOLIS`).
    pub(crate) fn spared_metropolis_vp(&self, p: PlayerId) -> u8 {
        let mut spared = 0;
        for m in self.ck.metropolis.iter().flatten() {
            let owned = self.sites[m.index()].is_some_and(|s| s.owner == p && s.building == Building::City);
            if owned && self.surrounded_by_conquest(*m) {
                spared += Game::building_vp(Building::City);
            }
        }
        spared
    }

    /// The points each player's conquered buildings would give, counted from the board.
    pub(crate) fn lost_vp_from_scratch(&self) -> [u8; crate::ids::MAX_PLAYERS] {
        let mut lost = [0; crate::ids::MAX_PLAYERS];
        for (i, s) in self.sites.iter().enumerate() {
            if let Some(s) = s {
                if self.building_conquered(VertexId(i as u16)) {
                    lost[s.owner.index()] += Game::building_vp(s.building);
                }
            }
        }
        lost
    }

    /// No road on a path of a conquered hex (`BARB.CONQUEST.NO_ROAD`). A setup road is the
    /// settlement's own and is placed whatever a setup landing (option `barb-setup-landing
    /// yes`) conquered meanwhile: otherwise a settlement could be left without any road.
    pub(crate) fn barb_check_road_site(&self, at: crate::ids::EdgeId) -> Result<(), RuleError> {
        if matches!(self.step, crate::pending::Step::Setup { .. }) {
            return Ok(());
        }
        let on_conquered = self
            .board
            .topology
            .edge(at)
            .is_some_and(|e| e.hexes.iter().any(|h| self.hex_conquered(h)));
        if on_conquered {
            return Err(RuleError::Barb(super::errors::BarbRule::RoadOnConquered));
        }
        Ok(())
    }

    /// No settlement on an intersection of a conquered hex (`BARB.CONQUEST.NO_SETTLEMENT`).
    pub(crate) fn barb_check_building_site(&self, at: VertexId) -> Result<(), RuleError> {
        let on_conquered = self
            .board
            .topology
            .vertex(at)
            .is_some_and(|v| v.hexes.iter().any(|h| self.hex_conquered(h)));
        if on_conquered {
            return Err(RuleError::Barb(super::errors::BarbRule::SettlementOnConquered));
        }
        Ok(())
    }

    /// The harbors a player may use: those at their unconquered buildings (a conquered
    /// building's harbor cannot be used, `BARB.CONQUEST.BUILDING`).
    ///
    /// Read from the board's harbors: a harbor serves when one of its two intersections
    /// holds an unconquered building of the player (the union of those buildings' harbors,
    /// `Game::barb_harbor_mask_from_sites` (tests), without visiting every intersection).
    /// The harbors at the player's buildings are `mask` (the player's harbors, as the
    /// invariants recount them): only a harbor of a kind in `mask` not found serving yet is
    /// looked at, none once all of `mask` serves (the harbors test compares the answer with
    /// one read from every intersection in random games). With the kinds unserved kept
    /// ([`super::state::BarbState::unserved`]) and no metropolis of the player's that could be
    /// spared, the answer is `mask` without them, the harbors not visited.
    pub(crate) fn barb_harbor_mask(&self, player: PlayerId, mask: u8) -> u8 {
        // Nothing of theirs is surrounded by conquest: every harbor of theirs serves.
        if mask == 0 || self.barb.lost_vp.get(player.index()).copied().unwrap_or(0) == 0 {
            return mask;
        }
        // The kinds kept unserved, when no metropolis of theirs may be spared.
        if let Some(u) = *self.barb.unserved {
            let unserved = u.get(player.index()).copied().unwrap_or(0);
            if unserved & mask == 0 {
                return mask;
            }
            if !self.holds_metropolis(player) {
                return mask & !unserved;
            }
        }
        self.serving_harbors(player, mask)
    }

    /// With Cities & Knights, whether `player` holds a metropolis (which is never conquered,
    /// `BARB.CK.METROPOLIS`, so its harbor serves though it is surrounded).
    fn holds_metropolis(&self, player: PlayerId) -> bool {
        self.barb_ck()
            && self.ck.metropolis.iter().flatten().any(|m| {
                self.sites
                    .get(m.index())
                    .copied()
                    .flatten()
                    .is_some_and(|s| s.owner == player)
            })
    }

    /// The harbors of the kinds in `wanted` at unconquered buildings of `player`.
    fn serving_harbors(&self, player: PlayerId, wanted: u8) -> u8 {
        let mut m = 0;
        for h in &self.board.harbors {
            let bit = crate::state::harbor_bit(h.kind);
            if bit & wanted & !m == 0 {
                continue;
            }
            let Some(edge) = self.board.topology.edge(h.edge) else {
                continue;
            };
            for &v in &edge.vertices {
                let theirs = self
                    .sites
                    .get(v.index())
                    .copied()
                    .flatten()
                    .is_some_and(|s| s.owner == player);
                if theirs && !self.building_conquered(v) {
                    m |= bit;
                }
            }
            if m == wanted {
                break;
            }
        }
        m
    }

    /// [`Game::barb_harbor_mask`] read from every intersection: the harbors of the player's
    /// unconquered buildings.
    #[cfg(test)]
    pub(crate) fn barb_harbor_mask_from_sites(&self, player: PlayerId) -> u8 {
        let mut m = 0;
        for (i, s) in self.sites.iter().enumerate() {
            if s.is_some_and(|s| s.owner == player) {
                let v = VertexId(i as u16);
                if !self.building_conquered(v) {
                    m |= self.harbor_mask_at(v);
                }
            }
        }
        m
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::barb::actions::BarbOutcome;
    use crate::rules::barb::testkit::*;
    use crate::{Action, Outcome};

    /// In random games of both rulesets, the harbors a player may use, read from the board's
    /// harbors, are those read from every intersection (players with buildings surrounded by
    /// conquest and harbors among them included); the harbors kept unserved are those read
    /// from the board.
    #[test]
    fn the_harbors_read_from_the_harbors_equal_those_read_from_every_intersection() {
        let (mut conquered, mut served, mut unserved) = (0, 0, 0);
        for (ck, seed) in [(false, 1), (false, 2), (true, 3), (true, 4)] {
            let mut g = if ck { barb_ck_game(4) } else { barb_game(4) };
            let mut rp = crate::random::RandomPlayer::new(seed);
            for _ in 0..8000 {
                if g.winner().is_some() {
                    break;
                }
                let kept = *g.barb.unserved;
                assert_eq!(kept, Some(g.unserved_harbors_from_scratch()));
                unserved += usize::from(kept.is_some_and(|u| u != [0; crate::ids::MAX_PLAYERS]));
                for p in g.player_ids() {
                    if g.barb.lost_vp[p.index()] > 0 {
                        let m = g.barb_harbor_mask(p, g.players[p.index()].harbors);
                        assert_eq!(m, g.barb_harbor_mask_from_sites(p));
                        conquered += 1;
                        served += usize::from(m != 0);
                    }
                }
                let a = rp.choose(&g, Default::default()).unwrap();
                g.apply(a).unwrap();
            }
        }
        assert!(
            conquered > 100 && served > 10 && unserved > 10,
            "{conquered} {served} {unserved}"
        );
    }

    fn land(g: &mut crate::Game, total: u8) -> Vec<Event> {
        g.apply(Action::Chance(Outcome::Barb(BarbOutcome::LandingRoll { total })))
            .unwrap()
    }

    #[test]
    fn a_settlement_brings_three_landing_rolls_without_repeats() {
        let mut g = barb_main(4, 1);
        let p = g.current();
        g.queue_landing(p, &mut Vec::new());
        assert_eq!(g.phase().name(), "landing-barbarians");
        land(&mut g, 5);
        let e = g
            .check(&Action::Chance(Outcome::Barb(BarbOutcome::LandingRoll { total: 5 })))
            .unwrap_err();
        assert_eq!(e.code(), "CHANCE.IMPOSSIBLE_OUTCOME");
        let e = g
            .check(&Action::Chance(Outcome::Barb(BarbOutcome::LandingRoll { total: 7 })))
            .unwrap_err();
        assert_eq!(e.code(), "CHANCE.IMPOSSIBLE_OUTCOME");
        land(&mut g, 6);
        land(&mut g, 9);
        assert_eq!(g.phase().name(), "main");
        let h5 = g.coastal_hex_numbered(5).unwrap();
        assert_eq!(g.barbarians_on(h5), 1);
    }

    #[test]
    fn three_barbarians_conquer_a_hex_and_its_token_turns_face_down() {
        let mut g = barb_main(4, 1);
        let h = g.coastal_hex_numbered(4).unwrap();
        g.barb.barbarians[h.index()] = 2;
        g.barb.supply -= 2;
        let p = g.current();
        g.queue_landing(p, &mut Vec::new());
        let ev = land(&mut g, 4);
        assert!(ev.contains(&Event::Barb(BarbEvent::HexConquered { hex: h })));
        assert_eq!(g.token(h), None);
        assert!(g.hex_conquered(h));
        // A fourth never lands: the roll places nothing.
        land(&mut g, 3);
        g.barb.barbarians[h.index()] = 3;
        g.queue_landing(p, &mut Vec::new());
        let ev = land(&mut g, 4);
        assert!(ev.contains(&Event::Barb(BarbEvent::LandingMissed { total: 4, hex: Some(h) })));
        assert_eq!(g.barbarians_on(h), 3);
    }

    #[test]
    fn an_empty_supply_lands_nothing() {
        let mut g = barb_main(3, 2);
        let p = g.current();
        g.barb.supply = 0;
        g.queue_landing(p, &mut Vec::new());
        assert_eq!(g.phase().name(), "main");
    }

    #[test]
    fn landing_weights_are_two_dice_without_seven() {
        let total: u32 = (2..=12).map(landing_weight).sum();
        assert_eq!(total, 30);
        assert_eq!(landing_weight(7), 0);
    }
}
