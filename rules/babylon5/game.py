"""Babylon 5 CCG (rules 1.3b) behind the game protocol (``rules.protocol.Game``): ``GAME``.

A pure reducer for 2–5 players: ``setup`` deals from the seed, ``apply`` answers the one
pending decision and runs the rules until the next one (``flow.advance``). Every decision —
opening hand, sustaining, declaring conflicts face down, naming targets, each action, each
target choice, revealing a contingency, aftermaths, discards, drawing, buying — is a legal
action of exactly one seat.
"""
from __future__ import annotations

from typing import Any

from ..errors import DeckInvalid, InvalidRequest
from ..protocol import PendingDecisionGame
from . import control_policy, flow, setup
from . import validate as _validate
from . import bot as _bot
from . import view as _view

RULESETS = {"1.3b": "Babylon 5 CCG rules 1.3b (the chapters Card Details and Game Flow, RULES.md)"}


class Babylon5Game(PendingDecisionGame):
    id = "babylon5"
    title = "Babylon 5 CCG"
    rulesets = dict(RULESETS)
    default_ruleset = "1.3b"
    engine_version = "1"
    flow = flow
    views = _view
    legality = _validate
    control_policy = control_policy.POLICY
    card_key = "card"
    bot = _bot

    def card_catalogue(self) -> dict[str, dict]:
        from .catalogue import catalogue
        return catalogue()

    def parse_deck_list(self, text: str) -> dict:
        from .decklist import parse
        return parse(text)

    def starter_decks(self) -> list[dict]:
        from .cards import starters
        return [{"id": d["id"], "name": d["name"], "race": d.get("race")} for d in starters()]

    def build_config(self, ruleset: str, seats: list[dict]) -> dict:
        """Resolve each seat's deck (a starter id or a deck object) and check it by the
        deck-construction rules, listing every violation of every seat at once."""
        if ruleset not in RULESETS:
            raise InvalidRequest(f"unknown Babylon 5 ruleset {ruleset!r}; expected one of {', '.join(RULESETS)}")
        if not 2 <= len(seats) <= 5:
            raise InvalidRequest(f"Babylon 5 CCG is played by 2 to 5 players, not {len(seats)}")
        from . import deckbuilding
        from .cards import starters
        by_id = {d["id"]: d for d in starters()}
        violations, out = [], []
        for i, seat in enumerate(seats):
            deck: Any = seat.get("deck")  # a starter's id or a deck list; validate_deck judges any other value
            if isinstance(deck, str):
                if deck not in by_id:
                    violations.append(DeckInvalid.unknown_starter(i, deck, list(by_id)))
                    continue
                deck = {"ambassador": by_id[deck]["ambassador"], "deck": list(by_id[deck]["deck"])}
            problems = deckbuilding.validate_deck(deck)
            violations += [{"seat": i, **v} for v in problems]
            if not problems:
                resolved = _normalise(deckbuilding.resolve_deck(deck), deck)
                out.append({"name": seat.get("name", f"seat {i}"), **resolved})
        races: dict[str, int] = {}
        for i, sc in enumerate(out):
            race = _race_of(sc["ambassador"]) or "unknown"
            if race in races:
                violations.append({"seat": i, "code": "same_race",
                                   "message": f"each player controls a different race; {race} is already "
                                              f"seat {races[race]}'s"})
            races.setdefault(race, i)
        if violations:
            raise DeckInvalid.listing(violations)
        return {"ruleset": ruleset, "seats": out}

    def setup(self, config: dict, seed: str) -> dict:
        return flow.advance(setup.starting_a_game(config, seed))

    def describe_illegal(self, state: dict, seat: int, action: dict) -> str:
        from .describe import describe_illegal
        return describe_illegal(state, seat, action)



def _race_of(card_id: str) -> str | None:
    from .cards import card_db
    return (card_db().get(card_id) or {}).get("race")


def _normalise(resolved, deck) -> dict:
    """``resolve_deck`` output as ``{ambassador, deck}`` (card ids; the deck without the ambassador)."""
    if isinstance(resolved, dict) and "ambassador" in resolved:
        amb = resolved["ambassador"]
        cards = resolved.get("deck") or resolved.get("cards") or []
    else:
        amb, cards = deck.get("ambassador"), resolved if isinstance(resolved, list) else deck.get("deck", [])
    if isinstance(amb, dict):
        amb = amb["id"]
    ids = [c["id"] if isinstance(c, dict) else c for c in cards]
    ids = list(ids)
    if amb in ids:
        ids.remove(amb)
    return {"ambassador": amb, "deck": ids}


GAME = Babylon5Game()
