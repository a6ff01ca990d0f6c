//! Boards: terrain, number tokens and harbors on a [`Topology`], and the named layouts.
//!
//! Rules held here (source `base-rules`): the 19 terrain hexes of the standard island
//! (§1), the number tokens and the alphabetical A–R spiral or the random placement with no
//! two red numbers adjacent (§10), the beginner layout (§11), the 9 harbors, 4 generic 3:1
//! and 5 specific 2:1 (§1, §5).
//!
//! Hex labels: the land hexes of a board are lettered `A`, `B`, … in reading order (top row
//! first, left to right). On the standard island that is `A B C / D E F G / H I J K L /
//! M N O P / Q R S`, `J` being the centre.

use super::coord::{Axial, Side};
use super::topology::Topology;
use crate::cards::Resource;
use crate::ids::{EdgeId, HexId};
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::sync::Arc;

/// What a hex is.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Terrain {
    /// Produces brick.
    Hills,
    /// Produces lumber.
    Forest,
    /// Produces wool.
    Pasture,
    /// Produces grain.
    Fields,
    /// Produces ore.
    Mountains,
    /// Produces nothing; the robber starts here.
    Desert,
    /// Water: no production, no settlements unless land is adjacent.
    Sea,
    /// The Court (fan variant, source `002_5f4cc12aafd16c0e.txt` "New components"): the
    /// centre hex in place of the desert. Land that produces nothing and takes no number
    /// token; nobles are sent to it.
    Court,
    /// Seafarers' gold field (source `004_bf8a3dbb68824bc0.txt`, Seefahrer "Goldfluss"):
    /// land with a number token that pays each adjacent building resources of its owner's
    /// choice. Only Seafarers maps have it; a game without Seafarers refuses such a board.
    Gold,
    /// Barbarian Attack's castle hex (Traders & Barbarians, source `catan-faq-tb`): land on
    /// the outer ring, opposite the desert, that produces nothing, takes no number token and
    /// can never be conquered; knights enter the island on its six paths.
    Castle,
}

impl Terrain {
    /// The resource this terrain produces.
    pub fn resource(self) -> Option<Resource> {
        match self {
            Terrain::Hills => Some(Resource::Brick),
            Terrain::Forest => Some(Resource::Lumber),
            Terrain::Pasture => Some(Resource::Wool),
            Terrain::Fields => Some(Resource::Grain),
            Terrain::Mountains => Some(Resource::Ore),
            Terrain::Desert | Terrain::Sea | Terrain::Court | Terrain::Gold | Terrain::Castle => None,
        }
    }
    /// Whether this terrain carries a number token (the five resource terrains and gold).
    pub fn takes_token(self) -> bool {
        self.resource().is_some() || self == Terrain::Gold
    }
    /// Whether this is land.
    pub fn is_land(self) -> bool {
        self != Terrain::Sea
    }
    /// English name.
    pub fn name(self) -> &'static str {
        match self {
            Terrain::Hills => "hills",
            Terrain::Forest => "forest",
            Terrain::Pasture => "pasture",
            Terrain::Fields => "fields",
            Terrain::Mountains => "mountains",
            Terrain::Desert => "desert",
            Terrain::Sea => "sea",
            Terrain::Court => "court",
            Terrain::Gold => "gold",
            Terrain::Castle => "castle",
        }
    }
    /// All terrains.
    pub const ALL: [Terrain; 10] = [
        Terrain::Hills,
        Terrain::Forest,
        Terrain::Pasture,
        Terrain::Fields,
        Terrain::Mountains,
        Terrain::Desert,
        Terrain::Sea,
        Terrain::Court,
        Terrain::Gold,
        Terrain::Castle,
    ];
}

impl fmt::Display for Terrain {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What a harbor trades.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum HarborKind {
    /// 3 identical resources for 1.
    Generic,
    /// 2 of this resource for 1.
    Special(Resource),
}

impl fmt::Display for HarborKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HarborKind::Generic => f.write_str("generic 3:1"),
            HarborKind::Special(r) => write!(f, "{r} 2:1"),
        }
    }
}

/// A harbor on a coastal path; a building on either end of the path may use it.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Harbor {
    /// The coastal path.
    pub edge: EdgeId,
    /// What it trades.
    pub kind: HarborKind,
}

/// How number tokens are laid on a random board.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
pub enum TokenPlacement {
    /// The alphabetical A–R spiral from a random corner, counter-clockwise, skipping the desert.
    #[default]
    Spiral,
    /// Random, never two red numbers (6, 8) on adjacent hexes.
    Random,
}

/// A board: topology plus what lies on each hex at the start.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Board {
    /// A short name for reports (`beginner`, `random seed 7 spiral`, `explicit`).
    pub name: String,
    /// The adjacency tables.
    pub topology: Topology,
    /// Terrain by hex id.
    pub terrain: Vec<Terrain>,
    /// Number token by hex id at the start.
    pub tokens: Vec<Option<u8>>,
    /// Harbors.
    pub harbors: Vec<Harbor>,
    /// Label by hex id (`A`…); `None` for sea hexes. Shared: the labels follow from which
    /// hexes are land, the same for every board of one geometry (random play builds one per
    /// game), so boards built from one frame share one list.
    pub labels: Arc<[Option<String>]>,
    /// Where the robber starts (the desert), if anywhere.
    pub robber_start: Option<HexId>,
    /// The Court: the coastal intersection where the purple foreign soldiers begin (the first
    /// of the ten; green and orange follow clockwise). `None`: the first intersection of
    /// [`coastal_intersections`], the north-west corner of hex `A` on the standard island.
    #[serde(default)]
    pub soldier_start: Option<crate::ids::VertexId>,
    /// Seafarers: the sea hex where the pirate starts.
    #[serde(default)]
    pub pirate_start: Option<HexId>,
    /// Seafarers: the land area of each hex (0 for sea; 1 for the main island; 2, 3, … for
    /// the foreign islands and areas whose first settlement earns a bonus). Empty on boards
    /// that have no areas.
    #[serde(default)]
    pub areas: Vec<u8>,
    /// Seafarers: the victory points a scenario map plays to (New Shores 13, Through the
    /// Desert 12); `None` for the base game's boards.
    #[serde(default)]
    pub victory_target: Option<u8>,
}

/// The 19 axial coordinates of the standard island, in reading order.
pub fn standard_coords() -> Vec<Axial> {
    let mut out = Vec::with_capacity(19);
    for r in -2i8..=2 {
        for q in -2i8..=2 {
            if (q + r).abs() <= 2 {
                out.push(Axial::new(q, r));
            }
        }
    }
    out
}

/// The standard token values in alphabetical order A–R (source `base-rules` §10).
pub const SPIRAL_TOKENS: [u8; 18] = [5, 2, 6, 3, 8, 10, 9, 12, 11, 4, 8, 10, 9, 4, 5, 6, 3, 11];

/// The standard 19 terrains (4 forest, 4 pasture, 4 fields, 3 hills, 3 mountains, 1 desert).
pub const STANDARD_TERRAIN: [Terrain; 19] = {
    use Terrain::*;
    [
        Forest, Forest, Forest, Forest, Pasture, Pasture, Pasture, Pasture, Fields, Fields, Fields, Fields, Hills,
        Hills, Hills, Mountains, Mountains, Mountains, Desert,
    ]
};

/// Harbor types of the beginner frame, clockwise from the west side of hex `A`
/// (project choice: the printed frame's positions are not given in text by any source).
pub(crate) const BEGINNER_HARBORS: [HarborKind; 9] = [
    HarborKind::Generic,
    HarborKind::Special(Resource::Wool),
    HarborKind::Generic,
    HarborKind::Generic,
    HarborKind::Special(Resource::Brick),
    HarborKind::Special(Resource::Lumber),
    HarborKind::Generic,
    HarborKind::Special(Resource::Grain),
    HarborKind::Special(Resource::Ore),
];

/// Which of the 30 coastal paths (clockwise from the west side of `A`) carry harbors.
const HARBOR_SLOTS: [usize; 9] = [0, 3, 7, 10, 13, 17, 20, 23, 27];

/// Errors building a board from an explicit description.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BoardError {
    /// A hex was listed twice.
    #[error("hex {0} is listed twice")]
    DuplicateHex(Axial),
    /// A token value that is not 2–6 or 8–12.
    #[error("{0} is not a number token (2–6, 8–12)")]
    BadToken(u8),
    /// A token on a hex that cannot carry one.
    #[error("a {0} hex takes no number token")]
    TokenOnBarren(Terrain),
    /// A harbor on a path that is not coastal.
    #[error("a harbor must lie on a coastal path")]
    HarborNotCoastal,
    /// A board without land.
    #[error("the board has no land hex")]
    NoLand,
}

impl Board {
    /// Builds a board from explicit hexes `(coordinate, terrain, token)` and harbors given as
    /// `(coordinate, side, kind)`. Land hexes are lettered in reading order; the robber starts
    /// on the first desert, if any.
    pub fn explicit(
        name: &str,
        hexes: &[(Axial, Terrain, Option<u8>)],
        harbors: &[(Axial, Side, HarborKind)],
    ) -> Result<Board, BoardError> {
        // The topology ignores a repeated coordinate: with as many hexes as listed, none is
        // repeated, and the set of coordinates seen is only needed to name the first repeat.
        let spec: Vec<(Axial, bool)> = hexes.iter().map(|h| (h.0, h.1.is_land())).collect();
        let topology = Topology::new(&spec);
        let mut seen = (topology.hex_count() != hexes.len()).then(std::collections::BTreeSet::new);
        for (c, t, tok) in hexes {
            if seen.as_mut().is_some_and(|seen| !seen.insert(*c)) {
                return Err(BoardError::DuplicateHex(*c));
            }
            if let Some(n) = tok {
                if !(2..=12).contains(n) || *n == 7 {
                    return Err(BoardError::BadToken(*n));
                }
                if !t.takes_token() {
                    return Err(BoardError::TokenOnBarren(*t));
                }
            }
        }
        if !hexes.iter().any(|h| h.1.is_land()) {
            return Err(BoardError::NoLand);
        }
        let n = topology.hex_count();
        let mut terrain = vec![Terrain::Sea; n];
        let mut tokens = vec![None; n];
        for (c, t, tok) in hexes {
            if let Some(id) = topology.hex_at(*c) {
                terrain[id.index()] = *t;
                tokens[id.index()] = *tok;
            }
        }
        let mut hs = Vec::new();
        for (c, side, kind) in harbors {
            let key = c.side(*side);
            match topology.edge_by_key(key) {
                Some(e) if topology.edges()[e.index()].coastal => hs.push(Harbor { edge: e, kind: *kind }),
                _ => return Err(BoardError::HarborNotCoastal),
            }
        }
        Ok(Board::assemble(name, topology, terrain, tokens, hs))
    }

    /// Letters the land hexes and puts the robber on the first desert.
    fn assemble(
        name: &str,
        topology: Topology,
        terrain: Vec<Terrain>,
        tokens: Vec<Option<u8>>,
        harbors: Vec<Harbor>,
    ) -> Board {
        let labels = letter_labels(&topology, &terrain).into();
        Board::assemble_labelled(name, topology, terrain, tokens, harbors, labels)
    }

    /// [`Board::assemble`] with the labels given (those [`letter_labels`] finds for `terrain`).
    fn assemble_labelled(
        name: &str,
        topology: Topology,
        terrain: Vec<Terrain>,
        tokens: Vec<Option<u8>>,
        harbors: Vec<Harbor>,
        labels: Arc<[Option<String>]>,
    ) -> Board {
        let robber_start = terrain
            .iter()
            .position(|t| *t == Terrain::Desert)
            .map(|i| HexId(i as u16));
        Board {
            name: name.to_string(),
            topology,
            terrain,
            tokens,
            harbors,
            labels,
            robber_start,
            soldier_start: None,
            pirate_start: None,
            areas: Vec::new(),
            victory_target: None,
        }
    }

    /// The beginner layout (source `base-rules` §11), robber on the desert, harbors as
    /// documented on `BEGINNER_HARBORS` (a project choice).
    pub fn beginner() -> Board {
        use Terrain::*;
        let rows: [(Terrain, Option<u8>); 19] = [
            (Mountains, Some(10)),
            (Pasture, Some(2)),
            (Forest, Some(9)),
            (Fields, Some(12)),
            (Hills, Some(6)),
            (Pasture, Some(4)),
            (Hills, Some(10)),
            (Fields, Some(9)),
            (Forest, Some(11)),
            (Desert, None),
            (Forest, Some(3)),
            (Mountains, Some(8)),
            (Forest, Some(8)),
            (Mountains, Some(3)),
            (Fields, Some(4)),
            (Pasture, Some(5)),
            (Hills, Some(5)),
            (Fields, Some(6)),
            (Pasture, Some(11)),
        ];
        Board::standard("beginner", &rows, BEGINNER_HARBORS)
    }

    /// A seeded random standard board: terrain shuffled, tokens by `placement`, harbor types
    /// shuffled over the nine harbor positions. The same seed gives the same board.
    pub fn random(seed: u64, placement: TokenPlacement) -> Board {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut terrain = STANDARD_TERRAIN;
        terrain.shuffle(&mut rng);
        let coords = standard_coords();
        let tokens = lay_tokens(&mut rng, &coords, &terrain, placement);
        let rows: Vec<(Terrain, Option<u8>)> = terrain.iter().copied().zip(tokens).collect();
        let mut harbors = BEGINNER_HARBORS;
        harbors.shuffle(&mut rng);
        let name = match placement {
            TokenPlacement::Spiral => format!("random seed {seed} tokens spiral"),
            TokenPlacement::Random => format!("random seed {seed} tokens random"),
        };
        Board::standard(&name, &rows, harbors)
    }

    /// The Court's fixed board (a project choice, for scenarios): the beginner layout with the
    /// Court hex in place of the desert at the centre `J`. Its terrain and number tokens are
    /// exactly the beginner board's, whose desert already stands in the centre.
    pub fn beginner_court() -> Board {
        let mut b = Board::beginner();
        for t in &mut b.terrain {
            if *t == Terrain::Desert {
                *t = Terrain::Court;
            }
        }
        b.name = "beginner court".into();
        b.robber_start = None;
        b
    }

    /// A seeded random board for The Court (source `002_5f4cc12aafd16c0e.txt`, set-up): the
    /// desert left out, the Court in the centre, the other 18 land hexes shuffled into the two
    /// rings around it, harbors shuffled, number tokens by `placement` with the Court in the
    /// desert's role (the spiral skips it). The robber starts off the island.
    pub fn random_court(seed: u64, placement: TokenPlacement) -> Board {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut ring: Vec<Terrain> = STANDARD_TERRAIN
            .iter()
            .copied()
            .filter(|t| *t != Terrain::Desert)
            .collect();
        ring.shuffle(&mut rng);
        let coords = standard_coords();
        let centre = coords.iter().position(|c| *c == Axial::new(0, 0)).unwrap_or(9);
        let mut it = ring.into_iter();
        let terrain: Vec<Terrain> = (0..coords.len())
            .map(|i| {
                if i == centre {
                    Terrain::Court
                } else {
                    it.next().unwrap_or(Terrain::Court)
                }
            })
            .collect();
        let tokens = lay_tokens(&mut rng, &coords, &terrain, placement);
        let rows: Vec<(Terrain, Option<u8>)> = terrain.iter().copied().zip(tokens).collect();
        let mut harbors = BEGINNER_HARBORS;
        harbors.shuffle(&mut rng);
        let name = match placement {
            TokenPlacement::Spiral => format!("court random seed {seed} tokens spiral"),
            TokenPlacement::Random => format!("court random seed {seed} tokens random"),
        };
        Board::standard(&name, &rows, harbors)
    }

    /// The standard island with `rows` (terrain and token of each hex of
    /// [`standard_coords`], in their order) and the harbor kinds of the nine harbor slots:
    /// written into the island's frame ([`StandardFrame`]), built once per thread.
    pub(crate) fn standard(name: &str, rows: &[(Terrain, Option<u8>)], harbors: [HarborKind; 9]) -> Board {
        thread_local! {
            static FRAME: StandardFrame = StandardFrame::build();
        }
        FRAME.with(|f| {
            let mut terrain = vec![Terrain::Desert; 19];
            let mut tokens = vec![None; 19];
            for (h, (t, tok)) in f.hexes.iter().zip(rows) {
                if let Some(id) = h {
                    terrain[id.index()] = *t;
                    tokens[id.index()] = *tok;
                }
            }
            let hs = f
                .harbor_edges
                .iter()
                .zip(harbors)
                .filter_map(|(edge, kind)| edge.map(|edge| Harbor { edge, kind }))
                .collect();
            // Every standard board is all land (the frame's labels) unless `rows` say otherwise.
            let labels = if terrain.iter().all(|t| t.is_land()) {
                f.labels.clone()
            } else {
                letter_labels(&f.topology, &terrain).into()
            };
            Board::assemble_labelled(name, f.topology.clone(), terrain, tokens, hs, labels)
        })
    }

    /// [`Board::standard`] built from scratch: the topology, the hexes by coordinate and the
    /// coastal cycle found again (what the tests compare it with).
    #[cfg(test)]
    fn standard_from_scratch(name: &str, rows: &[(Terrain, Option<u8>)], harbors: [HarborKind; 9]) -> Board {
        let coords = standard_coords();
        let spec: Vec<(Axial, bool)> = coords.iter().map(|c| (*c, true)).collect();
        let topology = Topology::new(&spec);
        let mut terrain = vec![Terrain::Desert; 19];
        let mut tokens = vec![None; 19];
        for (c, (t, tok)) in coords.iter().zip(rows) {
            if let Some(id) = topology.hex_at(*c) {
                terrain[id.index()] = *t;
                tokens[id.index()] = *tok;
            }
        }
        let ring = coastal_cycle(&topology);
        let hs = HARBOR_SLOTS
            .iter()
            .zip(harbors)
            .filter_map(|(&slot, kind)| ring.get(slot).map(|&edge| Harbor { edge, kind }))
            .collect();
        Board::assemble(name, topology, terrain, tokens, hs)
    }

    /// The hex with a label (`A`…) or `None`.
    pub fn hex_by_label(&self, label: &str) -> Option<HexId> {
        self.labels
            .iter()
            .position(|l| l.as_deref() == Some(label))
            .map(|i| HexId(i as u16))
    }

    /// A hex's label, or its axial coordinate for unlabelled (sea) hexes.
    pub fn hex_name(&self, id: HexId) -> String {
        match self.labels.get(id.index()) {
            Some(Some(l)) => l.clone(),
            _ => self
                .topology
                .hex(id)
                .map(|h| h.coord.to_string())
                .unwrap_or_else(|| format!("{id:?}")),
        }
    }
}

/// The standard island apart from what lies on it: its topology, the hex of each of
/// [`standard_coords`] (in their order) and the path of each harbor slot ([`HARBOR_SLOTS`]
/// along [`coastal_cycle`]), and the labels of an island all of land. None of these depends
/// on the terrain, tokens or harbor kinds, so every standard board (random play builds one
/// per game) is this frame with its contents written in; a test compares such boards with
/// boards built from scratch.
struct StandardFrame {
    topology: Topology,
    hexes: Vec<Option<HexId>>,
    harbor_edges: [Option<EdgeId>; 9],
    labels: Arc<[Option<String>]>,
}

impl StandardFrame {
    fn build() -> StandardFrame {
        let coords = standard_coords();
        let spec: Vec<(Axial, bool)> = coords.iter().map(|c| (*c, true)).collect();
        let topology = Topology::new(&spec);
        let hexes = coords.iter().map(|c| topology.hex_at(*c)).collect();
        let ring = coastal_cycle(&topology);
        let harbor_edges = HARBOR_SLOTS.map(|slot| ring.get(slot).copied());
        let labels = letter_labels(&topology, &[Terrain::Desert; 19]).into();
        StandardFrame {
            topology,
            hexes,
            harbor_edges,
            labels,
        }
    }
}

/// Number tokens for a standard island: the alphabetical spiral from a random corner, or
/// random with no two red numbers adjacent; hexes producing nothing (desert, Court) get none.
fn lay_tokens(
    rng: &mut ChaCha8Rng,
    coords: &[Axial],
    terrain: &[Terrain],
    placement: TokenPlacement,
) -> Vec<Option<u8>> {
    let mut tokens = vec![None; coords.len()];
    let barren = |t: &Terrain| t.resource().is_none();
    match placement {
        TokenPlacement::Spiral => {
            let corner = rand::Rng::random_range(rng, 0..6usize);
            let order = spiral_order(corner);
            let mut next = SPIRAL_TOKENS.iter();
            for c in order {
                let i = coords.iter().position(|x| *x == c).unwrap_or(0);
                if !terrain.get(i).is_some_and(barren) {
                    tokens[i] = next.next().copied();
                }
            }
        }
        TokenPlacement::Random => {
            let mut values = SPIRAL_TOKENS;
            // Rejection sampling: bounded, and in practice succeeds within a few tries.
            for _ in 0..100_000 {
                values.shuffle(rng);
                let mut it = values.iter();
                for (i, t) in terrain.iter().enumerate() {
                    tokens[i] = if barren(t) { None } else { it.next().copied() };
                }
                if !red_numbers_adjacent(coords, &tokens) {
                    break;
                }
            }
        }
    }
    tokens
}

/// The coastal intersections of a board in one clockwise cycle, starting with the
/// north-west corner of the first land hex (the order the Court's foreign soldiers are laid).
pub fn coastal_intersections(topology: &Topology) -> Vec<crate::ids::VertexId> {
    let ring = coastal_cycle(topology);
    let mut out: Vec<crate::ids::VertexId> = Vec::with_capacity(ring.len());
    let Some(first) = topology.hexes().iter().find(|h| h.land) else {
        return out;
    };
    let mut at = first.corners[super::coord::Corner::NW as usize];
    for e in ring.iter().skip(1) {
        out.push(at);
        match topology.other_end(*e, at) {
            Some(next) => at = next,
            None => break,
        }
    }
    out.push(at);
    out
}

/// Letters land hexes A, B, … Z, AA, AB … in id (reading) order.
fn letter_labels(topology: &Topology, terrain: &[Terrain]) -> Vec<Option<String>> {
    let mut n = 0usize;
    (0..topology.hex_count())
        .map(|i| {
            if terrain.get(i).is_some_and(|t| t.is_land()) {
                let l = letter(n);
                n += 1;
                Some(l)
            } else {
                None
            }
        })
        .collect()
}

fn letter(mut n: usize) -> String {
    let mut s = Vec::new();
    loop {
        s.push(b'A' + (n % 26) as u8);
        if n < 26 {
            break;
        }
        n = n / 26 - 1;
    }
    s.reverse();
    String::from_utf8(s).unwrap_or_default()
}

/// The six ring directions, clockwise from the upper-left corner hex (`A` on ring 2).
const RING_DIRS: [(i8, i8); 6] = [(0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0)];

/// The order tokens are laid in the alphabetical spiral: from corner `corner` (0..6,
/// clockwise from `A`) counter-clockwise around the outer ring, then the middle ring, then
/// the centre (source `base-rules` §10).
pub fn spiral_order(corner: usize) -> Vec<Axial> {
    let mut out = Vec::with_capacity(19);
    for k in (1..=2i8).rev() {
        for step in 0..6 {
            let i = (corner + 6 - step) % 6;
            let j = (corner + 6 - step - 1) % 6;
            let (dq, dr) = RING_DIRS[i];
            let (eq, er) = RING_DIRS[j];
            let start = Axial::new(dq * k, dr * k);
            let (sq, sr) = (eq - dq, er - dr);
            for m in 0..k {
                out.push(Axial::new(start.q + sq * m, start.r + sr * m));
            }
        }
    }
    out.push(Axial::new(0, 0));
    out
}

fn red_numbers_adjacent(coords: &[Axial], tokens: &[Option<u8>]) -> bool {
    let red = |t: Option<u8>| matches!(t, Some(6) | Some(8));
    for (i, a) in coords.iter().enumerate() {
        if !red(tokens[i]) {
            continue;
        }
        for s in Side::ALL {
            let nb = a.neighbour(s);
            if let Some(j) = coords.iter().position(|c| *c == nb) {
                if red(tokens[j]) {
                    return true;
                }
            }
        }
    }
    false
}

/// The coastal paths of a board in one clockwise cycle, starting with the west side of the
/// first land hex.
pub fn coastal_cycle(topology: &Topology) -> Vec<EdgeId> {
    let Some(first) = topology.hexes().iter().find(|h| h.land) else {
        return Vec::new();
    };
    let start = first.sides[Side::W as usize];
    let mut cur_vertex = first.corners[super::coord::Corner::NW as usize];
    let mut out = vec![start];
    let mut prev = start;
    while let Some(v) = topology.vertex(cur_vertex) {
        let next = v
            .edges
            .iter()
            .find(|&e| e != prev && topology.edges()[e.index()].coastal);
        match next {
            Some(e) if e != start => {
                out.push(e);
                cur_vertex = match topology.other_end(e, cur_vertex) {
                    Some(x) => x,
                    None => break,
                };
                prev = e;
            }
            _ => break,
        }
        if out.len() > topology.edge_count() {
            break;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count(board: &Board, t: Terrain) -> usize {
        board.terrain.iter().filter(|x| **x == t).count()
    }

    /// Standard boards written into the island's frame are those built from scratch: random
    /// boards of both token placements, The Court's, the beginner board, and a board whose
    /// rows are short (the missing hexes stay desert without a token).
    #[test]
    fn standard_boards_from_the_frame_are_those_built_from_scratch() {
        for seed in 0..40 {
            for placement in [TokenPlacement::Spiral, TokenPlacement::Random] {
                for board in [Board::random(seed, placement), Board::random_court(seed, placement)] {
                    let (rows, kinds) = rows_and_harbor_kinds(&board);
                    assert_eq!(
                        board,
                        Board::standard_from_scratch(&board.name, &rows, kinds),
                        "seed {seed}"
                    );
                    let short = &rows[..seed as usize % 19];
                    assert_eq!(
                        Board::standard("short", short, kinds),
                        Board::standard_from_scratch("short", short, kinds)
                    );
                    // A sea hex among the rows: the labels are found again, not the frame's.
                    let mut wet = rows.clone();
                    wet[seed as usize % 19] = (Terrain::Sea, None);
                    let board = Board::standard("wet", &wet, kinds);
                    assert_eq!(board, Board::standard_from_scratch("wet", &wet, kinds));
                    assert_eq!(board.labels.iter().flatten().count(), 18);
                }
            }
        }
        let b = Board::beginner();
        let (rows, kinds) = rows_and_harbor_kinds(&b);
        assert_eq!(b, Board::standard_from_scratch("beginner", &rows, kinds));
    }

    /// A standard board's terrain and token per hex of [`standard_coords`] (in their order)
    /// and its nine harbors' kinds: what [`Board::standard`] builds it from.
    fn rows_and_harbor_kinds(board: &Board) -> (Vec<(Terrain, Option<u8>)>, [HarborKind; 9]) {
        let rows = standard_coords()
            .iter()
            .map(|&c| {
                let h = board.topology.hex_at(c).expect("a standard hex");
                (board.terrain[h.index()], board.tokens[h.index()])
            })
            .collect();
        (rows, std::array::from_fn(|i| board.harbors[i].kind))
    }

    #[test]
    fn beginner_layout_has_standard_components() {
        let b = Board::beginner();
        assert_eq!(count(&b, Terrain::Forest), 4);
        assert_eq!(count(&b, Terrain::Pasture), 4);
        assert_eq!(count(&b, Terrain::Fields), 4);
        assert_eq!(count(&b, Terrain::Hills), 3);
        assert_eq!(count(&b, Terrain::Mountains), 3);
        assert_eq!(count(&b, Terrain::Desert), 1);
        let mut toks: Vec<u8> = b.tokens.iter().flatten().copied().collect();
        toks.sort();
        let mut std = SPIRAL_TOKENS.to_vec();
        std.sort();
        assert_eq!(toks, std);
        assert_eq!(b.hex_by_label("J"), b.robber_start);
        assert_eq!(b.terrain[b.hex_by_label("A").unwrap().index()], Terrain::Mountains);
        assert_eq!(b.tokens[b.hex_by_label("A").unwrap().index()], Some(10));
        assert_eq!(b.tokens[b.hex_by_label("S").unwrap().index()], Some(11));
    }

    #[test]
    fn nine_harbors_four_generic_on_distinct_coastal_paths() {
        for b in [Board::beginner(), Board::random(3, TokenPlacement::Spiral)] {
            assert_eq!(b.harbors.len(), 9);
            assert_eq!(b.harbors.iter().filter(|h| h.kind == HarborKind::Generic).count(), 4);
            for r in Resource::ALL {
                assert_eq!(b.harbors.iter().filter(|h| h.kind == HarborKind::Special(r)).count(), 1);
            }
            for h in &b.harbors {
                assert!(b.topology.edges()[h.edge.index()].coastal);
            }
            // no two harbors share an intersection
            let mut vs: Vec<_> = b
                .harbors
                .iter()
                .flat_map(|h| b.topology.edges()[h.edge.index()].vertices)
                .collect();
            vs.sort();
            vs.dedup();
            assert_eq!(vs.len(), 18);
        }
    }

    /// `Board::explicit` names the first fault in the listed order: a repeated hex (found
    /// only when the topology holds fewer hexes than listed), a bad token, no land, a harbor
    /// off the coast; and a harbor lands on the path with its key.
    #[test]
    fn explicit_refuses_in_listed_order_and_finds_harbor_paths() {
        let (a, b) = (Axial::new(0, 0), Axial::new(1, 0));
        let hill = |c: Axial, tok: Option<u8>| (c, Terrain::Hills, tok);
        let board = |hexes: &[(Axial, Terrain, Option<u8>)]| Board::explicit("t", hexes, &[]).err();
        assert_eq!(
            board(&[hill(a, Some(5)), hill(a, Some(6))]),
            Some(BoardError::DuplicateHex(a))
        );
        assert_eq!(
            board(&[hill(a, Some(7)), hill(a, Some(6))]),
            Some(BoardError::BadToken(7))
        );
        assert_eq!(
            board(&[hill(a, Some(5)), hill(b, Some(7)), hill(b, None)]),
            Some(BoardError::BadToken(7))
        );
        assert_eq!(
            board(&[hill(a, Some(5)), hill(b, None), hill(b, Some(7))]),
            Some(BoardError::DuplicateHex(b))
        );
        assert_eq!(
            board(&[hill(a, Some(5)), hill(b, Some(7))]),
            Some(BoardError::BadToken(7))
        );
        assert_eq!(board(&[(a, Terrain::Sea, None)]), Some(BoardError::NoLand));
        let pair = [hill(a, Some(5)), hill(b, Some(6))];
        let shared = Side::ALL
            .into_iter()
            .find(|&s| Side::ALL.iter().any(|&t| b.side(t) == a.side(s)))
            .expect("a shared side");
        let refused = Board::explicit("t", &pair, &[(a, shared, HarborKind::Generic)]).err();
        assert_eq!(refused, Some(BoardError::HarborNotCoastal));
        for side in Side::ALL.into_iter().filter(|&s| s != shared) {
            let built = Board::explicit("t", &pair, &[(a, side, HarborKind::Generic)]).expect("a coastal harbor");
            let scanned = built.topology.edges().iter().position(|e| e.key == a.side(side));
            assert_eq!(scanned.map(|i| EdgeId(i as u16)), Some(built.harbors[0].edge));
        }
    }

    #[test]
    fn coastal_cycle_has_thirty_paths() {
        let b = Board::beginner();
        let ring = coastal_cycle(&b.topology);
        assert_eq!(ring.len(), 30);
    }

    #[test]
    fn spiral_visits_every_hex_once() {
        for c in 0..6 {
            let mut o = spiral_order(c);
            assert_eq!(o.len(), 19);
            o.sort();
            o.dedup();
            assert_eq!(o.len(), 19);
        }
        let o = spiral_order(0);
        // From A counter-clockwise: A, D, H, M, ...; middle ring from E.
        let coords = standard_coords();
        let label = |a: Axial| (b'A' + coords.iter().position(|c| *c == a).unwrap() as u8) as char;
        let s: String = o.into_iter().map(label).collect();
        assert_eq!(s, "ADHMQRSPLGCBEINOKFJ");
    }

    #[test]
    fn random_board_is_seeded_and_keeps_reds_apart() {
        assert_eq!(
            Board::random(9, TokenPlacement::Random),
            Board::random(9, TokenPlacement::Random)
        );
        for seed in 0..50 {
            let b = Board::random(seed, TokenPlacement::Random);
            assert!(!red_numbers_adjacent(&standard_coords(), &b.tokens));
            let d = b.robber_start.unwrap();
            assert_eq!(b.tokens[d.index()], None);
        }
        for seed in 0..20 {
            let b = Board::random(seed, TokenPlacement::Spiral);
            assert_eq!(b.tokens.iter().flatten().count(), 18);
        }
    }
}
