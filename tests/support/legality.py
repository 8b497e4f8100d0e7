"""The property of issue 13 item 2: ``validate`` accepts exactly the actions in
``legal_actions`` — now that games judge one posted action by its own rules
(``PendingDecisionGame.legality``) instead of listing everything and searching the list.

``LegalityProbe`` walks a game (random or purposeful play, the caller's choice) and at each
decision point checks:

* every listed action is accepted (``is_legal`` and ``validate``);
* actions that are *not* listed are refused: the listed ones mutated (another card id —
  one the seat sees, one it may not see, one that does not exist —, another target, another
  type, a field dropped or added, a number that is a boolean or a float) and actions built
  from every action shape seen so far with values seen so far (so "play that card in hand"
  is tried whether or not it is affordable);
* the refusal is the one the enumerating ``validate`` gave (``enumerating_validate``: the
  same error class, code, message and details), and the other seats are told it is not
  their decision.

Equality is ``rules.protocol.listed`` (JSON values: ``true`` is not ``1``).
"""
from __future__ import annotations

import random
from typing import Any

from rules.errors import IllegalAction, MatchOver, NotYourDecision, SubspaceError
from rules.protocol import CARD_ID, listed, shown_cards

NO_SUCH_CARD = "c987654"


def enumerating_validate(game: Any, state: dict, seat: int, action: Any) -> None:
    """``validate`` as it was before checkers: build ``legal_actions`` and search it."""
    if game.outcome(state) is not None:
        raise MatchOver("the match is over; no more actions are accepted")
    if seat not in game.deciding_seats(state):
        raise NotYourDecision(
            f"seat {seat} has no decision to make now; waiting for seat(s) "
            f"{', '.join(str(s) for s in game.deciding_seats(state))}",
            details={"deciding_seats": game.deciding_seats(state)},
        )
    if not listed(action, game.legal_actions(state, seat)):
        raise IllegalAction(game.explain_illegal(state, seat, action), details={"action": action})


def outcome_of(check, *args) -> tuple | None:
    """What a validation said: None (accepted) or the error's class, code, message, details."""
    try:
        check(*args)
    except SubspaceError as err:
        return type(err).__name__, err.code, err.message, err.details
    return None


class LegalityProbe:
    """Checks the property at decision points of one game; remembers the action shapes and
    field values seen, to build plausible unlisted actions later in the game."""

    def __init__(self, game: Any, rnd: random.Random, *, mutants: int = 12, errors: int = 1,
                 shapes: dict[str, tuple] | None = None):
        self.game, self.rnd, self.mutants, self.errors = game, rnd, mutants, errors
        # (type, field names...) of the game's actions (``shapes``: type -> fields) and of
        # those seen listed
        self.shapes: dict[tuple, None] = {(kind, *fields): None for kind, fields in (shapes or {}).items()}
        self.values: dict[str, list] = {}  # field -> values seen (ids, indexes, seats, words)
        self.checked = self.refused = 0

    def learn(self, legal: list[dict]) -> None:
        for action in legal:
            if not isinstance(action, dict):
                continue
            self.shapes.setdefault((action.get("type"),) + tuple(k for k in action if k != "type"), None)
            for key, value in action.items():
                seen = self.values.setdefault(key, [])
                if key != "type" and value not in seen and len(seen) < 64:
                    seen.append(value)

    def check(self, state: dict, seat: int) -> None:
        game = self.game
        legal = game.legal_actions(state, seat)
        self.learn(legal)
        for action in legal:
            assert game.is_legal(state, seat, action), f"listed action refused by is_legal: {action}"
        for action in self.rnd.sample(legal, min(len(legal), 3)):
            game.validate(state, seat, action)  # raises if a listed action is refused
        refused = []
        for mutant in self.mutations(state, seat, legal):
            expected = listed(mutant, legal)
            assert game.is_legal(state, seat, mutant) == expected, \
                f"is_legal({mutant}) is {not expected}; legal_actions {'lists' if expected else 'does not list'} it"
            self.checked += 1
            if not expected:
                refused.append(mutant)
        self.refused += len(refused)
        for mutant in self.rnd.sample(refused, min(len(refused), self.errors)):
            now, before = outcome_of(game.validate, state, seat, mutant), \
                outcome_of(enumerating_validate, game, state, seat, mutant)
            assert now == before, f"validate({mutant}) answered {now}, the enumerating validate {before}"
        for other in range(len(state["seats"])):
            if other != seat and legal:
                assert not game.is_legal(state, other, legal[0])
                assert outcome_of(game.validate, state, other, legal[0]) == \
                    outcome_of(enumerating_validate, game, state, other, legal[0])

    # ---- unlisted actions --------------------------------------------------------------------
    def card_ids(self, state: dict, seat: int) -> list[str]:
        """A few card ids of every kind: ones the seat's view shows (its hand, cards in play),
        ones it may not see (other hands, decks, face-down cards) and one naming no card."""
        shown = sorted(shown_cards(self.game.view(state, seat)))
        unseen = sorted(set(state["cards"]) - set(shown))
        pick = self.rnd.sample
        return pick(shown, min(5, len(shown))) + pick(unseen, min(2, len(unseen))) + [NO_SUCH_CARD]

    def mutations(self, state: dict, seat: int, legal: list[dict]) -> list[Any]:
        rnd = self.rnd
        ids = self.card_ids(state, seat)
        out: list[Any] = [None, [], "pass", {}, {"type": None}, {"type": ["pass"]}, {"type": "no_such_type"}]
        for action in rnd.sample(legal, min(len(legal), 4)):
            out += self.mutate(action, ids)
        shapes = list(self.shapes)
        for _ in range(self.mutants):
            kind, *fields = rnd.choice(shapes)
            out.append({"type": kind, **{f: self.value_for(f, ids) for f in fields}})
        return out

    def mutate(self, action: dict, ids: list[str]) -> list[Any]:
        rnd = self.rnd
        out = [{**action, "extra": True}, {**action, "type": rnd.choice([s[0] for s in self.shapes])}]
        for key, value in action.items():
            if key == "type":
                continue
            out.append({k: v for k, v in action.items() if k != key})  # a field missing
            out += [{**action, key: None}, {**action, key: [value]}, {**action, key: {"id": value}}]
            out.append({**action, key: self.value_for(key, ids)})  # another seen value (target, card, ...)
            if isinstance(value, str) and (value in ids or CARD_ID.fullmatch(value)):
                out.append({**action, key: rnd.choice(ids)})
            if isinstance(value, bool):
                out += [{**action, key: not value}, {**action, key: int(value)}]
            elif isinstance(value, int):
                out += [{**action, key: value + 1}, {**action, key: float(value)}, {**action, key: value == 1}]
        return out

    def value_for(self, key: str, ids: list[str]) -> Any:
        seen = self.values.get(key) or []
        if seen and self.rnd.random() < 0.6:
            return self.rnd.choice(seen)
        return self.rnd.choice(ids)


def play_and_probe(game: Any, state: dict, rnd: random.Random, *, purposeful: float, steps: int,
                   shapes: dict[str, tuple] | None = None) -> LegalityProbe:
    """Play up to ``steps`` actions (a bot's choice with probability ``purposeful``, else a
    random legal action), probing every decision point; returns the probe (its counts)."""
    probe = LegalityProbe(game, rnd, shapes=shapes)
    for step in range(steps):
        if game.outcome(state) is not None:
            break
        seat = game.deciding_seats(state)[0]
        probe.check(state, seat)
        if rnd.random() < purposeful:
            action = game.bot_action(state, seat, f"probe-{step}")
        else:
            action = rnd.choice(game.legal_actions(state, seat))
        state = game.apply(state, {"seat": seat, "type": "action", "payload": action})
    return probe


def starter_game(game: Any, decks: list[str], seed: str, ruleset: str | None = None) -> dict:
    """A new game of ``game`` between starter ``decks`` (one seat each), set up from ``seed``."""
    config = game.build_config(ruleset or game.default_ruleset,
                               [{"name": f"p{i}", "deck": d} for i, d in enumerate(decks)])
    return game.setup(config, seed)


def probe_starter_game(game: Any, decks: list[str], seed: str, choices: int, *, purposeful: float, steps: int,
                       shapes: dict[str, tuple], ruleset: str | None = None) -> LegalityProbe:
    """``play_and_probe`` over a new starter game (the hypothesis tests of every game)."""
    return play_and_probe(game, starter_game(game, decks, seed, ruleset), random.Random(choices),
                          purposeful=purposeful, steps=steps, shapes=shapes)
