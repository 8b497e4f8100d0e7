"""Maintained values equal a from-scratch computation after every event (issue 13, item 1).

Stargate's victory check reads ~90 numbers; inside ``stats.reading`` a number no active
static or cost rule changes skips the walk over every static (``stats._unmodified_by_text``,
the index of statics by the stat they modify), and the victory check's sums are read for
all their cards at once (``stats.sum_numbers``); the statics in play are listed from an
index of each card definition's abilities by kind (``state.printed_having``,
``state.abilities``; triggers also by the event they hear, ``stats.triggers_hearing``; and
while an event is applied, a kind no card of the match has is listed at once,
``state.applying``), and the victory check reads its sums in one pass, each number no
active text changes from the printed card (``victory._winner``). After every event of random and purposeful games every number, every
sum and the victory check must equal the full walk (``tests/support/stargate_oracle.py``), and each kind of active ability the
old scan of every card's whole text; and a game whose driver skips the victory check of an
unchanged state (``flow.advance(checked=True)``) must fold to the very same states as one
that checks before every step.
"""
from __future__ import annotations

import contextlib
import copy
import json
import random
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

import orjson

import rules

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hst

from rules.stargate import flow, static_rules, stats, victory
from rules.stargate import state as S
from tests.support.playing import bot_chooser, new_game, play, random_chooser
from tests.support.stargate_oracle import full_walk, scanned_abilities
from tests.support.stargate_oracle import winner as winner_from_scratch

STATS = ("experience", "point_value", "cost", "firepower", "revive")


KINDS = ("static", "trigger", "cant", "replace", "activated", "keyword", "victory", "play_cost")


def sums(state: dict) -> dict:
    """The victory check's sums of every seat's card lists, for every stat."""
    groups = {}
    for s, seat in enumerate(state["seats"]):
        groups |= {(s, "team"): seat["team"], (s, "score_pile"): seat["score_pile"], (s, "play"): S.in_play(state, s)}
    with stats.reading(state):
        return {(key, stat): stats.sum_numbers(state, cards, stat) for key, cards in groups.items() for stat in STATS}


def numbered_cards(state: dict) -> list[str]:
    """Every card whose numbers the victory check or the flow reads."""
    cards = set(S.in_play(state))
    for seat in state["seats"]:
        cards |= set(seat["score_pile"]) | set(seat["team"]) | set(seat["hand"])
    return sorted(cards)


def numbers(state: dict) -> dict:
    with stats.reading(state):
        return {(i, stat): stats.number(state, i, stat) for i in numbered_cards(state) for stat in STATS}


def assert_maintained_equal_fresh(state: dict) -> None:
    fast, fast_sums = numbers(state), sums(state)
    with stats.reading(state):
        fast_winner = victory._winner(state)
    with full_walk():
        slow, slow_sums = numbers(state), sums(state)
        with stats.reading(state):
            slow_winner = victory._winner(state)
    assert fast == slow
    assert fast_sums == slow_sums
    with stats.reading(state):  # as Determining Success reads them
        fast_mission = stats.total_skills(state), stats.difficulty(state)
    assert fast_mission == (stats.total_skills(state), stats.difficulty(state))  # listed at each read
    assert fast_winner == slow_winner == winner_from_scratch(state)
    assert victory._winner_read(state) == fast_winner  # outside a reading scope: no index at all
    for kind in KINDS:
        assert list(stats._active_abilities(state, kind)) == scanned_abilities(state, kind)
    triggers = scanned_abilities(state, "trigger")
    events = {ab["on"] for i in state["cards"] for ab in S.card_def(state, i).get("mechanics") or []
              if ab.get("kind") == "trigger" and isinstance(ab.get("on"), str)} | {"no such event"}
    for event in events:  # the index of triggers by what they hear
        assert stats.triggers_hearing(state, event) == [(i, ab) for i, ab in triggers if ab.get("on") == event]
    statics = scanned_abilities(state, "static")
    with S.applying(state):  # as while an event is applied: a text no card of the match has is listed at once
        for kind in KINDS:
            assert list(stats._active_abilities(state, kind)) == scanned_abilities(state, kind)
        for event in events:
            assert stats.triggers_hearing(state, event) == [(i, ab) for i, ab in triggers if ab.get("on") == event]
    for reading in (False, True):  # the statics by rule and by what they change, in a scope or not
        with stats.reading(state) if reading else contextlib.nullcontext():
            if reading:
                stats.active_abilities(state, "static")  # listed once in the scope: filtered from it
            for name in static_rules.RULES:
                assert stats.statics_ruling(state, name) == [(i, ab) for i, ab in statics if name in (ab.get("rule") or {})]
            for changed in (("cost",), ("difficulty",), S.SKILLS, ("experience",), ("firepower",), ("revive",)):
                assert stats._statics_of(state, changed) == [(i, ab) for i, ab in statics
                                                             if (ab.get("modify") or {}).get("stat") in changed]
    with stats.reading(state):
        assert stats.number_statics(state) == [(i, ab) for i, ab in scanned_abilities(state, "static")
                                               if (ab.get("modify") or {}).get("stat") in stats.NUMBERS]
        assert {s for s in stats.NUMBERS if s in stats.modified_numbers(state)} == stats.NUMBERS & stats.modified_stats(state)
    for guids in (S.printed_having(state, "static"), S.printed_having(state, "trigger"), stats._summed_changers()):
        # the match's cards holding a text, kept per cards dict: as a scan of every card now
        assert S.holding(state, guids) == {i for i, c in state["cards"].items() if c["guid"] in guids}
    if stats.summed_as_printed(state):
        # no text in use changes a summed number: each is its printed number plus its own mods
        with full_walk(), stats.reading(state):
            for i, stat in summed_numbers(state):
                assert stats.number(state, i, stat) == stats._unmodified_number(state, i, stat), (i, stat)
            assert not any(stats.player_bonus(state, s, "experience") for s in range(len(state["seats"])))
        assert victory._winner_printed(state) == fast_winner
        SEEN["printed"] += 1
    else:
        SEEN["read"] += 1


SEEN = {"printed": 0, "read": 0}  # states whose sums were read as printed / through the statics


def summed_numbers(state: dict) -> list[tuple[str, str]]:
    """The numbers the victory check sums: team point values, experience of the cards each
    seat has in play, the cost of its score pile."""
    out = []
    for s, seat in enumerate(state["seats"]):
        out += [(i, "point_value") for i in seat["team"]] + [(i, "cost") for i in seat["score_pile"]]
        out += [(i, "experience") for i in S.in_play(state, s) if not state["cards"][i].get("became")]
    return out


GAMES = [("random", 2, "maintained-r0"), ("random", 2, "maintained-r1"), ("bot", 2, "maintained-b0"),
         ("random", 3, "maintained-r3p")]


@pytest.mark.parametrize("kind,players,seed", GAMES)
def test_numbers_and_victory_equal_a_full_computation_after_every_event(kind, players, seed):
    game, state = new_game("stargate", players, seed, offset=len(seed))
    chooser = random_chooser(seed) if kind == "random" else bot_chooser(game, seed)
    n = 0
    seen = dict(SEEN)
    for n, state in play(game, state, chooser, max_events=600):
        if state["outcome"] is None:
            assert_maintained_equal_fresh(state)
    assert n > 50
    assert SEEN["printed"] > seen["printed"], "the victory check's printed sums were never taken"


@contextmanager
def checking_before_every_step():
    """The driver as it was: the victory check before every step, changed state or not."""
    saved = flow.advance
    flow.advance = lambda state, checked=False: saved(state)
    try:
        yield
    finally:
        flow.advance = saved


@pytest.mark.parametrize("kind,players,seed", GAMES)
def test_skipping_the_check_of_an_unchanged_state_folds_the_same(kind, players, seed):
    game, state = new_game("stargate", players, seed, offset=len(seed))
    chooser = random_chooser(seed) if kind == "random" else bot_chooser(game, seed)
    checked_always = copy.deepcopy(state)
    n = 0
    for n in range(1, 601):
        seats = game.deciding_seats(state)
        if not seats:
            break
        event = {"seat": seats[0], "type": "action",
                 "payload": chooser(state, seats[0], game.legal_actions(state, seats[0]))}
        state = game.apply(state, event)
        with checking_before_every_step():
            checked_always = game.apply(checked_always, event)
        assert state == checked_always
    assert n > 50


@pytest.mark.parametrize("kind,players,seed", GAMES)
def test_every_step_runs_on_a_state_the_victory_check_saw(kind, players, seed, monkeypatch):
    """The driver used to check for a winner right before every step; it still may skip a
    check only when the state is exactly the one last checked."""
    seen = []
    check = victory.check

    def recording_check(state):
        seen.append(orjson.dumps(state))
        return check(state)

    def after_a_check(step):
        def run(state):
            assert seen and seen[-1] == orjson.dumps(state), f"{step.__name__} ran on a state nobody checked"
            return step(state)
        return run

    monkeypatch.setattr(victory, "check", recording_check)
    monkeypatch.setattr(flow, "STEPS", {name: after_a_check(step) for name, step in flow.STEPS.items()})
    game, state = new_game("stargate", players, seed, offset=len(seed))
    chooser = random_chooser(seed) if kind == "random" else bot_chooser(game, seed)
    n = 0
    for n, state in play(game, state, chooser, max_events=600):
        pass
    assert n > 50 and len(seen) > n


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=hst.text(min_size=1, max_size=8), offset=hst.integers(0, 11), players=hst.sampled_from([2, 3]))
def test_maintained_values_equal_fresh_in_games_hypothesis_picks(seed, offset, players):
    game, state = new_game("stargate", players, seed, offset=offset)
    for _, state in play(game, state, random_chooser(seed), max_events=250):
        if state["outcome"] is None:
            assert_maintained_equal_fresh(state)


def test_every_form_of_a_card_keeps_its_printed_numbers():
    """``stats.sum_numbers`` reads a card's printed numbers without asking what it has become
    (``state.printed_def``): a character who becomes an adversary, his own way or taken by
    another player's card, keeps every one of ``state.PRINTED_NUMBERS``."""
    from rules.stargate.cards import card_db
    forms = 0
    for d in card_db().values():
        variants = [S._taken_adversary(d, {"trait": "Ori", "no_text": True, "revive": "cost"}),
                    S._taken_adversary(d, {})]
        kw = S._becomes_adversary(d)
        if kw is not None:
            variants.append(S._as_adversary(d, kw))
        for v in variants:
            forms += 1
            assert all(v.get(n) == d.get(n) for n in S.PRINTED_NUMBERS), d["title"]
    assert forms > 1000


def with_mods_and_tokens(state: dict, r) -> dict:
    """A copy of ``state`` whose team characters, cards in play and scored cards carry
    modifiers of the numbers the victory check sums, and promotion tokens — what random games
    seldom bring."""
    st = copy.deepcopy(state)
    cards = [i for seat in st["seats"] for i in seat["team"] + seat["score_pile"]] + S.in_play(st)
    for i in r.sample(cards, min(8, len(cards))):
        c = st["cards"][i]
        c.setdefault("mods", []).append({"stat": r.choice(STATS), "amount": r.choice([-3, -1, 1, 2, 5])})
        if r.random() < 0.4:
            c["tokens"] = r.randint(1, 4)
    return st


@pytest.mark.parametrize("seed", ["modded-0", "modded-1"])
def test_sums_equal_the_full_walk_with_modifiers_and_tokens(seed):
    r = random.Random(seed)
    game, state = new_game("stargate", 2, seed)
    n = 0
    for n, state in play(game, state, random_chooser(seed), max_events=300):
        if n % 3 == 0 and state["outcome"] is None:
            assert_maintained_equal_fresh(with_mods_and_tokens(state, r))
    assert n > 50


def _arranged_game(seed: str, grogan: bool) -> tuple[dict, int, int]:
    """A started two-player game of starter decks (no ``extra_cards``: the printed sums are
    open to it) whose decks also hold real cards that change summed numbers (and Grogan on
    the first seat's team if asked); with the hero and villain seats."""
    from rules.stargate.cards import card_by_title

    from .fixtures import start

    game = rules.get_game("stargate")
    decks = [d["id"] for d in game.starter_decks()][:2]
    config = game.build_config(game.default_ruleset, [{"name": "a", "deck": decks[0]}, {"name": "b", "deck": decks[1]}])
    extra = [card_by_title(*t)["guid"] for t in (("Sagan Institute Box",), ("Goa'uld Ha'tak",), ("Apophis", "Threat to Earth"))]
    for seat in config["seats"]:
        seat["deck"] = extra + seat["deck"]
    if grogan:
        config["seats"][0]["team"][0] = card_by_title("Grogan")["guid"]
    state = start(game.setup(config, seed))
    return state, state["turn"]["hero"], state["turn"]["villain"]


def _instance(state: dict, seat: int, title: str) -> str:
    return next(i for i, c in state["cards"].items()
                if c["owner"] == seat and S.card_def(state, i)["title"] == title and c["zone"] in ("deck", "hand", "play"))


def _printed_sums_differ(state: dict) -> bool:
    """Does some number the victory check sums (or a player's experience bonus) differ from
    the printed number plus the card's own mods?"""
    with full_walk(), stats.reading(state):
        return (any(stats.number(state, i, stat) != stats._unmodified_number(state, i, stat)
                    for i, stat in summed_numbers(state))
                or any(stats.player_bonus(state, s, "experience") for s in range(len(state["seats"]))))


@pytest.mark.parametrize("case", ["player experience", "own point value", "score pile cost"])
def test_text_in_use_that_changes_a_summed_number_is_read_through_the_statics(case):
    """Real cards whose text changes a number the victory check sums, where it is used: the
    sums are then not read as printed (``stats.summed_as_printed`` is false) and the check
    equals the full computation. Sagan Institute Box ("you get 1 experience" while you have
    a support character with a glyph), Grogan (his
    point value −1 per different glyph beneath him), Goa'uld Ha'tak (each Goa'uld card in
    your villain score pile gets cost +1)."""
    state, hero, villain = _arranged_game(f"arranged-{case}", grogan=case == "own point value")
    assert not _printed_sums_differ(state)
    assert stats.summed_as_printed(state) == (case != "own point value")  # Grogan is in play
    if case == "player experience":
        # "while you have a support character with a glyph"
        S.move(state, _instance(state, hero, "Sagan Institute Box"), "play")
        support = next(i for i in state["seats"][hero]["deck"]
                       if S.card_def(state, i)["type"] == "character" and S.card_def(state, i).get("subtype") == "support")
        S.move(state, support, "play")
        state["cards"][support]["state"] = "ready"
        S.move(state, state["seats"][hero]["mission_pile"][0], "glyph", under=support)
    elif case == "own point value":
        grogan = _instance(state, 0, "Grogan")
        assert grogan in state["seats"][0]["team"]
        state["turn"]["hero"], state["turn"]["villain"] = 0, 1  # his text is used in his own turn
        S.move(state, state["seats"][0]["mission_pile"][0], "glyph", under=grogan)
    else:
        S.move(state, _instance(state, villain, "Goa'uld Ha'tak"), "play")
        S.move(state, _instance(state, villain, "Apophis"), "score_pile")
    state = copy.deepcopy(state)  # as a fold's next batch, or a state read back
    assert _printed_sums_differ(state)
    assert not stats.summed_as_printed(state)
    with stats.reading(state):
        assert victory._winner(state) == winner_from_scratch(state)


# The victory check's totals kept while an event is applied (``state.kept_totals``): most
# steps of the driver change nothing the check's sums read, so the check compares the totals
# kept at the last check until a rule changes what they sum (``state.sums_changed``).

GOLDEN = sorted((Path(__file__).with_name("golden")).glob("*.json"))


def _games() -> list:
    return [("played", g) for g in GAMES] + [("golden", p) for p in GOLDEN]


def _events(source) -> Iterator[tuple[dict, dict]]:
    """``(state before, event)`` for every event of a random, purposeful or golden game."""
    what, spec = source
    game = rules.get_game("stargate")
    if what == "golden":
        rec = json.loads(spec.read_text())
        state = game.setup(rec["config"], rec["seed"])
        for ev in rec["events"]:
            event = {"seat": ev["seat"], "type": "action", "payload": ev["payload"]}
            yield state, event
            state = game.apply(state, event)
        return
    kind, players, seed = spec
    game, state = new_game("stargate", players, seed, offset=len(seed))
    chooser = random_chooser(seed) if kind == "random" else bot_chooser(game, seed)
    for _ in range(600):
        seats = game.deciding_seats(state)
        if not seats:
            return
        event = {"seat": seats[0], "type": "action", "payload": chooser(state, seats[0], game.legal_actions(state, seats[0]))}
        yield state, event
        state = game.apply(state, event)


# golden 1 and 3 have a card in play whose text changes a summed number the whole game
# (the sums are then read through the statics, never kept): their folds are compared below
KEEPING = [s for s in _games() if s[0] == "played" or s[1].stem == "seed-golden-2"]


@pytest.mark.parametrize("source", KEEPING, ids=lambda s: s[1].stem if s[0] == "golden" else s[1][2])
def test_every_kept_victory_total_equals_a_fresh_sum(source, monkeypatch):
    """Each time the check reads the totals kept, they equal every seat's totals summed
    afresh, and the answer equals the full computation (tests/support/stargate_oracle.py)
    of that very state."""
    kept = S.kept_totals
    used = [0]

    def compared(state):
        totals = kept(state)
        if totals is not None:
            used[0] += 1
            assert totals == victory.printed_totals(state)[0]
            assert victory.decide(totals) == winner_from_scratch(state)
        return totals

    monkeypatch.setattr(S, "kept_totals", compared)
    n = 0
    for n, _ in enumerate(_events(source), 1):
        pass
    assert n > 50 and used[0] > (n if source[0] == "played" else 50)  # most checks read the answer kept


@pytest.mark.parametrize("source", _games(), ids=lambda s: s[1].stem if s[0] == "golden" else s[1][2])
def test_a_fold_keeping_the_victory_answer_equals_one_that_never_keeps_it(source, monkeypatch):
    game = rules.get_game("stargate")
    never = None
    n = 0
    for n, (state, event) in enumerate(_events(source), 1):
        if never is None:
            never = copy.deepcopy(state)
        with monkeypatch.context() as m:
            m.setattr(S, "keep_totals", lambda state, totals: None)
            never = game.apply(never, event)
        assert game.apply(copy.deepcopy(state), event) == never
    assert n > 50


def test_the_totals_kept_live_only_while_an_event_is_applied():
    """A caller may change a state by hand between two events (tests, tools): no totals are
    kept across them."""
    game, state = new_game("stargate", 2, "kept-scope")
    for _, state in play(game, state, random_chooser("kept-scope"), max_events=30):
        assert S.kept_totals(state) is None
