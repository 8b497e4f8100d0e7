"""The interpreter's frames: what every effect family needs to run one step of the stack.

Why a module of its own: the driver (``interpreter.execute``) and each family of verbs
(``zones``, ``hand_glyphs``, ``modifiers``, ``choices``) read the frame's context, push
effects, remember cards, set a pending decision and let the chooser pick targets one card
at a time — the same few helpers, so they live below all of them (no import cycle).
"""
from __future__ import annotations

from .. import state as S
from . import filters as F


def ctx_of(state: dict, frame: dict) -> dict:
    ctx = frame["ctx"]
    card = state["cards"].get(ctx["source"], {})
    refs = {**card.get("refs", {}), **ctx.get("builtin", {})}
    return {"source": ctx["source"], "controller": ctx["controller"], "refs": refs,
            "amounts": card.get("amounts", {})}


def push(state: dict, effects: list, source: str, controller: int, builtin: dict | None = None,
         label: str = "") -> None:
    """Queue ``effects`` of ``source`` (controlled by ``controller``) for execution."""
    if isinstance(effects, dict):
        effects = [effects]
    state["stack"].append({"effects": list(effects), "i": 0, "label": label,
                           "ctx": {"source": source, "controller": controller, "builtin": builtin or {}}})


def _player(frame_ctx: dict, state: dict, who) -> int:
    me = frame_ctx["controller"]
    if who in (None, "you"):
        return me
    if who == "that_player":
        return frame_ctx.get("refs", {}).get("that_player", me)
    return S.opponent(state, me)


def _remember(state: dict, ctx: dict, name: str | None, cards: list[str]) -> None:
    if name:
        state["cards"][ctx["source"]].setdefault("refs", {})[name] = list(cards)


def set_pending(state: dict, seat: int, kind: str, prompt: str, options: list[dict]) -> None:
    state["pending"] = {"seat": seat, "kind": kind, "prompt": prompt, "options": options}


def _advance_and_keep(state: dict, frame: dict) -> None:
    """Move past the current effect before pushing its continuation on top."""
    frame["i"] += 1
    frame.pop("answer", None)
    frame.pop("chosen", None)


# ------------------------------------------------------------------- targets
def _targets(state: dict, frame: dict, ctx: dict, target, keep=None) -> list[str] | None:
    """Cards a target names; for a choice, the chooser picks one card at a time (among the
    cards ``keep`` accepts, when given: the ones whose price can be paid)."""
    fixed = F.resolve_target(state, target, ctx)
    if fixed is not None:
        return fixed
    flt = target["choose"]
    chooser = _player(ctx, state, target.get("chooser", "you"))
    count = target.get("count", 1)
    up_to = bool(target.get("up_to")) or count == "any"
    n = 99 if count == "any" else max(0, F.amount(state, count, ctx))
    chosen = frame.setdefault("chosen", [])
    if "answer" in frame:
        ans = frame.pop("answer")
        if ans is None:
            return list(chosen)
        chosen.append(ans)
    cands = _still_choosable(state, target, [i for i in F.candidates(state, flt, ctx) if i not in chosen
                                             and (keep is None or keep(i))], chosen, ctx)
    if len(chosen) >= n or not cands:
        return list(chosen)
    opts = [{"type": "choose", "card": i} for i in cands]
    if up_to:
        opts.append({"type": "choose", "card": None})
    set_pending(state, chooser, "choose_card", f"Choose a card ({len(chosen) + 1} of {n if n < 99 else 'any'})", opts)
    # choosing from another player's hand ("look at your opponent's hand and choose",
    # Reconnaissance): the chooser sees those cards, and only he does
    unseen = [i for i in cands if state["cards"][i]["zone"] == "hand" and state["cards"][i]["owner"] != chooser]
    if unseen:
        state["pending"]["reveal"] = unseen
    return None


def _still_choosable(state: dict, target: dict, cands: list[str], chosen: list[str], ctx: dict) -> list[str]:
    """Conditions on a choice of several cards as a whole: ``same_owner`` (cards of one
    player: Revisionist History), ``on_different_characters`` (glyphs beneath different
    characters: Strange Bedfellows), ``total_cost_at_most`` (Unbelievers)."""
    flt = target["choose"]
    if flt.get("same_owner") and chosen:
        cands = [i for i in cands if state["cards"][i]["owner"] == state["cards"][chosen[0]]["owner"]]
    if flt.get("on_different_characters") and chosen:
        used = {state["cards"][i].get("under") for i in chosen}
        cands = [i for i in cands if state["cards"][i].get("under") not in used]
    if "total_cost_at_most" in target:
        left = F.amount(state, target["total_cost_at_most"], ctx) - sum(S.card_def(state, i).get("cost") or 0 for i in chosen)
        cands = [i for i in cands if (S.card_def(state, i).get("cost") or 0) <= left]
    return cands


def _names_incapacitated(target) -> bool:
    """Does the target name incapacitated cards ("stop/ready an incapacitated character")?
    Only such text works on an incapacitated card (glossary "incapacitated")."""
    flt = target.get("choose", target.get("all")) if isinstance(target, dict) else None
    return isinstance(flt, dict) and "incapacitated" in (flt.get("state") if isinstance(flt.get("state"), list)
                                                         else [flt.get("state")])
