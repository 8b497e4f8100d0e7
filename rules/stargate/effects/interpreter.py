"""The effect interpreter: a resumable machine whose stack lives in the JSON state.

Why resumable: every choice a card requires ("choose a character", "you may …", "choose
one") is a pending decision of one seat, answered by an ordinary action. So executing an
ability pushes a *frame* (``{"effects", "i", "ctx", ...}``) on ``state["stack"]``; ``run``
executes effects until one needs a decision, sets ``state["pending"]`` and returns; the
answer is stored in the frame and the same effect is executed again.

A verb outside ``VERBS`` raises (a card that uses one must not be playable: the coverage
guard, tests/rules/stargate/test_effect_coverage.py, keeps such cards out of the pool).

This module is the driver (the tables of what it runs, ``run``, ``execute``); the frame
helpers are in ``frames`` and the verbs by family in ``zones`` (cards moving between
zones), ``hand_glyphs`` (hands and glyphs), ``modifiers`` (numbers and traits for a while)
and ``choices`` ("you may", costs).
"""
from __future__ import annotations

from ... import rng
from .. import glossary, replacements, victory
from .. import state as S
from . import filters as F
from .complication import opponent_plays_as_complication
from .schema import EFFECT_VERBS
# the families of verbs ``execute`` dispatches to, each in its own module; every name stays
# importable from here (callers use ``interpreter.push``, ``interpreter.can_pay``, …)
from .choices import (_can_pay, _may, _payable, affordable_choice, can_pay, pay_revive_cost,  # noqa: F401
                      power_affordable, text_payable)
from .frames import (_advance_and_keep, _names_incapacitated, _player, _remember, _still_choosable,  # noqa: F401
                     _targets, ctx_of, push, set_pending)
from .hand_glyphs import _discard, _glyph_to_mission_pile, _move_glyph, _place_glyph, draw  # noqa: F401
from .modifiers import RULE_STATS, _cost_rule, _gain_traits, _modify, end_cost_rules  # noqa: F401
from .zones import (_apply_all, _arrange_top, _more_verb, _place_beneath, _place_on, _play_free,  # noqa: F401
                    _search, _source_cards, _take_control, apply_verb)

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
# (choices.pay_revive_cost; a cost, checked by _can_pay)
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


# --------------------------------------------------------------------------- run
def run(state: dict) -> None:
    """Execute the stack until it is empty or a decision is pending."""
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
        return replacements.run_internal(state, frame, eff)
    verb = next((k for k in eff if k in IMPLEMENTED_VERBS), None)
    if verb is None:
        name = next((k for k in eff if k in EFFECT_VERBS), sorted(eff)[0])
        raise ValueError(f"effect verb {name!r} of {S.card_def(state, ctx['source'])['title']!r} "
                         "is not implemented (interpreter.VERBS)")
    arg = eff[verb]
    if verb == "requires":
        return True
    if verb == "pay_revive_cost":
        return pay_revive_cost(state, frame, ctx, arg)
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
        cards = _targets(state, frame, ctx, tgt, keep=affordable_choice(state, frame, ctx, arg))
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
        if n > state["seats"][seat]["power"]:
            # a payment that can't be made in full is not made, and what it pays for ("If
            # you do, …": the rest of this text) does not happen (choices.power_affordable)
            S.log(state, "could_not_pay", seat=seat, amount=n)
            frame["i"] = len(frame["effects"]) - 1
            return True
        state["seats"][seat]["power"] -= n
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
            # an option that pays power first is offered only when it can be paid in full
            # (Zat Gun: "pay 1 / 2 / 3 power")
            ok = [k for k in range(len(arg)) if power_affordable(state, ctx, arg[k])]
            if not ok:
                return True
            set_pending(state, seat, "choose_one", "Choose one", [{"type": "choose", "option": k} for k in ok])
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
            S.sums_changed()
        return True
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


