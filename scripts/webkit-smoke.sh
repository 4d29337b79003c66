#!/usr/bin/env bash
# The WebKit smoke suite (end2end/webkit/smoke.mjs) against a running server: WebKitGTK's
# MiniBrowser driven by WebKitWebDriver on a virtual display (xvfb-run picks a free one).
# Usage: scripts/webkit-smoke.sh <base URL> <director PIN>
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
base="$1"
pin="$2"
port="${CLUBTD_WEBDRIVER_PORT:-4479}"
exec xvfb-run -a -s "-screen 0 1280x1024x24" bash -c '
  WebKitWebDriver --port="$0" >"$1/target/webkit-driver.log" 2>&1 &
  driver=$!
  trap "kill $driver 2>/dev/null || true" EXIT
  for _ in $(seq 1 50); do curl -fsS "http://127.0.0.1:$0/status" >/dev/null 2>&1 && break; sleep 0.1; done
  cd "$1/end2end" && BASE_URL="$2" DIRECTOR_PIN="$3" WEBDRIVER_URL="http://127.0.0.1:$0" node webkit/smoke.mjs
' "$port" "$repo" "$base" "$pin"
