//! Events: what happened, in order. Traces and goldens are made of these.
//!
//! [`Event::kind`] gives the stable kebab-case name scenarios use (`expect event produced`)
//! and [`Event::fields`] the named fields they match against.

use crate::cards::{CardKind, Cards, DevCard, Resource};
use crate::court::SoldierColour;
use crate::ids::{EdgeId, HexId, PlayerId, VertexId};
use crate::progress::{EventFace, ProgressCard, Track};
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
            EventDieRolled { .. } => "event-die-rolled",
            CommodityProduced { .. } => "commodity-produced",
            CommodityShortage { .. } => "commodity-shortage",
            BarbariansAdvanced { .. } => "barbarians-advanced",
            BarbariansAttacked { .. } => "barbarians-attacked",
            BarbariansWon { .. } => "barbarians-won",
            DefendersWon { .. } => "defenders-won",
            MustLoseCity { .. } => "must-lose-city",
            CityPillaged { .. } => "city-pillaged",
            DefenderRewarded { .. } => "defender-rewarded",
            DefenderTied { .. } => "defender-tied",
            KnightsDeactivated { .. } => "knights-deactivated",
            RobberActivated { .. } => "robber-activated",
            ProgressDrawn { .. } => "progress-drawn",
            ProgressDeckEmpty { .. } => "progress-deck-empty",
            VictoryCardRevealed { .. } => "victory-card-revealed",
            MustDiscardProgress { .. } => "must-discard-progress",
            ProgressDiscarded { .. } => "progress-discarded",
            AqueductUsed { .. } => "aqueduct-used",
            WallBuilt { .. } => "wall-built",
            Improved { .. } => "improved",
            MetropolisWon { .. } => "metropolis-won",
            MetropolisPlaced { .. } => "metropolis-placed",
            KnightRecruited { .. } => "knight-recruited",
            KnightPromoted { .. } => "knight-promoted",
            KnightActivated { .. } => "knight-activated",
            KnightMoved { .. } => "knight-moved",
            KnightDisplaced { .. } => "knight-displaced",
            KnightRelocated { .. } => "knight-relocated",
            KnightRemoved { .. } => "knight-removed",
            RobberChased { .. } => "robber-chased",
            CityRepaired { .. } => "city-repaired",
            ProgressPlayed { .. } => "progress-played",
            CardsTaken { .. } => "cards-taken",
            TokensSwapped { .. } => "tokens-swapped",
            MerchantPlaced { .. } => "merchant-placed",
            HarborOffered { .. } => "harbor-offered",
            KnightPlaced { .. } => "knight-placed",
            RoadRemoved { .. } => "road-removed",
            KnightIntrigued { .. } => "knight-intrigued",
            ProgressTaken { .. } => "progress-taken",
            MustGive { .. } => "must-give",
            SoldierCaptured { .. } => "soldier-captured",
            BannerTaken { .. } => "banner-taken",
            TricolourBannerTaken { .. } => "tricolour-banner-taken",
            NobleSent { .. } => "noble-sent",
            MostInfluenceTaken { .. } => "most-influence-taken",
            RobberWaits { .. } => "robber-waits",
            GameWon { .. } => "game-won",
            KnightsCommitted { .. } => "knights-committed",
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
        "event-die-rolled",
        "commodity-produced",
        "commodity-shortage",
        "barbarians-advanced",
        "barbarians-attacked",
        "barbarians-won",
        "defenders-won",
        "must-lose-city",
        "city-pillaged",
        "defender-rewarded",
        "defender-tied",
        "knights-deactivated",
        "robber-activated",
        "progress-drawn",
        "progress-deck-empty",
        "victory-card-revealed",
        "must-discard-progress",
        "progress-discarded",
        "aqueduct-used",
        "wall-built",
        "improved",
        "metropolis-won",
        "metropolis-placed",
        "knight-recruited",
        "knight-promoted",
        "knight-activated",
        "knight-moved",
        "knight-displaced",
        "knight-relocated",
        "knight-removed",
        "robber-chased",
        "city-repaired",
        "progress-played",
        "cards-taken",
        "tokens-swapped",
        "merchant-placed",
        "harbor-offered",
        "knight-placed",
        "road-removed",
        "knight-intrigued",
        "progress-taken",
        "must-give",
        "soldier-captured",
        "banner-taken",
        "tricolour-banner-taken",
        "noble-sent",
        "most-influence-taken",
        "robber-waits",
        "game-won",
        "knights-committed",
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
            EventDieRolled { player, face } => vec![("player", p(player)), ("face", F::Word(face.name()))],
            CommodityProduced {
                player,
                commodity,
                count,
            } => vec![
                ("player", p(player)),
                ("commodity", F::Card(Some(commodity))),
                ("count", F::Number(count as i64)),
            ],
            CommodityShortage { commodity, owed, bank } => vec![
                ("commodity", F::Card(Some(commodity))),
                ("owed", F::Number(owed as i64)),
                ("bank", F::Number(bank as i64)),
            ],
            BarbariansAdvanced { position, track } => vec![
                ("position", F::Number(position as i64)),
                ("track", F::Number(track as i64)),
            ],
            BarbariansAttacked { strength, defence } => vec![
                ("strength", F::Number(strength as i64)),
                ("defence", F::Number(defence as i64)),
            ],
            BarbariansWon { strength, defence } => vec![
                ("strength", F::Number(strength as i64)),
                ("defence", F::Number(defence as i64)),
            ],
            DefendersWon { strength, defence } => vec![
                ("strength", F::Number(strength as i64)),
                ("defence", F::Number(defence as i64)),
            ],
            MustLoseCity { player, contributed } => {
                vec![("player", p(player)), ("contributed", F::Number(contributed as i64))]
            }
            CityPillaged {
                player,
                at,
                damaged,
                wall,
            } => vec![
                ("player", p(player)),
                ("at", F::Vertex(at)),
                ("damaged", F::Flag(damaged)),
                ("wall", F::Flag(wall)),
            ],
            DefenderRewarded { player, contributed } => {
                vec![("player", p(player)), ("contributed", F::Number(contributed as i64))]
            }
            DefenderTied { player, contributed } => {
                vec![("player", p(player)), ("contributed", F::Number(contributed as i64))]
            }
            KnightsDeactivated { count } => vec![("count", F::Number(count as i64))],
            RobberActivated { at } => vec![("at", F::Hex(Some(at)))],
            ProgressDrawn { player, deck, card } => vec![
                ("player", p(player)),
                ("deck", F::Word(deck.name())),
                ("card", F::Word(card.name())),
            ],
            ProgressDeckEmpty { player, deck } => vec![("player", p(player)), ("deck", F::Word(deck.name()))],
            VictoryCardRevealed { player, card } => vec![("player", p(player)), ("card", F::Word(card.name()))],
            MustDiscardProgress { player, count } => vec![("player", p(player)), ("count", F::Number(count as i64))],
            ProgressDiscarded { player, card } => vec![("player", p(player)), ("card", F::Word(card.name()))],
            AqueductUsed { player, resource } => {
                vec![("player", p(player)), ("resource", F::Card(resource.map(|r| r.card())))]
            }
            WallBuilt { player, at } => vec![("player", p(player)), ("at", F::Vertex(at))],
            Improved { player, track, level } => vec![
                ("player", p(player)),
                ("track", F::Word(track.name())),
                ("level", F::Number(level as i64)),
            ],
            MetropolisWon {
                player,
                track,
                previous,
                r#final,
            } => vec![
                ("player", p(player)),
                ("track", F::Word(track.name())),
                ("previous", F::Player(previous)),
                ("final", F::Flag(r#final)),
            ],
            MetropolisPlaced { player, track, at } => vec![
                ("player", p(player)),
                ("track", F::Word(track.name())),
                ("at", F::Vertex(at)),
            ],
            KnightRecruited { player, at } => vec![("player", p(player)), ("at", F::Vertex(at))],
            KnightPromoted { player, at, level } => vec![
                ("player", p(player)),
                ("at", F::Vertex(at)),
                ("level", F::Number(level as i64)),
            ],
            KnightActivated { player, at } => vec![("player", p(player)), ("at", F::Vertex(at))],
            KnightMoved { player, from, to } => {
                vec![("player", p(player)), ("from", F::Vertex(from)), ("to", F::Vertex(to))]
            }
            KnightDisplaced {
                player,
                from,
                to,
                victim,
            } => vec![
                ("player", p(player)),
                ("from", F::Vertex(from)),
                ("to", F::Vertex(to)),
                ("victim", p(victim)),
            ],
            KnightRelocated { player, from, to } => {
                vec![("player", p(player)), ("from", F::Vertex(from)), ("to", F::Vertex(to))]
            }
            KnightRemoved { player, at, level } => vec![
                ("player", p(player)),
                ("at", F::Vertex(at)),
                ("level", F::Number(level as i64)),
            ],
            RobberChased { player, knight } => vec![("player", p(player)), ("knight", F::Vertex(knight))],
            CityRepaired { player, at } => vec![("player", p(player)), ("at", F::Vertex(at))],
            ProgressPlayed { player, card } => vec![("player", p(player)), ("card", F::Word(card.name()))],
            CardsTaken { player, from, cards } => {
                vec![("player", p(player)), ("from", p(from)), ("cards", F::Cards(cards))]
            }
            TokensSwapped { player, a, b } => {
                vec![("player", p(player)), ("a", F::Hex(Some(a))), ("b", F::Hex(Some(b)))]
            }
            MerchantPlaced { player, hex, previous } => vec![
                ("player", p(player)),
                ("hex", F::Hex(Some(hex))),
                ("previous", F::Player(previous)),
            ],
            HarborOffered {
                player,
                to,
                resource,
                answered,
            } => vec![
                ("player", p(player)),
                ("to", p(to)),
                ("resource", F::Card(Some(resource.card()))),
                ("answered", F::Flag(answered)),
            ],
            KnightPlaced {
                player,
                at,
                level,
                active,
            } => vec![
                ("player", p(player)),
                ("at", F::Vertex(at)),
                ("level", F::Number(level as i64)),
                ("active", F::Flag(active)),
            ],
            RoadRemoved { player, at } => vec![("player", p(player)), ("at", F::Edge(at))],
            KnightIntrigued { player, at, victim } => {
                vec![("player", p(player)), ("at", F::Vertex(at)), ("victim", p(victim))]
            }
            ProgressTaken { player, from, card } => vec![
                ("player", p(player)),
                ("from", p(from)),
                ("card", F::Word(card.map_or("none", |c| c.name()))),
            ],
            MustGive { player, to, count } => {
                vec![("player", p(player)), ("to", p(to)), ("count", F::Number(count as i64))]
            }
            SetupEnded => vec![],
            SoldierCaptured {
                player,
                at,
                colour,
                prisoners,
            } => vec![
                ("player", p(player)),
                ("at", F::Vertex(at)),
                ("colour", F::Word(colour.name())),
                ("prisoners", F::Number(prisoners as i64)),
            ],
            BannerTaken { player, colour, from } => vec![
                ("player", p(player)),
                ("colour", F::Word(colour.name())),
                ("from", F::Player(from)),
            ],
            TricolourBannerTaken { player, left } => vec![("player", p(player)), ("left", F::Number(left as i64))],
            NobleSent { player, nobles, left } => vec![
                ("player", p(player)),
                ("nobles", F::Number(nobles as i64)),
                ("left", F::Number(left as i64)),
            ],
            MostInfluenceTaken { player, from } => vec![("player", p(player)), ("from", F::Player(from))],
            RobberWaits { player } => vec![("player", p(player))],
            GameWon {
                player,
                points,
                revealed,
            } => vec![
                ("player", p(player)),
                ("points", F::Number(points as i64)),
                ("revealed", F::Number(revealed as i64)),
            ],
            KnightsCommitted {
                player,
                knights,
                strength,
            } => vec![
                ("player", p(player)),
                ("knights", F::Number(knights as i64)),
                ("strength", F::Number(strength as i64)),
            ],
        }
    }
}
