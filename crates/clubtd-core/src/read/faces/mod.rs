//! A view per face: what one page shows and nothing more, worked out once per event from the
//! whole tournament view (`read::view`) and sent to every page of that face. The room screen
//! follows a bust in a 300-player evening with a few kilobytes instead of the whole room's
//! hundred (issue Y.4); a player's phone decodes only their own page.
//!
//! Each face's view is built from the same pieces (`pieces`), so the figures read the same on
//! every face. The director's console still reads the whole view: it shows all of it.

pub mod door;
pub mod personal;
pub mod pieces;
pub mod screen;
pub mod seat_search;
pub mod table;

use super::view::TournamentView;
use serde::de::DeserializeOwned;
use serde::Serialize;

/// The view one face reads. The server works it out from the whole view; the page fetches it
/// from `/view/{tournament}{path}` and decodes only it.
pub trait FaceView:
    Clone + PartialEq + Serialize + DeserializeOwned + Send + Sync + 'static
{
    /// Which of this face's views: a player's (`PlayerId`), or `()` where the face has one.
    type Key: Copy + PartialEq + Send + Sync + std::fmt::Debug + 'static;

    /// The address of this view after `/view/{tournament}`: `""` for the whole view,
    /// `"/screen"`, `"/player/7"`.
    fn path(key: Self::Key) -> String;

    /// This face's view of `whole`; `None` when the key names nobody in it.
    fn of(whole: &TournamentView, key: Self::Key) -> Option<Self>;

    /// The tournament's name, for the page's title.
    fn tournament_name(&self) -> &str;
}

/// The whole view: the director's console and the faces not yet given their own.
impl FaceView for TournamentView {
    type Key = ();

    fn path(_: ()) -> String {
        String::new()
    }

    fn of(whole: &TournamentView, _: ()) -> Option<Self> {
        Some(whole.clone())
    }

    fn tournament_name(&self) -> &str {
        &self.name
    }
}
