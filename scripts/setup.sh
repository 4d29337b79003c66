#!/usr/bin/env bash
# Prepares everything clubtd needs to build, run and test, and skips what is already there.
#
# Idempotent: a second run only checks and finishes in seconds. Two routes for the wasm32
# standard library: rustup's download where the Rust distribution server answers, else
# Debian's rustc-web with a wasm32 std built once from its source (no internet needed beyond
# the Debian, crates.io and npm registries). See docs/toolchain.md.
set -euo pipefail

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=scripts/env.sh
source "$repo/scripts/env.sh"

say() { printf '\033[1;36m[setup]\033[0m %s\n' "$*"; }
have() { command -v "$1" >/dev/null 2>&1; }

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"; elif have sudo; then sudo "$@"; else
    echo "need root for: $*" >&2; return 1; fi
}

apt_updated=0
apt_install() {
  local missing=()
  for pkg in "$@"; do
    dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  say "apt: installing ${missing[*]}"
  if [ $apt_updated = 0 ]; then as_root apt-get update -qq; apt_updated=1; fi
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
}

# --- 1. a Rust toolchain with the wasm32 standard library ---------------------------------
wasm_std_present() {
  local dir
  dir="$(rustc +"$1" --print target-libdir --target wasm32-unknown-unknown 2>/dev/null)" || return 1
  ls "$dir"/libstd-*.rlib >/dev/null 2>&1
}

# Debian's rustc-web (1.96) as a rustup toolchain named clubtd-web. It builds cargo-leptos
# (which needs rustc 1.96) and, offline, the whole project.
link_debian_compiler() {
  # rust-web-llvm gives rust-lld, which needs lld-22; rust-web-src is the std source.
  apt_install rustc-web cargo-web rust-web-src rust-web-llvm lld-22
  if ! rustup toolchain list | grep -q "^$CLUBTD_WEB_TOOLCHAIN"; then
    local dir="$CLUBTD_TOOLS/toolchain-web"
    mkdir -p "$dir/bin"
    ln -sf /usr/bin/rustc /usr/bin/cargo /usr/bin/rustdoc "$dir/bin/"
    [ -e "$dir/lib" ] || ln -s /usr/lib "$dir/lib"
    rustup toolchain link "$CLUBTD_WEB_TOOLCHAIN" "$dir"
  fi
}

prepare_debian_web_toolchain() {
  link_debian_compiler
  local sysroot_lib=/usr/lib/rustlib/wasm32-unknown-unknown/lib
  if ! ls "$sysroot_lib"/libstd-*.rlib >/dev/null 2>&1; then
    say "building the wasm32 standard library from Debian's source (about a minute)"
    local build
    build="$(mktemp -d)"
    mkdir -p "$build/src"
    printf '[package]\nname="stdbuild"\nversion="0.0.0"\nedition="2021"\n[lib]\ncrate-type=["rlib"]\n' >"$build/Cargo.toml"
    echo '#![no_std]' >"$build/src/lib.rs"
    (cd "$build" && RUSTC_BOOTSTRAP=1 RUSTC=/usr/bin/rustc CARGO_HOME="$build/.cargo" \
      /usr/bin/cargo build --quiet --release --target wasm32-unknown-unknown \
      -Zbuild-std=std,panic_abort)
    as_root mkdir -p "$sysroot_lib"
    as_root cp "$build"/target/wasm32-unknown-unknown/release/deps/*.rlib "$sysroot_lib/"
    as_root rm -f "$sysroot_lib"/libstdbuild-*.rlib
    rm -rf "$build"
  fi
}

if [ -z "${RUSTUP_TOOLCHAIN:-}" ] || ! wasm_std_present "$RUSTUP_TOOLCHAIN"; then
  if wasm_std_present stable; then
    :
  elif timeout 30 rustup target add --toolchain stable wasm32-unknown-unknown >/dev/null 2>&1 \
    && wasm_std_present stable; then
    say "wasm32 target installed by rustup"
  else
    say "Rust distribution server unreachable: using Debian's rustc-web route"
    prepare_debian_web_toolchain
  fi
  source "$repo/scripts/env.sh"   # picks the toolchain that now has the wasm32 std
fi
say "toolchain: ${RUSTUP_TOOLCHAIN} ($(rustc --version))"

# --- 2. cargo-leptos, wasm-bindgen-cli (the Cargo.lock version), wasm-opt -----------------
rustc_minor() { rustc +"$1" --version | awk '{split($2, v, "."); print v[2]}'; }
if ! have cargo-leptos || [ "$(cargo-leptos --version | awk '{print $2}')" != "$CARGO_LEPTOS_VERSION" ]; then
  # cargo-leptos 0.3.11's locked dependencies need rustc 1.96: use Debian's when ours is older.
  installer="$RUSTUP_TOOLCHAIN"
  if [ "$(rustc_minor "$installer")" -lt 96 ]; then link_debian_compiler; installer=$CLUBTD_WEB_TOOLCHAIN; fi
  say "installing cargo-leptos $CARGO_LEPTOS_VERSION with $installer (about 20 minutes, once per machine)"
  cargo +"$installer" install cargo-leptos --version "$CARGO_LEPTOS_VERSION" --locked
fi

bindgen_version="$(awk '/^name = "wasm-bindgen"$/{getline; gsub(/version = |"/,""); print; exit}' "$repo/Cargo.lock")"
if [ -z "$bindgen_version" ]; then echo "wasm-bindgen not found in Cargo.lock" >&2; exit 1; fi
if ! have wasm-bindgen || [ "$(wasm-bindgen --version | awk '{print $2}')" != "$bindgen_version" ]; then
  say "installing wasm-bindgen-cli $bindgen_version (must match Cargo.lock)"
  # --locked fails against this registry (a locked webpki-roots is missing), so not locked.
  cargo install wasm-bindgen-cli --version "$bindgen_version" --force
fi

# Node tools (wasm-opt from npm binaryen, Playwright) live in the repository's end2end/.
# The browsers of the tests, all Debian's: Chromium (every spec), Firefox ESR and WebKitGTK
# (smoke suites; WebKit's driver needs a virtual display).
apt_install chromium firefox-esr webkit2gtk-driver xvfb
if [ ! -x "$repo/end2end/node_modules/.bin/wasm-opt" ] || [ ! -d "$repo/end2end/node_modules/@playwright/test" ] \
  || [ "$repo/end2end/package-lock.json" -nt "$repo/end2end/node_modules/.package-lock.json" ]; then
  say "installing end2end node packages (Playwright, binaryen) without browser download"
  (cd "$repo/end2end" && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error)
fi

# schemathesis (pinned) in its own virtualenv, for fuzzing /api/v1 against its OpenAPI
# document. CPython 3.11.7 trips over a bug of its own in schemathesis's coverage phase
# ("AST constructor recursion depth mismatch"), so a newer Python is preferred when present.
SCHEMATHESIS_VERSION=4.32.5
fuzz_venv="$repo/target/schemathesis-venv"
if [ ! -x "$fuzz_venv/bin/schemathesis" ] || [ "$("$fuzz_venv/bin/schemathesis" --version | awk '{print $3}')" != "$SCHEMATHESIS_VERSION" ]; then
  python=""
  # (pyenv shims exist for versions that are not selected, so each candidate is run.)
  for candidate in "$(pyenv root 2>/dev/null)"/versions/3.12*/bin/python3 python3.12 \
    "$(pyenv root 2>/dev/null)"/versions/3.13*/bin/python3 python3.13 python3; do
    if "$candidate" -c 'import venv' >/dev/null 2>&1; then python="$candidate"; break; fi
  done
  say "installing schemathesis $SCHEMATHESIS_VERSION with $($python --version)"
  rm -rf "$fuzz_venv"
  "$python" -m venv "$fuzz_venv"
  "$fuzz_venv/bin/pip" install --quiet --disable-pip-version-check "schemathesis==$SCHEMATHESIS_VERSION"
fi

say "ready"
