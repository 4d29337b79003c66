// Never lose a tap (issue N), on a table's phone at 360×740 (project "phone"): taps made during
// a WiFi drop are kept on the device, survive the page being closed, and are recorded exactly
// once, in the order tapped, when the network returns; a tap the room overtook meanwhile comes
// back as a refusal, shown plainly; a device offline while the room plays on catches up; and a
// page visited once reloads without a network (the service worker), with its kept view. The
// tournament is its own (one table of nine), archived at the end so the other specs keep the
// demo as the default.
import { test, expect, open, seated, tableLink, OwnTournament } from "./support";
import type { Browser, BrowserContext, Page } from "@playwright/test";

const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, locale: "en-GB" };
const NAME = "Offline e2e";

let own: OwnTournament;
const command = (c: Record<string, unknown>) => own.command(c);
const view = () => own.view();
const log = () => own.log();
const status = async (player: number) => (await view()).players.find((p: any) => p.player === player).status;

test.beforeAll(async ({ browser, baseURL }: { browser: Browser; baseURL?: string }) => {
  own = await OwnTournament.open(browser, baseURL, NAME, [
    "Anouk Claes", "Bart Willems", "Céline Renard", "Daan Smit", "Eva Goossens", "Frank Hermans", "Greet Aerts", "Hugo Lambert", "Ilse Jacobs",
  ]);
});

test.afterAll(async () => {
  await own?.archive();
});

/** Table 1's phone, paired from the QR sheet. */
async function tablePhone(browser: Browser): Promise<{ context: BrowserContext; page: Page; link: string }> {
  const link = await tableLink(browser, 1, NAME);
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  await open(page, link);
  return { context, page, link };
}

/** Reports the player in the n-th seat out, won by the next one; returns the busted id. */
async function bust(page: Page, n: number): Promise<number> {
  const out = seated(page).nth(n);
  const player = Number((await out.getAttribute("data-testid"))!.replace("bust-out-", ""));
  await out.click();
  await page.locator("[data-testid^='bust-win-']").nth(n + 1).click();
  await page.getByTestId("bust-confirm").click();
  return player;
}

test("taps during a WiFi drop are kept on the device, outlive the page, and are recorded once in order", async ({ browser }) => {
  const { context, page, link } = await tablePhone(browser);
  await expect(seated(page)).toHaveCount(9);
  await context.setOffline(true);
  await expect(page.getByTestId("offline")).toBeVisible();

  const out = await bust(page, 0);
  // The tap's own answer says where the report is: on the device, not lost.
  await expect(page.getByTestId("answer")).toHaveAttribute("data-queued", "1");
  await expect(page.getByTestId("outbox-item")).toHaveCount(1);
  await expect(page.getByTestId("outbox-item").first()).toContainText("Bust");
  // The button to a seat of a player who stays.
  const seat = (await view()).tables[0].seats.find((s: any) => s.player !== out).seat;
  await page.getByTestId(`seat-${seat}`).click();
  await expect(page.getByTestId("outbox-item")).toHaveCount(2);
  await expect(page.getByTestId("outbox-count")).toHaveText("Waiting on this device: 2");
  expect(await status(out)).toBe("playing");

  // The page is closed with both waiting; the device opens it again once back online.
  await page.close();
  await context.setOffline(false);
  const again = await context.newPage();
  await open(again, link);
  await expect.poll(() => status(out)).toBe("busted");
  await expect(again.getByTestId("outbox")).toHaveCount(0);
  // Both recorded, each once, in the order tapped, each with its tap time before its receipt.
  const events = await log();
  const busts = events.filter((e) => e.event.type === "busts_recorded" && e.event.busts.some((b: any) => b.player === out));
  const buttons = events.filter((e) => e.event.type === "button_set" && e.event.seat === seat);
  expect(busts).toHaveLength(1);
  expect(buttons).toHaveLength(1);
  expect(busts[0].seq).toBeLessThan(buttons[0].seq);
  for (const e of [busts[0], buttons[0]]) {
    expect(e.actor).toBe("table:1");
    expect(e.tapped_at).toBeLessThanOrEqual(e.at);
  }
  // The table's page shows the bust without a refresh; so does the player's seat search.
  await expect(seated(again)).toHaveCount(8);
  await context.close();
});

test("a tap the room overtook during the drop comes back as a refusal, shown plainly", async ({ browser }) => {
  const { context, page } = await tablePhone(browser);
  const before = await seated(page).count();
  await context.setOffline(true);
  await expect(page.getByTestId("offline")).toBeVisible();
  const out = await bust(page, 0);
  await expect(page.getByTestId("outbox-item")).toHaveCount(1);
  // Meanwhile the director reports the same bust from the desk.
  const winner = (await view()).players.find((p: any) => p.status === "playing" && p.player !== out).player;
  await command({ type: "report_busts", table: 1, busts: [{ player: out, eliminators: [winner] }] });
  await context.setOffline(false);
  const late = page.getByTestId("outbox-late");
  await expect(late).toBeVisible({ timeout: 20_000 });
  await expect(late.locator(".answer.error")).toHaveAttribute("data-code", /.+/);
  await expect(page.getByTestId("outbox")).toHaveCount(0);
  await expect(seated(page)).toHaveCount(before - 1);
  // Recorded once: the director's report.
  const busts = (await log()).filter((e) => e.event.type === "busts_recorded" && e.event.busts.some((b: any) => b.player === out));
  expect(busts).toHaveLength(1);
  await page.getByTestId("outbox-read").click();
  await expect(late).toHaveCount(0);
  await context.close();
});

test("a device offline while the room plays on catches up to the same view", async ({ browser }) => {
  const { context, page } = await tablePhone(browser);
  await context.setOffline(true);
  await expect(page.getByTestId("offline")).toBeVisible();
  // The room goes on without it: two busts at its table and a new button.
  for (let i = 0; i < 2; i++) {
    const v = await view();
    const here = v.tables[0].seats;
    await command({ type: "report_busts", table: 1, busts: [{ player: here[0].player, eliminators: [here[1].player] }] });
  }
  const now = await view();
  await command({ type: "set_button", table: 1, seat: now.tables[0].seats[0].seat });
  await page.waitForTimeout(1000);
  await context.setOffline(false);
  const final = await view();
  await expect(seated(page)).toHaveCount(final.tables[0].seats.length, { timeout: 20_000 });
  await expect(page.getByTestId("offline")).toHaveCount(0);
  // The same seats, names and button as the server's view.
  for (const s of final.tables[0].seats) {
    await expect(page.getByTestId(`seat-${s.seat}`)).toContainText(s.name);
  }
  await context.close();
});

test("a table page opens with the network off after one visit, with its kept view and what waits", async ({ browser }) => {
  const { context, page } = await tablePhone(browser);
  // One visit only (the one that installs the service worker): the worker takes the open
  // page and keeps it, with its files, without a second load (W.5).
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await page.waitForFunction(async () => {
    const kept = await caches.match(location.href);
    // The app's files and the light page's scripts (issue Z: the table's page runs no wasm).
    const files = [...document.querySelectorAll("link[href^='/pkg/'], script[src^='/pkg/'], script[src^='/light']")]
      .map((e) => e.getAttribute("href") ?? e.getAttribute("src"));
    const missing = await Promise.all(files.map(async (f) => (await caches.match(f!)) === undefined));
    return kept !== undefined && files.length > 0 && !missing.includes(true);
  });
  const before = await seated(page).count();
  await context.setOffline(true);
  const out = await bust(page, 0);
  await expect(page.getByTestId("outbox-item")).toHaveCount(1);
  // Reloaded without a network: the page, its kept view (marked, with its age), the bust
  // still waiting and shown as reported.
  await page.reload();
  await expect(page.locator("body[data-hydrated='1']")).toHaveCount(1);
  await expect(page.getByTestId("view-kept")).toBeVisible();
  await expect(page.getByTestId("outbox-item")).toHaveCount(1);
  await expect(seated(page)).toHaveCount(before);
  await expect(page.getByTestId(`bust-out-${out}`)).toBeDisabled();
  // Back online: the bust goes, once, and the page catches up.
  await context.setOffline(false);
  await expect(seated(page)).toHaveCount(before - 1, { timeout: 20_000 });
  await expect(page.getByTestId("outbox")).toHaveCount(0);
  await expect(page.getByTestId("view-kept")).toHaveCount(0);
  const busts = (await log()).filter((e) => e.event.type === "busts_recorded" && e.event.busts.some((b: any) => b.player === out));
  expect(busts).toHaveLength(1);
  await context.close();
});
