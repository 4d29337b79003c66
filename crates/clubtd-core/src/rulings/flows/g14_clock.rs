//! Group 14, calling the clock (TDA 5, with TDA 8 for who may call it): "zal de speler die aan
//! de beurt is één minuut de tijd krijgen om zijn beslissing te nemen. Als die beslissing dan
//! nog niet is genomen, zal er hardop tien seconden worden afgeteld. Heeft de speler dan nog
//! niet gehandeld, zal zijn hand 'dood' zijn." The table page runs the countdown
//! ([`RulingAction::StartClock`]); the flow is opened again when the time has run out.

use super::{opt, t, FlowBuilder};
use crate::rulings::model::{Flow, RulingAction};

/// TDA 5: calling the clock on a player.
pub(crate) fn clock_call() -> Flow {
    FlowBuilder::new(
        "clock_call",
        14,
        "TDA 5",
        t("Calling the clock", "De klok vragen", "Demander la pendule"),
        "stage",
    )
    .choice(
        "stage",
        t(
            "What is the situation?",
            "Wat is de situatie?",
            "Quelle est la situation ?",
        ),
        vec![
            opt(
                "request",
                t(
                    "A player asks for the clock",
                    "Een speler vraagt de klok",
                    "Un joueur demande la pendule",
                ),
                "seated",
            ),
            opt(
                "expired",
                t(
                    "The clock has run out",
                    "De klok is afgelopen",
                    "Le temps de la pendule est écoulé",
                ),
                "acted_in_time",
            ),
        ],
    )
    .yes_no(
        "seated",
        t(
            "Is the player asking for the clock seated at the table?",
            "Zit de speler die de klok vraagt aan tafel?",
            "Le joueur qui demande la pendule est-il assis à la table ?",
        ),
        "reasonable",
        "not_seated",
    )
    .yes_no(
        "reasonable",
        t(
            "Has the player to act already had a reasonable time to think?",
            "Heeft de speler die aan de beurt is al een redelijke bedenktijd gehad?",
            "Le joueur qui doit parler a-t-il déjà eu un temps de réflexion raisonnable ?",
        ),
        "start",
        "not_yet",
    )
    .yes_no(
        "acted_in_time",
        t(
            "Did the player act before the end of the ten-second count?",
            "Heeft de speler gehandeld voor het einde van het aftellen van tien seconden?",
            "Le joueur a-t-il agi avant la fin du compte à rebours de dix secondes ?",
        ),
        "action_stands",
        "dead",
    )
    .ruling(
        "not_seated",
        "TDA 8",
        t(
            "Only a player seated at the table may ask for the clock.",
            "Alleen een speler die aan tafel zit, kan de klok vragen.",
            "Seul un joueur assis à la table peut demander la pendule.",
        ),
        vec![RulingAction::Info],
    )
    .ruling(
        "not_yet",
        "TDA 5",
        t(
            "Not yet: the clock can be called once a reasonable time to think has passed. The TD decides what is reasonable.",
            "Nog niet: de klok kan gevraagd worden als er een redelijke bedenktijd verstreken is. De TD beslist wat redelijk is.",
            "Pas encore : la pendule peut être demandée une fois écoulé un temps de réflexion raisonnable. Le directeur de tournoi décide de ce qui est raisonnable.",
        ),
        vec![RulingAction::Info],
    )
    .ruling(
        "start",
        "TDA 5",
        t(
            "Clock: the player has one minute to act. If they have not acted when it ends, ten seconds are counted down aloud; with no action by then, the hand is dead.",
            "Klok: de speler krijgt één minuut om te beslissen. Heeft hij dan nog niet gehandeld, dan worden hardop tien seconden afgeteld; heeft hij dan nog altijd niet gehandeld, dan is zijn hand dood.",
            "Pendule : le joueur dispose d'une minute pour agir. S'il n'a pas agi à la fin, on compte dix secondes à voix haute ; sans action à ce moment-là, sa main est morte.",
        ),
        vec![RulingAction::StartClock {
            seconds: 60,
            countdown: 10,
        }],
    )
    .ruling(
        "action_stands",
        "TDA 5",
        t(
            "The player acted in time: the action stands and play goes on.",
            "De speler handelde op tijd: de actie blijft staan en het spel gaat verder.",
            "Le joueur a agi à temps : l'action est maintenue et le jeu continue.",
        ),
        vec![RulingAction::ActionStands],
    )
    .ruling(
        "dead",
        "TDA 5, FIDPA",
        t(
            "Time is up: the player did not act before the end of the count, so the hand is dead.",
            "De tijd is om: de speler handelde niet voor het einde van het aftellen, dus zijn hand is dood.",
            "Le temps est écoulé : le joueur n'a pas agi avant la fin du compte, sa main est donc morte.",
        ),
        vec![RulingAction::HandDead],
    )
    .build()
}
