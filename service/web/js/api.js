// The public REST API, as the pages use it: one fetch wrapper, the player token kept in
// localStorage, errors turned into ApiError with the server's code and message.

const TOKEN_KEY = "subspace.token";

export function getToken() {
  return localStorage.getItem(TOKEN_KEY) || "";
}

export function setToken(token) {
  if (token) localStorage.setItem(TOKEN_KEY, token);
  else localStorage.removeItem(TOKEN_KEY);
}

// Seat tokens of matches this browser created (forks): {matchId: {seat: token}}.
const SEATS_KEY = "subspace.seats";

export function seatTokens(matchId) {
  const all = JSON.parse(localStorage.getItem(SEATS_KEY) || "{}");
  return all[matchId] || {};
}

export function keepSeatTokens(matchId, seats) {
  const all = JSON.parse(localStorage.getItem(SEATS_KEY) || "{}");
  all[matchId] = Object.fromEntries(seats.map((s) => [s.seat, s.token]));
  localStorage.setItem(SEATS_KEY, JSON.stringify(all));
}

export class ApiError extends Error {
  constructor(status, body) {
    const err = (body && body.error) || {};
    super(err.message || `HTTP ${status}`);
    this.status = status;
    this.code = err.code || "http_" + status;
    this.details = err.details || {};
  }
}

/** A fresh Idempotency-Key (a retry of the same action reuses it). */
export function newKey() {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Call the API. `opts.token` overrides the stored token ("" = none: read as a spectator). */
export async function api(path, opts = {}) {
  const headers = { Accept: "application/json" };
  const token = opts.token !== undefined ? opts.token : getToken();
  if (token) headers.Authorization = "Bearer " + token;
  if (opts.key) headers["Idempotency-Key"] = opts.key;
  let body;
  if (opts.body !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(opts.body);
  }
  const response = await fetch(path, { method: opts.method || "GET", headers, body });
  const text = await response.text();
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!response.ok) throw new ApiError(response.status, data);
  return data;
}

/**
 * Follow a match's Server-Sent Events. EventSource cannot send an Authorization header,
 * and a seat must read its own redacted stream, so the stream is read with fetch and
 * parsed here (the same wire format: id/event/data lines, blank line ends an event).
 * Reconnects with Last-Event-ID after a dropped connection; `stop()` ends it.
 */
export function followStream(matchId, after, token, { onEvent, onEnd, onError }) {
  let lastId = after;
  let controller = null;
  let stopped = false;

  async function run() {
    while (!stopped) {
      controller = new AbortController();
      const headers = { Accept: "text/event-stream", "Last-Event-ID": String(lastId) };
      if (token) headers.Authorization = "Bearer " + token;
      let ended = false;
      try {
        const response = await fetch(`/v1/matches/${encodeURIComponent(matchId)}/stream`, {
          headers,
          signal: controller.signal,
        });
        if (!response.ok) {
          let data = null;
          try { data = await response.json(); } catch { data = null; }
          throw new ApiError(response.status, data);
        }
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = "";
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value;
          let cut;
          while ((cut = buffer.search(/\r?\n\r?\n/)) >= 0) {
            const block = buffer.slice(0, cut);
            buffer = buffer.slice(cut).replace(/^\r?\n\r?\n/, "");
            const msg = parseBlock(block);
            if (!msg) continue;
            if (msg.event === "end") {
              ended = true;
              onEnd && onEnd(JSON.parse(msg.data));
            } else if (msg.data) {
              if (msg.id !== null) lastId = Number(msg.id);
              onEvent(JSON.parse(msg.data));
            }
          }
        }
      } catch (err) {
        if (stopped) return;
        if (err instanceof ApiError && err.status < 500 && err.status !== 429) {
          onError && onError(err);
          return;
        }
      }
      if (ended || stopped) return;
      await new Promise((r) => setTimeout(r, 2000));
    }
  }
  run();
  return {
    stop() {
      stopped = true;
      if (controller) controller.abort();
    },
  };
}

function parseBlock(block) {
  const msg = { id: null, event: "message", data: "" };
  let any = false;
  for (const line of block.split(/\r?\n/)) {
    if (!line || line.startsWith(":")) continue;
    const i = line.indexOf(":");
    const field = i < 0 ? line : line.slice(0, i);
    const value = i < 0 ? "" : line.slice(i + 1).replace(/^ /, "");
    if (field === "id") msg.id = value;
    else if (field === "event") msg.event = value;
    else if (field === "data") msg.data += (msg.data ? "\n" : "") + value;
    any = true;
  }
  return any ? msg : null;
}

let gamesCache = null;
/** /v1/games, once per page. */
export async function games() {
  if (!gamesCache) gamesCache = api("/v1/games", { token: "" }).then((d) => d.games);
  return gamesCache;
}

/** Small DOM helper: h("li", {class: "x"}, "text", child). */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") el.className = v;
    else if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
    else if (k === "text") el.textContent = v;
    else el.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : String(c));
  }
  return el;
}

/** "in 2 d 3 h", "in 4 min 12 s", "overdue by 5 min". */
export function countdown(deadline, now = Date.now()) {
  let ms = Date.parse(deadline) - now;
  const late = ms < 0;
  ms = Math.abs(ms);
  const s = Math.floor(ms / 1000);
  const d = Math.floor(s / 86400), hh = Math.floor((s % 86400) / 3600), mm = Math.floor((s % 3600) / 60);
  const text = d ? `${d} d ${hh} h` : hh ? `${hh} h ${mm} min` : `${mm} min ${s % 60} s`;
  return late ? `overdue by ${text}` : `in ${text}`;
}
