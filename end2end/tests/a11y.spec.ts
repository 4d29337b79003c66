// Accessibility of every face at the size it is used, with axe-core (the engine behind
// Lighthouse's accessibility score) in the real Chromium: WCAG 2 A and AA rules, no violation
// allowed. A TD's tablet, a table's phone on the felt and a TV must all be readable and
// operable, contrast and names of controls included.
import AxeBuilder from "@axe-core/playwright";
import { test, expect, Page, open, signIn, section, tableLink } from "./support";

const PHONE = { width: 360, height: 740 };
const TV = { width: 1920, height: 1080 };

async function noViolations(page: Page, what: string) {
  const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze();
  const found = result.violations.map((v) => `${what}: ${v.id} (${v.impact}) ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(" | ")}`);
  expect(found).toEqual([]);
}

test("the director's console, every section, on a tablet", async ({ page }) => {
  // Seven axe runs over the largest page: about 12 s alone, and the first test of the run
  // (the console's chunk not yet cached) on a machine that may be busy with other builds.
  test.setTimeout(90_000);
  await signIn(page);
  for (const s of ["desk", "tables", "players", "clock", "money", "rulings", "results"] as const) {
    await section(page, s);
    await noViolations(page, `console ${s}`);
  }
});

test("the table's device, the player's pages and the landing page on a phone", async ({ browser }) => {
  const link = await tableLink(browser, 1);
  const page = await (await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true })).newPage();
  for (const [what, path] of [["table", link], ["player", "/player"], ["landing", "/"]]) {
    await open(page, path);
    await noViolations(page, what);
  }
});

test("the room screen on a TV", async ({ browser }) => {
  const page = await (await browser.newContext({ viewport: TV })).newPage();
  await open(page, "/screen");
  await noViolations(page, "screen");
});
