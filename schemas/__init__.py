"""Marshmallow wire schemas: the JSON bodies the HTTP API accepts and returns.

They are the single source of the OpenAPI document (``/openapi.json`` is generated from
them by apispec), so every request and response body the service speaks is declared here.
Game-specific parts (a game's view of a state, an action body, an event payload) are
opaque JSON objects at this level: each game defines them, not the wire layer.
"""
from __future__ import annotations

from .control import (
    AddTimeSchema,
    ClaimSchema,
    ClockSpecSchema,
    ControlPostedSchema,
    DrawSchema,
    EmptySchema,
    OrderPostSchema,
    OrdersSchema,
    VacationSchema,
)
from .errors import ErrorBodySchema, ErrorSchema
from .games import (
    CardCatalogueQuerySchema,
    CardCatalogueSchema,
    CardSchema,
    DeckCheckedSchema,
    DeckCheckSchema,
    GameSchema,
    GamesSchema,
)
from .matches import (
    ActionPostedSchema,
    EventsQuerySchema,
    EventsSchema,
    LegalActionsSchema,
    MatchCreatedSchema,
    MatchCreateSchema,
    MatchListQuerySchema,
    MatchListSchema,
    MatchSummarySchema,
    PostActionSchema,
    ReplayQuerySchema,
    ReplaySchema,
    StateQuerySchema,
    StateSchema,
    StreamQuerySchema,
)

__all__ = [
    "AddTimeSchema",
    "ClaimSchema",
    "ClockSpecSchema",
    "ControlPostedSchema",
    "DeckCheckedSchema",
    "DeckCheckSchema",
    "DrawSchema",
    "EmptySchema",
    "OrderPostSchema",
    "OrdersSchema",
    "VacationSchema",
    "ActionPostedSchema",
    "CardCatalogueQuerySchema",
    "CardCatalogueSchema",
    "CardSchema",
    "ErrorBodySchema",
    "ErrorSchema",
    "EventsQuerySchema",
    "EventsSchema",
    "GameSchema",
    "GamesSchema",
    "LegalActionsSchema",
    "MatchCreateSchema",
    "MatchCreatedSchema",
    "MatchListQuerySchema",
    "MatchListSchema",
    "MatchSummarySchema",
    "PostActionSchema",
    "ReplayQuerySchema",
    "ReplaySchema",
    "StateQuerySchema",
    "StateSchema",
    "StreamQuerySchema",
]
