"""Resolving an effect's TARGET to cards (EFFECTS.md §2): the card itself, remembered
cards, all that match, a random selection, or a choice made one card at a time.

Why apart from the interpreter: the verb modules resolve targets too, and they are a layer
below the interpreter (the package docstring lists the layers).
"""
from __future__ import annotations

from .. import state as S
from . import extra as X
from . import filters as F
from . import frames as FR
from . import selection as SEL
from . import useful as U


def targets(state: dict, frame: dict, t: dict, keep=None):
    """Resolve a TARGET to card ids; ``None`` while a chooser is deciding. ``keep(card)``
    narrows what a chooser is offered to the cards the verb would change (effects/useful.py:
    an option that does nothing is not offered)."""
    ctx, work = frame["ctx"], frame["work"]
    if "done_targets" in work:
        return work["done_targets"]
    if "count" not in work:  # an AMOUNT is read once ("an equal number": the cards discarded)
        work["count"] = len(state["cards"]) if t.get("count") == "any" else F.amount(state, t.get("count", 1), ctx)
    count = work["count"]
    if "self" in t:
        out = [ctx["source"]]
    elif "ref" in t:  # a name, or several: the union of those selections, in order
        names = t["ref"] if isinstance(t["ref"], list) else [t["ref"]]
        out = []
        for name in names:
            out += [i for i in ctx["refs"].get(name, []) if i not in out
                    and ("filter" not in t or F.matches(state, i, t["filter"], ctx))]
    elif "all" in t:
        out = F.candidates(state, t["all"], ctx)
    elif "trigger_card" in t:  # the card the triggering event is about ("that personnel")
        card = (ctx.get("event") or {}).get("card")
        out = [card] if card is not None and card in state["cards"] else []
    elif "trigger_mission" in t:  # the mission the triggering event names ("the mission … moves to")
        m = (ctx.get("event") or {}).get("mission")
        out = [m] if m is not None and m in state["cards"] else []
    elif "deck_bottom" in t:  # "the bottom card of your deck" (Sarina Douglas): unseen, never revealed
        deck = state["seats"][FR._seat(ctx, t["deck_bottom"])]["deck"]
        out = deck[-1:]
    elif "deck_top" in t:  # "remove the top card of his or her deck from the game" (Holographic Hoax)
        deck = state["seats"][FR._seat(ctx, t["deck_top"])]["deck"]
        out = deck[:1]
    elif "attempting_ship" in t:  # a dilemma's "this ship": the ship facing it
        ship = F.facing_ship(state)
        out = [ship] if ship else []
    elif "this_mission" in t:
        a = state.get("attempt")
        m = a["mission"] if a else S.mission_of(state, ctx["source"])
        out = [m] if m else []
    elif "random" in t:
        pool = [i for i in F.candidates(state, t["random"], ctx) if not X.random_excluded(state, i)]
        if "all_but" in t:  # "randomly select all but one of those personnel"
            count = max(0, len(pool) - t["all_but"])
        out = SEL.select(state, frame, pool, count)  # "select again" may answer first (selection.py)
        if out is None:
            return None
    else:  # choose: one single choice at a time
        chosen = work.setdefault("chosen", [])
        if "answer" in work:
            ans = work.pop("answer")
            if ans is None:
                work["stop_choosing"] = True
            else:
                chosen.append(ans)
        pool = [i for i in F.candidates(state, t["choose"], {**ctx, "chosen": chosen}) if i not in chosen
                and (keep is None or keep(i))]
        if len(chosen) < count and pool and not work.get("stop_choosing"):
            chooser = FR._seat(ctx, t.get("chooser", "you"))
            if {"highest", "lowest"} & set(t["choose"]):
                chooser = FR.tie_breaker(state, ctx)
            opts = [{"type": "choose", "card": i} for i in pool]
            if t.get("up_to") or t.get("count") == "any":  # the chooser may stop early
                opts.append({"type": "choose", "card": None})
            # a choice among cards the others cannot see (a hand, the dilemmas drawn): the pick names the card
            # to them only if their view identified it (protocol.redact_private_pick reads ``reveal``)
            # (only the chooser's own hidden cards: ``reveal`` shows them to him)
            cards = state["cards"]
            unseen = [i for i in pool if cards[i]["zone"] in ("hand", "deck", "dilemmas", "drawn", "stack")
                      or cards[i]["zone"] == "placed" and cards[i].get("face_down")]  # face down on an event
            mine = unseen and all((cards[i]["owner"] if cards[i]["zone"] == "placed" else cards[i]["in"]) == chooser
                                  for i in unseen)
            S.set_pending(state, chooser, "choose", f"Choose a card for {S.name(state, ctx['source'])}", opts,
                          **({"reveal": unseen} if mine else {}))
            return None
        out = chosen
    work["done_targets"] = out
    return out


def _target_verb(fn, verb: str | None = None):
    def handler(state, frame, eff, arg):
        cards = targets(state, frame, arg, keep=U.keeper(state, frame, verb) if verb else None)
        if cards is None:
            return False
        FR._remember(frame, eff, cards)
        for c in list(cards):
            _note_place(state, frame, c)
            fn(state, frame, c)
        return True
    return handler


def _note_place(state: dict, frame: dict, card: str) -> None:
    """Where a remembered card was before this verb may take it out of play (``ctx["left_from"]``):
    "return your Infiltrator to his owner's hand to randomly kill an opponent's personnel present
    with that Infiltrator" (Pseudopod, Assassination Plot) reads "present with" him where he was when
    the cost was paid (FILTER ``present_with`` of a ``ref``: ``extra.present_with``). Only a card some
    name of the text holds is noted, so texts that name nothing keep their frames as they were."""
    ctx = frame["ctx"]
    if not any(card in named for named in (ctx.get("refs") or {}).values()):
        return
    loc = S.location(state, card)
    if loc is not None:
        ctx.setdefault("left_from", {})[card] = loc
