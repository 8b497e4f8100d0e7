"""A real Chromium for the web table's tests: Debian's ``chromium`` package driven by
Playwright from PyPI (never ``playwright install``: no browser is downloaded).

Outside CI a machine without the browser (or without the ``playwright`` package) skips
these tests with the reason; in CI (``CI`` set, or ``SUBSPACE_REQUIRE_BROWSER`` as
``.ci/run`` sets it) that is a failure, so the browser tests never silently stop running.
"""
from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

CHROMIUM = os.environ.get("SUBSPACE_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"


def _missing(reason: str) -> None:
    if os.environ.get("CI") or os.environ.get("SUBSPACE_REQUIRE_BROWSER"):
        pytest.fail(f"browser tests must run in CI: {reason}", pytrace=False)
    pytest.skip(reason)


def require_chromium() -> str:
    """The browser's path; skips (fails in CI) when it or Playwright is absent."""
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        _missing("the 'playwright' Python package is not installed (pip install -e '.[test]')")
    if not (Path(CHROMIUM).exists() or shutil.which(CHROMIUM)):
        _missing(f"no Chromium at {CHROMIUM} (apt-get install chromium; .ci/run installs it)")
    return CHROMIUM


def screenshot(page, name: str) -> Path:
    """Save a full-page screenshot under docs/screenshots (linked from the README)."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path
