// A deal at the final table on the director's tablet (1024×768), on a tournament of this
// spec's own: every stack counted, registration closed, the ICM quote chosen. The first tap
// asks, listing every player's amount; cancelled, nothing is recorded; confirmed, the money
// panel, the phones' payouts and the API show the deal and no next payout (issue U.4).
import { test, expect, open, signIn, section, OwnTournament } from "./support";

let own: OwnTournament;
const NAMES = ["Ann Deal", "Bob Deal", "Cas Deal"];

test.beforeAll(async ({ browser, baseURL }) => {
  own = await OwnTournament.open(browser, baseURL, "Deal e2e", NAMES);
});

test.afterAll(async () => {
  await own.archive();
});

test("a deal is asked before it is recorded, then shown on every face", async ({ page, browser }) => {
  // Every stack counted, adding up to the chips in play; registration closed.
  const view = await own.view();
  const inPlay: number = view.chips_in_play;
  const ids: number[] = NAMES.map((n) => view.players.find((p: any) => p.name === n).player);
  const counts = [Math.floor(inPlay / 2), Math.floor(inPlay / 3)];
  counts.push(inPlay - counts[0] - counts[1]);
  for (const [i, player] of ids.entries()) await own.command({ type: "report_chips", player, chips: counts[i] });
  await own.command({ type: "close_registration" });

  await signIn(page);
  await open(page, `/director?t=${own.id}`);
  await section(page, "money");
  const panel = page.getByTestId("deal-panel");
  await expect(panel).toBeVisible();
  await expect(page.getByTestId("deal-stacks-stale")).toHaveCount(0);
  // A count that does not read is said in its row, and nothing is sent (the tap did nothing).
  const field = page.getByTestId(`deal-count-${ids[0]}`);
  await field.fill("12k");
  await page.getByTestId(`deal-count-save-${ids[0]}`).click();
  await expect(page.getByTestId("deal-count-invalid")).toHaveText("Type whole numbers only (for example 12500 or 12 500).");
  await field.fill(String(counts[0]));
  await expect(page.getByTestId("deal-count-invalid")).toHaveCount(0);
  // The room plays on meanwhile (a table calls): the count typed stays in its field. The
  // panel was drawn anew with every live update, and a typed count was lost (session 35).
  await own.command({ type: "call_director", table: 1 });
  await expect(page.getByTestId("strip-call-1")).toBeVisible();
  await expect(field).toHaveValue(String(counts[0]));
  // The first tap asks, with every player's amount.
  await page.getByTestId("record-icm").click();
  const sheet = page.getByTestId("deal-confirm-sheet");
  await expect(sheet).toBeVisible();
  // The call is answered while the sheet is open: the question stays where it was.
  await own.command({ type: "answer_call", table: 1 });
  await expect(page.getByTestId("strip-call-1")).toHaveAttribute("title", "The TD is on the way");
  await expect(sheet).toBeVisible();
  await own.command({ type: "answer_call", table: 1 });
  await expect(page.getByTestId("strip-call-1")).toHaveCount(0);
  await expect(sheet).toBeVisible();
  for (const name of NAMES) await expect(sheet).toContainText(name);
  await expect(sheet.locator("li")).toHaveCount(3);
  await page.screenshot({ path: "test-results/deal-confirm-1024.png" });
  await page.getByTestId("deal-cancel").click();
  await expect(sheet).toHaveCount(0);
  expect((await own.view()).deal ?? null).toBeNull();
  // Asked again and confirmed: recorded.
  await page.getByTestId("record-icm").click();
  await page.getByTestId("deal-confirm").click();
  await expect(page.getByTestId("payouts-table")).toContainText("Deal · Ann Deal");
  const after = await own.view();
  expect(after.deal.amounts).toHaveLength(3);
  expect(after.next_payout ?? null).toBeNull();
  const api = await (await own.api.get(`/api/v1/tournaments/${own.id}/payouts`)).json();
  expect(api.deal.amounts.map((a: any) => a.name).sort()).toEqual([...NAMES].sort());

  // A player's phone lists the deal in its payouts.
  const phone = await (await browser.newContext({ viewport: { width: 360, height: 740 } })).newPage();
  await open(phone, `/player?t=${own.id}&name=Ann`);
  await expect(phone.getByTestId("payouts")).toContainText("Deal · Bob Deal");
  await phone.context().close();
});
