//! Legal action generation. [`Game::legal_actions`] lists every action [`Game::apply`]
//! would accept now, except domestic trade offers (`OfferTrade`), whose space is
//! combinatorial: [`Game::is_legal`] decides those. Candidates are pruned by necessary
//! conditions and then confirmed by the same checks `apply` uses, so the two agree by
//! construction. The buffer is reused: no allocation once it has grown.

use crate::action::{Action, Outcome};
use crate::cards::{CardKind, Cards, DevCard, Resource};
use crate::error::RuleError;
use crate::ids::{EdgeId, PlayerId, VertexId};
use crate::state::{Game, Phase};

impl Game {
    /// Fills `out` (cleared first) with every legal action but trade offers.
    pub fn legal_actions(&self, out: &mut Vec<Action>) {
        out.clear();
        // The turn's own steps (most listings: chance is sampled, not listed) are told by the
        // step alone when nothing is pending: the phase view is built only for the others,
        // out of line ([`Game::push_phase_actions`]), so these listings skip its set-up.
        if self.pending.is_empty() {
            match self.step {
                crate::pending::Step::Main => return self.push_main_actions(self.current, out),
                crate::pending::Step::BeforeRoll => return self.push_before_roll(self.current, out),
                _ => {}
            }
        }
        self.push_phase_actions(out);
    }

    /// [`Game::legal_actions`] read from the phase: setup, chance, discards, the robber,
    /// victims, free roads, trade answers, and the expansions' decisions.
    #[inline(never)]
    fn push_phase_actions(&self, out: &mut Vec<Action>) {
        let p = self.current;
        match self.phase() {
            Phase::Ended { .. } => {}
            ph if ph.is_chance() => {
                self.for_each_outcome(|o, _| out.push(Action::Chance(o)));
            }
            Phase::Setup { road_from, .. } => self.push_setup_actions(p, road_from, out),
            Phase::BeforeRoll => self.push_before_roll(p, out),
            Phase::Discarding => {
                for player in self.player_ids() {
                    let owed = self.discards_owed(player);
                    if owed > 0 {
                        let hand = self.players[player.index()].hand;
                        push_discards(player, &hand, owed, out);
                    }
                }
            }
            Phase::MovingRobber => {
                // The hexes `check_move_robber` accepts; what does not depend on the hex is
                // tested once.
                if self.check_robber_moment(p).is_ok() {
                    self.push_robber_moves(p, out);
                }
                self.push_robber_alternatives_ext(p, out);
            }
            Phase::ChoosingVictim => {
                // The seats `check_rob` accepts, found once for all seats.
                let victims = self.victims(p);
                for victim in self.player_ids() {
                    if victims & crate::rules::seat_bit(victim) != 0 {
                        out.push(Action::Rob { player: p, victim });
                    }
                }
            }
            Phase::FreeRoads { .. } => {
                if self.players[p.index()].roads_left > 0 {
                    self.push_roads(p, out);
                }
                self.push_route_alternatives_ext(p, None, out);
            }
            Phase::TradeOffer { to, .. } => {
                if self.check_accept(to).is_ok() {
                    out.push(Action::AcceptTrade { player: to });
                }
                out.push(Action::DeclineTrade { player: to });
            }
            Phase::Main => self.push_main_actions(p, out),
            // Chance phases are handled above.
            Phase::Rolling | Phase::Stealing { .. } | Phase::DrawingDevCard => {}
            // The decisions an expansion adds (Cities & Knights: pillage, decks, aqueduct, ...).
            phase => self.push_decision_actions_ext(phase, out),
        }
    }

    /// Before the roll: the development cards that may be played, an expansion's own
    /// actions, then the roll (source `base-rules` §4).
    #[inline]
    fn push_before_roll(&self, p: PlayerId, out: &mut Vec<Action>) {
        if self.has_development_cards() {
            self.push_dev_plays(p, out);
        }
        self.push_before_roll_actions_ext(p, out);
        out.push(Action::Roll { player: p });
    }

    /// Setup: a settlement (a city in the round an expansion says so) on any legal
    /// intersection, then a road touching it. A settlement's site is first tested against
    /// the distance rule (an empty intersection with empty neighbours), which
    /// `check_settlement` requires: the cheap test that refuses most intersections.
    fn push_setup_actions(&self, p: PlayerId, road_from: Option<VertexId>, out: &mut Vec<Action>) {
        match road_from {
            None if self.setup_places_city() => self.push_setup_cities(p, out),
            None => self.push_setup_settlements(p, out),
            Some(v) => {
                if let Some(info) = self.board.topology.vertex(v) {
                    for at in info.edges.iter() {
                        if self.check_road(p, at).is_ok() {
                            out.push(Action::BuildRoad { player: p, at });
                        }
                    }
                }
                self.push_route_alternatives_ext(p, Some(v), out);
            }
        }
    }

    /// Setup settlements: the intersections `check_settlement` accepts in setup, with what
    /// does not depend on the intersection (the phase, the supply) tested once: on land,
    /// empty with empty neighbours (the distance rule), and allowed by the expansions.
    fn push_setup_settlements(&self, p: PlayerId, out: &mut Vec<Action>) {
        if self.players[p.index()].settlements_left == 0 {
            return;
        }
        self.for_each_setup_site(|at| {
            if self.check_setup_site_ext(at).is_ok() && self.check_building_site_ext(at).is_ok() {
                out.push(Action::BuildSettlement { player: p, at });
            }
        });
    }

    /// Calls `f` with each intersection on land that the distance rule leaves open (no
    /// building on it or one path away, source `base-rules` §3), in increasing id. Found from
    /// the board's land intersections as bits less the buildings and their neighbours (in
    /// setup at most two or three a seat, read from the seats' kept intersections,
    /// [`crate::rules::building_sites::BuildingSites`]); a board beyond 512 intersections, or
    /// a seat whose buildings are not all noted, is scanned intersection by intersection
    /// (`Game::for_each_setup_site_by_scan`, the tests compare the two).
    fn for_each_setup_site(&self, mut f: impl FnMut(VertexId)) {
        let topo = &self.board.topology;
        let Some(mut open) = topo.land_vertices().copied() else {
            return self.for_each_setup_site_by_scan(f);
        };
        for (i, st) in self.players.iter().enumerate() {
            let Some(built) = st.buildings.complete(self.buildings_on_board(PlayerId(i as u8))) else {
                return self.for_each_setup_site_by_scan(f);
            };
            built.for_each_member(|v| {
                open.set(v, false);
                for n in topo.vertices().get(v).into_iter().flat_map(|i| i.neighbours.iter()) {
                    open.set(n.index(), false);
                }
            });
        }
        open.for_each_member(|v| f(VertexId(v as u16)));
    }

    /// [`Game::for_each_setup_site`] by a scan of every intersection.
    fn for_each_setup_site_by_scan(&self, mut f: impl FnMut(VertexId)) {
        for (v, info) in self.board.topology.vertices().iter().enumerate() {
            let at = VertexId(v as u16);
            if info.on_land && self.distance_ok(at) {
                f(at);
            }
        }
    }

    /// Setup cities (Cities & Knights' second round): the intersections `check_city` accepts
    /// then ([`Game::check_setup_city`]), with the round and the supply tested once: on
    /// land, empty with empty neighbours (the distance rule), and allowed by the expansions'
    /// setup checks.
    fn push_setup_cities(&self, p: PlayerId, out: &mut Vec<Action>) {
        if self.players[p.index()].cities_left == 0 {
            return;
        }
        self.for_each_setup_site(|at| {
            if self.check_setup_site_ext(at).is_ok() {
                out.push(Action::BuildCity { player: p, at });
            }
        });
    }

    /// The build phase: roads, settlements and cities the player can pay for, development
    /// cards, the expansions' actions, maritime trades and ending the turn.
    fn push_main_actions(&self, p: PlayerId, out: &mut Vec<Action>) {
        let st = &self.players[p.index()];
        if st.hand.contains(&crate::cards::cost::ROAD) && st.roads_left > 0 {
            self.push_roads(p, out);
        }
        if st.hand.contains(&crate::cards::cost::SETTLEMENT) && st.settlements_left > 0 {
            self.push_settlements(p, out);
        }
        if st.hand.contains(&crate::cards::cost::CITY) {
            self.push_cities(p, out);
        }
        if self.has_development_cards() {
            // The price first: `check_buy_dev` requires it, and it is the usual refusal.
            if st.hand.contains(&crate::cards::cost::DEV_CARD) && self.check_buy_dev(p).is_ok() {
                out.push(Action::BuyDevCard { player: p });
            }
            self.push_dev_plays(p, out);
        }
        self.push_build_actions_ext(p, out);
        self.push_maritime(p, out);
        if self.check_end_turn(p).is_ok() {
            out.push(Action::EndTurn { player: p });
        }
    }

    /// Cities `p` may build now: only their own settlements (and, in Cities & Knights, their
    /// cities on their side) can qualify, so only those are tried, in intersection order (as
    /// a scan of the board lists them), from the intersections kept for the seat
    /// ([`Game::own_buildings`]). Out of line: few listings find a hand that pays for a city.
    #[inline(never)]
    fn push_cities(&self, p: PlayerId, out: &mut Vec<Action>) {
        for at in self.own_buildings(p, |b| b != crate::state::Building::City) {
            if self.check_city(p, at).is_ok() {
                out.push(Action::BuildCity { player: p, at });
            }
        }
    }

    /// Roads `p` may place now: empty land paths touching their network. Only paths at the
    /// ends of their roads and at their buildings can qualify, so only those are tried.
    ///
    /// A path touches the network where one of its intersections lets the road network
    /// through ([`Game::road_reaches`]: the player's building, or no other building or
    /// opposing knight there and a road of theirs). Such an intersection is a building of
    /// theirs or an end of one of their roads ([`Game::road_passes`] judges those once each),
    /// and the empty paths around the ones that let the network through are the candidates,
    /// gathered as a set of path ids and tried in increasing id (the canonical order a full
    /// scan of the paths lists them in; `Game::push_roads_by_scan`, in the tests, is that scan).
    fn push_roads(&self, p: PlayerId, out: &mut Vec<Action>) {
        let topo = &self.board.topology;
        let own = |v: usize| self.sites[v].is_some_and(|s| s.owner == p);
        let mut candidates = crate::id_set::IdSet::<8>::default();
        // Without a branch per path: an empty path's bit is set, a built one's is left.
        let mut add_paths_at = |v: usize| {
            for at in topo.vertices()[v].edges.iter() {
                candidates.insert_if(at.index(), self.roads[at.index()].is_none() & !self.path_taken_ext(at));
            }
        };
        // The ends of the roads, and the buildings at the ends of the ships (Seafarers), each
        // judged once, when first met.
        let mut ends = crate::id_set::IdSet::<16>::default();
        let mut buildings = 0;
        let mut judge = |v: usize| {
            buildings += usize::from(own(v));
            if self.road_passes(p, VertexId(v as u16)) {
                add_paths_at(v);
            }
        };
        for &e in &self.players[p.index()].roads {
            for v in topo.edges()[e.index()].vertices {
                if ends.insert(v.index()) {
                    judge(v.index());
                }
            }
        }
        for &e in self.route_ships_ext(p) {
            for v in topo.edges()[e.index()].vertices {
                if own(v.index()) && ends.insert(v.index()) {
                    judge(v.index());
                }
            }
        }
        // Fewer buildings found than the player has on the board (the supply tells: invariant
        // `piece-count`), as after a Diplomat took a building's last road: every intersection.
        if buildings < self.buildings_on_board(p) {
            for v in (0..self.sites.len()).filter(|&v| own(v) && !ends.contains(v)) {
                add_paths_at(v);
            }
        }
        candidates.for_each_member(|i| {
            let at = EdgeId(i as u16);
            if topo.edges()[i].on_land && self.check_road_site_ext(at).is_ok() {
                out.push(Action::BuildRoad { player: p, at });
            }
        });
    }

    /// [`Game::push_roads`] by a scan of every path (what the tests compare it with).
    #[cfg(test)]
    pub(crate) fn push_roads_by_scan(&self, p: PlayerId, out: &mut Vec<Action>) {
        for (i, e) in self.board.topology.edges().iter().enumerate() {
            let at = EdgeId(i as u16);
            if self.roads[i].is_none()
                && !self.path_taken_ext(at)
                && e.on_land
                && e.vertices.iter().any(|&x| self.road_reaches(p, x, None))
                && self.check_road_site_ext(at).is_ok()
            {
                out.push(Action::BuildRoad { player: p, at });
            }
        }
    }

    pub(crate) fn push_vertex_actions(&self, out: &mut Vec<Action>, f: impl Fn(VertexId) -> Option<Action>) {
        for v in 0..self.sites.len() {
            if let Some(a) = f(VertexId(v as u16)) {
                out.push(a);
            }
        }
    }

    /// Settlement sites of `p`: only intersections on their roads qualify, so only the ends
    /// of their roads (and ships) are tried, in intersection order (as a full scan would list
    /// them). The ends are gathered first as a set, without a test per end (most ends are met
    /// twice), and then tried member by member, lowest first.
    /// Out of line: most listings find a hand that cannot pay for a settlement.
    #[inline(never)]
    fn push_settlements(&self, p: PlayerId, out: &mut Vec<Action>) {
        let topo = &self.board.topology;
        let mut ends = crate::id_set::IdSet::<8>::default();
        let ships = self.route_ships_ext(p);
        for &e in self.players[p.index()].roads.iter().chain(ships) {
            for at in topo.edges()[e.index()].vertices {
                ends.insert_if(at.index(), true);
            }
        }
        ends.for_each_member(|v| {
            let at = VertexId(v as u16);
            if topo.vertices()[v].on_land && self.distance_ok(at) && self.check_building_site_ext(at).is_ok() {
                out.push(Action::BuildSettlement { player: p, at });
            }
        });
    }

    /// The development cards `p` may play now (source `base-rules` §6: one per turn, not
    /// the turn it was bought; victory point cards are never played). Listed at nearly
    /// every decision, it refuses at once, inline, when a card was played this turn or no
    /// playable card is held (most steps), and tries the cards out of line otherwise.
    #[inline(always)]
    fn push_dev_plays(&self, p: PlayerId, out: &mut Vec<Action>) {
        if self.dev_played {
            return;
        }
        let held = self.players[p.index()].dev_cards;
        let playable = held.get(DevCard::Knight)
            | held.get(DevCard::RoadBuilding)
            | held.get(DevCard::YearOfPlenty)
            | held.get(DevCard::Monopoly);
        if playable != 0 {
            self.push_held_dev_plays(p, held, out);
        }
    }

    /// [`Game::push_dev_plays`] once `p` holds a card that may be playable: each held kind
    /// tried with the checks `apply` uses.
    #[inline(never)]
    fn push_held_dev_plays(&self, p: PlayerId, held: crate::cards::DevCards, out: &mut Vec<Action>) {
        let probe = |a: Action| self.check_play_dev(&a).is_ok();
        if held.get(DevCard::Knight) > 0 && probe(Action::PlayKnight { player: p }) {
            out.push(Action::PlayKnight { player: p });
        }
        if held.get(DevCard::RoadBuilding) > 0 && probe(Action::PlayRoadBuilding { player: p }) {
            out.push(Action::PlayRoadBuilding { player: p });
        }
        if held.get(DevCard::YearOfPlenty) > 0 {
            self.push_year_of_plenty(p, out);
        }
        // Whether Monopoly may be played does not depend on the resource named: asked once.
        if held.get(DevCard::Monopoly) > 0 {
            let allowed = probe(Action::PlayMonopoly {
                player: p,
                resource: Resource::ALL[0],
            });
            for resource in Resource::ALL {
                let act = Action::PlayMonopoly { player: p, resource };
                debug_assert_eq!(allowed, probe(act), "{act:?}");
                if allowed {
                    out.push(act);
                }
            }
        }
    }

    /// Year of Plenty's plays (source `base-rules` §6: two resources of the player's choice
    /// from the bank), each ordered pair in resource order. All that `check_play_dev` asks
    /// but the bank's stock is the same for every pair, so it is asked once (of the first
    /// pair, whose only possible refusal beyond that is the bank's); each pair then needs
    /// the bank to hold its cards, two of a kind taken twice (a debug assertion compares
    /// every pair with `check_play_dev`).
    fn push_year_of_plenty(&self, p: PlayerId, out: &mut Vec<Action>) {
        let first = Action::PlayYearOfPlenty {
            player: p,
            take: [Resource::ALL[0]; 2],
        };
        if !matches!(self.check_play_dev(&first), Ok(()) | Err(RuleError::BankEmpty { .. })) {
            return;
        }
        let bank = self.bank;
        for a in Resource::ALL {
            let held_a = bank.get(a.card());
            for b in Resource::ALL {
                let act = Action::PlayYearOfPlenty {
                    player: p,
                    take: [a, b],
                };
                let in_bank = held_a > u8::from(a == b) && bank.get(b.card()) > 0;
                debug_assert_eq!(in_bank, self.check_play_dev(&act).is_ok(), "{act:?}");
                if in_bank {
                    out.push(act);
                }
            }
        }
    }

    /// Maritime trades `p` may make now (source `base-rules` §5): for each kind held twice
    /// or more (the least any rate asks), each rate they have for it and can pay, every
    /// other kind the bank still holds, in kind order. The kinds held twice or more are
    /// found a word at a time (a byte per kind), so a hand without a pair leaves at once;
    /// the rates that can be paid and the kinds the bank holds are then sets of bits,
    /// visited member by member, with no test per rate or kind that the hand or the bank
    /// decides.
    fn push_maritime(&self, p: PlayerId, out: &mut Vec<Action>) {
        let hand = self.players[p.index()].hand.counts();
        let kinds: &[CardKind] = if self.has_commodities() {
            &CardKind::ALL
        } else {
            &CardKind::RESOURCES
        };
        // A byte per kind in play, non-zero where the hand holds two or more.
        let in_play = u64::MAX >> (8 * (CARD_KINDS - kinds.len()));
        let mut pairs = u64::from_le_bytes(hand) & 0xFEFE_FEFE_FEFE_FEFE & in_play;
        if pairs == 0 {
            return;
        }
        let mask = self.harbor_mask(p);
        while pairs != 0 {
            let i = (pairs.trailing_zeros() / 8) as usize;
            pairs &= !(0xFF << (8 * i));
            let (give, n) = (kinds[i], hand[i]);
            let rates = self.maritime_rates_with(p, give, mask);
            // A bit per rate (2:1, 3:1, 4:1) held for `give` and paid by the hand (two or
            // more are held).
            let mut payable =
                u32::from(rates[0]) | u32::from(rates[1] & (n >= 3)) << 1 | u32::from(rates[2] & (n >= 4)) << 2;
            while payable != 0 {
                let rate = 2 + payable.trailing_zeros() as u8;
                payable &= payable - 1;
                // The kinds the bank holds, but `give`: read only when a rate can be paid
                // (most pairs pay none).
                let mut rest = stocked_kinds(&self.bank.counts(), in_play) & !(1 << i);
                while rest != 0 {
                    let get = CardKind::ALL[rest.trailing_zeros() as usize % CARD_KINDS];
                    rest &= rest - 1;
                    out.push(Action::MaritimeTrade {
                        player: p,
                        give,
                        rate,
                        get,
                    });
                }
            }
        }
    }

    /// Calls `f(outcome, weight)` for every possible chance outcome now (none when no chance
    /// step is pending). Weights are relative: dice 1 each of 36, cards by count.
    pub fn for_each_outcome(&self, mut f: impl FnMut(Outcome, u32)) {
        // An expansion's own chance (Cities & Knights: three dice, Alchemy, progress draws).
        if self.for_each_outcome_ext(&mut f) {
            return;
        }
        match self.phase() {
            Phase::Rolling => {
                for red in 1..=6 {
                    for yellow in 1..=6 {
                        f(Outcome::Dice { red, yellow }, 1);
                    }
                }
            }
            Phase::DrawingDevCard => {
                for (card, n) in self.dev_deck.iter() {
                    f(Outcome::DevCard { card }, n as u32);
                }
            }
            Phase::Stealing { victim, .. } => {
                for (card, n) in self.players[victim.index()].hand.iter() {
                    f(Outcome::Steal { card }, n as u32);
                }
            }
            _ => {}
        }
    }

    /// The total weight of the chance outcomes ([`Game::for_each_outcome`]); Cities &
    /// Knights' three dice, the commonest, without listing them.
    pub fn outcome_total(&self) -> u32 {
        if self.ck_dice_pending() {
            return 36 * crate::rules::ck::chance::CK_DICE_PAIR_WEIGHT;
        }
        if self.base_dice_pending() {
            return 36;
        }
        let mut total = 0u32;
        self.for_each_outcome(|_, w| total += w);
        total
    }

    /// The outcome `pick` falls on, the weights of [`Game::for_each_outcome`] laid end to end
    /// in its order (`None` from the total on); Cities & Knights' three dice found without
    /// the scan ([`Game::ck_dice_at`]).
    pub fn outcome_at(&self, pick: u32) -> Option<Outcome> {
        if self.ck_dice_pending() {
            return Game::ck_dice_at(pick);
        }
        if self.base_dice_pending() {
            return Game::dice_at(pick);
        }
        let mut pick = pick;
        let mut chosen = None;
        self.for_each_outcome(|o, w| {
            if chosen.is_none() {
                if pick < w {
                    chosen = Some(o);
                } else {
                    pick -= w;
                }
            }
        });
        chosen
    }

    /// Whether the game waits for the base game's roll of the two dice (source `base-rules`
    /// §4 "Production"), the commonest chance step: the phase is the roll and no expansion
    /// rolls instead (only Cities & Knights does, with its three dice or Alchemy's event
    /// die; the others' chance steps are their own phases). The same as the phase being
    /// [`Phase::Rolling`] without Cities & Knights, without building the phase: only the
    /// dice entry at the front of the queue shows it.
    #[inline]
    fn base_dice_pending(&self) -> bool {
        use crate::pending::{BasePending, PendingKind, Step};
        !self.rules.has(crate::ruleset::Expansion::CitiesAndKnights)
            && !matches!(self.step, Step::Ended { .. })
            && matches!(
                self.pending.front(),
                Some(e) if matches!(e.kind, PendingKind::Base(BasePending::Dice))
            )
    }

    /// The roll of the two dice at `pick` (below 36) in the order of
    /// [`Game::for_each_outcome`]: red, then yellow, each from 1 to 6, every roll weighing 1.
    fn dice_at(pick: u32) -> Option<Outcome> {
        (pick < 36).then(|| Outcome::Dice {
            red: (pick / 6 + 1) as u8,
            yellow: (pick % 6 + 1) as u8,
        })
    }

    /// Every possible chance outcome with its weight, collected (convenience; allocates).
    pub fn chance_outcomes(&self) -> Vec<(Outcome, u32)> {
        let mut v = Vec::new();
        self.for_each_outcome(|o, w| v.push((o, w)));
        v
    }
}

/// A bit per kind (bit `k` for [`CardKind::ALL`]`[k]`) whose count is not zero, among the
/// kinds whose byte `in_play` keeps: each byte's high bit set where the byte is not zero
/// (the low seven bits plus `0x7F` carry into it, or it was set), then the eight high bits
/// gathered into one byte by a multiplication (byte `k`'s bit lands on bit `56 + k`, no two
/// partial products on the same bit).
#[inline]
fn stocked_kinds(counts: &[u8; CARD_KINDS], in_play: u64) -> u32 {
    const LOW7: u64 = 0x7F7F_7F7F_7F7F_7F7F;
    let x = u64::from_le_bytes(*counts) & in_play;
    let high = (((x & LOW7) + LOW7) | x) & !LOW7;
    ((high >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u32
}

/// Every multiset of exactly `count` cards from `hand`, listed in the order of the counts of
/// [`CardKind::ALL`] taken lexicographically (fewest of the first kind first).
///
/// Walked without recursion: the first discard takes of each kind the least that the later
/// kinds can still complete; each next one adds a card to the last kind that can take one
/// more while a card of the kinds after it can be given back, and takes the least again of
/// those later kinds (the lexicographic successor).
pub(crate) fn push_discards(player: PlayerId, hand: &Cards, count: u8, out: &mut Vec<Action>) {
    let counts = hand.counts();
    // Cards of the kinds from index `i` on.
    let mut suffix = [0u8; CARD_KINDS + 1];
    for i in (0..CARD_KINDS).rev() {
        suffix[i] = suffix[i + 1].saturating_add(counts[i]);
    }
    if count > suffix[0] {
        return;
    }
    // The least of each kind from `from` on that completes `left` cards.
    let fill = |acc: &mut [u8; CARD_KINDS], from: usize, mut left: u8| {
        for (slot, &later) in acc[from..].iter_mut().zip(&suffix[from + 1..]) {
            *slot = left.saturating_sub(later);
            left -= *slot;
        }
    };
    let mut acc = [0u8; CARD_KINDS];
    fill(&mut acc, 0, count);
    loop {
        out.push(Action::Discard {
            player,
            cards: Cards::from_counts(acc),
        });
        // The last kind that can take one more card while the kinds after it hold one.
        let mut after = 0u8;
        let mut i = CARD_KINDS;
        loop {
            if i == 0 {
                return;
            }
            i -= 1;
            if after > 0 && acc[i] < counts[i] {
                break;
            }
            after += acc[i];
        }
        acc[i] += 1;
        fill(&mut acc, i + 1, after - 1);
    }
}

/// Card kinds in a hand.
const CARD_KINDS: usize = CardKind::ALL.len();

impl Game {
    /// While players discard half their hands (a 7, source `base-rules` §5), how many
    /// actions [`Game::legal_actions`] lists, counted without listing them; `None` in any
    /// other phase. With [`Game::nth_discard`] a player choosing uniformly among the
    /// listed discards (the random player) need not build a list of thousands.
    pub fn discard_count(&self) -> Option<usize> {
        if !self.in_discards() {
            return None;
        }
        let mut total = 0usize;
        for player in self.player_ids() {
            let owed = self.discards_owed(player);
            if owed > 0 {
                total = total.saturating_add(count_discards(&self.players[player.index()].hand, owed));
            }
        }
        Some(total)
    }

    /// The `k`-th action [`Game::legal_actions`] lists while players discard (the same
    /// action at the same index), found without listing the others; `None` in any other
    /// phase or when `k` is out of range.
    pub fn nth_discard(&self, mut k: usize) -> Option<Action> {
        if !self.in_discards() {
            return None;
        }
        for player in self.player_ids() {
            let owed = self.discards_owed(player);
            if owed == 0 {
                continue;
            }
            match discard_at(&self.players[player.index()].hand, owed, k) {
                Ok(cards) => return Some(Action::Discard { player, cards }),
                Err(here) => k -= here,
            }
        }
        None
    }
}

impl Game {
    /// While players discard, the discard a uniform choice among the listed ones falls on:
    /// `draw` is given how many [`Game::legal_actions`] lists ([`Game::discard_count`]) and
    /// returns an index below that; the action listed at that index ([`Game::nth_discard`])
    /// is returned, or `Some(None)` when none is listed (then `draw` is not called); `None`
    /// in any other phase. Each discarding hand is counted once and only the chosen hand's
    /// table is built, so the random player does not count the hands twice.
    pub fn pick_discard(&self, draw: impl FnOnce(usize) -> usize) -> Option<Option<Action>> {
        if !self.in_discards() {
            return None;
        }
        let mut owed = [0u8; crate::ids::MAX_PLAYERS];
        let mut counts = [0usize; crate::ids::MAX_PLAYERS];
        let mut total = 0usize;
        for (i, (o, n)) in owed
            .iter_mut()
            .zip(counts.iter_mut())
            .enumerate()
            .take(self.players.len())
        {
            *o = self.discards_owed(PlayerId(i as u8));
            if *o > 0 {
                *n = count_discards(&self.players[i].hand, *o);
                total = total.saturating_add(*n);
            }
        }
        if total == 0 {
            return Some(None);
        }
        let mut k = draw(total);
        for (i, (&o, &n)) in owed.iter().zip(&counts).enumerate() {
            if o > 0 && k < n {
                let player = PlayerId(i as u8);
                let cards = discard_in(&self.players[i].hand, o, k);
                return Some(Some(Action::Discard { player, cards }));
            }
            k -= n.min(k);
        }
        Some(None)
    }
}

/// The discards of `size` cards from `hand` ([`push_discards`] lists them), counted in one
/// row ([`count_in_row`]).
fn count_discards(hand: &Cards, size: u8) -> usize {
    let (held, kinds) = held_kinds(hand);
    let held = &held[..kinds];
    if usize::from(size) < SMALL_DISCARD {
        count_in_row::<SMALL_DISCARD>(held, size)
    } else {
        count_in_row::<LARGE_DISCARD>(held, size)
    }
}

/// The multisets of `size` (below `M`) cards from a hand holding the kinds `held` (their
/// index and count, [`held_kinds`]), one kind at a time in a single
/// row: after a kind, `row[n]` is the number of ways to take `n` cards from the kinds met so
/// far, the sum of the previous row's `row[n - take]` for `take` up to the kind's count (a
/// window of the previous row, slid from the top down so that the entries it still needs
/// are not yet rewritten). Kinds the hand lacks would leave the row as it is: only the held
/// ones are met.
fn count_in_row<const M: usize>(held: &[(usize, usize)], size: u8) -> usize {
    let size = usize::from(size).min(M - 1);
    let mut row = [0usize; M];
    row[0] = 1;
    for &(_, most) in held {
        let mut window: usize = row[size.saturating_sub(most)..size + 1].iter().sum();
        // Above `most` the window slides down by one entry; from `most` down it only loses.
        for n in (most + 1..size + 1).rev() {
            let old = row[n];
            row[n] = window;
            window = window - old + row[n - most - 1];
        }
        for n in (0..size.min(most) + 1).rev() {
            let old = row[n];
            row[n] = window;
            window -= old;
        }
    }
    row[size]
}

/// The kinds `hand` holds (their index in [`CardKind::ALL`]) and their counts, in kind
/// order, and how many there are (the first entries of the array). Gathered without a test
/// per kind (which kinds a hand holds is data the processor cannot foresee): every kind is
/// written at the next free place, which moves on only past a held one.
#[inline]
fn held_kinds(hand: &Cards) -> ([(usize, usize); CARD_KINDS], usize) {
    let mut held = [(0, 0); CARD_KINDS];
    let mut kinds = 0;
    for (i, n) in hand.counts().into_iter().enumerate() {
        // `kinds` is at most `i` here: the place is always in the array.
        held[kinds.min(CARD_KINDS - 1)] = (i, usize::from(n));
        kinds += usize::from(n > 0);
    }
    (held, kinds)
}

/// The `k`-th discard of `size` cards from `hand` in the order [`push_discards`] lists
/// them, or, when `k` is past the last, how many there are: counted first in one row, the
/// table to pick from built only when `k` falls among them.
fn discard_at(hand: &Cards, size: u8, k: usize) -> Result<Cards, usize> {
    let total = count_discards(hand, size);
    if k >= total {
        return Err(total);
    }
    Ok(discard_in(hand, size, k))
}

/// The `k`-th discard of `size` cards from `hand` (`k` below their number) in the order
/// [`push_discards`] lists them.
fn discard_in(hand: &Cards, size: u8, k: usize) -> Cards {
    if usize::from(size) < TINY_DISCARD {
        DiscardCounts::<TINY_DISCARD>::pick(hand, size, k)
    } else if usize::from(size) < SMALL_DISCARD {
        DiscardCounts::<SMALL_DISCARD>::pick(hand, size, k)
    } else {
        DiscardCounts::<LARGE_DISCARD>::pick(hand, size, k)
    }
}

/// The commonest discards (up to 7 cards, half a hand of up to 15) are picked from a tiny
/// table (sizes 0..8): half the small one's cells to clear and fill.
const TINY_DISCARD: usize = 8;
/// The usual discard (up to 15 cards) is counted in a small table (sizes 0..16).
const SMALL_DISCARD: usize = 16;
/// The large table's sizes: up to 127 cards, half of the largest hand a `u8` count holds.
const LARGE_DISCARD: usize = 128;

/// The number of discards of each size (below `M` cards) from each suffix of the kinds a
/// hand holds, to pick discards in the order [`push_discards`] lists them. A kind the hand
/// lacks is always taken 0 times and adds no way, so only the kinds held have a row.
struct DiscardCounts<const M: usize> {
    /// The kinds held (their index in [`CardKind::ALL`]) and their counts, in kind order;
    /// the first `kinds` entries are used.
    held: [(usize, usize); CARD_KINDS],
    kinds: usize,
    /// The discard's size.
    size: usize,
    /// `ways[j][n]`: the discards of `n` cards taken from the held kinds from the `j`-th on.
    ways: [[usize; M]; CARD_KINDS + 1],
}

impl<const M: usize> DiscardCounts<M> {
    /// The `k`-th discard of `size` cards from `hand` (`k` below their number), the table
    /// built and read in place (a table returned by value is copied, about a fifth of the
    /// work).
    fn pick(hand: &Cards, size: u8, k: usize) -> Cards {
        let mut d = Self::empty();
        d.fill(hand, size);
        d.nth(k)
    }

    /// The table of the discards of `size` cards from `hand`.
    #[cfg(test)]
    fn new(hand: &Cards, size: u8) -> Self {
        let mut d = Self::empty();
        d.fill(hand, size);
        d
    }

    /// A table of no kind held.
    fn empty() -> Self {
        DiscardCounts {
            held: [(0, 0); CARD_KINDS],
            kinds: 0,
            size: 0,
            ways: [[0; M]; CARD_KINDS + 1],
        }
    }

    /// Fills an empty table with the discards of `size` cards from `hand`.
    fn fill(&mut self, hand: &Cards, size: u8) {
        let size = usize::from(size).min(M - 1);
        let d = self;
        d.size = size;
        (d.held, d.kinds) = held_kinds(hand);
        d.ways[d.kinds][0] = 1;
        // `ways[j][n]` sums `ways[j + 1][n - take]` for `take` up to the kind's count: a
        // window of the running sum of the row below. No count overflows: a row holds at
        // most the multisets of `n` < 128 cards of 8 kinds, C(134, 7) < 2^37.
        for j in (0..d.kinds).rev() {
            let most = d.held[j].1;
            let (upper, lower) = d.ways.split_at_mut(j + 1);
            let (row, below) = (&mut upper[j], &lower[0]);
            // Up to `most` the window only grows; above it, it also loses an entry (two
            // loops rather than a test per entry).
            let mut running = 0usize;
            let low = most.min(size);
            for n in 0..low + 1 {
                running += below[n];
                row[n] = running;
            }
            for n in low + 1..size + 1 {
                running += below[n];
                running -= below[n - most - 1];
                row[n] = running;
            }
        }
    }

    /// All discards of the size asked.
    #[cfg(test)]
    fn total(&self) -> usize {
        self.ways[0][self.size]
    }

    /// The `k`-th discard (`k` below the total): each held kind's count in increasing order,
    /// skipping the discards every smaller count of that kind starts.
    fn nth(&self, mut k: usize) -> Cards {
        let mut acc = [0u8; CARD_KINDS];
        let mut left = self.size;
        for (j, &(i, count)) in self.held[..self.kinds].iter().enumerate() {
            let most = count.min(left);
            for take in 0..most + 1 {
                let here = self.ways[j + 1][left - take];
                if k < here {
                    acc[i] = take as u8;
                    left -= take;
                    break;
                }
                k -= here;
            }
        }
        Cards::from_counts(acc)
    }
}

#[cfg(test)]
mod tests {
    use super::{push_discards, stocked_kinds, DiscardCounts, CARD_KINDS, LARGE_DISCARD, SMALL_DISCARD, TINY_DISCARD};
    use crate::cards::{CardKind, Cards};
    use crate::ids::{PlayerId, VertexId};
    use crate::ruleset::{Expansion, ExpansionSet, Ruleset};
    use crate::state::{Game, Phase};
    use crate::{Action, Colour, Outcome};
    use std::sync::Arc;

    /// The maritime listing's set of kinds the bank holds: the bit of each kind in play
    /// whose count is not zero, as a test kind by kind finds it, for counts of every byte
    /// value in every position (neighbouring bytes full, empty or mixed) and both kind sets.
    #[test]
    fn stocked_kinds_are_the_kinds_with_a_count() {
        let by_test = |c: &[u8; CARD_KINDS], n: usize| (0..n).fold(0u32, |m, j| m | u32::from(c[j] > 0) << j);
        for n in [5, CARD_KINDS] {
            let in_play = u64::MAX >> (8 * (CARD_KINDS - n));
            for k in 0..CARD_KINDS {
                for v in 0..=255u8 {
                    for fill in [0u8, 1, 0x7F, 0x80, 0xFF, 19] {
                        let mut c = [fill; CARD_KINDS];
                        c[k] = v;
                        c[(k + 3) % CARD_KINDS] = v.wrapping_mul(7);
                        assert_eq!(stocked_kinds(&c, in_play), by_test(&c, n), "{c:?} {n}");
                    }
                }
            }
        }
    }

    /// Counting and picking the k-th discard give the list `push_discards` builds, in its
    /// order, for hands of every shape (one kind, all kinds, sizes from 1 to the hand).
    #[test]
    fn the_kth_discard_is_the_kth_listed_for_many_hands() {
        let mut seed = 7u64;
        for _ in 0..300 {
            let mut counts = [0u8; CardKind::ALL.len()];
            for c in counts.iter_mut() {
                seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                *c = ((seed >> 33) % 5) as u8;
            }
            let hand = Cards::from_counts(counts);
            // Sizes past the hand included: no discard, and the k-th of none is refused.
            for size in 1..=(hand.total() + 1).min(20) as u8 {
                let mut listed = Vec::new();
                push_discards(PlayerId(1), &hand, size, &mut listed);
                let large = DiscardCounts::<LARGE_DISCARD>::new(&hand, size);
                let small = DiscardCounts::<SMALL_DISCARD>::new(&hand, size);
                let tiny = DiscardCounts::<TINY_DISCARD>::new(&hand, size);
                assert_eq!(large.total(), listed.len(), "{counts:?} {size}");
                // Each listed discard is `size` cards of the hand, and the list strictly
                // increases in the order of the counts: with the count, exactly every discard
                // once, in that order.
                let listed_counts: Vec<[u8; CardKind::ALL.len()]> = listed
                    .iter()
                    .map(|a| match a {
                        Action::Discard { cards, .. } => cards.counts(),
                        _ => panic!("not a discard"),
                    })
                    .collect();
                for c in &listed_counts {
                    assert_eq!(c.iter().map(|&n| u32::from(n)).sum::<u32>(), u32::from(size));
                    assert!(c.iter().zip(&counts).all(|(a, b)| a <= b), "{c:?} from {counts:?}");
                }
                assert!(listed_counts.windows(2).all(|w| w[0] < w[1]), "{counts:?} {size}");
                for (k, a) in listed.iter().enumerate() {
                    let Action::Discard { cards, .. } = a else {
                        panic!("not a discard")
                    };
                    assert_eq!(large.nth(k), *cards, "{counts:?} {size} #{k}");
                    if usize::from(size) < SMALL_DISCARD {
                        assert_eq!(small.nth(k), *cards, "{counts:?} {size} #{k}");
                    }
                    if usize::from(size) < TINY_DISCARD {
                        assert_eq!(tiny.nth(k), *cards, "{counts:?} {size} #{k}");
                    }
                }
                assert_eq!(super::count_discards(&hand, size), listed.len());
                let (held, kinds) = super::held_kinds(&hand);
                assert_eq!(super::count_in_row::<LARGE_DISCARD>(&held[..kinds], size), listed.len());
                for (k, a) in listed.iter().enumerate() {
                    let Action::Discard { cards, .. } = a else {
                        panic!("not a discard")
                    };
                    assert_eq!(super::discard_at(&hand, size, k), Ok(*cards));
                }
                assert_eq!(super::discard_at(&hand, size, listed.len()), Err(listed.len()));
            }
        }
    }

    /// In random games of the base game and Cities & Knights (commodities make hands of
    /// eight kinds), whenever players discard, `discard_count`/`nth_discard` agree with the
    /// list `legal_actions` builds (several discarding players included), and `in_discards`
    /// agrees with the phase.
    #[test]
    fn discard_counting_agrees_with_legal_actions_in_random_games() {
        let mut seen = 0;
        for (i, set) in [&[][..], &[Expansion::CitiesAndKnights][..]].into_iter().enumerate() {
            let rules = Ruleset::with(ExpansionSet::of(set));
            for seed in 0..6u64 {
                let board = Arc::new(rules.random_board(seed, crate::board::TokenPlacement::Spiral));
                let mut g = Game::new(rules.clone(), board, &Colour::ALL[..4], PlayerId(0)).expect("a game");
                let mut rp = crate::random::RandomPlayer::new(seed * 10 + i as u64);
                let mut buf = Vec::new();
                while g.winner().is_none() && g.turn() <= 300 {
                    assert_eq!(g.in_discards(), g.phase() == Phase::Discarding);
                    if g.phase() == Phase::Discarding {
                        g.legal_actions(&mut buf);
                        assert_eq!(g.discard_count(), Some(buf.len()));
                        for (k, a) in buf.iter().enumerate() {
                            assert_eq!(g.nth_discard(k), Some(*a));
                            let picked = g.pick_discard(|n| {
                                assert_eq!(n, buf.len());
                                k
                            });
                            assert_eq!(picked, Some(Some(*a)));
                        }
                        assert_eq!(g.nth_discard(buf.len()), None);
                        seen += 1;
                    } else {
                        assert_eq!(g.discard_count(), None);
                        assert_eq!(g.pick_discard(|_| panic!("no discard to draw")), None);
                    }
                    let Some(a) = rp.choose(&g, crate::random::Policy::Uniform) else {
                        break;
                    };
                    g.apply(a).expect("a listed action");
                }
            }
        }
        assert!(seen > 20, "only {seen} discard steps met");
    }

    /// One ruleset per expansion, and Barbarian Attack with Cities & Knights.
    const EVERY_EXPANSION: [&[&str]; 6] = [
        &[],
        &["court"],
        &["seafarers"],
        &["cities-and-knights"],
        &["barbarian-attack"],
        &["cities-and-knights", "barbarian-attack"],
    ];

    /// In builder-policy random games of each set of expansions (two seeds each), after
    /// every step, for each seat, `fast` lists what `scan` finds, in the same order; the
    /// number of actions listed.
    fn listing_agrees_with_scan(
        sets: &[&[&str]],
        mut fast_list: impl FnMut(&Game, PlayerId, &mut Vec<Action>),
        mut scan: impl FnMut(&Game, PlayerId, &mut Vec<Action>),
    ) -> usize {
        let mut listed = 0;
        for (i, names) in sets.iter().enumerate() {
            for seed in 0..2u64 {
                let mut g = crate::testkit::named_rules_game(names, seed, seed);
                let (mut fast, mut slow) = (Vec::new(), Vec::new());
                let policy = crate::random::Policy::Builder;
                crate::testkit::check_random_play(&mut g, seed * 10 + i as u64, policy, 300, |g| {
                    for p in g.player_ids() {
                        fast.clear();
                        slow.clear();
                        fast_list(g, p, &mut fast);
                        scan(g, p, &mut slow);
                        assert_eq!(fast, slow, "{names:?} seed {seed} turn {}", g.turn());
                        listed += fast.len();
                    }
                });
            }
        }
        listed
    }

    /// In random games of the base game, Cities & Knights (knights block roads), Seafarers
    /// (ships carry buildings), Barbarian Attack (conquered hexes refuse roads) and Barbarian
    /// Attack with Cities & Knights, after every step the roads `push_roads` lists for each
    /// player are those a scan of every path finds, in path id order.
    #[test]
    fn the_roads_listed_are_those_a_scan_of_every_path_finds_after_every_step() {
        let sets: [&[&str]; 5] = [
            &[],
            &["cities-and-knights"],
            &["seafarers"],
            &["barbarian-attack"],
            &["cities-and-knights", "barbarian-attack"],
        ];
        let listed = listing_agrees_with_scan(&sets, Game::push_roads, Game::push_roads_by_scan);
        assert!(listed > 1000, "only {listed} roads listed");
    }

    /// In random games of the base game and Seafarers, after every step the development
    /// plays listed for each seat (Year of Plenty's pairs by the bank's stock, Monopoly asked
    /// once) are those `check_play_dev` accepts of every play of every card they hold, in
    /// the listing's order.
    #[test]
    fn the_development_plays_listed_are_those_check_play_dev_accepts() {
        use crate::cards::{DevCard, Resource};
        let sets: [&[&str]; 2] = [&[], &["seafarers"]];
        let mut plenty = 0;
        let listed = listing_agrees_with_scan(
            &sets,
            |g, p, out| {
                g.push_held_dev_plays(p, g.players[p.index()].dev_cards, out);
                plenty += out
                    .iter()
                    .filter(|a| matches!(a, Action::PlayYearOfPlenty { .. }))
                    .count();
            },
            |g, p, out| {
                let pairs = Resource::ALL.iter().flat_map(|&a| Resource::ALL.map(|b| [a, b]));
                let plays = [Action::PlayKnight { player: p }, Action::PlayRoadBuilding { player: p }]
                    .into_iter()
                    .chain(pairs.map(|take| Action::PlayYearOfPlenty { player: p, take }))
                    .chain(Resource::ALL.map(|resource| Action::PlayMonopoly { player: p, resource }));
                for a in plays {
                    let held = a
                        .dev_card()
                        .is_some_and(|c: DevCard| g.players[p.index()].dev_cards.get(c) > 0);
                    if held && g.check_play_dev(&a).is_ok() {
                        out.push(a);
                    }
                }
            },
        );
        assert!(
            plenty > 100,
            "only {plenty} Year of Plenty plays listed ({listed} plays)"
        );
    }

    /// In random games of every expansion, at every chance step the total weight and the
    /// outcome at every pick (past the total included) are those of the full list of
    /// outcomes laid end to end, whether found there or directly (the base game's two dice,
    /// Cities & Knights' three).
    #[test]
    fn chance_picks_are_those_of_the_listed_outcomes() {
        let sets = EVERY_EXPANSION;
        let mut rolls = 0;
        for (i, names) in sets.into_iter().enumerate() {
            let mut g = crate::testkit::named_rules_game(names, 3, 3);
            crate::testkit::check_random_play(&mut g, 40 + i as u64, crate::random::Policy::Uniform, 200, |g| {
                assert_eq!(g.base_dice_pending(), g.phase() == Phase::Rolling && !g.rules().ck());
                let outcomes = g.chance_outcomes();
                let total: u32 = outcomes.iter().map(|&(_, w)| w).sum();
                assert_eq!(g.outcome_total(), total, "{names:?}");
                if total == 0 {
                    return;
                }
                rolls += usize::from(matches!(outcomes[0].0, Outcome::Dice { .. }));
                let mut pick = 0;
                for &(o, w) in &outcomes {
                    for _ in 0..w {
                        assert_eq!(g.outcome_at(pick), Some(o), "{names:?} pick {pick}");
                        pick += 1;
                    }
                }
                assert_eq!(g.outcome_at(total), None, "{names:?}");
            });
        }
        assert!(rolls > 100, "only {rolls} rolls of the two dice met");
    }

    /// In random games of every expansion (the base game, The Court, Seafarers, Cities &
    /// Knights with its cities on their side, Barbarian Attack with and without it), after
    /// every step the cities `push_cities` lists for each seat, read from the kept
    /// intersections of their buildings, are those a scan of every intersection finds (its
    /// own settlements and cities on their side that `check_city` accepts), in intersection
    /// order; the kept set is complete at every step, so the scan is never the fallback.
    #[test]
    fn the_cities_listed_are_those_a_scan_of_every_intersection_finds() {
        let sets = EVERY_EXPANSION;
        let scan = |g: &Game, p: PlayerId, out: &mut Vec<Action>| {
            let st = &g.players[p.index()];
            assert!(st.buildings.complete(g.buildings_on_board(p)).is_some(), "{p:?}");
            for v in 0..g.sites.len() {
                let at = VertexId(v as u16);
                if g.sites[v].is_some_and(|s| s.owner == p && s.building != crate::state::Building::City)
                    && g.check_city(p, at).is_ok()
                {
                    out.push(Action::BuildCity { player: p, at });
                }
            }
        };
        let listed = listing_agrees_with_scan(&sets, Game::push_cities, scan);
        assert!(listed > 100, "only {listed} cities listed");
    }

    /// Random games' setups (base, Cities & Knights with its setup city, The Court with its
    /// soldiers, Barbarian Attack alone and with Cities & Knights, Seafarers on both maps with
    /// their home island, and Seafarers with Cities & Knights): at every setup settlement step
    /// the listed settlements and cities are exactly the intersections `check_settlement` and
    /// `check_city` accept, in intersection order; the listing read the board's land
    /// intersections and the seats' kept buildings (both known at every step), and the land
    /// bits are exactly the intersections on land.
    #[test]
    fn setup_settlements_listed_are_those_the_check_accepts() {
        let sea = Ruleset::with(ExpansionSet::of(&[Expansion::Seafarers]));
        let mut games = Vec::new();
        let base_sets: [&[Expansion]; 5] = [
            &[],
            &[Expansion::CitiesAndKnights],
            &[Expansion::TheCourt],
            &[Expansion::BarbarianAttack],
            &[Expansion::CitiesAndKnights, Expansion::BarbarianAttack],
        ];
        for set in base_sets {
            let rules = Ruleset::with(ExpansionSet::of(set));
            let board = Arc::new(rules.random_board(7, crate::board::TokenPlacement::Spiral));
            games.push(Game::new(rules, board, &Colour::ALL[..4], PlayerId(0)).expect("a game"));
        }
        let sea_ck = Ruleset::with(ExpansionSet::of(&[Expansion::Seafarers, Expansion::CitiesAndKnights]));
        for map in crate::SeaMap::ALL {
            for rules in [&sea, &sea_ck] {
                let board = Arc::new(crate::Board::seafarers(map, 4, 7).expect("a map"));
                games.push(Game::new(rules.clone(), board, &Colour::ALL[..4], PlayerId(0)).expect("a game"));
            }
        }
        let mut seen = 0;
        for (i, mut g) in games.into_iter().enumerate() {
            let mut rp = crate::random::RandomPlayer::new(i as u64);
            let mut buf = Vec::new();
            let land = g
                .board
                .topology
                .land_vertices()
                .copied()
                .expect("at most 512 intersections");
            for (v, info) in g.board.topology.vertices().iter().enumerate() {
                assert_eq!(land.contains(v), info.on_land, "game {i} intersection {v}");
            }
            while matches!(g.phase(), Phase::Setup { .. }) {
                if let Phase::Setup { road_from: None, .. } = g.phase() {
                    let p = g.current();
                    for q in g.player_ids() {
                        let kept = g.players[q.index()].buildings.complete(g.buildings_on_board(q));
                        assert!(kept.is_some(), "game {i} seat {q:?}");
                    }
                    g.legal_actions(&mut buf);
                    let listed = |city: bool| -> Vec<VertexId> {
                        buf.iter()
                            .filter_map(|a| match a {
                                Action::BuildSettlement { at, .. } if !city => Some(*at),
                                Action::BuildCity { at, .. } if city => Some(*at),
                                _ => None,
                            })
                            .collect()
                    };
                    let vertices = (0..g.sites.len() as u16).map(VertexId);
                    let settlements: Vec<VertexId> =
                        vertices.clone().filter(|&v| g.check_settlement(p, v).is_ok()).collect();
                    let cities: Vec<VertexId> = vertices.filter(|&v| g.check_city(p, v).is_ok()).collect();
                    assert_eq!(listed(false), settlements, "game {i}");
                    assert_eq!(listed(true), cities, "game {i}");
                    assert!(settlements.is_empty() || cities.is_empty(), "game {i}");
                    seen += 1;
                }
                let a = rp.choose(&g, crate::random::Policy::Uniform).expect("a setup action");
                g.apply(a).expect("a listed action");
            }
        }
        assert!(seen >= 72, "only {seen} setup settlement steps met");
    }
}
