//! The HTML shell, the language context and the routes: one face per role.

use crate::i18n::*;
use crate::ui::club::{players::PlayersPage, ranking::RankingPage, tournaments::TournamentsPage};
use crate::ui::director::receipt::ReceiptPage;
use crate::ui::print::PrintPage;
use crate::ui::{
    director::{DirectorPage, SignInPage},
    home::HomePage,
    me::MePage,
    player::PlayerPage,
    qr_sheet::QrSheetPage,
    screen::ScreenPage,
    sign_up::{SignUpPage, SignUpPlacePage},
    table::TablePage,
};
use leptos::prelude::*;
use leptos_i18n::context::CookieOptions;
use leptos_meta::{provide_meta_context, HashedStylesheet, MetaTags, Title};
use leptos_router::components::{Route, Router, Routes};
use leptos_router::{lazy_route, path, Lazy, LazyRoute, SsrMode};

/// Registers the service worker that lets a face open without a network (`public/sw.js`).
/// Browsers allow one only on https or on this machine (`localhost`); on a club's plain-http
/// network the outbox and the kept view still work, only an offline reload does not.
const REGISTER_SERVICE_WORKER: &str =
    "if ('serviceWorker' in navigator) navigator.serviceWorker.register('/sw.js').catch(function () {});";

/// The page's own address, for its manifest: an installed face starts where it was installed
/// (a table's device on its table, with its key).
fn manifest_href() -> String {
    #[cfg(feature = "ssr")]
    {
        let here = use_context::<axum::http::request::Parts>()
            .and_then(|p| p.uri.path_and_query().map(|pq| pq.as_str().to_string()))
            .unwrap_or_else(|| "/".into());
        // Percent-encoded, every byte but the unreserved ones.
        let start: String = here
            .bytes()
            .map(|b| match b {
                b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' | b'/' => {
                    char::from(b).to_string()
                }
                _ => format!("%{b:02X}"),
            })
            .collect();
        format!("/manifest.webmanifest?start={start}")
    }
    #[cfg(not(feature = "ssr"))]
    {
        "/manifest.webmanifest".into()
    }
}

/// The page asked for is a light one (`ui::light`): served without the app's bundle.
pub fn light_page() -> bool {
    light_path().is_some()
}

/// The path of the page asked for when it is a light one.
fn light_path() -> Option<String> {
    #[cfg(feature = "ssr")]
    {
        use_context::<axum::http::request::Parts>()
            .map(|p| p.uri.path().to_string())
            .filter(|path| crate::ui::light::is_light_page(path))
    }
    #[cfg(not(feature = "ssr"))]
    {
        None
    }
}

/// The document around every page (server side): the app's bundle, or on a light page
/// (`ui::light`) its small script.
pub fn shell(options: LeptosOptions) -> impl IntoView {
    let light = light_page();
    let app_code = (!light).then(|| view! { <HydrationScripts options=options.clone() /> });
    // The table's device adds its own script (its outbox, the bust report, the clock call).
    let light_code = light.then(|| {
        let extra = light_path().and_then(|p| crate::ui::light::extra_script(&p));
        view! {
            <script type="module" src=crate::ui::light::LIGHT_SCRIPT></script>
            {extra.map(|src| view! { <script type="module" src=src></script> })}
        }
    });
    view! {
        <!DOCTYPE html>
        // `lang` and `dir` come from the language context (leptos_i18n writes them into the
        // page's first tag: a `lang` of our own here made the tag carry two).
        <html>
            <head>
                <meta charset="utf-8" />
                <meta name="viewport" content="width=device-width, initial-scale=1" />
                <meta name="color-scheme" content="dark" />
                <meta name="theme-color" content="#0f1713" />
                <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
                <link rel="apple-touch-icon" href="/icons/icon-192.png" />
                <link rel="manifest" href=manifest_href() />
                <HashedStylesheet options=options.clone() id="leptos" />
                <script inner_html=REGISTER_SERVICE_WORKER></script>
                <AutoReload options />
                {app_code}
                {light_code}
                <MetaTags />
            </head>
            <body>
                <App />
            </body>
        </html>
    }
}

/// A director's page reached by a link inside the app (the home page's "TD", say) is loaded
/// whole from the server, which sends a browser without a director session to the PIN form
/// (`http::director_guard`). Routed in the browser, the console opened without a session and
/// every tap then failed with no way to sign in but a reload. Moving between the director's
/// own pages stays in the browser.
#[component]
fn DirectorPagesLoadWhole() -> impl IntoView {
    let location = leptos_router::hooks::use_location();
    Effect::new(move |before: Option<String>| {
        let path = location.pathname.get();
        let entering = before.is_some_and(|b| !crate::ui::is_director_page(&b))
            && crate::ui::is_director_page(&path);
        #[cfg(feature = "hydrate")]
        if entering {
            let search = location.search.get_untracked();
            let href = if search.is_empty() {
                path.clone()
            } else {
                format!("{path}?{search}")
            };
            if let Some(window) = web_sys::window() {
                let _ = window.location().assign(&href);
            }
        }
        #[cfg(not(feature = "hydrate"))]
        let _ = entering;
        path
    });
}

/// Any address the app does not know.
#[component]
fn NotFound() -> impl IntoView {
    let i18n = use_i18n();
    view! { <main class="page"><h1>{t!(i18n, not_found)}</h1><a href="/">{t!(i18n, app_name)}</a></main> }
}

/// The application: languages (browser first, then the remembered choice) and the routes.
#[component]
pub fn App() -> impl IntoView {
    provide_meta_context();
    // Every page is rendered whole on the server before it is sent (`SsrMode::Async`), not
    // streamed out of order: the page's data and its HTML then come in one piece, in one order,
    // and hydration meets exactly what the server rendered. The data is local to the server:
    // waiting for it costs milliseconds.
    crate::ui::components::ArmedConfirm::provide();
    crate::ui::outbox::Outbox::provide();
    #[cfg(feature = "ssr")]
    provide_quiet_language_context();
    view! {
        // The language cookie is the whole site's (`/`): by default it takes the folder of the
        // page it is set on, and a choice made on `/director/sign-in` stayed under `/director`.
        <I18nContextProvider cookie_options=language_cookie()>
            <Title text="clubtd" />
            <Router>
                <DirectorPagesLoadWhole />
                <Routes fallback=NotFound>
                    <Route path=path!("/") view=|| view! { <HomePage /> <HydratedMark /> } ssr=SsrMode::Async />
                    <Route path=path!("/director") view={Lazy::<DirectorRoute>::new()} ssr=SsrMode::Async />
                    <Route path=path!("/director/sign-in") view=|| view! { <SignInPage /> <HydratedMark /> } ssr=SsrMode::Async />
                    <Route path=path!("/director/tables") view={Lazy::<QrSheetRoute>::new()} ssr=SsrMode::Async />
                    <Route path=path!("/director/tournaments") view={Lazy::<TournamentsRoute>::new()} ssr=SsrMode::Async />
                    <Route path=path!("/director/players") view={Lazy::<PlayersRoute>::new()} ssr=SsrMode::Async />
                    <Route path=path!("/director/receipt/:player") view={Lazy::<ReceiptRoute>::new()} ssr=SsrMode::Async />
                    <Route path=path!("/director/print/:sheet") view={Lazy::<PrintRoute>::new()} ssr=SsrMode::Async />
                    <Route path=path!("/ranking") view={Lazy::<RankingRoute>::new()} ssr=SsrMode::Async />
                    <Route path=path!("/table/:n") view=|| view! { <TablePage /> <HydratedMark /> } ssr=SsrMode::Async />
                    <Route path=path!("/player") view=|| view! { <PlayerPage /> <HydratedMark /> } ssr=SsrMode::Async />
                    <Route path=path!("/me/:token") view=|| view! { <MePage /> <HydratedMark /> } ssr=SsrMode::Async />
                    <Route path=path!("/signup") view={Lazy::<SignUpRoute>::new()} ssr=SsrMode::Async />
                    <Route path=path!("/signup/:token") view={Lazy::<SignUpPlaceRoute>::new()} ssr=SsrMode::Async />
                    <Route path=path!("/screen") view=|| view! { <ScreenPage /> <HydratedMark /> } ssr=SsrMode::Async />
                </Routes>
            </Router>
        </I18nContextProvider>
    }
}

/// The language cookie's options: the whole site's, and read but never written by the
/// server. The pages' language is chosen in the browser (the app's switch) or by a `?lang=`
/// address (`http::language`, a redirect of its own); a page the server renders only reads it.
/// Left to leptos_i18n, every render wrote the cookie back from an effect the server runs on
/// its own later, and one evening on a busy server (CI, session 29) a phone in English got the
/// Dutch phone's `Set-Cookie` beside it and its next refresh came in Dutch.
fn language_cookie() -> CookieOptions<Locale> {
    let options = CookieOptions::default().path("/");
    #[cfg(feature = "ssr")]
    let options = options.ssr_set_cookie(|_| {});
    options
}

/// On the server, the language context is made here, before `I18nContextProvider` (which
/// then finds it and makes none), with its effects paused. leptos_i18n's context runs an
/// effect on the server as a task of its own, after the page is rendered, only to write the
/// cookie back (which `language_cookie` makes a no-op anyway). When the page's reader has
/// gone (a phone losing the WiFi mid-page), the page's owner is disposed before that task
/// runs and it panicked reading the disposed locale ("reactive value … already disposed";
/// `tests/pages_dropped.rs`, once in 324 dropped pages in a clean-clone CI run).
/// The browser keeps leptos_i18n's own context, whose effect writes the cookie as it should.
#[cfg(feature = "ssr")]
fn provide_quiet_language_context() {
    use leptos_i18n::context::{init_i18n_context_with_options, I18nContextOptions};
    let quiet = Owner::new();
    let i18n = quiet.with(|| {
        init_i18n_context_with_options::<Locale>(
            I18nContextOptions::<Locale>::default().cookie_options(language_cookie()),
        )
    });
    // Every effect made above, and only those: the page's own resources are not children of
    // this owner.
    quiet.pause();
    provide_context(i18n);
    // The owner lives as long as the page's own (dropped, it would dispose the locale at once).
    provide_context(QuietLanguageOwner(quiet));
}

/// Keeps the paused owner of the server's language context alive with the page.
#[cfg(feature = "ssr")]
#[derive(Clone)]
struct QuietLanguageOwner(#[allow(dead_code)] Owner);

/// A page loaded with its own code when it is opened (a lazy route: `cargo leptos --split`
/// puts it in a chunk of its own, so a phone on `/player` never downloads it).
macro_rules! lazy_page {
    ($route:ident, $page:ident) => {
        #[doc = concat!("`", stringify!($page), "` as a lazy route.")]
        struct $route;

        #[lazy_route]
        impl LazyRoute for $route {
            fn data() -> Self {
                $route
            }

            fn view(_this: Self) -> AnyView {
                view! { <$page /> <HydratedMark /> }.into_any()
            }
        }
    };
}

lazy_page!(DirectorRoute, DirectorPage);
lazy_page!(QrSheetRoute, QrSheetPage);
lazy_page!(TournamentsRoute, TournamentsPage);
lazy_page!(PlayersRoute, PlayersPage);
lazy_page!(ReceiptRoute, ReceiptPage);
lazy_page!(PrintRoute, PrintPage);
lazy_page!(RankingRoute, RankingPage);
lazy_page!(SignUpRoute, SignUpPage);
lazy_page!(SignUpPlaceRoute, SignUpPlacePage);
// The phones' faces (/player, /me, /table, /screen) stay in the main code: made lazy too
// (measured in session 17, BENCHMARKS.md "Lazy phone faces"), each route drew about a hundred
// small shared chunks after the main code, loaded in a second round: /player and /me saved
// 40–50 KiB, /table grew by 130 KiB, and every one became interactive later.

/// Marks the page as hydrated once its own part of it is (effects only run in the browser),
/// for tests and for CSS. Inside each route's view: a lazy route hydrates after its chunk has
/// come, later than the rest of the page.
#[component]
fn HydratedMark() -> impl IntoView {
    Effect::new(|_| {
        #[cfg(feature = "hydrate")]
        if let Some(body) = document().body() {
            let _ = body.set_attribute("data-hydrated", "1");
        }
    });
}
