// Playwright against the club package (scripts/test-package.sh starts the one-file binary from
// an empty folder): the faces load and hydrate, and a table reports a bust.
import { defineConfig, devices } from "@playwright/test";
import base from "./playwright.config";

export default defineConfig({
  ...base,
  testDir: "./package",
  projects: [{ name: "package", use: { ...devices["Desktop Chrome"], viewport: { width: 1024, height: 768 }, locale: "en-GB" } }],
});
