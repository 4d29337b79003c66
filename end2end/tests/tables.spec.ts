// The tables' own devices against the real server (after faces.spec.ts, on the same demo):
// balancing moves shown on both tables and confirmed by the arriving one, hand-for-hand,
// the clock call countdown, and the director overruling a ruling.
import { test, expect, open, signIn, tablePage, bustFirst, section } from "./support";

test("a balancing move shows on both tables and the arriving table confirms it", async ({ browser }) => {
  const short = await tablePage(browser, 3);
  // Busts at table 3 until the plan moves someone to it (TDA 25: trigger 2).
  for (let i = 0; i < 4 && (await short.getByTestId("move-in").count()) === 0; i++) {
    await bustFirst(short);
  }
  const arriving = short.getByTestId("move-in").first();
  await expect(arriving).toBeVisible();
  const text = (await arriving.textContent()) ?? "";
  const m = text.match(/Arriving: (.+) from table (\d+), to seat (\d+)/);
  expect(m, text).not.toBeNull();
  const [, name, from, seat] = m!;
  // The player's own table tells them to stand up and where to go.
  const source = await tablePage(browser, Number(from));
  await expect(source.getByTestId("move-out")).toContainText(`${name}: stand up with your chips and go to table 3, seat ${seat}`);
  await short.getByTestId("move-confirm").first().click();
  await expect(short.getByTestId(`seat-${seat}`)).toContainText(name);
  await expect(source.getByTestId("move-out")).toHaveCount(0);
  await short.screenshot({ path: "test-results/table-phone.png", fullPage: true });
});

test("confirm-first balancing hides moves from the tables until the director makes them", async ({ browser }) => {
  const director = await browser.newPage();
  await signIn(director);
  await section(director, "tables");
  await director.getByTestId("balancing-automatic").uncheck();
  await expect(director.getByTestId("balancing-automatic")).not.toBeChecked();
  const short = await tablePage(browser, 3);
  for (let i = 0; i < 4 && (await director.getByTestId("plan-moves").count()) === 0; i++) {
    await bustFirst(short);
  }
  await expect(director.getByTestId("plan-moves")).toBeVisible();
  await expect(short.getByTestId("move-in")).toHaveCount(0);
  const seated = await short.locator("[data-testid^='bust-out-']").count();
  await director.getByTestId("plan-confirm").first().click();
  await expect(short.locator("[data-testid^='bust-out-']")).toHaveCount(seated + 1);
  await director.getByTestId("balancing-automatic").check();
  await expect(director.getByTestId("balancing-automatic")).toBeChecked();
});

test("hand-for-hand: each table reports its hand finished", async ({ browser }) => {
  const director = await browser.newPage();
  await signIn(director);
  await section(director, "tables");
  await director.getByTestId("hand-for-hand-toggle").click();
  await expect(director.getByTestId("strip-h4h")).toBeVisible();
  const table = await tablePage(browser, 1);
  await table.getByTestId("hand-finished").click();
  await expect(table.getByTestId("hand-waiting")).toBeVisible();
  await expect(director.getByTestId("table-tile-1")).toHaveClass(/done/);
  await director.getByTestId("hand-for-hand-toggle").click();
  await expect(table.getByTestId("hand-for-hand")).toHaveCount(0);
});

test("a table calls the clock and the countdown runs (TDA 5)", async ({ browser }) => {
  const table = await tablePage(browser, 2);
  await table.getByTestId("clock-call").click();
  const running = table.getByTestId("clock-call-running");
  await expect(running).toContainText("One minute to act");
  const first = await table.getByTestId("clock-call-left").textContent();
  await expect(table.getByTestId("clock-call-left")).not.toHaveText(first!, { timeout: 5_000 });
  expect(first).toMatch(/^(01:00|00:5\d)$/);
});

test("the director overrules a ruling with a reason (PKR4U 1)", async ({ page }) => {
  await signIn(page);
  // A table's ruling of its own (talking about a hand at table 2), so the test stands alone.
  const { tournament } = await (await page.request.post("/api/get_view")).json();
  const recorded = await page.request.post(`/api/v1/tournaments/${tournament}/commands`, {
    headers: { Origin: new URL(page.url()).origin },
    data: {
      command_id: crypto.randomUUID(),
      command: { type: "record_ruling", table: 2, flow: "talking", answers: [{ type: "yes_no", value: false }, { type: "choice", value: 1 }, { type: "count", value: 3 }] },
    },
  });
  expect(recorded.ok(), await recorded.text()).toBe(true);
  await section(page, "rulings");
  const incident = page.locator(".incident").filter({ has: page.getByTestId("overrule") }).filter({ hasText: "T2" }).last();
  await expect(incident).toBeVisible();
  await incident.getByTestId("overrule").click();
  const reason = `The bettor had announced ${Date.now()}`;
  await page.getByTestId("correction-reason").fill(reason);
  await page.getByTestId("correction-confirm").click();
  await expect(page.getByTestId("overruled").filter({ hasText: reason })).toHaveCount(1);
  await page.screenshot({ path: "test-results/director-tablet.png", fullPage: true });
});

// The desk's flow: a refused number reads as words beside the question asked again, the number
// kept; a number that does not read at all says so instead of doing nothing.
test("the desk's ruling flow says in words why a number is refused and asks again", async ({ browser }) => {
  const director = await browser.newPage();
  await signIn(director);
  await section(director, "rulings");
  await director.getByTestId("situation-short_big_blind").click();
  const question = (await director.getByTestId("question").textContent()) ?? "";
  const field = director.getByTestId("answer-amount");
  await field.fill("abc");
  await director.getByTestId("answer-ok").click();
  await expect(director.locator(".answer.error")).toBeVisible();
  await field.fill("11");
  await director.getByTestId("answer-ok").click();
  await expect(director.getByTestId("answer-refused")).toHaveText("Type at most 10.");
  await expect(director.getByTestId("question")).toHaveText(question);
  await expect(field).toHaveValue("11");
  await field.fill("6");
  await director.getByTestId("answer-ok").click();
  await expect(director.getByTestId("question")).not.toHaveText(question);
  await expect(director.getByTestId("answer-refused")).toHaveCount(0);
});

test("a ruling's penalty reaches the player's table and counts down hand by hand (PKR4U 10, 4)", async ({ browser }) => {
  const director = await browser.newPage();
  await signIn(director);
  await section(director, "rulings");
  await director.getByTestId("situation-talking").click();
  await director.getByTestId("answer-no").click(); // more than two players in the hand
  await director.getByTestId("answer-hands").click();
  await director.getByTestId("answer-amount").fill("2");
  await director.getByTestId("answer-ok").click();
  await expect(director.getByTestId("ruling-text")).toContainText("2 hand");
  // The player at fault: the first one seated at table 1.
  const table = await tablePage(browser, 1);
  const seatText = (await table.locator("[data-testid^='bust-out-']").first().textContent()) ?? "";
  const name = seatText.split(" · ")[1];
  await director.getByTestId("ruling-player").selectOption({ label: name });
  await director.getByTestId("record-ruling").click();
  await expect(director.getByTestId("director-penalties")).toContainText(name);
  // The player may also carry a warning from another test (the console's sheet warns the
  // first player of its list): this ruling's penalty is the one counted in hands.
  const penalty = table.getByTestId("penalty").filter({ hasText: name }).filter({ hasNotText: "warning" });
  await expect(penalty).toContainText("Hands to sit out: 2");
  await penalty.getByTestId("penalty-hand").click();
  await expect(penalty).toContainText("Hands to sit out: 1");
});

test("a freshly opened page counts the running clock down from the server's reading", async ({ page }) => {
  await open(page, "/screen");
  const time = page.getByTestId("clock-time").first();
  const first = (await time.textContent()) ?? "";
  expect(first).not.toBe("00:00");
  // It ticks on the device between live updates.
  await expect(time).not.toHaveText(first, { timeout: 5_000 });
  expect(await time.textContent()).not.toBe("00:00");
});
