// The director's sessions: "sign out everywhere" on one tablet ends the other devices'
// sessions too (a tablet left signed in at the bar), after a second tap.
import { test, expect, open, signIn, section } from "./support";

test("sign out everywhere ends every director's session, after a second tap", async ({ browser }) => {
  const tablet = await (await browser.newContext()).newPage();
  const laptop = await (await browser.newContext()).newPage();
  await signIn(tablet);
  await signIn(laptop);

  await section(tablet, "clock");
  await tablet.getByTestId("sign-out-everywhere").click();
  // The first tap only asks.
  await expect(tablet).toHaveURL(/\/director(\?|#|$)/);
  await tablet.getByTestId("sign-out-everywhere-confirm").click();
  await tablet.waitForURL((url) => url.pathname === "/director/sign-in");

  // The other device is out too: its next page load goes to the PIN form.
  await open(laptop, "/director");
  expect(new URL(laptop.url()).pathname).toBe("/director/sign-in");

  // Signing in again works; "sign out" ends this device only.
  await signIn(tablet);
  await signIn(laptop);
  await section(laptop, "clock");
  await laptop.getByTestId("sign-out").click();
  await laptop.waitForURL((url) => url.pathname === "/director/sign-in");
  await open(tablet, "/director");
  expect(new URL(tablet.url()).pathname).toBe("/director");
  await tablet.context().close();
  await laptop.context().close();
});
