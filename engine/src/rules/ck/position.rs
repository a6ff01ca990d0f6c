//! The Cities & Knights part of a declared position ([`crate::position::Setup`]): knights,
//! city walls, improvements, progress cards, metropolises, the merchant, the barbarian ship
//! and the progress decks, validated into the game, and written back by `to_setup`.

use crate::ids::{PlayerId, VertexId};
use crate::position::{err, KnightSetup, PlayerSetup, PositionError, Setup, Subject};
use crate::progress::{ProgressCard, ProgressDeck, Track};
use crate::state::{Building, Game, Knight, KNIGHTS_PER_LEVEL, WALLS_PER_PLAYER};

impl Game {
    /// The Cities & Knights part of a declared position, checked unless opted out: at most
    /// 2 knights per strength, each on an empty intersection touching its owner's road; at
    /// most 3 walls, each under its owner's city; levels 0–5; a metropolis on a city of a
    /// player at level 4 or more, present whenever somebody is at level 4; progress cards
    /// adding up to the 54 of the decks; the robber off the board before the first attack
    /// (unless option `robber-before-attack in-desert`).
    pub(crate) fn declare_cities_and_knights(&mut self, s: &Setup) -> Result<(), PositionError> {
        for (i, ps) in s.players.iter().enumerate() {
            let p = PlayerId(i as u8);
            self.declare_knights(p, ps, s.checked)?;
            self.declare_walls(p, ps, s.checked)?;
            self.declare_ck_cards(p, ps)?;
        }
        // What the knights hold in place (Seafarers: ships) is known once they stand.
        self.after_knights_changed_ext(&[]);
        self.declare_metropolises(s)?;
        self.declare_merchant_and_barbarians(s)?;
        self.declare_progress_decks(s)
    }

    /// A player's knights: strength 1–3, each on an intersection of its own; checked, at most
    /// 2 per strength and each touching one of the owner's roads.
    fn declare_knights(&mut self, p: PlayerId, ps: &PlayerSetup, checked: bool) -> Result<(), PositionError> {
        let i = p.index();
        let mut per_level = [0u8; 3];
        for k in &ps.ck.knights {
            let subject = Subject::Knight(p, k.at);
            if self.board.topology.vertex(k.at).is_none() {
                return Err(err(subject, "this intersection is not on the board".into()));
            }
            if !(1..=3).contains(&k.level) {
                return Err(err(subject, "a knight's strength is 1, 2 or 3".into()));
            }
            if self.sites[k.at.index()].is_some() || self.ck.knights[k.at.index()].is_some() {
                return Err(err(subject, "a knight needs an intersection of its own".into()));
            }
            per_level[k.level as usize - 1] += 1;
            if checked {
                if per_level[k.level as usize - 1] > KNIGHTS_PER_LEVEL {
                    return Err(err(
                        subject,
                        format!("{} has more than 2 knights of strength {}", ps.colour, k.level),
                    ));
                }
                if !self.touches_route_piece(p, k.at) {
                    return Err(err(
                        subject,
                        format!("this knight does not touch any of {}'s roads", ps.colour),
                    ));
                }
            }
            let knight = Knight {
                owner: p,
                level: k.level,
                active: k.active,
                fresh: k.active && k.activated_this_turn,
                promoted: k.promoted_this_turn,
            };
            self.ck.put_knight(k.at, Some(knight));
            self.ck.marked.note(k.at, knight);
        }
        let st = &mut self.players[i];
        for (left, placed) in st.ck.knights_left.iter_mut().zip(per_level) {
            *left = KNIGHTS_PER_LEVEL.saturating_sub(placed);
        }
        Ok(())
    }

    /// A player's city walls: each under one of their cities; checked, at most 3.
    fn declare_walls(&mut self, p: PlayerId, ps: &PlayerSetup, checked: bool) -> Result<(), PositionError> {
        let i = p.index();
        if checked && ps.ck.walls.len() > WALLS_PER_PLAYER as usize {
            return Err(err(
                Subject::Player(p),
                format!("{} has {} city walls; the limit is 3", ps.colour, ps.ck.walls.len()),
            ));
        }
        let st = &mut self.players[i];
        st.ck.walls_left = WALLS_PER_PLAYER.saturating_sub(ps.ck.walls.len() as u8);
        for &w in &ps.ck.walls {
            let under_city = self
                .sites
                .get(w.index())
                .copied()
                .flatten()
                .is_some_and(|site| site.owner == p && site.building == Building::City);
            if !under_city {
                return Err(err(
                    Subject::Wall(p, w),
                    format!("a city wall stands under one of {}'s cities", ps.colour),
                ));
            }
            self.ck.walls[w.index()] = true;
        }
        Ok(())
    }

    /// A player's improvement levels (0–5), victory point tokens and progress cards (victory
    /// point cards face up, the others in the hand).
    fn declare_ck_cards(&mut self, p: PlayerId, ps: &PlayerSetup) -> Result<(), PositionError> {
        let i = p.index();
        if ps.ck.improvements.iter().any(|&l| l > 5) {
            return Err(err(Subject::Improvements(p), "a track has levels 0 to 5".into()));
        }
        let st = &mut self.players[i];
        st.ck.improvements = ps.ck.improvements;
        st.ck.vp_tokens = ps.ck.vp_tokens;
        if let Some(c) = ps.ck.progress.iter().map(|(c, _)| c).find(|c| c.is_victory_point()) {
            return Err(err(
                Subject::Progress(p),
                format!("{c} is a victory point card: it lies face up, not in the hand"),
            ));
        }
        if let Some(c) = ps.ck.progress_vp.iter().map(|(c, _)| c).find(|c| !c.is_victory_point()) {
            return Err(err(Subject::Progress(p), format!("{c} is not a victory point card")));
        }
        st.ck.progress = ps.ck.progress.into();
        st.ck.progress_vp = ps.ck.progress_vp;
        Ok(())
    }

    /// Each track's metropolis: on a city of a player at level 4 or more with the highest
    /// level; checked, present whenever somebody is at level 4.
    fn declare_metropolises(&mut self, s: &Setup) -> Result<(), PositionError> {
        let checked = s.checked;
        // Metropolises.
        for t in Track::ALL {
            let best = self.players.iter().map(|p| p.level(t)).max().unwrap_or(0);
            match s.ck.metropolis[t.index()] {
                Some(v) => {
                    let owner = self
                        .sites
                        .get(v.index())
                        .copied()
                        .flatten()
                        .filter(|site| site.building == Building::City)
                        .map(|site| site.owner);
                    let Some(owner) = owner else {
                        return Err(err(Subject::Metropolis(t), "a metropolis stands on a city".into()));
                    };
                    if self.metropolis_at(v).is_some() {
                        return Err(err(Subject::Metropolis(t), "one city holds two metropolises".into()));
                    }
                    let level = self.players[owner.index()].level(t);
                    if checked && (level < 4 || level < best) {
                        return Err(err(
                            Subject::Metropolis(t),
                            format!(
                                "the {t} metropolis belongs to a player at level 4 or more with the highest {t} level"
                            ),
                        ));
                    }
                    self.set_metropolis(t, Some(v));
                    self.ck.metropolis_final[t.index()] = level >= 5;
                }
                None => {
                    if checked && best >= 4 {
                        return Err(err(
                            Subject::Metropolis(t),
                            format!("a player is at {t} level {best}: the {t} metropolis must be placed"),
                        ));
                    }
                }
            }
        }
        Ok(())
    }

    /// The merchant on a land hex; the barbarian ship before the end of its track; the
    /// robber beside the track before the first attack (option `robber-before-attack`).
    fn declare_merchant_and_barbarians(&mut self, s: &Setup) -> Result<(), PositionError> {
        let checked = s.checked;
        // Merchant.
        if let Some((h, owner)) = s.ck.merchant {
            if self.board.topology.hex(h).is_none()
                || !self.board.terrain[h.index()].is_land()
                || owner.index() >= self.players.len()
            {
                return Err(err(
                    Subject::Merchant,
                    "the merchant stands on a land hex of the board".into(),
                ));
            }
            self.ck.merchant = Some((h, owner));
        }
        // Barbarians and robber.
        if s.ck.barbarians >= self.rules.ck.barbarian_track {
            return Err(err(
                Subject::Barbarians,
                format!(
                    "the barbarian ship is at step {} of {}: it attacks on arrival, so it stands before the end",
                    s.ck.barbarians, self.rules.ck.barbarian_track
                ),
            ));
        }
        self.ck.barbarians = s.ck.barbarians;
        self.ck.attacks = s.ck.barbarian_attacks;
        if s.ck.barbarian_attacks == 0 {
            if checked
                && s.robber.is_some()
                && self.rules.ck.robber_before_attack == crate::ruleset::RobberBeforeAttack::BesideTrack
            {
                return Err(err(
                    Subject::Robber,
                    "before the first barbarian attack the robber waits beside the barbarian track".into(),
                ));
            }
        } else if s.robber.is_none() {
            self.robber = self.desert();
        }
        Ok(())
    }

    /// The progress decks: declared, or the full decks less the cards held; checked, adding
    /// up to the 54 cards of the game. Also the turn's Merchant Fleets and Commercial Harbor.
    fn declare_progress_decks(&mut self, s: &Setup) -> Result<(), PositionError> {
        let checked = s.checked;
        // Decks.
        let decks = match s.ck.decks {
            Some(d) => d,
            None => {
                let mut d = [
                    ProgressDeck::full(Track::Science),
                    ProgressDeck::full(Track::Trade),
                    ProgressDeck::full(Track::Politics),
                ];
                for (i, ps) in s.players.iter().enumerate() {
                    for (c, k) in ps.ck.progress.iter().chain(ps.ck.progress_vp.iter()) {
                        let unseen = &mut d[c.track().index()].unseen;
                        if unseen.get(c) < k {
                            return Err(err(
                                Subject::Progress(PlayerId(i as u8)),
                                format!("more {c} cards are held than the deck has ({})", c.copies()),
                            ));
                        }
                        unseen.remove(c, k);
                    }
                }
                d
            }
        };
        if checked {
            for c in ProgressCard::ALL {
                let held: u32 = s
                    .players
                    .iter()
                    .map(|p| p.ck.progress.get(c) as u32 + p.ck.progress_vp.get(c) as u32)
                    .sum();
                let total = held + decks[c.track().index()].count(c);
                if total != c.copies() as u32 {
                    return Err(err(
                        Subject::Decks,
                        format!("{total} {c} cards in decks and hands; the game has {}", c.copies()),
                    ));
                }
            }
        }
        self.ck.decks = decks;
        self.ck.fleet = s.ck.fleet;
        self.ck.harbor = s.ck.harbor.is_some();
        self.ck.harbor_done = s.ck.harbor.unwrap_or(0);
        Ok(())
    }

    /// The Cities & Knights part of the game, written into a [`Setup`] (see `to_setup`).
    pub(crate) fn export_cities_and_knights(&self, s: &mut Setup) {
        for v in 0..self.sites.len() {
            let v = VertexId(v as u16);
            if let (Some(site), true) = (self.sites[v.index()], self.wall(v)) {
                s.players[site.owner.index()].ck.walls.push(v);
            }
        }
        for (ps, st) in s.players.iter_mut().zip(&self.players) {
            ps.ck.improvements = st.ck.improvements;
            ps.ck.progress = st.ck.progress.cards();
            ps.ck.progress_vp = st.ck.progress_vp;
            ps.ck.vp_tokens = st.ck.vp_tokens;
        }
        for (at, k) in self.knights() {
            s.players[k.owner.index()].ck.knights.push(KnightSetup {
                at,
                level: k.level,
                active: k.active,
                activated_this_turn: k.fresh,
                promoted_this_turn: k.promoted,
            });
        }
        s.ck.barbarians = self.ck.barbarians;
        s.ck.barbarian_attacks = self.ck.attacks;
        s.ck.metropolis = self.ck.metropolis;
        s.ck.merchant = self.ck.merchant;
        s.ck.decks = Some(self.ck.decks);
        s.ck.fleet = self.ck.fleet;
        s.ck.harbor = self.ck.harbor.then_some(self.ck.harbor_done);
    }
}
