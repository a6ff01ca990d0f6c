//! Playing progress cards (source `000_fee7e8147b67bbe6.txt` p. 10 and pp. 13–15; rulings
//! `ck-edge-cases` §2 items 3, 9–31 as restated in the catalog).
//!
//! Timing: Alchemy only before the roll; victory point cards are never played (they lie face
//! up from the moment they are drawn); every other card any time in your own action phase,
//! also the turn it was drawn, as many as you like. A played card goes face down under its
//! deck and counts as played even when it yields nothing; a card that cannot be played at all
//! (no legal target) is refused with its rule id. The choices the card gives its player are
//! part of the [`crate::progress::ProgressPlay`]; choices it gives other players are their own
//! actions afterwards. One module per deck: [`science`], [`trade`], [`politics`].

pub(crate) mod politics;
pub(crate) mod science;
pub(crate) mod trade;

use crate::error::{CkRule, RuleError};
use crate::event::Event;
use crate::ids::PlayerId;
use crate::pending::{CkPending, Pending};
use crate::progress::ProgressPlay;
use crate::state::Game;
use crate::CkAction;
use crate::CkEvent;

/// The progress cards played ([`CkEvent::ProgressPlayed`]) and victory point cards revealed
/// ([`CkEvent::VictoryCardRevealed`]) since the tally began, by
/// [`crate::progress::ProgressCard::index`]: the count random play reports for a game
/// ([`crate::random::GameSummary::cards_played`]), kept by the two writers of those events
/// ([`Game::discard_played_progress`], [`Game::receive_progress`]) so that the play loop does
/// not look through every step's events. `None` is "not counting" (a new game, a state just
/// read): it counts from the first [`ProgressTally::start`]. A history, not part of the game
/// ([`crate::kept::Kept`]: every two compare equal, never written out); the test
/// `progress_tally_counts_the_events_of_every_step` compares it with the events of random
/// games.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub(crate) struct ProgressTally(crate::kept::Kept<[u32; 25]>);

impl ProgressTally {
    /// Counts one more `card` played or revealed, when counting.
    #[inline]
    pub(crate) fn note(&mut self, card: crate::progress::ProgressCard) {
        if let Some(slot) = self.0.as_mut().and_then(|t| t.get_mut(card.index())) {
            *slot = slot.wrapping_add(1);
        }
    }

    /// The counts so far, counting from zero now when it was not counting.
    pub(crate) fn start(&mut self) -> [u32; 25] {
        *self.0.get_or_insert([0; 25])
    }
}

impl Game {
    pub(crate) fn check_play_progress(&self, player: PlayerId, play: &ProgressPlay) -> Result<(), RuleError> {
        self.check_progress_held(player, play.card())?;
        self.check_progress_effect(player, play)
    }

    /// A progress card's timing (Alchemy before the roll, the others in the action phase)
    /// and the card in its player's hand.
    pub(crate) fn check_progress_held(
        &self,
        player: PlayerId,
        card: crate::progress::ProgressCard,
    ) -> Result<(), RuleError> {
        let alchemy = card == crate::progress::ProgressCard::Alchemy;
        match (alchemy, self.in_before_roll(), self.in_main()) {
            (true, true, _) | (false, _, true) => {}
            (true, ..) => return Err(RuleError::Ck(CkRule::AlchemyBeforeRoll)),
            (false, ..) => return Err(RuleError::Ck(CkRule::ProgressActionPhase)),
        }
        if self.players[player.index()].ck.progress.get(card) == 0 {
            return Err(RuleError::Ck(CkRule::ProgressNotHeld));
        }
        Ok(())
    }

    fn check_progress_effect(&self, player: PlayerId, play: &ProgressPlay) -> Result<(), RuleError> {
        use ProgressPlay as P;
        // An expansion that changes the card decides (extension point "progress cards").
        if let Some(verdict) = self.check_progress_ext(player, play) {
            return verdict;
        }
        match *play {
            P::Alchemy { red, yellow } => self.check_alchemy(red, yellow),
            P::Crane { track } => self.check_improve_at(player, track, 1),
            P::Engineering { at } => self.check_wall_at(player, at, true),
            P::Invention { a, b } => self.check_invention(a, b),
            P::Irrigation | P::Mining => Ok(()),
            P::Medicine { at } => self.check_medicine(player, at),
            P::RoadBuilding => self.check_progress_road_building(player),
            P::Smithing { knights } => self.check_smithing(player, knights),
            P::CommercialHarbor => Ok(()),
            P::GuildDues { victim, cards } => self.check_guild_dues(player, victim, cards),
            P::Merchant { hex } => self.check_merchant(player, hex),
            P::MerchantFleet { .. } | P::ResourceMonopoly { .. } => Ok(()),
            P::TradeMonopoly { commodity } => self.check_trade_monopoly(commodity),
            P::Taxation => self.check_taxation(),
            P::Treason { victim } => self.check_treason(player, victim),
            P::Diplomacy { road } => self.check_diplomacy(road),
            P::Intrigue { knight } => self.check_intrigue(player, knight),
            P::Sabotage | P::Encouragement | P::Wedding => Ok(()),
            P::Espionage { victim, card } => self.check_espionage(player, victim, card),
        }
    }

    pub(crate) fn do_play_progress(&mut self, player: PlayerId, play: ProgressPlay, events: &mut Vec<Event>) {
        self.discard_played_progress(player, play.card(), events);
        if self.do_progress_ext(player, play, events) {
            return;
        }
        use ProgressPlay as P;
        match play {
            P::Alchemy { red, yellow } => self.do_alchemy(player, red, yellow, events),
            P::Crane { track } => self.do_improve_at(player, track, 1, events),
            P::Engineering { at } => self.do_wall_at(player, at, true, events),
            P::Invention { a, b } => self.do_invention(player, a, b, events),
            P::Irrigation => self.do_harvest(player, crate::board::Terrain::Fields, events),
            P::Mining => self.do_harvest(player, crate::board::Terrain::Mountains, events),
            P::Medicine { at } => self.do_medicine(player, at, events),
            P::RoadBuilding => self.continue_free_roads(player, 2),
            P::Smithing { knights } => self.do_smithing(player, knights, events),
            P::CommercialHarbor => self.ck.harbor = true,
            P::GuildDues { victim, cards } => self.take_cards(player, victim, cards, events),
            P::Merchant { hex } => self.do_merchant(player, hex, events),
            P::MerchantFleet { kind } => self.ck.fleet.insert(kind),
            P::ResourceMonopoly { resource } => self.do_monopoly_of(player, resource.card(), 2, events),
            P::TradeMonopoly { commodity } => self.do_monopoly_of(player, commodity, 1, events),
            P::Taxation => self.queue_next(Pending::ck(player, CkPending::TaxationRobber)),
            P::Treason { victim } => self.queue_next(Pending::ck(victim, CkPending::TreasonSurrender)),
            P::Diplomacy { road } => self.do_diplomacy(player, road, events),
            P::Intrigue { knight } => self.do_intrigue(player, knight, events),
            P::Sabotage => self.do_sabotage(player, events),
            P::Espionage { victim, card } => self.do_espionage(player, victim, card, events),
            P::Encouragement => self.do_encouragement(player, events),
            P::Wedding => self.do_wedding(player, events),
        }
    }

    /// A played card leaves the hand for the bottom of its deck.
    pub(crate) fn discard_played_progress(
        &mut self,
        player: PlayerId,
        card: crate::progress::ProgressCard,
        events: &mut Vec<Event>,
    ) {
        self.players[player.index()].ck.progress.remove(card, 1);
        self.ck.decks[card.track().index()].under.push(card);
        self.ck.tally.note(card);
        events.push(Event::Ck(CkEvent::ProgressPlayed { player, card }));
    }

    /// The progress cards played or revealed since the tally began
    /// ([`ProgressTally::start`]), by [`crate::progress::ProgressCard::index`]; begun now
    /// (from zero) when it was not yet counting.
    pub(crate) fn progress_tally(&mut self) -> [u32; 25] {
        self.ck.tally.start()
    }

    /// Moves `cards` from `from` to `to` (Guild Dues, Wedding).
    pub(crate) fn take_cards(
        &mut self,
        to: PlayerId,
        from: PlayerId,
        cards: crate::cards::Cards,
        events: &mut Vec<Event>,
    ) {
        self.players[from.index()].hand.remove_all(&cards);
        self.players[to.index()].hand.add_all(&cards);
        events.push(Event::Ck(CkEvent::CardsTaken {
            player: to,
            from,
            cards,
        }));
    }

    /// Turn-long effects end with the turn (Merchant Fleet, Commercial Harbor).
    pub(crate) fn end_progress_effects(&mut self) {
        self.ck.fleet = crate::kind_set::KindSet::EMPTY;
        self.ck.harbor = false;
        self.ck.harbor_done = 0;
    }
}

impl Game {
    /// Every legal progress-card play of `p` now (Alchemy before the roll, the others in the
    /// action phase), confirmed by [`Game::check_play_progress`]. The candidates of each
    /// card come from [`Game::card_candidates`].
    ///
    /// `check_play_progress` is the card's timing, the card in hand, then the play's own
    /// effect. The first two are the same for every candidate of one card, and the card is in
    /// `p`'s hand since the hand is what is iterated: they are tested once per card (a card
    /// whose moment it is not lists nothing, nor one whose every play an expansion refuses,
    /// [`Game::progress_refused_ext`]; both asked once per listing as sets of cards,
    /// [`Game::progress_card_sets_ext`]), and each candidate's effect is then checked
    /// as `apply` checks it, unless the card is one whose candidates all pass
    /// ([`Game::cards_listed_only_valid`]) and no expansion changes it
    /// ([`Game::progress_changed_ext`]); Invention's plays, which all pass whatever the
    /// expansions, are written out by [`Game::push_invention_plays`]. The test
    /// `progress_plays_equal_every_candidate_checked_after_every_step` compares the list with
    /// every candidate checked.
    ///
    /// A player without a progress card lists none: that is asked here, in line at the
    /// listing, and only a hand with cards is read by [`Game::push_held_progress_plays`].
    #[inline]
    pub(crate) fn push_progress_plays(&self, p: PlayerId, out: &mut Vec<crate::Action>) {
        if !self.players[p.index()].ck.progress.is_empty() {
            self.push_held_progress_plays(p, out);
        }
    }

    /// [`Game::push_progress_plays`] for a player holding at least one progress card.
    #[inline(never)]
    fn push_held_progress_plays(&self, p: PlayerId, out: &mut Vec<crate::Action>) {
        use crate::progress::ProgressCard;
        let hand = self.players[p.index()].ck.progress;
        let (before_roll, main) = (self.in_before_roll(), self.in_main());
        // Outside the action phase only Alchemy is played (before the roll): without it in
        // hand no card lists a play, and the hand is not read card by card.
        if !main && (!before_roll || hand.get(ProgressCard::Alchemy) == 0) {
            return;
        }
        // The cards whose moment it is, less those an expansion plays as its own action
        // (they list no play here), and the cards whose candidates are checked one by one:
        // sets by card index, asked once for the whole hand.
        let alchemy = 1u32 << ProgressCard::Alchemy.index();
        let now = if before_roll { alchemy } else { 0 } | if main { !alchemy } else { 0 };
        let (refused, changed) = self.progress_card_sets_ext();
        let listed = now & !refused;
        let checked_cards = !self.cards_listed_only_valid() | changed;
        for card in hand.held() {
            let bit = 1u32 << card.index();
            debug_assert_eq!(listed & bit != 0, {
                let now = if card == ProgressCard::Alchemy {
                    before_roll
                } else {
                    main
                };
                now && !self.progress_refused_ext(card)
            });
            if listed & bit == 0 {
                continue;
            }
            // Invention's plays all pass whatever the expansions ([`Game::invention_hexes`]),
            // and are written out in runs ([`Game::push_invention_plays`]).
            if card == ProgressCard::Invention {
                self.push_invention_plays(p, out);
                continue;
            }
            let checked = checked_cards & bit != 0;
            // Alchemy's 36 plays all pass unless an expansion changes the card: written out
            // in runs of one red die each, in the candidates' order.
            if card == ProgressCard::Alchemy && !checked {
                out.reserve(36);
                for red in 1..=6 {
                    out.extend((1..=6).map(|yellow| {
                        crate::Action::Ck(CkAction::PlayProgress {
                            player: p,
                            play: ProgressPlay::Alchemy { red, yellow },
                        })
                    }));
                }
                continue;
            }
            debug_assert_eq!(changed & bit != 0, self.progress_changed_ext(card));
            let mut push = |play: ProgressPlay| {
                debug_assert_eq!(play.card(), card);
                debug_assert!(checked || self.check_progress_effect(p, &play).is_ok());
                if !checked || self.check_progress_effect(p, &play).is_ok() {
                    out.push(crate::Action::Ck(CkAction::PlayProgress { player: p, play }));
                }
            };
            self.card_candidates(p, card, &mut push);
        }
    }

    /// The plays listed for `p` if every candidate were checked (the definition
    /// [`Game::push_progress_plays`] is tested against).
    #[cfg(test)]
    pub(crate) fn progress_plays_all_checked(&self, p: PlayerId) -> Vec<crate::Action> {
        let mut out = Vec::new();
        for card in self.players[p.index()].ck.progress.held() {
            let mut push = |play: ProgressPlay| {
                if self.check_play_progress(p, &play).is_ok() {
                    out.push(crate::Action::Ck(CkAction::PlayProgress { player: p, play }));
                }
            };
            self.card_candidates(p, card, &mut push);
        }
        out
    }

    /// Candidate plays of a progress card, of each of the three decks (the victory point
    /// cards, Printing and Constitution, are never played). One `match` over the card: the
    /// listing jumps once per card held, not once to the card's deck and again to the card.
    fn card_candidates(&self, p: PlayerId, card: crate::progress::ProgressCard, push: &mut impl FnMut(ProgressPlay)) {
        use crate::cards::{CardKind, Resource};
        use crate::progress::{ProgressCard as C, Track};
        use crate::state::Building;
        use ProgressPlay as P;
        match card {
            // Science.
            C::Alchemy => {
                for red in 1..=6 {
                    for yellow in 1..=6 {
                        push(P::Alchemy { red, yellow });
                    }
                }
            }
            C::Crane => {
                // Affordability first: the check asks for the discounted price in hand, and
                // is the dearer test (an expansion's refusal comes before it). Unless an
                // expansion has its say on Crane, the card's check is the improvement's at a
                // discount of one ([`Game::check_improve_at`]), asked here directly: only
                // plays that pass are given ([`Game::cards_listed_only_valid`]).
                let hand = self.players[p.index()].hand;
                let changed = self.progress_changed_ext(card);
                for track in Track::ALL {
                    if hand.contains(&self.improvement_cost_less(p, track, 1))
                        && (changed || self.check_improve_at(p, track, 1).is_ok())
                    {
                        push(P::Crane { track });
                    }
                }
            }
            C::Engineering if self.players[p.index()].ck.walls_left > 0 => {
                // A city without a wall: the card's every condition ([`Game::check_wall_at`]).
                for at in self.own_buildings(p, |b| b == Building::City) {
                    if !self.ck.walls.get(at.index()).copied().unwrap_or(true) {
                        push(P::Engineering { at });
                    }
                }
            }
            C::Invention => self.invention_candidates(push),
            C::Irrigation => push(P::Irrigation),
            C::Mining => push(P::Mining),
            C::Medicine if self.players[p.index()].hand.contains(&science::MEDICINE) => {
                for at in self.own_buildings(p, |b| b != Building::City) {
                    push(P::Medicine { at });
                }
            }
            C::RoadBuilding => push(P::RoadBuilding),
            C::Smithing => self.smithing_candidates(p, push),
            // Trade.
            C::CommercialHarbor => push(P::CommercialHarbor),
            C::GuildDues => self.guild_dues_candidates(p, push),
            C::Merchant => self.merchant_candidates(p, push),
            C::MerchantFleet => CardKind::ALL
                .into_iter()
                .for_each(|kind| push(P::MerchantFleet { kind })),
            C::ResourceMonopoly => Resource::ALL
                .into_iter()
                .for_each(|resource| push(P::ResourceMonopoly { resource })),
            C::TradeMonopoly => [CardKind::Paper, CardKind::Cloth, CardKind::Coin]
                .into_iter()
                .for_each(|commodity| push(P::TradeMonopoly { commodity })),
            // Politics.
            C::Taxation => push(P::Taxation),
            C::Treason => self.treason_candidates(p, push),
            C::Diplomacy => self.diplomacy_candidates(push),
            C::Intrigue => self.intrigue_candidates(p, push),
            C::Sabotage => push(P::Sabotage),
            C::Espionage => self.espionage_candidates(p, push),
            C::Encouragement => push(P::Encouragement),
            C::Wedding => push(P::Wedding),
            C::Engineering | C::Medicine | C::Printing | C::Constitution => {}
        }
    }

    /// Candidate plays of Treason. Unless an expansion has its say on Treason, a victim is
    /// another player with a knight on an intersection: one with every knight in their
    /// supply (piece counts, invariant `knights`) has none, and any other has one, so only
    /// plays that pass are given ([`Game::cards_listed_only_valid`]).
    fn treason_candidates(&self, p: PlayerId, push: &mut impl FnMut(ProgressPlay)) {
        let changed = self.progress_changed_ext(crate::progress::ProgressCard::Treason);
        for (v, st) in self.players.iter().enumerate() {
            let victim = PlayerId(v as u8);
            let left: u8 = st.ck.knights_left.iter().sum();
            if changed || (victim != p && left < 3 * crate::state::KNIGHTS_PER_LEVEL) {
                push(ProgressPlay::Treason { victim });
            }
        }
    }

    /// Candidate plays of Smithing: each of `p`'s knights alone and each pair of them in one
    /// order (the listed one, or the reverse when only the reverse works: the stronger
    /// knight first frees the piece). Unless an expansion has its say on Smithing, only plays
    /// that pass the card's Cities & Knights check ([`Game::check_smithing`]) are given
    /// ([`Game::cards_listed_only_valid`]); with an expansion's say the listing checks them.
    ///
    /// The check promotes the knights one after the other, each `p`'s own and promotable
    /// ([`Game::check_promotable_with`]: not mighty, not promoted this turn, strong only with
    /// the fortress, a free piece of the next strength). Every part but the free piece is the
    /// knight's own, so a knight failing it is in no play that passes and is left out first;
    /// for the others only the supply is followed: a free piece of the first knight's next
    /// strength, that piece exchanged for the knight's old one, then one for the second. A
    /// debug assertion and the test `progress_plays_equal_every_candidate_checked_after_every_step`
    /// compare this with the check.
    #[inline(never)]
    fn smithing_candidates(&self, p: PlayerId, push: &mut impl FnMut(ProgressPlay)) {
        use crate::ids::VertexId;
        use ProgressPlay as P;
        // `p`'s knights in intersection order (2 of each strength at most), with their
        // strength.
        let mut own = [(VertexId(0), 0u8); 8];
        let mut n = 0;
        for (v, k) in self.own_knights(p) {
            if n < own.len() {
                own[n] = (v, k.level);
                n += 1;
            }
        }
        let changed = self.progress_changed_ext(crate::progress::ProgressCard::Smithing);
        if !changed {
            let promotable = |v: VertexId| {
                self.ck.knights[v.index()].is_some_and(|k| self.check_promotable_with(p, k, [u8::MAX; 3]).is_ok())
            };
            let mut kept = 0;
            for i in 0..n {
                if promotable(own[i].0) {
                    own[kept] = own[i];
                    kept += 1;
                }
            }
            n = kept;
        }
        let supply = self.players[p.index()].ck.knights_left;
        // Promotable knights of strengths `first` then `second`: whether the supply has the
        // pieces (only asked without an expansion's say).
        let passes = |knights: [Option<VertexId>; 2], first: u8, second: Option<u8>| {
            let mut left = supply;
            let from = usize::from(first);
            let ok = left[from] > 0 && {
                left[from] -= 1;
                left[from - 1] += 1;
                second.is_none_or(|l| left[usize::from(l)] > 0)
            };
            debug_assert_eq!(ok, self.check_smithing(p, knights).is_ok());
            ok
        };
        for (i, &(a, la)) in own[..n].iter().enumerate() {
            if changed || passes([Some(a), None], la, None) {
                push(P::Smithing {
                    knights: [Some(a), None],
                });
            }
            for &(b, lb) in &own[i + 1..n] {
                let forward = [Some(a), Some(b)];
                let forward_ok = if changed {
                    self.check_play_progress(p, &P::Smithing { knights: forward }).is_ok()
                } else {
                    passes(forward, la, Some(lb))
                };
                if forward_ok {
                    push(P::Smithing { knights: forward });
                } else if changed || passes([Some(b), Some(a)], lb, Some(la)) {
                    push(P::Smithing {
                        knights: [Some(b), Some(a)],
                    });
                }
            }
        }
    }

    /// The hexes with one of `p`'s buildings at a corner: those kept with the seat's
    /// buildings when they are all noted ([`crate::rules::building_sites::BuildingSites`]),
    /// or else marked from the buildings' own hexes (the board's relation read the other
    /// way); `None` on a board with more hexes than the set holds, where each hex's corners
    /// are looked at instead.
    fn hexes_at_own_buildings(&self, p: PlayerId) -> Option<crate::id_set::IdSet<4>> {
        use crate::state::{CITIES_PER_PLAYER, SETTLEMENTS_PER_PLAYER};
        let st = &self.players[p.index()];
        let built = SETTLEMENTS_PER_PLAYER.saturating_sub(st.settlements_left)
            + CITIES_PER_PLAYER.saturating_sub(st.cities_left);
        if let Some(&kept) = st.buildings.complete_hexes(usize::from(built)) {
            return Some(kept);
        }
        let mut hexes = crate::id_set::IdSet::<4>::default();
        let topo = &self.board.topology;
        if topo.hexes().len() > 4 * 64 {
            return None;
        }
        for v in self.own_buildings(p, |_| true) {
            for h in topo.vertices()[v.index()].hexes.iter() {
                hexes.insert(h.index());
            }
        }
        Some(hexes)
    }
}

/// The candidates of the cards whose listing reads more of the game than a push or two, each
/// out of line (`#[inline(never)]`): inlined into the loop over the hand of
/// [`Game::push_progress_plays`], what each of them reads was read once before the loop at
/// every listing, whichever cards were held.
impl Game {
    /// The hexes whose tokens Invention may move, in hex order (at most 19 on the standard
    /// island; the first 64 on a larger board, as many as the listing ever gives): a token
    /// Cities & Knights lets move ([`Game::inventable`]) on a hex every expansion allows
    /// ([`Game::invention_hex_ext`]). Every ordered pair of two of them passes the card's
    /// check: Cities & Knights asks for two different such hexes
    /// ([`Game::check_invention`]), and an expansion that changes the card passes two
    /// different hexes it allows whose tokens Cities & Knights lets move (the contract of
    /// [`crate::rules::extensions::ExpansionRules::invention_hex`]; Barbarian Attack with
    /// Cities & Knights asks for two inner hexes with black numbers, `BARB.CK.INVENTION`).
    fn invention_hexes(&self) -> ([crate::ids::HexId; 64], usize) {
        use crate::ids::HexId;
        let mut eligible = [HexId(0); 64];
        let mut k = 0;
        for h in 0..self.tokens.len().min(u16::MAX as usize) as u16 {
            if k < eligible.len() && self.inventable(HexId(h)) && self.invention_hex_ext(HexId(h)) {
                eligible[k] = HexId(h);
                k += 1;
            }
        }
        (eligible, k)
    }

    /// Candidate plays of Invention: every ordered pair of two hexes whose tokens may move
    /// ([`Game::invention_hexes`]). The swap is symmetric, and `apply` takes the two hexes in
    /// either order, so both orders are listed.
    #[inline(never)]
    fn invention_candidates(&self, push: &mut impl FnMut(ProgressPlay)) {
        let (eligible, k) = self.invention_hexes();
        for i in 0..k {
            for j in 0..k {
                if i != j {
                    push(ProgressPlay::Invention {
                        a: eligible[i],
                        b: eligible[j],
                    });
                }
            }
        }
    }

    /// `p`'s Invention plays, the candidates of [`Game::invention_candidates`] in the same
    /// order, none checked (all pass, [`Game::invention_hexes`]): for each first hex, the
    /// second hexes before it then after it, each run written out at once (hundreds of plays
    /// on a Seafarers map).
    #[inline(never)]
    fn push_invention_plays(&self, p: PlayerId, out: &mut Vec<crate::Action>) {
        let (eligible, k) = self.invention_hexes();
        let eligible = &eligible[..k];
        let start = out.len();
        let play = |a, b| {
            crate::Action::Ck(CkAction::PlayProgress {
                player: p,
                play: ProgressPlay::Invention { a, b },
            })
        };
        out.reserve(k * k.saturating_sub(1));
        for (i, &a) in eligible.iter().enumerate() {
            out.extend(eligible[..i].iter().map(|&b| play(a, b)));
            out.extend(eligible[i + 1..].iter().map(|&b| play(a, b)));
        }
        debug_assert!(out[start..].iter().all(|a| match a {
            crate::Action::Ck(CkAction::PlayProgress { play, .. }) => self.check_play_progress(p, play).is_ok(),
            _ => false,
        }));
    }

    /// Candidate plays of Guild Dues: each richer opponent and two of their cards (all when
    /// they hold fewer).
    #[inline(never)]
    fn guild_dues_candidates(&self, p: PlayerId, push: &mut impl FnMut(ProgressPlay)) {
        use crate::cards::CardKind;
        use ProgressPlay as P;
        let n = self.players.len() as u8;
        // `p`'s points are counted once, then compared with each opponent's: first
        // with the kept bound on them ([`crate::rules::victory::VpBounds`], never
        // below the points without the titles), so an opponent the bound and the
        // titles keep at or below `p` is passed over without a count.
        let mine = self.total_vp(p);
        for v in 0..n {
            let victim = PlayerId(v);
            let bounded = self
                .vp_bounds
                .get(victim)
                .is_some_and(|b| b.saturating_add(self.title_vp(victim)) <= mine);
            if victim == p || bounded || self.total_vp(victim) <= mine {
                continue;
            }
            let vh = self.players[v as usize].hand;
            if vh.total() <= 2 {
                push(P::GuildDues { victim, cards: vh });
                continue;
            }
            // Every pair of kinds (in kind order) the victim holds: a kind once
            // next to another, twice on its own. Kinds not held are skipped whole.
            for (i, x) in CardKind::ALL.into_iter().enumerate() {
                let nx = vh.get(x);
                if nx == 0 {
                    continue;
                }
                if nx >= 2 {
                    push(P::GuildDues {
                        victim,
                        cards: crate::cards::Cards::of(&[(x, 2)]),
                    });
                }
                for y in CardKind::ALL.into_iter().skip(i + 1) {
                    if vh.get(y) > 0 {
                        push(P::GuildDues {
                            victim,
                            cards: crate::cards::Cards::of(&[(x, 1), (y, 1)]),
                        });
                    }
                }
            }
        }
    }

    /// Candidate plays of the Merchant: the hexes next to one of `p`'s buildings.
    #[inline(never)]
    fn merchant_candidates(&self, p: PlayerId, push: &mut impl FnMut(ProgressPlay)) {
        use crate::ids::HexId;
        use ProgressPlay as P;
        match self.hexes_at_own_buildings(p) {
            // The Merchant stands on land only, where an expansion lets it (conditions of
            // its check, the cheap ones).
            Some(hexes) => hexes
                .iter()
                .filter(|&h| self.board.terrain[h].is_land() && self.check_merchant_hex_ext(HexId(h as u16)).is_ok())
                .for_each(|h| push(P::Merchant { hex: HexId(h as u16) })),
            None => {
                for (h, hex) in self.board.topology.hexes().iter().enumerate() {
                    let next_to_own = hex
                        .corners
                        .iter()
                        .any(|v| self.sites[v.index()].is_some_and(|s| s.owner == p));
                    if next_to_own
                        && self.board.terrain[h].is_land()
                        && self.check_merchant_hex_ext(HexId(h as u16)).is_ok()
                    {
                        push(P::Merchant { hex: HexId(h as u16) });
                    }
                }
            }
        }
    }

    /// Candidate plays of Diplomacy: the open roads and ships.
    #[inline(never)]
    fn diplomacy_candidates(&self, push: &mut impl FnMut(ProgressPlay)) {
        use crate::ids::EdgeId;
        use ProgressPlay as P;
        match self.open_route_pieces() {
            // The open roads and ships (Seafarers), in path order.
            Some(open) => open.for_each_member(|e| push(P::Diplomacy { road: EdgeId(e as u16) })),
            None => {
                let mut pieces = crate::id_set::IdSet::<16>::default();
                for (i, st) in self.players.iter().enumerate() {
                    for &e in st.roads.iter().chain(self.route_ships_ext(PlayerId(i as u8))) {
                        pieces.insert(e.index());
                    }
                }
                for e in pieces.iter() {
                    if self.road_is_open(EdgeId(e as u16)) {
                        push(P::Diplomacy { road: EdgeId(e as u16) });
                    }
                }
            }
        }
    }

    /// Candidate plays of Intrigue: the opposing knights `p`'s roads and ships touch.
    #[inline(never)]
    fn intrigue_candidates(&self, p: PlayerId, push: &mut impl FnMut(ProgressPlay)) {
        use ProgressPlay as P;
        // Opposing knights on an end of one of `p`'s roads or ships (no other may be
        // displaced), in intersection order: the intersections known to hold a knight
        // ([`super::knights::KnightSites`]), each opposing one tested at its own paths (a few
        // knights: fewer reads than marking the ends of all of `p`'s pieces), or else the
        // opponents' knights each tested at the ends marked from `p`'s pieces.
        match self.ck.sites.known() {
            Some(knights) => knights.for_each_member(|v| {
                let knight = crate::ids::VertexId(v as u16);
                if self.ck.knights[v].is_some_and(|k| k.owner != p) && self.touches_route_piece(p, knight) {
                    push(P::Intrigue { knight });
                }
            }),
            None => {
                let touched = self.route_vertices(p);
                for (knight, _) in self.knights_of(|q| q != p) {
                    if touched.touches(self, p, knight) {
                        push(P::Intrigue { knight });
                    }
                }
            }
        }
    }

    /// Candidate plays of Espionage: another player, and a card they hold (or none).
    #[inline(never)]
    fn espionage_candidates(&self, p: PlayerId, push: &mut impl FnMut(ProgressPlay)) {
        use ProgressPlay as P;
        let n = self.players.len() as u8;
        // Another player, and a card they hold (or none).
        for v in (0..n).filter(|&v| v != p.0) {
            let victim = PlayerId(v);
            push(P::Espionage { victim, card: None });
            for c in self.players[v as usize].ck.progress.held() {
                push(P::Espionage { victim, card: Some(c) });
            }
        }
    }
}

impl Game {
    /// Cards whose candidates ([`Game::push_progress_plays`]) all pass the Cities & Knights
    /// check of their effect: Alchemy's dice are 1 to 6, Invention's two hexes are different
    /// ones whose tokens may move, Guild Dues names only richer opponents and exactly two of
    /// their cards (all when they hold fewer), Diplomacy only open roads, Intrigue only
    /// opposing knights touching the player's roads, Trade Monopoly only commodities,
    /// Espionage only other players and cards they hold, the Merchant (under
    /// `merchant-next-to settlements-or-cities`) only land hexes an expansion allows next to
    /// one of the player's buildings, Smithing only plays its own check passed
    /// ([`Game::smithing_candidates`]), Crane only tracks whose improvement at a discount
    /// passes its check ([`Game::check_improve_at`], asked by the listing), Treason only
    /// other players with a knight out of their supply (so on an intersection), and the
    /// other cards here have no condition to their effect; Engineering only the player's own
    /// cities without a wall (the listing asks for a wall left). A set by
    /// [`crate::progress::ProgressCard::index`].
    fn cards_listed_only_valid(&self) -> u32 {
        use crate::progress::ProgressCard as C;
        const SET: u32 = {
            let mut set = 0u32;
            let mut i = 0;
            while i < C::ALL.len() {
                if Game::lists_only_valid_plays(C::ALL[i]) {
                    set |= 1 << i;
                }
                i += 1;
            }
            set
        };
        let merchant = self.rules.ck.merchant_next_to == crate::ruleset::MerchantNextTo::SettlementsOrCities;
        if merchant {
            SET
        } else {
            SET & !(1 << C::Merchant as u32)
        }
    }

    /// Whether `card` is one of [`Game::cards_listed_only_valid`] (the Merchant under its
    /// rule only).
    const fn lists_only_valid_plays(card: crate::progress::ProgressCard) -> bool {
        use crate::progress::ProgressCard as C;
        matches!(
            card,
            C::Alchemy
                | C::Invention
                | C::GuildDues
                | C::Diplomacy
                | C::Intrigue
                | C::Irrigation
                | C::Mining
                | C::CommercialHarbor
                | C::MerchantFleet
                | C::ResourceMonopoly
                | C::TradeMonopoly
                | C::Espionage
                | C::Sabotage
                | C::Encouragement
                | C::Wedding
                | C::Smithing
                | C::Crane
                | C::Treason
                | C::Engineering
                | C::Merchant
        )
    }
}

#[cfg(test)]
mod tests {
    use crate::ids::PlayerId;
    use crate::ruleset::Expansion;
    use crate::state::Game;
    use crate::SeaMap;

    /// Random games of every Cities & Knights ruleset: after every step, each player's
    /// listed progress-card plays (some candidates not checked one by one, buildings and
    /// knights found by a scan that stops early) are exactly the candidates of the cards in
    /// hand that pass `check_play_progress`, in the same order.
    #[test]
    fn progress_plays_equal_every_candidate_checked_after_every_step() {
        use Expansion::{BarbarianAttack, CitiesAndKnights, TheCourt};
        let sets: [&[Expansion]; 3] = [
            &[CitiesAndKnights],
            &[CitiesAndKnights, BarbarianAttack],
            &[CitiesAndKnights, TheCourt],
        ];
        let games = crate::testkit::ck_games(4, &sets, &SeaMap::ALL);
        let mut listed = 0usize;
        for (mut g, seed) in games {
            let mut rp = crate::random::RandomPlayer::new(seed);
            while g.winner().is_none() && g.turn() <= 300 {
                for p in g.player_ids() {
                    let mut fast = Vec::new();
                    g.push_progress_plays(p, &mut fast);
                    assert_eq!(fast, g.progress_plays_all_checked(p), "seed {seed} {p:?}");
                    listed += fast.len();
                    assert_scans_stop_after_the_last(&g, p);
                    assert_smithing_tries_every_knight(&g, p, &fast);
                    assert_unchecked_cards_list_every_play(&g, p, &fast);
                }
                let Some(a) = rp.choose(&g, crate::random::Policy::Uniform) else {
                    break;
                };
                g.apply(a).expect("a listed action");
            }
        }
        assert!(listed > 0, "some plays were listed");
    }

    /// Random games of every Cities & Knights ruleset (with Seafarers on each map): after
    /// every step the kept tally ([`super::ProgressTally`]) has grown by exactly the
    /// progress cards played and revealed in that step's events, and random play's summary
    /// counts the cards of the game's events; a game read back is not counting until begun.
    #[test]
    fn progress_tally_counts_the_events_of_every_step() {
        use crate::event::Event;
        use crate::CkEvent;
        use Expansion::{BarbarianAttack, CitiesAndKnights, TheCourt};
        let sets: [&[Expansion]; 3] = [
            &[CitiesAndKnights],
            &[CitiesAndKnights, BarbarianAttack],
            &[CitiesAndKnights, TheCourt],
        ];
        let mut counted = 0u32;
        for (g, seed) in crate::testkit::ck_games(3, &sets, &SeaMap::ALL) {
            let (mut fresh, mut stepped) = (g.clone(), g);
            assert_eq!(*stepped.ck.tally.0, None, "a new game is not counting");
            let mut total = [0u32; 25];
            let mut before = stepped.progress_tally();
            assert_eq!(before, [0; 25]);
            let mut rp = crate::random::RandomPlayer::new(seed);
            let mut events = Vec::new();
            while stepped.winner().is_none() && stepped.turn() <= 1000 {
                let Some(a) = rp.choose(&stepped, crate::random::Policy::Uniform) else {
                    break;
                };
                events.clear();
                stepped.apply_into(a, &mut events).expect("a listed action");
                let mut seen = before;
                for e in &events {
                    if let Event::Ck(CkEvent::ProgressPlayed { card, .. } | CkEvent::VictoryCardRevealed { card, .. }) =
                        e
                    {
                        seen[card.index()] += 1;
                        total[card.index()] += 1;
                    }
                }
                let after = stepped.progress_tally();
                assert_eq!(after, seen, "seed {seed} after {a:?}");
                before = after;
            }
            counted += total.iter().sum::<u32>();
            let cfg = crate::random::PlayConfig {
                check_invariants: false,
                ..Default::default()
            };
            let summary = crate::random::RandomPlayer::new(seed)
                .play(&mut fresh, &cfg, None)
                .expect("a game");
            assert_eq!(summary.cards_played, total, "seed {seed}");
            let read: Game = serde_json::from_str(&serde_json::to_string(&fresh).expect("json")).expect("a game");
            assert_eq!(*read.ck.tally.0, None, "a game read back is not counting");
        }
        assert!(counted > 100, "cards were played: {counted}");
    }

    /// The Merchant, Espionage, Trade Monopoly, Invention, Diplomacy, Intrigue and Engineering
    /// plays listed without a check of each (or from hexes an expansion's check allows) are
    /// those found by checking every hex, every player with every card, every card kind, every
    /// pair of hexes, every path and every intersection (knights, then walls).
    fn assert_unchecked_cards_list_every_play(g: &Game, p: PlayerId, listed: &[crate::Action]) {
        use crate::progress::{ProgressCard as C, ProgressPlay as P};
        let of = |card: C| -> Vec<P> {
            listed
                .iter()
                .filter_map(|a| match a {
                    crate::Action::Ck(crate::CkAction::PlayProgress { play, .. }) if play.card() == card => Some(*play),
                    _ => None,
                })
                .collect()
        };
        let held = |card: C| g.players[p.index()].ck.progress.get(card) > 0 && g.in_main();
        let ok = |play: &P| g.check_play_progress(p, play).is_ok();
        let hexes = (0..g.board.topology.hex_count() as u16).map(|h| P::Merchant {
            hex: crate::ids::HexId(h),
        });
        let all: Vec<P> = hexes.filter(|play| held(C::Merchant) && ok(play)).collect();
        assert_eq!(of(C::Merchant), all, "{p:?}");
        let mut all = Vec::new();
        for victim in g.player_ids() {
            for card in std::iter::once(None).chain(C::ALL.into_iter().map(Some)) {
                let play = P::Espionage { victim, card };
                if held(C::Espionage) && ok(&play) {
                    all.push(play);
                }
            }
        }
        assert_eq!(of(C::Espionage), all, "{p:?}");
        let kinds = crate::cards::CardKind::ALL
            .into_iter()
            .map(|commodity| P::TradeMonopoly { commodity });
        let all: Vec<P> = kinds.filter(|play| held(C::TradeMonopoly) && ok(play)).collect();
        assert_eq!(of(C::TradeMonopoly), all, "{p:?}");
        let mut all = Vec::new();
        let n = g.board.topology.hex_count() as u16;
        for a in (0..n).map(crate::ids::HexId) {
            for b in (0..n).map(crate::ids::HexId) {
                let play = P::Invention { a, b };
                if held(C::Invention) && !g.progress_refused_ext(C::Invention) && ok(&play) {
                    all.push(play);
                }
            }
        }
        assert_eq!(of(C::Invention), all, "{p:?}");
        let paths = (0..g.board.topology.edge_count() as u16).map(|e| P::Diplomacy {
            road: crate::ids::EdgeId(e),
        });
        let all: Vec<P> = paths.filter(|play| held(C::Diplomacy) && ok(play)).collect();
        assert_eq!(of(C::Diplomacy), all, "{p:?}");
        let knights = (0..g.sites.len() as u16).map(|v| P::Intrigue {
            knight: crate::ids::VertexId(v),
        });
        let all: Vec<P> = knights
            .filter(|play| held(C::Intrigue) && !g.progress_refused_ext(C::Intrigue) && ok(play))
            .collect();
        assert_eq!(of(C::Intrigue), all, "{p:?}");
        let sites = (0..g.sites.len() as u16).map(|v| P::Engineering {
            at: crate::ids::VertexId(v),
        });
        let all: Vec<P> = sites.filter(|play| held(C::Engineering) && ok(play)).collect();
        assert_eq!(of(C::Engineering), all, "{p:?}");
    }

    /// The Smithing plays listed (knights no supply would let be promoted left out) are those
    /// found by checking every knight of `p` alone and every pair of them, in intersection
    /// order, a pair in its listed order or else the reverse.
    fn assert_smithing_tries_every_knight(g: &Game, p: PlayerId, listed: &[crate::Action]) {
        use crate::progress::ProgressPlay as P;
        let smithing = |play: &P| matches!(play, P::Smithing { .. });
        let listed: Vec<P> = listed
            .iter()
            .filter_map(|a| match a {
                crate::Action::Ck(crate::CkAction::PlayProgress { play, .. }) if smithing(play) => Some(*play),
                _ => None,
            })
            .collect();
        let ok = |knights| g.check_play_progress(p, &P::Smithing { knights }).is_ok();
        let own: Vec<_> = g.knights().filter(|(_, k)| k.owner == p).map(|(v, _)| v).collect();
        let mut all = Vec::new();
        for (i, &a) in own.iter().enumerate() {
            if ok([Some(a), None]) {
                all.push(P::Smithing {
                    knights: [Some(a), None],
                });
            }
            for &b in &own[i + 1..] {
                if ok([Some(a), Some(b)]) {
                    all.push(P::Smithing {
                        knights: [Some(a), Some(b)],
                    });
                } else if ok([Some(b), Some(a)]) {
                    all.push(P::Smithing {
                        knights: [Some(b), Some(a)],
                    });
                }
            }
        }
        assert_eq!(listed, all, "{p:?}");
    }

    /// The scans that stop early ([`Game::own_buildings`], [`Game::knights_of`]) find what a
    /// scan of every intersection finds.
    fn assert_scans_stop_after_the_last(g: &Game, p: PlayerId) {
        use crate::state::Building;
        let kinds: [fn(Building) -> bool; 3] = [|b| b == Building::City, |b| b != Building::City, |_| true];
        for wanted in kinds {
            let all: Vec<_> = (0..g.sites.len())
                .filter(|&v| g.sites[v].is_some_and(|s| s.owner == p && wanted(s.building)))
                .map(|v| crate::ids::VertexId(v as u16))
                .collect();
            assert_eq!(g.own_buildings(p, wanted).collect::<Vec<_>>(), all, "{p:?}");
        }
        let own: Vec<_> = g.knights().filter(|(_, k)| k.owner == p).collect();
        assert_eq!(g.knights_of(|q| q == p).collect::<Vec<_>>(), own, "{p:?}");
        assert_eq!(g.own_knights(p).collect::<Vec<_>>(), own, "{p:?}");
        let others: Vec<_> = g.knights().filter(|(_, k)| k.owner != p).collect();
        assert_eq!(g.knights_of(|q| q != p).collect::<Vec<_>>(), others, "{p:?}");
        let at_own = crate::testkit::hexes_at_buildings_by_scan(g, p);
        let marked = g.hexes_at_own_buildings(p).expect("a board within the set");
        assert_eq!(marked.iter().collect::<Vec<_>>(), at_own, "{p:?}");
    }
}
