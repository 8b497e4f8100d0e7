// Draw any game's view JSON as a table, without knowing the game: the view is walked,
// every list of cards becomes a labelled zone row, every other list or object a labelled
// section, every number or word a stat. A card is an object with an `id` and a name
// (`title`) or a `face_down` flag; a hidden card (`id: null`, or `null` where a card would
// be) is drawn as a card back and carries nothing else to the page.
import { h } from "./api.js";

const CARD_FIELDS_HIDDEN = new Set(["id", "owner", "controller", "face_down", "title", "subtitle", "guid", "card", "official"]);

const FOLD_AFTER = 4;

export function isCard(value) {
  return (
    value !== null &&
    typeof value === "object" &&
    !Array.isArray(value) &&
    "id" in value &&
    ("title" in value || "face_down" in value || "guid" in value)
  );
}

export function words(key) {
  return String(key).replace(/_/g, " ");
}

/** Every card of a view by id (for labelling actions and events with names). */
export function indexCards(view, index = new Map()) {
  if (Array.isArray(view)) view.forEach((v) => indexCards(v, index));
  else if (view && typeof view === "object") {
    if (isCard(view) && view.id) index.set(view.id, view);
    Object.values(view).forEach((v) => indexCards(v, index));
  }
  return index;
}

/** The definition keys of every visible card (to ask the catalogue for their text). */
export function cardKeys(view, cardKey, keys = new Set()) {
  if (Array.isArray(view)) view.forEach((v) => cardKeys(v, cardKey, keys));
  else if (view && typeof view === "object") {
    if (isCard(view) && view.id && typeof view[cardKey] === "string") keys.add(view[cardKey]);
    Object.values(view).forEach((v) => cardKeys(v, cardKey, keys));
  }
  return keys;
}

function isCardList(list) {
  return list.length > 0 && list.every((v) => v === null || isCard(v));
}

function isScalar(v) {
  return v === null || ["string", "number", "boolean"].includes(typeof v);
}

function scalarText(v) {
  if (v === null) return "—";
  if (typeof v === "boolean") return v ? "yes" : "no";
  return String(v);
}

/**
 * ctx: { seatNames, mySeat, actionsByCard: Map(id -> [{label, action}]), onAction(action),
 *        onFocusCard(card) }
 */
export function renderView(view, ctx) {
  const root = h("div", { class: "view" });
  const stats = h("dl", { class: "stats" });
  const rest = [];
  for (const [key, value] of Object.entries(view || {})) {
    if (key === "seats" && Array.isArray(value)) continue;
    if (isScalar(value)) stats.append(h("dt", {}, words(key)), h("dd", {}, scalarText(value)));
    else rest.push([key, value]);
  }
  if (stats.children.length) root.append(stats);
  for (const [key, value] of rest) root.append(renderNode(key, value, ctx, 2));
  if (Array.isArray(view && view.seats)) {
    const seats = h("div", { class: "seats" });
    view.seats.forEach((seat, i) => {
      const name = (seat && seat.name) || (ctx.seatNames && ctx.seatNames[i]) || `Seat ${i}`;
      const you = ctx.mySeat === i ? " (you)" : "";
      const sec = h("section", { class: "seat" + (ctx.mySeat === i ? " mine" : ""), "data-seat": i, "aria-label": `Seat ${i}: ${name}` });
      sec.append(h("h2", {}, `Seat ${i} · ${name}${you}`));
      sec.append(renderBody(seat, ctx, 3, new Set(["name"])));
      seats.append(sec);
    });
    root.append(seats);
  }
  return root;
}

/** A null whose sibling `<key>_size` / `<key>_count` is set is there but not yours to see. */
function statText(obj, key, value, ctx) {
  if (value === null && (`${key}_size` in obj || `${key}_count` in obj)) return "hidden";
  if (typeof value === "string" && ctx.nameOf) return ctx.nameOf(value) || value; // a card id by its name
  return scalarText(value);
}

function renderBody(obj, ctx, level, skip = new Set()) {
  const box = h("div", { class: "body" });
  if (!obj || typeof obj !== "object") {
    box.append(h("p", { class: "hidden-note" }, obj === null ? "hidden" : scalarText(obj)));
    return box;
  }
  const stats = h("dl", { class: "stats" });
  const rest = [];
  for (const [key, value] of Object.entries(obj)) {
    if (skip.has(key)) continue;
    if (isScalar(value)) stats.append(h("dt", {}, words(key)), h("dd", {}, statText(obj, key, value, ctx)));
    else rest.push([key, value]);
  }
  if (stats.children.length) box.append(stats);
  for (const [key, value] of rest) box.append(renderNode(key, value, ctx, level));
  return box;
}

function renderNode(key, value, ctx, level) {
  const heading = `h${Math.min(level, 6)}`;
  if (Array.isArray(value)) {
    if (value.length === 0 || isCardList(value) || value.every(isScalar)) return renderZone(key, value, ctx);
    // a long list of records (a game's own log, …) folds away behind its summary line
    if (value.length > FOLD_AFTER) {
      const box = h("details", { class: "group", "data-zone": key }, h("summary", {}, `${words(key)} (${value.length})`));
      value.forEach((item, i) => box.append(renderNode(`${words(key)} ${i + 1}`, item, ctx, level + 1)));
      return box;
    }
    const sec = h("section", { class: "group", "data-zone": key }, h(heading, {}, words(key)));
    value.forEach((item, i) => sec.append(renderNode(`${words(key)} ${i + 1}`, item, ctx, level + 1)));
    return sec;
  }
  if (isCard(value)) return renderZone(key, [value], ctx);
  if (value && typeof value === "object") {
    const sec = h("section", { class: "group", "data-zone": key }, h(heading, {}, words(key)));
    sec.append(renderBody(value, ctx, level + 1));
    return sec;
  }
  return h("p", {}, `${words(key)}: ${scalarText(value)}`);
}

function renderZone(key, list, ctx) {
  const row = h("div", { class: "zone", "data-zone": key, role: "group", "aria-label": words(key) });
  row.append(h("div", { class: "zone-label" }, words(key), h("span", { class: "count" }, ` (${list.length})`)));
  const cards = h("ul", { class: "cards" });
  if (!list.length) cards.append(h("li", { class: "empty" }, "empty"));
  for (const item of list) {
    if (item === null || (isCard(item) && !item.id)) cards.append(h("li", {}, cardBack(item)));
    else if (isCard(item)) cards.append(h("li", {}, renderCard(item, ctx)));
    else {
      const name = typeof item === "string" && ctx.nameOf ? ctx.nameOf(item) : null; // a card id by its name
      cards.append(h("li", {}, h("span", { class: "chip", "data-value": scalarText(item) }, name || scalarText(item))));
    }
  }
  row.append(cards);
  return row;
}

function cardBack(item) {
  const where = item && item.owner !== undefined && item.owner !== null ? `, seat ${item.owner}` : "";
  return h("div", { class: "card back", "aria-label": `a hidden card${where}`, role: "img" }, h("span", {}, "Subspace"));
}

function renderCard(card, ctx) {
  const el = h("div", {
    class: "card" + (card.face_down ? " face-down" : ""),
    tabindex: "0",
    "data-card": card.id,
    "aria-label": `${card.title || card.id}${card.subtitle ? ", " + card.subtitle : ""}`,
  });
  const focus = () => ctx.onFocusCard && ctx.onFocusCard(card);
  el.addEventListener("focus", focus);
  el.addEventListener("mouseenter", focus);
  el.append(h("span", { class: "name" }, card.title || card.id));
  if (card.subtitle) el.append(h("span", { class: "sub" }, card.subtitle));
  const tags = [card.type, card.state, card.rotated ? "rotated" : null, card.face_down ? "face down" : null].filter(Boolean);
  if (tags.length) el.append(h("span", { class: "tags" }, tags.join(" · ")));
  // what sits on, under or with the card (ships on a mission, crew aboard a ship, …)
  for (const [key, value] of Object.entries(card)) {
    if (CARD_FIELDS_HIDDEN.has(key) || isScalar(value)) continue;
    if (Array.isArray(value) && value.length && (isCardList(value))) el.append(renderZone(key, value, ctx));
  }
  const acts = (ctx.actionsByCard && ctx.actionsByCard.get(card.id)) || [];
  if (acts.length) {
    el.classList.add("actionable");
    el.append(
      h(
        "span",
        { class: "card-actions" },
        ...acts.map((a) => h("button", { type: "button", class: "act", onclick: (e) => { e.stopPropagation(); ctx.onAction(a.action); } }, a.verb)),
      ),
    );
  }
  return el;
}

/** The card panel: the view's own numbers for the card plus its catalogue face. */
export function renderDetail(card, face) {
  const box = h("div", {});
  box.append(h("h3", {}, card.title || card.id, card.subtitle ? h("small", {}, " — " + card.subtitle) : null));
  const dl = h("dl", { class: "stats" });
  const add = (k, v) => dl.append(h("dt", {}, words(k)), h("dd", {}, v));
  for (const [k, v] of Object.entries(card)) {
    if (CARD_FIELDS_HIDDEN.has(k) || v === null || Array.isArray(v)) continue;
    if (typeof v === "object") add(k, Object.entries(v).map(([a, b]) => `${words(a)} ${b}`).join(", ") || "—");
    else add(k, scalarText(v));
  }
  if (face) {
    for (const k of ["type", "subtype", "cost", "allegiance", "race", "glyph", "points"]) {
      if (face[k] !== undefined && face[k] !== null && !(k in card)) add(k, scalarText(face[k]));
    }
    for (const k of ["skills", "numbers", "abilities", "requirements"]) {
      const v = face[k];
      if (k in card) continue; // the view's own numbers (modified in play) win over the printed ones
      if (v && typeof v === "object" && Object.keys(v).length) {
        add(k, Array.isArray(v) ? v.join(", ") : Object.entries(v).map(([a, b]) => `${words(a)} ${b}`).join(", "));
      }
    }
    if (face.traits && face.traits.length) add("traits", face.traits.join(", "));
  }
  box.append(dl);
  if (face && face.text) {
    const lines = Array.isArray(face.text) ? face.text : [face.text];
    box.append(...lines.map((t) => h("p", { class: "text" }, t)));
  }
  return box;
}
