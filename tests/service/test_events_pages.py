"""GET /events of a running match: events whose redactions were recorded when they were
folded come whole (issue 13 item 4); those redacted on demand are capped per page (issue
10 item 6); clients page on with ``after`` until ``version``."""
from __future__ import annotations

from store import keys
from tests.service.helpers import create_match, play_one, url


def test_recorded_events_come_whole_and_on_demand_ones_are_capped(make_app, redis_conn):
    app = make_app(SUBSPACE_REDACTED_EVENTS_LIMIT="2")
    with app.test_client() as c:
        match = create_match(c)
        for _ in range(4):
            play_one(c, match)
        body = c.get(url(match, "/events?after=0&limit=1000")).json
        assert [e["v"] for e in body["events"]] == [1, 2, 3, 4] and body["version"] == 4
        redis_conn.delete(keys.redactions(match["match_id"]))  # as a match from before recording
        body = c.get(url(match, "/events?after=0&limit=1000")).json
        assert [e["v"] for e in body["events"]] == [1, 2] and body["version"] == 4
        body = c.get(url(match, "/events?after=0&limit=1000")).json  # 1-2 recorded by the last read
        assert [e["v"] for e in body["events"]] == [1, 2, 3, 4]
