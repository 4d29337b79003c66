// The director sets a tournament up and keeps it right, in the browser against the real
// server: the settings and the blind structure before the start, the structure's later levels
// once the clock runs (the level in play locked), the payout table edited once registration
// closes, a receipt per player, renaming a club player, and switching tournaments from the
// console. The tournament is made on the tournaments page and archived at the end, so the
// demo stays the default for the other specs.
import { test, expect, Page, hydrated, open, signIn, section, newTournamentFromPage, consoleMenu } from "./support";

const DEMO = "Demo — Maandagavond";

const rows = (page: Page) => page.getByTestId("structure-row");
const cell = (page: Page, row: number, name: string) => rows(page).nth(row).locator(`input.${name}`);

/** Opens the settings panel (a closed `<details>`) and waits for the stored structure. */
async function openSettings(page: Page) {
  await section(page, "clock");
  const settings = page.getByTestId("settings");
  if (!(await settings.evaluate((d) => (d as HTMLDetailsElement).open))) {
    await settings.locator("summary").click();
  }
  await expect(rows(page).first()).toBeVisible();
}

test("settings, structure, payouts, receipt, rename and the tournament switch", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO);
  const { href, id } = await newTournamentFromPage(page, "Setup e2e");
  try {
    await open(page, href);
    await expect(page.getByTestId("tournament-name")).toHaveText("Setup e2e");

    // Before the start: rename the tournament and change the buy-in.
    await openSettings(page);
    // The stored values show as the page arrives (the club evening template).
    await expect(page.getByTestId("cfg-stack")).toHaveValue("10000");
    await expect(page.getByTestId("cfg-tables-at-start")).toHaveValue("3");
    await expect(cell(page, 0, "bb")).toHaveValue("50");
    await page.getByTestId("cfg-name").fill("Setup e2e — Tuesday");
    await page.getByTestId("cfg-prize").fill("25");
    await page.getByTestId("save-config").click();
    await expect(page.getByTestId("tournament-name")).toHaveText("Setup e2e — Tuesday");
    await expect(page.getByTestId("cfg-prize")).toHaveValue("25.00");

    // The structure: a slower first level and a break after it.
    const before = await rows(page).count();
    await cell(page, 0, "minutes").fill("30");
    await rows(page).nth(0).getByTestId("add-break-after").click();
    await expect(rows(page)).toHaveCount(before + 1);
    await cell(page, 1, "minutes").fill("5");
    // A cell that is not a number is named by its row, and nothing is sent.
    await cell(page, 2, "bb").fill("lots");
    await page.getByTestId("save-structure").click();
    await expect(page.getByTestId("structure-editor").locator(".answer.error")).toContainText("3");
    await cell(page, 2, "bb").fill("100");
    await page.getByTestId("save-structure").click();
    // Stored: the panel reads the configuration again and the clock shows the first level.
    await expect(rows(page)).toHaveCount(before + 1);
    await expect(cell(page, 0, "minutes")).toHaveValue("30");
    await expect(rows(page).nth(1)).toHaveClass(/break-row/);
    await expect(page.getByTestId("clock-time")).toHaveText(/^30:00$/);
    // A refusal from the rules comes back in the reader's language: blinds out of order.
    await cell(page, 2, "sb").fill("500");
    await page.getByTestId("save-structure").click();
    await expect(page.getByTestId("settings").locator(".answer.error")).toHaveAttribute("data-code", "INVALID_CONFIG");
    await page.getByTestId("discard-structure").click();
    await expect(cell(page, 2, "sb")).toHaveValue("50");
    // A row made by another row's button outlives that row.
    await rows(page).nth(2).getByTestId("add-break-after").click();
    await rows(page).nth(2).getByTestId("remove-level").click();
    await expect(rows(page).nth(2)).toHaveClass(/break-row/);
    await cell(page, 2, "minutes").fill("7");
    await expect(cell(page, 2, "minutes")).toHaveValue("7");
    await page.getByTestId("discard-structure").click();
    await expect(cell(page, 2, "sb")).toHaveValue("50");

    // Three players at the desk, and the clock starts.
    // Ann paid ahead by bank transfer; the others pay cash at the desk.
    await section(page, "desk");
    for (const [name, method] of [["Setup Ann", "transfer"], ["Setup Bob", "cash"], ["Setup Cas", "cash"]]) {
      await page.getByTestId("reg-method").selectOption(method);
      await page.getByTestId("reg-name").fill(name);
      await page.getByTestId("reg-submit").click();
      await expect(page.getByTestId("seat-drawn")).toContainText(name);
    }
    await expect(page.getByTestId("payout-editor")).toContainText("once registration is closed");
    await section(page, "clock");
    await page.getByTestId("clock-start").click();
    await expect(page.getByTestId("clock-pause")).toBeVisible();

    // Running: the level in play is locked, later levels still change.
    await expect(page.getByTestId("config-form")).toHaveCount(0);
    await expect(cell(page, 0, "bb")).toBeDisabled();
    await expect(rows(page).nth(0).getByTestId("remove-level")).toBeDisabled();
    await expect(cell(page, 2, "minutes")).toBeEnabled();
    await cell(page, 2, "minutes").fill("25");
    await page.getByTestId("save-structure").click();
    await expect(page.getByTestId("settings").locator(".answer.ok")).toBeVisible();
    await expect(cell(page, 2, "minutes")).toHaveValue("25");

    // Registration closes: the payout table can be edited, to the cent of the pool.
    await section(page, "desk");
    await page.getByTestId("close-registration").click();
    await section(page, "money");
    await expect(page.getByTestId("edit-payouts")).toBeVisible();
    await page.getByTestId("edit-payouts").click();
    const amounts = page.getByTestId("payout-amount");
    const count = await amounts.count();
    // Three entries of 25 euro: a pool of 75, all to first place.
    await expect(page.getByTestId("payouts-total")).toContainText("75.00");
    if (count < 2) await page.getByTestId("add-place").click();
    await amounts.nth(0).fill("50");
    await amounts.nth(1).fill("20");
    await expect(page.getByTestId("payouts-total")).toHaveClass(/error/);
    await amounts.nth(1).fill("25,00");
    await expect(page.getByTestId("payouts-total")).not.toHaveClass(/error/);
    await page.getByTestId("save-payouts").click();
    await expect(page.getByTestId("payouts-table").locator("tbody tr")).toHaveCount(2);
    await expect(page.getByTestId("payouts-table")).toContainText("50.00");
    await expect(page.getByTestId("payouts-table")).toContainText("25.00");

    // The receipt of a player: the buy-in with its method and split.
    await section(page, "players");
    const ann = page.getByTestId("players-panel").locator("[data-testid^='player-row-']").filter({ hasText: "Setup Ann" });
    await ann.locator("[data-testid^='receipt-']").click();
    await expect(page.getByTestId("receipt-name")).toHaveText("Setup Ann");
    await expect(page.getByTestId("receipt-tournament")).toHaveText("Setup e2e — Tuesday");
    await expect(page.getByTestId("receipt-amount-0")).toContainText("27.00");
    await expect(page.getByTestId("receipt-line-0")).toContainText("Transfer");
    await page.getByTestId("back-to-director").click();
    await expect(page.getByTestId("tournament-name")).toHaveText("Setup e2e — Tuesday");

    // The console switches to another tournament (the demo) and back.
    await consoleMenu(page);
    const pick = page.getByTestId("tournament-switch");
    await expect(pick).toHaveValue(id);
    await pick.selectOption({ label: DEMO });
    await expect(page.getByTestId("tournament-name")).toHaveText(DEMO);
    await expect(page).toHaveURL(/\/director\?t=\d+$/);
    // A new page: its select answers once the bundle has hydrated it.
    await hydrated(page);
    await consoleMenu(page);
    await page.getByTestId("tournament-switch").selectOption(id);
    await expect(page.getByTestId("tournament-name")).toHaveText("Setup e2e — Tuesday");
  } finally {
    await open(page, "/director/tournaments");
    await page.getByTestId(`archive-${id}`).click();
    await expect(page.getByTestId(`tournament-${id}`)).toHaveClass(/archived/);
  }

  // A typo at the desk is fixed in the club's list; both spellings find the player.
  await open(page, "/director/players");
  await page.getByTestId("player-search").fill("setup cas");
  const cas = page.getByTestId("club-player").filter({ hasText: "Setup Cas" });
  await expect(cas).toHaveCount(1);
  await cas.getByTestId("rename").click();
  await page.getByTestId("new-name").fill("Setup Casimir");
  await page.getByTestId("save-name").click();
  await expect(page.getByTestId("renamed")).toBeVisible();
  await expect(page.getByTestId("club-player").filter({ hasText: "Setup Casimir" })).toHaveCount(1);
  await page.getByTestId("player-search").fill("casimir");
  await expect(page.getByTestId("club-player")).toHaveText(/Setup Casimir/);
});
