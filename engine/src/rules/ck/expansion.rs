//! Cities & Knights at the base rules' extension points (see [`crate::rules::extensions`]).

use super::CitiesAndKnights;
use crate::action::{Action, Outcome};
use crate::cards::CardKind;
use crate::error::{CkRule, RuleError};
use crate::event::Event;
use crate::ids::{PlayerId, VertexId};
use crate::invariants::InvariantViolation;
use crate::pending::{CkPending, PendingKind};
use crate::position::{err, PositionError, Setup, Subject};
use crate::progress::Track;
use crate::rules::extensions::ExpansionRules;
use crate::ruleset::Expansion;
use crate::state::{Game, PlayerState};

impl ExpansionRules for CitiesAndKnights {
    const EXPANSION: Expansion = Expansion::CitiesAndKnights;
    /// Paper, cloth and coin (source `000_fee7e8147b67bbe6.txt` p. 2).
    const COMMODITIES: bool = true;
    /// Progress cards replace the development cards (p. 3).
    const NO_DEVELOPMENT_CARDS: bool = true;
    /// The second setup placement is a city (p. 4).
    const SETUP_CITY: bool = true;
    const ACTION_ELSEWHERE: &'static str = "this Cities & Knights action in a game without the expansion";

    fn start(g: &mut Game) -> Result<(), RuleError> {
        g.start_cities_and_knights()
    }

    /// Before the roll only Alchemy is played (source `000_fee7e8147b67bbe6.txt` p. 10
    /// "Progress Cards"): without it in hand nothing is listed, asked here without the
    /// listing's call (the same answer as [`Game::push_progress_plays`] outside the action
    /// phase).
    fn push_before_roll_actions(g: &Game, player: PlayerId, out: &mut Vec<Action>) {
        let alchemy = g.players[player.index()]
            .ck
            .progress
            .get(crate::progress::ProgressCard::Alchemy);
        if alchemy > 0 || g.in_main() {
            g.push_progress_plays(player, out);
        }
    }

    fn push_build_actions(g: &Game, player: PlayerId, out: &mut Vec<Action>) {
        g.push_ck_main(player, out);
    }

    /// The trading house (trade level 3: 2 identical commodities for any card), Merchant
    /// Fleet (2:1 for the kind named, this turn) and the merchant (2:1 for its hex's
    /// resource, for its controller); source `000_fee7e8147b67bbe6.txt` pp. 8, 14.
    fn maritime_rates(g: &Game, player: PlayerId, kind: CardKind, rates: &mut [bool; 3]) {
        if kind.is_commodity() && g.players[player.index()].level(Track::Trade) >= 3 {
            rates[0] = true;
        }
        if g.ck.fleet.contains(kind) && player == g.current {
            rates[0] = true;
        }
        if let Some((hex, owner)) = g.ck.merchant {
            if owner == player && g.board.terrain[hex.index()].resource().map(|r| r.card()) == Some(kind) {
                rates[0] = true;
            }
        }
    }

    fn end_turn(g: &mut Game) {
        g.refresh_knights();
        g.end_progress_effects();
    }

    fn victory_points(g: &Game, p: PlayerId, st: &PlayerState) -> u8 {
        g.ck_vp(p, st)
    }

    /// Metropolises +2 each (counted on the board), defender tokens, victory point progress
    /// cards and the merchant 1 each.
    fn victory_points_from_scratch(g: &Game, p: PlayerId) -> u8 {
        let st = &g.players[p.index()];
        let mut vp = st.ck.vp_tokens + st.ck.progress_vp.total() as u8;
        for t in Track::ALL {
            if g.metropolis(t).and_then(|v| g.site(v)).is_some_and(|s| s.owner == p) {
                vp += 2;
            }
        }
        if g.ck.merchant.is_some_and(|(_, o)| o == p) {
            vp += 1;
        }
        vp
    }

    /// The robber neither moves nor steals before the first barbarian attack (p. 7).
    fn robber_active(g: &Game) -> bool {
        g.ck.attacks > 0
    }

    /// Hills and fields 2 resources; forest, pasture and mountains 1 resource and 1 paper,
    /// cloth or coin (p. 7).
    fn city_yield(_g: &Game, terrain: crate::board::Terrain) -> Option<(u8, Option<CardKind>)> {
        use crate::board::Terrain;
        Some(match terrain {
            Terrain::Forest => (1, Some(CardKind::Paper)),
            Terrain::Pasture => (1, Some(CardKind::Cloth)),
            Terrain::Mountains => (1, Some(CardKind::Coin)),
            _ => (2, None),
        })
    }

    /// Each city wall lets its owner hold 2 more cards on a 7 (p. 8).
    fn discard_limit_bonus(g: &Game, p: PlayerId) -> u32 {
        let walls = crate::state::WALLS_PER_PLAYER.saturating_sub(g.players[p.index()].ck.walls_left);
        2 * walls as u32
    }

    /// No settlement where a knight stands (p. 9).
    fn check_building_site(g: &Game, at: VertexId) -> Result<(), RuleError> {
        if g.knight(at).is_some() {
            return Err(RuleError::Ck(CkRule::KnightOnSite));
        }
        Ok(())
    }

    /// A player with a damaged city repairs it before building any other city (p. 11).
    fn check_city(g: &Game, player: PlayerId) -> Result<(), RuleError> {
        if g.players[player.index()].ck.damaged_cities > 0 {
            return Err(RuleError::Ck(CkRule::RepairFirst));
        }
        Ok(())
    }

    /// A damaged city built into a city again: the piece never left the board.
    fn repair_city(g: &mut Game, player: PlayerId, at: VertexId) -> bool {
        let damaged = g.sites[at.index()].is_some_and(|s| s.building == crate::state::Building::DamagedCity);
        if damaged {
            let st = &mut g.players[player.index()];
            st.ck.damaged_cities = st.ck.damaged_cities.saturating_sub(1);
        }
        damaged
    }

    /// The game ended before a displaced knight was relocated: it goes back to its owner's
    /// supply.
    fn game_over(g: &mut Game) {
        let displaced = g.pending.iter().find_map(|e| match e.kind {
            PendingKind::Ck(CkPending::RelocateKnight { knight, .. }) => Some(knight),
            _ => None,
        });
        if let Some(knight) = displaced {
            g.players[knight.owner.index()].ck.knights_left[knight.level as usize - 1] += 1;
        }
    }

    fn owns_action(action: &Action) -> bool {
        matches!(action, Action::Ck(_))
    }

    /// No development cards are bought or played (p. 3).
    fn check_action(_g: &Game, action: &Action) -> Result<(), RuleError> {
        if action.dev_card().is_some() || matches!(action, Action::BuyDevCard { .. }) {
            return Err(RuleError::Ck(CkRule::NoDevelopmentCards));
        }
        Ok(())
    }

    fn check_invariants(g: &Game) -> Result<(), InvariantViolation> {
        g.check_ck_invariants()
    }

    fn check_outcome(g: &Game, outcome: &Outcome) -> Option<Result<(), RuleError>> {
        g.check_ck_outcome(outcome)
    }

    fn do_outcome(g: &mut Game, outcome: Outcome, events: &mut Vec<Event>) -> bool {
        g.do_ck_outcome(outcome, events)
    }

    fn for_each_outcome<F: FnMut(Outcome, u32)>(g: &Game, f: &mut F) -> bool {
        g.for_each_ck_outcome(f)
    }

    fn push_decision_actions(g: &Game, phase: crate::state::Phase, out: &mut Vec<Action>) {
        g.push_ck_decision_actions(phase, out);
    }

    fn declare(g: &mut Game, s: &Setup) -> Result<(), PositionError> {
        g.declare_cities_and_knights(s)
    }

    fn declared_without(s: &Setup) -> Option<PositionError> {
        if let Some((i, ps)) = s
            .players
            .iter()
            .enumerate()
            .find(|(_, p)| !p.ck.damaged_cities.is_empty())
        {
            return Some(err(
                Subject::City(PlayerId(i as u8), ps.ck.damaged_cities[0]),
                "cities turned on their side exist only in Cities & Knights".into(),
            ));
        }
        let any = s.players.iter().any(|p| {
            !p.ck.knights.is_empty()
                || !p.ck.walls.is_empty()
                || p.ck.improvements != [0; 3]
                || !p.ck.progress.is_empty()
                || !p.ck.progress_vp.is_empty()
                || p.ck.vp_tokens > 0
        }) || s.ck.metropolis != [None; 3]
            || s.ck.merchant.is_some()
            || s.ck.barbarians > 0;
        any.then(|| {
            err(
                Subject::Rules,
                "knights, walls, improvements, progress cards, metropolises, the merchant and the barbarians exist only in Cities & Knights".into(),
            )
        })
    }

    fn export(g: &Game, s: &mut Setup) {
        g.export_cities_and_knights(s);
    }
}

#[cfg(test)]
mod tests {
    use super::CitiesAndKnights;
    use crate::ids::PlayerId;
    use crate::rules::extensions::ExpansionRules;
    use crate::ruleset::{Expansion, ExpansionSet, Ruleset};
    use crate::state::Game;
    use crate::Colour;
    use std::sync::Arc;

    /// Random Cities & Knights games (with Barbarian Attack too): after every step, the
    /// actions listed before the roll for each player are exactly the progress-card plays
    /// the listing finds, Alchemy in hand or not (the shortcut must skip only empty lists),
    /// and both cases come up.
    #[test]
    fn before_roll_actions_equal_the_progress_listing_after_every_step() {
        let (mut listed, mut skipped) = (0usize, 0usize);
        for set in [
            &[Expansion::CitiesAndKnights][..],
            &[Expansion::CitiesAndKnights, Expansion::BarbarianAttack],
        ] {
            let rules = Ruleset::with(ExpansionSet::of(set));
            for seed in 0..4u64 {
                let board = rules.random_board(seed, crate::board::TokenPlacement::Spiral);
                let mut g = Game::new(rules.clone(), Arc::new(board), &Colour::ALL[..4], PlayerId(0)).expect("a game");
                crate::testkit::check_random_play(&mut g, seed, crate::random::Policy::Uniform, 300, |g| {
                    for p in g.player_ids() {
                        let (mut short, mut full) = (Vec::new(), Vec::new());
                        CitiesAndKnights::push_before_roll_actions(g, p, &mut short);
                        g.push_progress_plays(p, &mut full);
                        assert_eq!(short, full, "seed {seed} {p:?}");
                        let alchemy = g.players[p.index()]
                            .ck
                            .progress
                            .get(crate::progress::ProgressCard::Alchemy);
                        if alchemy > 0 || g.in_main() {
                            listed += 1;
                        } else {
                            skipped += 1;
                        }
                    }
                });
            }
        }
        assert!(listed > 100 && skipped > 100, "listed {listed}, skipped {skipped}");
    }
}
