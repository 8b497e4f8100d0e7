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
ROOT = Path(__file__).resolve().parents[2]
# Every run saves its screenshots under var/screenshots/ (ignored by git); the copies the
# README links, docs/screenshots/, are refreshed only when asked
# (SUBSPACE_UPDATE_SCREENSHOTS=1), so a test run does not leave eight worktrees with
# changed binary files to commit or fight over.
SCREENSHOTS = ROOT / "var" / "screenshots"
PUBLISHED = ROOT / "docs" / "screenshots"


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
    """Save a full-page screenshot under var/screenshots (and docs/screenshots, which the
    README links, with SUBSPACE_UPDATE_SCREENSHOTS=1)."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    if os.environ.get("SUBSPACE_UPDATE_SCREENSHOTS"):
        PUBLISHED.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, PUBLISHED / path.name)
    return path
