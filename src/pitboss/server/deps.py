"""What a request carries in: the hub, the director's session, a table's token (FastAPI
dependencies shared by the API, the pages and the WebSocket)."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request

from pitboss.server.auth import (
    CSRF_HEADER,
    SESSION_COOKIE,
    TABLE_TOKEN_HEADER,
    Auth,
    AuthError,
    Session,
)
from pitboss.server.hub import Hub

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})


def hub(request: Request) -> Hub:
    """The app's hub."""
    found: Hub = request.app.state.hub
    return found


def auth(request: Request) -> Auth:
    """The app's access rules."""
    found: Auth = request.app.state.auth
    return found


def client_of(request: Request) -> str:
    """The client's address, for counting wrong passwords."""
    return request.client.host if request.client is not None else "unknown"


def optional_session(request: Request) -> Session | None:
    """The director's session, if the request carries one."""
    return auth(request).session(request.cookies.get(SESSION_COOKIE))


async def director(request: Request) -> Session:
    """The director's session; on a state-changing request, its CSRF token checked too.

    Raises:
        AuthError: 401 ``not_signed_in``; 403 ``bad_csrf``.
    """
    session = optional_session(request)
    if session is None:
        raise AuthError(
            "sign in as the director first",
            code="not_signed_in",
            params={"sign_in": "/login"},
            status=401,
        )
    if request.method not in SAFE_METHODS:
        token = request.headers.get(CSRF_HEADER)
        if token is None and request.headers.get("content-type", "").startswith(
            ("application/x-www-form-urlencoded", "multipart/form-data")
        ):
            form = await request.form()
            value = form.get("csrf")
            token = value if isinstance(value, str) else None
        Auth.check_csrf(session, token)
    return session


def table_token(request: Request) -> str | None:
    """The table token a device sends (header, or ``token`` in the query for a page)."""
    return request.headers.get(TABLE_TOKEN_HEADER) or request.query_params.get("token")


HubDep = Annotated[Hub, Depends(hub)]
AuthDep = Annotated[Auth, Depends(auth)]
DirectorDep = Annotated[Session, Depends(director)]
OptionalSessionDep = Annotated[Session | None, Depends(optional_session)]
