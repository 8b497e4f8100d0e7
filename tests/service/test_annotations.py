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


def _share(client, match_id, token, **body):
    return client.post(f"/v1/matches/{match_id}/shares", json=body, headers=bearer(token) if token else {})


def _shared(client, url_, token=None):
    answer = client.get(url_, headers=bearer(token) if token else {})
    return answer.status_code, answer.get_json()


def test_a_share_link_shows_only_what_the_world_may_see(client, match):
    """The leak test of share links: a private note never goes through one (not even its
    maker's), a spectator's public note only once the match is over; the answer is the
    same with or without a token; the replay only once it is over."""
    m = match["match_id"]
    ann, bob = tokens(match)
    eve = register_player(client, "Eve")["token"]
    play_one(client, match, "bluff")
    seat_public = _note(client, m, ann, version=1, comment="I bluffed here", mark="!?").get_json()["id"]
    _note(client, m, ann, version=1, comment="my plan: bluff again", visibility="private")
    spectator_public = _note(client, m, eve, version=1, mark="??", comment="Ann's hand is weak").get_json()["id"]
    _note(client, m, eve, version=0, tags=["secret"], visibility="private")
    made = _share(client, m, ann, version=1, title="my bluff")
    assert made.status_code == 201, made.get_json()
    link = made.get_json()
    assert link["url"] == f"/v1/matches/{m}/shares/{link['id']}" and link["version"] == 1 and link["title"] == "my bluff"
    eves = _share(client, m, eve, only_mine=True).get_json()
    for token in (None, ann, bob, eve):  # the same answer for everyone
        status, body = _shared(client, link["url"], token)
        assert status == 200 and [n["id"] for n in body["notes"]] == [seat_public]
        assert body["finished"] is False and body["replay"] is None
        assert "plan" not in json.dumps(body) and "secret" not in json.dumps(body) and "author_key" not in json.dumps(body)
        status, body = _shared(client, eves["url"], token)
        assert status == 200 and body["notes"] == []  # Eve's public note is outside help until the end
    play_to_end(client, match, bluff_first=False)
    status, body = _shared(client, link["url"])
    assert [n["id"] for n in body["notes"]] == [seat_public, spectator_public]
    assert body["finished"] is True and body["replay"]["state"] == f"/v1/matches/{m}/state?version=1"
    assert client.get(body["replay"]["replay"]).status_code == 200
    status, body = _shared(client, eves["url"])
    assert [n["id"] for n in body["notes"]] == [spectator_public]  # only hers, never her private one
    assert "secret" not in json.dumps(body) and "plan" not in json.dumps(body)


def test_share_links_are_made_and_revoked_by_their_maker_only(client, match):
    m = match["match_id"]
    ann, bob = tokens(match)
    assert _share(client, m, None).status_code == 401
    assert _share(client, m, "not-a-token").status_code == 401
    for body in ({"version": 99}, {"version": -1}, {"title": "x" * 201}, {"only_mine": "yes"}, {"extra": 1}):
        answer = _share(client, m, ann, **body)
        assert answer.status_code == 400 and answer.get_json()["error"]["code"], body
    link = _share(client, m, ann).get_json()
    assert link["version"] == 0  # default: the head
    assert client.delete(link["url"], headers=bearer(bob)).status_code == 403
    assert client.delete(link["url"]).status_code == 401
    assert client.delete(link["url"], headers=bearer(ann)).status_code == 204
    assert _shared(client, link["url"])[0] == 404
    assert _shared(client, f"/v1/matches/{m}/shares/snosuch")[0] == 404
    assert _shared(client, f"/v1/matches/{m}/shares/not a share")[0] == 404
    assert _shared(client, f"/v1/matches/nosuchmatch/shares/{link['id']}")[0] == 404


@pytest.mark.parametrize("game_id", ["stargate", "startrek2e", "babylon5"])
def test_a_share_link_of_a_live_match_carries_no_hidden_card(client, rt, game_id):
    """A share link shows notes and links, never the match's state: no card id at all and
    no card face that a spectator cannot see."""
    import re

    import rules
    from replays import current_state
    from rules.protocol import shown_faces

    match_id, seat_tokens = _play_to_end(rt, game_id, f"share-{game_id}", max_events=20)
    game = rules.get_game(game_id)
    _, state = current_state(rt.store, game, match_id)
    assert game.outcome(state) is None
    _note(client, match_id, seat_tokens[0], version=3, comment="the opening", mark="!")
    link = _share(client, match_id, seat_tokens[0], version=3).get_json()
    status, body = _shared(client, link["url"])
    text = json.dumps(body)
    assert status == 200 and len(body["notes"]) == 1 and body["replay"] is None
    assert not [w for w in re.findall(r"\bc[0-9]+\b", text) if w in state["cards"]]
    seen = {f.get(game.card_key) for f in shown_faces(game.view(state, "spectator")).values()}
    hidden = {c.get("guid", c.get("def")) for c in state["cards"].values()} - seen
    assert not [h for h in hidden if h and h in text]
