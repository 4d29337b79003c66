#!/usr/bin/env bash
# Fuzzes /api/v1 of a running clubtd with schemathesis (installed by scripts/setup.sh):
#   scripts/api-fuzz.sh http://127.0.0.1:3917 <director PIN>
# Signs in with the PIN, makes a full-scope API token, and runs every phase (examples,
# coverage, fuzzing, stateful), positive and negative data, with every check but one:
# `positive_data_acceptance` expects schema-valid bodies to be accepted, while the rules of
# the game refuse many of them on purpose (422 with a stable code, e.g. a seat taken).
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
base="${1:?base URL}"
pin="${2:?director PIN}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
curl -fsS -c "$work/cookies" -X POST -d "pin=$pin" "$base/api/director_login" >/dev/null
token="$(curl -fsS -b "$work/cookies" -H 'content-type: application/json' \
  -d '{"label":"schemathesis","scope":"full"}' "$base/api/v1/tokens" |
  python3 -c 'import json, sys; print(json.load(sys.stdin)["token"])')"
cd "$work"
"$repo/target/schemathesis-venv/bin/schemathesis" run "$base/api/v1/openapi.json" \
  --header "Authorization: Bearer $token" \
  --checks all --exclude-checks positive_data_acceptance \
  --max-examples "${CLUBTD_FUZZ_EXAMPLES:-30}" --workers 2 --seed "${CLUBTD_FUZZ_SEED:-20261130}" \
  --report junit --report-junit-path "$repo/target/schemathesis-junit.xml"
