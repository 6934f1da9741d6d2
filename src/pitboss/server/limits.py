"""How large a request may be (issue 25: one 150 MB body took the server to 680 MB).

`BodyLimit` is a pure ASGI middleware in front of every route: a ``Content-Length`` over the
cap is refused with 413 before a byte of the body is read, and a body sent without one
(chunked) is counted as it arrives, reading stopped at the cap. The answer is the API's one
error shape, ``{"code": "body_too_large", "params": {"max_bytes"}, "message"}``, and the
connection is closed after it (the rest of the body is never read).
"""

from __future__ import annotations

import json
from collections.abc import Mapping

from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from pitboss.tournament.codec import MAX_COMMAND_BYTES

MAX_BODY_BYTES = MAX_COMMAND_BYTES
"""The largest request body, in bytes (1 MiB): the largest command the codec accepts. The
largest upload, a house TOML of up to 200,000 characters (`api.NewTournament`; a shipped
preset is about 10 KB), is at most 800 KB of UTF-8 in its JSON; every other body is a command,
a password or a short form."""

MAX_WS_MESSAGE_BYTES = 64 * 1024
"""The largest WebSocket message the server reads (a player's frame is at most 2,000
characters; screens send nothing)."""


class BodyTooLargeError(HTTPException):
    """Raised into the app when a body passes the cap while it is read: an HTTP error, so the
    routes and FastAPI pass it on untouched (`BodyLimit` answers it)."""

    def __init__(self, max_bytes: int) -> None:
        super().__init__(status_code=413, detail=too_large_message(max_bytes))


def too_large_message(max_bytes: int) -> str:
    """What the refusal says, in a person's words."""
    return (
        f"the request is too large: the server accepts at most {max_bytes:,} bytes "
        "(a house TOML file fits well within that)"
    )


class BodyLimit:
    """Refuse request bodies over ``max_bytes`` (413), counted before and while reading."""

    def __init__(self, app: ASGIApp, *, max_bytes: int = MAX_BODY_BYTES) -> None:
        self.app = app
        self.max_bytes = max_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = _declared_length(scope)
        if declared == -1:
            message = "the request's Content-Length is not a number of bytes"
            await _answer(send, 400, "bad_request", {"header": "Content-Length"}, message)
            return
        if declared is not None and declared > self.max_bytes:
            await self._refuse(send)
            return
        received = 0
        over = False
        started = False

        async def counted() -> Message:
            nonlocal received, over
            if over:
                raise BodyTooLargeError(self.max_bytes)
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.max_bytes:
                    over = True
                    raise BodyTooLargeError(self.max_bytes)
            return message

        async def guarded(message: Message) -> None:
            nonlocal started
            if over and not started:  # the app's own answer to the error: ours replaces it
                return
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, counted, guarded)
        except BodyTooLargeError:
            if not over:
                raise
        if over and not started:
            await self._refuse(send)

    async def _refuse(self, send: Send) -> None:
        params = {"max_bytes": self.max_bytes}
        await _answer(send, 413, "body_too_large", params, too_large_message(self.max_bytes))


async def _answer(
    send: Send, status: int, code: str, params: Mapping[str, object], message: str
) -> None:
    """An error in the API's one shape; the connection closed after it (the rest of the body
    is never read)."""
    body = json.dumps({"code": code, "params": dict(params), "message": message}).encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
                (b"connection", b"close"),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})


def _declared_length(scope: Scope) -> int | None:
    """The body's declared ``Content-Length`` (-1 when it is not a number), or None."""
    for name, value in scope.get("headers", ()):
        if name.lower() == b"content-length":
            text = value.strip()
            if not text.isdigit():
                return -1
            return int(text[:19])  # 19 digits is past any cap already
    return None


__all__ = ["MAX_BODY_BYTES", "MAX_WS_MESSAGE_BYTES", "BodyLimit", "BodyTooLargeError"]
