// Screenshots of every face at phone and tablet size, kept as test artefacts in
// end2end/test-results/screenshots/ (after the other specs, on the same demo evening).
import { test, open, signIn } from "./support";

const SIZES = { phone: { width: 390, height: 844 }, tablet: { width: 1024, height: 768 } };

for (const [size, viewport] of Object.entries(SIZES)) {
  test(`every face at ${size} size`, async ({ browser }) => {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await signIn(page);
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
