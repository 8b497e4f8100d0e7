"""The starting state of a fork (``POST /v1/matches/<id>/forks``): exact, or re-drawn for
one seat so that forking a live match can neither be used to peek nor carry anything of
the cards that seat may not identify.

An *exact* fork (the original is over, or the caller may see everything) starts from the
state at version N as it is: same hidden cards, same RNG state, so fed the same actions it
continues exactly as the original did.

A *seat's* fork of a live match (``redraw_for_seat``) is a function of that seat's view of
the position and a fresh seed only. Every card whose identity the seat's view does not
show (``rules.protocol.shown_cards``) is re-drawn, wherever it lies — a hand, a deck, a
dilemma or mission pile, the dilemmas drawn or chosen for an attempt, a face-down card in
play:

- **what each card is re-drawn from.** The seat's *own* unknown cards (its deck order, its
  own dilemma pile) from its own cards, which it knows (it built the deck). Another seat's
  unknown cards from a *stand-in list*: that seat's deck list is sealed until the match
  ends (a salted commitment), so it cannot be used; the stand-in is the game's starter deck
  sharing the most cards with what the forking seat can see of that seat (its cards in
  play, its discard, its revealed cards: the Babylon 5 ambassador, the Stargate team, the
  Star Trek missions), less the cards of it the seat can see now. Each card keeps its
  *section* (a draw-deck card stays a draw-deck card, a dilemma a dilemma, a mission a
  mission) and, where the type of a face-down card is public (a Babylon 5 face-down
  conflict or contingency), its type. When the stand-in has too few cards of a section,
  it is cycled; a section no starter has (custom cards) is ``ForkUnavailable``.
- **where.** The unknown cards' places are public (how many cards in which pile, which
  face-down card sits where), but which id sits where is not: the re-draw renames the
  unknown ids so that, in a fixed order of places, they take the sorted ids in turn, then
  puts a re-drawn face at each place (a seeded shuffle of the pool, sorted first). So two
  originals that differ only in what the seat could not see give the *same* fork for the
  same seed (tests/rules/test_forks.py, the leak property).
- **the rest.** Every RNG state is replaced by one from the fresh seed (future draws are
  not the original's), the game's own log is cut to the seat's view of it, and what a game
  derives from a seat's cards is derived again (Star Trek's response windows; Babylon 5's
  card facts, which keep only the cards in the fork).

The seat's own view of the re-drawn state is identical to its view of the original (a
test checks it for each game). Pure: standard library only, no I/O, no global random;
the fresh seed is an argument.
"""
from __future__ import annotations

import copy
import json
from dataclasses import dataclass
from typing import Any, Callable

from . import rng
from .errors import ForkUnavailable
from .protocol import Game, State, shown_cards

#: the fields of a card record that say where it lies (they stay with the place when
#: faces are re-drawn; everything else, the definition key and its per-type fields, moves)
PLACE_KEYS = frozenset({"zone", "owner", "seat", "in", "face_up"})
#: the field naming the card's definition, per game's card records
IDENTITY_KEYS = ("guid", "def")

#: zones whose hidden cards belong to a deck-list section other than the draw deck (a
#: section is where a card starts in ``setup``: Star Trek's dilemma pile and unplaced
#: missions, Stargate's mission pile); every other zone's cards are draw-deck cards
SECTION_OF_ZONE: dict[str, dict[str, str]] = {
    "stargate": {"mission_pile": "mission_pile"},
    "startrek2e": {"dilemmas": "dilemmas", "drawn": "dilemmas", "stack": "dilemmas", "unplaced": "unplaced"},
    "babylon5": {},
}
#: zones where a card lies *in its record's status* (a face-down card in play): only its
#: identity is re-drawn, its status (rotated, attached to, damage) stays with the place;
#: elsewhere (hands, decks, piles) the whole record but its place moves with the face
STATUS_ZONES: dict[str, frozenset[str]] = {
    "stargate": frozenset({"mission", "play"}),
    "startrek2e": frozenset(),
    "babylon5": frozenset({"play"}),
}


def exact(state: State) -> State:
    """The fork's state when it may be exact: a copy of the original's."""
    return copy.deepcopy(state)


def redraw_for_seat(game: Game, state: State, seat: int, seed: str) -> State:
    """A copy of ``state`` with everything ``seat`` may not identify re-drawn from ``seed``
    (see the module docstring). Raises ``ForkUnavailable`` only for a section no starter
    deck of the game has a card of."""
    out = copy.deepcopy(state)
    cards: dict[str, dict] = out.get("cards") or {}
    view = game.view(state, seat)
    named = _named_ids(view, cards)
    known = known_cards(view, cards)
    unknown = [c for c in cards if c not in known]
    sections = SECTION_OF_ZONE.get(game.id, {})
    status_zones = STATUS_ZONES.get(game.id, frozenset())
    places = _places(out, set(unknown))
    order = sorted(unknown, key=lambda c: places[c])
    # an id the seat's view names (a log entry of a card now back in a pile) keeps its name
    # and place; the others take the sorted names in the order of their places
    anonymous = [c for c in order if c not in named]
    renamed = dict(zip(anonymous, sorted(anonymous, key=_id_order)))

    # the slots: (owner, section, public type or None) -> the unknown cards' places in order
    slots: dict[tuple, list[str]] = {}
    for card_id in order:
        card = cards[card_id]
        section = sections.get(str(card.get("zone")), "deck")
        typed = _card_type(game.id, out, card) if card.get("zone") in status_zones else None
        slots.setdefault((card.get("owner"), section, typed), []).append(card_id)

    stand_ins = _StandIns(game, state)
    draw = rng.new_rng(seed, "fork-redraw")
    faces: dict[str, dict] = {}
    extra_defs: dict[str, dict] = {}
    for owner in sorted({k[0] for k in slots}, key=repr):
        mine = [k for k in slots if k[0] == owner]
        # typed slots first, so an untyped one never takes the only card of a needed type
        mine.sort(key=lambda k: (k[2] is None, k[1], k[2] or ""))
        if owner == seat or owner is None:
            pools = {k: [_face(cards[c]) for c in slots[k]] for k in mine}
        else:
            seen = [cards[c] for c in cards if c in known and cards[c].get("owner") == owner]
            pools, defs = stand_ins.pools(owner, seen, {k: len(slots[k]) for k in mine})
            extra_defs.update(defs)
        for key in mine:
            pool = sorted(pools[key], key=_canonical)
            rng.shuffle(draw, pool)
            for card_id, face in zip(slots[key], pool):
                faces[card_id] = face

    for card_id, face in faces.items():
        old = cards[card_id]
        if old.get("zone") in status_zones:
            ident = {k: face[k] for k in IDENTITY_KEYS if k in face}
            cards[card_id] = {**old, **ident}
        else:
            cards[card_id] = {**face, **_place(old)}
    if isinstance(out.get("log"), list):
        # log entries name cards with their faces as each seat saw them: keep only what
        # this seat's view of the log shows, or another seat's view of the fork would
        # name an unknown card with its true face
        out["log"] = copy.deepcopy(view.get("log") or [])
    out = _rename(out, renamed)
    redrawn = Redrawn(original=state, renamed=renamed, seat=seat, defs=extra_defs)
    for hook in AFTER_REDRAW.get(game.id, ()):
        hook(out, redrawn)
    reseed(out, seed)
    return out


@dataclass(frozen=True)
class Redrawn:
    """What a game's after-re-draw hook may need: the original state, the unknown ids'
    new names, the forking seat and the card facts the stand-in faces brought."""

    original: State
    renamed: dict[str, str]
    seat: int
    defs: dict


#: (game, engine version, ruleset) -> its starter decks as stand-ins (``_StandIns.decks``)
_STAND_IN_CACHE: dict[tuple[str, str, str], list] = {}


class _StandIns:
    """The starter decks a re-draw takes another seat's unknown cards from, each set up
    once (``game.setup`` of a scratch match gives real card records, by section)."""

    def __init__(self, game: Game, state: State) -> None:
        self.game = game
        self.ruleset = state.get("ruleset") or game.default_ruleset
        self._decks: list[tuple[str, list[tuple[str, dict, str | None]], dict]] | None = None

    def decks(self) -> list[tuple[str, list[tuple[str, dict, str | None]], dict]]:
        """Per starter deck: (id, [(section, face, type)], card facts). Set up once per
        game, engine and ruleset in a process (the scratch matches are deterministic; a
        Stargate fork set up its 12 starters in ~0.3 s each time before); callers copy."""
        if self._decks is None:
            key = (self.game.id, str(getattr(self.game, "engine_version", "")), str(self.ruleset))
            if key not in _STAND_IN_CACHE:
                decks = []
                for starter in self.game.starter_decks():
                    scratch = _scratch_setup(self.game, self.ruleset, starter["id"])
                    if scratch is None:
                        continue
                    entries = [(c["zone"], _face(c), _card_type(self.game.id, scratch, c))
                               for c in scratch["cards"].values() if c.get("owner") == 0]
                    entries.sort(key=lambda e: (e[0], _canonical(e[1])))
                    decks.append((starter["id"], entries, scratch.get("defs") or {}))
                _STAND_IN_CACHE[key] = decks
            self._decks = _STAND_IN_CACHE[key]
        return self._decks

    def pools(self, owner: Any, seen: list[dict], wanted: dict[tuple, int]) -> tuple[dict[tuple, list[dict]], dict]:
        """The faces for each (owner, section, type) slot group of ``owner``, ``wanted``
        of each, from the stand-in (the starter sharing most cards with ``seen``) less
        ``seen``; and the card facts they need."""
        decks = self.decks()
        if not decks:
            raise _unavailable(owner)
        seen_keys = [_key(c) for c in seen]

        def overlap(entries: list) -> int:
            left = [_key(f) for _, f, _ in entries]
            hits = 0
            for k in seen_keys:
                if k in left:
                    left.remove(k)
                    hits += 1
            return hits

        _, entries, defs = max(decks, key=lambda d: overlap(d[1]))  # max keeps the first of a tie
        remaining = list(entries)
        for k in seen_keys:  # the cards the seat can see are not in what it cannot see
            hit = next((i for i, e in enumerate(remaining) if _key(e[1]) == k), None)
            if hit is not None:
                remaining.pop(hit)
        out: dict[tuple, list[dict]] = {}
        used_defs: dict = {}
        for key, count in wanted.items():
            _, section, typed = key

            def fits(e: tuple) -> bool:
                return e[0] == section and (typed is None or e[2] == typed)

            picked = [e for e in remaining if fits(e)][:count]
            for e in picked:
                remaining.remove(e)
            cycle = [e for e in entries if fits(e)] or [e for _, es, _ in decks for e in es if fits(e)]
            if len(picked) < count and not cycle:
                raise _unavailable(owner)
            while len(picked) < count:
                picked.append(cycle[len(picked) % len(cycle)])
            out[key] = [copy.deepcopy(e[1]) for e in picked]
            for e in picked:
                def_id = e[1].get("def")
                if def_id is not None:
                    used_defs[def_id] = next((d[2][def_id] for d in decks if def_id in d[2]), None)
        return out, {k: copy.deepcopy(v) for k, v in used_defs.items() if v is not None}


def _scratch_setup(game: Game, ruleset: str, starter: str) -> State | None:
    """A two-seat match set up with ``starter`` at seat 0 (the other seat any starter the
    game accepts against it), or None if the game will not build one."""
    others = [starter] + [d["id"] for d in game.starter_decks() if d["id"] != starter]
    for other in others:
        try:
            config = game.build_config(ruleset, [{"name": "stand-in", "deck": starter}, {"name": "other", "deck": other}])
            return game.setup(config, "fork-stand-in")
        except Exception:  # noqa: BLE001 - a pairing the game refuses: try the next
            continue
    return None


def _unavailable(owner: Any) -> ForkUnavailable:
    return ForkUnavailable(
        "a card you may not see belongs to a part of a deck no starter deck of this game has, so it cannot be "
        "re-drawn; fork any version once the match is over", details={"owner": owner})


def known_cards(view: Any, cards: dict) -> set[str]:
    """The cards whose identity a seat knows from its view: those it shows
    (``shown_cards``) and those its log names beside a face (a mission played, now back
    in its pile)."""
    return shown_cards(view) | {c for c, has_face in _named_ids(view, cards).items() if has_face}


def _named_ids(view: Any, cards: dict) -> dict[str, bool]:
    """The card ids a view names anywhere (its log included), each with whether a face is
    named beside it (``{"card": "c7", "guid": …}``: the seat knows that card)."""
    out: dict[str, bool] = {}
    stack = [view]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            face = any(isinstance(node.get(k), str) for k in ("guid", "def", "title"))
            for value in node.values():
                if isinstance(value, str) and value in cards:
                    out[value] = out.get(value, False) or face
                else:
                    stack.append(value)
        elif isinstance(node, list):
            for value in node:
                if isinstance(value, str) and value in cards:
                    out.setdefault(value, False)
                else:
                    stack.append(value)
    return out


def _card_type(game_id: str, state: State, card: dict) -> str | None:
    """The type of a card whose type is public while its identity is not (Babylon 5's
    face-down conflicts and contingencies)."""
    if game_id == "babylon5":
        return ((state.get("defs") or {}).get(card.get("def")) or {}).get("type")
    return None


def _places(state: State, ids: set[str]) -> dict[str, tuple]:
    """A public, sortable place of each card of ``ids``: the first list (path, index) of
    the state holding it outside the log and the pending decision (zone lists: a seat's
    deck, a mission's pile); one in no list sorts last by its zone."""
    found: dict[str, tuple] = {}

    def walk(node: Any, path: tuple) -> None:
        if isinstance(node, dict):
            for key in sorted(node, key=str):
                if not path and key in ("log", "pending", "cards"):
                    continue
                walk(node[key], path + (str(key),))
        elif isinstance(node, list):
            for i, value in enumerate(node):
                if isinstance(value, str) and value in ids:
                    here = (0, path, i)
                    if value not in found or here < found[value]:
                        found[value] = here
                else:
                    walk(value, path + (f"{i:06d}",))

    walk(state, ())
    cards = state.get("cards") or {}
    # lists a known card holds (Star Trek's piles under a mission, a ship's crew)
    walk({k: v for k, v in cards.items() if k not in ids}, ("cards",))
    for card_id in ids:
        if card_id not in found:
            card = cards.get(card_id) or {}
            found[card_id] = (1, (str(card.get("zone")), str(card.get("owner"))), 0)
    return found


def _rename(node: Any, names: dict[str, str]) -> Any:
    """``node`` with every string (a value or a key) that is a key of ``names`` replaced."""
    if isinstance(node, dict):
        return {names.get(k, k) if isinstance(k, str) else k: _rename(v, names) for k, v in node.items()}
    if isinstance(node, list):
        return [_rename(v, names) for v in node]
    if isinstance(node, str):
        return names.get(node, node)
    return node


def reseed(state: Any, seed: str, path: str = "") -> None:
    """Replace, in place, every RNG state (``{"seed", "n"}``, ``rules.rng``) found in
    ``state`` by a fresh one from ``seed`` (one stream per place), so no future draw of the
    fork repeats the original's."""
    if isinstance(state, dict):
        for key, value in state.items():
            where = f"{path}/{key}"
            if _is_rng(value):
                state[key] = rng.new_rng(seed, f"fork{where}")
            else:
                reseed(value, seed, where)
    elif isinstance(state, list):
        for i, value in enumerate(state):
            reseed(value, seed, f"{path}/{i}")


def _is_rng(value: Any) -> bool:
    return isinstance(value, dict) and set(value) == {"seed", "n"} and isinstance(value["seed"], str)


def _face(card: dict) -> dict:
    """What travels with a re-drawn card: everything but where it lies."""
    return {k: v for k, v in card.items() if k not in PLACE_KEYS}


def _place(card: dict) -> dict:
    return {k: v for k, v in card.items() if k in PLACE_KEYS}


def _key(card: dict) -> str | None:
    return next((card[k] for k in IDENTITY_KEYS if isinstance(card.get(k), str)), None)


def _canonical(face: dict) -> str:
    return json.dumps(face, sort_keys=True)


def _id_order(card_id: str) -> tuple[int, str]:
    digits = card_id[1:]
    return (int(digits), card_id) if digits.isdigit() else (1 << 62, card_id)


def _startrek_when_events(state: State, _redrawn: Redrawn) -> None:
    """Star Trek keeps, per seat, the response-window events its cards' interrupts answer
    (set up from the deck): derived again from the fork's cards."""
    from .startrek2e import state as S

    for seat in state["seats"]:
        seat["when_events"] = []
    for card_id, card in state["cards"].items():
        for ability in S.abilities(state, card_id, "interrupt"):
            events = state["seats"][card["owner"]]["when_events"]
            if ability.get("when") and ability["when"] not in events:
                events.append(ability["when"])
    for seat in state["seats"]:
        seat["when_events"].sort()


def _startrek_attempt(state: State, redrawn: Redrawn) -> None:
    """The cost of the dilemmas chosen so far (``attempt.spent``, seen only by their
    owner) follows the re-drawn chosen dilemmas: the faced ones' cost (public) plus the new
    faces' cost, so it tells nothing of the original's face-down choice."""
    from .startrek2e import stats as ST

    attempt = state.get("attempt")
    if not attempt or attempt.get("dilemma_owner") in (None, redrawn.seat):
        return
    owner = attempt["dilemma_owner"]
    was = [i for i in redrawn.original["seats"][owner]["stack"] if i in redrawn.renamed]
    with ST.frozen(redrawn.original):
        old = sum(ST.value(redrawn.original, i, "cost") for i in was)
    with ST.frozen(state):
        new = sum(ST.value(state, redrawn.renamed[i], "cost") for i in was)
    attempt["spent"] = attempt.get("spent", 0) - old + new


def _startrek_pending(state: State, redrawn: Redrawn) -> None:
    """Another seat's pending decision lists options the engine computed from that seat's
    hand and piles — the original's cards, which the fork no longer holds: computed again
    from the fork's cards (the kinds a hidden card decides: playing and drawing, orders,
    responses, discarding down, choosing dilemmas)."""
    from .startrek2e import dilemmas as D
    from .startrek2e import orders as O
    from .startrek2e import play as P
    from .startrek2e import stats as ST
    from .startrek2e import triggers as T

    pending = state.get("pending")
    if not pending or pending["seat"] == redrawn.seat:
        return
    kind, seat = pending["kind"], pending["seat"]
    with ST.frozen(state):
        if kind == "play":
            P.play_and_draw_cards(state)
        elif kind == "orders":
            O.execute_orders(state)
        elif kind == "respond" and state.get("windows"):
            pending["options"] = T.responses(state, seat, state["windows"][0]) + [{"type": "pass"}]
        elif kind == "discard_excess":
            pending["options"] = [{"type": "discard", "card": i} for i in state["seats"][seat]["hand"]]
        elif kind == "choose_dilemma" and state.get("attempt"):
            attempt = state["attempt"]
            pending["options"] = [{"type": "choose_dilemma", "card": i} for i in D.choosable(state)] \
                + [{"type": "choose_dilemma", "card": None}]
            pending["detail"] = {**(pending.get("detail") or {}), "cost_left": attempt["budget"] - attempt["spent"]}
    state["pending"] = {**state["pending"], "prompt": pending["prompt"]}


def _babylon5_defs(state: State, redrawn: Redrawn) -> None:
    """Babylon 5 carries the facts of every card used: only the fork's cards' now (the
    original's would list the other seats' real deck lists)."""
    pool = {**(state.get("defs") or {}), **redrawn.defs}
    state["defs"] = {k: pool[k] for k in sorted({c["def"] for c in state["cards"].values()}) if k in pool}


#: what a game derives from a seat's cards, derived again after a re-draw
AFTER_REDRAW: dict[str, tuple[Callable[[State, Redrawn], None], ...]] = {
    "startrek2e": (_startrek_when_events, _startrek_attempt, _startrek_pending),
    "babylon5": (_babylon5_defs,),
}


__all__ = ["ForkUnavailable", "exact", "known_cards", "redraw_for_seat", "reseed", "SECTION_OF_ZONE", "STATUS_ZONES"]
