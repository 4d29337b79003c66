//! Whole-tournament scenarios through `decide` and `apply`, one per rule, citing it.
//! The blind structure and what may change once the clock runs.

use clubtd_core::command::{ChangeConfig, ChangeStructure, Command, StartClock};
use clubtd_core::config::{templates, Announcements, Config};
use clubtd_core::ids::Timestamp;
use clubtd_core::money::Chips;
use clubtd_core::DomainError;

mod kit;
use kit::Kit;

#[test]
fn the_structure_changes_freely_before_the_start_and_only_after_the_level_in_play_once_running() {
    use clubtd_core::config::Level;
    let mut k = Kit::new(templates::club_evening("t", 1));
    k.register(6);
    // Before the start: the first level too (a 30-minute opening level).
    let mut levels = k.t.config.as_ref().unwrap().levels.clone();
    let Level::Play { minutes, .. } = &mut levels[0] else {
        panic!("the structure starts with play")
    };
    *minutes = 30;
    k.ok(Command::ChangeStructure(ChangeStructure {
        levels: levels.clone(),
    }));
    assert_eq!(k.t.config.as_ref().unwrap().levels, levels);

    k.ok(Command::StartClock(StartClock {}));
    k.minutes(31);
    // Level 2 is in play now: it and level 1 are history.
    let mut shortened = levels.clone();
    let Level::Play { minutes, .. } = &mut shortened[1] else {
        panic!("level 2 is play")
    };
    *minutes = 10;
    assert_eq!(
        k.run(Command::ChangeStructure(ChangeStructure {
            levels: shortened
        })),
        Err(DomainError::LevelAlreadyPlayed { level: 2 })
    );
    // A break after level 2, and a 40-minute level 3: the clock walks into them.
    let mut later = levels.clone();
    later.insert(
        2,
        Level::Break {
            minutes: 5,
            colour_up: None,
        },
    );
    let Level::Play { minutes, .. } = &mut later[3] else {
        panic!("level 3 is play")
    };
    *minutes = 40;
    k.ok(Command::ChangeStructure(ChangeStructure {
        levels: later.clone(),
    }));
    k.minutes(20); // level 2 ran 30..50 minutes: now 51, in the new break
    let cfg = k.t.config.as_ref().unwrap();
    let reading = k.t.clock.read(&cfg.levels, Timestamp(k.now));
    assert_eq!(reading.level, 2);
    assert!(cfg.levels[reading.level].is_break());
    assert_eq!(reading.remaining_ms, 4 * 60_000);
    // Late registration ends with play level 4: it must stay in the structure.
    assert_eq!(
        k.run(Command::ChangeStructure(ChangeStructure {
            levels: later[..4].to_vec()
        })),
        Err(DomainError::InvalidConfig {
            field: "late_registration".into()
        })
    );
    // The log replays to the same structure.
    let mut replayed = Kit::new(templates::club_evening("t", 1));
    replayed.register(6);
    replayed.ok(Command::ChangeStructure(ChangeStructure { levels }));
    replayed.ok(Command::StartClock(StartClock {}));
    replayed.minutes(31);
    replayed.ok(Command::ChangeStructure(ChangeStructure { levels: later }));
    assert_eq!(replayed.t.config, k.t.config);
}

/// Once the clock runs, the configuration is frozen except the room screen's announcements,
/// which touch no rule: the console switches them off (a quiet night) and on again.
#[test]
fn announcements_switch_during_play_and_nothing_else_does() {
    let cfg = templates::club_evening("t", 2);
    assert_eq!(cfg.announcements, Announcements::default(), "on by default");
    let mut k = Kit::new(cfg.clone());
    k.register(2);
    k.ok(Command::StartClock(StartClock {}));
    let quiet = Config {
        announcements: Announcements {
            sounds: false,
            speech: true,
        },
        ..cfg.clone()
    };
    k.ok(Command::ChangeConfig(ChangeConfig {
        config: quiet.clone(),
    }));
    assert_eq!(
        k.t.config().map(|c| c.announcements),
        Some(quiet.announcements)
    );
    assert_eq!(
        k.run(Command::ChangeConfig(ChangeConfig {
            config: Config {
                starting_stack: Chips(20_000),
                ..quiet
            },
        })),
        Err(DomainError::AlreadyStarted)
    );
    // A stored configuration from before the setting reads as on and writes back as it was.
    let json = serde_json::to_value(&cfg).expect("a config serialises");
    assert!(json.get("announcements").is_none());
    let back: Config = serde_json::from_value(json).expect("and reads back");
    assert_eq!(back, cfg);
}
