// What every spec does to reach a face: open a page and wait for hydration, sign in as the
// director, open a table's own device from the QR sheet (as a phone), and report a bust there.
import { test as base, expect, Page, Browser, BrowserContextOptions, Locator } from "@playwright/test";

export { expect };
export type { Page, Browser };

export const PIN = process.env.DIRECTOR_PIN ?? "246813";

// What went wrong in the browser during the current test: a panic of the wasm bundle (a
// hydration mismatch is one) or an uncaught error, on any page opened with `open`.
const failures: string[] = [];
const watched = new WeakSet<Page>();

function watch(page: Page) {
  if (watched.has(page)) return;
  watched.add(page);
  page.on("console", (m) => {
    if (m.type() === "error" && m.text().includes("panicked at")) {
      failures.push(`${page.url()}: ${m.text().split("\n")[0]}`);
    }
    // A build with `--cfg leptos_debuginfo` names the component that did not hydrate, in
    // the message before its panic: keep it, so a rare mismatch seen once can be found.
    if (m.type() === "error" && m.text().includes("hydration error")) {
      failures.push(`${page.url()}: ${m.text().slice(0, 400)}`);
    }
  });
  page.on("pageerror", (e) => {
    // Firefox reports a live stream it cannot reach as a page error; during a drop (the
    // offline tests) that is the network's state, not the page's fault.
    if (/can’t establish a connection to the server at \S+\/live\/\d+/.test(e.message)) return;
    failures.push(`${page.url()}: ${e.message}`);
  });
}

/** Playwright's `test`, failing any test during which a page's wasm panicked: a page that
 * panicked may look right and still have lost its event handlers. */
export const test = base.extend<{ browserErrors: void }>({
  browserErrors: [
    async ({}, use) => {
      failures.length = 0;
      await use();
      expect(failures, "errors in the browser").toEqual([]);
    },
    { auto: true },
  ],
});

export async function open(page: Page, path: string) {
  watch(page);
  await page.goto(path);
  await hydrated(page);
}

/** Waits until the wasm bundle has hydrated the page (the app marks the body). */
export async function hydrated(page: Page) {
  await expect(page.locator("body[data-hydrated='1']")).toHaveCount(1);
}

/** Signs this browser context in as the director (PIN form, then the console), which shows
 * the tournament named `tournament` when one is given. */
export async function signIn(page: Page, tournament?: string) {
  // Without a director session the server sends the browser to the PIN form, which comes
  // back to the console once signed in (a new page load). A signed-in context goes straight in.
  await open(page, "/director");
  if (new URL(page.url()).pathname === "/director/sign-in") {
    await page.getByTestId("pin").fill(PIN);
    await page.getByTestId("sign-in").click();
    await page.waitForURL((url) => url.pathname === "/director");
    await hydrated(page);
  }
  if (tournament === undefined) {
    await expect(page.getByTestId("tournament-name")).toBeVisible();
  } else {
    await expect(page.getByTestId("tournament-name")).toHaveText(tournament);
  }
}

/** The pairing link of a table, as printed on the director's QR sheet (signed in as by
 * `signIn(page, tournament)`). */
export async function tableLink(browser: Browser, table: number, tournament?: string): Promise<string> {
  const director = await (await browser.newContext()).newPage();
  await signIn(director, tournament);
  await open(director, "/director/tables");
  const href = await director.getByTestId(`table-link-${table}`).getAttribute("href");
  await director.context().close();
  // The link names its tournament (a key is only good there), then the key.
  expect(href).toMatch(new RegExp(`^/table/${table}\\?t=\\d+&key=[0-9a-f]{24}$`));
  return href!;
}

/** The table's own device, paired from the director's QR sheet, on a phone. */
export async function tablePage(
  browser: Browser,
  table: number,
  phone: BrowserContextOptions = { viewport: { width: 390, height: 844 } },
): Promise<Page> {
  const href = await tableLink(browser, table);
  const page = await (await browser.newContext(phone)).newPage();
  await open(page, href);
  return page;
}

/** The players seated at a table, on the table's own page. */
export const seated = (table: Page) => table.locator("[data-testid^='bust-out-']");

/** The table reports its first seated player out, won by the second (three taps: who busted,
 * who won, confirm), and sees one player fewer; returns the busted player's id. */
export async function bustFirst(table: Page): Promise<string> {
  const before = await seated(table).count();
  const out = seated(table).first();
  const id = (await out.getAttribute("data-testid"))!.replace("bust-out-", "");
  await out.click();
  await table.locator("[data-testid^='bust-win-']").nth(1).click();
  await table.getByTestId("bust-confirm").click();
  await expect(seated(table)).toHaveCount(before - 1);
  return id;
}

/** The console's sections, as the director taps them (the tab row under the status strip). */
export type Section = "desk" | "tables" | "players" | "clock" | "money" | "rulings" | "results";

/** Opens one section of the director's console with a tap on its tab. */
export async function section(director: Page, name: Section) {
  await director.getByTestId(`tab-${name}`).click();
  await expect(director.getByTestId(`section-${name}`)).toBeVisible();
}

/** Sends a command through the JSON API as the director signed in on `page`, to the
 * tournament the faces show (something else happening in the room meanwhile). */
export async function directorCommand(page: Page, body: object) {
  const { tournament } = await (await page.request.post("/api/get_view")).json();
  const res = await page.request.post(`/api/v1/tournaments/${tournament}/commands`, {
    headers: { Origin: new URL(page.url()).origin },
    data: { command_id: crypto.randomUUID(), command: body },
  });
  expect(res.status(), await res.text()).toBeLessThan(300);
}

/** A new tournament made as the director does, on the tournaments page from a template (the
 * club evening unless told) with the tables the form proposes unless told (the director signed
 * in on `page`); its console's address and its id. It is the
 * newest, so the faces show it by default: archive it at the end. */
export async function newTournamentFromPage(
  page: Page,
  name: string,
  template: "evening" | "pko" | "rebuy" | "satellite" = "evening",
  tables?: number,
): Promise<{ href: string; id: string }> {
  await open(page, "/director/tournaments");
  await page.getByTestId("new-name").fill(name);
  await page.getByTestId("new-source").selectOption(template);
  if (tables !== undefined) await page.getByTestId("new-tables").fill(String(tables));
  await page.getByTestId("new-create").click();
  const link = page.getByTestId("created").locator("a");
  await expect(link).toHaveAttribute("href", /^\/director\?t=\d+$/);
  const href = (await link.getAttribute("href"))!;
  return { href, id: href.split("t=")[1] };
}

/** A tournament of a spec's own, driven through the JSON API as the director: the demo's
 * settings with one table, the players registered, the clock started. It is the newest, so
 * the faces show it by default until `archive` (the other specs expect the demo). */
export class OwnTournament {
  private constructor(
    readonly id: number,
    readonly api: import("@playwright/test").APIRequestContext,
    readonly base: string,
  ) {}

  static async open(
    browser: Browser,
    baseURL: string | undefined,
    name: string,
    players: string[],
    settings: Record<string, unknown> = {},
  ): Promise<OwnTournament> {
    const base = baseURL ?? "http://127.0.0.1:3000";
    const api = (await browser.newContext({ baseURL: base })).request;
    const login = await api.post("/api/director_login", { headers: { Origin: base }, form: { pin: PIN } });
    expect(login.status()).toBeLessThan(400);
    const events = await (await api.get("/api/v1/tournaments/1/events?after=0")).json();
    const config = { ...events[0].event.config, name, tables_at_start: 1, ...settings };
    const made = await api.post("/api/v1/tournaments", {
      headers: { Origin: base },
      data: { command_id: crypto.randomUUID(), config },
    });
    expect(made.ok(), await made.text()).toBeTruthy();
    const own = new OwnTournament((await made.json()).id, api, base);
    for (const player of players) {
      await own.command({ type: "register_player", name: player, method: "cash", present: true });
    }
    await own.command({ type: "start_clock" });
    return own;
  }

  /** The director's command (a same-origin POST, signed in by cookie); it must be accepted. */
  async command(command: Record<string, unknown>) {
    const answer = await this.api.post(`/api/v1/tournaments/${this.id}/commands`, {
      headers: { Origin: this.base },
      data: { command_id: crypto.randomUUID(), command },
    });
    expect(answer.ok(), `${command.type}: ${await answer.text()}`).toBeTruthy();
  }

  /** The tournament's view. */
  async view(): Promise<any> {
    return (await (await this.api.get(`/api/v1/tournaments/${this.id}`)).json()).view;
  }

  /** The event log, each event with its times and actor. */
  async log(): Promise<any[]> {
    return (await this.api.get(`/api/v1/tournaments/${this.id}/events?after=0`)).json();
  }

  async archive() {
    await this.api.put(`/api/v1/tournaments/${this.id}/archived`, { headers: { Origin: this.base }, data: { value: true } });
  }
}

/** Opens a closed `<details>` (the console's settings, the results panel) with a tap on its
 * summary; one already open stays open. */
export async function openDetails(details: Locator) {
  if (!(await details.evaluate((d) => (d as HTMLDetailsElement).open))) {
    await details.locator("summary").click();
  }
}

/** Opens the console's menu (the QR sheet, the prints, the tournaments, the club's players,
 * the tournament switch, the language), one tap on its summary. */
export async function consoleMenu(page: Page) {
  await openDetails(page.getByTestId("console-menu"));
}

/** Switches the console's language from its menu: the console loads again in it (its
 * section kept), the menu closed. */
export async function consoleLanguage(page: Page, lang: "nl" | "fr" | "en") {
  await consoleMenu(page);
  // The server keeps the choice (a cookie) and sends the page back to its address.
  await Promise.all([page.waitForEvent("load"), page.getByTestId("console-menu").locator(`button[data-lang='${lang}']`).click()]);
  await hydrated(page);
  await expect(page.locator("html")).toHaveAttribute("lang", lang);
  await expect(page.getByTestId("qr-sheet-link")).toBeHidden();
}

/** Answers the guided ruling for talking about a hand in play (PKR4U 10: not heads-up, the
 * hand being played, three hands), from the list of situations to the ruling to record. */
export async function talkingRuling(table: Page) {
  await table.getByTestId("situation-talking").click();
  await table.getByTestId("answer-no").click();
  await table.locator(".answers.column button").nth(1).click();
  await table.getByTestId("answer-amount").fill("3");
  await table.getByTestId("answer-ok").click();
}

/** Registers each name at the desk (the director's console on its desk section) and waits
 * for the seat drawn. */
export async function registerAtDesk(page: Page, names: string[]) {
  for (const name of names) {
    await page.getByTestId("reg-name").fill(name);
    await page.getByTestId("reg-submit").click();
    await expect(page.getByTestId("seat-drawn")).toContainText(name);
  }
}

/** Records the sounds a page plays and its vibrations (in `window.__alerts`), from now on:
 * headless Chromium has no speaker, so the page's attempts are what a test can see. */
export async function recordAlerts(page: Page) {
  await page.evaluate(() => {
    const w = window as any;
    w.__alerts = [];
    const play = HTMLMediaElement.prototype.play;
    HTMLMediaElement.prototype.play = function () {
      w.__alerts.push(this.src);
      return play.call(this).catch(() => undefined);
    };
    (navigator as any).vibrate = () => {
      w.__alerts.push("vibrate");
      return true;
    };
  });
}

/** What `recordAlerts` has seen so far. */
export async function alertsOf(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as any).__alerts ?? []);
}

/** One `play()` of an audio element, as a page made it: which element (numbered in the order
 * first played), its sound, the event it ran in ("click" inside a tap) and whether muted. */
export type Play = { element: number; src: string; during: string; muted: boolean };

/** Records every `play()` of the pages `page` opens from now on (WebKit plays an element only
 * if that same element was first played inside a tap: the record shows which one was). */
export async function recordPlays(page: Page) {
  await page.addInitScript(() => {
    const plays: { element: number; src: string; during: string; muted: boolean }[] = [];
    (window as any).__plays = plays;
    const ids = new WeakMap<HTMLMediaElement, number>();
    let next = 0;
    const original = HTMLMediaElement.prototype.play;
    HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
      if (!ids.has(this)) ids.set(this, next++);
      plays.push({ element: ids.get(this)!, src: new URL(this.src).pathname, during: (window as any).event?.type ?? "", muted: this.muted });
      return original.call(this);
    };
  });
}

/** Waits for the level chime (played unmuted) in `recordPlays`' record; it and every play. */
export async function levelChime(page: Page): Promise<{ chime: Play; plays: Play[] }> {
  const isChime = (p: Play) => p.src === "/sounds/level.wav" && !p.muted;
  await expect.poll(async () => ((await page.evaluate(() => (window as any).__plays)) as Play[]).some(isChime)).toBe(true);
  const plays: Play[] = await page.evaluate(() => (window as any).__plays);
  return { chime: plays.find(isChime)!, plays };
}

/** The `/view/…` fetches a page makes from now on, each with its body's size (and its size on
 * the wire, compressed): each face fetches its own view (issue Y.4), a light page itself
 * (issue Z: /player, /me/…, /signup/…, /table/…). `settled()` waits for the bodies still being read. */
export function recordViewFetches(page: Page) {
  const fetched: { url: string; bytes: number; wire: number }[] = [];
  const reading: Promise<void>[] = [];
  page.on("response", (r) => {
    const url = new URL(r.url()).pathname;
    // A face's view, or a light page fetching itself again (issue Z: /player, /me/…, the
    // door and the table's device).
    const light =
      r.request().resourceType() === "fetch" &&
      (url === "/player" || url.startsWith("/me/") || url.startsWith("/signup/") || url.startsWith("/table/"));
    if (!url.startsWith("/view/") && !light) return;
    reading.push(
      Promise.all([r.body().catch(() => Buffer.alloc(0)), r.request().sizes().catch(() => ({ responseBodySize: 0 }))]).then(
        ([body, sizes]) => {
          fetched.push({ url, bytes: body.length, wire: sizes.responseBodySize });
        },
      ),
    );
  });
  return {
    settled: async () => {
      await Promise.all(reading);
      return fetched;
    },
  };
}
