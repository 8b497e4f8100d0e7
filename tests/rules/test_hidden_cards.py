"""Hidden cards in every game (issue 10, items 2 and 3; docs/contracts.md "Hidden cards").

Random legal play of each built-in game; after every action, for each seat and a
spectator:
- **one placeholder**: a card the viewer may not identify is ``null`` — in a view a
  face-down card is ``{"id": null, "face_down": true, ...}`` (no title, no id), in an event
  the field naming it is ``null``; the string ``"hidden"`` is no placeholder anywhere;
- **no id follows a card into hiding**: a card that lies face down out of the viewer's
  sight (a Stargate complication or card beneath, a Babylon 5 face-down contingency or
  agenda, a Star Trek dilemma drawn or chosen face down) is named by no field of the
  viewer's view, by no log entry written while it is hidden and by no event that hid it —
  so a card seen face up earlier (in a discard pile, revealed, returned to a deck or hand)
  cannot be recognised when it is played face down. Where a game has such a path, its run
  must include a card that the viewer had seen face up before it went into hiding."""
from __future__ import annotations

import json
import random

import pytest

import rules
from rules.protocol import FACE_KEYS, JUDGE, SPECTATOR, shown_cards
from tests.support.hidden import strings

BUILTIN = sorted(rules._BUILTIN)
MAX_ACTIONS = 2_500
# The run must show a card seen face up going face down again where random play reaches
# that path within the bound: Stargate (discard piles shuffled into decks, cards returned
# to hand, then played as complications). Star Trek's path (a revealed dilemma returned to
# the bottom of its pile, drawn and chosen again) is rarely reached by random play, and
# Babylon 5 has none (a card leaves play only for the discard or removed pile, and nothing
# comes back from them); their face-down cards are checked at every step all the same.
REHIDING = {"stargate"}


def _face_down_out_of_sight(game_id: str, state: dict, viewer) -> set[str]:
    """Cards lying face down that ``viewer`` may not identify (read from the state, not the view)."""
    cards = state["cards"]
    if game_id == "stargate":
        return {i for i, c in cards.items() if c.get("face_down") and c["owner"] != viewer}
    if game_id == "babylon5":
        return {i for i, c in cards.items() if c["face_down"] and c["zone"] == "play" and c["seat"] != viewer}
    if game_id == "startrek2e":
        return {i for s, seat in enumerate(state["seats"]) if s != viewer for i in seat["drawn"] + seat["stack"]}
    raise AssertionError(f"no hidden-card rule written for {game_id}")


def _placeholders_are_null(node, where: str) -> None:
    if isinstance(node, dict):
        # (a Babylon 5 face-down conflict is numbered by the conflict, never by its card)
        if node.get("face_down") and not any(isinstance(node.get(k), str) for k in FACE_KEYS):
            assert not isinstance(node.get("id"), str), \
                f"{where}: a face-down card the viewer cannot identify shows id {node['id']}"
        for value in node.values():
            _placeholders_are_null(value, where)
    elif isinstance(node, list):
        for value in node:
            _placeholders_are_null(value, where)
    else:
        assert node != "hidden", f"{where}: 'hidden' is no placeholder; a hidden card is null"


def _starter_game(game, decks: list[str], seed: str) -> tuple[random.Random, dict]:
    """A seeded chooser of actions and the first two starter decks' game, set up from ``seed``."""
    config = game.build_config(game.default_ruleset, [{"name": "Ann", "deck": decks[0]},
                                                      {"name": "Bob", "deck": decks[1]}])
    return random.Random(seed), game.setup(config, seed)


def _new_entries(before: list, after: list) -> list:
    """Entries appended to a (possibly truncated) log between two views."""
    for n in range(len(after) + 1):
        kept = after[:len(after) - n]
        if len(kept) <= len(before) and kept == before[len(before) - len(kept):]:
            return after[len(after) - n:]
    return after


@pytest.mark.slow
@pytest.mark.parametrize("game_id", BUILTIN)
def test_a_card_going_face_down_keeps_no_id_the_viewer_could_recognise(game_id):
    game = rules.get_game(game_id)
    decks = [d["id"] for d in game.starter_decks()]
    viewers = (0, 1, SPECTATOR)
    rehidden = 0  # cards a viewer saw face up earlier and now sees face down
    for seed in ("hidden-1", "hidden-2"):
        pick, state = _starter_game(game, decks, seed)
        views = {v: game.view(state, v) for v in viewers}
        ever_shown = {v: shown_cards(views[v]) for v in viewers}
        for step in range(MAX_ACTIONS):
            if game.outcome(state) is not None:
                break
            seat = game.deciding_seats(state)[0]
            action = pick.choice(game.legal_actions(state, seat))
            before = json.loads(json.dumps(state))
            event = {"seat": seat, "type": "action", "payload": action}
            state = game.apply(state, event)
            # a card everyone saw face up may be named as it turns face down in front of them
            # (a face-up obstacle turned face down); one only some saw (picked from a hand,
            # revealed to one seat) may not: Reconnaissance told the hero which of his picks
            # became the complication
            public_before = set.intersection(*(shown_cards(views[v]) for v in viewers))
            for v in viewers:
                where = f"{game_id} {seed} action {step + 1} ({action}), viewer {v}"
                view = game.view(state, v)
                redacted = game.redact_event(event, v, before)
                _placeholders_are_null(view, where)
                _placeholders_are_null(redacted, where)
                hidden = _face_down_out_of_sight(game_id, state, v)
                outside_log = set(strings({k: x for k, x in view.items() if k != "log"}))
                new_log = set(strings(_new_entries(views[v].get("log", []), view.get("log", []))))
                told = set(strings(redacted["payload"]))
                for card in hidden:
                    assert card not in outside_log, f"{where}: the view names face-down card {card}"
                    if card not in public_before:
                        assert card not in new_log, f"{where}: the log names face-down card {card}"
                        assert card not in told, f"{where}: the event names face-down card {card}"
                rehidden += len(hidden & ever_shown[v])
                ever_shown[v] |= shown_cards(view)
                views[v] = view
            assert game.view(state, JUDGE)  # the judge's view still shows everything (it has the RNG)
    assert rehidden or game_id not in REHIDING, f"no {game_id} card seen face up went face down again: the test checked nothing"


@pytest.mark.slow
@pytest.mark.parametrize("game_id", BUILTIN)
def test_an_event_names_only_cards_the_viewer_could_identify(game_id):
    """An event shown to a viewer may name a card by its id only if the viewer's view showed
    that card just before the event or shows it just after: otherwise the id tells which
    unseen card it was (Star Trek's 'choose the card to take' from a deck only its searcher
    saw named the card taken — a link to when it is played, and to a public starter list)."""
    game = rules.get_game(game_id)
    decks = [d["id"] for d in game.starter_decks()]
    viewers = (0, 1, SPECTATOR)
    for seed in ("named-1", "named-2"):
        pick, state = _starter_game(game, decks, seed)
        card_ids = set(state["cards"])
        shown = {v: shown_cards(game.view(state, v)) for v in viewers}
        for step in range(1_500):
            if game.outcome(state) is not None:
                break
            seat = game.deciding_seats(state)[0]
            action = pick.choice(game.legal_actions(state, seat))
            before = json.loads(json.dumps(state))
            event = {"seat": seat, "type": "action", "payload": action}
            state = game.apply(state, event)
            for v in viewers:
                after = shown_cards(game.view(state, v))
                named = set(strings(game.redact_event(event, v, before)["payload"])) & card_ids
                unseen = named - shown[v] - after
                assert not unseen, f"{game_id} {seed} action {step + 1} ({action}): viewer {v} is told ids {unseen}"
                shown[v] = after
