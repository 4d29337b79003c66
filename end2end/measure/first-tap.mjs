// How long a player waits for their seat when they tap "Find my seat" as soon as the page
// shows, on Lighthouse's throttled phone (150 ms round trip, 1.6 Mbit/s down, CPU 4x slower).
//   node end2end/measure/first-tap.mjs http://127.0.0.1:3000 [runs]
// Prints, per run: when the form showed, when the tap was made, and when the seat card
// showed (or "lost" when the tap did nothing within 20 s), in ms from navigation.
import { chromium } from "@playwright/test";

const base = process.argv[2] ?? "http://127.0.0.1:3000";
const runs = Number(process.argv[3] ?? 3);
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" });

// A player who is seated, and part of their name.
const probe = await browser.newPage();
const live = await (await probe.request.post(`${base}/api/get_view`)).json();
const player = live.view.players.find((p) => p.status === "playing" && p.seat);
await probe.close();
const typed = player.name.split(" ").slice(-1)[0];

for (let i = 0; i < runs; i++) {
  // A fresh context each run: nothing cached, as on a phone's first visit.
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  const start = Date.now();
  await page.goto(`${base}/player`, { waitUntil: "commit" });
  await page.getByTestId("find-name").waitFor();
  const shown = Date.now() - start;
  await page.getByTestId("find-name").fill(typed);
  await page.getByTestId("find-seat").tap();
  const tapped = Date.now() - start;
  let found = "lost";
  try {
    await page.getByTestId("seat-cards").getByText(player.name).waitFor({ timeout: 20000 });
    found = `${Date.now() - start} ms`;
  } catch {}
  const hydrated = await page.evaluate(() => document.body.dataset.hydrated === "1");
  console.log(`run ${i + 1}: form shown ${shown} ms, tapped ${tapped} ms, seat shown ${found} (hydrated by then: ${hydrated})`);
  await context.close();
}
await browser.close();
