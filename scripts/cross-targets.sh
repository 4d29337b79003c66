#!/usr/bin/env bash
# Prepares the two targets of the club packages, and skips what is already there:
#   linux    x86_64-unknown-linux-musl  (a static binary: runs on any x86_64 Linux)
#   windows  x86_64-pc-windows-gnu      (linked by Debian's mingw-w64)
# Usage: scripts/cross-targets.sh [linux] [windows]     (default: both)
#
# Where rustup reaches the Rust distribution server, `rustup target add` brings each standard
# library. Here it does not: the standard library is built once from Debian's rustc-web
# source (as scripts/setup.sh does for wasm32) and installed into that compiler's sysroot.
# The musl target links "self-contained" start files that rustup's target would carry: they
# come from Debian's musl-dev and gcc, and the unwinder from LLVM's libunwind (libunwind-22-dev,
# with a two-line shim: Debian builds it against glibc's checked fprintf). docs/packaging.md.
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source "$repo/scripts/env.sh"
source "$repo/scripts/cross-env.sh"

say() { printf '\033[1;36m[cross]\033[0m %s\n' "$*"; }
as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else
    echo "need root for: $*" >&2; return 1; fi
}
apt_install() {
  local missing=()
  for pkg in "$@"; do dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg"); done
  [ ${#missing[@]} -eq 0 ] && return 0
  say "apt: installing ${missing[*]}"
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(linux windows)

std_present() {
  local dir
  dir="$(rustc --print target-libdir --target "$1" 2>/dev/null)" || return 1
  ls "$dir"/libstd-*.rlib >/dev/null 2>&1
}

# The standard library of `$1`, built from the compiler's own source into its sysroot.
build_std() {
  local triple=$1 sysroot build
  sysroot="$(rustc --print sysroot)"
  if [ ! -d "$sysroot/lib/rustlib/src/rust/library" ]; then
    echo "no standard library source for $(rustc --version) (Debian: rust-web-src)" >&2
    return 1
  fi
  say "building the $triple standard library from source (about 2 minutes)"
  build="$(mktemp -d)"
  mkdir -p "$build/src"
  printf '[package]\nname="stdbuild"\nversion="0.0.0"\nedition="2021"\n[lib]\ncrate-type=["rlib"]\n' >"$build/Cargo.toml"
  echo '#![no_std]' >"$build/src/lib.rs"
  (cd "$build" && RUSTC_BOOTSTRAP=1 CARGO_HOME="$build/.cargo" cargo build --quiet --release \
    --target "$triple" -Zbuild-std=std,panic_unwind,panic_abort)
  local lib="$sysroot/lib/rustlib/$triple/lib"
  as_root mkdir -p "$lib"
  as_root cp "$build/target/$triple/release/deps/"*.rlib "$lib/"
  as_root rm -f "$lib"/libstdbuild-*.rlib
  rm -rf "$build"
}

# The musl target's start files, C library and unwinder, where rustc looks for them.
musl_self_contained() {
  local sc gcc_dir
  sc="$(rustc --print sysroot)/lib/rustlib/x86_64-unknown-linux-musl/lib/self-contained"
  [ -f "$sc/libunwind.a" ] && [ -f "$sc/rcrt1.o" ] && return 0
  apt_install libunwind-22-dev
  say "musl: start files and unwinder into $sc"
  gcc_dir="$(dirname "$(gcc -print-libgcc-file-name)")"
  as_root mkdir -p "$sc"
  as_root cp /usr/lib/x86_64-linux-musl/{crt1.o,rcrt1.o,Scrt1.o,crti.o,crtn.o,libc.a} "$sc/"
  as_root cp "$gcc_dir"/{crtbegin.o,crtbeginS.o,crtbeginT.o,crtend.o,crtendS.o,libgcc.a} "$sc/"
  local shim
  shim="$(mktemp -d)"
  cat >"$shim/fortify.c" <<'EOF'
/* Debian's LLVM libunwind is built for glibc with _FORTIFY_SOURCE: its debug prints call
   glibc's checked fprintf, which musl does not have. */
#include <stdarg.h>
#include <stdio.h>
int __fprintf_chk(FILE *f, int flag, const char *fmt, ...) {
  (void)flag;
  va_list ap;
  va_start(ap, fmt);
  int n = vfprintf(f, fmt, ap);
  va_end(ap);
  return n;
}
EOF
  musl-gcc -O2 -fPIC -c "$shim/fortify.c" -o "$shim/fortify.o"
  cp /usr/lib/llvm-22/lib/libunwind.a "$shim/libunwind.a"
  ar rcs "$shim/libunwind.a" "$shim/fortify.o"
  as_root cp "$shim/libunwind.a" "$sc/libunwind.a"
  rm -rf "$shim"
}

for t in "${targets[@]}"; do
  triple="$(clubtd_triple "$t")"
  case "$t" in
    linux) apt_install musl-tools ;;
    windows) apt_install gcc-mingw-w64-x86-64 ;;
  esac
  if ! std_present "$triple"; then
    if [ "${RUSTUP_TOOLCHAIN:-}" != "$CLUBTD_WEB_TOOLCHAIN" ] \
      && timeout 60 rustup target add "$triple" >/dev/null 2>&1 && std_present "$triple"; then
      say "$triple installed by rustup"
    else
      build_std "$triple"
    fi
  fi
  # rustup's musl target carries its own start files; the one built here takes Debian's.
  if [ "$t" = linux ] && [ "${RUSTUP_TOOLCHAIN:-}" = "$CLUBTD_WEB_TOOLCHAIN" ]; then
    musl_self_contained
  fi
  say "$triple ready"
done
