"""Deciding to Continue: the mission has ended (its text is ignored); the hero may play a
new mission by paying 1 power per mission failed this turn (as cards change it:
stats.mission_play_cost), which the villain gains. Not possible with an empty mission pile
or too little power."""
from __future__ import annotations

from . import state as S
from . import stats
from .effects import interpreter as I


def end_of_mission(state: dict) -> None:
    """Effects "until the end of the current mission" end; delayed end-of-mission effects fire."""
    for c in state["cards"].values():
        if c.get("mods"):
            c["mods"] = [m for m in c["mods"] if m["until"] != "end_of_mission"]
            S.sums_changed()
        if c.get("forbid"):
            c["forbid"] = [f for f in c["forbid"] if f["until"] != "end_of_mission"]
        if c.get("traits_gained"):
            c["traits_gained"] = [g for g in c["traits_gained"] if g["until"] != "end_of_mission"]
        c.pop("text_removed", None)  # "remove its Failure text" lasts until the end of the mission
        if c.get("blocked") and c.get("blocked_until") == "end_of_mission":
            c["blocked"] = False  # blocked "from the current mission", or by the mission's own text
            c.pop("blocked_by", None)
    I.end_cost_rules(state, "end_of_mission")
    state["mission"].update({"difficulty_mods": [], "skill_override": None, "victor": None})
    state["mission"].pop("after_next_pass", None)  # MALP's restriction lasts for the mission
    state["mission"].pop("only_pass", None)
    # nobody earned the glyph (a failure): "if … earns the glyph" effects lapse
    state["delayed"] = [d for d in state["delayed"] if d["at"] != "glyph_earned"]
    due = [d for d in state["delayed"] if d["at"] == "end_of_mission"]
    state["delayed"] = [d for d in state["delayed"] if d["at"] != "end_of_mission"]
    for d in due:
        I.push(state, d["effects"], d["source"], d["controller"], builtin=d.get("refs"), label="delayed")
    state["step"] = "continue"


def continue_cost(state: dict) -> int:
    """The rulebook's amount: 1 power per mission failed this turn (what the villain still
    gains when the hero is forced to continue for free: Exploitation)."""
    return len(state["seats"][S.hero(state)]["failed"])


def can_continue(state: dict) -> bool:
    seat = state["seats"][S.hero(state)]
    return bool(seat["mission_pile"]) and seat["power"] >= stats.mission_play_cost(state)


def deciding_to_continue(state: dict) -> None:
    if state["turn"].pop("forced_continue", False):
        # "you may force the hero player to continue … they pay no power to continue, though
        # you still gain 1 power for each failed mission" (Exploitation): no decision
        if not state["seats"][S.hero(state)]["mission_pile"]:
            state["step"] = "debrief"
            return
        gain = continue_cost(state)
        state["seats"][S.villain(state)]["power"] += gain
        S.log(state, "continued", cost=0, forced=True, villain_gains=gain)
        state["step"] = "mission_play"
        return
    if not can_continue(state):
        state["step"] = "debrief"
        return
    cost = stats.mission_play_cost(state)
    I.set_pending(state, S.hero(state), "continue", f"Play another mission? (costs {cost} power, paid to your opponent)",
                  [{"type": "continue", "yes": True}, {"type": "continue", "yes": False}])


def answer(state: dict, yes: bool) -> None:
    if not yes:
        state["step"] = "debrief"
        return
    cost = stats.mission_play_cost(state)  # the villain gains what the hero pays (RULES.md)
    state["seats"][S.hero(state)]["power"] -= cost
    state["seats"][S.villain(state)]["power"] += cost
    S.log(state, "continued", cost=cost)
    state["step"] = "mission_play"
