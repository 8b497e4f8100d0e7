"""What the ``/v1/matches`` endpoints do, as plain functions of the store.

The blueprint only parses the request, calls one of these and serialises the result, so
everything here is testable without HTTP and readable in one place. Hidden information
is enforced here: every state a caller receives goes through ``game.view`` for that
caller, every event through ``replays.events_for``; the seed and the pinned config
(deck lists) are revealed only once the match is over, when everyone gets the judge view.
"""
from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Callable

import rules
from replays import current_state, decklist_commitment, events_for, states_at
from replays import checkpoints, redaction
from replays.fold import copy_state
from replays.pinning import engine_versions
from replays.refold import public_record
from rules import control, rng
from rules.clock import validate_clock_spec
from rules.errors import Forbidden, InvalidRequest, MatchOver, MatchReadOnly, NotFound, NotYourDecision, VersionConflict
from rules.protocol import JUDGE, SPECTATOR, Game, State, Viewer, is_seat
from store import MatchStore
from store.match_store import stored_event
from store.players import PlayerStore
from workers.after_event import has_steps, hint, settle_head, settled
from workers.bots import schedule_if_bot_turn
from workers import jobs as fold_jobs
from workers.standing_orders import arm_after

from . import auth
from .clock_index import now_iso, reschedule, start_clock
from .runtime import Runtime


@dataclass(frozen=True)
class Match:
    """A match's meta and its game, loaded once per request."""

    id: str
    meta: dict
    game: Game

    @property
    def seat_count(self) -> int:
        return len(self.meta.get("seat_token_hashes") or [])

    def seat_names(self) -> list[str]:
        names = self.meta.get("seat_names") or (self.meta.get("config") or {}).get("names") or []
        return [names[i] if i < len(names) else f"seat {i}" for i in range(self.seat_count)]


def load_match(store: MatchStore, match_id: str, *, fixed_only: bool = False) -> Match:
    """Meta + game of ``match_id`` (``NotFound`` for an unknown id). ``fixed_only``: only
    the fields that never change, from the process's cache (``MatchStore.fixed_meta``)."""
    meta = store.fixed_meta(match_id) if fixed_only else store.get_meta(match_id)
    return Match(id=match_id, meta=meta, game=rules.get_game(meta["game"]))


def is_finished(game: Game, state: State) -> bool:
    return game.outcome(state) is not None


def effective_viewer(game: Game, state: State, viewer: Viewer) -> Viewer:
    """Once the match is over everyone sees everything (the judge view)."""
    return JUDGE if is_finished(game, state) else viewer


def viewer_label(viewer: Viewer) -> str:
    return "seat" if is_seat(viewer) else str(viewer)


def _seat_of(viewer: Viewer) -> int | None:
    return viewer if is_seat(viewer) else None  # type: ignore[return-value]


# ---- creating -----------------------------------------------------------------------------
def check_ruleset(game: Game, ruleset: str | None) -> str:
    ruleset = ruleset or game.default_ruleset
    if ruleset not in game.rulesets:
        raise InvalidRequest(
            f"game '{game.id}' has no ruleset '{ruleset}'; rulesets: {', '.join(sorted(game.rulesets))}",
            code="unknown_ruleset",
            details={"rulesets": sorted(game.rulesets)},
        )
    return ruleset


def seat_order(seed: str, count: int) -> list[int]:
    """A fair seat order drawn from the match seed (its own RNG stream), so who sits
    where is as random as the shuffles and anyone can check it once the seed is revealed."""
    order = list(range(count))
    rng.shuffle(rng.new_rng(seed, "seat-order"), order)
    return order


def create_match(
    store: MatchStore,
    game_id: str,
    ruleset: str | None,
    seats: list[dict],
    *,
    seat_players: list[str | None] | None = None,
    shuffle_seats: bool = False,
    extra_meta: dict | None = None,
    clock: dict | None = None,
) -> dict:
    """Validate decks, pin the config, draw the secret seed, store the match and return
    the one response that ever shows the seat tokens.

    ``seat_players`` (one registered player id or None per seat) lets those players act with
    their own token; ``shuffle_seats`` reorders the seats (and their players) by the seed,
    as a challenge does. Every seat's deck list gets a salted commitment published now and
    revealed with the seed when the match ends (``replays.decklists``). A ``clock``
    (``rules.clock.validate_clock_spec``) starts at once: the log opens with ``clock_start``
    (version 1)."""
    game = rules.get_game(game_id)
    ruleset = check_ruleset(game, ruleset)
    clock = validate_clock_spec(clock) if clock is not None else None
    seat_players = list(seat_players) if seat_players is not None else [None] * len(seats)
    if len(seat_players) != len(seats):
        raise InvalidRequest("seat_players must name one player (or null) per seat", code="invalid_request")
    seed = secrets.token_hex(32)
    if shuffle_seats:
        order = seat_order(seed, len(seats))
        seats, seat_players = [seats[i] for i in order], [seat_players[i] for i in order]
    config = game.build_config(ruleset, seats)  # DeckInvalid lists every violation
    initial = game.setup(config, seed)
    tokens, hashes = auth.issue_seat_tokens(len(seats))
    names = [str(s["name"]) for s in seats]
    decklists = [
        {"seat": i, "name": names[i], "deck": s["deck"], "salt": secrets.token_hex(16)} for i, s in enumerate(seats)
    ]
    decklist_commitments = [decklist_commitment(d["deck"], d["salt"]) for d in decklists]
    commitment = rng.commitment(seed)
    meta = {
        **(extra_meta or {}),
        "game": game.id,
        "ruleset": ruleset,
        **engine_versions(game),  # derived from the code and card data (replays.pinning)
        "config": config,
        "seed": seed,
        "seed_commitment": commitment,
        "seat_token_hashes": hashes,
        "seat_names": names,
        "seat_players": seat_players,
        "decklists": decklists,
        "decklist_commitments": decklist_commitments,
        "status": "active",
        "outcome": None,
        "seat_bots": [s.get("bot") for s in seats],  # the server's player (workers/bots.py)
    }
    if clock is not None:
        meta["clock"] = clock
    match_id = store.create_match(meta, initial)
    schedule_if_bot_turn(store.conn, match_id, meta, game, initial)
    players = PlayerStore(store.conn)
    for player_id in seat_players:
        if player_id is not None:
            players.add_match(player_id, match_id)
    if clock is not None:
        start_clock(store, game, match_id, clock, len(seats))
    return {
        "match_id": match_id,
        "game": game.id,
        "ruleset": ruleset,
        "seed_commitment": commitment,
        "decklist_commitments": decklist_commitments,
        "clock": clock,
        "version": 1 if clock is not None else 0,
        "seats": [
            {"seat": i, "name": names[i], "player_id": seat_players[i],
             "token": None if seats[i].get("bot") else tokens[i], "bot": bool(seats[i].get("bot"))}
            for i in range(len(seats))
        ],
    }


# ---- reading ------------------------------------------------------------------------------
def seat_list(match: Match) -> list[dict]:
    """Public seat facts: name and the registered player holding it (None: anonymous)."""
    holders = match.meta.get("seat_players") or []
    return [
        {"seat": i, "name": n, "player_id": holders[i] if i < len(holders) else None}
        for i, n in enumerate(match.seat_names())
    ]


def summary(store: MatchStore, match_id: str) -> dict:
    """Public facts about a match: no view, no tokens; the seed only once it is over."""
    match = load_match(store, match_id)
    version, state = current_state(store, match.game, match_id)
    outcome = match.game.outcome(state)
    meta = match.meta
    return {
        "match_id": match_id,
        "game": meta["game"],
        "ruleset": meta["ruleset"],
        "engine_version": str(meta.get("engine_version", "")),
        "card_data_version": str(meta.get("card_data_version", "")),
        "refold": public_record(meta),
        "fork_of": meta.get("fork_of"),
        "status": "finished" if outcome is not None else "active",
        "version": version,
        "deciding_seats": list(match.game.deciding_seats(state)) if outcome is None else [],
        "seats": seat_list(match),
        "outcome": outcome,
        "control": control.view(state),
        "clock": control.clock_summary(state),
        "seed_commitment": meta["seed_commitment"],
        "seed": meta["seed"] if outcome is not None else None,
        "decklist_commitments": meta.get("decklist_commitments"),
        "decklists": meta.get("decklists") if outcome is not None else None,
        "created": meta.get("created"),
        "updated": meta.get("updated"),
    }


def list_summaries(store: MatchStore, offset: int = 0, limit: int = 50) -> dict:
    """A page of match summaries, newest first: how players find past games to replay and
    organisers find a tournament's matches. A match whose game this server no longer runs
    is left out of the page rather than failing the whole listing."""
    matches = []
    for match_id in store.list_matches(offset, limit):
        try:
            matches.append(summary(store, match_id))
        except (NotFound, InvalidRequest):
            continue
    return {"total": store.count_matches(), "offset": offset, "limit": limit, "matches": matches}


def state_for(
    store: MatchStore,
    match_id: str,
    token: str | None,
    min_version: int | None = None,
    wait: float = 0.0,
    max_wait: float = 30.0,
    wait_for: Callable[[str, int, float], object] | None = None,
) -> dict:
    """The caller's view of the current state, after waiting (at most ``min(wait,
    max_wait)`` seconds) for ``min_version`` if asked. When the wait ends first the
    current state is returned anyway; its ``version`` tells the client. ``wait_for(match_id,
    min_version, seconds)`` does the waiting (the service's event-loop wait,
    ``service.streaming.open_wait``; default: the store's blocking XREAD); it runs only
    once the caller is known to be allowed to read the match."""
    match = load_match(store, match_id)
    viewer = auth.viewer_for(match.meta, token, PlayerStore(store.conn))
    if min_version is not None:
        (wait_for or store.wait_for_version)(match_id, min_version, max(0.0, min(wait, max_wait)))
    version, state = current_state(store, match.game, match_id)
    shown = effective_viewer(match.game, state, viewer)
    return {
        "match_id": match_id,
        "version": version,
        "seat": _seat_of(viewer),
        "viewer": viewer_label(shown),
        "status": "finished" if is_finished(match.game, state) else "active",
        "deciding_seats": list(match.game.deciding_seats(state)),
        "view": match.game.view(state, shown),
    }


def legal_actions_for(store: MatchStore, match_id: str, token: str | None) -> dict:
    """What the caller may post now (nothing for a spectator or a seat not deciding)."""
    match = load_match(store, match_id)
    viewer = auth.viewer_for(match.meta, token, PlayerStore(store.conn))
    version, state = current_state(store, match.game, match_id)
    deciding = list(match.game.deciding_seats(state))
    seat = _seat_of(viewer)
    actions = match.game.legal_actions(state, seat) if seat is not None and seat in deciding else []
    return {"version": version, "seat": seat, "deciding_seats": deciding, "actions": actions}


def events_listing(
    store: MatchStore,
    match_id: str,
    token: str | None,
    after: int = 0,
    limit: int = 100,
    redacted_limit: int | None = None,
) -> dict:
    """Events ``after < v`` (at most ``limit``; at most ``redacted_limit`` while the match
    runs, when every event is redacted for the caller)."""
    match = load_match(store, match_id)
    viewer = auth.viewer_for(match.meta, token, PlayerStore(store.conn))
    events = events_for(store, match.game, match_id, viewer, after=after, limit=limit, redacted_limit=redacted_limit)
    return {"match_id": match_id, "version": store.version(match_id), "events": events}


def reader(store: MatchStore, match_id: str, token: str | None) -> tuple[Match, Viewer]:
    """The match and who reads it (seat, or spectator), as every read endpoint decides it."""
    match = load_match(store, match_id)
    return match, auth.viewer_for(match.meta, token, PlayerStore(store.conn))


def resume_point(store: MatchStore, match_id: str, last_event_id: str | None, after: int) -> int:
    """Where a stream resumes: the ``Last-Event-ID`` header (a version) when present, else
    ``after``. A header that is not a version is a 400, not a silent restart from 0; a
    version the match has not reached is 400 ``version_out_of_range`` (the client is
    confused about which match it follows)."""
    if last_event_id is not None and last_event_id.strip():
        text = last_event_id.strip()
        if not text.isascii() or not text.isdigit() or len(text) > 18:
            raise InvalidRequest("Last-Event-ID must be a version (a non-negative integer)", code="invalid_last_event_id")
        after = int(text)
    head = store.version(match_id)
    if after > head:
        raise InvalidRequest(
            f"version must be between 0 and {head} (the match's current version)",
            code="version_out_of_range", details={"current_version": head, "requested": after},
        )
    return after


def replay_perspective(perspective: str | None, viewer: Viewer, finished: bool, seats: int) -> Viewer:
    """Whose view a replay shows: once the match is over, the one asked for (``judge`` by
    default, ``spectator``, or a seat number: what that seat saw); while it runs only the
    caller's own (asking for another's is 403 ``perspective_hidden``, whatever the version:
    a seat's past hand is still secret)."""
    if perspective is None:
        return JUDGE if finished else viewer
    wanted: Viewer = {"judge": JUDGE, "spectator": SPECTATOR}.get(perspective, perspective)
    if wanted not in (JUDGE, SPECTATOR):
        wanted = int(perspective)
        if not 0 <= wanted < seats:
            raise InvalidRequest(f"perspective must be judge, spectator or a seat from 0 to {seats - 1}",
                                 code="invalid_perspective")
    if not finished and wanted != viewer:
        raise Forbidden("another perspective than your own is shown once the match is over",
                        code="perspective_hidden")
    return wanted


def replay(store: MatchStore, match_id: str, token: str | None, at: int | None = None,
           perspective: str | None = None) -> dict:
    """The caller's view of the state after event ``at`` (default: now). Once the match
    is over: the judge view (or the perspective asked for: ``replay_perspective``), the
    seed and the config, so anyone can re-fold the log (``GET events``) from
    ``setup(config, seed)`` and check ``sha256(seed)``."""
    match = load_match(store, match_id, fixed_only=True)  # all a replay shows is fixed at creation
    viewer = auth.viewer_for(match.meta, token, PlayerStore(store.conn))
    if at is None:
        version, now = current_state(store, match.game, match_id)
        at, past = version, now
    else:  # one round trip: InvalidRequest when out of range
        version, now, past = states_at(store, match.game, match_id, at)
    finished = is_finished(match.game, now)
    shown = replay_perspective(perspective, viewer, finished, match.seat_count)
    return {
        "match_id": match_id,
        "at": at,
        "version": version,
        "seat": _seat_of(viewer),
        "viewer": viewer_label(shown),
        "perspective": str(shown),
        "status": "finished" if finished else "active",
        "view": match.game.view(past, shown),
        "seed_commitment": match.meta["seed_commitment"],
        "seed": match.meta["seed"] if finished else None,
        "config": match.meta.get("config") if finished else None,
        "decklist_commitments": match.meta.get("decklist_commitments"),
        "decklists": match.meta.get("decklists") if finished else None,
    }


# ---- acting -------------------------------------------------------------------------------
@dataclass(frozen=True)
class Posted:
    """Result of posting an action: the response body and whether it is a stored
    response to an earlier request with the same Idempotency-Key (nothing appended)."""

    body: dict
    replayed: bool


def seat_idempotency_key(seat: int, key: str | None) -> str | None:
    """Keys are chosen by clients, so two seats may pick the same one ("1", "retry"):
    scoping the key by seat keeps one seat's retry from answering for the other."""
    return None if key is None else f"seat{seat}:{key}"


def _check_turn(game: Game, state: State, seat: int) -> None:
    """The log's own invariants, whatever a game's ``validate`` does: nothing is appended
    after the end, and only a seat that must decide now may act."""
    if game.outcome(state) is not None:
        raise MatchOver("the match is over; no more actions are accepted")
    deciding = list(game.deciding_seats(state))
    if seat not in deciding:
        raise NotYourDecision(
            f"seat {seat} has no decision to make now; waiting for seat(s) {', '.join(map(str, deciding))}",
            details={"deciding_seats": deciding},
        )


def refuse_if_imported(meta: dict) -> None:
    """Nothing is ever posted to an imported match (``service.interchange_logic``): it is a
    verified record of a game played elsewhere, not a game."""
    if meta.get("imported"):
        raise MatchReadOnly("this match was imported: it is a finished record and takes no actions")


def refold_decision(store: MatchStore, match_id: str, token: str | None, decision: str) -> dict:
    """A seat's vote on a match flagged by ``subspace refold --check`` (``replays.refold.vote``)."""
    from replays.refold import vote

    match = load_match(store, match_id)
    seat = auth.require_seat(match.meta, token, PlayerStore(store.conn))
    record = vote(store, match_id, seat, decision, match.seat_count)
    return {"match_id": match_id, "refold": public_record({"refold": record})}


def _stored_answer(store: MatchStore, match_id: str, key: str | None, event: dict) -> Posted | None:
    """The stored answer of an earlier request with this key (for this seat), or None."""
    if key is None:
        return None
    earlier = store.idempotent_result(match_id, key, event)  # raises if reused for another action
    return None if earlier is None else Posted(body=earlier.response, replayed=True)


def answer_replayed(rt: Runtime, match_id: str, posted: Posted) -> Posted:
    """Answer a retry with its stored result *and* bring the match forward again.

    The attempt that stored the event may have died right after its append (Redis went
    away: it answered 503, the client retried): its lagging hint and its fold were never
    written, and nothing else would fold the match until its next event. Re-hinting and
    folding (or enqueueing the fold) is idempotent, so every retry does it.
    """
    rt.store.mark_lagging(match_id)
    rt.after_append(match_id)
    return posted


def post_action(
    rt: Runtime,
    match_id: str,
    token: str | None,
    expected_version: int,
    action: dict,
    idempotency_key: str | None = None,
) -> Posted:
    """Validate ``action`` for the caller's seat against the current state (projection +
    tail, one round trip), apply it to that state once and append it with
    ``expected_version`` together with the new state as the projection (and a snapshot when
    due) in one script call; if it ended the match, mark the meta finished. The meta comes
    from the process's cache of the fields that never change (``MatchStore.fixed_meta``).

    Nothing is appended when anything fails. An ``Idempotency-Key`` seen before (for this
    seat) answers with the original response *before* validation: a retry whose first
    attempt succeeded has a stale ``expected_version`` and may no longer be legal. The key
    is looked up again after a version conflict, so a retry racing its own first attempt
    gets the stored 201 too, never a 409 for its own action.
    """
    store = rt.store
    match = load_match(store, match_id, fixed_only=True)
    game = match.game
    refuse_if_imported(match.meta)
    seat = auth.require_seat(match.meta, token, PlayerStore(store.conn))
    event = {"type": "action", "seat": seat, "payload": action}
    key = seat_idempotency_key(seat, idempotency_key)
    try:
        head = store.read_head(match_id, key)
        earlier = store.answer_of(head, event)  # raises if the key was used for another action
        if earlier is not None:
            return answer_replayed(rt, match_id, Posted(body=earlier.response, replayed=True))
        seats = len(match.meta.get("seat_token_hashes") or [])
        state, records = redaction.fold_recording(game, head.state, head.events, seats)
        version = head.version
        if expected_version != version:
            raise VersionConflict(version, expected_version)
        _check_turn(game, state, seat)
        game.validate(state, seat, action)
        stored = stored_event(event, version + 1, now_iso())
        deciding_before = list(game.deciding_seats(state))
        before = copy_state(state) if head.has_orders else None  # standing orders arm on it
        records.append(redaction.record_of(game, stored, state, seats))  # how each audience sees it
        started = checkpoints.CLOCK()
        state = game.apply(state, stored)  # exactly what a fold of the log applies
        cost = checkpoints.CLOCK() - started
        steps = has_steps(match.meta, game, state, deciding_before) or head.has_orders
        if steps:
            hint(store.conn, match_id)  # cleared by settled() below once the follow-up steps are done
        result = store.append_projected(match_id, expected_version, stored, state, idempotency_key=key,
                                        response={"version": expected_version + 1},
                                        snapshot=stored["v"] % fold_jobs.SNAPSHOT_EVERY == 0,
                                        fold_cost=(cost, fold_jobs.SNAPSHOT_BUDGET_SECONDS),
                                        redactions=(redaction.tag(game, seats), head.projection_version + 1, records))
    except VersionConflict:
        # A twin of this request (same key, same action) may have appended between our
        # look-up above and our read of the state. The append script stores the answer in
        # the same atomic step as the event, so a version moved by our twin always finds
        # its answer now; a conflict caused by another action finds none and stays a 409.
        twin = _stored_answer(store, match_id, key, event)
        if twin is None:
            raise
        return answer_replayed(rt, match_id, twin)
    if result.replayed:  # a concurrent request with the same key landed first
        return answer_replayed(rt, match_id, Posted(body=result.response, replayed=True))
    if before is not None:
        arm_after(rt.conn, game, match_id, event, before)  # standing orders see the state it was posted on
    # No fold to run or enqueue: the projection moved with the append. What follows an event
    # (meta of a finished match, analytics, your_turn, a bot's turn) is workers.after_event's,
    # hinted before the append (when there is any) so the sweep redoes it if this request dies here.
    # A match this event ended keeps its hint: its analytics and archive (finish_match, a
    # re-fold of the whole match) run after the answer (Runtime.finish_later).
    later = steps and settle_head(store.conn, match_id, match.meta, game, state, result.version, deciding_before,
                                  fold_jobs.FINISHED_SNAPSHOT_EVERY, finish=False)
    reschedule(rt.conn, match_id, state)
    if later:
        rt.finish_later(match_id)
    elif steps:
        settled(store.conn, match_id, result.version)
    if head.has_orders:
        rt.play_orders(match_id)  # (orders saved later play themselves: service.orders_logic)
    return Posted(body=result.response, replayed=False)


__all__ = [
    "Match",
    "Posted",
    "create_match",
    "events_listing",
    "legal_actions_for",
    "load_match",
    "post_action",
    "refold_decision",
    "refuse_if_imported",
    "replay",
    "reader",
    "resume_point",
    "state_for",
    "summary",
]
