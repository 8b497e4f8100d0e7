"""What ``/v1/challenges`` does: open, list, read, accept, decline, cancel, expire, start.

Hidden information: a deck given here goes into the challenge's own stream and, when every
seat is filled, into the match (whose deck lists stay secret until it ends, behind
salted commitments). No answer shows a deck but the caller's own (``your_deck``) and no
answer ever holds a seat token: a challenge's seats are acted for with player tokens, so
the seat tokens ``create_match`` issues are dropped unread.

Every refusal is decided before anything is appended (``rules.aggregates.challenges``
``check_*``; a concurrent change is caught by the stream's version check and decided again).
"""
from __future__ import annotations

import logging
from datetime import datetime, timedelta, timezone
from typing import Iterator

import redis

import rules
from rules.aggregates import challenges as C
from rules.clock import validate_clock_spec
from rules.errors import DeckInvalid, InvalidRequest, NotFound, SubspaceError
from store import MatchStore, keys
from store.challenges import ChallengeStore
from store.match_store import iso_utc, utc_now_iso
from store.players import PlayerStore

from . import auth
from .matches_logic import check_ruleset, create_match, summary
from .notifications import notify_invitations, notify_your_turn

log = logging.getLogger(__name__)
START_LOCK_SECONDS = 60  # a starter that died frees the challenge for the sweep after this


def validate_clock(clock: object) -> dict | None:
    """The challenge's clock, normalised by the same rules as a match's
    (``rules.clock.validate_clock_spec``: 400 ``invalid_clock``); null means no clock."""
    return None if clock is None else validate_clock_spec(clock)


def own_deck_violations(game: rules.protocol.Game, ruleset: str, seats: int, name: str, deck: object) -> list:
    """Every construction rule one player's deck breaks, judged without anyone else's: the
    deck is built as if every seat brought it, and only the first seat's violations (and
    those about the match as a whole, such as the number of seats) are kept, without their
    seat (empty: a legal deck)."""
    try:
        game.build_config(ruleset, [{"name": name, "deck": deck} for _ in range(seats)])
    except DeckInvalid as error:
        details = error.details if isinstance(error.details, list) else None
        if details is None:
            return [{"code": error.code, "message": str(error)}]
        # only the copies clash (Babylon 5: one player per race): the deck itself is fine
        return [{k: v for k, v in item.items() if k != "seat"} if isinstance(item, dict) else {"message": str(item)}
                for item in details if not isinstance(item, dict) or item.get("seat", 0) == 0]
    return []


def check_own_deck(game: rules.protocol.Game, ruleset: str, seats: int, name: str, deck: object) -> None:
    """Refuse (422 ``deck_invalid``) a deck that breaks a construction rule (``own_deck_violations``)."""
    mine = own_deck_violations(game, ruleset, seats, name, deck)
    if mine:
        messages = "; ".join(str(v.get("message", v)) for v in mine)
        raise DeckInvalid(f"your deck breaks the construction rules: {messages}", details=mine)


class Challenges:
    """The challenge operations over one Redis connection."""

    def __init__(self, conn: redis.Redis):
        self.conn = conn
        self.store = ChallengeStore(conn)
        self.players = PlayerStore(conn)
        self.matches = MatchStore(conn)

    # ---- reading ------------------------------------------------------------------
    def _visible(self, challenge_id: str, player_id: str | None) -> tuple[int, dict]:
        """The challenge if the caller may see it; an invitation-only challenge is a 404 to
        anyone else (its existence is nobody else's business)."""
        version, state = self.store.records.load(challenge_id)
        if not C.may_see(state, player_id):
            raise NotFound(f"no challenge with id {challenge_id!r}")
        return version, state

    def _indexed(self) -> Iterator[tuple[str, dict]]:
        """``(id, state)`` of every challenge in the open index, soonest to expire first; an
        id whose challenge is gone is dropped from the index."""
        for challenge_id in self.store.open_ids():
            try:
                yield challenge_id, self.store.records.load(challenge_id)[1]
            except NotFound:
                self.store.unindex(challenge_id)

    def get(self, challenge_id: str, token: str | None) -> dict:
        player_id = auth.require_player(token, self.players) if token is not None else None
        return C.view(self._visible(challenge_id, player_id)[1], player_id)

    def list_open(self, token: str | None, limit: int = 50) -> dict:
        player_id = auth.require_player(token, self.players) if token is not None else None
        shown = []
        for _, state in self._indexed():
            if state["status"] == C.OPEN and C.may_see(state, player_id):
                shown.append(C.view(state, player_id))
            if len(shown) >= limit:
                break
        return {"challenges": shown}

    # ---- opening ------------------------------------------------------------------
    def open(self, token: str | None, body: dict) -> dict:
        creator = auth.require_player(token, self.players)
        me = self.players.get(creator)
        game = rules.get_game(body["game"])
        ruleset = check_ruleset(game, body.get("ruleset"))
        seats = body["seats"]
        clock = validate_clock(body.get("clock"))
        invited = list(dict.fromkeys(body.get("invited") or []))
        open_to_anyone = body.get("open")
        open_to_anyone = not invited if open_to_anyone is None else bool(open_to_anyone)
        self._check_invitations(creator, invited, seats, open_to_anyone)
        check_own_deck(game, ruleset, seats, me["display_name"], body["deck"])
        now = datetime.now(timezone.utc)
        expires = now + timedelta(hours=body["expires_in_hours"])
        challenge_id = self.store.new_id()
        event = C.opened(
            challenge_id=challenge_id, creator=creator, game=game.id, ruleset=ruleset, seats=seats, clock=clock,
            invited=invited, open_to_anyone=open_to_anyone, expires_at=iso_utc(expires), deck=body["deck"],
            at=iso_utc(now),
        )
        # Indexed first: a crash before the append leaves an id that names nothing (the next
        # reader drops it), never a challenge that no listing or sweep can find.
        self.store.index_open(challenge_id, expires.timestamp())
        _, state = self.store.records.append(challenge_id, 0, None, event)
        notify_invitations(self.conn, state, me["display_name"])
        return C.view(state, creator)

    def _check_invitations(self, creator: str, invited: list[str], seats: int, open_to_anyone: bool) -> None:
        if creator in invited:
            raise InvalidRequest("you cannot invite yourself", code="cannot_invite_yourself")
        if len(invited) > seats - 1:
            raise InvalidRequest(
                f"{len(invited)} players invited for {seats - 1} free seat(s)", code="too_many_invitations",
                details={"free_seats": seats - 1},
            )
        unknown = [p for p in invited if not self.players.exists(p)]
        if unknown:
            raise InvalidRequest(
                f"no player with id {', '.join(map(repr, unknown))}", code="unknown_player", details={"unknown": unknown}
            )
        if not open_to_anyone and len(invited) < seats - 1:
            raise InvalidRequest(
                f"an invitation-only challenge for {seats} seats needs {seats - 1} invited player(s)",
                code="not_enough_invitations", details={"free_seats": seats - 1},
            )

    # ---- answering ----------------------------------------------------------------
    def accept(self, challenge_id: str, token: str | None, deck: object) -> dict:
        player_id = auth.require_player(token, self.players)
        me = self.players.get(player_id)
        _, state = self._visible(challenge_id, player_id)
        C.check_accept(state, player_id, utc_now_iso())  # refuse on status before judging the deck
        check_own_deck(rules.get_game(state["game"]), state["ruleset"], state["seats"], me["display_name"], deck)

        def accepted(current: dict) -> dict:
            now = utc_now_iso()
            C.check_accept(current, player_id, now)
            return C.event("accepted", now, player_id=player_id, deck=deck)

        _, state = self.store.records.update(challenge_id, accepted)
        if state["status"] == C.FILLED:
            state = self.start(challenge_id)
        return C.view(state, player_id)

    def decline(self, challenge_id: str, token: str | None) -> dict:
        player_id = auth.require_player(token, self.players)
        self._visible(challenge_id, player_id)

        def declined(current: dict) -> dict:
            now = utc_now_iso()
            C.check_decline(current, player_id, now)
            return C.event("declined", now, player_id=player_id)

        _, state = self.store.records.update(challenge_id, declined)
        if state["status"] != C.OPEN:
            self.store.unindex(challenge_id)
        return C.view(state, player_id)

    def cancel(self, challenge_id: str, token: str | None) -> dict:
        player_id = auth.require_player(token, self.players)
        self._visible(challenge_id, player_id)

        def cancelled(current: dict) -> dict:
            C.check_cancel(current, player_id)
            return C.event("cancelled", utc_now_iso(), by=player_id)

        _, state = self.store.records.update(challenge_id, cancelled)
        self.store.unindex(challenge_id)
        return C.view(state, player_id)

    # ---- starting and sweeping ----------------------------------------------------
    def start(self, challenge_id: str) -> dict:
        """Create the match of a filled challenge and record ``started``. One starter at a
        time (a lock that expires, so a starter that died is replaced by the sweep); a
        match already created for the challenge by a starter that died before recording
        it is found and reused, never created twice."""
        lock = keys.challenge(challenge_id, "starting")
        if not self.conn.set(lock, "1", nx=True, ex=START_LOCK_SECONDS):
            return self.store.records.load(challenge_id)[1]
        try:
            version, state = self.store.records.load(challenge_id)
            if state["status"] != C.FILLED:
                return state
            try:
                match_id = self._existing_match(state) or self._create_match(state)
            except SubspaceError as error:  # the decks cannot make one match: nobody can play it
                log.warning("challenge %s could not start: %s", challenge_id, error.code)
                event = C.event("cancelled", utc_now_iso(), by=None, reason="the match could not be set up from these decks")
            else:
                event = C.event("started", utc_now_iso(), match_id=match_id)
            _, state = self.store.records.append(challenge_id, version, state, event)
            self.store.unindex(challenge_id)
        finally:
            self.conn.delete(lock)
        if state["status"] == C.STARTED:
            self._notify_first_decision(state["match_id"])
        return state

    def _notify_first_decision(self, match_id: str) -> None:
        """The players who must decide first learn the match has begun (``your_turn``, the
        same dedupe as after an action, so a start finished twice notifies once)."""
        try:
            started = summary(self.matches, match_id)
            notify_your_turn(self.conn, match_id=match_id, meta=self.matches.get_meta(match_id),
                             version=started["version"], before=[], after=started["deciding_seats"])
        except Exception:  # noqa: BLE001 - the match exists; a lost notification must not undo it
            log.exception("could not queue the first your_turn of match %s", match_id)

    def _existing_match(self, state: dict) -> str | None:
        for match_id in self.players.match_ids(state["creator"], limit=50):
            try:
                if self.matches.get_meta(match_id).get("challenge_id") == state["challenge_id"]:
                    return match_id
            except NotFound:
                continue
        return None

    def _create_match(self, state: dict) -> str:
        entries = state["entries"]
        names = [self.players.get(e["player_id"])["display_name"] for e in entries]
        created = create_match(
            self.matches, state["game"], state["ruleset"],
            [{"name": n, "deck": e["deck"]} for n, e in zip(names, entries)],
            seat_players=[e["player_id"] for e in entries], shuffle_seats=True,
            extra_meta={"challenge_id": state["challenge_id"]}, clock=state["clock"],
        )
        return created["match_id"]  # the seat tokens in ``created`` are dropped: players act with theirs

    def sweep(self, now: datetime | None = None) -> dict:
        """Expire open challenges past their expiry and start filled ones left unstarted
        (their starter died). Returns the ids handled."""
        now_iso = iso_utc(now or datetime.now(timezone.utc))
        done: dict[str, list[str]] = {"expired": [], "started": []}
        for challenge_id, state in self._indexed():
            if state["status"] == C.FILLED:
                if self.start(challenge_id)["status"] == C.STARTED:
                    done["started"].append(challenge_id)
            elif C.is_due(state, now_iso):
                try:
                    self.store.records.update(challenge_id, lambda current: _expiry(current, now_iso))
                except _NotDue:
                    continue
                self.store.unindex(challenge_id)
                done["expired"].append(challenge_id)
            elif state["status"] != C.OPEN:
                self.store.unindex(challenge_id)
        return done


class _NotDue(Exception):
    """The challenge changed (accepted, cancelled) since the sweep looked at it."""


def _expiry(state: dict, now_iso: str) -> dict:
    if not C.is_due(state, now_iso):
        raise _NotDue()
    return C.event("expired", now_iso)
