//! Cities & Knights, part 1: the core rules (source `000_fee7e8147b67bbe6.txt`, the English
//! rules, default profile; disagreements of the other seeds are options in
//! [`crate::ruleset::CkOptions`]).
//!
//! The expansion hooks into the base rules at named extension points, each a method here or
//! in a submodule: [`Game::start_cities_and_knights`] (components), the roll
//! ([`Game::do_ck_dice`] and the staged resolution [`Game::continue_roll`]: event die, then
//! barbarians or progress draws, then production), production of commodities
//! ([`Game::ck_city_yield`]), the discard limit ([`Game::discard_limit`]), the robber's
//! activation ([`Game::robber_active`]) and victory points ([`Game::public_vp`]).
//!
//! Submodules, one per rule: [`barbarians`], [`draws`] (progress cards as objects: draws,
//! hand limit, discards), [`improvements`] (tracks, metropolises, the aqueduct), [`knights`],
//! [`walls`].

pub(crate) mod barbarians;
pub(crate) mod draws;
pub(crate) mod improvements;
pub(crate) mod knights;
pub(crate) mod walls;

use crate::board::Terrain;
use crate::cards::CardKind;
use crate::error::RuleError;
use crate::event::Event;
use crate::ids::PlayerId;
use crate::progress::{EventFace, ProgressDeck, Track};
use crate::ruleset::RobberBeforeAttack;
use crate::state::{Game, Phase, RollStage, CARDS_PER_COMMODITY};

impl Game {
    /// Extension point "components": commodities in the bank, the three progress decks,
    /// empty knight and wall tables, and the robber waiting until the first attack.
    pub(crate) fn start_cities_and_knights(&mut self) -> Result<(), RuleError> {
        let v = self.board.topology.vertex_count();
        self.ck.knights = vec![None; v];
        self.ck.walls = vec![false; v];
        self.ck.decks = [
            ProgressDeck::full(Track::Science),
            ProgressDeck::full(Track::Trade),
            ProgressDeck::full(Track::Politics),
        ];
        for k in [CardKind::Paper, CardKind::Cloth, CardKind::Coin] {
            self.bank.set(k, CARDS_PER_COMMODITY);
        }
        if self.desert().is_none() {
            return Err(RuleError::Unsupported {
                what: "a Cities & Knights board without a desert (the robber enters on the desert)",
            });
        }
        self.robber = match self.rules.ck.robber_before_attack {
            RobberBeforeAttack::BesideTrack => None,
            RobberBeforeAttack::InDesert => self.desert(),
        };
        Ok(())
    }

    /// The desert hex (the first one in reading order).
    pub(crate) fn desert(&self) -> Option<crate::ids::HexId> {
        self.board
            .terrain
            .iter()
            .position(|t| *t == Terrain::Desert)
            .map(|i| crate::ids::HexId(i as u16))
    }

    /// Seats in turn order from the current player: the seat `offset` places after it.
    pub(crate) fn seat_from_current(&self, offset: u8) -> PlayerId {
        PlayerId(((self.current.index() + offset as usize) % self.players.len()) as u8)
    }

    /// The next seat at or after `offset` (in turn order from the current player) whose bit is
    /// set in the stage's seat set, with its offset.
    fn next_stage_seat(&self, offset: u8) -> Option<(u8, PlayerId)> {
        (offset..self.players.len() as u8)
            .map(|k| (k, self.seat_from_current(k)))
            .find(|(_, p)| self.ck.stage_seats & (1 << p.0) != 0)
    }

    /// The three dice came up (source `000_fee7e8147b67bbe6.txt` p. 5): the event die is
    /// resolved first (ship: the barbarians advance and may attack; gate: progress draws),
    /// then production.
    pub(crate) fn do_ck_dice(&mut self, red: u8, yellow: u8, event: EventFace, events: &mut Vec<Event>) {
        let player = self.current;
        events.push(Event::Rolled {
            player,
            red,
            yellow,
            total: red + yellow,
        });
        events.push(Event::EventDieRolled { player, face: event });
        self.ck.dice = Some((red, yellow, event));
        self.ck.stage = RollStage::Production;
        match event {
            EventFace::Ship => self.advance_barbarians(events),
            EventFace::Gate(track) => self.start_draws(track, red),
        }
        self.continue_roll(events);
    }

    /// Resolves the roll up to the next decision or chance step, or to the action phase.
    pub(crate) fn continue_roll(&mut self, events: &mut Vec<Event>) {
        loop {
            // The player on turn wins the moment they reach the target (a victory point card
            // or the defender token during the roll): the roll stops there.
            if self.total_vp(self.current) >= self.rules.base.victory_target {
                return;
            }
            match self.ck.stage {
                RollStage::Idle => {
                    self.ck.dice = None;
                    self.ck.stage_seats = 0;
                    self.phase = Phase::Main;
                    return;
                }
                RollStage::Pillage { offset } => match self.next_stage_seat(offset) {
                    Some((k, player)) => {
                        self.ck.stage = RollStage::Pillage { offset: k + 1 };
                        self.phase = Phase::Pillaging { player };
                        return;
                    }
                    None => {
                        self.end_attack(events);
                        self.ck.stage = RollStage::Production;
                    }
                },
                RollStage::Defenders { offset } => match self.next_stage_seat(offset) {
                    Some((k, player)) => {
                        self.ck.stage = RollStage::Defenders { offset: k + 1 };
                        self.phase = Phase::ChoosingDefenderDeck { player };
                        return;
                    }
                    None => {
                        self.end_attack(events);
                        self.ck.stage = RollStage::Production;
                    }
                },
                RollStage::Draws { offset } => match self.next_stage_seat(offset) {
                    Some((k, player)) => {
                        self.ck.stage = RollStage::Draws { offset: k + 1 };
                        let deck = match self.ck.dice {
                            Some((_, _, EventFace::Gate(t))) => t,
                            _ => Track::Science,
                        };
                        if self.start_draw(player, deck, events) {
                            return;
                        }
                    }
                    None => self.ck.stage = RollStage::Production,
                },
                RollStage::Production => {
                    self.ck.stage = RollStage::Idle;
                    let Some((red, yellow, _)) = self.ck.dice else {
                        continue;
                    };
                    let total = red + yellow;
                    if total == 7 {
                        self.ck.dice = None;
                        self.ck.stage_seats = 0;
                        self.start_seven(events);
                        return;
                    }
                    let received = self.produce(total, events);
                    self.ck.stage_seats = 0;
                    for p in 0..self.players.len() {
                        if received & (1 << p) == 0 && self.players[p].improvements[Track::Science.index()] >= 3 {
                            self.ck.stage_seats |= 1 << p;
                        }
                    }
                    self.ck.stage = RollStage::Aqueduct { offset: 0 };
                }
                RollStage::Aqueduct { offset } => match self.next_stage_seat(offset) {
                    Some((k, player)) => {
                        self.ck.stage = RollStage::Aqueduct { offset: k + 1 };
                        self.phase = Phase::Aqueduct { player };
                        return;
                    }
                    None => self.ck.stage = RollStage::Idle,
                },
            }
        }
    }

    /// Extension point "city yield": what a city produces on a hex of this terrain, as
    /// (resources, commodity). Base game: 2 resources. Cities & Knights (source
    /// `000_fee7e8147b67bbe6.txt` p. 7): hills and fields 2 resources; forest, pasture and
    /// mountains 1 resource and 1 paper, cloth or coin.
    #[inline]
    pub(crate) fn ck_city_yield(&self, terrain: Terrain) -> (u8, Option<CardKind>) {
        if !self.rules.ck() {
            return (2, None);
        }
        match terrain {
            Terrain::Forest => (1, Some(CardKind::Paper)),
            Terrain::Pasture => (1, Some(CardKind::Cloth)),
            Terrain::Mountains => (1, Some(CardKind::Coin)),
            _ => (2, None),
        }
    }

    /// Extension point "discard limit": a 7 makes a player holding more than this many cards
    /// (resources and commodities) discard half. Cities & Knights adds 2 per city wall
    /// (source `000_fee7e8147b67bbe6.txt` p. 8).
    pub(crate) fn discard_limit(&self, p: PlayerId) -> u32 {
        let base = self.rules.base.discard_limit as u32;
        if !self.rules.ck() {
            return base;
        }
        let walls = crate::state::WALLS_PER_PLAYER.saturating_sub(self.players[p.index()].walls_left);
        base + 2 * walls as u32
    }
}
