// Home and lobby: register or sign in with a player token, open / accept / decline /
// cancel challenges with a starter deck, and "my matches" (waiting on you first, each
// deadline counting down). Only the public API: /v1/players, /v1/me, /v1/challenges.
import { api, ApiError, countdown, games, getToken, h, setToken } from "./api.js";

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

async function fillChallengeForm() {
  const form = $("challenge");
  const list = await games();
  form.game.replaceChildren(...list.map((g) => h("option", { value: g.id }, g.title)));
  const pick = () => {
    const g = list.find((x) => x.id === form.game.value);
    form.ruleset.replaceChildren(
      ...g.rulesets.map((r) => h("option", { value: r.id, selected: r.id === g.default_ruleset }, `${r.id} — ${r.description}`)),
    );
    form.deck.replaceChildren(...g.starter_decks.map((d) => h("option", { value: d.id }, d.name)));
  };
  form.game.onchange = pick;
  pick();
}

$("challenge").addEventListener("submit", async (ev) => {
  ev.preventDefault();
  const f = ev.target;
  const body = { game: f.game.value, ruleset: f.ruleset.value, deck: f.deck.value };
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

function deckPicker(game, id) {
  const g = gamesList.find((x) => x.id === game);
  return h(
    "select",
    { id, "aria-label": "Deck to accept with" },
    ...(g ? g.starter_decks : []).map((d) => h("option", { value: d.id }, d.name)),
  );
}

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

function renderChallenges(challenges) {
  const ul = $("challenges");
  const live = challenges.filter((c) => c.status === "open");
  if (!live.length) {
    ul.replaceChildren(h("li", { class: "empty" }, "No open challenges."));
    return;
  }
  ul.replaceChildren(
    ...live.map((c) => {
      const mine = c.creator === me.player_id;
      const joined = c.players.includes(me.player_id);
      const invited = c.invited.includes(me.player_id);
      const pickId = `deck-${c.challenge_id}`;
      const act = (verb, body) => async () => {
        try {
          const r = await api(`/v1/challenges/${encodeURIComponent(c.challenge_id)}/${verb}`, { method: "POST", body });
          say(r.match_id ? "The match has started." : { accept: "Challenge accepted.", decline: "Challenge declined.", cancel: "Challenge cancelled." }[verb]);
          await refresh();
        } catch (err) {
          say(err.message, true);
        }
      };
      const label = `${gameTitle(c.game)} (${c.ruleset}), ${c.players.length}/${c.seats} seats, expires ${countdown(c.expires_at)}`;
      return h(
        "li",
        { "data-challenge": c.challenge_id },
        h("span", {}, label, mine ? " — yours" : joined ? " — joined" : ""),
        " ",
        mine
          ? h("button", { type: "button", onclick: act("cancel") }, "Cancel")
          : joined
            ? null
            : h(
                "span",
                { class: "accept" },
                deckPicker(c.game, pickId),
                h("button", { type: "button", class: "accept-btn", onclick: () => act("accept", { deck: $(pickId).value })() }, "Accept"),
                invited ? h("button", { type: "button", onclick: act("decline") }, "Decline") : null,
              ),
      );
    }),
  );
}

start().catch((err) => say(err.message, true));
