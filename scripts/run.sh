#!/usr/bin/env bash
# Quick start 1: set up what is missing, build the release app and serve it on an embedded
# SQLite file (default data/clubtd.sqlite), with a demo tournament in an empty database.
# Flags go to the server: scripts/run.sh --addr 0.0.0.0:3000 --db data/club.sqlite
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$repo/scripts/setup.sh"
source "$repo/scripts/env.sh"
cd "$repo"
cargo leptos build --release --precompress --split
export LEPTOS_ENV=PROD LEPTOS_SITE_ROOT="$repo/target/site"
exec "$repo/target/release/clubtd" "$@"
