//! The data of the guided rulings: a [`Flow`] is a decision tree written as data (questions
//! that branch, and leaves that rule), every text in English, Dutch and French (from the
//! catalogue in `locales/rulings/`, see [`crate::texts`]), every leaf with the rule it rests
//! on. The engine walks these trees; it never needs to know a situation. The
//! serde types here ([`Answer`], [`Question`], [`Ruling`], [`RulingAction`], [`Value`]) are
//! what a page sends and what the incident log stores, with explicit serde names that are never
//! renamed.

use super::error::RulingError;
pub use crate::model::incident::{Answer, AnswerType};
use crate::model::money::Chips;
use crate::rulings::calculators::{ActionRuling, Settlement};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The largest chip amount a question accepts (a trillion chips): far above any stack, and low
/// enough that sums of a table's amounts can never overflow.
pub const MAX_AMOUNT: Chips = Chips(1_000_000_000_000);

/// The most players a question about a table accepts (a full ten-handed table).
pub const MAX_PLAYERS: usize = 10;

/// The fewest players a question about a hand accepts.
pub const MIN_PLAYERS: usize = 2;

/// A text in the club's three languages: Dutch (the club's), French (for Belgian players) and
/// English. Every flow text comes from the rulings' catalogue ([`Text::of`]); a page or the
/// API gets all three and shows the reader's.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Text {
    /// English.
    pub en: String,
    /// Dutch.
    pub nl: String,
    /// French.
    pub fr: String,
}

impl Text {
    /// A text from its three translations.
    pub fn new(en: &str, nl: &str, fr: &str) -> Text {
        Text {
            en: en.to_string(),
            nl: nl.to_string(),
            fr: fr.to_string(),
        }
    }

    /// The catalogue's text for `key` (see [`crate::texts::ruling`]). A key the catalogue
    /// lacks reads as itself in every language, so a slip shows on the page instead of an
    /// empty line; the flows' tests fail on any such key.
    pub fn of(key: &str) -> Text {
        match crate::texts::ruling(key) {
            Some(p) => Text::new(p.en, p.nl, p.fr),
            None => Text::new(key, key, key),
        }
    }

    /// The text in `lang`.
    pub fn get(&self, lang: Lang) -> &str {
        match lang {
            Lang::En => &self.en,
            Lang::Nl => &self.nl,
            Lang::Fr => &self.fr,
        }
    }
}

/// One of the three languages of a [`Text`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum Lang {
    /// English.
    #[serde(rename = "en")]
    En,
    /// Dutch.
    #[serde(rename = "nl")]
    Nl,
    /// French.
    #[serde(rename = "fr")]
    Fr,
}

impl Lang {
    /// The three languages, Dutch first (the club's language).
    pub const ALL: [Lang; 3] = [Lang::Nl, Lang::Fr, Lang::En];
}

// ---------------------------------------------------------------------------------------------
// Flows as data
// ---------------------------------------------------------------------------------------------

/// The id of a node, unique within its flow.
pub type NodeId = &'static str;

/// A guided flow for one self-deal situation: a decision tree (a DAG: branches may meet)
/// starting at `root`.
#[derive(Clone, Debug)]
pub struct Flow {
    /// Stable id, e.g. `"unattention_bet"`; stored with every incident, never renamed.
    pub id: &'static str,
    /// The situation group of SPEC §5 (1 to 15).
    pub group: u8,
    /// What the situation is called.
    pub title: Text,
    /// The rule(s) the flow rests on, e.g. `"PKR4U 2"`.
    pub rule: &'static str,
    /// The first node (always a question).
    pub root: NodeId,
    /// Every node of the tree, in reading order.
    pub nodes: Vec<FlowNode>,
}

impl Flow {
    /// The node with id `id`, if the flow has one.
    pub fn node(&self, id: &str) -> Option<&Node> {
        self.nodes.iter().find(|n| n.id == id).map(|n| &n.node)
    }

    /// Every ruling id this flow can end on: its fixed leaves and the outcomes of its
    /// calculated leaves.
    pub fn leaf_ids(&self) -> Vec<&'static str> {
        let mut ids = Vec::new();
        for n in &self.nodes {
            match &n.node {
                Node::Question(_) => {}
                Node::Ruling(_) => ids.push(n.id),
                Node::Calculated(c) => ids.extend(c.outcomes.iter().map(|o| o.id)),
            }
        }
        ids
    }
}

/// A node with its id.
#[derive(Clone, Debug)]
pub struct FlowNode {
    /// The node's id.
    pub id: NodeId,
    /// The node.
    pub node: Node,
}

/// A node of a flow: a question, a fixed ruling, or a ruling computed from the answers.
#[derive(Clone, Debug)]
pub enum Node {
    /// A question that leads on.
    Question(QuestionNode),
    /// A fixed ruling.
    Ruling(RulingLeaf),
    /// A ruling that a calculator works out from the answers.
    Calculated(CalculatedLeaf),
}

/// A question in a flow.
#[derive(Clone, Debug)]
pub struct QuestionNode {
    /// The question.
    pub text: Text,
    /// An explanation shown under the question, if any.
    pub help: Option<Text>,
    /// What kind of answer it takes and where each answer leads.
    pub ask: Ask,
    /// A check of the answer against the answers before it (see [`CheckFn`]), if any.
    pub check: Option<CheckFn>,
    /// The answer the earlier ones already give, if any (see [`ImpliedFn`]).
    pub implied: Option<ImpliedFn>,
}

/// Checks the answer just given against the ones before it (`Answers` holds them all, the new
/// one last), so that an amount the flow's calculator would refuse whatever comes next is
/// refused at its own question ("more in front than the bet" as soon as it is typed, not
/// three questions later). It refuses only what the calculator refuses, with the same
/// [`CalcError`](super::calculators::CalcError); the calculator still checks everything.
pub type CheckFn = fn(&Answers<'_>) -> Result<(), RulingError>;

/// The only answer a question can have after the answers before it, if there is one: the walk
/// then gives it by itself and goes on, so nobody is asked a question with one right answer
/// ("chips in front?" after an opening bet: nobody has any). The answer is kept with the others
/// (`FlowState::answers`), but not in the answers a page sends: [`replay`](super::replay)
/// gives it again, and skips it where an older incident's answers hold it (the question was
/// asked before it was implied).
pub type ImpliedFn = fn(&Answers<'_>) -> Option<Answer>;

/// The kind of answer a question takes, with the node each answer leads to.
#[derive(Clone, Debug)]
pub enum Ask {
    /// Yes or no.
    YesNo {
        /// Where "yes" leads.
        yes: NodeId,
        /// Where "no" leads.
        no: NodeId,
    },
    /// One of several options.
    Choice {
        /// The options, answered by index.
        options: Vec<Opt>,
    },
    /// A number of chips, at least `min` (and at most [`MAX_AMOUNT`]).
    Amount {
        /// The smallest amount accepted.
        min: Chips,
        /// Where the answer leads.
        next: NodeId,
    },
    /// One chip amount per player (0 to [`MAX_AMOUNT`] each).
    Amounts {
        /// Where the answer leads.
        next: NodeId,
    },
    /// A whole number that is not chips (players, hands), from `min` to `max`.
    Count {
        /// The smallest number accepted.
        min: i64,
        /// The largest number accepted.
        max: i64,
        /// Where the answer leads.
        next: NodeId,
    },
    /// One whole number per player (chips of one colour, say), 0 to `max` each.
    Counts {
        /// The largest number accepted for one player.
        max: i64,
        /// Where the answer leads.
        next: NodeId,
    },
}

/// An option of a choice question.
#[derive(Clone, Debug)]
pub struct Opt {
    /// Stable id of the option, recorded with the answer.
    pub id: &'static str,
    /// What the option says.
    pub text: Text,
    /// Where it leads.
    pub next: NodeId,
}

/// A fixed ruling.
#[derive(Clone, Debug)]
pub struct RulingLeaf {
    /// The rule(s) it rests on, e.g. `"PKR4U 7, TDA 35"`.
    pub rule: &'static str,
    /// The ruling in plain words.
    pub text: Text,
    /// What the ruling implies.
    pub actions: Vec<RulingAction>,
}

/// A function that works a ruling out from the answers so far (see [`Computed`]).
pub type CalcFn = fn(&Answers<'_>) -> Result<Computed, RulingError>;

/// A ruling computed from the answers: the calculator picks one of `outcomes` and supplies
/// the amounts that fill in its text.
#[derive(Clone, Debug)]
pub struct CalculatedLeaf {
    /// The calculation.
    pub calc: CalcFn,
    /// Every ruling the calculation can give.
    pub outcomes: Vec<Outcome>,
}

/// One ruling a calculated leaf can give; `{name}` in its text is replaced by the value the
/// calculation returns under that name, written the way each language writes numbers.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// Id of the ruling, unique within the flow.
    pub id: &'static str,
    /// The rule(s) it rests on.
    pub rule: &'static str,
    /// The ruling's text, with `{name}` placeholders.
    pub text: Text,
}

/// What a calculation returns: which outcome, the amounts, and the actions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Computed {
    /// The id of the [`Outcome`].
    pub outcome: &'static str,
    /// Overrides the outcome's rule when the calculator names the rules itself.
    pub rule: Option<String>,
    /// The amounts, by placeholder name.
    pub values: BTreeMap<&'static str, Value>,
    /// What the ruling implies.
    pub actions: Vec<RulingAction>,
}

impl Computed {
    /// An outcome with no amounts yet.
    pub fn new(outcome: &'static str) -> Computed {
        Computed {
            outcome,
            rule: None,
            values: BTreeMap::new(),
            actions: Vec::new(),
        }
    }

    /// Adds a value under `name`.
    pub fn with(mut self, name: &'static str, value: Value) -> Computed {
        self.values.insert(name, value);
        self
    }

    /// Adds an action.
    pub fn action(mut self, action: RulingAction) -> Computed {
        self.actions.push(action);
        self
    }
}

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

impl Ask {
    /// The type of answer this question takes.
    pub fn answer_type(&self) -> AnswerType {
        match self {
            Ask::YesNo { .. } => AnswerType::YesNo,
            Ask::Choice { .. } => AnswerType::Choice,
            Ask::Amount { .. } => AnswerType::Amount,
            Ask::Amounts { .. } => AnswerType::Amounts,
            Ask::Count { .. } => AnswerType::Count,
            Ask::Counts { .. } => AnswerType::Counts,
        }
    }
}

/// An answer given, as the incident log keeps it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct GivenAnswer {
    /// The id of the question answered.
    pub question: String,
    /// The answer.
    pub answer: Answer,
    /// For a choice, the id of the option chosen (readable in the log).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub option: Option<String>,
}

/// Typed access to the answers so far, for calculations. A calculation asks only for answers
/// on its own path; a missing or mistyped one is a [`RulingError::BadState`], never a panic.
#[derive(Clone, Copy, Debug)]
pub struct Answers<'a> {
    given: &'a [GivenAnswer],
}

impl<'a> Answers<'a> {
    /// Wraps the answers given so far.
    pub fn new(given: &'a [GivenAnswer]) -> Answers<'a> {
        Answers { given }
    }

    /// The latest answer to question `id`.
    pub fn get(&self, id: &str) -> Option<&'a Answer> {
        self.given
            .iter()
            .rev()
            .find(|g| g.question == id)
            .map(|g| &g.answer)
    }

    fn missing(id: &str) -> RulingError {
        RulingError::BadState {
            reason: format!("no usable answer to `{id}`"),
        }
    }

    /// The yes/no answer to `id`.
    pub fn yes(&self, id: &str) -> Result<bool, RulingError> {
        match self.get(id) {
            Some(Answer::YesNo(b)) => Ok(*b),
            _ => Err(Self::missing(id)),
        }
    }

    /// The yes/no answer to `id`, or `default` when it was not asked on this path.
    pub fn yes_or(&self, id: &str, default: bool) -> bool {
        self.yes(id).unwrap_or(default)
    }

    /// The option index chosen for `id`.
    pub fn choice(&self, id: &str) -> Result<usize, RulingError> {
        match self.get(id) {
            Some(Answer::Choice(i)) => Ok(*i),
            _ => Err(Self::missing(id)),
        }
    }

    /// The chip amount answered to `id`.
    pub fn amount(&self, id: &str) -> Result<Chips, RulingError> {
        match self.get(id) {
            Some(Answer::Amount(a)) => Ok(*a),
            _ => Err(Self::missing(id)),
        }
    }

    /// The chip amount answered to `id`, or `default` when it was not asked on this path.
    pub fn amount_or(&self, id: &str, default: Chips) -> Chips {
        self.amount(id).unwrap_or(default)
    }

    /// The whole number answered to `id`.
    pub fn count(&self, id: &str) -> Result<i64, RulingError> {
        match self.get(id) {
            Some(Answer::Count(n)) => Ok(*n),
            _ => Err(Self::missing(id)),
        }
    }

    /// The chip amounts per player answered to `id`.
    pub fn amounts(&self, id: &str) -> Result<&'a [Chips], RulingError> {
        match self.get(id) {
            Some(Answer::Amounts(list)) => Ok(list),
            _ => Err(Self::missing(id)),
        }
    }

    /// The whole numbers per player answered to `id`.
    pub fn counts(&self, id: &str) -> Result<&'a [i64], RulingError> {
        match self.get(id) {
            Some(Answer::Counts(list)) => Ok(list),
            _ => Err(Self::missing(id)),
        }
    }
}

// ---------------------------------------------------------------------------------------------
// What a page sees
// ---------------------------------------------------------------------------------------------

/// The question to answer next, as a page shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Question {
    /// The question's id (recorded with the answer).
    pub id: String,
    /// The question.
    pub text: Text,
    /// An explanation, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub help: Option<Text>,
    /// The answer it takes.
    pub kind: QuestionKind,
}

/// The answer a question takes, with its limits.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(tag = "type")]
pub enum QuestionKind {
    /// Yes or no ([`Answer::YesNo`]).
    #[serde(rename = "yes_no")]
    YesNo,
    /// One of the options, by index ([`Answer::Choice`]).
    #[serde(rename = "choice")]
    Choice {
        /// The options.
        options: Vec<ChoiceOption>,
    },
    /// Chips, from `min` to `max` ([`Answer::Amount`]).
    #[serde(rename = "amount")]
    Amount {
        /// The smallest amount accepted.
        min: Chips,
        /// The largest amount accepted.
        max: Chips,
    },
    /// Chips per player, `min_players` to `max_players` entries of 0 to `max`
    /// ([`Answer::Amounts`]).
    #[serde(rename = "amounts")]
    Amounts {
        /// The fewest players.
        min_players: usize,
        /// The most players.
        max_players: usize,
        /// The largest amount for one player.
        max: Chips,
    },
    /// A whole number from `min` to `max` ([`Answer::Count`]).
    #[serde(rename = "count")]
    Count {
        /// The smallest number accepted.
        min: i64,
        /// The largest number accepted.
        max: i64,
    },
    /// A whole number per player, `min_players` to `max_players` entries of 0 to `max`
    /// ([`Answer::Counts`]).
    #[serde(rename = "counts")]
    Counts {
        /// The fewest players.
        min_players: usize,
        /// The most players.
        max_players: usize,
        /// The largest number for one player.
        max: i64,
    },
}

/// An option as a page shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ChoiceOption {
    /// Stable id of the option.
    pub id: String,
    /// What it says.
    pub text: Text,
}

/// The final ruling of a flow.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Ruling {
    /// Id of the leaf reached (unique within the flow).
    pub leaf: String,
    /// The rule(s) it rests on, e.g. `"PKR4U 7, TDA 35"`.
    pub rule: String,
    /// The ruling in plain words, amounts filled in.
    pub text: Text,
    /// What the ruling implies.
    pub actions: Vec<RulingAction>,
    /// The amounts the calculator worked out, by name (empty for a fixed ruling).
    #[serde(default)]
    pub amounts: BTreeMap<String, Value>,
}

/// An amount in a computed ruling.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(tag = "type", content = "value")]
pub enum Value {
    /// Chips.
    #[serde(rename = "chips")]
    Chips(Chips),
    /// A whole number.
    #[serde(rename = "count")]
    Count(i64),
    /// Chips per player, in the order the players were entered.
    #[serde(rename = "chips_per_player")]
    ChipsPerPlayer(Vec<Chips>),
    /// A whole number per player, in the order the players were entered.
    #[serde(rename = "counts_per_player")]
    CountsPerPlayer(Vec<i64>),
    /// Chips a player adds or takes back.
    #[serde(rename = "chip_move")]
    Move(ChipMove),
}

/// A player's chips once a ruling is carried out: the total in front and what moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ChipMove {
    /// The player's total in front this betting round afterwards.
    pub total_in_front: Chips,
    /// Chips the player adds to what they put in.
    pub must_add: Chips,
    /// Chips the player takes back.
    pub take_back: Chips,
}

impl From<Settlement> for ChipMove {
    fn from(s: Settlement) -> ChipMove {
        ChipMove {
            total_in_front: s.total_in_front,
            must_add: s.must_add,
            take_back: s.take_back,
        }
    }
}

impl From<&ActionRuling> for ChipMove {
    fn from(r: &ActionRuling) -> ChipMove {
        ChipMove {
            total_in_front: r.total_in_front,
            must_add: r.must_add,
            take_back: r.take_back,
        }
    }
}

/// A sanction: the tournament's own penalty type (PKR4U 4, 10; TDA 33 (2004)), so a ruling's
/// penalty is handed to the penalty command as it is.
pub use crate::model::state::PenaltyKind;

/// What a ruling implies, for the incident log and the table page.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(tag = "action")]
pub enum RulingAction {
    /// A penalty for the player at fault (PKR4U 4, 10; TDA 33 (2004)).
    #[serde(rename = "penalty")]
    Penalty {
        /// Which penalty.
        kind: PenaltyKind,
    },
    /// The player is disqualified and their chips leave play (TDA 33 (2004)).
    #[serde(rename = "disqualify")]
    Disqualify,
    /// The hand is cancelled: every player gets back what they put in, in the order entered
    /// (PKR4U 30; TDA 35 for a fouled deck).
    #[serde(rename = "void_hand")]
    VoidHand {
        /// Chips back to each player.
        refunds: Vec<Chips>,
    },
    /// Misdeal: the cards are gathered and dealt again, same button and blinds.
    #[serde(rename = "misdeal")]
    Misdeal,
    /// A player's hand is dead (folded or mucked).
    #[serde(rename = "hand_dead")]
    HandDead,
    /// A player's hand stays live.
    #[serde(rename = "hand_live")]
    HandLive,
    /// The deal (or the hand) goes on.
    #[serde(rename = "deal_on")]
    DealOn,
    /// A call stands: the player pays it (PKR4U 2).
    #[serde(rename = "call_stands")]
    CallStands {
        /// The player's chips afterwards.
        chips: ChipMove,
    },
    /// The player chooses between paying the bet they missed and giving up (PKR4U 2).
    #[serde(rename = "player_chooses")]
    PlayerChooses {
        /// Paying the bet they missed (a call).
        pay: ChipMove,
        /// Giving up: these chips stay in the pot and the hand is folded.
        give_up: ChipMove,
        /// The smallest raise over the missed bet, when the player may raise it.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        min_raise_to: Option<Chips>,
    },
    /// The chips put in are settled as ruled (TDA 10, TDA 11, PKR4U 24).
    #[serde(rename = "settle_chips")]
    SettleChips {
        /// The player's chips afterwards.
        chips: ChipMove,
    },
    /// Players who already acted may only call or fold until the bet reaches `released_at`
    /// (PKR4U 27, TDA 38 (2004)).
    #[serde(rename = "call_or_fold_only")]
    CallOrFoldOnly {
        /// The bet that releases the lock.
        released_at: Chips,
    },
    /// The player may raise, to at least `min_raise_to`.
    #[serde(rename = "may_raise")]
    MayRaise {
        /// The smallest total of a raise.
        min_raise_to: Chips,
    },
    /// An action stands as taken.
    #[serde(rename = "action_stands")]
    ActionStands,
    /// An out-of-turn action may be taken back (PKR4U 26).
    #[serde(rename = "action_may_be_taken_back")]
    ActionMayBeTakenBack,
    /// The big blind posts these chips (PKR4U 16, 17).
    #[serde(rename = "post_blind")]
    PostBlind {
        /// Chips to the big blind (live).
        big_blind: Chips,
        /// Chips to the ante (dead).
        ante: Chips,
        /// The posting takes the whole stack.
        all_in: bool,
    },
    /// A chip race is run at the table (TDA 2).
    #[serde(rename = "chip_race")]
    ChipRace {
        /// The chip value that leaves play.
        small: Chips,
        /// The chip value raced for.
        big: Chips,
        /// How many big chips are raced.
        chips_to_race: u32,
    },
    /// The table page runs the clock: `seconds`, then a count of `countdown` seconds (TDA 5).
    #[serde(rename = "start_clock")]
    StartClock {
        /// Seconds to act.
        seconds: u32,
        /// The final count, in seconds.
        countdown: u32,
    },
    /// The TD must come to the table.
    #[serde(rename = "call_td")]
    CallTd,
    /// Another flow decides: open it.
    #[serde(rename = "see_flow")]
    SeeFlow {
        /// The id of the flow to open.
        flow: String,
    },
    /// A procedure to follow; nothing to record beyond the ruling itself.
    #[serde(rename = "info")]
    Info,
}
