"""Actions a player takes while a condition holds: "While this personnel is attempting a
mission, you may kill your captive to …" (Kovat), "… discard a personnel from hand to …"
(Elim Garak), "While this personnel is facing a dilemma, you may discard a card from hand
to download {Escape}" (Jean-Luc Picard) — ability kind ``action`` (EFFECTS.md §1), and the
points where the engine offers it (RULES.md "Actions during a mission attempt").

Such a text is neither an order (it is used in the middle of one: the attempt) nor a
response (it has no "when" trigger). The rulebook lets a player act in any part of his own
turn, one order at a time; a mission attempt runs inside one order, so the engine names the
moments inside it where the attempting player may act (its *action points*):

* ``facing``: after each dilemma is revealed and its "when revealed" responses are done,
  before its text is resolved — the attempting personnel are facing it;
* ``requirements``: after the last dilemma (or when none was chosen), before the mission
  requirements are checked.

At a point the attempting player is asked (pending kind ``attempt_action``) when one of his
actions is *open*: its card is his, in play, unstopped and not blanked, its ``while`` holds,
its ``limit`` allows it, and the public part of its cost can be paid. He may use any number
of actions there, one at a time, then ``pass``. For being open a cost paid from the hand
counts only the cards held, so being asked tells the opponents nothing about the hand; an
open action whose cost the hand cannot pay leaves him only ``pass``. Between orders the
same actions are listed with the orders (their ``while`` decides whether they work there).
"""
from __future__ import annotations

from . import state as S
from .effects import costs as C
from .effects import extra as X
from .effects import filters as F
from .effects import frames as FR


def _sources(state: dict, seat: int):
    """The ``action`` abilities of unstopped, unblanked cards ``seat`` commands."""
    blk = X.blankers(state)
    for iid in S.in_play_having(state, "action"):  # the others have no action text
        if S.commander(state, iid) != seat or state["cards"][iid]["stopped"]:
            continue
        if blk and X.blanked(state, iid, blk):  # "cannot use his or her abilities"
            continue
        for k, ab in enumerate(S.mechanics(state, iid)):
            if ab.get("kind") == "action":
                yield iid, k, ab


def _limit_key(state: dict, iid: str, k: int, ab: dict) -> str | None:
    """What a used limited action records in the turn's ``used``: "only once each turn" its
    ability, "only once each dilemma" (Jaro Essa) its ability and the dilemma being faced."""
    if ab.get("limit") == "once_per_turn":
        return f"{iid}:{k}"
    if ab.get("limit") == "once_per_dilemma":
        return f"{iid}:{k}:{(state.get('attempt') or {}).get('current')}"
    return None


def _open(state: dict, seat: int, iid: str, k: int, ab: dict, *, known: bool) -> bool:
    key = _limit_key(state, iid, k, ab)
    if key is not None and key in state["turn"]["used"]:
        return False  # "You may do this only once each turn / each dilemma"
    if not F.condition(state, ab["while"], F.ctx_for(state, iid, you=seat)):
        return False
    return C.payable(state, seat, iid, ab.get("cost") or [], known=known)


def options(state: dict, seat: int) -> tuple[list[dict], bool]:
    """The actions ``seat`` may use now, and whether any is open (see the module doc). During an
    attempt also the ``pay_skills`` answers for a price on skills that holds only while the
    personnel is attempting (``skills_cost`` whose ``who`` says ``attempting``: Under Scrutiny):
    the attempt's action points are the moment it arises (RULES.md "Skills at a price")."""
    opts, is_open = [], False
    if state.get("attempt") and state["attempt"]["seat"] == seat:
        pay = [o for o in X.pay_options(state, seat, only_attempting=True)]
        opts += pay
        is_open = bool(pay)
    for iid, k, ab in _sources(state, seat):
        if _open(state, seat, iid, k, ab, known=False):
            is_open = True
            if C.payable(state, seat, iid, ab.get("cost") or []):
                opts.append({"type": "action", "card": iid, "ability": k})
    return opts, is_open


def offer(state: dict, point: str) -> bool:
    """At an action point of the attempt under way: ask the attempting player (True) unless
    he has passed here already or has no open action."""
    a = state["attempt"]
    key = f"{point}:{a.get('current')}"
    if a.get("passed") == key:
        return False
    opts, is_open = options(state, a["seat"])
    if not is_open:
        return False
    a["point"] = key
    what = "facing a dilemma" if point == "facing" else "before the mission requirements are checked"
    S.set_pending(state, a["seat"], "attempt_action", f"Use an action while attempting ({what}), or pass",
                  opts + [{"type": "pass"}])
    return True


def answer(state: dict, seat: int, action: dict) -> None:
    """``pass`` ends this action point; an action is used and the point is offered again."""
    if action["type"] == "pass":
        a = state["attempt"]
        a["passed"] = a.pop("point", None)
        return
    use(state, seat, action["card"], action["ability"])


def use(state: dict, seat: int, iid: str, k: int) -> None:
    """Pay the cost and run the effects (one frame: a cost's ``as`` names cards for them)."""
    ab = S.mechanics(state, iid)[k]
    key = _limit_key(state, iid, k, ab)
    if key is not None:
        state["turn"]["used"].append(key)
    S.log(state, "action", seat=seat, card=iid, title=S.name(state, iid))
    FR.push(state, ab["effects"], F.ctx_for(state, iid, you=seat), cost=ab.get("cost"))
