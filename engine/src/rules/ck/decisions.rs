//! Legal actions for the decisions Cities & Knights adds: answering a Commercial Harbor,
//! committing knights (option `battle fiesepeter`), Treason, Wedding gifts, the Diplomacy
//! road, the pillaged city, a tied defender's deck, a progress card over the limit, the
//! aqueduct, a metropolis and a displaced knight. The base game's `legal_actions` hands these
//! decisions here through the extension point `push_decision_actions`.

use crate::action::Action;
use crate::cards::{CardKind, Resource};
use crate::ids::{PlayerId, VertexId};
use crate::legal::push_discards;
use crate::state::{CkPhase, Game, Phase};
use crate::CkAction;

impl Game {
    /// Pushes the legal actions of the Cities & Knights decision the game waits for (none in
    /// any other phase); `phase` is [`Game::phase`].
    pub(crate) fn push_ck_decision_actions(&self, phase: Phase, out: &mut Vec<Action>) {
        match phase {
            Phase::Ck(CkPhase::HarborAnswer { to, .. }) => {
                for commodity in [CardKind::Paper, CardKind::Cloth, CardKind::Coin] {
                    if self.players[to.index()].hand.get(commodity) > 0 {
                        out.push(Action::Ck(CkAction::GiveCommodity { player: to, commodity }));
                    }
                }
            }
            Phase::Ck(CkPhase::CommittingKnights { player }) => self.push_commit_choices(player, out),
            Phase::Ck(CkPhase::TreasonSurrender { player }) => {
                for (at, k) in self.knights() {
                    if k.owner == player {
                        out.push(Action::Ck(CkAction::SurrenderKnight { player, at }));
                    }
                }
            }
            Phase::Ck(CkPhase::TreasonPlacement { player, level, active }) => {
                // Placing no knight is written with level 1 (the level means nothing then).
                out.push(Action::Ck(CkAction::PlaceTreasonKnight {
                    player,
                    at: None,
                    level: 1,
                }));
                for l in 1..=self.treason_max_level(level) {
                    if self.players[player.index()].ck.knights_left[l as usize - 1] == 0 {
                        continue;
                    }
                    for v in 0..self.sites.len() {
                        let at = VertexId(v as u16);
                        if self.knight_site_ok(player, at, active) {
                            out.push(Action::Ck(CkAction::PlaceTreasonKnight {
                                player,
                                at: Some(at),
                                level: l,
                            }));
                        }
                    }
                }
            }
            Phase::Ck(CkPhase::WeddingGifts) => {
                for i in 0..self.players.len() {
                    let owed = self.gifts_owed(PlayerId(i as u8));
                    if owed > 0 {
                        let hand = self.players[i].hand;
                        let start = out.len();
                        push_discards(PlayerId(i as u8), &hand, owed, out);
                        for a in &mut out[start..] {
                            if let Action::Discard { player, cards } = *a {
                                *a = Action::Ck(CkAction::GiveCards { player, cards });
                            }
                        }
                    }
                }
            }
            Phase::Ck(CkPhase::DiplomacyRoad { player, .. }) => {
                if self.diplomacy_replaces_ship() {
                    // A removed ship is replaced by a ship only (Seafarers, `SEA.CK.DIPLOMACY`).
                    let start = out.len();
                    self.push_route_alternatives_ext(player, None, out);
                    let mut keep = start;
                    for i in start..out.len() {
                        if self.check(&out[i]).is_ok() {
                            out.swap(keep, i);
                            keep += 1;
                        }
                    }
                    out.truncate(keep);
                } else {
                    for e in 0..self.roads.len() {
                        let at = crate::ids::EdgeId(e as u16);
                        if self.check_road(player, at).is_ok() {
                            out.push(Action::BuildRoad { player, at });
                        }
                    }
                }
                out.push(Action::Ck(CkAction::SkipFreeRoad { player }));
            }
            // Only the player's own cities can be given up: the check runs on those alone.
            Phase::Ck(CkPhase::Pillaging { player }) => self.push_vertex_actions(out, |at| {
                let own_city = self.sites[at.index()]
                    .is_some_and(|s| s.owner == player && s.building == crate::state::Building::City);
                let a = Action::Ck(CkAction::LoseCity { player, at });
                (own_city && self.check_lose_city(player, at).is_ok()).then_some(a)
            }),
            Phase::Ck(CkPhase::ChoosingDefenderDeck { player }) => self.push_defender_choices(player, out),
            Phase::Ck(CkPhase::DiscardingProgress { player }) => {
                for (card, _) in self.players[player.index()].ck.progress.iter() {
                    out.push(Action::Ck(CkAction::DiscardProgress { player, card }));
                }
            }
            Phase::Ck(CkPhase::Aqueduct { player }) => {
                for r in Resource::ALL {
                    if self.bank.get(r.card()) > 0 {
                        out.push(Action::Ck(CkAction::Aqueduct { player, take: Some(r) }));
                    }
                }
                out.push(Action::Ck(CkAction::Aqueduct { player, take: None }));
            }
            Phase::Ck(CkPhase::PlacingMetropolis { player, .. }) => self.push_vertex_actions(out, |at| {
                let a = Action::Ck(CkAction::PlaceMetropolis { player, at });
                self.check_place_metropolis(player, at).is_ok().then_some(a)
            }),
            Phase::Ck(CkPhase::RelocatingKnight { player, from, knight }) => {
                for to in self.knight_reach(player, from, knight.active).empty.iter() {
                    out.push(Action::Ck(CkAction::RelocateKnight { player, to }));
                }
            }
            _ => {}
        }
    }
}
