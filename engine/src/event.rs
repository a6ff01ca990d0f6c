//! Events: what happened, in order. Traces and goldens are made of these.
//!
//! [`Event::kind`] gives the stable kebab-case name scenarios use (`expect event produced`)
//! and [`Event::fields`] the named fields they match against.

use crate::cards::{CardKind, Cards, DevCard, Resource};
use crate::court::SoldierColour;
use crate::ids::{EdgeId, HexId, PlayerId, VertexId};
use crate::progress::{EventFace, ProgressCard, Track};
use catan_engine_derive::Fields;
use serde::{Deserialize, Serialize};

pub use crate::rules::barb::events::BarbEvent;
pub use crate::rules::ck::events::CkEvent;
pub use crate::rules::court::events::CourtEvent;
pub use crate::rules::sea::events::SeaEvent;

/// What happened.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize, Fields)]
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
    /// A Cities & Knights event ([`CkEvent`], declared with the expansion's rules).
    #[serde(untagged)]
    Ck(CkEvent),
    /// A The Court event ([`CourtEvent`], declared with the expansion's rules).
    #[serde(untagged)]
    Court(CourtEvent),
    /// A Seafarers event ([`SeaEvent`], declared with the expansion's rules).
    #[serde(untagged)]
    Sea(SeaEvent),
    /// A Barbarian Attack event ([`BarbEvent`], declared with the scenario's rules).
    #[serde(untagged)]
    Barb(BarbEvent),
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
    /// A word: a track, an event face, a progress card.
    Word(&'static str),
}

/// What each type of event field shows as (the conversions `#[derive(Fields)]` uses).
macro_rules! field_from {
    ($($t:ty => |$v:ident| $e:expr;)*) => {
        $(impl From<$t> for Field {
            fn from($v: $t) -> Field {
                $e
            }
        })*
    };
}

field_from! {
    PlayerId => |p| Field::Player(Some(p));
    Option<PlayerId> => |p| Field::Player(p);
    HexId => |h| Field::Hex(Some(h));
    Option<HexId> => |h| Field::Hex(h);
    VertexId => |v| Field::Vertex(v);
    EdgeId => |e| Field::Edge(e);
    CardKind => |k| Field::Card(Some(k));
    Option<CardKind> => |k| Field::Card(k);
    Resource => |r| Field::Card(Some(r.card()));
    Option<Resource> => |r| Field::Card(r.map(Resource::card));
    Cards => |c| Field::Cards(c);
    DevCard => |d| Field::Dev(d);
    u8 => |n| Field::Number(i64::from(n));
    u32 => |n| Field::Number(i64::from(n));
    bool => |b| Field::Flag(b);
    Track => |t| Field::Word(t.name());
    EventFace => |f| Field::Word(f.name());
    ProgressCard => |c| Field::Word(c.name());
    Option<ProgressCard> => |c| Field::Word(c.map_or("none", ProgressCard::name));
    SoldierColour => |c| Field::Word(c.name());
    crate::rules::barb::state::BarbCard => |c| Field::Word(c.name());
    crate::rules::barb::events::ArrivalCause => |c| Field::Word(c.name());
}

#[cfg(test)]
mod derived_fields {
    use super::{CkEvent, Event, Field};
    use crate::ids::PlayerId;
    use crate::progress::Track;

    #[test]
    fn fields_follow_the_declaration_with_raw_names_unescaped() {
        let e = Event::Ck(CkEvent::MetropolisWon {
            player: PlayerId(1),
            track: Track::Trade,
            previous: None,
            r#final: true,
        });
        assert_eq!(
            e.fields(),
            vec![
                ("player", Field::Player(Some(PlayerId(1)))),
                ("track", Field::Word("trade")),
                ("previous", Field::Player(None)),
                ("final", Field::Flag(true)),
            ]
        );
        let taken = Event::Ck(CkEvent::ProgressTaken {
            player: PlayerId(0),
            from: PlayerId(2),
            card: None,
        });
        assert_eq!(taken.fields()[2], ("card", Field::Word("none")));
        assert!(Event::SetupEnded.fields().is_empty());
    }

    #[test]
    fn kind_is_the_serde_tag_and_kinds_lists_each_once() {
        let e = Event::RoadBuilt {
            player: PlayerId(0),
            at: crate::ids::EdgeId(3),
            free: false,
        };
        let json = serde_json::to_value(e).unwrap();
        assert_eq!(json["event"], e.kind());
        assert_eq!(Event::SetupEnded.kind(), "setup-ended");
        let mut kinds = Event::KINDS.to_vec();
        kinds.sort_unstable();
        kinds.dedup();
        assert_eq!(kinds.len(), Event::KINDS.len());
        assert!(Event::KINDS.contains(&"tricolour-banner-taken"));
        // An expansion's event: the same flat JSON, the same name, and back nested.
        let wall = Event::Ck(CkEvent::WallBuilt {
            player: PlayerId(1),
            at: crate::ids::VertexId(4),
        });
        let json = serde_json::to_value(wall).unwrap();
        assert_eq!(json["event"], "wall-built");
        assert_eq!(wall.kind(), "wall-built");
        assert_eq!(serde_json::from_value::<Event>(json).unwrap(), wall);
        let (base, ck, court, sea, barb) = (
            27,
            super::CkEvent::KINDS.len(),
            super::CourtEvent::KINDS.len(),
            super::SeaEvent::KINDS.len(),
            super::BarbEvent::KINDS.len(),
        );
        assert_eq!(
            Event::KINDS.len(),
            base + ck + court + sea + barb,
            "nested kinds listed once each"
        );
        assert!(ck > 40 && court == 6);
    }
}
