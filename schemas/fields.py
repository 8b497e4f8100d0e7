"""Field rules shared by the wire schemas: display names and bounded integers.

Display names are shown to other people (seat names, and any name a later resource adds),
so they may not carry what would render misleadingly or break a client: control
characters (NUL cuts C strings and logs), bidirectional overrides and isolates (U+202E
turns "evil.exe" into what reads as "exe.live"), lone surrogates (not text; the store's
encoder refuses them), or nothing but spaces.

Integers that reach Redis (versions, offsets) are capped at 2**53 - 1: the largest integer
every JSON client represents exactly, and far from the 64-bit limits Redis stream ids and
ranges overflow at (``after=2**64-1`` used to answer 500).
"""
from __future__ import annotations

import unicodedata

from marshmallow import ValidationError, fields, validate

MAX_INTEGER = 2**53 - 1
NAME_MAX_LENGTH = 80

# Explicit directional formatting characters (Unicode Bidirectional Algorithm, UAX #9 §2).
BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def check_display_name(value: str) -> None:
    """Raise ``ValidationError`` naming the first character a display name may not hold."""
    if not value.strip():
        raise ValidationError("a name must contain something other than spaces")
    for position, char in enumerate(value):
        category = unicodedata.category(char)
        if category == "Cc":
            raise ValidationError(f"a name may not contain control characters (U+{ord(char):04X} at position {position})")
        if category == "Cs":
            raise ValidationError(f"a name may not contain a lone surrogate (U+{ord(char):04X} at position {position})")
        if char in BIDI_CONTROLS:
            raise ValidationError(
                f"a name may not contain bidirectional formatting characters (U+{ord(char):04X} at position {position})"
            )


class DisplayName(fields.String):
    """A person-facing name: 1..80 characters, no controls, bidi controls or surrogates."""

    def __init__(self, **kwargs):
        kwargs.setdefault("metadata", {"description": "1-80 characters; no control or bidirectional formatting characters"})
        super().__init__(validate=[validate.Length(min=1, max=NAME_MAX_LENGTH), check_display_name], **kwargs)


class BoundedInteger(fields.Integer):
    """An integer in ``minimum..MAX_INTEGER`` (the range is documented in the spec)."""

    def __init__(self, *, minimum: int = 0, maximum: int = MAX_INTEGER, **kwargs):
        super().__init__(validate=validate.Range(min=minimum, max=maximum), **kwargs)
