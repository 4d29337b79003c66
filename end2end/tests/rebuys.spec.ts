// Rebuys and the add-on (issue P) from the desk, a table and the TV: a player busts, the table
// (in Dutch) asks the desk for the rebuy, the desk (in English) sells it and the player is back
// in the seat; a double rebuy bought by mistake is taken back with a reason; at the break the
// desk (now in Dutch) sells the add-on; the money panel, the TV and the receipt count it all.
// Its own tournament from the rebuy template, archived at the end (the other specs expect the
// demo).
import { test, expect, signIn, open, section, newTournamentFromPage, tablePage, bustFirst, directorCommand, registerAtDesk, consoleLanguage } from "./support";

const DEMO = "Demo — Maandagavond";
const PLAYERS = ["Rita Rebuy", "Ruben Rebuy", "Roos Rebuy", "Remi Rebuy"];

test("rebuys and the add-on: the table asks, the desk sells and corrects, the TV counts", async ({ page, browser }) => {
  test.setTimeout(150_000);
  await signIn(page, DEMO);
  const { href, id } = await newTournamentFromPage(page, "Rebuy e2e", "rebuy", 1);
  try {
    await open(page, href);
    await section(page, "desk");
    await registerAtDesk(page, PLAYERS);
    await section(page, "clock");
    await page.getByTestId("clock-start").click();
    await expect(page.getByTestId("clock-pause")).toBeVisible();

    // The table's device, in Dutch: a bust, then the rebuy asked for from the table.
    const table = await tablePage(browser, 1);
    await table.locator("button[data-lang='nl']").click();
    const out = await bustFirst(table);
    const ask = table.getByTestId(`ask-rebuy-${out}`);
    await expect(ask).toHaveText("Rebuy? Vraag het aan de balie");
    await ask.click();
    await expect(table.getByTestId(`rebuy-asked-${out}`)).toContainText("de speler betaalt aan de balie");

    // The desk, in another section, is told in the status strip and on the players' tab
    // (issue U.9); the strip's line opens the players, where the request names the table
    // and the seat kept for the player (not "Table —").
    await expect(page.getByTestId("section-clock")).toBeVisible();
    await expect(page.getByTestId("strip-requests")).toHaveText("Rebuys 1");
    await expect(page.getByTestId("strip-requests")).toHaveAttribute("title", /re-entries asked, to pay at the desk: 1$/);
    await expect(page.getByTestId("tab-players").locator(".badge")).toHaveText("1");
    await page.getByTestId("strip-requests").click();
    await expect(page.getByTestId("section-players")).toBeVisible();
    const request = page.getByTestId(`rebuy-request-${out}`);
    await expect(request).toBeVisible();
    await expect(page.getByTestId(`rebuy-request-at-${out}`)).toHaveText(/^table 1, seat \d+$/);
    await expect(page.getByTestId(`rebuy-request-buy-${out}`)).toContainText("10.00");
    await page.getByTestId(`rebuy-request-buy-${out}`).click();
    await page.getByTestId(`rebuy-request-buy-${out}-confirm`).click();
    await expect(page.getByTestId("rebuy-requests")).toBeHidden();
    await expect(page.getByTestId("strip-requests")).toBeHidden();
    await expect(page.getByTestId("tab-players").locator(".badge")).toBeHidden();
    await expect(page.getByTestId(`player-row-${out}`).locator(".entries")).toHaveText("×1 +1R");
    // ... and the player is back at the table, in the old seat.
    await expect(table.getByTestId(`bust-out-${out}`)).toBeVisible();
    await expect(table.getByTestId("table-rebuys")).toBeHidden();

    // A double rebuy for a player still in, by mistake: taken back with a reason.
    // Any player but the one just rebought (whose stack is at the limit again and who may rebuy too).
    const doubles = await page.locator("[data-testid^='rebuy-double-']").evaluateAll((els) =>
      els.map((el) => el.getAttribute("data-testid")!.replace("rebuy-double-", "")).filter((id) => !id.endsWith("-confirm")),
    );
    const other = doubles.find((id) => id !== out)!;
    expect(other).toBeTruthy();
    await page.getByTestId(`rebuy-double-${other}`).click();
    await page.getByTestId(`rebuy-double-${other}-confirm`).click();
    await expect(page.getByTestId(`player-row-${other}`).locator(".entries")).toHaveText("×1 +2R");
    await page.getByTestId(`cancel-rebuy-${other}`).click();
    await page.getByTestId("correction-reason").fill("Wanted one, not two");
    await page.getByTestId("correction-confirm").click();
    await expect(page.getByTestId("reason-sheet")).toBeHidden();
    await expect(page.getByTestId(`player-row-${other}`).locator(".entries")).toHaveText("×1");

    // The money: four entries at 9.00 and one rebuy at 10.00 in the pool.
    await section(page, "money");
    const money = page.getByTestId("money-panel");
    await expect(money.getByTestId("rebuys")).toHaveText("1");
    await expect(money.getByTestId("add-ons")).toHaveText("0");
    await expect(money).toContainText("46.00");

    // The break after level 4: the add-on, sold by the desk in Dutch.
    await directorCommand(page, { type: "jump_to_level", level_index: 4 });
    await consoleLanguage(page, "nl");
    await section(page, "players");
    const addOn = page.getByTestId(`add-on-${out}`);
    await expect(addOn).toContainText("Add-on");
    await addOn.click();
    await page.getByTestId(`add-on-${out}-confirm`).click();
    await expect(page.getByTestId(`player-row-${out}`).locator(".entries")).toHaveText("×1 +1R +A");
    await expect(page.getByTestId(`cancel-add-on-${out}`)).toHaveText("Add-on annuleren");
    await expect(page.getByTestId(`add-on-${out}`)).toBeHidden();
    await section(page, "money");
    await expect(money.getByTestId("add-ons")).toHaveText("1");
    // In Dutch, as the desk now reads (issue U.13): € 56,00.
    await expect(money).toContainText(/€\s56,00/);

    // The TV: the add-on is on, the counts show.
    const tv = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
    await open(tv, `/screen?t=${id}`);
    await expect(tv.getByTestId("tv-add-on")).toBeVisible();
    await expect(tv.getByTestId("rebuys")).toHaveText("1");
    await expect(tv.getByTestId("add-ons")).toHaveText("1");
    await expect(tv.getByTestId("prize-pool")).toContainText("56.00");
    await tv.screenshot({ path: "test-results/tv-add-on-break.png" });
    await tv.close();

    // The receipt: the buy-in, the rebuy and the add-on, each a line of its own.
    await section(page, "players");
    await page.getByTestId(`receipt-${out}`).click();
    const lines = page.locator("[data-testid^='receipt-line-']");
    await expect(lines).toHaveCount(3);
    await expect(page.getByTestId("receipt-paid-in")).toContainText(/€\s30,00/);
    await table.context().close();
  } finally {
    await open(page, "/director/tournaments");
    await page.getByTestId(`archive-${id}`).click();
    await expect(page.getByTestId(`tournament-${id}`)).toHaveClass(/archived/);
  }
});
