// Screenshots of every face at phone and tablet size, kept as test artefacts in
// end2end/test-results/screenshots/ (after the other specs, on the same demo evening).
import { test, expect, Page } from "@playwright/test";

const PIN = process.env.DIRECTOR_PIN ?? "2468";
const SIZES = { phone: { width: 390, height: 844 }, tablet: { width: 1024, height: 768 } };

async function open(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator("body[data-hydrated='1']")).toHaveCount(1);
}

for (const [size, viewport] of Object.entries(SIZES)) {
  test(`every face at ${size} size`, async ({ browser }) => {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await open(page, "/director");
    await page.getByTestId("pin").fill(PIN);
    await page.getByTestId("sign-in").click();
    await expect(page.getByTestId("tournament-name")).toBeVisible();
    await page.screenshot({ path: `test-results/screenshots/director-${size}.png`, fullPage: true });
    await open(page, "/director/tables");
    const table = await page.getByTestId("table-link-1").getAttribute("href");
    for (const [face, path] of [["table", table!], ["player", "/player"], ["screen", "/screen"], ["landing", "/"]]) {
      await open(page, path);
      await page.screenshot({ path: `test-results/screenshots/${face}-${size}.png`, fullPage: true });
    }
    await context.close();
  });
}
