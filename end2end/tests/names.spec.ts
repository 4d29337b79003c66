// The desk in the browser against the real server (issue Q, part 8): a name already in the
// tournament, typed in another case or without its accent, asks before a second person is
// registered, and a double tap on "Register" buys one entry, not two. In a tournament of its
// own (a copy of the demo's settings), archived at the end so the other files see the demo.
import { test, expect, open, signIn, section, consoleMenu } from "./support";

const DEMO = "Demo — Maandagavond";

test("a name already registered asks first, and a double tap registers once", async ({ page }) => {
  await signIn(page, DEMO);
  await consoleMenu(page);
  await page.getByTestId("tournaments-link").click();
  await page.getByTestId("new-name").fill("Names e2e");
  await page.getByTestId("new-source").selectOption({ label: `Settings of “${DEMO}”` });
  await page.getByTestId("new-create").click();
  const href = (await page.getByTestId("created").locator("a").getAttribute("href"))!;
  const id = href.split("t=")[1];
  try {
    await open(page, href);
    await expect(page.getByTestId("tournament-name")).toHaveText("Names e2e");
    await page.getByTestId("reg-name").fill("Anaïs Dubbel");
    await page.getByTestId("reg-submit").click();
    await expect(page.getByTestId("seat-drawn")).toContainText("Anaïs Dubbel");
    await expect(page.getByTestId("players-left")).toHaveText("1");

    // The same person typed again, without the accent and in other case: the desk asks.
    await page.getByTestId("reg-name").fill("  anais DUBBEL ");
    await page.getByTestId("reg-submit").click();
    const question = page.getByTestId("same-name");
    await expect(question).toBeVisible();
    await expect(question).toContainText("Anaïs Dubbel");
    await expect(page.getByTestId("players-left")).toHaveText("1");
    // The field cleared: the question goes with the name it was about (issue U.9).
    await page.getByTestId("reg-name").fill("");
    await expect(question).toHaveCount(0);
    await page.getByTestId("reg-name").fill("  anais DUBBEL ");
    await page.getByTestId("reg-submit").click();
    await expect(question).toBeVisible();
    // Another person of that name: confirmed, registered once.
    await page.getByTestId("reg-same-name-confirm").click();
    await expect(page.getByTestId("players-left")).toHaveText("2");
    await expect(question).toHaveCount(0);

    // A double tap on "Register" sends one registration.
    await page.getByTestId("reg-name").fill("Bram Dubbeltik");
    await page.getByTestId("reg-submit").dblclick();
    await expect(page.getByTestId("seat-drawn")).toContainText("Bram Dubbeltik");
    await expect(page.getByTestId("players-left")).toHaveText("3");
    // Still three a moment later (a second entry would have come with the live update).
    await page.waitForTimeout(1_000);
    await expect(page.getByTestId("players-left")).toHaveText("3");

    // Before the start a player is unregistered with the money back, after a second tap.
    await section(page, "players");
    const bram = page.locator("[data-testid^='player-row-']").filter({ hasText: "Bram Dubbeltik" });
    const bramId = (await bram.getAttribute("data-testid"))!.replace("player-row-", "");
    await page.getByTestId(`more-${bramId}`).click();
    await page.getByTestId("unregister").click();
    await expect(page.getByTestId("players-left")).toHaveText("3");
    await page.getByTestId("unregister-confirm").click();
    await expect(page.getByTestId("players-left")).toHaveText("2");
    await expect(page.getByTestId("prize-pool")).not.toHaveText("€0.00");
  } finally {
    await open(page, "/director/tournaments");
    await page.getByTestId(`archive-${id}`).click();
    await expect(page.getByTestId(`tournament-${id}`)).toHaveClass(/archived/);
  }
});
