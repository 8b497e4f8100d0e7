"""Star Trek CCG Second Edition: the engine (rules) and its card package (cards/).

Derived values (abilities by kind, keywords, statics and triggers in play, numbers) are
caches, never part of the state: per card definition once per process (``state.abilities``,
``state.in_play_having``) or per read-only scope (``stats.frozen``,
``effects.extra.keywords_listed_once``); a stored state needs no rebuild (README "Derived
values are caches, never state"; tests/rules/startrek2e/test_maintained_values.py).
"""
