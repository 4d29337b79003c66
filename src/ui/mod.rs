//! The four faces (and the player's personal page) and what they share, and the club's
//! pages beyond one tournament.

pub mod alert;
pub mod club;
pub mod components;
pub mod connection;
pub mod device;
pub mod director;
pub mod home;
pub mod light;
pub mod live;
pub mod live_stream;
pub mod me;
pub mod outbox;
pub mod player;
pub mod print;
pub mod qr_sheet;
pub mod ruling;
pub mod screen;
pub mod sign_up;
pub mod sound;
pub mod table;
pub mod wake;

/// The director's PIN form; the server sends a browser without a director session there.
pub const SIGN_IN_PATH: &str = "/director/sign-in";

/// One of the director's pages (`path` without its query): `/director` and everything under
/// it but the PIN form. The server lets only the director see them, and the PIN form goes
/// back to no other page once signed in.
pub fn is_director_page(path: &str) -> bool {
    (path == "/director" || path.starts_with("/director/")) && path != SIGN_IN_PATH
}

/// One of the app's pages (`path` without its query), as the router knows them: what the
/// server renders as HTML, as opposed to its data, live streams and files.
pub fn is_page(path: &str) -> bool {
    const UNDER: [&str; 8] = [
        "/director",
        "/table/",
        "/player",
        "/me/",
        "/signup",
        "/screen",
        "/ranking",
        "/?",
    ];
    path == "/" || UNDER.iter().any(|p| path.starts_with(p))
}
