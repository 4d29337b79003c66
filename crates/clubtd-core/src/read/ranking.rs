//! The club's season ranking (SPEC §4.7): who finished where in each finished tournament of
//! a season, and the points that earns.
//!
//! **Points per tournament**: `round(10 × √entries ÷ √place)`, at least 1 for everyone with
//! a place. It is the square-root formula many clubs use: a bigger field is worth more, the
//! winner of 16 entries scores 40, second 28, third 23, tenth 13; nobody who played scores
//! nothing. `entries` is the tournament's entries bought, re-entries included (the field the
//! payouts are computed on). Ties of the ranking are broken by tournaments won (best place),
//! then by fewer tournaments played (more points per game), then by name.
//!
//! Pure: the server reads finished tournaments and the club's player links, this module only
//! counts.

use crate::model::ids::{PlayerId, Timestamp};
use crate::model::money::Cents;
use crate::model::state::Tournament;
use crate::read::view::ResultLine;
use crate::rules::purchases::field_open;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// A player of the club's database (across tournaments), as stored by the server.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct ClubPlayerId(pub i64);

/// One player's final place in one finished tournament.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Finish {
    pub player: PlayerId,
    pub place: u32,
    pub prize: Cents,
    pub bounties: Cents,
}

/// A finished tournament's finishes, keyed by club player.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeasonTournament {
    pub entries: u32,
    /// One line per entry of the tournament; a club player can appear twice (two names
    /// merged later): they count once, with their best place and both sums.
    pub finishes: Vec<(ClubPlayerId, Finish)>,
}

/// One line of the season ranking.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RankingLine {
    /// 1-based; equal points, best place and tournaments share a rank.
    pub rank: u32,
    pub player: ClubPlayerId,
    pub name: String,
    pub points: u32,
    pub tournaments: u32,
    pub best_place: u32,
    pub prizes: Cents,
    pub bounties: Cents,
}

/// Points for `place` in a tournament of `entries` entries: `round(10 × √entries ÷ √place)`,
/// never below 1 (see the module's documentation).
pub fn points(entries: u32, place: u32) -> u32 {
    if place == 0 || entries == 0 {
        return 0;
    }
    let raw = 10.0 * (f64::from(entries) / f64::from(place)).sqrt();
    // In range by construction: at most 10 × √u32::MAX ≈ 655,360.
    (raw.round() as u32).max(1)
}

/// Is the tournament over at `now`? A final deal recorded that left nothing to play for (seed
/// 000 / FIDPA: the deal ends play), or one player left of a field of at least two once nobody
/// can re-enter any more (registration closed): until then the busted could still buy back in.
/// A deal that left an amount to play for ends like any tournament, with one player left.
pub fn is_finished(t: &Tournament, now: Timestamp) -> bool {
    let Some(cfg) = t.config() else {
        return false;
    };
    t.deal_that_ended_play().is_some()
        || (t.players_left() == 1 && t.entries >= 2 && !field_open(t, cfg, now))
}

/// When play ended, for a tournament [`is_finished`] says is over: the deal's time, or the
/// last bust's (the winner is known from then). Every face shows the clock stopped there; the
/// stored clock is left alone, so undoing the last bust simply shows it running again, as if it
/// had never stopped. `None` for a deal from a log that kept no time.
pub fn play_ended_at(t: &Tournament) -> Option<Timestamp> {
    if t.deal.is_some() {
        return t.deal_at;
    }
    t.eliminations.iter().map(|e| e.at).max()
}

/// Where a tournament stands, for the club's list.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum TournamentStatus {
    /// Created, no configuration yet.
    Empty,
    /// Configured, the clock never started: registrations at the desk.
    Registering,
    /// The clock has started.
    Running,
    /// Over (see `is_finished`): it counts for the season ranking.
    Finished,
}

/// The status of a tournament at `now`.
pub fn status(t: &Tournament, now: Timestamp) -> TournamentStatus {
    if t.config.is_none() {
        TournamentStatus::Empty
    } else if is_finished(t, now) {
        TournamentStatus::Finished
    } else if t.clock.is_started() {
        TournamentStatus::Running
    } else {
        TournamentStatus::Registering
    }
}

/// The final places of a tournament finished at `now` (`None` while it is not), from its
/// result lines (`view::tournament_view(..).results`): once play is over every player has a
/// place there, the winner first, and after a deal the players who made it by their chips
/// (`busts::standings`).
pub fn final_places(t: &Tournament, results: &[ResultLine], now: Timestamp) -> Option<Vec<Finish>> {
    if !is_finished(t, now) {
        return None;
    }
    let mut out: Vec<Finish> = results
        .iter()
        .filter_map(|r| {
            Some(Finish {
                player: r.player,
                place: r.place?,
                prize: r.prize,
                bounties: r.bounties,
            })
        })
        .collect();
    out.sort_by_key(|f| f.place);
    Some(out)
}

#[derive(Default)]
struct Tally {
    points: u32,
    tournaments: u32,
    best_place: u32,
    prizes: Cents,
    bounties: Cents,
}

/// The season ranking from the season's finished tournaments; `names` gives each club
/// player's display name. Sorted best first.
pub fn season_ranking(
    tournaments: &[SeasonTournament],
    names: &BTreeMap<ClubPlayerId, String>,
) -> Vec<RankingLine> {
    let mut tally: BTreeMap<ClubPlayerId, Tally> = BTreeMap::new();
    for t in tournaments {
        // One line per club player per tournament: best place, money summed.
        let mut per_player: BTreeMap<ClubPlayerId, Finish> = BTreeMap::new();
        for (club, f) in &t.finishes {
            per_player
                .entry(*club)
                .and_modify(|seen| {
                    seen.place = seen.place.min(f.place);
                    seen.prize += f.prize;
                    seen.bounties += f.bounties;
                })
                .or_insert_with(|| f.clone());
        }
        for (club, f) in per_player {
            let line = tally.entry(club).or_default();
            line.points += points(t.entries, f.place);
            line.tournaments += 1;
            line.best_place = if line.best_place == 0 {
                f.place
            } else {
                line.best_place.min(f.place)
            };
            line.prizes += f.prize;
            line.bounties += f.bounties;
        }
    }
    let mut lines: Vec<RankingLine> = tally
        .into_iter()
        .map(|(player, t)| RankingLine {
            rank: 0,
            player,
            name: names.get(&player).cloned().unwrap_or_default(),
            points: t.points,
            tournaments: t.tournaments,
            best_place: t.best_place,
            prizes: t.prizes,
            bounties: t.bounties,
        })
        .collect();
    let order = |l: &RankingLine| (std::cmp::Reverse(l.points), l.best_place, l.tournaments);
    lines.sort_by(|a, b| order(a).cmp(&order(b)).then_with(|| a.name.cmp(&b.name)));
    for i in 0..lines.len() {
        lines[i].rank = if i > 0 && order(&lines[i - 1]) == order(&lines[i]) {
            lines[i - 1].rank
        } else {
            u32::try_from(i + 1).unwrap_or(u32::MAX)
        };
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    fn finish(player: u32, place: u32, prize: i64) -> Finish {
        Finish {
            player: PlayerId(player),
            place,
            prize: Cents(prize),
            bounties: Cents::ZERO,
        }
    }

    #[test]
    fn points_follow_the_square_root_formula() {
        assert_eq!(points(16, 1), 40);
        assert_eq!(points(16, 2), 28); // 28.28
        assert_eq!(points(16, 3), 23); // 23.09
        assert_eq!(points(16, 10), 13); // 12.65
        assert_eq!(points(9, 1), 30);
        assert_eq!(points(2, 2), 10);
        assert_eq!(points(1000, 1000), 10);
        assert_eq!(points(2, 1000), 1, "everyone with a place scores");
        assert_eq!(points(16, 0), 0, "no place, no points");
    }

    #[test]
    fn ranking_adds_up_points_money_and_tournaments() {
        let (a, b) = (ClubPlayerId(1), ClubPlayerId(2));
        let names = BTreeMap::from([(a, "An".to_string()), (b, "Bram".to_string())]);
        let season = vec![
            SeasonTournament {
                entries: 16,
                finishes: vec![(a, finish(1, 1, 5000)), (b, finish(2, 2, 3000))],
            },
            SeasonTournament {
                entries: 9,
                finishes: vec![(b, finish(1, 1, 4000)), (a, finish(2, 5, 0))],
            },
        ];
        let r = season_ranking(&season, &names);
        // Bram has more points: 28 + 30 = 58 against 40 + 13 (10 × √(9/5) = 13.4) = 53.
        let short: Vec<_> = r
            .iter()
            .map(|l| (l.name.as_str(), l.rank, l.points))
            .collect();
        assert_eq!(short, vec![("Bram", 1, 58), ("An", 2, 53)]);
        assert_eq!((r[0].tournaments, r[0].best_place), (2, 1));
        assert_eq!(r[0].prizes, Cents(7000));
        assert_eq!((r[1].best_place, r[1].prizes), (1, Cents(5000)));
    }

    #[test]
    fn one_player_twice_in_a_tournament_counts_once() {
        let a = ClubPlayerId(1);
        let season = vec![SeasonTournament {
            entries: 4,
            finishes: vec![(a, finish(1, 3, 0)), (a, finish(2, 1, 800))],
        }];
        let r = season_ranking(&season, &BTreeMap::new());
        assert_eq!(r.len(), 1);
        assert_eq!(r[0].tournaments, 1);
        assert_eq!(r[0].best_place, 1);
        assert_eq!(r[0].points, points(4, 1));
        assert_eq!(r[0].prizes, Cents(800));
    }

    #[test]
    fn equal_records_share_a_rank() {
        let (a, b, c) = (ClubPlayerId(1), ClubPlayerId(2), ClubPlayerId(3));
        let season = vec![
            SeasonTournament {
                entries: 4,
                finishes: vec![(a, finish(1, 1, 0)), (c, finish(3, 2, 0))],
            },
            SeasonTournament {
                entries: 4,
                finishes: vec![(b, finish(1, 1, 0))],
            },
        ];
        let ranks: Vec<u32> = season_ranking(&season, &BTreeMap::new())
            .iter()
            .map(|l| l.rank)
            .collect();
        assert_eq!(ranks, vec![1, 1, 3]);
    }
}
