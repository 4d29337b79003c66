// The player's personal link (issues D and E) against the real server with the demo
// tournament: the desk shows it as a link and a QR code right after registering, the phone
// opens it and sees its table and seat, stack and entries, live; a bust at the table turns it
// into a place (a prize line only with a prize; the payouts below); the director shows the same link again later, and replaces it (the old one
// stops working); a wrong link shows no one.
import { test, expect, Page, Browser, open, signIn, tablePage, section, recordViewFetches, directorCommand } from "./support";

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

test("a player's personal link follows them from the desk to their place", async ({ browser }) => {
  const name = "Mia Linkova";
  const desk = await (await browser.newContext()).newPage();
  await signIn(desk);
  await desk.getByTestId("reg-name").fill(name);
  await desk.getByTestId("reg-submit").click();
  await expect(desk.getByTestId("seat-drawn")).toContainText(name);
  const drawn = (await desk.getByTestId("seat-drawn").locator(".big").textContent()) ?? "";
  const [table, seat] = drawn.split(" · ").map(Number);

  // Right after registering: the link and its QR code, for the player to scan.
  const card = desk.getByTestId("personal-link");
  await expect(card.locator("svg")).toBeVisible();
  const path = (await desk.getByTestId("personal-link-url").getAttribute("href"))!;
  expect(path).toMatch(/^\/me\/\d+-\d+-[0-9a-f]{32}$/);
  const player = Number(path.split("-")[1]);

  // The phone: table and seat big, stack, entries.
  const phone = await (await browser.newContext(PHONE)).newPage();
  // What the phone fetches to follow the room is its own page (a light page, issue Z).
  const views = recordViewFetches(phone);
  await open(phone, path);
  await expect(phone.getByTestId("me-name")).toHaveText(name);
  await expect(phone.getByTestId("me-table")).toHaveText(String(table));
  await expect(phone.getByTestId("me-seat-no")).toHaveText(String(seat));
  await expect(phone.getByTestId("me-stack")).toHaveText(/^\d[\d\s.,]*$/);
  // What she bought, until her table counts: said under it. Once counted, the count alone.
  await expect(phone.getByTestId("me-stack-uncounted")).toBeVisible();
  await directorCommand(desk, { type: "report_chips", player, chips: 23_450 });
  await expect(phone.getByTestId("me-stack-uncounted")).toHaveCount(0);
  await expect(phone.getByTestId("me-stack")).toHaveText(/^23[\s.,]?450$/);
  await expect(phone.getByTestId("me-entries")).toHaveText("1");
  await expect(phone.getByTestId("clock-time")).toHaveText(/^\d{2}:\d{2}$/);
  const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, "the page fits a phone").toBeLessThanOrEqual(0);

  // Her table reports her out; the phone follows live, with no reload: a place and a prize.
  const device = await tablePage(browser, table, PHONE);
  await device.getByTestId(`bust-out-${player}`).click();
  await device.locator("[data-testid^='bust-win-']:not([disabled])").first().click();
  await device.getByTestId("bust-confirm").click();
  await expect(phone.getByTestId("me-status")).toHaveText("Busted");
  await expect(phone.getByTestId("me-place").locator(".big")).toHaveText(/^\d+$/);
  await expect(phone.getByTestId("me-seat")).toHaveCount(0);
  // Out of the money among the demo's field: no prize line at all (it once said "€ 0.00"),
  // and the payouts are on her page as the link promised.
  await expect(phone.getByTestId("me-prize")).toHaveCount(0);
  await expect(phone.getByTestId("payouts").locator("li").first()).toContainText("€");
  const fetched = await views.settled();
  expect(fetched.length, "the phone followed the bust by fetching its page").toBeGreaterThan(0);
  // A light page (issue Z): it fetches itself again, a few KB on the wire.
  for (const f of fetched) {
    expect(f.url).toBe(path);
    expect(f.wire, f.url).toBeLessThanOrEqual(4096);
  }

  // Later, the director shows the same link again, for any player.
  await desk.reload();
  await expect(desk.locator("body[data-hydrated='1']")).toHaveCount(1);
  // The desk's list of busts says "—" where she won nothing, not "€0.00" (a prize of nothing
  // reads as a slip, on the results sheet too).
  await section(desk, "results");
  const row = desk.getByTestId("bust-feed").locator("tr", { hasText: name });
  await expect(row.locator("td").nth(2)).toHaveText("—");
  await section(desk, "players");
  await desk.getByTestId("personal-links").click();
  await desk.getByTestId("link-player").selectOption(String(player));
  await expect(desk.getByTestId("personal-link-url")).toHaveAttribute("href", path);

  // In Dutch, too.
  await phone.locator("button[data-lang='nl']").click();
  await expect(phone.locator("h1")).toHaveText("Mijn toernooi");

  // Her phone is lost: the director makes a new link (two taps); the old one opens no one,
  // the new one opens her page.
  await desk.getByTestId("replace-link").click();
  await desk.getByTestId("replace-link-confirm").click();
  await expect(desk.getByTestId("link-replaced")).toBeVisible();
  const replaced = (await desk.getByTestId("personal-link-url").getAttribute("href"))!;
  expect(replaced).toMatch(/^\/me\/\d+-\d+-[0-9a-f]{32}$/);
  expect(replaced).not.toBe(path);
  await open(phone, path);
  await expect(phone.getByTestId("link-refused")).toBeVisible();
  await open(phone, replaced);
  await expect(phone.getByTestId("me-name")).toHaveText(name);
});

test("a wrong personal link shows no one", async ({ page }) => {
  await open(page, "/me/1-1-00000000000000000000000000000000");
  await expect(page.getByTestId("link-refused")).toBeVisible();
  await expect(page.getByTestId("me-card")).toHaveCount(0);
});
