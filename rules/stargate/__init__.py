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

# The one upward call of the bottom layer: a card entering a discard pile is announced to the
# triggers ("each time you place a <card> in your discard pile", Sina) whichever way it got
# there. state.py keeps a list of listeners instead of importing triggers, and the package
# wires it here, before any module of the engine can run, so the layers stay a straight line.
from . import state as _state  # noqa: E402
from . import triggers as _triggers  # noqa: E402

if _triggers.fire not in _state.DISCARD_LISTENERS:
    _state.DISCARD_LISTENERS.append(_triggers.fire)
