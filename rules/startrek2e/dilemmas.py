"""Rulebook "Attempting a Mission", "Facing Dilemmas", "Checking Mission Requirements"
and "If Your Attempt Fails".

The player on the attempting player's left draws (personnel attempting − dilemmas already
overcome there) dilemmas, chooses the ones to face — total cost at most that number, never
two with one title, never a space dilemma on a planet or vice versa (dual fits both) —
one single choice at a time, and the order of choosing is the order they are faced (the
first chosen is on top: RULES.md "Choosing and ordering dilemmas"). The rest go face up
under his pile. Each is revealed and resolved in turn; overcome → under the mission.
"""
from __future__ import annotations

import re

from . import actions as A
from . import state as S
from . import stats as ST
from .effects import filters as F
from .effects import extra as X
from .effects import requirements as RQ
from .orders import team_for
from .triggers import fire
from .victory import check as check_victory
from .effects import frames as FR
from .effects import attempts as AT
from .effects import gathering as GA


def attempt_mission(state: dict, seat: int, m: str, ship: str | None, using: list | None = None) -> None:
    """``using`` = ``[card, k]``: the attempt is made by that card's ``attempt_with`` text (For the
    Cause): its personnel, its requirements, regardless of "cannot attempt / complete" texts."""
    if using:
        ab = S.mechanics(state, using[0])[using[1]]
        team = GA.alternative_team(state, seat, m, ship, using[0], ab)
    else:
        team = team_for(state, seat, m, ship)
    owner = S.left_of(state, seat)
    state["attempt"] = {"seat": seat, "mission": m, "ship": ship, "personnel": team, "dilemma_owner": owner,
                        "budget": 0, "spent": 0, "current": None, "resolving": False}
    if using:
        state["attempt"]["using"] = list(using)
    S.log(state, "attempt", seat=seat, mission=m, ship=ship, personnel=len(team), title=S.name(state, m))
    fire(state, "attempt_begins", seat=seat, mission=m)
    fire(state, "opponent_attempt_begins", seat=seat, mission=m)
    for src, n in X.attempt_costs(state, seat, m):  # "that opponent must discard two cards from hand to attempt"
        FR.push(state, [{"discard": {"count": n, "from": "hand"}}], F.ctx_for(state, src, you=seat))
    fire(state, "opponent_about_to_draw_dilemmas", seat=owner, mission=m)  # Damar: answered before the draw
    fire(state, "about_to_draw_dilemmas", seat=owner, mission=m)  # "When you are about to draw dilemmas" (The Manheim Effect, I Don't Like to Lose)
    state["step"] = "draw_dilemmas"


def draw_dilemmas(state: dict) -> None:
    """Facing Dilemmas: count the attempting personnel, subtract the dilemmas already
    overcome there (the eight-minus-three example), draw that many."""
    a = state["attempt"]
    m = a["mission"]
    n = max(0, len(F.attempting(state)) - len(state["cards"][m]["under"]))
    a["budget"] = max(0, n + a.get("extra_cost", 0))  # "spend three extra in total cost" (Complications)
    owner = a["dilemma_owner"]
    AT.draw_into(state, owner, n + a.get("extra_draw", 0))  # RULES.md Gap 8: what there is
    S.log(state, "drew_dilemmas", seat=owner, count=len(state["seats"][owner]["drawn"]))
    state["step"] = "add_dilemmas"
    fire(state, "dilemmas_drawn", seat=owner, mission=m)  # "When you have drawn dilemmas" (Machinations)


def _addable(state: dict) -> list:
    """Dilemmas lying on the mission that their owner, the player drawing now, may add to
    those drawn ("When you attempt this mission again, after your opponent draws dilemmas,
    he or she may take this dilemma and add it to those drawn" — Limited Welcome)."""
    a = state["attempt"]
    return [d for d in state["cards"][a["mission"]]["on"] if state["cards"][d].get("redraw")
            and state["cards"][d]["owner"] == a["dilemma_owner"] and d not in a.get("kept_on", [])]


def add_dilemmas(state: dict) -> None:
    """After drawing: the drawing player may add those dilemmas, one single choice at a time."""
    opts = [{"type": "add_dilemma", "card": d} for d in _addable(state)]
    if not opts:
        state["step"] = "choose_dilemmas"
        return
    S.set_pending(state, state["attempt"]["dilemma_owner"], "add_dilemma",
                  "Add a dilemma lying on this mission to those drawn (or not)", opts + [{"type": "add_dilemma", "card": None}])


def answer_add(state: dict, card: str | None) -> None:
    a = state["attempt"]
    if card is None:  # the rest stay where they are
        a["kept_on"] = a.get("kept_on", []) + _addable(state)
        return
    state["cards"][card].pop("redraw", None)
    S.move(state, card, "drawn", a["dilemma_owner"])
    S.log(state, "added_to_drawn", seat=a["dilemma_owner"], card=card, title=S.name(state, card))


reshuffle = AT.reshuffle  # reaching a face-up card: shuffle the pile face down (effects/attempts.py)


def fits(state: dict, dilemma: str, m: str) -> bool:
    dt = S.card_def(state, dilemma).get("dilemma_type") or "dual"
    return dt == "dual" or dt == S.mission_type(state, m)


def cost(state: dict, dilemma: str) -> int:
    """What choosing ``dilemma`` spends: its cost with its own ``play_cost`` texts ("For each event
    your opponent commands in his or her core, this dilemma is cost -1": Formal Hearing), read as
    the dilemma's text is — the attempting player is "you", the owner choosing it "opponent".
    Never below zero. Events in a core are public, so the owner's choices tell nothing hidden."""
    n = ST.value(state, dilemma, "cost")
    abs_ = S.abilities(state, dilemma, "play_cost")
    if abs_:
        a = state["attempt"]
        ctx = F.ctx_for(state, dilemma, you=a["seat"], dilemma=True)
        ctx["opp"], ctx["that_opp"] = a["dilemma_owner"], True  # "your opponent" is its owner only
        n += sum(F.amount(state, ab["amount"], ctx) for ab in abs_ if "if" not in ab or F.condition(state, ab["if"], ctx))
    return max(0, n)


def choosable(state: dict) -> list:
    a = state["attempt"]
    owner = a["dilemma_owner"]
    chosen_titles = {S.title(state, i) for i in state["seats"][owner]["stack"]}
    left = a["budget"] - a["spent"]
    out, seen = [], set()
    for i in state["seats"][owner]["drawn"]:
        g = state["cards"][i]["guid"]
        if g in seen or S.title(state, i) in chosen_titles or not fits(state, i, a["mission"]):
            continue
        if cost(state, i) <= left:
            seen.add(g)
            out.append(i)
    return out


def choose_dilemmas(state: dict) -> None:
    a = state["attempt"]
    owner = a["dilemma_owner"]
    opts = [{"type": "choose_dilemma", "card": i} for i in choosable(state)]
    if not opts:
        return finish_choosing(state)
    # the cost left would tell the attempting player what the face-down dilemmas cost:
    # it is a detail only the chooser sees
    S.set_pending(state, owner, "choose_dilemma", "Choose the next dilemma to face, or stop choosing",
                  opts + [{"type": "choose_dilemma", "card": None}], detail={"cost_left": a["budget"] - a["spent"]})


def answer_choice(state: dict, card: str | None) -> None:
    a = state["attempt"]
    owner = a["dilemma_owner"]
    if card is None:
        return finish_choosing(state)
    paid = cost(state, card)
    a["spent"] += paid
    state["cards"][card]["cost_paid"] = paid  # "X" of a dilemma is its cost as paid (AMOUNT cost_paid)
    S.move(state, card, "stack", owner)  # chosen in facing order: appended below the earlier ones


def finish_choosing(state: dict) -> None:
    a = state["attempt"]
    owner = a["dilemma_owner"]
    if not a.get("chosen_heard"):  # "When you have chosen dilemmas, you may place one unused … dilemma on this
        # event instead of beneath your dilemma pile" (Storage Compartment): answered before the rest go under
        a["chosen_heard"] = True
        from .triggers import fire_urgent
        if fire_urgent(state, "dilemmas_chosen", seat=owner, mission=a["mission"]):
            state["step"] = "dilemmas_chosen"  # back here once the window and its responses are done
            return
    AT.to_pile_bottom(state, owner, list(state["seats"][owner]["drawn"]))
    S.log(state, "dilemmas_set", seat=owner, count=len(state["seats"][owner]["stack"]))
    state["step"] = "face_dilemmas"


def overcome(state: dict, dilemma: str, m: str) -> None:
    S.move(state, dilemma, "under", m)
    state["cards"][dilemma]["face_up"] = True
    for k in ("on_requirement", "until_end_of_turn", "until_end_of_attempt", "redraw", "muted_skills"):
        state["cards"][dilemma].pop(k, None)
    S.log(state, "overcome", card=dilemma, mission=m, title=S.name(state, dilemma))


def face_dilemmas(state: dict) -> None:
    a = state["attempt"]
    owner = a["dilemma_owner"]
    m = a["mission"]
    cur = a["current"]
    if cur is not None:
        if not a["resolving"] and a.pop("prevented", False):  # "prevent and overcome that dilemma": its text
            a["resolving"] = True  # never runs; it is overcome below, as one nothing placed elsewhere
            return
        if not a["resolving"]:  # the response window after the reveal has closed
            if A.offer(state, "facing"):  # the attempting player's action point (RULES.md)
                return
            a["resolving"] = True
            you = (a.get("instead") or {}).get("seat", a["seat"])  # "… face that dilemma instead"
            ctx = F.ctx_for(state, cur, you=you, dilemma=True)
            ctx["opp"] = owner if you != owner else a["seat"]
            ctx["that_opp"] = True  # a dilemma's "your opponent" is one player (its owner): never a third player
            for ab in S.abilities(state, cur, "dilemma"):
                FR.push(state, ab["effects"], ctx)
            return
        if state["cards"][cur]["zone"] == "revealed" and not a.get("about_to_overcome"):
            a["about_to_overcome"] = True  # "When a dilemma is about to be overcome" (The Trial Never Ended)
            if _answered_first(state, "dilemma_about_to_be_overcome", seat=a["seat"], card=cur, mission=m, owner=owner):
                return
        if state["cards"][cur]["zone"] == "revealed":  # nothing placed it elsewhere: overcome
            overcome(state, cur, m)
            fire(state, "dilemma_overcome", seat=a["seat"], card=cur)
            fire(state, "opponent_dilemma_overcome", seat=a["seat"], card=cur)  # "When your opponent overcomes a dilemma"
        a["current"], a["resolving"] = None, False
        a.pop("about_to_overcome", None)
        a.pop("instead", None)
        _expire(state, "end_of_dilemma")
        return
    stack = state["seats"][owner]["stack"]
    if not stack:
        state["step"] = "mission_requirements"
        return
    if not F.attempting(state):
        # all attempting personnel stopped or killed: the rest count as overcome (Gap 9)
        for i in list(stack):
            overcome(state, i, m)
        state["step"] = "mission_requirements"
        return
    if not a.get("about_to_face"):  # "When your personnel … are about to face a dilemma" (Quantum Filament)
        a["about_to_face"] = True
        if _answered_first(state, "about_to_face_dilemma", seat=a["seat"], mission=m, ship=a.get("ship")):
            return
        if not F.attempting(state):
            return  # all stopped: the next step overcomes the rest (Gap 9)
    a.pop("about_to_face", None)
    top = stack[0]
    S.move(state, top, "revealed", owner)
    state["cards"][top]["face_up"] = True
    S.log(state, "revealed", card=top, title=S.name(state, top))
    consume(state, top, m, owner)  # "Consume: N" (RULES.md "Consume")
    if not fits(state, top, m):  # a wrong-type dilemma is overcome without effect
        overcome(state, top, m)
        return
    a["current"] = top
    from .effects.tallies import note_faced
    note_faced(state)  # "each other dilemma he has faced this turn" (Parem)
    fire(state, "dilemma_revealed", seat=a["seat"], card=top, mission=m)
    fire(state, "own_dilemma_revealed", seat=a["seat"], owner=owner, card=top, mission=m)  # "your … dilemma is revealed"


_CONSUME = re.compile(r"consume:\s*(\d+|x)\.?", re.I)


def consume_count(state: dict, dilemma: str) -> int:
    """N of a dilemma's printed "Consume: N" keyword (0 without one). "Consume: X": X is what its owner
    spent on it as he chose it (``cost_paid``, as Temporal Misalignment's "X personnel" reads it)."""
    for w in S.card_def(state, dilemma).get("keywords") or ():
        mt = _CONSUME.fullmatch(w.strip())
        if mt:
            if mt.group(1).lower() == "x":
                c = state["cards"][dilemma]
                return int(c["cost_paid"]) if "cost_paid" in c else ST.value(state, dilemma, "cost")
            return int(mt.group(1))
    return 0


def consume(state: dict, dilemma: str, m: str, owner: int) -> list:
    """"Consume: N" (RULES.md "Consume"): when the dilemma is revealed from its owner's stack, he places
    the top N cards of his dilemma pile (as many as there are; reaching a face-up card reshuffles the
    pile first, as drawing does) beneath the mission being attempted, face up as overcome dilemmas are —
    so they count among the dilemmas beneath it when dilemmas are next drawn there. Nobody knew those
    cards before (the top of a shuffled pile), so placing them face up tells no secret."""
    n = consume_count(state, dilemma)
    pile = state["seats"][owner]["dilemmas"]
    placed = []
    for _ in range(n):
        if not pile:
            break
        if state["cards"][pile[0]].get("face_up"):
            reshuffle(state, owner)
        top = pile[0]
        S.move(state, top, "under", m)
        state["cards"][top]["face_up"] = True
        placed.append(top)
    if placed:
        S.log(state, "consumed", seat=owner, card=dilemma, mission=m, cards=placed,
              titles=[S.name(state, i) for i in placed])
    return placed


def mission_requirements(state: dict) -> None:
    """Checking Mission Requirements: skills add across the remaining team, attribute totals
    must exceed the number; dilemmas placed on the mission with a requirement add to it.
    Success scores the points and completes the mission; failure stops everyone left."""
    a = state["attempt"]
    if A.offer(state, "requirements"):  # the last action point before the check (RULES.md)
        return
    m, seat = a["mission"], a["seat"]
    if not a.get("checking"):  # "When you are checking if your personnel can meet a mission's requirements"
        before = (len(state["windows"]), len(state["stack"]))  # (Outlining the Stakes): the responses first
        fire(state, "checking_requirements", seat=seat, mission=m)
        if (len(state["windows"]), len(state["stack"])) != before:
            a["checking"] = True
            return
    team = F.attempting(state)
    # an empty extra requirement is met by any completion: "When you complete this mission, this dilemma is
    # overcome" (Skeleton Crew)
    extra = [d for d in state["cards"][m]["on"] if state["cards"][d].get("on_requirement") is not None]
    using = a.get("using")  # "… with these requirements", regardless of effects preventing it (For the Cause)
    printed = S.mechanics(state, using[0])[using[1]]["requirement"] if using else ST.mission_requirements(state, m)
    printed = AT.minus_skills(printed, a.get("minus") or [])  # "subtract a skill from those requirements"
    with ST.frozen(state):  # only read: the statics in play listed once, not once per skill of each personnel
        ok = bool(team) and ST.meets(state, team, printed, check="mission") and all(
            ST.meets(state, team, state["cards"][d]["on_requirement"], check="mission") for d in extra) \
            and all(ST.meets(state, team, r, check="mission") for r in RQ.added(state, m)) \
            and ((bool(using) and _regardless(state, using)) or not X.cant_complete(state, m, seat, a.get("ship")))  # "You cannot complete this mission if …"
    if ok and not a.get("about_to_complete"):  # "When an opponent's personnel is about to complete a mission"
        a["about_to_complete"] = True
        before = (len(state["windows"]), len(state["stack"]))
        fire(state, "opponent_about_to_complete", seat=seat, mission=m)
        if (len(state["windows"]), len(state["stack"])) != before:
            return  # the responses first; then the requirements are checked again
    if ok:
        used = _mission_skill_users(state, team, [printed] + [state["cards"][d]["on_requirement"] for d in extra]
                                    + RQ.added(state, m))
        for d in extra:
            overcome(state, d, m)
        points = ST.value(state, m, "points")
        if using and "points" in S.mechanics(state, using[0])[using[1]]:  # "… for 35 points using your [Bor] personnel"
            points += S.mechanics(state, using[0])[using[1]]["points"] - (S.card_def(state, m).get("points") or 0)
        s = state["seats"][seat]
        s["score"] += points
        state["cards"][m]["completed"] = True
        s["completed"].append(S.mission_type(state, m))
        S.log(state, "completed", seat=seat, mission=m, points=points, title=S.name(state, m))
        end_attempt(state)
        check_victory(state)
        fire(state, "mission_completed", seat=seat, mission=m, ship=a.get("ship"), team=list(team), used=used)
        fire(state, "opponent_mission_completed", seat=seat, mission=m, ship=a.get("ship"))
    else:
        from .effects.filters import has_keyword_ability
        from .glossary import stop
        for i in team:
            if not has_keyword_ability(state, i, "not_stopped_on_failure"):  # Five of Twelve
                stop(state, i)
        S.log(state, "failed", seat=seat, mission=m, title=S.name(state, m))
        end_attempt(state)
        fire(state, "mission_failed", seat=seat, mission=m)
        fire(state, "opponent_mission_failed", seat=seat, mission=m)  # "when an opponent's mission attempt fails"


def _answered_first(state: dict, event: str, **data) -> bool:
    """Fire ``event``; ``True`` when a text answers it (a trigger pushed, a response window
    opened): the step waits for them and is taken again, its flag in the attempt saying the
    event has been fired (as "about to complete" is)."""
    before = (len(state["windows"]), len(state["stack"]))
    fire(state, event, **data)
    return (len(state["windows"]), len(state["stack"])) != before


def _mission_skill_users(state: dict, team: list, reqs: list) -> dict:
    """``{personnel: [skills]}``: who used which skills to meet the mission's requirements
    (printed, and those added to it), read as a dilemma's (``stats.skill_users``) — the
    ``mission_completed`` event carries it ("for each Vorta that used any of his or her skills to
    complete that mission": Building a Bridge; "uses a skill to complete a mission": Kira Nerys)."""
    out: dict = {}
    for r in reqs:
        for iid, names in ST.skill_users(state, team, r, check="mission").items():
            out[iid] = sorted(set(out.get(iid, [])) | set(names))
    return {i: out[i] for i in team if i in out}


def end_attempt(state: dict) -> None:
    a = state["attempt"]
    _expire(state, "end_of_dilemma")
    _expire(state, "end_of_attempt")
    for d in list(state["cards"][a["mission"]]["on"]):  # "At the end of this mission attempt, this dilemma is
        if state["cards"][d].get("until_end_of_attempt"):  # overcome" (Harsh Conditions)
            overcome(state, d, a["mission"])
    state["attempt"] = None
    state["step"] = "orders"
    # "When your mission attempt ends" (Indomitable): data the mission and the attempting player's personnel
    # who became stopped during it (FILTER stopped_in_trigger_attempt), the failure's stops included
    fire(state, "attempt_ended", seat=a["seat"], mission=a["mission"], stopped=list(a.get("stopped_during") or ()))


def _expire(state: dict, until: str) -> None:
    state["mods"] = [x for x in state["mods"] if x["until"] != until]


def _regardless(state: dict, using: list) -> bool:
    """An ``attempt_with`` attempt ignores "You cannot complete this mission" texts only when its
    text says "regardless of effects preventing …" (For the Cause); a Call to Arms mission's
    "You may attempt and complete this mission using your [Dom] personnel" does not."""
    return bool(S.mechanics(state, using[0])[using[1]].get("regardless", True))
