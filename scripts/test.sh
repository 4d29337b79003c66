#!/usr/bin/env bash
# Quick start 2: set up what is missing and run every test:
#   1. cargo tests of the whole workspace (the rules core, crates/clubtd-core: unit,
#      scenario, property and golden-log tests; server tests on a real SQLite file and a real
#      server on loopback);
#   2. the release build (made beside the tests' build), served on loopback with a fresh
#      database and the demo tournament, driven by the Playwright tests in end2end/ in
#      headless system Chromium, a smoke suite in Firefox ESR (Playwright over WebDriver BiDi) and
#      in WebKitGTK (scripts/webkit-smoke.sh: WebKitWebDriver under xvfb-run);
#   3. schemathesis against the same server's /api/v1 OpenAPI document: every operation,
#      positive and negative cases, no 5xx, every answer as documented (beside step 4's build);
#   4. the club packages (scripts/package.sh, scripts/test-package.sh): the Linux one started
#      from an empty folder and driven by a browser, the Windows one under Wine. They embed
#      the release site just built; their server is built unoptimised (CLUBTD_PACKAGE_PROFILE=dev:
#      the same code and files in a third of the time; scripts/package.sh alone builds release).
# Fails if a runner executes no test at all.
set -euo pipefail
started=$SECONDS
part() { echo "== $1 (at $(((SECONDS - started) / 60)) min $(((SECONDS - started) % 60)) s)"; }
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# A clean clone's run writes about 11 GB (target/: the tests' build, the release, the wasm, the
# packages). One run ended at 25 min with "No space left on device" on a disk that had 9 GB
# free: say so at once instead.
free_gb=$(($(df --output=avail -k "$repo" | tail -n 1) / 1024 / 1024))
echo "disk: ${free_gb} GB free here; target/ holds $(du -sh "$repo/target" 2>/dev/null | cut -f1 || echo nothing yet)"
if [ ! -d "$repo/target" ] && [ "$free_gb" -lt 12 ]; then
  echo "a clean run needs about 12 GB free and this disk has ${free_gb} GB: free some space first" >&2
  exit 1
fi

"$repo/scripts/setup.sh"
source "$repo/scripts/env.sh"
cd "$repo"

# The two builds side by side: each has long stretches on one core (the app's own crate, the
# wasm bundle's link-time optimisation), so together they keep both cores busy. The release
# build's output is shown once it is done.
part "builds: the tests (debug) and the release, side by side"
mkdir -p target   # tee opens its log before cargo makes target/ on a fresh clone
cargo leptos build --release --precompress --split >target/release-build.log 2>&1 &
release_build=$!
trap 'kill $release_build 2>/dev/null || true' EXIT
if ! cargo test --workspace --features clubtd/ssr --no-run >target/test-build.log 2>&1; then
  cat target/test-build.log
  exit 1
fi
tail -n 3 target/test-build.log
part "cargo tests"
cargo test --workspace --features clubtd/ssr --no-fail-fast 2>&1 | tee target/cargo-test.log
passed=$(grep -Eo 'test result: ok\. [0-9]+ passed' target/cargo-test.log | awk '{s += $4} END {print s + 0}')
if [ "$passed" -eq 0 ]; then echo "no cargo test ran: failing" >&2; exit 1; fi
echo "cargo tests passed: $passed"

part "release build (waiting for it)"
release_status=0
wait $release_build || release_status=$?
tail -n 20 target/release-build.log
if [ $release_status -ne 0 ]; then cat target/release-build.log; echo "release build failed ($release_status)" >&2; exit $release_status; fi

part "browser tests"
work="$(mktemp -d)"
port="${CLUBTD_TEST_PORT:-3917}"
pin=246813   # the director's PIN by the environment, never on a command line (ps shows flags)
# Every phone of the browser tests signs up from 127.0.0.1: a larger allowance than a club's
# (the allowance itself is tested in tests/sign_up.rs). `clubtd.test` is the name the plain-http
# test maps to loopback (a page that is not a secure context).
# Another server already answering on the port would be tested in this one's place (a used
# database, an older build): seen once, when a developer's own test server was still running.
if curl -fsS "http://127.0.0.1:$port/" >/dev/null 2>&1; then
  echo "port $port already answers: stop that server or set CLUBTD_TEST_PORT" >&2
  exit 1
fi
CLUBTD_ALLOWED_HOSTS=clubtd.test CLUBTD_SIGN_UPS_PER_ADDRESS=100 CLUBTD_DIRECTOR_PIN=$pin LEPTOS_ENV=PROD LEPTOS_SITE_ROOT="$repo/target/site" "$repo/target/release/clubtd" \
  --addr "127.0.0.1:$port" --db "$work/e2e.sqlite" --log warn >"$work/server.log" 2>&1 &
server=$!
trap 'kill ${fuzz:-} $server 2>/dev/null || true; wait $server 2>/dev/null || true; rm -rf "$work"' EXIT
for _ in $(seq 1 100); do
  curl -fsS "http://127.0.0.1:$port/" >/dev/null 2>&1 && break
  kill -0 $server 2>/dev/null || { cat "$work/server.log"; exit 1; }
  sleep 0.2
done
kill -0 $server 2>/dev/null || { cat "$work/server.log"; echo "the test server stopped" >&2; exit 1; }
(cd "$repo/end2end" && BASE_URL="http://127.0.0.1:$port" DIRECTOR_PIN=$pin npx playwright test)
part "WebKit smoke suite (WebKitGTK by WebKitWebDriver, on a virtual display)"
"$repo/scripts/webkit-smoke.sh" "http://127.0.0.1:$port" "$pin"

# The fuzzing mostly waits on the server while the packages' build is all compiling: the two
# run side by side (the fuzzer's report is shown when both are done).
part "API fuzzing (schemathesis), beside the club packages' build"
"$repo/scripts/api-fuzz.sh" "http://127.0.0.1:$port" "$pin" >"$work/fuzz.log" 2>&1 &
fuzz=$!
CLUBTD_SITE_BUILT=1 CLUBTD_PACKAGE_PROFILE=dev "$repo/scripts/package.sh"
fuzz_status=0
wait $fuzz || fuzz_status=$?
cat "$work/fuzz.log"
if [ $fuzz_status -ne 0 ]; then echo "API fuzzing failed ($fuzz_status)" >&2; exit $fuzz_status; fi

part "club packages (one file each: Linux static, Windows), started and driven"
"$repo/scripts/test-package.sh"
part "done"
