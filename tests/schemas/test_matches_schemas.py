"""Wire schemas of /v1/matches: what a request body may and may not be."""
from __future__ import annotations

import pytest
from marshmallow import ValidationError

from schemas import (
    EventsQuerySchema,
    MatchCreateSchema,
    MatchSummarySchema,
    PostActionSchema,
    StateQuerySchema,
)


def test_match_create_accepts_starter_id_card_list_or_deck_object_and_defaults_ruleset():
    stargate_style = {"team": ["1/1"], "missions": ["1/2"], "deck": [{"card": "1/3", "qty": 2}]}
    body = MatchCreateSchema().load({"game": "g", "seats": [
        {"name": "A", "deck": "ten"}, {"name": "B", "deck": [1, 2]}, {"name": "C", "deck": stargate_style}]})
    assert body["ruleset"] is None
    assert body["seats"][1]["deck"] == [1, 2]
    assert body["seats"][2]["deck"] == stargate_style


@pytest.mark.parametrize("deck", [7, "", [], {}, None, True])
def test_match_create_refuses_a_deck_that_is_neither(deck):
    with pytest.raises(ValidationError) as info:
        MatchCreateSchema().load({"game": "g", "seats": [{"name": "A", "deck": deck}]})
    assert "deck" in info.value.messages["seats"][0]


def test_match_create_refuses_unknown_fields_and_no_seats():
    with pytest.raises(ValidationError) as info:
        MatchCreateSchema().load({"game": "g", "seats": [], "seed": "mine"})
    assert set(info.value.messages) == {"seats", "seed"}  # a client never picks the seed


@pytest.mark.parametrize("version", ["3", 3.5, -1, None, True])
def test_post_action_needs_a_non_negative_integer_version(version):
    with pytest.raises(ValidationError):
        PostActionSchema().load({"expected_version": version, "action": {"type": "pass"}})


def test_post_action_keeps_the_action_body_unchanged():
    action = {"type": "play", "card": 3, "targets": [{"zone": "hand", "i": 0}]}
    assert PostActionSchema().load({"expected_version": 0, "action": action})["action"] == action


def test_state_query_caps_wait_at_thirty_seconds():
    assert StateQuerySchema().load({}) == {"min_version": None, "wait": 0.0}
    assert StateQuerySchema().load({"min_version": "2", "wait": "30"}) == {"min_version": 2, "wait": 30.0}
    with pytest.raises(ValidationError):
        StateQuerySchema().load({"wait": "31"})


def test_events_query_defaults_and_limits():
    assert EventsQuerySchema().load({}) == {"after": 0, "limit": 100}
    with pytest.raises(ValidationError):
        EventsQuerySchema().load({"limit": "0"})
    with pytest.raises(ValidationError):
        EventsQuerySchema().load({"limit": "1001"})


def test_summary_dump_has_no_field_for_tokens_or_config():
    fields = set(MatchSummarySchema().fields)
    assert not any("token" in f for f in fields)
    assert "config" not in fields
