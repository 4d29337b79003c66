// A refused bust report is never mistaken for a sent one (issue U, item 2), on a table's phone
// at 360×740 (project "phone"), in a knock-out tournament of its own (one table of nine):
// two players out in one hand ask for both start stacks before Confirm can be tapped; a
// report the rules refuse (no winner tapped, in a knock-out) is answered right under Confirm,
// naming the player by name, and every tap stays; put right, it is accepted and the form is
// clear again.
import { test, expect, open, seated, tableLink, talkingRuling, recordViewFetches, OwnTournament } from "./support";
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
  await expect(needed).toBeHidden();
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
  await expect(table.getByTestId("bust-summary")).toBeHidden();
  await expect(table.locator("[data-testid^='bust-win-'][aria-pressed='true']")).toHaveCount(0);
  const busted = (await own.view()).players.filter((p: any) => p.status === "busted").map((p: any) => String(p.player));
  expect(busted.sort()).toEqual([...ids].sort());
  await context.close();
});

// Issue U.1: a full ten-handed table reports a bust on one 360×740 screen: who is out, who won
// and Confirm are all in view as the page opens, with no scrolling; the table's state (here a
// call for the TD) sits on top in one line; a recorded ruling's sheet closes by itself.
const TEN = ["Anouk Claes", "Bart Willems", "Céline Renard", "Daan Smit", "Eva Goossens", "Frank Hermans", "Greet Aerts", "Hugo Lambert", "Ilse Jacobs", "Jozefien Vandenbroucke-Peeters"];

// A table's phone fetches its page again at every event of the room, every few seconds on a
// busy evening. A tap is a press and a release on the same button: a page put in place between
// the two lost the tap, which looked made (session 35). The page now waits for the finger.
test("a tap held while the room's update comes is not lost: the new page waits for the finger", async ({ browser }) => {
  const link = await tableLink(browser, 1, NAME);
  const context = await browser.newContext(PHONE);
  const table = await context.newPage();
  await open(table, link);
  const button = seated(table).first();
  await expect(button).toHaveAttribute("aria-pressed", "false");
  const stillOld = () => table.locator("main").evaluate((m) => (m as any).__old === true);
  await table.locator("main").evaluate((m) => ((m as any).__old = true));
  const fetches = recordViewFetches(table);
  const box = (await button.boundingBox())!;
  await table.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await table.mouse.down();
  // A table calls the TD: the page fetches itself again while the finger is down.
  await own.command({ type: "call_director", table: 1 });
  await expect.poll(async () => (await fetches.settled()).length).toBeGreaterThan(0);
  // Put in place, it would be within milliseconds of its arrival.
  await table.waitForTimeout(500);
  expect(await stillOld(), "the page is not replaced under the finger").toBe(true);
  await table.mouse.up();
  await expect(button).toHaveAttribute("aria-pressed", "true");
  // Right after the tap, the new page is in place, the tap kept and the call shown.
  await expect.poll(stillOld).toBe(false);
  await expect(button).toHaveAttribute("aria-pressed", "true");
  await expect(table.getByTestId("director-called")).toBeVisible();
  await own.command({ type: "answer_call", table: 1 });
  await own.command({ type: "answer_call", table: 1 });
  await context.close();
});

test("a ten-handed table reports a bust without scrolling, its state on top, a done ruling closes", async ({ browser, baseURL }) => {
  const ten = await OwnTournament.open(browser, baseURL, "Ten-handed e2e", TEN, { table_size: 10 });
  try {
    const link = await tableLink(browser, 1, "Ten-handed e2e");
    const context = await browser.newContext({ ...PHONE, locale: "nl-BE" });
    const table = await context.newPage();
    await open(table, link);
    await expect(seated(table)).toHaveCount(10);
    // Every seat of both lists and Confirm inside the first screen.
    for (const id of ["bust-out-", "bust-win-"]) {
      const all = table.locator(`[data-testid^='${id}']`);
      for (let i = 0; i < 10; i++) await expect(all.nth(i)).toBeInViewport({ ratio: 1 });
    }
    await expect(table.getByTestId("bust-confirm")).toBeInViewport({ ratio: 1 });
    // Every seat is still a 44 px touch target, with the seat number and the name (whole in
    // its title when cut).
    const sizes = await seated(table).evaluateAll((els) => els.map((e) => [e.getBoundingClientRect().width, e.getBoundingClientRect().height, e.getAttribute("title")]));
    for (const [w, h, title] of sizes) {
      expect(Number(w)).toBeGreaterThanOrEqual(44);
      expect(Number(h)).toBeGreaterThanOrEqual(44);
      expect(TEN).toContain(title);
    }
    // The first name on one line and the rest on the next, each cut with "…" if need be, never
    // broken mid-word ("Jozefie" / "n Vanden…"): each line is one line high.
    const lines = await seated(table).evaluateAll((els) =>
      els.map((e) => {
        const spans = [...e.querySelectorAll(".seat-name > span")];
        const height = (s: Element) => s.getBoundingClientRect().height / parseFloat(getComputedStyle(s).lineHeight);
        return { name: e.getAttribute("title"), text: spans.map((s) => s.textContent).join(" ").trim(), heights: spans.map(height) };
      }),
    );
    for (const { name, text, heights } of lines) {
      expect(text, "the whole name, its first word on the first line").toBe(name);
      expect(heights.length).toBe(2);
      for (const h of heights) expect(h, `${name}: one line each`).toBeLessThan(1.5);
    }
    await table.screenshot({ path: "test-results/bust-ten-handed-360.png" });

    // Three taps, no scrolling: the page does not move.
    const out = seated(table).nth(3);
    const outId = (await out.getAttribute("data-testid"))!.replace("bust-out-", "");
    await out.click();
    await table.locator("[data-testid^='bust-win-']").nth(5).click();
    await expect(table.getByTestId("bust-confirm")).toBeInViewport({ ratio: 1 });
    await table.getByTestId("bust-confirm").click();
    await expect(seated(table)).toHaveCount(9);
    expect(await table.evaluate(() => window.scrollY)).toBe(0);
    expect((await ten.view()).players.find((p: any) => String(p.player) === outId).status).toBe("busted");

    // The table calls the TD: the call reads on one line on top, above the report.
    await table.getByTestId("call-director").click();
    const called = table.getByTestId("director-called");
    await expect(called).toBeVisible();
    const [line, report] = [await called.boundingBox(), await table.getByTestId("bust-report").boundingBox()];
    await table.screenshot({ path: "test-results/bust-ten-handed-called-360.png" });
    expect(line!.height, "one line").toBeLessThan(60);
    expect(line!.y).toBeLessThan(report!.y);
    // The call opened the guided rulings; a ruling recorded closes its sheet by itself and
    // the bust report is back right under the call.
    await expect(table.getByTestId("ruling-flow")).toBeVisible();
    await talkingRuling(table);
    await table.getByTestId("record-ruling").click();
    await expect(table.getByTestId("record-ruling")).toHaveText("Vastgelegd");
    await expect(table.getByTestId("ruling-flow")).toHaveCount(0, { timeout: 5000 });
    await expect(table.locator(".answer.ok").first()).toBeVisible();
    await expect(table.getByTestId("bust-confirm")).toBeInViewport();

    // A double bust on the same screen: both start stacks asked side by side, the winners'
    // seats and Confirm still on the first screen, nothing scrolled.
    await table.evaluate(() => window.scrollTo(0, 0));
    const [first, second] = [seated(table).nth(1), seated(table).nth(2)];
    const ids = [await first.getAttribute("data-testid"), await second.getAttribute("data-testid")].map((t) => t!.replace("bust-out-", ""));
    await first.click();
    await second.click();
    const stacks = ids.map((id) => table.getByTestId(`bust-stack-${id}`));
    for (const field of stacks) await expect(field).toBeInViewport({ ratio: 1 });
    const [a, b] = [await stacks[0].boundingBox(), await stacks[1].boundingBox()];
    expect(Math.abs(a!.y - b!.y), "side by side").toBeLessThan(4);
    expect(a!.height).toBeGreaterThanOrEqual(44);
    await stacks[0].fill("3000");
    await stacks[1].fill("2500");
    const winners = table.locator("[data-testid^='bust-win-']");
    await winners.nth(6).click();
    // The summary names the winner now (it grew a line): then measure.
    const winner = (await winners.nth(6).getAttribute("title"))!;
    await expect(table.getByTestId("bust-summary")).toContainText(winner);
    await expect(winners.nth(6)).toBeInViewport({ ratio: 1 });
    await expect(table.getByTestId("bust-confirm")).toBeInViewport({ ratio: 1 });
    // Measured as well: the whole button above the screen's bottom edge.
    const confirmBox = (await table.getByTestId("bust-confirm").boundingBox())!;
    const screenHeight = await table.evaluate(() => window.innerHeight);
    expect(confirmBox.y + confirmBox.height, `Confirm ${JSON.stringify(confirmBox)} on a ${screenHeight} px screen`).toBeLessThanOrEqual(screenHeight);
    await table.screenshot({ path: "test-results/bust-double-360.png" });
    expect(await table.evaluate(() => window.scrollY)).toBe(0);
    await table.getByTestId("bust-confirm").click();
    await expect(seated(table)).toHaveCount(7);
    await context.close();
  } finally {
    await ten.archive();
  }
});

// PKR4U 6 at the table: in a knock-out, a player who gives up the stack at a break to re-enter
// leaves it in the seat with the bounty; the table's phone lists it, and once it paid its last
// chip the table says who won that pot (the abandoned stack's form, built by light-table.js).
test("an abandoned stack is reported gone from the table, its bounty to the pot's winner", async ({ browser }) => {
  const config = (await own.log())[0].event.config;
  const firstBreak = config.levels.findIndex((l: any) => l.kind === "break");
  expect(firstBreak).toBeGreaterThan(0);
  await own.command({ type: "jump_to_level", level_index: firstBreak });
  const seatedNow = (await own.view()).players.filter((p: any) => p.status === "playing" && p.seat);
  const [owner, winner] = [seatedNow[0], seatedNow[1]];
  await own.command({ type: "surrender_stack", player: owner.player });

  const link = await tableLink(browser, 1, NAME);
  const context = await browser.newContext(PHONE);
  const table = await context.newPage();
  await open(table, link);
  const abandoned = table.getByTestId("abandoned");
  await expect(abandoned).toHaveCount(1);
  await expect(abandoned).toContainText(owner.name);
  // Bounty money of the pot's winner: the head they carry and the cash they won.
  const money = async () => {
    const p = (await own.view()).players.find((p: any) => p.player === winner.player);
    return p.bounty + p.bounty_won;
  };
  const before = await money();
  await abandoned.locator("select").selectOption(String(winner.player));
  await abandoned.getByRole("button").click();
  await expect(abandoned).toHaveCount(0);
  await expect.poll(money).toBeGreaterThan(before);
  await context.close();
});
