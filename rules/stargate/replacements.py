"""Replacement effects: "each time … would be destroyed / incapacitated / stopped, (you may
…) instead", "each time you would take a card from the top of your deck to revive …, you
may … instead".

Why a module: an optional or paid replacement needs its controller's decision in the middle
of an event that rules steps (stop everything assigned, ship battle, destroy the obstacles)
and effects otherwise perform at once. :func:`happen` is the one door for the replaceable
events: when no card needs to be asked it performs them at once, exactly as before
(mandatory replacements without a choice apply on the spot); otherwise it pushes a frame on
the effect stack (``{"_replace": …}``) that asks, card by card, and then performs the event
on the cards nothing replaced. The stack runs before the next rules step, so every caller
sees the event finished before it goes on. RULES.md "Replacement effects" records the
readings: who chooses, one replacement per event, simultaneous events, costs.
"""
from __future__ import annotations

from . import glossary
from . import state as S
from . import stats
from .effects import filters as F
from .effects.choices import can_pay
from .effects.frames import push, set_pending
from .effects.render import render

# the target verbs whose event a replacement can change, and the event's name in ``replace``
VERBS = {"stop": "stopped", "incapacitate": "incapacitated", "destroy": "destroyed"}
WORDS = {"stopped": "stopped", "incapacitated": "incapacitated", "destroyed": "destroyed"}


# ------------------------------------------------------------------ which replacements
def _hits(state: dict, iid: str, who, ctx: dict) -> bool:
    if not isinstance(who, dict):
        return False
    fixed = F.resolve_target(state, who, ctx) if set(who) & {"self", "all", "ref", "current_mission"} else None
    return iid in fixed if fixed is not None else F.matches(state, iid, who, ctx)


def candidates(state: dict, event: str, iid: str, by: int | None = None) -> list[dict]:
    """The replacement effects that could apply now to ``event`` happening to ``iid``: active
    ``replace`` abilities whose ``who`` names the card and whose cost can be paid (an
    optional replacement is offered only when its cost can be paid; a mandatory one with a
    cost applies only then). ``destroyed_by_opponent``: destroyed by an effect controlled
    by the other player (``by``)."""
    owner = S.controller(state, iid)
    out = []
    for src, ab in stats.active_abilities(state, "replace"):
        ev = ab.get("event")
        if ev == "destroyed_by_opponent":
            if event != "destroyed" or by is None or by == owner:
                continue
        elif ev != event:
            continue
        base = stats.ctx_for(state, src)
        ctx = {**base, "refs": {**base["refs"], "affected": [iid]}}
        if not _hits(state, iid, ab.get("who", {"self": True}), ctx):
            continue
        if ab.get("cost") and not can_pay(state, ctx, ab["cost"]):
            continue
        idx = (S.card_def(state, src).get("mechanics") or []).index(ab)
        out.append({"source": src, "ability": idx, "controller": ctx["controller"],
                    "optional": bool(ab.get("optional"))})
    return out


def _decide(state: dict, cands: list[dict], owner: int, declined: list[int]):
    """Who decides, among which replacements: ``(seat, offered, may_decline)`` or ``None``.

    RULES.md: one replacement per event, chosen by the affected card's controller. With a
    mandatory one he must apply one (a mandatory one, or an optional one of his own); with
    only optional ones he picks one of his own or declines, then each other player in turn
    may apply one of his."""
    mandatory = [c for c in cands if not c["optional"]]
    if mandatory:
        return owner, mandatory + [c for c in cands if c["optional"] and c["controller"] == owner], False
    for seat in [owner] + [s for s in range(len(state["seats"])) if s != owner]:
        mine = [c for c in cands if c["controller"] == seat]
        if mine and seat not in declined:
            return seat, mine, True
    return None


def _asks(decision) -> bool:
    return decision is not None and (decision[2] or len(decision[1]) > 1)


def _ability(state: dict, cand: dict) -> dict:
    return (S.card_def(state, cand["source"]).get("mechanics") or [])[cand["ability"]]


def _apply(state: dict, cand: dict, iid: str) -> None:
    """The replacement happens instead: its cost, then its ``instead`` effects, with the card
    the event would have hit as ``{"ref": "affected"}`` (on the stack, before anything else)."""
    ab = _ability(state, cand)
    push(state, list(ab.get("cost", [])) + list(ab.get("instead", [])), cand["source"], cand["controller"],
           builtin={"affected": [iid]}, label="replace")
    S.log(state, "replaced", card=iid, by_card=cand["source"])


# ------------------------------------------------ the doors of the replaceable events
def stop(state: dict, iid: str, *, even_incapacitated: bool = False) -> bool:
    """Stop a card (glossary "stopped": a stopped card can't be stopped again). An
    incapacitated card is stopped only by text that names incapacitated cards ("stop an
    incapacitated character (they are no longer incapacitated)": Recuperate, Kelmaa).
    A replacement effect may apply instead (:func:`happen`). ``True`` when the
    card became stopped now."""
    return iid in happen(state, "stop", [iid], even_incapacitated=even_incapacitated)


def incapacitate(state: dict, iid: str) -> bool:
    """Incapacitate a character or ship (glossary: not one already incapacitated; only
    characters and ships: RULES.md). A replacement effect may apply instead. ``True`` when
    the card became incapacitated now."""
    return iid in happen(state, "incapacitate", [iid])


def destroy(state: dict, iid: str, by: int | None = None) -> bool:
    """Destroy a card in play: to its owner's discard pile (``by``: the player whose effect
    destroys it, for "destroyed by your opponent"). Team characters are never destroyed by
    the rules (RULES.md: "destroying a team character"). A replacement effect may apply
    instead. ``True`` when the card was destroyed now."""
    return iid in happen(state, "destroy", [iid], by=by)


# ------------------------------------------------------------- the events themselves
def possible(state: dict, spec: dict, iid: str) -> bool:
    """Would the event still happen to ``iid``? (A stopped card can't be stopped again, …)"""
    c = state["cards"].get(iid)
    if c is None:
        return False
    verb, mode = spec["verb"], spec.get("mode", "effect")
    if verb == "stop":
        if mode == "mission_end":  # resolve.stop_assigned: every assigned character and ship
            return c["zone"] == "mission" and c["state"] == "assigned" and S.ctype(state, iid) in ("character", "ship")
        return glossary.can_stop(state, iid, even_incapacitated=spec.get("even_incapacitated", False))
    if verb == "incapacitate":
        return glossary.can_incapacitate(state, iid)
    if mode == "mission_end":  # resolve.destroy_obstacles: the obstacles and complications there
        return c["zone"] == "mission"
    return glossary.can_destroy(state, iid)


def perform(state: dict, spec: dict, iid: str) -> None:
    """The event, with no replacement (the rules steps keep their own bookkeeping: the
    end-of-mission stop and destruction log nothing and fire no "when destroyed")."""
    verb, mode = spec["verb"], spec.get("mode", "effect")
    if verb == "stop":
        glossary.stop_now(state, iid, quiet=mode == "mission_end")
    elif verb == "incapacitate":
        glossary.incapacitate_now(state, iid)
    elif mode == "mission_end":
        glossary.leave_play(state, iid, "discard")
    else:
        glossary.destroy_now(state, iid)


def happen(state: dict, verb: str, cards: list[str], *, by: int | None = None, mode: str = "effect",
           even_incapacitated: bool = False) -> list[str]:
    """Stop / incapacitate / destroy ``cards`` (all at once), letting replacement effects
    apply. Nothing to ask: done now, card by card. Otherwise a frame on the stack asks for
    each card (in the order given) before the cards nothing replaced are hit together.
    Returns the cards hit now (not those replaced or waiting for a decision)."""
    spec = {"verb": verb, "mode": mode, "by": by, "even_incapacitated": even_incapacitated}
    event = VERBS[verb]
    live = [i for i in cards if possible(state, spec, i)]
    if any(_asks(_decide(state, candidates(state, event, i, by), S.controller(state, i), [])) for i in live):
        push(state, [{"_replace": {**spec, "cards": live}}], live[0], S.controller(state, live[0]), label="replace")
        return []
    hit = []
    for iid in live:
        if not possible(state, spec, iid):
            continue
        decision = _decide(state, candidates(state, event, iid, by), S.controller(state, iid), [])
        if decision is None:
            perform(state, spec, iid)
            hit.append(iid)
        else:  # exactly one mandatory replacement and nothing to choose
            _apply(state, decision[1][0], iid)
    return hit


# ------------------------------------------------------------------ the decision frames
def run_internal(state: dict, frame: dict, eff: dict) -> bool:
    """Execute an engine-pushed frame effect (interpreter.INTERNAL_VERBS)."""
    if "_replace" in eff:
        return _event_step(state, frame, eff["_replace"])
    return _revive_step(state, frame, eff["_revive_mill"])


def _ask(state: dict, frame: dict, iid: str, decision, head: str) -> None:
    seat, offered, may_decline = decision
    frame["asking"] = seat
    texts = []
    for c in offered:
        d = S.card_def(state, c["source"])
        texts.append(f"{d['title']}: " + render([_ability(state, c)], d)[0])
    if len(offered) == 1 and may_decline:
        prompt = f"{head}. Use this replacement effect? {texts[0]}"
    else:
        prompt = f"{head}. Choose the replacement effect that applies" + \
            (" (or none)" if may_decline else "") + ": " + " / ".join(texts)
    opts = [{"type": "replace", "card": iid, "source": c["source"], "ability": c["ability"]} for c in offered]
    if may_decline:
        opts.append({"type": "replace", "card": iid, "source": None})
    set_pending(state, seat, "replace", prompt, opts)


def _event_step(state: dict, frame: dict, arg: dict) -> bool:
    """One replaceable event hitting ``arg["cards"]``: for each card still hit, the player
    who decides picks a replacement (or declines); the cards nothing replaced are hit
    together at the end."""
    spec = {k: arg.get(k) for k in ("verb", "mode", "by", "even_incapacitated")}
    event, cards = VERBS[arg["verb"]], arg["cards"]
    k = frame.setdefault("k", 0)
    rest, declined = frame.setdefault("rest", []), frame.setdefault("declined", [])
    if "answer" in frame:
        ans = frame.pop("answer")
        seat = frame.pop("asking")
        if ans.get("source") is None:
            declined.append(seat)
        else:
            frame["k"], frame["declined"] = k + 1, []
            _apply(state, {**ans, "controller": S.controller(state, ans["source"])}, cards[k])
            return False
    while k < len(cards):
        iid = cards[k]
        if possible(state, spec, iid):
            decision = _decide(state, candidates(state, event, iid, spec["by"]), S.controller(state, iid), declined)
            if decision is not None and _asks(decision):
                frame["k"] = k
                _ask(state, frame, iid, decision, f"{S.title(state, iid)} would be {WORDS[event]}")
                return False
            if decision is not None:
                frame["k"], frame["declined"] = k + 1, []
                _apply(state, decision[1][0], iid)
                return False
            rest.append(iid)
        k += 1
        frame["k"] = k
        declined.clear()
    for iid in rest:
        if possible(state, spec, iid):
            perform(state, spec, iid)
    for key in ("k", "rest", "declined"):
        frame.pop(key, None)
    return True


# ------------------------------------------------------------ reviving (revive_mill)
def revive_mill_offered(state: dict, adversary: str) -> bool:
    """Could a replacement apply to taking a card from the deck to revive ``adversary``
    (Shak'l)? Then the revive cost is paid one card at a time (:func:`_revive_step`)."""
    return bool(candidates(state, "revive_mill", adversary))


def _revive_step(state: dict, frame: dict, arg: dict) -> bool:
    """Pay a revive cost card by card: "each time you would take a card from the top of your
    deck to revive a Goa'uld adversary, you may discard a card instead" (Shak'l). Each card
    goes to ``arg["to"]`` (Netan: the hand) unless replaced; then the adversary is revived."""
    adv, seat = arg["card"], frame["ctx"]["controller"]
    left = frame.setdefault("left", arg["count"])
    if "answer" in frame:
        ans = frame.pop("answer")
        frame.pop("asking")
        frame["left"] = left = left - 1
        if ans.get("source") is not None:
            _apply(state, {**ans, "controller": S.controller(state, ans["source"])}, adv)
            return False
        _mill_one(state, seat, arg["to"])
    while left > 0:
        decision = _decide(state, candidates(state, "revive_mill", adv), S.controller(state, adv), [])
        if decision is not None:
            _ask(state, frame, adv, decision, f"To revive {S.title(state, adv)} you would take the top card of your deck")
            return False
        _mill_one(state, seat, arg["to"])
        frame["left"] = left = left - 1
    frame.pop("left", None)
    glossary.revived(state, adv)
    return True


def _mill_one(state: dict, seat: int, to: str) -> None:
    deck = state["seats"][seat]["deck"]
    if deck:
        S.move(state, deck[0], to)
