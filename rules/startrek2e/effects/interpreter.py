"""The interpreter of the effect language (EFFECTS.md §2).

Effects run from a stack of frames in ``state["stack"]`` (JSON, so a pending choice can
wait between events): ``{"effects", "i", "ctx", "work"}``. A verb handler returns
``True`` when done; when it needs a decision it sets ``state["pending"]`` and returns
``False``; the answer lands in ``frame["work"]["answer"]`` and the handler runs again.
Glossary "Effect": a verb that cannot be carried out fully does as much as it can.
"""
from __future__ import annotations

from ... import rng as R
from .. import glossary as G
from .. import state as S
from .. import stats as ST
from . import extra as X
from . import filters as F
from . import prevention as P
from . import examine as EX
from . import skills as SK
from . import choice as CH
from . import placement as PL
from . import deck as DK
from . import selection as SEL
from . import requirements as RQ
from . import facing as FC
from . import ships as SH
from . import useful as U
from . import tallies as TL

SUPPORTED = {
    "stop", "kill", "destroy", "unstop", "place_in_brig", "return_to_hand", "place_on_deck_top", "place_in_discard",
    "place_on_deck_bottom", "remove_from_game", "place_as_damage", "remember", "return_to_pile",
    "place_on_ship", "overcome", "prevent_overcome", "may", "place_on_mission", "modify", "draw",
    "discard", "download", "take_from_discard", "shuffle_deck", "score", "lose_points",
    "begin_combat", "begin_engagement", "unless", "if", "take_command", "join_engagement",
    "prevent", "examine", "gain_skills", "choose_one", "put_into_play",
    "remove_damage", "shuffle_into_deck", "reselect", "replace", "add_requirements", "face_dilemma_instead", "place_at",
    "move_ship", "beam", "name_skill", "lose_skills",
}
PUSHED = "pushed"


def push(state: dict, effects: list, ctx: dict, cost: list | None = None) -> None:
    """A new frame: the text's ``cost`` (paid first; ``costs`` = how many of the effects are
    its cost — RULES.md "Costs are paid, not prevented") then its ``effects``."""
    frame = {"effects": list(cost or []) + list(effects), "i": 0, "ctx": ctx, "work": {}}
    if cost:
        frame["costs"] = len(cost)
    state["stack"].append(frame)


def paying(frame: dict) -> bool:
    """The frame is paying its text's cost now (glossary "Cost": paid before the action
    happens, never answered by "about to be …" texts)."""
    return frame["i"] < frame.get("costs", 0)


def run(state: dict) -> None:
    """Run the top frame one effect further (or pop it when it is finished)."""
    frame = state["stack"][-1]
    if frame["i"] >= len(frame["effects"]):
        state["stack"].pop()
        return
    eff = frame["effects"][frame["i"]]
    verb = next(k for k in eff if k in SUPPORTED)
    result = HANDLERS[verb](state, frame, eff, eff[verb])
    if result is True:
        frame["i"] += 1
        frame["work"] = {}


def _child(state: dict, frame: dict, effects: list) -> str:
    frame["i"] += 1
    frame["work"] = {}
    if effects:
        state["stack"].append({"effects": list(effects), "i": 0, "ctx": frame["ctx"], "work": {}})
    return PUSHED


def _seat(ctx: dict, side: str) -> int:
    return ctx["you"] if side == "you" else ctx["opp"]


# -- targets -----------------------------------------------------------------------
def tie_breaker(state: dict, ctx: dict) -> int:
    """Who picks among the cards tied for "the personnel with the highest cost / the most
    Cunning …" — a selection no player makes: the player who commands the card specifying the
    selection, and for a dilemma its owner (RULES.md "Ties in selections": the official
    English glossary, and the Czech "owner of the cards" read as that card's owner)."""
    c = state["cards"][ctx["source"]]
    if ctx.get("dilemma") or c.get("commander") is None:
        return c["owner"]
    return c["commander"]


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
            chooser = _seat(ctx, t.get("chooser", "you"))
            if {"highest", "lowest"} & set(t["choose"]):
                chooser = tie_breaker(state, ctx)
            opts = [{"type": "choose", "card": i} for i in pool]
            if t.get("up_to") or t.get("count") == "any":  # the chooser may stop early
                opts.append({"type": "choose", "card": None})
            S.set_pending(state, chooser, "choose", f"Choose a card for {S.name(state, ctx['source'])}", opts)
            return None
        out = chosen
    work["done_targets"] = out
    return out


def _remember(frame: dict, eff: dict, cards: list) -> None:
    if "as" in eff:
        frame["ctx"]["refs"][eff["as"]] = list(cards)


def _target_verb(fn, verb: str | None = None):
    def handler(state, frame, eff, arg):
        cards = targets(state, frame, arg, keep=U.keeper(state, frame, verb) if verb else None)
        if cards is None:
            return False
        _remember(frame, eff, cards)
        for c in list(cards):
            fn(state, frame, c)
        return True
    return handler


def _return_to_hand(state, frame, c):
    if G.stays_in_play(state, c):  # "this event cannot leave play"
        return
    if S.in_play(state, c):
        G._scatter(state, c)
    S.move(state, c, "hand", state["cards"][c]["owner"])


def _deck(top):
    def fn(state, frame, c):
        if G.stays_in_play(state, c):
            return
        if S.in_play(state, c):
            G._scatter(state, c)
        S.move(state, c, "deck", state["cards"][c]["owner"], top=top)
    return fn


def _unstop(state, frame, c):
    state["cards"][c]["stopped"] = False


def _brig(state, frame, c):
    ctx = frame["ctx"]  # default captor: a dilemma's owner (the player who set it), else you
    eff = frame["effects"][frame["i"]]
    side = eff["place_in_brig"].get("brig", "opponent" if ctx.get("dilemma") else "you")
    G.place_in_brig(state, c, _seat(ctx, side))


def _take_command(state, frame, c):
    G.take_command(state, c, frame["ctx"]["you"])


def _to_discard(state, frame, c):
    """Placed in its owner's discard pile (not a kill: no "killed" responses)."""
    if G.stays_in_play(state, c):
        return
    if S.in_play(state, c):
        G._scatter(state, c)
    G.to_owner_pile(state, c)


def _as_damage(state, frame, ship):
    if S.ctype(state, ship) == "ship" and S.in_play(state, ship):
        G.place_damage(state, frame["ctx"]["source"], ship)


def _noop(state, frame, c):
    pass


# -- the dilemma's own placement ----------------------------------------------------
def _return_to_pile(state, frame, eff, arg):
    src = frame["ctx"]["source"]
    G.to_owner_pile(state, src)
    S.log(state, "returned_to_pile", card=src, title=S.name(state, src))
    return True


def _place_on_ship(state, frame, eff, arg):
    ship = F.facing_ship(state)
    if ship and S.in_play(state, ship):
        G.place_damage(state, frame["ctx"]["source"], ship)
    return True


def _overcome(state, frame, eff, arg):
    src = frame["ctx"]["source"]
    a = state.get("attempt")
    if a:
        from ..dilemmas import overcome
        overcome(state, src, a["mission"])
    return True


def _place_on_mission(state, frame, eff, arg):
    src = frame["ctx"]["source"]
    a = state.get("attempt")
    m = a["mission"] if a else None
    if m is None:
        return True
    S.move(state, src, "on", m)
    c = state["cards"][src]
    c["face_up"] = True
    if "requirement" in arg:
        c["on_requirement"] = arg["requirement"]
    elif arg.get("redraw"):  # stays; the owner may add it to the dilemmas drawn at a later attempt
        c["redraw"] = True
    else:
        c["until_end_of_turn"] = True
    S.log(state, "placed_on_mission", card=src, mission=m, title=S.name(state, src))
    return True


# -- control -------------------------------------------------------------------------
def _unless(state, frame, eff, arg):
    group = F.requirement_group(state, frame["ctx"])
    if ST.meets(state, group, arg, check="dilemma" if frame["ctx"].get("dilemma") else None):
        return True
    return _child(state, frame, eff.get("then", []))


def _if(state, frame, eff, arg):
    ok = F.condition(state, arg, frame["ctx"])
    return _child(state, frame, eff.get("then", []) if ok else eff.get("else", []))


# -- numbers and cards ---------------------------------------------------------------
def _modify(state, frame, eff, arg):
    cards = targets(state, frame, arg["target"])
    if cards is None:
        return False
    until = eff.get("until", "end_of_turn")
    amount = F.amount(state, arg["amount"], frame["ctx"])
    for c in cards:
        state["mods"].append({"card": c, "stat": arg["stat"], "amount": amount, "until": until,
                              **({"seat": frame["ctx"]["you"]} if until == "start_of_your_next_turn" else {})})
    return True


def _draw(state, frame, eff, arg):
    G.draw(state, _seat(frame["ctx"], arg.get("who", "you")), F.amount(state, arg.get("count", 1), frame["ctx"]))
    return True


def _discard_one(state, frame, seat, card) -> None:
    """Discarded face up, one at a time, for everyone to see; when an opponent's text
    discards a card from your hand or deck, your "when an opponent discards …" responses
    may answer."""
    S.move(state, card, "discard", seat)
    S.log(state, "discarded", seat=seat, card=card, title=S.name(state, card))
    if seat != frame["ctx"]["you"]:
        from ..triggers import fire
        fire(state, "opponent_reveals_or_discards", seat=seat, card=card)


def _discard(state, frame, eff, arg):
    """Discard ``count`` (an AMOUNT) cards: from the deck top, at random, or chosen one at a
    time from hand (only cards matching ``filter``: "discard a personnel from hand";
    ``up_to``: the player may stop early — "discard any number of cards"). ``as`` names the
    discarded cards ("the discarded personnel's skills", "an equal number")."""
    ctx = frame["ctx"]
    seat = _seat(ctx, arg.get("who", "you"))
    work = frame["work"]
    if "left" not in work:
        work["left"], work["done"] = F.amount(state, arg.get("count", 1), ctx), []
    left, done = work["left"], work["done"]

    def one(card):
        _discard_one(state, frame, seat, card)
        done.append(card)

    if arg.get("from") == "deck_top":
        for _ in range(left):
            if state["seats"][seat]["deck"]:
                one(state["seats"][seat]["deck"][0])
        _remember(frame, eff, done)
        return True
    hand = [i for i in state["seats"][seat]["hand"] if "filter" not in arg or F.matches(state, i, arg["filter"], ctx)]
    if "answer" in work:
        pick = work.pop("answer")
        if pick is None:  # "any number": the player stops here
            left = 0
        else:
            one(pick)
            hand.remove(pick)
            left -= 1
        work["left"] = left
    if left <= 0 or not hand:
        _remember(frame, eff, done)
        return True
    if arg.get("random"):
        while left > 0 and hand:
            pick = R.choice(state["rng"], list(hand))
            one(pick)
            hand.remove(pick)
            left -= 1
        _remember(frame, eff, done)
        return True
    opts = [{"type": "choose", "card": i} for i in hand]
    if arg.get("up_to"):
        opts.append({"type": "choose", "card": None})
    S.set_pending(state, seat, "choose", "Discard a card from your hand", opts)
    return False


def _search(zone):
    def handler(state, frame, eff, arg):
        ctx, work = frame["ctx"], frame["work"]
        seat = ctx["you"]
        pile = state["seats"][seat][zone]
        if "answer" in work:
            pick = work.pop("answer")
            if pick is not None:
                S.move(state, pick, "hand", seat)
                S.log(state, "took_from_discard", seat=seat, card=pick, title=S.name(state, pick))
            return True
        opts = F.pile_options(state, pile, arg, ctx)
        if not opts:
            return True
        S.set_pending(state, seat, "choose", "Choose the card to take (or none)", opts + [{"type": "choose", "card": None}],
                      reveal=[o["card"] for o in opts])
        return False
    return handler


def _shuffle(state, frame, eff, arg):
    G.shuffle_deck(state, _seat(frame["ctx"], arg.get("who", "you")))
    return True


def _score(sign):
    def handler(state, frame, eff, arg):
        seat = _seat(frame["ctx"], arg.get("who", "you"))
        s = state["seats"][seat]
        amount = F.amount(state, arg["amount"], frame["ctx"])  # "Score 5 points for each"
        s["score"] = max(0, s["score"] + sign * amount)
        S.log(state, "scored" if sign > 0 else "lost_points", seat=seat, amount=amount)
        from ..victory import check
        check(state)
        return True
    return handler


# -- combat and engagement ----------------------------------------------------------
def _combat(state, frame, eff, arg):
    from ..combat import begin_combat
    return begin_combat(state, frame, eff, arg)


def _engagement(state, frame, eff, arg):
    from ..combat import begin_engagement
    return begin_engagement(state, frame, eff, arg)


def _join(state, frame, eff, arg):
    from ..combat import join_engagement
    if not arg:
        return join_engagement(state, frame)
    ships = targets(state, frame, arg, keep=U.keeper(state, frame, "join_engagement"))  # "another one of your ships … joins" (item 44)
    if ships is None:
        return False
    for s in ships:
        join_engagement(state, {"ctx": dict(frame["ctx"], source=s), "work": {}})
    return True


HANDLERS = {
    "join_engagement": _join,
    "stop": P.preventable("stop", lambda s, f, c: G.stop(s, c)),
    "kill": P.preventable("kill", lambda s, f, c: G.kill(s, c)),
    "destroy": _target_verb(lambda s, f, c: G.destroy(s, c), "destroy"),
    "unstop": _target_verb(_unstop, "unstop"),
    "place_in_brig": P.preventable("place_in_brig", _brig),
    "prevent": P.prevent,
    "examine": EX.examine,
    "gain_skills": SK.gain_skills,
    "return_to_hand": _target_verb(_return_to_hand, "return_to_hand"),
    "place_on_deck_top": DK.placing(True),
    "place_on_deck_bottom": DK.placing(False),
    "shuffle_into_deck": DK.shuffle_into_deck,
    "reselect": SEL.reselect,
    "place_in_discard": _target_verb(_to_discard, "place_in_discard"),
    "take_command": _target_verb(_take_command, "take_command"),
    "remove_from_game": _target_verb(lambda s, f, c: G.remove_from_game(s, c), "remove_from_game"),
    "place_as_damage": _target_verb(_as_damage, "place_as_damage"),
    "remember": _target_verb(_noop, "remember"),
    "return_to_pile": _return_to_pile,
    "place_on_ship": _place_on_ship,
    "overcome": _overcome,
    "prevent_overcome": _return_to_pile,
    "may": CH.may,
    "choose_one": CH.choose_one,
    "put_into_play": PL.put_into_play,
    "remove_damage": PL.remove_damage,
    "replace": PL.replace,
    "add_requirements": RQ.add_requirements,
    "face_dilemma_instead": FC.face_dilemma_instead,
    "place_at": SH.place_at,
    "move_ship": SH.move_ship,
    "beam": SH.beam,
    "name_skill": TL.name_skill,
    "lose_skills": TL.lose_skills,
    "place_on_mission": _place_on_mission,
    "modify": _modify,
    "draw": _draw,
    "discard": _discard,
    "download": DK.download,
    "take_from_discard": _search("discard"),
    "shuffle_deck": _shuffle,
    "score": _score(1),
    "lose_points": _score(-1),
    "begin_combat": _combat,
    "begin_engagement": _engagement,
    "unless": _unless,
    "if": _if,
}
assert set(HANDLERS) == SUPPORTED
