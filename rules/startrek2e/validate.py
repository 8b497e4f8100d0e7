"""Is one posted action legal now? (issue 13 item 2: validation without listing everything)

Star Trek lists a decision's options when it sets the decision (``state.set_pending``: the
orders of a turn, the cards to play, each response window's responses ...), and the
deciding seat's view shows them. So judging a posted action needs nothing computed: it is legal when it is one of the pending decision's
options (``rules.protocol.listed``: equal as JSON values). The property test in
tests/rules/startrek2e/test_validate.py holds it to ``legal_actions`` over random and
purposeful games. Should options ever be listed lazily, this is where a decision's action
would be judged by its own type instead.
"""
from __future__ import annotations

from ..protocol import listed


def is_legal(state: dict, seat: int, action: object) -> bool:
    p = state["pending"]
    if state["outcome"] is not None or p is None or p["seat"] != seat:
        return False
    return listed(action, p["options"])
