"""Cards going to and from a draw deck: downloads, placing on top or bottom (in an order the
player chooses, or at random), shuffling cards into a deck — each with its "about to"
window where a card text may step in (MISSING.md item 37, EFFECTS.md §2).

Why a module of its own: these verbs share one job (the deck as a zone some texts guard),
and their response windows must be answered *before* the card moves, the way
``prevention`` handles kills and stops.

- ``download`` (glossary "Download"): the card is found and shown, the rest of the deck is
  shuffled (the found card is kept out of the shuffle, on top), then
  ``about_to_download`` fires (data: ``card``, ``seat`` = the downloading player). A
  ``prevent`` keeps it out of the hand; the "instead" effects after it say where it goes
  ("that opponent must place it on top of his or her deck instead" — Bo'rak).
- ``place_on_deck_top`` fires ``about_to_place_on_deck_top`` for each card (data: ``card``,
  ``seat`` = its owner, whose deck it is) through ``prevention.preventable``: "When an
  opponent is about to place a card on top of his or her deck, … place it on the bottom
  instead" (Morka).
- the effect modifier ``order``: ``"chosen"`` — the user names the cards one at a time,
  the first named ends on top ("place them on top of your deck in any order"); ``"random"``
  — a random order from the seed ("shuffle them, and place them on the bottom").
- ``shuffle_into_deck`` TARGET: each card goes into its owner's deck, which is then
  shuffled ("shuffle them to form a new deck").
"""
from __future__ import annotations

from ... import rng as R
from .. import glossary as G
from .. import legality as LEG
from .. import state as S
from . import frames as FR
from . import targets as TG
from .. import triggers as TR


def _order(state: dict, frame: dict, eff: dict, cards: list, top: bool):
    """The placement order of ``cards`` (``None`` while the user is choosing)."""
    work = frame["work"]
    order = eff.get("order")
    if order == "random":
        out = list(cards)
        R.shuffle(state["rng"], out)
        return out
    if order != "chosen" or len(cards) <= 1:
        return list(cards)
    named = work.setdefault("named", [])
    if "answer" in work:
        named.append(work.pop("answer"))
    rest = [c for c in cards if c not in named]
    if len(rest) > 1:
        where = "on top (first = top)" if top else "on the bottom (first = highest)"
        S.set_pending(state, frame["ctx"]["you"], "choose", f"Choose the next card to place {where}",
                      [{"type": "choose", "card": c} for c in rest], reveal=list(rest))
        return None
    final = named + rest
    return list(reversed(final)) if top else final  # placing on top one at a time reverses them


def placing(top: bool):
    """``place_on_deck_top`` / ``place_on_deck_bottom`` with the ``order`` modifier; the top
    one offers the ``about_to_place_on_deck_top`` window card by card."""
    from . import prevention as P
    act = P.preventable("place_on_deck_top", _deck(True)) if top else TG._target_verb(_deck(False))

    def handler(state: dict, frame: dict, eff: dict, arg: dict):
        work = frame["work"]
        if "placing" not in work:
            from .useful import keeper
            cards = TG.targets(state, frame, arg, keep=keeper(state, frame, "place_on_deck_top" if top else "place_on_deck_bottom"))
            if cards is None:
                return False
            ordered = _order(state, frame, eff, cards, top)
            if ordered is None:
                return False
            work["placing"] = True
            work["done_targets"] = ordered  # the verb below takes them in this order
        return act(state, frame, eff, arg)
    return handler


def shuffle_into_deck(state: dict, frame: dict, eff: dict, arg: dict):
    """"Take all the personnel and ships from your discard pile and shuffle them to form a
    new deck": each card into its owner's deck, then each such deck is shuffled."""
    from .useful import keeper
    cards = TG.targets(state, frame, arg, keep=keeper(state, frame, "shuffle_into_deck"))
    if cards is None:
        return False
    FR._remember(frame, eff, cards)
    owners = []
    for c in cards:
        if S.in_play(state, c):
            G._scatter(state, c)
        owner = state["cards"][c]["owner"]
        S.move(state, c, "deck", owner)
        if owner not in owners:
            owners.append(owner)
    for owner in owners:
        G.shuffle_deck(state, owner)
        S.log(state, "shuffled_into_deck", seat=owner, count=sum(1 for c in cards if state["cards"][c]["owner"] == owner))
    return True


def download(state: dict, frame: dict, eff: dict, arg: dict):
    """``download``; with ``count`` n: "download up to three [Car] Dissident personnel" (Kira Nerys) —
    one download after another, until n were made or the player takes none (or none is left);
    ``as`` names every card that reached the hand."""
    n = arg.get("count", 1)
    if n == 1:
        return _download_one(state, frame, eff, arg)
    work = frame["work"]
    one = {k: v for k, v in eff.items() if k != "as"}
    while True:
        done = _download_one(state, frame, one, arg)
        if done is not True:
            return done
        found = work.get("found")
        got = list(work.get("got", ())) + ([found] if found and state["cards"][found]["zone"] == "hand" else [])
        made = work.get("made", 0) + 1
        if found is None or made >= n:
            FR._remember(frame, eff, got)
            return True
        work.clear()
        work.update(got=got, made=made)


def _download_one(state: dict, frame: dict, eff: dict, arg: dict):
    """``download``: choose a matching card of your deck (or none), show it, shuffle the
    rest; then the ``about_to_download`` window; unless prevented, it goes to your hand."""
    from . import filters as F
    from .prevention import consume_prevented
    ctx, work = frame["ctx"], frame["work"]
    seat = ctx["you"]
    deck = state["seats"][seat]["deck"]
    if "found" in work:
        card = work["found"]
        if consume_prevented(state, f"download:{card}"):
            pass
        elif state["cards"][card]["zone"] == "deck" and state["cards"][card]["in"] == seat:
            S.move(state, card, "hand", seat)
            if "as" in eff:  # "download two Glinns, then place them on top of your deck" (Conscription)
                FR._remember(frame, eff, [card])
        return True
    if "answer" in work:
        pick = work.pop("answer")
        if pick is None:
            G.shuffle_deck(state, seat)
            return True
        deck.remove(pick)  # found and shown; the rest of the deck is shuffled without it
        G.shuffle_deck(state, seat)
        deck.insert(0, pick)
        S.log(state, "downloaded", seat=seat, card=pick, title=S.name(state, pick))
        work["found"] = pick
        TR.fire_urgent(state, "about_to_download", card=pick, seat=seat, verb="download")
        return False  # the mandatory texts and the window come first; then into the hand
    opts = F.pile_options(state, deck, arg, ctx)
    if not opts:
        G.shuffle_deck(state, seat)
        return True
    S.set_pending(state, seat, "choose", "Choose the card to take (or none)", opts + [{"type": "choose", "card": None}],
                  reveal=[o["card"] for o in opts])
    return False


def _deck(top):
    def fn(state, frame, c):
        if LEG.stays_in_play(state, c):
            return
        if S.in_play(state, c):
            G._scatter(state, c)
        S.move(state, c, "deck", state["cards"][c]["owner"], top=top)
    return fn


def exchange_hands_with_deck_bottom(state: dict, frame: dict, eff: dict, arg: dict):
    """``exchange_hands_with_deck_bottom`` ``{}`` (Yelgrun): "each player shuffles his or her hand
    and exchanges it for an equal number of cards from the bottom of his or her deck" — you first,
    then each player to your left; the bottom cards (as many as there are) go to the hand, the
    shuffled hand to the bottom of the deck. Nobody sees a card: the log says only how many."""
    seat = frame["ctx"]["you"]
    for _ in range(len(state["seats"])):
        me = state["seats"][seat]
        hand = list(me["hand"])
        R.shuffle(state["rng"], hand)
        taken = me["deck"][len(me["deck"]) - min(len(hand), len(me["deck"])):] if hand else []
        for c in hand:
            S.move(state, c, "deck", seat)  # to the bottom, in the shuffled order
        for c in taken:
            S.move(state, c, "hand", seat)
        S.log(state, "exchanged_hand_with_deck_bottom", seat=seat, count=len(taken))
        seat = S.left_of(state, seat)
    return True

