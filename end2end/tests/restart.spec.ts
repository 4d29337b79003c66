// Never lose a tap (issue N) through a server crash: a table's taps made while the server is
// killed (-9) wait on the device and are recorded exactly once when it is back. This spec
// starts its own server (the release binary, its own database and port) so it can kill it.
import { spawn, ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { test, expect, open, seated, PIN } from "./support";
import type { Browser, BrowserContextOptions, Page, Route } from "@playwright/test";

const repo = path.resolve(__dirname, "../..");
const bin = process.env.CLUBTD_BIN ?? path.join(repo, "target/release/clubtd");
const port = Number(process.env.CLUBTD_RESTART_PORT ?? 3957);
const base = `http://127.0.0.1:${port}`;
const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, locale: "en-GB" };

let dir = "";
let server: ChildProcess | undefined;

async function start() {
  server = spawn(bin, ["--addr", `127.0.0.1:${port}`, "--db", path.join(dir, "clubtd.sqlite"), "--log", "warn"], {
    env: { ...process.env, CLUBTD_DIRECTOR_PIN: PIN, LEPTOS_ENV: "PROD", LEPTOS_SITE_ROOT: path.join(repo, "target/site") },
    stdio: "ignore",
  });
  await expect
    .poll(async () => (await fetch(`${base}/view/current`).catch(() => null))?.status ?? 0, { timeout: 20_000 })
    .toBe(200);
}

function kill() {
  server?.kill("SIGKILL");
  server = undefined;
}

test.beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "clubtd-restart-"));
  await start();
});

test.afterAll(() => {
  kill();
  rmSync(dir, { recursive: true, force: true });
});

/** The live view as every page gets it: `{ tournament, last_seq, view }`. */
async function live(page: Page): Promise<any> {
  return (await page.request.get(`${base}/view/current`)).json();
}

/** The director, signed in on this server, and table 1's page opened from its QR link. */
async function directorAndTable(browser: Browser, table: BrowserContextOptions = {}): Promise<{ director: Page; table: Page }> {
  const director = await (await browser.newContext({ baseURL: base })).newPage();
  await open(director, `${base}/director`);
  if (new URL(director.url()).pathname === "/director/sign-in") {
    await director.getByTestId("pin").fill(PIN);
    await director.getByTestId("sign-in").click();
    await director.waitForURL((url) => url.pathname === "/director");
  }
  await open(director, `${base}/director/tables`);
  const link = (await director.getByTestId("table-link-1").getAttribute("href"))!;
  const page = await (await browser.newContext({ ...PHONE, ...table })).newPage();
  await open(page, `${base}${link}`);
  return { director, table: page };
}

test("taps made while the server is killed are recorded once when it is back", async ({ browser }) => {
  const { director, table } = await directorAndTable(browser);
  const before = await seated(table).count();

  kill();
  const out = seated(table).first();
  const player = Number((await out.getAttribute("data-testid"))!.replace("bust-out-", ""));
  await out.click();
  await table.locator("[data-testid^='bust-win-']").nth(1).click();
  await table.getByTestId("bust-confirm").click();
  await expect(table.getByTestId("answer")).toHaveAttribute("data-queued", "1");
  await expect(table.getByTestId("outbox-item")).toHaveCount(1);

  await start();
  // The live stream reconnects by itself and the outbox sends at once.
  await expect(seated(table)).toHaveCount(before - 1, { timeout: 30_000 });
  await expect(table.getByTestId("outbox")).toHaveCount(0);
  const v = await live(table);
  expect(v.view.players.find((p: any) => p.player === player).status).toBe("busted");
  const events = await (await director.request.get(`${base}/api/v1/tournaments/${v.tournament}/events?after=0`)).json();
  const busts = events.filter((e: any) => e.event.type === "busts_recorded" && e.event.busts.some((b: any) => b.player === player));
  expect(busts).toHaveLength(1);
  expect(busts[0].actor).toBe("table:1");
});

test("a live stream answered with an error status while the server restarts comes back by itself", async ({ browser }) => {
  // Without the service worker the test sees every request the page makes.
  const { director, table } = await directorAndTable(browser, { serviceWorkers: "block" });
  const before = await seated(table).count();
  // While the server is down its address answers 503 (a proxy, a restart behind one): a
  // browser closes a stream answered so for good and never tries again by itself.
  let refused = 0;
  const refuse = (route: Route) => {
    refused += 1;
    return route.fulfill({ status: 503, body: "restarting" });
  };
  await table.context().route("**/live/**", refuse);
  kill();
  await expect.poll(() => refused, { timeout: 20_000 }).toBeGreaterThan(0);
  await start();
  await table.context().unroute("**/live/**", refuse);
  // The room goes on (a bust reported at the desk): the page catches up without a reload.
  const v = await live(table);
  const seats = v.view.tables.find((t: any) => t.table === 1).seats;
  const answer = await director.request.post(`${base}/api/v1/tournaments/${v.tournament}/commands`, {
    headers: { Origin: base },
    data: { command_id: crypto.randomUUID(), command: { type: "report_busts", table: 1, busts: [{ player: seats[0].player, eliminators: [seats[1].player] }] } },
  });
  expect(answer.ok(), await answer.text()).toBeTruthy();
  await expect(seated(table)).toHaveCount(before - 1, { timeout: 30_000 });
  await expect(table.getByTestId("offline")).toHaveCount(0);
});
