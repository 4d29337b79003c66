//! The demo tournament created on first start with an empty database: a club evening with
//! 24 players seated at 3 tables, buttons known and the clock running.

use super::engine::{Engine, EngineError, Reply};
use super::store::Origin;
use crate::domain::command::{Command, CreateTournament, RegisterPlayer, SetButton, StartClock};
use crate::domain::config::templates;
use crate::domain::event::PaymentMethod;
use crate::domain::ids::{SeatNo, TableNo};

const NAMES: [&str; 24] = [
    "An Peeters",
    "Bram Janssens",
    "Chloé Dubois",
    "Dirk Maes",
    "Els Jacobs",
    "Femke de Vries",
    "Geert Willems",
    "Hanne Claes",
    "Ilse Goossens",
    "Jan Wouters",
    "Karim Benali",
    "Lotte Mertens",
    "Marc Lambert",
    "Nina Bakker",
    "Olivier Martin",
    "Pieter Smits",
    "Quinten Hermans",
    "Rik Aerts",
    "Sofie Vermeulen",
    "Tom de Jong",
    "Ursula Leclercq",
    "Vincent Dumont",
    "Wout Visser",
    "Yasmine El Amrani",
];

/// Creates the demo tournament if the club has none yet; returns its id when it did.
pub async fn seed_if_empty(engine: &Engine) -> Result<Option<i64>, EngineError> {
    if !engine.tournament_ids().is_empty() {
        return Ok(None);
    }
    let name = "Demo — Maandagavond";
    let id = engine.create(name).await?;
    let origin = Origin {
        actor: "system".into(),
        device: "demo".into(),
        tapped_at: None,
        sender: None,
    };
    let mut commands = vec![Command::CreateTournament(CreateTournament {
        config: templates::club_evening(name, 6),
    })];
    for (i, player) in NAMES.iter().enumerate() {
        let method = if i % 3 == 0 {
            PaymentMethod::Card
        } else {
            PaymentMethod::Cash
        };
        commands.push(Command::RegisterPlayer(RegisterPlayer {
            name: (*player).to_string(),
            method,
            present: true,
            same_name_confirmed: false,
        }));
    }
    for table in 1..=3 {
        commands.push(Command::SetButton(SetButton {
            table: TableNo(table),
            seat: SeatNo(1),
        }));
    }
    commands.push(Command::StartClock(StartClock {}));
    for (i, command) in commands.iter().enumerate() {
        if let Reply::Rejected(e) = engine
            .submit(id, &format!("demo-{i}"), command, &origin)
            .await?
        {
            tracing::warn!(code = e.code(), "demo command refused");
        }
    }
    Ok(Some(id))
}
