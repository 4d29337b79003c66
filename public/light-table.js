// clubtd's table device as a light page (issue Z): the code of /table/<n> beside light.js.
//
// The server renders the whole page; light.js keeps it live (it fetches the page again when
// the live stream announces an event). This file does what a table taps:
//
// - every form marked `data-light-send` sends one command (`data-command`, as the server
//   rendered it) or a command built from its fields (`data-light-build`: the bust report,
//   the chip count, an abandoned stack, the bonus stacks all here);
// - the device's outbox (issue N) as `ui/outbox.rs` keeps it for the app's pages, in the same
//   local storage entry and shape: a tap is kept on the device before it is first sent, sent
//   one by one in the order tapped with its command id and the table's key, tried again with
//   backoff (at once when the network or the live stream is back), listed while it waits
//   ("Waiting on this device: n", each with "Let go"), and a late answer is listed until read;
// - the answer shows at the control that was tapped (players by name), or says the command
//   is kept on the device when no answer came within four seconds;
// - the bust report's taps (who is out, who won), its start stacks when two or more are out,
//   its summary line, and a bust waiting in the outbox shown as reported;
// - the chip count's toggle, the clock call's countdown (TDA 5: a minute, then ten seconds),
//   the table's key kept on the device, and the screen kept awake.
import { refresh, commandId, arm, setOnline, formatMs, refusalWords, colon } from "/light.js";

const OUTBOX = "clubtd.outbox.v1";
const WAIT_FOR_ANSWER_MS = 4000;
const LONGEST_PAUSE_MS = 15000;
const LATE_KEPT = 8;
// "Saved" fades after this long, as `ui::components::ANSWER_AGES_MS` on the app's pages.
const ANSWER_AGES_MS = 6000;
const MINUTE_MS = 60000;
const FINAL_MS = 10000;

/** The table's mark the server rendered: the table, its tournament and key, names, words. */
const mark = () => document.querySelector("main [data-light-table]");
const words = () => JSON.parse(mark()?.dataset.words || "{}");
/** Every player this page has named (one busted elsewhere meanwhile is still named). */
const known = {};
const names = () => Object.assign(known, JSON.parse(mark()?.dataset.names || "{}"));
const fill = (text, params) => Object.entries(params).reduce((t, [k, v]) => t.replaceAll(`{${k}}`, v), text || "");

// --- The table's key ---------------------------------------------------------------------

// The QR code's link carries the key: the device keeps it, and a page opened without it (a
// bookmark, the home screen) opens again with it.
function pair() {
  const m = mark();
  if (!m) return;
  const url = new URL(location.href);
  if (m.dataset.tableKey) {
    localStorage.setItem(m.dataset.keyName, m.dataset.tableKey);
  } else if (!url.searchParams.get("key")) {
    const kept = localStorage.getItem(m.dataset.keyName);
    if (kept) {
      url.searchParams.set("key", kept);
      location.replace(url);
    }
  }
}

// --- The outbox ----------------------------------------------------------------------------

const load = () => {
  try {
    return JSON.parse(localStorage.getItem(OUTBOX) || "[]");
  } catch (_bad) {
    return [];
  }
};
const save = (list) => {
  try {
    localStorage.setItem(OUTBOX, JSON.stringify(list));
  } catch (_full) {}
};

/** The forms waiting for their answer: command id → { key, button }. */
const listening = new Map();
/** Forms whose command is on its way (by `data-light-key`): their button stays disabled. */
const inFlight = new Set();
/** Answers that came after their form stopped waiting, newest last: { waiting, reply, text }. */
let late = [];
/** The server answered but could not write (its disk is full), with its code. */
let trouble = null;
let draining = false;
let pause = 1000;
let retry = null;

function enqueue(form, button, commands) {
  const m = mark();
  let last = null;
  const list = load();
  for (const command of commands) {
    last = {
      id: commandId(),
      command,
      table_key: m?.dataset.tableKey || null,
      tournament: Number(m?.dataset.tournament) || null,
      tapped_at: Date.now(),
      tries: 0,
      label: form.dataset.lightSend,
    };
    list.push(last);
  }
  save(list);
  const key = form.dataset.lightKey;
  inFlight.add(key);
  listening.set(last.id, { key, button });
  setTimeout(() => stopWaiting(last.id), WAIT_FOR_ANSWER_MS);
  renderOutbox();
  drain();
}

/** No answer yet after a few seconds: the form says the command is kept on the device. */
function stopWaiting(id) {
  const l = listening.get(id);
  if (!l) return;
  listening.delete(id);
  inFlight.delete(l.key);
  const waiting = load();
  if (!waiting.some((w) => w.id === id)) return;
  const form = formOf(l.key);
  if (form) afterSent(form, false);
  show(l.key, { queued: waiting.length });
  enable(l.key);
}

async function drain() {
  if (draining) return;
  draining = true;
  try {
    for (;;) {
      const head = load()[0];
      if (!head) break;
      let reply = null;
      try {
        const answer = await fetch("/api/send_command", {
          method: "POST",
          headers: { "Content-Type": "application/json", Accept: "application/json" },
          credentials: "same-origin",
          body: JSON.stringify({
            command_id: head.id,
            command: head.command,
            table_key: head.table_key,
            tournament: head.tournament,
            tapped_at: head.tapped_at,
            sent_at: Date.now(),
          }),
        });
        if (answer.ok) reply = await answer.json();
        else trouble = /DISK_FULL/.test(await answer.text()) ? "DISK_FULL" : null;
      } catch (_offline) {
        trouble = null;
        setOnline(false);
      }
      if (!reply) {
        // Kept, tried again later: the same command id, so the server applies it once. The
        // controls waiting say so now; their answers, when they come, are listed as late.
        save(load().map((w) => (w.id === head.id ? { ...w, tries: (w.tries || 0) + 1 } : w)));
        for (const id of [...listening.keys()]) stopWaiting(id);
        tryLater();
        break;
      }
      trouble = null;
      pause = 1000;
      save(load().filter((w) => w.id !== head.id));
      await answered(head, reply);
    }
  } finally {
    draining = false;
    renderOutbox();
  }
}

function tryLater() {
  clearTimeout(retry);
  const wait = pause * (1 + Math.random() / 2);
  pause = Math.min(pause * 2, LONGEST_PAUSE_MS);
  retry = setTimeout(drain, wait);
}

/** Back online, or the live stream open again: try now, not at the end of the pause. */
function wake() {
  clearTimeout(retry);
  pause = 1000;
  drain();
}

async function answered(waiting, reply) {
  const refused = reply.Rejected;
  // A key replaced by a new code: the page turns read-only (the server renders it so).
  if (refused && refused.code === "UNAUTHENTICATED") {
    location.reload();
    return;
  }
  const l = listening.get(waiting.id);
  if (l) {
    listening.delete(waiting.id);
    inFlight.delete(l.key);
    const form = formOf(l.key);
    if (!refused && form) afterSent(form, true);
    await show(l.key, reply);
    if (refused || !form?.dataset.lightThen) enable(l.key);
    // The page opens another address next: no refresh of this one meanwhile.
    if (!refused && form?.dataset.lightThen) return;
  } else {
    late.push({ waiting, reply, text: refused ? await refusalNamed(refused) : words().saved });
    late = late.slice(-LATE_KEPT);
  }
  if (!refused) refresh();
}

/** Forgets a waiting command (the person let it go). */
function forget(id) {
  save(load().filter((w) => w.id !== id));
  renderOutbox();
}

// --- Answers at the control ------------------------------------------------------------------

const formOf = (key) => (key ? document.querySelector(`main form[data-light-key="${CSS.escape(key)}"]`) : null);
/** The answer shown (one at a time, as its form's key and element), kept through refreshes. */
let shown = null;

function enable(key) {
  const form = formOf(key);
  for (const b of form?.querySelectorAll("button[type=submit], button:not([type])") ?? []) b.disabled = false;
  if (form?.matches("[data-light-build=busts]")) renderBusts();
}

async function show(key, reply) {
  const form = formOf(key);
  const here = form?.querySelector("[data-light-answer-here]");
  const p = document.createElement("p");
  p.dataset.testid = here?.dataset.answerTestid || "answer";
  p.dataset.lightSent = key || "";
  if (reply.queued !== undefined) {
    p.className = "answer queued";
    p.setAttribute("role", "status");
    p.dataset.queued = "1";
    p.textContent = fill(words().kept, { n: reply.queued });
  } else if (reply.Rejected) {
    p.className = "answer error";
    p.setAttribute("role", "alert");
    p.dataset.code = reply.Rejected.code;
    p.textContent = await refusalNamed(reply.Rejected);
  } else {
    p.className = "answer ok";
    p.setAttribute("role", "status");
    p.textContent = form?.dataset.lightBuild === "count" ? words().countSaved : words().saved;
    // "Saved" fades once old (issue U.6); a refusal stays until the next answer.
    setTimeout(() => p.classList.add("old"), ANSWER_AGES_MS);
  }
  shown = { key, p };
  place();
}

/** The answer in its place: under its form's control, else on top (its control is gone). */
function place() {
  for (const old of document.querySelectorAll("main [data-light-sent]")) if (old !== shown?.p) old.remove();
  if (!shown) return;
  const form = formOf(shown.key);
  const here = form?.querySelector("[data-light-answer-here]");
  if (here) here.append(shown.p);
  else if (form) form.append(shown.p);
  else document.querySelector("main [data-light-answers-top]")?.append(shown.p);
}

/** A refusal in the page's language, players by name rather than by number (light.js's
 * words, from `GET /words/refusal/<code>`). */
function refusalNamed(refused) {
  const params = { ...(refused.params || {}) };
  const known = names();
  for (const k of ["player", "winner"]) if (known[params[k]]) params[k] = known[params[k]];
  return refusalWords({ ...refused, params });
}

/** A command accepted (or kept on the device): what the form does next. */
function afterSent(form, accepted) {
  if (form.dataset.lightBuild === "busts") {
    draft.out = [];
    draft.win = [];
    for (const input of form.querySelectorAll("input")) input.value = "";
    for (const hint of form.querySelectorAll("[data-light-after-accept]")) hint.hidden = false;
    renderBusts();
  }
  // Sent as counted; the fields then show the stacks the tournament keeps.
  if (form.dataset.lightBuild === "count") form.reset();
  if (!accepted) return;
  const then = form.dataset.lightThen;
  const button = form.querySelector("button");
  if (form.dataset.lightDone) done.add(form.dataset.lightKey);
  showDone();
  if (!then) return;
  // The answer goes along to the page opened next, on top (its control stays behind).
  setTimeout(() => {
    if (shown?.p) sessionStorage.setItem(CARRIED, JSON.stringify({ className: shown.p.className, text: shown.p.textContent }));
    location.assign(then);
  }, form.dataset.lightDone ? 1500 : 0);
}

/** Forms done for good (a ruling recorded): their button says so until the page moves on. */
const done = new Set();
function showDone() {
  for (const key of done) {
    const form = formOf(key);
    const button = form?.querySelector("button");
    if (!button) continue;
    button.textContent = form.dataset.lightDone;
    button.disabled = true;
  }
}

/** An answer brought from the page that opened this one (`data-light-then`). */
const CARRIED = "clubtd.light.answer";
function carried() {
  const kept = sessionStorage.getItem(CARRIED);
  if (!kept) return;
  sessionStorage.removeItem(CARRIED);
  try {
    const { className, text } = JSON.parse(kept);
    const p = el("p", { class: className, role: "status", "data-testid": "answer", "data-light-sent": "", text });
    shown = { key: null, p };
    setTimeout(() => p.classList.add("old"), ANSWER_AGES_MS);
    place();
  } catch (_bad) {}
}

// --- Sending a form --------------------------------------------------------------------------

/** Commands built from a form's fields; `null` when the form is not ready (it says why). */
const builders = {
  busts(form) {
    const table = Number(form.dataset.table);
    const out = draft.out;
    if (!out.length || missingStacks(form).length) return null;
    const several = out.length > 1;
    const busts = out.map((player) => ({
      player,
      eliminators: draft.win.filter((p) => !out.includes(p)),
      start_stack: several ? stackOf(form, player) : null,
    }));
    return [{ type: "report_busts", table, busts }];
  },
  count(form) {
    const counts = [...form.querySelectorAll("input[data-player]")].map((i) => [Number(i.dataset.player), chipCount(i.value)]);
    form.querySelector("[data-count-invalid]")?.remove();
    if (!counts.length || counts.some(([, c]) => c === null)) {
      const p = document.createElement("p");
      p.className = "answer error";
      p.setAttribute("role", "alert");
      p.dataset.countInvalid = "";
      p.textContent = words().countInvalid;
      form.querySelector(".send-row")?.before(p);
      return null;
    }
    return [{ type: "report_table_chips", table: Number(form.dataset.table), counts }];
  },
  abandoned(form) {
    const winner = Number(form.elements.winner?.value);
    if (!winner) return null;
    return [{ type: "abandoned_stack_gone", table: Number(form.dataset.table), seat: Number(form.elements.seat.value), winners: [winner] }];
  },
  arrivals(form) {
    return form.elements.players.value.split(",").filter(Boolean).map((p) => ({ type: "confirm_arrival", player: Number(p) }));
  },
};

/** A whole number of chips as typed: dots, spaces and commas group thousands ("12.500"). */
function chipCount(text) {
  const digits = text.replace(/[\s.,\u00a0\u202f]/g, "");
  return /^\d+$/.test(digits) ? Number(digits) : null;
}

document.addEventListener("submit", (ev) => {
  const form = ev.target;
  if (!(form instanceof HTMLFormElement) || !form.matches("form[data-light-send]")) return;
  ev.preventDefault();
  const button = ev.submitter ?? form.querySelector("button[type=submit], button:not([type])");
  if (button?.disabled || inFlight.has(form.dataset.lightKey)) return;
  if (form.dataset.lightArm !== undefined && !arm(form, button)) return;
  const build = builders[form.dataset.lightBuild];
  let commands = null;
  try {
    commands = build ? build(form) : [JSON.parse(form.dataset.command)];
  } catch (_bad) {}
  if (!commands || !commands.length) return;
  if (button) button.disabled = true;
  enqueue(form, button, commands);
});

// --- The outbox on the page --------------------------------------------------------------------

function tapTime(ms) {
  const d = new Date(ms);
  return `${String(d.getHours()).padStart(2, "0")}:${String(d.getMinutes()).padStart(2, "0")}`;
}

function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "text") e.textContent = v;
    else e.setAttribute(k, v);
  }
  e.append(...children);
  return e;
}

function renderOutbox() {
  const box = document.querySelector("main [data-light-outbox-ui]");
  if (!box) return;
  const w = words();
  const waiting = load();
  box.replaceChildren();
  if (trouble) {
    box.append(el("div", { class: "offline trouble", role: "alert", "data-testid": "server-trouble", "data-code": trouble, text: trouble }));
    refusalWords({ code: trouble }).then((t) => {
      const b = box.querySelector("[data-testid=server-trouble]");
      if (b) b.textContent = t;
    });
  }
  if (waiting.length) {
    const list = el("ul");
    for (const item of waiting) {
      const testid = `outbox-forget-${item.id.slice(0, 8)}`;
      const letGo = el("button", { class: "small", type: "button", "data-testid": testid, text: w.forget });
      letGo.addEventListener("click", () => {
        // Two taps: the first asks, the second lets the command go.
        if (letGo.dataset.armed) return forget(item.id);
        letGo.dataset.armed = "1";
        letGo.dataset.testid = `${testid}-confirm`;
        letGo.className = "small danger";
        letGo.textContent = `${w.confirm}${colon()}${w.forget}`;
      });
      list.append(el("li", { "data-testid": "outbox-item" }, el("span", { text: `${tapTime(item.tapped_at)} · ${item.label || ""}` }), " ", letGo));
    }
    box.append(
      el("section", { class: "outbox", role: "status", "data-testid": "outbox" },
        el("p", {}, el("b", { "data-testid": "outbox-count", text: fill(w.waiting, { n: waiting.length }) })), list),
    );
  }
  if (late.length) {
    const list = el("ul");
    for (const a of late) {
      const refused = a.reply.Rejected;
      const answer = refused
        ? el("span", { class: "answer error", "data-code": refused.code, text: a.text })
        : el("span", { class: "answer ok", text: a.text });
      list.append(el("li", { "data-testid": "outbox-late-item" }, `${tapTime(a.waiting.tapped_at)} · ${a.waiting.label || ""} — `, answer));
    }
    const read = el("button", { class: "small", type: "button", "data-testid": "outbox-read", text: w.read });
    read.addEventListener("click", () => {
      late = [];
      renderOutbox();
    });
    box.append(el("section", { class: "outbox late", role: "alert", "data-testid": "outbox-late" }, el("p", {}, el("b", { text: w.late })), list, read));
  }
  renderBusts();
}

// --- The bust report ---------------------------------------------------------------------------

/** The taps made so far (player ids), kept through the page's refreshes. */
const draft = { out: [], win: [] };

const bustForm = () => document.querySelector("main form[data-light-build=busts]");
const stackOf = (form, player) => chipCount(form.querySelector(`input[name="stack-${player}"]`)?.value || "") || null;
const missingStacks = (form) => (draft.out.length > 1 ? draft.out.filter((p) => !stackOf(form, p)) : []);

/** The busts of this table waiting in the outbox: shown as reported, not to be tapped twice. */
function waitingBusts(table) {
  return new Set(
    load()
      .filter((w) => w.command?.type === "report_busts" && w.command.table === table)
      .flatMap((w) => w.command.busts.map((b) => b.player)),
  );
}

function renderBusts() {
  const form = bustForm();
  if (!form) return;
  const present = new Set([...form.querySelectorAll("[data-bust=out]")].map((b) => Number(b.dataset.player)));
  draft.out = draft.out.filter((p) => present.has(p));
  draft.win = draft.win.filter((p) => present.has(p));
  const reported = waitingBusts(Number(form.dataset.table));
  for (const b of form.querySelectorAll("button[data-bust]")) {
    const p = Number(b.dataset.player);
    const [mine, other] = b.dataset.bust === "out" ? [draft.out, draft.win] : [draft.win, draft.out];
    const on = mine.includes(p);
    b.classList.toggle("on", on);
    b.setAttribute("aria-pressed", String(on));
    b.classList.toggle("reported", reported.has(p));
    b.disabled = other.includes(p) || reported.has(p);
  }
  const several = draft.out.length > 1;
  form.querySelector("[data-bust-stacks]").hidden = !several;
  for (const l of form.querySelectorAll("[data-stack-of]")) l.hidden = !(several && draft.out.includes(Number(l.dataset.stackOf)));
  const w = words();
  const known = names();
  const named = (list) => list.map((p) => known[p] || String(p)).join(", ");
  const summary = form.querySelector("[data-bust-summary]");
  summary.hidden = !draft.out.length;
  summary.textContent = draft.out.length
    ? fill(w.summaryOut, { names: named(draft.out) }) + (draft.win.length ? ` · ${fill(w.summaryWon, { names: named(draft.win) })}` : "")
    : "";
  const missing = missingStacks(form);
  const needed = form.querySelector("[data-bust-needed]");
  needed.hidden = !missing.length;
  needed.textContent = missing.length ? fill(w.stacksNeeded, { names: named(missing) }) : "";
  const confirm = form.querySelector("button[type=submit]");
  confirm.disabled = !draft.out.length || missing.length > 0 || inFlight.has(form.dataset.lightKey);
}

document.addEventListener("click", (ev) => {
  const b = ev.target.closest?.("main button[data-bust]");
  if (!b || b.disabled) return;
  const list = b.dataset.bust === "out" ? draft.out : draft.win;
  const p = Number(b.dataset.player);
  const i = list.indexOf(p);
  if (i >= 0) list.splice(i, 1);
  else list.push(p);
  for (const hint of bustForm()?.querySelectorAll("[data-light-after-accept]") ?? []) hint.hidden = true;
  renderBusts();
});

document.addEventListener("input", (ev) => {
  if (ev.target.closest?.("form[data-light-build=busts]")) renderBusts();
});

// --- Toggles (the chip count) --------------------------------------------------------------------

const open = new Set();

function renderToggles() {
  for (const b of document.querySelectorAll("main [data-light-toggle]")) {
    const name = b.dataset.lightToggle;
    b.setAttribute("aria-expanded", String(open.has(name)));
    for (const part of document.querySelectorAll(`main [data-light-toggled="${CSS.escape(name)}"]`)) part.hidden = !open.has(name);
  }
}

document.addEventListener("click", (ev) => {
  const b = ev.target.closest?.("main [data-light-toggle]");
  if (!b) return;
  const name = b.dataset.lightToggle;
  if (open.has(name)) open.delete(name);
  else open.add(name);
  renderToggles();
});

// --- The clock call (TDA 5) ----------------------------------------------------------------------

let clockCallAt = null;

function renderClockCall() {
  const box = document.querySelector("main [data-light-clock-call]");
  if (!box) return;
  const start = box.querySelector("[data-testid=clock-call]");
  let running = box.querySelector("[data-testid=clock-call-running]");
  start.hidden = clockCallAt !== null;
  if (clockCallAt === null) {
    running?.remove();
    return;
  }
  if (!running) {
    running = el("div", { class: "clock-call-running", role: "timer", "data-testid": "clock-call-running" },
      el("p", { class: "phase" }), el("p", { class: "countdown", "data-testid": "clock-call-left" }));
    const stop = el("button", { type: "button", text: box.dataset.stop });
    stop.addEventListener("click", () => {
      clockCallAt = null;
      renderClockCall();
    });
    running.append(stop);
    box.append(running);
  }
  const e = performance.now() - clockCallAt;
  const [phase, left] = e < MINUTE_MS
    ? [box.dataset.minute, MINUTE_MS - e]
    : e < MINUTE_MS + FINAL_MS ? [box.dataset.final, MINUTE_MS + FINAL_MS - e] : [box.dataset.over, 0];
  running.classList.toggle("final", e >= MINUTE_MS);
  running.querySelector(".phase").textContent = phase;
  running.querySelector("[data-testid=clock-call-left]").textContent = formatMs(left);
}

document.addEventListener("click", (ev) => {
  if (!ev.target.closest?.("main [data-light-clock-call] [data-testid=clock-call]")) return;
  clockCallAt = performance.now();
  renderClockCall();
});
setInterval(() => clockCallAt !== null && renderClockCall(), 250);

// --- The screen stays on -------------------------------------------------------------------------

// The table's phone lies on the felt all evening. A wake lock where the browser offers one
// (a secure context); on the club's plain-http WiFi a silent one-pixel video in a loop
// (`public/wake/`, as `ui/wake.rs` does), which may start only inside a tap.
async function stayAwake() {
  try {
    if (navigator.wakeLock) await navigator.wakeLock.request("screen");
  } catch (_refused) {}
}
let video = null;
function playAwakeVideo() {
  if (navigator.wakeLock) return;
  if (!video) {
    video = el("video", { class: "keep-awake", "data-testid": "keep-awake", "aria-hidden": "true", title: "clubtd" });
    video.muted = true;
    video.loop = true;
    video.playsInline = true;
    for (const [src, type] of [["/wake/keep-awake.webm", "video/webm"], ["/wake/keep-awake.mp4", "video/mp4"]]) video.append(el("source", { src, type }));
    document.body.append(video);
  }
  video.play().catch(() => {});
}
document.addEventListener("visibilitychange", () => document.visibilityState === "visible" && stayAwake());
for (const kind of ["click", "touchend"]) document.addEventListener(kind, playAwakeVideo, true);

// --- Start ---------------------------------------------------------------------------------------

// After each refresh of the page (light.js): what this file adds is put back.
document.addEventListener("light:swapped", () => {
  place();
  renderOutbox();
  renderToggles();
  renderClockCall();
  showDone();
  for (const key of inFlight) for (const b of formOf(key)?.querySelectorAll("button[type=submit], button:not([type])") ?? []) b.disabled = true;
});
document.addEventListener("light:open", wake);
addEventListener("online", wake);
// Another tab of this device changed the outbox: show it.
addEventListener("storage", (e) => e.key === OUTBOX && renderOutbox());

pair();
carried();
renderOutbox();
renderToggles();
stayAwake();
drain();
