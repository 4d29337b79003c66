# Sourced by the project's scripts: PATH and the Rust toolchain to use, nothing installed here.
# The same toolchain must serve cargo test, clippy and cargo leptos, or every dependency
# compiles twice.
export CLUBTD_WEB_TOOLCHAIN=clubtd-web
export CARGO_LEPTOS_VERSION=0.3.11
export CLUBTD_TOOLS="${CLUBTD_TOOLS:-$HOME/.local/share/clubtd}"
_clubtd_repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export PATH="$HOME/.cargo/bin:$_clubtd_repo/end2end/node_modules/.bin:$PATH"

_clubtd_has_wasm_std() {
  local dir
  dir="$(rustc +"$1" --print target-libdir --target wasm32-unknown-unknown 2>/dev/null)" || return 1
  ls "$dir"/libstd-*.rlib >/dev/null 2>&1
}
# Prefer rustup's stable when it has the wasm32 std (internet route), else the Debian one.
if _clubtd_has_wasm_std stable; then
  export RUSTUP_TOOLCHAIN=stable
elif rustup toolchain list 2>/dev/null | grep -q "^$CLUBTD_WEB_TOOLCHAIN"; then
  export RUSTUP_TOOLCHAIN=$CLUBTD_WEB_TOOLCHAIN
else
  unset RUSTUP_TOOLCHAIN
fi
