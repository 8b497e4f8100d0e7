"""The reference for the POST benchmark: the least a validated append can do.

One endpoint, ``POST /ref/<id>``: marshmallow loads the body, the match's 20 KB state is
read (one HGET) and decoded with orjson, and the event is appended by a Lua script that
checks the expected version (one EVALSHA), answering ``201 {"version": v}``. No rules, no
auth, no fold: what any event-sourced service pays per action. ``ops/bench/run_all.py``
serves it with the same gunicorn settings as the real API and measures both with the same
load generator, so the ratio of the two says what Subspace's own work costs.
"""
from __future__ import annotations

import os

import orjson
import redis
from flask import Flask, Response, request
from marshmallow import Schema, fields

APPEND = r"""
local current = tonumber(redis.call('HGET', KEYS[2], 'version') or '0')
if current ~= tonumber(ARGV[1]) then return {'conflict', tostring(current)} end
local v = current + 1
redis.call('XADD', KEYS[1], v .. '-0', 'e', ARGV[2])
redis.call('HSET', KEYS[2], 'version', v)
return {'ok', tostring(v)}
"""


class PostSchema(Schema):
    expected_version = fields.Integer(required=True, strict=True)
    action = fields.Dict(required=True)


def state_key(match_id: str) -> str:
    return f"{{ref:{match_id}}}:state"


def events_key(match_id: str) -> str:
    return f"{{ref:{match_id}}}:events"


def create_app() -> Flask:
    app = Flask(__name__)
    conn = redis.Redis.from_url(os.environ["REDIS_URL"])
    append = conn.register_script(APPEND)
    schema = PostSchema()

    @app.post("/ref/<match_id>")
    def post(match_id: str) -> Response:
        body = schema.load(request.get_json())
        state = orjson.loads(conn.hget(state_key(match_id), "state"))
        if not isinstance(state, dict):
            return Response(b'{"error": "no state"}', 404, mimetype="application/json")
        event = {"type": "action", "payload": body["action"], "v": body["expected_version"] + 1}
        status, value = append(keys=[events_key(match_id), state_key(match_id)],
                               args=[body["expected_version"], orjson.dumps(event)])
        if status != b"ok":
            return Response(orjson.dumps({"error": {"code": "version_conflict"}}), 409, mimetype="application/json")
        return Response(orjson.dumps({"version": int(value)}), 201, mimetype="application/json")

    return app
