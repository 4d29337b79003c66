//! The clubtd server binary: flags and environment, logging, then serve.

#[cfg(feature = "ssr")]
#[tokio::main]
async fn main() -> std::process::ExitCode {
    use clap::Parser;
    use clubtd::server::http::serve::{run, ServerConfig};
    use leptos::prelude::get_configuration;
    use std::net::SocketAddr;
    use std::path::PathBuf;

    /// Tournament manager for self-deal poker clubs.
    #[derive(Parser, Debug)]
    #[command(version)]
    struct Args {
        /// Address to listen on (default: every interface, so phones on the club's network reach it).
        #[arg(long, env = "CLUBTD_ADDR", default_value = "0.0.0.0:3000")]
        addr: SocketAddr,
        /// The SQLite database file (backups go to a folder beside it). Default: the user's
        /// data folder in the one-file build for clubs, `data/clubtd.sqlite` otherwise.
        #[arg(long, env = "CLUBTD_DB")]
        db: Option<PathBuf>,
        /// Log filter (tracing's EnvFilter syntax), e.g. `info` or `clubtd=debug`.
        #[arg(long, env = "CLUBTD_LOG", default_value = "info")]
        log: String,
        /// Sets the director's PIN, 6 to 32 digits (stored as an argon2 hash). Prefer the
        /// environment variable: other users of the machine see a flag in `ps`. A new PIN
        /// ends every director session and API token: it is also the way back in for a
        /// director who lost the PIN or was locked out.
        #[arg(long, env = "CLUBTD_DIRECTOR_PIN", hide_env_values = true)]
        director_pin: Option<String>,
        /// Do not create the demo tournament in an empty database.
        #[arg(long, env = "CLUBTD_NO_DEMO")]
        no_demo: bool,
        /// Do not open the director's page in the default browser at start (the one-file
        /// build opens it; a developer's build never does).
        #[arg(long, env = "CLUBTD_NO_BROWSER")]
        no_browser: bool,
        /// Anonymous sign-ups from one address in ten minutes (phones at the door, a club
        /// website's visitors). Raise it when the server is on the internet and the club's
        /// WiFi reaches it as one address.
        #[arg(long, env = "CLUBTD_SIGN_UPS_PER_ADDRESS", default_value_t = clubtd::server::application::sign_up::PER_ADDRESS)]
        sign_ups_per_address: usize,
        /// Names the server answers to besides its IP addresses, `localhost` and the
        /// machine's own name (comma separated): a name the club gave the machine in its DNS,
        /// or a reverse proxy's. Any other name is refused (a page on another site that made
        /// its own name point here).
        #[arg(long, env = "CLUBTD_ALLOWED_HOSTS", value_delimiter = ',')]
        allowed_hosts: Vec<String>,
        /// Print the OpenAPI document of /api/v1 and exit.
        #[arg(long)]
        openapi: bool,
    }

    let args = Args::parse();
    if args.openapi {
        println!("{}", clubtd::server::http::json_api::document());
        return std::process::ExitCode::SUCCESS;
    }
    if let Some(pin) = &args.director_pin {
        if let Err(e) = clubtd::server::auth::check_new_pin(pin) {
            eprintln!("clubtd: {e}");
            return failed();
        }
    }
    tracing_subscriber::fmt()
        .with_env_filter(tracing_subscriber::EnvFilter::new(&args.log))
        .init();
    let conf = match get_configuration(None) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("leptos configuration: {e}");
            return failed();
        }
    };
    let mut options = conf.leptos_options;
    options.site_addr = args.addr;
    #[cfg(feature = "embed")]
    if let Err(e) = use_embedded_site(&mut options) {
        eprintln!("clubtd: the pages could not be unpacked: {e}");
        return failed();
    }
    // A release build names its code and style by their content, listed in a file beside the
    // binary: the pages then ask for those names, which browsers keep for good.
    options.hash_files = clubtd::server::http::serve::hash_file(&options).is_file();
    let config = ServerConfig {
        addr: args.addr,
        database: args
            .db
            .unwrap_or_else(clubtd::server::folders::default_database),
        demo: !args.no_demo,
        director_pin: args.director_pin,
        open_browser: cfg!(feature = "embed") && !args.no_browser,
        sign_ups_per_address: args.sign_ups_per_address,
        allowed_hosts: args.allowed_hosts,
    };
    match run(config, options).await {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("clubtd: {e}");
            failed()
        }
    }
}

/// The one-file build: the pages come out of the binary into the user's cache folder, and the
/// server runs as a release (no reload script in the pages).
#[cfg(all(feature = "ssr", feature = "embed"))]
fn use_embedded_site(options: &mut leptos::prelude::LeptosOptions) -> std::io::Result<()> {
    use clubtd::server::http::embedded_site;
    let cache = clubtd::server::folders::user_cache()
        .unwrap_or_else(|| std::env::temp_dir().join("clubtd"));
    let site = embedded_site::unpack(&cache)?;
    options.site_root = site.root.to_string_lossy().into();
    // Leptos reads the hash file at `<binary's folder>/<hash_file>`: an absolute path
    // replaces the folder.
    options.hash_file = site.hash_file.to_string_lossy().into();
    options.env = leptos::config::Env::PROD;
    Ok(())
}

/// A failed start. On Windows a double-clicked clubtd's window closes as the program ends, so
/// the reason would vanish before anyone read it: it waits for Enter first.
#[cfg(feature = "ssr")]
fn failed() -> std::process::ExitCode {
    #[cfg(all(windows, feature = "embed"))]
    {
        eprintln!("Press Enter to close this window.");
        let mut line = String::new();
        let _ = std::io::stdin().read_line(&mut line);
    }
    std::process::ExitCode::FAILURE
}

#[cfg(not(feature = "ssr"))]
fn main() {}
