// The club beyond one tournament, in the browser against the real server with the demo:
// copy the demo's configuration into a new tournament, register in it through `?t=`, archive
// it (the faces' default goes back to the demo, which the other spec files expect), then the
// desk suggests the club player as the director types in the demo, and the ranking renders.
import { test, expect, open, signIn } from "./support";

const DEMO = "Demo — Maandagavond";

test("copy a tournament, register in it by ?t=, archive it, and the desk suggests the player", async ({ page }) => {
  await signIn(page, DEMO);
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
  await expect(page.getByText("10 × √entries ÷ √place")).toBeVisible();
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
