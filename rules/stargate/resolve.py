"""Resolving the Current Mission: ship battle, determine success or failure, Success and
Failure text, stop everything assigned, revive or score adversaries, destroy obstacles and
complications, earn a glyph.
"""
from __future__ import annotations

from . import state as S
from . import stats
from .effects import filters as F
from .effects import interpreter as I
from . import glossary
from .glossary import leave_play
from .rulesets import feature
from .triggers import fire
from .effects.render import cost_text
from .replacements import destroy, happen, revive_mill_offered
from .static_rules import granted_abilities, revive_mill_to, text_repeats, text_terms


def _assigned(state: dict, seat: int, kind: str | None = None) -> list[str]:
    return [i for i in S.at_mission(state) if S.controller(state, i) == seat
            and state["cards"][i]["state"] == "assigned" and (kind is None or S.ctype(state, i) == kind)]


def ship_battle(state: dict) -> None:
    """Higher assigned firepower achieves victory (only one side with ships: that side);
    the victor may incapacitate one loser ship; Victory text on his assigned cards."""
    state["step"] = "determine"
    if not feature(state, "ship_battle"):
        return
    t = state["turn"]
    fp = {s: sum(stats.number(state, i, "firepower") for i in _assigned(state, s, "ship")) for s in (t["hero"], t["villain"])}
    for s in fp:  # "your ship battle total gets firepower +1" (HUD Headset)
        if _assigned(state, s, "ship"):
            fp[s] += stats.player_bonus(state, s, "firepower", ship_battle_total=True)
    ships = {s: _assigned(state, s, "ship") for s in fp}
    if not ships[t["hero"]] and not ships[t["villain"]]:
        return
    h, v = t["hero"], t["villain"]
    victor = h if fp[h] > fp[v] or (ships[h] and not ships[v]) else v if fp[v] > fp[h] or (ships[v] and not ships[h]) else None
    S.log(state, "ship_battle", firepower={str(k): x for k, x in fp.items()}, victor=victor)
    if victor is None:
        return
    loser = v if victor == h else h
    state["mission"]["victor"] = victor
    if ships[loser]:
        I.set_pending(state, victor, "incapacitate_ship", "You achieved victory: incapacitate one of your opponent's assigned ships?",
                      [{"type": "choose", "card": i} for i in ships[loser]] + [{"type": "choose", "card": None}])
        state["step"] = "victory_text"
        return
    state["step"] = "victory_text"


def victory_text(state: dict) -> None:
    """Victory text on the victor's assigned cards, in the order of his choice."""
    state["step"] = "determine"
    victor = state["mission"].get("victor")
    if victor is None or not feature(state, "victory_text"):
        return
    sources = [i for i in _assigned(state, victor) if _has_text(state, i, "victory")]
    if sources:
        state["texts"] = [{"seat": victor, "sources": sources}]
        state["text_kind"] = "victory"
        state["step"] = "victory_texts"


def determine_success(state: dict) -> None:
    with stats.reading(state):  # both only read: the statics in play are listed once for both
        total, diff = stats.total_skills(state), stats.difficulty(state)
    result = "success" if total >= diff else "failure"
    state["mission"]["result"] = result
    state["mission"]["resolved_assigned"] = _assigned(state, S.hero(state), "character")
    S.log(state, "mission_result", result=result, skills=total, difficulty=diff)
    if result == "success":
        state["turn"]["successes"] += 1
        # "a successful Combat mission this turn" (Ka'lel): the skill it required
        state["turn"].setdefault("success_skills", []).append(F.mission_skill(state))
    t = state["turn"]
    # "When your opponent succeeds at a mission" (Under Suspicion), "When you fail a mission"
    # (Canopic Jar): ``who: {"side": …}`` names the hero player
    fire(state, "mission_succeeded" if result == "success" else "mission_failed", seat=t["hero"])
    # Success and Failure text: the hero's cards first, then the villain's, each in the
    # order its owner chooses (one card at a time).
    hero_sources = [S.current_mission(state)] + _assigned(state, t["hero"])
    villain_sources = [i for i in S.at_mission(state) if S.controller(state, i) == t["villain"]
                       and not state["cards"][i].get("face_down") and state["cards"][i]["state"] in ("assigned", None)]
    state["texts"] = [{"seat": t["hero"], "sources": [i for i in hero_sources if _has_text(state, i, result)]},
                      {"seat": t["villain"], "sources": [i for i in villain_sources if _has_text(state, i, result)]}]
    state["text_kind"] = result
    state["step"] = "texts"


def _texts(state: dict, iid: str, result: str) -> list[tuple[dict, dict]]:
    """The card's ``result`` abilities: printed ones and those other cards give it (Sindar,
    Bauer), each with its built-in refs (``granter`` = the card that gives the text)."""
    out = [(ab, {}) for ab in S.card_def(state, iid).get("mechanics") or [] if ab.get("kind") == result]
    out += [(ab, {"granter": [src]}) for _, ab, src in granted_abilities(state, iid, result)]
    return out


def _has_text(state: dict, iid: str, result: str) -> bool:
    if result in state["cards"][iid].get("text_removed", []):
        return False  # "loses its Failure text" (Zat Gun, Hazard Suits)
    return bool(_texts(state, iid, result))


def success_and_failure_text(state: dict) -> None:
    while state["texts"] and not state["texts"][0]["sources"] and not state["texts"][0].get("offer"):
        state["texts"].pop(0)
    if not state["texts"]:
        state["step"] = "determine" if state.get("text_kind") == "victory" else "stop_assigned"
        return
    group = state["texts"][0]
    if group.get("offer"):  # the next occurrence of an optional or paid text (Iris)
        _offer_text(state, group)
        return
    if len(group["sources"]) > 1:
        I.set_pending(state, group["seat"], "order_text", "Choose the card whose text you use next",
                      [{"type": "order", "card": i} for i in group["sources"]])
        return
    use_text(state, group["sources"][0])


def use_text(state: dict, iid: str) -> None:
    group = state["texts"][0]
    group["sources"].remove(iid)
    result = state.get("text_kind") or state["mission"]["result"]
    times = text_repeats(state, iid, result)  # "… text occurs an additional time" (Heru'ur)
    if text_terms(state, iid, result) is not None:
        # optional or paid (Iris): its owner decides each occurrence (_offer_text)
        group["offer"] = {"card": iid, "left": times}
        _offer_text(state, group)
        return
    _push_text(state, iid, group["seat"], result, times)


def _push_text(state: dict, iid: str, seat: int, result: str, times: int) -> None:
    for ab, builtin in [x for x in _texts(state, iid, result) for _ in range(times)]:
        I.push(state, ab.get("effects", []), iid, seat, builtin=builtin, label=result)


def _offer_text(state: dict, group: dict) -> None:
    """Iris ("Failure text on villain cards is optional. To use the failure text of an
    obstacle, your opponent pays 1 power."): the player whose card it is decides whether to
    use the next occurrence of its text, offered only when he can pay its costs (RULES.md
    "Iris"). The terms are read again for each occurrence: if the card that changed them
    left play, the rest occur as printed."""
    offer = group["offer"]
    iid, result = offer["card"], state.get("text_kind") or state["mission"]["result"]
    terms = text_terms(state, iid, result)
    if terms is None:
        group.pop("offer")
        _push_text(state, iid, group["seat"], result, offer["left"])
        return
    costs = [c for t in terms["costs"] for c in t["cost"]]
    ctx = {"source": terms["costs"][0]["source"] if terms["costs"] else iid, "controller": group["seat"], "refs": {}}
    if not I.can_pay(state, ctx, costs):
        group.pop("offer")  # it can't be paid: the text is not used (nor any further occurrence)
        S.log(state, "text_not_used", seat=group["seat"], card=iid, text=result, reason="cost")
        return
    title = S.card_def(state, iid)["title"]
    prompt = f"Use the {result.capitalize()} text of {title}?" + (f" To use it, {cost_text(costs)}." if costs else " It is optional.")
    I.set_pending(state, group["seat"], "use_text", prompt, [{"type": "choose", "yes": True}, {"type": "choose", "yes": False}])


def answer_text(state: dict, yes: bool) -> None:
    """The answer to ``_offer_text``: use one occurrence (its costs are paid first) or not."""
    group = state["texts"][0]
    offer = group["offer"]
    iid, result = offer["card"], state.get("text_kind") or state["mission"]["result"]
    offer["left"] -= 1
    if offer["left"] <= 0:
        group.pop("offer")
    if not yes:
        S.log(state, "text_not_used", seat=group["seat"], card=iid, text=result, reason="declined")
        return
    terms = text_terms(state, iid, result) or {"costs": []}
    _push_text(state, iid, group["seat"], result, 1)
    for c in reversed(terms["costs"]):  # on top of the text: paid before it is used
        I.push(state, c["cost"], c["source"], c["payer"], label="text_cost")


def stop_assigned(state: dict) -> None:
    """Whether success or failure, every assigned character and ship becomes stopped (all at
    once: a replacement effect is offered for each before any is stopped — Siler)."""
    happen(state, "stop", [i for i in S.at_mission(state) if state["cards"][i]["state"] == "assigned"
                           and S.ctype(state, i) in ("character", "ship")], mode="mission_end")
    state["step"] = "revive_or_score"


def revive_or_score(state: dict) -> None:
    """The villain revives (mills its revive cost from the top of his deck; it becomes
    stopped), scores (only on failure) or destroys the adversary he assigned."""
    state["step"] = "destroy_obstacles"
    t = state["turn"]
    advs = [i for i in _assigned(state, t["villain"], "adversary")]
    if not advs:
        return
    iid = advs[0]
    opts = []
    forbidden = {f["action"] for f in state["cards"][iid].get("forbid", [])}
    if S.became_adversary_cant(state, iid, "revive"):
        forbidden.add("revive")  # Mark Devlin, Linea: a character-adversary that can't be revived
    if len(state["seats"][t["villain"]]["deck"]) >= stats.number(state, iid, "revive") and "revive" not in forbidden:
        opts.append({"type": "adversary", "choice": "revive"})
    if "revive" not in forbidden and _revive_instead(state, iid) is not None:
        opts.append({"type": "adversary", "choice": "revive_instead"})
    if state["mission"]["result"] == "failure" and "score" not in forbidden and not _cant_be_scored(state, iid):
        opts.append({"type": "adversary", "choice": "score"})
    opts.append({"type": "adversary", "choice": "destroy"})
    state["mission"]["adversary"] = iid
    I.set_pending(state, t["villain"], "revive_or_score", "Revive, score or destroy your assigned adversary", opts)


def _revive_instead(state: dict, iid: str) -> dict | None:
    """Cronus: "each time you would pay <his> revive cost, you may <cost> instead. If you do,
    revive and ready <him>" — a ``replace`` ability with ``event: revive_cost`` whose cost
    can be paid now (its ``instead`` effects follow the revive)."""
    for src, ab in stats.active_abilities(state, "replace"):
        if ab.get("event") != "revive_cost":
            continue
        ctx = stats.ctx_for(state, src)
        who = ab.get("who", {"self": True})
        fixed = F.resolve_target(state, who, ctx) if set(who) & {"self", "all", "ref"} else None
        hit = (iid in fixed) if fixed is not None else F.matches(state, iid, who, ctx)
        if hit and I.can_pay(state, ctx, ab.get("cost", [])):
            return {"source": src, "ability": ab, "ctx": ctx}
    return None


def _cant_be_scored(state: dict, iid: str) -> bool:
    """"He can't be scored" (Daniel Jackson, Prior of the Ori: ``becomes_adversary`` with
    ``cant: [score]``)."""
    return S.became_adversary_cant(state, iid, "score")


def answer_adversary(state: dict, choice: str) -> None:
    t = state["turn"]
    iid = state["mission"].pop("adversary")
    if choice == "revive_instead":
        alt = _revive_instead(state, iid)
        S.move_keep(state, iid, "play")
        state["cards"][iid]["state"] = "stopped"
        S.log(state, "revived", card=iid, instead=alt["source"])
        fire(state, "revive_self", card=iid)
        I.push(state, list(alt["ability"].get("cost", [])) + list(alt["ability"].get("instead", [])),
               alt["source"], alt["ctx"]["controller"], label="replace")
    elif choice == "revive":
        to = revive_mill_to(state, iid)  # Netan: into hand instead of the discard pile
        if revive_mill_offered(state, iid):
            # Shak'l: each card may be replaced by a discard; paid card by card, then revived
            I.push(state, [{"_revive_mill": {"card": iid, "count": stats.number(state, iid, "revive"), "to": to}}],
                   iid, t["villain"], label="revive")
            return
        for _ in range(stats.number(state, iid, "revive")):
            deck = state["seats"][t["villain"]]["deck"]
            S.move(state, deck[0], to)
        glossary.revived(state, iid)
    elif choice == "score":
        leave_play(state, iid, "score_pile")
        S.log(state, "scored", card=iid)
        fire(state, "score_self", card=iid)
        dominion = [i for i in S.at_mission(state) if S.ctype(state, i) == "obstacle" and not state["cards"][i].get("face_down")
                    and (any(ab.get("kind") == "keyword" and ab.get("keyword") == "dominion"
                             for ab in S.card_def(state, i).get("mechanics") or [])
                         or "dominion" in state["cards"][i].get("keywords_granted", []))]
        if dominion:
            I.set_pending(state, t["villain"], "dominion", "Dominion: score one obstacle with dominion?",
                          [{"type": "choose", "card": i} for i in dominion] + [{"type": "choose", "card": None}])
    else:
        # "destroy him": a destroy (a replacement may prevent it: Kull Warrior; "when
        # destroyed" text follows: Devout Prior)
        destroy(state, iid, by=t["villain"])


def destroy_obstacles(state: dict) -> None:
    """The villain destroys all obstacles and complications at the mission: a replacement
    ("when it would be destroyed, place it beneath this gear instead": Quarantine Container)
    may apply to each (replacements.happen; what it keeps is moved by its own effect)."""
    hit = [i for i in S.at_mission(state) if state["cards"][i].get("face_down") or S.ctype(state, i) == "obstacle"]
    happen(state, "destroy", hit, by=state["turn"]["villain"], mode="mission_end")
    # anything else left at the mission (an adversary someone else assigned) goes home stopped
    for iid in [i for i in S.at_mission(state) if i not in hit]:
        S.move_keep(state, iid, "play")
        if state["cards"][iid]["state"] == "assigned":
            state["cards"][iid]["state"] = "stopped"
    state["step"] = "earn_glyph"


def earn_a_glyph(state: dict) -> None:
    """On success the hero places the mission beneath one of the characters assigned there
    at the resolving (still in play); then "each time he earns" triggers and victory."""
    m = S.current_mission(state)
    state["step"] = "mission_end"
    if m is None:  # a card moved the mission away during its own text
        return
    if state["mission"]["result"] != "success":
        S.move(state, m, "failed")
        return
    cands = [i for i in state["mission"]["resolved_assigned"] if state["cards"][i]["zone"] == "play"]
    if not cands:
        # RULES.md "a success with nobody to earn the glyph": it goes to the bottom of the pile
        S.move(state, m, "mission_pile")
        return
    if len(cands) == 1:
        earn(state, cands[0])
        return
    I.set_pending(state, S.hero(state), "earn_glyph", "Choose the character who earns the glyph",
                  [{"type": "earn_glyph", "card": i} for i in cands])


def earn(state: dict, char: str) -> None:
    m = S.current_mission(state)
    glyph = S.card_def(state, m).get("glyph")
    had = glyph in [S.card_def(state, g).get("glyph") for g in state["cards"][char]["glyphs"]]
    S.move(state, m, "glyph", under=char)
    S.log(state, "earned_glyph", card=char, mission=m, glyph=glyph)
    state["progress_turn"] = state["turn"]["number"]
    # "if the chosen character earns the current mission's glyph" (Hazardous Duty): a
    # delayed effect waiting for this moment, with the earner as the built-in ref ``earner``
    due = [d for d in state["delayed"] if d["at"] == "glyph_earned"]
    state["delayed"] = [d for d in state["delayed"] if d["at"] != "glyph_earned"]
    for d in due:
        I.push(state, d["effects"], d["source"], d["controller"], builtin={**d.get("refs", {}), "earner": [char]}, label="delayed")
    fire(state, "earn_glyph_self", card=char, earned_glyph=[m])
    if not had:
        fire(state, "earn_different_glyph_self", card=char, earned_glyph=[m])
    fire(state, "glyph_earned", card=char, earner=[char], earned_glyph=[m])
    fire(state, "glyph_earned_from_self", card=m, earner=[char], earned_glyph=[m])
