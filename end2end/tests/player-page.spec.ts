// The player's pages on a phone (360×740), on a tournament of this spec's own (three players,
// one table, the clock running): the countdown to the break ticks between events on /player
// and /me, a busted player's search card says the place without a "prize € 0.00", and the last
// player left holds every chip in play on their personal page (issue V.6).
import { test, expect, open, OwnTournament, recordViewFetches } from "./support";

let own: OwnTournament;

test.beforeAll(async ({ browser, baseURL }) => {
  own = await OwnTournament.open(browser, baseURL, "Player page e2e", ["Ann Vos", "Bob Smet", "Cas Wils"]);
});

test.afterAll(async () => {
  await own.archive();
});

/** The text of a countdown, read twice 2.5 s apart with no event in between. */
async function ticks(page: import("@playwright/test").Page, testid: string) {
  const first = await page.getByTestId(testid).textContent();
  await expect(page.getByTestId(testid)).not.toHaveText(first ?? "", { timeout: 4_000 });
}

test("the countdowns tick, a bust without a prize says no prize, and the winner holds every chip", async ({ page }) => {
  const view = await own.view();
  expect(view.clock.ms_to_break, "the demo's structure has a break ahead").not.toBeNull();

  // /player: the level's time and the time to the break both count down on the phone.
  const views = recordViewFetches(page);
  await open(page, `/player?t=${own.id}&name=Ann`);
  await expect(page.getByTestId("seat-cards")).toContainText("Ann Vos");
  await ticks(page, "clock-time");
  await ticks(page, "clock-break");
  // An event: the seat search (a light page, issue Z) follows it by fetching itself again, never
  // a view of the room.
  const table0 = view.tables[0].table;
  await own.command({ type: "call_director", table: table0 });
  await expect.poll(async () => (await views.settled()).length).toBeGreaterThan(0);
  await own.command({ type: "answer_call", table: table0 });
  await own.command({ type: "answer_call", table: table0 });
  for (const f of await views.settled()) expect(f.url).toBe("/player");

  // Ann's personal page, from the director's link.
  const ann = view.players.find((p: any) => p.name === "Ann Vos").player;
  const link = await own.api.post("/api/player_link", {
    headers: { Origin: own.base },
    form: { player: String(ann), tournament: String(own.id) },
  });
  expect(link.ok(), await link.text()).toBeTruthy();
  const path: string = (await link.json()).path;
  await open(page, path);
  await expect(page.getByTestId("me-name")).toHaveText("Ann Vos");
  await ticks(page, "clock-break");
  await expect(page.getByTestId("payouts")).toBeVisible();

  // Ann knocks out Bob, then Cas: she is the last player left.
  const table = view.tables[0].table;
  for (const name of ["Bob Smet", "Cas Wils"]) {
    const out = view.players.find((p: any) => p.name === name).player;
    await own.command({ type: "report_busts", table, busts: [{ player: out, eliminators: [ann] }] });
  }
  const after = await own.view();
  const inPlay = String(after.chips_in_play);
  await expect
    .poll(async () => ((await page.getByTestId("me-stack").textContent()) ?? "").replace(/\D/g, ""))
    .toBe(inPlay);
  // Every chip in play is hers: a known stack, not one "not counted".
  await expect(page.getByTestId("me-stack-uncounted")).toHaveCount(0);
  await page.screenshot({ path: "test-results/me-winner-360.png", fullPage: true });

  // Bob's search card: third of three, out of the money (two paid at most in a field of
  // three): the place, no prize line.
  await open(page, `/player?t=${own.id}&name=Bob`);
  const out = page.getByTestId("seat-card-out");
  await expect(out).toContainText("place");
  expect(after.payouts.length).toBeLessThan(3);
  await expect(out).not.toContainText("prize");
});
