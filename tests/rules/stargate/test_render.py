"""Text shown to players is rendered from the mechanics the engine runs."""
from rules.stargate.cards import card_by_title, card_db
from rules.stargate.effects.render import render


def test_every_authored_card_renders_one_paragraph_per_ability():
    for card in card_db().values():
        if card["mechanics"] is not None:
            text = render(card["mechanics"])
            assert len(text) == len(card["mechanics"]) and all(isinstance(t, str) and t for t in text), card["title"]


def test_render_supply_raid_and_salish_spirits_read_like_the_rulebook_quotes():
    assert render(card_by_title("Supply Raid")["mechanics"]) == ["Success: Your opponent loses 2 power."]
    assert render(card_by_title("Salish Spirits")["mechanics"]) == ["Failure: Destroy a support character."]


def test_render_glyph_cost_and_activated_dash():
    text = render(card_by_title("Harold Maybourne", "Ally of Opportunity")["mechanics"])[0]
    assert text.startswith("Scorpius: Stop this card — ")


def test_not_authored_mechanics_say_so():
    assert render(None) == ["(game text not available yet)"]
