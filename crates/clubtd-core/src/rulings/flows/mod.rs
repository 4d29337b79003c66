//! The flows themselves, one file per situation group of SPEC §5 (`g01` … `g15`), and the small
//! builder they are written with. Each flow reads top to bottom like the rule it implements:
//! questions, then the rulings they lead to, each citing its rule; what each says, in three
//! languages, is in `locales/rulings/{en,nl,fr}.json` under the same ids. Rule citations:
//! **PKR4U n** is rule n of the club's self-deal rules (seed 002); **TDA n** is TDA rule n as
//! numbered in seed 000 (rules 1–29, 2004 numbering) or seed 001 (rules 30–39, newer
//! numbering); where the 2004 numbering of rules 30–38 is meant it is written **TDA n (2004)**
//! (TDA 33 (2004): penalties, TDA 38 (2004): incomplete all-in raise), because seed 001 reuses
//! those numbers (TDA 33: dodging blinds, TDA 38: burns after substantial action). **FIDPA** is
//! seed 003.

use super::model::{
    Ask, CalcFn, CalculatedLeaf, CheckFn, Flow, FlowNode, ImpliedFn, Node, NodeId, Opt, Outcome,
    QuestionNode, RulingAction, RulingLeaf, Text, Value,
};
use crate::model::money::Chips;

mod g01_unattention;
mod g02_exposed_card;
mod g03_premature_board;
mod g04_four_card_flop;
mod g05_deck_gathered;
mod g06_incomplete_deck;
mod g07_face_up_in_deck;
mod g08_player_absent;
mod g09_penalties;
mod g10_betting;
mod g11_showdown;
mod g12_short_big_blind;
mod g13_chip_race;
mod g14_clock;
mod g15_dealing;

/// Every flow, in the order of SPEC §5.
pub(crate) fn all() -> Vec<Flow> {
    vec![
        g01_unattention::unattention_bet(),
        g02_exposed_card::exposed_card_deal(),
        g03_premature_board::premature_board_card(),
        g04_four_card_flop::four_card_flop(),
        g05_deck_gathered::deck_gathered(),
        g06_incomplete_deck::incomplete_deck(),
        g07_face_up_in_deck::face_up_in_deck(),
        g08_player_absent::player_absent(),
        g09_penalties::shown_cards(),
        g09_penalties::talking(),
        g10_betting::action_out_of_turn(),
        g10_betting::bet_locking(),
        g10_betting::incomplete_all_in(),
        g10_betting::fifty_percent_rule(),
        g10_betting::single_chip(),
        g11_showdown::showdown_order(),
        g11_showdown::all_in_reveal(),
        g11_showdown::mucked_cards(),
        g11_showdown::end_of_hand(),
        g12_short_big_blind::short_big_blind(),
        g13_chip_race::chip_race(),
        g14_clock::clock_call(),
        g15_dealing::misdeal(),
        g15_dealing::button_too_few_cards(),
        g15_dealing::too_few_cards(),
        g15_dealing::heads_up_button(),
        g15_dealing::dead_button(),
    ]
}

/// An option of a choice question; its text is the catalogue's `<flow>.<question>.<id>`.
pub(crate) fn opt(id: &'static str, next: NodeId) -> Opt {
    Opt {
        id,
        text: Text::default(),
        next,
    }
}

/// An outcome of a calculated leaf; its text is the catalogue's `<flow>.<leaf>.<id>`.
pub(crate) fn outcome(id: &'static str, rule: &'static str) -> Outcome {
    Outcome {
        id,
        rule,
        text: Text::default(),
    }
}

/// A chip value for a computed ruling.
pub(crate) fn chips(c: Chips) -> Value {
    Value::Chips(c)
}

/// Writes a flow node by node, in reading order. The texts come from the rulings' catalogue
/// (`locales/rulings/`), keyed by where they stand in the flow: `<flow>.title`,
/// `<flow>.<node>` for a question or a fixed ruling, `<flow>.<node>.help`,
/// `<flow>.<node>.<option>` and `<flow>.<leaf>.<outcome>`.
pub(crate) struct FlowBuilder {
    flow: Flow,
}

impl FlowBuilder {
    /// A flow with its id, SPEC §5 group, rule and first node.
    pub(crate) fn new(
        id: &'static str,
        group: u8,
        rule: &'static str,
        root: NodeId,
    ) -> FlowBuilder {
        FlowBuilder {
            flow: Flow {
                id,
                group,
                title: Text::of(&format!("{id}.title")),
                rule,
                root,
                nodes: Vec::new(),
            },
        }
    }

    /// The catalogue's text for `key` within this flow.
    fn text(&self, key: &str) -> Text {
        Text::of(&format!("{}.{key}", self.flow.id))
    }

    fn question(mut self, id: NodeId, ask: Ask) -> FlowBuilder {
        let text = self.text(id);
        self.flow.nodes.push(FlowNode {
            id,
            node: Node::Question(QuestionNode {
                text,
                help: None,
                ask,
                check: None,
                implied: None,
            }),
        });
        self
    }

    /// Adds its explanation (`<flow>.<node>.help`) to the question written just before.
    pub(crate) fn help(mut self) -> FlowBuilder {
        let flow_id = self.flow.id;
        if let Some(FlowNode {
            id,
            node: Node::Question(q),
        }) = self.flow.nodes.last_mut()
        {
            q.help = Some(Text::of(&format!("{flow_id}.{id}.help")));
        }
        self
    }

    /// Checks the answer to the question written just before against the answers before it
    /// (see [`CheckFn`]).
    pub(crate) fn checked(mut self, check: CheckFn) -> FlowBuilder {
        if let Some(q) = self.last_question() {
            q.check = Some(check);
        }
        self
    }

    /// Gives the question written just before by itself where the answers before it leave it
    /// only one answer (see [`ImpliedFn`]).
    pub(crate) fn implied(mut self, implied: ImpliedFn) -> FlowBuilder {
        if let Some(q) = self.last_question() {
            q.implied = Some(implied);
        }
        self
    }

    /// The question written just before, if the last node is one.
    fn last_question(&mut self) -> Option<&mut QuestionNode> {
        match self.flow.nodes.last_mut() {
            Some(FlowNode {
                node: Node::Question(q),
                ..
            }) => Some(q),
            _ => None,
        }
    }

    /// A yes/no question.
    pub(crate) fn yes_no(self, id: NodeId, yes: NodeId, no: NodeId) -> FlowBuilder {
        self.question(id, Ask::YesNo { yes, no })
    }

    /// A choice question.
    pub(crate) fn choice(self, id: NodeId, options: Vec<Opt>) -> FlowBuilder {
        let options = options
            .into_iter()
            .map(|o| Opt {
                text: self.text(&format!("{id}.{}", o.id)),
                ..o
            })
            .collect();
        self.question(id, Ask::Choice { options })
    }

    /// A chip amount of at least `min`.
    pub(crate) fn amount(self, id: NodeId, min: i64, next: NodeId) -> FlowBuilder {
        self.question(
            id,
            Ask::Amount {
                min: Chips(min),
                next,
            },
        )
    }

    /// One chip amount per player.
    pub(crate) fn amounts(self, id: NodeId, next: NodeId) -> FlowBuilder {
        self.question(id, Ask::Amounts { next })
    }

    /// A whole number from `min` to `max`.
    pub(crate) fn count(self, id: NodeId, min: i64, max: i64, next: NodeId) -> FlowBuilder {
        self.question(id, Ask::Count { min, max, next })
    }

    /// One whole number (0 to `max`) per player.
    pub(crate) fn counts(self, id: NodeId, max: i64, next: NodeId) -> FlowBuilder {
        self.question(id, Ask::Counts { max, next })
    }

    /// A fixed ruling.
    pub(crate) fn ruling(
        mut self,
        id: NodeId,
        rule: &'static str,
        actions: Vec<RulingAction>,
    ) -> FlowBuilder {
        let text = self.text(id);
        self.flow.nodes.push(FlowNode {
            id,
            node: Node::Ruling(RulingLeaf {
                rule,
                text,
                actions,
            }),
        });
        self
    }

    /// A ruling computed by `calc`, which picks one of `outcomes`.
    pub(crate) fn calculated(
        mut self,
        id: NodeId,
        calc: CalcFn,
        outcomes: Vec<Outcome>,
    ) -> FlowBuilder {
        let outcomes = outcomes
            .into_iter()
            .map(|o| Outcome {
                text: self.text(&format!("{id}.{}", o.id)),
                ..o
            })
            .collect();
        self.flow.nodes.push(FlowNode {
            id,
            node: Node::Calculated(CalculatedLeaf { calc, outcomes }),
        });
        self
    }

    /// The finished flow.
    pub(crate) fn build(self) -> Flow {
        self.flow
    }
}
