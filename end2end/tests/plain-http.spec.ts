// The club's WiFi is plain http (issue W.4): phones, tables and the TV reach the laptop at
// `http://<LAN address>:3000`, which browsers do not treat as a secure context (no service
// worker, no wake lock). Tried in a Chromium of its own that maps a name to loopback, so the
// page is at `http://clubtd.test:<port>`, not `localhost` (the server allows that name:
// CLUBTD_ALLOWED_HOSTS in scripts/test.sh). The TV stays awake by its silent video, and the
// QR sheet tells the TD what the devices lose and how to have it all on the TV and tablets.
import { test, expect, open, signIn } from "./support";
import { chromium } from "@playwright/test";

const NAME = "clubtd.test";

test("on plain http the TV keeps awake by a video, and the QR sheet says what the devices lose", async ({ baseURL }) => {
  const port = new URL(baseURL!).port;
  const base = `http://${NAME}:${port}`;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", `--host-resolver-rules=MAP ${NAME} 127.0.0.1`],
  });
  try {
    const tv = await (await browser.newContext({ baseURL: base, viewport: { width: 1920, height: 1080 } })).newPage();
    await open(tv, "/screen");
    const context = await tv.evaluate(() => ({
      secure: window.isSecureContext,
      worker: "serviceWorker" in navigator,
      lock: "wakeLock" in navigator,
    }));
    expect(context).toEqual({ secure: false, worker: false, lock: false });
    // The tap that takes the TV full screen starts the video that keeps it awake.
    await tv.mouse.click(960, 540);
    const video = tv.getByTestId("keep-awake");
    await expect(video).toHaveCount(1);
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => !v.paused && v.currentTime > 0), { timeout: 10_000 }).toBe(true);

    // The TD, on a tablet through the same WiFi: the QR sheet names the address and what it costs.
    const desk = await (await browser.newContext({ baseURL: base, viewport: { width: 1024, height: 768 } })).newPage();
    await signIn(desk);
    await open(desk, "/director/tables");
    const note = desk.getByTestId("plain-http");
    await expect(note).toBeVisible();
    await expect(note).toContainText(base);
    await expect(note).toContainText(`http://localhost:${port}/screen`);
  } finally {
    await browser.close();
  }
});

test("on the laptop itself (localhost) the QR sheet has no such note", async ({ page }) => {
  await signIn(page);
  await open(page, "/director/tables");
  await expect(page.getByTestId("table-link-1")).toBeVisible();
  // The test server listens on 127.0.0.1 only: its links for phones are that address, a
  // secure context for the browser on the same machine.
  expect(new URL(page.url()).hostname).toBe("127.0.0.1");
  await expect(page.getByTestId("plain-http")).toHaveCount(0);
});
