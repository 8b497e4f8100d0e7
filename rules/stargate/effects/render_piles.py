"""Card mechanics as English: the verbs on piles, hands, glyphs and cards beneath or on a
card — searching, arranging, revealing, discarding, taking from a score pile, placing
beneath, glyphs to the mission pile, playing by an effect, granted text, blockades — each
as a clause (``render_effects.clause`` hands them here).

Moved out of ``render_parts`` to keep each module to one job.
"""
from __future__ import annotations

from .render_effects import _act, _count_phrase, _legacy_effect, _subject, _their
from .render_parts import ability
from .render_phrases import (
    ACTIONS, KEYWORDS, NUMBERS, PILES, Ctx, _article, _card_noun, _chooser, _join, _pile_owner, _ref, _ref_phrase,
    describe, noun, target, unknown,
)


def _glyph_target(t, ctx: Ctx) -> str:
    who, plural = target(t, ctx)
    return who


def _pile_verb(verb, arg, e, ctx: Ctx, actor, until) -> str:
    a = arg if isinstance(arg, dict) else {}
    who = a.get("who", "you") if isinstance(a.get("who", "you"), str) else "you"
    if verb == "search_deck":
        noun_ = _card_noun(a.get("filter"), ctx, False)
        text = f"search {_their(who, actor)} deck for {_article(noun_)} {noun_}"
        text += ", reveal it," if a.get("reveal") else ","
        text += f" and take it into {'your' if who == 'you' else 'their'} hand. Then shuffle {'your' if who == 'you' else 'their'} deck"
        if a.get("then") == "shuffle_rest_and_place_on_top":
            text = f"search {_their(who, actor)} deck for {_article(noun_)} {noun_}" + (", reveal it," if a.get("reveal") else ",")
            text += f" shuffle the rest of {'your' if who == 'you' else 'their'} deck, then put that card on top of it"
        elif a.get("then") not in (None, "shuffle"):
            text += " " + unknown(f"then {a['then']}")
        return _act(who, actor, text)
    if verb == "search_mission_pile":
        text = f"search {_their(who, actor)} mission pile for a mission"
        then = a.get("then")
        if then == "shuffle_rest_and_place_on_top":
            text += ", shuffle the rest of that pile, then put the mission on top of it"
        elif then is not None:
            text += " " + unknown(f"then {then}")
        return _act(who, actor, text)
    if verb in ("take_from_discard", "take_from_score_pile"):
        pile = "discard pile" if verb == "take_from_discard" else "score pile"
        count = a.get("count", 1)
        sing, plur = _card_noun(a.get("filter"), ctx, False), _card_noun(a.get("filter"), ctx, True)
        what = _count_phrase(count, ctx, sing, plur, bool(a.get("up_to")))
        mine = "your" if who == "you" else "their"
        to = a.get("to", "hand")
        if to == "hand":
            text = f"take {what} from {mine} {pile} into {mine} hand"
        elif to == "deck_shuffled":
            text = f"shuffle {what} from {mine} {pile} into {mine} deck"
        elif to == "deck_top":
            text = f"put {what} from {mine} {pile} on top of {mine} deck"
        elif to == "deck_bottom":
            text = f"put {what} from {mine} {pile} on the bottom of {mine} deck"
        elif to == "play":
            text = f"play {what} from {mine} {pile}"
        else:
            text = f"take {what} from {mine} {pile} " + unknown(f"to {to}")
        return _act(who, actor, text)
    if verb in ("arrange_top", "arrange_bottom"):
        pile = PILES.get(a.get("pile", "deck"), a.get("pile"))
        owner = a.get("owner", "you")
        whose = {"you": "your", "opponent": "your opponent's", "any": "a player's"}.get(owner, "your")
        if owner == who and who != "you":
            whose = "their"
        n = a.get("count", 1)
        end = "top" if verb == "arrange_top" else "bottom"
        cards = _count_phrase(n, ctx, "card", "cards")
        tail = ""
        if n == 1:
            cards = f"the {end} card"
        elif isinstance(n, int):
            cards = f"the {end} {cards.split(' ', 1)[0]} cards"
        else:
            cards, tail = f"the {end} X cards", f", where X is {describe(n, ctx)}"
        text = f"look at {cards} of {whose} {pile}"
        explained = bool(tail)
        if tail:
            text, tail = text + tail, ""
        if a.get("split") == "one_top_one_bottom":
            text += ", then put one of them on the top of that pile and the other on the bottom"
        elif a.get("split") == "one_top_rest_bottom":
            text += ", then put one of them on the top of that pile and the rest on the bottom in any order"
        elif a.get("split"):
            text += " " + unknown(f"split {a['split']}")
        elif n == 1:
            text += (", then put it back on the top or on the bottom of that pile"
                     if a.get("bottom_allowed") or a.get("top_allowed") else "")
        else:
            text += f"{',' if explained else ''} and put them back in any order"
            if a.get("bottom_allowed"):
                text += " (any of them may go on the bottom instead)"
            if a.get("top_allowed"):
                text += " (any of them may go on the top instead)"
        return _act(who, actor, text + tail)
    if verb == "arrange_failed_missions":
        return _act(who, actor, "put any number of missions from your failed mission pile on top of your mission pile in any order")
    if verb == "shuffle_deck":
        return _act(who, actor, f"shuffle {_their(who, actor)} deck")
    if verb == "shuffle_mission_pile":
        owner = a.get("owner", "you")
        return f"shuffle {_pile_owner(owner)} mission pile" if actor == "you" else _act("you", actor, f"shuffle {_pile_owner(owner)} mission pile")
    if verb in ("discard_top_of_deck", "reveal_top_of_deck"):
        n = a.get("count", 1)
        tail = ""
        if n == 1:
            cards = "the top card"
        elif isinstance(n, int):
            cards = f"the top {NUMBERS.get(n, n)} cards"
        else:
            cards, tail = "the top X cards", f", where X is {describe(n, ctx)}"
        word = "discard" if verb == "discard_top_of_deck" else "reveal"
        return _act(who, actor, f"{word} {cards} of {_their(who, actor)} deck{tail}")
    if verb == "reveal_random_from_hand":
        owner = a.get("owner", "opponent")
        return f"reveal a card at random from {_pile_owner(owner)} hand"
    if verb == "reveal_hand":
        w = a.get("who", "opponent")
        return _act(w, actor, f"reveal {'your' if w == 'you' else 'their'} hand")
    if verb == "move_glyph":
        frm = a.get("from", {})
        frm_text = _glyph_target(frm, ctx)
        sub = Ctx.__new__(Ctx)
        sub.__dict__.update({k: (dict(v) if isinstance(v, dict) else v) for k, v in ctx.__dict__.items()})
        sub.builtin["from"] = ("that character", False)
        to = a.get("to", {})
        if isinstance(to, dict) and isinstance(to.get("choose"), dict) and to["choose"].get("other_than") == "from":
            f = {k: v for k, v in to["choose"].items() if k != "other_than"}
            to_text = "another " + noun(f, ctx) if f.get("side") not in ("you", "opponent") else "another of " + (
                "your " if f["side"] == "you" else "your opponent's ") + noun(f, ctx, plural=True, owner=False)
        else:
            to_text = _glyph_target(to, sub)
        return _act(_chooser(frm), actor, f"move a glyph from {frm_text} to {to_text}")
    if verb == "glyph_to_mission_pile":
        g = a.get("glyph", {})
        pos = a.get("position", "bottom")
        return _act(_chooser(g), actor, f"put {_glyph_target(g, ctx)} on the {pos} of its owner's mission pile")
    if verb == "swap_glyphs":
        t = a.get("ref") or a
        return f"swap {_ref_phrase(t, ctx) if isinstance(t, str) else _glyph_target(t, ctx)} between their characters"
    if verb == "exchange_glyph_with_mission_pile_top":
        who_ = _glyph_target(a.get("character", {}), ctx)
        return f"exchange a glyph of {who_} with the top card of its owner's mission pile"
    if verb == "play_free":
        noun_ = _card_noun(a.get("filter"), ctx, False)
        w = a.get("who", "you")
        if a.get("target") or "choose" in a or "ref" in a:
            what, _ = target(a.get("target") or a, ctx)
            return _act(w, actor, f"play {what} at no cost")
        where = "" if isinstance(a.get("filter"), dict) and "in_ref" in a["filter"] else \
            f" from {'your' if w == 'you' else 'their'} hand"
        return _act(w, actor, f"play {_article(noun_)} {noun_}{where} at no cost")
    if verb == "play_from_hand":
        noun_ = _card_noun(a.get("filter"), ctx, False)
        w = a.get("who", "you")
        text = f"play {_article(noun_)} {noun_} from {'your' if w == 'you' else 'their'} hand, paying its cost"
        if a.get("ignore_uniqueness"):
            text += f" (even if {'you' if w == 'you' else 'they'} already have a card with the same title in play)"
        return _act(w, actor, text)
    if verb == "remove_text":
        t = a.get("target", {})
        who_, plural = target(t, ctx)
        kw = a.get("keyword")
        what = KEYWORDS.get(kw, f"{kw} text") if kw else "game text"
        return _act(_chooser(t), actor, f"remove the {what} of {who_}{until}") if kw else \
            _act(_chooser(t), actor, f"{'choose ' + who_ + '; it loses' if 'choose' in t else who_ + ' loses'} all game text{until}")
    if verb == "grant_keyword":
        who_, plural = target(a.get("to", {}), ctx)
        if isinstance(a.get("to"), dict) and "choose" in a["to"]:
            return _act(_chooser(a["to"]), actor, f"give {who_} {KEYWORDS.get(a.get('keyword'), a.get('keyword'))}{until}")
        return f"{who_} {'gain' if plural else 'gains'} {KEYWORDS.get(a.get('keyword'), a.get('keyword'))}{until}"
    if verb == "grant_ability":
        to = a.get("to", {})
        who_, plural = target(to, ctx)
        ab = a.get("ability", {})
        inner = ability(ab) if isinstance(ab, dict) else unknown("ability")
        return f"{who_} {'gain' if plural else 'gains'} “{inner}”{until}".replace("“", '"').replace("”", '"')
    if verb == "grant_trigger":
        inner = ability({"kind": "trigger", "on": a.get("on"), "who": a.get("who"), "effects": a.get("effects", []),
                         "optional": a.get("optional", False)})
        return f'until the end of the turn, you have "{inner}"' if not until else f'you have "{inner}"{until}'
    if verb == "blockade":
        owner = a.get("owner", "opponent")
        return (f"blockade a mission (place the top card of {_pile_owner(owner)} mission pile face up beneath this card; "
                "return any mission it already blockades)")
    if verb == "place_promotion_token":
        who_, _ = target(arg, ctx)
        return _act(_chooser(arg), actor, f"place a promotion token on {who_}")
    if verb == "place_beneath":
        host, _ = target(a.get("host", {"self": True}), ctx)
        card = a.get("card", {})
        if isinstance(card, dict) and card.get("top_of_deck"):
            what = "the top card of your deck"
        elif isinstance(card, dict) and card.get("random_from_hand"):
            what = "a card at random from " + _pile_owner(card.get("random_from_hand")) + " hand"
        else:
            what = target(card, ctx)[0]
        return f"place {what} {'face down ' if a.get('face_down') else ''}beneath {host}"
    if verb == "place_on":
        what, _ = target(a.get("card", {"self": True}), ctx)
        host = a.get("host", {})
        who_, _ = target(host, ctx)
        return _act(_chooser(host), actor, f"place {what} on {who_}")
    if verb == "place_glyph":
        what, _ = target(a.get("card", {}), ctx)
        who_, _ = target(a.get("host", {}), ctx)
        return f"place {what} as a glyph beneath {who_}"
    if verb == "take_control":
        who_, plural = target(a.get("who", {}), ctx)
        parts = []
        if a.get("no_text"):
            parts.append("no game text")
        if a.get("trait"):
            parts.append(f"the {a['trait']} trait")
        if a.get("revive") == "cost":
            parts.append("a revive cost equal to " + ("their" if plural else "its") + " cost")
        elif isinstance(a.get("revive"), int):
            parts.append(f"revive cost {a['revive']}")
        text = f"{who_} {'become adversaries' if plural else 'becomes an adversary'} under your control" + \
            (", with " + _join(parts) if parts else "")
        cant = [ACTIONS.get(x, x) for x in a.get("cant") or []]
        if cant:
            text += f". {'They' if plural else 'It'} can't be " + _join([c + ("d" if c.endswith("e") else "ed") for c in cant], "or")
        return text
    if verb == "gain_traits":
        who_, plural = target(a.get("who", {"self": True}), ctx)
        frm, _ = target(a.get("from", {}), ctx)
        return f"{who_} {'get' if plural else 'gets'} all the traits of {frm}{until}"
    if verb == "opponent_plays_as_complication":
        frm = a.get("from")
        what, plural = _ref(frm, ctx) if isinstance(frm, (str, dict)) and frm else ("that card", False)
        cost = a.get("cost")
        paid = " at no cost" if cost == 0 else f", paying {cost} power" if isinstance(cost, int) else ""
        if plural:
            what = "one of " + what
        return f"your opponent plays {what} as a complication at the current mission{paid}"
    if verb == "after_next_pass":
        w = a.get("who", "you")
        return f"the next time {_subject(w)} {'pass' if w == 'you' else 'passes'}, {_subject(w)} may take another action" \
            if not a.get("only_pass") else f"after {_subject(w)} next {'pass' if w == 'you' else 'passes'}, {_subject(w)} can only pass"
    if verb == "force_continue":
        return "force the hero player to continue to another mission this turn" + \
            (" without paying power to continue" if a.get("free") else "")
    return _legacy_effect(verb, e)
