"""Turn Sequence: the start of a turn, the Power Phase and playing a mission (Mission Phase).

Start of the hero player's turn: his incapacitated characters and hero ships are readied
and immediately stopped; the villain does the same with his villain ships (glossary,
incapacitated). Power phase: every active player receives 3 + 1 per glyph beneath the
hero player's characters; inactive players (three or more players) receive none; power
left from the last turn is lost. Mission phase: the hero plays the top card of his
mission pile as the current mission.
"""
from __future__ import annotations

from . import state as S
from . import stats
from .triggers import fire

TURN_LIMIT = 200  # RULES.md: "Turn limit" — a game with no result after this many turns is a draw


def turn_start(state: dict) -> None:
    t = state["turn"]
    n = len(state["seats"])
    t["number"] += 1
    t.update({"villain": (t["hero"] + 1) % n, "successes": 0, "missions_played": 0, "passes": 0,
              "to_act": t["hero"], "actions_this_mission": 0, "used_once": []})
    t.pop("forced_continue", None)  # Exploitation's force lasts for the turn it was used in
    t.pop("granted_triggers", None)  # John Sheppard's "this turn" trigger
    if t["number"] > TURN_LIMIT:
        state["outcome"] = {"winners": [], "reason": f"draw: no result after {TURN_LIMIT} turns (RULES.md)"}
        return
    for iid in list(state["seats"][t["hero"]]["play"]):
        c = state["cards"][iid]
        if c["state"] == "incapacitated" and S.ctype(state, iid) in ("character", "ship") \
                and S.card_def(state, iid).get("allegiance") != "villain":
            c["state"] = "stopped"
            S.log(state, "readied_then_stopped", card=iid)
    for iid in list(state["seats"][t["villain"]]["play"]):
        c = state["cards"][iid]
        if c["state"] == "incapacitated" and S.ctype(state, iid) == "ship" \
                and S.card_def(state, iid).get("allegiance") == "villain":
            c["state"] = "stopped"
    power_phase(state)
    state["step"] = "power_end"


def power_phase(state: dict) -> None:
    """3 + one per glyph beneath the hero player's characters, to both active players."""
    t = state["turn"]
    amount = 3 + stats.glyph_count(state, t["hero"])
    for s, seat in enumerate(state["seats"]):
        seat["power"] = amount if s in (t["hero"], t["villain"]) else 0
    S.log(state, "power_phase", power=amount)
    fire(state, "power_phase_start", seat=t["hero"])


def power_end(state: dict) -> None:
    fire(state, "power_phase_end", seat=state["turn"]["hero"])
    # "at the end of your opponent's next power phase" (Fro'tak): a delayed effect of the
    # player whose power phase this is not
    from .effects import interpreter as I
    hero = state["turn"]["hero"]
    due = [d for d in state["delayed"] if d["at"] == "opponent_next_power_phase_end" and d["controller"] != hero]
    if due:
        state["delayed"] = [d for d in state["delayed"] if not any(d is x for x in due)]
        for d in due:
            I.push(state, d["effects"], d["source"], d["controller"], builtin=d.get("refs"), label="delayed")
    state["step"] = "mission_play"


def mission_phase(state: dict) -> None:
    """Play the top mission of the hero's pile (or go to the debrief if it is empty)."""
    t = state["turn"]
    pile = state["seats"][t["hero"]]["mission_pile"]
    if not pile:
        S.log(state, "no_mission", seat=t["hero"])
        state["step"] = "debrief"
        return
    if not t.pop("about_to_play_mission", False):
        # "each time your opponent is about to play a mission" (Nerus): those triggers
        # resolve first (they may change the pile), then this step runs again
        t["about_to_play_mission"] = True
        fire(state, "before_mission_played", seat=t["hero"])
        return
    pile = state["seats"][t["hero"]]["mission_pile"]
    if not pile:
        S.log(state, "no_mission", seat=t["hero"])
        state["step"] = "debrief"
        return
    m = pile[0]
    S.move(state, m, "current_mission")
    state["mission"].update({"cards": state["mission"]["cards"], "difficulty_mods": list(t.pop("next_mission_mods", [])),
                             "result": None, "skill_override": None, "resolved_assigned": []})
    t["missions_played"] += 1
    t.update({"passes": 0, "to_act": t["hero"], "actions_this_mission": 0})
    S.log(state, "mission_played", card=m, guid=state["cards"][m]["guid"])
    fire(state, "play_self", card=m)
    fire(state, "mission_played", seat=t["hero"], card=m)
    from .static_rules import villain_acts_first
    if villain_acts_first(state):
        t["to_act"] = t["villain"]
    state["step"] = "actions"
