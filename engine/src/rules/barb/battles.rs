//! Battles: expelling the barbarians (sources `liquisearch-tb-ba`, `sixsides-ba`,
//! `catan-faq-tb`, `catan-faq-4910`).
//!
//! When the player on turn ends it, after the knights moved, each coastal hex with
//! barbarians (option `battle-hexes`: or only conquered ones) whose six paths hold more
//! knights (of all players) than it holds barbarians is freed (`BARB.BATTLE.OUTNUMBER`), one
//! battle at a time in the order the player on turn chooses. Its barbarians become prisoners
//! of the players whose knights fought (`BARB.BATTLE.PRISONERS`, option `prisoner-split`; a
//! choice left by a tie is the player on turn's). Then, before any other battle, the die laid
//! in the castle hex names one of its sides: every knight of that battle on a path parallel
//! to that side falls (`BARB.BATTLE.LOSSES`; side 1 is the castle's north-east side, the
//! others clockwise, a project choice), and its owner receives gold (`BARB.BATTLE.GOLD`,
//! option `gold-per-lost-knight`). Surviving knights stay where they are and may fight the
//! next battle. Every 2 prisoners are worth 1 victory point (`BARB.PRISONERS.VP`).

use super::errors::BarbRule;
use super::events::BarbEvent;
use super::options::{BattleCount, BattleHexes, PrisonerSplit};
use super::pending::BarbPending;
use super::state::{path_and, path_members, PathBits};
use crate::error::RuleError;
use crate::event::Event;
use crate::ids::{EdgeId, HexId, PlayerId, MAX_PLAYERS};
use crate::pending::{Pending, PendingKind};
use crate::state::Game;

impl Game {
    /// The knights that would fight for `h`: each seat's weight (a knight each on the base
    /// game; with Cities & Knights each active knight's strength, rule
    /// `BARB.CK.BATTLE_STRENGTH`) and the hex's sides they stand on (a bit per side).
    pub(crate) fn fighters(&self, h: HexId) -> ([u8; MAX_PLAYERS], u8) {
        let mut n = [0; MAX_PLAYERS];
        let mut sides = 0u8;
        let ck = self.barb_ck();
        if let Some(info) = self.board.topology.hex(h) {
            for (i, e) in info.sides.iter().enumerate() {
                match self.barb.knight(*e) {
                    Some(k) if !ck => n[k.owner.index()] += 1,
                    Some(k) if k.active => n[k.owner.index()] += k.level,
                    _ => continue,
                }
                sides |= 1 << i;
            }
        }
        (n, sides)
    }

    /// Whether the barbarians of `h` can be expelled now.
    pub(crate) fn battle_possible(&self, h: HexId) -> bool {
        self.battle_possible_against(h, self.board_barbarians_fought())
    }

    /// With Cities & Knights, option `barb-ck-battle-count board` (D22): every barbarian on
    /// the board, which each battle's strength is compared with (`None`: each hex's own).
    fn board_barbarians_fought(&self) -> Option<u32> {
        (self.barb_ck() && self.rules.barb.ck_battle_count == BattleCount::Board).then(|| self.barb.on_board())
    }

    /// Whether the barbarians of `h` can be expelled now, the strength compared with
    /// `board` (see [`Game::board_barbarians_fought`]) or else with the hex's barbarians.
    fn battle_possible_against(&self, h: HexId, board: Option<u32>) -> bool {
        let b = self.barb.on(h);
        let fought = match self.rules.barb.battle_hexes {
            BattleHexes::Any => b > 0,
            BattleHexes::Conquered => self.barb.conquered(h),
        };
        fought && self.strength_around(h) > board.unwrap_or(u32::from(b))
    }

    /// The strength of the knights that would fight for `h`, all seats together: what
    /// [`Game::fighters`] gives, summed.
    fn strength_around(&self, h: HexId) -> u32 {
        let ck = self.barb_ck();
        let Some(info) = self.board.topology.hex(h) else {
            return 0;
        };
        let mut n = 0u32;
        for e in info.sides.iter() {
            match self.barb.knight(*e) {
                Some(_) if !ck => n += 1,
                Some(k) if k.active => n += u32::from(k.level),
                _ => {}
            }
        }
        n
    }

    /// Whether any battle can be fought now (the board's barbarians counted once). A battle
    /// needs a knight that would fight on a side of a hex holding barbarians, so with the
    /// seats' sets kept only the hexes along those knights' paths are tried (with the
    /// coastal hexes kept, along those of them on the kept paths of the hexes holding
    /// barbarians, [`super::state::BarbState::raided`]); else every coastal hex.
    pub(crate) fn any_battle(&self) -> bool {
        let board = self.board_barbarians_fought();
        let possible = |h: HexId| {
            self.barb.coastal.get(h.index()).copied().unwrap_or(false)
                && self.barb.on(h) > 0
                && self.battle_possible_against(h, board)
        };
        let Some(fighting) = self.fighting_paths() else {
            return (0..self.barb.coastal.len()).any(|i| possible(HexId(i as u16)));
        };
        // With the coastal hexes kept: only the knights on the paths of hexes holding
        // barbarians.
        let fighting = if self.barb.coast.is_empty() {
            fighting
        } else {
            path_and(&self.barb.raided, &fighting)
        };
        if fighting == [0; 4] {
            return false;
        }
        let topo = &self.board.topology;
        let found = path_members(&fighting).any(|e| {
            topo.edge(EdgeId(e as u16))
                .is_some_and(|info| info.hexes.iter().any(possible))
        });
        found
    }

    /// The paths of the knights that would fight a battle (every knight on the base game,
    /// the active ones with Cities & Knights, rule `BARB.CK.BATTLE_STRENGTH`), read from the
    /// knights' sets when they are kept.
    fn fighting_paths(&self) -> Option<PathBits> {
        let b = &self.barb;
        if !b.owned_kept() {
            return None;
        }
        if self.barb_ck() {
            return Some(b.sets.active);
        }
        Some(b.sets.taken())
    }

    /// Checks a battle.
    pub(crate) fn check_expel(&self, player: PlayerId, hex: HexId) -> Result<(), RuleError> {
        self.known_hex(hex)?;
        if self.barb_front() != Some(BarbPending::Battles) {
            return Err(self.wrong_time(player, "expel barbarians"));
        }
        if !self.barb.coastal[hex.index()] || !self.battle_possible(hex) {
            return Err(RuleError::Barb(if self.barb_ck() {
                BarbRule::BattleStrength
            } else {
                BarbRule::BattleOutnumber
            }));
        }
        Ok(())
    }

    /// Fights a battle: the barbarians become prisoners, the hex is freed, and the castle die
    /// (and any choice of a tied leftover prisoner) is queued before the next battle.
    pub(crate) fn do_expel(&mut self, _player: PlayerId, hex: HexId, events: &mut Vec<Event>) {
        let (around, sides) = self.fighters(hex);
        let b = self.barb.on(hex);
        events.push(Event::Barb(BarbEvent::BattleWon {
            hex,
            knights: around.iter().sum(),
            barbarians: b,
        }));
        self.barb.barbarians[hex.index()] = 0;
        let (share, leftover, among) = self.split_prisoners(around, b);
        for p in self.player_ids() {
            if share[p.index()] > 0 {
                self.give_prisoners(p, share[p.index()], events);
            }
        }
        // Only this hex's barbarians changed.
        self.refresh_conquest_of_hex(hex, events);
        if self.barb_ck() {
            // Taking part in a battle deactivates a knight (source `003_c1bc764549538a7d.txt`).
            let all = self.board.topology.hex(hex).map(|x| x.sides);
            for (i, e) in all.into_iter().flat_map(|s| s.into_iter().enumerate()) {
                if sides & (1 << i) != 0 {
                    self.deactivate_path_knight(e, events);
                }
            }
        }
        self.barb.battle = Some(hex);
        self.barb.fighters = sides;
        let who = self.current;
        self.queue_next(Pending {
            who,
            kind: PendingKind::Barb(BarbPending::CastleDie),
        });
        if leftover > 0 {
            self.queue_next(Pending {
                who,
                kind: PendingKind::Barb(BarbPending::AwardPrisoners { count: leftover, among }),
            });
        }
    }

    /// Shares `b` prisoners by the knights each seat had around the hex: the shares fixed by
    /// the rule, and the prisoners left for the player on turn to give among tied seats (a
    /// bit each).
    pub(crate) fn split_prisoners(&self, around: [u8; MAX_PLAYERS], b: u8) -> ([u8; MAX_PLAYERS], u8, u8) {
        let mut share = [0u8; MAX_PLAYERS];
        let most = around.iter().copied().max().unwrap_or(0);
        // The seats sharing: every participant (even) or the largest contributors (most-knights).
        let sharing = |n: u8| match self.rules.barb.prisoner_split {
            PrisonerSplit::Even => n > 0,
            PrisonerSplit::MostKnights => n > 0 && n == most,
        };
        let players = around.iter().filter(|&&n| sharing(n)).count() as u8;
        if players == 0 {
            return (share, 0, 0);
        }
        for (i, &n) in around.iter().enumerate() {
            if sharing(n) {
                share[i] = b / players;
            }
        }
        let mut left = b % players;
        // Leftovers one each to the largest contributors, by knights, while a group of equal
        // contributors fits entirely; a group that does not fit is the player on turn's choice.
        let mut level = most;
        while left > 0 && level > 0 {
            let mut among = 0u8;
            for (i, &n) in around.iter().enumerate() {
                if sharing(n) && n == level {
                    among |= 1 << i;
                }
            }
            let size = among.count_ones() as u8;
            if size <= left {
                for (i, s) in share.iter_mut().enumerate() {
                    if among & (1 << i) != 0 {
                        *s += 1;
                    }
                }
                left -= size;
            } else {
                return (share, left, among);
            }
            level -= 1;
        }
        (share, 0, 0)
    }

    fn give_prisoners(&mut self, p: PlayerId, n: u8, events: &mut Vec<Event>) {
        let held = &mut self.barb.prisoners[p.index()];
        *held = held.saturating_add(n);
        let prisoners = *held;
        self.raise_vp_bound(p);
        events.push(Event::Barb(BarbEvent::PrisonersTaken {
            player: p,
            count: n,
            prisoners,
        }));
    }

    /// Checks the gift of a leftover prisoner.
    pub(crate) fn check_award_prisoner(&self, player: PlayerId, to: PlayerId) -> Result<(), RuleError> {
        self.known_player(to)?;
        let Some(BarbPending::AwardPrisoners { among, .. }) = self.barb_front() else {
            return Err(self.wrong_time(player, "give a prisoner"));
        };
        if among & (1 << to.0) == 0 {
            return Err(RuleError::Barb(BarbRule::PrisonerTarget));
        }
        Ok(())
    }

    /// Gives a leftover prisoner; each tied seat takes at most one.
    pub(crate) fn do_award_prisoner(&mut self, _player: PlayerId, to: PlayerId, events: &mut Vec<Event>) {
        self.give_prisoners(to, 1, events);
        if let Some(BarbPending::AwardPrisoners { count, among }) = self.barb_front() {
            self.pending.pop_front();
            if count > 1 {
                self.queue_next(Pending {
                    who: self.current,
                    kind: PendingKind::Barb(BarbPending::AwardPrisoners {
                        count: count - 1,
                        among: among & !(1 << to.0),
                    }),
                });
            }
        }
        self.barb_continue(events);
    }

    /// The orientation of a path: 0, 1 or 2 (parallel paths share one).
    pub fn path_orientation(&self, e: EdgeId) -> u8 {
        let topo = &self.board.topology;
        topo.edge(e)
            .and_then(|info| info.hexes.iter().next())
            .and_then(|h| topo.hex(h))
            .and_then(|hx| hx.sides.iter().position(|s| *s == e))
            .map_or(0, |i| (i % 3) as u8)
    }

    /// The paths of `h`'s sides picked by `sides` (a bit per side).
    pub(crate) fn hex_sides_in(&self, h: HexId, sides: u8) -> impl Iterator<Item = EdgeId> {
        let all = self.board.topology.hex(h).map(|x| x.sides);
        all.into_iter()
            .flat_map(|s| s.into_iter().enumerate())
            .filter(move |(i, _)| sides & (1 << i) != 0)
            .map(|(_, e)| e)
    }

    /// The castle die: the knights of the battle on paths parallel to the castle side the
    /// face names fall, each paying its owner gold; with Cities & Knights they are
    /// downgraded instead (rule `BARB.CK.LOSSES`).
    pub(crate) fn do_castle_die(&mut self, face: u8, events: &mut Vec<Event>) {
        self.pending.pop_front();
        events.push(Event::Barb(BarbEvent::CastleDieRolled { face }));
        let orientation = face.saturating_sub(1) % 3;
        let sides = std::mem::take(&mut self.barb.fighters);
        if let Some(h) = self.barb.battle.take() {
            let mut fought = [None; 6];
            for (slot, e) in fought.iter_mut().zip(self.hex_sides_in(h, sides)) {
                *slot = Some(e);
            }
            for e in fought.into_iter().flatten() {
                let Some(k) = self.barb.knight(e) else { continue };
                if self.path_orientation(e) != orientation {
                    continue;
                }
                let gold = self.rules.barb.gold_per_knight;
                let g = &mut self.barb.gold[k.owner.index()];
                *g = g.saturating_add(u16::from(gold));
                if self.barb_ck() {
                    self.downgrade_path_knight(e, k, gold, events);
                    continue;
                }
                self.barb.set_knight(e, None);
                self.barb.knights_left[k.owner.index()] += 1;
                events.push(Event::Barb(BarbEvent::PathKnightLost {
                    player: k.owner,
                    at: e,
                    gold,
                }));
            }
        }
        self.barb_continue(events);
    }

    /// With Cities & Knights, a knight the castle die names: a basic knight is removed; a
    /// strong one becomes basic, a mighty one strong (else basic), when its owner has that
    /// piece free, and is removed otherwise (source `003_c1bc764549538a7d.txt` "Losses after a
    /// victory").
    fn downgrade_path_knight(&mut self, e: EdgeId, k: super::state::PathKnight, gold: u8, events: &mut Vec<Event>) {
        let supply = &mut self.players[k.owner.index()].ck.knights_left;
        supply[k.level as usize - 1] += 1;
        let lower = (1..k.level).rev().find(|&l| supply[l as usize - 1] > 0);
        let level = match lower {
            Some(l) => {
                supply[l as usize - 1] -= 1;
                self.barb
                    .set_knight(e, Some(super::state::PathKnight { level: l, ..k }));
                l
            }
            None => {
                self.barb.set_knight(e, None);
                0
            }
        };
        events.push(Event::Barb(BarbEvent::PathKnightDowngraded {
            player: k.owner,
            at: e,
            level,
            gold,
        }));
    }

    /// After a Barbarian Attack step: once no battle is left, the battles end and so does
    /// the turn.
    pub(crate) fn barb_continue(&mut self, events: &mut Vec<Event>) {
        if self.barb_front() == Some(BarbPending::Battles) && !self.any_battle() {
            self.pending.pop_front();
            let p = self.current;
            self.finish_turn(p, events);
        }
    }

    /// The end of the turn: with a knight on the board the player first moves knights (the
    /// turn ends when they end it again); then battles are queued when any can be fought
    /// (`true`: the turn ends after them).
    pub(crate) fn barb_defer_end_turn(&mut self, player: PlayerId) -> bool {
        if self.barb_front() == Some(BarbPending::MovingKnights) {
            self.pending.pop_front();
        } else if self.has_path_knight(player) {
            self.queue_next(Pending {
                who: player,
                kind: PendingKind::Barb(BarbPending::MovingKnights),
            });
            return true;
        }
        if self.any_battle() {
            self.queue_next(Pending {
                who: player,
                kind: PendingKind::Barb(BarbPending::Battles),
            });
            return true;
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::barb::actions::{BarbAction, BarbOutcome};
    use crate::rules::barb::state::PathKnight;
    use crate::rules::barb::testkit::*;
    use crate::{Action, Outcome};

    fn surround(g: &mut Game, h: HexId, owners: &[u8]) {
        let sides = g.board.topology.hex(h).unwrap().sides;
        for (e, &o) in sides.iter().zip(owners) {
            g.barb.set_knight(
                *e,
                Some(PathKnight {
                    moved: true,
                    ..PathKnight::new(PlayerId(o))
                }),
            );
            g.barb.knights_left[o as usize] -= 1;
        }
    }

    #[test]
    fn more_knights_than_barbarians_win_prisoners_and_free_the_hex() {
        let mut g = barb_main(4, 5);
        let h = g.coastal_hex_numbered(5).unwrap();
        g.barb.barbarians[h.index()] = 3;
        g.barb.supply -= 3;
        g.refresh_conquest(&mut Vec::new());
        assert!(g.hex_conquered(h));
        let p = g.current();
        let q = PlayerId((p.0 + 1) % 4);
        surround(&mut g, h, &[p.0, p.0, q.0, q.0]);
        g.apply(Action::EndTurn { player: p }).unwrap();
        assert_eq!(g.phase().name(), "moving-knights");
        g.apply(Action::EndTurn { player: p }).unwrap();
        assert_eq!(g.phase().name(), "expelling");
        g.apply(Action::Barb(BarbAction::ExpelBarbarians { player: p, hex: h }))
            .unwrap();
        assert!(!g.hex_conquered(h));
        assert_eq!(g.token(h), Some(5));
        // 3 prisoners, 2 players with 2 knights each: 1 each, the leftover the mover's choice.
        assert_eq!(g.phase().name(), "awarding-prisoners");
        let bad = Action::Barb(BarbAction::AwardPrisoner {
            player: p,
            to: PlayerId((p.0 + 2) % 4),
        });
        assert_eq!(g.check(&bad).unwrap_err().code(), "BARB.BATTLE.PRISONERS");
        g.apply(Action::Barb(BarbAction::AwardPrisoner { player: p, to: q }))
            .unwrap();
        assert_eq!((g.prisoners(p), g.prisoners(q)), (1, 2));
        assert_eq!(g.phase().name(), "rolling-castle-die");
        g.apply(Action::Chance(Outcome::Barb(BarbOutcome::CastleDie { face: 1 })))
            .unwrap();
        let left: u32 = g.barb.knights.iter().flatten().count() as u32;
        assert!(left < 4, "one orientation fell");
        assert_eq!(g.gold(p) + g.gold(q), 3 * (4 - left as u16));
        assert_eq!(g.phase().name(), "before-roll");
    }

    #[test]
    fn equal_knights_and_barbarians_fight_no_battle() {
        let mut g = barb_main(4, 5);
        let h = g.coastal_hex_numbered(9).unwrap();
        g.barb.barbarians[h.index()] = 2;
        g.barb.supply -= 2;
        let p = g.current();
        surround(&mut g, h, &[p.0, p.0]);
        assert!(!g.battle_possible(h));
        g.apply(Action::EndTurn { player: p }).unwrap();
        g.apply(Action::EndTurn { player: p }).unwrap();
        assert_eq!(g.phase().name(), "before-roll");
    }

    #[test]
    fn the_even_split_gives_leftovers_to_the_largest_contributor() {
        let g = barb_main(4, 5);
        let (share, left, _) = g.split_prisoners([3, 1, 0, 0], 3);
        assert_eq!((share, left), ([2, 1, 0, 0], 0));
        let (share, left, _) = g.split_prisoners([2, 2, 1, 0], 2);
        assert_eq!((share, left), ([1, 1, 0, 0], 0));
        let (share, left, among) = g.split_prisoners([2, 2, 0, 0], 3);
        assert_eq!((share, left, among), ([1, 1, 0, 0], 1, 0b011));
    }

    /// With Cities & Knights: `h` with `n` barbarians (and the arrivals counted).
    fn barbarians_ck(g: &mut Game, h: HexId, n: u8) {
        g.barb.barbarians[h.index()] = n;
        g.barb.arrived += u32::from(n);
        g.refresh_conquest(&mut Vec::new());
    }

    #[test]
    fn with_cities_and_knights_only_active_strength_counts_and_fighting_lays_knights_down() {
        let mut g = barb_ck_main(4, 5);
        let h = g.coastal_hex_numbered(5).unwrap();
        barbarians_ck(&mut g, h, 3);
        let p = g.current();
        let q = PlayerId((p.0 + 1) % 4);
        let sides = g.board.topology.hex(h).unwrap().sides;
        put_ck_knight(&mut g, p, sides[0], 2, true);
        put_ck_knight(&mut g, q, sides[1], 1, true);
        put_ck_knight(&mut g, q, sides[2], 3, false);
        // Strength 3 (2 + 1, the lying mighty knight does not fight) against 3: no battle.
        assert!(!g.battle_possible(h));
        g.barb.update_knight(sides[2], |k| k.active = true);
        assert!(g.battle_possible(h));
        g.apply(Action::EndTurn { player: p }).unwrap();
        g.apply(Action::EndTurn { player: p }).unwrap();
        assert_eq!(g.phase().name(), "expelling");
        let ev = g
            .apply(Action::Barb(BarbAction::ExpelBarbarians { player: p, hex: h }))
            .unwrap();
        assert!(ev.contains(&Event::Barb(BarbEvent::BattleWon {
            hex: h,
            knights: 6,
            barbarians: 3
        })));
        assert!(
            g.barb.knights.iter().flatten().all(|k| !k.active),
            "fighting deactivates"
        );
        // 3 prisoners shared by seat as evenly as possible: 1 each, the leftover to blue, the
        // larger contributor (4 strength against 2).
        assert_eq!((g.prisoners(p), g.prisoners(q)), (1, 2));
        g.check_invariants().unwrap();
    }

    #[test]
    fn with_cities_and_knights_the_castle_die_downgrades_and_pays_three_gold() {
        let mut g = barb_ck_main(4, 6);
        let h = g.coastal_hex_numbered(9).unwrap();
        barbarians_ck(&mut g, h, 1);
        let p = g.current();
        let sides = g.board.topology.hex(h).unwrap().sides;
        // Sides 0 and 3 are parallel: both fall on the same castle-die orientation.
        put_ck_knight(&mut g, p, sides[0], 3, true);
        put_ck_knight(&mut g, p, sides[3], 1, true);
        put_ck_knight(&mut g, p, sides[1], 2, true);
        g.apply(Action::EndTurn { player: p }).unwrap();
        g.apply(Action::EndTurn { player: p }).unwrap();
        g.apply(Action::Barb(BarbAction::ExpelBarbarians { player: p, hex: h }))
            .unwrap();
        let o = g.path_orientation(sides[0]);
        assert_eq!(o, g.path_orientation(sides[3]));
        let ev = g
            .apply(Action::Chance(Outcome::Barb(BarbOutcome::CastleDie { face: o + 1 })))
            .unwrap();
        // Mighty to strong (a strong piece is free), basic removed; 3 gold each.
        assert!(ev.contains(&Event::Barb(BarbEvent::PathKnightDowngraded {
            player: p,
            at: sides[0],
            level: 2,
            gold: 3
        })));
        assert!(ev.contains(&Event::Barb(BarbEvent::PathKnightDowngraded {
            player: p,
            at: sides[3],
            level: 0,
            gold: 3
        })));
        assert_eq!(g.path_knight(sides[0]).unwrap().level, 2);
        assert!(g.path_knight(sides[3]).is_none());
        assert_eq!(g.path_knight(sides[1]).unwrap().level, 2);
        assert_eq!(g.gold(p), 6);
        g.check_invariants().unwrap();
    }

    #[test]
    fn with_cities_and_knights_a_strong_knight_without_a_free_basic_piece_is_removed() {
        let mut g = barb_ck_main(4, 7);
        let h = g.coastal_hex_numbered(10).unwrap();
        barbarians_ck(&mut g, h, 1);
        let p = g.current();
        let sides = g.board.topology.hex(h).unwrap().sides;
        put_ck_knight(&mut g, p, sides[0], 2, true);
        let far = castle_paths(&g);
        put_ck_knight(&mut g, p, far[0], 1, false);
        put_ck_knight(&mut g, p, far[1], 1, false);
        g.apply(Action::EndTurn { player: p }).unwrap();
        g.apply(Action::EndTurn { player: p }).unwrap();
        g.apply(Action::Barb(BarbAction::ExpelBarbarians { player: p, hex: h }))
            .unwrap();
        let o = g.path_orientation(sides[0]);
        g.apply(Action::Chance(Outcome::Barb(BarbOutcome::CastleDie { face: o + 1 })))
            .unwrap();
        assert!(g.path_knight(sides[0]).is_none());
        assert_eq!(g.players[p.index()].ck.knights_left, [0, 2, 2]);
        g.check_invariants().unwrap();
    }

    #[test]
    fn with_cities_and_knights_option_battle_count_board_compares_with_every_barbarian() {
        let mut g = barb_ck_main(4, 8);
        g.rules.barb.ck_battle_count = crate::rules::barb::options::BattleCount::Board;
        let h = g.coastal_hex_numbered(4).unwrap();
        barbarians_ck(&mut g, h, 1);
        let p = g.current();
        let sides = g.board.topology.hex(h).unwrap().sides;
        put_ck_knight(&mut g, p, sides[0], 2, true);
        // The starting barbarians on the 2 and the 12 count too: 3 on the board against 2.
        assert_eq!(g.barb.on_board(), 3);
        assert!(!g.battle_possible(h));
        g.barb.update_knight(sides[0], |k| k.level = 3);
        assert!(!g.battle_possible(h), "3 against 3");
        g.rules.barb.ck_battle_count = crate::rules::barb::options::BattleCount::Hex;
        assert!(g.battle_possible(h));
    }
}
