//! Invariants that hold after every step of every game; checked by tests and random play.
//!
//! Conservation (bank + hands = 19 of each resource; 25 development cards across deck,
//! hands and knights played), piece counts (placed + supply = 15/5/4), the distance rule,
//! road connectivity, victory points and the Longest Road / Largest Army holders recomputed
//! from scratch.

use crate::cards::{CardKind, DevCard};
use crate::ids::{PlayerId, VertexId};
use crate::progress::{ProgressCard, Track};
use crate::ruleset::RobberBeforeAttack;
use crate::state::{
    Building, CkPhase, Game, Phase, CARDS_PER_COMMODITY, CARDS_PER_RESOURCE, CITIES_PER_PLAYER, KNIGHTS_PER_LEVEL,
    ROADS_PER_PLAYER, SETTLEMENTS_PER_PLAYER, WALLS_PER_PLAYER,
};

/// A broken invariant, in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InvariantViolation {
    /// Short stable name (`resource-conservation`, …).
    pub name: &'static str,
    /// What is wrong.
    pub detail: String,
}

impl std::fmt::Display for InvariantViolation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "invariant {} broken: {}", self.name, self.detail)
    }
}

impl Game {
    /// Checks every invariant.
    ///
    /// # Errors
    /// The first broken invariant.
    pub fn check_invariants(&self) -> Result<(), InvariantViolation> {
        let fail = |name, detail: String| Err(InvariantViolation { name, detail });
        if let Err(e) = self.card_capacity() {
            return fail("card-capacity", e);
        }
        if self.numbered != crate::rules::NumberedHexes::of(&self.tokens) {
            return fail(
                "number-tokens",
                "the hexes kept by number disagree with the tokens".into(),
            );
        }
        if let Some(kept) = self.land_hexes.get() {
            if crate::kept::KeptHexes::land(self).get() != Some(kept) {
                return fail("land-hexes", "the land hexes kept differ from the board".into());
            }
        }
        for k in CardKind::RESOURCES {
            let total: u32 = self.bank.get(k) as u32 + self.players.iter().map(|p| p.hand.get(k) as u32).sum::<u32>();
            if total != CARDS_PER_RESOURCE as u32 {
                return fail(
                    "resource-conservation",
                    format!("{total} {k} in bank and hands, expected 19"),
                );
            }
        }
        for k in [CardKind::Paper, CardKind::Cloth, CardKind::Coin] {
            let total: u32 = self.bank.get(k) as u32 + self.players.iter().map(|p| p.hand.get(k) as u32).sum::<u32>();
            if self.has_commodities() {
                if total != CARDS_PER_COMMODITY as u32 {
                    return fail(
                        "commodity-conservation",
                        format!("{total} {k} in bank and hands, expected 12"),
                    );
                }
            } else if total > 0 {
                return fail("no-commodities", format!("{k} exists in a game without commodities"));
            }
        }
        let dev_total: u32 = self.dev_deck.total()
            + self
                .players
                .iter()
                .map(|p| p.dev_cards.total() + p.new_dev_cards.total() + p.knights_played as u32)
                .sum::<u32>()
            + self.played_non_knights();
        if dev_total != 25 {
            return fail(
                "dev-card-conservation",
                format!("{dev_total} development cards, expected 25"),
            );
        }
        self.check_piece_counts()?;
        if !self
            .player_ids()
            .all(|p| self.players[p.index()].buildings.sound(self, p))
        {
            return fail(
                "building-sites",
                "an intersection noted as holding a seat's building does not".into(),
            );
        }
        let mut harbors = [0u8; crate::ids::MAX_PLAYERS];
        for (v, site) in self.sites.iter().enumerate() {
            if let Some(site) = site {
                harbors[site.owner.index()] |= self.harbor_mask_at(VertexId(v as u16));
            }
        }
        if let Err(e) = self.check_vp_bounds() {
            return fail("vp-bound", e);
        }
        for (i, st) in self.players.iter().enumerate() {
            if st.harbors != harbors[i] {
                return fail(
                    "harbors",
                    format!("{}: cached harbor access disagrees with the board", st.colour),
                );
            }
        }
        for v in 0..self.sites.len() {
            if self.sites[v].is_some() {
                let info = &self.board.topology.vertices()[v];
                if info.neighbours.iter().any(|n| self.sites[n.index()].is_some()) {
                    return fail(
                        "distance-rule",
                        format!("buildings on neighbouring intersections at v{v}"),
                    );
                }
            }
        }
        if let Some((p, e)) = self.first_unconnected_road() {
            return fail(
                "road-connected",
                format!("{}'s road e{e} is not connected to their network", self.colour(p)),
            );
        }
        if let Some(p) = self.route_graph_mismatch() {
            return fail(
                "route-graph",
                format!("{}'s kept route graph differs from their network", self.colour(p)),
            );
        }
        if !self.longest_road_consistent() {
            return fail(
                "longest-road",
                format!(
                    "holder {:?} disagrees with a from-scratch computation",
                    self.longest_road
                ),
            );
        }
        if !self.largest_army_consistent() {
            return fail(
                "largest-army",
                format!("holder {:?} disagrees with knights played", self.largest_army),
            );
        }
        for p in self.player_ids() {
            let scratch = self.vp_from_scratch(p);
            if scratch != self.total_vp(p) {
                return fail(
                    "victory-points",
                    format!(
                        "{}: reported {} but recomputed {scratch}",
                        self.colour(p),
                        self.total_vp(p)
                    ),
                );
            }
        }
        self.check_expansion_invariants()?;
        self.check_pending()?;
        if let Phase::Ended { winner } = self.phase() {
            if self.total_vp(winner) < self.rules.base.victory_target {
                return fail("winner", "the winner has fewer points than the target".into());
            }
        }
        Ok(())
    }

    /// Invariant `piece-count`: each player's roads, settlements and cities on the board
    /// and in supply add up to 15, 5 and 4 (source `base-rules` §1), their list of roads is
    /// the roads on the board, and the cities they count as damaged (Cities & Knights) are
    /// the damaged ones on the board.
    fn check_piece_counts(&self) -> Result<(), InvariantViolation> {
        let fail = |name, detail: String| Err(InvariantViolation { name, detail });
        for (i, st) in self.players.iter().enumerate() {
            let p = PlayerId(i as u8);
            let roads = self.roads.iter().filter(|r| **r == Some(p)).count() as u8;
            let settlements = self.count_sites(p, Building::Settlement);
            let cities = self.count_sites(p, Building::City) + self.count_sites(p, Building::DamagedCity);
            if self.count_sites(p, Building::DamagedCity) != st.ck.damaged_cities {
                return fail(
                    "piece-count",
                    format!("{}: cities on their side disagree with the board", st.colour),
                );
            }
            if roads + st.roads_left != ROADS_PER_PLAYER || roads as usize != st.roads.len() {
                return fail(
                    "piece-count",
                    format!("{}: {roads} roads placed + {} in supply", st.colour, st.roads_left),
                );
            }
            if settlements + st.settlements_left != SETTLEMENTS_PER_PLAYER {
                return fail(
                    "piece-count",
                    format!(
                        "{}: {settlements} settlements placed + {} in supply",
                        st.colour, st.settlements_left
                    ),
                );
            }
            if cities + st.cities_left != CITIES_PER_PLAYER {
                return fail(
                    "piece-count",
                    format!("{}: {cities} cities placed + {} in supply", st.colour, st.cities_left),
                );
            }
        }
        Ok(())
    }

    /// The pending queue ([`crate::pending`]) never fills, never rests on an engine step, is
    /// empty once the game is over, and names only seated players.
    fn check_pending(&self) -> Result<(), InvariantViolation> {
        let fail = |detail: String| {
            Err(InvariantViolation {
                name: "pending",
                detail,
            })
        };
        if self.pending.len() >= crate::pending::PENDING_CAPACITY {
            return fail(format!("the pending queue is full ({} entries)", self.pending.len()));
        }
        if self.winner().is_some() && !self.pending.is_empty() {
            return fail("entries are pending after the game ended".into());
        }
        if let Some(front) = self.pending.front() {
            if front.kind.resolver() == crate::pending::Resolver::Engine {
                return fail(format!("the game rests on an engine step: {:?}", front.kind));
            }
        }
        if let Some(e) = self.pending.iter().find(|e| e.who.index() >= self.players.len()) {
            return fail(format!("an entry names seat {}: {:?}", e.who.0, e.kind));
        }
        Ok(())
    }

    /// Cities & Knights: knights (2 per strength per player, on intersections without
    /// buildings), walls (3 per player, only under their owner's cities), metropolises (on a
    /// city of a player at level 4+, held for good at level 5), the barbarian track in range,
    /// 54 progress cards across decks, hands and VP areas, the progress hand limit off turn.
    pub(crate) fn check_ck_invariants(&self) -> Result<(), InvariantViolation> {
        let fail = |name, detail: String| Err(InvariantViolation { name, detail });
        let n = self.players.len();
        let mut knights = [[0u8; 3]; crate::ids::MAX_PLAYERS];
        if !self.ck.sites.agrees(&self.ck.knights) {
            return fail(
                "knights",
                "the intersections noted as holding a knight are not the board's".into(),
            );
        }
        for (v, k) in self.knights() {
            if !(1..=3).contains(&k.level) || k.owner.index() >= n {
                return fail("knights", format!("a knight at v{} has strength {}", v.0, k.level));
            }
            if self.sites[v.index()].is_some() {
                return fail("knights", format!("a knight shares v{} with a building", v.0));
            }
            knights[k.owner.index()][k.level as usize - 1] += 1;
            if (k.fresh || k.promoted) && !self.ck.marked.covers(v) {
                return fail("knights", format!("the knight at v{} carries a mark not noted", v.0));
            }
        }
        for (p, placed) in knights.iter_mut().enumerate().take(n) {
            // Knights on paths (Barbarian Attack) come out of the same supply.
            for (a, b) in placed.iter_mut().zip(self.knights_elsewhere_ext(PlayerId(p as u8))) {
                *a += b;
            }
        }
        if let Phase::Ck(CkPhase::RelocatingKnight { knight, .. }) = self.phase() {
            // The displaced knight is in its owner's hand until relocated.
            knights[knight.owner.index()][knight.level as usize - 1] += 1;
        }
        let mut walls = [0u8; crate::ids::MAX_PLAYERS];
        for (v, &w) in self.ck.walls.iter().enumerate() {
            if !w {
                continue;
            }
            match self.sites[v] {
                Some(s) if s.building == Building::City => walls[s.owner.index()] += 1,
                _ => return fail("walls", format!("a wall at v{v} stands under no city")),
            }
        }
        for (i, st) in self.players.iter().enumerate() {
            for (l, (&placed, &left)) in knights[i].iter().zip(&st.ck.knights_left).enumerate() {
                if placed + left != KNIGHTS_PER_LEVEL {
                    return fail(
                        "knights",
                        format!(
                            "{}: {} knights of strength {} placed + {} in supply",
                            st.colour,
                            placed,
                            l + 1,
                            left
                        ),
                    );
                }
            }
            if walls[i] + st.ck.walls_left != WALLS_PER_PLAYER {
                return fail(
                    "walls",
                    format!(
                        "{}: {} walls placed + {} in supply",
                        st.colour, walls[i], st.ck.walls_left
                    ),
                );
            }
            if st.ck.improvements.iter().any(|&l| l > 5) {
                return fail("improvements", format!("{}: a level above 5", st.colour));
            }
            if !st.ck.progress.kept_values_hold() {
                return fail(
                    "progress-hand-kept",
                    format!(
                        "{}: the kept number or set of progress cards is not the hand's",
                        st.colour
                    ),
                );
            }
            let p = PlayerId(i as u8);
            let pending = self.phase() == (Phase::Ck(CkPhase::DiscardingProgress { player: p }))
                || matches!(self.phase(), Phase::Ended { .. });
            let over = self
                .progress_limit_now(p)
                .is_some_and(|limit| st.ck.progress.total() > limit);
            if over && !pending {
                return fail(
                    "progress-hand-limit",
                    format!("{} holds {} progress cards", st.colour, st.ck.progress.total()),
                );
            }
            if u32::from(st.ck.victory_point_cards()) != st.ck.progress_vp.total() {
                return fail(
                    "progress-vp",
                    format!("{} has a card other than Printing or Constitution face up", st.colour),
                );
            }
        }
        self.check_metropolis_invariants()?;
        // The ship stays at the end of the track while its attack is being resolved (or the
        // game ended during it).
        let attacking = self.winner().is_some()
            || self.pending.iter().any(|e| {
                matches!(
                    e.kind,
                    crate::pending::PendingKind::Ck(
                        crate::pending::CkPending::ResolveAttack | crate::pending::CkPending::EndAttack
                    )
                )
            });
        if self.ck.barbarians > self.rules.ck.barbarian_track
            || (self.ck.barbarians == self.rules.ck.barbarian_track && !attacking)
        {
            return fail("barbarians", format!("the ship stands at step {}", self.ck.barbarians));
        }
        for c in ProgressCard::ALL {
            let total = self.ck.decks[c.track().index()].count(c)
                + self
                    .players
                    .iter()
                    .map(|p| p.ck.progress.get(c) as u32 + p.ck.progress_vp.get(c) as u32)
                    .sum::<u32>();
            if total != c.copies() as u32 {
                return fail(
                    "progress-conservation",
                    format!("{total} {c} cards in decks and hands, expected {}", c.copies()),
                );
            }
        }
        if self.ck.attacks == 0
            && self.robber.is_some()
            && self.rules.ck.robber_before_attack == RobberBeforeAttack::BesideTrack
        {
            return fail("robber", "the robber is on the island before the first attack".into());
        }
        Ok(())
    }

    /// Each metropolis stands on a city of a player at level 4 or 5 of its track (held for
    /// good at 5), one per city, one whenever someone is at level 4 (unless it is being
    /// placed); the count kept per seat equals the board's.
    fn check_metropolis_invariants(&self) -> Result<(), InvariantViolation> {
        let fail = |name, detail: String| Err(InvariantViolation { name, detail });
        for (i, st) in self.players.iter().enumerate() {
            let p = PlayerId(i as u8);
            let held = Track::ALL
                .iter()
                .filter(|t| {
                    self.ck.metropolis[t.index()]
                        .and_then(|v| self.site(v))
                        .is_some_and(|s| s.owner == p)
                })
                .count();
            if usize::from(self.ck.metropolises_held[i]) != held {
                return fail(
                    "metropolis",
                    format!(
                        "{}: {} metropolises kept, {held} on the board",
                        st.colour, self.ck.metropolises_held[i]
                    ),
                );
            }
        }
        for t in Track::ALL {
            if let Some(v) = self.ck.metropolis[t.index()] {
                let Some(site) = self.sites[v.index()].filter(|s| s.building == Building::City) else {
                    return fail("metropolis", format!("the {t} metropolis stands on no city"));
                };
                let level = self.players[site.owner.index()].level(t);
                if level < 4 || self.ck.metropolis_final[t.index()] != (level == 5) {
                    return fail("metropolis", format!("the {t} metropolis holder is at level {level}"));
                }
                if Track::ALL
                    .iter()
                    .any(|&u| u != t && self.ck.metropolis[u.index()] == Some(v))
                {
                    return fail("metropolis", "two metropolises on one city".into());
                }
            } else if !matches!(self.phase(), Phase::Ck(CkPhase::PlacingMetropolis { track, .. }) if track == t)
                && self.players.iter().any(|p| p.level(t) >= 4)
            {
                return fail(
                    "metropolis",
                    format!("a player is at {t} level 4+ but no metropolis stands"),
                );
            }
        }
        Ok(())
    }

    fn played_non_knights(&self) -> u32 {
        // Road Building, Year of Plenty and Monopoly cards leave the game once played
        // (they go out of play); we count them as what the deck and hands no longer hold.
        self.progress_played as u32
    }

    fn count_sites(&self, p: PlayerId, b: Building) -> u8 {
        self.sites
            .iter()
            .flatten()
            .filter(|s| s.owner == p && s.building == b)
            .count() as u8
    }

    /// A road is connected if a walk over its owner's roads reaches one of the owner's
    /// buildings. Returns the first road that is not.
    fn first_unconnected_road(&self) -> Option<(PlayerId, usize)> {
        let mut reached = vec![false; self.roads.len()];
        let mut stack = Vec::new();
        for (v, site) in self.sites.iter().enumerate() {
            let Some(site) = site else { continue };
            for e in self.board.topology.vertices()[v].edges.iter() {
                if self.roads[e.index()] == Some(site.owner) && !reached[e.index()] {
                    reached[e.index()] = true;
                    stack.push(e.index());
                }
            }
        }
        while let Some(e) = stack.pop() {
            let owner = self.roads[e];
            for &v in &self.board.topology.edges()[e].vertices {
                for n in self.board.topology.vertices()[v.index()].edges.iter() {
                    if !reached[n.index()] && self.roads[n.index()] == owner {
                        reached[n.index()] = true;
                        stack.push(n.index());
                    }
                }
            }
        }
        self.roads
            .iter()
            .enumerate()
            .find(|(e, o)| o.is_some() && !reached[*e])
            .and_then(|(e, o)| o.map(|p| (p, e)))
    }

    fn vp_from_scratch(&self, p: PlayerId) -> u8 {
        let mut vp = 0;
        for v in 0..self.sites.len() {
            if let Some(s) = self.site(VertexId(v as u16)) {
                if s.owner == p {
                    vp += if s.building == Building::City { 2 } else { 1 };
                }
            }
        }
        let st = &self.players[p.index()];
        vp += st.dev_cards.get(DevCard::VictoryPoint) + st.new_dev_cards.get(DevCard::VictoryPoint);
        if self.longest_road == Some(p) {
            vp += 2;
        }
        if self.largest_army == Some(p) {
            vp += 2;
        }
        (vp + self.expansion_vp_from_scratch(p)).saturating_sub(self.building_vp_lost_from_scratch_ext(p))
    }

    /// The Court: 10 soldiers of each colour on the board or held as prisoners, none inland
    /// of a road; at most 20 nobles; each banner and Most Influence with a holder who has at
    /// least 3 and nobody more, and a holder whenever somebody has 3; at most 4 tricolour
    /// banners, each held by a player with prisoners of all three colours.
    pub(crate) fn check_court_invariants(&self) -> Result<(), InvariantViolation> {
        use crate::court::{SoldierColour, FIRST_CLAIM, NOBLES, SOLDIERS_PER_COLOUR, TRICOLOUR_BANNERS};
        let fail = |name, detail: String| Err(InvariantViolation { name, detail });
        let n = self.players.len();
        for c in SoldierColour::ALL {
            let held: u32 = (0..n).map(|i| self.court.prisoners[i][c.index()] as u32).sum();
            let on_board = self.court.soldiers_left(c) as u32;
            if held + on_board != SOLDIERS_PER_COLOUR as u32 {
                return fail(
                    "soldier-conservation",
                    format!("{on_board} {c} soldiers on the board + {held} prisoners, expected 10"),
                );
            }
        }
        for (v, s) in self.court.soldiers.iter().enumerate() {
            if s.is_some() {
                let touched = self
                    .board
                    .topology
                    .vertex(VertexId(v as u16))
                    .is_some_and(|info| info.edges.iter().any(|e| self.roads[e.index()].is_some()));
                if touched {
                    return fail(
                        "soldier-captured",
                        format!("a soldier stands at intersection {v} next to a road"),
                    );
                }
            }
        }
        if self.court.nobles_sent() > NOBLES {
            return fail("nobles", format!("{} nobles at the Court", self.court.nobles_sent()));
        }
        let check_holder = |counts: &[u8], holder: Option<PlayerId>, what: &str| -> Result<(), InvariantViolation> {
            let max = counts.iter().copied().max().unwrap_or(0);
            match holder {
                None if max >= FIRST_CLAIM => fail("holders", format!("nobody holds {what}, but somebody has {max}")),
                Some(h) if counts[h.index()] < FIRST_CLAIM || counts[h.index()] < max => fail(
                    "holders",
                    format!("{what} is held by a player with {}", counts[h.index()]),
                ),
                _ => Ok(()),
            }
        };
        for c in SoldierColour::ALL {
            let counts: Vec<u8> = (0..n).map(|i| self.court.prisoners[i][c.index()]).collect();
            check_holder(&counts, self.court.banners[c.index()], c.name())?;
        }
        check_holder(&self.court.nobles[..n], self.court.influence, "most influence")?;
        if self.court.tricolours_taken() > TRICOLOUR_BANNERS {
            return fail("tricolour", "more than 4 tricolour banners".into());
        }
        for i in 0..n {
            let all = self.court.prisoners[i].iter().all(|k| *k > 0);
            let has = self.court.tricolour & (1 << i) != 0;
            if has && !all {
                return fail(
                    "tricolour",
                    format!("seat {i} holds a tricolour banner without all three colours"),
                );
            }
            if all && !has && self.court.tricolours_taken() < TRICOLOUR_BANNERS {
                return fail(
                    "tricolour",
                    format!("seat {i} has all three colours but no tricolour banner"),
                );
            }
        }
        Ok(())
    }
}
