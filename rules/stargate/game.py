"""Stargate TCG behind the game protocol (``rules.protocol.Game``): ``GAME``.

A pure reducer: ``setup`` deals from the seed, ``apply`` answers the one pending decision
and runs the rules until the next one (``flow.advance``). Every decision — stop a
character at setup, mulligan, performing actions, card choices, ordering triggers and text,
revive/score, earning a glyph, continuing, ordering failed missions, discarding down — is a
legal action of exactly one seat.
"""
from __future__ import annotations

from ..errors import DeckInvalid, InvalidRequest
from ..protocol import PendingDecisionGame
from . import control_policy, flow, setup
from . import validate as _validate
from . import bot as _bot
from . import view as _view
from .rulesets import RULESETS


class StargateGame(PendingDecisionGame):
    id = "stargate"
    title = "Stargate TCG"
    rulesets = dict(RULESETS)
    default_ruleset = "current"
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
        from .cards import starters
        return [{"id": d["id"], "name": d["name"]} for d in starters()]

    def build_config(self, ruleset: str, seats: list[dict]) -> dict:
        """Resolve each seat's deck (a starter id or a deck object) and check it by the
        deck-building rules, listing every violation of every seat at once."""
        if ruleset not in RULESETS:
            raise InvalidRequest(f"unknown Stargate ruleset {ruleset!r}; expected one of {', '.join(RULESETS)}")
        if len(seats) < 2:
            raise InvalidRequest("Stargate TCG needs at least two seats")
        from . import deckbuilding
        violations, out = [], []
        for i, seat in enumerate(seats):
            deck = seat.get("deck")
            if isinstance(deck, str):
                known = [d["id"] for d in self.starter_decks()]
                if deck not in known:
                    violations.append(DeckInvalid.unknown_starter(i, deck, known))
                    continue
                deck = deckbuilding.starter_deck(deck)
            problems = deckbuilding.validate_deck(deck, ruleset)
            violations += [{"seat": i, **v} for v in problems]
            if not problems:
                resolved = deckbuilding.resolve_deck(deck)
                out.append({"name": seat.get("name", f"seat {i}"), **resolved})
        if violations:
            raise DeckInvalid.listing(violations)
        return {"ruleset": ruleset, "seats": out}

    def setup(self, config: dict, seed: str) -> dict:
        state = setup.starting_a_game(config, seed, config.get("extra_cards"))
        return flow.advance(state)

    def describe_illegal(self, state: dict, seat: int, action: dict) -> str:
        return describe_illegal(state, seat, action)



def describe_illegal(state: dict, seat: int, action: dict) -> str:
    """Name the rule an illegal action breaks (best effort, from the action's type)."""
    from . import state as S
    from . import stats
    p = state.get("pending") or {}
    kind = action.get("type") if isinstance(action, dict) else None
    if p.get("kind") != "act":
        return f"a decision is pending ({p.get('kind')}: {p.get('prompt')}); answer it with one of the listed options"
    t = state["turn"]
    card = action.get("card")
    hero = seat == t["hero"]
    if kind == "play" and isinstance(card, str) and card in state["cards"]:
        d = S.card_def(state, card)
        if card not in state["seats"][seat]["hand"]:
            return "Play a card: the card must be in your hand"
        if d["type"] == "ship" and state["ruleset"] == "first-edition":
            return "First edition: there are no ships"
        if hero and d["type"] in ("obstacle", "adversary"):
            return "Hero Player Actions: obstacles and adversaries are villain cards, played only during your opponent's turn"
        if not hero and d["type"] in ("event", "gear", "character"):
            return "Villain Player Actions: hero cards can only be played as complications during your opponent's turn"
        if stats.play_cost(state, card) > state["seats"][seat]["power"]:
            return f"Play a card: it costs {stats.play_cost(state, card)} power and you have {state['seats'][seat]['power']}"
        if d["type"] == "obstacle":
            return "Play an obstacle: it needs a difficulty rating in the current mission's skill"
        return "Uniqueness: you already have a card with that title in play (or a card says you can't play it)"
    if kind == "assign":
        return ("Assign: only a ready, unblocked character (a support character only with a rating in the "
                "mission's skill) or ship; one adversary per mission")
    if kind == "complication":
        return (f"Play a complication: it costs {stats.complication_cost(state, seat)} power (1 + one per "
                f"complication already there, as cards change it) and you have {state['seats'][seat]['power']}")
    if kind == "boost":
        return "Boost: discard a card with the same title as one of your assigned cards"
    if kind == "activate":
        return "Activated abilities: you can't pay the cost (a stopped card can't be stopped again; glyphs must be beneath it)"
    return f"'{kind}' is not a legal action now; legal actions lists what is"


GAME = StargateGame()
