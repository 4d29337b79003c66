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
        /// The SQLite database file.
        #[arg(long, env = "CLUBTD_DB", default_value = "data/clubtd.sqlite")]
        db: PathBuf,
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
            return std::process::ExitCode::FAILURE;
        }
    }
    tracing_subscriber::fmt()
        .with_env_filter(tracing_subscriber::EnvFilter::new(&args.log))
        .init();
    let conf = match get_configuration(None) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("leptos configuration: {e}");
            return std::process::ExitCode::FAILURE;
        }
    };
    let mut options = conf.leptos_options;
    options.site_addr = args.addr;
    // A release build names its code and style by their content, listed in a file beside the
    // binary: the pages then ask for those names, which browsers keep for good.
    options.hash_files = clubtd::server::http::serve::hash_file(&options).is_file();
    let config = ServerConfig {
        addr: args.addr,
        database: args.db,
        demo: !args.no_demo,
        director_pin: args.director_pin,
    };
    match run(config, options).await {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("clubtd: {e}");
            std::process::ExitCode::FAILURE
        }
    }
}

#[cfg(not(feature = "ssr"))]
fn main() {}
