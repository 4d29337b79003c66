// The director's corrections against the real server, each with its reason on the one reason
// sheet: an early leave taken back, a wrong bust revived from the bust feed, a re-entry bought
// by mistake cancelled. Each test leaves the demo as it found it (the other specs count on
// its 24 players).
import { test, expect, Page, signIn, tablePage, bustFirst, section } from "./support";

async function correct(director: Page, button: string, reason: string) {
  await director.getByTestId(button).click();
  await expect(director.getByTestId("reason-sheet")).toBeVisible();
  await director.getByTestId("correction-reason").fill(reason);
  await director.getByTestId("correction-confirm").click();
  await expect(director.getByTestId("reason-sheet")).toBeHidden();
}

test("an early leave is taken back with a reason and the player is back in the seat", async ({ page }) => {
  await signIn(page);
  await section(page, "players");
  const left = await page.getByTestId("players-left").textContent();
  const row = page.locator("[data-testid^='player-row-']").first();
  const id = (await row.getAttribute("data-testid"))!.replace("player-row-", "");
  const seat = await row.locator(".where").textContent();
  await page.getByTestId(`leave-early-${id}`).click();
  await page.getByTestId(`leave-early-${id}-confirm`).click();
  await expect(page.getByTestId(`player-row-${id}`)).toContainText(/left early/i);
  await expect(page.getByTestId("players-left")).toHaveText(String(Number(left) - 1));
  // Without a reason the sheet does not send.
  await page.getByTestId(`reinstate-${id}`).click();
  await page.getByTestId("correction-confirm").click();
  await expect(page.getByTestId("reason-sheet")).toBeVisible();
  await page.getByTestId("correction-reason").fill("Wrong player tapped");
  await page.getByTestId("correction-confirm").click();
  await expect(page.getByTestId(`player-row-${id}`)).toContainText(/playing/i);
  await expect(page.getByTestId(`player-row-${id}`).locator(".where")).toHaveText(seat!);
  await expect(page.getByTestId("players-left")).toHaveText(left!);
});

test("a wrong bust is revived from the bust feed in two taps with a reason", async ({ browser }) => {
  const director = await browser.newPage();
  await signIn(director);
  const left = await director.getByTestId("players-left").textContent();
  const table = await tablePage(browser, 2);
  const id = await bustFirst(table);
  await expect(director.getByTestId("players-left")).toHaveText(String(Number(left) - 1));
  await section(director, "results");
  await correct(director, `feed-revive-${id}`, "The table tapped the wrong player");
  await expect(director.getByTestId("players-left")).toHaveText(left!);
  await expect(director.getByTestId(`player-row-${id}`)).toContainText(/playing/i);
  // The table sees the player back in the seat.
  await expect(table.getByTestId(`bust-out-${id}`)).toBeVisible();
});

test("a re-entry bought by mistake is cancelled and refunded", async ({ browser }) => {
  const director = await browser.newPage();
  await signIn(director);
  const left = await director.getByTestId("players-left").textContent();
  const pool = await director.getByTestId("prize-pool").textContent();
  const table = await tablePage(browser, 2);
  const id = await bustFirst(table);
  await section(director, "players");
  await expect(director.getByTestId(`re-enter-b-${id}`)).toBeVisible();
  const entries = Number(await director.getByTestId("entries").textContent());
  await director.getByTestId(`re-enter-b-${id}`).click();
  // A double tap on the confirmation buys one re-entry.
  await director.getByTestId(`re-enter-b-${id}-confirm`).dblclick();
  await expect(director.getByTestId(`player-row-${id}`)).toContainText("×2");
  // The new seat shown big, in view wherever the row was (issue U.6), the row's own seat.
  const changed = director.getByTestId("seat-changed");
  await expect(changed).toBeInViewport();
  const [t, s] = (await director.getByTestId(`player-row-${id}`).locator(".where").textContent())!.split(" · ");
  await expect(changed.locator(".big")).toHaveText(`Table ${t} · Seat ${s}`);
  expect(parseFloat(await changed.locator(".big").evaluate((el) => getComputedStyle(el).fontSize))).toBeGreaterThanOrEqual(40);
  await expect(director.getByTestId("entries")).toHaveText(String(entries + 1));
  await director.waitForTimeout(500);
  await expect(director.getByTestId("entries")).toHaveText(String(entries + 1));
  await expect(director.getByTestId("prize-pool")).not.toHaveText(pool!);
  await correct(director, `cancel-entry-${id}`, "Paid twice at the desk");
  await expect(director.getByTestId(`player-row-${id}`)).toContainText(/busted/i);
  await expect(director.getByTestId(`player-row-${id}`)).toContainText("×1");
  await expect(director.getByTestId("prize-pool")).toHaveText(pool!);
  // Back as the demo was: the bust itself was a mistake too.
  await correct(director, `revive-${id}`, "Not busted after all");
  await expect(director.getByTestId("players-left")).toHaveText(left!);
});
