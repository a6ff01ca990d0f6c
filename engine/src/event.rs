//! Events: what happened, in order. Traces and goldens are made of these.
//!
//! [`Event::kind`] gives the stable kebab-case name scenarios use (`expect event produced`)
//! and [`Event::fields`] the named fields they match against.

use crate::cards::{CardKind, Cards, DevCard, Resource};
use crate::ids::{EdgeId, HexId, PlayerId, VertexId};
use serde::{Deserialize, Serialize};

/// What happened.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "kebab-case")]
pub enum Event {
    /// A road was placed (free in setup and with Road Building).
    RoadBuilt {
        /// Owner.
        player: PlayerId,
        /// Where.
        at: EdgeId,
        /// Whether it cost nothing.
        free: bool,
    },
    /// A settlement was placed.
    SettlementBuilt {
        /// Owner.
        player: PlayerId,
        /// Where.
        at: VertexId,
        /// Whether it cost nothing (setup).
        free: bool,
    },
    /// A settlement became a city.
    CityBuilt {
        /// Owner.
        player: PlayerId,
        /// Where.
        at: VertexId,
    },
    /// Starting resources after the second setup settlement.
    StartingResources {
        /// Who.
        player: PlayerId,
        /// What.
        cards: Cards,
    },
    /// A player asked to roll.
    RollRequested {
        /// Who.
        player: PlayerId,
    },
    /// The dice came up.
    Rolled {
        /// Who rolled.
        player: PlayerId,
        /// Red die.
        red: u8,
        /// Yellow die.
        yellow: u8,
        /// Sum.
        total: u8,
    },
    /// A player received production.
    Produced {
        /// Who.
        player: PlayerId,
        /// Which resource.
        resource: Resource,
        /// How many.
        count: u8,
    },
    /// The bank could not pay a resource to everybody owed it.
    Shortage {
        /// Which resource.
        resource: Resource,
        /// Total owed.
        owed: u8,
        /// What the bank held.
        bank: u8,
    },
    /// A player must discard after a 7.
    MustDiscard {
        /// Who.
        player: PlayerId,
        /// How many.
        count: u8,
    },
    /// A player discarded.
    Discarded {
        /// Who.
        player: PlayerId,
        /// What.
        cards: Cards,
    },
    /// The robber moved.
    RobberMoved {
        /// Who moved it.
        player: PlayerId,
        /// From (None if it was off the board).
        from: Option<HexId>,
        /// To.
        to: HexId,
    },
    /// A robbery (card `None` when the victim had nothing).
    Robbed {
        /// Robber.
        player: PlayerId,
        /// Victim.
        victim: PlayerId,
        /// The card taken.
        card: Option<CardKind>,
    },
    /// A maritime trade.
    MaritimeTraded {
        /// Who.
        player: PlayerId,
        /// Given kind.
        give: CardKind,
        /// How many given.
        rate: u8,
        /// Received kind.
        get: CardKind,
    },
    /// A domestic trade offer.
    TradeOffered {
        /// Offering player.
        player: PlayerId,
        /// To whom.
        to: PlayerId,
        /// Offered.
        give: Cards,
        /// Asked.
        get: Cards,
    },
    /// The trade was accepted and carried out.
    TradeAccepted {
        /// Who accepted.
        player: PlayerId,
        /// The offering player.
        partner: PlayerId,
    },
    /// The trade was declined.
    TradeDeclined {
        /// Who declined.
        player: PlayerId,
        /// The offering player.
        partner: PlayerId,
    },
    /// A development card was bought (the card follows in `DevCardDrawn`).
    DevCardBought {
        /// Who.
        player: PlayerId,
    },
    /// The development card drawn.
    DevCardDrawn {
        /// Who.
        player: PlayerId,
        /// Which card.
        card: DevCard,
    },
    /// A development card was played.
    DevCardPlayed {
        /// Who.
        player: PlayerId,
        /// Which card.
        card: DevCard,
    },
    /// Year of Plenty: resources taken.
    TookFromBank {
        /// Who.
        player: PlayerId,
        /// What.
        cards: Cards,
    },
    /// Monopoly: one player handed over cards.
    MonopolyPaid {
        /// Who played Monopoly.
        player: PlayerId,
        /// Who paid.
        victim: PlayerId,
        /// The resource.
        resource: Resource,
        /// How many.
        count: u8,
    },
    /// Longest Road changed hands (or was set aside: `holder` None).
    LongestRoadChanged {
        /// The new holder.
        holder: Option<PlayerId>,
        /// The previous holder.
        previous: Option<PlayerId>,
        /// The new holder's length (0 when set aside).
        length: u8,
    },
    /// Largest Army changed hands.
    LargestArmyChanged {
        /// The new holder.
        holder: PlayerId,
        /// The previous holder.
        previous: Option<PlayerId>,
        /// Knights played by the new holder.
        knights: u8,
    },
    /// A turn ended.
    TurnEnded {
        /// Whose.
        player: PlayerId,
    },
    /// A turn began.
    TurnStarted {
        /// Whose.
        player: PlayerId,
        /// Turn number (1 = first turn after setup).
        turn: u32,
    },
    /// The setup phase ended.
    SetupEnded,
    /// The game was won.
    GameWon {
        /// The winner.
        player: PlayerId,
        /// Their victory points.
        points: u8,
        /// Hidden victory point cards revealed.
        revealed: u8,
    },
}

/// A field value of an event, for matching and rendering.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Field {
    /// A player (or none).
    Player(Option<PlayerId>),
    /// A hex (or none).
    Hex(Option<HexId>),
    /// An intersection.
    Vertex(VertexId),
    /// A path.
    Edge(EdgeId),
    /// A card kind (or none).
    Card(Option<CardKind>),
    /// A multiset of cards.
    Cards(Cards),
    /// A development card.
    Dev(DevCard),
    /// A number.
    Number(i64),
    /// A flag.
    Flag(bool),
}

impl Event {
    /// The stable kebab-case name of this event.
    pub fn kind(&self) -> &'static str {
        use Event::*;
        match self {
            RoadBuilt { .. } => "road-built",
            SettlementBuilt { .. } => "settlement-built",
            CityBuilt { .. } => "city-built",
            StartingResources { .. } => "starting-resources",
            RollRequested { .. } => "roll-requested",
            Rolled { .. } => "rolled",
            Produced { .. } => "produced",
            Shortage { .. } => "shortage",
            MustDiscard { .. } => "must-discard",
            Discarded { .. } => "discarded",
            RobberMoved { .. } => "robber-moved",
            Robbed { .. } => "robbed",
            MaritimeTraded { .. } => "maritime-traded",
            TradeOffered { .. } => "trade-offered",
            TradeAccepted { .. } => "trade-accepted",
            TradeDeclined { .. } => "trade-declined",
            DevCardBought { .. } => "dev-card-bought",
            DevCardDrawn { .. } => "dev-card-drawn",
            DevCardPlayed { .. } => "dev-card-played",
            TookFromBank { .. } => "took-from-bank",
            MonopolyPaid { .. } => "monopoly-paid",
            LongestRoadChanged { .. } => "longest-road-changed",
            LargestArmyChanged { .. } => "largest-army-changed",
            TurnEnded { .. } => "turn-ended",
            TurnStarted { .. } => "turn-started",
            SetupEnded => "setup-ended",
            GameWon { .. } => "game-won",
        }
    }

    /// Every event kind name, for diagnostics ("did you mean").
    pub const KINDS: &'static [&'static str] = &[
        "road-built",
        "settlement-built",
        "city-built",
        "starting-resources",
        "roll-requested",
        "rolled",
        "produced",
        "shortage",
        "must-discard",
        "discarded",
        "robber-moved",
        "robbed",
        "maritime-traded",
        "trade-offered",
        "trade-accepted",
        "trade-declined",
        "dev-card-bought",
        "dev-card-drawn",
        "dev-card-played",
        "took-from-bank",
        "monopoly-paid",
        "longest-road-changed",
        "largest-army-changed",
        "turn-ended",
        "turn-started",
        "setup-ended",
        "game-won",
    ];

    /// The named fields of this event, in declaration order.
    pub fn fields(&self) -> Vec<(&'static str, Field)> {
        use Event::*;
        use Field as F;
        let p = |x: PlayerId| F::Player(Some(x));
        match *self {
            RoadBuilt { player, at, free } => vec![("player", p(player)), ("at", F::Edge(at)), ("free", F::Flag(free))],
            SettlementBuilt { player, at, free } => {
                vec![("player", p(player)), ("at", F::Vertex(at)), ("free", F::Flag(free))]
            }
            CityBuilt { player, at } => vec![("player", p(player)), ("at", F::Vertex(at))],
            StartingResources { player, cards } => vec![("player", p(player)), ("cards", F::Cards(cards))],
            RollRequested { player } => vec![("player", p(player))],
            Rolled {
                player,
                red,
                yellow,
                total,
            } => vec![
                ("player", p(player)),
                ("red", F::Number(red as i64)),
                ("yellow", F::Number(yellow as i64)),
                ("total", F::Number(total as i64)),
            ],
            Produced {
                player,
                resource,
                count,
            } => vec![
                ("player", p(player)),
                ("resource", F::Card(Some(resource.card()))),
                ("count", F::Number(count as i64)),
            ],
            Shortage { resource, owed, bank } => vec![
                ("resource", F::Card(Some(resource.card()))),
                ("owed", F::Number(owed as i64)),
                ("bank", F::Number(bank as i64)),
            ],
            MustDiscard { player, count } => vec![("player", p(player)), ("count", F::Number(count as i64))],
            Discarded { player, cards } => vec![("player", p(player)), ("cards", F::Cards(cards))],
            RobberMoved { player, from, to } => {
                vec![("player", p(player)), ("from", F::Hex(from)), ("to", F::Hex(Some(to)))]
            }
            Robbed { player, victim, card } => {
                vec![("player", p(player)), ("victim", p(victim)), ("card", F::Card(card))]
            }
            MaritimeTraded {
                player,
                give,
                rate,
                get,
            } => vec![
                ("player", p(player)),
                ("give", F::Card(Some(give))),
                ("rate", F::Number(rate as i64)),
                ("get", F::Card(Some(get))),
            ],
            TradeOffered { player, to, give, get } => vec![
                ("player", p(player)),
                ("to", p(to)),
                ("give", F::Cards(give)),
                ("get", F::Cards(get)),
            ],
            TradeAccepted { player, partner } => vec![("player", p(player)), ("partner", p(partner))],
            TradeDeclined { player, partner } => vec![("player", p(player)), ("partner", p(partner))],
            DevCardBought { player } => vec![("player", p(player))],
            DevCardDrawn { player, card } => vec![("player", p(player)), ("card", F::Dev(card))],
            DevCardPlayed { player, card } => vec![("player", p(player)), ("card", F::Dev(card))],
            TookFromBank { player, cards } => vec![("player", p(player)), ("cards", F::Cards(cards))],
            MonopolyPaid {
                player,
                victim,
                resource,
                count,
            } => vec![
                ("player", p(player)),
                ("victim", p(victim)),
                ("resource", F::Card(Some(resource.card()))),
                ("count", F::Number(count as i64)),
            ],
            LongestRoadChanged {
                holder,
                previous,
                length,
            } => vec![
                ("holder", F::Player(holder)),
                ("previous", F::Player(previous)),
                ("length", F::Number(length as i64)),
            ],
            LargestArmyChanged {
                holder,
                previous,
                knights,
            } => vec![
                ("holder", p(holder)),
                ("previous", F::Player(previous)),
                ("knights", F::Number(knights as i64)),
            ],
            TurnEnded { player } => vec![("player", p(player))],
            TurnStarted { player, turn } => vec![("player", p(player)), ("turn", F::Number(turn as i64))],
            SetupEnded => vec![],
            GameWon {
                player,
                points,
                revealed,
            } => vec![
                ("player", p(player)),
                ("points", F::Number(points as i64)),
                ("revealed", F::Number(revealed as i64)),
            ],
        }
    }
}
