"""Filter and condition keys the Energize dilemma and attempt texts added (issue 17; EFFECTS.md
§4 "Energize, dilemmas and attempts").

- FILTER ``together``: n — "your three [Maq] personnel present together" (Retaliation): the
  card is present with every card already chosen for the same TARGET, and at least n cards
  matching the rest of the filter are present there (so a choice never strands the chooser).
- FILTER ``requirements_met_by``: FILTER — a mission whose requirements the matching cards at
  it meet ("your personnel at that mission have its requirements": Smuggling Run).
- FILTER ``used_skills``: true — one of the personnel the triggering event says used skills to meet
  requirements (``mission_completed``'s ``used``, ``skills_used``'s card): "for each Vorta that used
  any of his or her skills to complete that mission" (Building a Bridge).
- FILTER ``in_trigger_team``: true — one of the personnel of the ``mission_completed`` event's team
  ("When you complete a mission involving this personnel": Solbor).
- FILTER ``in_attempt``: true — one of the personnel the attempt under way began with, still in
  play under its player's command, stopped or not: "an opponent's dilemma that your [Bor] personnel
  is facing" (Analyze), read after the dilemma's own text stopped them.
- FILTER ``under_mission``: FILTER — an overcome dilemma beneath a matching mission (with scope
  ``overcome``: "an overcome dilemma you own from an opponent's completed mission", The Manheim
  Effect); FILTER ``fits_dilemma``: ``{"ref": name}`` — a mission where the remembered dilemma could
  have been faced (its type: Lauren).
- CONDITION ``trigger_used_skill``: [skills] — the ``skills_used`` event's personnel used one of
  them ("if he uses his Diplomacy, Leadership, Officer, or Treachery to meet its requirements": Locutus).
- CONDITION ``drawing_dilemmas``: true — you draw the dilemmas of the attempt under way (you
  are on the attempting player's left: "when the player on your right begins a mission
  attempt", Complications).
- :func:`substitutes` — the ``meet_with`` verb's substitutions for the dilemma being faced
  (Team of Ambassadors), read by ``stats.substitutes``.
- :func:`alternative_attempts` / :func:`alternative_team` — ability kind ``attempt_with``
  (For the Cause): which missions may be attempted another way, and by whom (read by
  ``orders.attempt_options`` and ``dilemmas.attempt_mission``).

Why a module of its own: like ``extra`` and ``tallies``, these hook into ``filters.matches``
and ``filters.condition`` by key, in the layer where numbers and filters read each other.
"""
from __future__ import annotations

from .. import state as S
from . import extra as X

FILTER_KEYS = {"together", "requirements_met_by", "used_skills", "under_mission", "fits_dilemma", "in_attempt",
               "in_trigger_team", "stopped_in_trigger_attempt"}
CONDITION_KEYS = {"drawing_dilemmas", "trigger_used_skill"}


def match_key(state: dict, iid: str, k: str, v, ctx: dict, f: dict) -> bool:
    """One filter key of :data:`FILTER_KEYS` for card ``iid`` (``f``: the whole filter)."""
    from . import filters as F
    if k == "together":
        loc = S.location(state, iid)
        if not loc or any(S.location(state, c) != loc for c in ctx.get("chosen") or []):
            return False
        rest = {x: y for x, y in f.items() if x != "together"}
        return sum(1 for j in S.cards_at(state, loc) if F.matches(state, j, rest, ctx)) >= v
    if k == "requirements_met_by":
        from .. import stats as ST
        if S.ctype(state, iid) != "mission":
            return False
        group = [i for i in S.personnel_in_play(state) if S.mission_of(state, i) == iid
                 and F.matches(state, i, v, ctx)]
        return bool(group) and ST.meets(state, group, ST.mission_requirements(state, iid), check="mission")
    if k == "in_trigger_team":  # one of the personnel who completed the event's mission ("When you complete
        # a mission involving this personnel": Solbor)
        return (iid in ((ctx.get("event") or {}).get("team") or [])) == bool(v)
    if k == "stopped_in_trigger_attempt":  # "each of your personnel who became stopped during that mission
        # attempt" (Indomitable, an attempt_ended response): still stopped, still in play
        data = ctx.get("event") or {}
        return (iid in (data.get("stopped") or ()) and S.in_play(state, iid)
                and bool(state["cards"][iid].get("stopped"))) == bool(v)
    if k == "in_attempt":  # one of the personnel the attempt under way began with, still there, stopped
        a = state.get("attempt")  # or not — those who faced the dilemma its text stopped (Analyze)
        inside = bool(a and iid in a["personnel"] and S.in_play(state, iid) and S.commander(state, iid) == a["seat"])
        return inside == bool(v)
    if k == "under_mission":  # an overcome dilemma beneath a matching mission (The Manheim Effect)
        c = state["cards"][iid]
        return c["zone"] == "under" and F.matches(state, c["in"], v, ctx)
    if k == "fits_dilemma":  # a mission where the remembered dilemma could have been faced (Lauren)
        ds = (ctx.get("refs") or {}).get(v["ref"]) or []  # its type fits the mission's (dilemmas.fits)
        return S.ctype(state, iid) == "mission" and bool(ds) and all(
            S.ctype(state, d) == "dilemma" and (S.card_def(state, d).get("dilemma_type") or "dual") in ("dual", S.mission_type(state, iid))
            for d in ds)
    if k == "used_skills":  # one of the personnel the event says used skills to meet the requirements
        data = ctx.get("event") or {}
        users = data.get("used") or ({data.get("card"): data.get("skills")} if "skills" in data else {})
        return (iid in users) == bool(v)
    raise ValueError(f"unknown FILTER key {k!r}")


def condition_key(state: dict, k: str, v, ctx: dict) -> bool:
    if k == "drawing_dilemmas":
        a = state.get("attempt")
        return bool(a and a["dilemma_owner"] == ctx["you"]) == bool(v)
    if k == "trigger_used_skill":  # "if he uses his Diplomacy, Leadership, Officer, or Treachery" (Locutus)
        used = (ctx.get("event") or {}).get("skills") or []
        return any(n in used for n in v)
    raise ValueError(f"unknown CONDITION key {k!r}")


def substitutes(state: dict, seat: int) -> dict:
    """``{attribute: [attributes that may stand in]}`` given by the ``meet_with`` verb to
    ``seat``'s personnel for the dilemma being faced now."""
    a = state.get("attempt") or {}
    out: dict = {}
    for x in a.get("meet_with", []):
        if x["dilemma"] == a.get("current") and x["seat"] == seat:
            for attr in x["instead_of"]:
                out.setdefault(attr, []).append(x["use"])
    return out


# -- "You may attempt and complete … missions using your [Maq] personnel … with these requirements"
def alternative_attempts(state: dict, seat: int, m: str) -> list:
    """``[(card, k, ability)]``: the ``attempt_with`` texts of the cards ``seat`` commands that
    let him attempt mission ``m`` another way (For the Cause): its ``missions`` FILTER matches
    ``m``. Blanked cards give none."""
    from . import filters as F
    out = []
    blk = X.blankers(state)
    for iid in S.in_play_having(state, "attempt_with"):
        if S.commander(state, iid) != seat or state["cards"][iid].get("stopped"):
            continue
        if blk and X.blanked(state, iid, blk):
            continue
        ctx = F.ctx_for(state, iid, you=seat)
        for k, ab in S.numbered_abilities(state, iid, "attempt_with"):
            if F.matches(state, m, ab["missions"], ctx):
                out.append((iid, k, ab))
    return out


def alternative_team(state: dict, seat: int, m: str, ship, src: str, ab: dict) -> list:
    """The personnel such an attempt uses: the unstopped personnel ``seat`` commands on the
    planet (or aboard ``ship``) who match the text's ``personnel`` FILTER — "regardless of
    effects preventing [them] (or ships those personnel are aboard) from doing so": their
    "cannot attempt" keywords and the ship's damage do not keep them out. With ``regardless:
    false`` (a Call to Arms mission's "You may attempt and complete this mission using your [Dom]
    personnel with these requirements", which says nothing of such effects) they do."""
    from . import filters as F
    ctx = F.ctx_for(state, src, you=seat)
    bound = not ab.get("regardless", True)  # a Call to Arms mission's own text: the usual limits hold
    if bound and ship and X.damage_keywords(state, "cant_attempt", ship):
        return []
    cards = state["cards"][ship]["aboard"] if ship else state["cards"][m]["pile"]
    return [i for i in cards if S.ctype(state, i) == "personnel" and S.commander(state, i) == seat
            and not state["cards"][i]["stopped"] and F.matches(state, i, ab["personnel"], ctx)
            and not (bound and F.has_keyword_ability(state, i, "cant_attempt"))]
