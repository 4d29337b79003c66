//! What the room says out loud, and when.
//!
//! The cues come from transitions of the live view, never from one reading alone: a screen
//! opened (or reloaded) mid-level says nothing, and each event is said once. `Announcer`
//! remembers the last level it announced, the level whose last minute it announced, and the
//! calls and stopped tables it has seen; it is pure, so the rules are tested on the host.
//! `say` and `chime` are the browser's side: the speech synthesis in the room's language where
//! the browser has it, a bundled sound otherwise.

use crate::domain::ids::{PlayerId, SeatNo, TableNo, Timestamp};
use crate::domain::read::faces::screen::ScreenView;
use crate::domain::view::LevelView;

/// One minute: the warning before the end of a level (and "last hand" before a break).
const LAST_MINUTE_MS: i64 = 60_000;

/// The facts of one reading that announcements depend on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Moment {
    pub started: bool,
    pub running: bool,
    pub finished: bool,
    pub level_index: usize,
    pub level: LevelView,
    pub next_is_break: bool,
    /// Time left in the level, counted down on this device.
    pub remaining_ms: i64,
    pub calls: Vec<(TableNo, Timestamp)>,
    pub stopped: Vec<TableNo>,
    /// The moves planned with their seat: who, and where to.
    pub moves: Vec<PlannedSeat>,
    /// Those the door calls to the desk, by name, when the room is told their names
    /// (`DoorView::names_called`).
    pub to_desk: Vec<String>,
}

/// A player told to move: the name, the table and the seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlannedSeat {
    pub player: PlayerId,
    pub name: String,
    pub table: TableNo,
    pub seat: SeatNo,
}

impl Moment {
    /// The reading of `view` with `remaining_ms` left on the clock now.
    pub fn of(view: &ScreenView, remaining_ms: i64) -> Moment {
        Moment {
            started: view.clock.started,
            running: view.clock.running,
            finished: view.finished,
            level_index: view.clock.level_index,
            level: view.clock.level.clone(),
            next_is_break: view.clock.next.as_ref().is_some_and(|n| n.number.is_none()),
            remaining_ms,
            calls: view.calls.iter().map(|c| (c.table, c.at)).collect(),
            stopped: view.stopped.clone(),
            moves: view
                .moves
                .iter()
                .filter_map(|m| {
                    Some(PlannedSeat {
                        player: m.player,
                        name: m.name.clone(),
                        table: m.to,
                        seat: m.seat?,
                    })
                })
                .collect(),
            to_desk: view.door.to_desk_names.clone(),
        }
    }
}

/// Something to say.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Cue {
    /// A play level began: its blinds and ante.
    Level(LevelView),
    /// A break began (with its colour-up, if any).
    Break(LevelView),
    /// One minute left in a play level that a play level follows.
    OneMinute,
    /// One minute left before a break: the last hand.
    LastHand,
    /// One minute left in a break.
    BreakEnds,
    /// A table calls the TD.
    Call(TableNo),
    /// A table stopped (too few players) and waits for the TD.
    Stopped(TableNo),
    /// A player is told to move: their name, the table and the seat, said for the room.
    Move(PlannedSeat),
    /// The door calls a player from the waiting list to the desk.
    ToDesk(String),
}

/// Turns successive readings into cues, each event once.
#[derive(Clone, Debug, Default)]
pub struct Announcer {
    last: Option<Moment>,
    /// The level last announced (or in play when the screen opened).
    announced_level: Option<usize>,
    /// The level whose last minute was announced.
    warned_level: Option<usize>,
}

impl Announcer {
    /// The cues between the previous reading and `now` (none for the first reading).
    pub fn step(&mut self, now: Moment) -> Vec<Cue> {
        let Some(before) = self.last.replace(now.clone()) else {
            // The first reading only sets the scene: what is already under way is not news.
            self.announced_level = Some(now.level_index);
            if now.remaining_ms <= LAST_MINUTE_MS {
                self.warned_level = Some(now.level_index);
            }
            return Vec::new();
        };
        if now.finished {
            return Vec::new();
        }
        let mut cues = Vec::new();
        let level_begins =
            now.started && (self.announced_level != Some(now.level_index) || !before.started);
        if level_begins {
            self.announced_level = Some(now.level_index);
            cues.push(match now.level.number {
                Some(_) => Cue::Level(now.level.clone()),
                None => Cue::Break(now.level.clone()),
            });
            // A level entered with a minute or less left (the director set the time) has
            // nothing more to warn about.
            if now.remaining_ms <= LAST_MINUTE_MS {
                self.warned_level = Some(now.level_index);
            }
        } else if now.running
            && before.level_index == now.level_index
            && before.remaining_ms > LAST_MINUTE_MS
            && now.remaining_ms <= LAST_MINUTE_MS
            && now.remaining_ms > 0
            && self.warned_level != Some(now.level_index)
        {
            self.warned_level = Some(now.level_index);
            cues.push(match (now.level.number, now.next_is_break) {
                (None, _) => Cue::BreakEnds,
                (Some(_), true) => Cue::LastHand,
                (Some(_), false) => Cue::OneMinute,
            });
        }
        // A level entered again later (the director went back) may warn again.
        if self.warned_level.is_some_and(|w| w != now.level_index) {
            self.warned_level = None;
        }
        cues.extend(
            now.calls
                .iter()
                .filter(|c| !before.calls.contains(c))
                .map(|(table, _)| Cue::Call(*table)),
        );
        cues.extend(
            now.stopped
                .iter()
                .filter(|t| !before.stopped.contains(t))
                .map(|t| Cue::Stopped(*t)),
        );
        // Each move once, when it is planned with its seat (a move waiting for its table's
        // button is said when the seat is known).
        cues.extend(
            now.moves
                .iter()
                .filter(|m| !before.moves.contains(m))
                .map(|m| Cue::Move(m.clone())),
        );
        cues.extend(
            now.to_desk
                .iter()
                .filter(|n| !before.to_desk.contains(n))
                .map(|n| Cue::ToDesk(n.clone())),
        );
        cues
    }
}

/// The bundled sound for a cue (`public/sounds/`, made by `tools/make_sounds.py`).
pub fn sound_of(cue: &Cue) -> &'static str {
    match cue {
        Cue::Level(_) => "/sounds/level.wav",
        Cue::Break(_) | Cue::LastHand => "/sounds/break.wav",
        Cue::OneMinute | Cue::BreakEnds => "/sounds/minute.wav",
        Cue::Call(_) | Cue::Move(_) | Cue::ToDesk(_) => "/sounds/call.wav",
        Cue::Stopped(_) => "/sounds/table-stopped.wav",
    }
}

/// The speech synthesis's language for the page's language (the club is in Belgium).
pub fn speech_lang(lang: &str) -> &'static str {
    match lang {
        "nl" => "nl-BE",
        "fr" => "fr-BE",
        _ => "en-GB",
    }
}

/// Says `text` in the room: a chime first when `sounds` is on, then the words when `speech`
/// is on and the browser can speak (a voice in the language, or any voice); without speech
/// synthesis the chime stands in for the words.
pub fn announce(cue: &Cue, text: &str, lang: &str, sounds: bool, speech: bool) {
    #[cfg(feature = "hydrate")]
    {
        let spoken = speech && browser::can_speak(speech_lang(lang));
        if sounds || (speech && !spoken) {
            browser::play(sound_of(cue));
        }
        if spoken {
            // After the chime, not over it.
            let delay = if sounds { 900 } else { 0 };
            browser::speak_later(text.to_string(), speech_lang(lang), delay);
        }
    }
    // The server renders the page and says nothing.
    #[cfg(not(feature = "hydrate"))]
    let _ = (sound_of(cue), text, speech_lang(lang), sounds, speech);
}

#[cfg(feature = "hydrate")]
mod browser {
    use wasm_bindgen::prelude::*;
    use wasm_bindgen::JsCast;

    /// Plays a bundled sound; a refusal (no tap on the page yet) is not worth reporting.
    pub fn play(src: &'static str) {
        crate::ui::sound::play(src);
    }

    fn synthesis() -> Option<web_sys::SpeechSynthesis> {
        web_sys::window()?.speech_synthesis().ok()
    }

    /// The browser has speech synthesis with at least one voice (a headless browser or a
    /// stripped-down TV browser may have the API and no voice at all).
    pub fn can_speak(_lang: &str) -> bool {
        synthesis().is_some_and(|s| s.get_voices().length() > 0)
    }

    pub fn speak_later(text: String, lang: &'static str, delay_ms: i32) {
        let speak = Closure::once_into_js(move || {
            let Some(synth) = synthesis() else {
                return;
            };
            let Ok(utterance) = web_sys::SpeechSynthesisUtterance::new_with_text(&text) else {
                return;
            };
            utterance.set_lang(lang);
            // A voice of the room's language when the browser has one (nl-BE, else any nl).
            let prefix = &lang[..2];
            let voices = synth.get_voices();
            let voice = voices
                .iter()
                .filter_map(|v| v.dyn_into::<web_sys::SpeechSynthesisVoice>().ok())
                .max_by_key(|v| {
                    let l = v.lang().replace('_', "-");
                    (l.eq_ignore_ascii_case(lang), l.starts_with(prefix))
                })
                .filter(|v| v.lang().starts_with(prefix));
            if let Some(voice) = voice {
                utterance.set_voice(Some(&voice));
            }
            synth.speak(&utterance);
        });
        if let Some(window) = web_sys::window() {
            let _ = window.set_timeout_with_callback_and_timeout_and_arguments_0(
                speak.unchecked_ref(),
                delay_ms,
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::money::Chips;

    fn play(n: u16) -> LevelView {
        LevelView {
            number: Some(n),
            small_blind: Chips(100 * i64::from(n)),
            big_blind: Chips(200 * i64::from(n)),
            ante: Chips(200 * i64::from(n)),
            minutes: 20,
            colour_up: None,
        }
    }

    fn pause() -> LevelView {
        LevelView {
            number: None,
            small_blind: Chips::ZERO,
            big_blind: Chips::ZERO,
            ante: Chips::ZERO,
            minutes: 10,
            colour_up: Some(Chips(25)),
        }
    }

    #[test]
    fn every_cue_chimes_a_sound_the_first_tap_unlocks() {
        let cues = [
            Cue::Level(play(1)),
            Cue::Break(pause()),
            Cue::OneMinute,
            Cue::LastHand,
            Cue::BreakEnds,
            Cue::Call(TableNo(1)),
            Cue::Stopped(TableNo(1)),
        ];
        for cue in &cues {
            assert!(crate::ui::sound::ALL.contains(&sound_of(cue)));
        }
    }

    fn at(level_index: usize, level: LevelView, remaining_ms: i64) -> Moment {
        Moment {
            started: true,
            running: true,
            finished: false,
            level_index,
            level,
            next_is_break: false,
            remaining_ms,
            calls: Vec::new(),
            stopped: Vec::new(),
            moves: Vec::new(),
            to_desk: Vec::new(),
        }
    }

    #[test]
    fn the_first_reading_says_nothing() {
        let mut a = Announcer::default();
        assert_eq!(a.step(at(3, play(4), 30_000)), vec![]);
        // ... not even the last minute it opened in.
        assert_eq!(a.step(at(3, play(4), 29_000)), vec![]);
    }

    #[test]
    fn a_level_change_is_said_once() {
        let mut a = Announcer::default();
        a.step(at(0, play(1), 1_000));
        assert_eq!(a.step(at(1, play(2), 1_200_000)), vec![Cue::Level(play(2))]);
        assert_eq!(a.step(at(1, play(2), 1_199_000)), vec![]);
        assert_eq!(a.step(at(1, play(2), 1_198_000)), vec![]);
        assert_eq!(a.step(at(2, pause(), 600_000)), vec![Cue::Break(pause())]);
    }

    #[test]
    fn the_start_of_the_clock_announces_the_first_level() {
        let mut a = Announcer::default();
        let waiting = Moment {
            started: false,
            running: false,
            ..at(0, play(1), 1_200_000)
        };
        a.step(waiting);
        assert_eq!(a.step(at(0, play(1), 1_200_000)), vec![Cue::Level(play(1))]);
        assert_eq!(a.step(at(0, play(1), 1_199_000)), vec![]);
    }

    #[test]
    fn the_last_minute_is_said_once_and_before_a_break_it_is_the_last_hand() {
        let mut a = Announcer::default();
        a.step(at(0, play(1), 61_000));
        assert_eq!(a.step(at(0, play(1), 60_000)), vec![Cue::OneMinute]);
        assert_eq!(a.step(at(0, play(1), 59_000)), vec![]);
        let before_break = |ms| Moment {
            next_is_break: true,
            ..at(1, play(2), ms)
        };
        a.step(before_break(1_200_000));
        a.step(before_break(61_000));
        assert_eq!(a.step(before_break(59_500)), vec![Cue::LastHand]);
        a.step(at(2, pause(), 600_000));
        a.step(at(2, pause(), 60_500));
        assert_eq!(a.step(at(2, pause(), 59_500)), vec![Cue::BreakEnds]);
    }

    #[test]
    fn a_stopped_clock_gives_no_minute_warning() {
        let mut a = Announcer::default();
        a.step(at(0, play(1), 61_000));
        let paused = Moment {
            running: false,
            ..at(0, play(1), 50_000)
        };
        assert_eq!(a.step(paused), vec![]);
    }

    #[test]
    fn new_calls_and_stopped_tables_are_said_once() {
        let mut a = Announcer::default();
        let call = (TableNo(2), Timestamp(5));
        a.step(at(0, play(1), 600_000));
        let calling = Moment {
            calls: vec![call],
            stopped: vec![TableNo(3)],
            ..at(0, play(1), 599_000)
        };
        assert_eq!(
            a.step(calling.clone()),
            vec![Cue::Call(TableNo(2)), Cue::Stopped(TableNo(3))]
        );
        assert_eq!(a.step(calling), vec![]);
    }

    #[test]
    fn each_move_and_each_call_to_the_desk_is_said_once_by_name() {
        let mut a = Announcer::default();
        let tom = PlannedSeat {
            player: PlayerId(7),
            name: "Tom de Jong".into(),
            table: TableNo(3),
            seat: SeatNo(1),
        };
        // A move already planned when the screen opened is not news.
        a.step(Moment {
            moves: vec![tom.clone()],
            ..at(0, play(1), 600_000)
        });
        let ann = PlannedSeat {
            player: PlayerId(8),
            name: "Ann Vos".into(),
            table: TableNo(1),
            seat: SeatNo(6),
        };
        let moving = Moment {
            moves: vec![tom.clone(), ann.clone()],
            to_desk: vec!["Jan Peeters".into()],
            ..at(0, play(1), 599_000)
        };
        assert_eq!(
            a.step(moving.clone()),
            vec![Cue::Move(ann.clone()), Cue::ToDesk("Jan Peeters".into())]
        );
        assert_eq!(a.step(moving), vec![]);
        // Ann's move is made, then she is moved again (another seat): said again.
        a.step(at(0, play(1), 598_000));
        let again = PlannedSeat {
            seat: SeatNo(2),
            ..ann
        };
        assert_eq!(
            a.step(Moment {
                moves: vec![again.clone()],
                ..at(0, play(1), 597_000)
            }),
            vec![Cue::Move(again)]
        );
    }

    #[test]
    fn nothing_is_said_once_play_is_over() {
        let mut a = Announcer::default();
        a.step(at(0, play(1), 600_000));
        let over = Moment {
            finished: true,
            ..at(1, play(2), 600_000)
        };
        assert_eq!(a.step(over), vec![]);
    }
}
