"""Wire schemas of ``/v1/players`` and ``/v1/me``."""
from __future__ import annotations

import zoneinfo
from functools import lru_cache

from marshmallow import Schema, ValidationError, fields, validate, validates_schema

from .fields import DisplayName


@lru_cache(maxsize=1)
def _time_zones() -> frozenset[str]:
    return frozenset(zoneinfo.available_timezones())


def _iana_time_zone(value: str) -> None:
    """A player's time zone must be an IANA name (``Europe/Prague``): reminders and
    deadlines are shown in it, and an offset like ``+02:00`` is wrong half the year."""
    if value not in _time_zones():
        raise ValidationError(f"{value!r} is not an IANA time zone name (for example Europe/Prague or America/New_York)")


def _email(**kwargs: object) -> fields.Email:
    return fields.Email(allow_none=True, validate=validate.Length(max=254), **kwargs)


def _webhook_url(**kwargs: object) -> fields.URL:
    return fields.URL(
        allow_none=True, schemes={"http", "https"}, require_tld=False, validate=validate.Length(max=2000),
        metadata={"description": "notifications are POSTed here, signed with the webhook secret (X-Subspace-Signature)"},
        **kwargs,
    )


def _time_zone(**kwargs: object) -> fields.String:
    return fields.String(validate=_iana_time_zone, metadata={"description": "IANA name, e.g. Europe/Prague"}, **kwargs)


class PlayerCreateSchema(Schema):
    display_name = DisplayName(required=True)
    email = _email(load_default=None)
    webhook_url = _webhook_url(load_default=None)
    time_zone = _time_zone(load_default="UTC")


class PlayerUpdateSchema(Schema):
    """Only the fields sent change; ``null`` clears the e-mail or the webhook."""

    display_name = DisplayName()
    email = _email()
    webhook_url = _webhook_url()
    time_zone = _time_zone()

    @validates_schema
    def _something(self, data: dict, **kwargs: object) -> None:
        if not data:
            raise ValidationError("send at least one of display_name, email, webhook_url, time_zone")


class PlayerTokenSchema(Schema):
    token = fields.String(
        required=True, metadata={"description": "your new player token, shown only here; the old one stops working at once"}
    )


class WebhookSecretSchema(Schema):
    webhook_secret = fields.String(
        required=True, metadata={"description": "the new secret, shown only here; the old one stops signing at once"}
    )


class PublicPlayerSchema(Schema):
    player_id = fields.String(required=True)
    display_name = fields.String(required=True)
    time_zone = fields.String(required=True, metadata={"description": "IANA name: when an answer may come"})


class PlayerProfileSchema(Schema):
    player_id = fields.String(required=True)
    display_name = fields.String(required=True)
    email = fields.String(allow_none=True, required=True)
    webhook_url = fields.String(allow_none=True, required=True)
    time_zone = fields.String(required=True)
    created = fields.String(required=True)


class PlayerCreatedSchema(PlayerProfileSchema):
    token = fields.String(
        required=True,
        metadata={"description": "your player token, shown only here: send it as 'Authorization: Bearer <token>'"},
    )
    webhook_secret = fields.String(
        required=True,
        metadata={"description": "shown only here: webhook bodies are signed with HMAC-SHA256 under this secret"},
    )


class MyMatchSchema(Schema):
    match_id = fields.String(required=True)
    game = fields.String(required=True)
    ruleset = fields.String(required=True)
    status = fields.String(required=True)
    version = fields.Integer(required=True)
    seat = fields.Integer(required=True, metadata={"description": "your seat in this match"})
    your_decision = fields.Boolean(required=True, metadata={"description": "the match is waiting on you"})
    deciding_seats = fields.List(fields.Integer(), required=True)
    deadline = fields.String(
        allow_none=True, required=True,
        metadata={"description": "when your current decision is due (ISO-8601 UTC); null without a clock or a decision"},
    )
    seats = fields.List(fields.Dict(), required=True)
    outcome = fields.Dict(allow_none=True, required=True)
    updated = fields.String(allow_none=True)


class MyMatchesQuerySchema(Schema):
    status = fields.String(
        load_default=None, validate=validate.OneOf(["active", "finished"]),
        metadata={"description": "only active or only finished matches"},
    )


class MyMatchesSchema(Schema):
    matches = fields.List(
        fields.Nested(MyMatchSchema), required=True,
        metadata={"description": "waiting on you first (earliest deadline first), then the rest, latest activity first"},
    )
