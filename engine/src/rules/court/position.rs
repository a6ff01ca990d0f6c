//! The Court's part of a declared position ([`crate::position::Setup`]): soldiers captured by
//! the declared roads, prisoners, nobles, banners and Most Influence, validated into the game,
//! and written back by `to_setup`.

use crate::ids::{PlayerId, VertexId};
use crate::position::{err, PositionError, Setup, Subject};
use crate::state::Game;

impl Game {
    /// The Court part of a declared position: the soldiers the declared roads have reached
    /// are prisoners (checked unless opted out: for each colour the soldiers gone from the board
    /// equal the prisoners declared, and no building stands on a soldier); tricolour banners
    /// follow from the prisoners; colour banners and Most Influence are computed (the single
    /// player with most, at least 3) or declared (needed on a tie) and checked; at most 20
    /// nobles.
    pub(crate) fn declare_court(&mut self, s: &Setup) -> Result<(), PositionError> {
        use crate::court::{SoldierColour, FIRST_CLAIM, NOBLES, SOLDIERS_PER_COLOUR, TRICOLOUR_BANNERS};
        let n = s.players.len();
        let topo = &s.board.topology;
        let mut gone = [0u8; 3];
        for &v in &s.court.captured {
            match self.court.soldiers.get(v.index()).copied().flatten() {
                Some(c) => {
                    self.court.soldiers[v.index()] = None;
                    gone[c.index()] += 1;
                }
                None => {
                    return Err(err(
                        Subject::Court,
                        "a captured intersection holds no soldier at the start of the game".into(),
                    ))
                }
            }
        }
        for v in 0..self.court.soldiers.len() {
            let Some(c) = self.court.soldiers[v] else { continue };
            let touched = topo
                .vertex(VertexId(v as u16))
                .is_some_and(|info| info.edges.iter().any(|e| self.roads[e.index()].is_some()));
            if touched {
                self.court.soldiers[v] = None;
                gone[c.index()] += 1;
            } else if s.checked {
                if let Some(site) = self.sites[v] {
                    return Err(err(
                        Subject::Settlement(site.owner, VertexId(v as u16)),
                        format!(
                            "a {} soldier stands here and no road has reached it: no building can stand on it",
                            c
                        ),
                    ));
                }
            }
        }
        for (i, ps) in s.players.iter().enumerate() {
            self.court.prisoners[i] = ps.court.prisoners;
            self.court.nobles[i] = ps.court.nobles;
        }
        if s.checked {
            for c in SoldierColour::ALL {
                let declared: u32 = s.players.iter().map(|p| p.court.prisoners[c.index()] as u32).sum();
                if declared != gone[c.index()] as u32 {
                    let who = (0..n)
                        .find(|&i| s.players[i].court.prisoners[c.index()] > 0)
                        .unwrap_or(0);
                    return Err(err(
                        Subject::Prisoners(PlayerId(who as u8)),
                        format!(
                            "the roads of this position have reached {} {c} soldiers, but the players hold {declared} {c} prisoners",
                            gone[c.index()]
                        ),
                    ));
                }
            }
        } else {
            for c in SoldierColour::ALL {
                let declared: u32 = s.players.iter().map(|p| p.court.prisoners[c.index()] as u32).sum();
                if declared > SOLDIERS_PER_COLOUR as u32 {
                    return Err(err(
                        Subject::Prisoners(PlayerId(0)),
                        format!("{declared} {c} prisoners, but there are only {SOLDIERS_PER_COLOUR}"),
                    ));
                }
            }
        }
        let sent: u32 = s.players.iter().map(|p| p.court.nobles as u32).sum();
        if sent > NOBLES as u32 {
            let who = (0..n).max_by_key(|&i| s.players[i].court.nobles).unwrap_or(0);
            return Err(err(
                Subject::Nobles(PlayerId(who as u8)),
                format!("{sent} nobles at the Court, but there are only {NOBLES}"),
            ));
        }
        for i in 0..n {
            if self.court.prisoners[i].iter().all(|k| *k > 0) && self.court.tricolours_taken() < TRICOLOUR_BANNERS {
                self.court.tricolour |= 1 << i;
            }
        }
        // A holder of "first to 3, strictly more takes it": computed, or declared and checked.
        let holder = |counts: &[u8], declared: Option<Option<PlayerId>>, subject: Subject, what: &str| {
            let max = counts.iter().copied().max().unwrap_or(0);
            let at_max: Vec<usize> = (0..counts.len()).filter(|&i| counts[i] == max).collect();
            match declared {
                None if max < FIRST_CLAIM => Ok(None),
                None if at_max.len() == 1 => Ok(Some(PlayerId(at_max[0] as u8))),
                None => Err(err(
                    subject,
                    format!("several players tie for {what} with {max}: declare who holds it"),
                )),
                Some(None) if max >= FIRST_CLAIM && s.checked => {
                    Err(err(subject, format!("somebody has {max}, so somebody holds {what}")))
                }
                Some(Some(h)) if s.checked && (counts.get(h.index()).copied().unwrap_or(0) < FIRST_CLAIM.max(max)) => {
                    Err(err(
                        subject,
                        format!("{what} goes to a player with at least 3 and nobody with more"),
                    ))
                }
                Some(d) => Ok(d),
            }
        };
        for c in SoldierColour::ALL {
            let counts: Vec<u8> = (0..n).map(|i| self.court.prisoners[i][c.index()]).collect();
            self.court.banners[c.index()] = holder(
                &counts,
                s.court.banners[c.index()],
                Subject::Banner(c),
                &format!("the {c} banner"),
            )?;
        }
        let counts: Vec<u8> = (0..n).map(|i| self.court.nobles[i]).collect();
        self.court.influence = holder(&counts, s.court.influence, Subject::Influence, "Most Influence")?;
        Ok(())
    }

    /// The Court: intersections whose soldier is gone although no road touches them now.
    pub(crate) fn captured_off_roads(&self) -> Vec<VertexId> {
        if !self.rules.court() {
            return Vec::new();
        }
        let Ok(start) = crate::court::initial_soldiers(&self.board) else {
            return Vec::new();
        };
        (0..start.len())
            .map(|v| VertexId(v as u16))
            .filter(|v| start[v.index()].is_some() && self.court.soldier(*v).is_none())
            .filter(|v| {
                !self
                    .board
                    .topology
                    .vertex(*v)
                    .is_some_and(|info| info.edges.iter().any(|e| self.roads[e.index()].is_some()))
            })
            .collect()
    }
}
