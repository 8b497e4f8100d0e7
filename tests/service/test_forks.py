"""``POST /v1/matches/<id>/forks`` over HTTP (issue 14 item 2): a seat's fork of a live
match looks the same to that seat and hides nothing else (leak test: the fork's hidden
cards are a re-draw), a spectator may not fork a live match, a finished match forks
exactly (fed the original's actions, the fork reaches the same states), bad input is a
4xx that creates nothing, and a fork is flagged and never anyone's result."""
from __future__ import annotations

import json

import pytest

import rules
from replays import current_state, state_at
from rules.protocol import shown_cards
from service import matches_logic
from tests.rules.golden import state_hash
from tests.service.helpers import bearer, register_player
from tests.service.test_interchange import _play_to_end

GAMES = ("stargate", "babylon5", "startrek2e")


@pytest.fixture
def rt(app):
    return app.extensions["subspace"]


def _fork(client, match_id, at, token=None):
    return client.post(f"/v1/matches/{match_id}/forks", json={"at": at}, headers=bearer(token) if token else {})


@pytest.mark.parametrize("game_id", GAMES)
def test_a_finished_match_forks_exactly_and_replays_the_same(client, rt, game_id):
    match_id, _ = _play_to_end(rt, game_id, f"fork-{game_id}")
    game = rules.get_game(game_id)
    head = rt.store.version(match_id)
    events = rt.store.read_events(match_id)
    at = head // 2
    answer = _fork(client, match_id, at)  # anyone (a spectator) may fork a finished match
    assert answer.status_code == 201, answer.get_json()
    body = answer.get_json()
    assert body["fork_of"] == {"match": match_id, "at": at, "exact": True, "seat": None}
    fork_id, tokens = body["match_id"], [s["token"] for s in body["seats"]]
    for ev in events[at:]:
        assert ev["type"] == "action"
        version = ev["v"] - at - 1
        posted = client.post(f"/v1/matches/{fork_id}/actions", headers=bearer(tokens[ev["seat"]]),
                             json={"expected_version": version, "action": ev["payload"]})
        assert posted.status_code == 201, posted.get_json()
        _, fork_state = current_state(rt.store, game, fork_id)
        assert state_hash(fork_state) == state_hash(state_at(rt.store, game, match_id, ev["v"]))
    summary = client.get(f"/v1/matches/{fork_id}").get_json()
    assert summary["status"] == "finished" and summary["fork_of"]["match"] == match_id
    assert client.get(f"/v1/matches/{match_id}").get_json()["fork_of"] is None


@pytest.mark.parametrize("game_id", ["stargate", "startrek2e"])
def test_a_seat_fork_of_a_live_match_is_a_redraw(client, rt, game_id):
    match_id, tokens = _play_to_end(rt, game_id, f"live-{game_id}", max_events=12)
    game = rules.get_game(game_id)
    head, original = current_state(rt.store, game, match_id)
    assert game.outcome(original) is None
    answer = _fork(client, match_id, head, tokens[0])
    assert answer.status_code == 201, answer.get_json()
    body = answer.get_json()
    assert body["fork_of"] == {"match": match_id, "at": head, "exact": False, "seat": 0}
    fork_id, fork_tokens = body["match_id"], [s["token"] for s in body["seats"]]
    mine = client.get(f"/v1/matches/{match_id}/state", headers=bearer(tokens[0])).get_json()["view"]
    forked = client.get(f"/v1/matches/{fork_id}/state", headers=bearer(fork_tokens[0])).get_json()["view"]
    assert forked == mine  # the caller sees the same position
    _, fork_state = current_state(rt.store, game, fork_id)
    unknown = set(original["cards"]) - shown_cards(game.view(original, 0))
    moved = [c for c in unknown if fork_state["cards"][c] != original["cards"][c]]
    assert len(moved) >= len(unknown) // 2  # the opponent's true hidden cards are not there
    assert fork_state["rng"] != original["rng"]
    summary = client.get(f"/v1/matches/{fork_id}").get_json()
    assert summary["decklists"] is None and summary["decklist_commitments"] is None
    # the opponent's seat of the fork is the caller's to play
    seat = game.deciding_seats(fork_state)[0]
    legal = client.get(f"/v1/matches/{fork_id}/legal-actions", headers=bearer(fork_tokens[seat])).get_json()
    assert legal["actions"]


def test_a_spectator_may_not_fork_a_live_match(client, rt):
    match_id, tokens = _play_to_end(rt, "stargate", "spect", max_events=4)
    before = rt.store.count_matches()
    answer = _fork(client, match_id, 2)
    assert answer.status_code == 403 and answer.get_json()["error"]["code"] == "spectator_fork"
    player = register_player(client, "Eve")
    answer = _fork(client, match_id, 2, player["token"])  # a player holding no seat is a spectator
    assert answer.status_code == 403
    assert rt.store.count_matches() == before


def test_bad_fork_requests_are_refused_and_create_nothing(client, rt):
    match_id, tokens = _play_to_end(rt, "stargate", "bad", max_events=4)
    before = rt.store.count_matches()
    for body in ({"at": 99}, {"at": -1}, {}, {"at": "1"}, {"at": 1, "extra": True}):
        answer = client.post(f"/v1/matches/{match_id}/forks", json=body, headers=bearer(tokens[0]))
        assert answer.status_code == 400, (body, answer.get_json())
        assert answer.get_json()["error"]["code"]
    assert _fork(client, "nope", 0, tokens[0]).status_code == 404
    assert _fork(client, match_id, 1, "not-a-token").status_code == 401
    assert rt.store.count_matches() == before


def test_a_fork_is_never_a_players_result(client, rt):
    ann, bob = register_player(client, "Ann"), register_player(client, "Bob")
    created = matches_logic.create_match(rt.store, "stargate", None,
                                         [{"name": "Ann", "deck": rules.get_game("stargate").starter_decks()[0]["id"]},
                                          {"name": "Bob", "deck": rules.get_game("stargate").starter_decks()[1]["id"]}],
                                         seat_players=[ann["player_id"], bob["player_id"]])
    answer = _fork(client, created["match_id"], 0, ann["token"])
    assert answer.status_code == 201
    listed = client.get("/v1/me/matches", headers=bearer(ann["token"])).get_json()
    ids = [m["match_id"] for m in listed["matches"]]
    assert created["match_id"] in ids and answer.get_json()["match_id"] not in ids


def test_refold_check_folds_a_fork_from_its_own_version_0(client, rt):
    """A fork's version 0 is the state it was forked from (a re-drawn one has no config to
    set up from): the re-fold check starts there and finds nothing to report."""
    from replays.refold import check_match

    match_id, tokens = _play_to_end(rt, "startrek2e", "fork-refold", max_events=10)
    fork = _fork(client, match_id, 10, tokens[0]).get_json()
    game = rules.get_game("startrek2e")
    fork_tokens = [s["token"] for s in fork["seats"]]
    for i in range(5):
        version, state = current_state(rt.store, game, fork["match_id"])
        seat = game.deciding_seats(state)[0]
        matches_logic.post_action(rt, fork["match_id"], fork_tokens[seat], version, game.bot_action(state, seat, f"f{i}"))
    assert check_match(rt.store, fork["match_id"]) is None


@pytest.mark.parametrize("game_id", GAMES)
def test_a_live_fork_with_hidden_cards_in_play_is_the_pure_redraw(client, rt, game_id):
    """Hidden cards anywhere (a face-down card in play, dilemmas drawn) no longer refuse a
    seat's fork: the fork's version 0 is exactly ``rules.forks.redraw_for_seat`` of the
    position for that seat with the fork's own seed — the function whose leak property
    (the fork depends on nothing the seat cannot see) tests/rules/test_forks.py checks."""
    from rules import forks

    match_id, tokens = _play_to_end(rt, game_id, f"anywhere-{game_id}", max_events=120)
    game = rules.get_game(game_id)
    head, now = current_state(rt.store, game, match_id)
    assert game.outcome(now) is None
    at = head
    for version in range(head, 0, -1):  # the latest position with a card hidden from seat 0 outside hand and deck
        state = state_at(rt.store, game, match_id, version)
        known = forks.known_cards(game.view(state, 0), state["cards"])
        if any(c["zone"] not in ("hand", "deck") and i not in known for i, c in state["cards"].items()):
            at = version
            break
    answer = _fork(client, match_id, at, tokens[0])
    assert answer.status_code == 201, answer.get_json()
    fork_id = answer.get_json()["match_id"]
    seed = rt.store.get_meta(fork_id)["seed"]
    _, fork_state = current_state(rt.store, game, fork_id)
    original = state_at(rt.store, game, match_id, at)
    assert fork_state == forks.redraw_for_seat(game, original, 0, seed)
    assert game.view(fork_state, 0) == game.view(original, 0)


def _play_fork_to_end(client, rt, game, fork_id, tokens, seed: str, limit: int = 3000):
    for i in range(limit):
        version, state = current_state(rt.store, game, fork_id)
        if game.outcome(state) is not None:
            return
        seat = game.deciding_seats(state)[0]
        matches_logic.post_action(rt, fork_id, tokens[seat], version, game.bot_action(state, seat, f"{seed}{i}"))
    pytest.fail("the fork did not finish")


def _export(client, match_id):
    answer = client.get(f"/v1/matches/{match_id}/export")
    assert answer.status_code == 200
    return answer.get_data(as_text=True)


def _import(client, text):
    return client.post("/v1/imports", data=text.encode(), content_type="application/x-ndjson")


@pytest.mark.parametrize("game_id", GAMES)
def test_an_exported_fork_re_imports_verified_and_round_trips(client, rt, redis_conn, game_id):
    """Exact fork of a finished match (fed the original's actions) and a seat's re-drawn
    fork of a live one (played to its end): each exports with its starting position,
    imports into an empty server verified (folded from that position by the rules), stays
    a fork (never a result), and exports again with a byte-identical body."""
    from replays import interchange

    match_id, _ = _play_to_end(rt, game_id, f"fx-{game_id}")
    head = rt.store.version(match_id)
    exact = _fork(client, match_id, head // 2).get_json()
    for ev in rt.store.read_events(match_id)[head // 2:]:
        version = ev["v"] - head // 2 - 1
        posted = client.post(f"/v1/matches/{exact['match_id']}/actions", headers=bearer(exact["seats"][ev["seat"]]["token"]),
                             json={"expected_version": version, "action": ev["payload"]})
        assert posted.status_code == 201, posted.get_json()
    live_id, live_tokens = _play_to_end(rt, game_id, f"fl-{game_id}", max_events=15)
    redrawn = _fork(client, live_id, 15, live_tokens[1]).get_json()
    _play_fork_to_end(client, rt, rules.get_game(game_id), redrawn["match_id"], [s["token"] for s in redrawn["seats"]],
                      f"fr-{game_id}")
    texts = [_export(client, exact["match_id"]), _export(client, redrawn["match_id"])]
    for text in texts:
        header = json.loads(text.split("\n", 1)[0])
        assert header["view"] == "full" and header["fork_of"] and isinstance(header["start"], dict)
    redis_conn.flushdb()  # an empty server
    for text in texts:
        answer = _import(client, text)
        assert answer.status_code == 201, answer.get_json()
        assert answer.get_json()["verified"] is True
        imported = answer.get_json()["match_id"]
        assert interchange.body_of(_export(client, imported)) == interchange.body_of(text)
        summary = client.get(f"/v1/matches/{imported}").get_json()
        assert summary["status"] == "finished" and summary["fork_of"] == json.loads(text.split("\n", 1)[0])["fork_of"]


def test_a_forged_fork_export_is_refused_with_reason_and_event(client, rt):
    """A fork's file whose starting position carries other random states than its seed
    gives (other future draws) is refused at the header; a changed event by its number."""
    match_id, tokens = _play_to_end(rt, "stargate", "ff", max_events=15)
    fork = _fork(client, match_id, 15, tokens[0]).get_json()
    _play_fork_to_end(client, rt, rules.get_game("stargate"), fork["match_id"], [s["token"] for s in fork["seats"]], "ff")
    lines = [json.loads(x) for x in _export(client, fork["match_id"]).splitlines()]
    from replays import interchange

    forged = json.loads(json.dumps(lines))
    forged[0]["start"]["rng"] = {"seed": "chosen", "n": 0}
    error = _import(client, "\n".join(interchange.canonical(x) for x in forged) + "\n").get_json()["error"]
    assert error["code"] == "fork_start_mismatch" and error["details"]["line"] == 1
    forged = json.loads(json.dumps(lines))
    forged[3]["seat"] = 1 - forged[3]["seat"]
    error = _import(client, "\n".join(interchange.canonical(x) for x in forged) + "\n").get_json()["error"]
    assert error["code"] == "event_not_folding" and error["details"]["event"] == 3
