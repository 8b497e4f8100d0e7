"""Every authored Premiere mechanic runs in the engine: every verb is interpreted, and every
dilemma with mechanics resolves against a mixed team (planet and space) with every
invariant held, whatever the random choices."""
import json
import random

import pytest

from rules.startrek2e import flow
from rules.startrek2e import state as S
from rules.startrek2e.cards import card_db
from rules.startrek2e.effects.interpreter import SUPPORTED
from rules.startrek2e.effects.schema import EFFECT_VERBS, validate_mechanics
from rules.startrek2e.game import GAME

from .helpers import check_invariants, mission, put, started

DB = card_db()
AUTHORED = {k: c for k, c in DB.items() if c.get("mechanics")}
DILEMMAS = sorted(k for k, c in AUTHORED.items() if c["type"] == "dilemma")


def test_every_effect_verb_of_the_language_is_interpreted():
    assert EFFECT_VERBS == SUPPORTED


def test_every_authored_mechanic_is_valid():
    bad = {k: validate_mechanics(c["mechanics"]) for k, c in AUTHORED.items() if validate_mechanics(c["mechanics"])}
    assert bad == {}


def _face(key: str, space: bool, seed: int):
    extra = {key: DB[key]}
    st = started(f"dilemma-{key}", extra=extra)
    m = mission(st, 0, "T-S1" if space else "T-P1")
    guids = ("T-F1", "T-F2", "T-F3", "T-F4", "T-F5", "T-F7", "T-F8")
    if space:
        ship = put(st, 0, "T-SF", "ships", m)
        team = [put(st, 0, g, "aboard", ship) for g in guids]
    else:
        ship = None
        team = [put(st, 0, g, "pile", m) for g in guids]
    put(st, 0, "T-EQ3", "pile" if not space else "aboard", m if not space else ship)
    d = st["seats"][1]["dilemmas"][0]
    st["cards"][d]["guid"] = key
    S.move(st, d, "stack", 1)
    st["turn"]["player"] = 0
    st["attempt"] = {"seat": 0, "mission": m, "ship": ship, "personnel": team, "dilemma_owner": 1,
                     "budget": len(team), "spent": 0, "current": None, "resolving": False}
    st["step"] = "face_dilemmas"
    st["pending"] = None
    st = flow.advance(st)
    r = random.Random(seed)
    n = 0
    while st["outcome"] is None and st["step"] != "orders" and n < 200:
        seat = GAME.deciding_seats(st)[0]
        action = r.choice(GAME.legal_actions(st, seat))
        st = GAME.apply(st, {"seat": seat, "type": "action", "payload": action})
        n += 1
    check_invariants(st)
    json.dumps(st)
    return st, d


@pytest.mark.parametrize("key", DILEMMAS)
def test_every_authored_dilemma_resolves_with_invariants_held(key):
    dtype = DB[key].get("dilemma_type")
    for space in ([False] if dtype == "planet" else [True] if dtype == "space" else [False, True]):
        st, d = _face(key, space, 1)
        assert st["step"] == "orders" or st["outcome"] is not None
        # "… place this dilemma in your core" (Bleeding to Death, Hard Time: verb place_in_core) keeps it there
        kept_in_core = ("core",) if "place_in_core" in json.dumps(DB[key].get("mechanics")) else ()
        assert st["cards"][d]["zone"] in ("under", "dilemmas", "damage", "on", "discard") + kept_in_core
