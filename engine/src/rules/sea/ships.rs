//! Ships (source `004_bf8a3dbb68824bc0.txt`, "Die Seefahrer" B "Schiffe bauen"; example B).
//!
//! A ship costs 1 lumber and 1 wool; each player has 15. It stands on a path with sea on at
//! least one side: between two sea hexes, or on the coast, where a path holds a road or a
//! ship, never both. A new ship touches one of its owner's ships or coastal buildings; it
//! may not continue a line through an opponent's building. Roads and ships join only at the
//! owner's own settlement or city: a ship never continues from the end of a road, nor a road
//! from the end of a ship (rule `SEA.SHIP.CONNECTED`). In setup a coastal settlement may take
//! a ship instead of its road. Road Building builds roads, ships or one of each
//! (`SEA.ROAD_BUILDING.SHIPS`). No ship is built on a path of the pirate's hex
//! (`SEA.PIRATE.BLOCKS_SHIPS`).

use super::errors::SeaRule;
use super::events::SeaEvent;
use crate::board::Terrain;
use crate::cards::{CardKind, Cards};
use crate::error::RuleError;
use crate::event::Event;
use crate::id_set::IdSet;
use crate::ids::{EdgeId, PlayerId, VertexId, MAX_PLAYERS};
use crate::state::{CkPhase, Game, Phase};

/// A ship: 1 lumber, 1 wool.
pub const SHIP_COST: Cards = Cards::of(&[(CardKind::Lumber, 1), (CardKind::Wool, 1)]);

impl Game {
    /// Whether a ship may stand on path `e`: a sea hex lies on at least one side.
    pub(crate) fn is_sea_path(&self, e: EdgeId) -> bool {
        is_sea_path(&self.board, e)
    }

    /// Whether path `e` is a side of the pirate's hex.
    pub(crate) fn is_pirate_path(&self, e: EdgeId) -> bool {
        let Some(h) = self.sea.pirate else { return false };
        self.board.topology.hex(h).is_some_and(|hex| hex.sides.contains(&e))
    }

    /// Whether `player`'s shipping line may continue through intersection `v`, leaving out
    /// the ships on the paths in `except`: their own building stands there, or no opponent's
    /// building does and another of their ships touches it.
    pub(crate) fn ship_reaches(&self, player: PlayerId, v: VertexId, except: [Option<EdgeId>; 2]) -> bool {
        match self.sites[v.index()] {
            Some(s) if s.owner == player => return true,
            Some(_) => return false,
            None => {}
        }
        // With Cities & Knights an opponent's knight blocks ships as it blocks roads (rule
        // `SEA.CK.SHIPS_ARE_ROADS`).
        if self.knight(v).is_some_and(|k| k.owner != player) {
            return false;
        }
        let Some(info) = self.board.topology.vertex(v) else {
            return false;
        };
        info.edges
            .iter()
            .any(|e| !except.contains(&Some(e)) && self.sea.ship(e) == Some(player))
    }

    /// [`Game::ship_reaches`] leaving out the ship on `skip` alone, for the listing of ship
    /// moves ([`ShipSites::for_each`]): the same tests, inlined there.
    #[inline]
    fn ship_reaches_without(&self, player: PlayerId, v: VertexId, skip: EdgeId) -> bool {
        if let Some(s) = self.sites[v.index()] {
            return s.owner == player;
        }
        if self.knight(v).is_some_and(|k| k.owner != player) {
            return false;
        }
        self.board.topology.vertices()[v.index()]
            .edges
            .iter()
            .any(|e| e != skip && self.sea.ships[e.index()] == Some(player))
    }

    /// [`Game::ship_reaches`] at `v` given whether another of `player`'s ships (besides the
    /// ones left out) touches it (`other_ship`, from the kept ship counts).
    #[inline]
    fn ship_reaches_with(&self, player: PlayerId, v: VertexId, other_ship: bool) -> bool {
        if let Some(s) = self.sites[v.index()] {
            return s.owner == player;
        }
        other_ship && self.knight(v).is_none_or(|k| k.owner == player)
    }

    /// Whether `player` could build a ship on `at` as far as the board goes (not the price
    /// or the moment): a sea path, empty (the path `vacated` counts as empty: a ship moving
    /// away from it), not a side of the pirate's hex, and touching the player's network —
    /// or, in setup, the settlement just placed.
    pub(crate) fn check_ship_site(
        &self,
        player: PlayerId,
        at: EdgeId,
        vacated: Option<EdgeId>,
        setup_from: Option<VertexId>,
    ) -> Result<(), RuleError> {
        self.known_edge(at)?;
        if !self.is_sea_path(at) {
            return Err(RuleError::Sea(SeaRule::ShipNotOnSea));
        }
        if self.roads[at.index()].is_some() || (self.sea.ship(at).is_some() && Some(at) != vacated) {
            return Err(RuleError::Occupied);
        }
        if self.is_pirate_path(at) {
            return Err(RuleError::Sea(SeaRule::PiratePath));
        }
        let info = &self.board.topology.edges()[at.index()];
        match setup_from {
            Some(v) if !info.vertices.contains(&v) => Err(RuleError::SetupRoadAwayFromSettlement),
            Some(_) => Ok(()),
            None if info
                .vertices
                .iter()
                .any(|&v| self.ship_reaches(player, v, [vacated, Some(at)])) =>
            {
                Ok(())
            }
            None => Err(RuleError::Sea(SeaRule::ShipNotConnected)),
        }
    }

    /// Checks building a ship: in setup in place of the settlement's road, with Road
    /// Building, or bought in the trade and build phase.
    pub(crate) fn check_build_ship(&self, player: PlayerId, at: EdgeId) -> Result<(), RuleError> {
        self.known_edge(at)?;
        let (free, setup_from) = match self.phase() {
            Phase::Setup { road_from: Some(v), .. } => (true, Some(v)),
            Phase::FreeRoads { .. } => (true, None),
            Phase::Main => (false, None),
            // With Cities & Knights: the free piece after Diplomacy removed one's own ship.
            Phase::Ck(CkPhase::DiplomacyRoad { player: p, removed }) if p == player => {
                self.check_diplomacy_piece(true)?;
                if at == removed {
                    return Err(RuleError::Occupied);
                }
                (true, None)
            }
            _ => return Err(self.wrong_time(player, "build a ship")),
        };
        self.check_ship_site(player, at, None, setup_from)?;
        if self.sea.players[player.index()].ships_left == 0 {
            return Err(RuleError::Sea(SeaRule::NoShipsLeft));
        }
        if !free && !self.players[player.index()].hand.contains(&SHIP_COST) {
            return Err(RuleError::Sea(SeaRule::ShipCost));
        }
        Ok(())
    }

    /// Builds a ship [`Game::check_build_ship`] accepted.
    pub(crate) fn do_build_ship(&mut self, player: PlayerId, at: EdgeId, events: &mut Vec<Event>) {
        let phase = self.phase();
        let free = !matches!(phase, Phase::Main);
        if !free {
            self.players[player.index()].hand.remove_all(&SHIP_COST);
            self.bank.add_all(&SHIP_COST);
        }
        let sp = &mut self.sea.players[player.index()];
        sp.ships_left -= 1;
        sp.ships.push(at);
        self.sea.ships[at.index()] = Some(player);
        let fresh = !matches!(phase, Phase::Setup { .. });
        self.sea.fresh[at.index()] = fresh;
        if fresh {
            self.sea.no_fresh = Default::default();
        }
        self.ship_sites_after_ship_added(player, at);
        events.push(Event::Sea(SeaEvent::ShipBuilt { player, at, free }));
        // A new dead end changes the movable bits only next to it.
        match self.movable_after_ship_built(player, at) {
            Some((bits, fixed)) => self.set_movable(player, bits, fixed),
            None => self.refresh_movable(player),
        }
        self.longest_road_after_road(player, at, events);
        match phase {
            Phase::Setup { .. } => self.setup_after_road(events),
            Phase::FreeRoads { remaining } => {
                self.pending.pop_front();
                self.continue_free_roads(player, remaining.saturating_sub(1));
            }
            Phase::Ck(CkPhase::DiplomacyRoad { .. }) => self.resolved(events),
            _ => {}
        }
    }

    /// The paths where `player` could build a ship now as far as the board goes (for free
    /// or bought; not in setup), found once for a listing: see [`ShipSites`].
    pub(crate) fn ship_sites(&self, player: PlayerId) -> ShipSites {
        // Mostly the sites are kept and no side of the pirate's hex is one: the kept set is
        // copied as it is (the sides are only read, with no bounds check: the sets are kept
        // only for boards of at most 512 paths; not cleared in the copy, whose words would
        // then be read back before the writes settle); the rest out of line, so that this
        // path saves and restores few registers.
        if let Some(kept) = self.sea.ship_sites.get() {
            let open = &kept[player.index()];
            let hit = self
                .sea
                .pirate
                .and_then(|h| self.board.topology.hex(h))
                .is_some_and(|hex| {
                    let mut any = false;
                    for side in hex.sides {
                        any |= open.contains_below(side.index());
                    }
                    any
                });
            if !hit {
                return ShipSites { player, open: *open };
            }
        }
        self.ship_sites_off_pirate(player)
    }

    /// [`Game::ship_sites`] when a side of the pirate's hex is to be taken off the sites, or
    /// the sites are not kept.
    #[inline(never)]
    fn ship_sites_off_pirate(&self, player: PlayerId) -> ShipSites {
        let mut open = match self.sea.ship_sites.get() {
            Some(kept) => kept[player.index()],
            None => self.ship_sites_searched(player),
        };
        if let Some(hex) = self.sea.pirate.and_then(|h| self.board.topology.hex(h)) {
            for side in hex.sides {
                open.set(side.index(), false);
            }
        }
        ShipSites { player, open }
    }

    /// The sites of [`Game::ship_sites`] before the pirate's sides are taken off, found from
    /// the player's pieces (when [`KeptShipSites`] is unknown).
    fn ship_sites_searched(&self, player: PlayerId) -> IdSet<8> {
        let topo = &self.board.topology;
        // A path touches the network where it meets the player's building, or one of their
        // ships at an intersection without an opponent's building (or, with Cities & Knights,
        // an opponent's knight): only the empty paths there are candidates, and every one of
        // them is reached.
        let mut candidates = IdSet::<8>::default();
        let mut add_paths_at = |v: VertexId| {
            for e in topo.vertices()[v.index()].edges.iter() {
                candidates.insert_if(e.index(), self.roads[e.index()].is_none() && self.sea.ship(e).is_none());
            }
        };
        // Each intersection once: the ends of the player's ships, then of their roads (only
        // an own building counts there). The own buildings met are counted; only when fewer
        // are met than the player has on the board is every intersection scanned for them.
        let mut seen = IdSet::<16>::default();
        let mut buildings = 0;
        for &e in &self.sea.players[player.index()].ships {
            for v in topo.edges()[e.index()].vertices {
                if !seen.insert(v.index()) {
                    continue;
                }
                match self.sites[v.index()] {
                    Some(s) if s.owner == player => {
                        buildings += 1;
                        add_paths_at(v);
                    }
                    Some(_) => {}
                    None if self.knight(v).is_none_or(|k| k.owner == player) => add_paths_at(v),
                    None => {}
                }
            }
        }
        // The roads only add buildings the ships did not meet: none once all are met.
        let on_board = self.buildings_on_board(player);
        for &e in &self.players[player.index()].roads {
            if buildings >= on_board {
                break;
            }
            for v in topo.edges()[e.index()].vertices {
                if seen.insert(v.index()) && self.sites[v.index()].is_some_and(|s| s.owner == player) {
                    buildings += 1;
                    add_paths_at(v);
                }
            }
        }
        if buildings < on_board {
            for (v, site) in self.sites.iter().enumerate() {
                if site.is_some_and(|s| s.owner == player) {
                    add_paths_at(VertexId(v as u16));
                }
            }
        }
        let mut open = candidates;
        match self.sea.sea_paths.get() {
            Some(sea) => open.intersect(sea),
            None => {
                for i in candidates.iter() {
                    open.set(i, self.is_sea_path(EdgeId(i as u16)));
                }
            }
        }
        open
    }

    /// Ship paths `player` could take now for free or bought, other than `vacated` (a ship
    /// moving away from it: that path counts as empty), in path order, passed to `f`: the
    /// paths [`Game::check_ship_site`] accepts outside setup.
    #[cfg(test)]
    pub(crate) fn for_each_ship_site(&self, player: PlayerId, vacated: Option<EdgeId>, f: impl FnMut(EdgeId)) {
        self.ship_sites(player).for_each(self, vacated, f);
    }

    /// Whether `player` has a ship to place and a place for it (Road Building).
    pub(crate) fn free_ship_placeable(&self, player: PlayerId) -> bool {
        if self.sea.players[player.index()].ships_left == 0 {
            return false;
        }
        !self.ship_sites(player).is_empty()
    }
}

/// Whether a ship may stand on path `e` of `board`: a sea hex lies on at least one side.
fn is_sea_path(board: &crate::board::Board, e: EdgeId) -> bool {
    board
        .topology
        .edge(e)
        .is_some_and(|info| info.hexes.iter().any(|h| board.terrain[h.index()] == Terrain::Sea))
}

/// Per seat, the paths where a new ship would join the seat's network (rule
/// `SEA.SHIP.CONNECTED`, the pirate left out): the empty sea paths with an end at the
/// seat's own building, or at one of their ships on an intersection without another
/// player's building or (Cities & Knights) knight. Whether a path is one depends only on
/// the pieces on it and at its two ends, so every writer of ships, roads and buildings, and
/// every change of knights, refreshes the paths next to what it changed
/// ([`Game::refresh_ship_sites_at`]), and listing reads the set instead of walking the
/// seat's pieces ([`Game::ship_sites`] then takes off the pirate's sides). With the sets,
/// per intersection, the seats whose pieces reach it ([`Game::ship_reach_seats`]): it
/// depends only on the building, the knight and the ships there, so the same writers keep
/// it at the intersections they refresh, and the sites next to a changed intersection (and
/// the ship moves listed) read the reach of the unchanged far ends instead of looking at
/// their pieces; and per intersection, how many ships each seat has there (changed only by
/// a ship coming or leaving, at its two ends), which tells whether a line still reaches an
/// end of a ship moving away, and what a ship's end holds ([`Game::ship_end_free`]). Unknown in
/// a state read back (listing then walks the pieces) or on a board beyond 512 paths;
/// checked by the invariants (`sea-ship-sites`). Not part of the game
/// ([`crate::kept::Kept`]).
#[derive(Clone, Default, Debug, PartialEq, Eq)]
pub(crate) struct KeptShipSites(crate::kept::Kept<SiteTables>);

/// What [`KeptShipSites`] holds when known.
#[derive(Clone, Default, Debug, PartialEq, Eq)]
pub(crate) struct SiteTables {
    /// Per seat, the paths where a new ship would join the seat's network.
    sites: [IdSet<8>; MAX_PLAYERS],
    /// Per intersection, the seats reaching it, as a bit set ([`Game::ship_reach_seats`]).
    reach: Vec<u8>,
    /// Per intersection, the number of each seat's ships there (0 to 3: bits `2p..2p + 2`
    /// for seat `p`).
    ships_at: Vec<u8>,
}

impl SiteTables {
    /// Finds the tables (made for `game`'s board) again from its pieces, in place: see
    /// [`KeptShipSites::of`].
    fn fill(&mut self, game: &Game) {
        let topo = &game.board.topology;
        self.sites = Default::default();
        for (v, (reach, ships)) in self.reach.iter_mut().zip(self.ships_at.iter_mut()).enumerate() {
            *reach = game.ship_reach_seats(VertexId(v as u16));
            *ships = 0;
            for e in topo.vertices()[v].edges.iter() {
                if let Some(p) = game.sea.ship(e) {
                    *ships += 1 << (2 * p.0);
                }
            }
        }
        for (i, info) in topo.edges().iter().enumerate() {
            let [a, b] = info.vertices;
            let seats = if game.empty_sea_path(EdgeId(i as u16)) {
                self.reach[a.index()] | self.reach[b.index()]
            } else {
                0
            };
            for (p, set) in self.sites.iter_mut().enumerate() {
                set.insert_if(i, seats >> p & 1 != 0);
            }
        }
    }
}

impl Game {
    /// Finds [`KeptShipSites`] again from the pieces (after knights changed at places not
    /// known), in place when known: the listing's hot path does not allocate.
    pub(crate) fn rebuild_ship_sites(&mut self) {
        let mut kept = std::mem::take(&mut self.sea.ship_sites);
        match kept.0.as_mut() {
            Some(t) => t.fill(self),
            None => kept = KeptShipSites::of(self),
        }
        self.sea.ship_sites = kept;
    }
}

// Two bits per seat in a byte of [`SiteTables::ships_at`], one per seat in [`SiteTables::reach`].
const _: () = assert!(MAX_PLAYERS <= 4);

impl KeptShipSites {
    /// No site and no reach for anyone (a board without pieces), unknown beyond 512 paths.
    pub(crate) fn empty(paths: usize, intersections: usize) -> KeptShipSites {
        KeptShipSites(crate::kept::Kept((paths <= 64 * 8).then(|| SiteTables {
            sites: Default::default(),
            reach: vec![0; intersections],
            ships_at: vec![0; intersections],
        })))
    }

    /// The reach and ship counts of `game` found intersection by intersection, then the
    /// sites path by path (an empty sea path with an end a seat reaches); unknown beyond 512
    /// paths.
    pub(crate) fn of(game: &Game) -> KeptShipSites {
        let topo = &game.board.topology;
        let mut kept = KeptShipSites::empty(topo.edge_count(), topo.vertex_count());
        if let Some(t) = kept.0.as_mut() {
            t.fill(game);
        }
        kept
    }

    /// The sets by seat, when known.
    #[inline]
    pub(crate) fn get(&self) -> Option<&[IdSet<8>; MAX_PLAYERS]> {
        self.0.as_ref().map(|t| &t.sites)
    }

    /// The sets and the reach, when known (the invariants compare them whole).
    pub(crate) fn tables(&self) -> Option<&SiteTables> {
        self.0.as_ref()
    }

    /// The seats reaching intersection `v` ([`Game::ship_reach_seats`]), when known.
    #[inline]
    pub(crate) fn reach(&self, v: VertexId) -> Option<u8> {
        self.0.as_ref().map(|t| t.reach[v.index()])
    }

    /// How many of `player`'s ships touch intersection `v`, when known.
    #[inline]
    pub(crate) fn ships_at(&self, v: VertexId, player: PlayerId) -> Option<u8> {
        self.0.as_ref().map(|t| t.ships_at[v.index()] >> (2 * player.0) & 3)
    }

    /// How many of `player`'s ships touch each of the intersections `ends` (a path's two),
    /// when known: [`KeptShipSites::ships_at`] with the table looked up once.
    #[inline]
    pub(crate) fn ships_at_ends(&self, ends: [VertexId; 2], player: PlayerId) -> Option<[u8; 2]> {
        let t = self.0.as_ref()?;
        let shift = 2 * player.0;
        Some([
            t.ships_at[ends[0].index()] >> shift & 3,
            t.ships_at[ends[1].index()] >> shift & 3,
        ])
    }
}

impl Game {
    /// The seats whose pieces reach intersection `v` for [`KeptShipSites`]: the owner of the
    /// building there, or else the seats with a ship touching it (only the knight's owner
    /// where a knight stands), as a bit set ([`Game::ship_reaches`]).
    #[inline]
    fn ship_reach_seats(&self, v: VertexId) -> u8 {
        if let Some(s) = self.sites[v.index()] {
            return 1 << s.owner.0;
        }
        let mut seats = 0;
        for e in self.board.topology.vertices()[v.index()].edges.iter() {
            if let Some(p) = self.sea.ship(e) {
                seats |= 1 << p.0;
            }
        }
        match self.knight(v) {
            Some(k) => seats & 1 << k.owner.0,
            None => seats,
        }
    }

    /// [`Game::ship_reach_seats`] at `v` given the seats' ship counts there (`ships`, as
    /// [`SiteTables::ships_at`] keeps them) instead of looking at its paths.
    #[inline]
    fn ship_reach_counted(&self, v: VertexId, ships: u8) -> u8 {
        if let Some(s) = self.sites[v.index()] {
            return 1 << s.owner.0;
        }
        // A seat's two bits, folded onto the lower one, then gathered into bits 0 to 3.
        let any = (ships | ships >> 1) & 0b0101_0101;
        let seats = (any & 1) | (any >> 1 & 2) | (any >> 2 & 4) | (any >> 3 & 8);
        match self.knight(v) {
            Some(k) => seats & 1 << k.owner.0,
            None => seats,
        }
    }

    /// Whether path `e` is empty and on the sea (the kept sea paths, or the board).
    #[inline]
    fn empty_sea_path(&self, e: EdgeId) -> bool {
        self.roads[e.index()].is_none()
            && self.sea.ship(e).is_none()
            && self
                .sea
                .sea_paths
                .get()
                .map_or_else(|| self.is_sea_path(e), |sea| sea.contains(e.index()))
    }

    /// Refreshes [`KeptShipSites`] at the paths touching intersection `v`, after a ship,
    /// road or building changed there or on one of those paths.
    pub(crate) fn refresh_ship_sites_at(&mut self, v: VertexId) {
        let Some(kept) = self.sea.ship_sites.tables() else {
            return;
        };
        let info = &self.board.topology.vertices()[v.index()];
        // The ships there did not change: their kept counts are read.
        let here = self.ship_reach_counted(v, kept.ships_at[v.index()]);
        let mut seats = [(usize::MAX, 0u8); 3];
        for (slot, (e, u)) in seats.iter_mut().zip(info.edges.iter().zip(info.neighbours.iter())) {
            // The far end's reach is kept: the intersections changed are each refreshed, the
            // last refresh of a path between two of them reading both anew.
            let reach = if self.empty_sea_path(e) {
                here | kept.reach[u.index()]
            } else {
                0
            };
            *slot = (e.index(), reach);
        }
        if let Some(t) = self.sea.ship_sites.0.as_mut() {
            t.reach[v.index()] = here;
            for (i, reach) in seats {
                if i == usize::MAX {
                    break;
                }
                for (p, set) in t.sites.iter_mut().enumerate() {
                    set.set(i, reach >> p & 1 != 0);
                }
            }
        }
    }

    /// Refreshes [`KeptShipSites`] at intersection `v` after knights changed there (rule
    /// `SEA.CK.SHIPS_ARE_ROADS`: an opponent's knight blocks ships as it blocks roads). A
    /// knight changes only who reaches `v`; the paths there and the reach at their far ends
    /// stay, so when the reach at `v` is as kept no site changes and nothing is refreshed.
    pub(crate) fn refresh_ship_sites_after_knight_at(&mut self, v: VertexId) {
        let Some(kept) = self.sea.ship_sites.tables() else {
            return;
        };
        if self.ship_reach_counted(v, kept.ships_at[v.index()]) != kept.reach[v.index()] {
            self.refresh_ship_sites_at(v);
        }
    }

    /// Updates [`KeptShipSites`] after `player`'s ship came onto path `e`: the path is no
    /// one's site any more, and the player's line now reaches each end without another
    /// player's building or knight, so the empty sea paths there become the player's sites
    /// (nothing else changed: no one else's reach, and the player's only grew). At an end
    /// the player reached already, those paths were their sites before.
    pub(crate) fn ship_sites_after_ship_added(&mut self, player: PlayerId, e: EdgeId) {
        let Some(kept) = self.sea.ship_sites.tables() else {
            return;
        };
        let ends = self.board.topology.edges()[e.index()].vertices;
        let bit = 1u8 << player.0;
        // The ends the player did not reach and now does: no other player's building or
        // knight there.
        let other = |owner: PlayerId| owner != player;
        let newly = ends.map(|x| {
            kept.reach[x.index()] & bit == 0
                && !self.sites[x.index()].is_some_and(|s| other(s.owner))
                && !self.knight(x).is_some_and(|k| other(k.owner))
        });
        let sea = self.sea.sea_paths.get();
        let Some(t) = self.sea.ship_sites.0.as_mut() else {
            return;
        };
        for set in t.sites.iter_mut() {
            set.set(e.index(), false);
        }
        // By place, not a zip of the two arrays (whose iterator state is built on the stack
        // and read back before its writes settle).
        for (k, &x) in ends.iter().enumerate() {
            t.ships_at[x.index()] += 1 << (2 * player.0);
            if !newly[k] {
                continue;
            }
            t.reach[x.index()] |= bit;
            // The empty sea paths there become the player's sites (read in place: the
            // ships and roads are other fields than the kept tables).
            for f in self.board.topology.vertices()[x.index()].edges.iter() {
                let empty = self.roads[f.index()].is_none() && self.sea.ships[f.index()].is_none();
                let on_sea = sea.map_or_else(|| is_sea_path(&self.board, f), |sea| sea.contains(f.index()));
                t.sites[player.index()].insert_if(f.index(), empty && on_sea);
            }
        }
    }

    /// Updates [`KeptShipSites`] after `player`'s ship left path `e`: the path is a site of
    /// the seats reaching one of its ends; at an end the player no longer reaches, each
    /// other path is their site only if they reach its far end (no one else's reach
    /// changed). Only the player's sites there are looked at: where they reached that end
    /// before, every empty sea path at it was their site, and where they did not (another
    /// player's building or knight), nothing at it changes for them.
    pub(crate) fn ship_sites_after_ship_removed(&mut self, player: PlayerId, e: EdgeId) {
        let Some(kept) = self.sea.ship_sites.tables() else {
            return;
        };
        let ends = self.board.topology.edges()[e.index()].vertices;
        let own = 1u8 << (2 * player.0);
        // The ends' reach without the ship: the kept counts less this ship.
        let reach = ends.map(|x| self.ship_reach_counted(x, kept.ships_at[x.index()] - own));
        // The path held the ship: it is an empty sea path now.
        debug_assert!(self.empty_sea_path(e));
        let here = reach[0] | reach[1];
        let Some(t) = self.sea.ship_sites.0.as_mut() else {
            return;
        };
        // Path ids below the sets' capacity (tables only up to 512 paths): no bounds checks.
        let mine = &mut t.sites[player.index()];
        for (k, &x) in ends.iter().enumerate() {
            let seats = reach[k];
            t.ships_at[x.index()] -= own;
            t.reach[x.index()] = seats;
            if seats >> player.0 & 1 != 0 {
                continue;
            }
            // A far end `u` is no end of `e` (two intersections share at most one path): its
            // reach is unchanged, read from the kept table. A site keeps its bit where they
            // reach `u`, without a branch on what the path holds (the answers follow no
            // pattern): `e`'s own bit, clear while it held the ship, stays clear.
            for (f, u) in self.board.topology.vertices()[x.index()].links() {
                mine.keep_below(f.index(), t.reach[u.index()] >> player.0 & 1 != 0);
            }
        }
        // The path held a ship, so it was no one's site (a ship coming clears it for every
        // seat, [`Game::ship_sites_after_ship_added`]): only the seats reaching an end gain it.
        let mut seats = here;
        while seats != 0 {
            if let Some(set) = t.sites.get_mut(seats.trailing_zeros() as usize) {
                set.set_below(e.index(), true);
            }
            seats &= seats - 1;
        }
    }

    /// Refreshes [`KeptShipSites`] on path `e` alone (a road came or left: only whether the
    /// path is empty changed).
    pub(crate) fn refresh_ship_site(&mut self, e: EdgeId) {
        let Some(kept) = self.sea.ship_sites.tables() else {
            return;
        };
        // A road changes no reach: the ends' kept reach is read.
        let [a, b] = self.board.topology.edges()[e.index()].vertices;
        let reach = if self.empty_sea_path(e) {
            kept.reach[a.index()] | kept.reach[b.index()]
        } else {
            0
        };
        if let Some(t) = self.sea.ship_sites.0.as_mut() {
            for (p, set) in t.sites.iter_mut().enumerate() {
                set.set(e.index(), reach >> p & 1 != 0);
            }
        }
    }
}

/// The ship sites of one player for one listing ([`Game::ship_sites`]): the empty sea
/// paths, no side of the pirate's hex, that touch the player's own building, or one of
/// their ships at an intersection without an opponent's building (rule
/// `SEA.SHIP.CONNECTED`), with no ship moving.
///
/// A ship moving away from a path (`vacated`) only takes support away, so the sites with
/// it are among these; only those touching the vacated path's intersections are tested
/// again.
pub(crate) struct ShipSites {
    player: PlayerId,
    open: IdSet<8>,
}

impl ShipSites {
    /// Whether there is no site at all.
    pub(crate) fn is_empty(&self) -> bool {
        self.open.is_empty()
    }

    /// The sites (other than `vacated`, whose ship moves away) in path order, passed to `f`:
    /// those touching the vacated path's ends tested again without its ship.
    ///
    /// A site is empty, so leaving out its own path changes no reach; and a site `at`
    /// touching an end `v` of the vacated path has its far end `u` away from that path (two
    /// intersections share at most one path), so the reach at `u` is unchanged. Hence where
    /// the player still reaches `v` without the moving ship, every site at `v` stays; where
    /// they do not, a site at `v` stays exactly when they reach its far end.
    pub(crate) fn for_each(&self, game: &Game, vacated: Option<EdgeId>, mut f: impl FnMut(EdgeId)) {
        let Some(from) = vacated else {
            return self.open.for_each_member(|i| f(EdgeId(i as u16)));
        };
        let mut open = self.open;
        let topo = &game.board.topology;
        for v in topo.edges()[from.index()].vertices {
            // The moving ship is one of the player's ships counted there.
            let reached = match game.sea.ship_sites.ships_at(v, self.player) {
                Some(ships) => game.ship_reaches_with(self.player, v, ships > 1),
                None => game.ship_reaches_without(self.player, v, from),
            };
            if reached {
                continue;
            }
            // The far end `u` is no end of `from`: its reach is the kept one when known.
            let info = &topo.vertices()[v.index()];
            for (at, u) in info.edges.iter().zip(info.neighbours.iter()) {
                if at != from && open.contains(at.index()) {
                    let reached = match game.sea.ship_sites.reach(u) {
                        Some(seats) => seats >> self.player.0 & 1 != 0,
                        None => game.ship_reaches_without(self.player, u, from),
                    };
                    open.set(at.index(), reached);
                }
            }
        }
        open.set(from.index(), false);
        open.for_each_member(|i| f(EdgeId(i as u16)));
    }
}

#[cfg(test)]
mod tests {
    use super::super::testkit::*;
    use crate::error::RuleError;
    use crate::rules::sea::errors::SeaRule;
    use crate::Action;

    #[test]
    fn a_ship_goes_on_sea_paths_touching_the_network_and_costs_lumber_and_wool() {
        let (mut g, me, coast) = coastal_game();
        let land = inland_path(&g, me);
        assert_eq!(
            g.check(&ship(me, land)).unwrap_err(),
            RuleError::Sea(SeaRule::ShipNotOnSea)
        );
        g.players[me.index()].hand = crate::Cards::EMPTY;
        assert_eq!(
            g.check(&ship(me, coast)).unwrap_err(),
            RuleError::Sea(SeaRule::ShipCost)
        );
        give(&mut g, me, super::SHIP_COST);
        g.apply(ship(me, coast)).unwrap();
        assert_eq!(g.ship(coast), Some(me));
        assert_eq!(g.check(&ship(me, coast)).unwrap_err(), RuleError::Occupied);
        // A road may not share the ship's path.
        give(&mut g, me, crate::cards::cost::ROAD);
        assert_eq!(
            g.check(&Action::BuildRoad { player: me, at: coast }).unwrap_err(),
            RuleError::Occupied
        );
    }

    #[test]
    fn a_ship_does_not_continue_from_the_end_of_a_road() {
        let (mut g, me, _) = coastal_game();
        // A sea path touching the far end of one of the player's roads but none of their
        // buildings or ships.
        let far = path_at_road_end(&g, me).expect("a sea path at a road's end");
        give(&mut g, me, super::SHIP_COST);
        assert_eq!(
            g.check(&ship(me, far)).unwrap_err(),
            RuleError::Sea(SeaRule::ShipNotConnected)
        );
    }

    /// Random games on both maps, of Seafarers and of Seafarers with Cities & Knights (whose
    /// knights block lines): after every step, each player's listed ship sites (with no ship
    /// moving, and with each of their ships moving away) are exactly the paths
    /// `check_ship_site` accepts, the same with or without the kept sea paths and ship sites,
    /// and the kept ship sites, reach and ship counts those found from the pieces.
    #[test]
    fn the_listed_ship_sites_are_the_paths_the_check_accepts_in_random_games() {
        use crate::random::{Policy, RandomPlayer};
        use crate::ruleset::{Expansion, ExpansionSet, Ruleset};
        use crate::{Board, Colour, EdgeId, Game, PlayerId, SeaMap};
        let sea = Ruleset::with(ExpansionSet::of(&[Expansion::Seafarers]));
        let sea_ck = Ruleset::with(ExpansionSet::of(&[Expansion::Seafarers, Expansion::CitiesAndKnights]));
        for (rules, seed) in [(&sea, 300), (&sea, 301), (&sea, 302), (&sea_ck, 310), (&sea_ck, 311)] {
            for map in SeaMap::ALL {
                let board = std::sync::Arc::new(Board::seafarers(map, 4, seed).expect("a map"));
                let mut g = Game::new(rules.clone(), board, &Colour::ALL[..4], PlayerId(0)).expect("a game");
                let mut rp = RandomPlayer::new(seed);
                while g.winner().is_none() && g.turn() <= 150 {
                    let Some(a) = rp.choose(&g, Policy::Uniform) else { break };
                    g.apply(a).expect("a listed action");
                    assert!(g.sea.ship_sites.get().is_some(), "seed {seed} {map:?}: ship sites kept");
                    assert_eq!(
                        g.sea.ship_sites.tables(),
                        super::KeptShipSites::of(&g).tables(),
                        "seed {seed} {map:?}"
                    );
                    for p in g.player_ids() {
                        let mut vacating = vec![None];
                        vacating.extend(g.sea.players[p.index()].ships.iter().copied().map(Some));
                        for vacated in vacating {
                            let mut listed = Vec::new();
                            g.for_each_ship_site(p, vacated, |e| listed.push(e));
                            let expected: Vec<EdgeId> = (0..g.board.topology.edge_count() as u16)
                                .map(EdgeId)
                                .filter(|&e| Some(e) != vacated && g.check_ship_site(p, e, vacated, None).is_ok())
                                .collect();
                            assert_eq!(listed, expected, "seed {seed} {map:?} {p:?} vacating {vacated:?}");
                        }
                        // A state without the kept sea paths and ship sites (read back)
                        // tests each path and walks the player's pieces.
                        let mut unknown = g.clone();
                        unknown.sea.sea_paths = Default::default();
                        unknown.sea.ship_sites = Default::default();
                        let (mut kept, mut tested) = (Vec::new(), Vec::new());
                        g.for_each_ship_site(p, None, |e| kept.push(e));
                        unknown.for_each_ship_site(p, None, |e| tested.push(e));
                        assert_eq!(kept, tested, "seed {seed} {map:?} {p:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn fifteen_ships_per_player() {
        let (mut g, me, coast) = coastal_game();
        g.sea.players[me.index()].ships_left = 0;
        give(&mut g, me, super::SHIP_COST);
        assert_eq!(
            g.check(&ship(me, coast)).unwrap_err(),
            RuleError::Sea(SeaRule::NoShipsLeft)
        );
    }
}
