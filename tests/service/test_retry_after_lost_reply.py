"""A retry answered from its stored result brings the match forward again.

The attempt that stored an event can die between the append script and what follows it
(the lagging hint, the fold): in a Redis outage it answers 503 though its event is stored,
and the client retries with its Idempotency-Key. That retry used to get the stored 201 and
nothing else, so the projection stayed behind with no hint for the sweep — a match stuck
until its next event (the fault suite caught it once in ~3,000 acknowledged actions).
"""
from __future__ import annotations

import pytest

from store import keys
from tests.service.helpers import bearer, legal, tokens, url


def _append_as_a_dying_request(app, match: dict, action: dict, key: str) -> None:
    """What the first attempt got done: the event and its stored answer, nothing after."""
    store = app.extensions["subspace"].store
    event = {"type": "action", "seat": 0, "payload": action}
    store.append(match["match_id"], 0, event, idempotency_key=f"seat0:{key}", response={"version": 1})
    store.conn.srem(keys.LAGGING, match["match_id"])  # the pipeline after the script never ran


def test_a_retry_of_an_action_folds_the_match_it_stored(app, client, match):
    action = legal(client, match, 0)["actions"][0]
    _append_as_a_dying_request(app, match, action, "k1")
    store = app.extensions["subspace"].store
    assert store.projection_version(match["match_id"]) == 0

    retry = client.post(url(match, "/actions"), json={"expected_version": 0, "action": action},
                        headers={**bearer(tokens(match)[0]), "Idempotency-Key": "k1"})

    assert retry.status_code == 201 and retry.headers.get("Idempotent-Replayed") == "true"
    assert store.projection_version(match["match_id"]) == 1  # folded (inline mode), not stuck at 0


@pytest.mark.rq
def test_a_retry_in_rq_mode_leaves_the_hint_for_the_sweep(make_app, redis_conn):
    from tests.service.helpers import create_match

    app = make_app(SUBSPACE_FOLD_MODE="rq")
    client = app.test_client()
    match = create_match(client)
    action = legal(client, match, 0)["actions"][0]
    _append_as_a_dying_request(app, match, action, "k2")

    retry = client.post(url(match, "/actions"), json={"expected_version": 0, "action": action},
                        headers={**bearer(tokens(match)[0]), "Idempotency-Key": "k2"})

    assert retry.status_code == 201
    assert redis_conn.sismember(keys.LAGGING, match["match_id"])
