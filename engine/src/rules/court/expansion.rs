//! The Court at the base rules' extension points (see [`crate::rules::extensions`]).

use super::TheCourt;
use crate::action::Action;
use crate::error::{CourtRule, RuleError};
use crate::event::Event;
use crate::ids::{EdgeId, HexId, PlayerId, VertexId};
use crate::invariants::InvariantViolation;
use crate::position::{err, PositionError, Setup, Subject};
use crate::rules::extensions::ExpansionRules;
use crate::ruleset::{CourtRobberEntry, CourtRobberStart, Expansion};
use crate::state::{Game, PlayerState};
use crate::CourtAction;

impl ExpansionRules for TheCourt {
    const EXPANSION: Expansion = Expansion::TheCourt;
    const ACTION_ELSEWHERE: &'static str = "sending a noble in a game without The Court";

    fn start(g: &mut Game) -> Result<(), RuleError> {
        g.start_court()
    }

    fn check_setup_site(g: &Game, at: VertexId) -> Result<(), RuleError> {
        g.court_check_setup_site(at)
    }

    fn check_setup_road(g: &Game, at: EdgeId) -> Result<(), RuleError> {
        g.court_check_setup_road(at)
    }

    fn after_road(g: &mut Game, player: PlayerId, at: EdgeId, events: &mut Vec<Event>) {
        g.court_after_road(player, at, events);
    }

    fn push_build_actions(g: &Game, player: PlayerId, out: &mut Vec<Action>) {
        if g.check_send_noble(player).is_ok() {
            out.push(Action::Court(CourtAction::SendNoble { player }));
        }
    }

    fn victory_points(g: &Game, p: PlayerId, _st: &PlayerState) -> u8 {
        g.court_vp(p)
    }

    /// Banners and Most Influence, recounted from the holders' own fields.
    fn victory_points_from_scratch(g: &Game, p: PlayerId) -> u8 {
        let c = &g.court;
        let mut vp = c.banners.iter().filter(|b| **b == Some(p)).count() as u8;
        if c.tricolour & (1 << p.0) != 0 {
            vp += 1;
        }
        if c.influence == Some(p) {
            vp += 2;
        }
        vp
    }

    /// With Cities & Knights, on a board without a desert: the Court hex under
    /// `court-robber-entry court-hex` (rule `COURT.CK.ROBBER_ENTRY`); under `next-seven`
    /// nowhere, the next 7's roller placing it.
    fn robber_entry_without_desert(g: &Game) -> Option<HexId> {
        match g.rules.court.robber_entry {
            CourtRobberEntry::CourtHex => g.court_hex(),
            CourtRobberEntry::NextSeven => None,
        }
    }

    fn robber_enters_without_desert(_g: &Game) -> bool {
        true
    }

    /// Under `court-robber-start first-seven`, a Knight card does not move the robber while it
    /// is still off the island: only a 7 brings it in (source `002_5f4cc12aafd16c0e.txt`,
    /// set-up).
    fn knight_card_moves_robber(g: &Game) -> bool {
        !(g.rules.court.robber_start == CourtRobberStart::FirstSeven && g.robber.is_none())
    }

    /// Court + Cities & Knights, `court-knights forbidden`: no knight on the Court's
    /// intersections.
    fn check_knight_site(g: &Game, at: VertexId, _active: bool) -> Result<(), RuleError> {
        if g.rules.court.knights_at_court {
            return Ok(());
        }
        let on_court = g
            .court_hex()
            .and_then(|h| g.board.topology.hex(h))
            .is_some_and(|hex| hex.corners.contains(&at));
        if on_court {
            return Err(RuleError::Court(CourtRule::KnightAtCourt));
        }
        Ok(())
    }

    fn owns_action(action: &Action) -> bool {
        matches!(action, Action::Court(_))
    }

    fn check_invariants(g: &Game) -> Result<(), InvariantViolation> {
        g.check_court_invariants()
    }

    fn declare(g: &mut Game, s: &Setup) -> Result<(), PositionError> {
        g.declare_court(s)
    }

    fn declared_without(s: &Setup) -> Option<PositionError> {
        let any = s
            .players
            .iter()
            .any(|p| p.court.prisoners != [0; 3] || p.court.nobles > 0)
            || s.court.banners.iter().any(|b| b.is_some_and(|h| h.is_some()))
            || s.court.influence.is_some_and(|h| h.is_some());
        any.then(|| {
            err(
                Subject::Rules,
                "prisoners, nobles, banners and Most Influence exist only in The Court".into(),
            )
        })
    }

    fn export(g: &Game, s: &mut Setup) {
        for (ps, i) in s.players.iter_mut().zip(0..) {
            ps.court.prisoners = g.court.prisoners[i];
            ps.court.nobles = g.court.nobles[i];
        }
        s.court.banners = g.court.banners.map(Some);
        s.court.influence = Some(g.court.influence);
        s.court.captured = g.captured_off_roads();
    }
}
