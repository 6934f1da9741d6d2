"""What a WebSocket's query carries, checked as FastAPI checks an HTTP route's parameters
(issue 25).

A screen's query (``role``, ``table``, ``token``, ``player``, ``rules``) is validated by one
model before anything reads it: a table number that is not a whole number (``table=²``, 5,000
digits) or a value too long is refused with the HTTP routes' ``bad_request`` error, its
problems by field, sent as the socket's one error frame before it closes (4422). Nothing is
subscribed, opened or changed.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from fastapi import WebSocket
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from pitboss.errors import PitbossError
from pitboss.server.auth import AuthError

MAX_TABLE = 99_999
"""The highest table number a screen may ask for (no room has more tables)."""
MAX_TOKEN = 200
"""The longest token a link carries (a table's or a player's is 24 characters)."""
MAX_PLAYER_ID = 100
"""The longest player id a personal link names."""


class BadRequestError(PitbossError):
    """A request's parameters that do not fit their types or limits (HTTP 422)."""

    default_code = "bad_request"


class ScreenQuery(BaseModel):
    """A screen's query, each value checked; the role itself is checked by the screen (its
    message lists the roles)."""

    model_config = ConfigDict(frozen=True, extra="ignore")

    role: str = Field(default="public", max_length=40)
    table: int | None = Field(default=None, ge=1, le=MAX_TABLE)
    token: str | None = Field(default=None, max_length=MAX_TOKEN)
    player: str | None = Field(default=None, max_length=MAX_PLAYER_ID)
    rules: int = 0


def problems_of(errors: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Pydantic's errors as the API states them: the field and the problem (never the value
    sent, which may be huge)."""
    return [
        {"field": ".".join(str(p) for p in e.get("loc", ())), "problem": e.get("msg")}
        for e in errors
    ]


def screen_query(websocket: WebSocket) -> ScreenQuery:
    """The screen's query, checked.

    Raises:
        BadRequestError: ``bad_request``, with ``problems`` (field and problem) as the HTTP routes.
    """
    try:
        return ScreenQuery.model_validate(dict(websocket.query_params))
    except ValidationError as error:
        problems = problems_of(error.errors())
        where = ", ".join(f"{p['field']}: {p['problem']}" for p in problems)
        raise BadRequestError(where, code="bad_request", params={"problems": problems}) from None


def close_code(error: PitbossError) -> int:
    """The close code after a refused screen's error frame: 4403 not allowed, 4422 a bad
    request, 4404 anything else (no such tournament)."""
    if isinstance(error, AuthError):
        return 4403
    if isinstance(error, BadRequestError):
        return 4422
    return 4404


async def refuse(websocket: WebSocket, error: PitbossError) -> None:
    """Accept the socket only to send its one error frame, then close it."""
    await websocket.accept()
    await websocket.send_json({"kind": "error", **error.to_dict()})
    await websocket.close(code=close_code(error))


__all__ = ["BadRequestError", "ScreenQuery", "close_code", "problems_of", "refuse", "screen_query"]
