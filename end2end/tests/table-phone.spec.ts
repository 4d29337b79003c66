// The table's device and the player's phone at 360×740 (project "phone"): a table page
// without its key is read-only, a call reads "called" then "on the way" then closes, a ruling
// is recorded once, the table counts its own chips, penalties count hands down, and /player's
// seat search stays live through a bust.
import * as support from "./support";
import { test, expect, Page, Browser, open, seated } from "./support";

const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, locale: "en-GB" };

/** The table's own device on a phone. */
const tablePhone = (browser: Browser, table: number) => support.tablePage(browser, table, PHONE);

/** The tournament the faces show, as the public view has it. */
async function liveView(page: Page) {
  return (await (await page.request.post("/api/get_view")).json()).view;
}

/** A director signed in on a tablet, on the console. */
async function director(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1024, height: 768 }, locale: "en-GB" })).newPage();
  await support.signIn(page);
  return page;
}

/** Sends a command as the signed-in director through the JSON API. */
async function command(page: Page, tournament: string, body: object) {
  const res = await page.request.post(`/api/v1/tournaments/${tournament}/commands`, {
    headers: { Origin: new URL(page.url()).origin },
    data: { command_id: crypto.randomUUID(), command: body },
  });
  expect(res.status(), await res.text()).toBeLessThan(300);
}

test("a table without its key, or with a replaced one, is read-only and asks for the QR code", async ({ browser }) => {
  const page = await (await browser.newContext(PHONE)).newPage();
  await open(page, "/table/2");
  await expect(page.getByTestId("not-paired")).toBeVisible();
  await expect(page.getByTestId("seat-1")).toBeDisabled();
  for (const id of ["call-director", "table-rulings", "bust-confirm", "count-open", "clock-call"]) {
    await expect(page.getByTestId(id), id).toHaveCount(0);
  }
  // A key the server does not know (a new code replaced it): read-only once checked.
  const link = await support.tableLink(browser, 2);
  await open(page, link.replace(/key=[0-9a-f]+/, "key=" + "0".repeat(24)));
  await expect(page.getByTestId("not-paired")).toContainText("replaced");
  await expect(page.getByTestId("call-director")).toHaveCount(0);
  await expect(page.getByTestId("seat-1")).toBeDisabled();
  // The right key: the table acts.
  await open(page, link);
  await expect(page.getByTestId("not-paired")).toHaveCount(0);
  await expect(page.getByTestId("call-director")).toBeVisible();
});

test("a call reads called, then on the way once the TD answers, then closes", async ({ browser }) => {
  const table = await tablePhone(browser, 2);
  const call = table.getByTestId("director-called");
  await table.getByTestId("call-director").click();
  await expect(call).toHaveAttribute("data-state", "waiting");
  await expect(call).toContainText("waiting for the TD");
  await expect(table.getByTestId("call-since")).toHaveText(/^\d{2}:\d{2}$/);
  // Calling opens the guided rulings at the top, within reach.
  await expect(table.getByTestId("ruling-flow")).toBeVisible();
  const td = await director(browser);
  await td.getByTestId("answer-call-2").click();
  await expect(call).toHaveAttribute("data-state", "answered");
  await expect(call).toContainText("on the way");
  await expect(td.getByTestId("answer-call-2")).toContainText("Done");
  await td.getByTestId("answer-call-2").click();
  await expect(table.getByTestId("call-director")).toBeVisible();
  await expect(td.getByTestId("answer-call-2")).toHaveCount(0);
  // A table takes its own call back.
  await table.getByTestId("call-director").click();
  await expect(call).toHaveAttribute("data-state", "waiting");
  await table.getByTestId("call-cancel").click();
  await expect(table.getByTestId("call-director")).toBeVisible();
  await expect(td.getByTestId("answer-call-2")).toHaveCount(0);
});

test("rulings open in two taps, grouped, and a double tap records one ruling", async ({ browser }) => {
  const table = await tablePhone(browser, 3);
  const before = (await liveView(table)).incidents.length;
  await table.getByTestId("table-rulings").click();
  await expect(table.getByTestId("situations-players")).toBeVisible();
  await support.talkingRuling(table);
  const record = table.getByTestId("record-ruling");
  await expect(record).toBeEnabled();
  await record.dblclick();
  await expect(record).toHaveText("Recorded");
  await expect(record).toBeDisabled();
  await expect.poll(async () => (await liveView(table)).incidents.length).toBe(before + 1);
  // No second one arrives later.
  await table.waitForTimeout(1000);
  expect((await liveView(table)).incidents.length).toBe(before + 1);
});

test("amounts are typed one numeric field per seat and the ruling names seats and players", async ({ browser }) => {
  const table = await tablePhone(browser, 3);
  await table.getByTestId("table-rulings").click();
  // PKR4U 30: the deck cannot be restored; each player's chips in the pot go back.
  await table.getByTestId("situation-deck_gathered").click();
  await table.getByTestId("answer-no").click();
  const fields = table.locator("input[data-testid^='answer-seat-']");
  await expect(fields).toHaveCount(await seated(table).count());
  await expect(fields.first()).toHaveAttribute("inputmode", "numeric");
  expect((await fields.first().boundingBox())!.height).toBeGreaterThanOrEqual(48);
  const label = (await table.locator(".per-seat .count-field span").nth(1).textContent()) ?? "";
  expect(label).toMatch(/^Seat \d+ \(.+\)$/);
  await fields.nth(0).fill("600");
  await fields.nth(1).fill("1 200");
  await table.getByTestId("answer-ok").click();
  await expect(table.getByTestId("ruling-text")).toContainText(label);
  await expect(table.getByTestId("ruling-text")).not.toContainText("player 1");
  const overflow = await table.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

// An amount that cannot go with the ones before it is refused at its own question: a table
// that typed more in front than the bet (TDA 10) heard so only after two more questions.
test("an amount that contradicts an earlier one is refused at its own question", async ({ browser }) => {
  const table = await tablePhone(browser, 2);
  await table.getByTestId("table-rulings").click();
  await table.getByTestId("situation-fifty_percent_rule").click();
  for (const amount of ["500", "500"]) {
    // the bet, then its raise
    await table.getByTestId("answer-amount").fill(amount);
    await table.getByTestId("answer-ok").click();
  }
  const inFront = (await table.getByTestId("question").textContent()) ?? "";
  await table.getByTestId("answer-amount").fill("600");
  await table.getByTestId("answer-ok").click();
  await expect(table.getByTestId("answer-refused")).toHaveText("The player already had more in front than the bet to call: check the amounts.");
  await expect(table.getByTestId("question")).toHaveText(inFront);
  await table.getByTestId("answer-amount").fill("0");
  await table.getByTestId("answer-ok").click();
  await expect(table.getByTestId("answer-refused")).toHaveCount(0);
  // Silent chips, none put in: refused at once too.
  await table.getByTestId("answer-silent").click();
  await table.getByTestId("answer-amount").fill("0");
  await table.getByTestId("answer-ok").click();
  await expect(table.getByTestId("answer-refused")).toHaveText("Nothing was put in while there was a bet to call: type what the player put in.");
  await table.getByTestId("answer-amount").fill("800");
  await table.getByTestId("answer-ok").click();
  await table.getByTestId("answer-amount").fill("5000");
  await table.getByTestId("answer-ok").click();
  await expect(table.getByTestId("ruling-text")).toContainText("1,000");
});

// A number the flow refuses is said in words beside the question asked again, with what was
// typed still in its field: the table saw "That answer does not fit the question
// (RULING_OUT_OF_RANGE)" and two "Back" buttons, and the question was gone.
test("a refused number is said in words beside its question, the number kept in the field", async ({ browser }) => {
  const table = await tablePhone(browser, 2);
  await table.getByTestId("table-rulings").click();
  // PKR4U 17: a big blind short for blind and ante; the first question is the table's size.
  await table.getByTestId("situation-short_big_blind").click();
  const question = (await table.getByTestId("question").textContent()) ?? "";
  // Not a number at all: the table's usual line, no refusal of the flow.
  await table.getByTestId("answer-amount").fill("abc");
  await table.getByTestId("answer-ok").click();
  await expect(table.locator(".answer.error")).toHaveText("Type whole numbers only (for example 12500 or 12 500).");
  await expect(table.getByTestId("answer-refused")).toHaveCount(0);
  await table.getByTestId("answer-amount").fill("200");
  await table.getByTestId("answer-ok").click();
  await expect(table.getByTestId("answer-refused")).toHaveText("Type at most 10.");
  await expect(table.getByTestId("question")).toHaveText(question);
  await expect(table.getByTestId("answer-amount")).toHaveValue("200");
  await expect(table.getByRole("button", { name: "Back" })).toHaveCount(0);
  await table.getByTestId("answer-amount").fill("6");
  await table.getByTestId("answer-ok").click();
  await expect(table.getByTestId("question")).not.toHaveText(question);
  await expect(table.getByTestId("answer-refused")).toHaveCount(0);

  // A calculator's check (PKR4U 2: more put in than the player had) reads as its own words,
  // and the amount is asked again.
  await table.getByTestId("flow-restart").click();
  await table.getByTestId("situation-unattention_bet").click();
  await table.getByTestId("answer-call").click();
  await table.getByTestId("answer-no").click(); // the missed bet was not all-in
  await table.getByTestId("answer-yes").click(); // it opened the betting
  for (const amount of ["200", "600"]) {
    // the big blind, then the bet missed
    await table.getByTestId("answer-amount").fill(amount);
    await table.getByTestId("answer-ok").click();
  }
  // Nobody has chips in front before an opening bet: that question is not asked, the next
  // one is what was put in.
  await expect(table.getByTestId("question")).toHaveText(/How many chips did they put in/);
  await expect(table.getByTestId("answer-yes")).toHaveCount(0);
  await table.getByTestId("answer-amount").fill("800"); // put in
  await table.getByTestId("answer-ok").click();
  const stack = (await table.getByTestId("question").textContent()) ?? "";
  await table.getByTestId("answer-amount").fill("500"); // behind: less than put in
  await table.getByTestId("answer-ok").click();
  await expect(table.getByTestId("answer-refused")).toHaveText("800 put in, but the player had only 500 behind: check the two amounts.");
  await expect(table.getByTestId("question")).toHaveText(stack);
  await expect(table.getByTestId("answer-amount")).toHaveValue("500");
  await table.screenshot({ path: "test-results/table-ruling-refused-360.png" });
  // "Back" takes back the amount put in (the last one taken), as before.
  await expect(table.getByRole("button", { name: "Back" })).toHaveCount(1);
  await table.getByTestId("answer-amount").fill("5000");
  await table.getByTestId("answer-ok").click();
  await expect(table.getByTestId("ruling-text")).toContainText("take back 200");
});

test("the table counts its own chips and the stacks change", async ({ browser }) => {
  const table = await tablePhone(browser, 1);
  await table.getByTestId("count-open").click();
  const fields = table.locator("input[data-testid^='count-']");
  await expect(fields).toHaveCount(await seated(table).count());
  const id = (await fields.first().getAttribute("data-testid"))!.replace("count-", "");
  const stack = Number(await fields.first().inputValue());
  expect(stack).toBeGreaterThan(0);
  const counted = stack + 1234;
  // The device follows its own page (a light page, issue Z: its table's view rendered, issue
  // Y.4), never the room's whole view.
  const views = support.recordViewFetches(table);
  await fields.first().fill(`${counted}`);
  await table.getByTestId("count-send").dblclick();
  await expect(table.getByTestId("count-answer")).toHaveText("Count saved");
  await expect
    .poll(async () => (await liveView(table)).players.find((p: { player: number }) => String(p.player) === id)?.stack)
    .toBe(counted);
  await expect(fields.first()).toHaveValue(String(counted));
  await expect.poll(async () => (await views.settled()).length).toBeGreaterThan(0);
  for (const f of await views.settled()) {
    expect(f.url).toBe("/table/1");
    expect(f.wire, f.url).toBeLessThanOrEqual(8192);
  }
});

test("a penalty at the table counts its hands down, one tap a hand", async ({ browser }) => {
  const table = await tablePhone(browser, 1);
  // A player without a running penalty: a tap serves the player's oldest penalty first.
  const running = (await table.getByTestId("penalty").allTextContents()).join("\n");
  let id = "";
  let name = "";
  for (const who of await seated(table).all()) {
    name = ((await who.textContent()) ?? "").split(" · ")[1];
    id = (await who.getAttribute("data-testid"))!.replace("bust-out-", "");
    if (!running.includes(name)) break;
  }
  const td = await director(browser);
  const tournament = new URL(await support.tableLink(browser, 1), "http://x").searchParams.get("t")!;
  // A reason of its own, to find this penalty among any others at the table.
  const reason = `card exposed ${Date.now()}`;
  await command(td, tournament, { type: "give_penalty", player: Number(id), penalty: { kind: "hands", hands: 2 }, reason });
  const mine = table.getByTestId("penalty").filter({ hasText: name }).filter({ hasText: reason });
  const left = mine.getByTestId("penalty-hands-left");
  await expect(left).toHaveText("Hands to sit out: 2");
  await mine.getByTestId("penalty-hand").click();
  await expect(left).toHaveText("Hands to sit out: 1");
  await mine.getByTestId("penalty-hand").click();
  await expect(left).toHaveCount(0);
  await expect(mine).toContainText("served");
});

test("/player's seat search follows a bust: the place and prize instead of the seat", async ({ browser }) => {
  const table = await tablePhone(browser, 3);
  const out = seated(table).first();
  const name = ((await out.textContent()) ?? "").split(" · ")[1];
  const player = await (await browser.newContext(PHONE)).newPage();
  await open(player, "/player");
  await player.getByTestId("find-name").fill(name);
  await player.getByTestId("find-seat").click();
  await expect(player.getByTestId("seat-cards")).toContainText("Table 3");
  await out.click();
  await table.locator("[data-testid^='bust-win-']").nth(1).click();
  await table.getByTestId("bust-confirm").click();
  // No new search: the card follows the live view.
  await expect(player.getByTestId("seat-card-out")).toContainText("place");
  await expect(player.getByTestId("seat-cards")).not.toContainText("Table 3");
  // Out of the money in the demo's field: no "prize € 0.00".
  await expect(player.getByTestId("seat-card-out")).not.toContainText("prize");
});

test("a table confirms its own bonus stacks, one or all, and no other table's", async ({ browser }) => {
  // The demo's players all got the early bonus; the table with most stacks still unconfirmed
  // (a table that counted its chips has confirmed them: other tests count).
  const probe = await (await browser.newContext(PHONE)).newPage();
  await open(probe, "/player");
  const start = await liveView(probe);
  const tableOf = (p: number) => start.players.find((x: any) => x.player === p)?.table;
  const waiting = new Map<number, number>();
  for (const p of start.bonus_missing) waiting.set(tableOf(p), (waiting.get(tableOf(p)) ?? 0) + 1);
  const [n] = [...waiting.entries()].sort((a, b) => b[1] - a[1])[0];
  const table = await tablePhone(browser, n);
  const panel = table.getByTestId("table-bonus");
  await expect(panel).toBeVisible();
  const buttons = panel.locator("[data-testid^='bonus-here-']");
  const before = await buttons.count();
  expect(before).toBeGreaterThan(1);
  const view = await liveView(table);
  const seatedHere = (p: number) => view.players.find((x: any) => x.player === p)?.table === n;
  // Only this table's players are listed.
  for (const b of await buttons.all()) {
    const id = Number((await b.getAttribute("data-testid"))!.replace("bonus-here-", ""));
    expect(seatedHere(id), `player ${id} sits at table 1`).toBe(true);
  }
  const missing = view.bonus_missing.length;
  await buttons.first().click();
  await expect(buttons).toHaveCount(before - 1);
  expect((await liveView(table)).bonus_missing.length).toBe(missing - 1);
  // The rest in one tap, which asks first.
  await table.getByTestId("bonus-all-here").click();
  await expect(buttons).toHaveCount(before - 1);
  await table.getByTestId("bonus-all-here-confirm").click();
  await expect(panel).toHaveCount(0);
  const after = await liveView(table);
  expect(after.bonus_missing.length).toBe(missing - before);
  expect(after.bonus_missing.filter(seatedHere)).toEqual([]);
});
