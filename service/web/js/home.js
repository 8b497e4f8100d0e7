// Home and lobby: register or sign in with a player token, open / accept / decline /
// cancel challenges with a starter deck or a pasted deck list (checked as it is typed:
// deck.js), and "my matches" (waiting on you first, each
// deadline counting down). Only the public API: /v1/players, /v1/me, /v1/challenges.
import { api, ApiError, countdown, games, getToken, h, setToken } from "./api.js";
import { deckChooser } from "./deck.js";

const $ = (id) => document.getElementById(id);
const REFRESH_MS = 3000;
let me = null;
let refreshTimer = null;

function say(text, isError = false) {
  const el = $("status");
  el.textContent = text;
  el.className = isError ? "error" : "";
}

async function start() {
  const token = getToken();
  if (!token) return showSignIn();
  try {
    me = await api("/v1/me");
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) {
      setToken("");
      say("That token is not known here any more; sign in again.", true);
      return showSignIn();
    }
    throw err;
  }
  showLobby();
}

function showSignIn() {
  $("signin").hidden = false;
  $("lobby").hidden = true;
  $("who").textContent = "";
}

async function showLobby() {
  $("signin").hidden = true;
  $("lobby").hidden = false;
  $("who").textContent = `${me.display_name} · ${me.player_id}`;
  await fillChallengeForm();
  await refresh();
  clearInterval(refreshTimer);
  refreshTimer = setInterval(() => refresh().catch(() => {}), REFRESH_MS);
  setInterval(tickDeadlines, 1000);
}

$("register").addEventListener("submit", async (ev) => {
  ev.preventDefault();
  const name = ev.target.display_name.value.trim();
  try {
    const player = await api("/v1/players", { method: "POST", body: { display_name: name }, token: "" });
    setToken(player.token);
    me = await api("/v1/me");
    const notice = $("newtoken");
    notice.hidden = false;
    notice.replaceChildren(
      "Your player token (shown once — keep it to sign in elsewhere): ",
      h("code", { id: "token-value" }, player.token),
    );
    say(`Welcome, ${me.display_name}.`);
    showLobby();
  } catch (err) {
    say(err.message, true);
  }
});

$("login").addEventListener("submit", async (ev) => {
  ev.preventDefault();
  setToken(ev.target.token.value.trim());
  ev.target.reset();
  try {
    me = await api("/v1/me");
    say(`Signed in as ${me.display_name}.`);
    showLobby();
  } catch (err) {
    setToken("");
    say(err.status === 401 ? "No player has that token." : err.message, true);
  }
});

$("signout").addEventListener("click", () => {
  setToken("");
  clearInterval(refreshTimer);
  me = null;
  say("Signed out.");
  showSignIn();
});

let newDeck = null; // the new challenge's deck chooser (made again when the game changes)

async function fillChallengeForm() {
  const form = $("challenge");
  const list = await games();
  form.game.replaceChildren(...list.map((g) => h("option", { value: g.id }, g.title)));
  const submit = form.querySelector("button[type=submit]");
  const pick = () => {
    const g = list.find((x) => x.id === form.game.value);
    form.ruleset.replaceChildren(
      ...g.rulesets.map((r) => h("option", { value: r.id, selected: r.id === g.default_ruleset }, `${r.id} — ${r.description}`)),
    );
    newDeck = deckChooser(g.id, {
      id: "new-deck", starters: g.starter_decks, ruleset: () => form.ruleset.value, seats: () => 2,
      onValidity: (ok) => { submit.disabled = !ok; },
    });
    $("deck-slot").replaceChildren(newDeck.el);
    submit.disabled = false;
  };
  form.game.onchange = pick;
  form.ruleset.onchange = () => newDeck && newDeck.recheck();
  pick();
}

$("challenge").addEventListener("submit", async (ev) => {
  ev.preventDefault();
  const f = ev.target;
  let deck;
  try {
    deck = newDeck.deck();
  } catch (err) {
    return say(err.message, true);
  }
  const body = { game: f.game.value, ruleset: f.ruleset.value, deck };
  if (f.invited.value.trim()) body.invited = f.invited.value.trim().split(/[\s,]+/);
  if (f.days.value) body.clock = { days_per_decision: Number(f.days.value) };
  try {
    const c = await api("/v1/challenges", { method: "POST", body });
    say(`Challenge ${c.challenge_id} is open.`);
    await refresh();
  } catch (err) {
    say(err.message, true);
  }
});

let gamesList = [];

async function refresh() {
  gamesList = await games();
  const [{ matches }, { challenges }] = await Promise.all([api("/v1/me/matches"), api("/v1/challenges")]);
  renderMatches(matches);
  renderChallenges(challenges);
}

function gameTitle(id) {
  const g = gamesList.find((x) => x.id === id);
  return g ? g.title : id;
}

function renderMatches(matches) {
  const ul = $("matches");
  if (!matches.length) {
    ul.replaceChildren(h("li", { class: "empty" }, "No matches yet: open or accept a challenge."));
    return;
  }
  ul.replaceChildren(
    ...matches.map((m) => {
      const names = m.seats.map((s) => s.name).join(" vs ");
      const state = m.status === "finished" ? "finished" : m.your_decision ? "your move" : "waiting for the opponent";
      return h(
        "li",
        { class: m.your_decision ? "yours" : "", "data-match": m.match_id },
        h("a", { href: `/m/${encodeURIComponent(m.match_id)}` }, `${gameTitle(m.game)}: ${names}`),
        " ",
        h("span", { class: "tag" }, state),
        m.deadline ? h("span", { class: "deadline", "data-deadline": m.deadline }, countdown(m.deadline)) : null,
      );
    }),
  );
}

function tickDeadlines() {
  for (const el of document.querySelectorAll("[data-deadline]")) el.textContent = countdown(el.dataset.deadline);
}

// Each offer's row is kept across refreshes (a deck list being typed into keeps its text
// and its focus): rows are added, updated and removed, never all rebuilt.
const offers = new Map(); // challenge id -> { li, label, joined }

function renderChallenges(challenges) {
  const ul = $("challenges");
  const live = challenges.filter((c) => c.status === "open");
  for (const [id, row] of offers) {
    if (!live.some((c) => c.challenge_id === id)) {
      row.li.remove();
      offers.delete(id);
    }
  }
  ul.querySelectorAll("li.empty").forEach((el) => el.remove());
  if (!live.length) {
    ul.replaceChildren(h("li", { class: "empty" }, "No open challenges."));
    return;
  }
  live.forEach((c, i) => {
    const mine = c.creator === me.player_id;
    const joined = c.players.includes(me.player_id);
    let row = offers.get(c.challenge_id);
    if (!row || row.joined !== joined) {
      if (row) row.li.remove();
      row = offerRow(c, mine, joined);
      offers.set(c.challenge_id, row);
    }
    row.label.textContent = `${gameTitle(c.game)} (${c.ruleset}), ${c.players.length}/${c.seats} seats, expires ${countdown(c.expires_at)}${mine ? " — yours" : joined ? " — joined" : ""}`;
    if (ul.children[i] !== row.li) ul.insertBefore(row.li, ul.children[i] || null);
  });
}

function offerRow(c, mine, joined) {
  const invited = c.invited.includes(me.player_id);
  const act = (verb, body) => async () => {
    try {
      const r = await api(`/v1/challenges/${encodeURIComponent(c.challenge_id)}/${verb}`, { method: "POST", body });
      say(r.match_id ? "The match has started." : { accept: "Challenge accepted.", decline: "Challenge declined.", cancel: "Challenge cancelled." }[verb]);
      await refresh();
    } catch (err) {
      say(err.message, true);
    }
  };
  let controls = null;
  if (mine) controls = h("button", { type: "button", onclick: act("cancel") }, "Cancel");
  else if (!joined) {
    const g = gamesList.find((x) => x.id === c.game);
    const accept = h("button", { type: "button", class: "accept-btn" }, "Accept");
    const chooser = deckChooser(c.game, {
      id: `deck-${c.challenge_id}`, label: "Deck to accept with", starters: g ? g.starter_decks : [],
      ruleset: () => c.ruleset, seats: () => c.seats, onValidity: (ok) => { accept.disabled = !ok; },
    });
    accept.onclick = () => {
      let deck;
      try {
        deck = chooser.deck();
      } catch (err) {
        return say(err.message, true);
      }
      act("accept", { deck })();
    };
    controls = h("span", { class: "accept" }, chooser.el, accept,
      invited ? h("button", { type: "button", onclick: act("decline") }, "Decline") : null);
  }
  const label = h("span", { class: "offer" });
  return { li: h("li", { "data-challenge": c.challenge_id }, label, " ", controls), label, joined };
}

start().catch((err) => say(err.message, true));
