// "Your deck": a starter deck, or a pasted deck list — plain text as players keep it
// ("3x Card Title", "1R208", "Missions:" headers, comments; an OCTGN .o8d or Lackey .dek
// file's text) or the API's JSON deck — told apart by its first character. Checked as it is
// typed by POST /v1/games/<game>/decks/check (debounced; nothing is stored): plain text is
// posted as `text`, and the server reads it against the game's card pool, answering with
// every line it cannot read (400 deck_list_unreadable, by line number) or with the deck dict
// the list names and its verdict. The deck a challenge posts is always a deck dict: the
// parsed one for a text list. Used by the new-challenge form and by each challenge's Accept.
import { api, ApiError, h } from "./api.js";

const CHECK_AFTER_MS = 400; // quiet time after the last keystroke before asking
export const PASTED = "__list__";

// The shape of each game's deck list, shown as the text area's placeholder (card names only).
const EXAMPLES = {
  stargate: "Team:\n1 Jack O'Neill, SG-1 Commander\n1 Teal'c (1/105)\n…\nMissions:\n1 Attend Triad\n…\nDeck:\n3x Fire Rain\n2 1/1\n…\n(plain text or OCTGN .o8d; the API's JSON works too)",
  startrek2e: "Missions:\n1 Earth, Home of Starfleet Command (1U162)\n…\nDilemmas:\n2x Wavefront\n…\nDraw Deck:\n3x Bareil Antos, Esteemed Vedek\n1 1C072\n…\n(plain text, trekcc or Lackey; the API's JSON works too)",
  babylon5: "Ambassador: <the ambassador's title>\nRace: narn\n\nDeck:\n3x <card title>\n2 <card id>\n…\n(plain text; the API's JSON works too)",
};

/** Whether a pasted list is the API's JSON (an object, array or starter id in quotes). */
export function looksLikeJson(text) {
  return /^[{["]/.test(text.trim());
}

/**
 * A deck chooser for `game`: a select of its starter decks plus "a deck list", and, when
 * the list is chosen, a text area checked as it is typed.
 * opts: { id, starters, ruleset(): the ruleset to judge by, seats(): the seat count,
 *         onValidity(ok) : called whenever the list's verdict changes }
 * Returns { el, deck(): the deck to post (throws with a message when the list is unreadable
 * or not checked yet) }.
 */
export function deckChooser(game, opts) {
  const select = h(
    "select",
    { id: opts.id, name: "deck", "aria-label": opts.label || "Your deck" },
    ...opts.starters.map((d) => h("option", { value: d.id }, d.name)),
    h("option", { value: PASTED }, "A deck list (paste it)…"),
  );
  const area = h("textarea", {
    id: opts.id + "-list", class: "decklist", rows: "8", spellcheck: "false", autocomplete: "off",
    "aria-label": "Deck list: one card a line ('3x Card Title' or its key) under section headers, or the API's JSON",
    placeholder: EXAMPLES[game] || "one card a line, or the deck as JSON",
    "aria-describedby": opts.id + "-check",
  });
  const verdict = h("div", { id: opts.id + "-check", class: "deck-check", role: "status", "aria-live": "polite" });
  const listBox = h("div", { class: "deck-list", hidden: true }, area, verdict);
  const el = h("div", { class: "deck-chooser" }, select, listBox);
  let timer = null;
  let asked = 0; // the latest check asked for: an older answer arriving late is dropped
  let ok = true;
  let read = null; // { text, deck }: the deck dict the server read from exactly this text
  const setOk = (value) => {
    ok = value;
    el.dataset.valid = String(value);
    opts.onValidity && opts.onValidity(value);
  };

  // What to post to the check: { deck } for JSON, { text } for a plain list.
  function body() {
    const text = area.value;
    if (!text.trim()) throw new Error("paste a deck list: one card a line, e.g. '3x Card Title'");
    if (!looksLikeJson(text)) return { text };
    try {
      return { deck: JSON.parse(text) };
    } catch (err) {
      throw new Error("not a JSON deck list yet (" + err.message + ")");
    }
  }

  // Select line `n` (1-based, as the server numbers them) in the text area.
  function goToLine(n) {
    const lines = area.value.split(/\r\n|\r|\n/);
    const start = lines.slice(0, n - 1).reduce((at, l) => at + l.length + 1, 0);
    area.focus();
    area.setSelectionRange(start, start + (lines[n - 1] || "").length);
  }

  function lineProblems(err) {
    const details = Array.isArray(err.details) ? err.details : [];
    const numbered = details.filter((d) => d && d.line);
    if (!numbered.length) return [h("p", { class: "error" }, err.message)];
    return [
      h("p", { class: "error" }, `${numbered.length} line${numbered.length === 1 ? "" : "s"} cannot be read:`),
      h("ul", { class: "violations line-problems" },
        ...numbered.map((d) => h("li", { "data-line": String(d.line), "data-code": d.code || "" },
          h("button", { type: "button", class: "link", title: "select this line", onclick: () => goToLine(d.line) },
            `line ${d.line}`),
          " " + d.message.replace(/^line \d+: /, "")))),
    ];
  }

  // "4 team, 12 missions, 44 deck": how many cards of each part the server read.
  function counted(deck) {
    if (!deck || typeof deck !== "object") return "";
    const parts = Object.entries(deck).map(([part, v]) => {
      const n = Array.isArray(v) ? v.reduce((sum, e) => sum + (e && typeof e === "object" ? e.qty || 1 : 1), 0) : part === "ambassador" ? 1 : 0;
      return n ? `${n} ${part}` : "";
    }).filter(Boolean);
    return parts.length ? ` Read: ${parts.join(", ")}.` : "";
  }

  async function check() {
    let posted;
    try {
      posted = body();
    } catch (err) {
      verdict.replaceChildren(h("p", { class: "error" }, err.message));
      return setOk(false);
    }
    const mine = ++asked;
    const text = area.value;
    verdict.replaceChildren(h("p", { class: "hint" }, "Checking…"));
    try {
      const r = await api(`/v1/games/${encodeURIComponent(game)}/decks/check`, {
        method: "POST", token: "", body: { ...posted, ruleset: opts.ruleset(), seats: opts.seats() },
      });
      if (mine !== asked) return;
      read = posted.text !== undefined ? { text, deck: r.deck } : null;
      const how = posted.text !== undefined ? counted(r.deck) : "";
      if (r.valid) verdict.replaceChildren(h("p", { class: "ok" }, `A legal deck for ${r.ruleset}.${how}`));
      else {
        verdict.replaceChildren(
          h("p", { class: "error" }, `${r.violations.length} problem${r.violations.length === 1 ? "" : "s"}:${how}`),
          h("ul", { class: "violations" }, ...r.violations.map((v) => h("li", { "data-rule": v.rule || v.code || "" }, v.message))),
        );
      }
      setOk(r.valid);
    } catch (err) {
      if (mine !== asked) return;
      read = null;
      if (err instanceof ApiError && err.code === "deck_list_unreadable") verdict.replaceChildren(...lineProblems(err));
      else {
        const why = err instanceof ApiError && err.status === 429 ? "checking too often; it checks again when you type" : err.message;
        verdict.replaceChildren(h("p", { class: "error" }, why));
      }
      setOk(false);
    }
  }

  const later = () => {
    clearTimeout(timer);
    timer = setTimeout(check, CHECK_AFTER_MS);
  };
  area.addEventListener("input", later);
  select.addEventListener("change", () => {
    const pasting = select.value === PASTED;
    listBox.hidden = !pasting;
    if (pasting) later();
    else setOk(true);
  });
  return {
    el,
    recheck() {
      if (select.value === PASTED) later();
    },
    deck() {
      if (select.value !== PASTED) return select.value;
      const posted = body();
      if (posted.deck !== undefined) return posted.deck;
      if (!read || read.text !== area.value) throw new Error("the deck list is still being checked; try again in a moment");
      return read.deck;
    },
    get valid() {
      return select.value !== PASTED || ok;
    },
  };
}
