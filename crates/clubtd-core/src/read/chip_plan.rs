//! The club's chip set and what a structure asks of it (issue P): whether the chips still in
//! play can make every blind and ante (half antes at short tables too, PKR4U 16), when each
//! denomination can leave play (a colour-up suggestion per break), how a starting stack is
//! made of chips, and whether the club owns enough of each for the field.
//!
//! Pure: the chip set is a club setting the server stores; the structure is the tournament's.

use crate::model::config::Level;
use crate::model::money::Chips;
use serde::{Deserialize, Serialize};

/// The chips the club owns, one line per denomination.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChipSet {
    pub denominations: Vec<Denomination>,
}

/// One denomination: its value, how many the club owns, and its colour as the club says it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Denomination {
    pub value: Chips,
    pub count: u32,
    #[serde(default)]
    pub colour: String,
}

/// The most denominations a set holds, and the most chips of one: beyond them, a typo.
pub const MAX_DENOMINATIONS: usize = 12;
pub const MAX_COUNT: u32 = 100_000;

/// Why a chip set is refused: the denomination (its position, 1-based) that is wrong.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ChipSetError {
    #[error("more than {MAX_DENOMINATIONS} denominations")]
    TooMany,
    /// A value of zero or less, above a billion, or twice the same value.
    #[error("denomination {0}: the value is not valid")]
    Value(usize),
    #[error("denomination {0}: the count is not valid")]
    Count(usize),
    #[error("denomination {0}: the colour is too long")]
    Colour(usize),
}

impl ChipSet {
    /// Is the set one a club can own?
    pub fn check(&self) -> Result<(), ChipSetError> {
        if self.denominations.len() > MAX_DENOMINATIONS {
            return Err(ChipSetError::TooMany);
        }
        for (i, d) in self.denominations.iter().enumerate() {
            let n = i + 1;
            let twice = self.denominations[..i].iter().any(|x| x.value == d.value);
            if d.value.0 <= 0 || d.value.0 > 1_000_000_000 || twice {
                return Err(ChipSetError::Value(n));
            }
            if d.count > MAX_COUNT {
                return Err(ChipSetError::Count(n));
            }
            if d.colour.chars().count() > 20 {
                return Err(ChipSetError::Colour(n));
            }
        }
        Ok(())
    }

    /// The values, smallest first.
    pub fn values(&self) -> Vec<Chips> {
        let mut v: Vec<Chips> = self.denominations.iter().map(|d| d.value).collect();
        v.sort();
        v
    }

    fn owned(&self, value: Chips) -> u32 {
        self.denominations
            .iter()
            .find(|d| d.value == value)
            .map_or(0, |d| d.count)
    }
}

/// What the chip set says about a structure.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ChipWarning {
    /// A blind, ante or half ante of level `level` (index into the structure) that is not a
    /// multiple of the smallest chip still in play then.
    NotMakeable {
        level: usize,
        amount: Chips,
        smallest: Chips,
    },
    /// A break's colour-up names a chip the set does not have, or one already gone.
    UnknownColourUp { level: usize, chip: Chips },
    /// The starting stack cannot be made of the set's chips.
    StackNotMakeable { stack: Chips },
    /// Starting stacks for the whole field need more chips of `value` than the club owns.
    Short {
        value: Chips,
        needed: u64,
        owned: u32,
    },
}

/// A denomination that can leave play at a break: every later blind and ante is made
/// without it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ColourUpSuggestion {
    /// The break (index into the structure).
    pub level: usize,
    pub chip: Chips,
}

/// The amounts a play level asks to be made: small blind, big blind, the ante and the half
/// ante of a short table.
fn amounts(level: &Level) -> Vec<Chips> {
    match level {
        Level::Play {
            small_blind,
            big_blind,
            ante,
            ..
        } => {
            let mut v = vec![*small_blind, *big_blind];
            if ante.0 > 0 {
                v.push(*ante);
                v.push(Chips(ante.0 / 2));
            }
            v.into_iter().filter(|c| c.0 > 0).collect()
        }
        Level::Break { .. } => Vec::new(),
    }
}

/// Every warning the set raises about a structure, a starting stack and a field of
/// `players` starting stacks (in the structure's order, then the stack, then shortages).
pub fn structure_warnings(
    levels: &[Level],
    set: &ChipSet,
    stack: Chips,
    players: u32,
) -> Vec<ChipWarning> {
    let mut out = Vec::new();
    let mut in_play = set.values();
    if in_play.is_empty() {
        return out;
    }
    for (i, level) in levels.iter().enumerate() {
        if let Level::Break {
            colour_up: Some(chip),
            ..
        } = level
        {
            if in_play.contains(chip) {
                // A colour-up takes that chip, and any smaller still there, out of play.
                in_play.retain(|c| c > chip);
            } else {
                out.push(ChipWarning::UnknownColourUp {
                    level: i,
                    chip: *chip,
                });
            }
        }
        let Some(smallest) = in_play.first().copied() else {
            continue;
        };
        let mut seen = Vec::new();
        for amount in amounts(level) {
            // The same amount twice in a level (a small blind and a half ante) is said once.
            if amount.0 % smallest.0 != 0 && !seen.contains(&amount) {
                seen.push(amount);
                out.push(ChipWarning::NotMakeable {
                    level: i,
                    amount,
                    smallest,
                });
            }
        }
    }
    match stack_breakdown(stack, set) {
        None => out.push(ChipWarning::StackNotMakeable { stack }),
        Some(chips) => {
            for (value, count) in chips {
                let needed = u64::from(count) * u64::from(players);
                let owned = set.owned(value);
                if needed > u64::from(owned) {
                    out.push(ChipWarning::Short {
                        value,
                        needed,
                        owned,
                    });
                }
            }
        }
    }
    out
}

/// When each denomination can leave play: at the first break after which every later blind
/// and ante (half antes included) is a multiple of the next larger chip, as long as that
/// break's own colour-up does not already take it. The largest chip never leaves.
pub fn colour_up_suggestions(levels: &[Level], set: &ChipSet) -> Vec<ColourUpSuggestion> {
    let values = set.values();
    let mut out = Vec::new();
    let mut from = 0;
    for pair in values.windows(2) {
        let (chip, next) = (pair[0], pair[1]);
        let found = (from..levels.len()).find(|&i| {
            levels[i].is_break()
                && levels[i + 1..]
                    .iter()
                    .flat_map(amounts)
                    .all(|a| a.0 % next.0 == 0)
        });
        let Some(level) = found else {
            break;
        };
        out.push(ColourUpSuggestion { level, chip });
        // A smaller chip leaves first: the next one leaves at this break or later.
        from = level;
    }
    out
}

/// A starting stack as chips, smallest first: each denomination but the largest gives enough
/// to change two of the next one up (4 × 25 make 100, twice: 8 × 25), as far as the stack
/// goes, and the rest is made from the largest chips down. `None` when the stack cannot be
/// made of the set's chips (not a multiple of the smallest, or no chips at all).
pub fn stack_breakdown(stack: Chips, set: &ChipSet) -> Option<Vec<(Chips, u32)>> {
    let values = set.values();
    let smallest = *values.first()?;
    if stack.0 <= 0 || stack.0 % smallest.0 != 0 {
        return None;
    }
    let mut counts = vec![0i64; values.len()];
    let mut left = stack.0;
    for (i, pair) in values.windows(2).enumerate() {
        let (chip, next) = (pair[0].0, pair[1].0);
        // Change for two of the next chip, in whole chips (at least one).
        let want = (2 * next / chip).max(1);
        // Keep what is left a multiple of the smallest chip, so the rest can be made.
        let take = want.min(left / chip);
        counts[i] = take;
        left -= take * chip;
    }
    for (i, value) in values.iter().enumerate().rev() {
        let n = left / value.0;
        counts[i] += n;
        left -= n * value.0;
    }
    if left != 0 {
        return None;
    }
    Some(
        values
            .iter()
            .zip(counts)
            .filter(|(_, n)| *n > 0)
            .map(|(v, n)| (*v, u32::try_from(n).unwrap_or(u32::MAX)))
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::config::templates;

    fn set(values: &[(i64, u32)]) -> ChipSet {
        ChipSet {
            denominations: values
                .iter()
                .map(|(v, n)| Denomination {
                    value: Chips(*v),
                    count: *n,
                    colour: String::new(),
                })
                .collect(),
        }
    }

    fn club_set() -> ChipSet {
        set(&[(25, 300), (100, 400), (500, 300), (1000, 400), (5000, 100)])
    }

    fn play(sb: i64, bb: i64, ante: i64) -> Level {
        Level::Play {
            small_blind: Chips(sb),
            big_blind: Chips(bb),
            ante: Chips(ante),
            minutes: 20,
        }
    }

    fn pause(colour_up: Option<i64>) -> Level {
        Level::Break {
            minutes: 10,
            colour_up: colour_up.map(Chips),
        }
    }

    #[test]
    fn a_stack_is_made_of_change_for_each_chip_and_the_rest_in_big_ones() {
        let chips = stack_breakdown(Chips(20_000), &club_set()).expect("made");
        assert_eq!(
            chips,
            vec![
                (Chips(25), 8),
                (Chips(100), 13),
                (Chips(500), 5),
                (Chips(1000), 11),
                (Chips(5000), 1)
            ]
        );
        let total: i64 = chips.iter().map(|(v, n)| v.0 * i64::from(*n)).sum();
        assert_eq!(total, 20_000);
        // A small stack takes what it can of the change, smallest first.
        let small = stack_breakdown(Chips(500), &club_set()).expect("made");
        assert_eq!(small, vec![(Chips(25), 8), (Chips(100), 3)]);
        assert_eq!(stack_breakdown(Chips(20_010), &club_set()), None);
        assert_eq!(stack_breakdown(Chips(1000), &ChipSet::default()), None);
    }

    #[test]
    fn a_blind_the_chips_in_play_cannot_make_is_named_with_its_level() {
        let levels = vec![
            play(25, 50, 0),
            play(50, 100, 100),
            pause(Some(25)),
            play(75, 150, 150),
            play(100, 200, 200),
        ];
        let w = structure_warnings(&levels, &club_set(), Chips(20_000), 10);
        // After the 25s leave, 75 / 150 (and the ante's half, 75 again) cannot be made with 100s:
        // each amount is named once.
        assert_eq!(
            w,
            vec![
                ChipWarning::NotMakeable {
                    level: 3,
                    amount: Chips(75),
                    smallest: Chips(100)
                },
                ChipWarning::NotMakeable {
                    level: 3,
                    amount: Chips(150),
                    smallest: Chips(100)
                },
            ]
        );
    }

    #[test]
    fn a_colour_up_of_a_chip_not_in_play_and_a_short_set_are_warned() {
        let levels = vec![play(25, 50, 0), pause(Some(10)), play(100, 200, 0)];
        let small_set = set(&[(25, 50), (100, 400), (500, 300), (1000, 400), (5000, 100)]);
        let w = structure_warnings(&levels, &small_set, Chips(20_000), 10);
        assert_eq!(
            w,
            vec![
                ChipWarning::UnknownColourUp {
                    level: 1,
                    chip: Chips(10)
                },
                // 8 × 25 a player, 10 players: 80 needed, 50 owned.
                ChipWarning::Short {
                    value: Chips(25),
                    needed: 80,
                    owned: 50
                },
            ]
        );
    }

    #[test]
    fn the_club_structure_colours_up_too_early_for_this_set_and_is_told_where() {
        // The evening's structure takes the 25s out at the first break and the 100s at the
        // third: with no 50 or 200 chip, 150 and 700 / 1400 can no longer be made.
        let cfg = templates::club_evening("x", 3);
        let w = structure_warnings(&cfg.levels, &club_set(), cfg.starting_stack, 27);
        let named: Vec<(usize, i64)> = w
            .iter()
            .filter_map(|x| match x {
                ChipWarning::NotMakeable { level, amount, .. } => Some((*level, amount.0)),
                _ => None,
            })
            .collect();
        assert_eq!(named, vec![(5, 150), (11, 700), (11, 1400)]);
        assert_eq!(w.len(), named.len(), "enough chips for 27 stacks: {w:?}");
    }

    #[test]
    fn each_chip_is_suggested_to_leave_at_the_first_break_it_is_not_needed_after() {
        let levels = vec![
            play(25, 50, 0),
            play(50, 100, 0),
            pause(None),
            play(75, 150, 0),
            play(100, 200, 200),
            pause(None),
            play(200, 400, 400),
            play(300, 600, 600),
            pause(None),
            play(500, 1000, 1000),
            play(1000, 2000, 2000),
        ];
        let s = colour_up_suggestions(&levels, &club_set());
        // 25s after the second break (75 / 150 needs them before); 100s after the third
        // (300 / 600 needs them); 500s never (half antes of 500 need them to the end).
        assert_eq!(
            s,
            vec![
                ColourUpSuggestion {
                    level: 5,
                    chip: Chips(25)
                },
                ColourUpSuggestion {
                    level: 8,
                    chip: Chips(100)
                },
            ]
        );
    }

    #[test]
    fn a_set_a_club_cannot_own_is_refused_by_denomination() {
        assert_eq!(club_set().check(), Ok(()));
        assert_eq!(
            set(&[(25, 1), (25, 2)]).check(),
            Err(ChipSetError::Value(2))
        );
        assert_eq!(set(&[(0, 1)]).check(), Err(ChipSetError::Value(1)));
        assert_eq!(
            set(&[(25, MAX_COUNT + 1)]).check(),
            Err(ChipSetError::Count(1))
        );
        assert_eq!(set(&[(1, 1); 13]).check(), Err(ChipSetError::TooMany));
    }
}
