"""Whether an effect would change anything — so that an option doing nothing is not offered
(RULES.md "Options that do nothing are not offered").

Why: a legal action must be exactly a legal one, and an option whose resolution changes
nothing is noise at best (Blind Spot's "may follow" when the ship cannot pay the move, a
stopped personnel Robin Lefler could not beam anywhere, a ship Dimensional Shifting could
place nobody aboard). Two uses:

- :func:`keeper`: the cards a *chosen* TARGET of a verb may be — only cards the verb would
  change (a stop only of an unstopped card, a beam only of a card with a place to go, a
  placing only of a card that can go there). ``remember`` looks ahead: a card is worth
  remembering when the effects after it, using that name, could change something.
- :func:`may_change`: an optional text without a cost (a "you may" response, an order, a
  ``may`` question) is offered only when one of its effects could change something.
  Unknowable parts (a name not remembered yet, an effect this module does not model, cards
  in a hand or a deck — whether a question is asked is public, so it must not depend on
  hidden cards) count as "could": only a provable no-op is dropped.
"""
from __future__ import annotations

from .. import state as S
from .. import legality as LEG

STAYING = ("return_to_hand", "place_on_deck_top", "place_on_deck_bottom", "place_in_discard",
           "remove_from_game", "shuffle_into_deck", "place_on_event")


def affects(state: dict, verb: str, card: str, ctx: dict) -> bool:
    """Whether target verb ``verb`` used by ``ctx`` would change ``card``."""
    c = state["cards"][card]
    if verb == "stop":
        from .costs import _stoppable
        return S.in_play(state, card) and S.ctype(state, card) != "equipment" and \
            _stoppable(state, card, by_dilemma=bool(ctx.get("dilemma")))
    if verb == "unstop":
        return S.in_play(state, card) and bool(c.get("stopped"))
    if verb == "kill":
        return S.ctype(state, card) == "personnel" and (S.in_play(state, card) or c["zone"] == "brig")
    if verb == "place_in_brig":
        return S.ctype(state, card) == "personnel" and S.in_play(state, card)
    if verb == "destroy":
        from .extra import destroy_forbidden
        return (S.in_play(state, card) or c["zone"] in ("damage", "brig")) and not LEG.stays_in_play(state, card) \
            and not destroy_forbidden(state, card, ctx.get("you"))  # "your opponent cannot destroy that event" (Talnot)
    if verb in STAYING:
        return not LEG.stays_in_play(state, card)
    if verb == "take_command":
        d = S.card_def(state, card)
        you = ctx["you"]
        return S.commander(state, card) not in (None, you) and not (
            d.get("unique") and LEG.commands_copy(state, you, d["title"]))
    if verb == "remove_damage":
        return S.ctype(state, card) == "ship" and bool(c.get("damage"))
    if verb == "place_as_damage":
        return S.ctype(state, card) == "ship" and S.in_play(state, card)
    if verb == "beam":
        from ..legality import beam_destinations
        return S.in_play(state, card) and bool(beam_destinations(state, ctx["you"], card, stopped_ok=True))
    if verb == "join_engagement":
        from ..legality import can_join
        return can_join(state, card, ctx["you"])
    return True


def placeable(state: dict, verb: str, card: str, dest: str, ctx: dict) -> bool:
    """Whether ``place_at`` / ``put_into_play`` / ``move_ship`` would take ``card`` to ``dest``."""
    if verb == "place_at":
        from ..legality import can_place
        return can_place(state, card, dest)
    if verb == "put_into_play":
        from ..legality import can_put
        return can_put(state, ctx["you"], card, dest)
    if verb == "move_ship":
        from ..legality import can_follow
        return S.ctype(state, card) == "ship" and S.in_play(state, card) and S.ctype(state, dest) == "mission" \
            and can_follow(state, card, dest)
    return True


def keeper(state: dict, frame: dict, verb: str, *, dest: str | None = None):
    """A ``keep(card)`` for the chosen cards of ``verb`` in ``frame`` (``None``: any)."""
    ctx = frame["ctx"]
    if dest is not None:
        return lambda card: placeable(state, verb, card, dest, ctx)
    if verb == "remember":
        eff = frame["effects"][frame["i"]] if "effects" in frame else {}
        name, rest = eff.get("as"), frame.get("effects", [])[frame.get("i", 0) + 1:]
        if not name or not rest:
            return None
        return lambda card: may_change(state, rest, {**ctx, "refs": {**ctx["refs"], name: [card]}})
    return lambda card: affects(state, verb, card, ctx)


# -- whole texts ------------------------------------------------------------------------------
def pool(state: dict, t, ctx: dict):
    """The cards a TARGET may name now, without asking anyone (``None``: not known yet)."""
    from . import filters as F
    if not isinstance(t, dict):
        return None
    if "self" in t:
        return [ctx["source"]]
    if "ref" in t:
        names = t["ref"] if isinstance(t["ref"], list) else [t["ref"]]
        if any(n not in ctx["refs"] for n in names):
            return None
        return [i for n in names for i in ctx["refs"][n]
                if "filter" not in t or F.matches(state, i, t["filter"], ctx)]
    for form in ("all", "choose", "random"):
        if form in t:
            if isinstance(t[form], dict) and t[form].get("scope") in ("hand", "deck", "drawn"):
                return None  # hidden cards: what the text could do there must not show (not known)
            return F.candidates(state, t[form], ctx)
    data = ctx.get("event") or {}
    if "trigger_card" in t:
        return [data["card"]] if data.get("card") in state["cards"] else []
    if "trigger_mission" in t:
        return [data["mission"]] if data.get("mission") in state["cards"] else []
    return None


def _could(state: dict, eff: dict, ctx: dict) -> bool:
    from .schema import EFFECT_VERBS, TARGET_VERBS
    verb = next((k for k in eff if k in EFFECT_VERBS), None)
    arg = eff.get(verb)
    if verb == "remember":
        return False  # it changes nothing itself; what uses the name is judged on its own
    if verb in ("may", "as_player"):
        return True if verb == "as_player" else may_change(state, eff.get("then") or [], ctx)
    if verb in ("each_opponent", "choose_opponent"):
        return True
    if verb == "begin_engagement" and f"no_engagements:{ctx['you']}" in state["turn"]["used"]:
        return False  # "You cannot begin any other engagements this turn" (Cavalry Raid)
    if verb in ("place_at", "put_into_play", "move_ship"):
        dests = pool(state, arg.get("at", arg.get("to")), ctx)
        cards = pool(state, arg["target"], ctx)
        if dests is None or cards is None:
            return True
        return any(placeable(state, verb, c, d, ctx) for d in dests[:1] for c in cards)
    if verb == "join_engagement" and not arg:  # "this ship may join": this ship, or the one he is aboard
        from ..legality import can_join, joining_ship
        ship = joining_ship(state, ctx["source"])
        return ship is not None and can_join(state, ship, ctx["you"])
    if verb in TARGET_VERBS or (verb == "join_engagement" and arg):
        cards = pool(state, arg, ctx)
        return cards is None or any(affects(state, verb, c, ctx) for c in cards)
    return True


def may_change(state: dict, effects: list, ctx: dict) -> bool:
    """Whether any of ``effects`` could change something now (see the module doc)."""
    return any(_could(state, eff, ctx) for eff in effects)
