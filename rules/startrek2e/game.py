"""Star Trek CCG Second Edition behind the game protocol (``rules.protocol.Game``): ``GAME``.

A pure reducer: ``setup`` deals from the seed, ``apply`` answers the one pending decision
and runs the rules until the next one (``flow.advance``). Every decision — laying out
missions, playing and drawing, orders, choosing dilemmas, choices made by card text,
responses, discarding down, repairs — is a legal action of exactly one seat.
"""
from __future__ import annotations

from ..errors import DeckInvalid, InvalidRequest
from ..protocol import PendingDecisionGame
from . import control_policy, flow, setup
from . import validate as _validate
from . import bot as _bot
from . import view as _view
from .formats import DEFAULT_FORMAT, FORMATS

#: A ruleset is a format (``formats.py`` says why): same rulebook, a narrower card pool.
RULESETS = {f.id: f.description for f in FORMATS.values()}


class StarTrek2EGame(PendingDecisionGame):
    id = "startrek2e"
    title = "Star Trek CCG Second Edition"
    rulesets = dict(RULESETS)
    default_ruleset = DEFAULT_FORMAT
    engine_version = "1"
    flow = flow
    views = _view
    legality = _validate
    control_policy = control_policy.POLICY
    card_key = "guid"
    bot = _bot

    def card_catalogue(self) -> dict[str, dict]:
        from .catalogue import catalogue
        return catalogue()

    def parse_deck_list(self, text: str) -> dict:
        from .decklist import parse
        return parse(text)

    def starter_decks(self) -> list[dict]:
        """The cards engineer's starters that pass deck construction (a starter whose cards
        still lack mechanics is not offered until they are written)."""
        return [dict(d) for d in _playable_starters()]

    def build_config(self, ruleset: str, seats: list[dict]) -> dict:
        """Resolve each seat's deck (a starter id or ``{missions, dilemmas, deck}``) and
        check it by the deck-building rules, listing every violation of every seat."""
        if ruleset not in RULESETS:
            raise InvalidRequest(f"unknown Star Trek 2E ruleset {ruleset!r}; expected one of {', '.join(RULESETS)}")
        if len(seats) < 2:
            raise InvalidRequest("Star Trek CCG needs at least two seats")
        violations, out = [], []
        for i, seat in enumerate(seats):
            deck = seat.get("deck")
            if isinstance(deck, str):
                deck = _starter(deck)
                if deck is None:
                    violations.append(DeckInvalid.unknown_starter(i, seat["deck"], [d["id"] for d in self.starter_decks()]))
                    continue
            problems = _validate(deck, ruleset)
            violations += [{"seat": i, **v} for v in problems]
            if not problems:
                out.append({"name": seat.get("name", f"seat {i}"), "missions": list(deck["missions"]),
                            "dilemmas": list(deck["dilemmas"]), "deck": list(deck["deck"])})
        if violations:
            raise DeckInvalid.listing(violations)
        return {"ruleset": ruleset, "seats": out}

    def setup(self, config: dict, seed: str) -> dict:
        return flow.advance(setup.setting_up(config, seed))

    def describe_illegal(self, state: dict, seat: int, action: dict) -> str:
        from .describe import describe_illegal
        return describe_illegal(state, seat, action)



_PLAYABLE: list = []


def _playable_starters() -> list[dict]:
    if not _PLAYABLE:
        try:
            from .cards import starters
        except ImportError:
            return []
        _PLAYABLE.extend({"id": d["id"], "name": d["name"]} for d in starters() if not _validate(d))
    return _PLAYABLE


def _starter(deck_id: str) -> dict | None:
    try:
        from .cards import starters
    except ImportError:
        return None
    for d in starters():
        if d["id"] == deck_id:
            return d
    return None


def _validate(deck, fmt: str = DEFAULT_FORMAT) -> list[dict]:
    if not isinstance(deck, dict) or not all(isinstance(deck.get(k), list) for k in ("missions", "dilemmas", "deck")):
        return [{"code": "deck_shape", "message": "a deck is {missions: [...], dilemmas: [...], deck: [...]} of card ids"}]
    try:
        from .deckbuilding import validate_deck
    except ImportError:
        return [] if len(deck["missions"]) == 5 else [{"code": "missions", "message": "Building a Deck: exactly 5 missions"}]
    return validate_deck(deck, fmt=fmt)


GAME = StarTrek2EGame()
