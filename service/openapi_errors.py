"""Documents, on every operation of /openapi.json, the errors the service answers whatever
the route: so the document lists every error status the server can return, and a route
added later (by any blueprint) is documented without anyone remembering to.

- a path parameter (``{match_id}``, ``{game_id}``, ...): 404 ``not_found`` (unknown id);
- a query string or a body: 400 ``invalid_request`` (``service/errors.py`` answers every
  validation error 400; flask-smorest's own default would document 422);
- a body: 413 ``payload_too_large`` (``MAX_CONTENT_LENGTH``);
- every operation: 503 ``store_unavailable`` with ``Retry-After`` (Redis down/restarting).

A route's own ``alt_response`` for the same status wins (it says more: which codes).
There is no ``default`` response: the status-code conformance check of the schemathesis
test (tests/service/test_openapi_fuzz.py) is only meaningful when every status is listed.
"""
from __future__ import annotations

from apispec import BasePlugin

ERROR_REF = "#/components/schemas/Error"

# name in components/responses -> (status, description, extra response fields)
COMMON = {
    "CommonInvalidRequest": ("400", "invalid_request: the query or body breaks the schema (details name each field)", {}),
    "CommonNotFound": ("404", "not_found: no such resource (unknown id in the path)", {}),
    "CommonPayloadTooLarge": ("413", "payload_too_large: the body is over the size limit", {}),
    "CommonStoreUnavailable": (
        "503",
        "store_unavailable: the match store is unavailable for a moment; retry after Retry-After seconds",
        {"headers": {"Retry-After": {"description": "seconds to wait before retrying", "schema": {"type": "integer"}}}},
    ),
}


def _response(name: str) -> dict:
    _, description, extra = COMMON[name]
    return {"description": description, "content": {"application/json": {"schema": {"$ref": ERROR_REF}}}, **extra}


class CommonErrorsPlugin(BasePlugin):
    """apispec plugin: adds the common error responses to each operation (see module doc)."""

    def init_spec(self, spec) -> None:
        super().init_spec(spec)
        for name in COMMON:
            spec.components.response(name, _response(name))

    def operation_helper(self, path=None, operations=None, **kwargs) -> None:
        path_parameters = "{" in (path or "")
        for method, operation in (operations or {}).items():
            if not isinstance(operation, dict):
                continue
            parameters = operation.get("parameters") or []
            has_query = any(isinstance(p, dict) and p.get("in") in ("query", "header") for p in parameters)
            has_body = "requestBody" in operation
            wanted = ["CommonStoreUnavailable"]
            if path_parameters:
                wanted.append("CommonNotFound")
            if has_query or has_body:
                wanted.append("CommonInvalidRequest")
            if has_body:
                wanted.append("CommonPayloadTooLarge")
            responses = operation.setdefault("responses", {})
            for name in wanted:
                status = COMMON[name][0]
                if status not in responses and int(status) not in responses:
                    responses[status] = {"$ref": f"#/components/responses/{name}"}
