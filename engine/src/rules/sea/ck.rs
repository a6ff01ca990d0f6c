//! Seafarers with Cities & Knights: the combination rules (source
//! `000_fee7e8147b67bbe6.txt` p. 12 "Combining with CATAN – Seafarers Expansion"; source
//! `004_bf8a3dbb68824bc0.txt` "Das Spiel mit der Seefahrt"; source `001_f137f77325d91eec.txt`
//! §17 for gold fields).
//!
//! | rule | where | rule id |
//! | --- | --- | --- |
//! | the map's victory target +2 (New Shores 15, Through the Desert 14); island markers stay | [`Game::sea_ck_target_bonus`] | `SEA.CK.VICTORY_TARGET` |
//! | what Cities & Knights says of roads holds for ships: knights block ships, Diplomacy removes an open ship (replaced by a ship only), Road Building builds ships | `ck/progress`, [`super::ships`] | `SEA.CK.SHIPS_ARE_ROADS`, `SEA.CK.DIPLOMACY` |
//! | knights move along roads and ships; only an active knight goes to an all-sea intersection (onto its own ship) | `ck/knights` (the reach), the hook `check_knight_site` | `SEA.CK.KNIGHT_ROUTES`, `SEA.CK.KNIGHT_ON_SEA` |
//! | a ship whose move would cut a knight off stays (option `knight-link`) | [`Game::ship_strands_knight`] | `SEA.CK.KNIGHT_LINK` |
//! | a foreign knight on a line breaks the trade route, and the owner may not move the ships next to it | `longest_road` (knights block), [`Game::ship_next_to_foreign_knight`] | `SEA.CK.FOREIGN_KNIGHT` |
//! | an active knight next to the pirate's hex chases it | [`Game::check_chase_pirate`] | `SEA.CK.CHASE_PIRATE` |
//! | the pirate is frozen until the first barbarian attack (option `pirate-before-attack`); Taxation and a chased robber move only the robber | [`super::pirate`] | `SEA.CK.PIRATE_FROZEN`, `SEA.CK.ROBBER_ONLY` |
//! | barbarians attack every island at once: every city and every active knight counts | `ck/barbarians` (unchanged) | `SEA.CK.BARBARIANS_ALL_ISLANDS` |
//! | gold fields pay resources only; the merchant never stands on gold | [`super::gold`], the hook `check_merchant_hex` | `SEA.CK.GOLD_RESOURCES_ONLY`, `SEA.CK.MERCHANT_NOT_ON_GOLD` |
//! | the aqueduct, progress draws, commodity shortage and metropolises as without sea (a gold field's payment counts as received for the aqueduct) | `ck/` (unchanged) | `SEA.CK.UNCHANGED` |
//!
//! This module must not change either expansion alone: every rule here applies only when
//! both are in the game (the hooks it uses are called only from the other expansion's code,
//! or test for it).

use super::errors::SeaRule;
use super::events::SeaEvent;
use super::options::KnightLink;
use super::pending::SeaPending;
use crate::board::Terrain;
use crate::error::RuleError;
use crate::event::Event;
use crate::ids::{EdgeId, HexId, PlayerId, VertexId};
use crate::pending::{Pending, PendingKind};
use crate::state::Game;

/// Victory points the combination adds to a Seafarers map's target (source
/// `000_fee7e8147b67bbe6.txt` p. 12 "Winning the Game").
pub const TARGET_BONUS: u8 = 2;

impl Game {
    /// Victory points the combination adds to the map's target: 2 with Cities & Knights.
    pub(crate) fn sea_ck_target_bonus(&self) -> u8 {
        if self.rules.ck() {
            TARGET_BONUS
        } else {
            0
        }
    }

    /// Whether intersection `v` touches no land hex (sea all around: a knight there stands on
    /// a ship).
    pub(crate) fn is_sea_vertex(&self, v: VertexId) -> bool {
        self.board.topology.vertex(v).is_some_and(|info| {
            info.hexes
                .iter()
                .all(|h| self.board.terrain.get(h.index()).is_none_or(|t| *t == Terrain::Sea))
        })
    }

    /// Checks chasing the pirate: an own knight, active since before this turn, on an
    /// intersection of the pirate's hex, once the pirate is active (rule `SEA.CK.CHASE_PIRATE`).
    pub(crate) fn check_chase_pirate(&self, player: PlayerId, knight: VertexId) -> Result<(), RuleError> {
        if !self.rules.ck() {
            return Err(RuleError::Unsupported {
                what: "chasing the pirate with a knight in a game without Cities & Knights",
            });
        }
        self.check_can_act(player, knight, "chase the pirate")?;
        if !self.robber_active() || self.sea.pirate.is_none() {
            return Err(RuleError::Sea(SeaRule::PirateFrozen));
        }
        let next_to = self
            .sea
            .pirate
            .and_then(|h| self.board.topology.hex(h))
            .is_some_and(|hex| hex.corners.contains(&knight));
        if !next_to {
            return Err(RuleError::Sea(SeaRule::KnightNotAtPirate));
        }
        Ok(())
    }

    /// The knight lies down; its owner moves the pirate (and robs at its new hex).
    pub(crate) fn do_chase_pirate(&mut self, player: PlayerId, knight: VertexId, events: &mut Vec<Event>) {
        if let Some(k) = self.ck.knights.get_mut(knight.index()).and_then(|k| k.as_mut()) {
            k.active = false;
        }
        events.push(Event::Sea(SeaEvent::PirateChased { player, knight }));
        self.queue_next(Pending {
            who: player,
            kind: PendingKind::Sea(SeaPending::ChasedPirate),
        });
    }

    /// The pirate chases `player` may make now (their active knights at the pirate's hex).
    pub(crate) fn push_pirate_chases(&self, player: PlayerId, out: &mut Vec<crate::Action>) {
        let Some(hex) = self.sea.pirate.and_then(|h| self.board.topology.hex(h)) else {
            return;
        };
        if !self.rules.ck() || !self.robber_active() {
            return;
        }
        for knight in hex.corners {
            let mine = self.ck.knights[knight.index()].is_some_and(|k| k.owner == player && k.active);
            if mine && self.check_chase_pirate(player, knight).is_ok() {
                out.push(crate::Action::Sea(super::actions::SeaAction::ChasePirate {
                    player,
                    knight,
                }));
            }
        }
    }

    /// Whether `player`'s knight on `v` is linked, leaving out the ship on `skip`: by `Route`
    /// an own road or ship touches it; by `Settlement` own roads and ships join it to an own
    /// settlement or city (not through an opponent's building or knight).
    fn knight_linked(&self, player: PlayerId, v: VertexId, skip: EdgeId, link: KnightLink) -> bool {
        let own_piece = |e: EdgeId| e != skip && self.route_piece_owner(e) == Some(player);
        if link == KnightLink::Route {
            return self
                .board
                .topology
                .vertex(v)
                .is_some_and(|info| info.edges.iter().any(own_piece));
        }
        let mut seen = super::moving::Visited::default();
        let mut stack = [VertexId(0); 128];
        let mut top = 1;
        stack[0] = v;
        seen.insert(v.index());
        while top > 0 {
            top -= 1;
            let at = stack[top];
            match self.sites[at.index()] {
                Some(s) if s.owner == player => return true,
                Some(_) if at != v => continue,
                _ => {}
            }
            if at != v && self.ck.knights[at.index()].is_some_and(|k| k.owner != player) {
                continue;
            }
            let Some(info) = self.board.topology.vertex(at) else {
                continue;
            };
            for (e, w) in info.edges.iter().zip(info.neighbours.iter()) {
                if own_piece(e) && seen.insert(w.index()) && top < stack.len() {
                    stack[top] = w;
                    top += 1;
                }
            }
        }
        false
    }

    /// Whether moving `player`'s ship on `from` would cut one of their knights off (rule
    /// `SEA.CK.KNIGHT_LINK`; source `000_fee7e8147b67bbe6.txt` p. 12 "Move a Ship": a knight
    /// stays connected to a route of its colour; source `004_bf8a3dbb68824bc0.txt`: a knight at
    /// the end of a ship line closes it, its link to a settlement is never broken — which
    /// keeps its route too). Only links the knight had are considered.
    pub(crate) fn ship_strands_knight(&self, player: PlayerId, from: EdgeId) -> bool {
        if !self.rules.ck() || self.knights_on_board(player) == 0 {
            return false;
        }
        let breaks = |v: VertexId, link: KnightLink| {
            self.ck.knights[v.index()].is_some_and(|k| k.owner == player)
                && self.knight_linked(player, v, EdgeId(u16::MAX), link)
                && !self.knight_linked(player, v, from, link)
        };
        // Only a knight at one of the ship's ends can lose its last road or ship; under
        // `settlement`, which implies `route` (D9), any knight may lose its settlement.
        let ends = self.board.topology.edges()[from.index()].vertices;
        ends.into_iter().any(|v| breaks(v, KnightLink::Route))
            || (self.rules.sea.knight_link == KnightLink::Settlement
                && (0..self.ck.knights.len()).any(|i| breaks(VertexId(i as u16), KnightLink::Settlement)))
    }

    /// How many of `player`'s knights stand on the board.
    fn knights_on_board(&self, player: PlayerId) -> u8 {
        let left: u8 = self.players[player.index()].ck.knights_left.iter().sum();
        (3 * crate::state::KNIGHTS_PER_LEVEL).saturating_sub(left)
    }

    /// Whether the ship on `from` touches an opponent's knight standing on the owner's line
    /// (another of the owner's ships meets it there): the owner may not dissolve the line by
    /// moving it (rule `SEA.CK.FOREIGN_KNIGHT`, source `004_bf8a3dbb68824bc0.txt`).
    pub(crate) fn ship_next_to_foreign_knight(&self, player: PlayerId, from: EdgeId) -> bool {
        if !self.rules.ck() {
            return false;
        }
        self.board.topology.edges()[from.index()].vertices.iter().any(|&v| {
            self.ck.knights[v.index()].is_some_and(|k| k.owner != player)
                && self.other_ships_at(player, v, from).next().is_some()
        })
    }

    /// Removes a ship (Diplomacy): back to its owner's supply.
    pub(crate) fn remove_ship(&mut self, at: EdgeId, events: &mut Vec<Event>) -> Option<PlayerId> {
        let owner = self.sea.ship(at)?;
        self.sea.ships[at.index()] = None;
        self.forget_route_graph(owner);
        self.sea.fresh[at.index()] = false;
        self.ship_sites_after_ship_removed(owner, at);
        let sp = &mut self.sea.players[owner.index()];
        sp.ships.retain(|&e| e != at);
        sp.ships_left += 1;
        events.push(Event::Sea(SeaEvent::ShipRemoved { player: owner, at }));
        self.refresh_movable(owner);
        Some(owner)
    }

    /// The seats a gold field pays on a roll of `total` (for the aqueduct: they received
    /// something). Only the hexes carrying `total` are visited (the kept
    /// [`crate::rules::NumberedHexes`], checked by the invariants against the tokens).
    pub(crate) fn gold_receivers(&self, total: u8) -> u8 {
        let mut seats = 0u8;
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
                    seats |= 1 << site.owner.0;
                }
            }
        }
        seats
    }

    /// The first barbarian attack brings the pirate in when it waited off the board (option
    /// `pirate-before-attack off-board`): on the map's pirate start.
    pub(crate) fn pirate_enters(&mut self, events: &mut Vec<Event>) {
        if self.sea.pirate.is_some() {
            return;
        }
        if let Some(at) = self.board.pirate_start {
            self.sea.pirate = Some(at);
            events.push(Event::Sea(SeaEvent::PirateEntered { at }));
        }
    }

    /// A declared position with Cities & Knights: under `pirate-before-attack off-board` the
    /// pirate is off the board before the first attack (a checked position naming it is
    /// refused) and on the map's start after it when the position does not name its hex.
    pub(crate) fn declare_pirate_with_knights(
        &mut self,
        s: &crate::position::Setup,
    ) -> Result<(), crate::position::PositionError> {
        if !self.rules.ck() || self.rules.sea.pirate_before_attack != super::options::PirateBeforeAttack::OffBoard {
            return Ok(());
        }
        if s.ck.barbarian_attacks == 0 {
            if s.checked && s.sea.pirate.is_some() {
                return Err(crate::position::err(
                    crate::position::Subject::Pirate,
                    "before the first barbarian attack the pirate waits off the board".into(),
                ));
            }
            self.sea.pirate = None;
        } else if self.sea.pirate.is_none() {
            self.sea.pirate = self.board.pirate_start;
        }
        Ok(())
    }

    /// The merchant never stands on a gold field (rule `SEA.CK.MERCHANT_NOT_ON_GOLD`).
    pub(crate) fn check_merchant_not_on_gold(&self, hex: HexId) -> Result<(), RuleError> {
        if self.board.terrain.get(hex.index()) == Some(&Terrain::Gold) {
            return Err(RuleError::Sea(SeaRule::MerchantOnGold));
        }
        Ok(())
    }

    /// Knights changed: every player's movable ships are recomputed (a knight at a line's
    /// end, or an opponent's knight on it, fixes ships).
    pub(crate) fn knights_changed_ships(&mut self) {
        // Every seat's bits are recomputed: those of the ships knights fix are known again.
        *self.sea.knight_fixed = Some([0; crate::ids::MAX_PLAYERS]);
        for p in 0..self.players.len() {
            self.refresh_movable(PlayerId(p as u8));
        }
    }

    /// Knights changed at `changed` (empty: anywhere): the movable ships of the players whose
    /// ships touch those intersections are given the knights' say again where they touch them
    /// ([`Game::movable_after_knights_at`]; recomputed under `knight-link settlement`, and when
    /// the place is not known, every player's: a knight's link may run far).
    pub(crate) fn knights_changed_at(&mut self, changed: &[VertexId]) {
        if changed.is_empty() || self.rules.sea.knight_link == KnightLink::Settlement || self.sea.knight_fixed.is_none()
        {
            self.knights_changed_ships();
            return;
        }
        // The seats with a ship touching those intersections, found once for all seats.
        let touching = changed.iter().fold(0u32, |m, &v| {
            self.board.topology.vertex(v).map_or(m, |info| {
                info.edges.iter().fold(m, |m, e| {
                    m | self
                        .sea
                        .ship(e)
                        .map_or(0, |o| 1u32.checked_shl(o.0.into()).unwrap_or(0))
                })
            })
        });
        for p in 0..self.players.len() {
            let player = PlayerId(p as u8);
            let touches = touching >> p & 1 != 0;
            if touches && !self.movable_after_knights_at(player, changed) {
                self.refresh_movable(player);
            }
        }
    }

    /// After `player` built a road on `at`: their movable ships change when one of their
    /// knights stands at its ends (it may now hold the knight instead of a ship).
    pub(crate) fn road_links_knight(&self, player: PlayerId, at: EdgeId) -> bool {
        self.rules.ck()
            && self.knights_on_board(player) > 0
            && (self.rules.sea.knight_link == KnightLink::Settlement
                || self.board.topology.edges()[at.index()]
                    .vertices
                    .iter()
                    .any(|v| self.ck.knights[v.index()].is_some_and(|k| k.owner == player)))
    }
}

#[cfg(test)]
mod tests {
    use super::super::testkit::*;
    use crate::board::Terrain;
    use crate::cards::{cost, CardKind, Cards};
    use crate::error::RuleError;
    use crate::ids::{Colour, EdgeId, HexId, PlayerId, VertexId};
    use crate::progress::ProgressCard;
    use crate::rules::sea::errors::SeaRule;
    use crate::ruleset::{Expansion, ExpansionSet, Profile, Ruleset};
    use crate::state::{Game, Knight, Phase};
    use crate::{Action, Board, CkAction, SeaAction, SeaMap};
    use std::sync::Arc;

    fn rules() -> Ruleset {
        Ruleset::with(ExpansionSet::of(&[Expansion::CitiesAndKnights, Expansion::Seafarers]))
    }

    fn game_with(rules: Ruleset, map: SeaMap) -> Game {
        let board = Board::seafarers(map, 4, 1).unwrap();
        Game::new(rules, Arc::new(board), &Colour::ALL[..4], PlayerId(0)).unwrap()
    }

    /// Red's coastal settlement with a road, then a line of ships out to an intersection
    /// with sea all around: (game, settlement, ships in order from it, the all-sea end).
    fn line_game(rules: Ruleset) -> (Game, VertexId, Vec<EdgeId>, VertexId) {
        let mut g = game_with(rules, SeaMap::NewShores);
        let me = PlayerId(0);
        let (v, road, _) = coastal_pair(&g);
        place_settlement(&mut g, me, v);
        place_road(&mut g, me, road);
        // Breadth-first along sea paths from v to the nearest all-sea intersection.
        let topo = g.board.topology.clone();
        let mut prev: Vec<Option<(VertexId, EdgeId)>> = vec![None; topo.vertices().len()];
        let mut queue = std::collections::VecDeque::from([v]);
        let mut end = None;
        while let Some(x) = queue.pop_front() {
            if x != v && g.is_sea_vertex(x) {
                end = Some(x);
                break;
            }
            for (e, w) in topo.vertices()[x.index()]
                .edges
                .iter()
                .zip(topo.vertices()[x.index()].neighbours.iter())
            {
                if w != v && prev[w.index()].is_none() && g.is_sea_path(e) && g.roads[e.index()].is_none() {
                    prev[w.index()] = Some((x, e));
                    queue.push_back(w);
                }
            }
        }
        let end = end.expect("an all-sea intersection near the coast");
        let mut ships = Vec::new();
        let mut at = end;
        while let Some((x, e)) = prev[at.index()] {
            ships.push(e);
            at = x;
        }
        ships.reverse();
        for &e in &ships {
            place_ship(&mut g, me, e);
        }
        g.step = crate::pending::Step::Main;
        g.turn = 1;
        (g, v, ships, end)
    }

    fn knight(g: &mut Game, who: PlayerId, at: VertexId, active: bool) {
        g.ck.put_knight(
            at,
            Some(Knight {
                owner: who,
                level: 1,
                active,
                fresh: false,
                promoted: false,
            }),
        );
        g.players[who.index()].ck.knights_left[0] -= 1;
        g.knights_changed_ships();
    }

    /// The last ship of a line of at least two, and its end shared with the ship before it.
    fn last_ship_and_inner_end(g: &Game, ships: &[EdgeId]) -> (EdgeId, VertexId) {
        let last = ships[ships.len() - 1];
        let [a, b] = g.board.topology.edges()[last.index()].vertices;
        let before = g.board.topology.edges()[ships[ships.len() - 2].index()].vertices;
        (last, if before.contains(&a) { a } else { b })
    }

    fn other_end(g: &Game, e: EdgeId, not: VertexId) -> VertexId {
        let [a, b] = g.board.topology.edges()[e.index()].vertices;
        if a == not {
            b
        } else {
            a
        }
    }

    fn code(g: &Game, a: Action) -> &'static str {
        g.check(&a).unwrap_err().code()
    }

    #[test]
    fn the_map_target_rises_by_two_with_cities_and_knights() {
        assert_eq!(game_with(rules(), SeaMap::NewShores).rules.base.victory_target, 15);
        assert_eq!(
            game_with(rules(), SeaMap::ThroughTheDesert).rules.base.victory_target,
            14
        );
        let sea = Ruleset::with(ExpansionSet::of(&[Expansion::Seafarers]));
        assert_eq!(game_with(sea, SeaMap::NewShores).rules.base.victory_target, 13);
        assert!(rules().validate().is_ok());
    }

    #[test]
    fn a_knight_is_recruited_next_to_a_ship_but_never_lying_on_the_open_sea() {
        let (mut g, _, ships, end) = line_game(rules());
        let me = PlayerId(0);
        give(&mut g, me, cost::KNIGHT);
        let recruit = |at| Action::Ck(CkAction::RecruitKnight { player: me, at });
        assert_eq!(code(&g, recruit(end)), "SEA.CK.KNIGHT_ON_SEA");
        // The first ship's far end touches the ship: a knight may stand there unless it is
        // all sea too.
        let mid = other_end(&g, ships[0], coastal_pair(&g).0);
        if g.is_sea_vertex(mid) {
            assert_eq!(code(&g, recruit(mid)), "SEA.CK.KNIGHT_ON_SEA");
        } else {
            assert!(g.check(&recruit(mid)).is_ok());
        }
    }

    #[test]
    fn an_active_knight_sails_along_roads_and_ships_onto_the_open_sea() {
        let (mut g, v, _ships, end) = line_game(rules());
        let me = PlayerId(0);
        // A knight at the road's far end moves over the settlement and the ships.
        let road = g.players[0].roads[0];
        let start = other_end(&g, road, v);
        knight(&mut g, me, start, true);
        let to_sea = Action::Ck(CkAction::MoveKnight {
            player: me,
            from: start,
            to: end,
        });
        g.apply(to_sea).unwrap();
        assert_eq!(g.knight(end).map(|k| (k.owner, k.active)), Some((me, false)));
        // Lying down now, it could not be put back there by a relocation or a recruit.
        assert!(g.check_knight_site_ext(end, false).is_err());
        assert!(g.check_knight_site_ext(end, true).is_ok());
    }

    #[test]
    fn a_knight_at_the_end_of_a_ship_line_keeps_the_last_ship_in_place() {
        let (mut g, _v, ships, end) = line_game(rules());
        let me = PlayerId(0);
        let last = *ships.last().unwrap();
        assert!(g.check_ship_movable(me, last).is_ok());
        knight(&mut g, me, end, true);
        assert_eq!(
            g.check_ship_movable(me, last).unwrap_err(),
            RuleError::Sea(SeaRule::KnightLink)
        );
        // Without Cities & Knights' knights the ship sails (the same line alone).
        g.ck.put_knight(end, None);
        g.knights_changed_ships();
        assert!(g.check_ship_movable(me, last).is_ok());
    }

    /// New Shores (seed 1): red's city on H.n, ships H.n – (4,2).nw – C.sw, red's knight on
    /// C.sw; red's road C.sw-s ends at blue's settlement on C.s (it links the knight to no
    /// building of red's).
    fn dead_road_game(link: &str) -> (Game, EdgeId) {
        use crate::board::Corner::*;
        use crate::testkit::{edge, vertex};
        let mut r = rules();
        r.set_option("knight-link", link).unwrap();
        let mut g = game_with(r, SeaMap::NewShores);
        let (me, blue) = (PlayerId(0), PlayerId(1));
        let (hn, csw) = (vertex(&g, "H", N), vertex(&g, "C", SW));
        let topo = g.board.topology.clone();
        let sea = topo.vertices()[hn.index()]
            .neighbours
            .iter()
            .find(|&w| topo.vertices()[w.index()].neighbours.iter().any(|x| x == csw))
            .unwrap();
        place_settlement(&mut g, me, hn);
        let (cs, road) = (vertex(&g, "C", S), edge(&g, "C", SW, S));
        place_settlement(&mut g, blue, cs);
        place_road(&mut g, me, road);
        let last = topo.edge_between(sea, csw).unwrap();
        place_ship(&mut g, me, topo.edge_between(hn, sea).unwrap());
        place_ship(&mut g, me, last);
        knight(&mut g, me, csw, true);
        g.step = crate::pending::Step::Main;
        g.turn = 1;
        (g, last)
    }

    #[test]
    fn a_knight_whose_road_leads_nowhere_keeps_its_ship_only_under_the_settlement_reading() {
        let (g, last) = dead_road_game("route");
        assert!(g.check_ship_movable(PlayerId(0), last).is_ok());
        let (g, last) = dead_road_game("settlement");
        assert_eq!(
            g.check_ship_movable(PlayerId(0), last).unwrap_err(),
            RuleError::Sea(SeaRule::KnightLink)
        );
    }

    #[test]
    fn the_settlement_reading_keeps_a_knights_last_route_too() {
        for link in ["route", "settlement"] {
            let mut r = rules();
            r.set_option("knight-link", link).unwrap();
            let (mut g, _v, ships, end) = line_game(r);
            let last = *ships.last().unwrap();
            // Blue's settlement on the line already cut the knight off red's city.
            let inner = other_end(&g, last, end);
            g.sites[inner.index()] = Some(crate::state::Site {
                owner: PlayerId(1),
                building: crate::state::Building::Settlement,
            });
            knight(&mut g, PlayerId(0), end, true);
            assert_eq!(
                g.check_ship_movable(PlayerId(0), last).unwrap_err(),
                RuleError::Sea(SeaRule::KnightLink),
                "{link}"
            );
        }
    }

    #[test]
    fn an_opponents_knight_on_the_line_fixes_the_ships_next_to_it() {
        let (mut g, _v, ships, _end) = line_game(rules());
        if ships.len() < 2 {
            return;
        }
        let me = PlayerId(0);
        let blue = PlayerId(1);
        let (last, inner) = last_ship_and_inner_end(&g, &ships);
        assert!(g.check_ship_movable(me, last).is_ok());
        knight(&mut g, blue, inner, true);
        assert_eq!(
            g.check_ship_movable(me, last).unwrap_err(),
            RuleError::Sea(SeaRule::ForeignKnight)
        );
        // It blocks red's ships too: no new ship continues the line through it.
        let beyond = next_sea_paths(&g, ships[ships.len() - 2], other_end(&g, ships[ships.len() - 2], inner));
        give(&mut g, me, super::super::ships::SHIP_COST);
        for e in beyond.into_iter().filter(|&e| e != last && g.sea.ship(e).is_none()) {
            let [x, y] = g.board.topology.edges()[e.index()].vertices;
            if x == inner || y == inner {
                assert!(g.check(&ship(me, e)).is_err());
            }
        }
    }

    /// A knight placed or taken off at one intersection refreshes the kept ship sites there
    /// only when the reach there changes (`refresh_ship_sites_after_knight_at`): blue's
    /// knight inside red's line takes the intersection from red's reach and its paths from
    /// red's sites, and taking it off gives them back; a knight of red's own changes no
    /// reach. After each change the kept sites equal those found from the pieces.
    #[test]
    fn a_knight_on_a_ship_line_changes_the_kept_ship_sites_only_where_the_reach_changes() {
        let (mut g, _v, ships, _end) = line_game(rules());
        if ships.len() < 2 {
            return;
        }
        let (me, blue) = (PlayerId(0), PlayerId(1));
        let (_, inner) = last_ship_and_inner_end(&g, &ships);
        let fresh = |g: &Game| super::super::ships::KeptShipSites::of(g).tables().cloned();
        let reach = |g: &Game| g.sea.ship_sites.reach(inner).unwrap_or(0);
        assert_eq!(reach(&g) & 1 << me.0, 1 << me.0);
        for (who, reached) in [(Some(blue), false), (None, true), (Some(me), true), (None, true)] {
            let k = who.map(|owner| Knight {
                owner,
                level: 1,
                active: true,
                fresh: false,
                promoted: false,
            });
            g.ck.put_knight(inner, k);
            g.after_knights_changed_ext(&[inner]);
            assert_eq!(g.sea.ship_sites.tables().cloned(), fresh(&g), "knight of {who:?}");
            assert_eq!(reach(&g) & 1 << me.0 != 0, reached, "knight of {who:?}");
        }
    }

    #[test]
    fn the_pirate_waits_off_the_board_until_the_first_attack() {
        let g = game_with(rules(), SeaMap::NewShores);
        assert_eq!(g.pirate(), None);
        let mut german = rules();
        german.set_profile(Profile::German3d);
        let mut g3 = game_with(german, SeaMap::NewShores);
        let start = g3.board.pirate_start.unwrap();
        assert_eq!(g3.pirate(), Some(start));
        // Frozen: not even a 7's robber step could move it.
        g3.pending.push_back(crate::pending::Pending::base(
            PlayerId(0),
            crate::pending::BasePending::MoveRobber,
        ));
        let other = (0..g3.board.terrain.len())
            .map(|h| HexId(h as u16))
            .find(|&h| g3.board.terrain[h.index()] == Terrain::Sea && h != start)
            .unwrap();
        let pirate = Action::Sea(SeaAction::MovePirate {
            player: PlayerId(0),
            to: other,
        });
        assert_eq!(code(&g3, pirate), "SEA.CK.PIRATE_FROZEN");
        g3.ck.attacks = 1;
        assert!(g3.check(&pirate).is_ok());
        // Off the board it enters at the first attack on the map's start.
        let mut g = g;
        let mut events = Vec::new();
        g.pirate_enters(&mut events);
        assert_eq!(g.pirate(), g.board.pirate_start);
        assert_eq!(events.len(), 1);
    }

    #[test]
    fn an_active_knight_next_to_the_pirate_chases_it() {
        let (mut g, _v, ships, end) = line_game(rules());
        let me = PlayerId(0);
        g.ck.attacks = 1;
        let pirate_hex = g.board.topology.vertices()[end.index()].hexes.iter().next().unwrap();
        g.sea.pirate = Some(pirate_hex);
        knight(&mut g, me, end, true);
        let chase = |knight| Action::Sea(SeaAction::ChasePirate { player: me, knight });
        // A knight away from the pirate's hex may not.
        let far = other_end(&g, g.players[0].roads[0], coastal_pair(&g).0);
        if g.sites[far.index()].is_none() && !g.board.topology.hex(pirate_hex).unwrap().corners.contains(&far) {
            knight(&mut g, me, far, true);
            assert_eq!(code(&g, chase(far)), "SEA.CK.CHASE_PIRATE");
        }
        let mut legal = Vec::new();
        g.legal_actions(&mut legal);
        assert!(legal.contains(&chase(end)));
        g.apply(chase(end)).unwrap();
        assert!(!g.knight(end).unwrap().active);
        assert_eq!(
            g.phase(),
            Phase::Sea(super::super::pending::SeaPhase::MovingPirate { player: me })
        );
        g.legal_actions(&mut legal);
        assert!(!legal.is_empty());
        assert!(legal
            .iter()
            .all(|a| matches!(a, Action::Sea(SeaAction::MovePirate { .. }))));
        let _ = ships;
    }

    #[test]
    fn the_pirate_cannot_be_chased_before_the_first_attack() {
        let (mut g, _v, _ships, end) = line_game(rules());
        let me = PlayerId(0);
        knight(&mut g, me, end, true);
        let chase = Action::Sea(SeaAction::ChasePirate {
            player: me,
            knight: end,
        });
        assert_eq!(code(&g, chase), "SEA.CK.PIRATE_FROZEN");
    }

    #[test]
    fn a_chased_robber_moves_without_the_pirate_alternative() {
        let (mut g, v, _ships, _end) = line_game(rules());
        let me = PlayerId(0);
        g.ck.attacks = 1;
        g.sea.pirate = g.board.pirate_start;
        let road = g.players[0].roads[0];
        let k = other_end(&g, road, v);
        knight(&mut g, me, k, true);
        let hex = g.board.topology.vertices()[k.index()]
            .hexes
            .iter()
            .find(|h| g.board.terrain[h.index()].is_land())
            .unwrap();
        g.robber = Some(hex);
        g.apply(Action::Ck(CkAction::ChaseRobber { player: me, knight: k }))
            .unwrap();
        assert_eq!(g.phase(), Phase::MovingRobber);
        let mut legal = Vec::new();
        g.legal_actions(&mut legal);
        assert!(legal.iter().any(|a| matches!(a, Action::MoveRobber { .. })));
        assert!(!legal
            .iter()
            .any(|a| matches!(a, Action::Sea(SeaAction::MovePirate { .. }))));
    }

    #[test]
    fn gold_pays_resources_only_and_the_merchant_stays_off_gold() {
        let (mut g, _, _, _) = line_game(rules());
        let me = PlayerId(0);
        g.pending.push_back(crate::pending::Pending {
            who: me,
            kind: crate::pending::PendingKind::Sea(super::super::pending::SeaPending::Gold { count: 2 }),
        });
        let take = |c: Cards| Action::Sea(SeaAction::ChooseGold { player: me, take: c });
        let cloth = Cards::of(&[(CardKind::Cloth, 1), (CardKind::Ore, 1)]);
        assert_eq!(code(&g, take(cloth)), "SEA.CK.GOLD_RESOURCES_ONLY");
        assert!(g.check(&take(Cards::of(&[(CardKind::Ore, 2)]))).is_ok());
        let gold = (0..g.board.terrain.len())
            .map(|h| HexId(h as u16))
            .find(|&h| g.board.terrain[h.index()] == Terrain::Gold)
            .unwrap();
        assert_eq!(
            g.check_merchant_not_on_gold(gold).unwrap_err().code(),
            "SEA.CK.MERCHANT_NOT_ON_GOLD"
        );
        let land = (0..g.board.terrain.len())
            .map(|h| HexId(h as u16))
            .find(|&h| g.board.terrain[h.index()].resource().is_some())
            .unwrap();
        assert!(g.check_merchant_not_on_gold(land).is_ok());
    }

    #[test]
    fn diplomacy_removes_an_open_ship_and_only_a_ship_replaces_it() {
        let (mut g, _v, ships, _end) = line_game(rules());
        let me = PlayerId(0);
        let last = *ships.last().unwrap();
        assert!(g.road_is_open(last));
        if ships.len() > 1 {
            assert!(!g.road_is_open(ships[0]));
        }
        g.players[0].ck.progress.add(ProgressCard::Diplomacy, 1);
        let play = Action::Ck(CkAction::PlayProgress {
            player: me,
            play: crate::progress::ProgressPlay::Diplomacy { road: last },
        });
        g.apply(play).unwrap();
        assert_eq!(g.ship(last), None);
        assert_eq!(g.sea.players[0].ships_left, 15 - ships.len() as u8 + 1);
        // A road may not replace it; a ship may, elsewhere than where it stood.
        let road = first_free_road(&g, me);
        assert_eq!(code(&g, Action::BuildRoad { player: me, at: road }), "SEA.CK.DIPLOMACY");
        assert_eq!(g.check(&ship(me, last)).unwrap_err(), RuleError::Occupied);
        let mut legal = Vec::new();
        g.legal_actions(&mut legal);
        let a = *legal
            .iter()
            .find(|a| matches!(a, Action::Sea(SeaAction::BuildShip { .. })))
            .expect("a free ship");
        assert!(!legal.iter().any(|a| matches!(a, Action::BuildRoad { .. })));
        g.apply(a).unwrap();
        assert_eq!(g.phase(), Phase::Main);
    }

    fn first_free_road(g: &Game, me: PlayerId) -> EdgeId {
        let v = coastal_pair(g).0;
        g.board.topology.vertices()[v.index()]
            .edges
            .iter()
            .find(|&e| inland(g, e) && g.roads[e.index()].is_none())
            .unwrap_or_else(|| {
                let _ = me;
                EdgeId(0)
            })
    }

    #[test]
    fn road_building_may_build_ships() {
        let (mut g, _v, _ships, _end) = line_game(rules());
        let me = PlayerId(0);
        g.players[0].roads_left = 0;
        assert!(g.check_progress_road_building(me).is_ok());
        g.sea.players[0].ships_left = 0;
        assert_eq!(
            g.check_progress_road_building(me).unwrap_err().code(),
            "CK.CARD.ROAD_BUILDING"
        );
    }
}
