//! The named extension points where expansions hook into the base rules.
//!
//! Each expansion implements [`ExpansionRules`] in its own folder (`rules/ck/`,
//! `rules/court/`); every method has a default that does nothing, so an expansion writes only
//! the hooks it needs. The base rules never ask which expansions a game has: they call the
//! `Game` methods below, each of which visits the ruleset's [`ExpansionSet`] with
//! `each_expansion!`, statically dispatched (a bit test and a direct call per expansion,
//! no allocation, no virtual call).
//!
//! | extension point | called from | Cities & Knights | The Court |
//! | --- | --- | --- | --- |
//! | components | [`Game::new`] | commodities, decks, knights | foreign soldiers |
//! | card kinds | hands, trades, discards | commodities | — |
//! | development cards | buying and playing them | replaced by progress cards | — |
//! | dice | the production roll and its chance outcomes | event die, Alchemy, progress draws | — |
//! | setup placement | setup settlement/city and road checks | a city in round two | no soldier intersections |
//! | city yield, discard limit | production, a 7 | a commodity from forest, pasture, mountains; +2 cards per wall | — |
//! | building sites | settlement checks and listing | no settlement under a knight | — |
//! | cities | city checks and builds | repair a damaged city first | — |
//! | game over | the victory rule | a displaced knight back to supply | — |
//! | after a road | every road built | — | prisoners, banners |
//! | turn actions | `legal_actions` before the roll and in the build phase | progress cards, knights, walls, improvements | send a noble |
//! | decisions | `legal_actions` while a decision of the expansion is pending | pillage, decks, aqueduct, metropolis, relocation, Treason, Wedding, Commercial Harbor, Diplomacy, Fiesepeter | — |
//! | maritime rates | bank trades | trading house, Merchant Fleet, merchant | — |
//! | end of turn | ending a turn | knights refreshed, card effects end | — |
//! | victory points | [`Game::public_vp`] and the invariants | metropolis, merchant, tokens, cards | banners, Most Influence |
//! | victory target | [`crate::Ruleset::with`] | +3 | +1 |
//! | robber | a 7, a Knight card, the first barbarian attack | inactive until the first attack | off the island until the first 7; Court hex entry |
//! | knight sites | knight placement and moves | — | option `court-knights` |
//!
//! Seafarers' hooks (its column would be wide): route pieces other than roads (ships) for
//! connection, Longest Trade Route and Road Building; moves in place of the robber's (the
//! pirate); what a roll and a second setup settlement owe after the hexes paid (gold); after a
//! settlement (island markers), a setup building or a road (the ship sites kept). With Cities
//! & Knights it also answers: knight sites (only an active knight goes to an all-sea
//! intersection), after knights changed (the ships they hold), the merchant's hex (not gold),
//! a road removed (the path free for a ship), removing a path piece (Diplomacy on a ship),
//! the seats a roll pays (gold counts for the aqueduct), the robber activated (the pirate
//! enters) and, on a map without a desert, the robber's entry (the map's robber start).
//!
//! | actions owned | [`Game::check`] | the C&K actions | sending a noble |
//! | invariants | [`Game::check_invariants`] | commodities, knights, decks, metropolises | soldiers, banners, nobles |
//! | positions | [`Game::from_setup`], [`Game::to_setup`] | knights, walls, levels, progress cards, metropolises, merchant, barbarians, decks | prisoners, nobles, banners, Most Influence |
//!
//! Barbarian Attack (`rules/barb/`) added the hooks no earlier expansion needed: road sites
//! (`check_road_site`: no road on a conquered hex), `after_city` and `after_setup_building`
//! (landings), `building_vp_lost` (conquered buildings), `harbor_mask` (their harbors), and
//! the end of the turn (`ends_turn_in_decision`, `defer_end_turn`: knights move, then
//! battles, before the turn ends).
//!
//! Adding an expansion: a folder `rules/<name>/` with a unit struct implementing
//! [`ExpansionRules`], and one line in `each_expansion!`.

use crate::action::Action;
use crate::cards::CardKind;
use crate::error::RuleError;
use crate::event::Event;
use crate::ids::{EdgeId, HexId, PlayerId, VertexId};
use crate::invariants::InvariantViolation;
use crate::position::{PositionError, Setup};
use crate::progress::ProgressPlay;
use crate::ruleset::{Expansion, ExpansionSet};
use crate::state::{Game, PlayerState};

/// One expansion's rules, as the base rules see them: a hook per extension point, each
/// defaulting to "nothing changes".
pub(crate) trait ExpansionRules {
    /// Which expansion this is.
    const EXPANSION: Expansion;
    /// Whether the expansion brings commodity cards.
    const COMMODITIES: bool = false;
    /// Whether the expansion removes the development cards (Cities & Knights replaces them by
    /// progress cards).
    const NO_DEVELOPMENT_CARDS: bool = false;
    /// Whether the second setup round places a city instead of a settlement.
    const SETUP_CITY: bool = false;
    /// The refusal's words for one of this expansion's actions in a game without it.
    const ACTION_ELSEWHERE: &'static str = "an action of an expansion this game does not have";

    /// Components: lays out the expansion's pieces when a game starts.
    fn start(_g: &mut Game) -> Result<(), RuleError> {
        Ok(())
    }
    /// Setup: refuses a settlement (or setup city) site.
    fn check_setup_site(_g: &Game, _at: VertexId) -> Result<(), RuleError> {
        Ok(())
    }
    /// Setup: refuses a setup road.
    fn check_setup_road(_g: &Game, _at: EdgeId) -> Result<(), RuleError> {
        Ok(())
    }
    /// Production: what a city yields on a hex of `terrain`, as (resources, commodity), when
    /// the expansion changes it (`None`: the base game's 2 resources). The answer may depend
    /// on the terrain and the ruleset alone: production keeps what each numbered hex pays
    /// until a building goes up there or its token moves (`PayingCorners` in
    /// `rules/production.rs`).
    fn city_yield(_g: &Game, _terrain: crate::board::Terrain) -> Option<(u8, Option<CardKind>)> {
        None
    }
    /// A 7: cards `p` may hold above the base game's limit before discarding half.
    fn discard_limit_bonus(_g: &Game, _p: PlayerId) -> u32 {
        0
    }
    /// Refuses a settlement on an intersection for what stands there.
    fn check_building_site(_g: &Game, _at: VertexId) -> Result<(), RuleError> {
        Ok(())
    }
    /// Refuses a city `player` would build (before its cost is checked).
    fn check_city(_g: &Game, _player: PlayerId) -> Result<(), RuleError> {
        Ok(())
    }
    /// A city is built on `at` over a building of the expansion's (the settlement it
    /// replaces is the base game's): takes care of the supply and returns `true` when it was
    /// one.
    fn repair_city(_g: &mut Game, _player: PlayerId, _at: VertexId) -> bool {
        false
    }
    /// The game is won: about to end, with what was still pending in the queue (which is
    /// then dropped).
    fn game_over(_g: &mut Game) {}
    /// After any road is built.
    fn after_road(_g: &mut Game, _player: PlayerId, _at: EdgeId, _events: &mut Vec<Event>) {}
    /// Actions the expansion adds before the roll.
    fn push_before_roll_actions(_g: &Game, _player: PlayerId, _out: &mut Vec<Action>) {}
    /// Actions the expansion adds to the trade and build phase.
    fn push_build_actions(_g: &Game, _player: PlayerId, _out: &mut Vec<Action>) {}
    /// Rates better than 4:1 the expansion grants (index 0: 2:1, 1: 3:1).
    fn maritime_rates(_g: &Game, _player: PlayerId, _kind: CardKind, _rates: &mut [bool; 3]) {}
    /// At the end of a turn, before the next player's starts.
    fn end_turn(_g: &mut Game) {}
    /// Victory points the expansion adds to a player's visible points.
    fn victory_points(_g: &Game, _p: PlayerId, _st: &PlayerState) -> u8 {
        0
    }
    /// Victory points recounted from the board and the holders' own fields (invariants).
    fn victory_points_from_scratch(_g: &Game, _p: PlayerId) -> u8 {
        0
    }
    /// Whether the robber may move and steal now.
    fn robber_active(_g: &Game) -> bool {
        true
    }
    /// Where the robber enters when no desert holds it (a board without a desert).
    fn robber_entry_without_desert(_g: &Game) -> Option<HexId> {
        None
    }
    /// Whether a board without a desert still lets the robber enter.
    fn robber_enters_without_desert(_g: &Game) -> bool {
        false
    }
    /// Whether a Knight card moves the robber now.
    fn knight_card_moves_robber(_g: &Game) -> bool {
        true
    }
    /// Refuses a knight on an intersection; `active`: whether the knight stands up (an active
    /// knight may go where a lying one may not: Seafarers' all-sea intersections).
    fn check_knight_site(_g: &Game, _at: VertexId, _active: bool) -> Result<(), RuleError> {
        Ok(())
    }
    /// After knights were recruited, moved, placed or removed at the `changed` intersections
    /// (`changed` empty: anywhere, as when a position is declared): what knights hold changed.
    fn after_knights_changed(_g: &mut Game, _changed: &[VertexId]) {}
    /// Refuses the merchant on a hex (Seafarers: gold fields).
    fn check_merchant_hex(_g: &Game, _hex: HexId) -> Result<(), RuleError> {
        Ok(())
    }
    /// After `owner`'s road was removed from a path (Diplomacy): it may have been what held
    /// one of their knights, and what their pieces reach changed.
    fn after_road_removed(_g: &mut Game, _owner: PlayerId, _at: EdgeId) {}
    /// Removes the expansion's piece on a path (a ship, Diplomacy), returning its owner;
    /// `None` when no piece of the expansion stands there.
    fn remove_path_piece(_g: &mut Game, _at: EdgeId, _events: &mut Vec<Event>) -> Option<PlayerId> {
        None
    }
    /// The seats the expansion's hexes pay something on a production roll of `total`
    /// (before they choose it: gold), as a bit set.
    fn production_receivers(_g: &Game, _total: u8) -> u8 {
        0
    }
    /// The robber became active (Cities & Knights: the first barbarian attack).
    fn robber_activated(_g: &mut Game, _events: &mut Vec<Event>) {}
    /// Whether an action belongs to this expansion (refused in games without it).
    fn owns_action(_action: &Action) -> bool {
        false
    }
    /// Refuses an action of the base game (or of another expansion) this expansion forbids.
    fn check_action(_g: &Game, _action: &Action) -> Result<(), RuleError> {
        Ok(())
    }
    /// The expansion's own invariants.
    fn check_invariants(_g: &Game) -> Result<(), InvariantViolation> {
        Ok(())
    }
    /// Chance: whether a chance outcome fits the expansion's own chance step (`None`: not
    /// the expansion's to judge).
    fn check_outcome(_g: &Game, _outcome: &crate::action::Outcome) -> Option<Result<(), RuleError>> {
        None
    }
    /// Chance: applies an outcome the expansion's check accepted; `false` when it is not
    /// the expansion's.
    fn do_outcome(_g: &mut Game, _outcome: crate::action::Outcome, _events: &mut Vec<Event>) -> bool {
        false
    }
    /// Chance: calls `f` with every outcome (and its weight) of the expansion's own chance
    /// step the game waits for; `false` when the game waits for none of the expansion's.
    fn for_each_outcome<F: FnMut(crate::action::Outcome, u32)>(_g: &Game, _f: &mut F) -> bool {
        false
    }
    /// Legal actions for a decision the expansion adds (the game waits in one of its phases;
    /// `phase` is [`Game::phase`], built once by the caller).
    fn push_decision_actions(_g: &Game, _phase: crate::state::Phase, _out: &mut Vec<Action>) {}
    /// Positions: validates the expansion's part of a declared position into the game.
    fn declare(_g: &mut Game, _s: &Setup) -> Result<(), PositionError> {
        Ok(())
    }
    /// Positions: the error for a position that declares this expansion's pieces or cards in
    /// a game without the expansion.
    fn declared_without(_s: &Setup) -> Option<PositionError> {
        None
    }
    /// Positions: writes the expansion's part of the game into a [`Setup`].
    fn export(_g: &Game, _s: &mut Setup) {}
    /// The owner of an expansion's piece on a path (a ship: no road may go there).
    fn path_owner(_g: &Game, _at: EdgeId) -> Option<PlayerId> {
        None
    }
    /// Whether `player`'s route pieces of the expansion touch intersection `v` (a settlement
    /// there is connected: a ship).
    fn touches_route(_g: &Game, _player: PlayerId, _v: VertexId) -> bool {
        false
    }
    /// The paths of `player`'s route pieces other than roads (ships), for Longest Road (the
    /// trade route) and settlement sites.
    fn route_ships(_g: &Game, _player: PlayerId) -> &[EdgeId] {
        &[]
    }
    /// After a settlement is built outside setup.
    fn after_settlement(_g: &mut Game, _player: PlayerId, _at: VertexId, _events: &mut Vec<Event>) {}
    /// After the hexes of a production roll have paid (queues what the roll still owes).
    fn after_production(_g: &mut Game, _total: u8, _events: &mut Vec<Event>) {}
    /// Moves the player may make instead of moving the robber (the pirate).
    fn push_robber_alternatives(_g: &Game, _player: PlayerId, _out: &mut Vec<Action>) {}
    /// The seats (as bits, [`crate::rules::seat_bit`]) that may be robbed now, when the
    /// robbery pending is the expansion's (`None`: the robber's).
    fn robbery_victims(_g: &Game, _player: PlayerId) -> Option<u32> {
        None
    }
    /// Route pieces the player may place in place of a road: in setup at `setup_from`, or
    /// (`None`) free with Road Building.
    fn push_route_alternatives(_g: &Game, _player: PlayerId, _setup_from: Option<VertexId>, _out: &mut Vec<Action>) {}
    /// Whether a free route piece other than a road can be placed (Road Building).
    fn free_piece_placeable(_g: &Game, _player: PlayerId) -> bool {
        false
    }
    /// Route pieces other than roads left in supply.
    fn route_pieces_left(_g: &Game, _player: PlayerId) -> u8 {
        0
    }
    /// After the starting resources of a second setup settlement on `at` (queues what the
    /// expansion's hexes owe: a gold field's choice).
    fn after_starting_resources(_g: &mut Game, _player: PlayerId, _at: VertexId) {}
    /// Refuses a road on a path for what lies around it (outside and in setup).
    fn check_road_site(_g: &Game, _at: EdgeId) -> Result<(), RuleError> {
        Ok(())
    }
    /// After a settlement is upgraded to a city outside setup.
    fn after_city(_g: &mut Game, _player: PlayerId, _at: VertexId, _events: &mut Vec<Event>) {}
    /// After a setup settlement (or setup city) is placed.
    fn after_setup_building(_g: &mut Game, _player: PlayerId, _at: VertexId, _events: &mut Vec<Event>) {}
    /// Victory points a player's buildings do not give now (conquered buildings).
    fn building_vp_lost(_g: &Game, _p: PlayerId) -> u8 {
        0
    }
    /// The same, recounted from the board (invariants).
    fn building_vp_lost_from_scratch(_g: &Game, _p: PlayerId) -> u8 {
        0
    }
    /// The harbors a player may use, from the mask of those at their buildings.
    fn harbor_mask(_g: &Game, _player: PlayerId, mask: u8) -> u8 {
        mask
    }
    /// Whether the turn may end while one of the expansion's decisions is pending.
    fn ends_turn_in_decision(_g: &Game) -> bool {
        false
    }
    /// At the end of a turn, before anything else: `true` when the expansion has queued
    /// steps that must come first (it ends the turn itself afterwards).
    fn defer_end_turn(_g: &mut Game, _player: PlayerId, _events: &mut Vec<Event>) -> bool {
        false
    }
    /// The event die showed the ship after a production roll of `total`: `true` when the
    /// expansion handles it in place of the barbarian ship's track.
    fn ship_face(_g: &mut Game, _player: PlayerId, _total: u8, _events: &mut Vec<Event>) -> bool {
        false
    }
    /// An expansion's refusal of a city improvement (after the track's own checks).
    fn check_improvement(_g: &Game, _player: PlayerId, _track: crate::progress::Track) -> Result<(), RuleError> {
        Ok(())
    }
    /// After a city improvement was bought (also with Crane).
    fn after_improvement(_g: &mut Game, _player: PlayerId, _events: &mut Vec<Event>) {}
    /// An expansion's own verdict on a progress card's play, replacing the card's check.
    fn check_progress(_g: &Game, _player: PlayerId, _play: &ProgressPlay) -> Option<Result<(), RuleError>> {
        None
    }
    /// Whether [`ExpansionRules::check_progress`] may give a verdict on some play of `card`
    /// (`false`: it gives none on any of them).
    fn changes_progress(_g: &Game, _card: crate::progress::ProgressCard) -> bool {
        false
    }
    /// Whether [`ExpansionRules::check_progress`] refuses every play of `card` (the card is
    /// played otherwise, as the expansion's own action): no play of it is worth listing.
    fn refuses_progress(_g: &Game, _card: crate::progress::ProgressCard) -> bool {
        false
    }
    /// Whether [`ExpansionRules::check_progress`] lets Invention move the token of `hex`
    /// (`false`: it refuses every Invention play naming the hex). An expansion that changes
    /// Invention passes every play naming two different hexes it allows here whose tokens
    /// Cities & Knights lets move ([`Game::inventable`]): the listing gives those plays
    /// without checking them ([`Game::push_invention_plays`]).
    fn invention_hex(_g: &Game, _hex: HexId) -> bool {
        true
    }
    /// Carries out a progress card's effect in place of the card's own (`true`: done); the
    /// card has already left the hand.
    fn do_progress(_g: &mut Game, _player: PlayerId, _play: ProgressPlay, _events: &mut Vec<Event>) -> bool {
        false
    }
    /// Knights of `p` on the board outside the Cities & Knights intersections (knights on
    /// paths), by strength: they come out of the same supply.
    fn knights_elsewhere(_g: &Game, _p: PlayerId) -> [u8; 3] {
        [0; 3]
    }
}

/// Runs `$body` once for each expansion of `$set` (an [`ExpansionSet`]) with `$E` naming
/// its [`ExpansionRules`] type. The one place that lists the implemented expansions.
macro_rules! each_expansion {
    ($set:expr, $E:ident => $body:expr) => {{
        let set: ExpansionSet = $set;
        // Seafarers first: its ships are on the board before Cities & Knights declares the
        // knights standing next to them.
        if set.contains(Expansion::Seafarers) {
            type $E = crate::rules::sea::Seafarers;
            $body;
        }
        if set.contains(Expansion::CitiesAndKnights) {
            type $E = crate::rules::ck::CitiesAndKnights;
            $body;
        }
        if set.contains(Expansion::TheCourt) {
            type $E = crate::rules::court::TheCourt;
            $body;
        }
        if set.contains(Expansion::BarbarianAttack) {
            type $E = crate::rules::barb::BarbarianAttack;
            $body;
        }
    }};
}

/// Whether any expansion of a set brings commodity cards (also for positions not yet
/// validated into a game).
#[inline]
pub(crate) fn commodities_in(set: ExpansionSet) -> bool {
    let mut any = false;
    each_expansion!(set, E => any |= E::COMMODITIES);
    any
}

/// Every implemented expansion, whether or not a game has it (for action ownership).
const IMPLEMENTED: ExpansionSet = ExpansionSet::of(&[
    Expansion::CitiesAndKnights,
    Expansion::TheCourt,
    Expansion::Seafarers,
    Expansion::BarbarianAttack,
]);

impl Game {
    /// Extension point "components": each expansion lays out its pieces at the start.
    pub(crate) fn start_expansions(&mut self) -> Result<(), RuleError> {
        let mut result = Ok(());
        each_expansion!(self.rules.expansions, E => {
            if result.is_ok() {
                result = E::start(self);
            }
        });
        result
    }

    /// Whether commodity cards exist in this game.
    #[inline]
    pub(crate) fn has_commodities(&self) -> bool {
        commodities_in(self.rules.expansions)
    }

    /// Whether the development cards are in this game.
    #[inline]
    pub(crate) fn has_development_cards(&self) -> bool {
        let mut removed = false;
        each_expansion!(self.rules.expansions, E => removed |= E::NO_DEVELOPMENT_CARDS);
        !removed
    }

    /// Whether the second setup round places a city (Cities & Knights).
    pub(crate) fn setup_has_city_round(&self) -> bool {
        let mut any = false;
        each_expansion!(self.rules.expansions, E => any |= E::SETUP_CITY);
        any
    }

    /// Extension point "setup placement": whether the building placed now is a city.
    pub(crate) fn setup_places_city(&self) -> bool {
        self.setup_has_city_round() && self.setup_round_two()
    }

    /// Extension point "setup placement" for a settlement (or a Cities & Knights setup city).
    pub(crate) fn check_setup_site_ext(&self, at: VertexId) -> Result<(), RuleError> {
        let mut result = Ok(());
        each_expansion!(self.rules.expansions, E => {
            if result.is_ok() {
                result = E::check_setup_site(self, at);
            }
        });
        result
    }

    /// Extension point "setup placement" for a road.
    pub(crate) fn check_setup_road_ext(&self, at: EdgeId) -> Result<(), RuleError> {
        let mut result = Ok(());
        each_expansion!(self.rules.expansions, E => {
            if result.is_ok() {
                result = E::check_setup_road(self, at);
            }
        });
        result
    }

    /// Extension point "city yield": what a city produces on a hex of this terrain, as
    /// (resources, commodity). Base game: 2 resources; an expansion may change it
    /// (Cities & Knights: a commodity in place of one resource on forest, pasture and
    /// mountains).
    #[inline]
    pub(crate) fn city_yield(&self, terrain: crate::board::Terrain) -> (u8, Option<CardKind>) {
        let mut y = None;
        each_expansion!(self.rules.expansions, E => y = y.or_else(|| E::city_yield(self, terrain)));
        y.unwrap_or((2, None))
    }

    /// Extension point "discard limit": a 7 makes a player holding more than this many cards
    /// discard half; expansions add to the base game's limit (Cities & Knights: 2 per city
    /// wall).
    pub(crate) fn discard_limit(&self, p: PlayerId) -> u32 {
        let mut limit = self.rules.base.discard_limit as u32;
        each_expansion!(self.rules.expansions, E => limit += E::discard_limit_bonus(self, p));
        limit
    }

    /// Extension point "building sites": an expansion's refusal of a settlement's site.
    #[inline]
    pub(crate) fn check_building_site_ext(&self, at: VertexId) -> Result<(), RuleError> {
        let mut result = Ok(());
        each_expansion!(self.rules.expansions, E => {
            if result.is_ok() {
                result = E::check_building_site(self, at);
            }
        });
        result
    }

    /// Extension point "cities": an expansion's refusal of a city.
    pub(crate) fn check_city_ext(&self, player: PlayerId) -> Result<(), RuleError> {
        let mut result = Ok(());
        each_expansion!(self.rules.expansions, E => {
            if result.is_ok() {
                result = E::check_city(self, player);
            }
        });
        result
    }

    /// Extension point "cities": whether the city replaces an expansion's building (whose
    /// supply the expansion has settled).
    pub(crate) fn repair_city_ext(&mut self, player: PlayerId, at: VertexId) -> bool {
        let mut done = false;
        each_expansion!(self.rules.expansions, E => {
            if !done {
                done = E::repair_city(self, player, at);
            }
        });
        done
    }

    /// Extension point "game over": what an expansion puts back when the game ends.
    pub(crate) fn game_over_ext(&mut self) {
        each_expansion!(self.rules.expansions, E => E::game_over(self));
    }

    /// Extension point "after a road is built" (in setup, with Road Building, or bought).
    pub(crate) fn after_road_ext(&mut self, player: PlayerId, at: EdgeId, events: &mut Vec<Event>) {
        each_expansion!(self.rules.expansions, E => E::after_road(self, player, at, events));
    }

    /// Extension point "turn actions" before the roll.
    pub(crate) fn push_before_roll_actions_ext(&self, player: PlayerId, out: &mut Vec<Action>) {
        each_expansion!(self.rules.expansions, E => E::push_before_roll_actions(self, player, out));
    }

    /// Extension point "turn actions" in the trade and build phase, appended to the
    /// legal-action list.
    pub(crate) fn push_build_actions_ext(&self, player: PlayerId, out: &mut Vec<Action>) {
        each_expansion!(self.rules.expansions, E => E::push_build_actions(self, player, out));
    }

    /// Extension point "maritime rates": the better rates expansions grant.
    pub(crate) fn maritime_rates_ext(&self, player: PlayerId, kind: CardKind, rates: &mut [bool; 3]) {
        each_expansion!(self.rules.expansions, E => E::maritime_rates(self, player, kind, rates));
    }

    /// Extension point "end of turn".
    pub(crate) fn end_turn_ext(&mut self) {
        each_expansion!(self.rules.expansions, E => E::end_turn(self));
    }

    /// Extension point "victory points": what the expansions add to a player's visible points.
    pub(crate) fn expansion_vp(&self, p: PlayerId, st: &PlayerState) -> u8 {
        let mut vp = 0;
        each_expansion!(self.rules.expansions, E => vp += E::victory_points(self, p, st));
        vp
    }

    /// The expansions' victory points recounted from scratch (for the invariants).
    pub(crate) fn expansion_vp_from_scratch(&self, p: PlayerId) -> u8 {
        let mut vp = 0;
        each_expansion!(self.rules.expansions, E => vp += E::victory_points_from_scratch(self, p));
        vp
    }

    /// Whether the robber may move and steal (Cities & Knights: only after the first
    /// barbarian attack, source `000_fee7e8147b67bbe6.txt` p. 7).
    pub fn robber_active(&self) -> bool {
        let mut active = true;
        each_expansion!(self.rules.expansions, E => active &= E::robber_active(self));
        active
    }

    /// Extension point "robber entry": the hex the robber is put on when it becomes active in
    /// Cities & Knights (the first barbarian attack). The desert; on a board without one, the
    /// hex an expansion names (The Court: the Court hex under `court-robber-entry court-hex`,
    /// rule `COURT.CK.ROBBER_ENTRY`), or nowhere, the next 7's roller placing it.
    pub(crate) fn robber_entry_hex(&self) -> Option<HexId> {
        if let Some(d) = self.desert() {
            return Some(d);
        }
        let mut hex = None;
        each_expansion!(self.rules.expansions, E => hex = hex.or_else(|| E::robber_entry_without_desert(self)));
        hex
    }

    /// Whether a board without a desert still lets the robber enter (a Court board does).
    pub(crate) fn robber_can_enter_without_desert(&self) -> bool {
        let mut any = false;
        each_expansion!(self.rules.expansions, E => any |= E::robber_enters_without_desert(self));
        any
    }

    /// Extension point "robber entry" for a Knight card: whether it moves the robber now.
    pub(crate) fn knight_moves_robber(&self) -> bool {
        let mut moves = true;
        each_expansion!(self.rules.expansions, E => moves &= E::knight_card_moves_robber(self));
        moves
    }

    /// Extension point "knight sites": whether an expansion forbids a knight on an
    /// intersection.
    pub(crate) fn check_knight_site_ext(&self, at: VertexId, active: bool) -> Result<(), RuleError> {
        let mut result = Ok(());
        each_expansion!(self.rules.expansions, E => {
            if result.is_ok() {
                result = E::check_knight_site(self, at, active);
            }
        });
        result
    }

    /// Extension point "knight sites": knights changed at these intersections.
    pub(crate) fn after_knights_changed_ext(&mut self, changed: &[VertexId]) {
        each_expansion!(self.rules.expansions, E => E::after_knights_changed(self, changed));
    }

    /// Extension point "merchant": an expansion's refusal of the merchant's hex.
    pub(crate) fn check_merchant_hex_ext(&self, hex: HexId) -> Result<(), RuleError> {
        let mut result = Ok(());
        each_expansion!(self.rules.expansions, E => {
            if result.is_ok() {
                result = E::check_merchant_hex(self, hex);
            }
        });
        result
    }

    /// Extension point "route pieces": after `owner`'s road was removed from a path
    /// (Diplomacy).
    pub(crate) fn after_road_removed_ext(&mut self, owner: PlayerId, at: EdgeId) {
        each_expansion!(self.rules.expansions, E => E::after_road_removed(self, owner, at));
    }

    /// Extension point "route pieces": removes an expansion's piece on a path (Diplomacy),
    /// returning its owner.
    pub(crate) fn remove_path_piece_ext(&mut self, at: EdgeId, events: &mut Vec<Event>) -> Option<PlayerId> {
        let mut owner = None;
        each_expansion!(self.rules.expansions, E => {
            if owner.is_none() {
                owner = E::remove_path_piece(self, at, events);
            }
        });
        owner
    }

    /// Extension point "production": the seats an expansion's hexes pay on a roll of `total`.
    pub(crate) fn production_receivers_ext(&self, total: u8) -> u8 {
        let mut seats = 0;
        each_expansion!(self.rules.expansions, E => seats |= E::production_receivers(self, total));
        seats
    }

    /// Extension point "robber": the robber became active.
    pub(crate) fn robber_activated_ext(&mut self, events: &mut Vec<Event>) {
        each_expansion!(self.rules.expansions, E => E::robber_activated(self, events));
    }

    /// The owner of the road or other route piece (a ship) on a path.
    #[inline]
    pub(crate) fn route_piece_owner(&self, at: EdgeId) -> Option<PlayerId> {
        self.roads
            .get(at.index())
            .copied()
            .flatten()
            .or_else(|| self.path_owner_ext(at))
    }

    /// Whether one of `player`'s roads or other route pieces (ships) touches `v`.
    pub(crate) fn touches_route_piece(&self, player: PlayerId, v: VertexId) -> bool {
        self.board
            .topology
            .vertex(v)
            .is_some_and(|info| info.edges.iter().any(|e| self.route_piece_owner(e) == Some(player)))
    }

    /// Refuses actions that belong to an expansion this game does not have, and actions an
    /// expansion of this game forbids (Cities & Knights: development cards).
    pub(crate) fn check_in_ruleset(&self, action: &Action) -> Result<(), RuleError> {
        let mut result = Ok(());
        each_expansion!(IMPLEMENTED, E => {
            if result.is_ok() && E::owns_action(action) && !self.rules.has(E::EXPANSION) {
                result = Err(RuleError::Unsupported { what: E::ACTION_ELSEWHERE });
            }
        });
        each_expansion!(self.rules.expansions, E => {
            if result.is_ok() {
                result = E::check_action(self, action);
            }
        });
        result
    }

    /// The expansions' own invariants.
    /// Extension point "chance": an expansion's verdict on a chance outcome, if it has one.
    pub(crate) fn check_outcome_ext(&self, outcome: &crate::action::Outcome) -> Option<Result<(), RuleError>> {
        let mut verdict = None;
        each_expansion!(self.rules.expansions, E => {
            if verdict.is_none() {
                verdict = E::check_outcome(self, outcome);
            }
        });
        verdict
    }

    /// Extension point "chance": lets the expansion apply its own chance outcome.
    pub(crate) fn do_outcome_ext(&mut self, outcome: crate::action::Outcome, events: &mut Vec<Event>) -> bool {
        let mut done = false;
        each_expansion!(self.rules.expansions, E => {
            if !done {
                done = E::do_outcome(self, outcome, events);
            }
        });
        done
    }

    /// Extension point "chance": the outcomes of an expansion's own chance step, if the game
    /// waits for one.
    pub(crate) fn for_each_outcome_ext<F: FnMut(crate::action::Outcome, u32)>(&self, f: &mut F) -> bool {
        let mut done = false;
        each_expansion!(self.rules.expansions, E => {
            if !done {
                done = E::for_each_outcome(self, f);
            }
        });
        done
    }

    /// Extension point "decisions": the legal actions of a decision an expansion adds.
    pub(crate) fn push_decision_actions_ext(&self, phase: crate::state::Phase, out: &mut Vec<Action>) {
        each_expansion!(self.rules.expansions, E => E::push_decision_actions(self, phase, out));
    }

    /// Extension point "positions": each expansion of the game validates its part of a
    /// declared position; every other implemented expansion refuses a position that
    /// declares its pieces or cards.
    pub(crate) fn declare_expansions(&mut self, s: &Setup) -> Result<(), PositionError> {
        let mut result = Ok(());
        each_expansion!(IMPLEMENTED, E => {
            if result.is_ok() {
                result = if self.rules.has(E::EXPANSION) {
                    E::declare(self, s)
                } else {
                    E::declared_without(s).map_or(Ok(()), Err)
                };
            }
        });
        result
    }

    /// Extension point "positions": each expansion of the game writes its part of a setup.
    pub(crate) fn export_expansions(&self, s: &mut Setup) {
        each_expansion!(self.rules.expansions, E => E::export(self, s));
    }

    /// Extension point "route pieces": whether an expansion's piece holds the path.
    #[inline]
    pub(crate) fn path_taken_ext(&self, at: EdgeId) -> bool {
        self.path_owner_ext(at).is_some()
    }

    /// Extension point "route pieces": the owner of an expansion's piece on the path.
    #[inline]
    pub(crate) fn path_owner_ext(&self, at: EdgeId) -> Option<PlayerId> {
        let mut owner = None;
        each_expansion!(self.rules.expansions, E => owner = owner.or_else(|| E::path_owner(self, at)));
        owner
    }

    /// Extension point "route pieces": whether `player`'s expansion pieces touch `v`.
    pub(crate) fn touches_route_ext(&self, player: PlayerId, v: VertexId) -> bool {
        let mut any = false;
        each_expansion!(self.rules.expansions, E => any |= E::touches_route(self, player, v));
        any
    }

    /// Extension point "route pieces": `player`'s ships (empty without Seafarers).
    #[inline]
    pub(crate) fn route_ships_ext(&self, player: PlayerId) -> &[EdgeId] {
        let mut ships: &[EdgeId] = &[];
        each_expansion!(self.rules.expansions, E => {
            if ships.is_empty() {
                ships = E::route_ships(self, player);
            }
        });
        ships
    }

    /// Extension point "after a settlement" (outside setup).
    pub(crate) fn after_settlement_ext(&mut self, player: PlayerId, at: VertexId, events: &mut Vec<Event>) {
        each_expansion!(self.rules.expansions, E => E::after_settlement(self, player, at, events));
    }

    /// Extension point "production": what a roll owes after the hexes paid.
    pub(crate) fn after_production_ext(&mut self, total: u8, events: &mut Vec<Event>) {
        each_expansion!(self.rules.expansions, E => E::after_production(self, total, events));
    }

    /// Extension point "robber": moves in place of the robber's.
    pub(crate) fn push_robber_alternatives_ext(&self, player: PlayerId, out: &mut Vec<Action>) {
        each_expansion!(self.rules.expansions, E => E::push_robber_alternatives(self, player, out));
    }

    /// Extension point "robber": the seats an expansion names as victims (as bits), when its
    /// robbery is pending.
    pub(crate) fn robbery_victims_ext(&self, player: PlayerId) -> Option<u32> {
        let mut verdict = None;
        each_expansion!(self.rules.expansions, E => verdict = verdict.or_else(|| E::robbery_victims(self, player)));
        verdict
    }

    /// Extension point "route pieces": pieces placeable in place of a road.
    pub(crate) fn push_route_alternatives_ext(
        &self,
        player: PlayerId,
        setup_from: Option<VertexId>,
        out: &mut Vec<Action>,
    ) {
        each_expansion!(self.rules.expansions, E => E::push_route_alternatives(self, player, setup_from, out));
    }

    /// Extension point "route pieces": whether a free piece other than a road fits.
    pub(crate) fn free_piece_placeable_ext(&self, player: PlayerId) -> bool {
        let mut any = false;
        each_expansion!(self.rules.expansions, E => any |= E::free_piece_placeable(self, player));
        any
    }

    /// Extension point "route pieces": pieces other than roads in supply.
    pub(crate) fn route_pieces_left_ext(&self, player: PlayerId) -> u8 {
        let mut n = 0;
        each_expansion!(self.rules.expansions, E => n += E::route_pieces_left(self, player));
        n
    }

    /// Extension point "setup": what the second settlement's hexes owe beyond resources.
    pub(crate) fn after_starting_resources_ext(&mut self, player: PlayerId, at: VertexId) {
        each_expansion!(self.rules.expansions, E => E::after_starting_resources(self, player, at));
    }

    /// Extension point "road sites": an expansion's refusal of a road's path.
    #[inline]
    pub(crate) fn check_road_site_ext(&self, at: EdgeId) -> Result<(), RuleError> {
        let mut result = Ok(());
        each_expansion!(self.rules.expansions, E => {
            if result.is_ok() {
                result = E::check_road_site(self, at);
            }
        });
        result
    }

    /// Extension point "after a city" (outside setup).
    pub(crate) fn after_city_ext(&mut self, player: PlayerId, at: VertexId, events: &mut Vec<Event>) {
        each_expansion!(self.rules.expansions, E => E::after_city(self, player, at, events));
    }

    /// Extension point "after a setup building".
    pub(crate) fn after_setup_building_ext(&mut self, player: PlayerId, at: VertexId, events: &mut Vec<Event>) {
        each_expansion!(self.rules.expansions, E => E::after_setup_building(self, player, at, events));
    }

    /// Extension point "victory points": the points a player's buildings do not give now.
    #[inline]
    pub(crate) fn building_vp_lost_ext(&self, p: PlayerId) -> u8 {
        let mut vp = 0;
        each_expansion!(self.rules.expansions, E => vp += E::building_vp_lost(self, p));
        vp
    }

    /// The same, recounted from scratch (invariants).
    pub(crate) fn building_vp_lost_from_scratch_ext(&self, p: PlayerId) -> u8 {
        let mut vp = 0;
        each_expansion!(self.rules.expansions, E => vp += E::building_vp_lost_from_scratch(self, p));
        vp
    }

    /// Extension point "maritime rates": the harbors a player may use.
    #[inline]
    pub(crate) fn harbor_mask_ext(&self, player: PlayerId, mask: u8) -> u8 {
        let mut m = mask;
        each_expansion!(self.rules.expansions, E => m = E::harbor_mask(self, player, m));
        m
    }

    /// Extension point "end of turn": whether an expansion's decision lets the turn end.
    pub(crate) fn ends_turn_in_decision_ext(&self) -> bool {
        let mut any = false;
        each_expansion!(self.rules.expansions, E => any |= E::ends_turn_in_decision(self));
        any
    }

    /// Extension point "end of turn": whether an expansion queued steps before the turn ends.
    pub(crate) fn defer_end_turn_ext(&mut self, player: PlayerId, events: &mut Vec<Event>) -> bool {
        let mut deferred = false;
        each_expansion!(self.rules.expansions, E => {
            if !deferred {
                deferred = E::defer_end_turn(self, player, events);
            }
        });
        deferred
    }

    pub(crate) fn check_expansion_invariants(&self) -> Result<(), InvariantViolation> {
        let mut result = Ok(());
        each_expansion!(self.rules.expansions, E => {
            if result.is_ok() {
                result = E::check_invariants(self);
            }
        });
        result
    }

    /// Extension point "dice": whether an expansion takes the event die's ship (Barbarian
    /// Attack with Cities & Knights places a barbarian instead of sailing the ship).
    pub(crate) fn ship_face_ext(&mut self, player: PlayerId, total: u8, events: &mut Vec<Event>) -> bool {
        let mut done = false;
        each_expansion!(self.rules.expansions, E => {
            if !done {
                done = E::ship_face(self, player, total, events);
            }
        });
        done
    }

    /// Extension point "improvements": an expansion's refusal of a city improvement.
    pub(crate) fn check_improvement_ext(
        &self,
        player: PlayerId,
        track: crate::progress::Track,
    ) -> Result<(), RuleError> {
        let mut result = Ok(());
        each_expansion!(self.rules.expansions, E => {
            if result.is_ok() {
                result = E::check_improvement(self, player, track);
            }
        });
        result
    }

    /// Extension point "improvements": after a city improvement.
    pub(crate) fn after_improvement_ext(&mut self, player: PlayerId, events: &mut Vec<Event>) {
        each_expansion!(self.rules.expansions, E => E::after_improvement(self, player, events));
    }

    /// Extension point "progress cards": an expansion's verdict on a play, if it has one.
    pub(crate) fn check_progress_ext(&self, player: PlayerId, play: &ProgressPlay) -> Option<Result<(), RuleError>> {
        let mut verdict = None;
        each_expansion!(self.rules.expansions, E => {
            if verdict.is_none() {
                verdict = E::check_progress(self, player, play);
            }
        });
        verdict
    }

    /// Extension point "progress cards": whether an expansion may have a verdict on a play of
    /// `card` (`false`: [`Game::check_progress_ext`] is `None` for every play of it).
    pub(crate) fn progress_changed_ext(&self, card: crate::progress::ProgressCard) -> bool {
        let mut changed = false;
        each_expansion!(self.rules.expansions, E => changed |= E::changes_progress(self, card));
        changed
    }

    /// Extension point "progress cards": whether every expansion lets Invention move the
    /// token of `hex`.
    pub(crate) fn invention_hex_ext(&self, hex: HexId) -> bool {
        let mut allowed = true;
        each_expansion!(self.rules.expansions, E => allowed &= E::invention_hex(self, hex));
        allowed
    }

    /// Extension point "progress cards": whether an expansion refuses every play of `card`.
    pub(crate) fn progress_refused_ext(&self, card: crate::progress::ProgressCard) -> bool {
        let mut refused = false;
        each_expansion!(self.rules.expansions, E => refused |= E::refuses_progress(self, card));
        refused
    }

    /// Extension point "progress cards": the cards some expansion refuses every play of
    /// ([`Game::progress_refused_ext`]) and the cards some expansion may have a verdict on
    /// ([`Game::progress_changed_ext`]), in that order, each a set by
    /// [`crate::progress::ProgressCard::index`] (asked once per listing; an expansion whose
    /// answers do not depend on the game folds to constant sets).
    #[inline]
    pub(crate) fn progress_card_sets_ext(&self) -> (u32, u32) {
        let (mut refused, mut changed) = (0u32, 0u32);
        each_expansion!(self.rules.expansions, E => {
            for card in crate::progress::ProgressCard::ALL {
                refused |= u32::from(E::refuses_progress(self, card)) << card.index();
                changed |= u32::from(E::changes_progress(self, card)) << card.index();
            }
        });
        (refused, changed)
    }

    /// Extension point "progress cards": whether an expansion carried out a play's effect.
    pub(crate) fn do_progress_ext(&mut self, player: PlayerId, play: ProgressPlay, events: &mut Vec<Event>) -> bool {
        let mut done = false;
        each_expansion!(self.rules.expansions, E => {
            if !done {
                done = E::do_progress(self, player, play, events);
            }
        });
        done
    }

    /// Extension point "knights": `p`'s knights standing elsewhere than on intersections.
    pub(crate) fn knights_elsewhere_ext(&self, p: PlayerId) -> [u8; 3] {
        let mut n = [0u8; 3];
        each_expansion!(self.rules.expansions, E => {
            for (a, b) in n.iter_mut().zip(E::knights_elsewhere(self, p)) {
                *a += b;
            }
        });
        n
    }
}
