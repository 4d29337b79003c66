// Session 32's look around (not committed): the guided rulings as a table runs them on a phone
// (360 px, Firefox and Chromium, Dutch) and as the TD sees them at the desk (1024 px).
import { chromium, firefox } from "@playwright/test";
import fs from "node:fs";

const BASE = process.env.BASE ?? "http://127.0.0.1:3918";
const PIN = "246813";
const OUT = "/tmp/explore32";
fs.mkdirSync(OUT, { recursive: true });
const engine = process.argv[2] ?? "firefox";
const flow = process.argv[3] ?? "unattention_bet";
const b = engine === "firefox"
  ? await firefox.launch({ channel: "moz-firefox", executablePath: "/usr/bin/firefox-esr" })
  : await chromium.launch({ executablePath: "/usr/bin/chromium" });
const ffOpts = engine === "firefox" ? { colorScheme: null, reducedMotion: null, forcedColors: null, contrast: null } : {};
const dutch = [{ name: "i18n_pref_locale", value: "nl", url: BASE }];
const hydrated = (p) => p.locator("body[data-hydrated='1']").waitFor({ timeout: 20000 });
let step = 0;
const shot = (page, name, full = true) => page.screenshot({ path: `${OUT}/${engine}-${flow}-${String(step++).padStart(2, "0")}-${name}.png`, fullPage: full });

const tablet = await b.newContext({ baseURL: BASE, viewport: { width: 1024, height: 768 }, ...ffOpts });
await tablet.addCookies(dutch);
const desk = await tablet.newPage();
await desk.goto("/director/sign-in");
await hydrated(desk);
await desk.getByTestId("pin").fill(PIN);
await desk.getByTestId("sign-in").click();
await desk.waitForURL((u) => u.pathname === "/director");
await hydrated(desk);
const links = await (await desk.request.post("/api/table_links")).json();
const phone = await b.newContext({ baseURL: BASE, viewport: { width: 360, height: 740 }, hasTouch: true, ...(engine === "firefox" ? ffOpts : { isMobile: true }) });
await phone.addCookies(dutch);
const t = await phone.newPage();
await t.goto(links[0].path);
await t.waitForTimeout(800);
await shot(t, "table");
await t.getByTestId("call-director").click();
await t.waitForTimeout(500);
await shot(t, "called", false);
await t.getByTestId(`situation-${flow}`).click();
// Walk the flow: answer each question with the first choice / yes / a plausible number.
for (let i = 0; i < 14; i++) {
  await t.waitForTimeout(400);
  if ((await t.getByTestId("ruling").count()) > 0) break;
  const q = await t.getByTestId("question").first().textContent().catch(() => "?");
  await shot(t, `q${i}`, false);
  console.log("Q", i, q);
  if (await t.getByTestId("answer-amount").count()) {
    await t.getByTestId("answer-amount").fill(String([200, 200, 600, 200, 5000][i % 5]));
    await t.getByTestId("answer-ok").click();
  } else if (await t.getByTestId("answer-yes").count()) {
    await t.getByTestId(i % 2 ? "answer-no" : "answer-yes").click();
  } else if (await t.locator("[data-testid^='answer-seat-']").count()) {
    await t.locator("[data-testid^='answer-seat-']").first().fill("2");
    await t.getByTestId("answer-ok").click();
  } else {
    const opts = t.locator("[data-testid^='answer-']:not([data-testid='answer-back'])");
    if (!(await opts.count())) break;
    await opts.first().click();
  }
}
await shot(t, "ruling", false);
await shot(t, "ruling-full");
console.log("ruling:", await t.getByTestId("ruling-text").textContent().catch(() => "none"));
await t.getByTestId("record-ruling").click().catch(() => {});
await t.waitForTimeout(1200);
await shot(t, "recorded", false);
await desk.getByTestId("tab-rulings").click();
await desk.waitForTimeout(800);
await shot(desk, "desk-rulings");
await b.close();
