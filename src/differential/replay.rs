//! Replays a catanatron recording through this engine: every recorded action is translated
//! to this engine's actions (with its chance outcome forced) and, after every step, the
//! public state is compared. The first difference stops the game.
//!
//! Normalisation (how the two engines split one decision):
//! - catanatron's `ROLL (d1, d2)` is `Roll` then `Chance(Dice)`;
//! - `BUY_DEVELOPMENT_CARD card` is `BuyDevCard` then `Chance(DevCard)`;
//! - `MOVE_ROBBER (hex, victim, card)` is `MoveRobber`, then (with a victim) `Rob` and
//!   `Chance(Steal)`; with no victim, `Rob` is not asked when nobody can be robbed;
//! - `DISCARD cards` (catanatron picks them at random) is this engine's `Discard` choice;
//! - `MARITIME_TRADE (c, c, c, c, get)` gives the non-null cards at their count as the rate.

use super::geometry::{resource_of, PlaceMap};
use super::recording::{PublicState, Recording};
use catan_engine::{Action, Board, Cards, Colour, DevCard, Game, Outcome, PlayerId, Resource, Ruleset};
use serde_json::Value;
use std::collections::BTreeSet;
use std::sync::Arc;

/// catanatron's resource order (wood, brick, sheep, wheat, ore) in this engine's terms.
const RESOURCES: [Resource; 5] = [
    Resource::Lumber,
    Resource::Brick,
    Resource::Wool,
    Resource::Grain,
    Resource::Ore,
];

/// The first difference in a replay.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Difference {
    /// The known divergence it is an instance of (`D2` …, see the README of
    /// `tools/differential/`), or `None` when unclassified.
    pub known: Option<&'static str>,
    /// catanatron's step number.
    pub step: u32,
    /// The recorded action.
    pub action: String,
    /// What differed, with both views.
    pub detail: String,
    /// With [`replay_keeping_position`]: the position before the step as a scenario file
    /// (from `trace --emit-scenario`'s emitter), the step and both views in its comment.
    pub scenario: Option<String>,
}

/// What a replay did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayReport {
    /// Steps compared (all of them when there is no difference).
    pub steps: u32,
    /// The first difference, if any.
    pub difference: Option<Difference>,
}

fn colour_of(name: &str) -> Option<Colour> {
    Some(match name {
        "RED" => Colour::Red,
        "BLUE" => Colour::Blue,
        "WHITE" => Colour::White,
        "ORANGE" => Colour::Orange,
        _ => return None,
    })
}

fn dev_of(name: &str) -> Option<DevCard> {
    Some(match name {
        "KNIGHT" => DevCard::Knight,
        "YEAR_OF_PLENTY" => DevCard::YearOfPlenty,
        "MONOPOLY" => DevCard::Monopoly,
        "ROAD_BUILDING" => DevCard::RoadBuilding,
        "VICTORY_POINT" => DevCard::VictoryPoint,
        _ => return None,
    })
}

fn res(v: &Value) -> Result<Resource, String> {
    v.as_str()
        .and_then(resource_of)
        .ok_or_else(|| format!("not a resource: {v}"))
}

fn node(v: &Value) -> Result<u16, String> {
    v.as_u64()
        .and_then(|n| u16::try_from(n).ok())
        .ok_or_else(|| format!("not a node id: {v}"))
}

/// Translates one recorded action into this engine's actions (chance included).
fn translate(game: &Game, map: &PlaceMap, board: &Board, action: &Value) -> Result<Vec<Action>, String> {
    let parts = action
        .as_array()
        .filter(|a| a.len() == 3)
        .ok_or("an action is [colour, type, value]")?;
    let colour = parts[0].as_str().and_then(colour_of).ok_or("unknown colour")?;
    let player = game.player_by_colour(colour).ok_or("colour not seated")?;
    let kind = parts[1].as_str().ok_or("action type is not a string")?;
    let value = &parts[2];
    let vertex =
        |v: &Value| -> Result<_, String> { map.vertex(board, node(v)?).ok_or_else(|| format!("node {v} unmapped")) };
    Ok(match kind {
        "BUILD_SETTLEMENT" => vec![Action::BuildSettlement {
            player,
            at: vertex(value)?,
        }],
        "BUILD_CITY" => vec![Action::BuildCity {
            player,
            at: vertex(value)?,
        }],
        "BUILD_ROAD" => {
            let ends = value.as_array().filter(|e| e.len() == 2).ok_or("a road is two nodes")?;
            let at = map
                .edge(board, node(&ends[0])?, node(&ends[1])?)
                .ok_or("edge unmapped")?;
            vec![Action::BuildRoad { player, at }]
        }
        "BUY_DEVELOPMENT_CARD" => {
            let card = value.as_str().and_then(dev_of).ok_or("unknown development card")?;
            vec![Action::BuyDevCard { player }, Action::Chance(Outcome::DevCard { card })]
        }
        "ROLL" => {
            let d = value.as_array().filter(|d| d.len() == 2).ok_or("a roll is two dice")?;
            let die = |v: &Value| v.as_u64().and_then(|n| u8::try_from(n).ok()).ok_or("bad die");
            let (red, yellow) = (die(&d[0])?, die(&d[1])?);
            vec![Action::Roll { player }, Action::Chance(Outcome::Dice { red, yellow })]
        }
        "DISCARD" => {
            let mut cards = Cards::EMPTY;
            for c in value.as_array().ok_or("a discard is a card list")? {
                cards.add(res(c)?.card(), 1);
            }
            vec![Action::Discard { player, cards }]
        }
        "MOVE_ROBBER" => translate_robber(game, map, board, player, value)?,
        "PLAY_KNIGHT_CARD" => vec![Action::PlayKnight { player }],
        "PLAY_ROAD_BUILDING" => vec![Action::PlayRoadBuilding { player }],
        "PLAY_MONOPOLY" => vec![Action::PlayMonopoly {
            player,
            resource: res(value)?,
        }],
        "PLAY_YEAR_OF_PLENTY" => {
            let cards = value.as_array().ok_or("year of plenty takes a list")?;
            match cards.as_slice() {
                [a, b] => vec![Action::PlayYearOfPlenty {
                    player,
                    take: [res(a)?, res(b)?],
                }],
                _ => {
                    return Err(format!(
                        "year of plenty taking {}",
                        catan_dsl::report::count(cards.len(), "card", "cards")
                    ))
                }
            }
        }
        "MARITIME_TRADE" => {
            let cards = value
                .as_array()
                .filter(|c| c.len() == 5)
                .ok_or("a maritime trade is five slots")?;
            let given: Vec<&Value> = cards[..4].iter().filter(|c| !c.is_null()).collect();
            let give = res(given.first().ok_or("a trade giving nothing")?)?;
            let rate = u8::try_from(given.len()).map_err(|_| "rate")?;
            vec![Action::MaritimeTrade {
                player,
                give: give.card(),
                rate,
                get: res(&cards[4])?.card(),
            }]
        }
        "END_TURN" => vec![Action::EndTurn { player }],
        other => return Err(format!("unknown action type {other}")),
    })
}

fn translate_robber(
    game: &Game,
    map: &PlaceMap,
    board: &Board,
    player: PlayerId,
    value: &Value,
) -> Result<Vec<Action>, String> {
    let v = value
        .as_array()
        .filter(|v| v.len() == 3)
        .ok_or("a robber move is (hex, victim, card)")?;
    let cube: [i8; 3] = serde_json::from_value(v[0].clone()).map_err(|e| e.to_string())?;
    let hex = map
        .tiles
        .get(&cube)
        .and_then(|c| board.topology.hex_at(*c))
        .ok_or("robber hex unmapped")?;
    let mut out = vec![Action::MoveRobber { player, to: hex }];
    if v[1].is_null() {
        // catanatron offers no steal when every adjacent opponent is empty-handed; this
        // engine still asks which of them is robbed (nothing is taken): name the first.
        let mut after = game.clone();
        if after.apply(out[0]).is_ok() {
            let mut legal = Vec::new();
            after.legal_actions(&mut legal);
            let victims: Vec<PlayerId> = legal
                .iter()
                .filter_map(|a| match a {
                    Action::Rob { victim, .. } => Some(*victim),
                    _ => None,
                })
                .collect();
            let empty = |p: &PlayerId| after.player(*p).is_some_and(|s| s.hand.total() == 0);
            if let Some(&victim) = victims.first().filter(|_| victims.iter().all(empty)) {
                out.push(Action::Rob { player, victim });
            }
        }
    } else if let Some(name) = v[1].as_str() {
        let victim = colour_of(name)
            .and_then(|c| game.player_by_colour(c))
            .ok_or("unknown victim")?;
        out.push(Action::Rob { player, victim });
        out.push(Action::Chance(Outcome::Steal {
            card: res(&v[2])?.card(),
        }));
    }
    Ok(out)
}

/// Compares this engine's public state with catanatron's; `Err` describes the first
/// difference with both views.
fn compare(game: &Game, map: &PlaceMap, board: &Board, theirs: &PublicState) -> Result<(), String> {
    let bank: Vec<u32> = RESOURCES.iter().map(|r| u32::from(game.bank().get(r.card()))).collect();
    if bank != theirs.bank {
        return Err(format!(
            "bank: ours {bank:?}, catanatron {:?} (wood brick sheep wheat ore)",
            theirs.bank
        ));
    }
    if game.dev_deck().total() != theirs.dev_deck {
        return Err(format!(
            "development deck: ours {}, catanatron {}",
            game.dev_deck().total(),
            theirs.dev_deck
        ));
    }
    let robber = map.tiles.get(&theirs.robber).and_then(|c| board.topology.hex_at(*c));
    if game.robber() != robber {
        return Err(format!(
            "robber: ours {:?}, catanatron {:?}",
            game.robber(),
            theirs.robber
        ));
    }
    for p in &theirs.players {
        let id = colour_of(&p.color)
            .and_then(|c| game.player_by_colour(c))
            .ok_or("unknown colour")?;
        let ours = game.player(id).ok_or("unknown player")?;
        let hand: Vec<u32> = RESOURCES.iter().map(|r| u32::from(ours.hand.get(r.card()))).collect();
        let pieces = [
            u32::from(ours.roads_left),
            u32::from(ours.settlements_left),
            u32::from(ours.cities_left),
        ];
        let checks = [
            (
                "hand (wood brick sheep wheat ore)",
                format!("{hand:?}"),
                format!("{:?}", p.hand),
            ),
            (
                "pieces left (roads settlements cities)",
                format!("{pieces:?}"),
                format!("{:?}", [p.roads_left, p.settlements_left, p.cities_left]),
            ),
            ("visible VP", game.public_vp(id).to_string(), p.vp.to_string()),
            (
                "knights played",
                ours.knights_played.to_string(),
                p.dev_played[0].to_string(),
            ),
            (
                "holds Longest Road",
                (game.longest_road() == Some(id)).to_string(),
                p.longest_road.to_string(),
            ),
            (
                "holds Largest Army",
                (game.largest_army() == Some(id)).to_string(),
                p.largest_army.to_string(),
            ),
        ];
        for (what, a, b) in checks {
            if a != b {
                return Err(format!("{} {what}: ours {a}, catanatron {b}", p.color));
            }
        }
    }
    Ok(())
}

/// Replays a recording; an `Err` is a recording this replay cannot read.
pub fn replay(rec: &Recording) -> Result<ReplayReport, String> {
    replay_keeping_position(rec, false)
}

/// [`replay`], and with `keep` the first difference carries the position before its step as
/// a scenario file (`replay --shrink-to`).
pub fn replay_keeping_position(rec: &Recording, keep: bool) -> Result<ReplayReport, String> {
    let h = &rec.header;
    if h.vps_to_win != 10 || h.discard_limit != 7 {
        return Err(format!(
            "catanatron ran with {} VP to win and discard limit {}; base CATAN is 10 and 7",
            h.vps_to_win, h.discard_limit
        ));
    }
    let (board, map) = super::geometry::board_from_header(h)?;
    let colours: Vec<Colour> = h
        .colors
        .iter()
        .map(|c| colour_of(c).ok_or(format!("unknown colour {c}")))
        .collect::<Result<_, _>>()?;
    let board = Arc::new(board);
    let mut rules = Ruleset::base();
    // Reading difference R1 (README): catanatron pays nobody a resource the bank cannot pay
    // in full, even a single claimant.
    rules.set_option("shortage", "nobody-ever").map_err(|e| e.to_string())?;
    // Reading difference R2 (README): before the roll catanatron offers the knight only.
    rules
        .set_option("dev-before-roll", "knight-only")
        .map_err(|e| e.to_string())?;
    // Reading difference R3 (README): catanatron does not offer Road Building while no road
    // can be placed.
    rules
        .set_option("road-building-without-road", "refused")
        .map_err(|e| e.to_string())?;
    let mut game = Game::new(rules, board.clone(), &colours, PlayerId(0)).map_err(|e| e.to_string())?;
    if let Err(detail) = compare(&game, &map, &board, &h.state) {
        return Ok(ReplayReport {
            steps: 0,
            difference: Some(Difference {
                known: None,
                step: 0,
                action: "(start)".into(),
                detail,
                scenario: None,
            }),
        });
    }
    let mut steps = 0;
    for step in &rec.steps {
        let action = step.action.to_string();
        let before = keep.then(|| game.clone());
        let diff = |detail: String, known: Option<&'static str>| {
            let scenario = before.as_ref().and_then(|g| {
                let note = format!(
                    "catanatron seed {} step {}: {action}\nfirst difference ({}): {detail}",
                    h.seed,
                    step.i,
                    known.unwrap_or("unclassified")
                );
                // A position in the middle of a decision cannot be written: no scenario then.
                crate::emit::scenario_text(g, &format!("catanatron seed {} step {}", h.seed, step.i), &note).ok()
            });
            Some(Difference {
                known,
                step: step.i,
                action: action.clone(),
                detail,
                scenario,
            })
        };
        let legal_theirs = super::normalise::theirs(&map, &board, &step.legal);
        let legal_ours = super::normalise::ours(&game);
        if let Some(detail) = super::normalise::differ(&legal_ours, &legal_theirs) {
            let known = one_card_year_of_plenty(&legal_ours, &legal_theirs).then_some("D5");
            return Ok(ReplayReport {
                steps,
                difference: diff(detail, known),
            });
        }
        let ours = translate(&game, &map, &board, &step.action)?;
        for a in ours {
            if let Err(e) = game.apply(a) {
                return Ok(ReplayReport {
                    steps,
                    difference: diff(format!("this engine refuses {a:?}: {e}"), None),
                });
            }
        }
        steps += 1;
        if let Err(detail) = compare(&game, &map, &board, &step.state) {
            let known = if road_into_opponent(&game, &step.state) {
                Some("D2")
            } else if holder_reassigned_after_cut(&game, &step.action, &step.state) {
                Some("D3")
            } else {
                None
            };
            return Ok(ReplayReport {
                steps,
                difference: diff(detail, known),
            });
        }
    }
    Ok(ReplayReport {
        steps,
        difference: None,
    })
}

/// Known divergence D2: catanatron's longest-road search never steps onto an intersection
/// holding an opponent's building, so a road's last piece ending there is not counted. True
/// when some player's road length differs from catanatron's and one of that player's roads
/// ends at an opponent's building.
fn road_into_opponent(game: &Game, theirs: &PublicState) -> bool {
    theirs.players.iter().any(|p| {
        let Some(id) = colour_of(&p.color).and_then(|c| game.player_by_colour(c)) else {
            return false;
        };
        let Some(ours) = game.player(id) else { return false };
        if u32::from(game.road_length(id)) == p.longest_road_length {
            return false;
        }
        ours.roads.iter().any(|&e| {
            let ends = game.board().topology.edge(e).map(|info| info.vertices);
            ends.is_some_and(|vs| vs.iter().any(|&v| game.site(v).is_some_and(|s| s.owner != id)))
        })
    })
}

/// Known divergence D3: when a settlement cuts an opponent's road, catanatron gives Longest
/// Road to the first player with the greatest length, whoever held it (ties included) and
/// whatever the length. True after a settlement built in play when the holders differ.
fn holder_reassigned_after_cut(game: &Game, action: &Value, theirs: &PublicState) -> bool {
    let is_settlement = action.get(1).and_then(Value::as_str) == Some("BUILD_SETTLEMENT");
    let theirs_holder = theirs
        .players
        .iter()
        .find(|p| p.longest_road)
        .and_then(|p| colour_of(&p.color))
        .and_then(|c| game.player_by_colour(c));
    is_settlement && game.longest_road() != theirs_holder
}

/// Known divergence D5: catanatron offers Year of Plenty for a single card when the bank
/// cannot pay some pair of resources, though the card takes two. True when the two legal
/// sets differ only by catanatron's one-card Year of Plenty entries.
fn one_card_year_of_plenty(ours: &BTreeSet<String>, theirs: &BTreeSet<String>) -> bool {
    let only_theirs: Vec<&String> = theirs.difference(ours).collect();
    ours.is_subset(theirs)
        && !only_theirs.is_empty()
        && only_theirs
            .iter()
            .all(|a| a.strip_prefix("year-of-plenty ").is_some_and(|r| !r.contains(' ')))
}

#[cfg(test)]
mod tests {
    use super::one_card_year_of_plenty;
    use std::collections::BTreeSet;

    fn set(items: &[&str]) -> BTreeSet<String> {
        items.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn d5_is_recognised_only_when_catanatron_adds_one_card_year_of_plenty() {
        let ours = set(&["end-turn", "year-of-plenty grain ore"]);
        let theirs = set(&["end-turn", "year-of-plenty grain ore", "year-of-plenty ore"]);
        assert!(one_card_year_of_plenty(&ours, &theirs));
        // Anything else differing is not D5.
        let theirs_more = set(&["end-turn", "year-of-plenty ore", "monopoly ore"]);
        assert!(!one_card_year_of_plenty(&set(&["end-turn"]), &theirs_more));
        // Ours holding something theirs lacks is not D5.
        assert!(!one_card_year_of_plenty(
            &set(&["end-turn", "roll"]),
            &set(&["end-turn", "year-of-plenty ore"])
        ));
        // Equal sets are no difference at all.
        assert!(!one_card_year_of_plenty(&ours, &ours));
    }
}
