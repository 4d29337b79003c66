//! Generates the `i18n` module (leptos_i18n) from `locales/{en,nl,fr}.json` at compile time,
//! so a missing or misspelt translation key is a compile error, not a blank on a page; and
//! rebuilds the one-file build when its staged site changes.

use leptos_i18n_build::{Config, ParseOptions, TranslationsInfos};
use std::error::Error;
use std::path::PathBuf;

fn main() -> Result<(), Box<dyn Error>> {
    println!("cargo::rerun-if-changed=build.rs");
    println!("cargo::rerun-if-changed=Cargo.toml");
    // The one-file build embeds the staged site: a new staging is a new binary.
    println!("cargo::rerun-if-env-changed=CLUBTD_SITE_DIR");
    if let Some(site) = std::env::var_os("CLUBTD_SITE_DIR") {
        println!("cargo::rerun-if-changed={}", PathBuf::from(site).display());
    }
    let out = PathBuf::from(std::env::var_os("OUT_DIR").ok_or("OUT_DIR not set")?).join("i18n");
    // `interpolate_display`: `t_string!` with values, for texts that are not shown but said
    // (the room screen's spoken announcements).
    let cfg = Config::new("en")?
        .add_locale("nl")?
        .add_locale("fr")?
        .parse_options(ParseOptions::new().interpolate_display(true));
    let infos = TranslationsInfos::parse(cfg)?;
    infos.emit_diagnostics();
    infos.rerun_if_locales_changed();
    infos.generate_i18n_module(out)?;
    Ok(())
}
