"""Test helpers: play Star Trek 2E games by legal actions, and check the engine's invariants."""
from __future__ import annotations

import json
import random
import re

from rules.startrek2e import state as S
from rules.startrek2e import stats as ST
from rules.startrek2e.game import GAME

from . import fixtures


def act(state: dict, action: dict, seat: int | None = None) -> dict:
    """Apply ``action`` for the deciding seat after checking it is legal (as the service does)."""
    if seat is None:
        seat = GAME.deciding_seats(state)[0]
    GAME.validate(state, seat, action)
    return GAME.apply(state, {"seat": seat, "type": "action", "payload": action})


def check_invariants(state: dict, *, views: bool = True) -> None:
    with ST.frozen(state):
        _check_invariants(state, views=views)


def _check_invariants(state: dict, *, views: bool = True) -> None:
    seen: dict[str, int] = {}
    for lst in S.all_zone_lists(state):
        for iid in lst:
            seen[iid] = seen.get(iid, 0) + 1
    assert set(seen) == set(state["cards"]), "a card is in no zone"
    assert all(n == 1 for n in seen.values()), [i for i, n in seen.items() if n != 1]
    for iid in state["cards"]:
        assert iid in S.zone_list(state, iid)
    for s in state["seats"]:
        assert s["counters"] >= 0 and s["score"] >= 0
        assert len(s["missions"]) + len(s["unplaced"]) == 5
    for iid in S.cards_in_play(state):
        if S.ctype(state, iid) == "personnel":
            assert all(v >= 0 for v in ST.skills(state, iid).values())
            assert all(ST.value(state, iid, a) >= 0 for a in ("integrity", "cunning", "strength"))
        if S.ctype(state, iid) == "ship":
            assert len(state["cards"][iid]["damage"]) <= 2
    if state["outcome"] is None:
        assert len(GAME.deciding_seats(state)) == 1
        assert GAME.legal_actions(state, GAME.deciding_seats(state)[0])
    else:
        assert GAME.deciding_seats(state) == []
    if views:
        for s in range(len(state["seats"])):
            check_view(state, s)
        check_view(state, "spectator")


PUBLIC_LOG_EVENTS = {
    "attempt", "beamed", "captured", "combat", "completed", "damaged", "dilemmas_set", "discarded", "downloaded",
    "drew", "drew_dilemmas", "engagement", "failed", "first_player", "mission_placed", "moved", "order", "overcome",
    "placed_on_mission", "played", "played_interrupt", "removed_from_game", "repaired", "reshuffled_dilemmas",
    "responded", "returned_to_pile", "revealed", "scored", "lost_points", "stopped", "took_from_discard", "turn",
    "won", "destroyed", "killed", "took_command", "joined_engagement",
    "prevented", "examined", "revealed_cards", "gained_skills", "placed_in_play",
    "paid_for_skills", "action", "shuffled_into_deck", "placed_from_discard", "replaced", "requirements_added",
    "faces_instead", "placed", "added_to_drawn", "randomly_selected", "selected_again",
    "combat_prevented", "engagement_prevented", "named_skill", "named_number", "named_card_type", "lost_skills", "skills_blanked", "exchanged_with_pile_top", "placed_on_pile_top", "exchanged_with_deck_top",
    "exchanged_hand_with_deck_bottom",
    "added_strength", "extra_dilemmas", "redrew_dilemmas", "searched_dilemmas", "placed_on_stack", "chose_examined",
    "used_cost_change", "named_card", "counters_added", "joined_attempt", "excluded_from_selection",
    "chose_selection", "discard_made_random", "named_title", "range_restored", "chose_opponent", "placed_on_event", "spent_counters", "placed_in_core", "protected_from_dilemmas",
    "consumed", "placed_beneath",
    "decayed"}  # "Decay: N": a public event in a core and how many cards lie on it (face-down ones shown as such)  # "Consume: N": the cards go face up beneath the mission (RULES.md "Consume")
_ID = re.compile(r'"(c[0-9]+)"')


def _ids_in(node, out: set) -> None:
    """Every card instance id anywhere in ``node`` (ids are the only strings like "c12")."""
    out.update(_ID.findall(json.dumps(node)))


def check_view(state: dict, viewer) -> None:
    """A view never shows an opponent's hand, any deck or dilemma-pile order, the drawn or
    chosen face-down dilemmas of another seat, or the rng."""
    v = GAME.view(state, viewer)
    assert "rng" not in v
    shown: set = set()
    _ids_in({k: x for k, x in v.items() if k not in ("pending", "log")}, shown)
    # the log names only cards that were public when it happened (played, revealed, shown)
    assert {e["event"] for e in v["log"]} <= PUBLIC_LOG_EVENTS, {e["event"] for e in v["log"]} - PUBLIC_LOG_EVENTS
    if v["pending"]:
        if v["pending"]["seat"] == viewer:
            _ids_in({k: x for k, x in v["pending"].items() if k not in ("options", "revealed")}, shown)
        else:
            assert "options" not in v["pending"]
    for s, seat in enumerate(state["seats"]):
        assert v["seats"][s]["deck"] is None and v["seats"][s]["dilemma_pile"] is None
        hidden = list(seat["deck"]) + list(seat["dilemmas"])
        if s != viewer:
            hidden += seat["hand"] + seat["drawn"] + seat["stack"]
            hidden += [i for i in seat["out"] if state["cards"][i].get("face_down")]  # set aside unseen
            hidden += [i for i, c in state["cards"].items() if c["zone"] == "placed" and c.get("face_down")
                       and c["owner"] == s]  # placed face down on an event (effects/on_event.py)
            assert v["seats"][s]["hand"] is None
        leaked = [i for i in hidden if i in shown]
        assert not leaked, (viewer, leaked)


def new_game(a: str = "fed", b: str = "kli", seed: str = "seed", extra: dict | None = None) -> dict:
    return GAME.setup(fixtures.config(a, b, extra), seed)


def _team(state: dict, seat: int, a: dict) -> list:
    from rules.startrek2e.orders import team_for
    return team_for(state, seat, a["mission"], a.get("ship"))


def pick_action(state: dict, seat: int, r: random.Random) -> dict:
    """A random legal action, biased towards playing the game forward (attempts, moves to
    missions, playing cards, facing dilemmas) so random play reaches scoring and victory."""
    legal = GAME.legal_actions(state, seat)
    by: dict = {}
    for x in legal:
        by.setdefault(x["type"], []).append(x)
    ready = [a for a in by.get("attempt", []) if ST.meets(
        state, _team(state, seat, a), ST.mission_requirements(state, a["mission"]))]
    if ready:
        return r.choice(ready)
    if "choose_dilemma" in by and r.random() < 0.3:
        return {"type": "choose_dilemma", "card": None}
    for kind, p in (("attempt", 0.15), ("play", 0.6), ("move", 0.35), ("end_orders", 0.12)):
        if kind in by and r.random() < p:
            return r.choice(by[kind])
    if state["pending"]["kind"] == "beam_to" and r.random() < 0.7:
        onto_ships = [b for b in by["beam"] if S.ctype(state, b["to"]) == "ship"
                      and S.mission_type(state, S.mission_of(state, b["to"])) == "headquarters"]
        off_ships = [b for b in by["beam"] if S.ctype(state, b["to"]) == "mission"
                     and S.mission_type(state, b["to"]) == "planet"]
        if onto_ships or off_ships:
            return r.choice(onto_ships + off_ships)
    if "beam" in by and r.random() < 0.3:
        return r.choice(by["beam"])
    return r.choice(legal)


def random_game(seed: str, a: str = "fed", b: str = "kli", *, config: dict | None = None, check_every: int = 1,
                max_actions: int = 30000, policy=None) -> tuple[dict, int]:
    state = GAME.setup(config or fixtures.config(a, b), seed)
    r = random.Random(seed)
    n = 0
    check_invariants(state)
    while state["outcome"] is None and n < max_actions:
        seat = GAME.deciding_seats(state)[0]
        action = (policy or pick_action)(state, seat, r)
        state = GAME.apply(state, {"seat": seat, "type": "action", "payload": action})
        n += 1
        if check_every and n % check_every == 0:
            check_invariants(state)
        if n % 25 == 0:
            json.loads(json.dumps(state))  # the state stays plain JSON (dicts, lists, str, int, bool, None)
    json.dumps(state)
    return state, n


# -- scenario building -----------------------------------------------------------------
def started(seed: str = "seed", extra: dict | None = None, a: str = "fed", b: str = "kli") -> dict:
    """A game after setup: missions laid out in deck order, first player's play step."""
    state = new_game(a, b, seed, extra)
    while state["pending"]["kind"] == "place_mission":
        state = act(state, state["pending"]["options"][0])
    return state


def find(state: dict, seat: int, guid: str, zones=("deck", "hand", "discard", "dilemmas")) -> str:
    for z in zones:
        for i in state["seats"][seat][z]:
            if state["cards"][i]["guid"] == guid:
                return i
    raise LookupError(guid)


def mission(state: dict, seat: int, guid: str) -> str:
    return next(m for m in state["seats"][seat]["missions"] if state["cards"][m]["guid"] == guid)


def put(state: dict, seat: int, guid: str, zone: str, holder) -> str:
    """Take a card of ``seat`` (from deck/hand/pile) and put it into play (or any zone)."""
    iid = find(state, seat, guid)
    S.move(state, iid, zone, holder)
    if zone in S.IN_PLAY:
        state["cards"][iid]["commander"] = seat
        state["cards"][iid]["stopped"] = False
        if S.ctype(state, iid) == "ship":
            state["cards"][iid]["range_used"] = 0
    return iid


def add_card(extra: dict, card: dict) -> dict:
    extra[card["id"]] = card
    return extra


def turn_to(state: dict, seat: int, kind: str = "play") -> dict:
    """Force the pending decision to ``seat``'s step ``kind`` (for scenario tests)."""
    state["turn"]["player"] = seat
    state["seats"][seat]["counters"] = S.COUNTERS
    state["pending"] = None
    state["step"] = kind
    from rules.startrek2e import flow
    return flow.advance(state)


def options(state: dict, kind: str | None = None) -> list:
    seat = GAME.deciding_seats(state)[0]
    return [o for o in GAME.legal_actions(state, seat) if kind is None or o["type"] == kind]


def pass_responses(state: dict) -> dict:
    """Pass every open response window."""
    while state["pending"] and state["pending"]["kind"] == "respond":
        state = act(state, {"type": "pass"})
    return state


def sensible_action(state: dict, seat: int, r: random.Random) -> dict:
    """A simple purposeful player: plays personnel and ships, crews a ship at headquarters,
    flies it to one of its own missions, beams down on planets, attempts when the team
    meets the requirements; the dilemma chooser picks at random."""
    legal = GAME.legal_actions(state, seat)
    p = state["pending"]
    if p["kind"] == "orders":  # beaming is two decisions: which card (then where, above)
        from rules.startrek2e.legality import beam_options
        legal = [x for x in legal if x["type"] != "beam"] + beam_options(state, seat)
    by: dict = {}
    for x in legal:
        by.setdefault(x["type"], []).append(x)
    if p["kind"] == "play":
        plays = [x for x in by.get("play", []) if S.ctype(state, x["card"]) in ("personnel", "ship", "equipment")]
        if plays:
            return r.choice(plays)
        return by["draw"][0] if "draw" in by else by.get("end_play", legal)[0]
    if p["kind"] == "beam_to":  # aboard from a headquarters, down onto a planet
        card = legal[0]["card"]
        want = "ship" if state["cards"][card]["zone"] == "pile" else "mission"
        return next((x for x in legal if S.ctype(state, x["to"]) == want), legal[0])
    if p["kind"] != "orders":
        return pick_action(state, seat, r)
    ready = [a for a in by.get("attempt", []) if ST.meets(
        state, _team(state, seat, a), ST.mission_requirements(state, a["mission"]))]
    if ready:
        return ready[0]
    mine = [m for m in state["seats"][seat]["missions"] if not state["cards"][m].get("completed")
            and S.mission_type(state, m) != "headquarters"]
    for ship in S.ships_in_play(state, seat):
        here = S.mission_of(state, ship)
        crew = state["cards"][ship]["aboard"]
        if S.mission_type(state, here) == "headquarters":
            board = [b for b in by.get("beam", []) if state["cards"][b["card"]]["zone"] == "pile"
                     and state["cards"][b["card"]]["in"] == here and b["to"] == ship]
            if board:
                return {"type": "beam", "card": board[0]["card"]}
            moves = [x for x in by.get("move", []) if x["ship"] == ship and x["to"] in mine]
            if moves and len(crew) >= 3:
                return r.choice(moves)
        elif S.mission_type(state, here) == "planet" and here in mine:
            down = [b for b in by.get("beam", []) if b["card"] in crew and b["to"] == here]
            if down:
                return {"type": "beam", "card": down[0]["card"]}
    return {"type": "end_orders"}


# -- the real Premiere cards in fixture games ---------------------------------------------
def real(st: dict, seat: int, old_guid: str, cid: str, zone: str | None = None, holder=None) -> str:
    """Turn one of ``seat``'s fixture cards into the real Premiere card ``cid`` (its
    database entry rides in the config's extra cards) and optionally put it somewhere."""
    from rules.startrek2e.cards import card_db
    if cid not in st["extra_cards"]:  # a fixture card is there already
        st["extra_cards"][cid] = card_db()[cid]
    iid = find(st, seat, old_guid)
    st["cards"][iid]["guid"] = cid
    _deck_list_changed(st, st["cards"][iid]["owner"])
    if zone is None:
        return iid
    return put(st, seat, cid, zone, holder)


def _deck_list_changed(st: dict, seat: int) -> None:
    """The events ``seat`` is asked about in response windows whatever his hand holds
    (``when_events``: the "when" interrupts of his deck list, made at setup) follow a card
    swapped into his cards, as if his deck list had held it."""
    events = {ab["when"] for iid, c in st["cards"].items() if c["owner"] == seat
              for ab in S.abilities(st, iid, "interrupt") if ab.get("when")}
    st["seats"][seat]["when_events"] = sorted(events)


def attempt(st: dict, m: str, dilemmas=(), ship=None, respond_with: str | None = None) -> dict:
    """Seat 0 attempts ``m``; seat 1 stacks the named dilemmas (guids, from the top of his
    pile) in that order and stops choosing. Response windows are passed, except that the
    card ``respond_with`` is used when offered (then the next decision is returned)."""
    pile = st["seats"][1]["dilemmas"]
    for g in reversed(dilemmas):
        d = next(i for i in pile if st["cards"][i]["guid"] == g)
        pile.remove(d)
        pile.insert(0, d)
    st = act(st, {"type": "attempt", "mission": m, **({"ship": ship} if ship else {})})
    st = pass_responses(st)
    for g in dilemmas:
        st = act(st, next(o for o in options(st) if o["card"] and st["cards"][o["card"]]["guid"] == g))
    if st["pending"]["kind"] == "choose_dilemma":
        st = act(st, {"type": "choose_dilemma", "card": None})
    return respond(st, respond_with)


def respond(st: dict, card: str | None = None) -> dict:
    """Pass the open response windows, but use ``card``'s response when it is offered; once it is
    used, the rest of that window is passed (a seat whose deck list has "when" interrupts for the
    event is asked again whatever his hand holds), and the decision its effects ask is returned."""
    while st["pending"] and st["pending"]["kind"] == "respond":
        use = [o for o in options(st) if card is not None and o.get("card") == card]
        st = act(st, use[0] if use else {"type": "pass"})
        if use:
            return _rest_of_window(st)
    return st


def _rest_of_window(st: dict) -> dict:
    """Pass the response window that is still open after a response was used (the same window:
    as long as the decision asked is a response to the same event)."""
    event = (st["pending"] or {}).get("prompt")
    while st["pending"] and st["pending"]["kind"] == "respond" and st["pending"].get("prompt") == event:
        st = act(st, {"type": "pass"})
    return st



def ids_seen(state: dict, viewer) -> set:
    """Every card id anywhere in ``viewer``'s view — seats, log, pending decision and its options
    (the leak tests compare it with the ids a viewer may not know)."""
    return set(_ID.findall(json.dumps(GAME.view(state, viewer))))


def redeal(state: dict, iid: str, key: str, **facts) -> str:
    """Re-deal the card ``iid`` as a fixture card ``key`` with other printed facts."""
    base = state["extra_cards"][state["cards"][iid]["guid"]]
    state["extra_cards"][key] = {**base, "id": key, **facts}
    state["cards"][iid]["guid"] = key
    return iid


def planet_team(seed: str, team, *dilemmas: str, orders: bool = True) -> tuple[dict, str, list]:
    """A game where seat 0's ``team`` (fixture guids) stands on his planet T-P1 and seat 1's first
    dilemmas are turned into the real ``dilemmas`` (card ids): ``(state, mission, team ids)``, at
    seat 0's orders (or as dealt: ``orders=False``)."""
    st = started(seed)
    m = mission(st, 0, "T-P1")
    people = [put(st, 0, g, "pile", m) for g in team]
    for old, cid in zip(("T-D1", "T-D2", "T-D3", "T-D4"), dilemmas):
        real(st, 1, old, cid)
    return (turn_to(st, 0, "orders") if orders else st), m, people


STASH = {"X-STASH": {"id": "X-STASH", "title": "Stash", "type": "event", "cost": 0, "mechanics": [
    {"kind": "event", "destroy_after": False},
    {"kind": "order", "effects": [{"place_on_event": {"choose": {"scope": "hand"}, "face_down": True}}]}]}}


def stash_order(seed: str) -> tuple[dict, str, str]:
    """A fixture event in seat 0's core whose order places a card from hand face down on it, that order
    given: ``(state, the event, the first hand card offered)`` — the set-up of the face-down leak tests."""
    st = started(seed, extra=STASH)
    stash = find(st, 0, "T-EV1")
    st["cards"][stash]["guid"] = "X-STASH"
    S.move(st, stash, "core", 0)
    st["cards"][stash]["commander"] = 0
    st = turn_to(st, 0, "orders")
    st = act(st, {"type": "order", "card": stash, "ability": 1})
    return st, stash, st["pending"]["options"][0]["card"]
