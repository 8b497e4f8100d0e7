"""A tiny game with hidden information, for the service's own tests.

"High Card": each seat has a shuffled deck of cards numbered 1..deck_size and a hand of
three. Seats alternate; on your turn you play one card from hand face up (then draw one)
or, once per match, discard a card face down ("bluff"). After ``rounds`` plays each the
highest face-up total wins (ties share). It has everything a real game has that the
service must handle: a seed-derived shuffle, hidden hands and deck order, face-down
cards, a pending decision belonging to one seat, and an end.
"""
from __future__ import annotations

from rules import rng
from rules.errors import DeckInvalid
from rules.protocol import JUDGE, BaseGame, Viewer, is_seat


class HighCard(BaseGame):
    id = "highcard"
    title = "High Card (test game)"
    rulesets = {"standard": "three rounds", "long": "six rounds"}
    default_ruleset = "standard"
    engine_version = "1"

    def starter_decks(self) -> list[dict]:
        return [{"id": "ten", "name": "Ten cards"}, {"id": "twenty", "name": "Twenty cards"}]

    def build_config(self, ruleset: str, seats: list[dict]) -> dict:
        violations = []
        decks = []
        for i, seat in enumerate(seats):
            deck = seat.get("deck")
            if deck == "ten":
                deck = list(range(1, 11))
            elif deck == "twenty":
                deck = list(range(1, 21))
            elif isinstance(deck, str):
                violations.append(DeckInvalid.unknown_starter(i, deck, ["ten", "twenty"]))
                continue
            if not isinstance(deck, list) or len(deck) < 8 or not all(isinstance(c, int) and c > 0 for c in deck):
                violations.append({"seat": i, "rule": "deck_size", "message": f"seat {i}: a deck needs at least 8 positive numbers"})
            decks.append(deck)
        if len(seats) != 2:
            violations.append({"rule": "players", "message": "High Card is for exactly two seats"})
        if violations:
            raise DeckInvalid("deck construction rules broken: " + "; ".join(v["message"] for v in violations), details=violations)
        return {"ruleset": ruleset, "rounds": 6 if ruleset == "long" else 3, "decks": decks,
                "names": [s.get("name", f"seat {i}") for i, s in enumerate(seats)]}

    def setup(self, config: dict, seed: str) -> dict:
        r = rng.new_rng(seed)
        seats = []
        for deck in config["decks"]:
            cards = list(deck)
            rng.shuffle(r, cards)
            seats.append({"hand": cards[:3], "deck": cards[3:], "played": [], "bluffed": []})
        return {"rng": r, "seats": seats, "turn": 0, "plays": 0, "rounds": config["rounds"], "over": None}

    def deciding_seats(self, state: dict) -> list[int]:
        return [] if state["over"] else [state["turn"]]

    def legal_actions(self, state: dict, seat: int) -> list[dict]:
        if state["over"] or seat != state["turn"]:
            return []
        me = state["seats"][seat]
        actions = [{"type": "play", "card": c} for c in sorted(set(me["hand"]))]
        if not me["bluffed"]:
            actions += [{"type": "bluff", "card": c} for c in sorted(set(me["hand"]))]
        return actions

    def apply(self, state: dict, event: dict) -> dict:
        seat, action = event["seat"], event["payload"]
        me = state["seats"][seat]
        me["hand"].remove(action["card"])
        (me["played"] if action["type"] == "play" else me["bluffed"]).append(action["card"])
        if me["deck"]:
            me["hand"].append(me["deck"].pop(0))
        state["plays"] += 1
        state["turn"] = 1 - seat
        if state["plays"] >= 2 * state["rounds"]:
            totals = [sum(s["played"]) for s in state["seats"]]
            best = max(totals)
            state["over"] = {"winners": [i for i, t in enumerate(totals) if t == best], "reason": "highest total"}
        return state

    def view(self, state: dict, viewer: Viewer) -> dict:
        seats = []
        for i, s in enumerate(state["seats"]):
            mine = viewer == JUDGE or (is_seat(viewer) and viewer == i)
            seats.append({
                "hand": list(s["hand"]) if mine else None,
                "hand_size": len(s["hand"]),
                "deck_size": len(s["deck"]),
                "deck": list(s["deck"]) if viewer == JUDGE else None,
                "played": list(s["played"]),
                "bluffed": list(s["bluffed"]) if mine else len(s["bluffed"]),
            })
        return {"turn": state["turn"], "plays": state["plays"], "seats": seats, "outcome": state["over"]}

    def redact_event(self, event: dict, viewer: Viewer, state_before: dict) -> dict:
        if event["payload"].get("type") == "bluff" and viewer != JUDGE and viewer != event["seat"]:
            return {**event, "payload": {"type": "bluff", "card": None}}
        return event

    def outcome(self, state: dict) -> dict | None:
        return state["over"]


GAME = HighCard()
