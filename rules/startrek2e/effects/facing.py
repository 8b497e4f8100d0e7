"""Who faces a dilemma: "that ship and your personnel aboard it face that dilemma instead"
(The Tides of Fortune) — verb ``face_dilemma_instead`` (EFFECTS.md §2).

The dilemma being revealed is then resolved as if that ship's commander were attempting:
its text's "you" is him, "your personnel" the unstopped personnel he commands aboard that
ship, "this ship" that ship (``filters.facing`` / ``filters.facing_ship``); the attempting
personnel do not face it. When it is resolved it is placed like any dilemma (under the
mission when nothing else places it), and the attempt goes on with the attempting
personnel (RULES.md "Facing a dilemma instead").
"""
from __future__ import annotations

from .. import state as S


def prevent_dilemma(state: dict, frame: dict, eff: dict, arg: dict):
    """"Prevent and overcome that dilemma" (Knowledge and Experience): the dilemma being faced, revealed
    and not yet resolving, is overcome without its text — ``dilemmas.face_dilemmas`` reads the mark."""
    a = state.get("attempt")
    if a and a.get("current") and not a.get("resolving"):
        a["prevented"] = True  # the log says "overcome" when it goes beneath the mission
    return True


def face_dilemma_instead(state: dict, frame: dict, eff: dict, arg: dict):
    from .targets import targets
    ships = targets(state, frame, arg["ship"])
    if ships is None:
        return False
    a = state.get("attempt")
    if a and a.get("current") and not a.get("resolving") and ships:
        ship = ships[0]
        a["instead"] = {"seat": frame["ctx"]["you"], "ship": ship}
        S.log(state, "faces_instead", seat=frame["ctx"]["you"], ship=ship, card=a["current"],
              title=S.name(state, ship))
    return True
