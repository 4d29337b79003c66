//! Getting data out and back in: a tournament's full event log as JSON (and its import as a
//! new tournament), its results as CSV, and an online backup of the SQLite file (on demand
//! and at every break). Director only.

use super::credentials::from_headers;
use super::json_api::problem::Problem;
use crate::server::app_state::AppState;
use crate::server::application::{exports, reads, Refusal};
use axum::extract::{Path, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};

/// `GET /export/{tournament}/events.json`: every event with its number, as stored, with
/// who sent it, from which device, when it was received and when it was tapped.
pub async fn events_json(
    State(state): State<AppState>,
    Path(tournament): Path<i64>,
    headers: HeaderMap,
) -> Response {
    let log = match reads::open_log(&state.app, &from_headers(&headers), tournament).await {
        Ok(log) => log.after(0).await,
        Err(refused) => Err(refused),
    };
    match log {
        Ok(events) => {
            let body: Vec<serde_json::Value> = events
                .into_iter()
                .map(|e| {
                    serde_json::json!({
                        "seq": e.seq,
                        "at": e.at,
                        "tapped_at": e.tapped_at,
                        "actor": e.actor,
                        "device": e.device,
                        "event": e.event,
                    })
                })
                .collect();
            (
                [
                    (header::CONTENT_TYPE, "application/json"),
                    (
                        header::CONTENT_DISPOSITION,
                        "attachment; filename=\"events.json\"",
                    ),
                ],
                serde_json::to_string_pretty(&body).unwrap_or_default(),
            )
                .into_response()
        }
        Err(refusal) => refused(refusal),
    }
}

/// A refusal as the exports answer it: problem details with the stable code, as the JSON
/// API's, with the pages' rule for a caller without a session (403 `UNAUTHORIZED`, like
/// every director-only page).
fn refused(refusal: Refusal) -> Response {
    Problem::from(refusal.for_pages()).into_response()
}

/// One event of an exported log.
#[derive(serde::Deserialize)]
pub struct LoggedEvent {
    pub seq: u64,
    pub event: crate::domain::Event,
}

/// The largest event log `POST /import` reads: an exported log of a long evening is a few MB
/// of JSON.
pub const IMPORT_LIMIT: usize = 32 * 1024 * 1024;

/// `POST /import`: an exported `events.json` becomes a new tournament with the same state;
/// answers `{"id": …}`. The events must run 1, 2, 3… from the tournament's creation.
///
/// The body is taken unread and collected only once the director's credentials (in the
/// request's head) have passed: an extractor that reads the body first let anyone make the
/// server hold 32 MB per request before being refused.
pub async fn import_events(
    State(state): State<AppState>,
    headers: HeaderMap,
    body: axum::body::Body,
) -> Response {
    let credentials = from_headers(&headers);
    if let Err(refusal) = exports::may_import(&state.app, &credentials).await {
        return refused(refusal);
    }
    let Ok(body) = axum::body::to_bytes(body, IMPORT_LIMIT).await else {
        // Over the limit, or the client stopped sending half-way.
        let detail = "an event log of at most 32 MB, sent whole".to_string();
        return Problem::new(StatusCode::PAYLOAD_TOO_LARGE, "INVALID_LOG", detail).into_response();
    };
    let Ok(log) = serde_json::from_slice::<Vec<LoggedEvent>>(&body) else {
        return Problem::bad_request("INVALID_LOG", "not an exported event log").into_response();
    };
    if log.iter().enumerate().any(|(i, e)| e.seq != i as u64 + 1) {
        return Problem::bad_request("INVALID_LOG", "events must be numbered 1, 2, 3…")
            .into_response();
    }
    let events: Vec<crate::domain::Event> = log.into_iter().map(|e| e.event).collect();
    match exports::import_log(&state.app, &credentials, &events).await {
        Ok(id) => (
            StatusCode::CREATED,
            axum::Json(serde_json::json!({ "id": id })),
        )
            .into_response(),
        Err(refusal) => refused(refusal),
    }
}

/// Where a spreadsheet may cut a line into cells, whatever the file means: the comma, the
/// semicolon (Dutch and French spreadsheets split on it) and the tab.
const SPLITS: [char; 3] = [',', ';', '\t'];
/// A cell that begins with one of these is a formula to a spreadsheet.
const FORMULA: [char; 6] = ['=', '+', '-', '@', '\t', '\r'];

/// A text cell (a player's or a ticket's name) made harmless to a spreadsheet. A cell that
/// begins with a formula character is written after a `'`, which the spreadsheet shows as
/// text (a player named `=HYPERLINK(…)` would otherwise run when the director opens the
/// file). Quoting the cell is not enough: a spreadsheet that splits on `;` takes
/// `1,"Q;=1+2;x"` as the cells `1,"Q`, `=1+2` and `x"`, since a quote only counts at a
/// cell's start. So every piece after a `,`, `;` or tab gets the same `'` when it would
/// begin a formula, begin a quoted cell (`"`) or be empty (the file's own quote would
/// follow).
fn as_text(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    for (i, piece) in s.split_inclusive(SPLITS).enumerate() {
        let head = piece.trim_start_matches(' ');
        let after_split = i > 0;
        if head.starts_with(FORMULA) || (after_split && head.starts_with('"')) {
            out.push('\'');
        }
        out.push_str(piece);
    }
    if s.ends_with(SPLITS) || (s.ends_with(' ') && s.contains(SPLITS)) {
        out.push('\'');
    }
    out
}

/// The header of results.csv (plain words: sheets read the columns by name).
const RESULTS_HEADER: &str = "place,name,prize,bounties,entries,paid,rebuys,add_ons,ticket\n";

/// The records of a CSV file, after its header. Every cell that is not a number is quoted
/// (`QuoteStyle::NonNumeric`), so a `,`, `;`, quote or line break inside a name stays inside
/// its cell; text cells must have been through `as_text` first.
fn csv_records(records: &[Vec<String>]) -> Result<Vec<u8>, csv::Error> {
    let mut writer = csv::WriterBuilder::new()
        .quote_style(csv::QuoteStyle::NonNumeric)
        .from_writer(Vec::new());
    for record in records {
        writer.write_record(record)?;
    }
    writer
        .into_inner()
        .map_err(|e| csv::Error::from(e.into_error()))
}

/// `GET /export/{tournament}/results.csv`: place, name, prize, bounties, entries, paid, the
/// rebuys and add-ons bought, and the ticket won (last, so sheets that read the first six
/// columns still do). `prize` is money and ticket value together, as the places share the pool.
pub async fn results_csv(
    State(state): State<AppState>,
    Path(tournament): Path<i64>,
    headers: HeaderMap,
) -> Response {
    let view = match exports::results(&state.app, &from_headers(&headers), tournament).await {
        Ok(view) => view,
        Err(refusal) => return refused(refusal),
    };
    let ticket = view.ticket.as_ref().map(|t| as_text(&t.name));
    let records: Vec<Vec<String>> = view
        .results
        .iter()
        .map(|r| {
            vec![
                r.place.map(|p| p.to_string()).unwrap_or_default(),
                as_text(&r.name),
                r.prize.to_string(),
                r.bounties.to_string(),
                r.entries.to_string(),
                r.paid.to_string(),
                r.rebuys.to_string(),
                r.add_ons.to_string(),
                ticket.clone().filter(|_| r.ticket).unwrap_or_default(),
            ]
        })
        .collect();
    let mut out = RESULTS_HEADER.as_bytes().to_vec();
    match csv_records(&records) {
        Ok(body) => out.extend(body),
        Err(e) => {
            tracing::error!("results.csv: {e}");
            return StatusCode::INTERNAL_SERVER_ERROR.into_response();
        }
    }
    (
        [
            (header::CONTENT_TYPE, "text/csv; charset=utf-8"),
            (
                header::CONTENT_DISPOSITION,
                "attachment; filename=\"results.csv\"",
            ),
        ],
        out,
    )
        .into_response()
}

/// `POST /backup`: an online backup the director triggers.
pub async fn backup_now(State(state): State<AppState>, headers: HeaderMap) -> Response {
    let credentials = from_headers(&headers);
    match crate::server::application::club::backup_now(&state.app, &credentials).await {
        Ok(path) => (StatusCode::OK, path.display().to_string()).into_response(),
        Err(refusal) => refused(refusal),
    }
}

#[cfg(test)]
mod tests {
    use super::{as_text, csv_records, FORMULA, RESULTS_HEADER};

    /// One text cell as results.csv writes it.
    fn cell(s: &str) -> String {
        let bytes = csv_records(&[vec![as_text(s)]]).unwrap();
        String::from_utf8(bytes)
            .unwrap()
            .trim_end_matches('\n')
            .to_string()
    }

    #[test]
    fn a_cell_that_a_spreadsheet_would_run_is_written_as_text() {
        assert_eq!(cell("Ann"), "\"Ann\"");
        assert_eq!(
            cell("=HYPERLINK(\"http://x\")"),
            "\"'=HYPERLINK(\"\"http://x\"\")\""
        );
        assert_eq!(cell("@SUM(A1)"), "\"'@SUM(A1)\"");
        assert_eq!(cell("+1"), "\"'+1\"");
        assert_eq!(cell("-2+3"), "\"'-2+3\"");
        assert_eq!(cell("\tx"), "\"'\tx\"");
        assert_eq!(cell("\rx"), "\"'\rx\"");
        assert_eq!(cell(" =1"), "\"' =1\"", "a space before the formula");
        assert_eq!(cell("a,b"), "\"a,b\"");
        assert_eq!(cell("Jan-Piet"), "\"Jan-Piet\"", "a dash inside is a name");
        // Split on ';' (a Dutch or French spreadsheet), these pieces would begin cells.
        assert_eq!(cell("Q;=1+2;x"), "\"Q;'=1+2;x\"");
        assert_eq!(cell("a, @b"), "\"a,' @b\"");
        assert_eq!(
            cell("Q;"),
            "\"Q;'\"",
            "the file's own quote would begin a cell"
        );
        assert_eq!(cell("a;\"=1\""), "\"a;'\"\"=1\"\"\"");
        // Line breaks and quotes stay inside the cell.
        assert_eq!(cell("Ann\nBob"), "\"Ann\nBob\"");
        assert_eq!(cell("Jan \"de Kaart\" P"), "\"Jan \"\"de Kaart\"\" P\"");
        // A number stays a number; a name that is one is harmless.
        assert_eq!(cell("12"), "12");
    }

    #[test]
    fn no_cell_begins_a_formula_whatever_the_spreadsheet_splits_on() {
        let names = [
            "Q;=1+2;x",
            "=HYPERLINK(\"http://x\",\"prize\")",
            "a,=1;+2\t@3",
            "Ann\nBob;-1",
            "x; \"=2\"",
            "Jan \"de Kaart\" P;",
            "Bob ; ",
        ];
        let records: Vec<Vec<String>> = names
            .iter()
            .enumerate()
            .map(|(i, n)| vec![(i + 1).to_string(), as_text(n), "-5.00".into(), "".into()])
            .collect();
        let mut file = RESULTS_HEADER.as_bytes().to_vec();
        file.extend(csv_records(&records).unwrap());
        for delimiter in [b',', b';', b'\t'] {
            let mut reader = csv::ReaderBuilder::new()
                .delimiter(delimiter)
                .has_headers(false)
                .flexible(true)
                .from_reader(file.as_slice());
            let mut rows = 0;
            for record in reader.records() {
                let record = record.unwrap();
                rows += 1;
                for (i, c) in record.iter().enumerate() {
                    // The amounts are ours (a number, even negative, is no formula).
                    let amount = delimiter == b',' && i == 2;
                    assert!(
                        amount || !c.trim_start_matches(' ').starts_with(FORMULA),
                        "split on {:?}: {c:?}",
                        delimiter as char
                    );
                }
            }
            assert!(rows >= 2, "{rows} rows");
        }
        // Read as the file means it (commas), the names come back with only the `'`s added.
        let mut reader = csv::ReaderBuilder::new()
            .flexible(true)
            .from_reader(file.as_slice());
        let read: Vec<String> = reader
            .records()
            .map(|r| r.unwrap()[1].to_string())
            .collect();
        let expected: Vec<String> = names.iter().map(|n| as_text(n)).collect();
        assert_eq!(read, expected);
    }
}
