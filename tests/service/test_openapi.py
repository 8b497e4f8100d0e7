"""/openapi.json: a valid OpenAPI 3 document generated from the schemas, listing every path."""
from __future__ import annotations

EXPECTED = {
    "/v1/games": {"get"},
    "/v1/games/{game_id}/cards": {"get"},
    "/v1/games/{game_id}/cards/{key}": {"get"},
    "/v1/games/{game_id}/decks/check": {"post"},
    "/v1/matches": {"get", "post"},
    "/v1/matches/{match_id}": {"get"},
    "/v1/matches/{match_id}/state": {"get"},
    "/v1/matches/{match_id}/legal-actions": {"get"},
    "/v1/matches/{match_id}/actions": {"post"},
    "/v1/matches/{match_id}/events": {"get"},
    "/v1/matches/{match_id}/replay": {"get"},
    "/v1/matches/{match_id}/timeline": {"get"},
    "/v1/players": {"post"},
    "/v1/players/{player_id}": {"get"},
    "/v1/me": {"get", "patch"},
    "/v1/me/webhook-secret": {"post"},
    "/v1/me/token": {"post"},
    "/v1/me/vacation": {"post"},
    "/v1/me/matches": {"get"},
    **{f"/v1/matches/{{match_id}}/{verb}": {"post"}
       for verb in ("resign", "abort", "draw", "add-time", "vacation", "pause", "resume", "claim")},
    "/v1/matches/{match_id}/orders": {"get", "post"},
    "/v1/matches/{match_id}/orders/{order_id}": {"delete"},
    "/v1/challenges": {"get", "post"},
    "/v1/challenges/{challenge_id}": {"get"},
    "/v1/challenges/{challenge_id}/accept": {"post"},
    "/v1/challenges/{challenge_id}/decline": {"post"},
    "/v1/challenges/{challenge_id}/cancel": {"post"},
    "/v1/matches/{match_id}/stream": {"get"},
    "/v1/matches/{match_id}/export": {"get"},
    "/v1/imports": {"post"},
    "/v1/matches/{match_id}/refold": {"post"},
    "/v1/matches/{match_id}/forks": {"post"},
    "/v1/matches/{match_id}/notes": {"get", "post"},
    "/v1/matches/{match_id}/notes/{note_id}": {"patch", "delete"},
    "/v1/matches/{match_id}/shares": {"post"},
    "/v1/matches/{match_id}/shares/{share_id}": {"get", "delete"},
    "/v1/stats/{game}": {"get"},
    "/v1/stats/{game}/{report}": {"get"},
    "/v1/tournaments": {"post"},
    "/v1/tournaments/{tournament_id}": {"get"},
    **{f"/v1/tournaments/{{tournament_id}}/{tail}": {"post"}
       for tail in ("register", "drop", "start", "forbid", "rounds", "rounds/close", "results", "cut", "finish", "pause", "resume",
                    "judge/extend", "judge/game-loss", "judge/annul", "judge/penalty", "judge/re-pair")},
    **{f"/v1/tournaments/{{tournament_id}}/{tail}": {"get"}
       for tail in ("standings", "standings.csv", "rounds.trf", "archive")},
}
HTTP_METHODS = {"get", "put", "post", "delete", "patch", "options", "head", "trace"}


def _refs(node):
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "$ref":
                yield value
            else:
                yield from _refs(value)
    elif isinstance(node, list):
        for item in node:
            yield from _refs(item)


def _resolve(doc: dict, ref: str):
    assert ref.startswith("#/"), ref
    node = doc
    for part in ref[2:].split("/"):
        node = node[part]
    return node


def test_openapi_is_version_3_and_lists_every_path(client):
    response = client.get("/openapi.json")
    assert response.status_code == 200
    doc = response.json
    assert doc["openapi"].startswith("3.")
    assert doc["info"]["title"] == "Subspace" and doc["info"]["version"]
    paths = {p: {m for m in ops if m in HTTP_METHODS} for p, ops in doc["paths"].items()}
    assert paths == EXPECTED


def test_every_ref_resolves_and_every_operation_has_responses(client):
    doc = client.get("/openapi.json").json
    for ref in _refs(doc):
        assert _resolve(doc, ref) is not None
    for path, ops in doc["paths"].items():
        for method, op in ops.items():
            if method not in HTTP_METHODS:
                continue
            assert op["responses"], f"{method} {path} has no responses"
            for status in op["responses"]:
                assert status == "default" or 100 <= int(status) < 600
            if "{match_id}" in path:
                names = {p["name"] for p in ops.get("parameters", []) + op.get("parameters", [])}
                assert "match_id" in names


def test_bodies_and_errors_come_from_the_schemas(client):
    doc = client.get("/openapi.json").json
    schemas = doc["components"]["schemas"]
    assert {"MatchCreate", "MatchCreated", "PostAction", "ActionPosted", "Error"} <= set(schemas)
    assert schemas["Error"]["properties"]["error"]
    post_action = doc["paths"]["/v1/matches/{match_id}/actions"]["post"]
    assert set(post_action["responses"]) >= {"201", "401", "403", "409", "422"}
    assert {p["name"] for p in post_action["parameters"] if p["in"] == "header"} == {"Idempotency-Key"}
    assert doc["components"]["securitySchemes"]["seatToken"] == {"type": "http", "scheme": "bearer"}
    create = doc["paths"]["/v1/matches"]["post"]
    assert create["requestBody"]["content"]["application/json"]["schema"]["$ref"].endswith("/MatchCreate")


def test_document_passes_the_openapi_3_validator(client):
    """The reference validator (openapi-spec-validator, a test dependency) accepts it."""
    from openapi_spec_validator import validate

    validate(client.get("/openapi.json").json)


def test_every_blueprint_parses_strictly_and_documents_400(app):
    """Every resource's blueprint is ``service.request_parsing.Blueprint``: its bodies are
    read by the strict JSON parser (a plain flask-smorest Blueprint reads them with the
    standard library: 500s on crafted JSON) and its validation errors documented as the
    400 the service answers (flask-smorest's default documents 422)."""
    import flask_smorest

    from service.request_parsing import Blueprint

    resources = {name: bp for name, bp in app.blueprints.items() if isinstance(bp, flask_smorest.Blueprint)}
    assert {"games", "matches"} <= set(resources)
    plain = [name for name, bp in resources.items() if not isinstance(bp, Blueprint)]
    assert plain == [], f"blueprints not built with service.request_parsing.Blueprint: {plain}"


def test_every_error_status_is_listed_and_there_is_no_catch_all(client):
    """No ``default`` response: each status the service answers is listed, so a client
    (and the schemathesis run) can tell an undocumented status from a documented one."""
    doc = client.get("/openapi.json").json
    for path, ops in doc["paths"].items():
        for method, op in ops.items():
            if method not in HTTP_METHODS:
                continue
            statuses = set(op["responses"])
            assert "default" not in statuses
            assert "503" in statuses, f"{method} {path}: store_unavailable undocumented"
            if "{" in path:
                assert "404" in statuses, f"{method} {path}: 404 of an unknown id undocumented"
            if op.get("parameters") or op.get("requestBody"):
                assert "400" in statuses, f"{method} {path}: 400 invalid_request undocumented"
            if op.get("requestBody"):
                assert "413" in statuses, f"{method} {path}: 413 undocumented"


def test_the_deck_check_takes_a_deck_or_a_plain_text_list(client):
    """``decks/check`` documents both bodies (``deck`` or ``text``, neither required on its
    own), the parsed ``deck`` in its answer, and the 400 of an unreadable list."""
    doc = client.get("/openapi.json").json
    schemas = doc["components"]["schemas"]
    check = schemas["DeckCheck"]
    assert {"deck", "text"} <= set(check["properties"]) and not {"deck", "text"} & set(check.get("required", []))
    assert "deck_list_unreadable" in check["properties"]["text"]["description"]
    assert "deck" in schemas["DeckChecked"]["properties"]
    post = doc["paths"]["/v1/games/{game_id}/decks/check"]["post"]
    assert "deck_list_unreadable" in post["responses"]["400"]["description"]
