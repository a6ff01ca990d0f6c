//! Barbarian Attack at the base rules' extension points (see [`crate::rules::extensions`]).

use super::actions::{BarbAction, BarbOutcome};
use super::errors::BarbRule;
use super::landing::landing_weight;
use super::options::BarbSeven;
use super::pending::BarbPending;
use super::state::{BarbCard, BarbState};
use super::{BarbarianAttack, KNIGHTS_PER_PLAYER};
use crate::action::{Action, Outcome};
use crate::board::Terrain;
use crate::cards::Resource;
use crate::error::RuleError;
use crate::event::Event;
use crate::ids::{EdgeId, HexId, PlayerId, VertexId, MAX_PLAYERS};
use crate::invariants::InvariantViolation;
use crate::position::{PositionError, Setup};
use crate::rules::extensions::ExpansionRules;
use crate::ruleset::Expansion;
use crate::state::{Game, PlayerState};

impl ExpansionRules for BarbarianAttack {
    const EXPANSION: Expansion = Expansion::BarbarianAttack;
    const NO_DEVELOPMENT_CARDS: bool = true;
    const SETUP_CITY: bool = true;
    const ACTION_ELSEWHERE: &'static str = "knights on paths, barbarians and gold in a game without Barbarian Attack";

    /// Components: the castle, the coastal hexes, a barbarian on the coastal 2 and 12, six
    /// knights each, the scenario deck; no robber (source `catan-combination-ba-tb`).
    fn start(g: &mut Game) -> Result<(), RuleError> {
        g.start_barb()
    }

    fn check_building_site(g: &Game, at: VertexId) -> Result<(), RuleError> {
        g.barb_check_building_site(at)
    }

    /// A setup city (or settlement) is a building too: not on a conquered hex's intersection.
    fn check_setup_site(g: &Game, at: VertexId) -> Result<(), RuleError> {
        g.barb_check_building_site(at)
    }

    fn check_road_site(g: &Game, at: EdgeId) -> Result<(), RuleError> {
        g.barb_check_road_site(at)
    }

    /// Option `barb-seven nothing`: nobody discards on a 7.
    fn discard_limit_bonus(g: &Game, _p: PlayerId) -> u32 {
        match g.rules.barb.seven {
            BarbSeven::Discard => 0,
            BarbSeven::Nothing => u32::MAX / 2,
        }
    }

    /// With Cities & Knights, option `barb-ck-building-landing no`: buildings bring none.
    /// The new settlement's harbors serve its owner ([`Game::building_served`]).
    fn after_settlement(g: &mut Game, player: PlayerId, at: VertexId, events: &mut Vec<Event>) {
        g.building_served(player, at);
        if !g.barb_ck() || g.rules.barb.ck_building_landing {
            g.queue_landing(player, events);
        }
    }

    /// The city replaced the player's settlement or damaged city (1 point) with 2 points:
    /// the kept points of buildings surrounded by conquest grow by one when it is surrounded
    /// (the invariant `conquest` recounts them after every step).
    fn after_city(g: &mut Game, player: PlayerId, at: VertexId, events: &mut Vec<Event>) {
        if g.surrounded_by_conquest(at) {
            g.barb.lost_vp[player.index()] += 1;
        }
        if !g.barb_ck() || g.rules.barb.ck_building_landing {
            g.queue_landing(player, events);
        }
    }

    /// Option `barb-setup-landing yes`: setup buildings bring barbarians too. The new
    /// building's points join the kept points of buildings surrounded by conquest when it is
    /// surrounded (never, as no building goes next to a conquered hex, but kept exact).
    fn after_setup_building(g: &mut Game, player: PlayerId, at: VertexId, events: &mut Vec<Event>) {
        if let Some(site) = g.sites[at.index()].filter(|_| g.surrounded_by_conquest(at)) {
            g.barb.lost_vp[player.index()] += Game::building_vp(site.building);
        }
        g.building_served(player, at);
        if g.rules.barb.setup_landing {
            g.queue_landing(player, events);
        }
    }

    fn push_build_actions(g: &Game, player: PlayerId, out: &mut Vec<Action>) {
        if g.barb_ck() {
            g.push_path_knight_builds(player, out);
            g.push_barb_ck_card_plays(player, out);
        } else if g.check_buy_barb_card(player).is_ok() {
            out.push(Action::Barb(BarbAction::BuyBarbarianCard { player }));
        }
        if g.barb.gold[player.index()] >= super::GOLD_PER_RESOURCE {
            for resource in Resource::ALL {
                if g.check_buy_with_gold(player, resource).is_ok() {
                    out.push(Action::Barb(BarbAction::BuyWithGold { player, resource }));
                }
            }
        }
    }

    fn harbor_mask(g: &Game, player: PlayerId, mask: u8) -> u8 {
        g.barb_harbor_mask(player, mask)
    }

    /// The game ended with leftover prisoners still to be given: they go back to the supply.
    fn game_over(g: &mut Game) {
        let left: u8 = g
            .pending
            .iter()
            .map(|e| match e.kind {
                crate::pending::PendingKind::Barb(BarbPending::AwardPrisoners { count, .. }) => count,
                _ => 0,
            })
            .sum();
        if g.barb_ck() {
            // Unlimited figures: they leave the count of those placed.
            g.barb.arrived -= u32::from(left);
        } else {
            g.barb.supply += left;
        }
    }

    fn end_turn(g: &mut Game) {
        g.barb.new_turn(g.barb_ck());
        g.barb.purchases = 0;
    }

    fn ends_turn_in_decision(g: &Game) -> bool {
        g.barb_front() == Some(BarbPending::MovingKnights)
    }

    fn defer_end_turn(g: &mut Game, player: PlayerId, _events: &mut Vec<Event>) -> bool {
        g.barb_defer_end_turn(player)
    }

    /// Every 2 prisoners are 1 victory point (source `catan-faq-tb`); with Cities & Knights
    /// every 3 (rule `BARB.CK.PRISONERS_VP`).
    fn victory_points(g: &Game, p: PlayerId, _st: &PlayerState) -> u8 {
        g.barb.prisoners[p.index()] / g.prisoners_per_vp()
    }

    fn victory_points_from_scratch(g: &Game, p: PlayerId) -> u8 {
        g.barb.prisoners[p.index()] / g.prisoners_per_vp()
    }

    /// Conquered buildings give no victory points; with Cities & Knights a metropolis keeps
    /// its points (the kept count is of buildings surrounded by conquest, whoever holds the
    /// metropolises).
    fn building_vp_lost(g: &Game, p: PlayerId) -> u8 {
        let surrounded = g.barb.lost_vp[p.index()];
        if g.barb_ck() && surrounded > 0 {
            return surrounded - g.spared_metropolis_vp(p);
        }
        surrounded
    }

    fn building_vp_lost_from_scratch(g: &Game, p: PlayerId) -> u8 {
        g.lost_vp_from_scratch()[p.index()]
    }

    /// There is no robber (source `catan-combination-ba-tb`).
    fn robber_active(_g: &Game) -> bool {
        false
    }

    fn owns_action(action: &Action) -> bool {
        matches!(action, Action::Barb(_) | Action::Chance(Outcome::Barb(_)))
    }

    fn check_action(g: &Game, action: &Action) -> Result<(), RuleError> {
        if action.dev_card().is_some() || matches!(action, Action::BuyDevCard { .. }) {
            return Err(RuleError::Barb(BarbRule::NoDevelopmentCards));
        }
        if g.barb_ck() {
            use crate::CkAction as C;
            // Knights stand on paths (rule `BARB.CK.KNIGHTS_ON_PATHS`).
            if let Action::Ck(
                C::RecruitKnight { .. }
                | C::PromoteKnight { .. }
                | C::ActivateKnight { .. }
                | C::MoveKnight { .. }
                | C::DisplaceKnight { .. }
                | C::RelocateKnight { .. }
                | C::ChaseRobber { .. }
                | C::PlaceTreasonKnight { .. },
            ) = action
            {
                return Err(RuleError::Barb(BarbRule::KnightsOnPaths));
            }
            if let Action::Barb(BarbAction::BuyBarbarianCard { .. }) = action {
                return Err(RuleError::Barb(BarbRule::NoScenarioDeck));
            }
        }
        Ok(())
    }

    /// With Cities & Knights no knight stands on an intersection.
    fn check_knight_site(g: &Game, _at: VertexId, _active: bool) -> Result<(), RuleError> {
        if g.barb_ck() {
            return Err(RuleError::Barb(BarbRule::KnightsOnPaths));
        }
        Ok(())
    }

    /// The merchant never stands on a conquered hex (rule `BARB.CK.MERCHANT`).
    fn check_merchant_hex(g: &Game, hex: HexId) -> Result<(), RuleError> {
        if g.hex_conquered(hex) {
            return Err(RuleError::Barb(BarbRule::MerchantConquered));
        }
        Ok(())
    }

    /// The event die's ship lands a barbarian (rule `BARB.CK.SHIP_FACE`).
    fn ship_face(g: &mut Game, player: PlayerId, total: u8, events: &mut Vec<Event>) -> bool {
        g.barb_ck_ship_face(player, total, events);
        true
    }

    fn check_improvement(g: &Game, player: PlayerId, track: crate::progress::Track) -> Result<(), RuleError> {
        g.check_barb_ck_improvement(player, track)
    }

    /// Each city improvement brings a barbarian (rule `BARB.CK.IMPROVEMENT_ARRIVAL`).
    fn after_improvement(g: &mut Game, player: PlayerId, events: &mut Vec<Event>) {
        g.barb_ck_after_improvement(player, events);
    }

    fn check_progress(
        g: &Game,
        player: PlayerId,
        play: &crate::progress::ProgressPlay,
    ) -> Option<Result<(), RuleError>> {
        g.check_barb_ck_progress(player, play)
    }

    fn changes_progress(_g: &Game, card: crate::progress::ProgressCard) -> bool {
        Game::barb_ck_changes_progress(card)
    }

    fn refuses_progress(_g: &Game, card: crate::progress::ProgressCard) -> bool {
        Game::barb_ck_replaces_progress(card)
    }

    /// With Cities & Knights, Invention swaps inner hexes' tokens only.
    fn invention_hex(g: &Game, hex: crate::ids::HexId) -> bool {
        !g.barb_ck() || g.barb_ck_inventable(hex)
    }

    fn do_progress(
        g: &mut Game,
        player: PlayerId,
        play: crate::progress::ProgressPlay,
        events: &mut Vec<Event>,
    ) -> bool {
        g.do_barb_ck_progress(player, play, events)
    }

    fn knights_elsewhere(g: &Game, p: PlayerId) -> [u8; 3] {
        if g.barb_ck() {
            let mut n = g.path_knights_by_level(p);
            // A displaced knight waiting for its path is its owner's, off the board.
            for e in g.pending.iter() {
                if let crate::pending::PendingKind::Barb(BarbPending::Relocate { level, .. }) = e.kind {
                    if e.who == p {
                        n[level as usize - 1] += 1;
                    }
                }
            }
            n
        } else {
            [0; 3]
        }
    }

    fn check_invariants(g: &Game) -> Result<(), InvariantViolation> {
        g.check_barb_invariants()
    }

    fn check_outcome(g: &Game, outcome: &Outcome) -> Option<Result<(), RuleError>> {
        let front = g.barb_front()?;
        if front.resolver() != crate::pending::Resolver::Chance {
            return None;
        }
        let why = |w| Some(Err(RuleError::ImpossibleOutcome { why: w }));
        match (front, *outcome) {
            (BarbPending::Landing { used, .. }, Outcome::Barb(BarbOutcome::LandingRoll { total })) => {
                Some(g.check_landing_roll(used, total))
            }
            (BarbPending::Landing { .. }, _) => why("the game waits for a landing roll"),
            (BarbPending::DrawCard, Outcome::Barb(BarbOutcome::BarbarianCard { card })) => {
                Some(g.check_barb_card_drawn(card))
            }
            (BarbPending::DrawCard, _) => why("the game waits for the scenario card drawn"),
            (BarbPending::Arrival { reroll }, Outcome::Barb(BarbOutcome::ArrivalRoll { total })) => {
                Some(g.check_arrival_roll(reroll, total))
            }
            (BarbPending::Arrival { .. }, _) => why("the game waits for the dice of an arriving barbarian"),
            (BarbPending::CastleDie, Outcome::Barb(BarbOutcome::CastleDie { face })) => {
                Some(if (1..=6).contains(&face) {
                    Ok(())
                } else {
                    Err(RuleError::ImpossibleOutcome {
                        why: "a die shows 1 to 6",
                    })
                })
            }
            (_, _) => why("the game waits for the castle die"),
        }
    }

    fn do_outcome(g: &mut Game, outcome: Outcome, events: &mut Vec<Event>) -> bool {
        let Outcome::Barb(o) = outcome else {
            return false;
        };
        let Some(entry) = g.pending.front() else {
            return false;
        };
        match (entry.kind, o) {
            (
                crate::pending::PendingKind::Barb(BarbPending::Landing { left, used }),
                BarbOutcome::LandingRoll { total },
            ) => g.do_landing_roll(entry.who, left, used, total, events),
            (_, BarbOutcome::BarbarianCard { card }) => g.do_barb_card_drawn(entry.who, card, events),
            (_, BarbOutcome::CastleDie { face }) => g.do_castle_die(face, events),
            (_, BarbOutcome::ArrivalRoll { total }) => g.do_arrival_roll(total, events),
            _ => return false,
        }
        true
    }

    fn for_each_outcome<F: FnMut(Outcome, u32)>(g: &Game, f: &mut F) -> bool {
        match g.barb_front() {
            Some(BarbPending::Landing { used, .. }) => {
                for total in 2..=12u8 {
                    if used & (1 << total) == 0 && landing_weight(total) > 0 {
                        f(Outcome::Barb(BarbOutcome::LandingRoll { total }), landing_weight(total));
                    }
                }
                true
            }
            Some(BarbPending::DrawCard) => {
                for card in BarbCard::ALL {
                    let n = g.barb.deck[card.index()];
                    if n > 0 {
                        f(Outcome::Barb(BarbOutcome::BarbarianCard { card }), u32::from(n));
                    }
                }
                true
            }
            Some(BarbPending::CastleDie) => {
                for face in 1..=6 {
                    f(Outcome::Barb(BarbOutcome::CastleDie { face }), 1);
                }
                true
            }
            Some(BarbPending::Arrival { reroll }) => {
                for total in 2..=12u8 {
                    let w = super::ck::arrival::arrival_weight(total, reroll);
                    if w > 0 {
                        f(Outcome::Barb(BarbOutcome::ArrivalRoll { total }), w);
                    }
                }
                true
            }
            _ => false,
        }
    }

    fn push_decision_actions(g: &Game, _phase: crate::state::Phase, out: &mut Vec<Action>) {
        let Some(entry) = g.pending.front() else { return };
        let who = entry.who;
        match g.barb_front() {
            Some(BarbPending::PlaceKnight { anywhere }) => g.push_knight_places(who, anywhere, out),
            Some(BarbPending::Treason { .. } | BarbPending::Capture) => g.push_barb_card_choices(who, out),
            Some(BarbPending::Battles) => {
                for i in 0..g.barb.coastal.len() {
                    let hex = HexId(i as u16);
                    if g.barb.coastal[i] && g.battle_possible(hex) {
                        out.push(Action::Barb(BarbAction::ExpelBarbarians { player: who, hex }));
                    }
                }
            }
            Some(BarbPending::AwardPrisoners { among, .. }) => {
                for p in g.player_ids() {
                    if among & (1 << p.0) != 0 {
                        out.push(Action::Barb(BarbAction::AwardPrisoner { player: who, to: p }));
                    }
                }
            }
            Some(BarbPending::MovingKnights) => {
                g.push_knight_moves(who, out);
                out.push(Action::EndTurn { player: who });
            }
            Some(BarbPending::Relocate { at, .. }) => {
                for e in super::state::path_members(&g.relocation_sites(at)) {
                    out.push(Action::Barb(BarbAction::RelocatePathKnight {
                        player: who,
                        to: EdgeId(e as u16),
                    }));
                }
            }
            Some(BarbPending::Surrender) => {
                for i in 0..g.barb.knights.len() {
                    if g.barb.knights[i].is_some_and(|k| k.owner == who) {
                        out.push(Action::Barb(BarbAction::SurrenderPathKnight {
                            player: who,
                            at: EdgeId(i as u16),
                        }));
                    }
                }
            }
            Some(BarbPending::Deserter { .. }) => {
                for level in [None, Some(1), Some(2), Some(3)] {
                    if g.check_deserter(who, level).is_ok() {
                        out.push(Action::Barb(BarbAction::PlaceDeserterKnight { player: who, level }));
                    }
                }
            }
            _ => {}
        }
    }

    fn declare(g: &mut Game, s: &Setup) -> Result<(), PositionError> {
        g.declare_barb(s)
    }

    fn declared_without(s: &Setup) -> Option<PositionError> {
        super::position::declared_without(s)
    }

    fn export(g: &Game, s: &mut Setup) {
        g.export_barb(s);
    }
}

/// The `coastal` hexes of `topo` in id order, each with its six paths as bits (what
/// [`BarbState::coast`] keeps).
pub(crate) fn coast_sides(topo: &crate::board::Topology, coastal: &[bool]) -> Vec<(HexId, super::state::PathBits)> {
    let mut coast = Vec::new();
    for (i, _) in coastal.iter().enumerate().filter(|(_, c)| **c) {
        let h = HexId(i as u16);
        let mut sides = [0u64; 4];
        for e in topo.hex(h).map(|x| x.sides).into_iter().flatten() {
            super::state::add_path(&mut sides, e.index());
        }
        coast.push((h, sides));
    }
    coast
}

impl Game {
    /// Components (see [`BarbarianAttack::start`]): the board must have one castle hex and
    /// coastal hexes whose numbers differ.
    fn start_barb(&mut self) -> Result<(), RuleError> {
        let castles = self.board.terrain.iter().filter(|t| **t == Terrain::Castle).count();
        if castles != 1 {
            return Err(RuleError::Unsupported {
                what: "a board for Barbarian Attack without exactly one castle hex",
            });
        }
        let n = self.board.topology.hex_count();
        let mut coastal = vec![false; n];
        let mut seen = 0u16;
        for (i, c) in coastal.iter_mut().enumerate() {
            let h = HexId(i as u16);
            let on_coast = self
                .board
                .topology
                .hex(h)
                .is_some_and(|x| x.land && x.sides.iter().any(|e| self.board.topology.edges()[e.index()].coastal));
            if on_coast && self.board.terrain[i].takes_token() {
                if let Some(t) = self.board.tokens[i] {
                    if seen & (1 << t) != 0 {
                        return Err(RuleError::Unsupported {
                            what: "a board for Barbarian Attack whose coastal hexes repeat a number",
                        });
                    }
                    seen |= 1 << t;
                    *c = true;
                }
            }
        }
        let topo = &self.board.topology;
        if topo.edge_count() > super::state::MAX_PATHS {
            return Err(RuleError::Unsupported {
                what: "a board for Barbarian Attack with more than 256 paths",
            });
        }
        let bit = |bits: &mut super::state::PathBits, e: EdgeId| bits[e.index() / 64] |= 1 << (e.index() % 64);
        let (path_adjacency, path_rings) = super::knights::path_tables(topo);
        let castle = self
            .board
            .terrain
            .iter()
            .position(|t| *t == Terrain::Castle)
            .map(|i| HexId(i as u16));
        let mut castle_paths = [0u64; 4];
        for e in castle.and_then(|c| topo.hex(c)).map(|h| h.sides).into_iter().flatten() {
            bit(&mut castle_paths, e);
        }
        let coast = coast_sides(topo, &coastal);
        self.barb = BarbState {
            coast,
            raided: [0; 4],
            path_rings,
            path_adjacency,
            castle_paths,
            barbarians: vec![0; n],
            coastal,
            castle,
            supply: self.rules.barb.supply,
            knights: vec![None; self.board.topology.edge_count()],
            owned: vec![[0; 4]; MAX_PLAYERS],
            sets: Default::default(),
            // With Cities & Knights the knights are theirs (rule `BARB.CK.SETUP`).
            knights_left: [if self.barb_ck() { 0 } else { KNIGHTS_PER_PLAYER }; MAX_PLAYERS],
            prisoners: [0; MAX_PLAYERS],
            gold: [0; MAX_PLAYERS],
            purchases: 0,
            deck: BarbCard::DECK,
            discards: [0; 4],
            lost_vp: [0; MAX_PLAYERS],
            // No building yet.
            unserved: crate::kept::Kept(Some([0; MAX_PLAYERS])),
            battle: None,
            fighters: 0,
            arrived: 0,
        };
        for total in [2, 12] {
            if let Some(h) = self.coastal_hex_numbered(total) {
                if self.take_barbarian_from_supply() {
                    self.barb.barbarians[h.index()] = 1;
                }
            }
        }
        self.barb.raided = self.barb.raided_paths();
        self.robber = None;
        Ok(())
    }

    /// Knights on paths: 6 each on the base game (on the board or in supply), strength 1 and
    /// lying down; with Cities & Knights strengths 1–3 out of the Cities & Knights supply
    /// (counted by its own invariant) and none on a path during a relocation's wait.
    fn check_path_knights(&self) -> Result<(), InvariantViolation> {
        let b = &self.barb;
        let fail = |detail: String| {
            Err(InvariantViolation {
                name: "knights",
                detail,
            })
        };
        for (e, k) in b.knights.iter().enumerate() {
            let Some(k) = k else { continue };
            let ok = if self.barb_ck() {
                (1..=3).contains(&k.level)
            } else {
                k.level == 1 && !k.active && !k.promoted
            };
            if !ok || k.owner.index() >= self.players.len() {
                return fail(format!("the knight on path {e} is not a piece of this game"));
            }
        }
        if self.barb_ck() {
            return Ok(());
        }
        for p in self.player_ids() {
            let on = b.knights.iter().flatten().filter(|k| k.owner == p).count();
            if on + usize::from(b.knights_left[p.index()]) != usize::from(KNIGHTS_PER_PLAYER) {
                return fail(format!("seat {}: {on} on paths", p.0));
            }
        }
        Ok(())
    }

    /// Barbarian Attack's invariants: barbarians conserved (board + supply + prisoners),
    /// only on coastal hexes, at most 3 each; tokens face down exactly on conquered hexes;
    /// knights conserved (at most 6 each, on the board or in supply); the points conquered
    /// buildings lose recounted; the scenario deck conserved (26).
    pub(crate) fn check_barb_invariants(&self) -> Result<(), InvariantViolation> {
        let b = &self.barb;
        let fail = |what: &'static str, detail: String| Err(InvariantViolation { name: what, detail });
        // Leftover prisoners of a battle still to be given are between the board and a hand.
        let awarding = match self.barb_front() {
            Some(BarbPending::AwardPrisoners { count, .. }) => u32::from(count),
            _ => 0,
        };
        // With Cities & Knights the figures are unlimited: those on the board and held are
        // the ones ever placed.
        let (total, expected) = if self.barb_ck() {
            (b.on_board() + b.held() + awarding, b.arrived)
        } else {
            (
                b.on_board() + u32::from(b.supply) + b.held() + awarding,
                u32::from(self.rules.barb.supply),
            )
        };
        if total != expected {
            return fail("barbarians", format!("{total} barbarians, not {expected}"));
        }
        for (i, &n) in b.barbarians.iter().enumerate() {
            if n > super::BARBARIANS_TO_CONQUER || (n > 0 && !b.coastal[i]) {
                return fail("barbarians", format!("{n} barbarians on hex {i}"));
            }
            if b.coastal[i] && (n >= super::BARBARIANS_TO_CONQUER) != self.tokens[i].is_none() {
                return fail("conquest", format!("hex {i}: token face and barbarians disagree"));
            }
        }
        self.check_path_knights()?;
        if b.owned_kept() && (b.owned != b.owned_from_scratch() || b.sets != b.sets_from_scratch()) {
            return fail("knights", "the paths kept for each seat's knights out of step".into());
        }
        if !b.coast.is_empty()
            && (b.coast != coast_sides(&self.board.topology, &b.coastal) || b.raided != b.raided_paths())
        {
            return fail(
                "coast",
                "the coastal hexes' paths kept out of step with the board".into(),
            );
        }
        if b.lost_vp != self.surrounded_vp_from_scratch() {
            return fail("conquest", "conquered buildings' points out of step".into());
        }
        if b.unserved.is_some_and(|u| u != self.unserved_harbors_from_scratch()) {
            return fail("conquest", "harbors kept unserved out of step".into());
        }
        let cards: u8 = b.deck.iter().chain(b.discards.iter()).sum();
        if cards != BarbCard::DECK.iter().sum::<u8>() {
            return fail("barbarian-deck", format!("{cards} cards"));
        }
        Ok(())
    }
}
