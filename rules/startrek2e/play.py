"""Turn part 1, "Play and Draw Cards": seven counters, card costs, one counter a draw.

Rulebook: each turn you may spend up to seven counters; playing a card (except an
interrupt) costs its cost, drawing costs one; while your deck has cards you must spend all
seven. Uniqueness is checked at play. Where each card type goes: personnel and ships at a
headquarters whose text allows their affiliation, equipment at any headquarters, events to
the core or onto a card, interrupts (free) when their trigger allows.
"""
from __future__ import annotations

from rules.read_scope import listing_unread

from . import glossary as G
from . import state as S
from . import stats as ST
from .effects import costs as C
from .effects import filters as F
from .effects import extra as X
from .effects import tallies as TL
from .triggers import fire
from .effects import frames as FR
from . import legality as LEG


def own_headquarters(state: dict, seat: int) -> list:
    return [m for m in state["seats"][seat]["missions"] if S.mission_type(state, m) == "headquarters"]


def destinations(state: dict, seat: int, iid: str) -> list:
    """Where ``iid`` may be played (``None`` = the core, or no place for an interrupt)."""
    t = S.ctype(state, iid)
    if t in ("personnel", "ship", "equipment"):
        return [m for m in own_headquarters(state, seat) if ST.hq_allows(state, m, iid)] + aboard_destinations(state, seat, iid)
    if t == "event":
        ons = [ab["play_on"] for ab in S.abilities(state, iid, "event") if "play_on" in ab]
        if not ons:
            return [None]
        ctx = F.ctx_for(state, iid, you=seat)
        return [c for c in S.cards_in_play(state) if not S.on_event(state, c)  # nothing is played onto a cloaked ship
                and any(F.matches(state, c, f, ctx) for f in ons)]
    if t == "interrupt":
        return [None]
    return []


def aboard_destinations(state: dict, seat: int, iid: str) -> list:
    """"You may play this personnel aboard your [Rom] ship" (ability ``play_aboard``): the
    matching ships (at a mission) are places to play it, besides headquarters."""
    out = []
    ctx = F.ctx_for(state, iid, you=seat)
    for ab in S.abilities(state, iid, "play_aboard"):
        out += [s for s in F.candidates(state, {**ab["ship"], "type": "ship"}, ctx) if s not in out]
    # "You may play a Commander that corresponds with your ship aboard that ship" (Captain on the Bridge)
    out += [s for s in X.commander_ships(state, seat, iid) if s not in out]
    return out


def playable_interrupt(state: dict, seat: int, iid: str, orders: bool) -> bool:
    """An interrupt without a "when" trigger may be played in your own turn; an "Order"
    interrupt only while executing orders (and never during another order)."""
    abs_ = S.abilities(state, iid, "interrupt")
    if not abs_ or any(ab.get("when") for ab in abs_):
        return False
    if any(ab.get("order") for ab in abs_) and not orders:
        return False
    if not X.interrupt_allowed(state, iid):
        return False
    ctx = F.ctx_for(state, iid, you=seat)
    return all(("if" not in ab or F.condition(state, ab["if"], ctx))
               and C.payable(state, seat, iid, ab.get("cost") or []) for ab in abs_)


def legal(state: dict, seat: int, *, orders: bool = False) -> list[dict]:
    """The cards ``seat`` may play now. Only reads the state, so the statics in play are
    listed once for all of them (``stats.frozen``) instead of once per cost read."""
    with ST.frozen(state):
        return _legal(state, seat, orders)


def _legal(state: dict, seat: int, orders: bool) -> list[dict]:
    out = []
    counters = state["seats"][seat]["counters"]
    seen = set()
    for iid in state["seats"][seat]["hand"] + X.playable_from_events(state, seat):
        guid = state["cards"][iid]["guid"]
        if state["cards"][iid]["zone"] == "placed":  # a copy on an event is not one in hand (its host may score)
            guid = (guid, state["cards"][iid]["in"])
        if guid in seen:  # copies in hand are interchangeable: offer one (small lists)
            continue
        t = S.ctype(state, iid)
        if t == "interrupt":
            if playable_interrupt(state, seat, iid, orders) and LEG.requirements_met(state, seat, iid):
                seen.add(guid)
                out.append({"type": "play", "card": iid})
            continue
        if orders or not LEG.requirements_met(state, seat, iid):
            continue
        for at in destinations(state, seat, iid):
            base = {"type": "play", "card": iid, "at": at} if at else {"type": "play", "card": iid}
            if play_cost(state, seat, iid, at) <= counters:  # "this personnel's cost -1" where it is played
                seen.add(guid)
                out.append(base)
            for using in _optional_changes(state, seat, iid, at):  # "you may … to make that personnel cost -1"
                if play_cost(state, seat, iid, at, using) <= counters:
                    ships = _redirected(state, seat, using)
                    if ships is None:
                        seen.add(guid)
                        out.append({**base, "using": using})
                    for ship in ships or ():  # "… to play that personnel on your [Bor] ship instead"
                        seen.add(guid)
                        out.append({**base, "at": ship, "using": using})
    return out


def _redirected(state: dict, seat: int, using: list):
    """The ships a play using these optional changes goes aboard instead (``cost_change`` ``aboard``:
    Regeneration Alcoves' "When you are about to play a [Bor] personnel at your Unicomplex, you may
    discard the top card of your deck to play that personnel on your [Bor] ship instead"); ``None``
    when none of them redirects the play (an empty list: nowhere to go, so not offered)."""
    for src in using:
        for ab in S.abilities(state, src, "cost_change"):
            if "aboard" in ab:
                ctx = F.ctx_for(state, src, you=seat)
                return [s for s in F.candidates(state, {**ab["aboard"], "type": "ship"}, ctx)
                        if S.mission_of(state, s) is not None]
    return None


# -- "When you are about to play a personnel, … that personnel is cost +2 / you may … to make it cost -1"
def cost_changes(state: dict, seat: int, iid: str, at: str | None) -> list:
    """``(source, ability)`` for each ``cost_change`` text in play that applies as ``seat`` is about
    to play ``iid`` at ``at`` (Crowd Control, Shadow Operation, Keiko O'Brien, Temba): its ``who``
    matches the card (read for the text's commander: "you" = him) and its ``if`` holds, with the
    play as the triggering event (``trigger_card`` = the card, ``trigger_mission`` = where it is
    played, ``seat`` = the player playing it)."""
    out: list = []
    srcs = S.in_play_having(state, "cost_change")
    if not srcs:
        return out
    blk = X.blankers(state)
    event = {"card": iid, "seat": seat, "mission": S.mission_of(state, at) if at else None}
    for src in srcs:
        if state["cards"][src].get("stopped") or (blk and X.blanked(state, src, blk)):
            continue
        ctx = F.ctx_for(state, src, event=event)
        for ab in S.abilities(state, src, "cost_change"):
            if F.matches(state, iid, ab.get("who") or {}, ctx) and ("if" not in ab or F.condition(state, ab["if"], ctx)):
                out.append((src, ab))
    return out


def change_amount(state: dict, src: str, ab: dict, event: dict) -> int:
    """A ``cost_change``'s amount: a number, or an AMOUNT read for its card with the play as the
    triggering event ("For each headquarters mission that opponent commands, that event is cost
    -1": Party Atmosphere)."""
    amt = ab["amount"]
    return amt if isinstance(amt, int) else F.amount(state, amt, F.ctx_for(state, src, event=event))


def _optional_changes(state: dict, seat: int, iid: str, at: str | None) -> list[list[str]]:
    """The sets of optional cost changes ``seat`` may use for this play (each one's cost payable
    by him, a card from hand never being the card played): every non-empty combination, small
    lists (one card carries one such text)."""
    from itertools import combinations
    usable = []
    for src, ab in cost_changes(state, seat, iid, at):
        if not ab.get("optional") or S.commander(state, src) != seat or src in usable:
            continue
        cost = ab.get("cost") or []
        need = sum(F.amount(state, c["discard"].get("count", 1), F.ctx_for(state, src, you=seat))
                   for c in cost if "discard" in c and c["discard"].get("from", "hand") == "hand")
        if len([i for i in state["seats"][seat]["hand"] if i != iid]) >= need and C.payable(state, seat, src, cost):
            usable.append(src)
    return [sorted(c) for n in range(1, min(3, len(usable)) + 1) for c in combinations(usable, n)]


def begin_play(state: dict, seat: int, iid: str, at: str | None, using: list) -> None:
    """A play with optional cost changes (``using``: their cards): their costs are paid first
    (frames, with the play as their triggering event), then the play step finishes the play
    (``finish_play``) at the cost those changes give."""
    ctx_event = {"card": iid, "seat": seat, "mission": S.mission_of(state, at) if at else None}
    amount = 0
    for src in using:
        ab = next(iter(S.abilities(state, src, "cost_change")))
        amount += change_amount(state, src, ab, ctx_event)
    state["turn"]["pending_play"] = {"card": iid, "at": at, "seat": seat, "amount": amount}
    for src in reversed(using):  # the first named pays first (top of the stack)
        ab = next(iter(S.abilities(state, src, "cost_change")))
        S.log(state, "used_cost_change", seat=seat, card=src, title=S.name(state, src))
        FR.push(state, [], F.ctx_for(state, src, you=seat, event=ctx_event), cost=ab.get("cost"))


def finish_play(state: dict) -> bool:
    """The play ``begin_play`` started, once its cost changes are paid (``True`` if there was one)."""
    pp = state["turn"].pop("pending_play", None)
    if pp is None:
        return False
    if state["cards"][pp["card"]]["zone"] in ("hand", "placed"):  # "placed": as if from hand (Trial of Faith)
        play_card(state, pp["seat"], pp["card"], pp["at"], extra=pp["amount"])
    return True


def play_cost(state: dict, seat: int, iid: str, at: str | None, using: list | tuple = ()) -> int:
    """The counters ``iid`` costs played at ``at``: its cost, with its own ``play_cost``
    texts ("When you play this personnel, if you have a Gul or Legate at this mission, this
    personnel's cost -1") read as if it were already there (``at_mission`` in the context:
    "this mission" is where it is played). Never below zero."""
    cost = ST.value(state, iid, "cost")
    abs_ = S.abilities(state, iid, "play_cost")
    if abs_:
        ctx = F.ctx_for(state, iid, you=seat, at_mission=S.mission_of(state, at) if at else None)
        cost += sum(F.amount(state, ab["amount"], ctx)  # an AMOUNT: "for each Assault event you command" (CA)
                    for ab in abs_ if "if" not in ab or F.condition(state, ab["if"], ctx))
    cost += X.commander_aboard_change(state, seat, iid, at)  # "When you do, he or she is cost -1"
    if S.ctype(state, iid) != "interrupt":  # the others' "that personnel is cost +2" (Crowd Control)
        event = {"card": iid, "seat": seat, "mission": S.mission_of(state, at) if at else None}
        cost += sum(change_amount(state, src, ab, event) for src, ab in cost_changes(state, seat, iid, at)
                    if not ab.get("optional") or src in using)
    return max(0, cost)


def play_card(state: dict, seat: int, iid: str, at: str | None, *, extra: int = 0) -> None:
    t = S.ctype(state, iid)
    name = S.name(state, iid)
    if state["cards"][iid]["zone"] == "placed":  # from an opponent's event, as if from hand: "If he or she
        # does, score 5 points" (Trial of Faith) — its host's texts hear it first
        fire(state, "played_from_this_event", card=iid, seat=seat, host=state["cards"][iid]["in"])
    if t == "interrupt":
        G.played_to_discard(state, iid)
        S.log(state, "played_interrupt", seat=seat, card=iid, title=name)
        X.interrupt_used(state, iid)
        _new_play(state, iid)
        fire(state, "about_to_play", card=iid, seat=seat, verb="play")  # "prevent that interrupt" (item 37)
        fire(state, "card_played", card=iid, seat=seat)  # an interrupt is played too ("when you play an Infiltration card")
        for ab in S.abilities(state, iid, "interrupt"):  # a cost is paid even if the play is prevented
            FR.push(state, [_UNLESS_PREVENTED(ab["effects"])], F.ctx_for(state, iid, you=seat), cost=ab.get("cost"))
        return
    cost = max(0, play_cost(state, seat, iid, at) + extra)  # ``extra``: the optional changes paid for
    state["seats"][seat]["counters"] -= min(cost, state["seats"][seat]["counters"])
    if t in ("personnel", "equipment"):
        S.move(state, iid, "aboard" if S.ctype(state, at) == "ship" else "pile", at)
    elif t == "ship":
        S.move(state, iid, "ships", at)
        state["cards"][iid]["range_used"] = 0
    elif t == "event":
        if at is None:
            S.move(state, iid, "core", seat)
        else:
            S.move(state, iid, "attached", at)
    state["cards"][iid]["commander"] = seat
    state["cards"][iid]["stopped"] = False
    S.log(state, "played", seat=seat, card=iid, title=name, at=at, cost=cost)
    TL.note_played(state, seat, iid)  # "has played … this turn" (CONDITION this_turn)
    ctx = F.ctx_for(state, iid, you=seat)
    # "To play this event, discard a card" and an event's "X to Y": a cost, paid as the card
    # is played and kept paid if the event is prevented (RULES.md "Costs are paid, not prevented")
    cost, effects = [], []
    for ab in S.abilities(state, iid, "play_requirement"):
        cost += ab.get("cost") or []
    for ab in S.abilities(state, iid, "event"):
        cost += ab.get("cost") or []
        effects += ab.get("effects") or []
        if ab.get("destroy_after"):
            effects.append({"destroy": {"self": True}})
    if t == "event":  # "When an event is played, prevent that event" (item 37): answered first
        _new_play(state, iid)
        fire(state, "about_to_play", card=iid, seat=seat, verb="play")
        effects = [_UNLESS_PREVENTED(effects)] if effects else effects
    fire(state, "play_self", card=iid, seat=seat)
    fire(state, "card_played", card=iid, seat=seat)
    if effects or cost:
        FR.push(state, effects, ctx, cost=cost)


def _new_play(state: dict, iid: str) -> None:
    """A card played again starts unprevented (a prevented card may come back to hand)."""
    used = state["turn"]["used"]
    used[:] = [u for u in used if u != f"prevented:play:{iid}"]


def _UNLESS_PREVENTED(effects: list) -> dict:
    """A played event's or interrupt's effects, skipped when a response prevented it."""
    return {"if": {"prevented": True}, "then": [], "else": list(effects)}


def counter_actions(state: dict, seat: int) -> list[dict]:
    """Ability kind ``counter_action`` ("You may spend 1 counter to take a card on this event into your
    hand": You've Always Been My Favorite): in the play phase, besides playing and drawing, each text of
    a card ``seat`` commands whose counters he has and whose effects could change something, as
    ``{"type": "spend", "card", "ability"}``."""
    from .effects.useful import may_change
    out = []
    counters = state["seats"][seat]["counters"]
    blk = X.blankers(state)
    for iid in S.in_play_having(state, "counter_action"):
        if S.commander(state, iid) != seat or (blk and X.blanked(state, iid, blk)):
            continue
        for k, ab in S.numbered_abilities(state, iid, "counter_action"):
            if ab["counters"] <= counters and may_change(state, ab["effects"], F.ctx_for(state, iid, you=seat)):
                out.append({"type": "spend", "card": iid, "ability": k})
    return out


def spend_counters(state: dict, seat: int, iid: str, k: int) -> None:
    """The ``spend`` answer: its counters are spent, then its effects run as ``seat``."""
    ab = S.mechanics(state, iid)[k]
    state["seats"][seat]["counters"] -= ab["counters"]
    S.log(state, "spent_counters", seat=seat, card=iid, title=S.name(state, iid), counters=ab["counters"])
    FR.push(state, ab["effects"], F.ctx_for(state, iid, you=seat))


def draw_for_counter(state: dict, seat: int) -> None:
    state["seats"][seat]["counters"] -= 1
    G.draw(state, seat, 1)


def play_and_draw_cards(state: dict) -> None:
    if finish_play(state):  # a play whose optional cost changes were just paid
        return
    seat = state["turn"]["player"]
    s = state["seats"][seat]
    prompt = f"Play and draw cards ({s['counters']} counters left)"
    if listing_unread():  # a batch fold: the next event answers this without reading the options
        S.set_pending(state, seat, "play", prompt, None)
        return
    opts = legal(state, seat)
    no_draws = X.draws_forbidden(state)  # At an Impasse: no draws, and counters may stay unspent
    if s["counters"] > 0 and s["deck"] and not no_draws:
        opts.append({"type": "draw"})
    opts += counter_actions(state, seat)
    # Gap 15: an empty deck lets you keep counters; so may the additional counters "you may spend"
    if s["counters"] <= X.optional_counters(state, seat) or not s["deck"] or no_draws:
        opts.append({"type": "end_play"})
    if not opts:
        opts = [{"type": "end_play"}]
    S.set_pending(state, seat, "play", prompt, opts)
