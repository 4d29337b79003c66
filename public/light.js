// clubtd's light pages (issue Z): the code of the phone faces, /player, /me/…, the sign-up
// door (/signup, /signup/…) and the table's device (/table/<n>, which adds light-table.js).
//
// Those pages are rendered whole by the server (the same Leptos components as ever) and
// carry no wasm: a phone on a crowded club WiFi gets its page and can read it at once, with a
// few kilobytes of this file instead of the app's 600 KB bundle. What a phone does there is
// read, so this file keeps the page live and leaves the rendering to the server:
//
// - the live stream (`/live/<id>`) announces each new event number; the page then fetches
//   itself again and puts the server's new <main> in place of its own (a burst of events
//   costs two fetches: one under way, one after it);
// - the stream reopens by itself after a break (about 1 s, 2 s, 4 s … 15 s, spread a little,
//   and at once when the browser says the network is back), as `ui/live_stream.rs` does for
//   the app's pages; its first message is the last event number, which catches the page up;
// - the clock's time left and the time to the break tick every second between events
//   (`data-count-ms`, `data-running`), and the page asks again when a level runs out;
// - a move that appears on the page chimes and vibrates (after the page's first tap, as the
//   browsers allow) and the title says it (the server renders the title);
// - offline, a banner says so (its words come with the page, `data-offline`);
// - a form marked `data-light-command` is sent to its server function (`data-light-action`:
//   no `action` of its own, so a tap before this file runs only reloads the page) once (its button disabled while in flight)
//   with a command id made at the tap (kept for retries of the same form, new once its fields
//   change or it was refused), and a refusal shows beside the button in words;
// - the sign-up door's few habits, by marks the server renders: a place the phone keeps
//   (`data-light-kept`, `-keep`, `-go`, `-forget`: local storage), a question asked once before
//   a second place (`data-light-ask-if-kept`, `data-light-ask`, `data-light-echo`), two taps
//   to leave the queue (`data-light-arm`), the name's limit said (`data-light-full-of`), and
//   the page asked again when the door opens (`data-light-refresh-in-ms`).
//
// Marks the body `data-hydrated="1"` once it runs, as the app's pages do (tests, CSS).
"use strict";

const LONGEST_PAUSE_MS = 15000;

/** The live mark the server rendered in <main>: the stream's address and the event shown. */
function mark() {
  return document.querySelector("main [data-live-stream]");
}

/** `mm:ss` (or `h:mm:ss`), rounded up, as `ui::components::format_ms`. */
export function formatMs(ms) {
  const s = Math.floor((Math.max(0, ms) + 999) / 1000);
  const h = Math.floor(s / 3600), m = Math.floor(s / 60) % 60, r = s % 60;
  const two = (n) => String(n).padStart(2, "0");
  return h > 0 ? `${h}:${two(m)}:${two(r)}` : `${two(m)}:${two(r)}`;
}

// --- The page, fetched again -------------------------------------------------------------

let fetching = false;
let stale = false;
/** When the page's figures arrived (performance.now), for the countdowns. */
let receivedAt = performance.now();

export async function refresh() {
  if (fetching) {
    stale = true;
    return;
  }
  fetching = true;
  try {
    const answer = await fetch(location.href, { cache: "no-store", credentials: "same-origin" });
    if (answer.ok) {
      const html = await answer.text();
      everOnline = true;
      swapWhenLifted(new DOMParser().parseFromString(html, "text/html"));
      setOnline(true);
    }
  } catch (_offline) {
    setOnline(false);
  } finally {
    fetching = false;
    if (stale) {
      stale = false;
      refresh();
    }
  }
}

// A tap is a press and a release on the same button: a page put in place between the two
// loses it (the release lands on the new page's copy, and no click follows), and on a table's
// phone the room's live updates come every few seconds. So a fetched page waits for the
// finger to lift, and goes in right after the tap's click (a scroll ends the press too);
// a press that never ends holds it back at most two seconds.
let pressed = false;
let waiting = null;
let holdTimer = 0;
const HOLD_AT_MOST_MS = 2000;
function swapWhenLifted(next) {
  if (!pressed) return swap(next);
  if (waiting === null) holdTimer = setTimeout(swapWaiting, HOLD_AT_MOST_MS);
  waiting = next;
}
function swapWaiting() {
  clearTimeout(holdTimer);
  const next = waiting;
  waiting = null;
  if (next) swap(next);
}
document.addEventListener("pointerdown", () => (pressed = true), true);
for (const end of ["pointerup", "pointercancel"]) {
  document.addEventListener(end, () => {
    pressed = false;
    // After the click this release brings (dispatched before the next task).
    if (waiting) setTimeout(swapWaiting, 0);
  }, true);
}

/** Puts the fetched page's <main> and title in place; what the person is typing stays. */
function swap(next) {
  const fresh = next.querySelector("main");
  const old = document.querySelector("main");
  if (!fresh || !old) return;
  const chimeBefore = chimeText(document);
  const focused = document.activeElement;
  const typing = focused && focused.name && old.contains(focused) && /^(INPUT|TEXTAREA)$/.test(focused.tagName)
    ? { name: focused.name, value: focused.value, start: focused.selectionStart, end: focused.selectionEnd }
    : null;
  // What the person filled in the page's forms (a name typed, a way to pay picked) and the
  // command id of a form not yet answered stay through the refresh.
  // Only what the person changed: a field as the server rendered it takes the new rendering
  // (a table's chip count shows the stacks the tournament keeps).
  const formKey = (f) => f.dataset.lightCommand ?? f.dataset.lightForm;
  const filled = [...old.querySelectorAll("form[data-light-command], form[data-light-form]")].map((f) => ({
    key: formKey(f),
    id: f.dataset.commandId,
    fields: [...f.elements]
      .filter((e) => e.name && e.type !== "hidden" && e.type !== "submit")
      .filter((e) => (e.type === "radio" || e.type === "checkbox" ? e.checked !== e.defaultChecked : e.tagName === "SELECT" || e.value !== e.defaultValue))
      .map((e) => ({ name: e.name, value: e.value, checked: e.checked, choice: e.type === "radio" || e.type === "checkbox" })),
  }));
  const banner = old.querySelector("[data-light-offline]");
  const answers = [...old.querySelectorAll("[data-light-answer]")];
  old.replaceWith(fresh);
  if (banner) fresh.prepend(banner);
  for (const a of answers) {
    const form = fresh.querySelector(`form[data-light-command="${CSS.escape(a.dataset.lightAnswer)}"]`);
    if (form) place(form, a);
  }
  for (const f of filled) {
    const form = [...fresh.querySelectorAll("form[data-light-command], form[data-light-form]")].find((g) => formKey(g) === f.key);
    if (!form) continue;
    if (f.id) form.dataset.commandId = f.id;
    for (const e of f.fields) {
      for (const field of form.querySelectorAll(`[name="${CSS.escape(e.name)}"]`)) {
        if (!e.choice) field.value = e.value;
        else if (field.value === e.value) field.checked = e.checked;
      }
    }
  }
  if (typing) {
    const input = fresh.querySelector(`[name="${CSS.escape(typing.name)}"]`);
    if (input) {
      input.value = typing.value;
      input.focus();
      try {
        input.setSelectionRange(typing.start, typing.end);
      } catch (_notText) {}
    }
  }
  if (next.title) document.title = next.title;
  receivedAt = performance.now();
  tick();
  const chimeNow = chimeText(document);
  if (chimeNow && chimeNow !== chimeBefore) chimeAndVibrate();
  marks();
  // For a face's own script (the table's): what it adds to the page is put back.
  document.dispatchEvent(new Event("light:swapped"));
}

// --- Countdowns ----------------------------------------------------------------------------

let askedAtZero = false;

function tick() {
  const elapsed = performance.now() - receivedAt;
  let ranOut = false;
  for (const el of document.querySelectorAll("main [data-count-ms]")) {
    const ms = Number(el.dataset.countMs);
    const running = el.dataset.running === "true";
    const left = running ? ms - elapsed : ms;
    el.textContent = formatMs(left);
    if (running && ms > 0 && left <= 0) ranOut = true;
  }
  for (const el of document.querySelectorAll("[data-kept-since]")) {
    el.textContent = (mark()?.dataset.kept ?? "").replace("{age}", formatMs(Date.now() - Number(el.dataset.keptSince)));
  }
  // The time since (a call for the TD) counts up from the server's reading, whole seconds.
  for (const el of document.querySelectorAll("main [data-count-up-ms]")) {
    el.textContent = formatMs(Number(el.dataset.countUpMs) + elapsed - 999);
  }
  // The level (or the time to the break) ran out: the server says what comes next. Once per
  // reading, so a server that does not answer is not asked every second.
  if (ranOut && !askedAtZero) {
    askedAtZero = true;
    setTimeout(refresh, 500);
  } else if (!ranOut) {
    askedAtZero = false;
  }
}

// --- A move, a call to the desk: a chime and a vibration -----------------------------------

/** What the page says that needs its player now (`data-light-chime`: a move, a call). */
function chimeText(doc) {
  return [...doc.querySelectorAll("main [data-light-chime]")].map((e) => e.textContent).join("\n");
}

// One element per sound for the page's life, played once muted inside the first tap: WebKit
// plays later only an element first played inside a tap (`ui/sound.rs`).
const call = new Audio("/sounds/call.wav");
call.preload = "auto";
function unlock() {
  call.muted = true;
  call.play().then(() => {
    call.pause();
    call.currentTime = 0;
    call.muted = false;
  }, () => {
    call.muted = false;
  });
}
for (const kind of ["click", "touchend", "keydown"]) {
  addEventListener(kind, unlock, { once: true, capture: true });
}

function chimeAndVibrate() {
  try {
    navigator.vibrate?.(300);
  } catch (_refused) {}
  call.currentTime = 0;
  call.play().catch(() => {});
}

// --- Online and offline --------------------------------------------------------------------

export function setOnline(online) {
  let banner = document.querySelector("[data-light-offline]");
  if (online) {
    banner?.remove();
    return;
  }
  if (banner) return;
  const words = mark()?.dataset.offline;
  if (!words) return;
  banner = document.createElement("div");
  banner.className = "offline";
  banner.setAttribute("role", "status");
  banner.dataset.testid = "offline";
  banner.dataset.lightOffline = "";
  banner.textContent = words;
  // A page that never reached the server since it opened came from the device's copy (the
  // service worker's): it says how old that copy is.
  const m = mark();
  if (!everOnline && m?.dataset.kept && m.dataset.renderedAt) {
    const kept = document.createElement("span");
    kept.dataset.testid = "view-kept";
    kept.dataset.keptSince = m.dataset.renderedAt;
    banner.append(" ", kept);
  }
  document.querySelector("main")?.prepend(banner);
  tick();
}

/** The page reached the server since it opened. */
let everOnline = false;

// --- The live stream -----------------------------------------------------------------------

let source = null;
let failures = 0;
let retry = null;

function connect() {
  const m = mark();
  if (!m) return;
  source?.close();
  source = new EventSource(m.dataset.liveStream);
  source.onopen = () => {
    failures = 0;
    everOnline = true;
    setOnline(true);
    document.dispatchEvent(new Event("light:open"));
  };
  source.onmessage = (e) => {
    setOnline(true);
    const shown = Number(mark()?.dataset.seq ?? 0);
    if (Number(e.data) !== shown) refresh();
  };
  source.onerror = () => {
    setOnline(false);
    // Closed for good (an error status, or Firefox offline): the page tries again itself.
    if (source.readyState === EventSource.CLOSED) tryLater();
  };
}

function pauseMs(failures) {
  const base = Math.min(1000 * 2 ** Math.min(failures, 8), LONGEST_PAUSE_MS);
  return base * (1 + Math.random() / 2);
}

function tryLater() {
  if (retry !== null) return;
  const wait = pauseMs(failures);
  failures += 1;
  retry = setTimeout(() => {
    retry = null;
    connect();
  }, wait);
}

addEventListener("offline", () => setOnline(false));
addEventListener("online", () => {
  if (!source || source.readyState === EventSource.CLOSED) {
    clearTimeout(retry);
    retry = null;
    failures = 0;
    connect();
  }
  refresh();
});

// --- Commands from a light page ------------------------------------------------------------

/** A command id made at the tap (a UUID v4; `crypto.randomUUID` needs a secure context). */
export function commandId() {
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, "0")).join("");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** Shows `text` beside the form's button (an error as an alert), replacing an earlier one. */
function answer(form, text, ok, code) {
  form.querySelector("[data-light-answer]")?.remove();
  const p = document.createElement("p");
  p.className = ok ? "answer ok" : "answer error";
  p.setAttribute("role", ok ? "status" : "alert");
  p.dataset.testid = form.dataset.answerTestid || "light-answer";
  p.dataset.lightAnswer = form.dataset.lightCommand;
  if (code) p.dataset.code = code;
  p.textContent = text;
  place(form, p);
}

/** An answer's place: above the form's last button when it asks so, else at its end. */
function place(form, p) {
  const last = form.lastElementChild;
  if (form.hasAttribute("data-light-answer-above") && last) last.before(p);
  else form.append(p);
}

/** The refusal in the page's language, in the server's words (`GET /words/refusal/<code>?language=`). */
async function refusalText(form, refused) {
  // A form may word a refusal itself (`data-light-words`: {"CODE": "… {param} …"}).
  const own = JSON.parse(form.dataset.lightWords || "{}")[refused.code];
  if (own) return Object.entries(refused.params || {}).reduce((t, [k, v]) => t.replaceAll(`{${k}}`, v), own);
  return refusalWords(refused);
}

/** A refusal in the server's words, in the page's language; its code when offline. */
export async function refusalWords(refused) {
  const query = new URLSearchParams({ language: mark()?.dataset.lang || "en", ...(refused.params || {}) });
  try {
    const words = await fetch(`/words/refusal/${encodeURIComponent(refused.code)}?${query}`);
    if (words.ok) return await words.text();
  } catch (_offline) {}
  return refused.code;
}

// One listener for every such form, those a refresh brings included.
document.addEventListener("submit", async (ev) => {
  const form = ev.target;
  if (!(form instanceof HTMLFormElement) || !form.matches("form[data-light-command]")) return;
  ev.preventDefault();
  const button = ev.submitter ?? form.querySelector("button[type=submit], button:not([type])");
  if (button?.disabled) return;
  if (form.dataset.lightArm !== undefined && !arm(form, button)) return;
  if (askFirst(form, ev.submitter)) return;
  if (button) button.disabled = true;
  const body = {};
  for (const input of form.querySelectorAll("input[name]")) {
    if ((input.type === "radio" || input.type === "checkbox") && !input.checked) continue;
    body[input.name] = input.hasAttribute("data-number") ? (input.value === "" ? null : Number(input.value)) : input.value;
  }
  form.dataset.commandId ||= commandId();
  body.command_id = form.dataset.commandId;
  try {
    const reply = await fetch(form.dataset.lightAction, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(body),
    });
    const json = reply.ok ? await reply.json() : null;
    if (json && json.Rejected) {
      // Refused, nothing changed: the next tap is a new try.
      delete form.dataset.commandId;
      answer(form, await refusalText(form, json.Rejected), false, json.Rejected.code);
    } else if (json && json.Queued && json.Queued.token) {
      // A place in the queue: kept on the phone, then opened.
      if (form.dataset.lightKeep) localStorage.setItem(form.dataset.lightKeep, json.Queued.token);
      location.assign(form.dataset.lightGo.replace("{token}", json.Queued.token));
    } else if (json && "Accepted" in json) {
      delete form.dataset.commandId;
      refresh();
    } else {
      answer(form, await refusalText(form, { code: "INTERNAL" }), false, "INTERNAL");
    }
  } catch (_offline) {
    // The same command id goes with the next tap: the server answers a retry once.
    setOnline(false);
    answer(form, mark()?.dataset.offline || "offline", false);
  } finally {
    if (button) button.disabled = false;
  }
});

// A form's fields changed: a new command, a question asked again, the name's limit said.
document.addEventListener("input", (ev) => {
  const form = ev.target.form;
  if (!form || !form.matches("form[data-light-command]")) return;
  delete form.dataset.commandId;
  form.querySelector("[data-light-ask]")?.setAttribute("hidden", "");
  for (const hint of form.querySelectorAll("[data-light-full-of]")) {
    const input = form.querySelector(`[name="${CSS.escape(hint.dataset.lightFullOf)}"]`);
    hint.hidden = !input || input.maxLength <= 0 || input.value.length < input.maxLength;
  }
});

/** What joins a label to its value in the page's language (French: a no-break space before
 * the colon), as `ui::components::colon` writes it on the server. */
export function colon() {
  return document.documentElement.lang === "fr" ? "\u00a0: " : ": ";
}

/** Two taps: the first turns the button into "Confirm: …" for six seconds; true on the second. */
export function arm(form, button) {
  if (form.dataset.armed) {
    delete form.dataset.armed;
    return true;
  }
  if (!button) return true;
  const before = { text: button.textContent, testid: button.dataset.testid, className: button.className };
  form.dataset.armed = "1";
  button.textContent = `${form.dataset.lightArm}${colon()}${before.text}`;
  button.dataset.testid = `${before.testid}-confirm`;
  button.className = "danger";
  setTimeout(() => {
    if (!form.dataset.armed) return;
    delete form.dataset.armed;
    Object.assign(button, { textContent: before.text, className: before.className });
    button.dataset.testid = before.testid;
  }, 6000);
  return false;
}

/** A phone that keeps a place already is asked once before a second one; true while asking. */
function askFirst(form, submitter) {
  const key = form.dataset.lightAskIfKept;
  const ask = form.querySelector("[data-light-ask]");
  if (!key || !ask || !localStorage.getItem(key)) return false;
  if (submitter && ask.contains(submitter)) return false;
  for (const echo of ask.querySelectorAll("[data-light-echo]")) {
    echo.textContent = form.querySelector(`[name="${CSS.escape(echo.dataset.lightEcho)}"]`)?.value ?? "";
  }
  ask.hidden = false;
  return true;
}

/** What the page's marks ask of the device: its kept place shown or forgotten, a refresh. */
let refreshAt = null;
function marks() {
  for (const el of document.querySelectorAll("[data-light-forget]")) localStorage.removeItem(el.dataset.lightForget);
  for (const el of document.querySelectorAll("[data-light-kept]")) {
    const token = localStorage.getItem(el.dataset.lightKept);
    el.hidden = !token;
    if (token) for (const a of el.querySelectorAll("a[data-light-href]")) a.href = a.dataset.lightHref.replace("{token}", token);
  }
  clearTimeout(refreshAt);
  // Only within a timer's reach (about 24 days): a longer delay fires at once in browsers.
  const when = Number(document.querySelector("main [data-light-refresh-in-ms]")?.dataset.lightRefreshInMs);
  if (when >= 0 && when < 2 ** 31 - 1000) refreshAt = setTimeout(refresh, when + 500);
}

// --- Start ---------------------------------------------------------------------------------

marks();
tick();
setInterval(tick, 1000);
connect();
document.body.dataset.hydrated = "1";
