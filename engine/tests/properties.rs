//! Property tests over random games: games run to the end with every invariant; every
//! listed legal action is accepted; arbitrary actions (out-of-range ids, impossible dice,
//! any cards) are accepted or refused with the state unchanged, never a panic; an action
//! that `legal_actions` does not list is refused; a serde round trip of the state gives the
//! same game; a refused action after an accepted one leaves the state of the accepted one.
//!
//! Case counts are bounded (default 64 per property); raise them with `PROPTEST_CASES`.

use catan_engine::board::TokenPlacement;
use catan_engine::cards::{CardKind, Cards, DevCard, Resource};
use catan_engine::position::StartPhase;
use catan_engine::random::{PlayConfig, Policy, RandomPlayer};
use catan_engine::CkAction;
use catan_engine::CourtAction;
use catan_engine::SeaAction;
use catan_engine::{Action, Actor, Colour, EdgeId, Game, HexId, Outcome, Phase, PlayerId, Ruleset, VertexId};
use catan_engine::{BarbAction, BarbOutcome};
use catan_engine::{EventFace, ProgressCard, Track};
use proptest::prelude::*;
use proptest::test_runner::FileFailurePersistence;
use std::collections::HashSet;
use std::sync::Arc;

// ----- games -----

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum BoardKind {
    Beginner,
    Spiral,
    Random,
}

/// Which game: seed (board and play), seats, board and the random player's policy.
#[derive(Clone, Copy, Debug)]
struct Spec {
    seed: u64,
    players: usize,
    board: BoardKind,
    policy: Policy,
    /// 0 base; 1–3 Cities & Knights with the English, Colonist and German 3D profiles; 4 The
    /// Court; 5 Cities & Knights + The Court; 6 Seafarers (New Shores, or Through the Desert
    /// for the random-token board kind); 7 Seafarers + Cities & Knights (the same maps; the
    /// German 3D profile on odd seeds); 8 Barbarian
    /// Attack; 9 Barbarian Attack with Cities & Knights.
    rules: u8,
    /// Named options switched on (bits): a short barbarian track, the defender reward only
    /// with knights, knights passing foreign buildings, the strict shortage rule, the
    /// Fiesepeter battle rule, the merchant next to settlements only, Treason knights of any
    /// strength, tied defenders choosing their card, a Knight card bringing the Court's robber
    /// in before the first 7, no knights on the Court, the robber entering at the next 7 in
    /// Court + C&K.
    options: u16,
}

impl Spec {
    fn new_game(&self) -> Game {
        let mut rules = match self.rules {
            0 => Ruleset::base(),
            4 => Ruleset::the_court(),
            5 => Ruleset::cities_and_knights_with_court(),
            6 => Ruleset::from_names(["seafarers"]).expect("seafarers"),
            7 => {
                let mut r = Ruleset::from_names(["cities-and-knights", "seafarers"]).expect("sea + C&K");
                if self.seed % 2 == 1 {
                    r.set_profile(catan_engine::Profile::German3d);
                }
                r
            }
            9 => {
                let mut r =
                    Ruleset::from_names(["cities-and-knights", "barbarian-attack"]).expect("barbarian-attack + C&K");
                // The combination's options ride on the bits from the top; the Cities & Knights
                // switches below apply as well.
                for (bit, (name, value)) in [
                    ("barb-ck-ship-seven", "reroll"),
                    ("barb-ck-improvement-seven", "nothing"),
                    ("barb-ck-building-landing", "no"),
                    ("barb-ck-battle-count", "board"),
                    ("barb-ck-displacer", "stays-active"),
                    ("barb-ck-conquered-city", "counts"),
                    ("battle-hexes", "conquered"),
                    ("prisoner-split", "most-knights"),
                ]
                .into_iter()
                .enumerate()
                {
                    if self.options & (1 << (10 - bit)) != 0 {
                        r.set_option(name, value).expect("a named option");
                    }
                }
                r
            }
            8 => {
                let mut r = Ruleset::from_names(["barbarian-attack"]).expect("barbarian-attack");
                // Barbarian Attack's options ride on the same bits, read from the top.
                for (bit, (name, value)) in [
                    ("battle-hexes", "conquered"),
                    ("prisoner-split", "most-knights"),
                    ("barb-seven", "nothing"),
                    ("barb-setup-landing", "yes"),
                    ("barbarian-supply", "12"),
                ]
                .into_iter()
                .enumerate()
                {
                    if self.options & (1 << (10 - bit)) != 0 {
                        r.set_option(name, value).expect("a named option");
                    }
                }
                r
            }
            k => {
                let mut r = Ruleset::cities_and_knights();
                r.set_profile(catan_engine::Profile::ALL[(k as usize - 1) % 3]);
                r
            }
        };
        let switches: [(&str, &str); 11] = [
            ("barbarian-track", "3"),
            ("defender-needs-knights", "yes"),
            ("knight-passing", "no-foreign-knights"),
            ("shortage", "nobody-ever"),
            ("battle", "fiesepeter"),
            ("merchant-next-to", "settlements"),
            ("deserter-strength", "any"),
            ("defender-tie-card", "choose-card"),
            ("court-robber-start", "knight-or-seven"),
            ("court-knights", "forbidden"),
            ("court-robber-entry", "next-seven"),
        ];
        for (i, (name, value)) in switches.iter().enumerate() {
            if self.options & (1 << i) != 0 {
                rules.set_option(name, value).expect("a named option");
            }
        }
        let board = match self.board {
            _ if matches!(self.rules, 6 | 7) => {
                let map = if self.board == BoardKind::Random {
                    catan_engine::SeaMap::ThroughTheDesert
                } else {
                    catan_engine::SeaMap::NewShores
                };
                catan_engine::Board::seafarers(map, self.players, self.seed).expect("a Seafarers map")
            }
            BoardKind::Beginner => rules.beginner_board(),
            BoardKind::Spiral => rules.random_board(self.seed, TokenPlacement::Spiral),
            BoardKind::Random => rules.random_board(self.seed, TokenPlacement::Random),
        };
        Game::new(rules, Arc::new(board), &Colour::ALL[..self.players], PlayerId(0)).expect("a supported game")
    }
}

fn arb_spec() -> impl Strategy<Value = Spec> {
    (
        any::<u64>(),
        3usize..=4,
        prop_oneof![
            Just(BoardKind::Beginner),
            Just(BoardKind::Spiral),
            Just(BoardKind::Random)
        ],
        prop_oneof![Just(Policy::Uniform), Just(Policy::Builder)],
        0u8..10,
        0u16..2048,
    )
        .prop_map(|(seed, players, board, policy, rules, options)| Spec {
            seed,
            players,
            board,
            policy,
            rules,
            options,
        })
}

/// A point in a random game: the game after `steps` random actions (or at its end).
#[derive(Clone, Copy, Debug)]
struct Point {
    spec: Spec,
    steps: usize,
    /// At a trade-and-build point, first make a domestic offer (random play never does, as
    /// offers are not listed), so the trade-offer phase is reached too.
    offer: bool,
}

fn arb_point() -> impl Strategy<Value = Point> {
    // Random games last about 350 to 2,500 actions.
    (arb_spec(), 0usize..2600, proptest::bool::weighted(0.2)).prop_map(|(spec, steps, offer)| Point {
        spec,
        steps,
        offer,
    })
}

impl Point {
    /// The game at this point, the random player that got it there, and the actions taken.
    fn reach(&self) -> (Game, RandomPlayer, Vec<Action>) {
        let mut g = self.spec.new_game();
        let mut rp = RandomPlayer::new(self.spec.seed);
        let mut taken = Vec::new();
        for _ in 0..self.steps {
            if g.winner().is_some() {
                break;
            }
            let a = rp.choose(&g, self.spec.policy).expect("an action while the game is on");
            g.apply(a)
                .unwrap_or_else(|e| panic!("chosen legal action {a:?} refused: {e}"));
            taken.push(a);
        }
        if self.offer {
            if let Some(a) = some_offer(&g) {
                g.apply(a).unwrap_or_else(|e| panic!("offer {a:?} refused: {e}"));
                taken.push(a);
            }
        }
        (g, rp, taken)
    }

    /// As [`Point::reach`], but a game that ended is taken back to just before the winning
    /// action, so there is always something to do.
    fn reach_open(&self) -> (Game, RandomPlayer, Vec<Action>) {
        let (g, rp, mut taken) = self.reach();
        if g.winner().is_none() {
            return (g, rp, taken);
        }
        taken.pop();
        let mut open = self.spec.new_game();
        for &a in &taken {
            open.apply(a).expect("a recorded action");
        }
        (open, rp, taken)
    }
}

/// A legal domestic offer now, if the current player can make one: one card of the first
/// kind they hold for one card of another kind, to the next seat.
fn some_offer(g: &Game) -> Option<Action> {
    if g.phase() != Phase::Main {
        return None;
    }
    let player = g.current();
    let hand = g.player(player)?.hand;
    let (give_kind, _) = hand.iter().next()?;
    let get_kind = CardKind::RESOURCES.into_iter().find(|&k| k != give_kind)?;
    let a = Action::OfferTrade {
        player,
        to: PlayerId(((player.0 as usize + 1) % g.player_count()) as u8),
        give: Cards::of(&[(give_kind, 1)]),
        get: Cards::of(&[(get_kind, 1)]),
    };
    g.is_legal(&a).then_some(a)
}

fn listed(g: &Game) -> Vec<Action> {
    let mut v = Vec::new();
    g.legal_actions(&mut v);
    v
}

// ----- arbitrary actions -----

fn arb_count() -> impl Strategy<Value = u8> {
    prop_oneof![6 => 0u8..4, 1 => 4u8..20, 1 => any::<u8>()]
}

fn arb_cards() -> impl Strategy<Value = Cards> {
    prop_oneof![
        // a few kinds, small counts
        proptest::collection::vec((0usize..8, 1u8..5), 0..4).prop_map(|v| {
            let mut c = Cards::EMPTY;
            for (k, n) in v {
                c.add(CardKind::ALL[k], n);
            }
            c
        }),
        // any counts of every kind, commodities included
        proptest::array::uniform8(arb_count()).prop_map(|counts| {
            let mut c = Cards::EMPTY;
            for (k, n) in CardKind::ALL.into_iter().zip(counts) {
                c.set(k, n);
            }
            c
        }),
    ]
}

fn arb_player() -> impl Strategy<Value = PlayerId> {
    prop_oneof![8 => 0u8..4, 1 => 4u8..6, 1 => Just(9u8), 1 => Just(255u8)].prop_map(PlayerId)
}

fn arb_vertex() -> impl Strategy<Value = VertexId> {
    prop_oneof![8 => 0u16..54, 1 => 54u16..60, 1 => Just(60000u16), 1 => Just(u16::MAX)].prop_map(VertexId)
}

fn arb_edge() -> impl Strategy<Value = EdgeId> {
    prop_oneof![8 => 0u16..72, 1 => 72u16..80, 1 => Just(60000u16), 1 => Just(u16::MAX)].prop_map(EdgeId)
}

fn arb_hex() -> impl Strategy<Value = HexId> {
    prop_oneof![8 => 0u16..19, 1 => 19u16..40, 1 => Just(999u16), 1 => Just(u16::MAX)].prop_map(HexId)
}

fn arb_resource() -> impl Strategy<Value = Resource> {
    (0usize..5).prop_map(|i| Resource::ALL[i])
}

fn arb_kind() -> impl Strategy<Value = CardKind> {
    (0usize..8).prop_map(|i| CardKind::ALL[i])
}

fn arb_dev() -> impl Strategy<Value = DevCard> {
    (0usize..5).prop_map(|i| DevCard::ALL[i])
}

fn arb_outcome() -> impl Strategy<Value = Outcome> {
    prop_oneof![
        (0u8..9, 0u8..9).prop_map(|(red, yellow)| Outcome::Dice { red, yellow }),
        arb_dev().prop_map(|card| Outcome::DevCard { card }),
        arb_kind().prop_map(|card| Outcome::Steal { card }),
        (0u8..14).prop_map(|total| Outcome::Barb(BarbOutcome::LandingRoll { total })),
        (0u8..8).prop_map(|face| Outcome::Barb(BarbOutcome::CastleDie { face })),
    ]
}

/// Any `Action` value: every variant, ids in and out of range, any dice and cards.
fn arb_action() -> impl Strategy<Value = Action> {
    let p = arb_player;
    prop_oneof![
        (p(), arb_edge()).prop_map(|(player, at)| Action::BuildRoad { player, at }),
        (p(), arb_vertex()).prop_map(|(player, at)| Action::BuildSettlement { player, at }),
        (p(), arb_vertex()).prop_map(|(player, at)| Action::BuildCity { player, at }),
        p().prop_map(|player| Action::BuyDevCard { player }),
        p().prop_map(|player| Action::PlayKnight { player }),
        p().prop_map(|player| Action::PlayRoadBuilding { player }),
        (p(), arb_resource(), arb_resource())
            .prop_map(|(player, a, b)| Action::PlayYearOfPlenty { player, take: [a, b] }),
        (p(), arb_resource()).prop_map(|(player, resource)| Action::PlayMonopoly { player, resource }),
        p().prop_map(|player| Action::Roll { player }),
        (p(), arb_cards()).prop_map(|(player, cards)| Action::Discard { player, cards }),
        (p(), arb_hex()).prop_map(|(player, to)| Action::MoveRobber { player, to }),
        (p(), p()).prop_map(|(player, victim)| Action::Rob { player, victim }),
        (p(), arb_kind(), prop_oneof![0u8..7, any::<u8>()], arb_kind()).prop_map(|(player, give, rate, get)| {
            Action::MaritimeTrade {
                player,
                give,
                rate,
                get,
            }
        }),
        (p(), p(), arb_cards(), arb_cards()).prop_map(|(player, to, give, get)| Action::OfferTrade {
            player,
            to,
            give,
            get
        }),
        p().prop_map(|player| Action::AcceptTrade { player }),
        p().prop_map(|player| Action::DeclineTrade { player }),
        p().prop_map(|player| Action::EndTurn { player }),
        arb_outcome().prop_map(Action::Chance),
        (p(), arb_edge(), arb_edge(), any::<bool>()).prop_map(|(player, from, to, grain)| Action::Barb(
            BarbAction::MovePathKnight {
                player,
                from,
                to,
                grain
            }
        )),
        (p(), arb_edge()).prop_map(|(player, at)| Action::Barb(BarbAction::PlacePathKnight { player, at })),
        (p(), arb_hex()).prop_map(|(player, hex)| Action::Barb(BarbAction::ExpelBarbarians { player, hex })),
        (p(), arb_hex(), arb_hex()).prop_map(|(player, from, to)| Action::Barb(BarbAction::MoveBarbarian {
            player,
            from: Some(from),
            to
        })),
        (p(), p()).prop_map(|(player, to)| Action::Barb(BarbAction::AwardPrisoner { player, to })),
        (p(), arb_resource()).prop_map(|(player, resource)| Action::Barb(BarbAction::BuyWithGold { player, resource })),
    ]
}

/// Random field values for turning a listed action into a near miss.
#[derive(Clone, Copy, Debug)]
struct Tweak {
    pick: usize,
    mode: u8,
    player: PlayerId,
    vertex: VertexId,
    edge: EdgeId,
    hex: HexId,
    kinds: (CardKind, CardKind),
    resources: (Resource, Resource),
    rate: u8,
    cards: Cards,
    outcome: Outcome,
}

fn arb_tweak() -> impl Strategy<Value = Tweak> {
    (
        (
            any::<usize>(),
            0u8..3,
            arb_player(),
            arb_vertex(),
            arb_edge(),
            arb_hex(),
        ),
        (
            (arb_kind(), arb_kind()),
            (arb_resource(), arb_resource()),
            1u8..6,
            arb_cards(),
            arb_outcome(),
        ),
    )
        .prop_map(
            |((pick, mode, player, vertex, edge, hex), (kinds, resources, rate, cards, outcome))| Tweak {
                pick,
                mode,
                player,
                vertex,
                edge,
                hex,
                kinds,
                resources,
                rate,
                cards,
                outcome,
            },
        )
}

/// The same kind of action as `a`, with its player (mode 0), its other fields (mode 1) or
/// both (mode 2) taken from `t`: often legal, often just not.
fn near_miss(a: Action, t: &Tweak) -> Action {
    use Action::*;
    let who = |p: PlayerId| if t.mode != 1 { t.player } else { p };
    let fields = t.mode != 0;
    match a {
        BuildRoad { player, at } => BuildRoad {
            player: who(player),
            at: if fields { t.edge } else { at },
        },
        BuildSettlement { player, at } => BuildSettlement {
            player: who(player),
            at: if fields { t.vertex } else { at },
        },
        BuildCity { player, at } => BuildCity {
            player: who(player),
            at: if fields { t.vertex } else { at },
        },
        BuyDevCard { player } => BuyDevCard { player: who(player) },
        PlayKnight { player } => PlayKnight { player: who(player) },
        PlayRoadBuilding { player } => PlayRoadBuilding { player: who(player) },
        PlayYearOfPlenty { player, take } => PlayYearOfPlenty {
            player: who(player),
            take: if fields { [t.resources.0, t.resources.1] } else { take },
        },
        PlayMonopoly { player, resource } => PlayMonopoly {
            player: who(player),
            resource: if fields { t.resources.0 } else { resource },
        },
        Roll { player } => Roll { player: who(player) },
        Discard { player, cards } => Discard {
            player: who(player),
            cards: if fields { t.cards } else { cards },
        },
        MoveRobber { player, to } => MoveRobber {
            player: who(player),
            to: if fields { t.hex } else { to },
        },
        Rob { player, victim } => Rob {
            player: who(player),
            victim: if fields { t.player } else { victim },
        },
        MaritimeTrade {
            player,
            give,
            rate,
            get,
        } => {
            if fields {
                MaritimeTrade {
                    player: who(player),
                    give: t.kinds.0,
                    rate: t.rate,
                    get: t.kinds.1,
                }
            } else {
                MaritimeTrade {
                    player: who(player),
                    give,
                    rate,
                    get,
                }
            }
        }
        OfferTrade { player, to, give, get } => OfferTrade {
            player: who(player),
            to: if fields { t.player } else { to },
            give: if fields { t.cards } else { give },
            get,
        },
        AcceptTrade { player } => AcceptTrade { player: who(player) },
        DeclineTrade { player } => DeclineTrade { player: who(player) },
        EndTurn { player } => EndTurn { player: who(player) },
        Chance(o) => Chance(if fields { t.outcome } else { o }),
        Ck(c) => Ck(near_miss_ck(c, t)),
        Court(CourtAction::SendNoble { player }) => Court(CourtAction::SendNoble { player: who(player) }),
        Sea(s) => Sea(near_miss_sea(s, t)),
        Barb(b) => Barb(near_miss_barb(b, t)),
    }
}

/// [`near_miss`] for the Barbarian Attack actions.
fn near_miss_barb(a: BarbAction, t: &Tweak) -> BarbAction {
    use BarbAction::*;
    let who = |p: PlayerId| if t.mode != 1 { t.player } else { p };
    let fields = t.mode != 0;
    match a {
        BuyBarbarianCard { player } => BuyBarbarianCard { player: who(player) },
        PlacePathKnight { player, at } => PlacePathKnight {
            player: who(player),
            at: if fields { t.edge } else { at },
        },
        MovePathKnight {
            player,
            from,
            to,
            grain,
        } => MovePathKnight {
            player: who(player),
            from,
            to: if fields { t.edge } else { to },
            grain: if fields { t.rate.is_multiple_of(2) } else { grain },
        },
        MoveBarbarian { player, from, to } => MoveBarbarian {
            player: who(player),
            from,
            to: if fields { t.hex } else { to },
        },
        CaptureBarbarian { player, hex } => CaptureBarbarian {
            player: who(player),
            hex: if fields { t.hex } else { hex },
        },
        ExpelBarbarians { player, hex } => ExpelBarbarians {
            player: who(player),
            hex: if fields { t.hex } else { hex },
        },
        AwardPrisoner { player, to } => AwardPrisoner {
            player: who(player),
            to: if fields { t.player } else { to },
        },
        BuyWithGold { player, resource } => BuyWithGold {
            player: who(player),
            resource: if fields { t.resources.0 } else { resource },
        },
        RecruitPathKnight { player, at } => RecruitPathKnight {
            player: who(player),
            at: if fields { t.edge } else { at },
        },
        PromotePathKnight { player, at } => PromotePathKnight {
            player: who(player),
            at: if fields { t.edge } else { at },
        },
        ActivatePathKnight { player, at } => ActivatePathKnight {
            player: who(player),
            at: if fields { t.edge } else { at },
        },
        DisplacePathKnight { player, from, to } => DisplacePathKnight {
            player: who(player),
            from,
            to: if fields { t.edge } else { to },
        },
        RelocatePathKnight { player, to } => RelocatePathKnight {
            player: who(player),
            to: if fields { t.edge } else { to },
        },
        SurrenderPathKnight { player, at } => SurrenderPathKnight {
            player: who(player),
            at: if fields { t.edge } else { at },
        },
        PlaceDeserterKnight { player, level } => PlaceDeserterKnight {
            player: who(player),
            level: if fields { Some(t.rate % 5) } else { level },
        },
        SmithingOnPaths { player, knights } => SmithingOnPaths {
            player: who(player),
            knights: if fields { [knights[0], Some(t.edge)] } else { knights },
        },
        IntrigueOnHex { player, hex } => IntrigueOnHex {
            player: who(player),
            hex: if fields { t.hex } else { hex },
        },
        TaxationOnHex { player, hex } => TaxationOnHex {
            player: who(player),
            hex: if fields { t.hex } else { hex },
        },
    }
}

/// [`near_miss`] for the Seafarers actions.
fn near_miss_sea(a: SeaAction, t: &Tweak) -> SeaAction {
    use SeaAction::*;
    let who = |p: PlayerId| if t.mode != 1 { t.player } else { p };
    let fields = t.mode != 0;
    match a {
        BuildShip { player, at } => BuildShip {
            player: who(player),
            at: if fields { t.edge } else { at },
        },
        MoveShip { player, from, to } => MoveShip {
            player: who(player),
            from,
            to: if fields { t.edge } else { to },
        },
        MovePirate { player, to } => MovePirate {
            player: who(player),
            to: if fields { t.hex } else { to },
        },
        ChooseGold { player, take } => ChooseGold {
            player: who(player),
            take: if fields { t.cards } else { take },
        },
        ChasePirate { player, knight } => ChasePirate {
            player: who(player),
            knight: if fields { t.vertex } else { knight },
        },
    }
}

/// [`near_miss`] for the Cities & Knights actions.
fn near_miss_ck(a: CkAction, t: &Tweak) -> CkAction {
    use CkAction::*;
    let who = |p: PlayerId| if t.mode != 1 { t.player } else { p };
    let fields = t.mode != 0;
    match a {
        BuildWall { player, at } => BuildWall {
            player: who(player),
            at: if fields { t.vertex } else { at },
        },
        RecruitKnight { player, at } => RecruitKnight {
            player: who(player),
            at: if fields { t.vertex } else { at },
        },
        PromoteKnight { player, at } => PromoteKnight {
            player: who(player),
            at: if fields { t.vertex } else { at },
        },
        ActivateKnight { player, at } => ActivateKnight {
            player: who(player),
            at: if fields { t.vertex } else { at },
        },
        PlaceMetropolis { player, at } => PlaceMetropolis {
            player: who(player),
            at: if fields { t.vertex } else { at },
        },
        LoseCity { player, at } => LoseCity {
            player: who(player),
            at: if fields { t.vertex } else { at },
        },
        RelocateKnight { player, to } => RelocateKnight {
            player: who(player),
            to: if fields { t.vertex } else { to },
        },
        ChaseRobber { player, knight } => ChaseRobber {
            player: who(player),
            knight: if fields { t.vertex } else { knight },
        },
        MoveKnight { player, from, to } => MoveKnight {
            player: who(player),
            from,
            to: if fields { t.vertex } else { to },
        },
        DisplaceKnight { player, from, to } => DisplaceKnight {
            player: who(player),
            from,
            to: if fields { t.vertex } else { to },
        },
        Improve { player, track } => Improve {
            player: who(player),
            track,
        },
        ChooseDefenderDeck { player, deck } => ChooseDefenderDeck {
            player: who(player),
            deck,
        },
        DiscardProgress { player, card } => DiscardProgress {
            player: who(player),
            card,
        },
        Aqueduct { player, take } => Aqueduct {
            player: who(player),
            take: if fields { Some(t.resources.0) } else { take },
        },
        PlayProgress { player, play } => PlayProgress {
            player: who(player),
            play,
        },
        OfferHarborTrade { player, to, resource } => OfferHarborTrade {
            player: who(player),
            to: if fields { t.player } else { to },
            resource: if fields { t.resources.0 } else { resource },
        },
        GiveCommodity { player, commodity } => GiveCommodity {
            player: who(player),
            commodity: if fields { t.kinds.0 } else { commodity },
        },
        SurrenderKnight { player, at } => SurrenderKnight {
            player: who(player),
            at: if fields { t.vertex } else { at },
        },
        PlaceTreasonKnight { player, at, level } => PlaceTreasonKnight {
            player: who(player),
            at: if fields { Some(t.vertex) } else { at },
            level,
        },
        GiveCards { player, cards } => GiveCards {
            player: who(player),
            cards: if fields { t.cards } else { cards },
        },
        SkipFreeRoad { player } => SkipFreeRoad { player: who(player) },
        ChooseDefenderCard { player, card } => ChooseDefenderCard {
            player: who(player),
            card: if fields {
                ProgressCard::ALL[t.rate as usize % ProgressCard::ALL.len()]
            } else {
                card
            },
        },
        CommitKnights { player, knights } => CommitKnights {
            player: who(player),
            knights: if fields {
                catan_engine::KnightSet::new(&[t.vertex]).unwrap_or_default()
            } else {
                knights
            },
        },
    }
}

/// Every action of the non-combinatorial kinds (all but discards and trade offers) for
/// every seat and one seat too many, every place on the board and one place off it, every
/// card combination, and dice from 0 to 7.
fn candidates(g: &Game) -> Vec<Action> {
    let topo = &g.board().topology;
    let mut out = Vec::new();
    for p in 0..=g.player_count() as u8 {
        let player = PlayerId(p);
        for e in 0..=topo.edge_count() as u16 {
            out.push(Action::BuildRoad { player, at: EdgeId(e) });
            out.push(Action::Sea(SeaAction::BuildShip { player, at: EdgeId(e) }));
        }
        // Seafarers: moves from every path holding a ship (and one off the board) to every
        // path; the pirate to every hex.
        let ship_paths = (0..topo.edge_count() as u16)
            .map(EdgeId)
            .filter(|&e| g.ship(e).is_some())
            .chain([EdgeId(topo.edge_count() as u16)]);
        for from in ship_paths {
            for to in 0..=topo.edge_count() as u16 {
                out.push(Action::Sea(SeaAction::MoveShip {
                    player,
                    from,
                    to: EdgeId(to),
                }));
            }
        }
        for h in 0..=topo.hex_count() as u16 {
            out.push(Action::Sea(SeaAction::MovePirate { player, to: HexId(h) }));
        }
        for v in 0..=topo.vertex_count() as u16 {
            let at = VertexId(v);
            out.push(Action::BuildSettlement { player, at });
            out.push(Action::BuildCity { player, at });
            out.extend([
                Action::Ck(CkAction::BuildWall { player, at }),
                Action::Ck(CkAction::PlaceMetropolis { player, at }),
                Action::Ck(CkAction::RecruitKnight { player, at }),
                Action::Ck(CkAction::PromoteKnight { player, at }),
                Action::Ck(CkAction::ActivateKnight { player, at }),
                Action::Ck(CkAction::RelocateKnight { player, to: at }),
                Action::Ck(CkAction::ChaseRobber { player, knight: at }),
                Action::Sea(SeaAction::ChasePirate { player, knight: at }),
                Action::Ck(CkAction::LoseCity { player, at }),
            ]);
        }
        // Knight moves and displacements from every knight of this player.
        for (from, k) in g.knights() {
            if k.owner == player {
                for v in 0..=topo.vertex_count() as u16 {
                    out.push(Action::Ck(CkAction::MoveKnight {
                        player,
                        from,
                        to: VertexId(v),
                    }));
                    out.push(Action::Ck(CkAction::DisplaceKnight {
                        player,
                        from,
                        to: VertexId(v),
                    }));
                }
            }
        }
        for track in Track::ALL {
            out.push(Action::Ck(CkAction::Improve { player, track }));
            out.push(Action::Ck(CkAction::ChooseDefenderDeck { player, deck: track }));
        }
        for card in ProgressCard::ALL {
            out.push(Action::Ck(CkAction::DiscardProgress { player, card }));
            out.push(Action::Ck(CkAction::ChooseDefenderCard { player, card }));
        }
        out.push(Action::Ck(CkAction::Aqueduct { player, take: None }));
        out.push(Action::Ck(CkAction::SkipFreeRoad { player }));
        out.push(Action::Court(CourtAction::SendNoble { player }));
        for other in 0..=g.player_count() as u8 {
            for r in Resource::ALL {
                out.push(Action::Ck(CkAction::OfferHarborTrade {
                    player,
                    to: PlayerId(other),
                    resource: r,
                }));
            }
        }
        for commodity in CardKind::ALL {
            out.push(Action::Ck(CkAction::GiveCommodity { player, commodity }));
        }
        for v in 0..=topo.vertex_count() as u16 {
            out.push(Action::Ck(CkAction::SurrenderKnight {
                player,
                at: VertexId(v),
            }));
            for level in 0..=4 {
                out.push(Action::Ck(CkAction::PlaceTreasonKnight {
                    player,
                    at: Some(VertexId(v)),
                    level,
                }));
            }
        }
        out.push(Action::Ck(CkAction::PlaceTreasonKnight {
            player,
            at: None,
            level: 1,
        }));
        // Knights committed (Fiesepeter): none, any one place, every subset of each seat's
        // knights.
        out.push(Action::Ck(CkAction::CommitKnights {
            player,
            knights: catan_engine::KnightSet::EMPTY,
        }));
        for v in 0..=topo.vertex_count() as u16 {
            if let Some(knights) = catan_engine::KnightSet::new(&[VertexId(v)]) {
                out.push(Action::Ck(CkAction::CommitKnights { player, knights }));
            }
        }
        for owner in 0..g.player_count() as u8 {
            let theirs: Vec<VertexId> = g
                .knights()
                .filter(|(_, k)| k.owner == PlayerId(owner))
                .map(|(v, _)| v)
                .take(catan_engine::KnightSet::MAX)
                .collect();
            for mask in 1u32..1 << theirs.len() {
                let pick: Vec<VertexId> = (0..theirs.len())
                    .filter(|i| mask & (1 << i) != 0)
                    .map(|i| theirs[i])
                    .collect();
                if let Some(knights) = catan_engine::KnightSet::new(&pick) {
                    out.push(Action::Ck(CkAction::CommitKnights { player, knights }));
                }
            }
        }
        out.extend(progress_candidates(g, player));
        out.push(Action::Barb(BarbAction::BuyBarbarianCard { player }));
        for r in Resource::ALL {
            out.push(Action::Barb(BarbAction::BuyWithGold { player, resource: r }));
        }
        for e in 0..=topo.edge_count() as u16 {
            let at = EdgeId(e);
            out.push(Action::Barb(BarbAction::PlacePathKnight { player, at }));
            out.push(Action::Barb(BarbAction::RecruitPathKnight { player, at }));
            out.push(Action::Barb(BarbAction::PromotePathKnight { player, at }));
            out.push(Action::Barb(BarbAction::ActivatePathKnight { player, at }));
            out.push(Action::Barb(BarbAction::RelocatePathKnight { player, to: at }));
            out.push(Action::Barb(BarbAction::SurrenderPathKnight { player, at }));
            out.push(Action::Barb(BarbAction::SmithingOnPaths {
                player,
                knights: [Some(at), None],
            }));
        }
        for level in [None, Some(0), Some(1), Some(2), Some(3), Some(4)] {
            out.push(Action::Barb(BarbAction::PlaceDeserterKnight { player, level }));
        }
        // Smithing on two knights on paths: every ordered pair of paths holding a knight.
        let on_paths: Vec<EdgeId> = (0..topo.edge_count() as u16)
            .map(EdgeId)
            .filter(|&e| g.path_knight(e).is_some())
            .collect();
        for &a in &on_paths {
            for &b in &on_paths {
                out.push(Action::Barb(BarbAction::SmithingOnPaths {
                    player,
                    knights: [Some(a), Some(b)],
                }));
            }
        }
        for (from, k) in (0..topo.edge_count() as u16).map(|e| (EdgeId(e), g.path_knight(EdgeId(e)))) {
            if k.is_some() {
                for to in 0..=topo.edge_count() as u16 {
                    for grain in [false, true] {
                        out.push(Action::Barb(BarbAction::MovePathKnight {
                            player,
                            from,
                            to: EdgeId(to),
                            grain,
                        }));
                    }
                    out.push(Action::Barb(BarbAction::DisplacePathKnight {
                        player,
                        from,
                        to: EdgeId(to),
                    }));
                }
            }
        }
        for h in 0..=topo.hex_count() as u16 {
            let hex = HexId(h);
            out.push(Action::Barb(BarbAction::ExpelBarbarians { player, hex }));
            out.push(Action::Barb(BarbAction::CaptureBarbarian { player, hex }));
            out.push(Action::Barb(BarbAction::IntrigueOnHex { player, hex }));
            out.push(Action::Barb(BarbAction::TaxationOnHex { player, hex }));
            out.push(Action::Barb(BarbAction::MoveBarbarian {
                player,
                from: None,
                to: hex,
            }));
            for f in 0..topo.hex_count() as u16 {
                out.push(Action::Barb(BarbAction::MoveBarbarian {
                    player,
                    from: Some(HexId(f)),
                    to: hex,
                }));
            }
        }
        for to in 0..=g.player_count() as u8 {
            out.push(Action::Barb(BarbAction::AwardPrisoner {
                player,
                to: PlayerId(to),
            }));
        }
        for r in Resource::ALL {
            out.push(Action::Ck(CkAction::Aqueduct { player, take: Some(r) }));
        }
        for h in 0..=topo.hex_count() as u16 {
            out.push(Action::MoveRobber { player, to: HexId(h) });
        }
        for victim in 0..=g.player_count() as u8 {
            out.push(Action::Rob {
                player,
                victim: PlayerId(victim),
            });
        }
        for a in Resource::ALL {
            out.push(Action::PlayMonopoly { player, resource: a });
            for b in Resource::ALL {
                out.push(Action::PlayYearOfPlenty { player, take: [a, b] });
            }
        }
        for give in CardKind::ALL {
            for get in CardKind::ALL {
                for rate in 1..=5 {
                    out.push(Action::MaritimeTrade {
                        player,
                        give,
                        rate,
                        get,
                    });
                }
            }
        }
        out.extend([
            Action::BuyDevCard { player },
            Action::PlayKnight { player },
            Action::PlayRoadBuilding { player },
            Action::Roll { player },
            Action::AcceptTrade { player },
            Action::DeclineTrade { player },
            Action::EndTurn { player },
        ]);
    }
    for red in 0..=7 {
        for yellow in 0..=7 {
            out.push(Action::Chance(Outcome::Dice { red, yellow }));
            for (event, _) in EventFace::WEIGHTED {
                out.push(Action::Chance(Outcome::CkDice { red, yellow, event }));
            }
        }
    }
    for card in ProgressCard::ALL {
        out.push(Action::Chance(Outcome::Progress { card }));
    }
    for (event, _) in EventFace::WEIGHTED {
        out.push(Action::Chance(Outcome::EventDie { event }));
    }
    for card in DevCard::ALL {
        out.push(Action::Chance(Outcome::DevCard { card }));
    }
    for card in CardKind::ALL {
        out.push(Action::Chance(Outcome::Steal { card }));
    }
    for total in 0..=13 {
        out.push(Action::Chance(Outcome::Barb(BarbOutcome::LandingRoll { total })));
    }
    for face in 0..=7 {
        out.push(Action::Chance(Outcome::Barb(BarbOutcome::CastleDie { face })));
    }
    for total in 0..=13 {
        out.push(Action::Chance(Outcome::Barb(BarbOutcome::ArrivalRoll { total })));
    }
    for card in catan_engine::BarbCard::ALL {
        out.push(Action::Chance(Outcome::Barb(BarbOutcome::BarbarianCard { card })));
    }
    out
}

/// The path of the first field where two games differ (for readable failures).
fn first_difference(a: &Game, b: &Game) -> String {
    fn walk(x: &serde_json::Value, y: &serde_json::Value, path: String) -> Option<String> {
        use serde_json::Value::*;
        match (x, y) {
            (Object(m), Object(n)) => m.keys().chain(n.keys()).find_map(|k| match (m.get(k), n.get(k)) {
                (Some(u), Some(v)) => walk(u, v, format!("{path}.{k}")),
                _ => Some(format!("{path}.{k}")),
            }),
            (Array(u), Array(v)) if u.len() == v.len() => u
                .iter()
                .zip(v)
                .enumerate()
                .find_map(|(i, (p, q))| walk(p, q, format!("{path}[{i}]"))),
            _ if x == y => None,
            _ => Some(format!("{path}: {x} vs {y}")),
        }
    }
    let (x, y) = (
        serde_json::to_value(a).expect("json"),
        serde_json::to_value(b).expect("json"),
    );
    walk(&x, &y, String::new()).unwrap_or_else(|| "nowhere in the serialised state".into())
}

/// Progress-card plays of every kind with every simple choice (the combinatorial Guild Dues
/// and Wedding hands are left to `unlisted_actions_are_refused`).
fn progress_candidates(g: &Game, player: PlayerId) -> Vec<Action> {
    use catan_engine::progress::ProgressPlay as P;
    let topo = &g.board().topology;
    let mut plays = vec![
        P::Irrigation,
        P::Mining,
        P::RoadBuilding,
        P::CommercialHarbor,
        P::Taxation,
        P::Sabotage,
        P::Encouragement,
        P::Wedding,
    ];
    for red in 0..=7 {
        for yellow in 0..=7 {
            plays.push(P::Alchemy { red, yellow });
        }
    }
    for track in Track::ALL {
        plays.push(P::Crane { track });
    }
    for v in 0..=topo.vertex_count() as u16 {
        let at = VertexId(v);
        plays.extend([
            P::Engineering { at },
            P::Medicine { at },
            P::Intrigue { knight: at },
            P::Smithing {
                knights: [Some(at), None],
            },
        ]);
    }
    for a in 0..=topo.hex_count() as u16 {
        plays.push(P::Merchant { hex: HexId(a) });
        for b in 0..=topo.hex_count() as u16 {
            plays.push(P::Invention {
                a: HexId(a),
                b: HexId(b),
            });
        }
    }
    for kind in CardKind::ALL {
        plays.push(P::MerchantFleet { kind });
        plays.push(P::TradeMonopoly { commodity: kind });
    }
    for resource in Resource::ALL {
        plays.push(P::ResourceMonopoly { resource });
    }
    for v in 0..=g.player_count() as u8 {
        let victim = PlayerId(v);
        plays.push(P::Treason { victim });
        plays.push(P::Espionage { victim, card: None });
        for card in ProgressCard::ALL {
            plays.push(P::Espionage {
                victim,
                card: Some(card),
            });
        }
    }
    for e in 0..=topo.edge_count() as u16 {
        plays.push(P::Diplomacy { road: EdgeId(e) });
    }
    plays
        .into_iter()
        .map(|play| Action::Ck(CkAction::PlayProgress { player, play }))
        .collect()
}

/// Applies `a` to `g`: accepted, or refused with `g` exactly unchanged. Returns whether it
/// was accepted.
fn apply_or_unchanged(g: &mut Game, a: Action) -> Result<bool, TestCaseError> {
    let before = g.clone();
    match g.apply(a) {
        Ok(_) => Ok(true),
        Err(e) => {
            prop_assert!(!e.code().is_empty(), "refusal of {:?} without a rule id", a);
            prop_assert_eq!(&*g, &before, "refused {:?} ({}) changed the state", a, e.code());
            Ok(false)
        }
    }
}

fn config() -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(64);
    ProptestConfig {
        cases,
        // Relative to the package root, where cargo runs the tests.
        failure_persistence: Some(Box::new(FileFailurePersistence::Direct(
            "proptest-regressions/properties.txt",
        ))),
        ..ProptestConfig::default()
    }
}

proptest! {
    #![proptest_config(config())]

    /// (a) Whole games, every invariant after every step, ending in a win (by a player at
    /// the victory target) or at the turn cap.
    #[test]
    fn random_games_play_to_the_end_with_every_invariant_holding(spec in arb_spec()) {
        let mut g = spec.new_game();
        let cfg = PlayConfig { max_turns: 500, check_invariants: true, policy: spec.policy };
        let summary = RandomPlayer::new(spec.seed).play(&mut g, &cfg, None);
        prop_assert!(summary.is_ok(), "{}", summary.unwrap_err());
        let summary = summary.unwrap();
        match summary.winner {
            Some(w) => {
                prop_assert_eq!(g.phase(), Phase::Ended { winner: w });
                prop_assert!(g.total_vp(w) >= 10, "winner with {} points", g.total_vp(w));
                prop_assert!(listed(&g).is_empty());
            }
            None => prop_assert!(g.turn() > 500),
        }
    }

    /// (b) At random points, every listed action is accepted (on a clone) and keeps the
    /// invariants; each is listed once; chance phases list exactly their outcomes.
    #[test]
    fn every_listed_action_is_accepted(point in arb_point()) {
        let (g, _, _) = point.reach_open();
        let acts = listed(&g);
        let distinct: HashSet<String> = acts.iter().map(|a| format!("{a:?}")).collect();
        prop_assert_eq!(distinct.len(), acts.len(), "an action is listed twice");
        if g.winner().is_none() {
            prop_assert!(!acts.is_empty(), "nothing to do in {:?}", g.phase());
        }
        if g.actor() == Actor::Chance {
            let outcomes: Vec<Action> =
                g.chance_outcomes().into_iter().filter(|(_, w)| *w > 0).map(|(o, _)| Action::Chance(o)).collect();
            prop_assert_eq!(&acts, &outcomes);
        }
        for a in acts {
            prop_assert!(g.is_legal(&a), "listed {:?} is not legal", a);
            let mut c = g.clone();
            let r = c.apply(a);
            prop_assert!(r.is_ok(), "listed {:?} refused: {}", a, r.unwrap_err());
            let inv = c.check_invariants();
            prop_assert!(inv.is_ok(), "after {:?}: {}", a, inv.unwrap_err());
        }
    }

    /// (c) Arbitrary actions at random points (with random play between them) are
    /// accepted, or refused with the state exactly unchanged; never a panic.
    #[test]
    fn arbitrary_actions_are_accepted_or_refused_without_change(
        point in arb_point(),
        actions in proptest::collection::vec(arb_action(), 1..24),
    ) {
        let (mut g, mut rp, _) = point.reach();
        for a in actions {
            if apply_or_unchanged(&mut g, a)? {
                let inv = g.check_invariants();
                prop_assert!(inv.is_ok(), "after {:?}: {}", a, inv.unwrap_err());
            }
            if g.winner().is_none() {
                let step = rp.choose(&g, point.spec.policy).expect("an action");
                prop_assert!(g.apply(step).is_ok());
            }
        }
    }

    /// (d) Sampled actions (arbitrary ones and near misses of listed ones) that
    /// `legal_actions` does not list are refused; listed ones are accepted. Domestic offers
    /// are never listed and are left out.
    #[test]
    fn unlisted_actions_are_refused(
        point in arb_point(),
        actions in proptest::collection::vec(arb_action(), 1..16),
        tweaks in proptest::collection::vec(arb_tweak(), 1..16),
    ) {
        let (g, _, _) = point.reach_open();
        let acts = listed(&g);
        let mut sample = actions;
        if !acts.is_empty() {
            sample.extend(tweaks.iter().map(|t| near_miss(acts[t.pick % acts.len()], t)));
        }
        for a in sample {
            if matches!(a, Action::OfferTrade { .. }) {
                continue;
            }
            let mut c = g.clone();
            let accepted = apply_or_unchanged(&mut c, a)?;
            prop_assert_eq!(accepted, acts.contains(&a), "{:?}: accepted {} but listed {}", a, accepted, !accepted);
        }
    }

    /// (d, exhaustive) Over every action of the non-combinatorial kinds, `apply` accepts
    /// exactly the listed ones.
    #[test]
    fn apply_accepts_exactly_the_listed_actions(point in arb_point()) {
        let (g, _, _) = point.reach_open();
        let acts = listed(&g);
        let mut accepted = Vec::new();
        for a in candidates(&g) {
            let mut c = g.clone();
            if apply_or_unchanged(&mut c, a)? {
                accepted.push(a);
            }
        }
        for a in &accepted {
            prop_assert!(acts.contains(a), "{:?} accepted but not listed in {:?}", a, g.phase());
        }
        for a in &acts {
            let combinatorial = matches!(
                a,
                Action::Discard { .. }
                    | Action::Sea(SeaAction::ChooseGold { .. })
                    | Action::Ck(CkAction::GiveCards { .. })
                    | Action::Ck(CkAction::PlayProgress {
                        play: catan_engine::progress::ProgressPlay::GuildDues { .. }
                            | catan_engine::progress::ProgressPlay::Smithing {
                                knights: [Some(_), Some(_)]
                            },
                        ..
                    })
            );
            if !combinatorial {
                prop_assert!(accepted.contains(a), "listed {:?} not among the candidates accepted", a);
            }
        }
    }

    /// (e) The state, and the actions that led to it, survive a serde_json round trip; the
    /// actions read back replay to the same state.
    #[test]
    fn the_state_survives_a_serde_round_trip(point in arb_point()) {
        let (g, _, taken) = point.reach();
        let json = serde_json::to_string(&g).expect("serialise");
        let back: Game = serde_json::from_str(&json).expect("deserialise");
        prop_assert_eq!(&back, &g);
        prop_assert_eq!(listed(&back), listed(&g));
        let trace = serde_json::to_string(&taken).expect("serialise actions");
        let taken_back: Vec<Action> = serde_json::from_str(&trace).expect("deserialise actions");
        prop_assert_eq!(&taken_back, &taken);
        let mut replay = point.spec.new_game();
        for a in taken_back {
            prop_assert!(replay.apply(a).is_ok());
        }
        prop_assert_eq!(replay, g);
    }

    /// (f) Applying an action and then refused actions (every action listed before it,
    /// the action again, arbitrary ones) leaves the state of applying only the action, and
    /// play goes on from it alike.
    #[test]
    fn refused_actions_after_an_accepted_one_leave_its_state(
        point in arb_point(),
        pick in any::<usize>(),
        actions in proptest::collection::vec(arb_action(), 0..16),
    ) {
        let (g, mut rp, _) = point.reach_open();
        let acts = listed(&g);
        prop_assert!(!acts.is_empty());
        let a = acts[pick % acts.len()];
        let mut only = g.clone();
        let only_events = only.apply(a).expect("a listed action");
        let mut refused = 0;
        // Impossible dice are refused whatever is pending, so the refusal path runs even
        // where every listed action stays legal (a chance step followed by another from the
        // same deck).
        let impossible = Action::Chance(Outcome::Dice { red: 0, yellow: 0 });
        for b in acts.iter().copied().chain([a, impossible]).chain(actions) {
            let mut both = g.clone();
            prop_assert_eq!(both.apply(a).expect("a listed action"), only_events.clone());
            if both.apply(b).is_err() {
                refused += 1;
                prop_assert_eq!(&both, &only, "refused {:?} after {:?} changed the state", b, a);
                if let Some(next) = rp.choose(&only, point.spec.policy) {
                    let mut c1 = only.clone();
                    let e1 = c1.apply(next).map_err(|e| e.code());
                    let e2 = both.apply(next).map_err(|e| e.code());
                    prop_assert_eq!(e1, e2);
                    prop_assert_eq!(&c1, &both);
                }
            }
        }
        prop_assert!(refused > 0, "every action was accepted after {:?}", a);
    }

    /// A trade-and-build or before-roll position exported with `to_setup` imports (checked)
    /// as the same game.
    #[test]
    fn a_position_exported_with_to_setup_imports_as_the_same_game(point in arb_point()) {
        let (mut g, mut rp, _) = point.reach_open();
        // Play on to the next trade-and-build or before-roll moment.
        while !matches!(g.phase(), Phase::Main | Phase::BeforeRoll) && g.winner().is_none() {
            let a = rp.choose(&g, point.spec.policy).expect("an action");
            g.apply(a).expect("a chosen legal action");
        }
        prop_assume!(g.winner().is_none());
        let setup = g.to_setup();
        prop_assert_eq!(
            setup.phase,
            if g.phase() == Phase::Main { StartPhase::Main } else { StartPhase::BeforeRoll }
        );
        let back = Game::from_setup(&setup);
        prop_assert!(back.is_ok(), "{}", back.unwrap_err());
        let back = back.unwrap();
        prop_assert!(back == g, "the imported game differs at {}", first_difference(&back, &g));
    }
}
