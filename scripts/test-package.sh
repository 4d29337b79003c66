#!/usr/bin/env bash
# Tests the club packages that scripts/package.sh made in dist/, as a club would start them:
#   linux    the archive unpacked into an empty folder, the binary started from another empty
#            folder with an empty HOME and nothing else: it makes its database in the user's
#            data folder, unpacks its pages into the user's cache, serves every face (a
#            Playwright run: hydration, a bust from a table, a backup), stops on Ctrl-C with
#            the WAL folded in, and starts again on the same data without unpacking again;
#   windows  the archive holds a PE32+ console executable; where Wine is installed, it starts
#            under Wine, answers a page, stores a command and keeps it across a restart.
# Usage: scripts/test-package.sh [linux] [windows]     (default: both)
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(linux windows)
version="$(awk -F'"' '/^version = /{print $2; exit}' "$repo/Cargo.toml")"
pin=246813
port="${CLUBTD_PACKAGE_PORT:-3927}"
work="$(mktemp -d)"
server=""
cleanup() {
  [ -n "$server" ] && kill "$server" 2>/dev/null && wait "$server" 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT

fail() { echo "package test: $*" >&2; [ -f "$work/server.log" ] && tail -20 "$work/server.log" >&2; exit 1; }

# wait_up URL: until the page answers (the server is alive meanwhile).
wait_up() {
  for _ in $(seq 1 150); do
    curl -fsS "$1" >/dev/null 2>&1 && return 0
    kill -0 "$server" 2>/dev/null || fail "the server stopped while starting"
    sleep 0.2
  done
  fail "no answer from $1"
}

test_linux() {
  local name="clubtd-$version-linux-x86_64" home="$work/home" empty="$work/empty" bin
  echo "== package test: $name"
  mkdir -p "$work/unpacked" "$home" "$empty"
  tar -C "$work/unpacked" -xzf "$repo/dist/$name.tar.gz"
  bin="$work/unpacked/$name/clubtd"
  file "$bin" | grep -q "static" || fail "not a static binary: $(file "$bin")"
  for f in README.txt LEESMIJ.txt LISEZMOI.txt; do
    [ -s "$work/unpacked/$name/$f" ] || fail "$f missing from the archive"
  done
  # Started as a club would: from an empty folder, no other file, an empty home.
  start_linux() {
    (cd "$empty" && exec env -i HOME="$home" PATH=/usr/bin:/bin CLUBTD_DIRECTOR_PIN=$pin \
      "$bin" --addr "127.0.0.1:$port" --no-browser --log warn) >"$work/server.log" 2>&1 &
    server=$!
    wait_up "http://127.0.0.1:$port/player"
  }
  start_linux
  local data="$home/.local/share/clubtd" cache="$home/.cache/clubtd/site"
  [ -f "$data/clubtd.sqlite" ] || fail "no database in the user's data folder ($data)"
  [ "$(ls "$cache" | wc -l)" = 1 ] || fail "expected one unpacked build in $cache"
  [ -f "$cache"/*/hash.txt ] || fail "the unpacked site has no hash.txt"
  [ -z "$(ls -A "$empty")" ] || fail "the binary wrote into its working folder: $(ls -A "$empty")"
  grep -q "director     http://" "$work/server.log" || fail "the faces' addresses were not printed"
  (cd "$repo/end2end" && BASE_URL="http://127.0.0.1:$port" DIRECTOR_PIN=$pin EXPECT_BACKUP_DIR="$data/backups" \
    npx playwright test -c package.config.ts)
  # Ctrl-C: a clean stop, the WAL folded into the database file.
  kill -INT "$server"
  wait "$server" || fail "the server did not exit cleanly on Ctrl-C"
  server=""
  grep -q "clubtd stopped." "$work/server.log" || fail "no clean stop"
  [ ! -s "$data/clubtd.sqlite-wal" ] || fail "the WAL was left behind"
  # Again on the same data: nothing unpacked again, the bust still there.
  local stamp
  stamp="$(stat -c %Y "$cache"/*/hash.txt)"
  start_linux
  [ "$(stat -c %Y "$cache"/*/hash.txt)" = "$stamp" ] || fail "the site was unpacked again"
  local busted
  busted="$(curl -fsS "http://127.0.0.1:$port/api/v1/tournaments/1" | python3 -c 'import json,sys; v=json.load(sys.stdin)["view"]; print(v["entries"] - v["players_left"])')"
  [ "$busted" -ge 1 ] || fail "the bust did not survive the restart"
  kill -INT "$server"; wait "$server" || true; server=""
  echo "linux package: passed"
}

test_windows() {
  local name="clubtd-$version-windows-x86_64" dir exe
  echo "== package test: $name"
  mkdir -p "$work/win"
  python3 -m zipfile -e "$repo/dist/$name.zip" "$work/win"
  dir="$work/win/$name"
  exe="$dir/clubtd.exe"
  file "$exe" | grep -q "PE32+ executable (console) x86-64" || fail "not a 64-bit Windows console program: $(file "$exe")"
  grep -q $'\r$' "$dir/LEESMIJ.txt" || fail "the READMEs lack Windows line ends"
  # Debian's Wine, for this test only (about 20 s; --no-install-recommends keeps it small).
  if ! command -v wine64 >/dev/null 2>&1 && [ ! -x /usr/lib/wine/wine64 ] && command -v apt-get >/dev/null; then
    if [ "$(id -u)" = 0 ]; then as_root=(); else as_root=(sudo); fi
    "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends wine64 >/dev/null 2>&1 \
      || echo "Wine could not be installed"
  fi
  local wine=""
  for w in wine64 /usr/lib/wine/wine64 wine; do command -v "$w" >/dev/null 2>&1 && { wine="$(command -v "$w")"; break; }; done
  if [ -z "$wine" ]; then
    echo "windows package: PE32+ checked; Wine not installed, not run"
    return 0
  fi
  # Wine 8 (Debian 12) lacks bcryptprimitives.dll, which Rust's standard library loads for
  # random numbers on Windows 10 and later: a stand-in that asks Wine's RtlGenRandom, for the
  # test only (never in the package: every supported Windows has the real one).
  x86_64-w64-mingw32-gcc -O2 -shared -o "$dir/bcryptprimitives.dll" \
    "$repo/packaging/wine/bcryptprimitives.c" "$repo/packaging/wine/bcryptprimitives.def" -ladvapi32
  export WINEPREFIX="$work/wineprefix" WINEDEBUG=-all
  "$wine" wineboot --init >/dev/null 2>&1 || true
  local db='C:\clubtd-test\club.sqlite'
  start_windows() {
    (cd "$dir" && exec env CLUBTD_DIRECTOR_PIN=$pin "$wine" "$exe" --addr "127.0.0.1:$port" \
      --no-browser --db "$db" --log warn) >"$work/server.log" 2>&1 &
    server=$!
    wait_up "http://127.0.0.1:$port/player"
  }
  start_windows
  local jar="$work/cookies" base="http://127.0.0.1:$port"
  curl -fsS "$base/screen" | grep -q "/pkg/clubtd\." || fail "the screen page does not load the pages' code"
  curl -fsS -c "$jar" -H "Origin: $base" --data-urlencode "pin=$pin" "$base/api/director_login" >/dev/null \
    || fail "director sign-in"
  curl -fsS -b "$jar" -H "Origin: $base" -H 'Content-Type: application/json' \
    -d "{\"command_id\":\"wine-$$\",\"command\":{\"type\":\"register_player\",\"name\":\"Wine Tester\",\"method\":\"cash\",\"present\":true}}" \
    "$base/api/v1/tournaments/1/commands" >/dev/null || fail "the command was refused"
  # Stopped hard (as Windows ends a closed console's process), started again: still there.
  kill "$server"; wait "$server" 2>/dev/null || true; server=""
  wineserver -k 2>/dev/null || true
  start_windows
  curl -fsS "$base/api/v1/tournaments/1" | grep -q "Wine Tester" || fail "the command was not stored"
  kill "$server"; wait "$server" 2>/dev/null || true; server=""
  wineserver -k 2>/dev/null || true
  echo "windows package: passed under $("$wine" --version)"
}

for t in "${targets[@]}"; do
  case "$t" in
    linux) test_linux ;;
    windows) test_windows ;;
    *) echo "unknown package '$t'" >&2; exit 2 ;;
  esac
done
