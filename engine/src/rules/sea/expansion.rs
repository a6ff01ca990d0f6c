//! Seafarers at the base rules' extension points (see [`crate::rules::extensions`]).

use super::errors::SeaRule;
use super::pending::SeaPending;
use super::state::{SeaPlayer, SeaState};
use super::Seafarers;
use crate::action::Action;
use crate::board::Terrain;
use crate::error::RuleError;
use crate::event::Event;
use crate::ids::{EdgeId, PlayerId, VertexId};
use crate::invariants::InvariantViolation;
use crate::pending::PendingKind;
use crate::position::{PositionError, Setup};
use crate::rules::extensions::ExpansionRules;
use crate::ruleset::Expansion;
use crate::state::{Game, PlayerState};

impl ExpansionRules for Seafarers {
    const EXPANSION: Expansion = Expansion::Seafarers;
    const ACTION_ELSEWHERE: &'static str = "ships, the pirate and gold fields in a game without Seafarers";

    /// Components: 15 ships each, the pirate on the map's start hex (with Cities & Knights
    /// under `pirate-before-attack off-board`: off the board until the first attack); the
    /// map's victory target (New Shores 13, Through the Desert 12; with Cities & Knights 2
    /// more, rule `SEA.CK.VICTORY_TARGET`) unless an option set another.
    fn start(g: &mut Game) -> Result<(), RuleError> {
        let e = g.board.topology.edge_count();
        let off_board =
            g.rules.ck() && g.rules.sea.pirate_before_attack == super::options::PirateBeforeAttack::OffBoard;
        g.sea = SeaState {
            ships: vec![None; e],
            fresh: vec![false; e],
            pirate: if off_board { None } else { g.board.pirate_start },
            moved: false,
            players: (0..g.players.len()).map(|_| SeaPlayer::default()).collect(),
            movable: [0; crate::ids::MAX_PLAYERS],
            knight_fixed: crate::kept::Kept(Some([0; crate::ids::MAX_PLAYERS])),
            sea_paths: Default::default(),
            ship_sites: super::ships::KeptShipSites::empty(e, g.board.topology.vertex_count()),
            sea_hexes: Default::default(),
            no_fresh: super::state::NoFreshShips::KNOWN,
        };
        g.sea.sea_paths = super::state::SeaPaths::of(g);
        g.sea.sea_hexes = crate::kept::KeptHexes::sea(g);
        if let Some(target) = g.board.victory_target {
            let default = crate::Ruleset::with(g.rules.expansions).base.victory_target;
            if g.rules.base.victory_target == default {
                g.rules.base.victory_target = target + g.sea_ck_target_bonus();
            }
        }
        Ok(())
    }

    /// Both setup settlements on the main island (area 1) on a map with areas.
    fn check_setup_site(g: &Game, at: VertexId) -> Result<(), RuleError> {
        if g.board.areas.is_empty() {
            return Ok(());
        }
        let home = g
            .board
            .topology
            .vertex(at)
            .is_some_and(|info| info.hexes.iter().any(|h| g.board.area(h) == 1));
        if home {
            Ok(())
        } else {
            Err(RuleError::Sea(SeaRule::SetupMainIsland))
        }
    }

    /// With Cities & Knights: only an active knight goes where sea lies all around (rule
    /// `SEA.CK.KNIGHT_ON_SEA`; reached along the owner's ships, one of them touches it).
    fn check_knight_site(g: &Game, at: VertexId, active: bool) -> Result<(), RuleError> {
        if !active && g.is_sea_vertex(at) {
            return Err(RuleError::Sea(SeaRule::KnightOnSea));
        }
        Ok(())
    }

    /// With Cities & Knights, on a map without a desert (New Shores for 3 players): the robber
    /// enters at the first attack on the map's robber start, as the scenario places it.
    fn robber_entry_without_desert(g: &Game) -> Option<crate::ids::HexId> {
        g.board.robber_start
    }

    fn robber_enters_without_desert(g: &Game) -> bool {
        g.board.robber_start.is_some()
    }

    /// Knights block other players' lines: the ship sites at the intersections changed (all
    /// of them when the place is not known), and the movable ships.
    fn after_knights_changed(g: &mut Game, changed: &[VertexId]) {
        if changed.is_empty() {
            g.rebuild_ship_sites();
        }
        for &v in changed {
            g.refresh_ship_sites_after_knight_at(v);
        }
        g.knights_changed_at(changed);
    }

    fn check_merchant_hex(g: &Game, hex: crate::ids::HexId) -> Result<(), RuleError> {
        g.check_merchant_not_on_gold(hex)
    }

    /// A road removed (Diplomacy) frees its path for a ship; what reaches an intersection
    /// for a ship (buildings, knights, ships) is unchanged. Only its owner's movable ships
    /// may change: a ship's move depends on its owner's own roads, ships and buildings and
    /// on the knights at its ends (rules `SEA.CK.FOREIGN_KNIGHT`, `SEA.CK.KNIGHT_LINK`: a
    /// knight is linked by its owner's roads and ships), so the road may have been what
    /// linked one of the owner's knights, or (under `ship-leaves-building refused`) a
    /// building, beside a ship.
    fn after_road_removed(g: &mut Game, owner: PlayerId, at: EdgeId) {
        g.refresh_ship_site(at);
        g.refresh_movable(owner);
    }

    fn remove_path_piece(g: &mut Game, at: EdgeId, events: &mut Vec<Event>) -> Option<PlayerId> {
        g.remove_ship(at, events)
    }

    fn production_receivers(g: &Game, total: u8) -> u8 {
        g.gold_receivers(total)
    }

    fn robber_activated(g: &mut Game, events: &mut Vec<Event>) {
        g.pirate_enters(events);
    }

    fn path_owner(g: &Game, at: EdgeId) -> Option<PlayerId> {
        g.sea.ship(at)
    }

    fn touches_route(g: &Game, player: PlayerId, v: VertexId) -> bool {
        g.board
            .topology
            .vertex(v)
            .is_some_and(|info| info.edges.iter().any(|e| g.sea.ship(e) == Some(player)))
    }

    fn route_ships(g: &Game, player: PlayerId) -> &[EdgeId] {
        g.sea.players.get(player.index()).map_or(&[], |sp| sp.ships.as_slice())
    }

    /// With Cities & Knights a settlement also cuts other players' knights off their
    /// buildings (`knight-link settlement`): every player's movable ships are recomputed.
    /// Otherwise only the builder's can change, and only when one of their ships ends at the
    /// settlement: a ship's move reads the owner's buildings only where their ships end (the
    /// lines' shapes, [`Game::movable_ships`]; under `ship-leaves-building refused` a
    /// building's only link) and the knights and pieces at its own two ends (rules
    /// `SEA.MOVE.CLOSED_LINE`, `SEA.CK.FOREIGN_KNIGHT`, `SEA.CK.KNIGHT_LINK`).
    fn after_settlement(g: &mut Game, player: PlayerId, at: VertexId, events: &mut Vec<Event>) {
        g.refresh_ship_sites_at(at);
        g.settle_island(player, at, events);
        if g.rules.ck() && g.rules.sea.knight_link == super::options::KnightLink::Settlement {
            g.knights_changed_ships();
        } else if g.ship_ends_at(player, at) {
            g.refresh_movable(player);
        }
    }

    /// A setup settlement (or city) joins its paths to the owner's ship sites and cuts
    /// other lines there.
    fn after_setup_building(g: &mut Game, _player: PlayerId, at: VertexId, _events: &mut Vec<Event>) {
        g.refresh_ship_sites_at(at);
    }

    /// A road takes its path from the ship sites. Under `ship-leaves-building refused` it
    /// changes which ship is a building's only link; with Cities & Knights it may link a
    /// knight (and free the ship that did).
    fn after_road(g: &mut Game, player: PlayerId, at: EdgeId, _events: &mut Vec<Event>) {
        g.refresh_ship_site(at);
        if g.rules.sea.ship_leaves_building == super::options::ShipLeavesBuilding::Refused
            || g.road_links_knight(player, at)
        {
            g.refresh_movable(player);
        }
    }

    fn after_production(g: &mut Game, total: u8, _events: &mut Vec<Event>) {
        g.queue_gold(total);
    }

    /// A second setup settlement next to a gold field: one resource of the player's choice
    /// per gold field, as the field's starting resource.
    fn after_starting_resources(g: &mut Game, player: PlayerId, at: VertexId) {
        g.queue_starting_gold(player, at);
    }

    fn push_robber_alternatives(g: &Game, player: PlayerId, out: &mut Vec<Action>) {
        g.push_pirate_moves(player, out);
    }

    fn robbery_victims(g: &Game, player: PlayerId) -> Option<u32> {
        match g.pending.front() {
            Some(e) if e.kind == PendingKind::Sea(SeaPending::PirateVictim) => Some(g.pirate_victims(player)),
            _ => None,
        }
    }

    fn push_route_alternatives(g: &Game, player: PlayerId, setup_from: Option<VertexId>, out: &mut Vec<Action>) {
        if g.sea.players[player.index()].ships_left == 0 {
            return;
        }
        let build = |at| Action::Sea(super::actions::SeaAction::BuildShip { player, at });
        match setup_from {
            Some(v) => {
                if let Some(info) = g.board.topology.vertex(v) {
                    for at in info.edges.iter() {
                        if g.check_ship_site(player, at, None, Some(v)).is_ok() {
                            out.push(build(at));
                        }
                    }
                }
            }
            None => g.ship_sites(player).for_each(g, None, |at| out.push(build(at))),
        }
    }

    fn free_piece_placeable(g: &Game, player: PlayerId) -> bool {
        g.free_ship_placeable(player)
    }

    fn route_pieces_left(g: &Game, player: PlayerId) -> u8 {
        g.sea.players.get(player.index()).map_or(0, |sp| sp.ships_left)
    }

    /// Ships to buy, then ship moves: the sites are found once for both.
    fn push_build_actions(g: &Game, player: PlayerId, out: &mut Vec<Action>) {
        let buy = g.players[player.index()].hand.contains(&super::ships::SHIP_COST)
            && g.sea.players[player.index()].ships_left > 0;
        g.push_pirate_chases(player, out);
        // Without a ship to buy or to move the sites are not needed.
        let movers = g.ship_movers(player);
        if !buy && movers == 0 {
            return;
        }
        let sites = g.ship_sites(player);
        if buy {
            sites.for_each(g, None, |at| {
                out.push(Action::Sea(super::actions::SeaAction::BuildShip { player, at }));
            });
        }
        g.push_ship_moves(player, movers, &sites, out);
    }

    fn push_decision_actions(g: &Game, _phase: crate::state::Phase, out: &mut Vec<Action>) {
        g.push_gold_choices(out);
        if let Some(e) = g.pending.front() {
            if e.kind == PendingKind::Sea(SeaPending::ChasedPirate) {
                g.push_pirate_moves(e.who, out);
            }
        }
    }

    fn end_turn(g: &mut Game) {
        g.sea.moved = false;
        // Most turns build no ship: nothing to clear.
        if !g.sea.no_fresh.known() {
            g.sea.fresh.iter_mut().for_each(|f| *f = false);
            g.sea.no_fresh = super::state::NoFreshShips::KNOWN;
        }
    }

    fn victory_points(g: &Game, p: PlayerId, _st: &PlayerState) -> u8 {
        g.sea.players.get(p.index()).map_or(0, SeaPlayer::island_vp)
    }

    /// Island markers recounted: 2 per marker (the invariants check each marker).
    fn victory_points_from_scratch(g: &Game, p: PlayerId) -> u8 {
        2 * g.sea.players.get(p.index()).map_or(0, |sp| sp.markers.len() as u8)
    }

    fn owns_action(action: &Action) -> bool {
        matches!(action, Action::Sea(_))
    }

    fn check_invariants(g: &Game) -> Result<(), InvariantViolation> {
        g.check_sea_invariants()
    }

    fn declare(g: &mut Game, s: &Setup) -> Result<(), PositionError> {
        g.declare_sea(s)
    }

    fn declared_without(s: &Setup) -> Option<PositionError> {
        super::position::declared_without(s)
    }

    fn export(g: &Game, s: &mut Setup) {
        g.export_sea(s);
    }
}

impl Game {
    /// The Seafarers invariants: ships conserved (15 each) and on sea paths no road holds;
    /// every ship joined to a building of its owner; the pirate on a sea hex and the robber
    /// on land; each island marker under its owner's building in its area, one per area; the
    /// sea paths kept for the ship sites and the sea hexes kept for the pirate those of the
    /// board, and the ship sites kept those of the pieces.
    pub(crate) fn check_sea_invariants(&self) -> Result<(), InvariantViolation> {
        let fail = |rule: &'static str, detail: String| Err(InvariantViolation { name: rule, detail });
        if let Some(kept) = self.sea.sea_paths.get() {
            if super::state::SeaPaths::by_paths(self).get() != Some(kept) {
                return fail("sea-paths", "the sea paths kept differ from the board".into());
            }
        }
        if self.sea.no_fresh.known() && self.sea.fresh.contains(&true) {
            return fail("sea-fresh", "a ship is kept as built this turn though none is".into());
        }
        if let Some(kept) = self.sea.sea_hexes.get() {
            if crate::kept::KeptHexes::sea(self).get() != Some(kept) {
                return fail("sea-hexes", "the sea hexes kept differ from the board".into());
            }
        }
        if let Some(kept) = self.sea.ship_sites.tables() {
            if super::ships::KeptShipSites::of(self).tables() != Some(kept) {
                return fail(
                    "sea-ship-sites",
                    "the ship sites or reach kept differ from the pieces".into(),
                );
            }
        }
        for (i, sp) in self.sea.players.iter().enumerate() {
            let on_board = self.sea.ships.iter().filter(|s| **s == Some(PlayerId(i as u8))).count();
            if on_board != sp.ships.len() || on_board + sp.ships_left as usize != super::SHIPS_PER_PLAYER as usize {
                return fail(
                    "sea-ships",
                    format!(
                        "seat {i}: {on_board} ships on the board, {} listed, {} in supply",
                        sp.ships.len(),
                        sp.ships_left
                    ),
                );
            }
            for &e in &sp.ships {
                if self.sea.ship(e) != Some(PlayerId(i as u8))
                    || !self.is_sea_path(e)
                    || self.roads[e.index()].is_some()
                {
                    return fail("sea-ships", format!("seat {i}: ship on path {} is misplaced", e.0));
                }
                if self.check_sea_invariants_ship(PlayerId(i as u8), e).is_err() {
                    return fail(
                        "sea-ship-connected",
                        format!(
                            "seat {i}: the ship on path {} reaches none of its owner's buildings",
                            e.0
                        ),
                    );
                }
            }
            let (movable, fixed) = self.movable_ships_searched(PlayerId(i as u8));
            if self.sea.movable[i] != movable || self.sea.knight_fixed.as_ref().is_some_and(|f| f[i] != fixed) {
                return fail(
                    "sea-movable",
                    format!("seat {i}: the movable ships kept differ from their lines"),
                );
            }
            for (k, m) in sp.markers.iter().enumerate() {
                let own = self.sites[m.at.index()].is_some_and(|s| s.owner.index() == i);
                if !own || self.bonus_area(m.at) != Some(m.area) || sp.markers[..k].iter().any(|o| o.area == m.area) {
                    return fail(
                        "sea-island-markers",
                        format!("seat {i}: marker for area {} at intersection {}", m.area, m.at.0),
                    );
                }
            }
        }
        if let Some(h) = self.sea.pirate {
            if self.board.terrain.get(h.index()) != Some(&Terrain::Sea) {
                return fail("sea-pirate", format!("the pirate stands on hex {}, not sea", h.0));
            }
        }
        if let Some(h) = self.robber {
            if self.board.terrain.get(h.index()) == Some(&Terrain::Sea) {
                return fail("sea-pirate", format!("the robber stands on sea hex {}", h.0));
            }
        }
        Ok(())
    }
}
