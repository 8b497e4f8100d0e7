"""Victory conditions (rulebook 1.3b; the chapters only say "check victory conditions").

Standard victory: 20+ power and more than every other player, or B5 influence 20+ at the
end of a turn with the eligible leader (the player with the most power) in power. A player
with a Major Agenda in play can't win a standard victory. If Shadow or Vorlon influence
reaches 20 only a major victory counts: 20+ power and 10 more than every other player, or
a face-up major agenda's victory condition.
"""
from __future__ import annotations

from . import combat
from . import state as S
from . import values as V

GOAL = 20
MAJOR_MARGIN = 10


def has_major_agenda(state: dict, seat: int) -> bool:
    ag = state["seats"][seat]["agenda"]
    return bool(ag) and S.d(state, ag).get("subtype") == "major"


def _condition(state: dict, seat: int, c: dict) -> bool:
    (k, v), = c.items()
    if k == "all":
        return all(_condition(state, seat, x) for x in v)
    if k == "power_at_least":
        return V.power(state, seat) >= v
    if k == "influence_at_least":
        return V.rating(state, seat) >= v
    if k == "tracker_at_least":
        return state["tracker"][v[0]] >= v[1]
    return False


def major_agenda_met(state: dict, seat: int) -> bool:
    ag = state["seats"][seat]["agenda"]
    if not ag or state["cards"][ag]["face_down"] or not has_major_agenda(state, seat):
        return False
    return any(ab.get("victory") and _condition(state, seat, ab["victory"]) for ab in S.mech(state, ag, "agenda"))


def check(state: dict) -> None:
    seats = S.alive(state)
    pw = {s: V.power(state, s) for s in seats}
    major = [s for s in seats if (pw[s] >= GOAL and all(pw[s] >= pw[o] + MAJOR_MARGIN for o in seats if o != s))
             or major_agenda_met(state, s)]
    if major:
        finish(state, major, "major victory")
        return
    if state["tracker"]["shadow"] >= GOAL or state["tracker"]["vorlon"] >= GOAL:
        return  # only a major victory counts now
    std = [s for s in seats if pw[s] >= GOAL and all(pw[s] > pw[o] for o in seats if o != s)
           and not has_major_agenda(state, s)]
    if std:
        finish(state, std, "standard victory: 20 or more power and more than every other player")
        return
    if state["tracker"]["b5"] >= GOAL:
        top = max(pw.values())
        leaders = [s for s in seats if pw[s] == top]
        if len(leaders) == 1 and not has_major_agenda(state, leaders[0]):
            finish(state, leaders, "standard victory: Babylon 5 influence reached 20 with this player in power")


def finish(state: dict, winners: list[int], reason: str) -> None:
    state["outcome"] = {"winners": sorted(winners), "reason": reason}
    state["pending"] = None
    S.log(state, "game_over", None, winners=sorted(winners), reason=reason)


def lose(state: dict, seat: int, reason: str) -> None:
    """A player who loses stops playing: his cards leave play and his conflicts end."""
    sd = state["seats"][seat]
    sd["lost"] = True
    S.log(state, "lost", seat, reason=reason)
    for k in [k for k in state["conflicts"] if k["initiator"] == seat]:
        from .conflicts import drop_conflict
        drop_conflict(state, k)
    for iid in list(sd["play"]):
        if S.in_play(state, iid):
            combat.discard_from_play(state, iid, "its player lost the game", force=True)
    # attachments of this player on others' cards stay with their owners' piles
    state["forced"] = [f for f in state["forced"] if f["seat"] != seat]
    rest = S.alive(state)
    if len(rest) == 1:
        finish(state, rest, "last player in the game")


def turn_limit(state: dict) -> None:
    seats = S.alive(state)
    pw = {s: V.power(state, s) for s in seats}
    top = max(pw.values())
    finish(state, [s for s in seats if pw[s] == top], f"turn limit {state['turn_limit']} reached: most power")
