"""Plain-text deck lists (``rules.decklist`` and each game's ``decklist``): the lines
players paste are read into the game's deck dict, every bad line is reported with its
number, and a rendered deck reads back as the same deck (starter decks, random legal Star
Trek decks, and every card of every pool in every section it may sit in)."""
from __future__ import annotations

import random
import re
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from rules import decklist as core
from rules.babylon5 import decklist as b5
from rules.babylon5.deckbuilding import starter_deck as b5_starter
from rules.babylon5.cards import starters as b5_starters
from rules.errors import DeckListUnreadable
from rules.stargate import decklist as sg
from rules.stargate.cards import starters as sg_starters
from rules.stargate.deckbuilding import starter_deck as sg_starter, validate_deck as sg_validate
from rules.startrek2e import decklist as st2e
from rules.startrek2e.cards import starters as st_starters
from rules.startrek2e.deckbuilding import starter_deck as st_starter

PARTS = {"stargate": ("team", "missions", "deck"), "startrek2e": ("missions", "dilemmas", "deck"),
         "babylon5": ("ambassador", "deck", "race")}
GAMES = {"stargate": (sg, sg_starter, sg_starters), "startrek2e": (st2e, st_starter, st_starters),
         "babylon5": (b5, b5_starter, b5_starters)}
SHARED = Path(__file__).resolve().parents[3] / "shared" / "cards"


def _cards(deck: dict, game: str) -> dict:
    return {part: deck.get(part) for part in PARTS[game]}


def _problems(module, text: str) -> list[dict]:
    with pytest.raises(DeckListUnreadable) as caught:
        module.parse(text)
    assert caught.value.code == "deck_list_unreadable"
    return caught.value.details


# ---- round trips ------------------------------------------------------------------------
@pytest.mark.parametrize("game,deck_id", [(g, d["id"]) for g, (_, _, starters) in GAMES.items() for d in starters()])
def test_every_starter_deck_rendered_as_text_reads_back_as_itself(game, deck_id):
    module, starter_deck, _ = GAMES[game]
    deck = starter_deck(deck_id)
    text = module.render(deck)
    assert "{" not in text and "\n" in text
    assert _cards(module.parse(text), game) == _cards(deck, game)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_random_legal_star_trek_decks_read_back_as_themselves(seed):
    from tests.rules.startrek2e.test_random_play_card_pools import COVERED, random_deck

    deck = random_deck(random.Random(seed), COVERED)
    parsed = st2e.parse(st2e.render(deck))
    assert parsed["missions"] == deck["missions"]  # the order of the missions is kept
    for part in ("dilemmas", "deck"):
        assert Counter(parsed[part]) == Counter(deck[part])


@settings(max_examples=30, deadline=None)
@given(data=st.data())
def test_random_card_lists_of_every_game_read_back_as_themselves(data):
    """Any multiset of any pool's cards (legal or not), in any part: what a deck list says
    is what the parser reads, before the construction rules judge it."""
    game = data.draw(st.sampled_from(sorted(GAMES)))
    module = GAMES[game][0]
    keys = sorted(module.deck_list_format().catalogue.printings)
    pick = st.lists(st.tuples(st.sampled_from(keys), st.integers(1, 4)), max_size=12, unique_by=lambda t: t[0])
    if game == "stargate":
        deck = {"team": [k for k, _ in data.draw(pick)], "missions": [k for k, _ in data.draw(pick)],
                "deck": [{"card": k, "qty": q} for k, q in data.draw(pick)]}
        deck["team"] = list(dict.fromkeys(deck["team"]))
    elif game == "startrek2e":
        deck = {part: [k for k, q in data.draw(pick) for _ in range(q)] for part in ("missions", "dilemmas", "deck")}
    else:
        deck = {"ambassador": data.draw(st.sampled_from(keys)), "deck": [k for k, q in data.draw(pick) for _ in range(q)]}
    parsed = module.parse(module.render(deck)) if any(deck.values()) else deck
    for part in PARTS[game]:
        if part == "race":
            continue
        want, got = deck.get(part), parsed.get(part)
        if isinstance(want, list) and game == "stargate" and part == "deck":
            assert got == want
        elif isinstance(want, list):
            assert Counter(got) == Counter(want)
        else:
            assert got == want


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_card_of_every_pool_reads_back_in_every_section(game):
    """Exhaustive over the pools: each card's rendered line (its name, with its key in
    brackets only when the name is shared) reads back as that very card."""
    fmt = GAMES[game][0].deck_list_format()
    names = {"stargate": lambda p: p.names[-1], "babylon5": lambda p: p.names[0],
             "startrek2e": lambda p: p.names[2] if len(p.names) > 2 else p.names[-1]}[game]
    keys = list(fmt.catalogue.printings)
    for section in fmt.sections:
        if section.single:
            continue
        for start in range(0, len(keys), 400):  # a list has at most MAX_CARDS cards
            chunk = keys[start:start + 400]
            text = "\n".join([f"{section.headers[0]}:"] + [
                core.render_line(fmt, key, 2, section.part, names(fmt.catalogue.printings[key])) for key in chunk])
            listed = core.read(text, fmt)
            assert [e.key for e in listed.entries] == chunk
            assert {e.part for e in listed.entries} == {section.part} and {e.qty for e in listed.entries} == {2}


@pytest.mark.skipif(not (SHARED / "stargate-tcg" / "decks").is_dir(), reason="needs ../shared/cards")
@pytest.mark.parametrize("path", sorted((SHARED / "stargate-tcg" / "decks").glob("*.o8d")), ids=lambda p: p.stem)
def test_the_octgn_starter_deck_files_read_as_the_starter_decks(path):
    """The community's own files (OCTGN .o8d XML, read from ../shared, never copied)."""
    parsed = sg.parse(path.read_text(encoding="utf-8-sig"))
    starter = sg_starter(path.stem)
    assert Counter(parsed["team"]) == Counter(starter["team"])
    assert Counter(parsed["missions"]) == Counter(starter["missions"])
    assert Counter((e["card"], e["qty"]) for e in parsed["deck"]) == Counter((e["card"], e["qty"]) for e in starter["deck"])
    assert sg_validate(parsed, "current") == []


# ---- the shapes players paste -------------------------------------------------------------
def test_a_trekcc_style_list_with_headers_counts_comments_and_keys():
    deck = st2e.parse("""
    # Bajoran Resistance — by Ann
    Format: Standard
    Missions (5):
    1x Earth, Home of Starfleet Command (1U162)
    Dilemmas: 2
    // a comment
    2 x Wavefront
    Draw Deck (4)
      Personnel (3)
    3x bareil antos, esteemed vedek (1R208)
      Equipment
    TRICORDER
    """)
    assert deck == {"missions": ["1U162"], "dilemmas": ["1C060"] * 2, "deck": ["1R208"] * 3 + ["1C072"]}


def test_collector_keys_quantities_after_and_lackey_names():
    deck = st2e.parse("1R208\n1r208 x2\nBareil Antos Esteemed Vedek (1R208) (2)\n1R208 Bareil Antos, Esteemed Vedek\n")
    assert deck["deck"] == ["1R208"] * 6 and deck["missions"] == deck["dilemmas"] == []


def test_without_headers_each_card_goes_where_its_type_belongs():
    text = "1 Earth, Home of Starfleet Command (1U162)\n1 Wavefront\n1 Tricorder\n"
    deck = st2e.parse(text)
    assert deck["missions"] == ["1U162"] and len(deck["dilemmas"]) == 1 and deck["deck"] == ["1C072"]


def test_every_bad_line_is_reported_with_its_number_and_a_message():
    problems = _problems(st2e, "Missions:\n1U162\n\nTricorderr\n0 Tricorder\nFrobnicate:\nJean-Luc Picard\n"
                               "1R208 Tricorder\n")
    by_line = {p["line"]: p for p in problems}
    assert sorted(by_line) == [4, 5, 6, 7, 8]
    assert by_line[4]["code"] == "unknown_card" and "did you mean Tricorder (1C072)" in by_line[4]["message"]
    assert by_line[5]["code"] == "bad_quantity"
    assert by_line[6]["code"] == "unknown_section" and "'Draw Deck'" in by_line[6]["message"]
    assert by_line[7]["code"] == "ambiguous_card" and {"1S268", "0P073", "1R267"} <= set(by_line[7]["candidates"])
    assert by_line[8]["code"] == "key_and_name_disagree" and "Bareil Antos" in by_line[8]["message"]
    assert all(p["message"].startswith(f"line {p['line']}: ") and p["text"] for p in problems)


def test_a_set_in_brackets_picks_a_printing():
    assert st2e.parse("Jean-Luc Picard, Explorer (Promo)")["deck"] == ["0P073"]
    assert st2e.parse("Jean-Luc Picard, Explorer [1S268]")["deck"] == ["1S268"]
    assert _problems(st2e, "Jean-Luc Picard, Explorer (Dominion)")[0]["code"] == "unknown_printing"


def test_a_reprint_is_one_card_and_its_name_means_the_first_official_printing():
    """Jean-Luc Picard, Explorer: Premiere (1S268) and a promo (0P073) with one face;
    Bareil Antos, Esteemed Vedek: Premiere (1R208) and a virtual promo (0VP146). Cards with
    one name but different faces stay ambiguous (Xhosa: 3R207 and the virtual 24V041)."""
    assert st2e.parse("Jean-Luc Picard, Explorer\nBareil Antos, Esteemed Vedek\n")["deck"] == ["1S268", "1R208"]
    assert st2e.parse("Bareil Antos, Esteemed Vedek (0VP146)\n")["deck"] == ["0VP146"]
    xhosa = _problems(st2e, "Xhosa\n")[0]
    assert xhosa["code"] == "ambiguous_card" and {"3R207", "24V041"} <= set(xhosa["candidates"])


def test_reprints_with_different_mechanics_are_not_one_card():
    fmt = st2e.deck_list_format()
    a, b = fmt.catalogue.printings["1S268"], fmt.catalogue.printings["0P073"]
    assert a.face == b.face
    from dataclasses import replace

    errata = core.Catalogue.of([a, replace(b, rules=a.rules + " errata")], fmt.catalogue.find_key)
    changed = core.DeckListFormat("test", fmt.sections, errata, fmt.default_part, "1R208")
    with pytest.raises(DeckListUnreadable) as caught:
        core.read("Jean-Luc Picard, Explorer\n", changed)
    assert caught.value.details[0]["code"] == "ambiguous_card"
    unauthored = core.Catalogue.of([replace(a, rules=""), replace(b, rules=a.rules)], fmt.catalogue.find_key)
    listed = core.read("Jean-Luc Picard, Explorer\n", core.DeckListFormat("test", fmt.sections, unauthored,
                                                                          fmt.default_part, "1R208"))
    assert [e.key for e in listed.entries] == ["0P073"]  # the printing the engine can play


def test_an_alternate_image_is_its_primary_card():
    assert st2e.parse("Assassination Attempt")["dilemmas"] == ["1R007"]
    assert st2e.parse("Assassination Attempt (1R007~2)")["dilemmas"] == ["1R007~2"]


def test_stargate_team_and_versions_by_subtitle_or_set_number():
    deck = sg.parse("== Team ==\nJack O'Neill, SG-1 Commander\nTealc (1/105)\n\nMissions:\nAttend Triad\n\n"
                    "Deck:\n- 2x Anubis, Banished Lord\n* 1/95\n")
    oneil = sg_starter("oneil")
    assert deck["team"][0] == oneil["team"][0] and len(deck["team"]) == 2
    assert deck["missions"] and deck["deck"][0]["qty"] == 2 and len(deck["deck"]) == 2
    problems = _problems(sg, "Team:\nJack O'Neill\n")
    assert problems[0]["code"] == "ambiguous_card" and "1/95" in problems[0]["candidates"]


def test_a_section_narrows_a_name_to_the_cards_that_belong_there():
    """'Last Stand' is a mission and a dilemma; 'Tomin' a character and an adversary."""
    assert st2e.parse("Missions:\nLast Stand\n")["missions"] == ["32V008"]
    assert st2e.parse("Dilemmas:\nLast Stand\n")["dilemmas"] == ["25V002"]
    assert set(_problems(st2e, "Last Stand\n")[0]["candidates"]) == {"32V008", "25V002"}
    fmt = sg.deck_list_format()
    tomin = sg.parse("Team:\nTomin\n")["team"]
    assert [fmt.catalogue.printings[k].kind for k in tomin] == ["character"]
    assert _problems(sg, "Deck:\nTomin\n")[0]["code"] == "ambiguous_card"


def test_babylon5_ambassador_race_and_one_ambassador_only():
    starter = b5_starter("narn")
    amb = b5.deck_list_format().catalogue.printings[starter["ambassador"]].names[0]
    deck = b5.parse(f"Race: Narn\nAmbassador: {amb}\n\nDeck:\n3 Outer Marches Picket (narn)\n")
    assert deck["ambassador"] == starter["ambassador"] and deck["race"] == "narn"
    assert deck["deck"] == ["narn-outer-marches-picket"] * 3
    problems = _problems(b5, f"Ambassador:\n{amb}\n{amb}\n")
    assert problems[0]["line"] == 3 and problems[0]["code"] == "one_card_only"
    assert b5.parse(f"{amb}\n")["ambassador"] == starter["ambassador"]  # a starting ambassador before any header


def test_an_empty_or_all_comment_list_names_no_cards():
    for text in ("", "\n\n", "# just a comment\nMissions:\n"):
        assert _problems(st2e, text)[0]["code"] == "no_cards"


def test_line_numbers_are_the_text_area_s():
    problems = _problems(st2e, "Wavefront\r\nTricorderr\rWavefront\u2028x\nQwerty\n")
    assert [p["line"] for p in problems] == [2, 3, 4]


def test_limits_are_refused_not_read():
    assert _problems(sg, "x\n" * (core.MAX_LINES + 1)) == []
    assert _problems(sg, "Deck:\n100 Anubis, Banished Lord\n")[0]["code"] == "bad_quantity"
    too_many = _problems(st2e, "99 1C072\n" * 11)
    assert [(p["line"], p["code"]) for p in too_many] == [(11, "too_many_cards")]


def test_summary_lines_are_not_sections_or_cards():
    deck = sg.parse("Team:\nJack O'Neill, SG-1 Commander\nCards: 60\nTotal: 60\nTeal'c, Enemy of the Goa'uld\n")
    assert len(deck["team"]) == 2 and deck["deck"] == []


def test_a_deck_name_on_the_first_line_is_explained():
    problems = _problems(st2e, "My Borg Deck\nDilemmas:\n1 Wavefront\n")
    assert problems[0]["line"] == 1 and "'Name:' line" in problems[0]["message"]


def test_a_lackey_dek_file_is_read_line_by_line():
    """LackeyCCG's .dek XML (superzones of cards named as its plugin names them: title and
    subtitle run together; a set in brackets picks a printing)."""
    dek = """<deck version="0.8">
    <meta><game>startrek2e</game></meta>
    <superzone name="Missions">
        <card><name id="ST2E-EN01162">Home of Starfleet Command (1U162)</name><set>SE</set></card>
    </superzone>
    <superzone name="Dilemmas">
        <card><name id="ST2E-EN01060">Wavefront</name><set>SE</set></card>
        <card><name id="ST2E-EN01060">Wavefront</name><set>SE</set></card>
    </superzone>
    <superzone name="Draw Deck">
        <card><name id="ST2E-EN00073">Jean-Luc Picard Explorer (Promo)</name><set>Promo</set></card>
        <card><name id="x">Tricorder</name><set>SE</set></card>
    </superzone>
</deck>"""
    assert st2e.parse(dek) == {"missions": ["1U162"], "dilemmas": ["1C060", "1C060"], "deck": ["0P073", "1C072"]}
    problems = _problems(st2e, dek.replace("Tricorder", "Tricorderr"))
    assert [p["line"] for p in problems] == [12] and "Tricorder (1C072)" in problems[0]["message"]


def test_names_ignore_case_accents_and_punctuation():
    assert core.normalise("Teal’c,  ENEMY of the Goa'uld!") == core.normalise("tealc enemy of the goauld")
    assert core.normalise("Attaché") == "attache"


FRAGMENTS = ["3", "3x", "x2", "(2)", "0", "100", "Team:", "Missions (5)", "== Deck ==", "# c", "//", "--", "-", "*",
             "Name: d", "Race: narn", "Frob:", "(1/95)", "[1R208]", "(Promo)", "1R208", "1/95", "Jack O'Neill",
             "Wavefront", "Jean-Luc Picard, Explorer", "Ambassador:", "<card qty=\"2\" id=\"x\">Wavefront</card>",
             "<section name=\"Team\">", "<superzone name=\"Nope\">", "\t", " ", "é", "’", "(", "]", "&amp;"]


@settings(max_examples=150, deadline=None)
@given(game=st.sampled_from(sorted(GAMES)),
       lines=st.lists(st.lists(st.one_of(st.sampled_from(FRAGMENTS), st.text(max_size=6)), max_size=5), max_size=12))
def test_any_text_is_read_or_refused_line_by_line_never_crashes(game, lines):
    """Whatever is pasted, the parser answers a deck dict or DeckListUnreadable whose
    every numbered problem points at a line that exists and says so."""
    text = "\n".join(" ".join(parts) for parts in lines)
    module = GAMES[game][0]
    try:
        deck = module.parse(text)
    except DeckListUnreadable as refused:
        count = len(re.split(r"\r\n|\r|\n", text))
        for problem in refused.details:
            assert 0 <= problem["line"] <= count and problem["message"] and problem["code"]
            if problem["line"]:
                assert problem["message"].startswith(f"line {problem['line']}: ")
        return
    assert isinstance(deck, dict) and any(deck.get(p) for p in PARTS[game])
