// A refused bust report is never mistaken for a sent one (issue U, item 2), on a table's phone
// at 360×740 (project "phone"), in a knock-out tournament of its own (one table of nine):
// two players out in one hand ask for both start stacks before Confirm can be tapped; a
// report the rules refuse (no winner tapped, in a knock-out) is answered right under Confirm,
// naming the player by name, and every tap stays; put right, it is accepted and the form is
// clear again.
import { test, expect, open, seated, tableLink, OwnTournament } from "./support";
import type { Browser } from "@playwright/test";

const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, locale: "en-GB" };
const NAME = "Bust report e2e";
const PLAYERS = ["Anouk Claes", "Bart Willems", "Céline Renard", "Daan Smit", "Eva Goossens", "Frank Hermans", "Greet Aerts", "Hugo Lambert", "Ilse Jacobs"];

let own: OwnTournament;

test.beforeAll(async ({ browser, baseURL }: { browser: Browser; baseURL?: string }) => {
  own = await OwnTournament.open(browser, baseURL, NAME, PLAYERS, {
    bounty_kind: "progressive",
    bounty_part: 1000,
    prize_part: 1500,
  });
});

test.afterAll(async () => {
  await own?.archive();
});

test("a double bust asks for the stacks first, a refusal shows at Confirm and keeps the taps", async ({ browser }) => {
  const link = await tableLink(browser, 1, NAME);
  const context = await browser.newContext(PHONE);
  const table = await context.newPage();
  await open(table, link);
  await expect(seated(table)).toHaveCount(9);
  const name = async (i: number) => ((await seated(table).nth(i).textContent()) ?? "").replace(/^\d+ · /, "");
  const [first, second] = [await name(0), await name(1)];
  const ids = await seated(table).evaluateAll((els) => els.slice(0, 2).map((el) => el.getAttribute("data-testid")!.replace("bust-out-", "")));

  // Two out in one hand: both start stacks are asked for, by name, before Confirm.
  await seated(table).nth(0).click();
  await seated(table).nth(1).click();
  const confirm = table.getByTestId("bust-confirm");
  const needed = table.getByTestId("bust-stacks-needed");
  await expect(needed).toContainText(first);
  await expect(needed).toContainText(second);
  await expect(confirm).toBeDisabled();
  await table.getByTestId(`bust-stack-${ids[0]}`).fill("8000");
  await expect(needed).not.toContainText(first);
  await expect(needed).toContainText(second);
  await table.getByTestId(`bust-stack-${ids[1]}`).fill("12000");
  await expect(needed).toHaveCount(0);
  await expect(confirm).toBeEnabled();

  // No winner tapped, in a knock-out: refused, answered under Confirm, by name.
  await confirm.click();
  const answer = table.getByTestId("bust-answer").getByTestId("answer");
  await expect(answer).toHaveAttribute("data-code", "INVALID_ELIMINATOR");
  await expect(answer).toContainText(/Anouk|Bart|Céline|Daan|Eva|Frank|Greet|Hugo|Ilse/);
  await expect(answer).not.toContainText(/player \d/);
  const [c, a] = [await confirm.boundingBox(), await answer.boundingBox()];
  expect(a!.y - (c!.y + c!.height), "the answer right under Confirm").toBeLessThan(80);
  await answer.scrollIntoViewIfNeeded();
  await table.screenshot({ path: "test-results/bust-refused-360.png" });
  // Every tap is still there.
  for (const id of ids) {
    await expect(table.getByTestId(`bust-out-${id}`)).toHaveAttribute("aria-pressed", "true");
  }
  await expect(table.getByTestId(`bust-stack-${ids[0]}`)).toHaveValue("8000");
  await expect(table.getByTestId(`bust-stack-${ids[1]}`)).toHaveValue("12000");
  expect((await own.view()).players.filter((p: any) => p.status === "busted")).toHaveLength(0);

  // Put right: a winner tapped, confirmed, accepted; the form is clear again.
  await table.locator("[data-testid^='bust-win-']").nth(2).click();
  await confirm.click();
  await expect(seated(table)).toHaveCount(7);
  await expect(table.getByTestId("bust-answer").getByTestId("answer")).toHaveClass(/ok/);
  await expect(table.getByTestId("bust-summary")).toHaveCount(0);
  await expect(table.locator("[data-testid^='bust-win-'][aria-pressed='true']")).toHaveCount(0);
  const busted = (await own.view()).players.filter((p: any) => p.status === "busted").map((p: any) => String(p.player));
  expect(busted.sort()).toEqual([...ids].sort());
  await context.close();
});
