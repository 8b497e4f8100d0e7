"""Why an action is illegal, naming the rule and the cards (``IllegalAction`` messages)."""
from __future__ import annotations

from . import actions
from . import state as S
from . import values as V


def describe_illegal(state: dict, seat: int, action: dict) -> str:
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        return "an action is an object with a 'type'; legal actions lists the ones you may post now"
    p = state.get("pending") or {}
    kind = action.get("type") if isinstance(action, dict) else None
    posted = action.get("card") if isinstance(action, dict) else None
    card = posted if isinstance(posted, str) else ""
    known = isinstance(posted, str) and posted in state["cards"]
    name = S.label(state, card) if known else repr(posted)
    if p.get("kind") == "declare" and kind == "declare_conflict":
        if not known or card not in state["seats"][seat]["hand"] or S.ctype(state, card) != "conflict":
            return f"Declare Conflicts: {name} must be a conflict card in your hand"
        return (f"Declare Conflicts: {name} can't be declared — a race-typed conflict only by its race, its cost "
                "must be affordable, and it needs a valid target (a war conflict only against a race at war, "
                "tension 5)")
    if p.get("kind") == "declare" and kind == "agenda_conflict":
        return ("Agenda Cards: only a face-up agenda that lets you initiate a conflict, once per turn, with its "
                "influence available")
    if p.get("kind") == "aftermath" and kind == "play_aftermath":
        return (f"Aftermath Cards: {name} needs its Play Conditions met (Won/Lost, conflict type) and a valid "
                "target — the initiator's cards, or with Participant any participating faction's; one copy per "
                "target")
    if p.get("kind") == "name_target":
        return "Reveal and Initiate Conflicts: name one of the listed targets (other factions' cards or players)"
    if p.get("kind") != "act":
        return (f"a decision is pending ({p.get('kind')}: {p.get('prompt')}); "
                "answer it with one of the legal actions")
    sd = state["seats"][seat]
    by = action.get("by")
    if by is not None and (not isinstance(by, str) or by not in state["cards"] or by not in S.inner_circle(state, seat)
                           or not S.can_act(state, by)):
        return (f"Bringing cards into play: {by!r} must be a ready, not neutralized member of your Inner Circle "
                "who rotates to sponsor")
    if kind == "sponsor" and known:
        dd = S.d(state, card)
        if card not in sd["hand"]:
            return f"Sponsor: {name} is not in your hand"
        if dd.get("starting_ambassador"):
            return f"Your Starting Ambassador: no player may sponsor a starting ambassador ({name})"
        if not S.restricted_ok(state, seat, card):
            return f"Race restriction: {name} is a {S.card_race(state, card)} card; only that race's player may play it"
        if not actions.limited_ok(state, card):
            return f"Limited: a copy of {name} is already in play"
        cost = actions.sponsor_cost(state, seat, card)
        if cost > V.available(state, seat):
            return f"Sponsor: {name} costs {cost} influence and you have {V.available(state, seat)}"
        if dd["type"] == "enhancement":
            return f"Enhancement Cards: {name} has no valid target (type and race; one copy per target; one global)"
        if dd["type"] == "agenda":
            return "Agenda Cards: a Major Agenda can only be replaced by another Major Agenda"
    if kind == "promote" and known:
        cost = actions.promote_cost(state, seat, card)
        return (f"Promote: {name} must be your supporting character and costs {cost} influence "
                f"(sponsor cost + one per Inner Circle member); you have {V.available(state, seat)}")
    if kind == "build_influence":
        return (f"Build influence: only at an influence rating of {S.BUILD_LIMIT} or less, with 3 influence "
                f"to apply (rating {V.rating(state, seat)}, available {V.available(state, seat)})")
    if kind in ("support", "oppose"):
        return (f"Supporting or opposing a conflict: {name} must be ready, not neutralized, with the conflict's "
                "ability (military: fleets, and a location only against a conflict targeting it); "
                "no opposition in 'any player may be supported' conflicts")
    if kind == "attack":
        return f"Attack: {name} must be ready, not neutralized, with the ability an opposing participant used"
    if kind == "lead_fleet":
        return "Lead fleet: one ready character with Leadership per fleet of its faction"
    if kind == "aide":
        return "Your Ambassador's Aide: only the aide of your own ambassador, ready and not neutralized"
    if kind == "heal":
        return f"Heal: {name} must be your ready, damaged character"
    if kind == "repair":
        return f"Repair: {name} must be your damaged fleet or location, 1 influence per point"
    if kind in ("play_event", "play_contingency"):
        return f"Playing an {kind[5:]}: {name} must be in your hand, affordable, with a valid target"
    return f"'{kind}' is not a legal action now; legal actions lists what is"
