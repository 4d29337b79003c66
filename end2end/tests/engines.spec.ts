// A smoke suite for the other engines (issue W.6), run in Firefox ESR (Debian's, driven over
// WebDriver BiDi: project "firefox") besides the whole suite in Chromium: hydration, a live
// update, the light seat search (issue Z), a table's bust from its key link, the outbox across a drop and a reload, the TV's
// clock and chime, the desk and a sign-up. Its own tournament, archived at the end.
import { test, expect, open, recordPlays, levelChime, hydrated, signIn, tableLink, seated, OwnTournament } from "./support";
import type { Browser, Page } from "@playwright/test";

const NAME = "Engines e2e";
let own: OwnTournament;

test.beforeAll(async ({ browser, baseURL }: { browser: Browser; baseURL?: string }) => {
  own = await OwnTournament.open(browser, baseURL, NAME, ["Ann Motor", "Bart Motor", "Cis Motor", "Dirk Motor", "Els Motor", "Fien Motor", "Gust Motor"]);
});

test.afterAll(async () => {
  await own?.archive();
});

/** Reports the player in the first seat out, won by the next one; returns the busted id. */
async function bustFirstSeat(page: Page): Promise<number> {
  const out = seated(page).first();
  const player = Number((await out.getAttribute("data-testid"))!.replace("bust-out-", ""));
  await out.click();
  await page.locator("[data-testid^='bust-win-']").nth(1).click();
  await page.getByTestId("bust-confirm").click();
  return player;
}

test("a table's bust from its key link reaches the TV live; the TV's clock runs and its tap unlocks the chime", async ({ browser }) => {
  const tv = await (await browser.newContext({ viewport: { width: 1920, height: 1080 } })).newPage();
  await recordPlays(tv);
  await open(tv, `/screen?t=${own.id}`);
  const players = tv.getByTestId("players-left");
  await expect(players).toHaveText("7");
  // The clock runs on the TV by itself.
  const first = await tv.getByTestId("clock-time").textContent();
  await expect.poll(() => tv.getByTestId("clock-time").textContent(), { timeout: 5_000 }).not.toBe(first);
  await tv.mouse.click(960, 540);

  const table = await (await browser.newContext({ viewport: { width: 360, height: 740 } })).newPage();
  await open(table, await tableLink(browser, 1, NAME));
  await expect(seated(table)).toHaveCount(7);
  const out = await bustFirstSeat(table);
  await expect(seated(table)).toHaveCount(6);
  await expect(players).toHaveText("6");
  expect((await own.view()).players.find((p: any) => p.player === out).status).toBe("busted");

  // A level change chimes on the element the tap unlocked.
  await own.command({ type: "jump_to_level", level_index: 1 });
  await expect(tv.getByTestId("announcement")).toContainText("Level 2");
  const { chime, plays } = await levelChime(tv);
  expect(plays.some((p) => p.element === chime.element && p.during === "click")).toBe(true);
  await tv.context().close();
  await table.context().close();
});

test("a bust tapped during a drop is kept, survives a reload, and is recorded once when the network returns", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  await open(page, await tableLink(browser, 1, NAME));
  const before = await seated(page).count();
  await context.setOffline(true);
  await expect(page.getByTestId("offline")).toBeVisible({ timeout: 20_000 });
  const out = await bustFirstSeat(page);
  await expect(page.getByTestId("outbox-item")).toHaveCount(1);
  await context.setOffline(false);
  // Reloaded once the network is back: the kept tap is still on the device and goes, once.
  await page.reload();
  await hydrated(page);
  await expect(seated(page)).toHaveCount(before - 1, { timeout: 20_000 });
  await expect(page.getByTestId("outbox")).toHaveCount(0);
  const busts = (await own.log()).filter((e) => e.event.type === "busts_recorded" && e.event.busts.some((b: any) => b.player === out));
  expect(busts).toHaveLength(1);
  await context.close();
});

test("the seat search is a light page (no wasm) whose clock ticks and which follows a bust live", async ({ browser }) => {
  const phone = await (await browser.newContext({ viewport: { width: 360, height: 740 } })).newPage();
  await open(phone, `/player?t=${own.id}&name=Motor`);
  const wasm = await phone.evaluate(() => performance.getEntriesByType("resource").filter((e) => e.name.endsWith(".wasm")).length);
  expect(wasm, "issue Z: no wasm on the player's phone faces").toBe(0);
  const shown = await phone.getByTestId("clock-time").textContent();
  await expect(phone.getByTestId("clock-time")).not.toHaveText(shown ?? "", { timeout: 5_000 });
  await phone.evaluate(() => ((window as any).stillHere = true));
  const view = await own.view();
  const seatedNow = view.players.filter((p: any) => p.status === "playing" && p.seat !== null);
  const out = phone.getByTestId("seat-card-out");
  const before = await out.count();
  await own.command({ type: "report_busts", table: seatedNow[0].table, busts: [{ player: seatedNow[0].player, eliminators: [seatedNow[1].player] }] });
  await expect(out).toHaveCount(before + 1);
  expect(await phone.evaluate(() => (window as any).stillHere), "no reload").toBe(true);
  await phone.context().close();
});

test("the desk opens signed in, and a phone signs up at the door", async ({ page, browser }) => {
  await signIn(page);
  await open(page, `/director?t=${own.id}`);
  await expect(page.getByTestId("tournament-name")).toHaveText(NAME);
  const phone = await (await browser.newContext({ viewport: { width: 360, height: 740 } })).newPage();
  await open(phone, `/signup?t=${own.id}`);
  await expect(phone.getByTestId("sign-up-tournament")).toContainText(NAME);
  await phone.getByTestId("sign-up-name").fill("Hanne Motor");
  await phone.getByTestId("sign-up-method-cash").check();
  await phone.getByTestId("sign-up-submit").click();
  await phone.waitForURL(/\/signup\/\d+-\d+-[0-9a-f]{32}$/);
  await hydrated(phone);
  await expect(phone.getByTestId("my-place")).toBeVisible();
  await phone.context().close();
});
