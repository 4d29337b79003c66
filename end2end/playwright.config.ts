// Playwright against the real release server (started by scripts/test.sh) in the system
// Chromium: this machine cannot download Playwright's own browsers.
import { defineConfig, devices } from "@playwright/test";

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const firefox = process.env.FIREFOX_PATH ?? "/usr/bin/firefox-esr";

export default defineConfig({
  testDir: "./tests",
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [["list"]],
  use: {
    baseURL: process.env.BASE_URL ?? "http://127.0.0.1:3000",
    // A tap on something that never becomes actionable fails in seconds, not at the test's end.
    actionTimeout: 10_000,
    navigationTimeout: 15_000,
    trace: "off",
    launchOptions: {
      executablePath: chromium,
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-quic", "--no-first-run"],
    },
  },
  projects: [
    { name: "tablet", testIgnore: /(evening|screen|table-phone|bust-report|player-page|light|offline|restart)\.spec/, use: { ...devices["Desktop Chrome"], viewport: { width: 1024, height: 768 }, locale: "en-GB" } },
    // The table's device and the player's phone at 360×740 (its light pages too), and a table through a WiFi drop
    // and a server killed (-9) and restarted (its own server).
    { name: "phone", testMatch: /(table-phone|bust-report|player-page|light|offline|restart)\.spec/, use: { ...devices["Pixel 5"], viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, locale: "en-GB" } },
    // The room screen on a full-HD TV (its own tournament, archived at the end).
    { name: "tv", testMatch: /screen\.spec/, use: { ...devices["Desktop Chrome"], viewport: { width: 1920, height: 1080 }, locale: "en-GB" } },
    // The other engines' smoke suite (issue W.6) in Debian's Firefox ESR, driven over WebDriver
    // BiDi (Playwright's "moz-firefox" channel: no browser download). Playwright 1.65 asks
    // Firefox ESR 153 for a BiDi command it lacks: @playwright/test stays at 1.64.
    { name: "firefox", testMatch: /engines\.spec/, use: { browserName: "firefox", channel: "moz-firefox", viewport: { width: 1024, height: 768 }, locale: "en-GB", launchOptions: { executablePath: firefox } } },
    // The full evening makes a new tournament (the newest, shown by default): after the rest.
    { name: "evening", testMatch: /evening\.spec/, dependencies: ["tablet", "phone", "tv", "firefox"], use: { ...devices["Desktop Chrome"], viewport: { width: 1024, height: 768 }, locale: "en-GB" } },
  ],
});
