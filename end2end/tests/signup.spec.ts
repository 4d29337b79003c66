// The door (issue T): five phones sign up from the QR code's page while the desk only takes
// the money. The director caps the field at four players; the desk admits the first four in
// the order they came (each gets the seat drawn and, on the phone, the table and seat and a
// link to the player's page); the fifth waits on the waiting list, is called on the phone and
// the TV when the table reports a bust, and is admitted then. One phone in Dutch. Its own
// tournament, archived at the end (the other specs expect the demo).
import { test, expect, signIn, open, hydrated, section, newTournamentFromPage, tablePage, bustFirst, openDetails, recordAlerts, alertsOf, recordViewFetches } from "./support";
import type { Browser, Page } from "./support";

const DEMO = "Demo — Maandagavond";
const PHONES = ["Anouk Deur", "Bas Deur", "Cato Deur", "Daan Deur", "Eline Deur"];

/** A player's phone (360 px) opens the sign-up page, types the name, picks how to pay and
 * joins the queue; returns the phone on its place's page. */
async function signUpFromPhone(browser: Browser, id: string, name: string, method: string, dutch = false): Promise<Page> {
  const phone = await (await browser.newContext({ viewport: { width: 360, height: 740 } })).newPage();
  await open(phone, `/signup?t=${id}`);
  if (dutch) {
    // The page comes again in Dutch (a light page: the server renders the language).
    await phone.locator("button[data-lang='nl']").click();
    await expect(phone.locator("h1")).toHaveText("Inschrijven");
    await hydrated(phone);
  }
  await expect(phone.getByTestId("sign-up-tournament")).toContainText("Door e2e");
  await phone.getByTestId("sign-up-name").fill(name);
  await phone.getByTestId(`sign-up-method-${method}`).check();
  await phone.getByTestId("sign-up-submit").click();
  await phone.waitForURL(/\/signup\/\d+-\d+-[0-9a-f]{32}$/);
  // A new page load: its buttons answer once it has hydrated.
  await hydrated(phone);
  await expect(phone.getByTestId("my-place")).toBeVisible();
  return phone;
}

test("five phones sign up, the desk admits them in order, the fifth waits and is called after a bust", async ({ page, browser }) => {
  test.setTimeout(180_000);
  await signIn(page, DEMO);
  const { href, id } = await newTournamentFromPage(page, "Door e2e", "evening", 1);
  const phones: Page[] = [];
  try {
    await open(page, href);
    // Four players seated at most: the fifth goes on the waiting list.
    await section(page, "clock");
    await openDetails(page.getByTestId("settings"));
    await page.getByTestId("cfg-field-cap").fill("4");
    await page.getByTestId("save-config").click();
    await expect(page.getByTestId("cfg-field-cap")).toHaveValue("4");

    // The poster for the door names the sign-up page of this tournament.
    const poster = await browser.newPage();
    await poster.context().addCookies(await page.context().cookies());
    await open(poster, `/director/print/signup?t=${id}`);
    await expect(poster.getByTestId("sign-up-url")).toHaveText(new RegExp(`/signup\\?t=${id}$`));
    await expect(poster.getByTestId("sign-up-poster").locator(".qr svg")).toHaveCount(1);
    await poster.close();

    for (const [i, name] of PHONES.entries()) {
      phones.push(await signUpFromPhone(browser, id, name, i === 1 ? "card" : "cash", i === 1));
    }
    // The fifth phone follows its own place (issue Y.4; a light page, issue Z): its own page.
    const fifth = recordViewFetches(phones[4]);
    await phones[0].screenshot({ path: "test-results/signup-phone-place.png", fullPage: true });
    await expect(phones[0].getByTestId("to-the-desk")).toContainText("Go to the desk to pay");
    await expect(phones[1].getByTestId("to-the-desk")).toContainText("Ga naar de balie");
    await expect(phones[4].getByTestId("waiting-place")).toContainText("Waiting list: place 1");
    await expect(phones[4].getByTestId("my-place")).toHaveAttribute("data-state", "waiting");

    // The same name again from another phone is told it is in the queue already.
    const again = await (await browser.newContext({ viewport: { width: 360, height: 740 } })).newPage();
    await open(again, `/signup?t=${id}`);
    await again.getByTestId("sign-up-name").fill("anouk deur");
    await again.getByTestId("sign-up-submit").click();
    await expect(again.getByTestId("sign-up-answer")).toHaveAttribute("data-code", "ALREADY_IN_QUEUE");
    await again.context().close();

    // The desk: the queue in the order they came, the fifth on the waiting list.
    await section(page, "desk");
    const queue = page.getByTestId("door-queue");
    await expect(queue.getByTestId("queue-name")).toHaveText(PHONES);
    await expect(queue.getByTestId("queue-5").getByTestId("queue-waiting")).toBeVisible();
    await expect(queue.getByTestId("admit-5")).toHaveCount(0);
    await page.setViewportSize({ width: 1024, height: 768 });
    await queue.screenshot({ path: "test-results/signup-desk-queue.png" });
    for (const [i, name] of PHONES.slice(0, 4).entries()) {
      await queue.getByTestId(`admit-${i + 1}`).click();
      await expect(page.getByTestId("seat-drawn")).toContainText(name);
      // Shown where the tap was (issue U.6): on top of the queue, in view, not under the form.
      await expect(page.getByTestId("seat-drawn")).toBeInViewport();
      if (i < 3) {
        const [drawn, list] = [await page.getByTestId("seat-drawn").boundingBox(), await queue.boundingBox()];
        expect(drawn!.y + drawn!.height, "the seat drawn right above the queue").toBeLessThanOrEqual(list!.y + 1);
      }
    }
    await expect(queue.getByTestId("queue-name")).toHaveText([PHONES[4]]);

    // The first phone is in: table and seat, and its player's own page.
    await expect(phones[0].getByTestId("admitted-seat")).toContainText("Table 1");
    await phones[0].getByTestId("open-my-page").click();
    await phones[0].waitForURL(/\/me\//);
    await expect(phones[0].locator(".my-name")).toHaveText("Anouk Deur");

    // Play starts; the table reports a bust: a seat is free, the fifth is called.
    await section(page, "clock");
    await page.getByTestId("clock-start").click();
    await expect(page.getByTestId("clock-pause")).toBeVisible();
    const tv = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
    await open(tv, `/screen?t=${id}`);
    await expect(tv.getByTestId("tv-door").locator(".qr svg")).toHaveCount(1);
    await expect(tv.getByTestId("tv-waiting")).toBeVisible();
    await recordAlerts(phones[4]);
    const table = await tablePage(browser, 1);
    await bustFirst(table);
    await table.context().close();
    await expect(phones[4].getByTestId("to-the-desk")).toBeVisible();
    await expect(tv.getByTestId("tv-to-desk")).toContainText(PHONES[4]);
    // Called with a chime and a vibration, the tab's title says it, and the room hears the
    // name (issue V.2).
    await expect.poll(() => alertsOf(phones[4])).toEqual(expect.arrayContaining(["vibrate", expect.stringContaining("/sounds/call.wav")]));
    // Never given a language by the server: its pages come in its own (session 30, once on CI
    // the fifth phone's refresh carried the Dutch phone's language cookie).
    const languages = (await phones[4].context().cookies()).filter((c) => c.name === "i18n_pref_locale");
    expect(languages, "the fifth phone chose no language").toEqual([]);
    await expect(phones[4]).toHaveTitle(/^→ To the desk · Sign up/);
    await expect(tv.getByTestId("announcement")).toHaveText(`${PHONES[4]}, to the desk please`);
    await tv.screenshot({ path: "test-results/signup-tv.png" });
    await tv.close();

    await section(page, "desk");
    await queue.getByTestId("admit-5").click();
    await expect(page.getByTestId("seat-drawn")).toContainText(PHONES[4]);
    await expect(page.getByTestId("door-queue")).toHaveCount(0);
    await expect(phones[4].getByTestId("admitted")).toBeVisible();
    const fetched = await fifth.settled();
    expect(fetched.length, "the fifth phone followed its place").toBeGreaterThan(0);
    // A light page (issue Z): it fetches itself again.
    for (const f of fetched) expect(f.url).toBe(new URL(phones[4].url()).pathname);
    await phones[4].screenshot({ path: "test-results/signup-phone-admitted.png", fullPage: true });
  } finally {
    for (const phone of phones) await phone.context().close();
    await open(page, "/director/tournaments");
    await page.getByTestId(`archive-${id}`).click();
    // Archived before the next test: the faces' default goes back to the demo.
    await expect(page.getByTestId(`tournament-${id}`)).toHaveClass(/archived/);
  }
});

test("a phone that signed up is sent back to its place from the sign-up page, and the door speaks to the player", async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO);
  const { id } = await newTournamentFromPage(page, "Door e2e back", "evening", 1);
  try {
    const phone = await signUpFromPhone(browser, id, "Gijs Terug", "cash");
    await open(phone, `/signup?t=${id}`);
    await expect(phone.getByTestId("signed-up-already")).toBeVisible();
    await phone.getByTestId("my-place-link").click();
    await expect(phone.getByTestId("queue-number")).toHaveText("1");

    // The door speaks to the player (issue V.7), at 360×740, every answer at the button.
    // A second sign-up from this phone is asked about first, then made.
    await open(phone, `/signup?t=${id}`);
    await phone.getByTestId("sign-up-name").fill("Vriend Van Gijs");
    await phone.getByTestId("sign-up-submit").click();
    await expect(phone.getByTestId("sign-up-second")).toBeInViewport();
    await phone.getByTestId("sign-up-second-confirm").click();
    await phone.waitForURL(/\/signup\/\d+-\d+-[0-9a-f]{32}$/);
    await hydrated(phone);
    await expect(phone.getByTestId("queue-number")).toHaveText("2");
    // A name longer than the field is cut, and the page says so.
    await open(phone, `/signup?t=${id}`);
    await phone.getByTestId("sign-up-name").fill("x".repeat(300));
    await expect(phone.getByTestId("sign-up-name-cut")).toBeVisible();
    // A name already playing: what the player can do, where the tap was.
    await open(page, `/director?t=${id}`);
    await section(page, "desk");
    await page.getByTestId("reg-name").fill("Gijs Speelt");
    await page.getByTestId("reg-submit").click();
    await expect(page.getByTestId("seat-drawn")).toContainText("Gijs Speelt");
    const other = await (await browser.newContext({ viewport: { width: 360, height: 740 } })).newPage();
    await open(other, `/signup?t=${id}`);
    await other.getByTestId("sign-up-name").fill("Gijs Speelt");
    await other.getByTestId("sign-up-submit").click();
    const answer = other.getByTestId("sign-up-answer");
    await expect(answer).toHaveAttribute("data-code", "NAME_ALREADY_REGISTERED");
    await expect(answer).toContainText("Go to the desk");
    await expect(answer).toBeInViewport();
    await other.screenshot({ path: "test-results/signup-name-playing-360.png" });
    // The home page offers the sign-up while registration is open, and fits a phone.
    await open(other, `/?t=${id}`);
    await expect(other.getByTestId("sign-up-link")).toBeVisible();
    const overflow = await other.evaluate(() => [...document.querySelectorAll("a.face")].some((a) => a.scrollWidth > a.clientWidth + 1));
    expect(overflow, "every face's link fits its button").toBe(false);
    await other.context().close();
    await phone.context().close();
  } finally {
    await open(page, "/director/tournaments");
    await page.getByTestId(`archive-${id}`).click();
    // Archived before the next test: the faces' default goes back to the demo.
    await expect(page.getByTestId(`tournament-${id}`)).toHaveClass(/archived/);
  }
});

test("a phone leaves the queue with two taps and can sign up again", async ({ page, browser }) => {
  test.setTimeout(90_000);
  await signIn(page, DEMO);
  const { id } = await newTournamentFromPage(page, "Door e2e leave", "evening", 1);
  try {
    const phone = await signUpFromPhone(browser, id, "Fien Weg", "transfer");
    await phone.getByTestId("leave-queue").click();
    await phone.getByTestId("leave-queue-confirm").click();
    await expect(phone.getByTestId("not-in-queue")).toBeVisible();
    // Back on the sign-up page: a new sign-up, nothing kept of the place left.
    await open(phone, `/signup?t=${id}`);
    await expect(phone.getByTestId("sign-up-submit")).toBeVisible();
    await expect(phone.getByTestId("signed-up-already")).toBeHidden();
    await phone.context().close();
  } finally {
    await open(page, "/director/tournaments");
    await page.getByTestId(`archive-${id}`).click();
    // Archived before the next test: the faces' default goes back to the demo.
    await expect(page.getByTestId(`tournament-${id}`)).toHaveClass(/archived/);
  }
});

test("a busted player asks for a re-entry from the phone and the desk sells it", async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO);
  const { href, id } = await newTournamentFromPage(page, "Door e2e re-entry", "evening", 1);
  const phones: Page[] = [];
  try {
    phones.push(await signUpFromPhone(browser, id, "Rik Terug", "cash"));
    phones.push(await signUpFromPhone(browser, id, "Sam Blijft", "cash"));
    await open(page, href);
    await section(page, "desk");
    const queue = page.getByTestId("door-queue");
    for (const [i, name] of ["Rik Terug", "Sam Blijft"].entries()) {
      await queue.getByTestId(`admit-${i + 1}`).click();
      await expect(page.getByTestId("seat-drawn")).toContainText(name);
    }
    const rik = phones[0];
    await rik.getByTestId("open-my-page").click();
    await rik.waitForURL(/\/me\/\d+-1-/);
    await expect(rik.getByTestId("ask-reentry")).toHaveCount(0);
    await section(page, "clock");
    await page.getByTestId("clock-start").click();
    await expect(page.getByTestId("clock-pause")).toBeVisible();

    // Rik (player 1) is out, won by Sam (player 2), reported by the table.
    const table = await tablePage(browser, 1);
    await table.getByTestId("bust-out-1").click();
    await table.getByTestId("bust-win-2").click();
    await table.getByTestId("bust-confirm").click();
    await table.context().close();

    await rik.getByTestId("ask-reentry").click();
    await expect(rik.getByTestId("reentry-asked")).toBeVisible();
    await rik.screenshot({ path: "test-results/reentry-asked-phone.png", fullPage: true });

    await section(page, "players");
    const request = page.getByTestId("reentry-request-1");
    await expect(request).toContainText("Rik Terug");
    await request.getByTestId("reentry-request-b-1").click();
    await request.getByTestId("reentry-request-b-1-confirm").click();
    await expect(page.getByTestId("reentry-requests")).toHaveCount(0);
    await expect(rik.getByTestId("me-entries")).toHaveText("2");
    await expect(rik.getByTestId("me-table")).toHaveText("1");
  } finally {
    for (const phone of phones) await phone.context().close();
    await open(page, "/director/tournaments");
    await page.getByTestId(`archive-${id}`).click();
    // Archived before the next test: the faces' default goes back to the demo.
    await expect(page.getByTestId(`tournament-${id}`)).toHaveClass(/archived/);
  }
});

test("before the evening: sign-ups open at the director's time, close at the cap, and the desk merges a double", async ({ page, browser }) => {
  test.setTimeout(150_000);
  await signIn(page, DEMO);
  const { href, id } = await newTournamentFromPage(page, "Door e2e early", "evening", 1);
  const phones: Page[] = [];
  try {
    await open(page, href);
    await section(page, "clock");
    await openDetails(page.getByTestId("settings"));
    await page.getByTestId("cfg-sign-ups-open-at").fill("2030-01-04T19:30");
    await page.getByTestId("cfg-sign-up-cap").fill("2");
    await page.getByTestId("save-config").click();
    await expect(page.getByTestId("cfg-sign-up-cap")).toHaveValue("2");
    await expect(page.getByTestId("cfg-sign-ups-open-at")).toHaveValue("2030-01-04T19:30");

    // Too early: the page says when, and a tap is refused.
    const early = await (await browser.newContext({ viewport: { width: 360, height: 740 } })).newPage();
    await open(early, `/signup?t=${id}`);
    await hydrated(early);
    await expect(early.getByTestId("sign-ups-not-open")).toContainText("04/01 19:30");
    await early.getByTestId("sign-up-name").fill("Vroege Vogel");
    await early.getByTestId("sign-up-submit").click();
    await expect(early.getByTestId("sign-up-answer")).toHaveAttribute("data-code", "SIGN_UPS_NOT_OPEN");
    await early.screenshot({ path: "test-results/signup-not-open.png", fullPage: true });

    // Open now: the director clears the time.
    await page.getByTestId("cfg-sign-ups-open-at").fill("");
    await page.getByTestId("save-config").click();
    await expect(async () => {
      await open(early, `/signup?t=${id}`);
      await expect(early.getByTestId("door-counts")).toBeVisible();
      await expect(early.getByTestId("sign-ups-not-open")).toHaveCount(0);
    }).toPass({ timeout: 15_000 });
    phones.push(await signUpFromPhone(browser, id, "Jan Peeters", "cash"));
    phones.push(await signUpFromPhone(browser, id, "Jan Peters", "card"));

    // The list is full at two: the page says so, a sign-up is refused.
    await open(early, `/signup?t=${id}`);
    await expect(early.getByTestId("sign-ups-full")).toBeVisible();
    await hydrated(early);
    await early.getByTestId("sign-up-name").fill("Vroege Vogel");
    await early.getByTestId("sign-up-submit").click();
    await expect(early.getByTestId("sign-up-answer")).toHaveAttribute("data-code", "SIGN_UPS_FULL");

    // The desk sees Jan twice and merges: the second spelling is kept in the first place.
    await section(page, "desk");
    const queue = page.getByTestId("door-queue");
    await queue.getByTestId("merge-1").click();
    await expect(page.getByTestId("merge-hint")).toBeVisible();
    await page.getByTestId("door-queue").screenshot({ path: "test-results/signup-desk-merge.png" });
    await queue.getByTestId("merge-into-2").click();
    await expect(queue.getByTestId("queue-name")).toHaveText(["Jan Peters"]);
    await expect(phones[0].getByTestId("merged-into")).toBeVisible();
    await expect(phones[0].getByTestId("queue-number")).toHaveText("2");

    // A place on the list again; the printed list shows the two waiting, in order.
    await early.getByTestId("sign-up-submit").click();
    await early.waitForURL(/\/signup\/\d+-\d+-[0-9a-f]{32}$/);
    const print = await browser.newPage({ viewport: { width: 1024, height: 768 } });
    await print.context().addCookies(await page.context().cookies());
    await open(print, `/director/print/signups?t=${id}`);
    const list = print.getByTestId("sign-up-list");
    await expect(list.locator("tbody tr")).toHaveCount(2);
    await expect(list.getByTestId("list-2")).toContainText("Jan Peters");
    await expect(list.getByTestId("list-3")).toContainText("Vroege Vogel");
    await print.screenshot({ path: "test-results/signup-list-print.png", fullPage: true });
    await print.close();
    await early.context().close();

    // Admitted, the merged phone finds the seat too.
    await queue.getByTestId("admit-2").click();
    await expect(page.getByTestId("seat-drawn")).toContainText("Jan Peters");
    await expect(phones[0].getByTestId("admitted-seat")).toBeVisible();
  } finally {
    for (const phone of phones) await phone.context().close();
    await open(page, "/director/tournaments");
    await page.getByTestId(`archive-${id}`).click();
    // Archived before the next test: the faces' default goes back to the demo.
    await expect(page.getByTestId(`tournament-${id}`)).toHaveClass(/archived/);
  }
});

test("the desk admits a namesake from the queue after saying it is another person", async ({ page, browser }) => {
  test.setTimeout(90_000);
  await signIn(page, DEMO);
  const { href, id } = await newTournamentFromPage(page, "Door e2e namesake", "evening", 1);
  try {
    const phone = await signUpFromPhone(browser, id, "Tom Twee", "cash");
    await open(page, href);
    await section(page, "desk");
    // Another Tom Twee registers at the desk first.
    await page.getByTestId("reg-name").fill("Tom Twee");
    await page.getByTestId("reg-submit").click();
    await expect(page.getByTestId("seat-drawn")).toContainText("Tom Twee");
    const queue = page.getByTestId("door-queue");
    await queue.getByTestId("admit-1").click();
    await expect(queue.getByTestId("queue-same-name")).toBeVisible();
    await queue.getByTestId("queue-same-name-confirm").click();
    await expect(page.getByTestId("door-queue")).toHaveCount(0);
    await expect(phone.getByTestId("admitted")).toBeVisible();
    await phone.context().close();
  } finally {
    await open(page, "/director/tournaments");
    await page.getByTestId(`archive-${id}`).click();
    // Archived before the next test: the faces' default goes back to the demo.
    await expect(page.getByTestId(`tournament-${id}`)).toHaveClass(/archived/);
  }
});

// Issue X, item 3: a laptop on the club's WiFi signs up junk, a real player's name first. The
// room's screen shows how many are awaited at the desk, not the names (seats are to spare);
// the desk sees the entries came from one device and takes them all out with one confirmed
// tap; the real player then signs up from a phone; ticked entries go out together.
test("the desk clears a laptop's junk in one action and the squatted name is free again", async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO);
  const { href, id } = await newTournamentFromPage(page, "Door e2e junk", "evening", 1);
  const junk = async (names: string[]) => {
    for (const name of names) {
      const r = await request.post(`/api/v1/tournaments/${id}/sign-ups`, {
        data: { command_id: `junk-${name}-${Date.now()}`, name, method: "cash" },
      });
      expect(r.status(), name).toBe(200);
    }
  };
  try {
    await junk(["Jan Janssens", "xx junk 1", "xx junk 2", "xx junk 3", "xx junk 4"]);
    const tv = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
    await open(tv, `/screen?t=${id}`);
    await expect(tv.getByTestId("tv-to-desk-count")).toContainText("5");
    await expect(tv.getByTestId("tv-to-desk")).toHaveCount(0);
    await expect(tv.locator("body")).not.toContainText("xx junk");

    await open(page, href);
    await section(page, "desk");
    await page.setViewportSize({ width: 1024, height: 768 });
    const queue = page.getByTestId("door-queue");
    await expect(queue.getByTestId("queue-name")).toHaveCount(5);
    await expect(queue.getByTestId("queue-same-sender").first()).toContainText("5");
    await queue.screenshot({ path: "test-results/signup-desk-junk.png" });
    await queue.getByTestId("clear-sender-3").click();
    await queue.getByTestId("clear-sender-3-confirm").click();
    await expect(page.getByTestId("door-queue")).toHaveCount(0);
    await expect(tv.getByTestId("tv-to-desk-count")).toHaveCount(0);

    // The real Jan's phone signs up now.
    const phone = await signUpFromPhone(browser, id, "Jan Janssens", "cash");
    await expect(phone.getByTestId("to-the-desk")).toBeVisible();

    // A selection: two ticked go together, the rest stays.
    await junk(["xx junk 5", "xx junk 6"]);
    await expect(queue.getByTestId("queue-name")).toHaveText(["Jan Janssens", "xx junk 5", "xx junk 6"]);
    const lines = queue.locator(".queue-line");
    await lines.nth(1).locator("input[type=checkbox]").check();
    await lines.nth(2).locator("input[type=checkbox]").check();
    await page.getByTestId("clear-ticked").click();
    await page.getByTestId("clear-ticked-confirm").click();
    await expect(queue.getByTestId("queue-name")).toHaveText(["Jan Janssens"]);
    await expect(page.getByTestId("clear-ticked")).toHaveCount(0);
    await phone.context().close();
    await tv.close();
  } finally {
    await open(page, "/director/tournaments");
    await page.getByTestId(`archive-${id}`).click();
    // Archived before the next test: the faces' default goes back to the demo.
    await expect(page.getByTestId(`tournament-${id}`)).toHaveClass(/archived/);
  }
});
