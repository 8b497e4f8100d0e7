"""GET /events of a running match returns at most the redacted page cap (issue 10 item 6);
clients page on with ``after`` until ``version``."""
from __future__ import annotations

from tests.service.helpers import create_match, play_one, url


def test_events_endpoint_caps_redacted_pages(make_app):
    app = make_app(SUBSPACE_REDACTED_EVENTS_LIMIT="2")
    with app.test_client() as c:
        match = create_match(c)
        for _ in range(4):
            play_one(c, match)
        body = c.get(url(match, "/events?after=0&limit=1000")).json
    assert [e["v"] for e in body["events"]] == [1, 2] and body["version"] == 4
