//! The production roll (source `base-rules` §4 "Production").
//!
//! Every hex whose token equals the dice total produces: 1 card per adjacent settlement and
//! 2 per adjacent city. The robber's hex and the desert produce nothing. Bank shortage: a
//! resource the bank cannot pay to everybody owed it is paid to nobody; if exactly one
//! player is owed it, that player takes what is left (option `shortage`, see
//! [`crate::ruleset::ShortageRule`]). A 7 produces nothing and starts the robber sequence.

use crate::board::Terrain;
use crate::cards::CardKind;
use crate::event::Event;
use crate::ids::{HexId, VertexId, MAX_PLAYERS};
use crate::pending::{BasePending, Pending};
use crate::ruleset::ShortageRule;
use crate::state::{Building, Game};
use crate::CkEvent;
use serde::{Deserialize, Serialize};

/// The hexes carrying each number token, kept with [`Game::tokens`] (the tokens move only
/// when a game starts or a position is declared, when Invention swaps two and when Barbarian
/// Attack's conquest turns one face down): a production roll visits the hexes of its total
/// instead of every hex. A token above 12 matches no dice total and is left out. The
/// invariants compare it with a fresh count of the tokens.
#[derive(PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
pub(crate) struct NumberedHexes {
    /// Hexes ordered by their token, in hex order within one number.
    hexes: Vec<HexId>,
    /// Where each number's hexes start in `hexes`: number `n`'s are `start[n]..start[n + 1]`.
    start: [u16; 14],
    /// The built-on corners of each number's hexes, listed when that number is rolled.
    #[serde(skip)]
    paying: PayingCorners,
}

/// A built-on corner of a numbered hex, with what that hex pays a building there (one card
/// kind per byte, as [`Game::produce`] counts): the building standing there is read when
/// the number is rolled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct PayingCorner {
    vertex: VertexId,
    hex: HexId,
    settlement: u64,
    city: u64,
}

impl PayingCorner {
    /// What room not yet listed into holds.
    const UNUSED: PayingCorner = PayingCorner {
        vertex: VertexId(0),
        hex: HexId(0),
        settlement: 0,
        city: 0,
    };
}

/// For each number, the corners of its hexes that held a building when it was last rolled,
/// in hex then corner order, and which numbers' lists are current.
///
/// Buildings are never taken off the board (a pillaged city stays a settlement or a city on
/// its side, source `000_fee7e8147b67bbe6.txt` p. 11; Barbarian Attack's conquest leaves it
/// standing; a declared position is a new game), and a building put on an empty
/// intersection ([`Game::paying_corner_built`]) changes the corners of the (at most three)
/// hexes it touches alone: a number's built-on corners stay the same until a building goes
/// up at a corner of one of its hexes or its hexes change, and a roll reads only those
/// instead of every corner of its hexes. A city built or pillaged changes the building at a
/// listed corner, which is read at the roll. Not part of the game (every two compare
/// equal); a test compares the lists with a scan of the board after every step of random
/// games.
#[derive(Debug, Default)]
struct PayingCorners {
    /// Number `n`'s corners in `from[n]..`, `len[n]` of them.
    corners: Vec<PayingCorner>,
    /// Where each number's room starts in `corners`: number `n`'s is `from[n]..from[n + 1]`,
    /// six corners for each hex it had when laid out ([`NumberedHexes::lay_out_paying`]).
    /// A hex leaving a number (Barbarian Attack's conquest) leaves the room, so a token
    /// turned face down and up again moves no corner.
    from: [u16; 14],
    len: [u16; 13],
    /// Bit `n` set when number `n`'s list is current: made since its hexes last changed and
    /// since a building last went up at a corner of one of them.
    fresh: u16,
    /// Bit `n` set when, as last listed, one of number `n`'s hexes is a Seafarers gold field
    /// with a building at a corner (rule `SEA.GOLD.CHOICE`): most rolls owe no gold choice,
    /// and [`Game::queue_gold`] answers them from this bit alone.
    gold: u16,
}

impl PartialEq for PayingCorners {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl Eq for PayingCorners {}

/// A copy keeps the room the original has, so [`NumberedHexes::retoken`] on a copied game
/// (a hex's token turned face up again) does not allocate either.
impl Clone for NumberedHexes {
    fn clone(&self) -> Self {
        let mut hexes = Vec::with_capacity(self.hexes.capacity());
        hexes.extend_from_slice(&self.hexes);
        let mut corners = Vec::with_capacity(self.paying.corners.capacity());
        corners.extend_from_slice(&self.paying.corners);
        NumberedHexes {
            hexes,
            start: self.start,
            paying: PayingCorners {
                corners,
                from: self.paying.from,
                len: self.paying.len,
                fresh: self.paying.fresh,
                gold: self.paying.gold,
            },
        }
    }
}

impl NumberedHexes {
    /// The index of `tokens` (by hex).
    pub(crate) fn of(tokens: &[Option<u8>]) -> NumberedHexes {
        let mut index = NumberedHexes {
            hexes: Vec::with_capacity(tokens.len()),
            start: [0; 14],
            paying: PayingCorners {
                corners: Vec::with_capacity(6 * tokens.len()),
                ..PayingCorners::default()
            },
        };
        index.rebuild(tokens);
        index
    }

    /// Counts `tokens` again in place (no allocation once the list has held every token).
    pub(crate) fn rebuild(&mut self, tokens: &[Option<u8>]) {
        let mut start = [0u16; 14];
        for &t in tokens.iter().flatten().filter(|&&t| t <= 12) {
            start[usize::from(t) + 1] += 1;
        }
        for n in 1..start.len() {
            start[n] += start[n - 1];
        }
        // As many hexes of each number as before (Invention's swap): the numbers whose hexes
        // changed are forgotten alone.
        let same_counts = start == self.start && self.hexes.len() == usize::from(start[13]);
        if !same_counts {
            self.start = start;
            self.hexes.clear();
            self.hexes.resize(usize::from(start[13]), HexId(0));
        }
        let mut changed = 0u16;
        let mut next = start;
        for (i, &t) in tokens.iter().enumerate() {
            if let Some(t) = t.filter(|&t| t <= 12) {
                let slot = &mut self.hexes[usize::from(next[usize::from(t)])];
                if *slot != HexId(i as u16) {
                    *slot = HexId(i as u16);
                    changed |= 1 << t;
                }
                next[usize::from(t)] += 1;
            }
        }
        if same_counts {
            self.paying.fresh &= !changed;
        } else {
            self.lay_out_paying();
        }
    }

    /// Every number's built-on corners are listed again at its next roll, in room for six
    /// corners for each of its hexes (never more than the board's hexes: no allocation).
    fn lay_out_paying(&mut self) {
        let p = &mut self.paying;
        p.fresh = 0;
        for (from, &start) in p.from.iter_mut().zip(self.start.iter()) {
            *from = 6 * start;
        }
        p.corners.resize(6 * self.hexes.len(), PayingCorner::UNUSED);
    }

    /// Whether number `n`'s room holds six corners for each of its hexes.
    fn paying_room_fits(&self, n: usize) -> bool {
        let hexes = self.start[n + 1] - self.start[n];
        let room = self.paying.from[n + 1].saturating_sub(self.paying.from[n]);
        6 * hexes <= room && usize::from(self.paying.from[13]) <= self.paying.corners.len()
    }

    /// Hex `hex`'s token changed from `old` to `new`: the hex leaves its old number's hexes
    /// and joins the new one's in hex order, the numbers after each moving their start (no
    /// allocation: the list never holds more hexes than the board has). Only the two numbers'
    /// built-on corners are forgotten, in their room when it fits.
    pub(crate) fn retoken(&mut self, hex: HexId, old: Option<u8>, new: Option<u8>) {
        if let Some(n) = old.filter(|&t| t <= 12).map(usize::from) {
            let range = usize::from(self.start[n])..usize::from(self.start[n + 1]);
            if let Some(at) = self.hexes[range.clone()].iter().position(|&h| h == hex) {
                let i = range.start + at;
                self.hexes.remove(i);
                self.start[n + 1..].iter_mut().for_each(|s| *s -= 1);
                self.paying.fresh &= !(1 << n);
            }
        }
        if let Some(n) = new.filter(|&t| t <= 12).map(usize::from) {
            let range = usize::from(self.start[n])..usize::from(self.start[n + 1]);
            let at = range.start + self.hexes[range].iter().take_while(|&&h| h < hex).count();
            self.hexes.insert(at, hex);
            self.start[n + 1..].iter_mut().for_each(|s| *s += 1);
            self.paying.fresh &= !(1 << n);
            if !self.paying_room_fits(n) {
                self.lay_out_paying();
            }
        }
    }

    /// The built-on corners of the hexes whose token is `total` as last listed
    /// ([`Game::refresh_paying_corners`] brings them up to date).
    #[inline]
    fn paying_corners(&self, total: u8) -> &[PayingCorner] {
        let n = usize::from(total);
        if n > 12 {
            return &[];
        }
        let from = usize::from(self.paying.from[n]);
        let len = usize::from(self.paying.len[n]);
        self.paying.corners.get(from..from + len).unwrap_or(&[])
    }

    /// The hexes whose token is `total`, in hex order.
    #[inline]
    pub(crate) fn with(&self, total: u8) -> &[HexId] {
        let n = usize::from(total);
        if n > 12 {
            return &[];
        }
        &self.hexes[usize::from(self.start[n])..usize::from(self.start[n + 1])]
    }
}

/// One card of kind `card` in [`Game::produce`]'s count of what a seat is owed (byte
/// [`CardKind::index`] of a word).
#[inline]
fn kind_unit(card: CardKind) -> u64 {
    1 << (8 * card.index())
}

/// Bit 0 of each byte of `x` set when that byte is non-zero, the other bits clear (a byte's
/// low seven bits plus 0x7f reach its high bit exactly when they are not all zero).
#[inline]
fn nonzero_bytes(x: u64) -> u64 {
    // A seat's flag moved up by its index stays within its byte.
    const _: () = assert!(MAX_PLAYERS <= 8);
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    ((((x & LOW7).wrapping_add(LOW7)) | x) & !LOW7) >> 7
}

impl Game {
    /// Puts the number tokens by hex (Invention's swap, a conquest's turned token, a
    /// declared position), keeping [`NumberedHexes`].
    pub(crate) fn set_tokens_with(&mut self, change: impl FnOnce(&mut Vec<Option<u8>>)) {
        change(&mut self.tokens);
        self.numbered.rebuild(&self.tokens);
    }

    /// Puts `token` on hex `h` (Barbarian Attack's conquest turning one face down or up),
    /// moving that hex alone in [`NumberedHexes`] (the invariants count the tokens again).
    pub(crate) fn set_token(&mut self, h: HexId, token: Option<u8>) {
        let Some(slot) = self.tokens.get_mut(h.index()) else {
            return;
        };
        let old = std::mem::replace(slot, token);
        self.numbered.retoken(h, old, token);
    }

    /// A building was put on the empty intersection `at` (a settlement, a city in the
    /// Cities & Knights set-up, a declared piece): the numbers of the hexes it touches list
    /// their built-on corners again at their next roll ([`PayingCorners`]).
    #[inline]
    pub(crate) fn paying_corner_built(&mut self, at: VertexId) {
        let Some(info) = self.board.topology.vertex(at) else {
            return;
        };
        for h in info.hexes.iter() {
            if let Some(t) = self.tokens.get(h.index()).copied().flatten().filter(|&t| t <= 12) {
                self.numbered.paying.fresh &= !(1 << t);
            }
        }
    }

    /// Lists the built-on corners of the hexes whose token is `total` again
    /// ([`PayingCorners`]) when a building went up at one of their corners since they were or
    /// the tokens moved.
    #[inline]
    fn refresh_paying_corners(&mut self, total: u8) {
        let n = usize::from(total);
        if n > 12 {
            return;
        }
        if self.numbered.paying.fresh & (1 << n) == 0 {
            self.list_paying_corners(n);
        }
    }

    /// Whether a roll of `total` may owe gold choices: one of its hexes is a gold field with
    /// a building at a corner (the robber's hex included; [`PayingCorners::gold`], brought up
    /// to date first).
    #[inline]
    pub(crate) fn may_pay_gold(&mut self, total: u8) -> bool {
        self.refresh_paying_corners(total);
        u32::from(self.numbered.paying.gold) & 1u32.checked_shl(u32::from(total)).unwrap_or(0) != 0
    }

    /// Lists number `n`'s built-on corners (see [`PayingCorners`]): each hex with a
    /// resource, in hex order, its corners holding a building in corner order, with what the
    /// hex pays a settlement and a city (the expansions' city yield); and whether a gold field
    /// among its hexes has a building at a corner ([`PayingCorners::gold`]).
    #[inline(never)]
    fn list_paying_corners(&mut self, n: usize) {
        // A state read back lays out its room once.
        if !self.numbered.paying_room_fits(n) {
            self.numbered.lay_out_paying();
        }
        let slots = usize::from(self.numbered.start[n])..usize::from(self.numbered.start[n + 1]);
        let from = usize::from(self.numbered.paying.from[n]);
        let mut at = from;
        let mut gold = false;
        for slot in slots {
            let h = self.numbered.hexes[slot];
            let Some(hex) = self.board.topology.hexes().get(h.index()) else {
                continue;
            };
            let terrain = self.board.terrain[h.index()];
            let Some(res) = terrain.resource() else {
                gold |= terrain == Terrain::Gold && hex.corners.iter().any(|v| self.sites[v.index()].is_some());
                continue;
            };
            let (city_resources, commodity) = self.city_yield(terrain);
            let settlement = kind_unit(res.card());
            let city = u64::from(city_resources) * settlement + commodity.map_or(0, kind_unit);
            for vertex in hex.corners {
                if self.sites[vertex.index()].is_some() {
                    if let Some(slot) = self.numbered.paying.corners.get_mut(at) {
                        *slot = PayingCorner {
                            vertex,
                            hex: h,
                            settlement,
                            city,
                        };
                        at += 1;
                    }
                }
            }
        }
        self.numbered.paying.len[n] = (at - from) as u16;
        self.numbered.paying.fresh |= 1 << n;
        self.numbered.paying.gold = (self.numbered.paying.gold & !(1 << n)) | (u16::from(gold) << n);
    }

    pub(crate) fn do_dice(&mut self, red: u8, yellow: u8, events: &mut Vec<Event>) {
        self.pending.pop_front();
        let total = red + yellow;
        events.push(Event::Rolled {
            player: self.current,
            red,
            yellow,
            total,
        });
        if total == 7 {
            self.start_seven(events);
        } else {
            self.produce(total, events);
            self.after_production_ext(total, events);
        }
        self.run_engine_steps(events);
    }

    /// Pays production for a dice total; returns the set of seats that received anything.
    ///
    /// What each seat is owed is counted one card kind per byte of a word (kind `k` in byte
    /// `k`), so the kinds anybody is owed are the non-zero bytes of the seats' sum, visited
    /// in [`CardKind::ALL`] order, and for each kind the seats owed it are read from one word
    /// of seat masks (byte `k`: bit `p` for seat `p`), in seat order. A byte never carries
    /// into the next: a kind's total owed fits in a byte (the counts per kind and the bank
    /// are `u8`).
    pub(crate) fn produce(&mut self, total: u8, events: &mut Vec<Event>) -> u8 {
        let mut owed = [0u64; MAX_PLAYERS];
        self.refresh_paying_corners(total);
        let robber = self.robber;
        for c in self.numbered.paying_corners(total) {
            if Some(c.hex) == robber {
                continue;
            }
            if let Some(site) = self.sites[c.vertex.index()] {
                owed[site.owner.index()] += match site.building {
                    Building::Settlement | Building::DamagedCity => c.settlement,
                    Building::City => c.city,
                };
            }
        }
        let all = owed.iter().fold(0u64, |sum, &o| sum.wrapping_add(o));
        let seats_by_kind = owed
            .iter()
            .enumerate()
            .fold(0u64, |m, (p, &o)| m | (nonzero_bytes(o) << p));
        let owed_of = |o: u64, k: usize| (o >> (8 * k)) as u8;
        let mut received = 0u8;
        let mut kinds = all;
        while kinds != 0 {
            let k = (kinds.trailing_zeros() / 8) as usize;
            kinds &= !(0xff << (8 * k));
            let card = CardKind::ALL[k];
            let total_owed = owed_of(all, k);
            let bank = self.bank.get(card);
            let seats = owed_of(seats_by_kind, k);
            if total_owed <= bank {
                received |= seats;
                let mut rest = seats;
                while rest != 0 {
                    let p = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    self.pay(p, card, owed_of(owed[p], k), events);
                }
            } else {
                match card.resource() {
                    Some(resource) => events.push(Event::Shortage {
                        resource,
                        owed: total_owed,
                        bank,
                    }),
                    None => events.push(Event::Ck(CkEvent::CommodityShortage {
                        commodity: card,
                        owed: total_owed,
                        bank,
                    })),
                }
                if seats.count_ones() == 1 && self.rules.base.shortage == ShortageRule::OneTakesRest && bank > 0 {
                    received |= seats;
                    self.pay(seats.trailing_zeros() as usize, card, bank, events);
                }
            }
        }
        received
    }

    fn pay(&mut self, p: usize, card: CardKind, n: u8, events: &mut Vec<Event>) {
        if n == 0 {
            return;
        }
        self.bank.remove(card, n);
        self.players[p].hand.add(card, n);
        let player = crate::PlayerId(p as u8);
        match card.resource() {
            Some(resource) => events.push(Event::Produced {
                player,
                resource,
                count: n,
            }),
            None => events.push(Event::Ck(CkEvent::CommodityProduced {
                player,
                commodity: card,
                count: n,
            })),
        }
    }

    /// A 7: players above the hand limit owe half their cards, rounded down; then the roller
    /// moves the robber (source `base-rules` §4 "Rolling a 7").
    ///
    /// Queued next: the discards (in seat order, resolved in any order), then the robber —
    /// unless it is not active yet (extension point "robber activation": Cities & Knights
    /// before the first barbarian attack, source `000_fee7e8147b67bbe6.txt` p. 7: nothing
    /// moves, nothing is stolen).
    pub(crate) fn start_seven(&mut self, events: &mut Vec<Event>) {
        let mut next = 0;
        for i in 0..self.players.len() {
            let player = crate::PlayerId(i as u8);
            let limit = self.discard_limit(player);
            let n = self.players[i].hand.total();
            if n > limit {
                let count = (n / 2) as u8;
                self.pending
                    .insert(next, Pending::base(player, BasePending::Discard { count }));
                next += 1;
                events.push(Event::MustDiscard { player, count });
            }
        }
        if self.robber_active() {
            self.pending
                .insert(next, Pending::base(self.current, BasePending::MoveRobber));
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::board::Corner;
    use crate::cards::{CardKind, Cards};
    use crate::ruleset::ShortageRule;
    use crate::state::{Building, Site};
    use crate::testkit::*;
    use crate::{Action, Event, Outcome};

    /// A copied index turns a face-down token up again in the room it was copied with:
    /// the copy has room for it and the list is not moved (no allocation).
    #[test]
    fn a_copied_index_takes_a_hex_back_without_moving() {
        use super::NumberedHexes;
        use crate::ids::HexId;
        let tokens: Vec<Option<u8>> = (0..19).map(|i| (i != 4).then_some(2 + (i % 11) as u8)).collect();
        let mut copy = NumberedHexes::of(&tokens).clone();
        assert!(
            copy.hexes.capacity() > copy.hexes.len(),
            "the copy keeps room for the hex"
        );
        let before = copy.hexes.as_ptr();
        copy.retoken(HexId(4), None, Some(9));
        assert_eq!(copy.hexes.as_ptr(), before);
        let mut tokens = tokens;
        tokens[4] = Some(9);
        assert_eq!(copy, NumberedHexes::of(&tokens));
    }

    /// 20,000 random token changes, one hex at a time (tokens 2–12, none, and above 12): the
    /// index kept by `retoken` equals the one counted afresh after each, and a change between
    /// two numbers, to none and back is met.
    #[test]
    fn numbered_hexes_kept_hex_by_hex_equal_a_fresh_count() {
        use super::NumberedHexes;
        use crate::ids::HexId;
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move |n: u64| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state % n
        };
        let mut tokens: Vec<Option<u8>> = (0..37).map(|i| (i % 5 != 0).then_some(2 + (i % 11) as u8)).collect();
        let mut kept = NumberedHexes::of(&tokens);
        let (mut moved, mut removed, mut added) = (0, 0, 0);
        for _ in 0..20_000 {
            let h = next(37) as usize;
            let new = match next(14) {
                0 => None,
                13 => Some(13),
                t => Some(t as u8 + 1).filter(|&t| t <= 12),
            };
            let old = std::mem::replace(&mut tokens[h], new);
            kept.retoken(HexId(h as u16), old, new);
            assert_eq!(kept, NumberedHexes::of(&tokens));
            for n in 2..=12 {
                assert!(kept.paying_room_fits(n), "room for number {n}'s corners");
            }
            assert!(
                kept.paying.corners.len() <= 6 * tokens.len(),
                "no more room than the board needs"
            );
            match (old.filter(|&t| t <= 12), new.filter(|&t| t <= 12)) {
                (Some(a), Some(b)) if a != b => moved += 1,
                (Some(_), None) => removed += 1,
                (None, Some(_)) => added += 1,
                _ => {}
            }
        }
        assert!(
            moved > 1000 && removed > 500 && added > 500,
            "{moved} {removed} {added}"
        );
    }

    /// Random games of the base game, Cities & Knights and Seafarers with Cities & Knights: at
    /// every position, production for every total but 7 pays each seat what a scan of every
    /// hex's token owes it, card kind by card kind (shortage rule included), and names the
    /// seats that received anything.
    #[test]
    fn production_pays_what_a_scan_of_every_hex_owes_in_random_games() {
        use crate::cards::CardKind;
        use crate::ids::HexId;
        let sets: [&[&str]; 3] = [&[], &["cities-and-knights"], &["cities-and-knights", "seafarers"]];
        let (mut paid, mut short) = (0usize, 0usize);
        for (i, names) in sets.into_iter().enumerate() {
            let mut g = named_rules_game(names, i as u64 + 3, 1);
            crate::testkit::check_random_play(&mut g, i as u64, crate::random::Policy::Uniform, 200, |g| {
                for total in (2..=12u8).filter(|&t| t != 7) {
                    let mut owed = [[0u8; 8]; 4];
                    for (h, t) in g.tokens.iter().enumerate() {
                        let terrain = g.board.terrain[h];
                        let Some(res) = terrain.resource() else { continue };
                        if *t != Some(total) || g.robber == Some(HexId(h as u16)) {
                            continue;
                        }
                        let (city, commodity) = g.city_yield(terrain);
                        for v in g.board.topology.hexes()[h].corners {
                            let Some(site) = g.sites[v.index()] else { continue };
                            let o = &mut owed[site.owner.index()];
                            if site.building == Building::City {
                                o[res.card().index()] += city;
                                if let Some(c) = commodity {
                                    o[c.index()] += 1;
                                }
                            } else {
                                o[res.card().index()] += 1;
                            }
                        }
                    }
                    let mut expected = [[0u8; 8]; 4];
                    for card in CardKind::ALL {
                        let k = card.index();
                        let sum: u8 = owed.iter().map(|o| o[k]).sum();
                        let bank = g.bank.get(card);
                        let claimants: Vec<usize> = (0..4).filter(|&p| owed[p][k] > 0).collect();
                        if sum <= bank {
                            claimants.iter().for_each(|&p| expected[p][k] = owed[p][k]);
                        } else if claimants.len() == 1 && g.rules.base.shortage == ShortageRule::OneTakesRest {
                            expected[claimants[0]][k] = bank;
                            short += 1;
                        }
                    }
                    let mut after = g.clone();
                    let received = after.produce(total, &mut Vec::new());
                    for (p, want) in expected.iter().enumerate() {
                        for card in CardKind::ALL {
                            let got = after.players[p].hand.get(card) - g.players[p].hand.get(card);
                            assert_eq!(got, want[card.index()], "{names:?} total {total} seat {p} {card:?}");
                        }
                        let any = want.iter().any(|&n| n > 0);
                        assert_eq!(received & (1 << p) != 0, any, "{names:?} total {total} seat {p}");
                        paid += usize::from(any);
                    }
                }
            });
        }
        assert!(paid > 1000, "{paid} payments ({short} shortages)");
    }

    /// Random games of five rulesets (Invention's swaps and Barbarian Attack's conquests
    /// move tokens, pillaged cities change buildings): after every step, each number's
    /// built-on corners as kept, when marked current, equal the corners listed afresh from
    /// the board, and its gold bit a scan of the gold fields' corners; lists kept and current
    /// are met many times (with gold too), and lists not current (never made, or made stale
    /// by a building or a token moved) too.
    #[test]
    fn paying_corners_kept_equal_a_fresh_listing_in_random_games() {
        let sets: [&[&str]; 5] = [
            &[],
            &["cities-and-knights"],
            &["seafarers"],
            &["cities-and-knights", "seafarers"],
            &["cities-and-knights", "barbarian-attack"],
        ];
        let (mut current, mut stale, mut gold) = (0usize, 0usize, 0usize);
        for (i, names) in sets.into_iter().enumerate() {
            let mut g = named_rules_game(names, i as u64 + 11, 2);
            crate::testkit::check_random_play(&mut g, i as u64 + 5, crate::random::Policy::Uniform, 250, |g| {
                for total in 2..=12u8 {
                    if g.numbered.paying.fresh & (1 << total) == 0 {
                        stale += 1;
                        continue;
                    }
                    current += 1;
                    let mut fresh = g.clone();
                    fresh.numbered.paying.fresh = 0;
                    fresh.refresh_paying_corners(total);
                    assert_eq!(
                        g.numbered.paying_corners(total),
                        fresh.numbered.paying_corners(total),
                        "{names:?} turn {} total {total}",
                        g.turn()
                    );
                    // The gold bit against a scan of every hex's token and corners.
                    let scan = (0..g.tokens.len()).any(|h| {
                        g.tokens[h] == Some(total)
                            && g.board.terrain[h] == crate::board::Terrain::Gold
                            && g.board.topology.hexes()[h]
                                .corners
                                .iter()
                                .any(|v| g.sites[v.index()].is_some())
                    });
                    let kept = g.numbered.paying.gold & (1 << total) != 0;
                    assert_eq!(kept, scan, "{names:?} turn {} total {total}: gold", g.turn());
                    gold += usize::from(kept);
                }
            });
        }
        assert!(
            current > 20_000 && stale > 1_000,
            "{current} current, {stale} stale ({gold} with gold)"
        );
    }

    /// A settlement built marks the numbers of the hexes it touches alone to be listed again;
    /// the other numbers' lists stay current.
    #[test]
    fn a_settlement_makes_the_numbers_of_its_hexes_alone_stale() {
        let mut g = bare();
        for total in 2..=12u8 {
            g.refresh_paying_corners(total);
        }
        let all = 0x1ffc; // numbers 2 to 12
        assert_eq!(g.numbered.paying.fresh, all);
        let v = vertex(&g, "B", Corner::N);
        let touched = g.board.topology.vertex(v).unwrap().hexes.iter().fold(0u16, |m, h| {
            m | g.tokens[h.index()].filter(|&t| t <= 12).map_or(0, |t| 1 << t)
        });
        assert!(touched != 0 && touched != all, "{touched:#x}");
        g.players[0].hand.add_all(&crate::cards::cost::SETTLEMENT);
        g.bank.remove_all(&crate::cards::cost::SETTLEMENT);
        g.do_settlement(p(0), v, &mut Vec::new());
        assert_eq!(g.numbered.paying.fresh, all & !touched);
    }

    /// Seafarers: no number may pay gold before a building stands at a gold field's corner;
    /// once one does, exactly the numbers of the gold fields it touches may (a scan of the
    /// board), and a roll of such a number queues its owner's gold choice while a roll of
    /// another number queues nothing.
    #[test]
    fn a_building_at_a_gold_field_marks_its_numbers_to_pay_gold() {
        use crate::board::Terrain;
        use crate::pending::PendingKind;
        use crate::pending::SeaPending;
        let mut g = named_rules_game(&["seafarers"], 1, 1);
        for total in 2..=12u8 {
            assert!(!g.may_pay_gold(total), "total {total} before any building");
        }
        let gold_hex = (0..g.tokens.len())
            .find(|&h| g.board.terrain[h] == Terrain::Gold && g.tokens[h].is_some_and(|t| t <= 12))
            .expect("a numbered gold field");
        let v = g.board.topology.hexes()[gold_hex].corners[0];
        g.do_settlement(p(0), v, &mut Vec::new());
        let touched = g.board.topology.vertex(v).unwrap().hexes.iter().fold(0u16, |m, h| {
            let gold = g.board.terrain[h.index()] == Terrain::Gold;
            m | g.tokens[h.index()].filter(|&t| gold && t <= 12).map_or(0, |t| 1 << t)
        });
        assert!(touched != 0);
        for total in 2..=12u8 {
            let before = g.pending.len();
            let mut after = g.clone();
            after.queue_gold(total);
            let queued: Vec<_> = after
                .pending
                .iter()
                .filter(|e| matches!(e.kind, PendingKind::Sea(SeaPending::Gold { .. })))
                .collect();
            let marked = touched & (1 << total) != 0;
            assert_eq!(g.may_pay_gold(total), marked, "total {total}");
            assert_eq!(after.pending.len() - before, usize::from(marked), "total {total}");
            if marked {
                assert!(queued.iter().any(|e| e.who == p(0)), "total {total}");
            }
        }
    }

    #[test]
    fn nonzero_bytes_flags_each_non_zero_byte() {
        for b in 0..=255u64 {
            for k in 0..8 {
                let x = (b << (8 * k)) | if k == 3 { 0 } else { 0x80 << 24 };
                let want = (0..8).fold(0u64, |m, i| m | u64::from((x >> (8 * i)) & 0xff != 0) << (8 * i));
                assert_eq!(super::nonzero_bytes(x), want, "{x:#x}");
            }
        }
    }

    fn roll(g: &mut crate::Game, red: u8, yellow: u8) -> Vec<Event> {
        let mut ev = g.apply(Action::Roll { player: g.current() }).unwrap();
        ev.extend(g.apply(Action::Chance(Outcome::Dice { red, yellow })).unwrap());
        ev
    }

    /// A bare 4-player game in the before-roll phase of turn 1 with hand-placed buildings.
    fn bare() -> crate::Game {
        let mut g = new_game(4);
        g.step = crate::pending::Step::BeforeRoll;
        g.turn = 1;
        g
    }

    fn put(g: &mut crate::Game, hex: &str, c: Corner, owner: u8, b: Building) {
        let v = vertex(g, hex, c);
        g.sites[v.index()] = Some(Site {
            owner: p(owner),
            building: b,
        });
    }

    #[test]
    fn settlement_produces_one_and_city_two() {
        let mut g = bare();
        // Beginner board: B is pasture 2.
        put(&mut g, "B", Corner::N, 0, Building::Settlement);
        put(&mut g, "B", Corner::S, 1, Building::City);
        roll(&mut g, 1, 1);
        assert_eq!(g.player(p(0)).unwrap().hand, Cards::of(&[(CardKind::Wool, 1)]));
        assert_eq!(g.player(p(1)).unwrap().hand, Cards::of(&[(CardKind::Wool, 2)]));
        assert_eq!(g.bank().get(CardKind::Wool), 16);
    }

    #[test]
    fn robber_hex_produces_nothing() {
        let mut g = bare();
        put(&mut g, "B", Corner::N, 0, Building::Settlement);
        g.robber = g.board().hex_by_label("B");
        let ev = roll(&mut g, 1, 1);
        assert!(!ev.iter().any(|e| matches!(e, Event::Produced { .. })));
        assert_eq!(g.player(p(0)).unwrap().hand, Cards::EMPTY);
    }

    #[test]
    fn shortage_with_two_claimants_pays_nobody() {
        let mut g = bare();
        put(&mut g, "B", Corner::N, 0, Building::Settlement);
        put(&mut g, "B", Corner::S, 1, Building::Settlement);
        // Bank holds only 1 wool: move the rest into player 2's hand.
        g.bank.set(CardKind::Wool, 1);
        g.players[2].hand.set(CardKind::Wool, 18);
        let ev = roll(&mut g, 1, 1);
        assert!(ev.iter().any(|e| matches!(e, Event::Shortage { .. })));
        assert_eq!(g.player(p(0)).unwrap().hand.get(CardKind::Wool), 0);
        assert_eq!(g.player(p(1)).unwrap().hand.get(CardKind::Wool), 0);
        assert_eq!(g.bank().get(CardKind::Wool), 1);
    }

    #[test]
    fn shortage_with_one_claimant_pays_what_is_left() {
        let mut g = bare();
        put(&mut g, "B", Corner::N, 0, Building::City);
        g.bank.set(CardKind::Wool, 1);
        g.players[2].hand.set(CardKind::Wool, 18);
        roll(&mut g, 1, 1);
        assert_eq!(g.player(p(0)).unwrap().hand.get(CardKind::Wool), 1);
        assert_eq!(g.bank().get(CardKind::Wool), 0);
    }

    #[test]
    fn shortage_option_nobody_ever_pays_the_single_claimant_nothing() {
        let mut g = bare();
        g.rules.base.shortage = ShortageRule::NobodyEver;
        put(&mut g, "B", Corner::N, 0, Building::City);
        g.bank.set(CardKind::Wool, 1);
        g.players[2].hand.set(CardKind::Wool, 18);
        roll(&mut g, 1, 1);
        assert_eq!(g.player(p(0)).unwrap().hand.get(CardKind::Wool), 0);
    }

    #[test]
    fn desert_never_produces_and_seven_produces_nothing() {
        let mut g = bare();
        put(&mut g, "J", Corner::N, 0, Building::City);
        let ev = roll(&mut g, 3, 4);
        assert!(!ev.iter().any(|e| matches!(e, Event::Produced { .. })));
        assert_eq!(g.phase(), crate::state::Phase::MovingRobber);
    }

    /// The hexes kept by number agree with a scan of the tokens after every step of random
    /// games, Invention's swaps (Cities & Knights) and conquered hexes (Barbarian Attack)
    /// included.
    #[test]
    fn hexes_by_number_agree_with_the_tokens_in_random_games() {
        let names: [&[&str]; 3] = [
            &["cities-and-knights"],
            &["cities-and-knights", "barbarian-attack"],
            &["seafarers"],
        ];
        let mut moved = 0;
        for (i, set) in names.into_iter().enumerate() {
            let mut g = crate::testkit::named_rules_game(set, i as u64, 3);
            let mut rp = crate::random::RandomPlayer::new(i as u64);
            while g.winner().is_none() && g.turn() <= 400 {
                let Some(a) = rp.choose(&g, crate::random::Policy::Uniform) else {
                    break;
                };
                g.apply(a).expect("a listed action");
                moved += usize::from(g.tokens != g.board.tokens);
                for total in 0..=14u8 {
                    let scan: Vec<_> = (0..g.tokens.len())
                        .filter(|&h| g.tokens[h] == Some(total))
                        .map(|h| crate::ids::HexId(h as u16))
                        .collect();
                    assert_eq!(g.numbered.with(total), &scan[..], "{set:?} {total}");
                }
            }
        }
        assert!(moved > 0, "no token moved");
    }
}
