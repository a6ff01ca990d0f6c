//! The Barbarian Attack part of the game state: barbarians on the coastal hexes and in
//! supply, knights on paths, prisoners, gold, and the scenario deck.

use crate::ids::{HexId, PlayerId, MAX_PLAYERS};
use serde::{Deserialize, Serialize};

/// A card of the scenario deck (source `catan-faq-tb`; deck of 26 per the Traders &
/// Barbarians component list, see `catalog/barbarian-attack.yaml` `BARB.CARD.DECK`).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum BarbCard {
    /// A knight on a free path of the castle hex (14 cards).
    Knighthood,
    /// A knight on any free path (4 cards; "Black Knight" in later English editions).
    SwiftKnight,
    /// 2 gold, and 2 barbarians moved (4 cards).
    Treason,
    /// 1 barbarian taken prisoner (4 cards; "Intrigue" in later English editions).
    Capture,
}

impl BarbCard {
    /// Every card kind, in deck order.
    pub const ALL: [BarbCard; 4] = [
        BarbCard::Knighthood,
        BarbCard::SwiftKnight,
        BarbCard::Treason,
        BarbCard::Capture,
    ];
    /// How many of each the deck holds.
    pub const DECK: [u8; 4] = [14, 4, 4, 4];

    /// The index in [`BarbCard::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }

    /// The kebab-case name scenarios use.
    pub fn name(self) -> &'static str {
        match self {
            BarbCard::Knighthood => "knighthood",
            BarbCard::SwiftKnight => "swift-knight",
            BarbCard::Treason => "treason",
            BarbCard::Capture => "capture",
        }
    }
}

/// A knight standing on a path.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct PathKnight {
    /// Its owner.
    pub owner: PlayerId,
    /// Whether it has moved during this turn (each knight moves once per turn).
    pub moved: bool,
    /// Its strength: always 1 on the base game; with Cities & Knights 1 basic, 2 strong,
    /// 3 mighty (source `003_c1bc764549538a7d.txt` "Knight actions").
    #[serde(default = "basic", skip_serializing_if = "is_basic")]
    pub level: u8,
    /// With Cities & Knights: standing up (active).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub active: bool,
    /// With Cities & Knights: promoted during this turn (once per knight per turn).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub promoted: bool,
}

fn basic() -> u8 {
    1
}

fn is_basic(level: &u8) -> bool {
    *level == 1
}

impl PathKnight {
    /// A knight of the base scenario (strength 1, lying down, not moved).
    pub fn new(owner: PlayerId) -> PathKnight {
        PathKnight {
            owner,
            moved: false,
            level: 1,
            active: false,
            promoted: false,
        }
    }
}

/// The Barbarian Attack state (empty and unused in other rulesets).
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize, Default)]
pub struct BarbState {
    /// Barbarians on each hex (0–3; only coastal hexes hold any).
    pub barbarians: Vec<u8>,
    /// Whether each hex is a coastal hex barbarians land on (fixed at the start).
    pub coastal: Vec<bool>,
    /// The castle hex.
    pub castle: Option<HexId>,
    /// Barbarian figures in supply.
    pub supply: u8,
    /// The knight on each path.
    pub knights: Vec<Option<PathKnight>>,
    /// Knights each player still has in supply.
    pub knights_left: [u8; MAX_PLAYERS],
    /// Prisoners each player holds.
    pub prisoners: [u8; MAX_PLAYERS],
    /// Gold each player holds.
    pub gold: [u16; MAX_PLAYERS],
    /// Purchases with gold the player on turn has made this turn.
    pub purchases: u8,
    /// Scenario cards not drawn since the last shuffle, by kind.
    pub deck: [u8; 4],
    /// Scenario cards resolved and discarded since the last shuffle, by kind.
    pub discards: [u8; 4],
    /// Victory points each player's conquered buildings would give (kept in step with the
    /// board; the invariants recount it).
    pub lost_vp: [u8; MAX_PLAYERS],
    /// For each seat, the harbor kinds (bits as [`crate::state::PlayerState::harbors`]) at
    /// its buildings that none of its buildings surrounded by conquest serves: kinds whose
    /// every building of the seat at a harbor of that kind is surrounded (a metropolis among
    /// them not spared). Kept so that the harbors a player may use are read without visiting
    /// the harbors (`BARB.CONQUEST.BUILDING`): set from the board whenever a token turns,
    /// cleared of a new building's harbors; the invariants recount it. Unknown in a state
    /// read back (the harbors are then visited until a token turns); never written out.
    #[serde(skip)]
    pub(crate) unserved: crate::kept::Kept<[u8; MAX_PLAYERS]>,
    /// The hex of the battle whose losses are still to be rolled.
    pub battle: Option<HexId>,
    /// The sides of that hex (bit `i`: side `i`) whose knights fought in it: every knight
    /// around on the base game, the active ones with Cities & Knights.
    #[serde(default)]
    pub fighters: u8,
    /// With Cities & Knights, where barbarians are unlimited: the barbarians ever placed on
    /// the board (the invariants check board + prisoners against it).
    #[serde(default)]
    pub arrived: u32,
    /// For each path, the paths sharing an intersection with it, as bits (fixed by the board;
    /// the knights' moves are searched over them).
    pub path_adjacency: Vec<PathBits>,
    /// The castle hex's paths, as bits.
    pub castle_paths: PathBits,
    /// For each path, the paths 1 to 5 steps away by distance (fixed by the board; kept so
    /// that a knight's reach is read, not searched).
    #[serde(default)]
    pub path_rings: Vec<[PathBits; 6]>,
    /// For each seat, the paths its knights stand on, as bits (kept in step with `knights`
    /// by [`BarbState::set_knight`]; the invariants recount it). Empty in a state that keeps
    /// none: the listings then read the paths.
    #[serde(default)]
    pub owned: Vec<PathBits>,
    /// The paths of the knights by what the listings ask of them: moved, standing, of each
    /// strength (kept with [`BarbState::owned`] by the same writers; the invariants recount
    /// them).
    #[serde(default)]
    pub sets: KnightSets,
    /// The coastal hexes (those of `coastal`, in id order) with their six paths as bits
    /// (fixed by the board; kept so that the battles are looked for hex by hex from the
    /// knights' sets; the invariants rebuild it). Empty in a state that keeps none: every
    /// knight's hexes are then tried.
    #[serde(default)]
    pub coast: Vec<(HexId, PathBits)>,
    /// With `coast` kept: the paths of the coastal hexes holding barbarians (every change of
    /// barbarians is followed by [`crate::state::Game::refresh_conquest`] or its variant
    /// after barbarians moved, which set it from `coast`; the invariants recount it).
    #[serde(default)]
    pub raided: PathBits,
}

/// The paths of the knights on the board by moved, standing and strength: sets the listings
/// read (the knights' moves and displacements, the battles) instead of the paths.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
pub struct KnightSets {
    /// The knights that moved during this turn.
    pub moved: PathBits,
    /// The standing (active) knights.
    pub active: PathBits,
    /// The knights of each strength (index: strength - 1).
    pub levels: [PathBits; 3],
}

impl KnightSets {
    /// Adds the knight `k` on path `i` to its sets, or takes it out of them when it is in
    /// (each set's bit flipped: the sets hold it exactly when the path holds it).
    #[inline]
    fn flip(&mut self, i: usize, k: PathKnight) {
        let (w, bit) = (i / 64, 1u64 << (i % 64));
        if w >= 4 {
            return;
        }
        if k.moved {
            self.moved[w] ^= bit;
        }
        if k.active {
            self.active[w] ^= bit;
        }
        if let Some(level) = usize::from(k.level).checked_sub(1).and_then(|l| self.levels.get_mut(l)) {
            level[w] ^= bit;
        }
    }

    /// The paths holding a knight.
    #[inline]
    pub fn taken(&self) -> PathBits {
        self.weaker_than(4)
    }

    /// The paths of the knights weaker than strength `level`.
    #[inline]
    pub fn weaker_than(&self, level: u8) -> PathBits {
        let mut bits: PathBits = [0; 4];
        for set in self.levels.iter().take(usize::from(level).saturating_sub(1)) {
            for (b, w) in bits.iter_mut().zip(set) {
                *b |= w;
            }
        }
        bits
    }
}

/// A set of paths as bits (boards for Barbarian Attack have at most 256 paths).
pub type PathBits = [u64; 4];

/// The most paths a Barbarian Attack board may have.
pub const MAX_PATHS: usize = 256;

/// The paths in `bits`, in id order.
pub fn path_members(bits: &PathBits) -> impl Iterator<Item = usize> + '_ {
    bits.iter().enumerate().flat_map(|(w, &word)| {
        let mut b = word;
        std::iter::from_fn(move || {
            if b == 0 {
                return None;
            }
            let i = b.trailing_zeros() as usize;
            b &= b - 1;
            Some(w * 64 + i)
        })
    })
}

/// Calls `f` with each path in `bits`, in id order (a loop over the set bits, for the
/// listings of the hot path).
#[inline]
pub fn for_each_path(bits: &PathBits, mut f: impl FnMut(usize)) {
    for (w, &word) in bits.iter().enumerate() {
        let mut b = word;
        while b != 0 {
            f(w * 64 + b.trailing_zeros() as usize);
            b &= b - 1;
        }
    }
}

/// The paths in both sets.
#[inline]
pub fn path_and(a: &PathBits, b: &PathBits) -> PathBits {
    [a[0] & b[0], a[1] & b[1], a[2] & b[2], a[3] & b[3]]
}

/// Adds path `i` to `bits` (paths beyond [`MAX_PATHS`] are never members).
#[inline]
pub fn add_path(bits: &mut PathBits, i: usize) {
    if let Some(w) = bits.get_mut(i / 64) {
        *w |= 1 << (i % 64);
    }
}

/// Takes path `i` out of `bits`.
#[inline]
pub fn remove_path(bits: &mut PathBits, i: usize) {
    if let Some(w) = bits.get_mut(i / 64) {
        *w &= !(1 << (i % 64));
    }
}

/// The paths `0..n` (the paths of a board of `n` paths).
#[inline]
pub fn first_paths(n: usize) -> PathBits {
    let mut bits: PathBits = [0; 4];
    for (w, word) in bits.iter_mut().enumerate() {
        let lo = w * 64;
        *word = if n >= lo + 64 {
            u64::MAX
        } else if n > lo {
            (1u64 << (n - lo)) - 1
        } else {
            0
        };
    }
    bits
}

/// Whether path `i` is in `bits`.
#[inline]
pub fn has_path(bits: &PathBits, i: usize) -> bool {
    i < MAX_PATHS && bits[i / 64] & (1 << (i % 64)) != 0
}

impl BarbState {
    /// Barbarians on a hex.
    #[inline]
    pub fn on(&self, h: HexId) -> u8 {
        self.barbarians.get(h.index()).copied().unwrap_or(0)
    }

    /// Whether a hex is conquered: a coastal hex holding three barbarians.
    #[inline]
    pub fn conquered(&self, h: HexId) -> bool {
        self.on(h) >= super::BARBARIANS_TO_CONQUER
    }

    /// Barbarians on the board.
    pub fn on_board(&self) -> u32 {
        self.barbarians.iter().map(|&n| u32::from(n)).sum()
    }

    /// Barbarians held as prisoners.
    pub fn held(&self) -> u32 {
        self.prisoners.iter().map(|&n| u32::from(n)).sum()
    }

    /// The knight on a path.
    #[inline]
    pub fn knight(&self, e: crate::ids::EdgeId) -> Option<PathKnight> {
        self.knights.get(e.index()).copied().flatten()
    }

    /// Puts `k` on path `e`, or clears the path (`None`), keeping the seats' path sets
    /// ([`BarbState::owned`]) in step: every change of a path's knight goes through here.
    pub(crate) fn set_knight(&mut self, e: crate::ids::EdgeId, k: Option<PathKnight>) {
        let i = e.index();
        let Some(slot) = self.knights.get_mut(i) else {
            return;
        };
        let old = std::mem::replace(slot, k);
        if let Some(o) = old {
            self.sets.flip(i, o);
        }
        if let Some(n) = k {
            self.sets.flip(i, n);
        }
        if let Some(bits) = old.and_then(|o| self.owned.get_mut(o.owner.index())) {
            remove_path(bits, i);
        }
        if let Some(bits) = k.and_then(|n| self.owned.get_mut(n.owner.index())) {
            add_path(bits, i);
        }
    }

    /// Moves the knight on `from` to the free path `to`, marked as moved this turn, and
    /// returns it as it now stands (`None`, and nothing changes, without a knight on `from`):
    /// the two writes [`BarbState::set_knight`] would make (`from` cleared, `to` set), with
    /// the seats' and knights' sets kept in step in one go. A `to` that is not a free path of
    /// the board goes through those two writes.
    pub(crate) fn move_knight(&mut self, from: crate::ids::EdgeId, to: crate::ids::EdgeId) -> Option<PathKnight> {
        let (i, j) = (from.index(), to.index());
        let old = self.knight(from)?;
        let mut k = old;
        k.moved = true;
        if i == j || !matches!(self.knights.get(j), Some(None)) {
            self.set_knight(from, None);
            self.set_knight(to, Some(k));
            return Some(k);
        }
        self.knights[i] = None;
        self.knights[j] = Some(k);
        self.sets.flip(i, old);
        self.sets.flip(j, k);
        if let Some(bits) = self.owned.get_mut(old.owner.index()) {
            remove_path(bits, i);
            add_path(bits, j);
        }
        Some(k)
    }

    /// Changes the knight on path `e`, if any, by `f` (through [`BarbState::set_knight`]).
    pub(crate) fn update_knight(&mut self, e: crate::ids::EdgeId, f: impl FnOnce(&mut PathKnight)) {
        if let Some(mut k) = self.knight(e) {
            f(&mut k);
            self.set_knight(e, Some(k));
        }
    }

    /// A new turn: no knight has moved or been promoted during it (each knight moves once
    /// per turn, rule `BARB.MOVE.ONCE_PER_TURN`, and with Cities & Knights is promoted once
    /// per turn, source `003_c1bc764549538a7d.txt` "Knight actions"); only the paths holding
    /// a knight are visited when the sets are kept, and only those of the knights that moved
    /// when no knight can carry a promotion's mark (`promotions` false: without Cities &
    /// Knights, whose positions declare no promoted knight either).
    pub(crate) fn new_turn(&mut self, promotions: bool) {
        let refresh = |k: &mut PathKnight| {
            k.moved = false;
            k.promoted = false;
        };
        if self.owned_kept() {
            let marked = if promotions { self.sets.taken() } else { self.sets.moved };
            let knights = &mut self.knights;
            for_each_path(&marked, |i| {
                if let Some(Some(k)) = knights.get_mut(i) {
                    refresh(k);
                }
            });
        } else {
            self.knights.iter_mut().flatten().for_each(refresh);
        }
        self.sets.moved = [0; 4];
    }

    /// Takes the knight off path `e` (see [`BarbState::set_knight`]).
    pub(crate) fn take_knight(&mut self, e: crate::ids::EdgeId) -> Option<PathKnight> {
        let k = self.knight(e);
        self.set_knight(e, None);
        k
    }

    /// Each seat's paths, read from the knights on the paths (what [`BarbState::owned`]
    /// keeps).
    pub(crate) fn owned_from_scratch(&self) -> Vec<PathBits> {
        let mut owned = vec![[0; 4]; MAX_PLAYERS];
        for (i, k) in self.knights.iter().enumerate() {
            if let Some(bits) = k.and_then(|k| owned.get_mut(k.owner.index())) {
                add_path(bits, i);
            }
        }
        owned
    }

    /// The knights' sets, read from the knights on the paths (what [`BarbState::sets`]
    /// keeps).
    pub(crate) fn sets_from_scratch(&self) -> KnightSets {
        let mut sets = KnightSets::default();
        for (i, k) in self.knights.iter().enumerate() {
            if let Some(k) = k {
                sets.flip(i, *k);
            }
        }
        sets
    }

    /// The paths of the coastal hexes holding barbarians, read from the kept coastal hexes
    /// (what [`BarbState::raided`] keeps; nothing when they are not kept).
    pub(crate) fn raided_paths(&self) -> PathBits {
        let mut raided: PathBits = [0; 4];
        for (h, sides) in &self.coast {
            if self.on(*h) > 0 {
                for (r, s) in raided.iter_mut().zip(sides) {
                    *r |= s;
                }
            }
        }
        raided
    }

    /// Whether each seat's path set and the knights' sets ([`BarbState::sets`]) are kept (a
    /// state started by this engine keeps them).
    #[inline]
    pub(crate) fn owned_kept(&self) -> bool {
        self.owned.len() == MAX_PLAYERS
    }
}

#[cfg(test)]
mod tests {
    use crate::random::{Policy, RandomPlayer};
    use crate::rules::barb::testkit::*;

    /// After every turn of random games (base and with Cities & Knights, knights moved and
    /// promoted along the way), no knight still carries a mark of the turn before.
    #[test]
    fn every_knight_may_move_again_after_every_turn() {
        let mut marked = 0;
        for seed in 0..6 {
            let mut g = if seed % 2 == 0 { barb_game(4) } else { barb_ck_game(4) };
            let mut rp = RandomPlayer::new(seed);
            while g.winner().is_none() && g.turn() <= 300 {
                let turn = g.turn();
                let Some(a) = rp.choose(&g, Policy::Builder) else { break };
                marked += g
                    .barb
                    .knights
                    .iter()
                    .flatten()
                    .filter(|k| k.moved || k.promoted)
                    .count();
                g.apply(a).expect("a listed action");
                if g.turn() != turn {
                    assert!(
                        g.barb.knights.iter().flatten().all(|k| !k.moved && !k.promoted),
                        "seed {seed}: a knight keeps its mark into turn {}",
                        g.turn()
                    );
                }
            }
        }
        assert!(marked > 0, "no knight ever moved or was promoted");
    }
}
