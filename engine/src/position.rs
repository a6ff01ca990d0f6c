//! Positions: an unvalidated [`Setup`] (what a scenario declares) and its validation into a
//! [`Game`] by [`Game::from_setup`].
//!
//! Checked unless [`Setup::checked`] is false: piece limits, one piece per place, pieces on
//! land, the distance rule, every road connected to its owner's buildings, bank + hands = 19
//! of each resource, development cards adding up to the 25 of the deck, and declared Longest
//! Road / Largest Army holders consistent with the position. Every error names the item it
//! is about ([`Subject`]), so a scenario can point at the offending line.

use crate::board::Board;
use crate::cards::{CardKind, Cards, DevCard, DevCards};
use crate::ids::{Colour, EdgeId, HexId, PlayerId, VertexId, MAX_PLAYERS};
use crate::progress::{ProgressCards, ProgressDeck, Track};
use crate::ruleset::Ruleset;
use crate::state::{
    Building, Game, Phase, Site, CARDS_PER_COMMODITY, CARDS_PER_RESOURCE, CITIES_PER_PLAYER, ROADS_PER_PLAYER,
    SETTLEMENTS_PER_PLAYER,
};
use std::sync::Arc;

/// One player's declared pieces and cards.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerSetup {
    /// The colour naming the seat.
    pub colour: Colour,
    /// Settlements.
    pub settlements: Vec<VertexId>,
    /// Cities.
    pub cities: Vec<VertexId>,
    /// Roads.
    pub roads: Vec<EdgeId>,
    /// Resource cards.
    pub hand: Cards,
    /// Development cards held from earlier turns.
    pub dev_cards: DevCards,
    /// Development cards bought this turn.
    pub new_dev_cards: DevCards,
    /// Knight cards played.
    pub knights_played: u8,
    /// Cities & Knights: knights, walls, levels, progress cards (empty in other games).
    pub ck: CkPlayerSetup,
    /// The Court: prisoners and nobles (none in other games).
    pub court: CourtPlayerSetup,
    /// Seafarers: ships and island markers (none in other games).
    pub sea: crate::rules::sea::position::SeaPlayerSetup,
    /// Barbarian Attack: knights on paths, prisoners, gold.
    pub barb: crate::rules::barb::position::BarbPlayerSetup,
}

/// One player's declared Cities & Knights pieces and cards.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct CkPlayerSetup {
    /// Cities turned on their side (pillaged with no settlement in supply).
    pub damaged_cities: Vec<VertexId>,
    /// City walls (under this player's cities).
    pub walls: Vec<VertexId>,
    /// Knights.
    pub knights: Vec<KnightSetup>,
    /// Levels on the science, trade and politics tracks.
    pub improvements: [u8; 3],
    /// Progress cards in hand.
    pub progress: ProgressCards,
    /// Victory point progress cards face up.
    pub progress_vp: ProgressCards,
    /// Defender VP tokens.
    pub vp_tokens: u8,
}

/// One player's declared Court pieces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct CourtPlayerSetup {
    /// Prisoners by soldier colour (purple, green, orange).
    pub prisoners: [u8; 3],
    /// Nobles sent to the Court.
    pub nobles: u8,
}

/// A declared knight.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KnightSetup {
    /// Where it stands.
    pub at: VertexId,
    /// Strength 1–3.
    pub level: u8,
    /// Standing (active).
    pub active: bool,
    /// Activated during this turn (it may not act this turn).
    pub activated_this_turn: bool,
    /// Promoted during this turn (it may not be promoted again this turn).
    pub promoted_this_turn: bool,
}

impl PlayerSetup {
    /// A player with nothing.
    pub fn new(colour: Colour) -> PlayerSetup {
        PlayerSetup {
            colour,
            settlements: Vec::new(),
            cities: Vec::new(),
            roads: Vec::new(),
            hand: Cards::EMPTY,
            dev_cards: DevCards::EMPTY,
            new_dev_cards: DevCards::EMPTY,
            knights_played: 0,
            ck: CkPlayerSetup::default(),
            court: CourtPlayerSetup::default(),
            sea: Default::default(),
            barb: Default::default(),
        }
    }
}

/// The phase a declared position starts in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StartPhase {
    /// The start of setup (the board must be empty).
    Setup,
    /// The current player has not rolled yet.
    BeforeRoll,
    /// The current player has rolled (trade and build).
    Main,
}

/// An unvalidated position.
#[derive(Clone, Debug)]
pub struct Setup {
    /// The rules.
    pub rules: Ruleset,
    /// The board.
    pub board: Arc<Board>,
    /// Players in seat order.
    pub players: Vec<PlayerSetup>,
    /// The robber's hex (`None`: where the board puts it).
    pub robber: Option<HexId>,
    /// The bank (`None`: whatever the hands leave).
    pub bank: Option<Cards>,
    /// The development deck (`None`: the full deck less the cards held and played).
    pub dev_deck: Option<DevCards>,
    /// Whose turn.
    pub current: PlayerId,
    /// Who started the game.
    pub first_player: PlayerId,
    /// Phase.
    pub phase: StartPhase,
    /// Turn number (≥ 1 outside setup).
    pub turn: u32,
    /// Whether the current player has already played a development card this turn.
    pub dev_played: bool,
    /// Longest Road holder (`None`: computed from the position; `Some(None)`: nobody).
    pub longest_road: Option<Option<PlayerId>>,
    /// Largest Army holder (`None`: computed; `Some(None)`: nobody).
    pub largest_army: Option<Option<PlayerId>>,
    /// Whether to check consistency (a scenario may opt out).
    pub checked: bool,
    /// Number tokens by hex when they differ from the board's (Invention swapped some).
    pub tokens: Option<Vec<Option<u8>>>,
    /// Cities & Knights: the barbarians, metropolises, merchant, decks and this turn's cards.
    pub ck: CkSetup,
    /// The Court: banners, Most Influence and captured soldiers.
    pub court: CourtSetup,
    /// Seafarers: the pirate.
    pub sea: crate::rules::sea::position::SeaSetup,
    /// Barbarian Attack: barbarians on hexes, knights moved, gold purchases this turn.
    pub barb: crate::rules::barb::position::BarbSetup,
}

/// The Cities & Knights part of a declared position.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct CkSetup {
    /// Steps the barbarian ship has sailed.
    pub barbarians: u8,
    /// Barbarian attacks so far (the robber is active after the first).
    pub barbarian_attacks: u16,
    /// The intersection of each track's metropolis.
    pub metropolis: [Option<VertexId>; 3],
    /// The merchant's hex and controller.
    pub merchant: Option<(HexId, PlayerId)>,
    /// The progress decks (`None`: full decks less the cards held).
    pub decks: Option<[ProgressDeck; 3]>,
    /// Merchant Fleets played this turn: the kinds tradeable 2:1 (empty: none played).
    pub fleet: crate::kind_set::KindSet,
    /// Commercial Harbor played this turn: the opponents already offered a trade (bit set).
    pub harbor: Option<u8>,
}

/// The Court's part of a declared position.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct CourtSetup {
    /// Each colour's banner holder (`None`: computed; `Some(None)`: nobody).
    pub banners: [Option<Option<PlayerId>>; 3],
    /// The Most Influence holder (`None`: computed; `Some(None)`: nobody).
    pub influence: Option<Option<PlayerId>>,
    /// Intersections whose soldier was taken by a road that is gone since (a
    /// Diplomacy removal); soldiers touching a declared road are taken anyway.
    pub captured: Vec<VertexId>,
}

impl Setup {
    /// An empty position at the start of setup.
    pub fn new(rules: Ruleset, board: Arc<Board>, colours: &[Colour]) -> Setup {
        Setup {
            rules,
            board,
            players: colours.iter().map(|c| PlayerSetup::new(*c)).collect(),
            robber: None,
            bank: None,
            dev_deck: None,
            current: PlayerId(0),
            first_player: PlayerId(0),
            phase: StartPhase::Setup,
            turn: 0,
            dev_played: false,
            longest_road: None,
            largest_army: None,
            checked: true,
            tokens: None,
            ck: CkSetup::default(),
            court: CourtSetup::default(),
            sea: Default::default(),
            barb: Default::default(),
        }
    }
}

/// What a position error is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Subject {
    /// A player's settlement at an intersection.
    Settlement(PlayerId, VertexId),
    /// A player's city at an intersection.
    City(PlayerId, VertexId),
    /// A player's road.
    Road(PlayerId, EdgeId),
    /// A player's hand.
    Hand(PlayerId),
    /// A player's development cards.
    DevCards(PlayerId),
    /// A player as a whole (piece counts).
    Player(PlayerId),
    /// The bank.
    Bank,
    /// The development deck.
    DevDeck,
    /// The robber.
    Robber,
    /// Turn and phase.
    Turn,
    /// The Longest Road holder.
    LongestRoad,
    /// The Largest Army holder.
    LargestArmy,
    /// The ruleset.
    Rules,
    /// Cities & Knights: a player's knight at an intersection.
    Knight(PlayerId, VertexId),
    /// Cities & Knights: a player's city wall.
    Wall(PlayerId, VertexId),
    /// Cities & Knights: a player's improvement levels.
    Improvements(PlayerId),
    /// Cities & Knights: a player's progress cards.
    Progress(PlayerId),
    /// Cities & Knights: a metropolis.
    Metropolis(Track),
    /// Cities & Knights: the merchant.
    Merchant,
    /// Cities & Knights: the barbarian track.
    Barbarians,
    /// Cities & Knights: the progress decks.
    Decks,
    /// The Court: a player's prisoners.
    Prisoners(PlayerId),
    /// The Court: a player's nobles.
    Nobles(PlayerId),
    /// The Court: a colour's banner.
    Banner(crate::court::SoldierColour),
    /// The Court: the Most Influence card.
    Influence,
    /// The Court: its soldiers.
    Court,
    /// Seafarers: a player's ship on a path.
    Ship(PlayerId, crate::ids::EdgeId),
    /// Seafarers: the pirate.
    Pirate,
    /// Seafarers: a player's island marker under a building.
    IslandMarker(PlayerId, VertexId),
    /// The board's number tokens.
    Board,
}

/// An inconsistent position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct PositionError {
    /// What it is about.
    pub subject: Subject,
    /// What is wrong, in words.
    pub message: String,
}

pub(crate) fn err(subject: Subject, message: String) -> PositionError {
    PositionError { subject, message }
}

/// The table: the ruleset is supported, 3 or 4 players each of their own colour, the current
/// and first players seated. Returns the colours in seat order.
fn check_table(s: &Setup) -> Result<Vec<Colour>, PositionError> {
    s.rules.validate().map_err(|e| err(Subject::Rules, e.to_string()))?;
    let n = s.players.len();
    if !(3..=MAX_PLAYERS).contains(&n) {
        return Err(err(Subject::Turn, format!("a game needs 3 or 4 players, not {n}")));
    }
    if s.current.index() >= n || s.first_player.index() >= n {
        return Err(err(
            Subject::Turn,
            "the current or first player is not at the table".into(),
        ));
    }
    let colours: Vec<Colour> = s.players.iter().map(|p| p.colour).collect();
    for (i, c) in colours.iter().enumerate() {
        if colours[..i].contains(c) {
            return Err(err(Subject::Player(PlayerId(i as u8)), format!("{c} is seated twice")));
        }
    }
    Ok(colours)
}

impl Game {
    /// Validates a declared position and builds the game.
    ///
    /// # Errors
    /// The first inconsistency found, naming its [`Subject`].
    pub fn from_setup(s: &Setup) -> Result<Game, PositionError> {
        let colours = check_table(s)?;
        let mut g = Game::new(s.rules.clone(), s.board.clone(), &colours, s.first_player)
            .map_err(|e| err(Subject::Rules, e.to_string()))?;
        g.declare_pieces(s)?;
        g.check_piece_rules(s)?;
        g.declare_bank(s)?;
        g.declare_dev_deck(s)?;
        g.declare_board_and_turn(s)?;
        g.declare_expansions(s)?;
        g.declare_holders(s)?;
        g.recount_vp_bounds();
        // A player holding the victory target on their own turn has already won.
        let mut events = Vec::new();
        g.check_victory(&mut events);
        Ok(g)
    }

    /// Buildings and roads: each on the board (on land when checked), one per place, within
    /// the piece limits when checked; harbors follow from the buildings. Also each hand,
    /// development cards and knights played.
    fn declare_pieces(&mut self, s: &Setup) -> Result<(), PositionError> {
        let topo = &s.board.topology;
        for (i, ps) in s.players.iter().enumerate() {
            let p = PlayerId(i as u8);
            for (list, building) in [
                (&ps.settlements, Building::Settlement),
                (&ps.cities, Building::City),
                (&ps.ck.damaged_cities, Building::DamagedCity),
            ] {
                for &v in list {
                    let subject = match building {
                        Building::Settlement => Subject::Settlement(p, v),
                        Building::City | Building::DamagedCity => Subject::City(p, v),
                    };
                    let Some(info) = topo.vertex(v) else {
                        return Err(err(subject, "this intersection is not on the board".into()));
                    };
                    if s.checked && !info.on_land {
                        return Err(err(subject, "a building must touch land".into()));
                    }
                    if self.sites[v.index()].is_some() {
                        return Err(err(subject, "two buildings on one intersection".into()));
                    }
                    self.sites[v.index()] = Some(Site { owner: p, building });
                    self.paying_corner_built(v);
                    self.players[i].buildings.note(v, &self.board.topology);
                    let harbors = self.harbor_mask_at(v);
                    self.players[i].harbors |= harbors;
                }
            }
            for &e in &ps.roads {
                let Some(info) = topo.edge(e) else {
                    return Err(err(Subject::Road(p, e), "this path is not on the board".into()));
                };
                if s.checked && !info.on_land {
                    return Err(err(Subject::Road(p, e), "a road must touch land".into()));
                }
                if self.roads[e.index()].is_some() {
                    return Err(err(Subject::Road(p, e), "two roads on one path".into()));
                }
                self.roads[e.index()] = Some(p);
                self.players[i].roads.push(e);
            }
            let st = &mut self.players[i];
            let (ns, nc, nr) = (
                ps.settlements.len(),
                ps.cities.len() + ps.ck.damaged_cities.len(),
                ps.roads.len(),
            );
            st.ck.damaged_cities = ps.ck.damaged_cities.len() as u8;
            if s.checked {
                if ns > SETTLEMENTS_PER_PLAYER as usize {
                    return Err(err(
                        Subject::Player(p),
                        format!("{} has {ns} settlements; the limit is 5", ps.colour),
                    ));
                }
                if nc > CITIES_PER_PLAYER as usize {
                    return Err(err(
                        Subject::Player(p),
                        format!("{} has {nc} cities; the limit is 4", ps.colour),
                    ));
                }
                if nr > ROADS_PER_PLAYER as usize {
                    return Err(err(
                        Subject::Player(p),
                        format!("{} has {nr} roads; the limit is 15", ps.colour),
                    ));
                }
            }
            st.settlements_left = SETTLEMENTS_PER_PLAYER.saturating_sub(ns as u8);
            st.cities_left = CITIES_PER_PLAYER.saturating_sub(nc as u8);
            st.roads_left = ROADS_PER_PLAYER.saturating_sub(nr as u8);
            if nr > 64 {
                return Err(err(Subject::Player(p), "too many roads".into()));
            }
            st.hand = ps.hand;
            st.dev_cards = ps.dev_cards;
            st.new_dev_cards = ps.new_dev_cards;
            st.knights_played = ps.knights_played;
        }
        Ok(())
    }

    /// Checked: the distance rule, and every road connected to its owner's buildings.
    fn check_piece_rules(&self, s: &Setup) -> Result<(), PositionError> {
        if s.checked {
            for (i, ps) in s.players.iter().enumerate() {
                let p = PlayerId(i as u8);
                for &v in ps
                    .settlements
                    .iter()
                    .chain(ps.cities.iter())
                    .chain(ps.ck.damaged_cities.iter())
                {
                    if !self.distance_ok_ignoring_self(v) {
                        let subject = if ps.settlements.contains(&v) {
                            Subject::Settlement(p, v)
                        } else {
                            Subject::City(p, v)
                        };
                        return Err(err(
                            subject,
                            "distance rule: a neighbouring intersection holds a building".into(),
                        ));
                    }
                }
                for &e in &ps.roads {
                    if !self.road_connected_to_building(p, e) {
                        return Err(err(
                            Subject::Road(p, e),
                            format!("this road is not connected to any of {}'s buildings", ps.colour),
                        ));
                    }
                }
            }
        }
        Ok(())
    }

    /// The bank: declared (checked: bank and hands add up to the cards of the game) or what
    /// the hands leave; commodities only in games that have them; no counter may overflow.
    fn declare_bank(&mut self, s: &Setup) -> Result<(), PositionError> {
        if let Some(k) = CardKind::ALL
            .iter()
            .find(|k| k.is_commodity() && s.players.iter().any(|p| p.hand.get(**k) > 0))
        {
            if !s.rules.has_commodities() {
                let i = s.players.iter().position(|p| p.hand.get(*k) > 0).unwrap_or(0);
                return Err(err(
                    Subject::Hand(PlayerId(i as u8)),
                    format!("{k} is not a card of this game"),
                ));
            }
        }
        let mut bank = Cards::EMPTY;
        let kinds: &[CardKind] = if s.rules.has_commodities() {
            &CardKind::ALL
        } else {
            &CardKind::RESOURCES
        };
        for &k in kinds {
            let in_game = if k.is_commodity() {
                CARDS_PER_COMMODITY
            } else {
                CARDS_PER_RESOURCE
            };
            let held: u32 = s.players.iter().map(|p| p.hand.get(k) as u32).sum();
            match s.bank {
                Some(b) => {
                    if s.checked && held + b.get(k) as u32 != in_game as u32 {
                        return Err(err(
                            Subject::Bank,
                            format!(
                                "{k}: bank {} + hands {held} = {}, but the game has {in_game}",
                                b.get(k),
                                held + b.get(k) as u32
                            ),
                        ));
                    }
                    bank.set(k, b.get(k));
                }
                None => {
                    if held > in_game as u32 {
                        let i = s.players.iter().position(|p| p.hand.get(k) > 0).unwrap_or(0);
                        return Err(err(
                            Subject::Hand(PlayerId(i as u8)),
                            format!("the hands hold {held} {k}, but the game has only {in_game}"),
                        ));
                    }
                    bank.set(k, in_game - held as u8);
                }
            }
        }
        self.bank = bank;
        // Checked or not, no position may overflow a card counter later.
        let hands: Vec<Cards> = s.players.iter().map(|p| p.hand).collect();
        crate::capacity::check_position(&self.bank, &hands)
            .and_then(|()| crate::capacity::check_declared(&s.players))
            .map_err(|e| {
                let subject = e.holder.map_or(Subject::Bank, Subject::Hand);
                err(subject, e.detail)
            })?;
        Ok(())
    }

    /// The development deck: declared or the full deck less the cards held and played;
    /// checked, adding up to the 25 cards.
    fn declare_dev_deck(&mut self, s: &Setup) -> Result<(), PositionError> {
        let mut used = DevCards::EMPTY;
        for ps in &s.players {
            for (c, k) in ps.dev_cards.iter().chain(ps.new_dev_cards.iter()) {
                used.add(c, k);
            }
            used.add(DevCard::Knight, ps.knights_played);
        }
        let deck = match s.dev_deck {
            Some(d) => d,
            None => {
                let mut d = DevCards::FULL_DECK;
                for c in DevCard::ALL {
                    if used.get(c) > d.get(c) {
                        return Err(err(
                            Subject::DevDeck,
                            format!("more {c} cards are held or played than the 25-card deck has"),
                        ));
                    }
                    d.remove(c, used.get(c));
                }
                d
            }
        };
        let mut progress_played = 0u32;
        for c in DevCard::ALL {
            let have = deck.get(c) as u32 + used.get(c) as u32;
            let full = DevCards::FULL_DECK.get(c) as u32;
            if have > full {
                return Err(err(
                    Subject::DevDeck,
                    format!("{have} {c} cards in deck, hands and play; the deck has {full}"),
                ));
            }
            match c {
                DevCard::RoadBuilding | DevCard::YearOfPlenty | DevCard::Monopoly => progress_played += full - have,
                _ => {
                    if s.checked && have != full {
                        return Err(err(
                            Subject::DevDeck,
                            format!("{have} {c} cards in deck, hands and play; the deck has {full}"),
                        ));
                    }
                }
            }
        }
        self.dev_deck = deck;
        self.progress_played = progress_played as u8;
        Ok(())
    }

    /// Number tokens (when Invention moved some), the robber, whose turn and its stage.
    fn declare_board_and_turn(&mut self, s: &Setup) -> Result<(), PositionError> {
        let topo = &s.board.topology;
        let any_piece = s
            .players
            .iter()
            .any(|p| !p.settlements.is_empty() || !p.cities.is_empty() || !p.roads.is_empty());
        if let Some(t) = &s.tokens {
            if t.len() != self.tokens.len() {
                return Err(err(
                    Subject::Board,
                    "the token list does not match the board's hexes".into(),
                ));
            }
            self.set_tokens_with(|tokens| tokens.clone_from(t));
        }
        if let Some(h) = s.robber {
            if topo.hex(h).is_none() || !s.board.terrain[h.index()].is_land() {
                return Err(err(
                    Subject::Robber,
                    "the robber must stand on a land hex of the board".into(),
                ));
            }
            self.robber = Some(h);
        }
        self.current = s.current;
        self.dev_played = s.dev_played;
        match s.phase {
            StartPhase::Setup => {
                if any_piece {
                    return Err(err(
                        Subject::Turn,
                        "a position in the middle of setup is not supported: start setup from an empty board and script the placements"
                            .into(),
                    ));
                }
                self.current = s.first_player;
                self.turn = 0;
            }
            StartPhase::BeforeRoll | StartPhase::Main => {
                self.step = if s.phase == StartPhase::Main {
                    crate::pending::Step::Main
                } else {
                    crate::pending::Step::BeforeRoll
                };
                self.turn = s.turn.max(1);
            }
        }
        Ok(())
    }

    /// Longest Road and Largest Army: computed from the position, or declared (checked
    /// against it).
    fn declare_holders(&mut self, s: &Setup) -> Result<(), PositionError> {
        let n = s.players.len();
        self.measure_route_lengths();
        self.longest_road = match s.longest_road {
            Some(declared) => declared,
            None => self.longest_road_holder_after_change(),
        };
        if s.checked && self.longest_road_holder_after_change() != self.longest_road {
            return Err(err(
                Subject::LongestRoad,
                "the Longest Road holder does not fit the road lengths of this position".into(),
            ));
        }
        self.largest_army = match s.largest_army {
            Some(declared) => declared,
            None => {
                let max = self.players.iter().map(|p| p.knights_played).max().unwrap_or(0);
                let at_max: Vec<usize> = (0..n).filter(|&i| self.players[i].knights_played == max).collect();
                if max >= 3 && at_max.len() == 1 {
                    Some(PlayerId(at_max[0] as u8))
                } else {
                    None
                }
            }
        };
        if s.checked && !self.largest_army_consistent() {
            return Err(err(
                Subject::LargestArmy,
                "the Largest Army holder does not fit the knights played".into(),
            ));
        }
        Ok(())
    }

    fn distance_ok_ignoring_self(&self, v: VertexId) -> bool {
        let Some(info) = self.board.topology.vertex(v) else {
            return false;
        };
        info.neighbours.iter().all(|n| self.sites[n.index()].is_none())
    }

    fn road_connected_to_building(&self, p: PlayerId, e: EdgeId) -> bool {
        let mut seen = vec![false; self.roads.len()];
        let mut stack = vec![e];
        seen[e.index()] = true;
        while let Some(e) = stack.pop() {
            for &v in &self.board.topology.edges()[e.index()].vertices {
                // Roads stay connected through a shared intersection even when an
                // opponent later builds there (that only splits the road's length).
                if self.sites[v.index()].is_some_and(|s| s.owner == p) {
                    return true;
                }
                for n in self.board.topology.vertices()[v.index()].edges.iter() {
                    if !seen[n.index()] && self.roads[n.index()] == Some(p) {
                        seen[n.index()] = true;
                        stack.push(n);
                    }
                }
            }
        }
        false
    }

    /// The position as a [`Setup`] (for state-to-scenario export and round trips).
    pub fn to_setup(&self) -> Setup {
        let mut players: Vec<PlayerSetup> = self.players.iter().map(|p| PlayerSetup::new(p.colour)).collect();
        for (v, s) in self.sites.iter().enumerate() {
            if let Some(s) = s {
                let ps = &mut players[s.owner.index()];
                match s.building {
                    Building::Settlement => ps.settlements.push(VertexId(v as u16)),
                    Building::City => ps.cities.push(VertexId(v as u16)),
                    Building::DamagedCity => ps.ck.damaged_cities.push(VertexId(v as u16)),
                }
            }
        }
        for (ps, st) in players.iter_mut().zip(&self.players) {
            ps.roads = st.roads.clone();
            ps.hand = st.hand;
            ps.dev_cards = st.dev_cards;
            ps.new_dev_cards = st.new_dev_cards;
            ps.knights_played = st.knights_played;
        }
        let mut setup = Setup::new(self.rules.clone(), self.board.clone(), &[]);
        setup.players = players;
        setup.robber = self.robber;
        setup.bank = Some(self.bank);
        setup.dev_deck = Some(self.dev_deck);
        setup.current = self.current;
        setup.first_player = self.first_player;
        setup.phase = match self.phase() {
            Phase::Setup { .. } => StartPhase::Setup,
            Phase::BeforeRoll => StartPhase::BeforeRoll,
            _ => StartPhase::Main,
        };
        setup.turn = self.turn;
        setup.dev_played = self.dev_played;
        setup.longest_road = Some(self.longest_road);
        setup.largest_army = Some(self.largest_army);
        setup.tokens = (self.tokens != self.board.tokens).then(|| self.tokens.clone());
        self.export_expansions(&mut setup);
        setup
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn base_setup() -> Setup {
        let mut s = Setup::new(
            Ruleset::base(),
            Arc::new(Board::beginner()),
            &[Colour::Red, Colour::Blue, Colour::White],
        );
        s.phase = StartPhase::Main;
        s.turn = 5;
        s
    }

    #[test]
    fn a_declared_position_becomes_a_game_that_keeps_the_invariants() {
        let mut s = base_setup();
        let b = s.board.clone();
        let a = b.hex_by_label("A").unwrap();
        let v = b.topology.corner(a, crate::Corner::N).unwrap();
        let w = b.topology.corner(a, crate::Corner::NE).unwrap();
        s.players[0].settlements.push(v);
        s.players[0].roads.push(b.topology.edge_between(v, w).unwrap());
        s.players[0].hand = Cards::of(&[(CardKind::Ore, 2)]);
        let g = Game::from_setup(&s).unwrap();
        g.check_invariants().unwrap();
        assert_eq!(g.bank().get(CardKind::Ore), 17);
        assert_eq!(g.total_vp(PlayerId(0)), 1);
    }

    #[test]
    fn distance_rule_and_disconnected_roads_are_reported_with_their_subject() {
        let mut s = base_setup();
        let b = s.board.clone();
        let a = b.hex_by_label("A").unwrap();
        let v = b.topology.corner(a, crate::Corner::N).unwrap();
        let w = b.topology.corner(a, crate::Corner::NE).unwrap();
        s.players[0].settlements.push(v);
        s.players[1].settlements.push(w);
        let e = Game::from_setup(&s).unwrap_err();
        assert!(matches!(e.subject, Subject::Settlement(..)), "{e:?}");
        s.players[1].settlements.clear();
        let far = b
            .topology
            .edge_between(
                b.topology
                    .corner(b.hex_by_label("S").unwrap(), crate::Corner::S)
                    .unwrap(),
                b.topology
                    .corner(b.hex_by_label("S").unwrap(), crate::Corner::SW)
                    .unwrap(),
            )
            .unwrap();
        s.players[0].roads.push(far);
        let e = Game::from_setup(&s).unwrap_err();
        assert_eq!(e.subject, Subject::Road(PlayerId(0), far));
        s.checked = false;
        assert!(Game::from_setup(&s).is_ok());
    }

    #[test]
    fn bank_that_does_not_add_up_is_refused() {
        let mut s = base_setup();
        s.players[0].hand = Cards::of(&[(CardKind::Ore, 2)]);
        let mut bank = Cards::EMPTY;
        for k in CardKind::RESOURCES {
            bank.set(k, 19);
        }
        s.bank = Some(bank);
        assert_eq!(Game::from_setup(&s).unwrap_err().subject, Subject::Bank);
    }

    #[test]
    fn to_setup_round_trips() {
        let (g, _) = crate::testkit::played_setup(4, 3);
        let back = Game::from_setup(&g.to_setup()).unwrap();
        assert_eq!(back.to_setup().players, g.to_setup().players);
        assert_eq!(back.bank(), g.bank());
    }
}
