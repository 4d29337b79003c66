//! The tournament's settings and its blind structure, read from the stored configuration.
//!
//! The settings (name, buy-in split, stack, entries, late registration, bonus, the payout
//! structure: the fixed table, a share of the field with a minimum cash, or none) change until
//! the clock starts (`change_config`). The structure editor works at any time
//! (`change_structure`): once the clock runs, the levels played and the one in play are
//! locked, because the clock's end time and the hands played rest on them; later levels and
//! breaks change freely. Both forms keep their own draft: live updates from the room never
//! reset what the director is typing, only a save (or "discard") reads the stored one again.

use super::super::club::chip_set::ChipPlan;
use super::super::components::{instant_of_local_input, local_input_value, Answer};
use super::super::live::{command_action, CommandAction, Live};
use crate::domain::command::{ChangeConfig, ChangeStructure, Command};
use crate::domain::config::{
    templates, AddOnRule, Announcements, Bonus, BountyKind, Config, LateRegistration, Level,
    PayoutMode, RebuyRule, TicketKind, TicketPrize, TicketSource,
};
use crate::domain::ids::Timestamp;
use crate::domain::money::{Cents, Chips};
use crate::i18n::*;
use crate::server_fns::{get_config, CommandReply};
use leptos::prelude::*;

/// Where the clock stands, as the editors need it: started, and the level in play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClockPosition {
    pub started: bool,
    pub level_index: usize,
}

/// The settings panel: the configuration form before the start, the structure always.
#[component]
pub fn SettingsPanel(
    live: Live,
    #[prop(into)] clock: Signal<Option<ClockPosition>>,
) -> impl IntoView {
    let i18n = use_i18n();
    let send = command_action(RwSignal::new(None), live.shown());
    let reload = RwSignal::new(0u32);
    // Saved: read the configuration again, so both forms show what is stored.
    Effect::new(move |_| {
        if let Some(Ok(CommandReply::Accepted { .. })) = send.value().get() {
            reload.update(|n| *n += 1);
        }
    });
    // Keyed on the address's choice, not on the view's tournament: the choice is the same on
    // the server and in the browser, so hydration reuses the server's answer instead of
    // fetching again and replacing the forms under the director's first taps.
    let config = Resource::new(
        move || (live.choice.get(), reload.get()),
        |(tournament, _)| get_config(tournament),
    );
    let started = Signal::derive(move || clock.get().is_some_and(|c| c.started));
    let in_play = Signal::derive(move || clock.get().map_or(0, |c| c.level_index));
    view! {
        <details class="panel settings" data-testid="settings">
            <summary>{t!(i18n, settings)}</summary>
            <Answer reply=send.value().into() />
            <Transition fallback=move || view! { <p>{t!(i18n, loading)}</p> }>
                {move || config.get().and_then(Result::ok).flatten().map(|cfg| {
                    let form_cfg = cfg.clone();
                    view! {
                        <AnnouncementsForm cfg=cfg.clone() send />
                        <Show when=move || !started.get()>
                            <ConfigForm cfg=form_cfg.clone() send />
                        </Show>
                        <StructureEditor levels=cfg.levels.clone() started in_play send reload />
                        <ChipPlan levels=cfg.levels.clone() stack=cfg.starting_stack
                            players=u32::try_from(cfg.tables.len()).unwrap_or(0) * u32::from(cfg.table_size) />
                    }
                })}
            </Transition>
        </details>
    }
}

/// The room screen's sounds and spoken announcements, switched at any time (the one setting
/// that touches no rule): each tick sends the stored configuration with the new switches.
#[component]
fn AnnouncementsForm(cfg: Config, send: CommandAction) -> impl IntoView {
    let i18n = use_i18n();
    let stored = StoredValue::new(cfg.clone());
    let switch = move |sounds: Option<bool>, speech: Option<bool>| {
        let mut config = stored.get_value();
        if let Some(on) = sounds {
            config.announcements.sounds = on;
        }
        if let Some(on) = speech {
            config.announcements.speech = on;
        }
        send.dispatch(Command::ChangeConfig(ChangeConfig { config }));
    };
    let Announcements { sounds, speech } = cfg.announcements;
    view! {
        <fieldset class="announcements" data-testid="announcements">
            <legend>{t!(i18n, announce_settings)}</legend>
            <label class="check">
                <input type="checkbox" data-testid="announce-sounds" checked=sounds prop:checked=sounds
                    disabled=move || send.pending().get()
                    on:change=move |ev| switch(Some(event_target_checked(&ev)), None) />
                {t!(i18n, announce_sounds)}
            </label>
            <label class="check">
                <input type="checkbox" data-testid="announce-speech" checked=speech prop:checked=speech
                    disabled=move || send.pending().get()
                    on:change=move |ev| switch(None, Some(event_target_checked(&ev))) />
                {t!(i18n, announce_speech)}
            </label>
        </fieldset>
    }
}

/// The money, stack and window settings, before the start. Every input also carries its
/// stored value as an attribute: the server renders the form, and the page must show the
/// values whether or not hydration applies the bound property.
#[component]
fn ConfigForm(cfg: Config, send: CommandAction) -> impl IntoView {
    let i18n = use_i18n();
    let name = RwSignal::new(cfg.name.clone());
    let prize = RwSignal::new(cfg.prize_part.to_string());
    let fee = RwSignal::new(cfg.house_fee.to_string());
    let bounty = RwSignal::new(cfg.bounty_part.to_string());
    let stack = RwSignal::new(cfg.starting_stack.0.to_string());
    let max_entries = RwSignal::new(cfg.max_entries.map(|m| m.to_string()).unwrap_or_default());
    let field_cap = RwSignal::new(cfg.field_cap.map(|m| m.to_string()).unwrap_or_default());
    let sign_up_cap = RwSignal::new(cfg.sign_up_cap.map(|m| m.to_string()).unwrap_or_default());
    // A time is shown in the tablet's zone, which only the browser knows: filled in after
    // hydration (the server's rendering leaves it blank rather than show another zone).
    let sign_ups_open_at = RwSignal::new(String::new());
    let opens_at = cfg.sign_ups_open_at;
    Effect::new(move |_| {
        if let Some(at) = opens_at {
            sign_ups_open_at.set(local_input_value(at.0));
        }
    });
    let late_level = match cfg.late_registration {
        LateRegistration::UntilLevel { level, .. } => Some(RwSignal::new(level.to_string())),
        LateRegistration::UntilClosed => None,
    };
    let tables_at_start = RwSignal::new(cfg.tables_at_start.to_string());
    let bonus_chips = RwSignal::new(cfg.bonus.map_or(0, |b| b.chips.0).to_string());
    let bonus_level = RwSignal::new(cfg.bonus.map_or(1, |b| b.until_level).to_string());
    let (mode, share, min_cash) = payout_fields(&cfg);
    let payout_mode = RwSignal::new(mode.to_string());
    let guarantee = RwSignal::new(cfg.guarantee.map(|g| g.to_string()).unwrap_or_default());
    let paid_share = RwSignal::new(share);
    let min_cash = RwSignal::new(min_cash);
    let purchases = PurchaseFields::new(&cfg);
    let ticket = TicketFields::new(&cfg);
    let invalid = RwSignal::new(None::<&'static str>);
    let has_bounty = cfg.bounty_kind != BountyKind::None;
    let stored = cfg.clone();
    let save = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        match read_config(
            &stored,
            &ConfigDraft {
                name: name.get_untracked(),
                prize: prize.get_untracked(),
                fee: fee.get_untracked(),
                bounty: bounty.get_untracked(),
                stack: stack.get_untracked(),
                max_entries: max_entries.get_untracked(),
                field_cap: field_cap.get_untracked(),
                sign_ups_open_at: sign_ups_open_at.get_untracked(),
                sign_up_cap: sign_up_cap.get_untracked(),
                late_level: late_level.map(|l| l.get_untracked()),
                tables_at_start: tables_at_start.get_untracked(),
                bonus_chips: bonus_chips.get_untracked(),
                bonus_level: bonus_level.get_untracked(),
                payout_mode: payout_mode.get_untracked(),
                guarantee: guarantee.get_untracked(),
                paid_share: paid_share.get_untracked(),
                min_cash: min_cash.get_untracked(),
                purchases: purchases.draft(),
                ticket: ticket.draft(),
            },
        ) {
            Ok(config) => {
                invalid.set(None);
                send.dispatch(Command::ChangeConfig(ChangeConfig { config }));
            }
            Err(field) => invalid.set(Some(field)),
        }
    };
    let field = move |label: AnyView,
                      value: RwSignal<String>,
                      testid: &'static str,
                      numeric: bool| {
        view! {
            <label>{label}
                <input data-testid=testid inputmode=if numeric { "decimal" } else { "text" }
                    value=value.get_untracked() prop:value=value on:input=move |ev| value.set(event_target_value(&ev)) />
            </label>
        }
    };
    view! {
        <form class="settings-form" data-testid="config-form" on:submit=save>
            <p class="hint">{t!(i18n, settings_before_start)}</p>
            {field(t!(i18n, tournament_name).into_any(), name, "cfg-name", false)}
            {field(t!(i18n, prize_part).into_any(), prize, "cfg-prize", true)}
            {field(t!(i18n, house_fee).into_any(), fee, "cfg-fee", true)}
            {has_bounty.then(|| field(t!(i18n, bounty_part).into_any(), bounty, "cfg-bounty", true))}
            {field(t!(i18n, starting_stack).into_any(), stack, "cfg-stack", true)}
            {field(t!(i18n, max_entries_blank).into_any(), max_entries, "cfg-max-entries", true)}
            {field(t!(i18n, field_cap_blank).into_any(), field_cap, "cfg-field-cap", true)}
            {field(t!(i18n, sign_up_cap_blank).into_any(), sign_up_cap, "cfg-sign-up-cap", true)}
            <label>{t!(i18n, sign_ups_open_at_blank)}
                <input type="datetime-local" data-testid="cfg-sign-ups-open-at"
                    prop:value=sign_ups_open_at on:input=move |ev| sign_ups_open_at.set(event_target_value(&ev)) />
            </label>
            {late_level.map(|l| field(t!(i18n, late_reg_until_level).into_any(), l, "cfg-late-level", true))}
            {field(t!(i18n, tables_at_start).into_any(), tables_at_start, "cfg-tables-at-start", true)}
            {field(t!(i18n, bonus_chips).into_any(), bonus_chips, "cfg-bonus-chips", true)}
            {field(t!(i18n, bonus_until_level).into_any(), bonus_level, "cfg-bonus-level", true)}
            <label>{t!(i18n, payout_structure)}
                <select data-testid="cfg-payout-mode" on:change=move |ev| payout_mode.set(event_target_value(&ev))>
                    <option value="table" selected=move || payout_mode.get() == "table">{t!(i18n, payout_mode_table)}</option>
                    <option value="curve" selected=move || payout_mode.get() == "curve">{t!(i18n, payout_mode_curve)}</option>
                    <option value="none" selected=move || payout_mode.get() == "none">{t!(i18n, payout_mode_none)}</option>
                </select>
            </label>
            {move || (payout_mode.get() == "curve").then(|| view! {
                {field(t!(i18n, payout_paid_share).into_any(), paid_share, "cfg-paid-share", true)}
                {field(t!(i18n, payout_min_cash).into_any(), min_cash, "cfg-min-cash", true)}
            })}
            {move || (payout_mode.get() != "none").then(|| field(t!(i18n, guarantee_blank).into_any(), guarantee, "cfg-guarantee", true))}
            <fieldset class="purchases" data-testid="cfg-purchases">
                <legend>{t!(i18n, rebuys_and_add_on)}</legend>
                {field(t!(i18n, rebuy_until_level_blank).into_any(), purchases.rebuy_level, "cfg-rebuy-level", true)}
                {field(t!(i18n, rebuy_prize_part).into_any(), purchases.rebuy_prize, "cfg-rebuy-prize", true)}
                {field(t!(i18n, rebuy_house_fee).into_any(), purchases.rebuy_fee, "cfg-rebuy-fee", true)}
                {has_bounty.then(|| field(t!(i18n, rebuy_bounty_part).into_any(), purchases.rebuy_bounty, "cfg-rebuy-bounty", true))}
                {field(t!(i18n, rebuy_chips).into_any(), purchases.rebuy_chips, "cfg-rebuy-chips", true)}
                {field(t!(i18n, rebuy_stack_at_most).into_any(), purchases.rebuy_limit, "cfg-rebuy-limit", true)}
                {field(t!(i18n, rebuy_max_blank).into_any(), purchases.rebuy_max, "cfg-rebuy-max", true)}
                <label class="check">
                    <input type="checkbox" data-testid="cfg-rebuy-double" checked=purchases.rebuy_double.get_untracked()
                        prop:checked=purchases.rebuy_double on:change=move |ev| purchases.rebuy_double.set(event_target_checked(&ev)) />
                    {t!(i18n, double_rebuy_allowed)}
                </label>
                <label class="check">
                    <input type="checkbox" data-testid="cfg-rebuy-with-late-reg" checked=purchases.rebuy_with_late.get_untracked()
                        prop:checked=purchases.rebuy_with_late on:change=move |ev| purchases.rebuy_with_late.set(event_target_checked(&ev)) />
                    {t!(i18n, rebuy_with_late_registration)}
                </label>
                {field(t!(i18n, add_on_after_level_blank).into_any(), purchases.add_on_level, "cfg-add-on-level", true)}
                {field(t!(i18n, add_on_prize_part).into_any(), purchases.add_on_prize, "cfg-add-on-prize", true)}
                {field(t!(i18n, add_on_house_fee).into_any(), purchases.add_on_fee, "cfg-add-on-fee", true)}
                {field(t!(i18n, add_on_chips).into_any(), purchases.add_on_chips, "cfg-add-on-chips", true)}
            </fieldset>
            {move || (payout_mode.get() != "none").then(|| view! {
                <fieldset class="tickets" data-testid="cfg-ticket">
                    <legend>{t!(i18n, ticket_prizes)}</legend>
                    {field(t!(i18n, ticket_name_blank).into_any(), ticket.name, "cfg-ticket-name", false)}
                    {field(t!(i18n, ticket_value).into_any(), ticket.value, "cfg-ticket-value", true)}
                    <label>{t!(i18n, ticket_kind)}
                        <select data-testid="cfg-ticket-kind" on:change=move |ev| ticket.kind.set(event_target_value(&ev))>
                            <option value="seat" selected=move || ticket.kind.get() == "seat">{t!(i18n, ticket_seat)}</option>
                            <option value="voucher" selected=move || ticket.kind.get() == "voucher">{t!(i18n, ticket_voucher)}</option>
                        </select>
                    </label>
                    <label>{t!(i18n, ticket_source)}
                        <select data-testid="cfg-ticket-source" on:change=move |ev| ticket.source.set(event_target_value(&ev))>
                            <option value="pool" selected=move || ticket.source.get() == "pool">{t!(i18n, ticket_from_pool)}</option>
                            <option value="house" selected=move || ticket.source.get() == "house">{t!(i18n, ticket_from_house)}</option>
                        </select>
                    </label>
                    {move || (ticket.source.get() == "house").then(|| field(t!(i18n, ticket_places).into_any(), ticket.places, "cfg-ticket-places", true))}
                </fieldset>
            })}
            {move || invalid.get().map(|f| view! { <p class="answer error" role="alert">{t!(i18n, settings_invalid, field = f)}</p> })}
            <button class="primary" type="submit" data-testid="save-config">{t!(i18n, save_settings)}</button>
        </form>
    }
}

/// What the settings form holds, as typed.
struct ConfigDraft {
    name: String,
    prize: String,
    fee: String,
    bounty: String,
    stack: String,
    max_entries: String,
    /// The most players seated at once (the door's waiting list starts there); empty: every
    /// seat of the tables.
    field_cap: String,
    /// When phones may sign up, as the `datetime-local` input holds it; empty: now.
    sign_ups_open_at: String,
    /// The most players signed up (registered and waiting); empty: no cap.
    sign_up_cap: String,
    late_level: Option<String>,
    tables_at_start: String,
    bonus_chips: String,
    bonus_level: String,
    /// `table`, `curve` or `none`.
    payout_mode: String,
    /// The guaranteed prize pool in euros; empty for none.
    guarantee: String,
    /// Places paid as a percentage of the entries (curve only), e.g. `12.5`.
    paid_share: String,
    /// The minimum cash in euros (curve only).
    min_cash: String,
    purchases: PurchaseDraft,
    ticket: TicketDraft,
}

/// The ticket prize as typed: a blank name means the tournament gives none.
#[derive(Clone, Debug)]
struct TicketDraft {
    name: String,
    /// Euros.
    value: String,
    /// `seat` or `voucher`.
    kind: String,
    /// `pool` (a satellite) or `house`.
    source: String,
    /// The places that win one, when the house gives them.
    places: String,
}

impl TicketDraft {
    fn of(cfg: &Config) -> TicketDraft {
        let t = cfg.ticket.as_ref();
        TicketDraft {
            name: t.map(|t| t.name.clone()).unwrap_or_default(),
            value: t.map_or(Cents::ZERO, |t| t.value).to_string(),
            kind: match t.map(|t| t.kind) {
                Some(TicketKind::Voucher) => "voucher",
                _ => "seat",
            }
            .into(),
            source: match t.map(|t| t.source) {
                Some(TicketSource::House { .. }) => "house",
                _ => "pool",
            }
            .into(),
            places: match t.map(|t| t.source) {
                Some(TicketSource::House { places }) => places.to_string(),
                _ => "1".into(),
            },
        }
    }

    /// The ticket typed (`None` when the name is blank), or the field that does not read.
    fn read(&self) -> Result<Option<TicketPrize>, &'static str> {
        let name = self.name.trim();
        if name.is_empty() {
            return Ok(None);
        }
        Ok(Some(TicketPrize {
            name: name.to_string(),
            value: Cents::parse_euros(&self.value).ok_or("ticket")?,
            kind: if self.kind == "voucher" {
                TicketKind::Voucher
            } else {
                TicketKind::Seat
            },
            source: if self.source == "house" {
                TicketSource::House {
                    places: self.places.trim().parse().map_err(|_| "ticket")?,
                }
            } else {
                TicketSource::Pool
            },
        }))
    }
}

/// The form's inputs for the ticket prize.
#[derive(Clone, Copy)]
struct TicketFields {
    name: RwSignal<String>,
    value: RwSignal<String>,
    kind: RwSignal<String>,
    source: RwSignal<String>,
    places: RwSignal<String>,
}

impl TicketFields {
    fn new(cfg: &Config) -> TicketFields {
        let d = TicketDraft::of(cfg);
        TicketFields {
            name: RwSignal::new(d.name),
            value: RwSignal::new(d.value),
            kind: RwSignal::new(d.kind),
            source: RwSignal::new(d.source),
            places: RwSignal::new(d.places),
        }
    }

    fn draft(&self) -> TicketDraft {
        TicketDraft {
            name: self.name.get_untracked(),
            value: self.value.get_untracked(),
            kind: self.kind.get_untracked(),
            source: self.source.get_untracked(),
            places: self.places.get_untracked(),
        }
    }
}

/// The rebuy and add-on settings as typed: a blank level means none is sold.
#[derive(Clone, Debug)]
struct PurchaseDraft {
    rebuy_level: String,
    rebuy_prize: String,
    rebuy_fee: String,
    rebuy_bounty: String,
    rebuy_chips: String,
    rebuy_limit: String,
    rebuy_max: String,
    rebuy_double: bool,
    rebuy_with_late: bool,
    add_on_level: String,
    add_on_prize: String,
    add_on_fee: String,
    add_on_chips: String,
}

/// The form's inputs for rebuys and the add-on, started from the stored rules (or, where
/// none is sold yet, from the buy-in: a rebuy usually costs and brings what an entry does).
#[derive(Clone, Copy)]
struct PurchaseFields {
    rebuy_level: RwSignal<String>,
    rebuy_prize: RwSignal<String>,
    rebuy_fee: RwSignal<String>,
    rebuy_bounty: RwSignal<String>,
    rebuy_chips: RwSignal<String>,
    rebuy_limit: RwSignal<String>,
    rebuy_max: RwSignal<String>,
    rebuy_double: RwSignal<bool>,
    rebuy_with_late: RwSignal<bool>,
    add_on_level: RwSignal<String>,
    add_on_prize: RwSignal<String>,
    add_on_fee: RwSignal<String>,
    add_on_chips: RwSignal<String>,
}

impl PurchaseDraft {
    fn of(cfg: &Config) -> PurchaseDraft {
        let r = cfg.rebuy;
        let a = cfg.add_on;
        PurchaseDraft {
            rebuy_level: r.map(|r| r.until_level.to_string()).unwrap_or_default(),
            rebuy_prize: r.map_or(cfg.prize_part, |r| r.prize_part).to_string(),
            rebuy_fee: r.map_or(cfg.house_fee, |r| r.house_fee).to_string(),
            rebuy_bounty: r.map_or(cfg.bounty_part, |r| r.bounty_part).to_string(),
            rebuy_chips: r.map_or(cfg.starting_stack, |r| r.chips).0.to_string(),
            rebuy_limit: r
                .map_or(cfg.starting_stack, |r| r.stack_at_most)
                .0
                .to_string(),
            rebuy_max: r
                .and_then(|r| r.max_per_player)
                .map(|m| m.to_string())
                .unwrap_or_default(),
            rebuy_double: r.is_some_and(|r| r.double),
            rebuy_with_late: r.is_some_and(|r| r.with_late_registration),
            add_on_level: a.map(|a| a.after_level.to_string()).unwrap_or_default(),
            add_on_prize: a.map_or(cfg.prize_part, |a| a.prize_part).to_string(),
            add_on_fee: a.map_or(Cents::ZERO, |a| a.house_fee).to_string(),
            add_on_chips: a.map_or(cfg.starting_stack, |a| a.chips).0.to_string(),
        }
    }
}

impl PurchaseFields {
    fn new(cfg: &Config) -> PurchaseFields {
        let d = PurchaseDraft::of(cfg);
        PurchaseFields {
            rebuy_level: RwSignal::new(d.rebuy_level),
            rebuy_prize: RwSignal::new(d.rebuy_prize),
            rebuy_fee: RwSignal::new(d.rebuy_fee),
            rebuy_bounty: RwSignal::new(d.rebuy_bounty),
            rebuy_chips: RwSignal::new(d.rebuy_chips),
            rebuy_limit: RwSignal::new(d.rebuy_limit),
            rebuy_max: RwSignal::new(d.rebuy_max),
            rebuy_double: RwSignal::new(d.rebuy_double),
            rebuy_with_late: RwSignal::new(d.rebuy_with_late),
            add_on_level: RwSignal::new(d.add_on_level),
            add_on_prize: RwSignal::new(d.add_on_prize),
            add_on_fee: RwSignal::new(d.add_on_fee),
            add_on_chips: RwSignal::new(d.add_on_chips),
        }
    }

    fn draft(&self) -> PurchaseDraft {
        PurchaseDraft {
            rebuy_level: self.rebuy_level.get_untracked(),
            rebuy_prize: self.rebuy_prize.get_untracked(),
            rebuy_fee: self.rebuy_fee.get_untracked(),
            rebuy_bounty: self.rebuy_bounty.get_untracked(),
            rebuy_chips: self.rebuy_chips.get_untracked(),
            rebuy_limit: self.rebuy_limit.get_untracked(),
            rebuy_max: self.rebuy_max.get_untracked(),
            rebuy_double: self.rebuy_double.get_untracked(),
            rebuy_with_late: self.rebuy_with_late.get_untracked(),
            add_on_level: self.add_on_level.get_untracked(),
            add_on_prize: self.add_on_prize.get_untracked(),
            add_on_fee: self.add_on_fee.get_untracked(),
            add_on_chips: self.add_on_chips.get_untracked(),
        }
    }
}

/// The rebuy and add-on rules typed in the form (`None` where the level is blank), or the
/// field that does not read. The rest of the rules (a level that exists, a break after the
/// add-on's level) are the domain's to check.
fn read_purchases(
    stored: &Config,
    d: &PurchaseDraft,
) -> Result<(Option<RebuyRule>, Option<AddOnRule>), &'static str> {
    let euros = |s: &str, field| Cents::parse_euros(s).ok_or(field);
    let whole = |s: &str, field| s.trim().parse::<i64>().map_err(|_| field);
    let rebuy = match d.rebuy_level.trim() {
        "" => None,
        level => Some(RebuyRule {
            until_level: level.parse().map_err(|_| "rebuy")?,
            through_break: stored.rebuy.is_some_and(|r| r.through_break),
            with_late_registration: d.rebuy_with_late,
            stack_at_most: Chips(whole(&d.rebuy_limit, "rebuy")?),
            max_per_player: match d.rebuy_max.trim() {
                "" => None,
                m => Some(m.parse().map_err(|_| "rebuy")?),
            },
            chips: Chips(whole(&d.rebuy_chips, "rebuy")?),
            prize_part: euros(&d.rebuy_prize, "rebuy")?,
            house_fee: euros(&d.rebuy_fee, "rebuy")?,
            bounty_part: if stored.bounty_kind == BountyKind::None {
                Cents::ZERO
            } else {
                euros(&d.rebuy_bounty, "rebuy")?
            },
            double: d.rebuy_double,
        }),
    };
    let add_on = match d.add_on_level.trim() {
        "" => None,
        level => Some(AddOnRule {
            after_level: level.parse().map_err(|_| "add_on")?,
            chips: Chips(whole(&d.add_on_chips, "add_on")?),
            prize_part: euros(&d.add_on_prize, "add_on")?,
            house_fee: euros(&d.add_on_fee, "add_on")?,
        }),
    };
    Ok((rebuy, add_on))
}

/// The payout structure as the form shows it: the mode's name, the share paid in percent and
/// the minimum cash in euros (a curve's own, else 10 % and nothing as a starting point).
fn payout_fields(cfg: &Config) -> (&'static str, String, String) {
    match cfg.payouts.mode {
        PayoutMode::Table => ("table", "10".into(), Cents::ZERO.to_string()),
        PayoutMode::Curve {
            paid_share_bp,
            min_cash,
        } => (
            "curve",
            Cents(i64::from(paid_share_bp)).to_string(),
            min_cash.to_string(),
        ),
        PayoutMode::None => ("none", "10".into(), Cents::ZERO.to_string()),
    }
}

/// The stored configuration with the typed settings, or the first field that does not read.
/// Ranges (a level that exists, a bonus on a real level) are the domain's to check.
/// A number of players typed in a settings field: blank for none, else a whole number above 0.
fn players_or_none(text: &str, field: &'static str) -> Result<Option<u32>, &'static str> {
    match text.trim() {
        "" => Ok(None),
        n => n
            .parse::<u32>()
            .ok()
            .filter(|n| *n > 0)
            .map(Some)
            .ok_or(field),
    }
}

fn read_config(stored: &Config, d: &ConfigDraft) -> Result<Config, &'static str> {
    let euros = |s: &str, field| Cents::parse_euros(s).ok_or(field);
    let whole = |s: &str, field| s.trim().parse::<i64>().map_err(|_| field);
    let level = |s: &str, field| s.trim().parse::<u16>().map_err(|_| field);
    let max_entries = match d.max_entries.trim() {
        "" => None,
        m => Some(m.parse::<u16>().map_err(|_| "max_entries")?),
    };
    let late_registration = match (&d.late_level, stored.late_registration) {
        (Some(l), LateRegistration::UntilLevel { through_break, .. }) => {
            LateRegistration::UntilLevel {
                level: level(l, "late_registration")?,
                through_break,
            }
        }
        (_, other) => other,
    };
    let mode = match d.payout_mode.as_str() {
        "table" => PayoutMode::Table,
        // A percentage with at most two decimals is a whole number of basis points, the same
        // exact reading as euros to cents ("12,5" % = 1250 bp).
        "curve" => PayoutMode::Curve {
            paid_share_bp: Cents::parse_euros(&d.paid_share)
                .and_then(|bp| u32::try_from(bp.0).ok())
                .ok_or("payouts")?,
            min_cash: euros(&d.min_cash, "payouts")?,
        },
        "none" => PayoutMode::None,
        _ => return Err("payouts"),
    };
    let mut payouts = stored.payouts.clone();
    payouts.mode = mode;
    // A structure stored without a table (a curve, or none) that goes back to the table gets
    // the club's standard one.
    if payouts.mode == PayoutMode::Table && payouts.brackets.is_empty() {
        payouts.brackets = templates::standard_payouts().brackets;
    }
    // A night without prizes has no guarantee; the field is hidden then, and ignored.
    let guarantee = match d.guarantee.trim() {
        _ if mode == PayoutMode::None => None,
        "" => None,
        g => Some(euros(g, "guarantee")?).filter(|g| *g != Cents::ZERO),
    };
    let chips = whole(&d.bonus_chips, "bonus")?;
    let bonus = (chips > 0)
        .then(|| {
            Ok::<_, &'static str>(Bonus {
                chips: Chips(chips),
                until_level: level(&d.bonus_level, "bonus")?,
            })
        })
        .transpose()?;
    let (rebuy, add_on) = read_purchases(stored, &d.purchases)?;
    // A night without prizes gives no ticket; the fields are hidden then, and ignored.
    let ticket = if mode == PayoutMode::None {
        None
    } else {
        d.ticket.read()?
    };
    Ok(Config {
        name: d.name.trim().to_string(),
        prize_part: euros(&d.prize, "prize_part")?,
        house_fee: euros(&d.fee, "house_fee")?,
        bounty_part: if stored.bounty_kind == BountyKind::None {
            Cents::ZERO
        } else {
            euros(&d.bounty, "bounty_part")?
        },
        starting_stack: Chips(whole(&d.stack, "starting_stack")?),
        max_entries,
        field_cap: players_or_none(&d.field_cap, "field_cap")?,
        sign_up_cap: players_or_none(&d.sign_up_cap, "sign_up_cap")?,
        sign_ups_open_at: match d.sign_ups_open_at.trim() {
            "" => None,
            at => Some(Timestamp(
                instant_of_local_input(at).ok_or("sign_ups_open_at")?,
            )),
        },
        late_registration,
        tables_at_start: d
            .tables_at_start
            .trim()
            .parse()
            .map_err(|_| "tables_at_start")?,
        bonus,
        payouts,
        guarantee,
        rebuy,
        add_on,
        ticket,
        ..stored.clone()
    })
}

/// One row of the structure being edited: its own signals, so typing in one cell re-renders
/// nothing else and adding or removing a row keeps every other row's input.
#[derive(Clone, Copy)]
struct Row {
    id: u64,
    is_break: bool,
    small: RwSignal<String>,
    big: RwSignal<String>,
    ante: RwSignal<String>,
    minutes: RwSignal<String>,
    colour_up: RwSignal<String>,
}

impl Row {
    fn new(id: u64, level: &Level) -> Row {
        let text = |v: i64| RwSignal::new(v.to_string());
        match level {
            Level::Play {
                small_blind,
                big_blind,
                ante,
                minutes,
            } => Row {
                id,
                is_break: false,
                small: text(small_blind.0),
                big: text(big_blind.0),
                ante: text(ante.0),
                minutes: text(i64::from(*minutes)),
                colour_up: RwSignal::new(String::new()),
            },
            Level::Break { minutes, colour_up } => Row {
                id,
                is_break: true,
                small: RwSignal::new(String::new()),
                big: RwSignal::new(String::new()),
                ante: RwSignal::new(String::new()),
                minutes: text(i64::from(*minutes)),
                colour_up: RwSignal::new(colour_up.map(|c| c.0.to_string()).unwrap_or_default()),
            },
        }
    }

    /// The level as typed; `None` when a cell does not read as a whole number. The domain
    /// checks the rest (blinds in order, 1 to 600 minutes) and names the problem.
    fn level(&self) -> Option<Level> {
        let chips = |s: RwSignal<String>| s.get_untracked().trim().parse::<i64>().ok().map(Chips);
        let minutes = self.minutes.get_untracked().trim().parse::<u32>().ok()?;
        if self.is_break {
            let colour = self.colour_up.get_untracked();
            let colour_up = match colour.trim() {
                "" | "0" => None,
                c => Some(Chips(c.parse().ok()?)),
            };
            return Some(Level::Break { minutes, colour_up });
        }
        Some(Level::Play {
            small_blind: chips(self.small)?,
            big_blind: chips(self.big)?,
            ante: chips(self.ante)?,
            minutes,
        })
    }
}

/// The blind structure, level by level, with breaks and colour-ups.
#[component]
fn StructureEditor(
    levels: Vec<Level>,
    started: Signal<bool>,
    in_play: Signal<usize>,
    send: CommandAction,
    reload: RwSignal<u32>,
) -> impl IntoView {
    let i18n = use_i18n();
    let next_id = StoredValue::new(levels.len() as u64);
    let rows = RwSignal::new(
        levels
            .iter()
            .enumerate()
            .map(|(i, l)| Row::new(i as u64, l))
            .collect::<Vec<_>>(),
    );
    let invalid = RwSignal::new(None::<usize>);
    // New rows belong to the editor, not to the row whose button made them: removing that
    // row later must not take the new row's cells along.
    let owner = StoredValue::new(Owner::current());
    let new_row = move |level: Level, id: u64| {
        owner.with_value(|o| match o {
            Some(o) => o.with(|| Row::new(id, &level)),
            None => Row::new(id, &level),
        })
    };
    let fresh_id = move || {
        let id = next_id.get_value();
        next_id.set_value(id + 1);
        id
    };
    let position = move |id: u64| rows.with(|r| r.iter().position(|x| x.id == id));
    // Rows up to the level in play are history once the clock runs.
    let locked = move |at: usize| started.get() && at <= in_play.get();
    let add_break_after = move |id: u64| {
        let row = new_row(
            Level::Break {
                minutes: 10,
                colour_up: None,
            },
            fresh_id(),
        );
        rows.update(|r| {
            if let Some(at) = r.iter().position(|x| x.id == id) {
                r.insert(at + 1, row);
            }
        });
    };
    let add_level = move |_| {
        // The next level doubles the last big blind, with a big-blind ante of the same size.
        let last = rows.with_untracked(|r| r.iter().rev().find(|x| !x.is_break).copied());
        let big = last
            .and_then(|l| l.big.get_untracked().trim().parse::<i64>().ok())
            .unwrap_or(100);
        let minutes = last
            .and_then(|l| l.minutes.get_untracked().trim().parse::<u32>().ok())
            .unwrap_or(20);
        let row = new_row(
            Level::Play {
                small_blind: Chips(big),
                big_blind: Chips(big * 2),
                ante: Chips(big * 2),
                minutes,
            },
            fresh_id(),
        );
        rows.update(|r| r.push(row));
    };
    let save = move |_| {
        let typed: Vec<Option<Level>> = rows.with_untracked(|r| r.iter().map(Row::level).collect());
        match typed.iter().position(Option::is_none) {
            Some(bad) => invalid.set(Some(bad + 1)),
            None => {
                invalid.set(None);
                send.dispatch(Command::ChangeStructure(ChangeStructure {
                    levels: typed.into_iter().flatten().collect(),
                }));
            }
        }
    };
    // Each cell says what it is (its column's heading) to a screen reader.
    let input = move |value: RwSignal<String>, class: &'static str, at: Signal<bool>| {
        let name = match class {
            "sb" => t_string!(i18n, small_blind).to_string(),
            "bb" => t_string!(i18n, big_blind).to_string(),
            "ante" => t_string!(i18n, ante).to_string(),
            "minutes" => t_string!(i18n, minutes).to_string(),
            _ => String::new(),
        };
        view! {
            <input class=class inputmode="numeric" aria-label=(!name.is_empty()).then_some(name) value=value.get_untracked() prop:value=value disabled=at.get_untracked() prop:disabled=at
                on:input=move |ev| value.set(event_target_value(&ev)) />
        }
    };
    view! {
        <section class="structure-editor" data-testid="structure-editor">
            <h3>{t!(i18n, blind_structure)}</h3>
            <p class="hint">{t!(i18n, structure_locked_hint)}</p>
            <table class="structure">
                <thead><tr>
                    <th>{t!(i18n, level)}</th><th>{t!(i18n, small_blind)}</th><th>{t!(i18n, big_blind)}</th>
                    <th>{t!(i18n, ante)}</th><th>{t!(i18n, minutes)}</th><th><span class="visually-hidden">{t!(i18n, row_actions)}</span></th>
                </tr></thead>
                <tbody>
                    <For each=move || rows.get() key=|r| r.id let:row>
                        {
                            let at = Signal::derive(move || position(row.id).unwrap_or(0));
                            let is_locked = Signal::derive(move || locked(at.get()));
                            // A row may follow this one unless the next position is locked too.
                            let may_follow = move || !started.get() || at.get() >= in_play.get();
                            let label = move || {
                                rows.with(|r| {
                                    r.iter().take(at.get() + 1).filter(|x| !x.is_break).count()
                                })
                            };
                            view! {
                                <tr data-testid="structure-row" class:break-row=row.is_break class:locked=is_locked>
                                    {if row.is_break {
                                        view! {
                                            <td>{t!(i18n, break_)}</td>
                                            <td colspan="3"><label class="inline">{t!(i18n, colour_up_chip)}" "{input(row.colour_up, "colour-up", is_locked)}</label></td>
                                        }.into_any()
                                    } else {
                                        view! {
                                            <td class="num">{label}</td>
                                            <td>{input(row.small, "sb", is_locked)}</td>
                                            <td>{input(row.big, "bb", is_locked)}</td>
                                            <td>{input(row.ante, "ante", is_locked)}</td>
                                        }.into_any()
                                    }}
                                    <td>{input(row.minutes, "minutes", is_locked)}</td>
                                    <td class="row-actions">
                                        <button type="button" data-testid="add-break-after" prop:disabled=move || !may_follow()
                                            on:click=move |_| add_break_after(row.id)>{t!(i18n, add_break_after)}</button>
                                        <button type="button" data-testid="remove-level" prop:disabled=is_locked
                                            on:click=move |_| rows.update(|r| r.retain(|x| x.id != row.id))>{t!(i18n, remove)}</button>
                                    </td>
                                </tr>
                            }
                        }
                    </For>
                </tbody>
            </table>
            {move || invalid.get().map(|row| view! { <p class="answer error" role="alert">{t!(i18n, structure_row_invalid, row = row)}</p> })}
            <div class="table-actions">
                <button type="button" data-testid="add-level" on:click=add_level>{t!(i18n, add_level)}</button>
                <button type="button" class="primary" data-testid="save-structure" on:click=save>{t!(i18n, save_structure)}</button>
                <button type="button" data-testid="discard-structure" on:click=move |_| reload.update(|n| *n += 1)>{t!(i18n, discard_changes)}</button>
            </div>
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn draft(cfg: &Config) -> ConfigDraft {
        ConfigDraft {
            name: cfg.name.clone(),
            prize: cfg.prize_part.to_string(),
            fee: cfg.house_fee.to_string(),
            bounty: cfg.bounty_part.to_string(),
            stack: cfg.starting_stack.0.to_string(),
            max_entries: cfg.max_entries.map(|m| m.to_string()).unwrap_or_default(),
            field_cap: String::new(),
            sign_ups_open_at: String::new(),
            sign_up_cap: String::new(),
            late_level: Some("4".into()),
            tables_at_start: cfg.tables_at_start.to_string(),
            bonus_chips: "2000".into(),
            bonus_level: "1".into(),
            payout_mode: payout_fields(cfg).0.into(),
            guarantee: cfg.guarantee.map(|g| g.to_string()).unwrap_or_default(),
            paid_share: payout_fields(cfg).1,
            min_cash: payout_fields(cfg).2,
            purchases: PurchaseDraft::of(cfg),
            ticket: TicketDraft::of(cfg),
        }
    }

    #[test]
    fn the_field_cap_is_a_whole_number_of_players_or_none() {
        let cfg = templates::club_evening("Cap", 2);
        let mut d = draft(&cfg);
        d.field_cap = " 24 ".into();
        assert_eq!(read_config(&cfg, &d).expect("reads").field_cap, Some(24));
        for wrong in ["0", "-3", "twelve"] {
            d.field_cap = wrong.into();
            assert_eq!(read_config(&cfg, &d).err(), Some("field_cap"), "{wrong}");
        }
        d.field_cap = String::new();
        assert_eq!(read_config(&cfg, &d).expect("reads").field_cap, None);
    }

    #[test]
    fn sign_ups_open_at_a_date_and_time_and_have_an_optional_cap() {
        let cfg = templates::club_evening("Test", 1);
        let mut d = draft(&cfg);
        d.sign_ups_open_at = "2026-12-04T19:30".into();
        d.sign_up_cap = "40".into();
        let read = read_config(&cfg, &d).expect("reads");
        // (Outside the browser the input is read as UTC; in it, in the tablet's zone.)
        assert_eq!(read.sign_ups_open_at, Some(Timestamp(1_796_412_600_000)));
        assert_eq!(local_input_value(1_796_412_600_000), "2026-12-04T19:30");
        assert_eq!(read.sign_up_cap, Some(40));
        for wrong in ["tomorrow", "2026-13-04T19:30", "19:30"] {
            d.sign_ups_open_at = wrong.into();
            assert_eq!(
                read_config(&cfg, &d).err(),
                Some("sign_ups_open_at"),
                "{wrong}"
            );
        }
        d.sign_ups_open_at = String::new();
        for wrong in ["0", "-3", "forty"] {
            d.sign_up_cap = wrong.into();
            assert_eq!(read_config(&cfg, &d).err(), Some("sign_up_cap"), "{wrong}");
        }
    }

    #[test]
    fn rebuys_and_the_add_on_are_set_in_the_form_and_a_blank_level_sells_none() {
        let cfg = templates::club_rebuy("Rebuy", 2);
        let same = read_config(&cfg, &draft(&cfg)).expect("reads");
        assert_eq!(same.rebuy, cfg.rebuy);
        assert_eq!(same.add_on, cfg.add_on);
        let mut d = draft(&cfg);
        d.purchases.rebuy_level = "3".into();
        d.purchases.rebuy_prize = "7,50".into();
        d.purchases.rebuy_max = "2".into();
        d.purchases.add_on_level = String::new();
        let changed = read_config(&cfg, &d).expect("reads");
        let r = changed.rebuy.expect("rebuys");
        assert_eq!(
            (r.until_level, r.prize_part, r.max_per_player),
            (3, Cents(750), Some(2))
        );
        assert_eq!(changed.add_on, None);
        d.purchases.rebuy_chips = "lots".into();
        assert_eq!(read_config(&cfg, &d).err(), Some("rebuy"));
        // A plain evening starts with none sold, and the form keeps it so.
        let plain = templates::club_evening("Plain", 2);
        let kept = read_config(&plain, &draft(&plain)).expect("reads");
        assert_eq!((kept.rebuy, kept.add_on), (None, None));
    }

    #[test]
    fn the_payout_structure_is_chosen_in_the_form() {
        let cfg = templates::club_evening("Monday", 2);
        let mut d = draft(&cfg);
        d.payout_mode = "curve".into();
        d.paid_share = "12,5".into();
        d.min_cash = "20".into();
        let curve = read_config(&cfg, &d).expect("reads");
        assert_eq!(
            curve.payouts.mode,
            PayoutMode::Curve {
                paid_share_bp: 1250,
                min_cash: Cents(2000)
            }
        );
        // Shown again as typed, and read back the same.
        assert_eq!(read_config(&curve, &draft(&curve)), Ok(curve.clone()));
        d.payout_mode = "none".into();
        assert_eq!(
            read_config(&cfg, &d).map(|c| c.payouts.mode),
            Ok(PayoutMode::None)
        );
        d.payout_mode = "curve".into();
        d.paid_share = "a tenth".into();
        assert_eq!(read_config(&cfg, &d), Err("payouts"));
        // Back to the table from a structure without brackets: the standard table.
        let mut bare = curve.clone();
        bare.payouts.brackets.clear();
        let mut d = draft(&bare);
        d.payout_mode = "table".into();
        let table = read_config(&bare, &d).expect("reads");
        assert_eq!(table.payouts, templates::standard_payouts());
    }

    #[test]
    fn the_form_as_shown_reads_back_as_the_stored_configuration() {
        let cfg = templates::club_evening("Monday", 2);
        assert_eq!(read_config(&cfg, &draft(&cfg)), Ok(cfg));
    }

    #[test]
    fn typed_settings_change_only_their_fields_and_a_bad_one_is_named() {
        let cfg = templates::club_pko("PKO", 3);
        let mut d = draft(&cfg);
        d.prize = "17,50".into();
        d.max_entries = String::new();
        d.bonus_chips = "0".into();
        d.tables_at_start = "3".into();
        let changed = read_config(&cfg, &d).expect("reads");
        assert_eq!(changed.prize_part, Cents(1750));
        assert_eq!(changed.max_entries, None);
        assert_eq!(changed.bonus, None);
        assert_eq!(changed.tables_at_start, 3);
        assert_eq!(changed.levels, cfg.levels);
        d.stack = "ten thousand".into();
        assert_eq!(read_config(&cfg, &d), Err("starting_stack"));
    }

    #[test]
    fn a_guarantee_is_typed_in_euros_and_blank_or_zero_is_none() {
        let cfg = templates::club_evening("Friday", 3);
        let mut d = draft(&cfg);
        d.guarantee = "1500".into();
        let guaranteed = read_config(&cfg, &d).expect("reads");
        assert_eq!(guaranteed.guarantee, Some(Cents(150_000)));
        assert_eq!(
            read_config(&guaranteed, &draft(&guaranteed)),
            Ok(guaranteed.clone())
        );
        d.guarantee = "0".into();
        assert_eq!(read_config(&cfg, &d).map(|c| c.guarantee), Ok(None));
        d.guarantee = "a lot".into();
        assert_eq!(read_config(&cfg, &d), Err("guarantee"));
        // No prizes, no guarantee: the hidden field is not read.
        d.payout_mode = "none".into();
        assert_eq!(read_config(&cfg, &d).map(|c| c.guarantee), Ok(None));
    }

    #[test]
    fn a_ticket_is_typed_with_its_value_and_a_blank_name_is_none() {
        let satellite = templates::club_satellite("Sat", 2);
        assert_eq!(
            read_config(&satellite, &draft(&satellite)).map(|c| c.ticket),
            Ok(satellite.ticket.clone()),
            "a satellite's ticket reads back as it was"
        );
        let cfg = templates::club_evening("Friday", 3);
        let mut d = draft(&cfg);
        assert_eq!(read_config(&cfg, &d).map(|c| c.ticket), Ok(None));
        d.ticket.name = " Bon Poker Café ".into();
        d.ticket.value = "25".into();
        d.ticket.kind = "voucher".into();
        d.ticket.source = "house".into();
        d.ticket.places = "3".into();
        assert_eq!(
            read_config(&cfg, &d).map(|c| c.ticket),
            Ok(Some(TicketPrize {
                name: "Bon Poker Café".into(),
                value: Cents(2500),
                kind: TicketKind::Voucher,
                source: TicketSource::House { places: 3 },
            }))
        );
        d.ticket.places = "three".into();
        assert_eq!(read_config(&cfg, &d), Err("ticket"));
        // No prizes, no ticket: the hidden fields are not read.
        d.payout_mode = "none".into();
        assert_eq!(read_config(&cfg, &d).map(|c| c.ticket), Ok(None));
    }
}
