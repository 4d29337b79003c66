// A guaranteed prize pool, set in the console's settings before the start: the money panel
// shows the guarantee and what the house adds (the overlay), the player's phone and the room
// screen show the guaranteed pool marked as such, and a receipt says so. Then what the club
// prints: a seat card from the desk, every seat card, the seating list and the payout sheet.
// Its own tournament, archived at the end (the other specs expect the demo).
import { test, expect, signIn, open, section, newTournamentFromPage, openDetails } from "./support";

const DEMO = "Demo — Maandagavond";

test("a guarantee: set in the settings, the overlay in the money panel, marked on the faces; the printed sheets", async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO);
  const { href, id } = await newTournamentFromPage(page, "Guarantee e2e");
  try {
    await open(page, href);
    await section(page, "clock");
    await openDetails(page.getByTestId("settings"));
    // Not a number: named, nothing sent.
    await page.getByTestId("cfg-guarantee").fill("lots");
    await page.getByTestId("save-config").click();
    await expect(page.getByTestId("config-form").locator(".answer.error")).toContainText("guarantee");
    await page.getByTestId("cfg-guarantee").fill("500");
    await page.getByTestId("save-config").click();
    await expect(page.getByTestId("cfg-guarantee")).toHaveValue("500.00");

    // Two players at 20.00 each for the pool: 40.00 of the entries, 460.00 from the house.
    await section(page, "desk");
    for (const name of ["Gina Guarantee", "Hugo Guarantee"]) {
      await page.getByTestId("reg-name").fill(name);
      await page.getByTestId("reg-submit").click();
      await expect(page.getByTestId("seat-drawn")).toContainText(name);
    }
    // The seat card of the player just registered: the desk's link opens it alone.
    const seatDrawn = (await page.getByTestId("seat-drawn").locator(".big").innerText()).split("·").map((x) => x.trim());
    const cardHref = (await page.getByTestId("print-seat-card").getAttribute("href"))!;
    expect(cardHref).toContain(`t=${id}`);
    // A second tab of the same signed-in browser, as the desk's link opens it.
    const sheet = await page.context().newPage();
    await open(sheet, cardHref);
    await expect(sheet.getByTestId("seat-cards").locator("li")).toHaveCount(1);
    await expect(sheet.getByTestId("seat-card-name")).toHaveText("Hugo Guarantee");
    await expect(sheet.getByTestId("seat-card-table")).toHaveText(seatDrawn[0]);
    await expect(sheet.getByTestId("seat-card-seat")).toHaveText(seatDrawn[1]);
    await expect(sheet.locator(".seat-card .qr svg")).toBeVisible();
    // Every seated player's card, by table and seat; on an 80 mm printer one per slip.
    await sheet.getByTestId("print-tab-cards").click();
    await expect(sheet.getByTestId("seat-cards").locator("li")).toHaveCount(2);
    await open(sheet, `/director/print/cards?t=${id}&width=80`);
    await expect(sheet.getByTestId("seat-cards")).toHaveClass(/receipt-width/);
    await sheet.emulateMedia({ media: "print" });
    await sheet.screenshot({ path: "test-results/print-seat-cards-80mm.png", fullPage: true });
    await sheet.emulateMedia({ media: "screen" });
    // The seating list: by table and seat, and by name.
    await sheet.getByTestId("print-tab-seating").click();
    await expect(sheet.getByTestId("seating-by-table").locator("tbody tr")).toHaveCount(2);
    await expect(sheet.getByTestId("seating-by-name").locator("tbody tr").first()).toContainText("Gina Guarantee");
    // The payout sheet: the guaranteed pool and the places.
    await sheet.getByTestId("print-tab-payouts").click();
    await expect(sheet.getByTestId("print-pool")).toContainText("500.00");
    await expect(sheet.getByTestId("print-payouts")).toContainText("325.00");
    await sheet.emulateMedia({ media: "print" });
    await sheet.screenshot({ path: "test-results/print-payout-sheet.png", fullPage: true });
    await sheet.close();
    await section(page, "money");
    const money = page.getByTestId("money-panel");
    await expect(money.getByTestId("guarantee")).toContainText("500.00");
    await expect(money.getByTestId("overlay")).toContainText("460.00");
    await expect(page.getByTestId("payouts-table")).toContainText("325.00");

    // The player's phone and the room screen: the guaranteed pool, marked.
    const phone = await browser.newPage({ viewport: { width: 360, height: 740 } });
    await open(phone, `/player?t=${id}`);
    await expect(phone.getByTestId("prize-pool")).toContainText("500.00");
    await expect(phone.getByTestId("guaranteed")).toBeVisible();
    await open(phone, `/screen?t=${id}`);
    await expect(phone.getByTestId("prize-pool")).toContainText("500.00");
    await expect(phone.getByTestId("guaranteed")).toBeVisible();
    await phone.close();

    // A receipt names the pool, the guarantee and the overlay.
    await section(page, "players");
    const gina = page.getByTestId("players-panel").locator("[data-testid^='player-row-']").filter({ hasText: "Gina Guarantee" });
    await gina.locator("[data-testid^='receipt-']").click();
    await expect(page.getByTestId("receipt-pool")).toContainText("500.00");
    await expect(page.getByTestId("receipt-pool")).toContainText("460.00");
  } finally {
    await open(page, "/director/tournaments");
    await page.getByTestId(`archive-${id}`).click();
    await expect(page.getByTestId(`tournament-${id}`)).toHaveClass(/archived/);
  }
});
