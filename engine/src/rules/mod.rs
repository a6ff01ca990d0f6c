//! The rules, one module per topic, and the single entry point [`Game::apply`].
//!
//! Every action goes through [`Game::check`] (which only reads) and then `execute` (which
//! only writes, trusting the check). A refused action therefore changes nothing. After every
//! accepted action the victory rule is checked for the player whose turn it is.

pub(crate) mod barb;
mod building;
pub(crate) mod building_sites;
pub(crate) mod ck;
pub(crate) mod court;
mod development;
pub(crate) mod extensions;
mod largest_army;
mod longest_road;
mod production;
pub(crate) use production::NumberedHexes;
mod queue;
mod robber;
pub(crate) use robber::seat_bit;
pub(crate) mod sea;
mod setup;
mod trade;
mod turn;
pub(crate) mod victory;

pub use longest_road::longest_road_length;
pub(crate) use longest_road::{KnightTouched, RouteGraphs};

use crate::action::{Action, CkAction, Outcome};
use crate::error::{RuleError, Waiting};
use crate::event::Event;
use crate::ids::{EdgeId, HexId, PlayerId, VertexId};
use crate::state::{Game, Phase};

impl Game {
    /// Applies one action (or chance outcome) and returns what happened.
    ///
    /// # Errors
    /// The [`RuleError`] naming the rule that refuses the action; the state is unchanged.
    pub fn apply(&mut self, action: Action) -> Result<Vec<Event>, RuleError> {
        let mut events = Vec::new();
        self.apply_into(action, &mut events)?;
        Ok(events)
    }

    /// Like [`Game::apply`], appending events to a caller-owned buffer (the allocation-free
    /// hot path for random play).
    ///
    /// # Errors
    /// As [`Game::apply`]; on error nothing is appended and the state is unchanged.
    pub fn apply_into(&mut self, action: Action, events: &mut Vec<Event>) -> Result<(), RuleError> {
        self.check(&action)?;
        // A state changed directly since the last action (a test, a tool) is covered.
        self.recount_vp_bounds();
        self.execute(action, events);
        self.check_victory(events);
        Ok(())
    }

    /// Applies an action this crate's random player has just taken from
    /// [`Game::legal_actions`] (or [`Game::nth_discard`], or a chance outcome sampled from
    /// [`Game::for_each_outcome`]) for this very state, without running the checks again:
    /// those lists hold only actions the checks accept (the invariant runs and the property
    /// tests confirm it, going through [`Game::apply_into`]). Debug builds still check.
    pub(crate) fn apply_listed_into(&mut self, action: Action, events: &mut Vec<Event>) {
        debug_assert!(self.check(&action).is_ok(), "{action:?} is not legal");
        self.execute(action, events);
        self.check_victory(events);
    }

    /// Whether `apply` would accept the action now.
    pub fn is_legal(&self, action: &Action) -> bool {
        self.check(action).is_ok()
    }

    /// Checks an action against every rule without changing anything.
    ///
    /// # Errors
    /// The refusing rule, as [`Game::apply`].
    pub fn check(&self, action: &Action) -> Result<(), RuleError> {
        if let crate::pending::Step::Ended { winner } = self.step {
            return Err(RuleError::GameOver {
                winner: self.colour(winner),
            });
        }
        let player = match action {
            Action::Chance(outcome) => return self.check_outcome(outcome),
            a => a.player().unwrap_or(PlayerId(0)),
        };
        self.known_player(player)?;
        self.check_in_ruleset(action)?;
        self.check_actor(player, action)?;
        match *action {
            Action::BuildRoad { player, at } => self.check_road(player, at),
            Action::BuildSettlement { player, at } => self.check_settlement(player, at),
            Action::BuildCity { player, at } => self.check_city(player, at),
            Action::BuyDevCard { player } => self.check_buy_dev(player),
            Action::PlayKnight { .. }
            | Action::PlayRoadBuilding { .. }
            | Action::PlayYearOfPlenty { .. }
            | Action::PlayMonopoly { .. } => self.check_play_dev(action),
            Action::Roll { player } => self.check_roll(player),
            Action::Discard { player, cards } => self.check_discard(player, cards),
            Action::MoveRobber { player, to } => self.check_move_robber(player, to),
            Action::Rob { player, victim } => self.check_rob(player, victim),
            Action::MaritimeTrade {
                player,
                give,
                rate,
                get,
            } => self.check_maritime(player, give, rate, get),
            Action::OfferTrade { player, to, give, get } => self.check_offer(player, to, give, get),
            Action::AcceptTrade { player } => self.check_accept(player),
            Action::DeclineTrade { player } => self.check_decline(player),
            Action::EndTurn { player } => self.check_end_turn(player),
            Action::Chance(_) => Ok(()),
            Action::Ck(a) => self.check_ck_action(a),
            Action::Court(a) => self.check_court_action(a),
            Action::Sea(a) => self.check_sea_action(a),
            Action::Barb(a) => self.check_barb_action(a),
        }
    }

    /// Carries out a checked action. Runs at every step: each arm only calls the function
    /// of its rule, kept out of line, so that a step pays the prologue and stack frame of
    /// the rule it runs and not those of the largest rule (a frame of 0x9d8 bytes and six
    /// saved registers when all were inlined here); a roll only queues the dice.
    fn execute(&mut self, action: Action, events: &mut Vec<Event>) {
        match action {
            Action::Roll { player } => {
                self.set_step(crate::pending::Step::Main);
                self.queue_next(crate::pending::Pending::base(player, crate::pending::BasePending::Dice));
                events.push(Event::RollRequested { player });
            }
            Action::Chance(outcome) => self.execute_outcome(outcome, events),
            Action::EndTurn { player } => self.execute_end_turn(player, events),
            Action::Ck(a) => self.do_ck_action(a, events),
            Action::Sea(a) => self.execute_sea(a, events),
            Action::Barb(a) => self.execute_barb(a, events),
            _ => self.execute_base(action, events),
        }
    }

    /// [`Game::execute`] for a chance outcome, out of line.
    #[inline(never)]
    fn execute_outcome(&mut self, outcome: Outcome, events: &mut Vec<Event>) {
        self.do_outcome(outcome, events);
    }

    /// [`Game::execute`] for the end of the turn, out of line.
    #[inline(never)]
    fn execute_end_turn(&mut self, player: PlayerId, events: &mut Vec<Event>) {
        self.do_end_turn(player, events);
    }

    /// [`Game::execute`] for a Seafarers action, out of line.
    #[inline(never)]
    fn execute_sea(&mut self, action: crate::action::SeaAction, events: &mut Vec<Event>) {
        self.do_sea_action(action, events);
    }

    /// [`Game::execute`] for a Barbarian Attack action, out of line.
    #[inline(never)]
    fn execute_barb(&mut self, action: crate::action::BarbAction, events: &mut Vec<Event>) {
        self.do_barb_action(action, events);
    }

    /// [`Game::execute`] for the base game's other actions (building, cards, discards, the
    /// robber, trades) and The Court's, out of line.
    #[inline(never)]
    fn execute_base(&mut self, action: Action, events: &mut Vec<Event>) {
        match action {
            Action::BuildRoad { player, at } => self.do_road(player, at, events),
            Action::BuildSettlement { player, at } => self.do_settlement(player, at, events),
            Action::BuildCity { player, at } => self.do_city(player, at, events),
            Action::BuyDevCard { player } => self.do_buy_dev(player, events),
            Action::PlayKnight { .. }
            | Action::PlayRoadBuilding { .. }
            | Action::PlayYearOfPlenty { .. }
            | Action::PlayMonopoly { .. } => self.do_play_dev(action, events),
            Action::Discard { player, cards } => self.do_discard(player, cards, events),
            Action::MoveRobber { player, to } => self.do_move_robber(player, to, events),
            Action::Rob { player, victim } => self.do_rob(player, victim, events),
            Action::MaritimeTrade {
                player,
                give,
                rate,
                get,
            } => self.do_maritime(player, give, rate, get, events),
            Action::OfferTrade { player, to, give, get } => self.do_offer(player, to, give, get, events),
            Action::AcceptTrade { player } => self.do_accept(player, events),
            Action::DeclineTrade { player } => self.do_decline(player, events),
            Action::Court(a) => self.do_court_action(a, events),
            // Carried out by `execute`, which never passes them here.
            Action::Roll { .. }
            | Action::EndTurn { .. }
            | Action::Chance(_)
            | Action::Ck(_)
            | Action::Sea(_)
            | Action::Barb(_) => debug_assert!(false, "{action:?} is carried out by Game::execute"),
        }
    }

    /// Checks that `player` is the one the game waits for.
    fn check_actor(&self, player: PlayerId, action: &Action) -> Result<(), RuleError> {
        use crate::pending::{BasePending, CkPending, PendingKind, Resolver};
        let colour = self.colour(player);
        // The front entry of the pending queue names who decides; with nothing pending, the
        // current player.
        let waiting = match self.pending.front() {
            None if player == self.current => None,
            None => Some(Waiting::Player(self.colour(self.current))),
            Some(e) if e.kind.resolver() == Resolver::Chance => Some(Waiting::Chance),
            Some(e) if e.kind.simultaneous() => {
                let answers = match e.kind {
                    PendingKind::Ck(CkPending::Gift { .. }) => matches!(action, Action::Ck(CkAction::GiveCards { .. })),
                    _ => matches!(action, Action::Discard { .. }),
                };
                (!answers).then_some(Waiting::Discarders)
            }
            Some(e) if matches!(e.kind, PendingKind::Base(BasePending::TradeAnswer { .. })) => {
                let answers =
                    player == e.who && matches!(action, Action::AcceptTrade { .. } | Action::DeclineTrade { .. });
                (!answers).then(|| Waiting::Player(self.colour(e.who)))
            }
            Some(e) if player == e.who => None,
            Some(e) => Some(Waiting::Player(self.colour(e.who))),
        };
        match waiting {
            Some(waiting) => Err(RuleError::NotYourDecision {
                player: colour,
                waiting,
            }),
            None => Ok(()),
        }
    }

    fn check_outcome(&self, outcome: &Outcome) -> Result<(), RuleError> {
        // An expansion's own chance (Cities & Knights: three dice, Alchemy, progress draws).
        if let Some(result) = self.check_outcome_ext(outcome) {
            return result;
        }
        let waiting = self.waiting();
        match (self.phase(), *outcome) {
            (Phase::Rolling, Outcome::CkDice { .. } | Outcome::EventDie { .. }) => Err(RuleError::ImpossibleOutcome {
                why: "only Cities & Knights rolls the event die",
            }),
            (Phase::Rolling, Outcome::Dice { red, yellow }) => {
                if (1..=6).contains(&red) && (1..=6).contains(&yellow) {
                    Ok(())
                } else {
                    Err(RuleError::ImpossibleOutcome {
                        why: "each die shows 1 to 6",
                    })
                }
            }
            (Phase::DrawingDevCard, Outcome::DevCard { card }) => {
                if self.dev_deck.get(card) > 0 {
                    Ok(())
                } else {
                    Err(RuleError::ImpossibleOutcome {
                        why: "the deck holds no such development card",
                    })
                }
            }
            (Phase::Stealing { victim, .. }, Outcome::Steal { card }) => {
                if self.players[victim.index()].hand.get(card) > 0 {
                    Ok(())
                } else {
                    Err(RuleError::ImpossibleOutcome {
                        why: "the victim holds no such card",
                    })
                }
            }
            (p, _) => match p.chance_awaited() {
                Some(why) => Err(RuleError::ImpossibleOutcome { why }),
                None => Err(RuleError::NoChancePending { waiting }),
            },
        }
    }

    fn do_outcome(&mut self, outcome: Outcome, events: &mut Vec<Event>) {
        if self.do_outcome_ext(outcome, events) {
            return;
        }
        match outcome {
            Outcome::Dice { red, yellow } => self.do_dice(red, yellow, events),
            Outcome::DevCard { card } => self.do_draw_dev(card, events),
            Outcome::Steal { card } => self.do_steal(card, events),
            // Checked away: only an expansion's own chance takes these.
            Outcome::CkDice { .. } | Outcome::Progress { .. } | Outcome::EventDie { .. } | Outcome::Barb(_) => {}
        }
    }

    /// Who the game waits for, in refusal terms.
    pub fn waiting(&self) -> Waiting {
        match self.actor() {
            crate::state::Actor::Player(p) => Waiting::Player(self.colour(p)),
            crate::state::Actor::Discarders => Waiting::Discarders,
            crate::state::Actor::Chance => Waiting::Chance,
            crate::state::Actor::Nobody => Waiting::Nobody,
        }
    }

    /// A refusal for an action of the wrong kind at this moment.
    pub(crate) fn wrong_time(&self, player: PlayerId, action: &'static str) -> RuleError {
        let (expected, code) = match self.phase() {
            Phase::Setup { road_from: None, .. } => ("setup: place a settlement", "BASE.SETUP.ORDER"),
            Phase::Setup { road_from: Some(_), .. } => (
                "setup: place the road at the settlement just placed",
                "BASE.SETUP.ORDER",
            ),
            Phase::BeforeRoll => ("the dice must be rolled first", "BASE.TURN.ROLL_FIRST"),
            Phase::Main if action == "roll the dice" => ("the dice have been rolled this turn", "BASE.TURN.ONE_ROLL"),
            Phase::Main => (
                "nothing of that kind is pending: the turn is in its trade and build phase",
                "TURN.NOTHING_PENDING",
            ),
            Phase::MovingRobber => ("the robber must be moved first", "TURN.DECISION_PENDING"),
            Phase::ChoosingVictim => ("the player to rob must be chosen first", "TURN.DECISION_PENDING"),
            Phase::FreeRoads { .. } => ("the free roads must be placed first", "TURN.DECISION_PENDING"),
            Phase::Discarding => ("discards are pending", "TURN.DECISION_PENDING"),
            Phase::TradeOffer { .. } => ("a trade offer awaits an answer", "TURN.DECISION_PENDING"),
            Phase::Rolling | Phase::Stealing { .. } | Phase::DrawingDevCard => {
                ("a chance outcome is pending", "TURN.DECISION_PENDING")
            }
            Phase::Ended { .. } => ("the game is over", "GAME.OVER"),
            Phase::Ck(p) => p.pending_first(),
            Phase::Sea(p) => p.pending_first(),
            Phase::Barb(p) => p.pending_first(),
        };
        RuleError::WrongTime {
            player: self.colour(player),
            action,
            expected,
            code,
        }
    }

    pub(crate) fn known_player(&self, p: PlayerId) -> Result<(), RuleError> {
        if p.index() < self.players.len() {
            Ok(())
        } else {
            Err(RuleError::UnknownId {
                what: "player",
                id: p.0 as u16,
            })
        }
    }

    pub(crate) fn known_vertex(&self, v: VertexId) -> Result<(), RuleError> {
        if v.index() < self.sites.len() {
            Ok(())
        } else {
            Err(RuleError::UnknownId {
                what: "intersection",
                id: v.0,
            })
        }
    }

    pub(crate) fn known_edge(&self, e: EdgeId) -> Result<(), RuleError> {
        if e.index() < self.roads.len() {
            Ok(())
        } else {
            Err(RuleError::UnknownId { what: "path", id: e.0 })
        }
    }

    pub(crate) fn known_hex(&self, h: HexId) -> Result<(), RuleError> {
        if h.index() < self.tokens.len() {
            Ok(())
        } else {
            Err(RuleError::UnknownId { what: "hex", id: h.0 })
        }
    }
}
