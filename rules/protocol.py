"""The game protocol every ruleset implements (boardgame.io-style, but pure).

A *state* is a JSON-serialisable dict (string keys, lists not tuples, no sets) so the
worker can store projections with orjson and anyone can re-fold a log. ``apply`` may
mutate the state it is given and must return it: the fold copies once per batch and then
applies events in place (never deep-copy per event).

Decide vs apply: the service calls ``validate`` before appending; ``apply`` trusts the log
(events are facts) and never re-validates. Pending decisions (mulligan, choosing a card,
ordering triggers, discarding down) are ordinary legal actions of the seat that decides.

Viewer: a seat number (int), ``"spectator"`` or ``"judge"`` (sees everything).
An *event* as the reducer sees it: ``{"seat": int | None, "type": str, "payload": dict}``
(the store adds version, schema and server timestamp; reducers must not read the clock).
"""
from __future__ import annotations

import re
from typing import Any, Iterator, Protocol, Union, runtime_checkable

from .errors import IllegalAction, InvalidRequest, MatchOver, NotYourDecision

Viewer = Union[int, str]
SPECTATOR = "spectator"
JUDGE = "judge"
State = dict
Action = dict


@runtime_checkable
class Game(Protocol):
    id: str
    title: str
    rulesets: dict[str, str]
    default_ruleset: str
    engine_version: str

    def starter_decks(self) -> list[dict]:
        """Preconstructed decks a seat may name by id: ``[{id, name, ...}]``."""

    def build_config(self, ruleset: str, seats: list[dict]) -> dict:
        """Resolve decks (starter id or card list), validate them by the construction
        rules (raise ``DeckInvalid`` listing every violation) and return the match config
        that is pinned in the match and handed to ``setup``."""

    def setup(self, config: dict, seed: str) -> State:
        """The initial state from a config and the secret seed."""

    def deciding_seats(self, state: State) -> list[int]:
        """Seats that may act now (empty when the match is over)."""

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        """Complete action bodies this seat may post now, unchanged."""

    def validate(self, state: State, seat: int, action: Action) -> None:
        """Raise ``NotYourDecision`` / ``IllegalAction`` unless the action is legal."""

    def apply(self, state: State, event: dict) -> State:
        """Apply an accepted event; may mutate ``state`` in place; returns the state."""

    def view(self, state: State, viewer: Viewer) -> dict:
        """What ``viewer`` may see. Never an opponent's hand, any deck order, face-down
        cards or the RNG seed (until the match is over, when the service asks for the
        judge view on everyone's behalf)."""

    def redact_event(self, event: dict, viewer: Viewer, state_before: State) -> dict:
        """The event as ``viewer`` may see it (``state_before`` = state the event applied to)."""

    def outcome(self, state: State) -> dict | None:
        """``None`` while the match runs, else ``{"winners": [seat...], "reason": str}``."""


class BaseGame:
    """Defaults shared by every game: validation by membership in ``legal_actions``."""

    id = "base"
    title = "Base"
    rulesets: dict[str, str] = {}
    default_ruleset = ""
    engine_version = "0"

    def deciding_seats(self, state: State) -> list[int]:  # pragma: no cover - abstract
        raise NotImplementedError

    def legal_actions(self, state: State, seat: int) -> list[Action]:  # pragma: no cover
        raise NotImplementedError

    def outcome(self, state: State) -> dict | None:  # pragma: no cover
        raise NotImplementedError

    def describe_illegal(self, state: State, seat: int, action: Action) -> str:
        """A human explanation of why ``action`` is illegal; games override this to name
        the rule and the cards involved. Called only when every card the action names is
        one ``seat`` sees (``explain_illegal``), so it may name them freely."""
        kind = action.get("type") if isinstance(action, dict) else None
        return f"'{kind}' is not a legal action for seat {seat} now; GET legal-actions lists what is"

    def explain_illegal(self, state: State, seat: int, action: Action) -> str:
        """Why ``action`` is illegal, without naming anything ``seat`` may not see.

        An error may name only what the caller's own view shows: if the action names a
        card (anything shaped like a card id) whose identity the seat's view does not show,
        the answer is one neutral sentence that neither names the card nor confirms that
        such an id exists or where it is; otherwise the game's ``describe_illegal``."""
        if not isinstance(action, dict):  # (only an import's payload can be one: the POST schema asks for an object)
            return BaseGame.describe_illegal(self, state, seat, action)
        refs = card_refs(state, action)
        shown = shown_cards(self.view(state, seat)) if refs else set()
        unseen = [ref for ref in refs if ref not in shown]
        if unseen:
            return unusable_card_message(unseen[0])
        return self.describe_illegal(state, seat, action)

    def is_legal(self, state: State, seat: int, action: Action) -> bool:
        """Whether ``action`` is one of ``legal_actions(state, seat)`` (``listed``: equal as
        JSON values, so ``true`` is not ``1``). This default enumerates; a game answers the
        one action posted by its own rules instead (``PendingDecisionGame.legality``)."""
        return listed(action, self.legal_actions(state, seat))

    def validate(self, state: State, seat: int, action: Action) -> None:
        if self.outcome(state) is not None:
            raise MatchOver("the match is over; no more actions are accepted")
        if seat not in self.deciding_seats(state):
            raise NotYourDecision(
                f"seat {seat} has no decision to make now; waiting for seat(s) "
                f"{', '.join(str(s) for s in self.deciding_seats(state))}",
                details={"deciding_seats": self.deciding_seats(state)},
            )
        if not self.is_legal(state, seat, action):
            raise IllegalAction(
                self.explain_illegal(state, seat, action),
                details={"action": action},
            )

    def redact_event(self, event: dict, viewer: Viewer, state_before: State) -> dict:
        return event

    #: the field of a visible card in a view that holds its definition key (``None``: the
    #: game has no card catalogue)
    card_key: str | None = None

    def card_catalogue(self) -> dict[str, dict]:
        """Definition key -> the card's printed face (``rules.catalogue``): public data, the
        same for every match, computed once per process. Empty for games without one."""
        return {}

    def parse_deck_list(self, text: str) -> Any:
        """The deck (in the game's deck format) a plain-text deck list names, resolved
        against the game's public card pool only (``rules.decklist``); raises
        ``DeckListUnreadable`` listing every line it cannot read. A game without a card
        pool has no deck lists."""
        raise InvalidRequest(f"{self.title} has no plain-text deck lists; post the deck itself",
                             code="deck_list_unsupported")

    #: the game's purposeful player (a module with ``choose(state, seat, actions, seed)``);
    #: ``None``: the server's player picks a legal action at random
    bot: Any = None

    def bot_action(self, state: State, seat: int, seed: str) -> Action:
        """The server's player's action for ``seat`` now: pure, seeded by ``seed`` (e.g. the
        match id and version), one of ``legal_actions``. It must read only what the seat's
        view shows."""
        import random

        actions = self.legal_actions(state, seat)
        if not actions:
            raise NotYourDecision(f"seat {seat} has no decision to make now")
        if self.bot is None:
            return random.Random(seed).choice(actions)
        return self.bot.choose(state, seat, actions, seed)


class PendingDecisionGame(BaseGame):
    """The shape the three card games share: the state holds ``outcome`` and ``pending``
    (the one decision now, ``{"seat": ..., ...}``); the game's ``flow`` module lists and
    answers it (``legal_actions(state, seat)``, ``answer(state, seat, payload)``) and its
    view module shows it (``view(state, viewer)``, ``redact_event(event, viewer, before)``).
    A game sets ``flow`` and ``views`` to those modules and writes only what is its own
    (decks, setup, explanations)."""

    flow: Any = None
    views: Any = None
    #: the game's checker (a module with ``is_legal(state, seat, action) -> bool``) that
    #: answers whether one posted action is legal now without listing every legal action;
    #: ``None``: membership in ``legal_actions``
    legality: Any = None

    def deciding_seats(self, state: State) -> list[int]:
        if state["outcome"] is not None or state["pending"] is None:
            return []
        return [state["pending"]["seat"]]

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        return self.flow.legal_actions(state, seat)

    def is_legal(self, state: State, seat: int, action: Action) -> bool:
        if self.legality is None:
            return super().is_legal(state, seat, action)
        return self.legality.is_legal(state, seat, action)

    def apply(self, state: State, event: dict) -> State:
        return self.flow.answer(state, event["seat"], event["payload"])

    def view(self, state: State, viewer: Viewer) -> dict:
        return self.views.view(state, viewer)

    def redact_event(self, event: dict, viewer: Viewer, state_before: State) -> dict:
        return self.views.redact_event(event, viewer, state_before)

    def outcome(self, state: State) -> dict | None:
        return state["outcome"]

    def timeline_mark(self, state: State) -> dict:
        """The turn number and phase of a state (the replay viewer steps by them:
        ``replays.timeline``): ``turn.number`` and the step's phase (``draw_round.buy`` is
        in the draw round) — public facts every view shows, spectators' included (a
        property test holds this to the spectator's view), read here without building one."""
        step = state.get("step")
        return {"turn": state["turn"]["number"], "phase": step.split(".")[0] if isinstance(step, str) and step else None}


def same_value(a: Any, b: Any) -> bool:
    """Equal as JSON values: Python's ``==`` also holds for ``True == 1 == 1.0``, which would
    let a posted ``true`` pass for the ability index 1 (and be stored as ``true``)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same_value(v, b[k]) for k, v in a.items())
    if isinstance(a, list):
        return len(a) == len(b) and all(same_value(x, y) for x, y in zip(a, b))
    return a == b


def listed(action: Any, options: list) -> bool:
    """Whether ``action`` is one of ``options`` (``same_value``): validation of a decision
    whose options are few or already listed in the state."""
    try:
        at = options.index(action)  # Python's ``==`` first, at C speed: most actions posted are listed
    except ValueError:
        return False
    return same_value(action, options[at]) or any(same_value(action, o) for o in options[at + 1:])


def is_seat(viewer: Any) -> bool:
    return isinstance(viewer, int) and not isinstance(viewer, bool)


# Every game deals instance ids "c1", "c2", ... (shuffled); a string of this shape in an
# action is treated as naming a card even when no such card exists, so an error cannot
# tell "no such card" from "a card you may not see".
CARD_ID = re.compile(r"c[0-9]+")


def card_refs(state: State, action: Any) -> list[str]:
    """Every string in ``action`` (at any depth, its ``type`` excepted) that names a card
    instance of ``state`` or is shaped like a card id, in order of appearance."""
    cards = state.get("cards") or {}
    return [v for v in _strings(action, top=True) if v in cards or CARD_ID.fullmatch(v)]


def _strings(node: Any, top: bool = False) -> Iterator[str]:
    if isinstance(node, str):
        yield node
    elif isinstance(node, dict):
        for key, value in node.items():
            if not (top and key == "type"):
                yield from _strings(value)
    elif isinstance(node, list):
        for value in node:
            yield from _strings(value)


FACE_KEYS = ("title", "guid", "card")


def shown_cards(view: Any) -> set[str]:
    """The ids of the cards whose identity a view shows (``shown_faces``)."""
    return set(shown_faces(view))


def shown_faces(view: Any) -> dict[str, dict]:
    """The cards whose identity a view shows, by id. The convention of every game's view: a
    card whose identity the viewer may know is a dict with its ``id`` and a face field (its
    ``title`` or its definition key, ``guid`` or ``card``); a hidden card is shown with id
    ``null`` and no face field (see docs/contracts.md, "Hidden cards")."""
    out: dict[str, dict] = {}
    stack = [view]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            if isinstance(node.get("id"), str) and any(isinstance(node.get(k), str) for k in FACE_KEYS):
                out[node["id"]] = node
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)
    return out


def redact_private_pick(event: dict, viewer: Any, state_before: State, view: Any) -> dict:
    """A ``choose`` among cards only its chooser was shown (the pending decision's
    ``reveal``: the top of a deck, a search, an examine) names the chosen card to another
    viewer only if that viewer's own view (``view(state_before, viewer)``) identified it
    already; otherwise the card is ``null``. The id of a card nobody showed the viewer would
    link it to wherever it goes next (a hand, the bottom of a pile, play). Used by every
    game whose decisions reveal cards to one seat; the view is computed only for such picks."""
    payload = event.get("payload") or {}
    pending = state_before.get("pending") or {}
    card = payload.get("card")
    if payload.get("type") != "choose" or not pending.get("reveal") or not isinstance(card, str):
        return event
    if card in shown_cards(view(state_before, viewer)):
        return event
    return {**event, "payload": {**payload, "card": None}}


def unusable_card_message(ref: str) -> str:
    """The one answer for an action naming a card the caller cannot see: the same words
    whether ``ref`` is an opponent's hidden card, a card in a deck or no card at all."""
    return (f"card {ref!r} is not one you can use now (your view of the match does not show it); "
            "GET legal-actions lists what you may do")
