"""Stargate TCG (the current rulebook and the first edition): the engine and its card pool.

A regular package, not an implicit namespace one: ``setuptools`` only ships packages it
finds, and without this file a built wheel had no Stargate engine at all (README.md maps
each rulebook section to its module).

Derived values (abilities by kind, statics in play, the victory check's numbers) are
caches, never part of the state: per card definition once per process
(``state.printed_kinds``, ``state.abilities``) or per read-only scope (``stats.reading``);
a stored state needs no rebuild (README "Derived values are caches, never state";
tests/rules/stargate/test_maintained_values.py).
"""
