"""Texts that change how an attempt's dilemmas are drawn, chosen, placed and met (Energize,
issue 17; EFFECTS.md §4 "Energize, dilemmas and attempts").

- ``extra_dilemmas`` ``{"draw": n, "cost": n}`` — "draw three extra dilemmas and spend three
  extra in total cost on dilemmas" (Complications): the attempt under way draws ``draw`` more
  dilemmas and its chooser may spend ``cost`` more (read by ``dilemmas.draw_dilemmas``). A
  negative ``draw`` is fewer; ``"drawer": "opponent"`` changes the draw of *your* attempt, made
  by your opponent ("subtract one from the number he or she can draw": Damar, answering
  ``opponent_about_to_draw_dilemmas``).
- ``redraw_dilemmas`` ``{}`` — "return them to your dilemma pile and draw an equal number of
  dilemmas" (Unexpected Difficulties): the dilemmas you drew go under your pile like the
  dilemmas not chosen (face up, RULES.md "Energize (set 2) readings"), then as many are drawn.
- ``search_dilemmas`` ``{"cost_at_most": AMOUNT}`` — "search your dilemma pile and choose a
  dilemma that costs no more than …; shuffle and replace your dilemma pile face down; place
  the chosen dilemma on the top of your dilemma stack" (Machinations). ``filter`` (only matching
  dilemmas) and ``to: "drawn"`` ("search your dilemma pile for a copy of one of your overcome
  dilemmas and add it to those drawn": Thought Maker).
- ``overcome_from_pile`` ``{"at": TARGET}`` — "the player to your left places the top card of
  his or her dilemma pile face up beneath that mission (that dilemma is overcome)" (Ja'chuq).
- ``meet_with`` ``{"use": attribute, "instead_of": [attributes]}`` — "meet Cunning and Strength
  requirements of that dilemma using Integrity instead" (Team of Ambassadors): the ``meet_with``
  ability's substitution, for the dilemma being faced only (read by ``stats.substitutes``).

Why a module of its own: these verbs act on the attempt's dilemma piles (drawn, stack,
pile), which only the dilemma rules touched before; the drawing primitive lives here so the
dilemma rules (a layer above) and the verbs draw alike. Hidden information: a searched pile
is shown only to its owner (the choice's ``reveal``; the pick is redacted for the others by
``protocol.redact_private_pick``), and the logs name no card that stays face down.
"""
from __future__ import annotations

from ... import rng as R
from .. import state as S
from .. import stats as ST
from . import filters as F


def reshuffle(state: dict, seat: int) -> None:
    """Reaching a face-up card: shuffle the dilemma pile and turn it face down."""
    pile = state["seats"][seat]["dilemmas"]
    for i in pile:
        state["cards"][i]["face_up"] = False
    R.shuffle(state["rng"], pile)
    S.log(state, "reshuffled_dilemmas", seat=seat)


def draw_into(state: dict, owner: int, n: int) -> int:
    """Draw ``n`` dilemmas from the top of ``owner``'s pile into his drawn dilemmas (as many
    as there are: RULES.md Gap 8); reaching a face-up card reshuffles the pile first."""
    pile = state["seats"][owner]["dilemmas"]
    got = 0
    for _ in range(n):
        if not pile:
            break
        if state["cards"][pile[0]].get("face_up"):
            reshuffle(state, owner)
        S.move(state, pile[0], "drawn", owner)
        got += 1
    return got


def to_pile_bottom(state: dict, owner: int, cards: list) -> None:
    """Dilemmas drawn and not faced go under their owner's pile, face up (rulebook "Facing
    Dilemmas": the ones not chosen)."""
    for i in cards:
        S.move(state, i, "dilemmas", owner)
        state["cards"][i]["face_up"] = True


def subtract_requirement(state: dict, frame: dict, eff: dict, arg: dict):
    """"Subtract a skill from those requirements" (Outlining the Stakes): the user names one skill the
    requirements of the mission being attempted list (an answer ``{"type": "choose", "skill": name}``); one
    level of it is taken from each of its alternatives for this attempt (``minus_skills``)."""
    from .tallies import attempt_skills
    a = state.get("attempt")
    work = frame["work"]
    if not a:
        return True
    if "answer" in work:
        skill = work.pop("answer")
        a.setdefault("minus", []).append(skill)
        S.log(state, "named_skill", seat=frame["ctx"]["you"], skill=skill)
        return True
    names = sorted(attempt_skills(state))
    if not names:
        return True
    S.set_pending(state, frame["ctx"]["you"], "choose", "Choose the skill to subtract from the requirements",
                  [{"type": "choose", "skill": n} for n in names])
    return False


def minus_skills(req: dict, minus: list) -> dict:
    """``req`` with one level of each skill in ``minus`` taken away, in every alternative."""
    if not minus or not req:
        return req
    if "any_of" in req:
        return {**req, "any_of": [minus_skills(r, minus) for r in req["any_of"]]}
    skills = dict(req.get("skills") or {})
    for s in minus:
        if skills.get(s):
            skills[s] -= 1
            if not skills[s]:
                del skills[s]
    return {**req, "skills": skills}


def return_unfaced(state: dict, frame: dict, eff: dict, arg: dict):
    """"All remaining dilemmas you have not yet faced return to their owner's dilemma pile" (Lack of
    Preparation): the rest of the stack goes beneath its owner's pile in its order, still face down
    (nobody has seen them); the attempt then has no more dilemmas to face."""
    a = state.get("attempt")
    if a:
        owner = a["dilemma_owner"]
        for i in list(state["seats"][owner]["stack"]):
            S.move(state, i, "dilemmas", owner)
    return True


def extra_dilemmas(state: dict, frame: dict, eff: dict, arg: dict):
    """``{"draw"?: n, "cost"?: n, "drawer"?: SIDE, "up_to"?: true}``: the attempt under way draws n
    more dilemmas (fewer, n < 0) and its chooser may spend n more. ``up_to``: the user says how
    many, 1 up to the most the text names — an answer ``{"type": "choose", "count": k}`` —, each
    number scaled alike ("subtract up to three dilemmas … and add that same number to the total
    cost": I Don't Like to Lose)."""
    a = state.get("attempt")
    you = frame["ctx"]["you"]
    mine = a is not None and (a["seat"] == you if arg.get("drawer") == "opponent"  # Damar
                              else a["dilemma_owner"] == you)
    if a is None or not mine:
        return True
    # ``per``: "for each of your Infiltrators at that mission, … one extra dilemma" (Under Suspicion)
    times = len(F.candidates(state, arg["per"], frame["ctx"])) if "per" in arg else 1
    draw, cost = arg.get("draw", 0) * times, arg.get("cost", 0) * times
    if arg.get("up_to"):
        most = max(abs(draw), abs(cost))
        work = frame["work"]
        if "answer" not in work:
            S.set_pending(state, you, "choose", "How many?",
                          [{"type": "choose", "count": k} for k in range(1, most + 1)])
            return False
        k = work.pop("answer")
        draw, cost = draw * k // most, cost * k // most
    a["extra_draw"] = a.get("extra_draw", 0) + draw
    a["extra_cost"] = a.get("extra_cost", 0) + cost
    S.log(state, "extra_dilemmas", seat=you, draw=draw, cost=cost)
    return True


def redraw_dilemmas(state: dict, frame: dict, eff: dict, arg: dict):
    owner = frame["ctx"]["you"]
    drawn = list(state["seats"][owner]["drawn"])
    to_pile_bottom(state, owner, drawn)
    got = draw_into(state, owner, len(drawn))
    S.log(state, "redrew_dilemmas", seat=owner, returned=len(drawn), count=got)
    return True


def search_dilemmas(state: dict, frame: dict, eff: dict, arg: dict):
    """Only the owner sees his pile while he chooses; the chosen dilemma goes face down on top
    of his stack (faced first). Choosing none is allowed, as for a download ("if you do not
    find a card … there is no penalty")."""
    from . import filters as F
    ctx, work = frame["ctx"], frame["work"]
    owner = ctx["you"]
    pile = state["seats"][owner]["dilemmas"]
    drawn = arg.get("to") == "drawn"  # "add it to those drawn" (Thought Maker)
    if "answer" not in work:
        most = F.amount(state, arg["cost_at_most"], ctx) if "cost_at_most" in arg else None
        seen, opts = set(), []
        for i in pile:
            g = state["cards"][i]["guid"]
            if g not in seen and (most is None or ST.value(state, i, "cost") <= most) and (
                    "filter" not in arg or F.matches(state, i, arg["filter"], ctx)):
                seen.add(g)
                opts.append({"type": "choose", "card": i})
        S.log(state, "searched_dilemmas", seat=owner)
        if opts:
            where = "to add to those you drew" if drawn else "for the top of your dilemma stack"
            S.set_pending(state, owner, "choose", f"Choose a dilemma {where} (or none)",
                          opts + [{"type": "choose", "card": None}], reveal=[o["card"] for o in opts])
            return False
        pick = None
    else:
        pick = work.pop("answer")
    for i in pile:
        state["cards"][i]["face_up"] = False
    if pick is not None and drawn:
        S.move(state, pick, "drawn", owner)
    elif pick is not None:
        S.move(state, pick, "stack", owner, top=True)
    R.shuffle(state["rng"], pile)
    S.log(state, "reshuffled_dilemmas", seat=owner)
    if pick is not None:
        S.log(state, "added_to_drawn" if drawn else "placed_on_stack", seat=owner)  # face down: no card named
    return True


def overcome_from_pile(state: dict, frame: dict, eff: dict, arg: dict):
    from .targets import targets
    ms = targets(state, frame, arg["at"])
    if ms is None:
        return False
    owner = S.left_of(state, frame["ctx"]["you"])  # "the player to your left"
    pile = state["seats"][owner]["dilemmas"]
    if not ms or not pile:
        return True
    if state["cards"][pile[0]].get("face_up"):
        reshuffle(state, owner)
    top, m = pile[0], ms[0]
    S.move(state, top, "under", m)
    state["cards"][top]["face_up"] = True
    S.log(state, "overcome", card=top, mission=m, title=S.name(state, top))
    return True


def meet_with(state: dict, frame: dict, eff: dict, arg: dict):
    a = state.get("attempt")
    if a and a.get("current"):
        a.setdefault("meet_with", []).append({"dilemma": a["current"], "seat": frame["ctx"]["you"],
                                              "use": arg["use"], "instead_of": list(arg["instead_of"])})
    return True


def no_attempt_again(state: dict, frame: dict, eff: dict, arg: dict) -> bool:
    """``no_attempt_again`` ``{}`` (an ``attempt_ended`` response): "You cannot attempt that same mission again
    this turn" (Indomitable) — the user may begin no attempt of the event's mission until the turn ends
    (``state["turn"]["no_attempt"]``, cleared at the start of each turn; ``orders.attempt_options``)."""
    m = (frame["ctx"].get("event") or {}).get("mission")
    if m is not None:
        state["turn"].setdefault("no_attempt", []).append([frame["ctx"]["you"], m])
    return True


def pile_copies_beneath(state: dict, frame: dict, eff: dict, arg: dict) -> bool:
    """``pile_copies_beneath`` ``{"title": name, "at": TARGET}`` (in a ``choose_opponent``'s ``then``): "Choose an
    opponent to take each copy of that dilemma from his or her dilemma pile, place them beneath your completed
    mission, then shuffle and replace his or her dilemma pile face down" (Krim). ``title`` is the name a
    ``name_title`` made; every card of that title in that opponent's dilemma pile goes face up beneath the
    ``at`` mission (public, as overcome dilemmas are; they count there when dilemmas are drawn), then the pile is
    shuffled face down. Without such a mission the copies stay; the pile is shuffled all the same."""
    from .targets import targets
    ms = targets(state, frame, arg["at"])
    if ms is None:
        return False
    ctx = frame["ctx"]
    seat = ctx["opp"]
    title = (ctx.get("named") or {}).get(arg["title"])
    pile = state["seats"][seat]["dilemmas"]
    if ms and title is not None:
        found = [i for i in pile if S.card_def(state, i)["title"] == title]
        for i in found:
            S.move(state, i, "under", ms[0])
            state["cards"][i]["face_up"] = True
        S.log(state, "placed_beneath", seat=seat, mission=ms[0], title=title, cards=found, by=ctx["source"])
    reshuffle(state, seat)
    return True


def mute_skills(state: dict, frame: dict, eff: dict, arg: dict) -> bool:
    """``mute_skills`` ``{"named": name}`` (a dilemma's text, after it is placed on the mission): "While your
    personnel is facing a dilemma, he or she cannot use those skills" (Harsh Conditions) — the skills a
    ``name_skill`` named are kept on this dilemma; while it lies on the mission being attempted and a dilemma is
    faced there, the attempting player's personnel's levels of them count for nothing (``stats.muted_skills``)."""
    ctx = frame["ctx"]
    named = (ctx.get("named") or {}).get(arg["named"])
    names = named if isinstance(named, list) else [named] if named else []
    state["cards"][ctx["source"]]["muted_skills"] = sorted(set(names))
    return True

