// The smoke suite in WebKit (issue W.6): Safari's engine as Debian ships it (WebKitGTK's
// MiniBrowser), driven by its own WebKitWebDriver over the W3C WebDriver protocol, under a
// virtual display (scripts/webkit-smoke.sh starts both). Playwright drives only its own
// WebKit build, which this machine cannot download; the protocol is small enough to speak
// with fetch. Checks against the running server at BASE_URL: the desk signs in and hydrates,
// the TV's clock ticks and the TV's tap unlocks the chime it plays later (the play is
// allowed, not only attempted: WebKit refuses an element not first played in a tap), a
// table's bust from its key link reaches the TV live, the light seat search ticks and follows
// the clock's pause, a sign-up from the door, and one
// typeface for buttons and text. Exits non-zero on the first failure; screenshots land in
// target/webkit/.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";

const base = process.env.BASE_URL ?? "http://127.0.0.1:3000";
const driver = process.env.WEBDRIVER_URL ?? "http://127.0.0.1:4444";
const pin = process.env.DIRECTOR_PIN ?? "246813";
const browserBinary = process.env.MINIBROWSER ?? "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser";
const shots = path.resolve(import.meta.dirname, "../../target/webkit");
const NAME = "WebKit e2e";
const ELEMENT = "element-6066-11e4-a52e-4f735466cecf";

// --- the WebDriver protocol, as much as the checks need ------------------------------------
async function wd(method, url, body) {
  const answer = await fetch(`${driver}${url}`, {
    method,
    headers: { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await answer.json();
  if (!answer.ok) throw new Error(`${method} ${url}: ${JSON.stringify(json.value).slice(0, 400)}`);
  return json.value;
}

class Browser {
  static async open() {
    const session = await wd("POST", "/session", {
      capabilities: { alwaysMatch: { "webkitgtk:browserOptions": { binary: browserBinary, args: ["--automation"] } } },
    });
    return new Browser(session.sessionId);
  }
  constructor(id) {
    this.s = `/session/${id}`;
  }
  go(url) {
    return wd("POST", `${this.s}/url`, { url: new URL(url, base).href });
  }
  run(script, ...args) {
    return wd("POST", `${this.s}/execute/sync`, { script, args });
  }
  async find(css) {
    return (await wd("POST", `${this.s}/element`, { using: "css selector", value: css }))[ELEMENT];
  }
  async click(css) {
    await waitFor(`${css} to be there`, async () => (await this.run("return document.querySelector(arguments[0]) !== null", css)) || undefined);
    return wd("POST", `${this.s}/element/${await this.find(css)}/click`, {});
  }
  async type(css, text) {
    return wd("POST", `${this.s}/element/${await this.find(css)}/value`, { text });
  }
  text(css) {
    return this.run("const e = document.querySelector(arguments[0]); return e ? e.textContent.trim() : null", css);
  }
  count(css) {
    return this.run("return document.querySelectorAll(arguments[0]).length", css);
  }
  async newWindow() {
    const { handle } = await wd("POST", `${this.s}/window/new`, { type: "window" });
    return handle;
  }
  toWindow(handle) {
    return wd("POST", `${this.s}/window`, { handle });
  }
  window() {
    return wd("GET", `${this.s}/window`);
  }
  async screenshot(name) {
    mkdirSync(shots, { recursive: true });
    writeFileSync(path.join(shots, `${name}.png`), Buffer.from(await wd("GET", `${this.s}/screenshot`), "base64"));
  }
  async hydrated() {
    await waitFor("the page to hydrate", async () => (await this.run("return document.body && document.body.dataset.hydrated === '1'")) || undefined);
  }
  close() {
    return wd("DELETE", this.s);
  }
}

async function waitFor(what, probe, timeout = 15_000) {
  const until = Date.now() + timeout;
  let last;
  while (Date.now() < until) {
    try {
      last = await probe();
      if (last !== undefined && last !== false && last !== null) return last;
    } catch (e) {
      last = e.message;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting for ${what} (last: ${JSON.stringify(last)})`);
}

function check(what, ok, detail = "") {
  if (!ok) throw new Error(`${what} ${detail}`);
  console.log(`  ✓ ${what}`);
}

// --- the tournament, made through the API as the director ----------------------------------
async function api(method, url, cookie, body) {
  const answer = await fetch(new URL(url, base), {
    method,
    headers: { Origin: base, Cookie: cookie ?? "", ...(body ? { "Content-Type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
    redirect: "manual",
  });
  return answer;
}

async function ownTournament() {
  const login = await fetch(new URL("/api/director_login", base), {
    method: "POST",
    headers: { Origin: base, "Content-Type": "application/x-www-form-urlencoded" },
    body: `pin=${pin}`,
    redirect: "manual",
  });
  const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0];
  if (!cookie) throw new Error(`director login: ${login.status}`);
  const events = await (await api("GET", "/api/v1/tournaments/1/events?after=0", cookie)).json();
  const config = { ...events[0].event.config, name: NAME, tables_at_start: 1 };
  const made = await api("POST", "/api/v1/tournaments", cookie, { command_id: crypto.randomUUID(), config });
  if (!made.ok) throw new Error(`create: ${made.status} ${await made.text()}`);
  const { id } = await made.json();
  const command = async (c) => {
    const a = await api("POST", `/api/v1/tournaments/${id}/commands`, cookie, { command_id: crypto.randomUUID(), command: c });
    if (!a.ok) throw new Error(`${c.type}: ${a.status} ${await a.text()}`);
  };
  for (const name of ["Ann Safari", "Bart Safari", "Cis Safari", "Dirk Safari", "Els Safari", "Fien Safari", "Gust Safari"]) {
    await command({ type: "register_player", name, method: "cash", present: true });
  }
  await command({ type: "start_clock" });
  return {
    id,
    command,
    archive: () => api("PUT", `/api/v1/tournaments/${id}/archived`, cookie, { value: true }),
  };
}

// --- the checks ------------------------------------------------------------------------------
const own = await ownTournament();
const browser = await Browser.open();
let failed = false;
try {
  console.log(`WebKit smoke against ${base} (tournament ${own.id})`);

  // The desk: the PIN form, then the console, hydrated.
  await browser.go(`/director?t=${own.id}`);
  await browser.hydrated();
  if ((await browser.count("[data-testid='pin']")) > 0) {
    await browser.type("[data-testid='pin']", pin);
    await browser.click("[data-testid='sign-in']");
    await waitFor("the console", async () => (await browser.run("return location.pathname")) === "/director" || undefined);
    await browser.hydrated();
  }
  await waitFor("the tournament's name on the console", async () => (await browser.text("[data-testid='tournament-name']")) === NAME || undefined);
  check("the desk signs in and hydrates", true);
  const fonts = await browser.run(
    "const b = document.querySelector('button'); return [getComputedStyle(document.body).fontFamily, b && getComputedStyle(b).fontFamily];",
  );
  check("buttons take the page's typeface", fonts[1] === fonts[0], JSON.stringify(fonts));

  // Table 1's key link, from the QR sheet.
  await browser.go(`/director/tables?t=${own.id}`);
  await browser.hydrated();
  const link = await waitFor("table 1's link", () => browser.run("const a = document.querySelector(\"[data-testid='table-link-1']\"); return a && a.getAttribute('href')"));
  const desk = await browser.window();

  // The TV: its clock ticks; a tap, then a level change: the chime's play is allowed.
  const tv = await browser.newWindow();
  await browser.toWindow(tv);
  await browser.go(`/screen?t=${own.id}`);
  await browser.hydrated();
  const before = await waitFor("the clock", () => browser.text("[data-testid='clock-time']"));
  await waitFor("the clock to tick", async () => ((await browser.text("[data-testid='clock-time']")) !== before) || undefined, 5_000);
  check("the TV's clock ticks", true);
  await browser.run(`
    window.__plays = [];
    const ids = new WeakMap(); let next = 0;
    const original = HTMLMediaElement.prototype.play;
    HTMLMediaElement.prototype.play = function () {
      if (!ids.has(this)) ids.set(this, next++);
      const play = { element: ids.get(this), src: new URL(this.src).pathname, during: window.event ? window.event.type : "", muted: this.muted, result: "pending" };
      window.__plays.push(play);
      const promise = original.call(this);
      promise.then(() => { play.result = "played"; }, (e) => { play.result = e.name; });
      return promise;
    };`);
  await browser.click("main.tv");
  await browser.screenshot("tv");
  await own.command({ type: "jump_to_level", level_index: 1 });
  const chime = await waitFor("the level chime", () =>
    browser.run("return window.__plays.find((p) => p.src === '/sounds/level.wav' && !p.muted && p.result !== 'pending') || null"),
  );
  const plays = await browser.run("return window.__plays");
  check("the level chime's element was first played in the tap", plays.some((p) => p.element === chime.element && p.during === "click"), JSON.stringify(plays));
  check("the level chime plays (not refused)", chime.result === "played", JSON.stringify(chime));
  const playersBefore = await browser.text("[data-testid='players-left']");

  // A table's device: a bust from its key link, on the table and live on the TV.
  const table = await browser.newWindow();
  await browser.toWindow(table);
  await browser.go(link);
  await browser.hydrated();
  const seated = await waitFor("the table's players", async () => (await browser.count("[data-testid^='bust-out-']")) || undefined);
  await browser.click("[data-testid^='bust-out-']");
  await browser.run("document.querySelectorAll(\"[data-testid^='bust-win-']\")[1].click()");
  await browser.click("[data-testid='bust-confirm']");
  await waitFor("the bust on the table", async () => (await browser.count("[data-testid^='bust-out-']")) === seated - 1 || undefined);
  check("a table reports a bust from its key link", true);
  await browser.screenshot("table");
  await browser.toWindow(tv);
  await waitFor("the bust on the TV", async () => (await browser.text("[data-testid='players-left']")) === String(Number(playersBefore) - 1) || undefined);
  check("the TV follows the bust live", true);

  // A player's phone: the seat search is a light page (issue Z: no wasm, public/light.js); its
  // clock ticks, and it follows the clock's pause live, with no reload.
  await browser.toWindow(table);
  await browser.go(`/player?t=${own.id}&name=Safari`);
  await browser.hydrated();
  check("the seat search loads no wasm", (await browser.run("return performance.getEntriesByType('resource').filter((e) => e.name.endsWith('.wasm')).length")) === 0);
  const shown = await browser.text("[data-testid='clock-time']");
  await waitFor("the phone's clock to tick", async () => (await browser.text("[data-testid='clock-time']")) !== shown || undefined);
  await browser.run("window.stillHere = true");
  await own.command({ type: "pause_clock" });
  await waitFor("the pause on the phone", async () => (await browser.count(".clock-status")) > 0 || undefined);
  check("the light seat search ticks and follows the tournament live", (await browser.run("return window.stillHere === true")) === true);
  await browser.screenshot("player-light");

  // A phone at the door.
  await browser.toWindow(desk);
  await browser.go(`/signup?t=${own.id}`);
  await browser.hydrated();
  await browser.type("[data-testid='sign-up-name']", "Hanne Safari");
  await browser.click("[data-testid='sign-up-method-cash']");
  await browser.click("[data-testid='sign-up-submit']");
  await waitFor("the place's page", async () => /\/signup\/\d+-\d+-[0-9a-f]{32}$/.test(await browser.run("return location.pathname")) || undefined);
  await browser.hydrated();
  await waitFor("my place", async () => (await browser.count("[data-testid='my-place']")) > 0 || undefined);
  check("a phone signs up at the door", true);
  await browser.screenshot("sign-up");
} catch (e) {
  failed = true;
  console.error(`  ✘ ${e.message}`);
  await browser.screenshot("failure").catch(() => {});
} finally {
  await browser.close().catch(() => {});
  await own.archive().catch(() => {});
}
process.exit(failed ? 1 : 0);
