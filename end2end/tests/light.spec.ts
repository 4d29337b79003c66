// The player's phone faces are light pages (issue Z): /player and /me/… come rendered whole
// from the server with public/light.js and none of the app's wasm, so a phone's first load is
// at most 150 KB on the wire; they still follow the tournament live (a bust on the personal
// page and the seat search, no reload), tick the clock, and send the page's one command (a
// re-entry asked for) with its answer beside the button. A tournament of this spec's own, on
// a phone at 360×740.
import { test, expect, open, OwnTournament, Page } from "./support";

let own: OwnTournament;

test.beforeAll(async ({ browser, baseURL }) => {
  own = await OwnTournament.open(browser, baseURL, "Light pages e2e", ["Ann Licht", "Bob Licht", "Cas Licht", "Dirk Licht"]);
});

test.afterAll(async () => {
  await own.archive();
});

/** Everything a page's load brings over the wire (bodies as sent, compressed, and headers),
 * and the addresses it asked for. */
function recordLoad(page: Page) {
  const answers: { path: string; bytes: Promise<number> }[] = [];
  page.on("requestfinished", (request) => {
    answers.push({
      path: new URL(request.url()).pathname,
      bytes: request.sizes().then((s) => s.responseBodySize + s.responseHeadersSize),
    });
  });
  return {
    paths: () => answers.map((a) => a.path),
    bytes: async () => (await Promise.all(answers.map((a) => a.bytes))).reduce((a, b) => a + b, 0),
    clear: () => {
      answers.length = 0;
    },
  };
}

async function personalPath(player: number): Promise<string> {
  const link = await own.api.post("/api/player_link", {
    headers: { Origin: own.base },
    form: { player: String(player), tournament: String(own.id) },
  });
  expect(link.ok(), await link.text()).toBeTruthy();
  return (await link.json()).path;
}

const player = (view: any, name: string) => view.players.find((p: any) => p.name === name).player;

test("the seat search and the personal page load light and follow a bust live", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, locale: "en-GB" });
  const phone = await context.newPage();
  const view = await own.view();
  const table = view.tables[0].table;

  // The seat search: a first load under 150 KB, no wasm, the answer on the page.
  let load = recordLoad(phone);
  await open(phone, `/player?t=${own.id}&name=Bob`);
  await phone.waitForLoadState("networkidle");
  expect(load.paths().filter((p) => p.endsWith(".wasm")), "no wasm on a light page").toEqual([]);
  expect(load.paths()).toContain("/light.js");
  const playerBytes = await load.bytes();
  console.log(`/player first load: ${playerBytes} B`);
  expect(playerBytes).toBeLessThanOrEqual(150 * 1024);
  await expect(phone.getByTestId("seat-cards")).toContainText("Bob Licht");
  // The clock counts down on the phone between events.
  const shown = await phone.getByTestId("clock-time").textContent();
  await expect(phone.getByTestId("clock-time")).not.toHaveText(shown ?? "", { timeout: 4_000 });

  // Bob's personal page, the same.
  const bob = player(view, "Bob Licht");
  const path = await personalPath(bob);
  const me = await (await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, locale: "en-GB" })).newPage();
  load = recordLoad(me);
  await open(me, path);
  await me.waitForLoadState("networkidle");
  expect(load.paths().filter((p) => p.endsWith(".wasm"))).toEqual([]);
  const meBytes = await load.bytes();
  console.log(`/me first load: ${meBytes} B`);
  expect(meBytes).toBeLessThanOrEqual(150 * 1024);
  await expect(me.getByTestId("me-name")).toHaveText("Bob Licht");
  // Both pages stay the same documents through what follows (no reload).
  await phone.evaluate(() => ((window as any).stillHere = true));
  await me.evaluate(() => ((window as any).stillHere = true));
  load.clear();

  // Bob is knocked out by Ann: both pages show it by themselves.
  await own.command({ type: "report_busts", table, busts: [{ player: bob, eliminators: [player(view, "Ann Licht")] }] });
  await expect(me.getByTestId("me-status")).toHaveText("Busted");
  await expect(me.getByTestId("me-place").locator(".big")).toHaveText("4");
  await expect(me.getByTestId("me-seat")).toHaveCount(0);
  await expect(phone.getByTestId("seat-card-out")).toContainText("4");
  expect(await me.evaluate(() => (window as any).stillHere)).toBe(true);
  expect(await phone.evaluate(() => (window as any).stillHere)).toBe(true);
  // What the personal page fetched to follow the bust: its own page again, a few KB.
  await me.waitForLoadState("networkidle");
  const followed = await load.bytes();
  console.log(`/me following one bust: ${followed} B (${load.paths().join(", ")})`);
  expect(load.paths().filter((p) => p !== "/live/" + own.id)).toContain(path);

  // He asks for a re-entry from his page: one tap, and the page says it is asked.
  await me.getByTestId("ask-reentry").click();
  await expect(me.getByTestId("reentry-asked")).toBeVisible();
  expect((await own.view()).reentry_requests).toEqual([bob]);
  await me.screenshot({ path: "test-results/light-me-asked-360.png", fullPage: true });
  await phone.screenshot({ path: "test-results/light-player-360.png", fullPage: true });
  await context.close();
  await me.context().close();
});

test("a refused request shows beside its button, in the page's language", async ({ browser }) => {
  const view = await own.view();
  const cas = player(view, "Cas Licht");
  const page = await (await browser.newContext({ viewport: { width: 360, height: 740 }, locale: "en-GB" })).newPage();
  // Cas is still playing: a page that offers him the button anyway (as an old copy would) is
  // refused by the rules, and says so in words next to it.
  await open(page, await personalPath(cas));
  await page.evaluate(() => {
    const form = document.createElement("form");
    form.dataset.lightAction = "/api/request_reentry";
    form.dataset.lightCommand = "reentry";
    form.dataset.answerTestid = "reentry-answer";
    form.innerHTML = `<input type="hidden" name="token" value="${location.pathname.slice(4)}"><button type="submit" data-testid="ask-reentry">Ask</button>`;
    document.querySelector("main")!.append(form);
  });
  await page.getByTestId("ask-reentry").click();
  const words = await (await own.api.get(`/words/refusal/PLAYER_NOT_BUSTED?language=en&player=${cas}`)).text();
  expect(words).not.toContain("PLAYER_NOT_BUSTED");
  await expect(page.getByTestId("reentry-answer")).toHaveText(words);
  await expect(page.getByTestId("reentry-answer")).toHaveAttribute("role", "alert");
  expect((await own.view()).reentry_requests ?? [], "nothing asked for Cas").not.toContain(cas);
  await page.context().close();
});

test("the sign-up door loads light, signs up and follows the place", async ({ browser }) => {
  const phone = await (await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, locale: "en-GB" })).newPage();
  const load = recordLoad(phone);
  await open(phone, `/signup?t=${own.id}`);
  await phone.waitForLoadState("networkidle");
  expect(load.paths().filter((p) => p.endsWith(".wasm")), "no wasm on the door").toEqual([]);
  const bytes = await load.bytes();
  console.log(`/signup first load: ${bytes} B`);
  expect(bytes).toBeLessThanOrEqual(150 * 1024);
  await phone.getByTestId("sign-up-name").fill("Eva Licht");
  await phone.getByTestId("sign-up-submit").click();
  await phone.waitForURL(/\/signup\/\d+-\d+-[0-9a-f]{32}$/);
  await expect(phone.getByTestId("my-place")).toBeVisible();
  const queue = (await own.view()).door.queue;
  expect(queue.filter((q: any) => q.name === "Eva Licht"), "in the queue, once").toHaveLength(1);
  await phone.screenshot({ path: "test-results/light-signup-place-360.png", fullPage: true });
  await phone.context().close();
});
