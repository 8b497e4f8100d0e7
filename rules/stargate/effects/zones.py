"""Effect verbs that move cards between zones: the target verbs (stop, destroy, return to
hand, …), searching and arranging piles, playing a card by an effect, cards placed beneath or
on a card, taking control, and the verbs added with the coverage guard (revealing, milling,
the score pile, the bottom of a pile, granting a keyword, swapping glyphs).

Moved out of ``interpreter`` (which dispatches to them) to keep each module to one job.
"""
from __future__ import annotations

from ... import rng
from .. import glossary, replacements
from .. import state as S
from ..actions_hero import _cant_play, play_card, power_cost_to_play
from ..glossary import unique_conflict
from . import filters as F
from .frames import _names_incapacitated, _player, _remember, _targets, set_pending


def _apply_all(state: dict, verb: str, cards: list[str], ctx: dict, eff: dict) -> None:
    """Apply a target verb to every card it names. Stopping, incapacitating and destroying
    happen to all of them at once, so a replacement effect is offered for each before any
    of them happens (replacements.happen)."""
    if verb in replacements.VERBS:
        replacements.happen(state, verb, [i for i in cards if i in state["cards"]], by=ctx["controller"],
                            even_incapacitated=verb == "stop" and _names_incapacitated(eff.get(verb)))
        return
    for iid in cards:
        apply_verb(state, verb, iid, ctx, eff)


def apply_verb(state: dict, verb: str, iid: str, ctx: dict, eff: dict) -> None:
    c = state["cards"].get(iid)
    if c is None:
        return
    if verb == "stop":
        replacements.stop(state, iid, even_incapacitated=_names_incapacitated(eff.get(verb)))
    elif verb == "ready":
        glossary.ready(state, iid, even_incapacitated=_names_incapacitated(eff.get(verb)))
    elif verb == "destroy":
        replacements.destroy(state, iid, by=ctx["controller"])
    elif verb == "incapacitate":
        replacements.incapacitate(state, iid)
    elif verb == "return_to_hand":
        if c["zone"] in ("play", "mission", "discard"):
            glossary.leave_play(state, iid, "hand")
    elif verb == "block":
        if c["zone"] in ("play", "mission"):
            c["blocked"] = True
            c["blocked_by"] = ctx["source"]
            c["blocked_until"] = eff.get("until") or ("end_of_mission" if eff.get("from") == "current_mission"
                                                      or ctx["source"] == S.current_mission(state) else None)
    elif verb == "unblock":
        c["blocked"] = False
    elif verb == "turn_face_down":
        glossary.turn_face_down(state, iid)
    elif verb == "score":
        if c["zone"] in ("play", "mission"):
            glossary.leave_play(state, iid, "score_pile")
    elif verb == "to_deck_bottom":
        glossary.leave_play(state, iid, "deck")
    elif verb == "discard_from_score_pile":
        if c["zone"] == "score_pile":
            S.move(state, iid, "discard")
    elif verb == "put_on_mission_pile":
        if c["zone"] in ("current_mission", "failed", "play", "mission", "mission_pile"):
            S.move(state, iid, "mission_pile", top=eff.get("position", "bottom") == "top")
    elif verb == "discard_card":
        # a card (revealed, kept beneath a card, in hand) to its owner's discard pile
        if c["zone"] in ("play", "mission"):
            glossary.leave_play(state, iid, "discard")
        elif c["zone"] not in ("discard", "glyph", "current_mission"):
            S.move(state, iid, "discard")
    elif verb == "mark":
        # "choose an obstacle. When it would be destroyed, …" (Quarantine Container): the
        # card remembers the card that chose it while it stays in play (S.move clears it)
        if c["zone"] in ("play", "mission") and ctx["source"] not in c.get("marks", []):
            c.setdefault("marks", []).append(ctx["source"])
    elif verb == "take_off":
        # "take it off": the card stays in play, on nothing
        if c.pop("on", None) is not None:
            S.log(state, "taken_off", card=iid)
    elif verb == "shuffle_into_deck":
        glossary.leave_play(state, iid, "deck")
        rng.shuffle(state["rng"], state["seats"][c["owner"]]["deck"])


def _search(state: dict, frame: dict, ctx: dict, arg: dict, zone: str) -> bool:
    """Search a pile (deck, discard pile, mission pile) for one card matching ``filter``.

    Where the card goes: ``to`` — ``hand`` (the default), ``deck_top`` ("place it on top of
    your deck", Hathor's Interogation), ``deck_shuffled`` ("shuffle that card into your
    deck", Galaran Memory Device). What happens to the searched pile: ``then`` —
    ``shuffle`` (the default for a deck and the mission pile), ``shuffle_rest_and_place_on_top``
    (Quantum Mirror Control, Thor, DHD: the found card stays and goes on top of the shuffled
    rest), ``None`` (no shuffle: the card shuffles once after several searches). ``reveal``:
    the found card is shown to every player (a public ``revealed`` log entry)."""
    seat = _player(ctx, state, arg.get("who"))
    pile = state["seats"][seat][zone]
    flt = dict(arg.get("filter") or {})
    if zone == "mission_pile" and not flt:
        flt = {"type": "mission"}
    then = arg.get("then", "shuffle" if zone in ("deck", "mission_pile") else None)
    pool = [i for i in pile if F.matches(state, i, flt, ctx)]

    def finish(found):
        if found is None:
            if then in ("shuffle", "shuffle_rest_and_place_on_top"):
                rng.shuffle(state["rng"], pile)
            return True
        if arg.get("reveal"):
            S.log(state, "revealed", seat=seat, card=found)
        to = "top" if then == "shuffle_rest_and_place_on_top" else arg.get("to", "hand")
        if to == "top":  # the rest of the pile is shuffled, the card goes on top of it
            pile.remove(found)
            rng.shuffle(state["rng"], pile)
            pile.insert(0, found)
            S.log(state, "placed_on_top", seat=seat, card=found if arg.get("reveal") else None, source=zone)
            return True
        if to == "hand":
            S.move(state, found, "hand")
        elif to in ("deck_top", "deck_shuffled"):
            S.move(state, found, "deck", top=True)
            if to == "deck_shuffled":
                rng.shuffle(state["rng"], state["seats"][state["cards"][found]["owner"]]["deck"])
        else:
            raise ValueError(f"search: unknown destination {to!r}")
        if then == "shuffle":
            rng.shuffle(state["rng"], pile)
        S.log(state, "took", seat=seat, card=found, source=zone)
        return True

    if "answer" in frame:
        return finish(frame.pop("answer"))
    if not pool:
        return finish(None)
    opts = [{"type": "choose", "card": i} for i in pool] + [{"type": "choose", "card": None}]
    set_pending(state, seat, "choose_card", f"Choose a card from your {zone.replace('_', ' ')}", opts)
    state["pending"]["reveal"] = list(pool)
    return False


def _arrange_top(state: dict, frame: dict, ctx: dict, arg: dict) -> bool:
    """Look at the top N cards of a pile and put them back one at a time (top first), or on
    the bottom when the card allows it. The cards never leave the pile list."""
    seat = _player(ctx, state, arg.get("owner", "you") if arg.get("owner") != "any" else "you")
    chooser = _player(ctx, state, arg.get("who", "you"))
    pile = state["seats"][seat]["deck" if arg.get("pile", "deck") == "deck" else "mission_pile"]
    if "taken" not in frame:
        n = max(0, F.amount(state, arg.get("count", 1), ctx))
        frame["taken"], frame["top"], frame["bottom"] = pile[:n], [], []
    split = arg.get("split")  # "one_top_one_bottom" (Walter Harriman), "one_top_rest_bottom" (Elizabeth Weir)
    if split not in (None, "one_top_one_bottom", "one_top_rest_bottom"):
        raise ValueError(f"arrange_top: unknown split {split!r}")
    if "answer" in frame:
        ans = frame.pop("answer")
        to_bottom = frame.pop("to_bottom", False) or bool(split and frame["top"])
        (frame["bottom"] if to_bottom else frame["top"]).append(ans)
    left = [i for i in frame["taken"] if i not in frame["top"] and i not in frame["bottom"]]
    if split and frame["top"] and len(left) == 1:
        frame["bottom"].append(left.pop())  # the last card has only one place to go
    if not left:
        rest = [i for i in pile if i not in frame["taken"]]
        pile[:] = frame["top"] + rest + frame["bottom"]
        for k in ("taken", "top", "bottom"):
            frame.pop(k)
        return True
    opts = [{"type": "choose", "card": i} for i in left]
    if arg.get("bottom_allowed") and not split:
        opts += [{"type": "choose", "card": i, "bottom": True} for i in left]
    prompt = ("Choose the card to put on top (the other" + (" goes" if split == "one_top_one_bottom" else "s go") + " to the bottom)"
              if split and not frame["top"] else "Put the next card on the bottom" if split
              else "Put the next card back on top" + (" (or on the bottom)" if arg.get("bottom_allowed") else ""))
    set_pending(state, chooser, "choose_card", prompt, opts)
    state["pending"]["reveal"] = list(left)
    return False


def _play_free(state: dict, frame: dict, ctx: dict, arg: dict, free: bool = True) -> bool:
    """Play a card from hand: ``play_free`` without paying its power cost, ``play_from_hand``
    paying it ("at normal cost", Harlan). Uniqueness applies unless ``ignore_uniqueness``
    ("even if you already control a character who has the same title"); "can't" always
    applies (the rulebook's Harlan / Fall of Earth example). The played card can be named
    with ``remember``."""
    seat = _player(ctx, state, arg.get("who"))
    if "answer" in frame:
        ans = frame.pop("answer")
        if ans is not None:
            if free:
                state["seats"][seat]["power"] += power_cost_to_play(state, seat, ans)
            play_card(state, seat, ans)
        _remember(state, ctx, frame.get("remember_as"), [ans] if ans is not None else [])
        return True
    flt = arg.get("filter") or {}
    # a card revealed from the deck (``in_ref``: Reese, Entropic Cascade Failure) or from hand
    source = ctx["refs"].get(flt["in_ref"], []) if "in_ref" in flt else state["seats"][seat]["hand"]
    pool = [i for i in source if i in state["cards"] and state["cards"][i]["zone"] in ("hand", "deck")
            and state["cards"][i]["owner"] == seat and F.matches(state, i, flt, ctx)
            and (arg.get("ignore_uniqueness") or not unique_conflict(state, seat, i))
            and not _cant_play(state, seat, i)
            and (free or power_cost_to_play(state, seat, i) <= state["seats"][seat]["power"])
            and S.ctype(state, i) not in ("event", "mission")]
    if not pool:
        return True
    set_pending(state, seat, "choose_card", "Choose a card to play" + (" for free" if free else ""),
                [{"type": "choose", "card": i} for i in pool] + [{"type": "choose", "card": None}])
    return False


# ------------------------------------------------ cards beneath / on cards, glyphs
def _source_cards(state: dict, frame: dict, ctx: dict, card) -> list[str] | None:
    """The cards a ``card`` parameter names: a target, or the older spellings
    ``{"top_of_deck": "you"}`` (Fifth, Hathor) and ``{"random_from_hand": "opponent"}`` (Khalek)."""
    if isinstance(card, dict) and "top_of_deck" in card:
        seat = _player(ctx, state, card["top_of_deck"])
        return state["seats"][seat]["deck"][:1]
    if isinstance(card, dict) and "random_from_hand" in card:
        hand = state["seats"][_player(ctx, state, card["random_from_hand"])]["hand"]
        return [rng.choice(state["rng"], hand)] if hand else []
    return _targets(state, frame, ctx, card)


def _place_beneath(state: dict, frame: dict, ctx: dict, arg: dict) -> bool:
    """Place cards beneath a card (face down unless ``face_down`` is false): from hand, deck,
    discard pile or play (a card in play leaves play: its glyphs go to the mission pile).
    The host is chosen first when it is a choice; the cards can be named with ``remember``."""
    if "hosts" not in frame:
        hosts = _targets(state, frame, ctx, arg.get("host", {"self": True}))
        if hosts is None:
            return False
        frame["hosts"] = hosts
        frame.pop("chosen", None)
    hosts = [h for h in frame["hosts"] if state["cards"][h]["zone"] in ("play", "mission")]
    cards = _source_cards(state, frame, ctx, arg.get("card", {}))
    if cards is None:
        return False
    frame.pop("hosts")
    if not hosts:
        return True
    placed = []
    for iid in cards:
        if iid == hosts[0] or state["cards"][iid]["zone"] in ("glyph", "beneath", "current_mission"):
            continue
        if state["cards"][iid]["zone"] in ("play", "mission"):
            glossary.leave_play(state, iid, "beneath", under=hosts[0])
        else:
            S.move(state, iid, "beneath", under=hosts[0])
        state["cards"][iid]["face_down"] = arg.get("face_down", True)
        placed.append(iid)
        S.log(state, "placed_beneath", card=None if arg.get("face_down", True) else iid, host=hosts[0])
    _remember(state, ctx, frame.get("remember_as"), placed)
    return True


def _place_on(state: dict, frame: dict, ctx: dict, arg: dict) -> bool:
    """"Place this obstacle/gear on a character": the card stays in play (an obstacle leaves
    the mission for its owner's side, so it is not destroyed with the mission's obstacles),
    placed on the host; it leaves play with the host (glossary.leave_play)."""
    cards = F.resolve_target(state, arg.get("card", {"self": True}), ctx) or []
    hosts = _targets(state, frame, ctx, arg.get("host", {}))
    if hosts is None:
        return False
    hosts = [h for h in hosts if state["cards"][h]["zone"] in ("play", "mission")]
    if not hosts:
        return True
    for iid in cards:
        c = state["cards"][iid]
        if c["zone"] not in ("play", "mission") or iid == hosts[0]:
            continue
        if c["zone"] == "mission":
            S.move_keep(state, iid, "play")
        c["on"] = hosts[0]
        S.log(state, "placed_on", card=iid, host=hosts[0])
    return True


def _take_control(state: dict, frame: dict, ctx: dict, arg: dict) -> bool:
    """"They become an adversary under your control, with no game text, the <trait> trait, and
    a revive cost equal to their cost. They can't be scored." (The Enemy Within): the card
    moves to the controller's side and *is* that adversary while it stays in play; it still
    goes to its owner's piles when it leaves play."""
    cards = _targets(state, frame, ctx, arg.get("who", {}))
    if cards is None:
        return False
    for iid in cards:
        c = state["cards"][iid]
        if c["zone"] not in ("play", "mission") or not S.is_character(state, iid):
            continue
        if c["zone"] == "play":
            S.zone_list(state, iid).remove(iid)
            state["seats"][ctx["controller"]]["play"].append(iid)
        c["controller"] = ctx["controller"]
        S.sums_changed()
        c["became"] = {"trait": arg.get("trait"), "revive": arg.get("revive"), "no_text": bool(arg.get("no_text")),
                       "cant": list(arg.get("cant") or [])}
        S.log(state, "took_control", card=iid, seat=ctx["controller"])
    return True


def _more_verb(state: dict, frame: dict, ctx: dict, verb: str, arg) -> bool:
    """Revealing cards (a public ``revealed`` log entry; the cards stay where they are and
    can be named with ``remember``), milling, the score pile, the bottom of a pile, and
    swapping glyphs."""
    if verb in ("reveal_top_of_deck", "reveal_random_from_hand", "reveal_hand", "discard_top_of_deck"):
        seat = _player(ctx, state, arg.get("owner", arg.get("who")))
        if verb in ("reveal_top_of_deck", "discard_top_of_deck"):
            cards = state["seats"][seat]["deck"][:max(0, F.amount(state, arg.get("count", 1), ctx))]
        elif verb == "reveal_random_from_hand":
            hand = state["seats"][seat]["hand"]
            cards = [rng.choice(state["rng"], hand)] if hand else []
        else:
            cards = list(state["seats"][seat]["hand"])
        if verb == "discard_top_of_deck":
            for iid in cards:
                S.move(state, iid, "discard")
        S.log(state, "milled" if verb == "discard_top_of_deck" else "revealed", seat=seat, cards=list(cards))
        _remember(state, ctx, frame.get("remember_as"), list(cards))
        return True
    if verb == "take_from_score_pile":
        if arg.get("to", "hand") != "hand":
            raise ValueError("take_from_score_pile takes a card into hand only")
        return _search(state, frame, ctx, {**arg, "then": None}, "score_pile")
    if verb == "arrange_bottom":
        # "look at the bottom card of … mission pile, then place it on the top or bottom"
        if arg.get("count", 1) != 1:
            raise ValueError("arrange_bottom is implemented for one card")
        seat = _player(ctx, state, arg.get("owner", "you"))
        pile = state["seats"][seat]["deck" if arg.get("pile", "deck") == "deck" else "mission_pile"]
        if "answer" in frame:
            ans = frame.pop("answer")
            if not frame.pop("to_bottom", False) and ans in pile:
                pile.remove(ans)
                pile.insert(0, ans)
            return True
        if not pile:
            return True
        last = pile[-1]
        opts = [{"type": "choose", "card": last, "bottom": True}]
        if arg.get("top_allowed"):
            opts.insert(0, {"type": "choose", "card": last})
        set_pending(state, _player(ctx, state, arg.get("who", "you")), "choose_card",
                    "Put the card on top of the pile (or leave it on the bottom)", opts)
        state["pending"]["reveal"] = [last]
        return False
    if verb == "grant_keyword":
        # "choose a Goa'uld obstacle to get dominion" (Zipacna): while it stays in play
        if arg.get("keyword") != "dominion":
            raise ValueError("grant_keyword is implemented for dominion only (resolve.revive_or_score)")
        cards = _targets(state, frame, ctx, arg.get("to", {}))
        if cards is None:
            return False
        for iid in cards:
            state["cards"][iid].setdefault("keywords_granted", []).append(arg["keyword"])
            S.log(state, "keyword_granted", card=iid, keyword=arg["keyword"])
        return True
    if verb == "swap_glyphs":
        # "move each of those glyphs to the other character" (Strange Bedfellows)
        glyphs = [g for g in (F.resolve_target(state, arg, ctx) or []) if state["cards"][g]["zone"] == "glyph"]
        if len(glyphs) != 2 or state["cards"][glyphs[0]]["under"] == state["cards"][glyphs[1]]["under"]:
            return True
        a, b = (state["cards"][g]["under"] for g in glyphs)
        S.move(state, glyphs[0], "glyph", under=b)
        S.move(state, glyphs[1], "glyph", under=a)
        S.log(state, "glyphs_swapped", glyphs=glyphs)
        return True
    raise ValueError(verb)
