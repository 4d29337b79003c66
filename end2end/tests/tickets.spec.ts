// Ticket prizes (issue P): a satellite made from its template, its seat's value changed in the
// settings (in Dutch), the pool buying seats with the rest in cash for the next place on the
// desk, the phones and the TV; played out from the table's device, the winner's receipt has the
// ticket on a line of its own. Its own tournament, archived at the end (the other specs expect
// the demo).
import { test, expect, signIn, open, section, newTournamentFromPage, tablePage, bustFirst, directorCommand, openDetails, registerAtDesk, consoleLanguage } from "./support";

const DEMO = "Demo — Maandagavond";
const PLAYERS = ["Sara Sat", "Sem Sat", "Sien Sat", "Stan Sat", "Sofie Sat", "Sven Sat"];

test("a satellite: seats bought by the pool, the rest in cash, the ticket on the receipt", async ({ page, browser }) => {
  test.setTimeout(150_000);
  await signIn(page, DEMO);
  const { href, id } = await newTournamentFromPage(page, "Satellite e2e", "satellite", 1);
  try {
    await open(page, href);
    // The settings, in Dutch: seats of 50.00 instead of the template's 100.00.
    await consoleLanguage(page, "nl");
    await section(page, "clock");
    await openDetails(page.getByTestId("settings"));
    const ticket = page.getByTestId("cfg-ticket");
    await expect(ticket.locator("legend")).toHaveText("Ticketprijs (satelliet, waardebon)");
    await expect(page.getByTestId("cfg-ticket-name")).toHaveValue("Main Event");
    await expect(page.getByTestId("cfg-ticket-source")).toHaveValue("pool");
    await page.getByTestId("cfg-ticket-value").fill("50");
    await page.getByTestId("save-config").click();
    await expect(page.getByTestId("cfg-ticket-value")).toHaveValue("50.00");
    await consoleLanguage(page, "en");

    // Six players at 18.00 for the pool: 108.00 buys two seats of 50.00, 8.00 to third.
    await section(page, "desk");
    await registerAtDesk(page, PLAYERS);
    await section(page, "clock");
    await page.getByTestId("clock-start").click();
    await expect(page.getByTestId("clock-pause")).toBeVisible();
    await directorCommand(page, { type: "close_registration" });

    await section(page, "money");
    const rows = page.getByTestId("payouts-table").locator("tbody tr");
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(0)).toContainText("Ticket Main Event (€50.00)");
    await expect(rows.nth(1)).toContainText("Ticket Main Event (€50.00)");
    await expect(rows.nth(2)).toContainText("€8.00");
    await expect(rows.nth(2).getByTestId("ticket-prize")).toHaveCount(0);
    await expect(page.getByTestId("payouts-satellite")).toBeVisible();

    // A player's phone and the TV name the seats.
    const phone = await browser.newPage({ viewport: { width: 360, height: 740 } });
    await open(phone, `/player?t=${id}`);
    await expect(phone.locator(".payouts li").first()).toContainText("Ticket Main Event");
    await phone.screenshot({ path: "test-results/satellite-phone.png", fullPage: true });
    await phone.close();
    const tv = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
    await open(tv, `/screen?t=${id}`);
    await expect(tv.locator(".tv-payouts li").first()).toContainText("Ticket Main Event");
    await expect(tv.locator(".tv-payouts li").nth(2)).toContainText("€8.00");
    await tv.screenshot({ path: "test-results/satellite-tv.png" });
    await tv.close();

    // Played out from the table: four busts to the bubble, then one more.
    const table = await tablePage(browser, 1);
    const out: string[] = [];
    for (let i = 0; i < 5; i++) out.push(await bustFirst(table));
    await table.context().close();

    // The results: two seats, the third's cash.
    await section(page, "results");
    const results = page.getByTestId("results-panel");
    await openDetails(results);
    await expect(results.getByTestId("ticket-prize")).toHaveCount(2);
    const third = out[3];
    await expect(results.getByTestId(`result-receipt-${third}`).locator("xpath=ancestor::tr")).toContainText("€8.00");

    // The runner-up's receipt: the seat on a line of its own, no money.
    await results.getByTestId(`result-receipt-${out[4]}`).click();
    await expect(page.getByTestId("receipt-ticket")).toHaveText("Ticket won: Main Event (its value)");
    await expect(page.getByTestId("receipt")).toContainText("€50.00");
  } finally {
    await open(page, "/director/tournaments");
    await page.getByTestId(`archive-${id}`).click();
    await expect(page.getByTestId(`tournament-${id}`)).toHaveClass(/archived/);
  }
});
