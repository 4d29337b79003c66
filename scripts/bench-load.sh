#!/usr/bin/env bash
# Issue G benchmarks: the real release server under load, under kill -9 and under hostile
# input, driven over loopback by tools/loadgen (its own crate). Builds the release app if it
# is missing, then runs every measurement; figures go to BENCHMARKS.md by hand.
#   scripts/bench-load.sh                 # all of them (about 15 minutes on 2 cores)
#   scripts/bench-load.sh evening page    # only these
# Environment: CLUBTD_BIN / CLUBTD_SITE to measure another build; LOADGEN_WORK for the
# directory of the SQLite files (the disk under test; default /tmp/clubtd-loadgen).
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source "$repo/scripts/env.sh"
cd "$repo"
bin="${CLUBTD_BIN:-$repo/target/release/clubtd}"
site="${CLUBTD_SITE:-$repo/target/site}"
work="${LOADGEN_WORK:-/tmp/clubtd-loadgen}"
if [ ! -x "$bin" ] || ! ls "$site"/pkg/clubtd*.wasm >/dev/null 2>&1; then
  "$repo/scripts/setup.sh"
  cargo leptos build --release --precompress --split
fi
export CARGO_TARGET_DIR="${LOADGEN_TARGET:-$repo/target/loadgen}"
cargo build --release --locked --manifest-path tools/loadgen/Cargo.toml
loadgen="$CARGO_TARGET_DIR/release/loadgen"
mkdir -p "$work"
# 400 live pages and their view requests need file descriptors on both ends.
ulimit -n "$(ulimit -Hn)" 2>/dev/null || true
run() { "$loadgen" --server "$bin" --site "$site" --work "$work" "$@"; }
steps=("$@")
[ ${#steps[@]} -eq 0 ] && steps=(raw-sqlite evening startup page faces faults hostile reconnect)
status=0
for step in "${steps[@]}"; do
  case "$step" in
    evening)    run evening --clients 400 --viewers 1.0 --paced-secs 60 --pace-ms 1000 --burst-secs 20 --writers 4 || status=1 ;;
    raw-sqlite) run raw-sqlite --secs 15 --writers 4 || status=1 ;;
    startup)    run startup --events 10000 --restarts 5 || status=1 ;;
    page)       run page --requests 1000 || status=1 ;;
    faces)      run faces --busts 10 --requests 500 || status=1 ;;
    reconnect)  run reconnect || status=1 ;;
    faults)     run faults --kills 25 --writers 3 || status=1 ;;
    hostile)    run hostile --requests 10000 --concurrency 8 || status=1 ;;
    *) echo "unknown step $step (evening raw-sqlite startup page faces faults hostile reconnect)" >&2; status=2 ;;
  esac
done
exit $status
