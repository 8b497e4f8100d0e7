"""Random legal play over HTTP: whatever legal actions the seats pick, every one is
accepted, versions count up by one, and after the end the public log re-folds from the
revealed seed to the state the service holds."""
from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from replays import verify_replay
from rules.protocol import JUDGE
from tests.service.helpers import create_match, deciding_seat, legal, post, url


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(picks=st.lists(st.integers(min_value=0, max_value=50), min_size=12, max_size=12), long=st.booleans())
def test_random_legal_play_is_accepted_and_refolds(client, tinygame, picks, long):
    match = create_match(client, ruleset="long" if long else None)
    version = 0
    for pick in picks:
        seat = deciding_seat(client, match)
        if seat is None:
            break
        actions = legal(client, match, seat)["actions"]
        response = post(client, match, seat, version, actions[pick % len(actions)])
        assert response.status_code == 201, response.json
        assert response.json["version"] == version + 1
        version += 1
    summary = client.get(url(match)).json
    assert summary["version"] == version
    if summary["status"] != "finished":
        assert summary["seed"] is None
        return
    replay = client.get(url(match, "/replay")).json
    events = client.get(url(match, "/events")).json["events"]
    final = verify_replay(tinygame, replay["config"], replay["seed"], events, match["seed_commitment"])
    assert tinygame.view(final, JUDGE) == replay["view"]
