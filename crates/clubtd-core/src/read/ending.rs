//! When play is over: the one answer every face, the results and the season ranking use.

use crate::model::ids::Timestamp;
use crate::model::state::Tournament;
use crate::rules::windows::field_open;

/// Is the tournament over at `now`? A final deal recorded that left nothing to play for (seed
/// 000 / FIDPA: the deal ends play), or one player left of a field of at least two once nobody
/// can re-enter any more (registration closed): until then the busted could still buy back in.
/// A deal that left an amount to play for ends like any tournament, with one player left.
pub fn is_finished(t: &Tournament, now: Timestamp) -> bool {
    let Some(cfg) = t.config() else {
        return false;
    };
    t.deal_that_ended_play().is_some()
        || (t.players_left() == 1 && t.entries >= 2 && !field_open(t, cfg, now))
}

/// When play ended, for a tournament [`is_finished`] says is over: the deal's time, or the
/// last bust's (the winner is known from then). Every face shows the clock stopped there; the
/// stored clock is left alone, so undoing the last bust simply shows it running again, as if it
/// had never stopped. `None` for a deal from a log that kept no time.
pub fn play_ended_at(t: &Tournament) -> Option<Timestamp> {
    if t.deal.is_some() {
        return t.deal_at;
    }
    t.eliminations.iter().map(|e| e.at).max()
}
