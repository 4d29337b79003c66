#!/usr/bin/env bash
# Lighthouse accessibility and performance of every face of a running clubtd.
#
#   DIRECTOR_PIN=246813 scripts/lighthouse.sh [BASE_URL]      (default http://127.0.0.1:3000)
#
# Prints one line per face and form factor: face, accessibility score, performance score, largest
# contentful paint (s), total blocking time (ms), time to interactive (s), bytes transferred on the
# first load (KiB, as sent: compressed), and the ids of the failing accessibility audits (LIGHTHOUSE_DETAILS=1 adds the failing elements'
# selectors and snippets, five per audit). The full JSON reports stay in $LIGHTHOUSE_OUT (a new
# temporary folder by default).
#
# Needs node/npm, curl and Chromium (CHROME_PATH, else found on PATH). Lighthouse (with its
# puppeteer-core) is installed once into $LIGHTHOUSE_CACHE. Signs in as the director once (one
# PIN attempt) for the console and the director's pages, and to get player 1's personal link;
# the faces show the newest tournament. Public faces are audited without the director's cookie.
#
# Form factors: "mobile" is Lighthouse's default (412x823, throttled), "desktop" its desktop
# preset (1350x940), "tv" the desktop preset at 1920x1080. The console's sections other than the
# desk are hidden until their tab is tapped (hidden elements are not audited), so each one is a
# Lighthouse snapshot taken after a tap, with its folded <details> opened: accessibility only,
# no performance score ("-").
# LIGHTHOUSE_FACES=player,me,table,table-paired,signup,screen runs those faces only.
# Performance is measured on this machine: a busy CPU lowers it (Lighthouse throttles on top).
set -euo pipefail

BASE=${1:-http://127.0.0.1:3000}
BASE=${BASE%/}
: "${DIRECTOR_PIN:?set DIRECTOR_PIN to the director PIN}"
CACHE=${LIGHTHOUSE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/clubtd-lighthouse}
VERSION=${LIGHTHOUSE_VERSION:-13}
OUT=${LIGHTHOUSE_OUT:-$(mktemp -d -t clubtd-lighthouse.XXXXXX)}
CHROME_PATH=${CHROME_PATH:-$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)}
[[ -n $CHROME_PATH ]] || { echo "no Chromium found: set CHROME_PATH" >&2; exit 1; }
mkdir -p "$OUT"

# Lighthouse, installed once into the cache folder (it brings puppeteer-core).
if [[ ! -d $CACHE/node_modules/lighthouse || ! -d $CACHE/node_modules/puppeteer-core ]]; then
  echo "installing lighthouse@$VERSION into $CACHE" >&2
  mkdir -p "$CACHE"
  npm install --prefix "$CACHE" --no-audit --no-fund --loglevel=error "lighthouse@$VERSION" >&2
fi

# Director session: the login server function answers with the session cookie.
login=$(curl -fsS -i -X POST "$BASE/api/director_login" --data-urlencode "pin=$DIRECTOR_PIN")
SESSION=$(grep -io 'clubtd_session=[0-9a-f]*' <<<"$login" | head -n1 | cut -d= -f2 || true)
[[ -n $SESSION ]] || { echo "director login failed: $(tail -n1 <<<"$login")" >&2; exit 1; }

# Player 1's personal link (/me/<token>), from the director-only server function.
ME=$(curl -fsS -X POST -H "Cookie: clubtd_session=$SESSION" "$BASE/api/player_link" -d player=1 |
  node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).path))')

# Table 1's pairing link (/table/1?t=…&key=…): the table's device as it is used, with its
# controls (the bare /table/1 is its read-only page).
TABLE=$(curl -fsS -X POST -H "Cookie: clubtd_session=$SESSION" "$BASE/api/table_links" |
  node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s)[0].path))')

export BASE SESSION ME TABLE OUT CHROME_PATH LIGHTHOUSE_DETAILS=${LIGHTHOUSE_DETAILS:-} LIGHTHOUSE_FACES=${LIGHTHOUSE_FACES:-}
cd "$CACHE"  # so that the program below imports the cached lighthouse and puppeteer-core
node --input-type=module - <<'JS'
import fs from "node:fs";
import lighthouse, { snapshot, desktopConfig } from "lighthouse";
import puppeteer from "puppeteer-core";

const { BASE, SESSION, ME, TABLE, OUT, CHROME_PATH, LIGHTHOUSE_DETAILS } = process.env;

// Lighthouse's config and flags per form factor, and the same viewport for the snapshots
// (a snapshot audits the page as it is and sets no emulation of its own).
const tv = { mobile: false, width: 1920, height: 1080, deviceScaleFactor: 1, disabled: false };
const FORMS = {
  mobile: { config: undefined, flags: {},
    viewport: { width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true } },
  desktop: { config: desktopConfig, flags: {}, viewport: { width: 1350, height: 940, deviceScaleFactor: 1 } },
  tv: { config: desktopConfig, flags: { screenEmulation: tv }, viewport: { width: 1920, height: 1080, deviceScaleFactor: 1 } },
};

// [face, path, form factor, as the director?]
const FACES = [
  ["home", "/", "mobile", false],
  ["ranking", "/ranking", "mobile", false],
  ["player", "/player", "mobile", false],
  ["me", ME, "mobile", false],
  ["table", "/table/1", "mobile", false],
  ["table-paired", TABLE, "mobile", false],
  ["signup", "/signup", "mobile", false],
  ["sign-in", "/director/sign-in", "mobile", false],
  ["screen", "/screen", "tv", false],
];
for (const form of ["mobile", "desktop"]) {
  FACES.push(
    ["director", "/director", form, true], // the desk, then every other section (below)
    ["director-tournaments", "/director/tournaments", form, true],
    ["director-players", "/director/players", form, true],
    ["director-qr-sheet", "/director/tables", form, true],
    ["director-receipt", "/director/receipt/1", form, true],
  );
}
const SECTIONS = ["tables", "players", "clock", "money", "rulings", "results"];
// LIGHTHOUSE_FACES=player,me,table,screen audits those faces only (the console's sections
// come with "director").
const ONLY = process.env.LIGHTHOUSE_FACES ? process.env.LIGHTHOUSE_FACES.split(",") : null;
if (ONLY) FACES.splice(0, FACES.length, ...FACES.filter(([face]) => ONLY.includes(face)));

const pct = (c) => (c && c.score != null ? String(Math.round(c.score * 100)) : "-");

// One line per report; the failing accessibility audits are the scored ones below 1.
function report(lhr, face, form) {
  fs.writeFileSync(`${OUT}/${face.replace(/[^a-z0-9-]/g, "_")}-${form}.json`, JSON.stringify(lhr));
  const failing = lhr.categories.accessibility.auditRefs
    .map((ref) => lhr.audits[ref.id])
    .filter((a) => ["binary", "numeric"].includes(a.scoreDisplayMode) && a.score != null && a.score < 1);
  const error = lhr.runtimeError ? ` (${lhr.runtimeError.code})` : "";
  // Navigations only: LCP, TBT and time to interactive (s, ms, s) and the bytes transferred.
  const num = (id, scale, digits) => {
    const v = lhr.audits[id]?.numericValue;
    return v == null ? "-" : (v / scale).toFixed(digits);
  };
  const timings = `${num("largest-contentful-paint", 1000, 1).padStart(5)} ${num("total-blocking-time", 1, 0).padStart(5)} ` +
    `${num("interactive", 1000, 1).padStart(5)} ${num("total-byte-weight", 1024, 0).padStart(6)}`;
  console.log(`${face.padEnd(24)} ${form.padEnd(7)} ${pct(lhr.categories.accessibility).padStart(4)} ` +
    `${pct(lhr.categories.performance).padStart(4)} ${timings}  ${failing.map((a) => a.id).join(" ") || "-"}${error}`);
  if (LIGHTHOUSE_DETAILS) {
    for (const a of failing) {
      const items = a.details?.items ?? [];
      for (const item of items.slice(0, 5)) {
        const node = item.node ?? {};
        console.log(`    ${a.id}: ${node.selector ?? ""}  ${node.snippet ?? ""}`);
      }
      if (items.length > 5) console.log(`    ${a.id}: ... and ${items.length - 5} more`);
    }
  }
}

const browser = await puppeteer.launch({
  executablePath: CHROME_PATH, headless: true, args: ["--no-sandbox"], defaultViewport: null,
});
const visitor = await browser.createBrowserContext(); // no cookie: the public faces
const director = await browser.createBrowserContext();
await director.setCookie({ name: "clubtd_session", value: SESSION, domain: new URL(BASE).hostname, path: "/" });

console.log(`${"face".padEnd(24)} ${"form".padEnd(7)} a11y perf lcp_s tbt_ms tti_s    KiB  failing a11y audits`);
for (const [face, path, form, asDirector] of FACES) {
  const { config, flags, viewport } = FORMS[form];
  const page = await (asDirector ? director : visitor).newPage();
  try {
    const run = await lighthouse(BASE + path, {
      ...flags, onlyCategories: ["accessibility", "performance"], logLevel: "error",
    }, config, page);
    report(run.lhr, face, form);
    if (face === "director") {
      await page.waitForSelector("body[data-hydrated='1']");
      for (const s of SECTIONS) {
        // Lighthouse leaves the page at the browser's own size after each run: size it again.
        await page.setViewport(viewport);
        await page.click(`[data-testid=tab-${s}]`);
        await page.waitForSelector(`[data-testid=section-${s}]:not([hidden])`);
        // Folded parts (<details>: the results table, the settings) are audited open.
        await page.$$eval(`[data-testid=section-${s}] details`, (ds) => ds.forEach((d) => { d.open = true; }));
        const shot = await snapshot(page, { config, flags: { onlyCategories: ["accessibility"], logLevel: "error" } });
        report(shot.lhr, `director#${s}`, form);
      }
    }
  } catch (e) {
    console.log(`${face.padEnd(24)} ${form.padEnd(7)} failed: ${e.message}`);
  } finally {
    await page.close();
  }
}
await browser.close();
JS
echo "reports: $OUT" >&2
