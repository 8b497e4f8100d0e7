"""Babylon 5 CCG (rules 1.3b): the engine and its card pool.

Why a package of its own: each game's rules are a pure core (standard library only) that
the service drives through ``rules.protocol``; the card pool lives in ``cards/`` and deck
construction in ``deckbuilding.py``.

The engine is layered; a module imports only from the layers below it (checked by the
``babylon5`` import-linter contract in pyproject.toml, run by the test command):

1. ``state`` — the plain JSON state, the printed facts, filters, the log;
2. ``values`` — the numbers derived from it (abilities, influence rating, power, discounts);
3. ``combat`` — the primitive changes: damage, neutralizing, leaving play, conquering, attacks;
4. ``effects/interpreter`` — runs the effect language with those primitives;
5. ``conflicts``, then ``actions``, ``victory`` and ``setup`` — the decisions of a round;
6. ``flow`` — the phases and the pending decision (it carries out revealed contingencies);
7. ``view``, ``bot``, ``describe``, ``control_policy``, ``catalogue``, ``deckbuilding``, and
   on top ``game`` (the protocol object).
"""
