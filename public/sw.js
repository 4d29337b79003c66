// clubtd's service worker (issue N): a face opens without a network after one visit.
//
// - Pages (navigations): from the network when it answers, kept for the next time; from the
//   copy kept when it does not (a table's phone during a WiFi drop). The page then shows the
//   last view it kept itself, marked with its age, and sends what waits in its outbox when
//   the network returns.
// - The app's code and style (`/pkg/`, named by their content, so a new build has new names):
//   from the copy kept, fetched once. A page and its files always belong to one build: an old
//   page asks for its own files, still kept; a new page for new ones. Icons, sounds, the
//   manifest and the light pages' scripts (`/light.js`, `/light-table.js`): like pages, fresh when the network
//   answers.
// - Live data (`/live/`, `/view/`, `/api/`, exports): never from here; pages keep their own.
const PAGES = "clubtd-pages-v1";
const FILES = "clubtd-files-v1";
// Old builds' files are dropped beyond this many.
const FILES_KEPT = 120;
// A page that takes longer than this counts as no network (a WiFi that is there but dead).
const PAGE_TIMEOUT_MS = 4000;

self.addEventListener("install", () => self.skipWaiting());

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((n) => n !== PAGES && n !== FILES).map((n) => caches.delete(n))))
      .then(() => self.clients.claim())
      .then(keepOpenPages),
  );
});

// The pages open when this worker took over are kept at once, with the app's files they
// name: they were loaded before any worker could keep them, and a table's phone that opened
// its link once (the visit that installed the worker) must reload during a drop.
async function keepOpenPages() {
  const windows = await self.clients.matchAll({ type: "window" });
  const pages = await caches.open(PAGES);
  await Promise.all(
    windows.map(async (client) => {
      const url = new URL(client.url);
      if (url.origin !== self.location.origin) return;
      try {
        const answer = await fetch(url, { credentials: "same-origin" });
        if (answer.status !== 200 || answer.redirected) return;
        const html = await answer.clone().text();
        await pages.put(url, answer);
        const files = new Set(html.match(/\/pkg\/[^"'\s)<>]+/g) ?? []);
        await Promise.all([...files].filter((f) => HASHED.test(f)).map((f) => keptFirst(new Request(f)).catch(() => {})));
        // A light page's scripts (not named by their content): kept as they are now.
        const scripts = new Set(html.match(LIGHT_SCRIPTS) ?? []);
        const kept = await caches.open(FILES);
        await Promise.all([...scripts].map((f) => fetch(f).then((a) => a.status === 200 && kept.put(f, a)).catch(() => {})));
      } catch (_offline) {
        // Nothing to keep now; the next visit keeps it.
      }
    }),
  );
}

// The light pages' scripts (issue Z): /light.js, and the table's /light-table.js.
const LIGHT_SCRIPTS = /\/light(-table)?\.js/g;

// Files named by their content (`clubtd.<hash>.js`): the same name is always the same bytes.
const HASHED = /^\/pkg\/[^/]+\.[A-Za-z0-9_-]{8,}\.(js|wasm|css)$/;

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (/^\/(live|view|api|export|backup|import)\b/.test(url.pathname) || url.pathname === "/sw.js") return;
  // A media element's range request (a chime): the network's own answer, a 206 no cache keeps.
  if (request.headers.has("range")) return;
  if (HASHED.test(url.pathname)) {
    event.respondWith(keptFirst(request));
  } else if (request.mode === "navigate") {
    event.respondWith(networkFirst(request, PAGES, PAGE_TIMEOUT_MS));
  } else if (/^\/(pkg|sounds|icons)\/|\.(svg|png|ico|webmanifest)$|^\/light(-table)?\.js$/.test(url.pathname) || url.pathname.startsWith("/manifest")) {
    event.respondWith(networkFirst(request, FILES, PAGE_TIMEOUT_MS));
  }
});

/** From the network when it answers in time (and kept), else the copy kept. */
async function networkFirst(request, name, timeout) {
  const cache = await caches.open(name);
  try {
    const answer = await Promise.race([
      fetch(request),
      new Promise((_, fail) => setTimeout(() => fail(new Error("timeout")), timeout)),
    ]);
    // A sign-in page the server sent instead (a redirect) is not the page asked for.
    if (answer.status === 200 && !answer.redirected) await cache.put(request, answer.clone());
    return answer;
  } catch (offline) {
    const kept = (await cache.match(request)) ?? (await cache.match(request, { ignoreSearch: true }));
    if (kept) return kept;
    throw offline;
  }
}

/** The copy kept, else the network (and kept, the oldest dropped beyond `FILES_KEPT`). */
async function keptFirst(request) {
  const cache = await caches.open(FILES);
  const kept = await cache.match(request);
  if (kept) return kept;
  const answer = await fetch(request);
  if (answer.status === 200) {
    await cache.put(request, answer.clone());
    const keys = await cache.keys();
    for (const old of keys.slice(0, Math.max(0, keys.length - FILES_KEPT))) await cache.delete(old);
  }
  return answer;
}
