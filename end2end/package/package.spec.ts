// The one-file package for clubs, started from an empty folder with nothing beside it: every
// face comes from inside the binary (precompressed and cached as in any release), hydrates (or
// runs light.js, on the players' light pages),
// and the evening's basic loop works: a table reports a bust and the director sees it.
import { test, expect, open, signIn, tablePage, bustFirst, seated, section } from "../tests/support";

test("every face loads from the binary and hydrates", async ({ page, request }) => {
  for (const path of ["/", "/player", "/screen", "/ranking"]) {
    await open(page, path);
  }
  // The pages' code: named by content, kept for good, sent compressed (from the TV's page: the
  // players' pages are light and load none, issue Z).
  const html = await (await request.get("/screen")).text();
  const wasm = html.match(/\/pkg\/clubtd\.[A-Za-z0-9_-]+\.wasm/);
  expect(wasm, "a content-hashed wasm").not.toBeNull();
  const res = await request.get(wasm![0], { headers: { "Accept-Encoding": "br" } });
  expect(res.status()).toBe(200);
  expect(res.headers()["content-encoding"]).toBe("br");
  expect(res.headers()["cache-control"]).toContain("immutable");
  // The light pages' script, from the binary too, compressed.
  expect(await (await request.get("/player")).text()).toContain('src="/light.js"');
  const light = await request.get("/light.js", { headers: { "Accept-Encoding": "br" } });
  expect(light.status()).toBe(200);
  expect(light.headers()["content-encoding"]).toBe("br");
});

test("a table reports a bust; the director sees one player fewer and backs up", async ({ browser }) => {
  const director = await (await browser.newContext()).newPage();
  await signIn(director);
  const left = Number(await director.getByTestId("players-left").textContent());
  const table = await tablePage(browser, 1);
  await expect(seated(table).first()).toBeVisible();
  await bustFirst(table);
  await expect(director.getByTestId("players-left")).toHaveText(String(left - 1));
  // The copy goes beside the database, in the user's data folder (the test's own HOME).
  await section(director, "results");
  await director.getByTestId("backup-now").click();
  await expect(director.getByTestId("backup-answer")).toContainText(process.env.EXPECT_BACKUP_DIR ?? "backups");
});
