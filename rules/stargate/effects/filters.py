"""Filters, targets, conditions and amounts of the effect language (read-only helpers).

Why separate from the interpreter: statics are recomputed every time a number is read
(glossary: negative numbers), so these must be pure functions of the state with no side
effects. ``ctx`` is ``{"source": iid, "controller": seat, "refs": {name: [iid]}}``.
"""
from __future__ import annotations

from .. import state as S

STATE_TYPES = ("character", "gear", "ship", "adversary")
GLYPH_NAMES = ("gemini", "libra", "orion", "pisces", "scorpius", "triangulum", "origin")

# What this module evaluates (tests/rules/stargate/test_effect_coverage.py checks every
# authored card uses nothing else; ``matches``/``amount``/``condition`` raise on the rest).
FILTER_KEYS = {
    "self", "current_mission", "ref", "type", "type_not", "subtype", "subtype_any", "state", "trait",
    "trait_not", "allegiance", "side", "at_mission", "other", "other_than", "title", "has_glyph",
    "min_glyphs", "skill", "cost_at_most", "cost_less_than", "zone", "blocked", "any",
    "shares_glyph_with", "shares_trait_with", "min_skill", "max_skill", "cost_equal",
    "has_keyword", "keyword", "lacks_keyword", "same_title_as", "glyph", "host", "on", "beneath",
    "could_be_assigned", "marked",
}
TARGET_KEYS = {"choose", "chooser", "count", "up_to", "all", "self", "ref", "current_mission",
               "top_of", "owner", "except", "total_cost_at_most"}
# amount forms, and the keys that qualify them
AMOUNT_KEYS = {
    "if", "then", "else", "sum", "times", "mission_experience", "failed_missions",
    "successful_missions", "power", "glyphs", "different_glyphs", "max_glyphs", "glyph",
    "cost_of", "highest_skill_of", "stat_of", "stat", "printed", "revive_of", "experience_of",
    "different_traits", "amount_of", "count", "cards_beneath",
}
CONDITION_KEYS = {
    "exists", "self_state", "self_zone", "compare", "current_mission_skill",
    "current_mission_is_first_this_turn", "all", "any", "not", "mission_failed", "is",
    "earned_glyph", "earned_glyph_already_held", "all_assigned_are",
}


def _as_list(v):
    return v if isinstance(v, list) else [v]


def matches(state: dict, iid: str, flt: dict, ctx: dict) -> bool:
    """Does card ``iid`` satisfy every key of ``flt``? An unknown key raises (a card using
    one is refused by the coverage guard: it must never be read as "does not restrict")."""
    if not isinstance(flt, dict):
        return False
    c = state["cards"][iid]
    d = S.card_def(state, iid)
    for key, want in flt.items():
        if key == "self":
            if (iid == ctx.get("source")) != bool(want):
                return False
        elif key == "current_mission":
            if (iid == S.current_mission(state)) != bool(want):
                return False
        elif key == "ref":
            if iid not in ctx.get("refs", {}).get(want, []):
                return False
        elif key == "type":
            kinds = _as_list(want)
            actual = "complication" if c.get("face_down") and c["zone"] == "mission" else \
                "glyph" if c["zone"] == "glyph" else d["type"]
            if actual not in kinds:
                return False
        elif key == "type_not":
            if d["type"] in _as_list(want):
                return False
        elif key == "subtype":
            if d.get("subtype") != want:
                return False
        elif key == "state":
            if c.get("state") not in _as_list(want):
                return False
        elif key == "trait":
            if not set(_as_list(want)) & set(S.traits(state, iid)):
                return False
        elif key == "trait_not":
            if set(_as_list(want)) & set(S.traits(state, iid)):
                return False
        elif key == "allegiance":
            if d.get("allegiance") != want:
                return False
        elif key == "side":
            me = ctx.get("controller")
            ctl = c.get("controller", c["owner"])
            if want == "you" and ctl != me or want == "opponent" and ctl == me:
                return False
        elif key == "at_mission":
            if (c["zone"] == "mission") != bool(want):
                return False
        elif key == "other":
            if want and iid == ctx.get("source"):
                return False
        elif key == "other_than":
            if iid in ctx.get("refs", {}).get(want, []):
                return False
        elif key == "title":
            if d["title"] != want:
                return False
        elif key == "has_glyph":
            if want == "current_mission":  # "a glyph of the current mission's kind" (Probing the Subconscious)
                cur = S.current_mission(state)
                want = S.card_def(state, cur).get("glyph") if cur else None
                if want is None:
                    return False
            if want is True and not c["glyphs"] or want is False and c["glyphs"]:
                return False
            if isinstance(want, str) and want in GLYPH_NAMES:
                if want not in [S.card_def(state, g).get("glyph") for g in c["glyphs"]]:
                    return False
            elif isinstance(want, str) and want != "current_mission":
                # a ref name: the character who has (had) that glyph (Cor-ai's loser)
                if not set(c["glyphs"]) & set(ctx.get("refs", {}).get(want, [])):
                    return False
        elif key == "glyph":
            # a glyph's (mission's) glyph name
            if d.get("glyph") not in _as_list(want):
                return False
        elif key == "host":
            # the card this card is placed on ("While this gear is on a character, that character …")
            src = state["cards"].get(ctx.get("source"), {})
            if (src.get("on") == iid) != bool(want):
                return False
        elif key == "on":
            # a glyph beneath / a card placed on a card matching the filter (or target)
            host = c.get("under") if c["zone"] == "glyph" else c.get("on")
            if host is None or host not in state["cards"]:
                return False
            if isinstance(want, dict) and set(want) & {"self", "ref"} and not (set(want) - {"self", "ref"}):
                if host not in (resolve_target(state, want, ctx) or []):
                    return False
            elif not matches(state, host, want, ctx):
                return False
        elif key == "beneath":
            # a card kept beneath a card ("self" = the card with this text, or a target)
            if c["zone"] != "beneath":
                return False
            hosts = [ctx.get("source")] if want in ("self", True) else resolve_target(state, want, ctx) or []
            if c.get("under") not in hosts:
                return False
        elif key == "marked":
            # chosen earlier by the card with this text (``mark``), and still in play since
            if (ctx.get("source") in c.get("marks", [])) != bool(want):
                return False
        elif key == "could_be_assigned":
            # "a ready character who could be assigned to the current mission" (the hero's)
            from ..static_rules import can_assign_character
            ok = c["owner"] == S.hero(state) and c["zone"] == "play" and can_assign_character(state, iid)
            if ok != bool(want):
                return False
        elif key == "min_glyphs":
            if len(c["glyphs"]) < want:
                return False
        elif key == "skill":
            if want not in (d.get("skills") or {}):
                return False
        elif key == "cost_at_most":
            if (d.get("cost") or 0) > amount(state, want, ctx):
                return False
        elif key == "cost_less_than":
            if (d.get("cost") or 0) >= amount(state, want, ctx):
                return False
        elif key == "zone":
            if c["zone"] != want:
                return False
        elif key == "blocked":
            if bool(c.get("blocked")) != bool(want):
                return False
        elif key == "any":
            if not any(matches(state, iid, f, ctx) for f in _as_list(want)):
                return False
        elif key in ("shares_glyph_with", "shares_trait_with"):
            if isinstance(want, dict):
                others = [o for o in candidates(state, want, ctx) if o != iid]
            else:
                others = [ctx.get("source")] if want == "self" else ctx.get("refs", {}).get(want, [])
            others = [o for o in others if o in state["cards"]]
            if key == "shares_glyph_with":
                mine = set(glyph_names(state, iid))
                theirs = {g for o in others for g in glyph_names(state, o)}
            else:
                mine = set(S.traits(state, iid))
                theirs = {t for o in others for t in S.traits(state, o)}
            if not mine & theirs:
                return False
        elif key in ("min_skill", "max_skill"):
            # printed ratings (RULES.md: a filter that read modified skills could depend on
            # the very static ability it belongs to)
            for sk, bound in want.items():
                r = (d.get("skills") or {}).get(sk)
                if r is None or (r < bound if key == "min_skill" else r > bound):
                    return False
        elif key == "cost_equal":
            if (d.get("cost") or 0) != amount(state, want, ctx):
                return False
        elif key in ("has_keyword", "keyword", "lacks_keyword"):
            kws = {ab.get("keyword") for ab in d.get("mechanics") or [] if ab.get("keyword")}
            kws |= {ab.get("kind") for ab in d.get("mechanics") or []}
            if (want in kws) != (key != "lacks_keyword"):
                return False
        elif key == "same_title_as":
            # a ref name (cards remembered earlier) or a filter ("another obstacle with the
            # same title is already at the current mission")
            if isinstance(want, dict):
                others = [o for o in candidates(state, want, ctx) if o != iid]
            else:
                others = [o for o in ctx.get("refs", {}).get(want, []) if o in state["cards"]]
            if d["title"] not in {S.card_def(state, o)["title"] for o in others}:
                return False
        elif key in MORE_FILTER_KEYS:
            if not _more_filter(state, iid, key, want, ctx):
                return False
        else:
            raise ValueError(f"filter key {key!r} is not implemented (filters.FILTER_KEYS)")
    return True


# filter keys added for the coverage guard (test_effect_coverage.py)
MORE_FILTER_KEYS = {"subtype_any", "in_ref", "lacks_traits_of", "min_promotion_tokens", "played",
                    "glyph_not_held_by", "contributing_at_most", "same_owner",
                    "on_different_characters"}
FILTER_KEYS |= MORE_FILTER_KEYS


def _more_filter(state: dict, iid: str, key: str, want, ctx: dict) -> bool:
    c = state["cards"][iid]
    d = S.card_def(state, iid)
    refs = ctx.get("refs", {})
    if key == "subtype_any":  # null in the list = a card without a subtype (gear)
        return d.get("subtype") in _as_list(want)
    if key == "in_ref":
        return iid in refs.get(want, [])
    if key == "lacks_traits_of":
        # "who don't have all of their traits" (Friends at Odds)
        theirs = {t for o in refs.get(want, []) if o in state["cards"] for t in S.card_def(state, o).get("traits") or []}
        return not theirs <= set(d.get("traits") or [])
    if key == "min_promotion_tokens":
        return c.get("tokens", 0) >= want
    if key == "played":  # "has been played this turn"
        return iid in state["turn"].get("played", [])
    if key == "glyph_not_held_by":
        # a mission whose glyph none of the matching cards has (Elliot)
        glyph = d.get("glyph")
        held = {g for o in candidates(state, want, ctx) for g in glyph_names(state, o)}
        return glyph is not None and glyph not in held
    if key == "contributing_at_most":
        from .. import stats
        return c.get("state") == "assigned" and c["zone"] == "mission" and stats.contribution(state, iid) <= amount(state, want, ctx)
    # relational keys (checked against the cards already chosen, frames._still_choosable)
    return True


def candidates(state: dict, flt: dict, ctx: dict) -> list[str]:
    """Cards a filter can name: in play by default, or in the zone it names. Inactive
    players' cards (three or more players) are not in play."""
    zone = flt.get("zone") if isinstance(flt, dict) else None
    if zone in ("discard", "score_pile", "hand"):
        pool = []
        for s in state["seats"]:
            pool += s[zone]
    elif isinstance(flt, dict) and "played" in flt:
        # the cards played this turn, wherever they are now (an event is in the discard pile)
        pool = [i for i in state["turn"].get("played", []) if i in state["cards"]]
    elif isinstance(flt, dict) and "beneath" in flt:
        pool = [i for c in state["cards"].values() for i in c.get("beneath", [])]
    elif isinstance(flt, dict) and "glyph" in _as_list(flt.get("type")):
        # glyphs beneath the active players' characters in play
        active = (state["turn"]["hero"], state["turn"]["villain"])
        pool = [g for i in S.in_play(state) if state["cards"][i]["owner"] in active for g in state["cards"][i]["glyphs"]]
    else:
        active = (state["turn"]["hero"], state["turn"]["villain"])
        pool = [i for i in S.in_play(state) if S.controller(state, i) in active]
        cur = S.current_mission(state)
        if cur and isinstance(flt, dict) and ("mission" in _as_list(flt.get("type")) or flt.get("current_mission")):
            pool = pool + [cur]
    # "ignored by both players" (stats.is_ignored): an ignored card in play can't be chosen,
    # can't pay a cost and doesn't count — one rule for every choice, cost and count
    from .. import stats
    return [i for i in pool if not stats.is_ignored(state, i) and matches(state, i, flt, ctx)]


def resolve_target(state: dict, target, ctx: dict) -> list[str] | None:
    """Cards a non-choosing target names (``None`` when a choice is needed)."""
    if not isinstance(target, dict):
        return []
    if target.get("self"):
        return [ctx["source"]] if ctx.get("source") in state["cards"] else []
    if "ref" in target and "choose" not in target:
        skip = ctx.get("refs", {}).get(target.get("except"), []) if target.get("except") else []
        return [i for i in ctx.get("refs", {}).get(target["ref"], []) if i in state["cards"] and i not in skip]
    if target.get("current_mission"):
        cur = S.current_mission(state)
        return [cur] if cur else []
    if "top_of" in target:
        # the top cards of a pile ("the top card of your mission pile"), not moved
        owner = ctx["controller"] if target.get("owner", "you") == "you" else S.opponent(state, ctx["controller"])
        n = amount(state, target.get("count", 1), ctx)
        return list(state["seats"][owner][target["top_of"]][:max(0, n)])
    if "all" in target:
        return candidates(state, target["all"], ctx)
    if "choose" in target:
        return None
    return candidates(state, target, ctx)


def amount(state: dict, a, ctx: dict) -> int:
    """Evaluate an amount expression (never negative unless ``times`` makes it so)."""
    if isinstance(a, bool):
        return int(a)
    if isinstance(a, int):
        return a
    if not isinstance(a, dict):
        return 0
    times = a.get("times", 1)
    if "if" in a:
        v = amount(state, a.get("then", 0) if condition(state, a["if"], ctx) else a.get("else", 0), ctx)
    elif "sum" in a:
        v = sum(amount(state, x, ctx) for x in a["sum"])
    elif "mission_experience" in a:
        cur = S.current_mission(state)
        v = (S.card_def(state, cur).get("experience") or 0) if cur else 0
    elif "failed_missions" in a:
        v = len(state["seats"][S.hero(state)]["failed"])
    elif "successful_missions" in a and "skill" in a:
        # "if there was a successful Combat mission this turn" (Ka'lel)
        v = state["turn"].get("success_skills", []).count(a["skill"])
    elif "successful_missions" in a:
        v = state["turn"].get("successes", 0)
    elif "power" in a:
        # {"power": "you"|"opponent"}: that player's power (Disable Orbital Weapon)
        seat = ctx["controller"] if a["power"] != "opponent" else S.opponent(state, ctx["controller"])
        v = state["seats"][seat]["power"]
    elif "glyphs" in a or "different_glyphs" in a or "max_glyphs" in a:
        key = "glyphs" if "glyphs" in a else "different_glyphs" if "different_glyphs" in a else "max_glyphs"
        cards = resolve_target(state, a[key], ctx) or []
        if key == "max_glyphs":
            v = max([len(state["cards"][i]["glyphs"]) for i in cards] or [0])
        else:
            glyphs = [S.card_def(state, g).get("glyph") for i in cards for g in state["cards"][i]["glyphs"]]
            if a.get("glyph"):
                glyphs = [g for g in glyphs if g == a["glyph"]]
            if "shared_with" in a:
                # "each different glyph he has that at least one other character has" (Rak'nor)
                theirs = {g for o in candidates(state, a["shared_with"], ctx) if o not in cards for g in glyph_names(state, o)}
                glyphs = [g for g in glyphs if g in theirs]
            v = len(set(glyphs)) if key == "different_glyphs" else len(glyphs)
    elif "cost_of" in a:
        cards = resolve_target(state, a["cost_of"], ctx) or []
        v = sum(S.card_def(state, i).get("cost") or 0 for i in cards)
    elif "highest_skill_of" in a or "stat_of" in a or "revive_of" in a or "experience_of" in a:
        from .. import stats
        key = next(k for k in ("highest_skill_of", "stat_of", "revive_of", "experience_of") if k in a)
        cards = resolve_target(state, a[key], ctx) or []
        v = 0
        for i in cards:
            if key == "highest_skill_of":
                v = max([v] + list(stats.skills(state, i).values()))
            elif key == "stat_of" and a.get("printed"):
                # the number printed on the card (a card out of play: Intimidation's discard)
                stat = a.get("stat", "cost")
                pd = S.card_def(state, i)
                v += ((pd.get("skills") or {}).get(stat) or 0) if stat in S.SKILLS else (pd.get(stat) or 0)
            elif key == "stat_of":
                stat = a.get("stat", "cost")
                v += stats.skill(state, i, stat) or 0 if stat in S.SKILLS else stats.number(state, i, stat)
            elif key == "revive_of":
                v += stats.number(state, i, "revive")
            else:
                v += S.card_def(state, i).get("experience") or 0
    elif "cards_beneath" in a:
        # cards beneath a card (other keys filter them: Khalek's hero cards); a card that has
        # just left play counts what was beneath it (Hathor "when you score her")
        v = 0
        flt = {k: x for k, x in a.items() if k in ("allegiance", "type", "trait")}
        for host in resolve_target(state, a["cards_beneath"], ctx) or []:
            hc = state["cards"][host]
            if hc["zone"] in ("play", "mission") or hc.get("beneath"):
                v += sum(1 for i in hc.get("beneath", [])
                         if not state["cards"][i].get("blockaded") and matches(state, i, flt, ctx))
            else:
                v += hc.get("was_beneath", 0)
    elif "different_traits" in a:
        cards = resolve_target(state, a["different_traits"], ctx) or []
        v = len({t for i in cards for t in S.traits(state, i)})
    elif "amount_of" in a:
        v = ctx.get("amounts", {}).get(a["amount_of"] if isinstance(a["amount_of"], str) else a["amount_of"].get("ref"), 0)
    elif "count" in a:
        what = a["count"]
        if isinstance(what, dict) and "ref" in what:
            # the remembered cards, those matching the other keys ("each villain card
            # revealed", Jonas Quinn)
            rest = {k: x for k, x in what.items() if k != "ref"}
            v = len([i for i in ctx.get("refs", {}).get(what["ref"], [])
                     if not rest or (i in state["cards"] and matches(state, i, rest, ctx))])
        else:
            v = sum(_counts_as(state, i, what) for i in candidates(state, what, ctx)) if isinstance(what, dict) else 0
    elif "blockaded_missions" in a:
        # "for each blockaded mission": every mission blockaded in play ("all"), those held
        # by your cards ("all_yours"), or those held by a target (glossary.blockade)
        who = a["blockaded_missions"]
        if who == "all":
            v = len(S.blockaded_missions(state))
        elif who == "all_yours":
            v = len(S.blockaded_missions(state, ctx["controller"]))
        else:
            v = sum(len(S.blockaded_by(state, h)) for h in resolve_target(state, who, ctx) or [])
    elif set(a) & MORE_AMOUNT_FORMS:
        v = _more_amount(state, a, ctx)
    else:
        raise ValueError(f"amount {sorted(a)} is not implemented (filters.AMOUNT_KEYS)")
    if "divide" in a:  # "for every four you discard" (rounded down)
        v = v // a["divide"]
    return v * times


# amount forms added for the coverage guard (test_effect_coverage.py)
MORE_AMOUNT_FORMS = {"shared_traits_with", "contributing_of"}
AMOUNT_KEYS |= MORE_AMOUNT_FORMS | {"divide", "shared_with", "skill", "allegiance"}
AMOUNT_KEYS |= {"blockaded_missions"}  # glossary "blockade" (Anubis, Aschen Harvester, …)


def _counts_as(state: dict, iid: str, flt: dict) -> int:
    """How many cards ``iid`` counts as in a count by ``flt``: "this obstacle counts as two
    Replicator cards" (Approaching Swarm, keyword ``counts_as``) when the count is of that
    trait and the card's text is face up; 1 otherwise."""
    c = state["cards"][iid]
    if c.get("face_down") or not isinstance(flt, dict) or "trait" not in flt:
        return 1
    wanted = _as_list(flt["trait"])
    for ab in S.card_def(state, iid).get("mechanics") or []:
        if ab.get("kind") == "keyword" and ab.get("keyword") == "counts_as" and ab.get("trait") in wanted:
            return ab.get("times", 1)
    return 1


def _more_amount(state: dict, a: dict, ctx: dict) -> int:
    if "shared_traits_with" in a:
        # "for each trait it shares with a villain card at the current mission" (Aid
        # Evacuation): the card a static modifies is the built-in ref ``each`` (stats)
        mine = {t for i in ctx.get("refs", {}).get("each", []) if i in state["cards"] for t in S.traits(state, i)}
        each = ctx.get("refs", {}).get("each", [])
        theirs = {t for o in candidates(state, a["shared_traits_with"], ctx) if o not in each for t in S.traits(state, o)}
        return len(mine & theirs)
    from .. import stats
    # "the skill that character is contributing to the current mission"
    return sum(stats.contribution(state, i) for i in resolve_target(state, a["contributing_of"], ctx) or []
               if state["cards"][i].get("state") == "assigned" and state["cards"][i]["zone"] == "mission")


def _compare(x: int, op: str, y: int) -> bool:
    return {"<": x < y, "<=": x <= y, "==": x == y, "!=": x != y, ">=": x >= y, ">": x > y}[op]


def condition(state: dict, cond, ctx: dict) -> bool:
    """Evaluate a condition; every key must hold. An unknown key raises (never "holds")."""
    if isinstance(cond, list):
        return all(condition(state, c, ctx) for c in cond)
    if not isinstance(cond, dict):
        return bool(cond)
    src = ctx.get("source")
    for key, want in cond.items():
        if key == "exists":
            if not candidates(state, want, ctx):
                return False
        elif key == "self_state":
            if src is None or state["cards"][src].get("state") not in _as_list(want):
                return False
        elif key == "self_zone":
            if src is None or state["cards"][src]["zone"] != want:
                return False
        elif key == "compare":
            if not _compare(amount(state, want[0], ctx), want[1], amount(state, want[2], ctx)):
                return False
        elif key == "current_mission_skill":
            if mission_skill(state) != want:
                return False
        elif key == "current_mission_is_first_this_turn":
            if (state["turn"].get("missions_played", 0) == 1) != bool(want):
                return False
        elif key == "all":
            if not all(condition(state, c, ctx) for c in _as_list(want)):
                return False
        elif key == "any":
            if not any(condition(state, c, ctx) for c in _as_list(want)):
                return False
        elif key == "not":
            if condition(state, want, ctx):
                return False
        elif key == "mission_failed":
            if (state["mission"].get("result") == "failure") != bool(want):
                return False
        elif key == "is":
            cards = resolve_target(state, want[0], ctx) or []
            if not cards or not all(matches(state, i, want[1], ctx) for i in cards):
                return False
        elif key == "earned_glyph":
            earned = ctx.get("refs", {}).get("earned_glyph", [])
            if not any(S.card_def(state, g).get("glyph") in _as_list(want) for g in earned if g in state["cards"]):
                return False
        elif key == "earned_glyph_already_held":
            earned = [g for g in ctx.get("refs", {}).get("earned_glyph", []) if g in state["cards"]]
            holder = state["cards"][earned[0]].get("under") if earned else None
            name = S.card_def(state, earned[0]).get("glyph") if earned else None
            held = holder is not None and glyph_names(state, holder).count(name) > 1
            if held != bool(want):
                return False
        elif key == "all_assigned_are":
            chars = [i for i in S.at_mission(state) if S.is_character(state, i)]
            if not all(matches(state, i, want, ctx) for i in chars):
                return False
        else:
            raise ValueError(f"condition key {key!r} is not implemented (filters.CONDITION_KEYS)")
    return True


def mission_skill(state: dict) -> str | None:
    """The skill the current mission requires (after "change_mission_skill" effects)."""
    cur = S.current_mission(state)
    if cur is None:
        return None
    if state["mission"].get("skill_override"):
        return state["mission"]["skill_override"]
    skills = S.card_def(state, cur).get("skills") or {}
    return next(iter(skills), None)


def glyph_names(state: dict, iid: str) -> list[str]:
    return [S.card_def(state, g).get("glyph") for g in state["cards"][iid]["glyphs"]]


def glyphs_satisfied(state: dict, ability: dict, holder: str | None) -> bool:
    """"Gemini and Libra:" text works while those glyphs are beneath the card (held, not spent);
    it applies once however many matching glyphs there are (Svetlana Markov)."""
    need = ability.get("requires_glyphs")
    anyof = ability.get("requires_any_glyph")
    if not need and not anyof:
        return True
    if holder is None:
        return False
    have = glyph_names(state, holder)
    if need:
        for g in set(need):
            if have.count(g) < need.count(g):
                return False
    if anyof and not set(anyof) & set(have):
        return False
    return True
