"""``gain_skills``: "he or she gains all skills on one of your … personnel" (MISSING.md
item 17, EFFECTS.md §2).

Shape: ``{"gain_skills": {"from": TARGET, "to": TARGET, "attributes"?: bool, "one"?: bool, "levels"?: n},
"until"?: D}``, or ``{"gain_skills": {"to": TARGET, "any_skill": true}}`` (one level of a skill
the user names). With ``one: true`` ("gains one skill from …") the user of the text then
chooses one skill of the source (a single choice); the ``to`` cards gain one level of it.
With ``levels: n`` they gain n levels of each skill the source has, whatever its level ("gain
one of every skill he or she already has": We're Mutants).
The ``from`` card is chosen first, then the ``to`` cards (each TARGET is resolved with the
usual single choices). Each ``to`` card gets, as temporary modifiers lasting ``until``
(default end of turn), every skill level the ``from`` card has *now* (and with
``attributes: true`` its Integrity, Cunning and Strength added to its own — The Promise).

Why a snapshot: the text grants "all skills on" that personnel when it is used; a later
change to the source (it is killed, stopped or loses a skill) does not take them back —
the gained levels are the receiving card's own modifiers, which end with their duration
or when it leaves play (RULES.md "Gaining skills").
"""
from __future__ import annotations

from .. import state as S
from .. import stats as ST
from . import frames as FR
from . import targets as TG
from .tallies import SKILLS

ATTRS = ("integrity", "cunning", "strength")


def _resolve(state: dict, frame: dict, key: str, t: dict, keep=None):
    """Resolve one of the verb's two TARGETs with its own working space (a pending
    choice's answer goes to the TARGET being resolved); ``keep`` narrows a chosen one
    (``interpreter.targets``)."""
    from .targets import targets
    work = frame["work"]
    sub = work.setdefault(key, {})
    if "answer" in work and work.get("resolving") == key:
        sub["answer"] = work.pop("answer")
    out = targets(state, {"ctx": frame["ctx"], "work": sub}, t, keep=keep)
    if out is None:  # waiting for a choice: its answer belongs to this TARGET
        work["resolving"] = key
    elif work.get("resolving") == key:  # resolved: later answers belong to the verb
        del work["resolving"]
    return out


def _skills_of(state: dict, iid: str) -> dict:
    """The source's skills now: in play, with every modifier; anywhere else (a personnel
    just discarded from hand — Elim Garak — or in a discard pile) its printed skills, since
    the texts of cards in play modify only cards in play."""
    if S.in_play(state, iid):
        return dict(ST.skills(state, iid))
    return dict(S.card_def(state, iid).get("skills") or {})


def _grant(state: dict, frame: dict, eff: dict, to: list, gained: dict, source: str) -> None:
    """Each ``to`` card in play gets ``gained`` as temporary modifiers lasting the text's ``until``."""
    until = eff.get("until", "end_of_turn")
    for c in to:
        if not S.in_play(state, c):
            continue
        for stat, amount in sorted(gained.items()):
            state["mods"].append({"card": c, "stat": stat, "amount": amount, "until": until,
                                  **({"seat": frame["ctx"]["you"]} if until == "start_of_your_next_turn" else {})})
        S.log(state, "gained_skills", card=c, source=source, title=S.name(state, c), source_title=S.name(state, source))


def _gain_any_skill(state: dict, frame: dict, eff: dict, arg: dict):
    """``any_skill: true`` ("make him or her gain a skill of your choice": Confessions in the Pale
    Moonlight): the ``to`` cards are resolved, then the user names one of the 23 skills (an answer
    ``{"type": "choose", "skill": name}``); each gains one level of it."""
    to = _resolve(state, frame, "to_w", arg["to"])
    if to is None:
        return False
    work = frame["work"]
    if not to:
        return True
    if "answer" not in work or work.get("resolving") != "skill":
        names = list(arg.get("among") or SKILLS)  # "Engineer, Law, or Science"
        if "none_has" in arg:  # "a skill that none of your personnel facing that dilemma has" (Natural Instincts)
            from . import filters as F
            had = F.candidates(state, arg["none_has"], frame["ctx"])
            names = [n for n in names if not any(ST.value(state, c, n) >= 1 for c in had)]
        if not names:
            return True
        work["resolving"] = "skill"
        if arg.get("new"):  # "a skill of your choice that he does not already have" (Aamin Marritza)
            names = [n for n in names if not all(ST.value(state, c, n) >= 1 for c in to)] or names
        S.set_pending(state, frame["ctx"]["you"], "choose", "Choose the skill to gain",
                      [{"type": "choose", "skill": n} for n in names])
        return False
    _grant(state, frame, eff, to, {work.pop("answer"): 1}, frame["ctx"]["source"])
    return True


def gain_skills(state: dict, frame: dict, eff: dict, arg: dict):
    if arg.get("any_skill"):
        return _gain_any_skill(state, frame, eff, arg)
    src = _resolve(state, frame, "from_w", arg["from"])
    if src is None:
        return False
    to = _resolve(state, frame, "to_w", arg["to"])
    if to is None:
        return False
    work = frame["work"]
    if arg.get("one") and arg.get("each"):
        return _gain_one_from_each(state, frame, eff, src, to)
    if arg.get("one") and src and "skill" not in work:  # "gains one skill from …": you pick it
        if "answer" in work and work.get("resolving") == "skill":
            work["skill"] = work.pop("answer")
        else:
            names = sorted(_skills_of(state, src[0]))
            if not names:
                return True
            work["resolving"] = "skill"
            S.set_pending(state, frame["ctx"]["you"], "choose", f"Choose the skill to gain from {S.name(state, src[0])}",
                          [{"type": "choose", "skill": n} for n in names])
            return False
    for s in src[:1]:
        gained = _skills_of(state, s)
        if arg.get("one"):
            gained = {work["skill"]: 1} if work.get("skill") in gained else {}
        elif arg.get("levels"):  # "gain one of every skill he or she already has" (We're Mutants)
            gained = {n: arg["levels"] for n, v in gained.items() if v > 0}
        if arg.get("attributes"):
            gained.update({a: ST.value(state, s, a) for a in ATTRS})
        _grant(state, frame, eff, to, gained, s)
    return True


def _gain_one_from_each(state: dict, frame: dict, eff: dict, src: list, to: list):
    """``one`` + ``each`` ("That Thief gains one skill from each personnel revealed": Bank Heist):
    for each ``from`` card in turn the user chooses one of its skills (a card without one gives
    none); then the ``to`` cards gain one level of each skill chosen (the same skill twice is two
    levels)."""
    work = frame["work"]
    picked = work.setdefault("picked", [])
    if "answer" in work and work.get("resolving") == "skill":
        picked.append(work.pop("answer"))
        del work["resolving"]
    while len(picked) < len(src):
        s = src[len(picked)]
        names = sorted(n for n, v in _skills_of(state, s).items() if v > 0)
        if not names:
            picked.append(None)
            continue
        work["resolving"] = "skill"
        S.set_pending(state, frame["ctx"]["you"], "choose", f"Choose the skill to gain from {S.name(state, s)}",
                      [{"type": "choose", "skill": n} for n in names])
        return False
    for s, skill in zip(src, picked):
        if skill is not None:
            _grant(state, frame, eff, to, {skill: 1}, s)
    return True


def lose_skills(state: dict, frame: dict, eff: dict, arg: dict):
    """``{"lose_skills": TARGET}`` + ``until``: "make that personnel lose all his or her skills
    until the end of that dilemma" (Stricken Dumb) — each skill level he has now is taken away
    by a temporary modifier (skills gained later are not lost)."""
    cards = TG.targets(state, frame, arg)
    if cards is None:
        return False
    FR._remember(frame, eff, cards)
    for c in cards:
        if not S.in_play(state, c):
            continue
        for skill, level in sorted(ST.skills(state, c).items()):
            if level > 0:
                state["mods"].append({"card": c, "stat": skill, "amount": -level, "until": eff.get("until", "end_of_turn")})
        S.log(state, "lost_skills", card=c, title=S.name(state, c))
    return True


def blank_skills(state: dict, frame: dict, eff: dict, arg: dict):
    """``{"blank_skills": TARGET}``: "While a personnel who has that same card title is facing a
    dilemma, he or she cannot use his or her skills. This effect lasts until the end of this
    mission attempt" (Psychic Receptacle) — the card titles of the targeted cards are kept in the
    attempt under way (so it ends with it); while a dilemma is faced, the skills of every
    personnel with one of those titles count for nothing toward its requirements
    (``stats.cant_use_skills``). Outside an attempt it does nothing."""
    cards = TG.targets(state, frame, arg)
    if cards is None:
        return False
    FR._remember(frame, eff, cards)
    a = state.get("attempt")
    if a is None:
        return True
    titles = a.setdefault("skills_blanked", [])
    for c in cards:
        t = S.title(state, c)
        if t not in titles:
            titles.append(t)
            S.log(state, "skills_blanked", card=c, title=S.name(state, c))
    return True
