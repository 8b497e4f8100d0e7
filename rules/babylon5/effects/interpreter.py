"""Runs effect lists (EFFECTS.md section 2) against the state.

Why no suspension: every verb resolves at once except ``discard`` (the player chooses),
which queues a forced discard that the flow asks before anything else. ``ctx`` names the
references: ``you``, ``source``, ``chosen``, ``attached``, ``opponent``, ``initiator``,
``conflict_target`` (a card or a seat), ``highest_side`` (seats), ``roles``.
"""
from __future__ import annotations

from .. import state as S
from ..combat import apply_damage, conquer, discard_from_play, heal, neutralize, repair_one, replace_ambassador
from .schema import FACTION_STATS


def card_targets(state: dict, ref, ctx: dict) -> list[str]:
    if isinstance(ref, dict) and "each" in ref:
        return [i for i in S.play_cards(state) if not state["cards"][i]["face_down"]
                and not state["cards"][i].get("conflict")
                and S.matches(state, i, ref["each"], ctx.get("you"), ctx)]
    iid = ctx.get(ref) if isinstance(ref, str) else None
    if isinstance(iid, str) and iid in state["cards"] and S.in_play(state, iid):
        return [iid]
    return []


def seats_for(state: dict, who, ctx: dict) -> list[int]:
    who = who or "you"
    if who == "each":
        return S.alive(state)
    if who == "highest_side":
        return list(ctx.get("highest_side") or [])
    if who == "attached":
        a = ctx.get("attached")
        if isinstance(a, int):
            return [a]
        return [S.controller(state, a)] if isinstance(a, str) and S.in_play(state, a) else []
    if who == "conflict_target":
        t = ctx.get("conflict_target")
        if isinstance(t, int):
            return [t]
        return [S.controller(state, t)] if isinstance(t, str) and S.in_play(state, t) else []
    v = ctx.get(who)
    return [v] if isinstance(v, int) and not state["seats"][v]["lost"] else []


def _race_of(state: dict, ref: str, ctx: dict) -> str | None:
    if ref in ("initiator", "you", "conflict_target"):
        seats = seats_for(state, ref, ctx)
        return S.race_of_seat(state, seats[0]) if seats else None
    return ref


def change_tension(state: dict, a: str, b: str, delta: int) -> None:
    if a == b:
        return
    k = S.pair(a, b)
    state["tension"][k] = max(1, min(5, state["tension"].get(k, 2) + delta))


def change_rating(state: dict, seat: int, delta: int) -> None:
    s = state["seats"][seat]
    s["rating"] = max(S.MIN_RATING, s["rating"] + delta)


def draw(state: dict, seat: int, n: int = 1) -> int:
    deck = state["seats"][seat]["deck"]
    got = 0
    for _ in range(n):
        if not deck:
            break
        S.move(state, deck[0], "hand", seat)
        got += 1
    return got


def run(state: dict, effects: list[dict] | None, ctx: dict) -> None:
    for e in effects or []:
        if "modify" in e:
            until = e.get("until", "end_of_turn")
            for t in card_targets(state, e.get("target", "chosen"), ctx) if not _faction_only(e["modify"]) else []:
                for stat, v in e["modify"].items():
                    state["mods"].append({"card": t, "seat": None, "stat": stat, "delta": v, "until": until,
                                          "source": ctx.get("source")})
            if _faction_only(e["modify"]):
                for s in seats_for(state, e.get("who", "you"), ctx):
                    for stat, v in e["modify"].items():
                        state["mods"].append({"card": None, "seat": s, "stat": stat, "delta": v, "until": until,
                                              "source": ctx.get("source")})
        elif "influence" in e:
            for s in seats_for(state, e.get("who"), ctx):
                change_rating(state, s, e["influence"])
        elif "power" in e:
            for s in seats_for(state, e.get("who"), ctx):
                state["seats"][s]["power"] += e["power"]
        elif "tracker" in e:
            state["tracker"][e["tracker"]] = max(0, state["tracker"][e["tracker"]] + e["delta"])
        elif "tension" in e:
            a, b = (_race_of(state, r, ctx) for r in e["between"])
            if a and b:
                change_tension(state, a, b, e["tension"])
        elif "unrest" in e:
            for s in seats_for(state, e.get("who"), ctx):
                r = S.race_of_seat(state, s)
                state["unrest"][r] = max(1, min(5, state["unrest"].get(r, 1) + e["unrest"]))
        elif "draw" in e:
            for s in seats_for(state, e.get("who"), ctx):
                draw(state, s, e["draw"])
        elif "discard" in e:
            for s in seats_for(state, e.get("who"), ctx):
                n = min(e["discard"], len(state["seats"][s]["hand"]))
                if n:
                    state["forced"].append({"seat": s, "count": n, "source": ctx.get("source")})
        elif "damage" in e or "severe" in e:
            for t in card_targets(state, e.get("target", "chosen"), ctx):
                apply_damage(state, t, e.get("damage", 0), severe=e.get("severe", 0))
        elif "prevent" in e:
            if state.get("attack"):
                state["attack"]["prevented"] = True  # the attack under way deals no damage
        elif "gain_influence" in e:
            for s in seats_for(state, e.get("who"), ctx):
                state["seats"][s]["bonus_influence"] = state["seats"][s].get("bonus_influence", 0) + e["gain_influence"]
        elif "repair" in e:
            for t in card_targets(state, e.get("target", "chosen"), ctx):
                for _ in range(e["repair"]):
                    if state["cards"][t]["damage"] + state["cards"][t]["severe"] > 0:
                        repair_one(state, t)
        elif "conquer" in e:
            who = ctx.get("initiator")
            if who is None:
                who = ctx["you"]
            for t in card_targets(state, e.get("target", e["conquer"] if isinstance(e["conquer"], str) else "chosen"), ctx):
                if S.ctype(state, t) == "location" and S.controller(state, t) != who:
                    conquer(state, t, who)
        elif "demote" in e or "promote" in e:
            verb = "demote" if "demote" in e else "promote"
            for t in card_targets(state, e.get("target", e[verb] if isinstance(e[verb], str) else "chosen"), ctx):
                if S.ctype(state, t) != "character" or state["seats"][S.controller(state, t)]["ambassador"] == t:
                    continue  # the ambassador can't be demoted
                state["cards"][t]["level"] = "supporting" if verb == "demote" else "inner"
        elif "replace_ambassador" in e:
            for t in card_targets(state, e.get("target", "chosen"), ctx):
                replace_ambassador(state, t)
        else:
            verb = next(k for k in ("neutralize", "rotate", "ready", "heal", "discard_card") if k in e)
            ref = e.get("target", e[verb] if isinstance(e[verb], (str, dict)) else "chosen")
            for t in card_targets(state, ref, ctx):
                c = state["cards"][t]
                if verb == "neutralize":
                    neutralize(state, t)
                elif verb == "rotate":
                    c["rotated"] = True
                elif verb == "ready":
                    c["rotated"] = False
                elif verb == "heal":
                    heal(state, t)
                elif verb == "discard_card":
                    discard_from_play(state, t, f"discarded by {S.title(state, ctx['source'])}"
                                      if ctx.get("source") else "discarded")


def _faction_only(mod: dict) -> bool:
    return all(k in FACTION_STATS for k in mod)
