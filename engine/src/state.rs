//! Game state: the board's pieces, players, bank, decks, turn and phase.
//!
//! [`Game`] is the validated state; it changes only through [`Game::apply`]. A scenario or
//! test builds an unvalidated [`Setup`](crate::position::Setup) and turns it into a `Game` with
//! [`Game::from_setup`], which checks the position for consistency.

use crate::board::Board;
use crate::cards::{Cards, DevCard, DevCards};
use crate::ids::{Colour, EdgeId, HexId, PlayerId, VertexId, MAX_PLAYERS};
use crate::progress::{ProgressCard, ProgressCards, ProgressDeck, ProgressHand, Track};
use crate::ruleset::Ruleset;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

pub use crate::rules::barb::pending::BarbPhase;
pub use crate::rules::ck::pending::CkPhase;
pub use crate::rules::sea::pending::SeaPhase;

/// Pieces per player in the base game: 15 roads, 5 settlements, 4 cities (`base-rules` §1).
pub const ROADS_PER_PLAYER: u8 = 15;
/// See [`ROADS_PER_PLAYER`].
pub const SETTLEMENTS_PER_PLAYER: u8 = 5;
/// See [`ROADS_PER_PLAYER`].
pub const CITIES_PER_PLAYER: u8 = 4;
/// Cards of each resource in the game (`base-rules` §1).
pub const CARDS_PER_RESOURCE: u8 = 19;
/// Cards of each commodity in Cities & Knights (source `000_fee7e8147b67bbe6.txt` p. 2).
pub const CARDS_PER_COMMODITY: u8 = 12;
/// City walls per player (source `000_fee7e8147b67bbe6.txt` p. 8).
pub const WALLS_PER_PLAYER: u8 = 3;
/// Knight pieces per strength per player (source `000_fee7e8147b67bbe6.txt` p. 9).
pub const KNIGHTS_PER_LEVEL: u8 = 2;
/// Progress cards a player may keep in hand, victory point cards aside (p. 10).
pub const PROGRESS_HAND_LIMIT: u32 = 4;

/// A knight on an intersection (Cities & Knights).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Knight {
    /// Owner.
    pub owner: PlayerId,
    /// Strength: 1 basic, 2 strong, 3 mighty.
    pub level: u8,
    /// Standing up (active) or lying down.
    pub active: bool,
    /// Activated during this turn: it may not act this turn.
    pub fresh: bool,
    /// Promoted during this turn: it may not be promoted again this turn.
    pub promoted: bool,
}

/// The Cities & Knights part of the game state (empty and unused in other rulesets).
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize, Default)]
pub struct CkState {
    /// Steps the barbarian ship has sailed (0 = start; attacks at the track length).
    pub barbarians: u8,
    /// Barbarian attacks so far; the robber is active after the first.
    pub attacks: u16,
    /// Knights by intersection.
    pub knights: Vec<Option<Knight>>,
    /// City walls by intersection (only under cities).
    pub walls: Vec<bool>,
    /// The intersection holding each track's metropolis.
    pub metropolis: [Option<VertexId>; 3],
    /// Whether a track's metropolis is held for good (its holder reached level 5).
    pub metropolis_final: [bool; 3],
    /// The metropolises each seat holds, kept with [`CkState::metropolis`] by
    /// [`Game::set_metropolis`] so that the victory check reads a player's metropolis points
    /// without looking at the board (the invariants recount them).
    #[serde(default)]
    pub(crate) metropolises_held: [u8; MAX_PLAYERS],
    /// The merchant: its hex and the player controlling it.
    pub merchant: Option<(HexId, PlayerId)>,
    /// The three progress decks (science, trade, politics).
    pub decks: [ProgressDeck; 3],
    /// The last roll: red die, yellow die, event face.
    pub dice: Option<(u8, u8, crate::progress::EventFace)>,
    /// Alchemy: the production dice set before the roll.
    pub alchemy: Option<(u8, u8)>,
    /// Merchant Fleet: the kinds tradeable 2:1 for the rest of the turn (one per card played).
    pub fleet: crate::kind_set::KindSet,
    /// Commercial Harbor: played this turn.
    pub harbor: bool,
    /// Commercial Harbor: opponents already offered a trade this turn (bit set).
    pub harbor_done: u8,
    /// Fiesepeter battle rule: the knights each seat committed to the battle under way.
    #[serde(default)]
    pub committed: [crate::action::KnightSet; MAX_PLAYERS],
    /// The intersections whose knight may carry a mark of this turn: a cache, not written
    /// out (read back as unknown).
    #[serde(skip)]
    pub(crate) marked: crate::rules::ck::knights::MarkedKnights,
    /// The intersections holding a knight: a cache, not written out (read back as unknown).
    #[serde(skip)]
    pub(crate) sites: crate::rules::ck::knights::KnightSites,
    /// Per seat, the intersections where a knight of theirs was placed or taken off since
    /// the kept route graphs last looked (a change of the others' blocking there): kept, not
    /// written out (read back as unknown: every intersection may have changed).
    #[serde(skip)]
    pub(crate) route_touched: crate::kept::Kept<[crate::rules::KnightTouched; MAX_PLAYERS]>,
    /// The progress cards played and revealed since random play began counting: a history
    /// kept for its summary, not part of the game, not written out.
    #[serde(skip)]
    pub(crate) tally: crate::rules::ck::progress::ProgressTally,
}

/// A building on an intersection.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Building {
    /// A settlement (1 VP, produces 1).
    Settlement,
    /// A city (2 VP, produces 2).
    City,
    /// Cities & Knights: a pillaged city turned on its side because no settlement was left in
    /// supply. It scores and produces as a settlement and must be repaired (built into a city
    /// again) before any other city is built (source `000_fee7e8147b67bbe6.txt` p. 11,
    /// `004_bf8a3dbb68824bc0.txt` "Barbaren").
    DamagedCity,
}

impl Building {
    /// Whether this counts as a city (for improvements, walls, barbarian strength).
    #[inline]
    pub fn is_city(self) -> bool {
        self == Building::City
    }
}

/// What stands on an intersection.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Site {
    /// Owner.
    pub owner: PlayerId,
    /// Which building.
    pub building: Building,
}

/// What the game waits for: the public view of the front of the pending queue, or of the
/// turn's step when nothing is pending ([`crate::pending`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(tag = "phase", rename_all = "kebab-case")]
pub enum Phase {
    /// Initial placement. `placed` counts settlements placed so far; `road_from` is set when
    /// the player must now place the road at that settlement.
    Setup {
        /// Settlements placed so far (0..2n).
        placed: u8,
        /// The settlement the next road must touch.
        road_from: Option<VertexId>,
    },
    /// The current player may play a development card, or roll.
    BeforeRoll,
    /// Chance: the production dice.
    Rolling,
    /// Players owing a discard after a 7 must discard (any order).
    Discarding,
    /// The current player must move the robber.
    MovingRobber,
    /// The current player must name whom to rob.
    ChoosingVictim,
    /// Chance: the card stolen from `victim`.
    Stealing {
        /// The victim.
        victim: PlayerId,
    },
    /// Trading and building.
    Main,
    /// Placing free roads (Road Building).
    FreeRoads {
        /// Roads still to place.
        remaining: u8,
    },
    /// A trade offer awaits the answer of `to`.
    TradeOffer {
        /// The player asked.
        to: PlayerId,
        /// What the current player gives.
        give: Cards,
        /// What the current player receives.
        get: Cards,
    },
    /// Chance: the development card drawn.
    DrawingDevCard,
    /// The game is over.
    Ended {
        /// The winner.
        winner: PlayerId,
    },
    /// A phase of Cities & Knights' decisions and draws ([`CkPhase`], declared with the
    /// expansion's rules); serialized as its own variant (`{"phase": "pillaging", …}`).
    /// An expansion's arm is `#[serde(untagged)]`, and serde wants those after every tagged
    /// variant: base phases go above this line, expansions' arms below.
    #[serde(untagged)]
    Ck(CkPhase),
    /// A phase of Seafarers' decisions ([`SeaPhase`], declared with the expansion's rules).
    #[serde(untagged)]
    Sea(SeaPhase),
    /// A phase of Barbarian Attack's decisions and chance steps ([`BarbPhase`]).
    #[serde(untagged)]
    Barb(BarbPhase),
}

impl Phase {
    /// The base game's phase names, as [`Phase::name`] gives them.
    const BASE_NAMES: &'static [&'static str] = &[
        "setup",
        "before-roll",
        "rolling",
        "discarding",
        "moving-robber",
        "choosing-victim",
        "stealing",
        "main",
        "free-roads",
        "trade-offer",
        "drawing-dev-card",
        "ended",
    ];

    /// The phase names of each part of the game: the base game's, then each expansion's that
    /// has phases of its own (one line per expansion).
    const NAME_PARTS: &'static [&'static [&'static str]] =
        &[Phase::BASE_NAMES, CkPhase::NAMES, SeaPhase::NAMES, BarbPhase::NAMES];

    /// Every phase name, as [`Phase::name`] gives them: the base game's, then each
    /// expansion's.
    pub const NAMES: &'static [&'static str] = &concat_names::<{ names_len(Phase::NAME_PARTS) }>(Phase::NAME_PARTS);

    /// A short kebab-case name (`setup`, `before-roll`, `main`, …).
    pub fn name(&self) -> &'static str {
        match self {
            Phase::Setup { .. } => "setup",
            Phase::BeforeRoll => "before-roll",
            Phase::Rolling => "rolling",
            Phase::Discarding => "discarding",
            Phase::MovingRobber => "moving-robber",
            Phase::ChoosingVictim => "choosing-victim",
            Phase::Stealing { .. } => "stealing",
            Phase::Main => "main",
            Phase::FreeRoads { .. } => "free-roads",
            Phase::TradeOffer { .. } => "trade-offer",
            Phase::DrawingDevCard => "drawing-dev-card",
            Phase::Ended { .. } => "ended",
            Phase::Ck(p) => p.name(),
            Phase::Sea(p) => p.name(),
            Phase::Barb(p) => p.name(),
        }
    }

    /// What a chance phase waits for, in words; `None` when a player (or nobody) is to act.
    pub fn chance_awaited(&self) -> Option<&'static str> {
        match self {
            Phase::Rolling => Some("the game waits for the dice"),
            Phase::Stealing { .. } => Some("the game waits for the stolen card"),
            Phase::DrawingDevCard => Some("the game waits for the development card drawn"),
            Phase::Ck(p) => p.chance_awaited(),
            Phase::Barb(p) => p.chance_awaited(),
            _ => None,
        }
    }

    /// Whether a chance outcome is awaited.
    pub fn is_chance(&self) -> bool {
        self.chance_awaited().is_some()
    }
}

/// How many names `parts` hold together, for [`Phase::NAMES`].
const fn names_len(parts: &[&[&'static str]]) -> usize {
    let mut n = 0;
    let mut i = 0;
    while i < parts.len() {
        n += parts[i].len();
        i += 1;
    }
    n
}

/// The names of `parts` one after the other, as one array of `N` names (`N` is
/// [`names_len`] of `parts`), for [`Phase::NAMES`].
const fn concat_names<const N: usize>(parts: &[&[&'static str]]) -> [&'static str; N] {
    let mut out = [""; N];
    let mut n = 0;
    let mut i = 0;
    while i < parts.len() {
        let mut j = 0;
        while j < parts[i].len() {
            out[n] = parts[i][j];
            n += 1;
            j += 1;
        }
        i += 1;
    }
    out
}

/// One player's Cities & Knights state.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct CkPlayer {
    /// Level reached on each improvement track (science, trade, politics).
    pub improvements: [u8; 3],
    /// Knight pieces in supply by strength (basic, strong, mighty).
    pub knights_left: [u8; 3],
    /// City walls in supply.
    pub walls_left: u8,
    /// Progress cards in hand (never victory point cards), with their number kept.
    pub progress: ProgressHand,
    /// Victory point progress cards face up (Printing, Constitution).
    pub progress_vp: ProgressCards,
    /// Defender VP tokens.
    pub vp_tokens: u8,
    /// Cities of this player turned on their side (see
    /// [`Building::DamagedCity`]); each uses a city piece.
    pub damaged_cities: u8,
}

impl CkPlayer {
    /// The victory point progress cards face up: [`CkPlayer::progress_vp`] holds only
    /// Printing and Constitution (a drawn one is laid out at once, a position declares no
    /// other; the invariants check it), so their two counts are its total.
    #[inline]
    pub(crate) fn victory_point_cards(&self) -> u8 {
        use crate::progress::ProgressCard;
        self.progress_vp.get(ProgressCard::Printing) + self.progress_vp.get(ProgressCard::Constitution)
    }

    /// A promotion from strength `level`: that piece goes back to supply, one of the next
    /// strength comes out.
    #[inline]
    pub(crate) fn exchange_for_stronger(&mut self, level: u8) {
        self.knights_left[level as usize - 1] += 1;
        self.knights_left[level as usize] -= 1;
    }
}

impl Default for CkPlayer {
    /// Full supply: 2 knights of each strength, 3 walls; no levels or cards.
    fn default() -> CkPlayer {
        CkPlayer {
            improvements: [0; 3],
            knights_left: [KNIGHTS_PER_LEVEL; 3],
            walls_left: WALLS_PER_PLAYER,
            progress: ProgressHand::EMPTY,
            progress_vp: ProgressCards::EMPTY,
            vp_tokens: 0,
            damaged_cities: 0,
        }
    }
}

/// One player's state.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct PlayerState {
    /// The colour naming this seat.
    pub colour: Colour,
    /// Resource (and commodity) cards in hand.
    pub hand: Cards,
    /// Development cards held from earlier turns (playable).
    pub dev_cards: DevCards,
    /// Development cards bought this turn (not playable yet).
    pub new_dev_cards: DevCards,
    /// Knight cards played (face up).
    pub knights_played: u8,
    /// Roads left in supply.
    pub roads_left: u8,
    /// Settlements left in supply.
    pub settlements_left: u8,
    /// Cities left in supply.
    pub cities_left: u8,
    /// Paths holding this player's roads, in the order built.
    pub roads: Vec<EdgeId>,
    /// Harbors this player has a building at (cached when a settlement is placed): bit 0 a
    /// generic 3:1 harbor, bit 1 + resource index a 2:1 harbor for that resource.
    pub harbors: u8,
    /// Cities & Knights: the player's knights, walls, improvements and progress cards (left
    /// at their starting values in other games).
    pub ck: CkPlayer,
    /// The intersections of this player's buildings, a cache kept in every game (read by the
    /// city listing and Cities & Knights' listings; not written out, read back as unknown).
    #[serde(skip)]
    pub(crate) buildings: crate::rules::building_sites::BuildingSites,
}

impl PlayerState {
    /// A fresh player with full supply.
    pub fn new(colour: Colour) -> PlayerState {
        PlayerState {
            colour,
            hand: Cards::EMPTY,
            dev_cards: DevCards::EMPTY,
            new_dev_cards: DevCards::EMPTY,
            knights_played: 0,
            roads_left: ROADS_PER_PLAYER,
            settlements_left: SETTLEMENTS_PER_PLAYER,
            cities_left: CITIES_PER_PLAYER,
            roads: Vec::with_capacity(ROADS_PER_PLAYER as usize),
            harbors: 0,
            ck: CkPlayer::default(),
            buildings: Default::default(),
        }
    }

    /// Level on a track.
    pub fn level(&self, t: Track) -> u8 {
        self.ck.improvements[t.index()]
    }

    /// Progress cards in hand (victory point cards are never in hand).
    pub fn progress_in_hand(&self) -> u32 {
        self.ck.progress.total()
    }

    /// Hidden victory point cards (held and new).
    pub fn vp_cards(&self) -> u8 {
        self.dev_cards.get(DevCard::VictoryPoint) + self.new_dev_cards.get(DevCard::VictoryPoint)
    }
}

/// The whole game state.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Game {
    pub(crate) rules: Ruleset,
    pub(crate) board: Arc<Board>,
    pub(crate) tokens: Vec<Option<u8>>,
    /// The hexes of each number token, kept with `tokens`.
    pub(crate) numbered: crate::rules::NumberedHexes,
    pub(crate) robber: Option<HexId>,
    pub(crate) sites: Vec<Option<Site>>,
    pub(crate) roads: Vec<Option<PlayerId>>,
    pub(crate) players: Vec<PlayerState>,
    pub(crate) bank: Cards,
    pub(crate) dev_deck: DevCards,
    /// Where the turn stands when nothing is pending.
    pub(crate) step: crate::pending::Step,
    /// Decisions, chance outcomes and engine steps awaited, in order.
    pub(crate) pending: crate::pending::PendingQueue,
    pub(crate) current: PlayerId,
    pub(crate) first_player: PlayerId,
    pub(crate) turn: u32,
    pub(crate) dev_played: bool,
    pub(crate) longest_road: Option<PlayerId>,
    pub(crate) largest_army: Option<PlayerId>,
    /// Road Building, Year of Plenty and Monopoly cards played (out of the game).
    pub(crate) progress_played: u8,
    /// Cities & Knights state.
    pub(crate) ck: CkState,
    /// The Court state.
    #[serde(default)]
    pub(crate) court: crate::court::CourtState,
    /// The Seafarers state.
    #[serde(default)]
    pub(crate) sea: crate::rules::sea::state::SeaState,
    /// The Barbarian Attack state.
    #[serde(default)]
    pub(crate) barb: crate::rules::barb::state::BarbState,
    /// A bound on each player's points for the victory check: a cache, not written out
    /// (read back as unknown).
    #[serde(skip)]
    pub(crate) vp_bounds: crate::rules::victory::VpBounds,
    /// Each player's route network as a search graph: kept, not written out (read back as
    /// unknown).
    #[serde(skip)]
    pub(crate) route: crate::rules::RouteGraphs,
    /// The land hexes, found once from the board when the game starts
    /// ([`crate::kept::KeptHexes::land`]): kept, not written out (read back as unknown).
    #[serde(skip)]
    pub(crate) land_hexes: crate::kept::KeptHexes,
}

impl Game {
    /// A new game at the start of setup: empty board, full bank and deck, `first` to place.
    ///
    /// # Errors
    /// [`crate::RuleError::Unsupported`] for a ruleset that is not implemented, or for a
    /// player count other than 3 or 4 (reported as unsupported).
    pub fn new(
        rules: Ruleset,
        board: Arc<Board>,
        colours: &[Colour],
        first: PlayerId,
    ) -> Result<Game, crate::RuleError> {
        rules.validate()?;
        if !(3..=4).contains(&colours.len()) {
            return Err(crate::RuleError::Unsupported {
                what: "a game with other than 3 or 4 players",
            });
        }
        if board.terrain.contains(&crate::board::Terrain::Gold) && !rules.has(crate::ruleset::Expansion::Seafarers) {
            // Gold fields pay a choice of resources (Seafarers), which is not implemented yet:
            // refused rather than silently producing nothing.
            return Err(crate::RuleError::Unsupported {
                what: "a board with gold fields without Seafarers",
            });
        }
        if first.index() >= colours.len() {
            return Err(crate::RuleError::UnknownId {
                what: "player",
                id: first.0 as u16,
            });
        }
        let v = board.topology.vertex_count();
        let e = board.topology.edge_count();
        let mut bank = Cards::EMPTY;
        for r in crate::cards::CardKind::RESOURCES {
            bank.set(r, CARDS_PER_RESOURCE);
        }
        let mut g = Game {
            tokens: board.tokens.clone(),
            numbered: crate::rules::NumberedHexes::of(&board.tokens),
            robber: board.robber_start,
            board,
            rules,
            sites: vec![None; v],
            roads: vec![None; e],
            players: colours.iter().map(|c| PlayerState::new(*c)).collect(),
            bank,
            dev_deck: DevCards::FULL_DECK,
            step: crate::pending::Step::Setup {
                placed: 0,
                road_from: None,
            },
            pending: crate::pending::PendingQueue::default(),
            current: first,
            first_player: first,
            turn: 0,
            dev_played: false,
            longest_road: None,
            largest_army: None,
            progress_played: 0,
            ck: CkState::default(),
            court: crate::court::CourtState::default(),
            sea: crate::rules::sea::state::SeaState::default(),
            barb: crate::rules::barb::state::BarbState::default(),
            vp_bounds: crate::rules::victory::VpBounds::default(),
            route: crate::rules::RouteGraphs::default(),
            land_hexes: Default::default(),
        };
        g.land_hexes = crate::kept::KeptHexes::land(&g);
        let topo = &g.board.topology;
        for st in g.players.iter_mut() {
            st.buildings = crate::rules::building_sites::BuildingSites::empty(topo);
        }
        g.start_expansions()?;
        g.recount_vp_bounds();
        Ok(g)
    }

    // ----- read access -----

    /// The ruleset.
    pub fn rules(&self) -> &Ruleset {
        &self.rules
    }
    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }
    /// The shared board handle.
    pub fn board_arc(&self) -> &Arc<Board> {
        &self.board
    }
    /// Number of players.
    pub fn player_count(&self) -> usize {
        self.players.len()
    }
    /// All seats in turn order.
    pub fn player_ids(&self) -> impl Iterator<Item = PlayerId> {
        (0..self.players.len() as u8).map(PlayerId)
    }
    /// One player's state.
    pub fn player(&self, p: PlayerId) -> Option<&PlayerState> {
        self.players.get(p.index())
    }
    /// All players' states.
    pub fn players(&self) -> &[PlayerState] {
        &self.players
    }
    /// A seat's colour.
    pub fn colour(&self, p: PlayerId) -> Colour {
        self.players.get(p.index()).map(|s| s.colour).unwrap_or(Colour::Red)
    }
    /// The seat with a colour.
    pub fn player_by_colour(&self, c: Colour) -> Option<PlayerId> {
        self.players
            .iter()
            .position(|s| s.colour == c)
            .map(|i| PlayerId(i as u8))
    }
    /// The building on an intersection.
    pub fn site(&self, v: VertexId) -> Option<Site> {
        self.sites.get(v.index()).copied().flatten()
    }
    /// The owner of the road on a path.
    pub fn road(&self, e: EdgeId) -> Option<PlayerId> {
        self.roads.get(e.index()).copied().flatten()
    }
    /// The number token on a hex now.
    pub fn token(&self, h: HexId) -> Option<u8> {
        self.tokens.get(h.index()).copied().flatten()
    }
    /// Where the robber stands.
    pub fn robber(&self) -> Option<HexId> {
        self.robber
    }
    /// The bank.
    pub fn bank(&self) -> Cards {
        self.bank
    }
    /// The development deck (as counts; the order of draws is chance).
    pub fn dev_deck(&self) -> DevCards {
        self.dev_deck
    }
    /// The phase: what the front of the pending queue waits for, or the turn's step.
    #[inline]
    pub fn phase(&self) -> Phase {
        match (self.step, self.pending.front()) {
            (crate::pending::Step::Ended { winner }, _) => Phase::Ended { winner },
            (_, Some(entry)) => entry.phase(),
            (step, None) => step.phase(),
        }
    }
    /// Whether the current player is in the trade and build phase with nothing pending
    /// (the same as `phase() == Phase::Main`, without building the view).
    #[inline]
    pub fn in_main(&self) -> bool {
        self.pending.is_empty() && self.step == crate::pending::Step::Main
    }
    /// Whether the current player has not rolled yet and nothing is pending.
    #[inline]
    pub fn in_before_roll(&self) -> bool {
        self.pending.is_empty() && self.step == crate::pending::Step::BeforeRoll
    }
    /// Whether players owe discards now (the same as `phase() == Phase::Discarding`, without
    /// building the view: only a base discard entry at the front shows that phase).
    #[inline]
    pub fn in_discards(&self) -> bool {
        use crate::pending::{BasePending, PendingKind, Step};
        !matches!(self.step, Step::Ended { .. })
            && matches!(
                self.pending.front(),
                Some(e) if matches!(e.kind, PendingKind::Base(BasePending::Discard { .. }))
            )
    }
    /// The turn's step (setup, before the roll, trade and build, over).
    pub fn step(&self) -> crate::pending::Step {
        self.step
    }
    /// Everything the game waits for, in the order it is resolved.
    pub fn pending(&self) -> &crate::pending::PendingQueue {
        &self.pending
    }
    /// Whose turn it is (in setup: who places).
    pub fn current(&self) -> PlayerId {
        self.current
    }
    /// The player who started.
    pub fn first_player(&self) -> PlayerId {
        self.first_player
    }
    /// Turn number: 0 during setup, then 1, 2, …
    pub fn turn(&self) -> u32 {
        self.turn
    }
    /// Whether a development card has been played this turn.
    pub fn dev_played_this_turn(&self) -> bool {
        self.dev_played
    }
    /// Who holds Longest Road.
    pub fn longest_road(&self) -> Option<PlayerId> {
        self.longest_road
    }
    /// Who holds Largest Army.
    pub fn largest_army(&self) -> Option<PlayerId> {
        self.largest_army
    }
    /// Discards owed after a 7, by seat.
    pub fn discards_owed(&self, p: PlayerId) -> u8 {
        self.pending
            .front_group()
            .find_map(|e| match e.kind {
                crate::pending::PendingKind::Base(crate::pending::BasePending::Discard { count }) if e.who == p => {
                    Some(count)
                }
                _ => None,
            })
            .unwrap_or(0)
    }
    /// The winner, once the game is over.
    pub fn winner(&self) -> Option<PlayerId> {
        match self.step {
            crate::pending::Step::Ended { winner } => Some(winner),
            _ => None,
        }
    }

    /// Victory points visible to everybody (buildings, Longest Road, Largest Army). Buildings
    /// are counted from the supply (placed = limit - left); the invariants recount the board.
    pub fn public_vp(&self, p: PlayerId) -> u8 {
        let Some(st) = self.players.get(p.index()) else {
            return 0;
        };
        let (buildings, others) = self.vp_parts(p, st);
        buildings.saturating_sub(self.building_vp_lost_ext(p)) + others
    }

    /// A player's visible points in two parts: their buildings' (a pillaged city counting
    /// as a settlement), before an expansion takes any away (Barbarian Attack's conquered
    /// buildings), and the rest (Longest Road, Largest Army, the expansions' own points).
    #[inline]
    fn vp_parts(&self, p: PlayerId, st: &PlayerState) -> (u8, u8) {
        let settlements = SETTLEMENTS_PER_PLAYER.saturating_sub(st.settlements_left);
        let cities = CITIES_PER_PLAYER.saturating_sub(st.cities_left);
        let buildings = (settlements + 2 * cities).saturating_sub(st.ck.damaged_cities);
        (buildings, self.title_vp(p) + self.expansion_vp(p, st))
    }

    /// Longest Road and Largest Army, 2 points each.
    #[inline]
    pub(crate) fn title_vp(&self, p: PlayerId) -> u8 {
        2 * (u8::from(self.longest_road == Some(p)) + u8::from(self.largest_army == Some(p)))
    }

    /// `p`'s points before an expansion's losses, hidden ones included, without Longest Road
    /// and Largest Army: what [`crate::rules::victory::VpBounds`] bounds.
    pub(crate) fn vp_without_titles(&self, p: PlayerId) -> u8 {
        let Some(st) = self.players.get(p.index()) else {
            return 0;
        };
        let (buildings, others) = self.vp_parts(p, st);
        buildings + others - self.title_vp(p) + st.vp_cards()
    }

    /// Whether `p` has at least `target` points, hidden ones included ([`Game::total_vp`]):
    /// the points before an expansion's losses are counted first, and the losses only when
    /// those reach the target (the usual answer, no, needs no count of losses).
    #[inline]
    pub(crate) fn total_vp_reaches(&self, p: PlayerId, target: u8) -> bool {
        let Some(st) = self.players.get(p.index()) else {
            return false;
        };
        let (buildings, others) = self.vp_parts(p, st);
        let hidden = st.vp_cards();
        if buildings + others + hidden < target {
            return false;
        }
        buildings.saturating_sub(self.building_vp_lost_ext(p)) + others + hidden >= target
    }

    /// Victory points only Cities & Knights gives: metropolis +2 each, merchant 1, defender
    /// tokens 1 each, victory point progress cards 1 each (source `000_fee7e8147b67bbe6.txt`
    /// pp. 8, 11, 13–15; `001_f137f77325d91eec.txt` §16).
    pub(crate) fn ck_vp(&self, p: PlayerId, st: &PlayerState) -> u8 {
        let mut vp = st.ck.vp_tokens + st.ck.victory_point_cards();
        vp += 2 * self.ck.metropolises_held.get(p.index()).copied().unwrap_or(0);
        if matches!(self.ck.merchant, Some((_, owner)) if owner == p) {
            vp += 1;
        }
        vp
    }

    // ----- Cities & Knights read access -----

    /// The knight on an intersection.
    pub fn knight(&self, v: VertexId) -> Option<Knight> {
        self.ck.knights.get(v.index()).copied().flatten()
    }
    /// Whether a city wall stands under the city on an intersection.
    pub fn wall(&self, v: VertexId) -> bool {
        self.ck.walls.get(v.index()).copied().unwrap_or(false)
    }
    /// The intersection holding a track's metropolis.
    pub fn metropolis(&self, t: Track) -> Option<VertexId> {
        self.ck.metropolis[t.index()]
    }
    /// Whether a track's metropolis is held for good (its holder reached level 5).
    pub fn metropolis_final(&self, t: Track) -> bool {
        self.ck.metropolis_final[t.index()]
    }
    /// The metropolis on an intersection, if any.
    pub fn metropolis_at(&self, v: VertexId) -> Option<Track> {
        Track::ALL
            .into_iter()
            .find(|t| self.ck.metropolis[t.index()] == Some(v))
    }
    /// The merchant's hex and controller.
    pub fn merchant(&self) -> Option<(HexId, PlayerId)> {
        self.ck.merchant
    }
    /// Steps the barbarian ship has sailed.
    pub fn barbarians(&self) -> u8 {
        self.ck.barbarians
    }
    /// Barbarian attacks so far.
    pub fn barbarian_attacks(&self) -> u16 {
        self.ck.attacks
    }
    /// A progress deck.
    pub fn progress_deck(&self, t: Track) -> &ProgressDeck {
        &self.ck.decks[t.index()]
    }
    /// The last roll of a Cities & Knights turn (red, yellow, event face).
    pub fn ck_dice(&self) -> Option<(u8, u8, crate::progress::EventFace)> {
        self.ck.dice
    }
    /// The Court state (foreign soldiers, prisoners, banners, nobles).
    pub fn court(&self) -> &crate::court::CourtState {
        &self.court
    }
    /// Every knight on the board with its intersection, in intersection order.
    pub fn knights(&self) -> impl Iterator<Item = (VertexId, Knight)> + '_ {
        self.ck
            .knights
            .iter()
            .enumerate()
            .filter_map(|(i, k)| k.map(|k| (VertexId(i as u16), k)))
    }
    /// Every knight on the board, in intersection order, read at the intersections known to
    /// hold one ([`crate::rules::ck::knights::KnightSites`]; every one when unknown).
    fn placed_knights(&self) -> impl Iterator<Item = (VertexId, Knight)> + '_ {
        let knights = &self.ck.knights;
        self.ck
            .sites
            .candidates(knights.len())
            .filter_map(move |i| knights.get(i).copied().flatten().map(|k| (VertexId(i as u16), k)))
    }
    /// The knights on the board of the players `whose` accepts, in intersection order. The
    /// scan stops once it has met every knight those players have out of their supply (the
    /// invariant `knights`: pieces placed plus supply make two of each strength; a knight
    /// elsewhere, on a path or waiting to be relocated, only means the scan runs to the end).
    pub(crate) fn knights_of<'a>(
        &'a self,
        whose: impl Fn(PlayerId) -> bool + 'a,
    ) -> impl Iterator<Item = (VertexId, Knight)> + 'a {
        let mut out = 0usize;
        for (i, st) in self.players.iter().enumerate() {
            if whose(PlayerId(i as u8)) {
                let left: u8 = st.ck.knights_left.iter().sum();
                out += usize::from((3 * KNIGHTS_PER_LEVEL).saturating_sub(left));
            }
        }
        self.placed_knights().filter(move |(_, k)| whose(k.owner)).take(out)
    }
    /// `p`'s buildings of the kinds `wanted` accepts, in intersection order: the intersections
    /// of its buildings kept by Cities & Knights when they are all known
    /// ([`crate::rules::building_sites::BuildingSites`]), else a scan of the board. Either
    /// stops once it has met as many as the supply says are on the board: the pieces placed
    /// are the limit less the supply, a pillaged city on its side counted apart (the
    /// invariant `piece-count` keeps these equal to the board).
    pub(crate) fn own_buildings<'a>(
        &'a self,
        p: PlayerId,
        wanted: impl Fn(Building) -> bool + 'a,
    ) -> impl Iterator<Item = VertexId> + 'a {
        let st = &self.players[p.index()];
        let damaged = st.ck.damaged_cities;
        let placed = [
            (
                Building::Settlement,
                SETTLEMENTS_PER_PLAYER.saturating_sub(st.settlements_left),
            ),
            (
                Building::City,
                CITIES_PER_PLAYER.saturating_sub(st.cities_left).saturating_sub(damaged),
            ),
            (Building::DamagedCity, damaged),
        ];
        let n: usize = placed
            .iter()
            .filter(|(b, _)| wanted(*b))
            .map(|&(_, n)| usize::from(n))
            .sum();
        let built = placed.iter().map(|&(_, n)| usize::from(n)).sum();
        let candidates = match st.buildings.complete(built) {
            Some(set) => crate::rules::ck::knights::SiteCandidates::Known(set.iter_below(self.sites.len())),
            None => crate::rules::ck::knights::SiteCandidates::Every(0..self.sites.len()),
        };
        candidates
            .filter_map(move |v| match self.sites.get(v).copied().flatten() {
                Some(s) if s.owner == p && wanted(s.building) => Some(VertexId(v as u16)),
                _ => None,
            })
            .take(n)
    }
    /// Cards a seat still owes the current player after a Wedding.
    pub fn gifts_owed(&self, p: PlayerId) -> u8 {
        self.pending
            .front_group()
            .find_map(|e| match e.kind {
                crate::pending::PendingKind::Ck(crate::pending::CkPending::Gift { count }) if e.who == p => Some(count),
                _ => None,
            })
            .unwrap_or(0)
    }
    /// The progress card with a name held by a player, for refusals.
    pub fn holds_progress(&self, p: PlayerId, c: ProgressCard) -> bool {
        self.player(p).is_some_and(|s| s.ck.progress.get(c) > 0)
    }

    /// All victory points, hidden victory point cards included.
    pub fn total_vp(&self, p: PlayerId) -> u8 {
        self.public_vp(p) + self.player(p).map(|s| s.vp_cards()).unwrap_or(0)
    }

    /// Who must act now.
    pub fn actor(&self) -> Actor {
        use crate::pending::Resolver;
        if self.winner().is_some() {
            return Actor::Nobody;
        }
        match self.pending.front() {
            None => Actor::Player(self.current),
            Some(e) if e.kind.resolver() == Resolver::Chance => Actor::Chance,
            Some(e) if e.kind.simultaneous() => Actor::Discarders,
            Some(e) => Actor::Player(e.who),
        }
    }

    /// The players who owe the decision the game waits for, in seat order: one player, or
    /// every player who still owes a discard (or a Wedding gift); none when chance decides or
    /// the game is over.
    pub fn deciders(&self) -> impl Iterator<Item = PlayerId> + '_ {
        let actor = self.actor();
        self.player_ids().filter(move |&p| match actor {
            Actor::Player(q) => p == q,
            Actor::Discarders => self.discards_owed(p) > 0 || self.gifts_owed(p) > 0,
            Actor::Chance | Actor::Nobody => false,
        })
    }

    /// The harbors at an intersection, as the bit mask of [`PlayerState::harbors`].
    pub(crate) fn harbor_mask_at(&self, v: VertexId) -> u8 {
        let mut mask = 0;
        for h in &self.board.harbors {
            let at = self
                .board
                .topology
                .edge(h.edge)
                .is_some_and(|e| e.vertices.contains(&v));
            if at {
                mask |= harbor_bit(h.kind);
            }
        }
        mask
    }

    pub(crate) fn next_seat(&self, p: PlayerId) -> PlayerId {
        PlayerId(((p.index() + 1) % self.players.len()) as u8)
    }
}

/// A harbor's bit in [`PlayerState::harbors`] (bit 0: a 3:1 harbor; bit `1 + r`: the 2:1
/// harbor of resource `r`).
pub(crate) fn harbor_bit(kind: crate::board::HarborKind) -> u8 {
    match kind {
        crate::board::HarborKind::Generic => 1,
        crate::board::HarborKind::Special(r) => 1 << (1 + r as u8),
    }
}

/// Who must act next.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Actor {
    /// One player decides.
    Player(PlayerId),
    /// Every player who owes a discard (see [`Game::discards_owed`]).
    Discarders,
    /// A chance outcome.
    Chance,
    /// Nobody: the game is over.
    Nobody,
}
