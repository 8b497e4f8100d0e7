// "Your deck": a starter deck, or a deck list pasted in the game's own format (JSON, as
// the API takes it), checked as it is typed against the game's construction rules by
// POST /v1/games/<game>/decks/check (debounced; nothing is stored; the answer names every
// violation). Used by the new-challenge form and by each challenge's Accept.
import { api, ApiError, h } from "./api.js";

const CHECK_AFTER_MS = 400; // quiet time after the last keystroke before asking
export const PASTED = "__list__";

// The shape of each game's deck list, shown as the text area's placeholder.
const EXAMPLES = {
  stargate: '{"team": ["1/95", …4], "missions": [… 12, 3 of each skill], "deck": ["1/1", {"card": "1/2", "qty": 2}, …]}',
  startrek2e: '{"missions": ["1R208", … 5], "dilemmas": [… ], "deck": ["1C1", {"card": "1C2", "qty": 3}, …]}',
  babylon5: '{"ambassador": "<card id>", "deck": ["<card id>", {"card": "<card id>", "qty": 3}, … 45+]}',
};

/**
 * A deck chooser for `game`: a select of its starter decks plus "a deck list", and, when
 * the list is chosen, a text area checked as it is typed.
 * opts: { id, starters, ruleset(): the ruleset to judge by, seats(): the seat count,
 *         onValidity(ok) : called whenever the list's verdict changes }
 * Returns { el, deck(): the deck to post (throws with a message when the list is not JSON) }.
 */
export function deckChooser(game, opts) {
  const select = h(
    "select",
    { id: opts.id, name: "deck", "aria-label": opts.label || "Your deck" },
    ...opts.starters.map((d) => h("option", { value: d.id }, d.name)),
    h("option", { value: PASTED }, "A deck list (paste it)…"),
  );
  const area = h("textarea", {
    id: opts.id + "-list", class: "decklist", rows: "6", spellcheck: "false", autocomplete: "off",
    "aria-label": "Deck list (JSON, the game's deck format)", placeholder: EXAMPLES[game] || "the deck as JSON",
    "aria-describedby": opts.id + "-check",
  });
  const verdict = h("div", { id: opts.id + "-check", class: "deck-check", role: "status", "aria-live": "polite" });
  const listBox = h("div", { class: "deck-list", hidden: true }, area, verdict);
  const el = h("div", { class: "deck-chooser" }, select, listBox);
  let timer = null;
  let asked = 0; // the latest check asked for: an older answer arriving late is dropped
  let ok = true;
  const setOk = (value) => {
    ok = value;
    el.dataset.valid = String(value);
    opts.onValidity && opts.onValidity(value);
  };

  function parsed() {
    const text = area.value.trim();
    if (!text) throw new Error("paste a deck list");
    try {
      return JSON.parse(text);
    } catch (err) {
      throw new Error("not a JSON deck list yet (" + err.message + ")");
    }
  }

  async function check() {
    let deck;
    try {
      deck = parsed();
    } catch (err) {
      verdict.replaceChildren(h("p", { class: "error" }, err.message));
      return setOk(false);
    }
    const mine = ++asked;
    verdict.replaceChildren(h("p", { class: "hint" }, "Checking…"));
    try {
      const r = await api(`/v1/games/${encodeURIComponent(game)}/decks/check`, {
        method: "POST", token: "", body: { deck, ruleset: opts.ruleset(), seats: opts.seats() },
      });
      if (mine !== asked) return;
      if (r.valid) verdict.replaceChildren(h("p", { class: "ok" }, `A legal deck for ${r.ruleset}.`));
      else {
        verdict.replaceChildren(
          h("p", { class: "error" }, `${r.violations.length} problem${r.violations.length === 1 ? "" : "s"}:`),
          h("ul", { class: "violations" }, ...r.violations.map((v) => h("li", { "data-rule": v.rule || v.code || "" }, v.message))),
        );
      }
      setOk(r.valid);
    } catch (err) {
      if (mine !== asked) return;
      const why = err instanceof ApiError && err.status === 429 ? "checking too often; it checks again when you type" : err.message;
      verdict.replaceChildren(h("p", { class: "error" }, why));
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
      return select.value === PASTED ? parsed() : select.value;
    },
    get valid() {
      return select.value !== PASTED || ok;
    },
  };
}
