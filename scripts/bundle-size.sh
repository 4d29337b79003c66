#!/usr/bin/env bash
# Prints the release bundle's sizes (raw, gzip -9, brotli q11) for BENCHMARKS.md.
# Run after `cargo leptos build --release`.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../target/site/pkg"
node -e '
const fs = require("fs"), zlib = require("zlib");
let total = [0, 0, 0];
console.log("| file | raw | gzip | brotli |\n|---|---|---|---|");
for (const f of ["clubtd.wasm", "clubtd.js", "clubtd.css"]) {
  if (!fs.existsSync(f)) continue;
  const b = fs.readFileSync(f);
  const g = zlib.gzipSync(b, { level: 9 }).length;
  const r = zlib.brotliCompressSync(b, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  total = [total[0] + b.length, total[1] + g, total[2] + r];
  console.log(`| ${f} | ${b.length} B | ${g} B | ${r} B |`);
}
console.log(`| total | ${total[0]} B | ${total[1]} B | ${total[2]} B |`);
'
