"""Hidden information in error answers (issue 10, item 1): an error may name only what the
caller's own view shows.

Hypothesis plays each built-in game over HTTP to a random point, then every caller — each
seat, a spectator without a token and one holding another match's seat token — posts an
invalid action naming *every* card id of the match. No message, detail or header may
hold a title, card number or text that the caller's view hides, and for a card the
caller cannot see the answer must be word for word the answer for an id that names no
card at all (so it does not even confirm that the id exists, or where it is)."""
from __future__ import annotations

import random
import re

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

import rules
from replays.history import current_state
from rules.protocol import CARD_ID, JUDGE, shown_cards, shown_faces
from store import MatchStore
from tests.service.helpers import bearer, url
from tests.support.hidden import strings

BUILTIN = sorted(rules._BUILTIN)
NO_SUCH_CARD = "c987654"
# What a card's face tells (its number is ``guid`` or, in Babylon 5, ``card``).
FACE_FIELDS = ("title", "subtitle", "guid", "card", "text")
# Action types every game's describe_illegal explains, posted besides the legal ones.
TYPES = ("play", "sponsor", "promote", "declare_conflict", "play_aftermath", "support", "attack", "heal",
         "play_event", "complication", "assign", "boost", "activate", "beam", "move", "attempt", "discard",
         "choose", "choose_dilemma")
CARD_KEYS = ("card", "by", "at", "to", "ship", "mission", "target")
# Headers that differ between two answers for reasons other than their content.
VOLATILE_HEADERS = {"Date", "Content-Length"}


def _create(client, game_id: str) -> dict:
    decks = [d["id"] for d in rules.get_game(game_id).starter_decks()]
    created = client.post("/v1/matches", json={"game": game_id, "seats": [
        {"name": "Ann", "deck": decks[0]}, {"name": "Bob", "deck": decks[1]}]})
    assert created.status_code == 201, created.json
    return created.json


def _play(client, match: dict, steps: int, pick: random.Random) -> int:
    """Random legal play over HTTP for up to ``steps`` actions; returns the version."""
    tokens = [s["token"] for s in match["seats"]]
    version = client.get(url(match)).json["version"]
    for _ in range(steps):
        summary = client.get(url(match)).json
        if summary["status"] == "finished":
            break
        seat = summary["deciding_seats"][0]
        listing = client.get(url(match, "/legal-actions"), headers=bearer(tokens[seat])).json
        response = client.post(url(match, "/actions"), headers=bearer(tokens[seat]),
                               json={"expected_version": version, "action": pick.choice(listing["actions"])})
        assert response.status_code == 201, response.json
        version = response.json["version"]
    return version


def _shapes(legal: list[dict], ref: str) -> list[dict]:
    """Invalid actions naming ``ref``: each legal action with one of its card fields set to
    ``ref``, and every explained action type with ``ref`` in each card field."""
    out = []
    for action in legal:
        for key, value in action.items():
            if isinstance(value, str) and CARD_ID.fullmatch(value):
                out.append({**action, key: ref})
    for kind in sorted(TYPES + tuple({a["type"] for a in legal})):
        out += [{"type": kind, key: ref} for key in CARD_KEYS]
    return out


def _answer(response, ref: str) -> tuple:
    """What a caller learns from an answer, with the posted id written as ``<ref>`` — the
    whole id only: ``c6`` must not turn ``c63`` (another card named in the same action) into
    ``<ref>3``, which made two equal answers differ by chance."""
    whole = re.compile(rf"(?<![A-Za-z0-9_-]){re.escape(ref)}(?![A-Za-z0-9_-])")
    text = whole.sub("<ref>", response.get_data(as_text=True))
    headers = sorted((k, whole.sub("<ref>", v)) for k, v in response.headers.items() if k not in VOLATILE_HEADERS)
    return response.status_code, text, headers


def _hidden_faces(judge_cards: dict, seen: list[str]) -> set[str]:
    """Every face field of every card that appears nowhere in what the caller sees."""
    out = set()
    for card in judge_cards.values():
        for field in FACE_FIELDS:
            value = card.get(field)
            if isinstance(value, str) and len(value) >= 4 and not any(value in s for s in seen):
                out.add(value)
    return out


def _probe(client, redis_conn, game_id: str, match: dict, other: dict, pick: random.Random) -> int:
    """Every caller posts an invalid action naming every card id; returns how many were posted."""
    game = rules.get_game(game_id)
    store = MatchStore(redis_conn)
    version, state = current_state(store, game, match["match_id"])
    if game.outcome(state) is not None:
        return 0
    ids = sorted(state["cards"])
    judge_cards = shown_faces(game.view(state, JUDGE))
    tokens = [s["token"] for s in match["seats"]]
    callers = {f"seat {s}": bearer(t) for s, t in enumerate(tokens)}
    callers["spectator"] = {}
    callers["another match's seat"] = bearer(other["seats"][0]["token"])
    posted = 0
    for who, headers in callers.items():
        state_read = client.get(url(match, "/state"), headers=headers)
        if state_read.status_code == 401:  # a token of no seat here: what anyone sees
            state_read = client.get(url(match, "/state"))
        seen_view = state_read.json["view"]
        seen = strings(seen_view)
        hidden = _hidden_faces(judge_cards, seen)
        shown = shown_cards(seen_view)
        legal = client.get(url(match, "/legal-actions"), headers=headers)
        legal = legal.json["actions"] if legal.status_code == 200 else []
        baseline: dict = {}
        for ref in ids:
            action = pick.choice([a for a in _shapes(legal, ref) if a not in legal])
            response = client.post(url(match, "/actions"), headers=headers,
                                   json={"expected_version": version, "action": action})
            posted += 1
            assert 400 <= response.status_code < 500, (who, action, response.json)
            told = strings(response.json) + [f"{k}: {v}" for k, v in response.headers.items()]
            leaked = {h for h in hidden if any(h in s for s in told)}
            assert not leaked, f"{game_id} v{version}: {who} posting {action} learned {leaked}: {response.json}"
            if ref not in shown:
                key = repr({k: ("<ref>" if v == ref else v) for k, v in action.items()})
                if key not in baseline:
                    fake = client.post(url(match, "/actions"), headers=headers, json={
                        "expected_version": version, "action": {k: (NO_SUCH_CARD if v == ref else v)
                                                                for k, v in action.items()}})
                    baseline[key] = _answer(fake, NO_SUCH_CARD)
                assert _answer(response, ref) == baseline[key], (
                    f"{game_id} v{version}: {who} can tell hidden card {ref} from no card with {action}: "
                    f"{response.json}")
    return posted


@pytest.mark.slow
@pytest.mark.parametrize("game_id", BUILTIN)
def test_no_error_names_a_card_the_caller_cannot_see(client, redis_conn, game_id):
    other = _create(client, game_id)

    @settings(max_examples=3, deadline=None, derandomize=True, phases=[Phase.explicit, Phase.generate],
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
    @given(steps=st.lists(st.integers(0, 60), min_size=1, max_size=2), seed=st.integers(0, 2**32 - 1))
    def play_and_probe(steps: list[int], seed: int) -> None:
        match = _create(client, game_id)
        pick = random.Random(seed)
        for n in steps:
            _play(client, match, n, pick)
            _probe(client, redis_conn, game_id, match, other, pick)

    play_and_probe()
