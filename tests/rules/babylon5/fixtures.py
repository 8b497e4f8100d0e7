"""Fixture cards (invented, ``official: false``) for engine tests, independent of the pool.

Games are set up from a config with ``extra_cards`` (the engine allows config-supplied cards).
"""
from __future__ import annotations

import copy


def card(id, title, type, race="neutral", cost=0, subtype=None, **kw):
    base = {"id": id, "title": title, "type": type, "race": race, "cost": cost, "subtype": subtype,
            "starting_ambassador": False, "loyal": type == "character" and race != "neutral",
            "limited": type in ("character", "group", "fleet", "location"), "abilities": None, "military": None,
            "influence_bonus": 0, "power_bonus": 0, "traits": [], "aide_of": None, "attaches_to": None,
            "conflict_target": None, "any_player_may_be_supported": False, "play_conditions": None,
            "official": False, "mechanics": []}
    base.update(kw)
    return base


def ab(d=0, i=0, l=0, p=0):
    return {"diplomacy": d, "intrigue": i, "leadership": l, "psi": p}


def amb(id, title, race, a):
    return card(id, title, "character", race, None, "ambassador", starting_ambassador=True, abilities=a)


def char(id, title, race, cost, a, subtype="character", **kw):
    return card(id, title, "character", race, cost, subtype, abilities=a, **kw)


def aftermath(id, title, result, conflict, participant, mechanics=None, cost=0):
    return card(id, title, "aftermath", cost=cost, limited=False,
                play_conditions={"result": result, "conflict": conflict, "participant": participant},
                mechanics=mechanics or [])


def conflict(id, title, subtype, target=None, mechanics=None, race="neutral", any_side=False):
    return card(id, title, "conflict", race, 0, subtype, limited=False, conflict_target=target,
                any_player_may_be_supported=any_side, mechanics=mechanics or [])


CARDS = [
    amb("fx-sheridan", "John Sheridan", "human", ab(3, 2, 4, 0)),
    amb("fx-delenn", "Delenn", "minbari", ab(4, 2, 3, 2)),
    amb("fx-londo", "Londo Mollari", "centauri", ab(3, 4, 2, 0)),
    amb("fx-gkar", "G'Kar", "narn", ab(3, 3, 3, 1)),
    amb("fx-vizak", "Ambassador Vizak", "non-aligned", ab(2, 2, 2, 2)),
    char("fx-envoy", "League Envoy", "non-aligned", 2, ab(2, 1, 1, 0)),
    card("fx-league-fleet", "League Patrol", "fleet", "non-aligned", 2, military=2),
    char("fx-vir", "Vir Cotto", "centauri", 3, ab(2, 2, 1, 0), "aide", aide_of="fx-londo"),
    char("fx-natoth", "Na'Toth", "narn", 3, ab(2, 3, 1, 0), "aide", aide_of="fx-gkar"),
    char("fx-lennier", "Lennier", "minbari", 3, ab(2, 2, 1, 1), "aide", aide_of="fx-delenn"),
    char("fx-ivanova", "Susan Ivanova", "human", 3, ab(1, 2, 3, 1), "aide", aide_of="fx-sheridan"),
    char("fx-garibaldi", "Michael Garibaldi", "human", 4, ab(1, 3, 3, 0)),
    char("fx-talia", "Talia Winters", "human", 3, ab(1, 1, 0, 3)),
    char("fx-trader", "Free Trader", "neutral", 2, ab(1, 2, 0, 0)),
    char("fx-warleader", "Warleader", "narn", 3, ab(0, 1, 3, 0)),
    char("fx-courtier", "Courtier", "centauri", 2, ab(2, 2, 0, 0)),
    char("fx-ranger", "Ranger", "minbari", 3, ab(1, 2, 2, 1)),
    card("fx-narn-fleet", "Narn Heavy Cruisers", "fleet", "narn", 3, military=3),
    card("fx-human-fleet", "Omega Destroyers", "fleet", "human", 3, military=3),
    card("fx-minbari-fleet", "Sharlin Warcruisers", "fleet", "minbari", 4, military=4),
    card("fx-centauri-fleet", "Primus Battlecruisers", "fleet", "centauri", 3, military=3),
    card("fx-raiders", "Raider Wing", "fleet", "neutral", 2, military=2, traits=["Mercenary"]),
    card("fx-homeguard", "Home Guard", "group", "neutral", 2, power_bonus=1),
    card("fx-mars", "Mars Colony", "location", "human", 2, military=2, power_bonus=1),
    card("fx-book", "Book of G'Quan", "enhancement", "narn", 1, limited=False, attaches_to="character",
         mechanics=[{"kind": "enhancement", "modify": {"diplomacy": 2}}]),
    card("fx-uniform", "Dress Uniform", "enhancement", "neutral", 1, limited=False, attaches_to="character",
         mechanics=[{"kind": "enhancement", "modify": {"leadership": 1}}]),
    card("fx-psi-corps", "Psi Corps Oversight", "enhancement", "neutral", 2, limited=False, attaches_to="global",
         mechanics=[{"kind": "enhancement", "modify": {"psi": 1}, "who": {"type": "character"}}]),
    card("fx-prestige", "Prestige", "enhancement", "neutral", 2, limited=False, attaches_to="faction",
         mechanics=[{"kind": "enhancement", "modify": {"power": 1}}]),
    card("fx-agenda", "Knowledge Is Power", "agenda", "neutral", 1, limited=False,
         mechanics=[{"kind": "agenda", "conflict": {"cost": 3, "type": "intrigue", "target": "player",
                                                    "success": [{"influence": 1, "who": "initiator"}]}}]),
    card("fx-major", "Destiny", "agenda", "neutral", 2, "major", limited=False,
         mechanics=[{"kind": "agenda", "victory": {"power_at_least": 30}}]),
    card("fx-decisive", "Decisive Tactics", "event", "neutral", 0, limited=False,
         mechanics=[{"kind": "play", "target": {"type": "character"},
                     "effects": [{"modify": {"leadership": 2}, "target": "chosen"}]}]),
    card("fx-vicious", "Vicious Blow", "contingency", "neutral", 0, limited=False, attaches_to="character",
         mechanics=[{"kind": "contingency", "trigger": "neutralized_opponent",
                     "effects": [{"severe": 2, "target": "opponent"}]}]),
    conflict("fx-dip", "Trade Talks", "diplomatic", "faction",
             [{"kind": "conflict", "success": [{"influence": 1, "who": "initiator"},
                                               {"tension": 1, "between": ["initiator", "conflict_target"]}],
               "failure": [{"unrest": 1, "who": "initiator"}]}]),
    conflict("fx-kidnap", "Kidnapping", "intrigue", "character",
             [{"kind": "conflict", "success": [{"neutralize": True, "target": "conflict_target"}]}]),
    conflict("fx-conquest", "Conquest", "military", "location", [{"kind": "conflict", "war": True}]),
    conflict("fx-raid", "Border Raid", "military", "faction",
             [{"kind": "conflict", "success": [{"power": 1, "who": "initiator"}]}]),
    conflict("fx-mindwar", "Mind War", "psi", "faction",
             [{"kind": "conflict", "success": [{"power": 1, "who": "initiator"}]}]),
    conflict("fx-serum", "The Immortality Serum", "intrigue", None,
             [{"kind": "conflict", "any_side": True, "side_effects": [{"influence": 2, "who": "highest_side"}]}],
             any_side=True),
    conflict("fx-league-vote", "The League's Support", "diplomatic", None,
             [{"kind": "conflict", "vote": True, "success": [{"tracker": "b5", "delta": 2}]}]),
    aftermath("fx-am-mil", "Lessons of War", "any", "military", None,
              [{"kind": "aftermath", "target": "faction", "effects": [{"power": 1, "who": "attached"}]}]),
    aftermath("fx-am-mil-part", "Scars of Battle", "any", "military", "any"),
    aftermath("fx-am-won-mil", "Victory Parade", "won", "military", None),
    aftermath("fx-am-won-mil-part", "Battle Honours", "won", "military", "any"),
    aftermath("fx-am-lost", "Bitter Defeat", "lost", "any", None),
    aftermath("fx-am-won", "Triumph", "won", "any", None),
    aftermath("fx-am-won-part", "Shared Glory", "won", "any", "any"),
    aftermath("fx-am-fleet", "Damaged Hulls", "any", "military", "fleet",
              [{"kind": "aftermath", "effects": [{"damage": 1, "target": "chosen"}]}]),
    aftermath("fx-am-renown", "Renown", "won", "any", None,
              [{"kind": "aftermath", "target": {"type": "character"}, "lasting": True, "modify": {"diplomacy": 1}}]),
]
DB = {c["id"]: c for c in CARDS}

AMBASSADOR = {"human": "fx-sheridan", "minbari": "fx-delenn", "centauri": "fx-londo", "narn": "fx-gkar",
              "non-aligned": "fx-vizak"}
RACE_CARDS = {
    "human": ["fx-ivanova", "fx-garibaldi", "fx-talia", "fx-human-fleet", "fx-mars"],
    "minbari": ["fx-lennier", "fx-ranger", "fx-minbari-fleet"],
    "centauri": ["fx-vir", "fx-courtier", "fx-centauri-fleet"],
    "narn": ["fx-natoth", "fx-warleader", "fx-narn-fleet", "fx-book"],
    "non-aligned": ["fx-envoy", "fx-league-fleet"],
}
COMMON = ["fx-trader", "fx-raiders", "fx-homeguard", "fx-uniform", "fx-psi-corps", "fx-prestige", "fx-agenda",
          "fx-major", "fx-decisive", "fx-decisive", "fx-vicious", "fx-vicious", "fx-dip", "fx-dip", "fx-kidnap",
          "fx-conquest", "fx-raid", "fx-raid", "fx-mindwar", "fx-serum", "fx-league-vote", "fx-am-mil",
          "fx-am-mil-part", "fx-am-won-mil", "fx-am-won-mil-part", "fx-am-lost", "fx-am-won", "fx-am-won-part",
          "fx-am-fleet", "fx-am-renown"]


def deck_for(race: str, size: int | None = None) -> list[str]:
    deck = RACE_CARDS[race] * 2 + COMMON
    return deck[:size] if size is not None else deck


def config(races=("human", "narn"), turn_limit=60, deck_size=None, extra=None) -> dict:
    cards = copy.deepcopy(DB)
    cards.update(extra or {})
    return {"ruleset": "1.3b", "turn_limit": turn_limit, "extra_cards": cards,
            "seats": [{"name": r, "ambassador": AMBASSADOR[r], "deck": deck_for(r, deck_size)} for r in races]}
