"""The web table: the pages a person plays, follows and replays matches in.

A plain Flask blueprint (not part of the OpenAPI document: it serves files, not API
operations) that hands out hand-written HTML, ES modules and CSS from ``service/web/``.
The pages speak only the public REST API, so they prove it complete; there is no build
step and nothing is fetched from elsewhere at run time.
"""
from __future__ import annotations

from pathlib import Path

from flask import Blueprint, Response, send_from_directory

WEB_DIR = Path(__file__).with_name("web")

blp = Blueprint("web", __name__, static_folder=str(WEB_DIR), static_url_path="/web")

# The pages carry no secrets (the token lives in the browser's localStorage) and change
# only with a deploy; a short cache keeps a reload cheap without hiding a fresh deploy long.
_CACHE_SECONDS = 60


def _page(name: str) -> Response:
    response = send_from_directory(WEB_DIR, name, max_age=_CACHE_SECONDS)
    # Only our own scripts and styles, and only our own API: a stray injected tag does nothing.
    response.headers["Content-Security-Policy"] = (
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        "connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'"
    )
    response.headers["Referrer-Policy"] = "no-referrer"
    return response


@blp.route("/")
def home() -> Response:
    """Home and lobby: sign in, challenges, my matches."""
    return _page("index.html")


@blp.route("/m/<match_id>")
def match_page(match_id: str) -> Response:  # noqa: ARG001 - the page reads the id from its URL
    """The table of one match (``?at=N``: the replay viewer at version N)."""
    return _page("match.html")
