"""Rulebook "When and While" and glossary "actions — Response actions".

``fire`` runs the non-optional "when" texts of cards in play at once and opens a
*response window* for the optional ones (responses and "when" interrupts). In a window
the current player has the first chance, then each player to his left; a player may use
as many responses as he likes (each text once per trigger) or pass; passing does not
stop him responding later in the same window: the window ends once every player in turn
has passed.
"""
from __future__ import annotations

from . import state as S
from .effects import extra as X
from .effects import filters as F
from .effects.useful import may_change
from .effects import frames as FR
from .effects import turn_scoped as TS

# which seat's cards an event concerns: "any", "seat" (the event's seat), "current" (turn player)
RELATION = {
    "play_self": "self", "start_of_turn": "current", "end_of_turn": "current",
    "attempt_begins": "seat", "dilemma_revealed": "seat", "dilemma_overcome": "seat",
    "mission_completed": "seat", "mission_failed": "seat", "personnel_killed": "any",
    "personnel_stopped": "any", "opponent_reveals_or_discards": "seat", "combat_begins": "any",
    "engagement_begins": "any", "card_played": "any",
    "combat_won": "seat", "engagement_won": "seat", "opponent_mission_completed": "opponent",
    "placed_in_brig": "seat", "own_dilemma_revealed": "owner", "opponent_about_to_complete": "opponent",
    "opponent_attempt_begins": "opponent",  # "when an opponent attempts this mission" (Mirok)
    "ship_moved": "opponent",  # every Premiere text: "an opponent's ship moves"
    "opponent_discards_deck_top": "opponent",  # "when an opponent discards … from the top of his deck" (Kotra)
    "card_drawn": "seat",  # "when you draw a card" (Visionary)
    "opponent_beamed": "opponent",  # "when an opponent beams to or from this mission" (Kitara)
    "dilemmas_drawn": "seat",  # "when you have drawn dilemmas" (Machinations): seat = who drew them
    "you_moved_ship": "seat",  # "when you move your ship … to this mission" (Cargo Haul)
    "opponent_orders_begin": "opponent",  # "when an opponent begins the Execute Orders segment" (Unseen Manipulations)
    "opponent_mission_failed": "opponent",
    "checking_requirements": "seat",  # "when you are checking if your personnel can meet a mission's requirements"
    "opponent_about_to_draw_dilemmas": "opponent",
    "about_to_draw_dilemmas": "seat",  # "when you are about to draw dilemmas" (The Manheim Effect, I Don't Like to Lose)
    "about_to_face_dilemma": "seat",  # "when your personnel … are about to face a dilemma" (Quantum Filament)
    "dilemma_about_to_return": "seat",  # seat = the player facing it ("that your [Bor] personnel is facing": Analyze)
    "dilemma_about_to_be_overcome": "any",  # "when a dilemma is about to be overcome" (The Trial Never Ended)  # seat = the player about to draw them (Damar)  # "when an opponent's mission attempt fails" (Tenak'talar)
    "attempt_ended": "seat",  # "when your mission attempt ends" (Indomitable): seat = the attempting player
    "right_turn_ends": "right",  # "at the end of the opponent on your right's turn" (At an Impasse): seat = whose turn
    "opponent_about_to_discard": "opponent",  # seat = the player about to discard from hand (B'Elanna Torres)
    "engagement_ended": "any",  # "when an engagement in which an opponent's personnel was killed ends" (Cavalry Raid)
    "opponent_dilemma_overcome": "opponent",  # "when your opponent overcomes a dilemma" (Stealth Mission)
    "placed_in_discard_pile": "seat",  # "when you place a Jem'Hadar in your discard pile": seat = its owner
    "about_to_place_in_discard_pile": "seat",
    "played_from_this_event": "host",
    "dilemmas_chosen": "seat",  # "when you have chosen dilemmas" (Storage Compartment): seat = who chose them  # "an opponent may play a card … on this event … If he or she does, score 5 points"  # "when you are about to place a Vorta in your discard pile": its owner
}
# events whose "that opponent" is the event's seat — every "when an opponent …" event (the others read
# "your opponent" as the player on your left): with more than two players, "he or she", "that opponent"
# and "an opponent's" in the text are that player only (RULES.md "Each of your opponents")
THAT_OPPONENT = {e for e, rel in RELATION.items() if rel == "opponent"}


def _ctx(state: dict, iid: str, event: str, data: dict, you: int | None = None) -> dict:
    """The context a text answering ``event`` is read and used in (its ``if``, cost and effects)."""
    ctx = F.ctx_for(state, iid, you=you, event=data)
    if event in THAT_OPPONENT and data.get("seat") is not None:
        ctx["opp"], ctx["that_opp"] = data["seat"], True
    return ctx


def _concerns(state: dict, event: str, data: dict, seat: int, source: str) -> bool:
    rel = RELATION.get(event, "any")
    if rel == "self":
        return data.get("card") == source
    if rel == "current":
        return seat == state["turn"]["player"]
    if rel == "seat":
        return seat == data.get("seat")
    if rel == "opponent":  # "when an opponent completes a mission"
        return seat != data.get("seat")
    if rel == "right":  # the player on your right is the event's seat: you are on his left
        return data.get("seat") is not None and seat == S.left_of(state, data["seat"])
    if rel == "host":  # the card the event's card lay on (Trial of Faith): only its own texts hear it
        return data.get("host") == source
    if rel == "owner":  # "when your dilemma is revealed"
        return seat == data.get("owner")
    return True


def _trigger_sources(state: dict, seat: int | None = None):
    blk = X.blankers(state)
    cards = S.cards_in_play(state)
    triggered = set(S.in_play_having(state, "trigger", cards))  # the others have no trigger text
    for iid in cards:
        c = state["cards"][iid]
        if iid not in triggered and not c.get("damage"):
            continue
        if c.get("stopped") or (seat is not None and S.commander(state, iid) != seat):
            continue
        if blk and X.blanked(state, iid, blk):  # "cannot use his or her abilities" (item 26)
            continue
        for k, ab in S.numbered_abilities(state, iid, "trigger"):
            yield iid, k, ab
        for dmg in c.get("damage", ()):  # "Damage - At the end of each of your turns, …" (item 31)
            for k, ab in S.numbered_abilities(state, dmg, "damage"):
                if "on" in ab:
                    yield dmg, k, ab


def _event_sources(state: dict, event: str, optional: bool, seat: int | None = None) -> list:
    """The ``(card, k, ability)`` of :func:`_trigger_sources` that hear ``event`` and are
    optional (responses) or not (mandatory texts), in that order. Why: an event is fired
    several times per action, and listing every trigger in play to keep the few that hear
    it was a fifth of a fold; only cards whose text (or a damage card on them) hears
    ``event`` are asked (``state.guids_having`` of ``("on", event, optional)``), none when
    no card of the database does. Equal to the filtered listing
    (tests/rules/startrek2e/test_maintained_values.py)."""
    own_key, dmg_key = ("on", event, optional), ("damage_on", event, optional)
    own, dmg = S.guids_having(state, own_key), S.guids_having(state, dmg_key)
    if own and S.absent(state, own):  # no card of the match has such a text
        own = frozenset()
    if dmg and S.absent(state, dmg):
        dmg = frozenset()
    if not own and not dmg:
        return []
    blk = X.blankers(state)
    instances = state["cards"]
    out = []
    for iid in S.cards_in_play(state):
        c = instances[iid]
        mine = c["guid"] in own
        damage = c.get("damage") if dmg else None
        if not mine and not (damage and any(instances[d]["guid"] in dmg for d in damage)):
            continue
        if c.get("stopped") or (seat is not None and S.commander(state, iid) != seat):
            continue
        if blk and X.blanked(state, iid, blk):  # "cannot use his or her abilities" (item 26)
            continue
        if mine:
            out += [(iid, k, ab) for k, ab in S.numbered_abilities(state, iid, own_key)]
        for d in damage or ():
            out += [(d, k, ab) for k, ab in S.numbered_abilities(state, d, dmg_key)]
    return out


def _leaving_sources(state: dict, data: dict) -> list:
    """"When this personnel is killed" (MISSING.md item 24): the text of the card the event
    is about still works as it leaves play, when its ``if`` names it (``trigger_card``
    ``self``); only mandatory texts (a response would need the card in play)."""
    card = data.get("card")
    if not card or card not in state["cards"] or S.in_play(state, card):
        return []
    return [(card, k, ab) for k, ab in enumerate(S.mechanics(state, card))
            if ab.get("kind") == "trigger" and (ab.get("if") or {}).get("trigger_card", {}).get("self")]



def _names_self(cond: dict | None) -> bool:
    """The ``if`` is about the text's own card (``trigger_card`` ``self``, alone or in an ``all``)."""
    cond = cond or {}
    every = cond.get("all")
    parts: list = every if isinstance(every, list) else [cond]
    return any(isinstance(c, dict) and (c.get("trigger_card") or {}).get("self") for c in parts)


def _self_stopped_sources(state: dict, event: str, data: dict, optional: bool, seat: int | None = None) -> list:
    """"When this personnel is stopped by a dilemma, …" (Tora Ziyal, Beverly Crusher, The Traveler): the
    rulebook ("Stopped") lets nobody use a stopped card's text, "responses included" — but a text about
    its own stopping can only ever be used stopped, and a card's text beats the rulebook. So the card a
    ``personnel_stopped`` event is about hears it with its texts whose ``if`` names it (RULES.md "A
    stopped card's text about its own stopping"); every other text of a stopped card stays silent."""
    card = data.get("card")
    if event != "personnel_stopped" or not card or card not in state["cards"]:
        return []
    c = state["cards"][card]
    if not c.get("stopped") or not S.in_play(state, card):
        return []
    if seat is not None and S.commander(state, card) != seat:
        return []
    blk = X.blankers(state)
    if blk and X.blanked(state, card, blk):
        return []
    return [(card, k, ab) for k, ab in S.numbered_abilities(state, card, ("on", event, optional))
            if _names_self(ab.get("if"))]

def spent(state: dict, iid: str, k: int, ab: dict) -> bool:
    """A limited trigger used up this turn: ``once_per_turn``, or an integer n — n times each
    turn ("+2 … (limit +4)": Khos)."""
    limit = ab.get("limit")
    if limit is None or ab.get("kind") != "trigger" and limit != "once_per_turn":
        return False
    most = 1 if limit == "once_per_turn" else limit if isinstance(limit, int) else None
    return most is not None and state["turn"]["used"].count(f"{iid}:{k}") >= most


def _user(state: dict, iid: str) -> int:
    """Who uses a text: its card's commander; a damage card's text, the commander of the
    ship it is on ("your turns" = his); a card that has just left play, its owner."""
    c = state["cards"][iid]
    if c["zone"] == "damage":
        return S.commander(state, c["in"])
    you = S.commander(state, iid)
    return c["owner"] if you is None else you


def fire(state: dict, event: str, **data) -> None:
    TS.fire(state, event, data)  # "for the rest of this turn, when …" (a text whose card may be gone)
    for iid, k, ab in (_event_sources(state, event, False) + _leaving_sources(state, data)
                       + _self_stopped_sources(state, event, data, False)):
        if ab["on"] != event or ab.get("optional") or spent(state, iid, k, ab):
            continue
        you = _user(state, iid)
        if not _concerns(state, event, data, you, iid):
            continue
        ctx = _ctx(state, iid, event, data, you)
        if "if" in ab and not F.condition(state, ab["if"], ctx):
            continue
        if "limit" in ab:
            state["turn"]["used"].append(f"{iid}:{k}")
        FR.push(state, ab["effects"], ctx, cost=ab.get("cost"))
    with X.keywords_listed_once(state):  # only read while each seat is asked
        window = any(True for _ in _optional(state, event, data))
    if window:
        state["windows"].append({"event": event, "data": data, "passes": 0,
                                 "seat": state["turn"]["player"], "used": []})


def state_rules(state: dict) -> bool:
    """Ability kind ``state_rule`` ("If you command {Jadzia Dax}, place this personnel in her owner's
    discard pile": Ezri Dax): checked whenever the game has settled (no decision, window or
    effect pending) before the next step goes on; each card in play whose ``if`` holds has its
    effects pushed, as its commander — only when they could change something, so a rule that
    cannot act (its card cannot leave play) is not pushed again and again. ``True`` = pushed."""
    for iid in S.in_play_having(state, "state_rule"):
        for ab in S.abilities(state, iid, "state_rule"):
            ctx = F.ctx_for(state, iid)
            if F.condition(state, ab["if"], ctx) and may_change(state, ab["effects"], ctx):
                FR.push(state, ab["effects"], ctx)
                return True
    return False


def _optional(state: dict, event: str, data: dict):
    for seat in range(len(state["seats"])):
        if _may_hold(state, seat, event, data):
            yield seat
        w = {"event": event, "data": data, "used": []}
        if responses(state, seat, w, known=False) or responses(state, seat, w):
            yield seat


def _may_hold(state: dict, seat: int, event: str, data: dict) -> bool:
    """Hidden information: a seat whose deck list has a "when" interrupt for this event is
    asked whenever it holds cards, whether or not it holds that interrupt now, so being
    asked reveals nothing about its hand (RULES.md "Response windows")."""
    if event not in state["seats"][seat].get("when_events", ()) or not state["seats"][seat]["hand"]:
        return False
    return event == "play_self" or _concerns(state, event, data, seat, "")


def responses(state: dict, seat: int, w: dict, *, known: bool = True) -> list[dict]:
    """The responses ``seat`` may use in window ``w`` (optional "when" texts of cards he
    commands, and "when" interrupts in his hand whose trigger matches). ``known=False``: the
    texts of his cards in play that the opponents see open — a cost paid from the hand
    counts only the cards held, not which ("discard a personnel from hand to …"), so that
    asking him tells them nothing about his hand (RULES.md "Response windows and hidden
    hands"); his hand's interrupts are then left to :func:`_may_hold`."""
    out: list[dict] = []
    event, data = w["event"], w["data"]
    if data.get("while_in") and state["cards"][data["card"]]["zone"] != data["while_in"]:
        return out  # an "about to" whose card an "instead" has already taken elsewhere: nothing left to answer
    for iid, k, ab in _event_sources(state, event, True, seat) + _self_stopped_sources(state, event, data, True, seat):
        if ab["on"] != event or not ab.get("optional") or f"{iid}:{k}" in w["used"]:
            continue
        if spent(state, iid, k, ab):
            continue  # "You may do this only once each turn" (MISSING.md item 18)
        if not _concerns(state, event, data, seat, iid):
            continue
        ctx = _ctx(state, iid, event, data)
        if "if" in ab and not F.condition(state, ab["if"], ctx):
            continue
        from .effects.costs import payable  # "you may discard a card from hand to …": only with a card to discard
        if ab.get("cost") and not payable(state, seat, iid, ab["cost"], known=known, event=data):
            continue
        if not ab.get("cost") and not may_change(state, ab["effects"], ctx):
            continue  # a free "you may …" that could change nothing (Blind Spot's ship cannot follow)
        out.append({"type": "respond", "card": iid, "ability": k})
    if not known:
        return out
    for iid in state["seats"][seat]["hand"] + X.playable_from_events(state, seat):  # (+ as if from hand: Trial of Faith)
        for k, ab in S.numbered_abilities(state, iid, ("when", event)):  # its interrupts for this event
            if ab.get("kind") != "interrupt" or ab.get("when") != event or f"{iid}:{k}" in w["used"]:
                continue
            if not X.interrupt_allowed(state, iid):  # "only one copy of this interrupt each turn"
                continue
            if event != "play_self" and not _concerns(state, event, data, seat, iid):
                continue
            ctx = _ctx(state, iid, event, data, seat)
            if "if" in ab and not F.condition(state, ab["if"], ctx):
                continue
            from .legality import requirements_met
            from .effects.costs import payable
            # the cost reads the event too ("kill your unique Jem'Hadar present with him": The Order of Things)
            if requirements_met(state, seat, iid) and payable(state, seat, iid, ab.get("cost") or [], event=data):
                out.append({"type": "respond", "card": iid, "ability": k})
    return out


def window_step(state: dict) -> bool:
    """Offer the first open window to the next seat with a response; close it when every
    seat in turn has passed."""
    if not state["windows"]:
        return False
    w = state["windows"][0]
    n = len(state["seats"])
    if w["passes"] >= n:
        state["windows"].pop(0)
        after = w.get("after")  # "about to be placed in your discard pile" closed: placed, unless an "instead"
        if after:  # takes it elsewhere — known once the responses used in the window have run, so an empty
            # frame beneath theirs fires it as it is popped (effects/interpreter.run)
            at = min(w.get("urgent", len(state["stack"])), len(state["stack"]))
            state["stack"].insert(at, {"effects": [], "i": 0, "work": {}, "after": after,
                                       "ctx": {"you": after["seat"], "source": after["card"], "refs": {}}})
        return True
    opts = responses(state, w["seat"], w)
    if not opts and w["passes"] < n and w["seat"] not in w.setdefault("asked", []) and (
            _may_hold(state, w["seat"], w["event"], w["data"]) or responses(state, w["seat"], w, known=False)):
        # asked as if he could respond: what the opponents see must not depend on his hand
        w["asked"].append(w["seat"])
        S.set_pending(state, w["seat"], "respond", f"Respond to {w['event'].replace('_', ' ')} (or pass)",
                      [{"type": "pass"}])
        return True
    if not opts:
        w["passes"] += 1
        w["seat"] = S.left_of(state, w["seat"])
        return True
    S.set_pending(state, w["seat"], "respond", f"Respond to {w['event'].replace('_', ' ')} (or pass)",
                  opts + [{"type": "pass"}])
    return True


def answer(state: dict, seat: int, action: dict) -> None:
    w = state["windows"][0]
    if action["type"] == "pass":
        w["passes"] += 1
        w["seat"] = S.left_of(state, seat)
        return
    w["passes"] = 0
    iid, k = action["card"], action["ability"]
    w["used"].append(f"{iid}:{k}")
    ab = S.mechanics(state, iid)[k]
    if ab.get("limit") == "once_per_turn" or isinstance(ab.get("limit"), int):
        state["turn"]["used"].append(f"{iid}:{k}")
    if ab.get("kind") == "interrupt":
        X.interrupt_used(state, iid)
        S.log(state, "played_interrupt", seat=seat, card=iid, title=S.name(state, iid))
        if state["cards"][iid]["zone"] == "placed":  # from an opponent's event, as if from hand (Trial of Faith)
            fire(state, "played_from_this_event", card=iid, seat=seat, host=state["cards"][iid]["in"])
        owner = state["cards"][iid]["owner"]
        S.move(state, iid, "discard", owner)  # as glossary.played_to_discard (a layer above this one)
        fire_urgent(state, "about_to_place_in_discard_pile", card=iid, seat=owner, while_in="discard")
        ctx = _ctx(state, iid, w["event"], w["data"], seat)
        fire(state, "card_played", card=iid, seat=seat)  # a "when" interrupt is played as well (Sensing a Trap)
    else:
        ctx = _ctx(state, iid, w["event"], w["data"])
        S.log(state, "responded", seat=seat, card=iid, title=S.name(state, iid))
    FR.push(state, ab["effects"], ctx, cost=ab.get("cost"))


def fire_urgent(state: dict, event: str, **data) -> bool:
    """Fire an "about to" ``event`` whose answers come before the effect goes on: the windows it
    opens go first in line, ahead of older windows. ``True`` when something answers it (a window
    opened or a mandatory text pushed), so the caller waits. One place for what prevention,
    selection, the dilemma lifecycle, downloads and discards each wrote out."""
    height, before = len(state["stack"]), len(state["windows"])
    fire(state, event, **data)
    new = state["windows"][before:]
    if new:
        del state["windows"][before:]
        for w in new:
            w["urgent"] = height
        state["windows"][0:0] = new
    return bool(new) or len(state["stack"]) > height
