#!/usr/bin/env bash
# Prints the release bundle's sizes (raw and gzip -9) for BENCHMARKS.md.
# Run after `cargo leptos build --release`.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../target/site/pkg"
printf '| file | raw | gzip |\n|---|---|---|\n'
for f in clubtd.wasm clubtd.js clubtd.css; do
  [ -f "$f" ] || continue
  printf '| %s | %s B | %s B |\n' "$f" "$(stat -c %s "$f")" "$(gzip -9 -c "$f" | wc -c)"
done
