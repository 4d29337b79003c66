//! Group 15, dealing and button mistakes from TDA 30–39 of seed 001 and TDA 6 of seed 000:
//! misdeals (TDA 35: "Wanneer er sprake is van een bindende actie, dan wordt het spel
//! doorgespeeld ... Wanneer er sprake is van een ongeldig deck, dan worden alle inzetten
//! geretourneerd. Dit geldt ook als er bindende actie is geweest."), substantial action
//! (TDA 36), the button with too few cards (TDA 37), burns after substantial action (TDA 38),
//! the heads-up button (TDA 34) and the dead button (TDA 6, TDA 32). Where a club rule covers a
//! misdeal case (exposed cards PKR4U 7, face-up cards PKR4U 22, missing cards PKR4U 21), the
//! misdeal flow sends the table to that flow.

use super::g05_deck_gathered::void_hand;
use super::{opt, outcome, t, FlowBuilder};
use crate::rulings::error::RulingError;
use crate::rulings::model::{Answers, Computed, Flow, RulingAction, Text};

fn substantial_question() -> Text {
    t(
        "Has there been substantial action?",
        "Is er bindende actie geweest?",
        "Y a-t-il eu une action substantielle ?",
    )
}

fn substantial_help() -> Text {
    t(
        "TDA 36: at least two actions after the big blind, one of them putting chips in; or three actions in a row, such as checks or folds.",
        "TDA 36: minstens twee acties na de big blind waarvan er één chips in de pot bracht, of drie acties na elkaar, zoals checks of folds.",
        "TDA 36 : au moins deux actions après la grosse blinde dont une a mis des jetons au pot, ou trois actions consécutives, comme des checks ou des passes.",
    )
}

fn see(flow: &str) -> RulingAction {
    RulingAction::SeeFlow {
        flow: flow.to_string(),
    }
}

/// TDA 35 (seed 001): misdeals and fouled decks.
pub(crate) fn misdeal() -> Flow {
    FlowBuilder::new(
        "misdeal",
        15,
        "TDA 35",
        t("Misdeal", "Misdeal", "Fausse donne"),
        "problem",
    )
    .choice(
        "problem",
        t(
            "What went wrong with the deal?",
            "Wat liep er mis bij het delen?",
            "Qu'est-ce qui s'est mal passé pendant la donne ?",
        ),
        vec![
            opt(
                "wrong_first_seat",
                t(
                    "The first card went to the wrong seat",
                    "De eerste kaart ging naar de verkeerde plaats",
                    "La première carte est allée au mauvais siège",
                ),
                "substantial",
            ),
            opt(
                "extra_seat",
                t(
                    "Cards were dealt to a seat that should not have any",
                    "Er werden kaarten gedeeld aan een plaats die geen kaarten mocht krijgen",
                    "Des cartes ont été distribuées à un siège qui ne devait pas en recevoir",
                ),
                "substantial",
            ),
            opt(
                "missed_seat",
                t(
                    "A seat that should have had cards got none",
                    "Een plaats die kaarten moest krijgen, kreeg er geen",
                    "Un siège qui devait recevoir des cartes n'en a pas reçu",
                ),
                "substantial",
            ),
            opt(
                "wrong_button",
                t(
                    "The dealer button was in the wrong place",
                    "De dealerbutton lag verkeerd",
                    "Le bouton du donneur était mal placé",
                ),
                "substantial",
            ),
            opt(
                "exposed",
                t(
                    "Card(s) exposed during the deal",
                    "Kaart(en) omgedraaid tijdens het delen",
                    "Carte(s) retournée(s) pendant la donne",
                ),
                "see_exposed",
            ),
            opt(
                "face_up",
                t(
                    "Card(s) found face up in the deck",
                    "Open kaart(en) in de stapel",
                    "Carte(s) face visible dans le talon",
                ),
                "see_face_up",
            ),
            opt(
                "missing",
                t(
                    "Cards missing from the deck",
                    "Ontbrekende kaarten in het kaartspel",
                    "Cartes manquantes dans le paquet",
                ),
                "see_missing",
            ),
            opt(
                "fouled",
                t(
                    "The deck is fouled (wrong or duplicate cards)",
                    "Het kaartspel is ongeldig (vreemde of dubbele kaarten)",
                    "Le paquet est invalide (cartes étrangères ou en double)",
                ),
                "contributions",
            ),
        ],
    )
    .yes_no("substantial", substantial_question(), "play_on", "redeal")
    .help(substantial_help())
    .amounts(
        "contributions",
        t(
            "All bets go back, even after substantial action. How many chips did each player put into this hand (blinds and ante included)? One amount per player.",
            "Alle inzetten gaan terug, ook na bindende actie. Hoeveel chips heeft elke speler in deze hand gestoken (blinds en ante inbegrepen)? Eén bedrag per speler.",
            "Toutes les mises sont rendues, même après une action substantielle. Combien de jetons chaque joueur a-t-il mis dans ce coup (blindes et ante compris) ? Un montant par joueur.",
        ),
        "fouled_deck",
    )
    .ruling(
        "redeal",
        "TDA 35",
        t(
            "Misdeal. Gather the cards and deal again in the original order: the button and the blinds stay where they were. Players serving a penalty are dealt in as well; a misdeal always counts as one round.",
            "Misdeal. Verzamel de kaarten en deel opnieuw in de oorspronkelijke volgorde: de button en de blinds blijven waar ze waren. Spelers die een straf uitzitten, worden ook ingedeeld; een misdeal telt altijd als één spelronde.",
            "Fausse donne. Rassemblez les cartes et redistribuez dans l'ordre d'origine : le bouton et les blindes restent à leur place. Les joueurs qui purgent une pénalité reçoivent aussi des cartes ; une fausse donne compte toujours pour un tour de jeu.",
        ),
        vec![RulingAction::Misdeal],
    )
    .ruling(
        "play_on",
        "TDA 35, TDA 36",
        t(
            "No misdeal: there has been substantial action, so the hand is played on. A seat without a proper hand has no live hand; for a hand with too few cards see TDA 37 and 38.",
            "Geen misdeal: er is bindende actie geweest, dus de hand wordt doorgespeeld. Een plaats zonder geldige hand heeft geen levende hand; voor een hand met te weinig kaarten, zie TDA 37 en 38.",
            "Pas de fausse donne : il y a eu une action substantielle, le coup continue donc. Un siège sans main valable n'a pas de main vivante ; pour une main avec trop peu de cartes, voir TDA 37 et 38.",
        ),
        vec![RulingAction::DealOn],
    )
    .ruling(
        "see_exposed",
        "PKR4U 7, TDA 35",
        t(
            "The club rule PKR4U 7 decides: two exposed cards, or one of the first two cards of the deal, is a misdeal; any other exposed card is replaced and the deal goes on. Open \"Card exposed during the deal\".",
            "De clubregel PKR4U 7 beslist: 2 omgedraaide kaarten, of een van de eerste 2 kaarten van de deal, is een misdeal; een andere omgedraaide kaart wordt vervangen en de deal gaat door. Open \"Kaart omgedraaid tijdens het delen\".",
            "La règle du club PKR4U 7 s'applique : deux cartes retournées, ou l'une des deux premières cartes de la donne, font une fausse donne ; toute autre carte retournée est remplacée et la donne continue. Ouvrez « Carte retournée pendant la donne ».",
        ),
        vec![see("exposed_card_deal")],
    )
    .ruling(
        "see_face_up",
        "PKR4U 22",
        t(
            "The club rule PKR4U 22 decides: face-up cards in the deck are set aside and the deal goes on; a misdeal only if not enough face-down cards remain. Open \"Card(s) face up in the deck\".",
            "De clubregel PKR4U 22 beslist: open kaarten in de stapel worden opzij gelegd en de deal gaat door; enkel een misdeal als er niet genoeg gedekte kaarten overblijven. Open \"Open kaart(en) in de stapel\".",
            "La règle du club PKR4U 22 s'applique : les cartes visibles dans le talon sont mises de côté et la donne continue ; fausse donne seulement s'il ne reste pas assez de cartes face cachée. Ouvrez « Carte(s) face visible dans le talon ».",
        ),
        vec![see("face_up_in_deck")],
    )
    .ruling(
        "see_missing",
        "PKR4U 21",
        t(
            "The club rule PKR4U 21 decides: a misdeal if found before the pot before the turn was made, otherwise the hand plays to the end. Open \"Cards missing from the deck\".",
            "De clubregel PKR4U 21 beslist: een misdeal als het ontdekt wordt voordat de pre-turn pot gemaakt is, anders gaat de hand door tot het einde. Open \"Ontbrekende kaarten in het kaartspel\".",
            "La règle du club PKR4U 21 s'applique : fausse donne si on le découvre avant la constitution du pot d'avant la turn, sinon le coup va jusqu'au bout. Ouvrez « Cartes manquantes dans le paquet ».",
        ),
        vec![see("incomplete_deck")],
    )
    .calculated(
        "fouled_deck",
        fouled,
        vec![outcome(
            "fouled_deck",
            "TDA 35",
            t(
                "Fouled deck: the hand is void and all bets are returned, even after substantial action: {refunds} (total {total}). Replace the deck and deal again; earlier hands stand.",
                "Ongeldig kaartspel: de hand is ongeldig en alle inzetten worden teruggegeven, ook na bindende actie: {refunds} (totaal {total}). Vervang het kaartspel en deel opnieuw; eerder gespeelde handen blijven gelden.",
                "Paquet invalide : le coup est nul et toutes les mises sont rendues, même après une action substantielle : {refunds} (total {total}). Remplacez le paquet et redistribuez ; les coups précédents restent acquis.",
            ),
        )],
    )
    .build()
}

fn fouled(a: &Answers<'_>) -> Result<Computed, RulingError> {
    Ok(void_hand(a, "contributions", "fouled_deck")?.action(RulingAction::Misdeal))
}

/// TDA 37 (seed 001): "Een speler op de button met te weinig kaarten moet dit direct melden.
/// Zelfs wanneer er bindende actie is geweest. De button zal dan alsnog zijn tweede kaart
/// krijgen. Wanneer de button een actie maakt met één kaart dan wordt de hand doodverklaard."
pub(crate) fn button_too_few_cards() -> Flow {
    FlowBuilder::new(
        "button_too_few_cards",
        15,
        "TDA 37",
        t(
            "Button with too few cards",
            "Button met te weinig kaarten",
            "Bouton avec trop peu de cartes",
        ),
        "acted",
    )
    .yes_no(
        "acted",
        t(
            "The player on the button has only one card. Have they already acted with it?",
            "De speler op de button heeft maar één kaart. Heeft hij daarmee al een actie gedaan?",
            "Le joueur au bouton n'a qu'une carte. A-t-il déjà agi avec elle ?",
        ),
        "dead",
        "second_card",
    )
    .ruling(
        "second_card",
        "TDA 37",
        t(
            "The button must report it at once, and still gets their second card, even after substantial action: deal them the next card of the deck.",
            "De button moet dit direct melden en krijgt alsnog zijn tweede kaart, zelfs als er al bindende actie is geweest: geef hem de volgende kaart van de stapel.",
            "Le bouton doit le signaler immédiatement et reçoit quand même sa deuxième carte, même après une action substantielle : donnez-lui la carte suivante du paquet.",
        ),
        vec![RulingAction::DealOn],
    )
    .ruling(
        "dead",
        "TDA 37",
        t(
            "The button acted with one card: the hand is dead.",
            "De button deed een actie met één kaart: de hand is dood.",
            "Le bouton a agi avec une seule carte : la main est morte.",
        ),
        vec![RulingAction::HandDead],
    )
    .build()
}

/// TDA 36 and TDA 38 (seed 001): "Wanneer er een bindende actie heeft plaatsgevonden en er een
/// hand wordt doodverklaard doordat die te weinig kaarten heeft ontvangen, dan wordt deze hand
/// gemuckt en wordt er verder gespeeld als een normaal deck."
pub(crate) fn too_few_cards() -> Flow {
    FlowBuilder::new(
        "too_few_cards",
        15,
        "TDA 36, TDA 38",
        t(
            "A hand with too few cards",
            "Een hand met te weinig kaarten",
            "Une main avec trop peu de cartes",
        ),
        "substantial",
    )
    .yes_no("substantial", substantial_question(), "is_button", "misdeal")
    .help(substantial_help())
    .yes_no(
        "is_button",
        t(
            "Is the player with too few cards on the button?",
            "Zit de speler met te weinig kaarten op de button?",
            "Le joueur qui a trop peu de cartes est-il au bouton ?",
        ),
        "button",
        "dead",
    )
    .ruling(
        "misdeal",
        "TDA 35, TDA 36",
        t(
            "Misdeal: there has been no substantial action yet. Gather the cards and deal again with the same button and blinds.",
            "Misdeal: er is nog geen bindende actie geweest. Verzamel de kaarten en deel opnieuw met dezelfde button en blinds.",
            "Fausse donne : il n'y a pas encore eu d'action substantielle. Rassemblez les cartes et redistribuez avec le même bouton et les mêmes blindes.",
        ),
        vec![RulingAction::Misdeal],
    )
    .ruling(
        "button",
        "TDA 37",
        t(
            "The button is the exception: it still gets its second card after substantial action, unless it already acted with one card (then the hand is dead). Open \"Button with too few cards\".",
            "De button is de uitzondering: hij krijgt na bindende actie alsnog zijn tweede kaart, tenzij hij al een actie deed met één kaart (dan is de hand dood). Open \"Button met te weinig kaarten\".",
            "Le bouton est l'exception : il reçoit quand même sa deuxième carte après une action substantielle, sauf s'il a déjà agi avec une seule carte (la main est alors morte). Ouvrez « Bouton avec trop peu de cartes ».",
        ),
        vec![see("button_too_few_cards")],
    )
    .ruling(
        "dead",
        "TDA 38",
        t(
            "After substantial action the hand with too few cards is dead: muck it and play on with the deck as normal. The burn card protects the deck, not the order of the cards: burn one card before each of the flop, the turn and the river.",
            "Na bindende actie is de hand met te weinig kaarten dood: muck ze en speel verder met het kaartspel zoals normaal. De burn-kaart beschermt het kaartspel, niet de volgorde van de kaarten: verbrand één kaart voor de flop, de turn en de river.",
            "Après une action substantielle, la main qui a trop peu de cartes est morte : elle va au muck et on continue avec le paquet normalement. La carte brûlée protège le paquet, pas l'ordre des cartes : brûlez une carte avant le flop, la turn et la river.",
        ),
        vec![RulingAction::HandDead, RulingAction::DealOn],
    )
    .build()
}

/// TDA 34 (seed 001): "Tijdens heads up spel ... wordt de button altijd de kleine blind en zal
/// de andere spelers de eerste kaart krijgen. De button krijgt altijd de laatste kaart. Een
/// speler kan nooit twee keer een grote blind zijn".
pub(crate) fn heads_up_button() -> Flow {
    FlowBuilder::new(
        "heads_up_button",
        15,
        "TDA 34",
        t(
            "Button when heads-up",
            "Button bij heads-up",
            "Bouton en tête-à-tête",
        ),
        "twice",
    )
    .yes_no(
        "twice",
        t(
            "Going heads-up: would the player who was big blind in the last hand be big blind again?",
            "Naar heads-up: zou de speler die in de vorige hand big blind was, opnieuw big blind zijn?",
            "Passage en tête-à-tête : le joueur qui était grosse blinde au coup précédent serait-il de nouveau grosse blinde ?",
        ),
        "adjust",
        "standard",
    )
    .ruling(
        "standard",
        "TDA 34",
        t(
            "Heads-up the button is the small blind and the other player the big blind. The other player gets the first card and the button the last. Before the flop the button acts first; after the flop, last.",
            "Bij heads-up is de button de small blind en de andere speler de big blind. De andere speler krijgt de eerste kaart en de button de laatste. Voor de flop spreekt de button eerst, na de flop als laatste.",
            "En tête-à-tête, le bouton est la petite blinde et l'autre joueur la grosse blinde. L'autre joueur reçoit la première carte et le bouton la dernière. Avant le flop, le bouton parle en premier ; après le flop, en dernier.",
        ),
        vec![RulingAction::Info],
    )
    .ruling(
        "adjust",
        "TDA 34",
        t(
            "Nobody is big blind twice in a row: move the button so that the player who was big blind gets the button (small blind) and the other player posts the big blind.",
            "Niemand is twee keer na elkaar big blind: leg de button zo dat de speler die big blind was de button (small blind) krijgt en de andere speler de big blind betaalt.",
            "Personne n'est grosse blinde deux fois de suite : placez le bouton de sorte que le joueur qui était grosse blinde ait le bouton (petite blinde) et que l'autre joueur paie la grosse blinde.",
        ),
        vec![RulingAction::Info],
    )
    .build()
}

/// TDA 6 (seed 000): "Als de small blind uit het toernooi vliegt, zou hij de volgende hand de
/// button moeten krijgen. Nu wordt de button dus voor de lege stoel geplaatst"; TDA 32 (seed
/// 001): the button or the small blind may have no player; TDA 32 (2004) and FIDPA: no cards
/// for a newcomer seated between the small blind and the button.
pub(crate) fn dead_button() -> Flow {
    FlowBuilder::new(
        "dead_button",
        15,
        "TDA 6, TDA 32",
        t(
            "Dead button and dead small blind",
            "Dode button en dode small blind",
            "Bouton mort et petite blinde morte",
        ),
        "change",
    )
    .choice(
        "change",
        t(
            "What changed at the table since the last hand?",
            "Wat veranderde er aan tafel sinds de vorige hand?",
            "Qu'est-ce qui a changé à la table depuis le coup précédent ?",
        ),
        vec![
            opt(
                "small_blind_left",
                t(
                    "The small blind of the last hand left (busted or moved)",
                    "De small blind van de vorige hand is weg (uitgeschakeld of verplaatst)",
                    "La petite blinde du coup précédent est partie (éliminée ou déplacée)",
                ),
                "dead_button",
            ),
            opt(
                "big_blind_left",
                t(
                    "The big blind of the last hand left",
                    "De big blind van de vorige hand is weg",
                    "La grosse blinde du coup précédent est partie",
                ),
                "dead_small_blind",
            ),
            opt(
                "newcomer",
                t(
                    "A new player sat down",
                    "Er kwam een nieuwe speler bij",
                    "Un nouveau joueur s'est assis",
                ),
                "newcomer",
            ),
        ],
    )
    .ruling(
        "dead_button",
        "TDA 6, TDA 32",
        t(
            "Dead button: the button is placed in front of the empty seat of the player who left; the last big blind posts the small blind and the next player the big blind. Everyone paying the big blind in turn matters more than how often one has the button.",
            "Dode button: de button wordt voor de lege stoel gelegd van de speler die weg is; de vorige big blind betaalt de small blind en de volgende speler de big blind. Dat iedereen op zijn beurt de big blind betaalt, is belangrijker dan hoe vaak iemand de button heeft.",
            "Bouton mort : le bouton est placé devant le siège vide du joueur parti ; la grosse blinde précédente paie la petite blinde et le joueur suivant la grosse blinde. Que chacun paie la grosse blinde à son tour compte plus que le nombre de fois où l'on a le bouton.",
        ),
        vec![RulingAction::Info],
    )
    .ruling(
        "dead_small_blind",
        "TDA 32",
        t(
            "Dead small blind: the big blind moves on one player as always; the seat that would post the small blind is empty, so nobody posts it. The button moves to the last small blind.",
            "Dode small blind: de big blind schuift zoals altijd één speler door; de plaats die de small blind zou betalen is leeg, dus niemand betaalt hem. De button gaat naar de vorige small blind.",
            "Petite blinde morte : la grosse blinde avance d'un joueur comme toujours ; le siège qui paierait la petite blinde est vide, personne ne la paie donc. Le bouton passe à la petite blinde précédente.",
        ),
        vec![RulingAction::Info],
    )
    .ruling(
        "newcomer",
        "TDA 32 (2004), FIDPA",
        t(
            "A new player takes on the duties of their seat at once (big blind, small blind or button), except between the small blind and the button: there they get no cards until the button has passed them.",
            "Een nieuwe speler neemt meteen de plichten van zijn plaats op zich (big blind, small blind of button), behalve tussen de small blind en de button: daar krijgt hij geen kaarten tot de button hem voorbij is.",
            "Un nouveau joueur assume immédiatement les obligations de son siège (grosse blinde, petite blinde ou bouton), sauf entre la petite blinde et le bouton : là, il ne reçoit pas de cartes tant que le bouton ne l'a pas dépassé.",
        ),
        vec![RulingAction::Info],
    )
    .build()
}
