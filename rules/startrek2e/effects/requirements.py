"""Mission requirements that texts change: "add the skills (except Intelligence) of your [Rom]
Intelligence personnel at that mission to the mission's requirements … until the end of that
opponent's turn" (Secret Conspiracy) — verb ``add_requirements`` (EFFECTS.md §2); and
requirements met another way: "you may meet Integrity and Cunning requirements of this
mission and each dilemma you face at this mission using Strength instead" (Warrior's
Birthright, Dathon) — ability kind ``meet_with``, read by ``stats.meets``.

Why a module of its own: the added requirements live on the mission card
(``added_requirements``: ``[{"req": REQ, "until", "source"}]``) and are read wherever a
mission's requirements are checked (``dilemmas.mission_requirements``), so the verb, the
reading and the expiry stay together.
"""
from __future__ import annotations

from .. import state as S
from .. import stats as ST


def add_requirements(state: dict, frame: dict, eff: dict, arg: dict):
    """``{"add_requirements": {"skills_of": TARGET, "except"?: [skill], "to"?: TARGET}, "until"?}``:
    the skill levels the ``skills_of`` cards have now (added up, except the names listed) become
    an extra requirement of the ``to`` mission (default: the mission being attempted)."""
    from .skills import _resolve
    cards = _resolve(state, frame, "of_w", arg["skills_of"])
    if cards is None:
        return False
    if "to" in arg:
        to = _resolve(state, frame, "to_w", arg["to"])
        if to is None:
            return False
    else:
        a = state.get("attempt")
        to = [a["mission"]] if a else []
    skills: dict = {}
    for c in cards:
        for sk, lvl in ST.skills(state, c).items():
            if sk not in (arg.get("except") or ()):
                skills[sk] = skills.get(sk, 0) + lvl
    for m in to[:1]:
        if skills and S.ctype(state, m) == "mission":
            state["cards"][m].setdefault("added_requirements", []).append(
                {"req": {"skills": dict(sorted(skills.items()))}, "until": eff.get("until", "end_of_turn"),
                 "source": frame["ctx"]["source"]})
            S.log(state, "requirements_added", card=m, skills=dict(sorted(skills.items())), title=S.name(state, m))
    return True


def added(state: dict, m: str) -> list:
    """The REQs texts added to mission ``m`` (each must be met besides its printed ones): by
    effects, and by the ``requirement`` ability of each event played on it while it is there
    ("Plays on your space mission. Add Acquisition to this mission's requirements": Cargo Run)."""
    c = state["cards"][m]
    return [x["req"] for x in c.get("added_requirements") or ()] + [
        ab["requirement"] for e in c.get("attached") or () for ab in S.abilities(state, e, "requirement")]


def expire(state: dict) -> None:
    """At the end of a turn the requirements added "until the end of this turn" end."""
    for m in S.all_missions(state):
        c = state["cards"][m]
        if c.get("added_requirements"):
            c["added_requirements"] = [x for x in c["added_requirements"] if x["until"] != "end_of_turn"]
            if not c["added_requirements"]:
                del c["added_requirements"]
