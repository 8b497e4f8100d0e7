"""Turn part 2, "Execute Orders": beaming, moving a ship, attempting a mission, and
"Order -" texts and interrupts — one order at a time, only unstopped cards.
"""
from __future__ import annotations

from rules.read_scope import listing_unread

from . import state as S
from . import stats as ST
from .effects import extra as X
from .effects import filters as F
from .effects import gathering as GA
from . import play as P
from . import actions as A
from .effects import costs as C
from .effects.useful import may_change
from .effects import frames as FR
from . import legality as LEG


def choose_beam_destination(state: dict, seat: int, card: str) -> None:
    opts = LEG.beam_options(state, seat, card=card)
    S.set_pending(state, seat, "beam_to", f"Beam {S.name(state, card)} where?", opts)


def beam(state: dict, seat: int, card: str, to: str) -> None:
    """Rulebook "Beaming" (by the order or by card text). A beam between a mission's surface and
    a ship is answered by "when an opponent beams to or from this mission" (event
    ``opponent_beamed``: Kitara) and may have a price in cards from hand ("an opponent must
    discard a card from hand to beam to or from this planet": Tama — an offered beam can pay it,
    legality.beam_options)."""
    surface = LEG.surface_beam(state, card, to)
    m = S.mission_of(state, to)
    if S.ctype(state, to) == "ship":
        S.move(state, card, "aboard", to)
    else:
        S.move(state, card, "pile", to)
    S.log(state, "beamed", seat=seat, card=card, to=to, title=S.name(state, card))
    if surface and m is not None:
        for src, n in X.beam_costs(state, seat, m):
            FR.push(state, [{"discard": {"count": n, "from": "hand"}}], F.ctx_for(state, src, you=seat))
        from .triggers import fire
        fire(state, "opponent_beamed", seat=seat, card=card, mission=m)


def move_options(state: dict, seat: int) -> list[dict]:
    out = []
    for s in S.ships_in_play(state, seat):
        if state["cards"][s]["stopped"] or not ST.staffed(state, s):
            continue
        here = S.mission_of(state, s)
        left = ST.range_left(state, s)
        for m in S.all_missions(state):
            if m != here and ST.range_needed(state, here, m, s) <= left and not LEG.move_forbidden(state, s, here, m):
                out.append({"type": "move", "ship": s, "to": m})
    return out


def move_ship(state: dict, seat: int, ship: str, to: str, *, next_turn: bool = False) -> None:
    """Rulebook "Moving a Ship": a staffed ship moves to any mission when the span total
    (± quadrant/region) is within its remaining Range (RULES.md, Gap 6: equal is enough).
    ``next_turn``: the span total is paid from the Range of its commander's next turn
    (Blind Spot). Then "when … moves" responses may answer (event ``ship_moved``)."""
    here = S.mission_of(state, ship)
    cost = ST.range_needed(state, here, to, ship)
    key = "range_next" if next_turn else "range_used"
    state["cards"][ship][key] = state["cards"][ship].get(key, 0) + cost
    S.move(state, ship, "ships", to)
    S.log(state, "moved", seat=seat, ship=ship, frm=here, to=to, range=cost, title=S.name(state, ship))
    from .triggers import fire
    fire(state, "ship_moved", card=ship, seat=seat, mission=to, **{"from": here})
    fire(state, "you_moved_ship", card=ship, ship=ship, seat=seat, mission=to, **{"from": here})  # Cargo Haul


def attempt_options(state: dict, seat: int) -> list[dict]:
    """Rulebook "Attempting a Mission": only your own planet or space missions, not yet
    completed; planet: all your unstopped personnel there; space: all unstopped personnel
    aboard one of your unstopped ships there; one of them must match an affiliation of the
    mission."""
    out = []
    hand = len(state["seats"][seat]["hand"])
    for m in state["seats"][seat]["missions"]:
        mt = S.mission_type(state, m)
        if mt == "headquarters" or state["cards"][m].get("completed"):
            continue
        if sum(n for _, n in X.attempt_costs(state, seat, m)) > hand:  # the price cannot be paid (Terix)
            continue
        if _no_attempts_here(state, m):  # "You cannot begin a mission attempt at this mission" (Timescape)
            continue
        if [seat, m] in (state["turn"].get("no_attempt") or ()):  # "… that same mission again this turn" (Indomitable)
            continue
        need = _attempt_min(state, m)  # "you must have at least six personnel involved" (Skeleton Crew)
        if mt == "planet":
            team = team_for(state, seat, m, None)
            if team and len(team) >= need and affiliation_matches(state, m, team):
                out.append({"type": "attempt", "mission": m})
        else:
            for s in state["cards"][m]["ships"]:
                if S.commander(state, s) != seat or state["cards"][s]["stopped"]:
                    continue
                team = team_for(state, seat, m, s)
                if team and len(team) >= need and affiliation_matches(state, m, team):
                    out.append({"type": "attempt", "mission": m, "ship": s})
        out += _alternative_attempts(state, seat, m, mt, need)
    return out


def _alternative_attempts(state: dict, seat: int, m: str, mt: str, need: int = 1) -> list[dict]:
    """"You may attempt … missions using your [Maq] personnel (and a ship they are aboard at a
    space mission) … with these requirements" (For the Cause, ability ``attempt_with``): one
    more option per such text, ``using`` it — the team is the personnel it names, whatever
    their affiliation."""
    out: list[dict] = []
    for src, k, ab in GA.alternative_attempts(state, seat, m):
        ships = [None] if mt == "planet" else [s for s in state["cards"][m]["ships"]
                                               if S.commander(state, s) == seat and not state["cards"][s]["stopped"]]
        for s in ships:
            if len(GA.alternative_team(state, seat, m, s, src, ab)) >= max(1, need):
                out.append({"type": "attempt", "mission": m, **({"ship": s} if s else {}), "using": [src, k]})
    return out


def _attempt_min(state: dict, m: str) -> int:
    """The fewest personnel an attempt of ``m`` may begin with: keyword ``attempt_min`` (``count``) on
    the mission or on a card lying on it (Skeleton Crew: "To begin a mission attempt at this mission,
    you must have at least six personnel involved"); 1 otherwise."""
    need = 1
    for c in [m, *state["cards"][m]["on"]]:
        for ab in S.keyword_abilities(state, c, "attempt_min"):
            need = max(need, int(ab.get("count", 1)))
    return need


def _no_attempts_here(state: dict, m: str) -> bool:
    """A card lying on the mission (a dilemma placed there: Timescape) or the mission itself
    has the keyword ``cant_attempt_here``: no attempt of it may begin (one under way goes on)."""
    return any(F.has_keyword_ability(state, c, "cant_attempt_here") for c in [m, *state["cards"][m]["on"]])


def team_for(state: dict, seat: int, m: str, ship: str | None) -> list:
    if ship and X.damage_keywords(state, "cant_attempt", ship):  # "Damage - Personnel aboard this ship cannot attempt"
        return []
    cards = state["cards"][ship]["aboard"] if ship else state["cards"][m]["pile"]
    return [i for i in cards if S.ctype(state, i) == "personnel" and S.commander(state, i) == seat
            and not state["cards"][i]["stopped"] and not F.has_keyword_ability(state, i, "cant_attempt")]


def affiliation_matches(state: dict, m: str, team: list) -> bool:
    allowed = set(S.card_def(state, m).get("attempt_affiliations") or [])
    if not allowed:  # RULES.md: a mission naming no affiliation may be attempted by any
        return True
    return any(allowed & set(ST.affiliations(state, i)) for i in team) or any(_may_attempt(state, i) for i in team)


def _may_attempt(state: dict, iid: str) -> bool:
    """Keyword ``may_attempt`` (+ ``if``, read for the personnel): "While this personnel is at your
    [Kli] mission, you may attempt it" (Kell, Selok) — he lets his team attempt the mission he is at
    as a personnel matching its affiliation would (RULES.md "Infiltration")."""
    abs_ = S.keyword_abilities(state, iid, "may_attempt")
    if not abs_:
        return False
    ctx = F.ctx_for(state, iid)
    return any("if" not in ab or F.condition(state, ab["if"], ctx) for ab in abs_)


def order_options(state: dict, seat: int) -> list[dict]:
    out = []
    used = state["turn"]["used"]
    blk = X.blankers(state)
    for iid in S.in_play_having(state, "order"):  # the others have no order text
        if S.commander(state, iid) != seat or state["cards"][iid]["stopped"]:
            continue
        if blk and X.blanked(state, iid, blk):  # "cannot use his or her abilities" (item 26)
            continue
        if f"{iid}:orders" in used:  # "You may execute only one order using this event each turn"
            continue
        for k, ab in enumerate(S.mechanics(state, iid)):
            if ab.get("kind") != "order":
                continue
            if ab.get("limit") == "once_per_turn" and f"{iid}:{k}" in used:
                continue
            ctx = F.ctx_for(state, iid)
            if "while" in ab and not F.condition(state, ab["while"], ctx):
                continue
            if not C.payable(state, seat, iid, ab.get("cost") or []):
                continue
            if not ab.get("cost") and not may_change(state, ab["effects"], ctx):
                continue  # a free order that could change nothing is not offered (RULES.md)
            out.append({"type": "order", "card": iid, "ability": k})
    return out


def use_order(state: dict, seat: int, iid: str, k: int) -> None:
    ab = S.mechanics(state, iid)[k]
    state["turn"]["used"].append(f"{iid}:{k}")
    if F.has_keyword_ability(state, iid, "one_order_per_turn"):
        state["turn"]["used"].append(f"{iid}:orders")
    S.log(state, "order", seat=seat, card=iid, title=S.name(state, iid))
    FR.push(state, ab["effects"], F.ctx_for(state, iid), cost=ab.get("cost"))


def execute_orders(state: dict) -> None:
    seat = state["turn"]["player"]
    if listing_unread():  # a batch fold: the next event answers this without reading the options
        S.set_pending(state, seat, "orders", "Execute orders (or end them)", None)
        return
    opts = []
    if state["turn"]["orders"] < S.ORDERS_PER_TURN:
        with ST.frozen(state):
            beams, seen = [], set()
            for b in LEG.beam_options(state, seat):  # pick the card first, then where (small lists)
                if b["card"] not in seen:
                    seen.add(b["card"])
                    beams.append({"type": "beam", "card": b["card"]})
            opts = attempt_options(state, seat) + move_options(state, seat) + beams \
                + order_options(state, seat) + P.legal(state, seat, orders=True) + X.pay_options(state, seat) \
                + A.options(state, seat)[0]
    opts.append({"type": "end_orders"})
    S.set_pending(state, seat, "orders", "Execute orders (or end them)", opts)
