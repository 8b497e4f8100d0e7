"""Babylon 5 CCG (rules 1.3b): the engine and its card pool.

Why a package of its own: each game's rules are a pure core (standard library only) that
the service drives through ``rules.protocol``; the card pool lives in ``cards/`` and deck
construction in ``deckbuilding.py``.
"""
