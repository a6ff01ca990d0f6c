//! Invariants that hold after every step of every game; checked by tests and random play.
//!
//! Conservation (bank + hands = 19 of each resource; 25 development cards across deck,
//! hands and knights played), piece counts (placed + supply = 15/5/4), the distance rule,
//! road connectivity, victory points and the Longest Road / Largest Army holders recomputed
//! from scratch.

use crate::cards::{CardKind, DevCard};
use crate::ids::{PlayerId, VertexId};
use crate::state::{
    Building, Game, Phase, CARDS_PER_RESOURCE, CITIES_PER_PLAYER, ROADS_PER_PLAYER, SETTLEMENTS_PER_PLAYER,
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
            if self.bank.get(k) > 0 || self.players.iter().any(|p| p.hand.get(k) > 0) {
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
        for (i, st) in self.players.iter().enumerate() {
            let p = PlayerId(i as u8);
            let roads = self.roads.iter().filter(|r| **r == Some(p)).count() as u8;
            let settlements = self.count_sites(p, Building::Settlement);
            let cities = self.count_sites(p, Building::City);
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
        if let Phase::Ended { winner } = self.phase {
            if self.total_vp(winner) < self.rules.base.victory_target {
                return fail("winner", "the winner has fewer points than the target".into());
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
        vp
    }
}
