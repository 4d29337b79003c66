// The four faces against the real server with the demo tournament: server-rendered content,
// hydration (a click calls a server function and the page shows the answer), live updates
// between devices, languages, and phone-sized screens.
import * as support from "./support";
import { test, expect, Page, Browser, open, bustFirst, seated, section } from "./support";

const DEMO = "Demo — Maandagavond";

// Signs this browser context in as the director, on the demo.
const signIn = (page: Page) => support.signIn(page, DEMO);

// The pairing link of a table, from the director signed in on the demo.
const tableLink = (browser: Browser, table: number) => support.tableLink(browser, table, DEMO);

test("every face is rendered on the server", async ({ request }) => {
  for (const path of ["/", "/table/1", "/player", "/screen"]) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(200);
    const html = await res.text();
    expect(html, path).toContain(DEMO.split(" — ")[1]);
  }
  // The director's pages are behind the PIN: the server sends a stranger to the PIN form,
  // which knows where to come back to.
  const guarded = await request.get("/director/tables?t=1", { maxRedirects: 0 });
  expect(guarded.status()).toBe(303);
  expect(guarded.headers()["location"]).toBe("/director/sign-in?next=/director/tables%3Ft%3D1");
  const director = await (await request.get("/director")).text();
  expect(director).toContain("data-testid=\"pin\"");
  expect(director).not.toContain(DEMO.split(" — ")[1]);
});

test("landing page links the faces", async ({ page }) => {
  await open(page, "/");
  await expect(page.getByTestId("tournament-name")).toHaveText(DEMO);
  for (const href of ["/director", "/table/1", "/player", "/screen"]) {
    await expect(page.locator(`a[href='${href}']`)).toHaveCount(1);
  }
});

test("the director console needs the PIN", async ({ page }) => {
  await open(page, "/director");
  await expect(page).toHaveURL(/\/director\/sign-in\?next=\/director$/);
  await page.getByTestId("pin").fill("0000");
  await page.getByTestId("sign-in").click();
  await expect(page.getByTestId("pin-error")).toBeVisible();
  await expect(page.getByTestId("tournament-name")).toHaveCount(0);
});

test("director registers a player and sees the drawn seat", async ({ page }) => {
  await signIn(page);
  await page.getByTestId("reg-name").fill("Eddy Playwright");
  await page.getByTestId("reg-submit").click();
  const drawn = page.getByTestId("seat-drawn");
  await expect(drawn).toContainText("Eddy Playwright");
  await expect(drawn.locator(".big")).toHaveText(/^[1-9]\d* · [1-9]\d*$/);
  await expect(page.getByTestId("players-left")).toHaveText("25");
});

test("director pauses and resumes the clock", async ({ page }) => {
  await signIn(page);
  await support.section(page, "clock");
  await page.getByTestId("clock-pause").click();
  await expect(page.getByTestId("clock-start")).toBeVisible();
  await expect(page.locator(".clock-status")).toHaveText("Paused");
  await page.getByTestId("clock-start").click();
  await expect(page.getByTestId("clock-pause")).toBeVisible();
});

test("a table without its key cannot act", async ({ page }) => {
  // Read-only: the seats show, nothing can be tapped (table-phone.spec checks the rest).
  await open(page, "/table/2");
  await expect(page.getByTestId("not-paired")).toBeVisible();
  await expect(page.getByTestId("seat-5")).toBeDisabled();
  await expect(page.getByTestId("bust-confirm")).toHaveCount(0);
});

test("a table paired by its QR code moves its button with one tap", async ({ page, browser }) => {
  await open(page, await tableLink(browser, 2));
  await expect(page.getByTestId("not-paired")).toHaveCount(0);
  await page.getByTestId("seat-4").click();
  await expect(page.getByTestId("seat-4").getByTestId("button-mark")).toBeVisible();
  await expect(page.getByTestId("table-ante")).toContainText("Ante");
});

test("a bust reported at a table reaches the director live", async ({ browser }) => {
  const director = await browser.newPage();
  await signIn(director);
  const before = Number(await director.getByTestId("players-left").textContent());
  const link = await tableLink(browser, 3);
  const table = await (await browser.newContext()).newPage();
  await open(table, link);
  await bustFirst(table);
  // No reload: the director's page follows the live stream.
  await expect(director.getByTestId("players-left")).toHaveText(String(before - 1));
  await expect(director.locator(".places tbody tr")).not.toHaveCount(0);
  // Undo says what it takes back, on the button and on the sheet that asks the reason
  // (issue U.7); taken back, the player is in again.
  await section(director, "results");
  const undo = director.getByTestId("undo-last");
  await expect(undo).toContainText(/out at table 3 \(won by .+\)/);
  await undo.click();
  await expect(director.getByTestId("undo-what")).toContainText("out at table 3");
  await director.getByTestId("correction-reason").fill("reported at the wrong table");
  await director.getByTestId("correction-confirm").click();
  await expect(director.getByTestId("players-left")).toHaveText(String(before));
  await table.context().close();
});

test("a table's picked names are unmistakable before it confirms", async ({ browser }) => {
  const table = await (await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true })).newPage();
  await open(table, await tableLink(browser, 2));
  const out = seated(table).first();
  const other = seated(table).nth(2);
  const colour = (l: typeof out) => l.evaluate((e) => getComputedStyle(e).backgroundColor);
  const unpicked = await colour(out);
  await out.click();
  await expect(out).toHaveAttribute("aria-pressed", "true");
  expect(await colour(out)).not.toBe(unpicked);
  expect(await colour(other)).toBe(unpicked);
  // The same player is taken in the winners' list, and the summary says what will be sent.
  const id = (await out.getAttribute("data-testid"))!.replace("bust-out-", "");
  await expect(table.getByTestId(`bust-win-${id}`)).toBeDisabled();
  const name = ((await out.textContent()) ?? "").split(" · ")[1];
  await expect(table.getByTestId("bust-summary")).toContainText(name);
  await table.locator("[data-testid^='bust-win-']").nth(1).click();
  await expect(table.getByTestId("bust-summary")).toContainText("won by");
  // Spaced touch targets: two names never touch.
  const [a, b] = [await seated(table).nth(0).boundingBox(), await seated(table).nth(1).boundingBox()];
  expect(a!.height).toBeGreaterThanOrEqual(48);
  const apart = Math.max(b!.x - (a!.x + a!.width), b!.y - (a!.y + a!.height));
  expect(apart).toBeGreaterThanOrEqual(8);
  // Tapped again, nothing is picked and nothing was sent.
  await out.click();
  await expect(out).toHaveAttribute("aria-pressed", "false");
  await expect(table.getByTestId("bust-summary")).toBeHidden();
});

test("a player finds their seat", async ({ page }) => {
  // A player still in: the bust test before this one knocks out whoever sat first at table 1,
  // and the demo's seats are drawn anew at every start.
  const live = await (await page.request.post("/api/get_view")).json();
  const player = live.view.players.find((p: { status: string; seat: unknown }) => p.status === "playing" && p.seat);
  const surname = player.name.split(" ").slice(-1)[0];
  await open(page, "/player");
  await page.getByTestId("find-name").fill(surname);
  await page.getByTestId("find-seat").click();
  await expect(page.getByTestId("seat-cards")).toContainText(player.name);
  await expect(page.getByTestId("seat-cards")).toContainText(/Table \d+ · Seat \d+/);
  // In the page's accent colour, on one line at a phone's width: not the printed seat card
  // (black on white), whose class it once shared.
  const card = page.getByTestId("seat-cards").locator("li").first();
  expect(await card.evaluate((e) => getComputedStyle(e).backgroundColor)).not.toBe("rgb(255, 255, 255)");
  const where = card.locator(".where");
  expect((await where.boundingBox())!.height).toBeLessThan(2.2 * parseFloat(await where.evaluate((e) => getComputedStyle(e).fontSize)));
  // The search is in the address: a phone reopened (reloaded) later shows the same card.
  await expect(page).toHaveURL(new RegExp(`name=${encodeURIComponent(surname)}`));
  await page.reload();
  await expect(page.getByTestId("seat-cards")).toContainText(player.name);
  await expect(page.getByTestId("find-name")).toHaveValue(surname);
  // A name nobody has says so.
  await page.getByTestId("find-name").fill("zzqx");
  await page.getByTestId("find-seat").click();
  await expect(page.getByTestId("no-match")).toBeVisible();
  await expect(page.getByTestId("seat-cards")).toHaveCount(0);
  // Back and forward through the searches: the box follows the address, with its cards
  // (the box once kept the last name typed while the cards followed the history).
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`name=${encodeURIComponent(surname)}`));
  await expect(page.getByTestId("find-name")).toHaveValue(surname);
  await expect(page.getByTestId("seat-cards")).toContainText(player.name);
  await page.goForward();
  await expect(page).toHaveURL(/name=zzqx/);
  await expect(page.getByTestId("find-name")).toHaveValue("zzqx");
  await expect(page.getByTestId("no-match")).toBeVisible();
});

test.describe("before the page's code has loaded", () => {
  // A phone on the club's WiFi shows the server's page seconds before its code runs: the
  // seat search is a plain form, so a tap in those seconds still finds the seat.
  test.use({ javaScriptEnabled: false, viewport: { width: 360, height: 740 } });
  test("a player finds their seat with no script at all", async ({ page }) => {
    const live = await (await page.request.post("/api/get_view")).json();
    const player = live.view.players.find((p: { status: string; seat: unknown }) => p.status === "playing" && p.seat);
    // Two words of the name, so the space goes through the form's encoding too.
    const words = player.name.split(" ");
    const typed = words.length > 1 ? `${words[0].slice(-2)} ${words[1].slice(0, 2)}` : player.name;
    await page.goto("/player");
    await page.getByTestId("find-name").fill(typed);
    await page.getByTestId("find-seat").click();
    await expect(page.getByTestId("seat-cards")).toContainText(player.name);
    await expect(page.getByTestId("seat-cards")).toContainText(/Table \d+ · Seat \d+/);
    // The language too: the page comes back in French, the search kept.
    await page.locator("button[data-lang='fr']").click();
    await expect(page.locator("h1")).toHaveText("Joueur");
    await expect(page).toHaveURL(/name=/);
    await expect(page).not.toHaveURL(/lang=/);
    await expect(page.getByTestId("seat-cards")).toContainText(/Table \d+ · Siège \d+/);
    await page.locator("button[data-lang='en']").click();
    await expect(page.locator("h1")).toHaveText("Player");
    await expect(page.getByTestId("seat-cards")).toContainText(player.name);
  });
});

test("the room screen shows the clock and no controls", async ({ page }) => {
  await open(page, "/screen");
  await expect(page.getByTestId("clock-time")).toHaveText(/^\d{2}:\d{2}$/);
  await expect(page.locator("button:visible")).toHaveCount(0);
});

test("every page is named by its face and its tournament, in the page's language", async ({ page, request }) => {
  // The server's page already has the title (a tab opened and never looked at says it).
  const served = await (await request.get("/table/1")).text();
  expect(served).toContain("<title>Table 1 · Demo — Maandagavond</title>");
  const named: [string, string][] = [
    ["/player", "Player · Demo — Maandagavond"],
    ["/table/2", "Table 2 · Demo — Maandagavond"],
    ["/screen", "Room screen · Demo — Maandagavond"],
    ["/signup", "Sign up · Demo — Maandagavond"],
    ["/ranking", "Season ranking · clubtd"],
  ];
  for (const [path, title] of named) {
    await open(page, path);
    await expect(page).toHaveTitle(title);
  }
  // In Dutch, once the language is switched (the title follows without a reload).
  await open(page, "/player");
  await page.locator("button[data-lang='nl']").click();
  await expect(page).toHaveTitle("Speler · Demo — Maandagavond");
  await page.locator("button[data-lang='en']").click();
  await expect(page).toHaveTitle("Player · Demo — Maandagavond");
});

test("the home page's TD link leads a device without a session to the PIN form, and back to the console once signed in", async ({ browser }) => {
  // A fresh tablet: no director session.
  const page = await (await browser.newContext()).newPage();
  await open(page, "/");
  await page.locator("a.face", { hasText: "TD" }).first().click();
  await expect(page).toHaveURL(/\/director\/sign-in\?next=(%2F|\/)director$/);
  await expect(page.getByTestId("pin")).toBeVisible();
  await page.context().close();
});

test("languages switch and are remembered", async ({ page }) => {
  await open(page, "/director");
  await page.locator("button[data-lang='nl']").click();
  await expect(page.getByTestId("sign-in")).toHaveText("Aanmelden");
  await open(page, "/player");
  await expect(page.locator("h1")).toHaveText("Speler");
  await page.locator("button[data-lang='fr']").click();
  await expect(page.locator("h1")).toHaveText("Joueur");
  await page.locator("button[data-lang='en']").click();
  await expect(page.locator("h1")).toHaveText("Player");
});

test("a refused command is explained in the reader's language", async ({ page }) => {
  await signIn(page);
  await page.getByTestId("reg-name").fill("   ");
  await page.getByTestId("reg-submit").click();
  await expect(page.locator(".answer.error")).toHaveAttribute("data-code", "INVALID_NAME");
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  for (const path of ["/", "/director", "/table/1", "/player", "/screen"]) {
    test(`${path} fits the screen`, async ({ page }) => {
      await open(page, path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
  }
});

// Answers the current question of a guided flow and waits for the next step to arrive.
async function answer(page: Page, act: () => Promise<void>) {
  const before = await page.getByTestId("question").textContent();
  await act();
  // Reads that never wait: between the last question and the ruling the flow may show
  // neither for a moment, and a read waiting for a question would then wait for one that
  // never comes (the ruling does).
  await expect
    .poll(
      async () => {
        if ((await page.getByTestId("ruling").count()) > 0) return true;
        const now = await page.getByTestId("question").allTextContents();
        return now.length > 0 && now[0] !== before;
      },
      { timeout: 20_000 },
    )
    .toBe(true);
}

async function amount(page: Page, value: string) {
  await answer(page, async () => {
    const input = page.getByTestId("answer-amount");
    await input.fill(value);
    await expect(input).toHaveValue(value);
    await page.getByTestId("answer-ok").click();
  });
}

test("a table calls the director for an unattention bet and the ruling reaches the incident log", async ({ browser }) => {
  const table = await (await browser.newContext()).newPage();
  await open(table, await tableLink(browser, 1));
  await table.getByTestId("call-director").click();
  await expect(table.getByTestId("director-called")).toBeVisible();
  await table.getByTestId("situation-unattention_bet").click();
  await answer(table, () => table.getByTestId("answer-call").click()); // meant to call the bet seen
  await answer(table, () => table.getByTestId("answer-no").click()); // the missed bet was not all-in
  await answer(table, () => table.getByTestId("answer-no").click()); // not the opening bet
  await amount(table, "200"); // the bet seen
  await amount(table, "200"); // the last full raise
  await amount(table, "600"); // the bet missed
  await answer(table, () => table.getByTestId("answer-no").click()); // nothing in front before
  await amount(table, "200"); // put in
  await amount(table, "5000"); // stack
  await expect(table.getByTestId("ruling-rule")).toContainText("PKR4U 2");
  await expect(table.getByTestId("ruling-text")).toContainText("600");
  await expect(table.getByTestId("ruling-text")).toContainText("400");
  await table.getByTestId("record-ruling").click();
  await expect(table.locator(".answer.ok")).toBeVisible();

  const director = await browser.newPage();
  await signIn(director);
  await expect(director.getByTestId("incidents")).toContainText("PKR4U 2");
  await expect(director.getByTestId("incidents")).toContainText("T1");
  // Sent at once: one time, the receipt's.
  const times = director.getByTestId("incident-time");
  await expect(times.first()).toHaveText(/^\d\d:\d\d$/);

  // A ruling a table's outbox held for two minutes (its clock an hour wrong): the log shows
  // both the tap and the receipt, two minutes apart on the server's clock.
  const { tournament } = await (await director.request.post("/api/get_view")).json();
  const deviceNow = Date.now() - 3_600_000;
  const late = await director.request.post(`/api/v1/tournaments/${tournament}/commands`, {
    headers: { Origin: new URL(director.url()).origin },
    data: {
      command_id: crypto.randomUUID(),
      command: { type: "record_ruling", table: 2, flow: "talking", answers: [{ type: "yes_no", value: false }, { type: "choice", value: 1 }, { type: "count", value: 3 }] },
      tapped_at: deviceNow - 120_000,
      sent_at: deviceNow,
    },
  });
  expect(late.status(), await late.text()).toBeLessThan(300);
  const twoTimes = async () => (await times.allTextContents()).find((t) => /\d\d:\d\d.+\d\d:\d\d/.test(t));
  await expect.poll(twoTimes, { message: "the late ruling shows two times" }).toBeTruthy();
  const both = await twoTimes();
  const [tapped, received] = both!.match(/\d\d:\d\d/g)!.map((hm) => {
    const [h, m] = hm.split(":").map(Number);
    return h * 60 + m;
  });
  expect((received - tapped + 1440) % 1440).toBeGreaterThanOrEqual(1);
  expect((received - tapped + 1440) % 1440).toBeLessThanOrEqual(3);
});

// Issue U.13: numbers and amounts in the reader's format, on the room screen and a player's
// page: Dutch 12.000 and € 7,50, French 12 000 and 7,50 €, English 12,000 and €7.50. The
// average stack in big blinds is whole from 20 BB on ("240 BB", not "240,0 BB"), in tenths
// below (the demo's level 1: 240 BB).
test("numbers and amounts are written the reader's way in Dutch, French and English", async ({ browser }) => {
  const formats: [string, RegExp, RegExp][] = [
    ["nl-BE", /^€\s\d{1,3}(\.\d{3})*,\d{2}$/, /^\d{1,3}(\.\d{3})+\s*([2-9]\d|\d{3,}|1?\d,\d)\sBB$/],
    ["fr-BE", /^\d{1,3}(\s\d{3})*,\d{2}\s€$/, /^\d{1,3}(\s\d{3})+\s*([2-9]\d|\d{3,}|1?\d,\d)\sBB$/],
    ["en-GB", /^€\d{1,3}(,\d{3})*\.\d{2}$/, /^\d{1,3}(,\d{3})+\s*([2-9]\d|\d{3,}|1?\d\.\d)\sBB$/],
  ];
  for (const [locale, money, stack] of formats) {
    const context = await browser.newContext({ viewport: { width: 1920, height: 1080 }, locale });
    const tv = await context.newPage();
    await open(tv, "/screen");
    await expect(tv.getByTestId("prize-pool"), locale).toHaveText(money);
    await expect(tv.locator(".tv-figures > div").nth(2).locator("dd"), locale).toHaveText(stack);
    // The same on a player's phone: the field's figures.
    await open(tv, "/player");
    await expect(tv.getByTestId("prize-pool"), locale).toHaveText(money);
    // At 360 px the big blinds sit under the stack, whole: "15 600 312" on one line and "BB"
    // on the next read as one number.
    await tv.setViewportSize({ width: 360, height: 740 });
    const lines = await tv.locator(".figures > div").nth(2).locator("dd").evaluate((dd) => {
      const stack = document.createRange();
      stack.selectNodeContents(dd.firstChild!);
      const bb = dd.querySelector("small")!;
      return { stackBottom: stack.getBoundingClientRect().bottom, bbTop: bb.getBoundingClientRect().top, bbHeight: bb.getBoundingClientRect().height };
    });
    expect(lines.bbTop, `${locale}: the big blinds under the stack`).toBeGreaterThanOrEqual(lines.stackBottom - 1);
    expect(lines.bbHeight, `${locale}: the big blinds on one line`).toBeLessThan(40);
    await context.close();
  }
});
