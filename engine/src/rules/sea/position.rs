//! Seafarers' part of a declared position ([`crate::position::Setup`]): ships, the pirate and
//! island markers, validated into the game and written back by `to_setup`.

use super::state::IslandMarker;
use crate::board::Terrain;
use crate::ids::{EdgeId, HexId, PlayerId, VertexId};
use crate::position::{err, PositionError, Setup, Subject};
use crate::state::Game;

/// One player's declared Seafarers pieces.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct SeaPlayerSetup {
    /// Paths holding the player's ships.
    pub ships: Vec<EdgeId>,
    /// Settlements (or cities) lying on island markers: the player's first building in that
    /// foreign area outside setup.
    pub islands: Vec<VertexId>,
}

/// The Seafarers part of a declared position.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct SeaSetup {
    /// The pirate's hex (`None`: where the map puts it).
    pub pirate: Option<HexId>,
    /// Whether the player on turn has already moved a ship this turn.
    pub moved: bool,
    /// Ships built during the current turn (they may not move this turn).
    pub built_this_turn: Vec<EdgeId>,
}

/// The error for Seafarers pieces declared in a game without Seafarers.
pub(super) fn declared_without(s: &Setup) -> Option<PositionError> {
    let any = s.sea.pirate.is_some()
        || s.sea.moved
        || !s.sea.built_this_turn.is_empty()
        || s.players
            .iter()
            .any(|p| !p.sea.ships.is_empty() || !p.sea.islands.is_empty());
    any.then(|| {
        err(
            Subject::Rules,
            "ships, the pirate and island markers exist only with Seafarers".into(),
        )
    })
}

impl Game {
    /// Validates the declared ships (on free sea paths, at most 15 each, each joined to a
    /// building of its owner unless the position is unchecked), the pirate (on a sea hex)
    /// and the island markers (under the owner's building, one per foreign area).
    pub(crate) fn declare_sea(&mut self, s: &Setup) -> Result<(), PositionError> {
        for (i, ps) in s.players.iter().enumerate() {
            let p = PlayerId(i as u8);
            if ps.sea.ships.len() > super::SHIPS_PER_PLAYER as usize {
                return Err(err(
                    Subject::Player(p),
                    format!("{} ships: a player has 15", ps.sea.ships.len()),
                ));
            }
            for &e in &ps.sea.ships {
                self.known_edge(e)
                    .map_err(|x| err(Subject::Ship(p, e), x.to_string()))?;
                if !self.is_sea_path(e) {
                    return Err(err(
                        Subject::Ship(p, e),
                        "a ship stands only on a path next to sea".into(),
                    ));
                }
                if self.roads[e.index()].is_some() || self.sea.ships[e.index()].is_some() {
                    return Err(err(
                        Subject::Ship(p, e),
                        "this path already holds a road or a ship".into(),
                    ));
                }
                self.sea.ships[e.index()] = Some(p);
                let sp = &mut self.sea.players[i];
                sp.ships.push(e);
                sp.ships_left -= 1;
            }
        }
        if let Some(h) = s.sea.pirate {
            if self.board.terrain.get(h.index()) != Some(&Terrain::Sea) {
                return Err(err(Subject::Pirate, "the pirate stands on a sea hex".into()));
            }
            self.sea.pirate = Some(h);
        }
        self.declare_pirate_with_knights(s)?;
        self.sea.moved = s.sea.moved;
        for &e in &s.sea.built_this_turn {
            if self.sea.ship(e).is_none() {
                return Err(err(
                    Subject::Rules,
                    "a ship built this turn must stand on the board".into(),
                ));
            }
            self.sea.fresh[e.index()] = true;
            self.sea.no_fresh = Default::default();
        }
        if s.checked {
            self.check_declared_ships(s)?;
        }
        for i in 0..s.players.len() {
            self.refresh_movable(PlayerId(i as u8));
        }
        self.sea.ship_sites = super::ships::KeptShipSites::of(self);
        self.declare_islands(s)
    }

    fn check_declared_ships(&self, s: &Setup) -> Result<(), PositionError> {
        for (i, ps) in s.players.iter().enumerate() {
            let p = PlayerId(i as u8);
            for &e in &ps.sea.ships {
                if self.check_sea_invariants_ship(p, e).is_err() {
                    return Err(err(
                        Subject::Ship(p, e),
                        "this ship reaches none of its owner's settlements or cities along their ships".into(),
                    ));
                }
            }
        }
        Ok(())
    }

    /// Whether the ship on `e` reaches a building of its owner along their ships.
    pub(super) fn check_sea_invariants_ship(&self, p: PlayerId, e: EdgeId) -> Result<(), ()> {
        let [a, b] = self.board.topology.edges()[e.index()].vertices;
        let own = |v: VertexId| self.sites[v.index()].is_some_and(|s| s.owner == p);
        let mut found = own(a) || own(b);
        if !found {
            self.walk_line(p, a, EdgeId(u16::MAX), |_| found = true);
        }
        if found {
            Ok(())
        } else {
            Err(())
        }
    }

    fn declare_islands(&mut self, s: &Setup) -> Result<(), PositionError> {
        for (i, ps) in s.players.iter().enumerate() {
            let p = PlayerId(i as u8);
            for &v in &ps.sea.islands {
                self.known_vertex(v)
                    .map_err(|x| err(Subject::IslandMarker(p, v), x.to_string()))?;
                if self.sites[v.index()].is_none_or(|site| site.owner != p) {
                    return Err(err(
                        Subject::IslandMarker(p, v),
                        "an island marker lies under a settlement or city of its owner".into(),
                    ));
                }
                let Some(area) = self.bonus_area(v) else {
                    return Err(err(
                        Subject::IslandMarker(p, v),
                        "this intersection is in no foreign area: it earns no island marker".into(),
                    ));
                };
                if self.sea.players[i].markers.iter().any(|m| m.area == area) {
                    return Err(err(
                        Subject::IslandMarker(p, v),
                        format!("a player earns one island marker per area; area {area} has one already"),
                    ));
                }
                self.sea.players[i].markers.push(IslandMarker { area, at: v });
            }
        }
        Ok(())
    }

    /// Writes the Seafarers part of the game into a setup.
    pub(crate) fn export_sea(&self, s: &mut Setup) {
        for (ps, sp) in s.players.iter_mut().zip(&self.sea.players) {
            ps.sea.ships = sp.ships.clone();
            ps.sea.islands = sp.markers.iter().map(|m| m.at).collect();
        }
        s.sea.pirate = self.sea.pirate;
        s.sea.moved = self.sea.moved;
        s.sea.built_this_turn = (0..self.sea.fresh.len())
            .filter(|&i| self.sea.fresh[i])
            .map(|i| EdgeId(i as u16))
            .collect();
    }
}
