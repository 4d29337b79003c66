//! Who may still raise: a betting round replayed action by action, to tell each player
//! whether the betting is reopened for them (an all-in short of a full raise does not, TDA 41).

use super::betting::{reopening_line, reopens_betting, BettingContext};
use super::{add, non_negative, CalcError};
use crate::model::money::Chips;
use serde::{Deserialize, Serialize};

/// A player at the start of a betting round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct RoundSeat {
    /// Chips already in front (the blinds before the flop, otherwise 0).
    #[serde(default)]
    pub in_front: Chips,
    /// Already all-in (from a blind or an earlier round).
    #[serde(default)]
    pub all_in: bool,
}

/// One action in a betting round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(tag = "act")]
pub enum Act {
    /// Fold.
    #[serde(rename = "fold")]
    Fold,
    /// Check (nothing to call).
    #[serde(rename = "check")]
    Check,
    /// Call the current bet.
    #[serde(rename = "call")]
    Call,
    /// Bet or raise to a total of `to`, not all-in; at least the minimum raise.
    #[serde(rename = "bet_or_raise_to")]
    BetOrRaiseTo {
        /// The player's total in front.
        to: Chips,
    },
    /// All-in, for a total in front of `to` (a call, a call for less or a raise).
    #[serde(rename = "all_in")]
    AllIn {
        /// The player's total in front.
        to: Chips,
    },
}

/// An action by the player at index `seat` of [`BettingRound::seats`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct RoundAction {
    /// Index into the round's seats.
    pub seat: usize,
    /// What the player did.
    pub act: Act,
}

/// A betting round so far: the players at its start and the actions in the order they came.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct BettingRound {
    /// The big blind: the minimum bet and the first full raise size.
    pub big_blind: Chips,
    /// Before the flop the big blind is the bet to call from the start.
    #[serde(default)]
    pub preflop: bool,
    /// The players in the hand at the start of the round.
    pub seats: Vec<RoundSeat>,
    /// The actions so far.
    #[serde(default)]
    pub actions: Vec<RoundAction>,
}

/// Whether a player may still raise.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(tag = "right")]
pub enum RaiseRight {
    /// Out of the hand.
    #[serde(rename = "folded")]
    Folded,
    /// All-in: no more action.
    #[serde(rename = "all_in")]
    AllIn,
    /// Has not acted since the betting was last opened to them: may call, raise or fold.
    #[serde(rename = "may_raise")]
    MayRaise,
    /// TDA 38, PKR4U 27: acted already and faces only an incomplete all-in; may call or fold,
    /// and may raise again only once the bet reaches `released_at`.
    #[serde(rename = "call_or_fold_only")]
    CallOrFoldOnly {
        /// The bet that would give the player the right to raise again.
        released_at: Chips,
    },
    /// Acted and matched the current bet: acts again only if someone raises.
    #[serde(rename = "matched")]
    Matched,
}

/// One player's position in the round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SeatStatus {
    /// Chips in front this round.
    pub in_front: Chips,
    /// Chips needed to call.
    pub to_call: Chips,
    /// Whether they may still raise.
    pub right: RaiseRight,
}

/// Where a betting round stands: the bet, the minimum raise and who may still raise.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct RoundStatus {
    /// The bet to call.
    pub current_bet: Chips,
    /// The size of the last full bet or raise (the big blind if none).
    pub last_full_raise: Chips,
    /// The smallest total of a full raise (or bet) now.
    pub min_raise_to: Chips,
    /// Every player, in the order of [`BettingRound::seats`].
    pub seats: Vec<SeatStatus>,
    /// Nobody has to act any more in this round.
    pub betting_closed: bool,
}

impl RoundStatus {
    /// The [`BettingContext`] for the player at `seat` with `stack` behind, for
    /// [`interpret_action`](super::interpret_action).
    pub fn context_for(
        &self,
        seat: usize,
        stack: Chips,
        raise_declared: bool,
    ) -> Result<BettingContext, CalcError> {
        let status = self
            .seats
            .get(seat)
            .ok_or(CalcError::UnknownSeat { seat })?;
        Ok(BettingContext {
            current_bet: self.current_bet,
            last_full_raise: self.last_full_raise,
            already_in: status.in_front,
            stack,
            raise_declared,
            raise_locked: matches!(status.right, RaiseRight::CallOrFoldOnly { .. }),
        })
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Standing {
    Open,
    Acted,
    Locked { released_at: Chips },
}

#[derive(Clone, Copy)]
struct SeatState {
    in_front: Chips,
    folded: bool,
    all_in: bool,
    standing: Standing,
}

struct Replay {
    bet: Chips,
    last_full_raise: Chips,
    seats: Vec<SeatState>,
}

impl Replay {
    fn apply(&mut self, action: RoundAction) -> Result<(), CalcError> {
        let seat = action.seat;
        let state = *self
            .seats
            .get(seat)
            .ok_or(CalcError::UnknownSeat { seat })?;
        if state.folded || state.all_in {
            return Err(CalcError::SeatCannotAct { seat });
        }
        let locked = matches!(state.standing, Standing::Locked { .. });
        match action.act {
            Act::Fold => self.seats[seat].folded = true,
            Act::Check => {
                if state.in_front != self.bet {
                    return Err(CalcError::CheckFacingBet { seat });
                }
                self.seats[seat].standing = Standing::Acted;
            }
            Act::Call => {
                self.seats[seat].in_front = self.bet;
                self.seats[seat].standing = Standing::Acted;
            }
            Act::BetOrRaiseTo { to } => {
                non_negative("to", to)?;
                if locked {
                    return Err(CalcError::RaiseNotAllowed { seat });
                }
                let min_raise_to = add(self.bet, self.last_full_raise)?;
                if to < min_raise_to {
                    return Err(CalcError::RaiseTooSmall { seat, min_raise_to });
                }
                self.full_raise(seat, to);
            }
            Act::AllIn { to } => {
                non_negative("to", to)?;
                if to <= state.in_front {
                    return Err(CalcError::AllInNotAboveInFront { seat });
                }
                if to > self.bet && locked {
                    return Err(CalcError::RaiseNotAllowed { seat });
                }
                if to <= self.bet {
                    self.seats[seat].in_front = to;
                    self.seats[seat].standing = Standing::Acted;
                } else if reopens_betting(self.bet, self.last_full_raise, to) {
                    self.full_raise(seat, to);
                } else {
                    self.incomplete_all_in(seat, to);
                }
                self.seats[seat].all_in = true;
            }
        }
        Ok(())
    }

    /// A full bet or raise reopens the betting for everyone who acted; a player locked by
    /// PKR4U 27 is released only once the bet reaches their release line ("een dubbele of
    /// grotere inzet ... dan het bedrag van de vorige inzet").
    fn full_raise(&mut self, seat: usize, to: Chips) {
        self.last_full_raise = to - self.bet;
        for (i, other) in self.seats.iter_mut().enumerate() {
            if i == seat {
                continue;
            }
            other.standing = match other.standing {
                Standing::Acted => Standing::Open,
                Standing::Locked { released_at } if to >= released_at => Standing::Open,
                kept => kept,
            };
        }
        self.bet = to;
        self.seats[seat].in_front = to;
        self.seats[seat].standing = Standing::Acted;
    }

    /// TDA 38, PKR4U 27: an incomplete all-in locks the bet for those who already acted (they
    /// may raise again only when the bet reaches a full raise, at least double, over the bet
    /// they acted on); those who have not spoken yet are not affected. It may release players
    /// locked earlier at a lower bet.
    fn incomplete_all_in(&mut self, seat: usize, to: Chips) {
        let line = reopening_line(self.bet, self.last_full_raise);
        for (i, other) in self.seats.iter_mut().enumerate() {
            if i == seat {
                continue;
            }
            other.standing = match other.standing {
                Standing::Acted => Standing::Locked { released_at: line },
                Standing::Locked { released_at } if to >= released_at => Standing::Open,
                kept => kept,
            };
        }
        self.bet = to;
        self.seats[seat].in_front = to;
    }
}

/// TDA 38 and PKR4U 27 (with TDA 10 for the minimum raise): replays a betting round and says,
/// for each player, whether they may still raise. After a bet of 500 and an all-in to 600, the
/// bettor may only call or fold (released at 1,000), while players who have not acted may
/// raise (to at least 1,100). Per PKR4U 27 a lock binds "alle spelers die al actie hebben
/// gehad" (everyone who already acted on the bet) and is lifted when a player it did not bind
/// brings the bet to double the locked bet or more.
pub fn raise_rights(round: &BettingRound) -> Result<RoundStatus, CalcError> {
    non_negative("big_blind", round.big_blind)?;
    if round.big_blind.0 == 0 {
        return Err(CalcError::InvalidMinimumBet);
    }
    let mut bet = if round.preflop {
        round.big_blind
    } else {
        Chips::ZERO
    };
    for seat in &round.seats {
        non_negative("in_front", seat.in_front)?;
        bet = bet.max(seat.in_front);
    }
    let mut replay = Replay {
        bet,
        last_full_raise: round.big_blind,
        seats: round
            .seats
            .iter()
            .map(|s| SeatState {
                in_front: s.in_front,
                folded: false,
                all_in: s.all_in,
                standing: Standing::Open,
            })
            .collect(),
    };
    for action in &round.actions {
        replay.apply(*action)?;
    }
    let seats: Vec<SeatStatus> = replay
        .seats
        .iter()
        .map(|s| SeatStatus {
            in_front: s.in_front,
            to_call: if s.folded || s.all_in {
                Chips::ZERO
            } else {
                replay.bet - s.in_front
            },
            right: if s.folded {
                RaiseRight::Folded
            } else if s.all_in {
                RaiseRight::AllIn
            } else {
                match s.standing {
                    Standing::Open => RaiseRight::MayRaise,
                    Standing::Acted => RaiseRight::Matched,
                    Standing::Locked { released_at } => RaiseRight::CallOrFoldOnly { released_at },
                }
            },
        })
        .collect();
    let in_hand = seats
        .iter()
        .filter(|s| s.right != RaiseRight::Folded)
        .count();
    let can_act: Vec<&SeatStatus> = seats
        .iter()
        .filter(|s| !matches!(s.right, RaiseRight::Folded | RaiseRight::AllIn))
        .collect();
    let must_act = can_act.iter().any(|s| {
        matches!(
            s.right,
            RaiseRight::MayRaise | RaiseRight::CallOrFoldOnly { .. }
        )
    });
    // Closed when nobody still owes an action, or when the last player able to bet has
    // nothing to call (everyone else is all-in or folded).
    let betting_closed = in_hand <= 1
        || !must_act
        || (can_act.len() == 1 && can_act.iter().all(|s| s.to_call.0 == 0));
    Ok(RoundStatus {
        current_bet: replay.bet,
        last_full_raise: replay.last_full_raise,
        min_raise_to: add(replay.bet, replay.last_full_raise)?,
        seats,
        betting_closed,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulings::calculators::tests::c;
    use crate::rulings::calculators::*;

    // --- TDA 38 / PKR4U 27 ----------------------------------------------------------------------

    #[test]
    fn tda_38_seed_all_in_600_over_500_does_not_reopen() {
        assert!(!reopens_betting(c(500), c(500), c(600)));
        // TDA 2004's 50 % line (750) is not enough either: the club locks below double.
        assert!(!reopens_betting(c(500), c(500), c(750)));
        assert!(!reopens_betting(c(500), c(500), c(999)));
        assert!(reopens_betting(c(500), c(500), c(1000)));
    }

    #[test]
    fn pkr4u_27_locks_below_double_where_tda_would_reopen() {
        // Blinds 50/100, raised to 300 (raise 200): an all-in to 550 is a TDA full raise
        // (300 + 200 = 500) but under double 300, so the club locks it.
        assert!(!reopens_betting(c(300), c(200), c(550)));
        assert!(reopens_betting(c(300), c(200), c(600)));
    }

    fn postflop(players: usize, actions: Vec<(usize, Act)>) -> BettingRound {
        BettingRound {
            big_blind: c(100),
            preflop: false,
            seats: vec![RoundSeat::default(); players],
            actions: actions
                .into_iter()
                .map(|(seat, act)| RoundAction { seat, act })
                .collect(),
        }
    }

    #[test]
    fn tda_38_seed_who_may_raise_after_500_and_all_in_600() {
        let round = postflop(
            3,
            vec![
                (0, Act::BetOrRaiseTo { to: c(500) }),
                (1, Act::AllIn { to: c(600) }),
            ],
        );
        let s = raise_rights(&round).unwrap();
        assert_eq!(
            (s.current_bet, s.last_full_raise, s.min_raise_to),
            (c(600), c(500), c(1100))
        );
        assert_eq!(
            s.seats[0].right,
            RaiseRight::CallOrFoldOnly {
                released_at: c(1000)
            }
        );
        assert_eq!(s.seats[0].to_call, c(100));
        assert_eq!(s.seats[1].right, RaiseRight::AllIn);
        assert_eq!(s.seats[2].right, RaiseRight::MayRaise);
        assert!(!s.betting_closed);
        // The bettor's chips are read as a call whatever they push.
        let ctx = s.context_for(0, c(5000), false).unwrap();
        let r = interpret_action(ctx, c(2000), PutInKind::MultipleChips).unwrap();
        assert_eq!(r.action, Action::Call { amount: c(100) });
        // The player who has not acted may raise, to at least 1,100.
        let ctx = s.context_for(2, c(5000), true).unwrap();
        let r = interpret_action(ctx, c(700), PutInKind::MultipleChips).unwrap();
        assert_eq!(r.action, Action::Raise { to: c(1100) });
    }

    #[test]
    fn tda_38_locked_bettor_cannot_raise_after_a_call() {
        let round = postflop(
            3,
            vec![
                (0, Act::BetOrRaiseTo { to: c(500) }),
                (1, Act::AllIn { to: c(600) }),
                (2, Act::Call),
            ],
        );
        let s = raise_rights(&round).unwrap();
        assert_eq!(
            s.seats[0].right,
            RaiseRight::CallOrFoldOnly {
                released_at: c(1000)
            }
        );
        assert_eq!(s.seats[2].right, RaiseRight::Matched);
        let mut more = round.clone();
        more.actions.push(RoundAction {
            seat: 0,
            act: Act::BetOrRaiseTo { to: c(1100) },
        });
        assert_eq!(
            raise_rights(&more).unwrap_err().code(),
            "CALC_RAISE_NOT_ALLOWED"
        );
        let mut done = round;
        done.actions.push(RoundAction {
            seat: 0,
            act: Act::Call,
        });
        assert!(raise_rights(&done).unwrap().betting_closed);
    }

    #[test]
    fn pkr4u_27_full_raise_by_an_unaffected_player_releases_the_lock() {
        let round = postflop(
            3,
            vec![
                (0, Act::BetOrRaiseTo { to: c(500) }),
                (1, Act::AllIn { to: c(600) }),
                (2, Act::BetOrRaiseTo { to: c(1100) }),
            ],
        );
        let s = raise_rights(&round).unwrap();
        assert_eq!(s.seats[0].right, RaiseRight::MayRaise);
        assert_eq!(s.min_raise_to, c(1600));
    }

    #[test]
    fn pkr4u_27_unaffected_all_in_releases_only_at_double_the_locked_bet() {
        let locked = postflop(
            4,
            vec![
                (0, Act::BetOrRaiseTo { to: c(500) }),
                (1, Act::AllIn { to: c(600) }),
                (2, Act::AllIn { to: c(900) }),
            ],
        );
        let s = raise_rights(&locked).unwrap();
        assert_eq!(
            s.seats[0].right,
            RaiseRight::CallOrFoldOnly {
                released_at: c(1000)
            }
        );
        assert_eq!(s.seats[3].right, RaiseRight::MayRaise);
        let released = postflop(
            4,
            vec![
                (0, Act::BetOrRaiseTo { to: c(500) }),
                (1, Act::AllIn { to: c(600) }),
                (2, Act::AllIn { to: c(1000) }),
            ],
        );
        let s = raise_rights(&released).unwrap();
        assert_eq!(s.seats[0].right, RaiseRight::MayRaise);
    }

    #[test]
    fn pkr4u_27_an_all_in_can_release_one_lock_and_set_another() {
        // 500 bet, all-in 600 locks seat 0; seat 3 calls 600; all-in 1,000 releases seat 0
        // (double 500) but locks seat 3, who acted on 600 (released at 1,200).
        let round = postflop(
            4,
            vec![
                (0, Act::BetOrRaiseTo { to: c(500) }),
                (1, Act::AllIn { to: c(600) }),
                (3, Act::Call),
                (2, Act::AllIn { to: c(1000) }),
            ],
        );
        let s = raise_rights(&round).unwrap();
        assert_eq!(s.seats[0].right, RaiseRight::MayRaise);
        assert_eq!(
            s.seats[3].right,
            RaiseRight::CallOrFoldOnly {
                released_at: c(1200)
            }
        );
    }

    #[test]
    fn pkr4u_27_preflop_all_in_under_double_locks_the_raiser() {
        let round = BettingRound {
            big_blind: c(100),
            preflop: true,
            seats: vec![
                RoundSeat {
                    in_front: c(50),
                    all_in: false,
                },
                RoundSeat {
                    in_front: c(100),
                    all_in: false,
                },
                RoundSeat::default(),
                RoundSeat::default(),
            ],
            actions: vec![
                RoundAction {
                    seat: 2,
                    act: Act::BetOrRaiseTo { to: c(300) },
                },
                RoundAction {
                    seat: 3,
                    act: Act::AllIn { to: c(550) },
                },
            ],
        };
        let s = raise_rights(&round).unwrap();
        assert_eq!(
            s.seats[2].right,
            RaiseRight::CallOrFoldOnly {
                released_at: c(600)
            }
        );
        assert_eq!(s.seats[0].right, RaiseRight::MayRaise);
        assert_eq!(s.seats[1].right, RaiseRight::MayRaise);
        assert_eq!(s.min_raise_to, c(750));
        // A min raise by the big blind (to 750 ≥ 600) releases the raiser.
        let mut more = round;
        more.actions.push(RoundAction {
            seat: 1,
            act: Act::BetOrRaiseTo { to: c(750) },
        });
        assert_eq!(
            raise_rights(&more).unwrap().seats[2].right,
            RaiseRight::MayRaise
        );
    }

    #[test]
    fn tda_38_short_opening_all_in_does_not_reopen_for_a_checker() {
        let round = postflop(3, vec![(0, Act::Check), (1, Act::AllIn { to: c(60) })]);
        let s = raise_rights(&round).unwrap();
        assert_eq!(
            s.seats[0].right,
            RaiseRight::CallOrFoldOnly {
                released_at: c(100)
            }
        );
        assert_eq!(s.seats[2].right, RaiseRight::MayRaise);
    }

    #[test]
    fn raise_rights_rejects_bad_sequences() {
        let code = |actions| raise_rights(&postflop(3, actions)).unwrap_err().code();
        assert_eq!(code(vec![(5, Act::Fold)]), "CALC_UNKNOWN_SEAT");
        assert_eq!(
            code(vec![(0, Act::Fold), (0, Act::Call)]),
            "CALC_SEAT_CANNOT_ACT"
        );
        assert_eq!(
            code(vec![(0, Act::BetOrRaiseTo { to: c(50) })]),
            "CALC_RAISE_TOO_SMALL"
        );
        assert_eq!(
            code(vec![(0, Act::BetOrRaiseTo { to: c(100) }), (1, Act::Check)]),
            "CALC_CHECK_FACING_BET"
        );
        assert_eq!(
            code(vec![(0, Act::AllIn { to: c(0) })]),
            "CALC_ALL_IN_NOT_ABOVE_IN_FRONT"
        );
    }

    #[test]
    fn betting_closes_when_everyone_matched() {
        let round = postflop(
            3,
            vec![
                (0, Act::BetOrRaiseTo { to: c(200) }),
                (1, Act::Call),
                (2, Act::Fold),
            ],
        );
        assert!(raise_rights(&round).unwrap().betting_closed);
        assert!(
            !raise_rights(&postflop(2, vec![(0, Act::Check)]))
                .unwrap()
                .betting_closed
        );
    }
}
