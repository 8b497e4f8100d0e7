"""High Card with a deliberately slow ``apply``, so a test can kill a worker mid-fold.

Test-only (never in rules/): the sleep stands in for a long fold. Loaded into worker
subprocesses with SUBSPACE_EXTRA_GAMES="tests.workers.slowgame:GAME".
"""
from __future__ import annotations

import os
import time

from tests.support.tinygame import HighCard


class SlowHighCard(HighCard):
    id = "slowcard"
    title = "High Card, slowly (test game)"

    def apply(self, state: dict, event: dict) -> dict:
        time.sleep(float(os.environ.get("SLOWGAME_DELAY", "0.2")))
        return super().apply(state, event)


GAME = SlowHighCard()
