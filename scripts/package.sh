#!/usr/bin/env bash
# The one-file packages for clubs (issue S): clubtd with its pages inside, for the laptops
# clubs have, each with the club README in English, Dutch and French.
#
#   scripts/package.sh                 both archives into dist/
#   scripts/package.sh linux           dist/clubtd-<version>-linux-x86_64.tar.gz (static, musl)
#   scripts/package.sh windows         dist/clubtd-<version>-windows-x86_64.zip (mingw-w64)
#   CLUBTD_SITE_BUILT=1 scripts/package.sh ...   reuse target/site of a release build just made
#   CLUBTD_PACKAGE_PROFILE=dev scripts/package.sh ...   the server unoptimised (the tests in
#       scripts/test.sh: the same files and code paths in a third of the build time; what clubs
#       get is the release build)
#
# Sets up what is missing (scripts/setup.sh, then scripts/cross-targets.sh: the two targets'
# standard libraries and linkers), builds the site once (cargo leptos, release, precompressed,
# split), stages it with cargo-leptos' hash.txt, then builds the server for each target with
# the `embed` feature and the same Leptos settings cargo-leptos gives its own server build.
# docs/packaging.md says why it is built this way, and what macOS would take.
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(linux windows)
for t in "${targets[@]}"; do
  case "$t" in linux | windows) ;; *) echo "unknown package '$t' (linux, windows)" >&2; exit 2 ;; esac
done

"$repo/scripts/setup.sh"
"$repo/scripts/cross-targets.sh" "${targets[@]}"
source "$repo/scripts/env.sh"
source "$repo/scripts/cross-env.sh"
cd "$repo"
profile="${CLUBTD_PACKAGE_PROFILE:-release}"
case "$profile" in release) out=release ;; dev) out=debug ;; *)
  echo "CLUBTD_PACKAGE_PROFILE is release or dev, not '$profile'" >&2; exit 2 ;; esac
version="$(awk -F'"' '/^version = /{print $2; exit}' Cargo.toml)"

if [ "${CLUBTD_SITE_BUILT:-0}" != 1 ] || [ ! -f target/release/hash.txt ]; then
  echo "== the site (cargo leptos build --release --precompress --split)"
  cargo leptos build --release --precompress --split
fi

# The staged site: what the pages load, and the hash file that names them.
stage="$repo/target/package/site"
rm -rf "$stage"
mkdir -p "$stage"
cp -R target/site/. "$stage/"
cp target/release/hash.txt "$stage/hash.txt"

# What cargo-leptos sets for its own (native) server build: the server must name the same
# files and server functions as the wasm it serves.
leptos_env=(
  LEPTOS_OUTPUT_NAME=clubtd LEPTOS_SITE_ROOT=target/site LEPTOS_SITE_PKG_DIR=pkg
  LEPTOS_SITE_ADDR=0.0.0.0:3000 LEPTOS_RELOAD_PORT=3001 LEPTOS_LIB_DIR=. LEPTOS_BIN_DIR=.
  LEPTOS_JS_MINIFY=true LEPTOS_HASH_FILES=true LEPTOS_HASH_FILE_NAME=hash.txt
  CLUBTD_SITE_DIR="$stage" "CARGO_PROFILE_${profile^^}_STRIP=symbols"
)

mkdir -p dist
readmes=(packaging/clubs/README.txt packaging/clubs/LEESMIJ.txt packaging/clubs/LISEZMOI.txt)

for t in "${targets[@]}"; do
  triple="$(clubtd_triple "$t")"
  name="clubtd-$version-$t-x86_64"
  echo "== $name ($triple, $profile)"
  env "${leptos_env[@]}" cargo build --profile "$profile" --locked --no-default-features --features embed \
    --bin clubtd --target "$triple"
  dir="target/package/$name"
  rm -rf "$dir"
  mkdir -p "$dir"
  if [ "$t" = windows ]; then
    cp "target/$triple/$out/clubtd.exe" "$dir/"
    # Notepad reads either, older ones only CRLF.
    for f in "${readmes[@]}"; do sed 's/$/\r/' "$f" >"$dir/$(basename "$f")"; done
    rm -f "dist/$name.zip"
    (cd target/package && python3 -m zipfile -c "$repo/dist/$name.zip" "$name")
    echo "dist/$name.zip ($(du -h "dist/$name.zip" | cut -f1))"
  else
    cp "target/$triple/$out/clubtd" "$dir/"
    cp "${readmes[@]}" "$dir/"
    tar -C target/package -czf "dist/$name.tar.gz" "$name"
    echo "dist/$name.tar.gz ($(du -h "dist/$name.tar.gz" | cut -f1))"
  fi
done
