"""Glossary rules that change a card's state: stop, ready, destroy, incapacitate, block,
complication (turning an obstacle face down), and leaving play.

Why here: each is used by the turn structure and by card effects alike, and each carries a
glossary rule — "a card that is already stopped can't be stopped again", "no card can ready
an incapacitated card" (except text that says so), "a card that is already incapacitated
can't be incapacitated again", a destroyed support character's glyphs go face down to the
bottom of its owner's mission pile, a card that blocked leaves play → unblocked.
Stopping, incapacitating and destroying go through ``replacements.stop`` / ``incapacitate``
/ ``destroy`` (a replacement effect may apply instead, perhaps after its controller's
decision; that module sits a layer above this one); ``*_now`` here is the event itself.
"""
from __future__ import annotations

from . import state as S
from .rulesets import feature
from .triggers import fire


def _return_to_play_row(state: dict, iid: str) -> None:
    c = state["cards"][iid]
    if c["zone"] == "mission":
        S.move_keep(state, iid, "play")


def can_stop(state: dict, iid: str, *, even_incapacitated: bool = False) -> bool:
    c = state["cards"][iid]
    if c["zone"] not in ("play", "mission"):
        return False
    return c["state"] in ("ready", "assigned") or (even_incapacitated and c["state"] == "incapacitated")


def stop_now(state: dict, iid: str, *, quiet: bool = False) -> None:
    """The stop itself (no replacement): back to the row, stopped, "each time he becomes
    stopped" triggers. ``quiet``: the end-of-mission stop of everything assigned, a rules
    step that logs nothing of its own."""
    c = state["cards"][iid]
    _return_to_play_row(state, iid)
    c["state"] = "stopped"
    if not quiet:
        S.log(state, "stopped", card=iid)
    fire(state, "stopped_self", card=iid)


def ready(state: dict, iid: str, *, even_incapacitated: bool = False) -> bool:
    c = state["cards"][iid]
    if c["zone"] not in ("play", "mission") or c["state"] == "ready":
        return False
    if c["state"] == "incapacitated" and not even_incapacitated:
        return False
    _return_to_play_row(state, iid)
    c["state"] = "ready"
    S.log(state, "readied", card=iid)
    return True


def can_incapacitate(state: dict, iid: str) -> bool:
    c = state["cards"][iid]
    if c["zone"] not in ("play", "mission") or c["state"] == "incapacitated":
        return False
    return S.ctype(state, iid) in ("character", "ship")


def incapacitate_now(state: dict, iid: str) -> None:
    c = state["cards"][iid]
    _return_to_play_row(state, iid)
    c["state"] = "incapacitated"
    S.log(state, "incapacitated", card=iid)


def leave_play(state: dict, iid: str, zone: str, under: str | None = None) -> None:
    """Move a card out of play (or from a pile) to ``zone`` of its owner (``under`` a card for
    ``beneath``); glyphs beneath a character go face down to the bottom of its owner's
    mission pile; cards it blocked become unblocked; the cards kept beneath it and the cards
    placed on it go to their owners' discard piles (RULES.md: "cards beneath / on a card")."""
    c = state["cards"][iid]
    was_in_play = c["zone"] in ("play", "mission")
    if was_in_play:
        for other, oc in list(state["cards"].items()):
            if oc.get("on") == iid and oc["zone"] in ("play", "mission"):
                leave_play(state, other, "discard")
                S.log(state, "discarded_with_host", card=other, host=iid)
        if c.get("beneath"):
            # a "when you score/destroy her" text still counts what was beneath her (Hathor)
            c["was_beneath"] = len(c["beneath"])
        for other in list(c.get("beneath", [])):
            if state["cards"][other].get("blockaded"):
                # a blockaded mission goes face down to the bottom of its owner's mission
                # pile when its blockading card leaves play (RULES.md "Blockade")
                _return_blockaded(state, other)
            else:
                S.move(state, other, "discard")
    glyphs = list(c["glyphs"])
    for g in glyphs:
        S.move(state, g, "mission_pile")
        S.log(state, "glyph_to_mission_pile", card=g)
    if len(glyphs) > 1:
        # "in the order of your choice": the owner re-places them one at a time (flow.advance)
        state.setdefault("glyph_orders", []).append({"seat": c["owner"], "cards": glyphs})
    S.move(state, iid, zone, under=under)
    if was_in_play:
        for other in state["cards"].values():
            if other.get("blocked_by") == iid:
                other["blocked"] = False
                other.pop("blocked_by", None)


def _return_blockaded(state: dict, mission: str) -> None:
    """A blockaded mission returns face down to the bottom of its owner's mission pile."""
    S.move(state, mission, "mission_pile")
    state["cards"][mission].pop("blockaded", None)
    S.log(state, "blockade_returned", card=mission)


def blockade(state: dict, host: str, owner: int) -> bool:
    """Glossary "blockade": the top card of ``owner``'s mission pile goes face up beneath
    ``host``; a card blockades one mission at a time, so the mission it already held goes
    face down to the bottom of its owner's mission pile (taken after the new one, so that
    the old mission can't come straight back from a one-card pile). No blockade in the
    first edition (rulesets: ``blockade``), from an empty pile, or by a card out of play."""
    if not feature(state, "blockade") or state["cards"][host]["zone"] not in ("play", "mission"):
        return False
    pile = state["seats"][owner]["mission_pile"]
    if not pile:
        return False
    older = S.blockaded_by(state, host)
    new = pile[0]
    S.move(state, new, "beneath", under=host)
    state["cards"][new]["face_down"] = False
    state["cards"][new]["blockaded"] = True
    S.log(state, "blockaded", card=new, host=host)
    for m in older:
        _return_blockaded(state, m)
    return True


def can_destroy(state: dict, iid: str) -> bool:
    return state["cards"][iid]["zone"] in ("play", "mission") and not S.is_team(state, iid)


def destroy_now(state: dict, iid: str) -> None:
    leave_play(state, iid, "discard")
    S.log(state, "destroyed", card=iid)
    fire(state, "destroyed_self", card=iid)


def turn_face_down(state: dict, iid: str) -> bool:
    """An obstacle turned face down becomes a complication; its effects end at once."""
    c = state["cards"][iid]
    if c["zone"] != "mission" or c.get("face_down") or S.ctype(state, iid) != "obstacle":
        return False
    c["face_down"] = True
    c["mods"] = []
    S.sums_changed()
    for other in state["cards"].values():
        if other.get("blocked_by") == iid:
            other["blocked"] = False
            other.pop("blocked_by", None)
    S.log(state, "became_complication", card=iid)
    return True


def unique_conflict(state: dict, seat: int, iid: str) -> bool:
    """Uniqueness: one character per title in play (team or support); one adversary per
    title; one ship per title for subtitled ships. Gear and unsubtitled ships are free."""
    d = S.card_def(state, iid)
    kind = d["type"]
    if kind == "ship" and not d.get("subtitle"):
        return False
    if kind not in ("character", "adversary", "ship"):
        return False
    for other in S.in_play(state, seat):
        od = S.card_def(state, other)
        if od["type"] == kind and od["title"] == d["title"]:
            return True
    return False


def revived(state: dict, iid: str) -> None:
    """The revive cost is paid: the adversary leaves the mission, stopped."""
    S.move_keep(state, iid, "play")
    state["cards"][iid]["state"] = "stopped"
    S.log(state, "revived", card=iid)
    fire(state, "revive_self", card=iid)
