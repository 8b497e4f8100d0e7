"""The rulebook's general terms as functions: destroy, discard, kill, out of play, stop,
damage, brig and captives, uniqueness, present/equipped with, draw.

Rulebook "Destroy, Discard, Kill": each puts a card in its *owner's* discard pile —
discard from hand or deck, destroy in play, kill a personnel. Glossary "Discarding":
whenever a card leaves play all cards played on it are discarded, except dilemmas, which
return to the bottom of their owner's dilemma pile.
"""
from __future__ import annotations

from .. import rng as R
from . import state as S
from . import stats as ST
from . import legality as LEG


def _scatter(state: dict, host: str) -> None:
    """Cards on/aboard a card that leaves play go to their owners' discard piles
    (dilemmas to the bottom of their owner's dilemma pile); so do the cards placed on an event
    (``placed``, out of play: RULES.md "Cards placed on an event")."""
    c = state["cards"][host]
    for zone in ("aboard", "damage", "attached", "ships", "placed"):  # "ships": ships placed on an event
        for iid in list(c.get(zone, [])):
            if zone in ("aboard", "ships"):
                _scatter(state, iid)
            to_owner_pile(state, iid)


def to_owner_pile(state: dict, iid: str) -> None:
    """A card going to its owner's discard pile; a dilemma goes to the bottom of the dilemma pile."""
    c = state["cards"][iid]
    if S.ctype(state, iid) == "dilemma":
        S.move(state, iid, "dilemmas", c["owner"])
        c["face_up"] = False
    else:
        to_discard_pile(state, iid)


def to_discard_pile(state: dict, iid: str) -> None:
    """A card (not a dilemma) placed in its owner's discard pile — destroyed, killed, discarded from
    hand or deck, placed there by a text — fires ``placed_in_discard_pile`` for its owner ("When you
    place a Jem'Hadar in your discard pile": Jem'Hadar Birthing Chamber). A played interrupt going
    there after its play is not "placed" so."""
    owner = state["cards"][iid]["owner"]
    S.move(state, iid, "discard", owner)
    from .triggers import fire, fire_urgent
    # "When you are about to place a Vorta in your discard pile, … instead" (Vorta Cloning, Jadzia Dax,
    # Odo): every road to the pile comes here, so the window is fired here, urgently (answered before
    # anything goes on); the card waits in the pile while it is open, and an "instead" takes it out.
    # Only once the window closes with the card still there has it been placed (RULES.md "About to be
    # placed in your discard pile").
    windows = len(state["windows"])
    if fire_urgent(state, "about_to_place_in_discard_pile", card=iid, seat=owner, while_in="discard") \
            and len(state["windows"]) > windows:
        state["windows"][0]["after"] = {"event": "placed_in_discard_pile", "card": iid, "seat": owner, "zone": "discard"}
        return
    fire(state, "placed_in_discard_pile", card=iid, seat=owner)


def played_to_discard(state: dict, iid: str) -> None:
    """A played interrupt goes to its player's discard pile: not "placed" there by a text (no
    ``placed_in_discard_pile``), but its player is about to place it there, so the "instead" texts
    answer (Odo: "when you are about to place an Infiltration card in your discard pile … place that
    Infiltration card on top of your deck instead"; RULES.md "About to be placed in your discard pile")."""
    owner = state["cards"][iid]["owner"]
    S.move(state, iid, "discard", owner)
    from .triggers import fire_urgent
    fire_urgent(state, "about_to_place_in_discard_pile", card=iid, seat=owner, while_in="discard")


def destroy(state: dict, iid: str, *, reason: str = "destroyed") -> None:
    """Destroy a card in play (a personnel: kill). Everything on it leaves with it."""
    if not S.in_play(state, iid) and state["cards"][iid]["zone"] not in ("damage", "brig"):
        return
    if LEG.stays_in_play(state, iid):
        return
    where, loc = S.mission_of(state, iid), S.location(state, iid)
    _scatter(state, iid)
    is_personnel = S.ctype(state, iid) == "personnel"
    owner = state["cards"][iid]["owner"]
    to_owner_pile(state, iid)
    S.log(state, reason, card=iid, title=S.name(state, iid))
    if is_personnel:
        from .triggers import fire
        # how (Energize: "when a dilemma kills", "killed … in combat, or in an engagement"): the
        # text running now is the frame on top of the effect stack
        top = state["stack"][-1]["ctx"] if state.get("stack") else {}
        if state.get("attempt"):  # "if a personnel has been killed during this mission attempt"
            state["attempt"]["killed"] = True
        fire(state, "personnel_killed", card=iid, seat=owner, by_dilemma=bool(top.get("dilemma")),
             by=top.get("you"),  # whose text killed it: "when you kill an opponent's personnel" (Kahless)
             during=top.get("during"), involved=top.get("involved"), mission=where,
             location=list(loc) if loc else None)  # "your other Klingon present is killed" (Konmel)


def kill(state: dict, iid: str) -> None:
    if S.ctype(state, iid) == "personnel":
        destroy(state, iid, reason="killed")


def remove_from_game(state: dict, iid: str) -> None:
    """Out of play: set completely aside, not into any discard pile."""
    if LEG.stays_in_play(state, iid):
        return
    if S.in_play(state, iid):
        _scatter(state, iid)
    c = state["cards"][iid]
    hidden = c["zone"] in HIDDEN_ZONES  # "remove those dilemmas from the game" (Machinations): still unseen
    S.move(state, iid, "out", c["owner"])
    if hidden:
        c["face_down"] = True
        S.log(state, "removed_from_game", card=None, title=None, owner=c["owner"])
        S.log(state, "removed_from_game", card=iid, title=S.name(state, iid), private=c["owner"])
    else:
        S.log(state, "removed_from_game", card=iid, title=S.name(state, iid))


# zones whose cards the other players do not see: a card removed from the game from one of them
# is set aside face down (RULES.md "Energize (set 2) readings": no text reveals it)
HIDDEN_ZONES = ("hand", "deck", "dilemmas", "drawn", "stack")


def stop(state: dict, iid: str, *, by_dilemma: bool = False) -> None:
    """Stop a card in play. ``by_dilemma``: a dilemma's text stops it — the ``personnel_stopped``
    event says so ("When your personnel is stopped by a dilemma": Dissolving the Senate)."""
    if not S.in_play(state, iid) or state["cards"][iid]["stopped"]:
        return
    if S.ctype(state, iid) == "equipment":  # Glossary "Stopped": equipment is never stopped
        return
    from .effects.extra import cant_be_stopped
    if cant_be_stopped(state, iid, by_dilemma=by_dilemma):
        return
    state["cards"][iid]["stopped"] = True
    a = state.get("attempt")
    if a is not None and state["cards"][iid].get("commander") == a["seat"]:  # "who became stopped during that
        a.setdefault("stopped_during", []).append(iid)  # mission attempt" (Indomitable: event attempt_ended)
    S.log(state, "stopped", card=iid, title=S.name(state, iid))
    from .triggers import fire
    fire(state, "personnel_stopped", card=iid, seat=state["cards"][iid]["owner"], by_dilemma=by_dilemma)


def draw(state: dict, seat: int, count: int = 1, *, opening: bool = False) -> int:
    """Draw from the top of the draw deck; as many as there are (do as much as you can).
    Each card drawn (not the opening hand: no card is in play yet) fires ``card_drawn`` —
    "when you draw a card" (Visionary) answers each one, after the log says how many."""
    drawn = []
    if not opening:
        from .effects.extra import draws_forbidden
        if draws_forbidden(state):  # "No player may draw cards from his or her deck" (At an Impasse)
            return 0
    for _ in range(count):
        deck = state["seats"][seat]["deck"]
        if not deck:
            break
        drawn.append(deck[0])
        S.move(state, deck[0], "hand", seat)
    if drawn:
        S.log(state, "drew", seat=seat, count=len(drawn))
    if drawn and not opening:
        from .effects.tallies import note_drawn
        from .triggers import fire
        note_drawn(state, seat, len(drawn))  # "has drawn two cards this turn" (CONDITION this_turn)
        for card in drawn:
            fire(state, "card_drawn", seat=seat, card=card)
    return len(drawn)


def shuffle_deck(state: dict, seat: int) -> None:
    R.shuffle(state["rng"], state["seats"][seat]["deck"])


def place_damage(state: dict, card: str, ship: str) -> None:
    """Rulebook "Damage": a ship carries at most two damage cards; the third destroys it."""
    S.move(state, card, "damage", ship)
    state["cards"][card]["face_up"] = True
    S.log(state, "damaged", card=card, ship=ship, title=S.name(state, ship))
    if len(state["cards"][ship]["damage"]) >= 3:
        destroy(state, ship)


def repairable(state: dict, ship: str) -> bool:
    """A ship at a headquarters that allows you to play it may lose one damage card at the
    end of each of your turns (the D'deridex at Romulus example)."""
    m = S.mission_of(state, ship)
    return bool(state["cards"][ship]["damage"]) and S.mission_type(state, m) == "headquarters" \
        and ST.hq_allows(state, m, ship)


def repair(state: dict, ship: str, damage_card: str) -> None:
    to_owner_pile(state, damage_card)
    S.log(state, "repaired", ship=ship, card=damage_card, title=S.name(state, ship))


def place_in_brig(state: dict, iid: str, captor: int) -> None:
    """Brig and Captives: an opponent's personnel goes into your brig; nobody commands it.
    Equipment it carried stays where it was (RULES.md, Gap 14). A personnel revealed on top of a
    deck may be placed there too ("reveal the top card of that opponent's deck. If it is a
    personnel …, place him or her in your brig": Caught in the Act)."""
    if S.ctype(state, iid) != "personnel" or not (S.in_play(state, iid) or state["cards"][iid]["zone"] == "deck"):
        return
    _scatter_attached_only(state, iid)
    owner = state["cards"][iid]["owner"]
    S.move(state, iid, "brig", captor)
    S.log(state, "captured", card=iid, seat=captor, title=S.name(state, iid))
    if owner != captor:  # "When you place an opponent's personnel in your brig"
        from .triggers import fire
        fire(state, "placed_in_brig", card=iid, seat=captor)


def _scatter_attached_only(state: dict, iid: str) -> None:
    for a in list(state["cards"][iid].get("attached", [])):
        to_owner_pile(state, a)


def take_command(state: dict, iid: str, seat: int) -> bool:
    """Command and Owner: an opponent may gain command of your card in play; the owner
    stays its owner. Uniqueness: you may not take command of a card if you already
    command a copy of it."""
    d = S.card_def(state, iid)
    if not S.in_play(state, iid) or S.commander(state, iid) in (None, seat):
        return False
    if d.get("unique") and LEG.commands_copy(state, seat, d["title"]):
        return False
    state["cards"][iid]["commander"] = seat
    S.log(state, "took_command", seat=seat, card=iid, title=S.name(state, iid))
    return True
