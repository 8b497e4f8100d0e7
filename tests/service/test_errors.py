"""Every error, whatever its origin, has the body {"error": {code, message, details}}."""
from __future__ import annotations

import pytest

from tests.service.helpers import url


def _assert_error_body(response, status: int, code: str) -> dict:
    assert response.status_code == status, response.get_data(as_text=True)
    assert response.is_json
    assert set(response.json) == {"error"}
    error = response.json["error"]
    assert set(error) == {"code", "message", "details"}
    assert error["code"] == code and isinstance(error["message"], str) and error["message"]
    return error


def test_unknown_route_is_404_not_found(client):
    _assert_error_body(client.get("/v2/nothing"), 404, "not_found")


def test_wrong_method_is_405_and_says_which_methods_are_allowed(client):
    response = client.delete("/v1/games")
    _assert_error_body(response, 405, "method_not_allowed")
    assert set(response.headers["Allow"].replace(" ", "").split(",")) >= {"GET", "HEAD", "OPTIONS"}
    assert response.headers["Content-Type"] == "application/json"


@pytest.mark.parametrize("tail", ["", "/state", "/legal-actions", "/events", "/replay"])
def test_unknown_match_is_404_on_every_read(client, tail):
    error = _assert_error_body(client.get(f"/v1/matches/doesnotexist{tail}"), 404, "not_found")
    assert "doesnotexist" in error["message"]


def test_malformed_match_id_is_404(client):
    _assert_error_body(client.get("/v1/matches/bad}id"), 404, "not_found")


def test_bad_json_is_400_invalid_request(client):
    response = client.post("/v1/matches", data="{not json", content_type="application/json")
    _assert_error_body(response, 400, "invalid_request")


def test_query_validation_is_400_with_field_details(client, match):
    error = _assert_error_body(client.get(url(match, "/events?after=-1")), 400, "invalid_request")
    assert "after" in error["details"]["query"]
    assert "after" in error["message"]


def test_oversized_body_is_413(client):
    response = client.post("/v1/matches", data="x" * (2 << 20), content_type="application/json")
    _assert_error_body(response, 413, "payload_too_large")


def test_unexpected_exception_is_500_without_echoing_its_text(app):
    def boom():
        raise RuntimeError("opponent hand is [7, 9, 10]")

    app.add_url_rule("/boom", "boom", boom)
    with app.test_client() as c:
        error = _assert_error_body(c.get("/boom"), 500, "internal_error")
    assert "7, 9" not in error["message"] and error["details"] is None
