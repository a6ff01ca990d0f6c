//! The barbarians (source `000_fee7e8147b67bbe6.txt` p. 5 and p. 11; rulings
//! `004_bf8a3dbb68824bc0.txt` "Die Barbaren greifen an").
//!
//! Each ship face of the event die sails the ship one step; when it has sailed the whole
//! track (option `barbarian-track`, 7 by default) the barbarians attack before production.
//! Strength: the cities on the board, metropolis cities included. Defence: the strengths of
//! all active knights. Barbarians stronger: among the players who have a city that can be
//! pillaged (a city without a metropolis), those who contributed least each lose one city of
//! their choice (players who cannot be pillaged are skipped, so the next lowest lose
//! instead). A pillaged city becomes a settlement and loses its wall; with no settlement left
//! in supply it is turned on its side ([`crate::state::Building::DamagedCity`]). Defence at
//! least as strong: the single highest contributor gets a VP token; tied highest
//! contributors each draw a progress card from a deck of their choice, in turn order from the
//! current player (option `defender` decides "highest": strength or number of knights).
//! Then every knight lies down and the ship returns to the start. The first attack puts the
//! robber on the desert and activates it.
//!
//! Option `battle fiesepeter` (source `004_bf8a3dbb68824bc0.txt`, Städte & Ritter, "Die
//! Fiesepeter-Regel für erfahrene Spieler"): when the barbarians land, every player with active
//! knights, in turn order from the current player, decides which of them to send into battle
//! (none is a choice: a player may hold back to let the barbarians win). Only the committed
//! knights count: for the defence, for the defender reward ("beigesteuert": contributed) and
//! for the lowest contributors who lose a city (those who "eingesetzt": deployed the fewest
//! strength points); only they lie down afterwards, the others stay active.

use crate::action::KnightSet;
use crate::error::{CkRule, RuleError};
use crate::event::Event;
use crate::ids::{PlayerId, VertexId, MAX_PLAYERS};
use crate::pending::{CkPending, Pending};
use crate::progress::ProgressCard;
use crate::progress::Track;
use crate::ruleset::{BattleRule, DefenderCriterion, DefenderTieCard};
use crate::state::{Building, CkPhase, Game, Knight, Phase};
use crate::CkAction;
use crate::CkEvent;

impl Game {
    /// A ship face: the ship sails one step, and attacks at the end of the track.
    pub(crate) fn advance_barbarians(&mut self, events: &mut Vec<Event>) {
        let track = self.rules.ck.barbarian_track;
        self.ck.barbarians = (self.ck.barbarians + 1).min(track);
        events.push(Event::Ck(CkEvent::BarbariansAdvanced {
            position: self.ck.barbarians,
            track,
        }));
        if self.ck.barbarians >= track {
            self.barbarian_attack(events);
        }
    }

    /// Barbarian strength: cities on the board, metropolis cities included (a city turned
    /// on its side counts as a settlement). Each seat's cities are read from its kept
    /// building intersections ([`Game::own_buildings`]) rather than a scan of the board.
    pub fn barbarian_strength(&self) -> u8 {
        self.player_ids()
            .map(|p| self.own_buildings(p, |b| b == Building::City).count())
            .sum::<usize>() as u8
    }

    /// Each seat's contribution to the defence: the strengths of its active knights (under
    /// the Fiesepeter battle rule, of the active knights it committed to the battle).
    pub fn knight_contributions(&self) -> [u8; MAX_PLAYERS] {
        self.battle_scores(|k| k.level)
    }

    fn active_knight_counts(&self) -> [u8; MAX_PLAYERS] {
        self.battle_scores(|_| 1)
    }

    /// Sums `score` over the knights that fight, by owner (visiting only the intersections
    /// known to hold a knight, [`crate::rules::ck::knights::KnightSites`]).
    fn battle_scores(&self, score: impl Fn(&Knight) -> u8) -> [u8; MAX_PLAYERS] {
        let fiesepeter = self.rules.ck.battle == BattleRule::Fiesepeter;
        let mut c = [0u8; MAX_PLAYERS];
        let knights = &self.ck.knights;
        for v in self.ck.sites.candidates(knights.len()) {
            let Some(Some(k)) = knights.get(v) else { continue };
            let fights = k.active && (!fiesepeter || self.ck.committed[k.owner.index()].contains(VertexId(v as u16)));
            if fights {
                c[k.owner.index()] += score(k);
            }
        }
        c
    }

    /// Whether a player has a city the barbarians can pillage (one without a metropolis),
    /// among its own cities ([`Game::own_buildings`]).
    pub(crate) fn can_be_pillaged(&self, p: PlayerId) -> bool {
        self.own_buildings(p, |b| b == Building::City)
            .any(|v| self.metropolis_at(v).is_none())
    }

    /// The barbarians land. Under the Fiesepeter battle rule the players with active knights
    /// first commit knights, in turn order from the current player (queued ahead of the
    /// battle); the battle is fought by [`Game::resolve_attack`].
    fn barbarian_attack(&mut self, events: &mut Vec<Event>) {
        if self.rules.ck.battle == BattleRule::Fiesepeter {
            self.ck.committed = [KnightSet::EMPTY; MAX_PLAYERS];
            let with_knights = self.seats_from_current(|p| self.knights().any(|(_, k)| k.active && k.owner == p));
            let current = self.current;
            let commits = with_knights
                .into_iter()
                .flatten()
                .map(|p| Pending::ck(p, CkPending::CommitKnights));
            self.queue_next_all(commits.chain([Pending::ck(current, CkPending::ResolveAttack)]));
            return;
        }
        self.resolve_attack(events);
    }

    /// The battle: barbarian strength against the knights that fight.
    pub(crate) fn resolve_attack(&mut self, events: &mut Vec<Event>) {
        let strength = self.barbarian_strength();
        let contributions = self.knight_contributions();
        let n = self.players.len();
        let defence: u8 = contributions[..n].iter().sum();
        events.push(Event::Ck(CkEvent::BarbariansAttacked { strength, defence }));
        self.ck.attacks = self.ck.attacks.saturating_add(1);
        if self.ck.attacks == 1 {
            if let Some(d) = self.robber_entry_hex() {
                self.robber = Some(d);
                events.push(Event::Ck(CkEvent::RobberActivated { at: d }));
            }
            self.robber_activated_ext(events);
        }
        let current = self.current;
        if strength > defence {
            events.push(Event::Ck(CkEvent::BarbariansWon { strength, defence }));
            let lowest = (0..n)
                .filter(|&p| self.can_be_pillaged(PlayerId(p as u8)))
                .map(|p| contributions[p])
                .min();
            let losers = match lowest {
                Some(low) => self.seats_from_current(|p| contributions[p.index()] == low && self.can_be_pillaged(p)),
                None => [None; MAX_PLAYERS],
            };
            for p in losers.into_iter().flatten() {
                events.push(Event::Ck(CkEvent::MustLoseCity {
                    player: p,
                    contributed: contributions[p.index()],
                }));
            }
            let pillages = losers
                .into_iter()
                .flatten()
                .map(|p| Pending::ck(p, CkPending::LoseCity));
            self.queue_next_all(pillages.chain([Pending::ck(current, CkPending::EndAttack)]));
        } else {
            events.push(Event::Ck(CkEvent::DefendersWon { strength, defence }));
            let score = match self.rules.ck.defender {
                DefenderCriterion::Strength => contributions,
                DefenderCriterion::KnightCount => self.active_knight_counts(),
            };
            let best = score[..n].iter().copied().max().unwrap_or(0);
            let mut choosers = [None; MAX_PLAYERS];
            if best > 0 || !self.rules.ck.defender_needs_knights {
                let tied = (0..n as u8)
                    .filter(|&p| score[p as usize] == best)
                    .fold(0u8, |m, p| m | 1 << p);
                if tied.count_ones() == 1 {
                    let player = PlayerId(tied.trailing_zeros() as u8);
                    self.players[player.index()].ck.vp_tokens += 1;
                    self.raise_vp_bound(player);
                    events.push(Event::Ck(CkEvent::DefenderRewarded {
                        player,
                        contributed: contributions[player.index()],
                    }));
                } else {
                    choosers = self.seats_from_current(|p| tied & (1 << p.0) != 0);
                    for p in choosers.into_iter().flatten() {
                        events.push(Event::Ck(CkEvent::DefenderTied {
                            player: p,
                            contributed: contributions[p.index()],
                        }));
                    }
                }
            }
            let choices = choosers
                .into_iter()
                .flatten()
                .map(|p| Pending::ck(p, CkPending::DefenderDeck));
            self.queue_next_all(choices.chain([Pending::ck(current, CkPending::EndAttack)]));
        }
    }

    /// After the attack: every knight lies down (under the Fiesepeter battle rule only the
    /// committed ones), the ship returns to the start. The knights are visited at the
    /// intersections known to hold one ([`crate::rules::ck::knights::KnightSites`]).
    pub(crate) fn end_attack(&mut self, events: &mut Vec<Event>) {
        let fiesepeter = self.rules.ck.battle == BattleRule::Fiesepeter;
        let committed = std::mem::take(&mut self.ck.committed);
        let mut count = 0u8;
        let knights = &mut self.ck.knights;
        for v in self.ck.sites.candidates(knights.len()) {
            let Some(Some(k)) = knights.get_mut(v) else { continue };
            if k.active && (!fiesepeter || committed[k.owner.index()].contains(VertexId(v as u16))) {
                count += 1;
                k.active = false;
            }
        }
        self.ck.barbarians = 0;
        events.push(Event::Ck(CkEvent::KnightsDeactivated { count }));
    }

    pub(crate) fn check_lose_city(&self, player: PlayerId, at: VertexId) -> Result<(), RuleError> {
        self.known_vertex(at)?;
        if self.phase() != (Phase::Ck(CkPhase::Pillaging { player })) {
            return Err(self.wrong_time(player, "give up a city"));
        }
        let own_city = self.sites[at.index()].is_some_and(|s| s.owner == player && s.building == Building::City);
        if !own_city || self.metropolis_at(at).is_some() {
            return Err(RuleError::Ck(CkRule::PillageChoice));
        }
        Ok(())
    }

    /// Pillages the chosen city: a settlement again (or on its side), its wall lost.
    pub(crate) fn do_lose_city(&mut self, player: PlayerId, at: VertexId, events: &mut Vec<Event>) {
        let st = &mut self.players[player.index()];
        let damaged = st.settlements_left == 0;
        if damaged {
            st.ck.damaged_cities += 1;
        } else {
            st.settlements_left -= 1;
            st.cities_left += 1;
        }
        let wall = self.ck.walls[at.index()];
        if wall {
            self.ck.walls[at.index()] = false;
            st.ck.walls_left += 1;
        }
        self.sites[at.index()] = Some(crate::state::Site {
            owner: player,
            building: if damaged {
                Building::DamagedCity
            } else {
                Building::Settlement
            },
        });
        events.push(Event::Ck(CkEvent::CityPillaged {
            player,
            at,
            damaged,
            wall,
        }));
        self.resolved(events);
    }

    pub(crate) fn check_commit_knights(&self, player: PlayerId, knights: KnightSet) -> Result<(), RuleError> {
        if self.phase() != (Phase::Ck(CkPhase::CommittingKnights { player })) {
            return Err(self.wrong_time(player, "commit knights against the barbarians"));
        }
        for at in knights.iter() {
            self.known_vertex(at)?;
            if !self.ck.knights[at.index()].is_some_and(|k| k.owner == player && k.active) {
                return Err(RuleError::Ck(CkRule::CommitKnights));
            }
        }
        Ok(())
    }

    pub(crate) fn do_commit_knights(&mut self, player: PlayerId, knights: KnightSet, events: &mut Vec<Event>) {
        self.ck.committed[player.index()] = knights;
        let strength = knights
            .iter()
            .filter_map(|v| self.ck.knights[v.index()])
            .map(|k| k.level)
            .sum();
        events.push(Event::Ck(CkEvent::KnightsCommitted {
            player,
            knights: knights.len() as u8,
            strength,
        }));
        self.resolved(events);
    }

    /// Every choice of knights `player` may commit: each subset of their active knights.
    pub(crate) fn push_commit_choices(&self, player: PlayerId, out: &mut Vec<crate::Action>) {
        let mut mine = [VertexId(0); KnightSet::MAX];
        let mut n = 0;
        for (v, k) in self.ck.knights.iter().enumerate() {
            if n < KnightSet::MAX && k.is_some_and(|k| k.owner == player && k.active) {
                mine[n] = VertexId(v as u16);
                n += 1;
            }
        }
        let mut pick = [VertexId(0); KnightSet::MAX];
        for mask in 0u32..1 << n {
            let mut m = 0;
            for (i, &v) in mine[..n].iter().enumerate() {
                if mask & (1 << i) != 0 {
                    pick[m] = v;
                    m += 1;
                }
            }
            if let Some(knights) = KnightSet::new(&pick[..m]) {
                out.push(crate::Action::Ck(CkAction::CommitKnights { player, knights }));
            }
        }
    }

    pub(crate) fn check_defender_deck(&self, player: PlayerId, deck: Track) -> Result<(), RuleError> {
        if self.phase() != (Phase::Ck(CkPhase::ChoosingDefenderDeck { player })) {
            return Err(self.wrong_time(player, "choose a progress deck"));
        }
        let any = self.ck.decks.iter().any(|d| !d.is_empty());
        // Option `defender-tie-card choose-card` (D2): a card is chosen, not a deck (unless
        // every deck is empty: then nothing can be had, as with a deck).
        if any && self.rules.ck.defender_tie_card == DefenderTieCard::ChooseCard {
            return Err(RuleError::Ck(CkRule::DefenderCard));
        }
        if any && self.ck.decks[deck.index()].is_empty() {
            return Err(RuleError::Ck(CkRule::DefenderEmptyDeck));
        }
        Ok(())
    }

    pub(crate) fn check_defender_card(&self, player: PlayerId, card: ProgressCard) -> Result<(), RuleError> {
        if self.phase() != (Phase::Ck(CkPhase::ChoosingDefenderDeck { player })) {
            return Err(self.wrong_time(player, "choose a progress card"));
        }
        if self.rules.ck.defender_tie_card != DefenderTieCard::ChooseCard
            || self.ck.decks[card.track().index()].count(card) == 0
        {
            return Err(RuleError::Ck(CkRule::DefenderCard));
        }
        Ok(())
    }

    /// Option `defender-tie-card choose-card`: the tied defender takes the card chosen.
    pub(crate) fn do_defender_card(&mut self, player: PlayerId, card: ProgressCard, events: &mut Vec<Event>) {
        let deck = card.track();
        let d = &mut self.ck.decks[deck.index()];
        if d.unseen.get(card) > 0 {
            d.unseen.remove(card, 1);
        } else {
            d.under.remove(card);
        }
        self.pending.pop_front();
        self.receive_progress(player, deck, card, events);
        self.run_engine_steps(events);
    }

    /// The tied defender's choices: a deck, or (option `defender-tie-card choose-card`) a card.
    pub(crate) fn push_defender_choices(&self, player: PlayerId, out: &mut Vec<crate::Action>) {
        for deck in Track::ALL {
            if self.check_defender_deck(player, deck).is_ok() {
                out.push(crate::Action::Ck(CkAction::ChooseDefenderDeck { player, deck }));
            }
        }
        if self.rules.ck.defender_tie_card == DefenderTieCard::ChooseCard {
            for card in ProgressCard::ALL {
                if self.check_defender_card(player, card).is_ok() {
                    out.push(crate::Action::Ck(CkAction::ChooseDefenderCard { player, card }));
                }
            }
        }
    }

    pub(crate) fn do_defender_deck(&mut self, player: PlayerId, deck: Track, events: &mut Vec<Event>) {
        self.pending.pop_front();
        self.start_draw(player, deck, events);
        self.run_engine_steps(events);
    }
}

#[cfg(test)]
mod tests {
    use crate::board::Corner::*;
    use crate::cards::Cards;
    use crate::progress::{EventFace, ProgressCard, Track};
    use crate::state::Building;
    use crate::testkit::*;
    use crate::CkAction;
    use crate::CkEvent;
    use crate::{Action, CkPhase, Event, Outcome, Phase};

    /// Random games of Cities & Knights (alone and with Seafarers on a map): after every
    /// step the barbarians' strength, each seat's contribution and active knights and whether
    /// it can be pillaged, read from the kept building and knight intersections, are those a
    /// scan of the board gives; many positions have cities and active knights (a metropolis,
    /// rare in random play, is met by the hand-built attack below).
    #[test]
    fn attack_figures_equal_a_scan_of_the_board_after_every_step_of_random_games() {
        use crate::ids::{VertexId, MAX_PLAYERS};
        use crate::ruleset::Expansion::CitiesAndKnights;
        let games = crate::testkit::ck_games(3, &[&[CitiesAndKnights]], &crate::SeaMap::ALL[..1]);
        let (mut cities, mut knights) = (0usize, 0usize);
        for (mut g, seed) in games {
            crate::testkit::check_random_play(&mut g, seed, crate::random::Policy::Uniform, 300, |g| {
                let strength = g
                    .sites
                    .iter()
                    .flatten()
                    .filter(|s| s.building == Building::City)
                    .count();
                assert_eq!(
                    usize::from(g.barbarian_strength()),
                    strength,
                    "seed {seed} turn {}",
                    g.turn()
                );
                let (mut levels, mut active) = ([0u8; MAX_PLAYERS], [0u8; MAX_PLAYERS]);
                for k in g.ck.knights.iter().flatten().filter(|k| k.active) {
                    levels[k.owner.index()] += k.level;
                    active[k.owner.index()] += 1;
                }
                assert_eq!(g.knight_contributions(), levels, "seed {seed} turn {}", g.turn());
                assert_eq!(g.active_knight_counts(), active, "seed {seed} turn {}", g.turn());
                for p in g.player_ids() {
                    let scan = (0..g.sites.len()).any(|v| {
                        g.sites[v].is_some_and(|s| s.owner == p && s.building == Building::City)
                            && g.metropolis_at(VertexId(v as u16)).is_none()
                    });
                    assert_eq!(g.can_be_pillaged(p), scan, "seed {seed} {p:?} turn {}", g.turn());
                }
                cities += usize::from(strength > 0);
                knights += usize::from(active.iter().any(|&n| n > 0));
            });
        }
        assert!(cities > 1000 && knights > 1000, "{cities} {knights}");
    }

    /// Red city E.n with a wall; blue city G.n with an active basic knight at G.ne; white's
    /// only city Q.s carries the science metropolis. The ship is one step from Catan.
    fn attack() -> Ck {
        Ck::new()
            .city(0, ("E", N))
            .roads(0, "E", &[N, NE])
            .wall(0, ("E", N))
            .city(1, ("G", N))
            .roads(1, "G", &[N, NE])
            .knight(1, ("G", NE), 1, true)
            .city(2, ("Q", S))
            .roads(2, "Q", &[S, SW])
            .levels(2, [4, 0, 0])
            .metropolis(Track::Science, ("Q", S))
            .barbarians(6, 0)
            .before_roll()
    }

    #[test]
    fn the_lowest_contributor_with_a_city_that_can_be_pillaged_loses_it_and_its_wall() {
        let mut g = attack().game();
        let ev = roll3(&mut g, 2, 3, EventFace::Ship);
        assert!(ev.contains(&Event::Ck(CkEvent::BarbariansAttacked {
            strength: 3,
            defence: 1
        })));
        // White contributed 0 too, but its only city is a metropolis: skipped.
        let must: Vec<_> = ev
            .iter()
            .filter_map(|e| match e {
                Event::Ck(CkEvent::MustLoseCity { player, .. }) => Some(*player),
                _ => None,
            })
            .collect();
        assert_eq!(must, vec![p(0)]);
        assert_eq!(g.phase(), Phase::Ck(CkPhase::Pillaging { player: p(0) }));
        let blue_city = vertex(&g, "G", N);
        assert_eq!(
            refused(
                &g,
                Action::Ck(CkAction::LoseCity {
                    player: p(0),
                    at: blue_city
                })
            ),
            "CK.BARBARIANS.PILLAGE_CHOICE"
        );
        let at = vertex(&g, "E", N);
        let ev = g.apply(Action::Ck(CkAction::LoseCity { player: p(0), at })).unwrap();
        assert!(ev.contains(&Event::Ck(CkEvent::CityPillaged {
            player: p(0),
            at,
            damaged: false,
            wall: true
        })));
        assert_eq!(g.site(at).unwrap().building, Building::Settlement);
        assert!(!g.wall(at));
        assert_eq!(g.player(p(0)).unwrap().ck.walls_left, 3);
        // Afterwards: knights down, ship home, robber on the desert, production follows.
        assert!(!g.knight(vertex(&g, "G", NE)).unwrap().active);
        assert_eq!(g.barbarians(), 0);
        assert_eq!(g.robber(), Some(hex(&g, "J")));
        assert_eq!(g.phase(), Phase::Main);
        g.check_invariants().unwrap();
    }

    #[test]
    fn with_no_settlement_in_supply_the_city_is_turned_on_its_side_and_must_be_repaired_first() {
        let mut ck = attack();
        for spot in [("A", N), ("C", N), ("H", S), ("L", S), ("S", S)] {
            ck = ck.settlement(0, spot);
        }
        ck.setup.checked = false;
        let mut g = ck
            .hand(0, Cards::of(&[(crate::CardKind::Grain, 4), (crate::CardKind::Ore, 6)]))
            .game();
        roll3(&mut g, 2, 3, EventFace::Ship);
        let at = vertex(&g, "E", N);
        let vp_before = g.total_vp(p(0));
        g.apply(Action::Ck(CkAction::LoseCity { player: p(0), at })).unwrap();
        assert_eq!(g.site(at).unwrap().building, Building::DamagedCity);
        assert_eq!(g.total_vp(p(0)), vp_before - 1);
        let other = vertex(&g, "A", N);
        assert_eq!(
            refused(
                &g,
                Action::BuildCity {
                    player: p(0),
                    at: other
                }
            ),
            "CK.BARBARIANS.REPAIR_FIRST"
        );
        let ev = g.apply(Action::BuildCity { player: p(0), at }).unwrap();
        assert!(ev.contains(&Event::Ck(CkEvent::CityRepaired { player: p(0), at })));
        g.apply(Action::BuildCity {
            player: p(0),
            at: other,
        })
        .unwrap();
    }

    #[test]
    fn the_single_strongest_defender_earns_a_token_and_tied_defenders_draw_a_card_each() {
        // Red adds an active strong knight: defence 3 against strength 3.
        let mut g = attack().knight(0, ("E", NE), 2, true).game();
        let ev = roll3(&mut g, 2, 3, EventFace::Ship);
        assert!(ev.contains(&Event::Ck(CkEvent::DefendersWon {
            strength: 3,
            defence: 3
        })));
        assert!(ev.contains(&Event::Ck(CkEvent::DefenderRewarded {
            player: p(0),
            contributed: 2
        })));
        assert_eq!(g.player(p(0)).unwrap().ck.vp_tokens, 1);
        // Red's strong knight ties with blue's two basic ones: each draws, red (on turn) first.
        let mut g = attack()
            .knight(0, ("E", NE), 2, true)
            .roads(1, "G", &[NE, SE])
            .knight(1, ("G", SE), 1, true)
            .game();
        let ev = roll3(&mut g, 2, 3, EventFace::Ship);
        assert!(ev.contains(&Event::Ck(CkEvent::DefenderTied {
            player: p(0),
            contributed: 2
        })));
        assert!(ev.contains(&Event::Ck(CkEvent::DefenderTied {
            player: p(1),
            contributed: 2
        })));
        assert_eq!(g.phase(), Phase::Ck(CkPhase::ChoosingDefenderDeck { player: p(0) }));
        g.apply(Action::Ck(CkAction::ChooseDefenderDeck {
            player: p(0),
            deck: Track::Trade,
        }))
        .unwrap();
        g.apply(Action::Chance(Outcome::Progress {
            card: ProgressCard::Merchant,
        }))
        .unwrap();
        assert_eq!(g.phase(), Phase::Ck(CkPhase::ChoosingDefenderDeck { player: p(1) }));
        g.apply(Action::Ck(CkAction::ChooseDefenderDeck {
            player: p(1),
            deck: Track::Politics,
        }))
        .unwrap();
        g.apply(Action::Chance(Outcome::Progress {
            card: ProgressCard::Constitution,
        }))
        .unwrap();
        assert_eq!(
            g.player(p(1)).unwrap().ck.progress_vp.get(ProgressCard::Constitution),
            1
        );
        assert_eq!(g.player(p(0)).unwrap().ck.progress.get(ProgressCard::Merchant), 1);
        assert_eq!(g.phase(), Phase::Main);
        g.check_invariants().unwrap();
    }

    #[test]
    fn a_seven_rolled_with_the_first_attack_already_moves_the_robber() {
        let mut g = attack().knight(0, ("E", NE), 2, true).game();
        assert_eq!(g.robber(), None);
        let ev = roll3(&mut g, 3, 4, EventFace::Ship);
        assert!(ev.contains(&Event::Ck(CkEvent::RobberActivated { at: hex(&g, "J") })));
        assert_eq!(g.phase(), Phase::MovingRobber);
        // Before the first attack a 7 moves nothing.
        let mut g = attack().barbarians(0, 0).game();
        roll3(&mut g, 3, 4, EventFace::Ship);
        assert_eq!(g.phase(), Phase::Main);
        assert_eq!(g.robber(), None);
    }

    #[test]
    fn under_the_fiesepeter_rule_only_committed_knights_fight_and_lie_down() {
        use crate::KnightSet;
        // Red adds an active strong knight; under `all-active` the defence would hold (3:3).
        let ck = attack()
            .knight(0, ("E", NE), 2, true)
            .rules(|r| r.set_option("battle", "fiesepeter").unwrap());
        let commit = |g: &crate::Game, who: u8, at: &[(&str, crate::board::Corner)]| {
            Action::Ck(CkAction::CommitKnights {
                player: p(who),
                knights: KnightSet::new(&at.iter().map(|(l, c)| vertex(g, l, *c)).collect::<Vec<_>>()).unwrap(),
            })
        };
        let mut g = ck.game();
        let ev = roll3(&mut g, 2, 3, EventFace::Ship);
        assert!(!ev
            .iter()
            .any(|e| matches!(e, Event::Ck(CkEvent::BarbariansAttacked { .. }))));
        // Red (on turn) chooses first; white has no active knight and is not asked.
        assert_eq!(g.phase(), Phase::Ck(CkPhase::CommittingKnights { player: p(0) }));
        let mut legal = vec![];
        g.legal_actions(&mut legal);
        assert_eq!(legal, vec![commit(&g, 0, &[]), commit(&g, 0, &[("E", NE)])]);
        assert_eq!(refused(&g, commit(&g, 0, &[("G", NE)])), "CK.BARBARIANS.COMMIT_KNIGHTS");
        assert_eq!(refused(&g, commit(&g, 1, &[("G", NE)])), "TURN.NOT_YOUR_DECISION");
        // Red holds back: defence 1 against 3, and red, the lowest contributor, loses a city.
        let a = commit(&g, 0, &[]);
        ok(&mut g, a);
        assert_eq!(g.phase(), Phase::Ck(CkPhase::CommittingKnights { player: p(1) }));
        let a = commit(&g, 1, &[("G", NE)]);
        let ev = g.apply(a).unwrap();
        assert!(ev.contains(&Event::Ck(CkEvent::KnightsCommitted {
            player: p(1),
            knights: 1,
            strength: 1
        })));
        assert!(ev.contains(&Event::Ck(CkEvent::BarbariansWon {
            strength: 3,
            defence: 1
        })));
        assert_eq!(g.phase(), Phase::Ck(CkPhase::Pillaging { player: p(0) }));
        let at = vertex(&g, "E", N);
        ok(&mut g, Action::Ck(CkAction::LoseCity { player: p(0), at }));
        // Only blue's committed knight lies down; red's stays active.
        assert!(g.knight(vertex(&g, "E", NE)).unwrap().active);
        assert!(!g.knight(vertex(&g, "G", NE)).unwrap().active);
        assert_eq!(g.phase(), Phase::Main);
        g.check_invariants().unwrap();

        // Both commit everything: 3:3, red the single strongest defender.
        let mut g = ck.game();
        roll3(&mut g, 2, 3, EventFace::Ship);
        let a = commit(&g, 0, &[("E", NE)]);
        ok(&mut g, a);
        let a = commit(&g, 1, &[("G", NE)]);
        let ev = g.apply(a).unwrap();
        assert!(ev.contains(&Event::Ck(CkEvent::DefenderRewarded {
            player: p(0),
            contributed: 2
        })));
        assert!(ev.contains(&Event::Ck(CkEvent::KnightsDeactivated { count: 2 })));
    }

    #[test]
    fn under_the_fiesepeter_rule_nobody_is_asked_without_active_knights() {
        let mut ck = attack().rules(|r| r.set_option("battle", "fiesepeter").unwrap());
        ck.setup.players[1].ck.knights[0].active = false;
        let mut g = ck.game();
        let ev = roll3(&mut g, 2, 3, EventFace::Ship);
        assert!(ev.contains(&Event::Ck(CkEvent::BarbariansWon {
            strength: 3,
            defence: 0
        })));
        assert_eq!(g.phase(), Phase::Ck(CkPhase::Pillaging { player: p(0) }));
    }

    #[test]
    fn under_the_colonist_reading_tied_defenders_choose_their_card() {
        let mut g = attack()
            .knight(0, ("E", NE), 2, true)
            .roads(1, "G", &[NE, SE])
            .knight(1, ("G", SE), 1, true)
            .rules(|r| r.set_option("defender-tie-card", "choose-card").unwrap())
            .game();
        roll3(&mut g, 2, 3, EventFace::Ship);
        assert_eq!(g.phase(), Phase::Ck(CkPhase::ChoosingDefenderDeck { player: p(0) }));
        let deck = Action::Ck(CkAction::ChooseDefenderDeck {
            player: p(0),
            deck: Track::Trade,
        });
        assert_eq!(refused(&g, deck), "CK.BARBARIANS.DEFENDER_CARD");
        let take = |who: u8, card| Action::Ck(CkAction::ChooseDefenderCard { player: p(who), card });
        let mut legal = vec![];
        g.legal_actions(&mut legal);
        assert_eq!(legal.len(), ProgressCard::ALL.len());
        let ev = g.apply(take(0, ProgressCard::Constitution)).unwrap();
        assert!(ev.contains(&Event::Ck(CkEvent::VictoryCardRevealed {
            player: p(0),
            card: ProgressCard::Constitution
        })));
        // The only Constitution is gone; blue takes something else.
        assert_eq!(g.phase(), Phase::Ck(CkPhase::ChoosingDefenderDeck { player: p(1) }));
        assert_eq!(
            refused(&g, take(1, ProgressCard::Constitution)),
            "CK.BARBARIANS.DEFENDER_CARD"
        );
        ok(&mut g, take(1, ProgressCard::Espionage));
        assert_eq!(g.player(p(1)).unwrap().ck.progress.get(ProgressCard::Espionage), 1);
        assert_eq!(g.phase(), Phase::Main);
        g.check_invariants().unwrap();
        // Under the default reading a card cannot be picked.
        let mut g = attack()
            .knight(0, ("E", NE), 2, true)
            .roads(1, "G", &[NE, SE])
            .knight(1, ("G", SE), 1, true)
            .game();
        roll3(&mut g, 2, 3, EventFace::Ship);
        assert_eq!(
            refused(&g, take(0, ProgressCard::Merchant)),
            "CK.BARBARIANS.DEFENDER_CARD"
        );
    }
}
