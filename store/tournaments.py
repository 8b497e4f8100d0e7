"""Tournaments in Redis: the event-sourced record (``store.aggregates``, reducer
``rules.aggregates.tournaments``) and the index of running tournaments.

- ``{t:<id>}:events`` / ``{t:<id>}:state``: the tournament's stream and projection; each
  event holds ``prev``, the hash of the one before (the chain the reducer checks).
- ``subspace:tournaments:running``: set of tournament ids the sweep visits (results of
  finished matches, round deadlines). An index: the truth is each tournament's status.
"""
from __future__ import annotations

from typing import Callable

import redis

from rules.aggregates import tournaments as reducer

from . import keys
from .aggregates import AggregateStore
from .match_store import new_match_id


def linked(state: dict | None, event: dict) -> dict:
    """``event`` with ``prev`` set to the head of the chain it is appended to."""
    return {**event, "prev": reducer.GENESIS if state is None else state["head"]}


class TournamentStore:
    def __init__(self, conn: redis.Redis):
        self.conn = conn
        self.records = AggregateStore(conn, "tournament", keys.tournament, reducer.apply)

    @staticmethod
    def new_id() -> str:
        return new_match_id()

    def create(self, tournament_id: str, event: dict) -> dict:
        return self.records.append(tournament_id, 0, None, linked(None, event))[1]

    def load(self, tournament_id: str) -> dict:
        return self.records.load(tournament_id)[1]

    def update(self, tournament_id: str, make_event: Callable[[dict], dict]) -> dict:
        """Decide on the current state and append, linked to the head; retried on a race."""
        return self.records.update(tournament_id, lambda state: linked(state, make_event(state)))[1]

    def events(self, tournament_id: str) -> list[dict]:
        return self.records.events(tournament_id)

    def index_running(self, tournament_id: str) -> None:
        self.conn.sadd(keys.TOURNAMENTS_RUNNING, tournament_id)

    def unindex(self, tournament_id: str) -> None:
        self.conn.srem(keys.TOURNAMENTS_RUNNING, tournament_id)

    def running_ids(self) -> list[str]:
        return sorted(t.decode() for t in self.conn.smembers(keys.TOURNAMENTS_RUNNING))
