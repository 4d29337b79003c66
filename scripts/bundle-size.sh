#!/usr/bin/env bash
# Prints the release bundle's sizes (raw, gzip -9, brotli q11) for BENCHMARKS.md, and what a
# light page (issue Z: /player, /me/…, /signup, /table/<n>) loads instead: light.js, the
# table's light-table.js and the style.
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
// The light pages (/player, /me/…, /signup, /table/<n>: issue Z) load the style and
// light.js, no wasm; the table device also light-table.js.
const light = fs.readFileSync("../light.js");
const table = fs.readFileSync("../light-table.js");
const css = fs.readFileSync(name("css"));
const sizes = (b) => [b.length, zlib.gzipSync(b, { level: 9 }).length, zlib.brotliCompressSync(b, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length];
const [l, t, c] = [sizes(light), sizes(table), sizes(css)];
const sum = (...xs) => [0, 1, 2].map((i) => xs.reduce((a, x) => a + x[i], 0));
const [p, q] = [sum(l, c), sum(l, t, c)];
console.log(`| light.js (code of the light pages) | ${l[0]} B | ${l[1]} B | ${l[2]} B |`);
console.log(`| light-table.js (the table device) | ${t[0]} B | ${t[1]} B | ${t[2]} B |`);
console.log(`| light page: code and style | ${p[0]} B | ${p[1]} B | ${p[2]} B |`);
console.log(`| table light page: code and style | ${q[0]} B | ${q[1]} B | ${q[2]} B |`);
'
