"""Star Trek CCG Second Edition: the engine (rules) and its card package (cards/).

Derived values (abilities by kind, keywords, statics and triggers in play, numbers) are
caches, never part of the state: per card definition once per process (``state.abilities``,
``state.in_play_having``) or per read-only scope (``stats.frozen``,
``effects.extra.keywords_listed_once``); a stored state needs no rebuild (README "Derived
values are caches, never state"; tests/rules/startrek2e/test_maintained_values.py).

The engine is layered; a module imports only from the layers below it (checked by the
``startrek2e`` import-linter contract in pyproject.toml, run by the test command; an import
deferred into a function counts too). Bottom up:

1. ``state`` (cards, zones, the log), under it the card data (``cards``, ``formats``,
   ``effects/schema``);
2. the card language — ``stats`` (derived values: skills, costs, range, staffing),
   ``effects/filters``, ``effects/extra``, ``effects/ship_filters``, ``effects/tallies``
   (filters, conditions, amounts, blanking): one layer whose modules may import each other, because numbers are
   read through filters and filters read numbers; the text players read
   (``effects/render*``) above it;
3. ``legality`` (what could be done now, read only: beaming, placing, joining, play
   requirements, uniqueness), ``effects/costs`` (can a cost be paid), ``effects/frames``
   (the effect stack's frames); then ``effects/useful`` ("could this text change anything");
4. ``triggers`` (firing, response windows), then ``glossary`` (the state changes the rules
   name: destroy, stop, place in the brig, damage), ``victory``, ``effects/selection``;
5. ``effects/targets``, then ``actions`` and ``play``, then ``orders``;
6. the effect verbs (``effects/skills``, ``prevention``, then ``choice``, ``deck``,
   ``examine``, ``facing``, ``placement``, ``requirements``, ``ships``), then ``combat`` and
   ``dilemmas``, then ``effects/interpreter`` (the driver);
7. ``turn`` and ``setup``, then ``flow`` (phases and pending decisions), then ``view``,
   ``bot``, ``describe``, ``control_policy``, ``catalogue``, ``deckbuilding``, and ``game``.
"""
