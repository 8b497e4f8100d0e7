"""What the standing-order endpoints do: a seat reads, adds and removes its own orders
(``rules.orders``); an order that applies at once is played at once.

Orders are private to their seat: only that seat's token (or its player's) reads or changes
them, they are not in the match log, and every answer here is about the caller's own
orders only.
"""
from __future__ import annotations

import secrets

from rules import orders as O
from rules.errors import MatchOver, NotFound
from store import orders as stored
from store.players import PlayerStore

from . import auth
from .matches_logic import load_match
from .runtime import Runtime


def _seat(rt: Runtime, match_id: str, token: str | None):
    match = load_match(rt.store, match_id)
    return match, auth.require_seat(match.meta, token, PlayerStore(rt.conn))


def list_orders(rt: Runtime, match_id: str, token: str | None) -> dict:
    _, seat = _seat(rt, match_id, token)
    return {"seat": seat, "orders": stored.load(rt.conn, match_id, seat)}


def add_order(rt: Runtime, match_id: str, token: str | None, order: dict) -> dict:
    match, seat = _seat(rt, match_id, token)
    if match.meta.get("status") == "finished":
        raise MatchOver("the match is over; standing orders would never apply")
    normalised = O.validate_order(match.game, order, secrets.token_hex(6))
    orders = stored.load(rt.conn, match_id, seat)
    if len(orders) >= O.MAX_ORDERS:
        raise MatchOver(f"a seat may leave at most {O.MAX_ORDERS} standing orders", code="too_many_orders")
    stored.save(rt.conn, match_id, seat, orders + [normalised])
    rt.play_orders(match_id)  # an order that applies now plays now
    return {"seat": seat, "order": normalised, "orders": stored.load(rt.conn, match_id, seat)}


def remove_order(rt: Runtime, match_id: str, token: str | None, order_id: str) -> dict:
    _, seat = _seat(rt, match_id, token)
    orders = stored.load(rt.conn, match_id, seat)
    kept = [o for o in orders if o["id"] != order_id]
    if len(kept) == len(orders):
        raise NotFound(f"you have no standing order {order_id!r} in this match", code="no_such_order")
    stored.save(rt.conn, match_id, seat, kept)
    return {"seat": seat, "orders": kept}
