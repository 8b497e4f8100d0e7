"""Test helpers: play Babylon 5 games by legal actions, and check the engine's invariants."""
from __future__ import annotations

import json
import random

from rules.babylon5 import state as S
from rules.babylon5 import values as V
from rules.babylon5.game import GAME


def act(state: dict, action: dict, seat: int | None = None) -> dict:
    """Apply ``action`` for the deciding seat after checking it is legal (as the service does)."""
    if seat is None:
        seat = GAME.deciding_seats(state)[0]
    GAME.validate(state, seat, action)
    return GAME.apply(state, {"seat": seat, "type": "action", "payload": action})


def all_zone_lists(state: dict):
    for seat in state["seats"]:
        for z in S.ZONES:
            yield seat[z]


def check_invariants(state: dict, *, views: bool = True) -> None:
    seen: dict[str, int] = {}
    for lst in all_zone_lists(state):
        for iid in lst:
            seen[iid] = seen.get(iid, 0) + 1
    assert set(seen) == set(state["cards"]), "a card is in no zone"
    assert all(n == 1 for n in seen.values()), [i for i, n in seen.items() if n != 1]
    for iid, c in state["cards"].items():
        assert iid in state["seats"][c["seat"]][c["zone"]]
        if c["zone"] != "play":
            assert not c["rotated"] and not c["face_down"] and c["on"] is None
        else:
            if c["on"] is not None:
                assert S.in_play(state, c["on"]), (iid, c["on"])
    for s, seat in enumerate(state["seats"]):
        if not seat["lost"]:
            amb = seat["ambassador"]
            assert state["cards"][amb]["zone"] == "play" and state["cards"][amb]["level"] == "inner"
            assert V.rating(state, s) >= 3
            assert seat["spent"] >= 0
    for v in list(state["tension"].values()) + list(state["unrest"].values()):
        assert 1 <= v <= 5
    if state["outcome"] is None:
        assert len(GAME.deciding_seats(state)) == 1
        assert GAME.legal_actions(state, GAME.deciding_seats(state)[0])
        for s in range(len(state["seats"])):
            if s not in GAME.deciding_seats(state):
                assert GAME.legal_actions(state, s) == []
    if views:
        for s in range(len(state["seats"])):
            check_view(state, s)
        check_view(state, "spectator")
    json.dumps(state)


def _shown(node, out: set) -> None:
    if isinstance(node, dict):
        if "id" in node and "title" in node:
            out.add(node["id"])
        for v in node.values():
            _shown(v, out)
    elif isinstance(node, list):
        for v in node:
            _shown(v, out)


def _titles(node, out: set) -> None:
    if isinstance(node, dict):
        if isinstance(node.get("title"), str):
            out.add(node["title"])
        for v in node.values():
            _titles(v, out)
    elif isinstance(node, list):
        for v in node:
            _titles(v, out)


def hidden_from(state: dict, viewer) -> list[str]:
    hidden = []
    for s, seat in enumerate(state["seats"]):
        hidden += seat["deck"]
        if s != viewer:
            hidden += seat["hand"]
            hidden += [i for i in seat["play"] if state["cards"][i]["face_down"]]
    return hidden


def check_view(state: dict, viewer) -> None:
    v = GAME.view(state, viewer)
    text = json.dumps(v)
    assert "rng" not in v and '"seed"' not in text
    shown: set = set()
    _shown({k: x for k, x in v.items() if k not in ("pending", "log")}, shown)
    hidden = hidden_from(state, viewer)
    leaked = [i for i in hidden if i in shown]
    assert not leaked, (viewer, leaked)
    # no hidden card's title shows anywhere (unless a public copy of that card explains it)
    public_titles = set()
    _titles(v, public_titles)
    for t in {S.title(state, i) for i in hidden} - public_titles:
        assert t not in text, (viewer, t)
    for s, seat in enumerate(v["seats"]):
        assert seat["deck"] is None
        if s != viewer:
            assert seat["hand"] is None
    if v["pending"] and v["pending"]["seat"] != viewer:
        assert "options" not in v["pending"]
    for e in v["log"]:
        assert not e.get("private") or e.get("seat") == viewer
        if e["event"] in ("conflict_declared", "contingency_played") or (e["event"] == "sponsored" and e.get("hidden")):
            assert "title" not in e or e["event"] == "conflict_declared" and e.get("agenda")
    for k in v["conflicts"]:
        if k["face_down"] and k["initiator"] != viewer:
            assert set(k) == {"id", "initiator", "face_down"}


def random_game(config: dict, seed: str, *, check_every: int = 1, views_every: int = 7, max_actions: int = 30000,
                rnd_seed=None) -> tuple[dict, int]:
    state = GAME.setup(config, seed)
    r = random.Random(rnd_seed if rnd_seed is not None else seed)
    n = 0
    check_invariants(state)
    while state["outcome"] is None and n < max_actions:
        seat = GAME.deciding_seats(state)[0]
        legal = GAME.legal_actions(state, seat)
        state = GAME.apply(state, {"seat": seat, "type": "action", "payload": r.choice(legal)})
        n += 1
        if check_every and n % check_every == 0:
            check_invariants(state, views=bool(views_every) and n % views_every == 0)
    check_invariants(state)
    return state, n


# ---------------------------------------------------------------- scenarios

def add_card(state: dict, seat: int, def_id: str, zone: str = "hand", *, level: str | None = None,
             defs: dict | None = None, **fields) -> str:
    """Put a new instance of a fixture card into a zone (test set-up only)."""
    from rules.babylon5.setup import new_card

    from . import fixtures as F
    if def_id not in state["defs"]:
        state["defs"][def_id] = (defs or F.DB)[def_id]
    iid = f"t{len(state['cards']) + 1}"
    c = new_card(def_id, seat, zone)
    if zone == "play":
        c["level"] = level or ("supporting" if state["defs"][def_id]["type"] in ("character", "group", "fleet", "location") else None)
    c.update(fields)
    state["cards"][iid] = c
    state["seats"][seat][zone].append(iid)
    return iid


def scenario(races, *, ratings=None, seed: str = "scenario", deck_size: int = 10, extra=None, hands=None,
             tension=None, empty_hands: bool = True) -> dict:
    """A game set up from fixture cards, opening hands skipped (empty unless ``hands``),
    with optional influence ratings (initiative) and tensions; stopped at the first
    conflict declaration of turn 1."""
    from rules.babylon5 import flow, setup

    from . import fixtures as F
    config = F.config(list(races), deck_size=deck_size, extra=extra)
    state = setup.starting_a_game(config, seed)
    for s, sd in enumerate(state["seats"]):
        sd["opening_done"] = True
        if ratings:
            sd["rating"] = ratings[s]
        for did in (hands or {}).get(s, []):
            add_card(state, s, did, "hand", defs=config["extra_cards"])
    for k, v in (tension or {}).items():
        state["tension"][k] = v
    return flow.advance(state)


def until(state: dict, kind: str, seat: int | None = None) -> dict:
    """Answer every decision with the most passive choice until ``kind`` is pending (for ``seat``)."""
    from rules.babylon5.game import GAME
    passive = ("no_conflict", "pass", "done", "ready_rest", "keep_hidden")
    for _ in range(2000):
        p = state["pending"]
        if state["outcome"] or (p["kind"] == kind and (seat is None or p["seat"] == seat)):
            return state
        legal = GAME.legal_actions(state, p["seat"])
        a = next((x for x in legal if x["type"] in passive), legal[0])
        state = act(state, a)
    raise AssertionError(f"never reached {kind}")


def ambassador(state: dict, seat: int) -> str:
    return state["seats"][seat]["ambassador"]
