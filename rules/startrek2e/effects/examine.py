"""``examine``: look at (or reveal) the top cards of a deck or dilemma pile, or a hand, and
decide where they go (MISSING.md item 15, EFFECTS.md §2).

Shape::

    {"examine": {"from": "deck"|"dilemmas"|"hand", "who"?: SIDE, "count"?: n|AMOUNT,
                 "reveal"?: bool, "discard"?: PICK, "take"?: PICK, "bottom"?: PICK,
                 "rest"?: "top"|"top_any_order"|"bottom"|"bottom_any_order"|"discard"|"hand"}, "as"?: name}

PICK = n or ``{"count": n | "all", "chooser"?: SIDE, "up_to"?: bool, "filter"?: FILTER}`` (``"all"``:
every matching examined card, no choice — "take each … revealed"; only matching
cards may be picked). The picks happen in the
order choose (the card stays where it is and is remembered under the PICK's ``as``: "your
opponent examines your hand and chooses a card" — Memory Invasion), discard (to the owner's
discard pile), take (into the owner's hand), bottom (of the pile they came from), one single
choice at a time among the cards still examined; a PICK's chooser defaults to the examiner,
``by`` (SIDE, default you: "Your opponent examines your hand");
``rest`` says where the others go (``top`` = they stay, in their order).

Why this shape: every Premiere "examine/reveal the top N" text is a sequence of those
picks ("an opponent chooses one to be discarded, then you take the other two"; "take one,
place the others on the bottom"; "place one on the bottom and the other on top").
"Any order" is not offered: the cards keep their order (RULES.md, "Examining cards").
Only the examining player sees examined cards (a private log entry and the choice's
``reveal``); ``reveal: true`` shows them to everyone. Examining an opponent's hand or deck
fires ``opponent_reveals_or_discards`` for him.
"""
from __future__ import annotations

from .. import glossary as G
from .. import state as S

PICKS = ("choose", "discard", "take", "bottom", "exchange", "under")
ZONES = {"deck": "deck", "dilemmas": "dilemmas", "hand": "hand"}


def _pick(spec) -> dict:
    return {"count": spec} if isinstance(spec, int) else dict(spec)


def examine(state: dict, frame: dict, eff: dict, arg: dict):
    from . import filters as F
    from .frames import _remember, _seat
    ctx, work = frame["ctx"], frame["work"]
    owner = _seat(ctx, arg.get("who", "you"))
    examiner = _seat(ctx, arg.get("by", "you"))  # "Your opponent examines your hand" (Memory Invasion)
    zone = state["seats"][owner][ZONES[arg.get("from", "deck")]]
    if "cards" not in work:
        if arg.get("from") == "hand" and arg.get("random"):  # "reveal a random card from … hand" (Shared Delicacy)
            from ... import rng as R
            pool = list(zone)
            n = min(len(pool), F.amount(state, arg.get("count", 1), ctx))
            cards = []
            for _ in range(n):
                pick = R.choice(state["rng"], pool)
                pool.remove(pick)
                cards.append(pick)
        elif arg.get("from") == "hand":
            cards = list(zone)
        else:
            n = F.amount(state, arg.get("count", 1), ctx)
            # "examine the bottom three cards of an opponent's dilemma pile" (Tampering With Time): ``end: bottom``
            cards = list(zone[:max(0, n)]) if arg.get("end", "top") == "top" else list(zone[len(zone) - min(len(zone), max(0, n)):])
        work["cards"], work["left"], work["step"] = cards, list(cards), 0
        work["examiner"] = examiner
        titles = [S.name(state, i) for i in cards]
        if arg.get("reveal"):
            S.log(state, "revealed_cards", seat=examiner, owner=owner, cards=cards, titles=titles)
        else:
            S.log(state, "examined", seat=examiner, owner=owner, cards=cards, titles=titles, private=examiner)
        _remember(frame, eff, cards)
    steps = [(k, _pick(arg[k])) for k in PICKS if k in arg]
    while work["step"] < len(steps):
        key, pick = steps[work["step"]]
        done = work.setdefault("done", 0)
        if "answer" in work:
            card = work.pop("answer")
            if card is None:
                work["step"], work["done"] = work["step"] + 1, 0
                continue
            if key == "choose":  # "… and chooses a card": it stays; named for the next effects
                ctx["refs"].setdefault(pick["as"], []).append(card)
                if owner != examiner:  # the card's owner learns which of his cards was chosen
                    S.log(state, "chose_examined", seat=examiner, owner=owner, card=card,
                          title=S.name(state, card), private=owner)
            else:
                _place(state, ctx, key, card, pick)
            work["left"].remove(card)
            work["done"] = done = done + 1
        eligible = [i for i in work["left"] if "filter" not in pick or F.matches(state, i, pick["filter"], ctx)]
        if pick.get("count") == "all" and key != "choose":
            # "Take each Treachery personnel revealed into your hand" (B'Etor, Lursa): every
            # matching card goes, no one chooses
            for card in eligible:
                _place(state, ctx, key, card)
                work["left"].remove(card)
            work["step"], work["done"] = work["step"] + 1, 0
            continue
        if (pick.get("count", 1) != "any" and done >= pick.get("count", 1)) or not eligible:  # "any": until none is left  # a PICK's ``filter``: "a personnel revealed" (Pardek)
            work["step"], work["done"] = work["step"] + 1, 0
            continue
        chooser = _seat(ctx, pick["chooser"]) if "chooser" in pick else examiner
        opts = [{"type": "choose", "card": i} for i in eligible]
        if pick.get("up_to"):
            opts.append({"type": "choose", "card": None})
        verb = {"choose": "choose", "discard": "discard", "take": "take into hand", "bottom": "place on the bottom",
                "under": "place face up beneath that mission",
                "exchange": "exchange with the top card of its owner's deck"}[key]
        S.set_pending(state, chooser, "choose", f"Choose an examined card to {verb}", opts, reveal=list(work["left"]))
        return False
    if "swap" in arg and not _swap(state, frame, eff, work, _pick(arg["swap"]), owner):
        return False
    rest = arg.get("rest", "top")
    if rest in ("top_any_order", "bottom_any_order") and not _reorder(state, work, owner, zone,
                                                                        bottom=rest == "bottom_any_order"):
        return False
    for card in list(work["left"]):
        if rest not in ("top", "top_any_order", "bottom_any_order"):
            _place(state, ctx, {"bottom": "bottom", "discard": "discard", "hand": "take"}[rest], card)
    if owner != examiner:
        from ..triggers import fire
        fire(state, "opponent_reveals_or_discards", seat=owner, card=None)
    return True


def _swap(state: dict, frame: dict, eff: dict, work: dict, pick: dict, owner: int) -> bool:
    """PICK ``swap`` (MISSING.md item 38): "You may replace either or both of them with a card
    from your discard pile". Two single choices per swap: the examined card to replace (or
    stop, with ``up_to``), then the card of the deck owner's discard pile that takes its place
    (among the examined cards, and in ``as``); the replaced card goes to that discard pile,
    face up. A card that came in is not replaced again, and the examined cards are not
    candidates from the pile (RULES.md "Replacing examined cards"). ``True`` when done."""
    from .frames import _seat
    ctx = frame["ctx"]
    sw = work.setdefault("swap", {"done": 0, "out": None, "in": []})
    zone = state["seats"][owner]["deck"]
    if "answer" in work:
        ans = work.pop("answer")
        if sw["out"] is None:
            if ans is None:
                sw["done"] = pick.get("count", 1)
            else:
                sw["out"] = ans
        else:
            out, new = sw["out"], ans
            idx = zone.index(out) if out in zone else 0  # the new card takes the replaced card's place
            G.to_discard_pile(state, out)
            S.log(state, "discarded", seat=owner, card=out, title=S.name(state, out))
            S.move(state, new, "deck", owner, top=True)
            zone.remove(new)
            zone.insert(idx, new)
            S.log(state, "placed_from_discard", seat=owner, card=new, title=S.name(state, new))
            work["left"][work["left"].index(out)] = new
            if "as" in eff:
                refs = ctx["refs"].setdefault(eff["as"], [])
                ctx["refs"][eff["as"]] = [new if c == out else c for c in refs]
            sw["in"].append(new)
            sw["done"] += 1
            sw["out"] = None
    outs = [c for c in work["left"] if c not in sw["in"]]
    pile = [c for c in state["seats"][owner]["discard"] if c not in work["cards"]]
    if sw["done"] >= pick.get("count", 1) or not outs or not pile:
        return True
    chooser = _seat(ctx, pick.get("chooser", "you"))
    if sw["out"] is None:
        opts = [{"type": "choose", "card": c} for c in outs]
        if pick.get("up_to"):
            opts.append({"type": "choose", "card": None})
        S.set_pending(state, chooser, "choose", "Choose an examined card to replace with a card from the discard pile",
                      opts, reveal=list(outs))
    else:
        S.set_pending(state, chooser, "choose", "Choose the card of the discard pile that takes its place",
                      [{"type": "choose", "card": c} for c in pile])
    return False


def _reorder(state: dict, work: dict, owner: int, zone: list, *, bottom: bool = False) -> bool:
    """"Replace those cards in any order" (MISSING.md item 38): the examining player names
    the new top card, then the next, one single choice at a time; with ``bottom`` ("place the
    others on the bottom of your deck in any order" — Process Identification) they go to the
    bottom, the first named highest (as ``deck._order`` places cards on the bottom). ``True``
    when done."""
    order = work.setdefault("order", [])
    if "answer" in work:
        order.append(work.pop("answer"))
    rest = [c for c in work["left"] if c not in order]
    if len(rest) > 1:
        where = "on the bottom (first = highest)" if bottom else "on top (first = top)"
        S.set_pending(state, work.get("examiner", owner), "choose", f"Choose the next card to place {where}",
                      [{"type": "choose", "card": i} for i in rest], reveal=list(rest))
        return False
    final = order + rest
    for c in (final if bottom else reversed(final)):
        if c in zone:
            S.move(state, c, state["cards"][c]["zone"], state["cards"][c]["in"], top=not bottom)
    return True


def _place(state: dict, ctx: dict, key: str, card: str, pick: dict | None = None) -> None:
    """Where a picked card goes: its owner's discard pile, your hand, or the bottom of the
    pile it came from; ``under``: face up beneath the remembered mission, overcome ("Place face up
    beneath that mission any dilemmas that could be faced there": Field Studies)."""
    c = state["cards"][card]
    if key == "under":
        there = [m for m in (ctx.get("refs") or {}).get((pick or {}).get("at"), []) if S.ctype(state, m) == "mission"]
        if not there:  # no mission named: the card stays examined with the rest
            return
        S.move(state, card, "under", there[0])
        c["face_up"] = True
        S.log(state, "overcome", card=card, mission=there[0], title=S.name(state, card))
        return
    if key == "discard":
        G.to_owner_pile(state, card)
    elif key == "take":
        S.move(state, card, "hand", c["owner"])
    elif key == "exchange":  # Khazara: the card goes on top of its owner's deck, the old top card to his hand
        deck = state["seats"][c["owner"]]["deck"]
        top = deck[0] if deck else None
        S.move(state, card, "deck", c["owner"], top=True)
        if top is not None:
            S.move(state, top, "hand", c["owner"])
        # the card and the one it came for stay hidden to the others: the owner knows both, the
        # examiner the one he chose (his own "examined" entry); the log names no card
        S.log(state, "exchanged_with_deck_top", seat=c["owner"], by=ctx["you"])
    else:
        S.move(state, card, c["zone"], c["in"])  # to the bottom of the same pile
