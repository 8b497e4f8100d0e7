"""Text shown to players is rendered from the mechanics the engine runs.

The renderer must say precisely what the engine does, in the style of the printed cards:
one test per construct of EFFECTS.md (exact sentence), a check that no official card reads
with a placeholder, a raw key name or a fallback marker, and whole-card renders of
well-known starter cards. Expected sentences are written here; never copied from cards.
"""
import re

import pytest

from rules.stargate.cards import card_by_title, card_db, starters
from rules.stargate.effects.render import render
from rules.stargate.effects.schema import TRIGGER_EVENTS, validate_mechanics


def test_every_authored_card_renders_one_paragraph_per_ability():
    for card in card_db().values():
        if card["mechanics"] is not None:
            text = render(card["mechanics"])
            assert len(text) == len(card["mechanics"]) and all(isinstance(t, str) and t for t in text), card["title"]


def test_render_supply_raid_and_salish_spirits_read_like_the_rulebook_quotes():
    assert render(card_by_title("Supply Raid")["mechanics"]) == ["Success: Your opponent loses 2 power."]
    assert render(card_by_title("Salish Spirits")["mechanics"]) == ["Failure: Destroy a support character."]


def test_render_glyph_cost_and_activated_dash():
    text = render(card_by_title("Harold Maybourne", "Ally of Opportunity")["mechanics"])[0]
    assert text.startswith("Scorpius: Stop Harold Maybourne — ")


def test_not_authored_mechanics_say_so():
    assert render(None) == ["(game text not available yet)"]


# --------------------------------------------------------------------------- constructs
def C(flt, n=1, chooser="you", **kw):
    """A choice target: ``{"choose": flt, "chooser": chooser, "count": n}``."""
    return {"choose": flt, "chooser": chooser, "count": n, **kw}


CH = {"type": "character"}

# (effects of a Success text, the sentence after "Success: ")
EFFECT_CASES = [
    ([{'stop': {'choose': {'type': 'character', 'subtype': 'team'}, 'chooser': 'you', 'count': 1}}],
     'Stop a team character.'),
    ([{'stop': {'choose': {'type': 'character'}, 'chooser': 'opponent', 'count': 2}}],
     'Your opponent stops two characters.'),
    ([{'ready': {'choose': {'type': 'character'}, 'chooser': 'you', 'count': 2, 'up_to': True}}],
     'Ready up to two characters.'),
    ([{'destroy': {'choose': {'type': 'gear'}, 'chooser': 'you', 'count': 'any'}}],
     'Destroy any number of gear.'),
    ([{'destroy': {'all': {'type': 'obstacle', 'at_mission': True}}}],
     'Destroy all obstacles at the current mission.'),
    ([{'ready': {'self': True}}],
     'Ready this card.'),
    ([{'remember': 'chosen', 'target': {'choose': {'type': 'character', 'subtype': 'team'}, 'chooser': 'you', 'count': 1}}, {'incapacitate': {'ref': 'chosen'}}],
     'Choose a team character. Incapacitate the chosen character.'),
    ([{'remember': 'stopped', 'target': {'stop': {'choose': {'type': 'adversary'}, 'chooser': 'you', 'count': 1}}}, {'destroy': {'ref': 'stopped'}}],
     'Stop an adversary. Destroy the stopped adversary.'),
    ([{'remember': 'target', 'target': {'choose': {'type': 'ship'}, 'chooser': 'you', 'count': 1}}, {'stop': {'ref': 'target'}}],
     'Choose a ship. Stop that ship.'),
    ([{'modify': {'stat': 'difficulty', 'amount': -1, 'who': {'current_mission': True}}, 'until': 'end_of_mission'}],
     'The current mission gets difficulty -1 until the end of the current mission.'),
    ([{'destroy': {'choose': {'type': 'character', 'subtype': 'support', 'side': 'you', 'trait': ['NID', 'SGC'], 'state': 'stopped'}, 'chooser': 'you', 'count': 1}}],
     'Destroy one of your stopped NID or SGC support characters.'),
    ([{'destroy': {'choose': {'type': 'character', 'side': 'opponent', 'other': True, 'trait_not': 'Jaffa'}, 'chooser': 'you', 'count': 1}}],
     "Destroy one of your opponent's other non-Jaffa characters."),
    ([{'stop': {'choose': {'type': 'character', 'allegiance': 'hero', 'has_glyph': 'libra', 'min_skill': {'combat': 3}}, 'chooser': 'you', 'count': 1}}],
     'Stop a hero character with a Libra glyph and 3 Combat or more.'),
    ([{'stop': {'choose': {'type': 'character', 'has_glyph': False, 'max_skill': {'culture': 1}, 'blocked': True}, 'chooser': 'you', 'count': 1}}],
     'Stop a blocked character with no glyphs and 1 Culture or less.'),
    ([{'stop': {'choose': {'type': 'character', 'min_glyphs': 2, 'shares_trait_with': 'self', 'skill': 'science'}, 'chooser': 'you', 'count': 1}}],
     'Stop a character with a Science rating and 2 or more glyphs that shares a trait with this card.'),
    ([{'destroy': {'choose': {'type': 'obstacle', 'skill': 'combat', 'cost_at_most': 3, 'title': 'Big Bug'}, 'chooser': 'you', 'count': 1}}],
     'Destroy a Combat obstacle named Big Bug that costs 3 or less.'),
    ([{'destroy': {'choose': {'type': ['adversary', 'obstacle'], 'cost_less_than': {'mission_experience': True}}, 'chooser': 'you', 'count': 1}}],
     "Destroy an adversary or obstacle whose cost is less than the current mission's experience."),
    ([{'destroy': {'choose': {'type': 'obstacle', 'cost_equal': {'count': {'type': 'complication'}, 'times': 1}, 'has_keyword': 'dominion'}, 'chooser': 'you', 'count': 1}}],
     'Destroy an obstacle with dominion whose cost is equal to the number of complications.'),
    ([{'destroy': {'choose': {'type': 'character', 'subtype': 'support'}, 'chooser': 'you', 'count': 'any', 'total_cost_at_most': 5}}],
     'Destroy any number of support characters with a total cost of 5 or less.'),
    ([{'ready': {'choose': {'type': 'character', 'min_promotion_tokens': 1, 'type_not': 'ship'}, 'chooser': 'you', 'count': 1}}],
     'Ready a non-ship character with a promotion token.'),
    ([{'return_to_hand': {'choose': {'any': [{'type': 'gear'}, {'type': 'character', 'subtype': 'support'}]}, 'chooser': 'you', 'count': 1}}],
     "Return a gear or support character to its owner's hand."),
    ([{'shuffle_into_deck': {'choose': {'side': 'you', 'zone': 'discard', 'type_not': 'event'}, 'chooser': 'you', 'count': 4, 'up_to': True}}],
     'Shuffle up to four non-event cards in your discard pile into your deck.'),
    ([{'remember': 'chosen', 'target': {'choose': {'type': 'character'}, 'chooser': 'you', 'count': 1}}, {'stop': {'all': {'type': 'character', 'other_than': 'chosen', 'shares_glyph_with': 'chosen'}}}],
     'Choose a character. Stop all other characters that share a glyph with the chosen character.'),
    ([{'stop': {'choose': {'type': 'character', 'lacks_traits_of': 'trigger_card', 'played': 'this_turn'}, 'chooser': 'you', 'count': 1}}],
     'Stop a character played this turn that lacks at least one trait of that card.'),
    ([{'stop': {'choose': {'type': 'character', 'glyph_not_held_by': {'side': 'you', 'type': 'character'}}, 'chooser': 'you', 'count': 1}}],
     'Stop a character with a glyph that none of your characters has.'),
    ([{'gain_power': {'amount': {'different_glyphs': {'self': True}}, 'who': 'you'}}],
     'Gain 1 power for each different glyph this card has.'),
    ([{'lose_power': {'amount': {'count': {'trait': "Goa'uld", 'at_mission': True}, 'times': 2}, 'who': 'opponent'}}],
     "Your opponent loses 2 power for each Goa'uld card at the current mission."),
    ([{'gain_power': {'amount': {'glyphs': {'all': {'type': 'character', 'state': 'assigned'}}}, 'who': 'you'}}],
     'Gain 1 power for each glyph on each assigned character.'),
    ([{'draw': {'count': {'mission_experience': True}, 'who': 'you'}}],
     "Draw a number of cards equal to the current mission's experience."),
    ([{'gain_power': {'amount': {'sum': [{'count': {'type': 'obstacle'}}, {'failed_missions': 'this_turn'}]}, 'who': 'you'}}],
     'Gain power equal to the number of obstacles plus the number of failed missions this turn.'),
    ([{'gain_power': {'amount': {'if': {'exists': {'type': 'adversary', 'state': 'assigned'}}, 'then': 2, 'else': 1}, 'who': 'you'}}],
     'Gain 1 power (or 2 if an adversary is assigned).'),
    ([{'modify': {'stat': 'skills', 'amount': {'successful_missions': 'this_turn'}, 'who': {'self': True}}, 'until': 'end_of_turn'}],
     'This card gets skills +1 until the end of the turn for each successful mission this turn.'),
    ([{'modify': {'stat': 'firepower', 'amount': {'max_glyphs': {'all': {'type': 'character'}}}, 'who': {'self': True}}}],
     'This card gets firepower +X, where X is the most glyphs any character has.'),
    ([{'gain_power': {'amount': {'power': 'you'}, 'who': 'opponent'}}],
     'Your opponent gains power equal to your power.'),
    ([{'gain_power': {'amount': {'different_traits': {'all': {'type': 'character', 'state': 'assigned'}}}, 'who': 'you'}}],
     'Gain power equal to the number of different traits among all assigned characters.'),
    ([{'modify': {'stat': 'difficulty', 'set': {'mission_experience': True}, 'who': {'self': True}}}],
     "The difficulty of this card is equal to the current mission's experience."),
    ([{'if': {'exists': {'type': 'adversary', 'trait': 'Jaffa', 'state': 'assigned'}}, 'then': [{'draw': {'count': 1, 'who': 'you'}}]}],
     'If a Jaffa adversary is assigned, draw a card.'),
    ([{'if': {'not': {'current_mission_skill': 'combat'}}, 'then': [{'draw': {'count': 1}}], 'else': [{'discard': {'count': 1, 'who': 'you'}}]}],
     'If the current mission is not a Combat mission, draw a card. Otherwise, discard a card from your hand.'),
    ([{'if': {'compare': [{'count': {'type': 'character', 'side': 'you', 'state': 'assigned'}}, '>=', 3]}, 'then': [{'gain_power': {'amount': 1, 'who': 'you'}}]}],
     'If you have three or more assigned characters, gain 1 power.'),
    ([{'if': {'any': [{'self_state': 'ready'}, {'mission_failed': True}]}, 'then': [{'gain_power': {'amount': 1, 'who': 'you'}}]}],
     'If this card is ready or the mission failed, gain 1 power.'),
    ([{'if': {'all': [{'self_zone': 'score_pile'}, {'current_mission_is_first_this_turn': True}]}, 'then': [{'gain_power': {'amount': 1, 'who': 'you'}}]}],
     'If this card is in your score pile and the current mission is the first mission played this turn, gain 1 power.'),
    ([{'remember': 'chosen', 'target': {'choose': {'type': 'character'}, 'chooser': 'you', 'count': 1}}, {'if': {'is': [{'ref': 'chosen'}, {'trait': "Tok'ra"}]}, 'then': [{'ready': {'ref': 'chosen'}}]}],
     "Choose a character. If the chosen character is a Tok'ra character, ready the chosen character."),
    ([{'if': {'compare': [{'glyphs': {'self': True}}, '>', {'count': {'type': 'obstacle', 'at_mission': True}}]}, 'then': [{'draw': {'count': 2, 'who': 'you'}}]}],
     'If the number of glyphs this card has is more than the number of obstacles at the current mission, draw two cards.'),
    ([{'may': {'who': 'you', 'cost': [{'pay_power': 1}], 'effects': [{'draw': {'count': 1, 'who': 'you'}}]}}],
     'You may pay 1 power. If you do, draw a card.'),
    ([{'unless': {'may': {'who': 'opponent', 'effects': [{'stop': {'choose': {'type': 'character'}, 'chooser': 'opponent', 'count': 2}}]}}, 'then': {'may': {'who': 'you', 'effects': [{'stop': {'choose': {'type': 'character'}, 'chooser': 'you', 'count': 1}}]}}}],
     "Your opponent may stop two characters. If they don't, you may stop a character."),
    ([{'choose_one': [[{'destroy': {'choose': {'type': 'gear'}, 'chooser': 'you', 'count': 1}}], [{'stop': {'choose': {'type': 'character'}, 'chooser': 'you', 'count': 1}}]], 'chooser': 'opponent'}],
     'Your opponent chooses one: you destroy a gear; or you stop a character.'),
    ([{'repeat': {'count': {'type': 'complication'}, 'times': 1}, 'effects': [{'stop': {'choose': {'type': 'character'}, 'chooser': 'you', 'count': 1}}]}],
     'For each complication, stop a character.'),
    ([{'repeat': 2, 'effects': [{'draw': {'count': 1, 'who': 'you'}}]}],
     'Do the following twice: draw a card.'),
    ([{'delayed': {'at': 'opponent_next_power_phase_end', 'effects': [{'gain_power': {'amount': 2, 'who': 'you'}}]}}],
     "At the end of your opponent's next power phase, gain 2 power."),
    ([{'search_deck': {'filter': {'type': 'gear'}, 'reveal': True, 'then': 'shuffle', 'who': 'you'}}],
     'Search your deck for a gear card, reveal it, and take it into your hand. Then shuffle your deck.'),
    ([{'search_mission_pile': {'then': 'shuffle_rest_and_place_on_top', 'who': 'you'}}],
     'Search your mission pile for a mission, shuffle the rest of that pile, then put the mission on top of it.'),
    ([{'take_from_discard': {'count': 1, 'filter': {'allegiance': 'villain', 'type': 'ship'}, 'to': 'hand', 'who': 'you'}}],
     'Take a villain ship card from your discard pile into your hand.'),
    ([{'take_from_discard': {'count': 1, 'filter': {'allegiance': 'hero'}, 'to': 'deck_shuffled', 'who': 'you'}}],
     'Shuffle a hero card from your discard pile into your deck.'),
    ([{'take_from_discard': {'count': 1, 'filter': {'type': 'event'}, 'to': 'deck_top', 'who': 'opponent'}}],
     'Your opponent puts an event card from their discard pile on top of their deck.'),
    ([{'arrange_top': {'pile': 'deck', 'owner': 'opponent', 'count': 5, 'bottom_allowed': True, 'who': 'you'}}],
     "Look at the top five cards of your opponent's deck and put them back in any order (any of them may go on the bottom instead)."),
    ([{'arrange_top': {'pile': 'mission_pile', 'owner': 'you', 'count': 2, 'split': 'one_top_one_bottom', 'who': 'you'}}],
     'Look at the top two cards of your mission pile, then put one of them on the top of that pile and the other on the bottom.'),
    ([{'blockade': {'owner': 'opponent'}}],
     "Blockade a mission (place the top card of your opponent's mission pile face up beneath this card; return any mission it already blockades)."),
    ([{'move_glyph': {'from': {'choose': {'type': 'character', 'subtype': 'team', 'has_glyph': True}, 'chooser': 'you', 'count': 1}, 'to': {'choose': {'type': 'character', 'subtype': 'team', 'other_than': 'from'}, 'chooser': 'you', 'count': 1}}}],
     'Move a glyph from a team character with a glyph to another team character.'),
    ([{'play_free': {'filter': {'allegiance': 'villain', 'type': 'ship'}, 'who': 'you'}}],
     'Play a villain ship card from your hand at no cost.'),
    ([{'forbid': {'action': 'revive', 'who': {'choose': {'type': 'adversary'}, 'chooser': 'you', 'count': 1}}, 'until': 'end_of_turn'}],
     "Choose an adversary; it can't be revived until the end of the turn."),
    ([{'forbid': {'action': 'play_mission', 'who': 'opponent'}, 'until': 'end_of_turn'}],
     "Your opponent can't play missions until the end of the turn."),
    ([{'modify_next_mission': {'stat': 'difficulty', 'amount': -1}, 'until': 'end_of_turn'}],
     'The next mission played this turn gets difficulty -1.'),
    ([{'change_mission_skill': {'to': 'ingenuity'}, 'until': 'end_of_turn'}],
     'The current mission becomes an Ingenuity mission until the end of the turn.'),
    ([{'grant_keyword': {'to': {'choose': {'type': 'obstacle', 'trait': "Goa'uld"}, 'chooser': 'you', 'count': 1}, 'keyword': 'dominion'}}],
     "Give a Goa'uld obstacle dominion."),
    ([{'grant_ability': {'to': {'current_mission': True}, 'ability': {'kind': 'success', 'effects': [{'gain_power': {'amount': 2, 'who': 'you'}}]}}, 'until': 'end_of_mission'}],
     'The current mission gains "Success: Gain 2 power." until the end of the current mission.'),
    ([{'remove_text': {'target': {'choose': {'type': 'obstacle', 'skill': 'science', 'at_mission': True}, 'chooser': 'you', 'count': 1}, 'keyword': 'failure'}, 'until': 'end_of_mission'}],
     'Remove the Failure text of a Science obstacle at the current mission until the end of the current mission.'),
    ([{'discard': {'count': 2, 'who': 'opponent', 'random': True}}],
     'Your opponent discards two cards at random from their hand.'),
    ([{'discard': {'count': 'any', 'who': 'you'}}, {'refill_hand': {'who': 'you'}}],
     'Discard any number of cards from your hand. Draw until you have 8 cards in hand.'),
    ([{'place_promotion_token': {'choose': {'type': 'character', 'subtype': 'team'}, 'chooser': 'you', 'count': 1}}],
     'Place a promotion token on a team character.'),
    ([{'turn_face_down': {'choose': {'type': 'obstacle', 'at_mission': True}, 'chooser': 'you', 'count': 1}}],
     'Turn an obstacle at the current mission face down (it becomes a complication).'),
    ([{'block': {'choose': {'type': 'character'}, 'chooser': 'you', 'count': 1}, 'from': 'current_mission'}],
     'Block a character from the current mission.'),
    ([{'score': {'self': True}, 'even_on_success': True}],
     'Score this card (even if the mission was a success).'),
    ([{'skip_next_turn': {'who': 'opponent'}}],
     'Your opponent skips their next turn.'),
    ([{'reveal_random_from_hand': {'owner': 'opponent'}}],
     "Reveal a card at random from your opponent's hand."),
    ([{'force_continue': {'free': True}}],
     'Force the hero player to continue to another mission this turn without paying power to continue.'),
    ([{'unblock': {'choose': {'type': 'character'}, 'chooser': 'you', 'count': 1}}],
     'Unblock a character.'),
    ([{'to_deck_bottom': {'choose': {'type': 'adversary'}, 'chooser': 'you', 'count': 1}}],
     "Put an adversary on the bottom of its owner's deck."),
    ([{'put_on_mission_pile': {'self': True}, 'position': 'top'}],
     'Put this card on the top of your mission pile.'),
    ([{'discard_from_score_pile': {'choose': {'side': 'opponent', 'zone': 'score_pile'}, 'chooser': 'you', 'count': 1}}],
     "Discard a card in your opponent's score pile."),
    ([{'take_from_score_pile': {'filter': {'type': 'adversary'}, 'to': 'hand', 'who': 'you'}}],
     'Take an adversary card from your score pile into your hand.'),
    ([{'arrange_bottom': {'pile': 'mission_pile', 'owner': 'opponent', 'count': 1, 'top_allowed': True, 'who': 'you'}}],
     "Look at the bottom card of your opponent's mission pile, then put it back on the top or on the bottom of that pile."),
    ([{'shuffle_deck': {'who': 'you'}}],
     'Shuffle your deck.'),
    ([{'shuffle_mission_pile': {'owner': 'opponent'}}],
     "Shuffle your opponent's mission pile."),
    ([{'reveal_hand': {'who': 'opponent'}}],
     'Your opponent reveals their hand.'),
    ([{'remember': 'revealed', 'target': {'reveal_top_of_deck': {'count': 2, 'who': 'you'}}}, {'remember': 'played', 'target': {'play_free': {'filter': {'in_ref': 'revealed', 'trait': 'Replicator'}, 'who': 'you'}}}, {'discard_card': {'ref': 'revealed', 'except': 'played'}}],
     'Reveal the top two cards of your deck. Play a Replicator card among the revealed cards at no cost. Discard the revealed cards other than the card played.'),
    ([{'remember': 'played', 'target': {'play_from_hand': {'filter': {'type': 'character', 'subtype': 'support'}, 'ignore_uniqueness': True, 'who': 'you'}}}, {'delayed': {'at': 'end_of_turn', 'effects': [{'destroy': {'ref': 'played'}}]}}],
     'Play a support character card from your hand, paying its cost (even if you already have a card with the same title in play). At the end of the turn, destroy the card played.'),
    ([{'search_deck': {'filter': {'type': 'character'}, 'reveal': True, 'then': 'shuffle_rest_and_place_on_top', 'who': 'you'}}],
     'Search your deck for a character card, reveal it, shuffle the rest of your deck, then put that card on top of it.'),
    ([{'discard_top_of_deck': {'count': 1, 'who': 'you'}}],
     'Discard the top card of your deck.'),
    ([{'remember': 'glyphs', 'target': {'choose': {'type': 'glyph', 'on_different_characters': True}, 'chooser': 'you', 'count': 2}}, {'swap_glyphs': {'ref': 'glyphs'}}],
     'Choose two glyphs beneath different characters. Swap those glyphs between their characters.'),
    ([{'remember': 'stopped', 'target': {'stop': {'choose': {'type': 'character', 'has_glyph': True}, 'chooser': 'you', 'count': 1}}}, {'exchange_glyph_with_mission_pile_top': {'character': {'ref': 'stopped'}}}],
     "Stop a character with a glyph. Exchange a glyph of the stopped character with the top card of its owner's mission pile."),
    ([{'glyph_to_mission_pile': {'glyph': {'choose': {'type': 'glyph', 'on': {'type': 'character', 'state': 'assigned'}}, 'chooser': 'opponent', 'count': 1}, 'position': 'bottom'}}],
     "Your opponent puts a glyph beneath an assigned character on the bottom of its owner's mission pile."),
    ([{'after_next_pass': {'who': 'opponent', 'only_pass': True}}],
     'After your opponent next passes, your opponent can only pass.'),
    ([{'remember': 'picked', 'target': {'choose': {'side': 'opponent', 'zone': 'hand'}, 'chooser': 'you', 'count': 2}}, {'opponent_plays_as_complication': {'from': {'ref': 'picked'}, 'cost': 0}}],
     "Look at your opponent's hand and choose two cards from it. Your opponent plays one of the picked cards as a complication at the current mission at no cost."),
    ([{'place_beneath': {'card': {'top_of_deck': True}, 'host': {'self': True}, 'face_down': True}}],
     'Place the top card of your deck face down beneath this card.'),
    ([{'grant_trigger': {'on': 'card_played', 'who': {'side': 'you', 'type': 'character', 'subtype': 'support'}, 'effects': [{'modify': {'stat': 'skills', 'amount': 1, 'who': {'ref': 'trigger_card'}}, 'until': 'end_of_turn'}]}, 'until': 'end_of_turn'}],
     'You have "Each time you play a support character, that character gets skills +1 until the end of the turn." until the end of the turn.'),
    ([{'discard': {'count': 1, 'who': 'you', 'filter': {'trait': 'Ori'}, 'up_to': True}}],
     'Discard up to one Ori card from your hand.'),
    ([{'remember': 'paid', 'target': {'pay_power': 'any'}}, {'destroy': {'choose': {'type': 'obstacle', 'cost_equal': {'amount_of': 'paid'}}, 'chooser': 'you', 'count': 1}}],
     'Pay any amount of power. Destroy an obstacle whose cost is equal to the amount of power paid.'),
    ([{'remember': 'ship', 'target': {'choose': {'type': 'ship'}, 'chooser': 'you', 'count': 1}}, {'destroy': {'choose': {'type': 'obstacle', 'cost_at_most': {'stat_of': {'ref': 'ship'}, 'stat': 'firepower'}}, 'chooser': 'you', 'count': 1}}],
     'Choose a ship. Destroy an obstacle whose cost is at most the firepower of that ship.'),
    ([{'remember': 'chosen', 'target': {'choose': {'type': 'character'}, 'chooser': 'you', 'count': 1}}, {'gain_power': {'amount': {'highest_skill_of': {'ref': 'chosen'}}, 'who': 'you'}}],
     'Choose a character. Gain power equal to the highest skill of the chosen character.'),
    ([{'pay_power': {'revive_of': {'self': True}}}],
     'Pay power equal to the revive cost of this card.'),
    ([{'remember': 'chosen', 'target': {'choose': {'type': 'glyph'}, 'chooser': 'you', 'count': 1}}, {'pay_power': {'experience_of': {'ref': 'chosen'}}}],
     'Choose a glyph. Pay power equal to the experience of the chosen glyph.'),
    ([{'remember': 'chosen', 'target': {'choose': {'type': 'character', 'state': 'assigned'}, 'chooser': 'you', 'count': 1}}, {'modify': {'stat': 'difficulty', 'set': {'contributing_of': {'ref': 'chosen'}}, 'who': {'self': True}}}],
     'Choose an assigned character. The difficulty of this card is equal to the total skill the chosen character contributes to the mission.'),
    ([{'gain_power': {'amount': {'blockaded_missions': 'all_yours'}, 'who': 'you'}}],
     'Gain 1 power for each mission blockaded by your cards.'),
    ([{'modify': {'stat': 'revive', 'amount': {'cards_beneath': {'self': True}}, 'who': {'self': True}}}],
     'This card gets revive cost +1 for each card beneath this card.'),
    ([{'remember': 'discarded', 'target': {'discard': {'count': 'any', 'who': 'you'}}}, {'modify': {'stat': 'difficulty', 'amount': {'count': {'ref': 'discarded'}, 'divide': 4, 'times': -1}, 'who': {'self': True}}, 'until': 'end_of_mission'}],
     'Discard any number of cards from your hand. This card gets difficulty -X until the end of the current mission, where X is the number of discarded cards divided by 4 (rounded down).'),
    ([{'if': {'earned_glyph_already_held': True}, 'then': [{'destroy': {'choose': {'type': 'adversary'}, 'chooser': 'you', 'count': 1}}]}],
     'If the character already had a glyph of that kind, destroy an adversary.'),
    ([{'if': {'all_assigned_are': {'type': 'character', 'subtype': 'team'}}, 'then': [{'draw': {'count': 1, 'who': 'you'}}]}],
     'If all characters at the current mission are team characters, draw a card.'),
]

# (one ability, its whole paragraph)
ABILITY_CASES = [
    ({'kind': 'static', 'modify': {'stat': 'culture', 'amount': 1, 'who': {'self': True}}, 'while': {'self_state': 'assigned'}},
     'While this card is assigned, this card gets Culture +1.'),
    ({'kind': 'static', 'requires_glyphs': ['gemini', 'libra'], 'modify': {'stat': 'skills', 'amount': 1, 'who': {'self': True}}},
     'Gemini and Libra: This card gets skills +1.'),
    ({'kind': 'static', 'requires_any_glyph': ['orion', 'pisces'], 'modify': {'stat': 'cost', 'amount': -1, 'who': {'type': 'character', 'subtype': 'support', 'side': 'you'}}},
     'Orion or Pisces: Your support characters cost power -1 to play.'),
    ({'kind': 'static', 'rule': {'assign_cost': {'who': {'self': True}, 'cost': [{'pay_power': 2}, {'discard': 1}]}}},
     'To assign this card, pay 2 power and discard a card.'),
    ({'kind': 'static', 'rule': {'assign_cost': {'who': {'type': 'character'}, 'cost': [{'pay_power': {'glyphs': {'ref': 'assigning'}}}]}}},
     'To assign a character, the assigning player must pay 1 power for each glyph that character has.'),
    ({'kind': 'static', 'rule': {'blocked': {'type': 'character', 'subtype': 'support'}}, 'while': {'exists': {'type': 'adversary', 'state': 'assigned'}}},
     'While an adversary is assigned, support characters are blocked.'),
    ({'kind': 'static', 'rule': {'boost_bonus': {'stat': 'skills', 'amount': 1}}},
     'Each time you boost a character, that character gets an additional skills +1.'),
    ({'kind': 'static', 'rule': {'first_action': 'villain'}},
     'The villain player performs the first action at this mission.'),
    ({'kind': 'trigger', 'on': 'play_self', 'optional': False, 'effects': [{'draw': {'count': 1, 'who': 'you'}}]},
     'When you play this card, draw a card.'),
    ({'kind': 'trigger', 'on': 'power_phase_end', 'who': {'side': 'you'}, 'optional': False, 'effects': [{'gain_power': {'amount': {'different_glyphs': {'self': True}}, 'who': 'you'}}]},
     'At the end of your power phase, gain 1 power for each different glyph this card has.'),
    ({'kind': 'trigger', 'on': 'card_played', 'who': {'side': 'opponent', 'type': 'character', 'subtype': 'support'}, 'optional': True, 'cost': [{'stop': {'self': True}}], 'effects': [{'stop': {'ref': 'trigger_card'}}]},
     'Each time your opponent plays a support character, you may stop this card. If you do, stop that character.'),
    ({'kind': 'trigger', 'on': 'glyph_earned', 'who': {'type': 'character', 'trait': 'SGC'}, 'if': {'self_state': 'ready'}, 'optional': True, 'effects': [{'stop': {'self': True}}]},
     'Each time an SGC character earns a glyph, if this card is ready, you may stop this card.'),
    ({'kind': 'trigger', 'on': 'earn_glyph_self', 'if': {'earned_glyph': ['libra', 'triangulum']}, 'optional': False, 'effects': [{'draw': {'count': 1, 'who': 'you'}}]},
     'Each time this character earns a glyph, if the earned glyph is a Libra or Triangulum glyph, draw a card.'),
    ({'kind': 'trigger', 'on': 'player_passes', 'optional': False, 'effects': [{'gain_power': {'amount': 1, 'who': 'that_player'}}]},
     'Each time a player passes, that player gains 1 power.'),
    ({'kind': 'activated', 'cost': [{'stop': {'self': True}}, {'pay_power': 3}], 'effects': [{'incapacitate': {'choose': {'type': 'character', 'subtype': 'team', 'state': 'stopped'}, 'chooser': 'you', 'count': 1}}]},
     'Stop this card, pay 3 power — Incapacitate a stopped team character.'),
    ({'kind': 'activated', 'keyword': 'withdraw', 'cost': [{'destroy': {'self': True}}], 'effects': [{'gain_power': {'amount': 2, 'who': 'you'}}]},
     'Withdraw 2. (Destroy this card — gain 2 power.)'),
    ({'kind': 'activated', 'limit': 'once_per_turn', 'cost': [{'discard': 1, 'filter': {'allegiance': 'hero'}}], 'effects': [{'modify': {'stat': 'science', 'amount': 1, 'who': {'self': True}}, 'until': 'end_of_mission'}]},
     'Discard a hero card — This card gets Science +1 until the end of the current mission. You can do this only once each turn.'),
    ({'kind': 'play_cost', 'cost': [{'stop': {'choose': {'type': 'character', 'subtype': 'team'}, 'chooser': 'you', 'count': 1}}]},
     'To play this card, stop a team character.'),
    ({'kind': 'play_cost', 'cost': [{'unless': {'not': {'exists': {'type': 'character', 'state': 'assigned'}}}, 'cost': [{'stop': {'choose': {'type': 'adversary'}, 'chooser': 'you', 'count': 1}}]}]},
     'To play this card, stop an adversary (unless no characters are assigned).'),
    ({'kind': 'cant', 'action': 'revive', 'who': {'type': 'adversary'}},
     "Players can't revive adversaries."),
    ({'kind': 'cant', 'action': 'play', 'player': 'you', 'who': {'type': 'character', 'subtype': 'support'}},
     "You can't play support characters."),
    ({'kind': 'replace', 'event': 'destroyed', 'who': {'self': True}, 'optional': True, 'instead': [{'stop': {'self': True}}]},
     'Each time this card would be destroyed, you may stop this card instead.'),
    ({'kind': 'replace', 'event': 'incapacitated', 'who': {'other': True, 'type': 'character'}, 'optional': True, 'cost': [{'stop': {'self': True}}, {'pay_power': 2}], 'instead': [{'stop': {'ref': 'affected'}}]},
     'Each time another character would be incapacitated, you may stop this card and pay 2 power. If you do, stop that character instead.'),
    ({'kind': 'replace', 'event': 'destroyed', 'who': {'other': True, 'type': 'gear'}, 'optional': True, 'cost': [{'stop': {'self': True}}], 'instead': []},
     'Each time another gear would be destroyed, you may stop this card instead.'),
    ({'kind': 'replace', 'event': 'destroyed', 'who': {'self': True}, 'optional': True, 'cost': [{'pay_revive_cost': {'self': True}}], 'instead': []},
     "Each time this card would be destroyed, you may pay this card's revive cost instead."),
    ({'kind': 'replace', 'event': 'revive_mill', 'who': {'side': 'you', 'type': 'adversary'}, 'optional': True, 'cost': [{'discard': 1}], 'instead': []},
     'Each time you would take a card from the top of your deck to revive one of your adversaries, you may discard a card instead.'),
    ({'kind': 'keyword', 'keyword': 'dominion'},
     'Dominion. (When you score an adversary, you may also score one obstacle with dominion.)'),
    ({'kind': 'keyword', 'keyword': 'dominion', 'while': {'exists': {'type': 'adversary', 'trait': 'Jaffa', 'state': 'assigned'}}},
     'While a Jaffa adversary is assigned, this card has dominion. (When you score an adversary, you may also score one obstacle with dominion.)'),
    ({'kind': 'keyword', 'keyword': 'becomes_adversary', 'during': 'opponent_turn', 'cant': ['revive', 'score']},
     "During your opponent's turn, this card becomes an adversary that can't be revived or scored."),
    ({'kind': 'keyword', 'keyword': 'counts_as', 'times': 2, 'trait': 'Replicator'},
     'This card counts as two Replicator cards.'),
    ({'kind': 'victory', 'effects': [{'place_promotion_token': {'choose': {'type': 'character', 'subtype': 'team'}, 'chooser': 'you', 'count': 1}}]},
     'Victory: Place a promotion token on a team character.'),
    ({'kind': 'failure', 'effects': [{'destroy': {'choose': {'type': 'character', 'subtype': 'support'}, 'chooser': 'you', 'count': {'count': {'type': 'complication'}, 'times': 1}}}]},
     'Failure: Destroy a support character for each complication.'),
    ({'kind': 'cant', 'action': 'play', 'who': {'self': True}, 'while': {'not': {'current_mission_skill': 'ingenuity'}}},
     'You can play this card only if the current mission is an Ingenuity mission.'),
    ({'kind': 'replace', 'event': 'revive_cost', 'who': {'self': True}, 'optional': True, 'cost': [{'destroy': {'choose': {'type': 'adversary', 'other': True}, 'chooser': 'you', 'count': 1}}], 'instead': [{'ready': {'self': True}}]},
     'Each time you would pay the revive cost of this card, you may destroy another adversary instead. If you do, ready this card.'),
    ({'kind': 'replace', 'event': 'revive_mill', 'who': {'side': 'you', 'trait': "Goa'uld", 'type': 'adversary'}, 'optional': True, 'instead': [{'discard': {'count': 1, 'who': 'you'}}]},
     "Each time you would take a card from the top of your deck to revive one of your Goa'uld adversaries, you may discard a card from your hand instead."),
    ({'kind': 'static', 'rule': {'grant_ability': {'to': {'side': 'opponent', 'type': 'mission'}, 'ability': {'kind': 'failure', 'effects': [{'take_from_discard': {'count': 1, 'filter': {'trait': 'Jaffa'}, 'to': 'hand', 'who': 'opponent'}}]}}}},
     'Each of your opponent\'s missions gets: "Failure: Your opponent takes a Jaffa card from their discard pile into their hand."'),
    ({'kind': 'static', 'rule': {'text_again': {'kind': 'failure', 'who': {'allegiance': 'villain'}}}, 'while': {'self_state': 'assigned'}},
     'While this card is assigned, the Failure text of each villain card occurs an additional time.'),
    ({'kind': 'static', 'rule': {'failure_text_optional': {'who': {'allegiance': 'villain'}}}},
     'The Failure text of villain cards is optional.'),
    ({'kind': 'static', 'rule': {'text_cost': {'who': {'type': 'obstacle'}, 'keyword': 'failure', 'payer': 'opponent', 'cost': [{'pay_power': 1}]}}},
     'To use the Failure text of an obstacle, your opponent pays 1 power.'),
    ({'kind': 'static', 'rule': {'assign_cost': {'who': {'type': 'character', 'subtype': 'support'}, 'cost': [{'destroy': {'choose': {'type': 'character', 'subtype': 'support'}, 'chooser': 'opponent', 'count': 1}}]}}},
     "To assign a support character, the assigning player's opponent destroys a support character."),
    ({'kind': 'static', 'modify': {'stat': 'experience', 'amount': 1, 'who': {'player': 'you'}}, 'while': {'exists': {'type': 'character', 'subtype': 'support', 'has_glyph': True}}},
     'While there is a support character with a glyph, you get experience +1.'),
    ({'kind': 'trigger', 'on': 'card_discarded', 'who': {'side': 'you', 'trait': "Tok'ra", 'type': 'event'}, 'optional': True, 'cost': [{'stop': {'self': True}}], 'effects': [{'return_to_hand': {'ref': 'trigger_card'}}]},
     "Each time you place a Tok'ra event card in your discard pile, you may stop this card. If you do, return that event to its owner's hand."),
    ({'kind': 'trigger', 'on': 'stopped_self', 'optional': False, 'effects': [{'gain_power': {'amount': 1, 'who': 'you'}}]},
     'Each time this card is stopped, gain 1 power.'),
    ({'kind': 'trigger', 'on': 'character_assigned', 'who': {'side': 'opponent', 'type': 'character', 'has_glyph': False}, 'optional': False, 'effects': [{'gain_power': {'amount': 1, 'who': 'you'}}]},
     'Each time your opponent assigns a character with no glyphs, gain 1 power.'),
    ({'kind': 'trigger', 'on': 'glyph_earned_from_self', 'optional': False, 'effects': [{'incapacitate': {'ref': 'earner'}}]},
     "Each time a character earns this mission's glyph, incapacitate the character who earned it."),
    ({'kind': 'activated', 'while': {'self_state': 'ready'}, 'cost': [{'stop': {'choose': {'type': 'character', 'subtype': 'team'}, 'chooser': 'you', 'count': 1}}], 'effects': [{'modify': {'stat': 'difficulty', 'amount': -1, 'who': {'current_mission': True}}, 'until': 'end_of_mission'}]},
     'Stop a team character — The current mission gets difficulty -1 until the end of the current mission. Use this only while this card is ready.'),
    ({'kind': 'activated', 'cost': [{'choose_one': [[{'stop': {'choose': {'type': 'character', 'subtype': 'team'}, 'chooser': 'you', 'count': 1}}], [{'stop': {'choose': {'type': 'character', 'subtype': 'support', 'trait': 'Jaffa'}, 'chooser': 'you', 'count': 1}}]]}, {'requires': {'exists': {'type': 'adversary', 'state': 'assigned'}}}], 'effects': [{'draw': {'count': 1, 'who': 'you'}}]},
     'Stop a team character or stop a Jaffa support character — Draw a card. Use this only if an adversary is assigned.'),
    ({'kind': 'keyword', 'keyword': 'dominion', 'grants_to': {'side': 'you', 'trait': 'Replicator', 'type': 'obstacle'}, 'while': {'self_state': 'assigned'}},
     'While this card is assigned, each of your Replicator obstacles has dominion. (When you score an adversary, you may also score one obstacle with dominion.)'),
]


@pytest.mark.parametrize("effects,expected", EFFECT_CASES)
def test_each_effect_construct_renders_exactly(effects, expected):
    mechanics = [{"kind": "success", "effects": effects}]
    assert validate_mechanics(mechanics) == []
    assert render(mechanics) == ["Success: " + expected]


@pytest.mark.parametrize("ability,expected", ABILITY_CASES)
def test_each_ability_construct_renders_exactly(ability, expected):
    assert validate_mechanics([ability]) == []
    assert render([ability]) == [expected]


def test_a_ref_remembered_by_one_ability_is_named_in_another():
    mechanics = [
        {"kind": "trigger", "on": "play_self", "optional": False,
         "effects": [{"remember": "chosen", "target": {"block": C({"type": "character", "subtype": "team"}),
                                                       "from": "current_mission"}}]},
        {"kind": "failure", "effects": [{"incapacitate": {"ref": "chosen"}}]},
    ]
    assert render(mechanics) == ["When you play this card, block a team character from the current mission.",
                                 "Failure: Incapacitate the chosen character."]


def test_every_trigger_event_has_a_phrase():
    for on in sorted(TRIGGER_EVENTS):
        text = render([{"kind": "trigger", "on": on, "optional": False,
                        "effects": [{"draw": {"count": 1, "who": "you"}}]}])[0]
        assert "[" not in text and "_" not in text, (on, text)
        assert text.endswith(", draw a card."), (on, text)


# --------------------------------------------------------------------------- fallbacks
def test_unknown_constructs_fall_back_visibly_and_never_raise():
    odd = [
        {"kind": "bogus"},
        {"kind": "trigger", "on": "moon_rises", "optional": False, "effects": [{"frobnicate": {"self": True}}]},
        {"kind": "success", "effects": [{"stop": {"choose": {"type": "character", "wibble": 1}, "chooser": "you"}}]},
        {"kind": "static", "rule": {"gravity": True}},
        {"kind": "static", "modify": {"stat": "luck", "amount": {"mystery": 3}, "who": {"self": True}}},
        {"kind": "success", "effects": [{"modify": "not an object"}]},
        "not an ability",
        {"kind": "success", "effects": [{"if": {"weather": "rain"}, "then": [{"draw": {"count": 1}}]}]},
    ]
    text = render(odd)
    assert len(text) == len(odd)
    for t in text:
        assert isinstance(t, str) and "[" in t and "]" in t, t


# --------------------------------------------------------------------------- the card pool
# What the renderer used to print instead of saying what a card does.
FORBIDDEN = [
    "while the condition holds", "X (X =", "(X =", "card(s)", "Rule:", "If the condition holds",
    "If not:", "For each:", "the trigger card", "Take from discard.", "Arrange top.", "Blockade.",
    "Move glyph.", "Play free.", "Search deck.", "  ", " .", " ,", "..", ",,", ".,", ",.", "[", "]", "{", "}",
    "None", "True",
    "False",
]


def _official_texts():
    for card in card_db().values():
        if card.get("official") and card["mechanics"]:
            for text in render(card["mechanics"]):
                yield card, text


def test_no_official_card_renders_a_placeholder_a_key_name_or_a_fallback():
    bad = []
    for card, text in _official_texts():
        found = [f for f in FORBIDDEN if f in text]
        underscored = [w for w in re.findall(r"[\w']+", text) if "_" in w]
        if found or underscored:
            bad.append(f"{card['title']} ({card.get('subtitle')}): {text} <- {found + underscored}")
    assert not bad, "\n".join(bad[:40])


def test_every_official_paragraph_is_sentences():
    for card, text in _official_texts():
        assert text[:1].isupper() or text[:1] == '"', (card["title"], text)
        assert text.endswith((".", ".)", '."')), (card["title"], text)
        if re.search(r"(?<![\w-])[+-]?X\b(?!-)", text):  # every X is explained
            assert "where X is " in text, (card["title"], text)


# --------------------------------------------------------------------------- whole cards
def _starter_card(title, subtitle=None):
    guids = {g for deck in starters() for g in deck["team"] + deck["missions"] + [e["guid"] for e in deck["deck"]]}
    card = card_by_title(title, subtitle) if subtitle else card_by_title(title)
    assert card["guid"] in guids, f"{title} is not in a starter deck"
    return card


WHOLE_CARDS = [
    ("Jack O'Neill", 'Optimist', [
        'Libra: Other characters with a Libra glyph get skills +1.',
        'Scorpius: Other characters with a Scorpius glyph get skills +1.',
    ]),
    ("Teal'c", 'Man of Action', [
        "Pisces and Pisces: Each time you play a mission, if the current mission is a Culture mission, you may ready Teal'c.",
        "Triangulum and Triangulum: Each time you play a mission, if the current mission is a Combat mission, you may ready Teal'c.",
        "Gemini and Gemini: Each time you play a mission, if the current mission is an Ingenuity mission, you may ready Teal'c.",
    ]),
    ('Cross', 'Deep Cover Agent', [
        'When you play Cross, choose a team character. The chosen character gets skills +1 until the end of the turn. If the chosen character is not an NID character, stop Cross.',
    ]),
    ('Lindsay', 'Anthropologist', [
        'Each time Lindsay earns a glyph of a kind it does not already have, you may pay 3 power and discard a card. If you do, ready Lindsay.',
    ]),
    ('Artok', 'Impassioned Rebel', [
        'While the current mission is a Combat mission, Artok costs power -1 to play.',
        'While there is a complication, Artok costs power -1 to play.',
    ]),
    ('Galaran Memory Device', None, [
        'Stop this gear, discard a card — Shuffle a hero card from your discard pile into your deck.',
    ]),
    ('Top Minds', None, [
        'To play this event, stop two characters.',
        'When you play this event, destroy an obstacle.',
    ]),
    ('Adria', 'The Orici', [
        'Failure: Destroy a support character for each complication.',
    ]),
    ('Kali', 'The Destroyer', [
        "Kali costs power -X to play, where X is the current mission's experience.",
        'Failure: Stop a character.',
    ]),
    ('Hide the Harcesis', None, [
        'Failure: Your opponent may search their deck for a villain card, reveal it, and take it into their hand. Then shuffle their deck.',
    ]),
    ('Explore Ruins', None, [
        'Success: Shuffle up to four cards in your discard pile into your deck.',
    ]),
    ('Calibrate Super-Weapon', None, [
        'While there has been no successful mission this turn, this mission gets difficulty +2.',
    ]),
    ('Fannis', 'Ancestral Investigator', [
        'Destroy Fannis — Give a team character skills +1 until the end of the turn.',
    ]),
    ('Brooks', 'Computer Tech', [
        'While there has been a successful mission this turn, Brooks costs power -2 to play.',
    ]),
]


@pytest.mark.parametrize("title,subtitle,expected", WHOLE_CARDS)
def test_whole_starter_cards_read_as_expected(title, subtitle, expected):
    assert render(_starter_card(title, subtitle)["mechanics"]) == expected


def test_whole_cards_named_in_the_issue_read_precisely():
    assert render(card_by_title("Glider Strafing Run")["mechanics"]) == [
        "Failure: Destroy a support character (or two support characters if a Jaffa adversary is assigned)."]
    assert render(card_by_title("Apophis", "Threat to Earth")["mechanics"]) == [
        "Each time you assign Apophis, your opponent may stop two characters. If they don't, you may stop a character."]
    assert render(card_by_title("Anubis", "Banished Lord")["mechanics"]) == [
        "When you play Anubis, destroy a support character.",
        "Each time you revive Anubis, your opponent destroys a support character."]
    assert render(card_by_title("Galaran Memory Device")["mechanics"]) == [
        "Stop this gear, discard a card — Shuffle a hero card from your discard pile into your deck."]


def test_the_text_names_its_card_except_inside_text_it_gives_another_card():
    osiris = card_by_title("Osiris", "Emissary of Anubis")
    granted = {"kind": "activated", "keyword": "withdraw", "cost": [{"destroy": {"self": True}}],
               "effects": [{"gain_power": {"amount": {"stat_of": {"self": True}, "stat": "cost"}, "who": "you"}}]}
    mechanics = [{"kind": "static", "rule": {"grant_ability": {
        "to": {"type": "obstacle", "side": "you", "lacks_keyword": "withdraw"}, "ability": granted}}},
        {"kind": "trigger", "on": "play_self", "optional": False, "effects": [{"stop": {"self": True}}]}]
    assert render(mechanics, card=osiris) == [
        'Each of your obstacles without withdraw gets: "Withdraw X, where X is the cost of this card. '
        '(Destroy this card — gain X power.)".',
        "When you play Osiris, stop Osiris."]


def test_a_trigger_without_who_happens_on_the_turn_its_card_is_active():
    """stats.is_active: hero text works on its owner's hero turn, villain text on the
    opponent's; without the card the text says "each"."""
    mechanics = [{"kind": "trigger", "on": "power_phase_end", "optional": False,
                  "effects": [{"gain_power": {"amount": 1, "who": "you"}}]},
                 {"kind": "trigger", "on": "mission_played", "optional": True, "effects": [{"ready": {"self": True}}]},
                 {"kind": "trigger", "on": "debrief_start", "optional": False, "effects": [{"draw": {"count": 1}}]}]
    hero = {"type": "gear", "allegiance": "hero", "title": "Widget"}
    villain = {"type": "adversary", "allegiance": "villain", "title": "Borg", "subtitle": "Cube"}
    assert render(mechanics, card=hero) == [
        "At the end of your power phase, gain 1 power.",
        "Each time you play a mission, you may ready this gear.",
        "At the start of your debrief phase, draw a card."]
    assert render(mechanics, card=villain) == [
        "At the end of your opponent's power phase, gain 1 power.",
        "Each time your opponent plays a mission, you may ready Borg.",
        "At the start of your opponent's debrief phase, draw a card."]
    assert render(mechanics) == [
        "At the end of each power phase, gain 1 power.",
        "Each time a mission is played, you may ready this card.",
        "At the start of each debrief phase, draw a card."]
