//! Barbarian Attack at the base rules' extension points (see [`crate::rules::extensions`]).

use super::actions::{BarbAction, BarbOutcome};
use super::errors::BarbRule;
use super::landing::landing_weight;
use super::options::BarbSeven;
use super::pending::BarbPending;
use super::state::{BarbCard, BarbState};
use super::{BarbarianAttack, KNIGHTS_PER_PLAYER, PRISONERS_PER_VP};
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

    fn after_settlement(g: &mut Game, player: PlayerId, _at: VertexId, events: &mut Vec<Event>) {
        g.queue_landing(player, events);
    }

    fn after_city(g: &mut Game, player: PlayerId, _at: VertexId, events: &mut Vec<Event>) {
        g.barb.lost_vp = g.lost_vp_from_scratch();
        g.queue_landing(player, events);
    }

    /// Option `barb-setup-landing yes`: setup buildings bring barbarians too.
    fn after_setup_building(g: &mut Game, player: PlayerId, _at: VertexId, events: &mut Vec<Event>) {
        g.barb.lost_vp = g.lost_vp_from_scratch();
        if g.rules.barb.setup_landing {
            g.queue_landing(player, events);
        }
    }

    fn push_build_actions(g: &Game, player: PlayerId, out: &mut Vec<Action>) {
        if g.check_buy_barb_card(player).is_ok() {
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
        g.barb.supply += left;
    }

    fn end_turn(g: &mut Game) {
        for k in g.barb.knights.iter_mut().flatten() {
            k.moved = false;
        }
        g.barb.purchases = 0;
    }

    fn ends_turn_in_decision(g: &Game) -> bool {
        g.barb_front() == Some(BarbPending::MovingKnights)
    }

    fn defer_end_turn(g: &mut Game, player: PlayerId, _events: &mut Vec<Event>) -> bool {
        g.barb_defer_end_turn(player)
    }

    /// Every 2 prisoners are 1 victory point (source `catan-faq-tb`).
    fn victory_points(g: &Game, p: PlayerId, _st: &PlayerState) -> u8 {
        g.barb.prisoners[p.index()] / PRISONERS_PER_VP
    }

    fn victory_points_from_scratch(g: &Game, p: PlayerId) -> u8 {
        g.barb.prisoners[p.index()] / PRISONERS_PER_VP
    }

    /// Conquered buildings give no victory points.
    fn building_vp_lost(g: &Game, p: PlayerId) -> u8 {
        g.barb.lost_vp[p.index()]
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

    fn check_action(_g: &Game, action: &Action) -> Result<(), RuleError> {
        if action.dev_card().is_some() || matches!(action, Action::BuyDevCard { .. }) {
            return Err(RuleError::Barb(BarbRule::NoDevelopmentCards));
        }
        Ok(())
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
            _ => false,
        }
    }

    fn push_decision_actions(g: &Game, out: &mut Vec<Action>) {
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
        let mut path_adjacency = vec![[0u64; 4]; topo.edge_count()];
        for (i, adj) in path_adjacency.iter_mut().enumerate() {
            for v in topo.edges()[i].vertices {
                if let Some(vi) = topo.vertex(v) {
                    for n in vi.edges.iter() {
                        if n.index() != i {
                            bit(adj, n);
                        }
                    }
                }
            }
        }
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
        self.barb = BarbState {
            path_adjacency,
            castle_paths,
            barbarians: vec![0; n],
            coastal,
            castle,
            supply: self.rules.barb.supply,
            knights: vec![None; self.board.topology.edge_count()],
            knights_left: [KNIGHTS_PER_PLAYER; MAX_PLAYERS],
            prisoners: [0; MAX_PLAYERS],
            gold: [0; MAX_PLAYERS],
            purchases: 0,
            deck: BarbCard::DECK,
            discards: [0; 4],
            lost_vp: [0; MAX_PLAYERS],
            battle: None,
        };
        for total in [2, 12] {
            if let Some(h) = self.coastal_hex_numbered(total) {
                if self.barb.supply > 0 {
                    self.barb.supply -= 1;
                    self.barb.barbarians[h.index()] = 1;
                }
            }
        }
        self.robber = None;
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
        let total = b.on_board() + u32::from(b.supply) + b.held() + awarding;
        if total != u32::from(self.rules.barb.supply) {
            return fail(
                "barbarians",
                format!("{total} barbarians, not {}", self.rules.barb.supply),
            );
        }
        for (i, &n) in b.barbarians.iter().enumerate() {
            if n > super::BARBARIANS_TO_CONQUER || (n > 0 && !b.coastal[i]) {
                return fail("barbarians", format!("{n} barbarians on hex {i}"));
            }
            if b.coastal[i] && (n >= super::BARBARIANS_TO_CONQUER) != self.tokens[i].is_none() {
                return fail("conquest", format!("hex {i}: token face and barbarians disagree"));
            }
        }
        for p in self.player_ids() {
            let on = b.knights.iter().flatten().filter(|k| k.owner == p).count();
            if on + usize::from(b.knights_left[p.index()]) != usize::from(KNIGHTS_PER_PLAYER) {
                return fail("knights", format!("seat {}: {on} on paths", p.0));
            }
        }
        if b.lost_vp != self.lost_vp_from_scratch() {
            return fail("conquest", "conquered buildings' points out of step".into());
        }
        let cards: u8 = b.deck.iter().chain(b.discards.iter()).sum();
        if cards != BarbCard::DECK.iter().sum::<u8>() {
            return fail("barbarian-deck", format!("{cards} cards"));
        }
        Ok(())
    }
}
