//! How a buy-in was paid and how the payment splits (prize pool, house fee, bounty), as
//! recorded at the desk and refunded as it was paid.

use crate::model::money::Cents;
use serde::{Deserialize, Serialize};

/// How a buy-in was paid (PKR4U 14: recorded at the desk).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum PaymentMethod {
    #[serde(rename = "cash")]
    Cash,
    #[serde(rename = "card")]
    Card,
    #[serde(rename = "transfer")]
    Transfer,
    #[serde(rename = "voucher")]
    Voucher,
}

impl PaymentMethod {
    /// Every method the desk takes, in the order the desk offers them.
    pub const ALL: [PaymentMethod; 4] = [
        PaymentMethod::Cash,
        PaymentMethod::Card,
        PaymentMethod::Transfer,
        PaymentMethod::Voucher,
    ];

    /// The method's stable code, as stored and sent (`cash`, `card`, `transfer`, `voucher`).
    pub fn code(self) -> &'static str {
        match self {
            PaymentMethod::Cash => "cash",
            PaymentMethod::Card => "card",
            PaymentMethod::Transfer => "transfer",
            PaymentMethod::Voucher => "voucher",
        }
    }

    /// The method with this code.
    pub fn from_code(code: &str) -> Option<PaymentMethod> {
        PaymentMethod::ALL.into_iter().find(|m| m.code() == code)
    }
}

/// One payment for one entry, split as the configuration says.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Payment {
    pub method: PaymentMethod,
    pub prize_part: Cents,
    pub house_fee: Cents,
    pub bounty_part: Cents,
}

impl Payment {
    /// What the player paid in total.
    pub fn total(&self) -> Cents {
        self.prize_part + self.house_fee + self.bounty_part
    }
}
