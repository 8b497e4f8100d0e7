"""``subspace refold --check`` after a rules change (issue 14 item 5): a test double of the
engine (High Card with one card's mechanics changed: a played 7 counts as 17) replaces the
game in this process; the check names exactly the matches whose log plays a 7, each at
the version of that first play, and nothing else. Then the seats (or a judge) accept the
new fold or keep the recorded one."""
from __future__ import annotations

import json
import random

import pytest
from click.testing import CliRunner

import rules
from replays import refold
from replays.pinning import engine_versions
from service import matches_logic
from service.cli import main
from tests.service.helpers import bearer
from tests.support.tinygame import GAME, HighCard

SEATS = [{"name": "Ann", "deck": "ten"}, {"name": "Bob", "deck": "ten"}]


class SevenCountsSeventeen(HighCard):
    """The 'deploy': card 7, played face up, now scores 17."""

    def apply(self, state: dict, event: dict) -> dict:
        state = super().apply(state, event)
        action = event["payload"]
        if action["type"] == "play" and action["card"] == 7:
            played = state["seats"][event["seat"]]["played"]
            played[played.index(7)] = 17
            if state["over"]:  # the total decides the winner again
                totals = [sum(s["played"]) for s in state["seats"]]
                state["over"] = {"winners": [i for i, t in enumerate(totals) if t == max(totals)],
                                 "reason": "highest total"}
        return state


def _play(rt, seed: int, events: int, seven_first: bool = False) -> tuple[str, list[str], int | None]:
    """A High Card match played by seeded random choices for ``events`` events (a 7 first
    whenever one may be played, if ``seven_first``); returns its id, seat tokens and the
    version of its first face-up 7 (None: never played)."""
    created = matches_logic.create_match(rt.store, "highcard", "long", SEATS)
    tokens = [s["token"] for s in created["seats"]]
    rnd = random.Random(seed)
    first_seven = None
    for _ in range(events):
        version, state = matches_logic.current_state(rt.store, GAME, created["match_id"])
        seats = GAME.deciding_seats(state)
        if not seats:
            break
        legal = GAME.legal_actions(state, seats[0])
        seven = {"type": "play", "card": 7}
        action = seven if seven_first and seven in legal else rnd.choice(legal)
        matches_logic.post_action(rt, created["match_id"], tokens[seats[0]], version, action)
        if first_seven is None and action == {"type": "play", "card": 7}:
            first_seven = version + 1
    return created["match_id"], tokens, first_seven


@pytest.fixture
def changed_engine():
    """Swap the test double in for High Card (as a deploy would), restoring it after."""
    def swap() -> None:
        rules.register(SevenCountsSeventeen())
    yield swap
    rules.register(GAME)


def _check(redis_url: str) -> tuple[int, list[dict]]:
    result = CliRunner().invoke(main, ["refold", "--check", "--finished", "--json", "--redis-url", redis_url])
    return result.exit_code, json.loads(result.output)


@pytest.mark.parametrize("snapshot_every", [1, 4])
def test_refold_check_names_exactly_the_diverged_matches_and_versions(
        app, redis_url, monkeypatch, changed_engine, snapshot_every):
    monkeypatch.setattr("workers.jobs.SNAPSHOT_EVERY", snapshot_every)
    # A finished match keeps only every FINISHED_SNAPSHOT_EVERY-th snapshot: the check locates
    # a divergence between the checkpoints kept, so keep them all here.
    monkeypatch.setattr("workers.jobs.FINISHED_SNAPSHOT_EVERY", snapshot_every)
    rt = app.extensions["subspace"]
    played = [_play(rt, seed, events) for seed, events in enumerate([12, 12, 12, 12, 6, 6, 3, 12])]
    played += [_play(rt, 9, 8, seven_first=True), _play(rt, 10, 7, seven_first=True)]  # live ones that diverge
    expected = {match_id: seven for match_id, _, seven in played if seven is not None}
    assert expected and len(expected) < len(played)  # some diverge, some do not

    code, found = _check(redis_url)
    assert code == 0 and found == []  # the same engine: nothing diverges
    before = engine_versions(rules.get_game("highcard"))
    changed_engine()
    assert engine_versions(rules.get_game("highcard"))["engine_version"] != before["engine_version"]

    code, found = _check(redis_url)
    assert code == 1
    assert {d["match_id"] for d in found} == set(expected)
    live = {m for m, _, _ in played if rt.store.get_meta(m)["status"] != "finished"}
    assert live & set(expected)  # a live match diverges (a finished one too, almost always)
    for d in found:
        true = expected[d["match_id"]]
        if snapshot_every == 1 or d["match_id"] in live:
            # a snapshot per event, or a live match's state digest of every version: exact
            assert (d["first_divergent_version"], d["last_agreeing_version"]) == (true, true - 1)
        else:  # a finished match keeps no digests: bracketed by the snapshots (or the head) around it
            assert d["last_agreeing_version"] < true <= d["first_divergent_version"]
        assert d["reason"] == "state_differs"
        assert d["recorded_engine_version"] == before["engine_version"] != d["engine_version"]
    assert refold.diverged(rt.store) == sorted(expected)


def test_seats_accept_or_keep_and_summaries_show_the_flag(app, client, redis_url, monkeypatch, changed_engine):
    monkeypatch.setattr("workers.jobs.SNAPSHOT_EVERY", 1)
    monkeypatch.setattr("workers.jobs.FINISHED_SNAPSHOT_EVERY", 1)  # exact checkpoints after the end too
    rt = app.extensions["subspace"]
    matches = [_play(rt, seed, 12) for seed in range(12)]
    sevens = [m for m in matches if m[2] is not None]
    calm = [m for m in matches if m[2] is None]
    assert len(sevens) >= 2 and calm
    changed_engine()
    assert _check(redis_url)[0] == 1

    accepted, kept = sevens[0], sevens[1]
    summary = client.get(f"/v1/matches/{accepted[0]}").json
    assert summary["refold"]["status"] == "diverged"
    assert summary["refold"]["first_divergent_version"] == accepted[2]
    assert all(isinstance(v, (str, int, type(None))) for v in summary["refold"].values())  # facts, never a state
    assert client.get(f"/v1/matches/{calm[0][0]}").json["refold"] is None

    url = f"/v1/matches/{accepted[0]}/refold"
    assert client.post(url, json={"decision": "accept"}).status_code == 401  # a spectator has no vote
    first = client.post(url, json={"decision": "accept"}, headers=bearer(accepted[1][0]))
    assert first.status_code == 200 and first.json["refold"]["status"] == "diverged"  # waits for seat 1
    second = client.post(url, json={"decision": "accept"}, headers=bearer(accepted[1][1]))
    assert second.status_code == 200 and second.json["refold"]["status"] == "accepted"
    view = client.get(f"/v1/matches/{accepted[0]}/state", headers=bearer(accepted[1][0])).json["view"]
    assert any(17 in s["played"] for s in view["seats"])  # the new fold is the match now

    url = f"/v1/matches/{kept[0]}/refold"
    stored_before = rt.store.load_projection(kept[0])
    response = client.post(url, json={"decision": "keep"}, headers=bearer(kept[1][1]))
    assert response.status_code == 200 and response.json["refold"]["status"] == "kept"
    assert rt.store.load_projection(kept[0]) == stored_before  # nothing rewritten
    again = client.post(url, json={"decision": "accept"}, headers=bearer(kept[1][0]))
    assert again.status_code == 409 and again.json["error"]["code"] == "no_refold_pending"

    code, found = _check(redis_url)  # decided matches stay decided; the others are named again
    assert {d["match_id"] for d in found} == {m[0] for m in sevens[2:]}
    if sevens[2:]:
        result = CliRunner().invoke(main, ["refold", "--keep", sevens[2][0], "--redis-url", redis_url])
        assert result.exit_code == 0 and "kept" in result.output
