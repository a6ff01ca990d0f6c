//! Barbarian Attack's part of a declared position ([`crate::position::Setup`]): barbarians
//! on hexes, knights on paths, prisoners and gold, validated into the game and written back
//! by `to_setup`.

use crate::ids::{EdgeId, HexId, PlayerId};
use crate::position::{err, PositionError, Setup, Subject};
use crate::state::Game;

/// One player's declared Barbarian Attack pieces.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct BarbPlayerSetup {
    /// Paths holding the player's knights.
    pub knights: Vec<EdgeId>,
    /// Prisoners held.
    pub prisoners: u8,
    /// Gold held.
    pub gold: u16,
}

/// The Barbarian Attack part of a declared position.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct BarbSetup {
    /// Barbarians by hex (`None`: the starting ones on the 2 and the 12).
    pub barbarians: Option<Vec<(HexId, u8)>>,
    /// Knights that have already moved this turn.
    pub moved: Vec<EdgeId>,
    /// With Cities & Knights: knights stronger than basic, with their strength (2 or 3).
    pub levels: Vec<(EdgeId, u8)>,
    /// With Cities & Knights: knights standing up (active).
    pub active: Vec<EdgeId>,
    /// With Cities & Knights: knights promoted this turn.
    pub promoted: Vec<EdgeId>,
    /// Gold purchases made this turn.
    pub purchases: u8,
    /// Scenario cards not yet drawn, by kind (`None`: the full deck); the rest are discarded.
    pub deck: Option<[u8; 4]>,
}

/// The error for Barbarian Attack pieces declared in a game without it.
pub(super) fn declared_without(s: &Setup) -> Option<PositionError> {
    let any = s.barb.barbarians.is_some()
        || !s.barb.moved.is_empty()
        || !s.barb.levels.is_empty()
        || !s.barb.active.is_empty()
        || !s.barb.promoted.is_empty()
        || s.barb.purchases > 0
        || s.barb.deck.is_some()
        || s.players
            .iter()
            .any(|p| !p.barb.knights.is_empty() || p.barb.prisoners > 0 || p.barb.gold > 0);
    any.then(|| {
        err(
            Subject::Rules,
            "barbarians, knights on paths, prisoners and gold exist only in Barbarian Attack".into(),
        )
    })
}

impl Game {
    /// Validates the declared barbarians (coastal hexes, at most 3 each, within the supply),
    /// knights (free paths, at most 6 each), prisoners and gold.
    pub(crate) fn declare_barb(&mut self, s: &Setup) -> Result<(), PositionError> {
        if let Some(list) = &s.barb.barbarians {
            // The declared barbarians replace the starting ones.
            for n in self.barb.barbarians.iter_mut() {
                self.barb.supply += *n;
                *n = 0;
            }
            for &(h, n) in list {
                self.known_hex(h).map_err(|x| err(Subject::Rules, x.to_string()))?;
                if !self.barb.coastal[h.index()] {
                    return Err(err(Subject::Rules, "barbarians stand only on coastal hexes".into()));
                }
                let total = self.barb.barbarians[h.index()] + n;
                if total > super::BARBARIANS_TO_CONQUER {
                    return Err(err(Subject::Rules, "a hex holds at most 3 barbarians".into()));
                }
                if n > self.barb.supply && !self.barb_ck() {
                    return Err(err(Subject::Rules, "more barbarians than the game has".into()));
                }
                self.barb.barbarians[h.index()] = total;
                self.barb.supply = self.barb.supply.saturating_sub(n);
            }
        }
        let ck = self.barb_ck();
        if !ck && (!s.barb.levels.is_empty() || !s.barb.active.is_empty() || !s.barb.promoted.is_empty()) {
            return Err(err(
                Subject::Rules,
                "knights' strengths and standing knights exist only in Barbarian Attack with Cities & Knights".into(),
            ));
        }
        for (i, ps) in s.players.iter().enumerate() {
            let p = PlayerId(i as u8);
            if !ck && ps.barb.knights.len() > super::KNIGHTS_PER_PLAYER as usize {
                return Err(err(Subject::Player(p), "a player has 6 knights".into()));
            }
            for &e in &ps.barb.knights {
                self.declare_path_knight(s, p, e)?;
            }
            if ps.barb.prisoners > self.barb.supply && !self.barb_ck() {
                return Err(err(Subject::Player(p), "more prisoners than barbarians left".into()));
            }
            self.barb.supply = self.barb.supply.saturating_sub(ps.barb.prisoners);
            self.barb.prisoners[i] = ps.barb.prisoners;
            self.barb.gold[i] = ps.barb.gold;
        }
        self.barb.purchases = s.barb.purchases;
        if let Some(deck) = s.barb.deck {
            for (i, n) in deck.iter().enumerate() {
                let full = super::state::BarbCard::DECK[i];
                if *n > full {
                    return Err(err(
                        Subject::Rules,
                        format!("the scenario deck holds {full} of that card"),
                    ));
                }
                self.barb.deck[i] = *n;
                self.barb.discards[i] = full - n;
            }
        }
        if self.barb_ck() {
            // Unlimited figures: the ones on the board and held are the ones placed so far.
            self.barb.supply = self.rules.barb.supply;
            self.barb.arrived = self.barb.on_board() + self.barb.held();
        }
        self.refresh_conquest(&mut Vec::new());
        Ok(())
    }

    /// One declared knight on a path: on the base game one of the player's six; with Cities &
    /// Knights a piece of the strength declared out of the player's Cities & Knights supply.
    fn declare_path_knight(&mut self, s: &Setup, p: PlayerId, e: EdgeId) -> Result<(), PositionError> {
        self.known_edge(e).map_err(|x| err(Subject::Player(p), x.to_string()))?;
        if self.barb.knights[e.index()].is_some() {
            return Err(err(Subject::Player(p), "a path holds one knight at most".into()));
        }
        let level = s.barb.levels.iter().find(|(at, _)| *at == e).map_or(1, |&(_, l)| l);
        if !(1..=3).contains(&level) {
            return Err(err(Subject::Player(p), "a knight's strength is 1, 2 or 3".into()));
        }
        if self.barb_ck() {
            let left = &mut self.players[p.index()].ck.knights_left[level as usize - 1];
            if *left == 0 {
                return Err(err(
                    Subject::Player(p),
                    "a player has 2 knights of each strength".into(),
                ));
            }
            *left -= 1;
        } else {
            self.barb.knights_left[p.index()] -= 1;
        }
        self.barb.set_knight(
            e,
            Some(super::state::PathKnight {
                moved: s.barb.moved.contains(&e),
                level,
                active: s.barb.active.contains(&e),
                promoted: s.barb.promoted.contains(&e),
                ..super::state::PathKnight::new(p)
            }),
        );
        Ok(())
    }

    /// Writes the Barbarian Attack part of the game into a setup.
    pub(crate) fn export_barb(&self, s: &mut Setup) {
        let list: Vec<(HexId, u8)> = (0..self.barb.barbarians.len())
            .filter(|&i| self.barb.barbarians[i] > 0)
            .map(|i| (HexId(i as u16), self.barb.barbarians[i]))
            .collect();
        s.barb.barbarians = Some(list);
        s.barb.purchases = self.barb.purchases;
        s.barb.deck = (self.barb.deck != super::state::BarbCard::DECK).then_some(self.barb.deck);
        s.barb.moved = (0..self.barb.knights.len())
            .filter(|&i| self.barb.knights[i].is_some_and(|k| k.moved))
            .map(|i| EdgeId(i as u16))
            .collect();
        let on = |f: fn(&super::state::PathKnight) -> bool| -> Vec<EdgeId> {
            (0..self.barb.knights.len())
                .filter(|&i| self.barb.knights[i].as_ref().is_some_and(f))
                .map(|i| EdgeId(i as u16))
                .collect()
        };
        s.barb.active = on(|k| k.active);
        s.barb.promoted = on(|k| k.promoted);
        s.barb.levels = (0..self.barb.knights.len())
            .filter_map(|i| match self.barb.knights[i] {
                Some(k) if k.level > 1 => Some((EdgeId(i as u16), k.level)),
                _ => None,
            })
            .collect();
        for (i, ps) in s.players.iter_mut().enumerate() {
            ps.barb.knights = (0..self.barb.knights.len())
                .filter(|&e| self.barb.knights[e].is_some_and(|k| k.owner.index() == i))
                .map(|e| EdgeId(e as u16))
                .collect();
            ps.barb.prisoners = self.barb.prisoners[i];
            ps.barb.gold = self.barb.gold[i];
        }
    }
}
