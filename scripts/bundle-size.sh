#!/usr/bin/env bash
# Prints the release bundle's sizes (raw, gzip -9, brotli q11) for BENCHMARKS.md.
# Run after `cargo leptos build --release`. The files are named by their content; their names
# come from target/release/hash.txt (plain names when the build did not hash them).
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$repo/target/site/pkg"
HASHES="$repo/target/release/hash.txt" node -e '
const fs = require("fs"), zlib = require("zlib");
const hashes = {};
if (fs.existsSync(process.env.HASHES)) {
  for (const line of fs.readFileSync(process.env.HASHES, "utf8").split("\n")) {
    const [kind, hash] = line.split(":").map((s) => s && s.trim());
    if (kind && hash) hashes[kind] = hash;
  }
}
const name = (kind) => (hashes[kind] ? `clubtd.${hashes[kind]}.${kind}` : `clubtd.${kind}`);
let total = [0, 0, 0];
console.log("| file | raw | gzip | brotli |\n|---|---|---|---|");
for (const kind of ["wasm", "js", "css"]) {
  let f = name(kind);
  if (!fs.existsSync(f) && kind === "wasm") f = f.replace(/\.wasm$/, "_bg.wasm");
  if (!fs.existsSync(f)) continue;
  const b = fs.readFileSync(f);
  const g = zlib.gzipSync(b, { level: 9 }).length;
  const r = zlib.brotliCompressSync(b, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  total = [total[0] + b.length, total[1] + g, total[2] + r];
  console.log(`| ${f} | ${b.length} B | ${g} B | ${r} B |`);
}
console.log(`| total | ${total[0]} B | ${total[1]} B | ${total[2]} B |`);
'
