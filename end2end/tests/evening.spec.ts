// A full club evening in the browser against the real server, every step through the faces:
// the director makes a progressive-knockout tournament and registers 30 players at the desk
// (4 tables), starts the clock; each table reports its busts from its own page (opened by its
// QR code link); a balancing move into a table that has not set its button waits for it (TDA
// 25), then is shown and confirmed by the arriving table; re-entries A
// and B at the desk; a table down to 4 stops and the director breaks it; the final table is
// drawn; the money adds up (prize pool, payouts, bounties, deal quotes); a player's phone
// follows it all live and switches language.
//
// It runs after the other specs (its own Playwright project): once its clock runs, the
// tournament it makes is the newest one being played, which the faces show by default.
import { test, expect, Page, open, signIn, tablePage, seated, bustFirst, section, recordAlerts, alertsOf } from "./support";

const NAMES = [
  "Anke Janssens", "Bart Peeters", "Chloé Dubois", "Dirk Maes", "Els Jacobs", "Frank Mertens",
  "Griet Willems", "Hans Claes", "Ilse Goossens", "Jan Wouters", "Karel De Smet", "Lotte Vermeulen",
  "Marc Hermans", "Nina Aerts", "Olivier Lambert", "Paula Dupont", "Quinten Leclercq", "Rik Segers",
  "Sofie Van Damme", "Tom Verhoeven", "Ursula Bosmans", "Vincent Michiels", "Wim Smits", "Xavier Renard",
  "Yasmine El Amrani", "Zeger De Backer", "Ahmed Benali", "Bram de Vries", "Carla Bakker", "Daan Visser",
];

/** Euros shown as "€12.50" (English, the tests' language), in cents. */
function cents(text: string | null): number {
  const m = (text ?? "").replace(/\s/g, "").match(/€(\d+)\.(\d{2})/);
  expect(m, `an amount in "${text}"`).not.toBeNull();
  return Number(m![1]) * 100 + Number(m![2]);
}

/** The director makes the club's progressive-knockout evening on the tournaments page (the
 * PKO template: 15 + 2 euro with a 10 euro bounty, 4 tables) and opens all four tables from
 * the start in its settings (the template opens three); returns the tournament's id. */
async function createEvening(director: Page): Promise<number> {
  await open(director, "/director/tournaments");
  await director.getByTestId("new-name").fill("Full evening PKO");
  await director.getByTestId("new-source").selectOption("pko");
  await director.getByTestId("new-tables").fill("4");
  await director.getByTestId("new-create").click();
  const link = director.getByTestId("created").locator("a");
  await expect(link).toHaveAttribute("href", /^\/director\?t=\d+$/);
  const href = (await link.getAttribute("href"))!;
  await open(director, href);
  await expect(director.getByTestId("tournament-name")).toHaveText("Full evening PKO");
  await section(director, "clock");
  await director.getByTestId("settings").locator("summary").click();
  await expect(director.getByTestId("cfg-tables-at-start")).toHaveValue("3");
  await director.getByTestId("cfg-tables-at-start").fill("4");
  await director.getByTestId("save-config").click();
  await expect(director.getByTestId("settings").locator(".answer.ok")).toBeVisible();
  await expect(director.locator("[data-testid^='table-tile-']")).toHaveCount(4);
  await director.getByTestId("settings").locator("summary").click();
  return Number(href.split("t=")[1]);
}

async function openTables(director: Page): Promise<number[]> {
  const ids = await director.locator("[data-testid^='table-tile-']").evaluateAll((els) =>
    els.map((e) => Number(e.getAttribute("data-testid")!.replace("table-tile-", ""))),
  );
  return ids;
}

test("a full club evening, from the first registration to the final table", async ({ browser }) => {
  test.setTimeout(20 * 60_000);
  const director = await (await browser.newContext({ viewport: { width: 1024, height: 768 } })).newPage();
  await signIn(director);
  const id = await createEvening(director);
  // Named by its id until it starts: the faces' default is the tournament being played (the
  // demo) until this one's clock runs.
  await open(director, `/director?t=${id}`);
  await expect(director.getByTestId("tournament-name")).toHaveText("Full evening PKO");

  // The registration desk: 30 players, each seat drawn and shown big.
  await section(director, "desk");
  for (const name of NAMES) {
    await director.getByTestId("reg-name").fill(name);
    await director.getByTestId("reg-submit").click();
    await expect(director.getByTestId("seat-drawn")).toContainText(name);
  }
  await expect(director.getByTestId("players-left")).toHaveText("30");
  await expect(director.getByTestId("prize-pool")).toHaveText("€450.00");
  await section(director, "clock");
  await director.getByTestId("clock-start").click();
  await expect(director.getByTestId("clock-pause")).toBeVisible();
  await section(director, "players");

  // A player's phone: finds the seat, and follows the evening without reloading.
  const phone = await (await browser.newContext({ viewport: { width: 360, height: 740 } })).newPage();
  await open(phone, "/player");
  await phone.getByTestId("find-name").fill("Lotte");
  await phone.getByTestId("find-seat").click();
  await expect(phone.getByTestId("seat-cards")).toContainText(/Lotte Vermeulen.*Table \d+ · Seat \d+/);
  await expect(phone.getByTestId("players-left")).toHaveText("30");

  // Each table's device, opened by its QR code link.
  const tables = new Map<number, Page>();
  for (const n of [1, 2, 3, 4]) tables.set(n, await tablePage(browser, n));
  const counts = async () => {
    const c = new Map<number, number>();
    for (const [n, page] of tables) c.set(n, await seated(page).count());
    return c;
  };
  expect([...(await counts()).values()].reduce((a, b) => a + b)).toBe(30);
  const shortest = [...(await counts()).entries()].sort((a, b) => a[1] - b[1])[0][0];
  const short = tables.get(shortest)!;

  // Each table says where its button is, but the shortest not yet.
  for (const [n, page] of tables) {
    if (n === shortest) continue;
    await page.getByTestId("seat-1").click();
    await expect(page.getByTestId("seat-1").getByTestId("button-mark")).toBeVisible();
  }

  // TDA 25: busts at the shortest table until it is 2 short; the plan moves the next big
  // blind of the longest table there, to the seat after the short table's big blind. Its
  // button is unknown, so the move waits: the short table is asked for its button, the giving
  // table and the director see the move waiting, and no seat can be confirmed yet.
  for (let i = 0; i < 3 && (await short.getByTestId("move-waits-in").count()) === 0; i++) {
    await bustFirst(short);
  }
  const waits = short.getByTestId("move-waits-in");
  await expect(waits).toBeVisible();
  const waitText = (await waits.textContent()) ?? "";
  const w = waitText.match(/A player is coming to this table: (.+) from table (\d+)\. Set your button first/);
  expect(w, waitText).not.toBeNull();
  await expect(short.getByTestId("move-in")).toHaveCount(0);
  await expect(short.getByTestId("need-button")).toHaveCount(0);
  await expect(tables.get(Number(w![2]))!.getByTestId("move-waits-out")).toContainText(
    `${w![1]} will move to table ${shortest} as soon as that table has set its button`,
  );
  await expect(director.getByTestId("strip-moves")).toBeVisible();
  await director.getByTestId("strip-moves").click();
  await expect(director.getByTestId("plan-waiting")).toContainText(`waits for the button of table ${shortest}`);
  await expect(director.getByTestId(`needs-button-${shortest}`)).toBeVisible();
  await section(director, "players");
  // The player who moves is told on their phone, on top and big (issue V.1), and the room
  // screen will say the move out loud once the seat is named.
  const mover = await (await browser.newContext({ viewport: { width: 360, height: 740 } })).newPage();
  await open(mover, `/player?t=${id}&name=${encodeURIComponent(w![1])}`);
  await expect(mover.getByTestId("move-notice")).toHaveText(`Table change: go to table ${shortest} (your seat is coming)`);
  await expect(mover.getByTestId("seat-card-move")).toContainText(`go to table ${shortest}`);
  // On their personal page the big digits are where to go, not the seat they leave.
  await director.getByTestId("personal-links").click();
  await director.getByTestId("link-player").selectOption({ label: w![1] });
  const personal = (await director.getByTestId("section-players").getByTestId("personal-link-url").getAttribute("href"))!;
  const room = (await (await director.request.get(`/api/v1/tournaments/${id}`)).json()).view;
  const leaving = room.players.find((p: any) => p.name === w![1]);
  const me = await mover.context().newPage();
  await open(me, personal);
  await expect(me.getByTestId("me-table")).toHaveText(String(shortest));
  await expect(me.getByTestId("me-seat-no")).toHaveText("…");
  await expect(me.getByTestId("me-seat-left")).toHaveText(`Leaving table ${leaving.table}, seat ${leaving.seat}`);
  const tv = await (await browser.newContext({ viewport: { width: 1920, height: 1080 } })).newPage();
  await open(tv, `/screen?t=${id}`);
  await recordAlerts(mover);

  // The short table sets its button: the seat is named, both tables see it, the arriving
  // table confirms.
  await short.getByTestId("seat-1").click();
  await expect(short.getByTestId("seat-1").getByTestId("button-mark")).toBeVisible();
  await expect(short.getByTestId("move-waits-in")).toHaveCount(0);
  await expect(short.getByTestId("move-in").first()).toBeVisible();
  await expect(director.getByTestId("plan-waiting")).toHaveCount(0);
  const arriving = (await short.getByTestId("move-in").first().textContent()) ?? "";
  const m = arriving.match(/Arriving: (.+) from table (\d+), to seat (\d+)/);
  expect(m, arriving).not.toBeNull();
  expect(m![1]).toBe(w![1]);
  await expect(mover.getByTestId("move-notice")).toHaveText(`Table change: go to table ${shortest}, seat ${m![3]}`);
  await expect(mover).toHaveTitle(new RegExp(`^→ ${shortest}/${m![3]} · Player · Full evening PKO$`));
  await expect.poll(() => alertsOf(mover)).toContain("vibrate");
  await expect(tv.getByTestId("announcement")).toHaveText(`${w![1]}, to table ${shortest}, seat ${m![3]}`);
  await mover.screenshot({ path: "test-results/player-move-notice-360.png" });
  await expect(me.getByTestId("me-seat-no")).toHaveText(m![3]);
  await me.screenshot({ path: "test-results/me-move-planned-360.png" });
  await expect(tables.get(Number(m![2]))!.getByTestId("move-out")).toContainText(m![1]);
  await short.getByTestId("move-confirm").first().click();
  await expect(short.getByTestId(`seat-${m![3]}`)).toContainText(m![1]);
  // Made: the notice goes, the new seat shows.
  await expect(mover.getByTestId("move-notice")).toHaveCount(0);
  await expect(mover.getByTestId("seat-cards")).toContainText(`Table ${shortest} · Seat ${m![3]}`);
  await expect(me.getByTestId("me-seat-left")).toHaveCount(0);
  await expect(me.getByTestId("me-table")).toHaveText(String(shortest));
  await expect(me.getByTestId("me-seat-no")).toHaveText(m![3]);
  await mover.context().close();
  await tv.context().close();

  // PKR4U 11 / 29: re-entry A (same seat) and B (new seat) at the desk.
  const a = await bustFirst(tables.get(1)!);
  await director.getByTestId(`re-enter-a-${a}`).click();
  await director.getByTestId(`re-enter-a-${a}-confirm`).click();
  await expect(director.getByTestId(`player-row-${a}`)).toContainText("×2");
  await expect(tables.get(1)!.getByTestId(`bust-out-${a}`)).toBeVisible();
  const b = await bustFirst(tables.get(2)!);
  await director.getByTestId(`re-enter-b-${b}`).click();
  await director.getByTestId(`re-enter-b-${b}-confirm`).click();
  await expect(director.getByTestId(`player-row-${b}`)).toContainText("×2");
  await expect(director.getByTestId("entries")).toHaveText("32");
  await expect(director.getByTestId("prize-pool")).toHaveText("€480.00");

  // PKR4U 13: table 4 (first in the break order) down to 4 stops and calls the director,
  // who breaks it; its players draw seats at the other tables.
  const four = tables.get(4)!;
  while ((await seated(four).count()) > 4) await bustFirst(four);
  await expect(four.getByTestId("stopped")).toBeVisible();
  await expect(director.getByTestId("table-tile-4")).toHaveClass(/stopped/);
  // The status strip says so on every section; a tap opens the tables.
  await expect(director.getByTestId("strip-stopped")).toContainText("4");
  await director.getByTestId("strip-stopped").click();
  await director.getByTestId("break-table").click();
  await director.getByTestId("break-table-confirm").click();
  await expect(director.getByTestId("table-tile-4")).toHaveCount(0);
  tables.delete(4);
  // Every player still in now sits at tables 1 to 3, and the tables list the new seats.
  const stillIn = Number(await director.getByTestId("players-left").textContent());
  await expect.poll(async () => [...(await counts()).values()].reduce((x, y) => x + y)).toBe(stillIn);
  let lists = 0;
  for (const page of tables.values()) lists += await page.getByTestId("redraw").count();
  expect(lists).toBeGreaterThan(0);

  // Busts at the longest table until nine are left; stopped tables are broken in order.
  let left = Number(await director.getByTestId("players-left").textContent());
  while (left > 9) {
    if ((await director.locator(".table-tile.stopped").count()) > 0 && (await director.getByTestId("break-table").count()) > 0) {
      await director.getByTestId("break-table").click();
      await director.getByTestId("break-table-confirm").click();
      await expect(director.locator(".table-tile.stopped")).toHaveCount(0);
      const open = await openTables(director);
      for (const n of [...tables.keys()]) if (!open.includes(n)) tables.delete(n);
    }
    const c = await counts();
    const longest = [...c.entries()].sort((x, y) => y[1] - x[1])[0][0];
    await bustFirst(tables.get(longest)!);
    left -= 1;
    await expect(director.getByTestId("players-left")).toHaveText(String(left));
  }

  // FIDPA: the final table is drawn; everyone redraws, the button on seat 1. Two plain taps:
  // the console's table actions are no longer drawn anew by every live update (once in five
  // runs the confirm button was, again and again, while Playwright waited for it).
  await director.getByTestId("draw-final-table").click();
  await director.getByTestId("draw-final-table-confirm").click();
  await expect(director.locator("[data-testid^='table-tile-']")).toHaveCount(1);
  const final = (await openTables(director))[0];
  const finalPage = tables.get(final) ?? (await tablePage(browser, final));
  await expect(seated(finalPage)).toHaveCount(9);
  await expect(finalPage.getByTestId("seat-1").getByTestId("button-mark")).toBeVisible();
  // A table the draw closed says so and lists where its players went (issue U.10).
  for (const [n, page] of tables) {
    if (n === final) continue;
    await expect(page.getByTestId("table-closed")).toBeVisible();
    await expect(page.getByTestId("redraw")).toContainText(`table ${final}, seat`);
  }

  // The final table counts its chips from its own device: the stacks and the chip leaders move.
  await finalPage.getByTestId("count-open").click();
  const fields = finalPage.locator("input[data-testid^='count-']");
  await expect(fields).toHaveCount(9);
  const leader = (await fields.first().getAttribute("data-testid"))!.replace("count-", "");
  await fields.first().fill("150000");
  await finalPage.getByTestId("count-send").click();
  await expect(finalPage.getByTestId("count-answer")).toHaveText("Count saved");
  await section(director, "players");
  const leaderName = (await director.getByTestId(`player-row-${leader}`).locator(".who b").textContent())!;
  await expect(director.getByTestId(`player-row-${leader}`).locator(".stack")).toHaveText("150,000");
  await expect(director.getByTestId("chip-leaders").locator("li").first()).toContainText(leaderName);
  // A warning from the player's sheet, listed with the rulings.
  await director.getByTestId(`more-${leader}`).click();
  await director.getByTestId("sheet-penalty-reason").fill("Slow to act");
  await director.getByTestId("sheet-penalty-give").click();
  await expect(director.getByTestId("player-sheet").locator(".answer.ok")).toBeVisible();
  await director.getByTestId("sheet-close").click();
  await section(director, "rulings");
  await expect(director.getByTestId("director-penalties")).toContainText(leaderName);

  // The money: the pool is every entry's prize part, the payouts add up to it, the deal
  // quotes share what is left, and bounty money is neither made nor lost. A deal shares a
  // final pool: its quotes show once registration is closed.
  await expect(director.getByTestId("deal-panel")).toHaveCount(0);
  await section(director, "desk");
  await director.getByTestId("close-registration").click();
  await section(director, "money");
  await expect(director.getByTestId("prize-pool")).toHaveText("€480.00");
  const payouts = await director.getByTestId("payouts-table").locator("tbody td.num").allTextContents();
  expect(payouts.map(cents).reduce((x, y) => x + y)).toBe(48000);
  await expect(director.getByTestId("deal-panel")).toBeVisible();
  for (const column of ["deal-chip-chop", "deal-icm"]) {
    const quotes = await director.getByTestId(column).allTextContents();
    expect(quotes).toHaveLength(9);
    expect(quotes.map(cents).reduce((x, y) => x + y)).toBe(48000);
  }
  const state = await (await director.request.get(`/api/v1/tournaments/${id}`)).json();
  const bounty = state.view.players.reduce((s: number, p: { bounty: number; bounty_won: number }) => s + p.bounty + p.bounty_won, 0);
  expect(bounty).toBe(32 * 1000);
  const paidOut = state.view.players.reduce((s: number, p: { bounty_won: number }) => s + p.bounty_won, 0);
  expect(cents(await director.getByTestId("bounties-paid").textContent())).toBe(paidOut);
  // Places 10 to 30 went to the 21 players out (the two re-entries count once each).
  const places = state.view.places.map((p: { place: number }) => p.place).sort((x: number, y: number) => x - y);
  expect(places).toEqual(Array.from({ length: 21 }, (_, i) => i + 10));

  // The deal (issue U.4): the count above gave one player 150,000 without taking chips from
  // anyone, so the stacks the quotes use no longer add up to the chips in play: the console
  // says so before anyone agrees to a deal.
  await expect(director.getByTestId("deal-stacks-stale")).toBeVisible();
  await director.screenshot({ path: "test-results/evening-deal-panel.png", fullPage: true });

  // The phone followed live, and speaks Dutch on request.
  await expect(phone.getByTestId("players-left")).toHaveText("9");
  await phone.locator("button[data-lang='nl']").click();
  await expect(phone.locator("h1")).toHaveText("Speler");
  await director.screenshot({ path: "test-results/evening-director.png", fullPage: true });
  await finalPage.screenshot({ path: "test-results/evening-final-table.png", fullPage: true });
});
