// The club beyond one tournament, in the browser against the real server with the demo:
// copy the demo's configuration into a new tournament, register in it through `?t=`, archive
// it (the faces' default goes back to the demo, which the other spec files expect), then the
// desk suggests the club player as the director types in the demo, the ranking renders, and the
// director chooses the season's points rule.
import { test, expect, open, signIn, section, newTournamentFromPage, openDetails, consoleMenu } from "./support";

const DEMO = "Demo — Maandagavond";

test("copy a tournament, register in it by ?t=, archive it, and the desk suggests the player", async ({ page }) => {
  await signIn(page, DEMO);
  await consoleMenu(page);
  await page.getByTestId("tournaments-link").click();
  await expect(page.getByTestId("tournament-list")).toBeVisible();
  await page.getByTestId("new-name").fill("Club e2e copy");
  await page.getByTestId("new-source").selectOption({ label: `Settings of “${DEMO}”` });
  await page.getByTestId("new-create").click();
  const open_link = page.getByTestId("created").locator("a");
  await expect(open_link).toHaveAttribute("href", /^\/director\?t=\d+$/);
  const href = (await open_link.getAttribute("href"))!;
  const id = href.split("t=")[1];
  try {
    await open(page, href);
    await expect(page.getByTestId("tournament-name")).toHaveText("Club e2e copy");
    await page.getByTestId("reg-name").fill("Chloé Suggestion");
    // The desk's suggestions open as the name is typed; the name must still be there to send.
    await expect(page.getByTestId("reg-name")).toHaveValue("Chloé Suggestion");
    await page.getByTestId("reg-submit").click();
    await expect(page.getByTestId("seat-drawn")).toContainText("Chloé Suggestion");
    // The same name again, typed while the club's suggestions are open: once sent, the list
    // closes and the desk's same-name question is what the director sees, nothing over it.
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.getByTestId("reg-name").pressSequentially("Chloé Suggestion");
    await expect(page.getByTestId("suggestion").filter({ hasText: "Chloé Suggestion" })).toBeVisible();
    await page.getByTestId("reg-submit").click();
    const question = page.getByTestId("same-name");
    await expect(question).toBeVisible();
    await expect(page.getByTestId("suggestions")).toHaveCount(0);
    const confirm = page.getByTestId("reg-same-name-confirm");
    await confirm.scrollIntoViewIfNeeded();
    const box = (await confirm.boundingBox())!;
    const onTop = await page.evaluate(
      ([x, y]) => document.elementFromPoint(x, y)?.closest("[data-testid='reg-same-name-confirm']") !== null,
      [box.x + box.width / 2, box.y + box.height / 2],
    );
    expect(onTop).toBe(true);
    await page.screenshot({ path: "test-results/desk-same-name-after-suggestions.png" });
    // The name stays for the director to change or confirm: nothing was sent twice.
    await expect(page.getByTestId("reg-name")).toHaveValue("Chloé Suggestion");
  } finally {
    await open(page, "/director/tournaments");
    await page.getByTestId(`archive-${id}`).click();
    await expect(page.getByTestId(`tournament-${id}`)).toHaveClass(/archived/);
  }
  // The demo is the default again; its desk suggests the club player as the director types.
  await open(page, "/director");
  await expect(page.getByTestId("tournament-name")).toHaveText(DEMO);
  await page.getByTestId("reg-name").pressSequentially("chloe sug");
  const suggestion = page.getByTestId("suggestion").filter({ hasText: "Chloé Suggestion" });
  await expect(suggestion).toBeVisible();
  await suggestion.click();
  await expect(page.getByTestId("reg-name")).toHaveValue("Chloé Suggestion");
  await expect(page.getByTestId("suggestions")).toHaveCount(0);
});

test("the season ranking is public and explains its points", async ({ page }) => {
  await open(page, "/ranking");
  await expect(page.getByTestId("season")).toContainText(String(new Date().getUTCFullYear()));
  await expect(page.getByTestId("points-in-words")).toHaveText(
    "Points per tournament: 10 × √field ÷ √place, rounded (at least 1). The field counts the entries, re-entries included. Only finished tournaments count.",
  );
});

test("the director chooses the season's points, and /ranking says them in words", async ({ page }) => {
  await signIn(page, DEMO);
  await open(page, "/director/tournaments");
  const panel = page.getByTestId("points-rule");
  const words = panel.getByTestId("points-in-words");
  await expect(words).toContainText("10 × √field ÷ √place");
  try {
    // A fixed table, typed with a slip first: second may not score more than first.
    await panel.getByTestId("points-formula-per_place").check();
    await panel.getByTestId("points-table").fill("25, 30, 15");
    await panel.getByTestId("points-save").click();
    await expect(panel.locator("[data-code='INVALID_POINTS_RULE']")).toBeVisible();
    await expect(panel.getByTestId("points-table")).toHaveAttribute("aria-invalid", "true");
    await panel.getByTestId("points-table").fill("25, 18, 15, 12, 10");
    await panel.getByTestId("points-others").fill("2");
    await expect(panel.locator("[data-code='INVALID_POINTS_RULE']")).toHaveCount(0);
    await expect(words).toContainText("Points per place: 25, 18, 15, 12, 10 for places 1 to 5; 2 for every other place.");
    await panel.getByTestId("points-save").click();
    await expect(panel.getByTestId("points-saved")).toBeVisible();
    await page.screenshot({ path: "test-results/points-rule-form.png", fullPage: true });

    // The public page says it, in Dutch too.
    await open(page, "/ranking");
    await page.locator("button[data-lang='nl']").click();
    await expect(page.getByTestId("points-in-words")).toHaveText(
      "Punten per plaats: 25, 18, 15, 12, 10 voor plaats 1 tot 5; 2 voor elke andere plaats. Enkel afgelopen toernooien tellen.",
    );

    // Back at the form, the stored rule is what it shows; then points per player beaten.
    await open(page, "/director/tournaments");
    await expect(panel.getByTestId("points-table")).toHaveValue("25, 18, 15, 12, 10");
    await panel.getByTestId("points-formula-beaten").check();
    await panel.getByTestId("points-per-player").fill("2");
    await panel.getByTestId("points-money-bonus").fill("10");
    await panel.getByTestId("points-field").selectOption("players");
    await expect(words).toHaveText(
      "Punten per toernooi: 2 voor elke speler van het veld die na je eindigde, plus 10 voor een plaats in het geld. Het veld telt de spelers, elk één keer. Enkel afgelopen toernooien tellen.",
    );
    await panel.getByTestId("points-save").click();
    await expect(panel.getByTestId("points-saved")).toBeVisible();
    await open(page, "/ranking");
    await expect(page.getByTestId("points-in-words")).toContainText("2 voor elke speler van het veld");
  } finally {
    // The club's default again, for the other specs.
    await open(page, "/director/tournaments");
    await panel.getByTestId("points-formula-sqrt").check();
    await panel.getByTestId("points-field").selectOption("entries");
    await panel.getByTestId("points-save").click();
    await expect(panel.getByTestId("points-saved")).toBeVisible();
  }
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  for (const path of ["/director/tournaments", "/director/players", "/ranking"]) {
    test(`${path} fits the screen with touch-sized actions`, async ({ page }) => {
      await signIn(page, DEMO);
      await open(page, path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      // Every button and select is at least 40 px high (the small links) — most are 48.
      const heights = await page.locator("main button, main select, main input").evaluateAll((els) =>
        els.map((e) => (e as HTMLElement).getBoundingClientRect().height).filter((h) => h > 0),
      );
      for (const h of heights) expect(h).toBeGreaterThanOrEqual(40);
    });
  }
});

test("the club's chips: entered once, the settings check the structure, the desk hands over a stack", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO);
  const { href, id } = await newTournamentFromPage(page, "Chips e2e", "evening", 1);
  const panel = page.getByTestId("chip-set");
  try {
    await open(page, "/director/tournaments");
    const chips: [string, string, string][] = [
      ["25", "300", "groen"], ["100", "400", "zwart"], ["500", "300", "rood"], ["1000", "400", "geel"], ["5000", "100", "blauw"],
    ];
    for (const [value, count, colour] of chips) {
      await panel.getByTestId("chip-add").click();
      const row = panel.getByTestId("chip-row").last();
      await row.getByTestId("chip-value").fill(value);
      await row.getByTestId("chip-count").fill(count);
      await row.getByTestId("chip-colour").fill(colour);
    }
    // A typo first: a value that is no number names its row.
    await panel.getByTestId("chip-row").nth(2).getByTestId("chip-value").fill("5OO");
    await panel.getByTestId("chip-save").click();
    await expect(panel.locator("[data-code='INVALID_CHIP_SET']")).toContainText("3");
    await panel.getByTestId("chip-row").nth(2).getByTestId("chip-value").fill("500");
    await panel.getByTestId("chip-save").click();
    await expect(panel.getByTestId("chip-saved")).toBeVisible();

    // The settings check the club's structure: its first colour-up leaves 150 unmakeable.
    await open(page, href);
    await section(page, "clock");
    await openDetails(page.getByTestId("settings"));
    const plan = page.getByTestId("chip-plan");
    await expect(plan.getByTestId("stack-chips")).toContainText("8 × 25 (groen)");
    await expect(plan.getByTestId("chip-warning").first()).toContainText("150 cannot be made with the chips still in play (the smallest is 100)");
    await plan.screenshot({ path: "test-results/chip-plan.png" });

    // The desk: the chips to hand over with the seat.
    await section(page, "desk");
    await page.getByTestId("reg-name").fill("Chip Chaplin");
    await page.getByTestId("reg-submit").click();
    await expect(page.getByTestId("seat-drawn")).toContainText("Chip Chaplin");
    await expect(page.getByTestId("desk-stack-chips")).toContainText("8 × 25 (groen)");
  } finally {
    // No chip set again (the other specs expect none), and the tournament archived.
    await open(page, "/director/tournaments");
    while ((await panel.getByTestId("chip-row").count()) > 0) {
      await panel.getByTestId("chip-remove").first().click();
    }
    await panel.getByTestId("chip-save").click();
    await expect(panel.getByTestId("chip-saved")).toBeVisible();
    await page.getByTestId(`archive-${id}`).click();
    await expect(page.getByTestId(`tournament-${id}`)).toHaveClass(/archived/);
  }
});
