"""The effect interpreter: a resumable machine whose stack lives in the JSON state.

Why resumable: every choice a card requires ("choose a character", "you may …", "choose
one") is a pending decision of one seat, answered by an ordinary action. So executing an
ability pushes a *frame* (``{"effects", "i", "ctx", ...}``) on ``state["stack"]``; ``run``
executes effects until one needs a decision, sets ``state["pending"]`` and returns; the
answer is stored in the frame and the same effect is executed again.

A verb outside ``VERBS`` raises (a card that uses one must not be playable: the coverage
guard, tests/rules/stargate/test_effect_coverage.py, keeps such cards out of the pool).
"""
from __future__ import annotations

from ... import rng
from .. import state as S
from . import filters as F

TARGET_VERBS = {"stop", "ready", "destroy", "incapacitate", "return_to_hand", "block", "unblock",
                "turn_face_down", "score", "to_deck_bottom", "shuffle_into_deck", "discard_from_score_pile",
                "put_on_mission_pile", "discard_card", "take_off", "mark"}
IMPLEMENTED_VERBS = TARGET_VERBS | {
    "draw", "discard", "gain_power", "lose_power", "pay_power", "modify", "may", "unless", "if",
    "choose_one", "remember", "repeat", "delayed", "search_deck", "take_from_discard", "shuffle_deck",
    "change_mission_skill", "modify_next_mission", "refill_hand", "forbid", "place_promotion_token",
    "arrange_top", "play_free", "play_from_hand", "move_glyph", "remove_text", "arrange_failed_missions",
    "place_beneath", "place_on", "glyph_to_mission_pile", "place_glyph", "gain_traits", "take_control",
}

# The coverage guard (tests/rules/stargate/test_effect_coverage.py): every verb an authored
# card uses must be one ``execute`` dispatches (it raises on any other), and every option a
# card gives a verb (keys of the effect object beside the verb, keys of a parameter
# object) must be one the verb's code reads. Add the option here in the same change that
# makes the code read it.
IMPLEMENTED_VERBS |= {"requires"}  # a cost's condition, checked before paying (_can_pay): no step
# "pay its revive cost" (Kull Warrior): the top cards of the deck to the discard pile
# (replacements.pay_revive_cost; a cost, checked by _can_pay)
IMPLEMENTED_VERBS |= {"pay_revive_cost"}
VERBS = IMPLEMENTED_VERBS
# frames the engine pushes itself, never authored: a replacement effect's decision in the
# middle of an event (replacements.run_internal)
INTERNAL_VERBS = {"_replace", "_revive_mill"}
# refs the engine provides without a ``remember`` (triggers, replacements, costs, move_glyph)
BUILTIN_REFS = {"trigger_card", "that_player", "assigning", "affected", "earner", "earned_glyph",
                "from", "granter", "each"}  # each: the card a modify changes (_modify, stats)
VERB_OPTIONS: dict[str, set[str]] = {
    "block": {"until", "from"}, "modify": {"stat", "amount", "who", "until"},
    "draw": {"count", "who"}, "discard": {"count", "filter", "random", "who", "up_to"},
    "gain_power": {"amount", "who"}, "lose_power": {"amount", "who"}, "pay_power": {"who"},
    "refill_hand": {"who"}, "may": {"who", "cost", "effects", "look"}, "unless": {"then"},
    "if": {"then", "else"}, "choose_one": {"chooser"}, "remember": {"target"},
    "repeat": {"effects"}, "delayed": {"at", "effects"}, "search_deck": {"who", "filter"},
    "take_from_discard": {"who", "filter"}, "shuffle_deck": {"who"},
    "change_mission_skill": {"to"}, "modify_next_mission": {"amount", "stat", "until"},
    "forbid": {"action", "who", "until"}, "arrange_top": {"count", "owner", "who", "pile", "bottom_allowed"},
    "arrange_failed_missions": set(), "play_free": {"filter", "who"},
    "play_from_hand": {"filter", "who", "ignore_uniqueness"}, "move_glyph": {"from", "to"},
    "remove_text": {"target", "keyword"}, "put_on_mission_pile": {"position"},
    "place_beneath": {"card", "host", "face_down"}, "place_on": {"card", "host"},
    "glyph_to_mission_pile": {"glyph", "position", "same_experience"},
    "place_glyph": {"card", "host"}, "gain_traits": {"who", "from", "until"},
    "take_control": {"who", "trait", "revive", "no_text", "cant"},
}
# added with the coverage guard
VERB_OPTIONS.update({
    "search_deck": {"who", "filter", "reveal", "then"}, "search_mission_pile": {"who", "filter", "then"},
    "take_from_discard": {"who", "filter", "to", "count"}, "shuffle_mission_pile": {"owner"},
    # any number of failed missions, one at a time, on top (the player stops when he wants)
    "arrange_failed_missions": {"any_number", "to"}, "remove_text": {"target", "keyword", "until"},
    "arrange_top": {"count", "owner", "who", "pile", "bottom_allowed", "split"},
    # the current mission's skill: the override lasts while it is the current mission, which
    # is never longer than the turn ("until the end of the turn")
    "change_mission_skill": {"to", "until"},
})
IMPLEMENTED_VERBS |= {"search_mission_pile", "shuffle_mission_pile"}
# glossary "blockade" (Anubis, Adria's Mothership, Aschen Harvester, Baal's Ha'tak, Ori
# Fighter): the card with the text takes the top of ``owner``'s mission pile (glossary.blockade)
IMPLEMENTED_VERBS |= {"blockade"}
VERB_OPTIONS["blockade"] = {"owner"}
# Sha're: "the current mission gets: '<text>'" for this mission (static_rules.granted_abilities)
IMPLEMENTED_VERBS |= {"grant_ability"}
VERB_OPTIONS["grant_ability"] = {"ability", "to", "until"}
IMPLEMENTED_VERBS |= {"skip_next_turn"}  # Time Dilation (debrief.turn_end)
IMPLEMENTED_VERBS |= {"grant_trigger"}  # John Sheppard (triggers.fire)
VERB_OPTIONS["grant_trigger"] = {"on", "who", "effects", "optional", "until"}
IMPLEMENTED_VERBS |= {"after_next_pass"}  # MALP (flow.perform, flow.performing_actions)
VERB_OPTIONS["after_next_pass"] = {"who", "only_pass", "until"}
IMPLEMENTED_VERBS |= {"force_continue"}  # Exploitation (deciding_to_continue)
VERB_OPTIONS["force_continue"] = {"free"}
IMPLEMENTED_VERBS |= {"exchange_glyph_with_mission_pile_top"}  # Return Trip
VERB_OPTIONS["exchange_glyph_with_mission_pile_top"] = {"character"}
VERB_OPTIONS["skip_next_turn"] = {"who"}
IMPLEMENTED_VERBS |= {"opponent_plays_as_complication"}  # Reconnaissance (effects/complication.py)
VERB_OPTIONS["opponent_plays_as_complication"] = {"from", "cost"}


def ctx_of(state: dict, frame: dict) -> dict:
    ctx = frame["ctx"]
    card = state["cards"].get(ctx["source"], {})
    refs = {**card.get("refs", {}), **ctx.get("builtin", {})}
    return {"source": ctx["source"], "controller": ctx["controller"], "refs": refs,
            "amounts": card.get("amounts", {})}


def push(state: dict, effects: list, source: str, controller: int, builtin: dict | None = None,
         label: str = "") -> None:
    """Queue ``effects`` of ``source`` (controlled by ``controller``) for execution."""
    if isinstance(effects, dict):
        effects = [effects]
    state["stack"].append({"effects": list(effects), "i": 0, "label": label,
                           "ctx": {"source": source, "controller": controller, "builtin": builtin or {}}})


def _player(frame_ctx: dict, state: dict, who) -> int:
    me = frame_ctx["controller"]
    if who in (None, "you"):
        return me
    if who == "that_player":
        return frame_ctx.get("refs", {}).get("that_player", me)
    return S.opponent(state, me)


def _remember(state: dict, ctx: dict, name: str | None, cards: list[str]) -> None:
    if name:
        state["cards"][ctx["source"]].setdefault("refs", {})[name] = list(cards)


def set_pending(state: dict, seat: int, kind: str, prompt: str, options: list[dict]) -> None:
    state["pending"] = {"seat": seat, "kind": kind, "prompt": prompt, "options": options}


# --------------------------------------------------------------------------- run
def run(state: dict) -> None:
    """Execute the stack until it is empty or a decision is pending."""
    from .. import victory
    guard = 0
    while state["stack"] and state["pending"] is None and state["outcome"] is None:
        guard += 1
        if guard > 5000:
            raise RuntimeError("effect interpreter did not settle")
        frame = state["stack"][-1]
        if frame["i"] >= len(frame["effects"]):
            state["stack"].pop()
            continue
        eff = frame["effects"][frame["i"]]
        done = execute(state, frame, eff)
        if done:
            # the frame may have been popped/pushed by execute; advance the original frame
            frame["i"] += 1
            frame.pop("answer", None)
            frame.pop("chosen", None)
        victory.check(state)


def execute(state: dict, frame: dict, eff: dict) -> bool:
    """Run one effect; ``True`` when finished, ``False`` when waiting for a decision."""
    ctx = ctx_of(state, frame)
    if INTERNAL_VERBS & eff.keys():
        from .. import replacements
        return replacements.run_internal(state, frame, eff)
    verb = next((k for k in eff if k in IMPLEMENTED_VERBS), None)
    if verb is None:
        from .schema import EFFECT_VERBS
        name = next((k for k in eff if k in EFFECT_VERBS), sorted(eff)[0])
        raise ValueError(f"effect verb {name!r} of {S.card_def(state, ctx['source'])['title']!r} "
                         "is not implemented (interpreter.VERBS)")
    arg = eff[verb]
    if verb == "requires":
        return True
    if verb == "pay_revive_cost":
        from .. import replacements
        return replacements.pay_revive_cost(state, frame, ctx, arg)
    if verb in MORE_VERBS:
        return _more_verb(state, frame, ctx, verb, arg)
    if verb in TARGET_VERBS:
        cards = _targets(state, frame, ctx, arg)
        if cards is None:
            return False
        _apply_all(state, verb, cards, ctx, eff)
        return True
    if verb == "remember":
        tgt = eff.get("target")
        if isinstance(tgt, dict) and any(k in IMPLEMENTED_VERBS for k in tgt):
            inner_verb = next(k for k in tgt if k in IMPLEMENTED_VERBS)
            if inner_verb in TARGET_VERBS:
                cards = _targets(state, frame, ctx, tgt[inner_verb])
                if cards is None:
                    return False
                _apply_all(state, inner_verb, cards, ctx, tgt)
                _remember(state, ctx, arg, cards)
                return True
            # a verb that produces cards (discard, play_from_hand, …) names them itself
            frame["remember_as"] = arg
            done = execute(state, frame, tgt)
            if done:
                frame.pop("remember_as", None)
            return done
        cards = _targets(state, frame, ctx, tgt)
        if cards is None:
            return False
        _remember(state, ctx, arg, cards)
        return True
    if verb in ("gain_power", "lose_power"):
        seat = _player(ctx, state, arg.get("who"))
        n = max(0, F.amount(state, arg.get("amount", 0), ctx))
        p = state["seats"][seat]
        p["power"] = p["power"] + n if verb == "gain_power" else max(0, p["power"] - n)
        S.log(state, verb, seat=seat, amount=n)
        return True
    if verb == "pay_power":
        seat = _player(ctx, state, eff.get("who"))
        n = 0 if arg == "any" else max(0, F.amount(state, arg, ctx))
        state["seats"][seat]["power"] = max(0, state["seats"][seat]["power"] - n)
        return True
    if verb == "draw":
        seat = _player(ctx, state, arg.get("who"))
        for _ in range(max(0, F.amount(state, arg.get("count", 1), ctx))):
            draw(state, seat)
        return True
    if verb == "refill_hand":
        seat = _player(ctx, state, arg.get("who") if isinstance(arg, dict) else None)
        while len(state["seats"][seat]["hand"]) < S.HAND_SIZE and state["seats"][seat]["deck"]:
            draw(state, seat)
        return True
    if verb == "discard":
        if not isinstance(arg, dict):  # the cost form {"discard": n, "filter": ...}
            arg = {"count": arg, "filter": eff.get("filter"), "who": "you"}
        return _discard(state, frame, ctx, arg)
    if verb == "modify":
        return _modify(state, frame, ctx, arg, eff.get("until"))
    if verb == "may":
        return _may(state, frame, ctx, arg)
    if verb == "unless":
        inner = arg.get("may", arg) if isinstance(arg, dict) else {}
        seat = _player(ctx, state, inner.get("who", "opponent"))
        if "answer" not in frame:
            if not _can_pay(state, ctx, inner.get("effects", [])[:1] if inner.get("effects") else []):
                frame["answer"] = False
            else:
                set_pending(state, seat, "yes_no", "Do you want to prevent this (" + ", ".join(
                    sorted(k for e in inner.get("effects", []) for k in e)) + ")?",
                    [{"type": "choose", "yes": True}, {"type": "choose", "yes": False}])
                return False
        yes = frame["answer"]
        if yes:
            push(state, inner.get("effects", []), ctx["source"], ctx["controller"], frame["ctx"].get("builtin"))
            state["stack"][-1]["ctx"]["controller"] = ctx["controller"]
        else:
            then = eff.get("then")
            if then:
                if isinstance(then, dict) and "may" in then:
                    push(state, [then], ctx["source"], ctx["controller"], frame["ctx"].get("builtin"))
                else:
                    push(state, then if isinstance(then, list) else [then], ctx["source"], ctx["controller"], frame["ctx"].get("builtin"))
        _advance_and_keep(state, frame)
        return False
    if verb == "if":
        branch = eff.get("then", []) if F.condition(state, arg, ctx) else eff.get("else", [])
        _advance_and_keep(state, frame)
        push(state, branch, ctx["source"], ctx["controller"], frame["ctx"].get("builtin"))
        return False
    if verb == "choose_one":
        seat = _player(ctx, state, eff.get("chooser", "you"))
        if "answer" not in frame:
            set_pending(state, seat, "choose_one", "Choose one",
                        [{"type": "choose", "option": k} for k in range(len(arg))])
            return False
        k = frame["answer"]
        _advance_and_keep(state, frame)
        push(state, arg[k], ctx["source"], ctx["controller"], frame["ctx"].get("builtin"))
        return False
    if verb == "repeat":
        n = max(0, min(F.amount(state, arg, ctx), 20))
        _advance_and_keep(state, frame)
        push(state, list(eff.get("effects", [])) * n, ctx["source"], ctx["controller"], frame["ctx"].get("builtin"))
        return False
    if verb == "delayed":
        # the cards named so far are kept with the delayed effect (Harlan used twice in a turn
        # destroys both characters it played)
        state["delayed"].append({"at": arg.get("at"), "effects": arg.get("effects", []),
                                 "source": ctx["source"], "controller": ctx["controller"],
                                 "refs": {k: list(v) for k, v in ctx["refs"].items()}})
        return True
    if verb == "remove_text":
        cards = _targets(state, frame, ctx, arg.get("target", {}))
        if cards is None:
            return False
        if eff.get("until") != "end_of_mission":
            # RULES.md: removed text comes back at the end of the mission (the only duration
            # the cards use; deciding_to_continue.end_of_mission clears it)
            raise ValueError("remove_text is implemented only 'until' the end of the mission")
        for iid in cards:
            state["cards"][iid].setdefault("text_removed", []).append(arg.get("keyword"))
        return True
    if verb == "arrange_failed_missions":
        if isinstance(arg, dict) and arg.get("to", "top") != "top":
            raise ValueError("arrange_failed_missions puts missions on top of the mission pile only")
        seat = ctx["controller"]
        failed = state["seats"][seat]["failed"]
        if "answer" in frame:
            ans = frame.pop("answer")
            if ans is None:
                return True
            S.move(state, ans, "mission_pile", top=True)
        if not state["seats"][seat]["failed"]:
            return True
        set_pending(state, seat, "choose_card", "Put a failed mission on top of your mission pile (the last one ends on top)",
                    [{"type": "choose", "card": i} for i in failed] + [{"type": "choose", "card": None}])
        return False
    if verb == "move_glyph":
        return _move_glyph(state, frame, ctx, arg)
    if verb == "opponent_plays_as_complication":
        from .complication import opponent_plays_as_complication
        return opponent_plays_as_complication(state, frame, ctx, arg)
    if verb == "grant_ability":
        # "the current mission gets: 'Success: Gain 2 power.'" (Sha're): the text belongs to
        # the card while it stays where it is — a mission leaves at the end of the mission
        # (state.move drops it), which is the only duration the cards use
        if eff.get("until") != "end_of_mission":
            raise ValueError("grant_ability (effect) is implemented until the end of the mission only")
        cards = _targets(state, frame, ctx, arg.get("to", {}))
        if cards is None:
            return False
        for iid in cards:
            state["cards"][iid].setdefault("abilities_granted", []).append(
                {"ability": arg.get("ability", {}), "granter": ctx["source"]})
            S.log(state, "ability_granted", card=iid, granter=ctx["source"])
        return True
    if verb == "exchange_glyph_with_mission_pile_top":
        # "Exchange a glyph that character has for the top card of your mission pile" (Return
        # Trip): the chosen glyph goes on top of its owner's mission pile, the former top card
        # becomes a glyph beneath the character (placed, not earned); nothing from an empty pile
        chars = F.resolve_target(state, arg.get("character", {}), ctx) or []
        chars = [i for i in chars if state["cards"][i]["zone"] in ("play", "mission") and state["cards"][i]["glyphs"]]
        pile = state["seats"][ctx["controller"]]["mission_pile"]
        if not chars or not pile:
            return True
        picked = _targets(state, frame, ctx, {"choose": {"type": "glyph", "on": arg.get("character", {})},
                                               "chooser": "you", "count": 1})
        if picked is None:
            return False
        picked = [g for g in picked if state["cards"][g]["zone"] == "glyph" and state["cards"][g]["under"] == chars[0]]
        if not picked:
            return True
        top = pile[0]
        S.move(state, picked[0], "mission_pile", top=True)
        S.move(state, top, "glyph", under=chars[0])
        S.log(state, "glyph_exchanged", glyph=picked[0], card=chars[0], new=top)
        return True
    if verb == "force_continue":
        # Exploitation (at a mission's Success/Failure): the hero continues to another mission
        # at no cost (deciding_to_continue); only the free form exists on the cards
        if not arg.get("free"):
            raise ValueError("force_continue is implemented with free: true only")
        state["turn"]["forced_continue"] = True
        S.log(state, "forced_to_continue", seat=S.hero(state))
        return True
    if verb == "after_next_pass":
        # MALP: "the next time your opponent passes at the current mission, he can do
        # nothing but pass until the end of the mission" (flow.perform / performing_actions)
        if not arg.get("only_pass") or eff.get("until") != "end_of_mission":
            raise ValueError("after_next_pass is implemented with only_pass until the end of the mission")
        seat = _player(ctx, state, arg.get("who", "opponent"))
        if S.current_mission(state) is not None:
            state["mission"].setdefault("after_next_pass", []).append(seat)
            S.log(state, "after_next_pass", seat=seat)
        return True
    if verb == "grant_trigger":
        # "each time you play a support character this turn, …" (John Sheppard): the
        # controller has that trigger until the end of the turn (triggers.fire)
        if eff.get("until") != "end_of_turn":
            raise ValueError("grant_trigger is implemented until the end of the turn only")
        ab = {"kind": "trigger", "on": arg.get("on"), "effects": arg.get("effects", []),
              "optional": arg.get("optional", False)}
        if "who" in arg:
            ab["who"] = arg["who"]
        state["turn"].setdefault("granted_triggers", []).append(
            {"source": ctx["source"], "controller": ctx["controller"], "ability": ab})
        S.log(state, "trigger_granted", card=ctx["source"])
        return True
    if verb == "skip_next_turn":
        # "your opponent skips their next turn" (Time Dilation): debrief.turn_end passes over it
        seat = _player(ctx, state, arg.get("who", "opponent"))
        state.setdefault("skip_turns", []).append(seat)
        S.log(state, "will_skip_turn", seat=seat)
        return True
    if verb == "blockade":
        from .. import glossary
        glossary.blockade(state, ctx["source"], _player(ctx, state, arg.get("owner", "opponent")))
        return True
    if verb == "place_beneath":
        return _place_beneath(state, frame, ctx, arg)
    if verb == "place_on":
        return _place_on(state, frame, ctx, arg)
    if verb == "glyph_to_mission_pile":
        return _glyph_to_mission_pile(state, frame, ctx, arg)
    if verb == "place_glyph":
        return _place_glyph(state, frame, ctx, arg)
    if verb == "gain_traits":
        return _gain_traits(state, frame, ctx, arg, eff.get("until"))
    if verb == "take_control":
        return _take_control(state, frame, ctx, arg)
    if verb in ("play_free", "play_from_hand"):
        return _play_free(state, frame, ctx, arg, free=verb == "play_free")
    if verb == "arrange_top":
        return _arrange_top(state, frame, ctx, arg)
    if verb == "search_deck":
        return _search(state, frame, ctx, arg, "deck")
    if verb == "take_from_discard":
        return _search(state, frame, ctx, arg, "discard")
    if verb == "search_mission_pile":
        return _search(state, frame, ctx, arg, "mission_pile")
    if verb == "shuffle_mission_pile":
        rng.shuffle(state["rng"], state["seats"][_player(ctx, state, arg.get("owner") if isinstance(arg, dict) else None)]["mission_pile"])
        return True
    if verb == "shuffle_deck":
        rng.shuffle(state["rng"], state["seats"][_player(ctx, state, arg.get("who") if isinstance(arg, dict) else None)]["deck"])
        return True
    if verb == "change_mission_skill":
        state["mission"]["skill_override"] = arg.get("to")
        return True
    if verb == "modify_next_mission":
        state["turn"].setdefault("next_mission_mods", []).append(F.amount(state, arg.get("amount", 0), ctx))
        return True
    if verb == "forbid":
        cards = _targets(state, frame, ctx, arg.get("who", {})) if isinstance(arg.get("who"), dict) else []
        if cards is None:
            return False
        for iid in cards:
            state["cards"][iid].setdefault("forbid", []).append({"action": arg.get("action"), "until": eff.get("until", "end_of_turn")})
        return True
    if verb == "place_promotion_token":
        cards = _targets(state, frame, ctx, arg)
        if cards is None:
            return False
        for iid in cards:
            state["cards"][iid]["tokens"] = state["cards"][iid].get("tokens", 0) + 1
        return True
    return True


def _advance_and_keep(state: dict, frame: dict) -> None:
    """Move past the current effect before pushing its continuation on top."""
    frame["i"] += 1
    frame.pop("answer", None)
    frame.pop("chosen", None)


# ------------------------------------------------------------------- targets
def _targets(state: dict, frame: dict, ctx: dict, target) -> list[str] | None:
    """Cards a target names; for a choice, the chooser picks one card at a time."""
    fixed = F.resolve_target(state, target, ctx)
    if fixed is not None:
        return fixed
    flt = target["choose"]
    chooser = _player(ctx, state, target.get("chooser", "you"))
    count = target.get("count", 1)
    up_to = bool(target.get("up_to")) or count == "any"
    n = 99 if count == "any" else max(0, F.amount(state, count, ctx))
    chosen = frame.setdefault("chosen", [])
    if "answer" in frame:
        ans = frame.pop("answer")
        if ans is None:
            return list(chosen)
        chosen.append(ans)
    cands = _still_choosable(state, target, [i for i in F.candidates(state, flt, ctx) if i not in chosen], chosen, ctx)
    if len(chosen) >= n or not cands:
        return list(chosen)
    opts = [{"type": "choose", "card": i} for i in cands]
    if up_to:
        opts.append({"type": "choose", "card": None})
    set_pending(state, chooser, "choose_card", f"Choose a card ({len(chosen) + 1} of {n if n < 99 else 'any'})", opts)
    # choosing from another player's hand ("look at your opponent's hand and choose",
    # Reconnaissance): the chooser sees those cards, and only he does
    unseen = [i for i in cands if state["cards"][i]["zone"] == "hand" and state["cards"][i]["owner"] != chooser]
    if unseen:
        state["pending"]["reveal"] = unseen
    return None


def _still_choosable(state: dict, target: dict, cands: list[str], chosen: list[str], ctx: dict) -> list[str]:
    """Conditions on a choice of several cards as a whole: ``same_owner`` (cards of one
    player: Revisionist History), ``on_different_characters`` (glyphs beneath different
    characters: Strange Bedfellows), ``total_cost_at_most`` (Unbelievers)."""
    flt = target["choose"]
    if flt.get("same_owner") and chosen:
        cands = [i for i in cands if state["cards"][i]["owner"] == state["cards"][chosen[0]]["owner"]]
    if flt.get("on_different_characters") and chosen:
        used = {state["cards"][i].get("under") for i in chosen}
        cands = [i for i in cands if state["cards"][i].get("under") not in used]
    if "total_cost_at_most" in target:
        left = F.amount(state, target["total_cost_at_most"], ctx) - sum(S.card_def(state, i).get("cost") or 0 for i in chosen)
        cands = [i for i in cands if (S.card_def(state, i).get("cost") or 0) <= left]
    return cands


def _names_incapacitated(target) -> bool:
    """Does the target name incapacitated cards ("stop/ready an incapacitated character")?
    Only such text works on an incapacitated card (glossary "incapacitated")."""
    flt = target.get("choose", target.get("all")) if isinstance(target, dict) else None
    return isinstance(flt, dict) and "incapacitated" in (flt.get("state") if isinstance(flt.get("state"), list)
                                                         else [flt.get("state")])


def _apply_all(state: dict, verb: str, cards: list[str], ctx: dict, eff: dict) -> None:
    """Apply a target verb to every card it names. Stopping, incapacitating and destroying
    happen to all of them at once, so a replacement effect is offered for each before any
    of them happens (replacements.happen)."""
    from .. import replacements
    if verb in replacements.VERBS:
        replacements.happen(state, verb, [i for i in cards if i in state["cards"]], by=ctx["controller"],
                            even_incapacitated=verb == "stop" and _names_incapacitated(eff.get(verb)))
        return
    for iid in cards:
        apply_verb(state, verb, iid, ctx, eff)


def apply_verb(state: dict, verb: str, iid: str, ctx: dict, eff: dict) -> None:
    from .. import glossary
    c = state["cards"].get(iid)
    if c is None:
        return
    if verb == "stop":
        glossary.stop(state, iid, even_incapacitated=_names_incapacitated(eff.get(verb)))
    elif verb == "ready":
        glossary.ready(state, iid, even_incapacitated=_names_incapacitated(eff.get(verb)))
    elif verb == "destroy":
        glossary.destroy(state, iid, by=ctx["controller"])
    elif verb == "incapacitate":
        glossary.incapacitate(state, iid)
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


# --------------------------------------------------------------- player verbs
def draw(state: dict, seat: int) -> bool:
    """Draw one card; drawing from an empty deck does nothing (the game does not end)."""
    deck = state["seats"][seat]["deck"]
    if not deck:
        return False
    S.move(state, deck[0], "hand")
    return True


def _discard(state: dict, frame: dict, ctx: dict, arg: dict) -> bool:
    seat = _player(ctx, state, arg.get("who"))
    hand = state["seats"][seat]["hand"]
    flt = arg.get("filter")
    pool = [i for i in hand if not flt or F.matches(state, i, flt, ctx)]
    count = arg.get("count", 1)
    # "any number": until the player stops or the hand is empty (not the hand size, which
    # shrinks as he discards)
    n = (len(pool) if arg.get("random") else 99) if count == "any" else max(0, F.amount(state, count, ctx))
    if arg.get("random"):
        for _ in range(min(n, len(pool))):
            pick = rng.choice(state["rng"], pool)
            pool.remove(pick)
            S.move(state, pick, "discard")
            S.log(state, "discarded", seat=seat, card=pick)
        return True
    chosen = frame.setdefault("chosen", [])
    if "answer" in frame:
        ans = frame.pop("answer")
        if ans is None:
            return True
        S.move(state, ans, "discard")
        S.log(state, "discarded", seat=seat, card=ans)
        chosen.append(ans)
        _remember(state, ctx, frame.get("remember_as"), list(chosen))
    pool = [i for i in state["seats"][seat]["hand"] if not flt or F.matches(state, i, flt, ctx)]
    if len(chosen) >= n or not pool:
        return True
    opts = [{"type": "choose", "card": i} for i in pool]
    if count == "any" or arg.get("up_to"):
        opts.append({"type": "choose", "card": None})
    # ``chooser``: the other player looks at the hand and picks (Ribbon Device Torture)
    picker = _player(ctx, state, arg["chooser"]) if "chooser" in arg else seat
    set_pending(state, picker, "choose_card", "Choose a card to discard", opts)
    if picker != seat:
        state["pending"]["reveal"] = list(state["seats"][seat]["hand"])
    return False


def _modify(state: dict, frame: dict, ctx: dict, mod: dict, until: str | None) -> bool:
    who = mod.get("who", {"self": True})
    if mod.get("stat") in RULE_STATS and isinstance(who, dict) and "all" in who:
        return _cost_rule(state, ctx, mod, until)
    cards = _targets(state, frame, ctx, who)
    if cards is None:
        return False
    if "set" in mod:
        raise ValueError("modify.set is implemented for static abilities only (stats.set_difficulty)")
    for iid in cards:
        # the amount is read for each card: ``{"ref": "each"}`` is that card (Proceeding with
        # Caution: "skills +1 for each glyph it has")
        n = F.amount(state, mod.get("amount", 0), {**ctx, "refs": {**ctx["refs"], "each": [iid]}})
        if mod.get("stat") == "difficulty" and iid == S.current_mission(state):
            state["mission"]["difficulty_mods"].append(n)
        else:
            state["cards"][iid]["mods"].append({"stat": mod.get("stat"), "amount": n, "until": until or "leaves_play"})
    return True


# "<cards> cost power +1 to play until …" is a rule about playing cards, not a change to the
# cards in play: a ``modify`` of these stats naming ``all`` of a kind of card
RULE_STATS = {"cost"}


def _cost_rule(state: dict, ctx: dict, mod: dict, until: str | None) -> bool:
    """"Obstacles cost power +1 to play until the end of the current mission" (P90, Gairwyn,
    M9 Pistol: complications; Discredit Leak, Invasion Reconnaissance; Restore Symbiotic
    Balance: "playing a mission costs power +1"): every matching card played while it lasts
    costs that much more, whether it is in a hand now or not (``state["turn"]["cost_rules"]``,
    read by stats like a static; ended by deciding_to_continue.end_of_mission and the debrief).
    The amount is read once, now."""
    if until not in ("end_of_mission", "end_of_turn"):
        raise ValueError("a cost rule from an effect is implemented until the end of the mission or turn only")
    state["turn"].setdefault("cost_rules", []).append({
        "stat": mod["stat"], "who": mod["who"]["all"], "amount": F.amount(state, mod.get("amount", 0), ctx),
        "until": until, "source": ctx["source"], "controller": ctx["controller"],
        "refs": {k: list(v) for k, v in ctx["refs"].items() if isinstance(v, list)}})
    S.log(state, "cost_rule", card=ctx["source"], stat=mod["stat"], until=until)
    return True


def end_cost_rules(state: dict, until: str) -> None:
    """Cost rules set up by effects "until the end of the current mission / turn" end."""
    rules = state["turn"].get("cost_rules")
    if rules:
        state["turn"]["cost_rules"] = [r for r in rules if r["until"] != until]


def _may(state: dict, frame: dict, ctx: dict, arg: dict) -> bool:
    """"You may (pay X). If you do, …": a yes/no decision, offered only when the cost can be
    paid. With ``look`` (a target) the chooser first looks at those cards (Bauer: "look at
    the top card of your mission pile. Then you may …"): the decision is then always shown
    (with only "no" when the cost can't be paid), so the look happens either way."""
    seat = _player(ctx, state, arg.get("who"))
    cost = arg.get("cost", [])
    if "answer" not in frame:
        payable = _can_pay(state, {**ctx, "controller": seat}, cost)
        looked = F.resolve_target(state, arg["look"], ctx) or [] if "look" in arg else []
        if not payable and not looked:
            return True
        set_pending(state, seat, "yes_no", "You may: " + ", ".join(sorted(k for e in arg.get("effects", []) for k in e)),
                    ([{"type": "choose", "yes": True}] if payable else []) + [{"type": "choose", "yes": False}])
        if looked:
            state["pending"]["reveal"] = list(looked)
        return False
    yes = frame["answer"]
    _advance_and_keep(state, frame)
    if yes:
        push(state, list(cost) + list(arg.get("effects", [])), ctx["source"], seat, frame["ctx"].get("builtin"))
    return False


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


# ---------------------------------------------------------------------- costs
def _can_pay(state: dict, ctx: dict, costs: list) -> bool:
    """Whether every cost in ``costs`` can be paid now (glyphs are held, checked elsewhere)."""
    me = ctx["controller"]
    power_needed = 0
    other_payers: dict[int, int] = {}
    for cost in costs or []:
        if not isinstance(cost, dict):
            continue
        if "remember" in cost and isinstance(cost.get("target"), dict):
            inner = cost["target"]
            if "choose" in inner:  # a choice made as part of the cost needs a card to choose
                if not F.candidates(state, inner["choose"], ctx):
                    return False
                continue
            cost = inner  # a cost that names what it touched: check the cost itself
        if "pay_power" in cost:
            a = cost["pay_power"]
            n = 0 if a == "any" else F.amount(state, a, ctx)
            payer = _player(ctx, state, cost.get("who"))  # "… may pay 1 power" by the opponent (Payoff)
            if payer == me:
                power_needed += n
            else:
                other_payers[payer] = other_payers.get(payer, 0) + n
        elif "glyph_to_mission_pile" in cost:
            tgt = cost["glyph_to_mission_pile"].get("glyph", {})
            cards = F.resolve_target(state, tgt, ctx)
            if not (cards if cards is not None else F.candidates(state, tgt["choose"], ctx)):
                return False
        elif "requires" in cost:
            if not F.condition(state, cost["requires"], ctx):
                return False
        elif "pay_revive_cost" in cost:
            from .. import replacements
            if not replacements.can_pay_revive_cost(state, ctx, cost["pay_revive_cost"]):
                return False
        elif "discard" in cost:
            arg = cost["discard"]
            n = arg if isinstance(arg, int) else F.amount(state, arg.get("count", 1), ctx)
            flt = cost.get("filter") or (arg.get("filter") if isinstance(arg, dict) else None)
            pool = [i for i in state["seats"][me]["hand"] if not flt or F.matches(state, i, flt, ctx)]
            if len(pool) < n:
                return False
        else:
            verb = next((k for k in ("stop", "destroy", "incapacitate", "block", "discard_card") if k in cost), None)
            if verb is None:
                continue
            tgt = cost[verb]
            cards = F.resolve_target(state, tgt, ctx)
            if cards is None:
                cards = F.candidates(state, tgt["choose"], ctx)
            ok = [i for i in cards if _payable(state, verb, i)]
            need = 1 if F.resolve_target(state, tgt, ctx) is not None else F.amount(state, tgt.get("count", 1), ctx)
            if len(ok) < max(1, need):
                return False
    if any(state["seats"][s]["power"] < n for s, n in other_payers.items()):
        return False
    return state["seats"][me]["power"] >= power_needed


def _payable(state: dict, verb: str, iid: str) -> bool:
    c = state["cards"][iid]
    if verb == "discard_card":
        return c["zone"] not in ("discard", "glyph", "current_mission")
    if c["zone"] not in ("play", "mission"):
        return False
    if verb == "stop":
        return c["state"] in ("ready", "assigned")
    if verb == "incapacitate":
        return c["state"] != "incapacitated"
    if verb == "block":
        return c["state"] == "ready" and not c.get("blocked")
    return True


def can_pay(state: dict, ctx: dict, costs: list) -> bool:
    return _can_pay(state, ctx, costs)


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
    from ..actions_hero import _cant_play, play_card, power_cost_to_play
    from ..glossary import unique_conflict
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


def _move_glyph(state: dict, frame: dict, ctx: dict, arg: dict) -> bool:
    """Move a glyph from one character to another (the second does not *earn* it): the
    most recently placed glyph of the first character moves."""
    if "from_cards" not in frame:
        cards = _targets(state, frame, ctx, arg.get("from", {}))
        if cards is None:
            return False
        frame["from_cards"] = cards
        frame.pop("chosen", None)
        frame["ctx"].setdefault("builtin", {})["from"] = cards
        ctx = ctx_of(state, frame)
    src = [i for i in frame["from_cards"] if state["cards"][i]["glyphs"]]
    if not src:
        frame.pop("from_cards")
        _remember(state, ctx, frame.get("remember_as"), [])
        return True
    to = _targets(state, frame, ctx, arg.get("to", {}))
    if to is None:
        return False
    frame.pop("from_cards")
    moved = []
    if to:
        g = state["cards"][src[0]]["glyphs"][-1]
        S.move(state, g, "glyph", under=to[0])
        S.log(state, "glyph_moved", glyph=g, to=to[0])
        moved = [src[0], to[0]]
    # ``remember`` names both characters ("stop both of those characters", Kor Mak Joining)
    _remember(state, ctx, frame.get("remember_as"), moved)
    return True


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
    from .. import glossary
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


def _glyph_to_mission_pile(state: dict, frame: dict, ctx: dict, arg: dict) -> bool:
    """Put a glyph from beneath a character on the bottom (or top) of its owner's mission
    pile. ``same_experience`` (Moloc): also every other glyph of that character worth the
    same experience, which the owner then orders one at a time ("in any order")."""
    glyphs = _targets(state, frame, ctx, arg.get("glyph", {}))
    if glyphs is None:
        return False
    moved = []
    for g in glyphs:
        c = state["cards"][g]
        if c["zone"] != "glyph":
            continue
        group = [g]
        if arg.get("same_experience"):
            xp = S.card_def(state, g).get("experience")
            group += [o for o in state["cards"][c["under"]]["glyphs"]
                      if o != g and S.card_def(state, o).get("experience") == xp]
        for o in group:
            S.move(state, o, "mission_pile", top=arg.get("position", "bottom") == "top")
            S.log(state, "glyph_to_mission_pile", card=o)
        if len(group) > 1 and arg.get("position", "bottom") == "bottom":
            state.setdefault("glyph_orders", []).append({"seat": c["owner"], "cards": group})
        moved += group
    _remember(state, ctx, frame.get("remember_as"), moved)
    return True


def _place_glyph(state: dict, frame: dict, ctx: dict, arg: dict) -> bool:
    """Place a mission card as a glyph beneath a character ("places the top card of their
    mission pile as a glyph beneath …"): it is not *earned* (no "each time he earns" text)."""
    hosts = _targets(state, frame, ctx, arg.get("host", {}))
    if hosts is None:
        return False
    hosts = [h for h in hosts if state["cards"][h]["zone"] in ("play", "mission") and S.is_character(state, h)]
    cards = [i for i in (F.resolve_target(state, arg.get("card", {}), ctx) or [])
             if S.ctype(state, i) == "mission" and state["cards"][i]["zone"] == "mission_pile"]
    if hosts and cards:
        S.move(state, cards[0], "glyph", under=hosts[0])
        S.log(state, "glyph_placed", glyph=cards[0], card=hosts[0])
        state["progress_turn"] = state["turn"]["number"]
    return True


def _gain_traits(state: dict, frame: dict, ctx: dict, arg: dict, until: str | None) -> bool:
    """"<card> gets all that character's traits until …" ("Tyler")."""
    cards = _targets(state, frame, ctx, arg.get("who", {"self": True}))
    if cards is None:
        return False
    donors = F.resolve_target(state, arg.get("from", {}), ctx) or []
    traits = []
    for d in donors:
        traits += [t for t in S.traits(state, d) if t not in traits]
    for iid in cards:
        if state["cards"][iid]["zone"] in ("play", "mission"):
            state["cards"][iid].setdefault("traits_gained", []).append(
                {"traits": traits, "until": until or "leaves_play"})
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
        c["became"] = {"trait": arg.get("trait"), "revive": arg.get("revive"), "no_text": bool(arg.get("no_text")),
                       "cant": list(arg.get("cant") or [])}
        S.log(state, "took_control", card=iid, seat=ctx["controller"])
    return True


# where a ``delayed`` effect waits (deciding_to_continue, debrief, turn.power_end, resolve.earn)
DELAY_POINTS = {"end_of_mission", "end_of_turn", "debrief_start", "opponent_next_power_phase_end", "glyph_earned"}


# ------------------------------------------- verbs added with the coverage guard
MORE_VERBS = {"reveal_top_of_deck", "reveal_random_from_hand", "reveal_hand", "discard_top_of_deck",
              "take_from_score_pile", "arrange_bottom", "swap_glyphs", "grant_keyword"}
IMPLEMENTED_VERBS |= MORE_VERBS
VERB_OPTIONS.update({
    "reveal_top_of_deck": {"count", "who"}, "reveal_random_from_hand": {"owner"}, "reveal_hand": {"who"},
    "grant_keyword": {"keyword", "to"},
    "discard_top_of_deck": {"count", "who"}, "take_from_score_pile": {"filter", "to", "who"},
    "arrange_bottom": {"count", "owner", "pile", "top_allowed", "who"},
    "discard": VERB_OPTIONS["discard"] | {"chooser"},
    # "score him (even if the mission was a success)": scoring by a card never checks the result
    "score": {"even_on_success"},
    # the revealed cards go to the bottom in the order they were revealed (RULES.md)
    "to_deck_bottom": {"any_order"},
})


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
