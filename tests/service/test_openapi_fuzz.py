"""Property-based run of the whole API from its own /openapi.json (schemathesis).

Every operation the document lists is exercised, so resources added later are covered
without editing this file. Each gets a bounded number of generated requests (valid and
invalid ones), answered in-process by the Flask app on the real test Redis. Checked:
no 5xx; every status, content type, header and body conforms to the document.

Path ids are drawn from real ids half the time (a High Card match, a game, a challenge), so
the handlers behind the 404 are reached too; requests carry a seat token, the other seat's,
a registered player's or none, chosen from the case itself so a failing example replays
exactly.
"""
from __future__ import annotations

import hashlib

import pytest
import schemathesis
from hypothesis import HealthCheck, given, note, settings
from hypothesis.errors import Unsatisfiable
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    negative_data_rejection,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
    unsupported_method,
)

import rules
from tests.service.helpers import create_match, register_player, tokens

EXAMPLES_PER_OPERATION = 40  # 150 also ran clean (about 45 s); 40 keeps the suite quick
CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
    negative_data_rejection,
    unsupported_method,
]
# Streaming responses (text/event-stream) never end by themselves, so an in-process call
# would not return: they are left out by media type and tested on their own.
STREAMING_MEDIA_TYPES = {"text/event-stream"}


def _streams(operation: dict) -> bool:
    return any(
        media in STREAMING_MEDIA_TYPES
        for response in operation.get("responses", {}).values() if isinstance(response, dict)
        for media in response.get("content", {})
    )


def _with_real_ids(spec: dict, ids: dict[str, list[str]]) -> dict:
    """The document with each path parameter we can fill (``match_id``, ``game_id``)
    drawn from real ids or one unknown id."""
    for item in spec["paths"].values():
        for operation in [item, *(op for op in item.values() if isinstance(op, dict))]:
            for parameter in operation.get("parameters", []):
                if parameter.get("in") == "path" and parameter.get("name") in ids:
                    parameter["schema"] = {"type": "string", "enum": ids[parameter["name"]]}
    return spec


def _without_streams(spec: dict) -> dict:
    for item in spec["paths"].values():
        for method in [m for m, op in item.items() if isinstance(op, dict) and _streams(op)]:
            del item[method]
    return spec


@pytest.fixture
def api_schema(make_app):
    # Long polls end at once: the run checks answers, not waiting (``?wait=30`` would
    # hold each such example for its full wait).
    app = make_app(SUBSPACE_MAX_WAIT=0)
    client = app.test_client()
    match = create_match(client)
    player = register_player(client, "Fuzz")
    challenge = client.post("/v1/challenges", json={"game": "highcard", "deck": "ten"},
                            headers={"Authorization": f"Bearer {player['token']}"}).json
    order = client.post(f"/v1/matches/{match['match_id']}/orders", json={"order": {"kind": "pass_responses"}},
                        headers={"Authorization": f"Bearer {tokens(match)[0]}"}).json["order"]
    spec = client.get("/openapi.json").json
    ids = {"match_id": [match["match_id"], "no-such-match"], "game_id": [*rules.available(), "no-such-game"],
           "challenge_id": [challenge["challenge_id"], "no-such-challenge"],
           "order_id": [order["id"], "no-such-order"]}
    schema = schemathesis.openapi.from_dict(_without_streams(_with_real_ids(spec, ids)))
    schema.app = app
    return schema, [*tokens(match), player["token"]]


def _caller(case, seat_tokens: list[str]) -> dict:
    """Seat 0, seat 1, a registered player (the tokens given) or a spectator, from a hash
    of the case (so an example replays)."""
    if "Authorization" in (case.headers or {}):
        return {}
    digest = hashlib.sha256(repr((case.path_parameters, case.query, case.body)).encode()).digest()
    pick = digest[0] % (len(seat_tokens) + 1)
    return {} if pick == len(seat_tokens) else {"Authorization": f"Bearer {seat_tokens[pick]}"}


def _operations(schema) -> list:
    operations = []
    for result in schema.get_all_operations():
        operations.append(result.ok())  # an operation the document gets wrong fails here
    return operations


# schemathesis' own pytest integration (``@schema.parametrize`` on a lazily loaded schema)
# does not run under pytest 9, so each operation's strategy is driven by Hypothesis here.
@pytest.mark.parametrize("mode", [GenerationMode.POSITIVE, GenerationMode.NEGATIVE])
def test_every_operation_answers_as_documented(api_schema, mode):
    schema, seat_tokens = api_schema
    operations = _operations(schema)
    assert len(operations) >= 10
    for operation in operations:
        @given(case=operation.as_strategy(generation_mode=mode))
        @settings(max_examples=EXAMPLES_PER_OPERATION, deadline=None, database=None,
                  suppress_health_check=list(HealthCheck))
        def answers_as_documented(case):
            note(f"{operation.label} ({mode})")
            case.call_and_validate(headers=_caller(case, seat_tokens), checks=CHECKS)

        try:
            answers_as_documented()
        except Unsatisfiable:
            # Nothing about this operation can be made invalid and still be sent (no query
            # or body, only a free string id in the path): positive mode covered it.
            if mode != GenerationMode.NEGATIVE:
                raise
        except Exception as error:
            error.add_note(f"operation: {operation.label} ({mode})")
            raise
