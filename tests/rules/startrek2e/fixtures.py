"""Fixture cards (printed facts in the card_db shape + mechanics) and decks for engine tests.

Until the Premiere set has mechanics, the engine is tested with these cards, carried in
the config's ``extra_cards`` like Stargate's fixtures.
"""
from __future__ import annotations


def mission(cid, title, mtype, span=3, points=35, affs=("federation", "klingon"), reqs=None, quadrant="alpha",
            region=None, mechanics=None):
    return {"id": cid, "set": "T", "title": title, "subtitle": None, "unique": True, "type": "mission", "cost": None,
            "affiliations": [], "mission_type": mtype, "span": span, "points": points, "quadrant": quadrant,
            "region": region, "attempt_affiliations": list(affs) if mtype != "headquarters" else [],
            "requirements": reqs or [], "official": False, "mechanics": mechanics if mechanics is not None else [],
            "keywords": [f"Region: {region}"] if region else []}


def hq(cid, title, affs, span=2, quadrant="alpha", region=None):
    return mission(cid, title, "headquarters", span=span, points=0, quadrant=quadrant, region=region,
                   mechanics=[{"kind": "headquarters", "affiliations": list(affs)}])


def personnel(cid, title, aff, skills, icons=("staff",), cost=2, integrity=6, cunning=6, strength=6,
              unique=True, species="Human", mechanics=None, keywords=()):
    return {"id": cid, "set": "T", "title": title, "subtitle": None, "unique": unique, "type": "personnel",
            "cost": cost, "affiliations": [aff] if isinstance(aff, str) else list(aff), "icons": list(icons),
            "keywords": list(keywords), "species": species, "skills": dict(skills), "integrity": integrity,
            "cunning": cunning, "strength": strength, "official": False,
            "mechanics": mechanics if mechanics is not None else []}


def ship(cid, title, aff, staffing=("command", "staff"), rng=8, weapons=6, shields=6, cost=3, cls=None,
         mechanics=None):
    return {"id": cid, "set": "T", "title": title, "subtitle": None, "unique": True, "type": "ship", "cost": cost,
            "affiliations": [aff], "icons": [], "staffing": list(staffing), "keywords": [], "class": cls,
            "range": rng, "weapons": weapons, "shields": shields, "official": False,
            "mechanics": mechanics if mechanics is not None else []}


def card(cid, title, ctype, cost=1, mechanics=None, unique=False, **extra):
    return {"id": cid, "set": "T", "title": title, "subtitle": None, "unique": unique, "type": ctype, "cost": cost,
            "affiliations": [], "icons": [], "keywords": [], "official": False,
            "mechanics": mechanics if mechanics is not None else [], **extra}


def dilemma(cid, title, dtype, cost, effects):
    return {"id": cid, "set": "T", "title": title, "subtitle": None, "unique": False, "type": "dilemma",
            "cost": cost, "dilemma_type": dtype, "affiliations": [], "keywords": [], "official": False,
            "mechanics": [{"kind": "dilemma", "effects": effects}] if effects is not None else []}


RANDOM_STOP = [{"unless": {"any_of": [{"skills": {"Anthropology": 2}}, {"attributes": {"cunning": 30}}]},
                "then": [{"stop": {"random": {}, "count": 1}}]}]

CARDS = {c["id"]: c for c in [
    hq("T-HQF", "Earth", ["federation", "non-aligned"], span=2),
    hq("T-HQK", "Qo'noS", ["klingon", "non-aligned"], span=2),
    hq("T-HQR", "Romulus", ["romulan"], span=2),
    mission("T-P1", "Survey Planet", "planet", span=3, points=35,
            reqs=[{"skills": {"Anthropology": 1, "Diplomacy": 1}, "attributes": {"integrity": 20}}]),
    mission("T-P2", "Rescue Colonists", "planet", span=2, points=30,
            reqs=[{"skills": {"Medical": 1, "Security": 1}}, {"skills": {"Leadership": 2}}]),
    mission("T-S1", "Intercept Renegade", "space", span=3, points=40,
            reqs=[{"skills": {"Navigation": 1, "Security": 1}, "attributes": {"cunning": 18}}]),
    mission("T-S2", "Chart Nebula", "space", span=4, points=35, quadrant="gamma",
            reqs=[{"skills": {"Astrometrics": 1, "Physics": 1}}]),
    mission("T-S3", "Patrol Border", "space", span=3, points=35, region="Neutral Zone",
            reqs=[{"skills": {"Navigation": 1}}]),
    mission("T-P3", "Border Outpost", "planet", span=3, points=30, region="Neutral Zone",
            reqs=[{"skills": {"Security": 1}}]),
    personnel("T-F1", "Picard", "federation", {"Leadership": 1, "Diplomacy": 2, "Anthropology": 1}, ("command",), cost=3, cunning=8),
    personnel("T-F2", "Crusher", "federation", {"Medical": 2, "Biology": 1}, cost=2),
    personnel("T-F3", "La Forge", "federation", {"Engineer": 2, "Physics": 1}, cost=2),
    personnel("T-F4", "Data", "federation", {"Astrometrics": 1, "Physics": 1, "Navigation": 1}, cost=3, cunning=9, species="Android"),
    personnel("T-F5", "Tasha", "federation", {"Security": 2}, cost=2, strength=8),
    personnel("T-F6", "Ensign", "federation", {"Navigation": 1}, cost=1, unique=False, integrity=5, cunning=5, strength=5),
    personnel("T-F7", "Troi", "federation", {"Anthropology": 1, "Diplomacy": 1}, ("command",), cost=2),
    personnel("T-F8", "O'Brien", "federation", {"Engineer": 1, "Transporters": 1}, cost=1),
    personnel("T-K1", "Worf", "klingon", {"Security": 1, "Honor": 2}, ("command",), cost=3, strength=9, species="Klingon"),
    personnel("T-K2", "Kurn", "klingon", {"Leadership": 1, "Navigation": 1}, ("command",), cost=2, species="Klingon"),
    personnel("T-K3", "Warrior", "klingon", {"Security": 1, "Honor": 1}, cost=1, unique=False, species="Klingon"),
    personnel("T-K4", "Doctor", "klingon", {"Medical": 1, "Biology": 1}, cost=2, species="Klingon"),
    personnel("T-K5", "Scientist", "klingon", {"Physics": 1, "Astrometrics": 1, "Anthropology": 1}, cost=2, species="Klingon"),
    personnel("T-K6", "Envoy", "klingon", {"Diplomacy": 1, "Anthropology": 1, "Treachery": 1}, cost=2, species="Klingon"),
    personnel("T-N1", "Guinan", "non-aligned", {"Anthropology": 2, "Diplomacy": 1}, cost=2, species="El-Aurian",
              mechanics=[{"kind": "trigger", "on": "play_self", "optional": True, "effects": [{"draw": {"count": 1}}]}]),
    ship("T-SF", "U.S.S. Galaxy", "federation", ("command", "staff", "staff", "staff"), rng=8, weapons=7, shields=8, cost=4),
    ship("T-SF2", "U.S.S. Runabout", "federation", ("staff",), rng=7, weapons=4, shields=5, cost=2),
    ship("T-SK", "I.K.S. Bird", "klingon", ("command", "staff"), rng=8, weapons=7, shields=6, cost=3),
    ship("T-SR", "D'deridex", "romulan", ("command", "staff"), rng=8, weapons=9, shields=9, cost=4, cls="D'deridex"),
    card("T-EQ1", "Engineer Kit", "equipment", cost=1, mechanics=[
        {"kind": "static", "modify": {"stat": "Physics", "amount": 1, "who": {"present": True, "skill": "Engineer", "owner": "you"}}}]),
    card("T-EQ2", "Medical Kit", "equipment", cost=1, mechanics=[
        {"kind": "static", "modify": {"stat": "Biology", "amount": 1, "who": {"present": True, "skill": "Medical", "owner": "you"}}}]),
    card("T-EQ3", "Type-2 Phaser", "equipment", cost=1, mechanics=[
        {"kind": "static", "modify": {"stat": "strength", "amount": 1, "who": {"present": True, "owner": "you", "type": "personnel"}},
         "while": {"in_combat": True}}]),
    card("T-EV1", "Treachery Bonus", "event", cost=1, mechanics=[
        {"kind": "event"},
        {"kind": "static", "modify": {"stat": "cunning", "amount": 2, "who": {"owner": "you", "skill": "Treachery"}}}]),
    card("T-EV2", "Attack Pattern", "event", cost=2, mechanics=[
        {"kind": "event"},
        {"kind": "order", "cost": [{"destroy": {"self": True}}], "effects": [
            {"begin_engagement": {}, "win": [{"place_as_damage": {"ref": "opponent_ship"}}]}]}]),
    card("T-EV3", "Ambush", "event", cost=1, mechanics=[
        {"kind": "event"},
        {"kind": "order", "cost": [{"destroy": {"self": True}}], "effects": [
            {"begin_combat": {}, "win": [{"kill": {"random": {"scope": "in_play", "owner": "opponent", "type": "personnel"},
                                                   "count": 1}}]}]}]),
    card("T-EV4", "Supply Run", "event", cost=2, mechanics=[
        {"kind": "event", "destroy_after": True, "effects": [{"draw": {"count": 2}}]}]),
    card("T-I1", "Quick Thinking", "interrupt", cost=0, mechanics=[
        {"kind": "interrupt", "when": "dilemma_revealed", "effects": [
            {"modify": {"stat": "cunning", "amount": 3, "target": {"all": {"attempting": True}}}, "until": "end_of_dilemma"}]}]),
    card("T-I2", "Lucky Find", "interrupt", cost=0, mechanics=[
        {"kind": "interrupt", "effects": [{"download": {"filter": {"type": "personnel"}}}]}]),
    dilemma("T-D1", "Dangerous Climb", "dual", 1, RANDOM_STOP),
    dilemma("T-D2", "Sickness", "planet", 2, [
        {"unless": {"skills": {"Medical": 1}}, "then": [{"kill": {"choose": {}, "chooser": "opponent", "count": 1}}]}]),
    dilemma("T-D3", "Ion Storm", "space", 1, [
        {"unless": {"skills": {"Navigation": 1}}, "then": [{"stop": {"random": {}, "count": 2}}, {"return_to_pile": {}}]}]),
    dilemma("T-D4", "Wall of Honor", "dual", 2, [
        {"stop": {"random": {"highest": "strength"}, "count": 1}},
        {"place_on_mission": {"requirement": {"skills": {"Honor": 1}}}}]),
    dilemma("T-D5", "Confusion", "dual", 1, [
        {"modify": {"stat": "cunning", "amount": -2, "target": {"all": {}}}, "until": "end_of_attempt"},
        {"place_on_mission": {"until": "end_of_turn"}}]),
    dilemma("T-D6", "Hull Breach", "space", 2, [
        {"unless": {"skills": {"Engineer": 1}}, "then": [{"place_on_ship": {}}]}]),
    dilemma("T-D7", "Kidnap", "planet", 2, [
        {"unless": {"skills": {"Security": 1}}, "then": [{"place_in_brig": {"random": {}, "count": 1}}]}]),
    dilemma("T-D8", "Nothing Happens", "dual", 0, None),
    dilemma("T-D9", "Lost in Thought", "dual", 1, [
        {"unless": {"attributes": {"integrity": 15}}, "then": [{"stop": {"choose": {"lowest": "cunning"}, "chooser": "opponent"}}]}]),
]}
CARDS["T-D8"]["mechanics"] = []

FED_DECK = {
    "missions": ["T-HQF", "T-P1", "T-P2", "T-S1", "T-S2"],
    "dilemmas": ["T-D1", "T-D1", "T-D2", "T-D2", "T-D3", "T-D3", "T-D4", "T-D4", "T-D5", "T-D5", "T-D6", "T-D6",
                 "T-D7", "T-D7", "T-D8", "T-D8", "T-D9", "T-D9", "T-D1", "T-D3"],
    "deck": ["T-F1", "T-F1", "T-F2", "T-F2", "T-F3", "T-F3", "T-F4", "T-F4", "T-F5", "T-F5", "T-F6", "T-F6", "T-F6",
             "T-F7", "T-F7", "T-F8", "T-F8", "T-N1", "T-N1", "T-SF", "T-SF", "T-SF2", "T-SF2", "T-SF2", "T-EQ1",
             "T-EQ2", "T-EQ3", "T-EV1", "T-EV2", "T-EV2", "T-EV3", "T-EV4", "T-I1", "T-I1", "T-I2", "T-I2"],
}
KLI_DECK = {
    "missions": ["T-HQK", "T-P1", "T-P3", "T-S1", "T-S3"],
    "dilemmas": list(FED_DECK["dilemmas"]),
    "deck": ["T-K1", "T-K1", "T-K2", "T-K2", "T-K3", "T-K3", "T-K3", "T-K4", "T-K4", "T-K5", "T-K5", "T-K6", "T-K6",
             "T-N1", "T-N1", "T-SK", "T-SK", "T-SK", "T-EQ1", "T-EQ2", "T-EQ3", "T-EQ3", "T-EV1", "T-EV1", "T-EV2",
             "T-EV2", "T-EV3", "T-EV3", "T-EV4", "T-EV4", "T-I1", "T-I1", "T-I2", "T-I2", "T-K4", "T-K5"],
}
DECKS = {"fed": FED_DECK, "kli": KLI_DECK}


def config(a: str = "fed", b: str = "kli", extra: dict | None = None) -> dict:
    cards = dict(CARDS)
    cards.update(extra or {})
    return {"ruleset": "standard", "extra_cards": cards,
            "seats": [{"name": a, **DECKS[a]}, {"name": b, **DECKS[b]}]}


# Easy missions: random play reaches 100 points, so victory is exercised end to end.
for _c in [
    mission("T-E1", "Easy Planet", "planet", span=2, points=50, reqs=[{"skills": {"Security": 1}}]),
    mission("T-E2", "Easy Space", "space", span=2, points=50, reqs=[{"skills": {"Navigation": 1}}]),
    mission("T-E3", "Easy Planet Two", "planet", span=2, points=50, reqs=[{"skills": {"Diplomacy": 1}}]),
    mission("T-E4", "Easy Space Two", "space", span=2, points=50, reqs=[{"skills": {"Honor": 1}}, {"skills": {"Physics": 1}}]),
]:
    CARDS[_c["id"]] = _c
DECKS["fed-easy"] = {**FED_DECK, "missions": ["T-HQF", "T-E1", "T-E2", "T-E3", "T-E4"]}
DECKS["kli-easy"] = {**KLI_DECK, "missions": ["T-HQK", "T-E1", "T-E2", "T-E3", "T-E4"]}


def config_n(*names: str) -> dict:
    """A config for any number of seats."""
    return {"ruleset": "standard", "extra_cards": dict(CARDS),
            "seats": [{"name": n, **DECKS[n]} for n in names]}
