"""Stargate TCG (the current rulebook and the first edition): the engine and its card pool.

A regular package, not an implicit namespace one: ``setuptools`` only ships packages it
finds, and without this file a built wheel had no Stargate engine at all (README.md maps
each rulebook section to its module).
"""
