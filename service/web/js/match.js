// The table of one match, from the caller's seat (or as a spectator), and the replay
// viewer (`?at=N`). Live: state + legal actions, the log in words, new events over SSE.
// A click posts the action with `expected_version` and a fresh Idempotency-Key; a
// version conflict reloads the table and says so.
import { api, ApiError, followStream, games, getToken, h, keepSeatTokens, newKey, seatTokens } from "./api.js";
import { cardKeys, indexCards, renderDetail, renderView, words } from "./view.js";

const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);
const matchId = decodeURIComponent(location.pathname.split("/").filter(Boolean)[1] || "");
// ?as=spectator reads without a token; ?seat=N plays a seat whose token this browser keeps
// (a fork's seats), else the signed-in player's token
const token =
  params.get("as") === "spectator" ? "" : params.has("seat") ? seatTokens(matchId)[params.get("seat")] || "" : getToken();
const base = `/v1/matches/${encodeURIComponent(matchId)}`;

let summary = null;
let game = null; // the /v1/games entry
let cardIndex = new Map();
const catalogue = new Map(); // definition key -> printed face
let current = null; // the last /state (or /replay) answer
let events = [];
let busy = false;
let reloadQueued = null;
let stream = null;

function say(text, isError = false) {
  const el = $("status");
  el.textContent = text;
  el.className = isError ? "error" : "";
}

function seatName(seat) {
  if (seat === null || seat === undefined) return "the server";
  const s = summary && summary.seats.find((x) => x.seat === seat);
  return s ? s.name : `seat ${seat}`;
}

/** A value of an action or event in words: card ids by name, hidden cards as such. */
// A null card is a choice of none (in your actions, in your own events, in the whole log
// once the match is over) but a hidden card in another seat's event of a running match.
let nullCard = "none";

function valueWords(key, value) {
  if (value === null) return key === "card" || key.endsWith("card") ? nullCard : "—";
  if (Array.isArray(value)) return value.map((v) => valueWords(key, v)).join(", ") || "none";
  if (typeof value === "object") return Object.entries(value).map(([k, v]) => `${words(k)} ${valueWords(k, v)}`).join(", ");
  if (typeof value === "string") {
    const card = cardIndex.get(value);
    if (card && card.title) return card.title;
    const face = catalogue.get(value);
    if (face && face.title) return face.title;
    return words(value);
  }
  return String(value);
}

function actionWords(action) {
  const rest = Object.entries(action).filter(([k]) => k !== "type");
  return [words(action.type || "action"), ...rest.map(([k, v]) => (k === "card" ? valueWords(k, v) : `${words(k)}: ${valueWords(k, v)}`))].join(" — ");
}

function eventWords(ev) {
  const open = (summary && summary.status === "finished") || (current && ev.seat !== null && ev.seat === current.seat);
  nullCard = open ? "none" : "a hidden card";
  try {
    return eventText(ev);
  } finally {
    nullCard = "none";
  }
}

function eventText(ev) {
  const who = seatName(ev.seat);
  const auto = ev.auto ? ` (automatic: ${words(ev.auto)})` : "";
  if (ev.type === "action") return `${who}: ${actionWords(ev.payload || {})}${auto}`;
  const detail = Object.keys(ev.payload || {}).length ? ` — ${valueWords("", ev.payload)}` : "";
  return `${ev.seat === null ? "" : who + ": "}${words(ev.type)}${detail}${auto}`;
}

async function loadCatalogue(view) {
  if (!game || !game.card_key) return;
  const wanted = [...cardKeys(view, game.card_key)].filter((k) => !catalogue.has(k));
  for (let i = 0; i < wanted.length; i += 400) {
    const chunk = wanted.slice(i, i + 400);
    try {
      const data = await api(`/v1/games/${encodeURIComponent(game.id)}/cards?keys=${chunk.map(encodeURIComponent).join(",")}`, { token: "" });
      for (const [k, face] of Object.entries(data.cards)) catalogue.set(k, face);
    } catch (err) {
      // an unknown key leaves that card without its printed text; the table still works
      chunk.forEach((k) => catalogue.set(k, null));
    }
  }
}

function showCard(card) {
  const face = game && game.card_key ? catalogue.get(card[game.card_key]) : null;
  $("detail-body").replaceChildren(renderDetail(card, face));
}

function renderSummary(answer) {
  const box = $("summary");
  const dl = h("dl", { class: "stats" });
  const add = (k, v) => dl.append(h("dt", {}, k), h("dd", {}, v));
  add("game", game ? game.title : summary.game);
  add("status", answer.status);
  add("version", String(answer.version ?? answer.at));
  const viewer = answer.viewer === "seat" ? `seat ${answer.seat} (${seatName(answer.seat)})` : answer.viewer;
  add("you see", viewer);
  if (answer.deciding_seats && answer.deciding_seats.length) add("waiting on", answer.deciding_seats.map(seatName).join(", "));
  if (summary.outcome) {
    const o = summary.outcome;
    const winners = (o.winners || []).map(seatName).join(", ");
    add("result", `${winners ? "won by " + winners : "no winner"}${o.reason ? " — " + words(o.reason) : ""}`);
  }
  box.replaceChildren(dl);
  // machine-readable too (tests, user styles): what this page shows, at which version
  box.dataset.status = answer.status;
  box.dataset.version = String(answer.version ?? answer.at);
  box.dataset.viewer = answer.viewer;
  box.dataset.seat = answer.seat === null || answer.seat === undefined ? "" : String(answer.seat);
  const spectator = params.get("as") === "spectator" ? "&as=spectator" : "";
  $("replay-link").href = `/m/${encodeURIComponent(matchId)}?at=${answer.version ?? answer.at}${spectator}`;
  document.title = `${game ? game.title : summary.game}: ${summary.seats.map((s) => s.name).join(" vs ")} · Subspace`;
  $("title").textContent = summary.seats.map((s) => s.name).join(" vs ");
}

function renderTable(answer, actions) {
  const byCard = new Map();
  const loose = [];
  for (const action of actions) {
    const entry = { action, verb: words(action.type || "act") };
    if (typeof action.card === "string" && cardIndex.has(action.card)) {
      if (!byCard.has(action.card)) byCard.set(action.card, []);
      byCard.get(action.card).push(entry);
    }
    loose.push(entry);
  }
  const ctx = {
    mySeat: answer.seat,
    seatNames: summary.seats.map((s) => s.name),
    actionsByCard: byCard,
    onAction: post,
    onFocusCard: showCard,
    nameOf: (id) => (cardIndex.get(id) || {}).title,
  };
  $("table").replaceChildren(renderView(answer.view, ctx));
  const ul = $("actions");
  if (!actions.length) {
    const why =
      answer.status === "finished" ? "The match is over." : answer.seat === null ? "You are watching." : "Waiting for the opponent.";
    ul.replaceChildren(h("li", { class: "empty" }, why));
  } else {
    ul.replaceChildren(
      // data-action: the action posted (what the legal-actions answer listed), for scripts and tests
      ...loose.map((a) => h("li", {}, h("button", { type: "button", class: "act", "data-action": JSON.stringify(a.action), onclick: () => post(a.action) }, actionWords(a.action)))),
    );
  }
  $("actions-panel").hidden = params.has("at") || (answer.seat === null && answer.status !== "finished");
  $("resign").hidden = answer.seat === null || answer.status === "finished";
}

function renderLog(upTo = Infinity) {
  const ol = $("log");
  ol.replaceChildren(
    ...events.map((ev) =>
      h("li", { value: ev.v, "data-v": ev.v, class: ev.v > upTo ? "future" : ev.v === upTo ? "here" : "" }, eventWords(ev)),
    ),
  );
  if (upTo === Infinity) ol.scrollTop = ol.scrollHeight;
  else {
    // the event shown, in the middle of the log's own scroll box (the page does not move)
    const here = ol.querySelector("li.here");
    if (here) ol.scrollTop = here.offsetTop - ol.clientHeight / 2;
  }
}

async function loadEvents() {
  let after = 0;
  const all = [];
  for (;;) {
    const page = await api(`${base}/events?after=${after}&limit=100`, { token });
    all.push(...page.events);
    if (!page.events.length || all[all.length - 1].v >= page.version) break;
    after = all[all.length - 1].v;
  }
  events = all;
}

// ---- live table -------------------------------------------------------------

async function reload() {
  const [state, legal] = await Promise.all([api(`${base}/state`, { token }), api(`${base}/legal-actions`, { token })]);
  if (state.status === "finished" && (!summary || summary.status !== "finished")) {
    summary = await api(base, { token: "" });
  }
  current = state;
  cardIndex = indexCards(state.view);
  await loadCatalogue(state.view);
  renderSummary(state);
  // legal actions chosen at another version than the state shown would post stale
  renderTable(state, legal.version === state.version ? legal.actions : []);
  if (legal.version !== state.version) queueReload();
  renderLog();
}

function queueReload() {
  clearTimeout(reloadQueued);
  reloadQueued = setTimeout(() => reload().catch(showError), 150);
}

async function post(action) {
  if (busy || !current) return;
  busy = true;
  document.body.classList.add("busy");
  try {
    const r = await api(`${base}/actions`, {
      method: "POST",
      body: { expected_version: current.version, action },
      key: newKey(),
      token,
    });
    say(`Done: ${actionWords(action)} (version ${r.version}).`);
    await reload();
  } catch (err) {
    if (err instanceof ApiError && err.code === "version_conflict") {
      say(`The match moved on (now version ${err.details.current_version ?? "?"}) while you chose: the table is reloaded, choose again.`, true);
      await reload();
    } else {
      showError(err);
    }
  } finally {
    busy = false;
    document.body.classList.remove("busy");
  }
}

// Resigning takes two clicks (the first only arms the button): no dialog, keyboard-friendly.
$("resign").addEventListener("click", async () => {
  const button = $("resign");
  if (!button.dataset.armed) {
    button.dataset.armed = "1";
    button.textContent = "Confirm: resign this match";
    return;
  }
  delete button.dataset.armed;
  button.textContent = "Resign…";
  try {
    const r = await api(`${base}/resign`, { method: "POST", key: newKey(), token });
    say(`You resigned (version ${r.version}).`);
    await reload();
  } catch (err) {
    showError(err);
  }
});

// The interchange file (GET /export, as this viewer may see it) saved as a download: a plain
// link could not carry the token, so it is fetched and handed over as a blob.
$("export").addEventListener("click", async () => {
  try {
    const headers = token ? { Authorization: "Bearer " + token } : {};
    const response = await fetch(`${base}/export`, { headers });
    if (!response.ok) throw new ApiError(response.status, await response.json().catch(() => null));
    const url = URL.createObjectURL(await response.blob());
    const a = h("a", { href: url, download: `${matchId}.ndjson` });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  } catch (err) {
    showError(err);
  }
});

// "Fork from here": a sandbox match from the version shown; its seat tokens are kept in
// this browser and each seat gets a link (pass one to a friend by hand if you like).
$("fork").addEventListener("click", async () => {
  try {
    const at = current.at; // the version shown
    const fork = await api(`${base}/forks`, { method: "POST", body: { at }, key: newKey(), token });
    keepSeatTokens(fork.match_id, fork.seats);
    const ul = $("forked");
    ul.hidden = false;
    ul.replaceChildren(
      ...fork.seats.map((s) =>
        h("li", {}, h("a", { href: `/m/${encodeURIComponent(fork.match_id)}?seat=${s.seat}` }, `Play the fork as seat ${s.seat} (${s.name})`)),
      ),
    );
    say(`Forked at version ${at}${fork.fork_of.exact ? "" : " (cards you could not see are re-drawn)"}.`);
  } catch (err) {
    showError(err);
  }
});

function showError(err) {
  say(err instanceof ApiError ? `${err.message} (${err.code})` : String(err), true);
}

async function startLive() {
  $("replay").hidden = true;
  $("live-link").hidden = true;
  await loadEvents();
  await reload();
  if (current.status === "finished") return;
  stream = followStream(matchId, current.version, token, {
    onEvent(ev) {
      if (!events.length || ev.v > events[events.length - 1].v) events.push(ev);
      renderLog();
      queueReload();
    },
    async onEnd() {
      summary = await api(base, { token: "" });
      await loadEvents();
      await reload();
      say("The match is over.");
    },
    onError: showError,
  });
}

// ---- replay viewer ------------------------------------------------------------

let wanted = 0; // the version last asked for: quick clicks add up, the latest answer wins
let marks = []; // where each turn and phase begins: [{v, turn, phase}] (GET /timeline)
let notes = []; // every note this reader may see (GET /notes)
// whose view: once the match is over, the judge's (default), the spectator's or a seat's
let perspective = params.get("perspective") || "";

async function loadTimeline() {
  const all = [];
  let start = 0;
  while (start !== null) {
    const page = await api(`${base}/timeline?start=${start}&limit=1000`, { token: "" });
    for (const m of page.marks) {
      const last = all[all.length - 1];
      if (!last || last.turn !== m.turn || last.phase !== m.phase) all.push(m);
    }
    start = page.next_start;
  }
  marks = all;
}

/** The mark a version is in (the last at or before it). */
function markIndex(v) {
  let i = 0;
  while (i + 1 < marks.length && marks[i + 1].v <= v) i++;
  return i;
}

/** The first version of the turn version v is in. */
function turnStart(v) {
  let i = markIndex(v);
  while (i > 0 && marks[i - 1].turn === marks[i].turn) i--;
  return marks.length ? marks[i].v : 0;
}

const STEPS = {
  prevEvent: (v) => Math.max(0, v - 1),
  nextEvent: (v, max) => Math.min(max, v + 1),
  prevPhase(v) {
    if (!marks.length) return Math.max(0, v - 1);
    const i = markIndex(v);
    return marks[i].v < v ? marks[i].v : i > 0 ? marks[i - 1].v : 0;
  },
  nextPhase(v, max) {
    const m = marks.find((x) => x.v > v);
    return m ? m.v : max;
  },
  prevTurn(v) {
    const start = turnStart(v);
    return start < v ? start : start > 0 ? turnStart(start - 1) : 0;
  },
  nextTurn(v, max) {
    if (!marks.length) return max;
    const turn = marks[markIndex(v)].turn;
    const m = marks.find((x) => x.v > v && x.turn !== turn);
    return m ? m.v : max;
  },
};

function whereWords(v) {
  if (!marks.length) return "";
  const m = marks[markIndex(v)];
  const parts = [m.turn !== null ? `turn ${m.turn}` : null, m.phase ? words(m.phase) : null].filter(Boolean);
  return parts.length ? ` · ${parts.join(", ")}` : "";
}

// ?share=<id>: the page opened from a share link shows that link's notes (what everyone
// may see, only its maker's if so made) and who shared it, without any token.
const shareId = params.get("share");

async function loadNotes() {
  try {
    if (shareId) {
      const shared = await api(`${base}/shares/${encodeURIComponent(shareId)}`, { token: "" });
      notes = shared.notes;
      const s = shared.share;
      $("shared-by").hidden = false;
      $("shared-by").textContent = `Shared by ${(s.author && s.author.name) || "someone"} at version ${s.version}${s.title ? ": " + s.title : ""}.`;
      return;
    }
    notes = (await api(`${base}/notes`, { token })).notes;
  } catch (err) {
    notes = [];
    if (!(err instanceof ApiError && err.status === 401)) throw err;
  }
}

function renderNotes(at) {
  const here = notes.filter((n) => n.version === at);
  $("notes").replaceChildren(
    ...(here.length
      ? here.map((n) =>
          h("li", { "data-note": n.id },
            n.mark ? h("strong", { class: "mark" }, n.mark) : null,
            h("span", { class: "note-text" }, n.comment || ""),
            ...(n.tags || []).map((t) => h("span", { class: "tag" }, t)),
            h("span", { class: "by" }, `— ${n.author.name || "someone"}${n.visibility === "private" ? " (private)" : ""}`)))
      : [h("li", { class: "empty" }, "No notes here.")]),
  );
  const counts = new Map();
  for (const n of notes) counts.set(n.version, (counts.get(n.version) || 0) + 1);
  for (const li of $("log").children) {
    const c = counts.get(Number(li.dataset.v));
    if (c) li.dataset.notes = String(c);
    else delete li.dataset.notes;
  }
}

$("note-form").addEventListener("submit", async (ev) => {
  ev.preventDefault();
  const f = ev.target;
  const body = { version: current.at };
  if (f.comment.value.trim()) body.comment = f.comment.value.trim();
  if (f.mark.value) body.mark = f.mark.value;
  const tags = f.tags.value.trim().toLowerCase().split(/[\s,]+/).filter(Boolean);
  if (tags.length) body.tags = tags;
  if (f.private.checked) body.visibility = "private";
  try {
    await api(`${base}/notes`, { method: "POST", body, token });
    f.reset();
    await loadNotes();
    renderNotes(current.at);
    say(`Note added at version ${body.version}.`);
  } catch (err) {
    showError(err);
  }
});

// "Share this version": a share link (POST /shares) anchored at the version shown, handed
// out as this page's address with ?share= (the API link itself needs no page to read).
$("share").addEventListener("click", async () => {
  try {
    const s = await api(`${base}/shares`, { method: "POST", body: { version: current.at }, token });
    const url = new URL(`/m/${encodeURIComponent(matchId)}`, location.origin);
    url.searchParams.set("at", String(s.version));
    url.searchParams.set("share", s.id);
    $("share-url").href = url.pathname + url.search;
    $("share-url").textContent = url.href;
    $("share-link").hidden = false;
    say(`A share link to version ${s.version} is made.`);
  } catch (err) {
    showError(err);
  }
});

function fillPerspectives() {
  const box = $("perspective-box");
  if (summary.status !== "finished") return;
  box.hidden = false;
  const select = $("perspective");
  select.replaceChildren(
    h("option", { value: "judge" }, "Judge (every card)"),
    h("option", { value: "spectator" }, "Spectator"),
    ...summary.seats.map((s) => h("option", { value: String(s.seat) }, `Seat ${s.seat} · ${s.name}`)),
  );
  select.value = perspective || "judge";
  select.onchange = () => {
    perspective = select.value === "judge" ? "" : select.value;
    showAt(wanted).catch(showError);
  };
}

async function showAt(at) {
  wanted = at;
  const asked = perspective;
  const query = `at=${at}${asked ? "&perspective=" + encodeURIComponent(asked) : ""}`;
  const r = await api(`${base}/replay?${query}`, { token });
  if (r.at !== wanted || asked !== perspective) return; // a later click has asked for another version
  current = r;
  cardIndex = indexCards(r.view);
  await loadCatalogue(r.view);
  const shownSeat = /^\d+$/.test(r.perspective) ? Number(r.perspective) : r.seat;
  renderSummary({ ...r, version: r.at, seat: shownSeat });
  renderTable({ ...r, seat: shownSeat }, []);
  renderLog(r.at);
  renderNotes(r.at);
  const scrub = $("scrubber");
  scrub.max = String(r.version);
  scrub.value = String(r.at);
  const whose = { judge: " — judge view (the match is over: every card shown)", spectator: " — as a spectator saw it" }[r.perspective]
    ?? (r.status === "finished" && r.perspective !== "spectator" ? ` — as seat ${r.perspective} (${seatName(Number(r.perspective))}) saw it` : "");
  $("at").textContent = `Version ${r.at} of ${r.version}${whereWords(r.at)}${whose}`;
  $("at").dataset.perspective = r.perspective;
  for (const id of ["prev", "first", "prev-phase", "prev-turn"]) $(id).disabled = r.at <= 0;
  for (const id of ["next", "last", "next-phase", "next-turn"]) $(id).disabled = r.at >= r.version;
  const url = new URL(location.href);
  url.searchParams.set("at", String(r.at));
  if (perspective) url.searchParams.set("perspective", perspective);
  else url.searchParams.delete("perspective");
  history.replaceState(null, "", url);
}

async function startReplay(at) {
  $("replay").hidden = false;
  $("replay-link").hidden = true;
  $("actions-panel").hidden = true;
  $("notes-panel").hidden = false;
  $("note-form").hidden = !token;
  $("note-signin").hidden = Boolean(token);
  $("share").hidden = !token;
  await Promise.all([loadEvents(), loadTimeline(), loadNotes()]);
  if (summary.status !== "finished") perspective = "";
  fillPerspectives();
  const go = (f) => () => showAt(f(wanted, Number($("scrubber").max))).catch(showError);
  $("first").onclick = go(() => 0);
  $("prev").onclick = go(STEPS.prevEvent);
  $("next").onclick = go(STEPS.nextEvent);
  $("prev-phase").onclick = go(STEPS.prevPhase);
  $("next-phase").onclick = go(STEPS.nextPhase);
  $("prev-turn").onclick = go(STEPS.prevTurn);
  $("next-turn").onclick = go(STEPS.nextTurn);
  $("last").onclick = go((v, max) => max);
  $("scrubber").onchange = go(() => Number($("scrubber").value));
  await showAt(Math.max(0, Math.min(at, summary.version)));
}

async function main() {
  if (!matchId) throw new Error("no match id in the address");
  [summary, game] = await Promise.all([api(base, { token: "" }), games()]);
  game = game.find((g) => g.id === summary.game) || null;
  $("live-link").href = `/m/${encodeURIComponent(matchId)}${params.get("as") === "spectator" ? "?as=spectator" : ""}`;
  if (params.has("at")) await startReplay(Number(params.get("at")) || 0);
  else await startLive();
}

main().catch(showError);
