"""Annotations over HTTP (issue 14 item 3): comments, marks and tags anchored to a version,
by seats and spectators, public or private, in their own stream beside the match; who sees
what (the leak tests), validation, author-only edits and deletes, the public listing as
the shareable link, and annotations carried by export and import."""
from __future__ import annotations

import json

import pytest

from replays import interchange
from store.annotations import AnnotationStore
from tests.service.helpers import bearer, play_one, play_to_end, register_player, tokens, url
from tests.service.test_interchange import _export, _import, _play_to_end


@pytest.fixture
def rt(app):
    return app.extensions["subspace"]


def _note(client, match_id, token, **body):
    return client.post(f"/v1/matches/{match_id}/notes", json=body, headers=bearer(token) if token else {})


def _ids(client, match_id, token=None, **query):
    answer = client.get(f"/v1/matches/{match_id}/notes", query_string=query, headers=bearer(token) if token else {})
    assert answer.status_code == 200, answer.get_json()
    return [n["id"] for n in answer.get_json()["notes"]]


def test_who_sees_which_note_before_and_after_the_end(client, match):
    m = match["match_id"]
    ann, bob = tokens(match)
    eve = register_player(client, "Eve")["token"]  # a spectator with a name
    zed = register_player(client, "Zed")["token"]
    play_one(client, match, "bluff")
    seat_public = _note(client, m, ann, version=1, comment="I bluffed here", mark="!?").get_json()["id"]
    seat_private = _note(client, m, ann, version=1, comment="my plan: bluff again", visibility="private").get_json()["id"]
    spectator_public = _note(client, m, eve, version=1, mark="??", comment="Ann's hand is weak").get_json()["id"]
    spectator_private = _note(client, m, eve, version=0, tags=["opening"], visibility="private").get_json()["id"]
    # live: a seat's public note is everyone's; a private one only its author's; a
    # spectator's public note only its author's (outside help otherwise) — for every reader
    assert set(_ids(client, m, ann)) == {seat_public, seat_private}
    assert _ids(client, m, bob) == [seat_public]
    assert _ids(client, m) == [seat_public]
    assert _ids(client, m, zed) == [seat_public]
    assert set(_ids(client, m, eve)) == {seat_public, spectator_public, spectator_private}
    for token in (bob, None, zed):  # a hidden note is a 404, exactly like an unknown one
        for note_id in (seat_private, spectator_public, "nnosuchnote"):
            answer = client.patch(f"/v1/matches/{m}/notes/{note_id}", json={"comment": "x"},
                                  headers=bearer(token) if token else {})
            assert answer.status_code == (401 if token is None else 404)
            if token:
                assert answer.get_json()["error"]["message"] == f"no annotation {note_id!r} on this match"
    play_to_end(client, match, bluff_first=False)
    # over: public notes are everyone's; private ones stay their author's
    assert _ids(client, m, bob) == [seat_public, spectator_public]
    assert _ids(client, m) == [seat_public, spectator_public]
    assert _ids(client, m, ann) == [seat_public, seat_private, spectator_public]
    assert _ids(client, m, eve, version=0) == [spectator_private]


def test_notes_live_beside_the_match_never_in_its_log(client, match, rt):
    m = match["match_id"]
    play_one(client, match, "bluff")
    before = client.get(url(match, "/events")).get_json()
    note = _note(client, m, tokens(match)[1], version=1, comment="hm", tags=["bluff", "round-1"])
    assert note.status_code == 201
    body = note.get_json()
    assert body["author"] == {"seat": 1, "player_id": None, "name": "Bob"} and body["by_seat"] is True
    assert body["tags"] == ["bluff", "round-1"] and body["visibility"] == "public" and body["edited"] is None
    assert client.get(url(match, "/events")).get_json() == before
    assert rt.store.version(m) == 1
    assert [e["type"] for e in AnnotationStore(rt.conn).events(m)] == ["annotation_added"]
    assert rt.conn.exists(f"{{m:{m}}}:notes:events")


@pytest.mark.parametrize("body, code", [
    ({"version": 1, "mark": "!!!"}, "invalid_annotation"),
    ({"version": 1, "comment": "x" * 2001}, "invalid_annotation"),
    ({"version": 1, "tags": ["Bad Tag"]}, "invalid_annotation"),
    ({"version": 1, "tags": [f"t{i}" for i in range(11)]}, "invalid_annotation"),
    ({"version": 1, "comment": "x", "visibility": "friends"}, "invalid_annotation"),
    ({"version": 1}, "empty_annotation"),
    ({"version": 1, "comment": "   "}, "empty_annotation"),
    ({"version": 9, "comment": "x"}, "version_out_of_range"),
    ({"version": -1, "comment": "x"}, "invalid_request"),
    ({"version": "1", "comment": "x"}, "invalid_request"),
    ({"comment": "x"}, "invalid_request"),
    ({"version": 1, "comment": "x", "colour": "red"}, "invalid_request"),
])
def test_bad_notes_are_refused_and_store_nothing(client, match, rt, body, code):
    play_one(client, match, "bluff")
    answer = _note(client, match["match_id"], tokens(match)[0], **body)
    assert answer.status_code == 400, answer.get_json()
    assert answer.get_json()["error"]["code"] == code
    assert AnnotationStore(rt.conn).events(match["match_id"]) == []


def test_writing_needs_an_identity(client, match):
    assert _note(client, match["match_id"], None, version=0, comment="x").status_code == 401
    assert _note(client, match["match_id"], "not-a-token", version=0, comment="x").status_code == 401
    assert _note(client, "nosuchmatch", tokens(match)[0], version=0, comment="x").status_code == 404


def test_only_the_author_edits_and_deletes(client, match, rt):
    m = match["match_id"]
    ann, bob = tokens(match)
    note = _note(client, m, ann, version=0, comment="first", mark="!").get_json()
    path = f"/v1/matches/{m}/notes/{note['id']}"
    assert client.patch(path, json={"comment": "no"}, headers=bearer(bob)).get_json()["error"]["code"] == "not_author"
    assert client.delete(path, headers=bearer(bob)).status_code == 403
    edited = client.patch(path, json={"comment": "second", "mark": None}, headers=bearer(ann))
    assert edited.status_code == 200
    assert edited.get_json()["comment"] == "second" and edited.get_json()["mark"] is None and edited.get_json()["edited"]
    assert client.patch(path, json={"comment": None}, headers=bearer(ann)).get_json()["error"]["code"] == "empty_annotation"
    assert client.patch(path, json={"mark": "!!!"}, headers=bearer(ann)).status_code == 400
    assert client.delete(path, headers=bearer(ann)).status_code == 204
    assert _ids(client, m, ann) == []
    assert client.delete(path, headers=bearer(ann)).status_code == 404
    kinds = [e["type"] for e in AnnotationStore(rt.conn).events(m)]
    assert kinds == ["annotation_added", "annotation_edited", "annotation_deleted"]


def test_a_player_holding_a_seat_writes_as_that_seat(client, rt):
    from service import matches_logic

    ann = register_player(client, "Ann")
    created = matches_logic.create_match(rt.store, "highcard", None, [{"name": "Ann", "deck": "ten"}, {"name": "Bob", "deck": "ten"}],
                                         seat_players=[ann["player_id"], None])
    m = created["match_id"]
    note = _note(client, m, ann["token"], version=0, comment="mine", visibility="private").get_json()
    assert note["author"] == {"seat": 0, "player_id": ann["player_id"], "name": "Ann"}
    # the seat token and the player token are the same author
    assert _ids(client, m, created["seats"][0]["token"]) == [note["id"]]
    assert _ids(client, m, created["seats"][1]["token"]) == []


def test_exports_carry_public_notes_and_imports_keep_them(client, rt):
    match_id, seat_tokens = _play_to_end(rt, "stargate", "notes-export")
    eve = register_player(client, "Eve")["token"]
    head = rt.store.version(match_id)
    assert _note(client, match_id, seat_tokens[0], version=3, comment="good start", mark="!").status_code == 201
    assert _note(client, match_id, eve, version=head, tags=["endgame"]).status_code == 201
    assert _note(client, match_id, seat_tokens[1], version=2, comment="secret", visibility="private").status_code == 201
    text = _export(client, match_id, seat_tokens[1])
    lines = [json.loads(line) for line in text.splitlines()]
    notes = [line for line in lines if line["kind"] == "annotation"]
    assert [n["version"] for n in notes] == [3, head]  # public ones only, in version order
    assert "secret" not in text
    imported = _import(client, text)
    assert imported.status_code == 201, imported.get_json()
    new_id = imported.get_json()["match_id"]
    assert interchange.body_of(_export(client, new_id)) == interchange.body_of(text)
    listed = client.get(f"/v1/matches/{new_id}/notes").get_json()["notes"]
    assert [n["comment"] for n in listed] == ["good start", None]
    # nobody may edit an imported note
    answer = client.patch(f"/v1/matches/{new_id}/notes/{listed[0]['id']}", json={"comment": "x"}, headers=bearer(eve))
    assert answer.status_code == 403


def test_a_live_export_shows_only_the_callers_notes_up_to_its_delay(client, rt):
    match_id, seat_tokens = _play_to_end(rt, "stargate", "notes-live", max_events=8)
    eve = register_player(client, "Eve")["token"]
    _note(client, match_id, eve, version=2, comment="spectator hint")  # hidden from the seats
    _note(client, match_id, seat_tokens[0], version=2, comment="seat remark")
    _note(client, match_id, seat_tokens[0], version=8, comment="too recent")
    text = _export(client, match_id, seat_tokens[1])
    notes = [json.loads(line) for line in text.splitlines() if '"annotation"' in line]
    assert [n["comment"] for n in notes] == ["seat remark"]


def test_an_import_with_a_bad_annotation_line_is_refused_whole(client, rt):
    match_id, _ = _play_to_end(rt, "stargate", "notes-bad")
    text = _export(client, match_id)
    bad = text + json.dumps({"kind": "annotation", "id": "nx1", "version": 2, "author": {"seat": 0, "player_id": None, "name": "A"},
                             "comment": None, "mark": "!!!", "tags": [], "created": "2026-01-01T00:00:00.000Z", "edited": None}) + "\n"
    before = rt.store.count_matches()
    answer = _import(client, bad)
    assert answer.status_code == 422
    assert answer.get_json()["error"]["code"] == "malformed_annotation"
    assert rt.store.count_matches() == before
