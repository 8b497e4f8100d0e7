"""Playing standing orders (``rules.orders``) as their seats' actions, right after whatever
append made them apply — the service after an action or a control request, the clock job
after it passed a window — so an order answers as fast as the server can, whatever the
hand holds.

Each played action is appended with the optimistic version check and an idempotency key
per seat and version, so two processes applying orders to the same match at once append
it once; the loop re-reads the state after each append (an order's play may hand the next
decision to another seat with orders). Bounded per call.
"""
from __future__ import annotations

import logging

import redis

import rules
from replays import current_state
from rules import orders as O
from rules.errors import SubspaceError, VersionConflict
from store import MatchStore
from store import orders as stored
from store.match_store import utc_now_iso

from .after_event import finish_and_announce

log = logging.getLogger(__name__)
MAX_PLAYS = 50


def arm_after(conn: redis.Redis, game, match_id: str, event: dict, state_before: dict,
              own_decision: bool = True) -> None:
    """Before ``event`` is applied to ``state_before``: if the seat decided for itself
    (``own_decision``; not an order's play), its armed ``when`` orders missed their moment;
    every other seat's ``when`` orders whose pattern the action matches *as that seat sees
    it* arm."""
    actor = event.get("seat")
    for seat in stored.seats_with_orders(conn, match_id):
        orders = stored.load(conn, match_id, seat)
        if seat == actor:
            if not own_decision:
                continue
            kept = O.after_own_decision(orders)
            if kept != orders:
                stored.save(conn, match_id, seat, kept)
            continue
        seen = game.redact_event(event, seat, state_before)
        if O.arm(orders, seen.get("payload") or {}):
            stored.save(conn, match_id, seat, orders)


def apply_orders(conn: redis.Redis, match_id: str, on_appended=None) -> int:
    """Play every standing order that applies now; returns how many actions were appended.
    ``on_appended(conn, match_id=, meta=, version=, before=, after=)`` hears of each (the
    service passes its "your turn" notifier)."""
    seats = stored.seats_with_orders(conn, match_id)
    if not seats:
        return 0
    store = MatchStore(conn)
    meta = store.get_meta(match_id)
    game = rules.get_game(meta["game"])
    played = 0
    while played < MAX_PLAYS:
        version, state = current_state(store, game, match_id)
        if game.outcome(state) is not None:
            for seat in seats:
                stored.save(conn, match_id, seat, [])
            break
        choice = None
        for seat in game.deciding_seats(state):
            if seat in seats:
                picked = O.pick(game, state, seat, stored.load(conn, match_id, seat))
                if picked is not None:
                    choice = (seat, *picked)
                    break
        if choice is None:
            break
        seat, order, action = choice
        event = {"type": "action", "seat": seat, "payload": action, "auto": "standing_order"}
        try:
            game.validate(state, seat, action)
            store.append(match_id, version, event, idempotency_key=f"order{seat}:v{version}", ts=utc_now_iso())
        except VersionConflict:
            continue
        except SubspaceError:  # never guessed: an order that does not fit is dropped
            log.warning("standing order %s of seat %s in %s no longer fits; dropped", order["id"], seat, match_id)
            stored.save(conn, match_id, seat, [o for o in stored.load(conn, match_id, seat) if o["id"] != order["id"]])
            continue
        played += 1
        stored.save(conn, match_id, seat, O.after_played(stored.load(conn, match_id, seat), order))
        before = list(game.deciding_seats(state))
        arm_after(conn, game, match_id, event, state, own_decision=False)
        state = game.apply(state, {**event, "ts": utc_now_iso()})
        finish_and_announce(conn, match_id, meta, game, state, version + 1, before, on_appended)
    return played
