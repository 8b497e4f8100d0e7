"""Standing orders: decisions a seat leaves in advance, which the server plays as that
seat's actions when their condition holds (issue 11 item 7). Pure: which order applies to
a state, and what it plays.

The kinds:

- ``pass_responses`` — pass every response window (the decisions the game's
  ``ControlPolicy.response_pass`` names) with the game's pass.
- ``keep_opening_hand`` — answer the opening-hand decision "keep" (games whose policy has
  ``keep_hand``).
- ``when`` — ``{"kind": "when", "opponent_action": {pattern}, "play": {action}}``: once an
  opponent posts an action matching the pattern (every field equal, as the ordering seat
  sees that action), the order is *armed*; at the seat's next decision where ``play`` is a
  legal action it is played (before any other order: a window it can answer is not passed).
  "When the opponent attempts mission X, play Y" is
  ``{"opponent_action": {"type": "attempt", "mission": X}, "play": Y}``.

Never guessed: an order plays only an action that is legal, unchanged, at that moment. An
armed ``when`` order whose moment passed — the seat made a decision of its own — is
dropped, as is an order of a finished match.

Hidden information: an order's *behaviour* is seen by the opponents (an action appears at
once, or the seat takes its time), so a condition may read only what they see too.
``pass_responses`` passes every window whatever the hand holds; a "pass unless I hold a
card that can respond" would pass at once exactly when the hand cannot respond, and the
timing would tell, so it is refused (``order_would_reveal``). A ``when`` order reveals
nothing its own play does not: it plays a card openly, and an order that does not fire
looks like no order at all (orders are kept out of the match log, visible only to their
seat).
"""
from __future__ import annotations

from .errors import InvalidRequest
from .protocol import Game, State

KINDS = ("pass_responses", "keep_opening_hand", "when")
MAX_ORDERS = 20


def _policy(game: Game):
    from .control import policy_of

    inner = getattr(game, "inner", game)
    return policy_of(inner)


def validate_order(game: Game, order: object, order_id: str) -> dict:
    """The normalised order (with the ``id`` the service drew), or ``InvalidRequest`` naming
    what is wrong.
    The error never depends on the cards of a hand: ``play`` is checked only for its shape
    here and for legality when it would be played."""
    if not isinstance(order, dict) or order.get("kind") not in KINDS:
        raise InvalidRequest(f"an order is an object whose kind is one of {', '.join(KINDS)}",
                             code="invalid_order", details={"kinds": list(KINDS)})
    kind = order["kind"]
    out: dict = {"id": order_id, "kind": kind}
    if kind == "pass_responses":
        if order.get("unless_can_respond"):
            raise InvalidRequest(
                "an order to pass 'unless I hold a card that can respond' would pass at once exactly when your "
                "hand cannot respond, and your opponents would see it in the timing; leave 'pass_responses' "
                "(every window) or answer the windows yourself", code="order_would_reveal")
        extra = set(order) - {"kind"}
    elif kind == "keep_opening_hand":
        if not _policy(game).has_opening_hand_choice:
            raise InvalidRequest("this game has no keep-or-redraw decision for an opening hand",
                                 code="invalid_order")
        extra = set(order) - {"kind"}
    else:
        pattern, play = order.get("opponent_action"), order.get("play")
        if not isinstance(pattern, dict) or not pattern or not isinstance(play, dict) or "type" not in play:
            raise InvalidRequest("a 'when' order needs opponent_action (an action pattern, e.g. "
                                 "{\"type\": \"attempt\", \"mission\": \"c12\"}) and play (an action body)",
                                 code="invalid_order")
        out.update(opponent_action=dict(pattern), play=dict(play), armed=False)
        extra = set(order) - {"kind", "opponent_action", "play"}
    if extra:
        raise InvalidRequest(f"unknown order field(s): {', '.join(sorted(extra))}", code="invalid_order")
    return out


def matches(pattern: dict, payload: dict) -> bool:
    return isinstance(payload, dict) and all(payload.get(k) == v for k, v in pattern.items())


def arm(orders: list[dict], seen_payload: dict) -> bool:
    """Arm every ``when`` order whose pattern the opponent's action (as this seat sees it)
    matches; True if any changed."""
    changed = False
    for order in orders:
        if order["kind"] == "when" and not order["armed"] and matches(order["opponent_action"], seen_payload):
            order["armed"] = changed = True
    return changed


def after_own_decision(orders: list[dict]) -> list[dict]:
    """The seat decided for itself: armed ``when`` orders missed their moment and go."""
    return [o for o in orders if not (o["kind"] == "when" and o["armed"])]


def pick(game: Game, state: State, seat: int, orders: list[dict]) -> tuple[dict, dict] | None:
    """``(order, action)``: the order that plays now for ``seat`` and its legal action, or
    None. Only for a seat that must decide now in a match that is not over."""
    if game.outcome(state) is not None or seat not in game.deciding_seats(state):
        return None
    policy = _policy(game)
    legal = None
    armed_first = sorted(orders, key=lambda o: not (o["kind"] == "when" and o["armed"]))
    for order in armed_first:
        if order["kind"] == "pass_responses":
            action = policy.response_pass(state, seat)
        elif order["kind"] == "keep_opening_hand":
            action = policy.keep_hand(state, seat)
        elif order["armed"]:
            legal = game.legal_actions(state, seat) if legal is None else legal
            action = order["play"] if order["play"] in legal else None
        else:
            action = None
        if action is not None:
            return order, action
    return None


def after_played(orders: list[dict], order: dict) -> list[dict]:
    """Standing kinds stay; a ``when`` order plays once."""
    return [o for o in orders if o["id"] != order["id"]] if order["kind"] == "when" else orders
