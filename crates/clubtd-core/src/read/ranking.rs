//! The club's season ranking (SPEC §4.7): who finished where in each finished tournament of
//! a season, and the points that earns by the club's [`PointsRule`].
//!
//! **The default formula**: `round(10 × √field ÷ √place)`, at least 1 for everyone with a
//! place. It is the square-root formula many clubs use: a bigger field is worth more, the
//! winner of 16 entries scores 40, second 28, third 23, tenth 13; nobody who played scores
//! nothing. A club can choose instead a fixed table of points per place, or points per player
//! beaten plus a bonus for a paid place; and what the field counts: the entries bought
//! (re-entries included, the field the payouts are computed on: the default), the entries and
//! the rebuys, or the players (each once). The ranking is computed when read, so a new rule
//! applies to the whole season at once. Ties of the ranking are broken by tournaments won (best
//! place), then by fewer tournaments played (more points per game), then by name.
//!
//! Pure: the server reads finished tournaments, the club's player links and its rule; this
//! module only counts.

use crate::model::ids::{PlayerId, Timestamp};
use crate::model::money::Cents;
use crate::model::state::Tournament;
use crate::read::ending::is_finished;
use crate::read::view::ResultLine;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// A player of the club's database (across tournaments), as stored by the server.
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
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
    /// Entries bought, re-entries included.
    pub entries: u32,
    /// Rebuys bought.
    pub rebuys: u32,
    /// Players who bought at least one entry, each once.
    pub players: u32,
    /// One line per entry of the tournament; a club player can appear twice (two names
    /// merged later): they count once, with their best place and both sums.
    pub finishes: Vec<(ClubPlayerId, Finish)>,
}

/// One line of the season ranking.
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
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

impl SeasonTournament {
    /// The tournament's figures for the season, with no finishes yet.
    pub fn of(t: &Tournament) -> SeasonTournament {
        SeasonTournament {
            entries: t.entries,
            rebuys: t.rebuys,
            players: u32::try_from(t.players.values().filter(|p| p.entries > 0).count())
                .unwrap_or(u32::MAX),
            finishes: Vec::new(),
        }
    }

    /// The field as the club counts it.
    pub fn field(&self, count: FieldCount) -> u32 {
        match count {
            FieldCount::Entries => self.entries,
            FieldCount::EntriesAndRebuys => self.entries.saturating_add(self.rebuys),
            FieldCount::Players => self.players,
        }
    }
}

/// How the club scores a tournament for its season ranking (a club setting; changing it
/// recomputes the whole season, the ranking being counted when read).
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PointsRule {
    #[serde(default)]
    pub formula: PointsFormula,
    /// What "the field" of the formula counts.
    #[serde(default)]
    pub field: FieldCount,
}

/// The points a place earns.
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum PointsFormula {
    /// `round(10 × √field ÷ √place)`, at least 1.
    #[default]
    SquareRoot,
    /// Fixed points per place: `table[0]` for the winner, `table[1]` for second, …, and
    /// `others` for every place beyond the table.
    PerPlace { table: Vec<u32>, others: u32 },
    /// `per_player` for each player of the field finished behind (`field − place`), plus
    /// `money_bonus` for a place that won money.
    Beaten { per_player: u32, money_bonus: u32 },
}

/// What the field of a tournament counts, for the formula.
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FieldCount {
    /// Entries bought, re-entries included (the payouts' field).
    #[default]
    Entries,
    /// Entries and rebuys: each purchase counts.
    EntriesAndRebuys,
    /// Players, each once however often they bought in.
    Players,
}

/// The most places a points table holds, and the most points anything can be worth: a rule
/// beyond them is a typing mistake, and the season's sums stay far from overflow.
pub const MAX_TABLE_PLACES: usize = 100;
pub const MAX_POINTS: u32 = 10_000;

/// Why a points rule is refused: the field of the form that is wrong.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PointsRuleError {
    /// The table is empty, too long, above [`MAX_POINTS`], or a better place scores less.
    #[error("the points table is not valid")]
    Table,
    /// `others` above [`MAX_POINTS`] or above the table's last place.
    #[error("the points for other places are not valid")]
    Others,
    #[error("the points per player beaten are not valid")]
    PerPlayer,
    #[error("the money bonus is not valid")]
    MoneyBonus,
}

impl PointsRuleError {
    /// The form field it is about (the `field` parameter of `INVALID_POINTS_RULE`).
    pub fn field(self) -> &'static str {
        match self {
            PointsRuleError::Table => "table",
            PointsRuleError::Others => "others",
            PointsRuleError::PerPlayer => "per_player",
            PointsRuleError::MoneyBonus => "money_bonus",
        }
    }
}

impl PointsRule {
    /// Is the rule one a club can mean? A better place never scores less than a worse one.
    pub fn check(&self) -> Result<(), PointsRuleError> {
        match &self.formula {
            PointsFormula::SquareRoot => Ok(()),
            PointsFormula::PerPlace { table, others } => {
                let falls = table.windows(2).all(|w| w[0] >= w[1]);
                if table.is_empty()
                    || table.len() > MAX_TABLE_PLACES
                    || table.iter().any(|p| *p > MAX_POINTS)
                    || !falls
                {
                    return Err(PointsRuleError::Table);
                }
                if *others > MAX_POINTS || table.last().is_some_and(|last| others > last) {
                    return Err(PointsRuleError::Others);
                }
                Ok(())
            }
            PointsFormula::Beaten {
                per_player,
                money_bonus,
            } => {
                if *per_player > MAX_POINTS {
                    Err(PointsRuleError::PerPlayer)
                } else if *money_bonus > MAX_POINTS {
                    Err(PointsRuleError::MoneyBonus)
                } else {
                    Ok(())
                }
            }
        }
    }

    /// The points of `place` in a tournament whose field counts `field`; `in_money` when the
    /// place won money (prize or deal, bounties aside). No place, no points.
    pub fn points(&self, field: u32, place: u32, in_money: bool) -> u32 {
        if place == 0 {
            return 0;
        }
        match &self.formula {
            PointsFormula::SquareRoot => points(field, place),
            PointsFormula::PerPlace { table, others } => usize::try_from(place - 1)
                .ok()
                .and_then(|i| table.get(i))
                .copied()
                .unwrap_or(*others),
            PointsFormula::Beaten {
                per_player,
                money_bonus,
            } => {
                let beaten = field.saturating_sub(place);
                let bonus = if in_money { *money_bonus } else { 0 };
                beaten.saturating_mul(*per_player).saturating_add(bonus)
            }
        }
    }
}

/// Points for `place` in a tournament of `entries` entries by the square-root formula:
/// `round(10 × √entries ÷ √place)`, never below 1 (see the module's documentation).
pub fn points(entries: u32, place: u32) -> u32 {
    if place == 0 || entries == 0 {
        return 0;
    }
    let raw = 10.0 * (f64::from(entries) / f64::from(place)).sqrt();
    // In range by construction: at most 10 × √u32::MAX ≈ 655,360.
    (raw.round() as u32).max(1)
}

/// Where a tournament stands, for the club's list.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
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
    rule: &PointsRule,
) -> Vec<RankingLine> {
    let mut tally: BTreeMap<ClubPlayerId, Tally> = BTreeMap::new();
    for t in tournaments {
        let field = t.field(rule.field);
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
            let in_money = f.prize > Cents::ZERO;
            line.points = line
                .points
                .saturating_add(rule.points(field, f.place, in_money));
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

    /// A tournament of `entries` entries, as many players, no rebuys.
    fn played(entries: u32, finishes: Vec<(ClubPlayerId, Finish)>) -> SeasonTournament {
        SeasonTournament {
            entries,
            rebuys: 0,
            players: entries,
            finishes,
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
            played(16, vec![(a, finish(1, 1, 5000)), (b, finish(2, 2, 3000))]),
            played(9, vec![(b, finish(1, 1, 4000)), (a, finish(2, 5, 0))]),
        ];
        let r = season_ranking(&season, &names, &PointsRule::default());
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
        let season = vec![played(
            4,
            vec![(a, finish(1, 3, 0)), (a, finish(2, 1, 800))],
        )];
        let r = season_ranking(&season, &BTreeMap::new(), &PointsRule::default());
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
            played(4, vec![(a, finish(1, 1, 0)), (c, finish(3, 2, 0))]),
            played(4, vec![(b, finish(1, 1, 0))]),
        ];
        let ranks: Vec<u32> = season_ranking(&season, &BTreeMap::new(), &PointsRule::default())
            .iter()
            .map(|l| l.rank)
            .collect();
        assert_eq!(ranks, vec![1, 1, 3]);
    }

    fn per_place(table: &[u32], others: u32) -> PointsRule {
        PointsRule {
            formula: PointsFormula::PerPlace {
                table: table.to_vec(),
                others,
            },
            field: FieldCount::Entries,
        }
    }

    #[test]
    fn a_points_table_pays_its_places_and_the_others_their_share() {
        let rule = per_place(&[100, 80, 65], 5);
        assert_eq!(rule.check(), Ok(()));
        let scored: Vec<u32> = (0..=5).map(|p| rule.points(20, p, false)).collect();
        assert_eq!(scored, vec![0, 100, 80, 65, 5, 5]);
    }

    #[test]
    fn points_per_player_beaten_add_the_money_bonus() {
        let rule = PointsRule {
            formula: PointsFormula::Beaten {
                per_player: 2,
                money_bonus: 10,
            },
            field: FieldCount::Players,
        };
        assert_eq!(rule.points(12, 1, true), 2 * 11 + 10);
        assert_eq!(rule.points(12, 4, false), 2 * 8);
        assert_eq!(rule.points(12, 12, false), 0, "the last beat nobody");
        assert_eq!(
            rule.points(12, 15, false),
            0,
            "a place beyond the field never underflows"
        );
    }

    #[test]
    fn the_field_counts_what_the_club_chooses() {
        // 10 players, 3 of whom re-entered once, and 4 rebuys.
        let t = SeasonTournament {
            entries: 13,
            rebuys: 4,
            players: 10,
            finishes: Vec::new(),
        };
        assert_eq!(t.field(FieldCount::Entries), 13);
        assert_eq!(t.field(FieldCount::EntriesAndRebuys), 17);
        assert_eq!(t.field(FieldCount::Players), 10);
        // The winner by the square root: √17 against √10.
        let sqrt = |field| PointsRule {
            formula: PointsFormula::SquareRoot,
            field,
        };
        let winner = |rule: &PointsRule| rule.points(t.field(rule.field), 1, true);
        assert_eq!(winner(&sqrt(FieldCount::EntriesAndRebuys)), 41);
        assert_eq!(winner(&sqrt(FieldCount::Players)), 32);
        assert_eq!(winner(&PointsRule::default()), 36);
    }

    #[test]
    fn a_new_rule_changes_the_whole_season() {
        let (a, b) = (ClubPlayerId(1), ClubPlayerId(2));
        let season = vec![
            played(16, vec![(a, finish(1, 1, 5000)), (b, finish(2, 2, 3000))]),
            played(9, vec![(b, finish(1, 1, 4000)), (a, finish(2, 3, 0))]),
        ];
        let by = |rule: &PointsRule| -> Vec<(ClubPlayerId, u32)> {
            season_ranking(&season, &BTreeMap::new(), rule)
                .iter()
                .map(|l| (l.player, l.points))
                .collect()
        };
        // √: Bram 28 + 30 = 58, An 40 + 17 = 57.
        assert_eq!(by(&PointsRule::default()), vec![(b, 58), (a, 57)]);
        // A table: An 100 + 65 = 165, Bram 80 + 100 = 180.
        assert_eq!(by(&per_place(&[100, 80, 65], 5)), vec![(b, 180), (a, 165)]);
        // Beaten, 3 a player, 20 for money: An 45 + 20 + 18 = 83; Bram 42 + 20 + 24 + 20 = 106.
        let beaten = PointsRule {
            formula: PointsFormula::Beaten {
                per_player: 3,
                money_bonus: 20,
            },
            field: FieldCount::Entries,
        };
        assert_eq!(by(&beaten), vec![(b, 106), (a, 83)]);
    }

    #[test]
    fn a_rule_a_club_cannot_mean_is_refused_by_field() {
        assert_eq!(per_place(&[], 0).check(), Err(PointsRuleError::Table));
        assert_eq!(per_place(&[50, 80], 0).check(), Err(PointsRuleError::Table));
        assert_eq!(
            per_place(&[MAX_POINTS + 1], 0).check(),
            Err(PointsRuleError::Table)
        );
        assert_eq!(per_place(&[1; 101], 0).check(), Err(PointsRuleError::Table));
        assert_eq!(per_place(&[10, 5], 6).check(), Err(PointsRuleError::Others));
        let beaten = |per_player, money_bonus| PointsRule {
            formula: PointsFormula::Beaten {
                per_player,
                money_bonus,
            },
            field: FieldCount::Entries,
        };
        assert_eq!(
            beaten(MAX_POINTS + 1, 0).check(),
            Err(PointsRuleError::PerPlayer)
        );
        assert_eq!(
            beaten(1, MAX_POINTS + 1).check(),
            Err(PointsRuleError::MoneyBonus)
        );
        assert_eq!(beaten(MAX_POINTS, MAX_POINTS).check(), Ok(()));
        assert_eq!(PointsRuleError::Others.field(), "others");
    }

    #[test]
    fn a_stored_rule_reads_back_and_an_old_one_defaults() {
        let rule = per_place(&[25, 18, 15], 1);
        let json = serde_json::to_string(&rule).unwrap();
        assert_eq!(
            json,
            r#"{"formula":{"kind":"per_place","table":[25,18,15],"others":1},"field":"entries"}"#
        );
        assert_eq!(serde_json::from_str::<PointsRule>(&json).unwrap(), rule);
        assert_eq!(
            serde_json::from_str::<PointsRule>("{}").unwrap(),
            PointsRule::default()
        );
    }
}
