// What every spec does to reach a face: open a page and wait for hydration, sign in as the
// director, open a table's own device from the QR sheet (as a phone).
import { expect, Page, Browser, BrowserContextOptions } from "@playwright/test";

export const PIN = process.env.DIRECTOR_PIN ?? "2468";

export async function open(page: Page, path: string) {
  await page.goto(path);
  // Set by the app once the wasm bundle has hydrated the page.
  await expect(page.locator("body[data-hydrated='1']")).toHaveCount(1);
}

export async function signIn(page: Page) {
  await open(page, "/director");
  await page.getByTestId("pin").fill(PIN);
  await page.getByTestId("sign-in").click();
  await expect(page.getByTestId("tournament-name")).toBeVisible();
}

/** The table's own device, paired from the director's QR sheet, on a phone. */
export async function tablePage(
  browser: Browser,
  table: number,
  phone: BrowserContextOptions = { viewport: { width: 390, height: 844 } },
): Promise<Page> {
  const director = await (await browser.newContext()).newPage();
  await signIn(director);
  await open(director, "/director/tables");
  const href = await director.getByTestId(`table-link-${table}`).getAttribute("href");
  await director.context().close();
  const page = await (await browser.newContext(phone)).newPage();
  await open(page, href!);
  return page;
}
