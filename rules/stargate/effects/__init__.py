"""The Stargate effect language: validation (``schema``) and interpretation (``interpreter``).

Why a package of its own: card mechanics are declarative data (see ``../EFFECTS.md``);
the engine reads them only through this package, so the language has one definition.
"""
