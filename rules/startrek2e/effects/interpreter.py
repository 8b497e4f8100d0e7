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
from . import lifecycle as LC
from . import choice as CH
from . import placement as PL
from . import deck as DK
from . import selection as SEL
from . import requirements as RQ
from . import facing as FC
from . import ships as SH
from . import on_event as OE
from . import useful as U
from . import tallies as TL
from . import attempts as AT
from . import frames as FR
from . import targets as TG
from . import turn_scoped as TS
from .. import legality as LEG
# what other modules used to call here lives in frames / targets now; kept importable from
# here for callers that name it through the interpreter
from .frames import PUSHED, _child, _remember, _seat, paying, push, tie_breaker  # noqa: F401
from .targets import _target_verb, targets  # noqa: F401

SUPPORTED = {
    "stop", "kill", "destroy", "unstop", "join_attempt", "reveal", "place_in_brig", "return_to_hand", "place_on_deck_top", "place_in_discard",
    "place_on_stack",
    "place_on_deck_bottom", "remove_from_game", "place_as_damage", "remember", "return_to_pile",
    "place_on_ship", "overcome", "prevent_overcome", "may", "each_opponent", "choose_opponent", "restore_range", "forbid_engagements", "protect_from_dilemmas", "place_on_mission", "modify", "draw",
    "discard", "download", "take_from_discard", "shuffle_deck", "score", "lose_points",
    "begin_combat", "begin_engagement", "unless", "if", "take_command", "join_engagement",
    "prevent", "examine", "gain_skills", "choose_one", "put_into_play",
    "remove_damage", "shuffle_into_deck", "exchange_hands_with_deck_bottom", "reselect", "replace", "add_requirements", "face_dilemma_instead", "prevent_dilemma", "place_at", "discard_randomly", "as_player",
    "select_instead", "exclude_from_selection", "select_by_exclusion", "no_attempt_again", "mute_skills",
    "move_ship", "beam", "name_skill", "name_card_type", "name_title", "name_number", "lose_skills", "place_damage",
    "add_combat_strength", "extra_dilemmas", "redraw_dilemmas", "search_dilemmas", "return_unfaced", "subtract_requirement",
    "overcome_from_pile", "pile_copies_beneath", "meet_with", "at_end_of_turn", "for_rest_of_turn", "pass_right", "name_card", "add_counters",
    "repeat", "blank_skills", "exchange_with_pile_top", "place_on_pile_top", "repeat_while", "place_on_event", "add_to_drawn", "place_in_core",
}


def run(state: dict) -> None:
    """Run the top frame one effect further (or pop it when it is finished)."""
    frame = state["stack"][-1]
    if frame["i"] >= len(frame["effects"]):
        state["stack"].pop()
        after = frame.get("after")  # the event an "about to" window kept back (triggers.window_step)
        if after and state["cards"][after["card"]]["zone"] == after["zone"]:
            from ..triggers import fire
            fire(state, after["event"], card=after["card"], seat=after["seat"])
        return
    eff = frame["effects"][frame["i"]]
    verb = next(k for k in eff if k in SUPPORTED)
    result = HANDLERS[verb](state, frame, eff, eff[verb])
    if result is True:
        frame["i"] += 1
        frame["work"] = {}


def _return_to_hand(state, frame, c):
    if LEG.stays_in_play(state, c):  # "this event cannot leave play"
        return
    if S.in_play(state, c):
        G._scatter(state, c)
    S.move(state, c, "hand", state["cards"][c]["owner"])


def _place_on_stack(state, frame, c):
    """"Places it face down on top of his or her stack of chosen dilemmas" (Talosian Trial): a dilemma
    goes on top of its owner's stack (faced next), face down, no longer overcome."""
    if S.ctype(state, c) != "dilemma":
        return
    owner = state["cards"][c]["owner"]
    S.move(state, c, "stack", owner)
    stack = state["seats"][owner]["stack"]
    stack.remove(c)
    stack.insert(0, c)
    state["cards"][c]["face_up"] = False


def _unstop(state, frame, c):
    state["cards"][c]["stopped"] = False


def _join_attempt(state, frame, c):
    """"That personnel joins this mission attempt" (William T. Riker, B'Etor): an unstopped
    personnel of the attempting player at the attempt's mission (aboard its ship, for a ship's
    attempt) becomes one of the attempting personnel; anyone else is left where he is."""
    a = state.get("attempt")
    card = state["cards"][c]
    if not a or c in a["personnel"] or card["stopped"] or S.ctype(state, c) != "personnel":
        return
    if card["zone"] not in ("pile", "aboard") or S.mission_of(state, c) != a["mission"] or S.commander(state, c) != a["seat"]:
        return
    if a.get("ship") and (card["zone"] != "aboard" or card["in"] != a["ship"]):
        return
    a["personnel"].append(c)
    S.log(state, "joined_attempt", card=c, title=S.name(state, c))


def _reveal(state, frame, c):
    """"Reveal an event from hand" (Broca's cost): the card is shown to every player and stays
    where it is; ``as`` names it for the text."""
    S.log(state, "revealed_cards", seat=frame["ctx"]["you"], owner=state["cards"][c]["owner"], cards=[c],
          titles=[S.name(state, c)])


def _brig(state, frame, c):
    ctx = frame["ctx"]  # default captor: a dilemma's owner (the player who set it), else you
    eff = frame["effects"][frame["i"]]
    side = eff["place_in_brig"].get("brig", "opponent" if ctx.get("dilemma") else "you")
    G.place_in_brig(state, c, FR._seat(ctx, side))


def _take_command(state, frame, c):
    G.take_command(state, c, frame["ctx"]["you"])


def _to_discard(state, frame, c):
    """Placed in its owner's discard pile (not a kill: no "killed" responses)."""
    if LEG.stays_in_play(state, c):
        return
    if S.in_play(state, c):
        G._scatter(state, c)
    G.to_owner_pile(state, c)


def _as_damage(state, frame, ship):
    if S.ctype(state, ship) == "ship" and S.in_play(state, ship):
        G.place_damage(state, frame["ctx"]["source"], ship)


def _noop(state, frame, c):
    pass


def _name_card(state, frame, eff, arg):
    """``{"name_card": TARGET, "as": name}`` ("When you play this event, name a personnel": Under
    Scrutiny): the chosen cards are named for as long as this card stays in play — kept on the
    card, so each of its texts reads them as ``{"ref": name}`` (``filters.ctx_for``); named in
    the open (a log entry)."""
    cards = TG.targets(state, frame, arg)
    if cards is None:
        return False
    FR._remember(frame, eff, cards)
    src = frame["ctx"]["source"]
    state["cards"][src].setdefault("named", {})[eff.get("as", "named")] = list(cards)
    for c in cards:
        S.log(state, "named_card", seat=frame["ctx"]["you"], card=c, title=S.name(state, c), by=src)
    return True


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
    elif arg.get("stay"):  # stays until its own text moves it ("At the end of this turn, this dilemma returns …")
        pass
    elif arg.get("until") == "end_of_attempt":  # "At the end of this mission attempt, this dilemma is overcome"
        c["until_end_of_attempt"] = True  # (Harsh Conditions: dilemmas.end_attempt)
    else:
        c["until_end_of_turn"] = True
    S.log(state, "placed_on_mission", card=src, mission=m, title=S.name(state, src))
    return True


# -- control -------------------------------------------------------------------------
def _unless(state, frame, eff, arg):
    group = F.requirement_group(state, frame["ctx"])
    check = "dilemma" if frame["ctx"].get("dilemma") else None
    with ST.frozen(state):  # only read: the statics in play listed once, not once per number
        met = ST.meets(state, group, arg, check=check)
    if met:
        _skills_used(state, frame["ctx"], group, arg, check)
        return True
    return FR._child(state, frame, eff.get("then", []))


def _skills_used(state, ctx, group, req, check) -> None:
    """A dilemma's requirement was met: the personnel whose skills counted toward it used
    them (``stats.skill_users``; RULES.md "Using skills to meet requirements"). They are
    remembered as ``used_skills`` for the rest of the dilemma's text ("Each Honor or Treachery
    personnel that uses his or her skills while facing this dilemma": Forsaken), and
    ``skills_used`` fires for each, in the group's order (Locutus, Overwhelmed, Parting Shot)."""
    a = state.get("attempt")
    if not (ctx.get("dilemma") and a and a.get("current") == ctx["source"]):
        return
    users = ST.skill_users(state, group, req, check=check)
    ctx["refs"]["used_skills"] = list(users)
    if users:
        from ..triggers import fire
        for iid, names in users.items():
            fire(state, "skills_used", seat=ctx["you"], card=iid, skills=names, dilemma=ctx["source"],
                 mission=a["mission"])


def _repeat(state, frame, eff, arg):
    """``{"repeat": AMOUNT, "then": [effects]}``: "for each Vorta that used any of his or her skills
    …, each opponent discards a card from hand and you may draw a card" (Building a Bridge) — the
    AMOUNT is read once, now, and ``then`` runs that many times, one after the other."""
    n = max(0, F.amount(state, arg, frame["ctx"]))
    return FR._child(state, frame, list(eff.get("then", [])) * n)


def _if(state, frame, eff, arg):
    with ST.frozen(state):  # only read: the statics in play listed once, not once per number
        ok = F.condition(state, arg, frame["ctx"])
    return FR._child(state, frame, eff.get("then", []) if ok else eff.get("else", []))


REPEAT_LIMIT = 100  # a round whose effect was prevented could otherwise repeat for ever


def _repeat_while(state, frame, eff, arg):
    """``{"repeat_while": {"while": CONDITION}, "then": [effects]}`` — "randomly kill an opponent's personnel
    involved. If that personnel costs 1, randomly kill another … Repeat this until you kill a personnel
    who does not cost 1" (Battle Lust): ``then`` runs, then, while the condition holds (read after the
    round, with the names it made), it runs again. At most :data:`REPEAT_LIMIT` rounds."""
    rounds = frame["ctx"].get("repeat_rounds", 0) + 1
    frame["ctx"]["repeat_rounds"] = rounds
    again = [{"if": arg["while"], "then": [eff]}] if rounds < REPEAT_LIMIT else []
    return FR._child(state, frame, list(eff.get("then") or []) + again)


# -- numbers and cards ---------------------------------------------------------------
def _modify(state, frame, eff, arg):
    cards = TG.targets(state, frame, arg["target"])
    if cards is None:
        return False
    until = eff.get("until", "end_of_turn")
    amount = F.amount(state, arg["amount"], frame["ctx"])
    of = arg["amount"].get("of") if isinstance(arg["amount"], dict) else None
    if arg.get("set") and of and "ref" in of and not frame["ctx"]["refs"].get(of["ref"]):
        return True  # no card to take the value from: nothing is replaced
    for c in cards:
        change = amount - ST.value(state, c, arg["stat"]) if arg.get("set") else amount  # "replace his Integrity
        # with the Integrity of …" (Razka Karn): the change that makes it that value now
        state["mods"].append({"card": c, "stat": arg["stat"], "amount": change, "until": until,
                              **({"seat": frame["ctx"]["you"]} if until == "start_of_your_next_turn" else {})})
    return True


def _add_counters(state, frame, eff, arg):
    """"Lose 5 points to spend 7 additional counters this turn" (At What Cost?): counters of this
    turn's Play and Draw Cards segment, which the player may leave unspent (``extra``)."""
    seat = frame["ctx"]["you"]
    n = F.amount(state, arg["amount"], frame["ctx"])
    if state["turn"].get("player") == seat and n > 0:
        X.add_optional_counters(state, seat, n)
        S.log(state, "counters_added", seat=seat, amount=n)
    return True


def _draw(state, frame, eff, arg):
    """``who``: a SIDE, or ``"each"`` — every player draws, you first, then each player to your
    left ("have each player draw a card": Keevan)."""
    n = F.amount(state, arg.get("count", 1), frame["ctx"])
    if arg.get("up_to"):  # "you may draw up to seven cards" (Enabran Tain): the user says how many, 0 to n
        work = frame["work"]
        if "answer" not in work:
            S.set_pending(state, frame["ctx"]["you"], "choose", "How many cards do you draw?",
                          [{"type": "choose", "count": k} for k in range(n + 1)])
            return False
        n = work.pop("answer")
    for seat in _seats_for(state, frame["ctx"], arg.get("who", "you")):
        G.draw(state, seat, n)
    return True


def _seats_for(state, ctx, who: str) -> list:
    """The players a SIDE names: ``each`` = every player from you to your left, ``each_opponent``
    = every other player from your left ("each of your opponents": Dukat), else one seat."""
    if who not in ("each", "each_opponent"):
        return [FR._seat(ctx, who)]
    seats, seat = [], ctx["you"]
    for _ in range(len(state["seats"])):
        seats.append(seat)
        seat = S.left_of(state, seat)
    return seats if who == "each" else seats[1:]


def _discard_one(state, frame, seat, card) -> None:
    """Discarded face up, one at a time, for everyone to see; when an opponent's text
    discards a card from your hand or deck, your "when an opponent discards …" responses
    may answer."""
    G.to_discard_pile(state, card)
    S.log(state, "discarded", seat=seat, card=card, title=S.name(state, card))
    if seat != frame["ctx"]["you"]:
        from ..triggers import fire
        fire(state, "opponent_reveals_or_discards", seat=seat, card=card)


def _discard(state, frame, eff, arg, seat: int | None = None):
    """Discard ``count`` (an AMOUNT) cards: from the deck top, at random, or chosen one at a
    time from hand (only cards matching ``filter``: "discard a personnel from hand";
    ``up_to``: the player may stop early — "discard any number of cards"). ``as`` names the
    discarded cards ("the discarded personnel's skills", "an equal number")."""
    ctx = frame["ctx"]
    if seat is None and arg.get("who") == "each_opponent":  # "each of your opponents discards the top three
        # cards of his or her deck" (Dukat), "each opponent discards a card from hand" (Building a Bridge):
        # one opponent after the other, each with his own working space (a choice from hand waits)
        w = frame["work"]
        todo = w.setdefault("seats", _seats_for(state, ctx, "each_opponent"))
        while todo:
            sub = w.setdefault("sub", {})
            if "answer" in w:
                sub["answer"] = w.pop("answer")
            if not _discard(state, {**frame, "work": sub}, eff, arg, todo[0]):
                return False
            todo.pop(0)
            w.pop("sub")
        return True
    if seat is None:
        seat = FR._seat(ctx, arg.get("who", "you"))
    work = frame["work"]
    if "left" not in work:
        work["left"], work["done"] = F.amount(state, arg.get("count", 1), ctx), []
    left, done = work["left"], work["done"]

    def one(card):
        _discard_one(state, frame, seat, card)
        done.append(card)

    if arg.get("hand") == "all":  # "discard your hand" (The Dreamer and the Dream, On Foreign Ground): every
        # card of it at once, nobody choosing one at a time (nor "about to discard" one: the whole hand goes)
        for card in list(state["seats"][seat]["hand"]):
            one(card)
        FR._remember(frame, eff, done)
        return True
    if arg.get("from") == "deck_top":
        from ..triggers import fire
        for _ in range(left):
            if state["seats"][seat]["deck"]:
                top = state["seats"][seat]["deck"][0]
                one(top)  # the others' "when an opponent discards … from the top of his deck" (Kotra)
                fire(state, "opponent_discards_deck_top", seat=seat, card=top)
        FR._remember(frame, eff, done)
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
        FR._remember(frame, eff, done)
        return True
    if arg.get("random"):
        while left > 0 and hand:
            pick = R.choice(state["rng"], list(hand))
            one(pick)
            hand.remove(pick)
            left -= 1
        FR._remember(frame, eff, done)
        return True
    asked = work.pop("asked_random", False)
    if asked and state.pop("discard_random", False):  # "to randomly select that opponent's card" (B'Elanna)
        pick = R.choice(state["rng"], list(hand))
        one(pick)
        work["left"] = left - 1
        return _discard(state, frame, eff, arg, seat)
    state.pop("discard_random", None)
    if not asked and _about_to_discard(state, seat, left):  # "when an opponent is about to discard …"
        work["asked_random"] = True
        return False
    opts = [{"type": "choose", "card": i} for i in hand]
    if arg.get("up_to"):
        opts.append({"type": "choose", "card": None})
    S.set_pending(state, seat, "choose", "Discard a card from your hand", opts)
    return False


def _about_to_discard(state, seat: int, left: int) -> bool:
    """Fire ``opponent_about_to_discard`` (a player is about to choose a card of his hand to discard;
    data ``seat``, ``count``) when a card in play hears it; ``True`` when it opened a window or pushed
    a text (the discard then waits; a ``discard_randomly`` response makes the card a random one)."""
    if not any(S.in_play_having(state, ("on", "opponent_about_to_discard", optional)) for optional in (True, False)):
        return False
    from ..triggers import fire_urgent
    return fire_urgent(state, "opponent_about_to_discard", seat=seat, count=left)


def _discard_randomly(state, frame, eff, arg):
    """``discard_randomly`` ``{}`` (a response to ``opponent_about_to_discard``): "… to randomly select
    that opponent's card from all eligible cards" (B'Elanna Torres) — the card he was about to choose
    is drawn at random from the eligible cards of his hand instead."""
    state["discard_random"] = True
    S.log(state, "discard_made_random", seat=frame["ctx"]["you"])
    return True


def _restore_range(state, frame, c):
    """"restore all Range those ships have used this turn" (Cavalry Raid)."""
    if S.ctype(state, c) == "ship" and S.in_play(state, c):
        state["cards"][c]["range_used"] = 0
        S.log(state, "range_restored", card=c, title=S.name(state, c))


def _protect_from_dilemmas(state, frame, c):
    """"prevent one of your personnel present from being stopped by dilemmas until the end of this turn"
    (Tasha Yar): a dilemma's text cannot stop that card for the rest of the turn (``extra.cant_be_stopped``
    reads ``state["turn"]["used"]``, emptied as each turn begins)."""
    if S.ctype(state, c) == "personnel" and S.in_play(state, c):
        state["turn"]["used"].append(f"dilemma_proof:{c}")
        S.log(state, "protected_from_dilemmas", card=c, title=S.name(state, c))


def _forbid_engagements(state, frame, eff, arg):
    """"You cannot begin any other engagements this turn" (Cavalry Raid): ``begin_engagement``
    does nothing for you for the rest of the turn (``state["turn"]["used"]``)."""
    state["turn"]["used"].append(f"no_engagements:{frame['ctx']['you']}")
    return True


def _search(zone):
    """``take_from_discard``: "take a [Baj] personnel from your discard pile into hand" is a must
    when one is there (the player chooses which); "you may take …" is the text around it — an
    optional response, ``may`` — never a "none" answer here (RULES.md "Taking from the discard pile")."""
    def handler(state, frame, eff, arg):
        ctx, work = frame["ctx"], frame["work"]
        seat = ctx["you"]
        pile = state["seats"][seat][zone]
        if "answer" in work:
            pick = work.pop("answer")
            S.move(state, pick, "hand", seat)
            S.log(state, "took_from_discard", seat=seat, card=pick, title=S.name(state, pick))
            return True
        opts = F.pile_options(state, pile, arg, ctx)
        if not opts:
            return True
        S.set_pending(state, seat, "choose", "Choose the card to take", opts, reveal=[o["card"] for o in opts])
        return False
    return handler


def _shuffle(state, frame, eff, arg):
    G.shuffle_deck(state, FR._seat(frame["ctx"], arg.get("who", "you")))
    return True


def _score(sign):
    def handler(state, frame, eff, arg):
        seat = FR._seat(frame["ctx"], arg.get("who", "you"))
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


def _pass_right(state, frame, eff, arg):
    """"Give command of this event to the player on your right (move this event to his or her
    core)" (Temba, His Arms Wide): the card goes to the core of the player before you in turn
    order, who commands it from now on."""
    src, you = frame["ctx"]["source"], frame["ctx"]["you"]
    right = (you - 1) % len(state["seats"])
    if right != you and S.in_play(state, src):
        S.move(state, src, "core", right)
        state["cards"][src]["commander"] = right
        S.log(state, "took_command", seat=right, card=src, title=S.name(state, src))
    return True


def _add_strength(state, frame, eff, arg):
    from ..combat import add_combat_strength
    return add_combat_strength(state, frame, eff, arg)


def _join(state, frame, eff, arg):
    from ..combat import join_engagement
    if not arg:
        return join_engagement(state, frame)
    ships = TG.targets(state, frame, arg, keep=U.keeper(state, frame, "join_engagement"))  # "another one of your ships … joins" (item 44)
    if ships is None:
        return False
    for s in ships:
        join_engagement(state, {"ctx": dict(frame["ctx"], source=s), "work": {}})
    return True


HANDLERS = {
    "join_engagement": _join,
    "stop": P.preventable("stop", lambda s, f, c: G.stop(s, c, by_dilemma=bool(f["ctx"].get("dilemma")))),
    "kill": P.preventable("kill", lambda s, f, c: G.kill(s, c)),
    "destroy": P.preventable("destroy", lambda s, f, c: G.destroy(s, c)),
    "unstop": TG._target_verb(_unstop, "unstop"),
    "join_attempt": TG._target_verb(_join_attempt),
    "reveal": TG._target_verb(_reveal),
    "place_in_brig": P.preventable("place_in_brig", _brig),
    "prevent": P.prevent,
    "examine": EX.examine,
    "gain_skills": SK.gain_skills,
    "return_to_hand": TG._target_verb(_return_to_hand, "return_to_hand"),
    "place_on_stack": TG._target_verb(_place_on_stack, "place_on_stack"),
    "place_on_deck_top": DK.placing(True),
    "place_on_deck_bottom": DK.placing(False),
    "shuffle_into_deck": DK.shuffle_into_deck,
    "exchange_hands_with_deck_bottom": DK.exchange_hands_with_deck_bottom,
    "reselect": SEL.reselect,
    "discard_randomly": _discard_randomly,
    "select_instead": TG._target_verb(SEL.choose, "select_instead"),
    "exclude_from_selection": TG._target_verb(SEL.exclude, "exclude_from_selection"),
    "place_in_discard": TG._target_verb(_to_discard, "place_in_discard"),
    "place_on_event": OE.place_on_event,
    "add_to_drawn": OE.add_to_drawn,
    "place_in_core": OE.place_in_core,
    "take_command": TG._target_verb(_take_command, "take_command"),
    "remove_from_game": TG._target_verb(lambda s, f, c: G.remove_from_game(s, c), "remove_from_game"),
    "place_as_damage": TG._target_verb(_as_damage, "place_as_damage"),
    "remember": TG._target_verb(_noop, "remember"),
    "return_to_pile": LC.return_to_pile,
    "place_on_ship": _place_on_ship,
    "overcome": LC.overcome,
    "exchange_with_pile_top": LC.exchange_with_pile_top,
    "place_on_pile_top": LC.place_on_pile_top,
    "prevent_overcome": _return_to_pile,
    "may": CH.may,
    "as_player": CH.as_player,
    "restore_range": TG._target_verb(_restore_range, "restore_range"),
    "forbid_engagements": _forbid_engagements,
    "protect_from_dilemmas": TG._target_verb(_protect_from_dilemmas, "protect_from_dilemmas"),
    "each_opponent": CH.each_opponent,
    "choose_opponent": CH.choose_opponent,
    "choose_one": CH.choose_one,
    "put_into_play": PL.put_into_play,
    "place_damage": PL.place_damage,
    "add_combat_strength": _add_strength,
    "pass_right": _pass_right,
    "remove_damage": PL.remove_damage,
    "replace": PL.replace,
    "add_requirements": RQ.add_requirements,
    "face_dilemma_instead": FC.face_dilemma_instead,
    "prevent_dilemma": FC.prevent_dilemma,
    "place_at": SH.place_at,
    "move_ship": SH.move_ship,
    "beam": SH.beam,
    "name_skill": TL.name_skill,
    "name_card_type": TL.name_card_type,
    "name_number": TL.name_number,
    "name_title": TL.name_title,
    "lose_skills": SK.lose_skills,
    "extra_dilemmas": AT.extra_dilemmas,
    "redraw_dilemmas": AT.redraw_dilemmas,
    "return_unfaced": AT.return_unfaced,
    "subtract_requirement": AT.subtract_requirement,
    "select_by_exclusion": SEL.select_by_exclusion,
    "no_attempt_again": AT.no_attempt_again,
    "mute_skills": AT.mute_skills,
    "search_dilemmas": AT.search_dilemmas,
    "overcome_from_pile": AT.overcome_from_pile,
    "pile_copies_beneath": AT.pile_copies_beneath,
    "meet_with": AT.meet_with,
    "at_end_of_turn": TS.at_end_of_turn,
    "name_card": _name_card,
    "for_rest_of_turn": TS.for_rest_of_turn,
    "place_on_mission": _place_on_mission,
    "modify": _modify,
    "draw": _draw,
    "add_counters": _add_counters,
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
    "repeat": _repeat,
    "blank_skills": SK.blank_skills,
    "repeat_while": _repeat_while,
}
assert set(HANDLERS) == SUPPORTED
