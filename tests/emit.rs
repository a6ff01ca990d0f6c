//! State to scenario: a position written with `emit::scenario_text` loads back (through the
//! scenario language) to the same position, and the game goes on from it exactly as from the
//! original; a position the language cannot state is refused with the reason. Checked over
//! random games of every ruleset stopped at many points of their turns (a property test),
//! Seafarers on both of its maps included, and for board overrides (`swap`, `token`,
//! `soldiers from`, `pirate`), explicit sea boards and each kind of refusal.

use catan_engine::board::TokenPlacement;
use catan_engine::random::{Policy, RandomPlayer};
use catan_engine::{Colour, Game, Phase, PlayerId, Ruleset};
use catan_harness::{emit, load};
use std::sync::Arc;

fn comparable(g: &Game) -> catan_engine::position::Setup {
    let mut s = g.to_setup();
    // The tokens as they lie are compared hex by hex below: whether a number was moved by an
    // override or by Invention is no part of the position.
    s.tokens = None;
    s
}

/// Emits `g`, loads it back, checks it is the same position and returns the loaded game.
fn round_trip(g: &Game, label: &str) -> Game {
    let text = emit::scenario_text(g, label, "round trip")
        .unwrap_or_else(|why| panic!("{label}: a statable position is refused: {why}"));
    let sc = load::load_text("emitted.cat", &text).unwrap_or_else(|e| {
        panic!(
            "{label}: the emitted scenario does not load:\n{}\n{text}",
            e.render(100)
        )
    });
    let back = Game::from_setup(&sc.setup).unwrap_or_else(|e| panic!("{label}: {e}\n{text}"));
    let (a, b) = (comparable(g), comparable(&back));
    assert_eq!(
        format!("{:?}", a.players),
        format!("{:?}", b.players),
        "{label}: players\n{text}"
    );
    assert_eq!(a.bank, b.bank, "{label}: bank\n{text}");
    assert_eq!(a.robber, b.robber, "{label}: robber\n{text}");
    assert_eq!(a.ck.decks, b.ck.decks, "{label}: decks\n{text}");
    assert_eq!(a.dev_deck, b.dev_deck, "{label}: development deck\n{text}");
    assert_eq!(
        (a.current, a.first_player, a.phase, a.turn),
        (b.current, b.first_player, b.phase, b.turn),
        "{label}: turn\n{text}"
    );
    assert_eq!(
        (
            a.longest_road,
            a.largest_army,
            a.ck.barbarians,
            a.ck.barbarian_attacks,
            a.ck.metropolis,
            a.ck.merchant
        ),
        (
            b.longest_road,
            b.largest_army,
            b.ck.barbarians,
            b.ck.barbarian_attacks,
            b.ck.metropolis,
            b.ck.merchant
        ),
        "{label}: holders and track\n{text}"
    );
    assert_eq!(g.court(), back.court(), "{label}: the Court\n{text}");
    assert_eq!(a.barb, b.barb, "{label}: Barbarian Attack\n{text}");
    assert_eq!(
        (
            &a.sea,
            g.board().areas.clone(),
            g.board().pirate_start,
            g.board().victory_target
        ),
        (
            &b.sea,
            back.board().areas.clone(),
            back.board().pirate_start,
            back.board().victory_target
        ),
        "{label}: Seafarers\n{text}"
    );
    assert_eq!(g.rules(), back.rules(), "{label}: rules\n{text}");
    for h in 0..g.board().topology.hex_count() {
        let h = catan_engine::HexId(h as u16);
        assert_eq!(g.token(h), back.token(h), "{label}: token on {h:?}\n{text}");
    }
    assert_eq!(
        g.legal_actions_vec(),
        back.legal_actions_vec(),
        "{label}: legal actions\n{text}"
    );
    back
}

trait Legal {
    fn legal_actions_vec(&self) -> Vec<catan_engine::Action>;
}

impl Legal for Game {
    fn legal_actions_vec(&self) -> Vec<catan_engine::Action> {
        let mut v = Vec::new();
        self.legal_actions(&mut v);
        v
    }
}

/// The board of a game of `rules`: a Seafarers map (New Shores or Through the Desert by
/// `seed`), else the beginner board or a random one.
fn board_of(
    rules: &Ruleset,
    seed: u64,
    players: usize,
    random: bool,
    placement: TokenPlacement,
) -> catan_engine::Board {
    if rules.has(catan_engine::ruleset::Expansion::Seafarers) {
        let map = catan_engine::SeaMap::ALL[(seed % 2) as usize];
        catan_engine::Board::seafarers(map, players, seed).expect("a map")
    } else if random {
        rules.random_board(seed, placement)
    } else {
        rules.beginner_board()
    }
}

#[test]
fn positions_written_as_scenarios_load_back_to_the_same_position() {
    let mut checked = 0;
    for seed in 0..12u64 {
        for kind in 0..8 {
            let rules = ruleset(kind);
            let players = 3 + (seed % 2) as usize;
            let board = board_of(&rules, seed, players, seed % 3 != 0, TokenPlacement::Spiral);
            let mut g = Game::new(rules, Arc::new(board), &Colour::ALL[..players], PlayerId(0)).expect("a game");
            let mut rp = RandomPlayer::new(seed);
            let mut step = 0;
            while g.winner().is_none() && step < 4000 {
                let a = rp.choose(&g, Policy::Builder).expect("an action");
                g.apply(a).expect("a legal action");
                step += 1;
                if step % 97 == 0 && emit::unstatable(&g).is_none() {
                    round_trip(&g, &format!("seed {seed} rules {kind} step {step}"));
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 50, "only {checked} positions checked");
}

fn ruleset(kind: u8) -> Ruleset {
    match kind % 8 {
        0 => Ruleset::base(),
        1 => Ruleset::cities_and_knights(),
        2 => Ruleset::the_court(),
        3 => Ruleset::cities_and_knights_with_court(),
        4 => Ruleset::from_names(["seafarers"]).expect("Seafarers"),
        5 => Ruleset::from_names(["cities-and-knights", "seafarers"]).expect("Seafarers with C&K"),
        6 => Ruleset::from_names(["barbarian-attack"]).expect("Barbarian Attack"),
        _ => Ruleset::from_names(["cities-and-knights", "barbarian-attack"]).expect("Barbarian Attack with C&K"),
    }
}

/// Whether the game is at a moment a position can state: the start of setup, or a turn's
/// before-roll or main step without a pending decision or a turn-long effect.
fn plain_moment(g: &Game) -> bool {
    let s = g.to_setup();
    let turn = matches!(g.phase(), Phase::Main | Phase::BeforeRoll)
        && !g.dev_played_this_turn()
        && s.ck.fleet.is_empty()
        && s.ck.harbor.is_none();
    turn || matches!(
        g.phase(),
        Phase::Setup {
            placed: 0,
            road_from: None
        }
    )
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig { cases: 128, ..Default::default() })]

    /// For random positions of every ruleset: the emitted file loads to the same position and
    /// the rest of the game runs the same from it; or emission refuses, and then the game is
    /// indeed mid-decision, over, or under a turn-long effect.
    #[test]
    fn emitted_positions_are_faithful_or_refused(
        seed in 0u64..1_000_000,
        kind in 0u8..8,
        players in 3usize..=4,
        stop in 0usize..1500,
        random_board in proptest::bool::ANY,
    ) {
        let rules = ruleset(kind);
        let board = board_of(&rules, seed, players, random_board, TokenPlacement::Random);
        let mut g = Game::new(rules, Arc::new(board), &Colour::ALL[..players], PlayerId(0)).expect("a game");
        let mut rp = RandomPlayer::new(seed);
        for _ in 0..stop {
            if g.winner().is_some() {
                break;
            }
            let a = rp.choose(&g, Policy::Uniform).expect("an action");
            g.apply(a).expect("a legal action");
        }
        let label = format!("seed {seed} rules {kind} players {players} step {stop}");
        match emit::scenario_text(&g, &label, "property") {
            Err(why) => {
                proptest::prop_assert!(!plain_moment(&g), "{label}: a plain moment refused: {why}");
                proptest::prop_assert!(!why.is_empty());
            }
            Ok(_) => {
                proptest::prop_assert!(plain_moment(&g), "{label}: emitted though mid-decision");
                let mut back = round_trip(&g, &label);
                // The rest of the original game, applied to both: the same events every step.
                for _ in 0..400 {
                    if g.winner().is_some() {
                        break;
                    }
                    let a = rp.choose(&g, Policy::Uniform).expect("an action");
                    let ours = g.apply(a).expect("a legal action");
                    let theirs = back.apply(a);
                    proptest::prop_assert_eq!(Ok(ours), theirs, "{}: after {:?}", label, a);
                }
            }
        }
    }
}

/// Runs a scenario text and emits the position at its snapshot `at`.
fn emitted_at(text: &str, at: &str) -> (Game, Result<String, String>) {
    let sc = load::load_text("t.cat", text).unwrap_or_else(|e| panic!("{}", e.render(100)));
    let rep = catan_harness::runner::run(&sc);
    let g = rep
        .states
        .iter()
        .find(|(n, _)| n == at)
        .map(|(_, g)| g.clone())
        .unwrap_or_else(|| panic!("no snapshot {at}"));
    let text = emit::scenario_text(&g, "t", "t");
    (g, text)
}

#[test]
fn board_overrides_are_written_so_rolls_pay_the_same() {
    let scenario = "scenario \"t\"\nsource own\nrules base\nboard beginner {\n  swap B K\n  token A 5\n}\n\
        players red blue white\nposition {\n  red:\n    settlements B.n\n    roads B.n-ne\n  blue:\n    \
        settlements K.n\n    roads K.n-ne\n  white:\n    settlements Q.s\n    roads Q.s-sw\n  turn red before-roll\n}\n\
        snapshot \"x\"\n";
    let (g, text) = emitted_at(scenario, "x");
    let text = text.expect("statable");
    assert!(
        text.contains("token B 3") && text.contains("token K 2") && text.contains("token A 5"),
        "{text}"
    );
    let back = round_trip(&g, "overrides");
    // B (pasture, now 3) pays red a wool on a 3, as in the original.
    let (mut a, mut b) = (g.clone(), back);
    for game in [&mut a, &mut b] {
        game.apply(catan_engine::Action::Roll { player: PlayerId(0) }).unwrap();
        game.apply(catan_engine::Action::Chance(catan_engine::Outcome::Dice {
            red: 1,
            yellow: 2,
        }))
        .unwrap();
    }
    assert_eq!(a.player(PlayerId(0)).unwrap().hand, b.player(PlayerId(0)).unwrap().hand);
    assert_eq!(a.player(PlayerId(0)).unwrap().hand.get(catan_engine::CardKind::Wool), 1);
}

#[test]
fn the_soldiers_start_is_written_for_the_court() {
    let scenario = "scenario \"t\"\nsource own\nrules court\nboard beginner {\n  soldiers from L.ne\n}\n\
        players red blue white\nsnapshot \"start\"\n";
    let (g, text) = emitted_at(scenario, "start");
    let text = text.expect("the start of setup is statable");
    assert!(text.contains("soldiers from L.ne"), "{text}");
    let back = round_trip(&g, "soldiers");
    assert_eq!(g.court(), back.court());
    assert_eq!(g.board().soldier_start, back.board().soldier_start);
}

#[test]
fn positions_in_the_middle_of_a_decision_are_refused_with_the_reason() {
    let head = "scenario \"t\"\nsource own\nrules base\nboard beginner\nplayers red blue white\nposition {\n  \
        red:\n    settlements B.n\n    roads B.n-ne\n    hand 9 wool\n    development monopoly, road-building\n  \
        blue:\n    settlements K.n\n    roads K.n-ne\n  white:\n    settlements Q.s\n    roads Q.s-sw\n  \
        turn red before-roll\n}\n";
    let cases = [
        (
            "red rolls 3+4\nsnapshot \"x\"\n",
            "red must decide first (the game waits in `discarding`)",
        ),
        (
            "red plays road-building\nsnapshot \"x\"\n",
            "red must decide first (the game waits in `free-roads`)",
        ),
        (
            "red plays monopoly ore\nsnapshot \"x\"\n",
            "red has played a development card this turn",
        ),
        (
            "red rolls\nsnapshot \"x\"\n",
            "chance must decide first (the game waits in `rolling`)",
        ),
    ];
    for (steps, why) in cases {
        let (_, text) = emitted_at(&format!("{head}{steps}"), "x");
        let err = text.expect_err(steps);
        assert!(err.starts_with(why), "{steps}: {err}");
    }
    let setup = "scenario \"t\"\nsource own\nrules base\nboard beginner\nplayers red blue white\n\
        red builds settlement B.n\nsnapshot \"x\"\n";
    let err = emitted_at(setup, "x").1.expect_err("mid setup");
    assert!(err.starts_with("setup is under way (red places next)"), "{err}");
}

#[test]
fn a_seafarers_position_is_written_with_its_map_ships_islands_and_pirate() {
    let scenario = "scenario \"t\"\nsource own\nrules seafarers\nboard new-shores:4 seed 3 {\n  pirate (1,2)\n}\n\
        players red blue white orange\nposition {\n  red:\n    settlements H.ne\n    ships H.n-ne\n    \
        hand 2 lumber, 2 wool\n  turn red main\n}\nsnapshot \"before\"\nred builds ship H.ne-se\nsnapshot \"built\"\n";
    let (g, text) = emitted_at(scenario, "before");
    let text = text.expect("statable");
    assert!(
        text.contains("board new-shores:4 seed 3 {\n  pirate (1,2)\n}"),
        "{text}"
    );
    assert!(
        text.contains("rules    seafarers\n"),
        "the map's own target is not an option: {text}"
    );
    assert!(
        text.contains("    ships       H.n-ne\n") && text.contains("  pirate (1,2)\n"),
        "{text}"
    );
    round_trip(&g, "sea");
    // A ship built this turn is written as a new ship (it may not move before the next turn).
    let (g, text) = emitted_at(scenario, "built");
    let text = text.expect("statable");
    assert!(text.contains("    new-ships   H.ne-se\n"), "{text}");
    round_trip(&g, "sea built");
}

#[test]
fn an_explicit_sea_board_is_written_hex_by_hex_with_areas_and_starts() {
    let scenario = "scenario \"t\"\nsource own\nrules seafarers\nboard {\n  hex (0,0) sea\n  hex (1,0) sea\n  \
        hex (0,1) forest 6\n  hex (1,1) hills 5\n  hex (2,1) sea\n  hex (0,2) sea\n  hex (1,2) gold 10 area 2\n  \
        hex (2,2) desert area 3\n  pirate (2,1)\n  robber (1,1)\n}\nplayers red blue white\nsnapshot \"start\"\n";
    let (g, text) = emitted_at(scenario, "start");
    let text = text.expect("the start of setup is statable");
    assert!(text.contains("  hex (1,2) gold 10 area 2\n"), "{text}");
    assert!(text.contains("  pirate (2,1)\n  robber B\n"), "{text}");
    let back = round_trip(&g, "explicit sea");
    assert_eq!(g.board().robber_start, back.board().robber_start);
}

#[test]
fn knights_on_paths_with_cities_and_knights_are_written_with_level_status_and_turn_state() {
    let scenario = "scenario \"t\"\nsource own\nrules cities-and-knights+barbarian-attack\nboard beginner\n\
        players red blue white\nposition {\n  red:\n    settlements E.n\n    roads E.n-ne\n    \
        knights D.ne-se strong active, D.se-s, A.n-ne\n    hand 1 wool, 1 ore\n    progress invention\n  \
        blue:\n    settlements O.s\n    roads O.s-sw\n    knights D.sw-nw mighty\n  white:\n    settlements L.s\n    \
        roads L.s-sw\n  barbarians D D D G\n  knights-moved D.se-s\n  turn red main\n}\n\
        red promotes knight A.n-ne\nred plays invention I K\nsnapshot \"x\"\n";
    let (g, text) = emitted_at(scenario, "x");
    let text = text.expect("statable");
    for line in [
        "knights     A.n-ne strong promoted-this-turn, D.ne-se strong active, D.se-s basic",
        "knights     D.sw-nw mighty",
        "knights-moved D.se-s",
        "barbarians D D D G",
        "token I 3",
        "token K 9",
    ] {
        assert!(text.contains(line), "{line}\n{text}");
    }
    assert!(!text.contains("barbarian-attacks"), "{text}");
    let back = round_trip(&g, "knights on paths");
    assert_eq!(g.to_setup().barb, back.to_setup().barb);
}
