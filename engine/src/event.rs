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
    /// Cities & Knights: the event die came up.
    EventDieRolled {
        /// Who rolled.
        player: PlayerId,
        /// The face.
        face: EventFace,
    },
    /// Cities & Knights: a player received a commodity from a city.
    CommodityProduced {
        /// Who.
        player: PlayerId,
        /// Which commodity.
        commodity: CardKind,
        /// How many.
        count: u8,
    },
    /// Cities & Knights: the bank could not pay a commodity to everybody owed it.
    CommodityShortage {
        /// Which commodity.
        commodity: CardKind,
        /// Total owed.
        owed: u8,
        /// What the bank held.
        bank: u8,
    },
    /// Cities & Knights: the barbarian ship sailed one step.
    BarbariansAdvanced {
        /// Steps sailed now.
        position: u8,
        /// Steps to Catan.
        track: u8,
    },
    /// Cities & Knights: the barbarians reached Catan.
    BarbariansAttacked {
        /// Barbarian strength (cities on the board).
        strength: u8,
        /// Sum of the active knights' strengths.
        defence: u8,
    },
    /// Cities & Knights: the barbarians were stronger; cities will be pillaged.
    BarbariansWon {
        /// Barbarian strength.
        strength: u8,
        /// Defence.
        defence: u8,
    },
    /// Cities & Knights: the knights held.
    DefendersWon {
        /// Barbarian strength.
        strength: u8,
        /// Defence.
        defence: u8,
    },
    /// Cities & Knights: a lowest contributor must choose a city to be pillaged.
    MustLoseCity {
        /// Who.
        player: PlayerId,
        /// Strength contributed.
        contributed: u8,
    },
    /// Cities & Knights: a city became a settlement (or was turned on its side).
    CityPillaged {
        /// Owner.
        player: PlayerId,
        /// Where.
        at: VertexId,
        /// Turned on its side (no settlement left in supply).
        damaged: bool,
        /// A wall stood under it and was lost.
        wall: bool,
    },
    /// Cities & Knights: the single highest contributor receives a VP token.
    DefenderRewarded {
        /// Who.
        player: PlayerId,
        /// Strength contributed.
        contributed: u8,
    },
    /// Cities & Knights: a tied highest contributor will draw a progress card.
    DefenderTied {
        /// Who.
        player: PlayerId,
        /// Strength contributed.
        contributed: u8,
    },
    /// Cities & Knights: after an attack every knight lies down and the ship returns.
    KnightsDeactivated {
        /// Knights that were active.
        count: u8,
    },
    /// Cities & Knights: the first attack puts the robber on the desert; it is active from now on.
    RobberActivated {
        /// Where it stands.
        at: HexId,
    },
    /// Cities & Knights: a progress card was drawn.
    ProgressDrawn {
        /// Who.
        player: PlayerId,
        /// Which deck.
        deck: Track,
        /// Which card.
        card: ProgressCard,
    },
    /// Cities & Knights: a draw from an empty deck gives nothing.
    ProgressDeckEmpty {
        /// Who would draw.
        player: PlayerId,
        /// Which deck.
        deck: Track,
    },
    /// Cities & Knights: a victory point progress card was placed face up.
    VictoryCardRevealed {
        /// Who.
        player: PlayerId,
        /// Which card.
        card: ProgressCard,
    },
    /// Cities & Knights: a player holds too many progress cards.
    MustDiscardProgress {
        /// Who.
        player: PlayerId,
        /// Cards over the limit.
        count: u8,
    },
    /// Cities & Knights: a progress card went under its deck.
    ProgressDiscarded {
        /// Who.
        player: PlayerId,
        /// Which card.
        card: ProgressCard,
    },
    /// Cities & Knights: a player who received nothing took a resource (or declined).
    AqueductUsed {
        /// Who.
        player: PlayerId,
        /// What was taken.
        resource: Option<Resource>,
    },
    /// Cities & Knights: a city wall was built.
    WallBuilt {
        /// Who.
        player: PlayerId,
        /// Under which city.
        at: VertexId,
    },
    /// Cities & Knights: a track rose one level.
    Improved {
        /// Who.
        player: PlayerId,
        /// Which track.
        track: Track,
        /// The level reached.
        level: u8,
    },
    /// Cities & Knights: a player won a metropolis (from `previous`, if anyone).
    MetropolisWon {
        /// Who.
        player: PlayerId,
        /// Which metropolis.
        track: Track,
        /// Who lost it.
        previous: Option<PlayerId>,
        /// Held for good (level 5).
        r#final: bool,
    },
    /// Cities & Knights: a metropolis was placed on a city.
    MetropolisPlaced {
        /// Who.
        player: PlayerId,
        /// Which metropolis.
        track: Track,
        /// On which city.
        at: VertexId,
    },
    /// Cities & Knights: a basic knight was recruited (inactive).
    KnightRecruited {
        /// Who.
        player: PlayerId,
        /// Where.
        at: VertexId,
    },
    /// Cities & Knights: a knight rose one level.
    KnightPromoted {
        /// Who.
        player: PlayerId,
        /// Where.
        at: VertexId,
        /// The new strength.
        level: u8,
    },
    /// Cities & Knights: a knight was stood up.
    KnightActivated {
        /// Who.
        player: PlayerId,
        /// Where.
        at: VertexId,
    },
    /// Cities & Knights: a knight moved (and lay down).
    KnightMoved {
        /// Who.
        player: PlayerId,
        /// From.
        from: VertexId,
        /// To.
        to: VertexId,
    },
    /// Cities & Knights: a knight displaced a weaker opposing knight.
    KnightDisplaced {
        /// Who displaced.
        player: PlayerId,
        /// From.
        from: VertexId,
        /// Where the displaced knight stood.
        to: VertexId,
        /// The displaced knight's owner.
        victim: PlayerId,
    },
    /// Cities & Knights: a displaced knight was put on a new intersection.
    KnightRelocated {
        /// Owner.
        player: PlayerId,
        /// Where it stood.
        from: VertexId,
        /// Where it went.
        to: VertexId,
    },
    /// Cities & Knights: a knight went back to its owner's supply.
    KnightRemoved {
        /// Owner.
        player: PlayerId,
        /// Where it stood.
        at: VertexId,
        /// Its strength.
        level: u8,
    },
    /// Cities & Knights: a knight chased the robber away.
    RobberChased {
        /// Who.
        player: PlayerId,
        /// The knight.
        knight: VertexId,
    },
    /// Cities & Knights: a city turned on its side was rebuilt.
    CityRepaired {
        /// Who.
        player: PlayerId,
        /// Where.
        at: VertexId,
    },
    /// Cities & Knights: a progress card was played (it goes under its deck).
    ProgressPlayed {
        /// Who.
        player: PlayerId,
        /// Which card.
        card: ProgressCard,
    },
    /// Cities & Knights: cards passed from one hand to another (Guild Dues, monopolies, Wedding, Commercial Harbor).
    CardsTaken {
        /// Who received.
        player: PlayerId,
        /// Who gave.
        from: PlayerId,
        /// What.
        cards: Cards,
    },
    /// Invention: two number tokens changed places.
    TokensSwapped {
        /// Who.
        player: PlayerId,
        /// One hex.
        a: HexId,
        /// The other hex.
        b: HexId,
    },
    /// Merchant: the merchant stands on a new hex under a new controller.
    MerchantPlaced {
        /// Its controller.
        player: PlayerId,
        /// Where.
        hex: HexId,
        /// The previous controller.
        previous: Option<PlayerId>,
    },
    /// Commercial Harbor: a resource offered to an opponent (`answered` no: they hold no commodity, the resource stays).
    HarborOffered {
        /// Who offered.
        player: PlayerId,
        /// To whom.
        to: PlayerId,
        /// The resource.
        resource: Resource,
        /// Whether a commodity is owed in return.
        answered: bool,
    },
    /// Treason: a knight placed with the status of the one removed.
    KnightPlaced {
        /// Owner.
        player: PlayerId,
        /// Where.
        at: VertexId,
        /// Strength.
        level: u8,
        /// Status.
        active: bool,
    },
    /// Diplomacy: a road went back to its owner's supply.
    RoadRemoved {
        /// Owner.
        player: PlayerId,
        /// Where.
        at: EdgeId,
    },
    /// Intrigue: an opposing knight was displaced without a knight.
    KnightIntrigued {
        /// Who played Intrigue.
        player: PlayerId,
        /// Where the knight stood.
        at: VertexId,
        /// Its owner.
        victim: PlayerId,
    },
    /// Espionage: a progress card taken from an opponent (or none).
    ProgressTaken {
        /// Who.
        player: PlayerId,
        /// From whom.
        from: PlayerId,
        /// The card.
        card: Option<ProgressCard>,
    },
    /// Wedding: a richer player owes cards of their choice.
    MustGive {
        /// Who gives.
        player: PlayerId,
        /// To whom.
        to: PlayerId,
        /// How many.
        count: u8,
    },
    /// The Court: a road took a foreign soldier prisoner.
    SoldierCaptured {
        /// The road's owner.
        player: PlayerId,
        /// The soldier's intersection.
        at: VertexId,
        /// The soldier's colour.
        colour: SoldierColour,
        /// The player's prisoners of that colour now.
        prisoners: u8,
    },
    /// The Court: a colour's banner changed hands.
    BannerTaken {
        /// The new holder.
        player: PlayerId,
        /// The colour.
        colour: SoldierColour,
        /// The previous holder.
        from: Option<PlayerId>,
    },
    /// The Court: a player took a tricolour banner.
    TricolourBannerTaken {
        /// Who.
        player: PlayerId,
        /// Tricolour banners left.
        left: u8,
    },
    /// The Court: a noble was sent to the Court.
    NobleSent {
        /// Who.
        player: PlayerId,
        /// The player's nobles at the Court now.
        nobles: u8,
        /// Nobles left to send, all players together.
        left: u8,
    },
    /// The Court: the Most Influence card changed hands.
    MostInfluenceTaken {
        /// The new holder.
        player: PlayerId,
        /// The previous holder.
        from: Option<PlayerId>,
    },
    /// The Court: a knight was played before the first 7; the robber stays off the island.
    RobberWaits {
        /// Who played the knight.
        player: PlayerId,
    },
    /// The game was won.
    GameWon {
        /// The winner.
        player: PlayerId,
        /// Their victory points.
        points: u8,
        /// Hidden victory point cards revealed.
        revealed: u8,
    },
    /// Cities & Knights, Fiesepeter battle rule: `player` sent these knights against the
    /// barbarians.
    KnightsCommitted {
        /// Who.
        player: PlayerId,
        /// How many knights.
        knights: u8,
        /// Their total strength.
        strength: u8,
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
}

#[cfg(test)]
mod derived_fields {
    use super::{Event, Field};
    use crate::ids::PlayerId;
    use crate::progress::Track;

    #[test]
    fn fields_follow_the_declaration_with_raw_names_unescaped() {
        let e = Event::MetropolisWon {
            player: PlayerId(1),
            track: Track::Trade,
            previous: None,
            r#final: true,
        };
        assert_eq!(
            e.fields(),
            vec![
                ("player", Field::Player(Some(PlayerId(1)))),
                ("track", Field::Word("trade")),
                ("previous", Field::Player(None)),
                ("final", Field::Flag(true)),
            ]
        );
        let taken = Event::ProgressTaken {
            player: PlayerId(0),
            from: PlayerId(2),
            card: None,
        };
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
    }
}
